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
#include <time.h>
#include "cli.h"
#include "lietool/dataset.h"
#include "lietool/json.h"
#include "lietool/ssm.h"

typedef struct {
    const char *name;
    const char *usage;
} ssm_sub;

static const ssm_sub subs[] = {
    {"cascade", "[--json] [--csv FILE] [--layers K] --length T [--samples N] [--seed S] [--precision f64|f32|bf16] [--renormalize] [--scan sequential|parallel] [--threads N] [--convention gap] [--max-length L] [--max-samples N] GROUP"},
    {"drift", "[--json] [--csv FILE] [--precision f32|bf16|f64] [--samples N] [--seed S] [--max-length L] [GROUP]"},
    {"scan", "[--json] --kind diag|dense --channels D --length T [--seed S] [--precision f64|f32|bf16] [--renormalize] [--threads N]"},
    {"tables", "[--layers K] [--precision f64|f32|bf16] [--convention gap] GROUP"},
    {"bench-diag", "--channels D --length T [--seed S] [--scan sequential|parallel] [--threads N]"},
    {"bench-cascade", "--length T [--samples N] [--seed S] [--scan sequential|parallel|lockstep] [--threads N] GROUP"},
    {"rotation", "..."},
    {"eval", "MODEL_DIR --group G (--length T --samples N [--seed S] | --data FILE.csv) [--predictions FILE.csv] [--logits FILE] [--json] [--max-checkpoint-mb N] [--max-length L] [--max-samples N]"},
    {"sweep", "--group G --length T --samples N [--seed S] [--svg FILE] [--json] DIR..."},
};

static int sub_usage(const char *sub, FILE *f)
{
    for (size_t i = 0; i < sizeof subs / sizeof *subs; i++)
        if (strcmp(subs[i].name, sub) == 0) {
            fprintf(f, "usage: lietool ssm %s %s\n", sub, subs[i].usage);
            return 0;
        }
    return 0;
}

static int sub_fail(const char *sub, const char *fmt, const char *v)
{
    fprintf(stderr, "lietool: ssm %s: ", sub);
    fprintf(stderr, fmt, v);
    fprintf(stderr, "\n");
    sub_usage(sub, stderr);
    return CLI_USAGE;
}

/* ---- options ---- */

#define SSM_MAX_LAYERS 1000         /* --layers (beyond the derived length they are empty) */
#define SSM_MAX_CHANNELS 1000000    /* --channels */

typedef struct {
    const char *sub;
    long layers, length, samples, max_length, max_samples, channels;
    int threads;
    uint64_t seed;
    lt_prec prec;
    int prec_set, renorm, parallel, lockstep, scan_set, kind_dense, kind_set;
    const char *csv;
    lt_convention conv;
    int ac;
    char **av;
} ssm_opts;

/* An integer option from 1 to max: -1 to go on, or the usage error's status. */
static int pos_long(long *out, const char *v, const char *opt, long max, const char *sub)
{
    char fmt[CLI_FMT_SIZE];
    return cli_option_long(out, v, opt, 1, max, fmt) ? sub_fail(sub, fmt, v) : -1;
}

/* Takes this command's options out of argv[2..]; allowed lists the keys
   the subcommand takes. -1 to go on, or an exit status. */
