/* The theory layer: depth bounds, error exponents and word-problem
   classes, each with its source (see include/lietool/depth.h).

   "Heo et al." is Heo, Ngotiaoco, Irie, Gershman, Sabatini, "Why Depth
   Matters in Parallelizable Sequence Models: A Lie Algebraic View",
   arXiv:2603.05573 (2026), version 1 unless stated. */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "lietool/depth.h"

const char *lt_depth_bound_name(lt_bound b)
{
    return b == LT_BOUND_SHARP ? "sharp" : "v1";
}

int lt_depth_bound_parse(lt_bound *b, const char *s)
{
    if (strcmp(s, "v1") == 0) { *b = LT_BOUND_V1; return 1; }
    if (strcmp(s, "sharp") == 0) { *b = LT_BOUND_SHARP; return 1; }
    return 0;
}

/* Theorem 3.4 (k abelian layers simulate a system whose Lie algebra has
   derived length k: the tower of abelian extensions along the derived
   series) and Proposition 3.3 (k abelian layers reach derived length at
   most k), of Heo et al.; for finite groups, Shakerinava et al. (ICLR
   2026): a k-layer complex-diagonal SSM tracks G iff G has a subnormal
   series of length k with abelian factors, i.e. iff its derived length is
   at most k. */
long lt_depth_abelian_layers(long d)
{
    return d < 0 ? -1 : d;
}

/* Proposition 3.3 of Heo et al.: a stack of k restricted layers (only the
   A(x) commute; the input term b(x) is free, as in Mamba) has a Lie algebra
   of derived length at most 2k, so derived length d needs at least
   ceil(d / 2) of them. A lower bound only: the paper proves no matching
   construction. */
long lt_depth_restricted_layers(long d)
{
    return d < 0 ? -1 : (d + 1) / 2;
}

/* floor(log2 T), T >= 1 */
static int floor_log2(ulong T)
{
    int l = 0;
    while (T >>= 1) l++;
    return l;
}

/* Proposition 3.7 of Heo et al. (v1): a word problem of length at most T
   needs at most ceil(log2 T) + 1 abelian layers, through the free
   nilpotent Lie algebra of class T. Sharp reading: that algebra has
   derived length at most floor(log2 T) + 1 (its k-th derived term lies in
   degrees >= 2^k), which is what Theorem 3.4 needs. */
int lt_depth_log_bound(ulong T, lt_bound b)
{
    int f = floor_log2(T);
    if (b == LT_BOUND_SHARP) return f + 1;
    int c = (T & (T - 1)) ? f + 1 : f;      /* ceil(log2 T) */
    return c + 1;
}

/* Corollary 3.6 of Heo et al. (v1): a depth-k abelian stack truncates the
   flow to a nilpotent algebra of class 2^(k-1). Sharp: class c has derived
   length floor(log2 c) + 1 <= k exactly when c <= 2^k - 1. */
ulong lt_depth_truncation_class(int k, lt_bound b)
{
    return b == LT_BOUND_SHARP ? (((ulong)1 << k) - 1) : ((ulong)1 << (k - 1));
}

/* Corollary 3.6 of Heo et al.: the local error is O(eps^(c(k)+1)), eps the
   generator mass (the integral of ||A(x(t))||): the Magnus terms of degree
   above c(k) are what the truncation drops, and Omega_n = O(eps^n). */
ulong lt_depth_error_exponent(int k, lt_bound b)
{
    return lt_depth_truncation_class(k, b) + 1;
}

int lt_depth_is_exact(int k, long d)
{
    return d >= 0 && d <= k;
}

/* Witt's formula (Witt 1937; Reutenauer, Free Lie Algebras, Cor. 4.14)
   summed over the degrees 1..T: the dimension of the free nilpotent Lie
   algebra of class T, which Corollary 3.8 of Heo et al. gives as the width
   of the construction of Proposition 3.7 (O(n^T / T)). src/free's
   lt_free_witt_total computes the same number for small n, each power
   afresh; here n may be any size (|G| of a large group) and each power
   n^(m/d) is the previous one times n. */
