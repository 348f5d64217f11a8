/* lietool dimension */
#include "cli.h"

int cmd_dimension(int argc, char **argv, const lt_cmd *self)
{
    return cli_lie_cmd(argc, argv, self, 0);
}
