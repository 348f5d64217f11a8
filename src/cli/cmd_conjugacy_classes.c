/* lietool conjugacy-classes: lt_pgrp_conjugacy_classes, written by
   lt_write_conjugacy_classes. */
#include "doc.h"
#include "lietool/write.h"

const cli_decl cli_conjugacy_classes_decl = {.common = CLI_O_JSON | CLI_O_GROUP_LIMITS | CLI_O_MAX_ENUM, CLI_GROUP_ARGS};

int cmd_conjugacy_classes(int argc, char **argv, const lt_cmd *self)
{
    cli_opts o;
    cli_object X;
    int r = cli_open_object(&o, &X, argc, argv, self);
    if (r >= 0) return r;
    lt_pgrp_classes_t C;
    lt_err_t err;
    lt_pgrp_classes_init(C);
    lt_err_init(err);
    if (lt_pgrp_conjugacy_classes(C, X.G, o.ctx, err)) r = cli_fail(err);
    else {
        lt_doc d;
        cli_doc_start(&d, &o);
        lt_write_conjugacy_classes(&d, o.object, X.G, C);
        lt_doc_end(&d, NULL);
        r = 0;
    }
    lt_pgrp_classes_clear(C);
    cli_close_object(&o, &X);
    return r;
}
