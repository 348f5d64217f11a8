/* Lie series on real matrices: exact number and matrices-file reading, the
   MPFR exponential and norms (against closed forms and an independent
   double-precision computation), and the truncation error of the Magnus
   expansion (exact for commuting and for nilpotent generators, geometric in
   the order, slope k+1 in the step, and the first two orders against a
   direct double-precision evaluation). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "lietool.h"
#include "unit.h"

static lt_ctx_t ctx;

/* ------------------------------------------------------------ numbers */

static void test_read_q(void)
{
    unit_case = "read_q";
    static const struct { const char *s; const char *want; int used; } ok[] = {
        {"3", "3", 1}, {"-1/2", "-1/2", 4}, {"+6/4", "3/2", 4}, {"0.125", "1/8", 5},
        {"1.5e-3", "3/2000", 6}, {"2E2", "200", 3}, {".5", "1/2", 2}, {"-0", "0", 2},
        {"1.", "1", 2}, {"12/8]", "3/2", 4}, {"0.1,", "1/10", 3}, {"-2.50e+1", "-25", 8},
        {"1/2/3", "1/2", 3}, {"7e0", "7", 3},
    };
    fmpq_t x;
    fmpq_init(x);
    for (size_t i = 0; i < sizeof ok / sizeof ok[0]; i++) {
        const char *e = NULL;
        int r = lt_free_read_q(x, ok[i].s, &e);
        char *got = r ? fmpq_get_str(NULL, 10, x) : NULL;
        CHECK(r && strcmp(got, ok[i].want) == 0 && e == ok[i].s + ok[i].used,
              "'%s' read as %s (%d characters), want %s (%d)", ok[i].s, got ? got : "nothing",
              r ? (int)(e - ok[i].s) : -1, ok[i].want, ok[i].used);
        if (got) flint_free(got);
    }
    static const char *bad[] = {"", "-", "abc", "1/0", "/2", "3/", ".", "e5", "1e", "1e+", "1e999999", "--1"};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        const char *e;
        CHECK(!lt_free_read_q(x, bad[i], &e), "'%s' was read as a number", bad[i]);
    }
    fmpq_clear(x);
}

/* ------------------------------------------------------------ matrices files */

static void test_matfile(void)
{
    unit_case = "matfile";
    lt_err_t err;
    lt_matfile_t F;
    lt_matfile_init(F);
    const char *good =
        "# generators\n"
        "\n"
        "a = [[1, -1/2], [0.25, 0]]   # a comment\n"
        "b_2=[[0,1],\n"
        "     [1e-1,  -3]]\n"
        "  c = [ [ 2 , 0 ] , [ 0 , 2 ] ]\n";
    lt_err_init(err);
    lt_status st = lt_free_matfile_parse(F, good, "g.mat", ctx, err);
    CHECK(st == LT_OK, "good file: status %d (%s)", st, err->msg);
    if (st == LT_OK) {
        CHECK(F->count == 3 && F->n == 2, "good file: %d matrices of size %ld", F->count, (long)F->n);
        int b = lt_free_matfile_find(F, "b_2");
        CHECK(b == 1 && F->line[b] == 4, "b_2 at index %d line %ld", b, b >= 0 ? F->line[b] : -1L);
        CHECK(lt_free_matfile_find(F, "d") == -1, "d found");
        fmpq_t q;
        fmpq_init(q);
        fmpq_set_si(q, 1, 10);
        CHECK(b >= 0 && fmpq_equal(F->entries[b] + 2, q), "b_2[1][0] is not 1/10");
        fmpq_set_si(q, -1, 2);
        CHECK(fmpq_equal(F->entries[0] + 1, q), "a[0][1] is not -1/2");
        fmpq_clear(q);
    }
    static const struct { const char *text; lt_status st; const char *msg; } bad[] = {
        {"a = [[1,2],[3,4]]\nb = [[1,2,3],[4,5,6],[7,8,9]]\n", LT_EINPUT, "f.mat:2: 'b' is 3 x 3, but 'a' (line 1) is 2 x 2"},
        {"a = [[1,2,3],[4,5,6]]\n", LT_EINPUT, "f.mat:1: 'a' is 2 x 3, not square"},
        {"a = [[1,2],[3]]\n", LT_EINPUT, "f.mat:1: row 2 of 'a' has 1 entries, row 1 has 2"},
        {"\n\na = [[1,x],[3,4]]\n", LT_EINPUT, "f.mat:3: entry 'x' of 'a' is not a number"},
        {"a = [[1,1/0],[3,4]]\n", LT_EINPUT, "f.mat:1: entry '1/0' of 'a' is not a number"},
        {"a = [[1,2],[3,4]]\na = [[1,2],[3,4]]\n", LT_EINPUT, "f.mat:2: 'a' is defined twice (first on line 1)"},
        {"a [[1]]\n", LT_EINPUT, "f.mat:1: expected '=' after the name, not '['"},
        {"a = [[1,2],[3,4]] b\n", LT_EINPUT, "f.mat:1: unexpected 'b' after the matrix 'a'"},
        {"a = [[1,2],\n[3,4]\n", LT_EINPUT, "f.mat:3: expected ',' or ']' after a row of 'a', not end of file"},
        {"= [[1]]\n", LT_EINPUT, "f.mat:1: expected 'name = [[...],...]', not '='"},
        {"a = [[]]\n", LT_EINPUT, "f.mat:1: row 1 of 'a' is empty"},
        {"a = [[1,2,3,4,5]]\n", LT_ELIMIT, "f.mat:1: 'a' has more than --max-dim 4 columns"},
        {"a = [[1],[2],[3],[4],[5]]\n", LT_ELIMIT, "f.mat:1: 'a' has more than --max-dim 4 rows"},
    };
    lt_ctx_t small;
    lt_ctx_init(small);
    small->max_dim = 4;
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        lt_err_init(err);
        st = lt_free_matfile_parse(F, bad[i].text, "f.mat", small, err);
        CHECK(st == bad[i].st && strncmp(err->msg, bad[i].msg, strlen(bad[i].msg)) == 0,
              "case %zu: status %d '%s', want %d '%s'", i, st, err->msg, bad[i].st, bad[i].msg);
        CHECK(F->count == 0, "case %zu: %d matrices kept after an error", i, F->count);
    }
    lt_err_init(err);
    st = lt_io_matfile_read(F, "/nonexistent/x.mat", ctx, err);
    CHECK(st == LT_EINPUT && strstr(err->msg, "cannot open '/nonexistent/x.mat'"), "missing file: %d '%s'", st, err->msg);
    lt_matfile_clear(F);
}

