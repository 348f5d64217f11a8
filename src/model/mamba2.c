/* Mamba-2: Dao and Gu, "Transformers are SSMs" (ICML 2024), in the layout
   of transformers' Mamba2ForCausalLM (src/transformers/models/mamba2/
   modeling_mamba2.py, Mamba2Mixer.torch_forward): per head h (of H,
   head_dim P, state N, B and C shared by the H/G heads of a group)
       S_h <- exp(dt_h A_h) S_h + dt_h x_h B_g^T,   y_h = S_h C_g + D_h x_h,
   dt = clamp(softplus(dt_raw + dt_bias), time_step_limit), A = -exp(A_log);
   then the gated RMS norm (MambaRMSNormGated: y silu(z) normalised over
   all d_inner channels) and out_proj. The signed variant (lietool's key
   signed_eigenvalues, as for Mamba-1) takes 2 exp(dt A) - 1
   (lietool-formats(5), mamba2). In f32 the scan runs by chunks of 32
   positions, the state-space-duality form of the paper (m2_chunked:
   SGEMMs in f32, the decays within a chunk as products in double, which
   serves the signed variant exactly, zero and negative decays included);
   under bf16/f16, and in f32 when M->stepwise, position by position with
   the state, y and the norm in double (m2_stepwise). Under bf16/f16 the
   layer rounds where torch_forward rounds after model.to(dtype) on the
   CPU, each op computed in f32 and rounded once: the block's norm (as
   Mamba-1's), in_proj, the convolution and its silu, dt + dt_bias,
   softplus (and the clamp); the scan and the gated norm stay f32 there
   (torch_forward upcasts x, B, C and dt), so only their output is
   rounded, before out_proj, whose output is rounded too
   (scripts/zoo/mamba2.py forward_reduced). They run in
   double here, the gate's silu included under bf16/f16: torch's f32
   result depends on its chunked algorithm, and the gated norm magnifies
   such differences where the RMS of y silu(z) is small. */
#include <math.h>
#include <string.h>
#include "../core/blas.h"
#include "impl.h"

static int conv_dim(const lt_model_struct *M)
{
    return M->d_inner + 2 * M->m2_groups * M->d_state;
}

static int proj_dim(const lt_model_struct *M)
{
    return M->d_inner + conv_dim(M) + M->m2_heads;
}

/* The layer up to its step sizes: U the normed input, Z (T x proj) in_proj's
   output [z | xBC | dt], XC (T x conv_dim) xBC after the causal depthwise
   convolution and silu, DT (T x H) the clamped step sizes. */
static void m2_steps(float *U, float *Z, float *XC, float *DT, const float *X, const lt_model_struct *M,
                     const lt_model_layer *l, long T)
{
    int D = M->d_model, Di = M->d_inner, Cd = conv_dim(M), Pd = proj_dim(M), H = M->m2_heads, K = M->conv_k;
    lt_mdl_rmsnorm(U, X, l->norm, T, D, M->eps, M, 1, 1);
    lt_mdl_linear_m(M, Z, Pd, l->in_w, l->in_b, U, D, T, Pd, D);
    lt_mdl_rnd_all(M, Z, (size_t)T * Pd);
    for (long t = 0; t < T; t++) {
        for (int c = 0; c < Cd; c++) {
            double s = l->conv_b ? l->conv_b[c] : 0;
            for (int k = 0; k < K; k++) {           /* weight k meets input t - (K-1) + k */
                long tt = t - (K - 1) + k;
                if (tt >= 0) s += (double)l->conv_w[(size_t)c * K + k] * Z[(size_t)tt * Pd + Di + c];
            }
            float v = (float)s;
            if (M->compute == LT_COMPUTE_F32) XC[(size_t)t * Cd + c] = lt_mdl_silu(v);
            else {                                  /* silu as torch writes it: x / (1 + exp(-x)) */
                v = lt_mdl_rnd_reduced(M, v);
                XC[(size_t)t * Cd + c] = lt_mdl_rnd_reduced(M, v / (1.0f + expf(-v)));
            }
        }
        for (int h = 0; h < H; h++) {   /* the clamp's bounds in the compute type: rounding after it is the same */
            float d = lt_mdl_rnd(M, lt_mdl_softplus(lt_mdl_rnd(M, Z[(size_t)t * Pd + Di + Cd + h] + l->dt_bias[h])));
            DT[(size_t)t * H + h] = lt_mdl_rnd(M, d < M->dt_min ? M->dt_min : d > M->dt_max ? M->dt_max : d);
        }
    }
}

/* y silu(z) normalised over the d_inner channels (MambaRMSNormGated), y
   in double (overwritten), into the row Yt; bf16/f16: silu in double too
   (see the top); sz, when not NULL, holds silu(z) (f32) */
