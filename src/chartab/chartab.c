/* The character table of a permutation group by the Dixon-Schneider
   method: J. D. Dixon, "High speed computation of group characters",
   Numer. Math. 10 (1967) 446-450; G. J. A. Schneider, "Dixon's character
   table algorithm revisited", J. Symbolic Comput. 9 (1990) 601-606.

   The class matrices M_j, (M_j)_{kl} = #{x in C_j : x^-1 g_l in C_k}, have
   the vectors w_chi = (|C_l| chi(g_l) / chi(1))_l as common right
   eigenvectors. Modulo a prime p = 1 mod exp(G) with p > |G| the M_j are
   simultaneously diagonalisable with one-dimensional common eigenspaces;
   they are split class matrix by class matrix, smallest classes first, one
   class per family of Galois-conjugate classes (Schneider's economy). From
   w: chi(1)^2 = |G| / sum_l w_l w_l* / |C_l| (l* the class of the
   inverses), chi(g_l) = chi(1) w_l / |C_l| mod p, and each value is lifted
   to Z[E(m)], m = |g|, from the multiplicities of the eigenvalues of g:
   mu_s = (1/m) sum_t chi(g^t) z^(-st), an integer in [0, chi(1)] read off
   modulo p. Values on the classes of g^k, gcd(k, m) = 1, are the Galois
   conjugates. */
#include <stdlib.h>
#include <string.h>
#include <flint/nmod_mat.h>
#include <flint/nmod_poly.h>
#include <flint/ulong_extras.h>
#include "lietool/chartab.h"

void lt_chartab_init(lt_chartab_t T)
{
    memset(T, 0, sizeof *T);
    mpz_init(T->order);
    mpz_init(T->exponent);
    lt_pgrp_classes_init(T->classes);
}

void lt_chartab_clear(lt_chartab_t T)
{
    long r = T->nclasses;
    if (T->class_names)
        for (long c = 0; c < r; c++) lt_free(T->class_names[c]);
    lt_free(T->class_names);
    if (T->centralizer) {
        for (long c = 0; c < r; c++) mpz_clear(T->centralizer[c]);
        lt_free(T->centralizer);
    }
    lt_free(T->inverse);
    if (T->power)
        for (long i = 0; i < T->nprimes; i++) lt_free(T->power[i]);
    lt_free(T->power);
    lt_free(T->primes);
    if (T->values)
        for (long x = 0; x < r; x++) {
            if (!T->values[x]) continue;
            for (long c = 0; c < r; c++) lt_cyc_clear(T->values[x] + c);
            lt_free(T->values[x]);
        }
    lt_free(T->values);
    if (T->kernel)
        for (long x = 0; x < r; x++) lt_free(T->kernel[x]);
    lt_free(T->kernel);
    lt_free(T->degree);
    lt_free(T->indicator);
    for (long i = 0; i < T->nreal; i++) lt_free(T->real[i].codim);
    lt_free(T->real);
    lt_pgrp_classes_clear(T->classes);
    mpz_clear(T->order);
    mpz_clear(T->exponent);
    memset(T, 0, sizeof *T);
}

/* ---- the working state ---- */
typedef struct {
    lt_pgrp_struct *G;
    long N, r;          /* |G|, number of classes */
    int n, m;           /* degree, base length */
    int *base;
    int *cls;           /* cls[rank]: class */
    long long *elts;    /* elements (ranks) class by class */
    long *start;        /* class c: elts[start[c] .. start[c+1]) */
    long *size, *ord;
    long *lead, *lead_k;/* class c = class of g_lead^lead_k */
    long **pw;          /* pw[c][t], c a lead: class of g_c^t, t < ord[c] */
    nmod_t mod;
    long e;             /* exponent */
    ulong z;            /* primitive e-th root of unity mod p */
} ds_t;


/* Numbers G's elements class by class: each class is the orbit of its
   representative under conjugation by the generators. */
