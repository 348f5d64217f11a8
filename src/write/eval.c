/* The results of trained checkpoints (lietool/write.h): ssm eval and ssm sweep. */
#include <inttypes.h>
#include <string.h>
#include "lietool/write.h"

/* A text line's label ("model:"; LaTeX "model"), a row of text and LaTeX alone. */
#define HEAD(d, l) ((d)->mode == LT_DOC_TEX ? l "|" : l ":|")

/* "a of b" (JSON: a) */
static void put_of(lt_doc *d, const char *label, long a, long b)
{
    FILE *f = lt_doc_row(d, label);
    if (f && d->mode == LT_DOC_JSON) fprintf(f, "%ld", a);
    else if (f) fprintf(f, "%ld of %ld", a, b);
    lt_doc_row_end(d);
}

/* An accuracy by position (acc: lt_ssm_eval_position_accuracy or
   _prefix_accuracy): JSON an array, text eight a line, LaTeX a paragraph. */
static void put_accs(lt_doc *d, const char *label, const lt_ssm_eval_t R, double (*acc)(const lt_ssm_eval_t, long))
{
    FILE *f = lt_doc_row(d, label);
    int json = d->mode == LT_DOC_JSON;
    for (long t = 0; f && t < R->max_length; t++) {
        const char *sep = t == 0 ? (json ? "[" : "") : json ? ", " : t % 8 == 0 && d->mode == LT_DOC_TEXT ? "\n                             " : " ";
        fprintf(f, json ? "%s%.6f" : "%s%.3f", sep, acc(R, t));
    }
    if (f && json) fputc(']', f);
    lt_doc_row_end(d);
}

/* ---- ssm eval ---- */

/* The model's lines: its architecture, the task's group (JSON), its checkpoint. */
static void put_model(lt_doc *d, const char *dir, const lt_model_t M, const char *group)
{
    const char *dtype = M->dtype ? M->dtype : "F32";
    char cfg[48] = "", voc[96] = "";
    lt_doc_strf(d, HEAD(d, "model"), "%s (%s, %d %s layer%s, d_model %d, %s)", dir, lt_model_arch_name(M), M->n_layers,
                 lt_model_layer_name(M), M->n_layers == 1 ? "" : "s", M->d_model, dtype);
    lt_doc_str(d, "|model", dir, NULL);
    lt_doc_str(d, "|architecture", lt_model_arch_name(M), NULL);
    lt_doc_str(d, "|layer_type", lt_model_layer_name(M), NULL);
    lt_doc_long(d, "|layers", M->n_layers, NULL);
    lt_doc_long(d, "|d_model", M->d_model, NULL);
    lt_doc_str(d, "|dtype", dtype, NULL);
    lt_doc_str(d, "|group", group, NULL);
    if (M->compute != M->config_compute) snprintf(cfg, sizeof cfg, " (the config's: %s)", lt_model_compute_name(M->config_compute));
    if (M->vocab_rows != M->vocab && M->task == LT_TASK_ROTATION)
        snprintf(voc, sizeof voc, "; vocabulary %d padded to %d rows", M->vocab, M->vocab_rows);
    else if (M->vocab_rows != M->vocab)
        snprintf(voc, sizeof voc, "; vocabulary %d padded to %d rows, argmax over %d", M->vocab, M->vocab_rows, M->classes);
    lt_doc_strf(d, HEAD(d, "checkpoint"), "%s layout%s%s, %s (%s), compute %s%s%s", lt_model_layout_name(M),
                 M->prefix[0] ? ", prefix " : "", M->prefix, M->file, M->format, lt_model_compute_name(M->compute), cfg, voc);
    lt_doc_str(d, "|layout", lt_model_layout_name(M), NULL);
    lt_doc_str(d, "|format", M->format, NULL);
    lt_doc_str(d, "|compute", lt_model_compute_name(M->compute), NULL);
    lt_doc_long(d, "|vocab_size", M->vocab, NULL);
    lt_doc_long(d, "|vocab_rows", M->vocab_rows, NULL);
}