static void m2_gated_norm(float *Yt, double *y, const float *z, const float *sz, const lt_model_struct *M,
                          const lt_model_layer *l)
{
    int Di = M->d_inner;
    double ss = 0;
    for (int c = 0; c < Di; c++) {
        y[c] *= sz ? sz[c] : M->compute == LT_COMPUTE_F32 ? lt_mdl_silu(z[c]) : z[c] / (1 + exp(-(double)z[c]));
        ss += y[c] * y[c];
    }
    double r = 1 / sqrt(ss / Di + M->eps);
    for (int c = 0; c < Di; c++) Yt[c] = lt_mdl_rnd(M, (float)(l->gnorm[c] * (y[c] * r)));
}

/* The recurrence position by position, the state and y in double (bf16/f16;
   f32 when M->stepwise): the gated norm divides by the RMS of y silu(z),
   which can be small, and would magnify f32 rounding. Y (T x d_inner)
   gets the normed output. */
static void m2_stepwise(float *Y, const float *Z, const float *XC, const float *DT, const lt_model_struct *M,
                        const lt_model_layer *l, long T)
{
    int N = M->d_state, Di = M->d_inner, Cd = conv_dim(M), Pd = proj_dim(M), H = M->m2_heads, P = M->m2_head_dim,
        hpg = H / M->m2_groups;
    double *S = lt_calloc((size_t)Di * N + 3 * (size_t)Di, sizeof *S), *y = S + (size_t)Di * N, *xd = y + Di,
           *dx = xd + Di;
    for (long t = 0; t < T; t++) {
        const float *xc = XC + (size_t)t * Cd;
        for (int h = 0; h < H; h++) {
            int g = h / hpg;
            const float *B = xc + Di + (size_t)g * N, *C = xc + Di + (size_t)(M->m2_groups + g) * N;
            double dt = DT[(size_t)t * H + h], a = exp(dt * l->A[h]);
            if (M->eig == LT_EIG_SIGNED) a = 2 * a - 1;
            for (int p = 0; p < P; p++) {
                xd[h * P + p] = xc[h * P + p];
                dx[h * P + p] = dt * xd[h * P + p];
            }
            lt_mdl_m2_head(S + (size_t)h * P * N, y + h * P, xd + h * P, dx + h * P, B, C, a, l->D[h], N, P);
        }
        m2_gated_norm(Y + (size_t)t * Di, y, Z + (size_t)t * Pd, NULL, M, l);
    }
    lt_free(S);
}

/* The state-space-duality (SSD) chunked form of Dao and Gu 2024
   ("Transformers are SSMs", ICML 2024, section 6), in f32, by chunks of
   M2_CHUNK positions. Within a chunk from state S_0 (per head, N x P),
   with a_u the head's decay at position u and
       L_rs = a_(s+1) ... a_r (s <= r; L_rr = 1),   e_r = a_0 ... a_r
   (positions counted from the chunk's start), the output and the next
   state are
       y_r = e_r C_r S_0 + sum_(s <= r) (C_r . B_s) L_rs dt_s x_s,
       S <- e_last S_0 + sum_s B_s (L_last,s dt_s x_s)^T:
   per group, C B^T and C S_0 are one SGEMM each (B and C are shared by the
   group's heads, whose states sit side by side as N x (H/G) P); per head,
   the masked (C B^T o L dt) X is one; per group, the state's update B^T
   (L dt X) is one. L and e are products of the decays within the chunk,
   a row from the one before (L_r = a_r L_(r-1)), in double: they equal
   exp of the within-chunk segment sums of dt A (the paper's segsum, never
   a sum over more than the chunk), and being products at most 1 in size
   they cannot overflow, steep decays underflow to 0, and a zero or
   negative decay of the signed variant (2 exp(dt A) - 1) is multiplied as
   it is: the form is exact for both. Products below 1e-30 are set to 0
   (1e-30 of the weight 1 at s = r, and no subnormals). Y gets the SSM's
   output without D x. The words' threads change nothing: a word runs
   whole on one thread and the BLAS calls' shapes depend on T alone
   (tests/t-model.c compares 1 and 2 threads bit for bit). The command
   keeps OpenBLAS's own threads at one (src/cli/main.c): a GEMM shared
   among them comes out rounded otherwise under its Haswell and Prescott
   kernels. */
enum { M2_CHUNK = 32 };

