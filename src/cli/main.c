/* lietool: main() runs the command named by argv[1] from the command
   table (src/cli/commands.c). */
#include <stdio.h>
#include <string.h>
#include <gmp.h>
#include <mpfr.h>
#include <flint/flint.h>
#include "cli.h"
#include "../core/blas.h"

static void version(void)
{
    printf("lietool %s (GMP %s, MPFR %s, FLINT %s)\n", LIETOOL_VERSION,
           gmp_version, mpfr_get_version(), FLINT_VERSION);
}

static void oom(size_t n)
{
    fprintf(stderr, "lietool: out of memory allocating %zu bytes\n", n);
}

int main(int argc, char **argv)
{
    lt_set_oom_handler(oom);
    lt_set_opt_style(LT_OPT_DASHED);
    /* BLAS is loaded on first use (src/core/blas.c). lietool's own threads
       (LIETOOL_THREADS) run whole words or classes, each BLAS call on the
       thread that makes it: OpenBLAS's threads would split a product in a
       way that depends on their number (on its Haswell and Prescott
       kernels, sums in another order), so the answers would depend on
       LIETOOL_THREADS. */
    lt_blas_set_threads(1);
    lt_mem_count_libraries();
    cli_set_commands(lt_commands, lt_ncommands);
    if (argc < 2) {
        cmd_help(1, argv, NULL);
        return CLI_USAGE;
    }
    if (strcmp(argv[1], "--version") == 0 || strcmp(argv[1], "-V") == 0) { version(); return 0; }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) return cmd_help(1, argv, NULL);
    for (int i = 0; i < lt_ncommands; i++)
        if (strcmp(argv[1], lt_commands[i].name) == 0) {
            int r = lt_commands[i].fn(argc - 1, argv + 1, &lt_commands[i]);
            if (fflush(stdout) != 0 || ferror(stdout)) {
                fprintf(stderr, "lietool: error writing output\n");
                return CLI_IO;
            }
            return r;
        }
    cli_unknown_command(argv[1]);
    return CLI_USAGE;
}
