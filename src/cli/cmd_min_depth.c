/* lietool min-depth: the number of order-blind (abelian) layers an object
   needs, exactly (its derived length; Theorem 3.4 and Proposition 3.3 of
   Heo et al. 2026, arXiv:2603.05573), the lower bound ceil(d/2) on
   restricted (Mamba-like) layers (Proposition 3.3), and with --length T the
   logarithmic bound for words of length <= T (Proposition 3.7) with the
   width its construction needs (Corollary 3.8, Witt's formula):
   lt_depth_min, lt_write_min_depth. */
#include <errno.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include "depth.h"
#include "doc.h"

/* min-depth's family is --arch, as plan's: abelian or restricted alone
   chooses the row printed (and the JSON key min_depth); a family with
   --layers K adds the verdict for K layers. --layers abelian|restricted,
   the older spelling, still chooses the row. */
static cli_depth_opts *opts_of(void *field, size_t off)
{
    return (cli_depth_opts *)((char *)field - off);
}

static int read_arch(void *dst, const char *v)
{
    cli_depth_opts *d = opts_of(dst, offsetof(cli_depth_opts, arch));
    if (strcmp(v, "restricted") == 0) { d->layers = 2; return 0; }
    if (cli_read_arch(dst, v)) return -1;
    if (d->arch.a.kind == LT_FAM_ABELIAN && !d->arch.why) d->layers = 1;
    return 0;
}

static int read_layers(void *dst, const char *v)
{
    cli_depth_opts *d = opts_of(dst, offsetof(cli_depth_opts, depth));
    for (int i = 0; cli_depth_layer_kinds[i].name; i++)
        if (strcmp(v, cli_depth_layer_kinds[i].name) == 0) { d->layers = cli_depth_layer_kinds[i].value; return 0; }
    char *e;
    errno = 0;
    long k = strtol(v, &e, 10);
    if (errno || *e || e == v || k < 1 || k > 1000000) return -1;
    d->depth = k;
    return 0;
}

static const cli_optdecl min_depth_opts[] = {
    CLI_DEPTH_LENGTH,
    CLI_DEPTH_BOUND("--length"),
    CLI_DEPTH_TOKENS("--length"),
    CLI_DEPTH_MAX_DIGITS("--length"),
    {.name = "--arch", CLI_CUSTOM_AT(cli_depth_opts, arch), .parse = read_arch, .meta = "FAMILY",
     .want = "abelian, restricted, or " CLI_ARCH_WANT,
     .help = "abelian or restricted: print that row only (the JSON key min_depth); with --layers K, the theory's verdict "
             "for K layers of this family (as lietool plan prints it)"},
    {.name = "--layers", .alias = "--depth", CLI_CUSTOM_AT(cli_depth_opts, depth), .parse = read_layers, .meta = "K",
     .want = "a number of layers from 1 to 1000000 (or abelian|restricted, as --arch)",
     .help = "the layers of that verdict (with --arch; --depth is the same)"},
    {.name = "--exact", CLI_FLAG_AT(cli_depth_opts, exact), .needs = "--length",
     .help = "print the width's exact integer (text and LaTeX; JSON always has it)"},
    {0}
};

const cli_decl cli_min_depth_decl = {.common = CLI_O_JSON | CLI_O_LATEX | CLI_O_LIMITS, .opts = min_depth_opts, CLI_OBJECT_ARGS};

static int run(cli_opts *o, cli_depth_opts *d, cli_depth_profile *P)
{
    lt_depth_params p;
    lt_depth_min_t M;
    lt_err_t err;
    lt_err_init(err);
    lt_depth_min_init(M);
    cli_depth_params(&p, d);
    int r = 0;
    if (lt_depth_min(M, P->p, &p, o->ctx, err)) r = cli_fail(err);
    else {
        lt_doc D;
        cli_doc_start(&D, o);
        lt_write_min_depth(&D, o->object, P->p, M, d->layers, d->exact);
        cli_depth_end(&D, o, P);
    }
    lt_depth_min_clear(M);
    return r;
}

int cmd_min_depth(int argc, char **argv, const lt_cmd *self)
{
    return cli_depth_run(argc, argv, self, 0, run);
}
