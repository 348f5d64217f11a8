/* Stabiliser chains: randomised Schreier-Sims with a deterministic
   verification.  References: C. C. Sims, "Computational methods in the study
   of permutation groups" (1970); D. F. Holt, B. Eick, E. A. O'Brien,
   Handbook of Computational Group Theory (2005), sections 4.4.1-4.4.5;
   product replacement: Celler, Leedham-Green, Murray, Niemeyer, O'Brien
   (1995). Coset representatives are stored explicitly (inverted), so a sift
   costs one composition per level. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "impl.h"

static int *perm_dup(const int *p, int n)
{
    int *q = lt_malloc((size_t)n * sizeof *q);
    memcpy(q, p, (size_t)n * sizeof *q);
    return q;
}

/* Coset representatives come from blocks of about 256 KiB, freed together
   with the chain. */
static int *arena_perm(lt_pgrp_t G)
{
    size_t n = (size_t)G->n;
    if (G->arena_left < n) {
        size_t cnt = (1u << 16) / n + 1;
        void **blk = lt_malloc(sizeof(void *) * 2 + cnt * n * sizeof(int));
        *blk = G->arena;
        G->arena = blk;
        G->arena_next = (int *)(blk + 2);
        G->arena_left = cnt * n;
    }
    int *p = G->arena_next;
    G->arena_next += n;
    G->arena_left -= n;
    return p;
}

static void chain_free(lt_pgrp_t G)
{
    for (int i = 0; i < G->nlev; i++) {
        lt_level_struct *L = &G->lev[i];
        lt_free(L->uinv); lt_free(L->orbit); lt_free(L->pos); lt_free(L->sg);
        lt_free(L->par); lt_free(L->lab);
    }
    lt_free(G->lev);
    while (G->arena) {
        void **next = *(void ***)G->arena;
        lt_free(G->arena);
        G->arena = next;
    }
    G->arena_left = 0;
    for (int i = 0; i < G->nsgs; i++) { lt_free(G->sgs[i]); lt_free(G->sgs_inv[i]); }
    lt_free(G->sgs); lt_free(G->sgs_inv);
    G->lev = NULL; G->nlev = G->lev_alloc = 0;
    G->sgs = G->sgs_inv = NULL; G->nsgs = G->sgs_alloc = 0;
    G->chain_ints = 0;
    G->complete = 0;
}

void lt_pgrp_init(lt_pgrp_t G, int n)
{
    memset(G, 0, sizeof *G);
    G->n = n;
    mpz_init_set_ui(G->order, 1);
    lt_rng_seed(G->rng, 0x9E3779B97F4A7C15ULL ^ (uint64_t)n);
}

void lt_pgrp_clear(lt_pgrp_t G)
{
    chain_free(G);
    for (int i = 0; i < G->ngens; i++) lt_free(G->gens[i]);
    lt_free(G->gens);
    mpz_clear(G->order);
}

void lt_pgrp_add_gen(lt_pgrp_t G, const int *p)
{
    if (lt_perm_is_one(p, G->n)) return;
    for (int i = 0; i < G->ngens; i++)
        if (lt_perm_equal(G->gens[i], p, G->n)) return;
    if (G->ngens == G->gens_alloc) {
        G->gens_alloc = G->gens_alloc ? 2 * G->gens_alloc : 4;
        G->gens = lt_realloc(G->gens, (size_t)G->gens_alloc * sizeof *G->gens);
    }
    G->gens[G->ngens++] = perm_dup(p, G->n);
    G->complete = 0;
}

void lt_pgrp_set(lt_pgrp_t H, const lt_pgrp_t G)
{
    lt_pgrp_clear(H);
    lt_pgrp_init(H, G->n);
    for (int i = 0; i < G->ngens; i++) lt_pgrp_add_gen(H, G->gens[i]);
}

