/* flash-linear-attention (FLA): the block every FLA model shares and the
   GLA mixer. Written from fla-org/flash-linear-attention (commit bc3b101d):
   the block and GatedMLP as fla/models/gla/modeling_gla.py (GLABlock,
   GLAModel, GLAForCausalLM) and fla/modules/mlp.py (GatedMLP, SwiGLU) have
   them, the norms as fla/modules/layernorm.py (RMSNorm) and
   fla/modules/fused_norm_gate.py (FusedRMSNormGated: rmsnorm(o) w silu(g)),
   the short convolution as fla/modules/conv/short_conv.py, and the
   Gated Linear Attention layer (Yang et al., "Gated Linear Attention
   Transformers with Hardware-Efficient Training", ICML 2024) as
   fla/layers/gla.py in its recurrent form (fla/ops/gla/naive.py):
   S_t = diag(exp(gk_t)) S_(t-1) + k_t v_t^T, o_t = S_t^T q_t / sqrt(d_k),
   gk = logsigmoid(gk_proj(x)) / 16 (in f32 by lt_mdl_logsigmoid_all); in f32 by chunks, its chunkwise
   form (gla_chunked). Under bf16/f16 the block and the
   mixers round where FLA's model rounds after model.to(dtype), on at most
   64 tokens (the layers' fused_recurrent kernels): every projection, the
   short convolution with silu, each norm's output, swiglu, the residual
   adds (mlp_norm, with fuse_norm, normalises the sum unrounded), and in
   the mixer logsigmoid, / 16 and the recurrence's output o; the
   recurrence itself runs on the rounded q, k, v, gk with its state in
   double (f32 in FLA's kernel). tests/check-zoo.sh holds it to
   scripts/zoo/gla.py forward_reduced, written from FLA's kernels. */
#include <math.h>
#include <string.h>
#include "../core/blas.h"
#include "impl.h"

/* ---- the FLA block, shared by FLA's architectures ---- */

size_t lt_mdl_fla_work(const lt_model_struct *M, long T, size_t mixer_work)
{
    size_t mlp = 2 * (size_t)T * M->fla_inter;
    return 2 * (size_t)T * M->d_model + (mixer_work > mlp ? mixer_work : mlp);
}

void lt_mdl_fla_block(float *X, const lt_model_struct *M, int i, long T, float *w, lt_mdl_fla_mixer mixer)
{
    const lt_model_layer *l = &M->layers[i];
    int D = M->d_model, F = M->fla_inter, unfused = !M->fla_fuse_norm;
    size_t n = (size_t)T * D;
    float *U = w, *O = U + n, *rest = O + n;
    lt_mdl_rmsnorm(U, X, l->fla_attn_norm, T, D, M->eps, M, 0, unfused);
    mixer(O, U, M, i, T, rest);
    lt_mdl_rnd_all(M, O, n);
    if (M->compute == LT_COMPUTE_F32 || unfused) {
        lt_mdl_add(X, O, n, M);
        lt_mdl_rmsnorm(U, X, l->fla_mlp_norm, T, D, M->eps, M, 0, unfused);
    } else {
        /* fuse_norm: mlp_norm adds the residual in f32 and normalises
           that sum; the residual it passes on is the sum rounded */
        for (size_t j = 0; j < n; j++) O[j] += X[j];
        lt_mdl_rmsnorm(U, O, l->fla_mlp_norm, T, D, M->eps, M, 0, 0);
        for (size_t j = 0; j < n; j++) X[j] = lt_mdl_rnd_reduced(M, O[j]);
    }
    /* GatedMLP: down(silu(gate(x)) * up(x)), swiglu in f32 rounded once */
    float *Gt = rest, *Up = Gt + (size_t)T * F;
    lt_mdl_fla_linear(Gt, l->fla_gate, NULL, U, T, F, D, M);
    lt_mdl_fla_linear(Up, l->fla_up, NULL, U, T, F, D, M);
    if (M->compute == LT_COMPUTE_F32) lt_mdl_swiglu_all(Gt, Up, (size_t)T * F);
    else for (size_t j = 0; j < (size_t)T * F; j++) Gt[j] = lt_mdl_rnd(M, lt_mdl_silu(Gt[j]) * Up[j]);
    lt_mdl_fla_linear(O, l->fla_down, NULL, Gt, T, D, F, M);
    lt_mdl_add(X, O, n, M);
}

/* fuse_norm: FLA's RMSNorm, rounded once; else nn.RMSNorm, rounded
   before the weight and after */
