/* The one emitter of results (src/cli/doc.c). A command describes its
   result once, as rows (a label and a value), sections and nested records;
   the back end that --json, --latex or neither chose writes it: text
   ("  label                  value"), one JSON object, or a LaTeX table
   (tex.h). The JSON key of a row is its label with spaces and hyphens as
   underscores, or what follows '|' in the label ("matrices|matrix_size");
   "|key" is a row of JSON alone, "label|" one of text and LaTeX alone.
   Prose and equations (cli_doc_say, cli_doc_eq) are text and LaTeX alone:
   explain writes its reasoning with them and its JSON with "|key" rows. */
#ifndef LT_CLI_DOC_H
#define LT_CLI_DOC_H

#include <stdio.h>
#include "cli.h"
#include "tex.h"
#include "lietool/free.h"

typedef enum { CLI_TEXT, CLI_JSON, CLI_TEX } cli_mode;

typedef struct cli_doc {
    FILE *f;
    cli_mode mode;
    int width;              /* text: the width of the label column (22) */
    const char *indent;     /* text: before each row ("  ") */
    int table;              /* LaTeX: a key/value table is open */
    int first;              /* JSON: nothing written yet in the open record */
    int row;                /* the open row is written in this mode */
    const char *object;     /* prose: what @ stands for (cli_doc_say) */
    int in_eq;              /* LaTeX: an align* of equations is open */
} cli_doc;

/* Starts the output: JSON, the object and its keys "object" and
   "command"; text, the heading line: object (when not NULL) and after
   (when not NULL); LaTeX, the comment line and the same heading, the
   object set as mathematics. */
void cli_doc_begin(cli_doc *d, const cli_opts *o, const char *object, const char *after);
/* The same without writing anything: for a command that has started its
   output itself (JSON: after a key). */
void cli_doc_attach(cli_doc *d, const cli_opts *o);
/* Ends it (tex_note: a last LaTeX line, or NULL); LaTeX: closes the open
   table or align*. */
void cli_doc_end(cli_doc *d, const char *tex_note);
/* A section: text, an empty line and its title; LaTeX, a heading. */
void cli_doc_section(cli_doc *d, const char *title);

/* A row whose value the caller writes to the FILE returned (in the
   form of d->mode: JSON, text or LaTeX in text mode), then ends with
   cli_doc_row_end. NULL when the row is not written in this mode (the
   caller writes nothing, and still calls cli_doc_row_end). */
FILE *cli_doc_row(cli_doc *d, const char *label);
void cli_doc_row_end(cli_doc *d);

/* Typed rows. long: v < 0 is none (JSON null, text and LaTeX the words
   none) when none is not NULL. mpz: JSON a string. str: text as it is,
   escaped for JSON and LaTeX; NULL is JSON null and text none. prose:
   $...$ marks lietool's plain notation (cli_tex_prose), left out in text
   and JSON. */
void cli_doc_bool(cli_doc *d, const char *label, int v);
void cli_doc_long(cli_doc *d, const char *label, long v, const char *none);
void cli_doc_mpz(cli_doc *d, const char *label, const mpz_t z);
void cli_doc_str(cli_doc *d, const char *label, const char *s, const char *none);
void cli_doc_prose(cli_doc *d, const char *label, const char *s);
/* A row of text and LaTeX alone: prose (printf's format, $...$ marks) and
   its source in parentheses when src is not NULL. */
