/* lietool table: a group's Cayley table in the word-problem generator's
   element order and product (or GAP's), as the abstract_algebra JSON
   {"name", "description", "elements", "table"} that lt_io_cayley reads
   (a data file, not a result document), as text, or as LaTeX: the group's
   multiplication table set as mathematics. */
#include <stdlib.h>
#include <string.h>
#include "doc.h"
#include "lietool/io.h"

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
#define TEX_COLUMNS 12      /* columns of one array: the text width */

/* LaTeX, math mode: a name, a line break allowed after each comma (the
   permutations of S8 in one-line notation are wider than a line). */
static void tex_name(FILE *f, const char *name)
{
    char *s = lt_strdup(name);
    for (char *p = s, *q; *p; p = q) {
        q = p + strcspn(p, ",");
        int comma = *q == ',';
        if (comma) *q++ = '\0';
        lt_tex_math(f, p);
        if (comma) fputs(",\\allowbreak ", f);
    }
    lt_free(s);
}

/* LaTeX, math mode: element i, by its name when every name is short (e,
   a^2, r3), else as g_i. */
static void tex_element(FILE *f, const lt_cayley_t C, long i, int by_name)
{
    if (by_name) tex_name(f, C->names[i]);
    else fprintf(f, "g_{%ld}", i);
}

/* EMITTER-CANDIDATE: a grid with row and column headers, set as arrays of
   at most TEX_COLUMNS columns (the emitter has key/value tables only).
   The multiplication table: each element named once (g_i = name), then
   the table in arrays of at most TEX_COLUMNS columns, the product of the
   row's element and the column's in each cell. */
static void put_tex(lt_doc *d, const lt_cayley_t C)
{
    FILE *f = d->f;
    long n = C->n;
    int by_name = 1;
    for (long i = 0; i < n; i++) by_name &= strlen(C->names[i]) <= 4;
    fputs("{\\raggedright\\noindent The elements in their order (index $i$: element $g_{i}$): ", f);
    for (long i = 0; i < n; i++) {
        fprintf(f, "%s$g_{%ld} = ", i ? ", " : "", i);
        tex_name(f, C->names[i]);
        fputc('$', f);
    }
    fprintf(f, ".\\par}\n\\noindent Row $%s$, column $%s$: the product $%s$.\n", by_name ? "x" : "g_{i}",
            by_name ? "y" : "g_{j}", by_name ? "xy" : "g_{i} g_{j}");
    for (long j0 = 0; j0 < n; j0 += TEX_COLUMNS) {
        long j1 = j0 + TEX_COLUMNS < n ? j0 + TEX_COLUMNS : n;
        fprintf(f, "\\begin{equation*}\n\\begin{array}{c|*{%ld}{c}}\n\\cdot", j1 - j0);
        for (long j = j0; j < j1; j++) { fputs(" & ", f); tex_element(f, C, j, by_name); }
        fputs(" \\\\\n\\hline\n", f);
        for (long i = 0; i < n; i++) {
            tex_element(f, C, i, by_name);
            for (long j = j0; j < j1; j++) { fputs(" & ", f); tex_element(f, C, C->table[i * n + j], by_name); }
            fputs(" \\\\\n", f);
        }
        fputs("\\end{array}\n\\end{equation*}\n", f);
    }
}

/* Text: the elements a line each ("  i name"), then the table of indices. */
static void put_text(lt_doc *d, const lt_cayley_t C)
{
    long n = C->n;
    char label[32];
    d->width = 0;
    for (long i = 0; i < n; i++) {
        snprintf(label, sizeof label, "%ld|", i);
        lt_doc_str(d, label, C->names[i], NULL);
    }
    lt_doc_say(d, "table (row i, column j: the index of element i * element j):");
    for (long i = 0; i < n; i++) {
        lt_doc_buf b;
        FILE *f = lt_doc_piece(&b, d);
        for (long j = 0; j < n; j++) fprintf(f, " %d", C->table[i * n + j]);
        char *row = lt_doc_piece_end(&b);
        lt_doc_say(d, " %s", row);
        free(row);
    }
}

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
        (d->mode == LT_DOC_TEX ? put_tex : put_text)(d, C);
        lt_doc_end(d, NULL);
        r = 0;
    }
    lt_cayley_clear(C);
    cli_free(&o);
    return r;
}
