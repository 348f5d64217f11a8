/* transformers' Mamba-2 checkpoints (model_type "mamba2", Mamba2ForCausalLM;
   src/transformers/models/mamba2/configuration_mamba2.py and
   modeling_mamba2.py): config.json with Mamba2Config's defaults and the
   tensors backbone.* and lm_head.weight (lietool-formats(5), mamba2). */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "model_read.h"

/* time_step_limit: [lo, hi], numbers (Infinity allowed), 0 <= lo <= hi */
static int cfg_limit(lt_model_t M, lt_io_cfg *C)
{
    const lt_json *v = lt_json_get(C->root, "time_step_limit");
    M->dt_min = 0;
    M->dt_max = INFINITY;
    if (!v || v->type == LT_JSON_NULL) return 1;
    if (v->type != LT_JSON_ARRAY || v->len != 2 || v->items[0]->type != LT_JSON_NUMBER || v->items[1]->type != LT_JSON_NUMBER)
        return lt_io_cfg_refuse(C, "time_step_limit", "it must be a list of two numbers [min, max]");
    double lo = strtod(v->items[0]->str, NULL), hi = strtod(v->items[1]->str, NULL);
    if (!(lo >= 0 && lo <= hi)) {
        lt_err_set(C->err, LT_EINPUT, "%s: 'time_step_limit' is [%s, %s]: it must hold 0 <= min <= max", C->path, v->items[0]->str,
                   v->items[1]->str);
        return 0;
    }
    M->dt_min = (float)lo;
    M->dt_max = (float)hi;
    return 1;
}

int lt_io_mamba2_config(lt_model_t M, lt_io_cfg *C)
{
    int expand, sgn, rms;
    M->arch = LT_ARCH_MAMBA2;
    M->layout = LT_LAYOUT_HF_MAMBA2;
    if (!(lt_io_cfg_int(&M->vocab, C, "vocab_size", 1, MAX_DIM, 32768) && lt_io_cfg_int(&M->d_model, C, "hidden_size", 1, MAX_DIM, 4096)
          && lt_io_cfg_int(&M->d_state, C, "state_size", 1, MAX_DIM, 128)
          && lt_io_cfg_int(&M->n_layers, C, "num_hidden_layers", 0, MAX_LAYERS, 64)
          && lt_io_cfg_int(&expand, C, "expand", 1, 64, 2) && lt_io_cfg_int(&M->conv_k, C, "conv_kernel", 1, 64, 4)
          && lt_io_cfg_int(&M->m2_groups, C, "n_groups", 1, MAX_DIM, 8) && lt_io_cfg_int(&M->m2_heads, C, "num_heads", 1, MAX_DIM, 128)
          && lt_io_cfg_int(&M->m2_head_dim, C, "head_dim", 1, MAX_DIM, 64) && lt_io_cfg_bool(&M->use_bias, C, "use_bias", 0)
          && lt_io_cfg_bool(&M->use_conv_bias, C, "use_conv_bias", 1) && lt_io_cfg_signed(&sgn, &M->eig_stated, C, NULL)
          && lt_io_cfg_bool(&M->residual_fp32, C, "residual_in_fp32", 1) && lt_io_cfg_bool(&rms, C, "rms_norm", 1)
          && lt_io_cfg_float(&M->eps, C, "layer_norm_epsilon", 1e-5) && cfg_limit(M, C)))
        return 0;
    M->d_inner = expand * M->d_model;
    if ((long)M->m2_heads * M->m2_head_dim != M->d_inner) {
        lt_err_set(C->err, LT_EINPUT, "%s: num_heads %d x head_dim %d must equal expand %d x hidden_size %d (Mamba2Config)",
                   C->path, M->m2_heads, M->m2_head_dim, expand, M->d_model);
        return 0;
    }
    if (M->m2_heads % M->m2_groups) {
        lt_err_set(C->err, LT_EINPUT, "%s: n_groups %d does not divide num_heads %d", C->path, M->m2_groups, M->m2_heads);
        return 0;
    }
    const lt_json *a = lt_json_get(C->root, "hidden_act");
    if (a && a->type != LT_JSON_NULL && (a->type != LT_JSON_STRING || (strcmp(a->str, "silu") && strcmp(a->str, "swish"))))
        return lt_io_cfg_refuse(C, "hidden_act", "only \"silu\" is supported");
    M->eig = sgn ? LT_EIG_SIGNED : LT_EIG_POSITIVE;
    return lt_io_cfg_head(M, C, 0);
}

#define W(field, ndim, a, b, c, ...) do { snprintf(nm, sizeof nm, __VA_ARGS__); field = lt_io_model_weight(M, S, nm, ndim, a, b, c, &st, err); } while (0)

lt_status lt_io_mamba2_weights(lt_model_t M, const lt_ckpt_t S, lt_err_t err)
{
    int D = M->d_model, L = M->n_layers, Di = M->d_inner, H = M->m2_heads;
    int64_t Cd = Di + 2 * (int64_t)M->m2_groups * M->d_state, Pd = Di + Cd + H;
    lt_status st = LT_OK;
    char nm[160];
    W(M->embed, 2, M->vocab, D, 0, "backbone.embeddings.weight");
    for (int i = 0; i < L; i++) {
        lt_model_layer *l = &M->layers[i];
        W(l->norm, 1, D, 0, 0, "backbone.layers.%d.norm.weight", i);
        W(l->in_w, 2, Pd, D, 0, "backbone.layers.%d.mixer.in_proj.weight", i);
        if (M->use_bias) W(l->in_b, 1, Pd, 0, 0, "backbone.layers.%d.mixer.in_proj.bias", i);
        W(l->conv_w, 3, Cd, 1, M->conv_k, "backbone.layers.%d.mixer.conv1d.weight", i);
        if (M->use_conv_bias) W(l->conv_b, 1, Cd, 0, 0, "backbone.layers.%d.mixer.conv1d.bias", i);
        W(l->dt_bias, 1, H, 0, 0, "backbone.layers.%d.mixer.dt_bias", i);
        W(l->A_log, 1, H, 0, 0, "backbone.layers.%d.mixer.A_log", i);
        W(l->D, 1, H, 0, 0, "backbone.layers.%d.mixer.D", i);
        W(l->gnorm, 1, Di, 0, 0, "backbone.layers.%d.mixer.norm.weight", i);
        W(l->mo_w, 2, D, Di, 0, "backbone.layers.%d.mixer.out_proj.weight", i);
        if (M->use_bias) W(l->mo_b, 1, D, 0, 0, "backbone.layers.%d.mixer.out_proj.bias", i);
    }
    W(M->norm_f, 1, D, 0, 0, "backbone.norm_f.weight");
    if (!M->tied) W(M->head_w, 2, M->classes, D, 0, "lm_head.weight");
    else M->head_w = M->embed;
    M->head_b = lt_io_model_head_bias(M, S, "lm_head.bias", &st, err);
    for (int i = 0; !st && i < L; i++) M->layers[i].A = lt_io_model_array(M, (size_t)H);
    return st;
}
#undef W
