/* lietool ssm: the state-space-model simulator (src/ssm). Subcommands:
   cascade (the abelian cascade of a solvable group run on random words),
   drift (the length at which finite precision first breaks it), scan
   (sequential and parallel scans compared), tables (the cascade's lookup
   tables as JSON), bench-diag and bench-cascade (timings for make bench),
   and rotation (src/cli/ssm_rotation.c). */
#include <inttypes.h>
#include <malloc.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "doc.h"
#include "lietool/io.h"
#include "lietool/ssm.h"

/* ---- options ---- */

#define SSM_MAX_LAYERS 1000         /* --layers (beyond the derived length they are empty) */
#define SSM_MAX_CHANNELS 1000000    /* --channels */

typedef struct {
    long layers, length, samples, max_length, max_samples, channels, max_steps;
    int threads;
    uint64_t seed;
    int prec;               /* lt_prec; -1: not given */
    int renorm, scan, kind; /* scan: 0 sequential, 1 parallel, 2 lockstep; kind: 0 diag, 1 dense */
    const char *csv;
    int conv;               /* lt_convention */
    int prec_set, parallel, lockstep, kind_dense;   /* read off the above */
} ssm_opts;

static const cli_choice precisions[] = {
    {"f64", LT_PREC_F64, 0}, {"f32", LT_PREC_F32, 0}, {"bf16", LT_PREC_BF16, 0}, {NULL, 0, 0}
};
static const cli_choice scans[] = {{"sequential", 0, 0}, {"parallel", 1, 0}, {NULL, 0, 0}};
static const cli_choice scans_lockstep[] = {{"sequential", 0, 0}, {"parallel", 1, 0}, {"lockstep", 2, 0}, {NULL, 0, 0}};
static const cli_choice kinds[] = {{"diag", 0, 0}, {"dense", 1, 0}, {NULL, 0, 0}};

#define O_CSV {.name = "--csv", CLI_STRING_AT(ssm_opts, csv), .meta = "FILE", \
               .help = "also write the table as CSV to FILE (- for standard output)"}
#define O_LAYERS {.name = "--layers", CLI_LONG_AT(ssm_opts, layers), .meta = "K", .min = 1, .max = SSM_MAX_LAYERS, \
                  .help = "K layers (default: the derived length)"}
#define O_LENGTH(FLAGS, HELP) {.name = "--length", CLI_LONG_AT(ssm_opts, length), .meta = "T", .min = 1, \
                               .max = CLI_MAX_LENGTH, .flags = FLAGS, .help = HELP}
#define O_SAMPLES(HELP) {.name = "--samples", CLI_LONG_AT(ssm_opts, samples), .meta = "N", .min = 1, \
                         .max = CLI_MAX_SAMPLES, .help = HELP}
#define O_SEED {.name = "--seed", CLI_U64_AT(ssm_opts, seed), .meta = "S", .min = 0, .max = UINT64_MAX, \
                .help = "the SplitMix64 seed (default 0)"}
#define O_PRECISION(META, HELP) {.name = "--precision", CLI_ENUM_AT(ssm_opts, prec), .choices = precisions, \
                                 .meta = META, .help = HELP}
#define O_RENORM {.name = "--renormalize", .alias = "--renormalise", CLI_FLAG_AT(ssm_opts, renorm), \
                  .help = "divide every state by its modulus at every step"}
#define O_SCAN(CHOICES, HELP) {.name = "--scan", CLI_ENUM_AT(ssm_opts, scan), .choices = CHOICES, .help = HELP}
#define O_THREADS {.name = "--threads", CLI_INT_AT(ssm_opts, threads), .meta = "N", .min = 1, .max = 64, \
                   .help = "threads of the parallel scan (default: the online processors)"}
#define O_CONVENTION {.name = "--convention", CLI_ENUM_AT(ssm_opts, conv), .choices = cli_conventions, .meta = "gap", \
                      .help = "abstract_algebra (the default) or gap: the element order and product"}
#define O_MAX_LENGTH(HELP) {.name = "--max-length", CLI_LONG_AT(ssm_opts, max_length), .meta = "L", .min = 1, \
                            .max = CLI_MAX_LENGTH, .help = HELP}
#define O_MAX_SAMPLES(HELP) {.name = "--max-samples", CLI_LONG_AT(ssm_opts, max_samples), .meta = "N", .min = 1, \
                             .max = CLI_MAX_SAMPLES, .help = HELP}
#define O_CHANNELS {.name = "--channels", CLI_LONG_AT(ssm_opts, channels), .meta = "D", .min = 1, \
                    .max = SSM_MAX_CHANNELS, .flags = CLI_REQUIRED, .help = "D channels"}

#define O_MAX_STEPS {.name = "--max-steps", CLI_LONG_AT(ssm_opts, max_steps), .meta = "N", .min = 1, .max = CLI_MAX_SAMPLES, \
                     .help = "refuse more than N steps, --samples x --length x layers (default 2e8: under a minute)"}

