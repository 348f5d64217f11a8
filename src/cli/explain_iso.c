/* lietool explain isomorphic G H: the answer of 'isomorphic' with its
   evidence. Yes: the isomorphism on the generators, then the check that it
   extends along the Cayley graph of G to a bijective homomorphism
   (lt_pgrp_iso_check). No: the invariant that differs, and why an
   isomorphism would preserve it (or the exhaustive search when every
   invariant agrees). Text, JSON or LaTeX. */
#include <string.h>
#include "cli.h"
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

static void text_explain(const char *const *obj, lt_pgrp_t G, lt_pgrp_t H, lt_pgrp_iso_t R, long long products)
{
    gmp_printf("is %s isomorphic to %s?\norders: %Zd and %Zd\n", obj[0], obj[1], G->order, H->order);
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
        return;
    }
    if (strcmp(R->invariant, "search") == 0)
        printf("every invariant compared agrees; the exhaustive search over the images of %d generators (%lld candidates) finds no isomorphism: %s\n",
               R->generators, R->tested, R->detail);
    else
        printf("an isomorphism preserves this invariant, which differs: %s: %s in %s, %s in %s\n",
               R->detail, R->gval, obj[0], R->hval, obj[1]);
    printf("no: %s and %s are not isomorphic\n", obj[0], obj[1]);
}

/* LaTeX: a paragraph with the two objects as mathematics (G, H) and the
   text between them. */
static void tex_pair(const char *const *obj, const char *a, const char *b, const char *c)
{
    cli_tex_text(stdout, a);
    printf("$"); cli_tex_object(stdout, obj[0]); printf("$");
    cli_tex_text(stdout, b);
    printf("$"); cli_tex_object(stdout, obj[1]); printf("$");
    cli_tex_text(stdout, c);
}

static void tex_explain(const cli_opts *o, const char *const *obj, lt_pgrp_t G, lt_pgrp_t H, lt_pgrp_iso_t R, long long products)
{
    cli_tex_begin(stdout, o);
    printf("\\noindent ");
    tex_pair(obj, "Is ", " isomorphic to ", "? ");
    printf("Their orders are $"); cli_tex_mpz(stdout, G->order); printf("$ and $"); cli_tex_mpz(stdout, H->order); printf("$.\\par\n");
    if (R->isomorphic) {
        printf("\\noindent An isomorphism $\\varphi$, given on the generators of $"); cli_tex_object(stdout, obj[0]);
        printf("$ (with the orders of each generator and its image):\n\\begin{align*}\n");
        mpz_t a, b;
        mpz_init(a); mpz_init(b);
        for (int i = 0; i < R->nimages; i++) {
            lt_perm_order(a, G->gens[i], G->n);
            lt_perm_order(b, R->images[i], H->n);
            printf("%s\\varphi(", i ? " \\\\\n" : "");
            cli_tex_perm(stdout, G->gens[i], G->n);
            printf(") &= ");
            cli_tex_perm(stdout, R->images[i], H->n);
            gmp_printf(" && (%Zd, %Zd)", a, b);
        }
        mpz_clear(a); mpz_clear(b);
        printf("\n\\end{align*}\n\\noindent Checked: $\\varphi$ extends along the Cayley graph of $");
        cli_tex_object(stdout, obj[0]);
        printf("$ with $\\varphi(gs) = \\varphi(g)\\varphi(s)$ for every element $g$ and generator $s$ (%lld products), "
               "and its images are distinct elements of $", products);
        cli_tex_object(stdout, obj[1]);
        printf("$: a bijective homomorphism. ");
        tex_pair(obj, "Yes: ", " and ", " are isomorphic.");
    } else {
        printf("\\noindent ");
        if (strcmp(R->invariant, "search") == 0) {
            printf("Every invariant compared agrees; the exhaustive search over the images of %d generators "
                   "(%lld candidates) finds no isomorphism: ", R->generators, R->tested);
            cli_tex_text(stdout, R->detail);
            printf(". ");
        } else {
            printf("An isomorphism preserves this invariant, which differs: ");
            cli_tex_text(stdout, R->detail);
            printf(": ");
            cli_tex_text(stdout, R->gval);
            printf(" in $"); cli_tex_object(stdout, obj[0]); printf("$, ");
            cli_tex_text(stdout, R->hval);
            printf(" in $"); cli_tex_object(stdout, obj[1]); printf("$. ");
        }
        tex_pair(obj, "No: ", " and ", " are not isomorphic.");
    }
    printf("\\par\n");
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
    else if (o->latex) tex_explain(o, obj, G, H, R, products);
    else text_explain(obj, G, H, R, products);
    return R->isomorphic ? 0 : 1;
}

int cli_explain_isomorphic(int argc, char **argv, const lt_cmd *self, const cli_decl *d)
{
    return cli_isomorphic_with(argc, argv, self, d, print_explain);
}
