/* The commands that print a series or its length: derived-series,
   derived-length, lower-central-series, nilpotency-class. */
#include "cli.h"
#include "tex.h"

int cli_series_cmd(int argc, char **argv, const lt_cmd *self, int lower, int length_only)
{
    cli_opts o;
    cli_object X;
    int r = cli_open_object(&o, &X, argc, argv, self);
    if (r >= 0) return r;
    if (X.is_lie) {
        r = X.is_float ? cli_float_series(&o, &X, lower, length_only) : cli_lie_series(&o, X.L, lower, length_only);
        cli_close_object(&o, &X);
        return r;
    }
    lt_pgrp_struct *G = X.G;
    lt_pgrp_series_t S;
    lt_pgrp_series_init(S);
    lt_err_t err;
    lt_err_init(err);
    lt_status st = lower ? lt_pgrp_lower_central_series(S, G, o.ctx, err)
                         : lt_pgrp_derived_series(S, G, o.ctx, err);
    const char *skey = lower ? "lower_central_series" : "derived_series";
    const char *lkey = lower ? "nilpotency_class" : "derived_length";
    const char *no = lower ? "not nilpotent" : "not solvable";
    int length = S->len - 1;
    if (st) r = cli_fail(err);
    else if (o.latex) {
        cli_tex_series_t T;
        cli_tex_series_pgrp(&T, S, lower);
        cli_tex_begin(stdout, &o);
        cli_tex_series(stdout, o.object, &T);
        cli_tex_series_clear(&T);
    } else if (o.json) {
        cli_json_begin(&o);
        if (!length_only) { printf(", \"%s\": ", skey); cli_put_series(stdout, S, 1); }
        printf(", \"%s\": ", lkey);
        if (S->reaches_one) printf("%d", length); else printf("null");
        printf("}\n");
    } else if (length_only) {
        if (S->reaches_one) printf("%d\n", length); else printf("%s\n", no);
    } else {
        cli_put_series(stdout, S, 0);
        printf("\n");
    }
    lt_pgrp_series_clear(S);
    cli_close_object(&o, &X);
    return st ? r : 0;
}
