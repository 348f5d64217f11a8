/* Bracket witnesses for the derived and lower central series of a Lie
   algebra (see lietool/liealg.h). */
#include <string.h>
#include "lietool/liealg.h"

void lt_lwit_init(lt_lwit_t W, slong dim)
{
    memset(W, 0, sizeof *W);
    W->dim = dim;
}

void lt_lwit_clear(lt_lwit_t W)
{
    for (slong i = 0; i < W->len; i++) {
        _fmpq_vec_clear(W->u[i], W->dim);
        _fmpq_vec_clear(W->v[i], W->dim);
        _fmpq_vec_clear(W->w[i], W->dim);
    }
    lt_free(W->u); lt_free(W->v); lt_free(W->w);
}

static void push(lt_lwit_t W, const fmpq *u, const fmpq *v, const fmpq *w)
{
    if (W->len == W->alloc) {
        W->alloc = W->alloc ? 2 * W->alloc : 8;
        W->u = lt_realloc(W->u, (size_t)W->alloc * sizeof *W->u);
        W->v = lt_realloc(W->v, (size_t)W->alloc * sizeof *W->v);
        W->w = lt_realloc(W->w, (size_t)W->alloc * sizeof *W->w);
    }
    slong i = W->len++, d = W->dim;
    W->u[i] = _fmpq_vec_init(d); lt_qvec_set(W->u[i], u, d);
    W->v[i] = _fmpq_vec_init(d); lt_qvec_set(W->v[i], v, d);
    W->w[i] = _fmpq_vec_init(d); lt_qvec_set(W->w[i], w, d);
}

lt_status lt_liealg_bracket_witness(lt_lwit_t W, const lt_liealg_t L, const lt_qspace_t U,
                                    const lt_qspace_t V, const lt_qspace_t T, lt_err_t err)
{
    slong d = L->dim;
    fmpq *w = _fmpq_vec_init(d), *r = _fmpq_vec_init(d);
    lt_qspace_t S;
    lt_qspace_init(S, d);
    for (slong i = 0; i < U->rank && S->rank < T->rank; i++)
        for (slong j = 0; j < V->rank && S->rank < T->rank; j++) {
            lt_liealg_bracket(w, L, U->rows[i], V->rows[j]);
            lt_qvec_set(r, w, d);
            if (lt_qspace_add_scratch(S, r)) push(W, U->rows[i], V->rows[j], w);
        }
    lt_qspace_clear(S);
    _fmpq_vec_clear(w, d);
    _fmpq_vec_clear(r, d);
    if (!lt_lwit_check(W, L, U, V, T))
        return lt_err_set(err, LT_EINTERNAL, "bracket witness failed its check");
    return LT_OK;
}

int lt_lwit_check(const lt_lwit_t W, const lt_liealg_t L, const lt_qspace_t U,
                  const lt_qspace_t V, const lt_qspace_t T)
{
    slong d = L->dim;
    int ok = 1;
    fmpq *w = _fmpq_vec_init(d);
    lt_qspace_t S;
    lt_qspace_init(S, d);
    for (slong i = 0; i < W->len && ok; i++) {
        lt_liealg_bracket(w, L, W->u[i], W->v[i]);
        ok = lt_qvec_equal(w, W->w[i], d) && lt_qspace_contains(U, W->u[i])
             && lt_qspace_contains(V, W->v[i]) && lt_qspace_contains(T, w);
        lt_qspace_add(S, w);
    }
    if (ok) ok = lt_qspace_equal(S, T);
    lt_qspace_clear(S);
    _fmpq_vec_clear(w, d);
    return ok;
}

int lt_liealg_quotient_abelian(const lt_liealg_t L, const lt_qspace_t U, const lt_qspace_t N,
                               const lt_qspace_t A, long *checks)
{
    slong d = L->dim;
    const lt_qspace_struct *B = A ? A : U;
    long count = 0;
    int ok = 1;
    fmpq *w = _fmpq_vec_init(d);
    for (slong i = 0; i < N->rank && ok; i++)
        for (slong k = 0; k < B->rank && ok; k++, count++) {
            lt_liealg_bracket(w, L, B->rows[k], N->rows[i]);
            ok = lt_qspace_contains(N, w);
        }
    for (slong i = 0; i < U->rank && ok; i++)
        for (slong k = A ? 0 : i + 1; k < B->rank && ok; k++, count++) {
            lt_liealg_bracket(w, L, U->rows[i], B->rows[k]);
            ok = lt_qspace_contains(N, w);
        }
    _fmpq_vec_clear(w, d);
    if (checks) *checks = count;
    return ok;
}

