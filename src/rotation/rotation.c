/* The rotation task (lietool/rotation.h): A5 acting on R^3 by the
   icosahedral rotations, the continuous flow of a word, and the depth-k
   order-blind model given by the Magnus series (W. Magnus, "On the
   exponential solution of differential equations for a linear operator",
   Comm. Pure Appl. Math. 7 (1954) 649-673; A. Iserles, H. Munthe-Kaas,
   S. P. Norsett, A. Zanna, "Lie-group methods", Acta Numerica 9 (2000)
   215-365) truncated at the class c(k) of Heo et al. 2026, Corollary 3.6. */
#include <assert.h>
#include <math.h>
#include <string.h>
#include "lietool/plot.h"
#include "lietool/rotation.h"
#include "lietool/perm.h"

static const long double PI_L = 3.141592653589793238462643383279502884L;

/* ---- the representation, exactly in Q(sqrt5) ---- */

/* C = A B for matrices with entries (m + n sqrt5)/4; C is neither. */
static void exact_mul(int C[9][2], int A[9][2], int B[9][2])
{
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            long sm = 0, sn = 0;
            for (int k = 0; k < 3; k++) {
                long m1 = A[3 * i + k][0], n1 = A[3 * i + k][1];
                long m2 = B[3 * k + j][0], n2 = B[3 * k + j][1];
                sm += m1 * m2 + 5 * n1 * n2;
                sn += m1 * n2 + n1 * m2;
            }
            /* (sm + sn sqrt5)/16 stays of the form (m + n sqrt5)/4 on the group */
            assert(sm % 4 == 0 && sn % 4 == 0);
            C[3 * i + j][0] = (int)(sm / 4);
            C[3 * i + j][1] = (int)(sn / 4);
        }
}

static int is_even(const int *p)
{
    int inv = 0;
    for (int i = 0; i < 5; i++)
        for (int j = i + 1; j < 5; j++) inv += p[i] > p[j];
    return !(inv & 1);
}

int lt_rotation_icosa_find(const lt_rotation_icosa_t I, const int *p)
{
    for (int i = 0; i < LT_ROTATION_ORDER; i++)
        if (memcmp(I->perm[i], p, sizeof I->perm[i]) == 0) return i;
    return -1;
}

/* The even permutations of 0..4 in lexicographic order of their image
   lists: itertools.permutations order restricted to A5, the order of
   lietool table A5 (src/dataset/dataset.c and src/io/dataset_read.c). */
static void list_elements(lt_rotation_icosa_struct *I)
{
    int n = 0, p[5];
    for (int code = 0; code < 3125; code++) {
        int c = code, used = 0, ok = 1;
        for (int i = 4; i >= 0; i--) { p[i] = c % 5; c /= 5; }
        for (int i = 0; i < 5 && ok; i++) {
            if (used & (1 << p[i])) ok = 0;
            used |= 1 << p[i];
        }
        if (ok && is_even(p)) memcpy(I->perm[n++], p, sizeof p);
    }
    assert(n == LT_ROTATION_ORDER);
}

static void icosa_finish(lt_rotation_icosa_t I);

void lt_rotation_icosa_init(lt_rotation_icosa_t I)
{
    memset(I, 0, sizeof *I);
    list_elements(I);
    /* the generators and their images: (0 1 2) permutes the coordinates,
       (0 2 4 1 3) is the 72-degree rotation; a = (-1 + sqrt5)/4,
       b = (1 + sqrt5)/4 */
    static const int gp[2][5] = {{1, 2, 0, 3, 4}, {2, 3, 4, 0, 1}};
    static const int gm[2][9][2] = {
        {{0, 0}, {0, 0}, {4, 0}, {4, 0}, {0, 0}, {0, 0}, {0, 0}, {4, 0}, {0, 0}},
        {{-1, 1}, {-1, -1}, {2, 0}, {1, 1}, {2, 0}, {-1, 1}, {-2, 0}, {-1, 1}, {1, 1}}};
    int known[LT_ROTATION_ORDER] = {0}, queue[LT_ROTATION_ORDER], head = 0, tail = 0;
    /* element 0 is the identity */
    for (int i = 0; i < 3; i++) I->exact[0][4 * i][0] = 4;
    known[0] = 1;
    queue[tail++] = 0;
    for (int g = 0; g < 2; g++) I->gens[g] = lt_rotation_icosa_find(I, gp[g]);
    /* breadth-first closure: R(g s) = R(g) R(s), g s applying s first */
    while (head < tail) {
        int g = queue[head++];
        for (int s = 0; s < 2; s++) {
            int r[5], M[9][2];
            lt_perm_mul(r, gp[s], I->perm[g], 5);      /* r = g o s: s first (lietool/perm.h) */
            int idx = lt_rotation_icosa_find(I, r);
            assert(idx >= 0);
            exact_mul(M, I->exact[g], (int (*)[2])gm[s]);
            if (known[idx]) {
                /* the closure meets an element again: the images agree,
                   or the assignment is not a homomorphism */
                assert(memcmp(M, I->exact[idx], sizeof M) == 0);
                continue;
            }
            memcpy(I->exact[idx], M, sizeof M);
            known[idx] = 1;
            queue[tail++] = idx;
        }
    }
    assert(tail == LT_ROTATION_ORDER);
    icosa_finish(I);
}

