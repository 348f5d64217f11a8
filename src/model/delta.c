/* flash-linear-attention's delta-rule layers, written from
   fla-org/flash-linear-attention (commit bc3b101d): GatedDeltaProduct
   (Siems et al., "DeltaProduct: Improving State-Tracking in Linear RNNs
   via Householder Products", 2025) as fla/layers/gated_deltaproduct.py
   and its recurrence fla/ops/gated_delta_product/naive.py (in inference
   fla/ops/gated_delta_rule/fused_recurrent.py over N sub-steps), and
   DeltaNet (Yang et al., "Parallelizing Linear Transformers with the Delta
   Rule over Sequence Length", NeurIPS 2024) as fla/layers/delta_net.py and
   fla/ops/delta_rule/fused_recurrent.py, which is its case N = 1 without a
   forget gate. Per head, with q and the N keys of a position l2-normalised
   (x / sqrt(|x|^2 + 1e-6)):
     S <- exp(g_t) S;  for j = 1..N: S <- S + k_j (beta_j (v_j - S^T k_j))^T
     o_t = S^T q_t / sqrt(d_k),
   so S_t = (I - beta_N k_N k_N^T) ... (I - beta_1 k_1 k_1^T) exp(g_t) S_(t-1)
   + (input terms); beta = sigmoid(b_proj(x)) (times 2 with
   allow_neg_eigval), g = -exp(A_log) softplus(a_proj(x) + dt_bias). The
   block around it is FLA's (gla.c). Under bf16/f16 (gla.c) the
   projections, the convolution with silu (or silu alone), beta and the
   output o are rounded; g stays f32 from the rounded a_proj; q and k are
   l2-normalised in the kernel, in f32, for gated_deltaproduct, and before
   it, rounded, for delta_net (its l2norm_fwd); the state is double (f32
   in FLA's kernels), position by position. In f32 the recurrence runs by
   chunks (delta_chunked) unless M->stepwise. scripts/zoo/deltaproduct.py
   forward_reduced is the reference. */
#include <math.h>
#include <string.h>
#include "../core/blas.h"
#include "impl.h"

static size_t delta_mixer_work(const lt_model_struct *M, long T)
{
    size_t H = (size_t)M->fla_heads, N = (size_t)M->fla_householder, Kd = H * M->fla_dk, Vd = H * M->fla_dv;
    size_t big = (N * Kd > N * Vd ? N * Kd : N * Vd);
    return (size_t)T * (Kd + N * Kd + N * Vd + H * N + H + 2 * Vd + big) + (size_t)M->fla_dk;
}

/* Q (T x Kd), K (T x N Kd), V (T x N Vd) after the short convolution and
   silu (or silu alone), the betas B (T x N H) and the log gates G (T x H,
   forget gate only); R is scratch of T x N max(Kd, Vd) */
static void delta_inputs(float *Q, float *K, float *V, float *B, float *G, float *R, const float *U, const lt_model_struct *M,
                         const lt_model_layer *l, long T)
{
    int D = M->d_model, H = M->fla_heads, N = M->fla_householder, Kd = H * M->fla_dk, Vd = H * M->fla_dv;
    lt_mdl_fla_qkv(Q, K, V, R, U, M, l, T, Kd, N * Kd, N * Vd, 1);
    if (M->fla_beta) {
        lt_mdl_fla_linear(B, l->fla_beta, NULL, U, T, N * H, D, M);
        if (M->compute == LT_COMPUTE_F32) lt_mdl_sigmoid_all(B, B, (size_t)T * N * H);
        else for (size_t j = 0; j < (size_t)T * N * H; j++) B[j] = lt_mdl_rnd(M, lt_mdl_sigmoid(B[j]));
    } else
        for (size_t j = 0; j < (size_t)T * N * H; j++) B[j] = 1.0f;
    if (M->fla_neg)
        for (size_t j = 0; j < (size_t)T * N * H; j++) B[j] *= 2.0f;
    if (M->fla_forget) {
        lt_mdl_fla_linear(G, l->fla_a, NULL, U, T, H, D, M);     /* then in f32 */
        for (long t = 0; t < T; t++)
            for (int h = 0; h < H; h++) {
                float *g = G + (size_t)t * H + h;
                *g = -expf(l->fla_A_log[h]) * lt_mdl_softplus(*g + l->fla_dt_bias[h]);
            }
    }
}

