/* Forward passes of the trained models: lietool-diag and Mamba-1.
   Mamba: Gu and Dao, "Mamba: Linear-Time Sequence Modeling with Selective
   State Spaces" (2023), in the layout of the Hugging Face MambaMixer
   (sequential scan, as its slow path); the signed variant takes the
   transition 2 exp(dt A) - 1 so that its eigenvalues lie in [-1, 1]
   (Grazzi et al., "Unlocking State-Tracking in Linear RNNs Through
   Negative Eigenvalues", ICLR 2025). Single precision storage, double
   accumulation in the matrix-vector products. Under bf16/f16 a Mamba
   model, in either layout, rounds where transformers' MambaForCausalLM
   rounds after model.to(dtype) on the CPU (modeling_mamba.py, slow path),
   each op computed in f32 and rounded once; tests/check-checkpoints.sh
   holds it to torch itself (scripts/ckpt_reference.py forward_bf16). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cblas.h>
#include "lietool/model.h"
#include "lietool/safetensors.h"

void lt_model_init(lt_model_t M)
{
    memset(M, 0, sizeof *M);
}

void lt_model_clear(lt_model_t M)
{
    for (int i = 0; i < M->nweights; i++) lt_free(M->weights[i]);
    lt_free(M->weights);
    lt_free(M->sizes);
    lt_free(M->layers);
}

const char *lt_model_arch_name(const lt_model_t M)
{
    return M->arch == LT_ARCH_DIAG ? "lietool-diag" : "mamba";
}

const char *lt_model_layout_name(const lt_model_t M)
{
    return M->layout == LT_LAYOUT_DIAG ? "lietool-diag" : M->layout == LT_LAYOUT_HF_MAMBA ? "Hugging Face" : "mamba_ssm";
}

const char *lt_model_compute_name(lt_model_compute c)
{
    return c == LT_COMPUTE_BF16 ? "bf16" : c == LT_COMPUTE_F16 ? "f16" : "f32";
}

/* ---- rounding to the compute precision ---- */

/* x rounded to the nearest f16 (ties to even), overflow to infinity */
static float to_f16(float x)
{
    if (!isfinite(x)) return x;
    float a = fabsf(x);
    if (a >= 65520.0f) return copysignf(INFINITY, x);
    if (a < 6.103515625e-05f) return copysignf(nearbyintf(a * 16777216.0f) / 16777216.0f, x);  /* subnormal: 2^-24 steps */
    int e;
    frexpf(a, &e);
    float q = ldexpf(1.0f, e - 11);         /* 11 significant bits */
    return copysignf(nearbyintf(a / q) * q, x);
}

static float to_bf16(float x)
{
    return lt_st_bf16_to_float(lt_st_float_to_bf16(x));
}

static float rnd(const lt_model_struct *M, float x)
{
    return M->compute == LT_COMPUTE_BF16 ? to_bf16(x) : M->compute == LT_COMPUTE_F16 ? to_f16(x) : x;
}

static void rnd_all(const lt_model_struct *M, float *x, size_t n)
{
    if (M->compute == LT_COMPUTE_F32) return;
    for (size_t i = 0; i < n; i++) x[i] = rnd(M, x[i]);
}

void lt_model_set_compute(lt_model_t M, lt_model_compute c)
{
    M->compute = c == LT_COMPUTE_CONFIG ? M->config_compute : c;
    for (int i = 0; i < M->nparams; i++) rnd_all(M, M->weights[i], M->sizes[i]);
    if (M->arch == LT_ARCH_MAMBA)           /* A = -exp(A_log.float()), in f32 */
        for (int i = 0; i < M->n_layers; i++)
            for (size_t j = 0; j < (size_t)M->d_inner * M->d_state; j++)
                M->layers[i].A[j] = -expf(M->layers[i].A_log[j]);
}

const char *lt_model_layer_name(const lt_model_t M)
{
    if (M->arch == LT_ARCH_MAMBA) return M->eig == LT_EIG_SIGNED ? "signed Mamba" : "Mamba";
    return M->eig == LT_EIG_SIGNED ? "signed diagonal" : M->eig == LT_EIG_COMPLEX ? "complex diagonal" : "positive diagonal";
}