int lt_pgrp_sift_(const lt_pgrp_t G, int *g, int from)
{
    int n = G->n;
    for (int i = from; i < G->nlev; i++) {
        const lt_level_struct *L = &G->lev[i];
        int b = g[L->base];
        if (b == L->base) continue;
        const int *u = L->uinv[b];
        if (!u) return i;
        for (int x = 0; x < n; x++) g[x] = u[g[x]];
    }
    return G->nlev;
}

/* Adds strong generator index s to level L and extends its orbit. */
static lt_status level_add_gen(lt_pgrp_t G, lt_level_struct *L, int s,
                               const lt_ctx_t ctx, lt_err_t err)
{
    int n = G->n;
    if (L->nsg == L->sg_alloc) {
        L->sg_alloc = L->sg_alloc ? 2 * L->sg_alloc : 4;
        L->sg = lt_realloc(L->sg, (size_t)L->sg_alloc * sizeof *L->sg);
    }
    L->sg[L->nsg++] = s;
    int old = L->orbit_len;
    for (int k = 0; k < L->orbit_len; k++) {
        int x = L->orbit[k];
        int t0 = k < old ? L->nsg - 1 : 0;
        for (int t = t0; t < L->nsg; t++) {
            const int *g = G->sgs[L->sg[t]], *gi = G->sgs_inv[L->sg[t]];
            int c = g[x];
            if (L->uinv[c]) continue;
            /* the process's whole allocation, not this chain's: info on
               GL(2,101) held many chains of 400 MiB each */
            if (G->arena_left < (size_t)n
                && lt_mem_in_use() + (size_t)n * sizeof(int) + (1u << 18) > ((size_t)ctx->max_memory_mb << 20))
                return lt_err_set(err, LT_ELIMIT,
                    "stabiliser chains need more than `max_memory` %ld MiB of coset representatives "
                    "(raise `max_memory`)", ctx->max_memory_mb);
            int *u = arena_perm(G), *ux = L->uinv[x];
            for (int y = 0; y < n; y++) u[y] = ux[gi[y]];
            L->uinv[c] = u;
            L->par[c] = x;
            L->lab[c] = L->sg[t];
            L->pos[c] = L->orbit_len;
            L->orbit[L->orbit_len++] = c;
            G->chain_ints += (size_t)n;
        }
    }
    return LT_OK;
}

static void new_level(lt_pgrp_t G, int b)
{
    int n = G->n;
    if (G->nlev == G->lev_alloc) {
        G->lev_alloc = G->lev_alloc ? 2 * G->lev_alloc : 8;
        G->lev = lt_realloc(G->lev, (size_t)G->lev_alloc * sizeof *G->lev);
    }
    lt_level_struct *L = &G->lev[G->nlev++];
    memset(L, 0, sizeof *L);
    L->base = b;
    L->orbit = lt_malloc((size_t)n * sizeof *L->orbit);
    L->pos = lt_malloc((size_t)n * sizeof *L->pos);
    L->uinv = lt_calloc((size_t)n, sizeof *L->uinv);
    L->par = lt_malloc((size_t)n * sizeof *L->par);
    L->lab = lt_malloc((size_t)n * sizeof *L->lab);
    L->orbit[0] = b;
    L->pos[b] = 0;
    L->orbit_len = 1;
    L->uinv[b] = arena_perm(G);
    lt_perm_one(L->uinv[b], n);
    L->par[b] = -1; L->lab[b] = -1;
    G->chain_ints += (size_t)n;
}

void lt_pgrp_base_prefix(lt_pgrp_t G, const int *pts, int k)
{
    chain_free(G);
    for (int i = 0; i < k; i++) new_level(G, pts[i]);
}

static void lower_bound(mpz_t b, const lt_pgrp_t G);
static lt_status order_limit(const lt_pgrp_t G, const mpz_t lb, const lt_ctx_t ctx, lt_err_t err);

