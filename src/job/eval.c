/* The evaluation experiments, whole, as library calls: ssm eval on the
   word problem (lt_ssm_eval_job: the group, the checkpoint, the words, the
   run and the theory's verdict) and on the rotation task
   (lt_ssm_rotation_job), and ssm sweep over several checkpoints on the
   same words (lt_ssm_sweep_job, lt_ssm_rotation_sweep_job). The commands
   (src/cli/ssm_eval.c) and the Python package call these, so they cannot
   disagree; the caller writes the results. */
#include <string.h>
#include "lietool/dataset.h"
#include "lietool/io.h"
#include "lietool/job.h"
#include "lietool/model.h"
#include "lietool/ssm.h"
#include "lietool/rotation.h"

void lt_ssm_eval_job_init(lt_ssm_eval_job_t J)
{
    memset(J, 0, sizeof *J);
    lt_cayley_init(J->C);
    lt_model_init(J->M);
    lt_words_init(J->W);
    lt_ssm_eval_init(J->R);
    lt_plan_verdict_init(J->V);
}

void lt_ssm_eval_job_clear(lt_ssm_eval_job_t J)
{
    lt_plan_verdict_clear(J->V);
    lt_ssm_eval_clear(J->R);
    lt_words_clear(J->W);
    lt_model_clear(J->M);
    lt_cayley_clear(J->C);
}

lt_status lt_ssm_eval_words(lt_words_t W, const lt_cayley_t C, const lt_ssm_eval_job_params *P, const lt_ctx_t ctx,
                            lt_err_t err)
{
    if (!P->data) return lt_words_generate(W, C, P->length, P->samples, P->seed, ctx, err);
    FILE *f = strcmp(P->data, "-") ? lt_io_open_read(P->data, NULL, err) : stdin;
    if (!f) return err->status;
    lt_status st = lt_words_read(W, f, P->data, C->n, P->max_len, P->max_samples, ctx, err);
    if (f != stdin) fclose(f);
    return st;
}

lt_status lt_ssm_eval_map(lt_token_map *map, long n, const lt_ssm_eval_job_params *P, lt_err_t err)
{
    if (P->offset >= 0 && P->token_map)
        return lt_err_set(err, LT_EINPUT, "give `offset` N or `token_map` FILE, not both");
    if (P->token_map) return lt_token_map_read(map, n, P->token_map, P->bos, err);
    if (P->offset >= 0) return lt_token_map_offset(map, n, P->offset, P->bos, err);
    return LT_OK;
}

lt_status lt_ssm_eval_model(lt_model_t M, const char *dir, long n, const lt_ssm_eval_job_params *P, lt_err_t err)
{
    lt_threads_warm(lt_model_threads());      /* the forward passes' threads, awake by the time the model is read */
    lt_status st = P->config ? lt_io_model_load_mem(M, dir, P->config, P->config_len, P->weights, P->weights_len,
                                                    (lt_model_compute)P->compute, err)
                             : lt_io_model_load(M, dir, P->max_mb, (lt_model_compute)P->compute, err);
    if (!st && P->set_family) st = lt_model_set_family(M, &P->family, err);
    /* with a token map the evaluation checks the tokens */
    if (st || P->offset >= 0 || P->token_map) return st;
    return lt_model_check_group(M, dir, n, P->group, err);
}

/* --predictions and --logits: the rows of one word, as the model saw it. */
typedef struct { FILE *pred, *logits; const lt_words_struct *W; int classes; } job_files;

static void job_write(void *arg, long i, const float *logits, const int *prediction, long T)
{
    const job_files *F = arg;
    if (F->pred) lt_io_write_predictions_row(F->pred, F->W->seed[i], F->W->input[i], F->W->target[i], prediction, T);
    if (F->logits) lt_io_write_logits_row(F->logits, F->W->input[i], logits, T, F->classes);
}

