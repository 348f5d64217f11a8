/* Action homomorphisms of a permutation group M on an orbit or on a block
   system: the image, the kernel and preimages (impl.h, lt_phom_*).
   M acts on the n points; phi: M -> Sym(m) comes from a labelling of the
   points (an orbit's points numbered 0..m-1, or each point labelled by its
   block). The diagonal group D = <(g, phi(g))> on n + m points is
   isomorphic to M; a stabiliser chain of D whose base starts with the m
   image points gives the kernel (its strong generators fixing the image
   points: Sims' pointwise stabiliser) and, by sifting an image element
   through those first levels, a preimage (Holt, Eick, O'Brien, Handbook of
   Computational Group Theory, 2005, 5.1.2 and 4.5; Seress, Permutation
   Group Algorithms, 2003, 5.1.2). The minimal block system comes from the
   least block containing two points (Atkinson 1975; Handbook 4.3.1). */
#include <string.h>
#include "impl.h"

void lt_phom_init(lt_phom_struct *H, int n)
{
    memset(H, 0, sizeof *H);
    H->n = n;
    H->lab = lt_malloc((size_t)(n ? n : 1) * sizeof *H->lab);
    for (int x = 0; x < n; x++) H->lab[x] = -1;
    lt_pgrp_init(H->D, 1);
    lt_pgrp_init(H->K, n);
    lt_pgrp_init(H->I, 1);
}

void lt_phom_clear(lt_phom_struct *H)
{
    lt_free(H->lab);
    lt_pgrp_clear(H->D);
    lt_pgrp_clear(H->K);
    lt_pgrp_clear(H->I);
    memset(H, 0, sizeof *H);
}

void lt_phom_orbit(lt_phom_struct *H, const int *orb, int which)
{
    H->m = 0;
    for (int x = 0; x < H->n; x++) H->lab[x] = orb[x] == which ? H->m++ : -1;
}

static int uf_find(int *up, int x)
{
    while (up[x] != x) { up[x] = up[up[x]]; x = up[x]; }
    return x;
}

/* The finest M-invariant partition with a and b in one class (M's
   generators); up: union-find forest, queue: 2n ints. Returns the size of
   a's class. */
static int least_block(int *up, int *queue, const lt_pgrp_t M, int a, int b)
{
    int n = M->n, head = 0, tail = 0;
    for (int x = 0; x < n; x++) up[x] = x;
    up[b] = a;
    queue[tail++] = a; queue[tail++] = b;
    while (head < tail) {
        int x = queue[head++], y = queue[head++];
        for (int i = 0; i < M->ngens; i++) {
            int u = uf_find(up, M->gens[i][x]), v = uf_find(up, M->gens[i][y]);
            if (u == v) continue;
            up[v] = u;
            queue[tail++] = u; queue[tail++] = v;
        }
    }
    int r = uf_find(up, a), size = 0;
    for (int x = 0; x < n; x++) size += uf_find(up, x) == r;
    return size;
}

int lt_phom_blocks(lt_phom_struct *H, const lt_pgrp_t M)
{
    int n = M->n;
    if (n < 4 || !M->complete || M->nlev == 0) return 0;
    int a = M->lev[0].base;
    /* b runs over representatives of the orbits of M_a (level 1's strong
       generators): the least block of {a, b} depends only on b's M_a-orbit */
    int *sub = lt_malloc((size_t)n * sizeof *sub), *queue = lt_malloc((size_t)2 * n * sizeof *queue);
    int *up = lt_malloc((size_t)n * sizeof *up), *best = lt_malloc((size_t)n * sizeof *best);
    for (int x = 0; x < n; x++) sub[x] = -1;
    const lt_level_struct *L1 = M->nlev > 1 ? &M->lev[1] : NULL;
    int bsize = n;
    for (int b = 0; b < n; b++) {
        if (sub[b] >= 0 || b == a) continue;
        int head = 0, tail = 0;
        queue[tail++] = b;
        sub[b] = b;
        while (head < tail) {
            int y = queue[head++];
            for (int i = 0; L1 && i < L1->nsg; i++) {
                int z = M->sgs[L1->sg[i]][y];
                if (sub[z] < 0) { sub[z] = b; queue[tail++] = z; }
            }
        }
        int s = least_block(up, queue, M, a, b);
        if (s < bsize) {
            bsize = s;
            for (int x = 0; x < n; x++) best[x] = uf_find(up, x);
            if (s == 2) break;
        }
    }
    int found = bsize < n && bsize > 1;
    if (found) {
        for (int x = 0; x < n; x++) sub[x] = -1;
        H->m = 0;
        for (int x = 0; x < n; x++) {
            if (sub[best[x]] < 0) sub[best[x]] = H->m++;
            H->lab[x] = sub[best[x]];
        }
    }
    lt_free(sub); lt_free(queue); lt_free(up); lt_free(best);
    return found;
}

