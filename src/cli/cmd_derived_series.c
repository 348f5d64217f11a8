/* lietool derived-series */
#include "cli.h"

int cmd_derived_series(int argc, char **argv, const lt_cmd *self)
{
    return cli_series_cmd(argc, argv, self, 0, 0);
}
