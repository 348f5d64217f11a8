/* lietool is-abelian */
#include "cli.h"

int cmd_is_abelian(int argc, char **argv, const lt_cmd *self)
{
    return cli_predicate_cmd(argc, argv, self, "abelian");
}
