/* The floating-point Lie-algebra path: golden values (GAP 4.12 for the
   rational examples), laws (orthonormal basis, closed span, invariant
   Killing form), agreement with the exact path on random integer
   generators, and the rank-decision log (values, ambiguity, errors). */
#include <math.h>
#include <stdlib.h>
#include <flint/fmpq_mat.h>
#include "lietool.h"
#include "lietool/liealg.h"
#include "lietool/liealg.h"
#include "unit.h"

static lt_ctx_t ctx;

/* a deterministic generator (xorshift64*), so failures reproduce */
static unsigned long long rng = 0x9E3779B97F4A7C15ULL;
static unsigned long long rnext(void)
{
    rng ^= rng >> 12; rng ^= rng << 25; rng ^= rng >> 27;
    return rng * 2685821657736338717ULL;
}
static double runif(void) { return (double)(rnext() >> 11) / 9007199254740992.0 * 2 - 1; }   /* [-1, 1) */
static long rint_in(long lo, long hi) { return lo + (long)(rnext() % (unsigned long long)(hi - lo + 1)); }

/* E_ij (0-based) into an n x n row-major matrix */
static void setE(double *m, slong n, slong i, slong j)
{
    memset(m, 0, (size_t)(n * n) * sizeof(double));
    m[i * n + j] = 1;
}

static void fmt_dims(char *buf, size_t sz, const slong *d, slong len)
{
    buf[0] = '\0';
    for (slong i = 0; i < len && strlen(buf) + 24 < sz; i++)
        snprintf(buf + strlen(buf), sz - strlen(buf), "%s%ld", i ? "," : "", (long)d[i]);
}

static int dims_equal(const slong *a, slong la, const slong *b, slong lb)
{
    if (la != lb) return 0;
    for (slong i = 0; i < la; i++) if (a[i] != b[i]) return 0;
    return 1;
}

/* closure, failing the test (and leaving dim 0) on error */
static void closure(lt_fliealg_t L, const double *g, slong k, slong n, double tol, lt_rank_log_t log)
{
    lt_err_t err;
    lt_err_init(err);
    lt_status st = lt_fliealg_closure(L, g, k, n, tol, log, ctx, err);
    CHECK(st == LT_OK, "closure failed (%d): %s", (int)st, err->msg);
}

static void check_series(const lt_fliealg_t L, int derived, const slong *want, slong wlen, int want_zero,
                         double tol, lt_rank_log_t log)
{
    slong *d = NULL, len = 0;
    int z = -1;
    lt_err_t err;
    lt_err_init(err);
    lt_status st = derived ? lt_fliealg_derived_series(&d, &len, &z, L, tol, log, err)
                           : lt_fliealg_lower_central_series(&d, &len, &z, L, tol, log, err);
    CHECK(st == LT_OK, "series failed: %s", err->msg);
    char got[128], exp[128];
    fmt_dims(got, sizeof got, d, len);
    fmt_dims(exp, sizeof exp, want, wlen);
    CHECK(st == LT_OK && dims_equal(d, len, want, wlen) && z == want_zero,
          "%s series %s (reaches 0: %d), expected %s (reaches 0: %d)", derived ? "derived" : "lower central",
          got, z, exp, want_zero);
    lt_free(d);
}

static slong center_dim(const lt_fliealg_t L, double tol, lt_rank_log_t log)
{
    slong z = -1;
    lt_err_t err;
    lt_err_init(err);
    CHECK(lt_fliealg_center_dim(&z, L, tol, log, err) == LT_OK, "center: %s", err->msg);
    return z;
}

static slong killing_rank(const lt_fliealg_t L, double tol, lt_rank_log_t log)
{
    slong r = -1;
    lt_err_t err;
    lt_err_init(err);
    CHECK(lt_fliealg_killing_rank(&r, L, tol, log, err) == LT_OK, "killing: %s", err->msg);
    return r;
}

/* ---- laws, with plain loops (independent of the library's BLAS use) ---- */

static void matmul_bracket(double *C, const double *A, const double *B, slong n)
{
    for (slong i = 0; i < n; i++)
        for (slong j = 0; j < n; j++) {
            double s = 0;
            for (slong k = 0; k < n; k++) s += A[i * n + k] * B[k * n + j] - B[i * n + k] * A[k * n + j];
            C[i * n + j] = s;
        }
}

/* coordinates of M in the orthonormal basis; returns the norm of the
   part outside the span */
static double coords(double *c, const double *M, const lt_fliealg_t L)
{
    slong N = L->n * L->n;
    double out = 0;
    for (slong i = 0; i < L->dim; i++) {
        c[i] = 0;
        for (slong e = 0; e < N; e++) c[i] += L->basis[i * N + e] * M[e];
    }
    for (slong e = 0; e < N; e++) {
        double r = M[e];
        for (slong i = 0; i < L->dim; i++) r -= c[i] * L->basis[i * N + e];
        out += r * r;
    }
    return sqrt(out);
}

