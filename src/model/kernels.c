/* The kernels the forward passes share (src/model/impl.h): rounding to
   the compute precision, the projections, RMS norms and the residual add. */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "../core/blas.h"
#include "impl.h"

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

float lt_mdl_rnd_reduced(const lt_model_struct *M, float x)
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

void lt_mdl_linear_m(const lt_model_struct *M, float *Y, int ldy, const float *W, const float *b, const float *X,
                     int ldx, long T, int m, int n)
{
    if (M->compute != LT_COMPUTE_F32 || (double)T * m * n > 1e6 || (long)m * n > 16384) {
        lt_mdl_linear(Y, ldy, W, b, X, ldx, T, m, n);
        return;
    }
    /* X W^T runs outside OpenBLAS's small kernels (lt_mdl_gemm_nt); X
       (W^T) with W^T formed here (m n copies for T m n products) is a
       plain product, which they take. Only in f32: bf16 and f16 keep the
       SGEMM whose sums round as torch's do. */
    float wt[16384];
    for (int j = 0; j < m; j++)
        for (int p = 0; p < n; p++) wt[(size_t)p * m + j] = W[(size_t)j * n + p];
    if (b) for (long t = 0; t < T; t++) memcpy(Y + (size_t)t * ldy, b, (size_t)m * sizeof *Y);
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)T, m, n, 1.0f, X, ldx, wt, m, b ? 1.0f : 0.0f, Y, ldy);
}

/* C = alpha A B^T + beta C (row-major; A M x K, B N x K). OpenBLAS runs
   such a product with fewer than 32 columns K outside its small-matrix
   kernels (sgemm_small_kernel_permit: a transposed A in column-major
   terms, K < 32), through its buffer allocator and its lock: two threads
   each running the chunks' thousands of q k^T waited on each other (a
   fifth of delta_net's CPU at d_model 32). B is transposed here instead,
   and the product is a plain one, which the small kernels take. */
void lt_mdl_gemm_nt(int M, int N, int K, float alpha, const float *A, int lda, const float *B, int ldb, float beta,
                    float *C, int ldc)
{
    float bt[4096];
    if (K >= 32 || (long)K * N > 4096) {
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasTrans, M, N, K, alpha, A, lda, B, ldb, beta, C, ldc);
        return;
    }
    for (int j = 0; j < N; j++)
        for (int p = 0; p < K; p++) bt[(size_t)p * N + j] = B[(size_t)j * ldb + p];
    cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, M, N, K, alpha, A, lda, bt, N, beta, C, ldc);
}

/* The loops below run in the widest vectors the CPU has: GCC compiles
   them for AVX-512, AVX2 and the baseline and picks one at load time.
   Without -ffp-contract=fast (ISO C) no multiply and add are fused, so
   every width gives the same bits. */
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__)
#define LT_VEC __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define LT_VEC
#endif

/* one row's RMS norm in f32: the mean square in double, by 8 partial
   sums (vectorised) added in order */
LT_VEC static void rmsnorm_f32(float *y, const float *x, const float *w, int n, float eps)
{
    double p[8] = {0}, s = 0;
    int j = 0;
    for (; j + 8 <= n; j += 8)
        for (int k = 0; k < 8; k++) p[k] += (double)x[j + k] * x[j + k];
    for (int k = 0; k < 8; k++) s += p[k];
    for (; j < n; j++) s += (double)x[j] * x[j];
    float r = 1.0f / sqrtf((float)(s / n) + eps);
    for (j = 0; j < n; j++) y[j] = w[j] * (x[j] * r);
}

/* Row by row, in f32 (model_impl.h). */
void lt_mdl_rmsnorm(float *Y, const float *X, const float *w, long T, int n, float eps, const lt_model_struct *M,
                    int cast, int twice)
{
    for (long t = 0; t < T; t++) {
        const float *x = X + (size_t)t * n;
        float *y = Y + (size_t)t * n;
        double s = 0;
        if (M->compute == LT_COMPUTE_F32) {
            rmsnorm_f32(y, x, w, n, eps);
            continue;
        }
        for (int j = 0; j < n; j++) { float xj = cast ? lt_mdl_rnd(M, x[j]) : x[j]; s += (double)xj * xj; }
        float r = 1.0f / sqrtf((float)(s / n) + eps);
        for (int j = 0; j < n; j++) {
            float xj = cast ? lt_mdl_rnd(M, x[j]) : x[j], u = xj * r;
            y[j] = lt_mdl_rnd(M, w[j] * (twice ? lt_mdl_rnd(M, u) : u));
        }
    }
}

LT_VEC static void add_f32(float *X, const float *Y, size_t n)
{
    for (size_t i = 0; i < n; i++) X[i] += Y[i];
}

