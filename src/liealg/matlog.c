/* The principal real logarithm of a real matrix (lietool/liealg.h), for
   the generators of a trained layer's transitions (lietool ssm lie): the
   eigendecomposition X = V diag(lambda) V^-1 (LAPACK zgeev), then
   log X = V diag(log lambda) V^-1 with the principal branch, so that a
   conjugate pair of eigenvalues gives a conjugate pair of logarithms and
   the result is real up to round-off (Higham, "Functions of Matrices",
   2008, section 11.1: the principal logarithm exists and is real exactly
   when no eigenvalue is 0 or real and negative). */
#include <complex.h>
#include <math.h>
#include <string.h>
#include "../core/blas.h"
#include "lietool/liealg.h"

#define SZ(x) ((size_t)(x))

static lt_status diagonal_log(double *L, const double *X, slong n, int *done, lt_err_t err)
{
    *done = 0;
    for (slong i = 0; i < n; i++)
        for (slong j = 0; j < n; j++)
            if (i != j && X[i * n + j] != 0) return LT_OK;
    memset(L, 0, SZ(n) * SZ(n) * sizeof *L);
    for (slong i = 0; i < n; i++) {
        double x = X[i * n + i];
        if (!(x > 0))
            return lt_err_set(err, LT_ENUMERIC, "diagonal entry %ld is %g: no real logarithm", (long)i + 1, x);
        L[i * n + i] = log(x);
    }
    *done = 1;
    return LT_OK;
}

lt_status lt_fliealg_real_log(double *L, const double *X, slong n, lt_err_t err)
{
    if (lt_blas_load(err)) return err->status;
    int done;
    double norm = 0;
    for (slong i = 0; i < n * n; i++) {
        if (!isfinite(X[i])) return lt_err_set(err, LT_ENUMERIC, "entry %ld is not finite", (long)i + 1);
        norm = fmax(norm, fabs(X[i]));
    }
    lt_status st = diagonal_log(L, X, n, &done, err);
    if (st || done) return st;
    lapack_complex_double *a = lt_malloc(SZ(n) * SZ(n) * sizeof *a), *v = lt_malloc(SZ(n) * SZ(n) * sizeof *v),
                          *w = lt_malloc(SZ(n) * sizeof *w), *b = lt_malloc(SZ(n) * SZ(n) * sizeof *b);
    lapack_int *piv = lt_malloc(SZ(n) * sizeof *piv);
    for (slong i = 0; i < n * n; i++) a[i] = X[i];
    lapack_int info = LAPACKE_zgeev(LAPACK_ROW_MAJOR, 'N', 'V', (lapack_int)n, a, (lapack_int)n, w, NULL, (lapack_int)n, v,
                                    (lapack_int)n);
    if (info) { st = lt_err_set(err, LT_ENUMERIC, "the eigenvalues did not converge (zgeev info %d)", (int)info); goto out; }
    for (slong k = 0; k < n; k++) {
        double complex lam = w[k];
        if (cabs(lam) <= 1e-300 * fmax(norm, 1))
            { st = lt_err_set(err, LT_ENUMERIC, "an eigenvalue is 0: no logarithm"); goto out; }
        if (creal(lam) < 0 && fabs(cimag(lam)) <= 1e-12 * cabs(lam)) {
            st = lt_err_set(err, LT_ENUMERIC, "an eigenvalue is %g, real and negative: no real logarithm", creal(lam));
            goto out;
        }
    }
    /* b = V diag(log lambda); then L = b V^-1, from V^T L^T = b^T */
    for (slong i = 0; i < n; i++)
        for (slong k = 0; k < n; k++) b[k * n + i] = v[i * n + k] * clog(w[k]);       /* b^T */
    for (slong i = 0; i < n; i++)
        for (slong j = 0; j < n; j++) a[j * n + i] = v[i * n + j];                      /* V^T */
    double anorm = LAPACKE_zlange(LAPACK_ROW_MAJOR, '1', (lapack_int)n, (lapack_int)n, a, (lapack_int)n), rcond = 0;
    info = LAPACKE_zgetrf(LAPACK_ROW_MAJOR, (lapack_int)n, (lapack_int)n, a, (lapack_int)n, piv);
    if (!info) LAPACKE_zgecon(LAPACK_ROW_MAJOR, '1', (lapack_int)n, a, (lapack_int)n, anorm, &rcond);
    if (info || !(rcond >= 1e-10)) {
        st = lt_err_set(err, LT_ENUMERIC, "the matrix is not reliably diagonalisable (eigenvector condition %.1e)",
                        rcond > 0 ? 1 / rcond : INFINITY);
        goto out;
    }
    LAPACKE_zgetrs(LAPACK_ROW_MAJOR, 'N', (lapack_int)n, (lapack_int)n, a, (lapack_int)n, piv, b, (lapack_int)n);
    double imag = 0, lnorm = 0;
    for (slong i = 0; i < n; i++)
        for (slong j = 0; j < n; j++) {
            double complex z = b[j * n + i];            /* (L^T)^T */
            L[i * n + j] = creal(z);
            imag = fmax(imag, fabs(cimag(z)));
            lnorm = fmax(lnorm, cabs(z));
        }
    if (imag > 1e-8 * fmax(lnorm, 1))
        st = lt_err_set(err, LT_ENUMERIC, "the logarithm is not real (imaginary part %.1e)", imag);
out:
    lt_free(a);
    lt_free(v);
    lt_free(w);
    lt_free(b);
    lt_free(piv);
    return st;
}
