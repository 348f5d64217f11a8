/* The transformer of flash-linear-attention (FLA), TransformerForCausalLM
   (fla/models/transformer/modeling_transformer.py): pre-norm blocks of
   causal softmax attention (fla/layers/attn.py: q, k, v projections,
   optional per-head RMS norms of q and k, rotary embeddings as
   fla/modules/rotary.py's non-interleaved RotaryEmbedding, grouped KV
   heads, the scale 1/sqrt(head_dim) of flash_attn_func, an optional
   sliding window) and the gated MLP (fla/modules/mlp.py GatedMLP:
   down(silu(gate x) * up x)), RMSNorm everywhere. Attention is computed
   exactly, every score (in f32 by blocked SGEMMs, under bf16/f16 score by
   score with double accumulation) (lietool-formats(5),
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
#include <stdint.h>
#include <string.h>
#include "../core/blas.h"
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

/* cos and sin of position t's angles t / theta^(2i/head_dim) (i < head_dim
   / 2) into cs (cos, then sin), in double */
static void rope_angles(double *cs, long t, const lt_model_struct *M)
{
    int hd = M->at_head_dim, h2 = hd / 2;
    for (int i = 0; i < h2; i++) {
        double f = (double)t / pow(M->at_theta, 2.0 * i / hd);
        cs[i] = cos(f), cs[h2 + i] = sin(f);
    }
}

/* q and k of every position rotated (after their per-head norms); in f32
   with the angles' cos and sin taken once per position for all heads (the
   same values as rope's), from the model's table (attn_prepare) where it
   reaches */
static void rope_heads(float *Q, float *K, long T, const lt_model_struct *M, const lt_model_layer *l)
{
    int D = M->d_model, H = M->at_heads, Hk = M->at_kv_heads, hd = M->at_head_dim, kvd = Hk * hd, h2 = hd / 2;
    double *own = lt_malloc(((size_t)hd + 1) * sizeof *own);
    for (long t = 0; t < T; t++) {
        const double *cs = own;
        if (M->compute == LT_COMPUTE_F32) {
            if (t < M->at_rope_n) cs = M->at_rope + (size_t)t * hd;
            else rope_angles(own, t, M);
        }
        for (int h = 0; h < H + Hk; h++) {
            float *x = h < H ? Q + (size_t)t * D + (size_t)h * hd : K + (size_t)t * kvd + (size_t)(h - H) * hd;
            const float *nw = h < H ? l->q_norm : l->k_norm;
            if (nw) head_norm(x, nw, hd, M);
            if (M->compute != LT_COMPUTE_F32) rope(x, hd, t, M->at_theta, M);
            else lt_mdl_rope(x, cs, h2);
        }
    }
    lt_free(own);
}

/* Causal softmax attention score by score, each sum in double: A (T x
   d_model) from the rotated Q (T x d_model), K and V (T x kv_heads *
   head_dim); under bf16/f16 rounded as flash attention rounds (above) */
static void attn_exact(float *A, const float *Q, const float *K, const float *V, long T, const lt_model_struct *M)
{
    int D = M->d_model, H = M->at_heads, Hk = M->at_kv_heads, hd = M->at_head_dim, kvd = Hk * hd, rep = H / Hk;
    double *p = lt_malloc((size_t)T * sizeof *p);
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
}

/* The same in f32 by blocks of rows, each product one SGEMM: the blocking
   of FlashAttention (Dao et al. 2022, "FlashAttention: fast and
   memory-efficient exact attention with IO-awareness"), the causal mask
   applied by blocks, though a block of rows keeps its scores whole rather
   than rescaling a running softmax. Per head and block of ATTN_BLOCK query
   rows: the scores against the keys the block sees (through its last row,
   so the blocks above the diagonal are skipped; from its first row's
   window) by one SGEMM, masked inside the diagonal block and at the
   window's edge row by row, exp(s - max) per row, then their product with
   V by a second SGEMM, divided by the row's sum. A kv head serves rep =
   heads / kv_heads query heads (grouped-query attention). */
