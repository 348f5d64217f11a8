/* ssm eval on the word problem, whole: the group, the checkpoint, the
   words, the run and the theory's verdict for the checkpoint. The command
   (src/cli/ssm_eval.c) and the Python package's ssm_eval both call
   lt_ssm_eval_job, so they cannot disagree. */
#include <string.h>
#include "lietool/dataset.h"
#include "lietool/io.h"
#include "lietool/model.h"

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
        return lt_err_set(err, LT_EINPUT, "give --offset N or --token-map FILE, not both");
    if (P->token_map) return lt_token_map_read(map, n, P->token_map, P->bos, err);
    if (P->offset >= 0) return lt_token_map_offset(map, n, P->offset, P->bos, err);
    return LT_OK;
}

lt_status lt_ssm_eval_model(lt_model_t M, const char *dir, long n, const lt_ssm_eval_job_params *P, lt_err_t err)
{
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
        return lt_err_set(err, LT_EINPUT, "ssm eval: --predictions and --logits name the same file '%s'", P->logits);
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
