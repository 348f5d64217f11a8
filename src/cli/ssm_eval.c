/* lietool ssm eval: a trained checkpoint (config.json + model.safetensors)
   run on a word problem, its accuracies beside the depth layer's
   prediction for its depth and layer type. The architectures and file
   formats are in lietool-formats(5), TRAINED MODELS. */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "lietool/dataset.h"
#include "lietool/depth.h"
#include "lietool/io.h"
#include "lietool/json.h"
#include "lietool/model.h"

static int ev_usage(const lt_cmd *self, const char *sub, const char *fmt, const char *v)
{
    fprintf(stderr, "lietool: %s %s: ", self->name, sub);
    fprintf(stderr, fmt, v);
    fprintf(stderr, "\nusage: lietool %s %s\n", self->name, self->usage);
    return LT_EUSAGE;
}

/* ---- word lists ---- */

typedef struct {
    long n, cap;
    char **seed;
    int **in, **tg;
    long *len;
} words;

static void words_free(words *W)
{
    for (long i = 0; i < W->n; i++) { lt_free(W->seed[i]); lt_free(W->in[i]); lt_free(W->tg[i]); }
    lt_free(W->seed); lt_free(W->in); lt_free(W->tg); lt_free(W->len);
    memset(W, 0, sizeof *W);
}

/* Space-separated indices below order; returns the count or -1. */
static long indices(int **out, char *s, long order, long max_len)
{
    long n = 0, cap = 16;
    int *v = lt_malloc((size_t)cap * sizeof *v);
    char *p = s;
    for (;;) {
        while (*p == ' ') p++;
        if (!*p) break;
        if (!isdigit((unsigned char)*p)) { lt_free(v); return -1; }
        char *e;
        errno = 0;
        long x = strtol(p, &e, 10);
        if (errno || x >= order || (*e && *e != ' ') || n >= max_len) { lt_free(v); return -1; }
        if (n == cap) { cap *= 2; v = lt_realloc(v, (size_t)cap * sizeof *v); }
        v[n++] = (int)x;
        p = e;
    }
    *out = v;
    return n;
}

/* Reads seed,input,target rows; LT_EINPUT naming the line. */
static lt_status read_words(words *W, FILE *f, const char *path, long order, long max_len, long max_samples, lt_err_t err)
{
    char *line = NULL;
    size_t cap = 0;
    ssize_t got;
    long lineno = 0;
    lt_status st = LT_OK;
    while (!st && (got = getline(&line, &cap, f)) >= 0) {
        lineno++;
        while (got > 0 && (line[got - 1] == '\n' || line[got - 1] == '\r')) line[--got] = '\0';
        if (lineno == 1) {
            if (strcmp(line, "seed,input,target")) st = lt_err_set(err, LT_EINPUT, "%s:1: header is not 'seed,input,target'", path);
            continue;
        }
        if (!*line) continue;
        char *c1 = strchr(line, ','), *c2 = c1 ? strchr(c1 + 1, ',') : NULL;
        if (!c2 || strchr(c2 + 1, ',')) { st = lt_err_set(err, LT_EINPUT, "%s:%ld: not three comma-separated fields", path, lineno); break; }
        if (W->n >= max_samples) { st = lt_err_set(err, LT_ELIMIT, "%s: more than --max-samples %ld words", path, max_samples); break; }
        *c1 = *c2 = '\0';
        if (W->n == W->cap) {
            W->cap = W->cap ? 2 * W->cap : 64;
            W->seed = lt_realloc(W->seed, (size_t)W->cap * sizeof *W->seed);
            W->in = lt_realloc(W->in, (size_t)W->cap * sizeof *W->in);
            W->tg = lt_realloc(W->tg, (size_t)W->cap * sizeof *W->tg);
            W->len = lt_realloc(W->len, (size_t)W->cap * sizeof *W->len);
        }
        int *in = NULL, *tg = NULL;
        long a = indices(&in, c1 + 1, order, max_len), b = a > 0 ? indices(&tg, c2 + 1, order, max_len) : -1;
        if (a <= 0 || b != a) {
            lt_free(in); lt_free(tg);
            st = lt_err_set(err, LT_EINPUT, "%s:%ld: input and target must be %s lists of the same length (at most --max-length %ld) of indices below %ld",
                            path, lineno, "non-empty", max_len, order);
            break;
        }
        W->seed[W->n] = lt_strdup(line);
        W->in[W->n] = in;
        W->tg[W->n] = tg;
        W->len[W->n++] = a;
    }
    free(line);
    if (!st && W->n == 0) st = lt_err_set(err, LT_EINPUT, "%s: no words", path);
    return st;
}

