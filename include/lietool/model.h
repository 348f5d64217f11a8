/* Trained sequence models read from a checkpoint directory (config.json
   and the weights in one of the formats of lietool/io.h, in the
   layout of lietool-diag, Hugging Face's Mamba or mamba_ssm's
   MambaLMHeadModel) and run in f32, or rounded as bf16 or f16: the
   lietool-diag diagonal recurrence and Mamba-1 (Gu and Dao 2023) with the
   signed-eigenvalue variant of Grazzi et al. (ICLR 2025); and, in f32
   only, transformers' Mamba-2 and flash-linear-attention's softmax
   transformer. The tensor
   names, shapes and formulas are in lietool-formats(5), TRAINED MODELS. */
#ifndef LIETOOL_MODEL_H
#define LIETOOL_MODEL_H

#include "lietool/core.h"
#include "lietool/perm.h"
#include "lietool/depth.h"

typedef enum {
    LT_ARCH_DIAG, LT_ARCH_MAMBA,
    LT_ARCH_GLA, LT_ARCH_DELTA,         /* FLA gla; gated_deltaproduct and delta_net (src/model/gla.c, delta.c) */
    LT_ARCH_MAMBA2, LT_ARCH_ATTN,       /* transformers' Mamba-2; FLA's transformer (mamba2.c, attn.c) */
} lt_model_arch;
/* The task a checkpoint was trained on (config.json's "lietool_task",
   lietool-formats(5)): the word problem (absent or "word": a head of
   n_classes logits), or the A5 rotation task ("rotation": a Linear(d, 3)
   head, weight and optional bias, whose 3 outputs are a vector of R^3;
   lietool/rotation.h). */
typedef enum { LT_TASK_WORD, LT_TASK_ROTATION } lt_model_task;
/* Eigenvalue range of the transition: [0,1], [-1,1], complex unit disc. */
typedef enum { LT_EIG_POSITIVE, LT_EIG_SIGNED, LT_EIG_COMPLEX } lt_model_eig;
/* The tensor-name layout a checkpoint was recognised as. */
typedef enum {
    LT_LAYOUT_DIAG, LT_LAYOUT_HF_MAMBA, LT_LAYOUT_MAMBA_SSM,
    LT_LAYOUT_HF_MAMBA2,    /* transformers' Mamba2ForCausalLM */
    LT_LAYOUT_FLA,          /* flash-linear-attention's <Name>ForCausalLM: model.embeddings.weight,
                               model.layers.N.{attn_norm,attn,mlp_norm,mlp}, model.norm, lm_head */
} lt_model_layout;
/* The precision of the forward pass: f32, or every weight and every
   intermediate rounded to bf16 or f16 as model.to(dtype) makes torch do
   (lietool-formats(5), Precision). LT_COMPUTE_CONFIG: the default, f32
   for every architecture whatever the config's torch_dtype (bf16 and f16
   weights are read exactly and computed with in f32). */
typedef enum { LT_COMPUTE_F32, LT_COMPUTE_BF16, LT_COMPUTE_F16, LT_COMPUTE_CONFIG } lt_model_compute;

typedef struct {
    float *norm;
    /* lietool-diag */
    float *a_w, *a_b, *th_w, *th_b, *b_w, *b_b, *out_w, *out_b;
    float *mlp_norm, *fc1_w, *fc1_b, *fc2_w, *fc2_b;
    /* mamba */
    float *in_w, *in_b, *conv_w, *conv_b, *x_w, *dt_w, *dt_b, *A_log, *D, *mo_w, *mo_b;
    float *A;                   /* -exp(A_log), from the (rounded) A_log */
    /* FLA gla, gated_deltaproduct, delta_net: the FLA block (attn_norm,
       mlp_norm, GatedMLP gate/up/down; NULL weights of a norm mean 1) and
       the mixer's projections (model.layers.N.attn.*) */
    float *fla_attn_norm, *fla_mlp_norm, *fla_gate, *fla_up, *fla_down;
    float *fla_q, *fla_k, *fla_v, *fla_g, *fla_o, *fla_onorm;  /* q/k/v/g/o_proj, the output norm's weight */
    float *fla_qconv, *fla_kconv, *fla_vconv;                   /* ShortConvolution weights (C, 1, conv_size) */
    float *fla_gk0, *fla_gk1, *fla_gk1_b;                       /* gla: gk_proj.0 and gk_proj.1 */
    float *fla_beta, *fla_a, *fla_A_log, *fla_dt_bias;          /* delta: b_proj, a_proj, A_log, dt_bias */
    /* mamba2 (also in_w, in_b, conv_w, conv_b, A_log, A, D, mo_w, mo_b above) */
    float *dt_bias, *gnorm;
    /* transformer (FLA): attention, its q/k norms, the gated MLP (norm:
       attn_norm, mlp_norm: mlp_norm) */
    float *q_w, *q_b, *k_w, *k_b, *v_w, *v_b, *o_w, *q_norm, *k_norm, *gate_w, *up_w, *down_w;
    /* their projections packed for lietool's own f32 kernel (src/model/pack.c; NULL
       without AVX-512 or under bf16/f16: then SGEMMs) */
    float *q_p, *k_p, *v_p, *o_p, *gate_p, *up_p, *down_p;
} lt_model_layer;

