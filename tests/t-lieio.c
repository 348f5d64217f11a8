/* Lie algebra objects: rational matrices, GAP syntax, the families, fnil,
   .lie files and GAP structure-constant tables. Run from the repository
   root (make check does). */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include "lietool.h"
#include "unit.h"

static lt_ctx_t ctx;

/* Parses spec; returns the status, with L cleared first. */
static lt_status load(lt_liealg_t L, const char *spec, lt_err_t err)
{
    lt_liealg_clear(L);
    lt_liealg_init(L);
    lt_err_init(err);
    return lt_io_liealg(L, NULL, spec, ctx, err);
}

static slong kill_rank(const lt_liealg_t L)
{
    fmpq_mat_t K;
    fmpq_mat_init(K, L->dim, L->dim);
    lt_liealg_killing(K, L);
    slong r = fmpq_mat_rref(K, K);   /* the rank (FLINT 2.9 has no fmpq_mat_rank) */
    fmpq_mat_clear(K);
    return r;
}

/* The dense table of L, dim^3 entries. */
static fmpq *dense(const lt_liealg_t L)
{
    slong d = L->dim;
    fmpq *c = _fmpq_vec_init(d ? d * d * d : 1);
    for (slong i = 0; i < d; i++)
        for (slong j = 0; j < d; j++)
            for (slong k = 0; k < d; k++) lt_liealg_sc(c + (i * d + j) * d + k, L, i, j, k);
    return c;
}

static int same_constants(const lt_liealg_t A, const lt_liealg_t B)
{
    if (A->dim != B->dim) return 0;
    fmpq_t x, y;
    fmpq_init(x); fmpq_init(y);
    int ok = 1;
    for (slong i = 0; i < A->dim && ok; i++)
        for (slong j = 0; j < A->dim && ok; j++)
            for (slong k = 0; k < A->dim && ok; k++) {
                lt_liealg_sc(x, A, i, j, k);
                lt_liealg_sc(y, B, i, j, k);
                ok = fmpq_equal(x, y);
            }
    fmpq_clear(x); fmpq_clear(y);
    return ok;
}

/* Laws: the table is antisymmetric and satisfies Jacobi (checked by
   lt_liealg_from_table), and, with a matrix form, [M_i, M_j] = sum c_ijk M_k
   and the matrices span a closed space of the same dimension. */
static void laws(const lt_liealg_t L, const char *spec)
{
    lt_err_t err;
    lt_err_init(err);
    lt_liealg_t T;
    lt_liealg_init(T);
    fmpq *c = dense(L);
    lt_status st = lt_liealg_from_table(T, c, L->dim, err);
    CHECK(st == LT_OK, "%s: table fails the laws: %s", spec, err->msg);
    _fmpq_vec_clear(c, L->dim ? L->dim * L->dim * L->dim : 1);
    lt_liealg_clear(T);
    if (!L->n) return;
    slong n = L->n, d = L->dim;
    fmpq_mat_t P, Q, S;
    fmpq_mat_init(P, n, n); fmpq_mat_init(Q, n, n); fmpq_mat_init(S, n, n);
    fmpq_t x;
    fmpq_init(x);
    int ok = 1;
    for (slong i = 0; i < d && ok; i++)
        for (slong j = i + 1; j < d && ok; j++) {
            fmpq_mat_mul(P, L->mats + i, L->mats + j);
            fmpq_mat_mul(Q, L->mats + j, L->mats + i);
            fmpq_mat_sub(P, P, Q);
            fmpq_mat_zero(S);
            for (slong k = 0; k < d; k++) {
                lt_liealg_sc(x, L, i, j, k);
                if (fmpq_is_zero(x)) continue;
                fmpq_mat_scalar_mul_fmpz(Q, L->mats + k, fmpq_numref(x));
                fmpq_mat_scalar_div_fmpz(Q, Q, fmpq_denref(x));
                fmpq_mat_add(S, S, Q);
            }
            ok = fmpq_mat_equal(P, S);
            if (!ok) CHECK(0, "%s: [M%ld, M%ld] differs from its structure constants", spec, (long)i + 1, (long)j + 1);
        }
    if (ok) unit_pass++;
    fmpq_clear(x);
    fmpq_mat_clear(P); fmpq_mat_clear(Q); fmpq_mat_clear(S);
    lt_liealg_init(T);
    st = lt_liealg_from_basis(T, L->mats, d, ctx, err);
    CHECK(st == LT_OK && T->dim == d, "%s: from_basis of the matrices: %s", spec, err->msg);
    lt_liealg_clear(T);
}

