/* Trained-model directories (lietool-formats(5), TRAINED MODELS):
   config.json, checked key by key and recognised as one of three layouts,
   and the weights in any checkpoint format (lietool/io.h), every
   tensor's shape checked against the config, into an lt_model_t (lietool/model.h;
   the forward passes are in src/model/model.c). */
#include <ctype.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lietool/io.h"
#include "lietool/io.h"
#include "lietool/io.h"
#include "model_read.h"


/* ---- config.json ---- */

/* torch_dtype (or transformers' newer "dtype"): the default precision */
static int cfg_dtype(lt_model_t M, lt_io_cfg *C)
{
    const lt_json *v = lt_json_get(C->root, "torch_dtype");
    if (!v) v = lt_json_get(C->root, "dtype");
    M->config_compute = LT_COMPUTE_F32;
    if (!v || v->type == LT_JSON_NULL) return 1;
    const char *s = v->type == LT_JSON_STRING ? v->str : "";
    if (!strncmp(s, "torch.", 6)) s += 6;
    if (!strcmp(s, "float32") || !strcmp(s, "float")) M->config_compute = LT_COMPUTE_F32;
    else if (!strcmp(s, "bfloat16")) M->config_compute = LT_COMPUTE_BF16;
    else if (!strcmp(s, "float16") || !strcmp(s, "half")) M->config_compute = LT_COMPUTE_F16;
    else {
        char *t = lt_json_text(v);
        lt_err_set(C->err, LT_EINPUT, "%s: torch_dtype %s is not float32, bfloat16 or float16", C->path, t);
        lt_free(t);
        return 0;
    }
    return 1;
}

/* "lietool_task" (lietool-formats(5)): absent or "word", or "rotation",
   whose head has 3 rows (n_classes 3 or absent) and is not tied */
static int cfg_task(lt_model_t M, lt_io_cfg *C)
{
    const lt_json *v = lt_json_get(C->root, "lietool_task");
    M->task = LT_TASK_WORD;
    if (!v || (v->type == LT_JSON_STRING && !strcmp(v->str, "word"))) {
        if (lt_json_get(C->root, "lietool_rotation_map"))
            return lt_io_cfg_refuse(C, "lietool_rotation_map", "a key of the rotation task (lietool_task \"rotation\")");
        return 1;
    }
    if (v->type != LT_JSON_STRING || strcmp(v->str, "rotation"))
        return lt_io_cfg_refuse(C, "lietool_task", "not \"word\" or \"rotation\"");
    M->task = LT_TASK_ROTATION;
    const lt_json *m = lt_json_get(C->root, "lietool_rotation_map");
    M->rotation_map = 0;
    if (m && m->type == LT_JSON_STRING && !strcmp(m->str, "paper")) M->rotation_map = 1;
    else if (m && !(m->type == LT_JSON_STRING && !strcmp(m->str, "faithful")))
        return lt_io_cfg_refuse(C, "lietool_rotation_map", "not \"faithful\" or \"paper\"");
    const lt_json *k = lt_json_get(C->root, "n_classes");
    if (k && !(k->type == LT_JSON_NUMBER && strtod(k->str, NULL) == 3))
        return lt_io_cfg_refuse(C, "n_classes", "the rotation task (lietool_task \"rotation\") has a head of 3 outputs");
    if (M->tied)
        return lt_io_cfg_refuse(C, "lietool_task", "a rotation-task head (3 outputs) cannot be tied to the embedding");
    M->classes = 3;
    return 1;
}

/* the Mamba mixer's derived sizes, shared by both Mamba layouts */
static int mamba_check(lt_model_t M, lt_io_cfg *C)
{
    if (M->tied && M->classes != M->vocab) {
        lt_err_set(C->err, LT_EINPUT, "%s: tied embeddings need n_classes (%d) = vocab_size (%d)", C->path, M->classes, M->vocab);
        return 0;
    }
    return 1;
}

