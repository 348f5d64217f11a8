/* lietool ssm train GROUP --arch ARCH --layers K --out DIR: the theory's
   verdict, the words, a training run of the PyTorch trainer, lietool's
   evaluation of its checkpoint and the outcome, as one command. The work
   is the library's (lt_ssm_train_job, src/job/train.c); this file parses
   the options and prints the result (lt_write_ssm_train). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "doc.h"
#include "lietool/io.h"
#include "lietool/job.h"
#include "lietool/write.h"

typedef struct {
    const char *arch, *out, *lr;
    long layers, train_length, test_length, samples, test_samples, d_model, steps, tries;
    long max_length, max_samples, max_tokens, max_mb;
    uint64_t seed;
    double budget;
    int force;
} train_opts;

/* --lr: one positive number or a comma list of them, passed on as written. */
static int read_lr(void *dst, const char *v)
{
    for (const char *s = v;;) {
        char *e;
        double x = strtod(s, &e);
        if (e == s || !isfinite(x) || !(x > 0) || (*e && *e != ',')) return -1;
        if (!*e) break;
        s = e + 1;
    }
    *(const char **)dst = v;
    return 0;
}

static const cli_optdecl train_opts_decl[] = {
    {.name = "--arch", CLI_STRING_AT(train_opts, arch), .meta = "ARCH", .flags = CLI_REQUIRED,
     .help = "a layer family of plan or a trainer's architecture: abelian, diag-positive, diag-signed, diag-complex, "
             "householder-N, transformer, mamba, signed-mamba, mamba2, mamba2-signed, gla, delta_net, gated_deltaproduct"},
    {.name = "--layers", CLI_LONG_AT(train_opts, layers), .meta = "K", .min = 1, .max = LT_TRAIN_MAX_LAYERS,
     .flags = CLI_REQUIRED, .help = "the number of layers"},
    {.name = "--out", CLI_STRING_AT(train_opts, out), .meta = "DIR", .flags = CLI_REQUIRED,
     .help = "the run's directory: its words, the trainer's log and checkpoint, result.json"},
    {.name = "--train-length", CLI_LONG_AT(train_opts, train_length), .meta = "L", .min = 2, .max = CLI_MAX_LENGTH,
     .help = "train on words of every length 2..L (default 16)"},
    {.name = "--test-length", CLI_LONG_AT(train_opts, test_length), .meta = "T", .min = 1, .max = CLI_MAX_LENGTH,
     .help = "test on words of length T (default 2L)"},
    {.name = "--samples", CLI_LONG_AT(train_opts, samples), .meta = "N", .min = 1, .max = CLI_MAX_SAMPLES,
     .help = "about N training words in all, spread evenly over the lengths (default 16000)"},
    {.name = "--test-samples", CLI_LONG_AT(train_opts, test_samples), .meta = "N", .min = 1, .max = CLI_MAX_SAMPLES,
     .help = "N test words (default 1000)"},
    {.name = "--seed", CLI_U64_AT(train_opts, seed), .meta = "S", .min = 0, .max = UINT64_MAX,
     .help = "the trainer's seed; the words' seeds are derived from it (default 0)"},
    {.name = "--budget", CLI_DOUBLE_AT(train_opts, budget), .meta = "SECONDS", .dmin = 0, .dmax = 1e7, .flags = CLI_OPEN,
     .want = "a positive number of seconds", .help = "the training time (default 300)"},
    {.name = "--d-model", CLI_LONG_AT(train_opts, d_model), .meta = "D", .min = 1, .max = 1L << 20,
     .help = "the model's width (default: the trainer's)"},
    {.name = "--steps", CLI_LONG_AT(train_opts, steps), .meta = "N", .min = 1, .max = CLI_MAX_SAMPLES,
     .help = "training steps of a try (default: the trainer's)"},
    {.name = "--lr", CLI_CUSTOM_AT(train_opts, lr), .parse = read_lr, .meta = "LR[,LR...]",
     .want = "a positive number or a comma list of them", .help = "the learning rates, taken in turn by the tries"},
    {.name = "--tries", CLI_LONG_AT(train_opts, tries), .meta = "N", .min = 1, .max = 1000,
     .help = "training runs (seeds S, S+1, ...); the best on the validation words is kept"},
    {.name = "--force", CLI_FLAG_AT(train_opts, force), .help = "train into DIR even when it is not empty"},
    {.name = "--max-length", CLI_LONG_AT(train_opts, max_length), .meta = "L", .min = 1, .max = CLI_MAX_LENGTH,
     .help = "refuse --train-length or --test-length above L (default 10000)"},
    {.name = "--max-samples", CLI_LONG_AT(train_opts, max_samples), .meta = "N", .min = 1, .max = CLI_MAX_SAMPLES,
     .help = "refuse --samples or --test-samples above N (default 1e7)"},
    {.name = "--max-tokens", CLI_LONG_AT(train_opts, max_tokens), .meta = "N", .min = 1, .max = CLI_MAX_SAMPLES,
     .help = "refuse more than N tokens in a file's words, words x length (default 1e8)"},
    {.name = "--max-checkpoint-mb", CLI_LONG_AT(train_opts, max_mb), .meta = "N", .min = 1, .max = CLI_MAX_MIB,
     .help = "refuse a checkpoint above N MiB (default 1024)"},
    {0}
};

