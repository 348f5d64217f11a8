/* lietool ssm eval: a trained checkpoint (config.json + model.safetensors)
   run on a word problem, its accuracies beside the depth layer's
   prediction for its depth and layer type. The architectures and file
   formats are in lietool-formats(5), TRAINED MODELS. */
#include <string.h>
#include "cli.h"
#include "depth.h"
#include "doc.h"
#include "verdict.h"
#include "lietool/dataset.h"
#include "lietool/depth.h"
#include "lietool/io.h"
#include "lietool/model.h"
#include "lietool/job.h"
#include "lietool/rotation.h"
#include "lietool/plot.h"
#include "lietool/ssm.h"
#include "lietool/write.h"

/* ---- options, shared by eval and sweep ---- */

typedef struct {
    const char *sub, *group, *data, *predf, *logitf, *svg, *note;
    long length, samples, max_mb, max_len, max_samples;
    long bos;               /* --bos ID, -1 when not given */
    long offset;            /* --offset N, -1 when not given */
    const char *token_map;  /* --token-map FILE */
    int compute;            /* --compute, LT_COMPUTE_CONFIG when not given */
    double threshold;       /* --threshold, default 0.9 */
    uint64_t seed;
    int task;               /* --task: 0 word, 1 rotation */
    int bound;              /* --bound, lt_bound */
    lt_arch family;         /* --family, kind LT_FAM_COUNT when not given */
    long double step;       /* --step (rotation), 0 when not given */
    long window;            /* --window (rotation), 0 when not given */
    const char *csv;        /* --csv (rotation) */
    int map;                /* --map (rotation), -1: the checkpoint's */
    int json, ndirs;
    char **dirs;            /* the operands, in co */
    cli_opts co;            /* the shared options: --json, the limits of loading the group (ctx) */
} ev_opts;

static const cli_choice ev_computes[] = {
    {"f32", LT_COMPUTE_F32, 0}, {"bf16", LT_COMPUTE_BF16, 0}, {"f16", LT_COMPUTE_F16, 0}, {NULL, 0, 0}
};

#define EV_GROUP {.name = "--group", CLI_STRING_AT(ev_opts, group), .meta = "G", .flags = CLI_REQUIRED, \
                  .help = "the group of the task, whose elements are the model's tokens"}
#define EV_LENGTH(FLAGS) {.name = "--length", CLI_LONG_AT(ev_opts, length), .meta = "T", .min = 1, .max = CLI_MAX_LENGTH, \
                          .flags = FLAGS, .help = "generated words of length T"}
#define EV_SAMPLES(FLAGS) {.name = "--samples", CLI_LONG_AT(ev_opts, samples), .meta = "N", .min = 1, \
                           .max = CLI_MAX_SAMPLES, .flags = FLAGS, .help = "N generated words"}
#define EV_SEED {.name = "--seed", CLI_U64_AT(ev_opts, seed), .meta = "S", .min = 0, .max = UINT64_MAX, \
                 .help = "the SplitMix64 seed of the words (default 0)"}
/* --family F (lt_arch): the family the checkpoints' layers belong to */
static int parse_family(void *dst, const char *v)
{
    return lt_arch_parse(dst, v);
}

#define EV_FAMILY {.name = "--family", CLI_CUSTOM_AT(ev_opts, family), .parse = parse_family, .meta = "F", \
                   .want = "a layer family (lietool plan --help lists them)", \
                   .help = "the family of the checkpoints' layers where config.json leaves a choice (Mamba: " \
                           "diag-positive or diag-signed; DeltaNet, DeltaProduct: householder-N or householder-N-positive); " \
                           "the forward pass follows it"}

