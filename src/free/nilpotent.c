/* The free nilpotent Lie algebra fnil(r,c) of rank r and class c over Q,
   in the Lyndon basis (lietool/free.h). */
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <flint/fmpz.h>
#include "lietool/free.h"

/* Words of one length as integers in base r (lexicographic order is numeric
   order); Lie polynomials as sorted lists of (word, integer coefficient). */
typedef struct { uint64_t w; fmpz c; } term;
typedef struct { slong n; term *t; } lpoly;

static void lpoly_clear(lpoly *P)
{
    for (slong i = 0; i < P->n; i++) fmpz_clear(&P->t[i].c);
    lt_free(P->t);
    P->n = 0;
    P->t = NULL;
}

static int cmp_term(const void *a, const void *b)
{
    uint64_t x = ((const term *)a)->w, y = ((const term *)b)->w;
    return x < y ? -1 : x > y;
}

/* Sorts, merges equal words, drops zeros. */
static void lpoly_normalise(lpoly *P)
{
    qsort(P->t, (size_t)P->n, sizeof(term), cmp_term);
    slong m = 0;
    for (slong i = 0; i < P->n; i++) {
        if (m && P->t[m - 1].w == P->t[i].w) {
            fmpz_add(&P->t[m - 1].c, &P->t[m - 1].c, &P->t[i].c);
            fmpz_clear(&P->t[i].c);
        } else P->t[m++] = P->t[i];
    }
    slong k = 0;
    for (slong i = 0; i < m; i++) {
        if (fmpz_is_zero(&P->t[i].c)) fmpz_clear(&P->t[i].c);
        else P->t[k++] = P->t[i];
    }
    P->n = k;
}

/* C = AB - BA, where every word of A has length la and of B length lb
   (rpow[l] = r^l). */
static void lpoly_bracket(lpoly *C, const lpoly *A, slong la, const lpoly *B, slong lb, const uint64_t *rpow)
{
    C->n = 2 * A->n * B->n;
    C->t = lt_malloc((size_t)(C->n + 1) * sizeof(term));
    slong m = 0;
    for (slong a = 0; a < A->n; a++)
        for (slong b = 0; b < B->n; b++) {
            fmpz_init(&C->t[m].c);
            fmpz_mul(&C->t[m].c, &A->t[a].c, &B->t[b].c);
            C->t[m].w = A->t[a].w * rpow[lb] + B->t[b].w;
            m++;
            fmpz_init(&C->t[m].c);
            fmpz_neg(&C->t[m].c, &C->t[m - 1].c);
            C->t[m].w = B->t[b].w * rpow[la] + A->t[a].w;
            m++;
        }
    lpoly_normalise(C);
}

/* Q -= x P (both sorted). */
static void lpoly_submul(lpoly *Q, const fmpz_t x, const lpoly *P)
{
    term *t = lt_malloc((size_t)(Q->n + P->n + 1) * sizeof(term));
    slong a = 0, b = 0, m = 0;
    while (a < Q->n || b < P->n) {
        if (b == P->n || (a < Q->n && Q->t[a].w < P->t[b].w)) t[m++] = Q->t[a++];
        else if (a == Q->n || P->t[b].w < Q->t[a].w) {
            t[m].w = P->t[b].w;
            fmpz_init(&t[m].c);
            fmpz_mul(&t[m].c, x, &P->t[b].c);
            fmpz_neg(&t[m].c, &t[m].c);
            m++; b++;
        } else {
            t[m] = Q->t[a++];
            fmpz_submul(&t[m].c, x, &P->t[b++].c);
            if (fmpz_is_zero(&t[m].c)) fmpz_clear(&t[m].c);
            else m++;
        }
    }
    lt_free(Q->t);
    Q->t = t;
    Q->n = m;
}

/* fnil(r,c): the Lyndon basis of src/free (degree by degree, lexicographic
   within a degree) with standard bracketing; [P_u, P_v] is written in this
   basis by removing the lexicographically smallest word, which is Lyndon
   with coefficient 1 in its P_w (Reutenauer, Free Lie Algebras, Theorem
   5.1); brackets of degree above c are 0. */
