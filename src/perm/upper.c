/* The upper central series of a permutation group (lietool/perm.h):
   Z_0 = 1, Z_(i+1)/Z_i = Z(G/Z_i) = {g : [g, x] in Z_i for every generator
   x}, until a term repeats. Z_1 is the centre (src/perm/center.c). For
   i >= 1, G permutes the orbits of its normal subgroup N = Z_i; with I the
   image and K >= N the kernel of that action, Z_(i+1) lies in the
   preimage C of Z(I) (preimages from the graph {(g, g-bar)} of the action,
   src/perm/hom.c; Holt, Eick, O'Brien, Handbook of Computational Group
   Theory, 2005, 4.6.3), and is C itself when K = N. Otherwise C is cut
   down along normal subgroups K = L_0 > L_1 > ... > L_r = N of G with
   elementary abelian factors: from {g in C : [x, g] in L_(j-1) for every
   generator x} to the same with L_j, which is the stabiliser of every
   coset x L_j in C's action by conjugation, an affine action on
   L_(j-1) / L_j handled by linear algebra and a short orbit (stab_affine).
   The L_j come from [L, G] N (a central section, cut one prime step at a
   time, so orbits have at most p points) or else L' N, each refined by
   p-th powers (cut_down, cut_abelian). No element of C is listed. */
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

/* An orbit: its points as keys of klen ints (vectors) and, for each, an
   element (n ints) of the acting group taking the first point there; a
   hash table of indices + 1 (0: empty). */
typedef struct {
    int klen, n, len, cap, hcap;
    int *key, *tr, *hash;
} orbit_t;

static uint64_t key_hash(const int *p, int n)
{
    uint64_t h = 1469598103934665603u;
    for (int i = 0; i < n; i++) h = (h ^ (uint64_t)(unsigned)p[i]) * 1099511628211u;
    return h ^ (h >> 29);
}

static int orbit_find(const orbit_t *O, const int *y)
{
    for (uint64_t k = key_hash(y, O->klen) & (uint64_t)(O->hcap - 1);; k = (k + 1) & (uint64_t)(O->hcap - 1)) {
        int e = O->hash[k];
        if (!e) return -1;
        if (memcmp(O->key + (size_t)(e - 1) * O->klen, y, (size_t)O->klen * sizeof *y) == 0) return e - 1;
    }
}

/* Appends the point y reached by g; LT_ELIMIT past --max-enum points or
   --max-memory. */
static lt_status orbit_add(orbit_t *O, const int *y, const int *g, int i, const lt_ctx_t ctx, lt_err_t err)
{
    size_t n = (size_t)O->n, kl = (size_t)O->klen;
    if (O->len == O->cap) {
        if (O->len >= ctx->max_enum)
            return lt_err_set(err, LT_ELIMIT, "upper central series: Z_%d needs an orbit of more than "
                              "`max_enum` %ld points", i + 1, ctx->max_enum);
        int cap = O->cap ? 2 * O->cap : 16;
        if (cap > ctx->max_enum) cap = (int)ctx->max_enum;
        lt_status st = lt_ctx_check_memory((double)(cap - O->cap) * (double)(n + kl + 4) * sizeof(int),
                                           "an orbit", "upper central series", ctx, err);
        if (st) return st;
        O->cap = cap;
        O->key = lt_realloc(O->key, (size_t)O->cap * kl * sizeof *O->key);
        O->tr = lt_realloc(O->tr, (size_t)O->cap * n * sizeof *O->tr);
    }
    if (2 * (O->len + 1) > O->hcap) {
        lt_free(O->hash);
        O->hcap = O->hcap ? 2 * O->hcap : 64;
        O->hash = lt_malloc((size_t)O->hcap * sizeof *O->hash);
        memset(O->hash, 0, (size_t)O->hcap * sizeof *O->hash);
        for (int e = 0; e < O->len; e++) {
            uint64_t k = key_hash(O->key + (size_t)e * kl, O->klen) & (uint64_t)(O->hcap - 1);
            while (O->hash[k]) k = (k + 1) & (uint64_t)(O->hcap - 1);
            O->hash[k] = e + 1;
        }
    }
    memcpy(O->key + (size_t)O->len * kl, y, kl * sizeof *y);
    memcpy(O->tr + (size_t)O->len * n, g, n * sizeof *g);
    uint64_t k = key_hash(y, O->klen) & (uint64_t)(O->hcap - 1);
    while (O->hash[k]) k = (k + 1) & (uint64_t)(O->hcap - 1);
    O->hash[k] = ++O->len;
    return LT_OK;
}