void lt_mdl_add(float *X, const float *Y, size_t n, const lt_model_struct *M)
{
    if (M->residual_fp32 || M->compute == LT_COMPUTE_F32)
        add_f32(X, Y, n);
    else
        for (size_t i = 0; i < n; i++) X[i] = lt_mdl_rnd_reduced(M, X[i] + Y[i]);
}


/* ---- elementwise functions without libm (the Makefile builds this file
   with -O3 -fno-trapping-math, so that these loops vectorise) ---- */

/* e^x in f32 to about 1e-7 relative (x clamped to [-87, 88], a NaN kept): y = k ln 2 +
   r, |r| <= ln 2 / 2 (Cody and Waite's two-part ln 2), e^r by its Taylor
   polynomial of degree 7, 2^k from the exponent bits */
static inline float exp_f32(float x)
{
    /* the clamp takes a NaN x to -87 (so k stays an integer: a NaN
       converted to int32_t is undefined behaviour); the NaN is returned.
       Comparisons rather than fmaxf and fminf, which GCC calls in libm
       (their NaN rules differ from maxps): these loops then vectorise. */
    float y = x > -87.0f ? x : -87.0f;
    y = y < 88.0f ? y : 88.0f;
    float k = (y * 1.44269504f + 12582912.0f) - 12582912.0f;    /* round to nearest: 1.5 2^23 */
    float r = (y - k * 0.693359375f) + k * 2.12194440e-4f;
    float p = 1.0f + r * (1.0f + r * (0.5f + r * (1.0f / 6 + r * (1.0f / 24 + r * (1.0f / 120 + r * (1.0f / 720
                                                                                                   + r * (1.0f / 5040)))))));
    union { int32_t i; float f; } s = {.i = ((int32_t)k + 127) * (1 << 23)};
    return x != x ? x : p * s.f;
}

/* gelu(x) = x (1 + erf(x / sqrt 2)) / 2 = x (1 - erfc(a) / 2) for x >= 0,
   x erfc(a) / 2 below, a = |x| / sqrt 2, with erfc(a) = t exp(-a^2 + P(t)),
   t = 1 / (1 + a / 2): the form of the Chebyshev approximation in Press et
   al., Numerical Recipes, section 6.2; P is lietool's own degree-9 fit of
   log(erfc(a) / t) + a^2 on 4000 Chebyshev nodes of t in [1/6, 1] (a in
   [0, 10]; math.erfc in double; scripts/fit_erfc.py), relative error of erfc
   below 4.9e-8 there */
LT_VEC void lt_mdl_gelu_all(float *x, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        float v = x[i], a = fabsf(v) * 0.70710678118654752f, t = 1.0f / (1.0f + 0.5f * a);
        float p = -1.265448f + t * (0.998632783f + t * (0.386640412f + t * (0.0346028004f + t * (0.00126758543f
                  + t * (-0.0802804307f + t * (-0.6962519f + t * (1.15673376f + t * (-0.680827178f + t * 0.144930214f))))))));
        float e = t * exp_f32(p - a * a);
        x[i] = v >= 0 ? v * (1.0f - 0.5f * e) : 0.5f * v * e;
    }
}

LT_VEC void lt_mdl_sigmoid_all(float *y, const float *x, size_t n)
{
    for (size_t i = 0; i < n; i++) y[i] = 1.0f / (1.0f + exp_f32(-x[i]));
}

LT_VEC void lt_mdl_swiglu_all(float *g, const float *u, size_t n)
{
    for (size_t i = 0; i < n; i++) g[i] = g[i] / (1.0f + exp_f32(-g[i])) * u[i];
}

/* log(1 + u) for u in [0, 1] in f32: w = 1 + u rounded, log w = e ln 2 +
   log m with m in [0.71, 1.42], log m = 2 atanh s, s = (m - 1)/(m + 1),
   |s| <= 0.172, by its series to s^9 (truncation below 3e-9 relative);
   then log1p(u) = log(w) u / (w - 1), which takes back what rounding 1 + u
   lost (Goldberg, "What every computer scientist should know about
   floating-point arithmetic", 1991, Theorem 4) */
static inline float log1p_unit_f32(float u)
{
    float w = 1.0f + u, big = w > 1.41421356f ? 1.0f : 0.0f;
    float m = big != 0.0f ? 0.5f * w : w, e = big * 0.693147181f;
    float s = (m - 1.0f) / (m + 1.0f), s2 = s * s;
    float l = e + 2.0f * s * (1.0f + s2 * (1.0f / 3 + s2 * (1.0f / 5 + s2 * (1.0f / 7 + s2 * (1.0f / 9)))));
    return w == 1.0f ? u : l * (u / (w - 1.0f));
}

