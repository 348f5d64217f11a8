/* lietool closure */
#include "cli.h"

int cmd_closure(int argc, char **argv, const lt_cmd *self)
{
    return cli_lie_cmd(argc, argv, self, 3);
}