void lt_mdl_fla_final(float *Y, const float *X, const lt_model_struct *M, long T)
{
    lt_mdl_rmsnorm(Y, X, M->norm_f, T, M->d_model, M->eps, M, 0, !M->fla_fuse_norm);
}

void lt_mdl_fla_linear(float *Y, const float *W, const float *b, const float *X, long T, int m, int n,
                       const lt_model_struct *M)
{
    lt_mdl_linear_m(M, Y, m, W, b, X, n, T, m, n);
    lt_mdl_rnd_all(M, Y, (size_t)T * m);
}

void lt_mdl_fla_qkv(float *Q, float *K, float *V, float *R, const float *U, const lt_model_struct *M,
                    const lt_model_layer *l, long T, int cq, int ck, int cv, int silu)
{
    const float *W[3] = {l->fla_q, l->fla_k, l->fla_v}, *Cw[3] = {l->fla_qconv, l->fla_kconv, l->fla_vconv};
    float *Y[3] = {Q, K, V};
    int c[3] = {cq, ck, cv}, D = M->d_model, cs = M->fla_conv;
    for (int j = 0; j < 3; j++)
        if (cs || silu) {
            lt_mdl_fla_linear(R, W[j], NULL, U, T, c[j], D, M);
            lt_mdl_fla_conv_silu(Y[j], c[j], R, c[j], Cw[j], T, c[j], cs, M);
        } else
            lt_mdl_fla_linear(Y[j], W[j], NULL, U, T, c[j], D, M);
}

/* weight k meets input t - (K-1) + k (causal padding K - 1) */
void lt_mdl_fla_conv_silu(float *Y, int ldy, const float *X, int ldx, const float *w, long T, int C, int K,
                          const lt_model_struct *M)
{
    if (!K && M->compute == LT_COMPUTE_F32) {     /* silu alone, with the vectorised sigmoid */
        if (ldx == C && ldy == C) {
            lt_mdl_silu_all(Y, X, (size_t)T * C);
            return;
        }
        for (long t = 0; t < T; t++) {
            float *y = Y + (size_t)t * ldy;
            const float *x = X + (size_t)t * ldx;
            lt_mdl_sigmoid_all(y, x, (size_t)C);
            for (int c = 0; c < C; c++) y[c] *= x[c];
        }
        return;
    }
    for (long t = 0; t < T; t++)
        for (int c = 0; c < C; c++) {
            double s = 0;
            if (!K) s = X[(size_t)t * ldx + c];
            for (int k = 0; k < K; k++) {
                long tt = t - (K - 1) + k;
                if (tt >= 0) s += (double)w[(size_t)c * K + k] * X[(size_t)tt * ldx + c];
            }
            /* under bf16/f16 as the kernels write it: the convolution's
               x sigmoid(x), torch's F.silu x / (1 + exp(-x)) (K = 0) */
            float v = (float)s;
            Y[(size_t)t * ldy + c] = K || M->compute == LT_COMPUTE_F32 ? lt_mdl_rnd(M, lt_mdl_silu(v))
                                     : lt_mdl_rnd_reduced(M, v / (1.0f + expf(-v)));
        }
}

void lt_mdl_fla_out_norm(float *O, const float *G, const float *w, long T, int heads, int dv, float eps,
                         const lt_model_struct *M, int fused)
{
    if (M->compute == LT_COMPUTE_F32) {         /* fused or not, the same in f32 */
        lt_mdl_out_norm_f32(O, G, w, (size_t)T * heads, dv, eps);
        return;
    }
    for (size_t r = 0; r < (size_t)T * heads; r++) {
        float *o = O + r * dv;
        const float *g = G ? G + r * dv : NULL;
        double s = 0;
        for (int j = 0; j < dv; j++) s += (double)o[j] * o[j];
        float rstd = 1.0f / sqrtf((float)(s / dv) + eps);
        for (int j = 0; j < dv; j++) {
            float y = o[j] * rstd * (w ? w[j] : 1.0f);
            if (g && !fused) y = lt_mdl_rnd(M, y) * lt_mdl_rnd(M, lt_mdl_silu(g[j]));
            else if (g && M->compute != LT_COMPUTE_F32) y = y * g[j] * lt_mdl_sigmoid(g[j]);    /* the kernel's order */
            else if (g) y *= lt_mdl_silu(g[j]);
            o[j] = lt_mdl_rnd(M, y);
        }
    }
}

/* ---- GLA ---- */

#define GLA_RANK 16     /* gate_low_rank_dim, fixed by GLABlock */