enum { ATTN_BLOCK = 32 };
static void attn_blocked(float *A, const float *Q, const float *K, const float *V, long T, const lt_model_struct *M)
{
    int D = M->d_model, H = M->at_heads, Hk = M->at_kv_heads, hd = M->at_head_dim, kvd = Hk * hd, rep = H / Hk;
    long W = M->at_window > 0 ? M->at_window : T;
    long span = (W < T ? W : T) + ATTN_BLOCK;      /* keys one block of rows sees, at most */
    float *S = lt_malloc((size_t)ATTN_BLOCK * span * sizeof *S);
    float scale = (float)(1.0 / sqrt((double)hd)), z[ATTN_BLOCK];
    for (int h = 0; h < H; h++) {
        int hk = h / rep;
        for (long i0 = 0; i0 < T; i0 += ATTN_BLOCK) {
            long nb = T - i0 < ATTN_BLOCK ? T - i0 : ATTN_BLOCK, i1 = i0 + nb;
            long j0 = i0 - W + 1 > 0 ? i0 - W + 1 : 0, L = i1 - j0;     /* keys j0 .. i1 - 1 */
            cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, (int)nb, (int)L, hd, scale,
                        Q + (size_t)i0 * D + (size_t)h * hd, D, K + (size_t)j0 * kvd + (size_t)hk * hd, kvd, 0.0f, S, (int)L);
            for (long r = 0; r < nb; r++) {
                long t = i0 + r, lo = t - W + 1 > j0 ? t - W + 1 : j0;     /* row t sees keys lo .. t */
                float *s = S + (size_t)r * L;
                z[r] = lt_mdl_softmax_exp(s + (lo - j0), t - lo + 1);
                for (long j = j0; j < lo; j++) s[j - j0] = 0;
                for (long j = t + 1; j < i1; j++) s[j - j0] = 0;
            }
            float *a = A + (size_t)i0 * D + (size_t)h * hd;
            cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)nb, hd, (int)L, 1.0f, S, (int)L,
                        V + (size_t)j0 * kvd + (size_t)hk * hd, kvd, 0.0f, a, D);
            for (long r = 0; r < nb; r++) {
                float u = 1.0f / z[r];
                for (int e = 0; e < hd; e++) a[(size_t)r * D + e] *= u;
            }
        }
    }
    lt_free(S);
}

/* the packed projections in f32 (pack.c); under bf16/f16 SGEMMs */
#define P(p) (M->compute == LT_COMPUTE_F32 ? (p) : NULL)
/* Layer i on the residual stream X of nw words, their rows one after the
   other (len[k] rows each, T in all): the projections, norms and MLP on
   all the rows at once, rotary embeddings and attention word by word. */
/* The same by pack.c's kernel (f32, AVX-512, no window): per kv head,
   K packed once as panels of 64 keys (head_dim rows of 64) and V as
   panels of 64 of its head_dim columns (T rows of 64); then per query head
   and block of ATTN_BLOCK rows the scores against keys 0 .. i1 - 1 and
   their product with V, each one call of the kernel, without OpenBLAS's
   packing per call. */