static void combo(double *M, const double *x, const lt_fliealg_t L)
{
    slong N = L->n * L->n;
    for (slong e = 0; e < N; e++) {
        M[e] = 0;
        for (slong i = 0; i < L->dim; i++) M[e] += x[i] * L->basis[i * N + e];
    }
}

/* orthonormal basis, closed under the bracket, Killing form symmetric and
   ad-invariant: K([x,y],z) = K(x,[y,z]) */
static void laws(const lt_fliealg_t L)
{
    slong d = L->dim, N = L->n * L->n, n = L->n;
    double orth = 0, closed = 0;
    for (slong i = 0; i < d; i++)
        for (slong j = 0; j < d; j++) {
            double s = 0;
            for (slong e = 0; e < N; e++) s += L->basis[i * N + e] * L->basis[j * N + e];
            orth = fmax(orth, fabs(s - (i == j)));
        }
    CHECK(orth < 1e-12, "basis not orthonormal: %g", orth);
    double *M = malloc((size_t)N * sizeof(double)), *c = malloc((size_t)(d + 1) * sizeof(double));
    for (slong i = 0; i < d && i < 30; i++)
        for (slong j = 0; j < d && j < 30; j++) {
            matmul_bracket(M, L->basis + i * N, L->basis + j * N, n);
            closed = fmax(closed, coords(c, M, L));
        }
    CHECK(closed < 1e-9, "span not closed: a bracket leaves it by %g", closed);
    if (d > 0 && d <= 40) {
        double *K = malloc((size_t)(d * d) * sizeof(double));
        lt_fliealg_killing(K, L);
        double *x = malloc((size_t)d * sizeof(double)), *y = malloc((size_t)d * sizeof(double));
        double *z = malloc((size_t)d * sizeof(double)), *xy = malloc((size_t)d * sizeof(double));
        double *yz = malloc((size_t)d * sizeof(double));
        double *X = malloc((size_t)N * sizeof(double)), *Y = malloc((size_t)N * sizeof(double));
        double *Z = malloc((size_t)N * sizeof(double));
        double worst = 0, scale = 1;
        for (slong i = 0; i < d * d; i++) scale = fmax(scale, fabs(K[i]));
        for (int rep = 0; rep < 3; rep++) {
            for (slong i = 0; i < d; i++) { x[i] = runif(); y[i] = runif(); z[i] = runif(); }
            combo(X, x, L); combo(Y, y, L); combo(Z, z, L);
            matmul_bracket(M, X, Y, n); coords(xy, M, L);
            matmul_bracket(M, Y, Z, n); coords(yz, M, L);
            double l = 0, r = 0;
            for (slong i = 0; i < d; i++)
                for (slong j = 0; j < d; j++) { l += xy[i] * K[i * d + j] * z[j]; r += x[i] * K[i * d + j] * yz[j]; }
            worst = fmax(worst, fabs(l - r));
        }
        CHECK(worst < 1e-9 * scale * d, "Killing form not invariant: %g", worst);
        free(K); free(x); free(y); free(z); free(xy); free(yz); free(X); free(Y); free(Z);
    }
    free(M); free(c);
}

/* ---- golden cases ---- */

