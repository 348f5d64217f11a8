/* Composition and chief series (lietool/perm.h). A section M/N (N normal
   in M, or both normal in G for the chief series) is refined until every
   factor is simple (chief: minimal normal in G/N):
   - M/N abelian: cyclic steps of prime order, adding M's generators to N
     one at a time and, within each cyclic step <H, g> > H, the subgroups
     <H, g^d> (any subgroup over N is normal in M); for the chief series
     the p-parts <N, g^r> (r the p'-part of |M/N|) and <N, g^p> first,
     which G normalises, then an elementary abelian p^k is split by the
     normal closure in G of a class representative of G;
   - M/N not perfect: the step M > [M,M]N;
   - M/N perfect: every normal subgroup of M (of G) over N is generated
     by N and M-classes (G-classes), so the normal closures <N, x^M> of
     the class representatives x outside N decide whether M/N is simple,
     and a proper one splits it (Holt, Eick, O'Brien, Handbook of
     Computational Group Theory, 2005, 7.8; Seress, Permutation Group
     Algorithms, 2003, 6.2.7 for the same reduction).
   A non-abelian simple factor is named from its order (src/perm/simple.c)
   and, for order 20160, by whether it holds an element of order 15 (A8
   does, PSL(3,4) does not). */
#include <stdio.h>
#include <string.h>
#include "impl.h"

void lt_pgrp_compser_init(lt_pgrp_compser_t R)
{
    memset(R, 0, sizeof *R);
    lt_pgrp_series_init(R->S);
}

void lt_pgrp_compser_clear(lt_pgrp_compser_t R)
{
    for (int i = 0; i < R->nfactors; i++) {
        mpz_clear(R->factors[i].order);
        mpz_clear(R->factors[i].simple_order);
    }
    lt_free(R->factors);
    lt_pgrp_series_clear(R->S);
    R->factors = NULL;
    R->nfactors = 0;
}

/* ---- building the series ---- */

typedef struct {
    lt_pgrp_compser_struct *R;
    lt_pgrp_struct *G;          /* the whole group (chief series) */
    lt_pgrp_classes_struct *CG; /* G's classes (chief series), computed when first needed */
    int have_cg;
    const lt_ctx_struct *ctx;
    lt_err_struct *err;
} build;

/* Appends a copy of H (complete) as the next term. */
static void push_term(build *B, lt_pgrp_t H)
{
    lt_pgrp_series_struct *S = B->R->S;
    S->terms = lt_realloc(S->terms, (size_t)(S->len + 1) * sizeof *S->terms);
    lt_pgrp_struct *T = &S->terms[S->len++];
    lt_pgrp_init(T, H->n);
    lt_pgrp_set(T, H);
}

static lt_pgrp_factor_struct *push_factor(build *B, const mpz_t order)
{
    lt_pgrp_compser_struct *R = B->R;
    R->factors = lt_realloc(R->factors, (size_t)(R->nfactors + 1) * sizeof *R->factors);
    lt_pgrp_factor_struct *F = &R->factors[R->nfactors++];
    memset(F, 0, sizeof *F);
    mpz_init_set(F->order, order);
    mpz_init_set(F->simple_order, order);
    F->copies = 1;
    return F;
}

/* The abelian factor of prime power order p^k. */
static void push_abelian(build *B, const mpz_t order)
{
    lt_pgrp_factor_struct *F = push_factor(B, order);
    F->abelian = 1;
    mpz_t t;
    mpz_init_set(t, order);
    for (unsigned long p = 2;; p++)
        if (mpz_divisible_ui_p(t, p)) { F->p = p; break; }
    while (mpz_cmp_ui(t, 1) > 0) { mpz_divexact_ui(t, t, F->p); F->k++; }
    mpz_set_ui(F->simple_order, F->p);
    snprintf(F->name, sizeof F->name, "C%lu", F->p);
    F->identified = 1;
    mpz_clear(t);
}

