/* lietool explain commutator translations|rotations: the classic contrast.
   Translations of the plane commute, so the order of "north" and "east"
   does not matter and the commutator term Omega_2 of the BCH series is 0;
   rotations of space do not: for two 90-degree rotations about x and y the
   term is (1/2)[X,Y] = (pi^2/8) L_z. Everything is computed: the BCH
   coefficient from lt_free_bch, the brackets exactly over Q, the rotation
   matrices with MPFR (lt_rmat_*). */
#include <math.h>
#include <string.h>
#include <mpfr.h>
#include "explain.h"
#include "lietool/free.h"
#include "lietool/json.h"

#define PREC 128

/* The coefficient of [X,Y] in log(e^X e^Y), from the exact BCH series. */
static lt_status bch_c2(fmpq_t c2, const lt_ctx_t ctx, lt_err_t err)
{
    lt_lyndon_t B;
    lt_lyndon_init(B);
    lt_status st = lt_free_lyndon_basis(B, 2, 2, ctx, err);
    if (!st) {
        fmpq *c = _fmpq_vec_init(B->n);
        st = lt_free_bch(c, B, 0, ctx, err);
        const unsigned char xy[2] = {0, 1};
        slong i = lt_free_lyndon_find(B, xy, 2);
        if (!st) fmpq_set(c2, c + i);
        _fmpq_vec_clear(c, B->n);
    }
    lt_lyndon_clear(B);
    return st;
}

