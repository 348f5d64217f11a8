/* lietool explain: the parts in other files. Each explanation is written
   once through the emitter (doc.h): its prose and equations (cli_doc_say,
   cli_doc_eq) are its text and LaTeX, its "|key" rows its JSON. */
#ifndef LT_CLI_EXPLAIN_H
#define LT_CLI_EXPLAIN_H
#include "cli.h"
#include "doc.h"

/* A JSON row whose value printf's format writes (JSON already); nothing
   in text and LaTeX. */
void cli_ex_json(cli_doc *d, const char *key, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* JSON: "sources": [a, b] (b may be NULL). */
void cli_ex_sources(cli_doc *d, const char *a, const char *b);
/* An exact matrix: JSON, the row key ([["0", "1"], ...]; num: numbers)
   when key is not NULL; text and LaTeX, returned as a piece for
   cli_doc_say ([[0,1],[0,0]], or a pmatrix; malloc'd; NULL in JSON). */
char *cli_ex_qmat(cli_doc *d, const char *key, const fmpq_mat_struct *M, int num);
/* A permutation in cycle notation (malloc'd); LaTeX: the identity as id. */
char *cli_ex_perm(const cli_doc *d, const int *p, int n);

/* `explain commutator translations|rotations` (src/cli/explain_rot.c),
   the subcommand d of explain. Returns the exit status. */
int cli_explain_commutator(int argc, char **argv, const lt_cmd *self, const cli_decl *d);

#endif