static const cli_optdecl cascade_opts[] = {
    O_CSV, O_LAYERS, O_LENGTH(CLI_REQUIRED, "words of length T"), O_SAMPLES("N random words (default 1)"), O_SEED,
    O_PRECISION(NULL, "the arithmetic of the phases (default f64)"), O_RENORM,
    O_SCAN(scans, "the scan that runs each layer (default sequential)"), O_THREADS, O_CONVENTION,
    O_MAX_LENGTH("refuse --length above L (default 1e7)"), O_MAX_SAMPLES("refuse --samples above N (default 100000)"),
    O_MAX_STEPS,
    {0}
};
static const cli_optdecl drift_opts[] = {
    O_CSV, O_PRECISION("f32|bf16|f64", "only this precision (default f32 and bf16)"),
    O_SAMPLES("N random words per group and precision (default 4)"), O_SEED, O_CONVENTION,
    O_MAX_LENGTH("follow the words up to length L (default 1e6)"), O_MAX_SAMPLES("refuse --samples above N (default 100000)"),
    {0}
};
static const cli_optdecl scan_opts[] = {
    {.name = "--kind", CLI_ENUM_AT(ssm_opts, kind), .choices = kinds, .flags = CLI_REQUIRED,
     .help = "diagonal complex or dense real recurrences"},
    O_CHANNELS, O_LENGTH(CLI_REQUIRED, "T steps"), O_SEED, O_PRECISION(NULL, "the arithmetic (default f64)"), O_RENORM,
    O_THREADS, O_MAX_LENGTH("refuse --length above L (default 1e7)"),
    {0}
};
static const cli_optdecl tables_opts[] = {
    O_LAYERS, O_PRECISION(NULL, "the precision of the phases (default f64)"), O_CONVENTION,
    {0}
};
static const cli_optdecl bench_diag_opts[] = {
    O_CHANNELS, O_LENGTH(CLI_REQUIRED, "T steps"), O_SEED, O_SCAN(scans, "the scan to time (default sequential)"),
    O_THREADS,
    {0}
};
static const cli_optdecl bench_cascade_opts[] = {
    O_LENGTH(CLI_REQUIRED, "words of length T"), O_SAMPLES("N random words (default 1)"), O_SEED,
    O_SCAN(scans_lockstep, "the scan to time (default sequential; lockstep: every layer one step at a time)"),
    O_THREADS, O_CONVENTION, O_MAX_STEPS,
    {0}
};

/* A group's cascade and the memory of its run: the limits of loading a
   group, --max-enum for its table, --max-memory for the run. */
#define SSM_GROUP_LIMITS (CLI_O_GROUP_LIMITS | CLI_O_MAX_ENUM)

static const cli_decl cascade_decl = {
    .name = "cascade", .summary = "the abelian cascade of a solvable group run on random words, against the exact prefix products",
    .common = CLI_O_JSON | CLI_O_LATEX | SSM_GROUP_LIMITS, .opts = cascade_opts, .brief = 1,
    .args = "GROUP", .min_args = 1, .max_args = -1, .what = "the group", .kind = CLI_GROUP,
};
static const cli_decl drift_decl = {
    .name = "drift", .summary = "the first length at which finite precision breaks the cascade (default: seven groups)",
    .common = CLI_O_JSON | CLI_O_LATEX | SSM_GROUP_LIMITS, .opts = drift_opts, .brief = 1,
    .args = "[GROUP]", .min_args = 0, .max_args = -1, .what = "the group", .kind = CLI_GROUP,
};
static const cli_decl scan_decl = {
    .name = "scan", .summary = "the sequential loop against the parallel (Blelloch) scan on random recurrences",
    .common = CLI_O_JSON | CLI_O_LATEX | CLI_O_MAX_MEMORY, .opts = scan_opts, .brief = 1, .max_args = 0,
};
static const cli_decl tables_decl = {
    .name = "tables", .summary = "the cascade's lookup tables, for programs: JSON only (no text or --latex form)",
    .common = SSM_GROUP_LIMITS, .opts = tables_opts, .brief = 1,
    .args = "GROUP", .min_args = 1, .max_args = -1, .what = "the group", .kind = CLI_GROUP,
};
static const cli_decl bench_diag_decl = {
    .name = "bench-diag", .summary = "the time of a diagonal complex scan (make bench reads its --json)",
    .common = CLI_O_JSON | CLI_O_LATEX | CLI_O_MAX_MEMORY, .opts = bench_diag_opts, .brief = 1, .max_args = 0,
};
static const cli_decl bench_cascade_decl = {
    .name = "bench-cascade", .summary = "the time of a cascade run (make bench reads its --json)",
    .common = CLI_O_JSON | CLI_O_LATEX | SSM_GROUP_LIMITS, .opts = bench_cascade_opts, .brief = 1,
    .args = "GROUP", .min_args = 1, .max_args = -1, .what = "the group", .kind = CLI_GROUP,
};
static const cli_decl *const ssm_subs[] = {
    &cascade_decl, &drift_decl, &scan_decl, &tables_decl, &bench_diag_decl, &bench_cascade_decl,
    &cli_ssm_rotation_decl, &cli_ssm_eval_decl, &cli_ssm_sweep_decl, &cli_ssm_lie_decl, NULL
};
const cli_decl cli_ssm_decl = {.subs = ssm_subs};