/* ------------------------------------------------------------ exp and norms */

#define PREC 256

/* max |A - B| as a double (log2 scale is enough for the checks) */
static double maxdiff(const lt_rmat_t A, const lt_rmat_t B)
{
    mpfr_t d, m;
    mpfr_init2(d, A->prec);
    mpfr_init2(m, 64);
    mpfr_set_zero(m, 1);
    for (slong i = 0; i < A->n * A->n; i++) {
        mpfr_sub(d, A->e + i, B->e + i, MPFR_RNDN);
        mpfr_abs(d, d, MPFR_RNDN);
        mpfr_max(m, m, d, MPFR_RNDN);
    }
    double r = mpfr_get_d(m, MPFR_RNDN);
    mpfr_clear(d);
    mpfr_clear(m);
    return r;
}

static void set_q(lt_rmat_t M, const long *num, long den)
{
    for (slong i = 0; i < M->n * M->n; i++) {
        mpfr_set_si(M->e + i, num[i], MPFR_RNDN);
        mpfr_div_si(M->e + i, M->e + i, den, MPFR_RNDN);
    }
}

static void test_exp(void)
{
    unit_case = "exp";
    lt_err_t err;
    lt_err_init(err);
    /* rotations: exp([[0,-t],[t,0]]) = [[cos t, -sin t], [sin t, cos t]], a
       small angle and one that needs many squarings */
    static const long angle[][2] = {{7, 10}, {30, 1}, {-1, 1000}, {2000, 1}};
    for (size_t a = 0; a < sizeof angle / sizeof angle[0]; a++) {
        lt_rmat_t M, E, W;
        lt_rmat_init(M, 2, PREC);
        lt_rmat_init(E, 2, PREC);
        lt_rmat_init(W, 2, PREC);
        long num[4] = {0, -angle[a][0], angle[a][0], 0};
        set_q(M, num, angle[a][1]);
        mpfr_t t;
        mpfr_init2(t, PREC + 64);
        mpfr_set_si(t, angle[a][0], MPFR_RNDN);
        mpfr_div_si(t, t, angle[a][1], MPFR_RNDN);
        mpfr_cos(lt_rmat_entry(W, 0, 0), t, MPFR_RNDN);
        mpfr_cos(lt_rmat_entry(W, 1, 1), t, MPFR_RNDN);
        mpfr_sin(lt_rmat_entry(W, 1, 0), t, MPFR_RNDN);
        mpfr_neg(lt_rmat_entry(W, 0, 1), lt_rmat_entry(W, 1, 0), MPFR_RNDN);
        lt_status st = lt_rmat_exp(E, M, err);
        double d = maxdiff(E, W);
        CHECK(st == LT_OK && d < ldexp(1.0, -PREC + 4), "rotation by %ld/%ld: off by %g", angle[a][0], angle[a][1], d);
        mpfr_clear(t);
        lt_rmat_clear(M); lt_rmat_clear(E); lt_rmat_clear(W);
    }
    /* a nilpotent matrix: exp(N) = I + N + N^2/2 exactly */
    {
        lt_rmat_t M, E, W;
        lt_rmat_init(M, 3, PREC);
        lt_rmat_init(E, 3, PREC);
        lt_rmat_init(W, 3, PREC);
        long n[9] = {0, 2, 3, 0, 0, 5, 0, 0, 0};
        long w[9] = {1, 2, 8, 0, 1, 5, 0, 0, 1};   /* 3 + 2*5/2 = 8 */
        set_q(M, n, 1);
        set_q(W, w, 1);
        lt_status st = lt_rmat_exp(E, M, err);
        CHECK(st == LT_OK && maxdiff(E, W) == 0, "nilpotent: off by %g", maxdiff(E, W));
        lt_rmat_clear(M); lt_rmat_clear(E); lt_rmat_clear(W);
    }
    /* a law: exp(M) exp(-M) = I, for a dense 4x4 of norm about 3 */
    {
        lt_rmat_t M, N, E, F, P, I;
        lt_rmat_init(M, 4, PREC); lt_rmat_init(N, 4, PREC); lt_rmat_init(E, 4, PREC);
        lt_rmat_init(F, 4, PREC); lt_rmat_init(P, 4, PREC); lt_rmat_init(I, 4, PREC);
        long v[16];
        unsigned long s = 12345;
        for (int i = 0; i < 16; i++) { s = s * 6364136223846793005UL + 1442695040888963407UL; v[i] = (long)(s >> 33) % 17 - 8; }
        set_q(M, v, 10);
        for (int i = 0; i < 16; i++) mpfr_neg(N->e + i, M->e + i, MPFR_RNDN);
        lt_status st = lt_rmat_exp(E, M, err);
        if (!st) st = lt_rmat_exp(F, N, err);
        lt_rmat_mul(P, E, F);
        lt_rmat_one(I);
        CHECK(st == LT_OK && maxdiff(P, I) < ldexp(1.0, -PREC + 16), "exp(M) exp(-M) - I: %g", maxdiff(P, I));
        lt_rmat_clear(M); lt_rmat_clear(N); lt_rmat_clear(E);
        lt_rmat_clear(F); lt_rmat_clear(P); lt_rmat_clear(I);
    }
    /* too large */
    {
        lt_rmat_t M, E;
        lt_rmat_init(M, 1, 64);
        lt_rmat_init(E, 1, 64);
        mpfr_set_ui_2exp(M->e, 1, 40, MPFR_RNDN);
        lt_err_init(err);
        CHECK(lt_rmat_exp(E, M, err) == LT_ENUMERIC, "exp of 2^40 did not fail");
        lt_rmat_clear(M); lt_rmat_clear(E);
    }
}

