/* lietool explain: the parts in other files, and the one writer of its
   text and LaTeX (src/cli/explain_writer.c). */
#ifndef LT_CLI_EXPLAIN_H
#define LT_CLI_EXPLAIN_H
#include "cli.h"

/* explain writes each line once, for text or LaTeX (tex.h): prose in
   which $...$ marks lietool's plain notation and @ stands for the object,
   and equations "lhs = rhs" in plain notation. Text prints them as they
   are (without the $ marks, equations indented by two spaces); LaTeX sets
   the prose as a paragraph with its marked parts as mathematics and runs
   of equations as one align*. Pieces made by cli_ex_open (matrices,
   numbers) are plain text or raw LaTeX. */
typedef struct {
    int tex;
    const char *object;
    int in_eq;              /* LaTeX: inside an align* */
} cli_explainer;

void cli_ex_init(cli_explainer *e, const cli_opts *o);
/* A line of prose (gmp_printf's format); "" for an empty line. */
void cli_ex_say(cli_explainer *e, const char *fmt, ...);
/* An equation line (gmp_printf's format). */
void cli_ex_eq(cli_explainer *e, const char *fmt, ...);
/* LaTeX: starts an equation line that the caller writes ("lhs &= rhs"). */
void cli_ex_eq_raw(cli_explainer *e);
/* Ends a run of equations (before the output ends). */
void cli_ex_end(cli_explainer *e);
/* A piece built with stdio: plain text, or raw LaTeX that the lines
   above copy as it is (cli_ex_open writes its mark, cli_ex_close the
   closing one and returns the string, malloc'd). */
typedef struct {
    char *s;
    size_t size;
    FILE *f;
} cli_exbuf;
FILE *cli_ex_open(cli_exbuf *b, const cli_explainer *e);
char *cli_ex_close(cli_exbuf *b, const cli_explainer *e);
/* A permutation as a string (malloc'd): cycle notation, the identity "()"
   (LaTeX: "id", set as \mathrm{id}). */
char *cli_ex_perm(const cli_explainer *e, const int *p, int n);

/* `explain commutator translations|rotations` (src/cli/explain_rot.c),
   the subcommand d of explain. Returns the exit status. */
int cli_explain_commutator(int argc, char **argv, const lt_cmd *self, const cli_decl *d);

#endif
