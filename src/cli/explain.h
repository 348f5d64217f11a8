/* lietool explain: the parts in other files. */
#ifndef LT_CLI_EXPLAIN_H
#define LT_CLI_EXPLAIN_H
#include "cli.h"

/* `explain commutator translations|rotations` (src/cli/explain_rot.c),
   the subcommand d of explain. Returns the exit status. */
int cli_explain_commutator(int argc, char **argv, const lt_cmd *self, const cli_decl *d);

#endif