/* the largest singular value in double precision: power iteration on M^T M */
static double power_spectral(const double *m, int n)
{
    double x[16], y[16], z[16], lam = 0;
    for (int i = 0; i < n; i++) x[i] = 1.0 + 0.1 * i;
    for (int it = 0; it < 5000; it++) {
        for (int i = 0; i < n; i++) { y[i] = 0; for (int j = 0; j < n; j++) y[i] += m[i * n + j] * x[j]; }
        for (int j = 0; j < n; j++) { z[j] = 0; for (int i = 0; i < n; i++) z[j] += m[i * n + j] * y[i]; }
        double s = 0;
        for (int i = 0; i < n; i++) s += z[i] * z[i];
        s = sqrt(s);
        double xs = 0;
        for (int i = 0; i < n; i++) xs += x[i] * x[i];
        lam = s / sqrt(xs);
        for (int i = 0; i < n; i++) x[i] = z[i] / s;
    }
    return sqrt(lam);
}

static void test_norms(void)
{
    unit_case = "norms";
    lt_err_t err;
    lt_err_init(err);
    mpfr_t got, want, d;
    mpfr_init2(got, PREC);
    mpfr_init2(want, PREC);
    mpfr_init2(d, PREC);
    /* [[1,1],[0,1]]: Frobenius sqrt 3, spectral the golden ratio */
    {
        lt_rmat_t M;
        lt_rmat_init(M, 2, PREC);
        long v[4] = {1, 1, 0, 1};
        set_q(M, v, 1);
        lt_rmat_norm(got, M, LT_NORM_FROBENIUS, err);
        mpfr_set_ui(want, 3, MPFR_RNDN);
        mpfr_sqrt(want, want, MPFR_RNDN);
        mpfr_sub(d, got, want, MPFR_RNDN);
        CHECK(mpfr_zero_p(d) || mpfr_get_exp(d) < -PREC + 4, "frobenius of [[1,1],[0,1]]");
        lt_status st = lt_rmat_norm(got, M, LT_NORM_SPECTRAL, err);
        mpfr_set_ui(want, 5, MPFR_RNDN);
        mpfr_sqrt(want, want, MPFR_RNDN);
        mpfr_add_ui(want, want, 1, MPFR_RNDN);
        mpfr_div_2ui(want, want, 1, MPFR_RNDN);
        mpfr_sub(d, got, want, MPFR_RNDN);
        CHECK(st == LT_OK && (mpfr_zero_p(d) || mpfr_get_exp(d) < -PREC + 4),
              "spectral of [[1,1],[0,1]]: off by %g", mpfr_get_d(d, MPFR_RNDN));
        lt_rmat_clear(M);
    }
    /* [[3,0],[4,5]]: singular values sqrt 45 and sqrt 5 */
    {
        lt_rmat_t M;
        lt_rmat_init(M, 2, PREC);
        long v[4] = {3, 0, 4, 5};
        set_q(M, v, 1);
        lt_status st = lt_rmat_norm(got, M, LT_NORM_SPECTRAL, err);
        mpfr_set_ui(want, 45, MPFR_RNDN);
        mpfr_sqrt(want, want, MPFR_RNDN);
        mpfr_sub(d, got, want, MPFR_RNDN);
        CHECK(st == LT_OK && (mpfr_zero_p(d) || mpfr_get_exp(d) < -PREC + 6), "spectral of [[3,0],[4,5]]");
        lt_rmat_clear(M);
    }
    /* a rank-one matrix u v^T: |u| |v| = sqrt(14) sqrt(3) */
    {
        lt_rmat_t M;
        lt_rmat_init(M, 3, PREC);
        long u[3] = {1, 2, 3}, w[3] = {1, -1, 1}, v[9];
        for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) v[3 * i + j] = u[i] * w[j];
        set_q(M, v, 1);
        lt_status st = lt_rmat_norm(got, M, LT_NORM_SPECTRAL, err);
        mpfr_set_ui(want, 42, MPFR_RNDN);
        mpfr_sqrt(want, want, MPFR_RNDN);
        mpfr_sub(d, got, want, MPFR_RNDN);
        CHECK(st == LT_OK && (mpfr_zero_p(d) || mpfr_get_exp(d) < -PREC + 6), "spectral of a rank-one matrix");
        lt_rmat_clear(M);
    }
    /* random matrices: agreement with power iteration in double precision,
       and spectral <= Frobenius <= sqrt(n) spectral */
    unsigned long s = 777;
    for (int trial = 0; trial < 6; trial++) {
        int n = 2 + trial % 5;
        lt_rmat_t M;
        lt_rmat_init(M, n, PREC);
        long v[64];
        double m[64];
        for (int i = 0; i < n * n; i++) {
            s = s * 6364136223846793005UL + 1442695040888963407UL;
            v[i] = (long)(s >> 33) % 201 - 100;
            m[i] = v[i] / 37.0;
        }
        set_q(M, v, 37);
        lt_status st = lt_rmat_norm(got, M, LT_NORM_SPECTRAL, err);
        double sp = mpfr_get_d(got, MPFR_RNDN), pw = power_spectral(m, n);
        lt_rmat_norm(want, M, LT_NORM_FROBENIUS, err);
        double fr = mpfr_get_d(want, MPFR_RNDN);
        CHECK(st == LT_OK && fabs(sp - pw) < 1e-9 * pw, "trial %d (n = %d): Jacobi %.15g, power iteration %.15g", trial, n, sp, pw);
        CHECK(sp <= fr && fr <= sqrt((double)n) * sp * (1 + 1e-15), "trial %d: spectral %g, frobenius %g", trial, sp, fr);
        lt_rmat_clear(M);
    }
    mpfr_clear(got); mpfr_clear(want); mpfr_clear(d);
}

