/* Jobs (src/job): a researcher's loop run whole by one library call.
   lt_ssm_train_job is `lietool ssm train`: the theory's verdict for K
   layers of an architecture's family on a group's word problem, the
   training, validation and test words written with lietool's own
   generator, a training run of the PyTorch trainer
   (scripts/train_wordproblem.py) in a child process, lietool's own
   evaluation of the checkpoint it wrote, and the outcome of the run
   against the verdict. The library prints nothing: the trainer's output
   goes to DIR/train.log, the result to DIR/result.json and to the
   caller's writer (lt_write_ssm_train, lietool/write.h). */
#ifndef LIETOOL_JOB_H
#define LIETOOL_JOB_H

#include <stdint.h>
#include "lietool/core.h"
#include "lietool/depth.h"
#include "lietool/dataset.h"
#include <flint/fmpq.h>
#include "lietool/rotation.h"
#include "lietool/perm.h"
#include "lietool/liealg.h"

/* ---- ssm eval ---- */
#include "lietool/ssm.h"
/* ssm eval on the word problem, whole (src/job/eval.c): the
   command and the Python package's ssm_eval run this one function. */
typedef struct {
    const char *dir;            /* the checkpoint's directory; its name when config is given */
    const char *config;         /* config.json's text in memory (weights too), or NULL: read dir */
    size_t config_len;
    const unsigned char *weights;
    size_t weights_len;
    const char *group;          /* the task's group (a spec) */
    const char *data;           /* a dataset CSV ("-": standard input), or NULL: generate the words */
    long length, samples;       /* generated words (data NULL) */
    uint64_t seed;
    double threshold;           /* of the longest prefix */
    long bos, offset;           /* --bos, --offset; -1 when not given */
    const char *token_map;      /* --token-map FILE, or NULL */
    int compute;                /* lt_model_compute */
    long max_mb, max_len, max_samples;
    const char *predictions, *logits;   /* files to write (each whole or not at all), or NULL */
    int v1_bound;               /* 1: the verdict reads the depth bound as v1 (superseded); 0: sharp */
    int set_family;             /* 1: family overrides the checkpoint's (lt_model_set_family) */
    lt_arch family;
    /* the rotation task (lietool/job.h, lt_ssm_rotation_job): the ideal
       model's step (0: 1) and window (0: 8), the tokens' rotations (a
       lt_rotation_map; set map = -1 for the checkpoint's own) */
    long double step;
    long window;
    int map;
} lt_ssm_eval_job_params;

typedef struct {
    lt_cayley_t C;              /* the group's table */
    lt_model_t M;
    lt_words_t W;
    lt_ssm_eval_t R;            /* the accuracies */
    lt_plan_verdict_t V;        /* the verdict, when has_family */
    int has_family;
    long derived_length;        /* of the group; -1 when not solvable */
} lt_ssm_eval_job_struct;
typedef lt_ssm_eval_job_struct lt_ssm_eval_job_t[1];

/* The pieces of a job, shared with ssm sweep: the words (P->data, or
   P->length x P->samples from P->seed), the token map (P->token_map or
   P->offset, with P->bos; map->token NULL when neither is given), and a
   checkpoint loaded from dir (P->max_mb, P->compute) whose vocabulary
   must hold the n elements of P->group unless a token map is given. */
lt_status lt_ssm_eval_words(lt_words_t W, const lt_cayley_t C, const lt_ssm_eval_job_params *P, const lt_ctx_t ctx,
                            lt_err_t err);
lt_status lt_ssm_eval_map(struct lt_token_map_s *map, long n, const lt_ssm_eval_job_params *P, lt_err_t err);
lt_status lt_ssm_eval_model(lt_model_t M, const char *dir, long n, const lt_ssm_eval_job_params *P, lt_err_t err);
void lt_ssm_eval_job_init(lt_ssm_eval_job_t J);
void lt_ssm_eval_job_clear(lt_ssm_eval_job_t J);
/* Loads the group and the checkpoint, makes or reads the words, runs the
   model (writing P->predictions and P->logits), and asks the theory for
   the checkpoint's verdict at the words' length (lt_plan_model). */
lt_status lt_ssm_eval_job(lt_ssm_eval_job_t J, const lt_ssm_eval_job_params *P, const lt_ctx_t ctx, lt_err_t err);


