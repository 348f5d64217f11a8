/* The commands on Lie algebras: series, predicates, centre, info, and the
   Lie-only commands (dimension, killing, radical, closure). Series are
   printed as dimensions; exact rationals as p/q (JSON strings). */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "doc.h"
#include "lietool/io.h"
#include "lietool/json.h"

static void put_q(FILE *f, const fmpq_t q, int json)
{
    char *s = fmpq_get_str(NULL, 10, q);
    if (json) fprintf(f, "\"%s\"", s); else fputs(s, f);
    flint_free(s);
}

static void put_mat(FILE *f, const fmpq_mat_t M, int json)
{
    fputc('[', f);
    for (slong i = 0; i < fmpq_mat_nrows(M); i++) {
        fputs(i ? (json ? ", [" : ",[") : "[", f);
        for (slong j = 0; j < fmpq_mat_ncols(M); j++) {
            if (j) fputs(json ? ", " : ",", f);
            put_q(f, fmpq_mat_entry(M, i, j), json);
        }
        fputc(']', f);
    }
    fputc(']', f);
}

/* An element given by coordinates: a matrix when L has a matrix form. */
static void put_element(FILE *f, const lt_liealg_t L, const fmpq *x, int json)
{
    if (L->n > 0) {
        fmpq_mat_t M;
        fmpq_mat_init(M, L->n, L->n);
        for (slong r = 0; r < L->dim; r++) {
            if (fmpq_is_zero(x + r)) continue;
            for (slong i = 0; i < L->n; i++)
                for (slong j = 0; j < L->n; j++)
                    fmpq_addmul(fmpq_mat_entry(M, i, j), x + r, fmpq_mat_entry(L->mats + r, i, j));
        }
        put_mat(f, M, json);
        fmpq_mat_clear(M);
        return;
    }
    fputc(json ? '[' : '(', f);
    for (slong i = 0; i < L->dim; i++) {
        if (i) fputs(", ", f);
        put_q(f, x + i, json);
    }
    fputc(json ? ']' : ')', f);
}

/* A subspace of L: JSON its dimension and basis; text (unless bare) the
   line "dimension N" and the basis elements a line each, indented. */
static void put_space(const cli_opts *o, const lt_liealg_t L, const lt_qspace_t S, int bare)
{
    if (o->json) { cli_json_begin(o); printf(", \"dimension\": %ld, \"basis\": [", (long)S->rank); }
    else if (!bare) printf("dimension %ld\n", (long)S->rank);
    for (slong r = 0; r < S->rank; r++) {
        if (o->json && r) fputs(", ", stdout);
        if (!o->json && !bare) fputs("  ", stdout);
        put_element(stdout, L, S->rows[r], o->json);
        if (!o->json) putchar('\n');
    }
    if (o->json) fputs("]}\n", stdout);
}

void cli_put_dims(FILE *f, const lt_lseries_t S, int json)
{
    if (json) fputc('[', f);
    for (slong i = 0; i < S->len; i++) {
        if (i) fputs(json ? ", " : " > ", f);
        fprintf(f, "%ld", (long)S->terms[i].rank);
    }
    if (json) fputc(']', f);
}

int cli_lie_center(cli_opts *o, const lt_liealg_t L)
{
    lt_qspace_t Z;
    lt_qspace_init(Z, L->dim);
    lt_liealg_center(Z, L);
    put_space(o, L, Z, 0);
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
    int J = o.json;
    if (what == 0) {                                   /* dimension */
        if (J) { cli_json_begin(&o); printf(", \"dimension\": %ld}\n", (long)L->dim); }
        else printf("%ld\n", (long)L->dim);
    } else if (what == 1) {                            /* killing */
        fmpq_mat_t K;
        fmpq_mat_init(K, L->dim, L->dim);
        lt_liealg_killing(K, X.L);
        slong rk = L->dim ? lt_qmat_rank(K) : 0;
        if (J) {
            cli_json_begin(&o);
            printf(", \"killing\": ");
            put_mat(stdout, K, 1);
            printf(", \"rank\": %ld}\n", (long)rk);
        } else {
            for (slong i = 0; i < L->dim; i++) {
                for (slong j = 0; j < L->dim; j++) { if (j) putchar(' '); put_q(stdout, fmpq_mat_entry(K, i, j), 0); }
                putchar('\n');
            }
        }
        fmpq_mat_clear(K);
    } else if (what == 3 && o.gap) {                   /* closure as GAP's table */
        lt_io_write_gap_table(stdout, X.L);
    } else {                                           /* radical, closure: a basis */
        lt_qspace_t S;
        lt_qspace_init(S, L->dim);
        if (what == 2) lt_liealg_radical(S, X.L); else lt_qspace_full(S, L->dim);
        put_space(&o, X.L, S, what == 3);
        lt_qspace_clear(S);
    }
    cli_close_object(&o, &X);
    return 0;
}