typedef struct {
    lt_model_arch arch;
    lt_model_eig eig;
    int eig_stated;             /* 1: config.json states the eigenvalue range (signed_eigenvalues,
                                   positive_and_negative, allow_neg_eigval); 0: the library's default
                                   was assumed (lt_model_family_note) */
    lt_model_layout layout;
    lt_model_task task;
    int rotation_map;           /* rotation task: config.json's "lietool_rotation_map", 0 "faithful"
                                   (absent), 1 "paper" (lietool/rotation.h, lt_rotation_map) */
    const char *format;         /* the checkpoint's file format (lietool/io.h) */
    const char *file;           /* its file in the directory */
    char prefix[64];            /* the prefix of every tensor name, e.g. "model." */
    int vocab, classes, d_model, n_layers;
    int vocab_rows;             /* rows of the embedding (and an untrimmed head): vocab padded (mamba_ssm) */
    int residual_fp32;          /* the residual stream stays f32 under bf16/f16 */
    lt_model_compute compute;   /* of the forward pass */
    lt_model_compute config_compute;    /* the config's torch_dtype (f32 when absent) */
    int d_state;                /* diag: N; mamba: state_size */
    int d_mlp;                  /* diag */
    int d_inner, conv_k, dt_rank, use_bias, use_conv_bias, tied;   /* mamba */
    /* mamba2 (also d_state, d_inner, conv_k, use_bias, use_conv_bias, tied):
       heads, head_dim, n_groups; dt clamped to [dt_min, dt_max] */
    int m2_heads, m2_head_dim, m2_groups;
    float dt_min, dt_max;
    /* transformer (FLA) */
    int at_heads, at_kv_heads, at_head_dim, at_mlp, at_window, at_qkv_bias, at_qk_norm;
    double at_theta;            /* rope_theta */
    double *at_rope;            /* f32: cos and sin of the rotary angles of positions 0 .. at_rope_n - 1,
                                   head_dim a position (cos of the half's frequencies, then sin) */
    long at_rope_n;
    float eps;
    /* FLA gla, gated_deltaproduct, delta_net (lietool-formats(5)) */
    int fla_heads, fla_dk, fla_dv;      /* heads, key and value dimension per head */
    int fla_inter;                      /* GatedMLP intermediate_size */
    int fla_conv;                       /* short convolution size, 0: none */
    int fla_out_gate;                   /* the output norm is gated by silu(g_proj(x)) */
    int fla_norm_affine;                /* the output norm has a weight (gla elementwise_affine) */
    int fla_householder;                /* delta: num_householder (delta_net: 1) */
    int fla_neg, fla_forget, fla_beta;  /* delta: allow_neg_eigval, use_forget_gate, use_beta */
    float fla_clamp;                    /* gla: clamp_min of the log gate, or -INFINITY */
    int fla_fuse_norm;                  /* fuse_norm: FLA's RMSNorm kernels (else torch's nn.RMSNorm); bf16/f16 only */
    int fla_delta_net;                  /* delta: model_type delta_net (q, k l2-normalised before the kernel) */
    const char *dtype;          /* of the weights, e.g. "F32" */
    float *embed, *norm_f, *head_w, *head_b;
    lt_model_layer *layers;
    int stepwise;               /* 1: f32 takes the forms bf16/f16 take, position by position with double
                                   sums (attention score by score, the recurrences of GLA, the delta
                                   rules and Mamba-2); 0, the default: attention by blocked SGEMMs, the
                                   recurrences by chunks (tests compare the two) */
    int nweights, nparams;
    float **weights;            /* every array above, for clearing; the first nparams are the parameters */
    size_t *sizes;              /* their lengths */
    int packed_amx;             /* the packed projections are laid out for AMX tiles (src/model/amx.c) */
    unsigned char *borrowed;    /* borrowed[i]: weights[i] lies in one of bufs (not freed alone) */
    int nbufs;
    unsigned char **bufs;       /* the checkpoint's buffers that parameters lie in (lt_ckpt_view) */
} lt_model_struct;
typedef lt_model_struct lt_model_t[1];

void lt_model_init(lt_model_t M);
void lt_model_clear(lt_model_t M);
/* Adds the array a of n floats to M's arrays: freed with M unless
   borrowed (then it lies in one of M->bufs). Returns a. */
