/* lietool is-semisimple */
#include "cli.h"

int cmd_is_semisimple(int argc, char **argv, const lt_cmd *self)
{
    return cli_predicate_cmd(argc, argv, self, "semisimple");
}
