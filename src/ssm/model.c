/* Forward passes of the trained models: lietool-diag and Mamba-1.
   Mamba: Gu and Dao, "Mamba: Linear-Time Sequence Modeling with Selective
   State Spaces" (2023), in the layout of the Hugging Face MambaMixer
   (sequential scan, as its slow path); the signed variant takes the
   transition 2 exp(dt A) - 1 so that its eigenvalues lie in [-1, 1]
   (Grazzi et al., "Unlocking State-Tracking in Linear RNNs Through
   Negative Eigenvalues", ICLR 2025). Single precision storage, double
   accumulation in the matrix-vector products. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cblas.h>
#include "lietool/model.h"

void lt_model_init(lt_model_t M)
{
    memset(M, 0, sizeof *M);
}

void lt_model_clear(lt_model_t M)
{
    for (int i = 0; i < M->nweights; i++) lt_free(M->weights[i]);
    lt_free(M->weights);
    lt_free(M->layers);
}

const char *lt_model_arch_name(const lt_model_t M)
{
    return M->arch == LT_ARCH_DIAG ? "lietool-diag" : "mamba";
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

/* Row by row: Y = w * X / sqrt(mean(X^2) + eps). */
static void rmsnorm(float *Y, const float *X, const float *w, long T, int n, float eps)
{
    for (long t = 0; t < T; t++) {
        const float *x = X + (size_t)t * n;
        float *y = Y + (size_t)t * n;
        double s = 0;
        for (int j = 0; j < n; j++) s += (double)x[j] * x[j];
        float r = 1.0f / sqrtf((float)(s / n) + eps);
        for (int j = 0; j < n; j++) y[j] = w[j] * (x[j] * r);
    }
}

static void add(float *X, const float *Y, size_t n)
{
    for (size_t i = 0; i < n; i++) X[i] += Y[i];
}

static float sigmoidf(float x) { return 1.0f / (1.0f + expf(-x)); }
static float siluf(float x) { return x * sigmoidf(x); }
static float softplusf(float x) { return x > 20.0f ? x : log1pf(expf(x)); }
static float geluf(float x) { return 0.5f * x * (1.0f + erff(x * 0.70710678118654752f)); }

static void diag_layer(float *X, const lt_model_t M, const lt_model_layer *l, long T, float *w)
{
    int D = M->d_model, N = M->d_state, cx = M->eig == LT_EIG_COMPLEX, SN = cx ? 2 * N : N, Mm = M->d_mlp;
    float *U = w, *ZA = U + (size_t)T * D, *TH = ZA + (size_t)T * N, *BV = TH + (size_t)T * N,
          *H = BV + (size_t)T * SN, *Y = H + (size_t)T * SN, *MM = Y + (size_t)T * D;
    rmsnorm(U, X, l->norm, T, D, M->eps);
    linear(ZA, N, l->a_w, l->a_b, U, D, T, N, D);
    linear(BV, SN, l->b_w, l->b_b, U, D, T, SN, D);
    if (cx) linear(TH, N, l->th_w, l->th_b, U, D, T, N, D);
    for (long t = 0; t < T; t++) {
        const float *za = ZA + (size_t)t * N, *bv = BV + (size_t)t * SN;
        const float *hp = t ? H + (size_t)(t - 1) * SN : NULL;
        float *h = H + (size_t)t * SN;
        if (cx) {
            const float *th = TH + (size_t)t * N;
            for (int n = 0; n < N; n++) {
                float r = sigmoidf(za[n]), ar = r * cosf(th[n]), ai = r * sinf(th[n]);
                float hr = hp ? hp[n] : 0, hi = hp ? hp[N + n] : 0;
                h[n] = ar * hr - ai * hi + bv[n];
                h[N + n] = ar * hi + ai * hr + bv[N + n];
            }
        } else
            for (int n = 0; n < N; n++) {
                float a = M->eig == LT_EIG_SIGNED ? 2.0f * sigmoidf(za[n]) - 1.0f : sigmoidf(za[n]);
                h[n] = a * (hp ? hp[n] : 0) + bv[n];
            }
    }
    linear(Y, D, l->out_w, l->out_b, H, SN, T, D, SN);
    add(X, Y, (size_t)T * D);
    if (Mm > 0) {
        rmsnorm(U, X, l->mlp_norm, T, D, M->eps);
        linear(MM, Mm, l->fc1_w, l->fc1_b, U, D, T, Mm, D);
        for (size_t i = 0; i < (size_t)T * Mm; i++) MM[i] = geluf(MM[i]);
        linear(Y, D, l->fc2_w, l->fc2_b, MM, Mm, T, D, Mm);
        add(X, Y, (size_t)T * D);
    }
}

static void mamba_layer(float *X, const lt_model_t M, const lt_model_layer *l, long T, float *w)
{
    int D = M->d_model, N = M->d_state, Di = M->d_inner, R = M->dt_rank, Kc = M->conv_k, P = R + 2 * N;
    float *U = w, *XZ = U + (size_t)T * D, *XC = XZ + (size_t)T * 2 * Di, *PP = XC + (size_t)T * Di,
          *DT = PP + (size_t)T * P, *Y = DT + (size_t)T * Di, *O = Y + (size_t)T * Di, *h = O + (size_t)T * D;
    rmsnorm(U, X, l->norm, T, D, M->eps);
    linear(XZ, 2 * Di, l->in_w, l->in_b, U, D, T, 2 * Di, D);
    for (long t = 0; t < T; t++)                    /* causal depthwise convolution */
        for (int c = 0; c < Di; c++) {
            double s = l->conv_b ? l->conv_b[c] : 0;
            for (int k = 0; k < Kc; k++) {          /* weight k meets input t - (Kc-1) + k */
                long tt = t - (Kc - 1) + k;
                if (tt >= 0) s += (double)l->conv_w[(size_t)c * Kc + k] * XZ[(size_t)tt * 2 * Di + c];
            }
            XC[(size_t)t * Di + c] = siluf((float)s);
        }
    linear(PP, P, l->x_w, NULL, XC, Di, T, P, Di);
    linear(DT, Di, l->dt_w, l->dt_b, PP, P, T, Di, R);
    memset(h, 0, (size_t)Di * N * sizeof *h);
    for (long t = 0; t < T; t++) {
        const float *B = PP + (size_t)t * P + R, *C = B + N, *xc = XC + (size_t)t * Di, *z = XZ + (size_t)t * 2 * Di + Di;
        const float *dt = DT + (size_t)t * Di;
        float *y = Y + (size_t)t * Di;
        for (int c = 0; c < Di; c++) {
            float d = softplusf(dt[c]), bx = d * xc[c];
            float *hc = h + (size_t)c * N;
            const float *A = l->A + (size_t)c * N;
            double s = 0;
            for (int n = 0; n < N; n++) {
                float a = expf(A[n] * d);
                if (M->eig == LT_EIG_SIGNED) a = 2.0f * a - 1.0f;
                hc[n] = a * hc[n] + bx * B[n];
                s += (double)hc[n] * C[n];
            }
            y[c] = ((float)s + l->D[c] * xc[c]) * siluf(z[c]);
        }
    }
    linear(O, D, l->mo_w, l->mo_b, Y, Di, T, D, Di);
    add(X, O, (size_t)T * D);
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
    rmsnorm(w, X, M->norm_f, T, D, M->eps);
    linear(logits, M->classes, M->head_w, M->head_b, w, D, T, M->classes, D);
    lt_free(w);
    lt_free(X);
}
