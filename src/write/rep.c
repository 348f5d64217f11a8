/* lietool rep check as a document (lietool/write.h): the answer of
   lt_rep_check for the representation read from a file. */
#include <string.h>
#include "lietool/write.h"

void lt_write_rep_check(lt_doc *d, const char *object, const char *file, const lt_rep_t R, const lt_rep_check_t C,
                        double tol)
{
    char field[64];
    if (R->d == 1) snprintf(field, sizeof field, "Q");
    else snprintf(field, sizeof field, "Q(sqrt%ld)", R->d);
    char why[2048] = "";
    if (C->kind == LT_REP_ORDER) {
        char io[64];
        if (C->image_order > 0) snprintf(io, sizeof io, "order %ld", C->image_order);
        else snprintf(io, sizeof io, "no order up to %ld", C->image_order_limit);
        char eq[1100] = "";
        if (strcmp(C->word, C->element) != 0) snprintf(eq, sizeof eq, " = %s", C->element);
        snprintf(why, sizeof why, "%s%s has order %ld, but %s has %s, so the relation %s fails",
                 C->word, eq, C->element_order, C->single ? "its matrix" : "the product of the matrices",
                 io, C->relation);
    } else if (C->kind == LT_REP_EDGE)
        snprintf(why, sizeof why, "the relation %s fails: both sides are %s, but the products of the matrices differ",
                 C->relation, C->element);
    else if (C->kind == LT_REP_SUBGROUP)
        snprintf(why, sizeof why, "the assigned elements generate a subgroup of order %lld, not the whole group",
                 C->subgroup_order);
    char head[160];
    snprintf(head, sizeof head, ": %lld elements; %d assigned, %ld x %ld matrices", C->order, R->count, (long)R->n, (long)R->n);
    lt_doc_heading(d, object, head);
    d->width = 0;
    d->indent = "";
    lt_doc_str(d, "|file", file, NULL);
    lt_doc_json(d, "|order", "\"%lld\"", C->order);
    lt_doc_long(d, "|dimension", (long)R->n, NULL);
    lt_doc_long(d, "|assigned", R->count, NULL);
    if (R->exact && R->d != 1 && d->mode == LT_DOC_TEX) lt_doc_claim(d, "arithmetic:|", NULL, "exact, in $Q(sqrt(%ld))$", R->d);
    else if (R->exact) lt_doc_claim(d, "arithmetic:|", NULL, "exact, in $%s$", field);
    else lt_doc_claim(d, "arithmetic:|", NULL, "floating point (decimal entries), equal within %s %g", lt_opt("tol"), tol);
    lt_doc_str(d, "|arithmetic", R->exact ? "exact" : "float", NULL);
    lt_doc_str(d, "|field", field, NULL);
    if (!R->exact) lt_doc_double(d, "|tol", "%g", tol);
    lt_doc_claim(d, "convention:|", NULL, "%s; points numbered from %d",
                  R->composition ? "composition (the right factor acts first)" : "gap (the left factor acts first)", R->origin);
    lt_doc_str(d, "|convention", R->composition ? "composition" : "gap", NULL);
    lt_doc_long(d, "|points_from", R->origin, NULL);
    if (lt_doc_row(d, "homomorphism:|")) {
        fputs(C->homomorphism ? "yes" : "no: ", d->f);
        if (d->mode == LT_DOC_TEX) lt_tex_text(d->f, why); else fputs(why, d->f);
    }
    lt_doc_row_end(d);
    lt_doc_bool(d, "|homomorphism", C->homomorphism);
    if (C->homomorphism) {
        lt_doc_claim(d, "distinct images:|", NULL, "%lld (kernel of order %lld): %s", C->distinct, C->kernel,
                      C->kernel == 1 ? "faithful" : "not faithful");
        lt_doc_long(d, "|distinct_images", (long)C->distinct, NULL);
        lt_doc_long(d, "|kernel_order", (long)C->kernel, NULL);
        lt_doc_bool(d, "|faithful", C->kernel == 1);
    } else {
        lt_doc_open(d, "|failure");
        lt_doc_str(d, "|kind", C->kind == LT_REP_ORDER ? "order" : C->kind == LT_REP_EDGE ? "relation" : "subgroup", NULL);
        lt_doc_str(d, "|reason", why, NULL);
        if (C->relation) lt_doc_str(d, "|relation", C->relation, NULL);
        if (C->element) lt_doc_str(d, "|element", C->element, NULL);
        if (C->kind == LT_REP_ORDER) {
            lt_doc_long(d, "|element_order", C->element_order, NULL);
            lt_doc_long(d, "|image_order", C->image_order > 0 ? C->image_order : -1, "none");
        }
        if (C->kind == LT_REP_SUBGROUP) lt_doc_long(d, "|subgroup_order", (long)C->subgroup_order, NULL);
        lt_doc_close(d);
        lt_doc_long(d, "|generated_matrices", C->generated >= 0 ? (long)C->generated : -1, "none");
        lt_doc_json(d, "|faithful", "null");
        if (C->generated >= 0) lt_doc_say(d, "the assigned matrices generate a group of %lld matrices", C->generated);
        else lt_doc_say(d, "the assigned matrices generate more than %lld matrices", C->generated_limit);
    }
}
