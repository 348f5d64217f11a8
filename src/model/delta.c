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
   in FLA's kernels). scripts/zoo/deltaproduct.py forward_reduced is the
   reference. */
#include <math.h>
#include <string.h>
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
        for (size_t j = 0; j < (size_t)T * N * H; j++) B[j] = lt_mdl_rnd(M, lt_mdl_sigmoid(B[j]));
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

static void delta_mixer(float *O, const float *U, const lt_model_struct *M, int i, long T, float *w)
{
    const lt_model_layer *l = &M->layers[i];
    int D = M->d_model, H = M->fla_heads, N = M->fla_householder, dk = M->fla_dk, dv = M->fla_dv, Kd = H * dk, Vd = H * dv;
    size_t big = (size_t)N * (Kd > Vd ? Kd : Vd);
    float *Q = w, *K = Q + (size_t)T * Kd, *V = K + (size_t)T * N * Kd, *B = V + (size_t)T * N * Vd, *G = B + (size_t)T * N * H,
          *Gt = G + (size_t)T * H, *Ob = Gt + (size_t)T * Vd, *R = Ob + (size_t)T * Vd, *kk = R + (size_t)T * big;
    double *S = lt_malloc((size_t)dk * dv * sizeof *S);    /* the state in double */
    delta_inputs(Q, K, V, B, G, R, U, M, l, T);
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
    if (M->fla_out_gate) lt_mdl_fla_linear(Gt, l->fla_g, NULL, U, T, Vd, D, M);
    lt_mdl_fla_out_norm(Ob, M->fla_out_gate ? Gt : NULL, l->fla_onorm, T, H, dv, M->eps, M, 1);
    lt_mdl_linear(O, D, l->fla_o, NULL, Ob, Vd, T, D, Vd);
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