/* <A's generators, extra> with a complete chain (bound: |M|). */
static lt_status group_with(lt_pgrp_t H, const lt_pgrp_t A, int *const *extra, int nextra, const mpz_t bound,
                            const lt_ctx_t ctx, lt_err_t err)
{
    lt_pgrp_clear(H);
    lt_pgrp_init(H, A->n);
    for (int i = 0; i < A->ngens; i++) lt_pgrp_add_gen(H, A->gens[i]);
    for (int i = 0; i < nextra; i++) lt_pgrp_add_gen(H, extra[i]);
    return lt_pgrp_chain(H, bound, ctx, err);
}

static void perm_pow(int *r, const int *g, unsigned long e, int n)
{
    int *t = lt_malloc((size_t)n * sizeof *t), *b = lt_malloc((size_t)n * sizeof *b);
    lt_perm_one(r, n);
    memcpy(b, g, (size_t)n * sizeof *b);
    while (e) {
        if (e & 1) { lt_perm_mul(t, r, b, n); memcpy(r, t, (size_t)n * sizeof *t); }
        lt_perm_mul(t, b, b, n);
        memcpy(b, t, (size_t)n * sizeof *t);
        e >>= 1;
    }
    lt_free(t); lt_free(b);
}

/* The order of g modulo N (N complete, g of order dividing ord). */
static void order_mod(mpz_t r, const int *g, lt_pgrp_t N, int n)
{
    mpz_t o, q;
    mpz_init(o);
    mpz_init(q);
    lt_perm_order(o, g, n);
    mpz_set(r, o);
    int *x = lt_malloc((size_t)n * sizeof *x);
    for (unsigned long p = 2; mpz_cmp_ui(o, 1) > 0; p++) {
        if (!mpz_divisible_ui_p(o, p)) continue;
        while (mpz_divisible_ui_p(o, p)) mpz_divexact_ui(o, o, p);
        while (mpz_divisible_ui_p(r, p)) {
            mpz_divexact_ui(q, r, p);
            perm_pow(x, g, mpz_get_ui(q), n);
            if (!lt_pgrp_contains(N, x)) break;
            mpz_set(r, q);
        }
    }
    lt_free(x);
    mpz_clear(o);
    mpz_clear(q);
}

static int is_abelian_mod(lt_pgrp_t M, lt_pgrp_t N)
{
    int n = M->n, ok = 1;
    int *c = lt_malloc((size_t)n * sizeof *c);
    for (int i = 0; i < M->ngens && ok; i++)
        for (int j = i + 1; j < M->ngens && ok; j++) {
            lt_perm_comm(c, M->gens[i], M->gens[j], n);
            ok = lt_pgrp_contains(N, c);
        }
    lt_free(c);
    return ok;
}

/* Composition series of an abelian section M > N: pushes the terms below
   M down to N (M itself is already pushed) and the factors. */
static lt_status abelian_steps(build *B, lt_pgrp_t M, lt_pgrp_t N)
{
    int n = M->n;
    lt_status st = LT_OK;
    /* bottom-up list of terms N = H_0 < H_1 < ... < M */
    int cnt = 1, alloc = 8;
    lt_pgrp_struct *up = lt_malloc((size_t)alloc * sizeof *up);
    lt_pgrp_init(&up[0], n);
    st = group_with(&up[0], N, NULL, 0, M->order, B->ctx, B->err);
    int *x = lt_malloc((size_t)n * sizeof *x);
    mpz_t m;
    mpz_init(m);
    for (int i = 0; i < M->ngens && !st; i++) {
        const int *g = M->gens[i];
        if (lt_pgrp_contains(&up[cnt - 1], g)) continue;
        order_mod(m, g, &up[cnt - 1], n);
        /* H < <H, g^(m/p1)> < <H, g^(m/(p1 p2))> < ... < <H, g> */
        unsigned long e = mpz_get_ui(m), d = e;
        lt_pgrp_struct *H = &up[cnt - 1];
        int hi = cnt - 1;
        for (unsigned long p = 2; d > 1 && !st; p++) {
            while (d % p == 0 && !st) {
                d /= p;
                perm_pow(x, g, d, n);
                if (cnt == alloc) {
                    alloc *= 2;
                    up = lt_realloc(up, (size_t)alloc * sizeof *up);
                    H = &up[hi];
                }
                lt_pgrp_init(&up[cnt], n);
                int *xs[1] = {x};
                st = group_with(&up[cnt], H, xs, 1, M->order, B->ctx, B->err);
                cnt++;
            }
        }
    }
    mpz_clear(m);
    lt_free(x);
    /* top-down: up[cnt-1] = M is pushed already */
    for (int i = cnt - 2; i >= 0 && !st; i--) {
        mpz_t q;
        mpz_init(q);
        mpz_divexact(q, up[i + 1].order, up[i].order);
        push_abelian(B, q);
        push_term(B, &up[i]);
        mpz_clear(q);
    }
    for (int i = 0; i < cnt; i++) lt_pgrp_clear(&up[i]);
    lt_free(up);
    return st;
}

