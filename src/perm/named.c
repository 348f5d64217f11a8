/* Named families of permutation groups. Products follow GAP's convention, so
   matrices act on row vectors from the right: v -> vM. */
#include <string.h>
#include "impl.h"

static void gen_cycle(lt_pgrp_t G, const int *pts, int k)
{
    int *p = lt_malloc((size_t)G->n * sizeof(int));
    lt_perm_one(p, G->n);
    for (int i = 0; i < k; i++) p[pts[i]] = pts[(i + 1) % k];
    lt_pgrp_add_gen(G, p);
    lt_free(p);
}

static void reinit(lt_pgrp_t G, int n)
{
    lt_pgrp_clear(G);
    lt_pgrp_init(G, n);
}

void lt_pgrp_symmetric(lt_pgrp_t G, int n)
{
    reinit(G, n);
    int *pts = lt_malloc((size_t)(n + 1) * sizeof(int));
    for (int i = 0; i < n; i++) pts[i] = i;
    if (n >= 2) { gen_cycle(G, pts, n); gen_cycle(G, pts, 2); }
    lt_free(pts);
}

void lt_pgrp_alternating(lt_pgrp_t G, int n)
{
    reinit(G, n);
    if (n < 3) return;
    int *pts = lt_malloc((size_t)n * sizeof(int));
    for (int i = 0; i < n; i++) pts[i] = i;
    gen_cycle(G, pts, 3);
    if (n % 2) gen_cycle(G, pts, n);          /* (1,...,n) is even */
    else gen_cycle(G, pts + 1, n - 1);        /* (2,...,n) is even */
    lt_free(pts);
}

void lt_pgrp_cyclic(lt_pgrp_t G, int n)
{
    reinit(G, n);
    int *pts = lt_malloc((size_t)n * sizeof(int));
    for (int i = 0; i < n; i++) pts[i] = i;
    if (n >= 2) gen_cycle(G, pts, n);
    lt_free(pts);
}

void lt_pgrp_dihedral(lt_pgrp_t G, int m)
{
    if (m == 4) {                               /* Klein four group */
        reinit(G, 4);
        int a[2] = {0, 1}, b[2] = {2, 3};
        gen_cycle(G, a, 2); gen_cycle(G, b, 2);
        return;
    }
    if (m == 2) { lt_pgrp_cyclic(G, 2); return; }
    int k = m / 2;
    lt_pgrp_cyclic(G, k);
    int *p = lt_malloc((size_t)k * sizeof(int));
    for (int i = 0; i < k; i++) p[i] = (k - i) % k;    /* reflection x -> -x */
    lt_pgrp_add_gen(G, p);
    lt_free(p);
}

void lt_pgrp_dicyclic(lt_pgrp_t G, int m)
{
    /* <a, b | a^(2h) = 1, b^2 = a^h, a^b = a^-1>, h = m/4; element a^i b^j
       has index i + 2h j; generators act by right multiplication. */
    int h2 = m / 2, h = m / 4;
    reinit(G, m);
    int *a = lt_malloc((size_t)m * sizeof(int)), *b = lt_malloc((size_t)m * sizeof(int));
    for (int i = 0; i < h2; i++) {
        a[i] = (i + 1) % h2;                     /* a^i a = a^(i+1) */
        a[i + h2] = (i - 1 + h2) % h2 + h2;      /* a^i b a = a^(i-1) b */
        b[i] = i + h2;                           /* a^i b */
        b[i + h2] = (i + h) % h2;                /* a^i b b = a^(i+h) */
    }
    lt_pgrp_add_gen(G, a);
    lt_pgrp_add_gen(G, b);
    lt_free(a); lt_free(b);
}

/* vectors of F_p^n as integers in base p; point = vector index - 1 (zero
   vector excluded) */