static void attn_packed(float *A, const float *Q, const float *K, const float *V, long T, const lt_model_struct *M)
{
    int D = M->d_model, H = M->at_heads, Hk = M->at_kv_heads, hd = M->at_head_dim, kvd = Hk * hd, rep = H / Hk;
    size_t tp = (size_t)(T + 63) / 64 * 64, hp = (size_t)(hd + 63) / 64 * 64;
    float *kb = lt_malloc((tp * hd + 16) * sizeof *kb), *vb = lt_malloc((hp * T + 16) * sizeof *vb);
    float *Kp = kb + (16 - (uintptr_t)kb / sizeof *kb % 16) % 16, *Vp = vb + (16 - (uintptr_t)vb / sizeof *vb % 16) % 16;
    size_t lds = (size_t)(T + 15) / 16 * 16;      /* the rows of S by 16 (lt_mdl_softmax_causal) */
    float *sb = lt_calloc((size_t)ATTN_BLOCK * lds + 16, sizeof *sb), z[ATTN_BLOCK];
    float *S = sb + (16 - (uintptr_t)sb / sizeof *sb % 16) % 16;
    float scale = (float)(1.0 / sqrt((double)hd));
    for (int hk = 0; hk < Hk; hk++) {
        lt_mdl_pack_ld(Kp, K + (size_t)hk * hd, (size_t)kvd, (int)T, hd);
        for (size_t p0 = 0; p0 < hp; p0 += 64) {
            int c = hd - (int)p0 < 64 ? hd - (int)p0 : 64;
            for (long k = 0; k < T; k++) {
                float *d = Vp + p0 * T + (size_t)k * 64;
                memcpy(d, V + (size_t)k * kvd + (size_t)hk * hd + p0, (size_t)c * sizeof *d);
                if (c < 64) memset(d + c, 0, (size_t)(64 - c) * sizeof *d);
            }
        }
        for (int h = hk * rep; h < (hk + 1) * rep; h++)
            for (long i0 = 0; i0 < T; i0 += ATTN_BLOCK) {
                long nb = T - i0 < ATTN_BLOCK ? T - i0 : ATTN_BLOCK, L = i0 + nb;    /* keys 0 .. L - 1 */
                lt_mdl_linear_packed(S, (int)lds, Kp, NULL, Q + (size_t)i0 * D + (size_t)h * hd, D, nb, (int)L, hd);
                lt_mdl_softmax_causal(S, (long)lds, nb, i0, L, scale, z);
                float *a = A + (size_t)i0 * D + (size_t)h * hd;
                lt_mdl_linear_packed_ld(a, D, Vp, 64 * (size_t)T, NULL, S, (int)lds, nb, hd, (int)L);
                for (long r = 0; r < nb; r++) lt_mdl_scale_all(a + (size_t)r * D, (size_t)hd, 1.0f / z[r]);
            }
    }
    lt_free(kb);
    lt_free(vb);
    lt_free(sb);
}

/* The projections of a layer whose weights are packed for AMX tiles
   (amx.c): X's rows split once (into S) for every product that reads them */
static int attn_amx(const lt_model_struct *M, const lt_model_layer *l)
{
    return M->compute == LT_COMPUTE_F32 && l->q_p && M->packed_amx;
}

/* X's rows split into S when the layer takes AMX tiles: whether X has a
   non-finite entry (the rows with one are redone, lt_mdl_amx_product) */
static int split(const lt_model_struct *M, const lt_model_layer *l, uint16_t *S, const float *X, int ldx, long T, int n)
{
    return attn_amx(M, l) ? lt_mdl_amx_split(S, X, ldx, T, n) : 0;
}

static void proj(const lt_model_struct *M, const lt_model_layer *l, float *Y, int ldy, const float *W, const float *Pk,
                 const float *b, const float *X, int ldx, const uint16_t *S, int bad, long T, int m, int n)
{
    if (attn_amx(M, l)) lt_mdl_amx_product(Y, ldy, (const uint16_t *)Pk, W, b, S, bad, X, ldx, T, m, n, 0);
    else lt_mdl_linear_p(Y, ldy, W, P(Pk), b, X, ldx, T, m, n);
}

/* Y += X W^T, W packed (f32) */
static void proj_add(const lt_model_struct *M, const lt_model_layer *l, float *Y, int ldy, const float *W,
                     const float *Pk, const float *X, int ldx, const uint16_t *S, int bad, long T, int m, int n)
{
    if (attn_amx(M, l)) lt_mdl_amx_product(Y, ldy, (const uint16_t *)Pk, W, NULL, S, bad, X, ldx, T, m, n, 1);
    else lt_mdl_linear_packed_add(Y, ldy, Pk, X, ldx, T, m, n);
}

