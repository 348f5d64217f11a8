/* Named families of matrix Lie algebras (lietool/liealg.h): gl(n), sl(n),
   so(n), sp(2m), b(n), n(n), heis(2m+1), aff(n), se(2), se(3), abelian(n).

   The structure constants are built directly in the documented basis
   (lietool-formats(5), LIE ALGEBRA BASES): brackets of basis matrices are
   commutators, so antisymmetry and the Jacobi identity hold by construction
   and the cubic check of lt_liealg_from_table is not needed. The sparse
   layout written is the one documented in lietool/liealg.h (pairs i < j,
   indices k increasing within a pair, sc_c holding max(nnz, 1) entries). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lietool/liealg.h"

/* A basis of sparse integer n x n matrices. The first entry of each element
   is its pivot: later elements vanish at the pivots of earlier ones, and the
   pivot value is +1 or -1, so coordinates are read off by a forward sweep. */
typedef struct {
    slong n, d, nent, cap, dcap;
    slong *first;          /* d + 1 offsets */
    slong *pos, *val;      /* entries, pos = row * n + col */
    slong *pv, *pi;        /* pivot positions sorted, and their elements */
} sbasis;

static void sb_init(sbasis *B, slong n)
{
    memset(B, 0, sizeof *B);
    B->n = n;
    B->cap = B->dcap = 16;
    B->first = lt_malloc((size_t)(B->dcap + 1) * sizeof(slong));
    B->first[0] = 0;
    B->pos = lt_malloc((size_t)B->cap * sizeof(slong));
    B->val = lt_malloc((size_t)B->cap * sizeof(slong));
}

static void sb_clear(sbasis *B)
{
    lt_free(B->first); lt_free(B->pos); lt_free(B->val); lt_free(B->pv); lt_free(B->pi);
}

/* Adds an element with k entries given as (row, col, value) triples,
   0-based, the pivot first. */
static void sb_add(sbasis *B, int k, const slong *rcv)
{
    if (B->nent + k > B->cap) {
        while (B->nent + k > B->cap) B->cap *= 2;
        B->pos = lt_realloc(B->pos, (size_t)B->cap * sizeof(slong));
        B->val = lt_realloc(B->val, (size_t)B->cap * sizeof(slong));
    }
    for (int t = 0; t < k; t++) {
        B->pos[B->nent] = rcv[3 * t] * B->n + rcv[3 * t + 1];
        B->val[B->nent] = rcv[3 * t + 2];
        B->nent++;
    }
    if (B->d + 1 >= B->dcap) { B->dcap *= 2; B->first = lt_realloc(B->first, (size_t)(B->dcap + 1) * sizeof(slong)); }
    B->d++;
    B->first[B->d] = B->nent;
}

static void sb_e(sbasis *B, slong i, slong j, slong v)
{
    slong e[3] = {i, j, v};
    sb_add(B, 1, e);
}

static void sb_e2(sbasis *B, slong i, slong j, slong v, slong i2, slong j2, slong v2)
{
    slong e[6] = {i, j, v, i2, j2, v2};
    sb_add(B, 2, e);
}

static const slong *pv_sorted;
static int cmp_pivot(const void *a, const void *b)
{
    slong x = pv_sorted[*(const slong *)a], y = pv_sorted[*(const slong *)b];
    return x < y ? -1 : x > y;
}

static void sb_index(sbasis *B)
{
    slong d = B->d;
    slong *ord = lt_malloc((size_t)(d + 1) * sizeof(slong)), *piv = lt_malloc((size_t)(d + 1) * sizeof(slong));
    for (slong i = 0; i < d; i++) { ord[i] = i; piv[i] = B->pos[B->first[i]]; }
    pv_sorted = piv;
    qsort(ord, (size_t)d, sizeof(slong), cmp_pivot);
    B->pv = lt_malloc((size_t)(d + 1) * sizeof(slong));
    B->pi = lt_malloc((size_t)(d + 1) * sizeof(slong));
    for (slong i = 0; i < d; i++) { B->pv[i] = piv[ord[i]]; B->pi[i] = ord[i]; }
    lt_free(ord); lt_free(piv);
}

static slong sb_pivot_of(const sbasis *B, slong pos)
{
    slong lo = 0, hi = B->d;
    while (lo < hi) {
        slong mid = (lo + hi) / 2;
        if (B->pv[mid] < pos) lo = mid + 1;
        else hi = mid;
    }
    return lo < B->d && B->pv[lo] == pos ? B->pi[lo] : -1;
}

/* A small sparse matrix accumulator: (pos, value) with value != 0. */
typedef struct { slong n, cap; slong *pos, *val; } sacc;