static int ssm_parse(ssm_opts *s, int argc, char **argv, const char *allowed)
{
    static const struct { const char *name; char key; int flag; } opts[] = {
        {"--layers", 'k', 0}, {"--length", 'l', 0}, {"--samples", 's', 0}, {"--seed", 'S', 0},
        {"--precision", 'p', 0}, {"--renormalize", 'r', 1}, {"--renormalise", 'r', 1},
        {"--scan", 'x', 0}, {"--threads", 't', 0}, {"--csv", 'f', 0}, {"--convention", 'c', 0},
        {"--max-length", 'L', 0}, {"--max-samples", 'M', 0}, {"--channels", 'd', 0}, {"--kind", 'K', 0}};
    const char *sub = s->sub;
    s->av = lt_malloc((size_t)(argc + 1) * sizeof *s->av);
    s->av[s->ac++] = argv[0];
    for (int i = 2; i < argc; i++) {
        if (strcmp(argv[i], "--") == 0) {
            for (; i < argc; i++) s->av[s->ac++] = argv[i];
            break;
        }
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            sub_usage(sub, stdout);
            return 0;
        }
        const char *v = NULL, *opt = NULL;
        char key = 0;
        for (size_t k = 0; k < sizeof opts / sizeof *opts && !v; k++) {
            if (opts[k].flag) {
                if (strcmp(argv[i], opts[k].name) == 0) { v = ""; key = opts[k].key; opt = opts[k].name; }
            } else if ((v = cli_opt_value(argc, argv, &i, opts[k].name))) { key = opts[k].key; opt = opts[k].name; }
        }
        if (!v) { s->av[s->ac++] = argv[i]; continue; }
        if (!strchr(allowed, key)) return sub_fail(sub, "%s does not apply here", opt);
        if (key != 'r' && !*v) return sub_fail(sub, "%s needs a value", opt);
        int r = -1;
        long x;
        switch (key) {
        case 'k': r = pos_long(&s->layers, v, opt, SSM_MAX_LAYERS, sub); break;
        case 'l': r = pos_long(&s->length, v, opt, CLI_MAX_LENGTH, sub); break;
        case 's': r = pos_long(&s->samples, v, opt, CLI_MAX_SAMPLES, sub); break;
        case 'L': r = pos_long(&s->max_length, v, opt, CLI_MAX_LENGTH, sub); break;
        case 'M': r = pos_long(&s->max_samples, v, opt, CLI_MAX_SAMPLES, sub); break;
        case 'd': r = pos_long(&s->channels, v, opt, SSM_MAX_CHANNELS, sub); break;
        case 't':
            if ((r = pos_long(&x, v, opt, 64, sub)) < 0) s->threads = (int)x;
            break;
        case 'S': {
            char fmt[CLI_FMT_SIZE];
            if (cli_option_u64(&s->seed, v, opt, 0, UINT64_MAX, fmt)) return sub_fail(sub, fmt, v);
            break;
        }
        case 'p':
            if (lt_prec_parse(&s->prec, v)) return sub_fail(sub, "--precision takes f64, f32 or bf16, not '%s'", v);
            s->prec_set = 1;
            break;
        case 'r': s->renorm = 1; break;
        case 'x':
            s->scan_set = 1;
            if (strcmp(v, "sequential") == 0) s->parallel = s->lockstep = 0;
            else if (strcmp(v, "parallel") == 0) s->parallel = 1;
            else if (strcmp(v, "lockstep") == 0 && strchr(allowed, 'X')) s->lockstep = 1;
            else return sub_fail(sub, strchr(allowed, 'X') ? "--scan takes sequential, parallel or lockstep, not '%s'"
                                                          : "--scan takes sequential or parallel, not '%s'", v);
            break;
        case 'f': s->csv = v; break;
        case 'c':
            if (cli_parse_convention(&s->conv, v))
                return sub_fail(sub, "--convention takes abstract_algebra or gap, not '%s'", v);
            break;
        case 'K':
            s->kind_set = 1;
            if (strcmp(v, "diag") == 0) s->kind_dense = 0;
            else if (strcmp(v, "dense") == 0) s->kind_dense = 1;
            else return sub_fail(sub, "--kind takes diag or dense, not '%s'", v);
            break;
        }
        if (r >= 0) return r;
    }
    s->av[s->ac] = NULL;
    return -1;
}

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

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
        if (json) fprintf(f, "%s%ld", i ? ", " : "", K->term_order[i]);
        else fprintf(f, "%s%ld", i ? " > " : "", K->term_order[i]);
    }
}

static const char *prefix_rule = "p_t = x_1 x_2 ... x_t, each token multiplying on the right";

/* ---- ssm cascade ---- */

