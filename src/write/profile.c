/* The profile of a group or a Lie algebra as a document (lietool/write.h):
   the rows of info. */
#include "lietool/write.h"
#include "lietool/io.h"

/* A row "not computed: MESSAGE" (JSON null; the message in "notes"). */
static void not_computed(lt_doc *d, const char *label, const char *msg)
{
    FILE *f = lt_doc_row(d, label);
    if (f && d->mode == LT_DOC_JSON) fputs("null", f);
    else if (f) {
        fputs("not computed: ", f);
        if (d->mode == LT_DOC_TEX) lt_tex_text(f, msg); else fputs(msg, f);
    }
    lt_doc_row_end(d);
}

/* The exponent when only bounds are known: a multiple of lo dividing hi. */
static void exponent_bounds(lt_doc *d, const lt_pgrp_t G, const lt_pgrp_profile_t P, long max_enum)
{
    FILE *f = lt_doc_row(d, "exponent");
    if (f && d->mode == LT_DOC_JSON) fputs("null", f);
    else if (f) {
        const char *m = d->mode == LT_DOC_TEX ? "$" : "";
        fprintf(f, "a multiple of %s", m); mpz_out_str(f, 10, P->exponent_lo);
        fprintf(f, "%s dividing %s", m, m); mpz_out_str(f, 10, P->exponent_hi);
        fprintf(f, "%s (deciding it enumerates %s", m, m); mpz_out_str(f, 10, G->order);
        fprintf(f, "%s elements, above ", m);
        if (d->mode == LT_DOC_TEX) lt_tex_text(f, lt_opt("max_enum"));
        else fputs(lt_opt("max_enum"), f);
        fprintf(f, " %ld)", max_enum);
    }
    lt_doc_row_end(d);
    lt_doc_mpz(d, "|exponent_multiple_of", P->exponent_lo);
    lt_doc_mpz(d, "|exponent_divides", P->exponent_hi);
}

/* The character-table invariants of info: T NULL when the table was not
   computed (note says why). */
static void chartab_rows(lt_doc *d, const lt_chartab_struct *T, const lt_chartab_inv_t *I, const char *note)
{
    if (!T) {
        lt_doc_str(d, "character degrees", NULL, "not computed (too many elements or classes for info: see character-table)");
        lt_doc_json(d, "|minimal_faithful_real_dimension", "null");
        lt_doc_json(d, "|householder_reflections_per_token", "null");
        (void)note;
        return;
    }
    if (d->mode != LT_DOC_JSON) {
        FILE *f = lt_doc_row(d, "character degrees");
        if (f) {
            long r = T->nclasses, shown = r > 24 ? 24 : r;
            for (long x = 0; x < shown; x++) fprintf(f, "%s%ld", x ? ", " : "", T->degree[x]);
            if (shown < r) fprintf(f, ", ... (%ld)", r);
        }
        lt_doc_row_end(d);
        lt_doc_long(d, "faithful real dim", I->min_faithful_real_dim, NULL);
        f = lt_doc_row(d, "reflections per token");
        if (f) fprintf(f, "%ld (several heads), %ld (one head%s)", I->reflections_heads,
                       I->reflections_one_head, I->one_head_exact ? "" : ", at most");
        lt_doc_row_end(d);
        return;
    }
    lt_write_chartab_invariants(d, T, I);
}

