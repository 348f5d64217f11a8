/* Trained models (lietool/model.h): what every architecture shares, the
   rounding to the compute precision and the kernels of src/model/impl.h,
   and the dispatch to each architecture's own file (model_<name>.c).
   Single precision storage, double accumulation in the matrix-vector
   products. */
#include <stdatomic.h>
#include <unistd.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../core/blas.h"
#include "impl.h"

static const lt_mdl_ops *const arch_ops[] = {
    [LT_ARCH_DIAG] = &lt_mdl_diag,
    [LT_ARCH_MAMBA] = &lt_mdl_mamba,
    [LT_ARCH_GLA] = &lt_mdl_gla,
    [LT_ARCH_DELTA] = &lt_mdl_delta,
    [LT_ARCH_MAMBA2] = &lt_mdl_mamba2,
    [LT_ARCH_ATTN] = &lt_mdl_attn,
};

static const lt_mdl_ops *ops(const lt_model_struct *M)
{
    return arch_ops[M->arch];
}

void lt_model_init(lt_model_t M)
{
    memset(M, 0, sizeof *M);
}

void lt_model_clear(lt_model_t M)
{
    for (int i = 0; i < M->nweights; i++)
        if (!M->borrowed[i]) lt_free(M->weights[i]);
    for (int i = 0; i < M->nbufs; i++) lt_free(M->bufs[i]);
    lt_free(M->bufs);
    lt_free(M->borrowed);
    lt_free(M->weights);
    lt_free(M->sizes);
    lt_free(M->layers);
    lt_free(M->at_rope);
}

float *lt_model_keep(lt_model_t M, float *a, size_t n, int borrowed)
{
    M->weights = lt_realloc(M->weights, (size_t)(M->nweights + 1) * sizeof *M->weights);
    M->sizes = lt_realloc(M->sizes, (size_t)(M->nweights + 1) * sizeof *M->sizes);
    M->borrowed = lt_realloc(M->borrowed, (size_t)(M->nweights + 1) * sizeof *M->borrowed);
    M->sizes[M->nweights] = n;
    M->borrowed[M->nweights] = (unsigned char)(borrowed != 0);
    M->weights[M->nweights++] = a;
    return a;
}

const char *lt_model_arch_name(const lt_model_t M)
{
    return ops(M)->name;
}

const char *lt_model_layout_name(const lt_model_t M)
{
    switch (M->layout) {
    case LT_LAYOUT_DIAG: return "lietool-diag";
    case LT_LAYOUT_HF_MAMBA: case LT_LAYOUT_HF_MAMBA2: return "Hugging Face";
    case LT_LAYOUT_FLA: return "flash-linear-attention";
    default: return "mamba_ssm";
    }
}

const char *lt_model_compute_name(lt_model_compute c)
{
    return c == LT_COMPUTE_BF16 ? "bf16" : c == LT_COMPUTE_F16 ? "f16" : "f32";
}

void lt_model_set_compute(lt_model_t M, lt_model_compute c)
{
    M->compute = c == LT_COMPUTE_CONFIG ? LT_COMPUTE_F32 : c;
    for (int i = 0; i < M->nparams; i++) lt_mdl_rnd_all(M, M->weights[i], M->sizes[i]);
    if (ops(M)->prepare) ops(M)->prepare(M);
}

const char *lt_model_layer_name(const lt_model_t M)
{
    return ops(M)->layer_name(M);
}

void lt_model_family(lt_arch *a, const lt_model_t M)
{
    ops(M)->family(a, M);
}

const char *lt_model_family_note(const lt_model_t M)
{
    if (M->eig_stated) return NULL;
    switch (M->arch) {
    case LT_ARCH_MAMBA:
    case LT_ARCH_MAMBA2:
        return M->eig == LT_EIG_SIGNED ? NULL
               : "config.json does not state the eigenvalue range (no signed_eigenvalues or positive_and_negative key), "
                 "so the transitions exp(dt A) are taken in [0,1], as mamba_ssm and transformers compute them; "
                 "`family` diag-signed reads them as 2 exp(dt A) - 1";
    case LT_ARCH_DELTA:
        return M->fla_neg ? NULL
               : "config.json does not state allow_neg_eigval, so beta is taken in [0,1] (FLA's default: eigenvalues "
                 "in [0,1]); `family` householder-N reads it as 2 beta";
    default: return NULL;
    }
}

