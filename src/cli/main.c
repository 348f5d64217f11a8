/* lietool: main() runs the command named by argv[1] from the command
   table (src/cli/commands.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>
#include <mpfr.h>
#include <flint/flint.h>
#include "cli.h"

static void version(void)
{
    printf("lietool %s (GMP %s, MPFR %s, FLINT %s)\n", LIETOOL_VERSION,
           gmp_version, mpfr_get_version(), FLINT_VERSION);
}

/* OpenBLAS starts its worker threads when it is loaded, and they spin
   (sched_yield) for about 0.1 s of CPU before they sleep, whether or not
   the command does linear algebra. They are stopped here; a BLAS call that
   runs in parallel starts them again. LIETOOL_THREADS also bounds BLAS's
   threads, unless OPENBLAS_NUM_THREADS, GOTO_NUM_THREADS or
   OMP_NUM_THREADS sets them. Weak: another BLAS has neither function. */
extern void openblas_set_num_threads(int) __attribute__((weak));
extern int blas_thread_shutdown_(void) __attribute__((weak));

static void blas_threads(void)
{
    const char *e = getenv("LIETOOL_THREADS");
    long t = e && *e ? strtol(e, NULL, 10) : 0;
    if (t >= 1 && openblas_set_num_threads && !getenv("OPENBLAS_NUM_THREADS") && !getenv("GOTO_NUM_THREADS") &&
        !getenv("OMP_NUM_THREADS"))
        openblas_set_num_threads(t > 64 ? 64 : (int)t);
    if (blas_thread_shutdown_) blas_thread_shutdown_();
}

int main(int argc, char **argv)
{
    blas_threads();
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
                return CLI_INTERNAL;
            }
            return r;
        }
    cli_unknown_command(argv[1]);
    return CLI_USAGE;
}
