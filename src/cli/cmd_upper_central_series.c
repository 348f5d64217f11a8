/* lietool upper-central-series */
#include "cli.h"

int cmd_upper_central_series(int argc, char **argv, const lt_cmd *self)
{
    return cli_series_cmd(argc, argv, self, 2, 0);
}
