/* Conjugacy classes of permutation groups without enumerating the group.
   The method is the random one with a certified total: D. F. Holt,
   B. Eick, E. A. O'Brien, Handbook of Computational Group Theory (2005),
   4.6.1-4.6.2 (backtrack searches through the base images of a
   stabiliser chain, with the subgroup found so far pruning the search)
   and 4.8 (classes from random elements until the class lengths
   |G|/|C_G(g)| sum to |G|; G. Butler, Fundamental Algorithms for
   Permutation Groups, LNCS 559 (1991), and the random search in GAP's
   lib/claspcgs and lib/clas.gi, read for the idea, not the code).
   An element h with a^h = b (h^-1 a h = b) maps every cycle of a onto a
   cycle of b of the same length, and once y^h is chosen the whole cycle
   follows: (y^(a^m))^h = (y^h)^(b^m). The search walks the chain level by
   level (the base image of level j is chosen among the points the coset
   allows); a base point on a cycle already mapped has its image forced,
   one on a new cycle may go to a point of an unused cycle of b of the same
   length, and at a leaf the element is checked on every point. */
#include <stdlib.h>
#include <string.h>
#include "impl.h"

/* ---- the backtrack search ---- */

typedef struct {
    lt_pgrp_struct *G;
    int n;
    const int *a, *b;           /* elements h of G with a^h = b */
    int *acyc, *alen;           /* a: cycle id of each point, length of each cycle */
    int *bcyc, *blen;
    int *img;                   /* img[y] = y^h where the mapped cycles decide it, else -1 */
    unsigned char *bused;       /* cycles of b taken as images */
    int *hbuf;                  /* nlev x n: h^-1 after each level */
    int *found;                 /* the element found */
} search;

static int cycle_ids(const int *p, int n, int *cyc, int *len)
{
    int nc = 0;
    for (int x = 0; x < n; x++) cyc[x] = -1;
    for (int x = 0; x < n; x++) {
        if (cyc[x] >= 0) continue;
        int l = 0;
        for (int y = x; cyc[y] < 0; y = p[y]) { cyc[y] = nc; l++; }
        len[nc++] = l;
    }
    return nc;
}

static void search_init(search *S, lt_pgrp_t G, const int *a, const int *b)
{
    int n = G->n;
    S->G = G;
    S->n = n;
    S->a = a;
    S->b = b;
    S->acyc = lt_malloc((size_t)n * sizeof(int));
    S->alen = lt_malloc((size_t)n * sizeof(int));
    cycle_ids(a, n, S->acyc, S->alen);
    if (a == b) { S->bcyc = S->acyc; S->blen = S->alen; }
    else {
        S->bcyc = lt_malloc((size_t)n * sizeof(int));
        S->blen = lt_malloc((size_t)n * sizeof(int));
        cycle_ids(b, n, S->bcyc, S->blen);
    }
    S->img = lt_malloc((size_t)n * sizeof(int));
    S->bused = lt_malloc((size_t)n);
    S->hbuf = lt_malloc(((size_t)G->nlev + 1) * (size_t)n * sizeof(int));
    S->found = lt_malloc((size_t)n * sizeof(int));
}

static void search_reset(search *S)
{
    for (int x = 0; x < S->n; x++) S->img[x] = -1;
    memset(S->bused, 0, (size_t)S->n);
}

static void search_clear(search *S)
{
    if (S->bcyc != S->acyc) { lt_free(S->bcyc); lt_free(S->blen); }
    lt_free(S->acyc); lt_free(S->alen);
    lt_free(S->img); lt_free(S->bused); lt_free(S->hbuf); lt_free(S->found);
}

/* Maps y's cycle of a onto c's cycle of b, y to c (or undoes it). */
static void set_cycle(search *S, int y, int c)
{
    S->bused[S->bcyc[c]] = 1;
    int y0 = y;
    do { S->img[y] = c; y = S->a[y]; c = S->b[c]; } while (y != y0);
}

static void unset_cycle(search *S, int y, int c)
{
    S->bused[S->bcyc[c]] = 0;
    int y0 = y;
    do { S->img[y] = -1; y = S->a[y]; } while (y != y0);
}

