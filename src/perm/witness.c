/* Commutator witnesses for the derived and lower central series (see
   lietool/perm.h). Everything printed from here is recomputed and
   tested for membership before it is returned. */
#include <string.h>
#include "impl.h"

void lt_pwit_init(lt_pwit_t W, int n)
{
    memset(W, 0, sizeof *W);
    W->n = n;
}

void lt_pwit_clear(lt_pwit_t W)
{
    for (int i = 0; i < W->len; i++) {
        lt_free(W->a[i]); lt_free(W->b[i]); lt_free(W->c[i]);
    }
    lt_free(W->a); lt_free(W->b); lt_free(W->c);
}

void lt_pwit_push(lt_pwit_t W, const int *a, const int *b)
{
    int n = W->n;
    if (W->len == W->alloc) {
        W->alloc = W->alloc ? 2 * W->alloc : 8;
        W->a = lt_realloc(W->a, (size_t)W->alloc * sizeof *W->a);
        W->b = lt_realloc(W->b, (size_t)W->alloc * sizeof *W->b);
        W->c = lt_realloc(W->c, (size_t)W->alloc * sizeof *W->c);
    }
    int i = W->len++;
    W->a[i] = lt_malloc((size_t)n * sizeof(int));
    W->b[i] = lt_malloc((size_t)n * sizeof(int));
    W->c[i] = lt_malloc((size_t)n * sizeof(int));
    memcpy(W->a[i], a, (size_t)n * sizeof(int));
    memcpy(W->b[i], b, (size_t)n * sizeof(int));
    lt_perm_comm(W->c[i], a, b, n);
}

/* Keeps (a, b) when [a,b] is not in Tw yet; Tw's chain is rebuilt. */
static lt_status keep_if_new(lt_pwit_t W, lt_pgrp_t Tw, const int *a, const int *b, int *c,
                             const mpz_t bound, const lt_ctx_t ctx, lt_err_t err, int *added)
{
    *added = 0;
    lt_perm_comm(c, a, b, W->n);
    if (lt_perm_is_one(c, W->n) || lt_pgrp_contains(Tw, c)) return LT_OK;
    lt_pwit_push(W, a, b);
    lt_pgrp_add_gen(Tw, c);
    *added = 1;
    return lt_pgrp_chain(Tw, bound, ctx, err);
}

lt_status lt_pgrp_commutator_witness(lt_pwit_t W, lt_pgrp_t Tw, lt_pgrp_t H, lt_pgrp_t K,
                                     lt_pgrp_t G, lt_pgrp_t T, const lt_ctx_t ctx, lt_err_t err)
{
    int n = G->n, added;
    int *c = lt_malloc((size_t)n * sizeof(int));
    int *a = lt_malloc((size_t)n * sizeof(int)), *b = lt_malloc((size_t)n * sizeof(int));
    lt_pgrp_clear(Tw);
    lt_pgrp_init(Tw, n);
    lt_status st = lt_pgrp_chain(Tw, NULL, ctx, err);
    for (int i = 0; i < H->ngens && !st; i++)
        for (int j = 0; j < K->ngens && !st; j++)
            st = keep_if_new(W, Tw, H->gens[i], K->gens[j], c, G->order, ctx, err, &added);
    /* normal closure: conjugate every kept pair by G's generators */
    for (int i = 0; i < W->len && !st; i++)
        for (int k = 0; k < G->ngens && !st; k++) {
            lt_perm_conj(c, W->c[i], G->gens[k], n);
            if (lt_pgrp_contains(Tw, c)) continue;
            lt_perm_conj(a, W->a[i], G->gens[k], n);
            lt_perm_conj(b, W->b[i], G->gens[k], n);
            st = keep_if_new(W, Tw, a, b, c, G->order, ctx, err, &added);
        }
    lt_free(a); lt_free(b); lt_free(c);
    if (st) return st;
    if (!lt_pwit_check(W, H, K, T, ctx, err))
        return lt_err_set(err, LT_EINTERNAL, "commutator witness failed its check");
    return LT_OK;
}