/* R and omega = log R of every element from the exact entries. */
static void icosa_finish(lt_rotation_icosa_t I)
{
    const long double s5 = sqrtl(5.0L);
    for (int g = 0; g < LT_ROTATION_ORDER; g++) {
        for (int e = 0; e < 9; e++)
            I->R[g][e] = ((long double)I->exact[g][e][0] + (long double)I->exact[g][e][1] * s5) / 4;
        int tm = I->exact[g][0][0] + I->exact[g][4][0] + I->exact[g][8][0];
        int tn = I->exact[g][0][1] + I->exact[g][4][1] + I->exact[g][8][1];
        if (tm == 12 && tn == 0) {                      /* the identity: X = 0 */
            memset(I->omega[g], 0, sizeof I->omega[g]);
        } else if (tm == -4 && tn == 0) {
            /* angle pi: R = 2 n n^T - I, n n^T = (R + I)/2; the first
               coordinate with R_ii != -1 (exactly) is the first non-zero
               one of n, taken positive, and n_j = R_(i0 j) / (2 n_i0) */
            int i0 = 0;
            while (I->exact[g][4 * i0][0] == -4 && I->exact[g][4 * i0][1] == 0) i0++;
            long double n[3];
            n[i0] = sqrtl((I->R[g][4 * i0] + 1) / 2);
            for (int j = 0; j < 3; j++)
                if (j != i0) n[j] = I->R[g][3 * i0 + j] / (2 * n[i0]);
            for (int j = 0; j < 3; j++) I->omega[g][j] = PI_L * n[j];
        } else {
            lt_rotation_log(I->omega[g], I->R[g], 0);
        }
        I->angle[g] = sqrtl(I->omega[g][0] * I->omega[g][0] + I->omega[g][1] * I->omega[g][1]
                            + I->omega[g][2] * I->omega[g][2]);
    }
}

void lt_rotation_icosa_clear(lt_rotation_icosa_t I)
{
    (void)I;                /* nothing allocated */
}

/* The paper's map (Heo et al. 2026, released code kazuki-irie/lie-algebra-
   state-tracking, commit e6575fa: state_tracking/src/main_regression.py,
   build_tokenid_to_mat_lookup_a5, and state_tracking/src/A5.json). The code
   lists A5's elements in A5.json's order (below, as image lists of 0..4),
   whose table is t[x][g] = x o g (g applied first), and fills the matrices
   breadth first from the identity: for each element x taken from the
   queue, for g = (0 1 2) with [[0,0,1],[1,0,0],[0,1,0]] and then
   g = (0 1 2 3 4) with the 72-degree matrix of lietool's second generator,
   y = t[x][g] gets M(x) M(g) when it has none yet (no check when it has).
   Token i (element i of the word-problem data, the abstract_algebra
   numbering of lietool) is then given the matrix of A5.json's element i.
   The two generator matrices multiply to a rotation of order 2 where
   (0 1 2) o (0 1 2 3 4) has order 5: the assignment is not a homomorphism
   (of either numbering), and its 60 matrices are only 30 distinct
   rotations. The element order is data of that file; the code is ours. */
static const char paper_elements[LT_ROTATION_ORDER][6] = {
    "01234", "12340", "23401", "34012", "40123", "10324",
    "03241", "32410", "24103", "41032", "21430", "14302",
    "43021", "30214", "02143", "30421", "04213", "42130",
    "21304", "13042", "32041", "20413", "04132", "41320",
    "13204", "23140", "31402", "14023", "40231", "02314",
    "43102", "31024", "10243", "02431", "24310", "42013",
    "20134", "01342", "13420", "34201", "40312", "03124",
    "31240", "12403", "24031", "41203", "12034", "20341",
    "03412", "34120", "01423", "14230", "42301", "23014",
    "30142", "10432", "04321", "43210", "32104", "21043",
};

static int paper_find(const int *p)
{
    for (int i = 0; i < LT_ROTATION_ORDER; i++) {
        int k = 0;
        while (k < 5 && paper_elements[i][k] - '0' == p[k]) k++;
        if (k == 5) return i;
    }
    return -1;
}

