/* Witnesses (lietool/perm.h, lietool/liealg.h), recomputed independently
   of the engine: permutations are composed here by hand (i^(pq) = (i^p)^q), groups are
   enumerated by breadth-first closure instead of stabiliser chains, and Lie
   brackets are recomputed as matrix commutators AB - BA with ranks from
   FLINT, not through the structure constants. */
#include <stdlib.h>
#include <string.h>
#include "lietool.h"
#include "unit.h"

static lt_ctx_t ctx;

/* ---- permutations by hand ---- */
static void mul(int *r, const int *p, const int *q, int n)   /* first p, then q */
{
    for (int i = 0; i < n; i++) r[i] = q[p[i]];
}
static void inv(int *r, const int *p, int n)
{
    for (int i = 0; i < n; i++) r[p[i]] = i;
}
static void comm(int *r, const int *a, const int *b, int n)  /* a^-1 b^-1 a b */
{
    int ai[64], bi[64], t[64], u[64];
    inv(ai, a, n); inv(bi, b, n);
    mul(t, ai, bi, n); mul(u, t, a, n); mul(r, u, b, n);
}

/* The elements of <gens> by breadth-first closure (small groups only). */
typedef struct { int n, len, alloc; int *e; } elset;
static int find(const elset *S, const int *p)
{
    for (int i = 0; i < S->len; i++)
        if (memcmp(S->e + i * S->n, p, (size_t)S->n * sizeof(int)) == 0) return i;
    return -1;
}
static void add(elset *S, const int *p)
{
    if (S->len == S->alloc) { S->alloc = S->alloc ? 2 * S->alloc : 64; S->e = realloc(S->e, (size_t)S->alloc * S->n * sizeof(int)); }
    memcpy(S->e + S->len++ * S->n, p, (size_t)S->n * sizeof(int));
}
static void closure(elset *S, int n, int *const *gens, int ngens)
{
    S->n = n; S->len = 0; S->alloc = 0; S->e = NULL;
    int id[64], t[64];
    for (int i = 0; i < n; i++) id[i] = i;
    add(S, id);
    for (int k = 0; k < S->len; k++)
        for (int g = 0; g < ngens; g++) {
            mul(t, S->e + k * n, gens[g], n);
            if (find(S, t) < 0) add(S, t);
        }
}

static void check_group_series(const char *spec, int lower)
{
    unit_case = spec;
    lt_err_t err;
    lt_err_init(err);
    lt_pgrp_t G;
    lt_pgrp_init(G, 1);
    CHECK(lt_io_group(G, NULL, spec, ctx, err) == LT_OK && lt_pgrp_chain(G, NULL, ctx, err) == LT_OK, "load %s", spec);
    int n = G->n;
    lt_pgrp_series_t S;
    lt_pgrp_series_init(S);
    CHECK((lower ? lt_pgrp_lower_central_series(S, G, ctx, err) : lt_pgrp_derived_series(S, G, ctx, err)) == LT_OK, "series");
    elset prev;
    closure(&prev, n, G->gens, G->ngens);
    lt_pgrp_t cur, Tw;
    lt_pgrp_init(cur, n);
    lt_pgrp_init(Tw, n);
    lt_pgrp_set(cur, G);
    lt_pgrp_chain(cur, NULL, ctx, err);
    elset whole;
    closure(&whole, n, G->gens, G->ngens);
    for (int i = 0; i < S->len; i++) {
        int last = i + 1 == S->len;
        if (last && S->reaches_one) break;
        lt_pgrp_struct *T = &S->terms[last ? i : i + 1];
        lt_pwit_t W;
        lt_pwit_init(W, n);
        CHECK(lt_pgrp_commutator_witness(W, Tw, cur, lower ? G : cur, lower ? G : cur, T, ctx, err) == LT_OK,
              "witness step %d: %s", i, err->msg);
        /* independently: every c = [a,b], a in the previous term, b in it
           (or in G), and the c's generate a group of the term's order that
           contains the engine's generators of the term */
        int c[64];
        elset *right = lower ? &whole : &prev;
        for (int k = 0; k < W->len; k++) {
            comm(c, W->a[k], W->b[k], n);
            CHECK(memcmp(c, W->c[k], (size_t)n * sizeof(int)) == 0, "c = [a,b] at step %d pair %d", i, k);
            CHECK(find(&prev, W->a[k]) >= 0 && find(right, W->b[k]) >= 0, "a, b in the terms, step %d", i);
        }
        elset next;
        closure(&next, n, W->c, W->len);
        CHECK(mpz_cmp_ui(T->order, (unsigned long)next.len) == 0, "order of step %d: %d", i + 1, next.len);
        for (int k = 0; k < T->ngens; k++) CHECK(find(&next, T->gens[k]) >= 0, "engine generator in witness group");
        /* the quotient is abelian (central): all commutators of the previous
           term with itself (with G) lie in the next one, which is normal */
        int ok = 1;
        for (int x = 0; x < prev.len && ok; x++)
            for (int y = 0; y < right->len && ok; y++) {
                comm(c, prev.e + x * n, right->e + y * n, n);
                ok = find(&next, c) >= 0;
            }
        CHECK(ok, "quotient abelian/central at step %d", i);
        long checks;
        CHECK(lt_pgrp_quotient_abelian(cur, Tw, lower ? G : NULL, &checks), "engine quotient check");
        free(prev.e);
        prev = next;
        lt_pgrp_set(cur, Tw);
        lt_pgrp_chain(cur, NULL, ctx, err);
        lt_pwit_clear(W);
    }
    free(prev.e);
    free(whole.e);
    lt_pgrp_clear(cur);
    lt_pgrp_clear(Tw);
    lt_pgrp_series_clear(S);
    lt_pgrp_clear(G);
}

