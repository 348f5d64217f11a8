/* Cascades of abelian layers for the word problem of a solvable group.

   The construction is the Kaloujnine-Krasner embedding (M. Krasner and L.
   Kaloujnine, "Produit complet des groupes de permutations et probleme
   d'extension de groupes", Acta Sci. Math. Szeged 13-14, 1950-51) applied
   down the derived series G = G0 > G1 > ... > Gd = 1, the cascade
   (wreath-product) decomposition behind Krohn-Rhodes and behind Theorem
   3.4 of arXiv 2603.05573. For a normal subgroup N of a group H with an
   abelian quotient Q = H/N and a transversal s: Q -> H with s(1) = 1, a
   running product p_t = x_1 ... x_t of tokens x_t in H splits as
   p_t = n_t s(q_t): q_t = q_(t-1) + [x_t] in Q and
       n_t = n_(t-1) c_t,   c_t = s(q_(t-1)) x_t s(q_t)^(-1) in N.
   So one abelian layer tracks q_t, and a new word problem in N, with
   tokens c_t that depend only on the token and the layer's previous
   state, is passed down; recursion down the series ends at Gd = 1, and
       p_t = s_d(q_d) ... s_2(q_2) s_1(q_1).
   Each abelian quotient is written as a product of cyclic groups C_m
   (invariant factors), and the layer holds one unit complex number per
   factor, multiplied at every step by the token's root of unity
   exp(2 pi i e/m): a diagonal linear recurrence h_t = a(c_t) h_(t-1).
   The readout decodes every phase to the nearest m-th root of unity. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>
#include "lietool/ssm.h"
#include "lietool/perm.h"
#include "impl.h"

void lt_cascade_init(lt_cascade_t K)
{
    memset(K, 0, sizeof *K);
}

static void layer_clear(lt_cascade_layer *L)
{
    lt_free(L->m);
    lt_free(L->coset);
    lt_free(L->rep);
    lt_free(L->expo);
    lt_free(L->code_to_q);
    lt_free(L->qmul);
    lt_free(L->coc);
    lt_free(L->lam_re);
    lt_free(L->lam_im);
    if (L->root_re)
        for (int j = 0; j < L->r; j++) { lt_free(L->root_re[j]); lt_free(L->root_im[j]); }
    lt_free(L->root_re);
    lt_free(L->root_im);
}

void lt_cascade_clear(lt_cascade_t K)
{
    for (int i = 0; i < K->k && K->layer; i++) layer_clear(&K->layer[i]);
    lt_free(K->layer);
    if (K->member)
        for (int i = 0; i < K->nterms; i++) lt_free(K->member[i]);
    lt_free(K->member);
    lt_free(K->table);
    lt_free(K->inverse);
    lt_free(K->term_order);
}

/* ---- finite abelian groups: a basis of cyclic factors ----
   mul is the m x m table of an abelian group with identity 0. For each
   prime p the Sylow p-subgroup P gets a basis by the classical argument:
   choose x of largest order k modulo H = <y_1, ..., y_(l-1)> (the basis so
   far); x^k = prod y_i^(s_i) in H, and since each y_i was of largest order
   modulo the earlier ones, k divides every s_i (in a p-group the orders are
   powers of p), so y_l = x prod y_i^(-s_i/k) has order exactly k and
   <y_l> meets H trivially. The p-parts are then merged into invariant
   factors m_1 | m_2 | ... | m_r (products of coprime cyclic factors), and
   the map (e_1..e_r) -> prod g_j^(e_j) is checked to be a bijection. */

static int apow(const int *mul, long m, int x, long e)
{
    int r = 0;
    for (long i = 0; i < e; i++) r = mul[(long)r * m + x];
    return r;
}

static long elem_order(const int *mul, long m, int x)
{
    long k = 1;
    for (int y = x; y != 0; y = mul[(long)y * m + x]) k++;
    return k;
}

typedef struct { int gen; long ord; long p; } cyc;

