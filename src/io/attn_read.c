/* flash-linear-attention's transformer checkpoints (model_type
   "transformer", TransformerForCausalLM; fla/models/transformer/
   configuration_transformer.py and modeling_transformer.py, fla/layers/
   attn.py, fla/modules/mlp.py): config.json with TransformerConfig's
   defaults and the tensors model.* and lm_head.weight (lietool-formats(5),
   transformer). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "model_read.h"

/* whether key is present and not null */
static int given(lt_io_cfg *C, const char *key)
{
    const lt_json *v = lt_json_get(C->root, key);
    return v && v->type != LT_JSON_NULL;
}

int lt_io_attn_config(lt_model_t M, lt_io_cfg *C)
{
    int ratio, inter = 0;
    M->arch = LT_ARCH_ATTN;
    M->layout = LT_LAYOUT_FLA;
    if (!(lt_io_cfg_int(&M->vocab, C, "vocab_size", 1, MAX_DIM, 32000) && lt_io_cfg_int(&M->d_model, C, "hidden_size", 1, MAX_DIM, 2048)
          && lt_io_cfg_int(&M->n_layers, C, "num_hidden_layers", 0, MAX_LAYERS, 24)
          && lt_io_cfg_int(&M->at_heads, C, "num_heads", 1, MAX_DIM, 32)
          && lt_io_cfg_int(&M->at_kv_heads, C, "num_kv_heads", 1, MAX_DIM, M->at_heads)
          && lt_io_cfg_bool(&M->at_qkv_bias, C, "qkv_bias", 0) && lt_io_cfg_bool(&M->at_qk_norm, C, "qk_norm", 0)
          && (!given(C, "window_size") || lt_io_cfg_int(&M->at_window, C, "window_size", 1, 1L << 30, 0)) && lt_io_cfg_int(&ratio, C, "hidden_ratio", 1, 1024, 4)
          && (!given(C, "intermediate_size") || lt_io_cfg_int(&inter, C, "intermediate_size", 1, MAX_DIM, 0))
          && lt_io_cfg_float(&M->eps, C, "norm_eps", 1e-6)))
        return 0;
    if (M->d_model % M->at_heads)
        return lt_io_cfg_refuse(C, "num_heads", "it must divide hidden_size (head_dim = hidden_size / num_heads)");
    M->at_head_dim = M->d_model / M->at_heads;
    if (M->at_heads % M->at_kv_heads) return lt_io_cfg_refuse(C, "num_kv_heads", "it must divide num_heads");
    if (M->at_head_dim % 2) {
        lt_err_set(C->err, LT_EINPUT, "%s: head_dim %d (hidden_size / num_heads) is odd: rotary embeddings need it even", C->path,
                   M->at_head_dim);
        return 0;
    }
    /* GatedMLP: a multiple of 256 near 2/3 hidden_ratio hidden_size */
    if (!inter) {
        inter = (int)((double)M->d_model * ratio * 2 / 3);
        inter = 256 * ((inter + 255) / 256);
    }
    M->at_mlp = inter;
    const lt_json *th = lt_json_get(C->root, "rope_theta");
    M->at_theta = 10000;
    if (th && (th->type != LT_JSON_NUMBER || !((M->at_theta = strtod(th->str, NULL)) > 0) || !isfinite(M->at_theta)))
        return lt_io_cfg_refuse(C, "rope_theta", "it must be a positive number (attention without rotary embeddings is not supported)");
    const lt_json *a = lt_json_get(C->root, "hidden_act");
    if (a && (a->type != LT_JSON_STRING || strcmp(a->str, "swish")))
        return lt_io_cfg_refuse(C, "hidden_act", "only \"swish\" (SwiGLU) is supported");
    if (given(C, "attnres_block_size")) return lt_io_cfg_refuse(C, "attnres_block_size", "attention residuals are not supported");
    return lt_io_cfg_head(M, C, 0);
}

#define W(field, ndim, a, b, c, ...) do { snprintf(nm, sizeof nm, __VA_ARGS__); field = lt_io_model_weight(M, S, nm, ndim, a, b, c, &st, err); } while (0)

lt_status lt_io_attn_weights(lt_model_t M, const lt_ckpt_t S, lt_err_t err)
{
    int D = M->d_model, L = M->n_layers, hd = M->at_head_dim, kvd = M->at_kv_heads * hd, I = M->at_mlp;
    lt_status st = LT_OK;
    char nm[160];
    W(M->embed, 2, M->vocab, D, 0, "model.embeddings.weight");
    for (int i = 0; i < L; i++) {
        lt_model_layer *l = &M->layers[i];
        W(l->norm, 1, D, 0, 0, "model.layers.%d.attn_norm.weight", i);
        W(l->q_w, 2, D, D, 0, "model.layers.%d.attn.q_proj.weight", i);
        W(l->k_w, 2, kvd, D, 0, "model.layers.%d.attn.k_proj.weight", i);
        W(l->v_w, 2, kvd, D, 0, "model.layers.%d.attn.v_proj.weight", i);
        if (M->at_qkv_bias) {
            W(l->q_b, 1, D, 0, 0, "model.layers.%d.attn.q_proj.bias", i);
            W(l->k_b, 1, kvd, 0, 0, "model.layers.%d.attn.k_proj.bias", i);
            W(l->v_b, 1, kvd, 0, 0, "model.layers.%d.attn.v_proj.bias", i);
        }
        W(l->o_w, 2, D, D, 0, "model.layers.%d.attn.o_proj.weight", i);
        if (M->at_qk_norm) {
            W(l->q_norm, 1, hd, 0, 0, "model.layers.%d.attn.q_norm.weight", i);
            W(l->k_norm, 1, hd, 0, 0, "model.layers.%d.attn.k_norm.weight", i);
        }
        W(l->mlp_norm, 1, D, 0, 0, "model.layers.%d.mlp_norm.weight", i);
        W(l->gate_w, 2, I, D, 0, "model.layers.%d.mlp.gate_proj.weight", i);
        W(l->up_w, 2, I, D, 0, "model.layers.%d.mlp.up_proj.weight", i);
        W(l->down_w, 2, D, I, 0, "model.layers.%d.mlp.down_proj.weight", i);
    }
    W(M->norm_f, 1, D, 0, 0, "model.norm.weight");
    if (!M->tied) W(M->head_w, 2, M->classes, D, 0, "lm_head.weight");
    else M->head_w = M->embed;
    M->head_b = lt_io_model_head_bias(M, S, "lm_head.bias", &st, err);
    return st;
}
#undef W
