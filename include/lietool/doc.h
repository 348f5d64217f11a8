/* Documents: lietool's one writer of results (src/doc). A result is
   described once, as rows (a label and a value), sections, nested records,
   prose and equations; the back end chosen when the document starts
   writes it as text ("  label                  value"), one JSON object,
   or a LaTeX fragment that needs amsmath alone. The JSON key of a row is
   its label with spaces and hyphens as underscores, or what follows '|' in
   the label ("matrices|matrix_size"); "|key" is a row of JSON alone,
   "label|" one of text and LaTeX alone. Prose and equations (lt_doc_say,
   lt_doc_eq) are text and LaTeX alone. Everything the caller did not
   produce itself (object strings, file names) is escaped for the back
   end's language here. The first half (lt_tex_*) is the LaTeX back end's pieces,
   for values a caller writes into a row itself. */
#ifndef LIETOOL_DOC_H
#define LIETOOL_DOC_H

#include <stdio.h>
#include <gmp.h>
#include <mpfr.h>
#include <flint/fmpq.h>
#include <flint/fmpq_mat.h>
#include "lietool/perm.h"
#include "lietool/liealg.h"
#include "lietool/free.h"
#include "lietool/depth.h"

/* ---- the LaTeX back end ---- */

/* Text mode: s escaped (\ { } $ & % # _ ^ ~ < > |). */
void lt_tex_text(FILE *f, const char *s);
/* The same for the len characters at s. */
void lt_tex_text_n(FILE *f, const char *s, size_t len);
/* Math mode: an object name as mathematics: S4 -> S_{4},
   C5 x A4 -> C_{5} \times A_{4}, sl(2) -> \mathfrak{sl}(2),
   PSL(2,7) -> \mathrm{PSL}(2,7); anything else as escaped \text{...}. */
void lt_tex_object(FILE *f, const char *obj);
/* Math mode: lietool's own plain notation (X, [X,[X,Y]], a^-1 b,
   eps^(c(k)+1), ceil(log2 T) + 1, ||Omega_2||, x1) as mathematics:
   exponents and subscripts braced (a^-1 -> a^{-1}, x1 -> x_{1}), eps, pi,
   Omega, log2, ceil(...), floor(...), sqrt(...) as \varepsilon, \pi,
   \Omega, \log_2, \lceil...\rceil, \lfloor...\rfloor, \sqrt{...}; <= >=
   != -> || as \le \ge \neq \to \|; other words of two or more letters
   upright; the characters that mean something else in LaTeX escaped. */
void lt_tex_math(FILE *f, const char *s);
/* Text mode: prose of lietool's own in which $...$ marks plain notation:
   the text escaped, each marked part set by lt_tex_math in $...$. */
void lt_tex_prose(FILE *f, const char *s);
/* Prints prose as plain text: s without its $ marks. */
void lt_doc_plain_prose(FILE *f, const char *s);
/* Math mode: an integer, a rational as \frac{p}{q} (sign in front), an
   exact matrix as a pmatrix, a permutation in cycle notation (1-based;
   \mathrm{id} for the identity), a floating-point number with digits
   significant digits (1.5 \cdot 10^{-3}). */
void lt_tex_mpz(FILE *f, const mpz_t z);
void lt_tex_fmpq(FILE *f, const fmpq_t q);
void lt_tex_qmat(FILE *f, const fmpq_mat_t M);
void lt_tex_perm(FILE *f, const int *p, int n);
void lt_tex_mpfr(FILE *f, const mpfr_t x, int digits);
/* A two-column table of key / value rows in text mode: begin, one row per
   call (the value already LaTeX), end. lt_tex_table_key starts a row
   whose value the caller then writes, and lt_tex_table_row_end ends it. */
void lt_tex_table_begin(FILE *f);
void lt_tex_table_key(FILE *f, const char *key);
void lt_tex_table_row_end(FILE *f);
void lt_tex_table_end(FILE *f);
/* A heading (bold, its own paragraph) and a paragraph of escaped text. */
void lt_tex_heading(FILE *f, const char *s);
void lt_tex_par(FILE *f, const char *s);

/* Math mode: the chain of terms, each size beneath its term. */
void lt_tex_chain(FILE *f, const lt_series_sizes_t *S);
/* A displayed equation "OBJECT = chain = 1" (or a note that the series
   stops), and the line saying what is beneath the terms. */
void lt_tex_series(FILE *f, const char *obj, const lt_series_sizes_t *S);

/* A heading that is an object: the object as mathematics, then the
   escaped text after (may be ""), bold, its own paragraph. */
void lt_tex_heading_object(FILE *f, const char *obj, const char *after);

