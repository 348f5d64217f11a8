/* lietool ssm: the state-space-model simulator (src/ssm). Subcommands:
   cascade (the abelian cascade of a solvable group run on random words),
   drift (the length at which finite precision first breaks it), scan
   (sequential and parallel scans compared), tables (the cascade's lookup
   tables as JSON), bench-diag and bench-cascade (timings for make bench),
   and rotation (src/cli/ssm_rotation.c). */
#include <errno.h>
#include <inttypes.h>
#include <malloc.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "lietool/dataset.h"
#include "lietool/json.h"
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

static const cli_optdecl cascade_opts[] = {
    O_CSV, O_LAYERS, O_LENGTH(CLI_REQUIRED, "words of length T"), O_SAMPLES("N random words (default 1)"), O_SEED,
    O_PRECISION(NULL, "the arithmetic of the phases (default f64)"), O_RENORM,
    O_SCAN(scans, "the scan that runs each layer (default sequential)"), O_THREADS, O_CONVENTION,
    O_MAX_LENGTH("refuse --length above L (default 1e7)"), O_MAX_SAMPLES("refuse --samples above N (default 100000)"),
    {.name = "--max-steps", CLI_LONG_AT(ssm_opts, max_steps), .meta = "N", .min = 1, .max = CLI_MAX_SAMPLES,
     .help = "refuse more than N steps, --samples x --length x layers (default 2e8: under a minute)"},
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
    O_THREADS, O_CONVENTION,
    {0}
};

/* A group's cascade and the memory of its run: the limits of loading a
   group, --max-enum for its table, --max-memory for the run. */
#define SSM_GROUP_LIMITS (CLI_O_GROUP_LIMITS | CLI_O_MAX_ENUM)

static const cli_decl cascade_decl = {
    .name = "cascade", .summary = "the abelian cascade of a solvable group run on random words, against the exact prefix products",
    .common = CLI_O_JSON | SSM_GROUP_LIMITS, .opts = cascade_opts, .brief = 1,
    .args = "GROUP", .min_args = 1, .max_args = -1, .what = "the group", .kind = CLI_GROUP,
};
static const cli_decl drift_decl = {
    .name = "drift", .summary = "the first length at which finite precision breaks the cascade (default: seven groups)",
    .common = CLI_O_JSON | SSM_GROUP_LIMITS, .opts = drift_opts, .brief = 1,
    .args = "[GROUP]", .min_args = 0, .max_args = -1, .what = "the group", .kind = CLI_GROUP,
};
static const cli_decl scan_decl = {
    .name = "scan", .summary = "the sequential loop against the parallel (Blelloch) scan on random recurrences",
    .common = CLI_O_JSON | CLI_O_MAX_MEMORY, .opts = scan_opts, .brief = 1, .max_args = 0,
};
static const cli_decl tables_decl = {
    .name = "tables", .summary = "the cascade's lookup tables, as JSON",
    .common = SSM_GROUP_LIMITS, .opts = tables_opts, .brief = 1,
    .args = "GROUP", .min_args = 1, .max_args = -1, .what = "the group", .kind = CLI_GROUP,
};
static const cli_decl bench_diag_decl = {
    .name = "bench-diag", .summary = "the time of a diagonal complex scan (JSON, for make bench)",
    .opts = bench_diag_opts, .brief = 1, .max_args = 0,
};
static const cli_decl bench_cascade_decl = {
    .name = "bench-cascade", .summary = "the time of a cascade run (JSON, for make bench)",
    .common = SSM_GROUP_LIMITS, .opts = bench_cascade_opts, .brief = 1,
    .args = "GROUP", .min_args = 1, .max_args = -1, .what = "the group", .kind = CLI_GROUP,
};
static const cli_decl *const ssm_subs[] = {
    &cascade_decl, &drift_decl, &scan_decl, &tables_decl, &bench_diag_decl, &bench_cascade_decl,
    &cli_ssm_rotation_decl, &cli_ssm_eval_decl, &cli_ssm_sweep_decl, NULL
};
const cli_decl cli_ssm_decl = {.subs = ssm_subs};

static FILE *open_csv(const char *path)
{
    if (strcmp(path, "-") == 0) return stdout;
    FILE *f = fopen(path, "w");
    if (!f) fprintf(stderr, "lietool: cannot write '%s': %s\n", path, strerror(errno));
    return f;
}

