/* The transformer's projections by Intel AMX tiles (impl.h, lt_mdl_amx_*),
   in f32 from bf16 tile products: each operand is split into three bf16
   parts, x = x1 + x2 + x3 (x1 = x rounded, x2 = the rest rounded, x3 =
   what is left rounded), and the six products of parts whose ranks add up
   to at most 4 are summed in f32, smallest first (x3 w1, x2 w2, x2 w1,
   x1 w3, x1 w2, x1 w1): the "bf16x6" scheme of Henry, Tang and Heinecke,
   "Leveraging the bfloat16 artificial intelligence datatype for
   higher-precision computations" (ARITH 2019), as accurate as a chain of
   f32 FMAs (on the transformer's shapes, 0.37 to 0.44 times its error
   against the sum in double). Every tile product of bf16 pairs is exact in
   f32, and each output is its own sequence of them over k = 0, 32, 64,
   ...: a row's result depends on that row alone, not on the rows beside it
   or on the thread count. The weights are split and laid out once (when
   the model is prepared), a block of rows once for all the products that
   read it. Used when the processor has AMX-BF16 and Linux grants the tile
   state (arch_prctl ARCH_REQ_XCOMP_PERM), unless LIETOOL_AMX=0. A row of
   inputs with an infinity or a NaN is redone by the SGEMM (its parts would
   meet 0 x inf); an infinite weight gives a NaN where f32 may give an
   infinity, which ssm eval reports as not finite either way. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "impl.h"

#if defined(__GNUC__) && defined(__x86_64__) && defined(__linux__) && (__GNUC__ >= 11)
#include <cpuid.h>
#include <immintrin.h>
#include <sys/syscall.h>
#include <unistd.h>
#define LT_AMX 1
#endif

static int amx_state = -1;      /* 1: usable */
static pthread_once_t amx_once = PTHREAD_ONCE_INIT;

#ifdef LT_AMX
enum { ARCH_REQ_XCOMP_PERM = 0x1023, XFEATURE_XTILEDATA = 18 };

static void amx_init(void)
{
    const char *e = getenv("LIETOOL_AMX");
    unsigned a, b, c, d;
    amx_state = 0;
    if (e && strcmp(e, "0") == 0) return;
    if (!lt_mdl_pack_available() || !__get_cpuid_count(7, 0, &a, &b, &c, &d)) return;
    if (!(d & (1u << 22)) || !(d & (1u << 24))) return;        /* AMX-BF16, AMX-TILE */
    if (!__get_cpuid_count(7, 1, &a, &b, &c, &d) || !(a & (1u << 5))) return;     /* AVX512_BF16 */
    if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & (1u << 27))) return;     /* OSXSAVE */
    if (syscall(SYS_arch_prctl, ARCH_REQ_XCOMP_PERM, XFEATURE_XTILEDATA) != 0) return;
    amx_state = 1;
}
#else
static void amx_init(void)
{
    amx_state = 0;
}
#endif

static _Atomic int amx_off;     /* lt_mdl_amx_use(0) */

int lt_mdl_amx_available(void)
{
    pthread_once(&amx_once, amx_init);
    return amx_state == 1 && !amx_off;
}

void lt_mdl_amx_use(int on)
{
    amx_off = !on;
}

static inline size_t up32(long x)
{
    return (size_t)(x + 31) / 32 * 32;
}

size_t lt_mdl_amx_pack_floats(int m, int n)
{
    return 3 * up32(m) * up32(n) / 2;
}

size_t lt_mdl_amx_split_floats(long T, int n)
{
    return 3 * up32(T) * up32(n) / 2 + 32;
}

#ifdef LT_AMX
/* the floats of 32 bf16 (h: the first 16 in the low half) */
__attribute__((target("avx512f"))) static inline void value32(__m512i h, __m512 *lo, __m512 *hi)
{
    *lo = _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(_mm512_castsi512_si256(h)), 16));
    *hi = _mm512_castsi512_ps(_mm512_slli_epi32(_mm512_cvtepu16_epi32(_mm512_extracti64x4_epi64(h, 1)), 16));
}

