/* lietool ssm eval: a trained checkpoint (config.json + model.safetensors)
   run on a word problem, its accuracies beside the depth layer's
   prediction for its depth and layer type. The architectures and file
   formats are in lietool-formats(5), TRAINED MODELS. */
#include <string.h>
#include "cli.h"
#include "doc.h"
#include "verdict.h"
#include "lietool/dataset.h"
#include "lietool/depth.h"
#include "lietool/io.h"
#include "lietool/model.h"
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

static const cli_optdecl eval_opts[] = {
    EV_GROUP, EV_LENGTH(0), EV_SAMPLES(0), EV_SEED,
    {.name = "--data", CLI_STRING_AT(ev_opts, data), .meta = "FILE.csv",
     .help = "the words of a dataset CSV (- for standard input) instead of --length and --samples"},
    {.name = "--predictions", CLI_STRING_AT(ev_opts, predf), .meta = "FILE.csv", .help = "write every word's predictions"},
    {.name = "--logits", CLI_STRING_AT(ev_opts, logitf), .meta = "FILE", .help = "write every position's logits"},
    EV_METRIC,
    EV_LIMITS,
    {0}
};

static const cli_optdecl sweep_opts[] = {
    EV_GROUP, EV_LENGTH(0), EV_SAMPLES(0), EV_SEED,
    {.name = "--data", CLI_STRING_AT(ev_opts, data), .meta = "FILE.csv",
     .help = "the words of a dataset CSV (- for standard input) instead of --length and --samples"},
    {.name = "--svg", CLI_STRING_AT(ev_opts, svg), .meta = "FILE",
     .help = "the longest prefix at 90% against the depth, as SVG"},
    {.name = "--note", CLI_STRING_AT(ev_opts, note), .meta = "TEXT", .needs = "--svg",
     .help = "a line of text under the figure (what was measured, which runs failed)"},
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
    int r = cli_getopts(&o->co, o, argc, argv, self, d);
    o->json = o->co.json;
    o->ndirs = o->co.npos;
    o->dirs = o->co.pos;
    if (r >= 0) return r;
    if (!o->data && (o->length < 0 || o->samples < 0))
        return cli_usage_error(self, d, "give --data FILE.csv, or --length T and --samples N");
    if (o->data && (o->length > 0 || o->samples > 0))
        return cli_usage_error(self, d, "--data takes its words from the file; drop --length and --samples");
    if (o->offset >= 0 && o->token_map)
        return cli_usage_error(self, d, "give --offset N or --token-map FILE, not both");
    if (o->length > o->max_len) { fprintf(stderr, "lietool: ssm %s: --length %ld is above --max-length %ld\n", o->sub, o->length, o->max_len); return CLI_LIMIT; }
    if (o->samples > o->max_samples) { fprintf(stderr, "lietool: ssm %s: --samples %ld is above --max-samples %ld\n", o->sub, o->samples, o->max_samples); return CLI_LIMIT; }
    return -1;
}

/* The words: the --data file, or generated as dataset generate does. */
static lt_status ev_words(lt_words_t W, const ev_opts *o, const lt_cayley_t C, const lt_ctx_t ctx, lt_err_t err)
{
    if (!o->data) return lt_words_generate(W, C, o->length, o->samples, o->seed, ctx, err);
    FILE *f = strcmp(o->data, "-") ? lt_io_open_read(o->data, NULL, err) : stdin;
    if (!f) return err->status;
    lt_status st = lt_words_read(W, f, o->data, C->n, o->max_len, o->max_samples, ctx, err);
    if (f != stdin) fclose(f);
    return st;
}

/* Loads a model and checks that the group fits it. */
static lt_status ev_model(lt_model_t M, const char *dir, const ev_opts *o, const lt_cayley_t C, lt_err_t err)
{
    lt_status st = lt_io_model_load(M, dir, o->max_mb, (lt_model_compute)o->compute, err);
    if (st || o->offset >= 0 || o->token_map) return st;    /* a token map is checked by the evaluation */
    return lt_model_check_group(M, dir, C->n, o->group, err);
}

