/* lietool ssm train, whole (lietool/job.h): the verdict, the words, the
   trainer in a child process, lietool's evaluation of its checkpoint and
   the outcome against the verdict. The library prints nothing: the
   trainer's output goes to DIR/train.log, the result to DIR/result.json. */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lietool/io.h"
#include "lietool/job.h"
#include "lietool/model.h"
#include "lietool/ssm.h"
#include "lietool/write.h"
#include "impl.h"

/* ---- the outcome ---- */

lt_train_outcome lt_train_outcome_of(int exact, int suffices_T, double sequence_accuracy, double threshold)
{
    int allowed = exact == 1 || suffices_T == 1;
    int predicted_fail = !allowed && (exact == 0 || suffices_T == 0);
    int reached = sequence_accuracy >= threshold;
    if (allowed) return reached ? LT_TRAIN_LEARNED : LT_TRAIN_NOT_LEARNED;
    if (predicted_fail) return reached ? LT_TRAIN_BEAT_PREDICTION : LT_TRAIN_FAILED_AS_PREDICTED;
    return LT_TRAIN_OPEN;
}

const char *lt_train_outcome_name(lt_train_outcome o)
{
    static const char *const names[LT_TRAIN_NOUTCOMES] = {
        "learned", "not learned", "beat the prediction", "failed as predicted", "open"
    };
    return (unsigned)o < LT_TRAIN_NOUTCOMES ? names[o] : "open";
}

/* ---- architectures ---- */

#define FAM(k) {LT_FAM_##k, 0}
static const lt_train_arch arch_table[] = {
    /* the families of lietool plan --arch */
    {"abelian", FAM(ABELIAN), "arch=diag eigenvalues=complex"},
    {"diag-positive", FAM(DIAG_POSITIVE), "arch=diag eigenvalues=positive"},
    {"diag-signed", FAM(DIAG_SIGNED), "arch=diag eigenvalues=signed"},
    {"diag-complex", FAM(DIAG_COMPLEX), "arch=diag eigenvalues=complex"},
    {"householder-N", FAM(HOUSEHOLDER), "arch=gated_deltaproduct dp_householder=N dp_neg=true"},
    {"transformer", FAM(TRANSFORMER), "arch=transformer"},
    /* the trainer's architectures, each in the family the theory knows it as */
    {"mamba", FAM(DIAG_POSITIVE), "arch=mamba"},
    {"signed-mamba", FAM(DIAG_SIGNED), "arch=mamba eigenvalues=signed"},
    {"mamba-signed", FAM(DIAG_SIGNED), "arch=mamba eigenvalues=signed"},
    {"mamba2", FAM(DIAG_POSITIVE), "arch=mamba2"},
    {"mamba2-signed", FAM(DIAG_SIGNED), "arch=mamba2 eigenvalues=signed"},
    {"gla", FAM(DIAG_POSITIVE), "arch=gla"},
    {"delta_net", {LT_FAM_HOUSEHOLDER, 1}, "arch=delta_net dp_neg=true"},
    {"deltanet", {LT_FAM_HOUSEHOLDER, 1}, "arch=delta_net dp_neg=true"},
    {"gated_deltaproduct", {LT_FAM_HOUSEHOLDER, 2}, "arch=gated_deltaproduct dp_householder=2 dp_neg=true"},
    {"deltaproduct", {LT_FAM_HOUSEHOLDER, 2}, "arch=gated_deltaproduct dp_householder=2 dp_neg=true"},
};
#undef FAM
#define N_ARCH ((int)(sizeof arch_table / sizeof *arch_table))

const lt_train_arch *lt_train_arch_table(int *n)
{
    *n = N_ARCH;
    return arch_table;
}

/* householder-N: the entry for every N */
static int is_pattern(const lt_train_arch *A)
{
    return A->family.kind == LT_FAM_HOUSEHOLDER && A->family.householders == 0;
}

