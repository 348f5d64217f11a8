/* Lie algebras over Q: golden values from GAP 4.12 and laws. The algebras
   are built here from explicit matrices, independently of the parsers. */
#include <stdlib.h>
#include <string.h>
#include <flint/fmpq_vec.h>
#include "lietool.h"
#include "lietool/liealg.h"
#include "unit.h"

static lt_ctx_t ctx;

static void E(fmpq_mat_t M, slong n, slong i, slong j)
{
    fmpq_mat_init(M, n, n);
    fmpq_one(fmpq_mat_entry(M, i, j));
}

/* b(n) (upper triangular) or n(n) (strictly upper) */
static void triangular(lt_liealg_t L, slong n, int strict)
{
    slong k = 0, cap = n * n;
    fmpq_mat_struct *m = malloc((size_t)cap * sizeof *m);
    for (slong i = 0; i < n; i++)
        for (slong j = i + strict; j < n; j++) E(m + k++, n, i, j);
    lt_err_t err;
    lt_err_init(err);
    lt_status st = lt_liealg_from_basis(L, m, k, ctx, err);
    CHECK(st == LT_OK, "from_basis: %s", err->msg);
    for (slong i = 0; i < k; i++) fmpq_mat_clear(m + i);
    free(m);
}

static slong clog2(slong n) { slong c = 0; while ((1L << c) < n) c++; return c; }

static void check_series(const lt_lseries_t S, const slong *want, slong len, const char *what)
{
    int ok = S->len == len;
    for (slong i = 0; ok && i < len; i++) ok = S->terms[i].rank == want[i];
    char got[256] = "";
    for (slong i = 0; i < S->len && strlen(got) < 200; i++) snprintf(got + strlen(got), 256 - strlen(got), "%ld ", (long)S->terms[i].rank);
    CHECK(ok, "%s: got %s", what, got);
}

/* every bracket of basis elements satisfies Jacobi, antisymmetry */
static void laws(const lt_liealg_t L, const char *name)
{
    unit_case = name;
    slong d = L->dim;
    fmpq_t a, b, s;
    fmpq_init(a); fmpq_init(b); fmpq_init(s);
    int anti = 1;
    for (slong i = 0; i < d && i < 40; i++)
        for (slong j = 0; j < d && j < 40; j++)
            for (slong k = 0; k < d; k++) {
                lt_liealg_sc(a, L, i, j, k); lt_liealg_sc(b, L, j, i, k);
                fmpq_add(s, a, b);
                anti &= fmpq_is_zero(s);
            }
    CHECK(anti, "structure constants not antisymmetric");
    /* Jacobi and ad-invariance of the Killing form on random combinations */
    fmpq *x = _fmpq_vec_init(d), *y = _fmpq_vec_init(d), *z = _fmpq_vec_init(d);
    fmpq *t = _fmpq_vec_init(d), *u = _fmpq_vec_init(d), *acc = _fmpq_vec_init(d);
    flint_rand_t st;
    flint_randinit(st);
    fmpq_mat_t K;
    fmpq_mat_init(K, d, d);
    lt_liealg_killing(K, L);
    int jac = 1, inv = 1;
    for (int rep = 0; rep < 5; rep++) {
        for (slong i = 0; i < d; i++) {
            fmpq_set_si(x + i, (slong)n_randint(st, 7) - 3, 1);
            fmpq_set_si(y + i, (slong)n_randint(st, 7) - 3, 1);
            fmpq_set_si(z + i, (slong)n_randint(st, 7) - 3, 1);
        }
        lt_liealg_bracket(t, L, x, y); lt_liealg_bracket(acc, L, t, z);
        lt_liealg_bracket(t, L, y, z); lt_liealg_bracket(u, L, t, x);
        for (slong i = 0; i < d; i++) fmpq_add(acc + i, acc + i, u + i);
        lt_liealg_bracket(t, L, z, x); lt_liealg_bracket(u, L, t, y);
        for (slong i = 0; i < d; i++) fmpq_add(acc + i, acc + i, u + i);
        jac &= lt_qvec_is_zero(acc, d);
        /* K([x,y],z) = K(x,[y,z]) */
        lt_liealg_bracket(t, L, x, y);
        lt_liealg_bracket(u, L, y, z);
        fmpq_t l, r;
        fmpq_init(l); fmpq_init(r);
        for (slong i = 0; i < d; i++)
            for (slong j = 0; j < d; j++) {
                fmpq_mul(s, t + i, z + j); fmpq_addmul(l, s, fmpq_mat_entry(K, i, j));
                fmpq_mul(s, x + i, u + j); fmpq_addmul(r, s, fmpq_mat_entry(K, i, j));
            }
        inv &= fmpq_equal(l, r);
        fmpq_clear(l); fmpq_clear(r);
    }
    CHECK(jac, "Jacobi identity fails");
    CHECK(inv, "Killing form is not invariant");
    fmpq_mat_clear(K);
    flint_randclear(st);
    _fmpq_vec_clear(x, d); _fmpq_vec_clear(y, d); _fmpq_vec_clear(z, d);
    _fmpq_vec_clear(t, d); _fmpq_vec_clear(u, d); _fmpq_vec_clear(acc, d);
    fmpq_clear(a); fmpq_clear(b); fmpq_clear(s);
}

