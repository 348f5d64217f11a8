/* The BCH series and the Magnus expansion, whole: what the commands bch
   and magnus and the Python package's bch and magnus compute. */
#include "lietool/free.h"

static lt_status finish(lt_status st, lt_lyndon_t B, fmpq **c)
{
    if (st && *c) {
        _fmpq_vec_clear(*c, B->n);
        *c = NULL;
    }
    return st;
}

lt_status lt_free_bch_series(lt_lyndon_t B, fmpq **c, long N, int symmetric, const lt_ctx_t ctx, lt_err_t err)
{
    *c = NULL;
    lt_status st = lt_free_bch_check(N, ctx, err);
    if (!st) st = lt_free_lyndon_basis(B, 2, N, ctx, err);
    if (!st) {
        *c = _fmpq_vec_init(B->n);
        st = lt_free_bch(*c, B, symmetric, ctx, err);
    }
    return finish(st, B, c);
}

lt_status lt_free_magnus_series(lt_lyndon_t B, fmpq **c, const lt_free_word_t W, long K, const lt_ctx_t ctx,
                                lt_err_t err)
{
    *c = NULL;
    lt_status st = lt_free_lyndon_basis(B, W->r, K, ctx, err);
    if (!st) {
        *c = _fmpq_vec_init(B->n);
        st = lt_free_log_exp(*c, B, W->m, W->letters, W->t, ctx, err);
    }
    return finish(st, B, c);
}