/* Levels j.. below a partial element whose inverse is hprev (the product
   of the inverse coset representatives chosen above). h maps the base
   point b_j to x^(h_prev) for x in the orbit of level j, so the image c
   is allowed when c^(hprev) lies in that orbit. */
static int dfs(search *S, int j, const int *hprev)
{
    lt_pgrp_struct *G = S->G;
    int n = S->n;
    if (j == G->nlev) {
        /* h^-1 maps b's cycles onto a's: (z^b)^(h^-1) = (z^(h^-1))^a */
        for (int z = 0; z < n; z++)
            if (hprev[S->b[z]] != S->a[hprev[z]]) return 0;
        lt_perm_inv(S->found, hprev, n);
        return 1;
    }
    const lt_level_struct *L = &G->lev[j];
    int *h = S->hbuf + (size_t)j * (size_t)n;
    int bj = L->base;
    if (S->img[bj] >= 0) {
        const int *u = L->uinv[hprev[S->img[bj]]];
        if (!u) return 0;
        for (int y = 0; y < n; y++) h[y] = u[hprev[y]];
        return dfs(S, j + 1, h);
    }
    int len = S->alen[S->acyc[bj]];
    for (int c = 0; c < n; c++) {
        int bc = S->bcyc[c];
        if (S->blen[bc] != len || S->bused[bc]) continue;
        const int *u = L->uinv[hprev[c]];
        if (!u) continue;
        set_cycle(S, bj, c);
        for (int y = 0; y < n; y++) h[y] = u[hprev[y]];
        int ok = dfs(S, j + 1, h);
        unset_cycle(S, bj, c);
        if (ok) return 1;
    }
    return 0;
}

/* Union-find over the points, with a mark for orbits known to fail. */
static int uf_find(int *par, int x)
{
    while (par[x] != x) { par[x] = par[par[x]]; x = par[x]; }
    return x;
}

static void uf_add_perm(int *par, unsigned char *fail, const int *h, int n)
{
    for (int x = 0; x < n; x++) {
        int rx = uf_find(par, x), ry = uf_find(par, h[x]);
        if (rx != ry) { par[rx] = ry; fail[ry] |= fail[rx]; }
    }
}

static void uf_start(int *par, unsigned char *fail, int n, int *const *gens, int ngens)
{
    for (int x = 0; x < n; x++) par[x] = x;
    memset(fail, 0, (size_t)n);
    for (int i = 0; i < ngens; i++) uf_add_perm(par, fail, gens[i], n);
}

typedef struct { int n, len, alloc; int **p; } plist;

static void plist_push(plist *P, const int *p)
{
    if (P->len == P->alloc) {
        P->alloc = P->alloc ? 2 * P->alloc : 8;
        P->p = lt_realloc(P->p, (size_t)P->alloc * sizeof *P->p);
    }
    P->p[P->len] = lt_malloc((size_t)P->n * sizeof(int));
    memcpy(P->p[P->len++], p, (size_t)P->n * sizeof(int));
}

static void plist_clear(plist *P)
{
    for (int i = 0; i < P->len; i++) lt_free(P->p[i]);
    lt_free(P->p);
    P->p = NULL;
    P->len = P->alloc = 0;
}

/* r = p^k, k given modulo each cycle length by km(len) */
static void perm_pow_mpz(int *r, const int *p, int n, const mpz_t k, int *pts)
{
    unsigned char *seen = lt_calloc((size_t)n, 1);
    for (int x = 0; x < n; x++) {
        if (seen[x]) continue;
        int l = 0;
        for (int y = x; !seen[y]; y = p[y]) { seen[y] = 1; pts[l++] = y; }
        unsigned long s = mpz_fdiv_ui(k, (unsigned long)l);
        for (int t = 0; t < l; t++) r[pts[t]] = pts[(t + (int)s) % l];
    }
    lt_free(seen);
}

