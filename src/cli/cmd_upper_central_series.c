/* lietool upper-central-series */
#include "cli.h"

const cli_decl cli_upper_central_series_decl = {.common = CLI_O_JSON | CLI_O_LIMITS, CLI_OBJECT_ARGS};

int cmd_upper_central_series(int argc, char **argv, const lt_cmd *self)
{
    return cli_series_cmd(argc, argv, self, 2, 0);
}