int lt_pwit_check(const lt_pwit_t W, lt_pgrp_t H, lt_pgrp_t K, lt_pgrp_t T,
                  const lt_ctx_t ctx, lt_err_t err)
{
    int n = W->n, ok = 1;
    int *c = lt_malloc((size_t)n * sizeof(int));
    lt_pgrp_t S;
    lt_pgrp_init(S, n);
    for (int i = 0; i < W->len && ok; i++) {
        lt_perm_comm(c, W->a[i], W->b[i], n);
        ok = lt_perm_equal(c, W->c[i], n) && lt_pgrp_contains(H, W->a[i])
             && lt_pgrp_contains(K, W->b[i]) && lt_pgrp_contains(T, c);
        lt_pgrp_add_gen(S, c);
    }
    if (ok) ok = lt_pgrp_chain(S, T->order, ctx, err) == LT_OK && lt_pgrp_equal(S, T);
    lt_pgrp_clear(S);
    lt_free(c);
    return ok;
}

int lt_pgrp_quotient_abelian(lt_pgrp_t H, lt_pgrp_t N, lt_pgrp_t G, long *checks)
{
    int n = H->n, ok = 1;
    long count = 0;
    lt_pgrp_struct *A = G ? G : H;      /* N must be normal in A; commutators with A's generators */
    int *c = lt_malloc((size_t)n * sizeof(int));
    for (int i = 0; i < N->ngens && ok; i++)
        for (int k = 0; k < A->ngens && ok; k++) {
            lt_perm_conj(c, N->gens[i], A->gens[k], n);
            ok = lt_pgrp_contains(N, c);
            count++;
        }
    for (int i = 0; i < H->ngens && ok; i++)
        for (int k = G ? 0 : i + 1; k < A->ngens && ok; k++) {
            lt_perm_comm(c, H->gens[i], A->gens[k], n);
            ok = lt_pgrp_contains(N, c);
            count++;
        }
    lt_free(c);
    if (checks) *checks = count;
    return ok;
}

int lt_pgrp_as_commutator(int *a, int *b, const int *g, lt_pgrp_t G, long tries)
{
    int n = G->n;
    int *ag = lt_malloc((size_t)n * sizeof(int)), *c = lt_malloc((size_t)n * sizeof(int));
    int found = 0;
    for (long t = 0; t < tries && !found; t++) {
        lt_pgrp_random(a, G);
        lt_perm_mul(ag, a, g, n);
        /* a and a g must be conjugate: same cycle type, else skip a */
        for (int s = 0; s < 64 && !found; s++, t++) {
            lt_pgrp_random(b, G);
            lt_perm_conj(c, a, b, n);
            if (lt_perm_equal(c, ag, n)) {
                lt_perm_comm(c, a, b, n);
                if (lt_perm_equal(c, g, n) && lt_pgrp_contains(G, a) && lt_pgrp_contains(G, b))
                    found = 1;
            }
        }
    }
    lt_free(ag); lt_free(c);
    return found;
}

/* ---- the evidence for a whole series ---- */

void lt_pgrp_series_witness_init(lt_pgrp_series_witness_t R)
{
    memset(R, 0, sizeof *R);
    lt_pgrp_series_init(R->S);
}

void lt_pgrp_series_witness_clear(lt_pgrp_series_witness_t R)
{
    for (int i = 0; i < R->nsteps; i++) {
        lt_pwit_clear(R->steps[i].W);
        mpz_clear(R->steps[i].quotient_order);
    }
    lt_free(R->steps);
    lt_pgrp_series_clear(R->S);
}

lt_status lt_pgrp_series_witness(lt_pgrp_series_witness_t R, lt_pgrp_t G, int lower,
                                 const lt_ctx_t ctx, lt_err_t err)
{
    lt_pgrp_series_witness_clear(R);
    lt_pgrp_series_witness_init(R);
    R->lower = lower;
    lt_status st = lower ? lt_pgrp_lower_central_series(R->S, G, ctx, err)
                         : lt_pgrp_derived_series(R->S, G, ctx, err);
    if (st) return st;
    const lt_pgrp_series_struct *S = R->S;
    R->residual = !S->reaches_one;
    int nsteps = S->len - 1 + R->residual;
    R->steps = lt_calloc((size_t)(nsteps ? nsteps : 1), sizeof *R->steps);
    /* cur: the term the previous step's commutators generate */
    lt_pgrp_t cur, Tw;
    lt_pgrp_init(cur, G->n);
    lt_pgrp_init(Tw, G->n);
    lt_pgrp_set(cur, G);
    st = lt_pgrp_chain(cur, G->order, ctx, err);
    for (int i = 0; !st && i < nsteps; i++) {
        int last = R->residual && i == nsteps - 1;
        lt_pgrp_struct *T = &S->terms[last ? i : i + 1];
        lt_pgrp_step_struct *P = &R->steps[i];
        lt_pwit_init(P->W, G->n);
        mpz_init(P->quotient_order);
        R->nsteps = i + 1;
        st = lt_pgrp_commutator_witness(P->W, Tw, cur, lower ? G : cur, lower ? G : cur, T, ctx, err);
        if (st) break;
        if (!last && !lt_pgrp_quotient_abelian(cur, Tw, lower ? G : NULL, &P->checks)) {
            st = lt_err_set(err, LT_EINTERNAL, "quotient check failed at step %d", i + 1);
            break;
        }
        mpz_divexact(P->quotient_order, cur->order, T->order);
        /* the next term, generated by the witnesses */
        lt_pgrp_set(cur, Tw);
        st = lt_pgrp_chain(cur, T->order, ctx, err);
    }
    lt_pgrp_clear(cur);
    lt_pgrp_clear(Tw);
    return st;
}

