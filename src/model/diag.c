/* The lietool-diag architecture (lietool-formats(5), TRAINED MODELS): a
   residual stack of diagonal linear recurrences h_t = a_t * h_(t-1) + b_t
   with input-dependent gates a_t = sigma(z), 2 sigma(z) - 1 (signed) or
   sigma(z) e^{i theta} (complex), each followed by an optional GELU MLP. */
#include <math.h>
#include <string.h>
#include "impl.h"

/* A lietool-diag layer's gates: U (T x D) the normed input, ZA (T x N)
   and, complex, TH (T x N) the angles. */
static void diag_gates(float *U, float *ZA, float *TH, const float *X, const lt_model_struct *M, const lt_model_layer *l, long T)
{
    int D = M->d_model, N = M->d_state;
    lt_mdl_rmsnorm(U, X, l->norm, T, D, M->eps, M, 1, 1);
    lt_mdl_linear_m(M, ZA, N, l->a_w, l->a_b, U, D, T, N, D);
    lt_mdl_rnd_all(M, ZA, (size_t)T * N);
    if (M->eig == LT_EIG_COMPLEX) { lt_mdl_linear_m(M, TH, N, l->th_w, l->th_b, U, D, T, N, D); lt_mdl_rnd_all(M, TH, (size_t)T * N); }
}

static void diag_layer(float *X, const lt_model_struct *M, int i, long T, float *w)
{
    const lt_model_layer *l = &M->layers[i];
    int D = M->d_model, N = M->d_state, cx = M->eig == LT_EIG_COMPLEX, SN = cx ? 2 * N : N, Mm = M->d_mlp;
    float *U = w, *ZA = U + (size_t)T * D, *TH = ZA + (size_t)T * N, *BV = TH + (size_t)T * N,
          *H = BV + (size_t)T * SN, *Y = H + (size_t)T * SN, *MM = Y + (size_t)T * D;
    diag_gates(U, ZA, TH, X, M, l, T);
    lt_mdl_linear_m(M, BV, SN, l->b_w, l->b_b, U, D, T, SN, D);
    lt_mdl_rnd_all(M, BV, (size_t)T * SN);
    if (!cx && M->compute == LT_COMPUTE_F32) {         /* f32: every gate at once, in place */
        lt_mdl_sigmoid_all(ZA, ZA, (size_t)T * N);
        if (M->eig == LT_EIG_SIGNED)
            for (size_t j = 0; j < (size_t)T * N; j++) ZA[j] = 2.0f * ZA[j] - 1.0f;
    }
    for (long t = 0; t < T; t++) {
        const float *za = ZA + (size_t)t * N, *bv = BV + (size_t)t * SN;
        const float *hp = t ? H + (size_t)(t - 1) * SN : NULL;
        float *h = H + (size_t)t * SN;
        if (cx) {
            const float *th = TH + (size_t)t * N;
            for (int n = 0; n < N; n++) {
                float r = lt_mdl_rnd(M, lt_mdl_sigmoid(za[n])), ar = lt_mdl_rnd(M, r * lt_mdl_rnd(M, cosf(th[n]))), ai = lt_mdl_rnd(M, r * lt_mdl_rnd(M, sinf(th[n])));
                float hr = hp ? hp[n] : 0, hi = hp ? hp[N + n] : 0;
                h[n] = lt_mdl_rnd(M, ar * hr - ai * hi + bv[n]);
                h[N + n] = lt_mdl_rnd(M, ar * hi + ai * hr + bv[N + n]);
            }
        } else if (M->compute == LT_COMPUTE_F32) {
            const float *a = ZA + (size_t)t * N;        /* the gates, set below */
            for (int n = 0; n < N; n++) h[n] = a[n] * (hp ? hp[n] : 0) + bv[n];
        } else
            for (int n = 0; n < N; n++) {
                float a = M->eig == LT_EIG_SIGNED ? 2.0f * lt_mdl_sigmoid(za[n]) - 1.0f : lt_mdl_sigmoid(za[n]);
                h[n] = lt_mdl_rnd(M, lt_mdl_rnd(M, a) * (hp ? hp[n] : 0) + bv[n]);
            }
    }
    lt_mdl_linear_m(M, Y, D, l->out_w, l->out_b, H, SN, T, D, SN);
    lt_mdl_rnd_all(M, Y, (size_t)T * D);
    lt_mdl_add(X, Y, (size_t)T * D, M);
    if (Mm > 0) {
        lt_mdl_rmsnorm(U, X, l->mlp_norm, T, D, M->eps, M, 1, 1);
        lt_mdl_linear_m(M, MM, Mm, l->fc1_w, l->fc1_b, U, D, T, Mm, D);
        if (M->compute == LT_COMPUTE_F32) lt_mdl_gelu_all(MM, (size_t)T * Mm);
        else for (size_t i = 0; i < (size_t)T * Mm; i++) MM[i] = lt_mdl_rnd(M, lt_mdl_gelu(lt_mdl_rnd(M, MM[i])));
        lt_mdl_linear_m(M, Y, D, l->fc2_w, l->fc2_b, MM, Mm, T, D, Mm);
        lt_mdl_rnd_all(M, Y, (size_t)T * D);
        lt_mdl_add(X, Y, (size_t)T * D, M);
    }
}

