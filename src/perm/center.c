/* Centre and exponent of a permutation group.
   Centre: a central element z commutes with every generator, so on each
   orbit O = r^G it is fixed by its image of r: (r^g)^z = (r^z)^g. For every
   orbit we list the images c for which that rule is well defined (the
   centraliser of the constituent in Sym(O), which acts semiregularly; see
   Dixon and Mortimer, Permutation Groups, Theorem 4.2A), then test the
   combinations for membership in G, or, when they are many, intersect G
   with the group D they generate (D centralises G): in the diagonal group
   L = <(g,g), (d,1)> on two copies of the points, the pointwise stabiliser
   of the first copy is {(1,h) : h in G and D} (Holt, Eick, O'Brien,
   Handbook, 4.6.3 for the idea of intersecting through a direct product).
   Exponent: for every prime p the p-part lies between what random elements
   show and min(p-part of |G|, largest p-power <= the largest orbit), and is
   p itself whenever p divides |G| (Cauchy); when random elements do not
   close the gap the elements are enumerated (up to --max-enum elements),
   or, for larger groups, the exponent is the lcm of the orders of the
   conjugacy classes' representatives (src/perm/classes.c). */
#include <string.h>
#include "impl.h"

/* Fills img[x] for x in orbit o of G (orb[] labels) from z(r) = c; returns 0
   if the rule is not well defined. */
static int orbit_map(int *img, const lt_pgrp_t G, const int *orb, int o, int r, int c, int *queue)
{
    int n = G->n, head = 0, tail = 0;
    for (int x = 0; x < n; x++) if (orb[x] == o) img[x] = -1;
    img[r] = c;
    queue[tail++] = r;
    while (head < tail) {
        int x = queue[head++];
        for (int i = 0; i < G->ngens; i++) {
            int y = G->gens[i][x], zy = G->gens[i][img[x]];
            if (img[y] < 0) { img[y] = zy; queue[tail++] = y; }
            else if (img[y] != zy) return 0;
        }
    }
    return 1;
}

static lt_status center_diagonal(lt_pgrp_t Z, lt_pgrp_t G, int nvo, const int *vo, int **valid,
                                 const int *nvalid, const int *orb, const int *rep, int *img,
                                 int *queue, const lt_ctx_t ctx, lt_err_t err)
{
    int n = G->n, N = 2 * n;
    if ((double)N > (double)ctx->max_degree * 2 + 2) return lt_err_set(err, LT_ELIMIT, "centre: degree too large");
    lt_pgrp_t L;
    lt_pgrp_init(L, N);
    int *p = lt_malloc((size_t)N * sizeof(int));
    for (int i = 0; i < G->ngens; i++) {
        for (int x = 0; x < n; x++) { p[x] = G->gens[i][x]; p[n + x] = n + G->gens[i][x]; }
        lt_pgrp_add_gen(L, p);
    }
    for (int k = 0; k < nvo; k++) {
        int o = vo[k];
        for (int v = 0; v < nvalid[o]; v++) {
            lt_perm_one(p, N);
            orbit_map(img, G, orb, o, rep[o], valid[o][v], queue);
            for (int x = 0; x < n; x++) if (orb[x] == o) p[x] = img[x];
            lt_pgrp_add_gen(L, p);
        }
    }
    int *base = lt_malloc((size_t)n * sizeof(int));
    for (int x = 0; x < n; x++) base[x] = x;
    lt_pgrp_base_prefix(L, base, n);
    lt_status st = lt_pgrp_chain(L, NULL, ctx, err);
    if (!st) {
        /* strong generators fixing the whole first copy */
        int *h = lt_malloc((size_t)n * sizeof(int));
        for (int i = 0; i < L->nsgs; i++) {
            const int *q = L->sgs[i];
            int fix = 1;
            for (int x = 0; x < n && fix; x++) fix = q[x] == x;
            if (!fix) continue;
            for (int x = 0; x < n; x++) h[x] = q[n + x] - n;
            lt_pgrp_add_gen(Z, h);
        }
        lt_free(h);
        st = lt_pgrp_chain(Z, G->order, ctx, err);
    }
    lt_free(base); lt_free(p);
    lt_pgrp_clear(L);
    return st;
}

lt_status lt_pgrp_center(lt_pgrp_t Z, lt_pgrp_t G, const lt_ctx_t ctx, lt_err_t err)
{
    return lt_pgrp_center_by(Z, G, LT_CENTER_AUTO, ctx, err);
}

