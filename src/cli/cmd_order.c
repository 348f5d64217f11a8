/* lietool order */
#include "doc.h"
#include "lietool/write.h"

const cli_decl cli_order_decl = {.common = CLI_O_JSON | CLI_O_LATEX | CLI_O_GROUP_LIMITS, CLI_GROUP_ARGS};

int cmd_order(int argc, char **argv, const lt_cmd *self)
{
    cli_opts o;
    cli_object X;
    int r = cli_open_object(&o, &X, argc, argv, self);
    if (r >= 0) return r;
    lt_doc d;
    cli_doc_start(&d, &o);
    lt_write_order(&d, o.object, X.G);
    lt_doc_end(&d, NULL);
    cli_close_object(&o, &X);
    return 0;
}
