/* lietool is-solvable */
#include "cli.h"

int cmd_is_solvable(int argc, char **argv, const lt_cmd *self)
{
    return cli_predicate_cmd(argc, argv, self, "solvable");
}