#define EV_METRIC \
    {.name = "--threshold", CLI_DOUBLE_AT(ev_opts, threshold), .meta = "X", .dmin = 1e-9, .dmax = 1, \
     .help = "the accuracy of the longest prefix (default 0.9)"}, \
    {.name = "--bos", CLI_LONG_AT(ev_opts, bos), .meta = "ID", .min = 0, .max = 1L << 30, \
     .help = "prepend token ID to every word, read and predicted and counted, as the paper's code does"}, \
    {.name = "--offset", CLI_LONG_AT(ev_opts, offset), .meta = "N", .min = 0, .max = 1L << 30, \
     .help = "element e is token e + N (lietool-formats(5), TOKEN MAPS)"}, \
    {.name = "--token-map", CLI_STRING_AT(ev_opts, token_map), .meta = "FILE", \
     .help = "the elements' tokens from a JSON file such as the tokenizer's vocab.json"}, \
    {.name = "--compute", CLI_ENUM_AT(ev_opts, compute), .choices = ev_computes, .meta = "f32|bf16|f16", \
     .help = "the forward pass's precision (default: the config's torch_dtype)"}
#define EV_LIMITS \
    {.name = "--max-checkpoint-mb", CLI_LONG_AT(ev_opts, max_mb), .meta = "N", .min = 1, .max = CLI_MAX_MIB, \
     .help = "refuse a model.safetensors above N MiB (default 1024)"}, \
    {.name = "--max-length", CLI_LONG_AT(ev_opts, max_len), .meta = "L", .min = 1, .max = CLI_MAX_LENGTH, \
     .help = "refuse words longer than L (default 10000)"}, \
    {.name = "--max-samples", CLI_LONG_AT(ev_opts, max_samples), .meta = "N", .min = 1, .max = CLI_MAX_SAMPLES, \
     .help = "refuse more than N words (default 1e6)"}

static const cli_choice ev_tasks[] = {{"word", 0, 0}, {"rotation", 1, 0}, {NULL, 0, 0}};

static const cli_optdecl eval_opts[] = {
    {.name = "--task", CLI_ENUM_AT(ev_opts, task), .choices = ev_tasks, .meta = "word|rotation",
     .help = "the word problem (default), or the A5 rotation task of a checkpoint with a Linear(d, 3) head"},
    {.name = "--group", CLI_STRING_AT(ev_opts, group), .meta = "G",
     .help = "the group of the task, whose elements are the model's tokens (required; --task rotation: A5)"},
    EV_LENGTH(0), EV_SAMPLES(0), EV_SEED,
    {.name = "--data", CLI_STRING_AT(ev_opts, data), .meta = "FILE.csv",
     .help = "the words of a dataset CSV (- for standard input) instead of --length and --samples"},
    {.name = "--predictions", CLI_STRING_AT(ev_opts, predf), .meta = "FILE.csv", .help = "write every word's predictions"},
    {.name = "--logits", CLI_STRING_AT(ev_opts, logitf), .meta = "FILE", .help = "write every position's logits"},
    {.name = "--bound", CLI_ENUM_AT(ev_opts, bound), .choices = cli_depth_bounds,
     .help = "the depth bound of the verdict: sharp (the default) or v1 (superseded); rotation: the ideal model's "
             "c(k) = 2^k - 1 or 2^(k-1)"},
    EV_FAMILY,
    {.name = "--step", CLI_CUSTOM_AT(ev_opts, step), .parse = cli_parse_step, .meta = "H",
     .want = "a positive number (integer, p/q or decimal)",
     .help = "rotation: the ideal model's step h (default 1, the task the checkpoint is scored on)"},
    {.name = "--window", CLI_LONG_AT(ev_opts, window), .meta = "W", .min = 1, .max = CLI_MAX_LENGTH,
     .help = "rotation: the ideal model's window of W tokens (default 8, as ssm rotation)"},
    {.name = "--csv", CLI_STRING_AT(ev_opts, csv), .meta = "FILE", .help = "rotation: the MSE per position as CSV"},
    {.name = "--map", CLI_ENUM_AT(ev_opts, map), .choices = cli_rotation_maps, .meta = "faithful|paper",
     .help = "rotation: the tokens' rotations (default: the checkpoint's lietool_rotation_map)"},
    EV_METRIC,
    EV_LIMITS,
    {0}
};