void lt_rotation_icosa_init_map(lt_rotation_icosa_t I, lt_rotation_map map)
{
    lt_rotation_icosa_init(I);
    if (map != LT_ROTATION_MAP_PAPER) return;
    int gm[2][9][2];
    memcpy(gm[0], I->exact[I->gens[0]], sizeof gm[0]);     /* the faithful images of the two generators */
    memcpy(gm[1], I->exact[I->gens[1]], sizeof gm[1]);
    static const int gp[2][5] = {{1, 2, 0, 3, 4}, {1, 2, 3, 4, 0}};     /* (0 1 2), (0 1 2 3 4) */
    int known[LT_ROTATION_ORDER] = {0}, queue[LT_ROTATION_ORDER], head = 0, tail = 0;
    int M[LT_ROTATION_ORDER][9][2], E[LT_ROTATION_ORDER][5];
    for (int i = 0; i < LT_ROTATION_ORDER; i++)
        for (int k = 0; k < 5; k++) E[i][k] = paper_elements[i][k] - '0';
    int one = paper_find((const int[]){0, 1, 2, 3, 4});
    memset(M, 0, sizeof M);
    for (int i = 0; i < 3; i++) M[one][4 * i][0] = 4;
    known[one] = 1;
    queue[tail++] = one;
    while (head < tail) {
        int x = queue[head++];
        for (int s = 0; s < 2; s++) {
            int r[5];
            for (int k = 0; k < 5; k++) r[k] = E[x][gp[s][k]];     /* x o g: g first */
            int y = paper_find(r);
            assert(y >= 0);
            if (known[y]) continue;
            exact_mul(M[y], M[x], gm[s]);
            known[y] = 1;
            queue[tail++] = y;
        }
    }
    assert(tail == LT_ROTATION_ORDER);
    memcpy(I->exact, M, sizeof M);      /* token i: A5.json's element i */
    icosa_finish(I);
}

/* ---- rotations ---- */

void lt_rotation_hat(long double X[9], const long double w[3])
{
    X[0] = 0;     X[1] = -w[2]; X[2] = w[1];
    X[3] = w[2];  X[4] = 0;     X[5] = -w[0];
    X[6] = -w[1]; X[7] = w[0];  X[8] = 0;
}

/* exp(h [w]_x) = I + sin(t) K + (1 - cos t) K^2, K = [w/|w|]_x, t = h|w|;
   for small t the coefficients sin(t)/t and (1 - cos t)/t^2 are taken from
   their Taylor series to avoid cancellation. */
void lt_rotation_exp(long double R[9], const long double w[3], long double h)
{
    long double x = h * w[0], y = h * w[1], z = h * w[2];
    long double t2 = x * x + y * y + z * z, a, b;
    if (t2 < 1e-8L) {
        a = 1 - t2 / 6 * (1 - t2 / 20 * (1 - t2 / 42 * (1 - t2 / 72)));
        b = 0.5L * (1 - t2 / 12 * (1 - t2 / 30 * (1 - t2 / 56 * (1 - t2 / 90))));
    } else {
        long double t = sqrtl(t2);
        a = sinl(t) / t;
        long double s = sinl(t / 2) / t;
        b = 2 * s * s;                                  /* (1 - cos t)/t^2 */
    }
    /* R = I + a W + b W^2, W = [(x,y,z)]_x, W^2 = v v^T - t2 I */
    R[0] = 1 + b * (x * x - t2); R[1] = -a * z + b * x * y; R[2] = a * y + b * x * z;
    R[3] = a * z + b * x * y;    R[4] = 1 + b * (y * y - t2); R[5] = -a * x + b * y * z;
    R[6] = -a * y + b * x * z;   R[7] = a * x + b * y * z;    R[8] = 1 + b * (z * z - t2);
}

void lt_rotation_apply(long double y[3], const long double R[9], const long double x[3])
{
    long double r0 = R[0] * x[0] + R[1] * x[1] + R[2] * x[2];
    long double r1 = R[3] * x[0] + R[4] * x[1] + R[5] * x[2];
    long double r2 = R[6] * x[0] + R[7] * x[1] + R[8] * x[2];
    y[0] = r0; y[1] = r1; y[2] = r2;
}

void lt_rotation_log(long double w[3], const long double R[9], long double tol)
{
    long double a[3] = {R[7] - R[5], R[2] - R[6], R[3] - R[1]};    /* 2 sin(t) n */
    long double s = sqrtl(a[0] * a[0] + a[1] * a[1] + a[2] * a[2]) / 2;
    long double c = (R[0] + R[4] + R[8] - 1) / 2;
    long double t = atan2l(s, c);
    if (t < PI_L / 2 || s > 0.25L) {
        /* away from pi: w = t/(2 sin t) a, with t/sin t -> 1 at 0 */
        long double f = s > 1e-300L ? t / (2 * s) : 0.5L;
        for (int i = 0; i < 3; i++) w[i] = f * a[i];
        return;
    }
    /* near pi: |n_i| from the diagonal of (R + R^T)/2 = cos t I + (1 - cos t) n n^T,
       signs from the off-diagonal entries relative to the first coordinate
       that is not zero (within tol), which is taken positive; then the sign
       of the whole is fixed by the antisymmetric part when sin t is not
       negligible */
    long double n[3], d = 1 - c;
    int i0 = 0;
    for (int i = 0; i < 3; i++) {
        long double v = (R[4 * i] - c) / d;
        n[i] = v > 0 ? sqrtl(v) : 0;
    }
    while (i0 < 2 && n[i0] <= tol) i0++;
    for (int j = 0; j < 3; j++)
        if (j != i0) n[j] = (R[3 * i0 + j] + R[3 * j + i0]) / (2 * d * n[i0]);
    long double dot = n[0] * a[0] + n[1] * a[1] + n[2] * a[2];
    if (s > tol && dot < 0)
        for (int j = 0; j < 3; j++) n[j] = -n[j];
    long double nn = sqrtl(n[0] * n[0] + n[1] * n[1] + n[2] * n[2]);
    for (int j = 0; j < 3; j++) w[j] = t * n[j] / nn;
}

