/* The kernels the forward passes share (src/ssm/model_impl.h): rounding to
   the compute precision, the projections, RMS norms and the residual add. */
#include <math.h>
#include <string.h>
#include <cblas.h>
#include "lietool/safetensors.h"
#include "model_impl.h"

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

