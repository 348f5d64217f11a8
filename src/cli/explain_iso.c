/* lietool explain isomorphic G H: the answer of 'isomorphic' with its
   evidence. Yes: the isomorphism on the generators, then the check that it
   extends along the Cayley graph of G to a bijective homomorphism
   (lt_pgrp_iso_check). No: the invariant that differs, and why an
   isomorphism would preserve it (or the exhaustive search when every
   invariant agrees). Written once through the emitter (explain.h). */
#include <string.h>
#include <stdlib.h>
#include "explain.h"
#include "doc.h"
#include "lietool/json.h"

#define say lt_doc_say

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
    cli_opts oc = *o;
    oc.object = (char *)obj[0];
    lt_doc D, *d = &D;
    cli_doc_begin(d, &oc, NULL, NULL);
    d->object = obj[0];
    /* @ is G; the other object is a piece */
    int json = d->mode == LT_DOC_JSON, tex = d->mode == LT_DOC_TEX;
    lt_doc_buf b;
    FILE *f = lt_doc_piece(&b, d);
    if (tex) lt_tex_object(f, obj[1]); else fputs(obj[1], f);
    char *h = lt_doc_piece_end(&b);
    const char *phi = tex ? lt_doc_raw("\1\\varphi\1") : "phi";
    lt_doc_str(d, "|other", obj[1], NULL);
    lt_doc_str(d, "|question", "isomorphic", NULL);
    lt_doc_bool(d, "|answer", R->isomorphic);
    lt_doc_list_begin(d, "|orders");
    if (json) { cli_put_mpz(lt_doc_elem(d), G->order, 1); cli_put_mpz(lt_doc_elem(d), H->order, 1); }
    lt_doc_list_end(d);
    say(d, "is @ isomorphic to $%s$?", h);
    say(d, "orders: %Zd and %Zd", G->order, H->order);
    if (R->isomorphic) {
        say(d, "an isomorphism $%s$, given on the generators of @:", phi);
        lt_doc_list_begin(d, "|isomorphism");
        mpz_t a, c;
        mpz_init(a); mpz_init(c);
        for (int i = 0; i < R->nimages; i++) {
            char *x = cli_ex_perm(d, G->gens[i], G->n), *y = cli_ex_perm(d, R->images[i], H->n);
            lt_perm_order(a, G->gens[i], G->n);
            lt_perm_order(c, R->images[i], H->n);
            if (tex) {          /* the orders as a raw piece of lietool's own */
                lt_doc_buf b;
                gmp_fprintf(lt_doc_piece(&b, d), "\\quad\\text{(orders %Zd and %Zd)}", a, c);
                char *q = lt_doc_piece_end(&b);
                lt_doc_eq(d, "%s(%s) = %s %s", phi, x, y, q);
                free(q);
            } else lt_doc_eq(d, "%s(%s) = %s   (orders %Zd and %Zd)", phi, x, y, a, c);
            lt_doc_item_begin(d);
            lt_doc_str(d, "|generator", x, NULL);
            lt_doc_str(d, "|image", y, NULL);
            lt_doc_item_end(d);
            lt_free(x); lt_free(y);
        }
        mpz_clear(a); mpz_clear(c);
        lt_doc_list_end(d);
        lt_doc_open(d, "|check");
        lt_doc_bool(d, "|homomorphism", 1);
        lt_doc_bool(d, "|bijective", 1);
        lt_doc_json(d, "|products_checked", "%lld", products);
        lt_doc_close(d);
        say(d, "checked: $%s$ extends along the Cayley graph of @ with $%s(%s) = %s(g) %s(s)$ for every element $g$ and generator $s$ (%lld products),\n"
            "  and its images are distinct elements of $%s$: a bijective homomorphism", phi, phi, tex ? "g s" : "gs", phi, phi, products, h);
        say(d, "yes: @ and $%s$ are isomorphic", h);
    } else {
        if (strcmp(R->invariant, "search") == 0)
            say(d, "every invariant compared agrees; the exhaustive search over the images of %d generators (%lld candidates) finds no isomorphism: %s",
                R->generators, R->tested, R->detail);
        else
            say(d, "an isomorphism preserves this invariant, which differs: %s: %s in @, %s in $%s$", R->detail, R->gval, R->hval, h);
        say(d, "no: @ and $%s$ are not isomorphic", h);
        lt_doc_str(d, "|invariant", R->invariant, NULL);
        lt_doc_str(d, "|detail", R->detail, NULL);
        lt_doc_strs(d, "|values", 2, (const char *[]){R->gval, R->hval});
        lt_doc_json(d, "|candidates_tried", "%lld", R->tested);
    }
    free(h);
    lt_doc_end(d, NULL);
    return R->isomorphic ? 0 : 1;
}

int cli_explain_isomorphic(int argc, char **argv, const lt_cmd *self, const cli_decl *d)
{
    return cli_isomorphic_with(argc, argv, self, d, print_explain);
}