void lt_pgrp_perfect_witness_init(lt_pgrp_perfect_witness_t R)
{
    R->perfect = R->as_commutators = 0;
    lt_pgrp_init(R->derived, 1);
    mpz_init(R->quotient_order);
    lt_pwit_init(R->W, 1);
}

void lt_pgrp_perfect_witness_clear(lt_pgrp_perfect_witness_t R)
{
    lt_pgrp_clear(R->derived);
    mpz_clear(R->quotient_order);
    lt_pwit_clear(R->W);
}

lt_status lt_pgrp_perfect_witness(lt_pgrp_perfect_witness_t R, lt_pgrp_t G, long tries,
                                  const lt_ctx_t ctx, lt_err_t err)
{
    int n = G->n;
    lt_pgrp_perfect_witness_clear(R);
    lt_pgrp_perfect_witness_init(R);
    lt_pgrp_clear(R->derived);
    lt_pgrp_init(R->derived, n);
    lt_pwit_clear(R->W);
    lt_pwit_init(R->W, n);
    lt_status st = lt_pgrp_derived_subgroup(R->derived, G, ctx, err);
    if (st) return st;
    R->perfect = lt_pgrp_equal(R->derived, G);
    mpz_divexact(R->quotient_order, G->order, R->derived->order);
    if (!R->perfect) return LT_OK;
    /* every generator as a commutator */
    int *a = lt_malloc((size_t)n * sizeof(int)), *b = lt_malloc((size_t)n * sizeof(int));
    R->as_commutators = 1;
    for (int i = 0; i < G->ngens && R->as_commutators; i++) {
        if (lt_pgrp_as_commutator(a, b, G->gens[i], G, tries)) lt_pwit_push(R->W, a, b);
        else R->as_commutators = 0;
    }
    lt_free(a);
    lt_free(b);
    if (R->as_commutators) return LT_OK;
    /* else a generating set made of commutators */
    lt_pwit_clear(R->W);
    lt_pwit_init(R->W, n);
    lt_pgrp_t Tw;
    lt_pgrp_init(Tw, n);
    st = lt_pgrp_commutator_witness(R->W, Tw, G, G, G, G, ctx, err);
    lt_pgrp_clear(Tw);
    return st;
}

void lt_pgrp_abelian_witness_init(lt_pgrp_abelian_witness_t R)
{
    R->abelian = 0;
    R->pairs = 0;
    lt_pwit_init(R->W, 1);
}

void lt_pgrp_abelian_witness_clear(lt_pgrp_abelian_witness_t R)
{
    lt_pwit_clear(R->W);
}

void lt_pgrp_abelian_witness(lt_pgrp_abelian_witness_t R, const lt_pgrp_t G)
{
    int n = G->n;
    lt_pwit_clear(R->W);
    lt_pwit_init(R->W, n);
    R->abelian = 1;
    R->pairs = 0;
    int *c = lt_malloc((size_t)n * sizeof(int));
    for (int i = 0; i < G->ngens && R->abelian; i++)
        for (int j = i + 1; j < G->ngens && R->abelian; j++) {
            R->pairs++;
            lt_perm_comm(c, G->gens[i], G->gens[j], n);
            if (!lt_perm_is_one(c, n)) {
                R->abelian = 0;
                lt_pwit_push(R->W, G->gens[i], G->gens[j]);
            }
        }
    lt_free(c);
}
