/* The paper on one machine (lietool/job.h, lt_paper_job): the table as
   runs of lt_ssm_train_job, Figures 2 and 3 as trainings of the trainer's
   recipe read back by the sweeps, every file written through the writers
   (lietool/write.h). Heo, Ngotiaoco, Irie, Gershman, Sabatini (2026),
   "Why Depth Matters in Parallelizable Sequence Models: A Lie Algebraic
   View" (arXiv 2603.05573): Table 1 (word problems by depth), Figure 2
   (A5, longest prefix against depth), Figure 3 (the rotation task). */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "lietool/io.h"
#include "lietool/job.h"
#include "lietool/write.h"
#include "impl.h"

/* ---- the scales ---- */

static const char *const paper_groups[] = {"C2", "C3", "D8", "H3", "S3", "S4", "A5", NULL};
/* the paper's families, by the architecture that carries each here */
static const char *const paper_archs[] = {"diag-positive", "diag-signed", "diag-complex", "householder-2", "transformer",
                                          NULL};

/* tiny: D8 and S3 at twice 16, where one layer no longer passes by
   approximation (at twice 12 it reached 0.8 and 0.94 in 30 s); S3's second
   layers are DeltaProduct's (2 Householders), which learns it in under a
   minute here */
static const lt_paper_run tiny_runs[] = {
    {"C2", "diag-signed", 1, 0, 0, 0}, {"C2", "diag-positive", 1, 0, 0, 0},
    {"D8", "diag-complex", 1, 16, 32, 30}, {"D8", "diag-complex", 2, 16, 32, 120},
    {"S3", "diag-complex", 1, 16, 32, 30}, {"S3", "householder-2", 2, 16, 32, 100},
};

static const lt_paper_scale scales[] = {
    {.name = "tiny", .nruns = (int)(sizeof tiny_runs / sizeof *tiny_runs), .runs = tiny_runs, .nseeds = 1, .seeds = {0},
     .train_length = 12, .test_length = 24, .samples = 8000, .test_samples = 1000, .budget = 90, .fail_budget = 30,
     .fig2 = {"diag-complex", 4, {1, 2, 3, 4}, 1, {0}, 8, 8000, 4000, 3e-3},
     .fig3 = {"diag-complex", 3, {1, 2, 3}, 1, {0}, 8, 4000, 500, 1e-2}},
    {.name = "default", .groups = paper_groups, .archs = paper_archs, .nlayers = 2, .layers = {1, 2},
     .ns4_layers = 2, .s4_layers = {2, 3}, .nseeds = 3, .seeds = {0, 100, 200},
     .train_length = 16, .test_length = 32, .samples = 16000, .test_samples = 1000, .budget = 45, .fail_budget = 10,
     .fig2 = {"diag-complex", 5, {1, 2, 3, 4, 5}, 2, {0, 1}, 8, 8000, 3000, 3e-3},
     .fig3 = {"diag-complex", 4, {1, 2, 3, 4}, 3, {0, 1, 2}, 8, 8000, 1000, 1e-2}},
    {.name = "full", .groups = paper_groups, .archs = paper_archs, .nlayers = 2, .layers = {1, 2},
     .ns4_layers = 3, .s4_layers = {1, 2, 3}, .nseeds = 3, .seeds = {0, 100, 200},
     .train_length = 128, .test_length = 256, .samples = 500000, .test_samples = 1000, .budget = 3600,
     .fail_budget = 3600,
     .fig2 = {"signed-mamba", 8, {1, 2, 3, 4, 5, 6, 7, 8}, 3, {0, 1, 2}, 128, 500000, 100000, 1e-3},
     .fig3 = {"signed-mamba", 4, {1, 2, 3, 4}, 3, {0, 1, 2}, 128, 500000, 100000, 1e-3}},
};

const lt_paper_scale *lt_paper_scale_find(const char *name)
{
    for (size_t i = 0; i < sizeof scales / sizeof *scales; i++)
        if (!strcmp(scales[i].name, name)) return &scales[i];
    return NULL;
}

