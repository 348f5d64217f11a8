/* Trained-model directories (lietool-formats(5), TRAINED MODELS):
   config.json, checked key by key, and model.safetensors, every tensor's
   shape checked against the config, into an lt_model_t (lietool/model.h;
   the forward passes are in src/ssm/model.c). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lietool/io.h"
#include "lietool/json.h"
#include "lietool/safetensors.h"

#define MAX_DIM (1 << 20)
#define MAX_LAYERS 4096

/* ---- config.json ---- */

typedef struct { const lt_json *root; const char *path; lt_err_struct *err; } cfg;

/* An integer key in [lo, hi]; def < lo means required. */
static int cfg_int(int *out, cfg *C, const char *key, long lo, long hi, long def)
{
    const lt_json *v = lt_json_get(C->root, key);
    long x;
    if (!v || v->type == LT_JSON_NULL) {
        if (def < lo) { lt_err_set(C->err, LT_EINPUT, "%s: missing key '%s'", C->path, key); return 0; }
        *out = (int)def;
        return 1;
    }
    if (!lt_json_int(v, &x) || x < lo || x > hi) {
        char *t = lt_json_text(v);
        lt_err_set(C->err, LT_EINPUT, "%s: '%s' is %s; it must be an integer from %ld to %ld", C->path, key, t, lo, hi);
        lt_free(t);
        return 0;
    }
    *out = (int)x;
    return 1;
}

static int cfg_bool(int *out, cfg *C, const char *key, int def)
{
    const lt_json *v = lt_json_get(C->root, key);
    if (!v || v->type == LT_JSON_NULL) { *out = def; return 1; }
    if (v->type != LT_JSON_BOOL) { lt_err_set(C->err, LT_EINPUT, "%s: '%s' must be true or false", C->path, key); return 0; }
    *out = v->boolean;
    return 1;
}

static int cfg_float(float *out, cfg *C, const char *key, double def)
{
    const lt_json *v = lt_json_get(C->root, key);
    if (!v || v->type == LT_JSON_NULL) { *out = (float)def; return 1; }
    double x = v->type == LT_JSON_NUMBER ? strtod(v->str, NULL) : -1;
    if (!(x > 0 && x < 1)) { lt_err_set(C->err, LT_EINPUT, "%s: '%s' must be a number in (0, 1)", C->path, key); return 0; }
    *out = (float)x;
    return 1;
}