/* ---- evaluation ---- */

typedef struct {
    long maxlen, correct_tokens, tokens, correct_words, prefix90;
    long *pos_correct, *pos_total;
} tally;

static double pos_acc(const tally *R, long t) { return R->pos_total[t] ? (double)R->pos_correct[t] / (double)R->pos_total[t] : 0; }

static lt_status run(tally *R, const lt_model_t M, const words *W, FILE *pred, FILE *logf)
{
    memset(R, 0, sizeof *R);
    for (long i = 0; i < W->n; i++) if (W->len[i] > R->maxlen) R->maxlen = W->len[i];
    R->pos_correct = lt_calloc((size_t)R->maxlen, sizeof *R->pos_correct);
    R->pos_total = lt_calloc((size_t)R->maxlen, sizeof *R->pos_total);
    float *out = lt_malloc((size_t)R->maxlen * M->classes * sizeof *out);
    if (pred) fprintf(pred, "seed,input,target,prediction\n");
    if (logf) fprintf(logf, "%ld %ld %d\n", W->n, R->maxlen, M->classes);
    for (long i = 0; i < W->n; i++) {
        long T = W->len[i];
        int all = 1;
        lt_model_forward(out, M, W->in[i], T);
        if (pred) {
            fprintf(pred, "%s,", W->seed[i]);
            for (long t = 0; t < T; t++) fprintf(pred, t ? " %d" : "%d", W->in[i][t]);
            fputc(',', pred);
            for (long t = 0; t < T; t++) fprintf(pred, t ? " %d" : "%d", W->tg[i][t]);
            fputc(',', pred);
        }
        if (logf) for (long t = 0; t < T; t++) fprintf(logf, t + 1 < T ? "%d " : "%d\n", W->in[i][t]);
        for (long t = 0; t < T; t++) {
            const float *o = out + (size_t)t * M->classes;
            int best = 0;
            for (int c = 1; c < M->classes; c++) if (o[c] > o[best]) best = c;   /* first maximum, as torch.argmax */
            if (logf) for (int c = 0; c < M->classes; c++) fprintf(logf, c + 1 < M->classes ? "%.9g " : "%.9g\n", (double)o[c]);
            if (pred) fprintf(pred, t ? " %d" : "%d", best);
            int ok = best == W->tg[i][t];
            R->pos_correct[t] += ok;
            R->pos_total[t]++;
            R->correct_tokens += ok;
            all &= ok;
        }
        if (pred) fputc('\n', pred);
        R->tokens += T;
        R->correct_words += all;
    }
    while (R->prefix90 < R->maxlen && pos_acc(R, R->prefix90) >= 0.9) R->prefix90++;
    lt_free(out);
    return LT_OK;
}

/* The derived length of the group spec (-1: not solvable) and |G/G'|. */
static lt_status derived(long *d, long *abel, const char *spec, const lt_ctx_t ctx, lt_err_t err)
{
    lt_pgrp_t G;
    lt_pgrp_init(G, 1);
    lt_pgrp_series_t S;
    lt_pgrp_series_init(S);
    lt_status st = lt_io_group(G, NULL, spec, ctx, err);
    if (!st) st = lt_pgrp_chain(G, NULL, ctx, err);
    if (!st) st = lt_pgrp_derived_series(S, G, ctx, err);
    if (!st) {
        *d = S->reaches_one ? S->len - 1 : -1;
        mpz_t a, b;
        mpz_init(a); mpz_init(b);
        lt_pgrp_order(a, &S->terms[0]);
        if (S->len > 1) lt_pgrp_order(b, &S->terms[1]); else mpz_set(b, a);
        mpz_divexact(a, a, b);
        *abel = mpz_fits_slong_p(a) ? mpz_get_si(a) : 0;
        mpz_clear(a); mpz_clear(b);
    }
    lt_pgrp_series_clear(S);
    lt_pgrp_clear(G);
    return st;
}