/* mamba_ssm's MambaConfig (mamba_ssm/models/config_mamba.py), as
   MambaLMHeadModel.save_pretrained writes it: no model_type. */
static int mamba_ssm_config(lt_model_t M, lt_io_cfg *C)
{
    const lt_json *root = C->root;
    int pad, dint, rms, sgn;
    M->arch = LT_ARCH_MAMBA;
    M->layout = LT_LAYOUT_MAMBA_SSM;
    M->eps = 1e-5f;                 /* create_block's norm_epsilon */
    if (!(lt_io_cfg_int(&M->vocab, C, "vocab_size", 1, MAX_DIM, 0) && lt_io_cfg_int(&M->d_model, C, "d_model", 1, MAX_DIM, 0)
          && lt_io_cfg_int(&M->n_layers, C, "n_layer", 0, MAX_LAYERS, -1) && lt_io_cfg_int(&dint, C, "d_intermediate", 0, MAX_DIM, 0)
          && lt_io_cfg_int(&pad, C, "pad_vocab_size_multiple", 1, 1 << 16, 8) && lt_io_cfg_bool(&rms, C, "rms_norm", 1)
          && lt_io_cfg_bool(&M->residual_fp32, C, "residual_in_fp32", 1)
          && lt_io_cfg_signed(&sgn, &M->eig_stated, C, lt_json_get(root, "ssm_cfg"))))
        return 0;
    if (dint != 0) { lt_err_set(C->err, LT_EINPUT, "%s: d_intermediate %d: blocks with an MLP are not supported", C->path, dint); return 0; }
    if (!rms) { lt_err_set(C->err, LT_EINPUT, "%s: rms_norm false: LayerNorm blocks are not supported", C->path); return 0; }
    const lt_json *al = lt_json_get(root, "attn_layer_idx");
    if (al && al->type == LT_JSON_ARRAY && al->len > 0) {
        lt_err_set(C->err, LT_EINPUT, "%s: attn_layer_idx: attention layers are not supported", C->path);
        return 0;
    }
    M->tied = lt_io_cfg_truthy(lt_json_get(root, "tie_embeddings"), 1);
    M->eig = sgn ? LT_EIG_SIGNED : LT_EIG_POSITIVE;
    M->vocab_rows = M->vocab % pad ? M->vocab + pad - M->vocab % pad : M->vocab;
    M->classes = M->vocab;
    /* ssm_cfg: Mamba's keyword arguments */
    const lt_json *sc = lt_json_get(root, "ssm_cfg");
    lt_json empty = {.type = LT_JSON_OBJECT};
    if (!sc || sc->type == LT_JSON_NULL) sc = &empty;
    if (sc->type != LT_JSON_OBJECT) { lt_err_set(C->err, LT_EINPUT, "%s: ssm_cfg is not an object", C->path); return 0; }
    static const char *known[] = {"layer", "d_state", "d_conv", "expand", "dt_rank", "conv_bias", "bias", "dt_min", "dt_max",
                                  "dt_init", "dt_scale", "dt_init_floor", "use_fast_path", "signed_eigenvalues",
                                  "positive_and_negative", NULL};
    for (int i = 0; i < sc->len; i++) {
        int k;
        for (k = 0; known[k] && strcmp(known[k], sc->keys[i]); k++) ;
        if (!known[k]) { lt_err_set(C->err, LT_EINPUT, "%s: ssm_cfg key '%s' is not one of Mamba's (Mamba1)", C->path, sc->keys[i]); return 0; }
    }
    const lt_json *ly = lt_json_get(sc, "layer");
    if (ly && (ly->type != LT_JSON_STRING || strcmp(ly->str, "Mamba1"))) {
        char *t = lt_json_text(ly);
        lt_err_set(C->err, LT_EINPUT, "%s: ssm_cfg layer %s: only Mamba1 is supported", C->path, t);
        lt_free(t);
        return 0;
    }
    lt_io_cfg S = {sc, C->path, C->err};
    int expand;
    if (!(lt_io_cfg_int(&M->d_state, &S, "d_state", 1, MAX_DIM, 16) && lt_io_cfg_int(&M->conv_k, &S, "d_conv", 1, 64, 4)
          && lt_io_cfg_int(&expand, &S, "expand", 1, 64, 2) && lt_io_cfg_bool(&M->use_conv_bias, &S, "conv_bias", 1)
          && lt_io_cfg_bool(&M->use_bias, &S, "bias", 0)))
        return 0;
    M->d_inner = expand * M->d_model;
    const lt_json *r = lt_json_get(sc, "dt_rank");
    if (!r || (r->type == LT_JSON_STRING && strcmp(r->str, "auto") == 0)) M->dt_rank = (M->d_model + 15) / 16;
    else if (!lt_io_cfg_int(&M->dt_rank, &S, "dt_rank", 1, MAX_DIM, 0)) return 0;
    return mamba_check(M, C);
}