static int cascade(ssm_opts *s, cli_opts *o, const lt_cmd *self)
{
    if (o->npos == 0) return sub_fail("cascade", "%s", "missing the group");
    if (s->length < 0) return sub_fail("cascade", "%s", "--length T is required");
    if (s->length > s->max_length) {
        fprintf(stderr, "lietool: ssm cascade: --length %ld is above --max-length %ld\n", s->length, s->max_length);
        return CLI_LIMIT;
    }
    if (s->samples > s->max_samples) {
        fprintf(stderr, "lietool: ssm cascade: --samples %ld is above --max-samples %ld\n", s->samples, s->max_samples);
        return CLI_LIMIT;
    }
    long T = s->length, N = s->samples;
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
        printf("{\"object\": ");
        lt_json_put_string(stdout, spec);
        printf(", \"order\": %ld, \"convention\": \"%s\", \"prefix_product\": \"%s\", \"derived_series\": [",
               C->n, conv, prefix_rule);
        put_series(stdout, K, 1);
        printf("], \"derived_length\": %d, \"layers\": %d, \"layer\": [", K->derived_length, K->k);
        for (int i = 0; i < K->k; i++) {
            const lt_cascade_layer *L = &K->layer[i];
            printf("%s{\"quotient_order\": %ld, \"factors\": [", i ? ", " : "", L->qorder);
            for (int j = 0; j < L->r; j++) printf("%s%d", j ? ", " : "", L->m[j]);
            printf("], \"channels\": %d}", L->r);
        }
        printf("], \"tracked_order\": %ld, \"precision\": \"%s\", \"renormalize\": %s, \"scan\": \"%s\", \"scan_levels\": %d",
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
        printf("{\"max_length\": %ld, \"samples\": %ld, \"seed\": \"%" PRIu64 "\", \"rows\": [", Lmax, N, s->seed);
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
            printf(", \"order\": %ld, \"layers\": %d, \"channels\": %d, \"cells\": [", Z->order[g], Z->layers[g], Z->channels[g]);
        } else printf("%-9s %5ld %6d %8d", spec, Z->order[g], Z->layers[g], Z->channels[g]);
        for (int p = 0; p < np; p++)
            for (int rn = 0; rn < 2; rn++) {
                long c = lt_cascade_drift_index(Z, g, p, rn);
                const lt_cascade_drift *v = Z->runs + c * N;
                const lt_cascade_drift_cell *cell = &Z->cells[c];
                if (o->json) {
                    printf("%s{\"precision\": \"%s\", \"renormalize\": %s, \"first_wrong\": [", p + rn ? ", " : "",
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

static int scan_cmd(ssm_opts *s, cli_opts *o)
{
    if (!s->kind_set || s->channels < 0 || s->length < 0)
        return sub_fail("scan", "%s", "--kind, --channels and --length are required");
    if (o->npos) return sub_fail("scan", "unexpected '%s'", o->pos[0]);
    long T = s->length;
    int d = (int)s->channels, dense = s->kind_dense;
    if (s->renorm && dense) return sub_fail("scan", "%s", "--renormalize applies to --kind diag");
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
    if (o->json)
        printf("{\"kind\": \"%s\", \"channels\": %d, \"length\": %ld, \"precision\": \"%s\", \"renormalize\": %s, "
               "\"levels\": %d, \"max_difference\": %.3g, \"max_state\": %.6g, \"relative_difference\": %.3g, "
               "\"tolerance\": %.3g, \"within_tolerance\": %s}\n",
               dense ? "dense" : "diag", d, T, lt_prec_name(s->prec), s->renorm ? "true" : "false",
               lt_scan_levels(T), maxdiff, maxh, rel, tol, ok ? "true" : "false");
    else
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
    if (o->npos == 0) return sub_fail("tables", "%s", "missing the group");
    char *spec = cli_join(o->pos, 0, o->npos);
    lt_cayley_t C;
    lt_cascade_t K;
    lt_cayley_init(C);
    lt_cascade_init(K);
    int r = open_cascade(C, K, spec, (int)s->layers, s->prec, s->conv, o, self);
    if (r < 0) {
        long n = K->n;
        printf("{\"object\": ");
        lt_json_put_string(stdout, spec);
        printf(", \"order\": %ld, \"convention\": \"%s\", \"prefix_product\": \"%s\", \"identity\": %d, \"table\": [",
               n, lt_convention_name(s->conv), prefix_rule, K->identity);
        for (long i = 0; i < n; i++) {
            printf(i ? ", [" : "[");
            for (long j = 0; j < n; j++) printf(j ? ", %d" : "%d", K->table[i * n + j]);
            printf("]");
        }
        printf("], \"precision\": \"%s\", \"layers\": [", lt_prec_name(s->prec));
        for (int i = 0; i < K->k; i++) {
            const lt_cascade_layer *L = &K->layer[i];
            long nq = L->qorder;
            printf("%s{\"quotient_order\": %ld, \"factors\": [", i ? ", " : "", nq);
            for (int j = 0; j < L->r; j++) printf("%s%d", j ? ", " : "", L->m[j]);
            printf("], \"exponent\": [");
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

/* ---- benchmarks (make bench) ---- */

/* A token-driven diagonal layer on d channels with 16 token types:
   h_t = lam[x_t] * h_(t-1) + beta[x_t], y_t = Re c.h_t; sequential: the
   fused loop lt_scan_diag_tokens; parallel: blocks of 256 steps through
   the parallel lt_scan_diag, then the readout. Prints tokens per second
   (wall clock, and process CPU time) and the checksum sum_t y_t with
   |h_T|^2, which bench/bench-ssm.sh compares with NumPy's. */
static int bench_diag(ssm_opts *s, cli_opts *o)
{
    if (s->channels < 0 || s->length < 0) return sub_fail("bench-diag", "%s", "--channels and --length are required");
    long T = s->length;
    int d = (int)s->channels, ntok = 16;
    long B = 256;
    lt_rng_t rng;
    lt_rng_seed(rng, s->seed);
    size_t td = (size_t)ntok * (size_t)d, bd = (size_t)B * (size_t)d;
    double *lr = lt_malloc(td * sizeof(double)), *li = lt_malloc(td * sizeof(double));
    double *br = lt_malloc(td * sizeof(double)), *bi = lt_malloc(td * sizeof(double));
    double *cr = lt_malloc((size_t)d * sizeof(double)), *ci = lt_malloc((size_t)d * sizeof(double));
    /* the tables, in the order bench/bench-ssm.sh draws them */
    for (size_t i = 0; i < td; i++) {
        double rho = 0.9 + 0.1 * lt_rng_unit(rng), th = 2 * M_PI * lt_rng_unit(rng);
        lr[i] = rho * cos(th);
        li[i] = rho * sin(th);
    }
    for (size_t i = 0; i < td; i++) br[i] = lt_rng_unit(rng) - 0.5;
    for (size_t i = 0; i < td; i++) bi[i] = lt_rng_unit(rng) - 0.5;
    for (int j = 0; j < d; j++) cr[j] = lt_rng_unit(rng) - 0.5;
    for (int j = 0; j < d; j++) ci[j] = lt_rng_unit(rng) - 0.5;
    int *tok = lt_malloc((size_t)T * sizeof(int));
    for (long t = 0; t < T; t++) tok[t] = (int)lt_rng_below(rng, (uint64_t)ntok);
    double *y = lt_malloc((size_t)T * sizeof(double));
    double *hr = lt_malloc(bd * sizeof(double)), *hi = lt_malloc(bd * sizeof(double));
    double *h0r = lt_malloc((size_t)d * sizeof(double)), *h0i = lt_calloc((size_t)d, sizeof(double));
    for (int j = 0; j < d; j++) h0r[j] = 1;
    lt_err_t err;
    lt_err_init(err);
    lt_status st = LT_OK;
    double t0 = now_seconds(), c0 = (double)clock() / CLOCKS_PER_SEC;
    if (!s->parallel) lt_scan_diag_tokens(h0r, h0i, lr, li, br, bi, cr, ci, tok, T, d, y);
    else {
        lt_scan_opts so;
        lt_scan_opts_init(&so);
        so.parallel = 1;
        so.threads = s->threads;
        double *ar = lt_malloc(bd * sizeof(double)), *ai = lt_malloc(bd * sizeof(double));
        double *xr = lt_malloc(bd * sizeof(double)), *xi = lt_malloc(bd * sizeof(double));
        for (long t = 0; t < T && !st; t += B) {
            long n = T - t < B ? T - t : B;
            for (long u = 0; u < n; u++) {
                size_t row = (size_t)tok[t + u] * d;
                memcpy(ar + u * d, lr + row, (size_t)d * sizeof(double));
                memcpy(ai + u * d, li + row, (size_t)d * sizeof(double));
                memcpy(xr + u * d, br + row, (size_t)d * sizeof(double));
                memcpy(xi + u * d, bi + row, (size_t)d * sizeof(double));
            }
            st = lt_scan_diag(hr, hi, ar, ai, xr, xi, h0r, h0i, n, d, &so, err);
            for (long u = 0; u < n; u++) {
                double acc = 0;
                for (int j = 0; j < d; j++) acc += cr[j] * hr[u * d + j] - ci[j] * hi[u * d + j];
                y[t + u] = acc;
            }
            memcpy(h0r, hr + (n - 1) * d, (size_t)d * sizeof(double));
            memcpy(h0i, hi + (n - 1) * d, (size_t)d * sizeof(double));
        }
        lt_free(ar); lt_free(ai); lt_free(xr); lt_free(xi);
    }
    double el = now_seconds() - t0, cpu = (double)clock() / CLOCKS_PER_SEC - c0;
    double norm = 0, sum = 0;
    for (int j = 0; j < d; j++) norm += h0r[j] * h0r[j] + h0i[j] * h0i[j];
    for (long t = 0; t < T; t++) sum += y[t];
    if (!st)
        printf("{\"channels\": %d, \"length\": %ld, \"scan\": \"%s\", \"seconds\": %.6f, \"cpu_seconds\": %.6f, "
               "\"tokens_per_second\": %.6g, \"tokens_per_cpu_second\": %.6g, \"checksum\": %.17g, \"final_norm2\": %.17g}\n",
               d, T, s->parallel ? "parallel" : "sequential", el, cpu, (double)T / el, (double)T / cpu, sum, norm);
    lt_free(lr); lt_free(li); lt_free(br); lt_free(bi); lt_free(cr); lt_free(ci); lt_free(tok); lt_free(y);
    lt_free(hr); lt_free(hi); lt_free(h0r); lt_free(h0i);
    (void)o;
    return st ? cli_fail(err) : 0;
}

static int bench_cascade(ssm_opts *s, cli_opts *o, const lt_cmd *self)
{
    if (o->npos == 0) return sub_fail("bench-cascade", "%s", "missing the group");
    if (s->length < 0) return sub_fail("bench-cascade", "%s", "--length T is required");
    long T = s->length, N = s->samples;
    char *spec = cli_join(o->pos, 0, o->npos);
    lt_cayley_t C;
    lt_cascade_t K;
    lt_cayley_init(C);
    lt_cascade_init(K);
    int r = open_cascade(C, K, spec, 0, LT_PREC_F64, s->conv, o, self);
    if (r < 0) {
        lt_scan_opts so;
        lt_scan_opts_init(&so);
        so.parallel = s->parallel;
        so.threads = s->threads;
        int *word = lt_malloc((size_t)T * sizeof(int)), *out = lt_malloc((size_t)T * sizeof(int));
        int *exact = lt_malloc((size_t)T * sizeof(int));
        lt_rng_t rng;
        lt_rng_seed(rng, s->seed);
        double el = 0, cpu = 0;
        long right = 0;
        lt_err_t err;
        lt_err_init(err);
        for (long w = 0; w < N && r < 0; w++) {
            if (s->lockstep) {
                double t0 = now_seconds(), c0 = (double)clock() / CLOCKS_PER_SEC;
                lt_cascade_drift D;
                lt_cascade_lockstep(&D, K, rng, T, 0, 0);
                el += now_seconds() - t0;
                cpu += (double)clock() / CLOCKS_PER_SEC - c0;
                right += D.first_wrong ? D.first_wrong - 1 : T;
                continue;
            }
            for (long t = 0; t < T; t++) word[t] = (int)lt_rng_below(rng, (uint64_t)C->n);
            double t0 = now_seconds(), c0 = (double)clock() / CLOCKS_PER_SEC;
            if (lt_cascade_run(out, NULL, K, word, T, &so, err)) r = cli_fail(err);
            el += now_seconds() - t0;
            cpu += (double)clock() / CLOCKS_PER_SEC - c0;
            lt_cascade_exact(exact, K, word, T);
            for (long t = 0; t < T; t++) right += out[t] == exact[t];
        }
        if (r < 0) {
            printf("{\"object\": ");
            lt_json_put_string(stdout, spec);
            printf(", \"layers\": %d, \"length\": %ld, \"samples\": %ld, \"scan\": \"%s\", \"seconds\": %.6f, "
                   "\"cpu_seconds\": %.6f, \"tokens_per_second\": %.6g, \"tokens_per_cpu_second\": %.6g, \"positions_right\": %ld}\n",
                   K->k, T, N, s->lockstep ? "lockstep" : s->parallel ? "parallel" : "sequential", el, cpu,
                   (double)T * (double)N / el, (double)T * (double)N / cpu, right);
            r = 0;
        }
        lt_free(word); lt_free(out); lt_free(exact);
    }
    lt_cascade_clear(K);
    lt_cayley_clear(C);
    lt_free(spec);
    return r;
}

int cmd_ssm(int argc, char **argv, const lt_cmd *self)
{
    if (argc < 2) {
        fprintf(stderr, "lietool: ssm: missing the subcommand\nusage: lietool %s %s\n", self->name, self->usage);
        return CLI_USAGE;
    }
    const char *sub = argv[1];
    /* The runs allocate and free blocks of megabytes again and again; from
       the heap (not fresh mappings each time) they are not faulted in anew. */
    mallopt(M_MMAP_THRESHOLD, 32 << 20);     /* the largest value glibc takes */
    mallopt(M_TRIM_THRESHOLD, 512 << 20);
    if (strcmp(sub, "-h") == 0 || strcmp(sub, "--help") == 0) return cli_usage(self, stdout);
    if (strcmp(sub, "rotation") == 0) return cli_ssm_rotation(argc - 1, argv + 1, self);
    if (strcmp(sub, "eval") == 0) return cli_ssm_eval(argc - 1, argv + 1, self);
    if (strcmp(sub, "sweep") == 0) return cli_ssm_sweep(argc - 1, argv + 1, self);
    static const struct { const char *name; const char *allowed; } tab[] = {
        {"cascade", "klsSprxtfcLM"}, {"drift", "psSLfc"}, {"scan", "dlSprtKL"}, {"tables", "kpc"},
        {"bench-diag", "dlSxt"}, {"bench-cascade", "lsSxXtc"}};
    const char *allowed = NULL;
    for (size_t i = 0; i < sizeof tab / sizeof *tab; i++)
        if (strcmp(sub, tab[i].name) == 0) { allowed = tab[i].allowed; sub = tab[i].name; }
    if (!allowed) {
        fprintf(stderr, "lietool: ssm: unknown subcommand '%s'\nusage: lietool %s %s\n", sub, self->name, self->usage);
        return CLI_USAGE;
    }
    ssm_opts s;
    memset(&s, 0, sizeof s);
    s.sub = sub;
    s.layers = 0;
    s.length = s.channels = -1;
    s.samples = strcmp(sub, "drift") == 0 ? 4 : strcmp(sub, "cascade") == 0 ? 1 : 1;
    s.max_length = strcmp(sub, "drift") == 0 ? 1000000 : 10000000;
    s.max_samples = 100000;
    int r = ssm_parse(&s, argc, argv, allowed);
    if (r >= 0) { lt_free(s.av); return r; }
    if (strcmp(sub, "drift") == 0 && s.samples > s.max_samples) {
        fprintf(stderr, "lietool: ssm drift: --samples %ld is above --max-samples %ld\n", s.samples, s.max_samples);
        lt_free(s.av);
        return CLI_LIMIT;
    }
    cli_opts o;
    r = cli_parse(&o, s.ac, s.av, self);
    if (r < 0 && o.json && (strcmp(sub, "tables") == 0 || strncmp(sub, "bench", 5) == 0)) r = -1;  /* JSON anyway */
    if (r < 0) {
        if (strcmp(sub, "cascade") == 0) r = cascade(&s, &o, self);
        else if (strcmp(sub, "drift") == 0) r = drift(&s, &o, self);
        else if (strcmp(sub, "scan") == 0) r = scan_cmd(&s, &o);
        else if (strcmp(sub, "tables") == 0) r = tables(&s, &o, self);
        else if (strcmp(sub, "bench-diag") == 0) r = bench_diag(&s, &o);
        else r = bench_cascade(&s, &o, self);
    }
    cli_free(&o);
    lt_free(s.av);
    return r;
}
