/* The floating-point path of the Lie-algebra engine: matrix Lie algebras
   over R in double precision, every dimension an SVD rank whose decision is
   logged with its singular-value gap (the rule is stated in
   include/lietool/liealg.h).

   Rank decisions are made on stacks of rows. A stack that grows past about
   twice its row length is folded into its triangular QR factor (Householder,
   backward stable), which has the same singular values and right singular
   vectors, so memory stays O(cols^2) however many brackets are stacked.
   Subspaces of L (the terms of the series) are kept as orthonormal bases in
   the coordinates of L's orthonormal basis, where brackets are taken back
   through the matrices; the coordinate map is an isometry, so ranks and
   singular values are those of the matrices themselves. */
#include <assert.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "../core/blas.h"
#include "lietool/liealg.h"
#include "lietool/liealg.h"

#define SZ(x) ((size_t)(x))

static slong smin(slong a, slong b) { return a < b ? a : b; }

/* ---- the log ---- */

void lt_rank_log_init(lt_rank_log_t log)
{
    log->n_decisions = 0;
    log->alloc = 0;
    log->d = NULL;
}

void lt_rank_log_clear(lt_rank_log_t log)
{
    lt_free(log->d);
}

slong lt_rank_log_num_ambiguous(const lt_rank_log_t log)
{
    slong c = 0;
    for (slong i = 0; i < log->n_decisions; i++) c += log->d[i].ambiguous != 0;
    return c;
}

int lt_rank_log_below_roundoff(const lt_rank_log_t log)
{
    int noise = 0;
    for (slong i = 0; i < log->n_decisions; i++) {
        const lt_rank_decision *e = log->d + i;
        noise |= e->ambiguous && e->sigma_last > 0 && e->sigma_last < 100 * DBL_EPSILON * e->s_max;
    }
    return noise;
}

static void log_push(lt_rank_log_t log, const lt_rank_decision *dec)
{
    if (!log) return;
    if (log->n_decisions == log->alloc) {
        log->alloc = log->alloc ? 2 * log->alloc : 8;
        log->d = lt_realloc(log->d, SZ(log->alloc) * sizeof *log->d);
    }
    log->d[log->n_decisions++] = *dec;
}

/* ---- small helpers ---- */

static lt_status check_tol(double tol, lt_err_t err)
{
    if (!(tol > 0 && tol < 1))
        return lt_err_set(err, LT_EINPUT, "tolerance '%g' is not in (0, 1)", tol);
    return LT_OK;
}

static const char *nonfinite_name(double x)
{
    return isnan(x) ? "nan" : x > 0 ? "inf" : "-inf";
}

/* 2-norm without overflow or underflow */
static double vnorm(const double *v, slong N)
{
    double m = 0, s = 0;
    for (slong i = 0; i < N; i++) if (fabs(v[i]) > m) m = fabs(v[i]);
    if (m == 0) return 0;
    for (slong i = 0; i < N; i++) { double t = v[i] / m; s += t * t; }
    return m * sqrt(s);
}

/* C = AB - BA for n x n row-major matrices */
static void mbracket(double *C, const double *A, const double *B, slong n)
{
    int ni = (int)n;
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, ni, ni, ni, 1.0, A, ni, B, ni, 0.0, C, ni);
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, ni, ni, ni, -1.0, B, ni, A, ni, 1.0, C, ni);
}

/* removes from the m rows of X (length N) their components in the span of
   the d orthonormal rows of Q; twice, which is enough for orthogonality to
   working precision (classical Gram-Schmidt with reorthogonalisation) */
static void project_off(double *X, slong m, const double *Q, slong d, slong N)
{
    if (m == 0 || d == 0) return;
    double *coef = lt_malloc(SZ(m) * SZ(d) * sizeof(double));
    for (int pass = 0; pass < 2; pass++) {
        cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasTrans, (int)m, (int)d, (int)N,
                    1.0, X, (int)N, Q, (int)N, 0.0, coef, (int)d);
        cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)m, (int)N, (int)d,
                    -1.0, coef, (int)d, Q, (int)N, 1.0, X, (int)N);
    }
    lt_free(coef);
}

