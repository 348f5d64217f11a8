/* Primitives the emitter (doc.h) lacks, for ssm eval, sweep and rotation;
   each an EMITTER-CANDIDATE. */
#ifndef LT_CLI_DOC_EXTRA_H
#define LT_CLI_DOC_EXTRA_H

#include "doc.h"

/* EMITTER-CANDIDATE: a string row whose value printf's format writes
   (then as cli_doc_str: escaped for JSON and LaTeX). */
void cli_doc_strf(cli_doc *d, const char *label, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

/* EMITTER-CANDIDATE: a table of text and LaTeX alone; JSON writes the
   same records with cli_doc_list_begin, and every call here writes
   nothing in JSON. Text: each cell through its own printf format, which
   holds the cell's spacing and width, a row a line. LaTeX: a tabular
   (cols: its column specification) of the cells without their spaces, a
   number in e-notation as mathematics, anything else escaped, the first
   row (the header) ruled off. */
typedef struct { cli_doc *d; int cells, rows; } cli_tab;

void cli_tab_begin(cli_tab *t, cli_doc *d, const char *cols);
void cli_tab_cell(cli_tab *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void cli_tab_row_end(cli_tab *t);
void cli_tab_end(cli_tab *t);

#endif