/* C_G(a), G complete: generators in K, order in ord. The stabilisers
   C^(i) of b_0..b_(i-1) are found from the last level up: C^(i) is
   generated by C^(i+1) and one element for each orbit of the group K
   found so far on the orbit of level i that an element reaches; a failed
   point fails with its whole K-orbit (Handbook 4.6.1). C^(i) fixes the
   cycles of b_0..b_(i-1) pointwise and holds a^m for m the lcm of their
   lengths (when a is in G). |C| is the product of the orbit lengths of
   b_i under C^(i). */
static void centralizer_core(plist *K, mpz_t ord, lt_pgrp_t G, const int *a, int a_in_G)
{
    int n = G->n;
    search S;
    search_init(&S, G, a, a);
    int *par = lt_malloc((size_t)n * sizeof(int)), *pw = lt_malloc((size_t)n * sizeof(int));
    int *pts = lt_malloc((size_t)n * sizeof(int));
    unsigned char *fail = lt_malloc((size_t)n);
    mpz_t m;
    mpz_init(m);
    mpz_set_ui(ord, 1);
    for (int i = G->nlev - 1; i >= 0; i--) {
        search_reset(&S);
        mpz_set_ui(m, 1);
        for (int j = 0; j < i; j++) {
            int bj = G->lev[j].base;
            if (S.img[bj] >= 0) continue;
            set_cycle(&S, bj, bj);
            mpz_lcm_ui(m, m, (unsigned long)S.alen[S.acyc[bj]]);
        }
        if (a_in_G) {
            perm_pow_mpz(pw, a, n, m, pts);
            int dup = lt_perm_is_one(pw, n);
            for (int t = 0; t < K->len && !dup; t++) dup = lt_perm_equal(pw, K->p[t], n);
            if (!dup) plist_push(K, pw);
        }
        const lt_level_struct *L = &G->lev[i];
        int bi = L->base;
        if (S.img[bi] >= 0) continue;          /* on a fixed cycle: orbit {b_i} */
        uf_start(par, fail, n, K->p, K->len);
        int len = S.alen[S.acyc[bi]];
        for (int k = 1; k < L->orbit_len; k++) {
            int c = L->orbit[k];
            if (S.alen[S.acyc[c]] != len || S.bused[S.acyc[c]]) continue;
            int rc = uf_find(par, c);
            if (rc == uf_find(par, bi) || fail[rc]) continue;
            set_cycle(&S, bi, c);
            int *h = S.hbuf + (size_t)i * (size_t)n;
            memcpy(h, L->uinv[c], (size_t)n * sizeof(int));
            int ok = dfs(&S, i + 1, h);
            unset_cycle(&S, bi, c);
            if (ok) {
                plist_push(K, S.found);
                uf_add_perm(par, fail, S.found, n);
            } else fail[rc] = 1;
        }
        int rb = uf_find(par, bi);
        unsigned long cnt = 0;
        for (int k = 0; k < L->orbit_len; k++) cnt += uf_find(par, L->orbit[k]) == rb;
        mpz_mul_ui(ord, ord, cnt);
    }
    mpz_clear(m);
    lt_free(par); lt_free(pw); lt_free(pts); lt_free(fail);
    search_clear(&S);
}

/* Is a^h = b for some h in G? Cb: generators of C_G(b) (or none): the
   conjugating elements form a coset h_0 C_G(b), so a base image c that
   fails fails with its whole C_G(b)-orbit. */
static int conjugate_core(int *h, lt_pgrp_t G, const int *a, const int *b, int *const *Cb, int nCb)
{
    int n = G->n;
    if (G->nlev == 0) {
        if (h) lt_perm_one(h, n);
        return lt_perm_equal(a, b, n);
    }
    search S;
    search_init(&S, G, a, b);
    search_reset(&S);
    int *par = lt_malloc((size_t)n * sizeof(int));
    unsigned char *fail = lt_malloc((size_t)n);
    uf_start(par, fail, n, Cb, nCb);
    const lt_level_struct *L = &G->lev[0];
    int b0 = L->base, len = S.alen[S.acyc[b0]], ok = 0;
    for (int k = 0; k < L->orbit_len && !ok; k++) {
        int c = L->orbit[k];
        if (S.blen[S.bcyc[c]] != len) continue;
        int rc = uf_find(par, c);
        if (fail[rc]) continue;
        set_cycle(&S, b0, c);
        memcpy(S.hbuf, L->uinv[c], (size_t)n * sizeof(int));
        ok = dfs(&S, 1, S.hbuf);
        unset_cycle(&S, b0, c);
        if (!ok) fail[rc] = 1;
    }
    if (ok && h) memcpy(h, S.found, (size_t)n * sizeof(int));
    lt_free(par); lt_free(fail);
    search_clear(&S);
    return ok;
}

