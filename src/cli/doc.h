/* The command line's side of the document writer (lietool/doc.h): a
   document started from a command's options (src/cli/common.c). */
#ifndef LT_CLI_DOC_H
#define LT_CLI_DOC_H

#include "cli.h"
#include "lietool/doc.h"

/* Starts the output in the mode --json / --latex chose: JSON, the keys
   "object" (the object as given) and "command"; LaTeX, the comment line
   with the command and its operands; then (text and LaTeX) the heading:
   object (when not NULL) and after (when not NULL). */
void cli_doc_begin(lt_doc *d, const cli_opts *o, const char *object, const char *after);
/* The same without the heading: for a writer of src/write, which writes
   its own (lietool/write.h). */
void cli_doc_start(lt_doc *d, const cli_opts *o);

#endif
