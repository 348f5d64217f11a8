/* Certified truncation errors of the Magnus expansion (lietool/free.h):
   the errors of lt_free_magnus_errors, computed twice, at the requested
   precision and at 64 bits more, and refused when the rounding error at
   the requested precision decides any digit that is reported. */
#include <math.h>
#include <string.h>
#include <flint/fmpq_vec.h>
#include "lietool/free.h"

void lt_magnus_result_init(lt_magnus_result_t R)
{
    memset(R, 0, sizeof *R);
    mpfr_init2(R->eps, 8);
    mpfr_init2(R->comm, 8);
    mpfr_init2(R->worst_check, 8);
}

void lt_magnus_result_clear(lt_magnus_result_t R)
{
    for (long k = 0; k < R->K; k++) mpfr_clear(R->errors + k);
    lt_free(R->errors);
    mpfr_clear(R->eps);
    mpfr_clear(R->comm);
    mpfr_clear(R->worst_check);
}

/* The values of R at R->K orders and precision prec (earlier ones released). */
static void result_alloc(lt_magnus_result_t R, long K, mpfr_prec_t prec)
{
    lt_magnus_result_clear(R);
    lt_magnus_result_init(R);
    R->K = K;
    R->prec = prec;
    R->errors = lt_malloc((size_t)K * sizeof *R->errors);
    for (long k = 0; k < K; k++) mpfr_init2(R->errors + k, prec);
    mpfr_set_prec(R->eps, prec);
    mpfr_set_prec(R->comm, prec);
}

/* Extra bits the value x (at prec) needs to agree with y (at prec + 64)
   to `digits` significant digits: 0 when they agree; otherwise the bits
   that bring the estimated rounding error |x - y| down to 2^-38 |y|, at
   least 16; -1 when y is 0 and x is not (no estimate). */
static long short_bits(const mpfr_t x, const mpfr_t y, int digits)
{
    char a[96], b[96];
    mpfr_snprintf(a, sizeof a, "%.*Re", digits - 1, x);
    mpfr_snprintf(b, sizeof b, "%.*Re", digits - 1, y);
    if (strcmp(a, b) == 0) return 0;
    if (mpfr_zero_p(y) || !mpfr_number_p(y) || !mpfr_number_p(x)) return -1;
    mpfr_t d;
    mpfr_init2(d, 64);
    mpfr_sub(d, x, y, MPFR_RNDN);
    mpfr_div(d, d, y, MPFR_RNDN);
    long need = (long)mpfr_get_exp(d) + 38;   /* |d| < 2^exp */
    mpfr_clear(d);
    return need < 16 ? 16 : need;
}

/* The errors of W on gens at R's orders and precision. */
static lt_status errors(lt_magnus_result_t R, const lt_magnus_params *P, const lt_lyndon_t B, const fmpq *c,
                        const lt_free_word_t W, const fmpq *const *gens, slong n, const fmpq_t h,
                        const lt_ctx_t ctx, lt_err_t err)
{
    return lt_free_magnus_errors(R->errors, R->eps, R->comm, R->K, B, c, W->m, W->letters, gens, n, h,
                                 P->norm, R->prec, W->names, ctx, err);
}

/* The work of the evaluation, in the steps of --max-enum (1000 x
   --max-enum, about a minute, as for bch): two passes (prec and prec + 64
   bits), each with r + K matrix exponentials of n x n matrices; an
   exponential takes about 2.5 sqrt(prec) products (lt_rmat_exp: the
   Taylor terms and the squarings), n^3 multiplications of prec-bit
   numbers each, about (prec / 64)^1.5 limb operations. Measured here, 2 x
   2 matrices, 2 letters, order 3: --prec 40000 0.8 s, 160000 13 s (time
   grows as prec^2); the unit is set so that --prec 1000000, about 9
   minutes, is refused by default and 300000 is not. */
static lt_status eval_cost_check(long K, int r, long n, long prec, const lt_ctx_t ctx, lt_err_t err)
{
    double wp = (double)prec + 96, limb = pow(wp / 64.0, 1.5), cube = (double)n * (double)n * (double)n;
    double total = 2.0 * (double)(r + K) * 2.5 * sqrt(wp) * cube * limb / 4.4;
    if (!(total <= 1000.0 * (double)ctx->max_enum))
        return lt_err_set(err, LT_ELIMIT, "the errors to order %ld on %ld x %ld matrices at `prec` %ld take about %.1e steps, "
                          "more than 1000 x `max_enum` %ld (about a minute); `max_enum` %.0f allows it",
                          K, n, n, prec, total, ctx->max_enum, isfinite(total) ? ceil(total / 1000.0) : 1e308);
    return LT_OK;
}