static void families(void)
{
    static const struct { const char *spec; slong dim, n; } cases[] = {
        {"gl(1)", 1, 1}, {"gl(3)", 9, 3}, {"sl(2)", 3, 2}, {"sl(3)", 8, 3}, {"sl(4)", 15, 4},
        {"so(2)", 1, 2}, {"so(3)", 3, 3}, {"so(4)", 6, 4}, {"so(5)", 10, 5},
        {"sp(2)", 3, 2}, {"sp(4)", 10, 4}, {"sp(6)", 21, 6},
        {"b(1)", 1, 1}, {"b(4)", 10, 4}, {"n(2)", 1, 2}, {"n(4)", 6, 4},
        {"heis(3)", 3, 3}, {"heis(5)", 5, 4}, {"heis(7)", 7, 5},
        {"aff(1)", 2, 2}, {"aff(2)", 6, 3}, {"aff(3)", 12, 4},
        {"se(2)", 3, 3}, {"se(3)", 6, 4}, {"abelian(1)", 1, 1}, {"abelian(4)", 4, 4},
        {"fnil(1,5)", 1, 0}, {"fnil(2,1)", 2, 0}, {"fnil(2,2)", 3, 0}, {"fnil(2,3)", 5, 0},
        {"fnil(2,4)", 8, 0}, {"fnil(3,2)", 6, 0}, {"fnil(3,3)", 14, 0}, {"fnil(2,8)", 71, 0},
        {" gl( 2 ) ", 4, 2}, {"sl (3)", 8, 3},
    };
    lt_liealg_t L;
    lt_liealg_init(L);
    lt_err_t err;
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        unit_case = cases[i].spec;
        lt_status st = load(L, cases[i].spec, err);
        CHECK(st == LT_OK, "status %d: %s", st, err->msg);
        if (st) continue;
        CHECK(L->dim == cases[i].dim, "dimension %ld, expected %ld", (long)L->dim, (long)cases[i].dim);
        CHECK(L->n == cases[i].n, "matrix size %ld, expected %ld", (long)L->n, (long)cases[i].n);
        CHECK(lt_io_is_liealg(cases[i].spec), "not recognised as a Lie algebra");
        laws(L, cases[i].spec);
    }
    /* a large family goes through the sparse path quickly */
    unit_case = "gl(32)";
    CHECK(load(L, "gl(32)", err) == LT_OK && L->dim == 1024, "gl(32): %s", err->msg);

    /* limits: each names the option that raises it */
    static const struct { const char *spec; long max_dim, max_mb; const char *part; } lim[] = {
        {"fnil(2,30)", 100000000, 2048, "'fnil(2,30)': the structure-constant index needs"},
        {"abelian(600)", 1024, 2048, "'abelian(600)': the matrix form needs 3296 MiB, above --max-memory 2048 MiB"},
        {"LieAlgebra(Rationals, [ [[0,1,0],[0,0,0],[0,0,0]], [[0,0,0],[1,0,0],[0,0,0]], [[0,0,0],[0,0,1],[0,0,0]] ])", 4, 2048,
         "above --max-dim 4"},
        {"sl2", 2, 2048, "sl2.lie:6: dim 3 is above --max-dim 2"},
        {"heis3", 2, 2048, "heis3.lie:6: row 1 has more than --max-dim 2 entries"},
    };
    for (size_t i = 0; i < sizeof lim / sizeof *lim; i++) {
        unit_case = lim[i].spec;
        lt_ctx_t c2;
        lt_ctx_init(c2);
        c2->max_dim = lim[i].max_dim;
        c2->max_memory_mb = lim[i].max_mb;
        lt_err_init(err);
        lt_status st = lt_io_liealg(L, NULL, lim[i].spec, c2, err);
        CHECK(st == LT_ELIMIT && strstr(err->msg, lim[i].part), "status %d: %s", st, err->msg);
    }

    /* sl(2) in the basis e, f, h: the golden Killing matrix */
    unit_case = "sl(2) Killing";
    load(L, "sl(2)", err);
    fmpq_mat_t K, W;
    fmpq_mat_init(K, 3, 3);
    fmpq_mat_init(W, 3, 3);
    lt_liealg_killing(K, L);
    static const int want[3][3] = {{0, 4, 0}, {4, 0, 0}, {0, 0, 8}};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) fmpq_set_si(fmpq_mat_entry(W, i, j), want[i][j], 1);
    CHECK(fmpq_mat_equal(K, W), "Killing matrix of sl(2) is not [[0,4,0],[4,0,0],[0,0,8]]");
    /* e = E12, f = E21, h = E11 - E22 */
    CHECK(L->n == 2 && fmpz_is_one(fmpq_mat_entry_num(L->mats + 0, 0, 1)) && fmpz_is_one(fmpq_mat_entry_num(L->mats + 1, 1, 0))
          && fmpz_is_one(fmpq_mat_entry_num(L->mats + 2, 0, 0)) && fmpz_equal_si(fmpq_mat_entry_num(L->mats + 2, 1, 1), -1),
          "sl(2) matrices are not e, f, h");
    fmpq_mat_clear(K);
    fmpq_mat_clear(W);
    /* the file sl2.lie has the same constants */
    lt_liealg_t M;
    lt_liealg_init(M);
    unit_case = "sl2.lie";
    CHECK(load(M, "sl2", err) == LT_OK && same_constants(L, M), "sl2 differs from sl(2): %s", err->msg);

    /* semisimple families have a non-degenerate Killing form; so(3) and
       the file so3 agree up to the basis (both simple of dimension 3) */
    static const char *ss[] = {"sl(3)", "so(5)", "sp(4)", "sp(6)", "so(3)", "so3", "rot3"};
    for (size_t i = 0; i < sizeof ss / sizeof *ss; i++) {
        unit_case = ss[i];
        CHECK(load(L, ss[i], err) == LT_OK && kill_rank(L) == L->dim, "Killing form degenerate: %s", err->msg);
        laws(L, ss[i]);
    }
    static const char *solv[] = {"b(4)", "n(4)", "heis(5)", "aff(2)", "se(2)", "se(3)", "fnil(2,4)"};
    static const slong krank[] = {3, 0, 0, 4, 1, 3, 0};
    for (size_t i = 0; i < sizeof solv / sizeof *solv; i++) {
        unit_case = solv[i];
        CHECK(load(L, solv[i], err) == LT_OK && kill_rank(L) == krank[i], "Killing rank %ld, expected %ld",
              (long)kill_rank(L), (long)krank[i]);
    }
    /* series, against GAP 4.12 on the same matrices */
    static const struct { const char *spec; int derived; slong ds[6]; int lower; slong ls[6]; } ser[] = {
        {"LieAlgebra(Rationals, [ [[1,0],[0,0]], [[0,1],[0,0]], [[0,0],[0,1]] ])", 3, {3, 1, 0}, 2, {3, 1}},
        {"e11e12e22", 3, {3, 1, 0}, 2, {3, 1}},
        {"b(4)", 4, {10, 6, 3, 0}, 2, {10, 6}},
        {"n(4)", 3, {6, 3, 0}, 4, {6, 3, 1, 0}},
        {"aff(2)", 2, {6, 5}, 2, {6, 5}},
        {"se(2)", 3, {3, 2, 0}, 2, {3, 2}},
        {"se(3)", 1, {6}, 1, {6}},
        {"heis3", 3, {3, 1, 0}, 3, {3, 1, 0}},
        {"fnil(2,4)", 3, {8, 6, 0}, 5, {8, 6, 5, 3, 0}},
    };
    for (size_t i = 0; i < sizeof ser / sizeof *ser; i++) {
        unit_case = ser[i].spec;
        if (load(L, ser[i].spec, err)) { CHECK(0, "%s", err->msg); continue; }
        lt_lseries_t S;
        lt_lseries_init(S);
        lt_liealg_derived_series(S, L);
        int ok = S->len == ser[i].derived;
        for (slong t = 0; ok && t < S->len; t++) ok = S->terms[t].rank == ser[i].ds[t];
        CHECK(ok, "derived series differs (length %ld)", (long)S->len);
        lt_liealg_lower_central_series(S, L);
        ok = S->len == ser[i].lower;
        for (slong t = 0; ok && t < S->len; t++) ok = S->terms[t].rank == ser[i].ls[t];
        CHECK(ok, "lower central series differs (length %ld)", (long)S->len);
        lt_lseries_clear(S);
    }
    /* the basis form keeps the order of the file: heis3 is x, y, z with [x,y] = z */
    unit_case = "heis3 order";
    load(L, "heis3", err);
    fmpq_t x;
    fmpq_init(x);
    lt_liealg_sc(x, L, 0, 1, 2);
    CHECK(L->dim == 3 && fmpq_is_one(x), "[x, y] is not z");
    fmpq_clear(x);
    lt_liealg_clear(M);
    lt_liealg_clear(L);
}