/* lietool's own diagonal recurrence (scripts/train_wordproblem.py) */
static int diag_config(lt_model_t M, lt_io_cfg *C)
{
    int ok = 1;
    M->arch = LT_ARCH_DIAG;
    M->layout = LT_LAYOUT_DIAG;
    const lt_json *e = lt_json_get(C->root, "eigenvalues");
    const char *es = e && e->type == LT_JSON_STRING ? e->str : e ? "" : "positive";
    if (!strcmp(es, "positive")) M->eig = LT_EIG_POSITIVE;
    else if (!strcmp(es, "signed")) M->eig = LT_EIG_SIGNED;
    else if (!strcmp(es, "complex")) M->eig = LT_EIG_COMPLEX;
    else { lt_err_set(C->err, LT_EINPUT, "%s: 'eigenvalues' must be \"positive\", \"signed\" or \"complex\"", C->path); ok = 0; }
    ok = ok && lt_io_cfg_int(&M->vocab, C, "vocab_size", 1, MAX_DIM, 0) && lt_io_cfg_int(&M->d_model, C, "d_model", 1, MAX_DIM, 0)
         && lt_io_cfg_int(&M->d_state, C, "d_state", 1, MAX_DIM, 0) && lt_io_cfg_int(&M->n_layers, C, "n_layers", 0, MAX_LAYERS, -1)
         && lt_io_cfg_int(&M->d_mlp, C, "d_mlp", 0, MAX_DIM, -1) && lt_io_cfg_int(&M->classes, C, "n_classes", 1, MAX_DIM, 0)
         && lt_io_cfg_float(&M->eps, C, "norm_eps", 1e-5);
    M->vocab_rows = M->vocab;
    return ok;
}