/* ---- the outcome of a run against the theory ----
   exact and suffices_T are the verdict's answers (lt_plan_verdict_struct:
   1 yes, 0 no, -1 open). The run is allowed when either is yes; it is
   predicted to fail when neither is yes and one is no; otherwise the
   theory leaves it open. Allowed: "learned" when the test words' sequence
   accuracy is at least threshold, else "not learned"; predicted to fail:
   "beat the prediction" at or above the threshold, else "failed as
   predicted"; "open" otherwise. */
typedef enum {
    LT_TRAIN_LEARNED = 0,
    LT_TRAIN_NOT_LEARNED,
    LT_TRAIN_BEAT_PREDICTION,
    LT_TRAIN_FAILED_AS_PREDICTED,
    LT_TRAIN_OPEN,
    LT_TRAIN_NOUTCOMES
} lt_train_outcome;
/* The threshold of ssm train: 0.9, as the longest prefix at 90%. */
#define LT_TRAIN_THRESHOLD 0.9
lt_train_outcome lt_train_outcome_of(int exact, int suffices_T, double sequence_accuracy, double threshold);
/* "learned", "not learned", "beat the prediction", "failed as predicted", "open". */
const char *lt_train_outcome_name(lt_train_outcome o);

/* ---- architectures ----
   What --arch names: the layer family whose verdict the run is compared
   with (lt_arch, lietool/depth.h) and the trainer's arguments. Every
   family name of lt_arch_parse is one (householder-N for N = 1..64,
   householder alone householder-1), and so are the trainer's own
   architectures (mamba, gla, delta_net, ...). */
typedef struct {
    const char *name;       /* "mamba"; "householder-N" stands for every N */
    lt_arch family;         /* householder-N: householders 0 (the N of the name) */
    const char *args;       /* the trainer's settings, "key=value" separated by spaces; the value N is householder-N's N */
} lt_train_arch;
/* The entry of name, or NULL when it is none. */
const lt_train_arch *lt_train_arch_find(const char *name);
/* The names, for messages: "abelian, diag-positive, ..., deltaproduct". */
const char *lt_train_arch_list(void);
/* The names within edit distance 2 of name, "'a' or 'b'" (empty: none), into out. */
void lt_train_arch_suggest(char *out, size_t size, const char *name);
/* The table itself, n entries (tests, documentation). */
const lt_train_arch *lt_train_arch_table(int *n);

/* ---- lietool ssm train ---- */

#define LT_TRAIN_MAX_LAYERS 64
#define LT_TRAIN_VAL_WORDS 200      /* validation words, of the test length */
#define LT_TRAIN_GRACE 120.0        /* seconds past the budget before the trainer is stopped */

typedef struct {
    const char *group;          /* the task's group, a spec as given */
    const char *arch;           /* an architecture name (lt_train_arch_find) */
    long layers;                /* K, 1..LT_TRAIN_MAX_LAYERS */
    const char *out;            /* DIR, made with its parents; refused when it is not empty unless force */
    int force;
    long train_length;          /* L >= 2: training words of every length 2..L */
    long test_length;           /* T >= 1 */
    long samples;               /* training words in all (about), spread evenly over the lengths */
    long test_samples;          /* test words, all of length T */
    uint64_t seed;              /* of the trainer, and the words' seeds are derived from it */
    double budget;              /* seconds of training (> 0), passed to the trainer */
    double grace;               /* the trainer is stopped (SIGTERM, then SIGKILL) at budget + grace
                                   seconds; 0: LT_TRAIN_GRACE */
    long d_model, steps, tries; /* passed on when > 0 */
    const char *lr;             /* "3e-3,1e-3", passed on when not NULL */
    const char *self;           /* the lietool binary (the trainer runs it: --lietool), required;
                                   the trainer is looked for beside it */
    const char *python;         /* NULL: $LIETOOL_PYTHON, else /usr/bin/python3, else python3 on PATH */
    const char *trainer;        /* NULL: $LIETOOL_TRAINER, else scripts/train_wordproblem.py beside
                                   self, ../share/lietool/scripts/ beside it, LT_DATADIR/scripts/ */
    lt_dataset_limits limits;   /* of the words (dataset generate's --max-length, --max-samples,
                                   --max-tokens); zeroed: LT_DATASET_LIMITS_DEFAULT */
    long max_mb;                /* the checkpoint read back (ssm eval's --max-checkpoint-mb); 0: 1024 */
} lt_ssm_train_params;

