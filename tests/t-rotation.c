/* The rotation task (lietool/rotation.h): the icosahedral representation
   of A5 checked exactly and numerically against the group's Cayley table,
   the logarithms, the Magnus coefficients computed three ways (quaternion
   series, 3 x 3 matrix power series, the exact Lyndon-basis engine of
   src/free), the majorant, and the task's error exponents. */
#include <math.h>
#include <stdlib.h>
#include <flint/fmpq.h>
#include <flint/fmpq_vec.h>
#include "unit.h"
#include "lietool/rotation.h"
#include "lietool/io.h"
#include "lietool/free.h"
#include "lietool/perm.h"

typedef long double ld;

static ld maxdiff(const ld *a, const ld *b, int n)
{
    ld m = 0;
    for (int i = 0; i < n; i++) if (fabsl(a[i] - b[i]) > m) m = fabsl(a[i] - b[i]);
    return m;
}

static void mul3(ld *C, const ld *A, const ld *B)
{
    ld T[9];
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            ld r = 0;
            for (int k = 0; k < 3; k++) r += A[3 * i + k] * B[3 * k + j];
            T[3 * i + j] = r;
        }
    for (int i = 0; i < 9; i++) C[i] = T[i];
}

/* exact products in Q(sqrt5): entries (m + n sqrt5)/4 */
static int exact_mul_equal(int A[9][2], int B[9][2], int C[9][2])
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            long sm = 0, sn = 0;
            for (int k = 0; k < 3; k++) {
                long m1 = A[3 * i + k][0], n1 = A[3 * i + k][1], m2 = B[3 * k + j][0], n2 = B[3 * k + j][1];
                sm += m1 * m2 + 5 * n1 * n2;
                sn += m1 * n2 + n1 * m2;
            }
            if (sm != 4L * C[3 * i + j][0] || sn != 4L * C[3 * i + j][1]) return 0;
        }
    return 1;
}