lt_status lt_pgrp_add_strong_(lt_pgrp_t G, const int *r, int j, const lt_ctx_t ctx, lt_err_t err)
{
    int n = G->n;
    if (j == G->nlev) {
        int b = 0;
        while (b < n && r[b] == b) b++;
        new_level(G, b);
    }
    if (G->nsgs == G->sgs_alloc) {
        G->sgs_alloc = G->sgs_alloc ? 2 * G->sgs_alloc : 8;
        G->sgs = lt_realloc(G->sgs, (size_t)G->sgs_alloc * sizeof *G->sgs);
        G->sgs_inv = lt_realloc(G->sgs_inv, (size_t)G->sgs_alloc * sizeof *G->sgs_inv);
    }
    int s = G->nsgs++;
    G->sgs[s] = perm_dup(r, n);
    G->sgs_inv[s] = lt_malloc((size_t)n * sizeof(int));
    lt_perm_inv(G->sgs_inv[s], r, n);
    for (int i = 0; i <= j; i++) {
        lt_status st = level_add_gen(G, &G->lev[i], s, ctx, err);
        if (st) return st;
    }
    /* --max-order as the chain grows: the product of the basic orbits is
       a lower bound of the order (S600 given by its 599 transpositions
       ran for 90 s before the order was checked once at the end) */
    mpz_t lb;
    mpz_init(lb);
    lower_bound(lb, G);
    lt_status st = order_limit(G, lb, ctx, err);
    mpz_clear(lb);
    return st;
}

/* Sifts g from level `from`; if it does not sift to 1, adds the residue.
   *added tells whether the chain grew. */
lt_status lt_pgrp_sift_add_(lt_pgrp_t G, int *g, int from, int *added,
                          const lt_ctx_t ctx, lt_err_t err)
{
    int j = lt_pgrp_sift_(G, g, from);
    *added = 0;
    if (j == G->nlev && lt_perm_is_one(g, G->n)) return LT_OK;
    *added = 1;
    return lt_pgrp_add_strong_(G, g, j, ctx, err);
}

static void lower_bound(mpz_t b, const lt_pgrp_t G)
{
    mpz_set_ui(b, 1);
    for (int i = 0; i < G->nlev; i++) mpz_mul_ui(b, b, (unsigned long)G->lev[i].orbit_len);
}

/* 1 if lb exceeds --max-order s. For 1eN the digits are compared first,
   so that 10^N is computed only when lb has about N digits (a huge N
   costs nothing, and one beyond unsigned long is no limit). */
static int above_max_order(const mpz_t lb, const char *s)
{
    mpz_t lim;
    if (s[0] == '1' && (s[1] == 'e' || s[1] == 'E')) {
        errno = 0;
        unsigned long e = strtoul(s + 2, NULL, 10);
        size_t d = mpz_sizeinbase(lb, 10);      /* lb's digits, or one more */
        if (errno || d <= e) return 0;
        if (d > e + 2) return 1;
        mpz_init(lim);
        mpz_ui_pow_ui(lim, 10, e);
    } else mpz_init_set_str(lim, s, 10);
    int above = mpz_cmp(lb, lim) > 0;
    mpz_clear(lim);
    return above;
}

lt_status lt_pgrp_order_limit(const mpz_t order, const lt_ctx_t ctx, lt_err_t err)
{
    if (above_max_order(order, ctx->max_order))
        return lt_err_set(err, LT_ELIMIT, "group order exceeds `max_order` %s", ctx->max_order);
    return LT_OK;
}

static lt_status order_limit(const lt_pgrp_t G, const mpz_t lb, const lt_ctx_t ctx, lt_err_t err)
{
    if (above_max_order(lb, ctx->max_order))
        return lt_err_set(err, LT_ELIMIT, "group order exceeds `max_order` %s (degree %d)", ctx->max_order, G->n);
    return LT_OK;
}

/* Product replacement (CLGMNO 1995, with an accumulator as in Leedham-Green's
   "rattle" variant). */