static void matrices(void)
{
    static const struct { const char *text; lt_status st; const char *part; long max_dim; } cases[] = {
        {"[[1,0],[0,-1/2]]", LT_OK, NULL, 0},
        {" [ [ 2/4 , - 3/6 ] ,\n [ 0 , 1 / 3 ] ] ", LT_OK, NULL, 0},
        {"[[1]]", LT_OK, NULL, 0},
        {"[[1.5,0],[0,1]]", LT_EINPUT, "m: row 1, column 1: '1.5' is a decimal; write it as the fraction 3/2", 0},
        {"[[1,0],[0,-0.25]]", LT_EINPUT, "row 2, column 2: '-0.25' is a decimal; write it as the fraction -1/4", 0},
        {"[[1e3]]", LT_EINPUT, "'1e3' is a decimal", 0},
        {"[[1,0],[0]]", LT_EINPUT, "m: row 2 has 1 entry but row 1 has 2", 0},
        {"[[1,0,0],[0,1,0]]", LT_EINPUT, "m: the matrix is not square (2 rows of 3 entries)", 0},
        {"[]", LT_EINPUT, "m: empty matrix", 0},
        {"[[]]", LT_EINPUT, "m: row 1 is empty", 0},
        {"[[1/0]]", LT_EINPUT, "row 1, column 1: division by zero in '1/0'", 0},
        {"[[1/-2]]", LT_EINPUT, "row 1, column 1: the denominator in '1/-2' must be a positive integer without sign", 0},
        {"[[x]]", LT_EINPUT, "row 1, column 1: expected a number, found 'x'", 0},
        {"[[1 2]]", LT_EINPUT, "expected ',' or ']' after an entry, found '2'", 0},
        {"[1,0]", LT_EINPUT, "m: expected '[' to open row 1, found a number", 0},
        {"[[1,0],[0,1]", LT_EINPUT, "expected ',' or ']' after row 2, found end of input", 0},
        {"(1,2)", LT_EINPUT, "m: expected '[' to open a matrix, found '(1'", 0},
        {"[[1,0,0],[0,1,0],[0,0,1]]", LT_ELIMIT, "m: row 1 has more than --max-dim 2 entries", 2},
        {"[[1,0],[0,1],[0,0]]", LT_ELIMIT, "m: the matrix has more than --max-dim 2 rows", 2},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        unit_case = cases[i].text;
        lt_ctx_t c2;
        lt_ctx_init(c2);
        if (cases[i].max_dim) c2->max_dim = cases[i].max_dim;
        fmpq_mat_t M;
        fmpq_mat_init(M, 0, 0);
        lt_err_t err;
        lt_err_init(err);
        const char *end = NULL;
        lt_status st = lt_io_qmat(M, cases[i].text, &end, "m", c2, err);
        CHECK(st == cases[i].st, "status %d, expected %d (%s)", st, cases[i].st, err->msg);
        if (cases[i].part) CHECK(strstr(err->msg, cases[i].part) != NULL, "message '%s' lacks '%s'", err->msg, cases[i].part);
        else CHECK(end && strspn(end, " \n") == strlen(end) && end > cases[i].text && end[-1] == ']', "end not after the matrix");
        if (i == 1 && st == LT_OK) {
            fmpq_t h;
            fmpq_init(h);
            fmpq_set_si(h, 1, 2);
            int ok = fmpq_equal(fmpq_mat_entry(M, 0, 0), h);
            fmpq_neg(h, h);
            ok = ok && fmpq_equal(fmpq_mat_entry(M, 0, 1), h);
            fmpq_set_si(h, 1, 3);
            ok = ok && fmpq_equal(fmpq_mat_entry(M, 1, 1), h) && fmpq_is_zero(fmpq_mat_entry(M, 1, 0));
            CHECK(ok, "entries not normalised");
            fmpq_clear(h);
        }
        fmpq_mat_clear(M);
    }
}

