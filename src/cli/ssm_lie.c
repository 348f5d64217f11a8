/* lietool ssm lie: the Lie algebra that a trained layer's state
   transitions generate (lt_model_lie), with its profile and every rank
   decision, as info --float prints them. */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "doc.h"
#include "lietool/io.h"
#include "lietool/model.h"
#include "lietool/ssm.h"
#include "lietool/write.h"

typedef struct {
    long layer, first, tokens, words, length, max_mb;
    uint64_t seed;
    int generators, compute;
} lie_opts;

static const cli_choice lie_generators[] = {{"log", LT_MODEL_LIE_LOG, 0}, {"diff", LT_MODEL_LIE_DIFF, 0}, {NULL, 0, 0}};
static const cli_choice lie_computes[] = {
    {"f32", LT_COMPUTE_F32, 0}, {"bf16", LT_COMPUTE_BF16, 0}, {"f16", LT_COMPUTE_F16, 0}, {NULL, 0, 0}
};

static const cli_optdecl lie_decl_opts[] = {
    {.name = "--layer", CLI_LONG_AT(lie_opts, layer), .meta = "K", .min = 1, .max = 4096,
     .help = "the layer, from 1 (default 1)"},
    {.name = "--first-token", CLI_LONG_AT(lie_opts, first), .meta = "A", .min = 0, .max = 1L << 30,
     .help = "the first token read (default 0)"},
    {.name = "--tokens", CLI_LONG_AT(lie_opts, tokens), .meta = "N", .min = 1, .max = 1L << 30,
     .help = "read N tokens from the first (default: the rest of the vocabulary)"},
    {.name = "--words", CLI_LONG_AT(lie_opts, words), .meta = "N", .min = 1, .max = 1L << 30,
     .help = "random words sampled where a transition depends on earlier tokens (default 32)"},
    {.name = "--length", CLI_LONG_AT(lie_opts, length), .meta = "T", .min = 1, .max = CLI_MAX_LENGTH,
     .help = "their length (default 16)"},
    {.name = "--seed", CLI_U64_AT(lie_opts, seed), .meta = "S", .min = 0, .max = UINT64_MAX,
     .help = "the seed of the sampled words (default 0)"},
    {.name = "--generators", CLI_ENUM_AT(lie_opts, generators), .choices = lie_generators, .meta = "log|diff",
     .help = "each transition X gives log X (default) or X - I"},
    {.name = "--compute", CLI_ENUM_AT(lie_opts, compute), .choices = lie_computes, .meta = "f32|bf16|f16",
     .help = "the forward pass's precision up to the layer (default: the config's torch_dtype)"},
    {.name = "--max-checkpoint-mb", CLI_LONG_AT(lie_opts, max_mb), .meta = "N", .min = 1, .max = CLI_MAX_MIB,
     .help = "refuse a checkpoint above N MiB (default 1024)"},
    {0}
};

const cli_decl cli_ssm_lie_decl = {
    .name = "lie", .summary = "the Lie algebra a trained layer's state transitions generate, in floating point",
    .common = CLI_O_JSON | CLI_O_LATEX | CLI_O_TOL | CLI_O_QUIET | CLI_O_MAX_DIM | CLI_O_MAX_MEMORY,
    .opts = lie_decl_opts, .brief = 1, .args = "MODEL_DIR", .min_args = 1, .max_args = 1, .what = "the model directory",
    /* the transitions come from an f32 forward pass (round-off about 1e-7
       relative): a cut two orders of magnitude above it */
    .tol = 1e-4,
};

int cli_ssm_lie(int argc, char **argv, const lt_cmd *self)
{
    lie_opts s = {.layer = 1, .first = 0, .tokens = -1, .words = 32, .length = 16, .max_mb = 1024,
                  .generators = LT_MODEL_LIE_LOG, .compute = LT_COMPUTE_CONFIG};
    cli_opts o;
    int r = cli_getopts(&o, &s, argc, argv, self, &cli_ssm_lie_decl);
    if (r >= 0) { cli_free(&o); return r; }
    const char *dir = o.pos[0];
    lt_err_t err;
    lt_err_init(err);
    lt_model_t M;
    lt_model_init(M);
    lt_model_lie_t R;
    lt_model_lie_init(R);
    if (lt_io_model_load(M, dir, s.max_mb, (lt_model_compute)s.compute, err)) { r = cli_fail(err); goto done; }
    lt_model_lie_params P = {.layer = (int)s.layer - 1, .token_lo = s.first,
                             .token_hi = s.tokens > 0 ? s.first + s.tokens : M->vocab, .words = s.words,
                             .length = s.length, .seed = s.seed, .generators = s.generators, .tol = o.tol};
    if (lt_model_lie(R, M, &P, o.ctx, err)) { r = cli_fail(err); goto done; }
    lt_doc d;
    cli_doc_start(&d, &o);
    lt_write_model_lie(&d, dir, M, &P, R);
    r = cli_float_profile_put(&d, R->P, &o, R->log);
done:
    lt_model_lie_clear(R);
    lt_model_clear(M);
    cli_free(&o);
    return r;
}
