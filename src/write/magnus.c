/* The Magnus expansion of a word and its certified truncation errors as
   documents (lietool/write.h): magnus, magnus --matrices. */
#include <stdlib.h>
#include "lietool/write.h"
#include "lietool/io.h"

static const char *norm_name(const lt_magnus_params *P)
{
    return P->norm == LT_NORM_SPECTRAL ? "spectral" : "frobenius";
}

/* The word's tokens in time order (JSON "word"). */
static void put_word(lt_doc *d, const lt_free_word_t W)
{
    lt_doc_list_begin(d, "word");
    for (slong i = 0; i < W->m && d->mode == LT_DOC_JSON; i++) lt_json_put_string(lt_doc_elem(d), lt_free_word_token(W, i));
    lt_doc_list_end(d);
}

/* EMITTER-CANDIDATE (src/write/depth.c has its own put_mpfr): an MPFR row.
   A certified value: "%.6Re" (JSON a number), LaTeX 7 digits; a row when
   label is not NULL, else a piece (malloc'd). */
static char *put_mpfr(lt_doc *d, const char *label, const mpfr_t x)
{
    lt_doc_buf b;
    FILE *f = label ? lt_doc_row(d, label) : lt_doc_piece(&b, d);
    if (f && d->mode == LT_DOC_TEX) lt_tex_mpfr(f, x, 7);
    else if (f) mpfr_fprintf(f, "%.6Re", x);
    if (label) lt_doc_row_end(d);
    return label ? NULL : lt_doc_piece_end(&b);
}

void lt_write_magnus_errors(lt_doc *d, const lt_magnus_params *P, const lt_magnus_result_t R, const lt_free_word_t W)
{
    put_word(d, W);
    lt_doc_str(d, "|norm", norm_name(P), NULL);
    put_mpfr(d, "|generator_mass", R->eps);
    put_mpfr(d, "|commutator_mass", R->comm);
    char *eps = put_mpfr(d, NULL, R->eps), *comm = put_mpfr(d, NULL, R->comm);
    lt_doc_say(d, "generator mass $eps = %s%s$, commutator mass $||Omega_2|| = %s$ (%s norm)",
                d->mode == LT_DOC_TEX ? lt_doc_raw("\1\\sum_{t} \\|h A_{w_t}\\| = \1") : "", eps, comm, norm_name(P));
    free(eps);
    free(comm);
    if (d->mode == LT_DOC_TEX)
        fputs("\\begin{center}\n\\begin{tabular}{rl}\n$k$ & "
              "$\\|\\exp(\\Omega^{[k]}) - e^{h A_{w_T}} \\cdots e^{h A_{w_1}}\\|$ \\\\\n\\hline\n", d->f);
    lt_doc_list_begin(d, "orders");
    for (long k = 1; k <= R->K; k++) {
        if (d->mode == LT_DOC_TEX) {
            fprintf(d->f, "$%ld$ & $", k);
            lt_tex_mpfr(d->f, R->errors + k - 1, 7);
            fputs("$ \\\\\n", d->f);
        } else if (d->mode == LT_DOC_TEXT) {
            char *e = put_mpfr(d, NULL, R->errors + k - 1);
            lt_doc_say(d, "%ld  %s", k, e);
            free(e);
        }
        lt_doc_item_begin(d);
        lt_doc_long(d, "|expansion_order", k, NULL);
        put_mpfr(d, "|error", R->errors + k - 1);
        lt_doc_item_end(d);
    }
    lt_doc_list_end(d);
    if (d->mode == LT_DOC_TEX) { lt_doc_break(d); fputs("\\end{tabular}\n\\end{center}\n", d->f); }
}

void lt_write_magnus(lt_doc *d, long K, const lt_lyndon_t B, const fmpq *c, const lt_free_word_t W)
{
    slong nz = 0;
    for (slong i = 0; i < B->n; i++) nz += !fmpq_is_zero(c + i);
    put_word(d, W);
    lt_doc_strs(d, "letters", W->r, (const char *const *)W->names);
    lt_doc_long(d, "|expansion_order", K, NULL);
    lt_doc_long(d, "|dimension", (long)B->n, NULL);
    lt_doc_long(d, "|nonzero", (long)nz, NULL);
    lt_doc_brackets(d, "\\Omega", B, c, W->names, 0);
}
