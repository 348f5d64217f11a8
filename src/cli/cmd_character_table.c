/* lietool character-table: lt_chartab_compute and lt_chartab_invariants,
   written by lt_write_character_table. */
#include "doc.h"
#include "lietool/write.h"
#include "lietool/chartab.h"

const cli_decl cli_character_table_decl = {.common = CLI_O_JSON | CLI_O_LATEX | CLI_O_GROUP_LIMITS | CLI_O_MAX_ENUM,
                                           CLI_GROUP_ARGS};

int cmd_character_table(int argc, char **argv, const lt_cmd *self)
{
    cli_opts o;
    cli_object X;
    int r = cli_open_object(&o, &X, argc, argv, self);
    if (r >= 0) return r;
    lt_chartab_t T;
    lt_err_t err;
    lt_chartab_init(T);
    lt_err_init(err);
    if (lt_chartab_compute(T, X.G, o.ctx, err)) r = cli_fail(err);
    else {
        lt_chartab_inv_t I;
        lt_chartab_invariants(&I, T, 0);
        lt_doc d;
        cli_doc_start(&d, &o);
        lt_write_character_table(&d, o.object, T, &I);
        lt_doc_end(&d, NULL);
        r = 0;
    }
    lt_chartab_clear(T);
    cli_close_object(&o, &X);
    return r;
}