static void so3(void)
{
    unit_case = "so(3)";
    double g[27] = {0};
    /* Lx, Ly, Lz: (L_a)_{bc} = -eps_abc */
    double *Lx = g, *Ly = g + 9, *Lz = g + 18;
    Lx[1 * 3 + 2] = -1; Lx[2 * 3 + 1] = 1;
    Ly[0 * 3 + 2] = 1;  Ly[2 * 3 + 0] = -1;
    Lz[0 * 3 + 1] = -1; Lz[1 * 3 + 0] = 1;
    lt_fliealg_t L;
    lt_fliealg_init(L);
    lt_rank_log_t log;
    lt_rank_log_init(log);
    closure(L, g, 3, 3, 1e-10, log);
    CHECK(L->dim == 3, "dim %ld", (long)L->dim);
    slong d3[] = {3};
    check_series(L, 1, d3, 1, 0, 1e-10, log);
    check_series(L, 0, d3, 1, 0, 1e-10, log);
    CHECK(center_dim(L, 1e-10, log) == 0, "centre not 0");
    CHECK(killing_rank(L, 1e-10, log) == 3, "Killing form degenerate");
    /* in any orthonormal basis the Killing form of so(3) is -I */
    double K[9];
    lt_fliealg_killing(K, L);
    double dev = 0;
    for (int i = 0; i < 9; i++) dev = fmax(dev, fabs(K[i] + (i % 4 == 0)));
    CHECK(dev < 1e-12, "Killing form of so(3) is not -I (off by %g)", dev);
    CHECK(lt_rank_log_num_ambiguous(log) == 0, "%ld ambiguous decisions", (long)lt_rank_log_num_ambiguous(log));
    laws(L);

    /* the same generators with decimal scales, conjugated by a rotation:
       still so(3) */
    unit_case = "so(3) rotated";
    double R[9], c1 = cos(0.7), s1 = sin(0.7), c2 = cos(1.3), s2 = sin(1.3);
    double Rz[9] = {c1, -s1, 0, s1, c1, 0, 0, 0, 1}, Rx[9] = {1, 0, 0, 0, c2, -s2, 0, s2, c2};
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            R[i * 3 + j] = 0;
            for (int k = 0; k < 3; k++) R[i * 3 + j] += Rz[i * 3 + k] * Rx[k * 3 + j];
        }
    double h[27], scale[3] = {0.3, 1.7, 2.9};
    for (int a = 0; a < 3; a++)
        for (int i = 0; i < 3; i++)
            for (int j = 0; j < 3; j++) {
                double s = 0;    /* R L R^T */
                for (int p = 0; p < 3; p++)
                    for (int q = 0; q < 3; q++) s += R[i * 3 + p] * g[a * 9 + p * 3 + q] * R[j * 3 + q];
                h[a * 9 + i * 3 + j] = scale[a] * s;
            }
    closure(L, h, 2, 3, 1e-10, NULL);     /* two of them suffice */
    CHECK(L->dim == 3, "dim %ld from two rotation generators", (long)L->dim);
    check_series(L, 1, d3, 1, 0, 1e-10, NULL);
    CHECK(killing_rank(L, 1e-10, NULL) == 3, "Killing form degenerate");
    laws(L);
    lt_rank_log_clear(log);
    lt_fliealg_clear(L);
}

static void b2_golden_and_log(void)
{
    /* GAP: LieAlgebra(Rationals, [E11, E12, E22]): derived 3,1,0; lower
       central 3,1 */
    unit_case = "E11,E12,E22";
    double g[12];
    setE(g, 2, 0, 0); setE(g + 4, 2, 0, 1); setE(g + 8, 2, 1, 1);
    lt_fliealg_t L;
    lt_fliealg_init(L);
    lt_rank_log_t log;
    lt_rank_log_init(log);
    closure(L, g, 3, 2, 1e-10, log);
    CHECK(L->dim == 3, "dim %ld", (long)L->dim);
    /* the closure log: the three orthonormal generators (singular values
       1, 1, 1, nothing dropped), then one round in which every bracket
       lies in the span */
    CHECK(log->n_decisions == 2, "%ld closure decisions", (long)log->n_decisions);
    if (log->n_decisions == 2) {
        lt_rank_decision *a = log->d, *b = log->d + 1;
        CHECK(!strcmp(a->what, "closure: generators"), "what '%s'", a->what);
        CHECK(a->rank == 3 && fabs(a->sigma_last - 1) < 1e-14 && a->sigma_next == 0 && a->tol == 1e-10
              && fabs(a->s_max - 1) < 1e-14 && !a->ambiguous,
              "generators: rank %ld last %g next %g tol %g s_max %g ambiguous %d",
              (long)a->rank, a->sigma_last, a->sigma_next, a->tol, a->s_max, a->ambiguous);
        CHECK(!strcmp(b->what, "closure: round 2"), "what '%s'", b->what);
        CHECK(b->rank == 3 && b->sigma_last == 1 && b->sigma_next < 1e-14 && !b->ambiguous,
              "round 2: rank %ld last %g next %g ambiguous %d", (long)b->rank, b->sigma_last, b->sigma_next,
              b->ambiguous);
    }
    lt_rank_log_clear(log);
    lt_rank_log_init(log);
    slong dd[] = {3, 1, 0}, ll[] = {3, 1};
    check_series(L, 1, dd, 3, 1, 1e-10, log);
    /* term 1: the brackets [b_a, b_b], a < b, of any orthonormal basis have
       squared norms summing to |[E11,E12]|^2 + |[E12,E22]|^2 = 2, all in one
       direction: one singular value sqrt 2. Term 2: no pairs, rank 0. */
    CHECK(log->n_decisions == 2, "%ld derived decisions", (long)log->n_decisions);
    if (log->n_decisions == 2) {
        lt_rank_decision *a = log->d, *b = log->d + 1;
        CHECK(!strcmp(a->what, "derived series: term 1") && a->rank == 1
              && fabs(a->sigma_last - sqrt(2)) < 1e-13 && a->sigma_next < 1e-14 && !a->ambiguous,
              "'%s': rank %ld last %.17g next %g", a->what, (long)a->rank, a->sigma_last, a->sigma_next);
        CHECK(!strcmp(b->what, "derived series: term 2") && b->rank == 0 && b->sigma_last == 0
              && b->sigma_next == 0 && !b->ambiguous,
              "'%s': rank %ld last %g next %g", b->what, (long)b->rank, b->sigma_last, b->sigma_next);
    }
    check_series(L, 0, ll, 2, 0, 1e-10, log);
    CHECK(log->n_decisions == 4 && !strcmp(log->d[2].what, "lower central series: term 1")
          && log->d[2].sigma_last == log->d[0].sigma_last,
          "lower central log: %ld decisions", (long)log->n_decisions);
    CHECK(center_dim(L, 1e-10, log) == 1, "centre of b(2) is not the scalars");
    CHECK(killing_rank(L, 1e-10, log) == 1, "Killing rank of b(2) is not 1");
    CHECK(!strcmp(log->d[log->n_decisions - 1].what, "killing form"), "last decision '%s'",
          log->d[log->n_decisions - 1].what);
    laws(L);
    lt_rank_log_clear(log);
    lt_fliealg_clear(L);
}