const lt_train_arch *lt_train_arch_find(const char *name)
{
    for (int i = 0; i < N_ARCH; i++)
        if (!is_pattern(&arch_table[i]) && strcmp(arch_table[i].name, name) == 0) return &arch_table[i];
    /* a family name of lietool plan --arch (householder-N for any N) */
    lt_arch a;
    if (lt_arch_parse(&a, name)) return NULL;
    for (int i = 0; i < N_ARCH; i++)
        if (arch_table[i].family.kind == a.kind && (a.kind != LT_FAM_HOUSEHOLDER || is_pattern(&arch_table[i])))
            return &arch_table[i];
    return NULL;
}

void lt_train_arch_suggest(char *out, size_t size, const char *name)
{
    int n;
    const lt_train_arch *T = lt_train_arch_table(&n);
    out[0] = '\0';
    for (int i = 0; i < n && strlen(name) < 64; i++) {
        if (lt_edit_distance(name, T[i].name) > 2) continue;
        size_t l = strlen(out);
        snprintf(out + l, size - l, "%s'%s'", l ? " or " : "", T[i].name);
    }
}

const char *lt_train_arch_list(void)
{
    return "abelian, diag-positive, diag-signed, diag-complex, householder-N (N = 1..64), transformer, "
           "mamba, signed-mamba, mamba-signed, mamba2, mamba2-signed, gla, delta_net, deltanet, "
           "gated_deltaproduct, deltaproduct";
}

/* The family of A as name asks for it: householder-N's N from the name. */
/* ---- the job's result ---- */

void lt_ssm_train_job_init(lt_ssm_train_job_t J)
{
    memset(J, 0, sizeof *J);
    lt_plan_verdict_init(J->V);
    J->outcome = LT_TRAIN_OPEN;
    J->sequence_accuracy = J->token_accuracy = J->final_loss = J->chance_loss = NAN;
}

void lt_ssm_train_job_clear(lt_ssm_train_job_t J)
{
    lt_plan_verdict_clear(J->V);
    lt_free(J->tries);
    lt_free(J->python);
    lt_free(J->trainer);
    lt_free(J->advice);
}

/* The files a run writes, removed before a run with force. */
static const char *const outputs[] = {
    "train.csv", "val.csv", "test.csv", "train.log", "train.json", "config.json", "model.safetensors",
    "predictions.csv", "result.json", "eval.csv", "trainer-job.json", NULL
};

/* The seeds of the files: the training words of length l are dataset
   generate's with seed S + l, the validation words S + 2^32 + T, the test
   words S + 2^33 + T (modulo 2^64; every length is below 2^32). */
#define SEED_VAL (UINT64_C(1) << 32)
#define SEED_TEST (UINT64_C(1) << 33)

/* ---- train.json ---- */

static double num_or_nan(const lt_json *v)
{
    return v && v->type == LT_JSON_NUMBER ? strtod(v->str, NULL) : NAN;
}

static long int_or(const lt_json *v, long dflt)
{
    long x;
    return v && v->type == LT_JSON_NUMBER && lt_json_int(v, &x) ? x : dflt;
}