static void orbit_clear(orbit_t *O)
{
    lt_free(O->key); lt_free(O->tr); lt_free(O->hash);
}

/* An elementary abelian section V = Hi / Lo (both normal in G, |V| = p^d)
   with a basis v_0..v_(d-1) taken from Hi's generators: U[j] = <Lo,
   v_0..v_(j-1)>, so U[0] = Lo and U[d] = Hi. */
typedef struct {
    int n, p, d;
    int **v, **vinv;
    lt_pgrp_struct *U;
} esec;

static void esec_clear(esec *E)
{
    for (int j = 0; j < E->d; j++) { lt_free(E->v[j]); lt_free(E->vinv[j]); }
    for (int j = 0; j <= E->d; j++) lt_pgrp_clear(&E->U[j]);
    lt_free(E->v); lt_free(E->vinv); lt_free(E->U);
}

static lt_status esec_init(esec *E, lt_pgrp_t Hi, lt_pgrp_t Lo, int p, const lt_ctx_t ctx, lt_err_t err)
{
    int n = Hi->n, m = Hi->ngens;
    *E = (esec){.n = n, .p = p};
    E->v = lt_malloc((size_t)(m ? m : 1) * sizeof *E->v);
    E->vinv = lt_malloc((size_t)(m ? m : 1) * sizeof *E->vinv);
    E->U = lt_malloc((size_t)(m + 1) * sizeof *E->U);
    lt_pgrp_init(&E->U[0], n);
    lt_status st = lt_pgrp_with_(&E->U[0], Lo, NULL, 0, Hi->order, ctx, err);
    for (int k = 0; k < m && !st; k++) {
        if (lt_pgrp_contains(&E->U[E->d], Hi->gens[k])) continue;
        int d = E->d;
        E->v[d] = lt_malloc((size_t)n * sizeof(int));
        E->vinv[d] = lt_malloc((size_t)n * sizeof(int));
        memcpy(E->v[d], Hi->gens[k], (size_t)n * sizeof(int));
        lt_perm_inv(E->vinv[d], E->v[d], n);
        lt_pgrp_init(&E->U[d + 1], n);
        E->d++;
        st = lt_pgrp_with_(&E->U[d + 1], &E->U[d], &E->v[d], 1, Hi->order, ctx, err);
        if (!st) {
            mpz_t q;
            mpz_init(q);
            mpz_divexact(q, E->U[d + 1].order, E->U[d].order);
            if (mpz_cmp_si(q, p) != 0)
                st = lt_err_set(err, LT_EINTERNAL, "upper central series: a section is not elementary abelian");
            mpz_clear(q);
        }
    }
    if (!st && mpz_cmp(E->U[E->d].order, Hi->order) != 0)
        st = lt_err_set(err, LT_EINTERNAL, "upper central series: a section's basis is short");
    return st;
}

/* e = the coordinates of a in Hi over Lo (a is destroyed; t: n ints) */
static void esec_coords(int *e, const esec *E, int *a, int *t)
{
    for (int j = E->d - 1; j >= 0; j--) {
        int k = 0;
        while (k < E->p - 1 && !lt_pgrp_contains(&E->U[j], a)) {
            lt_perm_mul(t, a, E->vinv[j], E->n);
            memcpy(a, t, (size_t)E->n * sizeof *a);
            k++;
        }
        e[j] = k;
    }
}

/* A subspace of F_p^d in echelon form (each row's pivot 1, zero in the
   other rows' pivot columns), each row with its combination of m
   generators' vectors. */
typedef struct {
    int p, d, m, rank;
    int64_t *row, *comb;
    int *piv;
} espace;

/* Reduces v (and its combination c, when not NULL) by the rows. */
static void espace_reduce(const espace *W, int64_t *v, int64_t *c)
{
    for (int r = 0; r < W->rank; r++) {
        int64_t f = v[W->piv[r]];
        if (!f) continue;
        for (int j = 0; j < W->d; j++) v[j] = (v[j] - f * W->row[(size_t)r * W->d + j] % W->p + W->p) % W->p;
        if (c) for (int j = 0; j < W->m; j++) c[j] = (c[j] - f * W->comb[(size_t)r * W->m + j] % W->p + W->p) % W->p;
    }
}