static lt_status number_elements(ds_t *D, const lt_pgrp_classes_t C, lt_err_t err)
{
    lt_pgrp_struct *G = D->G;
    int n = D->n, m = D->m, ng = G->ngens;
    int **ginv = lt_malloc((size_t)(ng ? ng : 1) * sizeof(int *));
    for (int i = 0; i < ng; i++) {
        ginv[i] = lt_malloc((size_t)n * sizeof(int));
        lt_perm_inv(ginv[i], G->gens[i], n);
    }
    int *y = lt_malloc((size_t)n * sizeof(int)), *img = lt_malloc((size_t)(m ? m : 1) * sizeof(int));
    lt_status st = LT_OK;
    for (long i = 0; i < D->N; i++) D->cls[i] = -1;
    long pos = 0;
    for (long c = 0; c < D->r && !st; c++) {
        D->start[c] = pos;
        long long r0 = lt_pgrp_rank(G, C->reps[c]);
        if (r0 < 0 || D->cls[r0] != -1) {
            st = lt_err_set(err, LT_EINTERNAL, "character table: class %ld's representative is not numbered", c + 1);
            break;
        }
        D->cls[r0] = (int)c;
        D->elts[pos++] = r0;
        for (long q = D->start[c]; q < pos; q++) {
            lt_pgrp_unrank(y, G, D->elts[q]);
            for (int s = 0; s < ng; s++) {
                const int *g = G->gens[s], *gi = ginv[s];
                for (int i = 0; i < m; i++) img[i] = g[y[gi[D->base[i]]]];
                long long rk = lt_pgrp_rank_images(G, img);
                if (rk < 0) { st = lt_err_set(err, LT_EINTERNAL, "character table: a conjugate left the group"); break; }
                if (D->cls[rk] == -1) {
                    D->cls[rk] = (int)c;
                    D->elts[pos++] = rk;
                }
            }
            if (st) break;
        }
        if (!st && pos - D->start[c] != D->size[c])
            st = lt_err_set(err, LT_EINTERNAL, "character table: class %ld has %ld elements, not %ld", c + 1,
                            pos - D->start[c], D->size[c]);
    }
    D->start[D->r] = pos;
    if (!st && pos != D->N) st = lt_err_set(err, LT_EINTERNAL, "character table: the classes do not cover the group");
    lt_free(y);
    lt_free(img);
    for (int i = 0; i < ng; i++) lt_free(ginv[i]);
    lt_free(ginv);
    return st;
}

/* out[t] = the class of g^t, t < |g|, from the cycles of g through the
   base points */
static void powers_of(ds_t *D, const int *g, long ord, long *out)
{
    int m = D->m;
    long *len = lt_malloc((size_t)(m ? m : 1) * sizeof(long));
    int **cyc = lt_malloc((size_t)(m ? m : 1) * sizeof(int *));
    for (int i = 0; i < m; i++) {
        long L = 1;
        for (int x = g[D->base[i]]; x != D->base[i]; x = g[x]) L++;
        len[i] = L;
        cyc[i] = lt_malloc((size_t)L * sizeof(int));
        int x = D->base[i];
        for (long t = 0; t < L; t++) { cyc[i][t] = x; x = g[x]; }

    }
    int *img = lt_malloc((size_t)(m ? m : 1) * sizeof(int));
    for (long t = 0; t < ord; t++) {
        for (int i = 0; i < m; i++) img[i] = cyc[i][t % len[i]];
        long long rk = lt_pgrp_rank_images(D->G, img);
        out[t] = rk < 0 ? -1 : D->cls[rk];
    }
    for (int i = 0; i < m; i++) lt_free(cyc[i]);
    lt_free(cyc);
    lt_free(len);
    lt_free(img);
}

/* the class of g_c^t */
static long class_power(const ds_t *D, long c, long t)
{
    long L = D->lead[c], m = D->ord[L];
    long k = (long)(((__int128)D->lead_k[c] * (t % m + m)) % m);
    return D->pw[L][k];
}

/* M (r x r) = the class matrix of class j modulo p */
static void class_matrix(nmod_mat_t M, const ds_t *D, long j, int *const *reps)
{
    long r = D->r;
    int n = D->n, m = D->m;
    int *x = lt_malloc((size_t)n * sizeof(int)), *xi = lt_malloc((size_t)n * sizeof(int));
    int *img = lt_malloc((size_t)(m ? m : 1) * sizeof(int));
    long *cnt = lt_calloc((size_t)(r * r), sizeof(long));
    for (long q = D->start[j]; q < D->start[j + 1]; q++) {
        lt_pgrp_unrank(x, D->G, D->elts[q]);
        lt_perm_inv(xi, x, n);
        for (int i = 0; i < m; i++) img[i] = xi[D->base[i]];
        for (long l = 0; l < r; l++) {
            const int *g = reps[l];
            int tmp[64], *im2 = m <= 64 ? tmp : lt_malloc((size_t)m * sizeof(int));
            for (int i = 0; i < m; i++) im2[i] = g[img[i]];
            long k = D->cls[lt_pgrp_rank_images(D->G, im2)];
            if (im2 != tmp) lt_free(im2);
            cnt[k * r + l]++;
        }
    }
    for (long k = 0; k < r; k++)
        for (long l = 0; l < r; l++) nmod_mat_entry(M, k, l) = (mp_limb_t)cnt[k * r + l] % D->mod.n;
    lt_free(cnt);
    lt_free(x);
    lt_free(xi);
    lt_free(img);
}