lt_status lt_pgrp_center_by(lt_pgrp_t Z, lt_pgrp_t G, int method, const lt_ctx_t ctx, lt_err_t err)
{
    int n = G->n;
    lt_status st = lt_pgrp_chain(G, NULL, ctx, err);
    if (st) return st;
    lt_pgrp_clear(Z);
    lt_pgrp_init(Z, n);
    if (lt_pgrp_is_abelian(G) && method == LT_CENTER_AUTO) {
        lt_pgrp_set(Z, G);
        return lt_pgrp_chain(Z, G->order, ctx, err);
    }
    int *orb = lt_malloc((size_t)n * sizeof(int)), *queue = lt_malloc((size_t)n * sizeof(int));
    int *img = lt_malloc((size_t)n * sizeof(int)), *z = lt_malloc((size_t)n * sizeof(int));
    int norb = lt_pgrp_orbits(orb, G);
    int *rep = lt_malloc((size_t)norb * sizeof(int));
    for (int x = n - 1; x >= 0; x--) rep[orb[x]] = x;
    /* valid images per orbit, only orbits with more than the identity */
    int nvo = 0, *vo = lt_malloc((size_t)norb * sizeof(int));
    int **valid = lt_calloc((size_t)norb, sizeof(int *)), *nvalid = lt_calloc((size_t)norb, sizeof(int));
    double combos = 1;
    for (int o = 0; o < norb; o++) {
        int r = rep[o];
        valid[o] = lt_malloc((size_t)n * sizeof(int));
        for (int c = 0; c < n; c++) {
            if (orb[c] != o) continue;
            if (orbit_map(img, G, orb, o, r, c, queue)) valid[o][nvalid[o]++] = c;
        }
        if (nvalid[o] > 1) { vo[nvo++] = o; combos *= nvalid[o]; }
    }
    if (method == LT_CENTER_DIAGONAL || (method == LT_CENTER_AUTO && combos > 4096)) {
        st = center_diagonal(Z, G, nvo, vo, valid, nvalid, orb, rep, img, queue, ctx, err);
        goto done;
    }
    if (combos > (double)ctx->max_enum) {
        st = lt_err_set(err, LT_ELIMIT,
            "centre search needs %.0f candidate elements, above `max_enum` %ld", combos, ctx->max_enum);
        goto done;
    }
    /* mixed-radix enumeration of the combinations */
    int *digit = lt_calloc((size_t)nvo + 1, sizeof(int));
    for (;;) {
        lt_perm_one(z, n);
        for (int k = 0; k < nvo; k++) {
            int o = vo[k];
            orbit_map(img, G, orb, o, rep[o], valid[o][digit[k]], queue);
            for (int x = 0; x < n; x++) if (orb[x] == o) z[x] = img[x];
        }
        if (!lt_perm_is_one(z, n) && lt_pgrp_contains(G, z) && !lt_pgrp_contains(Z, z)) {
            lt_pgrp_add_gen(Z, z);
            if ((st = lt_pgrp_chain(Z, G->order, ctx, err))) break;
        }
        int k = 0;
        while (k < nvo && ++digit[k] == nvalid[vo[k]]) digit[k++] = 0;
        if (k == nvo) break;
    }
    lt_free(digit);
    if (!st) st = lt_pgrp_chain(Z, G->order, ctx, err);
done:
    for (int o = 0; o < norb; o++) lt_free(valid[o]);
    lt_free(valid); lt_free(nvalid); lt_free(vo); lt_free(rep);
    lt_free(orb); lt_free(queue); lt_free(img); lt_free(z);
    return st;
}

/* ---- exponent ---- */

typedef struct { mpz_t e; mpz_t o; int n; double done, total; const lt_ctx_struct *ctx; } enum_state;

static void enum_rec(const lt_pgrp_t G, int i, const int *p, int *buf, enum_state *E)
{
    int n = G->n;
    if (i == G->nlev) {
        lt_perm_order(E->o, p, n);
        mpz_lcm(E->e, E->e, E->o);
        if (E->ctx->progress && (++E->done, ((unsigned long)E->done & 0xFFFFF) == 0))
            E->ctx->progress(E->ctx->progress_arg, "exponent: enumerating elements", E->done, E->total);
        return;
    }
    const lt_level_struct *L = &G->lev[i];
    int *q = buf + (size_t)i * (size_t)n;
    for (int k = 0; k < L->orbit_len; k++) {
        const int *u = L->uinv[L->orbit[k]];
        for (int x = 0; x < n; x++) q[x] = u[p[x]];
        enum_rec(G, i + 1, q, buf, E);
    }
}

static unsigned long ppart_ui(const mpz_t m, unsigned long p, unsigned long cap)
{
    unsigned long q = 1;
    mpz_t t;
    mpz_init_set(t, m);
    while (q <= cap / p && mpz_divisible_ui_p(t, p)) { mpz_divexact_ui(t, t, p); q *= p; }
    mpz_clear(t);
    return q;
}

lt_status lt_pgrp_exponent_range(mpz_t e, mpz_t hi, lt_pgrp_t G, const lt_ctx_t ctx, lt_err_t err)
{
    return lt_pgrp_exponent_range_(e, hi, G, NULL, ctx, err);
}