static int64_t inv_mod(int64_t a, int64_t p)
{
    int64_t r = 1, e = p - 2;
    for (a %= p; e; e >>= 1, a = a * a % p) if (e & 1) r = r * a % p;
    return r;
}

/* Adds v (combination c, both reduced); 0 if v was in the span. */
static int espace_add(espace *W, int64_t *v, int64_t *c)
{
    int pc = 0;
    while (pc < W->d && !v[pc]) pc++;
    if (pc == W->d) return 0;
    int64_t s = inv_mod(v[pc], W->p);
    for (int j = 0; j < W->d; j++) v[j] = v[j] * s % W->p;
    for (int j = 0; j < W->m; j++) c[j] = c[j] * s % W->p;
    for (int r = 0; r < W->rank; r++) {         /* clear the new pivot column */
        int64_t f = W->row[(size_t)r * W->d + pc];
        if (!f) continue;
        for (int j = 0; j < W->d; j++) W->row[(size_t)r * W->d + j] = (W->row[(size_t)r * W->d + j] - f * v[j] % W->p + W->p) % W->p;
        for (int j = 0; j < W->m; j++) W->comb[(size_t)r * W->m + j] = (W->comb[(size_t)r * W->m + j] - f * c[j] % W->p + W->p) % W->p;
    }
    memcpy(W->row + (size_t)W->rank * W->d, v, (size_t)W->d * sizeof *v);
    memcpy(W->comb + (size_t)W->rank * W->m, c, (size_t)W->m * sizeof *c);
    W->piv[W->rank++] = pc;
    return 1;
}

/* key = (u rho + delta) reduced by W (w: d scratch values) */
static void affine_image(int *key, int64_t *w, const int *u, const int64_t *rho, const int64_t *delta, const espace *W)
{
    int d = W->d, p = W->p;
    for (int l = 0; l < d; l++) {
        int64_t s = delta[l];
        for (int j = 0; j < d; j++) s += (int64_t)u[j] * rho[(size_t)j * d + l] % p;
        w[l] = s % p;
    }
    espace_reduce(W, w, NULL);
    for (int l = 0; l < d; l++) key[l] = (int)w[l];
}

/* r = the product of gens[k]^c[k] (t: n ints) */
static void gens_power_product(int *r, int *const *gens, const int64_t *c, int m, int n, int *t)
{
    lt_perm_one(r, n);
    for (int k = 0; k < m; k++)
        for (int64_t e = 0; e < c[k]; e++) {
            lt_perm_mul(t, r, gens[k], n);
            memcpy(r, t, (size_t)n * sizeof *r);
        }
}

/* C (complete) becomes {c in C : [x, c] in Lo}, given [x, c] in Hi for
   every c in C and V = Hi / Lo elementary abelian; A (its generators beyond
   Lo) is C's part of Hi, a normal subgroup of C, and becomes the new C's.
   A point v of V stands for the coset x u Lo (u with coordinates v), on
   which c acts by v -> v rho(c) + delta(c), rho(c) the conjugation on V
   and delta(c) the coordinates of [x, c]; the point 0 is x Lo. A acts by
   translations through the homomorphism delta on A, whose image W is found
   by linear algebra and whose kernel (with Lo) is A's part of the
   stabiliser. The orbits of A are the cosets of W, blocks for C: only the
   orbit of W in V / W is listed, and its Schreier generators, each
   corrected by an element of A with the same delta, give the rest (the
   reduction of orbit-stabiliser computations to a normal subgroup used for
   soluble groups; Holt, Eick, O'Brien, Handbook, ch. 8). */