static void test_representation(void)
{
    unit_case = "representation";
    lt_rotation_icosa_t I;
    lt_rotation_icosa_init(I);
    lt_cayley_t C;
    lt_cayley_init(C);
    lt_ctx_t ctx;
    lt_ctx_init(ctx);
    lt_err_t err;
    lt_err_init(err);
    CHECK(lt_io_cayley_table(C, "A5", LT_CONV_AA, ctx, err) == LT_OK, "A5 table: %s", err->msg);
    CHECK(C->n == 60, "order %ld", C->n);
    /* the element order is that of lietool table A5: names "(p0+1, ..., p4+1)" */
    int order_ok = 1;
    for (int g = 0; g < 60 && C->n == 60; g++) {
        char buf[128];
        snprintf(buf, sizeof buf, "(%d, %d, %d, %d, %d)", I->perm[g][0] + 1, I->perm[g][1] + 1,
                 I->perm[g][2] + 1, I->perm[g][3] + 1, I->perm[g][4] + 1);
        if (strcmp(buf, C->names[g]) != 0) order_ok = 0;
    }
    CHECK(order_ok, "the elements are in the order of lietool table A5");
    /* R(g h) = R(g) R(h) on all 3600 products, exactly and in long double */
    int exact_ok = 1;
    ld worst = 0;
    for (int g = 0; g < 60 && C->n == 60; g++)
        for (int h = 0; h < 60; h++) {
            int gh = C->table[g * 60 + h];
            if (!exact_mul_equal(I->exact[g], I->exact[h], I->exact[gh])) exact_ok = 0;
            ld P[9];
            mul3(P, I->R[g], I->R[h]);
            ld d = maxdiff(P, I->R[gh], 9);
            if (d > worst) worst = d;
        }
    CHECK(exact_ok, "R(gh) = R(g) R(h) exactly in Q(sqrt5) for all 3600 products");
    CHECK(worst < 1e-17L, "R(gh) = R(g) R(h) numerically: worst %Lg", worst);
    /* the same products composed by the group engine: (g h)(x) = g(h(x)) */
    int perm_ok = 1;
    for (int g = 0; g < 60; g++)
        for (int h = 0; h < 60; h++) {
            int r[5];
            lt_perm_mul(r, I->perm[h], I->perm[g], 5);
            if (C->n == 60 && lt_rotation_icosa_find(I, r) != C->table[g * 60 + h]) perm_ok = 0;
        }
    CHECK(perm_ok, "the table's product is g(h(x))");
    /* faithful, orthogonal, determinant 1 */
    int distinct = 1, orth = 1;
    for (int g = 0; g < 60; g++) {
        for (int h = 0; h < g; h++)
            if (memcmp(I->exact[g], I->exact[h], sizeof I->exact[g]) == 0) distinct = 0;
        ld Rt[9], P[9], one[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
        for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) Rt[3 * i + j] = I->R[g][3 * j + i];
        mul3(P, I->R[g], Rt);
        const ld *R = I->R[g];
        ld det = R[0] * (R[4] * R[8] - R[5] * R[7]) - R[1] * (R[3] * R[8] - R[5] * R[6]) + R[2] * (R[3] * R[7] - R[4] * R[6]);
        if (maxdiff(P, one, 9) > 1e-17L || fabsl(det - 1) > 1e-17L) orth = 0;
    }
    CHECK(distinct, "60 distinct matrices (faithful)");
    CHECK(orth, "every R(g) is a rotation");
    /* the generators */
    static const int a[5] = {1, 2, 0, 3, 4}, b[5] = {2, 3, 4, 0, 1};
    int ia = lt_rotation_icosa_find(I, a), ib = lt_rotation_icosa_find(I, b);
    CHECK(ia == I->gens[0] && ib == I->gens[1], "generator indices %d %d", ia, ib);
    ld A[9] = {0, 0, 1, 1, 0, 0, 0, 1, 0};
    ld s5 = sqrtl(5.0L), al = (s5 - 1) / 4, be = (s5 + 1) / 4;
    ld B[9] = {al, -be, 0.5L, be, 0.5L, al, -0.5L, al, be};
    CHECK(ia >= 0 && maxdiff(I->R[ia], A, 9) == 0, "R((0 1 2))");
    CHECK(ib >= 0 && maxdiff(I->R[ib], B, 9) < 1e-18L, "R((0 2 4 1 3))");
    /* the pairing of B with (0 1 2 3 4) is not a homomorphism: (0 1 2)(0 1 2 3 4)
       has order 5, but A B is a rotation by pi (trace -1) */
    static const int c5[5] = {1, 2, 3, 4, 0};
    int r[5], q[5];
    lt_perm_mul(r, c5, a, 5);           /* a o c5 */
    int ord = 1;
    memcpy(q, r, sizeof q);
    while (!lt_perm_is_one(q, 5)) { int t[5]; lt_perm_mul(t, r, q, 5); memcpy(q, t, sizeof q); ord++; }
    ld AB[9];
    mul3(AB, A, B);
    CHECK(ord == 5 && fabsl(AB[0] + AB[4] + AB[8] + 1) < 1e-18L,
          "(0 1 2)(0 1 2 3 4) has order %d, A B trace %Lg", ord, AB[0] + AB[4] + AB[8]);
    /* element 0 is the identity; angles: 1 x 0, 12 x 2pi/5, 12 x 4pi/5, 20 x 2pi/3, 15 x pi */
    int count[5] = {0};
    static const ld ang[5] = {0, 2 * M_PI / 5, 4 * M_PI / 5, 2 * M_PI / 3, M_PI};
    for (int g = 0; g < 60; g++)
        for (int k = 0; k < 5; k++)
            if (fabsl(I->angle[g] - ang[k]) < 1e-15L) count[k]++;
    CHECK(count[0] == 1 && count[1] == 12 && count[2] == 12 && count[3] == 20 && count[4] == 15,
          "angles %d %d %d %d %d", count[0], count[1], count[2], count[3], count[4]);
    CHECK(I->angle[0] == 0, "X(identity) = 0");
    lt_cayley_clear(C);
    lt_rotation_icosa_clear(I);
}

