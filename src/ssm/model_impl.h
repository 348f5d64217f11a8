/* Private to the forward passes (src/ssm/model*.c): the kernels every
   architecture shares, and the table through which lt_model_forward and
   lt_model_transition_norms reach an architecture's own file. */
#ifndef LT_SSM_MODEL_IMPL_H
#define LT_SSM_MODEL_IMPL_H
#include <math.h>
#include <stddef.h>
#include "lietool/model.h"

/* x rounded to the compute precision (bf16, f16; f32 leaves it) */
float lt_mdl_rnd(const lt_model_struct *M, float x);
void lt_mdl_rnd_all(const lt_model_struct *M, float *x, size_t n);
/* Y (T x m, row stride ldy) = X (T x n, row stride ldx) W^T (+ b), W m x n. */
void lt_mdl_linear(float *Y, int ldy, const float *W, const float *b, const float *X, int ldx, long T, int m, int n);
/* Row by row: Y = w * X / sqrt(mean(X^2) + eps), in f32. Under bf16/f16,
   as transformers' MambaBlock and MambaRMSNorm: the input is first cast to
   the compute type (cast = 1: a block's norm; the final norm reads the
   residual as it is); the normalised x is cast back to the input's type
   before the weight multiplies it (twice = 1: when that type is the compute
   type), and the product is rounded (the logits' linear map reads it so). */
void lt_mdl_rmsnorm(float *Y, const float *X, const float *w, long T, int n, float eps, const lt_model_struct *M,
                    int cast, int twice);
/* X += Y: the residual stream kept in f32 (residual_fp32) or rounded */
void lt_mdl_add(float *X, const float *Y, size_t n, const lt_model_struct *M);

static inline float lt_mdl_sigmoid(float x) { return 1.0f / (1.0f + expf(-x)); }
static inline float lt_mdl_silu(float x) { return x * lt_mdl_sigmoid(x); }
static inline float lt_mdl_softplus(float x) { return x > 20.0f ? x : log1pf(expf(x)); }
static inline float lt_mdl_gelu(float x) { return 0.5f * x * (1.0f + erff(x * 0.70710678118654752f)); }
/* -log sigma(z), without overflow */
static inline double lt_mdl_neg_log_sigmoid(double z) { return z > 0 ? log1p(exp(-z)) : -z + log1p(exp(z)); }
/* |log z| for a real transition z: the principal logarithm, log|z| + i pi
   for z < 0; infinite at z = 0 */
static inline double lt_mdl_real_log_norm(double z)
{
    if (z == 0) return INFINITY;
    return z > 0 ? fabs(log(z)) : hypot(log(-z), M_PI);
}

/* An architecture (lt_model_arch): one file src/ssm/model_<name>.c each. */
typedef struct {
    const char *name;                   /* lt_model_arch_name */
    const char *(*layer_name)(const lt_model_struct *M);
    /* the layer family the theory verdict knows the model as */
    void (*family)(lt_arch *a, const lt_model_struct *M);
    /* floats of scratch one layer needs over T positions */
    size_t (*work)(const lt_model_struct *M, long T);
    /* layer i on the residual stream X (T x d_model), in place */
    void (*layer)(float *X, const lt_model_struct *M, int i, long T, float *w);
    /* the final norm of the residual stream into Y (T x d_model) */
    void (*final_norm)(float *Y, const float *X, const lt_model_struct *M, long T);
    /* after the parameters are rounded: derived arrays (Mamba's A); or NULL */
    void (*prepare)(lt_model_struct *M);
    /* g[t], the generator norm of the first layer's transition at position
       t (lt_model_transition_norms), from the embedded tokens X; w holds
       work(M, T) floats. NULL: not defined for this architecture. */
    void (*norms)(double *g, const lt_model_struct *M, const float *X, long T, float *w);
    /* 1: the layer rounds as torch does under bf16/f16; 0: f32 only */
    int rounds;
} lt_mdl_ops;

extern const lt_mdl_ops lt_mdl_diag, lt_mdl_mamba;
extern const lt_mdl_ops lt_mdl_mamba2, lt_mdl_attn;

#endif
