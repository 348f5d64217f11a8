/* flash-linear-attention (FLA) checkpoints, as <Name>ForCausalLM.
   save_pretrained writes them (lietool-formats(5), TRAINED MODELS): the
   configs of fla/models/gla/configuration_gla.py (model_type gla),
   fla/models/gated_deltaproduct/configuration_gated_deltaproduct.py
   (gated_deltaproduct) and fla/models/delta_net/configuration_delta_net.py
   (delta_net), and their weights (fla/layers/gla.py, gated_deltaproduct.py,
   delta_net.py), read at fla-org/flash-linear-attention commit bc3b101d.
   The FLA parts every model shares (embeddings, attn_norm, mlp_norm,
   GatedMLP, model.norm, lm_head, tie_word_embeddings) are lt_io_fla_common
   and lt_io_fla_block_weights. Every key whose setting the forward pass
   does not implement is refused, naming it. */
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "lietool/io.h"
#include "model_read.h"

/* a number key (def when absent or null); 0 with the error set */
static int cfg_num(double *out, lt_io_cfg *C, const char *key, double def)
{
    const lt_json *v = lt_json_get(C->root, key);
    if (!v || v->type == LT_JSON_NULL) { *out = def; return 1; }
    if (v->type != LT_JSON_NUMBER || !(strtod(v->str, NULL) > 0)) {
        lt_err_set(C->err, LT_EINPUT, "%s: '%s' must be a positive number", C->path, key);
        return 0;
    }
    *out = strtod(v->str, NULL);
    return 1;
}

/* a string key that must be one of the values listed (NULL-terminated;
   def when absent; null refused unless def is NULL) */
static int cfg_one_of(lt_io_cfg *C, const char *key, const char *def, const char *const *ok, const char *why)
{
    const lt_json *v = lt_json_get(C->root, key);
    if (!v || (v->type == LT_JSON_NULL && !def)) return 1;
    if (v->type == LT_JSON_STRING)
        for (int i = 0; ok[i]; i++) if (!strcmp(v->str, ok[i])) return 1;
    char *t = lt_json_text(v);
    lt_err_set(C->err, LT_EINPUT, "%s: %s %.60s is not supported (%s)", C->path, key, t, why);
    lt_free(t);
    return 0;
}

/* a key that must be absent or null */
static int cfg_null(lt_io_cfg *C, const char *key, const char *what)
{
    const lt_json *v = lt_json_get(C->root, key);
    if (!v || v->type == LT_JSON_NULL) return 1;
    char *t = lt_json_text(v);
    lt_err_set(C->err, LT_EINPUT, "%s: %s %.60s: %s are not supported", C->path, key, t, what);
    lt_free(t);
    return 0;
}

int lt_io_fla_common(lt_model_t M, lt_io_cfg *C, int layers_default)
{
    static const char *const swish[] = {"swish", NULL};
    int inter;
    double ratio;
    M->layout = LT_LAYOUT_FLA;
    M->residual_fp32 = 0;       /* the blocks add the residual in the model's dtype */
    if (!(lt_io_cfg_int(&M->vocab, C, "vocab_size", 1, MAX_DIM, 32000) && lt_io_cfg_int(&M->d_model, C, "hidden_size", 1, MAX_DIM, 2048)
          && lt_io_cfg_int(&M->n_layers, C, "num_hidden_layers", 0, MAX_LAYERS, layers_default)
          && lt_io_cfg_float(&M->eps, C, "norm_eps", 1e-6) && cfg_num(&ratio, C, "hidden_ratio", 4)
          && lt_io_cfg_int(&inter, C, "intermediate_size", 0, MAX_DIM, 0) && lt_io_cfg_bool(&M->fla_fuse_norm, C, "fuse_norm", 1)
          && cfg_one_of(C, "hidden_act", "swish", swish, "the GatedMLP is read with swish (SwiGLU) only")
          && cfg_null(C, "attn", "hybrid attention layers") && cfg_null(C, "attnres_block_size", "attention residuals")
          && lt_io_cfg_int(&M->classes, C, "n_classes", 1, MAX_DIM, M->vocab)))
        return 0;
    if (!inter) {               /* GatedMLP: 2/3 hidden_ratio hidden_size, up to a multiple of 256 */
        long f = (long)(M->d_model * ratio * 2 / 3);
        inter = (int)(256 * ((f + 255) / 256));
    }
    M->fla_inter = inter;
    M->vocab_rows = M->vocab;
    /* PretrainedConfig keeps tie_word_embeddings (FLA's default false) */
    M->tied = lt_io_cfg_truthy(lt_json_get(C->root, "tie_word_embeddings"), 0);
    if (M->tied && M->classes != M->vocab) {
        lt_err_set(C->err, LT_EINPUT, "%s: tied embeddings need n_classes (%d) = vocab_size (%d)", C->path, M->classes, M->vocab);
        return 0;
    }
    return 1;
}