static size_t gla_mixer_work(const lt_model_struct *M, long T)
{
    size_t Kd = (size_t)M->fla_heads * M->fla_dk, Vd = (size_t)M->fla_heads * M->fla_dv;
    return (size_t)T * (3 * Kd + 3 * Vd + (Kd > Vd ? Kd : Vd) + GLA_RANK);
}

/* Q, K (T x Kd) and V (T x Vd) after the optional short convolution, and
   the log gates GK (T x Kd); R is scratch of T x max(Kd, Vd) */
static void gla_inputs(float *Q, float *K, float *V, float *GK, float *R, const float *U, const lt_model_struct *M,
                       const lt_model_layer *l, long T)
{
    int D = M->d_model, Kd = M->fla_heads * M->fla_dk, Vd = M->fla_heads * M->fla_dv;
    lt_mdl_fla_qkv(Q, K, V, R, U, M, l, T, Kd, Kd, Vd, 0);
    lt_mdl_fla_linear(R, l->fla_gk0, NULL, U, T, GLA_RANK, D, M);
    lt_mdl_fla_linear(GK, l->fla_gk1, l->fla_gk1_b, R, T, Kd, GLA_RANK, M);
    float lo = lt_mdl_rnd(M, M->fla_clamp);
    size_t n = (size_t)T * Kd;
    if (M->compute == LT_COMPUTE_F32) {         /* f32: the vectorised kernel */
        lt_mdl_logsigmoid_all(GK, GK, n);
        for (size_t j = 0; j < n; j++) {
            float g = GK[j] / 16.0f;
            GK[j] = g < lo ? lo : g;
        }
        return;
    }
    for (size_t j = 0; j < n; j++) {
        /* logsigmoid, then / gate_logit_normalizer: each a rounded op */
        float g = lt_mdl_rnd(M, lt_mdl_rnd(M, (float)(-lt_mdl_neg_log_sigmoid(GK[j]))) / 16.0f);
        GK[j] = g < lo ? lo : g;
    }
}

/* The recurrence position by position, the state in double (bf16/f16;
   f32 when M->stepwise) */
static void gla_stepwise(float *Ob, const float *Q, const float *K, const float *V, const float *GK, const lt_model_struct *M,
                         long T)
{
    int H = M->fla_heads, dk = M->fla_dk, dv = M->fla_dv, Kd = H * dk, Vd = H * dv;
    double *S = lt_malloc((size_t)dk * dv * sizeof *S);    /* the state in double */
    float scale = 1.0f / sqrtf((float)dk);
    for (int h = 0; h < H; h++) {
        memset(S, 0, (size_t)dk * dv * sizeof *S);
        for (long t = 0; t < T; t++) {
            const float *q = Q + (size_t)t * Kd + (size_t)h * dk, *k = K + (size_t)t * Kd + (size_t)h * dk,
                        *gk = GK + (size_t)t * Kd + (size_t)h * dk, *v = V + (size_t)t * Vd + (size_t)h * dv;
            float *o = Ob + (size_t)t * Vd + (size_t)h * dv;
            for (int a = 0; a < dk; a++) {
                double e = exp((double)gk[a]);
                for (int b = 0; b < dv; b++) S[(size_t)a * dv + b] = e * S[(size_t)a * dv + b] + (double)k[a] * v[b];
            }
            for (int b = 0; b < dv; b++) {
                double s = 0;
                for (int a = 0; a < dk; a++) s += (double)(q[a] * scale) * S[(size_t)a * dv + b];
                o[b] = lt_mdl_rnd(M, (float)s);
            }
        }
    }
    lt_free(S);
}

/* The recurrence of head h by chunks, in f32 (the chunkwise form of Yang
   et al. 2024, section 4, "Gated Linear Attention Transformers with
   Hardware-Efficient Training"): within a chunk of GLA_CHUNK positions
   from t0, with b_r the log gates summed over the chunk's positions up to
   r (per key dimension),
     o_r = (q_r e^(b_r)) S + sum_(s <= r) ((q_r e^(b_r)) . (k_s e^(-b_s))) v_s,
     S <- diag(e^(b_last)) S + sum_s (k_s e^(b_last - b_s)) v_s^T,
   each sum one SGEMM (the causal mask on the chunk's square of scores).
   When a chunk's gates fall below e^-60 (e^(-b_s) could overflow), its
   scores are summed key by key with e^(b_r - b_s) (FLA's secondary
   chunking serves the same end). The output o includes 1/sqrt(d_k) in q. */