lt_status lt_pgrp_centralizer(lt_pgrp_t Cg, lt_pgrp_t G, const int *g, const lt_ctx_t ctx, lt_err_t err)
{
    lt_status st = lt_pgrp_chain(G, NULL, ctx, err);
    if (st) return st;
    int n = G->n;
    plist K = {.n = n};
    mpz_t ord;
    mpz_init(ord);
    centralizer_core(&K, ord, G, g, lt_pgrp_contains(G, g));
    lt_pgrp_clear(Cg);
    lt_pgrp_init(Cg, n);
    for (int i = 0; i < K.len; i++) lt_pgrp_add_gen(Cg, K.p[i]);
    st = lt_pgrp_chain(Cg, ord, ctx, err);
    if (!st && mpz_cmp(Cg->order, ord) != 0)
        st = lt_err_set(err, LT_EINTERNAL, "centraliser: the search's order disagrees with its chain");
    plist_clear(&K);
    mpz_clear(ord);
    return st;
}

lt_status lt_pgrp_conjugate(int *found, int *h, lt_pgrp_t G, const int *a, const int *b,
                            const lt_ctx_t ctx, lt_err_t err)
{
    lt_status st = lt_pgrp_chain(G, NULL, ctx, err);
    if (st) return st;
    *found = conjugate_core(h, G, a, b, NULL, 0);
    return LT_OK;
}

/* ---- classes ---- */

typedef struct {
    int *rep;
    int ncyc, *cyclen;          /* sorted cycle lengths: the cycle type */
    plist cent;                 /* generators of C_G(rep) */
    mpz_t size, order;
} klass;

typedef struct { int n, len, alloc; klass *k; } klist;

static int cmp_int(const void *x, const void *y)
{
    int a = *(const int *)x, b = *(const int *)y;
    return (a > b) - (a < b);
}

static int cycle_type(const int *p, int n, int *out, int *cyc)
{
    int nc = cycle_ids(p, n, cyc, out);
    qsort(out, (size_t)nc, sizeof(int), cmp_int);
    return nc;
}

static void klist_clear(klist *L)
{
    for (int i = 0; i < L->len; i++) {
        lt_free(L->k[i].rep);
        lt_free(L->k[i].cyclen);
        plist_clear(&L->k[i].cent);
        mpz_clear(L->k[i].size);
        mpz_clear(L->k[i].order);
    }
    lt_free(L->k);
}

void lt_pgrp_classes_init(lt_pgrp_classes_t C)
{
    memset(C, 0, sizeof *C);
}

void lt_pgrp_classes_clear(lt_pgrp_classes_t C)
{
    for (long i = 0; i < C->nclasses; i++) {
        lt_free(C->reps[i]);
        mpz_clear(C->sizes[i]);
        mpz_clear(C->orders[i]);
    }
    lt_free(C->reps); lt_free(C->sizes); lt_free(C->orders);
    memset(C, 0, sizeof *C);
}

static void classes_alloc(lt_pgrp_classes_t C, int n, long k)
{
    lt_pgrp_classes_clear(C);
    C->n = n;
    C->nclasses = k;
    C->reps = lt_malloc((size_t)(k ? k : 1) * sizeof(int *));
    C->sizes = lt_malloc((size_t)(k ? k : 1) * sizeof(mpz_t));
    C->orders = lt_malloc((size_t)(k ? k : 1) * sizeof(mpz_t));
    for (long i = 0; i < k; i++) {
        C->reps[i] = lt_malloc((size_t)(n ? n : 1) * sizeof(int));
        mpz_init(C->sizes[i]);
        mpz_init(C->orders[i]);
    }
}

