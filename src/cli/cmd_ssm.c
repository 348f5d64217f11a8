/* lietool ssm: the state-space-model simulator (src/ssm). Subcommands:
   cascade (the abelian cascade of a solvable group run on random words),
   drift (the length at which finite precision first breaks it), scan
   (sequential and parallel scans compared), tables (the cascade's lookup
   tables as JSON), bench-diag and bench-cascade (timings for make bench),
   and rotation (src/cli/ssm_rotation.c). */
#include <malloc.h>
#include <string.h>
#include "doc.h"
#include "lietool/io.h"
#include "lietool/ssm.h"
#include "lietool/write.h"

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
    &cli_ssm_rotation_decl, &cli_ssm_eval_decl, &cli_ssm_sweep_decl, &cli_ssm_lie_decl, &cli_ssm_train_decl,
    &cli_ssm_paper_decl, NULL
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

/* ---- ssm cascade ---- */

static int cascade(ssm_opts *s, cli_opts *o, const lt_cmd *self)
{
    lt_err_t lerr;
    lt_err_init(lerr);
    if (lt_err_above(lerr, "ssm cascade", "length", s->length, "max_length", s->max_length)
        || lt_err_above(lerr, "ssm cascade", "samples", s->samples, "max_samples", s->max_samples)) return cli_fail(lerr);
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
    lt_cascade_accuracy_params P = {.length = T, .samples = N, .seed = s->seed};
    lt_scan_opts_init(&P.scan);
    P.scan.prec = s->prec;
    P.scan.renormalize = s->renorm;
    P.scan.parallel = s->parallel;
    P.scan.threads = s->threads;
    int r = group_open(&G, (int)s->layers, s->prec, s, o, self);
    if (r < 0) r = csv_open(csv, s->csv, o, self);
    if (r < 0) {
        lt_err_t err;
        lt_err_init(err);
        lt_status st = lt_cascade_accuracy_run(Z, G.K, &P, o->ctx, err);
        if (st == LT_ELIMIT) lt_err_prefix(err, "ssm cascade");
        if (st) r = cli_fail(err);
    }
    if (r < 0) {
        lt_doc d;
        cli_doc_start(&d, o);
        lt_write_cascade(&d, G.spec, G.K, s->conv, &P, Z);
        lt_doc_end(&d, NULL);
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
        lt_doc d;
        cli_doc_start(&d, o);
        lt_write_drift(&d, &P, Z, names);
        lt_doc_end(&d, NULL);
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
    lt_scan_compare_params P = {dense, ch, T, s->seed, s->prec, s->renorm, s->threads};
    lt_scan_compare_result Z;
    lt_err_t err;
    lt_err_init(err);
    if (lt_err_above(err, "ssm scan", "length", T, "max_length", s->max_length)) return cli_fail(err);
    lt_status st = lt_scan_compare(&Z, &P, o->ctx, err);
    if (st == LT_ELIMIT) lt_err_prefix(err, "ssm scan");
    if (st) return cli_fail(err);
    lt_doc d;
    cli_doc_start(&d, o);
    lt_write_scan(&d, &P, &Z);
    lt_doc_end(&d, NULL);
    return Z.within ? 0 : CLI_NUMERIC;
}

/* ---- ssm tables: the cascade as lookup tables, JSON only (for programs:
   bench/bench-ssm.sh runs the cascade from them in NumPy) ---- */

static int tables(ssm_opts *s, cli_opts *o, const lt_cmd *self)
{
    ssm_group G;
    int r = group_open(&G, (int)s->layers, s->prec, s, o, self);
    if (r < 0) {
        lt_doc d;
        o->json = 1;
        cli_doc_start(&d, o);
        lt_write_cascade_tables(&d, G.K, s->conv);
        lt_doc_end(&d, NULL);
        r = 0;
    }
    group_close(&G);
    return r;
}

/* ---- benchmarks (make bench) ---- */

static int bench_diag(ssm_opts *s, cli_opts *o)
{
    lt_bench_diag_params P = {(int)s->channels, s->length, s->seed, s->parallel, s->threads};
    lt_bench_diag_result Z;
    lt_err_t err;
    lt_err_init(err);
    if (lt_bench_diag(&Z, &P, err)) return cli_fail(err);
    lt_doc d;
    cli_doc_start(&d, o);
    lt_write_bench_diag(&d, &P, &Z);
    lt_doc_end(&d, NULL);
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
        lt_doc d;
        cli_doc_start(&d, o);
        lt_write_bench_cascade(&d, G.spec, G.K, &P, &Z);
        lt_doc_end(&d, NULL);
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
    if (sub == &cli_ssm_train_decl) return cli_ssm_train(argc, argv, self);
    if (sub == &cli_ssm_paper_decl) return cli_ssm_paper(argc, argv, self);
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
    lt_err_t err;
    lt_err_init(err);
    if (drifting && lt_err_above(err, "ssm drift", "samples", s.samples, "max_samples", s.max_samples)) r = cli_fail(err);
    else if (sub == &cascade_decl) r = cascade(&s, &o, self);
    else if (drifting) r = drift(&s, &o, self);
    else if (sub == &scan_decl) r = scan_cmd(&s, &o, self);
    else if (sub == &tables_decl) r = tables(&s, &o, self);
    else if (sub == &bench_diag_decl) r = bench_diag(&s, &o);
    else r = bench_cascade(&s, &o, self);
    cli_free(&o);
    return r;
}