static void sacc_add(sacc *A, slong pos, slong v)
{
    for (slong t = 0; t < A->n; t++)
        if (A->pos[t] == pos) {
            A->val[t] += v;
            if (!A->val[t]) { A->n--; A->pos[t] = A->pos[A->n]; A->val[t] = A->val[A->n]; }
            return;
        }
    if (!v) return;
    if (A->n == A->cap) {
        A->cap = A->cap ? 2 * A->cap : 16;
        A->pos = lt_realloc(A->pos, (size_t)A->cap * sizeof(slong));
        A->val = lt_realloc(A->val, (size_t)A->cap * sizeof(slong));
    }
    A->pos[A->n] = pos;
    A->val[A->n] = v;
    A->n++;
}

static int cmp_slong2(const void *a, const void *b)
{
    const slong *x = a, *y = b;
    return x[0] < y[0] ? -1 : x[0] > y[0];
}

/* The structure constants of the span of B in its own basis, and the matrix
   form. */
static lt_status sb_build(lt_liealg_t L, sbasis *B, lt_err_t err)
{
    slong d = B->d, n = B->n;
    sb_index(B);
    lt_scbuilder S;
    lt_scbuilder_init(&S, d);
    sacc A = {0, 0, NULL, NULL};
    slong *coef = lt_malloc((size_t)(2 * d + 2) * sizeof(slong)), *ks = lt_malloc((size_t)(d + 1) * sizeof(slong));
    fmpq *cs = _fmpq_vec_init(d + 1);
    lt_status st = LT_OK;
    for (slong i = 0; i < d && !st; i++)
        for (slong j = i + 1; j < d && !st; j++) {
            A.n = 0;
            for (slong a = B->first[i]; a < B->first[i + 1]; a++)
                for (slong b = B->first[j]; b < B->first[j + 1]; b++) {
                    slong ra = B->pos[a] / n, ca = B->pos[a] % n, rb = B->pos[b] / n, cb = B->pos[b] % n;
                    if (ca == rb) sacc_add(&A, ra * n + cb, B->val[a] * B->val[b]);
                    if (cb == ra) sacc_add(&A, rb * n + ca, -B->val[a] * B->val[b]);
                }
            slong m = 0;
            while (A.n) {
                slong best = -1, bt = -1;
                for (slong t = 0; t < A.n; t++) {
                    slong e = sb_pivot_of(B, A.pos[t]);
                    if (e >= 0 && (best < 0 || e < best)) { best = e; bt = t; }
                }
                if (best < 0) {
                    st = lt_err_set(err, LT_EINTERNAL, "internal error: a bracket of family basis elements %ld and %ld left the span",
                                    (long)i + 1, (long)j + 1);
                    break;
                }
                slong x = A.val[bt] * B->val[B->first[best]];   /* pivot value is +-1 */
                coef[2 * m] = best;
                coef[2 * m + 1] = x;
                m++;
                for (slong t = B->first[best]; t < B->first[best + 1]; t++) sacc_add(&A, B->pos[t], -x * B->val[t]);
            }
            if (st) break;
            qsort(coef, (size_t)m, 2 * sizeof(slong), cmp_slong2);
            for (slong t = 0; t < m; t++) { ks[t] = coef[2 * t]; fmpq_set_si(cs + t, coef[2 * t + 1], 1); }
            lt_scbuilder_pair(&S, i, j, m, ks, cs);
        }
    lt_free(A.pos); lt_free(A.val); lt_free(coef); lt_free(ks);
    _fmpq_vec_clear(cs, d + 1);
    if (st) { lt_scbuilder_clear(&S); return st; }
    lt_scbuilder_finish(L, &S);
    L->n = n;
    L->mats = lt_malloc((size_t)(d + 1) * sizeof(fmpq_mat_struct));
    for (slong i = 0; i < d; i++) {
        fmpq_mat_init(L->mats + i, n, n);
        for (slong t = B->first[i]; t < B->first[i + 1]; t++)
            fmpq_set_si(fmpq_mat_entry(L->mats + i, B->pos[t] / n, B->pos[t] % n), B->val[t], 1);
    }
    return LT_OK;
}