/* orthonormalises the m rows of X in place (modified Gram-Schmidt, twice);
   rows that vanish are dropped; returns the number kept */
static slong orthonormalize(double *X, slong m, slong N)
{
    slong kept = 0;
    for (slong i = 0; i < m; i++) {
        double *x = X + SZ(i) * SZ(N);
        double before = vnorm(x, N);
        for (int pass = 0; pass < 2; pass++)
            for (slong j = 0; j < kept; j++) {
                const double *q = X + SZ(j) * SZ(N);
                double c = cblas_ddot((int)N, q, 1, x, 1);
                cblas_daxpy((int)N, -c, q, 1, x, 1);
            }
        double nr = vnorm(x, N);
        if (nr == 0 || nr < 1e-8 * before) continue;
        for (slong e = 0; e < N; e++) x[e] /= nr;
        if (kept != i) memcpy(X + SZ(kept) * SZ(N), x, SZ(N) * sizeof(double));
        kept++;
    }
    return kept;
}

/* ---- stacks of rows whose rank is to be decided ---- */

typedef struct {
    slong cols, rows, alloc, fold_at;
    double *a;          /* rows x cols, row-major */
} rstack;

static void rs_init(rstack *S, slong cols)
{
    S->cols = cols;
    S->rows = S->alloc = 0;
    S->fold_at = 2 * cols + 64;
    S->a = NULL;
}

static void rs_clear(rstack *S)
{
    lt_free(S->a);
    S->a = NULL;
    S->rows = S->alloc = 0;
}

/* replaces the rows by the triangular factor R of their QR factorisation */
static lt_status rs_fold(rstack *S, lt_err_t err)
{
    slong m = S->rows, c = S->cols, p = smin(m, c);
    if (c == 0) { S->rows = 0; return LT_OK; }
    if (m <= c) return LT_OK;
    double *tau = lt_malloc(SZ(p + 1) * sizeof(double));
    lapack_int info = LAPACKE_dgeqrf(LAPACK_ROW_MAJOR, (lapack_int)m, (lapack_int)c, S->a, (lapack_int)c, tau);
    lt_free(tau);
    if (info != 0)
        return lt_err_set(err, LT_ENUMERIC, "the QR factorisation failed (lapack info %d)", (int)info);
    for (slong i = 0; i < p; i++)
        for (slong j = 0; j < i; j++) S->a[SZ(i) * SZ(c) + SZ(j)] = 0;
    S->rows = p;
    return LT_OK;
}

/* appends m rows */
static lt_status rs_push(rstack *S, const double *src, slong m, lt_err_t err)
{
    slong c = S->cols;
    while (m > 0) {
        if (S->rows >= S->fold_at) {
            lt_status st = rs_fold(S, err);
            if (st) return st;
        }
        slong take = smin(m, S->fold_at - S->rows);
        if (S->rows + take > S->alloc) {
            slong na = S->alloc ? 2 * S->alloc : 16;
            while (na < S->rows + take) na *= 2;
            if (na > S->fold_at) na = S->fold_at;
            S->a = lt_realloc(S->a, SZ(na) * SZ(c) * sizeof(double));
            S->alloc = na;
        }
        memcpy(S->a + SZ(S->rows) * SZ(c), src, SZ(take) * SZ(c) * sizeof(double));
        S->rows += take;
        src += SZ(take) * SZ(c);
        m -= take;
    }
    return LT_OK;
}

/* Decides the rank of the stack (its rows are destroyed). The stack stands
   for [Q; rows] where Q has `ones` orthonormal rows orthogonal to the rows
   (the closure's current basis): its singular values are `ones` ones and
   those of the rows. s_max = max(scale, 1 if ones, sigma_1 of the rows).
   If vt is given it receives the right singular vectors (row-major, at
   least rank - ones rows of length cols) of the rows' values that count. */
