/* Private to the model readers (src/io/model*.c): config.json's keys read
   with their ranges, and the weights taken by name and shape. An
   architecture's reader supplies a config function (model_types[] in
   model.c) and a weights function (arches[]). */
#ifndef LT_IO_MODEL_IMPL_H
#define LT_IO_MODEL_IMPL_H
#include <stdint.h>
#include "lietool/io.h"
#include "lietool/model.h"
#include "lietool/ssm.h"
#include "lietool/io.h"

#define MAX_DIM (1 << 20)
#define MAX_LAYERS 4096

/* config.json (root) under its path, and where a failure goes */
typedef struct { const lt_json *root; const char *path; lt_err_struct *err; } lt_io_cfg;

/* An integer key in [lo, hi] (def < lo: required), a boolean, a number in
   (0, 1): 1, or 0 with C->err set naming the key. Absent or null keys
   take def. */
int lt_io_cfg_int(int *out, lt_io_cfg *C, const char *key, long lo, long hi, long def);
int lt_io_cfg_bool(int *out, lt_io_cfg *C, const char *key, int def);
/* A Mamba config's eigenvalue range: signed_eigenvalues (lietool's exports)
   or positive_and_negative (Grazzi et al. 2025's code, MambaLMConfig), at
   the top level or in ssm_cfg (sc, may be NULL); *stated 0 and *sgn 0 when
   none is present; keys that disagree are an error. */
int lt_io_cfg_signed(int *sgn, int *stated, lt_io_cfg *C, const lt_json *sc);
int lt_io_cfg_float(float *out, lt_io_cfg *C, const char *key, double def);
/* Python's truth value of a JSON value, as transformers reads
   tie_word_embeddings (getattr(config, "tie_word_embeddings", True)):
   absent is def; null, false, 0, "" and empty containers are false. */
int lt_io_cfg_truthy(const lt_json *v, int def);

/* 0 with C->err set: "PATH: 'key' is VALUE: why" */
int lt_io_cfg_refuse(lt_io_cfg *C, const char *key, const char *why);
/* The head of a Hugging Face config: M->tied from tie_word_embeddings
   (Python's truth, tied_def when absent), M->vocab_rows = vocab and
   M->classes from lietool's key n_classes (default vocab_size), which a
   tied head must equal. */
int lt_io_cfg_head(lt_model_t M, lt_io_cfg *C, int tied_def);
/* The tensor M->prefix + name, of ndim dimensions d0 x d1 x d2, as f32
   (owned by M; a parameter that the compute precision rounds). Does
   nothing once *st is set; sets *st (err naming the tensor) when it is
   missing or of another shape. */
float *lt_io_model_weight(lt_model_t M, const lt_ckpt_t S, const char *name, int ndim, int64_t d0, int64_t d1,
                          int64_t d2, lt_status *st, lt_err_t err);
/* n floats owned by M, derived from the parameters after rounding (Mamba's
   A): only after every lt_io_model_weight. */
/* The optional head bias name[classes] of a rotation-task checkpoint
   (NULL when M is a word-problem model, the tensor is absent, or *st is set). */
float *lt_io_model_head_bias(lt_model_t M, const lt_ckpt_t S, const char *name, lt_status *st, lt_err_t err);
float *lt_io_model_array(lt_model_t M, size_t n);

/* FLA (src/io/fla_read.c). The parts every FLA model shares: the config
   keys vocab_size, hidden_size, num_hidden_layers (default
   layers_default), norm_eps, hidden_ratio, intermediate_size, hidden_act,
   attn, attnres_block_size, tie_word_embeddings, n_classes (1, or 0 with
   C->err set); model.embeddings, model.norm and lm_head; layer i's
   attn_norm, mlp_norm and GatedMLP. */
int lt_io_fla_common(lt_model_t M, lt_io_cfg *C, int layers_default);
lt_status lt_io_fla_outer_weights(lt_model_t M, const lt_ckpt_t S, lt_err_t err);
lt_status lt_io_fla_block_weights(lt_model_t M, const lt_ckpt_t S, int i, lt_err_t err);
/* model_type gla, gated_deltaproduct, delta_net; the weights of
   LT_ARCH_GLA and LT_ARCH_DELTA */
int lt_io_gla_config(lt_model_t M, lt_io_cfg *C);
int lt_io_deltaproduct_config(lt_model_t M, lt_io_cfg *C);
int lt_io_delta_net_config(lt_model_t M, lt_io_cfg *C);
lt_status lt_io_gla_weights(lt_model_t M, const lt_ckpt_t S, lt_err_t err);
lt_status lt_io_delta_weights(lt_model_t M, const lt_ckpt_t S, lt_err_t err);
/* transformers' mamba2 (mamba2_read.c); FLA's transformer (attn_read.c) */
int lt_io_mamba2_config(lt_model_t M, lt_io_cfg *C);
lt_status lt_io_mamba2_weights(lt_model_t M, const lt_ckpt_t S, lt_err_t err);
int lt_io_attn_config(lt_model_t M, lt_io_cfg *C);
lt_status lt_io_attn_weights(lt_model_t M, const lt_ckpt_t S, lt_err_t err);
#endif