enum { GLA_CHUNK = 32 };
static void gla_chunked(float *Ob, const float *Q, const float *K, const float *V, const float *GK, const lt_model_struct *M,
                        int h, long T, float *wk)
{
    int dk = M->fla_dk, dv = M->fla_dv, Kd = M->fla_heads * dk, Vd = M->fla_heads * dv, C = GLA_CHUNK;
    float *S = wk, *B = S + (size_t)dk * dv, *E = B + (size_t)C * dk, *Qg = E + (size_t)C * dk, *Kn = Qg + (size_t)C * dk,
          *Kl = Kn + (size_t)C * dk, *A = Kl + (size_t)C * dk, *el = A + (size_t)C * C;
    float scale = 1.0f / sqrtf((float)dk);
    memset(S, 0, (size_t)dk * dv * sizeof *S);
    for (long t0 = 0; t0 < T; t0 += C) {
        int n = T - t0 < C ? (int)(T - t0) : C, steep = 0;
        for (int a = 0; a < dk; a++) {
            double b = 0;
            for (int r = 0; r < n; r++) B[(size_t)r * dk + a] = (float)(b += GK[(size_t)(t0 + r) * Kd + (size_t)h * dk + a]);
            steep |= !(b >= -60.0);
        }
        const float *last = B + (size_t)(n - 1) * dk;
        lt_mdl_exp_all(E, B, (size_t)n * dk);
        for (int r = 0; r < n; r++)
            for (int a = 0; a < dk; a++) {
                size_t i = (size_t)r * dk + a, j = (size_t)(t0 + r) * Kd + (size_t)h * dk + a;
                Qg[i] = Q[j] * scale * E[i];
                Kn[i] = last[a] - B[i];
                Kl[i] = -B[i];
            }
        lt_mdl_exp_all(Kl, Kl, (size_t)n * dk);
        lt_mdl_exp_all(Kn, Kn, (size_t)n * dk);
        lt_mdl_exp_all(el, last, (size_t)dk);
        for (int r = 0; r < n; r++)
            for (int a = 0; a < dk; a++) {
                size_t i = (size_t)r * dk + a;
                float k = K[(size_t)(t0 + r) * Kd + (size_t)h * dk + a];
                Kn[i] *= k;         /* k_s e^(b_last - b_s) */
                Kl[i] *= k;         /* k_s e^(-b_s) */
            }
        float *o = Ob + (size_t)t0 * Vd + (size_t)h * dv;
        const float *v = V + (size_t)t0 * Vd + (size_t)h * dv;
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, dv, dk, 1.0f, Qg, dk, S, dv, 0.0f, o, Vd);
        if (!steep)
            lt_mdl_gemm_nt(n, n, dk, 1.0f, Qg, dk, Kl, dk, 0.0f, A, n);
        for (int r = 0; r < n; r++) {     /* the causal mask */
            memset(A + (size_t)r * n + r + 1, 0, (size_t)(n - r - 1) * sizeof *A);
            for (int s2 = 0; s2 <= r && steep; s2++) {
                double x = 0;
                for (int a = 0; a < dk; a++)
                    x += (double)(Q[(size_t)(t0 + r) * Kd + (size_t)h * dk + a] * scale)
                         * K[(size_t)(t0 + s2) * Kd + (size_t)h * dk + a]
                         * exp((double)B[(size_t)r * dk + a] - B[(size_t)s2 * dk + a]);
                A[(size_t)r * n + s2] = (float)x;
            }
        }
        cblas_sgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, n, dv, n, 1.0f, A, n, v, Vd, 1.0f, o, Vd);
        for (int a = 0; a < dk; a++)
            for (int b = 0; b < dv; b++) S[(size_t)a * dv + b] *= el[a];
        cblas_sgemm(CblasRowMajor, CblasTrans, CblasNoTrans, dk, dv, n, 1.0f, Kn, dk, v, Vd, 1.0f, S, dv);
    }
}