static lt_status rs_decide(slong *rank, double **vt, rstack *S, slong ones, double scale, double tol,
                           const char *what, lt_rank_log_t log, lt_err_t err)
{
    slong m = S->rows, c = S->cols, p = smin(m, c);
    double *s = lt_malloc(SZ(p + 1) * sizeof(double));
    double *v = NULL;
    if (vt) *vt = NULL;
    if (p > 0) {
        double *superb = lt_malloc(SZ(p + 1) * sizeof(double));
        double dummy = 0;
        if (vt) v = lt_malloc(SZ(p) * SZ(c) * sizeof(double));
        lapack_int info = LAPACKE_dgesvd(LAPACK_ROW_MAJOR, 'N', vt ? 'S' : 'N', (lapack_int)m, (lapack_int)c,
                                         S->a, (lapack_int)c, s, &dummy, 1, vt ? v : &dummy,
                                         (lapack_int)c, superb);
        lt_free(superb);
        if (info != 0) {
            lt_free(s); lt_free(v);
            return lt_err_set(err, LT_ENUMERIC, "%s: the singular value decomposition failed (lapack info %d)",
                              what, (int)info);
        }
        for (slong i = 0; i < p; i++)
            if (!isfinite(s[i])) {
                lt_free(s); lt_free(v);
                return lt_err_set(err, LT_ENUMERIC, "%s: a singular value is not finite", what);
            }
    }
    double smax = scale;
    if (ones > 0 && smax < 1) smax = 1;
    if (p > 0 && s[0] > smax) smax = s[0];
    double cut = tol * smax;
    slong r = 0;
    while (r < p && s[r] > cut) r++;
    lt_rank_decision dec;
    memset(&dec, 0, sizeof dec);
    snprintf(dec.what, sizeof dec.what, "%s", what);
    dec.rank = ones + r;
    dec.sigma_last = r > 0 ? s[r - 1] : 0;
    if (ones > 0 && (r == 0 || dec.sigma_last > 1)) dec.sigma_last = 1;
    dec.sigma_next = r < p ? s[r] : 0;
    dec.has_next = r < p;
    dec.tol = tol;
    dec.s_max = smax;
    dec.roundoff = LT_FLIEALG_ROUNDOFF * DBL_EPSILON * smax;
    /* a kept singular value within two orders of magnitude of the round-off
       of the data and the SVD (DBL_EPSILON * s_max) cannot be told from 0,
       whatever --tol says */
    dec.ambiguous = (dec.rank > 0 && dec.sigma_last < 100 * cut) || dec.sigma_next > cut / 100
                 || (r > 0 && s[r - 1] < dec.roundoff);
    log_push(log, &dec);
    *rank = dec.rank;
    if (vt) *vt = v;
    lt_free(s);
    return LT_OK;
}

lt_status lt_fliealg_mat_rank(slong *rank, const double *A, slong m, slong c, double scale,
                              double tol, const char *what, lt_rank_log_t log, lt_err_t err)
{
    if (lt_blas_load(err)) return err->status;
    if (!what) what = "rank";
    lt_status st = check_tol(tol, err);
    if (st) return st;
    if (m < 0 || c < 0) return lt_err_set(err, LT_EINPUT, "%s: matrix size %ld x %ld is negative", what, (long)m, (long)c);
    if (!(scale >= 0 && isfinite(scale))) return lt_err_set(err, LT_EINPUT, "%s: scale '%g' is not a finite non-negative number", what, scale);
    for (slong i = 0; i < m; i++)
        for (slong j = 0; j < c; j++) {
            double x = A[SZ(i) * SZ(c) + SZ(j)];
            if (!isfinite(x))
                return lt_err_set(err, LT_ENUMERIC, "%s: non-finite entry (%s) at (%ld,%ld)", what,
                                  nonfinite_name(x), (long)i + 1, (long)j + 1);
        }
    rstack S;
    rs_init(&S, c);
    st = c > 0 ? rs_push(&S, A, m, err) : LT_OK;
    if (!st) st = rs_decide(rank, NULL, &S, 0, scale, tol, what, log, err);
    rs_clear(&S);
    return st;
}