static lt_status build(lt_liealg_t L, long r, long c, const lt_ctx_t ctx, lt_err_t err)
{
    lt_lyndon_t Bl;
    lt_lyndon_init(Bl);
    lt_status st = lt_free_lyndon_basis(Bl, (int)r, c, ctx, err);
    if (st) { lt_lyndon_clear(Bl); return st; }
    c = Bl->N;
    uint64_t rpow[65];
    rpow[0] = 1;
    for (long k = 1; k <= c; k++) rpow[k] = rpow[k - 1] * (uint64_t)r;
    slong d = Bl->n;
    const slong *deg_start = Bl->deg_start;
    /* each element's word as a base-r code: increasing within a degree */
    slong *deg = lt_malloc((size_t)(d + 1) * sizeof(slong));
    uint64_t *code = lt_malloc((size_t)(d + 1) * sizeof(uint64_t));
    unsigned char u[256];
    for (slong b = 0; b < d; b++) {
        lt_lyndon_word(Bl, b, u);
        deg[b] = lt_lyndon_degree(Bl, b);
        code[b] = 0;
        for (slong i = 0; i < deg[b]; i++) code[b] = code[b] * (uint64_t)r + u[i];
    }
    lpoly *P = lt_calloc((size_t)(d + 1), sizeof(lpoly));
    for (slong b = 0; b < d; b++) {
        if (deg[b] == 1) {
            P[b].n = 1;
            P[b].t = lt_malloc(sizeof(term));
            P[b].t[0].w = code[b];
            fmpz_init_set_ui(&P[b].t[0].c, 1);
            continue;
        }
        slong iu = Bl->left[b], iv = Bl->right[b];
        lpoly_bracket(P + b, P + iu, deg[iu], P + iv, deg[iv], rpow);
    }
    lt_scbuilder S;
    lt_scbuilder_init(&S, d);
    slong *ks = lt_malloc((size_t)(d + 1) * sizeof(slong));
    fmpq *cs = _fmpq_vec_init(d + 1);
    for (slong i = 0; i < d && !st; i++)
        for (slong j = i + 1; j < d && !st; j++) {
            slong k = deg[i] + deg[j], m = 0;
            if (k > c) continue;
            lpoly Q;
            lpoly_bracket(&Q, P + i, deg[i], P + j, deg[j], rpow);
            while (Q.n && !st) {
                /* the element of degree k whose word is the leading one */
                slong lo = deg_start[k], hi = deg_start[k + 1];
                while (lo < hi) { slong mid = (lo + hi) / 2; if (code[mid] < Q.t[0].w) lo = mid + 1; else hi = mid; }
                if (lo == deg_start[k + 1] || code[lo] != Q.t[0].w) {
                    st = lt_err_set(err, LT_EINTERNAL, "internal error: leading word is not Lyndon");
                    break;
                }
                ks[m] = lo;
                fmpq_set_fmpz_frac(cs + m, &Q.t[0].c, &P[lo].t[0].c);
                fmpz_t x;
                fmpz_init_set(x, &Q.t[0].c);
                lpoly_submul(&Q, x, P + lo);
                fmpz_clear(x);
                m++;
            }
            lpoly_clear(&Q);
            if (!st) lt_scbuilder_pair(&S, i, j, m, ks, cs);
        }
    lt_free(ks);
    _fmpq_vec_clear(cs, d + 1);
    if (st) lt_scbuilder_clear(&S);
    else lt_scbuilder_finish(L, &S);
    for (slong b = 0; b < d; b++) lpoly_clear(P + b);
    lt_free(P);
    lt_free(deg); lt_free(code);
    lt_lyndon_clear(Bl);
    return st;
}

lt_status lt_free_nilpotent(lt_liealg_t L, long r, long c, const char *spec,
                            const lt_ctx_t ctx, lt_err_t err)
{
    if (r < 1 || c < 1)
        return lt_err_set(err, LT_EINPUT, "'%s': the rank and the class must be at least 1", spec);
    /* the dimension degree by degree, stopping above --max-dim: the class
       is not bounded, and the Witt sum to a large class costs its square
       (rank 1: only degree 1) */
    mpz_t wd, wn;
    mpz_init(wd);
    mpz_init(wn);
    for (long k = 1; k <= (r == 1 ? 1 : c); k++) {
        lt_free_witt(wn, (ulong)r, (ulong)k);
        mpz_add(wd, wd, wn);
        if (mpz_cmp_si(wd, ctx->max_dim) > 0) break;
    }
    double d = mpz_get_d(wd);
    mpz_clear(wd);
    mpz_clear(wn);
    if (d > (double)ctx->max_dim)
        return lt_err_set(err, LT_ELIMIT, "'%s' has dimension above `max_dim` %ld", spec, ctx->max_dim);
    if (r > 1 && (double)c * log2((double)r) > 62)
        return lt_err_set(err, LT_ELIMIT, "'%s': words of length %ld over %ld letters are beyond 64-bit codes", spec, c, r);
    char q[80];
    snprintf(q, sizeof q, "'%.60s'", spec);
    if (lt_ctx_check_memory(d * d * 2.0 * sizeof(slong), "the structure-constant index", q, ctx, err)) return err->status;
    return build(L, r, c, ctx, err);
}