const char *lt_paper_scale_list(void)
{
    return "tiny, default, full";
}

/* The table's runs of S (of the groups of P only, when given), n of them. */
static lt_paper_run *table_runs(const lt_paper_scale *S, const lt_paper_params *P, int *n)
{
    int cap = S->runs ? S->nruns : 0;
    if (!S->runs)
        for (int g = 0; S->groups[g]; g++)
            for (int a = 0; S->archs[a]; a++) cap += strcmp(S->groups[g], "S4") ? S->nlayers : S->ns4_layers;
    lt_paper_run *R = lt_calloc((size_t)(cap ? cap : 1), sizeof *R);
    *n = 0;
    for (int i = 0; i < cap; i++) {
        lt_paper_run r;
        if (S->runs) r = S->runs[i];
        else {      /* the i-th of groups x archs x layers */
            int k = i;
            for (int g = 0; S->groups[g]; g++) {
                int s4 = !strcmp(S->groups[g], "S4"), nl = s4 ? S->ns4_layers : S->nlayers, na = 0;
                while (S->archs[na]) na++;
                if (k >= na * nl) { k -= na * nl; continue; }
                r = (lt_paper_run){S->groups[g], S->archs[k / nl], s4 ? S->s4_layers[k % nl] : S->layers[k % nl], 0, 0, 0};
                break;
            }
        }
        int keep = !P->groups;
        for (int g = 0; !keep && g < P->ngroups; g++) keep = !strcmp(P->groups[g], r.group);
        if (keep) R[(*n)++] = r;
    }
    return R;
}

/* ---- the result ---- */

void lt_paper_job_init(lt_paper_job_t J)
{
    memset(J, 0, sizeof *J);
}

static void clear_points(lt_paper_point *p, int n)
{
    for (int i = 0; i < n; i++) {
        lt_free(p[i].dir);
        lt_free(p[i].status);
    }
    lt_free(p);
}

void lt_paper_job_clear(lt_paper_job_t J)
{
    for (int i = 0; i < J->nrows; i++) lt_free(J->rows[i].status);
    lt_free(J->rows);
    clear_points(J->fig2, J->nfig2);
    clear_points(J->fig3, J->nfig3);
    lt_free(J->python);
    lt_free(J->trainer);
    lt_free(J->cpu);
    memset(J, 0, sizeof *J);
}

/* ---- files ---- */

/* What write_file writes: a part's CSV (lt_paper_part), the summary or the JSON. */
enum { FILE_SUMMARY = 8, FILE_RESULT = 16 };

/* DIR/name (what: FILE_* or a part, its CSV), whole or not at all. */
static lt_status write_file(const lt_paper_job_t J, const lt_paper_params *P, const char *name, int what, lt_err_t err)
{
    char *path = lt_job_path(P->out, name);
    lt_io_out_t O;
    FILE *f = lt_io_out_open(O, path, err);
    lt_status st = f ? LT_OK : err->status;
    if (f) {
        if (what == FILE_SUMMARY) lt_write_paper_summary(f, J, P);
        else if (what == FILE_RESULT) {
            lt_doc d;
            lt_doc_init(&d, f, LT_DOC_JSON);
            lt_doc_start(&d, J->scale->name, "ssm paper", "");
            lt_write_paper(&d, J, P);
            lt_doc_end(&d, NULL);
        } else lt_write_paper_csv(f, J, (lt_paper_part)what);
        st = lt_io_out_commit(O, err);
    }
    lt_io_out_abort(O);
    lt_free(path);
    return st;
}

/* Figure part's SVG F into DIR (figure2.svg, figure3.svg), marked written in J; F cleared. */
static lt_status put_figure(lt_paper_job_t J, const char *out, lt_paper_part part, lt_plot_t F, lt_err_t err)
{
    char *path = lt_job_path(out, part == LT_PAPER_FIGURE2 ? "figure2.svg" : "figure3.svg");
    lt_io_out_t O;
    lt_status st = lt_io_out_open(O, path, err) ? lt_io_out_svg(O, F, err) : err->status;
    lt_io_out_abort(O);
    lt_free(path);
    if (!st) J->svgs |= part;
    lt_plot_clear(F);
    return st;
}

