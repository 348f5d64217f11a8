/* A trained model on a word problem (lietool/model.h): word lists, the
   forward passes, argmax and the tallies. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <string.h>
#include "lietool/dataset.h"
#include "lietool/depth.h"
#include "lietool/plot.h"
#include "lietool/model.h"
#include "lietool/ssm.h"

void lt_words_init(lt_words_t W)
{
    memset(W, 0, sizeof *W);
}

void lt_words_clear(lt_words_t W)
{
    for (long i = 0; i < W->n; i++) { lt_free(W->seed[i]); lt_free(W->input[i]); lt_free(W->target[i]); }
    lt_free(W->seed);
    lt_free(W->input);
    lt_free(W->target);
    lt_free(W->len);
}

static int *copy_ints(const int *a, long n)
{
    int *b = lt_malloc((size_t)(n ? n : 1) * sizeof *b);
    memcpy(b, a, (size_t)n * sizeof *b);
    return b;
}

void lt_words_push(lt_words_t W, const char *seed, const int *input, const int *target, long len)
{
    if (W->n == W->alloc) {
        W->alloc = W->alloc ? 2 * W->alloc : 64;
        W->seed = lt_realloc(W->seed, (size_t)W->alloc * sizeof *W->seed);
        W->input = lt_realloc(W->input, (size_t)W->alloc * sizeof *W->input);
        W->target = lt_realloc(W->target, (size_t)W->alloc * sizeof *W->target);
        W->len = lt_realloc(W->len, (size_t)W->alloc * sizeof *W->len);
    }
    W->seed[W->n] = lt_strdup(seed);
    W->input[W->n] = copy_ints(input, len);
    W->target[W->n] = copy_ints(target, len);
    W->len[W->n++] = len;
    if (len > W->max_len) W->max_len = len;
}

lt_status lt_words_generate(lt_words_t W, const lt_cayley_t C, long len, long samples, uint64_t seed,
                            const lt_ctx_t ctx, lt_err_t err)
{
    lt_words_clear(W);
    lt_words_init(W);
    lt_cayley_words_t G;
    lt_cayley_words_init(G);
    lt_status st = lt_cayley_words_start(G, C, len, samples, seed, ctx, err);
    int *w = lt_calloc((size_t)(len ? len : 1), sizeof(int));
    int *tg = lt_calloc((size_t)(len ? len : 1), sizeof(int));
    char s[24];
    snprintf(s, sizeof s, "%" PRIu64, seed);
    for (long r = 0; !st && lt_cayley_words_next(w, tg, G); r++) {
        lt_words_push(W, s, w, tg, len);
        if (ctx->progress && (r & 1023) == 0) ctx->progress(ctx->progress_arg, "writing the dataset", (double)r, (double)G->rows);
    }
    if (!st && ctx->progress) ctx->progress(ctx->progress_arg, "writing the dataset", 1, 1);
    lt_free(w);
    lt_free(tg);
    lt_cayley_words_clear(G);
    return st;
}

void lt_ssm_eval_init(lt_ssm_eval_t R)
{
    memset(R, 0, sizeof *R);
}

void lt_ssm_eval_clear(lt_ssm_eval_t R)
{
    lt_free(R->position_correct);
    lt_free(R->position_total);
    lt_free(R->prefix_correct);
}

double lt_ssm_eval_position_accuracy(const lt_ssm_eval_t R, long t)
{
    return R->position_total[t] ? (double)R->position_correct[t] / (double)R->position_total[t] : 0;
}

double lt_ssm_eval_prefix_accuracy(const lt_ssm_eval_t R, long t)
{
    return R->position_total[t] ? (double)R->prefix_correct[t] / (double)R->position_total[t] : 0;
}

/* lt_words_read: each row of the file, checked against the limits */
lt_status lt_ssm_eval_run(lt_ssm_eval_t R, const lt_model_t M, const lt_words_t W,
                          const lt_ssm_eval_params *P, lt_err_t err)
{
    lt_ssm_eval_clear(R);
    lt_ssm_eval_init(R);
    if (W->n == 0) return lt_err_set(err, LT_EINPUT, "no words");
    if (M->task == LT_TASK_ROTATION)      /* its 3 outputs are a vector, not logits */
        return lt_err_set(err, LT_EINPUT, "a rotation-task checkpoint (config.json: \"lietool_task\": \"rotation\"): "
                          "evaluate it with ssm eval `task` rotation");
    const lt_token_map *map = P ? P->map : NULL;
    int bos = map ? map->has_bos : P && P->has_bos, bos_id = map ? map->bos : P && P->has_bos ? P->bos : 0;
    if (bos && (bos_id < 0 || bos_id >= M->vocab))
        return lt_err_set(err, LT_EINPUT, "the BOS token %d is not below the model's vocabulary size %d", bos_id, M->vocab);
    int *elem = NULL;       /* token -> element, for the predictions */
    if (map) {
        elem = lt_malloc((size_t)M->classes * sizeof *elem);
        for (int c = 0; c < M->classes; c++) elem[c] = -1;
        for (long e = 0; e < map->n; e++) {
            if (map->token[e] >= M->vocab || map->token[e] >= M->classes) {
                lt_free(elem);
                return lt_err_set(err, LT_EINPUT, "element %ld's token %d is not below the model's vocabulary size %d "
                                  "and its %d classes", e, map->token[e], M->vocab, M->classes);
            }
            elem[map->token[e]] = (int)e;
        }
    }
    R->words = W->n;
    R->max_length = W->max_len + bos;
    R->position_correct = lt_calloc((size_t)R->max_length, sizeof *R->position_correct);
    R->position_total = lt_calloc((size_t)R->max_length, sizeof *R->position_total);
    R->prefix_correct = lt_calloc((size_t)R->max_length, sizeof *R->prefix_correct);
    /* The words in batches: the forward passes of a batch run on the
       threads (each word whole on one thread, so its logits do not depend
       on the thread count), then the batch is tallied in word order. */
    long nth = lt_model_threads();
    size_t per = (size_t)R->max_length * M->classes;
    long batch = (long)(((size_t)1 << 24) / (per ? per : 1));
    if (batch > 256) batch = 256;
    if (batch < nth) batch = nth;
    if (batch > W->n) batch = W->n;
    if (nth > batch) nth = batch;
    float *out = lt_malloc((size_t)batch * per * sizeof *out);
    int *in = lt_malloc((size_t)batch * R->max_length * sizeof *in);
    int *tg = lt_malloc((size_t)batch * R->max_length * sizeof *tg);
    long *len = lt_malloc((size_t)batch * sizeof *len);
    int *pred = lt_malloc((size_t)R->max_length * sizeof *pred);
    lt_status st = LT_OK;
    for (long i0 = 0; i0 < W->n && !st; i0 += batch) {
        long nb = W->n - i0 < batch ? W->n - i0 : batch, ready = 0;
        for (; ready < nb && !st; ready++) {
            long i = i0 + ready;
            int *wi = in + (size_t)ready * R->max_length, *wt = tg + (size_t)ready * R->max_length;
            len[ready] = W->len[i] + bos;
            if (bos) wi[0] = wt[0] = bos_id;
            if (map)
                for (long t = 0; t < W->len[i] && !st; t++) {
                    if (W->input[i][t] >= map->n || W->target[i][t] >= map->n)
                        st = lt_err_set(err, LT_EINPUT, "word %ld: a token above the token map's %ld elements", i + 1,
                                        map->n);
                    else {
                        wi[bos + t] = map->token[W->input[i][t]];
                        wt[bos + t] = map->token[W->target[i][t]];
                    }
                }
            else {
                memcpy(wi + bos, W->input[i], (size_t)W->len[i] * sizeof *in);
                memcpy(wt + bos, W->target[i], (size_t)W->len[i] * sizeof *tg);
            }
        }
        if (st) ready--;            /* the word at fault is not run */
        lt_model_forward_many(out, M, in, len, ready, R->max_length, per, (int)nth);
        for (long k = 0; k < ready && !st; k++) {
            long i = i0 + k, T = len[k];
            const int *wt = tg + (size_t)k * R->max_length;
            const float *ok_out = out + (size_t)k * per;
            int all = 1;
            for (long t = 0; t < T && !st; t++) {
                const float *o = ok_out + (size_t)t * M->classes;
                int best = 0;
                for (int c = 0; c < M->classes && !st; c++)
                    if (!isfinite(o[c]))
                        st = lt_err_set(err, LT_ENUMERIC, "the model's output %d is not finite at word %ld, position %ld",
                                        c, i + 1, t + 1 - bos);
                    else if (o[c] > o[best]) best = c;      /* the first maximum, as torch.argmax */
                pred[t] = best;
                int ok = best == wt[t];
                R->position_correct[t] += ok;
                R->position_total[t]++;
                R->correct_tokens += ok;
                all &= ok;
                R->prefix_correct[t] += all;
            }
            if (st) break;
            R->tokens += T;
            R->correct_words += all;
            if (P && P->word) {
                if (elem) for (long t = bos; t < T; t++) pred[t] = elem[pred[t]];
                P->word(P->arg, i, ok_out + (size_t)bos * M->classes, pred + bos, T - bos);
            }
        }
    }
    double threshold = P && P->threshold > 0 ? P->threshold : 0.9;
    for (long t = 0; t < R->max_length; t++) {
        if (lt_ssm_eval_prefix_accuracy(R, t) >= threshold) R->longest_prefix = t + 1;
        if (lt_ssm_eval_position_accuracy(R, t) >= threshold) R->last_position = t + 1;
    }
    R->token_accuracy = R->tokens ? (double)R->correct_tokens / (double)R->tokens : 0;
    R->sequence_accuracy = (double)R->correct_words / (double)R->words;
    lt_free(out);
    lt_free(pred);
    lt_free(in);
    lt_free(tg);
    lt_free(len);
    lt_free(elem);
    return st;
}

