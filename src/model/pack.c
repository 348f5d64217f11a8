/* Projections by a kernel of lietool's own on AVX-512 (src/model/impl.h,
   lt_mdl_pack): the weights packed once, when the model is prepared, so
   that a word's product does not repack them as every SGEMM call does
   (OpenBLAS packs its A operand per call: with the 128 rows of a word,
   the packing cost a fifth of the transformer's time). The layout and the
   register blocking are those of Goto and van de Geijn ("Anatomy of
   high-performance matrix multiplication", ACM TOMS 2008): panels of
   PACK_W outputs, each n rows of PACK_W weights (k-major, zero beyond m);
   the rows of X by blocks of PACK_R, copied k-major once per call; a tile
   of PACK_R rows by PACK_W outputs accumulates in 2 PACK_R registers of
   16 floats. Every output is one chain of FMAs over k = 0, 1, ..., n - 1
   from 0, then plus its bias: a row's result depends on that row alone,
   not on the rows beside it or on the block it falls in (OpenBLAS's does,
   through its edge kernels), nor on the thread count. Without AVX-512
   (or with another compiler) the projections stay SGEMMs. */
#include <stdint.h>
#include <string.h>
#include "impl.h"

#ifndef PACK_K
#define PACK_K 128
#endif
#ifndef PACK_R
#define PACK_R 12
#endif
enum { PACK_W = 32 };

#if defined(__GNUC__) && defined(__x86_64__)
#include <immintrin.h>
#define LT_PACK_X86 1
#endif

int lt_mdl_pack_available(void)
{
#ifdef LT_PACK_X86
    static int have = -1;       /* races write the same value */
    if (have < 0) {
        __builtin_cpu_init();
        have = __builtin_cpu_supports("avx512f") ? 1 : 0;
    }
    return have;
#else
    return 0;
#endif
}

size_t lt_mdl_pack_floats(int m, int n)
{
    return (size_t)((m + PACK_W - 1) / PACK_W) * PACK_W * (size_t)n;
}

void lt_mdl_pack(float *P, const float *W, int m, int n)
{
    for (int p0 = 0; p0 < m; p0 += PACK_W)
        for (int k = 0; k < n; k++) {
            float *d = P + (size_t)p0 * n + (size_t)k * PACK_W;
            for (int j = 0; j < PACK_W; j++) d[j] = p0 + j < m ? W[(size_t)(p0 + j) * n + k] : 0.0f;
        }
}

#ifdef LT_PACK_X86
/* one tile: rows (<= PACK_R; the block's rows beyond are zero in xb) by
   cols (<= PACK_W) outputs of panel P, over k = k0 .. k1 - 1: the sums
   start from 0 at k0 = 0, else from Y (k-blocking, which keeps every
   output one chain of FMAs); the bias added after the last block (b not
   NULL) */
__attribute__((target("avx512f"))) static void tile(float *Y, int ldy, const float *P, const float *X, int ldx, int k0,
                                                    int k1, int rows, int cols, const float *b)
{
    const float *xr[PACK_R];
    for (int i = 0; i < PACK_R; i++) xr[i] = X + (size_t)(i < rows ? i : rows - 1) * ldx;
    __m512 c0[PACK_R], c1[PACK_R];
    __mmask16 m0 = cols >= 16 ? 0xffff : (__mmask16)((1u << cols) - 1);
    __mmask16 m1 = cols >= 32 ? 0xffff : cols <= 16 ? 0 : (__mmask16)((1u << (cols - 16)) - 1);
#pragma GCC unroll 16
    for (int i = 0; i < PACK_R; i++) c0[i] = c1[i] = _mm512_setzero_ps();
    if (k0 > 0)
        for (int i = 0; i < rows; i++) {
            c0[i] = _mm512_maskz_loadu_ps(m0, Y + (size_t)i * ldy);
            c1[i] = _mm512_maskz_loadu_ps(m1, Y + (size_t)i * ldy + 16);
        }
    for (int k = k0; k < k1; k++) {
        __m512 w0 = _mm512_load_ps(P + (size_t)k * PACK_W), w1 = _mm512_load_ps(P + (size_t)k * PACK_W + 16);
#pragma GCC unroll 16
        for (int i = 0; i < PACK_R; i++) {
            __m512 a = _mm512_set1_ps(xr[i][k]);
            c0[i] = _mm512_fmadd_ps(a, w0, c0[i]);
            c1[i] = _mm512_fmadd_ps(a, w1, c1[i]);
        }
    }
    __m512 b0 = _mm512_setzero_ps(), b1 = _mm512_setzero_ps();
    if (b) b0 = _mm512_maskz_loadu_ps(m0, b), b1 = _mm512_maskz_loadu_ps(m1, b + 16);
    for (int i = 0; i < rows; i++) {
        float *y = Y + (size_t)i * ldy;
        if (b) c0[i] = _mm512_add_ps(c0[i], b0), c1[i] = _mm512_add_ps(c1[i], b1);
        _mm512_mask_storeu_ps(y, m0, c0[i]);
        _mm512_mask_storeu_ps(y + 16, m1, c1[i]);
    }
}
#endif

void lt_mdl_linear_packed(float *Y, int ldy, const float *P, const float *b, const float *X, int ldx, long T, int m,
                          int n)
{
#ifdef LT_PACK_X86
    long nb = (T + PACK_R - 1) / PACK_R;
    for (int k0 = 0; k0 < n; k0 += PACK_K) {
        int k1 = n - k0 < PACK_K ? n : k0 + PACK_K;
        for (int p0 = 0; p0 < m; p0 += PACK_W)
            for (long r = 0; r < nb; r++)
                tile(Y + (size_t)r * PACK_R * ldy + p0, ldy, P + (size_t)p0 * n, X + (size_t)r * PACK_R * ldx, ldx, k0, k1,
                     T - r * PACK_R < PACK_R ? (int)(T - r * PACK_R) : PACK_R, m - p0 < PACK_W ? m - p0 : PACK_W,
                     b && k1 == n ? b + p0 : NULL);
    }
#else
    (void)Y, (void)ldy, (void)P, (void)b, (void)X, (void)ldx, (void)T, (void)m, (void)n;
#endif
}

float *lt_mdl_pack_weights(lt_model_struct *M, float *P, const float *W, int m, int n)
{
    if (M->compute != LT_COMPUTE_F32 || !lt_mdl_pack_available()) return P;
    if (!P) {       /* 64-byte aligned, kept in M->weights (after the parameters) to be freed with the model */
        size_t len = lt_mdl_pack_floats(m, n) + 16;
        float *a = lt_malloc(len * sizeof *a);
        M->weights = lt_realloc(M->weights, (size_t)(M->nweights + 1) * sizeof *M->weights);
        M->sizes = lt_realloc(M->sizes, (size_t)(M->nweights + 1) * sizeof *M->sizes);
        M->sizes[M->nweights] = len;
        M->weights[M->nweights++] = a;
        P = a + (16 - (uintptr_t)a / sizeof *a % 16) % 16;
    }
    lt_mdl_pack(P, W, m, n);
    return P;
}

void lt_mdl_linear_p(float *Y, int ldy, const float *W, const float *P, const float *b, const float *X, int ldx, long T,
                     int m, int n)
{
    if (P) lt_mdl_linear_packed(Y, ldy, P, b, X, ldx, T, m, n);
    else lt_mdl_linear(Y, ldy, W, b, X, ldx, T, m, n);
}