/* The null space of B (k x k, destroyed) as the rows of K (returned, dim
   rows of length k); returns dim. */
static long nullspace_rows(nmod_mat_t K, nmod_mat_t B)
{
    long k = nmod_mat_nrows(B);
    long rank = nmod_mat_rref(B);
    long *piv = lt_malloc((size_t)(k ? k : 1) * sizeof(long));
    int *isp = lt_calloc((size_t)(k ? k : 1), sizeof(int));
    for (long i = 0, col = 0; i < rank; i++) {
        while (nmod_mat_entry(B, i, col) == 0) col++;
        piv[i] = col;
        isp[col] = 1;
    }
    long dim = k - rank, row = 0;
    nmod_mat_init(K, dim ? dim : 1, k, B->mod.n);
    for (long f = 0; f < k; f++) {
        if (isp[f]) continue;
        nmod_mat_entry(K, row, f) = 1;
        for (long i = 0; i < rank; i++)
            nmod_mat_entry(K, row, piv[i]) = nmod_neg(nmod_mat_entry(B, i, f), B->mod);
        row++;
    }
    lt_free(piv);
    lt_free(isp);
    return dim;
}

typedef struct { nmod_mat_t R; long dim; long *piv; } space_t;

static void space_pivots(space_t *S)
{
    S->piv = lt_realloc(S->piv, (size_t)(S->dim ? S->dim : 1) * sizeof(long));
    for (long i = 0, col = 0; i < S->dim; i++) {
        while (nmod_mat_entry(S->R, i, col) == 0) col++;
        S->piv[i] = col;
    }
}

/* Splits space S (dim > 1) by the class matrix M into eigenspaces,
   appended to *out (count *nout); returns -1 when the eigenvalues do not
   lie in F_p or do not give a decomposition, else the number of parts. */
static long split_space(space_t **out, long *nout, long *cap, const space_t *S, const nmod_mat_t M, long r, nmod_t mod)
{
    long k = S->dim;
    nmod_mat_t A;
    nmod_mat_init(A, k, k, mod.n);
    for (long a = 0; a < k; a++)
        for (long b = 0; b < k; b++) {
            mp_limb_t s = 0;
            for (long l = 0; l < r; l++) {
                mp_limb_t x = nmod_mat_entry(S->R, b, l);
                if (x) s = nmod_add(s, nmod_mul(nmod_mat_entry(M, S->piv[a], l), x, mod), mod);
            }
            nmod_mat_entry(A, a, b) = s;
        }
    nmod_poly_t cp;
    nmod_poly_init(cp, mod.n);
    nmod_mat_charpoly(cp, A);
    nmod_poly_factor_t rt;
    nmod_poly_factor_init(rt);
    nmod_poly_roots(rt, cp, 1);
    long total = 0;
    for (long i = 0; i < rt->num; i++) total += rt->exp[i];
    long parts = rt->num;
    if (total != k) parts = -1;
    else if (parts > 1) {
        long got = 0;
        for (long i = 0; i < rt->num && parts > 0; i++) {
            /* root of x - lambda: lambda = -coeff0 */
            mp_limb_t lam = nmod_neg(nmod_poly_get_coeff_ui(rt->p + i, 0), mod);
            nmod_mat_t B, K;
            nmod_mat_init_set(B, A);
            for (long a = 0; a < k; a++) nmod_mat_entry(B, a, a) = nmod_sub(nmod_mat_entry(B, a, a), lam, mod);
            long d = nullspace_rows(K, B);
            nmod_mat_clear(B);
            if (d != rt->exp[i]) { parts = -1; nmod_mat_clear(K); break; }
            if (*nout == *cap) {
                *cap = 2 * *cap + 4;
                *out = lt_realloc(*out, (size_t)*cap * sizeof(space_t));
            }
            space_t *T = *out + (*nout)++;
            nmod_mat_init(T->R, d, r, mod.n);
            nmod_mat_mul(T->R, K, S->R);
            nmod_mat_clear(K);
            nmod_mat_rref(T->R);
            T->dim = d;
            T->piv = NULL;
            space_pivots(T);
            got += d;
        }
        if (parts > 0 && got != k) parts = -1;
    }
    nmod_poly_factor_clear(rt);
    nmod_poly_clear(cp);
    nmod_mat_clear(A);
    return parts;
}

