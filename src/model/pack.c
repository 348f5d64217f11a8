/* Projections by a kernel of lietool's own on AVX-512 (src/model/impl.h,
   lt_mdl_pack): the weights packed once, when the model is prepared, so
   that a word's product does not repack them as every SGEMM call does
   (OpenBLAS packs its A operand per call: with the 128 rows of a word,
   the packing cost a fifth of the transformer's time). The layout and the
   register blocking follow Goto and van de Geijn ("Anatomy of
   high-performance matrix multiplication", ACM TOMS 2008): panels of
   PACK_W outputs, each n rows of PACK_W weights (k-major, zero beyond m);
   a tile of rows by a panel's outputs accumulates in registers, each row
   of X read in place (its entries broadcast), the panel streamed. Every
   output is one chain of FMAs over k = 0, 1, ..., n - 1 from 0, then plus
   its bias: a row's result depends on that row alone, not on the rows
   beside it or on the tile it falls in (OpenBLAS's does, through its edge
   kernels), nor on the thread count. Without AVX-512 (or with another
   compiler) the projections stay SGEMMs. */
#include <stdint.h>
#include <string.h>
#include "impl.h"

/* panels of 64 outputs (the last one partial); a tile is 6 rows by 64
   outputs (4 vectors a row), or 12 rows by 32 when a panel has at most 32 */
enum { PACK_W = 64 };

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

#ifdef LT_PACK_X86
/* d[k ldd + j] = w[j ldw + k] for j, k < 16: a 16 x 16 transpose in
   registers, by unpacks of pairs of floats, then of pairs of doubles, then
   two rounds of 128-bit lanes (bits moved, never converted: any 32-bit
   entries) */
__attribute__((target("avx512f"))) void lt_mdl_transpose16(float *d, size_t ldd, const float *w, size_t ldw)
{
    __m512 r[16], t[16];
    for (int i = 0; i < 16; i++) r[i] = _mm512_loadu_ps(w + (size_t)i * ldw);
    for (int i = 0; i < 16; i += 2) {
        t[i] = _mm512_unpacklo_ps(r[i], r[i + 1]);
        t[i + 1] = _mm512_unpackhi_ps(r[i], r[i + 1]);
    }
    for (int i = 0; i < 16; i += 4)
        for (int h = 0; h < 2; h++) {
            __m512d a = _mm512_castps_pd(t[i + h]), b = _mm512_castps_pd(t[i + h + 2]);
            r[i + h] = _mm512_castpd_ps(_mm512_unpacklo_pd(a, b));
            r[i + h + 2] = _mm512_castpd_ps(_mm512_unpackhi_pd(a, b));
        }
    for (int i = 0; i < 16; i += 8)
        for (int h = 0; h < 4; h++) {
            t[i + h] = _mm512_shuffle_f32x4(r[i + h], r[i + h + 4], 0x88);
            t[i + h + 4] = _mm512_shuffle_f32x4(r[i + h], r[i + h + 4], 0xdd);
        }
    for (int h = 0; h < 8; h++) {
        r[h] = _mm512_shuffle_f32x4(t[h], t[h + 8], 0x88);
        r[h + 8] = _mm512_shuffle_f32x4(t[h], t[h + 8], 0xdd);
    }
    /* r[q] now holds column col[q] of the block (the float unpacks put
       columns 4l + 2 and 4l + 1 in each other's place) */
    static const int col[16] = {0, 2, 1, 3, 4, 6, 5, 7, 8, 10, 9, 11, 12, 14, 13, 15};
    for (int q = 0; q < 16; q++) _mm512_storeu_ps(d + (size_t)col[q] * ldd, r[q]);
}
#endif