static size_t diag_work(const lt_model_struct *M, long T)
{
    return (size_t)T * (3 * (size_t)M->d_model + 6 * (size_t)M->d_state + (size_t)M->d_mlp);
}

static void diag_final(float *Y, const float *X, const lt_model_struct *M, long T)
{
    lt_mdl_rmsnorm(Y, X, M->norm_f, T, M->d_model, M->eps, M, 1, 0);
}

/* |log a| of each gate: r e^{i theta} has log r + i theta, theta in (-pi, pi] */
static void diag_norms(double *g, const lt_model_struct *M, const float *X, long T, float *w)
{
    int D = M->d_model, N = M->d_state;
    float *U = w, *ZA = U + (size_t)T * D, *TH = ZA + (size_t)T * N;
    diag_gates(U, ZA, TH, X, M, &M->layers[0], T);
    for (long t = 0; t < T; t++) {
        double m = 0;
        for (int n = 0; n < N; n++) {
            double z = ZA[(size_t)t * N + n], v;
            if (M->eig == LT_EIG_COMPLEX) {
                double th = TH[(size_t)t * N + n];
                th -= 2 * M_PI * ceil((th - M_PI) / (2 * M_PI));
                v = hypot(lt_mdl_neg_log_sigmoid(z), th);
            } else if (M->eig == LT_EIG_SIGNED) v = lt_mdl_real_log_norm(tanh(z / 2));     /* 2 sigma(z) - 1 */
            else v = lt_mdl_neg_log_sigmoid(z);
            if (!(v <= m)) m = v;
        }
        g[t] = m;
    }
}

static const char *diag_layer_name(const lt_model_struct *M)
{
    return M->eig == LT_EIG_SIGNED ? "signed diagonal" : M->eig == LT_EIG_COMPLEX ? "complex diagonal" : "positive diagonal";
}

static void diag_family(lt_arch *a, const lt_model_struct *M)
{
    a->householders = 0;
    a->kind = M->eig == LT_EIG_POSITIVE ? LT_FAM_DIAG_POSITIVE : M->eig == LT_EIG_SIGNED ? LT_FAM_DIAG_SIGNED
                                                                                         : LT_FAM_DIAG_COMPLEX;
}

static long diag_transition_size(const lt_model_struct *M)
{
    return M->eig == LT_EIG_COMPLEX ? 2L * M->d_state : M->d_state;
}

/* diag(a); complex: channel n's state is (h[n], h[N+n]) = (re, im), and
   a = r e^{i theta} acts on it as the block [[r cos, -r sin], [r sin, r cos]] */
static void diag_transitions(double *A, const lt_model_struct *M, int i, const float *X, long T, float *w)
{
    int D = M->d_model, N = M->d_state;
    long n = diag_transition_size(M);
    float *U = w, *ZA = U + (size_t)T * D, *TH = ZA + (size_t)T * N;
    diag_gates(U, ZA, TH, X, M, &M->layers[i], T);
    memset(A, 0, (size_t)T * n * n * sizeof *A);
    for (long t = 0; t < T; t++) {
        double *a = A + (size_t)t * n * n;
        for (int c = 0; c < N; c++) {
            double z = ZA[(size_t)t * N + c], r = 1 / (1 + exp(-z));
            if (M->eig == LT_EIG_COMPLEX) {
                double th = TH[(size_t)t * N + c];
                a[c * n + c] = a[(N + c) * n + N + c] = r * cos(th);
                a[c * n + N + c] = -r * sin(th);
                a[(N + c) * n + c] = r * sin(th);
            } else a[c * n + c] = M->eig == LT_EIG_SIGNED ? 2 * r - 1 : r;
        }
    }
}

static int diag_token_local(const lt_model_struct *M)
{
    (void)M;
    return 1;
}

const lt_mdl_ops lt_mdl_diag = {.name = "lietool-diag", .layer_name = diag_layer_name, .family = diag_family,
                                .work = diag_work, .layer = diag_layer, .final_norm = diag_final, .norms = diag_norms,
                                .transition_size = diag_transition_size, .transitions = diag_transitions,
                                .token_local = diag_token_local, .rounds = 1};
