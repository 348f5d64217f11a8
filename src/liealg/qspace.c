/* Rational row spaces kept in reduced row echelon form. */
#include <string.h>
#include <flint/fmpq_vec.h>
#include "lietool/liealg.h"

void lt_qvec_set(fmpq *a, const fmpq *b, slong n)
{
    for (slong i = 0; i < n; i++) fmpq_set(a + i, b + i);
}

void lt_qvec_zero(fmpq *a, slong n)
{
    for (slong i = 0; i < n; i++) fmpq_zero(a + i);
}

int lt_qvec_is_zero(const fmpq *a, slong n)
{
    for (slong i = 0; i < n; i++) if (!fmpq_is_zero(a + i)) return 0;
    return 1;
}

int lt_qvec_equal(const fmpq *a, const fmpq *b, slong n)
{
    for (slong i = 0; i < n; i++) if (!fmpq_equal(a + i, b + i)) return 0;
    return 1;
}

int lt_qvec_is_multiple(const fmpq *y, const fmpq *x, slong n)
{
    slong p = -1;
    for (slong i = 0; i < n && p < 0; i++) if (!fmpq_is_zero(x + i)) p = i;
    if (p < 0) return 0;
    fmpq_t t, s;
    fmpq_init(t); fmpq_init(s);
    fmpq_div(t, y + p, x + p);
    int ok = 1;
    for (slong i = 0; i < n && ok; i++) {
        fmpq_mul(s, t, x + i);
        ok = fmpq_equal(s, y + i);
    }
    fmpq_clear(t); fmpq_clear(s);
    return ok;
}

void lt_qspace_init(lt_qspace_t S, slong N)
{
    S->N = N;
    S->rank = S->alloc = 0;
    S->rows = NULL;
    S->piv = NULL;
}

void lt_qspace_clear(lt_qspace_t S)
{
    for (slong r = 0; r < S->rank; r++) _fmpq_vec_clear(S->rows[r], S->N);
    lt_free(S->rows);
    lt_free(S->piv);
}

void lt_qspace_set(lt_qspace_t S, const lt_qspace_t T)
{
    if (S == T) return;
    lt_qspace_clear(S);
    S->N = T->N;
    S->alloc = S->rank = T->rank;
    S->rows = lt_malloc((size_t)(T->rank + 1) * sizeof *S->rows);
    S->piv = lt_malloc((size_t)(T->rank + 1) * sizeof *S->piv);
    for (slong r = 0; r < T->rank; r++) {
        S->rows[r] = _fmpq_vec_init(T->N);
        lt_qvec_set(S->rows[r], T->rows[r], T->N);
        S->piv[r] = T->piv[r];
    }
}

void lt_qspace_full(lt_qspace_t S, slong N)
{
    lt_qspace_clear(S);
    S->N = N;
    S->alloc = S->rank = N;
    S->rows = lt_malloc((size_t)(N + 1) * sizeof *S->rows);
    S->piv = lt_malloc((size_t)(N + 1) * sizeof *S->piv);
    for (slong r = 0; r < N; r++) {
        S->rows[r] = _fmpq_vec_init(N);
        fmpq_one(S->rows[r] + r);
        S->piv[r] = r;
    }
}

int lt_qspace_reduce(const lt_qspace_t S, fmpq *v)
{
    fmpq_t c;
    fmpq_init(c);
    for (slong r = 0; r < S->rank; r++) {
        slong p = S->piv[r];
        if (fmpq_is_zero(v + p)) continue;
        fmpq_set(c, v + p);
        const fmpq *row = S->rows[r];
        for (slong k = p; k < S->N; k++)
            if (!fmpq_is_zero(row + k)) fmpq_submul(v + k, c, row + k);
    }
    fmpq_clear(c);
    return !lt_qvec_is_zero(v, S->N);
}

static int insert_reduced(lt_qspace_t S, fmpq *w);

int lt_qspace_add(lt_qspace_t S, const fmpq *v)
{
    slong N = S->N;
    fmpq *w = _fmpq_vec_init(N);
    lt_qvec_set(w, v, N);
    if (!lt_qspace_reduce(S, w)) { _fmpq_vec_clear(w, N); return 0; }
    return insert_reduced(S, w);
}

int lt_qspace_add_scratch(lt_qspace_t S, fmpq *v)
{
    slong N = S->N;
    if (!lt_qspace_reduce(S, v)) return 0;
    fmpq *w = _fmpq_vec_init(N);
    for (slong k = 0; k < N; k++) fmpq_swap(w + k, v + k);
    return insert_reduced(S, w);
}

/* w: reduced modulo S, non-zero, owned by S from now on */
static int insert_reduced(lt_qspace_t S, fmpq *w)
{
    slong N = S->N;
    slong p = 0;
    while (fmpq_is_zero(w + p)) p++;
    fmpq_t c;
    fmpq_init(c);
    fmpq_inv(c, w + p);
    for (slong k = p; k < N; k++) if (!fmpq_is_zero(w + k)) fmpq_mul(w + k, w + k, c);
    /* clear column p in the other rows */
    for (slong r = 0; r < S->rank; r++) {
        fmpq *row = S->rows[r];
        if (fmpq_is_zero(row + p)) continue;
        fmpq_set(c, row + p);
        for (slong k = p; k < N; k++)
            if (!fmpq_is_zero(w + k)) fmpq_submul(row + k, c, w + k);
    }
    fmpq_clear(c);
    if (S->rank == S->alloc) {
        S->alloc = S->alloc ? 2 * S->alloc : 8;
        S->rows = lt_realloc(S->rows, (size_t)S->alloc * sizeof *S->rows);
        S->piv = lt_realloc(S->piv, (size_t)S->alloc * sizeof *S->piv);
    }
    slong pos = S->rank;
    while (pos > 0 && S->piv[pos - 1] > p) {
        S->rows[pos] = S->rows[pos - 1];
        S->piv[pos] = S->piv[pos - 1];
        pos--;
    }
    S->rows[pos] = w;
    S->piv[pos] = p;
    S->rank++;
    return 1;
}

int lt_qspace_contains(const lt_qspace_t S, const fmpq *v)
{
    fmpq *w = _fmpq_vec_init(S->N);
    lt_qvec_set(w, v, S->N);
    int r = !lt_qspace_reduce(S, w);
    _fmpq_vec_clear(w, S->N);
    return r;
}

int lt_qspace_equal(const lt_qspace_t S, const lt_qspace_t T)
{
    if (S->N != T->N || S->rank != T->rank) return 0;
    for (slong r = 0; r < S->rank; r++)
        if (S->piv[r] != T->piv[r] || !lt_qvec_equal(S->rows[r], T->rows[r], S->N)) return 0;
    return 1;
}
