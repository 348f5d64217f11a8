/* Matrix representations of permutation groups (lietool/rep.h): the
   homomorphism check.

   The check extends the assignment s -> M_s of the assigned elements along
   the Cayley graph of the group, breadth first from the identity:
   rho(x s) = rho(x) M_s for the first edge that reaches an element, and
   every other edge x s = y is the relation rho(x) M_s = rho(y). By von
   Dyck's theorem the assignment extends to a homomorphism exactly when all
   these relations hold, since the edges of the Cayley graph give a
   presentation of the group on the assigned elements (the Schreier
   relations of the trivial subgroup: Holt, Eick, O'Brien, Handbook of
   Computational Group Theory, 2005, section 2.4). Before its edges are
   tried, each new element y is checked against the relation y^ord(y) = 1,
   the clearest witness when an element's image has the wrong order.

   Entries are exact in Q(sqrt d) (one square root per representation,
   FLINT fmpq for the rational parts), or doubles compared within a
   relative tolerance. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lietool/rep.h"

void lt_rep_init(lt_rep_t R)
{
    memset(R, 0, sizeof *R);
    R->d = 1;
    R->origin = 1;
}

void lt_rep_clear(lt_rep_t R)
{
    for (int i = 0; i < R->count; i++) lt_free(R->label[i]);
    lt_free(R->label); lt_free(R->line); lt_free(R->elt);
    slong m = (slong)R->count * R->n * R->n;
    if (R->a) { _fmpq_vec_clear(R->a, m); _fmpq_vec_clear(R->b, m); }
    lt_free(R->x);
}


/* Matrices in numbered slots: exact (a + b sqrt d) or doubles. */
typedef struct {
    int exact;
    slong n, nn;
    long d;
    double tol;
    slong len, cap;
    fmpq *a, *b;
    double *x;
    fmpq_t t, u;            /* scratch */
} mstore;

static void ms_init(mstore *M, const lt_rep_t R, double tol)
{
    memset(M, 0, sizeof *M);
    M->exact = R->exact;
    M->n = R->n;
    M->nn = R->n * R->n;
    M->d = R->d;
    M->tol = tol;
    fmpq_init(M->t); fmpq_init(M->u);
}

static void ms_clear(mstore *M)
{
    if (M->a) { _fmpq_vec_clear(M->a, M->cap * M->nn); _fmpq_vec_clear(M->b, M->cap * M->nn); }
    lt_free(M->x);
    fmpq_clear(M->t); fmpq_clear(M->u);
}

static slong ms_new(mstore *M)
{
    if (M->len == M->cap) {
        slong cap = 2 * M->cap + 16;
        if (M->exact) {
            fmpq *a = _fmpq_vec_init(cap * M->nn), *b = _fmpq_vec_init(cap * M->nn);
            for (slong i = 0; i < M->len * M->nn; i++) { fmpq_swap(a + i, M->a + i); fmpq_swap(b + i, M->b + i); }
            if (M->a) { _fmpq_vec_clear(M->a, M->cap * M->nn); _fmpq_vec_clear(M->b, M->cap * M->nn); }
            M->a = a; M->b = b;
        } else M->x = lt_realloc(M->x, (size_t)(cap * M->nn) * sizeof(double));
        M->cap = cap;
    }
    return M->len++;
}

/* slot r = the assignment's matrix i */
static void ms_set_given(mstore *M, slong r, const lt_rep_t R, int i)
{
    for (slong e = 0; e < M->nn; e++) {
        if (M->exact) {
            fmpq_set(M->a + r * M->nn + e, R->a + i * M->nn + e);
            fmpq_set(M->b + r * M->nn + e, R->b + i * M->nn + e);
        } else M->x[r * M->nn + e] = R->x[i * M->nn + e];
    }
}

static void ms_set_one(mstore *M, slong r)
{
    for (slong i = 0; i < M->n; i++)
        for (slong j = 0; j < M->n; j++) {
            slong e = r * M->nn + i * M->n + j;
            if (M->exact) { fmpq_set_si(M->a + e, i == j, 1); fmpq_zero(M->b + e); }
            else M->x[e] = i == j;
        }
}