static void triangular_laws(void)
{
    for (slong n = 2; n <= 8; n++) {
        char name[32];
        lt_liealg_t L;
        lt_lseries_t S;
        lt_lseries_init(S);
        /* b(n): derived length 1 + ceil(log2 n) */
        snprintf(name, sizeof name, "b(%ld)", (long)n);
        unit_case = name;
        lt_liealg_init(L);
        triangular(L, n, 0);
        CHECK(L->dim == n * (n + 1) / 2, "dim %ld", (long)L->dim);
        lt_liealg_derived_series(S, L);
        CHECK(S->reaches_zero && S->len - 1 == 1 + clog2(n), "derived length %ld, expected %ld", (long)S->len - 1, (long)(1 + clog2(n)));
        laws(L, name);
        /* radical of a solvable algebra is everything */
        lt_qspace_t R;
        lt_qspace_init(R, L->dim);
        lt_liealg_radical(R, L);
        unit_case = name;
        CHECK(R->rank == L->dim, "radical dim %ld", (long)R->rank);
        lt_qspace_clear(R);
        lt_liealg_clear(L);
        /* n(n): derived length ceil(log2 n), class n-1 */
        snprintf(name, sizeof name, "n(%ld)", (long)n);
        unit_case = name;
        lt_liealg_init(L);
        triangular(L, n, 1);
        lt_liealg_derived_series(S, L);
        CHECK(S->reaches_zero && S->len - 1 == clog2(n), "derived length %ld, expected %ld", (long)S->len - 1, (long)clog2(n));
        lt_liealg_lower_central_series(S, L);
        CHECK(S->reaches_zero && S->len - 1 == n - 1, "class %ld, expected %ld", (long)S->len - 1, (long)n - 1);
        lt_liealg_upper_central_series(S, L);
        CHECK(S->reaches_zero && S->len - 1 == n - 1, "upper central length %ld", (long)S->len - 1);
        lt_liealg_clear(L);
        lt_lseries_clear(S);
    }
}