/* The bases are documented in lietool/liealg.h and lietool-formats(5). */
lt_status lt_liealg_named(lt_liealg_t L, lt_liealg_family f, long a, const char *spec,
                          const lt_ctx_t ctx, lt_err_t err)
{
    double n = 0, d = 0;
    long lo = 1;
    const char *why = NULL;
    switch (f) {
    case LT_LIE_GL: n = a; d = (double)a * a; break;
    case LT_LIE_SL: lo = 2; n = a; d = (double)a * a - 1; break;
    case LT_LIE_SO: lo = 2; n = a; d = (double)a * (a - 1) / 2; break;
    case LT_LIE_SO_SPLIT: lo = 2; n = a; d = (double)a * (a - 1) / 2; break;
    case LT_LIE_SP:
        lo = 2; n = a; d = (double)(a / 2) * (a + 1);
        if (a % 2) why = "the argument of sp(2m) is even";
        break;
    case LT_LIE_B: n = a; d = (double)a * (a + 1) / 2; break;
    case LT_LIE_N: lo = 2; n = a; d = (double)a * (a - 1) / 2; break;
    case LT_LIE_HEIS:
        lo = 3; n = (a - 1) / 2 + 2; d = a;
        if (a % 2 == 0) why = "the argument of heis(2m+1) is odd (the Heisenberg algebra has odd dimension)";
        break;
    case LT_LIE_AFF: n = a + 1; d = (double)a * (a + 1); break;
    case LT_LIE_ABELIAN: n = a; d = a; break;
    case LT_LIE_SE:
        lo = 2; n = a + 1; d = (double)a * (a + 1) / 2;
        if (a > 3) why = "se(n) is defined for n = 2 and n = 3";
        break;
    }
    if (a < lo)
        return lt_err_set(err, LT_EINPUT, "'%s': the argument must be at least %ld, not %ld", spec, lo, a);
    if (why) return lt_err_set(err, LT_EINPUT, "'%s': %s", spec, why);
    if (n > (double)ctx->max_dim)
        return lt_err_set(err, LT_ELIMIT, "'%s' is made of %.0fx%.0f matrices, above `max_dim` %ld", spec, n, n, ctx->max_dim);
    if (d > (double)ctx->max_dim)
        return lt_err_set(err, LT_ELIMIT, "'%s' has dimension %.0f, above `max_dim` %ld", spec, d, ctx->max_dim);
    char q[80];
    snprintf(q, sizeof q, "'%.60s'", spec);
    if (lt_ctx_check_memory(d * n * n * (double)sizeof(fmpq), "the matrix form", q, ctx, err)
        || lt_ctx_check_memory(d * d * 2.0 * sizeof(slong), "the structure-constant index", q, ctx, err)) return err->status;
    sbasis B;
    sb_init(&B, (slong)n);
    slong N = (slong)n;
    switch (f) {
    case LT_LIE_GL:
        for (slong i = 0; i < N; i++)
            for (slong j = 0; j < N; j++) sb_e(&B, i, j, 1);
        break;
    case LT_LIE_SL:
        for (slong i = 0; i < N; i++)
            for (slong j = 0; j < N; j++)
                if (i != j) sb_e(&B, i, j, 1);
        for (slong i = 0; i + 1 < N; i++) sb_e2(&B, i, i, 1, i + 1, i + 1, -1);
        break;
    case LT_LIE_SO:
        for (slong i = 0; i < N; i++)
            for (slong j = i + 1; j < N; j++) sb_e2(&B, i, j, 1, j, i, -1);
        break;
    case LT_LIE_SO_SPLIT:
        for (slong i = 0; i < N; i++)
            for (slong j = 0; i + j < N - 1; j++) sb_e2(&B, i, j, 1, N - 1 - j, N - 1 - i, -1);
        break;
    case LT_LIE_SP: {
        slong m = N / 2;
        for (slong i = 0; i < m; i++)
            for (slong j = 0; j < m; j++) sb_e2(&B, i, j, 1, m + j, m + i, -1);
        for (slong i = 0; i < m; i++)
            for (slong j = i; j < m; j++) {
                if (i == j) sb_e(&B, i, m + i, 1);
                else sb_e2(&B, i, m + j, 1, j, m + i, 1);
            }
        for (slong i = 0; i < m; i++)
            for (slong j = i; j < m; j++) {
                if (i == j) sb_e(&B, m + i, i, 1);
                else sb_e2(&B, m + i, j, 1, m + j, i, 1);
            }
        break;
    }
    case LT_LIE_B:
        for (slong i = 0; i < N; i++)
            for (slong j = i; j < N; j++) sb_e(&B, i, j, 1);
        break;
    case LT_LIE_N:
        for (slong i = 0; i < N; i++)
            for (slong j = i + 1; j < N; j++) sb_e(&B, i, j, 1);
        break;
    case LT_LIE_HEIS: {
        slong m = N - 2;
        for (slong i = 1; i <= m; i++) sb_e(&B, 0, i, 1);
        for (slong i = 1; i <= m; i++) sb_e(&B, i, m + 1, 1);
        sb_e(&B, 0, m + 1, 1);
        break;
    }
    case LT_LIE_AFF:
        for (slong i = 0; i + 1 < N; i++)
            for (slong j = 0; j + 1 < N; j++) sb_e(&B, i, j, 1);
        for (slong i = 0; i + 1 < N; i++) sb_e(&B, i, N - 1, 1);
        break;
    case LT_LIE_ABELIAN:
        for (slong i = 0; i < N; i++) sb_e(&B, i, i, 1);
        break;
    case LT_LIE_SE:
        if (N == 3) sb_e2(&B, 1, 0, 1, 0, 1, -1);
        else {
            sb_e2(&B, 2, 1, 1, 1, 2, -1);
            sb_e2(&B, 0, 2, 1, 2, 0, -1);
            sb_e2(&B, 1, 0, 1, 0, 1, -1);
        }
        for (slong i = 0; i + 1 < N; i++) sb_e(&B, i, N - 1, 1);
        break;
    }
    lt_status st = sb_build(L, &B, err);
    sb_clear(&B);
    return st;
}