static void gl5_random(void)
{
    unit_case = "two random 5x5";
    double g[50];
    for (int i = 0; i < 50; i++) g[i] = runif();
    lt_fliealg_t L;
    lt_fliealg_init(L);
    lt_rank_log_t log;
    lt_rank_log_init(log);
    closure(L, g, 2, 5, 1e-10, log);
    CHECK(L->dim == 25, "dim %ld", (long)L->dim);
    slong dd[] = {25, 24};
    check_series(L, 1, dd, 2, 0, 1e-10, log);
    check_series(L, 0, dd, 2, 0, 1e-10, log);
    CHECK(center_dim(L, 1e-10, log) == 1, "centre of gl(5) is not the scalars");
    CHECK(killing_rank(L, 1e-10, log) == 24, "Killing rank of gl(5) is not 24");
    CHECK(lt_rank_log_num_ambiguous(log) == 0, "%ld ambiguous decisions", (long)lt_rank_log_num_ambiguous(log));
    laws(L);
    lt_rank_log_clear(log);
    lt_fliealg_clear(L);
}

static void b3(void)
{
    unit_case = "b(3) from E11,E12,E22,E23,E33";
    double g[45];
    setE(g, 3, 0, 0); setE(g + 9, 3, 0, 1); setE(g + 18, 3, 1, 1); setE(g + 27, 3, 1, 2); setE(g + 36, 3, 2, 2);
    lt_fliealg_t L;
    lt_fliealg_init(L);
    closure(L, g, 5, 3, 1e-10, NULL);
    CHECK(L->dim == 6, "dim %ld", (long)L->dim);
    slong dd[] = {6, 3, 1, 0}, ll[] = {6, 3};
    check_series(L, 1, dd, 4, 1, 1e-10, NULL);
    check_series(L, 0, ll, 2, 0, 1e-10, NULL);
    CHECK(center_dim(L, 1e-10, NULL) == 1, "centre of b(3)");
    CHECK(killing_rank(L, 1e-10, NULL) == 2, "Killing rank of b(3) is not 2 (the span of the roots)");
    laws(L);
    lt_fliealg_clear(L);
}

static void nilpotent(void)
{
    lt_fliealg_t L;
    lt_fliealg_init(L);
    for (int k = 2; k <= 3; k++) {
        unit_case = k == 2 ? "two random strictly upper 4x4" : "three random strictly upper 4x4";
        double g[48] = {0};
        for (int a = 0; a < k; a++)
            for (int i = 0; i < 4; i++)
                for (int j = i + 1; j < 4; j++) g[a * 16 + i * 4 + j] = runif();
        closure(L, g, k, 4, 1e-10, NULL);
        slong *d = NULL, len = 0;
        int z = 0;
        lt_err_t err;
        lt_err_init(err);
        CHECK(lt_fliealg_lower_central_series(&d, &len, &z, L, 1e-10, NULL, err) == LT_OK, "%s", err->msg);
        CHECK(z && len >= 2 && len <= 4 && d[len - 1] == 0, "lower central series does not reach 0 within class 3");
        lt_free(d);
        CHECK(center_dim(L, 1e-10, NULL) >= 1, "nilpotent algebra with trivial centre");
        CHECK(killing_rank(L, 1e-10, NULL) == 0, "nilpotent algebra with non-zero Killing form");
        if (k == 3) {
            /* three generic elements of n(4) generate it: class 3 */
            CHECK(L->dim == 6, "dim %ld", (long)L->dim);
            slong ll[] = {6, 3, 1, 0}, dd[] = {6, 3, 0};
            check_series(L, 0, ll, 4, 1, 1e-10, NULL);
            check_series(L, 1, dd, 3, 1, 1e-10, NULL);
        }
        laws(L);
    }
    lt_fliealg_clear(L);
}