/* ------------------------------------------------------------ Magnus */

typedef struct {
    int ok;
    double err[16];
    double eps, comm;
} magnus_out;

/* Evaluates the Magnus errors for a word (letters in time order, first
   letter acting first) on r matrices of size n with entries num/den. */
static magnus_out run(int r, slong n, const long *const *num, long den, const char *word,
                      long K, const fmpq_t h, lt_norm_kind norm, long prec)
{
    magnus_out o;
    memset(&o, 0, sizeof o);
    lt_err_t err;
    lt_err_init(err);
    slong m = (slong)strlen(word);
    int *idx = malloc((size_t)m * sizeof(int));
    fmpq *t = _fmpq_vec_init(m);
    for (slong s = 0; s < m; s++) { idx[s] = word[m - 1 - s] - 'a'; fmpq_one(t + s); }
    fmpq **gens = malloc((size_t)r * sizeof *gens);
    for (int j = 0; j < r; j++) {
        gens[j] = _fmpq_vec_init(n * n);
        for (slong i = 0; i < n * n; i++) fmpq_set_si(gens[j] + i, num[j][i], (ulong)den);
    }
    lt_lyndon_t B;
    lt_lyndon_init(B);
    lt_status st = lt_free_lyndon_basis(B, r, K > 2 ? K : 2, ctx, err);
    fmpq *c = _fmpq_vec_init(B->n);
    if (!st) st = lt_free_log_exp(c, B, m, idx, t, ctx, err);
    __mpfr_struct e[16];
    mpfr_t eps, comm;
    for (int k = 0; k < K; k++) mpfr_init2(e + k, (mpfr_prec_t)prec);
    mpfr_init2(eps, (mpfr_prec_t)prec);
    mpfr_init2(comm, (mpfr_prec_t)prec);
    if (!st) st = lt_free_magnus_errors(e, eps, comm, K, B, c, m, idx, (const fmpq *const *)gens, n, h,
                                        norm, (mpfr_prec_t)prec, NULL, ctx, err);
    if (st) fprintf(stderr, "lt_free_magnus_errors: %s\n", err->msg);
    o.ok = st == LT_OK;
    for (int k = 0; k < K; k++) {
        /* doubles underflow below 1e-308; the tests compare with 1e-60 */
        o.err[k] = mpfr_get_d(e + k, MPFR_RNDN);
        mpfr_clear(e + k);
    }
    o.eps = mpfr_get_d(eps, MPFR_RNDN);
    o.comm = mpfr_get_d(comm, MPFR_RNDN);
    mpfr_clear(eps);
    mpfr_clear(comm);
    _fmpq_vec_clear(c, B->n);
    lt_lyndon_clear(B);
    for (int j = 0; j < r; j++) _fmpq_vec_clear(gens[j], n * n);
    free(gens);
    _fmpq_vec_clear(t, m);
    free(idx);
    return o;
}

