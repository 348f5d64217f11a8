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
} plan_opts;

static const cli_optdecl plan_opts_decl[] = {
    {.name = "--arch", CLI_CUSTOM_AT(plan_opts, arch), .parse = cli_read_arch, .meta = "FAMILY", .flags = CLI_REQUIRED,
     .want = CLI_ARCH_WANT,
     .help = "the layer family: abelian, diag-positive, diag-signed, diag-complex, householder-N, transformer"},
    {.name = "--layers", .alias = "--depth", CLI_LONG_AT(plan_opts, layers), .meta = "K", .min = 1, .max = 1000000, .flags = CLI_REQUIRED,
     .help = "the number of layers"},
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
    if ((r = cli_load_object(&o, &X, self)) >= 0) { cli_close_object(&o, &X); return r; }
    lt_plan_verdict_t V;
    lt_plan_verdict_init(V);
    r = cli_verdict_compute(V, &X, &p.arch.a, p.layers, (long)p.d.length, p.d.bound, &o);
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