/* ---- agreement with the exact path ---- */

enum { DENSE, UPPER, TRACELESS, ZERO_ROW, SPARSE, NKINDS };
static const char *kind_name[] = {"dense", "upper triangular", "traceless", "common zero row", "sparse"};

static void agreement(void)
{
    int ncases = 0, nagree = 0, nfull = 0, namb = 0;
    long dims_seen = 0;
    char name[96];
    for (int c = 0; c < 35; c++) {
        int kind = c % NKINDS;
        slong n = 2 + (c / NKINDS) % 3, k = 1 + (c / 3) % 3, N = n * n;
        long zr = rint_in(0, n - 1);
        snprintf(name, sizeof name, "random %s n=%ld k=%ld #%d", kind_name[kind], (long)n, (long)k, c);
        unit_case = name;
        double g[3 * 16];
        fmpq_mat_struct q[3];
        for (slong a = 0; a < k; a++) {
            fmpq_mat_init(q + a, n, n);
            long tr = 0;
            for (slong i = 0; i < n; i++)
                for (slong j = 0; j < n; j++) {
                    long v = rint_in(-3, 3);
                    if (kind == UPPER && j < i) v = 0;
                    if (kind == ZERO_ROW && i == zr) v = 0;
                    if (kind == SPARSE && rint_in(0, 3)) v = 0;
                    if (kind == TRACELESS && i == j) { if (i == n - 1) v = -tr; else tr += v; }
                    g[a * N + i * n + j] = (double)v;
                    fmpq_set_si(fmpq_mat_entry(q + a, i, j), v, 1);
                }
        }
        /* exact */
        lt_liealg_t E;
        lt_liealg_init(E);
        lt_err_t err;
        lt_err_init(err);
        CHECK(lt_liealg_closure(E, q, k, ctx, err) == LT_OK, "exact closure: %s", err->msg);
        slong ed[16], el[16], elen_d = 0, elen_l = 0;
        int ez_d, ez_l;
        lt_lseries_t S;
        lt_lseries_init(S);
        lt_liealg_derived_series(S, E);
        for (slong i = 0; i < S->len && i < 16; i++) ed[elen_d++] = S->terms[i].rank;
        ez_d = S->reaches_zero;
        lt_liealg_lower_central_series(S, E);
        for (slong i = 0; i < S->len && i < 16; i++) el[elen_l++] = S->terms[i].rank;
        ez_l = S->reaches_zero;
        lt_lseries_clear(S);
        lt_qspace_t Z;
        lt_qspace_init(Z, E->dim);
        lt_liealg_center(Z, E);
        slong ecenter = Z->rank;
        lt_qspace_clear(Z);
        fmpq_mat_t K;
        fmpq_mat_init(K, E->dim, E->dim);
        lt_liealg_killing(K, E);
        slong ekill = E->dim ? lt_qmat_rank(K) : 0;
        fmpq_mat_clear(K);

        /* float */
        lt_fliealg_t L;
        lt_fliealg_init(L);
        lt_rank_log_t log;
        lt_rank_log_init(log);
        closure(L, g, k, n, 1e-10, log);
        slong *fd = NULL, *fl = NULL, flen_d = 0, flen_l = 0;
        int fz_d = -1, fz_l = -1;
        CHECK(lt_fliealg_derived_series(&fd, &flen_d, &fz_d, L, 1e-10, log, err) == LT_OK, "%s", err->msg);
        CHECK(lt_fliealg_lower_central_series(&fl, &flen_l, &fz_l, L, 1e-10, log, err) == LT_OK, "%s", err->msg);
        slong fcenter = center_dim(L, 1e-10, log), fkill = killing_rank(L, 1e-10, log);

        char a1[64], a2[64], b1[64], b2[64];
        fmt_dims(a1, sizeof a1, ed, elen_d); fmt_dims(b1, sizeof b1, fd, flen_d);
        fmt_dims(a2, sizeof a2, el, elen_l); fmt_dims(b2, sizeof b2, fl, flen_l);
        int ok = L->dim == E->dim && dims_equal(ed, elen_d, fd, flen_d) && ez_d == fz_d
                 && dims_equal(el, elen_l, fl, flen_l) && ez_l == fz_l && ecenter == fcenter && ekill == fkill;
        CHECK(L->dim == E->dim, "dim: exact %ld, float %ld", (long)E->dim, (long)L->dim);
        CHECK(dims_equal(ed, elen_d, fd, flen_d) && ez_d == fz_d, "derived: exact %s, float %s", a1, b1);
        CHECK(dims_equal(el, elen_l, fl, flen_l) && ez_l == fz_l, "lower central: exact %s, float %s", a2, b2);
        CHECK(ecenter == fcenter, "centre: exact %ld, float %ld", (long)ecenter, (long)fcenter);
        CHECK(ekill == fkill, "Killing rank: exact %ld, float %ld", (long)ekill, (long)fkill);
        /* small integer data: every gap must be clear */
        slong amb = lt_rank_log_num_ambiguous(log);
        CHECK(amb == 0, "%ld ambiguous decisions", (long)amb);
        namb += amb != 0;
        laws(L);
        /* the profile, from the exact algebra, answers as the exact profile */
        {
            lt_fliealg_t F;
            lt_fliealg_profile_t P;
            lt_liealg_profile_t EP;
            lt_fliealg_init(F);
            lt_fliealg_profile_init(P);
            lt_liealg_profile_init(EP);
            CHECK(lt_fliealg_from_liealg(F, E, 1e-10, NULL, ctx, err) == LT_OK, "from exact: %s", err->msg);
            CHECK(lt_fliealg_profile(P, F, LT_FLIEALG_PROFILE_ALL, 1e-10, NULL, err) == LT_OK, "profile: %s", err->msg);
            lt_liealg_profile(EP, E, LT_LIE_PROFILE_ALL);
            CHECK(P->dim == E->dim && P->center_dim == ecenter && P->killing_rank == ekill
                  && dims_equal(P->derived, P->derived_len, ed, elen_d) && dims_equal(P->lower, P->lower_len, el, elen_l),
                  "profile: dimensions differ from the exact ones");
            CHECK(P->abelian == EP->abelian && P->nilpotent == EP->nilpotent && P->solvable == EP->solvable
                  && P->perfect == EP->perfect && P->semisimple == EP->semisimple,
                  "profile: predicates differ from the exact profile");
            CHECK((P->derived_length >= 0) == P->solvable && (P->nilpotency_class >= 0) == P->nilpotent,
                  "profile: lengths and predicates disagree");
            lt_liealg_profile_clear(EP);
            lt_fliealg_profile_clear(P);
            lt_fliealg_clear(F);
        }
        ncases++;
        nagree += ok;
        nfull += E->dim == N;
        if (E->dim < 64) dims_seen |= 1L << E->dim;
        lt_free(fd); lt_free(fl);
        lt_rank_log_clear(log);
        lt_fliealg_clear(L);
        lt_liealg_clear(E);
        for (slong a = 0; a < k; a++) fmpq_mat_clear(q + a);
    }
    /* the cases must not all be the same algebra */
    unit_case = "agreement";
    int distinct = 0;
    for (int i = 0; i < 64; i++) distinct += (dims_seen >> i) & 1;
    CHECK(distinct >= 5 && nfull < ncases / 2, "too little variety: %d distinct dimensions, %d of %d full gl(n)",
          distinct, nfull, ncases);
    printf("t-float: exact and float agree on %d of %d random cases (%d distinct dimensions)\n", nagree, ncases, distinct);
}