/* ---- the Magnus series as a quaternion power series ---- */

void lt_rotation_series_init(lt_rotation_series_t S, int c)
{
    assert(c >= 1);
    S->c = S->cap = c;
    S->q = lt_calloc((size_t)(c + 1) * 4, sizeof(long double));
    S->t = lt_calloc((size_t)(c + 1) * 8, sizeof(long double));
    S->q[0] = 1;
}

void lt_rotation_series_clear(lt_rotation_series_t S)
{
    lt_free(S->q);
    lt_free(S->t);
}

void lt_rotation_series_one(lt_rotation_series_t S, int c)
{
    assert(c >= 1 && c <= S->cap);
    S->c = c;
    memset(S->q, 0, (size_t)(S->cap + 1) * 4 * sizeof(long double));
    S->q[0] = 1;
}

/* exp(h [w]_x) is the quaternion cos(h t/2) + sin(h t/2) w/t, t = |w|:
   its coefficient of h^j is the scalar (-1)^(j/2) (t/2)^j / j! for even j
   and the vector (-1)^((j-1)/2) (t/2)^(j-1) / j! w/2 for odd j. The new
   product is that series times S (the new step on the left), truncated. */
void lt_rotation_series_push(lt_rotation_series_t S, const long double w[3])
{
    int c = S->c;
    long double *p = S->t;                      /* p[j]: the step's coefficient, as above */
    long double *nq = S->t + (c + 1) * 4;       /* the new product */
    long double t2 = (w[0] * w[0] + w[1] * w[1] + w[2] * w[2]) / 4;     /* (t/2)^2 */
    long double a = 1;                          /* (t/2)^(2m) / j!, advanced per j */
    p[0] = 1;
    for (int j = 1; j <= c; j++) {
        a /= j;
        if (j & 1) p[j] = ((j >> 1) & 1) ? -a : a;
        else { a *= t2; p[j] = ((j >> 1) & 1) ? -a : a; }
    }
    long double hw[3] = {w[0] / 2, w[1] / 2, w[2] / 2};
    for (int n = c; n >= 0; n--) {
        long double r[4] = {0, 0, 0, 0};
        for (int j = 0; j <= n; j++) {
            const long double *x = S->q + 4 * (n - j);
            long double f = p[j];
            if (!(j & 1)) {
                r[0] += f * x[0]; r[1] += f * x[1]; r[2] += f * x[2]; r[3] += f * x[3];
            } else {
                /* (0, u) (s, v) = (-u.v, s u + u x v), u = f w/2 */
                long double u0 = f * hw[0], u1 = f * hw[1], u2 = f * hw[2];
                r[0] -= u0 * x[1] + u1 * x[2] + u2 * x[3];
                r[1] += x[0] * u0 + u1 * x[3] - u2 * x[2];
                r[2] += x[0] * u1 + u2 * x[1] - u0 * x[3];
                r[3] += x[0] * u2 + u0 * x[2] - u1 * x[1];
            }
        }
        memcpy(nq + 4 * n, r, sizeof r);
    }
    memcpy(S->q, nq, (size_t)(c + 1) * 4 * sizeof(long double));
}

/* F = sum_m g_m u^m to degree top, phi/sin phi as a series in
   u = 1 - cos phi (g_0 = 1, g_m = g_(m-1) m/(2m+1): (1 - s^2) G'(s) =
   s G(s) - 1 for G(s) = acos(s)/sqrt(1 - s^2)); u has no terms below
   degree 2. P and T are work space of top + 1 entries. */
