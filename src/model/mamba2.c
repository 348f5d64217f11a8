/* Mamba-2: Dao and Gu, "Transformers are SSMs" (ICML 2024), in the layout
   of transformers' Mamba2ForCausalLM (src/transformers/models/mamba2/
   modeling_mamba2.py, Mamba2Mixer.torch_forward), computed as the
   recurrence its chunked scan equals: per head h (of H, head_dim P, state
   N, B and C shared by the H/G heads of a group)
       S_h <- exp(dt_h A_h) S_h + dt_h x_h B_g^T,   y_h = S_h C_g + D_h x_h,
   dt = clamp(softplus(dt_raw + dt_bias), time_step_limit), A = -exp(A_log);
   then the gated RMS norm (MambaRMSNormGated: y silu(z) normalised over
   all d_inner channels) and out_proj; the state and the norm in double. The signed variant (lietool's key
   signed_eigenvalues, as for Mamba-1) takes 2 exp(dt A) - 1
   (lietool-formats(5), mamba2). Under bf16/f16 the layer rounds where
   torch_forward rounds after model.to(dtype) on the CPU, each op computed
   in f32 and rounded once: the block's norm (as Mamba-1's), in_proj, the
   convolution and its silu, dt + dt_bias, softplus (and the clamp); the
   scan and the gated norm stay f32 there (torch_forward upcasts x, B, C
   and dt), so only their output is rounded, before out_proj, whose output
   is rounded too (scripts/zoo/mamba2.py forward_reduced). They run in
   double here, the gate's silu included under bf16/f16: torch's f32
   result depends on its chunked algorithm, and the gated norm magnifies
   such differences where the RMS of y silu(z) is small. */
#include <math.h>
#include <string.h>
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
    lt_mdl_linear(Z, Pd, l->in_w, l->in_b, U, D, T, Pd, D);
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

static void m2_layer(float *X, const lt_model_struct *M, int i, long T, float *w)
{
    const lt_model_layer *l = &M->layers[i];
    int D = M->d_model, N = M->d_state, Di = M->d_inner, Cd = conv_dim(M), Pd = proj_dim(M), H = M->m2_heads,
        P = M->m2_head_dim, hpg = H / M->m2_groups;
    float *U = w, *Z = U + (size_t)T * D, *XC = Z + (size_t)T * Pd, *DT = XC + (size_t)T * Cd, *Y = DT + (size_t)T * H,
          *O = Y + (size_t)T * Di;
    /* the state and y in double: the gated norm divides by the RMS of
       y silu(z), which can be small, and would magnify f32 rounding */
    double *S = lt_calloc((size_t)Di * N + 3 * (size_t)Di, sizeof *S), *y = S + (size_t)Di * N, *xd = y + Di,
           *dx = xd + Di;
    m2_steps(U, Z, XC, DT, X, M, l, T);
    for (long t = 0; t < T; t++) {
        const float *xc = XC + (size_t)t * Cd, *z = Z + (size_t)t * Pd;
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
        double ss = 0;                              /* MambaRMSNormGated: y silu(z), normalised */
        for (int c = 0; c < Di; c++) {              /* bf16/f16: silu in double too (see the top) */
            y[c] *= M->compute == LT_COMPUTE_F32 ? lt_mdl_silu(z[c]) : z[c] / (1 + exp(-(double)z[c]));
            ss += y[c] * y[c];
        }
        double r = 1 / sqrt(ss / Di + M->eps);
        for (int c = 0; c < Di; c++) Y[(size_t)t * Di + c] = lt_mdl_rnd(M, (float)(l->gnorm[c] * (y[c] * r)));
    }
    lt_free(S);
    lt_mdl_linear(O, D, l->mo_w, l->mo_b, Y, Di, T, D, Di);
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