/* transformers' MambaConfig (models/mamba/configuration_mamba.py) */
static int hf_mamba_config(lt_model_t M, lt_io_cfg *C)
{
    int ok;
    M->arch = LT_ARCH_MAMBA;
    M->layout = LT_LAYOUT_HF_MAMBA;
    int expand, sgn;
    ok = lt_io_cfg_int(&M->vocab, C, "vocab_size", 1, MAX_DIM, 0) && lt_io_cfg_int(&M->d_model, C, "hidden_size", 1, MAX_DIM, 0)
         && lt_io_cfg_int(&M->d_state, C, "state_size", 1, MAX_DIM, 16) && lt_io_cfg_int(&M->n_layers, C, "num_hidden_layers", 0, MAX_LAYERS, -1)
         && lt_io_cfg_int(&expand, C, "expand", 1, 64, 2) && lt_io_cfg_int(&M->conv_k, C, "conv_kernel", 1, 64, 4)
         && lt_io_cfg_bool(&M->use_bias, C, "use_bias", 0) && lt_io_cfg_bool(&M->use_conv_bias, C, "use_conv_bias", 1)
         && lt_io_cfg_signed(&sgn, &M->eig_stated, C, NULL) && lt_io_cfg_bool(&M->residual_fp32, C, "residual_in_fp32", 1)
         && lt_io_cfg_float(&M->eps, C, "layer_norm_epsilon", 1e-5);
    /* PretrainedConfig pops tie_word_embeddings with default True, and
       tie_weights ties when it is true in Python's sense */
    M->tied = lt_io_cfg_truthy(lt_json_get(C->root, "tie_word_embeddings"), 1);
    M->vocab_rows = M->vocab;
    if (ok) {
        M->eig = sgn ? LT_EIG_SIGNED : LT_EIG_POSITIVE;
        ok = lt_io_cfg_int(&M->d_inner, C, "intermediate_size", 1, MAX_DIM, (long)expand * M->d_model);
        const lt_json *r = lt_json_get(C->root, "time_step_rank");
        if (ok && r && r->type == LT_JSON_STRING && strcmp(r->str, "auto") == 0) M->dt_rank = (M->d_model + 15) / 16;
        else ok = ok && lt_io_cfg_int(&M->dt_rank, C, "time_step_rank", 1, MAX_DIM, (M->d_model + 15) / 16);
        ok = ok && lt_io_cfg_int(&M->classes, C, "n_classes", 1, MAX_DIM, M->vocab);
        const lt_json *a = lt_json_get(C->root, "hidden_act");
        if (ok && a && (a->type != LT_JSON_STRING || strcmp(a->str, "silu"))) {
            lt_err_set(C->err, LT_EINPUT, "%s: 'hidden_act' must be \"silu\"", C->path);
            ok = 0;
        }
        ok = ok && mamba_check(M, C);
    }
    return ok;
}

/* The Hugging Face model_type values read, and their configs. */
static const struct { const char *name; int (*config)(lt_model_t M, lt_io_cfg *C); } model_types[] = {
    {"lietool-diag", diag_config},
    {"mamba", hf_mamba_config},
    {"gla", lt_io_gla_config},
    {"gated_deltaproduct", lt_io_deltaproduct_config},
    {"delta_net", lt_io_delta_net_config},
    {"mamba2", lt_io_mamba2_config},
    {"transformer", lt_io_attn_config},
};

static lt_status parse_config(lt_model_t M, const char *text, size_t n, const char *path, lt_err_t err);

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
    lt_status st = parse_config(M, text ? text : "", n, path, err);
    lt_free(text);
    return st;
}

/* The config's text (path: its name in messages). */
static lt_status parse_config(lt_model_t M, const char *text, size_t n, const char *path, lt_err_t err)
{
    lt_json *root = lt_json_parse_flags(text, n, LT_JSON_NONFINITE, err);
    if (!root) { lt_err_prefix(err, "%s", path); return LT_EINPUT; }
    lt_io_cfg C = {root, path, err};
    int ok = 1;
    const lt_json *mt = root->type == LT_JSON_OBJECT ? lt_json_get(root, "model_type") : NULL;
    M->residual_fp32 = 1;
    if (root->type != LT_JSON_OBJECT) { lt_err_set(err, LT_EINPUT, "%s: not a JSON object", path); ok = 0; }
    else if (!mt && lt_json_get(root, "d_model") && lt_json_get(root, "n_layer")) ok = mamba_ssm_config(M, &C);
    else if (!mt || mt->type != LT_JSON_STRING) {
        lt_err_set(err, LT_EINPUT, "%s: no layout recognised: Hugging Face configs have 'model_type' (lietool-diag, mamba, "
                   "mamba2, gla, gated_deltaproduct, delta_net or transformer), "
                   "mamba_ssm's have 'd_model' and 'n_layer'", path);
        ok = 0;
    } else {
        int k, n = (int)(sizeof model_types / sizeof *model_types);
        for (k = 0; k < n && strcmp(mt->str, model_types[k].name); k++) ;
        if (k < n) ok = model_types[k].config(M, &C);
        else {
            char list[256] = "";
            for (int i = 0, l = 0; i < n && l < (int)sizeof list; i++)
                l += snprintf(list + l, sizeof list - (size_t)l, "%s%s", i ? (i + 1 < n ? ", " : " or ") : "", model_types[i].name);
            lt_err_set(err, LT_EINPUT, "%s: model_type '%.40s' is not %s", path, mt->str, list);
            ok = 0;
        }
    }
    ok = ok && cfg_dtype(M, &C) && cfg_task(M, &C);
    lt_json_free(root);
    return ok ? LT_OK : LT_EINPUT;
}

