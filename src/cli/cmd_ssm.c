/* PLACEHOLDER on branch 'rotation' only, to be dropped at merge: the ssm
   command proper (src/cli/cmd_ssm.c of the cascade branch) replaces this
   file and dispatches 'lietool ssm rotation ...' to cli_ssm_rotation. */
#include <string.h>
#include "cli.h"

int cmd_ssm(int argc, char **argv, const lt_cmd *self)
{
    if (argc >= 2 && strcmp(argv[1], "rotation") == 0) return cli_ssm_rotation(argc - 1, argv + 1, self);
    if (argc >= 2 && (strcmp(argv[1], "-h") == 0 || strcmp(argv[1], "--help") == 0)) return cli_usage(self, stdout);
    fprintf(stderr, "lietool: ssm: %s%s%s\nusage: lietool %s %s\n", argc >= 2 ? "unknown subcommand '" : "missing subcommand",
            argc >= 2 ? argv[1] : "", argc >= 2 ? "'" : "", self->name, self->usage);
    return LT_EUSAGE;
}
