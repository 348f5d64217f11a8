/* The commutator contrast (lietool/free.h): translations commute, so the
   BCH term Omega_2 = (1/2)[X,Y] is 0; two 90-degree rotations about x and
   y do not, Omega_2 = (pi^2/8) L_z. The BCH coefficient comes from the
   exact series, the brackets are exact over Q, the rotations MPFR. */
#include "lietool/free.h"

/* The coefficient of [X,Y] in log(e^X e^Y), from the exact BCH series. */
static lt_status bch_c2(fmpq_t c2, const lt_ctx_t ctx, lt_err_t err)
{
    lt_lyndon_t B;
    lt_lyndon_init(B);
    lt_status st = lt_free_lyndon_basis(B, 2, 2, ctx, err);
    if (!st) {
        fmpq *c = _fmpq_vec_init(B->n);
        st = lt_free_bch(c, B, 0, ctx, err);
        static const unsigned char xy[2] = {0, 1};
        if (!st) fmpq_set(c2, c + lt_free_lyndon_find(B, xy, 2));
        _fmpq_vec_clear(c, B->n);
    }
    lt_lyndon_clear(B);
    return st;
}

static void qmat_set(fmpq_mat_t M, const int *v)
{
    for (slong i = 0; i < 3; i++)
        for (slong j = 0; j < 3; j++) fmpq_set_si(fmpq_mat_entry(M, i, j), v[3 * i + j], 1);
}

static void qbracket(fmpq_mat_t C, const fmpq_mat_t A, const fmpq_mat_t B)
{
    fmpq_mat_t T;
    fmpq_mat_init(T, 3, 3);
    fmpq_mat_mul(C, A, B);
    fmpq_mat_mul(T, B, A);
    fmpq_mat_sub(C, C, T);
    fmpq_mat_clear(T);
}

/* out = ||M||_F for an exact M, at out's precision. */
static lt_status qmat_norm(mpfr_t out, const fmpq_mat_t M, lt_err_t err)
{
    lt_rmat_t R;
    lt_rmat_init(R, 3, mpfr_get_prec(out));
    mpq_t q;
    mpq_init(q);
    for (slong i = 0; i < 3; i++)
        for (slong j = 0; j < 3; j++) {
            fmpq_get_mpq(q, fmpq_mat_entry(M, i, j));
            mpfr_set_q(lt_rmat_entry(R, i, j), q, MPFR_RNDN);
        }
    mpq_clear(q);
    lt_status st = lt_rmat_norm(out, R, LT_NORM_FROBENIUS, err);
    lt_rmat_clear(R);
    return st;
}

void lt_contrast_init(lt_contrast_t R, mpfr_prec_t prec)
{
    R->kind = LT_CONTRAST_TRANSLATIONS;
    R->commute = R->bracket_is_z = R->nilpotent = R->products_equal = R->agrees = 0;
    R->prec = prec;
    fmpq_init(R->bch);
    fmpq_mat_struct *q[] = {R->x, R->y, R->z, R->bracket, R->exp_xy, R->exp_yx, R->omega2};
    for (size_t i = 0; i < sizeof q / sizeof *q; i++) fmpq_mat_init(q[i], 3, 3);
    lt_rmat_init(R->rexp_xy, 3, prec);
    lt_rmat_init(R->rexp_yx, 3, prec);
    lt_rmat_init(R->romega2, 3, prec);
    mpfr_inits2(prec, R->coefficient, R->difference_norm, R->omega2_norm, (mpfr_ptr)0);
    mpfr_set_zero(R->coefficient, 1);
    mpfr_set_zero(R->difference_norm, 1);
    mpfr_set_zero(R->omega2_norm, 1);
}

void lt_contrast_clear(lt_contrast_t R)
{
    fmpq_clear(R->bch);
    fmpq_mat_struct *q[] = {R->x, R->y, R->z, R->bracket, R->exp_xy, R->exp_yx, R->omega2};
    for (size_t i = 0; i < sizeof q / sizeof *q; i++) fmpq_mat_clear(q[i]);
    lt_rmat_clear(R->rexp_xy);
    lt_rmat_clear(R->rexp_yx);
    lt_rmat_clear(R->romega2);
    mpfr_clears(R->coefficient, R->difference_norm, R->omega2_norm, (mpfr_ptr)0);
}

static lt_status translations(lt_contrast_t R, const fmpq_t c2, lt_err_t err)
{
    static const int east[9] = {0, 0, 1, 0, 0, 0, 0, 0, 0}, north[9] = {0, 0, 0, 0, 0, 1, 0, 0, 0};
    fmpq_mat_t I, T;
    fmpq_mat_init(I, 3, 3);
    fmpq_mat_init(T, 3, 3);
    qmat_set(R->x, east);
    qmat_set(R->y, north);
    fmpq_mat_zero(R->z);
    fmpq_mat_one(I);
    /* X and Y are nilpotent (X^2 = Y^2 = 0): exp is exactly I + X */
    fmpq_mat_mul(T, R->x, R->x);
    R->nilpotent = fmpq_mat_is_zero(T);
    fmpq_mat_mul(T, R->y, R->y);
    R->nilpotent = R->nilpotent && fmpq_mat_is_zero(T);
    fmpq_mat_add(R->omega2, I, R->x);          /* e^X, for now */
    fmpq_mat_add(T, I, R->y);                  /* e^Y */
    fmpq_mat_mul(R->exp_xy, R->omega2, T);     /* north first, then east (column vectors) */
    fmpq_mat_mul(R->exp_yx, T, R->omega2);     /* east first, then north */
    qbracket(R->bracket, R->x, R->y);
    fmpq_mat_scalar_mul_fmpq(R->omega2, R->bracket, c2);
    R->commute = fmpq_mat_is_zero(R->bracket);
    R->bracket_is_z = fmpq_mat_equal(R->bracket, R->z);
    R->products_equal = fmpq_mat_equal(R->exp_xy, R->exp_yx);
    fmpq_mat_sub(T, R->exp_xy, R->exp_yx);
    lt_status st = qmat_norm(R->difference_norm, T, err);
    if (!st) st = qmat_norm(R->omega2_norm, R->omega2, err);
    fmpq_mat_clear(I);
    fmpq_mat_clear(T);
    if (!st && !(R->nilpotent && R->commute && R->products_equal))
        st = lt_err_set(err, LT_EINTERNAL, "translation check failed");
    return st;
}

