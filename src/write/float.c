/* Floating-point Lie algebras as documents (lietool/write.h): the profile
   and the SVD rank decisions behind it. */
#include <math.h>
#include <stdio.h>
#include "lietool/write.h"

/* A singular value as what it means: "-" (text) or 0 (JSON) when there is
   none; at or below the decision's round-off level it cannot be told from
   0 (its digits are whatever the BLAS kernel left), so the text says
   "<roundoff" and JSON has 0 (beside "roundoff"); above it, only the
   digits that the round-off leaves standing (at most 4 in text, 6 in JSON). */
static void fmt_sv(char *buf, size_t size, double v, int present, double roundoff, int json)
{
    if (!present || v <= roundoff) {
        if (json || !present) snprintf(buf, size, json ? "0" : "-");
        else snprintf(buf, size, "<%.1e", roundoff);
        return;
    }
    int digits = (int)floor(log10(v / roundoff));
    int most = json ? 6 : 4;
    if (digits < 1) digits = 1;
    if (digits > most) digits = most;
    if (json) snprintf(buf, size, "%.*g", digits, v);
    else snprintf(buf, size, "%.*e", digits - 1, v);
}

/* The rank decisions: JSON the list "rank_decisions", text and LaTeX a
   line and a table (text: one line a decision). */
void lt_write_rank_log(lt_doc *d, const lt_rank_log_t log)
{
    char last[32], next[32];
    int json = d->mode == LT_DOC_JSON;
    lt_doc_say(d, "rank decisions (singular values kept | dropped, cut = tol * scale; - none, <r at round-off):");
    lt_doc_tab T;
    lt_doc_tab_begin(&T, d, "llrrcrll");
    lt_doc_list_begin(d, "rank_decisions");
    for (slong i = 0; i < log->n_decisions; i++) {
        const lt_rank_decision *e = log->d + i;
        fmt_sv(last, sizeof last, e->sigma_last, e->rank > 0, e->roundoff, json);
        fmt_sv(next, sizeof next, e->sigma_next, e->has_next, e->roundoff, json);
        lt_doc_item_begin(d);
        lt_doc_str(d, "|what", e->what, NULL);
        lt_doc_long(d, "|rank", (long)e->rank, NULL);
        lt_doc_json(d, "|sigma_last", "%s", last);
        lt_doc_json(d, "|sigma_next", "%s", next);
        lt_doc_double(d, "|cut", "%.6g", e->tol * e->s_max);
        lt_doc_double(d, "|roundoff", "%.2g", e->roundoff);
        lt_doc_bool(d, "|ambiguous", e->ambiguous);
        lt_doc_item_end(d);
        lt_doc_tab_cell(&T, "  %-30s", e->what);
        lt_doc_tab_cell(&T, " rank");
        lt_doc_tab_cell(&T, " %-4ld", (long)e->rank);
        lt_doc_tab_cell(&T, " %10s", last);
        lt_doc_tab_cell(&T, " |");
        lt_doc_tab_cell(&T, " %-10s", next);
        lt_doc_tab_cell(&T, " cut %.1e", e->tol * e->s_max);
        lt_doc_tab_cell(&T, "%s", e->ambiguous ? "  AMBIGUOUS" : "");
        lt_doc_tab_row_end(&T);
    }
    lt_doc_list_end(d);
    lt_doc_tab_end(&T);
}

void lt_write_float_profile(lt_doc *d, const lt_fliealg_profile_t P)
{
    lt_doc_long(d, "dimension|", (long)P->dim, NULL);
    lt_doc_bool(d, "|abelian", P->abelian);
    lt_doc_bool(d, "|nilpotent", P->nilpotent);
    lt_doc_bool(d, "solvable", P->solvable);
    lt_doc_bool(d, "nilpotent|", P->nilpotent);
    lt_doc_bool(d, "semisimple", P->semisimple);
    lt_doc_bool(d, "|perfect", P->perfect);
    lt_doc_dims(d, "derived series", P->derived, P->derived_len);
    lt_doc_long(d, "|derived_length", P->solvable ? (long)P->derived_len - 1 : -1, "");
    lt_doc_dims(d, "lower central series", P->lower, P->lower_len);
    lt_doc_long(d, "|nilpotency_class", P->nilpotent ? (long)P->lower_len - 1 : -1, "");
    lt_doc_long(d, "center dimension", (long)P->center_dim, NULL);
    lt_doc_long(d, "killing rank", (long)P->killing_rank, NULL);
}
