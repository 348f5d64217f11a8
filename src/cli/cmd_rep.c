/* lietool rep check GROUP FILE: is the assignment of matrices to elements
   in FILE a homomorphism? (lt_io_rep_read, lt_rep_check, lt_write_rep_check) */
#include <string.h>
#include "doc.h"
#include "lietool/io.h"
#include "lietool/write.h"

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
    lt_doc d;
    cli_doc_start(&d, o);
    lt_write_rep_check(&d, o->object, file, R, C, o->tol);
    lt_doc_end(&d, NULL);
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