static void matrix_gen(lt_pgrp_t G, int n, int p, const int *M)
{
    long N = 1;
    for (int i = 0; i < n; i++) N *= p;
    int *perm = lt_malloc((size_t)(N - 1) * sizeof(int));
    int *v = lt_malloc((size_t)n * sizeof(int)), *w = lt_malloc((size_t)n * sizeof(int));
    for (long x = 1; x < N; x++) {
        long t = x;
        for (int i = 0; i < n; i++) { v[i] = (int)(t % p); t /= p; }
        for (int j = 0; j < n; j++) {
            long s = 0;
            for (int i = 0; i < n; i++) s += (long)v[i] * M[i * n + j];
            w[j] = (int)(((s % p) + p) % p);
        }
        long y = 0;
        for (int i = n - 1; i >= 0; i--) y = y * p + w[i];
        perm[x - 1] = (int)(y - 1);
    }
    lt_pgrp_add_gen(G, perm);
    lt_free(perm); lt_free(v); lt_free(w);
}

static long ipow(long b, int e)
{
    long r = 1;
    while (e--) r *= b;
    return r;
}

void lt_pgrp_unitriangular(lt_pgrp_t G, int n, int p)
{
    reinit(G, (int)(ipow(p, n) - 1));
    int *M = lt_malloc((size_t)n * (size_t)n * sizeof(int));
    for (int k = 0; k + 1 < n; k++) {
        memset(M, 0, (size_t)n * (size_t)n * sizeof(int));
        for (int i = 0; i < n; i++) M[i * n + i] = 1;
        M[k * n + k + 1] = 1;
        matrix_gen(G, n, p, M);
    }
    lt_free(M);
}

static int primitive_root(int p)
{
    for (int g = 1; g < p; g++) {
        int ord = 1;
        long x = g;
        while (x != 1) { x = x * g % p; ord++; }
        if (ord == p - 1) return g;
    }
    return 1;
}

static long lgcd(long a, long b)
{
    while (b) { long t = a % b; a = b; b = t; }
    return a;
}

double lt_linear_degree(lt_linear_kind kind, int n, long q)
{
    double N = 1;
    for (int i = 0; i < n && N < 1e30; i++) N *= (double)q;
    return kind == LT_LINEAR_GL || kind == LT_LINEAR_SL ? N - 1 : (N - 1) / (double)(q - 1);
}

void lt_linear_order(mpz_t ord, lt_linear_kind kind, int n, long q)
{
    mpz_t qn, qi;
    mpz_inits(qn, qi, NULL);
    mpz_ui_pow_ui(qn, (unsigned long)q, (unsigned long)n);
    mpz_set_ui(ord, 1);
    mpz_set_ui(qi, 1);
    for (int i = 0; i < n; i++) {
        mpz_t t;
        mpz_init(t);
        mpz_sub(t, qn, qi);
        mpz_mul(ord, ord, t);
        mpz_clear(t);
        mpz_mul_ui(qi, qi, (unsigned long)q);
    }
    if (kind != LT_LINEAR_GL) mpz_divexact_ui(ord, ord, (unsigned long)(q - 1));
    if (kind == LT_LINEAR_PSL) mpz_divexact_ui(ord, ord, (unsigned long)lgcd(n, q - 1));
    mpz_clears(qn, qi, NULL);
}

/* The permutation of M (n x n over F, row-major) on the points of
   lt_pgrp_matrix_points_ (mode), numbered as in lietool/perm.h: the
   non-zero vectors (vector index - 1), the projective points, or all
   vectors (vector index, for the affine groups). */