/* --csv FILE, written whole or not at all (lt_io_out_open; O zeroed): opened
   before the run, so that a path that cannot be written fails before the
   work; "-" is standard output, after the text. -1 to go on, or an exit
   status. */
static int csv_open(lt_io_out_t O, const char *path, const cli_opts *o, const lt_cmd *self)
{
    if (!path) return -1;
    if (strcmp(path, "-") == 0 && (o->json || o->latex))
        return cli_usage_error(self, o->sub, "--csv -: standard output already has the %s", o->json ? "JSON" : "LaTeX");
    lt_err_t err;
    lt_err_init(err);
    return lt_io_out_open(O, path, err) ? -1 : cli_fail(err);
}

/* Renames the finished file into place when the run succeeded (r == 0;
   a write failure: exit status 70), removes it otherwise. */
static int csv_close(lt_io_out_t O, int r)
{
    lt_err_t err;
    lt_err_init(err);
    if (r == 0 && lt_io_out_commit(O, err)) r = cli_fail(err);
    lt_io_out_abort(O);
    return r;
}

/* The group of the operands (spec), its Cayley table and its cascade of
   layers (0: the derived length) in precision prec. -1 to go on, or an
   exit status; group_close frees them in either case. */
typedef struct { char *spec; lt_cayley_t C; lt_cascade_t K; } ssm_group;

static int group_open(ssm_group *G, int layers, lt_prec prec, const ssm_opts *s, const cli_opts *o, const lt_cmd *self)
{
    G->spec = cli_join(o->pos, 0, o->npos);
    lt_cayley_init(G->C);
    lt_cascade_init(G->K);
    int r = cli_cayley(G->C, G->spec, s->conv, o, self);
    lt_err_t err;
    lt_err_init(err);
    if (r < 0 && lt_cascade_build(G->K, G->C, layers, prec, o->ctx, err)) r = cli_fail(err);
    return r;
}

static void group_close(ssm_group *G)
{
    lt_cascade_clear(G->K);
    lt_cayley_clear(G->C);
    lt_free(G->spec);
}

/* A JSON row: c integers as an array, or rows > 0 rows of them
   (row-major) as an array of arrays. */
static void doc_ints(lt_doc *d, const char *label, const int *v, long rows, long c)
{
    FILE *f = lt_doc_row(d, label);
    if (!f) { lt_doc_row_end(d); return; }
    if (rows) fputc('[', f);
    for (long i = 0; i < (rows ? rows : 1); i++) {
        fputs(i ? ", [" : "[", f);
        for (long j = 0; j < c; j++) fprintf(f, j ? ", %d" : "%d", v[i * c + j]);
        fputc(']', f);
    }
    if (rows) fputc(']', f);
    lt_doc_row_end(d);
}

/* The head of a cascade's output: the order and convention (JSON), and
   the rule of the prefix products ($...$: plain notation). */
static const char *prefix_rule = "$p_t = x_1 x_2 ... x_t$, each token multiplying on the right";

static void doc_cascade_head(lt_doc *d, const lt_cascade_struct *K, lt_convention conv)
{
    lt_doc_json(d, "|order", "\"%ld\"", K->n);
    lt_doc_str(d, "|convention", lt_convention_name(conv), NULL);
    lt_doc_prose(d, "|prefix_product", prefix_rule);
}

/* ---- ssm cascade ---- */

/* The quotient of layer L as its cyclic factors, "C2 x C2" (1 when
   trivial): a piece of prose (LaTeX: the product as mathematics). */
static char *factors(const lt_cascade_layer *L, const lt_doc *d)
{
    lt_doc_buf b;
    FILE *f = lt_doc_piece(&b, d);
    char q[256] = "1";
    for (int j = 0, n = 0; j < L->r && n < (int)sizeof q; j++)
        n += snprintf(q + n, sizeof q - (size_t)n, "%sC%d", j ? " x " : "", L->m[j]);
    if (b.tex) lt_tex_object(f, q);
    else fputs(q, f);
    return lt_doc_piece_end(&b);
}

/* A row of a fraction of the words, in text and LaTeX with their count. */
static void doc_share(lt_doc *d, const char *label, double v, long k, long N, const char *what)
{
    lt_doc_row(d, label);
    lt_doc_value(d, "%.6g", v);
    lt_doc_text(d, NULL, " (%ld of %ld words%s)", k, N, what);
    lt_doc_row_end(d);
}