static lt_status read_report(lt_ssm_train_job_t J, const char *path, const lt_ctx_t ctx, lt_err_t err)
{
    size_t len;
    char *text = lt_io_read_file(path, &len, 32, ctx, err);
    if (!text) { lt_err_prefix(err, "ssm train: the trainer wrote no report"); return err->status; }
    lt_json *root = lt_json_parse_flags(text, len, LT_JSON_NONFINITE, err);
    lt_free(text);
    if (!root) { lt_err_prefix(err, "%s", path); return LT_EINPUT; }
    const lt_json *tries = root->type == LT_JSON_OBJECT ? lt_json_get(root, "tries") : NULL;
    long chosen = root->type == LT_JSON_OBJECT ? int_or(lt_json_get(root, "chosen"), 0) : 0;
    lt_status st = LT_OK;
    if (!tries || tries->type != LT_JSON_ARRAY || tries->len < 1)
        st = lt_err_set(err, LT_EINPUT, "%s: no list \"tries\" of at least one try", path);
    else if (chosen < 1 || chosen > tries->len)
        st = lt_err_set(err, LT_EINPUT, "%s: \"chosen\" is not a try's number from 1 to %d", path, tries->len);
    for (int i = 0; !st && i < tries->len; i++)
        if (tries->items[i]->type != LT_JSON_OBJECT) st = lt_err_set(err, LT_EINPUT, "%s: try %d is not an object", path, i + 1);
    if (!st) {
        J->ntries = tries->len;
        J->chosen = (int)chosen;
        J->tries = lt_calloc((size_t)J->ntries, sizeof *J->tries);
        J->seconds = 0;
        for (int i = 0; i < J->ntries; i++) {
            const lt_json *t = tries->items[i], *why = lt_json_get(t, "stopped");
            lt_train_try *r = &J->tries[i];
            r->seed = int_or(lt_json_get(t, "seed"), -1);
            r->steps = int_or(lt_json_get(t, "steps"), -1);
            r->best_step = int_or(lt_json_get(t, "best_step"), -1);
            r->lr = num_or_nan(lt_json_get(t, "lr"));
            r->validation = num_or_nan(lt_json_get(t, "validation"));
            r->final_loss = num_or_nan(lt_json_get(t, "final_loss"));
            r->seconds = num_or_nan(lt_json_get(t, "seconds"));
            snprintf(r->stopped, sizeof r->stopped, "%s", why && why->type == LT_JSON_STRING ? why->str : "");
            if (isfinite(r->seconds)) J->seconds += r->seconds;
        }
        J->final_loss = J->tries[J->chosen - 1].final_loss;
    }
    lt_json_free(root);
    return st;
}

/* ---- the advice ---- */

/* "cannot track G at every length" or "... up to length T", as the verdict says. */
static char *cannot(const lt_ssm_train_job_t J, const lt_ssm_train_params *P)
{
    char where[48];
    if (J->V->suffices_T == 0) snprintf(where, sizeof where, "up to length %ld", P->test_length);
    else snprintf(where, sizeof where, "at every length");
    return lt_job_printf("%ld %s layer%s cannot track %s %s", P->layers, J->family_name, P->layers == 1 ? "" : "s",
                      P->group, where);
}

static char *advice(const lt_ssm_train_job_t J, const lt_ssm_train_params *P)
{
    switch (J->outcome) {
    case LT_TRAIN_NOT_LEARNED: {
        if (J->final_loss > 0.7 * J->chance_loss)
            return lt_job_printf("the loss stayed near chance (%.4f against ln|G| = %.4f): try more `budget`, another `lr` "
                              "(e.g. 1e-2) or a wider `d_model`", J->final_loss, J->chance_loss);
        if (J->final_loss < 0.05 * J->chance_loss)
            return lt_job_printf("it fits the training lengths (final loss %.4g) but not length %ld: try more `budget` or "
                              "`tries` (the length comes late, and not in every try), or a longer `train_length`",
                              J->final_loss, P->test_length);
        return lt_job_printf("try more `budget` or `steps`, another `lr`, a wider `d_model`");
    }
    case LT_TRAIN_BEAT_PREDICTION: {
        char *c = cannot(J, P);
        char *s = J->V->suffices_T == 0
            ? lt_job_printf("beat the prediction: the theory says %s, yet this run reached %.3f at length %ld; "
                         "check the verdict's claims", c, J->sequence_accuracy, P->test_length)
            : lt_job_printf("beat the prediction: the theory says %s, yet this run reached %.3f at length %ld; "
                         "either the verdict's claims are wrong or length %ld is too short to tell (an "
                         "impossibility at every length leaves room for approximations up to a finite length): "
                         "test longer words (`test_length` %ld) and check the verdict's claims", c,
                         J->sequence_accuracy, P->test_length, P->test_length, 2 * P->test_length);
        lt_free(c);
        return s;
    }
    case LT_TRAIN_FAILED_AS_PREDICTED: {
        char *c = cannot(J, P);
        char *s = lt_job_printf("consistent with the theory, which says %s; a run that fails is not evidence about "
                             "what a construction can do", c);
        lt_free(c);
        return s;
    }
    default: return NULL;
    }
}