static lt_status rotations(lt_contrast_t R, const fmpq_t c2, lt_err_t err)
{
    static const int lx[9] = {0, 0, 0, 0, 0, -1, 0, 1, 0};
    static const int ly[9] = {0, 0, 1, 0, 0, 0, -1, 0, 0};
    static const int lz[9] = {0, -1, 0, 1, 0, 0, 0, 0, 0};
    mpfr_prec_t prec = R->prec;
    qmat_set(R->x, lx);
    qmat_set(R->y, ly);
    qmat_set(R->z, lz);
    qbracket(R->bracket, R->x, R->y);
    R->commute = fmpq_mat_is_zero(R->bracket);
    R->bracket_is_z = fmpq_mat_equal(R->bracket, R->z);
    fmpq_mat_scalar_mul_fmpq(R->omega2, R->z, c2);   /* the exact part: c L_z, times (pi/2)^2 */

    lt_rmat_t X, Y, K, D, EX, EY;
    lt_rmat_init(X, 3, prec); lt_rmat_init(Y, 3, prec); lt_rmat_init(K, 3, prec);
    lt_rmat_init(D, 3, prec); lt_rmat_init(EX, 3, prec); lt_rmat_init(EY, 3, prec);
    mpfr_t half_pi, nrm;
    mpfr_inits2(prec, half_pi, nrm, (mpfr_ptr)0);
    mpfr_const_pi(half_pi, MPFR_RNDN);
    mpfr_div_2ui(half_pi, half_pi, 1, MPFR_RNDN);
    for (slong i = 0; i < 3; i++)
        for (slong j = 0; j < 3; j++) {
            mpfr_mul_si(lt_rmat_entry(X, i, j), half_pi, lx[3 * i + j], MPFR_RNDN);
            mpfr_mul_si(lt_rmat_entry(Y, i, j), half_pi, ly[3 * i + j], MPFR_RNDN);
        }
    lt_rmat_bracket(K, X, Y);
    lt_rmat_zero(R->romega2);
    lt_rmat_addmul_fmpq(R->romega2, K, c2);          /* Omega_2 = c [X, Y] */
    /* the exact value c (pi/2)^2 L_z */
    mpfr_sqr(R->coefficient, half_pi, MPFR_RNDN);
    mpq_t q;
    mpq_init(q);
    fmpq_get_mpq(q, c2);
    mpfr_mul_q(R->coefficient, R->coefficient, q, MPFR_RNDN);
    mpq_clear(q);
    for (slong i = 0; i < 3; i++)
        for (slong j = 0; j < 3; j++)
            mpfr_mul_si(lt_rmat_entry(K, i, j), R->coefficient, lz[3 * i + j], MPFR_RNDN);
    lt_rmat_sub(D, R->romega2, K);
    lt_status st = lt_rmat_norm(nrm, D, LT_NORM_FROBENIUS, err);
    R->agrees = !st && mpfr_cmp_ui_2exp(nrm, 1, -100) < 0;
    if (!st) st = lt_rmat_exp(EX, X, err);
    if (!st) st = lt_rmat_exp(EY, Y, err);
    if (!st) {
        lt_rmat_mul(R->rexp_xy, EX, EY);
        lt_rmat_mul(R->rexp_yx, EY, EX);
        lt_rmat_sub(D, R->rexp_xy, R->rexp_yx);
        st = lt_rmat_norm(R->difference_norm, D, LT_NORM_FROBENIUS, err);
    }
    if (!st) st = lt_rmat_norm(R->omega2_norm, R->romega2, LT_NORM_FROBENIUS, err);
    mpfr_clears(half_pi, nrm, (mpfr_ptr)0);
    lt_rmat_clear(X); lt_rmat_clear(Y); lt_rmat_clear(K);
    lt_rmat_clear(D); lt_rmat_clear(EX); lt_rmat_clear(EY);
    if (!st && !(R->bracket_is_z && R->agrees)) st = lt_err_set(err, LT_EINTERNAL, "rotation check failed");
    return st;
}

lt_status lt_free_contrast(lt_contrast_t R, lt_contrast_kind kind, const lt_ctx_t ctx, lt_err_t err)
{
    R->kind = kind;
    fmpq_t c2;
    fmpq_init(c2);
    lt_status st = bch_c2(c2, ctx, err);
    fmpq_set(R->bch, c2);
    if (!st) st = kind == LT_CONTRAST_ROTATIONS ? rotations(R, c2, err) : translations(R, c2, err);
    fmpq_clear(c2);
    return st;
}