static void cascade_put(const ssm_opts *s, const cli_opts *o, const char *spec, const lt_cascade_struct *K,
                        const lt_cascade_accuracy_struct *Z)
{
    long T = Z->length, N = Z->samples;
    int kd = K->k < K->derived_length ? K->k : K->derived_length;
    const char *scan = s->parallel ? "parallel" : "sequential";
    lt_doc D, *d = &D;
    lt_doc_buf b;
    FILE *f = lt_doc_piece(&b, NULL);
    fprintf(f, " (order %ld), derived series ", K->n);
    for (int i = 0; i < K->nterms; i++) fprintf(f, "%s%ld", i ? " > " : "", K->term_order[i]);
    fprintf(f, ", derived length %d", K->derived_length);
    char *after = lt_doc_piece_end(&b);
    cli_doc_begin(d, o, spec, after);
    free(after);
    doc_cascade_head(d, K, s->conv);
    if ((f = lt_doc_row(d, "|derived_series"))) {
        for (int i = 0; i < K->nterms; i++) fprintf(f, "%s\"%ld\"", i ? ", " : "[", K->term_order[i]);
        fputc(']', f);
    }
    lt_doc_row_end(d);
    lt_doc_long(d, "|derived_length", K->derived_length, NULL);
    lt_doc_long(d, "|layers", K->k, NULL);
    lt_doc_say(d, "prefix products %s (convention %s, as 'lietool dataset generate')", prefix_rule,
                lt_convention_name(s->conv));
    lt_doc_list_begin(d, "layer");
    for (int i = 0; i < K->k; i++) {
        const lt_cascade_layer *L = &K->layer[i];
        int a = i < kd ? i : kd, c = i + 1 < kd ? i + 1 : kd;
        char q[48], *fac = factors(L, d), in[64] = "the token";
        snprintf(q, sizeof q, "G%d/G%d", a, c);
        if (i == 1) snprintf(in, sizeof in, "cocycle of the token and layer 1's state");
        else if (i > 1) snprintf(in, sizeof in, "cocycle of the token and layers 1-%d's states", i);
        int pad = 7 - (int)strlen(q);
        lt_doc_say(d, "layer %d  $%s$%*s = $%s$, %d channel%s, input: %s", i + 1, q, pad > 0 ? pad : 0, "",
                    fac, L->r, L->r == 1 ? "" : "s", in);
        free(fac);
        lt_doc_item_begin(d);
        lt_doc_json(d, "|quotient_order", "\"%ld\"", L->qorder);
        doc_ints(d, "|factors", L->m, 0, L->r);
        lt_doc_long(d, "|channels", L->r, NULL);
        lt_doc_item_end(d);
    }
    lt_doc_list_end(d);
    long tracked = lt_cascade_tracked_order(K);
    lt_doc_json(d, "|tracked_order", "\"%ld\"", tracked);
    if (K->k < K->derived_length)
        lt_doc_say(d, "%d layers of derived length %d: they track $G/G%d$ (order %ld) only; the readout takes the rest to be 1",
                    K->k, K->derived_length, kd, tracked);
    char levels[32] = "";
    if (s->parallel) snprintf(levels, sizeof levels, " ($%d$ levels)", lt_scan_levels(T));
    lt_doc_say(d, "precision %s, %s, %s scan%s", lt_prec_name(s->prec),
                s->renorm ? "renormalised every step" : "no renormalisation", scan, levels);
    lt_doc_str(d, "|precision", lt_prec_name(s->prec), NULL);
    lt_doc_bool(d, "|renormalize", s->renorm);
    lt_doc_str(d, "|scan", scan, NULL);
    lt_doc_long(d, "|scan_levels", lt_scan_levels(T), NULL);
    char seed[24];
    snprintf(seed, sizeof seed, "%" PRIu64, s->seed);
    lt_doc_say(d, "%ld word%s of length %ld, seed %s", N, N == 1 ? "" : "s", T, seed);
    lt_doc_long(d, "|length", T, NULL);
    lt_doc_long(d, "|samples", N, NULL);
    lt_doc_str(d, "|seed", seed, NULL);
    lt_doc_long(d, "|sequences_correct", Z->correct, NULL);
    d->width = 24;
    d->indent = "";
    doc_share(d, "sequence accuracy", Z->sequence_accuracy, Z->correct, N, "");
    lt_doc_bool(d, "|exact", Z->correct == N);
    if (lt_doc_row(d, "first failing length") && Z->first_wrong) lt_doc_value(d, "%ld", Z->first_wrong);
    else if (d->mode == LT_DOC_JSON) fputs("null", d->f);
    else lt_doc_text(d, NULL, "none (exact through $%ld$)", T);
    lt_doc_row_end(d);
    lt_doc_double(d, "mean position accuracy", "%.6g", Z->mean_accuracy);
    lt_doc_row(d, "accuracy at position|");
    for (int i = 0; i < Z->nmarks; i++)
        lt_doc_text(d, NULL, "%s$%ld$: $%.4g$", i ? " " : "", Z->mark[i], lt_cascade_accuracy_at(Z, Z->mark[i] - 1));
    lt_doc_row_end(d);
    char lbl[48] = "|sequence_accuracy_modulo_tracked";
    if (K->k < K->derived_length) snprintf(lbl, sizeof lbl, "modulo G%d|sequence_accuracy_modulo_tracked", kd);
    doc_share(d, lbl, Z->sequence_accuracy_mod, Z->correct_mod, N, " right at every position");
    lt_doc_list_begin(d, "|position_accuracy");
    for (long t = 0; d->mode == LT_DOC_JSON && t < T; t++) fprintf(lt_doc_elem(d), "%.6g", lt_cascade_accuracy_at(Z, t));
    lt_doc_list_end(d);
    lt_doc_end(d, NULL);
}