static void m2_chunked(float *Y, const float *XC, const float *DT, const lt_model_struct *M, const lt_model_layer *l,
                       long T)
{
    int N = M->d_state, Di = M->d_inner, Cd = conv_dim(M), H = M->m2_heads, P = M->m2_head_dim, G = M->m2_groups,
        hpg = H / G, W = hpg * P, Q = M2_CHUNK;
    float *S = lt_calloc((size_t)N * Di + 2 * (size_t)Q * Q + (size_t)Q * W, sizeof *S), *CB = S + (size_t)N * Di,
          *Lm = CB + (size_t)Q * Q, *Xw = Lm + (size_t)Q * Q;
    double *a = lt_malloc(2 * ((size_t)Q + 1) * sizeof *a), *L = a + Q + 1;   /* L[0] = e_r, L[1 + s] = L_rs */
    for (long t0 = 0; t0 < T; t0 += Q) {
        int n = T - t0 < Q ? (int)(T - t0) : Q;
        const float *xc = XC + (size_t)t0 * Cd, *dt = DT + (size_t)t0 * H;
        for (int g = 0; g < G; g++) {
            const float *Bc = xc + Di + (size_t)g * N, *Cc = xc + Di + (size_t)(G + g) * N;
            float *Sg = S + (size_t)g * W, *Yg = Y + (size_t)t0 * Di + (size_t)g * W;
            lt_mdl_gemm_nt(n, n, N, 1.0f, Cc, Cd, Bc, Cd, 0.0f, CB, n);
            cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, W, N, 1.0f, Cc, Cd, Sg, Di, 0.0f, Yg, Di);
            for (int j = 0; j < hpg; j++) {
                int h = g * hpg + j;
                const float *x = xc + (size_t)h * P;
                float *y = Yg + (size_t)j * P;
                for (int r = 0; r < n; r++) {
                    double v = exp((double)dt[(size_t)r * H + h] * l->A[h]);
                    a[r] = M->eig == LT_EIG_SIGNED ? 2 * v - 1 : v;
                }
                L[0] = 1;
                for (int r = 0; r < n; r++) {
                    for (int s = 0; s <= r; s++) {      /* L_r = a_r L_(r-1) (e_r too), L_rr = 1 */
                        double v = a[r] * L[s];
                        L[s] = fabs(v) < 1e-30 ? 0 : v;
                    }
                    L[r + 1] = 1;
                    float e = (float)L[0], *lm = Lm + (size_t)r * n, *yr = y + (size_t)r * Di;
                    const float *cb = CB + (size_t)r * n;
                    for (int p = 0; p < P; p++) yr[p] *= e;
                    for (int s = 0; s <= r; s++) lm[s] = (float)(cb[s] * L[1 + s] * dt[(size_t)s * H + h]);
                    for (int s = r + 1; s < n; s++) lm[s] = 0.0f;
                }
                cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, P, n, 1.0f, Lm, n, x, Cd, 1.0f, y, Di);
                /* L is now the last row: the state's decays */
                for (int s = 0; s < n; s++) {
                    float w = (float)(L[1 + s] * dt[(size_t)s * H + h]), *xw = Xw + (size_t)s * W + (size_t)j * P;
                    const float *xs = x + (size_t)s * Cd;
                    for (int p = 0; p < P; p++) xw[p] = w * xs[p];
                }
                float e = (float)L[0];
                for (int k = 0; k < N; k++)
                    for (int p = 0; p < P; p++) Sg[(size_t)k * Di + (size_t)j * P + p] *= e;
            }
            cblas_sgemm(CblasRowMajor, CblasTrans, CblasNoTrans, N, W, n, 1.0f, Bc, Cd, Xw, W, 1.0f, Sg, Di);
        }
    }
    lt_free(a);
    lt_free(S);
}

static void m2_layer(float *X, const lt_model_struct *M, int i, long T, float *w)
{
    const lt_model_layer *l = &M->layers[i];
    int D = M->d_model, Di = M->d_inner, Cd = conv_dim(M), Pd = proj_dim(M), H = M->m2_heads, P = M->m2_head_dim;
    float *U = w, *Z = U + (size_t)T * D, *XC = Z + (size_t)T * Pd, *DT = XC + (size_t)T * Cd, *Y = DT + (size_t)T * H,
          *O = Y + (size_t)T * Di;
    m2_steps(U, Z, XC, DT, X, M, l, T);
    if (M->compute == LT_COMPUTE_F32 && !M->stepwise) {
        m2_chunked(Y, XC, DT, M, l, T);
        double *y = lt_malloc((size_t)Di * sizeof *y);
        float *sz = lt_malloc((size_t)Di * sizeof *sz);
        for (long t = 0; t < T; t++) {      /* + D x, then the gated norm in place (the vectorised silu) */
            const float *x = XC + (size_t)t * Cd, *z = Z + (size_t)t * Pd;
            float *Yt = Y + (size_t)t * Di;
            for (int h = 0; h < H; h++)
                for (int p = 0; p < P; p++) y[h * P + p] = (double)Yt[h * P + p] + (double)l->D[h] * x[h * P + p];
            lt_mdl_sigmoid_all(sz, z, (size_t)Di);
            for (int c = 0; c < Di; c++) sz[c] *= z[c];
            m2_gated_norm(Yt, y, z, sz, M, l);
        }
        lt_free(sz);
        lt_free(y);
    } else
        m2_stepwise(Y, Z, XC, DT, M, l, T);
    lt_mdl_linear_m(M, O, D, l->mo_w, l->mo_b, Y, Di, T, D, Di);
    lt_mdl_rnd_all(M, O, (size_t)T * D);
    lt_mdl_add(X, O, (size_t)T * D, M);
}