static void compose_g(long double *F, const long double *u, int top, long double *P, long double *T)
{
    memset(F, 0, (size_t)(top + 1) * sizeof(long double));
    F[0] = 1;
    if (top < 2) return;
    memcpy(P, u, (size_t)(top + 1) * sizeof(long double));      /* u^1, lowest degree 2 */
    long double g = 1;
    for (int m = 1; 2 * m <= top; m++) {
        g = g * m / (2 * m + 1);
        for (int n = 2 * m; n <= top; n++) F[n] += g * P[n];
        if (2 * (m + 1) > top) break;
        /* P = P u, from degree 2(m + 1) */
        for (int n = 2 * (m + 1); n <= top; n++) {
            long double r = 0;
            for (int j = 2 * m; j <= n - 2; j++) r += P[j] * u[n - j];
            T[n] = r;
        }
        for (int n = 0; n <= top; n++) P[n] = n >= 2 * (m + 1) ? T[n] : 0;
    }
}

void lt_rotation_series_log(long double *omega, const lt_rotation_series_t S)
{
    int c = S->c;
    long double *u = lt_calloc((size_t)(4 * (c + 1)), sizeof(long double));
    long double *F = u + (c + 1), *P = F + (c + 1), *T = P + (c + 1);
    /* u = 1 - s: no constant term, and no h^1 term (the scalar part of a
       product of unit quaternions is 1 - O(h^2)) */
    for (int n = 2; n <= c; n++) u[n] = -S->q[4 * n];
    compose_g(F, u, c - 1, P, T);                /* v starts at degree 1 */
    /* Omega = 2 log q = 2 F v */
    for (int n = 1; n <= c; n++) {
        long double r[3] = {0, 0, 0};
        for (int j = 0; j <= n - 1; j++) {
            const long double *v = S->q + 4 * (n - j) + 1;
            r[0] += F[j] * v[0]; r[1] += F[j] * v[1]; r[2] += F[j] * v[2];
        }
        for (int i = 0; i < 3; i++) omega[3 * (n - 1) + i] = 2 * r[i];
    }
    lt_free(u);
}

/* The majorant: with x = M/2, every coefficient of the product satisfies
   |q_n| <= x^n/n! (the quaternion norm is multiplicative and the product
   is majorised by prod exp(h |w_t|/2) = exp(h x)), so |u_n| <= x^n/n! for
   n >= 2, |v_n| <= x^n/n! for n >= 1, and since the g_m are positive,
   |Omega_n| <= 2 [G(e^y - 1 - y) (e^y - 1)]_n x^n = 2 a_n x^n. The series
   in y converges while e^y - 1 - y < 2 (y < 1.505), i.e. for generator
   masses below 3.01, close to the disc of convergence pi of the Magnus
   series in this norm. */
void lt_rotation_majorant(long double *a, int c)
{
    assert(c >= 1);
    long double *U = lt_calloc((size_t)(4 * (c + 1)), sizeof(long double));
    long double *F = U + (c + 1), *P = F + (c + 1), *T = P + (c + 1);
    long double f = 1;
    for (int n = 1; n <= c; n++) {
        f /= n;
        if (n >= 2) U[n] = f;
    }
    compose_g(F, U, c, P, T);
    a[0] = 0;
    for (int n = 1; n <= c; n++) {
        long double r = 0, fv = 1;     /* fv = 1/(n-j)! */
        for (int k = 1; k <= n; k++) fv /= k;
        for (int j = 0; j <= n - 1; j++) {
            r += F[j] * fv;
            fv *= (long double)(n - j);     /* 1/(n-j-1)! */
        }
        a[n] = r;
    }
    lt_free(U);
}

int lt_rotation_degree_needed(const long double *a, int c, long double x, long double tol)
{
    /* tail(n0) = sum_{n0 < n <= c} 2 a_n x^n, from the top down */
    long double tail = 0;
    int n0 = c;
    for (int n = c; n >= 2; n--) {
        tail += 2 * a[n] * powl(x, (long double)n);
        if (!(tail <= tol)) break;
        n0 = n - 1;
    }
    return n0;
}

void lt_rotation_series_eval(long double w[3], const long double *omega, int c, long double h)
{
    /* Horner */
    long double r[3] = {0, 0, 0};
    for (int n = c; n >= 1; n--)
        for (int i = 0; i < 3; i++) r[i] = (r[i] + omega[3 * (n - 1) + i]) * h;
    memcpy(w, r, sizeof r);
}

/* ---- the task ---- */

void lt_rotation_default_fit(lt_rotation_params *P, int n)
{
    if (n > LT_ROTATION_MAX_FIT) n = LT_ROTATION_MAX_FIT;
    P->nfit = n;
    long double h = 1.0L / (4.0L * (long double)P->window);
    for (int j = 0; j < n; j++, h *= 0.70710678118654752440L) P->fit[j] = h;
}

double lt_rotation_floor(long length)
{
    return 1e-17 * (length > 256 ? (double)length / 256 : 1.0);
}

void lt_rotation_result_init(lt_rotation_result_t Z)
{
    memset(Z, 0, sizeof *Z);
}

