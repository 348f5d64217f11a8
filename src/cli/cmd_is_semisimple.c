/* lietool is-semisimple */
#include "cli.h"

const cli_decl cli_is_semisimple_decl = {.common = CLI_O_JSON | CLI_O_QUIET | CLI_O_FLOAT | CLI_O_LIE_LIMITS, .show = CLI_O_QUIET, CLI_ALGEBRA_ARGS};

int cmd_is_semisimple(int argc, char **argv, const lt_cmd *self)
{
    return cli_predicate_cmd(argc, argv, self, "semisimple");
}