/* One try of the trainer (DIR/train.json's "tries"). */
typedef struct {
    long seed, steps, best_step;
    double lr, validation, final_loss, seconds;   /* NaN where train.json has none */
    char stopped[64];           /* why it stopped: "early stop", "budget", "steps", ... */
} lt_train_try;

typedef struct {
    lt_arch family;             /* of the architecture */
    char family_name[32];
    lt_plan_verdict_t V;        /* the verdict for (family, layers, test length), as plan gives it */
    long order;                 /* |G| */
    long train_words, val_words, test_words;    /* the words written */
    char *python, *trainer;     /* what ran */
    int ntries;
    lt_train_try *tries;
    int chosen;                 /* 1-based: the try whose checkpoint was kept */
    double seconds;             /* the tries' seconds added up */
    double sequence_accuracy, token_accuracy;   /* lietool's evaluation on DIR/test.csv */
    long longest_prefix_90;
    double final_loss;          /* the chosen try's */
    double chance_loss;         /* ln |G| */
    lt_train_outcome outcome;
    char *advice;               /* what to try next or what the outcome means; NULL when nothing */
} lt_ssm_train_job_struct;
typedef lt_ssm_train_job_struct lt_ssm_train_job_t[1];

void lt_ssm_train_job_init(lt_ssm_train_job_t J);
void lt_ssm_train_job_clear(lt_ssm_train_job_t J);
/* The whole run: loads the group and computes the verdict (lt_plan_object
   for the family, K and T, LT_BOUND_DEFAULT, as plan does); refuses DIR
   when it is a non-directory, or a non-empty directory without force
   (LT_EINPUT naming it; with force the files of an earlier run are
   removed); finds Python and the trainer and checks that Python imports
   torch (LT_EMISSING otherwise); writes DIR/train.csv, DIR/val.csv and
   DIR/test.csv; runs the trainer (its output to DIR/train.log; a failure:
   LT_EINPUT when it refused the input, LT_EINTERNAL when it crashed, with
   the log's last lines; LT_ELIMIT when it ran past budget + grace and was
   stopped); reads DIR/train.json; evaluates the checkpoint on
   DIR/test.csv with lt_ssm_eval_job (as ssm eval does); decides the
   outcome; writes DIR/result.json (the JSON of lt_write_ssm_train).
   Limits: LT_ELIMIT when a length or a word count is above P->limits. */
lt_status lt_ssm_train_job(lt_ssm_train_job_t J, const lt_ssm_train_params *P, const lt_ctx_t ctx, lt_err_t err);

/* ---- the generator mass of a task (error-bound) ----
   eps: the value given, or the mass of a representation file (of the group
   G), of a trained checkpoint's first layer on the group spec (element i
   is token offset + i; the largest transition norm of each element over
   LT_TASK_MASS_WORDS random words of LT_TASK_MASS_LENGTH, seed 0), or of
   the spec's LieAlgebra(...) generators, each generator acting for time
   step (NULL or 0: 1). *source says which (LT_EPS_NONE: none of them; M
   untouched), h receives the step. LT_EINPUT for two sources at once or a
   step without matrices to scale (src/job/mass.c). */
#define LT_TASK_MASS_WORDS 16
#define LT_TASK_MASS_LENGTH 64
typedef struct {
    const char *spec;           /* the object, as given */
    int is_lie;
    const fmpq *eps;            /* given, or NULL */
    const char *rep;            /* a .rep file, or NULL */
    const char *model;          /* a checkpoint directory, or NULL */
    long offset;                /* with model */
    const fmpq *step;           /* or NULL */
    double tol;                 /* of the representation's matrix logarithms */
} lt_task_mass_params;
lt_status lt_task_mass(lt_eps_source *source, lt_depth_mass_t M, fmpq_t h, const lt_task_mass_params *P, lt_pgrp_t G,
                       const lt_ctx_t ctx, lt_err_t err);

/* ---- evaluation experiments (src/job/eval.c) ----
   lt_ssm_eval_job (lietool/model.h) runs one checkpoint on the word
   problem. The rotation task and the sweeps run here, whole; the caller
   writes the results (lt_write_ssm_eval_rotation, lt_write_ssm_sweep,
   lt_write_ssm_sweep_rotation) and any files. */