static void golden(void)
{
    /* GAP: L := LieAlgebra(Rationals, [E11, E12, E22]): derived dims 3,1,0;
       lower central 3,1 */
    unit_case = "E11,E12,E22";
    fmpq_mat_struct g[3];
    E(g + 0, 2, 0, 0); E(g + 1, 2, 0, 1); E(g + 2, 2, 1, 1);
    lt_liealg_t L;
    lt_liealg_init(L);
    lt_err_t err;
    lt_err_init(err);
    CHECK(lt_liealg_closure(L, g, 3, ctx, err) == LT_OK, "%s", err->msg);
    lt_lseries_t S;
    lt_lseries_init(S);
    lt_liealg_derived_series(S, L);
    slong d1[] = {3, 1, 0};
    check_series(S, d1, 3, "derived");
    lt_liealg_lower_central_series(S, L);
    slong l1[] = {3, 1};
    check_series(S, l1, 2, "lower central");
    for (int i = 0; i < 3; i++) fmpq_mat_clear(g + i);
    lt_liealg_clear(L);

    /* gl(5): radical of dimension 1 (the scalars); sl(2) from e, f is
       perfect and semisimple */
    unit_case = "gl(5)";
    fmpq_mat_struct m[25];
    slong k = 0;
    for (slong i = 0; i < 5; i++) for (slong j = 0; j < 5; j++) E(m + k++, 5, i, j);
    lt_liealg_init(L);
    CHECK(lt_liealg_from_basis(L, m, 25, ctx, err) == LT_OK, "%s", err->msg);
    lt_qspace_t R;
    lt_qspace_init(R, 25);
    lt_liealg_radical(R, L);
    CHECK(R->rank == 1, "radical of gl(5) has dim %ld", (long)R->rank);
    lt_liealg_center(R, L);
    CHECK(R->rank == 1, "centre of gl(5) has dim %ld", (long)R->rank);
    /* the centre's element as a matrix: a non-zero multiple of the identity */
    fmpq_mat_t Z;
    fmpq_mat_init(Z, 5, 5);
    lt_liealg_element_matrix(Z, L, R->rows[0]);
    int scalar = !fmpq_is_zero(fmpq_mat_entry(Z, 0, 0));
    for (slong i = 0; i < 5; i++)
        for (slong j = 0; j < 5; j++)
            scalar &= fmpq_equal(fmpq_mat_entry(Z, i, j), i == j ? fmpq_mat_entry(Z, 0, 0) : fmpq_mat_entry(Z, 1, 0));
    CHECK(scalar && fmpq_is_zero(fmpq_mat_entry(Z, 1, 0)), "centre of gl(5): not a multiple of the identity");
    fmpq_mat_clear(Z);
    lt_qspace_clear(R);
    for (slong i = 0; i < 25; i++) fmpq_mat_clear(m + i);
    lt_liealg_clear(L);

    unit_case = "sl(2) from e, f";
    E(g + 0, 2, 0, 1); E(g + 1, 2, 1, 0);
    lt_liealg_init(L);
    CHECK(lt_liealg_closure(L, g, 2, ctx, err) == LT_OK, "%s", err->msg);
    CHECK(L->dim == 3, "dim %ld", (long)L->dim);
    lt_liealg_derived_series(S, L);
    CHECK(S->len == 1 && S->terms[0].rank == 3, "sl(2) not perfect");
    fmpq_mat_t K;
    fmpq_mat_init(K, 3, 3);
    lt_liealg_killing(K, L);
    CHECK(lt_qmat_rank(K) == 3, "Killing form of sl(2) degenerate");
    fmpq_mat_clear(K);
    laws(L, "sl(2)");
    fmpq_mat_clear(g + 0); fmpq_mat_clear(g + 1);
    lt_liealg_clear(L);
    lt_lseries_clear(S);
}

/* The closure of two random integer n x n matrices is gl(n). */
static void random_closure(void)
{
    flint_rand_t st;
    flint_randinit(st);
    for (slong n = 2; n <= 6; n++) {
        char name[32];
        snprintf(name, sizeof name, "random %ldx%ld", (long)n, (long)n);
        unit_case = name;
        fmpq_mat_struct g[2];
        for (int t = 0; t < 2; t++) {
            fmpq_mat_init(g + t, n, n);
            for (slong i = 0; i < n; i++)
                for (slong j = 0; j < n; j++) fmpq_set_si(fmpq_mat_entry(g + t, i, j), (slong)n_randint(st, 19) - 9, 1);
        }
        lt_liealg_t L;
        lt_liealg_init(L);
        lt_err_t err;
        lt_err_init(err);
        CHECK(lt_liealg_closure(L, g, 2, ctx, err) == LT_OK, "%s", err->msg);
        CHECK(L->dim == n * n, "dim %ld, expected %ld", (long)L->dim, (long)(n * n));
        laws(L, name);
        lt_liealg_clear(L);
        fmpq_mat_clear(g + 0); fmpq_mat_clear(g + 1);
    }
    flint_randclear(st);
}