static lt_status stab_affine(lt_pgrp_t C, lt_pgrp_t A, const int *x, const esec *E, lt_pgrp_t Lo, int i,
                             const lt_ctx_t ctx, lt_err_t err)
{
    int n = C->n, d = E->d, p = E->p, m = A->ngens, ng = C->ngens;
    lt_pgrp_t Anew;
    lt_pgrp_init(Anew, n);
    int *a = lt_malloc((size_t)n * sizeof *a), *t = lt_malloc((size_t)n * sizeof *t);
    int *g = lt_malloc((size_t)n * sizeof *g), *h = lt_malloc((size_t)n * sizeof *h);
    int *e = lt_malloc((size_t)(d ? d : 1) * sizeof *e), *key = lt_malloc((size_t)(d ? d : 1) * sizeof *key);
    int64_t *v = lt_malloc((size_t)(d ? d : 1) * sizeof *v), *w = lt_malloc((size_t)(d ? d : 1) * sizeof *w);
    int64_t *c = lt_malloc((size_t)(m ? m : 1) * sizeof *c);
    espace W = {.p = p, .d = d, .m = m};
    W.row = lt_malloc((size_t)(d ? d : 1) * (size_t)(d ? d : 1) * sizeof *W.row);
    W.comb = lt_malloc((size_t)(d ? d : 1) * (size_t)(m ? m : 1) * sizeof *W.comb);
    W.piv = lt_malloc((size_t)(d ? d : 1) * sizeof *W.piv);
    lt_pgrp_t S;
    lt_pgrp_init(S, n);
    lt_status st = LT_OK;
    /* W = delta(A); the kernel: Lo and the null combinations */
    for (int k = 0; k < Lo->ngens && !st; k++) st = lt_pgrp_absorb_(S, Lo->gens[k], a, ctx, err);
    for (int k = 0; k < m && !st; k++) {
        lt_perm_comm(a, x, A->gens[k], n);
        esec_coords(e, E, a, t);
        for (int j = 0; j < d; j++) v[j] = e[j];
        memset(c, 0, (size_t)m * sizeof *c);
        c[k] = 1;
        espace_reduce(&W, v, c);
        if (!espace_add(&W, v, c)) {
            gens_power_product(g, A->gens, c, m, n, t);
            lt_pgrp_add_gen(Anew, g);
            st = lt_pgrp_absorb_(S, g, a, ctx, err);
        }
    }
    /* rho and delta of C's generators */
    int64_t *rho = lt_malloc((size_t)(ng ? ng : 1) * (size_t)(d ? d * d : 1) * sizeof *rho);
    int64_t *del = lt_malloc((size_t)(ng ? ng : 1) * (size_t)(d ? d : 1) * sizeof *del);
    for (int q = 0; q < ng && !st; q++) {
        for (int j = 0; j < d; j++) {
            lt_perm_conj(a, E->v[j], C->gens[q], n);
            esec_coords(e, E, a, t);
            for (int l = 0; l < d; l++) rho[((size_t)q * d + j) * d + l] = e[l];
        }
        lt_perm_comm(a, x, C->gens[q], n);
        esec_coords(e, E, a, t);
        for (int l = 0; l < d; l++) del[(size_t)q * d + l] = e[l];
    }
    /* the orbit of the point 0 + W in V / W */
    orbit_t O = {.klen = d ? d : 1, .n = n};
    memset(key, 0, (size_t)(d ? d : 1) * sizeof *key);
    lt_perm_one(g, n);
    if (!st) st = orbit_add(&O, key, g, i, ctx, err);
    for (int k = 0; k < O.len && !st; k++)
        for (int q = 0; q < ng && !st; q++) {
            affine_image(key, w, O.key + (size_t)k * O.klen, rho + (size_t)q * d * d, del + (size_t)q * d, &W);
            if (orbit_find(&O, key) >= 0) continue;
            lt_perm_mul(g, O.tr + (size_t)k * n, C->gens[q], n);
            st = orbit_add(&O, key, g, i, ctx, err);
        }
    /* |Stab| = |C| / (|orbit| p^rank W) */
    mpz_t want, have;
    mpz_init(want);
    mpz_init(have);
    if (!st) {
        mpz_ui_pow_ui(have, (unsigned long)p, (unsigned long)W.rank);
        mpz_mul_ui(have, have, (unsigned long)O.len);
        if (!mpz_divisible_p(C->order, have))
            st = lt_err_set(err, LT_EINTERNAL, "upper central series: an orbit length does not divide the order");
        else mpz_divexact(want, C->order, have);
    }
    /* Schreier generators of the block's stabiliser, each corrected by an element of A */
    for (int k = 0; k < O.len && !st; k++)
        for (int q = 0; q < ng && !st; q++) {
            mpz_set_ui(have, 1);
            for (int l = 0; l < S->nlev; l++) mpz_mul_ui(have, have, (unsigned long)S->lev[l].orbit_len);
            if (mpz_cmp(have, want) >= 0) break;
            affine_image(key, w, O.key + (size_t)k * O.klen, rho + (size_t)q * d * d, del + (size_t)q * d, &W);
            int k2 = orbit_find(&O, key);
            lt_perm_mul(g, O.tr + (size_t)k * n, C->gens[q], n);         /* g = T_k c T_k2^-1 */
            lt_perm_inv(t, O.tr + (size_t)k2 * n, n);
            lt_perm_mul(h, g, t, n);
            lt_perm_comm(a, x, h, n);                                    /* delta(h) in W */
            esec_coords(e, E, a, t);
            for (int j = 0; j < d; j++) v[j] = e[j];
            memset(c, 0, (size_t)m * sizeof *c);
            espace_reduce(&W, v, c);
            int zero = 1;
            for (int j = 0; j < d; j++) zero &= v[j] == 0;
            if (!zero) { st = lt_err_set(err, LT_EINTERNAL, "upper central series: a Schreier generator leaves its block"); break; }
            for (int j = 0; j < m; j++) c[j] = (p - c[j]) % p;      /* delta(h) = sum c_j delta(gen_j) */
            gens_power_product(g, A->gens, c, m, n, t);
            lt_perm_inv(a, g, n);
            lt_perm_mul(g, h, a, n);
            st = lt_pgrp_absorb_(S, g, a, ctx, err);
        }
    if (!st) st = lt_pgrp_chain(S, want, ctx, err);
    if (!st && mpz_cmp(S->order, want) != 0)
        st = lt_err_set(err, LT_EINTERNAL, "upper central series: a stabiliser has the wrong order");
    if (!st) {
        lt_pgrp_struct tmp = *C;
        *C = *S;
        *S = tmp;
        tmp = *A;
        *A = *Anew;
        *Anew = tmp;
    }
    lt_pgrp_clear(S);
    lt_pgrp_clear(Anew);
    mpz_clear(want);
    mpz_clear(have);
    orbit_clear(&O);
    lt_free(rho); lt_free(del);
    lt_free(W.row); lt_free(W.comb); lt_free(W.piv);
    lt_free(a); lt_free(t); lt_free(g); lt_free(h); lt_free(e); lt_free(key); lt_free(v); lt_free(w); lt_free(c);
    return st;
}