/* Every point of p that has no status yet gets "evaluation failed: msg". */
static void eval_failed(lt_paper_point *p, int n, const char *msg)
{
    for (int i = 0; i < n; i++)
        if (!p[i].status) p[i].status = lt_job_printf("evaluation failed: %s", msg);
}

/* The CPU's model name (/proc/cpuinfo), or NULL. */
static char *cpu_name(void)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    if (!f) return NULL;
    char line[512], *name = NULL;
    while (!name && fgets(line, sizeof line, f))
        if (!strncmp(line, "model name", 10) && strchr(line, ':')) {
            char *s = strchr(line, ':') + 1;
            s += strspn(s, " \t");
            s[strcspn(s, "\n")] = '\0';
            name = lt_strdup(s);
        }
    fclose(f);
    return name;
}

/* ---- the table ---- */

/* The verdict before training, as plan gives it: 1 when a construction
   exists (at every length or up to T), 0 or -1 otherwise; -2 on an error. */
static int allowed(const lt_paper_run *r, const lt_ctx_t ctx)
{
    const lt_train_arch *A = lt_train_arch_find(r->arch);
    if (!A) return -2;
    lt_arch a;
    lt_job_arch_family(&a, A, r->arch);
    lt_pgrp_t G;
    lt_pgrp_init(G, 1);
    lt_liealg_t L;
    lt_liealg_init(L);
    lt_plan_verdict_t V;
    lt_plan_verdict_init(V);
    lt_err_t e;
    lt_err_init(e);
    int yes = -2;
    if (!lt_io_object(G, L, 0, r->group, ctx, e) && !lt_plan_object(V, G, L, &a, r->layers, r->test_length,
                                                                     LT_BOUND_DEFAULT, ctx, e))
        yes = V->exact == 1 || V->suffices_T == 1;
    lt_plan_verdict_clear(V);
    lt_liealg_clear(L);
    lt_pgrp_clear(G);
    return yes;
}

static void table_row(lt_paper_row *row, const lt_paper_job_t J, const lt_paper_params *P, const lt_paper_run *spec,
                      uint64_t seed, const lt_ctx_t ctx)
{
    const lt_paper_scale *S = J->scale;
    memset(row, 0, sizeof *row);
    row->run = *spec;
    if (!row->run.train_length) row->run.train_length = S->train_length;
    if (!row->run.test_length) row->run.test_length = S->test_length;
    /* a run the theory does not allow gets the shorter budget: it cannot
       stop early, and whatever it scores below 0.9 agrees with the theory */
    if (!(row->run.budget > 0)) row->run.budget = allowed(&row->run, ctx) == 1 ? S->budget : S->fail_budget;
    row->seed = seed;
    row->exact = row->suffices_T = -2;
    row->sequence_accuracy = row->token_accuracy = row->final_loss = row->chance_loss = row->chosen_lr = NAN;
    row->longest_prefix_90 = -1;
    row->outcome = LT_TRAIN_OPEN;
    char *runs = lt_job_path(P->out, "runs");
    char *dir = lt_job_printf("%s/%s-%s-%d-s%" PRIu64, runs, spec->group, spec->arch, spec->layers, seed);
    lt_free(runs);
    lt_ssm_train_params TP = {.group = spec->group, .arch = spec->arch, .layers = spec->layers, .out = dir, .force = 1,
                              .train_length = row->run.train_length, .test_length = row->run.test_length,
                              .samples = S->samples, .test_samples = S->test_samples, .seed = seed,
                              .budget = row->run.budget, .self = P->self, .python = J->python, .trainer = J->trainer};
    lt_ssm_train_job_t T;
    lt_ssm_train_job_init(T);
    lt_err_t e;
    lt_err_init(e);
    double t0 = lt_job_now();
    if (lt_ssm_train_job(T, &TP, ctx, e)) row->status = lt_job_printf("%s", e->msg);
    row->seconds = lt_job_now() - t0;
    snprintf(row->family, sizeof row->family, "%s", T->family_name);
    if (!row->status) {
        row->exact = T->V->exact;
        row->suffices_T = T->V->suffices_T;
        row->sequence_accuracy = T->sequence_accuracy;
        row->token_accuracy = T->token_accuracy;
        row->longest_prefix_90 = T->longest_prefix_90;
        row->final_loss = T->final_loss;
        row->chance_loss = T->chance_loss;
        row->outcome = T->outcome;
        if (T->chosen >= 1 && T->chosen <= T->ntries) {
            row->chosen = T->chosen;
            row->chosen_seed = T->tries[T->chosen - 1].seed;
            row->chosen_lr = T->tries[T->chosen - 1].lr;
        }
    }
    lt_ssm_train_job_clear(T);
    lt_free(dir);
}