void lt_write_ssm_eval(lt_doc *d, const char *dir, const lt_model_t M, const lt_ssm_eval_t R, const lt_write_ssm_task *T)
{
    int json = d->mode == LT_DOC_JSON, tex = d->mode == LT_DOC_TEX;
    lt_doc_heading(d, tex ? T->group : NULL, tex ? " word problem: a trained checkpoint" : NULL);
    d->indent = "";
    d->width = 0;
    put_model(d, dir, M, T->group);
    char seed[32];
    lt_doc_json(d, "|order", "\"%ld\"", T->order);
    snprintf(seed, sizeof seed, "%" PRIu64, T->seed);
    lt_doc_strf(d, HEAD(d, "words"), "%ld of %s (order %ld), up to length %ld, %s %s", R->words, T->group, T->order,
                 R->max_length, T->data ? "from" : "seed", T->data ? T->data : seed);
    lt_doc_long(d, "|words", R->words, NULL);
    lt_doc_long(d, "|max_length", R->max_length, NULL);
    d->indent = "  ";
    d->width = 26;
    const char *acc = json ? "%.6f" : "%.4f";
    lt_doc_double(d, "token accuracy", acc, R->token_accuracy);
    FILE *f = lt_doc_row(d, "sequence accuracy");
    if (f) fprintf(f, acc, R->sequence_accuracy);
    if (f && !json) fprintf(f, " (%ld of %ld)", R->correct_words, R->words);
    lt_doc_row_end(d);
    lt_doc_long(d, "|sequences_correct", R->correct_words, NULL);
    char lab[64];
    snprintf(lab, sizeof lab, "longest prefix >= %g%%|longest_prefix_90", 100 * T->threshold);
    put_of(d, lab, R->longest_prefix, R->max_length);
    put_accs(d, "accuracy by position|per_position_accuracy", R, lt_ssm_eval_position_accuracy);
    put_accs(d, "|prefix_accuracy", R, lt_ssm_eval_prefix_accuracy);
    snprintf(lab, sizeof lab, "last position >= %g%%|last_position_90", 100 * T->threshold);
    put_of(d, lab, R->last_position, R->max_length);
    lt_doc_double(d, "|threshold", "%g", T->threshold);
    lt_doc_long(d, "|bos", T->bos, "");
    lt_doc_long(d, "|derived_length", T->derived_length, "");
}

/* ---- ssm sweep ---- */