/* basis of the Sylow p-subgroup; appends to out (returns the new count) */
static int sylow_basis(cyc *out, int nout, const int *mul, long m, long p, const long *ord, lt_err_t err, lt_status *st)
{
    /* coordinates of the elements of H in the basis found so far */
    int maxg = 0;
    for (long q = m; q > 1; q /= 2) maxg++;
    maxg++;
    int *coord = lt_malloc((size_t)m * (size_t)maxg * sizeof(int));
    char *inH = lt_calloc((size_t)m, 1);
    int *H = lt_malloc((size_t)m * sizeof(int));
    long nH = 1;
    H[0] = 0;
    inH[0] = 1;
    memset(coord, 0, (size_t)maxg * sizeof(int));
    int ng = 0;
    int *ys = lt_malloc((size_t)maxg * sizeof(int));
    long *ks = lt_malloc((size_t)maxg * sizeof(long));
    for (;;) {
        long best = 1;
        int bx = 0;
        for (long x = 0; x < m; x++) {
            long o = ord[x];
            while (o % p == 0) o /= p;
            if (o != 1) continue;                       /* not in P */
            long k = 1;
            for (int y = (int)x; !inH[y]; y = mul[(long)y * m + x]) k++;
            if (k > best) { best = k; bx = (int)x; }
        }
        if (best == 1) break;
        if (ng == maxg) { *st = lt_err_set(err, LT_EINTERNAL, "abelian basis: too many generators"); break; }
        int z = apow(mul, m, bx, best);
        int y = bx;
        for (int l = 0; l < ng; l++) {
            long s = coord[(long)z * maxg + l];
            if (s % best) { *st = lt_err_set(err, LT_EINTERNAL, "abelian basis: %ld does not divide %ld", best, s); break; }
            long e = ((ks[l] - (s / best) % ks[l]) % ks[l]);
            y = mul[(long)y * m + apow(mul, m, ys[l], e)];
        }
        if (*st) break;
        if (apow(mul, m, y, best) != 0) { *st = lt_err_set(err, LT_EINTERNAL, "abelian basis: lift of wrong order"); break; }
        ys[ng] = y;
        ks[ng] = best;
        long old = nH;
        int ye = 0;
        for (long e = 1; e < best; e++) {
            ye = mul[(long)ye * m + y];
            for (long h = 0; h < old; h++) {
                int g = mul[(long)H[h] * m + ye];
                if (inH[g]) { *st = lt_err_set(err, LT_EINTERNAL, "abelian basis: not independent"); break; }
                inH[g] = 1;
                H[nH++] = g;
                memcpy(coord + (long)g * maxg, coord + (long)H[h] * maxg, (size_t)maxg * sizeof(int));
                coord[(long)g * maxg + ng] = (int)e;
            }
            if (*st) break;
        }
        if (*st) break;
        ng++;
    }
    for (int l = 0; l < ng && !*st; l++) { out[nout].gen = ys[l]; out[nout].ord = ks[l]; out[nout].p = p; nout++; }
    lt_free(coord); lt_free(inH); lt_free(H); lt_free(ys); lt_free(ks);
    return nout;
}

static int cmp_cyc(const void *a, const void *b)
{
    const cyc *x = a, *y = b;
    if (x->p != y->p) return x->p < y->p ? -1 : 1;
    return x->ord > y->ord ? -1 : x->ord < y->ord;     /* larger first */
}

