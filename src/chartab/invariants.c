/* What the real irreducible representations say about layers of
   Householder products (an orthogonal g is a product of rank(g - I)
   reflections, Cartan-Dieudonne): the least dimension of a faithful real
   representation and the least number of reflections per token for one
   head (a faithful sum of real irreducibles) and for several heads (one
   irreducible each). Searches over sums are branch and bound with a node
   bound. */
#include <stdlib.h>
#include <string.h>
#include <limits.h>
#include "lietool/chartab.h"

typedef struct {
    const lt_chartab_struct *T;
    long r, nw;             /* classes, 64-bit words per kernel */
    long nreal;
    long *order;            /* the real representations in search order */
    uint64_t **ker;         /* ker[i]: the kernel of real rep order[i] */
    uint64_t **suf;         /* suf[i]: intersection of ker[i..] */
    long max_nodes, nodes;
    int aborted;
    long best;
    long *codim;            /* one head: current codimension per class (stack) */
} search_t;

static int trivial(const uint64_t *k, long nw)
{
    if (k[0] != 1) return 0;
    for (long i = 1; i < nw; i++)
        if (k[i]) return 0;
    return 1;
}

static int same(const uint64_t *a, const uint64_t *b, long nw)
{
    return memcmp(a, b, (size_t)nw * sizeof(uint64_t)) == 0;
}

static void meet(uint64_t *out, const uint64_t *a, const uint64_t *b, long nw)
{
    for (long i = 0; i < nw; i++) out[i] = a[i] & b[i];
}

static const lt_realrep_struct *rep_at(const search_t *S, long i) { return S->T->real + S->order[i]; }

static void dfs_dim(search_t *S, long i, const uint64_t *k, long dim)
{
    if (trivial(k, S->nw)) { if (dim < S->best) S->best = dim; return; }
    if (i == S->nreal || S->aborted) return;
    if (++S->nodes > S->max_nodes) { S->aborted = 1; return; }
    if (dim + rep_at(S, i)->dimension >= S->best) return;
    uint64_t *t = lt_malloc((size_t)S->nw * sizeof(uint64_t));
    meet(t, k, S->suf[i], S->nw);
    if (trivial(t, S->nw)) {
        meet(t, k, S->ker[i], S->nw);
        if (!same(t, k, S->nw)) dfs_dim(S, i + 1, t, dim + rep_at(S, i)->dimension);
        dfs_dim(S, i + 1, k, dim);
    }
    lt_free(t);
}

static void dfs_refl(search_t *S, long i, const uint64_t *k, long value)
{
    if (trivial(k, S->nw)) { if (value < S->best) S->best = value; return; }
    if (i == S->nreal || S->aborted) return;
    if (++S->nodes > S->max_nodes) { S->aborted = 1; return; }
    if (value >= S->best) return;
    long r = S->r;
    uint64_t *t = lt_malloc((size_t)S->nw * sizeof(uint64_t));
    meet(t, k, S->suf[i], S->nw);
    if (trivial(t, S->nw)) {
        meet(t, k, S->ker[i], S->nw);
        if (!same(t, k, S->nw)) {
            const long *cd = rep_at(S, i)->codim;
            long v = value;
            for (long c = 0; c < r; c++) {
                S->codim[c] += cd[c];
                if (S->codim[c] > v) v = S->codim[c];
            }
            if (v < S->best) dfs_refl(S, i + 1, t, v);
            for (long c = 0; c < r; c++) S->codim[c] -= cd[c];
        }
        dfs_refl(S, i + 1, k, value);
    }
    lt_free(t);
}

static const lt_chartab_struct *cmp_T;
static int by_dim(const void *a, const void *b)
{
    const lt_realrep_struct *x = cmp_T->real + *(const long *)a, *y = cmp_T->real + *(const long *)b;
    if (x->dimension != y->dimension) return x->dimension < y->dimension ? -1 : 1;
    if (x->reflection_length != y->reflection_length) return x->reflection_length < y->reflection_length ? -1 : 1;
    return (*(const long *)a > *(const long *)b) - (*(const long *)a < *(const long *)b);
}
static int by_refl(const void *a, const void *b)
{
    const lt_realrep_struct *x = cmp_T->real + *(const long *)a, *y = cmp_T->real + *(const long *)b;
    if (x->reflection_length != y->reflection_length) return x->reflection_length < y->reflection_length ? -1 : 1;
    if (x->dimension != y->dimension) return x->dimension < y->dimension ? -1 : 1;
    return (*(const long *)a > *(const long *)b) - (*(const long *)a < *(const long *)b);
}