/* double-precision reference: n x n matrices, Taylor series for exp */
#define DN 3
typedef struct { double a[DN][DN]; } dmat;
static dmat dmul(dmat x, dmat y)
{
    dmat z;
    for (int i = 0; i < DN; i++) for (int j = 0; j < DN; j++) {
        z.a[i][j] = 0;
        for (int k = 0; k < DN; k++) z.a[i][j] += x.a[i][k] * y.a[k][j];
    }
    return z;
}
static dmat dlin(dmat x, double s, dmat y)
{
    for (int i = 0; i < DN; i++) for (int j = 0; j < DN; j++) x.a[i][j] += s * y.a[i][j];
    return x;
}
static dmat dexp(dmat x)
{
    dmat e, t;
    memset(&e, 0, sizeof e);
    for (int i = 0; i < DN; i++) e.a[i][i] = 1;
    t = e;
    for (int k = 1; k < 40; k++) {
        t = dmul(t, x);
        for (int i = 0; i < DN; i++) for (int j = 0; j < DN; j++) t.a[i][j] /= k;
        e = dlin(e, 1, t);
    }
    return e;
}
static double dfro(dmat x)
{
    double s = 0;
    for (int i = 0; i < DN; i++) for (int j = 0; j < DN; j++) s += x.a[i][j] * x.a[i][j];
    return sqrt(s);
}

static void random_gens(long g[2][9], unsigned long *s)
{
    for (int j = 0; j < 2; j++)
        for (int i = 0; i < 9; i++) {
            *s = *s * 6364136223846793005UL + 1442695040888963407UL;
            g[j][i] = (long)(*s >> 33) % 121 - 60;   /* entries in [-0.06, 0.06]: norm about 0.1 */
        }
}