static void bad_specs(void)
{
    static const struct { const char *spec; lt_status st; const char *part; } cases[] = {
        {"", LT_EINPUT, "empty Lie algebra name"},
        {"LieAlgebra(Rationals, [])", LT_EINPUT, "the list of matrices is empty"},
        {"LieAlgebra(GF(2), [ [[1,0],[0,0]] ])", LT_EINPUT, "the field is 'GF(2)'; only Rationals"},
        {"LieAlgebra(Rationals, [ [[1,0],[0,0]], [[1,0,0],[0,0,0],[0,0,0]] ])", LT_EINPUT, "matrix 2 is 3x3 but matrix 1 is 2x2"},
        {"LieAlgebra(Rationals, [ [[1,0],[0,0]], [[1,0],[0,0.5]] ])", LT_EINPUT, "matrix 2: row 2, column 2: '0.5' is a decimal"},
        {"LieAlgebra(Rationals, [[1,0],[0,0]])", LT_EINPUT, "expected a list of matrices"},
        {"LieAlgebra(Rationals, [ [[1,0],[0,0]] ]", LT_EINPUT, "expected ')' after the list of matrices"},
        {"LieAlgebra(Rationals, [ [[1,0],[0,0]] ]) x", LT_EINPUT, "unexpected 'x' after ')'"},
        {"LieAlgebra(Rationals, [ [[1,0],[0,0]] [[0,1],[0,0]] ])", LT_EINPUT, "expected ',' or ']' after matrix 1"},
        {"LieAlgebra(Rationals, [ [[1,0],[0,0]] ], \"basis\")", LT_EINPUT, "a third argument"},
        {"LieAlgebra(Rationals)", LT_EINPUT, "expected ',' and a list of matrices"},
        {"heis(4)", LT_EINPUT, "'heis(4)': the argument of heis(2m+1) is odd"},
        {"heis(1)", LT_EINPUT, "at least 3"},
        {"sp(3)", LT_EINPUT, "'sp(3)': the argument of sp(2m) is even"},
        {"sl(1)", LT_EINPUT, "'sl(1)': the argument must be at least 2, not 1"},
        {"se(4)", LT_EINPUT, "se(n) is defined for n = 2 and n = 3"},
        {"gl(x)", LT_EINPUT, "'gl(x)': the argument 'x' is not a non-negative integer"},
        {"gl(-1)", LT_EINPUT, "'gl(-1)': the argument '-1'"},
        {"gl()", LT_EINPUT, "expected an integer argument, found ')'"},
        {"gl(2,3)", LT_EINPUT, "'gl(2,3)': expected gl(n) (one argument)"},
        {"fnil(2)", LT_EINPUT, "expected fnil(r,c) (two arguments)"},
        {"fnil(0,3)", LT_EINPUT, "the rank and the class must be at least 1"},
        {"gl(3", LT_EINPUT, "expected ',' or ')', found end of input"},
        {"gl(3)x", LT_EINPUT, "unexpected 'x' after ')'"},
        {"gl(99999999999)", LT_EINPUT, "too large"},
        {"gl(40)", LT_ELIMIT, "'gl(40)' has dimension 1600, above --max-dim 1024"},
        {"abelian(2000)", LT_ELIMIT, "above --max-dim 1024"},
        {"fnil(2,20)", LT_ELIMIT, "--max-dim"},
        {"sll(3)", LT_EINPUT, "unknown Lie algebra 'sll(3)' (did you mean sl(n)?)"},
        {"SO(3)", LT_EINPUT, "(did you mean so(3)?)"},
        {"Sl2", LT_EINPUT, "(did you mean sl2?)"},
        {"sl", LT_EINPUT, "did you mean sl(n)"},
        {"foo", LT_EINPUT, "unknown Lie algebra 'foo' (the families are"},
        {"no/such.lie", LT_EINPUT, "cannot open 'no/such.lie'"},
    };
    lt_liealg_t L;
    lt_liealg_init(L);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        unit_case = cases[i].spec;
        lt_err_t err;
        lt_status st = load(L, cases[i].spec, err);
        CHECK(st == cases[i].st, "status %d, expected %d (%s)", st, cases[i].st, err->msg);
        CHECK(strstr(err->msg, cases[i].part) != NULL, "message '%s' lacks '%s'", err->msg, cases[i].part);
        CHECK(err->msg[0] && err->msg[strlen(err->msg) - 1] != '.', "message ends with a period");
    }
    /* the name is the object as given, white space collapsed */
    unit_case = "name";
    char *name = NULL;
    lt_err_t err;
    lt_err_init(err);
    CHECK(lt_io_liealg(L, &name, "  LieAlgebra(Rationals,\n  [ [[1]] ])\n", ctx, err) == LT_OK && name
          && strcmp(name, "LieAlgebra(Rationals, [ [[1]] ])") == 0, "name '%s'", name ? name : "(null)");
    lt_free(name);
    lt_liealg_clear(L);
}