LT_VEC void lt_mdl_logsigmoid_all(float *y, const float *x, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        float v = x[i], a = v < 0 ? -v : v;
        float r = (v < 0 ? v : 0.0f) - log1p_unit_f32(exp_f32(-a));
        y[i] = v != v ? v : r;
    }
}

LT_VEC void lt_mdl_softplus_all(float *y, const float *x, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        float v = x[i], a = v < 0 ? -v : v;
        float r = (v > 0 ? v : 0.0f) + log1p_unit_f32(exp_f32(-a));
        y[i] = v != v ? v : r;
    }
}

LT_VEC void lt_mdl_exp_all(float *y, const float *x, size_t n)
{
    for (size_t i = 0; i < n; i++) y[i] = exp_f32(x[i]);
}

/* By blocks of 16 (the blocked inversion of a triangular matrix, as in
   LAPACK's strtri; Du Croz and Higham, "Stability of methods for matrix
   inversion", IMA J. Numer. Anal. 1992): each diagonal block by forward
   substitution, row p = e_p - sum_(s < p) A_ps row s over rows of 16 kept
   in vector registers (GCC's vector extension; two partial sums, s even
   and odd, halve the chain of dependent updates); then below the diagonal T_ij = -T_ii sum_(j <= k < i)
   L_ik T_kj, products of 16 x 16 blocks with independent rows. Row-by-row
   substitution through memory waited on one chain of n(n-1)/2 updates,
   each a store and a reload. */
typedef float inv_row __attribute__((vector_size(64)));     /* 16 floats: a row of a block */
LT_VEC void lt_mdl_unit_lower_inverse(float *T, const float *A, int n)
{
    inv_row D[16], W[16];
    memset(T, 0, (size_t)n * n * sizeof *T);
    for (int ib = 0; ib < n; ib += 16) {
        int nb = n - ib < 16 ? n - ib : 16;
        for (int p = 0; p < 16; p++) {          /* the diagonal block (ib, ib) into D; rows beyond nb zero */
            inv_row t0 = {0}, t1 = {0};
            if (p < nb) {
                const float *a = A + (size_t)(ib + p) * n + ib;
                int s = 0;
                t0[p] = 1.0f;
                for (; s + 1 < p; s += 2) t0 -= a[s] * D[s], t1 -= a[s + 1] * D[s + 1];
                if (s < p) t0 -= a[s] * D[s];
            }
            D[p] = t0 + t1;
            if (p < nb) memcpy(T + (size_t)(ib + p) * n + ib, &D[p], (size_t)nb * sizeof *T);
        }
        for (int jb = 0; jb < ib; jb += 16) {       /* the block (ib, jb) below the diagonal; jb + 16 <= ib */
            for (int p = 0; p < 16; p++) {          /* W = sum_k L_(ib,k) T_(k,jb): columns jb .. ib - 1 of A */
                inv_row x = {0}, r;
                for (int s = jb; s < ib && p < nb; s++) {
                    memcpy(&r, T + (size_t)s * n + jb, sizeof r);
                    x += A[(size_t)(ib + p) * n + s] * r;
                }
                W[p] = x;
            }
            for (int p = 0; p < nb; p++) {          /* T_(ib,jb) = -D W */
                inv_row x = {0};
                for (int q = 0; q <= p; q++) x += D[p][q] * W[q];
                x = -x;
                memcpy(T + (size_t)(ib + p) * n + jb, &x, sizeof x);
            }
        }
    }
}

LT_VEC void lt_mdl_l2norm_rows(float *X, size_t rows, int n, float scale)
{
    for (size_t r = 0; r < rows; r++) {
        float *x = X + r * n;
        double s = 0;
        for (int a = 0; a < n; a++) s += (double)x[a] * x[a];
        float q = 1.0f / sqrtf((float)s + 1e-6f);
        for (int a = 0; a < n; a++) x[a] *= q;
        if (scale != 1.0f)
            for (int a = 0; a < n; a++) x[a] *= scale;
    }
}

LT_VEC void lt_mdl_scale_all(float *x, size_t n, float s)
{
    for (size_t i = 0; i < n; i++) x[i] *= s;
}

LT_VEC void lt_mdl_rope(float *x, const double *cs, int h2)
{
    for (int i = 0; i < h2; i++) {
        double a = x[i], b = x[i + h2], c = cs[i], s = cs[h2 + i];
        x[i] = (float)(a * c - b * s);
        x[i + h2] = (float)(b * c + a * s);
    }
}