static lt_status run_table(lt_paper_job_t J, const lt_paper_params *P, const lt_ctx_t ctx, lt_err_t err)
{
    int nruns;
    lt_paper_run *runs = table_runs(J->scale, P, &nruns);
    const uint64_t *seeds = P->seeds ? P->seeds : J->scale->seeds;
    int nseeds = P->seeds ? P->nseeds : J->scale->nseeds;
    J->rows = lt_calloc((size_t)(nruns * nseeds > 0 ? nruns * nseeds : 1), sizeof *J->rows);
    lt_status st = LT_OK;
    /* each ssm train trains its tries on both cores: one run at a time */
    for (int i = 0; i < nruns && !st; i++)
        for (int s = 0; s < nseeds && !st; s++) {
            lt_paper_row *row = &J->rows[J->nrows];
            table_row(row, J, P, &runs[i], seeds[s], ctx);
            J->nrows++;
            if (row->status) J->failed++;
            else J->outcomes[row->outcome]++;
            st = write_file(J, P, "table.csv", LT_PAPER_TABLE, err);    /* as it grows: a long run can be read early */
        }
    lt_free(runs);
    return st;
}

/* ---- the figures ---- */

/* One training of a figure's model: one try, its last weights. */
typedef struct {
    const lt_paper_job_struct *J;
    const lt_paper_params *P;
    const lt_paper_figure *F;
    lt_paper_point *p;
    const char *group;          /* NULL: the rotation task */
    const char *train, *test;
} fig_task;

static void fig_train(fig_task *t)
{
    const lt_paper_figure *F = t->F;
    lt_paper_point *p = t->p;
    lt_err_t e;
    lt_err_init(e);
    char *job = lt_job_path(p->dir, "trainer-job.json"), *log = lt_job_path(p->dir, "train.log");
    const lt_train_arch *A = lt_train_arch_find(F->arch);
    lt_arch a;
    lt_job_arch_family(&a, A, F->arch);
    lt_status st = lt_job_make_dir(p->dir, "ssm paper", e);
    FILE *f = st ? NULL : fopen(job, "w");
    if (!st && !f) st = lt_err_set(e, LT_EIO, "ssm paper: cannot write '%s': %s", job, strerror(errno));
    if (f) {
        int n = 0;
        lt_job_setting(f, &n, "recipe", "learn");
        lt_job_setting(f, &n, "data", "%s", t->train);
        lt_job_setting(f, &n, "eval_data", "%s", t->test);
        lt_job_setting(f, &n, "lietool", "%s", t->P->self);
        lt_job_setting(f, &n, "layers", "%d", p->depth);
        lt_job_setting(f, &n, "seed", "%ld", p->seed);
        lt_job_setting(f, &n, "steps", "%ld", F->steps);
        lt_job_setting(f, &n, "lr", "%g", F->lr);
        lt_job_setting(f, &n, "tries", "1");
        lt_job_setting(f, &n, "jobs", "1");
        lt_job_setting(f, &n, "threads", "1");
        lt_job_setting(f, &n, "early_stop", "0");
        lt_job_setting(f, &n, "eval_every", "0");
        lt_job_setting(f, &n, "out", "%s", p->dir);
        if (t->group) lt_job_setting(f, &n, "group", "%s", t->group);
        else {
            lt_job_setting(f, &n, "task", "rotation");
            lt_job_setting(f, &n, "map", "%s", t->J->map == LT_ROTATION_MAP_PAPER ? "paper" : "faithful");
        }
        lt_job_arch_settings(f, &n, A, a.householders);
        fputs("\n}\n", f);
        if (fclose(f) != 0) st = lt_err_set(e, LT_EIO, "ssm paper: cannot write '%s': %s", job, strerror(errno));
    }
    if (!st) st = lt_job_run_trainer(t->J->python, t->J->trainer, job, log, 0, 0, NULL, 0, "ssm paper", e);
    if (st) p->status = lt_job_printf("training failed: %s", e->msg);
    lt_free(job);
    lt_free(log);
}