/* Barrington's fact: every generator of A5 (and of PSL(2,7)) is a commutator. */
static void check_as_commutator(const char *spec)
{
    unit_case = spec;
    lt_err_t err;
    lt_err_init(err);
    lt_pgrp_t G;
    lt_pgrp_init(G, 1);
    CHECK(lt_io_group(G, NULL, spec, ctx, err) == LT_OK && lt_pgrp_chain(G, NULL, ctx, err) == LT_OK, "load");
    int n = G->n, a[64], b[64], c[64];
    elset E;
    closure(&E, n, G->gens, G->ngens);
    for (int i = 0; i < G->ngens; i++) {
        CHECK(lt_pgrp_as_commutator(a, b, G->gens[i], G, 200000), "generator %d found", i);
        comm(c, a, b, n);
        CHECK(memcmp(c, G->gens[i], (size_t)n * sizeof(int)) == 0, "[a,b] = g");
        CHECK(find(&E, a) >= 0 && find(&E, b) >= 0, "a, b in G");
    }
    /* a law: in an abelian group only the identity is a commutator */
    free(E.e);
    lt_pgrp_clear(G);
    lt_pgrp_init(G, 1);
    lt_io_group(G, NULL, "C6", ctx, err);
    lt_pgrp_chain(G, NULL, ctx, err);
    CHECK(!lt_pgrp_as_commutator(a, b, G->gens[0], G, 2000), "C6: a generator is not a commutator");
    lt_pgrp_clear(G);
}

/* ---- Lie algebras: brackets recomputed as matrix commutators ---- */
static void to_mat(fmpq_mat_t M, const lt_liealg_t L, const fmpq *x)
{
    fmpq_mat_zero(M);
    for (slong r = 0; r < L->dim; r++)
        for (slong i = 0; i < L->n; i++)
            for (slong j = 0; j < L->n; j++)
                fmpq_addmul(fmpq_mat_entry(M, i, j), x + r, fmpq_mat_entry(L->mats + r, i, j));
}

static slong rank_of(fmpq **v, slong m, const lt_liealg_t L)
{
    /* rank of the matrices, flattened */
    slong N = L->n * L->n;
    fmpq_mat_t A, M;
    fmpq_mat_init(A, m > 0 ? m : 1, N);
    fmpq_mat_init(M, L->n, L->n);
    for (slong k = 0; k < m; k++) {
        to_mat(M, L, v[k]);
        for (slong t = 0; t < N; t++) fmpq_set(fmpq_mat_entry(A, k, t), fmpq_mat_entry(M, t / L->n, t % L->n));
    }
    fmpq_mat_t R;
    fmpq_mat_init(R, fmpq_mat_nrows(A), N);
    slong r = m > 0 ? fmpq_mat_rref(R, A) : 0;
    fmpq_mat_clear(R);
    fmpq_mat_clear(A);
    fmpq_mat_clear(M);
    return r;
}

