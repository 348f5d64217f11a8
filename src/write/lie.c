/* The answers of the Lie-algebra commands as documents (lietool/write.h):
   a subspace by a basis (center, radical, closure), the dimension and the
   Killing form. Exact rationals as p/q (JSON strings). */
#include <stdlib.h>
#include "lietool/write.h"

/* JSON: a coordinate vector as an array of "p/q" strings. */
static void json_qvec(FILE *f, const fmpq *x, slong n)
{
    for (slong i = 0; i < n; i++) { fputs(i ? ", \"" : "[\"", f); fmpq_fprint(f, x + i); fputc('"', f); }
    fputs(n ? "]" : "[]", f);
}

/* EMITTER-CANDIDATE: lt_doc_matrix writes a JSON matrix only as a row
   (it needs a label); a basis is a list of matrices, so json_qvec and this
   write the list's elements.
   An element given by coordinates x: a matrix when L has a matrix form,
   else the coordinate vector. JSON: written as an element of the open
   list (NULL returned); text and LaTeX: a piece (doc.h), malloc'd. */
static char *element(lt_doc *d, const lt_liealg_t L, const fmpq *x, const fmpq_mat_struct *M)
{
    char *s = NULL;
    if (M) {
        if (d->mode != LT_DOC_JSON) s = lt_doc_qmat(d, NULL, M);
        else {
            FILE *f = lt_doc_elem(d);
            for (slong i = 0; i < L->n; i++) { fputs(i ? ", " : "[", f); json_qvec(f, fmpq_mat_entry(M, i, 0), L->n); }
            fputs(L->n ? "]" : "[]", f);
        }
        return s;
    }
    if (d->mode == LT_DOC_JSON) { json_qvec(lt_doc_elem(d), x, L->dim); return NULL; }
    lt_doc_buf b;
    FILE *f = lt_doc_piece(&b, d);
    for (slong i = 0; i < L->dim; i++) {
        fputs(i ? ", " : "(", f);
        if (d->mode == LT_DOC_TEX) lt_tex_fmpq(f, x + i); else fmpq_fprint(f, x + i);
    }
    fputs(L->dim ? ")" : "()", f);
    return lt_doc_piece_end(&b);
}

void lt_write_lie_space(lt_doc *d, const char *object, const char *what, const lt_liealg_t L, const lt_qspace_t S,
                        const fmpq_mat_struct *M, int bare)
{
    if (d->mode == LT_DOC_TEX) lt_doc_heading(d, object, what);
    d->width = 0;
    d->indent = "";
    if (!bare || d->mode != LT_DOC_TEXT) lt_doc_long(d, "dimension", (long)S->rank, NULL);
    lt_doc_list_begin(d, "basis");
    for (slong r = 0; r < S->rank; r++) {
        char *s = element(d, L, S->rows[r], M ? M + r : NULL);
        if (s) lt_doc_say(d, bare ? "$%s$" : "  $%s$", s);
        free(s);
    }
    lt_doc_list_end(d);
}

void lt_write_lie_dimension(lt_doc *d, const char *object, slong dim)
{
    if (d->mode == LT_DOC_TEX) lt_doc_heading(d, object, NULL);
    if (d->mode == LT_DOC_TEXT) lt_doc_say(d, "%ld", (long)dim);
    else lt_doc_long(d, "dimension", (long)dim, NULL);
}

void lt_write_killing(lt_doc *d, const char *object, const fmpq_mat_t K, slong rank)
{
    slong n = fmpq_mat_nrows(K);
    if (d->mode == LT_DOC_TEX) lt_doc_heading(d, object, ": the Killing form");
    /* lt_doc_qmat needs a row: the zero algebra's form is [] */
    char *m = n ? lt_doc_qmat(d, "killing", K) : (lt_doc_json(d, "killing", "[]"), NULL);
    if (m && d->mode == LT_DOC_TEX) lt_doc_eq(d, "\1\\kappa\1 = %s", m);
    for (slong i = 0; d->mode == LT_DOC_TEXT && i < n; i++) {
        lt_doc_buf b;
        FILE *f = lt_doc_piece(&b, d);
        for (slong j = 0; j < n; j++) { if (j) fputc(' ', f); fmpq_fprint(f, fmpq_mat_entry(K, i, j)); }
        char *line = lt_doc_piece_end(&b);
        lt_doc_say(d, "%s", line);
        free(line);
    }
    lt_doc_break(d);                              /* the align* */
    if (d->mode != LT_DOC_TEXT) lt_doc_long(d, "rank", (long)rank, NULL);
    free(m);
}