lt_status lt_pgrp_exponent_range_(mpz_t e, mpz_t hi, lt_pgrp_t G, const lt_pgrp_classes_struct *C,
                                  const lt_ctx_t ctx, lt_err_t err)
{
    int n = G->n;
    lt_status st = lt_pgrp_chain(G, NULL, ctx, err);
    if (st) return st;
    mpz_t o;
    mpz_init(o);
    mpz_set_ui(e, 1);
    if (lt_pgrp_is_abelian(G)) {
        for (int i = 0; i < G->ngens; i++) { lt_perm_order(o, G->gens[i], n); mpz_lcm(e, e, o); }
        mpz_set(hi, e);
        mpz_clear(o);
        return LT_OK;
    }
    /* bounds per prime p <= largest orbit */
    int *orb = lt_malloc((size_t)n * sizeof(int));
    int norb = lt_pgrp_orbits(orb, G), maxorb = 0;
    int *cnt = lt_calloc((size_t)norb, sizeof(int));
    for (int x = 0; x < n; x++) if (++cnt[orb[x]] > maxorb) maxorb = cnt[orb[x]];
    lt_free(cnt); lt_free(orb);
    int ok = 1;
    mpz_t upper;
    mpz_init_set_ui(upper, 1);
    /* lower bound from random elements */
    int *g = lt_malloc((size_t)n * sizeof(int));
    for (int k = 0; k < 200 + 4 * n && k < 4000; k++) {
        lt_pgrp_random(g, G);
        lt_perm_order(o, g, n);
        mpz_lcm(e, e, o);
    }
    lt_free(g);
    for (unsigned long p = 2; p <= (unsigned long)maxorb; p++) {
        int prime = 1;
        for (unsigned long d = 2; d * d <= p; d++) if (p % d == 0) { prime = 0; break; }
        if (!prime || !mpz_divisible_ui_p(G->order, p)) continue;
        unsigned long up = ppart_ui(G->order, p, (unsigned long)maxorb);
        unsigned long lo = ppart_ui(e, p, (unsigned long)maxorb);
        if (lo < p) { mpz_lcm_ui(e, e, p); lo = p; }   /* Cauchy */
        mpz_mul_ui(upper, upper, up);
        if (lo < up) ok = 0;
    }
    mpz_set(hi, e);
    if (!ok) {
        if (mpz_cmp_ui(G->order, (unsigned long)ctx->max_enum) > 0) {
            /* from the classes; when they stop at a limit, not decided: a
               multiple of e that divides the product of the p-part bounds */
            lt_pgrp_classes_t K;
            lt_pgrp_classes_init(K);
            lt_err_t kerr;
            lt_err_init(kerr);
            lt_status kst = C ? LT_OK : lt_pgrp_conjugacy_classes(K, G, ctx, kerr);
            if (!C && !kst) C = K;
            if (C) {
                mpz_set_ui(e, 1);
                for (long i = 0; i < C->nclasses; i++) mpz_lcm(e, e, C->orders[i]);
                mpz_set(hi, e);
            } else if (kst == LT_ELIMIT) mpz_lcm(hi, e, upper);
            else { *err = *kerr; st = kst; }
            lt_pgrp_classes_clear(K);
        } else {
            enum_state E;
            E.done = 0;
            E.total = mpz_get_d(G->order);
            E.ctx = ctx;
            mpz_init_set_ui(E.e, 1);
            mpz_init(E.o);
            int *buf = lt_malloc(((size_t)G->nlev + 1) * (size_t)n * sizeof(int));
            int *id = lt_malloc((size_t)n * sizeof(int));
            lt_perm_one(id, n);
            enum_rec(G, 0, id, buf, &E);
            if (ctx->progress) ctx->progress(ctx->progress_arg, "exponent", E.total, E.total);
            mpz_set(e, E.e);
            mpz_set(hi, E.e);
            mpz_clear(E.e); mpz_clear(E.o);
            lt_free(buf); lt_free(id);
        }
    }
    mpz_clear(upper);
    mpz_clear(o);
    return st;
}

lt_status lt_pgrp_exponent(mpz_t e, lt_pgrp_t G, const lt_ctx_t ctx, lt_err_t err)
{
    mpz_t hi;
    mpz_init(hi);
    lt_status st = lt_pgrp_exponent_range(e, hi, G, ctx, err);
    if (!st && mpz_cmp(e, hi) != 0) {
        char *os = mpz_get_str(NULL, 10, G->order);
        st = lt_err_set(err, LT_ELIMIT,
            "exponent needs enumerating %s elements, above `max_enum` %ld", os, ctx->max_enum);
        void (*gmp_free)(void *, size_t);
        mp_get_memory_functions(NULL, NULL, &gmp_free);
        gmp_free(os, strlen(os) + 1);
    }
    mpz_clear(hi);
    return st;
}