static void test_log(void)
{
    unit_case = "log";
    lt_rotation_icosa_t I;
    lt_rotation_icosa_init(I);
    int rule_ok = 1, gen_ok = 1;
    ld exp_worst = 0;
    for (int g = 0; g < 60; g++) {
        ld R[9], w[3];
        lt_rotation_exp(R, I->omega[g], 1);
        if (maxdiff(R, I->R[g], 9) > exp_worst) exp_worst = maxdiff(R, I->R[g], 9);
        if (fabsl(I->angle[g] - (ld)M_PI) < 1e-15L) {
            /* the first non-zero coordinate of the axis is positive */
            int i = 0;
            while (i < 3 && fabsl(I->omega[g][i]) < 1e-15L) i++;
            if (i == 3 || I->omega[g][i] <= 0) rule_ok = 0;
        }
        /* the general routine gives the same logarithm, axis rule included */
        lt_rotation_log(w, I->R[g], 1e-12L);
        if (maxdiff(w, I->omega[g], 3) > 1e-15L) gen_ok = 0;
    }
    CHECK(exp_worst < 1e-17L, "exp(X(g)) = R(g): worst %Lg", exp_worst);
    CHECK(rule_ok, "rotations by pi: first non-zero axis coordinate positive");
    CHECK(gen_ok, "lt_rotation_log agrees with the exact construction");
    /* log(exp(w)) = w inside the ball |w| < pi, both branches of exp */
    srand(7);
    int round_ok = 1;
    for (int k = 0; k < 200; k++) {
        ld w[3], R[9], v[3], s = k < 100 ? 1e-6L : 1;
        for (int i = 0; i < 3; i++) w[i] = s * ((ld)rand() / RAND_MAX - 0.5L) * 3;
        lt_rotation_exp(R, w, 1);
        lt_rotation_log(v, R, 1e-12L);
        if (maxdiff(v, w, 3) > 1e-15L * (s < 1 ? s : 1) + 1e-17L) round_ok = 0;
    }
    CHECK(round_ok, "log exp = identity on random rotation vectors");
    lt_rotation_icosa_clear(I);
}

/* ---- 3 x 3 matrix power series in h, truncated at degree c ---- */

static void mseries_mul(ld *C, const ld *A, const ld *B, int c)
{
    ld *T = calloc((size_t)(c + 1) * 9, sizeof(ld)), P[9];
    for (int i = 0; i <= c; i++)
        for (int j = 0; i + j <= c; j++) {
            mul3(P, A + 9 * i, B + 9 * j);
            for (int e = 0; e < 9; e++) T[9 * (i + j) + e] += P[e];
        }
    memcpy(C, T, (size_t)(c + 1) * 9 * sizeof(ld));
    free(T);
}

/* log(prod_t exp(h X_t)), X_t = [w_t]_x, the latest step on the left */
static void mseries_magnus(ld *Om, const ld (*w)[3], int m, int c)
{
    ld *S = calloc((size_t)(c + 1) * 9, sizeof(ld)), *E = calloc((size_t)(c + 1) * 9, sizeof(ld));
    S[0] = S[4] = S[8] = 1;
    for (int t = 0; t < m; t++) {
        ld X[9], P[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1};
        lt_rotation_hat(X, w[t]);
        for (int j = 0; j <= c; j++) {          /* E_j = X^j / j! */
            memcpy(E + 9 * j, P, sizeof P);
            mul3(P, P, X);
            for (int e = 0; e < 9; e++) P[e] /= (j + 1);
        }
        mseries_mul(S, E, S, c);
    }
    /* log(1 + Y) = sum (-1)^(k+1) Y^k / k, Y = S - 1 */
    ld *Y = S, *Pw = calloc((size_t)(c + 1) * 9, sizeof(ld));
    Y[0] = Y[4] = Y[8] = 0;
    memset(Om, 0, (size_t)(c + 1) * 9 * sizeof(ld));
    memcpy(Pw, Y, (size_t)(c + 1) * 9 * sizeof(ld));
    for (int k = 1; k <= c; k++) {
        for (int e = 0; e < (c + 1) * 9; e++) Om[e] += ((k & 1) ? 1 : -1) * Pw[e] / k;
        mseries_mul(Pw, Pw, Y, c);
    }
    free(S); free(E); free(Pw);
}