static int close_csv(FILE *f, const char *path)
{
    if (f == stdout) return 0;
    if (ferror(f) | fclose(f)) {
        fprintf(stderr, "lietool: error writing '%s'\n", path);
        return CLI_INPUT;
    }
    return 0;
}

/* The group's Cayley table and its cascade; -1 on success, or an exit status. */
static int open_cascade(lt_cayley_t C, lt_cascade_t K, const char *spec, int layers, lt_prec prec,
                        lt_convention conv, const cli_opts *o, const lt_cmd *self)
{
    int r = cli_cayley(C, spec, conv, o, self);
    if (r >= 0) return r;
    lt_err_t err;
    lt_err_init(err);
    if (lt_cascade_build(K, C, layers, prec, o->ctx, err)) return cli_fail(err);
    return -1;
}

static void put_factors(FILE *f, const lt_cascade_layer *L)
{
    if (L->r == 0) { fputs("1", f); return; }
    for (int j = 0; j < L->r; j++) fprintf(f, "%sC%d", j ? " x " : "", L->m[j]);
}

static void put_series(FILE *f, const lt_cascade_struct *K, int json)
{
    for (int i = 0; i < K->nterms; i++) {
        if (json) fprintf(f, "%s\"%ld\"", i ? ", " : "", K->term_order[i]);
        else fprintf(f, "%s%ld", i ? " > " : "", K->term_order[i]);
    }
}

static const char *prefix_rule = "p_t = x_1 x_2 ... x_t, each token multiplying on the right";