typedef struct { const char *verdict; char text[1024]; int log_v1, log_sharp; } theory;

static void predict(theory *P, const lt_model_t M, const char *spec, long d, long abel, long T)
{
    long L = M->n_layers;
    size_t n = 0;
    char *s = P->text;
    const size_t cap = sizeof P->text;
    P->log_v1 = lt_depth_log_bound((ulong)(T > 0 ? T : 1), LT_BOUND_V1);
    P->log_sharp = lt_depth_log_bound((ulong)(T > 0 ? T : 1), LT_BOUND_SHARP);
    n += (size_t)snprintf(s + n, cap - n, "%ld %s layer%s: restricted (the transitions commute, the input term is free), "
                          "reach%s derived length %ld (%s)", L, lt_model_layer_name(M), L == 1 ? "" : "s",
                          L == 1 ? "es" : "", 2 * L, lt_depth_cite(LT_SRC_HEO_PROP33));
    if (d < 0) {
        P->verdict = "no_constant_depth";
        n += (size_t)snprintf(s + n, cap - n, "; %s is not solvable: no constant depth is exact, the error grows with the length (%s), "
                              "and words of length %ld need %d layers (v1; %d sharp) (%s)",
                              spec, lt_depth_cite(LT_SRC_HEO_THM32), T, P->log_v1, P->log_sharp, lt_depth_cite(LT_SRC_HEO_PROP37));
    } else if (d <= L) {
        P->verdict = "exact";
        n += (size_t)snprintf(s + n, cap - n, "; %s has derived length %ld <= %ld: an exact solution exists at every length (%s)",
                              spec, d, L, lt_depth_cite(LT_SRC_HEO_THM34));
    } else if (d <= 2 * L) {
        P->verdict = "not_excluded";
        n += (size_t)snprintf(s + n, cap - n, "; %s has derived length %ld <= %ld: depth does not rule out an exact solution at every length",
                              spec, d, 2 * L);
    } else {
        P->verdict = "too_shallow";
        n += (size_t)snprintf(s + n, cap - n, "; %s has derived length %ld > %ld: no exact solution; the error is of the order of the commutator mass and grows with the length (%s)",
                              spec, d, 2 * L, lt_depth_cite(LT_SRC_HEO_THM32));
    }
    if (M->eig == LT_EIG_POSITIVE && abel % 2 == 0 && abel > 0)
        snprintf(s + n, cap - n, "; but its eigenvalues lie in [0,1] and %s maps onto C2: such layers cannot count modulo 2 at finite precision (%s)",
                 spec, lt_depth_cite(LT_SRC_GRAZZI));
}

static int need_long(long *out, const char *v, const char *opt, const lt_cmd *self)
{
    char *e;
    errno = 0;
    long x = strtol(v, &e, 10);
    if (!*v || errno || *e || x < 1 || !isdigit((unsigned char)*v)) {
        char fmt[96];
        snprintf(fmt, sizeof fmt, "%s needs a positive integer, not '%%s'", opt);
        return ev_usage(self, "eval", fmt, v);
    }
    *out = x;
    return -1;
}