void lt_phom_image(int *y, const lt_phom_struct *H, const int *g)
{
    for (int x = 0; x < H->n; x++)
        if (H->lab[x] >= 0) y[H->lab[x]] = H->lab[g[x]];
}

lt_status lt_phom_kernel(lt_phom_struct *H, lt_pgrp_t M, const lt_ctx_t ctx, lt_err_t err)
{
    int n = H->n, m = H->m, nm = n + m;
    lt_pgrp_clear(H->D);
    lt_pgrp_clear(H->K);
    lt_pgrp_clear(H->I);
    lt_pgrp_init(H->D, nm);
    lt_pgrp_init(H->K, n);
    lt_pgrp_init(H->I, m);
    int *d = lt_malloc((size_t)nm * sizeof *d);
    for (int i = 0; i < M->ngens; i++) {
        memcpy(d, M->gens[i], (size_t)n * sizeof *d);
        lt_phom_image(d + n, H, M->gens[i]);
        for (int y = 0; y < m; y++) d[n + y] += n;
        lt_pgrp_add_gen(H->D, d);
        lt_pgrp_add_gen(H->I, d + n);   /* shifted below */
    }
    for (int i = 0; i < H->I->ngens; i++)
        for (int y = 0; y < m; y++) H->I->gens[i][y] -= n;
    int *base = lt_malloc((size_t)(m ? m : 1) * sizeof *base);
    for (int y = 0; y < m; y++) base[y] = n + y;
    lt_pgrp_base_prefix(H->D, base, m);
    lt_free(base);
    lt_status st = lt_pgrp_chain(H->D, M->order, ctx, err);
    if (!st) {
        for (int i = 0; i < H->D->nsgs; i++) {
            const int *q = H->D->sgs[i];
            int fix = 1;
            for (int y = n; y < nm && fix; y++) fix = q[y] == y;
            if (fix) lt_pgrp_add_gen(H->K, q);
        }
        /* |K|: the product of D's basic orbits below the image points */
        mpz_t ko;
        mpz_init_set_ui(ko, 1);
        for (int i = m; i < H->D->nlev; i++) mpz_mul_ui(ko, ko, (unsigned long)H->D->lev[i].orbit_len);
        st = lt_pgrp_chain(H->K, ko, ctx, err);
        mpz_clear(ko);
    }
    if (!st) {
        mpz_t q;
        mpz_init(q);
        mpz_divexact(q, M->order, H->K->order);
        st = lt_pgrp_chain(H->I, q, ctx, err);
        mpz_clear(q);
    }
    lt_free(d);
    return st;
}

void lt_phom_preimage(int *x, const lt_phom_struct *H, const int *y)
{
    /* sift (1, y) through the levels of the image points: it ends as
       (w, 1) = (1, y) u with u in D, so (w^-1, y) is in D */
    int n = H->n, nm = n + H->m;
    int *g = lt_malloc((size_t)nm * sizeof *g);
    for (int i = 0; i < n; i++) g[i] = i;
    for (int i = 0; i < H->m; i++) g[n + i] = n + y[i];
    lt_pgrp_sift_(H->D, g, 0);
    for (int i = 0; i < n; i++) x[g[i]] = i;
    lt_free(g);
}