float *lt_model_keep(lt_model_t M, float *a, size_t n, int borrowed);
/* A model directory is read by lt_io_model_read (lietool/io.h). */
/* "lietool-diag", "Hugging Face", "mamba_ssm" or "flash-linear-attention";
   "f32", "bf16", "f16". */
const char *lt_model_layout_name(const lt_model_t M);
const char *lt_model_compute_name(lt_model_compute c);
/* Sets the precision of the forward pass and rounds every parameter to it
   (the cast of the whole model); once, after loading (the rounding cannot
   be undone). */
void lt_model_set_compute(lt_model_t M, lt_model_compute c);
/* "lietool-diag" or "mamba"; the layer type's name ("positive diagonal",
   "signed diagonal", "complex diagonal", "Mamba", "signed Mamba"). */
const char *lt_model_arch_name(const lt_model_t M);
const char *lt_model_layer_name(const lt_model_t M);
/* The layer family the theory verdict (lt_plan) knows the model as, from
   its eigenvalue range: diag-positive, diag-signed or diag-complex; FLA
   gla diag-positive; gated_deltaproduct and delta_net with
   allow_neg_eigval householder-N (N = num_householder, delta_net 1),
   without it (FLA's default) householder-N-positive.
   a->kind = LT_FAM_COUNT when no family fits: ssm eval and ssm sweep then
   state no verdict. */
void lt_model_family(lt_arch *a, const lt_model_t M);
/* Where config.json does not state the eigenvalue range: a sentence saying
   which range the forward pass and the verdict assumed; NULL when it is
   stated, or the architecture has no choice. */
const char *lt_model_family_note(const lt_model_t M);
/* Sets the family a checkpoint's layers belong to, where its
   architecture allows the choice (Mamba and Mamba-2: diag-positive or
   diag-signed; delta_net and gated_deltaproduct: householder-N or
   householder-N-positive with N its Householders): the forward pass
   follows (ssm eval --family). LT_EINPUT for a family the architecture
   cannot be. */
lt_status lt_model_set_family(lt_model_t M, const lt_arch *a, lt_err_t err);
/* LT_EINPUT unless the model's vocabulary and classes hold the n elements
   of the group (the message names the model by name and the group by
   group), or when M is a rotation-task checkpoint. */
lt_status lt_model_check_group(const lt_model_t M, const char *name, long n, const char *group, lt_err_t err);
/* logits[t*classes + c] for tokens[0..T-1] (each below vocab): the head's
   first classes rows (mamba_ssm's padded rows are left out). */
void lt_model_forward(float *logits, const lt_model_t M, const int *tokens, long T);
/* The threads the evaluations use: $LIETOOL_THREADS, else every core (1..64). */
int lt_model_threads(void);
/* The forward passes of n words, word k's tokens at in[k * stride ..]
   (len[k] of them), its logits into out[k * per ..], on nth threads: each
   word whole on one thread, so the logits do not depend on nth. */
void lt_model_forward_many(float *out, const lt_model_t M, const int *in, const long *len, long n, long stride,
                           size_t per, int nth);
/* The generator norms of the first layer's transitions: its transition at
   position t is diagonal, diag(lambda), and g[t] = ||log diag(lambda)||_2
   = max |log lambda| over its entries (the principal logarithm: log r +
   i theta for a complex lambda = r e^{i theta}, log|lambda| + i pi for a
   negative one; +infinity for lambda = 0). Mamba: lambda = exp(dt A) (signed:
   2 exp(dt A) - 1), so |log lambda| = dt |A| when positive; lietool-diag:
   sigma(z), 2 sigma(z) - 1 or sigma(z) e^{i theta}. In double from the f32
   (or rounded) gates of the forward pass. */
void lt_model_transition_norms(double *g, const lt_model_t M, const int *tokens, long T);
/* Whether lt_model_transition_norms is defined for M's architecture. */
int lt_model_has_transition_norms(const lt_model_t M);
/* The size n of layer i's state-transition matrices (its state as a
   vector: a diagonal layer's N channels, complex ones as 2 x 2 real blocks;
   every head of a matrix-state layer as one block-diagonal matrix), 0 when
   the architecture has none (attention). */
long lt_model_transition_size(const lt_model_t M);
/* The T transition matrices of layer i (0-based) on the word tokens[0..T-1]:
   A holds T * n * n doubles (n = lt_model_transition_size), the matrix at
   position t mapping the layer's state before t to its state after t
   (without the input term). Runs the layers before i. */
void lt_model_transitions(double *A, const lt_model_t M, int i, const int *tokens, long T);
/* 1 when the first layer's transition at a position is a function of that
   position's token alone, so that one token as a word gives it. */
int lt_model_first_layer_token_local(const lt_model_t M);

/* Whether M's architecture emulates bf16/f16 compute (otherwise it runs in
   f32 only: lt_io_model_load refuses --compute bf16/f16 for it). */
int lt_model_has_reduced_compute(const lt_model_t M);

#endif
