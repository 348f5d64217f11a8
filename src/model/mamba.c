/* Mamba-1: Gu and Dao, "Mamba: Linear-Time Sequence Modeling with Selective
   State Spaces" (2023), in the layout of the Hugging Face MambaMixer
   (sequential scan, as its slow path); the signed variant takes the
   transition 2 exp(dt A) - 1 so that its eigenvalues lie in [-1, 1]
   (Grazzi et al., "Unlocking State-Tracking in Linear RNNs Through
   Negative Eigenvalues", ICLR 2025). Under bf16/f16 a Mamba model, in
   either layout, rounds where transformers' MambaForCausalLM rounds after
   model.to(dtype) on the CPU (modeling_mamba.py, slow path), each op
   computed in f32 and rounded once; tests/check-checkpoints.sh holds it to
   torch itself (scripts/ckpt_reference.py forward_bf16). */
#include <math.h>
#include <string.h>
#include "impl.h"

/* A Mamba layer up to its step sizes: U (T x D) the normed input, XZ
   (T x 2 d_inner) the input projection, XC (T x d_inner) after the causal
   convolution and silu, PP (T x (dt_rank + 2 d_state)) x_proj's output, DT
   (T x d_inner) dt_proj's output before softplus. */
static void mamba_steps(float *U, float *XZ, float *XC, float *PP, float *DT, const float *X, const lt_model_struct *M,
                        const lt_model_layer *l, long T)
{
    int D = M->d_model, N = M->d_state, Di = M->d_inner, R = M->dt_rank, Kc = M->conv_k, P = R + 2 * N;
    lt_mdl_rmsnorm(U, X, l->norm, T, D, M->eps, M, 1, 1);
    lt_mdl_linear_m(M, XZ, 2 * Di, l->in_w, l->in_b, U, D, T, 2 * Di, D);
    lt_mdl_rnd_all(M, XZ, (size_t)T * 2 * Di);
    for (long t = 0; t < T; t++)                    /* causal depthwise convolution */
        for (int c = 0; c < Di; c++) {
            double s = l->conv_b ? l->conv_b[c] : 0;
            for (int k = 0; k < Kc; k++) {          /* weight k meets input t - (Kc-1) + k */
                long tt = t - (Kc - 1) + k;
                if (tt >= 0) s += (double)l->conv_w[(size_t)c * Kc + k] * XZ[(size_t)tt * 2 * Di + c];
            }
            XC[(size_t)t * Di + c] = M->compute == LT_COMPUTE_F32 ? (float)s : lt_mdl_rnd(M, lt_mdl_silu(lt_mdl_rnd(M, (float)s)));
        }
    if (M->compute == LT_COMPUTE_F32) lt_mdl_silu_all(XC, XC, (size_t)T * Di);     /* vectorised */
    lt_mdl_linear_m(M, PP, P, l->x_w, NULL, XC, Di, T, P, Di);
    lt_mdl_rnd_all(M, PP, (size_t)T * P);
    lt_mdl_linear_m(M, DT, Di, l->dt_w, l->dt_b, PP, P, T, Di, R);
    lt_mdl_rnd_all(M, DT, (size_t)T * Di);
}

/* The selective scan in f32 with the vectorised kernels: softplus of
   every step size and silu of every gate z at once (in place in DT and
   XZ), then at each position exp(dt A) for the whole state at once; the
   state f32, y's sum over the state in double, as mamba_layer's loop
   (bf16/f16). */
