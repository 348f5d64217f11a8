/* The commands on Lie algebras: series, predicates, centre, info, and the
   Lie-only commands (dimension, killing, radical, closure). Series are
   printed as dimensions; exact rationals as p/q (JSON strings). */
#include <stdlib.h>
#include "doc.h"
#include "lietool/io.h"

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
static char *element(lt_doc *d, const lt_liealg_t L, const fmpq *x)
{
    char *s = NULL;
    if (L->n > 0) {
        fmpq_mat_t M;
        fmpq_mat_init(M, L->n, L->n);
        lt_liealg_element_matrix(M, L, x);
        if (d->mode != LT_DOC_JSON) s = lt_doc_qmat(d, NULL, M);
        else {
            FILE *f = lt_doc_elem(d);
            for (slong i = 0; i < L->n; i++) { fputs(i ? ", " : "[", f); json_qvec(f, fmpq_mat_entry(M, i, 0), L->n); }
            fputs(L->n ? "]" : "[]", f);
        }
        fmpq_mat_clear(M);
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

/* A subspace of L: its dimension (text: not when bare) and its basis,
   text an element a line (indented unless bare). */
static void put_space(lt_doc *d, const lt_liealg_t L, const lt_qspace_t S, int bare)
{
    d->width = 0;
    d->indent = "";
    if (!bare || d->mode != LT_DOC_TEXT) lt_doc_long(d, "dimension", (long)S->rank, NULL);
    lt_doc_list_begin(d, "basis");
    for (slong r = 0; r < S->rank; r++) {
        char *s = element(d, L, S->rows[r]);
        if (s) lt_doc_say(d, bare ? "$%s$" : "  $%s$", s);
        free(s);
    }
    lt_doc_list_end(d);
}

int cli_lie_center(cli_opts *o, const lt_liealg_t L)
{
    lt_qspace_t Z;
    lt_qspace_init(Z, L->dim);
    lt_liealg_center(Z, L);
    lt_doc D;
    cli_doc_begin(&D, o, o->latex ? o->object : NULL, o->latex ? ": the center" : NULL);
    put_space(&D, L, Z, 0);
    lt_doc_end(&D, NULL);
    lt_qspace_clear(Z);
    return 0;
}

int cli_lie_info(cli_opts *o, const lt_liealg_t L)
{
    lt_liealg_profile_t P;
    lt_liealg_profile_init(P);
    lt_liealg_profile(P, L, LT_LIE_PROFILE_ALL);
    lt_doc D, *d = &D;
    cli_doc_begin(d, o, o->object, NULL);
    lt_doc_long(d, "dimension", (long)P->dim, NULL);
    if (P->matrix_size) {
        FILE *f = lt_doc_row(d, "matrices|matrix_size");
        long n = (long)P->matrix_size;
        if (f) fprintf(f, d->mode == LT_DOC_JSON ? "%ld" : d->mode == LT_DOC_TEX ? "$%ld \\times %ld$" : "%ld x %ld", n, n);
        lt_doc_row_end(d);
    }
    lt_doc_bool(d, "abelian", P->abelian);
    lt_doc_bool(d, "nilpotent", P->nilpotent);
    lt_doc_bool(d, "solvable", P->solvable);
    lt_doc_bool(d, "semisimple", P->semisimple);
    lt_doc_bool(d, "perfect", P->perfect);
    lt_doc_lie_series(d, "derived series", P->derived, 0);
    lt_doc_long(d, "derived length", P->solvable ? (long)P->derived_length : -1, "not solvable");
    lt_doc_lie_series(d, "lower central series", P->lower, 1);
    lt_doc_long(d, "nilpotency class", P->nilpotent ? (long)P->nilpotency_class : -1, "not nilpotent");
    lt_doc_lie_series(d, "upper central series", P->upper, 2);
    lt_doc_long(d, "center dimension", (long)P->center->rank, NULL);
    lt_doc_long(d, "killing rank", (long)P->killing_rank, NULL);
    lt_doc_long(d, "radical dimension", (long)P->radical->rank, NULL);
    lt_doc_end(d, "(beneath each term of a series its dimension)");
    lt_liealg_profile_clear(P);
    return 0;
}

/* ---- Lie-only commands ---- */

int cli_lie_cmd(int argc, char **argv, const lt_cmd *self, int what)
{
    cli_opts o;
    cli_object X;
    int r = cli_open_object(&o, &X, argc, argv, self);
    if (r >= 0) return r;
    if (X.is_float) {                                  /* dimension, closure, killing */
        r = what == 1 ? cli_float_killing(&o, &X) : cli_float_dimension(&o, &X);
        cli_close_object(&o, &X);
        return r;
    }
    const lt_liealg_struct *L = X.L;
    static const char *const what_tex[] = {NULL, ": the Killing form", ": the radical", ": a basis"};
    lt_doc D, *d = &D;
    if (what == 3 && o.gap) {                          /* closure as GAP's table */
        lt_io_write_gap_table(stdout, X.L);
        cli_close_object(&o, &X);
        return 0;
    }
    cli_doc_begin(d, &o, o.latex ? o.object : NULL, o.latex ? what_tex[what] : NULL);
    if (what == 0 && d->mode == LT_DOC_TEXT) lt_doc_say(d, "%ld", (long)L->dim);
    else if (what == 0) lt_doc_long(d, "dimension", (long)L->dim, NULL);
    else if (what == 1) {                              /* killing */
        fmpq_mat_t K;
        fmpq_mat_init(K, L->dim, L->dim);
        lt_liealg_killing(K, X.L);
        /* lt_doc_qmat needs a row: the zero algebra's form is [] */
        char *m = L->dim ? lt_doc_qmat(d, "killing", K) : (lt_doc_json(d, "killing", "[]"), NULL);
        if (m && d->mode == LT_DOC_TEX) lt_doc_eq(d, "\1\\kappa\1 = %s", m);
        for (slong i = 0; d->mode == LT_DOC_TEXT && i < L->dim; i++) {
            lt_doc_buf b;
            FILE *f = lt_doc_piece(&b, d);
            for (slong j = 0; j < L->dim; j++) { if (j) fputc(' ', f); fmpq_fprint(f, fmpq_mat_entry(K, i, j)); }
            char *line = lt_doc_piece_end(&b);
            lt_doc_say(d, "%s", line);
            free(line);
        }
        lt_doc_break(d);                              /* the align* */
        if (d->mode != LT_DOC_TEXT) lt_doc_long(d, "rank", (long)(L->dim ? lt_qmat_rank(K) : 0), NULL);
        free(m);
        fmpq_mat_clear(K);
    } else {                                           /* radical, closure: a basis */
        lt_qspace_t S;
        lt_qspace_init(S, L->dim);
        if (what == 2) lt_liealg_radical(S, X.L); else lt_qspace_full(S, L->dim);
        put_space(d, X.L, S, what == 3);
        lt_qspace_clear(S);
    }
    lt_doc_end(d, NULL);
    cli_close_object(&o, &X);
    return 0;
}