static void test_series(void)
{
    unit_case = "magnus series";
    lt_rotation_icosa_t I;
    lt_rotation_icosa_init(I);
    /* the coefficients are compared relative to their majorant 2 a_n (M/2)^n */
    const int cm = 40;
    ld a[41];
    lt_rotation_majorant(a, cm);
    /* words of 1..6 tokens (rotations by pi included) against the matrix series */
    const int c = 9;
    int ok = 1;
    ld worst = 0;
    lt_rng_t rng;
    lt_rng_seed(rng, 11);
    for (int trial = 0; trial < 24; trial++) {
        int m = 1 + trial % 6;
        ld w[6][3];
        lt_rotation_series_t S;
        lt_rotation_series_init(S, c);
        for (int t = 0; t < m; t++) {
            int g = (int)lt_rng_below(rng, 60);
            if (trial == 0) g = 0;                                  /* the identity */
            for (int i = 0; i < 3; i++) w[t][i] = I->omega[g][i] * 0.5L;
            lt_rotation_series_push(S, w[t]);
        }
        ld om[9 * 3], Om[10 * 9], M = 0;
        for (int t = 0; t < m; t++) M += sqrtl(w[t][0] * w[t][0] + w[t][1] * w[t][1] + w[t][2] * w[t][2]);
        lt_rotation_series_log(om, S);
        mseries_magnus(Om, (const ld (*)[3])w, m, c);
        for (int n = 1; n <= c; n++) {
            ld X[9], scale = 2 * a[n] * powl(M / 2, (ld)n) + 1e-30L;
            lt_rotation_hat(X, om + 3 * (n - 1));
            ld d = maxdiff(X, Om + 9 * n, 9) / scale;
            if (d > worst) worst = d;
            if (d > 1e-13L) ok = 0;
        }
        /* the degree-0 part is zero and Omega_1 is the sum of the w_t */
        ld sum[3] = {0, 0, 0};
        for (int t = 0; t < m; t++) for (int i = 0; i < 3; i++) sum[i] += w[t][i];
        if (maxdiff(sum, om, 3) > 1e-17L || maxdiff(Om, (ld[9]){0}, 9) > 0) ok = 0;
        lt_rotation_series_clear(S);
    }
    CHECK(ok, "quaternion series = matrix power series to degree 9: worst relative %Lg", worst);

    /* against the exact engine: the word g1 g2 g2 g1 g2 (time order) on two letters */
    unit_case = "magnus vs exact engine";
    lt_ctx_t ctx;
    lt_ctx_init(ctx);
    lt_err_t err;
    lt_err_init(err);
    const int K = 7, m = 5, word[5] = {0, 1, 1, 0, 1};
    const int gl[2] = {I->gens[0], 17};
    lt_lyndon_t B;
    lt_lyndon_init(B);
    CHECK(lt_free_lyndon_basis(B, 2, K, ctx, err) == LT_OK, "basis: %s", err->msg);
    fmpq *cf = _fmpq_vec_init(B->n), *tt = _fmpq_vec_init(m);
    int letters[5];
    for (int s = 0; s < m; s++) { letters[s] = word[m - 1 - s]; fmpq_one(tt + s); }   /* leftmost = latest */
    CHECK(lt_free_log_exp(cf, B, m, letters, tt, ctx, err) == LT_OK, "log_exp: %s", err->msg);
    ld (*mat)[9] = calloc((size_t)B->n, sizeof *mat);
    for (slong i = 0; i < B->n; i++) {
        if (lt_lyndon_degree(B, i) == 1) {
            unsigned char w[256];
            lt_rotation_hat(mat[i], I->omega[gl[lt_lyndon_word(B, i, w)[0]]]);
        }
        else {
            ld P[9], Q[9];
            mul3(P, mat[B->left[i]], mat[B->right[i]]);
            mul3(Q, mat[B->right[i]], mat[B->left[i]]);
            for (int e = 0; e < 9; e++) mat[i][e] = P[e] - Q[e];
        }
    }
    lt_rotation_series_t S;
    lt_rotation_series_init(S, K);
    for (int t = 0; t < m; t++) lt_rotation_series_push(S, I->omega[gl[word[t]]]);
    ld om[7 * 3];
    lt_rotation_series_log(om, S);
    int eng_ok = 1;
    ld M = 0;
    for (int t = 0; t < m; t++) M += I->angle[gl[word[t]]];
    worst = 0;
    for (int n = 1; n <= K; n++) {
        ld E[9] = {0}, X[9];
        for (slong i = B->deg_start[n]; i < B->deg_start[n + 1]; i++) {
            ld q = (ld)fmpq_get_d(cf + i);
            for (int e = 0; e < 9; e++) E[e] += q * mat[i][e];
        }
        lt_rotation_hat(X, om + 3 * (n - 1));
        ld d = maxdiff(X, E, 9) / (2 * a[n] * powl(M / 2, (ld)n));
        if (d > worst) worst = d;
        if (d > 1e-15L) eng_ok = 0;
    }
    CHECK(eng_ok, "Omega_1..Omega_7 of a 5-step word = lt_free_log_exp: worst relative %Lg", worst);
    /* the same at a small step: exp(sum_{n <= K} h^n Omega_n) is the product up to O(h^(K+1)) */
    ld Rp[9] = {1, 0, 0, 0, 1, 0, 0, 0, 1}, Rm[9], wv[3], h = 0.01L;
    for (int t = 0; t < m; t++) {
        ld R[9];
        lt_rotation_exp(R, I->omega[gl[word[t]]], h);
        mul3(Rp, R, Rp);
    }
    lt_rotation_series_eval(wv, om, K, h);
    lt_rotation_exp(Rm, wv, 1);
    CHECK(maxdiff(Rp, Rm, 9) < 1e-12L, "truncated series at h = 0.01: %Lg", maxdiff(Rp, Rm, 9));
    free(mat);
    _fmpq_vec_clear(cf, B->n);
    _fmpq_vec_clear(tt, m);
    lt_lyndon_clear(B);
    lt_rotation_series_clear(S);

    /* the majorant bounds every coefficient, whatever the order */
    unit_case = "majorant";
    CHECK(fabsl(a[1] - 1) < 1e-18L && fabsl(a[2] - 0.5L) < 1e-18L, "a1 = %Lg, a2 = %Lg", a[1], a[2]);
    int maj_ok = 1;
    lt_rotation_series_init(S, cm);
    for (int trial = 0; trial < 10; trial++) {
        lt_rotation_series_one(S, cm);
        ld M = 0, omm[40 * 3];
        for (int t = 0; t < 8; t++) {
            int g = (int)lt_rng_below(rng, 60);
            lt_rotation_series_push(S, I->omega[g]);
            M += I->angle[g];
        }
        lt_rotation_series_log(omm, S);
        for (int n = 1; n <= cm; n++) {
            ld *o = omm + 3 * (n - 1), nrm = sqrtl(o[0] * o[0] + o[1] * o[1] + o[2] * o[2]);
            if (nrm > 2 * a[n] * powl(M / 2, (ld)n) * (1 + 1e-12L)) maj_ok = 0;
        }
    }
    CHECK(maj_ok, "|Omega_n| <= 2 a_n (M/2)^n");
    CHECK(lt_rotation_degree_needed(a, cm, 0, 1e-25L) == 1, "x = 0 needs degree 1");
    CHECK(lt_rotation_degree_needed(a, cm, 10, 1e-25L) == cm, "outside the disc every degree is needed");
    int n0 = lt_rotation_degree_needed(a, cm, 0.1L, 1e-25L);
    ld tail = 0;
    for (int n = n0 + 1; n <= cm; n++) tail += 2 * a[n] * powl(0.1L, (ld)n);
    CHECK(n0 > 1 && n0 < cm && tail <= 1e-25L && tail + 2 * a[n0] * powl(0.1L, (ld)n0) > 1e-25L,
          "degree needed at x = 0.1: %d", n0);
    lt_rotation_series_clear(S);
    lt_rotation_icosa_clear(I);
}