typedef struct {
    fig_task *tasks;
    int n, next;
    pthread_mutex_t lock;
} fig_pool;

static void *fig_worker(void *arg)
{
    fig_pool *Q = arg;
    for (;;) {
        pthread_mutex_lock(&Q->lock);
        int i = Q->next < Q->n ? Q->next++ : -1;
        pthread_mutex_unlock(&Q->lock);
        if (i < 0) return NULL;
        fig_train(&Q->tasks[i]);
    }
}

/* The models of F (every depth and seed) into DIR/runs/NAME-ARCH-K-sS,
   J->jobs at a time; the points in *pts. */
static void fig_models(lt_paper_point **pts, int *npts, const lt_paper_job_t J, const lt_paper_params *P,
                       const lt_paper_figure *F, const char *name, const char *group, const char *train,
                       const char *test, const lt_ctx_t ctx)
{
    int n = F->ndepths * F->nseeds;
    *pts = lt_calloc((size_t)n, sizeof **pts);
    *npts = n;
    fig_task *tasks = lt_calloc((size_t)n, sizeof *tasks);
    for (int i = 0; i < n; i++) {
        lt_paper_point *p = &(*pts)[i];
        p->depth = F->depths[i / F->nseeds];
        p->seed = F->seeds[i % F->nseeds];
        p->longest_prefix_90 = p->longest_prefix_90_test = -1;
        p->sequence_accuracy_test = p->mse = p->mse_at_T = p->ideal_mse = NAN;
        p->dir = lt_job_printf("%s/runs/%s-%s-%d-s%ld", P->out, name, F->arch, p->depth, p->seed);
        tasks[i] = (fig_task){J, P, F, p, group, train, test};
    }
    fig_pool Q = {tasks, n, 0, PTHREAD_MUTEX_INITIALIZER};
    long nt = J->jobs < n ? J->jobs : n;
    pthread_t *th = lt_calloc((size_t)(nt > 1 ? nt : 1), sizeof *th);
    long started = 0;
    for (long i = 1; i < nt; i++)
        if (pthread_create(&th[started], NULL, fig_worker, &Q) == 0) started++;
    if (ctx->progress) ctx->progress(ctx->progress_arg, name, 0, n);
    fig_worker(&Q);
    for (long i = 0; i < started; i++) pthread_join(th[i], NULL);
    if (ctx->progress) ctx->progress(ctx->progress_arg, name, n, n);
    lt_free(th);
    lt_free(tasks);
}

/* The points that trained, as directories. */
static char **trained(const lt_paper_point *p, int n, int *k)
{
    char **dirs = lt_calloc((size_t)(n ? n : 1), sizeof *dirs);
    *k = 0;
    for (int i = 0; i < n; i++)
        if (!p[i].status) dirs[(*k)++] = p[i].dir;
    return dirs;
}

