/* TRANSITIONAL, explain only (src/cli/latex.c): explain --latex captures
   explain's text and sets it in LaTeX until explain writes its own LaTeX
   with tex.h; then this goes. */
#ifndef LT_CLI_LATEX_H
#define LT_CLI_LATEX_H
#include "cli.h"

/* Called by cli_getopts when explain is given --latex: standard output is
   captured from here on (the operands of o are the object). -1 to go on,
   or an exit status. */
int cli_latex_begin(const cli_opts *o, const lt_cmd *cmd);
/* In main after the command: with a capture under way, prints what the
   command printed as a LaTeX fragment when its status r is 0 or 1; returns r. */
int cli_latex_end(int r);

#endif