void lt_pgrp_add_matrix_(lt_pgrp_t G, int n, const lt_gf_t F, const int *M, lt_matrix_points mode)
{
    int proj = mode == LT_POINTS_PROJECTIVE;
    long shift = mode == LT_POINTS_NONZERO;       /* point = vector index - shift */
    long q = F->q, N = 1;
    for (int i = 0; i < n; i++) N *= q;
    long npts = proj ? (N - 1) / (q - 1) : N - shift;
    /* offset[k]: the first projective point whose first non-zero coordinate is k */
    long *offset = lt_malloc((size_t)(n + 1) * sizeof(long));
    offset[0] = 0;
    for (int k = 0; k < n; k++) {
        long c = 1;
        for (int j = k + 1; j < n; j++) c *= q;
        offset[k + 1] = offset[k] + c;
    }
    int *perm = lt_malloc((size_t)npts * sizeof(int));
    int *v = lt_malloc((size_t)n * sizeof(int)), *w = lt_malloc((size_t)n * sizeof(int));
    for (long x = 0; x < npts; x++) {
        if (!proj) {
            long t = x + shift;
            for (int i = 0; i < n; i++) { v[i] = (int)(t % q); t /= q; }
        } else {
            int k = 0;
            while (x >= offset[k + 1]) k++;
            long t = x - offset[k];
            for (int i = 0; i < k; i++) v[i] = 0;
            v[k] = 1;
            for (int i = k + 1; i < n; i++) { v[i] = (int)(t % q); t /= q; }
        }
        for (int j = 0; j < n; j++) {
            int s = 0;
            for (int i = 0; i < n; i++)
                if (v[i] && M[i * n + j]) s = lt_gf_add(F, s, lt_gf_mul(F, v[i], M[i * n + j]));
            w[j] = s;
        }
        long y = 0;
        if (!proj) {
            for (int i = n - 1; i >= 0; i--) y = y * q + w[i];
            y -= shift;
        } else {
            int k = 0;
            while (!w[k]) k++;
            int inv = lt_gf_inv(F, w[k]);
            for (int i = n - 1; i > k; i--) y = y * q + lt_gf_mul(F, w[i], inv);
            y += offset[k];
        }
        perm[x] = (int)y;
    }
    lt_pgrp_add_gen(G, perm);
    lt_free(perm); lt_free(v); lt_free(w); lt_free(offset);
}

/* Generators of GL(n,q) (gl = 1) or SL(n,q) acting as mode says. */
void lt_pgrp_linear_gens_(lt_pgrp_t G, int gl, int n, const lt_gf_t F, lt_matrix_points mode)
{
    int *M = lt_malloc((size_t)n * (size_t)n * sizeof(int));
    size_t bytes = (size_t)n * (size_t)n * sizeof(int);
    /* the transvection I + E_12 */
    memset(M, 0, bytes);
    for (int i = 0; i < n; i++) M[i * n + i] = 1;
    M[1] = 1;
    lt_pgrp_add_matrix_(G, n, F, M, mode);
    /* the signed cycle e_i -> e_(i+1), e_(n-1) -> (-1)^(n-1) e_0 (determinant 1) */
    memset(M, 0, bytes);
    for (int i = 0; i + 1 < n; i++) M[i * n + i + 1] = 1;
    M[(n - 1) * n] = n % 2 ? 1 : lt_gf_neg(F, 1);
    lt_pgrp_add_matrix_(G, n, F, M, mode);
    int z = lt_gf_z(F, 1);
    memset(M, 0, bytes);
    for (int i = 0; i < n; i++) M[i * n + i] = 1;
    if (gl) {
        M[0] = z;                                   /* diag(Z, 1, ..., 1) */
        lt_pgrp_add_matrix_(G, n, F, M, mode);
    } else if (F->e > 1) {
        M[0] = z;                                   /* diag(Z, Z^-1, 1, ..., 1) */
        M[n + 1] = lt_gf_inv(F, z);
        lt_pgrp_add_matrix_(G, n, F, M, mode);
    }
    lt_free(M);
}

void lt_pgrp_linear(lt_pgrp_t G, lt_linear_kind kind, int n, const lt_gf_t F)
{
    int proj = kind == LT_LINEAR_PSL || kind == LT_LINEAR_PGL;
    reinit(G, (int)lt_linear_degree(kind, n, F->q));
    lt_pgrp_linear_gens_(G, kind == LT_LINEAR_GL || kind == LT_LINEAR_PGL, n, F,
                         proj ? LT_POINTS_PROJECTIVE : LT_POINTS_NONZERO);
}

void lt_pgrp_agl1(lt_pgrp_t G, int p)
{
    reinit(G, p);
    int *a = lt_malloc((size_t)p * sizeof(int));
    int w = primitive_root(p);
    for (int x = 0; x < p; x++) a[x] = (x + 1) % p;
    lt_pgrp_add_gen(G, a);
    for (int x = 0; x < p; x++) a[x] = (int)((long)x * w % p);
    lt_pgrp_add_gen(G, a);
    lt_free(a);
}