/* [M,M]N, normal in W (W = M or G). */
static lt_status derived_mod(lt_pgrp_t D, lt_pgrp_t M, lt_pgrp_t N, lt_pgrp_t W, const lt_ctx_t ctx, lt_err_t err)
{
    lt_pgrp_t C;
    lt_pgrp_init(C, M->n);
    lt_status st = lt_pgrp_commutator(C, M, M, W, ctx, err);
    if (!st) st = group_with(D, C, N->gens, N->ngens, M->order, ctx, err);
    lt_pgrp_clear(C);
    return st;
}

/* The normal closure in W of N's generators and x (W complete). */
static lt_status closure_with(lt_pgrp_t K, lt_pgrp_t W, lt_pgrp_t N, const int *x, const lt_ctx_t ctx, lt_err_t err)
{
    int **X = lt_malloc((size_t)(N->ngens + 1) * sizeof *X);
    for (int i = 0; i < N->ngens; i++) X[i] = N->gens[i];
    X[N->ngens] = (int *)x;
    lt_status st = lt_pgrp_normal_closure(K, W, X, N->ngens + 1, ctx, err);
    lt_free(X);
    return st;
}

/* Names the simple factor F = M/N from its order; reps: M's class
   representatives, which give the element orders of M/N. */
static void name_simple(lt_pgrp_factor_struct *F, const lt_pgrp_classes_struct *CM, lt_pgrp_t N)
{
    lt_simple_name_t S;
    lt_simple_group_names(S, F->simple_order);
    F->identified = S->ntypes == 1;
    if (S->ntypes == 0) return;
    if (mpz_cmp_ui(F->simple_order, 20160) == 0 && CM) {
        /* A8 (= PSL(4,2)) has elements of order 15, PSL(3,4) none */
        int has15 = 0;
        mpz_t o;
        mpz_init(o);
        for (long i = 0; i < CM->nclasses && !has15; i++) {
            order_mod(o, CM->reps[i], N, N->n);
            has15 = mpz_cmp_ui(o, 15) == 0;
        }
        mpz_clear(o);
        snprintf(F->name, sizeof F->name, "%s", has15 ? "A8" : "PSL(3,4)");
        if (has15) snprintf(F->aliases, sizeof F->aliases, "PSL(4,2)");
        F->identified = 1;
        return;
    }
    if (S->ntypes == 2) {
        size_t l = 0;
        for (int i = 0; i < S->nnames; i++)
            l += (size_t)snprintf(F->name + l, sizeof F->name - l, "%s%s", i ? " or " : "", S->names[i]);
        return;
    }
    /* the canonical name: alternating, else PSL of the least dimension, else the first */
    int best = 0, brank = 99;
    for (int i = 0; i < S->nnames; i++) {
        const char *a = S->names[i];
        int d = 0, r = a[0] == 'A' && a[1] >= '0' && a[1] <= '9' ? 0
                     : sscanf(a, "PSL(%d,", &d) == 1 ? d : 98;
        if (r < brank) { brank = r; best = i; }
    }
    snprintf(F->name, sizeof F->name, "%s", S->names[best]);
    size_t l = 0;
    for (int i = 0; i < S->nnames; i++)
        if (i != best && l < sizeof F->aliases)
            l += (size_t)snprintf(F->aliases + l, sizeof F->aliases - l, "%s%s", l ? ", " : "", S->names[i]);
}