/* A sum of Lie brackets with rational coefficients as an align*
   "lhs &= ...", four terms a line: begin, then per term lt_tex_sum_term
   (the sign and coefficient) followed by the bracket (math mode, written
   by the caller), then end ("0" when there were no terms). */
typedef struct { FILE *f; int n; } lt_tex_sum;
void lt_tex_sum_begin(lt_tex_sum *s, FILE *f, const char *lhs_tex);
void lt_tex_sum_term(lt_tex_sum *s, const fmpq_t c);
void lt_tex_sum_end(lt_tex_sum *s);

/* ---- documents ---- */


typedef enum { LT_DOC_TEXT, LT_DOC_JSON, LT_DOC_TEX } lt_doc_mode;

typedef struct lt_doc {
    FILE *f;
    lt_doc_mode mode;
    int width;              /* text: the width of the label column (22) */
    const char *indent;     /* text: before each row ("  ") */
    int table;              /* LaTeX: a key/value table is open */
    int first;              /* JSON: nothing written yet in the open record */
    int row;                /* the open row is written in this mode */
    const char *object;     /* prose: what @ stands for (lt_doc_say) */
    int in_eq;              /* LaTeX: an align* of equations is open */
} lt_doc;

/* Starts d on f in mode. */
void lt_doc_init(lt_doc *d, FILE *f, lt_doc_mode mode);
/* Starts the output: JSON, the keys "object" (object) and "command"
   (command) that every object starts with; LaTeX, the comment line
   "% lietool LINE --latex: ..." (line: the command and its operands) and
   the fallback \mathfrak; text, nothing. */
void lt_doc_start(lt_doc *d, const char *object, const char *command, const char *line);
/* The heading (text and LaTeX): object (when not NULL, LaTeX as
   mathematics) and after (when not NULL). */
void lt_doc_heading(lt_doc *d, const char *object, const char *after);
/* Ends it (tex_note: a last LaTeX line, or NULL); LaTeX: closes the open
   table or align*. */
void lt_doc_end(lt_doc *d, const char *tex_note);
/* A section: text, an empty line and its title; LaTeX, a heading. */
void lt_doc_section(lt_doc *d, const char *title);

/* A row whose value the caller writes to the FILE returned (in the
   form of d->mode: JSON, text or LaTeX in text mode), then ends with
   lt_doc_row_end. NULL when the row is not written in this mode (the
   caller writes nothing, and still calls lt_doc_row_end). */
FILE *lt_doc_row(lt_doc *d, const char *label);
void lt_doc_row_end(lt_doc *d);

/* Typed rows. long: v < 0 is none (JSON null, text and LaTeX the words
   none) when none is not NULL. mpz: JSON a string. str: text as it is,
   escaped for JSON and LaTeX; NULL is JSON null and text none. prose:
   $...$ marks lietool's plain notation (lt_tex_prose), left out in text
   and JSON. */
void lt_doc_bool(lt_doc *d, const char *label, int v);
void lt_doc_long(lt_doc *d, const char *label, long v, const char *none);
void lt_doc_mpz(lt_doc *d, const char *label, const mpz_t z);
void lt_doc_str(lt_doc *d, const char *label, const char *s, const char *none);
void lt_doc_prose(lt_doc *d, const char *label, const char *s);
/* A row of text and LaTeX alone: prose (printf's format, $...$ marks) and
   its source in parentheses when src is not NULL. */
void lt_doc_claim(lt_doc *d, const char *label, const char *src, const char *fmt, ...)
    __attribute__((format(printf, 4, 5)));