/* ---- the evidence for a whole series ---- */

void lt_liealg_series_witness_init(lt_liealg_series_witness_t R)
{
    memset(R, 0, sizeof *R);
    lt_lseries_init(R->S);
}

void lt_liealg_series_witness_clear(lt_liealg_series_witness_t R)
{
    for (slong i = 0; i < R->nsteps; i++) lt_lwit_clear(R->steps[i].W);
    lt_free(R->steps);
    lt_lseries_clear(R->S);
}

lt_status lt_liealg_series_witness(lt_liealg_series_witness_t R, const lt_liealg_t L, int lower, lt_err_t err)
{
    lt_liealg_series_witness_clear(R);
    lt_liealg_series_witness_init(R);
    R->lower = lower;
    if (lower) lt_liealg_lower_central_series(R->S, L);
    else lt_liealg_derived_series(R->S, L);
    const lt_lseries_struct *S = R->S;
    R->residual = !S->reaches_zero;
    slong nsteps = S->len - 1 + R->residual;
    R->steps = lt_calloc((size_t)(nsteps ? nsteps : 1), sizeof *R->steps);
    lt_status st = LT_OK;
    for (slong i = 0; !st && i < nsteps; i++) {
        int last = R->residual && i == nsteps - 1;
        const lt_qspace_struct *U = &S->terms[i], *T = &S->terms[last ? i : i + 1], *A = lower ? &S->terms[0] : NULL;
        lt_liealg_step_struct *P = &R->steps[i];
        lt_lwit_init(P->W, L->dim);
        R->nsteps = i + 1;
        st = lt_liealg_bracket_witness(P->W, L, U, lower ? &S->terms[0] : U, T, err);
        if (!st && !last && !lt_liealg_quotient_abelian(L, U, T, A, &P->checks))
            st = lt_err_set(err, LT_EINTERNAL, "quotient check failed at step %ld", (long)i + 1);
        P->quotient_dim = U->rank - T->rank;
    }
    return st;
}

int lt_liealg_bracket_reversed(const fmpq *u, const fmpq *v, const fmpq *w, slong d)
{
    return lt_qvec_is_multiple(w, u, d) && !lt_qvec_is_multiple(w, v, d);
}

void lt_liealg_abelian_witness_init(lt_liealg_abelian_witness_t R)
{
    R->abelian = 0;
    R->pairs = 0;
    lt_lwit_init(R->W, 0);
}

void lt_liealg_abelian_witness_clear(lt_liealg_abelian_witness_t R)
{
    lt_lwit_clear(R->W);
}

void lt_liealg_abelian_witness(lt_liealg_abelian_witness_t R, const lt_liealg_t L)
{
    slong d = L->dim;
    lt_lwit_clear(R->W);
    lt_lwit_init(R->W, d);
    R->abelian = 1;
    R->pairs = 0;
    fmpq *u = _fmpq_vec_init(d), *v = _fmpq_vec_init(d), *w = _fmpq_vec_init(d);
    for (slong i = 0; i < d && R->abelian; i++)
        for (slong j = i + 1; j < d && R->abelian; j++) {
            R->pairs++;
            lt_qvec_zero(u, d);
            lt_qvec_zero(v, d);
            fmpq_one(u + i);
            fmpq_one(v + j);
            lt_liealg_bracket(w, L, u, v);
            if (!lt_qvec_is_zero(w, d)) {
                R->abelian = 0;
                push(R->W, u, v, w);
            }
        }
    _fmpq_vec_clear(u, d); _fmpq_vec_clear(v, d); _fmpq_vec_clear(w, d);
}

void lt_liealg_perfect_witness_init(lt_liealg_perfect_witness_t R)
{
    R->perfect = 0;
    R->derived_dim = 0;
    lt_lwit_init(R->W, 0);
}

void lt_liealg_perfect_witness_clear(lt_liealg_perfect_witness_t R)
{
    lt_lwit_clear(R->W);
}

lt_status lt_liealg_perfect_witness(lt_liealg_perfect_witness_t R, const lt_liealg_t L, lt_err_t err)
{
    lt_lwit_clear(R->W);
    lt_lwit_init(R->W, L->dim);
    lt_lseries_t S;
    lt_lseries_init(S);
    lt_liealg_derived_series(S, L);
    R->perfect = S->len == 1;
    R->derived_dim = S->len > 1 ? S->terms[1].rank : S->terms[0].rank;
    lt_status st = R->perfect ? lt_liealg_bracket_witness(R->W, L, S->terms, S->terms, S->terms, err) : LT_OK;
    lt_lseries_clear(S);
    return st;
}
