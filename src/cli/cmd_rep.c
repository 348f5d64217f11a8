/* lietool rep check GROUP FILE: is the assignment of matrices to elements
   in FILE a homomorphism? (lt_io_rep_read, lt_rep_check) */
#include <string.h>
#include "doc.h"
#include "lietool/io.h"

static const cli_decl check_decl = {
    .name = "check", .summary = "do FILE's matrices for group elements extend to a homomorphism of GROUP?",
    .common = CLI_O_JSON | CLI_O_LATEX | CLI_O_TOL | CLI_O_LIMITS, .show = CLI_O_TOL | CLI_O_MAX_ENUM,
    .args = "GROUP FILE", .min_args = 2, .max_args = -1, .what = "a group and a file", .kind = CLI_GROUP,
};
static const cli_decl *const rep_subs[] = {&check_decl, NULL};
const cli_decl cli_rep_decl = {.subs = rep_subs};

static int check(cli_opts *o)
{
    /* the group: every word but the last */
    o->object = cli_join(o->pos, 0, o->npos - 1);
    const char *file = o->pos[o->npos - 1];
    if (lt_io_is_liealg(o->object)) {
        fprintf(stderr, "lietool: rep check: '%s' is a Lie algebra; this command takes a group\n", o->object);
        return CLI_USAGE;
    }
    lt_err_t err;
    lt_err_init(err);
    lt_pgrp_t G;
    lt_pgrp_init(G, 1);
    lt_rep_t R;
    lt_rep_init(R);
    lt_rep_check_t C;
    lt_rep_check_init(C);
    int r;
    lt_status st = lt_io_group(G, NULL, o->object, o->ctx, err);
    if (!st) st = lt_pgrp_chain(G, NULL, o->ctx, err);
    if (!st) st = lt_io_rep_read(R, file, G, o->ctx, err);
    if (!st) st = lt_rep_check(C, R, G, o->tol, o->ctx, err);
    if (st) { r = cli_fail(err); goto out; }
    r = C->homomorphism ? 0 : 1;
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
    lt_doc D, *d = &D;
    cli_doc_begin(d, o, o->object, head);
    d->width = 0;
    d->indent = "";
    lt_doc_str(d, "|file", file, NULL);
    lt_doc_json(d, "|order", "\"%lld\"", C->order);
    lt_doc_long(d, "|dimension", (long)R->n, NULL);
    lt_doc_long(d, "|assigned", R->count, NULL);
    if (R->exact && R->d != 1 && d->mode == LT_DOC_TEX) lt_doc_claim(d, "arithmetic:|", NULL, "exact, in $Q(sqrt(%ld))$", R->d);
    else if (R->exact) lt_doc_claim(d, "arithmetic:|", NULL, "exact, in $%s$", field);
    else lt_doc_claim(d, "arithmetic:|", NULL, "floating point (decimal entries), equal within --tol %g", o->tol);
    lt_doc_str(d, "|arithmetic", R->exact ? "exact" : "float", NULL);
    lt_doc_str(d, "|field", field, NULL);
    if (!R->exact) lt_doc_double(d, "|tol", "%g", o->tol);
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
    lt_doc_end(d, NULL);
out:
    lt_rep_check_clear(C);
    lt_rep_clear(R);
    lt_pgrp_clear(G);
    return r;
}

int cmd_rep(int argc, char **argv, const lt_cmd *self)
{
    int r = -1;
    const cli_decl *sub = cli_find_sub(self, argc, argv, &r);
    if (!sub) return r;
    cli_opts o;
    r = cli_getopts(&o, NULL, argc, argv, self, sub);
    if (r < 0) r = check(&o);
    cli_free(&o);
    return r;
}
