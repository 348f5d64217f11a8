/* lietool explain: the parts in other files. Each explanation is written
   once through the emitter (doc.h): its prose and equations (lt_doc_say,
   lt_doc_eq) are its text and LaTeX, its "|key" rows its JSON. */
#ifndef LT_CLI_EXPLAIN_H
#define LT_CLI_EXPLAIN_H
#include "cli.h"
#include "doc.h"

/* A permutation in cycle notation (malloc'd); LaTeX: the identity as id. */
char *cli_ex_perm(const lt_doc *d, const int *p, int n);

/* `explain commutator translations|rotations` (src/cli/explain_rot.c),
   the subcommand d of explain. Returns the exit status. */
int cli_explain_commutator(int argc, char **argv, const lt_cmd *self, const cli_decl *d);

#endif
