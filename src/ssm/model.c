/* Trained models (lietool/model.h): what every architecture shares, the
   rounding to the compute precision and the kernels of src/ssm/model_impl.h,
   and the dispatch to each architecture's own file (model_<name>.c).
   Single precision storage, double accumulation in the matrix-vector
   products. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cblas.h>
#include "lietool/safetensors.h"
#include "model_impl.h"

static const lt_mdl_ops *const arch_ops[] = {
    [LT_ARCH_DIAG] = &lt_mdl_diag,
    [LT_ARCH_MAMBA] = &lt_mdl_mamba,
    [LT_ARCH_MAMBA2] = &lt_mdl_mamba2,
    [LT_ARCH_ATTN] = &lt_mdl_attn,
};

static const lt_mdl_ops *ops(const lt_model_struct *M)
{
    return arch_ops[M->arch];
}

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
    return ops(M)->name;
}

const char *lt_model_layout_name(const lt_model_t M)
{
    switch (M->layout) {
    case LT_LAYOUT_DIAG: return "lietool-diag";
    case LT_LAYOUT_HF_MAMBA: case LT_LAYOUT_HF_MAMBA2: return "Hugging Face";
    case LT_LAYOUT_FLA: return "flash-linear-attention";
    default: return "mamba_ssm";
    }
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

float lt_mdl_rnd(const lt_model_struct *M, float x)
{
    return M->compute == LT_COMPUTE_BF16 ? to_bf16(x) : M->compute == LT_COMPUTE_F16 ? to_f16(x) : x;
}

void lt_mdl_rnd_all(const lt_model_struct *M, float *x, size_t n)
{
    if (M->compute == LT_COMPUTE_F32) return;
    for (size_t i = 0; i < n; i++) x[i] = lt_mdl_rnd(M, x[i]);
}

void lt_model_set_compute(lt_model_t M, lt_model_compute c)
{
    M->compute = c == LT_COMPUTE_CONFIG ? M->config_compute : c;
    for (int i = 0; i < M->nparams; i++) lt_mdl_rnd_all(M, M->weights[i], M->sizes[i]);
    if (ops(M)->prepare) ops(M)->prepare(M);
}

const char *lt_model_layer_name(const lt_model_t M)
{
    return ops(M)->layer_name(M);
}

void lt_model_family(lt_arch *a, const lt_model_t M)
{
    ops(M)->family(a, M);
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

void lt_mdl_linear(float *Y, int ldy, const float *W, const float *b, const float *X, int ldx, long T, int m, int n)
{
    if (b) for (long t = 0; t < T; t++) memcpy(Y + (size_t)t * ldy, b, (size_t)m * sizeof *Y);
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, (int)T, m, n, 1.0f, X, ldx, W, n, b ? 1.0f : 0.0f, Y, ldy);
}

/* Row by row, in f32 (model_impl.h). */
void lt_mdl_rmsnorm(float *Y, const float *X, const float *w, long T, int n, float eps, const lt_model_struct *M,
                    int cast, int twice)
{
    for (long t = 0; t < T; t++) {
        const float *x = X + (size_t)t * n;
        float *y = Y + (size_t)t * n;
        double s = 0;
        for (int j = 0; j < n; j++) { float xj = cast ? lt_mdl_rnd(M, x[j]) : x[j]; s += (double)xj * xj; }
        float r = 1.0f / sqrtf((float)(s / n) + eps);
        for (int j = 0; j < n; j++) {
            float xj = cast ? lt_mdl_rnd(M, x[j]) : x[j], u = xj * r;
            y[j] = lt_mdl_rnd(M, w[j] * (twice ? lt_mdl_rnd(M, u) : u));
        }
    }
}

void lt_mdl_add(float *X, const float *Y, size_t n, const lt_model_struct *M)
{
    for (size_t i = 0; i < n; i++) X[i] = M->residual_fp32 ? X[i] + Y[i] : lt_mdl_rnd(M, X[i] + Y[i]);
}

void lt_model_forward(float *logits, const lt_model_t M, const int *tokens, long T)
{
    int D = M->d_model;
    float *X = lt_malloc(((size_t)T * D + 1) * sizeof *X);
    float *w = lt_malloc((ops(M)->work(M, T) + (size_t)T * D + 1) * sizeof *w);
    for (long t = 0; t < T; t++) memcpy(X + (size_t)t * D, M->embed + (size_t)tokens[t] * D, (size_t)D * sizeof *X);
    for (int i = 0; i < M->n_layers; i++) ops(M)->layer(X, M, i, T, w);
    ops(M)->final_norm(w, X, M, T);
    lt_mdl_linear(logits, M->classes, M->head_w, M->head_b, w, D, T, M->classes, D);
    lt_mdl_rnd_all(M, logits, (size_t)T * M->classes);
    lt_free(w);
    lt_free(X);
}

int lt_model_has_transition_norms(const lt_model_t M)
{
    return ops(M)->norms != NULL;
}

int lt_model_has_reduced_compute(const lt_model_t M)
{
    return ops(M)->rounds;
}

void lt_model_transition_norms(double *g, const lt_model_t M, const int *tokens, long T)
{
    int D = M->d_model;
    float *X = lt_malloc(((size_t)T * D + 1) * sizeof *X);
    float *w = lt_malloc((ops(M)->work(M, T) + 1) * sizeof *w);
    for (long t = 0; t < T; t++) memcpy(X + (size_t)t * D, M->embed + (size_t)tokens[t] * D, (size_t)D * sizeof *X);
    ops(M)->norms(g, M, X, T, w);
    lt_free(w);
    lt_free(X);
}

lt_status lt_model_element_norms(double *norm, const lt_model_t M, const lt_words_t W, long n, long offset, lt_err_t err)
{
    for (long x = 0; x < n; x++) norm[x] = -1;
    if (!lt_model_has_transition_norms(M))
        return lt_err_set(err, LT_EINPUT, "the transitions of %s layers have no generator norm in lietool", lt_model_layer_name(M));
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
