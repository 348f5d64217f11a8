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
    long best, best_dim, cur_dim, greedy_dim;
    long cap;               /* dfs_dim: the largest reflection length allowed */
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

/* the least dimension of a faithful sum whose reflection length stays at
   most S->cap (LONG_MAX: no cap) */
static void dfs_dim(search_t *S, long i, const uint64_t *k, long dim)
{
    if (trivial(k, S->nw)) { if (dim < S->best) S->best = dim; return; }
    if (i == S->nreal || S->aborted) return;
    if (++S->nodes > S->max_nodes) { S->aborted = 1; return; }
    if (dim + rep_at(S, i)->dimension >= S->best) return;
    long r = S->r;
    uint64_t *t = lt_malloc((size_t)S->nw * sizeof(uint64_t));
    meet(t, k, S->suf[i], S->nw);
    if (trivial(t, S->nw)) {
        meet(t, k, S->ker[i], S->nw);
        if (!same(t, k, S->nw)) {
            const long *cd = rep_at(S, i)->codim;
            int ok = 1;
            if (S->cap != LONG_MAX)
                for (long c = 0; c < r; c++) {
                    S->codim[c] += cd[c];
                    if (S->codim[c] > S->cap) ok = 0;
                }
            if (ok) dfs_dim(S, i + 1, t, dim + rep_at(S, i)->dimension);
            if (S->cap != LONG_MAX)
                for (long c = 0; c < r; c++) S->codim[c] -= cd[c];
        }
        dfs_dim(S, i + 1, k, dim);
    }
    lt_free(t);
}

static void dfs_refl(search_t *S, long i, const uint64_t *k, long value)
{
    if (trivial(k, S->nw)) {
        if (value < S->best) { S->best = value; S->best_dim = S->cur_dim; }
        return;
    }
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
            S->cur_dim += rep_at(S, i)->dimension;
            if (v < S->best) dfs_refl(S, i + 1, t, v);
            S->cur_dim -= rep_at(S, i)->dimension;
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
    if (trivial(k, S->nw)) {
        S->best = (refl ? v : dim) + 1;
        S->best_dim = LONG_MAX;
        S->greedy_dim = dim;
    }
    lt_free(k);
    lt_free(cd);
}

/* The least dimension of a faithful sum, exactly: the shortest path from
   G to 1 in the graph of kernels (intersections of the irreducibles'
   kernels, normal subgroups), an edge K -> K cap ker(rho) of weight
   dim rho (Dijkstra). A representation used twice never helps, so the
   path is a sum of distinct irreducibles. -1 when the states exceed
   max_states. */
static long min_dim_dijkstra(search_t *S, const uint64_t *all, long max_states)
{
    long nw = S->nw, ns = 1, cap = 64;
    uint64_t *st = lt_malloc((size_t)cap * (size_t)nw * sizeof(uint64_t));
    long *dist = lt_malloc((size_t)cap * sizeof(long));
    char *done = lt_malloc((size_t)cap);
    memcpy(st, all, (size_t)nw * sizeof(uint64_t));
    dist[0] = 0;
    done[0] = 0;
    uint64_t *t = lt_malloc((size_t)nw * sizeof(uint64_t));
    long answer = -1;
    for (;;) {
        long u = -1;
        for (long i = 0; i < ns; i++)
            if (!done[i] && (u < 0 || dist[i] < dist[u])) u = i;
        if (u < 0) break;
        done[u] = 1;
        if (trivial(st + u * nw, nw)) { answer = dist[u]; break; }
        for (long i = 0; i < S->nreal; i++) {
            meet(t, st + u * nw, S->ker[i], nw);
            if (same(t, st + u * nw, nw)) continue;
            long d = dist[u] + rep_at(S, i)->dimension, j;
            for (j = 0; j < ns; j++)
                if (same(st + j * nw, t, nw)) break;
            if (j == ns) {
                if (ns == max_states) { answer = -2; break; }
                if (ns == cap) {
                    cap *= 2;
                    st = lt_realloc(st, (size_t)cap * (size_t)nw * sizeof(uint64_t));
                    dist = lt_realloc(dist, (size_t)cap * sizeof(long));
                    done = lt_realloc(done, (size_t)cap);
                }
                memcpy(st + ns * nw, t, (size_t)nw * sizeof(uint64_t));
                dist[ns] = d;
                done[ns] = 0;
                ns++;
            } else if (!done[j] && d < dist[j]) dist[j] = d;
        }
        if (answer == -2) { answer = -1; break; }
    }
    lt_free(t);
    lt_free(st);
    lt_free(dist);
    lt_free(done);
    return answer;
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
        /* the heads: greedily, by reflection length, those that shrink the kernel */
        memcpy(k, all, (size_t)S.nw * sizeof(uint64_t));
        uint64_t *t = lt_malloc((size_t)S.nw * sizeof(uint64_t));
        I->heads_used = 0;
        I->heads_max_dim = 0;
        for (long i = 0; i < S.nreal && !trivial(k, S.nw); i++) {
            if (rep_at(&S, i)->reflection_length > I->reflections_heads) break;
            meet(t, k, S.ker[i], S.nw);
            if (same(t, k, S.nw)) continue;
            memcpy(k, t, (size_t)S.nw * sizeof(uint64_t));
            I->heads_used++;
            if (rep_at(&S, i)->dimension > I->heads_max_dim) I->heads_max_dim = rep_at(&S, i)->dimension;
        }
        lt_free(t);
        lt_free(k);
    }
    greedy(&S, all, 1);
    long start = S.best;
    S.cur_dim = 0;
    dfs_refl(&S, 0, all, 0);
    if (S.best == start) { S.best--; S.best_dim = S.greedy_dim; }
    I->reflections_one_head = S.best == LONG_MAX ? -1 : S.best;
    I->one_head_dim = S.best == LONG_MAX ? -1 : S.best_dim;
    /* a one-head sum uses irreducibles of reflection length at most its
       own, and they must have trivial common kernel: reflections_heads is
       a lower bound, and reaching it proves the value */
    I->one_head_exact = !S.aborted || I->reflections_one_head == I->reflections_heads;

    prepare(&S, by_dim);
    /* the smallest one head of that reflection length */
    if (I->one_head_exact && I->reflections_one_head >= 0) {
        prepare(&S, by_dim);
        S.cap = I->reflections_one_head;
        S.best = I->one_head_dim + 1;
        memset(S.codim, 0, (size_t)S.r * sizeof(long));
        dfs_dim(&S, 0, all, 0);
        if (!S.aborted && S.best <= I->one_head_dim) I->one_head_dim = S.best;
    }
    prepare(&S, by_dim);
    long dd = min_dim_dijkstra(&S, all, 20000);
    if (dd >= 0) {
        I->min_faithful_real_dim = dd;
        I->dim_exact = 1;
    } else {
        S.cap = LONG_MAX;
        greedy(&S, all, 0);
        start = S.best;
        dfs_dim(&S, 0, all, 0);
        if (S.best == start) S.best--;
        I->min_faithful_real_dim = S.best == LONG_MAX ? -1 : S.best;
        I->dim_exact = !S.aborted;
    }

    for (long i = 0; i <= S.nreal; i++) { lt_free(S.ker[i]); lt_free(S.suf[i]); }
    lt_free(S.ker);
    lt_free(S.suf);
    lt_free(S.order);
    lt_free(S.codim);
    lt_free(all);
}