/* Two methods agree: the modular closure (certified lift) and the exact
   rational closure, on random small rational matrices, some of them in
   structured subalgebras (upper triangular, traceless, nilpotent). */
static void closure_methods(void)
{
    flint_rand_t st;
    flint_randinit(st);
    for (int t = 0; t < 40; t++) {
        slong n = 2 + t % 4, k = 1 + t % 3;
        int shape = t % 4;     /* 0 dense, 1 upper triangular, 2 strictly upper, 3 traceless */
        char name[48];
        snprintf(name, sizeof name, "closure #%d (n=%ld, shape %d)", t, (long)n, shape);
        unit_case = name;
        fmpq_mat_struct *g = malloc((size_t)k * sizeof *g);
        for (slong q = 0; q < k; q++) {
            fmpq_mat_init(g + q, n, n);
            for (slong i = 0; i < n; i++)
                for (slong j = 0; j < n; j++) {
                    if ((shape == 1 && j < i) || (shape == 2 && j <= i)) continue;
                    if (n_randint(st, 3) == 0) continue;
                    fmpq_set_si(fmpq_mat_entry(g + q, i, j), (slong)n_randint(st, 9) - 4, 1 + n_randint(st, 3));
                }
            if (shape == 3) {
                fmpq_t tr;
                fmpq_init(tr);
                for (slong i = 0; i + 1 < n; i++) fmpq_add(tr, tr, fmpq_mat_entry(g + q, i, i));
                fmpq_neg(fmpq_mat_entry(g + q, n - 1, n - 1), tr);
                fmpq_clear(tr);
            }
        }
        lt_liealg_t A, B;
        lt_liealg_init(A); lt_liealg_init(B);
        lt_err_t err;
        lt_err_init(err);
        CHECK(lt_liealg_closure_by(A, g, k, LT_CLOSURE_MODULAR, ctx, err) == LT_OK, "%s", err->msg);
        CHECK(lt_liealg_closure_by(B, g, k, LT_CLOSURE_EXACT, ctx, err) == LT_OK, "%s", err->msg);
        int same = A->dim == B->dim;
        for (slong r = 0; same && r < A->dim; r++) same = fmpq_mat_equal(A->mats + r, B->mats + r);
        CHECK(same, "modular and exact closures differ (dims %ld, %ld)", (long)A->dim, (long)B->dim);
        /* the computed basis is closed under the bracket: from_basis checks
           every [b_i, b_j] against the span */
        lt_liealg_t C;
        lt_liealg_init(C);
        CHECK(A->dim == 0 || lt_liealg_from_basis(C, A->mats, A->dim, ctx, err) == LT_OK, "basis not closed: %s", err->msg);
        lt_liealg_clear(C);
        if (shape == 2) {
            lt_lseries_t S;
            lt_lseries_init(S);
            lt_liealg_lower_central_series(S, A);
            CHECK(S->reaches_zero, "strictly upper triangular generators give a non-nilpotent algebra");
            lt_lseries_clear(S);
        }
        lt_liealg_clear(A); lt_liealg_clear(B);
        for (slong q = 0; q < k; q++) fmpq_mat_clear(g + q);
        free(g);
    }
    flint_randclear(st);
}

/* The adjoint representation is a homomorphism: [ad b_i, ad b_j] =
   sum_k c_ijk ad b_k; and the matrix algebra spanned by ad(b_i) of a
   centre-free algebra has the same dimension and derived series. */