void lt_write_ssm_sweep(lt_doc *d, const lt_ssm_sweep_t S, lt_plan_verdict_struct *const *V, const lt_write_ssm_task *T)
{
    char tcol[32];
    char after[96 + 4096];
    if (T->data) snprintf(after, sizeof after, ", %ld words of %s, up to length %ld", T->words, strcmp(T->data, "-") ? T->data : "standard input", T->length);
    else snprintf(after, sizeof after, ", %ld words of length %ld (seed %" PRIu64 ")", T->words, T->length, T->seed);
    snprintf(tcol, sizeof tcol, "up to %ld", T->length);
    lt_doc_heading(d, T->group, after);
    lt_doc_str(d, "|group", T->group, NULL);
    lt_doc_long(d, "|derived_length", T->derived_length, "");
    lt_doc_long(d, "|words", T->words, NULL);
    lt_doc_long(d, "|length", T->length, NULL);
    lt_doc_tab t;
    lt_doc_tab_begin(&t, d, "rlrrrccl");
    const char *head[] = {"depth", "layer type", "token acc", "seq acc", "prefix>=90%", "exact", tcol, "model"};
    static const int width[] = {-6, -18, 9, 9, 12, 8, 10, 0};
    for (int i = 0; i < 8; i++) lt_doc_tab_cell(&t, i == 7 ? "  %*s" : i ? " %*s" : "%*s", width[i], head[i]);
    lt_doc_tab_row_end(&t);
    lt_doc_list_begin(d, "models");
    for (int i = 0; i < S->n; i++) {
        const lt_ssm_sweep_row *r = &S->row[i];
        lt_doc_item_begin(d);
        lt_doc_str(d, "|model", r->name, NULL);
        lt_doc_long(d, "|layers", r->layers, NULL);
        lt_doc_str(d, "|layer_type", r->layer_type, NULL);
        lt_doc_double(d, "|token_accuracy", "%.6f", r->token_accuracy);
        lt_doc_double(d, "|sequence_accuracy", "%.6f", r->sequence_accuracy);
        lt_doc_long(d, "|longest_prefix_90", r->longest_prefix, NULL);
        int nf = S->row[i].family.kind == LT_FAM_COUNT;     /* no family of the theory fits */
        if (d->mode == LT_DOC_JSON && nf) lt_doc_str(d, "|verdict", NULL, NULL);
        else if (d->mode == LT_DOC_JSON) lt_write_verdict(d, V[i], T->group, "");
        lt_doc_item_end(d);
        lt_doc_tab_cell(&t, "%-6d", r->layers);
        lt_doc_tab_cell(&t, " %-18s", r->layer_type);
        lt_doc_tab_cell(&t, " %9.4f", r->token_accuracy);
        lt_doc_tab_cell(&t, " %9.4f", r->sequence_accuracy);
        lt_doc_tab_cell(&t, " %12ld", r->longest_prefix);
        lt_doc_tab_cell(&t, " %8s", nf ? "-" : lt_plan_answer_name(V[i]->exact));
        lt_doc_tab_cell(&t, " %10s", nf ? "-" : lt_plan_answer_name(V[i]->suffices_T));
        lt_doc_tab_cell(&t, "  %s", r->name);
        lt_doc_tab_row_end(&t);
    }
    lt_doc_list_end(d);
    lt_doc_tab_end(&t);
    lt_doc_say(d, "exact: exact at every length; %s: suffices for words up to that length (yes, no, open: the theory's verdict,\n"
                "as lietool plan `arch` FAMILY `layers` K `length` %ld prints it with its sources)", tcol, T->length);
}

void lt_write_no_verdict(lt_doc *d, const lt_model_t M)
{
    lt_doc_str(d, "|verdict", NULL, NULL);
    lt_doc_say(d, "no theory verdict: no layer family of lietool plan describes %s layers", lt_model_layer_name(M));
}

/* ---- ssm eval --task rotation ---- */

/* JSON: an array of n doubles (x) or longs (c). */
static void put_series(lt_doc *d, const char *label, const double *x, const long *c, long n)
{
    FILE *f = lt_doc_row(d, label);
    for (long i = 0; f && i < n; i++) {
        fputs(i ? ", " : "[", f);
        if (c) fprintf(f, "%ld", c[i]); else fprintf(f, "%.6e", x[i]);
    }
    if (f) fputs(n ? "]" : "[]", f);
    lt_doc_row_end(d);
}