static void test_magnus(void)
{
    fmpq_t one, h;
    fmpq_init(one);
    fmpq_init(h);
    fmpq_one(one);

    /* (a) commuting (diagonal) generators: every truncation is exact */
    unit_case = "magnus commuting";
    {
        static const long a[9] = {3, 0, 0, 0, -1, 0, 0, 0, 7}, b[9] = {-2, 0, 0, 0, 5, 0, 0, 0, 1},
                          c[9] = {1, 0, 0, 0, 1, 0, 0, 0, -4};
        const long *g[3] = {a, b, c};
        magnus_out o = run(3, 3, g, 10, "abacbba", 5, one, LT_NORM_FROBENIUS, 256);
        CHECK(o.ok, "failed");
        for (int k = 0; k < 5; k++) CHECK(o.err[k] < 1e-60, "order %d: error %g", k + 1, o.err[k]);
        CHECK(o.comm == 0, "commutator mass %g", o.comm);
        double eps = 3 * sqrt(0.59) + 3 * sqrt(0.30) + sqrt(0.18);
        CHECK(fabs(o.eps - eps) < 1e-14, "eps %.17g, want %.17g", o.eps, eps);
    }

    /* (b) random 3x3 generators of norm about 0.1: the error falls by at
       least eps per order up to 8, and the order-8 error is tiny */
    unit_case = "magnus geometric";
    {
        unsigned long s = 2024;
        static const char *words[] = {"ab", "abb", "abab", "baa", "abbab"};
        for (size_t w = 0; w < sizeof words / sizeof words[0]; w++) {
            long gv[2][9];
            random_gens(gv, &s);
            const long *g[2] = {gv[0], gv[1]};
            magnus_out o = run(2, 3, g, 1000, words[w], 8, one, LT_NORM_FROBENIUS, 256);
            CHECK(o.ok && o.eps > 0.1 && o.eps < 1, "'%s': eps %g", words[w], o.eps);
            for (int k = 1; k < 8; k++)
                CHECK(o.err[k] < o.eps * o.err[k - 1], "'%s': order %d error %g, order %d error %g, eps %g",
                      words[w], k + 1, o.err[k], k, o.err[k - 1], o.eps);
            CHECK(o.err[7] < 1e-3 * pow(o.eps, 9), "'%s': order 8 error %g, eps^9 %g", words[w], o.err[7], pow(o.eps, 9));
            /* the same with the spectral norm */
            magnus_out q = run(2, 3, g, 1000, words[w], 8, one, LT_NORM_SPECTRAL, 256);
            for (int k = 0; k < 8; k++)
                CHECK(q.ok && q.err[k] <= o.err[k] * (1 + 1e-12) && o.err[k] <= sqrt(3.0) * q.err[k] * (1 + 1e-12),
                      "'%s' order %d: spectral %g, frobenius %g", words[w], k + 1, q.err[k], o.err[k]);
            CHECK(q.eps <= o.eps && q.comm <= o.comm, "'%s': spectral masses above Frobenius", words[w]);
        }
    }

    /* (c) halving the step divides the order-k error by about 2^(k+1) */
    unit_case = "magnus step";
    {
        unsigned long s = 99;
        long gv[2][9];
        random_gens(gv, &s);
        const long *g[2] = {gv[0], gv[1]};
        fmpq_set_si(h, 1, 4);
        magnus_out o1 = run(2, 3, g, 1000, "abb", 4, h, LT_NORM_FROBENIUS, 256);
        fmpq_set_si(h, 1, 8);
        magnus_out o2 = run(2, 3, g, 1000, "abb", 4, h, LT_NORM_FROBENIUS, 256);
        for (int k = 1; k <= 4; k++) {
            double slope = log2(o1.err[k - 1] / o2.err[k - 1]);
            CHECK(o1.ok && o2.ok && fabs(slope - (k + 1)) < 0.2, "order %d: slope %g, want %d", k, slope, k + 1);
        }
        CHECK(fabs(o1.eps / o2.eps - 2) < 1e-14, "eps does not scale with the step");
        CHECK(fabs(o1.comm / o2.comm - 4) < 1e-12, "the commutator mass does not scale with the step squared");
    }

    /* orders 1 and 2 against a direct double-precision evaluation (the
       palindrome baab has Omega_2 = 0):
       Omega_1 = sum X_t, Omega_2 = 1/2 sum_{s<t} [X_t, X_s] (time order) */
    unit_case = "magnus direct";
    {
        unsigned long s = 5;
        static const char *words[] = {"abb", "baab", "ab"};
        for (size_t w = 0; w < sizeof words / sizeof words[0]; w++) {
            long gv[2][9];
            random_gens(gv, &s);
            const long *g[2] = {gv[0], gv[1]};
            dmat X[2], P, O1, O2;
            for (int j = 0; j < 2; j++) for (int i = 0; i < 9; i++) X[j].a[i / 3][i % 3] = gv[j][i] / 1000.0;
            memset(&O1, 0, sizeof O1);
            memset(&O2, 0, sizeof O2);
            P = dexp(O1);   /* identity */
            int m = (int)strlen(words[w]);
            for (int t = 0; t < m; t++) {
                dmat x = X[words[w][t] - 'a'];
                P = dmul(dexp(x), P);
                /* [x, O1] with O1 the sum of the earlier letters */
                O2 = dlin(O2, 0.5, dlin(dmul(x, O1), -1, dmul(O1, x)));
                O1 = dlin(O1, 1, x);
            }
            double e1 = dfro(dlin(dexp(O1), -1, P)), e2 = dfro(dlin(dexp(dlin(O1, 1, O2)), -1, P));
            magnus_out o = run(2, 3, g, 1000, words[w], 2, one, LT_NORM_FROBENIUS, 256);
            CHECK(o.ok && fabs(o.err[0] - e1) < 1e-9 * e1, "'%s' order 1: %.12g, direct %.12g", words[w], o.err[0], e1);
            CHECK(o.ok && fabs(o.err[1] - e2) < 1e-6 * e2, "'%s' order 2: %.12g, direct %.12g", words[w], o.err[1], e2);
            CHECK(fabs(o.comm - dfro(O2)) < 1e-12 * dfro(O2) + 1e-16, "'%s' commutator mass %.12g, direct %.12g", words[w], o.comm, dfro(O2));
        }
    }

    /* (d) the Heisenberg algebra: [a,b] is central, the series stops at
       degree 2 and the error from order 2 on is exactly 0 */
    unit_case = "magnus nilpotent";
    {
        static const long a[9] = {0, 1, 0, 0, 0, 0, 0, 0, 0}, b[9] = {0, 0, 0, 0, 0, 1, 0, 0, 0};
        const long *g[2] = {a, b};
        /* 'ab': exp(b) exp(a) = I + a + b + ba, ba = 0; exp(a+b) = I + a + b + ab/2 */
        magnus_out o = run(2, 3, g, 1, "ab", 4, one, LT_NORM_FROBENIUS, 256);
        CHECK(o.ok && o.err[0] == 0.5 && o.comm == 0.5 && o.eps == 2, "'ab': order 1 error %g, comm %g, eps %g", o.err[0], o.comm, o.eps);
        for (int k = 1; k < 4; k++) CHECK(o.err[k] == 0, "'ab': order %d error %g", k + 1, o.err[k]);
        fmpq_set_si(h, 1, 3);
        o = run(2, 3, g, 1, "abbab", 3, h, LT_NORM_SPECTRAL, 256);
        for (int k = 1; k < 3; k++) CHECK(o.ok && o.err[k] < 1e-70, "'abbab' step 1/3: order %d error %g", k + 1, o.err[k]);
    }

    /* one letter: Omega = m A at every order, and the error is 0 */
    unit_case = "magnus one letter";
    {
        static const long a[4] = {1, 2, -3, 1};
        const long *g[1] = {a};
        magnus_out o = run(1, 2, g, 3, "aaa", 4, one, LT_NORM_FROBENIUS, 128);
        CHECK(o.ok && fabs(o.eps - sqrt(15.0) * 3 / 3) < 1e-14, "eps %g", o.eps);
        for (int k = 0; k < 4; k++) CHECK(o.err[k] < 1e-30, "order %d error %g", k + 1, o.err[k]);
    }
    fmpq_clear(one);
    fmpq_clear(h);
}