static void adjoint(void)
{
    slong sizes[] = {2, 3, 4};
    for (int t = 0; t < 3; t++) {
        slong n = sizes[t];
        char name[32];
        snprintf(name, sizeof name, "adjoint of b(%ld)", (long)n);
        unit_case = name;
        lt_liealg_t L;
        lt_liealg_init(L);
        triangular(L, n, 0);
        slong d = L->dim;
        fmpq_mat_struct *ad = malloc((size_t)d * sizeof *ad);
        lt_liealg_adjoint(ad, L);
        fmpq_mat_t A, B, C, S;
        fmpq_mat_init(A, d, d); fmpq_mat_init(B, d, d); fmpq_mat_init(C, d, d); fmpq_mat_init(S, d, d);
        fmpq_t c;
        fmpq_init(c);
        int hom = 1;
        for (slong i = 0; i < d; i++)
            for (slong j = 0; j < d; j++) {
                fmpq_mat_mul(A, ad + i, ad + j);
                fmpq_mat_mul(B, ad + j, ad + i);
                fmpq_mat_sub(C, A, B);
                fmpq_mat_zero(S);
                for (slong k = 0; k < d; k++) {
                    lt_liealg_sc(c, L, i, j, k);
                    if (fmpq_is_zero(c)) continue;
                    fmpq_mat_scalar_mul_fmpz(A, ad + k, fmpq_numref(c));
                    fmpq_mat_scalar_div_fmpz(A, A, fmpq_denref(c));
                    fmpq_mat_add(S, S, A);
                }
                hom &= fmpq_mat_equal(C, S);
            }
        CHECK(hom, "ad is not a homomorphism");
        /* ad(b(n)) has kernel the centre (the scalars): dimension d - 1 */
        lt_liealg_t M;
        lt_liealg_init(M);
        lt_err_t err;
        lt_err_init(err);
        CHECK(lt_liealg_closure(M, ad, d, ctx, err) == LT_OK && M->dim == d - 1, "ad(b(%ld)) has dim %ld", (long)n, (long)M->dim);
        lt_liealg_clear(M);
        fmpq_clear(c);
        fmpq_mat_clear(A); fmpq_mat_clear(B); fmpq_mat_clear(C); fmpq_mat_clear(S);
        for (slong i = 0; i < d; i++) fmpq_mat_clear(ad + i);
        free(ad);
        lt_liealg_clear(L);
    }
}

/* The free nilpotent Lie algebra fnil(r,c): its k-th derived term lies in
   degrees >= 2^k, so its derived length is at most floor(log2 c) + 1, with
   equality for r >= 3 (checked for c <= 7). For r = 2 the degree-2 part is
   one-dimensional, so the second derived term starts in degree 5 and the
   third in degree 10: the derived length is 2 at c = 4, 3 for c = 5..9 and
   4 at c = 10, below floor(log2 c) + 1 at c = 4, 8 and 9. */
static void fnil_derived_lengths(void)
{
    for (int r = 2; r <= 3; r++)
        for (int c = 1; c <= (r == 2 ? 10 : 7); c++) {
            char spec[32];
            snprintf(spec, sizeof spec, "fnil(%d,%d)", r, c);
            unit_case = spec;
            lt_liealg_t L;
            lt_liealg_init(L);
            lt_err_t err;
            lt_err_init(err);
            CHECK(lt_free_nilpotent(L, r, c, spec, ctx, err) == LT_OK, "%s", err->msg);
            lt_lseries_t S;
            lt_lseries_init(S);
            lt_liealg_derived_series(S, L);
            slong dl = S->len - 1, bound = 1;
            while ((1L << bound) <= c) bound++;         /* floor(log2 c) + 1 */
            slong want = bound;
            if (r == 2) want = c < 2 ? 1 : c < 5 ? 2 : c < 10 ? 3 : 4;
            CHECK(S->reaches_zero && dl == want, "derived length %ld, expected %ld (bound %ld)", (long)dl, (long)want, (long)bound);
            CHECK(dl <= bound, "derived length %ld above floor(log2 c) + 1 = %ld", (long)dl, (long)bound);
            lt_lseries_clear(S);
            lt_liealg_clear(L);
        }
}

