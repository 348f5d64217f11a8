/* lietool is-nilpotent */
#include "cli.h"

int cmd_is_nilpotent(int argc, char **argv, const lt_cmd *self)
{
    return cli_predicate_cmd(argc, argv, self, "nilpotent");
}