/* x / sqrt(|x|^2 + 1e-6) into y (n entries): in f32 in the kernel
   (gated_deltaproduct), rounded to the compute precision before it
   (delta_net's l2norm_fwd) */
static void l2norm(float *y, const float *x, int n, const lt_model_struct *M)
{
    double s = 0;
    for (int a = 0; a < n; a++) s += (double)x[a] * x[a];
    float r = 1.0f / sqrtf((float)s + 1e-6f);
    for (int a = 0; a < n; a++) y[a] = x[a] * r;
    if (M->fla_delta_net) lt_mdl_rnd_all(M, y, (size_t)n);
}

/* The recurrence position by position, the state in double (bf16/f16;
   f32 when M->stepwise) */
static void delta_stepwise(float *Ob, const float *Q, const float *K, const float *V, const float *B, const float *G,
                           const lt_model_struct *M, long T, float *kk)
{
    int H = M->fla_heads, N = M->fla_householder, dk = M->fla_dk, dv = M->fla_dv, Kd = H * dk, Vd = H * dv;
    double *S = lt_malloc((size_t)dk * dv * sizeof *S);    /* the state in double */
    float scale = 1.0f / sqrtf((float)dk);
    for (int h = 0; h < H; h++) {
        memset(S, 0, (size_t)dk * dv * sizeof *S);
        for (long t = 0; t < T; t++) {
            if (M->fla_forget) {
                double e = exp((double)G[(size_t)t * H + h]);
                for (size_t j = 0; j < (size_t)dk * dv; j++) S[j] *= e;
            }
            for (int n = 0; n < N; n++) {
                const float *v = V + (size_t)t * N * Vd + (size_t)n * Vd + (size_t)h * dv;
                float beta = B[(size_t)t * N * H + (size_t)n * H + h];
                l2norm(kk, K + (size_t)t * N * Kd + (size_t)n * Kd + (size_t)h * dk, dk, M);
                for (int b = 0; b < dv; b++) {
                    double s = 0;
                    for (int a = 0; a < dk; a++) s += S[(size_t)a * dv + b] * kk[a];
                    double u = beta * (v[b] - s);
                    for (int a = 0; a < dk; a++) S[(size_t)a * dv + b] += kk[a] * u;
                }
            }
            l2norm(kk, Q + (size_t)t * Kd + (size_t)h * dk, dk, M);
            float *o = Ob + (size_t)t * Vd + (size_t)h * dv;
            for (int b = 0; b < dv; b++) {
                double s = 0;
                for (int a = 0; a < dk; a++) s += (double)(kk[a] * scale) * S[(size_t)a * dv + b];
                o[b] = lt_mdl_rnd(M, (float)s);
            }
        }
    }
    lt_free(S);
}

/* The recurrence of head h by chunks, in f32: the chunkwise delta rule
   with the WY representation (Yang et al. 2024, "Parallelizing Linear
   Transformers with the Delta Rule over Sequence Length", section 3),
   with the scalar forget gate as in FLA's gated_delta_rule chunk kernels.
   A token's N keys are N consecutive positions p of the delta rule, its
   gate on the first of them (gamma_p = exp(g_t), else 1):
     S_p = gamma_p (I - beta_p k_p k_p^T) S_(p-1) + beta_p k_p v_p^T.
   Over a chunk from state S_0, with b_p the log gates summed from the
   chunk's start, S_p = e^(b_p) S_0 + sum_(s <= p) e^(b_p - b_s) k_s u_s^T
   where the pseudo-values u solve the unit lower-triangular system
   (I + A) u = beta v - beta e^b K S_0, A_ps = beta_p e^(b_p - b_s) k_p.k_s
   (s < p): with T = (I + A)^-1 (the UT transform, by forward
   substitution), u = T (beta v) - T (beta e^b K) S_0. A token's output
   (at its last position p) is e^(b_p) q S_0 + sum_(s <= p) e^(b_p - b_s)
   (q.k_s) u_s, and S becomes e^(b_last) S_0 + sum_s (e^(b_last - b_s) k_s)
   u_s^T; the products are SGEMMs. The decays are e^(b_p - b_s) <= 1
   pairwise (the gate is one scalar per head), so steep gates underflow to
   0 and nothing overflows. Q and K arrive l2-normalised, q times
   1/sqrt(d_k). */