typedef struct { const int *rep; mpz_srcptr size, order; int n; long idx; } sortkey;

static int cmp_class(const void *x, const void *y)
{
    const sortkey *a = x, *b = y;
    int c = mpz_cmp(a->order, b->order);
    if (!c) c = mpz_cmp(a->size, b->size);
    for (int i = 0; !c && i < a->n; i++) c = (a->rep[i] > b->rep[i]) - (a->rep[i] < b->rep[i]);
    return c;
}

/* Copies classes (rep, size, order) into C, sorted. */
static void classes_fill(lt_pgrp_classes_t C, int n, long k, int *const *reps,
                         const mpz_t *sizes, const mpz_t *orders)
{
    sortkey *s = lt_malloc((size_t)(k ? k : 1) * sizeof *s);
    for (long i = 0; i < k; i++) s[i] = (sortkey){reps[i], sizes[i], orders[i], n, i};
    qsort(s, (size_t)k, sizeof *s, cmp_class);
    classes_alloc(C, n, k);
    for (long i = 0; i < k; i++) {
        memcpy(C->reps[i], s[i].rep, (size_t)n * sizeof(int));
        mpz_set(C->sizes[i], s[i].size);
        mpz_set(C->orders[i], s[i].order);
    }
    lt_free(s);
}

static void random_element(int *p, const lt_pgrp_t G, lt_rng_t rng, int *tmp)
{
    int n = G->n;
    lt_perm_one(p, n);
    for (int i = 0; i < G->nlev; i++) {
        const lt_level_struct *L = &G->lev[i];
        int x = L->orbit[lt_rng_below(rng, (uint64_t)L->orbit_len)];
        lt_perm_mul(tmp, p, L->uinv[x], n);
        memcpy(p, tmp, (size_t)n * sizeof(int));
    }
}

/* Powers of a new representative worth testing: g^p for the primes p
   dividing its order (down to the small classes: central elements,
   involutions) and g^q for the first primes q prime to it (the classes
   of the other generators of <g>). */
static void push_powers(plist *Q, const int *g, const mpz_t ord, int n, int *pts)
{
    int *r = lt_malloc((size_t)n * sizeof(int));
    mpz_t k;
    mpz_init(k);
    int units = 0;
    for (unsigned long p = 2; p <= (unsigned long)n && units < 3; p++) {
        int prime = 1;
        for (unsigned long d = 2; d * d <= p; d++) if (p % d == 0) { prime = 0; break; }
        if (!prime) continue;
        if (!mpz_divisible_ui_p(ord, p)) units++;
        mpz_set_ui(k, p);
        perm_pow_mpz(r, g, n, k, pts);
        if (!lt_perm_is_one(r, n) && !lt_perm_equal(r, g, n)) plist_push(Q, r);
    }
    mpz_clear(k);
    lt_free(r);
}