/* ---- ssm cascade ---- */

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
    char *spec = cli_join(o->pos, 0, o->npos);
    lt_cayley_t C;
    lt_cascade_t K;
    lt_cascade_accuracy_t Z;
    lt_cayley_init(C);
    lt_cascade_init(K);
    lt_cascade_accuracy_init(Z);
    FILE *csv = NULL;
    int r = open_cascade(C, K, spec, (int)s->layers, s->prec, s->conv, o, self);
    if (r >= 0) goto done;
    lt_cascade_accuracy_params P = {.length = T, .samples = N, .seed = s->seed};
    lt_scan_opts_init(&P.scan);
    P.scan.prec = s->prec;
    P.scan.renormalize = s->renorm;
    P.scan.parallel = s->parallel;
    P.scan.threads = s->threads;
    lt_err_t err;
    lt_err_init(err);
    lt_status st = lt_cascade_accuracy_run(Z, K, &P, o->ctx, err);
    if (st == LT_ELIMIT) lt_err_prefix(err, "ssm cascade");
    if (st) { r = cli_fail(err); goto done; }
    if (s->csv && !(csv = open_csv(s->csv))) { r = CLI_INPUT; goto done; }
    long seq_ok = Z->correct, seq_ok_mod = Z->correct_mod, first_fail = Z->first_wrong;
    const long *right = Z->right, *right_mod = Z->right_mod;
    double mean = Z->mean_accuracy;
    int kd = K->k < K->derived_length ? K->k : K->derived_length;
    long tracked = lt_cascade_tracked_order(K);
    const char *conv = lt_convention_name(s->conv);
    int exact_all = seq_ok == N;
    if (o->json) {
        cli_json_begin(o);
        printf(", \"order\": \"%ld\", \"convention\": \"%s\", \"prefix_product\": \"%s\", \"derived_series\": [",
               C->n, conv, prefix_rule);
        put_series(stdout, K, 1);
        printf("], \"derived_length\": %d, \"layers\": %d, \"layer\": [", K->derived_length, K->k);
        for (int i = 0; i < K->k; i++) {
            const lt_cascade_layer *L = &K->layer[i];
            printf("%s{\"quotient_order\": \"%ld\", \"factors\": [", i ? ", " : "", L->qorder);
            for (int j = 0; j < L->r; j++) printf("%s%d", j ? ", " : "", L->m[j]);
            printf("], \"channels\": %d}", L->r);
        }
        printf("], \"tracked_order\": \"%ld\", \"precision\": \"%s\", \"renormalize\": %s, \"scan\": \"%s\", \"scan_levels\": %d",
               tracked, lt_prec_name(s->prec), s->renorm ? "true" : "false", s->parallel ? "parallel" : "sequential",
               lt_scan_levels(T));
        printf(", \"length\": %ld, \"samples\": %ld, \"seed\": \"%" PRIu64 "\", \"sequences_correct\": %ld, "
               "\"sequence_accuracy\": %.6g, \"exact\": %s, \"first_failing_length\": ",
               T, N, s->seed, seq_ok, (double)seq_ok / (double)N, exact_all ? "true" : "false");
        if (first_fail) printf("%ld", first_fail); else printf("null");
        printf(", \"mean_position_accuracy\": %.6g, \"sequence_accuracy_modulo_tracked\": %.6g, \"position_accuracy\": [",
               mean, (double)seq_ok_mod / (double)N);
        for (long t = 0; t < T; t++) printf("%s%.6g", t ? ", " : "", (double)right[t] / (double)N);
        printf("]}\n");
    } else {
        printf("%s (order %ld), derived series ", spec, C->n);
        put_series(stdout, K, 0);
        printf(", derived length %d\n", K->derived_length);
        printf("prefix products %s (convention %s, as 'lietool dataset generate')\n", prefix_rule, conv);
        for (int i = 0; i < K->k; i++) {
            const lt_cascade_layer *L = &K->layer[i];
            char q[160];
            int a = i < K->derived_length ? i : K->derived_length, b = i + 1 < K->derived_length ? i + 1 : K->derived_length;
            snprintf(q, sizeof q, "G%d/G%d", a, b);
            printf("layer %d  %-7s = ", i + 1, q);
            put_factors(stdout, L);
            printf(", %d channel%s, input: ", L->r, L->r == 1 ? "" : "s");
            if (i == 0) printf("the token\n");
            else if (i == 1) printf("cocycle of the token and layer 1's state\n");
            else printf("cocycle of the token and layers 1-%d's states\n", i);
        }
        if (K->k < K->derived_length)
            printf("%d layers of derived length %d: they track G/G%d (order %ld) only; the readout takes the rest to be 1\n",
                   K->k, K->derived_length, kd, tracked);
        printf("precision %s, %s, %s scan", lt_prec_name(s->prec), s->renorm ? "renormalised every step" : "no renormalisation",
               s->parallel ? "parallel" : "sequential");
        if (s->parallel) printf(" (%d levels)", lt_scan_levels(T));
        printf("\n%ld word%s of length %ld, seed %" PRIu64 "\n", N, N == 1 ? "" : "s", T, s->seed);
        printf("%-24s %.6g (%ld of %ld words)\n", "sequence accuracy", (double)seq_ok / (double)N, seq_ok, N);
        if (first_fail) printf("%-24s %ld\n", "first failing length", first_fail);
        else printf("%-24s none (exact through %ld)\n", "first failing length", T);
        printf("%-24s %.6g\n", "mean position accuracy", mean);
        printf("%-24s", "accuracy at position");
        for (long t = 1;; t *= 10) {
            long u = t < T ? t : T;
            printf(" %ld: %.4g", u, (double)right[u - 1] / (double)N);
            if (u == T) break;
        }
        printf("\n");
        if (K->k < K->derived_length) {
            char lbl[32];
            snprintf(lbl, sizeof lbl, "modulo G%d", kd);
            printf("%-24s %.6g (%ld of %ld words right at every position)\n", lbl, (double)seq_ok_mod / (double)N, seq_ok_mod, N);
        }
    }
    if (csv) {
        fprintf(csv, "position,correct,samples,accuracy,correct_modulo_tracked\n");
        for (long t = 0; t < T; t++)
            fprintf(csv, "%ld,%ld,%ld,%.6g,%ld\n", t + 1, right[t], N, (double)right[t] / (double)N, right_mod[t]);
    }
    r = 0;
done:
    if (csv) { int c = close_csv(csv, s->csv); if (!r) r = c; }
    lt_cascade_accuracy_clear(Z);
    lt_cascade_clear(K);
    lt_cayley_clear(C);
    lt_free(spec);
    return r;
}

/* ---- ssm drift ---- */

static const char *drift_groups[] = {"S3", "S4", "D8", "Q8", "A4", "C5 x A4", "UT(3,3)"};