/* ssm eval --task rotation: the checkpoint P->dir on the A5 words of P
   (generated or P->data), scored against the exact rotations beside the
   ideal model of its depth, and the theory's verdict for its family and
   layers on A5 (has_family 0: no family fits). */
typedef struct {
    lt_cayley_t C;
    lt_model_t M;
    lt_words_t W;
    lt_model_rotation_t R;
    lt_plan_verdict_t V;
    int has_family;
} lt_ssm_rotation_job_struct;
typedef lt_ssm_rotation_job_struct lt_ssm_rotation_job_t[1];
void lt_ssm_rotation_job_init(lt_ssm_rotation_job_t J);
void lt_ssm_rotation_job_clear(lt_ssm_rotation_job_t J);
lt_status lt_ssm_rotation_job(lt_ssm_rotation_job_t J, const lt_ssm_eval_job_params *P, const lt_ctx_t ctx, lt_err_t err);

/* ssm sweep: the checkpoints dirs[0..ndirs) on the same words. The word
   problem (lt_ssm_sweep_job): S's rows by depth and V[i] the verdict of
   row i (its family and layers; untouched when no family fits), the
   group's derived length. The rotation task (lt_ssm_rotation_sweep_job):
   R[i], layers[i] and types[i] of checkpoint i, in the order given; on an
   error n counts the checkpoints begun. */
typedef struct {
    lt_cayley_t C;
    lt_words_t W;
    long derived_length;
    lt_ssm_sweep_t S;                   /* word problem */
    lt_plan_verdict_struct *V;          /* word problem: n verdicts, one per row */
    lt_model_rotation_struct *R;        /* rotation: n results */
    int *layers;
    const char **types;
    int n;
} lt_ssm_sweep_job_struct;
typedef lt_ssm_sweep_job_struct lt_ssm_sweep_job_t[1];
void lt_ssm_sweep_job_init(lt_ssm_sweep_job_t J);
void lt_ssm_sweep_job_clear(lt_ssm_sweep_job_t J);
lt_status lt_ssm_sweep_job(lt_ssm_sweep_job_t J, char *const *dirs, int ndirs, const lt_ssm_eval_job_params *P,
                           const lt_ctx_t ctx, lt_err_t err);
lt_status lt_ssm_rotation_sweep_job(lt_ssm_sweep_job_t J, char *const *dirs, int ndirs, const lt_ssm_eval_job_params *P,
                                    const lt_ctx_t ctx, lt_err_t err);

/* ---- explain: the witnesses of an answer (src/job/explain.c) ----
   The question q about the group G (with its chain) or, G NULL, the Lie
   algebra L: perfect (200000 products at most for a group's witness),
   abelian, or a series question (derived-series, lower-central-series,
   solvable, nilpotent, min-depth: the derived or lower central series,
   a witness per step). no: 1 when the answer to a yes-no question
   (perfect, abelian, solvable, nilpotent) is no. Written by
   lt_write_explain (lietool/write.h). */
/* The questions about one group or Lie algebra. */
typedef enum {
    LT_EXPLAIN_DERIVED_SERIES, LT_EXPLAIN_LOWER_CENTRAL_SERIES, LT_EXPLAIN_SOLVABLE,
    LT_EXPLAIN_NILPOTENT, LT_EXPLAIN_PERFECT, LT_EXPLAIN_ABELIAN, LT_EXPLAIN_MIN_DEPTH,
    LT_EXPLAIN_NQUESTIONS
} lt_explain_question;
typedef struct {
    lt_explain_question question;
    int is_lie, no;
    lt_pgrp_perfect_witness_t gp;
    lt_liealg_perfect_witness_t lp;
    lt_pgrp_abelian_witness_t ga;
    lt_liealg_abelian_witness_t la;
    lt_pgrp_series_witness_t gs;
    lt_liealg_series_witness_t ls;
} lt_explain_job_struct;
typedef lt_explain_job_struct lt_explain_job_t[1];
void lt_explain_job_init(lt_explain_job_t J);
void lt_explain_job_clear(lt_explain_job_t J);
lt_status lt_explain_job(lt_explain_job_t J, lt_explain_question q, lt_pgrp_t G, const lt_liealg_t L,
                         const lt_ctx_t ctx, lt_err_t err);

/* explain isomorphic: the isomorphism R found (lt_pgrp_isomorphism), when
   there is one, checked along the Cayley graph of G (*products the
   products it took); LT_EINTERNAL when it does not extend. */
