/* lietool radical */
#include "cli.h"

int cmd_radical(int argc, char **argv, const lt_cmd *self)
{
    return cli_lie_cmd(argc, argv, self, 2);
}
