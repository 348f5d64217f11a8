/* lietool order */
#include "cli.h"

int cmd_order(int argc, char **argv, const lt_cmd *self)
{
    cli_opts o;
    lt_pgrp_t G;
    int r = cli_open_group(&o, G, argc, argv, self);
    if (r >= 0) return r;
    if (o.json) {
        cli_json_begin(&o);
        printf(", \"order\": ");
        cli_put_mpz(stdout, G->order, 1);
        printf(", \"degree\": %d}\n", G->n);
    } else {
        cli_put_mpz(stdout, G->order, 0);
        printf("\n");
    }
    cli_close_group(&o, G);
    return 0;
}