/* positions a chunk (whole tokens, at least one): 32, or 16 for heads of
   d_k below 16, where the chunk's (I + A)^-1, cubic in the chunk, costs
   more than the state's products, linear in it */
static int delta_chunk(const lt_model_struct *M)
{
    return M->fla_dk < 16 ? 16 : 32;
}

static size_t delta_chunk_floats(const lt_model_struct *M)
{
    size_t dk = M->fla_dk, dv = M->fla_dv, n = delta_chunk(M) > M->fla_householder ? delta_chunk(M) : M->fla_householder;
    return dk * dv + 3 * n * n + 2 * n * (dk + dv) + n * dk + n;
}

static void delta_chunked(float *Ob, const float *Q, const float *K, const float *V, const float *B, const float *G,
                          const lt_model_struct *M, int h, long T, float *wk)
{
    int H = M->fla_heads, N = M->fla_householder, dk = M->fla_dk, dv = M->fla_dv, Kd = H * dk, Vd = H * dv, w = dv + dk;
    int ct = delta_chunk(M) / N > 0 ? delta_chunk(M) / N : 1, C = ct * N;
    float *S = wk, *Dm = S + (size_t)dk * dv, *A = Dm + (size_t)C * C, *Ti = A + (size_t)C * C, *R = Ti + (size_t)C * C,
          *X = R + (size_t)C * w, *Kl = X + (size_t)C * w, *eb = Kl + (size_t)C * dk;
    double *b = lt_malloc((size_t)C * sizeof *b);
    memset(S, 0, (size_t)dk * dv * sizeof *S);
    for (long t0 = 0; t0 < T; t0 += ct) {
        int m = T - t0 < ct ? (int)(T - t0) : ct, n = m * N;
        long p0 = t0 * N;
        const float *k = K + (size_t)p0 * Kd + (size_t)h * dk, *v = V + (size_t)p0 * Vd + (size_t)h * dv,
                    *q = Q + (size_t)t0 * Kd + (size_t)h * dk;
        float *o = Ob + (size_t)t0 * Vd + (size_t)h * dv;
        /* the decays e^(b_p - b_s) (s <= p) into Dm, e^(b_p) into eb */
        if (M->fla_forget) {
            double c = 0;
            for (int p = 0; p < n; p++) {
                if (p % N == 0) c += G[(size_t)(t0 + p / N) * H + h];
                b[p] = c;
            }
            for (int p = 0; p < n; p++) {      /* the lower triangle only */
                float *d = Dm + (size_t)p * n;
                for (int s = 0; s <= p; s++) d[s] = (float)(b[p] - b[s]);
                lt_mdl_exp_all(d, d, (size_t)p + 1);
            }
            for (int p = 0; p < n; p++) eb[p] = (float)exp(b[p]);
        }
        /* A = strictly lower (beta_p e^(b_p - b_s) k_p.k_s); R = [beta v | beta e^b k] */
        lt_mdl_gemm_nt(n, n, dk, 1.0f, k, Kd, k, Kd, 0.0f, A, n);
        for (int p = 0; p < n; p++) {
            float beta = B[(size_t)(p0 + p) * H + h], be = beta * (M->fla_forget ? eb[p] : 1.0f);
            float *a = A + (size_t)p * n, *r = R + (size_t)p * w;
            for (int s = 0; s < p; s++) a[s] *= beta * (M->fla_forget ? Dm[(size_t)p * n + s] : 1.0f);
            for (int j = 0; j < dv; j++) r[j] = beta * v[(size_t)p * Vd + j];
            for (int j = 0; j < dk; j++) r[dv + j] = be * k[(size_t)p * Kd + j];
        }
        lt_mdl_unit_lower_inverse(Ti, A, n);
        /* X = [T beta v | W = T beta e^b k]; u = T beta v - W S_0 in X's first dv columns */
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, w, n, 1.0f, Ti, n, R, w, 0.0f, X, w);
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, dv, dk, -1.0f, X + dv, w, S, dv, 1.0f, X, w);
        /* the tokens' outputs: e^(b_p) q S_0 + (masked, decayed q k^T) u */
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, dv, dk, 1.0f, q, Kd, S, dv, 0.0f, o, Vd);
        lt_mdl_gemm_nt(m, n, dk, 1.0f, q, Kd, k, Kd, 0.0f, A, n);
        for (int i = 0; i < m; i++) {
            int p = i * N + N - 1;
            float *a = A + (size_t)i * n;
            if (M->fla_forget) {
                for (int j = 0; j < dv; j++) o[(size_t)i * Vd + j] *= eb[p];
                for (int s = 0; s <= p; s++) a[s] *= Dm[(size_t)p * n + s];
            }
            for (int s = p + 1; s < n; s++) a[s] = 0.0f;
        }
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, m, dv, n, 1.0f, A, n, X, w, 1.0f, o, Vd);
        /* S <- e^(b_last) S_0 + (e^(b_last - b_s) k_s)^T u */
        const float *kl = k;
        int ldk = Kd;
        if (M->fla_forget) {
            const float *dl = Dm + (size_t)(n - 1) * n;
            for (int s = 0; s < n; s++)
                for (int j = 0; j < dk; j++) Kl[(size_t)s * dk + j] = dl[s] * k[(size_t)s * Kd + j];
            for (size_t j = 0; j < (size_t)dk * dv; j++) S[j] *= eb[n - 1];
            kl = Kl, ldk = dk;
        }
        cblas_sgemm(CblasRowMajor, CblasTrans, CblasNoTrans, dk, dv, n, 1.0f, kl, ldk, X, w, 1.0f, S, dv);
    }
    lt_free(b);
}