static void gla_mixer(float *O, const float *U, const lt_model_struct *M, int i, long T, float *w)
{
    const lt_model_layer *l = &M->layers[i];
    int D = M->d_model, H = M->fla_heads, dk = M->fla_dk, dv = M->fla_dv, Kd = H * dk, Vd = H * dv;
    float *Q = w, *K = Q + (size_t)T * Kd, *GK = K + (size_t)T * Kd, *V = GK + (size_t)T * Kd, *G = V + (size_t)T * Vd,
          *Ob = G + (size_t)T * Vd, *R = Ob + (size_t)T * Vd;
    gla_inputs(Q, K, V, GK, R, U, M, l, T);
    if (M->compute == LT_COMPUTE_F32 && !M->stepwise) {
        float *wk = lt_malloc(((size_t)dk * dv + 6 * (size_t)GLA_CHUNK * dk + (size_t)GLA_CHUNK * GLA_CHUNK + dk) * sizeof *wk);
        for (int h = 0; h < H; h++) gla_chunked(Ob, Q, K, V, GK, M, h, T, wk);
        lt_free(wk);
    } else
        gla_stepwise(Ob, Q, K, V, GK, M, T);
    if (M->fla_out_gate) lt_mdl_fla_linear(G, l->fla_g, NULL, U, T, Vd, D, M);
    lt_mdl_fla_out_norm(Ob, M->fla_out_gate ? G : NULL, l->fla_onorm, T, H, dv, M->eps, M, M->fla_fuse_norm);
    lt_mdl_linear_m(M, O, D, l->fla_o, NULL, Ob, Vd, T, D, Vd);
}

static size_t gla_work(const lt_model_struct *M, long T)
{
    return lt_mdl_fla_work(M, T, gla_mixer_work(M, T));
}

static void gla_layer(float *X, const lt_model_struct *M, int i, long T, float *w)
{
    lt_mdl_fla_block(X, M, i, T, w, gla_mixer);
}

/* Layer i's log gates from its input X: GK (T x Kd) inside w (gla_work
   floats). */
static float *gla_gates(const lt_model_struct *M, int i, const float *X, long T, float *w)
{
    int D = M->d_model, Kd = M->fla_heads * M->fla_dk, Vd = M->fla_heads * M->fla_dv;
    float *U = w, *Q = U + (size_t)T * D, *K = Q + (size_t)T * Kd, *GK = K + (size_t)T * Kd, *V = GK + (size_t)T * Kd,
          *R = V + (size_t)T * Vd;
    lt_mdl_rmsnorm(U, X, M->layers[i].fla_attn_norm, T, D, M->eps, M, 0, !M->fla_fuse_norm);
    gla_inputs(Q, K, V, GK, R, U, M, &M->layers[i], T);
    return GK;
}

/* diag(exp(gk)): |log| = max |gk| over heads and keys */
static void gla_norms(double *g, const lt_model_struct *M, const float *X, long T, float *w)
{
    int Kd = M->fla_heads * M->fla_dk;
    const float *GK = gla_gates(M, 0, X, T, w);
    for (long t = 0; t < T; t++) {
        double m = 0;
        for (int a = 0; a < Kd; a++) if (!(fabs(GK[(size_t)t * Kd + a]) <= m)) m = fabs(GK[(size_t)t * Kd + a]);
        g[t] = m;
    }
}

/* The state of a head is d_k x d_v and moves as S_t = diag(exp(gk_t)) S_(t-1)
   + k v^T: the transitions act on the key index, every head a diagonal
   block of one (heads d_k)-square matrix. */
static long gla_transition_size(const lt_model_struct *M)
{
    return (long)M->fla_heads * M->fla_dk;
}

static void gla_transitions(double *A, const lt_model_struct *M, int i, const float *X, long T, float *w)
{
    long n = gla_transition_size(M);
    const float *GK = gla_gates(M, i, X, T, w);
    memset(A, 0, (size_t)T * n * n * sizeof *A);
    for (long t = 0; t < T; t++)
        for (long a = 0; a < n; a++) A[((size_t)t * n + a) * n + a] = exp((double)GK[(size_t)t * n + a]);
}

/* gk = gk_proj(x_t) reads x_t alone (the short convolution, if any, is
   on q, k and v only) */
static int gla_token_local(const lt_model_struct *M)
{
    (void)M;
    return 1;
}

static const char *gla_layer_name(const lt_model_struct *M)
{
    (void)M;
    return "GLA";
}

/* diag(exp(gk)), gk = logsigmoid(.)/16 <= 0: real diagonal in (0, 1] */
static void gla_family(lt_arch *a, const lt_model_struct *M)
{
    (void)M;
    a->householders = 0;
    a->kind = LT_FAM_DIAG_POSITIVE;
}

const lt_mdl_ops lt_mdl_gla = {.name = "gla", .layer_name = gla_layer_name, .family = gla_family, .work = gla_work,
                               .layer = gla_layer, .final_norm = lt_mdl_fla_final, .norms = gla_norms,
                               .transition_size = gla_transition_size, .transitions = gla_transitions,
                               .token_local = gla_token_local, .rounds = 1};
