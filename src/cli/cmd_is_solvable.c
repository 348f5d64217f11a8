/* lietool is-solvable */
#include "cli.h"

const cli_decl cli_is_solvable_decl = {.common = CLI_O_JSON | CLI_O_QUIET | CLI_O_FLOAT | CLI_O_LIMITS, .show = CLI_O_QUIET, CLI_OBJECT_ARGS};

int cmd_is_solvable(int argc, char **argv, const lt_cmd *self)
{
    return cli_predicate_cmd(argc, argv, self, "solvable");
}