static void run(lt_rotation_result_t Z, lt_rotation_params *P)
{
    lt_ctx_t ctx;
    lt_ctx_init(ctx);
    lt_err_t err;
    lt_err_init(err);
    lt_status st = lt_rotation_run(Z, P, ctx, err);
    CHECK(st == LT_OK, "run: %s", err->msg);
}

static void test_task(void)
{
    /* the correctness bullet: fitted slopes within 0.3 of c(k) + 1 for
       k = 1..3, both readings of the bound, at small h (the default fit
       steps: window masses below pi/4) */
    for (int b = 0; b < 2; b++) {
        unit_case = b ? "slopes, sharp" : "slopes, v1";
        lt_rotation_params P;
        memset(&P, 0, sizeof P);
        P.kmin = 1; P.kmax = 3; P.bound = b ? LT_BOUND_SHARP : LT_BOUND_V1;
        P.step = 0.1L; P.length = 48; P.window = 8; P.samples = 6; P.seed = 3;
        lt_rotation_default_fit(&P, 8);
        lt_rotation_result_t Z;
        lt_rotation_result_init(Z);
        run(Z, &P);
        for (int d = 0; d < 3; d++) {
            CHECK(fabs(Z->slope[d] - (double)Z->expo[d]) < 0.3, "k=%d: slope %g, predicted %lu (%d points)",
                  d + 1, Z->slope[d], Z->expo[d], Z->points[d]);
            CHECK(Z->points[d] >= 4, "k=%d: %d points above the floor", d + 1, Z->points[d]);
        }
        /* deeper is better at every position past the first */
        int mono = 1;
        for (long t = 1; t < P.length; t++)
            for (int d = 1; d < 3; d++)
                if (!(Z->mse[d * P.length + t] < Z->mse[(d - 1) * P.length + t])) mono = 0;
        CHECK(mono, "MSE falls with depth");
        /* the accessors: a row of MSE per (step, depth), its mean the RMS error squared */
        for (int st = 0; st < Z->nstep; st++)
            for (int d = 0; d < 3; d++) {
                const double *m = lt_rotation_mse(Z, st, d);
                double sum = 0;
                for (long t = 0; t < P.length; t++) sum += m[t];
                double mean = lt_rotation_mean_mse(Z, st, d), r = Z->rms[st * 3 + d];
                CHECK(m == Z->mse + ((size_t)st * 3 + d) * P.length && fabs(mean - sum / P.length) <= 1e-12 * mean
                      && mean == r * r, "step %d, k=%d: mean MSE %g, mean of the row %g", st, d + 1, mean, sum / P.length);
            }
        CHECK(Z->mass > 0 && Z->mass <= 8 * 0.1 * M_PI + 1e-12, "generator mass %g", Z->mass);
        CHECK(Z->fit_mass <= M_PI / 4 + 1e-12, "fit mass %g", Z->fit_mass);
        lt_rotation_result_clear(Z);
    }

    /* windows of one step are order-blind for free: every depth is exact */
    unit_case = "window 1";
    lt_rotation_params P;
    memset(&P, 0, sizeof P);
    P.kmin = 1; P.kmax = 2; P.bound = LT_BOUND_V1;
    P.step = 1; P.length = 20; P.window = 1; P.samples = 3;
    lt_rotation_result_t Z;
    lt_rotation_result_init(Z);
    run(Z, &P);
    double worst = 0;
    for (long i = 0; i < 2 * P.length; i++) if (Z->mse[i] > worst) worst = Z->mse[i];
    CHECK(worst < 1e-30, "window 1, h = 1: MSE %g", worst);
    CHECK(isnan(Z->slope[0]) && Z->points[0] == 0, "no fit steps, no slope");

    /* the first step of the first window is exact; the same seed repeats */
    unit_case = "determinism";
    P.window = 4; P.step = 0.3L; P.length = 12; P.kmax = 1;
    lt_rotation_default_fit(&P, 3);
    run(Z, &P);
    CHECK(Z->mse[0] < 1e-34, "position 1: %g", Z->mse[0]);
    CHECK(Z->mse[1] > 1e-8, "position 2: %g", Z->mse[1]);
    double m5 = Z->mse[5];
    lt_rotation_result_t Z2;
    lt_rotation_result_init(Z2);
    run(Z2, &P);
    CHECK(Z2->mse[5] == m5, "same seed, same MSE");
    P.seed = 1;
    run(Z2, &P);
    CHECK(Z2->mse[5] != m5, "another seed, another MSE");
    lt_rotation_result_clear(Z2);

    /* the figure: one panel, and a second for the fit; an SVG document */
    unit_case = "figure";
    {
        lt_plot_t F;
        lt_plot_init(F, 0, 0);
        lt_rotation_plot(F, &P, Z);
        CHECK(F->npanels == (Z->nstep > 2 ? 2 : 1) && F->width > 0, "%d panels, width %g", F->npanels, F->width);
        char *buf = NULL;
        size_t len = 0;
        FILE *f = open_memstream(&buf, &len);
        lt_err_t e2;
        lt_err_init(e2);
        CHECK(lt_plot_write_svg(f, F, e2) == LT_OK, "%s", e2->msg);
        fclose(f);
        CHECK(strstr(buf, "<svg") && strstr(buf, "depth 1 (c = 1)"), "the SVG names the depths");
        free(buf);
        lt_plot_clear(F);
    }

    /* the memory limit is named */
    unit_case = "limits";
    lt_ctx_t ctx;
    lt_ctx_init(ctx);
    ctx->max_memory_mb = 1;
    lt_err_t err;
    lt_err_init(err);
    P.length = 100000;
    lt_status st = lt_rotation_run(Z, &P, ctx, err);
    CHECK(st == LT_ELIMIT && strstr(err->msg, "--max-memory"), "status %d: %s", st, err->msg);
    lt_rotation_result_clear(Z);
}