lt_status lt_model_check_group(const lt_model_t M, const char *name, long n, const char *group, lt_err_t err)
{
    if (M->vocab < n || M->classes < n)
        return lt_err_set(err, LT_EINPUT, "%s: the model has vocab_size %d and %d classes; %s has %ld elements",
                          name, M->vocab, M->classes, group, n);
    return LT_OK;
}

/* ---- forward ---- */
/* Every projection is applied to all positions at once (one SGEMM); only
   the recurrences run position by position. */

/* Y (T x m, row stride ldy) = X (T x n, row stride ldx) W^T (+ b), W m x n. */
static void linear(float *Y, int ldy, const float *W, const float *b, const float *X, int ldx, long T, int m, int n)
{
    if (b) for (long t = 0; t < T; t++) memcpy(Y + (size_t)t * ldy, b, (size_t)m * sizeof *Y);
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, (int)T, m, n, 1.0f, X, ldx, W, n, b ? 1.0f : 0.0f, Y, ldy);
}

/* Row by row: Y = w * X / sqrt(mean(X^2) + eps), in f32. Under bf16/f16,
   as transformers' MambaBlock and MambaRMSNorm: the input is first cast to
   the compute type (cast = 1: a block's norm; the final norm reads the
   residual as it is); the normalised x is cast back to the input's type
   before the weight multiplies it (twice = 1: when that type is the compute
   type), and the product is rounded (the logits' linear map reads it so). */
static void rmsnorm(float *Y, const float *X, const float *w, long T, int n, float eps, const lt_model_struct *M,
                    int cast, int twice)
{
    for (long t = 0; t < T; t++) {
        const float *x = X + (size_t)t * n;
        float *y = Y + (size_t)t * n;
        double s = 0;
        for (int j = 0; j < n; j++) { float xj = cast ? rnd(M, x[j]) : x[j]; s += (double)xj * xj; }
        float r = 1.0f / sqrtf((float)(s / n) + eps);
        for (int j = 0; j < n; j++) {
            float xj = cast ? rnd(M, x[j]) : x[j], u = xj * r;
            y[j] = rnd(M, w[j] * (twice ? rnd(M, u) : u));
        }
    }
}

/* the residual stream after an add: kept in f32 (residual_in_fp32) or rounded */
static void add(float *X, const float *Y, size_t n, const lt_model_struct *M)
{
    for (size_t i = 0; i < n; i++) X[i] = M->residual_fp32 ? X[i] + Y[i] : rnd(M, X[i] + Y[i]);
}
static float sigmoidf(float x) { return 1.0f / (1.0f + expf(-x)); }
static float siluf(float x) { return x * sigmoidf(x); }
static float softplusf(float x) { return x > 20.0f ? x : log1pf(expf(x)); }
static float geluf(float x) { return 0.5f * x * (1.0f + erff(x * 0.70710678118654752f)); }

/* A lietool-diag layer's gates: U (T x D) the normed input, ZA (T x N)
   and, complex, TH (T x N) the angles. */
static void diag_gates(float *U, float *ZA, float *TH, const float *X, const lt_model_t M, const lt_model_layer *l, long T)
{
    int D = M->d_model, N = M->d_state;
    rmsnorm(U, X, l->norm, T, D, M->eps, M, 1, 1);
    linear(ZA, N, l->a_w, l->a_b, U, D, T, N, D);
    rnd_all(M, ZA, (size_t)T * N);
    if (M->eig == LT_EIG_COMPLEX) { linear(TH, N, l->th_w, l->th_b, U, D, T, N, D); rnd_all(M, TH, (size_t)T * N); }
}