/* The named families (src/liealg/named.c): the dimension of each, the
   laws, and the structure constants against those of the commutators of
   the matrices (lt_liealg_from_basis_ordered); arguments outside a family
   refused. */
static void named_families(void)
{
    static const struct { lt_liealg_family f; long a; slong dim, n; const char *name; } cases[] = {
        {LT_LIE_GL, 3, 9, 3, "gl(3)"}, {LT_LIE_SL, 3, 8, 3, "sl(3)"}, {LT_LIE_SO, 4, 6, 4, "so(4)"},
        {LT_LIE_SP, 4, 10, 4, "sp(4)"}, {LT_LIE_B, 3, 6, 3, "b(3)"}, {LT_LIE_N, 4, 6, 4, "n(4)"},
        {LT_LIE_HEIS, 5, 5, 4, "heis(5)"}, {LT_LIE_AFF, 2, 6, 3, "aff(2)"}, {LT_LIE_SE, 2, 3, 3, "se(2)"},
        {LT_LIE_SE, 3, 6, 4, "se(3)"}, {LT_LIE_ABELIAN, 3, 3, 3, "abelian(3)"},
    };
    lt_err_t err;
    for (size_t c = 0; c < sizeof cases / sizeof *cases; c++) {
        lt_liealg_t L;
        lt_liealg_init(L);
        lt_err_init(err);
        unit_case = cases[c].name;
        lt_status st = lt_liealg_named(L, cases[c].f, cases[c].a, cases[c].name, ctx, err);
        CHECK(st == LT_OK && L->dim == cases[c].dim && L->n == cases[c].n, "status %d, dim %ld, n %ld: %s",
              (int)st, (long)L->dim, (long)L->n, err->msg);
        if (st == LT_OK) {
            laws(L, cases[c].name);
            unit_case = cases[c].name;
            /* the same constants from the matrices' commutators, dense and
               exact: [M_i, M_j] = sum_k c_ijk M_k */
            slong d = L->dim, bad[2];
            lt_liealg_t M;
            lt_liealg_init(M);
            st = lt_liealg_from_basis_ordered(M, L->mats, d, bad, err);
            int same = st == LT_OK && M->dim == d;
            fmpq_t a, b;
            fmpq_init(a);
            fmpq_init(b);
            for (slong i = 0; same && i < d; i++)
                for (slong j = 0; j < d; j++)
                    for (slong k = 0; k < d; k++) {
                        lt_liealg_sc(a, L, i, j, k);
                        lt_liealg_sc(b, M, i, j, k);
                        same &= fmpq_equal(a, b);
                    }
            fmpq_clear(a);
            fmpq_clear(b);
            CHECK(same, "lt_liealg_from_basis_ordered differs: %s", err->msg);
            lt_liealg_clear(M);
        }
        lt_liealg_clear(L);
    }
    static const struct { lt_liealg_family f; long a; const char *msg; } bad[] = {
        {LT_LIE_SL, 1, "'sl(1)': the argument must be at least 2, not 1"},
        {LT_LIE_SP, 3, "'sp(3)': the argument of sp(2m) is even"},
        {LT_LIE_HEIS, 4, "'heis(4)': the argument of heis(2m+1) is odd"},
        {LT_LIE_SE, 4, "'se(4)': se(n) is defined for n = 2 and n = 3"},
    };
    for (size_t c = 0; c < sizeof bad / sizeof *bad; c++) {
        lt_liealg_t L;
        lt_liealg_init(L);
        lt_err_init(err);
        unit_case = bad[c].msg;
        char spec[16];
        snprintf(spec, sizeof spec, "%.*s", (int)(strchr(bad[c].msg + 1, '\'') - bad[c].msg - 1), bad[c].msg + 1);
        CHECK(lt_liealg_named(L, bad[c].f, bad[c].a, spec, ctx, err) == LT_EINPUT && strstr(err->msg, bad[c].msg),
              "got '%s'", err->msg);
        lt_liealg_clear(L);
    }
}