/* The paper's map (--map paper): against the matrices its released code
   computes from its own A5.json (its breadth-first search run in NumPy on
   that file, float64): tokens 7, 33 and 59; token 7 (a 3-cycle) gets the
   identity. And the facts the output states: 30 distinct rotations, and the
   generators' images (A5.json's elements 46 = (0 1 2) and 1 = (0 1 2 3 4))
   multiply to an order-2 rotation. */
static void test_paper_map(void)
{
    lt_rotation_icosa_t I;
    lt_rotation_icosa_init_map(I, LT_ROTATION_MAP_PAPER);
    static const ld ref[3][9] = {
        {1, 0, 0, 0, 1, 0, 0, 0, 1},
        {-0.3090169943749474L, 0.8090169943749475L, 0.5L, 0.8090169943749473L, 0.5L, -0.30901699437494745L, -0.5L,
         0.30901699437494734L, -0.8090169943749475L},
        {0.5L, -0.30901699437494745L, 0.8090169943749475L, -0.30901699437494745L, 0.8090169943749475L, 0.5L,
         -0.8090169943749475L, -0.5L, 0.30901699437494745L}};
    static const int tok[3] = {7, 33, 59};
    for (int k = 0; k < 3; k++)
        CHECK(maxdiff(I->R[tok[k]], ref[k], 9) < 1e-12L, "paper map: token %d", tok[k]);
    int distinct = 0;
    for (int g = 0; g < 60; g++) {
        int seen = 0;
        for (int h = 0; h < g && !seen; h++) seen = memcmp(I->exact[g], I->exact[h], sizeof I->exact[g]) == 0;
        distinct += !seen;
    }
    CHECK(distinct == 30, "paper map: %d distinct rotations, not 30", distinct);
    ld P[9];
    mul3(P, I->R[46], I->R[1]);
    CHECK(fabsl(P[0] + P[4] + P[8] + 1) < 1e-17L, "paper map: M((0 1 2)) M((0 1 2 3 4)) has trace %Lg, not -1 (order 2)",
          P[0] + P[4] + P[8]);
    CHECK(I->angle[7] == 0, "paper map: token 7's generator is 0");
    lt_rotation_icosa_clear(I);
}

int main(void)
{
    test_representation();
    test_paper_map();
    test_log();
    test_series();
    test_task();
    UNIT_DONE("t-rotation");
}