static void attn_layer_words(float *X, const lt_model_struct *M, int i, const long *len, int nw, float *w)
{
    const lt_model_layer *l = &M->layers[i];
    long T = 0;
    for (int k = 0; k < nw; k++) T += len[k];
    int D = M->d_model, Hk = M->at_kv_heads, hd = M->at_head_dim, kvd = Hk * hd, Im = M->at_mlp;
    float *U = w, *Q = U + (size_t)T * D, *K = Q + (size_t)T * D, *V = K + (size_t)T * kvd, *A = V + (size_t)T * kvd,
          *O = A + (size_t)T * D, *G = O + (size_t)T * D, *Up = G + (size_t)T * Im, *s = Up + (size_t)T * Im;
    uint16_t *S = (uint16_t *)(s + (16 - (uintptr_t)s / sizeof *s % 16) % 16);    /* attn_work's room for the split rows */
    lt_mdl_rmsnorm(U, X, l->norm, T, D, M->eps, M, 0, 0);
    int bad = split(M, l, S, U, D, T, D);
    proj(M, l, Q, D, l->q_w, l->q_p, l->q_b, U, D, S, bad, T, D, D);
    proj(M, l, K, kvd, l->k_w, l->k_p, l->k_b, U, D, S, bad, T, kvd, D);
    proj(M, l, V, kvd, l->v_w, l->v_p, l->v_b, U, D, S, bad, T, kvd, D);
    lt_mdl_rnd_all(M, Q, (size_t)T * D);
    lt_mdl_rnd_all(M, K, (size_t)T * kvd);
    lt_mdl_rnd_all(M, V, (size_t)T * kvd);
    for (long k = 0, r = 0; k < nw; r += len[k++]) {
        float *q = Q + (size_t)r * D, *kk = K + (size_t)r * kvd, *v = V + (size_t)r * kvd, *a = A + (size_t)r * D;
        rope_heads(q, kk, len[k], M, l);
        if (M->compute != LT_COMPUTE_F32 || M->stepwise) attn_exact(a, q, kk, v, len[k], M);
        else if (l->q_p && (M->at_window <= 0 || M->at_window >= len[k])) attn_packed(a, q, kk, v, len[k], M);
        else attn_blocked(a, q, kk, v, len[k], M);
    }
    if (P(l->o_p)) {       /* f32 and packed: the residual sum in the product's stores */
        bad = split(M, l, S, A, D, T, D);
        proj_add(M, l, X, D, l->o_w, l->o_p, A, D, S, bad, T, D, D);
        lt_mdl_rmsnorm(U, X, l->mlp_norm, T, D, M->eps, M, 0, 0);
    } else if (M->compute == LT_COMPUTE_F32) {
        lt_mdl_linear_p(O, D, l->o_w, NULL, NULL, A, D, T, D, D);
        lt_mdl_add(X, O, (size_t)T * D, M);
        lt_mdl_rmsnorm(U, X, l->mlp_norm, T, D, M->eps, M, 0, 0);
    } else {        /* mlp_norm(o, residual, prenorm): the sum in f32, normalised, and stored rounded */
        lt_mdl_linear_p(O, D, l->o_w, NULL, NULL, A, D, T, D, D);
        for (size_t j = 0; j < (size_t)T * D; j++) {
            O[j] = lt_mdl_rnd_reduced(M, O[j]) + X[j];
            X[j] = lt_mdl_rnd_reduced(M, O[j]);
        }
        lt_mdl_rmsnorm(U, O, l->mlp_norm, T, D, M->eps, M, 0, 0);
    }
    bad = split(M, l, S, U, D, T, D);
    proj(M, l, G, Im, l->gate_w, l->gate_p, NULL, U, D, S, bad, T, Im, D);
    proj(M, l, Up, Im, l->up_w, l->up_p, NULL, U, D, S, bad, T, Im, D);
    lt_mdl_rnd_all(M, G, (size_t)T * Im);
    lt_mdl_rnd_all(M, Up, (size_t)T * Im);
    if (M->compute == LT_COMPUTE_F32) lt_mdl_swiglu_all(G, Up, (size_t)T * Im);
    else for (size_t j = 0; j < (size_t)T * Im; j++) G[j] = lt_mdl_rnd(M, lt_mdl_silu(G[j]) * Up[j]);   /* x sigmoid(x) y */
    if (P(l->down_p)) {
        bad = split(M, l, S, G, Im, T, Im);
        proj_add(M, l, X, D, l->down_w, l->down_p, G, Im, S, bad, T, D, Im);
    } else {
        lt_mdl_linear_p(O, D, l->down_w, NULL, NULL, G, Im, T, D, Im);
        lt_mdl_rnd_all(M, O, (size_t)T * D);
        attn_add(X, O, (size_t)T * D, M);
    }
}

