/* A rotation-task checkpoint (lietool/model.h) scored against the exact
   targets of lietool/rotation.h, beside the ideal depth-k model of
   lt_rotation_run on the same words: the rotation task of Heo et al. 2026
   (arXiv:2603.05573, section 5) for trained models. */
#include <math.h>
#include <string.h>
#include "lietool/rotation.h"

void lt_model_rotation_init(lt_model_rotation_t R)
{
    memset(R, 0, sizeof *R);
    lt_rotation_result_init(R->ideal);
}

void lt_model_rotation_clear(lt_model_rotation_t R)
{
    lt_free(R->count);
    lt_free(R->mse);
    lt_rotation_result_clear(R->ideal);
}

lt_status lt_model_rotation_eval(lt_model_rotation_t R, const lt_model_t M, const lt_words_t W,
                                 const lt_model_rotation_params *P, const lt_ctx_t ctx, lt_err_t err)
{
    lt_model_rotation_clear(R);
    lt_model_rotation_init(R);
    if (M->task != LT_TASK_ROTATION || M->classes != 3)
        return lt_err_set(err, LT_EINPUT, "not a rotation-task checkpoint (config.json has no \"lietool_task\": \"rotation\"): "
                          "evaluate it on its word problem (ssm eval without `task` rotation)");
    if (W->n == 0) return lt_err_set(err, LT_EINPUT, "no words");
    if ((int)P->map != M->rotation_map)
        return lt_err_set(err, LT_EINPUT, "the checkpoint was trained with the %s map (config.json: \"lietool_rotation_map\"), "
                          "not the %s map asked for", M->rotation_map ? "paper" : "faithful", P->map ? "paper" : "faithful");
    int bos = P->has_bos;
    if (bos && (P->bos < 0 || P->bos >= M->vocab))
        return lt_err_set(err, LT_EINPUT, "the BOS token %d is not below the model's vocabulary size %d", P->bos, M->vocab);
    if (M->vocab < LT_ROTATION_ORDER)
        return lt_err_set(err, LT_EINPUT, "the model's vocabulary size %d does not hold the 60 elements of A5", M->vocab);
    for (long i = 0; i < W->n; i++)
        for (long t = 0; t < W->len[i]; t++)
            if (W->input[i][t] < 0 || W->input[i][t] >= LT_ROTATION_ORDER)
                return lt_err_set(err, LT_EINPUT, "word %ld, position %ld: token %d is not an element of A5 (0..59)", i + 1,
                                  t + 1, W->input[i][t]);
    long T = W->max_len;
    R->words = W->n;
    R->max_length = T;
    R->map = P->map;
    R->count = lt_calloc((size_t)T, sizeof *R->count);
    R->mse = lt_calloc((size_t)T, sizeof *R->mse);
    long double *sse = lt_calloc((size_t)T, sizeof *sse);
    /* the forward passes in batches on the threads (lt_model_forward_many),
       the errors summed in word order */
    long stride = T + 1, nth = lt_model_threads(), batch = 256;
    if (batch > W->n) batch = W->n;
    size_t per = (size_t)stride * 3;
    int *in = lt_malloc((size_t)batch * stride * sizeof *in);
    long *len = lt_malloc((size_t)batch * sizeof *len);
    float *out = lt_malloc((size_t)batch * per * sizeof *out);
    lt_rotation_icosa_t I;
    lt_rotation_icosa_init_map(I, P->map);
    lt_status st = LT_OK;
    const long double r3 = 1 / sqrtl(3.0L);
    for (long i0 = 0; i0 < W->n && !st; i0 += batch) {
        long nb = W->n - i0 < batch ? W->n - i0 : batch;
        for (long k = 0; k < nb; k++) {
            int *wi = in + (size_t)k * stride;
            if (bos) wi[0] = P->bos;
            memcpy(wi + bos, W->input[i0 + k], (size_t)W->len[i0 + k] * sizeof *in);
            len[k] = W->len[i0 + k] + bos;
        }
        lt_model_forward_many(out, M, in, len, nb, stride, per, (int)nth);
        for (long k = 0; k < nb && !st; k++) {
            long i = i0 + k, n = W->len[i];
            long double v[3] = {r3, r3, r3};
            for (long t = 0; t < n && !st; t++) {
                lt_rotation_apply(v, I->R[W->input[i][t]], v);      /* v_t = R(x_t) v_(t-1) */
                const float *y = out + (size_t)k * per + (size_t)(t + bos) * 3;
                long double e = 0;
                for (int c = 0; c < 3; c++) {
                    if (!isfinite(y[c])) {
                        st = lt_err_set(err, LT_ENUMERIC, "the model's output %d is not finite at word %ld, position %ld", c,
                                        i + 1, t + 1);
                        break;
                    }
                    e += ((long double)y[c] - v[c]) * ((long double)y[c] - v[c]);
                }
                sse[t] += e / 3;
                R->count[t]++;
            }
            R->tokens += n;
        }
    }
    long double tot = 0;
    for (long t = 0; t < T; t++) {
        R->mse[t] = R->count[t] ? (double)(sse[t] / R->count[t]) : 0;
        tot += sse[t];
    }
    R->mean_mse = R->tokens ? (double)(tot / R->tokens) : 0;
    /* the ideal depth-k model on the same words */
    int k = M->n_layers;
    R->depth = k >= 1 && k <= LT_ROTATION_MAX_DEPTH ? k : 0;
    if (!st && R->depth) {
        lt_rotation_params *Q = &R->P;
        memset(Q, 0, sizeof *Q);
        Q->kmin = Q->kmax = k;
        Q->bound = P->bound;
        Q->step = P->step;
        Q->length = T;
        Q->window = P->window;
        Q->map = P->map;
        Q->samples = W->n;
        Q->words = (const int *const *)W->input;
        Q->word_len = W->len;
        st = lt_rotation_run(R->ideal, Q, ctx, err);
        Q->words = NULL;
        Q->word_len = NULL;
        if (!st) {
            long double s = 0;
            const double *m = lt_rotation_mse(R->ideal, 0, 0);
            for (long t = 0; t < T; t++) s += (long double)m[t] * R->count[t];
            R->ideal_mean_mse = (double)(s / R->tokens);
        }
    }
    lt_rotation_icosa_clear(I);
    lt_free(sse);
    lt_free(in);
    lt_free(out);
    lt_free(len);
    return st;
}