static lt_ssm_eval_job_params sweep_params(const char *group, const char *data)
{
    return (lt_ssm_eval_job_params){.group = group, .data = data, .threshold = LT_TRAIN_THRESHOLD, .bos = -1,
                                    .offset = -1, .compute = LT_COMPUTE_CONFIG, .max_mb = 1024, .max_len = 10000,
                                    .max_samples = 10000000, .map = -1};
}

/* The words of a figure into DIR/runs: training words of every length
   2..L (seed base + l), test words of length T (seed base + 2^33 + T). */
static lt_status fig_words(const lt_paper_params *P, const lt_paper_figure *F, const char *name, uint64_t base,
                           long T, long ntest, char **train, char **test, const lt_ctx_t ctx, lt_err_t err)
{
    *train = lt_job_printf("%s/runs/%s-A5-train.csv", P->out, name);
    *test = lt_job_printf("%s/runs/%s-A5-test.csv", P->out, name);
    lt_cayley_t C;
    lt_cayley_init(C);
    long rows;
    lt_status st = lt_io_cayley_table(C, "A5", LT_CONV_AA, ctx, err);
    if (!st) st = lt_job_write_words(&rows, *train, C, 2, F->length, F->samples, 0, base, ctx, err);
    if (!st) st = lt_job_write_words(&rows, *test, C, T, T, ntest, 0, base + (UINT64_C(1) << 33), ctx, err);
    lt_cayley_clear(C);
    return st;
}

static char *fig_failed(const lt_paper_point *p, int n)
{
    size_t len = 0;
    for (int i = 0; i < n; i++) len += p[i].status ? 40 : 0;
    if (!len) return NULL;
    char *s = lt_malloc(len + 64), *e = s;
    e += sprintf(e, "failed runs (not plotted):");
    for (int i = 0, k = 0; i < n; i++)
        if (p[i].status) e += sprintf(e, "%s depth %d seed %ld", k++ ? "," : "", p[i].depth, p[i].seed);
    return s;
}

static lt_status figure2(lt_paper_job_t J, const lt_paper_params *P, const lt_ctx_t ctx, lt_err_t err)
{
    const lt_paper_figure *F = &J->scale->fig2;
    char *train = NULL, *test = NULL;
    lt_status st = fig_words(P, F, "fig2", 11000, 2 * F->length, 1000, &train, &test, ctx, err);
    if (!st) fig_models(&J->fig2, &J->nfig2, J, P, F, "fig2", "A5", train, test, ctx);
    int k = 0;
    char **dirs = st ? NULL : trained(J->fig2, J->nfig2, &k);
    for (int pass = 0; !st && k && pass < 2; pass++) {  /* 0: the training words, 1: held-out words of twice their length */
        lt_ssm_eval_job_params EP = sweep_params("A5", pass ? test : train);
        lt_ssm_sweep_job_t S;
        lt_ssm_sweep_job_init(S);
        lt_err_t e;
        lt_err_init(e);
        if (lt_ssm_sweep_job(S, dirs, k, &EP, ctx, e)) {
            eval_failed(J->fig2, J->nfig2, e->msg);
        } else {
            for (int r = 0; r < S->S->n; r++)
                for (int i = 0; i < J->nfig2; i++) {
                    lt_paper_point *p = &J->fig2[i];
                    if (p->status || strcmp(p->dir, S->S->row[r].name)) continue;
                    if (pass) {
                        p->longest_prefix_90_test = S->S->row[r].longest_prefix;
                        p->sequence_accuracy_test = S->S->row[r].sequence_accuracy;
                    } else p->longest_prefix_90 = S->S->row[r].longest_prefix;
                }
            if (!pass) {
                lt_plot_t Fg;
                lt_plot_init(Fg, 0, 0);
                lt_ssm_sweep_plot_rows(Fg, "A5", S->derived_length, S->W->max_len, S->S);
                char *note = lt_job_printf("measured: %s models trained here, on their training words (lengths "
                                           "2-%ld mixed, as the paper's figure); theory: the longest words k layers "
                                           "are proved to track (Proposition 3.7: 2^k - 1 sharp, 2^(k-1) as v1 "
                                           "states it)", F->arch, F->length);
                lt_plot_note(Fg, 0, note);
                char *failed = fig_failed(J->fig2, J->nfig2);
                if (failed) lt_plot_note(Fg, 1, failed);
                st = put_figure(J, P->out, LT_PAPER_FIGURE2, Fg, err);
                lt_free(note);
                lt_free(failed);
            }
        }
        lt_ssm_sweep_job_clear(S);
    }
    lt_free(dirs);
    if (!st) st = write_file(J, P, "figure2.csv", LT_PAPER_FIGURE2, err);
    lt_free(train);
    lt_free(test);
    return st;
}