/* G2 inside so(7) (LT_LIE_SO_SPLIT's form): with the Chevalley generators
   e_i = E_(i,i+1) - E_(7-i,8-i) of B3 and f_i their transposes, the
   generators e1 + e3, e2, f1 + 2 f3, f2 of G2 (the short root vector of
   G2 is e1 + e3, as the fixed points of the triality of D4 fold to B3) */
static lt_status g2(lt_liealg_t L, const lt_ctx_t ctx, lt_err_t err)
{
    static const int ent[4][4][3] = {          /* (row, col, value), 1-based */
        {{1, 2, 1}, {6, 7, -1}, {3, 4, 1}, {4, 5, -1}},
        {{2, 3, 1}, {5, 6, -1}, {0, 0, 0}, {0, 0, 0}},
        {{2, 1, 1}, {7, 6, -1}, {4, 3, 2}, {5, 4, -2}},
        {{3, 2, 1}, {6, 5, -1}, {0, 0, 0}, {0, 0, 0}}};
    fmpq_mat_struct gens[4];
    for (int g = 0; g < 4; g++) {
        fmpq_mat_init(gens + g, 7, 7);
        for (int t = 0; t < 4; t++)
            if (ent[g][t][0]) fmpq_set_si(fmpq_mat_entry(gens + g, ent[g][t][0] - 1, ent[g][t][1] - 1), ent[g][t][2], 1);
    }
    lt_status st = lt_liealg_closure(L, gens, 4, ctx, err);
    for (int g = 0; g < 4; g++) fmpq_mat_clear(gens + g);
    return st;
}

lt_status lt_liealg_simple(lt_liealg_t L, char type, long n, const char *spec, const lt_ctx_t ctx, lt_err_t err)
{
    /* GAP's ranges (SimpleLieAlgebraTypeA_G): A n >= 1, B and C n >= 2, D n >= 4, G n = 2 */
    long lo = type == 'A' ? 1 : type == 'B' || type == 'C' ? 2 : type == 'D' ? 4 : 2;
    if (!strchr("ABCDG", type) || !type) {
        if (strchr("EF", type) && type)
            return lt_err_set(err, LT_EINPUT, "'%s': lietool builds the types A, B, C, D and G2, not the exceptional type %c", spec, type);
        return lt_err_set(err, LT_EINPUT, "'%s': the type is one of \"A\", \"B\", \"C\", \"D\", \"E\", \"F\", \"G\"", spec);
    }
    if (type == 'G' && n != 2) return lt_err_set(err, LT_EINPUT, "'%s': type G has rank 2 only (G2), not %ld", spec, n);
    if (n < lo)
        return lt_err_set(err, LT_EINPUT, "'%s': GAP's type %c needs n >= %ld, not %ld%s", spec, type, lo, n,
                          type == 'D' && n == 3 ? " (D3 is A3: SimpleLieAlgebra(\"A\",3,Rationals))"
                          : type == 'D' && n == 2 ? " (D2 is A1 x A1)" : "");
    if (n > 1000000L) return lt_err_set(err, LT_ELIMIT, "'%s' has dimension above `max_dim` %ld", spec, ctx->max_dim);
    switch (type) {
    case 'A': return lt_liealg_named(L, LT_LIE_SL, n + 1, spec, ctx, err);
    case 'B': return lt_liealg_named(L, LT_LIE_SO_SPLIT, 2 * n + 1, spec, ctx, err);
    case 'C': return lt_liealg_named(L, LT_LIE_SP, 2 * n, spec, ctx, err);
    case 'D': return lt_liealg_named(L, LT_LIE_SO_SPLIT, 2 * n, spec, ctx, err);
    default: return g2(L, ctx, err);
    }
}

static int mat_is(const fmpq_mat_struct *M, const int *v)
{
    for (int i = 0; i < 4; i++)
        if (!fmpq_equal_si(fmpq_mat_entry(M, i / 2, i % 2), v[i])) return 0;
    return 1;
}

int lt_liealg_is_sl2_standard(const lt_liealg_t L)
{
    static const int E[4] = {0, 1, 0, 0}, F[4] = {0, 0, 1, 0}, H[4] = {1, 0, 0, -1};
    return L->n == 2 && L->dim == 3 && mat_is(L->mats + 0, E) && mat_is(L->mats + 1, F) && mat_is(L->mats + 2, H);
}