/* ---- Lie algebras ---- */

void lt_fliealg_init(lt_fliealg_t L)
{
    L->n = 0;
    L->dim = 0;
    L->basis = NULL;
}

void lt_fliealg_clear(lt_fliealg_t L)
{
    lt_free(L->basis);
}

static lt_status elimit_dim(lt_err_t err, const lt_ctx_t ctx)
{
    return lt_err_set(err, LT_ELIMIT, "the generated Lie algebra has dimension above `max_dim` %ld", ctx->max_dim);
}

lt_status lt_fliealg_closure(lt_fliealg_t L, const double *gens, slong k, slong n, double tol,
                             lt_rank_log_t log, const lt_ctx_t ctx, lt_err_t err)
{
    if (lt_blas_load(err)) return err->status;
    lt_status st = check_tol(tol, err);
    if (st) return st;
    if (n < 1) return lt_err_set(err, LT_EINPUT, "matrix size %ld is not positive", (long)n);
    if (k < 0) return lt_err_set(err, LT_EINPUT, "number of generators %ld is negative", (long)k);
    if (n > ctx->max_dim)
        return lt_err_set(err, LT_ELIMIT, "matrix size %ld is above `max_dim` %ld", (long)n, ctx->max_dim);
    slong N = n * n;
    for (slong i = 0; i < k; i++)
        for (slong e = 0; e < N; e++) {
            double x = gens[SZ(i) * SZ(N) + SZ(e)];
            if (!isfinite(x))
                return lt_err_set(err, LT_ENUMERIC, "generator %ld has a non-finite entry (%s) at (%ld,%ld)",
                                  (long)i + 1, nonfinite_name(x), (long)(e / n) + 1, (long)(e % n) + 1);
        }

    /* the generators scaled to unit norm (zero ones stay zero) */
    double *G = lt_malloc(SZ(k) * SZ(N) * sizeof(double) + 1);
    for (slong i = 0; i < k; i++) {
        const double *g = gens + SZ(i) * SZ(N);
        double nr = vnorm(g, N);
        for (slong e = 0; e < N; e++) G[SZ(i) * SZ(N) + SZ(e)] = nr > 0 ? g[e] / nr : 0;
    }

    rstack S;
    rs_init(&S, N);
    double *Q = NULL, *V = NULL, *cand = NULL;
    slong d = 0, qalloc = 0, r = 0;
    st = rs_push(&S, G, k, err);
    if (!st) st = rs_decide(&r, &V, &S, 0, 1.0, tol, "closure: generators", log, err);
    rs_clear(&S);
    if (!st && r > ctx->max_dim) st = elimit_dim(err, ctx);
    if (!st) {
        qalloc = r > 16 ? r : 16;
        Q = lt_malloc(SZ(qalloc) * SZ(N) * sizeof(double));
        if (r > 0) memcpy(Q, V, SZ(r) * SZ(N) * sizeof(double));
        d = orthonormalize(Q, r, N);
    }
    lt_free(V);
    V = NULL;

    /* bracket the generators with the directions new in the last round */
    const slong blk = 64;
    cand = lt_malloc(SZ(blk) * SZ(N) * sizeof(double));
    slong newlo = 0, newhi = d, round = 1;
    while (!st && newhi > newlo && d < N) {
        round++;
        rs_init(&S, N);
        slong cnt = 0;
        for (slong q = newlo; q < newhi && !st; q++)
            for (slong i = 0; i < k && !st; i++) {
                mbracket(cand + SZ(cnt) * SZ(N), G + SZ(i) * SZ(N), Q + SZ(q) * SZ(N), n);
                if (++cnt == blk || (q == newhi - 1 && i == k - 1)) {
                    project_off(cand, cnt, Q, d, N);
                    st = rs_push(&S, cand, cnt, err);
                    cnt = 0;
                }
            }
        char what[64];
        snprintf(what, sizeof what, "closure: round %ld", (long)round);
        if (!st) st = rs_decide(&r, &V, &S, d, 1.0, tol, what, log, err);
        rs_clear(&S);
        if (!st && r > ctx->max_dim) st = elimit_dim(err, ctx);
        if (st) {
            lt_free(V);
            break;
        }
        slong rnew = r - d;
        if (rnew > 0) {
            if (r > qalloc) {
                while (qalloc < r) qalloc *= 2;
                Q = lt_realloc(Q, SZ(qalloc) * SZ(N) * sizeof(double));
            }
            double *nw = Q + SZ(d) * SZ(N);
            memcpy(nw, V, SZ(rnew) * SZ(N) * sizeof(double));
            /* the singular vectors of values near the cut are orthogonal to
               Q only to about eps / sigma: restore it */
            project_off(nw, rnew, Q, d, N);
            rnew = orthonormalize(nw, rnew, N);
        }
        lt_free(V);
        V = NULL;
        newlo = d;
        newhi = d + rnew;
        d += rnew;
        if (ctx->progress) ctx->progress(ctx->progress_arg, "closing under the bracket", (double)d, (double)N);
    }
    if (ctx->progress) ctx->progress(ctx->progress_arg, "", 1, 1);
    lt_free(cand);
    lt_free(G);
    if (st) {
        lt_free(Q);
        return st;
    }
    lt_free(L->basis);
    L->n = n;
    L->dim = d;
    if (d > 0) {
        L->basis = lt_realloc(Q, SZ(d) * SZ(N) * sizeof(double));
    } else {
        lt_free(Q);
        L->basis = NULL;
    }
    return LT_OK;
}