/* a per-head split: total = heads * per, per an integer */
static int heads_split(int *per, lt_io_cfg *C, const char *what, long total, int heads)
{
    if (total <= 0 || total % heads) {
        lt_err_set(C->err, LT_EINPUT, "%s: the %s dimension %ld is not a positive multiple of num_heads %d", C->path, what, total, heads);
        return 0;
    }
    *per = (int)(total / heads);
    return 1;
}

/* FLA GLAConfig */
int lt_io_gla_config(lt_model_t M, lt_io_cfg *C)
{
    static const char *const modes[] = {"chunk", "fused_recurrent", "fused_chunk", NULL};
    double ek, ev;
    int kvh = 0, conv, affine;
    M->arch = LT_ARCH_GLA;
    M->fla_householder = 1;
    if (!(lt_io_fla_common(M, C, 24) && cfg_num(&ek, C, "expand_k", 0.5) && cfg_num(&ev, C, "expand_v", 1.0)
          && lt_io_cfg_int(&M->fla_heads, C, "num_heads", 1, MAX_DIM, 4) && lt_io_cfg_int(&kvh, C, "num_kv_heads", 0, MAX_DIM, 0)
          && cfg_null(C, "feature_map", "feature maps") && cfg_one_of(C, "attn_mode", "chunk", modes, "chunk, fused_recurrent or fused_chunk")
          && lt_io_cfg_bool(&conv, C, "use_short_conv", 0) && lt_io_cfg_int(&M->fla_conv, C, "conv_size", 1, 64, 4)
          && lt_io_cfg_bool(&M->fla_out_gate, C, "use_output_gate", 1)))
        return 0;
    if (kvh && kvh != M->fla_heads) {
        lt_err_set(C->err, LT_EINPUT, "%s: num_kv_heads %d: grouped key/value heads (num_kv_heads != num_heads %d) are not supported",
                   C->path, kvh, M->fla_heads);
        return 0;
    }
    if (!conv) M->fla_conv = 0;
    affine = lt_io_cfg_truthy(lt_json_get(C->root, "elementwise_affine"), 1);
    M->fla_norm_affine = affine;
    M->fla_beta = M->fla_fuse_norm;     /* gla: whether the output norm is the fused g_norm_swish_gate */
    const lt_json *cm = lt_json_get(C->root, "clamp_min");
    M->fla_clamp = -INFINITY;
    if (cm && cm->type != LT_JSON_NULL) {
        if (cm->type != LT_JSON_NUMBER) { lt_err_set(C->err, LT_EINPUT, "%s: 'clamp_min' must be a number or null", C->path); return 0; }
        M->fla_clamp = (float)strtod(cm->str, NULL);
    }
    return heads_split(&M->fla_dk, C, "key", (long)(M->d_model * ek), M->fla_heads)
           && heads_split(&M->fla_dv, C, "value", (long)(M->d_model * ev), M->fla_heads);
}

/* FLA GatedDeltaProductConfig */
int lt_io_deltaproduct_config(lt_model_t M, lt_io_cfg *C)
{
    static const char *const modes[] = {"chunk", "fused_recurrent", NULL};
    double ev;
    int conv;
    M->arch = LT_ARCH_DELTA;
    M->fla_beta = 1;
    M->fla_norm_affine = 1;
    if (!(lt_io_fla_common(M, C, 21) && lt_io_cfg_int(&M->fla_dk, C, "head_dim", 1, MAX_DIM, 256)
          && lt_io_cfg_int(&M->fla_heads, C, "num_heads", 1, MAX_DIM, 6) && cfg_num(&ev, C, "expand_v", 2.0)
          && cfg_one_of(C, "attn_mode", "chunk", modes, "chunk or fused_recurrent")
          && lt_io_cfg_bool(&M->fla_out_gate, C, "use_output_gate", 1) && lt_io_cfg_bool(&conv, C, "use_short_conv", 1)
          && lt_io_cfg_int(&M->fla_conv, C, "conv_size", 1, 64, 4) && lt_io_cfg_bool(&M->fla_forget, C, "use_forget_gate", 0)
          && lt_io_cfg_bool(&M->fla_neg, C, "allow_neg_eigval", 0)
          && lt_io_cfg_int(&M->fla_householder, C, "num_householder", 1, 64, 1)))
        return 0;
    M->eig_stated = lt_json_get(C->root, "allow_neg_eigval") != NULL;
    if (!conv) M->fla_conv = 0;
    double dv = M->fla_dk * ev;
    if (dv != floor(dv) || dv < 1 || dv > MAX_DIM) {
        lt_err_set(C->err, LT_EINPUT, "%s: expand_v %g times head_dim %d is not a positive integer", C->path, ev, M->fla_dk);
        return 0;
    }
    M->fla_dv = (int)dv;
    return 1;
}

