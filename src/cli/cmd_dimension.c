/* lietool dimension */
#include "cli.h"

const cli_decl cli_dimension_decl = {.common = CLI_O_JSON | CLI_O_LATEX | CLI_O_FLOAT | CLI_O_LIE_LIMITS, CLI_ALGEBRA_ARGS};

int cmd_dimension(int argc, char **argv, const lt_cmd *self)
{
    return cli_lie_cmd(argc, argv, self, 0);
}