/* Fills L->r, L->m, L->expo, L->code_to_q from L->qmul. */
static lt_status abelian_decompose(lt_cascade_layer *L, lt_err_t err)
{
    long m = L->qorder;
    const int *mul = L->qmul;
    long *ord = lt_malloc((size_t)m * sizeof(long));
    for (long x = 0; x < m; x++) ord[x] = elem_order(mul, m, (int)x);
    cyc *pc = lt_malloc(64 * sizeof(cyc));
    int npc = 0;
    lt_status st = LT_OK;
    long rest = m;
    for (long p = 2; rest > 1 && !st; p++) {
        if (rest % p) continue;
        while (rest % p == 0) rest /= p;
        npc = sylow_basis(pc, npc, mul, m, p, ord, err, &st);
    }
    qsort(pc, (size_t)npc, sizeof *pc, cmp_cyc);
    /* invariant factors: the j-th largest factor of every prime, multiplied */
    int r = 0;
    for (int i = 0; i < npc; i++) {
        int j = 0;
        while (i - j - 1 >= 0 && pc[i - j - 1].p == pc[i].p) j++;
        if (j + 1 > r) r = j + 1;
    }
    long *inv_ord = lt_malloc((size_t)(r ? r : 1) * sizeof(long));
    int *inv_gen = lt_malloc((size_t)(r ? r : 1) * sizeof(int));
    for (int j = 0; j < r; j++) { inv_ord[j] = 1; inv_gen[j] = 0; }
    for (int i = 0; i < npc; i++) {
        int j = 0;
        while (i - j - 1 >= 0 && pc[i - j - 1].p == pc[i].p) j++;
        inv_ord[j] *= pc[i].ord;
        inv_gen[j] = mul[(long)inv_gen[j] * m + pc[i].gen];
    }
    /* ascending: m_1 | m_2 | ... */
    L->r = r;
    L->m = lt_malloc((size_t)(r ? r : 1) * sizeof(int));
    int *gen = lt_malloc((size_t)(r ? r : 1) * sizeof(int));
    for (int j = 0; j < r; j++) { L->m[j] = (int)inv_ord[r - 1 - j]; gen[j] = inv_gen[r - 1 - j]; }
    L->expo = lt_calloc((size_t)m * (size_t)(r ? r : 1), sizeof(int));
    L->code_to_q = lt_malloc((size_t)m * sizeof(int));
    char *seen = lt_calloc((size_t)m, 1);
    int *e = lt_calloc((size_t)(r ? r : 1), sizeof(int));
    for (long code = 0; code < m && !st; code++) {
        /* e is the mixed-radix digits of code, channel 0 fastest */
        int x = 0;
        for (int j = 0; j < r; j++) x = mul[(long)x * m + apow(mul, m, gen[j], e[j])];
        if (seen[x]) st = lt_err_set(err, LT_EINTERNAL, "abelian basis: the product map is not injective");
        seen[x] = 1;
        L->code_to_q[code] = x;
        for (int j = 0; j < r; j++) L->expo[(long)x * r + j] = e[j];
        for (int j = 0; j < r; j++) { if (++e[j] < L->m[j]) break; e[j] = 0; }
    }
    lt_free(seen); lt_free(e); lt_free(gen); lt_free(inv_ord); lt_free(inv_gen); lt_free(pc); lt_free(ord);
    return st;
}

/* exp(2 pi i k/m), exact at the quarter turns */
static void unit_root(double *c, double *s, long k, long m)
{
    k %= m;
    if (k < 0) k += m;
    if ((4 * k) % m == 0) {
        static const double C[4] = {1, 0, -1, 0}, S[4] = {0, 1, 0, -1};
        *c = C[4 * k / m];
        *s = S[4 * k / m];
        return;
    }
    double a = 2 * M_PI * (double)k / (double)m;
    *c = cos(a);
    *s = sin(a);
}

/* ---- building ---- */