static lt_status read_config(lt_model_t M, const char *path, lt_err_t err)
{
    int64_t size;
    FILE *f = lt_io_open_read(path, &size, err);
    if (!f) return err->status;
    if (size > (1 << 20)) { fclose(f); return lt_err_set(err, LT_EINPUT, "%s: larger than 1 MiB", path); }
    char *text = NULL;
    size_t n = 0, cap = 0, k;
    char chunk[4096];
    while ((k = fread(chunk, 1, sizeof chunk, f)) > 0) {
        if (n + k > (1u << 20)) { fclose(f); lt_free(text); return lt_err_set(err, LT_EINPUT, "%s: larger than 1 MiB", path); }
        if (n + k > cap) { cap = 2 * (n + k); text = lt_realloc(text, cap); }
        memcpy(text + n, chunk, k);
        n += k;
    }
    fclose(f);
    lt_json *root = lt_json_parse(text ? text : "", n, err);
    lt_free(text);
    if (!root) { lt_err_prefix(err, "%s", path); return LT_EINPUT; }
    cfg C = {root, path, err};
    int ok = 1;
    const lt_json *mt = lt_json_get(root, "model_type");
    if (root->type != LT_JSON_OBJECT) { lt_err_set(err, LT_EINPUT, "%s: not a JSON object", path); ok = 0; }
    else if (!mt || mt->type != LT_JSON_STRING) { lt_err_set(err, LT_EINPUT, "%s: missing 'model_type' (lietool-diag or mamba)", path); ok = 0; }
    else if (strcmp(mt->str, "lietool-diag") == 0) {
        M->arch = LT_ARCH_DIAG;
        const lt_json *e = lt_json_get(root, "eigenvalues");
        const char *es = e && e->type == LT_JSON_STRING ? e->str : e ? "" : "positive";
        if (!strcmp(es, "positive")) M->eig = LT_EIG_POSITIVE;
        else if (!strcmp(es, "signed")) M->eig = LT_EIG_SIGNED;
        else if (!strcmp(es, "complex")) M->eig = LT_EIG_COMPLEX;
        else { lt_err_set(err, LT_EINPUT, "%s: 'eigenvalues' must be \"positive\", \"signed\" or \"complex\"", path); ok = 0; }
        ok = ok && cfg_int(&M->vocab, &C, "vocab_size", 1, MAX_DIM, 0) && cfg_int(&M->d_model, &C, "d_model", 1, MAX_DIM, 0)
             && cfg_int(&M->d_state, &C, "d_state", 1, MAX_DIM, 0) && cfg_int(&M->n_layers, &C, "n_layers", 0, MAX_LAYERS, -1)
             && cfg_int(&M->d_mlp, &C, "d_mlp", 0, MAX_DIM, -1) && cfg_int(&M->classes, &C, "n_classes", 1, MAX_DIM, 0)
             && cfg_float(&M->eps, &C, "norm_eps", 1e-5);
    } else if (strcmp(mt->str, "mamba") == 0) {
        M->arch = LT_ARCH_MAMBA;
        int expand, sgn;
        ok = cfg_int(&M->vocab, &C, "vocab_size", 1, MAX_DIM, 0) && cfg_int(&M->d_model, &C, "hidden_size", 1, MAX_DIM, 0)
             && cfg_int(&M->d_state, &C, "state_size", 1, MAX_DIM, 16) && cfg_int(&M->n_layers, &C, "num_hidden_layers", 0, MAX_LAYERS, -1)
             && cfg_int(&expand, &C, "expand", 1, 64, 2) && cfg_int(&M->conv_k, &C, "conv_kernel", 1, 64, 4)
             && cfg_bool(&M->use_bias, &C, "use_bias", 0) && cfg_bool(&M->use_conv_bias, &C, "use_conv_bias", 1)
             && cfg_bool(&M->tied, &C, "tie_word_embeddings", 1) && cfg_bool(&sgn, &C, "signed_eigenvalues", 0)
             && cfg_float(&M->eps, &C, "layer_norm_epsilon", 1e-5);
        if (ok) {
            M->eig = sgn ? LT_EIG_SIGNED : LT_EIG_POSITIVE;
            ok = cfg_int(&M->d_inner, &C, "intermediate_size", 1, MAX_DIM, (long)expand * M->d_model);
            const lt_json *r = lt_json_get(root, "time_step_rank");
            if (ok && r && r->type == LT_JSON_STRING && strcmp(r->str, "auto") == 0) M->dt_rank = (M->d_model + 15) / 16;
            else ok = ok && cfg_int(&M->dt_rank, &C, "time_step_rank", 1, MAX_DIM, (M->d_model + 15) / 16);
            ok = ok && cfg_int(&M->classes, &C, "n_classes", 1, MAX_DIM, M->vocab);
            const lt_json *a = lt_json_get(root, "hidden_act");
            if (ok && a && (a->type != LT_JSON_STRING || strcmp(a->str, "silu"))) {
                lt_err_set(err, LT_EINPUT, "%s: 'hidden_act' must be \"silu\"", path);
                ok = 0;
            }
            if (ok && M->tied && M->classes != M->vocab) {
                lt_err_set(err, LT_EINPUT, "%s: tied embeddings need n_classes (%d) = vocab_size (%d)", path, M->classes, M->vocab);
                ok = 0;
            }
        }
    } else {
        lt_err_set(err, LT_EINPUT, "%s: model_type '%.40s' is not lietool-diag or mamba", path, mt->str);
        ok = 0;
    }
    lt_json_free(root);
    return ok ? LT_OK : LT_EINPUT;
}