lt_status lt_model_set_family(lt_model_t M, const lt_arch *a, lt_err_t err)
{
    lt_arch now;
    char want[32], have[32];
    lt_model_family(&now, M);
    lt_arch_name(want, sizeof want, a);
    if (M->arch == LT_ARCH_MAMBA || M->arch == LT_ARCH_MAMBA2) {
        if (a->kind == LT_FAM_DIAG_SIGNED || a->kind == LT_FAM_DIAG_POSITIVE) {
            M->eig = a->kind == LT_FAM_DIAG_SIGNED ? LT_EIG_SIGNED : LT_EIG_POSITIVE;
            M->eig_stated = 1;
            return LT_OK;
        }
        return lt_err_set(err, LT_EINPUT, "`family` %s: a %s checkpoint's layers are diag-positive or diag-signed", want,
                          lt_model_arch_name(M));
    }
    if (M->arch == LT_ARCH_DELTA) {
        int n = now.householders;
        if ((a->kind == LT_FAM_HOUSEHOLDER || a->kind == LT_FAM_HOUSEHOLDER_POS) && a->householders == n) {
            M->fla_neg = a->kind == LT_FAM_HOUSEHOLDER;
            M->eig_stated = 1;
            return LT_OK;
        }
        return lt_err_set(err, LT_EINPUT, "`family` %s: this checkpoint's layers are householder-%d or "
                          "householder-%d-positive (%d Householder factors per token)", want, n, n, n);
    }
    if (now.kind == a->kind && now.householders == a->householders) return LT_OK;
    if (now.kind == LT_FAM_COUNT)
        return lt_err_set(err, LT_EINPUT, "`family` %s: no family of the theory describes a %s checkpoint's layers", want,
                          lt_model_arch_name(M));
    lt_arch_name(have, sizeof have, &now);
    return lt_err_set(err, LT_EINPUT, "`family` %s: a %s checkpoint's layers are %s, and its files leave no choice", want,
                      lt_model_arch_name(M), have);
}

lt_status lt_model_check_group(const lt_model_t M, const char *name, long n, const char *group, lt_err_t err)
{
    if (M->task == LT_TASK_ROTATION)
        return lt_err_set(err, LT_EINPUT, "%s: a rotation-task checkpoint (config.json: \"lietool_task\": \"rotation\", a head of 3 "
                          "outputs), not a word-problem one: evaluate it with `task` rotation", name);
    if (M->vocab < n || M->classes < n)
        return lt_err_set(err, LT_EINPUT, "%s: the model has vocab_size %d and %d classes; %s has %ld elements",
                          name, M->vocab, M->classes, group, n);
    return LT_OK;
}

void lt_model_forward(float *logits, const lt_model_t M, const int *tokens, long T)
{
    int D = M->d_model;
    float *X = lt_malloc(((size_t)T * D + 1) * sizeof *X);
    float *w = lt_malloc((ops(M)->work(M, T) + (size_t)T * D + 1) * sizeof *w);
    for (long t = 0; t < T; t++) memcpy(X + (size_t)t * D, M->embed + (size_t)tokens[t] * D, (size_t)D * sizeof *X);
    for (int i = 0; i < M->n_layers; i++) ops(M)->layer(X, M, i, T, w);
    ops(M)->final_norm(w, X, M, T);
    lt_mdl_linear_m(M, logits, M->classes, M->head_w, M->head_b, w, D, T, M->classes, D);
    lt_mdl_rnd_all(M, logits, (size_t)T * M->classes);
    lt_free(w);
    lt_free(X);
}

int lt_model_has_transition_norms(const lt_model_t M)
{
    return ops(M)->norms != NULL;
}

int lt_model_has_reduced_compute(const lt_model_t M)
{
    return ops(M)->rounds;
}

void lt_model_transition_norms(double *g, const lt_model_t M, const int *tokens, long T)
{
    int D = M->d_model;
    float *X = lt_malloc(((size_t)T * D + 1) * sizeof *X);
    float *w = lt_malloc((ops(M)->work(M, T) + 1) * sizeof *w);
    for (long t = 0; t < T; t++) memcpy(X + (size_t)t * D, M->embed + (size_t)tokens[t] * D, (size_t)D * sizeof *X);
    ops(M)->norms(g, M, X, T, w);
    lt_free(w);
    lt_free(X);
}

long lt_model_transition_size(const lt_model_t M)
{
    return ops(M)->transition_size && ops(M)->transitions ? ops(M)->transition_size(M) : 0;
}

int lt_model_first_layer_token_local(const lt_model_t M)
{
    return ops(M)->token_local && ops(M)->token_local(M);
}

void lt_model_transitions(double *A, const lt_model_t M, int i, const int *tokens, long T)
{
    int D = M->d_model;
    float *X = lt_malloc(((size_t)T * D + 1) * sizeof *X);
    float *w = lt_malloc((ops(M)->work(M, T) + (size_t)T * D + 1) * sizeof *w);
    for (long t = 0; t < T; t++) memcpy(X + (size_t)t * D, M->embed + (size_t)tokens[t] * D, (size_t)D * sizeof *X);
    for (int j = 0; j < i; j++) ops(M)->layer(X, M, j, T, w);
    ops(M)->transitions(A, M, i, X, T, w);
    lt_free(w);
    lt_free(X);
}

