/* The commands on Lie algebras: series, predicates, centre, info, and the
   Lie-only commands (dimension, killing, radical, closure). Series are
   printed as dimensions; exact rationals as p/q (JSON strings). */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "tex.h"
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

static void put_space_basis(FILE *f, const lt_liealg_t L, const lt_qspace_t S, int json)
{
    if (json) fputc('[', f);
    for (slong r = 0; r < S->rank; r++) {
        if (json) { if (r) fputs(", ", f); }
        else fputs("  ", f);
        put_element(f, L, S->rows[r], json);
        if (!json) fputc('\n', f);
    }
    if (json) fputc(']', f);
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

/* kind 0 derived, 1 lower central, 2 upper central */
int cli_lie_series(cli_opts *o, const lt_liealg_t L, int kind, int length_only)
{
    lt_lseries_t S;
    lt_lseries_init(S);
    if (kind == 0) lt_liealg_derived_series(S, L);
    else if (kind == 1) lt_liealg_lower_central_series(S, L);
    else lt_liealg_upper_central_series(S, L);
    static const char *skey[] = {"derived_series", "lower_central_series", "upper_central_series"};
    static const char *lkey[] = {"derived_length", "nilpotency_class", "nilpotency_class"};
    static const char *no[] = {"not solvable", "not nilpotent", "not nilpotent"};
    slong length = S->len - 1;
    if (o->latex) {
        cli_tex_series_t T;
        cli_tex_series_lie(&T, S, kind == 1);
        cli_tex_begin(stdout, o);
        cli_tex_series(stdout, o->object, &T);
        cli_tex_series_clear(&T);
    } else if (o->json) {
        cli_json_begin(o);
        if (!length_only) { printf(", \"%s\": ", skey[kind]); cli_put_dims(stdout, S, 1); }
        printf(", \"%s\": ", lkey[kind]);
        if (S->reaches_zero) printf("%ld", (long)length); else printf("null");
        printf("}\n");
    } else if (length_only) {
        if (S->reaches_zero) printf("%ld\n", (long)length); else printf("%s\n", no[kind]);
    } else {
        cli_put_dims(stdout, S, 0);
        printf("\n");
    }
    lt_lseries_clear(S);
    return 0;
}

int cli_lie_predicate(cli_opts *o, const lt_liealg_t L, const char *key)
{
    int value;
    if (strcmp(key, "abelian") == 0) value = lt_liealg_is_abelian(L);
    else if (strcmp(key, "semisimple") == 0) value = lt_liealg_is_semisimple(L);
    else {
        lt_liealg_profile_t P;
        lt_liealg_profile_init(P);
        int nil = strcmp(key, "nilpotent") == 0;
        lt_liealg_profile(P, L, nil ? LT_LIE_PROFILE_LOWER : LT_LIE_PROFILE_DERIVED);
        value = nil ? P->nilpotent : strcmp(key, "perfect") == 0 ? P->perfect : P->solvable;
        lt_liealg_profile_clear(P);
    }
    return cli_predicate(o, key, value);
}

int cli_lie_center(cli_opts *o, const lt_liealg_t L)
{
    lt_qspace_t Z;
    lt_qspace_init(Z, L->dim);
    lt_liealg_center(Z, L);
    if (o->json) {
        cli_json_begin(o);
        printf(", \"dimension\": %ld, \"basis\": ", (long)Z->rank);
        put_space_basis(stdout, L, Z, 1);
        printf("}\n");
    } else {
        printf("dimension %ld\n", (long)Z->rank);
        put_space_basis(stdout, L, Z, 0);
    }
    lt_qspace_clear(Z);
    return 0;
}

/* A table row with a series as a chain, each dimension beneath its term
   (lower: the lower central series; upper: the upper central series, its
   dimensions only). */
static void tex_series_row(const char *key, const lt_lseries_t S, int lower, int upper)
{
    cli_tex_table_key(stdout, key);
    printf("$");
    if (upper) {
        for (slong i = 0; i < S->len; i++) printf("%s%ld", i ? " \\supset " : "", (long)S->terms[i].rank);
    } else {
        cli_tex_series_t T;
        cli_tex_series_lie(&T, S, lower);
        cli_tex_chain(stdout, &T);
        cli_tex_series_clear(&T);
    }
    printf("$");
    cli_tex_table_row_end(stdout);
}

/* The profile of a Lie algebra as LaTeX: a table, the series as chains. */
static void lie_info_tex(const cli_opts *o, const lt_liealg_profile_t P)
{
    cli_tex_begin(stdout, o);
    cli_tex_heading_object(stdout, o->object, "");
    cli_tex_table_begin(stdout);
    cli_tex_row_num(stdout, "dimension", (long)P->dim, "");
    if (P->matrix_size) {
        cli_tex_table_key(stdout, "matrices");
        printf("$%ld \\times %ld$", (long)P->matrix_size, (long)P->matrix_size);
        cli_tex_table_row_end(stdout);
    }
    cli_tex_row_yes(stdout, "abelian", P->abelian);
    cli_tex_row_yes(stdout, "nilpotent", P->nilpotent);
    cli_tex_row_yes(stdout, "solvable", P->solvable);
    cli_tex_row_yes(stdout, "semisimple", P->semisimple);
    cli_tex_row_yes(stdout, "perfect", P->perfect);
    tex_series_row("derived series", P->derived, 0, 0);
    cli_tex_row_num(stdout, "derived length", P->solvable ? (long)P->derived_length : -1, "not solvable");
    tex_series_row("lower central series", P->lower, 1, 0);
    cli_tex_row_num(stdout, "nilpotency class", P->nilpotent ? (long)P->nilpotency_class : -1, "not nilpotent");
    tex_series_row("upper central series", P->upper, 0, 1);
    cli_tex_row_num(stdout, "center dimension", (long)P->center->rank, "");
    cli_tex_row_num(stdout, "killing rank", (long)P->killing_rank, "");
    cli_tex_row_num(stdout, "radical dimension", (long)P->radical->rank, "");
    cli_tex_table_end(stdout);
    printf("(beneath each term of a series its dimension)\n");
}

int cli_lie_info(cli_opts *o, const lt_liealg_t L)
{
    lt_liealg_profile_t P;
    lt_liealg_profile_init(P);
    lt_liealg_profile(P, L, LT_LIE_PROFILE_ALL);
    if (o->latex) lie_info_tex(o, P);
    else if (o->json) {
        cli_json_begin(o);
        printf(", \"dimension\": %ld", (long)P->dim);
        if (P->matrix_size) printf(", \"matrix_size\": %ld", (long)P->matrix_size);
        printf(", \"abelian\": %s, \"nilpotent\": %s, \"solvable\": %s, \"semisimple\": %s, \"perfect\": %s",
               P->abelian ? "true" : "false", P->nilpotent ? "true" : "false", P->solvable ? "true" : "false",
               P->semisimple ? "true" : "false", P->perfect ? "true" : "false");
        printf(", \"derived_series\": "); cli_put_dims(stdout, P->derived, 1);
        if (P->solvable) printf(", \"derived_length\": %ld", (long)P->derived_length); else printf(", \"derived_length\": null");
        printf(", \"lower_central_series\": "); cli_put_dims(stdout, P->lower, 1);
        if (P->nilpotent) printf(", \"nilpotency_class\": %ld", (long)P->nilpotency_class); else printf(", \"nilpotency_class\": null");
        printf(", \"upper_central_series\": "); cli_put_dims(stdout, P->upper, 1);
        printf(", \"center_dimension\": %ld, \"killing_rank\": %ld, \"radical_dimension\": %ld}\n",
               (long)P->center->rank, (long)P->killing_rank, (long)P->radical->rank);
    } else {
        printf("%s\n", o->object);
        printf("  %-22s %ld\n", "dimension", (long)P->dim);
        if (P->matrix_size) printf("  %-22s %ld x %ld\n", "matrices", (long)P->matrix_size, (long)P->matrix_size);
        printf("  %-22s %s\n", "abelian", P->abelian ? "yes" : "no");
        printf("  %-22s %s\n", "nilpotent", P->nilpotent ? "yes" : "no");
        printf("  %-22s %s\n", "solvable", P->solvable ? "yes" : "no");
        printf("  %-22s %s\n", "semisimple", P->semisimple ? "yes" : "no");
        printf("  %-22s %s\n", "perfect", P->perfect ? "yes" : "no");
        printf("  %-22s ", "derived series"); cli_put_dims(stdout, P->derived, 0); printf("\n");
        if (P->solvable) printf("  %-22s %ld\n", "derived length", (long)P->derived_length);
        else printf("  %-22s %s\n", "derived length", "not solvable");
        printf("  %-22s ", "lower central series"); cli_put_dims(stdout, P->lower, 0); printf("\n");
        if (P->nilpotent) printf("  %-22s %ld\n", "nilpotency class", (long)P->nilpotency_class);
        else printf("  %-22s %s\n", "nilpotency class", "not nilpotent");
        printf("  %-22s ", "upper central series"); cli_put_dims(stdout, P->upper, 0); printf("\n");
        printf("  %-22s %ld\n", "center dimension", (long)P->center->rank);
        printf("  %-22s %ld\n", "killing rank", (long)P->killing_rank);
        printf("  %-22s %ld\n", "radical dimension", (long)P->radical->rank);
    }
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
    } else if (what == 2) {                            /* radical */
        lt_qspace_t R;
        lt_qspace_init(R, L->dim);
        lt_liealg_radical(R, X.L);
        if (J) {
            cli_json_begin(&o);
            printf(", \"dimension\": %ld, \"basis\": ", (long)R->rank);
            put_space_basis(stdout, X.L, R, 1);
            printf("}\n");
        } else {
            printf("dimension %ld\n", (long)R->rank);
            put_space_basis(stdout, X.L, R, 0);
        }
        lt_qspace_clear(R);
    } else if (o.gap) {                                /* closure as GAP's table */
        lt_io_write_gap_table(stdout, X.L);
    } else {                                           /* closure: the basis */
        lt_qspace_t B;
        lt_qspace_init(B, L->dim);
        lt_qspace_full(B, L->dim);
        if (J) {
            cli_json_begin(&o);
            printf(", \"dimension\": %ld, \"basis\": ", (long)L->dim);
            put_space_basis(stdout, X.L, B, 1);
            printf("}\n");
        } else {
            for (slong r = 0; r < B->rank; r++) { put_element(stdout, X.L, B->rows[r], 0); putchar('\n'); }
        }
        lt_qspace_clear(B);
    }
    cli_close_object(&o, &X);
    return 0;
}

