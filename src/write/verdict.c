/* The theory verdict (lt_plan) as a document (lietool/write.h). */
#include "lietool/write.h"

/* A row of a yes/no/open answer: JSON true/false/null; text and LaTeX
   the word and why (when why is not NULL). */
static void put_tri(lt_doc *d, const char *label, int v, const char *const why[3])
{
    FILE *f = lt_doc_row(d, label);
    if (f && d->mode == LT_DOC_JSON) fputs(v > 0 ? "true" : v == 0 ? "false" : "null", f);
    else if (f) fprintf(f, "%s%s", lt_plan_answer_name(v), why ? why[v > 0 ? 0 : v == 0 ? 1 : 2] : "");
    lt_doc_row_end(d);
}

void lt_write_verdict(lt_doc *d, const lt_plan_verdict_t V, const char *object, const char *indent)
{
    static const char *const why[3] = {" (a construction exists)", " (proved impossible)", " (no result decides it)"};
    char fam[32], head[160], in[16];
    long T = V->length > 0 ? V->length : -1;
    lt_arch_name(fam, sizeof fam, &V->arch);
    snprintf(head, sizeof head, "%ld %s layer%s", V->layers, fam, V->layers == 1 ? "" : "s");
    if (d->mode == LT_DOC_TEXT) fprintf(d->f, "%s%s on %s:\n", indent, head, object);
    else if (d->mode == LT_DOC_TEX) {
        char after[176];
        snprintf(after, sizeof after, ": %s", head);
        lt_tex_heading_object(d->f, object, after);
    }
    snprintf(in, sizeof in, "%s  ", indent);
    const char *indent0 = d->indent;
    int width0 = d->width;
    d->indent = in;
    d->width = 34;
    lt_doc_open(d, "verdict");
    lt_doc_str(d, "|family", fam, NULL);
    lt_doc_long(d, "|layers", V->layers, NULL);
    lt_doc_long(d, "|length", T, "");
    lt_doc_str(d, "|bound", lt_depth_bound_name(V->bound), NULL);
    put_tri(d, "exact at every length", V->exact, why);
    if (V->assumption && lt_doc_row(d, "assuming|")) {
        if (d->mode == LT_DOC_TEX) { fputc('$', d->f); lt_tex_math(d->f, V->assumption); fputc('$', d->f); }
        else fputs(V->assumption, d->f);
    }
    lt_doc_row_end(d);
    lt_doc_bool(d, "|impossible_at_every_depth", V->impossible_every_depth);
    if (V->impossible_every_depth) lt_doc_str(d, "layers known to suffice|", "none: no depth is exact at every length", NULL);
    lt_doc_long(d, V->impossible_every_depth ? "|fewest_layers_known_to_suffice" : "fewest layers known to suffice",
                 V->fewest_suffice, "none known");
    lt_doc_long(d, V->impossible_every_depth ? "|most_layers_known_not_to_suffice" : "most layers known not to suffice",
                 V->most_not, "none");
    char key[80];
    snprintf(key, sizeof key, "suffices up to length %ld|suffices_up_to_length", T);
    put_tri(d, T > 0 ? key : "|suffices_up_to_length", T > 0 ? V->suffices_T : -1, NULL);
    if (lt_doc_row(d, "|log_depth_layers")) {
        if (T > 0 && V->log_layers[0]) fprintf(d->f, "{\"v1\": %d, \"sharp\": %d}", V->log_layers[0], V->log_layers[1]);
        else fputs("null", d->f);
    }
    lt_doc_row_end(d);
    if (mpz_sgn(V->width) > 0) lt_doc_mpz(d, "|width", V->width); else lt_doc_str(d, "|width", NULL, NULL);
    lt_doc_double(d, "|width_log10", V->width_log10 >= 0 ? "%.2f" : "null", V->width_log10);
    lt_doc_str(d, "|assumption", V->assumption, NULL);
    if (d->mode == LT_DOC_TEXT) fprintf(d->f, "%s  because:\n", indent);
    else if (d->mode == LT_DOC_TEX) { lt_tex_table_end(d->f); d->table = 0; fputs("\\begin{itemize}\n", d->f); }
    lt_doc_list_begin(d, "claims");
    for (int i = 0; i < V->nclaims; i++) {
        const char *c = V->claims[i].claim, *src = V->claims[i].source;
        lt_doc_item_begin(d);
        lt_doc_str(d, "|claim", c, NULL);
        lt_doc_str(d, "|source", src, NULL);
        lt_doc_item_end(d);
        if (d->mode == LT_DOC_TEXT) fprintf(d->f, "%s  - %s%s%s%s\n", indent, c, *src ? " (" : "", src, *src ? ")" : "");
        else if (d->mode == LT_DOC_TEX) {
            fputs("\\item ", d->f);
            lt_tex_text(d->f, c);
            if (*src) { fputs(" (", d->f); lt_tex_text(d->f, src); fputs(")", d->f); }
            fputc('\n', d->f);
        }
    }
    lt_doc_list_end(d);
    if (d->mode == LT_DOC_TEX) fputs("\\end{itemize}\n", d->f);
    lt_doc_close(d);
    d->indent = indent0;
    d->width = width0;
}