int lt_model_threads(void)
{
    long t = lt_threads_env();
    if (t < 1) t = sysconf(_SC_NPROCESSORS_ONLN);
    return t < 1 ? 1 : t > 64 ? 64 : (int)t;
}

/* The forward passes of n words (tokens in[k * stride ..], len[k] each)
   into out[k * per ..], on nth threads: each thread takes the next word
   not taken (each word whole on one thread), or, for an architecture that
   runs words in groups of G (ops->group), the next group of G words (the
   groups are words 0 .. G - 1, G .. 2G - 1, ..., whichever thread runs
   them). Taking the next one rather than every nth-th keeps a thread that
   starts late (a halted processor takes milliseconds to wake) from
   leaving the other to wait at the end. */
typedef struct {
    float *out;
    const lt_model_struct *M;
    const int *in;
    const long *len;
    long n, stride;
    size_t per;
    _Atomic long next;          /* the next word, or group, to take */
} fwd_part;

/* Words k0 .. k0 + nw - 1 through the layers together (ops->layer_words),
   then the final norm and the head word by word, as lt_model_forward; the
   residual stream and the scratch in *X and *w (*cap floats of scratch,
   grown as the group needs, kept for the next group: large blocks
   allocated afresh each time come back as new pages to fault in) */
static void forward_group(const fwd_part *F, long k0, int nw, float **X, float **w, size_t *cap)
{
    const lt_model_struct *M = F->M;
    int D = M->d_model;
    long T = 0;
    for (int k = 0; k < nw; k++) T += F->len[k0 + k];
    size_t need = ops(M)->work(M, T) + (size_t)T * D + 1;
    if (need > *cap) {
        lt_free(*X);
        lt_free(*w);
        *X = lt_malloc(((size_t)T * D + 1) * sizeof **X);   /* need grows with T */
        *w = lt_malloc(need * sizeof **w);
        *cap = need;
    }
    for (long k = 0, r = 0; k < nw; r += F->len[k0 + k++]) {
        const int *tok = F->in + (size_t)(k0 + k) * F->stride;
        for (long t = 0; t < F->len[k0 + k]; t++)
            memcpy(*X + (size_t)(r + t) * D, M->embed + (size_t)tok[t] * D, (size_t)D * sizeof **X);
    }
    for (int i = 0; i < M->n_layers; i++) ops(M)->layer_words(*X, M, i, F->len + k0, nw, *w);
    for (long k = 0, r = 0; k < nw; r += F->len[k0 + k++]) {
        long Tk = F->len[k0 + k];
        float *out = F->out + (size_t)(k0 + k) * F->per;
        ops(M)->final_norm(*w, *X + (size_t)r * D, M, Tk);
        lt_mdl_linear_m(M, out, M->classes, M->head_w, M->head_b, *w, D, Tk, M->classes, D);
        lt_mdl_rnd_all(M, out, (size_t)Tk * M->classes);
    }
}

/* one member of the team (lt_threads_run) */
static void fwd_main(void *arg, int t)
{
    (void)t;
    fwd_part *F = arg;
    int G = ops(F->M)->group && ops(F->M)->layer_words ? ops(F->M)->group(F->M) : 1;
    if (G > 1) {        /* the groups of G words from the first */
        float *X = NULL, *w = NULL;
        size_t cap = 0;
        for (long k0; (k0 = atomic_fetch_add(&F->next, 1) * G) < F->n;)
            forward_group(F, k0, F->n - k0 < G ? (int)(F->n - k0) : G, &X, &w, &cap);
        lt_free(X);
        lt_free(w);
        return;
    }
    for (long k; (k = atomic_fetch_add(&F->next, 1)) < F->n;)
        lt_model_forward(F->out + (size_t)k * F->per, F->M, F->in + (size_t)k * F->stride, F->len[k]);
}

void lt_model_forward_many(float *out, const lt_model_t M, const int *in, const long *len, long n, long stride,
                           size_t per, int nth)
{
    fwd_part F = {out, M, in, len, n, stride, per, 0};
    if (nth < 1) nth = 1;
    if (nth > 64) nth = 64;
    if (nth > n) nth = n > 0 ? (int)n : 1;
    /* on the kept team of threads (src/core/threads.c), awake from the
       batch before: a thread started anew took 2 to 12 ms to run here */
    lt_threads_run(nth, fwd_main, &F);
}