static lt_status figure3(lt_paper_job_t J, const lt_paper_params *P, const lt_ctx_t ctx, lt_err_t err)
{
    const lt_paper_figure *F = &J->scale->fig3;
    char *train = NULL, *test = NULL;
    lt_status st = fig_words(P, F, "fig3", 21000, F->length, 500, &train, &test, ctx, err);
    if (!st) fig_models(&J->fig3, &J->nfig3, J, P, F, "fig3", NULL, train, test, ctx);
    int k = 0;
    char **dirs = st ? NULL : trained(J->fig3, J->nfig3, &k);
    if (!st && k) {
        lt_ssm_eval_job_params EP = sweep_params("A5", test);
        EP.map = J->map;
        EP.step = 0.1L;     /* LT_PAPER_IDEAL_STEP */
        lt_ssm_sweep_job_t S;
        lt_ssm_sweep_job_init(S);
        lt_err_t e;
        lt_err_init(e);
        if (lt_ssm_rotation_sweep_job(S, dirs, k, &EP, ctx, e)) {
            eval_failed(J->fig3, J->nfig3, e->msg);
        } else {
            for (int r = 0, i = 0; r < S->n && i < J->nfig3; i++) {     /* R[r]: the r-th trained, in order */
                lt_paper_point *p = &J->fig3[i];
                if (p->status) continue;
                const lt_model_rotation_struct *R = &S->R[r++];
                p->mse = R->mean_mse;
                p->mse_at_T = R->max_length > 0 ? R->mse[R->max_length - 1] : NAN;
                p->ideal_mse = R->depth > 0 ? R->ideal_mean_mse : NAN;
            }
            char *failed = fig_failed(J->fig3, J->nfig3);
            char *note = lt_job_printf("solid: %s models trained on words of lengths 2-%ld, scored on 500 other words "
                                       "of length %ld (the task at step 1); dashed: the ideal order-blind model of the "
                                       "same depth on the same words with the rotations scaled to step %s, where the "
                                       "Magnus series of each 8-token window converges; predicting zero scores 1/3; "
                                       "map %s%s%s", F->arch, F->length, F->length, LT_PAPER_IDEAL_STEP,
                                       J->map == LT_ROTATION_MAP_PAPER ? "paper" : "faithful", failed ? "; " : "",
                                       failed ? failed : "");
            lt_plot_t Fg;
            lt_plot_init(Fg, 0, 0);
            lt_model_rotation_sweep_plot(Fg, (const char *const *)dirs, S->layers, S->R, S->n, note);
            st = put_figure(J, P->out, LT_PAPER_FIGURE3, Fg, err);
            lt_free(note);
            lt_free(failed);
        }
        lt_ssm_sweep_job_clear(S);
    }
    lt_free(dirs);
    if (!st) st = write_file(J, P, "figure3.csv", LT_PAPER_FIGURE3, err);
    lt_free(train);
    lt_free(test);
    return st;
}

/* ---- the job ---- */