const cli_decl cli_ssm_train_decl = {
    .name = "train", .summary = "the verdict, the words, a PyTorch training run and lietool's evaluation of it, "
                                "and the outcome against the theory, as one command",
    .common = CLI_O_JSON | CLI_O_GROUP_LIMITS | CLI_O_MAX_ENUM, .opts = train_opts_decl, .brief = 1,
    .args = "GROUP", .min_args = 1, .max_args = -1, .what = "the group", .kind = CLI_GROUP,
};

int cli_ssm_train(int argc, char **argv, const lt_cmd *self)
{
    train_opts t = {.train_length = 16, .test_length = -1, .samples = 16000, .test_samples = 1000, .budget = 300,
                    .max_length = 10000, .max_samples = 10000000, .max_tokens = 100000000, .max_mb = 1024};
    cli_opts o;
    int r = cli_getopts(&o, &t, argc, argv, self, &cli_ssm_train_decl);
    if (r >= 0) { cli_free(&o); return r; }
    char *group = o.object = cli_join(o.pos, 0, o.npos);
    if (lt_io_is_liealg(group)) {
        fprintf(stderr, "lietool: ssm train: '%s' is a Lie algebra; this command takes a group\n", group);
        cli_free(&o);
        return CLI_USAGE;
    }
    if (!lt_train_arch_find(t.arch)) {
        char sugg[256];
        lt_train_arch_suggest(sugg, sizeof sugg, t.arch);
        r = cli_usage_error(self, &cli_ssm_train_decl, "unknown architecture '%s'%s%s%s; --arch takes %s", t.arch,
                            *sugg ? " (did you mean " : "", sugg, *sugg ? "?)" : "", lt_train_arch_list());
        cli_free(&o);
        return r;
    }
    char *exe = lt_io_self_path();    /* the trainer runs it for --group */
    lt_ssm_train_params P = {.group = group, .arch = t.arch, .layers = t.layers, .out = t.out, .force = t.force,
                             .train_length = t.train_length,
                             .test_length = t.test_length > 0 ? t.test_length : 2 * t.train_length,
                             .samples = t.samples, .test_samples = t.test_samples, .seed = t.seed, .budget = t.budget,
                             .d_model = t.d_model, .steps = t.steps, .tries = t.tries, .lr = t.lr, .self = exe,
                             .limits = {.max_length = t.max_length, .max_samples = t.max_samples, .max_tokens = t.max_tokens},
                             .max_mb = t.max_mb};
    lt_err_t err;
    lt_err_init(err);
    lt_ssm_train_job_t J;
    lt_ssm_train_job_init(J);
    if (!exe) r = cli_fail((lt_err_struct[]){{LT_EINTERNAL, "ssm train: cannot read /proc/self/exe (the lietool binary the trainer runs)"}});
    else if (lt_ssm_train_job(J, &P, o.ctx, err)) r = cli_fail(err);
    else {
        lt_doc doc;
        cli_doc_start(&doc, &o);
        lt_write_ssm_train(&doc, J, &P);
        lt_doc_end(&doc, NULL);
        r = 0;
    }
    lt_ssm_train_job_clear(J);
    lt_free(exe);
    cli_free(&o);
    return r;
}