void lt_mdl_pack_ld(float *P, const float *W, size_t ldw, int m, int n)
{
    /* by blocks of 16 k: a block of the panel (16 x PACK_W, 4 KB) is
       written while its 16-float pieces of the panel's rows of W are read;
       whole 16 x 16 pieces by transposes in registers on AVX-512 */
#ifdef LT_PACK_X86
    int fast = lt_mdl_pack_available();
#endif
    for (int p0 = 0; p0 < m; p0 += PACK_W) {
        int rows = m - p0 < PACK_W ? m - p0 : PACK_W;
        for (int k0 = 0; k0 < n; k0 += 16) {
            int kn = n - k0 < 16 ? n - k0 : 16, j = 0;
            float *d = P + (size_t)p0 * n + (size_t)k0 * PACK_W;
#ifdef LT_PACK_X86
            if (fast && kn == 16)
                for (; j + 16 <= rows; j += 16) lt_mdl_transpose16(d + j, PACK_W, W + (size_t)(p0 + j) * ldw + k0, ldw);
#endif
            for (; j < rows; j++) {
                const float *w = W + (size_t)(p0 + j) * ldw + k0;
                for (int k = 0; k < kn; k++) d[(size_t)k * PACK_W + j] = w[k];
            }
            for (j = rows; j < PACK_W; j++)
                for (int k = 0; k < kn; k++) d[(size_t)k * PACK_W + j] = 0.0f;
        }
    }
}

void lt_mdl_pack(float *P, const float *W, int m, int n)
{
    lt_mdl_pack_ld(P, W, (size_t)n, m, n);
}

#ifdef LT_PACK_X86
/* One tile: rows (<= R) of X (row stride ldx) by cols (<= 16 NV) outputs
   of panel P (row stride PACK_W) into Y, each output one chain of FMAs
   over k = 0 .. n - 1 from 0, then plus its bias (b not NULL). Rows
   beyond `rows' repeat the last one, and are not stored. */
__attribute__((target("avx512f"), always_inline)) static inline void tile(float *Y, int ldy, const float *P,
                                                                        const float *X, int ldx, int n, int rows,
                                                                        int cols, const float *b, int acc,
                                                                        const int R, const int NV)
{
    const float *xr[12];
    __m512 c[12][4], w[4];
    __mmask16 mk[4];
    for (int i = 0; i < R; i++) xr[i] = X + (size_t)(i < rows ? i : rows - 1) * ldx;
    for (int v = 0; v < NV; v++) {
        int left = cols - 16 * v;
        mk[v] = left >= 16 ? 0xffff : left <= 0 ? 0 : (__mmask16)((1u << left) - 1);
    }
#pragma GCC unroll 12
    for (int i = 0; i < R; i++)
#pragma GCC unroll 4
        for (int v = 0; v < NV; v++) c[i][v] = _mm512_setzero_ps();
    /* k by twos (one loop step of 48 FMAs: about 6% faster in place than
       steps of 24) */
#pragma GCC unroll 2
    for (int k = 0; k < n; k++) {
#pragma GCC unroll 4
        for (int v = 0; v < NV; v++) w[v] = _mm512_load_ps(P + (size_t)k * PACK_W + 16 * v);
#pragma GCC unroll 12
        for (int i = 0; i < R; i++) {
            __m512 a = _mm512_set1_ps(xr[i][k]);
#pragma GCC unroll 4
            for (int v = 0; v < NV; v++) c[i][v] = _mm512_fmadd_ps(a, w[v], c[i][v]);
        }
    }
    /* unrolled with constant indices, so that the accumulators stay in
       registers (a loop to `rows' kept them on the stack) */
#pragma GCC unroll 12
    for (int i = 0; i < R; i++)
        if (i < rows)
#pragma GCC unroll 4
            for (int v = 0; v < NV; v++) {
                __m512 y = c[i][v];
                float *yp = Y + (size_t)i * ldy + 16 * v;
                if (b) y = _mm512_add_ps(y, _mm512_maskz_loadu_ps(mk[v], b + 16 * v));
                if (acc) y = _mm512_add_ps(_mm512_maskz_loadu_ps(mk[v], yp), y);
                _mm512_mask_storeu_ps(yp, mk[v], y);
            }
}

