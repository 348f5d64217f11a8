/* Private to src/job: the trainer's child process and the files around it
   (src/job/trainer.c), shared by ssm train (train.c) and the paper
   (paper.c). `who` starts every message ("ssm train", "paper"). */
#ifndef LT_JOB_IMPL_H
#define LT_JOB_IMPL_H

#include <stdio.h>
#include "lietool/job.h"

/* A string of lt_malloc's; `name` markers spelled as the front end spells them. */
char *lt_job_printf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* "dir/name". */
char *lt_job_path(const char *dir, const char *name);
/* Seconds of CLOCK_MONOTONIC. */
double lt_job_now(void);
/* The family of A, named name (householder-N's N read from the name). */
void lt_job_arch_family(lt_arch *a, const lt_train_arch *A, const char *name);
/* The Python that runs the trainer: given, $LIETOOL_PYTHON, /usr/bin/python3, python3 on PATH. */
lt_status lt_job_find_python(char **out, const char *given, const char *who, lt_err_t err);
/* The trainer: given, $LIETOOL_TRAINER, scripts/train_wordproblem.py beside self, in
   ../share/lietool/scripts beside it, in LT_DATADIR/scripts. */
lt_status lt_job_find_trainer(char **out, const char *given, const char *self, const char *who, lt_err_t err);
/* python imports torch, or LT_EMISSING. */
lt_status lt_job_check_torch(const char *python, const char *who, lt_err_t err);
/* LT_EINPUT when dir exists and is not a directory, or is a directory
   holding anything without force. *exists: it is there. */
lt_status lt_job_check_out(int *exists, const char *dir, int force, const char *who, lt_err_t err);
/* mkdir -p dir. */
lt_status lt_job_make_dir(const char *dir, const char *who, lt_err_t err);
/* Words of lengths lo..hi into path (one header): per length its share of
   total (or each one quota when total < 0), every word when fewer exist;
   seeds base + l. *rows the words written. */
lt_status lt_job_write_words(long *rows, const char *path, const lt_cayley_t C, long lo, long hi, long total, long each,
                             uint64_t base, const lt_ctx_t ctx, lt_err_t err);
/* One setting of DIR/trainer-job.json ("key": "value"; *n counts them,
   the first opens the object). The trainer reads the file as its command
   line: each key is an option without its dashes, '_' for '-'. */
void lt_job_setting(FILE *f, int *n, const char *key, const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* The settings of the architecture A (householder-N's N: householders). */
void lt_job_arch_settings(FILE *f, int *n, const lt_train_arch *A, int householders);
/* Runs python trainer job, its output to log: see trainer.c. */
lt_status lt_job_run_trainer(const char *python, const char *trainer, const char *job, const char *log, double timeout,
                             double budget, const lt_ctx_struct *ctx, double expect, const char *who, lt_err_t err);

#endif