static lt_status chief_classes(build *B)
{
    if (B->have_cg) return LT_OK;
    lt_status st = lt_pgrp_conjugacy_classes(B->CG, B->G, B->ctx, B->err);
    if (!st) B->have_cg = 1;
    return st;
}

/* Refines the section M > N (both complete; M is the last term pushed):
   pushes the terms below M down to N and the factors. CM: M's classes,
   or NULL (computed here when needed). */
static lt_status refine_comp(build *B, lt_pgrp_t M, lt_pgrp_t N, const lt_pgrp_classes_struct *CM)
{
    const lt_ctx_struct *ctx = B->ctx;
    lt_err_struct *err = B->err;
    if (mpz_cmp(M->order, N->order) == 0) return LT_OK;
    if (is_abelian_mod(M, N)) return abelian_steps(B, M, N);
    lt_pgrp_t D;
    lt_pgrp_init(D, M->n);
    lt_status st = derived_mod(D, M, N, M, ctx, err);
    if (!st && mpz_cmp(D->order, M->order) < 0) {
        st = abelian_steps(B, M, D);
        if (!st) st = refine_comp(B, D, N, NULL);
        lt_pgrp_clear(D);
        return st;
    }
    lt_pgrp_clear(D);
    if (st) return st;
    /* M/N perfect */
    lt_pgrp_classes_t own;
    lt_pgrp_classes_init(own);
    if (!CM) {
        if ((st = lt_pgrp_conjugacy_classes(own, M, ctx, err))) { lt_pgrp_classes_clear(own); return st; }
        CM = own;
    }
    lt_pgrp_t K;
    lt_pgrp_init(K, M->n);
    int split = 0;
    for (long i = 0; i < CM->nclasses && !st && !split; i++) {
        const int *x = CM->reps[i];
        if (lt_pgrp_contains(N, x)) continue;
        if ((st = closure_with(K, M, N, x, ctx, err))) break;
        split = mpz_cmp(K->order, M->order) < 0;
    }
    if (!st && split) {
        st = refine_comp(B, M, K, CM);
        if (!st) st = refine_comp(B, K, N, NULL);
    } else if (!st) {
        mpz_t q;
        mpz_init(q);
        mpz_divexact(q, M->order, N->order);
        lt_pgrp_factor_struct *F = push_factor(B, q);
        name_simple(F, CM, N);
        push_term(B, N);
        mpz_clear(q);
    }
    lt_pgrp_clear(K);
    lt_pgrp_classes_clear(own);
    return st;
}

/* Splits M > N (normal in G) at K when the normal closure in G of N and
   some class representative of G in M - N is proper in M. */
static lt_status chief_split(build *B, lt_pgrp_t K, lt_pgrp_t M, lt_pgrp_t N, int *split)
{
    *split = 0;
    lt_status st = chief_classes(B);
    for (long i = 0; i < B->CG->nclasses && !st && !*split; i++) {
        const int *x = B->CG->reps[i];
        if (!lt_pgrp_contains(M, x) || lt_pgrp_contains(N, x)) continue;
        if ((st = closure_with(K, B->G, N, x, B->ctx, B->err))) break;
        *split = mpz_cmp(K->order, M->order) < 0;
    }
    return st;
}