static void recognise(void)
{
    static const char *lie[] = {
        "sl(2)", "gl(3)", "fnil(2,3)", "heis(3)", "b(4)", "n(4)", "abelian(2)", "se(3)", "sp(4)", "so(3)", "aff(1)",
        " gl(3) ", "sl (2)", "LieAlgebra(Rationals, [[[1]]])", "LieAlgebra (Rationals, [[[1]]])", "x.lie", "dir/x.lie",
        "tests/data/sl3.gap", "sl2", "so3", "heis3", "e11e12e22", "rot3", "heis(4)",
    };
    static const char *grp[] = {
        "S3", "A5", "C4", "Z4", "D8", "Q8", "PSL(2,7)", "SL(2,5)", "GL(2,3)", "AGL(1,5)", "UT(3,2)", "Heis(3)", "H3",
        "Group((1,2,3),(1,2))", "M11", "M24", "Rubik", "S3 x S3", "S3xS3", "C2_x_C2", "tests/data/a5.json", "s3", "",
        "Sl2", "LieAlgebra", "foo(3)", "psl(2,7)",
    };
    for (size_t i = 0; i < sizeof lie / sizeof *lie; i++) {
        unit_case = lie[i];
        CHECK(lt_io_is_liealg(lie[i]) == 1, "not recognised as a Lie algebra");
    }
    for (size_t i = 0; i < sizeof grp / sizeof *grp; i++) {
        unit_case = grp[i];
        CHECK(lt_io_is_liealg(grp[i]) == 0, "taken for a Lie algebra");
    }
}

/* Writes text to a fresh file and loads it as a .lie file. */
static char tmpdir[64];
static lt_status load_text(lt_liealg_t L, const char *file, const char *text, lt_err_t err, char *path, size_t size)
{
    snprintf(path, size, "%s/%s", tmpdir, file);
    FILE *f = fopen(path, "w");
    fputs(text, f);
    fclose(f);
    return load(L, path, err);
}