static int cmp_pair(const void *a, const void *b)
{
    const ulong *x = a, *y = b;
    return x[0] < y[0] ? -1 : x[0] > y[0];
}

typedef struct { const lt_chartab_struct *T; double **re, **im; } sort_ctx;
static sort_ctx *sort_arg;

static int cmp_char(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    const lt_chartab_struct *T = sort_arg->T;
    if (T->degree[x] != T->degree[y]) return T->degree[x] < T->degree[y] ? -1 : 1;
    for (long c = 0; c < T->nclasses; c++) {
        double d = sort_arg->re[x][c] - sort_arg->re[y][c];
        if (d > 1e-9) return -1;
        if (d < -1e-9) return 1;
        d = sort_arg->im[x][c] - sort_arg->im[y][c];
        if (d > 1e-9) return -1;
        if (d < -1e-9) return 1;
    }
    return (x > y) - (x < y);
}

static void class_name(char *buf, size_t sz, const mpz_t ord, long idx)
{
    char letters[16];
    int k = 0;
    long v = idx + 1;
    while (v > 0) {
        letters[k++] = (char)('a' + (v - 1) % 26);
        v = (v - 1) / 26;
    }
    char *o = mpz_get_str(NULL, 10, ord);
    size_t L = strlen(o);
    snprintf(buf, sz, "%s", o);
    for (int i = k - 1; i >= 0 && L + 1 < sz; i--) buf[L++] = letters[i];
    buf[L] = 0;
    free(o);
}