LT_VEC void lt_mdl_out_norm_f32(float *O, const float *G, const float *w, size_t rows, int dv, float eps)
{
    float r[64];
    for (size_t r0 = 0; r0 < rows; r0 += 64) {
        size_t nr = rows - r0 < 64 ? rows - r0 : 64;
        float *o = O + r0 * dv;
        const float *g = G ? G + r0 * dv : NULL;
        for (size_t i = 0; i < nr; i++) {
            double s = 0;
            for (int j = 0; j < dv; j++) s += (double)o[i * dv + j] * o[i * dv + j];
            r[i] = 1.0f / sqrtf((float)(s / dv) + eps);
        }
        for (size_t i = 0; i < nr; i++)
            for (int j = 0; j < dv; j++) o[i * dv + j] = o[i * dv + j] * r[i] * (w ? w[j] : 1.0f);
        if (g)
            for (size_t i = 0; i < nr * dv; i++) o[i] *= g[i] * (1.0f / (1.0f + exp_f32(-g[i])));
    }
}

LT_VEC void lt_mdl_silu_all(float *y, const float *x, size_t n)
{
    for (size_t i = 0; i < n; i++) y[i] = 1.0f / (1.0f + exp_f32(-x[i])) * x[i];
}

LT_VEC float lt_mdl_softmax_exp(float *p, long n)
{
    float m[8], z[8] = {0};
    long j = 0;
    for (int k = 0; k < 8; k++) m[k] = p[0];
    for (; j + 8 <= n; j += 8)
        for (int k = 0; k < 8; k++) m[k] = p[j + k] > m[k] ? p[j + k] : m[k];
    float mx = m[0];
    for (int k = 1; k < 8; k++) mx = m[k] > mx ? m[k] : mx;
    for (; j < n; j++) mx = p[j] > mx ? p[j] : mx;
    for (j = 0; j < n; j++) p[j] = exp_f32(p[j] - mx);
    for (j = 0; j + 8 <= n; j += 8)
        for (int k = 0; k < 8; k++) z[k] += p[j + k];
    float s = 0;
    for (; j < n; j++) s += p[j];
    for (int k = 0; k < 8; k++) s += z[k];
    return s;
}

/* The causal rows of a block of scores: row r of S (stride lds, a multiple
   of 16 and >= L) holds the scores of query i0 + r against keys 0 .. L - 1,
   of which the first n = i0 + r + 1 count. Each row becomes exp(scale (s_j
   - max s)) for j < n and 0 up to L, and z[r] its sum. The exponentials
   and the sum run over whole blocks of 16 in vectors of 16 floats (GCC's
   vector extension), the sum's 16 lanes added in a fixed order: the
   result does not depend on the vector width the clone uses. */
typedef float sm_vec __attribute__((vector_size(64)));
typedef int32_t sm_ivec __attribute__((vector_size(64)));

LT_VEC void lt_mdl_softmax_causal(float *S, long lds, long nb, long i0, long L, float scale, float *z)
{
    for (long r = 0; r < nb; r++) {
        float *p = S + (size_t)r * lds;
        long n = i0 + r + 1, n16 = (n + 15) / 16 * 16, j;
        sm_vec m, v, q = {0};
        for (int k = 0; k < 16; k++) m[k] = p[0];
        for (j = 0; j + 16 <= n; j += 16) {
            memcpy(&v, p + j, sizeof v);
            sm_ivec gt = v > m;
            m = (sm_vec)(((sm_ivec)v & gt) | ((sm_ivec)m & ~gt));
        }
        float mx = m[0];
        for (int k = 1; k < 16; k++) mx = m[k] > mx ? m[k] : mx;
        for (; j < n; j++) mx = p[j] > mx ? p[j] : mx;
        for (j = 0; j < n16; j += 16)
            for (int k = 0; k < 16; k++) p[j + k] = exp_f32((p[j + k] - mx) * scale);
        for (j = n; j < (L > n16 ? L : n16); j++) p[j] = 0.0f;
        for (j = 0; j < n16; j += 16) {
            memcpy(&v, p + j, sizeof v);
            q += v;
        }
        for (int w = 8; w >= 1; w /= 2)
            for (int k = 0; k < w; k++) q[k] += q[k + w];
        z[r] = q[0];
    }
}

void lt_mdl_m2_head(double *S, double *y, const double *x, const double *dx, const float *B, const float *C, double a,
                    double d, int N, int P)
{
    for (int p = 0; p < P; p++) y[p] = 0;
    for (int n = 0; n < N; n++) {
        double b = B[n], c = C[n], *s = S + (size_t)n * P;
        for (int p = 0; p < P; p++) {
            s[p] = a * s[p] + dx[p] * b;
            y[p] += s[p] * c;
        }
    }
    for (int p = 0; p < P; p++) y[p] += d * x[p];
}
