/* THROWAWAY: conjugacy classes by enumerating G (bounded by --max-enum), a
   stand-in for the real src/perm/classes.c until the branches merge. Each
   unvisited element's class is its orbit under conjugation by the
   generators, found by a breadth-first search over element numbers. */
#include <string.h>
#include "impl.h"

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

lt_status lt_pgrp_conjugacy_classes(lt_pgrp_classes_t C, lt_pgrp_t G, const lt_ctx_t ctx, lt_err_t err)
{
    lt_status st = lt_pgrp_chain(G, NULL, ctx, err);
    if (st) return st;
    lt_pgrp_classes_clear(C);
    C->n = G->n;
    if (mpz_cmp_si(G->order, ctx->max_enum) > 0)
        return lt_err_set(err, LT_ELIMIT, "conjugacy classes: enumerating the group's elements is above --max-enum %ld",
                          ctx->max_enum);
    long long N = (long long)mpz_get_si(G->order);
    int n = G->n;
    unsigned char *seen = lt_calloc((size_t)N / 8 + 1, 1);
    long long *queue = lt_malloc((size_t)N * sizeof *queue);
    int *g = lt_malloc((size_t)(n ? n : 1) * sizeof *g), *c = lt_malloc((size_t)(n ? n : 1) * sizeof *c);
    long alloc = 0;
    for (long long r = 0; r < N; r++) {
        if (seen[r >> 3] & (1u << (r & 7))) continue;
        long long head = 0, tail = 0;
        queue[tail++] = r;
        seen[r >> 3] |= (unsigned char)(1u << (r & 7));
        while (head < tail) {
            lt_pgrp_unrank(g, G, queue[head++]);
            for (int k = 0; k < G->ngens; k++) {
                lt_perm_conj(c, g, G->gens[k], n);
                long long s = lt_pgrp_rank(G, c);
                if (seen[s >> 3] & (1u << (s & 7))) continue;
                seen[s >> 3] |= (unsigned char)(1u << (s & 7));
                queue[tail++] = s;
            }
        }
        if (C->nclasses == alloc) {
            alloc = alloc ? 2 * alloc : 16;
            C->reps = lt_realloc(C->reps, (size_t)alloc * sizeof *C->reps);
            C->sizes = lt_realloc(C->sizes, (size_t)alloc * sizeof *C->sizes);
            C->orders = lt_realloc(C->orders, (size_t)alloc * sizeof *C->orders);
        }
        long i = C->nclasses++;
        C->reps[i] = lt_malloc((size_t)(n ? n : 1) * sizeof(int));
        lt_pgrp_unrank(C->reps[i], G, r);
        mpz_init_set_si(C->sizes[i], (long)tail);
        mpz_init(C->orders[i]);
        lt_perm_order(C->orders[i], C->reps[i], n);
    }
    lt_free(seen); lt_free(queue); lt_free(g); lt_free(c);
    return LT_OK;
}
