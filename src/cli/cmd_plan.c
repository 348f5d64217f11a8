/* lietool plan TASK --arch FAMILY --layers K [--length T]: the theory's
   verdict for k layers of a family on a task, before training
   (lt_plan in src/depth/plan.c; each claim with its source). */
#include <string.h>
#include "depth.h"
#include "verdict.h"

typedef struct {
    cli_depth_opts d;       /* --length, --bound */
    cli_arch_opt arch;
    long layers;
    long householder;       /* --householder N: gated_deltaproduct's N */
} plan_opts;

static const cli_optdecl plan_opts_decl[] = {
    {.name = "--arch", CLI_CUSTOM_AT(plan_opts, arch), .parse = cli_read_arch, .meta = "FAMILY",
     .want = CLI_ARCH_WANT,
     .help = "the layer family or architecture: abelian, diag-positive, diag-signed, diag-complex, householder-N, "
             "householder-N-positive, pd, transformer, mamba, mamba2, gla, mamba-signed, mamba2-signed, mamba3, "
             "delta_net, delta_net-signed, gated_deltaproduct, pd_ssm"},
    {.name = "--layers", .alias = "--depth", CLI_LONG_AT(plan_opts, layers), .meta = "K", .min = 1, .max = 1000000,
     .help = "the number of layers; without it, the planning table"},
    {.name = "--householder", CLI_LONG_AT(plan_opts, householder), .meta = "N", .min = 1, .max = 64,
     .help = "gated_deltaproduct: N Householder factors per token (default 2)"},
    {.name = "--length", CLI_ULONG_AT(plan_opts, d.length), .meta = "T", .min = 1, .max = CLI_DEPTH_MAX_LENGTH,
     .help = "also: do K layers suffice for words of length at most T"},
    {.name = "--bound", CLI_ENUM_AT(plan_opts, d.bound), .choices = cli_depth_bounds,
     .help = "the reading of Proposition 3.7: sharp (floor(log2 T) + 1, the default) or v1 (superseded by v2)"},
    {0}
};

const cli_decl cli_plan_decl = {.common = CLI_O_JSON | CLI_O_LIMITS | CLI_O_MAX_ENUM, .opts = plan_opts_decl, CLI_OBJECT_ARGS};

int cmd_plan(int argc, char **argv, const lt_cmd *self)
{
    plan_opts p;
    memset(&p, 0, sizeof p);
    p.d.bound = LT_BOUND_DEFAULT;
    cli_opts o;
    cli_object X;
    int r = cli_getopts(&o, &p, argc, argv, self, NULL);
    if (r >= 0) { cli_free(&o); return r; }
    if (p.layers && !p.arch.given) {
        r = cli_usage_error(self, NULL, "--layers K needs --arch FAMILY (without both, plan prints every family)");
        cli_free(&o);
        return r;
    }
    cli_arch_householders(&p.arch, (int)p.householder);
    if ((r = cli_load_object(&o, &X, self)) >= 0) { cli_close_object(&o, &X); return r; }
    if (!p.layers) {
        /* the planning table: every family, or the one asked for */
        lt_err_t err;
        lt_err_init(err);
        lt_plan_row *rows;
        int n;
        if (lt_plan_table_object(&rows, &n, X.is_lie ? NULL : X.G, X.L, p.arch.given ? &p.arch.a : NULL, (long)p.d.length,
                                 p.d.bound, o.ctx, err)) r = cli_fail(err);
        else {
            lt_doc d;
            cli_doc_start(&d, &o);
            lt_write_plan_table(&d, o.object, rows, n, (long)p.d.length, p.d.bound);
            lt_doc_end(&d, NULL);
            r = 0;
        }
        lt_free(rows);
        cli_close_object(&o, &X);
        return r;
    }
    lt_plan_verdict_t V;
    lt_plan_verdict_init(V);
    r = cli_verdict_compute(V, &X, &p.arch.a, p.layers, (long)p.d.length, p.d.bound, &o);
    if (r < 0) cli_arch_note(V, &p.arch);
    if (r < 0) {
        lt_doc d;
        cli_doc_start(&d, &o);
        lt_write_verdict(&d, V, o.object, "");
        lt_doc_end(&d, NULL);
        r = 0;
    }
    lt_plan_verdict_clear(V);
    cli_close_object(&o, &X);
    return r;
}