void lt_write_ssm_eval_rotation(lt_doc *d, const char *dir, const lt_model_t M, const lt_model_rotation_t R,
                                const lt_write_ssm_task *T)
{
    int json = d->mode == LT_DOC_JSON, tex = d->mode == LT_DOC_TEX, k = R->depth;
    lt_doc_heading(d, tex ? "A5" : NULL, tex ? " rotation task: a trained checkpoint" : NULL);
    d->indent = "";
    d->width = 0;
    put_model(d, dir, M, "A5");
    lt_doc_str(d, "|task", "rotation", NULL);
    lt_doc_strf(d, HEAD(d, "task"), "rotation: A5 acting on R^3 by the icosahedral rotations (lietool ssm rotation), "
                 "target v_t = R(x_t) ... R(x_1) v_0, v_0 = (1,1,1)/sqrt 3, scored on the head's 3 outputs");
    lt_write_rotation_map(d, R->map, 1, HEAD(d, "map"));
    char seed[32];
    snprintf(seed, sizeof seed, "%" PRIu64, T->seed);
    lt_doc_strf(d, HEAD(d, "words"), "%ld of A5, up to length %ld, %s %s%s", R->words, R->max_length,
                 T->data ? "from" : "seed", T->data ? T->data : seed, T->bos >= 0 ? " (BOS first, not scored)" : "");
    lt_doc_long(d, "|words", R->words, NULL);
    lt_doc_long(d, "|max_length", R->max_length, NULL);
    lt_doc_long(d, "|bos", T->bos, "");
    put_series(d, "|words_per_position", NULL, R->count, R->max_length);
    lt_doc_double(d, "|mean_mse", "%.6e", R->mean_mse);
    put_series(d, "|mse", R->mse, NULL, R->max_length);
    const double *ideal = k ? lt_rotation_mse(R->ideal, 0, 0) : NULL;
    if (k) {
        lt_doc_open(d, "ideal");
        lt_doc_long(d, "|depth", k, NULL);
        lt_doc_long(d, "|truncation_class", (long)R->ideal->cls[0], NULL);
        lt_doc_str(d, "|bound", lt_depth_bound_name(R->P.bound), NULL);
        lt_doc_json(d, "|step", "%.17Lg", R->P.step);
        lt_doc_long(d, "|window", R->P.window, NULL);
        lt_doc_double(d, "|floor", "%.1e", R->ideal->floor);
        lt_doc_double(d, "|mean_mse", "%.6e", R->ideal_mean_mse);
        put_series(d, "|mse", ideal, NULL, R->max_length);
        lt_doc_close(d);
    } else
        lt_doc_str(d, "|ideal", NULL, NULL);
    if (json) return;
    if (k)
        lt_doc_strf(d, HEAD(d, "ideal model"), "depth %d: each window's Magnus series truncated at c(%d) = %lu (bound %s), "
                     "step h = %.6Lg, window %ld", k, k, R->ideal->cls[0], lt_depth_bound_name(R->P.bound), R->P.step, R->P.window);
    else
        lt_doc_strf(d, HEAD(d, "ideal model"), "none: %d layers, outside the depths 1..%d of lietool ssm rotation", M->n_layers,
                     LT_ROTATION_MAX_DEPTH);
    d->indent = "  ";
    d->width = 26;
    FILE *f = lt_doc_row(d, "mean MSE");
    if (f) fprintf(f, "%.4e (checkpoint)", R->mean_mse);
    if (f && k) fprintf(f, ", %.4e (ideal depth %d)", R->ideal_mean_mse, k);
    lt_doc_row_end(d);
    lt_doc_say(d, "");
    lt_doc_tab t;
    lt_doc_tab_begin(&t, d, k ? "rrrr" : "rrr");
    lt_doc_tab_cell(&t, "  %8s", "position");
    lt_doc_tab_cell(&t, "  %6s", "words");
    lt_doc_tab_cell(&t, "  %14s", "MSE checkpoint");
    if (k) lt_doc_tab_cell(&t, "  MSE ideal k=%d", k);
    lt_doc_tab_row_end(&t);
    for (long p = 0; p < R->max_length; p++) {
        lt_doc_tab_cell(&t, "  %8ld", p + 1);
        lt_doc_tab_cell(&t, "  %6ld", R->count[p]);
        lt_doc_tab_cell(&t, "  %14.4e", R->mse[p]);
        /* below the rounding floor of lt_rotation_run the digits are round-off */
        if (k && ideal[p] < R->ideal->floor) lt_doc_tab_cell(&t, "  %13s<%.0e", "", R->ideal->floor);
        else if (k) lt_doc_tab_cell(&t, "  %18.4e", ideal[p]);
        lt_doc_tab_row_end(&t);
    }
    lt_doc_tab_end(&t);
}

/* ---- ssm sweep --task rotation ---- */