lt_status lt_free_magnus_run(lt_magnus_result_t R, const lt_magnus_params *P, const lt_free_word_t W,
                             const lt_matfile_t F, const char *where, const fmpq_t h,
                             const lt_ctx_t ctx, lt_err_t err)
{
    long K = P->order;
    result_alloc(R, K, P->prec);
    R->check_prec = P->prec + 64;
    const fmpq **gens = lt_malloc((size_t)(W->r ? W->r : 1) * sizeof *gens);
    for (int j = 0; j < W->r; j++) {
        int f = lt_free_matfile_find(F, W->names[j]);
        if (f >= 0) { gens[j] = F->entries[f]; continue; }
        /* the first such letter in the word's order */
        lt_status st = LT_EINPUT;
        for (slong i = 0; i < W->m; i++) {
            const char *name = W->names[W->letters[W->m - 1 - i]];
            if (lt_free_matfile_find(F, name) < 0) {
                st = lt_err_set(err, LT_EINPUT, "%s: no matrix for letter '%s' (letter %ld of the word)",
                                where, name, (long)i + 1);
                break;
            }
        }
        lt_free(gens);
        return st;
    }
    lt_status cs = eval_cost_check(K, W->r, (long)F->n, (long)P->prec, ctx, err);
    if (cs) { lt_free(gens); return cs; }
    lt_lyndon_t B;
    lt_lyndon_init(B);
    fmpq *c = NULL;
    lt_magnus_result_t H;
    lt_magnus_result_init(H);
    lt_status st = lt_free_lyndon_basis(B, W->r, K > 2 ? K : 2, ctx, err);
    if (!st) {
        c = _fmpq_vec_init(B->n);
        st = lt_free_log_exp(c, B, W->m, W->letters, W->t, ctx, err);
    }
    if (!st) st = errors(R, P, B, c, W, gens, F->n, h, ctx, err);
    /* the same at prec + 64 bits: every reported number must agree with
       its more accurate twin to the reported digits, or the rounding error
       at prec (cancellation in exp(Omega^[k]) - P, errors far below
       2^-prec ||P||, large norms) decides the digits */
    if (!st) {
        result_alloc(H, K, R->check_prec);
        st = errors(H, P, B, c, W, gens, F->n, h, ctx, err);
    }
    if (!st) {
        long need = 0, b;
        if ((b = short_bits(R->eps, H->eps, P->digits)) != 0) { need = b; R->worst = -1; }
        if (need >= 0 && (b = short_bits(R->comm, H->comm, P->digits)) != 0 && (b < 0 || b > need)) { need = b; R->worst = -2; }
        for (long k = 1; k <= K && need >= 0; k++)
            if ((b = short_bits(R->errors + k - 1, H->errors + k - 1, P->digits)) != 0 && (b < 0 || b > need)) {
                need = b;
                R->worst = k;
            }
        if (R->worst) {
            long prec = (long)P->prec, sug = need < 0 ? 2 * prec + 64 : prec + need;
            sug = (sug + 31) / 32 * 32;
            if (sug > 1000000) sug = 1000000;
            R->suggested_prec = sug;
            const __mpfr_struct *x = R->worst == -1 ? R->eps : R->worst == -2 ? R->comm : R->errors + R->worst - 1;
            const __mpfr_struct *y = R->worst == -1 ? H->eps : R->worst == -2 ? H->comm : H->errors + R->worst - 1;
            mpfr_set_prec(R->worst_check, R->check_prec);
            mpfr_set(R->worst_check, y, MPFR_RNDN);
            char what[64], xs[96], ys[96];
            if (R->worst > 0) snprintf(what, sizeof what, "the order-%ld error", R->worst);
            else snprintf(what, sizeof what, "the %s mass", R->worst == -1 ? "generator" : "commutator");
            mpfr_snprintf(xs, sizeof xs, "%.*Re", P->digits - 1, x);
            mpfr_snprintf(ys, sizeof ys, "%.*Re", P->digits - 1, y);
            st = lt_err_set(err, LT_ENUMERIC, "`prec` %ld is too low for the printed digits: %s is %s at %ld bits "
                            "but %s at %ld bits; try `prec` %ld", prec, what, xs, prec, ys, (long)R->check_prec, sug);
        }
    }
    lt_magnus_result_clear(H);
    if (c) _fmpq_vec_clear(c, B->n);
    lt_lyndon_clear(B);
    lt_free(gens);
    return st;
}