static int drift(ssm_opts *s, cli_opts *o, const lt_cmd *self)
{
    int ng = o->npos ? 1 : (int)(sizeof drift_groups / sizeof *drift_groups);
    char *one = o->npos ? cli_join(o->pos, 0, o->npos) : NULL;
    lt_cascade_drift_params P = {.nprec = 2, .prec = {LT_PREC_F32, LT_PREC_BF16}, .samples = s->samples,
                                 .max_length = s->max_length, .seed = s->seed};
    if (s->prec_set) { P.prec[0] = s->prec; P.nprec = 1; }
    int np = P.nprec;
    long N = P.samples, Lmax = P.max_length;
    lt_cayley_struct *groups = lt_calloc((size_t)ng, sizeof *groups);
    lt_cascade_drift_result_t Z;
    lt_cascade_drift_result_init(Z);
    int r = -1;
    FILE *csv = NULL;
    for (int g = 0; g < ng; g++) lt_cayley_init(&groups[g]);
    for (int g = 0; g < ng && r < 0; g++) r = cli_cayley(&groups[g], one ? one : drift_groups[g], s->conv, o, self);
    if (r >= 0) goto done;
    lt_err_t err;
    lt_err_init(err);
    if (lt_cascade_drift_run(Z, groups, ng, &P, o->ctx, err)) { r = cli_fail(err); goto done; }
    if (s->csv && !(csv = open_csv(s->csv))) { r = CLI_INPUT; goto done; }
    if (o->json) {
        cli_json_begin(o);
        printf(", \"max_length\": %ld, \"samples\": %ld, \"seed\": \"%" PRIu64 "\", \"groups\": [", Lmax, N, s->seed);
    } else {
        printf("first wrong position of the cascade's readout (f64 decoding), min / median over %ld word%s, seed %" PRIu64 ";\n"
               "'none' = right through --max-length %ld (in parentheses the largest phase error seen, radians;\n"
               "C_m decodes wrongly past pi/m); renorm = phases divided by their modulus every step\n",
               N, N == 1 ? "" : "s", s->seed, Lmax);
        printf("%-9s %5s %6s %8s", "group", "order", "layers", "channels");
        for (int p = 0; p < np; p++) {
            char h[32];
            printf("  %-17s", lt_prec_name(P.prec[p]));
            snprintf(h, sizeof h, "%s renorm", lt_prec_name(P.prec[p]));
            printf("  %-17s", h);
        }
        printf("\n");
    }
    for (int g = 0; g < ng; g++) {
        const char *spec = one ? one : drift_groups[g];
        if (o->json) {
            printf("%s{\"group\": ", g ? ", " : "");
            lt_json_put_string(stdout, spec);
            printf(", \"order\": \"%ld\", \"layers\": %d, \"channels\": %d, \"cells\": [", Z->order[g], Z->layers[g], Z->channels[g]);
        } else printf("%-9s %5ld %6d %8d", spec, Z->order[g], Z->layers[g], Z->channels[g]);
        for (int p = 0; p < np; p++)
            for (int rn = 0; rn < 2; rn++) {
                long c = lt_cascade_drift_index(Z, g, p, rn);
                const lt_cascade_drift *v = Z->runs + c * N;
                const lt_cascade_drift_cell *cell = &Z->cells[c];
                if (o->json) {
                    printf("%s{\"precision\": \"%s\", \"renormalize\": %s, \"first_wrong_by_sample\": [", p + rn ? ", " : "",
                           lt_prec_name(P.prec[p]), rn ? "true" : "false");
                    for (long w = 0; w < N; w++) {
                        if (w) printf(", ");
                        if (v[w].first_wrong) printf("%ld", v[w].first_wrong); else printf("null");
                    }
                    printf("], \"min\": ");
                    if (!cell->min) printf("null"); else printf("%ld", cell->min);
                    printf(", \"median\": ");
                    if (!cell->median) printf("null"); else printf("%ld", cell->median);
                    printf(", \"max_phase_error\": %.3g, \"min_modulus\": %.9g, \"max_modulus\": %.9g}",
                           cell->max_phase_error, cell->min_modulus, cell->max_modulus);
                } else {
                    char text[64];
                    if (!cell->min) snprintf(text, sizeof text, "none (%.1e)", cell->max_phase_error);
                    else if (!cell->median) snprintf(text, sizeof text, "%ld / none", cell->min);
                    else snprintf(text, sizeof text, "%ld / %ld", cell->min, cell->median);
                    printf("  %-17s", text);
                }
                if (csv)
                    for (long w = 0; w < N; w++) {
                        if (!(g + p + rn + w))
                            fprintf(csv, "group,precision,renormalize,sample,first_wrong,tokens,max_phase_error,min_modulus,max_modulus\n");
                        fputc('"', csv); fputs(spec, csv); fputc('"', csv);
                        fprintf(csv, ",%s,%d,%ld,", lt_prec_name(P.prec[p]), rn, w + 1);
                        if (v[w].first_wrong) fprintf(csv, "%ld", v[w].first_wrong);
                        fprintf(csv, ",%ld,%.3g,%.9g,%.9g\n", v[w].tokens, v[w].max_phase_error, v[w].min_modulus, v[w].max_modulus);
                    }
            }
        if (o->json) printf("]}");
        else printf("\n");
    }
    if (o->json) printf("]}\n");
    r = 0;
done:
    if (csv) { int c = close_csv(csv, s->csv); if (!r) r = c; }
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
    int d = (int)s->channels, dense = s->kind_dense;
    if (s->renorm && dense) return cli_usage_error(self, &scan_decl, "--renormalize applies to --kind diag");
    if (T > s->max_length) {
        fprintf(stderr, "lietool: ssm scan: --length %ld is above --max-length %ld\n", T, s->max_length);
        return CLI_LIMIT;
    }
    lt_scan_compare_params P = {dense, d, T, s->seed, s->prec, s->renorm, s->threads};
    lt_scan_compare_result Z;
    lt_err_t err;
    lt_err_init(err);
    lt_status st = lt_scan_compare(&Z, &P, o->ctx, err);
    if (st == LT_ELIMIT) lt_err_prefix(err, "ssm scan");
    if (st) return cli_fail(err);
    double maxdiff = Z.max_difference, maxh = Z.max_state, tol = Z.tolerance, rel = Z.relative_difference;
    int ok = Z.within;
    if (o->json) {
        cli_json_begin(o);
        printf(", \"kind\": \"%s\", \"channels\": %d, \"length\": %ld, \"precision\": \"%s\", \"renormalize\": %s, "
               "\"levels\": %d, \"max_difference\": %.3g, \"max_state\": %.6g, \"relative_difference\": %.3g, "
               "\"tolerance\": %.3g, \"within_tolerance\": %s}\n",
               dense ? "dense" : "diag", d, T, lt_prec_name(s->prec), s->renorm ? "true" : "false",
               lt_scan_levels(T), maxdiff, maxh, rel, tol, ok ? "true" : "false");
    } else
        printf("%s recurrence, %d channel%s, %ld steps, %s%s: sequential loop vs Blelloch scan (%d levels)\n"
               "relative difference %.3g, %s the tolerance %s = %.3g%s\n",
               dense ? "dense real" : "diagonal complex", d, d == 1 ? "" : "s", T, lt_prec_name(s->prec),
               s->renorm ? ", renormalised" : "", lt_scan_levels(T), rel, ok ? "within" : "OUTSIDE",
               s->renorm ? "4 (T + 2 levels + 1) u" : dense ? "4 (d + 2) (2 levels + 1) u" : "4 (1 + 2) (2 levels + 1) u",
               tol, tol >= 1 ? " (vacuous at this precision)" : "");
    return ok ? 0 : CLI_NUMERIC;
}