/* ---- weights ---- */

static const struct { const char *embed, *expect; } layouts[] = {
    [LT_LAYOUT_DIAG] = {"embed.weight", "embed.weight, layers.N.{norm,a_proj,b_proj,out_proj,...}, norm_f.weight, head.weight"},
    [LT_LAYOUT_HF_MAMBA] = {"backbone.embeddings.weight",
                            "backbone.embeddings.weight, backbone.layers.N.mixer.*, backbone.norm_f.weight, lm_head.weight"},
    [LT_LAYOUT_MAMBA_SSM] = {"backbone.embedding.weight",
                             "backbone.embedding.weight, backbone.layers.N.mixer.*, backbone.norm_f.weight, lm_head.weight"},
    [LT_LAYOUT_HF_MAMBA2] = {"backbone.embeddings.weight",
                             "backbone.embeddings.weight, backbone.layers.N.mixer.*, backbone.norm_f.weight, lm_head.weight"},
    [LT_LAYOUT_FLA] = {"model.embeddings.weight",
                       "model.embeddings.weight, model.layers.N.{attn_norm,attn.*,mlp_norm,mlp.*}, model.norm.weight, lm_head.weight"},
};

/* The prefix in front of the layout's embedding name (none, "model.", ...),
   or LT_EINPUT listing what was found and what was expected. */
static lt_status find_prefix(lt_model_t M, const lt_ckpt_t S, const char *file, lt_err_t err)
{
    const char *e = layouts[M->layout].embed;
    size_t el = strlen(e);
    int found = 0;
    for (int i = 0; i < S->n; i++) {
        const char *nm = S->t[i].name;
        size_t l = strlen(nm);
        if (l < el || strcmp(nm + l - el, e) || (l > el && nm[l - el - 1] != '.') || l - el >= sizeof M->prefix) continue;
        if (found++) return lt_err_set(err, LT_EINPUT, "%s: two tensors end in '%s'", file, e);
        memcpy(M->prefix, nm, l - el);
        M->prefix[l - el] = 0;
    }
    if (found) return LT_OK;
    char list[600] = "";
    size_t ll = 0;
    for (int i = 0; i < S->n && ll < 480; i++) ll += (size_t)snprintf(list + ll, sizeof list - ll, "%s%s", i ? ", " : "", S->t[i].name);
    if (ll >= 480 && ll < sizeof list) snprintf(list + ll, sizeof list - ll, ", ...");
    return lt_err_set(err, LT_EINPUT, "%s: not the %s layout that config.json names: expected %s (with any prefix such as "
                      "'model.'); found %d tensor%s: %s", file, lt_model_layout_name(M), layouts[M->layout].expect, S->n,
                      S->n == 1 ? "" : "s", S->n ? list : "none");
}

/* ---- the weights of each architecture ---- */

#define W(field, ndim, a, b, c, ...) do { snprintf(nm, sizeof nm, __VA_ARGS__); field = lt_io_model_weight(M, S, nm, ndim, a, b, c, &st, err); } while (0)

static lt_status diag_weights(lt_model_t M, const lt_ckpt_t S, lt_err_t err)
{
    int D = M->d_model, N = M->d_state, L = M->n_layers, V = M->vocab_rows, K = M->classes;
    lt_status st = LT_OK;
    char nm[160];
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
    return st;
}