void lt_rotation_result_clear(lt_rotation_result_t Z)
{
    lt_free(Z->steps);
    lt_free(Z->cls);
    lt_free(Z->expo);
    lt_free(Z->mse);
    lt_free(Z->rms);
    lt_free(Z->slope);
    lt_free(Z->points);
}

const double *lt_rotation_mse(const lt_rotation_result_t Z, int s, int d)
{
    return Z->mse + ((size_t)s * Z->ndepth + d) * (size_t)Z->length;
}

double lt_rotation_mean_mse(const lt_rotation_result_t Z, int s, int d)
{
    double r = Z->rms[s * Z->ndepth + d];
    return r * r;
}

static double fit_slope(const long double *h, const double *e, int n, int stride, double floor, int *used)
{
    double sx = 0, sy = 0, sxx = 0, sxy = 0;
    int m = 0;
    for (int j = 0; j < n; j++) {
        double y = e[j * stride];
        if (!(y > floor) || !isfinite(y)) continue;
        double x = log((double)h[j]);
        y = log(y);
        sx += x; sy += y; sxx += x * x; sxy += x * y;
        m++;
    }
    *used = m;
    if (m < 2) return NAN;
    double den = m * sxx - sx * sx;
    if (!(fabs(den) > 0)) return NAN;
    return (m * sxy - sx * sy) / den;
}

/* The tail of the truncated series left out: at most 1e-25 in the
   rotation vector, far below the long double rounding of the states. */
#define TAIL_TOL 1e-25L

/* The run's work, in the steps of --max-enum: per sample and position,
   the window's series pushed and its logarithm taken (2 c^2, c the degree
   a window of the largest mass needs), then per step of h the
   exponentials of every depth (about 60 operations each). Measured here:
   --depth 8 --samples 100 --length 1000 (c = 110 at window 8) takes 47 s,
   1.5e10 steps; window 32 (c = 255) 225 s;
   1000 x --max-enum (1e10 by default) is about a minute, as for bch. */
static double rotation_work(const lt_rotation_params *P, int cmax, const lt_rotation_icosa_t I, const long double *maj)
{
    long double amean = 0, hmax = P->step;
    for (int g = 0; g < LT_ROTATION_ORDER; g++) amean += I->angle[g] / LT_ROTATION_ORDER;
    for (int j = 0; j < P->nfit; j++) if (P->fit[j] > hmax) hmax = P->fit[j];
    long w = P->window < P->length ? P->window : P->length;
    double c = lt_rotation_degree_needed(maj, cmax, hmax * amean * (long double)w / 2, TAIL_TOL);
    double nd = P->kmax - P->kmin + 1, ns = 1 + P->nfit;
    double per = 2 * c * c + ns * (c + 60 * nd);
    return 3.0 * per * (double)P->samples * (double)P->length;
}

