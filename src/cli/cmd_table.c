/* lietool table: a group's Cayley table in the word-problem generator's
   element order and product (or GAP's), as the abstract_algebra JSON
   {"name", "description", "elements", "table"} that lt_io_cayley reads. */
#include <string.h>
#include "cli.h"
#include "lietool/io.h"

int cmd_table(int argc, char **argv, const lt_cmd *self)
{
    ds_opts d;
    int r = cli_dataset_opts(&d, argc, argv, 1, "c", self);
    if (r >= 0) { cli_dataset_free(&d); return r; }
    cli_opts o;
    r = cli_parse(&o, d.ac, d.av, self);
    if (r < 0 && o.npos == 0) {
        fprintf(stderr, "lietool: table: missing the group\nusage: lietool %s %s\n", self->name, self->usage);
        r = CLI_USAGE;
    }
    if (r < 0) {
        char *spec = cli_join(o.pos, 0, o.npos);
        lt_cayley_t C;
        lt_cayley_init(C);
        r = cli_cayley(C, spec, d.conv, &o, self);
        if (r < 0 && o.json) lt_io_write_cayley(stdout, C);
        else if (r < 0) {
            long n = C->n;
            printf("%s: order %ld, %s convention\n", spec, n, lt_convention_name(d.conv));
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
    cli_dataset_free(&d);
    return r;
}
