/* lietool nilpotency-class */
#include "cli.h"

int cmd_nilpotency_class(int argc, char **argv, const lt_cmd *self)
{
    return cli_series_cmd(argc, argv, self, 1, 1);
}
