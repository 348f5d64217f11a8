/* The generator mass eps of Corollary 3.6 (Heo et al.), computed from a
   task's generators, and the radius of convergence of the Magnus series
   (see include/lietool/depth.h). Norms are spectral (lt_rmat_norm,
   one-sided Jacobi in MPFR), so the result does not depend on the BLAS. */
#include <math.h>
#include "lietool/depth.h"
#include "lietool/free.h"

/* Working precision: the printed values have 7 digits; 128 bits leave
   the rounding of the norms and of asin far below them. */
#define MASS_PREC 128

void lt_depth_mass_init(lt_depth_mass_t M)
{
    mpfr_init2(M->eps, 64);
    mpfr_init2(M->largest, 64);
    mpfr_set_zero(M->eps, 1);
    mpfr_set_zero(M->largest, 1);
    M->count = 0;
}

void lt_depth_mass_clear(lt_depth_mass_t M)
{
    mpfr_clear(M->eps);
    mpfr_clear(M->largest);
}

/* Folds the norms nrm[0..k) into M: the sum and the largest, times h. */
static void mass_set(lt_depth_mass_t M, const __mpfr_struct *nrm, slong k, const fmpq_t h)
{
    mpfr_t sum, big, hh;
    mpfr_inits2(MASS_PREC, sum, big, hh, (mpfr_ptr)0);
    mpfr_set_zero(sum, 1);
    mpfr_set_zero(big, 1);
    for (slong i = 0; i < k; i++) {
        mpfr_add(sum, sum, nrm + i, MPFR_RNDN);
        mpfr_max(big, big, nrm + i, MPFR_RNDN);
    }
    fmpq_get_mpfr(hh, h, MPFR_RNDN);
    mpfr_mul(M->eps, sum, hh, MPFR_RNDN);
    mpfr_mul(M->largest, big, hh, MPFR_RNDN);
    M->count = k;
    mpfr_clears(sum, big, hh, (mpfr_ptr)0);
}

lt_status lt_depth_mass_matrices(lt_depth_mass_t M, const double *gens, slong k, slong n, const fmpq_t h,
                                 lt_err_t err)
{
    lt_status st = LT_OK;
    __mpfr_struct *nrm = lt_malloc((size_t)k * sizeof *nrm);
    lt_rmat_t A;
    lt_rmat_init(A, n, MASS_PREC);
    for (slong i = 0; i < k; i++) {
        mpfr_init2(nrm + i, MASS_PREC);
        for (slong e = 0; e < n * n; e++) mpfr_set_d(A->e + e, gens[i * n * n + e], MPFR_RNDN);
        if (!st && (st = lt_rmat_norm(nrm + i, A, LT_NORM_SPECTRAL, err))) lt_err_prefix(err, "generator %ld", (long)i + 1);
    }
    if (!st) mass_set(M, nrm, k, h);
    for (slong i = 0; i < k; i++) mpfr_clear(nrm + i);
    lt_free(nrm);
    lt_rmat_clear(A);
    return st;
}

void lt_depth_mass_norms(lt_depth_mass_t M, const double *norms, slong k, const fmpq_t h)
{
    __mpfr_struct *nrm = lt_malloc((size_t)(k ? k : 1) * sizeof *nrm);
    for (slong i = 0; i < k; i++) {
        mpfr_init2(nrm + i, MASS_PREC);
        mpfr_set_d(nrm + i, norms[i], MPFR_RNDN);
    }
    mass_set(M, nrm, k, h);
    for (slong i = 0; i < k; i++) mpfr_clear(nrm + i);
    lt_free(nrm);
}

/* Q = rho(g) for the i-th assignment of R, at Q's precision: a + b sqrt(d)
   from the exact entries, or the doubles of a file with decimals. */
static void rep_matrix(lt_rmat_t Q, const lt_rep_t R, int i)
{
    slong nn = R->n * R->n;
    mpfr_t s, t;
    mpfr_inits2(MASS_PREC, s, t, (mpfr_ptr)0);
    mpfr_sqrt_ui(s, (unsigned long)R->d, MPFR_RNDN);
    for (slong e = 0; e < nn; e++) {
        if (!R->exact) { mpfr_set_d(Q->e + e, R->x[i * nn + e], MPFR_RNDN); continue; }
        fmpq_get_mpfr(Q->e + e, R->a + i * nn + e, MPFR_RNDN);
        fmpq_get_mpfr(t, R->b + i * nn + e, MPFR_RNDN);
        mpfr_fma(Q->e + e, t, s, Q->e + e, MPFR_RNDN);
    }
    mpfr_clears(s, t, (mpfr_ptr)0);
}