typedef struct { int n, r; int **slot; int *acc; } prstate;

static void pr_step(prstate *P, lt_rng_t rng, int *tmp)
{
    int i = (int)(lt_rng_next(rng) % (uint64_t)P->r), j;
    do j = (int)(lt_rng_next(rng) % (uint64_t)P->r); while (j == i);
    if (lt_rng_next(rng) & 1) lt_perm_mul(tmp, P->slot[i], P->slot[j], P->n);
    else lt_perm_mul(tmp, P->slot[j], P->slot[i], P->n);
    memcpy(P->slot[i], tmp, (size_t)P->n * sizeof(int));
    lt_perm_mul(tmp, P->acc, P->slot[i], P->n);
    memcpy(P->acc, tmp, (size_t)P->n * sizeof(int));
}

static void pr_init(prstate *P, const lt_pgrp_t G, int *tmp)
{
    P->n = G->n;
    P->r = G->ngens < 10 ? 11 : G->ngens + 1;
    P->slot = lt_malloc((size_t)P->r * sizeof *P->slot);
    for (int i = 0; i < P->r; i++) {
        P->slot[i] = lt_malloc((size_t)G->n * sizeof(int));
        if (G->ngens) memcpy(P->slot[i], G->gens[i % G->ngens], (size_t)G->n * sizeof(int));
        else lt_perm_one(P->slot[i], G->n);
    }
    P->acc = lt_malloc((size_t)G->n * sizeof(int));
    lt_perm_one(P->acc, G->n);
    for (int k = 0; k < 60; k++) pr_step(P, ((lt_pgrp_struct *)G)->rng, tmp);
}

static void pr_clear(prstate *P)
{
    for (int i = 0; i < P->r; i++) lt_free(P->slot[i]);
    lt_free(P->slot);
    lt_free(P->acc);
}

static int is_odd(const int *p, int n, unsigned char *seen)
{
    int cycles = 0;
    memset(seen, 0, (size_t)n);
    for (int i = 0; i < n; i++) {
        if (seen[i]) continue;
        cycles++;
        for (int j = i; !seen[j]; j = p[j]) seen[j] = 1;
    }
    return (n - cycles) & 1;
}

/* Recognises A_n and S_n: a transitive group of degree n containing a
   p-cycle for a prime n/2 < p <= n-3 is primitive (the cycle cannot fit in a
   block) and so contains A_n by Jordan's theorem (Dixon and Mortimer,
   Permutation Groups, Theorem 3.3E). Random elements find such a cycle, as
   a power of an element with a p-cycle, with probability about
   sum 1/p over those primes. Sets ord to n! or n!/2 and returns 1 when
   proved; returning 0 proves nothing. */
static int giant_order(mpz_t ord, lt_pgrp_t G, prstate *P, int *g, int *tmp)
{
    int n = G->n;
    if (n < 8) return 0;
    int *orb = lt_malloc((size_t)n * sizeof(int));
    int trans = lt_pgrp_orbits(orb, G) == 1;
    lt_free(orb);
    if (!trans) return 0;
    unsigned char *seen = lt_malloc((size_t)n);
    int found = 0;
    for (int tries = 0; tries < 80 && !found; tries++) {
        pr_step(P, G->rng, tmp);
        memcpy(g, P->acc, (size_t)n * sizeof(int));
        memset(seen, 0, (size_t)n);
        for (int i = 0; i < n && !found; i++) {
            if (seen[i]) continue;
            int len = 0;
            for (int j = i; !seen[j]; j = g[j]) { seen[j] = 1; len++; }
            if (2 * len > n && len <= n - 3 && lt_is_prime(len)) found = 1;
        }
    }
    int odd = 0;
    for (int i = 0; found && i < G->ngens; i++) odd |= is_odd(G->gens[i], n, seen);
    lt_free(seen);
    if (!found) return 0;
    mpz_fac_ui(ord, (unsigned long)n);
    if (!odd) mpz_divexact_ui(ord, ord, 2);
    return 1;
}

