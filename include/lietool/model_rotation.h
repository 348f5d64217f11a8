/* A trained checkpoint on the rotation task (lietool ssm eval --task
   rotation): its outputs scored against the exact targets of
   lietool/rotation.h, beside the ideal depth-k model of lt_rotation_run.
   Its own header: lietool/rotation.h names parameters I, which
   <complex.h> (read by some users of lietool/model.h) defines. */
#ifndef LIETOOL_MODEL_ROTATION_H
#define LIETOOL_MODEL_ROTATION_H

#include "lietool/model.h"
#include "lietool/rotation.h"


/* ---- a checkpoint on the rotation task (src/ssm/rotation_eval.c) ---- */

typedef struct {
    int has_bos, bos;       /* a BOS token read before every word (its output is not scored) */
    lt_bound bound;         /* of the ideal model: c(k) */
    long double step;       /* h of the ideal model's flow (1: the task the checkpoint is scored on) */
    long window;            /* W of the ideal model */
    lt_rotation_map map;    /* the tokens' rotations, of the targets and the ideal model */
} lt_model_rotation_params;
typedef struct {
    long words, max_length;         /* the words, the longest (positions 1..max_length, no BOS) */
    long tokens;                    /* positions scored: the sum of the words' lengths */
    lt_rotation_map map;            /* the tokens' rotations used */
    long *count;                    /* per position: the words reaching it */
    double *mse;                    /* per position: mean over those words and the 3 coordinates of
                                       (y - v_t)^2, y the head's outputs, v_t = R(x_t)...R(x_1) v0 */
    double mean_mse;                /* over every scored position (count-weighted) */
    int depth;                      /* the ideal model's depth: the checkpoint's layers; 0 when
                                       they are outside 1..LT_ROTATION_MAX_DEPTH (no ideal) */
    lt_rotation_params P;           /* the ideal's run (words and word_len cleared after it) */
    lt_rotation_result_t ideal;     /* lt_rotation_run on the same words: lt_rotation_mse(ideal, 0, 0) */
    double ideal_mean_mse;          /* count-weighted as mean_mse */
} lt_model_rotation_struct;
typedef lt_model_rotation_struct lt_model_rotation_t[1];

void lt_model_rotation_init(lt_model_rotation_t R);
void lt_model_rotation_clear(lt_model_rotation_t R);
/* Runs the rotation-task checkpoint M (M->task LT_TASK_ROTATION) on the
   words of W (elements of A5, lietool/rotation.h's numbering) and scores
   its 3 outputs per position against the exact targets at step 1 (long
   double, lt_rotation_icosa); beside it the ideal depth-k model,
   k = M->n_layers, from lt_rotation_run on the same words (the function
   of lietool ssm rotation) with P's bound, step and window. LT_EINPUT for
   a word-problem checkpoint, a token of W above 59 or a BOS outside the
   vocabulary; LT_ENUMERIC naming the word and position of an output that
   is not finite; lt_rotation_run's errors. */
lt_status lt_model_rotation_eval(lt_model_rotation_t R, const lt_model_t M, const lt_words_t W,
                                 const lt_model_rotation_params *P, const lt_ctx_t ctx, lt_err_t err);

/* The figure of ssm sweep --task rotation: the MSE per position of each
   checkpoint R[i] (dirs[i], layers[i] layers; solid) and of the ideal model
   of its depth (dashed, the same colour), log scale; note (or NULL) a line
   under it. F (initialised) is replaced. */
#include "lietool/plot.h"
void lt_model_rotation_sweep_plot(lt_plot_t F, const char *const *dirs, const int *layers,
                                  const lt_model_rotation_struct *R, int n, const char *note);

#endif