/* The same prose written into the open row (text and LaTeX only). */
void lt_doc_text(lt_doc *d, const char *src, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* An exact integer written into the open row (JSON a string, LaTeX math). */
void lt_doc_put_mpz(lt_doc *d, const mpz_t z);
/* LaTeX: closes the open table or align* (before a heading or a list). */
void lt_doc_break(lt_doc *d);
void lt_doc_double(lt_doc *d, const char *label, const char *fmt, double v);
/* A series: text "24 > 12 > 1", JSON an array (a group's orders as
   strings, a Lie algebra's dimensions as numbers), LaTeX a chain with each
   size beneath its term (lt_tex_chain; upper: the sizes alone). */
void lt_doc_series(lt_doc *d, const char *label, const lt_series_sizes_t *S, int upper);
void lt_doc_pgrp_series(lt_doc *d, const char *label, const lt_pgrp_series_t S, int lower);
void lt_doc_lie_series(lt_doc *d, const char *label, const lt_lseries_t S, int kind);
/* The same for n dimensions (a floating-point profile). */
void lt_doc_dims(lt_doc *d, const char *label, const slong *dims, slong n);

/* A nested record (JSON: "key": {...}; text and LaTeX: its rows follow,
   text indented by two more spaces under the label's line when the label
   is not empty), and a list of records (JSON "key": [...], one
   lt_doc_item_begin ... lt_doc_item_end each). */
void lt_doc_open(lt_doc *d, const char *label);
void lt_doc_close(lt_doc *d);
void lt_doc_list_begin(lt_doc *d, const char *label);
void lt_doc_list_end(lt_doc *d);
void lt_doc_item_begin(lt_doc *d);
void lt_doc_item_end(lt_doc *d);
/* JSON: a bare value in a list (the caller writes it), after its comma. */
FILE *lt_doc_elem(lt_doc *d);
/* JSON alone: a row whose value printf's format writes (JSON already), and
   a list of n strings. */
void lt_doc_json(lt_doc *d, const char *label, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void lt_doc_strs(lt_doc *d, const char *label, int n, const char *const *s);

/* Prose and equations (explain), written in text and LaTeX alone. A line
   of prose (gmp_printf's format; "" an empty line) in which $...$ marks
   lietool's plain notation, @ stands for d->object and a piece
   (lt_doc_piece) is copied as it is: text prints it without the $ marks,
   LaTeX as a paragraph with the marked parts as mathematics. An equation
   "lhs = rhs" in plain notation: text indented by two spaces, LaTeX a line
   of an align* (one per run of equations). */
void lt_doc_say(lt_doc *d, const char *fmt, ...);
void lt_doc_eq(lt_doc *d, const char *fmt, ...);
/* A piece of a line built with stdio: plain text, or (d in LaTeX) raw
   LaTeX between \1 marks that lt_doc_say and lt_doc_eq copy.
   lt_doc_piece_end returns it (malloc'd). */
typedef struct { char *s; size_t size; FILE *f; int tex; } lt_doc_buf;
FILE *lt_doc_piece(lt_doc_buf *b, const lt_doc *d);
char *lt_doc_piece_end(lt_doc_buf *b);
/* s, a constant of the caller's with raw LaTeX between \1 marks, made
   known as lietool's own (a \1 run in prose is copied raw only when
   lietool made it: lt_doc_piece, the format string, or this). */
const char *lt_doc_raw(const char *s);
/* A matrix whose entry (i, j) put writes in d's mode (JSON: a value): JSON,
   the row label ([[...], ...]) when label is not NULL; text and LaTeX, a
   piece ([[0,1],[0,0]], or a pmatrix), returned (malloc'd; NULL in JSON). */
typedef void (*lt_doc_entry)(FILE *f, const void *M, slong i, slong j, lt_doc_mode mode);
char *lt_doc_matrix(lt_doc *d, const char *label, const void *M, slong r, slong c, lt_doc_entry put);

/* A Lie series: the non-zero terms of c, its coefficients in the Lyndon
   basis B; text "coefficient bracket" a line, JSON the list "terms" of
   {"index", "word" (with word), "bracket", "degree", "coefficient"},
   LaTeX the align* "lhs_tex = sum". names: the letters' names, or NULL
   for B's own (X, Y, ...). */
void lt_doc_brackets(lt_doc *d, const char *lhs_tex, const lt_lyndon_t B, const fmpq *c, char *const *names, int word);

/* An exact matrix (lt_doc_matrix): entries p/q, JSON strings, LaTeX fractions. */
char *lt_doc_qmat(lt_doc *d, const char *label, const fmpq_mat_struct *M);

/* A string row whose value printf's format writes (then as lt_doc_str:
   escaped for JSON and LaTeX), and a value written into the open row by
   printf's format (LaTeX: as mathematics). */
void lt_doc_strf(lt_doc *d, const char *label, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void lt_doc_value(lt_doc *d, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* A table of text and LaTeX alone (JSON writes the same records as a list,
   and every call here writes nothing in JSON). Text: each cell through its
   own printf format, which holds the cell's spacing and width, a row a
   line. LaTeX: a tabular (cols: its column specification) of the cells
   without their spaces, a number in e-notation as mathematics
   (1.29e-03: 1.29 \cdot 10^{-3}), anything else escaped, the first row
   (the header) ruled off. */
typedef struct { lt_doc *d; int cells, rows; } lt_doc_tab;
void lt_doc_tab_begin(lt_doc_tab *t, lt_doc *d, const char *cols);
void lt_doc_tab_cell(lt_doc_tab *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void lt_doc_tab_row_end(lt_doc_tab *t);
void lt_doc_tab_end(lt_doc_tab *t);

#endif
