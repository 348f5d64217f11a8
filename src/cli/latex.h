/* --latex (src/cli/latex.c). */
#ifndef LT_CLI_LATEX_H
#define LT_CLI_LATEX_H
#include "cli.h"

/* Called by cli_getopts when --latex is given: standard output is
   captured from here on (the operands of o are the object). -1 to go on,
   or an exit status. */
int cli_latex_begin(const cli_opts *o, const lt_cmd *cmd, int argc, char **argv);
/* In main after the command: with a capture under way, prints what the
   command printed as a LaTeX fragment when its status r is 0 or 1; returns r. */
int cli_latex_end(int r);

#endif
