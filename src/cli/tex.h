/* The LaTeX back end of --latex (src/cli/tex.c): a command that takes
   --latex fills its result as for text and JSON and writes it with these
   pieces. The fragment needs \usepackage{amsmath} and nothing else.
   Everything that lietool did not produce itself (object strings, file
   names, messages) goes through cli_tex_text or cli_tex_object, which
   escape it for LaTeX; the rest is mathematics written directly, or
   lietool's own plain notation set by cli_tex_math. */
#ifndef LT_CLI_TEX_H
#define LT_CLI_TEX_H

#include <stdio.h>
#include <gmp.h>
#include <mpfr.h>
#include <flint/fmpq.h>
#include <flint/fmpq_mat.h>
#include "cli.h"

/* The comment line naming the command and its operands, and the fallback
   definition of \mathfrak (amssymb's) so that amsmath alone suffices. */
void cli_tex_begin(FILE *f, const cli_opts *o);
/* Text mode: s escaped (\ { } $ & % # _ ^ ~ < > |). */
void cli_tex_text(FILE *f, const char *s);
/* The same for the len characters at s. */
void cli_tex_text_n(FILE *f, const char *s, size_t len);
/* Math mode: an object name as mathematics: S4 -> S_{4},
   C5 x A4 -> C_{5} \times A_{4}, sl(2) -> \mathfrak{sl}(2),
   PSL(2,7) -> \mathrm{PSL}(2,7); anything else as escaped \text{...}. */
void cli_tex_object(FILE *f, const char *obj);
/* Math mode: lietool's own plain notation (X, [X,[X,Y]], a^-1 b,
   eps^(c(k)+1), ceil(log2 T) + 1, ||Omega_2||, x1) as mathematics:
   exponents and subscripts braced (a^-1 -> a^{-1}, x1 -> x_{1}), eps, pi,
   Omega, log2, ceil(...), floor(...), sqrt(...) as \varepsilon, \pi,
   \Omega, \log_2, \lceil...\rceil, \lfloor...\rfloor, \sqrt{...}; <= >=
   != -> || as \le \ge \neq \to \|; other words of two or more letters
   upright; the characters that mean something else in LaTeX escaped. */
void cli_tex_math(FILE *f, const char *s);
/* Text mode: prose of lietool's own in which $...$ marks plain notation:
   the text escaped, each marked part set by cli_tex_math in $...$. */
void cli_tex_prose(FILE *f, const char *s);
/* Prints prose as plain text: s without its $ marks. */
void cli_plain_prose(FILE *f, const char *s);
/* Math mode: an integer, a rational as \frac{p}{q} (sign in front), an
   exact matrix as a pmatrix, a permutation in cycle notation (1-based;
   \mathrm{id} for the identity), a floating-point number with digits
   significant digits (1.5 \cdot 10^{-3}). */
void cli_tex_mpz(FILE *f, const mpz_t z);
void cli_tex_fmpq(FILE *f, const fmpq_t q);
void cli_tex_qmat(FILE *f, const fmpq_mat_t M);
void cli_tex_perm(FILE *f, const int *p, int n);
void cli_tex_mpfr(FILE *f, const mpfr_t x, int digits);
/* A two-column table of key / value rows in text mode: begin, one row per
   call (the value already LaTeX), end. cli_tex_table_key starts a row
   whose value the caller then writes, and cli_tex_table_row_end ends it. */
void cli_tex_table_begin(FILE *f);
void cli_tex_table_key(FILE *f, const char *key);
void cli_tex_table_row_end(FILE *f);
void cli_tex_table_end(FILE *f);
/* A heading (bold, its own paragraph) and a paragraph of escaped text. */
void cli_tex_heading(FILE *f, const char *s);
void cli_tex_par(FILE *f, const char *s);

/* Series: the terms' sizes (orders of a group's subgroups, dimensions of
   a Lie algebra's subalgebras), n of them, from the whole object down.
   lower: the lower central series (gamma_1 > gamma_2 > ...), else the
   derived series (G^{(0)} > G^{(1)} > ...). */
typedef struct {
    int n;
    const __mpz_struct *size;
    int lower, is_lie;
    int reaches_bottom;     /* the last term is 1 (0 for a Lie algebra) */
} cli_tex_series_t;
/* Math mode: the chain of terms, each size beneath its term. */
void cli_tex_chain(FILE *f, const cli_tex_series_t *S);
/* A displayed equation "OBJECT = chain = 1" (or a note that the series
   stops), and the line saying what is beneath the terms. */
void cli_tex_series(FILE *f, const char *obj, const cli_tex_series_t *S);

/* S from a group's series (orders) or a Lie algebra's (dimensions):
   S->size allocated here, released by cli_tex_series_clear. */
void cli_tex_series_pgrp(cli_tex_series_t *S, const lt_pgrp_series_t G, int lower);
void cli_tex_series_lie(cli_tex_series_t *S, const lt_lseries_t L, int lower);
void cli_tex_series_clear(cli_tex_series_t *S);
/* A heading that is an object: the object as mathematics, then the
   escaped text after (may be ""), bold, its own paragraph. */
void cli_tex_heading_object(FILE *f, const char *obj, const char *after);

/* A sum of Lie brackets with rational coefficients as an align*
   "lhs &= ...", four terms a line: begin, then per term cli_tex_sum_term
   (the sign and coefficient) followed by the bracket (math mode, written
   by the caller), then end ("0" when there were no terms). */
typedef struct { FILE *f; int n; } cli_tex_sum;
void cli_tex_sum_begin(cli_tex_sum *s, FILE *f, const char *lhs_tex);
void cli_tex_sum_term(cli_tex_sum *s, const fmpq_t c);
void cli_tex_sum_end(cli_tex_sum *s);

#endif