/* FLA DeltaNetConfig */
int lt_io_delta_net_config(lt_model_t M, lt_io_cfg *C)
{
    static const char *const modes[] = {"chunk", "fused_recurrent", NULL}, *const l2[] = {"l2", NULL}, *const silu[] = {"silu", NULL};
    double ek, ev;
    int conv;
    M->arch = LT_ARCH_DELTA;
    M->fla_householder = 1;
    M->fla_norm_affine = 1;
    M->fla_delta_net = 1;
    if (!(lt_io_fla_common(M, C, 24) && cfg_num(&ek, C, "expand_k", 1.0) && cfg_num(&ev, C, "expand_v", 1.0)
          && lt_io_cfg_int(&M->fla_heads, C, "num_heads", 1, MAX_DIM, 16)
          && cfg_one_of(C, "attn_mode", "chunk", modes, "chunk or fused_recurrent")
          && cfg_one_of(C, "qk_norm", "l2", l2, "only l2") && cfg_one_of(C, "qk_activation", "silu", silu, "only silu")
          && lt_io_cfg_bool(&M->fla_out_gate, C, "use_gate", 0) && lt_io_cfg_bool(&conv, C, "use_short_conv", 1)
          && lt_io_cfg_int(&M->fla_conv, C, "conv_size", 1, 64, 4) && lt_io_cfg_bool(&M->fla_neg, C, "allow_neg_eigval", 0)
          && lt_io_cfg_bool(&M->fla_beta, C, "use_beta", 1)))
        return 0;
    M->eig_stated = lt_json_get(C->root, "allow_neg_eigval") != NULL;
    if (!conv) M->fla_conv = 0;
    return heads_split(&M->fla_dk, C, "key", (long)(M->d_model * ek), M->fla_heads)
           && heads_split(&M->fla_dv, C, "value", (long)(M->d_model * ev), M->fla_heads);
}

/* ---- weights ---- */

#define W(field, ndim, a, b, c, ...) do { snprintf(nm, sizeof nm, __VA_ARGS__); field = lt_io_model_weight(M, S, nm, ndim, a, b, c, &st, err); } while (0)

/* model.embeddings and lm_head (transformers ties when tie_word_embeddings
   is true, whatever lm_head.weight the file holds), model.norm */
lt_status lt_io_fla_outer_weights(lt_model_t M, const lt_ckpt_t S, lt_err_t err)
{
    int D = M->d_model, V = M->vocab_rows, K = M->classes;
    lt_status st = LT_OK;
    char nm[160];
    W(M->embed, 2, V, D, 0, "model.embeddings.weight");
    W(M->norm_f, 1, D, 0, 0, "model.norm.weight");
    if (!M->tied) W(M->head_w, 2, K, D, 0, "lm_head.weight");
    else M->head_w = M->embed;
    M->head_b = lt_io_model_head_bias(M, S, "lm_head.bias", &st, err);
    return st;
}

/* layer i's attn_norm, mlp_norm and GatedMLP (mlp.gate_proj, up_proj, down_proj) */
lt_status lt_io_fla_block_weights(lt_model_t M, const lt_ckpt_t S, int i, lt_err_t err)
{
    int D = M->d_model, F = M->fla_inter;
    lt_model_layer *l = &M->layers[i];
    lt_status st = LT_OK;
    char nm[160];
    W(l->fla_attn_norm, 1, D, 0, 0, "model.layers.%d.attn_norm.weight", i);
    W(l->fla_mlp_norm, 1, D, 0, 0, "model.layers.%d.mlp_norm.weight", i);
    W(l->fla_gate, 2, F, D, 0, "model.layers.%d.mlp.gate_proj.weight", i);
    W(l->fla_up, 2, F, D, 0, "model.layers.%d.mlp.up_proj.weight", i);
    W(l->fla_down, 2, D, F, 0, "model.layers.%d.mlp.down_proj.weight", i);
    return st;
}