void lt_pgrp_metacyclic(lt_pgrp_t G, int m, int r, int n)
{
    int ord = 1;
    long x = r % m;
    while (x != 1 % m && ord < n) { x = x * r % m; ord++; }
    int extra = ord < n ? n : 0;
    reinit(G, m + extra);
    int *a = lt_malloc((size_t)(m + extra) * sizeof(int));
    lt_perm_one(a, m + extra);
    for (int i = 0; i < m; i++) a[i] = (i + 1) % m;
    lt_pgrp_add_gen(G, a);
    for (int i = 0; i < m; i++) a[i] = (int)((long)i * r % m);
    for (int i = 0; i < extra; i++) a[m + i] = m + (i + 1) % extra;
    lt_pgrp_add_gen(G, a);
    lt_free(a);
}

void lt_pgrp_direct_product(lt_pgrp_t P, const lt_pgrp_t G, const lt_pgrp_t H)
{
    int n = G->n + H->n;
    reinit(P, n);
    int *p = lt_malloc((size_t)n * sizeof(int));
    for (int i = 0; i < G->ngens; i++) {
        lt_perm_one(p, n);
        memcpy(p, G->gens[i], (size_t)G->n * sizeof(int));
        lt_pgrp_add_gen(P, p);
    }
    for (int i = 0; i < H->ngens; i++) {
        lt_perm_one(p, n);
        for (int x = 0; x < H->n; x++) p[G->n + x] = G->n + H->gens[i][x];
        lt_pgrp_add_gen(P, p);
    }
    lt_free(p);
}

void lt_pgrp_moved_part(lt_pgrp_t R, const lt_pgrp_t G)
{
    int *idx = lt_malloc((size_t)G->n * sizeof(int)), m = 0;
    for (int x = 0; x < G->n; x++) {
        idx[x] = -1;
        for (int i = 0; i < G->ngens; i++)
            if (G->gens[i][x] != x) { idx[x] = m++; break; }
    }
    reinit(R, m ? m : 1);
    int *p = lt_malloc((size_t)(m ? m : 1) * sizeof(int));
    for (int i = 0; i < G->ngens; i++) {
        for (int x = 0; x < G->n; x++)
            if (idx[x] >= 0) p[idx[x]] = idx[G->gens[i][x]];
        lt_pgrp_add_gen(R, p);
    }
    lt_free(p); lt_free(idx);
}

static int moved_count(const lt_pgrp_t G)
{
    int m = 0;
    for (int x = 0; x < G->n; x++)
        for (int i = 0; i < G->ngens; i++)
            if (G->gens[i][x] != x) { m++; break; }
    return m;
}

double lt_pgrp_wreath_degree(const lt_pgrp_t G, const lt_pgrp_t H)
{
    int m = moved_count(G), k = moved_count(H);
    return (double)(m ? m : 1) * (double)(k ? k : 1);
}

/* GAP's WreathProductImprimitiveAction (lib/gprdperm.gi), the same
   generators in the same order. */
void lt_pgrp_wreath_product(lt_pgrp_t W, const lt_pgrp_t G0, const lt_pgrp_t H0)
{
    lt_pgrp_t G, H;
    lt_pgrp_init(G, 1);
    lt_pgrp_init(H, 1);
    lt_pgrp_moved_part(G, G0);
    lt_pgrp_moved_part(H, H0);
    int m = G->n, k = H->n, n = m * k;
    reinit(W, n);
    int *p = lt_malloc((size_t)n * sizeof(int));
    /* H transitive on its points? */
    int *orb = lt_malloc((size_t)k * sizeof(int));
    int transitive = lt_pgrp_orbits(orb, H) == 1;
    lt_free(orb);
    int blocks = G->ngens * k > 10 && k > 1 && transitive ? 1 : k;
    for (int b = 0; b < blocks; b++)
        for (int i = 0; i < G->ngens; i++) {
            lt_perm_one(p, n);
            for (int x = 0; x < m; x++) p[b * m + x] = b * m + G->gens[i][x];
            lt_pgrp_add_gen(W, p);
        }
    for (int i = 0; i < H->ngens; i++) {
        for (int b = 0; b < k; b++)
            for (int x = 0; x < m; x++) p[b * m + x] = H->gens[i][b] * m + x;
        lt_pgrp_add_gen(W, p);
    }
    lt_free(p);
    lt_pgrp_clear(G);
    lt_pgrp_clear(H);
}
