/* lietool derived-length */
#include "cli.h"

int cmd_derived_length(int argc, char **argv, const lt_cmd *self)
{
    return cli_series_cmd(argc, argv, self, 0, 1);
}