/* C (m x d) = coordinates of the m matrices M (m x N) in L's basis */
static void to_coords(double *C, const double *M, slong m, const lt_fliealg_t L)
{
    slong N = L->n * L->n, d = L->dim;
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasTrans, (int)m, (int)d, (int)N,
                1.0, M, (int)N, L->basis, (int)N, 0.0, C, (int)d);
}

/* X (t x N) = the matrices of the t coordinate vectors U (t x d) */
static void to_matrices(double *X, const double *U, slong t, const lt_fliealg_t L)
{
    slong N = L->n * L->n, d = L->dim;
    cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, (int)t, (int)N, (int)d,
                1.0, U, (int)d, L->basis, (int)N, 0.0, X, (int)N);
}

/* pushes the coordinates of [X_a, Y_b] for all a, b (a < b if upper: then
   Y is X) onto S */
static lt_status push_brackets(rstack *S, const double *X, slong t, const double *Y, slong s, int upper,
                               const lt_fliealg_t L, lt_err_t err)
{
    slong n = L->n, N = n * n, d = L->dim;
    const slong blk = 64;
    double *M = lt_malloc(SZ(blk) * SZ(N) * sizeof(double));
    double *C = lt_malloc(SZ(blk) * SZ(d) * sizeof(double));
    slong cnt = 0;
    lt_status st = LT_OK;
    for (slong a = 0; a < t && !st; a++)
        for (slong b = upper ? a + 1 : 0; b < s && !st; b++) {
            mbracket(M + SZ(cnt) * SZ(N), X + SZ(a) * SZ(N), Y + SZ(b) * SZ(N), n);
            if (++cnt == blk) {
                to_coords(C, M, cnt, L);
                st = rs_push(S, C, cnt, err);
                cnt = 0;
            }
        }
    if (!st && cnt > 0) {
        to_coords(C, M, cnt, L);
        st = rs_push(S, C, cnt, err);
    }
    lt_free(M);
    lt_free(C);
    return st;
}