lt_status lt_explain_isomorphic_check(long long *products, lt_pgrp_t G, lt_pgrp_t H, const lt_pgrp_iso_t R,
                                      const lt_ctx_t ctx, lt_err_t err);

/* ---- magnus --matrices (src/job/magnus.c) ----
   The matrices file path read (lt_io_matfile_read), then
   lt_free_magnus_run of the word W on it at step h; a failure of the
   run at an order is prefixed "magnus". */
#include "lietool/free.h"
lt_status lt_magnus_matrices_job(lt_magnus_result_t R, const lt_magnus_params *P, const lt_free_word_t W,
                                 const char *path, const fmpq_t h, const lt_ctx_t ctx, lt_err_t err);

/* ---- info of a group (src/job/info.c) ----
   P: lt_pgrp_profile with every part (its failure is the job's); T and
   I: the character table and its invariants (lt_chartab_profile), when
   have_chartab, else chartab_err says why they are missing; mu: the
   minimal faithful permutation degree, when have_mu. Written by
   lt_write_info_group (lietool/write.h). */
#include "lietool/chartab.h"
typedef struct {
    lt_pgrp_profile_t P;
    lt_chartab_t T;
    lt_chartab_inv_t I;
    int have_chartab, have_mu;
    lt_err_t chartab_err;
    lt_pgrp_mindeg_t mu;
} lt_info_group_job_struct;
typedef lt_info_group_job_struct lt_info_group_job_t[1];
void lt_info_group_job_init(lt_info_group_job_t J);
void lt_info_group_job_clear(lt_info_group_job_t J);
lt_status lt_info_group_job(lt_info_group_job_t J, lt_pgrp_t G, const lt_ctx_t ctx, lt_err_t err);

/* ---- the theory's verdict for a checkpoint ---- */
/* The verdict for M's family and depth on the word problem of group (a
   spec) at length T (src/job/plan_model.c); *has_family 0, and V untouched,
   when no family fits (then no verdict is stated). */
lt_status lt_plan_model(lt_plan_verdict_t V, int *has_family, const lt_model_t M, const char *group, long T, lt_bound b,
                        const lt_ctx_t ctx, lt_err_t err);

/* ---- the paper: make paper, lietool paper (src/job/paper.c) ----
   Heo, Ngotiaoco, Irie, Gershman, Sabatini (2026), "Why Depth Matters in
   Parallelizable Sequence Models: A Lie Algebraic View", on one machine
   beside the theory: the table (which depth of which family learns which
   group: one lt_ssm_train_job per run and seed), Figure 2 (A5: the
   longest prefix at 90% against depth, models trained with the trainer's
   recipe and read back by lt_ssm_sweep_job) and Figure 3 (the rotation
   task: the MSE per position against depth, beside the ideal order-blind
   model of each depth, lt_ssm_rotation_sweep_job). */
typedef enum { LT_PAPER_TABLE = 1, LT_PAPER_FIGURE2 = 2, LT_PAPER_FIGURE3 = 4, LT_PAPER_ALL = 7 } lt_paper_part;

/* A run of the table: group, architecture (lt_train_arch_find), layers;
   lengths and budget 0 take the scale's (the budget by the verdict: the
   scale's budget where a construction exists, fail_budget elsewhere). */
typedef struct {
    const char *group, *arch;
    int layers;
    long train_length, test_length;
    double budget;
} lt_paper_run;

/* A figure's models: arch at each depth and seed, trained on words of
   every length 2..length (about samples in all) for steps steps at lr,
   one try, the last weights. */
#define LT_PAPER_MAX_DEPTHS 8
#define LT_PAPER_MAX_SEEDS 4
typedef struct {
    const char *arch;
    int ndepths, depths[LT_PAPER_MAX_DEPTHS];
    int nseeds;
    long seeds[LT_PAPER_MAX_SEEDS];
    long length, samples, steps;
    double lr;
} lt_paper_figure;

/* A scale: "tiny" (what a reviewer runs: about 10 minutes on 2 cores),
   "default" (the paper's groups and families, 3 seeds: about an hour and
   a half), "full" (the paper's lengths 128/256: days on a CPU). The
   table is runs[0..nruns) when runs is set, else every group of groups
   with every arch of archs at the layers of layers (S4: s4_layers). */
