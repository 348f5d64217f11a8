/* The upper central series of a permutation group (lietool/perm.h):
   Z_0 = 1, Z_(i+1)/Z_i = Z(G/Z_i) = {g : [g, x] in Z_i for every generator
   x}, until a term repeats. Z_1 is the centre (src/perm/center.c). For
   i >= 1, G permutes the orbits of its normal subgroup Z_i; with I the
   image and K >= Z_i the kernel of that action, Z_(i+1) lies in the
   preimage of Z(I), which is Z_(i+1) when K = Z_i (then I = G/Z_i), and
   otherwise the elements of that preimage are tested one by one (bounded
   by --max-enum). Preimages come from the graph {(g, g-bar)} of the
   action (src/perm/hom.c; Holt, Eick, O'Brien, Handbook of Computational
   Group Theory, 2005, 4.6.3 for homomorphisms through a direct product). */
#include <string.h>
#include "impl.h"

/* [g, x] in Z for every generator x of G */
static int central_mod(const int *g, lt_pgrp_t G, lt_pgrp_t Z, int *c)
{
    for (int j = 0; j < G->ngens; j++) {
        lt_perm_comm(c, g, G->gens[j], G->n);
        if (!lt_pgrp_contains(Z, c)) return 0;
    }
    return 1;
}

/* Z_(i+1) from Z = Z_i through the action phi of G on Z's orbits (src/perm/hom.c),
   whose kernel K holds Z: the preimage C0 of the centre of phi(G) holds
   Z_(i+1) (a central element of G/Z maps to a central one of G/K). When
   K = Z, phi(G) is G/Z and Z_(i+1) = C0; otherwise Z_(i+1) is
   {g in C0 : [g, x] in Z for every generator x}, testing the elements of
   C0 one by one (bounded by --max-enum). */
static lt_status next_by_orbits(lt_pgrp_t Nx, lt_pgrp_t G, lt_pgrp_t Z, int i, const lt_ctx_t ctx, lt_err_t err)
{
    int n = G->n;
    int *orb = lt_malloc((size_t)n * sizeof *orb), *c = lt_malloc((size_t)n * sizeof *c);
    int *w = lt_malloc((size_t)n * sizeof *w);
    lt_pgrp_orbits(orb, Z);
    lt_phom_struct H;
    lt_phom_init(&H, n);
    H.m = 0;
    for (int x = 0; x < n; x++) if (orb[x] >= H.m) H.m = orb[x] + 1;
    for (int x = 0; x < n; x++) H.lab[x] = orb[x];
    lt_pgrp_t C, C0;
    lt_pgrp_init(C, 1);
    lt_pgrp_init(C0, n);
    lt_status st = lt_phom_kernel(&H, G, ctx, err);
    if (!st) st = lt_pgrp_center(C, H.I, ctx, err);
    int faithful = !st && mpz_cmp(H.K->order, Z->order) == 0;
    for (int k = 0; k < H.K->ngens && !st; k++) lt_pgrp_add_gen(C0, H.K->gens[k]);
    for (int k = 0; k < C->ngens && !st; k++) {
        lt_phom_preimage(c, &H, C->gens[k]);
        if (!lt_pgrp_contains(G, c) || (faithful && !central_mod(c, G, Z, w)))
            st = lt_err_set(err, LT_EINTERNAL, "upper central series: a preimage of the centre of G/Z_i is wrong");
        else lt_pgrp_add_gen(C0, c);
    }
    if (!st) st = lt_pgrp_chain(C0, G->order, ctx, err);
    if (!st && faithful) {
        lt_pgrp_set(Nx, C0);
        st = lt_pgrp_chain(Nx, G->order, ctx, err);
    } else if (!st && mpz_cmp_si(C0->order, ctx->max_enum) > 0) {
        char *o = mpz_get_str(NULL, 10, C0->order);
        st = lt_err_set(err, LT_ELIMIT, "upper central series: G acting on the orbits of Z_%d is not G/Z_%d, "
                        "and testing the %s elements of the preimage of its centre one by one is above --max-enum %ld",
                        i, i, o, ctx->max_enum);
        void (*gmp_free)(void *, size_t);
        mp_get_memory_functions(NULL, NULL, &gmp_free);
        gmp_free(o, strlen(o) + 1);
    } else if (!st) {
        long long N = (long long)mpz_get_si(C0->order);
        lt_pgrp_set(Nx, Z);
        st = lt_pgrp_chain(Nx, G->order, ctx, err);
        for (long long r = 1; r < N && !st; r++) {
            lt_pgrp_unrank(c, C0, r);
            if (lt_pgrp_contains(Nx, c) || !central_mod(c, G, Z, w)) continue;
            lt_pgrp_add_gen(Nx, c);
            st = lt_pgrp_chain(Nx, G->order, ctx, err);
        }
    }
    lt_phom_clear(&H);
    lt_pgrp_clear(C); lt_pgrp_clear(C0);
    lt_free(orb); lt_free(c); lt_free(w);
    return st;
}

lt_status lt_pgrp_upper_central_series(lt_pgrp_series_t S, lt_pgrp_t G, const lt_ctx_t ctx, lt_err_t err)
{
    lt_status st = lt_pgrp_chain(G, NULL, ctx, err);
    if (st) return st;
    int cnt = 1, alloc = 4;
    lt_pgrp_struct *up = lt_malloc((size_t)alloc * sizeof *up);
    lt_pgrp_init(&up[0], G->n);
    st = lt_pgrp_chain(&up[0], G->order, ctx, err);        /* Z_0 = 1 */
    while (!st && mpz_cmp(up[cnt - 1].order, G->order) < 0) {
        if (cnt == alloc) up = lt_realloc(up, (size_t)(alloc *= 2) * sizeof *up);
        lt_pgrp_struct *Nx = &up[cnt];
        lt_pgrp_init(Nx, G->n);
        if (cnt == 1) st = lt_pgrp_center(Nx, G, ctx, err);
        else st = next_by_orbits(Nx, G, &up[cnt - 1], cnt - 1, ctx, err);
        cnt++;
        if (st || mpz_cmp(Nx->order, up[cnt - 2].order) == 0) { lt_pgrp_clear(Nx); cnt--; break; }
    }
    if (!st) {
        lt_pgrp_series_clear(S);
        lt_pgrp_series_init(S);
        S->terms = lt_malloc((size_t)cnt * sizeof *S->terms);
        for (int i = 0; i < cnt; i++) S->terms[i] = up[cnt - 1 - i];     /* move, largest first */
        S->len = cnt;
        S->reaches_one = mpz_cmp(up[cnt - 1].order, G->order) == 0;
    } else
        for (int i = 0; i < cnt; i++) lt_pgrp_clear(&up[i]);
    lt_free(up);
    return st;
}