/* ---- ssm tables: the cascade as lookup tables, JSON ---- */

static int tables(ssm_opts *s, cli_opts *o, const lt_cmd *self)
{
    char *spec = cli_join(o->pos, 0, o->npos);
    lt_cayley_t C;
    lt_cascade_t K;
    lt_cayley_init(C);
    lt_cascade_init(K);
    int r = open_cascade(C, K, spec, (int)s->layers, s->prec, s->conv, o, self);
    if (r < 0) {
        long n = K->n;
        cli_json_begin(o);
        printf(", \"order\": \"%ld\", \"convention\": \"%s\", \"prefix_product\": \"%s\", \"identity\": %d, \"table\": [",
               n, lt_convention_name(s->conv), prefix_rule, K->identity);
        for (long i = 0; i < n; i++) {
            printf(i ? ", [" : "[");
            for (long j = 0; j < n; j++) printf(j ? ", %d" : "%d", K->table[i * n + j]);
            printf("]");
        }
        printf("], \"precision\": \"%s\", \"layer\": [", lt_prec_name(s->prec));
        for (int i = 0; i < K->k; i++) {
            const lt_cascade_layer *L = &K->layer[i];
            long nq = L->qorder;
            printf("%s{\"quotient_order\": \"%ld\", \"factors\": [", i ? ", " : "", nq);
            for (int j = 0; j < L->r; j++) printf("%s%d", j ? ", " : "", L->m[j]);
            printf("], \"exponents\": [");
            /* exponent[g][j]: the token's root of unity is exp(2 pi i e / m_j) */
            for (long g = 0; g < n; g++) {
                printf(g ? ", [" : "[");
                for (int j = 0; j < L->r; j++)
                    printf("%s%d", j ? ", " : "", L->coset[g] >= 0 ? L->expo[(long)L->coset[g] * L->r + j] : 0);
                printf("]");
            }
            printf("], \"code_to_coset\": [");
            for (long c = 0; c < nq; c++) printf("%s%d", c ? ", " : "", L->code_to_q[c]);
            printf("], \"transversal\": [");
            for (long q = 0; q < nq; q++) printf("%s%d", q ? ", " : "", L->rep[q]);
            printf("], \"cocycle\": [");
            for (long q = 0; q < nq; q++) {
                printf(q ? ", [" : "[");
                for (long g = 0; g < n; g++) printf(g ? ", %d" : "%d", L->coc[q * n + g]);
                printf("]");
            }
            printf("]}");
        }
        printf("]}\n");
        r = 0;
    }
    lt_cascade_clear(K);
    lt_cayley_clear(C);
    lt_free(spec);
    return r;
}