#undef P

static void attn_layer(float *X, const lt_model_struct *M, int i, long T, float *w)
{
    attn_layer_words(X, M, i, &T, 1, w);
}

/* Words run in groups of 4 when the projections are packed: each group
   reads a layer's weights once (8 layers at d_model 256 hold 21 MB, more
   than a core's cache), and a row's result does not depend on its group
   (pack.c). With SGEMMs (bf16/f16, no AVX-512) one word at a time. */
static int attn_group(const lt_model_struct *M)
{
    return M->compute == LT_COMPUTE_F32 && M->n_layers > 0 && M->layers[0].q_p ? 4 : 1;
}

/* the projections packed for pack.c's kernel (f32 on AVX-512), and the
   rotary angles' table */
static void attn_prepare(lt_model_struct *M)
{
    int D = M->d_model, kvd = M->at_kv_heads * M->at_head_dim, Im = M->at_mlp;
    if (M->compute == LT_COMPUTE_F32 && !M->at_rope) {     /* the rotary angles of the first 2048 positions */
        M->at_rope_n = 2048;
        M->at_rope = lt_malloc((size_t)M->at_rope_n * M->at_head_dim * sizeof *M->at_rope);
        for (long t = 0; t < M->at_rope_n; t++) rope_angles(M->at_rope + (size_t)t * M->at_head_dim, t, M);
    }
    for (int i = 0; i < M->n_layers; i++) {
        lt_model_layer *l = &M->layers[i];
        l->q_p = lt_mdl_pack_weights(M, l->q_p, l->q_w, D, D);
        l->k_p = lt_mdl_pack_weights(M, l->k_p, l->k_w, kvd, D);
        l->v_p = lt_mdl_pack_weights(M, l->v_p, l->v_w, kvd, D);
        l->o_p = lt_mdl_pack_weights(M, l->o_p, l->o_w, D, D);
        l->gate_p = lt_mdl_pack_weights(M, l->gate_p, l->gate_w, Im, D);
        l->up_p = lt_mdl_pack_weights(M, l->up_p, l->up_w, Im, D);
        l->down_p = lt_mdl_pack_weights(M, l->down_p, l->down_w, D, Im);
    }
}

static size_t attn_work(const lt_model_struct *M, long T)
{
    size_t kvd = (size_t)M->at_kv_heads * M->at_head_dim, n = (size_t)(M->d_model > M->at_mlp ? M->d_model : M->at_mlp);
    size_t split = M->compute == LT_COMPUTE_F32 && M->packed_amx ? lt_mdl_amx_split_floats(T, (int)n) + 16 : 0;
    return (size_t)T * (4 * (size_t)M->d_model + 2 * kvd + 2 * (size_t)M->at_mlp) + split;
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
                                .work = attn_work, .layer = attn_layer, .final_norm = attn_final, .prepare = attn_prepare,
                                .group = attn_group, .layer_words = attn_layer_words, .rounds = 1};