static lt_status build_layer(lt_cascade_layer *L, const lt_cascade_struct *K, const char *upper,
                             const char *lower, lt_err_t err)
{
    long n = K->n;
    int e = K->identity;
    const int *tab = K->table;
    long nl = 0;
    int *low = lt_malloc((size_t)n * sizeof(int));
    for (long g = 0; g < n; g++) if (lower[g]) low[nl++] = (int)g;
    L->coset = lt_malloc((size_t)n * sizeof(int));
    for (long g = 0; g < n; g++) L->coset[g] = -1;
    L->rep = lt_malloc((size_t)n * sizeof(int));
    long nq = 0;
    for (long i = -1; i < n; i++) {
        long g = i < 0 ? e : i;                         /* the identity first: s(1) = 1 */
        if (!upper[g] || L->coset[g] >= 0) continue;
        for (long h = 0; h < nl; h++) {
            int x = tab[g * n + low[h]];
            if (!upper[x] || L->coset[x] >= 0) { lt_free(low); return lt_err_set(err, LT_EINTERNAL, "cascade: cosets overlap"); }
            L->coset[x] = (int)nq;
        }
        L->rep[nq++] = (int)g;
    }
    lt_free(low);
    L->qorder = nq;
    L->qmul = lt_malloc((size_t)nq * (size_t)nq * sizeof(int));
    for (long a = 0; a < nq; a++)
        for (long b = 0; b < nq; b++) {
            L->qmul[a * nq + b] = L->coset[tab[(long)L->rep[a] * n + L->rep[b]]];
            if (L->coset[tab[(long)L->rep[b] * n + L->rep[a]]] != L->qmul[a * nq + b])
                return lt_err_set(err, LT_EINTERNAL, "cascade: a quotient of the derived series is not abelian");
        }
    lt_status st = abelian_decompose(L, err);
    if (st) return st;
    int r = L->r;
    L->coc = lt_malloc((size_t)nq * (size_t)n * sizeof(int));
    for (long q = 0; q < nq; q++)
        for (long g = 0; g < n; g++) {
            int c = e;
            if (upper[g]) {
                int q2 = L->qmul[q * nq + L->coset[g]];
                c = tab[(long)tab[(long)L->rep[q] * n + g] * n + K->inverse[L->rep[q2]]];
                if (!lower[c]) return lt_err_set(err, LT_EINTERNAL, "cascade: a cocycle value is outside the next term");
            }
            L->coc[q * n + g] = c;
        }
    L->lam_re = lt_malloc((size_t)n * (size_t)(r ? r : 1) * sizeof(double));
    L->lam_im = lt_malloc((size_t)n * (size_t)(r ? r : 1) * sizeof(double));
    for (long g = 0; g < n; g++)
        for (int j = 0; j < r; j++) {
            double c = 1, s = 0;
            if (upper[g]) unit_root(&c, &s, L->expo[(long)L->coset[g] * r + j], L->m[j]);
            L->lam_re[g * r + j] = lt_rnd_(c, K->prec);
            L->lam_im[g * r + j] = lt_rnd_(s, K->prec);
        }
    L->root_re = lt_malloc((size_t)(r ? r : 1) * sizeof(double *));
    L->root_im = lt_malloc((size_t)(r ? r : 1) * sizeof(double *));
    for (int j = 0; j < r; j++) {
        L->root_re[j] = lt_malloc((size_t)L->m[j] * sizeof(double));
        L->root_im[j] = lt_malloc((size_t)L->m[j] * sizeof(double));
        for (int k = 0; k < L->m[j]; k++) unit_root(&L->root_re[j][k], &L->root_im[j][k], k, L->m[j]);
    }
    return LT_OK;
}