/* ---- weights ---- */

static float *weight(lt_model_t M, const lt_safetensors_t S, const char *name, int ndim,
                     int64_t d0, int64_t d1, int64_t d2, lt_status *st, lt_err_t err)
{
    if (*st) return NULL;
    int64_t shape[3] = {d0, d1, d2};
    float *w;
    const lt_st_tensor *T = lt_safetensors_find(S, name);
    if (T && !M->dtype) M->dtype = lt_st_dtype_name(T->dtype);
    if ((*st = lt_safetensors_get(&w, S, name, ndim, shape, err))) return NULL;
    M->weights = lt_realloc(M->weights, (size_t)(M->nweights + 1) * sizeof *M->weights);
    M->weights[M->nweights++] = w;
    return w;
}

lt_status lt_io_model_read(lt_model_t M, const char *dir, long max_mb, lt_err_t err)
{
    lt_model_clear(M);
    lt_model_init(M);
    size_t len = strlen(dir) + 32;
    char *path = lt_malloc(len);
    snprintf(path, len, "%s/config.json", dir);
    lt_status st = read_config(M, path, err);
    lt_safetensors_t S;
    lt_safetensors_init(S);
    snprintf(path, len, "%s/model.safetensors", dir);
    if (!st) st = lt_safetensors_read(S, path, max_mb, err);
    if (st) goto done;
    int D = M->d_model, N = M->d_state, L = M->n_layers, V = M->vocab, K = M->classes;
    M->layers = lt_calloc((size_t)L + 1, sizeof *M->layers);
    char nm[160];
#define W(field, ndim, a, b, c, ...) do { snprintf(nm, sizeof nm, __VA_ARGS__); field = weight(M, S, nm, ndim, a, b, c, &st, err); } while (0)
    if (M->arch == LT_ARCH_DIAG) {
        int SN = M->eig == LT_EIG_COMPLEX ? 2 * N : N;
        W(M->embed, 2, V, D, 0, "embed.weight");
        for (int i = 0; i < L; i++) {
            lt_model_layer *l = &M->layers[i];
            W(l->norm, 1, D, 0, 0, "layers.%d.norm.weight", i);
            W(l->a_w, 2, N, D, 0, "layers.%d.a_proj.weight", i);
            W(l->a_b, 1, N, 0, 0, "layers.%d.a_proj.bias", i);
            if (M->eig == LT_EIG_COMPLEX) {
                W(l->th_w, 2, N, D, 0, "layers.%d.theta_proj.weight", i);
                W(l->th_b, 1, N, 0, 0, "layers.%d.theta_proj.bias", i);
            }
            W(l->b_w, 2, SN, D, 0, "layers.%d.b_proj.weight", i);
            W(l->b_b, 1, SN, 0, 0, "layers.%d.b_proj.bias", i);
            W(l->out_w, 2, D, SN, 0, "layers.%d.out_proj.weight", i);
            W(l->out_b, 1, D, 0, 0, "layers.%d.out_proj.bias", i);
            if (M->d_mlp > 0) {
                W(l->mlp_norm, 1, D, 0, 0, "layers.%d.mlp_norm.weight", i);
                W(l->fc1_w, 2, M->d_mlp, D, 0, "layers.%d.mlp.fc1.weight", i);
                W(l->fc1_b, 1, M->d_mlp, 0, 0, "layers.%d.mlp.fc1.bias", i);
                W(l->fc2_w, 2, D, M->d_mlp, 0, "layers.%d.mlp.fc2.weight", i);
                W(l->fc2_b, 1, D, 0, 0, "layers.%d.mlp.fc2.bias", i);
            }
        }
        W(M->norm_f, 1, D, 0, 0, "norm_f.weight");
        W(M->head_w, 2, K, D, 0, "head.weight");
        W(M->head_b, 1, K, 0, 0, "head.bias");
    } else {
        int Di = M->d_inner, R = M->dt_rank;
        W(M->embed, 2, V, D, 0, "backbone.embeddings.weight");
        for (int i = 0; i < L; i++) {
            lt_model_layer *l = &M->layers[i];
            W(l->norm, 1, D, 0, 0, "backbone.layers.%d.norm.weight", i);
            W(l->in_w, 2, 2 * (int64_t)Di, D, 0, "backbone.layers.%d.mixer.in_proj.weight", i);
            if (M->use_bias) W(l->in_b, 1, 2 * (int64_t)Di, 0, 0, "backbone.layers.%d.mixer.in_proj.bias", i);
            W(l->conv_w, 3, Di, 1, M->conv_k, "backbone.layers.%d.mixer.conv1d.weight", i);
            if (M->use_conv_bias) W(l->conv_b, 1, Di, 0, 0, "backbone.layers.%d.mixer.conv1d.bias", i);
            W(l->x_w, 2, R + 2 * (int64_t)N, Di, 0, "backbone.layers.%d.mixer.x_proj.weight", i);
            W(l->dt_w, 2, Di, R, 0, "backbone.layers.%d.mixer.dt_proj.weight", i);
            W(l->dt_b, 1, Di, 0, 0, "backbone.layers.%d.mixer.dt_proj.bias", i);
            W(l->A, 2, Di, N, 0, "backbone.layers.%d.mixer.A_log", i);
            W(l->D, 1, Di, 0, 0, "backbone.layers.%d.mixer.D", i);
            W(l->mo_w, 2, D, Di, 0, "backbone.layers.%d.mixer.out_proj.weight", i);
            if (M->use_bias) W(l->mo_b, 1, D, 0, 0, "backbone.layers.%d.mixer.out_proj.bias", i);
            if (!st) for (long j = 0; j < (long)Di * N; j++) l->A[j] = -expf(l->A[j]);   /* A = -exp(A_log) */
        }
        W(M->norm_f, 1, D, 0, 0, "backbone.norm_f.weight");
        if (!M->tied || lt_safetensors_find(S, "lm_head.weight")) W(M->head_w, 2, K, D, 0, "lm_head.weight");
        else M->head_w = M->embed;
    }
#undef W
    if (st) lt_err_prefix(err, "%s", path);    /* a weight's name or shape */
done:
    lt_safetensors_clear(S);
    lt_free(path);
    if (st) { lt_model_clear(M); lt_model_init(M); }
    return st;
}

/* ---- the outputs of an evaluation ---- */

static void put_ints(FILE *f, const int *v, long n)
{
    for (long t = 0; t < n; t++) fprintf(f, t ? " %d" : "%d", v[t]);
}

void lt_io_write_predictions_header(FILE *f)
{
    fprintf(f, "seed,input,target,prediction\n");
}

void lt_io_write_predictions_row(FILE *f, const char *seed, const int *input, const int *target,
                                 const int *prediction, long T)
{
    fprintf(f, "%s,", seed);
    put_ints(f, input, T);
    fputc(',', f);
    put_ints(f, target, T);
    fputc(',', f);
    put_ints(f, prediction, T);
    fputc('\n', f);
}

void lt_io_write_logits_header(FILE *f, long words, long max_len, int classes)
{
    fprintf(f, "%ld %ld %d\n", words, max_len, classes);
}

void lt_io_write_logits_row(FILE *f, const int *input, const float *logits, long T, int classes)
{
    put_ints(f, input, T);
    fputc('\n', f);
    for (long t = 0; t < T; t++)
        for (int c = 0; c < classes; c++)
            fprintf(f, c + 1 < classes ? "%.9g " : "%.9g\n", (double)logits[(size_t)t * classes + c]);
}
