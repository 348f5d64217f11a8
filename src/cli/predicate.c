/* The is-* commands. */
#include <string.h>
#include "cli.h"

int cli_predicate_cmd(int argc, char **argv, const lt_cmd *self, const char *key)
{
    cli_opts o;
    cli_object X;
    int r = cli_open_object(&o, &X, argc, argv, self, strcmp(key, "semisimple") == 0 ? 2 : 0);
    if (r >= 0) return r;
    if (X.is_lie) {
        r = cli_lie_predicate(&o, X.L, key);
        cli_close_object(&o, &X);
        return r;
    }
    lt_pgrp_struct *G = X.G;
    int value;
    if (strcmp(key, "abelian") == 0) value = lt_pgrp_is_abelian(G);
    else {
        lt_pgrp_series_t S;
        lt_err_t err;
        lt_err_init(err);
        lt_pgrp_series_init(S);
        lt_status st = strcmp(key, "nilpotent") == 0 ? lt_pgrp_lower_central_series(S, G, o.ctx, err)
                                                     : lt_pgrp_derived_series(S, G, o.ctx, err);
        value = strcmp(key, "perfect") == 0 ? S->len == 1 : S->reaches_one;
        lt_pgrp_series_clear(S);
        if (st) { r = cli_fail(err); goto out; }
    }
    r = cli_predicate(&o, key, value);
out:
    cli_close_object(&o, &X);
    return r;
}