/* ---- the figure of a sweep ---- */

void lt_model_rotation_sweep_plot(lt_plot_t F, const char *const *dirs, const int *layers,
                                  const lt_model_rotation_struct *R, int n, const char *note)
{
    long L = 1;
    for (int i = 0; i < n; i++) if (R[i].max_length > L) L = R[i].max_length;
    lt_plot_clear(F);
    lt_plot_init(F, 760, 460);
    lt_plot_titles(F, "lietool ssm sweep, rotation task",
                   "A5 rotation task: trained checkpoints (solid) and the ideal order-blind model of each depth (dashed)");
    lt_plot_panel_spec S = {80, 60, 400, 320, "MSE per position",
                            {"position t", 0, 1, L > 1 ? (double)L : 2, 0, 1},
                            {"MSE (log scale)", 1, NAN, NAN, 0, 0}, LT_PLOT_LEGEND_RIGHT};
    int p = lt_plot_add_panel(F, &S);
    double *pos = lt_malloc((size_t)L * sizeof *pos);
    for (long t = 0; t < L; t++) pos[t] = (double)(t + 1);
    char buf[256];
    for (int i = 0; i < n; i++) {
        const char *name = strrchr(dirs[i], '/');
        name = name && name[1] ? name + 1 : dirs[i];
        lt_plot_style solid = {lt_plot_colour(i), 2, NULL, 0};
        snprintf(buf, sizeof buf, "%s (%d layer%s)", name, layers[i], layers[i] == 1 ? "" : "s");
        lt_plot_add_series(F, p, pos, R[i].mse, R[i].max_length, buf, &solid);
        if (R[i].depth) {
            lt_plot_style dashed = {lt_plot_colour(i), 1.5, "6,4", 0};
            snprintf(buf, sizeof buf, "ideal depth %d", R[i].depth);
            lt_plot_add_series(F, p, pos, lt_rotation_mse(R[i].ideal, 0, 0), R[i].max_length, buf, &dashed);
        }
    }
    lt_free(pos);
    if (note) lt_plot_note(F, p, note);
}