/* slot r = p q (r differs from p and q) */
static void ms_mul(mstore *M, slong r, slong p, slong q)
{
    slong n = M->n;
    for (slong i = 0; i < n; i++)
        for (slong j = 0; j < n; j++) {
            slong e = r * M->nn + i * n + j;
            if (M->exact) {
                fmpq *ra = M->a + e, *rb = M->b + e;
                fmpq_zero(ra); fmpq_zero(rb);
                for (slong k = 0; k < n; k++) {
                    const fmpq *xa = M->a + p * M->nn + i * n + k, *xb = M->b + p * M->nn + i * n + k;
                    const fmpq *ya = M->a + q * M->nn + k * n + j, *yb = M->b + q * M->nn + k * n + j;
                    fmpq_addmul(ra, xa, ya);
                    if (!fmpq_is_zero(xb) && !fmpq_is_zero(yb)) {
                        fmpq_mul(M->t, xb, yb);
                        fmpq_mul_si(M->t, M->t, M->d);
                        fmpq_add(ra, ra, M->t);
                    }
                    fmpq_addmul(rb, xa, yb);
                    fmpq_addmul(rb, xb, ya);
                }
            } else {
                double s = 0;
                for (slong k = 0; k < n; k++) s += M->x[p * M->nn + i * n + k] * M->x[q * M->nn + k * n + j];
                M->x[e] = s;
            }
        }
}

static int ms_eq(const mstore *M, slong p, slong q)
{
    if (M->exact) {
        for (slong e = 0; e < M->nn; e++)
            if (!fmpq_equal(M->a + p * M->nn + e, M->a + q * M->nn + e)
                || !fmpq_equal(M->b + p * M->nn + e, M->b + q * M->nn + e)) return 0;
        return 1;
    }
    double scale = 1;
    for (slong e = 0; e < M->nn; e++) {
        double u = fabs(M->x[p * M->nn + e]), v = fabs(M->x[q * M->nn + e]);
        if (u > scale) scale = u;
        if (v > scale) scale = v;
    }
    /* an overflowed (infinite) entry would make every difference "within
       tol x scale": such a matrix equals none */
    if (!(scale < HUGE_VAL)) return 0;
    for (slong e = 0; e < M->nn; e++)
        if (!(fabs(M->x[p * M->nn + e] - M->x[q * M->nn + e]) <= M->tol * scale)) return 0;
    return 1;
}

/* a real number that equal matrices share (up to the tolerance) */
static double ms_key(const mstore *M, slong p)
{
    double s = 0, r = sqrt((double)M->d);
    for (slong e = 0; e < M->nn; e++) {
        double v = M->exact ? fmpq_get_d(M->a + p * M->nn + e) + fmpq_get_d(M->b + p * M->nn + e) * r
                            : M->x[p * M->nn + e];
        s += v * (1.0 + 0.6180339887 * (double)((e * 7 + 3) % 11));
    }
    return s;
}

/* 1 if exact slot p cannot have finite order: a matrix of finite order has
   eigenvalues on the unit circle, so |trace| <= n, and so has its Galois
   conjugate (sqrt d -> -sqrt d); thus trace a + b sqrt d has |a| <= n and
   b^2 d <= n^2; and the trace, a sum of roots of unity, is an algebraic
   integer of Q(sqrt d) (d squarefree), so 2a and 2b are integers. Stops
   ms_order before the entries grow for ~limit steps. */
static int ms_infinite(mstore *M, slong p)
{
    if (!M->exact) return 0;
    fmpq_zero(M->t); fmpq_zero(M->u);
    for (slong i = 0; i < M->n; i++) {
        fmpq_add(M->t, M->t, M->a + p * M->nn + i * M->n + i);
        fmpq_add(M->u, M->u, M->b + p * M->nn + i * M->n + i);
    }
    if (fmpz_cmp_ui(fmpq_denref(M->t), 2) > 0 || fmpz_cmp_ui(fmpq_denref(M->u), 2) > 0) return 1;
    fmpq_abs(M->t, M->t);
    fmpq_mul(M->u, M->u, M->u);
    fmpq_mul_si(M->u, M->u, M->d);
    return fmpq_cmp_si(M->t, M->n) > 0 || fmpq_cmp_si(M->u, M->n * M->n) > 0;
}