typedef struct {
    const char *name;
    int nruns;
    const lt_paper_run *runs;
    const char *const *groups, *const *archs;
    int nlayers, layers[3], ns4_layers, s4_layers[3];
    int nseeds;
    uint64_t seeds[LT_PAPER_MAX_SEEDS];
    long train_length, test_length, samples, test_samples;
    double budget, fail_budget;
    lt_paper_figure fig2, fig3;
} lt_paper_scale;
/* The scale named name, or NULL. */
const lt_paper_scale *lt_paper_scale_find(const char *name);
/* "tiny, default, full". */
const char *lt_paper_scale_list(void);
/* The ideal model's step on figure 3: a window of 8 tokens has a
   generator mass of at most 8 pi h, inside the Magnus series' disc of
   convergence (pi) for h < 1/8; at the task's h = 1 it diverges. */
#define LT_PAPER_IDEAL_STEP "1/10"

typedef struct {
    const char *scale;              /* a scale's name; NULL: "default" */
    const char *out;                /* DIR, made with its parents; refused when it is not empty unless force */
    int force;
    unsigned parts;                 /* lt_paper_part bits; 0: all */
    long jobs;                      /* the figures' trainings at once, a thread each; 0: the processors */
    int map;                        /* figure 3's tokens' rotations (lt_rotation_map) */
    const char *const *groups;      /* the table's runs of these groups only (ngroups; NULL: all) */
    int ngroups;
    const uint64_t *seeds;          /* the table's seeds (nseeds; NULL: the scale's) */
    int nseeds;
    const char *self, *python, *trainer;   /* as lt_ssm_train_params' */
} lt_paper_params;

/* A row of the table: one lt_ssm_train_job. status NULL: it ran (the
   outcome and accuracies are set), else why it did not. */
typedef struct {
    lt_paper_run run;               /* lengths and budget as used */
    uint64_t seed;
    char family[32];
    int exact, suffices_T;          /* the verdict: 1, 0, -1 open; -2: none (status set before it) */
    double sequence_accuracy, token_accuracy, final_loss, chance_loss, seconds;
    long longest_prefix_90;
    lt_train_outcome outcome;
    long chosen, chosen_seed;       /* the try kept (1-based) and its seed; 0: none */
    double chosen_lr;
    char *status;
} lt_paper_row;

/* A point of a figure: the model of depth and seed; status NULL: it
   trained and was scored. Figure 2: longest prefix at 90% on the
   training words (the paper's figure) and on held-out words of twice
   their length, sequence accuracy there. Figure 3: the MSE over
   positions and at the last, and the ideal model's (NaN: none). */
typedef struct {
    int depth;
    long seed;
    char *dir;
    long longest_prefix_90, longest_prefix_90_test;
    double sequence_accuracy_test;
    double mse, mse_at_T, ideal_mse;
    char *status;
} lt_paper_point;

typedef struct {
    const lt_paper_scale *scale;
    unsigned parts;
    int map;
    char *python, *trainer, *cpu;   /* what ran, and where (the CPU's model name, or NULL) */
    long cores, jobs;
    int nrows;
    lt_paper_row *rows;
    int nfig2, nfig3;
    lt_paper_point *fig2, *fig3;
    unsigned svgs;                      /* the figures written (LT_PAPER_FIGURE2, _FIGURE3): none when no model trained */
    long outcomes[LT_TRAIN_NOUTCOMES];  /* rows by outcome */
    long failed;                        /* rows that did not run */
    double seconds, table_seconds, fig2_seconds, fig3_seconds;
} lt_paper_job_struct;
typedef lt_paper_job_struct lt_paper_job_t[1];
void lt_paper_job_init(lt_paper_job_t J);
void lt_paper_job_clear(lt_paper_job_t J);
/* The paper's parts P->parts into P->out: table.csv (as the rows come),
   figure2.csv and .svg, figure3.csv and .svg, summary.md, result.json
   (lt_write_paper's JSON) and runs/ (every run's directory). A run that
   fails is a row or point with its status, not the job's failure; the
   job fails (nothing trained) on bad parameters (LT_EINPUT), a missing
   Python, PyTorch or trainer (LT_EMISSING), or DIR. ctx->progress, when
   set, hears each training. */
lt_status lt_paper_job(lt_paper_job_t J, const lt_paper_params *P, const lt_ctx_t ctx, lt_err_t err);

#endif
