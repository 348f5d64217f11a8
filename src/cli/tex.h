/* The LaTeX back end of --latex (src/cli/tex.c): a command that takes
   --latex fills its result as for text and JSON and writes it with these
   pieces. The fragment needs \usepackage{amsmath} and nothing else.
   Everything that lietool did not produce itself (object strings, file
   names, messages) goes through cli_tex_text or cli_tex_object, which
   escape it for LaTeX; the rest is mathematics written directly. */
#ifndef LT_CLI_TEX_H
#define LT_CLI_TEX_H

#include <stdio.h>
#include <gmp.h>
#include <flint/fmpq.h>
#include <flint/fmpq_mat.h>
#include "cli.h"

/* The comment line naming the command and its object, and the fallback
   definition of \mathfrak (amssymb's) so that amsmath alone suffices. */
void cli_tex_begin(FILE *f, const cli_opts *o);
/* Text mode: s escaped (\ { } $ & % # _ ^ ~ < > |). */
void cli_tex_text(FILE *f, const char *s);
/* Math mode: an object name as mathematics: S4 -> S_{4},
   C5 x A4 -> C_{5} \times A_{4}, sl(2) -> \mathfrak{sl}(2); anything
   else upright and escaped. */
void cli_tex_object(FILE *f, const char *obj);
/* Math mode: a word or bracket as lietool writes it (X, [X,[X,Y]],
   a^-1 b) with exponents braced and specials escaped. */
void cli_tex_math(FILE *f, const char *s);
/* Math mode: an integer, a rational as \frac{p}{q} (sign in front), an
   exact matrix as a pmatrix, a permutation in cycle notation (1-based). */
void cli_tex_mpz(FILE *f, const mpz_t z);
void cli_tex_fmpq(FILE *f, const fmpq_t q);
void cli_tex_qmat(FILE *f, const fmpq_mat_t M);
void cli_tex_perm(FILE *f, const int *p, int n);
/* A two-column table of key / value rows in text mode: begin, one row per
   call (the value already LaTeX), end. */
void cli_tex_table_begin(FILE *f);
void cli_tex_table_row(FILE *f, const char *key, const char *value_tex);
void cli_tex_table_end(FILE *f);

#endif