static lt_status classes_random(lt_pgrp_classes_t C, lt_pgrp_t G, const lt_ctx_t ctx, lt_err_t err)
{
    int n = G->n;
    klist KL = {.n = n};
    plist Q = {.n = n};
    lt_rng_t rng;
    lt_rng_seed(rng, 0x636c6173736573ULL ^ (uint64_t)n);   /* "classes" */
    int *g = lt_malloc((size_t)n * sizeof(int)), *tmp = lt_malloc((size_t)n * sizeof(int));
    int *ct = lt_malloc((size_t)n * sizeof(int)), *cyc = lt_malloc((size_t)n * sizeof(int));
    mpz_t total, cord;
    mpz_init_set_ui(total, 0);
    mpz_init(cord);
    lt_status st = LT_OK;
    long tries = 0;
    lt_perm_one(g, n);
    plist_push(&Q, g);                  /* the identity first */
    while (mpz_cmp(total, G->order) < 0) {
        if (Q.len) {
            Q.len--;
            memcpy(g, Q.p[Q.len], (size_t)n * sizeof(int));
            lt_free(Q.p[Q.len]);
        } else {
            if (tries >= ctx->max_tries) {
                char *ts = mpz_get_str(NULL, 10, total), *os = mpz_get_str(NULL, 10, G->order);
                st = lt_err_set(err, LT_ELIMIT,
                    "conjugacy classes: after %ld random elements the %d classes found hold %s of the %s elements "
                    "(the limit of random elements)", tries, KL.len, ts, os);
                void (*gmp_free)(void *, size_t);
                mp_get_memory_functions(NULL, NULL, &gmp_free);
                gmp_free(ts, strlen(ts) + 1);
                gmp_free(os, strlen(os) + 1);
                break;
            }
            tries++;
            random_element(g, G, rng, tmp);
        }
        int nc = cycle_type(g, n, ct, cyc), known = 0;
        for (int i = 0; i < KL.len && !known; i++) {
            klass *k = &KL.k[i];
            if (k->ncyc != nc || memcmp(k->cyclen, ct, (size_t)nc * sizeof(int)) != 0) continue;
            known = conjugate_core(NULL, G, g, k->rep, k->cent.p, k->cent.len);
        }
        if (known) continue;
        if (KL.len == KL.alloc) {
            KL.alloc = KL.alloc ? 2 * KL.alloc : 16;
            KL.k = lt_realloc(KL.k, (size_t)KL.alloc * sizeof *KL.k);
        }
        klass *k = &KL.k[KL.len++];
        k->rep = lt_malloc((size_t)n * sizeof(int));
        memcpy(k->rep, g, (size_t)n * sizeof(int));
        k->ncyc = nc;
        k->cyclen = lt_malloc((size_t)(nc ? nc : 1) * sizeof(int));
        memcpy(k->cyclen, ct, (size_t)nc * sizeof(int));
        k->cent = (plist){.n = n};
        mpz_init(k->size);
        mpz_init(k->order);
        centralizer_core(&k->cent, cord, G, g, 1);
        if (!mpz_divisible_p(G->order, cord)) {
            st = lt_err_set(err, LT_EINTERNAL, "conjugacy classes: a centraliser order does not divide |G|");
            break;
        }
        mpz_divexact(k->size, G->order, cord);
        lt_perm_order(k->order, g, n);
        mpz_add(total, total, k->size);
        if (ctx->progress)
            ctx->progress(ctx->progress_arg, "conjugacy classes: elements accounted for",
                          mpz_get_d(total), mpz_get_d(G->order));
        push_powers(&Q, g, k->order, n, tmp);
    }
    if (!st && mpz_cmp(total, G->order) != 0)
        st = lt_err_set(err, LT_EINTERNAL, "conjugacy classes: the class sizes exceed |G|");
    if (!st) {
        int **reps = lt_malloc((size_t)KL.len * sizeof(int *));
        mpz_t *sizes = lt_malloc((size_t)KL.len * sizeof(mpz_t)), *orders = lt_malloc((size_t)KL.len * sizeof(mpz_t));
        for (int i = 0; i < KL.len; i++) {
            reps[i] = KL.k[i].rep;
            sizes[i][0] = KL.k[i].size[0];
            orders[i][0] = KL.k[i].order[0];
        }
        classes_fill(C, n, KL.len, reps, (const mpz_t *)sizes, (const mpz_t *)orders);
        lt_free(reps); lt_free(sizes); lt_free(orders);
    }
    plist_clear(&Q);
    klist_clear(&KL);
    mpz_clear(total); mpz_clear(cord);
    lt_free(g); lt_free(tmp); lt_free(ct); lt_free(cyc);
    return st;
}

/* Every element, its class as the orbit under conjugation by the
   generators (numbered through the chain). */