/* The order of slot p: the least k <= limit with p^k = 1, or -1. Uses three
   scratch slots after len. */
static long ms_order(mstore *M, slong p, long limit)
{
    slong one = ms_new(M), acc = ms_new(M), tmp = ms_new(M);
    ms_set_one(M, one);
    ms_set_one(M, acc);
    long k = -1;
    for (long i = 1; i <= limit; i++) {
        ms_mul(M, tmp, acc, p);
        slong t = acc; acc = tmp; tmp = t;
        if (ms_eq(M, acc, one)) { k = i; break; }
        if (ms_infinite(M, acc)) break;
    }
    M->len -= 3;
    return k;
}

/* 1 if slot p to the power e is the identity (square and multiply). */
static int ms_pow_is_one(mstore *M, slong p, long e)
{
    slong one = ms_new(M), acc = ms_new(M), sq = ms_new(M), tmp = ms_new(M);
    ms_set_one(M, one);
    ms_set_one(M, acc);
    ms_mul(M, sq, p, one);
    for (; e > 0; e >>= 1) {
        if (e & 1) { ms_mul(M, tmp, acc, sq); slong t = acc; acc = tmp; tmp = t; }
        if (e > 1) { ms_mul(M, tmp, sq, sq); slong t = sq; sq = tmp; tmp = t; }
    }
    int r = ms_eq(M, acc, one);
    M->len -= 4;
    return r;
}

void lt_rep_check_init(lt_rep_check_t C)
{
    memset(C, 0, sizeof *C);
}

void lt_rep_check_clear(lt_rep_check_t C)
{
    lt_free(C->relation);
    lt_free(C->element);
    lt_free(C->word);
}

/* The word of element x along the tree (generators' labels, in the file's
   convention), appended to buf. */
static void put_word(char **buf, size_t *len, size_t *cap, const lt_rep_t R,
                     const long long *parent, const int *pgen, long long x, int extra)
{
    int m = 0, *seq = NULL;
    for (long long y = x; y != 0; y = parent[y]) m++;
    seq = lt_malloc(((size_t)m + 2) * sizeof(int));
    int k = m;
    for (long long y = x; y != 0; y = parent[y]) seq[--k] = pgen[y];
    if (extra >= 0) seq[m++] = extra;
    if (R->composition)
        for (int i = 0; i < m / 2; i++) { int t = seq[i]; seq[i] = seq[m - 1 - i]; seq[m - 1 - i] = t; }
    int star = 0;
    for (int i = 0; i < R->count; i++) star |= R->label[i][0] != '(';
    if (m == 0) {
        const char *id = "()";
        size_t l = strlen(id);
        if (*len + l + 1 > *cap) { *cap = 2 * (*cap + l + 1); *buf = lt_realloc(*buf, *cap); }
        memcpy(*buf + *len, id, l + 1);
        *len += l;
    }
    for (int i = 0; i < m;) {
        int j = i;
        while (j < m && seq[j] == seq[i]) j++;
        char pw[32] = "";
        if (j - i > 1) snprintf(pw, sizeof pw, "^%d", j - i);
        const char *lab = R->label[seq[i]];
        size_t l = strlen(lab) + strlen(pw) + 4;
        if (*len + l + 1 > *cap) { *cap = 2 * (*cap + l + 1); *buf = lt_realloc(*buf, *cap); }
        *len += (size_t)sprintf(*buf + *len, "%s%s%s", i && star ? "*" : "", lab, pw);
        i = j;
    }
    lt_free(seq);
}

static char *word_str(const lt_rep_t R, const long long *parent, const int *pgen, long long x, int extra)
{
    size_t len = 0, cap = 64;
    char *b = lt_malloc(cap);
    b[0] = '\0';
    put_word(&b, &len, &cap, R, parent, pgen, x, extra);
    return b;
}

