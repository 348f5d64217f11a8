/* Normal closures, commutator subgroups and the derived and lower central
   series (Handbook of Computational Group Theory, 3.3 and 4.6). */
#include <string.h>
#include "impl.h"

/* Adds p to N's generators if the current (possibly partial) chain does not
   already contain it. A sift to 1 through a partial chain still proves
   membership, so nothing is lost; a failed sift only adds a generator. */
lt_status lt_pgrp_absorb_(lt_pgrp_t N, const int *p, int *work, const lt_ctx_t ctx, lt_err_t err)
{
    int added;
    memcpy(work, p, (size_t)N->n * sizeof(int));
    lt_status st = lt_pgrp_sift_add_(N, work, 0, &added, ctx, err);
    if (!st && added) lt_pgrp_add_gen(N, p);
    return st;
}

/* Closes N under conjugation by G (G complete) and completes N's chain with
   |G| as upper bound. First N grows by random conjugates x^g (x random in
   N, g random in G) through a partial chain, as GAP's NormalClosure does;
   then the complete chain decides, for every generator of N and of G,
   whether the conjugate is in N. */
static lt_status close_normal(lt_pgrp_t N, lt_pgrp_t G, const lt_ctx_t ctx, lt_err_t err)
{
    int n = G->n, certain = 0;
    int *c = lt_malloc((size_t)n * sizeof(int)), *w = lt_malloc((size_t)n * sizeof(int));
    int *x = lt_malloc((size_t)n * sizeof(int)), *g = lt_malloc((size_t)n * sizeof(int));
    lt_status st = lt_pgrp_chain_random_(N, G->order, &certain, ctx, err);
    for (int quiet = 0; !st && !certain && quiet < 6 && N->ngens > 0;) {
        lt_pgrp_random(x, N);
        lt_pgrp_random(g, G);
        lt_perm_conj(c, x, g, n);
        int before = N->ngens;
        if ((st = lt_pgrp_absorb_(N, c, w, ctx, err))) break;
        if (N->ngens == before) { quiet++; continue; }
        quiet = 0;
        st = lt_pgrp_chain_random_(N, G->order, &certain, ctx, err);
    }
    int checked = 0;
    while (!st) {
        if ((st = lt_pgrp_chain(N, G->order, ctx, err))) break;
        int before = N->ngens;
        for (int i = checked; i < before && !st; i++)
            for (int k = 0; k < G->ngens && !st; k++) {
                lt_perm_conj(c, N->gens[i], G->gens[k], n);
                if (!lt_pgrp_contains(N, c)) lt_pgrp_add_gen(N, c);
            }
        checked = before;
        if (N->ngens == before) break;
    }
    lt_free(c); lt_free(w); lt_free(x); lt_free(g);
    return st;
}

lt_status lt_pgrp_with_(lt_pgrp_t H, const lt_pgrp_t A, int *const *extra, int nextra, const mpz_t bound,
                        const lt_ctx_t ctx, lt_err_t err)
{
    lt_pgrp_clear(H);
    lt_pgrp_init(H, A->n);
    for (int i = 0; i < A->ngens; i++) lt_pgrp_add_gen(H, A->gens[i]);
    for (int i = 0; i < nextra; i++) lt_pgrp_add_gen(H, extra[i]);
    return lt_pgrp_chain(H, bound, ctx, err);
}

lt_status lt_pgrp_normal_closure(lt_pgrp_t N, lt_pgrp_t G, int *const *X, int nx,
                                 const lt_ctx_t ctx, lt_err_t err)
{
    int *w = lt_malloc((size_t)G->n * sizeof(int));
    lt_status st = LT_OK;
    lt_pgrp_clear(N);
    lt_pgrp_init(N, G->n);
    for (int i = 0; i < nx && !st; i++) st = lt_pgrp_absorb_(N, X[i], w, ctx, err);
    lt_free(w);
    if (!st) st = close_normal(N, G, ctx, err);
    return st;
}

lt_status lt_pgrp_commutator(lt_pgrp_t C, lt_pgrp_t H, lt_pgrp_t K, lt_pgrp_t G,
                             const lt_ctx_t ctx, lt_err_t err)
{
    int n = G->n;
    int *c = lt_malloc((size_t)n * sizeof(int)), *w = lt_malloc((size_t)n * sizeof(int));
    lt_status st = LT_OK;
    lt_pgrp_clear(C);
    lt_pgrp_init(C, n);
    int same = H == K;
    for (int i = 0; i < H->ngens && !st; i++)
        for (int j = same ? i + 1 : 0; j < K->ngens && !st; j++) {
            lt_perm_comm(c, H->gens[i], K->gens[j], n);
            st = lt_pgrp_absorb_(C, c, w, ctx, err);
        }
    lt_free(c); lt_free(w);
    if (!st) st = close_normal(C, G, ctx, err);
    return st;
}

lt_status lt_pgrp_derived_subgroup(lt_pgrp_t D, lt_pgrp_t G, const lt_ctx_t ctx, lt_err_t err)
{
    return lt_pgrp_commutator(D, G, G, G, ctx, err);
}

void lt_pgrp_series_init(lt_pgrp_series_t S)
{
    S->len = 0;
    S->terms = NULL;
    S->reaches_one = 0;
}

void lt_pgrp_series_clear(lt_pgrp_series_t S)
{
    for (int i = 0; i < S->len; i++) lt_pgrp_clear(&S->terms[i]);
    lt_free(S->terms);
}

static lt_pgrp_struct *series_push(lt_pgrp_series_t S, int n)
{
    S->terms = lt_realloc(S->terms, (size_t)(S->len + 1) * sizeof *S->terms);
    lt_pgrp_struct *T = &S->terms[S->len++];
    lt_pgrp_init(T, n);
    return T;
}

/* kind 0: derived series, kind 1: lower central series. */
static lt_status series(lt_pgrp_series_t S, lt_pgrp_t G, int kind, const lt_ctx_t ctx, lt_err_t err)
{
    lt_status st = lt_pgrp_chain(G, NULL, ctx, err);
    if (st) return st;
    lt_pgrp_series_clear(S);
    lt_pgrp_series_init(S);
    lt_pgrp_struct *T = series_push(S, G->n);
    lt_pgrp_set(T, G);
    if ((st = lt_pgrp_chain(T, G->order, ctx, err))) return st;
    for (;;) {
        lt_pgrp_struct *last = &S->terms[S->len - 1];
        if (mpz_cmp_ui(last->order, 1) == 0) { S->reaches_one = 1; return LT_OK; }
        lt_pgrp_t next;
        lt_pgrp_init(next, G->n);
        if (kind == 0) st = lt_pgrp_commutator(next, last, last, last, ctx, err);
        else st = lt_pgrp_commutator(next, last, G, G, ctx, err);
        if (!st && mpz_cmp(next->order, last->order) == 0) {
            lt_pgrp_clear(next);
            return LT_OK;       /* the series has stopped: a term repeats */
        }
        if (st) { lt_pgrp_clear(next); return st; }
        T = series_push(S, G->n);
        lt_pgrp_clear(T);
        *T = *next;             /* move */
    }
}

lt_status lt_pgrp_derived_series(lt_pgrp_series_t S, lt_pgrp_t G, const lt_ctx_t ctx, lt_err_t err)
{
    return series(S, G, 0, ctx, err);
}

lt_status lt_pgrp_lower_central_series(lt_pgrp_series_t S, lt_pgrp_t G, const lt_ctx_t ctx, lt_err_t err)
{
    return series(S, G, 1, ctx, err);
}