static size_t m2_work(const lt_model_struct *M, long T)
{
    return (size_t)T * (2 * (size_t)M->d_model + (size_t)proj_dim(M) + (size_t)conv_dim(M) + (size_t)M->m2_heads
                        + (size_t)M->d_inner);
}

/* the final norm reads the residual as it is (f32 or rounded) */
static void m2_final(float *Y, const float *X, const lt_model_struct *M, long T)
{
    lt_mdl_rmsnorm(Y, X, M->norm_f, T, M->d_model, M->eps, M, 0, !M->residual_fp32);
}

/* A = -exp(A_log.float()) */
static void m2_prepare(lt_model_struct *M)
{
    for (int i = 0; i < M->n_layers; i++)
        for (int h = 0; h < M->m2_heads; h++) M->layers[i].A[h] = -expf(M->layers[i].A_log[h]);
}

/* |log exp(dt A)| = dt |A| per head (signed: |log(2 exp(dt A) - 1)|), the
   largest over the heads */
static void m2_norms(double *g, const lt_model_struct *M, const float *X, long T, float *w)
{
    const lt_model_layer *l = &M->layers[0];
    int D = M->d_model, Cd = conv_dim(M), Pd = proj_dim(M), H = M->m2_heads;
    float *U = w, *Z = U + (size_t)T * D, *XC = Z + (size_t)T * Pd, *DT = XC + (size_t)T * Cd;
    m2_steps(U, Z, XC, DT, X, M, l, T);
    for (long t = 0; t < T; t++) {
        double m = 0;
        for (int h = 0; h < H; h++) {
            double x = (double)DT[(size_t)t * H + h] * l->A[h];
            double v = M->eig == LT_EIG_SIGNED ? lt_mdl_real_log_norm(2 * exp(x) - 1) : fabs(x);
            if (!(v <= m)) m = v;
        }
        g[t] = m;
    }
}

static const char *m2_layer_name(const lt_model_struct *M)
{
    return M->eig == LT_EIG_SIGNED ? "signed Mamba-2" : "Mamba-2";
}

static void m2_family(lt_arch *a, const lt_model_struct *M)
{
    a->householders = 0;
    a->kind = M->eig == LT_EIG_SIGNED ? LT_FAM_DIAG_SIGNED : LT_FAM_DIAG_POSITIVE;
}

/* One coordinate per head: a head's whole head_dim x state_size state moves
   by the same scalar exp(dt A) (signed: 2 exp(dt A) - 1), so the heads'
   scalars are the transition (lietool-formats(5), mamba2). */
static long m2_transition_size(const lt_model_struct *M)
{
    return M->m2_heads;
}

static void m2_transitions(double *A, const lt_model_struct *M, int i, const float *X, long T, float *w)
{
    const lt_model_layer *l = &M->layers[i];
    int D = M->d_model, Cd = conv_dim(M), Pd = proj_dim(M), H = M->m2_heads;
    float *U = w, *Z = U + (size_t)T * D, *XC = Z + (size_t)T * Pd, *DT = XC + (size_t)T * Cd;
    m2_steps(U, Z, XC, DT, X, M, l, T);
    memset(A, 0, (size_t)T * H * H * sizeof *A);
    for (long t = 0; t < T; t++)
        for (int h = 0; h < H; h++) {
            double a = exp((double)DT[(size_t)t * H + h] * l->A[h]);
            A[(size_t)t * H * H + (size_t)h * H + h] = M->eig == LT_EIG_SIGNED ? 2 * a - 1 : a;
        }
}

const lt_mdl_ops lt_mdl_mamba2 = {.name = "mamba2", .layer_name = m2_layer_name, .family = m2_family, .work = m2_work,
                                  .layer = m2_layer, .final_norm = m2_final, .prepare = m2_prepare, .norms = m2_norms,
                                  .transition_size = m2_transition_size, .transitions = m2_transitions, .rounds = 1};
