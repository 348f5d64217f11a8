/* lietool order */
#include "cli.h"
#include "lietool/json.h"

int cmd_order(int argc, char **argv, const lt_cmd *self)
{
    cli_opts o;
    int r = cli_parse(&o, argc, argv, self);
    if (r >= 0) { cli_free(&o); return r; }
    lt_pgrp_t G;
    lt_pgrp_init(G, 1);
    if (!(r = cli_group(G, NULL, &o))) {
        if (o.json) {
            printf("{\"object\": ");
            lt_json_put_string(stdout, o.object);
            printf(", \"order\": ");
            cli_put_mpz(stdout, G->order, 1);
            printf(", \"degree\": %d}\n", G->n);
        } else {
            cli_put_mpz(stdout, G->order, 0);
            printf("\n");
        }
    }
    lt_pgrp_clear(G);
    cli_free(&o);
    return r;
}