__attribute__((target("avx512f"))) static void tile64(float *Y, int ldy, const float *P, const float *X, int ldx, int n,
                                                      int rows, int cols, const float *b, int acc)
{
    tile(Y, ldy, P, X, ldx, n, rows, cols, b, acc, 6, 4);
}

__attribute__((target("avx512f"))) static void tile32(float *Y, int ldy, const float *P, const float *X, int ldx, int n,
                                                      int rows, int cols, const float *b, int acc)
{
    tile(Y, ldy, P, X, ldx, n, rows, cols, b, acc, 12, 2);
}
#endif

/* Y = X W^T (+ b), or Y += that (acc: the residual stream's sum in the
   tile's stores, Y + (X W^T)_ij, the bits of adding afterwards) */
static void linear_packed(float *Y, int ldy, const float *P, size_t ldp, const float *b, const float *X, int ldx,
                          long T, int m, int n, int acc)
{
#ifdef LT_PACK_X86
    for (int p0 = 0; p0 < m; p0 += PACK_W) {      /* a panel, then every block of rows */
        int cols = m - p0 < PACK_W ? m - p0 : PACK_W, R = cols > 32 ? 6 : 12;
        const float *pp = P + (size_t)(p0 / PACK_W) * ldp;
        for (long t0 = 0; t0 < T; t0 += R) {
            int rows = T - t0 < R ? (int)(T - t0) : R;
            float *y = Y + (size_t)t0 * ldy + p0;
            const float *x = X + (size_t)t0 * ldx, *bp = b ? b + p0 : NULL;
            if (cols > 32) tile64(y, ldy, pp, x, ldx, n, rows, cols, bp, acc);
            else tile32(y, ldy, pp, x, ldx, n, rows, cols, bp, acc);
        }
    }
#else
    (void)Y, (void)ldy, (void)P, (void)ldp, (void)b, (void)X, (void)ldx, (void)T, (void)m, (void)n, (void)acc;
#endif
}

void lt_mdl_linear_packed_ld(float *Y, int ldy, const float *P, size_t ldp, const float *b, const float *X, int ldx,
                             long T, int m, int n)
{
    linear_packed(Y, ldy, P, ldp, b, X, ldx, T, m, n, 0);
}

void lt_mdl_linear_packed_add(float *Y, int ldy, const float *P, const float *X, int ldx, long T, int m, int n)
{
    linear_packed(Y, ldy, P, (size_t)PACK_W * n, NULL, X, ldx, T, m, n, 1);
}

void lt_mdl_linear_packed(float *Y, int ldy, const float *P, const float *b, const float *X, int ldx, long T, int m,
                          int n)
{
    lt_mdl_linear_packed_ld(Y, ldy, P, (size_t)PACK_W * n, b, X, ldx, T, m, n);
}

float *lt_mdl_pack_weights(lt_model_struct *M, float *P, const float *W, int m, int n)
{
    if (M->compute != LT_COMPUTE_F32 || !lt_mdl_pack_available()) return P;
    int amx = P ? M->packed_amx : lt_mdl_amx_available();     /* a model keeps the layout it was packed in */
    M->packed_amx = amx;
    if (!P) {       /* 64-byte aligned, kept in M->weights (after the parameters) to be freed with the model */
        size_t len = (amx ? lt_mdl_amx_pack_floats(m, n) : lt_mdl_pack_floats(m, n)) + 16;
        float *a = lt_model_keep(M, lt_malloc(len * sizeof(float)), len, 0);
        P = a + (16 - (uintptr_t)a / sizeof *a % 16) % 16;
    }
    if (amx) lt_mdl_amx_pack((uint16_t *)P, W, m, n);
    else lt_mdl_pack(P, W, m, n);
    return P;
}

void lt_mdl_linear_p(float *Y, int ldy, const float *W, const float *P, const float *b, const float *X, int ldx, long T,
                     int m, int n)
{
    if (P) lt_mdl_linear_packed(Y, ldy, P, b, X, ldx, T, m, n);
    else lt_mdl_linear(Y, ldy, W, b, X, ldx, T, m, n);
}