/* the number of factors of x's word (plus one for extra >= 0) */
static int word_len(const long long *parent, long long x)
{
    int m = 0;
    for (long long y = x; y != 0; y = parent[y]) m++;
    return m;
}

static long perm_order(const int *p, int n)
{
    mpz_t o;
    mpz_init(o);
    lt_perm_order(o, p, n);
    long r = mpz_fits_slong_p(o) ? mpz_get_si(o) : -1;
    mpz_clear(o);
    return r;
}

/* The bucket of a key scaled by res: floor, clamped to +-2^62 so that the
   conversion is defined and b +- 1 cannot overflow (huge, infinite or NaN
   entries share the end buckets; ms_eq still decides equality). */
static long long ms_bucket(double v)
{
    v = floor(v);
    if (v >= 0x1p62) return 1LL << 62;
    if (!(v > -0x1p62)) return -(1LL << 62);
    return (long long)v;
}

/* The number of matrices the assigned matrices (slots 0..k-1) generate,
   up to limit (-1 beyond): a closure, breadth first, looking matrices up
   in buckets of ms_key (the neighbouring buckets too, so that matrices
   equal within the tolerance are found across a bucket boundary). */
static long long generated(mstore *M, const lt_rep_t R, long long limit)
{
    int k = R->count;
    slong base = M->len;
    slong nb = 1;
    while (nb < 4 * limit) nb *= 2;
    slong *head = lt_malloc((size_t)nb * sizeof(slong));
    slong *next = lt_malloc(((size_t)limit + 2) * sizeof(slong));
    long long *bkt = lt_malloc(((size_t)limit + 2) * sizeof(long long));
    for (slong i = 0; i < nb; i++) head[i] = -1;
    double res = M->exact ? 1e6 : 0.1 / (M->tol > 1e-12 ? M->tol : 1e-12);
    if (res > 1e6) res = 1e6;
    long long count = 0, h = 0;
    int over = 0;
    slong cur = ms_new(M);              /* always base + count */
    ms_set_one(M, cur);
    for (;;) {
        long long b = ms_bucket(ms_key(M, cur) * res);
        int seen = 0;
        for (long long bb = b - 1; bb <= b + 1 && !seen; bb++) {
            size_t hb = (size_t)(((unsigned long long)bb * 0x9E3779B97F4A7C15ULL) >> 20) & (size_t)(nb - 1);
            for (slong s = head[hb]; s >= 0 && !seen; s = next[s])
                seen = bkt[s] == bb && ms_eq(M, base + s, cur);
        }
        if (!seen) {
            if (count == limit) { over = 1; break; }
            size_t hb = (size_t)(((unsigned long long)b * 0x9E3779B97F4A7C15ULL) >> 20) & (size_t)(nb - 1);
            bkt[count] = b;
            next[count] = head[hb];
            head[hb] = (slong)count;
            count++;
            cur = ms_new(M);
        }
        if (h >= count * k) break;
        long long x = h / k;
        int g = (int)(h % k);
        h++;
        ms_mul(M, cur, base + (slong)x, g);
    }
    M->len = base;
    lt_free(head); lt_free(next); lt_free(bkt);
    return over ? -1 : count;
}

