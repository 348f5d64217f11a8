/* lietool table: a group's Cayley table in the word-problem generator's
   element order and product (or GAP's), as the abstract_algebra JSON
   {"name", "description", "elements", "table"} that lt_io_cayley reads
   (a data file, not a result document), as text, or as LaTeX: the group's
   multiplication table set as mathematics. */
#include <stdlib.h>
#include <string.h>
#include "doc.h"
#include "lietool/io.h"
#include "lietool/write.h"

typedef struct { int conv; } table_opts;

static const cli_optdecl table_options[] = {
    {.name = "--convention", CLI_ENUM_AT(table_opts, conv), .choices = cli_conventions, .meta = "gap",
     .help = "abstract_algebra (the default) or gap: the element order and product"},
    {0}
};

const cli_decl cli_table_decl = {
    .common = CLI_O_JSON | CLI_O_LATEX | CLI_O_GROUP_LIMITS | CLI_O_MAX_ENUM, .opts = table_options,
    .args = "GROUP", .min_args = 1, .max_args = -1, .what = "the group", .kind = CLI_GROUP,
};

#define TEX_MAX_ORDER 32    /* rows of one array: a page */

int cmd_table(int argc, char **argv, const lt_cmd *self)
{
    table_opts t = {LT_CONV_AA};
    cli_opts o;
    int r = cli_getopts(&o, &t, argc, argv, self, NULL);
    if (r >= 0) { cli_free(&o); return r; }
    lt_convention conv = (lt_convention)t.conv;
    char *spec = o.object = cli_join(o.pos, 0, o.npos);
    lt_cayley_t C;
    lt_cayley_init(C);
    r = cli_cayley(C, spec, conv, &o, self);
    if (r < 0 && o.latex && C->n > TEX_MAX_ORDER) {
        fprintf(stderr, "lietool: table: --latex sets tables of at most %d elements on a page, and '%s' has %ld; "
                        "use --json or the text output\n", TEX_MAX_ORDER, spec, C->n);
        r = CLI_USAGE;
    } else if (r < 0 && o.json) {
        lt_io_write_cayley(stdout, C);
        r = 0;
    } else if (r < 0) {
        char after[64];
        snprintf(after, sizeof after, ": order %ld, %s convention", C->n, lt_convention_name(conv));
        lt_doc D, *d = &D;
        cli_doc_begin(d, &o, spec, after);
        lt_write_cayley_table(d, C);
        lt_doc_end(d, NULL);
        r = 0;
    }
    lt_cayley_clear(C);
    cli_free(&o);
    return r;
}