void lt_write_ssm_sweep_rotation(lt_doc *d, const char *const *dirs, const int *layers, const char *const *types,
                                 const lt_model_rotation_struct *R, int n, const lt_write_ssm_task *T)
{
    char after[96 + 4096];
    if (T->data) snprintf(after, sizeof after, " rotation task, %ld words of %s, up to length %ld", T->words,
                          strcmp(T->data, "-") ? T->data : "standard input", T->length);
    else snprintf(after, sizeof after, " rotation task, %ld words of length %ld (seed %" PRIu64 ")", T->words, T->length, T->seed);
    lt_doc_heading(d, "A5", after);
    lt_doc_str(d, "|task", "rotation", NULL);
    lt_doc_long(d, "|words", T->words, NULL);
    lt_doc_long(d, "|length", T->length, NULL);
    lt_doc_tab t;
    lt_doc_tab_begin(&t, d, "rlrrrrl");
    const char *head[] = {"depth", "layer type", "mean MSE", "MSE at T", "ideal mean", "ideal at T", "model"};
    static const int width[] = {-6, -18, 10, 10, 10, 10, 0};
    for (int i = 0; i < 7; i++) lt_doc_tab_cell(&t, i == 6 ? "  %*s" : i ? " %*s" : "%*s", width[i], head[i]);
    lt_doc_tab_row_end(&t);
    lt_doc_list_begin(d, "models");
    for (int i = 0; i < n; i++) {
        const lt_model_rotation_struct *r = &R[i];
        const double *ideal = r->depth ? lt_rotation_mse(r->ideal, 0, 0) : NULL;
        long L = r->max_length;
        lt_doc_item_begin(d);
        lt_doc_str(d, "|model", dirs[i], NULL);
        lt_doc_long(d, "|layers", layers[i], NULL);
        lt_doc_str(d, "|layer_type", types[i], NULL);
        lt_write_rotation_map(d, r->map, 0, NULL);
        lt_doc_double(d, "|mean_mse", "%.6e", r->mean_mse);
        put_series(d, "|mse", r->mse, NULL, L);
        if (ideal) {
            lt_doc_open(d, "ideal");
            lt_doc_long(d, "|depth", r->depth, NULL);
            lt_doc_str(d, "|bound", lt_depth_bound_name(r->P.bound), NULL);
            lt_doc_json(d, "|step", "%.17Lg", r->P.step);
            lt_doc_long(d, "|window", r->P.window, NULL);
            lt_doc_double(d, "|mean_mse", "%.6e", r->ideal_mean_mse);
            put_series(d, "|mse", ideal, NULL, L);
            lt_doc_close(d);
        } else
            lt_doc_str(d, "|ideal", NULL, NULL);
        lt_doc_item_end(d);
        lt_doc_tab_cell(&t, "%-6d", layers[i]);
        lt_doc_tab_cell(&t, " %-18s", types[i]);
        lt_doc_tab_cell(&t, " %10.3e", r->mean_mse);
        lt_doc_tab_cell(&t, " %10.3e", L ? r->mse[L - 1] : 0.0);
        if (ideal) {
            lt_doc_tab_cell(&t, " %10.3e", r->ideal_mean_mse);
            lt_doc_tab_cell(&t, " %10.3e", L ? ideal[L - 1] : 0.0);
        } else {
            lt_doc_tab_cell(&t, " %10s", "-");
            lt_doc_tab_cell(&t, " %10s", "-");
        }
        lt_doc_tab_cell(&t, "  %s", dirs[i]);
        lt_doc_tab_row_end(&t);
    }
    lt_doc_list_end(d);
    lt_doc_tab_end(&t);
    if (n && R[0].depth)
        lt_doc_say(d, "ideal: the depth-k order-blind model (each window of %ld tokens' Magnus series truncated at c(k), "
                   "bound %s, step %.6Lg) on the same words, k = the checkpoint's layers",
                   R[0].P.window, lt_depth_bound_name(R[0].P.bound), R[0].P.step);
}

void lt_write_ssm_eval_job(lt_doc *d, const lt_ssm_eval_job_t J, const lt_ssm_eval_job_params *P)
{
    lt_write_ssm_task T = {.group = P->group, .order = J->C->n, .derived_length = J->derived_length,
                           .words = J->W->n, .length = P->length, .data = P->data, .seed = P->seed,
                           .threshold = P->threshold, .bos = P->bos};
    lt_write_ssm_eval(d, P->dir, J->M, J->R, &T);
    if (J->has_family) lt_write_verdict_after(d, J->V, P->group);
    else lt_write_no_verdict(d, J->M);
}
