/* lietool rep check GROUP FILE: is the assignment of matrices to elements
   in FILE a homomorphism? (lt_io_rep_read, lt_rep_check) */
#include <string.h>
#include "cli.h"
#include "lietool/io.h"
#include "lietool/json.h"

static void put_json_or_null(long long v, int ok)
{
    if (ok) printf("%lld", v);
    else printf("null");
}

static const cli_decl check_decl = {
    .name = "check", .summary = "do FILE's matrices for group elements extend to a homomorphism of GROUP?",
    .common = CLI_O_JSON | CLI_O_TOL | CLI_O_LIMITS, .show = CLI_O_TOL | CLI_O_MAX_ENUM,
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
    if (o->json) {
        cli_json_begin(o);
        printf(", \"file\": ");
        lt_json_put_string(stdout, file);
        printf(", \"order\": \"%lld\", \"dimension\": %ld, \"assigned\": %d", C->order, (long)R->n, R->count);
        printf(", \"arithmetic\": \"%s\", \"field\": \"%s\"", R->exact ? "exact" : "float", field);
        if (!R->exact) printf(", \"tol\": %g", o->tol);
        printf(", \"convention\": \"%s\", \"points_from\": %d", R->composition ? "composition" : "gap", R->origin);
        printf(", \"homomorphism\": %s", C->homomorphism ? "true" : "false");
        if (C->homomorphism) {
            printf(", \"distinct_images\": %lld, \"kernel_order\": %lld, \"faithful\": %s",
                   C->distinct, C->kernel, C->kernel == 1 ? "true" : "false");
        } else {
            printf(", \"failure\": {\"kind\": \"%s\", \"reason\": ",
                   C->kind == LT_REP_ORDER ? "order" : C->kind == LT_REP_EDGE ? "relation" : "subgroup");
            lt_json_put_string(stdout, why);
            if (C->relation) { printf(", \"relation\": "); lt_json_put_string(stdout, C->relation); }
            if (C->element) { printf(", \"element\": "); lt_json_put_string(stdout, C->element); }
            if (C->kind == LT_REP_ORDER) {
                printf(", \"element_order\": %ld, \"image_order\": ", C->element_order);
                put_json_or_null(C->image_order, C->image_order > 0);
            }
            if (C->kind == LT_REP_SUBGROUP) printf(", \"subgroup_order\": %lld", C->subgroup_order);
            printf("}, \"generated_matrices\": ");
            put_json_or_null(C->generated, C->generated >= 0);
            printf(", \"faithful\": null");
        }
        printf("}\n");
        goto out;
    }
    printf("%s: %lld elements; %d assigned, %ld x %ld matrices\n", o->object, C->order, R->count, (long)R->n, (long)R->n);
    if (R->exact) printf("arithmetic: exact, in %s\n", field);
    else printf("arithmetic: floating point (decimal entries), equal within --tol %g\n", o->tol);
    printf("convention: %s; points numbered from %d\n",
           R->composition ? "composition (the right factor acts first)" : "gap (the left factor acts first)", R->origin);
    if (C->homomorphism) {
        printf("homomorphism: yes\n");
        printf("distinct images: %lld (kernel of order %lld): %s\n", C->distinct, C->kernel,
               C->kernel == 1 ? "faithful" : "not faithful");
    } else {
        printf("homomorphism: no: %s\n", why);
        if (C->generated >= 0) printf("the assigned matrices generate a group of %lld matrices\n", C->generated);
        else printf("the assigned matrices generate more than %lld matrices\n", C->generated_limit);
    }
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
