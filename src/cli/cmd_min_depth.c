/* lietool min-depth: the number of order-blind (abelian) layers an object
   needs, exactly (its derived length; Theorem 3.4 and Proposition 3.3 of
   Heo et al. 2026, arXiv:2603.05573), the lower bound ceil(d/2) on
   restricted (Mamba-like) layers (Proposition 3.3), and with --length T the
   logarithmic bound for words of length <= T (Proposition 3.7) with the
   width its construction needs (Corollary 3.8, Witt's formula):
   lt_depth_min, lt_write_min_depth. */
#include "depth.h"
#include "doc.h"

static const cli_optdecl min_depth_opts[] = {
    {.name = "--layers", CLI_ENUM_AT(cli_depth_opts, layers), .choices = cli_depth_layer_kinds,
     .help = "print only abelian or restricted layers (the JSON key min_depth); default both"},
    CLI_DEPTH_LENGTH,
    CLI_DEPTH_BOUND("--length"),
    CLI_DEPTH_TOKENS("--length"),
    CLI_DEPTH_MAX_DIGITS("--length"),
    CLI_DEPTH_VERDICT,
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
        lt_write_min_depth(&D, o->object, P->p, M, d->layers);
        cli_depth_end(&D, o, P);
    }
    lt_depth_min_clear(M);
    return r;
}

int cmd_min_depth(int argc, char **argv, const lt_cmd *self)
{
    return cli_depth_run(argc, argv, self, 0, run);
}