static void check_lie_series(const char *spec, int lower)
{
    unit_case = spec;
    lt_err_t err;
    lt_err_init(err);
    lt_liealg_t L;
    lt_liealg_init(L);
    CHECK(lt_io_liealg(L, NULL, spec, ctx, err) == LT_OK && L->n > 0, "load %s", spec);
    lt_lseries_t S;
    lt_lseries_init(S);
    if (lower) lt_liealg_lower_central_series(S, L); else lt_liealg_derived_series(S, L);
    fmpq_mat_t U, V, W, T;
    fmpq_mat_init(U, L->n, L->n); fmpq_mat_init(V, L->n, L->n);
    fmpq_mat_init(W, L->n, L->n); fmpq_mat_init(T, L->n, L->n);
    for (slong i = 0; i < S->len; i++) {
        int last = i + 1 == S->len;
        if (last && S->reaches_zero) break;
        lt_qspace_struct *Ui = &S->terms[i], *Ti = &S->terms[last ? i : i + 1];
        lt_lwit_t Wt;
        lt_lwit_init(Wt, L->dim);
        CHECK(lt_liealg_bracket_witness(Wt, L, Ui, lower ? &S->terms[0] : Ui, Ti, err) == LT_OK, "witness");
        for (slong k = 0; k < Wt->len; k++) {
            to_mat(U, L, Wt->u[k]); to_mat(V, L, Wt->v[k]);
            fmpq_mat_mul(T, U, V);
            fmpq_mat_mul(W, V, U);
            fmpq_mat_sub(T, T, W);
            to_mat(W, L, Wt->w[k]);
            CHECK(fmpq_mat_equal(T, W), "[u,v] = uv - vu at step %ld", (long)i);
        }
        CHECK(rank_of(Wt->w, Wt->len, L) == Ti->rank, "the brackets span a space of the term's dimension");
        lt_lwit_clear(Wt);
    }
    fmpq_mat_clear(U); fmpq_mat_clear(V); fmpq_mat_clear(W); fmpq_mat_clear(T);
    lt_lseries_clear(S);
    lt_liealg_clear(L);
}

/* sl(2): the three brackets of the textbook, [e,f] = h, [e,h] = -2e, [f,h] = 2f. */
static void check_sl2(void)
{
    unit_case = "sl(2)";
    lt_err_t err;
    lt_err_init(err);
    lt_liealg_t L;
    lt_liealg_init(L);
    CHECK(lt_io_liealg(L, NULL, "sl(2)", ctx, err) == LT_OK && L->dim == 3, "load");
    lt_lseries_t S;
    lt_lseries_init(S);
    lt_liealg_derived_series(S, L);
    lt_lwit_t W;
    lt_lwit_init(W, 3);
    CHECK(lt_liealg_bracket_witness(W, L, S->terms, S->terms, S->terms, err) == LT_OK && W->len == 3, "3 brackets");
    static const int want[3][3] = {{0, 0, 1}, {-2, 0, 0}, {0, 2, 0}};
    for (int k = 0; k < 3 && W->len == 3; k++)
        for (int t = 0; t < 3; t++) CHECK(fmpq_equal_si(W->w[k] + t, want[k][t]), "bracket %d coordinate %d", k, t);
    lt_lwit_clear(W);
    lt_lseries_clear(S);
    lt_liealg_clear(L);
}

int main(void)
{
    lt_ctx_init(ctx);
    static const char *groups[] = {"S3", "S4", "A4", "D8", "Q8", "A5", "S5", "C5 x A4", "UT(3,3)", "C1"};
    for (size_t i = 0; i < sizeof groups / sizeof *groups; i++) {
        check_group_series(groups[i], 0);
        check_group_series(groups[i], 1);
    }
    check_as_commutator("A5");
    check_as_commutator("PSL(2,7)");
    static const char *algebras[] = {"sl(2)", "b(3)", "n(4)", "so(3)", "gl(2)", "heis(3)", "aff(2)"};
    for (size_t i = 0; i < sizeof algebras / sizeof *algebras; i++) {
        check_lie_series(algebras[i], 0);
        check_lie_series(algebras[i], 1);
    }
    check_sl2();
    UNIT_DONE("witness");
}