int cli_ssm_eval(int argc, char **argv, const lt_cmd *self)
{
    const char *dir = NULL, *group = NULL, *data = NULL, *predf = NULL, *logitf = NULL;
    long length = -1, samples = -1, max_mb = 1024, max_len = 10000, max_samples = 1000000;
    uint64_t seed = 0;
    int json = 0, r = -1;
    for (int i = 1; i < argc && r < 0; i++) {
        const char *v;
        if (!strcmp(argv[i], "-h") || !strcmp(argv[i], "--help")) return cli_usage(self, stdout);
        if (!strcmp(argv[i], "--json")) json = 1;
        else if ((v = cli_opt_value(argc, argv, &i, "--group"))) group = v;
        else if ((v = cli_opt_value(argc, argv, &i, "--data"))) data = v;
        else if ((v = cli_opt_value(argc, argv, &i, "--predictions"))) predf = v;
        else if ((v = cli_opt_value(argc, argv, &i, "--logits"))) logitf = v;
        else if ((v = cli_opt_value(argc, argv, &i, "--length"))) r = need_long(&length, v, "--length", self);
        else if ((v = cli_opt_value(argc, argv, &i, "--samples"))) r = need_long(&samples, v, "--samples", self);
        else if ((v = cli_opt_value(argc, argv, &i, "--max-checkpoint-mb"))) r = need_long(&max_mb, v, "--max-checkpoint-mb", self);
        else if ((v = cli_opt_value(argc, argv, &i, "--max-length"))) r = need_long(&max_len, v, "--max-length", self);
        else if ((v = cli_opt_value(argc, argv, &i, "--max-samples"))) r = need_long(&max_samples, v, "--max-samples", self);
        else if ((v = cli_opt_value(argc, argv, &i, "--seed"))) {
            char *e;
            errno = 0;
            unsigned long long x = strtoull(v, &e, 10);
            if (!*v || errno || *e || !isdigit((unsigned char)*v))
                return ev_usage(self, "eval", "--seed needs an integer from 0 to 18446744073709551615, not '%s'", v);
            seed = x;
        } else if (argv[i][0] == '-' && argv[i][1]) return ev_usage(self, "eval", "unknown option '%s'", argv[i]);
        else if (!dir) dir = argv[i];
        else return ev_usage(self, "eval", "unexpected argument '%s'", argv[i]);
    }
    if (r >= 0) return r;
    if (!dir) return ev_usage(self, "eval", "%s", "missing the model directory");
    if (!group) return ev_usage(self, "eval", "%s", "--group G is required");
    if (!data && (length < 0 || samples < 0)) return ev_usage(self, "eval", "%s", "give --data FILE.csv, or --length T and --samples N");
    if (data && (length > 0 || samples > 0)) return ev_usage(self, "eval", "%s", "--data takes its words from the file; drop --length and --samples");
    if (length > max_len) { fprintf(stderr, "lietool: ssm eval: --length %ld is above --max-length %ld\n", length, max_len); return LT_ELIMIT; }
    if (samples > max_samples) { fprintf(stderr, "lietool: ssm eval: --samples %ld is above --max-samples %ld\n", samples, max_samples); return LT_ELIMIT; }

    lt_err_t err;
    lt_err_init(err);
    lt_ctx_t ctx;
    lt_ctx_init(ctx);
    lt_model_t M;
    lt_model_init(M);
    lt_cayley_t C;
    lt_cayley_init(C);
    words W;
    memset(&W, 0, sizeof W);
    tally R;
    memset(&R, 0, sizeof R);
    FILE *pf = NULL, *lf = NULL;
    long d = 0, abel = 0;
    if (lt_model_load(M, dir, max_mb, err) || lt_cayley_build(C, group, LT_CONV_AA, ctx, err)
        || derived(&d, &abel, group, ctx, err)) { r = cli_fail(err); goto done; }
    if (M->vocab < C->n || M->classes < C->n) {
        fprintf(stderr, "lietool: %s: the model has vocab_size %d and %d classes; %s has %ld elements\n",
                dir, M->vocab, M->classes, group, C->n);
        r = LT_EINPUT;
        goto done;
    }
    if (data) {
        FILE *f = strcmp(data, "-") ? fopen(data, "r") : stdin;
        if (!f) { fprintf(stderr, "lietool: cannot open '%s': %s\n", data, strerror(errno)); r = LT_EINPUT; goto done; }
        lt_status st = read_words(&W, f, data, C->n, max_len, max_samples, err);
        if (f != stdin) fclose(f);
        if (st) { r = cli_fail(err); goto done; }
    } else {
        char *buf = NULL;
        size_t blen = 0;
        FILE *mf = open_memstream(&buf, &blen);
        lt_status st = lt_dataset_generate(mf, C, length, samples, seed, NULL, ctx, err);
        fclose(mf);
        if (!st) {
            FILE *f = fmemopen(buf, blen, "r");
            st = read_words(&W, f, "generated words", C->n, max_len, max_samples, err);
            fclose(f);
        }
        free(buf);
        if (st) { r = cli_fail(err); goto done; }
    }
    if (predf && !(pf = fopen(predf, "w"))) { fprintf(stderr, "lietool: cannot write '%s': %s\n", predf, strerror(errno)); r = LT_EINPUT; goto done; }
    if (logitf && !(lf = fopen(logitf, "w"))) { fprintf(stderr, "lietool: cannot write '%s': %s\n", logitf, strerror(errno)); r = LT_EINPUT; goto done; }
    run(&R, M, &W, pf, lf);
    if ((pf && fclose(pf)) | (lf && fclose(lf))) { pf = lf = NULL; fprintf(stderr, "lietool: error writing the output files\n"); r = LT_EINPUT; goto done; }
    pf = lf = NULL;
    theory P;
    predict(&P, M, group, d, abel, R.maxlen);
    double tacc = (double)R.correct_tokens / (double)R.tokens, sacc = (double)R.correct_words / (double)W.n;
    if (json) {
        printf("{\"model\": ");
        lt_json_put_string(stdout, dir);
        printf(", \"architecture\": \"%s\", \"layer_type\": \"%s\", \"layers\": %d, \"d_model\": %d, \"dtype\": \"%s\", \"group\": ",
               lt_model_arch_name(M), lt_model_layer_name(M), M->n_layers, M->d_model, M->dtype ? M->dtype : "F32");
        lt_json_put_string(stdout, group);
        printf(", \"order\": %ld, \"words\": %ld, \"max_length\": %ld, \"token_accuracy\": %.6f, \"sequence_accuracy\": %.6f, "
               "\"sequences_correct\": %ld, \"longest_prefix_90\": %ld, \"per_position_accuracy\": [",
               C->n, W.n, R.maxlen, tacc, sacc, R.correct_words, R.prefix90);
        for (long t = 0; t < R.maxlen; t++) printf(t ? ", %.6f" : "%.6f", pos_acc(&R, t));
        printf("], \"theory\": {\"derived_length\": ");
        if (d >= 0) printf("%ld", d); else printf("null");
        printf(", \"restricted\": true, \"reachable_derived_length\": %d, \"verdict\": \"%s\", \"log_depth_layers\": {\"v1\": %d, \"sharp\": %d}, \"text\": ",
               2 * M->n_layers, P.verdict, P.log_v1, P.log_sharp);
        lt_json_put_string(stdout, P.text);
        printf("}}\n");
    } else {
        printf("model: %s (%s, %d %s layer%s, d_model %d, %s)\n", dir, lt_model_arch_name(M), M->n_layers,
               lt_model_layer_name(M), M->n_layers == 1 ? "" : "s", M->d_model, M->dtype ? M->dtype : "F32");
        printf("words: %ld of %s (order %ld), up to length %ld", W.n, group, C->n, R.maxlen);
        if (data) printf(", from %s\n", data); else printf(", seed %" PRIu64 "\n", seed);
        printf("  %-26s %.4f\n", "token accuracy", tacc);
        printf("  %-26s %.4f (%ld of %ld)\n", "sequence accuracy", sacc, R.correct_words, W.n);
        printf("  %-26s %ld of %ld\n", "longest prefix >= 90%", R.prefix90, R.maxlen);
        printf("  %-26s", "accuracy by position");
        for (long t = 0; t < R.maxlen; t++) printf("%s%.3f", t && t % 8 == 0 ? "\n                             " : " ", pos_acc(&R, t));
        printf("\ntheory: %s\n", P.text);
    }
    r = 0;
done:
    if (pf) fclose(pf);
    if (lf) fclose(lf);
    lt_free(R.pos_correct);
    lt_free(R.pos_total);
    words_free(&W);
    lt_cayley_clear(C);
    lt_model_clear(M);
    return r;
}