static void mamba_scan_f32(float *Y, float *h, float *XZ, const float *XC, const float *PP, float *DT,
                           const lt_model_struct *M, const lt_model_layer *l, long T)
{
    int N = M->d_state, Di = M->d_inner, R = M->dt_rank, P = R + 2 * N;
    float *e = lt_malloc(((size_t)Di * N + 1) * sizeof *e);
    lt_mdl_softplus_all(DT, DT, (size_t)T * Di);
    for (long t = 0; t < T; t++) lt_mdl_silu_all(XZ + (size_t)t * 2 * Di + Di, XZ + (size_t)t * 2 * Di + Di, (size_t)Di);
    for (long t = 0; t < T; t++) {
        const float *B = PP + (size_t)t * P + R, *C = B + N, *xc = XC + (size_t)t * Di, *sz = XZ + (size_t)t * 2 * Di + Di;
        const float *d = DT + (size_t)t * Di;
        float *y = Y + (size_t)t * Di;
        for (int c = 0; c < Di; c++)
            for (int n = 0; n < N; n++) e[(size_t)c * N + n] = l->A[(size_t)c * N + n] * d[c];
        lt_mdl_exp_all(e, e, (size_t)Di * N);
        if (M->eig == LT_EIG_SIGNED)
            for (size_t j = 0; j < (size_t)Di * N; j++) e[j] = 2.0f * e[j] - 1.0f;
        for (int c = 0; c < Di; c++) {
            float bx = d[c] * xc[c], *hc = h + (size_t)c * N;
            const float *a = e + (size_t)c * N;
            double s = 0;
            for (int n = 0; n < N; n++) {
                hc[n] = a[n] * hc[n] + bx * B[n];
                s += (double)hc[n] * C[n];
            }
            y[c] = ((float)s + l->D[c] * xc[c]) * sz[c];
        }
    }
    lt_free(e);
}

static void mamba_layer(float *X, const lt_model_struct *M, int i, long T, float *w)
{
    const lt_model_layer *l = &M->layers[i];
    int D = M->d_model, N = M->d_state, Di = M->d_inner, R = M->dt_rank, P = R + 2 * N;
    float *U = w, *XZ = U + (size_t)T * D, *XC = XZ + (size_t)T * 2 * Di, *PP = XC + (size_t)T * Di,
          *DT = PP + (size_t)T * P, *Y = DT + (size_t)T * Di, *O = Y + (size_t)T * Di, *h = O + (size_t)T * D;
    mamba_steps(U, XZ, XC, PP, DT, X, M, l, T);
    memset(h, 0, (size_t)Di * N * sizeof *h);
    if (M->compute == LT_COMPUTE_F32) mamba_scan_f32(Y, h, XZ, XC, PP, DT, M, l, T);
    else for (long t = 0; t < T; t++) {
        const float *B = PP + (size_t)t * P + R, *C = B + N, *xc = XC + (size_t)t * Di, *z = XZ + (size_t)t * 2 * Di + Di;
        const float *dt = DT + (size_t)t * Di;
        float *y = Y + (size_t)t * Di;
        for (int c = 0; c < Di; c++) {
            float d = lt_mdl_rnd(M, lt_mdl_softplus(dt[c])), bx = d * xc[c];
            float *hc = h + (size_t)c * N;
            const float *A = l->A + (size_t)c * N;
            double s = 0;
            for (int n = 0; n < N; n++) {
                float a = expf(A[n] * d);
                if (M->eig == LT_EIG_SIGNED) a = 2.0f * a - 1.0f;
                hc[n] = a * hc[n] + bx * B[n];       /* the state stays f32 */
                s += (double)lt_mdl_rnd(M, hc[n]) * C[n];
            }
            y[c] = lt_mdl_rnd(M, lt_mdl_rnd(M, lt_mdl_rnd(M, (float)s) + lt_mdl_rnd(M, l->D[c] * xc[c])) * lt_mdl_rnd(M, lt_mdl_silu(z[c])));
        }
    }
    lt_mdl_linear_m(M, O, D, l->mo_w, l->mo_b, Y, Di, T, D, Di);
    lt_mdl_rnd_all(M, O, (size_t)T * D);
    lt_mdl_add(X, O, (size_t)T * D, M);
}

static size_t mamba_work(const lt_model_struct *M, long T)
{
    return (size_t)T * (3 * (size_t)M->d_model + 5 * (size_t)M->d_inner + (size_t)M->dt_rank + 2 * (size_t)M->d_state)
           + (size_t)M->d_inner * M->d_state;
}

/* the final norm reads the residual as it is (f32 or rounded) */
static void mamba_final(float *Y, const float *X, const lt_model_struct *M, long T)
{
    lt_mdl_rmsnorm(Y, X, M->norm_f, T, M->d_model, M->eps, M, 0, !M->residual_fp32);
}