static void diag_layer(float *X, const lt_model_t M, const lt_model_layer *l, long T, float *w)
{
    int D = M->d_model, N = M->d_state, cx = M->eig == LT_EIG_COMPLEX, SN = cx ? 2 * N : N, Mm = M->d_mlp;
    float *U = w, *ZA = U + (size_t)T * D, *TH = ZA + (size_t)T * N, *BV = TH + (size_t)T * N,
          *H = BV + (size_t)T * SN, *Y = H + (size_t)T * SN, *MM = Y + (size_t)T * D;
    diag_gates(U, ZA, TH, X, M, l, T);
    linear(BV, SN, l->b_w, l->b_b, U, D, T, SN, D);
    rnd_all(M, BV, (size_t)T * SN);
    for (long t = 0; t < T; t++) {
        const float *za = ZA + (size_t)t * N, *bv = BV + (size_t)t * SN;
        const float *hp = t ? H + (size_t)(t - 1) * SN : NULL;
        float *h = H + (size_t)t * SN;
        if (cx) {
            const float *th = TH + (size_t)t * N;
            for (int n = 0; n < N; n++) {
                float r = rnd(M, sigmoidf(za[n])), ar = rnd(M, r * rnd(M, cosf(th[n]))), ai = rnd(M, r * rnd(M, sinf(th[n])));
                float hr = hp ? hp[n] : 0, hi = hp ? hp[N + n] : 0;
                h[n] = rnd(M, ar * hr - ai * hi + bv[n]);
                h[N + n] = rnd(M, ar * hi + ai * hr + bv[N + n]);
            }
        } else
            for (int n = 0; n < N; n++) {
                float a = M->eig == LT_EIG_SIGNED ? 2.0f * sigmoidf(za[n]) - 1.0f : sigmoidf(za[n]);
                h[n] = rnd(M, rnd(M, a) * (hp ? hp[n] : 0) + bv[n]);
            }
    }
    linear(Y, D, l->out_w, l->out_b, H, SN, T, D, SN);
    rnd_all(M, Y, (size_t)T * D);
    add(X, Y, (size_t)T * D, M);
    if (Mm > 0) {
        rmsnorm(U, X, l->mlp_norm, T, D, M->eps, M, 1, 1);
        linear(MM, Mm, l->fc1_w, l->fc1_b, U, D, T, Mm, D);
        for (size_t i = 0; i < (size_t)T * Mm; i++) MM[i] = rnd(M, geluf(rnd(M, MM[i])));
        linear(Y, D, l->fc2_w, l->fc2_b, MM, Mm, T, D, Mm);
        rnd_all(M, Y, (size_t)T * D);
        add(X, Y, (size_t)T * D, M);
    }
}

/* A Mamba layer up to its step sizes: U (T x D) the normed input, XZ
   (T x 2 d_inner) the input projection, XC (T x d_inner) after the causal
   convolution and silu, PP (T x (dt_rank + 2 d_state)) x_proj's output, DT
   (T x d_inner) dt_proj's output before softplus. */
static void mamba_steps(float *U, float *XZ, float *XC, float *PP, float *DT, const float *X, const lt_model_t M,
                        const lt_model_layer *l, long T)
{
    int D = M->d_model, N = M->d_state, Di = M->d_inner, R = M->dt_rank, Kc = M->conv_k, P = R + 2 * N;
    rmsnorm(U, X, l->norm, T, D, M->eps, M, 1, 1);
    linear(XZ, 2 * Di, l->in_w, l->in_b, U, D, T, 2 * Di, D);
    rnd_all(M, XZ, (size_t)T * 2 * Di);
    for (long t = 0; t < T; t++)                    /* causal depthwise convolution */
        for (int c = 0; c < Di; c++) {
            double s = l->conv_b ? l->conv_b[c] : 0;
            for (int k = 0; k < Kc; k++) {          /* weight k meets input t - (Kc-1) + k */
                long tt = t - (Kc - 1) + k;
                if (tt >= 0) s += (double)l->conv_w[(size_t)c * Kc + k] * XZ[(size_t)tt * 2 * Di + c];
            }
            XC[(size_t)t * Di + c] = rnd(M, siluf(rnd(M, (float)s)));
        }
    linear(PP, P, l->x_w, NULL, XC, Di, T, P, Di);
    rnd_all(M, PP, (size_t)T * P);
    linear(DT, Di, l->dt_w, l->dt_b, PP, P, T, Di, R);
    rnd_all(M, DT, (size_t)T * Di);
}