static void delta_mixer(float *O, const float *U, const lt_model_struct *M, int i, long T, float *w)
{
    const lt_model_layer *l = &M->layers[i];
    int D = M->d_model, H = M->fla_heads, N = M->fla_householder, dk = M->fla_dk, dv = M->fla_dv, Kd = H * dk, Vd = H * dv;
    size_t big = (size_t)N * (Kd > Vd ? Kd : Vd);
    float *Q = w, *K = Q + (size_t)T * Kd, *V = K + (size_t)T * N * Kd, *B = V + (size_t)T * N * Vd, *G = B + (size_t)T * N * H,
          *Gt = G + (size_t)T * H, *Ob = Gt + (size_t)T * Vd, *R = Ob + (size_t)T * Vd, *kk = R + (size_t)T * big;
    delta_inputs(Q, K, V, B, G, R, U, M, l, T);
    if (M->compute == LT_COMPUTE_F32 && !M->stepwise) {
        lt_mdl_l2norm_rows(K, (size_t)T * N * H, dk, 1.0f);      /* l2norm's f32 arithmetic, by rows */
        lt_mdl_l2norm_rows(Q, (size_t)T * H, dk, 1.0f / sqrtf((float)dk));
        float *wk = lt_malloc(delta_chunk_floats(M) * sizeof *wk);
        for (int h = 0; h < H; h++) delta_chunked(Ob, Q, K, V, B, G, M, h, T, wk);
        lt_free(wk);
    } else
        delta_stepwise(Ob, Q, K, V, B, G, M, T, kk);
    if (M->fla_out_gate) lt_mdl_fla_linear(Gt, l->fla_g, NULL, U, T, Vd, D, M);
    lt_mdl_fla_out_norm(Ob, M->fla_out_gate ? Gt : NULL, l->fla_onorm, T, H, dv, M->eps, M, 1);
    lt_mdl_linear_m(M, O, D, l->fla_o, NULL, Ob, Vd, T, D, Vd);
}

static size_t delta_work(const lt_model_struct *M, long T)
{
    return lt_mdl_fla_work(M, T, delta_mixer_work(M, T));
}

