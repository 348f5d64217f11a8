/* lietool order */
#include "cli.h"

const cli_decl cli_order_decl = {.common = CLI_O_JSON | CLI_O_GROUP_LIMITS, CLI_GROUP_ARGS};

int cmd_order(int argc, char **argv, const lt_cmd *self)
{
    cli_opts o;
    cli_object X;
    int r = cli_open_object(&o, &X, argc, argv, self);
    if (r >= 0) return r;
    lt_pgrp_struct *G = X.G;
    if (o.json) {
        cli_json_begin(&o);
        printf(", \"order\": ");
        cli_put_mpz(stdout, G->order, 1);
        printf(", \"degree\": %d}\n", G->n);
    } else {
        cli_put_mpz(stdout, G->order, 0);
        printf("\n");
    }
    cli_close_object(&o, &X);
    return 0;
}