/* lt_liealg_from_basis_ordered names what is wrong by index. */
static void ordered_basis_faults(void)
{
    unit_case = "ordered basis";
    fmpq_mat_struct m[2];
    lt_err_t err;
    lt_liealg_t L;
    slong bad[2];
    E(m + 0, 2, 0, 1);
    E(m + 1, 2, 1, 0);
    lt_liealg_init(L);
    lt_err_init(err);
    CHECK(lt_liealg_from_basis_ordered(L, m, 2, bad, err) == LT_EINPUT && bad[0] == 0 && bad[1] == 1,
          "e, f: the bracket h is not in the span: %s", err->msg);
    lt_liealg_clear(L);
    fmpq_mat_clear(m + 1);
    E(m + 1, 2, 0, 1);
    lt_liealg_init(L);
    CHECK(lt_liealg_from_basis_ordered(L, m, 2, bad, err) == LT_EINPUT && bad[0] == 1 && bad[1] == -1,
          "e, e: dependent: %s", err->msg);
    lt_liealg_clear(L);
    fmpq_mat_clear(m + 0);
    fmpq_mat_clear(m + 1);
}

static void bad_tables(void)
{
    unit_case = "bad tables";
    lt_err_t err;
    lt_err_init(err);
    fmpq *c = _fmpq_vec_init(27);
    /* [b1,b2] = b3 without [b2,b1] = -b3 */
    fmpq_one(c + (0 * 3 + 1) * 3 + 2);
    lt_liealg_t L;
    lt_liealg_init(L);
    CHECK(lt_liealg_from_table(L, c, 3, err) == LT_EINPUT && strstr(err->msg, "(1,2)"), "antisymmetry: %s", err->msg);
    /* [b1,b2] = b3, [b2,b3] = b1, [b3,b1] = b1 breaks Jacobi:
       [[b3,b1],b2] = b3 while the other two terms vanish */
    _fmpq_vec_clear(c, 27);
    c = _fmpq_vec_init(27);
    fmpq_one(c + (0 * 3 + 1) * 3 + 2); fmpq_set_si(c + (1 * 3 + 0) * 3 + 2, -1, 1);
    fmpq_one(c + (1 * 3 + 2) * 3 + 0); fmpq_set_si(c + (2 * 3 + 1) * 3 + 0, -1, 1);
    fmpq_one(c + (2 * 3 + 0) * 3 + 0); fmpq_set_si(c + (0 * 3 + 2) * 3 + 0, -1, 1);
    lt_err_init(err);
    CHECK(lt_liealg_from_table(L, c, 3, err) == LT_EINPUT && strstr(err->msg, "(1,2,3)"), "Jacobi: %s", err->msg);
    _fmpq_vec_clear(c, 27);
    lt_liealg_clear(L);
}

/* The profile in one call: sl(2) is simple (perfect, semisimple, centre
   and radical 0, Killing rank 3); b(3) is solvable (derived dims 6, 3, 1, 0)
   but not nilpotent (lower central 6, 3), its radical is all of it and its
   centre the scalars; n(3) is nilpotent of class 2; gl(2) is neither
   solvable nor semisimple (radical = centre = scalars, Killing rank 3). */