static int cascade(ssm_opts *s, cli_opts *o, const lt_cmd *self)
{
    if (s->length > s->max_length) {
        fprintf(stderr, "lietool: ssm cascade: --length %ld is above --max-length %ld\n", s->length, s->max_length);
        return CLI_LIMIT;
    }
    if (s->samples > s->max_samples) {
        fprintf(stderr, "lietool: ssm cascade: --samples %ld is above --max-samples %ld\n", s->samples, s->max_samples);
        return CLI_LIMIT;
    }
    long T = s->length, N = s->samples;
    /* the layers are not known before the group is: one layer at least
       (--length 1e7 --samples 1e5 ran for 19 hours) */
    double steps = (double)T * (double)N * (double)(s->layers > 0 ? s->layers : 1);
    if (steps > (double)s->max_steps) {
        fprintf(stderr, "lietool: ssm cascade: --samples %ld x --length %ld%s is %.3g steps, above --max-steps %ld\n",
                N, T, s->layers > 0 ? " x --layers" : "", steps, s->max_steps);
        return CLI_LIMIT;
    }
    ssm_group G;
    lt_cascade_accuracy_t Z;
    lt_io_out_t csv = {{NULL, NULL, NULL}};
    lt_cascade_accuracy_init(Z);
    int r = group_open(&G, (int)s->layers, s->prec, s, o, self);
    if (r < 0) r = csv_open(csv, s->csv, o, self);
    if (r < 0) {
        lt_cascade_accuracy_params P = {.length = T, .samples = N, .seed = s->seed};
        lt_scan_opts_init(&P.scan);
        P.scan.prec = s->prec;
        P.scan.renormalize = s->renorm;
        P.scan.parallel = s->parallel;
        P.scan.threads = s->threads;
        lt_err_t err;
        lt_err_init(err);
        lt_status st = lt_cascade_accuracy_run(Z, G.K, &P, o->ctx, err);
        if (st == LT_ELIMIT) lt_err_prefix(err, "ssm cascade");
        if (st) r = cli_fail(err);
    }
    if (r < 0) {
        cascade_put(s, o, G.spec, G.K, Z);
        if (csv->f) lt_io_write_cascade_csv(csv->f, Z);
        r = 0;
    }
    r = csv_close(csv, r);
    lt_cascade_accuracy_clear(Z);
    group_close(&G);
    return r;
}

/* ---- ssm drift ---- */

static const char *drift_groups[] = {"S3", "S4", "D8", "Q8", "A4", "C5 x A4", "UT(3,3)"};