static void lie_files(void)
{
    static const struct { const char *text; lt_status st; const char *part; } cases[] = {
        /* good files */
        {"# abelian\nname a2\ndim 2\n", LT_OK, NULL},
        {"dim 3\nbracket 1 2 : 0 0 1\nbracket 1 3 : -2 0 0\nbracket 2 3 : 0 2 0\n", LT_OK, NULL},
        {"dim 2\nbracket 2 1 : 0 -1/2\n", LT_OK, NULL},
        {"dim 2\nbracket 1 2 : 0 1\nbracket 2 1 : 0 -1\n", LT_OK, NULL},
        {"gen [[0,1],\n     [0,0]]\ngen [[0,0],[1,0]]\n", LT_OK, NULL},
        {"basis [[1,0],[0,0]]\r\nbasis [[0,0],[0,1]]\r\n", LT_OK, NULL},
        /* structure constants */
        {"dim 2\nbracket 1 2 : 1 0\nbracket 2 1 : 1 0\n", LT_EINPUT, "t.lie:3: bracket table is not antisymmetric at (2,1)"},
        {"dim 2\nbracket 1 1 : 1 0\n", LT_EINPUT, "t.lie:2: bracket table is not antisymmetric at (1,1)"},
        {"dim 3\nbracket 1 2 : 1 0 0\nbracket 1 3 : 1 0 0\nbracket 2 3 : 0 1 0\n", LT_EINPUT,
         "t.lie: bracket table breaks the Jacobi identity at (1,2,3)"},
        {"dim 3\nbracket 1 2 : 1 0\n", LT_EINPUT, "t.lie:2: 2 coefficients, expected dim = 3"},
        {"dim 2\nbracket 1 2 : 1 0 0\n", LT_EINPUT, "t.lie:2: more than dim = 2 coefficients"},
        {"dim 2\nbracket 1 2 : 0.5 0\n", LT_EINPUT, "t.lie:2: coefficient 1: '0.5' is a decimal; write it as the fraction 1/2"},
        {"bracket 1 2 : 0 0 1\n", LT_EINPUT, "t.lie:1: bracket before dim"},
        {"dim 2\nbracket 1 3 : 0 0\n", LT_EINPUT, "t.lie:2: basis index 3 is not from 1 to dim 2"},
        {"dim 2\nbracket 1 2 0 0\n", LT_EINPUT, "t.lie:2: expected ':' after 'bracket 1 2'"},
        {"dim 2\nbracket 1 2 : 0 1\n\nbracket 1 2 : 0 1\n", LT_EINPUT, "t.lie:4: bracket 1 2 is given twice (first on line 2)"},
        {"dim 2\ndim 2\n", LT_EINPUT, "t.lie:2: dim is given twice"},
        {"dim two\n", LT_EINPUT, "t.lie:1: dim 'two' is not a positive integer"},
        {"dim 5000\n", LT_ELIMIT, "t.lie:1: dim 5000 is above --max-dim"},
        /* keys and forms */
        {"name x\nfoo 1\n", LT_EINPUT, "t.lie:2: unknown key 'foo'"},
        {"# nothing\nname x\n", LT_EINPUT, "t.lie: no gen, basis or dim line"},
        {"", LT_EINPUT, "no gen, basis or dim line"},
        {"gen [[1]]\nbasis [[1]]\n", LT_EINPUT, "t.lie:2: 'basis' after 'gen' on line 1: a file gives exactly one of"},
        {"basis [[1]]\ndim 1\n", LT_EINPUT, "t.lie:2: 'dim' after 'basis' on line 1"},
        /* matrices */
        {"gen [[1,0],[0,0]]\ngen [[1,0,0],[0,0,0],[0,0,0]]\n", LT_EINPUT, "t.lie:2: the matrix is 3x3 but the first one (line 1) is 2x2"},
        {"gen [[0.5]]\n", LT_EINPUT, "t.lie:1: row 1, column 1: '0.5' is a decimal"},
        {"gen\n", LT_EINPUT, "t.lie:1: gen needs a matrix"},
        {"gen [[1]] x\n", LT_EINPUT, "t.lie:1: unexpected 'x' after the matrix"},
        {"# c\ngen [[1,0],\n  [0,1]] junk\n", LT_EINPUT, "t.lie:3: unexpected 'junk' after the matrix"},
        {"gen [[1,0],[0,1]\ngen [[1]]\n", LT_EINPUT, "t.lie:1: expected ',' or ']' after row 2, found 'gen'"},
        {"basis [[0,1],[0,0]]\nbasis [[0,0],[1,0]]\n", LT_EINPUT, "t.lie: the bracket of the basis matrices on lines 1 and 2 is not in their span"},
        {"basis [[0,1],[0,0]]\nbasis [[0,2],[0,0]]\n", LT_EINPUT, "t.lie:2: basis matrix 2 is a linear combination of the earlier ones"},
        /* GAP tables inside a file */
        {"# sl(2) from GAP\n[ [ [ [  ], [  ] ], [ [ 3 ], [ 1 ] ], [ [ 1 ], [ -2 ] ] ],\n"
         "  [ [ [ 3 ], [ -1 ] ], [ [  ], [  ] ], [ [ 2 ], [ 2 ] ] ],\n"
         "  [ [ [ 1 ], [ 2 ] ], [ [ 2 ], [ -2 ] ], [ [  ], [  ] ] ], -1, 0 ]\n", LT_OK, NULL},
    };
    lt_liealg_t L;
    lt_liealg_init(L);
    char path[128];
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        unit_case = cases[i].text;
        lt_err_t err;
        lt_status st = load_text(L, "t.lie", cases[i].text, err, path, sizeof path);
        CHECK(st == cases[i].st, "status %d, expected %d (%s)", st, cases[i].st, err->msg);
        if (cases[i].part) CHECK(strstr(err->msg, cases[i].part) != NULL, "message '%s' lacks '%s'", err->msg, cases[i].part);
        if (cases[i].st) CHECK(strncmp(err->msg, tmpdir, strlen(tmpdir)) == 0, "message '%s' does not start with the file", err->msg);
        if (!st) laws(L, cases[i].text);
    }
    /* the GAP-table file equals sl(2) */
    unit_case = "gap table in a .lie file";
    lt_liealg_t S;
    lt_liealg_init(S);
    lt_err_t err;
    load(S, "sl(2)", err);
    CHECK(same_constants(L, S), "differs from sl(2)");
    lt_liealg_clear(S);
    lt_liealg_clear(L);
    unlink(path);
}

