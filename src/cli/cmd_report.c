/* lietool report: one page on an object for a sequence-model researcher:
   its algebraic profile, the minimum depths, the error exponents of
   shallower order-blind stacks and the complexity of its word problem,
   one short citation per claim (lt_depth_report, lt_write_report). */
#include "depth.h"
#include "doc.h"

static const cli_optdecl report_opts[] = {
    CLI_DEPTH_BOUND(NULL),
    CLI_DEPTH_LENGTH,
    CLI_DEPTH_TOKENS(NULL),
    CLI_DEPTH_MAX_DIGITS(NULL),
    CLI_DEPTH_VERDICT,
    {0}
};

const cli_decl cli_report_decl = {
    .common = CLI_O_JSON | CLI_O_LATEX | CLI_O_LIMITS, .opts = report_opts, CLI_OBJECT_ARGS,
};

static int run(cli_opts *o, cli_depth_opts *d, cli_depth_profile *P)
{
    lt_depth_params p;
    lt_depth_report_t R;
    lt_err_t err;
    lt_err_init(err);
    lt_depth_report_init(R);
    cli_depth_params(&p, d);
    int r = 0;
    /* the group's planning table: the verdicts plan prints */
    lt_plan_row *rows = NULL;
    if (!P->X->is_lie) {
        if (lt_plan_table_object(&rows, &p.nplan, P->X->G, NULL, NULL, 0, d->bound, o->ctx, err)) {
            lt_depth_report_clear(R);
            return cli_fail(err);
        }
        p.plan = rows;
    }
    if (lt_depth_report(R, P->p, &p, o->ctx, err)) r = cli_fail(err);
    else {
        lt_doc D;
        cli_doc_start(&D, o);
        lt_write_report(&D, o->object, P->p, R);
        cli_depth_end(&D, o, P);
    }
    lt_depth_report_clear(R);
    lt_free(rows);
    return r;
}

int cmd_report(int argc, char **argv, const lt_cmd *self)
{
    return cli_depth_run(argc, argv, self, 1, run);
}
