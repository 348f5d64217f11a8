/* lietool center */
#include <stdlib.h>
#include "cli.h"
#include "lietool/json.h"

int cmd_center(int argc, char **argv, const lt_cmd *self)
{
    cli_opts o;
    lt_pgrp_t G, Z;
    int r = cli_open_group(&o, G, argc, argv, self);
    if (r >= 0) return r;
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
    cli_close_group(&o, G);
    return r;
}