void lt_write_verdict_after(lt_doc *d, const lt_plan_verdict_t V, const char *object)
{
    lt_doc_break(d);
    if (d->mode == LT_DOC_TEXT) fputc('\n', d->f);
    lt_write_verdict(d, V, object, "");
}

static int r_assumes(const lt_plan_row *r) { return r->impossible && r->assumption; }

/* plan without --layers: the planning table. */
void lt_write_plan_table(lt_doc *d, const char *object, const lt_plan_row *R, int n, long T, lt_bound b)
{
    char fam[48];
    lt_doc_long(d, "|length", T > 0 ? T : -1, "");
    lt_doc_str(d, "|bound", lt_depth_bound_name(b), NULL);
    if (d->mode == LT_DOC_TEXT) {
        fprintf(d->f, "%s: the layers each family needs (fewest known to suffice; most proved not to)", object);
        if (T <= 0) fprintf(d->f, "; %s T for words up to length T", lt_opt("length"));
        fputc('\n', d->f);
        if (T > 0)
            fprintf(d->f, "  %-24s %-12s %-12s %-10s %s\n", "family", "every length", "length", "not", "size");
        else fprintf(d->f, "  %-24s %-12s %-10s %s\n", "family", "every length", "not", "size");
    }
    lt_doc_list_begin(d, "families");
    for (int i = 0; i < n; i++) {
        const lt_plan_row *r = R + i;
        lt_arch_name(fam, sizeof fam, &r->arch);
        char every[32], atT[32], not[32];
        if (r->impossible) snprintf(every, sizeof every, "never%s", r->assumption ? "*" : "");
        else if (r->fewest >= 0) snprintf(every, sizeof every, "%ld", r->fewest);
        else snprintf(every, sizeof every, "open");
        if (r->fewest_T >= 0) snprintf(atT, sizeof atT, "%ld", r->fewest_T);
        else snprintf(atT, sizeof atT, "open");
        if (r->impossible) snprintf(not, sizeof not, "all");
        else snprintf(not, sizeof not, "%ld", r->most_not < 0 ? 0 : r->most_not);
        lt_doc_item_begin(d);
        lt_doc_str(d, "|family", fam, NULL);
        lt_doc_long(d, "|fewest_layers_known_to_suffice", r->fewest, "none");
        lt_doc_json(d, "|fewest_layers_at_length", r->fewest_T >= 0 && T > 0 ? "%ld" : "null", r->fewest_T);
        lt_doc_bool(d, "|impossible_at_every_depth", r->impossible);
        lt_doc_long(d, "|most_layers_known_not_to_suffice", r->most_not, "none");
        lt_doc_str(d, "|assumption", r->assumption, NULL);
        lt_doc_str(d, "|size", r->size[0] ? r->size : NULL, NULL);
        lt_doc_str(d, "|claim", r->claim, NULL);
        lt_doc_str(d, "|source", r->source, NULL);
        lt_doc_item_end(d);
        if (d->mode == LT_DOC_TEXT) {
            if (T > 0) fprintf(d->f, "  %-24s %-12s %-12s %-10s %s\n", fam, every, atT, not, r->size);
            else fprintf(d->f, "  %-24s %-12s %-10s %s\n", fam, every, not, r->size);
        }
    }
    lt_doc_list_end(d);
    if (d->mode == LT_DOC_TEXT) {
        int star = 0;
        for (int i = 0; i < n; i++) star |= r_assumes(R + i);
        if (star) fprintf(d->f, "  * unless TC0 = NC1\n");
        fprintf(d->f, "  lietool plan %s %s FAMILY %s K: the verdict with its claims and sources\n", object, lt_opt("arch"),
                lt_opt("layers"));
    }
}