lt_status lt_rotation_run(lt_rotation_result_t Z, const lt_rotation_params *P,
                          const lt_ctx_t ctx, lt_err_t err)
{
    assert(P->kmin >= 1 && P->kmin <= P->kmax && P->kmax <= LT_ROTATION_MAX_DEPTH);
    assert(P->length >= 1 && P->window >= 1 && P->samples >= 1);
    assert(P->nfit >= 0 && P->nfit <= LT_ROTATION_MAX_FIT);
    int nd = P->kmax - P->kmin + 1, ns = 1 + P->nfit;
    long T = P->length;
    double mib = ((double)ns * nd * (double)T * (sizeof(double) + sizeof(long double))) / 1048576.0;
    if (mib > (double)ctx->max_memory_mb)
        return lt_err_set(err, LT_ELIMIT, "the error tables (%d steps x %d depths x %ld positions) need %.0f MiB, above `max_memory` %ld",
                          ns, nd, T, ceil(mib), ctx->max_memory_mb);
    lt_rotation_result_clear(Z);
    lt_rotation_result_init(Z);
    Z->ndepth = nd;
    Z->nstep = ns;
    Z->length = T;
    Z->floor = lt_rotation_floor(T);
    Z->steps = lt_malloc((size_t)ns * sizeof(long double));
    Z->steps[0] = P->step;
    long double hmax = P->step;
    for (int j = 0; j < P->nfit; j++) {
        Z->steps[1 + j] = P->fit[j];
        if (P->fit[j] > hmax) hmax = P->fit[j];
    }
    Z->cls = lt_malloc((size_t)nd * sizeof(ulong));
    Z->expo = lt_malloc((size_t)nd * sizeof(ulong));
    for (int d = 0; d < nd; d++) {
        Z->cls[d] = lt_depth_truncation_class(P->kmin + d, P->bound);
        Z->expo[d] = lt_depth_error_exponent(P->kmin + d, P->bound);
    }
    int cmax = (int)Z->cls[nd - 1];
    Z->mse = lt_calloc((size_t)ns * nd * (size_t)T, sizeof(double));
    Z->rms = lt_calloc((size_t)ns * nd, sizeof(double));
    Z->slope = lt_malloc((size_t)nd * sizeof(double));
    Z->points = lt_calloc((size_t)nd, sizeof(int));

    lt_rotation_icosa_t I;
    lt_rotation_icosa_init_map(I, P->map);
    for (int g = 0; g < 2; g++) memcpy(Z->gens[g], I->R[I->gens[g]], sizeof Z->gens[g]);
    long double *maj = lt_malloc((size_t)(cmax + 1) * sizeof(long double));
    lt_rotation_majorant(maj, cmax);
    double work = rotation_work(P, cmax, I, maj);
    if (!(work <= 1000.0 * (double)ctx->max_enum)) {
        lt_free(maj);
        lt_rotation_result_clear(Z);
        lt_rotation_result_init(Z);
        return lt_err_set(err, LT_ELIMIT, "%ld words of length %ld at depth %d (window %ld) take about %.1e steps, "
                          "more than 1000 x `max_enum` %ld (about a minute); `max_enum` %.0f allows it",
                          P->samples, P->length, P->kmax, P->window, work, ctx->max_enum, ceil(work / 1000.0));
    }
    lt_rotation_series_t S;
    lt_rotation_series_init(S, cmax);
    long double *om = lt_calloc((size_t)cmax * 3, sizeof(long double));
    long double (*vt)[3] = lt_malloc((size_t)ns * sizeof *vt);                 /* true flow */
    long double (*vs)[3] = lt_malloc((size_t)ns * nd * sizeof *vs);            /* model, window start */
    long double *acc = lt_calloc((size_t)ns * nd * (size_t)T, sizeof(long double));
    int *word = lt_malloc((size_t)T * sizeof(int));
    long *cnt = lt_calloc((size_t)T, sizeof *cnt);     /* the words reaching each position */
    const long double r3 = 1 / sqrtl(3.0L);
    lt_rng_t rng;
    lt_rng_seed(rng, P->seed);
    lt_status st = LT_OK;
    long double fitmax = 0;
    for (int j = 0; j < P->nfit; j++) if (P->fit[j] > fitmax) fitmax = P->fit[j];
    for (long smp = 0; smp < P->samples && !st; smp++) {
        long Tw = T;
        if (P->words) {
            Tw = P->word_len[smp];
            assert(Tw >= 1 && Tw <= T);
            memcpy(word, P->words[smp], (size_t)Tw * sizeof *word);
        } else
            for (long t = 0; t < T; t++) word[t] = (int)lt_rng_below(rng, LT_ROTATION_ORDER);
        for (long t = 0; t < Tw; t++) cnt[t]++;
        for (int s = 0; s < ns; s++) {
            vt[s][0] = vt[s][1] = vt[s][2] = r3;
            for (int d = 0; d < nd; d++) vs[s * nd + d][0] = vs[s * nd + d][1] = vs[s * nd + d][2] = r3;
        }
        for (long t0 = 0; t0 < Tw && !st; t0 += P->window) {
            long t1 = t0 + P->window < Tw ? t0 + P->window : Tw;
            /* the window's generator mass (h = 1) and the degree its
               series needs: the terms above it add at most TAIL_TOL at
               every step used (lt_rotation_majorant) */
            long double mass = 0;
            for (long t = t0; t < t1; t++) mass += I->angle[word[t]];
            if ((double)(P->step * mass) > Z->mass) Z->mass = (double)(P->step * mass);
            if ((double)(fitmax * mass) > Z->fit_mass) Z->fit_mass = (double)(fitmax * mass);
            int c = lt_rotation_degree_needed(maj, cmax, hmax * mass / 2, TAIL_TOL);
            lt_rotation_series_one(S, c);
            for (long t = t0; t < t1 && !st; t++) {
                const long double *w = I->omega[word[t]];
                lt_rotation_series_push(S, w);
                lt_rotation_series_log(om, S);           /* degrees above c stay 0 */
                for (int s = 0; s < ns && !st; s++) {
                    long double h = Z->steps[s], R[9], v[3];
                    lt_rotation_exp(R, w, h);
                    lt_rotation_apply(vt[s], R, vt[s]);
                    /* the partial sums sum_{n <= c(k)} h^n Omega_n of every depth in one pass */
                    long double ws[3] = {0, 0, 0}, hp = 1;
                    int n = 0;
                    for (int d = 0; d < nd; d++) {
                        int top = (int)Z->cls[d] < c ? (int)Z->cls[d] : c;
                        for (; n < top; n++) {
                            hp *= h;
                            for (int i = 0; i < 3; i++) ws[i] += hp * om[3 * n + i];
                        }
                        if (!isfinite(ws[0]) || !isfinite(ws[1]) || !isfinite(ws[2])) {
                            st = lt_err_set(err, LT_ENUMERIC, "the Magnus series truncated at degree %lu is not finite at step %Lg (window %ld, position %ld of sample %ld); lower `step` or `window`",
                                            Z->cls[d], h, P->window, t + 1, smp + 1);
                            break;
                        }
                        long double e2 = 0;
                        lt_rotation_exp(R, ws, 1);
                        lt_rotation_apply(v, R, vs[s * nd + d]);
                        for (int i = 0; i < 3; i++) e2 += (v[i] - vt[s][i]) * (v[i] - vt[s][i]);
                        acc[((size_t)s * nd + d) * (size_t)T + (size_t)t] += e2 / 3;
                        if (t == t1 - 1) memcpy(vs[s * nd + d], v, sizeof v);
                    }
                }
            }
        }
        if (ctx->progress) ctx->progress(ctx->progress_arg, "rotation task", (double)(smp + 1), (double)P->samples);
    }
    if (!st) {
        for (int s = 0; s < ns; s++)
            for (int d = 0; d < nd; d++) {
                long double sum = 0;
                for (long t = 0; t < T; t++) {
                    size_t k = ((size_t)s * nd + d) * (size_t)T + (size_t)t;
                    long double m = cnt[t] ? acc[k] / (long double)cnt[t] : 0;
                    Z->mse[k] = (double)m;
                    sum += m;
                }
                Z->rms[s * nd + d] = (double)sqrtl(sum / (long double)T);
            }
        for (int d = 0; d < nd; d++)
            Z->slope[d] = fit_slope(Z->steps + 1, Z->rms + nd + d, P->nfit, nd, Z->floor, &Z->points[d]);
    }
    lt_free(maj); lt_free(om); lt_free(vt); lt_free(vs); lt_free(acc); lt_free(word); lt_free(cnt);
    lt_rotation_series_clear(S);
    lt_rotation_icosa_clear(I);
    return st;
}