lt_status lt_ssm_eval_job(lt_ssm_eval_job_t J, const lt_ssm_eval_job_params *P, const lt_ctx_t ctx, lt_err_t err)
{
    if (P->predictions && P->logits && strcmp(P->predictions, P->logits) == 0)
        return lt_err_set(err, LT_EINPUT, "ssm eval: `predictions` and `logits` name the same file '%s'", P->logits);
    lt_token_map map = {0};
    lt_io_out_t Op, Ol;     /* written whole or not at all */
    Op->f = Ol->f = NULL;
    Op->path = Op->tmp = Ol->path = Ol->tmp = NULL;
    job_files F = {NULL, NULL, J->W, 0};
    long abel = 0;
    lt_status st = lt_io_cayley_table(J->C, P->group, LT_CONV_AA, ctx, err);
    if (!st) st = lt_ssm_eval_model(J->M, P->dir, J->C->n, P, err);
    if (!st) st = lt_ssm_eval_map(&map, J->C->n, P, err);
    if (!st) st = lt_cayley_derived_length(&J->derived_length, &abel, J->C, ctx, err);
    if (!st) st = lt_ssm_eval_words(J->W, J->C, P, ctx, err);
    if (!st && P->predictions && !(F.pred = lt_io_out_open(Op, P->predictions, err))) st = err->status;
    if (!st && P->logits && !(F.logits = lt_io_out_open(Ol, P->logits, err))) st = err->status;
    if (!st) {
        F.classes = J->M->classes;
        if (F.pred) lt_io_write_predictions_header(F.pred);
        if (F.logits) lt_io_write_logits_header(F.logits, J->W->n, J->W->max_len, J->M->classes);
        lt_ssm_eval_params EP = {.threshold = P->threshold, .word = (F.pred || F.logits) ? job_write : NULL,
                                 .arg = &F, .has_bos = P->bos >= 0, .bos = (int)P->bos,
                                 .map = map.token ? &map : NULL};
        st = lt_ssm_eval_run(J->R, J->M, J->W, &EP, err);
    }
    if (!st) st = lt_io_out_commit(Op, err);
    if (!st) st = lt_io_out_commit(Ol, err);
    /* the theory's verdict for this checkpoint: its family and layers, at the words' length */
    if (!st) st = lt_plan_model(J->V, &J->has_family, J->M, P->group, J->W->max_len,
                                 P->v1_bound ? LT_BOUND_V1 : LT_BOUND_SHARP, ctx, err);
    lt_io_out_abort(Op);
    lt_io_out_abort(Ol);
    lt_token_map_clear(&map);
    return st;
}

/* ---- the rotation task ---- */

static lt_model_rotation_params rotation_params(const lt_ssm_eval_job_params *P, const lt_model_t M)
{
    return (lt_model_rotation_params){.has_bos = P->bos >= 0, .bos = (int)P->bos,
                                      .bound = P->v1_bound ? LT_BOUND_V1 : LT_BOUND_SHARP,
                                      .step = P->step > 0 ? P->step : 1.0L, .window = P->window > 0 ? P->window : 8,
                                      .map = (lt_rotation_map)(P->map >= 0 ? P->map : M->rotation_map)};
}

void lt_ssm_rotation_job_init(lt_ssm_rotation_job_t J)
{
    memset(J, 0, sizeof *J);
    lt_cayley_init(J->C);
    lt_model_init(J->M);
    lt_words_init(J->W);
    lt_model_rotation_init(J->R);
    lt_plan_verdict_init(J->V);
}

void lt_ssm_rotation_job_clear(lt_ssm_rotation_job_t J)
{
    lt_plan_verdict_clear(J->V);
    lt_model_rotation_clear(J->R);
    lt_words_clear(J->W);
    lt_model_clear(J->M);
    lt_cayley_clear(J->C);
}

lt_status lt_ssm_rotation_job(lt_ssm_rotation_job_t J, const lt_ssm_eval_job_params *P, const lt_ctx_t ctx, lt_err_t err)
{
    lt_status st = lt_io_cayley_table(J->C, "A5", LT_CONV_AA, ctx, err);
    if (!st) st = lt_io_model_load(J->M, P->dir, P->max_mb, (lt_model_compute)P->compute, err);
    if (!st && P->set_family) st = lt_model_set_family(J->M, &P->family, err);
    if (!st) st = lt_ssm_eval_words(J->W, J->C, P, ctx, err);
    if (st) return st;
    lt_model_rotation_params R = rotation_params(P, J->M);
    if ((st = lt_model_rotation_eval(J->R, J->M, J->W, &R, ctx, err))) {
        lt_err_prefix(err, "%s", P->dir);
        return st;
    }
    return lt_plan_model(J->V, &J->has_family, J->M, "A5", J->W->max_len, R.bound, ctx, err);
}

/* ---- sweeps: several checkpoints on the same words ---- */

void lt_ssm_sweep_job_init(lt_ssm_sweep_job_t J)
{
    memset(J, 0, sizeof *J);
    lt_cayley_init(J->C);
    lt_words_init(J->W);
    lt_ssm_sweep_init(J->S);
}

