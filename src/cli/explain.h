/* lietool explain: the parts in other files. */
#ifndef LT_CLI_EXPLAIN_H
#define LT_CLI_EXPLAIN_H
#include "cli.h"

/* `explain commutator translations|rotations` (src/cli/explain_rot.c):
   argv[0] is "commutator". Returns the exit status. */
int cli_explain_commutator(int argc, char **argv, const lt_cmd *self);

#endif