/* 32 floats to bf16, rounded to nearest (ties to even) by VCVTNE2PS2BF16 */
__attribute__((target("avx512f,avx512bf16"))) static inline __m512i round32(__m512 lo, __m512 hi)
{
    return (__m512i)_mm512_cvtne2ps_pbh(hi, lo);
}

/* what is left of x after v: 0 where v is infinite */
__attribute__((target("avx512f"))) static inline __m512 rest(__m512 x, __m512 v)
{
    return _mm512_maskz_sub_ps(_mm512_cmp_ps_mask(_mm512_sub_ps(v, v), _mm512_setzero_ps(), _CMP_EQ_OQ), x, v);
}

/* The parts of row x (n floats, 0 beyond them up to np; x NULL: zeros): 32 k at a time,
   block k / 32 of part q at s[q] + (k / 32) * blk; whether x has a
   non-finite entry */
__attribute__((target("avx512f,avx512bf16"))) static int split_row(uint16_t *s0, uint16_t *s1, uint16_t *s2, size_t blk,
                                                                  const float *x, int n, size_t np)
{
    __mmask16 bad = 0;
    if (!x) {       /* a row of zeros (past the last row, or the last output) */
        for (size_t k = 0; k < np; k += 32) {
            memset(s0 + k / 32 * blk, 0, 32 * sizeof *s0);
            memset(s1 + k / 32 * blk, 0, 32 * sizeof *s1);
            memset(s2 + k / 32 * blk, 0, 32 * sizeof *s2);
        }
        return 0;
    }
    for (int k = 0; k < (int)np; k += 32) {
        int left = n - k, l1 = left < 16 ? left : 16, l2 = left - 16;
        __mmask16 m1 = l1 >= 16 ? 0xffff : l1 <= 0 ? 0 : (__mmask16)((1u << l1) - 1);
        __mmask16 m2 = l2 >= 16 ? 0xffff : l2 <= 0 ? 0 : (__mmask16)((1u << l2) - 1);
        __m512 xl = _mm512_maskz_loadu_ps(m1, x + k), xh = _mm512_maskz_loadu_ps(m2, x + k + 16), vl, vh;
        __m512i h0 = round32(xl, xh);
        value32(h0, &vl, &vh);
        bad |= _mm512_cmp_ps_mask(_mm512_sub_ps(xl, xl), _mm512_setzero_ps(), _CMP_NEQ_UQ)
             | _mm512_cmp_ps_mask(_mm512_sub_ps(xh, xh), _mm512_setzero_ps(), _CMP_NEQ_UQ);
        xl = rest(xl, vl), xh = rest(xh, vh);
        __m512i h1 = round32(xl, xh);
        value32(h1, &vl, &vh);
        __m512i h2 = round32(_mm512_sub_ps(xl, vl), _mm512_sub_ps(xh, vh));
        size_t at = (size_t)(k / 32) * blk;
        _mm512_storeu_si512(s0 + at, h0);
        _mm512_storeu_si512(s1 + at, h1);
        _mm512_storeu_si512(s2 + at, h2);
    }
    return bad != 0;
}

int lt_mdl_amx_split(uint16_t *S, const float *X, int ldx, long T, int n)
{
    size_t np = up32(n), part = up32(T) * np;
    int bad = 0;
    for (long i = 0; i < (long)up32(T); i++) {
        /* row i of a part: in tile row block i / 16, 32 k at a time (1 KB tiles, one after the other) */
        uint16_t *s0 = S + (size_t)(i / 16) * np * 16 + (size_t)(i % 16) * 32;
        bad |= split_row(s0, s0 + part, s0 + 2 * part, 512, i < T ? X + (size_t)i * ldx : NULL, n, np);
    }
    return bad;
}

