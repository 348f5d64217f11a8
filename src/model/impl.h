/* Private to the forward passes (src/ssm/model*.c): the kernels every
   architecture shares, and the table through which lt_model_forward and
   lt_model_transition_norms reach an architecture's own file. */
#ifndef LT_SSM_MODEL_IMPL_H
#define LT_SSM_MODEL_IMPL_H
#include <math.h>
#include <stddef.h>
#include <stdint.h>
#include "lietool/model.h"

/* x rounded to bf16 or f16 as M->compute says (not f32) */
float lt_mdl_rnd_reduced(const lt_model_struct *M, float x);
/* x rounded to the compute precision (bf16, f16; f32 leaves it): inline,
   so that f32 costs one test */
static inline float lt_mdl_rnd(const lt_model_struct *M, float x)
{
    return M->compute == LT_COMPUTE_F32 ? x : lt_mdl_rnd_reduced(M, x);
}
void lt_mdl_rnd_all(const lt_model_struct *M, float *x, size_t n);
/* Y (T x m, row stride ldy) = X (T x n, row stride ldx) W^T (+ b), W m x n. */
/* C = alpha A B^T + beta C, row-major, as cblas_sgemm (kernels.c), in
   OpenBLAS's small-matrix kernels when K is small. */
void lt_mdl_gemm_nt(int M, int N, int K, float alpha, const float *A, int lda, const float *B, int ldb, float beta,
                    float *C, int ldc);
void lt_mdl_linear(float *Y, int ldy, const float *W, const float *b, const float *X, int ldx, long T, int m, int n);
/* The same for model M: in f32, a small product (T m n <= 10^6) in
   OpenBLAS's small-matrix kernels, which take no lock (lt_mdl_gemm_nt). */
void lt_mdl_linear_m(const lt_model_struct *M, float *Y, int ldy, const float *W, const float *b, const float *X,
                     int ldx, long T, int m, int n);
/* Projections by lietool's own kernel on AVX-512 (pack.c): W (m x n)
   packed once (lt_mdl_pack_weights: NULL without AVX-512 or under
   bf16/f16; the copy is freed with the model), then Y (T x m, row stride
   ldy) = X W^T (+ b) with every output one chain of FMAs over k in order,
   so that a row's result depends on that row alone.
   lt_mdl_linear_p takes the packed copy P when there is one, else
   lt_mdl_linear. */
int lt_mdl_pack_available(void);
size_t lt_mdl_pack_floats(int m, int n);
void lt_mdl_pack(float *P, const float *W, int m, int n);
/* the same from rows of W ldw floats apart */
void lt_mdl_pack_ld(float *P, const float *W, size_t ldw, int m, int n);
/* d[k ldd + j] = w[j ldw + k], j, k < 16, any 32-bit entries (AVX-512 only) */
void lt_mdl_transpose16(float *d, size_t ldd, const float *w, size_t ldw);
void lt_mdl_linear_packed(float *Y, int ldy, const float *P, const float *b, const float *X, int ldx, long T, int m,
                          int n);
/* the same with the panels of 64 outputs ldp floats apart (lt_mdl_linear_packed:
   64 n), each n rows of 64 weights, 64-byte aligned */
void lt_mdl_linear_packed_ld(float *Y, int ldy, const float *P, size_t ldp, const float *b, const float *X, int ldx,
                             long T, int m, int n);
/* Y += X W^T by the packed W: each sum Y_ij + (X W^T)_ij, the same bits
   as the product and then the sum */
void lt_mdl_linear_packed_add(float *Y, int ldy, const float *P, const float *X, int ldx, long T, int m, int n);
float *lt_mdl_pack_weights(lt_model_struct *M, float *P, const float *W, int m, int n);
/* The same products by AMX tiles (amx.c), when lt_mdl_amx_available():
   then lt_mdl_pack_weights lays W out for them (lt_mdl_amx_pack, its
   lt_mdl_amx_pack_floats(m, n) floats), X's rows are split once for the
   products that read them (lt_mdl_amx_split into S, of
   lt_mdl_amx_split_floats(T, n) floats, 64-byte aligned), and
   lt_mdl_amx_linear makes Y (T x m, row stride ldy) = X W^T (+ b), or
   Y + X W^T (acc; b NULL). */
int lt_mdl_amx_available(void);
/* 0: lt_mdl_amx_available() says 0 from now on (tests of the other
   kernel; a model packed before keeps its layout, M->packed_amx); 1: as
   the processor allows */
void lt_mdl_amx_use(int on);
size_t lt_mdl_amx_pack_floats(int m, int n);
void lt_mdl_amx_pack(uint16_t *P, const float *W, int m, int n);
size_t lt_mdl_amx_split_floats(long T, int n);
/* 1 when X has an infinite or NaN entry (then lt_mdl_amx_product redoes
   the rows that have one, whose parts would meet 0 x inf) */