/* The largest |entry| of Q^T Q - I (T and P scratch). */
static double orthogonality_defect(const lt_rmat_t Q, lt_rmat_t T, lt_rmat_t P)
{
    slong n = Q->n;
    for (slong i = 0; i < n; i++)
        for (slong j = 0; j < n; j++) mpfr_set(lt_rmat_entry(T, i, j), lt_rmat_entry(Q, j, i), MPFR_RNDN);
    lt_rmat_mul(P, T, Q);
    double worst = 0;
    for (slong i = 0; i < n; i++)
        for (slong j = 0; j < n; j++) {
            double x = fabs(mpfr_get_d(lt_rmat_entry(P, i, j), MPFR_RNDN) - (i == j));
            if (x > worst) worst = x;
        }
    return worst;
}

lt_status lt_depth_mass_rep(lt_depth_mass_t M, const lt_rep_t R, const fmpq_t h, double tol, const char *where,
                            lt_err_t err)
{
    lt_status st = LT_OK;
    slong k = R->count, n = R->n;
    __mpfr_struct *nrm = lt_malloc((size_t)(k > 0 ? k : 1) * sizeof *nrm);
    lt_rmat_t Q, T, P;
    lt_rmat_init(Q, n, MASS_PREC);
    lt_rmat_init(T, n, MASS_PREC);
    lt_rmat_init(P, n, MASS_PREC);
    for (slong i = 0; i < k; i++) mpfr_init2(nrm + i, MASS_PREC);
    for (slong i = 0; i < k && !st; i++) {
        rep_matrix(Q, R, (int)i);
        double defect = orthogonality_defect(Q, T, P);
        if (!(defect <= tol)) {
            st = lt_err_set(err, LT_EINPUT,
                            "%s:%ld: the matrix of %s is not orthogonal (an entry of R^T R - I is %.3g, above `tol` %g), "
                            "so the norm of its logarithm is not its rotation angle; give `eps`",
                            where, R->line[i], R->label[i], defect, tol);
            break;
        }
        /* ||Q - I||_2 = max |e^(i theta) - 1| = 2 sin(max |theta| / 2),
           increasing in |theta| on [0, pi] */
        for (slong j = 0; j < n; j++) mpfr_sub_ui(lt_rmat_entry(Q, j, j), lt_rmat_entry(Q, j, j), 1, MPFR_RNDN);
        if ((st = lt_rmat_norm(nrm + i, Q, LT_NORM_SPECTRAL, err))) {
            lt_err_prefix(err, "%s:%ld: the matrix of %s", where, R->line[i], R->label[i]);
            break;
        }
        mpfr_div_ui(nrm + i, nrm + i, 2, MPFR_RNDN);
        if (mpfr_cmp_ui(nrm + i, 1) > 0) mpfr_set_ui(nrm + i, 1, MPFR_RNDN);
        mpfr_asin(nrm + i, nrm + i, MPFR_RNDN);
        mpfr_mul_ui(nrm + i, nrm + i, 2, MPFR_RNDN);
    }
    if (!st) mass_set(M, nrm, k, h);
    for (slong i = 0; i < k; i++) mpfr_clear(nrm + i);
    lt_free(nrm);
    lt_rmat_clear(Q);
    lt_rmat_clear(T);
    lt_rmat_clear(P);
    return st;
}

/* Moan and Niesen 2008: the Magnus series converges when the integral of
   ||A(t)||_2 is below pi. pi is taken 64 bits beyond eps's precision and
   rounded down, so a mass that rounds to pi's neighbourhood counts as
   outside. */
int lt_depth_magnus_converges(const mpfr_t eps)
{
    mpfr_t pi;
    mpfr_init2(pi, mpfr_get_prec(eps) + 64);
    mpfr_const_pi(pi, MPFR_RNDD);
    int below = mpfr_cmp(eps, pi) < 0;
    mpfr_clear(pi);
    return below;
}
