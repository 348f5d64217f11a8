/* lietool table: a group's Cayley table in the word-problem generator's
   element order and product (or GAP's), as the abstract_algebra JSON
   {"name", "description", "elements", "table"} that lt_io_cayley reads. */
#include <string.h>
#include "cli.h"
#include "lietool/io.h"

typedef struct { int conv; } table_opts;

static const cli_optdecl table_options[] = {
    {.name = "--convention", CLI_ENUM_AT(table_opts, conv), .choices = cli_conventions, .meta = "gap",
     .help = "abstract_algebra (the default) or gap: the element order and product"},
    {0}
};

const cli_decl cli_table_decl = {
    .common = CLI_O_JSON | CLI_O_GROUP_LIMITS | CLI_O_MAX_ENUM, .opts = table_options,
    .args = "GROUP", .min_args = 1, .max_args = -1, .what = "the group", .kind = CLI_GROUP,
};

int cmd_table(int argc, char **argv, const lt_cmd *self)
{
    table_opts t = {LT_CONV_AA};
    cli_opts o;
    int r = cli_getopts(&o, &t, argc, argv, self, NULL);
    if (r < 0) {
        lt_convention conv = (lt_convention)t.conv;
        char *spec = cli_join(o.pos, 0, o.npos);
        lt_cayley_t C;
        lt_cayley_init(C);
        r = cli_cayley(C, spec, conv, &o, self);
        if (r < 0 && o.json) lt_io_write_cayley(stdout, C);
        else if (r < 0) {
            long n = C->n;
            printf("%s: order %ld, %s convention\n", spec, n, lt_convention_name(conv));
            for (long i = 0; i < n; i++) printf("  %ld %s\n", i, C->names[i]);
            printf("table (row i, column j: the index of element i * element j):\n");
            for (long i = 0; i < n; i++) {
                printf(" ");
                for (long j = 0; j < n; j++) printf(" %d", C->table[i * n + j]);
                printf("\n");
            }
        }
        if (r < 0) r = 0;
        lt_cayley_clear(C);
        lt_free(spec);
    }
    cli_free(&o);
    return r;
}