static void profile(void)
{
    lt_err_t err;
    lt_err_init(err);
    lt_liealg_t L;
    lt_liealg_profile_t P;
    lt_liealg_profile_init(P);

    unit_case = "profile sl(2)";
    fmpq_mat_struct g[2];
    E(g + 0, 2, 0, 1); E(g + 1, 2, 1, 0);
    lt_liealg_init(L);
    CHECK(lt_liealg_closure(L, g, 2, ctx, err) == LT_OK, "%s", err->msg);
    lt_liealg_profile(P, L, LT_LIE_PROFILE_ALL);
    CHECK(P->dim == 3 && P->matrix_size == 2, "dim %ld", (long)P->dim);
    CHECK(P->semisimple && P->perfect && !P->solvable && !P->nilpotent && !P->abelian,
          "semisimple %d perfect %d solvable %d", P->semisimple, P->perfect, P->solvable);
    CHECK(P->killing_rank == 3 && P->center->rank == 0 && P->radical->rank == 0,
          "killing rank %ld centre %ld radical %ld", (long)P->killing_rank, (long)P->center->rank, (long)P->radical->rank);
    CHECK(P->derived_length == -1 && P->nilpotency_class == -1, "lengths %ld %ld", (long)P->derived_length, (long)P->nilpotency_class);
    CHECK(lt_liealg_is_semisimple(L) && lt_liealg_killing_rank(L) == 3, "is_semisimple");
    for (int i = 0; i < 2; i++) fmpq_mat_clear(g + i);
    lt_liealg_clear(L);

    unit_case = "profile b(3)";
    lt_liealg_init(L);
    triangular(L, 3, 0);
    lt_liealg_profile(P, L, LT_LIE_PROFILE_ALL);
    slong bd[] = {6, 3, 1, 0}, bl[] = {6, 3};
    check_series(P->derived, bd, 4, "b(3) derived");
    check_series(P->lower, bl, 2, "b(3) lower central");
    CHECK(P->solvable && P->derived_length == 3 && !P->nilpotent && P->nilpotency_class == -1 && !P->semisimple,
          "solvable %d (%ld) nilpotent %d semisimple %d", P->solvable, (long)P->derived_length, P->nilpotent, P->semisimple);
    CHECK(P->radical->rank == 6 && P->center->rank == 1, "radical %ld centre %ld", (long)P->radical->rank, (long)P->center->rank);
    CHECK(!lt_liealg_is_semisimple(L), "b(3) semisimple");
    /* only the parts asked for */
    lt_liealg_profile(P, L, LT_LIE_PROFILE_DERIVED);
    CHECK(P->solvable && P->lower->len == 0 && P->upper->len == 0 && P->killing_rank == -1 && !P->nilpotent,
          "derived only: lower %ld upper %ld killing %ld", (long)P->lower->len, (long)P->upper->len, (long)P->killing_rank);
    lt_liealg_clear(L);

    unit_case = "profile n(3)";
    lt_liealg_init(L);
    triangular(L, 3, 1);
    lt_liealg_profile(P, L, LT_LIE_PROFILE_ALL);
    slong nu[] = {3, 1, 0};
    check_series(P->upper, nu, 3, "n(3) upper central");
    CHECK(P->nilpotent && P->nilpotency_class == 2 && P->solvable && P->derived_length == 2 && P->killing_rank == 0,
          "nilpotent %d class %ld killing %ld", P->nilpotent, (long)P->nilpotency_class, (long)P->killing_rank);
    lt_liealg_clear(L);

    unit_case = "profile gl(2)";
    fmpq_mat_struct m[4];
    for (slong i = 0, k = 0; i < 2; i++) for (slong j = 0; j < 2; j++) E(m + k++, 2, i, j);
    lt_liealg_init(L);
    CHECK(lt_liealg_from_basis(L, m, 4, ctx, err) == LT_OK, "%s", err->msg);
    lt_liealg_profile(P, L, LT_LIE_PROFILE_ALL);
    CHECK(!P->solvable && !P->perfect && !P->semisimple && P->killing_rank == 3 && P->radical->rank == 1
          && P->center->rank == 1, "solvable %d semisimple %d killing %ld radical %ld", P->solvable, P->semisimple,
          (long)P->killing_rank, (long)P->radical->rank);
    for (int i = 0; i < 4; i++) fmpq_mat_clear(m + i);
    lt_liealg_clear(L);
    lt_liealg_profile_clear(P);
}

int main(void)
{
    lt_ctx_init(ctx);
    triangular_laws();
    golden();
    random_closure();
    closure_methods();
    adjoint();
    fnil_derived_lengths();
    named_families();
    ordered_basis_faults();
    bad_tables();
    profile();
    flint_cleanup();
    UNIT_DONE("t-liealg");
}