/* Deterministic phase: every Schreier generator of every level sifts to 1
   through the levels below it (Handbook, algorithm SCHREIERSIMS). */
static lt_status verify(lt_pgrp_t G, const lt_ctx_t ctx, lt_err_t err)
{
    int n = G->n;
    int *ux = lt_malloc((size_t)n * sizeof(int)), *h = lt_malloc((size_t)n * sizeof(int));
    lt_status st = LT_OK;
    int i = G->nlev - 1;
    while (i >= 0 && !st) {
        lt_level_struct *L = &G->lev[i];
        if (ctx->progress && G->nlev > 8)
            ctx->progress(ctx->progress_arg, "verifying the stabiliser chain", G->nlev - i, G->nlev);
        int restart = -1;
        for (int k = 0; k < L->orbit_len && restart < 0; k++) {
            int x = L->orbit[k];
            lt_perm_inv(ux, L->uinv[x], n);
            for (int t = 0; t < L->nsg && restart < 0; t++) {
                int s = L->sg[t];
                const int *g = G->sgs[s];
                int c = g[x];
                if (L->par[c] == x && L->lab[c] == s) continue;
                const int *uc = L->uinv[c];
                for (int y = 0; y < n; y++) h[y] = uc[g[ux[y]]];
                int j = lt_pgrp_sift_(G, h, i + 1);
                if (j == G->nlev && lt_perm_is_one(h, n)) continue;
                st = lt_pgrp_add_strong_(G, h, j, ctx, err);
                if (st) break;
                restart = j;
                L = &G->lev[i];
            }
        }
        if (restart >= 0) i = restart;
        else i--;
    }
    if (ctx->progress && G->nlev > 8) ctx->progress(ctx->progress_arg, "verifying", G->nlev, G->nlev);
    lt_free(ux); lt_free(h);
    return st;
}

/* Random phase: sifts the generators, then random elements until `need`
   consecutive ones sift to 1 or the lower bound meets a known bound
   (*certain = 1). */
lt_status lt_pgrp_chain_random_(lt_pgrp_t G, const mpz_t bound, int *certain,
                                const lt_ctx_t ctx, lt_err_t err)
{
    int n = G->n, added;
    lt_status st = LT_OK;
    int *g = lt_malloc((size_t)n * sizeof(int)), *tmp = lt_malloc((size_t)n * sizeof(int));
    mpz_t lb, known;
    mpz_init(lb);
    mpz_init(known);
    *certain = 0;
    if (n > 2000 && !bound && G->ngens > 0) {
        /* sifting the generators of a large S_n or A_n alone stores n^2
           points: recognise it first, so that --max-order fails fast */
        prstate P;
        mpz_t giant;
        mpz_init(giant);
        pr_init(&P, G, tmp);
        if (giant_order(giant, G, &P, g, tmp)) st = order_limit(G, giant, ctx, err);
        pr_clear(&P);
        mpz_clear(giant);
        if (st) goto out;
    }
    for (int i = 0; i < G->ngens && !st; i++) {
        memcpy(g, G->gens[i], (size_t)n * sizeof(int));
        st = lt_pgrp_sift_add_(G, g, 0, &added, ctx, err);
    }
    int exact = 0;
    if (bound) mpz_set(known, bound);
    lower_bound(lb, G);
    if (!st && bound && mpz_cmp(lb, bound) >= 0) *certain = 1;
    if (!st && G->ngens > 0 && !*certain) {
        prstate P;
        pr_init(&P, G, tmp);
        int quiet = 0, need_max = 12;
        mpz_t giant;
        mpz_init(giant);
        if (giant_order(giant, G, &P, g, tmp) && (!bound || mpz_cmp(giant, bound) < 0)) {
            /* a proved order above --max-order fails now, before the
               chain of a large S_n or A_n is built */
            if ((st = order_limit(G, giant, ctx, err))) {
                mpz_clear(giant);
                pr_clear(&P);
                goto out;
            }
            bound = known;
            mpz_set(known, giant);
            exact = 1;
        }
        mpz_clear(giant);
        if (bound && mpz_cmp(lb, bound) >= 0) { *certain = 1; exact = 0; quiet = need_max; }
        /* Stop after enough consecutive sifts to 1; the verification pass
           decides. With an exact order (giants) go on until it is reached. */
        int need = 12 < need_max ? 12 : need_max;
        while (!st && (exact || quiet < need)) {
            pr_step(&P, G->rng, tmp);
            memcpy(g, P.acc, (size_t)n * sizeof(int));
            st = lt_pgrp_sift_add_(G, g, 0, &added, ctx, err);
            if (st) break;
            if (!added) { quiet++; continue; }
            quiet = 0;
            lower_bound(lb, G);
            if ((st = order_limit(G, lb, ctx, err))) break;
            if (bound && mpz_cmp(lb, bound) >= 0) { *certain = 1; break; }
        }
        pr_clear(&P);
    }
out:
    mpz_clear(lb);
    mpz_clear(known);
    lt_free(g); lt_free(tmp);
    return st;
}

