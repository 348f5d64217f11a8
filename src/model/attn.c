/* The transformer of flash-linear-attention (FLA), TransformerForCausalLM
   (fla/models/transformer/modeling_transformer.py): pre-norm blocks of
   causal softmax attention (fla/layers/attn.py: q, k, v projections,
   optional per-head RMS norms of q and k, rotary embeddings as
   fla/modules/rotary.py's non-interleaved RotaryEmbedding, grouped KV
   heads, the scale 1/sqrt(head_dim) of flash_attn_func, an optional
   sliding window) and the gated MLP (fla/modules/mlp.py GatedMLP:
   down(silu(gate x) * up x)), RMSNorm everywhere. Attention is computed
   exactly (every score, double accumulation) (lietool-formats(5),
   transformer). Under bf16/f16 the layer rounds where FLA's kernels round
   after model.to(dtype), each computing in f32 from its rounded inputs and
   rounding its output once: the norms' outputs (the MLP's norm, fused with
   the residual add, normalises the unrounded sum; the residual stream
   keeps the rounded one), the projections, the per-head norms, the
   rotated q and k (with cos and sin rounded, as the rotary cache holds
   them), the attention output, the swiglu product and the residual adds.
   Attention rounds as flash attention does (flash_attn_func, which FLA
   calls, and torch's CPU scaled_dot_product_attention): the scores and
   exp(s - max) in f32, the weights rounded before they multiply v, the
   output divided by their unrounded sum and rounded. The sums a kernel
   takes in f32 in an order of its own (mean squares, scores, p v) are
   taken in double, so rounded once (scripts/zoo/transformer.py
   forward_reduced). */
#include <math.h>
#include <string.h>
#include "impl.h"

/* x (head_dim) rotated for position t: the halves (x1, x2) become
   (x1 cos - x2 sin, x2 cos + x1 sin), angle t / theta^(2i/head_dim).
   Under bf16/f16 as FLA's RotaryEmbedding: the angle t * inv_freq in f32
   (inv_freq = 1 / theta^(2i/head_dim) in f32), cos and sin rounded to
   the compute type, the rotated x rounded. */
static void rope(float *x, int hd, long t, double theta, const lt_model_struct *M)
{
    int h2 = hd / 2;
    for (int i = 0; i < h2; i++) {
        double c, s;
        if (M->compute == LT_COMPUTE_F32) {
            double f = (double)t / pow(theta, 2.0 * i / hd);
            c = cos(f), s = sin(f);
        } else {
            float fi = (float)t * (1.0f / powf((float)theta, (float)(2 * i) / (float)hd));
            c = lt_mdl_rnd(M, (float)cos(fi)), s = lt_mdl_rnd(M, (float)sin(fi));
        }
        double a = x[i], b = x[i + h2];
        x[i] = lt_mdl_rnd(M, (float)(a * c - b * s));
        x[i + h2] = lt_mdl_rnd(M, (float)(b * c + a * s));
    }
}

/* RMSNorm over each head's head_dim entries, FLA's default eps 1e-5; the
   output rounded to the compute type */
static void head_norm(float *x, const float *w, int hd, const lt_model_struct *M)
{
    double s = 0;
    for (int j = 0; j < hd; j++) s += (double)x[j] * x[j];
    float r = 1.0f / sqrtf((float)(s / hd) + 1e-5f);
    for (int j = 0; j < hd; j++) x[j] = lt_mdl_rnd(M, w[j] * (x[j] * r));
}

/* X += Y (n entries): FLA's residual stream has the compute type, so
   bf16/f16 round the sum */
static void attn_add(float *X, const float *Y, size_t n, const lt_model_struct *M)
{
    if (M->compute == LT_COMPUTE_F32) lt_mdl_add(X, Y, n, M);
    else for (size_t i = 0; i < n; i++) X[i] = lt_mdl_rnd_reduced(M, X[i] + Y[i]);
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
    lt_mdl_rnd_all(M, Q, (size_t)T * D);
    lt_mdl_rnd_all(M, K, (size_t)T * kvd);
    lt_mdl_rnd_all(M, V, (size_t)T * kvd);
    for (long t = 0; t < T; t++) {
        for (int h = 0; h < H; h++) {
            float *q = Q + (size_t)t * D + (size_t)h * hd;
            if (l->q_norm) head_norm(q, l->q_norm, hd, M);
            rope(q, hd, t, M->at_theta, M);
        }
        for (int h = 0; h < Hk; h++) {
            float *k = K + (size_t)t * kvd + (size_t)h * hd;
            if (l->k_norm) head_norm(k, l->k_norm, hd, M);
            rope(k, hd, t, M->at_theta, M);
        }
    }
    double scale = 1.0 / sqrt((double)hd);
    int reduced = M->compute != LT_COMPUTE_F32;
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
                p[j] = reduced ? (double)((float)s * (float)scale) : s * scale;
                if (p[j] > mx) mx = p[j];
            }
            if (!reduced) for (long j = j0; j <= t; j++) { p[j] = exp(p[j] - mx); z += p[j]; }
            else            /* exp(s - max) in f32, rounded, its sum not */
                for (long j = j0; j <= t; j++) {
                    float e = expf((float)(p[j] - mx));
                    z += e;
                    p[j] = lt_mdl_rnd_reduced(M, e);
                }
            float *a = A + (size_t)t * D + (size_t)h * hd;
            for (int e = 0; e < hd; e++) {
                double s = 0;
                for (long j = j0; j <= t; j++) s += p[j] * V[(size_t)j * kvd + (size_t)hk * hd + e];
                a[e] = lt_mdl_rnd(M, (float)(s / z));
            }
        }
    lt_free(p);
    lt_mdl_linear(O, D, l->o_w, NULL, A, D, T, D, D);
    if (M->compute == LT_COMPUTE_F32) {
        lt_mdl_add(X, O, (size_t)T * D, M);
        lt_mdl_rmsnorm(U, X, l->mlp_norm, T, D, M->eps, M, 0, 0);
    } else {        /* mlp_norm(o, residual, prenorm): the sum in f32, normalised, and stored rounded */
        for (size_t j = 0; j < (size_t)T * D; j++) {
            O[j] = lt_mdl_rnd_reduced(M, O[j]) + X[j];
            X[j] = lt_mdl_rnd_reduced(M, O[j]);
        }
        lt_mdl_rmsnorm(U, O, l->mlp_norm, T, D, M->eps, M, 0, 0);
    }
    lt_mdl_linear(G, I, l->gate_w, NULL, U, D, T, I, D);
    lt_mdl_linear(Up, I, l->up_w, NULL, U, D, T, I, D);
    lt_mdl_rnd_all(M, G, (size_t)T * I);
    lt_mdl_rnd_all(M, Up, (size_t)T * I);
    for (size_t j = 0; j < (size_t)T * I; j++) G[j] = lt_mdl_rnd(M, lt_mdl_silu(G[j]) * Up[j]);   /* x sigmoid(x) y */
    lt_mdl_linear(O, D, l->down_w, NULL, G, I, T, D, I);
    lt_mdl_rnd_all(M, O, (size_t)T * D);
    attn_add(X, O, (size_t)T * D, M);
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
                                .work = attn_work, .layer = attn_layer, .final_norm = attn_final, .rounds = 1};