static void prepare(search_t *S, int (*cmp)(const void *, const void *))
{
    const lt_chartab_struct *T = S->T;
    for (long i = 0; i < S->nreal; i++) S->order[i] = i;
    cmp_T = T;
    qsort(S->order, (size_t)S->nreal, sizeof(long), cmp);
    for (long i = 0; i < S->nreal; i++) {
        memset(S->ker[i], 0, (size_t)S->nw * sizeof(uint64_t));
        const lt_realrep_struct *R = rep_at(S, i);
        for (long c = 0; c < S->r; c++)
            if (T->kernel[R->chars[0]][c]) S->ker[i][c / 64] |= (uint64_t)1 << (c % 64);
    }
    memset(S->suf[S->nreal], 0xff, (size_t)S->nw * sizeof(uint64_t));
    for (long i = S->nreal - 1; i >= 0; i--) meet(S->suf[i], S->suf[i + 1], S->ker[i], S->nw);
    S->nodes = 0;
    S->aborted = 0;
    S->best = LONG_MAX;
}

/* S->best = the value of the greedy faithful sum (each representation in
   search order taken when it shrinks the kernel): a start for the bound. */
static void greedy(search_t *S, const uint64_t *all, int refl)
{
    uint64_t *k = lt_malloc((size_t)S->nw * sizeof(uint64_t));
    long *cd = lt_calloc((size_t)S->r, sizeof(long)), dim = 0, v = 0;
    memcpy(k, all, (size_t)S->nw * sizeof(uint64_t));
    for (long i = 0; i < S->nreal && !trivial(k, S->nw); i++) {
        uint64_t *t = lt_malloc((size_t)S->nw * sizeof(uint64_t));
        meet(t, k, S->ker[i], S->nw);
        if (!same(t, k, S->nw)) {
            memcpy(k, t, (size_t)S->nw * sizeof(uint64_t));
            dim += rep_at(S, i)->dimension;
            for (long c = 0; c < S->r; c++) {
                cd[c] += rep_at(S, i)->codim[c];
                if (cd[c] > v) v = cd[c];
            }
        }
        lt_free(t);
    }
    /* the DFS keeps strictly smaller values: one above the greedy value */
    if (trivial(k, S->nw)) S->best = (refl ? v : dim) + 1;
    lt_free(k);
    lt_free(cd);
}

void lt_chartab_invariants(lt_chartab_inv_t *I, const lt_chartab_t T, long max_nodes)
{
    search_t S;
    memset(&S, 0, sizeof S);
    S.T = T;
    S.r = T->nclasses;
    S.nw = (S.r + 63) / 64;
    S.nreal = T->nreal;
    S.max_nodes = max_nodes > 0 ? max_nodes : 1000000;
    S.order = lt_malloc((size_t)(S.nreal ? S.nreal : 1) * sizeof(long));
    S.ker = lt_malloc((size_t)(S.nreal + 1) * sizeof(uint64_t *));
    S.suf = lt_malloc((size_t)(S.nreal + 1) * sizeof(uint64_t *));
    for (long i = 0; i <= S.nreal; i++) {
        S.ker[i] = lt_malloc((size_t)S.nw * sizeof(uint64_t));
        S.suf[i] = lt_malloc((size_t)S.nw * sizeof(uint64_t));
    }
    S.codim = lt_calloc((size_t)S.r, sizeof(long));
    uint64_t *all = lt_malloc((size_t)S.nw * sizeof(uint64_t));
    memset(all, 0, (size_t)S.nw * sizeof(uint64_t));
    for (long c = 0; c < S.r; c++) all[c / 64] |= (uint64_t)1 << (c % 64);
    I->search_nodes = S.max_nodes;

    /* several heads: the real irreducibles by reflection length */
    prepare(&S, by_refl);
    I->reflections_heads = 0;
    {
        uint64_t *k = lt_malloc((size_t)S.nw * sizeof(uint64_t));
        memcpy(k, all, (size_t)S.nw * sizeof(uint64_t));
        for (long i = 0; i < S.nreal; i++) {
            meet(k, k, S.ker[i], S.nw);
            if (trivial(k, S.nw)) { I->reflections_heads = rep_at(&S, i)->reflection_length; break; }
        }
        lt_free(k);
    }
    greedy(&S, all, 1);
    long start = S.best;
    dfs_refl(&S, 0, all, 0);
    if (S.best == start) S.best--;
    I->reflections_one_head = S.best == LONG_MAX ? -1 : S.best;
    I->one_head_exact = !S.aborted;

    prepare(&S, by_dim);
    greedy(&S, all, 0);
    start = S.best;
    dfs_dim(&S, 0, all, 0);
    if (S.best == start) S.best--;
    I->min_faithful_real_dim = S.best == LONG_MAX ? -1 : S.best;
    I->dim_exact = !S.aborted;

    for (long i = 0; i <= S.nreal; i++) { lt_free(S.ker[i]); lt_free(S.suf[i]); }
    lt_free(S.ker);
    lt_free(S.suf);
    lt_free(S.order);
    lt_free(S.codim);
    lt_free(all);
}