lt_status lt_chartab_compute(lt_chartab_t T, lt_pgrp_t G, const lt_ctx_t ctx, lt_err_t err)
{
    lt_status st;
    lt_pgrp_order(T->order, G);
    if (mpz_cmp_si(T->order, ctx->max_enum) > 0) {
        char *o = mpz_get_str(NULL, 10, T->order);
        st = lt_err_set(err, LT_ELIMIT,
                        "character table: the %s elements of the group are numbered one by one, above `max_enum` %ld",
                        o, ctx->max_enum);
        free(o);
        return st;
    }
    ds_t D;
    memset(&D, 0, sizeof D);
    D.G = G;
    D.N = mpz_get_si(T->order);
    D.n = G->n;
    D.m = lt_pgrp_base_length(G);
    if ((st = lt_ctx_check_memory((double)D.N * 12.0, "numbering the group's elements", "character table", ctx, err)))
        return st;
    if ((st = lt_pgrp_conjugacy_classes(T->classes, G, ctx, err))) return st;
    long r = D.r = T->classes->nclasses;
    T->nclasses = r;
    /* the r x r class matrices, counts and the values */
    if ((st = lt_ctx_check_memory((double)r * (double)r * 200.0, "the class matrices and the table", "character table",
                                  ctx, err)))
        return st;
    D.base = lt_malloc((size_t)(D.m ? D.m : 1) * sizeof(int));
    for (int i = 0; i < D.m; i++) D.base[i] = lt_pgrp_base_point(G, i);
    D.cls = lt_malloc((size_t)D.N * sizeof(int));
    D.elts = lt_malloc((size_t)D.N * sizeof(long long));
    D.start = lt_malloc((size_t)(r + 1) * sizeof(long));
    D.size = lt_malloc((size_t)r * sizeof(long));
    D.ord = lt_malloc((size_t)r * sizeof(long));
    D.lead = lt_malloc((size_t)r * sizeof(long));
    D.lead_k = lt_malloc((size_t)r * sizeof(long));
    D.pw = lt_calloc((size_t)r, sizeof(long *));
    mpz_set_ui(T->exponent, 1);
    for (long c = 0; c < r; c++) {
        D.size[c] = mpz_get_si(T->classes->sizes[c]);
        D.ord[c] = mpz_get_si(T->classes->orders[c]);
        mpz_lcm(T->exponent, T->exponent, T->classes->orders[c]);
    }
    D.e = mpz_get_si(T->exponent);
    nmod_mat_t M;
    int have_M = 0;
    space_t *sp = NULL, *sp2 = NULL;
    long nsp = 0, capsp = 0, nsp2 = 0, capsp2 = 0;
    ulong *ztab = NULL;
    ulong **chi = NULL;
    long *perm = NULL;
    if ((st = number_elements(&D, T->classes, err))) goto done;
    /* Galois families and power maps */
    for (long c = 0; c < r; c++) D.lead[c] = -1;
    for (long c = 0; c < r; c++) {
        if (D.lead[c] != -1) continue;
        D.lead[c] = c;
        D.lead_k[c] = 1;
        D.pw[c] = lt_malloc((size_t)D.ord[c] * sizeof(long));
        powers_of(&D, T->classes->reps[c], D.ord[c], D.pw[c]);
        for (long k = 2; k < D.ord[c]; k++) {
            long a = k, b = D.ord[c];
            while (b) { long t = a % b; a = b; b = t; }
            if (a != 1) continue;
            long c2 = D.pw[c][k];
            if (c2 >= 0 && D.lead[c2] == -1) { D.lead[c2] = c; D.lead_k[c2] = k; }
        }
    }
    for (long c = 0; c < r; c++)
        for (long t = 0; t < D.ord[D.lead[c]]; t++)
            if (D.pw[D.lead[c]][t] < 0) { st = lt_err_set(err, LT_EINTERNAL, "character table: a power left the group"); goto done; }
    /* the prime: p = 1 mod e, p > |G| */
    {
        ulong p = ((ulong)D.N / (ulong)D.e + 1) * (ulong)D.e + 1;
        while (!n_is_prime(p)) p += (ulong)D.e;
        nmod_init(&D.mod, p);
        T->prime = (long)p;
        ulong g = n_primitive_root_prime(p);
        D.z = n_powmod2_ui_preinv(g, (p - 1) / (ulong)D.e, p, D.mod.ninv);
    }
    nmod_t mod = D.mod;
    /* split F_p^r by class matrices */
    sp = lt_malloc(sizeof(space_t));
    capsp = 1;
    nsp = 1;
    nmod_mat_init(sp[0].R, r, r, mod.n);
    nmod_mat_one(sp[0].R);
    sp[0].dim = r;
    sp[0].piv = NULL;
    space_pivots(sp);
    {
        long *cand = lt_malloc((size_t)(r ? r : 1) * sizeof(long)), nc = 0;
        for (int pass = 0; pass < 2; pass++)
            for (long c = 1; c < r; c++)
                if ((D.lead[c] == c) == (pass == 0)) cand[nc++] = c;
        /* smallest classes first within each pass (stable) */
        for (long i = 1; i < nc; i++)
            for (long j = i; j > 0; j--) {
                long a = cand[j - 1], b = cand[j];
                int pa = D.lead[a] != a, pb = D.lead[b] != b;
                if (pa == pb && D.size[a] > D.size[b]) { cand[j - 1] = b; cand[j] = a; }
                else break;
            }
        nmod_mat_init(M, r, r, mod.n);
        have_M = 1;
        for (long ci = 0; ci < nc; ci++) {
            int open = 0;
            for (long i = 0; i < nsp; i++) open |= sp[i].dim > 1;
            if (!open) break;
            class_matrix(M, &D, cand[ci], T->classes->reps);
            nsp2 = 0;
            for (long i = 0; i < nsp; i++) {
                long parts = sp[i].dim > 1 ? split_space(&sp2, &nsp2, &capsp2, sp + i, M, r, mod) : 1;
                if (parts < 0) {
                    lt_free(cand);
                    st = lt_err_set(err, LT_EINTERNAL, "character table: class matrix %ld does not split modulo %ld",
                                    cand[ci] + 1, T->prime);
                    goto done;
                }
                if (parts <= 1) {
                    if (nsp2 == capsp2) {
                        capsp2 = 2 * capsp2 + 4;
                        sp2 = lt_realloc(sp2, (size_t)capsp2 * sizeof(space_t));
                    }
                    sp2[nsp2++] = sp[i];
                } else {
                    nmod_mat_clear(sp[i].R);
                    lt_free(sp[i].piv);
                }
            }
            space_t *t = sp; sp = sp2; sp2 = t;
            long tn = nsp; nsp = nsp2; nsp2 = tn; (void)tn;
            tn = capsp; capsp = capsp2; capsp2 = tn;
        }
        lt_free(cand);
    }
    if (nsp != r) {
        st = lt_err_set(err, LT_EINTERNAL, "character table: %ld common eigenspaces for %ld classes", nsp, r);
        goto done;
    }
    /* characters modulo p */
    T->degree = lt_calloc((size_t)r, sizeof(long));
    chi = lt_calloc((size_t)r, sizeof(ulong *));
    {
        long sumsq = 0;
        for (long x = 0; x < r; x++) {
            ulong *w = lt_malloc((size_t)r * sizeof(ulong));
            for (long l = 0; l < r; l++) w[l] = nmod_mat_entry(sp[x].R, 0, l);
            if (w[0] == 0) { lt_free(w); st = lt_err_set(err, LT_EINTERNAL, "character table: an eigenvector vanishes at 1"); goto done; }
            ulong s0 = n_invmod(w[0], mod.n), S = 0;
            for (long l = 0; l < r; l++) w[l] = nmod_mul(w[l], s0, mod);
            for (long l = 0; l < r; l++) {
                ulong il = class_power(&D, l, -1);
                S = nmod_add(S, nmod_mul(nmod_mul(w[l], w[il], mod), n_invmod((ulong)D.size[l] % mod.n, mod.n), mod), mod);
            }
            ulong d2 = nmod_mul((ulong)D.N % mod.n, n_invmod(S, mod.n), mod), d = n_sqrt(d2);
            if (d * d != d2 || d == 0) {
                lt_free(w);
                st = lt_err_set(err, LT_EINTERNAL, "character table: a degree is not an integer modulo %ld", T->prime);
                goto done;
            }
            T->degree[x] = (long)d;
            sumsq += (long)(d * d);
            for (long l = 0; l < r; l++)
                w[l] = nmod_mul(nmod_mul(w[l], d, mod), n_invmod((ulong)D.size[l] % mod.n, mod.n), mod);
            chi[x] = w;
        }
        if (sumsq != D.N) { st = lt_err_set(err, LT_EINTERNAL, "character table: the degrees' squares sum to %ld, not %ld", sumsq, D.N); goto done; }
    }
    /* powers of z sorted, for the linear characters */
    ztab = lt_malloc((size_t)D.e * 2 * sizeof(ulong));
    {
        ulong zz = 1;
        for (long s = 0; s < D.e; s++) { ztab[2 * s] = zz; ztab[2 * s + 1] = (ulong)s; zz = nmod_mul(zz, D.z, mod); }
        qsort(ztab, (size_t)D.e, 2 * sizeof(ulong), cmp_pair);
    }
    /* exact values */
    T->values = lt_calloc((size_t)r, sizeof(lt_cyc_struct *));
    {
        fmpq *v = NULL;
        long vlen = 0;
        for (long x = 0; x < r && !st; x++) {
            T->values[x] = lt_malloc((size_t)r * sizeof(lt_cyc_struct));
            for (long c = 0; c < r; c++) lt_cyc_init(T->values[x] + c);
            ulong d = (ulong)T->degree[x];
            for (long c = 0; c < r && !st; c++) {
                long m = D.ord[c];
                if (d == 1) {
                    ulong key[2] = {chi[x][c], 0};
                    ulong *hit = bsearch(key, ztab, (size_t)D.e, 2 * sizeof(ulong), cmp_pair);
                    if (!hit || (long)hit[1] % (D.e / m)) {
                        st = lt_err_set(err, LT_EINTERNAL, "character table: a linear character's value is not a root of unity");
                        break;
                    }
                    lt_cyc_set_root(T->values[x] + c, m, (long)hit[1] / (D.e / m));
                    continue;
                }
                if (D.lead[c] != c) continue;
                /* mu_s = (1/m) sum_t chi(g^t) zm^(-st) */
                ulong zm = n_powmod2_ui_preinv(D.z, (ulong)(D.e / m), mod.n, mod.ninv);
                ulong zi = n_invmod(zm, mod.n);
                ulong *pz = lt_malloc((size_t)m * sizeof(ulong));
                pz[0] = 1;
                for (long u = 1; u < m; u++) pz[u] = nmod_mul(pz[u - 1], zi, mod);
                if (m > vlen) {
                    for (long i = 0; i < vlen; i++) fmpq_clear(v + i);
                    lt_free(v);
                    v = lt_malloc((size_t)m * sizeof(fmpq));
                    for (long i = 0; i < m; i++) fmpq_init(v + i);
                    vlen = m;
                }
                ulong minv = n_invmod((ulong)m % mod.n, mod.n), tot = 0;
                for (long s = 0; s < m; s++) {
                    ulong acc = 0;
                    for (long t = 0; t < m; t++)
                        acc = nmod_add(acc, nmod_mul(chi[x][D.pw[c][t]], pz[(long)(((__int128)s * t) % m)], mod), mod);
                    acc = nmod_mul(acc, minv, mod);
                    if (acc > d) { st = lt_err_set(err, LT_EINTERNAL, "character table: an eigenvalue multiplicity is not in 0..%lu", d); break; }
                    tot += acc;
                    fmpq_set_si(v + s, (slong)acc, 1);
                }
                lt_free(pz);
                if (!st && tot != d) st = lt_err_set(err, LT_EINTERNAL, "character table: eigenvalue multiplicities do not sum to the degree");
                if (!st) lt_cyc_set_dense(T->values[x] + c, v, m);
            }
            if (d != 1)
                for (long c = 0; c < r && !st; c++)
                    if (D.lead[c] != c) lt_cyc_galois(T->values[x] + c, T->values[x] + D.lead[c], D.lead_k[c]);
        }
        for (long i = 0; i < vlen; i++) fmpq_clear(v + i);
        lt_free(v);
        if (st) goto done;
    }
    /* indicators, fixed-point dimensions (modulo p) */
    T->indicator = lt_calloc((size_t)r, sizeof(int));
    long **fix = lt_calloc((size_t)r, sizeof(long *));
    for (long x = 0; x < r; x++) {
        ulong s = 0;
        for (long l = 0; l < r; l++)
            s = nmod_add(s, nmod_mul((ulong)D.size[l] % mod.n, chi[x][class_power(&D, l, 2)], mod), mod);
        s = nmod_mul(s, n_invmod((ulong)D.N % mod.n, mod.n), mod);
        T->indicator[x] = s == 0 ? 0 : s == 1 ? 1 : -1;
        if (s > 1 && s != mod.n - 1) st = lt_err_set(err, LT_EINTERNAL, "character table: an indicator is not -1, 0 or 1");
        fix[x] = lt_malloc((size_t)r * sizeof(long));
        for (long c = 0; c < r; c++) {
            long L = D.lead[c], m = D.ord[L];
            if (L != c) { fix[x][c] = fix[x][L]; continue; }
            ulong a = 0;
            for (long t = 0; t < m; t++) a = nmod_add(a, chi[x][D.pw[c][t]], mod);
            a = nmod_mul(a, n_invmod((ulong)m % mod.n, mod.n), mod);
            fix[x][c] = (long)a;
            if ((long)a > T->degree[x]) st = lt_err_set(err, LT_EINTERNAL, "character table: a fixed space is too large");
        }
    }
    /* sort the characters: degree, then values (the trivial one first) */
    perm = lt_malloc((size_t)r * sizeof(long));
    {
        sort_ctx sc = {T, lt_malloc((size_t)r * sizeof(double *)), lt_malloc((size_t)r * sizeof(double *))};
        for (long x = 0; x < r; x++) {
            perm[x] = x;
            sc.re[x] = lt_malloc((size_t)r * sizeof(double));
            sc.im[x] = lt_malloc((size_t)r * sizeof(double));
            for (long c = 0; c < r; c++) lt_cyc_get_d(sc.re[x] + c, sc.im[x] + c, T->values[x] + c);
        }
        sort_arg = &sc;
        qsort(perm, (size_t)r, sizeof(long), cmp_char);
        sort_arg = NULL;
        for (long x = 0; x < r; x++) { lt_free(sc.re[x]); lt_free(sc.im[x]); }
        lt_free(sc.re);
        lt_free(sc.im);
        lt_cyc_struct **nv = lt_malloc((size_t)r * sizeof(lt_cyc_struct *));
        long *nd = lt_malloc((size_t)r * sizeof(long)), **nf = lt_malloc((size_t)r * sizeof(long *));
        int *ni = lt_malloc((size_t)r * sizeof(int));
        for (long x = 0; x < r; x++) {
            nv[x] = T->values[perm[x]]; nd[x] = T->degree[perm[x]]; nf[x] = fix[perm[x]]; ni[x] = T->indicator[perm[x]];
        }
        lt_free(T->values); T->values = nv;
        lt_free(T->degree); T->degree = nd;
        lt_free(fix); fix = nf;
        lt_free(T->indicator); T->indicator = ni;
    }
    /* kernels */
    T->kernel = lt_malloc((size_t)r * sizeof(unsigned char *));
    for (long x = 0; x < r; x++) {
        T->kernel[x] = lt_calloc((size_t)r, 1);
        for (long c = 0; c < r; c++) {
            const lt_cyc_struct *y = T->values[x] + c;
            T->kernel[x][c] = y->n == 1 && y->len == 1 && fmpz_is_one(fmpq_denref(y->c)) &&
                              fmpz_equal_si(fmpq_numref(y->c), T->degree[x]);
        }
    }
    /* real representations */
    T->real = lt_calloc((size_t)r, sizeof(lt_realrep_struct));
    for (long x = 0; x < r; x++) {
        long partner = -1;
        if (T->indicator[x] == 0) {
            lt_cyc_t cj;
            lt_cyc_init(cj);
            for (long y = 0; y < r && partner < 0; y++) {
                if (y == x || T->degree[y] != T->degree[x]) continue;
                int same = 1;
                for (long c = 0; c < r && same; c++) {
                    lt_cyc_galois(cj, T->values[x] + c, -1);
                    same = lt_cyc_equal(cj, T->values[y] + c);
                }
                if (same) partner = y;
            }
            lt_cyc_clear(cj);
            if (partner < 0) { st = lt_err_set(err, LT_EINTERNAL, "character table: a complex character without its conjugate"); break; }
            if (partner < x) continue;
        }
        lt_realrep_struct *R = T->real + T->nreal++;
        long f = T->indicator[x] == 1 ? 1 : 2;
        R->chars[0] = x;
        R->chars[1] = partner;
        R->dimension = f * T->degree[x];
        R->codim = lt_malloc((size_t)r * sizeof(long));
        R->reflection_length = 0;
        R->faithful = 1;
        for (long c = 0; c < r; c++) {
            R->codim[c] = f * (T->degree[x] - fix[x][c]);
            if (R->codim[c] > R->reflection_length) R->reflection_length = R->codim[c];
            if (c && T->kernel[x][c]) R->faithful = 0;
        }
    }
    for (long x = 0; x < r; x++) lt_free(fix[x]);
    lt_free(fix);
    if (st) goto done;
    /* class names, centralisers, inverses, prime power maps */
    T->class_names = lt_malloc((size_t)r * sizeof(char *));
    T->centralizer = lt_malloc((size_t)r * sizeof(mpz_t));
    T->inverse = lt_malloc((size_t)r * sizeof(long));
    for (long c = 0, idx = 0; c < r; c++) {
        char buf[64];
        idx = c && mpz_cmp(T->classes->orders[c], T->classes->orders[c - 1]) == 0 ? idx + 1 : 0;
        class_name(buf, sizeof buf, T->classes->orders[c], idx);
        T->class_names[c] = lt_strdup(buf);
        mpz_init(T->centralizer[c]);
        mpz_divexact(T->centralizer[c], T->order, T->classes->sizes[c]);
        T->inverse[c] = class_power(&D, c, -1);
    }
    {
        long pr[64], np = 0, N = D.N;
        for (long q = 2; q * q <= N; q++)
            if (N % q == 0) { pr[np++] = q; while (N % q == 0) N /= q; }
        if (N > 1) pr[np++] = N;
        T->nprimes = np;
        T->primes = lt_malloc((size_t)(np ? np : 1) * sizeof(long));
        T->power = lt_malloc((size_t)(np ? np : 1) * sizeof(long *));
        for (long i = 0; i < np; i++) {
            T->primes[i] = pr[i];
            T->power[i] = lt_malloc((size_t)r * sizeof(long));
            for (long c = 0; c < r; c++) T->power[i][c] = class_power(&D, c, pr[i]);
        }
    }
done:
    if (chi)
        for (long x = 0; x < r; x++) lt_free(chi[x]);
    lt_free(chi);
    lt_free(perm);
    lt_free(ztab);
    if (have_M) nmod_mat_clear(M);
    for (long i = 0; i < nsp; i++) { nmod_mat_clear(sp[i].R); lt_free(sp[i].piv); }
    lt_free(sp);
    lt_free(sp2);
    for (long c = 0; c < r; c++) lt_free(D.pw[c]);
    lt_free(D.pw);
    lt_free(D.base);
    lt_free(D.cls);
    lt_free(D.elts);
    lt_free(D.start);
    lt_free(D.size);
    lt_free(D.ord);
    lt_free(D.lead);
    lt_free(D.lead_k);
    return st;
}

lt_status lt_chartab_profile(lt_chartab_t T, lt_pgrp_t G, const lt_ctx_t ctx, lt_err_t err)
{
    mpz_t o;
    mpz_init(o);
    lt_pgrp_order(o, G);
    int big = mpz_cmp_si(o, LT_CHARTAB_PROFILE_MAX) > 0;
    int many = !big && lt_pgrp_is_abelian(G) && mpz_cmp_si(o, LT_CHARTAB_PROFILE_CLASSES) > 0;
    mpz_clear(o);
    if (big)
        return lt_err_set(err, LT_ELIMIT, "character table not computed: info computes it for groups of order at most %ld "
                                          "(lietool character-table computes it up to `max_enum`)", LT_CHARTAB_PROFILE_MAX);
    if (many)
        return lt_err_set(err, LT_ELIMIT, "character table not computed: an abelian group of more than %ld elements has as "
                                          "many classes (lietool character-table computes it)", LT_CHARTAB_PROFILE_CLASSES);
    return lt_chartab_compute(T, G, ctx, err);
}