void lt_ssm_sweep_job_clear(lt_ssm_sweep_job_t J)
{
    for (int i = 0; i < J->n; i++) {
        if (J->V) lt_plan_verdict_clear(&J->V[i]);
        if (J->R) lt_model_rotation_clear(&J->R[i]);
    }
    lt_free(J->V);
    lt_free(J->R);
    lt_free(J->layers);
    lt_free(J->types);
    lt_ssm_sweep_clear(J->S);
    lt_words_clear(J->W);
    lt_cayley_clear(J->C);
    memset(J, 0, sizeof *J);
}

lt_status lt_ssm_sweep_job(lt_ssm_sweep_job_t J, char *const *dirs, int ndirs, const lt_ssm_eval_job_params *P,
                           const lt_ctx_t ctx, lt_err_t err)
{
    lt_token_map map = {0};
    long abel = 0;
    J->derived_length = 0;
    lt_status st = lt_io_cayley_table(J->C, P->group, LT_CONV_AA, ctx, err);
    if (!st) st = lt_cayley_derived_length(&J->derived_length, &abel, J->C, ctx, err);
    if (!st) st = lt_ssm_eval_map(&map, J->C->n, P, err);
    if (!st) st = lt_ssm_eval_words(J->W, J->C, P, ctx, err);
    lt_ssm_eval_params EP = {.threshold = P->threshold, .has_bos = P->bos >= 0, .bos = (int)P->bos,
                             .map = map.token ? &map : NULL};
    for (int i = 0; i < ndirs && !st; i++) {
        lt_model_t M;
        lt_model_init(M);
        st = lt_ssm_eval_model(M, dirs[i], J->C->n, P, err);
        if (!st) st = lt_ssm_sweep_add(J->S, dirs[i], M, J->W, &EP, err);
        lt_model_clear(M);
    }
    lt_token_map_clear(&map);
    if (st) return st;
    /* the theory's verdict for each row: its family and layers, at the words' length */
    J->V = lt_calloc((size_t)(J->S->n ? J->S->n : 1), sizeof *J->V);
    J->n = J->S->n;
    for (int i = 0; i < J->n; i++) lt_plan_verdict_init(&J->V[i]);
    lt_pgrp_t G;
    lt_liealg_t L;
    lt_pgrp_init(G, 1);
    lt_liealg_init(L);
    st = lt_io_object(G, L, 0, P->group, ctx, err);
    for (int i = 0; i < J->n && !st; i++) {
        const lt_ssm_sweep_row *r = &J->S->row[i];
        if (r->family.kind == LT_FAM_COUNT) continue;     /* no family fits: no verdict */
        st = lt_plan_object(&J->V[i], G, L, &r->family, r->layers, J->W->max_len,
                            P->v1_bound ? LT_BOUND_V1 : LT_BOUND_SHARP, ctx, err);
    }
    lt_pgrp_clear(G);
    lt_liealg_clear(L);
    return st;
}

lt_status lt_ssm_rotation_sweep_job(lt_ssm_sweep_job_t J, char *const *dirs, int ndirs, const lt_ssm_eval_job_params *P,
                                    const lt_ctx_t ctx, lt_err_t err)
{
    lt_status st = lt_io_cayley_table(J->C, "A5", LT_CONV_AA, ctx, err);
    if (!st) st = lt_ssm_eval_words(J->W, J->C, P, ctx, err);
    if (st) return st;
    J->R = lt_calloc((size_t)(ndirs ? ndirs : 1), sizeof *J->R);
    J->layers = lt_calloc((size_t)(ndirs ? ndirs : 1), sizeof *J->layers);
    J->types = lt_calloc((size_t)(ndirs ? ndirs : 1), sizeof *J->types);
    for (; J->n < ndirs && !st; J->n++) {
        lt_model_t M;
        lt_model_init(M);
        lt_model_rotation_init(&J->R[J->n]);
        st = lt_io_model_load(M, dirs[J->n], P->max_mb, (lt_model_compute)P->compute, err);
        if (!st && P->set_family) st = lt_model_set_family(M, &P->family, err);
        if (!st) {
            lt_model_rotation_params R = rotation_params(P, M);
            st = lt_model_rotation_eval(&J->R[J->n], M, J->W, &R, ctx, err);
            if (st) lt_err_prefix(err, "%s", dirs[J->n]);
            J->layers[J->n] = M->n_layers;
            J->types[J->n] = lt_model_layer_name(M);
        }
        lt_model_clear(M);
    }
    return st;
}