void lt_mdl_amx_pack(uint16_t *P, const float *W, int m, int n)
{
    size_t mp = up32(m), np = up32(n), part = mp * np;
    uint16_t *rows = lt_malloc(3 * 16 * np * sizeof *rows);      /* 16 rows' parts, part q's after part q - 1's */
    for (size_t j0 = 0; j0 < mp; j0 += 16) {
        for (int j = 0; j < 16; j++) {
            uint16_t *r = rows + (size_t)j * np;
            split_row(r, r + 16 * np, r + 32 * np, 32, (int)j0 + j < m ? W + (j0 + j) * n : NULL, n, np);
        }
        /* tile column block j0 / 16: np / 2 rows (pairs of k) of 16 pairs,
           pair p of output j0 + j at 32 p + 2 j: the rows' pairs transposed
           as 32-bit entries */
        for (int q = 0; q < 3; q++)
            for (size_t p0 = 0; p0 < np / 2; p0 += 16)
                lt_mdl_transpose16((float *)(P + q * part + j0 * np + p0 * 32), 16,
                                   (const float *)(rows + (size_t)q * 16 * np + 2 * p0), np / 2);
    }
    lt_free(rows);
}

enum { AMX_ROWS = 128 };

typedef struct {
    uint8_t palette, start_row, reserved[14];
    uint16_t colsb[16];
    uint8_t rows[16];
} amx_config;

/* Tiles 0-3: a 32 x 32 block of Y (C00, C01, C10, C11); 4, 5: the parts of
   rows i0 .. i0 + 31 over 32 k; 6, 7: the parts of outputs j0 .. j0 + 31. */
#define AMX_A(q) do { _tile_loadd(4, a + (q) * part + k0 * 16, 64); _tile_loadd(5, a + (q) * part + 16 * np + k0 * 16, 64); } while (0)
#define AMX_B(q) do { _tile_loadd(6, w + (q) * wpart + k0 * 16, 64); _tile_loadd(7, w + (q) * wpart + wcol + k0 * 16, 64); \
                      _tile_dpbf16ps(0, 4, 6); _tile_dpbf16ps(1, 4, 7); _tile_dpbf16ps(2, 5, 6); _tile_dpbf16ps(3, 5, 7); } while (0)

/* One 32 x 32 block of Y at y (row stride sy bytes), over k = 0 .. np - 1:
   the tiles start from y (from), from the bias rows (b, stride 0) or 0 */
__attribute__((target("amx-tile,amx-bf16"), always_inline)) static inline void amx_block(
    float *y, size_t sy, const uint16_t *a, size_t part, size_t np, const uint16_t *w, size_t wpart, size_t wcol,
    int from, const float *b)
{
    if (from) {
        _tile_loadd(0, y, sy);
        _tile_loadd(1, y + 16, sy);
        _tile_loadd(2, (const char *)y + 16 * sy, sy);
        _tile_loadd(3, (const char *)y + 16 * sy + 64, sy);
    } else if (b) {
        _tile_loadd(0, b, 0);
        _tile_loadd(1, b + 16, 0);
        _tile_loadd(2, b, 0);
        _tile_loadd(3, b + 16, 0);
    } else {
        _tile_zero(0);
        _tile_zero(1);
        _tile_zero(2);
        _tile_zero(3);
    }
    for (size_t k0 = 0; k0 < np; k0 += 32) {
        AMX_A(2);
        AMX_B(0);
        AMX_A(1);
        AMX_B(1);
        AMX_B(0);
        AMX_A(0);
        AMX_B(2);
        AMX_B(1);
        AMX_B(0);
    }
    _tile_stored(0, y, sy);
    _tile_stored(1, y + 16, sy);
    _tile_stored(2, (char *)y + 16 * sy, sy);
    _tile_stored(3, (char *)y + 16 * sy + 64, sy);
}

