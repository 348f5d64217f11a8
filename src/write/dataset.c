/* dataset check as a document (lietool/write.h): what lt_dataset_check
   found in a word-problem CSV file, for a group in both conventions. */
#include <stdlib.h>
#include "lietool/write.h"

/* The tally of convention c: text "N correct, M wrong; first wrong: ...",
   JSON {"correct", "wrong", "first_wrong": {...} or null}. */
static void put_tally(lt_doc *d, lt_convention c, const lt_dataset_tally *T)
{
    char label[40], first[200] = "null";
    snprintf(label, sizeof label, "%s|", lt_convention_name(c));
    if (lt_doc_row(d, label)) {
        fprintf(d->f, "%ld correct, %ld wrong", T->correct, T->wrong);
        if (T->row) fprintf(d->f, "; first wrong: row %ld (line %ld), position %ld: target %ld, expected %ld",
                            T->row, T->line, T->pos, T->got, T->want);
    }
    lt_doc_row_end(d);
    if (T->row) snprintf(first, sizeof first, "{\"row\": %ld, \"line\": %ld, \"position\": %ld, \"target\": %ld, \"expected\": %ld}",
                         T->row, T->line, T->pos, T->got, T->want);
    snprintf(label, sizeof label, "|%s", lt_convention_name(c));
    lt_doc_json(d, label, "{\"correct\": %ld, \"wrong\": %ld, \"first_wrong\": %s}", T->correct, T->wrong, first);
}

void lt_write_dataset_check(lt_doc *d, const char *path, const char *spec, long order, const lt_dataset_report_t R)
{
    long good = R->rows - R->bad_rows;
    const char *conv = R->verdict < LT_NCONV ? lt_convention_name((lt_convention)R->verdict)
                     : R->verdict == LT_DATASET_BOTH ? "both" : NULL;
    lt_doc_buf b;
    FILE *h = lt_doc_piece(&b, NULL);
    fprintf(h, "%s: %s (order %ld), %ld row%s", path, spec, order, R->rows, R->rows == 1 ? "" : "s");
    if (good > 0 && R->min_len == R->max_len) fprintf(h, ", words of length %ld", R->min_len);
    else if (good > 0) fprintf(h, ", words of length %ld to %ld", R->min_len, R->max_len);
    char *head = lt_doc_piece_end(&b);
    lt_doc_heading(d, NULL, head);
    free(head);
    d->width = 20;
    lt_doc_str(d, "|file", path, NULL);
    lt_doc_json(d, "|order", "\"%ld\"", order);
    lt_doc_long(d, "|rows", R->rows, NULL);
    if (lt_doc_row(d, "bad rows"))
        fprintf(d->f, "%ld%s", R->bad_rows, R->bad_header && d->mode != LT_DOC_JSON ? ", and a bad header" : "");
    lt_doc_row_end(d);
    lt_doc_bool(d, "|bad_header", R->bad_header);
    lt_doc_long(d, "|problems", R->nproblems, NULL);
    lt_doc_long(d, "|min_length", good > 0 ? R->min_len : -1, "none");
    lt_doc_long(d, "|max_length", good > 0 ? R->max_len : -1, "none");
    for (int c = 0; c < LT_NCONV; c++) put_tally(d, (lt_convention)c, &R->conv[c]);
    lt_doc_str(d, "|convention", conv, NULL);
    lt_doc_claim(d, "convention|", NULL, "%s%s", conv ? conv : good > 0 ? "neither" : "undecided (no well-formed rows)",
                  R->verdict != LT_DATASET_BOTH ? "" : R->same_tables ? " (the two tables are the same)" : " (no row tells them apart)");
    /* what the file looks like when it is not of this group */
    lt_doc_long(d, "|max_token", R->max_token, NULL);
    if (R->max_token >= order && good == 0)     /* no row fits: another group? */
        lt_doc_claim(d, "tokens", NULL, "reach $%ld$, above the $%ld$ elements of %s: the rows look like the word problem "
                      "of a group of order $%ld$ or more (order $%ld$?)", R->max_token, order, spec, R->max_token + 1,
                      R->max_token + 1);
}