/* ---- the job ---- */

static lt_status trainer_job(const char *path, const lt_ssm_train_job_t J, const lt_ssm_train_params *P,
                             const lt_train_arch *A, const char *train, const char *val, const char *test, lt_err_t err)
{
    if (lt_io_out_check(path, err)) return err->status;
    FILE *f = fopen(path, "w");
    if (!f) return lt_err_set(err, LT_EIO, "ssm train: cannot write '%s': %s", path, strerror(errno));
    int n = 0;
    lt_job_setting(f, &n, "recipe", "learn");
    lt_job_setting(f, &n, "data", "%s", train);
    lt_job_setting(f, &n, "val_data", "%s", val);
    lt_job_setting(f, &n, "eval_data", "%s", test);
    lt_job_setting(f, &n, "group", "%s", P->group);
    lt_job_setting(f, &n, "lietool", "%s", P->self);
    lt_job_setting(f, &n, "layers", "%ld", P->layers);
    lt_job_setting(f, &n, "seed", "%" PRIu64, P->seed);
    lt_job_setting(f, &n, "budget", "%g", P->budget);
    lt_job_setting(f, &n, "out", "%s", P->out);
    lt_job_arch_settings(f, &n, A, J->family.householders);
    if (P->d_model > 0) lt_job_setting(f, &n, "d_model", "%ld", P->d_model);
    if (P->steps > 0) lt_job_setting(f, &n, "steps", "%ld", P->steps);
    if (P->lr) lt_job_setting(f, &n, "lr", "%s", P->lr);
    if (P->tries > 0) lt_job_setting(f, &n, "tries", "%ld", P->tries);
    fputs("\n}\n", f);
    if (fclose(f) != 0) return lt_err_set(err, LT_EIO, "ssm train: cannot write '%s': %s", path, strerror(errno));
    return LT_OK;
}


/* The limits of P on the words (as dataset generate's). */
static lt_status check_limits(const lt_ssm_train_params *P, const lt_dataset_limits *L, lt_err_t err)
{
    if (P->train_length > L->max_length)
        return lt_err_set(err, LT_ELIMIT, "ssm train: `train_length` %ld is above `max_length` %ld", P->train_length, L->max_length);
    if (P->test_length > L->max_length)
        return lt_err_set(err, LT_ELIMIT, "ssm train: `test_length` %ld is above `max_length` %ld", P->test_length, L->max_length);
    if (P->samples > L->max_samples)
        return lt_err_set(err, LT_ELIMIT, "ssm train: `samples` %ld is above `max_samples` %ld", P->samples, L->max_samples);
    if (P->test_samples > L->max_samples)
        return lt_err_set(err, LT_ELIMIT, "ssm train: `test_samples` %ld is above `max_samples` %ld", P->test_samples, L->max_samples);
    double tr = (double)P->samples * (double)P->train_length, te = (double)P->test_samples * (double)P->test_length;
    if (tr > (double)L->max_tokens)
        return lt_err_set(err, LT_ELIMIT, "ssm train: `samples` %ld x `train_length` %ld is %.3g tokens, above `max_tokens` %ld",
                          P->samples, P->train_length, tr, L->max_tokens);
    if (te > (double)L->max_tokens)
        return lt_err_set(err, LT_ELIMIT, "ssm train: `test_samples` %ld x `test_length` %ld is %.3g tokens, above `max_tokens` %ld",
                          P->test_samples, P->test_length, te, L->max_tokens);
    return LT_OK;
}