__attribute__((target("amx-tile,amx-bf16,avx512f"))) void lt_mdl_amx_linear(float *Y, int ldy, const uint16_t *P,
                                                                           const float *b, const uint16_t *S, long T,
                                                                           int m, int n, int acc)
{
    amx_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.palette = 1;
    for (int t = 0; t < 8; t++) cfg.rows[t] = 16, cfg.colsb[t] = 64;
    _tile_loadconfig(&cfg);
    size_t np = up32(n), part = up32(T) * np, wpart = up32(m) * np, wcol = np * 16, sy = (size_t)ldy * sizeof *Y;
    long Tf = T / 32 * 32;
    int mf = m / 32 * 32;
    /* The whole 32 x 32 blocks, by blocks of AMX_ROWS rows (their parts
       stay in L2) and in them a block of 32 outputs by each block of 32
       rows; Y's entries start the sums (acc), or the bias, or 0 (b is
       NULL when acc) */
    for (long r0 = 0; r0 < Tf; r0 += AMX_ROWS) {
        for (int j0 = 0; j0 < mf; j0 += 32)
            for (long i0 = r0; i0 < Tf && i0 < r0 + AMX_ROWS; i0 += 32)
                amx_block(Y + (size_t)i0 * ldy + j0, sy, S + (size_t)i0 * np, part, np, P + (size_t)(j0 / 16) * wcol,
                          wpart, wcol, acc, b ? b + j0 : NULL);
    }
    /* the rest, a block at a time through tmp */
    float tmp[32 * 32] __attribute__((aligned(64)));
    for (long i0 = 0; i0 < T; i0 += 32)
        for (int j0 = i0 < Tf ? mf : 0; j0 < m; j0 += 32) {
            int rows = T - i0 < 32 ? (int)(T - i0) : 32, cols = m - j0 < 32 ? m - j0 : 32;
            memset(tmp, 0, sizeof tmp);
            for (int r = 0; r < rows; r++) {
                if (acc) memcpy(tmp + 32 * r, Y + (size_t)(i0 + r) * ldy + j0, (size_t)cols * sizeof *Y);
                else if (b) memcpy(tmp + 32 * r, b + j0, (size_t)cols * sizeof *b);
            }
            amx_block(tmp, 32 * sizeof *tmp, S + (size_t)i0 * np, part, np, P + (size_t)(j0 / 16) * wcol, wpart, wcol,
                      1, NULL);
            for (int r = 0; r < rows; r++) memcpy(Y + (size_t)(i0 + r) * ldy + j0, tmp + 32 * r, (size_t)cols * sizeof *Y);
        }
    _tile_release();
}
#else
int lt_mdl_amx_split(uint16_t *S, const float *X, int ldx, long T, int n)
{
    (void)S, (void)X, (void)ldx, (void)T, (void)n;
    return 0;
}

void lt_mdl_amx_pack(uint16_t *P, const float *W, int m, int n)
{
    (void)P, (void)W, (void)m, (void)n;
}

void lt_mdl_amx_linear(float *Y, int ldy, const uint16_t *P, const float *b, const uint16_t *S, long T, int m, int n,
                       int acc)
{
    (void)Y, (void)ldy, (void)P, (void)b, (void)S, (void)T, (void)m, (void)n, (void)acc;
}
#endif

static int row_finite(const float *x, int n)
{
    for (int k = 0; k < n; k++)
        if (!(x[k] - x[k] == 0.0f)) return 0;
    return 1;
}

/* A row with an infinite or NaN entry: its parts' products can meet 0 x
   inf (x1 infinite times w's parts 2 and 3, which are 0), a NaN where f32
   gives an infinity; such rows (bad: X has one) are redone by the SGEMM
   (lt_mdl_linear), then added to Y's entries as they were (acc). */
void lt_mdl_amx_product(float *Y, int ldy, const uint16_t *P, const float *W, const float *b, const uint16_t *S,
                        int bad, const float *X, int ldx, long T, int m, int n, int acc)
{
    float *keep = NULL;
    if (bad && acc) {
        keep = lt_malloc((size_t)T * m * sizeof *keep);
        for (long t = 0; t < T; t++) memcpy(keep + (size_t)t * m, Y + (size_t)t * ldy, (size_t)m * sizeof *keep);
    }
    lt_mdl_amx_linear(Y, ldy, P, b, S, T, m, n, acc);
    for (long t = 0; bad && t < T; t++) {
        const float *x = X + (size_t)t * ldx;
        if (row_finite(x, n)) continue;
        float *y = Y + (size_t)t * ldy;
        lt_mdl_linear(y, ldy, W, b, x, ldx, 1, m, n);
        if (acc)
            for (int j = 0; j < m; j++) y[j] += keep[(size_t)t * m + j];
    }
    lt_free(keep);
}