/* ---- near-degenerate data and the ambiguity rule ---- */

static void near_degenerate(void)
{
    /* A = E12, B = E12 + delta E21: for delta != 0 they generate sl(2), for
       delta = 0 a line. After scaling, the generators' second singular
       value is delta / sqrt 2 against s_max = sqrt 2, so the cut is at
       tol * sqrt 2: delta = 1e-11 lies one order below the cut at tol 1e-10
       (flagged), delta = 1e-13 three orders below (a clear drop). When the
       perturbation is dropped it comes back in the next round, as the
       bracket [B, E12] = -delta H of norm delta sqrt 2 against s_max 1:
       that decision is flagged too. Two ambiguous decisions, then; when it
       is kept only the generators' decision is in doubt. */
    struct { double delta, tol; slong dim; int ambiguous; slong n_ambiguous; } cases[] = {
        {1e-11, 1e-10, 1, 1, 2},   /* dropped, but within two orders of the cut */
        {1e-11, 1e-12, 3, 1, 1},   /* kept, but within two orders of the cut */
        {1e-11, 1e-8, 1, 0, 0},    /* dropped, clearly */
        {1e-13, 1e-10, 1, 0, 0},   /* dropped, clearly */
        {1e-13, 1e-12, 1, 1, 2},   /* dropped, one order below the cut */
        {1e-3, 1e-10, 3, 0, 0},    /* kept, clearly */
    };
    char name[64];
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        snprintf(name, sizeof name, "E12, E12 + %g E21 at tol %g", cases[c].delta, cases[c].tol);
        unit_case = name;
        double g[8];
        setE(g, 2, 0, 1); setE(g + 4, 2, 0, 1);
        g[4 + 2] = cases[c].delta;
        lt_fliealg_t L;
        lt_fliealg_init(L);
        lt_rank_log_t log;
        lt_rank_log_init(log);
        closure(L, g, 2, 2, cases[c].tol, log);
        CHECK(L->dim == cases[c].dim, "dim %ld, expected %ld", (long)L->dim, (long)cases[c].dim);
        CHECK(log->n_decisions >= 1 && !strcmp(log->d[0].what, "closure: generators"), "no generator decision");
        if (log->n_decisions >= 1) {
            lt_rank_decision *a = log->d;
            double s2 = cases[c].delta / sqrt(2);   /* to first order */
            double got = a->rank == 2 ? a->sigma_last : a->sigma_next;
            CHECK(fabs(got - s2) < 1e-3 * s2, "second singular value %g, expected %g", got, s2);
            CHECK(a->ambiguous == cases[c].ambiguous, "generator decision ambiguous = %d (rank %ld, last %g, next %g)",
                  a->ambiguous, (long)a->rank, a->sigma_last, a->sigma_next);
        }
        CHECK(lt_rank_log_num_ambiguous(log) == cases[c].n_ambiguous, "%ld ambiguous decisions",
              (long)lt_rank_log_num_ambiguous(log));
        lt_rank_log_clear(log);
        lt_fliealg_clear(L);
    }
}