static void drift_put(const ssm_opts *s, const cli_opts *o, const lt_cascade_drift_params *P,
                      const lt_cascade_drift_result_struct *Z, const char *const *names)
{
    long N = P->samples;
    int np = P->nprec;
    char seed[24], align[32] = "lrrr", b[64];
    snprintf(seed, sizeof seed, "%" PRIu64, s->seed);
    lt_doc D, *d = &D;
    cli_doc_begin(d, o, NULL, NULL);
    lt_doc_long(d, "|max_length", P->max_length, NULL);
    lt_doc_long(d, "|samples", N, NULL);
    lt_doc_str(d, "|seed", seed, NULL);
    lt_doc_say(d, "first wrong position of the cascade's readout (f64 decoding), min / median over %ld word%s, seed %s;\n"
                "'none' = right through --max-length %ld (in parentheses the largest phase error seen, radians;\n"
                "$C_m$ decodes wrongly past $pi/m$); renorm = phases divided by their modulus every step",
                N, N == 1 ? "" : "s", seed, P->max_length);
    static const char *const head[] = {"group", "order", "layers", "channels"}, *const sep[] = {"", " ", " ", " "};
    static const int width[] = {-9, 5, 6, 8};
    for (int p = 0; p < 2 * np; p++) strcat(align, "l");
    lt_doc_tab T;
    lt_doc_tab_begin(&T, d, align);
    for (int c = 0; c < 4; c++) lt_doc_tab_cell(&T, "%s%*s", sep[c], width[c], head[c]);
    for (int p = 0; p < np; p++) {
        snprintf(b, sizeof b, "%s renorm", lt_prec_name(P->prec[p]));
        lt_doc_tab_cell(&T, "%s%*s", "  ", -17, lt_prec_name(P->prec[p]));
        lt_doc_tab_cell(&T, "%s%*s", "  ", -17, b);
    }
    lt_doc_tab_row_end(&T);
    lt_doc_list_begin(d, "groups");
    for (int g = 0; g < Z->ngroups; g++) {
        lt_doc_item_begin(d);
        lt_doc_str(d, "|group", names[g], NULL);
        lt_doc_json(d, "|order", "\"%ld\"", Z->order[g]);
        lt_doc_long(d, "|layers", Z->layers[g], NULL);
        lt_doc_long(d, "|channels", Z->channels[g], NULL);
        char col[3][24];
        snprintf(col[0], sizeof col[0], "%ld", Z->order[g]);
        snprintf(col[1], sizeof col[1], "%d", Z->layers[g]);
        snprintf(col[2], sizeof col[2], "%d", Z->channels[g]);
        for (int c = 0; c < 4; c++) lt_doc_tab_cell(&T, "%s%*s", sep[c], width[c], c ? col[c - 1] : names[g]);
        lt_doc_list_begin(d, "cells");
        for (int p = 0; p < np; p++)
            for (int rn = 0; rn < 2; rn++) {
                long c = lt_cascade_drift_index(Z, g, p, rn);
                const lt_cascade_drift *v = Z->runs + c * N;
                const lt_cascade_drift_cell *cell = &Z->cells[c];
                lt_doc_item_begin(d);
                lt_doc_str(d, "|precision", lt_prec_name(P->prec[p]), NULL);
                lt_doc_bool(d, "|renormalize", rn);
                lt_doc_list_begin(d, "|first_wrong_by_sample");
                for (long w = 0; d->mode == LT_DOC_JSON && w < N; w++)
                    fprintf(lt_doc_elem(d), v[w].first_wrong ? "%ld" : "null", v[w].first_wrong);
                lt_doc_list_end(d);
                lt_doc_long(d, "|min", cell->min ? cell->min : -1, "");
                lt_doc_long(d, "|median", cell->median ? cell->median : -1, "");
                lt_doc_double(d, "|max_phase_error", "%.3g", cell->max_phase_error);
                lt_doc_double(d, "|min_modulus", "%.9g", cell->min_modulus);
                lt_doc_double(d, "|max_modulus", "%.9g", cell->max_modulus);
                lt_doc_item_end(d);
                if (!cell->min) snprintf(b, sizeof b, "none (%.1e)", cell->max_phase_error);
                else if (!cell->median) snprintf(b, sizeof b, "%ld / none", cell->min);
                else snprintf(b, sizeof b, "%ld / %ld", cell->min, cell->median);
                lt_doc_tab_cell(&T, "%s%*s", "  ", -17, b);
            }
        lt_doc_list_end(d);
        lt_doc_item_end(d);
        lt_doc_tab_row_end(&T);
    }
    lt_doc_list_end(d);
    lt_doc_tab_end(&T);
    lt_doc_end(d, NULL);
}

static int drift(ssm_opts *s, cli_opts *o, const lt_cmd *self)
{
    int ng = o->npos ? 1 : (int)(sizeof drift_groups / sizeof *drift_groups);
    char *one = o->npos ? cli_join(o->pos, 0, o->npos) : NULL;
    const char *const *names = one ? (const char *const *)&one : drift_groups;
    lt_cascade_drift_params P = {.nprec = 2, .prec = {LT_PREC_F32, LT_PREC_BF16}, .samples = s->samples,
                                 .max_length = s->max_length, .seed = s->seed};
    if (s->prec_set) { P.prec[0] = s->prec; P.nprec = 1; }
    lt_cayley_struct *groups = lt_calloc((size_t)ng, sizeof *groups);
    lt_cascade_drift_result_t Z;
    lt_cascade_drift_result_init(Z);
    lt_io_out_t csv = {{NULL, NULL, NULL}};
    int r = csv_open(csv, s->csv, o, self);
    for (int g = 0; g < ng; g++) lt_cayley_init(&groups[g]);
    for (int g = 0; g < ng && r < 0; g++) r = cli_cayley(&groups[g], names[g], s->conv, o, self);
    lt_err_t err;
    lt_err_init(err);
    if (r < 0 && lt_cascade_drift_run(Z, groups, ng, &P, o->ctx, err)) r = cli_fail(err);
    if (r < 0) {
        drift_put(s, o, &P, Z, names);
        if (csv->f) lt_io_write_drift_csv(csv->f, Z, P.prec, names);
        r = 0;
    }
    r = csv_close(csv, r);
    lt_cascade_drift_result_clear(Z);
    for (int g = 0; g < ng; g++) lt_cayley_clear(&groups[g]);
    lt_free(groups);
    lt_free(one);
    return r;
}

/* ---- ssm scan: sequential and parallel compared ---- */

