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

void lt_pgrp_sl2(lt_pgrp_t G, int p)
{
    reinit(G, p * p - 1);
    int T[4] = {1, 1, 0, 1}, S[4] = {0, 1, p - 1, 0};
    matrix_gen(G, 2, p, T);
    matrix_gen(G, 2, p, S);
}

void lt_pgrp_gl2(lt_pgrp_t G, int p)
{
    lt_pgrp_sl2(G, p);
    int D[4] = {primitive_root(p), 0, 0, 1};
    matrix_gen(G, 2, p, D);
}

static int modinv(int a, int p)
{
    long r = 1, b = a, e = p - 2;
    while (e) { if (e & 1) r = r * b % p; b = b * b % p; e >>= 1; }
    return (int)r;
}

/* Projective line: [1:t] -> t, [0:1] -> p. */
static void proj_gen(lt_pgrp_t G, int p, const int *M)
{
    int *perm = lt_malloc((size_t)(p + 1) * sizeof(int));
    for (int pt = 0; pt <= p; pt++) {
        long x = pt < p ? 1 : 0, y = pt < p ? pt : 1;
        long u = ((x * M[0] + y * M[2]) % p + p) % p;
        long v = ((x * M[1] + y * M[3]) % p + p) % p;
        perm[pt] = u ? (int)(v * modinv((int)u, p) % p) : p;
    }
    lt_pgrp_add_gen(G, perm);
    lt_free(perm);
}

void lt_pgrp_psl2(lt_pgrp_t G, int p)
{
    reinit(G, p + 1);
    int T[4] = {1, 1, 0, 1}, S[4] = {0, 1, p - 1, 0};
    proj_gen(G, p, T);
    proj_gen(G, p, S);
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
