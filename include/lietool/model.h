/* Trained sequence models read from a Hugging Face style directory
   (config.json + model.safetensors) and run in single precision: the
   lietool-diag diagonal recurrence and Mamba-1 (Gu and Dao 2023) with the
   signed-eigenvalue variant of Grazzi et al. (ICLR 2025). The tensor
   names, shapes and formulas are in lietool-formats(5), TRAINED MODELS. */
#ifndef LIETOOL_MODEL_H
#define LIETOOL_MODEL_H

#include "lietool/core.h"

typedef enum { LT_ARCH_DIAG, LT_ARCH_MAMBA } lt_model_arch;
/* Eigenvalue range of the transition: [0,1], [-1,1], complex unit disc. */
typedef enum { LT_EIG_POSITIVE, LT_EIG_SIGNED, LT_EIG_COMPLEX } lt_model_eig;

typedef struct {
    float *norm;
    /* lietool-diag */
    float *a_w, *a_b, *th_w, *th_b, *b_w, *b_b, *out_w, *out_b;
    float *mlp_norm, *fc1_w, *fc1_b, *fc2_w, *fc2_b;
    /* mamba */
    float *in_w, *in_b, *conv_w, *conv_b, *x_w, *dt_w, *dt_b, *A, *D, *mo_w, *mo_b;
} lt_model_layer;

typedef struct {
    lt_model_arch arch;
    lt_model_eig eig;
    int vocab, classes, d_model, n_layers;
    int d_state;                /* diag: N; mamba: state_size */
    int d_mlp;                  /* diag */
    int d_inner, conv_k, dt_rank, use_bias, use_conv_bias, tied;   /* mamba */
    float eps;
    const char *dtype;          /* of the weights, e.g. "F32" */
    float *embed, *norm_f, *head_w, *head_b;
    lt_model_layer *layers;
    int nweights;
    float **weights;            /* every array above, for clearing */
} lt_model_struct;
typedef lt_model_struct lt_model_t[1];

void lt_model_init(lt_model_t M);
void lt_model_clear(lt_model_t M);
/* A model directory is read by lt_io_model_read (lietool/io.h). */
/* "lietool-diag" or "mamba"; the layer type's name ("positive diagonal",
   "signed diagonal", "complex diagonal", "Mamba", "signed Mamba"). */
const char *lt_model_arch_name(const lt_model_t M);
const char *lt_model_layer_name(const lt_model_t M);
/* logits[t*classes + c] for tokens[0..T-1] (each below vocab). */
void lt_model_forward(float *logits, const lt_model_t M, const int *tokens, long T);

#endif