static int scan_cmd(ssm_opts *s, cli_opts *o, const lt_cmd *self)
{
    long T = s->length;
    int ch = (int)s->channels, dense = s->kind_dense;
    if (s->renorm && dense) return cli_usage_error(self, &scan_decl, "--renormalize applies to --kind diag");
    if (T > s->max_length) {
        fprintf(stderr, "lietool: ssm scan: --length %ld is above --max-length %ld\n", T, s->max_length);
        return CLI_LIMIT;
    }
    lt_scan_compare_params P = {dense, ch, T, s->seed, s->prec, s->renorm, s->threads};
    lt_scan_compare_result Z;
    lt_err_t err;
    lt_err_init(err);
    lt_status st = lt_scan_compare(&Z, &P, o->ctx, err);
    if (st == LT_ELIMIT) lt_err_prefix(err, "ssm scan");
    if (st) return cli_fail(err);
    lt_doc D, *d = &D;
    cli_doc_begin(d, o, NULL, NULL);
    lt_doc_say(d, "%s recurrence, %d channel%s, %ld steps, %s%s: sequential loop vs Blelloch scan ($%d$ levels)",
                dense ? "dense real" : "diagonal complex", ch, ch == 1 ? "" : "s", T, lt_prec_name(s->prec),
                s->renorm ? ", renormalised" : "", Z.levels);
    lt_doc_say(d, "relative difference %.3g, %s the tolerance $%s$ = %.3g%s", Z.relative_difference,
                Z.within ? "within" : "OUTSIDE",
                s->renorm ? "4 (T + 2 levels + 1) u" : dense ? "4 (d + 2) (2 levels + 1) u" : "4 (1 + 2) (2 levels + 1) u",
                Z.tolerance, Z.tolerance >= 1 ? " (vacuous at this precision)" : "");
    lt_doc_str(d, "|kind", dense ? "dense" : "diag", NULL);
    lt_doc_long(d, "|channels", ch, NULL);
    lt_doc_long(d, "|length", T, NULL);
    lt_doc_str(d, "|precision", lt_prec_name(s->prec), NULL);
    lt_doc_bool(d, "|renormalize", s->renorm);
    lt_doc_long(d, "|levels", Z.levels, NULL);
    lt_doc_double(d, "|max_difference", "%.3g", Z.max_difference);
    lt_doc_double(d, "|max_state", "%.6g", Z.max_state);
    lt_doc_double(d, "|relative_difference", "%.3g", Z.relative_difference);
    lt_doc_double(d, "|tolerance", "%.3g", Z.tolerance);
    lt_doc_bool(d, "|within_tolerance", Z.within);
    lt_doc_end(d, NULL);
    return Z.within ? 0 : CLI_NUMERIC;
}

/* ---- ssm tables: the cascade as lookup tables, JSON only (for programs:
   bench/bench-ssm.sh runs the cascade from them in NumPy) ---- */

static int tables(ssm_opts *s, cli_opts *o, const lt_cmd *self)
{
    ssm_group G;
    int r = group_open(&G, (int)s->layers, s->prec, s, o, self);
    if (r < 0) {
        const lt_cascade_struct *K = G.K;
        long n = K->n;
        lt_doc D, *d = &D;
        FILE *f;
        o->json = 1;
        cli_doc_begin(d, o, NULL, NULL);
        doc_cascade_head(d, K, s->conv);
        lt_doc_long(d, "|identity", K->identity, NULL);
        doc_ints(d, "|table", K->table, n, n);
        lt_doc_str(d, "|precision", lt_prec_name(s->prec), NULL);
        lt_doc_list_begin(d, "layer");
        for (int i = 0; i < K->k; i++) {
            const lt_cascade_layer *L = &K->layer[i];
            lt_doc_item_begin(d);
            lt_doc_json(d, "|quotient_order", "\"%ld\"", L->qorder);
            doc_ints(d, "|factors", L->m, 0, L->r);
            lt_doc_list_begin(d, "|exponents");
            for (long g = 0; g < n; g++) {
                f = lt_doc_elem(d);
                for (int j = 0; j < L->r; j++) fprintf(f, j ? ", %d" : "[%d", lt_cascade_exponent(L, g, j));
                fputs(L->r ? "]" : "[]", f);
            }
            lt_doc_list_end(d);
            doc_ints(d, "|code_to_coset", L->code_to_q, 0, L->qorder);
            doc_ints(d, "|transversal", L->rep, 0, L->qorder);
            doc_ints(d, "|cocycle", L->coc, L->qorder, n);
            lt_doc_item_end(d);
        }
        lt_doc_list_end(d);
        lt_doc_end(d, NULL);
        r = 0;
    }
    group_close(&G);
    return r;
}

/* ---- benchmarks (make bench) ---- */

/* The rows that both benchmarks write: the scan and the timings. */
static void doc_timing(lt_doc *d, const char *scan, double seconds, double cpu_seconds, double rate, double cpu_rate)
{
    lt_doc_str(d, "scan", scan, NULL);
    lt_doc_double(d, "seconds", "%.6f", seconds);
    lt_doc_double(d, "CPU seconds|cpu_seconds", "%.6f", cpu_seconds);
    lt_doc_double(d, "tokens per second", "%.6g", rate);
    lt_doc_double(d, "tokens per CPU second|tokens_per_cpu_second", "%.6g", cpu_rate);
}