/* ------------------------------------------------- certified errors */

static const char *small_mat =
    "a = [[0.031, -0.052, 0.017], [0.044, 0.012, -0.061], [-0.023, 0.038, 0.009]]\n"
    "b = [[-0.041, 0.027, 0.055], [0.013, -0.036, 0.022], [0.048, -0.019, 0.034]]\n";

/* Words over named letters: sorted distinct letters, factors leftmost
   first; more than 255 letters are refused. */
static void test_word(void)
{
    unit_case = "word";
    lt_err_t err;
    lt_err_init(err);
    lt_free_word_t W;
    lt_free_word_init(W);
    char *tok[] = {"y", "x1", "y", "x0"};
    CHECK(lt_free_word_set(W, tok, 4, err) == LT_OK, "%s", err->msg);
    CHECK(W->m == 4 && W->r == 3 && !strcmp(W->names[0], "x0") && !strcmp(W->names[1], "x1") && !strcmp(W->names[2], "y"),
          "names: %d letters", W->r);
    /* leftmost first: x0 y x1 y */
    CHECK(W->letters[0] == 0 && W->letters[1] == 2 && W->letters[2] == 1 && W->letters[3] == 2,
          "letters %d %d %d %d", W->letters[0], W->letters[1], W->letters[2], W->letters[3]);
    CHECK(fmpq_is_one(W->t + 0) && fmpq_is_one(W->t + 3), "unit times");
    char **many = malloc(300 * sizeof *many);
    for (int i = 0; i < 300; i++) { many[i] = malloc(8); snprintf(many[i], 8, "l%d", i); }
    CHECK(lt_free_word_set(W, many, 300, err) == LT_EINPUT && strstr(err->msg, "255"), "300 letters: %s", err->msg);
    CHECK(lt_free_word_set(W, many, 255, err) == LT_OK && W->r == 255, "255 letters");
    for (int i = 0; i < 300; i++) free(many[i]);
    free(many);
    /* the words of a command line: blanks split tokens, a lone word of
       letters is a letter a token; names only, at most max_length */
    unit_case = "word read";
    char *words[] = {"x1  y\tx1", "y"}, *abac[] = {"abac"}, *bad[] = {"a b-c"}, *empty[] = {" "};
    CHECK(lt_free_word_read(W, words, 2, 4, err) == LT_OK && W->m == 4 && W->r == 2, "%s", err->msg);
    CHECK(!strcmp(lt_free_word_token(W, 0), "x1") && !strcmp(lt_free_word_token(W, 1), "y") && !strcmp(lt_free_word_token(W, 3), "y"),
          "tokens in time order");
    CHECK(lt_free_word_read(W, words, 2, 3, err) == LT_ELIMIT && strstr(err->msg, "--max-length 3"), "%s", err->msg);
    CHECK(lt_free_word_read(W, abac, 1, 10, err) == LT_OK && W->m == 4 && W->r == 3 && !strcmp(lt_free_word_token(W, 2), "a"),
          "abac: %ld tokens", (long)W->m);
    CHECK(lt_free_word_read(W, bad, 1, 10, err) == LT_EINPUT && strstr(err->msg, "letter 2 'b-c'"), "%s", err->msg);
    CHECK(lt_free_word_read(W, empty, 1, 10, err) == LT_EINPUT && strstr(err->msg, "no letters"), "%s", err->msg);
    lt_free_word_clear(W);
}