void lt_write_profile_group(lt_doc *d, const char *object, const lt_pgrp_t G, const lt_pgrp_profile_t P, long max_enum,
                            const lt_chartab_struct *T, const lt_chartab_inv_t *I, const char *chartab_note,
                            const lt_pgrp_mindeg_struct *mu)
{
    lt_status zst = P->center_status, est = P->exponent_status, kst = P->classes_status;
    int eopen = !est && !P->exponent_decided;
    lt_doc_heading(d, object, NULL);
    lt_doc_mpz(d, "order", G->order);
    lt_doc_long(d, "degree", G->n, NULL);
    lt_doc_bool(d, "abelian", P->abelian);
    lt_doc_bool(d, "nilpotent", P->nilpotent);
    lt_doc_bool(d, "solvable", P->solvable);
    lt_doc_bool(d, "perfect", P->perfect);
    lt_doc_pgrp_series(d, "derived series", P->derived, 0);
    lt_doc_long(d, "derived length", P->solvable ? P->derived_length : -1, "not solvable");
    lt_doc_pgrp_series(d, "lower central series", P->lower, 1);
    lt_doc_long(d, "nilpotency class", P->nilpotent ? P->nilpotency_class : -1, "not nilpotent");
    if (zst) not_computed(d, "center order", P->center_err->msg);
    else lt_doc_mpz(d, "center order", P->center->order);
    if (est) not_computed(d, "exponent", P->exponent_err->msg);
    else if (eopen) exponent_bounds(d, G, P, max_enum);
    else lt_doc_mpz(d, "exponent", P->exponent_lo);
    if (P->parts & LT_PGRP_PROFILE_CLASSES) {
        if (kst) not_computed(d, "conjugacy classes", P->classes_err->msg);
        else lt_doc_mpz(d, "conjugacy classes", P->classes_count);
    }
    chartab_rows(d, T, I, chartab_note);
    if (mu) {
        if (d->mode == LT_DOC_JSON) {
            lt_doc_long(d, "|minimal_faithful_permutation_degree", mu->exact ? mu->lo : -1, "none");
            lt_doc_json(d, "|minimal_faithful_permutation_degree_bounds", "[%ld, %ld]", mu->lo, mu->hi);
            lt_doc_str(d, "|minimal_faithful_permutation_degree_method", mu->method, NULL);
        } else if (mu->exact) lt_doc_strf(d, "faithful perm degree", "%ld (%s)", mu->lo, mu->method);
        else lt_doc_strf(d, "faithful perm degree", "%ld to %ld (bounds: %s, %s)", mu->lo, mu->hi, mu->lo_method,
                         mu->hi_method);
    }
    if (lt_doc_row(d, "|base"))
        for (int i = 0; i < G->nlev; i++) fprintf(d->f, "%s%d", i ? ", " : "[", lt_pgrp_base_point(G, i) + 1);
    if (d->mode == LT_DOC_JSON) fputs(G->nlev ? "]" : "[]", d->f);
    lt_doc_row_end(d);
    lt_doc_list_begin(d, "generators");
    for (int i = 0; i < G->ngens && d->mode == LT_DOC_JSON; i++) {
        char *s = lt_perm_str(G->gens[i], G->n);
        lt_json_put_string(lt_doc_elem(d), s);
        lt_free(s);
    }
    lt_doc_list_end(d);
    if (d->mode == LT_DOC_JSON && (zst || est || eopen || kst || chartab_note)) {
        lt_doc_list_begin(d, "notes");
        if (zst) lt_json_put_string(lt_doc_elem(d), P->center_err->msg);
        if (est) lt_json_put_string(lt_doc_elem(d), P->exponent_err->msg);
        if (kst) lt_json_put_string(lt_doc_elem(d), P->classes_err->msg);
        if (chartab_note) lt_json_put_string(lt_doc_elem(d), chartab_note);
        if (eopen) {
            fputs("\"exponent not decided: deciding it enumerates ", lt_doc_elem(d));
            mpz_out_str(d->f, 10, G->order);
            fprintf(d->f, " elements, above %s %ld\"", lt_opt("max_enum"), max_enum);
        }
        lt_doc_list_end(d);
    }
    if (d->mode == LT_DOC_TEX) { lt_doc_break(d); fputs("(beneath each term of a series its order)\n", d->f); }
}

void lt_write_profile_lie(lt_doc *d, const char *object, const lt_liealg_profile_t P)
{
    lt_doc_heading(d, object, NULL);
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
    if (d->mode == LT_DOC_TEX) { lt_doc_break(d); fputs("(beneath each term of a series its dimension)\n", d->f); }
}

void lt_write_info_group(lt_doc *d, const char *object, const lt_pgrp_t G, const lt_info_group_job_t J, long max_enum)
{
    int have = J->have_chartab;
    lt_write_profile_group(d, object, G, J->P, max_enum, have ? J->T : NULL, have ? &J->I : NULL,
                           have ? NULL : J->chartab_err->msg, J->have_mu ? J->mu : NULL);
}