/* ---- a sweep ---- */

void lt_ssm_sweep_init(lt_ssm_sweep_t S)
{
    memset(S, 0, sizeof *S);
}

void lt_ssm_sweep_clear(lt_ssm_sweep_t S)
{
    for (int i = 0; i < S->n; i++) lt_free(S->row[i].name);
    lt_free(S->row);
}

lt_status lt_ssm_sweep_add(lt_ssm_sweep_t S, const char *name, const lt_model_t M, const lt_words_t W,
                           const lt_ssm_eval_params *P, lt_err_t err)
{
    lt_ssm_eval_params Q = P ? *P : (lt_ssm_eval_params){0};
    Q.word = NULL;
    lt_ssm_eval_t R;
    lt_ssm_eval_init(R);
    lt_status st = lt_ssm_eval_run(R, M, W, &Q, err);
    if (!st) {
        if (S->n == S->alloc) {
            S->alloc = S->alloc ? 2 * S->alloc : 8;
            S->row = lt_realloc(S->row, (size_t)S->alloc * sizeof *S->row);
        }
        int i = S->n++;
        for (; i > 0 && S->row[i - 1].layers > M->n_layers; i--) S->row[i] = S->row[i - 1];
        lt_ssm_sweep_row *r = &S->row[i];
        *r = (lt_ssm_sweep_row){lt_strdup(name), M->n_layers, lt_model_layer_name(M), {0}, R->token_accuracy,
                                R->sequence_accuracy, R->longest_prefix};
        lt_model_family(&r->family, M);
    }
    lt_ssm_eval_clear(R);
    return st;
}

