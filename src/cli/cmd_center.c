/* lietool center: lt_pgrp_center or lt_liealg_center (lie.c, float.c),
   written by lt_write_group_center and lt_write_lie_space. */
#include <stdlib.h>
#include "doc.h"
#include "lietool/write.h"

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
        lt_doc d;
        cli_doc_start(&d, &o);
        lt_write_group_center(&d, o.object, Z);
        lt_doc_end(&d, NULL);
        r = 0;
    }
    lt_pgrp_clear(Z);
    cli_close_object(&o, &X);
    return r;
}