/* The parameters a caller could get wrong; LT_EINPUT. */
static lt_status check_params(const lt_ssm_train_params *P, lt_err_t err)
{
    if (!P->group || !P->arch || !P->out || !*P->out)
        return lt_err_set(err, LT_EINPUT, "ssm train: the group, the architecture and the output directory are required");
    if (!P->self || !*P->self) return lt_err_set(err, LT_EINPUT, "ssm train: the lietool binary for the trainer is not given");
    if (P->layers < 1 || P->layers > LT_TRAIN_MAX_LAYERS)
        return lt_err_set(err, LT_EINPUT, "ssm train: %ld layers; from 1 to %d", P->layers, LT_TRAIN_MAX_LAYERS);
    if (P->train_length < 2) return lt_err_set(err, LT_EINPUT, "ssm train: `train_length` %ld is below 2", P->train_length);
    if (P->test_length < 1) return lt_err_set(err, LT_EINPUT, "ssm train: `test_length` %ld is below 1", P->test_length);
    if (P->samples < 1 || P->test_samples < 1) return lt_err_set(err, LT_EINPUT, "ssm train: no words to write");
    if (!(P->budget > 0) || !isfinite(P->budget)) return lt_err_set(err, LT_EINPUT, "ssm train: `budget` must be positive");
    return LT_OK;
}

/* The job's JSON to DIR/result.json, whole or not at all. */
static lt_status write_result(const lt_ssm_train_job_t J, const lt_ssm_train_params *P, lt_err_t err)
{
    char *path = lt_job_path(P->out, "result.json");
    lt_io_out_t O;
    FILE *f = lt_io_out_open(O, path, err);
    lt_status st = f ? LT_OK : err->status;
    if (f) {
        lt_doc d;
        lt_doc_init(&d, f, LT_DOC_JSON);
        lt_doc_start(&d, P->group, "ssm train", "");
        lt_write_ssm_train(&d, J, P);
        lt_doc_end(&d, NULL);
        st = lt_io_out_commit(O, err);
    }
    lt_io_out_abort(O);
    lt_free(path);
    return st;
}

/* Runs the trainer: its output to DIR/train.log. */
static lt_status train(lt_ssm_train_job_t J, const lt_ssm_train_params *P, const lt_train_arch *A, const char *train_csv,
                       const char *val_csv, const char *test_csv, const lt_ctx_t ctx, lt_err_t err)
{
    char *log = lt_job_path(P->out, "train.log"), *job = lt_job_path(P->out, "trainer-job.json");
    double grace = P->grace > 0 ? P->grace : LT_TRAIN_GRACE;
    lt_status st = trainer_job(job, J, P, A, train_csv, val_csv, test_csv, err);
    if (!st) st = lt_job_run_trainer(J->python, J->trainer, job, log, P->budget + grace, P->budget, ctx, P->budget,
                                     "ssm train", err);
    lt_free(job);
    lt_free(log);
    return st;
}