static void mat_rank_rule(void)
{
    /* diag(1, s): the rule at tol 1e-10 (cut 1e-10, s_max 1) */
    struct { double s; slong rank; int ambiguous; } cases[] = {
        {1e-7, 2, 0}, {1e-9, 2, 1}, {1e-11, 1, 1}, {1e-13, 1, 0}, {0, 1, 0},
    };
    char name[64];
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        snprintf(name, sizeof name, "diag(1, %g)", cases[c].s);
        unit_case = name;
        double A[6] = {1, 0, 0, 0, cases[c].s, 0};   /* 2 x 3 */
        lt_rank_log_t log;
        lt_rank_log_init(log);
        lt_err_t err;
        lt_err_init(err);
        slong r = -1;
        CHECK(lt_fliealg_mat_rank(&r, A, 2, 3, 0, 1e-10, "test", log, err) == LT_OK, "%s", err->msg);
        CHECK(r == cases[c].rank, "rank %ld", (long)r);
        CHECK(log->n_decisions == 1 && log->d[0].ambiguous == cases[c].ambiguous && log->d[0].s_max == 1
              && !strcmp(log->d[0].what, "test"), "decision not as expected");
        lt_rank_log_clear(log);
    }
    /* a tall stack (folded into its QR factor on the way): 400 rows along
       the axes of R^4, mixed by a Householder reflection, which keeps the
       singular values sqrt(sum of the squared weights per axis) */
    unit_case = "tall stack";
    {
        enum { M = 400 };
        double *T = malloc(M * 4 * sizeof(double)), ss[4] = {0, 0, 0, 0}, v[4] = {1, -2, 0.5, 3}, vv = 0;
        for (int i = 0; i < 4; i++) vv += v[i] * v[i];
        for (int r = 0; r < M; r++) {
            int col = r % 4;
            double w = col < 3 ? 1 + r / 100.0 + col : 1e-12 * (1 + r % 7);
            ss[col] += w * w;
            for (int j = 0; j < 4; j++) T[r * 4 + j] = w * ((j == col) - 2 * v[col] * v[j] / vv);
        }
        lt_rank_log_t log;
        lt_rank_log_init(log);
        slong r = -1;
        lt_err_t err;
        lt_err_init(err);
        CHECK(lt_fliealg_mat_rank(&r, T, M, 4, 0, 1e-10, "tall", log, err) == LT_OK && r == 3, "rank %ld", (long)r);
        lt_rank_decision *d = log->d;
        CHECK(fabs(d->s_max - sqrt(ss[2])) < 1e-12 * sqrt(ss[2]) && fabs(d->sigma_last - sqrt(ss[0])) < 1e-12 * sqrt(ss[0])
              && fabs(d->sigma_next - sqrt(ss[3])) < 1e-3 * sqrt(ss[3]) && !d->ambiguous,
              "singular values %.17g %.17g %.17g, expected %.17g %.17g %.17g", d->s_max, d->sigma_last, d->sigma_next,
              sqrt(ss[2]), sqrt(ss[0]), sqrt(ss[3]));
        lt_rank_log_clear(log);
        free(T);
    }

    unit_case = "mat_rank scale";
    double A[4] = {1e-3, 0, 0, 1e-12};
    slong r = -1;
    lt_err_t err;
    lt_err_init(err);
    lt_fliealg_mat_rank(&r, A, 2, 2, 0, 1e-10, "relative", NULL, err);
    CHECK(r == 2, "relative cut: rank %ld", (long)r);   /* 1e-12 > 1e-10 * 1e-3 */
    lt_fliealg_mat_rank(&r, A, 2, 2, 1, 1e-10, "floored", NULL, err);
    CHECK(r == 1, "scale 1: rank %ld", (long)r);
    CHECK(lt_fliealg_mat_rank(&r, A, 0, 2, 1, 1e-10, "empty", NULL, err) == LT_OK && r == 0, "empty matrix");
}

