/* lietool center */
#include <stdlib.h>
#include "cli.h"
#include "lietool/json.h"

const cli_decl cli_center_decl = {.common = CLI_O_JSON | CLI_O_FLOAT | CLI_O_LIMITS, CLI_OBJECT_ARGS};

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
    lt_pgrp_struct *G = X.G;
    lt_pgrp_init(Z, 1);
    lt_err_t err;
    lt_err_init(err);
    if (lt_pgrp_center(Z, G, o.ctx, err)) { r = cli_fail(err); goto out; }
    if (o.json) {
        cli_json_begin(&o);
        printf(", \"order\": ");
        cli_put_mpz(stdout, Z->order, 1);
        printf(", \"generators\": [");
    } else {
        printf("order ");
        cli_put_mpz(stdout, Z->order, 0);
        printf("\n");
    }
    for (int i = 0; i < Z->ngens; i++) {
        char *s = lt_perm_str(Z->gens[i], Z->n);
        if (o.json) { if (i) printf(", "); lt_json_put_string(stdout, s); }
        else printf("generator %s\n", s);
        lt_free(s);
    }
    if (o.json) printf("]}\n");
    r = 0;
out:
    lt_pgrp_clear(Z);
    cli_close_object(&o, &X);
    return r;
}