/* --offset, --token-map (with --bos); map->token NULL when neither is given */
static lt_status ev_map(lt_token_map *map, const ev_opts *o, const lt_cayley_t C, lt_err_t err)
{
    if (o->token_map) return lt_token_map_read(map, C->n, o->token_map, o->bos, err);
    if (o->offset >= 0) return lt_token_map_offset(map, C->n, o->offset, o->bos, err);
    return LT_OK;
}

/* The task of o for the writers (lietool/write.h). */
static void ev_task(lt_write_ssm_task *T, const ev_opts *o, long order, long dl, long words)
{
    *T = (lt_write_ssm_task){.group = o->group, .order = order, .derived_length = dl, .words = words, .length = o->length,
                             .data = o->data, .seed = o->seed, .threshold = o->threshold, .bos = o->bos};
}

/* --predictions and --logits: the rows of one word, as the model saw it. */
typedef struct { FILE *pred, *logits; const lt_words_struct *W; int classes; } ev_files;

static void ev_write(void *arg, long i, const float *logits, const int *prediction, long T)
{
    const ev_files *F = arg;
    if (F->pred) lt_io_write_predictions_row(F->pred, F->W->seed[i], F->W->input[i], F->W->target[i], prediction, T);
    if (F->logits) lt_io_write_logits_row(F->logits, F->W->input[i], logits, T, F->classes);
}

int cli_ssm_eval(int argc, char **argv, const lt_cmd *self)
{
    ev_opts o;
    int r = ev_parse(&o, argc, argv, self, 0);
    if (r >= 0) { cli_free(&o.co); return r; }
    const char *dir = o.dirs[0];
    lt_err_t err;
    lt_err_init(err);
    lt_ctx_struct *ctx = o.co.ctx;
    lt_model_t M;
    lt_model_init(M);
    lt_cayley_t C;
    lt_cayley_init(C);
    lt_words_t W;
    lt_words_init(W);
    lt_ssm_eval_t R;
    lt_ssm_eval_init(R);
    lt_plan_verdict_t V;
    lt_plan_verdict_init(V);
    ev_files F = {NULL, NULL, W, 0};
    lt_token_map map = {0};
    lt_io_out_t Op, Ol;     /* written whole or not at all */
    Op->f = Ol->f = NULL; Op->path = Op->tmp = Ol->path = Ol->tmp = NULL;
    long d = 0, abel = 0;
    if (lt_io_cayley_table(C, o.group, LT_CONV_AA, ctx, err) || ev_model(M, dir, &o, C, err) || ev_map(&map, &o, C, err)
        || lt_cayley_derived_length(&d, &abel, C, ctx, err) || ev_words(W, &o, C, ctx, err)) { r = cli_fail(err); goto done; }
    if ((r = cli_same_output("ssm eval", "--predictions", o.predf, "--logits", o.logitf)) >= 0) goto done;
    if ((o.predf && !(F.pred = lt_io_out_open(Op, o.predf, err))) || (o.logitf && !(F.logits = lt_io_out_open(Ol, o.logitf, err)))) {
        r = cli_fail(err);
        goto done;
    }
    F.classes = M->classes;
    if (F.pred) lt_io_write_predictions_header(F.pred);
    if (F.logits) lt_io_write_logits_header(F.logits, W->n, W->max_len, M->classes);
    lt_ssm_eval_params EP = {.threshold = o.threshold, .word = (F.pred || F.logits) ? ev_write : NULL, .arg = &F,
                             .has_bos = o.bos >= 0, .bos = (int)o.bos, .map = map.token ? &map : NULL};
    if (lt_ssm_eval_run(R, M, W, &EP, err)) { r = cli_fail(err); goto done; }
    F.pred = F.logits = NULL;
    if (lt_io_out_commit(Op, err) || lt_io_out_commit(Ol, err)) { r = cli_fail(err); goto done; }
    /* the theory's verdict for this checkpoint: its family and layers, at the words' length */
    int has_fam;
    if (lt_plan_model(V, &has_fam, M, o.group, W->max_len, LT_BOUND_DEFAULT, ctx, err)) { r = cli_fail(err); goto done; }
    lt_write_ssm_task T;
    ev_task(&T, &o, C->n, d, W->n);
    lt_doc doc;
    cli_doc_start(&doc, &o.co);
    lt_write_ssm_eval(&doc, dir, M, R, &T);
    if (has_fam) cli_verdict_after(&doc, V, o.group);
    else lt_write_no_verdict(&doc, M);
    lt_doc_end(&doc, NULL);
    r = 0;
done:
    lt_token_map_clear(&map);
    lt_io_out_abort(Op);
    lt_io_out_abort(Ol);
    lt_plan_verdict_clear(V);
    lt_ssm_eval_clear(R);
    lt_words_clear(W);
    lt_cayley_clear(C);
    lt_model_clear(M);
    cli_free(&o.co);
    return r;
}