static const cli_optdecl sweep_opts[] = {
    {.name = "--task", CLI_ENUM_AT(ev_opts, task), .choices = ev_tasks, .meta = "word|rotation",
     .help = "the word problem (default), or the A5 rotation task of checkpoints with a Linear(d, 3) head"},
    {.name = "--group", CLI_STRING_AT(ev_opts, group), .meta = "G",
     .help = "the group of the task, whose elements are the model's tokens (required; --task rotation: A5)"},
    EV_LENGTH(0), EV_SAMPLES(0), EV_SEED,
    {.name = "--data", CLI_STRING_AT(ev_opts, data), .meta = "FILE.csv",
     .help = "the words of a dataset CSV (- for standard input) instead of --length and --samples"},
    {.name = "--svg", CLI_STRING_AT(ev_opts, svg), .meta = "FILE",
     .help = "the longest prefix at 90% against the depth (rotation: the MSE per position), as SVG"},
    {.name = "--note", CLI_STRING_AT(ev_opts, note), .meta = "TEXT", .needs = "--svg",
     .help = "a line of text under the figure (what was measured, which runs failed)"},
    {.name = "--bound", CLI_ENUM_AT(ev_opts, bound), .choices = cli_depth_bounds,
     .help = "the depth bound of the verdicts: sharp (the default) or v1 (superseded); rotation: the ideal models' "
             "c(k) = 2^k - 1 or 2^(k-1)"},
    EV_FAMILY,
    {.name = "--step", CLI_CUSTOM_AT(ev_opts, step), .parse = cli_parse_step, .meta = "H",
     .want = "a positive number (integer, p/q or decimal)",
     .help = "rotation: the ideal models' step h (default 1, the task the checkpoints are scored on)"},
    {.name = "--window", CLI_LONG_AT(ev_opts, window), .meta = "W", .min = 1, .max = CLI_MAX_LENGTH,
     .help = "rotation: the ideal models' window of W tokens (default 8, as ssm rotation)"},
    {.name = "--map", CLI_ENUM_AT(ev_opts, map), .choices = cli_rotation_maps, .meta = "faithful|paper",
     .help = "rotation: the tokens' rotations (default: each checkpoint's lietool_rotation_map)"},
    EV_METRIC,
    EV_LIMITS,
    {0}
};

/* The group's table takes the limits of loading a group and --max-enum
   (as dataset generate); the model and its words the limits above. */
const cli_decl cli_ssm_eval_decl = {
    .name = "eval", .summary = "a trained checkpoint on a word problem, beside the depth theory's prediction",
    .common = CLI_O_JSON | CLI_O_LATEX | CLI_O_GROUP_LIMITS | CLI_O_MAX_ENUM, .opts = eval_opts, .brief = 1,
    .args = "MODEL_DIR", .min_args = 1, .max_args = 1, .what = "the model directory",
};
const cli_decl cli_ssm_sweep_decl = {
    .name = "sweep", .summary = "checkpoints of one task at several depths: the table, and the SVG of the longest prefix at 90%",
    .common = CLI_O_JSON | CLI_O_LATEX | CLI_O_GROUP_LIMITS | CLI_O_MAX_ENUM, .opts = sweep_opts, .brief = 1,
    .args = "DIR...", .min_args = 1, .max_args = -1, .what = "the model directories",
};