lt_status lt_ssm_train_job(lt_ssm_train_job_t J, const lt_ssm_train_params *P, const lt_ctx_t ctx, lt_err_t err)
{
    /* a run of its own: what an earlier job read is not this one's input */
    lt_io_run_begin();
    lt_status st = check_params(P, err);
    if (st) return st;
    const lt_train_arch *A = lt_train_arch_find(P->arch);
    if (!A) return lt_err_set(err, LT_EINPUT, "ssm train: unknown architecture '%s' (%s)", P->arch, lt_train_arch_list());
    lt_job_arch_family(&J->family, A, P->arch);
    lt_arch_name(J->family_name, sizeof J->family_name, &J->family);
    lt_dataset_limits L = P->limits;
    if (L.max_length <= 0) L = (lt_dataset_limits)LT_DATASET_LIMITS_DEFAULT;
    if ((st = check_limits(P, &L, err))) return st;

    char *train_csv = lt_job_path(P->out, "train.csv"), *val_csv = lt_job_path(P->out, "val.csv");
    char *test_csv = lt_job_path(P->out, "test.csv"), *report = lt_job_path(P->out, "train.json");
    lt_cayley_t C;
    lt_cayley_init(C);
    lt_pgrp_t G;
    lt_pgrp_init(G, 1);
    lt_liealg_t Lie;
    lt_liealg_init(Lie);
    lt_ssm_eval_job_t E;
    lt_ssm_eval_job_init(E);
    int exists = 0;

    /* 1. the group and the verdict, as lietool plan GROUP --arch FAMILY --layers K --length T gives it */
    st = lt_io_object(G, Lie, 0, P->group, ctx, err);
    if (!st) st = lt_plan_object(J->V, G, Lie, &J->family, P->layers, P->test_length, LT_BOUND_DEFAULT, ctx, err);
    if (!st) st = lt_io_cayley_table(C, P->group, LT_CONV_AA, ctx, err);
    if (!st) {
        J->order = C->n;
        J->chance_loss = log((double)C->n);
    }
    /* 2. the programs, the directory, PyTorch: all before anything is written */
    if (!st) st = lt_job_find_python(&J->python, P->python, "ssm train", err);
    if (!st) st = lt_job_find_trainer(&J->trainer, P->trainer, P->self, "ssm train", err);
    if (!st) st = lt_job_check_out(&exists, P->out, P->force, "ssm train", err);
    if (!st) st = lt_job_check_torch(J->python, "ssm train", err);
    if (!st) st = lt_job_make_dir(P->out, "ssm train", err);
    /* no file the run writes or removes is one it reads (--group DIR/config.json) */
    for (int i = 0; !st && outputs[i]; i++) {
        char *p = lt_job_path(P->out, outputs[i]);
        st = lt_io_out_check(p, err);
        if (st) lt_err_prefix(err, "ssm train");
        lt_free(p);
    }
    for (int i = 0; !st && exists && outputs[i]; i++) {
        char *p = lt_job_path(P->out, outputs[i]);
        if (unlink(p) != 0 && errno != ENOENT)
            st = lt_err_set(err, LT_EINPUT, "ssm train: cannot remove '%s': %s", p, strerror(errno));
        lt_free(p);
    }
    /* 3. the words */
    if (!st) st = lt_job_write_words(&J->train_words, train_csv, C, 2, P->train_length, P->samples, 0, P->seed, ctx, err);
    if (!st) st = lt_job_write_words(&J->val_words, val_csv, C, P->test_length, P->test_length, LT_TRAIN_VAL_WORDS, 0,
                              P->seed + SEED_VAL, ctx, err);
    if (!st) st = lt_job_write_words(&J->test_words, test_csv, C, P->test_length, P->test_length, P->test_samples, 0,
                              P->seed + SEED_TEST, ctx, err);
    /* 4. the training, 5. lietool's evaluation of its checkpoint */
    if (!st) st = train(J, P, A, train_csv, val_csv, test_csv, ctx, err);
    if (!st) st = read_report(J, report, ctx, err);
    if (!st) {
        lt_ssm_eval_job_params EP = {.dir = P->out, .group = P->group, .data = test_csv, .threshold = LT_TRAIN_THRESHOLD,
                                     .bos = -1, .offset = -1, .compute = LT_COMPUTE_CONFIG,
                                     .max_mb = P->max_mb > 0 ? P->max_mb : 1024, .max_len = L.max_length,
                                     .max_samples = L.max_samples};
        st = lt_ssm_eval_job(E, &EP, ctx, err);
        if (st) lt_err_prefix(err, "ssm train: evaluating the checkpoint");
    }
    /* 6. the outcome, 7. DIR/result.json */
    if (!st) {
        J->sequence_accuracy = E->R->sequence_accuracy;
        J->token_accuracy = E->R->token_accuracy;
        J->longest_prefix_90 = E->R->longest_prefix;
        J->outcome = lt_train_outcome_of(J->V->exact, J->V->suffices_T, J->sequence_accuracy, LT_TRAIN_THRESHOLD);
        J->advice = advice(J, P);
        st = write_result(J, P, err);
    }
    lt_ssm_eval_job_clear(E);
    lt_liealg_clear(Lie);
    lt_pgrp_clear(G);
    lt_cayley_clear(C);
    lt_free(train_csv);
    lt_free(val_csv);
    lt_free(test_csv);
    lt_free(report);
    return st;
}