lt_status lt_pgrp_chain(lt_pgrp_t G, const mpz_t bound, const lt_ctx_t ctx, lt_err_t err)
{
    if (G->complete) return LT_OK;
    int certain;
    lt_status st = lt_pgrp_chain_random_(G, bound, &certain, ctx, err);
    if (!st && !certain) st = verify(G, ctx, err);
    if (!st) {
        lower_bound(G->order, G);
        st = order_limit(G, G->order, ctx, err);
        if (!st) G->complete = 1;
    }
    return st;
}

void lt_pgrp_order(mpz_t ord, const lt_pgrp_t G)
{
    mpz_set(ord, G->order);
}

int lt_pgrp_contains(const lt_pgrp_t G, const int *p)
{
    int *g = perm_dup(p, G->n);
    int j = lt_pgrp_sift_(G, g, 0);
    int r = j == G->nlev && lt_perm_is_one(g, G->n);
    lt_free(g);
    return r;
}

int lt_pgrp_base_length(const lt_pgrp_t G) { return G->nlev; }
int lt_pgrp_base_point(const lt_pgrp_t G, int i) { return G->lev[i].base; }
int lt_pgrp_orbit_length(const lt_pgrp_t G, int i) { return G->lev[i].orbit_len; }
int lt_pgrp_is_trivial(const lt_pgrp_t G) { return G->ngens == 0; }

int lt_pgrp_is_abelian(const lt_pgrp_t G)
{
    int n = G->n;
    for (int i = 0; i < G->ngens; i++)
        for (int j = i + 1; j < G->ngens; j++) {
            const int *a = G->gens[i], *b = G->gens[j];
            for (int x = 0; x < n; x++)
                if (a[b[x]] != b[a[x]]) return 0;
        }
    return 1;
}

int lt_pgrp_equal(const lt_pgrp_t H, const lt_pgrp_t K)
{
    if (H->n != K->n || mpz_cmp(H->order, K->order) != 0) return 0;
    for (int i = 0; i < H->ngens; i++)
        if (!lt_pgrp_contains(K, H->gens[i])) return 0;
    return 1;
}

void lt_pgrp_random(int *p, lt_pgrp_t G)
{
    int n = G->n;
    int *tmp = lt_malloc((size_t)n * sizeof(int));
    lt_perm_one(p, n);
    for (int i = 0; i < G->nlev; i++) {
        lt_level_struct *L = &G->lev[i];
        int x = L->orbit[lt_rng_next(G->rng) % (uint64_t)L->orbit_len];
        lt_perm_mul(tmp, p, L->uinv[x], n);
        memcpy(p, tmp, (size_t)n * sizeof(int));
    }
    lt_free(tmp);
}