/* -1 to go on, or an exit status; o->co is always to be freed. */
static int ev_parse(ev_opts *o, int argc, char **argv, const lt_cmd *self, int sweep)
{
    const cli_decl *d = sweep ? &cli_ssm_sweep_decl : &cli_ssm_eval_decl;
    memset(o, 0, sizeof *o);
    o->sub = d->name;
    o->length = o->samples = -1;
    o->max_mb = 1024;
    o->max_len = 10000;
    o->max_samples = 1000000;
    o->bos = -1;
    o->offset = -1;
    o->compute = LT_COMPUTE_CONFIG;
    o->threshold = 0.9;
    o->bound = LT_BOUND_DEFAULT;
    o->family.kind = LT_FAM_COUNT;
    o->map = -1;
    int r = cli_getopts(&o->co, o, argc, argv, self, d);
    o->json = o->co.json;
    o->ndirs = o->co.npos;
    o->dirs = o->co.pos;
    if (r >= 0) return r;
    if (o->task == 1) {
        if (o->group && strcmp(o->group, "A5"))
            return cli_usage_error(self, d, "--task rotation is the A5 task (its 60 elements act as icosahedral rotations): "
                                   "--group %s is not A5", o->group);
        o->group = "A5";
        const char *bad = o->predf ? "--predictions" : o->logitf ? "--logits" : o->offset >= 0 ? "--offset"
                          : o->token_map ? "--token-map" : o->threshold != 0.9 ? "--threshold" : NULL;
        if (bad) return cli_usage_error(self, d, "%s is for the word problem, not --task rotation", bad);
    } else {
        if (!o->group) return cli_usage_error(self, d, "--group G is required");
        const char *bad = o->step > 0 ? "--step" : o->window > 0 ? "--window" : o->csv ? "--csv"
                          : o->map >= 0 ? "--map" : NULL;
        if (bad) return cli_usage_error(self, d, "%s is for --task rotation", bad);
    }
    if (!o->data && (o->length < 0 || o->samples < 0))
        return cli_usage_error(self, d, "give --data FILE.csv, or --length T and --samples N");
    if (o->data && (o->length > 0 || o->samples > 0))
        return cli_usage_error(self, d, "--data takes its words from the file; drop --length and --samples");
    if (o->offset >= 0 && o->token_map)
        return cli_usage_error(self, d, "give --offset N or --token-map FILE, not both");
    lt_err_t err;
    lt_err_init(err);
    const char *what = sweep ? "ssm sweep" : "ssm eval";
    return lt_err_above(err, what, "length", o->length, "max_length", o->max_len)
           || lt_err_above(err, what, "samples", o->samples, "max_samples", o->max_samples) ? cli_fail(err) : -1;
}

/* The options as a job's parameters (lt_ssm_eval_job and its pieces). */
static lt_ssm_eval_job_params ev_params(const ev_opts *o)
{
    return (lt_ssm_eval_job_params){.dir = o->ndirs ? o->dirs[0] : NULL, .group = o->group, .data = o->data,
                                    .length = o->length, .samples = o->samples, .seed = o->seed,
                                    .threshold = o->threshold, .bos = o->bos, .offset = o->offset,
                                    .token_map = o->token_map, .compute = o->compute, .max_mb = o->max_mb,
                                    .max_len = o->max_len, .max_samples = o->max_samples,
                                    .predictions = o->predf, .logits = o->logitf, .v1_bound = o->bound == LT_BOUND_V1,
                                    .set_family = o->family.kind != LT_FAM_COUNT, .family = o->family,
                                    .step = o->step, .window = o->window, .map = o->map};
}

/* The task of o for the writers (lietool/write.h). */
static void ev_task(lt_write_ssm_task *T, const ev_opts *o, long order, long dl, long words)
{
    *T = (lt_write_ssm_task){.group = o->group, .order = order, .derived_length = dl, .words = words, .length = o->length,
                             .data = o->data, .seed = o->seed, .threshold = o->threshold, .bos = o->bos};
}

/* --task rotation: the checkpoint's MSE per position beside the ideal
   depth-k model (lt_model_rotation_eval), and the verdict lines. */
static int ev_rotation(ev_opts *o)
{
    const char *dir = o->dirs[0];
    lt_err_t err;
    lt_err_init(err);
    lt_io_out_t Oc = {{NULL, NULL, NULL}};     /* --csv, written whole or not at all */
    lt_ssm_eval_job_params P = ev_params(o);
    lt_ssm_rotation_job_t J;
    lt_ssm_rotation_job_init(J);
    int r = 0;
    if ((o->csv && !lt_io_out_open(Oc, o->csv, err)) || lt_ssm_rotation_job(J, &P, o->co.ctx, err)) r = cli_fail(err);
    else if (o->csv) {
        lt_io_write_rotation_eval_csv(Oc->f, J->R);
        if (lt_io_out_commit(Oc, err)) r = cli_fail(err);
    }
    if (!r) {
        lt_write_ssm_task T;
        ev_task(&T, o, LT_ROTATION_ORDER, -1, J->W->n);
        lt_doc doc;
        cli_doc_start(&doc, &o->co);
        lt_write_ssm_eval_rotation(&doc, dir, J->M, J->R, &T);
        if (J->has_family) lt_write_verdict_after(&doc, J->V, "A5");
        else lt_write_no_verdict(&doc, J->M);
        lt_doc_end(&doc, NULL);
    }
    lt_io_out_abort(Oc);
    lt_ssm_rotation_job_clear(J);
    return r;
}

