/* lietool center */
#include <stdlib.h>
#include "doc.h"
#include "lietool/io.h"

const cli_decl cli_center_decl = {.common = CLI_O_JSON | CLI_O_LATEX | CLI_O_FLOAT | CLI_O_LIMITS, CLI_OBJECT_ARGS};

int cmd_center(int argc, char **argv, const lt_cmd *self)
{
    cli_opts o;
    cli_object X;
    lt_pgrp_t Z;
    int r = cli_open_object(&o, &X, argc, argv, self);
    if (r >= 0) return r;
    if (X.is_lie) {
        r = X.is_float ? cli_float_center(&o, &X) : cli_lie_center(&o, X.L);
        cli_close_object(&o, &X);
        return r;
    }
    lt_pgrp_init(Z, 1);
    lt_err_t err;
    lt_err_init(err);
    if (lt_pgrp_center(Z, X.G, o.ctx, err)) r = cli_fail(err);
    else {
        lt_doc D, *d = &D;
        cli_doc_begin(d, &o, o.latex ? o.object : NULL, o.latex ? ": the center" : NULL);
        d->width = 0;
        d->indent = "";
        lt_doc_mpz(d, "order", Z->order);
        lt_doc_list_begin(d, "generators");
        for (int i = 0; i < Z->ngens; i++) {
            char *s = lt_perm_str(Z->gens[i], Z->n);
            FILE *f = d->mode == LT_DOC_JSON ? lt_doc_elem(d) : lt_doc_row(d, "generator|");
            if (d->mode == LT_DOC_JSON) lt_json_put_string(f, s);
            else if (d->mode == LT_DOC_TEX) { fputc('$', f); lt_tex_perm(f, Z->gens[i], Z->n); fputc('$', f); }
            else fputs(s, f);
            if (d->mode != LT_DOC_JSON) lt_doc_row_end(d);
            lt_free(s);
        }
        lt_doc_list_end(d);
        lt_doc_end(d, NULL);
        r = 0;
    }
    lt_pgrp_clear(Z);
    cli_close_object(&o, &X);
    return r;
}