/* |x| < 2^e */
static int below_2exp(const mpfr_t x, long e)
{
    mpfr_t t;
    mpfr_init2(t, 64);
    mpfr_set_ui_2exp(t, 1, e, MPFR_RNDN);
    int c = mpfr_cmpabs(x, t) < 0;
    mpfr_clear(t);
    return c;
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

/* Exact: [[0,0,1],...]; JSON: [["0", "0", "1"], ...] ("p/q" strings). */
static void put_qmat(const fmpq_mat_t M, int json)
{
    printf("[");
    for (slong i = 0; i < 3; i++) {
        printf(i ? (json ? ", [" : ",[") : "[");
        for (slong j = 0; j < 3; j++) {
            char *s = fmpq_get_str(NULL, 10, fmpq_mat_entry(M, i, j));
            printf(json ? "%s\"%s\"" : "%s%s", j ? (json ? ", " : ",") : "", s);
            flint_free(s);
        }
        printf("]");
    }
    printf("]");
}

/* Entries within 2^-100 of an integer print as that integer (they are
   integers mathematically: rotations by 90 degrees), others with 10 digits
   (JSON: as numbers with 17 significant digits). */
static void put_rmat(const lt_rmat_t M, int json)
{
    mpfr_t r, d;
    mpfr_init2(r, PREC);
    mpfr_init2(d, PREC);
    printf("[");
    for (slong i = 0; i < M->n; i++) {
        printf(i ? (json ? ", [" : ",[") : "[");
        for (slong j = 0; j < M->n; j++) {
            mpfr_ptr x = lt_rmat_entry(M, i, j);
            mpfr_round(r, x);
            mpfr_sub(d, x, r, MPFR_RNDN);
            if (j) printf(json ? ", " : ",");
            if (mpfr_zero_p(r)) mpfr_set_zero(r, 1);
            if (below_2exp(d, -100)) mpfr_printf("%.0Rf", r);
            else mpfr_printf(json ? "%.17Rg" : "%.10Rf", x);
        }
        printf("]");
    }
    printf("]");
    mpfr_clear(r);
    mpfr_clear(d);
}


/* An exact matrix as JSON numbers (doubles). */
static void put_qmat_num(const fmpq_mat_t M)
{
    printf("[");
    for (slong i = 0; i < 3; i++) {
        printf(i ? ", [" : "[");
        for (slong j = 0; j < 3; j++) printf("%s%.17g", j ? ", " : "", fmpq_get_d(fmpq_mat_entry(M, i, j)) + 0.0);
        printf("]");
    }
    printf("]");
}

/* The Frobenius norm of an exact matrix, in double precision. */
static double qmat_norm(const fmpq_mat_t M)
{
    double t = 0;
    for (slong i = 0; i < 3; i++)
        for (slong j = 0; j < 3; j++) {
            double x = fmpq_get_d(fmpq_mat_entry(M, i, j));
            t += x * x;
        }
    return sqrt(t);
}

static void json_q(const char *key, const fmpq_t q)
{
    char *s = fmpq_get_str(NULL, 10, q);
    printf(", \"%s\": \"%s\"", key, s);
    flint_free(s);
}

static int translations(fmpq_t c2, int json)
{
    static const int east[9] = {0, 0, 1, 0, 0, 0, 0, 0, 0}, north[9] = {0, 0, 0, 0, 0, 1, 0, 0, 0};
    fmpq_mat_t E, N, C, I, eE, eN, P1, P2, Z;
    fmpq_mat_init(E, 3, 3); fmpq_mat_init(N, 3, 3); fmpq_mat_init(C, 3, 3); fmpq_mat_init(I, 3, 3);
    fmpq_mat_init(eE, 3, 3); fmpq_mat_init(eN, 3, 3); fmpq_mat_init(P1, 3, 3); fmpq_mat_init(P2, 3, 3);
    fmpq_mat_init(Z, 3, 3);
    qmat_set(E, east);
    qmat_set(N, north);
    fmpq_mat_one(I);
    /* E and N are nilpotent (E^2 = N^2 = 0): exp is exactly I + E */
    fmpq_mat_mul(Z, E, E);
    int nil = fmpq_mat_is_zero(Z);
    fmpq_mat_mul(Z, N, N);
    nil = nil && fmpq_mat_is_zero(Z);
    fmpq_mat_add(eE, I, E);
    fmpq_mat_add(eN, I, N);
    fmpq_mat_mul(P1, eE, eN);      /* north first, then east (column vectors) */
    fmpq_mat_mul(P2, eN, eE);      /* east first, then north */
    qbracket(C, E, N);
    fmpq_mat_scalar_mul_fmpq(Z, C, c2);
    int commute = fmpq_mat_is_zero(C), same = fmpq_mat_equal(P1, P2);
    if (json) {
        fmpq_mat_t D;
        fmpq_mat_init(D, 3, 3);
        fmpq_mat_sub(D, P1, P2);
        printf(", \"answer\": %s, \"commute\": %s", commute ? "true" : "false", commute ? "true" : "false");
        printf(", \"x\": "); put_qmat(E, 1);
        printf(", \"y\": "); put_qmat(N, 1);
        printf(", \"nilpotent\": %s", nil ? "true" : "false");
        printf(", \"exp_x_exp_y\": "); put_qmat(P1, 1);
        printf(", \"exp_y_exp_x\": "); put_qmat(P2, 1);
        printf(", \"products_equal\": %s", same ? "true" : "false");
        printf(", \"difference_norm\": %.17g", qmat_norm(D));
        fmpq_mat_clear(D);
        printf(", \"bracket\": "); put_qmat(C, 1);
        json_q("bch_coefficient", c2);
        char *cs = fmpq_get_str(NULL, 10, c2);
        printf(", \"omega_2\": {\"exact\": \"%s [X, Y] = 0\", \"exact_coefficient\": \"1\", \"exact_matrix\": ", cs);
        flint_free(cs);
        put_qmat(Z, 1);
        printf(", \"numeric\": "); put_qmat_num(Z);
        printf("}, \"omega_2_norm\": %.17g}\n", qmat_norm(Z));
    } else {
        printf("translations of the plane, as 3 x 3 matrices on homogeneous coordinates (x, y, 1):\n");
        printf("  east  X = "); put_qmat(E, 0); printf("   (x += 1)\n");
        printf("  north Y = "); put_qmat(N, 0); printf("   (y += 1)\n");
        printf("  X^2 = Y^2 = 0, so exp(X) = I + X and exp(Y) = I + Y exactly\n");
        printf("north then east: e^X e^Y = "); put_qmat(P1, 0); printf("\n");
        printf("east then north: e^Y e^X = "); put_qmat(P2, 0); printf("\n");
        char *px = fmpq_get_str(NULL, 10, fmpq_mat_entry(P1, 0, 2)), *py = fmpq_get_str(NULL, 10, fmpq_mat_entry(P1, 1, 2));
        printf("  the same: %s (both move the origin to (%s, %s))\n", same ? "yes" : "no", px, py);
        flint_free(px);
        flint_free(py);
        printf("[X, Y] = XY - YX = "); put_qmat(C, 0); printf("\n");
        char *s = fmpq_get_str(NULL, 10, c2);
        printf("BCH: log(e^X e^Y) = X + Y + %s [X,Y] + ... (coefficient from 'lietool bch 2')\n", s);
        printf("Omega_2 = %s [X, Y] = ", s); put_qmat(Z, 0); printf("\n");
        printf("translations commute: Omega_2 = 0 and every higher term (nested brackets) is 0 too,\n"
               "so the flow depends only on the sum of the moves: one order-blind (abelian) layer suffices\n");
        flint_free(s);
    }
    int ok = nil && commute && same;
    fmpq_mat_clear(E); fmpq_mat_clear(N); fmpq_mat_clear(C); fmpq_mat_clear(I); fmpq_mat_clear(eE);
    fmpq_mat_clear(eN); fmpq_mat_clear(P1); fmpq_mat_clear(P2); fmpq_mat_clear(Z);
    if (!ok) { fprintf(stderr, "lietool: explain: translation check failed\n"); return CLI_INTERNAL; }
    return 0;
}

static int rotations(fmpq_t c2, int json)
{
    /* (L_i)_jk = -epsilon_ijk: the generators of rotations about x, y, z */
    static const int lx[9] = {0, 0, 0, 0, 0, -1, 0, 1, 0};
    static const int ly[9] = {0, 0, 1, 0, 0, 0, -1, 0, 0};
    static const int lz[9] = {0, -1, 0, 1, 0, 0, 0, 0, 0};
    fmpq_mat_t Lx, Ly, Lz, C;
    fmpq_mat_init(Lx, 3, 3); fmpq_mat_init(Ly, 3, 3); fmpq_mat_init(Lz, 3, 3); fmpq_mat_init(C, 3, 3);
    qmat_set(Lx, lx); qmat_set(Ly, ly); qmat_set(Lz, lz);
    qbracket(C, Lx, Ly);
    int exact_ok = fmpq_mat_equal(C, Lz);

    lt_err_t err;
    lt_err_init(err);
    lt_rmat_t X, Y, K, O, EX, EY, P1, P2, D, Ref;
    lt_rmat_init(X, 3, PREC); lt_rmat_init(Y, 3, PREC); lt_rmat_init(K, 3, PREC); lt_rmat_init(O, 3, PREC);
    lt_rmat_init(EX, 3, PREC); lt_rmat_init(EY, 3, PREC); lt_rmat_init(P1, 3, PREC); lt_rmat_init(P2, 3, PREC);
    lt_rmat_init(D, 3, PREC); lt_rmat_init(Ref, 3, PREC);
    mpfr_t half_pi, pi2_8, nrm;
    mpfr_init2(half_pi, PREC); mpfr_init2(pi2_8, PREC); mpfr_init2(nrm, PREC);
    mpfr_const_pi(half_pi, MPFR_RNDN);
    mpfr_div_2ui(half_pi, half_pi, 1, MPFR_RNDN);
    for (slong i = 0; i < 3; i++)
        for (slong j = 0; j < 3; j++) {
            mpfr_mul_si(lt_rmat_entry(X, i, j), half_pi, lx[3 * i + j], MPFR_RNDN);
            mpfr_mul_si(lt_rmat_entry(Y, i, j), half_pi, ly[3 * i + j], MPFR_RNDN);
        }
    lt_rmat_bracket(K, X, Y);
    lt_rmat_zero(O);
    lt_rmat_addmul_fmpq(O, K, c2);                 /* Omega_2 = c2 [X, Y] */
    /* the exact value c2 (pi/2)^2 L_z */
    mpfr_sqr(pi2_8, half_pi, MPFR_RNDN);
    mpz_t zq;
    mpz_init(zq);
    fmpz_get_mpz(zq, fmpq_numref(c2));
    mpfr_mul_z(pi2_8, pi2_8, zq, MPFR_RNDN);
    fmpz_get_mpz(zq, fmpq_denref(c2));
    mpfr_div_z(pi2_8, pi2_8, zq, MPFR_RNDN);
    mpz_clear(zq);
    for (slong i = 0; i < 3; i++)
        for (slong j = 0; j < 3; j++) mpfr_mul_si(lt_rmat_entry(Ref, i, j), pi2_8, lz[3 * i + j], MPFR_RNDN);
    lt_rmat_sub(D, O, Ref);
    lt_status st = lt_rmat_norm(nrm, D, LT_NORM_FROBENIUS, err);
    int num_ok = !st && below_2exp(nrm, -100);
    if (!st) st = lt_rmat_exp(EX, X, err);
    if (!st) st = lt_rmat_exp(EY, Y, err);
    if (st) {
        fprintf(stderr, "lietool: explain: %s\n", err->msg);
        return cli_exit_code(st);
    }
    lt_rmat_mul(P1, EX, EY);
    lt_rmat_mul(P2, EY, EX);
    lt_rmat_sub(D, P1, P2);
    mpfr_t dn, mass;
    mpfr_init2(dn, PREC); mpfr_init2(mass, PREC);
    lt_rmat_norm(dn, D, LT_NORM_FROBENIUS, err);
    lt_rmat_norm(mass, O, LT_NORM_FROBENIUS, err);

    if (json) {
        int commute = fmpq_mat_is_zero(C);
        printf(", \"answer\": %s, \"commute\": %s", commute ? "true" : "false", commute ? "true" : "false");
        printf(", \"l_x\": "); put_qmat(Lx, 1);
        printf(", \"l_y\": "); put_qmat(Ly, 1);
        printf(", \"l_z\": "); put_qmat(Lz, 1);
        printf(", \"bracket_l_x_l_y\": "); put_qmat(C, 1);
        printf(", \"bracket_is_l_z\": %s", exact_ok ? "true" : "false");
        printf(", \"angle\": \"pi/2\", \"x\": \"(pi/2) L_x\", \"y\": \"(pi/2) L_y\"");
        printf(", \"exp_x_exp_y\": "); put_rmat(P1, 1);
        printf(", \"exp_y_exp_x\": "); put_rmat(P2, 1);
        mpfr_printf(", \"difference_norm\": %.17Rg", dn);
        json_q("bch_coefficient", c2);
        printf(", \"omega_2\": {\"exact\": \"(pi^2/8) L_z\", \"exact_coefficient\": \"pi^2/8\", \"exact_matrix\": ");
        put_qmat(Lz, 1);
        mpfr_printf(", \"coefficient\": %.17Rg", pi2_8);
        printf(", \"numeric\": "); put_rmat(O, 1);
        printf(", \"precision_bits\": %d, \"agrees_within_2_pow_minus_100\": %s}", PREC, num_ok ? "true" : "false");
        mpfr_printf(", \"omega_2_norm\": %.17Rg", mass);
        printf(", \"sources\": [\"Heo et al. 2026, Lemma 3.1\", \"Heo et al. 2026, Theorem 3.2\"]}\n");
    } else {
        char *s = fmpq_get_str(NULL, 10, c2);
        printf("rotations of space: so(3), generators (L_i)_jk = -epsilon_ijk\n");
        printf("  L_x = "); put_qmat(Lx, 0); printf("\n");
        printf("  L_y = "); put_qmat(Ly, 0); printf("\n");
        printf("  L_z = "); put_qmat(Lz, 0); printf("\n");
        printf("exact: [L_x, L_y] = L_x L_y - L_y L_x = "); put_qmat(C, 0); printf(" = L_z: %s\n", exact_ok ? "yes" : "NO");
        printf("two 90-degree rotations: X = (pi/2) L_x, Y = (pi/2) L_y\n");
        printf("e^X e^Y (first about y, then about x) = "); put_rmat(P1, 0); printf("\n");
        printf("e^Y e^X (first about x, then about y) = "); put_rmat(P2, 0); printf("\n");
        mpfr_printf("  they differ: ||e^X e^Y - e^Y e^X||_F = %.10Rf\n", dn);
        printf("BCH: log(e^X e^Y) = X + Y + %s [X,Y] + ... (coefficient from 'lietool bch 2')\n", s);
        printf("Omega_2 = %s [X, Y] = %s (pi/2)^2 [L_x, L_y] = (pi^2/8) L_z   (exact)\n", s, s);
        printf("        = "); put_rmat(O, 0); printf("   (MPFR, %d bits)\n", PREC);
        mpfr_printf("  pi^2/8 = %.10Rf; the two agree to %s 2^-100\n", pi2_8, num_ok ? "within" : "NOT within");
        mpfr_printf("commutator mass ||Omega_2||_F = (pi^2/8) sqrt 2 = %.10Rf > 0: the order of the rotations\n", mass);
        printf("matters, so no order-blind (abelian) layer can simulate them exactly (Heo et al. 2026,\n"
               "Lemma 3.1; Theorem 3.2: the error is of the order of this mass)\n");
        flint_free(s);
    }
    mpfr_clear(half_pi); mpfr_clear(pi2_8); mpfr_clear(nrm); mpfr_clear(dn); mpfr_clear(mass);
    lt_rmat_clear(X); lt_rmat_clear(Y); lt_rmat_clear(K); lt_rmat_clear(O); lt_rmat_clear(EX);
    lt_rmat_clear(EY); lt_rmat_clear(P1); lt_rmat_clear(P2); lt_rmat_clear(D); lt_rmat_clear(Ref);
    fmpq_mat_clear(Lx); fmpq_mat_clear(Ly); fmpq_mat_clear(Lz); fmpq_mat_clear(C);
    if (!exact_ok || !num_ok) { fprintf(stderr, "lietool: explain: rotation check failed\n"); return CLI_INTERNAL; }
    return 0;
}

int cli_explain_commutator(int argc, char **argv, const lt_cmd *self, const cli_decl *d)
{
    cli_opts o;
    int r = cli_getopts(&o, NULL, argc, argv, self, d);
    if (r >= 0) { cli_free(&o); return r; }
    if (strcmp(o.pos[0], "translations") != 0 && strcmp(o.pos[0], "rotations") != 0) {
        r = cli_usage_error(self, d, "expected translations or rotations, not '%s'", o.pos[0]);
        cli_free(&o);
        return r;
    }
    lt_err_t err;
    lt_err_init(err);
    fmpq_t c2;
    fmpq_init(c2);
    if (bch_c2(c2, o.ctx, err)) r = cli_fail(err);
    else {
        if (o.json) {
            printf("{\"object\": ");
            lt_json_put_string(stdout, o.pos[0]);
            printf(", \"question\": \"commutator\"");
        }
        r = strcmp(o.pos[0], "rotations") == 0 ? rotations(c2, o.json) : translations(c2, o.json);
    }
    fmpq_clear(c2);
    cli_free(&o);
    return r;
}