const char *lt_depth_width_text(char *buf, size_t size, const mpz_t w, double digits, int tex)
{
    if (mpz_sgn(w) > 0 && mpz_cmp_ui(w, 1000000) < 0) {
        gmp_snprintf(buf, size, tex ? "$%Zd$" : "%Zd", w);
        return buf;
    }
    if (mpz_sgn(w) > 0) {
        long e2;
        double m = mpz_get_d_2exp(&e2, w);
        digits = (log2(m) + (double)e2) * log10(2.0);
    }
    snprintf(buf, size, tex ? "about $10^{%.1f}$" : "about 10^%.1f", digits);
    return buf;
}

lt_status lt_depth_width(mpz_t out, double *digits, const mpz_t n, ulong T, long max_digits,
                         const lt_ctx_t ctx, lt_err_t err)
{
    if (digits) *digits = 0;
    if (mpz_sgn(n) <= 0 || mpz_cmp_ui(n, 1) == 0) {
        /* no letters: 0; one letter: only the letter itself (degree 1) */
        mpz_set_ui(out, mpz_sgn(n) > 0 ? 1 : 0);
        return LT_OK;
    }
    /* log10 of the result: the top degree n^T / T dominates, and the sum
       of all degrees is at most n/(n-1) times it */
    long e2;
    double m2 = mpz_get_d_2exp(&e2, n);
    double l10n = (log2(m2) + (double)e2) * log10(2.0);
    double est = (double)T * l10n - log10((double)T) + log10(2.0);
    /* reported: the top degree times the geometric tail n/(n-1), closer
       than the bound est (to a tenth of a digit for T >= 16) */
    if (digits) *digits = (double)T * l10n - log10((double)T) + log10(m2 * exp2((double)e2) / (m2 * exp2((double)e2) - 1));
    if (est > (double)max_digits)
        return lt_err_set(err, LT_ELIMIT, "the width for length %lu has about %.0f decimal digits, above `max_digits` %ld",
                          T, est, max_digits);
    if (T > UINT32_MAX)
        return lt_err_set(err, LT_ELIMIT, "length %lu is above 2^32", T);
    /* the work tables: a sieve, one power per square-free d (about
       0.61 T ln T log2(n) bits in all), the sum and the term */
    double bytes = 24.0 * (double)(T + 1)
                 + (double)T * (l10n / log10(2.0)) / 8.0 * (0.61 * log((double)T + 1) + 3);
    if (bytes > (double)ctx->max_memory_mb * 1048576.0)
        return lt_err_set(err, LT_ELIMIT, "the width for length %lu needs about %.0f MiB, above `max_memory` %ld",
                          T, bytes / 1048576.0, ctx->max_memory_mb);
    uint32_t *spf = lt_calloc(T + 1, sizeof *spf);        /* smallest prime factor */
    for (ulong p = 2; p <= T; p++)
        if (!spf[p])
            for (ulong q = p; q <= T; q += p)
                if (!spf[q]) spf[q] = (uint32_t)p;
    mpz_t *pw = lt_malloc((T + 1) * sizeof *pw);          /* pw[d] = n^(m/d) at step m */
    for (ulong d = 1; d <= T; d++) mpz_init_set_ui(pw[d], 1);
    mpz_t S;
    mpz_init(S);
    mpz_set_ui(out, 0);
    for (ulong m = 1; m <= T; m++) {
        /* the distinct primes of m, then its 2^k square-free divisors */
        ulong primes[16];
        int k = 0;
        for (ulong r = m; r > 1; ) {
            ulong p = spf[r];
            primes[k++] = p;
            while (r % p == 0) r /= p;
        }
        mpz_set_ui(S, 0);
        for (ulong mask = 0; mask < (1UL << k); mask++) {
            ulong d = 1;
            int sign = 1;
            for (int i = 0; i < k; i++)
                if (mask >> i & 1) { d *= primes[i]; sign = -sign; }
            mpz_mul(pw[d], pw[d], n);
            if (sign > 0) mpz_add(S, S, pw[d]); else mpz_sub(S, S, pw[d]);
        }
        mpz_divexact_ui(S, S, m);
        mpz_add(out, out, S);
        if (ctx->progress && (m & 1023) == 0) ctx->progress(ctx->progress_arg, "width", (double)m, (double)T);
    }
    if (ctx->progress) ctx->progress(ctx->progress_arg, "width", 1, 1);
    mpz_clear(S);
    for (ulong d = 1; d <= T; d++) mpz_clear(pw[d]);
    lt_free(pw);
    lt_free(spf);
    return LT_OK;
}