static lt_status check_params(lt_paper_job_t J, const lt_paper_params *P, lt_err_t err)
{
    if (!P->out || !*P->out) return lt_err_set(err, LT_EINPUT, "ssm paper: the output directory `out` is required");
    if (!P->self || !*P->self) return lt_err_set(err, LT_EINPUT, "ssm paper: the lietool binary for the trainer is not given");
    const char *name = P->scale ? P->scale : "default";
    if (!(J->scale = lt_paper_scale_find(name)))
        return lt_err_set(err, LT_EINPUT, "ssm paper: unknown scale '%s' (`scale` takes %s)", name, lt_paper_scale_list());
    if (P->parts & ~(unsigned)LT_PAPER_ALL) return lt_err_set(err, LT_EINPUT, "ssm paper: `only` takes the parts table, figure2 and figure3");
    if (P->jobs < 0 || P->jobs > 1024) return lt_err_set(err, LT_EINPUT, "ssm paper: `jobs` %ld; from 1 to 1024", P->jobs);
    if (P->map != LT_ROTATION_MAP_FAITHFUL && P->map != LT_ROTATION_MAP_PAPER)
        return lt_err_set(err, LT_EINPUT, "ssm paper: `map` takes faithful or paper");
    if (P->seeds && P->nseeds < 1) return lt_err_set(err, LT_EINPUT, "ssm paper: no `seeds`");
    if (P->seeds && P->nseeds > 64) return lt_err_set(err, LT_EINPUT, "ssm paper: %d `seeds`; at most 64", P->nseeds);
    for (int g = 0; P->groups && g < P->ngroups; g++) {
        int found = 0;
        const lt_paper_scale *S = J->scale;
        for (int i = 0; !found && S->runs && i < S->nruns; i++) found = !strcmp(S->runs[i].group, P->groups[g]);
        for (int i = 0; !found && !S->runs && S->groups[i]; i++) found = !strcmp(S->groups[i], P->groups[g]);
        if (!found)
            return lt_err_set(err, LT_EINPUT, "ssm paper: the %s table has no run of '%s' (`groups`)", S->name, P->groups[g]);
    }
    if (P->groups && P->ngroups < 1) return lt_err_set(err, LT_EINPUT, "ssm paper: no `groups`");
    return LT_OK;
}

lt_status lt_paper_job(lt_paper_job_t J, const lt_paper_params *P, const lt_ctx_t ctx, lt_err_t err)
{
    lt_status st = check_params(J, P, err);
    if (st) return st;
    J->parts = P->parts ? P->parts : LT_PAPER_ALL;
    J->map = P->map;
    long nproc = sysconf(_SC_NPROCESSORS_ONLN);
    J->cores = nproc > 0 ? nproc : 1;
    J->jobs = P->jobs > 0 ? P->jobs : J->cores;
    J->cpu = cpu_name();
    int exists = 0;
    /* the programs, the directory, PyTorch: all before anything is written */
    st = lt_job_find_python(&J->python, P->python, "ssm paper", err);
    if (!st) st = lt_job_find_trainer(&J->trainer, P->trainer, P->self, "ssm paper", err);
    if (!st) st = lt_job_check_out(&exists, P->out, P->force, "ssm paper", err);
    if (!st) st = lt_job_check_torch(J->python, "ssm paper", err);
    char *runs = lt_job_path(P->out, "runs");
    if (!st) st = lt_job_make_dir(runs, "ssm paper", err);
    lt_free(runs);
    double t0 = lt_job_now(), t;
    if (!st && (J->parts & LT_PAPER_TABLE)) {
        t = lt_job_now();
        st = run_table(J, P, ctx, err);
        J->table_seconds = lt_job_now() - t;
    }
    if (!st && (J->parts & LT_PAPER_FIGURE2)) {
        t = lt_job_now();
        st = figure2(J, P, ctx, err);
        J->fig2_seconds = lt_job_now() - t;
    }
    if (!st && (J->parts & LT_PAPER_FIGURE3)) {
        t = lt_job_now();
        st = figure3(J, P, ctx, err);
        J->fig3_seconds = lt_job_now() - t;
    }
    J->seconds = lt_job_now() - t0;
    if (!st) st = write_file(J, P, "summary.md", FILE_SUMMARY, err);
    if (!st) st = write_file(J, P, "result.json", FILE_RESULT, err);
    return st;
}
