/* lietool order */
#include "doc.h"

const cli_decl cli_order_decl = {.common = CLI_O_JSON | CLI_O_LATEX | CLI_O_GROUP_LIMITS, CLI_GROUP_ARGS};

int cmd_order(int argc, char **argv, const lt_cmd *self)
{
    cli_opts o;
    cli_object X;
    int r = cli_open_object(&o, &X, argc, argv, self);
    if (r >= 0) return r;
    lt_doc D, *d = &D;
    /* text: the order alone */
    cli_doc_begin(d, &o, o.latex ? o.object : NULL, NULL);
    if (d->mode == LT_DOC_TEXT) lt_doc_say(d, "%Zd", X.G->order);
    else lt_doc_mpz(d, "order", X.G->order);
    lt_doc_long(d, "|degree", X.G->n, NULL);
    lt_doc_end(d, NULL);
    cli_close_object(&o, &X);
    return 0;
}