int cli_ssm_eval(int argc, char **argv, const lt_cmd *self)
{
    ev_opts o;
    int r = ev_parse(&o, argc, argv, self, 0);
    if (r >= 0) { cli_free(&o.co); return r; }
    if (o.task == 1) {
        r = ev_rotation(&o);
        cli_free(&o.co);
        return r;
    }
    if ((r = cli_same_output("ssm eval", "--predictions", o.predf, "--logits", o.logitf)) >= 0) { cli_free(&o.co); return r; }
    lt_err_t err;
    lt_err_init(err);
    lt_ssm_eval_job_params P = ev_params(&o);
    lt_ssm_eval_job_t J;
    lt_ssm_eval_job_init(J);
    if (lt_ssm_eval_job(J, &P, o.co.ctx, err)) r = cli_fail(err);
    else {
        lt_doc doc;
        cli_doc_start(&doc, &o.co);
        lt_write_ssm_eval_job(&doc, J, &P);
        lt_doc_end(&doc, NULL);
        r = 0;
    }
    lt_ssm_eval_job_clear(J);
    cli_free(&o.co);
    return r;
}

/* ---- sweep ---- */

int cli_ssm_sweep(int argc, char **argv, const lt_cmd *self)
{
    ev_opts o;
    int r = ev_parse(&o, argc, argv, self, 1), rot = o.task == 1;
    if (r >= 0) { cli_free(&o.co); return r; }
    char *const *dirs = o.dirs;
    lt_err_t err;
    lt_err_init(err);
    lt_io_out_t O = {{NULL, NULL, NULL}};   /* --svg, written whole or not at all */
    lt_ssm_eval_job_params P = ev_params(&o);
    lt_ssm_sweep_job_t J;
    lt_ssm_sweep_job_init(J);
    /* --task rotation: every checkpoint's MSE per position beside the ideal model of its depth */
    if ((o.svg && !lt_io_out_open(O, o.svg, err))
        || (rot ? lt_ssm_rotation_sweep_job(J, dirs, o.ndirs, &P, o.co.ctx, err) : lt_ssm_sweep_job(J, dirs, o.ndirs, &P, o.co.ctx, err)))
        r = cli_fail(err);
    else {
        lt_write_ssm_task T;
        ev_task(&T, &o, rot ? LT_ROTATION_ORDER : J->C->n, rot ? -1 : J->derived_length, J->W->n);
        T.length = J->W->max_len;      /* --data: its longest word */
        lt_doc doc;
        cli_doc_start(&doc, &o.co);
        if (rot) lt_write_ssm_sweep_rotation(&doc, (const char *const *)dirs, J->layers, J->types, J->R, J->n, &T);
        else {
            lt_plan_verdict_struct **V = lt_calloc((size_t)(J->n ? J->n : 1), sizeof *V);
            for (int i = 0; i < J->n; i++) V[i] = &J->V[i];
            lt_write_ssm_sweep(&doc, J->S, V, &T);
            lt_free(V);
        }
        lt_doc_end(&doc, NULL);
        r = 0;
        if (o.svg) {
            lt_plot_t F;
            lt_plot_init(F, 0, 0);
            if (rot) lt_model_rotation_sweep_plot(F, (const char *const *)dirs, J->layers, J->R, J->n, o.note);
            else lt_ssm_sweep_plot_rows(F, o.group, J->derived_length, J->W->max_len, J->S);
            if (!rot && o.note) lt_plot_note(F, 0, o.note);
            if (lt_io_out_svg(O, F, err)) r = cli_fail(err);
            lt_plot_clear(F);
        }
    }
    lt_io_out_abort(O);
    lt_ssm_sweep_job_clear(J);
    cli_free(&o.co);
    return r;
}