void cli_doc_claim(cli_doc *d, const char *label, const char *src, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* The same prose written into the open row (text and LaTeX only). */
void cli_doc_text(cli_doc *d, const char *src, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* An exact integer written into the open row (JSON a string, LaTeX math). */
void cli_doc_put_mpz(cli_doc *d, const mpz_t z);
/* LaTeX: closes the open table or align* (before a heading or a list). */
void cli_doc_break(cli_doc *d);
void cli_doc_double(cli_doc *d, const char *label, const char *fmt, double v);
/* A series: text "24 > 12 > 1", JSON an array (a group's orders as
   strings, a Lie algebra's dimensions as numbers), LaTeX a chain with each
   size beneath its term (cli_tex_chain; upper: the sizes alone). */
void cli_doc_series(cli_doc *d, const char *label, const cli_tex_series_t *S, int upper);
void cli_doc_pgrp_series(cli_doc *d, const char *label, const lt_pgrp_series_t S, int lower);
void cli_doc_lie_series(cli_doc *d, const char *label, const lt_lseries_t S, int kind);
/* The same for n dimensions (a floating-point profile). */
void cli_doc_dims(cli_doc *d, const char *label, const slong *dims, slong n);

/* A nested record (JSON: "key": {...}; text and LaTeX: its rows follow,
   text indented by two more spaces under the label's line when the label
   is not empty), and a list of records (JSON "key": [...], one
   cli_doc_item_begin ... cli_doc_item_end each). */
void cli_doc_open(cli_doc *d, const char *label);
void cli_doc_close(cli_doc *d);
void cli_doc_list_begin(cli_doc *d, const char *label);
void cli_doc_list_end(cli_doc *d);
void cli_doc_item_begin(cli_doc *d);
void cli_doc_item_end(cli_doc *d);
/* JSON: a bare value in a list (the caller writes it), after its comma. */
FILE *cli_doc_elem(cli_doc *d);
/* JSON alone: a row whose value printf's format writes (JSON already), and
   a list of n strings. */
void cli_doc_json(cli_doc *d, const char *label, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void cli_doc_strs(cli_doc *d, const char *label, int n, const char *const *s);

/* Prose and equations (explain), written in text and LaTeX alone. A line
   of prose (gmp_printf's format; "" an empty line) in which $...$ marks
   lietool's plain notation, @ stands for d->object and a piece
   (cli_doc_piece) is copied as it is: text prints it without the $ marks,
   LaTeX as a paragraph with the marked parts as mathematics. An equation
   "lhs = rhs" in plain notation: text indented by two spaces, LaTeX a line
   of an align* (one per run of equations). */
void cli_doc_say(cli_doc *d, const char *fmt, ...);
void cli_doc_eq(cli_doc *d, const char *fmt, ...);
/* A piece of a line built with stdio: plain text, or (d in LaTeX) raw
   LaTeX between \1 marks that cli_doc_say and cli_doc_eq copy.
   cli_doc_piece_end returns it (malloc'd). */
typedef struct { char *s; size_t size; FILE *f; int tex; } cli_doc_buf;
FILE *cli_doc_piece(cli_doc_buf *b, const cli_doc *d);
char *cli_doc_piece_end(cli_doc_buf *b);
/* A matrix whose entry (i, j) put writes in d's mode (JSON: a value): JSON,
   the row label ([[...], ...]) when label is not NULL; text and LaTeX, a
   piece ([[0,1],[0,0]], or a pmatrix), returned (malloc'd; NULL in JSON). */
typedef void (*cli_doc_entry)(FILE *f, const void *M, slong i, slong j, cli_mode mode);
char *cli_doc_matrix(cli_doc *d, const char *label, const void *M, slong r, slong c, cli_doc_entry put);

/* A Lie series: the non-zero terms of c, its coefficients in the Lyndon
   basis B; text "coefficient bracket" a line, JSON the list "terms" of
   {"index", "word" (with word), "bracket", "degree", "coefficient"},
   LaTeX the align* "lhs_tex = sum". names: the letters' names, or NULL
   for B's own (X, Y, ...). */
void cli_doc_brackets(cli_doc *d, const char *lhs_tex, const lt_lyndon_t B, const fmpq *c, char *const *names, int word);

/* An exact matrix (cli_doc_matrix): entries p/q, JSON strings, LaTeX fractions. */
char *cli_doc_qmat(cli_doc *d, const char *label, const fmpq_mat_struct *M);

#endif