static lt_status mamba_weights(lt_model_t M, const lt_ckpt_t S, lt_err_t err)
{
    int D = M->d_model, N = M->d_state, L = M->n_layers, V = M->vocab_rows, K = M->classes;
    lt_status st = LT_OK;
    char nm[160];
    int Di = M->d_inner, R = M->dt_rank, ssm = M->layout == LT_LAYOUT_MAMBA_SSM;
    snprintf(nm, sizeof nm, "%slm_head.weight", M->prefix);
    int has_head = lt_ckpt_find(S, nm) != NULL;
    /* mamba_ssm ties by making lm_head.weight and the embedding one
       parameter; load_state_dict copies the file's tensors into it in
       order, so the last one, lm_head.weight, is what both hold */
    if (ssm && M->tied && has_head) W(M->embed, 2, V, D, 0, "lm_head.weight");
    else W(M->embed, 2, V, D, 0, ssm ? "backbone.embedding.weight" : "backbone.embeddings.weight");
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
        W(l->A_log, 2, Di, N, 0, "backbone.layers.%d.mixer.A_log", i);
        W(l->D, 1, Di, 0, 0, "backbone.layers.%d.mixer.D", i);
        W(l->mo_w, 2, D, Di, 0, "backbone.layers.%d.mixer.out_proj.weight", i);
        if (M->use_bias) W(l->mo_b, 1, D, 0, 0, "backbone.layers.%d.mixer.out_proj.bias", i);
    }
    W(M->norm_f, 1, D, 0, 0, "backbone.norm_f.weight");
    /* transformers: tied (tie_word_embeddings true) means lm_head is the
       embedding, whatever lm_head.weight the file holds */
    if (!M->tied) W(M->head_w, 2, ssm && M->task == LT_TASK_WORD ? V : K, D, 0, "lm_head.weight");
    else M->head_w = M->embed;
    M->head_b = lt_io_model_head_bias(M, S, "lm_head.bias", &st, err);
    for (int i = 0; !st && i < L; i++) M->layers[i].A = lt_io_model_array(M, (size_t)M->d_inner * N);
    return st;
}
#undef W

static const struct {
    lt_model_arch arch;
    lt_status (*weights)(lt_model_t M, const lt_ckpt_t S, lt_err_t err);
} arches[] = {
    {LT_ARCH_DIAG, diag_weights},
    {LT_ARCH_MAMBA, mamba_weights},
    {LT_ARCH_GLA, lt_io_gla_weights},
    {LT_ARCH_DELTA, lt_io_delta_weights},
    {LT_ARCH_MAMBA2, lt_io_mamba2_weights},
    {LT_ARCH_ATTN, lt_io_attn_weights},
};

/* An architecture without bf16/f16 emulation runs in f32 whatever the
   config's torch_dtype, and refuses a reduced precision asked for. */
static lt_status check_compute(const lt_model_t M, const char *name, lt_model_compute *compute, lt_err_t err)
{
    if (lt_model_has_reduced_compute(M)) return LT_OK;
    lt_model_compute c = *compute;
    *compute = LT_COMPUTE_F32;
    if (c == LT_COMPUTE_BF16 || c == LT_COMPUTE_F16)
        return lt_err_set(err, LT_EINPUT, "%s: %s models run in f32 only: `compute` %s is not supported for them", name,
                          lt_model_arch_name(M), lt_model_compute_name(c));
    return LT_OK;
}

/* A tensor of a layer beyond config.json's layer count (layers.N with N
   >= n_layers, after any prefix) is refused, as transformers reports
   unexpected keys: the checkpoint is not the model config.json describes. */
static lt_status extra_layers(const lt_model_t M, const lt_ckpt_t S, const char *file, lt_err_t err)
{
    for (int i = 0; i < S->n; i++) {
        const char *nm = S->t[i].name;
        for (const char *p = strstr(nm, "layers."); p; p = strstr(p + 1, "layers.")) {
            if (p != nm && p[-1] != '.') continue;
            const char *d = p + 7;
            if (!isdigit((unsigned char)*d)) continue;
            long k = 0;
            while (isdigit((unsigned char)*d) && k < 1000000000L) k = 10 * k + (*d++ - '0');
            if (*d != '.' && *d != '\0' && !isdigit((unsigned char)*d)) continue;
            if (k >= M->n_layers)
                return lt_err_set(err, LT_EINPUT, "%s: tensor '%s' is of layer %ld, but config.json has %d layer%s "
                                  "(an unexpected key: not the model config.json describes)", file, nm, k, M->n_layers,
                                  M->n_layers == 1 ? "" : "s");
        }
    }
    return LT_OK;
}

