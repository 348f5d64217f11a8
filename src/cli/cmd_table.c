/* lietool table: a group's Cayley table in the word-problem generator's
   element order and product (or GAP's), as the abstract_algebra JSON
   {"name", "description", "elements", "table"} that lt_io_cayley reads. */
#include <string.h>
#include "cli.h"
#include "lietool/io.h"
#include "doc.h"

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

/* The back ends: C the table of spec in convention conv. */
static void put_json(const cli_opts *o, const char *spec, const lt_cayley_t C, lt_convention conv)
{
    (void)o, (void)spec, (void)conv;
    lt_io_write_cayley(stdout, C);
}

static void put_text(const cli_opts *o, const char *spec, const lt_cayley_t C, lt_convention conv)
{
    (void)o;
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

/* The elements as "i = name", the table as an array of indices. */
static void put_tex(const cli_opts *o, const char *spec, const lt_cayley_t C, lt_convention conv)
{
    long n = C->n;
    char after[64];
    snprintf(after, sizeof after, ": order %ld, %s convention", n, lt_convention_name(conv));
    cli_tex_begin(o);
    lt_tex_heading_object(stdout, spec, after);
    printf("\\noindent ");
    for (long i = 0; i < n; i++) {
        printf("%s$%ld = ", i ? ", " : "", i);
        lt_tex_math(stdout, C->names[i]);
        printf("$");
    }
    printf(".\\par\n\\noindent Row $i$, column $j$: the index of the product of elements $i$ and $j$.\n");
    printf("\\begin{equation*}\n\\begin{array}{c|*{%ld}{c}}\n\\cdot", n);
    for (long j = 0; j < n; j++) printf(" & %ld", j);
    printf(" \\\\\n\\hline\n");
    for (long i = 0; i < n; i++) {
        printf("%ld", i);
        for (long j = 0; j < n; j++) printf(" & %d", C->table[i * n + j]);
        printf(" \\\\\n");
    }
    printf("\\end{array}\n\\end{equation*}\n");
}

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
        if (r < 0) {
            (o.latex ? put_tex : o.json ? put_json : put_text)(&o, spec, C, conv);
            r = 0;
        }
        lt_cayley_clear(C);
        lt_free(spec);
    }
    cli_free(&o);
    return r;
}
