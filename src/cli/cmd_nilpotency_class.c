/* lietool nilpotency-class */
#include "cli.h"

const cli_decl cli_nilpotency_class_decl = {.common = CLI_O_JSON | CLI_O_FLOAT | CLI_O_LIMITS, CLI_OBJECT_ARGS};

int cmd_nilpotency_class(int argc, char **argv, const lt_cmd *self)
{
    return cli_series_cmd(argc, argv, self, 1, 1);
}