int lt_pgrp_orbits(int *orb, const lt_pgrp_t G)
{
    int n = G->n, count = 0;
    int *queue = lt_malloc((size_t)n * sizeof(int));
    for (int x = 0; x < n; x++) orb[x] = -1;
    for (int x = 0; x < n; x++) {
        if (orb[x] >= 0) continue;
        int head = 0, tail = 0;
        queue[tail++] = x;
        orb[x] = count;
        while (head < tail) {
            int y = queue[head++];
            for (int i = 0; i < G->ngens; i++) {
                int z = G->gens[i][y];
                if (orb[z] < 0) { orb[z] = count; queue[tail++] = z; }
            }
        }
        count++;
    }
    lt_free(queue);
    return count;
}

/* Element numbering: sifting g through the chain writes it as
   u_(m-1) ... u_1 u_0 with u_i the coset representative of the point
   b_i = base_i^(g_i) at level i; the positions of the b_i in their orbits
   are the digits of the number, level 0 the most significant. */
long long lt_pgrp_rank(const lt_pgrp_t G, const int *g)
{
    int n = G->n, stackbuf[256];
    int *w = n <= 256 ? stackbuf : lt_malloc((size_t)n * sizeof(int));
    memcpy(w, g, (size_t)n * sizeof(int));
    long long r = 0;
    for (int i = 0; i < G->nlev && r >= 0; i++) {
        const lt_level_struct *L = &G->lev[i];
        int b = w[L->base];
        const int *u = L->uinv[b];
        if (!u) { r = -1; break; }
        r = r * L->orbit_len + L->pos[b];
        if (b != L->base)
            for (int x = 0; x < n; x++) w[x] = u[w[x]];
    }
    if (r >= 0 && !lt_perm_is_one(w, n)) r = -1;
    if (w != stackbuf) lt_free(w);
    return r;
}

void lt_pgrp_unrank(int *g, const lt_pgrp_t G, long long r)
{
    int n = G->n, stackbuf[256];
    int *t = n <= 256 ? stackbuf : lt_malloc((size_t)n * sizeof(int));
    /* g^-1 = u_0^-1 u_1^-1 ... u_(m-1)^-1 (GAP's order: u_0^-1 acts first) */
    lt_perm_one(t, n);
    long long q = r;
    int *digit = lt_malloc(((size_t)G->nlev + 1) * sizeof(int));
    for (int i = G->nlev - 1; i >= 0; i--) {
        digit[i] = (int)(q % G->lev[i].orbit_len);
        q /= G->lev[i].orbit_len;
    }
    for (int i = 0; i < G->nlev; i++) {
        const int *u = G->lev[i].uinv[G->lev[i].orbit[digit[i]]];
        for (int x = 0; x < n; x++) t[x] = u[t[x]];
    }
    lt_perm_inv(g, t, n);
    lt_free(digit);
    if (t != stackbuf) lt_free(t);
}

long long lt_pgrp_rank_images(const lt_pgrp_t G, const int *img)
{
    int m = G->nlev, stackbuf[64];
    int *w = m <= 64 ? stackbuf : lt_malloc((size_t)m * sizeof(int));
    memcpy(w, img, (size_t)m * sizeof(int));
    long long r = 0;
    for (int i = 0; i < m; i++) {
        const lt_level_struct *L = &G->lev[i];
        int b = w[i];
        if (b < 0 || b >= G->n || !L->uinv[b]) { r = -1; break; }
        r = r * L->orbit_len + L->pos[b];
        if (b != L->base) {
            const int *u = L->uinv[b];
            for (int j = i + 1; j < m; j++) w[j] = u[w[j]];
        }
    }
    if (w != stackbuf) lt_free(w);
    return r;
}