/* the three ShortConvolutions q_conv1d, k_conv1d, v_conv1d of C channels each */
static void conv_weights(lt_model_t M, const lt_ckpt_t S, int i, int64_t cq, int64_t ck, int64_t cv, lt_status *stp, lt_err_t err)
{
    lt_model_layer *l = &M->layers[i];
    lt_status st = *stp;
    char nm[160];
    int K = M->fla_conv;
    W(l->fla_qconv, 3, cq, 1, K, "model.layers.%d.attn.q_conv1d.weight", i);
    W(l->fla_kconv, 3, ck, 1, K, "model.layers.%d.attn.k_conv1d.weight", i);
    W(l->fla_vconv, 3, cv, 1, K, "model.layers.%d.attn.v_conv1d.weight", i);
    *stp = st;
}

lt_status lt_io_gla_weights(lt_model_t M, const lt_ckpt_t S, lt_err_t err)
{
    int D = M->d_model, H = M->fla_heads;
    int64_t Kd = (int64_t)H * M->fla_dk, Vd = (int64_t)H * M->fla_dv;
    lt_status st = lt_io_fla_outer_weights(M, S, err);
    char nm[160];
    for (int i = 0; !st && i < M->n_layers; i++) {
        lt_model_layer *l = &M->layers[i];
        if ((st = lt_io_fla_block_weights(M, S, i, err))) break;
        W(l->fla_q, 2, Kd, D, 0, "model.layers.%d.attn.q_proj.weight", i);
        W(l->fla_k, 2, Kd, D, 0, "model.layers.%d.attn.k_proj.weight", i);
        W(l->fla_v, 2, Vd, D, 0, "model.layers.%d.attn.v_proj.weight", i);
        if (M->fla_out_gate) W(l->fla_g, 2, Vd, D, 0, "model.layers.%d.attn.g_proj.weight", i);
        if (M->fla_conv) conv_weights(M, S, i, Kd, Kd, Vd, &st, err);
        W(l->fla_gk0, 2, 16, D, 0, "model.layers.%d.attn.gk_proj.0.weight", i);
        W(l->fla_gk1, 2, Kd, 16, 0, "model.layers.%d.attn.gk_proj.1.weight", i);
        W(l->fla_gk1_b, 1, Kd, 0, 0, "model.layers.%d.attn.gk_proj.1.bias", i);
        W(l->fla_o, 2, D, Vd, 0, "model.layers.%d.attn.o_proj.weight", i);
        /* swish gate + fuse_norm: FusedRMSNormGated g_norm_swish_gate; else RMSNorm g_norm */
        if (M->fla_norm_affine)
            W(l->fla_onorm, 1, M->fla_dv, 0, 0, "model.layers.%d.attn.%s.weight", i,
              M->fla_out_gate && M->fla_beta ? "g_norm_swish_gate" : "g_norm");
    }
    return st;
}

lt_status lt_io_delta_weights(lt_model_t M, const lt_ckpt_t S, lt_err_t err)
{
    int D = M->d_model, H = M->fla_heads;
    int64_t N = M->fla_householder, Kd = (int64_t)H * M->fla_dk, Vd = (int64_t)H * M->fla_dv;
    lt_status st = lt_io_fla_outer_weights(M, S, err);
    char nm[160];
    for (int i = 0; !st && i < M->n_layers; i++) {
        lt_model_layer *l = &M->layers[i];
        if ((st = lt_io_fla_block_weights(M, S, i, err))) break;
        W(l->fla_q, 2, Kd, D, 0, "model.layers.%d.attn.q_proj.weight", i);
        W(l->fla_k, 2, N * Kd, D, 0, "model.layers.%d.attn.k_proj.weight", i);
        W(l->fla_v, 2, N * Vd, D, 0, "model.layers.%d.attn.v_proj.weight", i);
        if (M->fla_beta) W(l->fla_beta, 2, N * H, D, 0, "model.layers.%d.attn.b_proj.weight", i);
        if (M->fla_forget) {
            W(l->fla_a, 2, H, D, 0, "model.layers.%d.attn.a_proj.weight", i);
            W(l->fla_A_log, 1, H, 0, 0, "model.layers.%d.attn.A_log", i);
            W(l->fla_dt_bias, 1, H, 0, 0, "model.layers.%d.attn.dt_bias", i);
        }
        if (M->fla_conv) conv_weights(M, S, i, Kd, N * Kd, N * Vd, &st, err);
        if (M->fla_out_gate) W(l->fla_g, 2, Vd, D, 0, "model.layers.%d.attn.g_proj.weight", i);
        W(l->fla_onorm, 1, M->fla_dv, 0, 0, "model.layers.%d.attn.o_norm.weight", i);
        W(l->fla_o, 2, D, Vd, 0, "model.layers.%d.attn.o_proj.weight", i);
    }
    return st;
}
#undef W