/* lt_free_magnus_run: the errors of lt_free_magnus_errors, certified or
   refused. At --step 1/8 the order-8 error of 'a b b' is about 9.4e-21,
   far below 2^-24: at 24 bits rounding decides its digits (refused, with
   96 bits suggested); at 96 bits every value is certified and equals the
   uncertified computation at 96 bits. */
static void test_magnus_run(void)
{
    unit_case = "magnus run";
    lt_err_t err;
    lt_err_init(err);
    lt_matfile_t F;
    lt_matfile_init(F);
    CHECK(lt_free_matfile_parse(F, small_mat, "small", ctx, err) == LT_OK, "%s", err->msg);
    lt_free_word_t W;
    lt_free_word_init(W);
    char *tok[] = {"a", "b", "b"};
    lt_free_word_set(W, tok, 3, err);
    fmpq_t h;
    fmpq_init(h);
    fmpq_set_si(h, 1, 8);
    lt_magnus_result_t R;
    lt_magnus_result_init(R);
    lt_magnus_params P = {8, LT_NORM_FROBENIUS, 24, 7};
    lt_status st = lt_free_magnus_run(R, &P, W, F, "small", h, ctx, err);
    CHECK(st == LT_ENUMERIC && R->worst == 8 && R->suggested_prec == 96 && R->check_prec == 88,
          "24 bits: status %d, worst %ld, suggested %ld", st, R->worst, R->suggested_prec);
    CHECK(!strcmp(err->msg, "--prec 24 is too low for the printed digits: the order-8 error is 2.125042e-18 at 24 bits "
                            "but 9.429241e-21 at 88 bits; try --prec 96"), "message: %s", err->msg);
    CHECK(fabs(mpfr_get_d(R->worst_check, MPFR_RNDN) / 9.429241e-21 - 1) < 1e-6, "worst_check %g",
          mpfr_get_d(R->worst_check, MPFR_RNDN));
    P.prec = 96;
    st = lt_free_magnus_run(R, &P, W, F, "small", h, ctx, err);
    CHECK(st == LT_OK && R->worst == 0 && R->K == 8 && R->prec == 96, "96 bits: status %d (%s), worst %ld", st, err->msg, R->worst);
    long num[2][9] = {{31, -52, 17, 44, 12, -61, -23, 38, 9}, {-41, 27, 55, 13, -36, 22, 48, -19, 34}};
    const long *nums[2] = {num[0], num[1]};
    magnus_out o = run(2, 3, nums, 1000, "abb", 8, h, LT_NORM_FROBENIUS, 96);
    for (int k = 0; k < 8 && st == LT_OK; k++)
        CHECK(o.ok && mpfr_get_d(R->errors + k, MPFR_RNDN) == o.err[k], "order %d: %g against %g", k + 1,
              mpfr_get_d(R->errors + k, MPFR_RNDN), o.err[k]);
    CHECK(st == LT_OK && mpfr_get_d(R->eps, MPFR_RNDN) == o.eps && mpfr_get_d(R->comm, MPFR_RNDN) == o.comm, "masses");
    CHECK(fabs(mpfr_get_d(R->errors + 7, MPFR_RNDN) / 9.429241e-21 - 1) < 1e-6, "order 8: %g", mpfr_get_d(R->errors + 7, MPFR_RNDN));
    /* a letter without a matrix: the first in time order */
    char *tok2[] = {"a", "c", "b", "d"};
    lt_free_word_set(W, tok2, 4, err);
    CHECK(lt_free_magnus_run(R, &P, W, F, "small", h, ctx, err) == LT_EINPUT
          && !strcmp(err->msg, "small: no matrix for letter 'c' (letter 2 of the word)"), "missing letter: %s", err->msg);
    lt_magnus_result_clear(R);
    lt_free_word_clear(W);
    lt_matfile_clear(F);
    fmpq_clear(h);
}

int main(void)
{
    lt_ctx_init(ctx);
    test_read_q();
    test_matfile();
    test_exp();
    test_norms();
    test_magnus();
    test_word();
    test_magnus_run();
    flint_cleanup();
    UNIT_DONE("t-magnus");
}
