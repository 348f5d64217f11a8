/* --latex (src/cli/latex.c). */
#ifndef LT_CLI_LATEX_H
#define LT_CLI_LATEX_H
#include "cli.h"

/* Does the command take --latex? */
int cli_latex_wanted(const char *name);
/* Removes every `flag` before "--" from argv (argc updated); 1 if found. */
int cli_take_flag(int *argc, char **argv, const char *flag);
/* Runs the command with its output captured and prints it as a LaTeX
   fragment; returns the command's exit status. */
int cli_latex_run(const lt_cmd *cmd, int argc, char **argv);

#endif