/* C from Hi down to Lo, Hi / Lo abelian: through elementary abelian
   layers Hi > <Lo, Hi's p-th powers> (characteristic in Hi modulo Lo, so
   normal in G) > ...; when Hi / Lo is central in G / Lo, every group
   between is normal in G and each layer is cut one basis vector at a time
   (orbits of at most p points). */
static lt_status cut_abelian(lt_pgrp_t C, lt_pgrp_t G, lt_pgrp_t Hi0, lt_pgrp_t Lo, int central, int i,
                             const lt_ctx_t ctx, lt_err_t err)
{
    int n = G->n;
    lt_pgrp_t Hi, Mid;
    lt_pgrp_init(Hi, n);
    lt_pgrp_init(Mid, n);
    lt_status st = lt_pgrp_with_(Hi, Hi0, NULL, 0, Hi0->order, ctx, err);
    int *t = lt_malloc((size_t)n * sizeof *t);
    mpz_t q;
    mpz_init(q);
    while (!st && mpz_cmp(Hi->order, Lo->order) > 0) {
        mpz_divexact(q, Hi->order, Lo->order);
        unsigned long p = 2;
        while (!mpz_divisible_ui_p(q, p)) p++;
        int **pows = lt_malloc((size_t)(Hi->ngens ? Hi->ngens : 1) * sizeof *pows);
        for (int k = 0; k < Hi->ngens; k++) {
            pows[k] = lt_malloc((size_t)n * sizeof(int));
            lt_perm_one(pows[k], n);
            for (unsigned long r = 0; r < p; r++) {
                lt_perm_mul(t, pows[k], Hi->gens[k], n);
                memcpy(pows[k], t, (size_t)n * sizeof *t);
            }
        }
        st = lt_pgrp_with_(Mid, Lo, pows, Hi->ngens, Hi->order, ctx, err);
        for (int k = 0; k < Hi->ngens; k++) lt_free(pows[k]);
        lt_free(pows);
        esec E;
        if (!st) st = esec_init(&E, Hi, Mid, (int)p, ctx, err);
        else E = (esec){0};
        for (int top = central ? E.d - 1 : 0; top >= 0 && !st; top--) {
            /* the layer E, or its step U[top + 1] > U[top] (a view into E) */
            esec E1 = {.n = n, .p = (int)p, .d = 1, .v = E.v + top, .vinv = E.vinv + top, .U = E.U + top};
            const esec *F = central ? &E1 : &E;
            lt_pgrp_struct *Low = central ? &E.U[top] : Mid;
            lt_pgrp_t A;            /* C's part of the layer's top: all of it at first */
            lt_pgrp_init(A, n);
            for (int j = 0; j < F->d && !st; j++) lt_pgrp_add_gen(A, F->v[j]);
            for (int j = 0; j < G->ngens && !st; j++) st = stab_affine(C, A, G->gens[j], F, Low, i, ctx, err);
            lt_pgrp_clear(A);
        }
        if (E.U) esec_clear(&E);
        lt_pgrp_struct tmp = *Hi;
        *Hi = *Mid;
        *Mid = tmp;
    }
    mpz_clear(q);
    lt_free(t);
    lt_pgrp_clear(Hi); lt_pgrp_clear(Mid);
    return st;
}