lt_status lt_rep_check(lt_rep_check_t C, const lt_rep_t R, lt_pgrp_t G, double tol,
                       const lt_ctx_t ctx, lt_err_t err)
{
    lt_rep_check_clear(C);
    lt_rep_check_init(C);
    if (mpz_cmp_ui(G->order, (unsigned long)ctx->max_enum) > 0)
        return lt_err_set(err, LT_ELIMIT, "the check enumerates the group's elements: order above `max_enum` %ld", ctx->max_enum);
    long long N = (long long)mpz_get_ui(G->order);
    int n = G->n, k = R->count;
    mstore M;
    ms_init(&M, R, tol);
    long long *slot = lt_malloc((size_t)N * sizeof(long long));
    long long *parent = lt_malloc((size_t)N * sizeof(long long));
    int *pgen = lt_malloc((size_t)N * sizeof(int));
    long long *queue = lt_malloc((size_t)N * sizeof(long long));
    for (long long r = 0; r < N; r++) slot[r] = -1;
    int **gp = lt_malloc((size_t)k * sizeof(int *));
    for (int i = 0; i < k; i++) {
        gp[i] = lt_malloc((size_t)n * sizeof(int));
        lt_pgrp_unrank(gp[i], G, R->elt[i]);
    }
    /* the given matrices in slots 0..k-1, the identity's image in slot k */
    for (int i = 0; i < k; i++) ms_set_given(&M, ms_new(&M), R, i);
    slot[0] = ms_new(&M);
    ms_set_one(&M, slot[0]);
    parent[0] = 0;
    pgen[0] = -1;
    int *x = lt_malloc((size_t)n * sizeof(int)), *y = lt_malloc((size_t)n * sizeof(int));
    long long head = 0, tail = 0;
    queue[tail++] = 0;
    int failed = 0;
    slong cand = ms_new(&M);
    while (head < tail && !failed) {
        long long xr = queue[head++];
        lt_pgrp_unrank(x, G, xr);
        for (int i = 0; i < k && !failed; i++) {
            lt_perm_mul(y, x, gp[i], n);
            long long yr = lt_pgrp_rank(G, y);
            ms_mul(&M, cand, slot[xr], i);
            if (slot[yr] < 0) {
                slot[yr] = cand;
                parent[yr] = xr;
                pgen[yr] = i;
                queue[tail++] = yr;
                cand = ms_new(&M);
                long o = perm_order(y, n);
                if (o > 0 && !ms_pow_is_one(&M, slot[yr], o)) {
                    failed = 1;
                    C->kind = LT_REP_ORDER;
                    C->element_order = o;
                    long lim = 4 * o > 1000 ? 4 * o : 1000;
                    C->image_order = ms_order(&M, slot[yr], lim);
                    C->image_order_limit = lim;
                    char *w = word_str(R, parent, pgen, yr, -1);
                    C->word = w;
                    C->single = word_len(parent, yr) == 1;
                    C->element = lt_perm_str_fmt(y, n, R->origin, R->spaces ? " " : ",");
                    size_t l = strlen(w) + 64;
                    C->relation = lt_malloc(l);
                    snprintf(C->relation, l, C->single ? "%s^%ld = ()" : "(%s)^%ld = ()", w, o);
                }
            } else if (!ms_eq(&M, cand, slot[yr])) {
                failed = 1;
                C->kind = LT_REP_EDGE;
                char *u = word_str(R, parent, pgen, xr, i), *v = word_str(R, parent, pgen, yr, -1);
                size_t l = strlen(u) + strlen(v) + 8;
                C->relation = lt_malloc(l);
                snprintf(C->relation, l, "%s = %s", u, v);
                C->word = u;
                lt_free(v);
                C->element = lt_perm_str_fmt(y, n, R->origin, R->spaces ? " " : ",");
            }
        }
    }
    C->order = N;
    if (!failed && tail < N) {
        failed = 1;
        C->kind = LT_REP_SUBGROUP;
        C->subgroup_order = tail;
    }
    C->homomorphism = !failed;
    if (!failed) {
        long long ker = 0;
        slong one = ms_new(&M);
        ms_set_one(&M, one);
        for (long long r = 0; r < N; r++) ker += ms_eq(&M, slot[r], one);
        C->kernel = ker;
        C->distinct = N / ker;
    } else {
        /* how many matrices the assigned ones generate; the exact slots
           are no longer needed */
        M.len = k;
        long long lim = 4 * N > 64 ? 4 * N : 64;
        C->generated_limit = lim;
        C->generated = generated(&M, R, lim);
    }
    lt_free(x); lt_free(y);
    for (int i = 0; i < k; i++) lt_free(gp[i]);
    lt_free(gp);
    lt_free(slot); lt_free(parent); lt_free(pgen); lt_free(queue);
    ms_clear(&M);
    return LT_OK;
}