static int bench_diag(ssm_opts *s, cli_opts *o)
{
    lt_bench_diag_params P = {(int)s->channels, s->length, s->seed, s->parallel, s->threads};
    lt_bench_diag_result Z;
    lt_err_t err;
    lt_err_init(err);
    if (lt_bench_diag(&Z, &P, err)) return cli_fail(err);
    lt_doc D, *d = &D;
    cli_doc_begin(d, o, NULL, "a token-driven diagonal layer, timed");
    lt_doc_long(d, "channels", P.channels, NULL);
    lt_doc_long(d, "length", P.length, NULL);
    doc_timing(d, scans[s->scan].name, Z.seconds, Z.cpu_seconds, Z.tokens_per_second, Z.tokens_per_cpu_second);
    lt_doc_double(d, "checksum", "%.17g", Z.checksum);
    lt_doc_double(d, "final squared norm|final_norm2", "%.17g", Z.final_norm2);
    lt_doc_end(d, NULL);
    return 0;
}

static int bench_cascade(ssm_opts *s, cli_opts *o, const lt_cmd *self)
{
    ssm_group G;
    int r = group_open(&G, 0, LT_PREC_F64, s, o, self);
    double steps = (double)s->length * (double)s->samples * (double)(r < 0 ? G.K->k : 1);
    if (r < 0 && steps > (double)s->max_steps) {
        fprintf(stderr, "lietool: ssm bench-cascade: --samples %ld x --length %ld x %d layers is %.3g steps, above --max-steps %ld\n",
                s->samples, s->length, G.K->k, steps, s->max_steps);
        r = CLI_LIMIT;
    }
    lt_bench_cascade_params P = {s->length, s->samples, s->seed, s->scan, s->threads};   /* LT_BENCH_*: scans_lockstep */
    lt_bench_cascade_result Z;
    lt_err_t err;
    lt_err_init(err);
    if (r < 0 && lt_bench_cascade(&Z, G.K, &P, err)) r = cli_fail(err);
    if (r < 0) {
        lt_doc D, *d = &D;
        cli_doc_begin(d, o, G.spec, ": its cascade, timed");
        lt_doc_long(d, "layers", G.K->k, NULL);
        lt_doc_long(d, "length", P.length, NULL);
        lt_doc_long(d, "samples", P.samples, NULL);
        doc_timing(d, scans_lockstep[s->scan].name, Z.seconds, Z.cpu_seconds, Z.tokens_per_second, Z.tokens_per_cpu_second);
        lt_doc_long(d, "positions right", Z.positions_right, NULL);
        lt_doc_end(d, NULL);
        r = 0;
    }
    group_close(&G);
    return r;
}

int cmd_ssm(int argc, char **argv, const lt_cmd *self)
{
    int r = -1;
    const cli_decl *sub = cli_find_sub(self, argc, argv, &r);
    if (!sub) return r;
    /* The runs allocate and free blocks of megabytes again and again; from
       the heap (not fresh mappings each time) they are not faulted in anew. */
    mallopt(M_MMAP_THRESHOLD, 32 << 20);     /* the largest value glibc takes */
    mallopt(M_TRIM_THRESHOLD, 512 << 20);
    if (sub == &cli_ssm_rotation_decl) return cli_ssm_rotation(argc, argv, self);
    if (sub == &cli_ssm_eval_decl) return cli_ssm_eval(argc, argv, self);
    if (sub == &cli_ssm_sweep_decl) return cli_ssm_sweep(argc, argv, self);
    if (sub == &cli_ssm_lie_decl) return cli_ssm_lie(argc, argv, self);
    int drifting = sub == &drift_decl;
    ssm_opts s = {.layers = 0, .length = -1, .channels = -1, .samples = drifting ? 4 : 1, .max_steps = 200000000,
                  .max_length = drifting ? 1000000 : 10000000, .max_samples = 100000, .prec = -1,
                  .conv = LT_CONV_AA};
    cli_opts o;
    r = cli_getopts(&o, &s, argc, argv, self, sub);
    if (r >= 0) { cli_free(&o); return r; }
    s.prec_set = s.prec >= 0;
    if (!s.prec_set) s.prec = LT_PREC_F64;
    s.parallel = s.scan == 1;
    s.lockstep = s.scan == 2;
    s.kind_dense = s.kind == 1;
    if (drifting && s.samples > s.max_samples) {
        fprintf(stderr, "lietool: ssm drift: --samples %ld is above --max-samples %ld\n", s.samples, s.max_samples);
        r = CLI_LIMIT;
    } else if (sub == &cascade_decl) r = cascade(&s, &o, self);
    else if (drifting) r = drift(&s, &o, self);
    else if (sub == &scan_decl) r = scan_cmd(&s, &o, self);
    else if (sub == &tables_decl) r = tables(&s, &o, self);
    else if (sub == &bench_diag_decl) r = bench_diag(&s, &o);
    else r = bench_cascade(&s, &o, self);
    cli_free(&o);
    return r;
}
