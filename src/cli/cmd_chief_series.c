/* lietool chief-series */
#include "cli.h"

const cli_decl cli_chief_series_decl = {.common = CLI_O_JSON | CLI_O_GROUP_LIMITS | CLI_O_MAX_ENUM, CLI_GROUP_ARGS};

int cmd_chief_series(int argc, char **argv, const lt_cmd *self)
{
    return cli_compser_cmd(argc, argv, self, 1);
}