static lt_status check_alg(const lt_fliealg_t L, double tol, lt_err_t err)
{
    lt_status st = check_tol(tol, err);
    if (st) return st;
    if (L->dim < 0 || L->n < 0 || (L->dim > 0 && (L->n < 1 || !L->basis)))
        return lt_err_set(err, LT_EINPUT, "the Lie algebra is not initialised");
    return LT_OK;
}

/* kind 0 derived, 1 lower central */
static lt_status down_series(slong **dims, slong *len, int *reaches_zero, const lt_fliealg_t L, int kind,
                             double tol, lt_rank_log_t log, lt_err_t err)
{
    *dims = NULL;
    *len = 0;
    *reaches_zero = 0;
    lt_status st = check_alg(L, tol, err);
    if (st) return st;
    slong d = L->dim, N = L->n * L->n;
    slong cnt = 1, alloc = 8;
    slong *out = lt_malloc(SZ(alloc) * sizeof(slong));
    out[0] = d;
    /* the current term: t orthonormal coordinate vectors U and matrices X;
       term 0 is L itself (U = I, X = the basis) */
    slong t = d;
    double *U = NULL, *X = NULL;
    for (slong i = 1; !st; i++) {
        if (t == 0) { *reaches_zero = 1; break; }
        const double *Xc = X ? X : L->basis;
        rstack S;
        rs_init(&S, d);
        /* [L, L] is the first step of both series: the same pairs, so that
           the two logs agree there */
        if (kind == 0 || i == 1) st = push_brackets(&S, Xc, t, Xc, t, 1, L, err);
        else st = push_brackets(&S, Xc, t, L->basis, d, 0, L, err);
        char what[64];
        snprintf(what, sizeof what, "%s: term %ld", kind == 0 ? "derived series" : "lower central series", (long)i);
        slong r = 0;
        double *V = NULL;
        if (!st) st = rs_decide(&r, &V, &S, 0, 1.0, tol, what, log, err);
        rs_clear(&S);
        if (st) { lt_free(V); break; }
        if (r >= t) { lt_free(V); break; }   /* the term repeats */
        if (cnt == alloc) { alloc *= 2; out = lt_realloc(out, SZ(alloc) * sizeof(slong)); }
        out[cnt++] = r;
        lt_free(U);
        lt_free(X);
        U = V;     /* its first r rows: an orthonormal basis of the new term */
        X = lt_malloc(SZ(r) * SZ(N) * sizeof(double) + 1);
        if (r > 0) to_matrices(X, U, r, L);
        t = r;
    }
    lt_free(U);
    lt_free(X);
    if (st) {
        lt_free(out);
        *reaches_zero = 0;
        return st;
    }
    *dims = out;
    *len = cnt;
    return LT_OK;
}

lt_status lt_fliealg_derived_series(slong **dims, slong *len, int *reaches_zero, const lt_fliealg_t L,
                                    double tol, lt_rank_log_t log, lt_err_t err)
{
    if (lt_blas_load(err)) return err->status;
    return down_series(dims, len, reaches_zero, L, 0, tol, log, err);
}

lt_status lt_fliealg_lower_central_series(slong **dims, slong *len, int *reaches_zero,
                                          const lt_fliealg_t L, double tol, lt_rank_log_t log,
                                          lt_err_t err)
{
    if (lt_blas_load(err)) return err->status;
    return down_series(dims, len, reaches_zero, L, 1, tol, log, err);
}

