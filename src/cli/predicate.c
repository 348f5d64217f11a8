/* The is-* commands. */
#include <string.h>
#include "cli.h"

int cli_predicate_cmd(int argc, char **argv, const lt_cmd *self, const char *key)
{
    cli_opts o;
    cli_object X;
    int r = cli_open_object(&o, &X, argc, argv, self);
    if (r >= 0) return r;
    if (X.is_lie) {
        r = X.is_float ? cli_float_predicate(&o, &X, key) : cli_lie_predicate(&o, X.L, key);
        cli_close_object(&o, &X);
        return r;
    }
    lt_pgrp_struct *G = X.G;
    int value;
    if (strcmp(key, "abelian") == 0) value = lt_pgrp_is_abelian(G);
    else {
        lt_pgrp_profile_t P;
        lt_err_t err;
        lt_err_init(err);
        lt_pgrp_profile_init(P);
        int nil = strcmp(key, "nilpotent") == 0;
        lt_status st = lt_pgrp_profile(P, G, nil ? LT_PGRP_PROFILE_LOWER : LT_PGRP_PROFILE_DERIVED, o.ctx, err);
        value = nil ? P->nilpotent : strcmp(key, "perfect") == 0 ? P->perfect : P->solvable;
        lt_pgrp_profile_clear(P);
        if (st) { r = cli_fail(err); goto out; }
    }
    r = cli_predicate(&o, key, value);
out:
    cli_close_object(&o, &X);
    return r;
}