static lt_status refine_chief(build *B, lt_pgrp_t M, lt_pgrp_t N)
{
    const lt_ctx_struct *ctx = B->ctx;
    lt_err_struct *err = B->err;
    int n = M->n, split = 0;
    if (mpz_cmp(M->order, N->order) == 0) return LT_OK;
    lt_pgrp_t K;
    lt_pgrp_init(K, n);
    lt_status st = LT_OK;
    mpz_t q;
    mpz_init(q);
    mpz_divexact(q, M->order, N->order);
    if (is_abelian_mod(M, N)) {
        unsigned long p = 2;
        while (!mpz_divisible_ui_p(q, p)) p++;
        mpz_t r;
        mpz_init_set(r, q);
        while (mpz_divisible_ui_p(r, p)) mpz_divexact_ui(r, r, p);
        int **X = lt_malloc((size_t)(M->ngens ? M->ngens : 1) * sizeof *X);
        int nx = 0;
        if (mpz_cmp_ui(r, 1) > 0 || mpz_cmp_ui(q, p) > 0) {
            /* the p-part (r > 1), else the p-th powers: characteristic in M/N */
            unsigned long e = mpz_cmp_ui(r, 1) > 0 ? mpz_get_ui(r) : p;
            for (int i = 0; i < M->ngens; i++) {
                X[nx] = lt_malloc((size_t)n * sizeof(int));
                perm_pow(X[nx++], M->gens[i], e, n);
            }
            st = group_with(K, N, X, nx, M->order, ctx, err);
            split = !st && mpz_cmp(K->order, N->order) > 0 && mpz_cmp(K->order, M->order) < 0;
        }
        for (int i = 0; i < nx; i++) lt_free(X[i]);
        lt_free(X);
        mpz_clear(r);
        if (!st && !split && mpz_cmp_ui(q, p) > 0) st = chief_split(B, K, M, N, &split);
        if (!st && !split) {
            push_abelian(B, q);
            push_term(B, N);
        }
    } else {
        st = derived_mod(K, M, N, B->G, ctx, err);
        split = !st && mpz_cmp(K->order, M->order) < 0;
        if (!st && !split) st = chief_split(B, K, M, N, &split);
        if (!st && !split) {
            /* M/N = T^k: a composition series of M/N has k factors T */
            lt_pgrp_compser_t C;
            lt_pgrp_compser_init(C);
            build BC = {.R = C, .ctx = ctx, .err = err};
            push_term(&BC, M);
            st = refine_comp(&BC, M, N, NULL);
            if (!st) {
                lt_pgrp_factor_struct *F = push_factor(B, q), *T = &C->factors[0];
                F->copies = C->nfactors;
                mpz_set(F->simple_order, T->order);
                F->identified = T->identified;
                memcpy(F->name, T->name, sizeof F->name);
                memcpy(F->aliases, T->aliases, sizeof F->aliases);
                push_term(B, N);
            }
            lt_pgrp_compser_clear(C);
        }
    }
    if (!st && split) {
        st = refine_chief(B, M, K);
        if (!st) st = refine_chief(B, K, N);
    }
    mpz_clear(q);
    lt_pgrp_clear(K);
    return st;
}

static lt_status series_of(lt_pgrp_compser_t R, lt_pgrp_t G, int chief, const lt_ctx_t ctx, lt_err_t err)
{
    lt_status st = lt_pgrp_chain(G, NULL, ctx, err);
    if (st) return st;
    lt_pgrp_compser_clear(R);
    lt_pgrp_compser_init(R);
    R->chief = chief;
    lt_pgrp_classes_t CG;
    lt_pgrp_classes_init(CG);
    build B = {.R = R, .G = G, .CG = CG, .ctx = ctx, .err = err};
    lt_pgrp_t M, One;
    lt_pgrp_init(M, G->n);
    lt_pgrp_init(One, G->n);
    st = group_with(M, G, NULL, 0, G->order, ctx, err);
    if (!st) st = lt_pgrp_chain(One, G->order, ctx, err);
    if (!st) {
        push_term(&B, M);
        st = chief ? refine_chief(&B, M, One) : refine_comp(&B, M, One, NULL);
    }
    /* the terms' chains */
    for (int i = 0; i < R->S->len && !st; i++) st = lt_pgrp_chain(&R->S->terms[i], G->order, ctx, err);
    R->S->reaches_one = 1;
    lt_pgrp_clear(M);
    lt_pgrp_clear(One);
    lt_pgrp_classes_clear(CG);
    if (st) lt_pgrp_compser_clear(R), lt_pgrp_compser_init(R);
    return st;
}

lt_status lt_pgrp_composition_series(lt_pgrp_compser_t R, lt_pgrp_t G, const lt_ctx_t ctx, lt_err_t err)
{
    return series_of(R, G, 0, ctx, err);
}

lt_status lt_pgrp_chief_series(lt_pgrp_compser_t R, lt_pgrp_t G, const lt_ctx_t ctx, lt_err_t err)
{
    return series_of(R, G, 1, ctx, err);
}