lt_status lt_cascade_build(lt_cascade_t K, const lt_cayley_t C, int k, lt_prec prec,
                           const lt_ctx_t ctx, lt_err_t err)
{
    lt_cascade_clear(K);
    lt_cascade_init(K);
    if (k == 0) {
        /* the derived length: build once with one layer to learn it */
        lt_status st = lt_cascade_build(K, C, 1, prec, ctx, err);
        if (st || K->derived_length <= 1) return st;
        return lt_cascade_build(K, C, K->derived_length, prec, ctx, err);
    }
    long n = C->n;
    const char *name = C->name ? C->name : "the group";
    if (k < 1) return lt_err_set(err, LT_EINPUT, "a cascade needs at least one layer");
    double mib = 3.0 * (double)n * (double)n * sizeof(int) / 1048576.0;
    if (mib > (double)ctx->max_memory_mb)
        return lt_err_set(err, LT_ELIMIT, "the regular representation of '%s' (order %ld) needs %.0f MiB, above `max_memory` %ld",
                          name, n, mib, ctx->max_memory_mb);
    K->n = n;
    K->identity = C->identity;
    K->prec = prec;
    K->table = lt_malloc((size_t)n * (size_t)n * sizeof(int));
    memcpy(K->table, C->table, (size_t)n * (size_t)n * sizeof(int));
    K->inverse = lt_malloc((size_t)n * sizeof(int));
    for (long g = 0; g < n; g++) {
        K->inverse[g] = -1;
        for (long h = 0; h < n; h++)
            if (C->table[g * n + h] == C->identity) { K->inverse[g] = (int)h; break; }
        if (K->inverse[g] < 0) return lt_err_set(err, LT_EINPUT, "'%s': element %ld has no inverse in the table", name, g);
    }
    lt_pgrp_t G;
    lt_pgrp_init(G, (int)n);
    int *perm = lt_malloc((size_t)n * sizeof(int));
    lt_status st = lt_cayley_regular(G, C, ctx, err);
    lt_pgrp_series_t S;
    lt_pgrp_series_init(S);
    if (!st) st = lt_pgrp_derived_series(S, G, ctx, err);
    if (!st) {
        K->nterms = S->len;
        K->term_order = lt_malloc((size_t)S->len * sizeof(long));
        K->member = lt_calloc((size_t)S->len, sizeof(char *));
        for (int i = 0; i < S->len; i++) {
            K->term_order[i] = (long)mpz_get_ui(S->terms[i].order);
            K->member[i] = lt_malloc((size_t)n);
            for (long g = 0; g < n; g++) {
                for (long x = 0; x < n; x++) perm[x] = C->table[x * n + g];
                K->member[i][g] = (char)lt_pgrp_contains(&S->terms[i], perm);
            }
        }
        if (!S->reaches_one) {
            char series[512] = "";
            for (int i = 0; i < S->len; i++) {
                size_t l = strlen(series);
                snprintf(series + l, sizeof series - l, "%s%ld", i ? " > " : "", K->term_order[i]);
            }
            st = lt_err_set(err, LT_EINPUT,
                            "ssm cascade: '%s' is not solvable (derived series %s stops at a perfect subgroup), "
                            "so no stack of abelian layers computes its word problem exactly; "
                            "'lietool error-bound %s' gives the error of a depth-k order-blind stack",
                            name, series, name);
        }
    }
    lt_free(perm);
    lt_pgrp_series_clear(S);
    lt_pgrp_clear(G);
    if (st) { lt_cascade_clear(K); lt_cascade_init(K); return st; }
    K->derived_length = K->nterms - 1;
    K->k = k;
    K->layer = lt_calloc((size_t)k, sizeof *K->layer);
    for (int i = 0; i < k && !st; i++) {
        int a = i < K->derived_length ? i : K->derived_length;
        int b = i + 1 < K->derived_length ? i + 1 : K->derived_length;
        st = build_layer(&K->layer[i], K, K->member[a], K->member[b], err);
    }
    if (st) { lt_cascade_clear(K); lt_cascade_init(K); }
    return st;
}

long lt_cascade_tracked_order(const lt_cascade_t K)
{
    int b = K->k < K->derived_length ? K->k : K->derived_length;
    return K->n / K->term_order[b];
}

int lt_cascade_same_mod(const lt_cascade_t K, int a, int b)
{
    int i = K->k < K->derived_length ? K->k : K->derived_length;
    return K->member[i][K->table[(long)K->inverse[a] * K->n + b]];
}

void lt_cascade_exact(int *p, const lt_cascade_t K, const int *word, long T)
{
    int acc = K->identity;
    for (long t = 0; t < T; t++) p[t] = acc = K->table[(long)acc * K->n + word[t]];
}

/* ---- running ---- */

/* The nearest m-th root of unity to (x, y): the k maximising
   x cos(2 pi k/m) + y sin(2 pi k/m). */
LT_INLINE int decode1(double x, double y, const double *cr, const double *ci, int m)
{
    if (m > 64) {
        long k = lround(atan2(y, x) * (double)m / (2 * M_PI));
        k %= m;
        return (int)(k < 0 ? k + m : k);
    }
    int best = 0;
    double bv = x * cr[0] + y * ci[0];
    for (int k = 1; k < m; k++) {
        double v = x * cr[k] + y * ci[k];
        if (v > bv) { bv = v; best = k; }
    }
    return best;
}