static lt_status classes_enum(lt_pgrp_classes_t C, lt_pgrp_t G, const lt_ctx_t ctx, lt_err_t err)
{
    int n = G->n;
    if (mpz_cmp_ui(G->order, (unsigned long)ctx->max_enum) > 0) {
        char *os = mpz_get_str(NULL, 10, G->order);
        lt_status st = lt_err_set(err, LT_ELIMIT, "conjugacy classes by enumeration: |G| = %s, above --max-enum %ld",
                                  os, ctx->max_enum);
        void (*gmp_free)(void *, size_t);
        mp_get_memory_functions(NULL, NULL, &gmp_free);
        gmp_free(os, strlen(os) + 1);
        return st;
    }
    long long N = (long long)mpz_get_ui(G->order);
    lt_status st = lt_ctx_check_memory((double)N * 9, "the elements' table", "conjugacy classes", ctx, err);
    if (st) return st;
    unsigned char *seen = lt_calloc((size_t)N, 1);
    long long *queue = lt_malloc((size_t)N * sizeof(long long));
    int *p = lt_malloc((size_t)n * sizeof(int)), *q = lt_malloc((size_t)n * sizeof(int));
    long k = 0, alloc = 16;
    int **reps = lt_malloc((size_t)alloc * sizeof(int *));
    mpz_t *sizes = lt_malloc((size_t)alloc * sizeof(mpz_t)), *orders = lt_malloc((size_t)alloc * sizeof(mpz_t));
    for (long long r = 0; r < N; r++) {
        if (seen[r]) continue;
        long long head = 0, tail = 0;
        queue[tail++] = r;
        seen[r] = 1;
        while (head < tail) {
            lt_pgrp_unrank(p, G, queue[head++]);
            for (int i = 0; i < G->ngens; i++) {
                lt_perm_conj(q, p, G->gens[i], n);
                long long rq = lt_pgrp_rank(G, q);
                if (!seen[rq]) { seen[rq] = 1; queue[tail++] = rq; }
            }
        }
        if (k == alloc) {
            alloc *= 2;
            reps = lt_realloc(reps, (size_t)alloc * sizeof(int *));
            sizes = lt_realloc(sizes, (size_t)alloc * sizeof(mpz_t));
            orders = lt_realloc(orders, (size_t)alloc * sizeof(mpz_t));
        }
        reps[k] = lt_malloc((size_t)(n ? n : 1) * sizeof(int));
        lt_pgrp_unrank(reps[k], G, r);
        mpz_init_set_ui(sizes[k], (unsigned long)tail);
        mpz_init(orders[k]);
        lt_perm_order(orders[k], reps[k], n);
        k++;
    }
    classes_fill(C, n, k, reps, (const mpz_t *)sizes, (const mpz_t *)orders);
    for (long i = 0; i < k; i++) { lt_free(reps[i]); mpz_clear(sizes[i]); mpz_clear(orders[i]); }
    lt_free(reps); lt_free(sizes); lt_free(orders);
    lt_free(seen); lt_free(queue); lt_free(p); lt_free(q);
    return LT_OK;
}

lt_status lt_pgrp_conjugacy_classes_by(lt_pgrp_classes_t C, lt_pgrp_t G, int method,
                                       const lt_ctx_t ctx, lt_err_t err)
{
    lt_status st = lt_pgrp_chain(G, NULL, ctx, err);
    if (st) return st;
    lt_pgrp_classes_clear(C);
    C->n = G->n;
    if (method == LT_CLASSES_ENUM) return classes_enum(C, G, ctx, err);
    if (method == LT_CLASSES_AUTO && lt_pgrp_is_abelian(G)) {
        if (mpz_cmp_ui(G->order, (unsigned long)ctx->max_enum) > 0) {
            char *os = mpz_get_str(NULL, 10, G->order);
            st = lt_err_set(err, LT_ELIMIT,
                "conjugacy classes: the group is abelian, so its %s elements are its classes, above --max-enum %ld",
                os, ctx->max_enum);
            void (*gmp_free)(void *, size_t);
            mp_get_memory_functions(NULL, NULL, &gmp_free);
            gmp_free(os, strlen(os) + 1);
            return st;
        }
        return classes_enum(C, G, ctx, err);
    }
    return classes_random(C, G, ctx, err);
}

lt_status lt_pgrp_conjugacy_classes(lt_pgrp_classes_t C, lt_pgrp_t G, const lt_ctx_t ctx, lt_err_t err)
{
    return lt_pgrp_conjugacy_classes_by(C, G, LT_CLASSES_AUTO, ctx, err);
}