void lt_ssm_sweep_plot_rows(lt_plot_t F, const char *group, long derived_length, long max_length, const lt_ssm_sweep_t S)
{
    int *depth = lt_malloc((size_t)(S->n ? S->n : 1) * sizeof *depth);
    long *prefix = lt_malloc((size_t)(S->n ? S->n : 1) * sizeof *prefix);
    for (int i = 0; i < S->n; i++) { depth[i] = S->row[i].layers; prefix[i] = S->row[i].longest_prefix; }
    lt_ssm_sweep_plot(F, group, derived_length, max_length, depth, prefix, S->n);
    lt_free(depth);
    lt_free(prefix);
}

/* ---- the figure of a sweep ---- */

void lt_ssm_sweep_plot(lt_plot_t F, const char *group, long derived_length, long max_length, const int *depth,
                       const long *prefix, int n)
{
    int kmax = 1;
    for (int i = 0; i < n; i++) if (depth[i] > kmax) kmax = depth[i];
    lt_plot_clear(F);
    lt_plot_init(F, 640, 420);
    char buf[512];
    snprintf(buf, sizeof buf, "%s word problem: longest prefix with at least 90%% accuracy against depth", group);
    lt_plot_titles(F, NULL, buf);
    lt_plot_panel_spec S = {70, 50, 530, 310, NULL, {"depth (layers)", 0, 0.5, kmax + 0.5, 0, 1},
                            {"length", 0, 0, (double)max_length, 0, 1}, LT_PLOT_LEGEND_INSIDE};
    int p = lt_plot_add_panel(F, &S);
    int m = kmax > n ? kmax : n;
    double *x = lt_malloc((size_t)m * sizeof *x), *y = lt_malloc((size_t)m * sizeof *y);
    static const char *dash[] = {"6,4", "2,3"};
    for (int b = 0; b < 2; b++) {
        for (int k = 1; k <= kmax; k++) {
            x[k - 1] = k;
            y[k - 1] = (double)lt_depth_covered_length(k, derived_length, max_length, (lt_bound)b);
        }
        lt_plot_style st = {"#888", 1.5, dash[b], 0};
        snprintf(buf, sizeof buf, "theory (%s)", lt_depth_bound_name((lt_bound)b));
        lt_plot_add_series(F, p, x, y, kmax, buf, &st);
    }
    for (int i = 0; i < n; i++) { x[i] = depth[i]; y[i] = (double)prefix[i]; }
    lt_plot_style measured = {"#1f5fbf", 2, NULL, 4};
    lt_plot_add_series(F, p, x, y, n, "measured", &measured);
    lt_free(x);
    lt_free(y);
}