int lt_mdl_amx_split(uint16_t *S, const float *X, int ldx, long T, int n);
void lt_mdl_amx_linear(float *Y, int ldy, const uint16_t *P, const float *b, const uint16_t *S, long T, int m, int n,
                       int acc);
/* lt_mdl_amx_linear, then (bad: lt_mdl_amx_split's answer) the rows of X
   with a non-finite entry by the SGEMM with W */
void lt_mdl_amx_product(float *Y, int ldy, const uint16_t *P, const float *W, const float *b, const uint16_t *S,
                        int bad, const float *X, int ldx, long T, int m, int n, int acc);
void lt_mdl_linear_p(float *Y, int ldy, const float *W, const float *P, const float *b, const float *X, int ldx, long T,
                     int m, int n);
/* Row by row: Y = w * X / sqrt(mean(X^2) + eps), in f32. Under bf16/f16,
   as transformers' MambaBlock and MambaRMSNorm: the input is first cast to
   the compute type (cast = 1: a block's norm; the final norm reads the
   residual as it is); the normalised x is cast back to the input's type
   before the weight multiplies it (twice = 1: when that type is the compute
   type), and the product is rounded (the logits' linear map reads it so). */
void lt_mdl_rmsnorm(float *Y, const float *X, const float *w, long T, int n, float eps, const lt_model_struct *M,
                    int cast, int twice);
/* x[i] = gelu(x[i]) (erf form) and y[i] = sigmoid(x[i]), n entries: the
   same functions as lt_mdl_gelu and lt_mdl_sigmoid to a few units in the
   last place, in loops the compiler vectorises (no libm call) */
void lt_mdl_gelu_all(float *x, size_t n);
void lt_mdl_sigmoid_all(float *y, const float *x, size_t n);
/* One Mamba-2 head at one position (mamba2.c), state S (N x P,
   row n for B[n]): S[n][p] <- a S[n][p] + dx[p] B[n], y[p] = sum_n S[n][p]
   C[n] (n in order) + d x[p], dx = dt x; in the vectorised file */
void lt_mdl_m2_head(double *S, double *y, const double *x, const double *dx, const float *B, const float *C, double a,
                    double d, int N, int P);
/* g[i] = silu(g[i]) u[i] = g[i] sigmoid(g[i]) u[i] (swiglu), n entries, with
   the vectorised sigmoid (f32 only: bf16/f16 round as torch does) */
void lt_mdl_swiglu_all(float *g, const float *u, size_t n);
/* y[i] = exp(x[i]) in f32 (to about 1e-7 relative), n entries, in the
   vectorised file */
void lt_mdl_exp_all(float *y, const float *x, size_t n);
/* log sigmoid(x) = min(x, 0) - log1p(e^-|x|), in f32 (absolute error below
   2e-7 for every x; a NaN kept) */
void lt_mdl_logsigmoid_all(float *y, const float *x, size_t n);
/* softplus(x) = log(1 + e^x) = max(x, 0) + log1p(e^-|x|), in f32 with the
   kernels of lt_mdl_logsigmoid_all (a NaN kept) */
void lt_mdl_softplus_all(float *y, const float *x, size_t n);
/* T = (I + L)^-1 (n x n, row-major), L the strictly lower triangle of A
   (its diagonal and upper triangle unread): unit lower triangular, by
   blocks of 16 (the UT transform of the chunkwise delta rule, delta.c),
   in the vectorised file */
void lt_mdl_unit_lower_inverse(float *T, const float *A, int n);
/* each of the rows (n floats each, contiguous) of X divided by
   sqrt(|x|^2 + 1e-6) (the sum in double, in order), then times scale
   when it is not 1 (FLA's l2norm in f32) */
void lt_mdl_l2norm_rows(float *X, size_t rows, int n, float scale);
/* x[i] *= s, n entries, in the vectorised file */
void lt_mdl_scale_all(float *x, size_t n, float s);
/* x (2 h2 floats) rotated: the halves (x1, x2) become (x1 cos - x2 sin,
   x2 cos + x1 sin), in double, with cs = h2 cosines then h2 sines (the
   transformer's rotary embedding in f32) */
void lt_mdl_rope(float *x, const double *cs, int h2);
/* FLA's output norm in f32 (lt_mdl_fla_out_norm): each of the rows (dv
   floats) of O times 1/sqrt(mean square + eps) (in double, in order) and
   the weight w (NULL: 1), then times silu(G) (G not NULL), with the
   vectorised sigmoid */
void lt_mdl_out_norm_f32(float *O, const float *G, const float *w, size_t rows, int dv, float eps);
/* y[i] = sigmoid(x[i]) x[i] (silu), n entries, with the vectorised sigmoid */
void lt_mdl_silu_all(float *y, const float *x, size_t n);
/* p[0..n-1] <- exp(p[j] - max p) in f32 (n >= 1), returning their sum: the
   numerators of a softmax, in the vectorised file */