/* ---- sweep ---- */

int cli_ssm_sweep(int argc, char **argv, const lt_cmd *self)
{
    ev_opts o;
    int r = ev_parse(&o, argc, argv, self, 1);
    if (r >= 0) { cli_free(&o.co); return r; }
    lt_err_t err;
    lt_err_init(err);
    lt_ctx_struct *ctx = o.co.ctx;
    lt_cayley_t C;
    lt_cayley_init(C);
    lt_words_t W;
    lt_words_init(W);
    lt_ssm_sweep_t S;
    lt_ssm_sweep_init(S);
    lt_plan_verdict_struct **V = lt_calloc((size_t)o.ndirs, sizeof *V);
    lt_token_map map = {0};
    lt_io_out_t O = {{NULL, NULL, NULL}};   /* --svg, written whole or not at all */
    long d = 0, abel = 0;
    if (lt_io_cayley_table(C, o.group, LT_CONV_AA, ctx, err) || lt_cayley_derived_length(&d, &abel, C, ctx, err)
        || ev_map(&map, &o, C, err) || ev_words(W, &o, C, ctx, err) || (o.svg && !lt_io_out_open(O, o.svg, err))) {
        r = cli_fail(err);
        goto done;
    }
    lt_ssm_eval_params EP = {.threshold = o.threshold, .has_bos = o.bos >= 0, .bos = (int)o.bos, .map = map.token ? &map : NULL};
    for (int i = 0; i < o.ndirs; i++) {
        lt_model_t M;
        lt_model_init(M);
        int bad = ev_model(M, o.dirs[i], &o, C, err) || lt_ssm_sweep_add(S, o.dirs[i], M, W, &EP, err);
        lt_model_clear(M);
        if (bad) { r = cli_fail(err); goto done; }
    }
    /* the theory's verdict for each checkpoint: its family and layers, at --length */
    for (int i = 0; i < S->n; i++) {
        lt_plan_verdict_init(V[i] = lt_malloc(sizeof **V));
        if (S->row[i].family.kind == LT_FAM_COUNT) continue;   /* no family fits: no verdict ("-") */
        if ((r = cli_verdict_group(V[i], o.group, &S->row[i].family, S->row[i].layers, W->max_len, LT_BOUND_DEFAULT, &o.co)) >= 0)
            goto done;
    }
    lt_write_ssm_task T;
    ev_task(&T, &o, C->n, d, W->n);
    T.length = W->max_len;      /* --data: its longest word */
    lt_doc doc;
    cli_doc_start(&doc, &o.co);
    lt_write_ssm_sweep(&doc, S, V, &T);
    lt_doc_end(&doc, NULL);
    r = 0;
    if (o.svg) {
        lt_plot_t F;
        lt_plot_init(F, 0, 0);
        lt_ssm_sweep_plot_rows(F, o.group, d, W->max_len, S);
        if (o.note) lt_plot_note(F, 0, o.note);
        if (lt_io_out_svg(O, F, err)) r = cli_fail(err);
        lt_plot_clear(F);
    }
done:
    lt_io_out_abort(O);
    lt_token_map_clear(&map);
    for (int i = 0; i < o.ndirs; i++)
        if (V[i]) { lt_plan_verdict_clear(V[i]); lt_free(V[i]); }
    lt_free(V);
    lt_ssm_sweep_clear(S);
    lt_words_clear(W);
    lt_cayley_clear(C);
    cli_free(&o.co);
    return r;
}