/* Cuts C from L down to N (see the top). */
static lt_status cut_down(lt_pgrp_t C, lt_pgrp_t G, lt_pgrp_t N, lt_pgrp_t L0, int i, const lt_ctx_t ctx, lt_err_t err)
{
    lt_pgrp_t L, L1, T;
    lt_pgrp_init(L, G->n);
    lt_pgrp_init(L1, G->n);
    lt_pgrp_init(T, G->n);
    lt_status st = lt_pgrp_with_(L, L0, NULL, 0, G->order, ctx, err);
    while (!st && mpz_cmp(L->order, N->order) > 0) {
        int central = 1;
        st = lt_pgrp_commutator(T, L, G, G, ctx, err);
        if (!st) st = lt_pgrp_with_(L1, T, N->gens, N->ngens, L->order, ctx, err);
        if (!st && mpz_cmp(L1->order, L->order) == 0) {
            central = 0;
            st = lt_pgrp_commutator(T, L, L, G, ctx, err);
            if (!st) st = lt_pgrp_with_(L1, T, N->gens, N->ngens, L->order, ctx, err);
            /* L = L' N would make L's perfect residual P a normal subgroup
               outside N that centralises N (it stabilises the series of the
               Z_j, whose stability group is nilpotent) and so acts on each
               N-orbit inside a centraliser of a transitive nilpotent group,
               which is nilpotent: P = 1, a contradiction */
            if (!st && mpz_cmp(L1->order, L->order) == 0)
                st = lt_err_set(err, LT_EINTERNAL, "upper central series: a section of G/Z_%d is its own "
                                "commutator with G and its own derived subgroup", i);
        }
        if (st) break;
        st = cut_abelian(C, G, L, L1, central, i, ctx, err);
        lt_pgrp_struct tmp = *L;
        *L = *L1;
        *L1 = tmp;
    }
    lt_pgrp_clear(L); lt_pgrp_clear(L1); lt_pgrp_clear(T);
    return st;
}

/* Z_(i+1) from Z = Z_i (see the top). */
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
    lt_pgrp_t C;
    lt_pgrp_init(C, 1);
    lt_pgrp_clear(Nx);
    lt_pgrp_init(Nx, n);
    lt_status st = lt_phom_kernel(&H, G, ctx, err);
    if (!st) st = lt_pgrp_center(C, H.I, ctx, err);
    for (int k = 0; k < H.K->ngens && !st; k++) lt_pgrp_add_gen(Nx, H.K->gens[k]);
    for (int k = 0; k < C->ngens && !st; k++) {
        lt_phom_preimage(c, &H, C->gens[k]);
        if (!lt_pgrp_contains(G, c))
            st = lt_err_set(err, LT_EINTERNAL, "upper central series: a preimage of the centre of G/Z_i is wrong");
        else lt_pgrp_add_gen(Nx, c);
    }
    if (!st) st = lt_pgrp_chain(Nx, G->order, ctx, err);
    if (!st && mpz_cmp(H.K->order, Z->order) != 0) st = cut_down(Nx, G, Z, H.K, i, ctx, err);
    for (int k = 0; k < Nx->ngens && !st; k++)
        if (!central_mod(Nx->gens[k], G, Z, w))
            st = lt_err_set(err, LT_EINTERNAL, "upper central series: an element of Z_%d is not central modulo Z_%d", i + 1, i);
    lt_phom_clear(&H);
    lt_pgrp_clear(C);
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