/* Barrington (1989): the word problem of a fixed non-solvable group is
   NC1-complete. Barrington and Therien (1988): programs over solvable
   groups compute exactly ACC0, so a solvable group's word problem is in
   ACC0 (constant depth). An abelian group: one order-blind layer
   (Theorem 3.4 of Heo et al. with k = 1). */
lt_wp_class lt_depth_word_problem_class(long d)
{
    if (d < 0) return LT_WP_NC1_COMPLETE;
    if (d == 0) return LT_WP_TRIVIAL;
    return d == 1 ? LT_WP_ABELIAN : LT_WP_SOLVABLE;
}

const char *lt_depth_word_problem_name(lt_wp_class c)
{
    static const char *name[] = {"trivial", "abelian", "solvable", "nc1-complete"};
    return name[c];
}

const char *lt_depth_cite_reading(lt_depth_source s, lt_bound b)
{
    /* Corollary 3.6 and Proposition 3.7 read differently in v1 and in the
       sharp reading (lt_bound): the citation names the one in use */
    if (s == LT_SRC_HEO_COR36)
        return b == LT_BOUND_SHARP ? "Heo et al. 2026, Corollary 3.6, sharp reading" : "Heo et al. 2026, Corollary 3.6, v1 reading";
    if (s == LT_SRC_HEO_PROP37)
        return b == LT_BOUND_SHARP ? "Heo et al. 2026, Proposition 3.7, sharp reading" : "Heo et al. 2026, Proposition 3.7, v1 reading";
    return lt_depth_cite(s);
}

const char *lt_depth_cite(lt_depth_source s)
{
    static const char *cite[LT_SRC_COUNT] = {
        [LT_SRC_HEO_LEM31] = "Heo et al. 2026, Lemma 3.1",
        [LT_SRC_HEO_THM32] = "Heo et al. 2026, Theorem 3.2",
        [LT_SRC_HEO_PROP33] = "Heo et al. 2026, Proposition 3.3",
        [LT_SRC_HEO_THM34] = "Heo et al. 2026, Theorem 3.4",
        [LT_SRC_HEO_COR36] = "Heo et al. 2026, Corollary 3.6",
        [LT_SRC_HEO_PROP37] = "Heo et al. 2026, Proposition 3.7",
        [LT_SRC_HEO_COR38] = "Heo et al. 2026, Corollary 3.8",
        [LT_SRC_SHAKERINAVA] = "Shakerinava et al. 2026",
        [LT_SRC_BARRINGTON] = "Barrington 1989",
        [LT_SRC_BARRINGTON_THERIEN] = "Barrington and Therien 1988",
        [LT_SRC_MERRILL] = "Merrill, Petty and Sabharwal 2024",
        [LT_SRC_LIU] = "Liu et al. 2023",
        [LT_SRC_GRAZZI] = "Grazzi et al. 2025",
        [LT_SRC_WITT] = "Witt 1937",
        [LT_SRC_MOAN_NIESEN] = "Moan and Niesen 2008",
    };
    return (unsigned)s < LT_SRC_COUNT ? cite[s] : "";
}