/* A = -exp(A_log.float()), in f32 */
static void mamba_prepare(lt_model_struct *M)
{
    for (int i = 0; i < M->n_layers; i++)
        for (size_t j = 0; j < (size_t)M->d_inner * M->d_state; j++) M->layers[i].A[j] = -expf(M->layers[i].A_log[j]);
}

/* |log exp(dt A)| = dt |A|; signed: |log(2 exp(dt A) - 1)| */
static void mamba_norms(double *g, const lt_model_struct *M, const float *X, long T, float *w)
{
    int D = M->d_model, N = M->d_state, Di = M->d_inner, R = M->dt_rank, P = R + 2 * N;
    const lt_model_layer *l = &M->layers[0];
    float *U = w, *XZ = U + (size_t)T * D, *XC = XZ + (size_t)T * 2 * Di, *PP = XC + (size_t)T * Di, *DT = PP + (size_t)T * P;
    mamba_steps(U, XZ, XC, PP, DT, X, M, l, T);
    for (long t = 0; t < T; t++) {
        double m = 0;
        for (int c = 0; c < Di; c++) {
            double d = lt_mdl_rnd(M, lt_mdl_softplus(DT[(size_t)t * Di + c]));
            for (int n = 0; n < N; n++) {
                double x = (double)l->A[(size_t)c * N + n] * d;
                double v = M->eig == LT_EIG_SIGNED ? lt_mdl_real_log_norm(2 * exp(x) - 1) : fabs(x);
                if (!(v <= m)) m = v;
            }
        }
        g[t] = m;
    }
}

static const char *mamba_layer_name(const lt_model_struct *M)
{
    return M->eig == LT_EIG_SIGNED ? "signed Mamba" : "Mamba";
}

static void mamba_family(lt_arch *a, const lt_model_struct *M)
{
    a->householders = 0;
    a->kind = M->eig == LT_EIG_SIGNED ? LT_FAM_DIAG_SIGNED : LT_FAM_DIAG_POSITIVE;
}

static long mamba_transition_size(const lt_model_struct *M)
{
    return (long)M->d_inner * M->d_state;
}

/* diag(exp(dt_c A_cn)) over the state (c, n) at index c * d_state + n;
   signed: 2 exp(dt A) - 1 */
static void mamba_transitions(double *A, const lt_model_struct *M, int i, const float *X, long T, float *w)
{
    int D = M->d_model, N = M->d_state, Di = M->d_inner, R = M->dt_rank, P = R + 2 * N;
    long n = mamba_transition_size(M);
    const lt_model_layer *l = &M->layers[i];
    float *U = w, *XZ = U + (size_t)T * D, *XC = XZ + (size_t)T * 2 * Di, *PP = XC + (size_t)T * Di, *DT = PP + (size_t)T * P;
    mamba_steps(U, XZ, XC, PP, DT, X, M, l, T);
    memset(A, 0, (size_t)T * n * n * sizeof *A);
    for (long t = 0; t < T; t++)
        for (int c = 0; c < Di; c++) {
            double d = lt_mdl_rnd(M, lt_mdl_softplus(DT[(size_t)t * Di + c]));
            for (int k = 0; k < N; k++) {
                long j = (long)c * N + k;
                double a = exp((double)l->A[j] * d);
                A[(size_t)t * n * n + (size_t)j * n + j] = M->eig == LT_EIG_SIGNED ? 2 * a - 1 : a;
            }
        }
}

/* the convolution reads earlier tokens unless its kernel is one wide */
static int mamba_token_local(const lt_model_struct *M)
{
    return M->conv_k == 1;
}

const lt_mdl_ops lt_mdl_mamba = {.name = "mamba", .layer_name = mamba_layer_name, .family = mamba_family,
                                 .work = mamba_work, .layer = mamba_layer, .final_norm = mamba_final,
                                 .prepare = mamba_prepare, .norms = mamba_norms,
                                 .transition_size = mamba_transition_size, .transitions = mamba_transitions,
                                 .token_local = mamba_token_local, .rounds = 1};