static void delta_layer(float *X, const lt_model_struct *M, int i, long T, float *w)
{
    lt_mdl_fla_block(X, M, i, T, w, delta_mixer);
}

/* The state of a head is d_k x d_v and moves as S_t = A_t S_(t-1) + (input
   terms), A_t = (I - beta_N k_N k_N^T) ... (I - beta_1 k_1 k_1^T) exp(g_t):
   every head a diagonal block of one (heads d_k)-square matrix. */
static long delta_transition_size(const lt_model_struct *M)
{
    return (long)M->fla_heads * M->fla_dk;
}

static void delta_transitions(double *A, const lt_model_struct *M, int i, const float *X, long T, float *w)
{
    const lt_model_layer *l = &M->layers[i];
    int D = M->d_model, H = M->fla_heads, N = M->fla_householder, dk = M->fla_dk, Kd = H * dk, Vd = H * M->fla_dv;
    size_t big = (size_t)N * (Kd > Vd ? Kd : Vd), n = (size_t)Kd;
    float *U = w, *Q = U + (size_t)T * D, *K = Q + (size_t)T * Kd, *V = K + (size_t)T * N * Kd, *B = V + (size_t)T * N * Vd,
          *G = B + (size_t)T * N * H, *R = G + (size_t)T * H, *kk = R + (size_t)T * big;
    lt_mdl_rmsnorm(U, X, l->fla_attn_norm, T, D, M->eps, M, 0, !M->fla_fuse_norm);
    delta_inputs(Q, K, V, B, G, R, U, M, l, T);
    memset(A, 0, (size_t)T * n * n * sizeof *A);
    for (long t = 0; t < T; t++)
        for (int h = 0; h < H; h++) {
            double *a = A + (size_t)t * n * n + (size_t)h * dk * n + (size_t)h * dk;   /* the head's block, row stride n */
            double e = M->fla_forget ? exp((double)G[(size_t)t * H + h]) : 1.0;
            for (int r = 0; r < dk; r++) a[(size_t)r * n + r] = e;
            for (int j = 0; j < N; j++) {
                double beta = B[(size_t)t * N * H + (size_t)j * H + h];
                l2norm(kk, K + (size_t)t * N * Kd + (size_t)j * Kd + (size_t)h * dk, dk, M);
                for (int c = 0; c < dk; c++) {      /* a <- a - beta k (k^T a), column by column */
                    double s = 0;
                    for (int r = 0; r < dk; r++) s += (double)kk[r] * a[(size_t)r * n + c];
                    for (int r = 0; r < dk; r++) a[(size_t)r * n + c] -= beta * kk[r] * s;
                }
            }
        }
}

/* q, k, v pass the short convolution (over the 3 tokens before) when it runs */
static int delta_token_local(const lt_model_struct *M)
{
    return M->fla_conv == 0;
}

static const char *delta_layer_name(const lt_model_struct *M)
{
    if (M->fla_householder == 1 && !M->fla_forget) return M->fla_neg ? "signed DeltaNet" : "DeltaNet";
    return M->fla_neg ? "signed DeltaProduct" : "DeltaProduct";
}

/* allow_neg_eigval: beta in (0, 2), each factor a generalized Householder
   reflection with eigenvalue 1 - beta in (-1, 1): householder-N (the
   forget gate multiplies by exp(g) in (0, 1]). Without it (FLA's
   default), beta in (0, 1), the factors' eigenvalues in [0, 1]:
   householder-N-positive. */
static void delta_family(lt_arch *a, const lt_model_struct *M)
{
    a->householders = M->fla_householder > 0 ? M->fla_householder : 1;
    a->kind = M->fla_neg ? LT_FAM_HOUSEHOLDER : LT_FAM_HOUSEHOLDER_POS;
}

const lt_mdl_ops lt_mdl_delta = {.name = "deltaproduct", .layer_name = delta_layer_name, .family = delta_family,
                                 .work = delta_work, .layer = delta_layer, .final_norm = lt_mdl_fla_final,
                                 .transition_size = delta_transition_size, .transitions = delta_transitions,
                                 .token_local = delta_token_local, .rounds = 1};