LT_INLINE int decode_layer(const lt_cascade_layer *L, const double *hr, const double *hi)
{
    long code = 0, radix = 1;
    for (int j = 0; j < L->r; j++) {
        code += radix * decode1(hr[j], hi[j], L->root_re[j], L->root_im[j], L->m[j]);
        radix *= L->m[j];
    }
    return L->code_to_q[code];
}

LT_INLINE int readout(const lt_cascade_struct *K, const int *q)
{
    long n = K->n;
    int acc = K->layer[K->k - 1].rep[q[K->k - 1]];
    for (int i = K->k - 2; i >= 0; i--) acc = K->table[(long)acc * n + K->layer[i].rep[q[i]]];
    return acc;
}

/* Each layer runs over the whole word before the next (as a deep network
   computes), in blocks of BLOCK steps that carry the state across. */
#define BLOCK 16384L
lt_status lt_cascade_run(int *out, int **qout, const lt_cascade_t K, const int *word, long T,
                         const lt_scan_opts *o, lt_err_t err)
{
    long n = K->n;
    int k = K->k;
    int rmax = 1;
    for (int i = 0; i < k; i++) if (K->layer[i].r > rmax) rmax = K->layer[i].r;
    int *tok = lt_malloc((size_t)(T ? T : 1) * sizeof(int));
    memcpy(tok, word, (size_t)T * sizeof(int));
    int **q = lt_malloc((size_t)k * sizeof(int *));
    for (int i = 0; i < k; i++) q[i] = qout ? qout[i] : lt_malloc((size_t)(T ? T : 1) * sizeof(int));
    size_t sz = (size_t)BLOCK * (size_t)rmax;
    double *ar = lt_malloc(sz * sizeof(double)), *ai = lt_malloc(sz * sizeof(double));
    double *hr = lt_malloc(sz * sizeof(double)), *hi = lt_malloc(sz * sizeof(double));
    double *h0r = lt_malloc((size_t)rmax * sizeof(double)), *h0i = lt_malloc((size_t)rmax * sizeof(double));
    lt_status st = LT_OK;
    for (int i = 0; i < k && !st; i++) {
        const lt_cascade_layer *L = &K->layer[i];
        int r = L->r;
        for (int j = 0; j < rmax; j++) { h0r[j] = 1; h0i[j] = 0; }
        if (r == 0) for (long t = 0; t < T; t++) q[i][t] = 0;
        for (long t0 = 0; r > 0 && t0 < T && !st; t0 += BLOCK) {
            long nb = T - t0 < BLOCK ? T - t0 : BLOCK;
            for (long t = 0; t < nb; t++)
                for (int j = 0; j < r; j++) {
                    ar[t * r + j] = L->lam_re[(long)tok[t0 + t] * r + j];
                    ai[t * r + j] = L->lam_im[(long)tok[t0 + t] * r + j];
                }
            st = lt_scan_diag(hr, hi, ar, ai, NULL, NULL, h0r, h0i, nb, r, o, err);
            for (long t = 0; t < nb && !st; t++) q[i][t0 + t] = decode_layer(L, hr + t * r, hi + t * r);
            memcpy(h0r, hr + (nb - 1) * r, (size_t)r * sizeof(double));
            memcpy(h0i, hi + (nb - 1) * r, (size_t)r * sizeof(double));
        }
        /* the next layer's tokens: c_t = s(q_(t-1)) x_t s(q_t)^(-1), by table */
        int prev = 0;
        for (long t = 0; t < T; t++) {
            int x = tok[t];
            tok[t] = L->coc[(long)prev * n + x];
            prev = q[i][t];
        }
    }
    int *qt = lt_malloc((size_t)k * sizeof(int));
    for (long t = 0; t < T && !st; t++) {
        for (int i = 0; i < k; i++) qt[i] = q[i][t];
        out[t] = readout(K, qt);
    }
    lt_free(qt);
    for (int i = 0; i < k; i++) if (!qout) lt_free(q[i]);
    lt_free(q);
    lt_free(tok);
    lt_free(ar); lt_free(ai); lt_free(hr); lt_free(hi); lt_free(h0r); lt_free(h0i);
    return st;
}