/* ---- benchmarks (make bench): one JSON line each ---- */

static int bench_diag(ssm_opts *s, cli_opts *o)
{
    lt_bench_diag_params P = {(int)s->channels, s->length, s->seed, s->parallel, s->threads};
    lt_bench_diag_result Z;
    lt_err_t err;
    lt_err_init(err);
    if (lt_bench_diag(&Z, &P, err)) return cli_fail(err);
    long T = P.length;
    cli_json_begin(o);
    printf(", \"channels\": %d, \"length\": %ld, \"scan\": \"%s\", \"seconds\": %.6f, \"cpu_seconds\": %.6f, "
           "\"tokens_per_second\": %.6g, \"tokens_per_cpu_second\": %.6g, \"checksum\": %.17g, \"final_norm2\": %.17g}\n",
           P.channels, T, s->parallel ? "parallel" : "sequential", Z.seconds, Z.cpu_seconds, (double)T / Z.seconds,
           (double)T / Z.cpu_seconds, Z.checksum, Z.final_norm2);
    return 0;
}

static int bench_cascade(ssm_opts *s, cli_opts *o, const lt_cmd *self)
{
    long T = s->length, N = s->samples;
    char *spec = cli_join(o->pos, 0, o->npos);
    lt_cayley_t C;
    lt_cascade_t K;
    lt_cayley_init(C);
    lt_cascade_init(K);
    int r = open_cascade(C, K, spec, 0, LT_PREC_F64, s->conv, o, self);
    if (r < 0) {
        lt_bench_cascade_params P = {T, N, s->seed, s->lockstep ? LT_BENCH_LOCKSTEP : s->parallel ? LT_BENCH_PARALLEL
                                                                                              : LT_BENCH_SEQUENTIAL,
                                     s->threads};
        lt_bench_cascade_result Z;
        lt_err_t err;
        lt_err_init(err);
        if (lt_bench_cascade(&Z, K, &P, err)) r = cli_fail(err);
        else {
            cli_json_begin(o);
            printf(", \"layers\": %d, \"length\": %ld, \"samples\": %ld, \"scan\": \"%s\", \"seconds\": %.6f, "
                   "\"cpu_seconds\": %.6f, \"tokens_per_second\": %.6g, \"tokens_per_cpu_second\": %.6g, \"positions_right\": %ld}\n",
                   K->k, T, N, s->lockstep ? "lockstep" : s->parallel ? "parallel" : "sequential", Z.seconds,
                   Z.cpu_seconds, (double)T * (double)N / Z.seconds, (double)T * (double)N / Z.cpu_seconds,
                   Z.positions_right);
            r = 0;
        }
    }
    lt_cascade_clear(K);
    lt_cayley_clear(C);
    lt_free(spec);
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