static void gap_tables(void)
{
    lt_liealg_t L, R;
    lt_liealg_init(L);
    lt_liealg_init(R);
    lt_err_t err;
    /* GAP-produced tables */
    static const struct { const char *path; slong dim; const char *det; } gapf[] = {
        {"tests/data/sl3.gap", 8, "-5038848"},   /* DeterminantMat(KillingMatrix(Basis(L))) in GAP */
        {"tests/data/g2.gap", 14, NULL},
    };
    for (size_t i = 0; i < sizeof gapf / sizeof *gapf; i++) {
        unit_case = gapf[i].path;
        lt_status st = load(L, gapf[i].path, err);
        CHECK(st == LT_OK && L->dim == gapf[i].dim, "status %d dim %ld: %s", st, (long)L->dim, err->msg);
        if (st) continue;
        CHECK(kill_rank(L) == gapf[i].dim, "Killing rank %ld", (long)kill_rank(L));
        if (gapf[i].det) {
            fmpq_mat_t K;
            fmpq_t det, w;
            fmpq_mat_init(K, L->dim, L->dim);
            fmpq_init(det); fmpq_init(w);
            lt_liealg_killing(K, L);
            fmpq_mat_det(det, K);
            fmpq_set_str(w, gapf[i].det, 10);
            CHECK(fmpq_equal(det, w), "Killing determinant differs from GAP's");
            fmpq_mat_clear(K); fmpq_clear(det); fmpq_clear(w);
        }
    }
    /* round trips: write, read back, same constants */
    static const char *rt[] = {"sl(2)", "sl(3)", "fnil(2,4)", "so3", "heis(5)", "abelian(3)", "se(3)", "tests/data/g2.gap",
                               "LieAlgebra(Rationals, [ [[1/2,1/3],[0,0]], [[0,0],[7/5,0]] ])"};
    for (size_t i = 0; i < sizeof rt / sizeof *rt; i++) {
        unit_case = rt[i];
        if (load(L, rt[i], err)) { CHECK(0, "%s", err->msg); continue; }
        char *buf = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&buf, &len);
        lt_io_write_gap_table(f, L);
        fclose(f);
        lt_err_init(err);
        lt_status st = lt_io_read_gap_table(R, buf, "mem", ctx, err);
        CHECK(st == LT_OK && same_constants(L, R), "round trip failed: %s", err->msg);
        free(buf);
    }
    /* byte-for-byte GAP's Print of SimpleLieAlgebra("A",1,Rationals) */
    unit_case = "gap layout";
    load(L, "sl(2)", err);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    lt_io_write_gap_table(f, L);
    fclose(f);
    CHECK(strcmp(buf, "[ [ [ [  ], [  ] ], [ [ 3 ], [ 1 ] ], [ [ 1 ], [ -2 ] ] ], \n"
                      "  [ [ [ 3 ], [ -1 ] ], [ [  ], [  ] ], [ [ 2 ], [ 2 ] ] ], \n"
                      "  [ [ [ 1 ], [ 2 ] ], [ [ 2 ], [ -2 ] ], [ [  ], [  ] ] ], -1, 0 ]\n") == 0, "layout:\n%s", buf);
    free(buf);
    /* GAP marks a zero table symmetric (flag 1); it is read as abelian */
    unit_case = "abelian flag 1";
    CHECK(lt_io_read_gap_table(R, "[ [ [ [  ], [  ] ], [ [  ], [  ] ] ], [ [ [  ], [  ] ], [ [  ], [  ] ] ], 1, \n  0 ]", "m", ctx, err) == LT_OK
          && R->dim == 2 && lt_liealg_is_abelian(R), "%s", err->msg);
    /* long numbers split by GAP's backslash-newline, and comments */
    unit_case = "continuation";
    CHECK(lt_io_read_gap_table(R, "# c\n[ [ [ [  ], [  ] ], [ [ 1 ], [ 12\\\n34/5 ] ] ],\n [ [ [ 1 ], [ -1234/5 ] ], [ [  ], [  ] ] ], -1, 0 ];\n", "m", ctx, err) == LT_OK,
          "%s", err->msg);
    if (R->dim == 2) {
        fmpq_t x, w;
        fmpq_init(x); fmpq_init(w);
        lt_liealg_sc(x, R, 0, 1, 0);
        fmpq_set_si(w, 1234, 5);
        CHECK(fmpq_equal(x, w), "continuation misread");
        fmpq_clear(x); fmpq_clear(w);
    }
    static const struct { const char *text; lt_status st; const char *part; } bad[] = {
        {"[ [ [ [ 1 ], [ 1 ] ] ], -1, 0 ]", LT_EINPUT, "t.gap: bracket table is not antisymmetric at (1,1)"},
        {"[ [ [ [  ], [  ] ], [ [ 3 ], [ 1 ] ] ], [ [ [ 3 ], [ -1 ] ], [ [  ], [  ] ] ], -1, 0 ]", LT_EINPUT,
         "t.gap: entry [1][2]: index 3 is above the dimension 2"},
        {"[ [ [ [ 1, 2 ], [ 1 ] ] ], -1, 0 ]", LT_EINPUT, "t.gap: entry [1][1]: 2 indices but 1 coefficient"},
        {"[ [ [ [ 1, 1 ], [ 1, 1 ] ] ], -1, 0 ]", LT_EINPUT, "t.gap: entry [1][1]: index 1 is repeated"},
        {"[ [ [ [ 0 ], [ 1 ] ] ], -1, 0 ]", LT_EINPUT, "entry [1][1]: index 0 is not an integer from 1"},
        {"[ [ [ [ 1/2 ], [ 1 ] ] ], -1, 0 ]", LT_EINPUT, "index 1/2 is not an integer"},
        {"[ [ [ [  ], [  ] ] ], -1, 0*Z(2) ]", LT_EINPUT, "t.gap: the zero element is '0*Z(2) ', not 0"},
        {"[ [ [ [  ], [  ] ] ], 2, 0 ]", LT_EINPUT, "t.gap: the symmetry flag must be -1, 0 or 1, not 2"},
        {"[ [ [ [  ], [  ] ], [ [  ], [  ] ] ], -1, 0 ]", LT_EINPUT, "t.gap: the table has 1 row but each row has 2 entries"},
        {"[ [ [ [  ], [  ] ], [ [  ], [  ] ] ], [ [ [  ], [  ] ] ], -1, 0 ]", LT_EINPUT, "t.gap: row 2 has 1 entry but row 1 has 2"},
        {"[ [ [ [  ], [  ] ] ], -1, 0 ] junk", LT_EINPUT, "t.gap: unexpected 'junk' after the table"},
        {"[ [ [ [  ], [  ] ] ], -1, 0", LT_EINPUT, "the zero element is '0', not 0"},
        {"[ [ [ [  ], [  ] ] ]", LT_EINPUT, "t.gap: expected ',' after row 1, found end of input"},
        {"[ [ [ [  ], [  ] ] ], -1.5, 0 ]", LT_EINPUT, "the symmetry flag after the rows: '-1.5' is a decimal"},
        {"[ [ [ [  ] [  ] ] ], -1, 0 ]", LT_EINPUT, "t.gap: entry [1][1]: expected ',' after the list of indices"},
        {"[ [ [ [  ], [ 1 ] ] ], -1, 0 ]", LT_EINPUT, "0 indices but 1 coefficient"},
        {"[ [ ] ]", LT_EINPUT, "t.gap: row 1 of the table is empty"},
        {"foo", LT_EINPUT, "t.gap: expected '[' to open a structure-constants table, found 'foo'"},
        {"", LT_EINPUT, "found end of input"},
        {"[ [ [ [  ], [  ] ], [ [ 1 ], [ 1 ] ], [ [ 1 ], [ 1 ] ] ],\n"
         "  [ [ [ 1 ], [ -1 ] ], [ [  ], [  ] ], [ [ 2 ], [ 1 ] ] ],\n"
         "  [ [ [ 1 ], [ -1 ] ], [ [ 2 ], [ -1 ] ], [ [  ], [  ] ] ], -1, 0 ]", LT_EINPUT,
         "t.gap: bracket table breaks the Jacobi identity at (1,2,3)"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        unit_case = bad[i].text;
        lt_err_init(err);
        lt_status st = lt_io_read_gap_table(R, bad[i].text, "t.gap", ctx, err);
        CHECK(st == bad[i].st, "status %d, expected %d (%s)", st, bad[i].st, err->msg);
        CHECK(strstr(err->msg, bad[i].part) != NULL, "message '%s' lacks '%s'", err->msg, bad[i].part);
    }
    lt_ctx_t c2;
    lt_ctx_init(c2);
    c2->max_dim = 1;
    unit_case = "table above --max-dim";
    lt_err_init(err);
    CHECK(lt_io_read_gap_table(R, "[ [ [ [  ], [  ] ], [ [  ], [  ] ] ], [ [ [  ], [  ] ], [ [  ], [  ] ] ], -1, 0 ]", "t.gap", c2, err) == LT_ELIMIT
          && strstr(err->msg, "--max-dim 1"), "%s", err->msg);
    lt_liealg_clear(L);
    lt_liealg_clear(R);
}

int main(void)
{
    if (!getenv("LIETOOL_ALGEBRAS")) setenv("LIETOOL_ALGEBRAS", "algebras", 1);
    lt_ctx_init(ctx);
    snprintf(tmpdir, sizeof tmpdir, "/tmp/t-lieio.XXXXXX");
    if (!mkdtemp(tmpdir)) { perror("mkdtemp"); return 1; }
    families();
    matrices();
    bad_specs();
    recognise();
    lie_files();
    gap_tables();
    rmdir(tmpdir);
    flint_cleanup();
    UNIT_DONE("t-lieio");
}