/* The checkpoint's buffers to M when a parameter lies in them (lt_ckpt_view) */
static void keep_buffers(lt_model_t M, lt_ckpt_t S)
{
    int any = 0;
    for (int i = 0; i < M->nweights; i++) any |= M->borrowed[i];
    if (any) M->bufs = lt_ckpt_take_buffers(S, &M->nbufs);
}

/* M's weights from the tensors of S (read from path, for messages). */
static lt_status take_weights(lt_model_t M, const lt_ckpt_t S, const char *path, lt_model_compute compute, lt_err_t err)
{
    M->format = S->format;
    lt_status st = find_prefix(M, S, path, err);
    if (!st) st = extra_layers(M, S, path, err);
    if (st) return st;
    M->layers = lt_calloc((size_t)M->n_layers + 1, sizeof *M->layers);
    for (int i = 0; i < (int)(sizeof arches / sizeof *arches); i++)
        if (arches[i].arch == M->arch) st = arches[i].weights(M, S, err);
    if (st) { lt_err_prefix(err, "%s", path); return st; }    /* a weight's name or shape */
    lt_model_set_compute(M, compute);
    return LT_OK;
}

lt_status lt_io_model_load(lt_model_t M, const char *dir, long max_mb, lt_model_compute compute, lt_err_t err)
{
    if (lt_blas_load(err)) return err->status;
    lt_model_clear(M);
    lt_model_init(M);
    size_t len = strlen(dir) + 32;
    char *path = lt_malloc(len);
    snprintf(path, len, "%s/config.json", dir);
    lt_status st = read_config(M, path, err);
    lt_ckpt_t S;
    lt_ckpt_init(S);
    if (!st) st = check_compute(M, dir, &compute, err);
    if (!st) st = lt_ckpt_read_dir(S, dir, max_mb, err);
    if (!st) {
        M->file = S->file;
        snprintf(path, len, "%s/%s", dir, S->file);
        st = take_weights(M, S, path, compute, err);
    }
    if (!st) keep_buffers(M, S);
    lt_ckpt_clear(S);
    lt_free(path);
    if (st) { lt_model_clear(M); lt_model_init(M); }
    return st;
}

lt_status lt_io_model_load_mem(lt_model_t M, const char *name, const char *config, size_t config_len,
                               const unsigned char *safetensors, size_t size, lt_model_compute compute, lt_err_t err)
{
    if (lt_blas_load(err)) return err->status;
    lt_model_clear(M);
    lt_model_init(M);
    lt_status st = parse_config(M, config, config_len, name, err);
    lt_ckpt_t S;
    lt_ckpt_init(S);
    if (!st) st = check_compute(M, name, &compute, err);
    if (!st) {
        unsigned char *buf = lt_malloc(size ? size : 1);
        memcpy(buf, safetensors, size);
        st = lt_ckpt_parse_safetensors(S, buf, size, err);
        S->format = "safetensors";
        if (st) lt_err_prefix(err, "%s", name);
    }
    if (!st) {
        M->file = "model.safetensors";
        st = take_weights(M, S, name, compute, err);
    }
    if (!st) keep_buffers(M, S);
    lt_ckpt_clear(S);
    if (st) { lt_model_clear(M); lt_model_init(M); }
    return st;
}

lt_status lt_io_model_read(lt_model_t M, const char *dir, long max_mb, lt_err_t err)
{
    return lt_io_model_load(M, dir, max_mb, LT_COMPUTE_CONFIG, err);
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
