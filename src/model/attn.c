/* The transformer of flash-linear-attention (FLA), TransformerForCausalLM
   (fla/models/transformer/modeling_transformer.py): pre-norm blocks of
   causal softmax attention (fla/layers/attn.py: q, k, v projections,
   optional per-head RMS norms of q and k, rotary embeddings as
   fla/modules/rotary.py's non-interleaved RotaryEmbedding, grouped KV
   heads, the scale 1/sqrt(head_dim) of flash_attn_func, an optional
   sliding window) and the gated MLP (fla/modules/mlp.py GatedMLP:
   down(silu(gate x) * up x)), RMSNorm everywhere. Attention is computed
   exactly (every score, double accumulation), in f32 only
   (lietool-formats(5), transformer). */
#include <math.h>
#include <string.h>
#include "impl.h"

/* x (head_dim) rotated for position t: the halves (x1, x2) become
   (x1 cos - x2 sin, x2 cos + x1 sin), angle t / theta^(2i/head_dim) */
static void rope(float *x, int hd, long t, double theta)
{
    int h2 = hd / 2;
    for (int i = 0; i < h2; i++) {
        double f = (double)t / pow(theta, 2.0 * i / hd), c = cos(f), s = sin(f);
        double a = x[i], b = x[i + h2];
        x[i] = (float)(a * c - b * s);
        x[i + h2] = (float)(b * c + a * s);
    }
}

/* RMSNorm over each head's head_dim entries, FLA's default eps 1e-5 */
static void head_norm(float *x, const float *w, int hd)
{
    double s = 0;
    for (int j = 0; j < hd; j++) s += (double)x[j] * x[j];
    float r = 1.0f / sqrtf((float)(s / hd) + 1e-5f);
    for (int j = 0; j < hd; j++) x[j] = w[j] * (x[j] * r);
}

static void attn_layer(float *X, const lt_model_struct *M, int i, long T, float *w)
{
    const lt_model_layer *l = &M->layers[i];
    int D = M->d_model, H = M->at_heads, Hk = M->at_kv_heads, hd = M->at_head_dim, kvd = Hk * hd, I = M->at_mlp,
        rep = H / Hk;
    float *U = w, *Q = U + (size_t)T * D, *K = Q + (size_t)T * D, *V = K + (size_t)T * kvd, *A = V + (size_t)T * kvd,
          *O = A + (size_t)T * D, *G = O + (size_t)T * D, *Up = G + (size_t)T * I;
    double *p = lt_malloc((size_t)T * sizeof *p);
    lt_mdl_rmsnorm(U, X, l->norm, T, D, M->eps, M, 0, 0);
    lt_mdl_linear(Q, D, l->q_w, l->q_b, U, D, T, D, D);
    lt_mdl_linear(K, kvd, l->k_w, l->k_b, U, D, T, kvd, D);
    lt_mdl_linear(V, kvd, l->v_w, l->v_b, U, D, T, kvd, D);
    for (long t = 0; t < T; t++) {
        for (int h = 0; h < H; h++) {
            float *q = Q + (size_t)t * D + (size_t)h * hd;
            if (l->q_norm) head_norm(q, l->q_norm, hd);
            rope(q, hd, t, M->at_theta);
        }
        for (int h = 0; h < Hk; h++) {
            float *k = K + (size_t)t * kvd + (size_t)h * hd;
            if (l->k_norm) head_norm(k, l->k_norm, hd);
            rope(k, hd, t, M->at_theta);
        }
    }
    double scale = 1.0 / sqrt((double)hd);
    for (long t = 0; t < T; t++)
        for (int h = 0; h < H; h++) {
            const float *q = Q + (size_t)t * D + (size_t)h * hd;
            int hk = h / rep;
            long j0 = M->at_window > 0 && t - M->at_window + 1 > 0 ? t - M->at_window + 1 : 0;
            double mx = -INFINITY, z = 0;
            for (long j = j0; j <= t; j++) {
                const float *k = K + (size_t)j * kvd + (size_t)hk * hd;
                double s = 0;
                for (int e = 0; e < hd; e++) s += (double)q[e] * k[e];
                p[j] = s * scale;
                if (p[j] > mx) mx = p[j];
            }
            for (long j = j0; j <= t; j++) { p[j] = exp(p[j] - mx); z += p[j]; }
            float *a = A + (size_t)t * D + (size_t)h * hd;
            for (int e = 0; e < hd; e++) {
                double s = 0;
                for (long j = j0; j <= t; j++) s += p[j] * V[(size_t)j * kvd + (size_t)hk * hd + e];
                a[e] = (float)(s / z);
            }
        }
    lt_free(p);
    lt_mdl_linear(O, D, l->o_w, NULL, A, D, T, D, D);
    lt_mdl_add(X, O, (size_t)T * D, M);
    lt_mdl_rmsnorm(U, X, l->mlp_norm, T, D, M->eps, M, 0, 0);
    lt_mdl_linear(G, I, l->gate_w, NULL, U, D, T, I, D);
    lt_mdl_linear(Up, I, l->up_w, NULL, U, D, T, I, D);
    for (size_t j = 0; j < (size_t)T * I; j++) G[j] = lt_mdl_silu(G[j]) * Up[j];
    lt_mdl_linear(O, D, l->down_w, NULL, G, I, T, D, I);
    lt_mdl_add(X, O, (size_t)T * D, M);
}

static size_t attn_work(const lt_model_struct *M, long T)
{
    size_t kvd = (size_t)M->at_kv_heads * M->at_head_dim;
    return (size_t)T * (4 * (size_t)M->d_model + 2 * kvd + 2 * (size_t)M->at_mlp);
}

static void attn_final(float *Y, const float *X, const lt_model_struct *M, long T)
{
    lt_mdl_rmsnorm(Y, X, M->norm_f, T, M->d_model, M->eps, M, 0, 0);
}

static const char *attn_layer_name(const lt_model_struct *M)
{
    (void)M;
    return "softmax attention";
}

static void attn_family(lt_arch *a, const lt_model_struct *M)
{
    (void)M;
    a->householders = 0;
    a->kind = LT_FAM_TRANSFORMER;
}

const lt_mdl_ops lt_mdl_attn = {.name = "transformer", .layer_name = attn_layer_name, .family = attn_family,
                                .work = attn_work, .layer = attn_layer, .final_norm = attn_final};
