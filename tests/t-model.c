/* safetensors validation on hand-made files, half-precision conversions,
   and the C forward passes against the outputs torch gave on the same
   checkpoints (tests/data/models, written by scripts/train_wordproblem.py). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "lietool/io.h"
#include "lietool/io.h"
#include "lietool/dataset.h"
#include "unit.h"
#include "../src/model/impl.h"

/* A file: 8-byte length, the header, then datalen bytes 0, 1, 2, ... */
static unsigned char *mkfile(size_t *size, const char *header, long hdrlen, size_t datalen)
{
    size_t hl = strlen(header);
    *size = 8 + hl + datalen;
    unsigned char *b = lt_malloc(*size + 1);
    unsigned long long n = hdrlen >= 0 ? (unsigned long long)hdrlen : hl;
    for (int k = 0; k < 8; k++) b[k] = (unsigned char)(n >> (8 * k));
    memcpy(b + 8, header, hl);
    for (size_t i = 0; i < datalen; i++) b[8 + hl + i] = (unsigned char)i;
    return b;
}

static void safetensors_cases(void)
{
    static const struct { const char *header; long hdrlen; size_t data; int status; const char *msg; } cases[] = {
        {"{\"w\":{\"dtype\":\"F32\",\"shape\":[2,3],\"data_offsets\":[0,24]}}", -1, 24, LT_OK, ""},
        {"{\"__metadata__\":{\"format\":\"pt\"},\"w\":{\"dtype\":\"BF16\",\"shape\":[4],\"data_offsets\":[0,8]},"
         "\"v\":{\"dtype\":\"F16\",\"shape\":[],\"data_offsets\":[8,10]}}  ", -1, 10, LT_OK, ""},
        {"{\"w\":{\"dtype\":\"F32\",\"shape\":[2,3],\"data_offsets\":[0,24]}}", 1000, 24, LT_EINPUT, "header length 1000 is larger"},
        {"{\"w\":{\"dtype\":\"F32\",\"shape\":[2,3],\"data_offsets\":[0,24]}}", -1, 20, LT_EINPUT, "tensor 'w': data_offsets [0, 24] run past the data (20 bytes)"},
        {"{\"w\":{\"dtype\":\"F32\",\"shape\":[2,2],\"data_offsets\":[0,24]}}", -1, 24, LT_EINPUT, "tensor 'w': shape x F32 size is 16 bytes, data_offsets give 24"},
        {"{\"a\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]},\"b\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[4,12]}}", -1, 12, LT_EINPUT, "tensor 'b': data [4, 12] overlaps tensor 'a' [0, 8]"},
        /* an empty tensor between two overlapping ones, and a long one
           starting with a short one: every pair is compared, not only neighbours */
        {"{\"a\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]},\"e\":{\"dtype\":\"F32\",\"shape\":[0],\"data_offsets\":[4,4]},\"b\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[4,12]}}", -1, 12, LT_EINPUT, "tensor 'b': data [4, 12] overlaps tensor 'a' [0, 8]"},
        {"{\"a\":{\"dtype\":\"F32\",\"shape\":[4],\"data_offsets\":[0,16]},\"b\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]},\"c\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[8,12]}}", -1, 16, LT_EINPUT, "tensor 'a': data [0, 16] overlaps tensor 'b' [0, 4]"},
        {"{\"a\":{\"dtype\":\"F32\",\"shape\":[0],\"data_offsets\":[0,0]},\"b\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[0,4]},\"c\":{\"dtype\":\"F32\",\"shape\":[0],\"data_offsets\":[4,4]},\"d\":{\"dtype\":\"F32\",\"shape\":[1],\"data_offsets\":[4,8]}}", -1, 8, LT_OK, ""},
        {"{\"w\":{\"dtype\":\"Q4\",\"shape\":[2],\"data_offsets\":[0,8]}}", -1, 8, LT_EINPUT, "tensor 'w': unsupported dtype 'Q4'"},
        {"{\"w\":{\"dtype\":\"F32\",\"shape\":[-2],\"data_offsets\":[0,8]}}", -1, 8, LT_EINPUT, "tensor 'w': shape[0] is not a non-negative integer"},
        {"{\"w\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[8,0]}}", -1, 8, LT_EINPUT, "end before they begin"},
        {"{\"w\":{\"dtype\":\"F32\",\"shape\":[2]}}", -1, 8, LT_EINPUT, "tensor 'w': data_offsets is not [begin, end]"},
        {"{\"w\":{\"dtype\":\"F32\",\"shape\":[4611686018427387904,4],\"data_offsets\":[0,8]}}", -1, 8, LT_EINPUT, "shape is too large"},
        {"{\"w\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]},\"w\":{\"dtype\":\"F32\",\"shape\":[0],\"data_offsets\":[8,8]}}", -1, 8, LT_EINPUT, "the key \"w\" appears twice"},
        /* a dimension 0: empty, however large the others (it was "too large") */
        {"{\"w\":{\"dtype\":\"F32\",\"shape\":[4294967296,4294967296,0],\"data_offsets\":[0,0]}}", -1, 0, LT_OK, ""},
        {"{\"w\":{\"dtype\":\"F32\",\"shape\":[4294967296,4294967296,1],\"data_offsets\":[0,0]}}", -1, 0, LT_EINPUT, "shape is too large"},
        {"{\"w\":{\"dtype\":\"F32\",\"shape\":[2],\"data_offsets\":[0,8]}", -1, 8, LT_EINPUT, "header"},
        {"[1,2]", -1, 0, LT_EINPUT, "header does not start with '{'"},
        {"{\"__metadata__\":{\"n\":1}}", -1, 0, LT_EINPUT, "__metadata__ 'n' is not a string"},
        {"", -1, 0, LT_EINPUT, "header does not start"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        size_t size;
        unsigned char *b = mkfile(&size, cases[i].header, cases[i].hdrlen, cases[i].data);
        lt_safetensors_t S;
        lt_err_t err;
        lt_err_init(err);
        lt_safetensors_init(S);
        unit_case = cases[i].header;
        lt_status st = lt_safetensors_parse(S, b, size, err);
        CHECK((int)st == cases[i].status, "status %d, expected %d (%s)", st, cases[i].status, err->msg);
        if (st) CHECK(strstr(err->msg, cases[i].msg) != NULL, "message '%s' lacks '%s'", err->msg, cases[i].msg);
        lt_safetensors_clear(S);
    }
    /* every truncation of a good file fails cleanly (never reads past it) */
    size_t size;
    unsigned char *good = mkfile(&size, cases[1].header, -1, cases[1].data);
    long bad = 0;
    for (size_t n = 0; n < size; n++) {
        unsigned char *b = lt_malloc(n + 1);
        memcpy(b, good, n);
        lt_safetensors_t S;
        lt_err_t err;
        lt_err_init(err);
        lt_safetensors_init(S);
        unit_case = "truncated";
        bad += lt_safetensors_parse(S, b, n, err) != LT_EINPUT;
        lt_safetensors_clear(S);
    }
    CHECK(bad == 0, "%ld truncations of a good file accepted", bad);
    lt_free(good);
    /* values and shapes */
    unit_case = "get";
    unsigned char *b = mkfile(&size, "{\"w\":{\"dtype\":\"BF16\",\"shape\":[2],\"data_offsets\":[0,4]}}", -1, 4);
    unsigned char *d = b + size - 4;
    d[0] = 0x80; d[1] = 0x3F; d[2] = 0x40; d[3] = 0xC0;     /* 1.0, -3.0 */
    lt_safetensors_t S;
    lt_err_t err;
    lt_err_init(err);
    lt_safetensors_init(S);
    CHECK(lt_safetensors_parse(S, b, size, err) == LT_OK, "%s", err->msg);
    float *x;
    int64_t shape[2] = {2, 1};
    CHECK(lt_safetensors_get(&x, S, "w", 1, shape, err) == LT_OK && x[0] == 1.0f && x[1] == -3.0f, "bf16 values");
    lt_free(x);
    CHECK(lt_safetensors_get(&x, S, "w", 2, shape, err) == LT_EINPUT
          && strcmp(err->msg, "tensor 'w' has shape [2]; the config gives [2, 1]") == 0, "%s", err->msg);
    CHECK(lt_safetensors_get(&x, S, "v", 1, shape, err) == LT_EINPUT && strcmp(err->msg, "tensor 'v' is missing") == 0, "%s", err->msg);
    lt_safetensors_clear(S);
}

static void halves(void)
{
    unit_case = "halves";
    static const struct { uint16_t h; float f; } f16[] = {
        {0x3C00, 1.0f}, {0xC000, -2.0f}, {0x7BFF, 65504.0f}, {0x0001, 5.9604644775390625e-8f}, {0x0400, 6.103515625e-5f}, {0x3555, 0.333251953125f}};
    for (size_t i = 0; i < sizeof f16 / sizeof *f16; i++)
        CHECK(lt_st_f16_to_float(f16[i].h) == f16[i].f, "f16 %04x -> %g", f16[i].h, lt_st_f16_to_float(f16[i].h));
    CHECK(isinf(lt_st_f16_to_float(0x7C00)) && isnan(lt_st_f16_to_float(0x7E00)), "f16 inf/nan");
    /* bf16 round trip and round-to-nearest-even */
    long bad = 0;
    for (uint32_t h = 0; h < 0x10000; h++) {
        float f = lt_st_bf16_to_float((uint16_t)h);
        bad += !isnan(f) && lt_st_float_to_bf16(f) != h;
    }
    CHECK(bad == 0, "%ld bf16 values do not round-trip", bad);
    CHECK(lt_st_float_to_bf16(1.0f + 1.0f / 256) == 0x3F80, "tie to even (down)");
    CHECK(lt_st_float_to_bf16(1.0f + 3.0f / 256) == 0x3F82, "tie to even (up)");
}

/* fixture.txt: "n T C", then per word its T tokens and T rows of C outputs. */
static void fixture(const char *dir, double tol)
{
    unit_case = dir;
    lt_model_t M;
    lt_err_t err;
    lt_err_init(err);
    lt_model_init(M);
    if (lt_io_model_read(M, dir, 64, err)) { CHECK(0, "load: %s", err->msg); return; }
    char path[512];
    snprintf(path, sizeof path, "%s/fixture.txt", dir);
    FILE *f = fopen(path, "r");
    int n = 0, T = 0, C = 0;
    CHECK(f && fscanf(f, "%d %d %d", &n, &T, &C) == 3 && C == M->classes && n > 0 && T > 0, "%s: bad header", path);
    if (!f || C != M->classes || n <= 0 || T <= 0) { if (f) fclose(f); lt_model_clear(M); return; }
    int *tok = lt_malloc((size_t)T * sizeof *tok);
    float *out = lt_malloc((size_t)T * C * sizeof *out);
    double worst = 0;
    int ok = 1;
    for (int s = 0; s < n && ok; s++) {
        for (int t = 0; t < T; t++) ok = ok && fscanf(f, "%d", &tok[t]) == 1 && tok[t] >= 0 && tok[t] < M->vocab;
        if (!ok) break;
        lt_model_forward(out, M, tok, T);
        for (int i = 0; i < T * C; i++) {
            double want;
            ok = ok && fscanf(f, "%lf", &want) == 1;
            double d = fabs(out[i] - want) / fmax(1.0, fabs(want));
            if (d > worst) worst = d;
        }
    }
    CHECK(ok, "%s: malformed", path);
    CHECK(worst <= tol, "%s %s: largest difference from torch %.3g > %.3g", lt_model_arch_name(M), M->dtype, worst, tol);
    fclose(f);
    lt_free(tok);
    lt_free(out);
    lt_model_clear(M);
}

static void bad_models(void)
{
    static const struct { const char *dir; const char *msg; } cases[] = {
        {"tests/data/models/bad-shape", "model.safetensors: tensor 'layers.0.a_proj.weight' has shape [4, 8]; the config gives [4, 16]"},
        {"tests/data/models/bad-offsets", "model.safetensors: tensor 'embed.weight': data_offsets"},
        {"tests/data/models/bad-config", "config.json: 'n_layers' is -1; it must be an integer from 0 to 4096"},
        {"tests/data/models/missing", "cannot open 'tests/data/models/missing/config.json'"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        lt_model_t M;
        lt_err_t err;
        lt_err_init(err);
        lt_model_init(M);
        unit_case = cases[i].dir;
        CHECK(lt_io_model_read(M, cases[i].dir, 64, err) == LT_EINPUT && strstr(err->msg, cases[i].msg), "got '%s'", err->msg);
        lt_model_clear(M);
    }
}

/* Per-word callback of the evaluation: predictions against the tallies. */
typedef struct { long words, correct; const lt_words_struct *W; long right_through[65]; } seen;

/* Also counts, per prefix length t, the words right at every position
   1..t: the paper's cumulative accuracy, computed here on its own. */
static void count(void *arg, long i, const float *logits, const int *prediction, long T)
{
    seen *S = arg;
    (void)logits;
    S->words++;
    int all = 1;
    for (long t = 0; t < T; t++) {
        int ok = prediction[t] == S->W->target[i][t];
        S->correct += ok;
        all &= ok;
        if (t < 64) S->right_through[t + 1] += all;
    }
}

/* Generated words are the rows of lt_dataset_generate, and the evaluation
   gives the CLI's numbers (ssm eval tests/data/models/mamba-c2 --group C2
   --length 64 --samples 100 --seed 3: 70 of 100 words right, token
   accuracy 0.987187, every position at least 90%); a NaN weight is a
   numerical failure naming the word and the position. */
static void evaluation(void)
{
    unit_case = "eval";
    lt_ctx_t ctx;
    lt_ctx_init(ctx);
    lt_err_t err;
    lt_err_init(err);
    lt_cayley_t C;
    lt_cayley_init(C);
    CHECK(lt_io_cayley_table(C, "C2", LT_CONV_AA, ctx, err) == LT_OK, "%s", err->msg);
    lt_words_t W;
    lt_words_init(W);
    CHECK(lt_words_generate(W, C, 64, 100, 3, ctx, err) == LT_OK && W->n == 100 && W->max_len == 64, "%ld words", W->n);
    /* the same rows as the CSV writer */
    char *buf = NULL;
    size_t blen = 0;
    FILE *mf = open_memstream(&buf, &blen);
    lt_dataset_generate(mf, C, 64, 100, 3, NULL, ctx, err);
    fclose(mf);
    char *line = strchr(buf, '\n') + 1;
    int same = 1;
    for (long i = 0; i < W->n && same; i++) {
        char row[1024];
        int k = snprintf(row, sizeof row, "%s,", W->seed[i]);
        for (long t = 0; t < W->len[i]; t++) k += snprintf(row + k, sizeof row - k, t ? " %d" : "%d", W->input[i][t]);
        k += snprintf(row + k, sizeof row - k, ",");
        for (long t = 0; t < W->len[i]; t++) k += snprintf(row + k, sizeof row - k, t ? " %d" : "%d", W->target[i][t]);
        same = strncmp(line, row, (size_t)k) == 0 && line[k] == '\n';
        line += k + 1;
    }
    CHECK(same && *line == '\0', "generated words differ from the CSV rows");
    free(buf);

    lt_model_t M;
    lt_model_init(M);
    CHECK(lt_io_model_read(M, "tests/data/models/mamba-c2", 64, err) == LT_OK, "%s", err->msg);
    lt_ssm_eval_t R;
    lt_ssm_eval_init(R);
    seen S = {0, 0, W, {0}};
    lt_ssm_eval_params P = {.threshold = 0.9, .word = count, .arg = &S};
    CHECK(lt_ssm_eval_run(R, M, W, &P, err) == LT_OK, "%s", err->msg);
    long cumulative = 0;        /* max_prefix_at_threshold of the paper's code */
    for (long t = 1; t <= 64; t++) if (S.right_through[t] >= 90) cumulative = t;
    CHECK(R->words == 100 && R->tokens == 6400 && R->correct_words == 70 && R->longest_prefix == cumulative
          && cumulative < 64 && R->last_position == 64,
          "words %ld tokens %ld correct %ld prefix %ld (cumulative %ld) last %ld", R->words, R->tokens, R->correct_words,
          R->longest_prefix, cumulative, R->last_position);
    for (long t = 0; t < 64; t++)
        CHECK(lt_ssm_eval_prefix_accuracy(R, t) == S.right_through[t + 1] / 100.0, "prefix accuracy at %ld", t);
    CHECK(fabs(R->token_accuracy - 0.987187) < 5e-7 && R->sequence_accuracy == 0.7, "token accuracy %.7f", R->token_accuracy);
    long sum = 0;
    int ninety = 1;
    for (long t = 0; t < R->max_length; t++) { sum += R->position_correct[t]; ninety &= lt_ssm_eval_position_accuracy(R, t) >= 0.9; }
    CHECK(sum == R->correct_tokens && S.correct == R->correct_tokens && S.words == 100 && ninety, "tallies %ld %ld %ld", sum, S.correct, R->correct_tokens);
    /* a sweep: a row per model, by depth (ties in the order added), each the evaluation's numbers; a failed
       evaluation adds nothing */
    const char *dirs[] = {"tests/data/models/diag-s3", "tests/data/models/mamba-c2", "tests/data/models/diag-s3-bf16",
                          "tests/data/models/bad-nan"};
    lt_ssm_sweep_t SW;
    lt_ssm_sweep_init(SW);
    for (int i = 0; i < 4; i++) {
        lt_model_t N;
        lt_model_init(N);
        CHECK(lt_io_model_read(N, dirs[i], 64, err) == LT_OK, "%s", err->msg);
        CHECK(lt_ssm_sweep_add(SW, dirs[i], N, W, &P, err) == (i < 3 ? LT_OK : LT_ENUMERIC), "%s: %s", dirs[i], err->msg);
        lt_model_clear(N);
    }
    CHECK(SW->n == 3 && strcmp(SW->row[0].name, dirs[1]) == 0 && strcmp(SW->row[1].name, dirs[0]) == 0
          && strcmp(SW->row[2].name, dirs[2]) == 0 && SW->row[0].layers == 1 && SW->row[1].layers == 2
          && SW->row[0].family.kind == LT_FAM_DIAG_SIGNED && strcmp(SW->row[0].layer_type, "signed Mamba") == 0,
          "sweep rows: %d", SW->n);
    CHECK(SW->row[0].longest_prefix == R->longest_prefix && SW->row[0].token_accuracy == R->token_accuracy
          && SW->row[0].sequence_accuracy == R->sequence_accuracy && S.words == 100, "the sweep's row is the evaluation's");
    lt_ssm_sweep_clear(SW);
    /* a BOS token: one position more, read and predicted; out of the vocabulary it is refused */
    lt_ssm_eval_params PB = {.threshold = 0.9, .has_bos = 1, .bos = 0};
    CHECK(lt_ssm_eval_run(R, M, W, &PB, err) == LT_OK && R->max_length == 65 && R->tokens == 6500
          && R->position_total[0] == 100, "bos: %ld %ld", R->max_length, R->tokens);
    PB.bos = M->vocab;
    CHECK(lt_ssm_eval_run(R, M, W, &PB, err) == LT_EINPUT && strstr(err->msg, "BOS token"), "bos out of range: %s", err->msg);
    lt_model_clear(M);

    lt_model_init(M);
    CHECK(lt_io_model_read(M, "tests/data/models/bad-nan", 64, err) == LT_OK, "%s", err->msg);
    CHECK(lt_ssm_eval_run(R, M, W, NULL, err) == LT_ENUMERIC && strstr(err->msg, "not finite at word 1, position 1"), "nan: %s", err->msg);
    lt_model_clear(M);
    lt_ssm_eval_clear(R);
    lt_words_clear(W);
    lt_cayley_clear(C);
}

/* The sweep's figure: the two theory curves and the measured points. */
static void sweep_figure(void)
{
    unit_case = "sweep figure";
    int depth[] = {1, 3};
    long prefix[] = {10, 64};
    lt_plot_t F;
    lt_plot_init(F, 0, 0);
    lt_ssm_sweep_plot(F, "S3", 2, 64, depth, prefix, 2);
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    lt_err_t err;
    lt_err_init(err);
    CHECK(F->npanels == 1 && lt_plot_write_svg(f, F, err) == LT_OK, "%s", err->msg);
    fclose(f);
    CHECK(strstr(buf, "S3 word problem") && strstr(buf, "theory (v1)") && strstr(buf, "theory (sharp)")
          && strstr(buf, "measured"), "the SVG has its title and legend");
    free(buf);
    lt_plot_clear(F);
}

/* The kernels' exp on non-finite inputs: a NaN (a NaN weight) stays NaN
   (it was converted to an integer: undefined behaviour, UBSan's report),
   infinities saturate. */
static void kernel_nonfinite(void)
{
    unit_case = "kernels";
    float x[6] = {NAN, INFINITY, -INFINITY, 0.0f, 100.0f, -100.0f}, y[6], g[6];
    lt_mdl_sigmoid_all(y, x, 6);
    CHECK(isnan(y[0]), "sigmoid(NaN) = %g", y[0]);
    CHECK(y[1] == 1.0f && y[2] < 1e-30f && y[3] == 0.5f && y[4] == 1.0f && y[5] < 1e-30f,
          "sigmoid: %g %g %g %g %g", y[1], y[2], y[3], y[4], y[5]);
    memcpy(g, x, sizeof g);
    lt_mdl_gelu_all(g, 6);
    CHECK(isnan(g[0]) && g[3] == 0.0f && g[4] == 100.0f && fabsf(g[5]) < 1e-30f, "gelu: %g %g %g %g", g[0], g[3], g[4], g[5]);
}

/* The f32 log-sigmoid (GLA's gate) against the double formula: absolute
   error below 2e-7 of the value's size or 1, on a grid of 200001 points in
   [-100, 100] (finer near 0, where log1p's rounding matters), and at the
   extremes; a NaN stays NaN. */
static void kernel_logsigmoid(void)
{
    unit_case = "kernels";
    enum { N = 200001 };
    float *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
    for (int i = 0; i < N; i++) {
        double t = (i - N / 2) / (double)(N / 2);      /* [-1, 1] */
        x[i] = (float)(100.0 * t * t * t);
    }
    lt_mdl_logsigmoid_all(y, x, N);
    double worst = 0;
    int at = 0;
    for (int i = 0; i < N; i++) {
        double z = x[i], ref = z > 0 ? -log1p(exp(-z)) : z - log1p(exp(z));
        double e = fabs(y[i] - ref) / (fabs(ref) > 1 ? fabs(ref) : 1);
        if (e > worst) { worst = e; at = i; }
    }
    CHECK(worst < 2e-7, "logsigmoid: error %.3g at x = %.9g", worst, x[at]);
    float s[5] = {NAN, -1000.0f, 1000.0f, 0.0f, 1e-30f}, r[5];
    lt_mdl_logsigmoid_all(r, s, 5);
    CHECK(isnan(r[0]) && r[1] == -1000.0f && r[2] > -1e-30f && r[2] <= 0 && fabsf(r[3] + 0.693147181f) < 1e-7f
          && fabsf(r[4] + 0.693147181f) < 1e-7f, "logsigmoid: %g %g %g %g %g", r[0], r[1], r[2], r[3], r[4]);
    free(x);
    free(y);
}

/* The f32 softplus (Mamba's step sizes) against the double formula:
   error below 2e-7 of the value's size or 1 on the same grid; a NaN stays
   NaN, large arguments give themselves. */
static void kernel_softplus(void)
{
    unit_case = "kernels";
    enum { N = 200001 };
    float *x = malloc(N * sizeof *x), *y = malloc(N * sizeof *y);
    for (int i = 0; i < N; i++) {
        double t = (i - N / 2) / (double)(N / 2);
        x[i] = (float)(100.0 * t * t * t);
    }
    lt_mdl_softplus_all(y, x, N);
    double worst = 0;
    int at = 0;
    for (int i = 0; i < N; i++) {
        double z = x[i], ref = z > 0 ? z + log1p(exp(-z)) : log1p(exp(z));
        double e = fabs(y[i] - ref) / (fabs(ref) > 1 ? fabs(ref) : 1);
        if (e > worst) { worst = e; at = i; }
    }
    CHECK(worst < 2e-7, "softplus: error %.3g at x = %.9g", worst, x[at]);
    float s[3] = {NAN, 1000.0f, -1000.0f}, r[3];
    lt_mdl_softplus_all(r, s, 3);
    CHECK(isnan(r[0]) && r[1] == 1000.0f && r[2] >= 0 && r[2] < 1e-30f, "softplus: %g %g %g", r[0], r[1], r[2]);
    free(x);
    free(y);
}

/* The packed projections (pack.c, on AVX-512) against SGEMM: within 1e-5
   of the largest output, with and without a bias, at sizes around the
   kernel's tiles (32 outputs, 12 rows) and K blocks; and a block of rows
   computed alone gives the same bits as within all of them (a row's result
   depends on that row alone). */
static void kernel_packed(void)
{
    unit_case = "packed projections";
    if (!lt_mdl_pack_available()) return;
    static const int sizes[][3] = {{1, 1, 1}, {5, 31, 7}, {12, 32, 64}, {13, 33, 256}, {128, 256, 256}, {129, 512, 256},
                                   {40, 256, 512}, {7, 70, 1000}};
    uint64_t x = 99;
    for (size_t c = 0; c < sizeof sizes / sizeof *sizes; c++) {
        int T = sizes[c][0], m = sizes[c][1], n = sizes[c][2];
        float *X = malloc((size_t)T * n * sizeof *X), *W = malloc((size_t)m * n * sizeof *W), *b = malloc((size_t)m * sizeof *b);
        float *P = aligned_alloc(64, (lt_mdl_pack_floats(m, n) * sizeof *P + 63) / 64 * 64);
        float *Y = malloc((size_t)T * m * sizeof *Y), *Z = malloc((size_t)T * m * sizeof *Z), *R = malloc((size_t)T * m * sizeof *R);
        for (size_t i = 0; i < (size_t)T * n; i++) X[i] = (float)((x = x * 6364136223846793005ULL + 1) >> 40) / 16777216.0f - 0.5f;
        for (size_t i = 0; i < (size_t)m * n; i++) W[i] = (float)((x = x * 6364136223846793005ULL + 1) >> 40) / 16777216.0f - 0.5f;
        for (int i = 0; i < m; i++) b[i] = (float)i / m;
        lt_mdl_pack(P, W, m, n);
        {       /* the same panels from rows 3 floats further apart, as attention packs K */
            float *Ws = malloc(((size_t)m * (n + 3) + 1) * sizeof *Ws);
            float *Q = aligned_alloc(64, (lt_mdl_pack_floats(m, n) * sizeof *Q + 63) / 64 * 64);
            for (int i = 0; i < m; i++) memcpy(Ws + (size_t)i * (n + 3), W + (size_t)i * n, (size_t)n * sizeof *W);
            lt_mdl_pack_ld(Q, Ws, (size_t)n + 3, m, n);
            CHECK(!memcmp(P, Q, lt_mdl_pack_floats(m, n) * sizeof *P), "m %d, n %d: packing from strided rows differs",
                  m, n);
            long bad = -1;     /* the layout: panel p0, k-major, zero beyond m */
            for (int p0 = 0; p0 < m; p0 += 64)
                for (int k = 0; k < n; k++)
                    for (int j = 0; j < 64; j++)
                        if (bad < 0 && P[(size_t)p0 * n + (size_t)k * 64 + j] != (p0 + j < m ? W[(size_t)(p0 + j) * n + k] : 0.0f))
                            bad = (long)(p0 + j) * n + k;
            CHECK(bad < 0, "m %d, n %d: weight (%ld, %ld) packed in the wrong place", m, n, bad / n, bad % n);
            free(Ws), free(Q);
        }
        for (int bias = 0; bias < 2; bias++) {
            lt_mdl_linear_packed(Y, m, P, bias ? b : NULL, X, n, T, m, n);
            lt_mdl_linear(Z, m, W, bias ? b : NULL, X, n, T, m, n);
            double big = 0, diff = 0;
            for (size_t i = 0; i < (size_t)T * m; i++) {
                big = fmax(big, fabs(Z[i]));
                diff = fmax(diff, fabs((double)Y[i] - Z[i]));
            }
            CHECK(diff <= 1e-5 * big, "T %d, m %d, n %d, bias %d: packed and SGEMM differ by %.3g of %.3g", T, m, n, bias,
                  diff, big);
            int a = T / 3, e = T - T / 4;      /* rows a .. e - 1 alone */
            if (e > a) {
                lt_mdl_linear_packed(R, m, P, bias ? b : NULL, X + (size_t)a * n, n, e - a, m, n);
                CHECK(!memcmp(R, Y + (size_t)a * m, (size_t)(e - a) * m * sizeof *R),
                      "T %d, m %d, n %d: rows %d..%d alone differ from the same rows among all", T, m, n, a, e - 1);
            }
        }
        free(X), free(W), free(b), free(P), free(Y), free(Z), free(R);
    }
}

/* The AMX projections (amx.c, when the processor has them): X W^T, X W^T
   + b and Y + X W^T against the SGEMM within 1e-5 of the largest entry,
   on sizes around the tiles' 16 and 32; a block of rows alone the same
   bits as among all; an infinite input gives an infinite output. */
static void kernel_amx(void)
{
    unit_case = "AMX projections";
    if (!lt_mdl_amx_available()) return;
    static const int sizes[][3] = {{1, 1, 1}, {5, 31, 7}, {12, 32, 64}, {13, 33, 256}, {31, 17, 40}, {32, 32, 32},
                                   {128, 256, 256}, {129, 512, 256}, {40, 256, 512}, {7, 70, 1000}, {200, 96, 33}};
    uint64_t x = 7;
    for (size_t c = 0; c < sizeof sizes / sizeof *sizes; c++) {
        int T = sizes[c][0], m = sizes[c][1], n = sizes[c][2];
        float *X = malloc((size_t)T * n * sizeof *X), *W = malloc((size_t)m * n * sizeof *W), *b = malloc((size_t)m * sizeof *b);
        uint16_t *P = malloc(lt_mdl_amx_pack_floats(m, n) * sizeof(float));
        uint16_t *S = aligned_alloc(64, (lt_mdl_amx_split_floats(T, n) * sizeof(float) + 63) / 64 * 64);
        uint16_t *S2 = aligned_alloc(64, (lt_mdl_amx_split_floats(T, n) * sizeof(float) + 63) / 64 * 64);
        float *Y = malloc((size_t)T * m * sizeof *Y), *Z = malloc((size_t)T * m * sizeof *Z), *R = malloc((size_t)T * m * sizeof *R);
        for (size_t i = 0; i < (size_t)T * n; i++) X[i] = (float)((x = x * 6364136223846793005ULL + 1) >> 40) / 16777216.0f - 0.5f;
        for (size_t i = 0; i < (size_t)m * n; i++) W[i] = (float)((x = x * 6364136223846793005ULL + 1) >> 40) / 16777216.0f - 0.5f;
        for (int i = 0; i < m; i++) b[i] = (float)i / m;
        lt_mdl_amx_pack(P, W, m, n);
        CHECK(lt_mdl_amx_split(S, X, n, T, n) == 0, "T %d, m %d, n %d: a non-finite entry seen", T, m, n);
        for (int mode = 0; mode < 3; mode++) {     /* plain, bias, acc */
            for (size_t i = 0; i < (size_t)T * m; i++) Y[i] = Z[i] = mode == 2 ? (float)i / (T * m) : 0.0f;
            lt_mdl_amx_linear(Y, m, P, mode == 1 ? b : NULL, S, T, m, n, mode == 2);
            float *add = malloc((size_t)T * m * sizeof *add);
            lt_mdl_linear(add, m, W, mode == 1 ? b : NULL, X, n, T, m, n);
            double big = 0, diff = 0;
            for (size_t i = 0; i < (size_t)T * m; i++) {
                Z[i] += add[i];
                big = fmax(big, fabs(Z[i]));
                diff = fmax(diff, fabs((double)Y[i] - Z[i]));
            }
            free(add);
            CHECK(diff <= 1e-5 * big, "T %d, m %d, n %d, mode %d: AMX and SGEMM differ by %.3g of %.3g", T, m, n, mode, diff,
                  big);
            int a = T / 3, e = T - T / 4;      /* rows a .. e - 1 alone */
            if (e > a && mode < 2) {
                lt_mdl_amx_split(S2, X + (size_t)a * n, n, e - a, n);
                lt_mdl_amx_linear(R, m, P, mode == 1 ? b : NULL, S2, e - a, m, n, 0);
                CHECK(!memcmp(R, Y + (size_t)a * m, (size_t)(e - a) * m * sizeof *R),
                      "T %d, m %d, n %d: rows %d..%d alone differ from the same rows among all", T, m, n, a, e - 1);
            }
        }
        X[0] = INFINITY;
        for (int j = 0; j < m; j++) W[(size_t)j * n] = 1.0f;
        lt_mdl_amx_pack(P, W, m, n);
        CHECK(lt_mdl_amx_split(S, X, n, T, n) == 1, "T %d, m %d, n %d: the infinite entry not seen", T, m, n);
        for (int acc = 0; acc < 2; acc++) {
            for (size_t i = 0; i < (size_t)T * m; i++) Y[i] = 1.0f;
            lt_mdl_amx_product(Y, m, P, W, NULL, S, 1, X, n, T, m, n, acc);
            float *add = malloc((size_t)T * m * sizeof *add);
            lt_mdl_linear(add, m, W, NULL, X, n, T, m, n);
            double big = 0, diff = 0;
            for (size_t i = (size_t)m; i < (size_t)T * m; i++) {        /* the finite rows as before */
                big = fmax(big, fabs(add[i] + acc));
                diff = fmax(diff, fabs((double)Y[i] - (add[i] + acc)));
            }
            free(add);
            CHECK(Y[0] == INFINITY && Y[m - 1] == INFINITY && diff <= 1e-5 * big,
                  "T %d, m %d, n %d, acc %d: inf in X gives %g, %g; the other rows off by %.3g", T, m, n, acc, Y[0],
                  Y[m - 1], diff);
        }
        free(X), free(W), free(b), free(P), free(S), free(S2), free(Y), free(Z), free(R);
    }
}

/* The products routed to OpenBLAS's small kernels (kernels.c): A B^T by
   B transposed (lt_mdl_gemm_nt, against the sum in double) and an f32
   model's small projections by W transposed (lt_mdl_linear_m, against the
   SGEMM it replaces), within
   1e-5 of the largest entry, on both sides of their size limits; with
   beta 1 and a bias, and in bf16 the projection is the SGEMM's bits. */
static void kernel_small_products(void)
{
    unit_case = "small products";
    static const int sizes[][3] = {{1, 1, 1}, {16, 16, 8}, {32, 32, 16}, {32, 32, 31}, {32, 32, 32}, {5, 200, 30},
                                   {128, 96, 32}, {128, 512, 32}, {300, 64, 64}};
    uint64_t x = 7;
    lt_model_t M;
    memset(M, 0, sizeof M);
    for (size_t c = 0; c < sizeof sizes / sizeof *sizes; c++) {
        int T = sizes[c][0], m = sizes[c][1], n = sizes[c][2];
        float *X = malloc((size_t)T * n * sizeof *X), *W = malloc((size_t)m * n * sizeof *W), *b = malloc((size_t)m * sizeof *b);
        float *Y = malloc((size_t)T * m * sizeof *Y), *Z = malloc((size_t)T * m * sizeof *Z);
        for (size_t i = 0; i < (size_t)T * n; i++) X[i] = (float)((x = x * 6364136223846793005ULL + 1) >> 40) / 16777216.0f - 0.5f;
        for (size_t i = 0; i < (size_t)m * n; i++) W[i] = (float)((x = x * 6364136223846793005ULL + 1) >> 40) / 16777216.0f - 0.5f;
        for (int i = 0; i < m; i++) b[i] = (float)i / m;
        for (int pass = 0; pass < 3; pass++) {
            for (size_t i = 0; i < (size_t)T * m; i++) Y[i] = Z[i] = (float)(i % 7) - 3.0f;
            if (pass == 0) {        /* beta 1 */
                lt_mdl_gemm_nt(T, m, n, 0.5f, X, n, W, n, 1.0f, Y, m);
                for (int i = 0; i < T; i++)         /* in double, as written */
                    for (int j = 0; j < m; j++) {
                        double acc = 0;
                        for (int p = 0; p < n; p++) acc += (double)X[(size_t)i * n + p] * W[(size_t)j * n + p];
                        Z[(size_t)i * m + j] = (float)(Z[(size_t)i * m + j] + 0.5 * acc);
                    }
            } else {
                M->compute = pass == 1 ? LT_COMPUTE_F32 : LT_COMPUTE_BF16;
                lt_mdl_linear_m(M, Y, m, W, b, X, n, T, m, n);
                lt_mdl_linear(Z, m, W, b, X, n, T, m, n);
            }
            double big = 0, diff = 0;
            for (size_t i = 0; i < (size_t)T * m; i++) {
                big = fmax(big, fabs(Z[i]));
                diff = fmax(diff, fabs((double)Y[i] - Z[i]));
            }
            CHECK(diff <= 1e-5 * big, "T %d, m %d, n %d, pass %d: differ by %.3g of %.3g", T, m, n, pass, diff, big);
            if (pass == 2)
                CHECK(!memcmp(Y, Z, (size_t)T * m * sizeof *Y), "T %d, m %d, n %d: bf16 not the SGEMM's bits", T, m, n);
        }
        free(X), free(W), free(b), free(Y), free(Z);
    }
}

/* ---- models with random weights, built here (no checkpoint) ---- */

static uint64_t rnd_state;
static double rnd_unit(void)        /* uniform in [-1, 1) (xorshift64*) */
{
    rnd_state ^= rnd_state >> 12, rnd_state ^= rnd_state << 25, rnd_state ^= rnd_state >> 27;
    return (double)((rnd_state * 2685821657736338717ULL) >> 11) / 4503599627370496.0 - 1.0;
}

/* n weights uniform in [c - a, c + a), kept in M->weights for lt_model_clear */
static float *rnd_weights(lt_model_struct *M, size_t n, double c, double a)
{
    float *w = lt_malloc(n * sizeof *w);
    for (size_t i = 0; i < n; i++) w[i] = (float)(c + a * rnd_unit());
    return lt_model_keep(M, w, n, 0);
}

/* An f32 model of architecture arch with 6 tokens and classes, d_model D,
   the given layers (weights NULL), and the
   embedding, final norm and head drawn (seeding the generator) */
static void random_begin(lt_model_struct *M, lt_model_arch arch, int D, int layers, uint64_t seed)
{
    lt_model_init(M);
    rnd_state = seed;
    M->arch = arch;
    M->layout = LT_LAYOUT_FLA;
    M->compute = M->config_compute = LT_COMPUTE_F32;
    M->vocab = M->classes = 6;
    M->d_model = D, M->n_layers = layers;
    M->eps = 1e-6f;
    M->dtype = "F32";
    M->layers = lt_malloc((size_t)layers * sizeof *M->layers);
    memset(M->layers, 0, (size_t)layers * sizeof *M->layers);
    M->embed = rnd_weights(M, (size_t)M->vocab * D, 0, 1);
    M->norm_f = rnd_weights(M, (size_t)D, 1, 0.2);
    M->head_w = rnd_weights(M, (size_t)M->classes * D, 0, 1 / sqrt((double)D));
}

/* FLA's transformer: D = heads * head_dim, kv heads Hk, sliding window
   (0: none), per-head q/k norms and qkv biases when qk is 1 */
static void random_transformer(lt_model_struct *M, int layers, int H, int Hk, int hd, int window, int qk, uint64_t seed)
{
    random_begin(M, LT_ARCH_ATTN, H * hd, layers, seed);
    M->at_heads = H, M->at_kv_heads = Hk, M->at_head_dim = hd, M->at_mlp = 2 * M->d_model, M->at_window = window;
    M->at_qkv_bias = M->at_qk_norm = qk;
    M->at_theta = 10000;
    int D = M->d_model, kvd = Hk * hd, I = M->at_mlp;
    double s = 1 / sqrt((double)D);
    for (int i = 0; i < layers; i++) {
        lt_model_layer *l = &M->layers[i];
        l->norm = rnd_weights(M, (size_t)D, 1, 0.2);
        l->q_w = rnd_weights(M, (size_t)D * D, 0, 3 * s);     /* sharp enough attention */
        l->k_w = rnd_weights(M, (size_t)kvd * D, 0, 3 * s);
        l->v_w = rnd_weights(M, (size_t)kvd * D, 0, s);
        l->o_w = rnd_weights(M, (size_t)D * D, 0, s);
        if (qk) {
            l->q_b = rnd_weights(M, (size_t)D, 0, 0.5);
            l->k_b = rnd_weights(M, (size_t)kvd, 0, 0.5);
            l->v_b = rnd_weights(M, (size_t)kvd, 0, 0.5);
            l->q_norm = rnd_weights(M, (size_t)hd, 2, 0.5);
            l->k_norm = rnd_weights(M, (size_t)hd, 2, 0.5);
        }
        l->mlp_norm = rnd_weights(M, (size_t)D, 1, 0.2);
        l->gate_w = rnd_weights(M, (size_t)I * D, 0, s);
        l->up_w = rnd_weights(M, (size_t)I * D, 0, s);
        l->down_w = rnd_weights(M, (size_t)D * I, 0, 1 / sqrt((double)I));
    }
    M->nparams = M->nweights;
    lt_model_set_compute(M, LT_COMPUTE_F32);    /* the packed projections (pack.c) */
}

/* The logits of M on T random tokens, in the default f32 forms (blocked,
   chunked) and stepwise: their largest difference over the largest logit */
static double forms_differ(lt_model_struct *M, long T, double *largest)
{
    int *tok = lt_malloc((size_t)T * sizeof *tok);
    float *a = lt_malloc((size_t)T * M->classes * sizeof *a), *b = lt_malloc((size_t)T * M->classes * sizeof *b);
    for (long t = 0; t < T; t++) tok[t] = (int)((rnd_unit() + 1) * 3) % M->vocab;
    M->stepwise = 0;
    lt_model_forward(a, M, tok, T);
    M->stepwise = 1;
    lt_model_forward(b, M, tok, T);
    double big = 0, diff = 0;
    for (long j = 0; j < T * M->classes; j++) {
        big = fmax(big, fabs(b[j]));
        diff = fmax(diff, fabs((double)a[j] - b[j]));
        if (a[j] != a[j]) diff = INFINITY;
    }
    lt_free(tok);
    lt_free(a);
    lt_free(b);
    *largest = big;
    return big > 0 ? diff / big : INFINITY;
}

/* An FLA block's norms and GatedMLP (intermediate F) for layer l, drawn */
static void random_fla_block(lt_model_struct *M, lt_model_layer *l, int F)
{
    int D = M->d_model;
    l->fla_attn_norm = rnd_weights(M, (size_t)D, 1, 0.2);
    l->fla_mlp_norm = rnd_weights(M, (size_t)D, 1, 0.2);
    l->fla_gate = rnd_weights(M, (size_t)F * D, 0, 1 / sqrt((double)D));
    l->fla_up = rnd_weights(M, (size_t)F * D, 0, 1 / sqrt((double)D));
    l->fla_down = rnd_weights(M, (size_t)D * F, 0, 1 / sqrt((double)F));
}

/* FLA's GLA with random weights (no short convolution): heads H, key and
   value dimensions dk, dv per head, the output gate when gate is 1; steep
   > 1: steep gates (many chunks fall below e^-60, some not) */
static void random_gla(lt_model_struct *M, int layers, int H, int dk, int dv, int gate, double steep, uint64_t seed)
{
    random_begin(M, LT_ARCH_GLA, 32, layers, seed);
    M->fla_heads = H, M->fla_dk = dk, M->fla_dv = dv, M->fla_inter = 64, M->fla_out_gate = gate;
    M->fla_norm_affine = 1, M->fla_clamp = -INFINITY, M->fla_fuse_norm = 1;
    int D = M->d_model, Kd = H * dk, Vd = H * dv, F = M->fla_inter;
    double s = 1 / sqrt((double)D);
    for (int i = 0; i < layers; i++) {
        lt_model_layer *l = &M->layers[i];
        random_fla_block(M, l, F);
        l->fla_q = rnd_weights(M, (size_t)Kd * D, 0, s);
        l->fla_k = rnd_weights(M, (size_t)Kd * D, 0, s);
        l->fla_v = rnd_weights(M, (size_t)Vd * D, 0, s);
        if (gate) l->fla_g = rnd_weights(M, (size_t)Vd * D, 0, s);
        l->fla_o = rnd_weights(M, (size_t)D * Vd, 0, 1 / sqrt((double)Vd));
        l->fla_onorm = rnd_weights(M, (size_t)dv, 1, 0.2);
        l->fla_gk0 = rnd_weights(M, (size_t)16 * D, 0, s);
        l->fla_gk1 = rnd_weights(M, (size_t)Kd * 16, 0, steep * 0.25);
        /* gates e^(logsigmoid / 16) near 1; steep: near e^-2.5, so that a chunk's fall below e^-60 */
        l->fla_gk1_b = rnd_weights(M, (size_t)Kd, steep > 1 ? -steep : 2, 2);
    }
    M->nparams = M->nweights;
}

/* FLA's delta rules with random weights: gated_deltaproduct with N
   Householder factors a token (delta_net when N is 0: one, no forget
   gate), heads H, d_k = d_v = d, the forget gate, allow_neg_eigval, the
   short convolution (size 4) when conv is 1; steep gates when steep > 1 */
static void random_delta(lt_model_struct *M, int layers, int H, int d, int N, int forget, int neg, int conv, double steep,
                         uint64_t seed)
{
    random_begin(M, LT_ARCH_DELTA, 32, layers, seed);
    M->fla_heads = H, M->fla_dk = M->fla_dv = d, M->fla_inter = 64, M->fla_out_gate = !N || forget;
    M->fla_householder = N ? N : 1, M->fla_delta_net = !N, M->fla_forget = forget, M->fla_neg = neg, M->fla_beta = 1;
    M->fla_conv = conv ? 4 : 0, M->fla_norm_affine = 1, M->fla_clamp = -INFINITY, M->fla_fuse_norm = 1;
    N = M->fla_householder;
    int D = M->d_model, Kd = H * d, Vd = H * d, F = M->fla_inter;
    double s = 1 / sqrt((double)D);
    for (int i = 0; i < layers; i++) {
        lt_model_layer *l = &M->layers[i];
        random_fla_block(M, l, F);
        l->fla_q = rnd_weights(M, (size_t)Kd * D, 0, 2 * s);
        l->fla_k = rnd_weights(M, (size_t)N * Kd * D, 0, 2 * s);
        l->fla_v = rnd_weights(M, (size_t)N * Vd * D, 0, s);
        if (conv) {
            l->fla_qconv = rnd_weights(M, (size_t)Kd * 4, 0, 0.6);
            l->fla_kconv = rnd_weights(M, (size_t)N * Kd * 4, 0, 0.6);
            l->fla_vconv = rnd_weights(M, (size_t)N * Vd * 4, 0, 0.6);
        }
        l->fla_beta = rnd_weights(M, (size_t)N * H * D, 0, 3 * s);
        if (forget) {
            /* g = -exp(A_log) softplus(a + dt_bias): near -0.05 a token; steep: near -steep */
            l->fla_a = rnd_weights(M, (size_t)H * D, 0, s);
            l->fla_A_log = rnd_weights(M, (size_t)H, log(steep > 1 ? steep : 0.05), 0.5);
            l->fla_dt_bias = rnd_weights(M, (size_t)H, 0.5, 0.5);
        }
        if (M->fla_out_gate) l->fla_g = rnd_weights(M, (size_t)Vd * D, 0, s);
        l->fla_o = rnd_weights(M, (size_t)D * Vd, 0, 1 / sqrt((double)Vd));
        l->fla_onorm = rnd_weights(M, (size_t)d, 1, 0.2);
    }
    M->nparams = M->nweights;
}

/* transformers' Mamba-2 with random weights: d_model 32, heads H of head_dim
   P (d_inner H P), G groups, state N, the signed variant when sgn is 1;
   dt: 0 gentle (dt A near -0.005 a position), 1 steep (near -5; signed
   decays near -1), 2 steep enough to underflow (near -300, and about
   -9000 on head 0: exp(dt A) = 0), 3 dt clamped to 1 and A = -ln 2, so
   that the signed decay 2 exp(dt A) - 1 is about -2e-9 */
static void random_mamba2(lt_model_struct *M, int layers, int H, int P, int G, int N, int sgn, int dt, uint64_t seed)
{
    random_begin(M, LT_ARCH_MAMBA2, 32, layers, seed);
    M->layout = LT_LAYOUT_HF_MAMBA2;
    M->d_state = N, M->d_inner = H * P, M->m2_heads = H, M->m2_head_dim = P, M->m2_groups = G, M->conv_k = 4;
    M->use_conv_bias = 1, M->residual_fp32 = 1, M->eig = sgn ? LT_EIG_SIGNED : LT_EIG_POSITIVE, M->eig_stated = 1;
    M->dt_min = dt == 3 ? 1.0f : 0.0f, M->dt_max = dt == 3 ? 1.0f : INFINITY;
    int D = M->d_model, Di = H * P, Cd = Di + 2 * G * N, Pd = Di + Cd + H;
    double s = 1 / sqrt((double)D), ab[4][2] = {{log(0.1), -3}, {log(5.0), 0.5}, {log(100.0), 3}, {0, 0}};
    for (int i = 0; i < layers; i++) {
        lt_model_layer *l = &M->layers[i];
        l->norm = rnd_weights(M, (size_t)D, 1, 0.2);
        l->in_w = rnd_weights(M, (size_t)Pd * D, 0, s);
        l->conv_w = rnd_weights(M, (size_t)Cd * 4, 0, 0.6);
        l->conv_b = rnd_weights(M, (size_t)Cd, 0, 0.2);
        /* dt = softplus(r + dt_bias) near softplus(dt_bias): about 0.05, 1, 3; A near -0.1, -5, -100 */
        l->dt_bias = rnd_weights(M, (size_t)H, ab[dt][1], 0.5);
        l->A_log = rnd_weights(M, (size_t)H, ab[dt][0], dt == 3 ? 0 : 1);
        if (dt == 3) for (int h = 0; h < H; h++) l->A_log[h] = (float)log(log(2.0));
        if (dt == 2) l->A_log[0] = 8;           /* dt A about -9000: exp(dt A) = 0 */
        l->D = rnd_weights(M, (size_t)H, 1, 0.5);
        l->gnorm = rnd_weights(M, (size_t)Di, 1, 0.2);
        l->mo_w = rnd_weights(M, (size_t)D * Di, 0, 1 / sqrt((double)Di));
    }
    M->nparams = M->nweights;
    for (int i = 0; i < layers; i++) M->layers[i].A = rnd_weights(M, (size_t)H, 0, 0);
    lt_model_set_compute(M, LT_COMPUTE_F32);    /* A = -exp(A_log) */
}

/* The f32 forms built on SGEMM against the stepwise ones (double sums),
   on random weights: the logits agree to 1e-5 of the largest, at lengths
   around the block and chunk size (32) and at 4096. Attention by blocked
   SGEMMs (attn.c) against score by score, with grouped kv heads, sliding
   windows, q/k norms and biases; GLA by chunks (gla.c) against its
   recurrence, gated or not, and with gates steep enough for the key-by-key
   fallback; the delta rules by chunks of the WY representation (delta.c)
   against theirs (chunks of 32 positions: 32, 16 and 10 tokens at 1, 2
   and 3 keys a token; of 16 for d_k 8: 16, 8 and 5 tokens): delta_net, and gated_deltaproduct with 1 to 3
   Householder factors, with and without the forget gate (steep too) and
   negative eigenvalues; Mamba-2 by the chunks of its state-space duality
   (mamba2.c) against its recurrence, with groups, signed decays, and
   gentle, steep and underflowing ones. Not timed. */
static void fast_forms(void)
{
    /* transformer: heads, kv heads, head_dim, window, q/k norms and biases;
       gla: heads, d_k, d_v, output gate, steep */
    static const struct { int gla; long T; int layers, H, a, b, c; double d; } cases[] = {
        {0, 1, 1, 2, 2, 8, 0, 0}, {0, 5, 2, 4, 2, 8, 0, 1}, {0, 31, 2, 4, 4, 8, 3, 0}, {0, 32, 1, 2, 1, 16, 0, 1},
        {0, 33, 2, 4, 1, 8, 32, 0}, {0, 70, 2, 4, 2, 8, 7, 1}, {0, 200, 2, 2, 2, 32, 45, 1},
        {0, 4096, 2, 4, 2, 8, 0, 0}, {0, 4096, 1, 4, 4, 16, 300, 1}, {0, 4096, 1, 2, 1, 8, 4096, 0},
        {1, 1, 1, 2, 8, 8, 1, 1}, {1, 5, 2, 4, 8, 8, 0, 1}, {1, 31, 2, 2, 16, 16, 1, 1}, {1, 32, 1, 1, 16, 32, 1, 1},
        {1, 33, 2, 4, 8, 16, 1, 1}, {1, 100, 2, 2, 16, 8, 1, 40}, {1, 4096, 2, 4, 8, 8, 1, 1}, {1, 4096, 1, 2, 16, 16, 0, 1},
        {1, 4096, 1, 2, 16, 16, 1, 40},
    };
    /* delta rules: T, layers, heads, d, N (0: delta_net), forget, neg, conv, steep */
    static const struct { long T; int layers, H, d, N, forget, neg, conv; double steep; } deltas[] = {
        {1, 1, 2, 8, 0, 0, 0, 1, 0}, {15, 1, 4, 8, 0, 0, 0, 0, 0}, {16, 2, 2, 8, 0, 0, 1, 1, 0}, {17, 1, 2, 8, 0, 0, 0, 1, 0},
        {5, 1, 2, 8, 3, 1, 0, 1, 0}, {6, 2, 2, 8, 3, 0, 1, 1, 0}, {31, 2, 2, 8, 0, 0, 1, 1, 0}, {32, 1, 4, 8, 0, 0, 0, 0, 0}, {33, 2, 2, 16, 0, 0, 1, 1, 0},
        {64, 1, 2, 8, 0, 0, 0, 1, 0}, {65, 2, 2, 8, 0, 0, 1, 0, 0}, {100, 2, 2, 16, 0, 0, 0, 1, 0},
        {4096, 2, 2, 8, 0, 0, 1, 1, 0}, {4096, 1, 2, 16, 0, 0, 0, 1, 0},
        {1, 1, 2, 8, 1, 1, 0, 1, 0}, {31, 2, 2, 8, 1, 0, 1, 1, 0}, {32, 1, 2, 16, 1, 1, 1, 0, 0}, {33, 2, 2, 8, 1, 1, 0, 1, 0},
        {100, 2, 2, 8, 1, 1, 1, 1, 8}, {4096, 1, 2, 8, 1, 1, 0, 1, 0}, {4096, 1, 2, 16, 1, 0, 1, 1, 0},
        {1, 1, 2, 8, 2, 1, 1, 1, 0}, {31, 2, 2, 8, 2, 0, 0, 1, 0}, {32, 1, 2, 8, 2, 1, 0, 0, 0}, {33, 2, 2, 16, 2, 1, 1, 1, 0},
        {100, 2, 2, 8, 2, 0, 1, 1, 0}, {100, 1, 2, 8, 2, 1, 0, 1, 8}, {4096, 1, 2, 8, 2, 1, 1, 1, 0},
        {4096, 1, 2, 8, 2, 0, 0, 1, 0}, {16, 1, 2, 8, 2, 1, 1, 1, 0}, {17, 2, 2, 8, 2, 1, 0, 1, 0},
        {1, 1, 2, 8, 3, 0, 1, 1, 0}, {10, 1, 2, 8, 3, 1, 0, 1, 0}, {11, 2, 2, 8, 3, 1, 1, 1, 0}, {31, 2, 2, 8, 3, 1, 0, 0, 0},
        {32, 1, 2, 16, 3, 0, 0, 1, 0}, {33, 2, 2, 8, 3, 1, 1, 1, 0}, {100, 2, 2, 8, 3, 1, 1, 1, 8},
        {4096, 1, 2, 8, 3, 1, 1, 1, 0}, {4096, 1, 2, 8, 3, 0, 1, 1, 0},
    };
    /* Mamba-2: T, layers, heads, head_dim, groups, state, signed, dt (random_mamba2) */
    static const struct { long T; int layers, H, P, G, N, sgn, dt; } m2[] = {
        {1, 1, 4, 16, 1, 16, 0, 0}, {5, 2, 4, 16, 2, 8, 1, 0}, {31, 2, 8, 8, 2, 8, 0, 1}, {32, 1, 4, 16, 4, 3, 1, 1},
        {33, 2, 2, 32, 1, 64, 0, 0}, {64, 1, 16, 4, 4, 16, 1, 2}, {65, 2, 4, 16, 1, 16, 0, 2}, {100, 2, 8, 8, 8, 4, 1, 3},
        {100, 1, 4, 16, 2, 16, 0, 3}, {4096, 2, 4, 16, 1, 16, 0, 0}, {4096, 1, 8, 8, 2, 8, 1, 0},
        {4096, 1, 4, 16, 4, 3, 0, 1}, {4096, 1, 2, 32, 1, 64, 1, 1}, {4096, 1, 4, 16, 2, 16, 1, 2},
        {4096, 1, 4, 16, 1, 16, 1, 3},
    };
    for (size_t i = 0; i < sizeof m2 / sizeof *m2; i++) {
        lt_model_t M;
        unit_case = "chunked Mamba-2";
        random_mamba2(M, m2[i].layers, m2[i].H, m2[i].P, m2[i].G, m2[i].N, m2[i].sgn, m2[i].dt, 131 + i);
        double big, d = forms_differ(M, m2[i].T, &big);
        CHECK(d <= 1e-5, "mamba2 case %zu, T %ld: the f32 and stepwise forms differ by %.3g of the largest logit %.3g", i,
              m2[i].T, d, big);
        lt_model_clear(M);
    }
    {   /* the chunked form's logits do not depend on the words' threads (1 and 2; OpenBLAS's its own) */
        lt_model_t M;
        unit_case = "chunked Mamba-2 on threads";
        random_mamba2(M, 2, 4, 16, 2, 16, 1, 1, 7);
        long len[3] = {4096, 33, 100};
        int *tok = lt_malloc(3 * 4096 * sizeof *tok);
        size_t per = 4096 * (size_t)M->classes;
        float *a = lt_malloc(3 * per * sizeof *a), *b = lt_malloc(3 * per * sizeof *b);
        memset(a, 0, 3 * per * sizeof *a);
        memset(b, 0, 3 * per * sizeof *b);
        for (int j = 0; j < 3 * 4096; j++) tok[j] = (int)((rnd_unit() + 1) * 3) % M->vocab;
        lt_model_forward_many(a, M, tok, len, 3, 4096, per, 1);
        lt_model_forward_many(b, M, tok, len, 3, 4096, per, 2);
        CHECK(!memcmp(a, b, 3 * per * sizeof *a), "1 and 2 threads give different logits");
        lt_free(tok);
        lt_free(a);
        lt_free(b);
        lt_model_clear(M);
    }
    {   /* the transformer's words in groups (packed projections): each word's logits the same bits as
           alone, on 1 and 2 threads */
        lt_model_t M;
        unit_case = "transformer words in groups";
        random_transformer(M, 2, 4, 2, 16, 0, 1, 5);
        enum { NW = 7, L = 300 };
        long len[NW] = {1, 5, 33, 129, 7, 300, 64};
        int *tok = lt_malloc(NW * L * sizeof *tok);
        size_t per = L * (size_t)M->classes;
        float *a = lt_calloc(NW * per, sizeof *a), *b = lt_calloc(NW * per, sizeof *b), *c = lt_calloc(NW * per, sizeof *c);
        for (int j = 0; j < NW * L; j++) tok[j] = (int)((rnd_unit() + 1) * 3) % M->vocab;
        for (int k = 0; k < NW; k++) lt_model_forward(a + k * per, M, tok + k * L, len[k]);
        lt_model_forward_many(b, M, tok, len, NW, L, per, 1);
        lt_model_forward_many(c, M, tok, len, NW, L, per, 2);
        CHECK(!memcmp(a, b, NW * per * sizeof *a), "words in groups differ from words alone");
        CHECK(!memcmp(b, c, NW * per * sizeof *a), "1 and 2 threads give different logits");
        lt_free(tok);
        lt_free(a);
        lt_free(b);
        lt_free(c);
        lt_model_clear(M);
    }
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        lt_model_t M;
        unit_case = cases[i].gla ? "chunked GLA" : "blocked attention";
        if (cases[i].gla) random_gla(M, cases[i].layers, cases[i].H, cases[i].a, cases[i].b, cases[i].c, cases[i].d, 91 + i);
        else random_transformer(M, cases[i].layers, cases[i].H, cases[i].a, cases[i].b, cases[i].c, (int)cases[i].d, 17 + i);
        double big, d = forms_differ(M, cases[i].T, &big);
        CHECK(d <= 1e-5, "case %zu, T %ld: the f32 and stepwise forms differ by %.3g of the largest logit %.3g", i,
              cases[i].T, d, big);
        lt_model_clear(M);
    }
    for (size_t i = 0; i < sizeof deltas / sizeof *deltas; i++) {
        lt_model_t M;
        unit_case = deltas[i].N ? "chunked gated_deltaproduct" : "chunked delta_net";
        random_delta(M, deltas[i].layers, deltas[i].H, deltas[i].d, deltas[i].N, deltas[i].forget, deltas[i].neg,
                     deltas[i].conv, deltas[i].steep, 57 + i);
        double big, d = forms_differ(M, deltas[i].T, &big);
        CHECK(d <= 1e-5, "delta case %zu, T %ld: the f32 and stepwise forms differ by %.3g of the largest logit %.3g", i,
              deltas[i].T, d, big);
        lt_model_clear(M);
    }
}

int main(void)
{
    kernel_nonfinite();
    kernel_logsigmoid();
    kernel_softplus();
    kernel_packed();
    kernel_small_products();
    safetensors_cases();
    halves();
    fixture("tests/data/models/diag-s3", 1e-5);
    fixture("tests/data/models/diag-s3-bf16", 1e-5);
    fixture("tests/data/models/diag-c3-complex", 1e-5);
    fixture("tests/data/models/mamba-c2", 1e-5);
    fixture("tests/data/models/mamba-c2-bf16", 1e-5);
    bad_models();
    kernel_amx();
    fast_forms();
    if (lt_mdl_amx_available()) {      /* the transformer's projections again by the FMA kernel */
        lt_mdl_amx_use(0);
        fast_forms();
        lt_mdl_amx_use(1);
    }
    evaluation();
    sweep_figure();
    UNIT_DONE("t-model");
}
