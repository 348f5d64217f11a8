/* lietool is-perfect */
#include "cli.h"

int cmd_is_perfect(int argc, char **argv, const lt_cmd *self)
{
    return cli_predicate_cmd(argc, argv, self, "perfect");
}