/* ---- the figure ---- */

void lt_rotation_plot(lt_plot_t F, const lt_rotation_params *P, const lt_rotation_result_t Z)
{
    int nd = Z->ndepth, fit = Z->nstep > 2;
    lt_plot_clear(F);
    lt_plot_init(F, fit ? 1180 : 580, 440);
    char buf[160];
    snprintf(buf, sizeof buf, "A5 rotation task: step h = %.4Lg, window W = %ld, %ld samples, bound %s",
             P->step, P->window, P->samples, lt_depth_bound_name(P->bound));
    lt_plot_titles(F, "lietool ssm rotation: error of the depth-k order-blind model", buf);
    /* panel 1: MSE against position, one line per depth */
    lt_plot_panel_spec a = {80, 60, 320, 300, "MSE per position",
                            {"position t", 0, 1, Z->length > 1 ? (double)Z->length : 2, 0, 1},
                            {"MSE (log scale)", 1, NAN, NAN, 0, 0}, LT_PLOT_LEGEND_RIGHT};
    int pa = lt_plot_add_panel(F, &a);
    double *pos = lt_malloc((size_t)Z->length * sizeof *pos);
    for (long t = 0; t < Z->length; t++) pos[t] = (double)(t + 1);
    for (int d = 0; d < nd; d++) {
        snprintf(buf, sizeof buf, "depth %d (c = %lu)", P->kmin + d, Z->cls[d]);
        lt_plot_add_series(F, pa, pos, Z->mse + (size_t)d * (size_t)Z->length, Z->length, buf, NULL);
    }
    lt_free(pos);
    if (fit) {
        /* panel 2: RMS error against h, log-log, with the fitted slopes */
        lt_plot_panel_spec b = {630, 60, 300, 300, "RMS error against step h",
                                {"step h (log scale)", 1, NAN, NAN, 1, 0},
                                {"RMS error (log scale)", 1, NAN, NAN, 0, 0}, LT_PLOT_LEGEND_RIGHT};
        int pb = lt_plot_add_panel(F, &b);
        int ns = Z->nstep - 1;
        double *h = lt_malloc((size_t)ns * sizeof *h), *e = lt_malloc((size_t)ns * sizeof *e);
        for (int s = 0; s < ns; s++) h[s] = (double)Z->steps[s + 1];
        lt_plot_style st = {NULL, 1.5, NULL, 2.5};
        for (int d = 0; d < nd; d++) {
            for (int s = 0; s < ns; s++) e[s] = Z->rms[(s + 1) * nd + d];
            if (isnan(Z->slope[d])) snprintf(buf, sizeof buf, "k=%d: slope -, c+1 = %lu", P->kmin + d, Z->expo[d]);
            else snprintf(buf, sizeof buf, "k=%d: slope %.2f, c+1 = %lu", P->kmin + d, Z->slope[d], Z->expo[d]);
            lt_plot_add_series(F, pb, h, e, ns, buf, &st);
        }
        lt_free(h);
        lt_free(e);
        snprintf(buf, sizeof buf, "points below %.0e (rounding) are not fitted", Z->floor);
        lt_plot_note(F, pb, buf);
    }
}