/* ---- errors ---- */

static void errors(void)
{
    unit_case = "errors";
    double g[18];
    for (int i = 0; i < 18; i++) g[i] = runif();
    lt_fliealg_t L;
    lt_fliealg_init(L);
    lt_err_t err;
    lt_err_init(err);
    closure(L, g, 1, 3, 1e-10, NULL);
    CHECK(L->dim == 1, "one generator: dim %ld", (long)L->dim);
    g[9 + 2] = NAN;    /* generator 2, entry (1,3) */
    lt_status st = lt_fliealg_closure(L, g, 2, 3, 1e-10, NULL, ctx, err);
    CHECK(st == LT_ENUMERIC && strstr(err->msg, "generator 2") && strstr(err->msg, "(1,3)") && strstr(err->msg, "nan"),
          "NaN: status %d, '%s'", (int)st, err->msg);
    CHECK(L->dim == 1, "L changed by a failed closure");
    g[9 + 2] = 0;
    g[3 * 2 + 1] = -INFINITY;  /* generator 1, entry (3,2) */
    st = lt_fliealg_closure(L, g, 2, 3, 1e-10, NULL, ctx, err);
    CHECK(st == LT_ENUMERIC && strstr(err->msg, "generator 1") && strstr(err->msg, "(3,2)") && strstr(err->msg, "-inf"),
          "Inf: status %d, '%s'", (int)st, err->msg);
    g[3 * 2 + 1] = 0.5;
    double bad_tol[] = {0, 1, -1e-10, NAN};
    for (int i = 0; i < 4; i++)
        CHECK(lt_fliealg_closure(L, g, 2, 3, bad_tol[i], NULL, ctx, err) == LT_EINPUT, "tolerance %g accepted", bad_tol[i]);
    slong *d = NULL, len = 0;
    int z = 0;
    CHECK(lt_fliealg_derived_series(&d, &len, &z, L, 2, NULL, err) == LT_EINPUT && d == NULL, "series tolerance 2 accepted");
    double A[2] = {1, INFINITY};
    slong r;
    st = lt_fliealg_mat_rank(&r, A, 1, 2, 0, 1e-10, "m", NULL, err);
    CHECK(st == LT_ENUMERIC && strstr(err->msg, "(1,2)"), "mat_rank Inf: %d '%s'", (int)st, err->msg);

    /* limits */
    lt_ctx_t small;
    lt_ctx_init(small);
    small->max_dim = 10;
    double h[50];
    for (int i = 0; i < 50; i++) h[i] = runif();
    st = lt_fliealg_closure(L, h, 2, 5, 1e-10, NULL, small, err);
    CHECK(st == LT_ELIMIT && strstr(err->msg, "--max-dim 10"), "dimension limit: %d '%s'", (int)st, err->msg);
    small->max_dim = 4;
    st = lt_fliealg_closure(L, h, 2, 5, 1e-10, NULL, small, err);
    CHECK(st == LT_ELIMIT && strstr(err->msg, "matrix size 5"), "matrix size limit: %d '%s'", (int)st, err->msg);
    CHECK(L->dim == 1, "L changed by a failed closure");

    /* degenerate inputs: no generators, zero generators */
    closure(L, h, 0, 2, 1e-10, NULL);
    CHECK(L->dim == 0, "no generators: dim %ld", (long)L->dim);
    CHECK(lt_fliealg_derived_series(&d, &len, &z, L, 1e-10, NULL, err) == LT_OK && len == 1 && d[0] == 0 && z,
          "series of 0");
    lt_free(d);
    CHECK(center_dim(L, 1e-10, NULL) == 0 && killing_rank(L, 1e-10, NULL) == 0, "centre/Killing of 0");
    double zero[8] = {0};
    closure(L, zero, 2, 2, 1e-10, NULL);
    CHECK(L->dim == 0, "zero generators: dim %ld", (long)L->dim);
    lt_fliealg_clear(L);
}

int main(void)
{
    lt_ctx_init(ctx);
    so3();
    b2_golden_and_log();
    gl5_random();
    b3();
    nilpotent();
    agreement();
    near_degenerate();
    mat_rank_rule();
    errors();
    flint_cleanup();
    UNIT_DONE("t-float");
}