float lt_mdl_softmax_exp(float *p, long n);
/* the rows of a causal block of scores to their softmax numerators, z[r]
   their sums (kernels.c: the row stride a multiple of 16) */
void lt_mdl_softmax_causal(float *S, long lds, long nb, long i0, long L, float scale, float *z);
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
    /* The state-transition matrices of layer i (lt_model_transitions): the
       size n of one (0: not available), and the T matrices n x n (row-major
       doubles, one after the other) that the layer applies to its state at
       positions 0..T-1, from the layer's input X (T x d_model; X is not
       changed); w holds work(M, T) floats. */
    long (*transition_size)(const lt_model_struct *M);
    void (*transitions)(double *A, const lt_model_struct *M, int i, const float *X, long T, float *w);
    /* 1 when the first layer's transition at a position depends on that
       position's token alone (no convolution over earlier tokens) */
    int (*token_local)(const lt_model_struct *M);
    /* 1: the layer rounds as torch does under bf16/f16; 0: f32 only */
    int rounds;
    /* words a group that lt_model_forward_many runs through the layers
       together (NULL or 1: one at a time), and layer i on the rows of nw
       words one after the other (len[k] rows each; w holds work(M, their
       sum) floats). A word's logits must not depend on its group. */
    int (*group)(const lt_model_struct *M);
    void (*layer_words)(float *X, const lt_model_struct *M, int i, const long *len, int nw, float *w);
} lt_mdl_ops;

extern const lt_mdl_ops lt_mdl_diag, lt_mdl_mamba;
/* FLA gla (gla.c), gated_deltaproduct and delta_net (delta.c) */
extern const lt_mdl_ops lt_mdl_gla, lt_mdl_delta;
/* transformers' mamba2 (mamba2.c); FLA's transformer (attn.c) */
extern const lt_mdl_ops lt_mdl_mamba2, lt_mdl_attn;

/* The FLA block (fla/models/NAME/modeling_NAME.py, the Block class), shared by FLA's
   architectures (src/model/gla.c): X += mixer(attn_norm(X)), then
   X += GatedMLP(mlp_norm(X)); mixer(O, U, M, i, T, w) writes the mixer's
   output O (T x d_model) from the normed input U and needs
   mixer_work floats at w; lt_mdl_fla_work is what the whole block needs.
   Under bf16/f16 the block rounds as FLA's model after model.to(dtype)
   (scripts/zoo/fla_common.py forward_reduced); the mixer's output is
   rounded by the block. */
typedef void (*lt_mdl_fla_mixer)(float *O, const float *U, const lt_model_struct *M, int i, long T, float *w);
size_t lt_mdl_fla_work(const lt_model_struct *M, long T, size_t mixer_work);
void lt_mdl_fla_block(float *X, const lt_model_struct *M, int i, long T, float *w, lt_mdl_fla_mixer mixer);
/* the final norm (model.norm) */
void lt_mdl_fla_final(float *Y, const float *X, const lt_model_struct *M, long T);
/* a projection Y (T x m) = X (T x n) W^T (+ b), rounded to the compute
   precision (torch's linear: summed in f32, rounded once) */
void lt_mdl_fla_linear(float *Y, const float *W, const float *b, const float *X, long T, int m, int n,
                       const lt_model_struct *M);
/* FLA's ShortConvolution with silu on C channels (weight C x 1 x K, no
   bias): Y (T x C, row stride ldy) from X (row stride ldx); K = 0 is silu
   alone; the output rounded to the compute precision */
void lt_mdl_fla_conv_silu(float *Y, int ldy, const float *X, int ldx, const float *w, long T, int C, int K,
                          const lt_model_struct *M);
/* q_proj, k_proj, v_proj of the normed input U into Q, K, V (cq, ck, cv
   columns), each through its ShortConvolution and silu when the model has
   one, or silu alone (silu = 1) or nothing; R is scratch of T x max(cq,
   ck, cv); rounded as torch does */
void lt_mdl_fla_qkv(float *Q, float *K, float *V, float *R, const float *U, const lt_model_struct *M,
                    const lt_model_layer *l, long T, int cq, int ck, int cv, int silu);
/* FLA's RMSNorm of the output per head (dv values each, eps), weight w
   (NULL: none), gated by silu(G) when G is not NULL: in one kernel when
   fused (FusedRMSNormGated), else the norm and silu(G) each rounded before
   the product (gla without fuse_norm); O (T x heads*dv) in place, rounded
   to the compute precision */
void lt_mdl_fla_out_norm(float *O, const float *G, const float *w, long T, int heads, int dv, float eps,
                         const lt_model_struct *M, int fused);

#endif
