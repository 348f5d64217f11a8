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

/* G = spec, with its chain. */
static void load_group(lt_pgrp_t G, const char *spec)
{
    lt_err_t err;
    lt_err_init(err);
    lt_pgrp_init(G, 1);
    CHECK(lt_io_group(G, NULL, spec, ctx, err) == LT_OK && lt_pgrp_chain(G, NULL, ctx, err) == LT_OK, "load %s: %s", spec, err->msg);
}

/* lt_pgrp_series_witness, checked step by step against enumeration. */
static void check_group_series(const char *spec, int lower)
{
    unit_case = spec;
    lt_err_t err;
    lt_err_init(err);
    lt_pgrp_t G;
    load_group(G, spec);
    int n = G->n;
    lt_pgrp_series_witness_t R;
    lt_pgrp_series_witness_init(R);
    CHECK(lt_pgrp_series_witness(R, G, lower, ctx, err) == LT_OK, "series witness: %s", err->msg);
    const lt_pgrp_series_struct *S = R->S;
    CHECK(R->lower == lower && R->residual == !S->reaches_one && R->nsteps == S->len - 1 + R->residual,
          "%d steps for %d terms (residual %d)", R->nsteps, S->len, R->residual);
    elset prev;
    closure(&prev, n, G->gens, G->ngens);
    elset whole;
    closure(&whole, n, G->gens, G->ngens);
    for (int i = 0; i < R->nsteps; i++) {
        int last = R->residual && i == R->nsteps - 1;
        const lt_pgrp_struct *T = lt_pgrp_series_witness_term(R, i);
        const lt_pwit_struct *W = R->steps[i].W;
        CHECK(T == &S->terms[last ? i : i + 1], "the term of step %d", i);
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
        CHECK(mpz_cmp_ui(R->steps[i].quotient_order, (unsigned long)(prev.len / next.len)) == 0
              && prev.len % next.len == 0, "quotient order at step %d", i);
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
        if (last) CHECK(R->steps[i].checks == 0 && prev.len == next.len, "the residual step %d", i);
        free(prev.e);
        prev = next;
    }
    free(prev.e);
    free(whole.e);
    lt_pgrp_series_witness_clear(R);
    lt_pgrp_clear(G);
}

/* lt_pgrp_perfect_witness: not perfect, with G'; perfect, with every
   generator as a commutator (A5, PSL(2,7)); the trivial group. */
static void check_perfect(const char *spec, int perfect, unsigned long derived)
{
    unit_case = spec;
    lt_err_t err;
    lt_err_init(err);
    lt_pgrp_t G;
    load_group(G, spec);
    lt_pgrp_perfect_witness_t R;
    lt_pgrp_perfect_witness_init(R);
    CHECK(lt_pgrp_perfect_witness(R, G, 200000, ctx, err) == LT_OK, "%s", err->msg);
    CHECK(R->perfect == perfect && mpz_cmp_ui(R->derived->order, derived) == 0, "perfect %d, |G'| %lu", R->perfect,
          mpz_get_ui(R->derived->order));
    CHECK(mpz_get_ui(R->quotient_order) * derived == mpz_get_ui(G->order), "|G/G'| = %lu", mpz_get_ui(R->quotient_order));
    if (perfect) {
        CHECK(R->as_commutators && R->W->len == G->ngens, "%d commutators for %d generators", R->W->len, G->ngens);
        int c[64];
        for (int i = 0; i < R->W->len; i++) {
            comm(c, R->W->a[i], R->W->b[i], G->n);
            CHECK(memcmp(c, G->gens[i], (size_t)G->n * sizeof(int)) == 0, "generator %d = [a,b]", i);
        }
    } else CHECK(R->W->len == 0, "no witness when not perfect");
    lt_pgrp_perfect_witness_clear(R);
    lt_pgrp_clear(G);
}