lt_status lt_fliealg_center_dim(slong *dim, const lt_fliealg_t L, double tol, lt_rank_log_t log,
                                lt_err_t err)
{
    if (lt_blas_load(err)) return err->status;
    lt_status st = check_alg(L, tol, err);
    if (st) return st;
    slong n = L->n, N = n * n, d = L->dim;
    /* the stack of the maps x -> [x, b_j] in coordinates: block j has rows
       k (the coordinate of the image) and columns i (x = b_i) */
    rstack S;
    rs_init(&S, d);
    double *M = lt_malloc(SZ(d) * SZ(N) * sizeof(double) + 1);
    double *T = lt_malloc(SZ(d) * SZ(d) * sizeof(double) + 1);
    double *Tt = lt_malloc(SZ(d) * SZ(d) * sizeof(double) + 1);
    for (slong j = 0; j < d && !st; j++) {
        for (slong i = 0; i < d; i++)
            mbracket(M + SZ(i) * SZ(N), L->basis + SZ(i) * SZ(N), L->basis + SZ(j) * SZ(N), n);
        to_coords(T, M, d, L);                 /* row i: [b_i, b_j] */
        for (slong i = 0; i < d; i++)
            for (slong kk = 0; kk < d; kk++) Tt[SZ(kk) * SZ(d) + SZ(i)] = T[SZ(i) * SZ(d) + SZ(kk)];
        st = rs_push(&S, Tt, d, err);
    }
    slong r = 0;
    if (!st) st = rs_decide(&r, NULL, &S, 0, 1.0, tol, "center: rank of ad", log, err);
    rs_clear(&S);
    lt_free(M); lt_free(T); lt_free(Tt);
    if (st) return st;
    *dim = d - r;
    return LT_OK;
}

void lt_fliealg_killing(double *K, const lt_fliealg_t L)
{
    /* K_ij = sum_l sum_m <[b_i, b_m], b_l> <[b_j, b_l], b_m>, and
       <[b_i, b_m], b_l> = <b_m, [b_i^T, b_l]> for real matrices, so
       K = sum_l U_l W_l^T with row i of U_l the coordinates of [b_i^T, b_l]
       and row j of W_l those of [b_j, b_l]: O(d^2 + d n^2) memory. */
    slong n = L->n, N = n * n, d = L->dim;
    if (d == 0) return;
    memset(K, 0, SZ(d) * SZ(d) * sizeof(double));
    double *Bt = lt_malloc(SZ(d) * SZ(N) * sizeof(double));
    double *M = lt_malloc(SZ(d) * SZ(N) * sizeof(double));
    double *U = lt_malloc(SZ(d) * SZ(d) * sizeof(double));
    double *W = lt_malloc(SZ(d) * SZ(d) * sizeof(double));
    for (slong i = 0; i < d; i++)
        for (slong a = 0; a < n; a++)
            for (slong b = 0; b < n; b++)
                Bt[SZ(i) * SZ(N) + SZ(a * n + b)] = L->basis[SZ(i) * SZ(N) + SZ(b * n + a)];
    for (slong l = 0; l < d; l++) {
        const double *bl = L->basis + SZ(l) * SZ(N);
        for (slong i = 0; i < d; i++) mbracket(M + SZ(i) * SZ(N), Bt + SZ(i) * SZ(N), bl, n);
        to_coords(U, M, d, L);
        for (slong j = 0; j < d; j++) mbracket(M + SZ(j) * SZ(N), L->basis + SZ(j) * SZ(N), bl, n);
        to_coords(W, M, d, L);
        cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasTrans, (int)d, (int)d, (int)d,
                    1.0, U, (int)d, W, (int)d, 1.0, K, (int)d);
    }
    for (slong i = 0; i < d; i++)
        for (slong j = 0; j < i; j++) {
            double m = 0.5 * (K[SZ(i) * SZ(d) + SZ(j)] + K[SZ(j) * SZ(d) + SZ(i)]);
            K[SZ(i) * SZ(d) + SZ(j)] = K[SZ(j) * SZ(d) + SZ(i)] = m;
        }
    lt_free(Bt); lt_free(M); lt_free(U); lt_free(W);
}