static void mamba_layer(float *X, const lt_model_t M, const lt_model_layer *l, long T, float *w)
{
    int D = M->d_model, N = M->d_state, Di = M->d_inner, R = M->dt_rank, P = R + 2 * N;
    float *U = w, *XZ = U + (size_t)T * D, *XC = XZ + (size_t)T * 2 * Di, *PP = XC + (size_t)T * Di,
          *DT = PP + (size_t)T * P, *Y = DT + (size_t)T * Di, *O = Y + (size_t)T * Di, *h = O + (size_t)T * D;
    mamba_steps(U, XZ, XC, PP, DT, X, M, l, T);
    memset(h, 0, (size_t)Di * N * sizeof *h);
    for (long t = 0; t < T; t++) {
        const float *B = PP + (size_t)t * P + R, *C = B + N, *xc = XC + (size_t)t * Di, *z = XZ + (size_t)t * 2 * Di + Di;
        const float *dt = DT + (size_t)t * Di;
        float *y = Y + (size_t)t * Di;
        for (int c = 0; c < Di; c++) {
            float d = rnd(M, softplusf(dt[c])), bx = d * xc[c];
            float *hc = h + (size_t)c * N;
            const float *A = l->A + (size_t)c * N;
            double s = 0;
            for (int n = 0; n < N; n++) {
                float a = expf(A[n] * d);
                if (M->eig == LT_EIG_SIGNED) a = 2.0f * a - 1.0f;
                hc[n] = a * hc[n] + bx * B[n];       /* the state stays f32 */
                s += (double)rnd(M, hc[n]) * C[n];
            }
            y[c] = rnd(M, rnd(M, rnd(M, (float)s) + rnd(M, l->D[c] * xc[c])) * rnd(M, siluf(z[c])));
        }
    }
    linear(O, D, l->mo_w, l->mo_b, Y, Di, T, D, Di);
    rnd_all(M, O, (size_t)T * D);
    add(X, O, (size_t)T * D, M);
}

void lt_model_forward(float *logits, const lt_model_t M, const int *tokens, long T)
{
    int D = M->d_model;
    float *X = lt_malloc(((size_t)T * D + 1) * sizeof *X);
    size_t per = M->arch == LT_ARCH_DIAG
        ? (size_t)2 * D + 6 * (size_t)M->d_state + M->d_mlp
        : (size_t)2 * D + 5 * (size_t)M->d_inner + M->dt_rank + 2 * (size_t)M->d_state;
    size_t extra = M->arch == LT_ARCH_MAMBA ? (size_t)M->d_inner * M->d_state : 0;
    float *w = lt_malloc(((size_t)T * (per + D) + extra + 1) * sizeof *w);
    for (long t = 0; t < T; t++) memcpy(X + (size_t)t * D, M->embed + (size_t)tokens[t] * D, (size_t)D * sizeof *X);
    for (int i = 0; i < M->n_layers; i++) {
        if (M->arch == LT_ARCH_DIAG) diag_layer(X, M, &M->layers[i], T, w);
        else mamba_layer(X, M, &M->layers[i], T, w);
    }
    int diag = M->arch == LT_ARCH_DIAG;
    rmsnorm(w, X, M->norm_f, T, D, M->eps, M, diag, !diag && !M->residual_fp32);
    linear(logits, M->classes, M->head_w, M->head_b, w, D, T, M->classes, D);
    rnd_all(M, logits, (size_t)T * M->classes);
    lt_free(w);
    lt_free(X);
}

/* |log z| for z = 2 e^x - 1 (a signed transition, x <= 0): the principal
   logarithm, log|z| + i pi for z < 0; infinite at z = 0. */
static double signed_log_norm(double z)
{
    if (z == 0) return INFINITY;
    return z > 0 ? fabs(log(z)) : hypot(log(-z), M_PI);
}

/* -log sigma(z), without overflow. */
static double neg_log_sigmoid(double z)
{
    return z > 0 ? log1p(exp(-z)) : -z + log1p(exp(z));
}

