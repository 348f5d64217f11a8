/* lietool explain isomorphic G H: the answer of 'isomorphic' with its
   evidence. Yes: the isomorphism on the generators, then the check that it
   extends along the Cayley graph of G to a bijective homomorphism (phi(gs)
   = phi(g) phi(s) for every element g and generator s, the images
   distinct). No: the invariant that differs, and why an isomorphism would
   preserve it (or the exhaustive search when every invariant agrees). */
#include <string.h>
#include "cli.h"
#include "lietool/json.h"

/* Extends phi (images of G's generators in H) along the Cayley graph of G:
   1 if it is a bijective homomorphism onto H, 0 if not; *products receives
   the number of products phi(gs) = phi(g) phi(s) checked. LT_ELIMIT when
   the table does not fit in --max-memory. */
static lt_status extend_check(int *ok, long long *products, lt_pgrp_t G, lt_pgrp_t H, int *const *images,
                              const lt_ctx_t ctx, lt_err_t err)
{
    *ok = 0;
    *products = 0;
    if (!mpz_fits_slong_p(G->order) || mpz_cmp(G->order, H->order) != 0) return LT_OK;
    long long n = mpz_get_si(G->order);
    double bytes = (double)n * (double)(H->n * sizeof(int) + sizeof(long long) + 2);
    if (bytes > (double)ctx->max_memory_mb * 1048576.0)
        return lt_err_set(err, LT_ELIMIT, "checking the isomorphism needs a table of %lld images, more than --max-memory %ld MiB",
                          n, ctx->max_memory_mb);
    int gn = G->n, hn = H->n;
    int *img = lt_malloc((size_t)n * (size_t)hn * sizeof(int));
    long long *queue = lt_malloc((size_t)n * sizeof(long long));
    char *seen = lt_calloc((size_t)n, 1), *hit = lt_calloc((size_t)n, 1);
    int *g = lt_malloc((size_t)gn * sizeof(int)), *gs = lt_malloc((size_t)gn * sizeof(int));
    int *im = lt_malloc((size_t)hn * sizeof(int));
    for (int i = 0; i < hn; i++) img[i] = i;
    seen[0] = 1;
    queue[0] = 0;
    long long head = 0, tail = 1;
    int good = 1;
    while (head < tail && good) {
        long long r = queue[head++];
        lt_pgrp_unrank(g, G, r);
        for (int s = 0; s < G->ngens && good; s++) {
            lt_perm_mul(gs, g, G->gens[s], gn);
            long long rr = lt_pgrp_rank(G, gs);
            lt_perm_mul(im, img + r * hn, images[s], hn);
            ++*products;
            if (rr < 0) { good = 0; break; }
            if (!seen[rr]) {
                seen[rr] = 1;
                memcpy(img + rr * hn, im, (size_t)hn * sizeof(int));
                queue[tail++] = rr;
            } else if (memcmp(img + rr * hn, im, (size_t)hn * sizeof(int)) != 0) good = 0;
        }
    }
    if (good && tail == n) {
        /* the images: in H and distinct */
        for (long long r = 0; r < n && good; r++) {
            long long h = lt_pgrp_rank(H, img + r * hn);
            if (h < 0 || h >= n || hit[h]) good = 0;
            else hit[h] = 1;
        }
        *ok = good;
    }
    lt_free(img); lt_free(queue); lt_free(seen); lt_free(hit);
    lt_free(g); lt_free(gs); lt_free(im);
    return LT_OK;
}

static int print_explain(cli_opts *op, const char *const *obj, lt_pgrp_t G, lt_pgrp_t H, lt_pgrp_iso_t R, const lt_cmd *self)
{
    cli_opts o = *op;
    lt_err_t err;
    lt_err_init(err);
    int ok = 0, r;
    long long products = 0;
    if (R->isomorphic) {
        lt_status st = extend_check(&ok, &products, G, H, R->images, o.ctx, err);
        if (st) return cli_fail(err);
        if (!ok) {
            fprintf(stderr, "lietool: %s: internal error: the isomorphism found does not extend to a bijective homomorphism\n", self->name);
            return CLI_INTERNAL;
        }
    }
    r = R->isomorphic ? 0 : 1;
    if (o.json) {
        printf("{\"object\": ");
        lt_json_put_string(stdout, obj[0]);
        printf(", \"other\": ");
        lt_json_put_string(stdout, obj[1]);
        printf(", \"question\": \"isomorphic\", \"answer\": %s, \"orders\": [", R->isomorphic ? "true" : "false");
        cli_put_mpz(stdout, G->order, 1);
        printf(", ");
        cli_put_mpz(stdout, H->order, 1);
        printf("]");
        if (R->isomorphic) {
            cli_put_isomorphism_json(G, H, R);
            printf(", \"check\": {\"homomorphism\": true, \"bijective\": true, \"products_checked\": %lld}", products);
        } else {
            printf(", \"invariant\": \"%s\", \"detail\": ", R->invariant);
            lt_json_put_string(stdout, R->detail);
            printf(", \"values\": [");
            lt_json_put_string(stdout, R->gval);
            printf(", ");
            lt_json_put_string(stdout, R->hval);
            printf("], \"candidates_tried\": %lld", R->tested);
        }
        printf("}\n");
        return r;
    }
    printf("is %s isomorphic to %s?\n", obj[0], obj[1]);
    printf("orders: ");
    cli_put_mpz(stdout, G->order, 0);
    printf(" and ");
    cli_put_mpz(stdout, H->order, 0);
    printf("\n");
    if (R->isomorphic) {
        printf("an isomorphism phi, given on the generators of %s:\n", obj[0]);
        mpz_t a, b;
        mpz_init(a); mpz_init(b);
        for (int i = 0; i < R->nimages; i++) {
            char *x = lt_perm_str(G->gens[i], G->n), *y = lt_perm_str(R->images[i], H->n);
            lt_perm_order(a, G->gens[i], G->n);
            lt_perm_order(b, R->images[i], H->n);
            gmp_printf("  phi(%s) = %s   (orders %Zd and %Zd)\n", x, y, a, b);
            lt_free(x); lt_free(y);
        }
        mpz_clear(a); mpz_clear(b);
        printf("checked: phi extends along the Cayley graph of %s with phi(gs) = phi(g) phi(s) for every element g and generator s (%lld products),\n",
               obj[0], products);
        printf("  and its images are distinct elements of %s: a bijective homomorphism\n", obj[1]);
        printf("yes: %s and %s are isomorphic\n", obj[0], obj[1]);
    } else {
        if (strcmp(R->invariant, "search") == 0)
            printf("every invariant compared agrees; the exhaustive search over the images of %d generators (%lld candidates) finds no isomorphism: %s\n",
                   R->generators, R->tested, R->detail);
        else
            printf("an isomorphism preserves this invariant, which differs: %s: %s in %s, %s in %s\n",
                   R->detail, R->gval, obj[0], R->hval, obj[1]);
        printf("no: %s and %s are not isomorphic\n", obj[0], obj[1]);
    }
    return r;
}

int cli_explain_isomorphic(int argc, char **argv, const lt_cmd *self, const cli_decl *d)
{
    return cli_isomorphic_with(argc, argv, self, d, print_explain);
}
