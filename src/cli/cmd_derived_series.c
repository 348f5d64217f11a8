/* lietool derived-series */
#include "cli.h"

const cli_decl cli_derived_series_decl = {.common = CLI_O_JSON | CLI_O_LATEX | CLI_O_FLOAT | CLI_O_LIMITS, CLI_OBJECT_ARGS};

int cmd_derived_series(int argc, char **argv, const lt_cmd *self)
{
    return cli_series_cmd(argc, argv, self, 0, 0);
}