/* the lockstep loop, one copy per precision and renormalisation */
LT_INLINE void lockstep(lt_cascade_drift *D, const lt_cascade_struct *K, lt_rng_t rng, long T, lt_prec p, int renorm, int measure)
{
    long n = K->n;
    int k = K->k, tot = 0;
    for (int i = 0; i < k; i++) tot += K->layer[i].r;
    double *hr = lt_malloc((size_t)(tot + 1) * sizeof(double)), *hi = lt_calloc((size_t)(tot + 1), sizeof(double));
    for (int j = 0; j < tot; j++) hr[j] = 1;
    int *q = lt_calloc((size_t)k, sizeof(int));
    int acc = K->identity;
    long wrong = 0, t;
    double maxerr = 0, minmod = 1, maxmod = 1;
    for (t = 1; t <= T && !wrong; t++) {
        int x = (int)lt_rng_below(rng, (uint64_t)n);
        acc = K->table[(long)acc * n + x];
        int c = x, off = 0;
        for (int i = 0; i < k; i++) {
            const lt_cascade_layer *L = &K->layer[i];
            int next = L->coc[(long)q[i] * n + c];
            int r = L->r;
            for (int j = 0; j < r; j++) {
                double xr, xi, a_r = L->lam_re[(long)c * r + j], a_i = L->lam_im[(long)c * r + j];
                double h_r = hr[off + j], h_i = hi[off + j];
                xr = lt_rnd_(lt_rnd_(a_r * h_r, p) - lt_rnd_(a_i * h_i, p), p);
                xi = lt_rnd_(lt_rnd_(a_r * h_i, p) + lt_rnd_(a_i * h_r, p), p);
                if (renorm) lt_renorm_(&xr, &xi, p);
                hr[off + j] = xr;
                hi[off + j] = xi;
            }
            if (r) {
                q[i] = decode_layer(L, hr + off, hi + off);
                if (measure) {
                    /* the angle between each phase and its decoded root */
                    const int *e = L->expo + (long)q[i] * r;
                    for (int j = 0; j < r; j++) {
                        double cr = L->root_re[j][e[j]], ci = L->root_im[j][e[j]];
                        double h_r = hr[off + j], h_i = hi[off + j];
                        double md = sqrt(h_r * h_r + h_i * h_i);
                        double err = fabs(atan2(h_i * cr - h_r * ci, h_r * cr + h_i * ci));
                        if (err > maxerr) maxerr = err;
                        if (md < minmod) minmod = md;
                        if (md > maxmod) maxmod = md;
                    }
                }
            }
            off += r;
            c = next;
        }
        if (readout(K, q) != acc) wrong = t;
    }
    D->first_wrong = wrong;
    D->tokens = t - 1;
    D->max_phase_error = measure ? maxerr : NAN;
    D->min_modulus = measure ? minmod : NAN;
    D->max_modulus = measure ? maxmod : NAN;
    lt_free(hr); lt_free(hi); lt_free(q);
}

#define LOCKSTEP(P, R, M) static void lockstep_##P##_##R##_##M(lt_cascade_drift *D, const lt_cascade_struct *K, \
    lt_rng_t rng, long T) { lockstep(D, K, rng, T, P, R, M); }
#define LOCKSTEP_P(P) LOCKSTEP(P, 0, 0) LOCKSTEP(P, 1, 0) LOCKSTEP(P, 0, 1) LOCKSTEP(P, 1, 1)
LOCKSTEP_P(LT_PREC_F64)
LOCKSTEP_P(LT_PREC_F32)
LOCKSTEP_P(LT_PREC_BF16)

void lt_cascade_lockstep(lt_cascade_drift *D, const lt_cascade_t K, lt_rng_t rng, long T, int renormalize, int measure)
{
#define PICK(P) (renormalize ? (measure ? lockstep_##P##_1_1 : lockstep_##P##_1_0) \
                             : (measure ? lockstep_##P##_0_1 : lockstep_##P##_0_0))(D, K, rng, T)
    if (K->prec == LT_PREC_F32) PICK(LT_PREC_F32);
    else if (K->prec == LT_PREC_BF16) PICK(LT_PREC_BF16);
    else PICK(LT_PREC_F64);
#undef PICK
}