lt_status lt_fliealg_killing_rank(slong *rank, const lt_fliealg_t L, double tol, lt_rank_log_t log,
                                  lt_err_t err)
{
    if (lt_blas_load(err)) return err->status;
    lt_status st = check_alg(L, tol, err);
    if (st) return st;
    slong d = L->dim;
    double *K = lt_malloc(SZ(d) * SZ(d) * sizeof(double) + 1);
    lt_fliealg_killing(K, L);
    rstack S;
    rs_init(&S, d);
    st = d > 0 ? rs_push(&S, K, d, err) : LT_OK;
    if (!st) st = rs_decide(rank, NULL, &S, 0, 1.0, tol, "killing form", log, err);
    rs_clear(&S);
    lt_free(K);
    return st;
}

/* ---- from exact algebras; the profile ---- */

lt_status lt_fliealg_from_liealg(lt_fliealg_t F, const lt_liealg_t L, double tol, lt_rank_log_t log,
                                 const lt_ctx_t ctx, lt_err_t err)
{
    if (lt_blas_load(err)) return err->status;
    assert(L->n > 0);
    slong n = L->n, k = L->dim;
    double *g = lt_malloc(SZ(k ? k : 1) * SZ(n * n) * sizeof(double));
    for (slong r = 0; r < k; r++)
        for (slong i = 0; i < n; i++)
            for (slong j = 0; j < n; j++)
                g[(r * n + i) * n + j] = fmpq_get_d(fmpq_mat_entry(L->mats + r, i, j));
    lt_status st = lt_fliealg_closure(F, g, k, n, tol, log, ctx, err);
    lt_free(g);
    return st;
}

void lt_fliealg_profile_init(lt_fliealg_profile_t P)
{
    memset(P, 0, sizeof *P);
    P->derived_length = P->nilpotency_class = P->center_dim = P->killing_rank = -1;
}

void lt_fliealg_profile_clear(lt_fliealg_profile_t P)
{
    lt_free(P->derived);
    lt_free(P->lower);
}

lt_status lt_fliealg_profile(lt_fliealg_profile_t P, const lt_fliealg_t L, unsigned parts, double tol,
                             lt_rank_log_t log, lt_err_t err)
{
    if (lt_blas_load(err)) return err->status;
    lt_status st = LT_OK;
    P->dim = L->dim;
    if (parts & LT_FLIEALG_PROFILE_DERIVED) {
        st = lt_fliealg_derived_series(&P->derived, &P->derived_len, &P->solvable, L, tol, log, err);
        if (st) return st;
        P->parts |= LT_FLIEALG_PROFILE_DERIVED;
        P->perfect = P->derived_len == 1;
        P->derived_length = P->solvable ? P->derived_len - 1 : -1;
    }
    if (parts & LT_FLIEALG_PROFILE_LOWER) {
        st = lt_fliealg_lower_central_series(&P->lower, &P->lower_len, &P->nilpotent, L, tol, log, err);
        if (st) return st;
        P->parts |= LT_FLIEALG_PROFILE_LOWER;
        P->abelian = L->dim == 0 || (P->lower_len > 1 && P->lower[1] == 0);
        P->nilpotency_class = P->nilpotent ? P->lower_len - 1 : -1;
    }
    if (parts & LT_FLIEALG_PROFILE_CENTER) {
        if ((st = lt_fliealg_center_dim(&P->center_dim, L, tol, log, err))) return st;
        P->parts |= LT_FLIEALG_PROFILE_CENTER;
    }
    if (parts & LT_FLIEALG_PROFILE_KILLING) {
        if ((st = lt_fliealg_killing_rank(&P->killing_rank, L, tol, log, err))) return st;
        P->parts |= LT_FLIEALG_PROFILE_KILLING;
        P->semisimple = P->killing_rank == L->dim;
    }
    return LT_OK;
}