lt_status lt_model_element_norms(double *norm, const lt_model_t M, const lt_words_t W, long n, long offset, lt_err_t err)
{
    for (long x = 0; x < n; x++) norm[x] = -1;
    if (!lt_model_has_transition_norms(M))
        return lt_err_set(err, LT_EINPUT, "the transitions of %s layers have no generator norm in lietool", lt_model_layer_name(M));
    if (offset < 0 || n + offset > M->vocab)
        return lt_err_set(err, LT_EINPUT, "elements 0..%ld at token offset %ld do not fit the model's %d tokens", n - 1, offset,
                          M->vocab);
    long Tmax = W->max_len > 0 ? W->max_len : 1;
    int *tok = lt_malloc((size_t)Tmax * sizeof *tok);
    double *g = lt_malloc((size_t)Tmax * sizeof *g);
    for (long i = 0; i < W->n; i++) {
        long T = W->len[i];
        for (long t = 0; t < T; t++) tok[t] = W->input[i][t] + (int)offset;
        lt_model_transition_norms(g, M, tok, T);
        for (long t = 0; t < T; t++) {
            long x = W->input[i][t];
            if (x >= 0 && x < n && !(g[t] <= norm[x])) norm[x] = g[t];
        }
    }
    lt_free(tok);
    lt_free(g);
    for (long x = 0; x < n; x++)
        if (norm[x] < 0)
            return lt_err_set(err, LT_EINPUT, "element %ld never occurs in the %ld words: give more `samples`", x, W->n);
    return LT_OK;
}