/* Barrington's fact: every generator of A5 (and of PSL(2,7)) is a commutator. */
static void check_as_commutator(const char *spec)
{
    unit_case = spec;
    lt_err_t err;
    lt_err_init(err);
    lt_pgrp_t G;
    load_group(G, spec);
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


/* lt_pgrp_abelian_witness: the witness really is a pair of generators
   whose commutator (by hand) is not 1; abelian groups: every pair tested. */
static void check_group_abelian(const char *spec, int abelian)
{
    unit_case = spec;
    lt_pgrp_t G;
    load_group(G, spec);
    int n = G->n, c[64], one = 1;
    lt_pgrp_abelian_witness_t R;
    lt_pgrp_abelian_witness_init(R);
    lt_pgrp_abelian_witness(R, G);
    CHECK(R->abelian == abelian, "abelian %d", R->abelian);
    if (abelian) CHECK(R->W->len == 0 && R->pairs == (long)G->ngens * (G->ngens - 1) / 2, "%ld pairs", R->pairs);
    else {
        CHECK(R->W->len == 1, "one witness");
        comm(c, R->W->a[0], R->W->b[0], n);
        for (int i = 0; i < n; i++) one &= c[i] == i;
        CHECK(!one && memcmp(c, R->W->c[0], (size_t)n * sizeof(int)) == 0, "[a,b] = c != 1");
        int ga = 0, gb = 0;
        for (int g = 0; g < G->ngens; g++) {
            ga |= memcmp(G->gens[g], R->W->a[0], (size_t)n * sizeof(int)) == 0;
            gb |= memcmp(G->gens[g], R->W->b[0], (size_t)n * sizeof(int)) == 0;
        }
        CHECK(ga && gb, "a and b are generators");
    }
    lt_pgrp_abelian_witness_clear(R);
    lt_pgrp_clear(G);
}

/* lt_pgrp_iso_check: the isomorphism lt_pgrp_isomorphism finds passes and
   checks |G| products per generator; the trivial map (not injective)
   fails. */
static void check_iso(const char *g, const char *h, int isomorphic)
{
    unit_case = g;
    lt_err_t err;
    lt_err_init(err);
    lt_pgrp_t G, H;
    load_group(G, g);
    load_group(H, h);
    lt_pgrp_iso_t R;
    lt_pgrp_iso_init(R);
    CHECK(lt_pgrp_isomorphism(R, G, H, ctx, err) == LT_OK && R->isomorphic == isomorphic, "isomorphic %d", R->isomorphic);
    int ok = -1;
    long long products = 0;
    if (isomorphic) {
        CHECK(lt_pgrp_iso_check(&ok, &products, G, H, R->images, ctx, err) == LT_OK && ok == 1, "the isomorphism passes");
        CHECK(products == mpz_get_si(G->order) * G->ngens, "%lld products", products);
        int **bad = malloc((size_t)R->nimages * sizeof *bad), id[64];
        for (int i = 0; i < H->n; i++) id[i] = i;
        for (int i = 0; i < R->nimages; i++) bad[i] = id;
        CHECK(lt_pgrp_iso_check(&ok, &products, G, H, bad, ctx, err) == LT_OK && ok == 0, "the trivial map fails");
        free(bad);
    }
    lt_pgrp_iso_clear(R);
    lt_pgrp_clear(G);
    lt_pgrp_clear(H);
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

/* lt_liealg_series_witness, checked step by step with matrices. */
static void check_lie_series(const char *spec, int lower)
{
    unit_case = spec;
    lt_err_t err;
    lt_err_init(err);
    lt_liealg_t L;
    lt_liealg_init(L);
    CHECK(lt_io_liealg(L, NULL, spec, ctx, err) == LT_OK && L->n > 0, "load %s", spec);
    lt_liealg_series_witness_t R;
    lt_liealg_series_witness_init(R);
    CHECK(lt_liealg_series_witness(R, L, lower, err) == LT_OK, "series witness: %s", err->msg);
    const lt_lseries_struct *S = R->S;
    CHECK(R->residual == !S->reaches_zero && R->nsteps == S->len - 1 + R->residual, "%ld steps", (long)R->nsteps);
    fmpq_mat_t U, V, W, T;
    fmpq_mat_init(U, L->n, L->n); fmpq_mat_init(V, L->n, L->n);
    fmpq_mat_init(W, L->n, L->n); fmpq_mat_init(T, L->n, L->n);
    for (slong i = 0; i < R->nsteps; i++) {
        int last = R->residual && i == R->nsteps - 1;
        const lt_qspace_struct *Ui = &S->terms[i], *Ti = lt_liealg_series_witness_term(R, i);
        const lt_lwit_struct *Wt = R->steps[i].W;
        for (slong k = 0; k < Wt->len; k++) {
            to_mat(U, L, Wt->u[k]); to_mat(V, L, Wt->v[k]);
            fmpq_mat_mul(T, U, V);
            fmpq_mat_mul(W, V, U);
            fmpq_mat_sub(T, T, W);
            to_mat(W, L, Wt->w[k]);
            CHECK(fmpq_mat_equal(T, W), "[u,v] = uv - vu at step %ld", (long)i);
            CHECK(lt_qspace_contains(Ui, Wt->u[k]) && lt_qspace_contains(lower ? &S->terms[0] : Ui, Wt->v[k]), "u, v in the terms");
        }
        CHECK(rank_of(Wt->w, Wt->len, L) == Ti->rank, "the brackets span a space of the term's dimension");
        CHECK(R->steps[i].quotient_dim == Ui->rank - Ti->rank && (last ? R->steps[i].checks == 0 : 1),
              "quotient dimension %ld at step %ld", (long)R->steps[i].quotient_dim, (long)i);
    }
    fmpq_mat_clear(U); fmpq_mat_clear(V); fmpq_mat_clear(W); fmpq_mat_clear(T);
    lt_liealg_series_witness_clear(R);
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


/* [u,v] = uv - vu, with the matrices of L. */
static int bracket_is(const lt_liealg_t L, const fmpq *u, const fmpq *v, const fmpq *w)
{
    fmpq_mat_t U, V, W, T, S;
    fmpq_mat_init(U, L->n, L->n); fmpq_mat_init(V, L->n, L->n); fmpq_mat_init(W, L->n, L->n);
    fmpq_mat_init(T, L->n, L->n); fmpq_mat_init(S, L->n, L->n);
    to_mat(U, L, u); to_mat(V, L, v); to_mat(W, L, w);
    fmpq_mat_mul(T, U, V);
    fmpq_mat_mul(S, V, U);
    fmpq_mat_sub(T, T, S);
    int ok = fmpq_mat_equal(T, W);
    fmpq_mat_clear(U); fmpq_mat_clear(V); fmpq_mat_clear(W); fmpq_mat_clear(T); fmpq_mat_clear(S);
    return ok;
}

/* lt_liealg_abelian_witness and lt_liealg_perfect_witness, recomputed
   with matrices: the witness bracket is non-zero, the perfect witness's
   brackets span L. */
static void check_lie_abelian_perfect(const char *spec, int abelian, int perfect, slong derived_dim)
{
    unit_case = spec;
    lt_err_t err;
    lt_err_init(err);
    lt_liealg_t L;
    lt_liealg_init(L);
    CHECK(lt_io_liealg(L, NULL, spec, ctx, err) == LT_OK && L->n > 0, "load %s", spec);
    lt_liealg_abelian_witness_t A;
    lt_liealg_abelian_witness_init(A);
    lt_liealg_abelian_witness(A, L);
    CHECK(A->abelian == abelian, "abelian %d", A->abelian);
    if (abelian) CHECK(A->W->len == 0 && A->pairs == (long)(L->dim * (L->dim - 1) / 2), "%ld pairs", A->pairs);
    else CHECK(A->W->len == 1 && !lt_qvec_is_zero(A->W->w[0], L->dim) && bracket_is(L, A->W->u[0], A->W->v[0], A->W->w[0]),
               "[u,v] = w != 0");
    lt_liealg_abelian_witness_clear(A);
    lt_liealg_perfect_witness_t P;
    lt_liealg_perfect_witness_init(P);
    CHECK(lt_liealg_perfect_witness(P, L, err) == LT_OK, "%s", err->msg);
    CHECK(P->perfect == perfect && P->derived_dim == derived_dim, "perfect %d, dim L' %ld", P->perfect, (long)P->derived_dim);
    if (perfect) {
        for (slong k = 0; k < P->W->len; k++) CHECK(bracket_is(L, P->W->u[k], P->W->v[k], P->W->w[k]), "bracket %ld", (long)k);
        CHECK(rank_of(P->W->w, P->W->len, L) == L->dim, "the brackets span L");
    } else CHECK(P->W->len == 0, "no witness when not perfect");
    lt_liealg_perfect_witness_clear(P);
    lt_liealg_clear(L);
}

/* sl(2)'s names and the reading of its brackets: [e,f] = h as it is,
   [e,h] = -2e reversed to [h,e] = 2e; a multiple of both is not reversed. */
static void check_sl2_reading(void)
{
    unit_case = "sl(2) reading";
    lt_err_t err;
    lt_err_init(err);
    lt_liealg_t L;
    lt_liealg_init(L);
    CHECK(lt_io_liealg(L, NULL, "sl(2)", ctx, err) == LT_OK, "load");
    CHECK(lt_liealg_is_sl2_standard(L), "sl(2) in its standard basis");
    fmpq *e = _fmpq_vec_init(3), *f = _fmpq_vec_init(3), *h = _fmpq_vec_init(3), *w = _fmpq_vec_init(3);
    fmpq_one(e + 0); fmpq_one(f + 1); fmpq_one(h + 2);
    lt_liealg_bracket(w, L, e, f);
    CHECK(!lt_liealg_bracket_reversed(e, f, w, 3), "[e,f] = h");
    lt_liealg_bracket(w, L, e, h);
    CHECK(lt_liealg_bracket_reversed(e, h, w, 3) && fmpq_equal_si(w + 0, -2), "[e,h] = -2e reads [h,e] = 2e");
    CHECK(!lt_liealg_bracket_reversed(e, e, w, 3), "w a multiple of u and of v");
    fmpq *z = _fmpq_vec_init(3);
    CHECK(lt_qvec_is_multiple(w, e, 3) && !lt_qvec_is_multiple(w, f, 3) && !lt_qvec_is_multiple(w, z, 3)
          && lt_qvec_is_multiple(z, e, 3), "lt_qvec_is_multiple: -2e of e, not of f, nothing of 0, 0 of e");
    _fmpq_vec_clear(z, 3);
    _fmpq_vec_clear(e, 3); _fmpq_vec_clear(f, 3); _fmpq_vec_clear(h, 3); _fmpq_vec_clear(w, 3);
    lt_liealg_clear(L);
    lt_liealg_init(L);
    CHECK(lt_io_liealg(L, NULL, "so(3)", ctx, err) == LT_OK && !lt_liealg_is_sl2_standard(L), "so(3) is not");
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
    check_perfect("S4", 0, 12);
    check_perfect("A5", 1, 60);
    check_perfect("PSL(2,7)", 1, 168);
    check_perfect("C1", 1, 1);
    static const char *algebras[] = {"sl(2)", "b(3)", "n(4)", "so(3)", "gl(2)", "heis(3)", "aff(2)"};
    for (size_t i = 0; i < sizeof algebras / sizeof *algebras; i++) {
        check_lie_series(algebras[i], 0);
        check_lie_series(algebras[i], 1);
    }
    check_sl2();
    check_group_abelian("S3", 0);
    check_group_abelian("A5", 0);
    check_group_abelian("C5 x C3", 1);
    check_group_abelian("C1", 1);
    check_iso("UT(3,2)", "D8", 1);
    check_iso("C6", "C3 x C2", 1);
    check_iso("Q8", "D8", 0);
    check_lie_abelian_perfect("sl(2)", 0, 1, 3);
    check_lie_abelian_perfect("so(3)", 0, 1, 3);
    check_lie_abelian_perfect("b(2)", 0, 0, 1);
    check_lie_abelian_perfect("abelian(3)", 1, 0, 0);
    check_sl2_reading();
    UNIT_DONE("witness");
}