void lt_model_transition_norms(double *g, const lt_model_t M, const int *tokens, long T)
{
    int D = M->d_model, N = M->d_state;
    float *X = lt_malloc(((size_t)T * D + 1) * sizeof *X);
    size_t per = M->arch == LT_ARCH_DIAG
        ? (size_t)2 * D + 6 * (size_t)N + M->d_mlp
        : (size_t)2 * D + 5 * (size_t)M->d_inner + M->dt_rank + 2 * (size_t)N;
    float *w = lt_malloc(((size_t)T * (per + D) + 1) * sizeof *w);
    for (long t = 0; t < T; t++) memcpy(X + (size_t)t * D, M->embed + (size_t)tokens[t] * D, (size_t)D * sizeof *X);
    const lt_model_layer *l = &M->layers[0];
    if (M->arch == LT_ARCH_DIAG) {
        float *U = w, *ZA = U + (size_t)T * D, *TH = ZA + (size_t)T * N;
        diag_gates(U, ZA, TH, X, M, l, T);
        for (long t = 0; t < T; t++) {
            double m = 0;
            for (int n = 0; n < N; n++) {
                double z = ZA[(size_t)t * N + n], v;
                if (M->eig == LT_EIG_COMPLEX) {     /* r e^{i theta}: log r + i theta, theta in (-pi, pi] */
                    double th = TH[(size_t)t * N + n];
                    th -= 2 * M_PI * ceil((th - M_PI) / (2 * M_PI));
                    v = hypot(neg_log_sigmoid(z), th);
                } else if (M->eig == LT_EIG_SIGNED) v = signed_log_norm(tanh(z / 2));     /* 2 sigma(z) - 1 */
                else v = neg_log_sigmoid(z);
                if (!(v <= m)) m = v;
            }
            g[t] = m;
        }
    } else {
        int Di = M->d_inner, R = M->dt_rank, P = R + 2 * N;
        float *U = w, *XZ = U + (size_t)T * D, *XC = XZ + (size_t)T * 2 * Di, *PP = XC + (size_t)T * Di,
              *DT = PP + (size_t)T * P;
        mamba_steps(U, XZ, XC, PP, DT, X, M, l, T);
        for (long t = 0; t < T; t++) {
            double m = 0;
            for (int c = 0; c < Di; c++) {
                double d = rnd(M, softplusf(DT[(size_t)t * Di + c]));
                for (int n = 0; n < N; n++) {
                    double x = (double)l->A[(size_t)c * N + n] * d;      /* log exp(dt A) */
                    double v = M->eig == LT_EIG_SIGNED ? signed_log_norm(2 * exp(x) - 1) : fabs(x);
                    if (!(v <= m)) m = v;
                }
            }
            g[t] = m;
        }
    }
    lt_free(w);
    lt_free(X);
}

lt_status lt_model_element_norms(double *norm, const lt_model_t M, const lt_words_t W, long n, long offset, lt_err_t err)
{
    for (long x = 0; x < n; x++) norm[x] = -1;
    if (offset < 0 || n + offset > M->vocab)
        return lt_err_set(err, LT_EINPUT, "elements 0..%ld at token offset %ld do not fit the model's %d tokens", n - 1, offset,
                          M->vocab);
    long Tmax = W->max_len > 0 ? W->max_len : 1;
    int *tok = lt_malloc((size_t)Tmax * sizeof *tok);
    double *g = lt_malloc((size_t)Tmax * sizeof *g);
    for (long i = 0; i < W->n; i++) {
        long T = W->len[i];
        for (long t = 0; t < T; t++) tok[t] = W->input[i][t] + (int)offset;
        lt_model_transition_norms(g, M, tok, T);
        for (long t = 0; t < T; t++) {
            long x = W->input[i][t];
            if (x >= 0 && x < n && !(g[t] <= norm[x])) norm[x] = g[t];
        }
    }
    lt_free(tok);
    lt_free(g);
    for (long x = 0; x < n; x++)
        if (norm[x] < 0)
            return lt_err_set(err, LT_EINPUT, "element %ld never occurs in the %ld words: give more --samples", x, W->n);
    return LT_OK;
}
