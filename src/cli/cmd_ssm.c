/* PLACEHOLDER for the models branch only: the `ssm` command is owned by
   another branch; this dispatches just eval and sweep so that they can be
   tested here. Drop this file (keep the other branch's) at merge. */
#include <string.h>
#include "cli.h"

int cmd_ssm(int argc, char **argv, const lt_cmd *self)
{
    if (argc >= 2 && strcmp(argv[1], "eval") == 0) return cli_ssm_eval(argc - 1, argv + 1, self);
    if (argc >= 2 && strcmp(argv[1], "sweep") == 0) return cli_ssm_sweep(argc - 1, argv + 1, self);
    if (argc >= 2 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) return cli_usage(self, stdout);
    fprintf(stderr, "lietool: ssm: %s\nusage: lietool %s %s\n", argc < 2 ? "missing the subcommand (eval or sweep)" : "unknown subcommand", self->name, self->usage);
    return LT_EUSAGE;
}
