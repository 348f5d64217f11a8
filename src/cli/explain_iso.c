/* lietool explain isomorphic G H: the answer of 'isomorphic' with its
   evidence. Yes: the isomorphism on the generators, then the check that it
   extends along the Cayley graph of G to a bijective homomorphism
   (lt_pgrp_iso_check). No: the invariant that differs, and why an
   isomorphism would preserve it (or the exhaustive search when every
   invariant agrees). JSON, or text or LaTeX by explain's writer
   (explain.h). */
#include <string.h>
#include "explain.h"
#include "tex.h"
#include "lietool/json.h"

static void json_explain(const char *const *obj, lt_pgrp_t G, lt_pgrp_t H, lt_pgrp_iso_t R, long long products)
{
    printf("{\"object\": ");
    lt_json_put_string(stdout, obj[0]);
    printf(", \"command\": \"explain isomorphic\", \"other\": ");
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
}

/* Text or LaTeX (explain.h's writer; @ is G, the other object is a piece). */
static void say_explain(cli_explainer *e, const char *const *obj, lt_pgrp_t G, lt_pgrp_t H, lt_pgrp_iso_t R, long long products)
{
    cli_exbuf b;
    FILE *f = cli_ex_open(&b, e);
    if (e->tex) cli_tex_object(f, obj[1]); else fputs(obj[1], f);
    char *h = cli_ex_close(&b, e);
    const char *phi = e->tex ? "\1\\varphi\1" : "phi";
    cli_ex_say(e, "is @ isomorphic to $%s$?", h);
    cli_ex_say(e, "orders: %Zd and %Zd", G->order, H->order);
    if (R->isomorphic) {
        cli_ex_say(e, "an isomorphism $%s$, given on the generators of @:", phi);
        mpz_t a, c;
        mpz_init(a); mpz_init(c);
        for (int i = 0; i < R->nimages; i++) {
            char *x = cli_ex_perm(e, G->gens[i], G->n), *y = cli_ex_perm(e, R->images[i], H->n);
            lt_perm_order(a, G->gens[i], G->n);
            lt_perm_order(c, R->images[i], H->n);
            cli_ex_eq(e, e->tex ? "%s(%s) = %s \1\\quad\\text{(orders %Zd and %Zd)}\1" : "%s(%s) = %s   (orders %Zd and %Zd)",
                      phi, x, y, a, c);
            lt_free(x); lt_free(y);
        }
        mpz_clear(a); mpz_clear(c);
        cli_ex_say(e, "checked: $%s$ extends along the Cayley graph of @ with $%s(%s) = %s(g) %s(s)$ for every element $g$ and generator $s$ (%lld products),\n"
                   "  and its images are distinct elements of $%s$: a bijective homomorphism", phi, phi, e->tex ? "g s" : "gs", phi, phi, products, h);
        cli_ex_say(e, "yes: @ and $%s$ are isomorphic", h);
    } else {
        if (strcmp(R->invariant, "search") == 0)
            cli_ex_say(e, "every invariant compared agrees; the exhaustive search over the images of %d generators (%lld candidates) finds no isomorphism: %s",
                       R->generators, R->tested, R->detail);
        else
            cli_ex_say(e, "an isomorphism preserves this invariant, which differs: %s: %s in @, %s in $%s$", R->detail, R->gval, R->hval, h);
        cli_ex_say(e, "no: @ and $%s$ are not isomorphic", h);
    }
    cli_ex_end(e);
    free(h);
}

static int print_explain(cli_opts *o, const char *const *obj, lt_pgrp_t G, lt_pgrp_t H, lt_pgrp_iso_t R, const lt_cmd *self)
{
    lt_err_t err;
    lt_err_init(err);
    int ok = 0;
    long long products = 0;
    if (R->isomorphic) {
        if (lt_pgrp_iso_check(&ok, &products, G, H, R->images, o->ctx, err)) return cli_fail(err);
        if (!ok) {
            fprintf(stderr, "lietool: %s: internal error: the isomorphism found does not extend to a bijective homomorphism\n", self->name);
            return CLI_INTERNAL;
        }
    }
    if (o->json) json_explain(obj, G, H, R, products);
    else {
        cli_explainer e;
        cli_ex_init(&e, o);
        e.object = obj[0];
        say_explain(&e, obj, G, H, R, products);
    }
    return R->isomorphic ? 0 : 1;
}

int cli_explain_isomorphic(int argc, char **argv, const lt_cmd *self, const cli_decl *d)
{
    return cli_isomorphic_with(argc, argv, self, d, print_explain);
}
