/* Unit tests of src/job: the outcome of a training run against the
   theory (every branch, the threshold's boundary), the architecture
   table, and lt_ssm_train_job with the fake trainer of tests/data/train
   (the words it writes, its refusals, a trainer that fails, crashes or
   runs past its budget). Run from the repository root. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include "lietool.h"
#include "unit.h"

static lt_ctx_t ctx;

static void outcomes(void)
{
    unit_case = "outcome";
    static const struct { int exact, suff; double acc; lt_train_outcome want; } T[] = {
        /* allowed: exact yes, or suffices up to T yes */
        {1, -1, 0.95, LT_TRAIN_LEARNED}, {1, -1, 0.9, LT_TRAIN_LEARNED}, {1, -1, 0.8999999, LT_TRAIN_NOT_LEARNED},
        {1, 0, 1.0, LT_TRAIN_LEARNED}, {1, 1, 0.0, LT_TRAIN_NOT_LEARNED},
        {-1, 1, 0.9, LT_TRAIN_LEARNED}, {-1, 1, 0.5, LT_TRAIN_NOT_LEARNED},
        {0, 1, 0.99, LT_TRAIN_LEARNED}, {0, 1, 0.1, LT_TRAIN_NOT_LEARNED},
        /* predicted to fail: neither yes, one no */
        {0, -1, 0.9, LT_TRAIN_BEAT_PREDICTION}, {0, -1, 0.8999999, LT_TRAIN_FAILED_AS_PREDICTED},
        {-1, 0, 1.0, LT_TRAIN_BEAT_PREDICTION}, {-1, 0, 0.0, LT_TRAIN_FAILED_AS_PREDICTED},
        {0, 0, 0.95, LT_TRAIN_BEAT_PREDICTION}, {0, 0, 0.3, LT_TRAIN_FAILED_AS_PREDICTED},
        /* open */
        {-1, -1, 1.0, LT_TRAIN_OPEN}, {-1, -1, 0.0, LT_TRAIN_OPEN}, {-1, -1, 0.9, LT_TRAIN_OPEN},
    };
    for (size_t i = 0; i < sizeof T / sizeof *T; i++) {
        lt_train_outcome o = lt_train_outcome_of(T[i].exact, T[i].suff, T[i].acc, LT_TRAIN_THRESHOLD);
        CHECK(o == T[i].want, "exact %d suffices %d accuracy %.7f: '%s', expected '%s'", T[i].exact, T[i].suff, T[i].acc,
              lt_train_outcome_name(o), lt_train_outcome_name(T[i].want));
    }
    /* another threshold moves the boundary */
    CHECK(lt_train_outcome_of(1, -1, 0.95, 0.99) == LT_TRAIN_NOT_LEARNED, "threshold 0.99");
    static const char *const names[] = {"learned", "not learned", "beat the prediction", "failed as predicted", "open"};
    for (int o = 0; o < LT_TRAIN_NOUTCOMES; o++)
        CHECK(strcmp(lt_train_outcome_name((lt_train_outcome)o), names[o]) == 0, "name of %d: '%s'", o,
              lt_train_outcome_name((lt_train_outcome)o));
}

/* Is word a whole item of the comma list? */
static int listed(const char *list, const char *word)
{
    size_t n = strlen(word);
    for (const char *p = strstr(list, word); p; p = strstr(p + 1, word))
        if ((p == list || p[-1] == ' ') && (p[n] == ',' || p[n] == '\0' || p[n] == ' ')) return 1;
    return 0;
}

static void arches(void)
{
    unit_case = "architectures";
    int n;
    const lt_train_arch *T = lt_train_arch_table(&n);
    const char *list = lt_train_arch_list();
    for (int i = 0; i < n; i++) {
        CHECK(listed(list, T[i].name), "'%s' is not in the list", T[i].name);
        if (strcmp(T[i].name, "householder-N")) CHECK(lt_train_arch_find(T[i].name) == &T[i], "'%s' not found", T[i].name);
        CHECK(strncmp(T[i].args, "arch=", 5) == 0, "'%s': the trainer's settings start with arch=", T[i].name);
    }
    /* every family of lietool plan --arch */
    static const struct { const char *name; lt_family fam; int N; const char *args; } F[] = {
        {"abelian", LT_FAM_ABELIAN, 0, "arch=diag eigenvalues=complex"},
        {"diag-positive", LT_FAM_DIAG_POSITIVE, 0, "arch=diag eigenvalues=positive"},
        {"diag-signed", LT_FAM_DIAG_SIGNED, 0, "arch=diag eigenvalues=signed"},
        {"diag-complex", LT_FAM_DIAG_COMPLEX, 0, "arch=diag eigenvalues=complex"},
        {"householder", LT_FAM_HOUSEHOLDER, 0, "arch=gated_deltaproduct dp_householder=N dp_neg=true"},
        {"householder-1", LT_FAM_HOUSEHOLDER, 0, "arch=gated_deltaproduct dp_householder=N dp_neg=true"},
        {"householder-64", LT_FAM_HOUSEHOLDER, 0, "arch=gated_deltaproduct dp_householder=N dp_neg=true"},
        {"transformer", LT_FAM_TRANSFORMER, 0, "arch=transformer"},
        {"mamba", LT_FAM_DIAG_POSITIVE, 0, "arch=mamba"},
        {"signed-mamba", LT_FAM_DIAG_SIGNED, 0, "arch=mamba eigenvalues=signed"},
        {"mamba-signed", LT_FAM_DIAG_SIGNED, 0, "arch=mamba eigenvalues=signed"},
        {"mamba2", LT_FAM_DIAG_POSITIVE, 0, "arch=mamba2"},
        {"mamba2-signed", LT_FAM_DIAG_SIGNED, 0, "arch=mamba2 eigenvalues=signed"},
        {"gla", LT_FAM_DIAG_POSITIVE, 0, "arch=gla"},
        {"delta_net", LT_FAM_HOUSEHOLDER, 1, "arch=delta_net dp_neg=true"},
        {"deltanet", LT_FAM_HOUSEHOLDER, 1, "arch=delta_net dp_neg=true"},
        {"gated_deltaproduct", LT_FAM_HOUSEHOLDER, 2, "arch=gated_deltaproduct dp_householder=2 dp_neg=true"},
        {"deltaproduct", LT_FAM_HOUSEHOLDER, 2, "arch=gated_deltaproduct dp_householder=2 dp_neg=true"},
    };
    for (size_t i = 0; i < sizeof F / sizeof *F; i++) {
        const lt_train_arch *A = lt_train_arch_find(F[i].name);
        CHECK(A && A->family.kind == F[i].fam && A->family.householders == F[i].N && strcmp(A->args, F[i].args) == 0,
              "'%s': %s", F[i].name, A ? A->args : "not found");
    }
    static const char *const bad[] = {"", "householder-0", "householder-65", "householder-N", "householder-", "Mamba",
                                      "mamba3", "diag", "lstm"};
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) CHECK(!lt_train_arch_find(bad[i]), "'%s' found", bad[i]);
}

/* ---- the job, with the fake trainer ---- */

static char tmp[64];

static void params(lt_ssm_train_params *P, const char *group, const char *arch, const char *out)
{
    *P = (lt_ssm_train_params){.group = group, .arch = arch, .layers = 1, .out = out, .train_length = 4, .test_length = 8,
                               .samples = 300, .test_samples = 50, .seed = 7, .budget = 5, .self = "./lietool",
                               .python = "tests/data/train/python", .trainer = "tests/data/train/trainer.sh"};
}

/* The rows of a CSV file and the number of words of length len. */
static long rows(const char *path, long len, long *of_len)
{
    FILE *f = fopen(path, "r");
    long n = -1, k = 0;
    char line[4096];
    *of_len = 0;
    while (f && fgets(line, sizeof line, f)) {
        n++;
        if (n == 0) continue;
        char *in = strchr(line, ',');
        long toks = 1;
        for (char *p = in + 1; *p && *p != ','; p++) toks += *p == ' ';
        if (toks == len) k++;
    }
    if (f) fclose(f);
    *of_len = k;
    return n;
}

static lt_status job(lt_ssm_train_job_t J, const lt_ssm_train_params *P, lt_err_t err)
{
    lt_err_init(err);
    lt_ssm_train_job_clear(J);
    lt_ssm_train_job_init(J);
    return lt_ssm_train_job(J, P, ctx, err);
}

static void jobs(void)
{
    unit_case = "job";
    if (access("tests/data/train/trainer.sh", R_OK) != 0) {
        CHECK(0, "run from the repository root (tests/data/train/trainer.sh)");
        return;
    }
    snprintf(tmp, sizeof tmp, "/tmp/t-job.XXXXXX");
    CHECK(mkdtemp(tmp) != NULL, "mkdtemp");
    char out[128], path[192], cmd[256];
    lt_ssm_train_params P;
    lt_ssm_train_job_t J;
    lt_ssm_train_job_init(J);
    lt_err_t err;

    /* S3, L = 4: lengths 2 and 3 have fewer words than their share (36, 216), length 4 takes the rest */
    snprintf(out, sizeof out, "%s/s3/run", tmp);
    params(&P, "S3", "diag-signed", out);
    lt_status st = job(J, &P, err);
    CHECK(st == LT_OK, "S3: %s", err->msg);
    long k2, k3, k4, k8;
    snprintf(path, sizeof path, "%s/train.csv", out);
    CHECK(rows(path, 2, &k2) == 300 && J->train_words == 300, "S3 train.csv: %ld words", J->train_words);
    rows(path, 3, &k3);
    rows(path, 4, &k4);
    CHECK(k2 == 36 && k3 == 132 && k4 == 132, "S3 per length: %ld %ld %ld", k2, k3, k4);
    snprintf(path, sizeof path, "%s/val.csv", out);
    CHECK(rows(path, 8, &k8) == 200 && k8 == 200 && J->val_words == 200, "S3 val.csv: %ld", J->val_words);
    snprintf(path, sizeof path, "%s/test.csv", out);
    CHECK(rows(path, 8, &k8) == 50 && k8 == 50 && J->test_words == 50, "S3 test.csv");
    /* diag-s3 fails at length 8; two signed layers cannot track S3 at every length */
    CHECK(J->V->exact == 0 && J->outcome == LT_TRAIN_FAILED_AS_PREDICTED, "S3 diag-signed: %s",
          lt_train_outcome_name(J->outcome));
    CHECK(J->ntries == 2 && J->chosen == 2 && fabs(J->final_loss - 0.0123) < 1e-12 && fabs(J->seconds - 53.7) < 1e-9,
          "S3 tries");
    CHECK(fabs(J->chance_loss - log(6.0)) < 1e-12, "S3 chance loss");
    snprintf(path, sizeof path, "%s/result.json", out);
    CHECK(access(path, R_OK) == 0, "S3: no result.json");

    /* the same directory again: refused, then taken with force */
    st = job(J, &P, err);
    CHECK(st == LT_EINPUT && strstr(err->msg, "is not empty"), "non-empty: %s", err->msg);
    P.force = 1;
    P.arch = "diag-complex";
    P.layers = 2;
    st = job(J, &P, err);
    CHECK(st == LT_OK && J->V->exact == 1 && J->outcome == LT_TRAIN_NOT_LEARNED && J->advice
          && strstr(J->advice, "but not length 8"), "S3 diag-complex: %s; %s", err->msg, J->advice ? J->advice : "");
    P.force = 0;

    /* a file where the directory should be */
    snprintf(path, sizeof path, "%s/s3/run/train.csv", tmp);
    params(&P, "S3", "diag-signed", path);
    st = job(J, &P, err);
    CHECK(st == LT_EINPUT && strstr(err->msg, "is not a directory"), "non-directory: %s", err->msg);

    /* no PyTorch: nothing is written */
    snprintf(out, sizeof out, "%s/c2/run", tmp);
    params(&P, "C2", "diag-signed", out);
    P.python = "/bin/false";
    st = job(J, &P, err);
    snprintf(path, sizeof path, "%s/c2", tmp);
    CHECK(st == LT_EMISSING && strstr(err->msg, "needs PyTorch for /bin/false") && access(path, F_OK) != 0,
          "no torch: %s", err->msg);
    P.python = "/nonexistent/python3";
    st = job(J, &P, err);
    CHECK(st == LT_EMISSING && strstr(err->msg, "'/nonexistent/python3' is not a program"), "no python: %s", err->msg);
    P.python = "tests/data/train/python";
    P.trainer = "/nonexistent/train.py";
    st = job(J, &P, err);
    CHECK(st == LT_EMISSING && strstr(err->msg, "the trainer '/nonexistent/train.py' is not a file"), "no trainer: %s",
          err->msg);

    /* the trainer fails: refused (3), crashed (70), past its budget (4), no report */
    static const struct { const char *how; lt_status want; const char *msg; } fails[] = {
        {"refuse", LT_EINPUT, "refused the run (exit status 2"},
        {"crash", LT_EINTERNAL, "RuntimeError: the fake trainer crashed"},
        {"sleep", LT_ELIMIT, "was stopped"},
        {"nojson", LT_EINPUT, "the trainer wrote no report"},
        {"badjson", LT_EINPUT, "no list \"tries\""},
    };
    for (size_t i = 0; i < sizeof fails / sizeof *fails; i++) {
        snprintf(out, sizeof out, "%s/fail-%s", tmp, fails[i].how);
        params(&P, "C2", "diag-signed", out);
        P.budget = 0.2;
        P.grace = 0.3;
        setenv("FAKE_TRAIN", fails[i].how, 1);
        st = job(J, &P, err);
        CHECK(st == fails[i].want && strstr(err->msg, fails[i].msg), "%s: status %d: %s", fails[i].how, st, err->msg);
    }
    unsetenv("FAKE_TRAIN");

    /* C3: one diag-positive layer cannot track C3, yet the fixture does: beat the prediction */
    snprintf(out, sizeof out, "%s/c3", tmp);
    params(&P, "C3", "diag-positive", out);
    st = job(J, &P, err);
    CHECK(st == LT_OK && J->outcome == LT_TRAIN_BEAT_PREDICTION && J->sequence_accuracy >= 0.9 && J->advice
          && strstr(J->advice, "1 diag-positive layer cannot track C3 at every length"), "C3: %s %s", err->msg,
          J->advice ? J->advice : "");
    /* a loss near chance */
    setenv("FAKE_LOSS", "1.5", 1);
    params(&P, "S3", "diag-complex", out);
    P.force = 1;
    P.layers = 2;
    st = job(J, &P, err);
    CHECK(st == LT_OK && J->outcome == LT_TRAIN_NOT_LEARNED && J->advice && strstr(J->advice, "stayed near chance"),
          "loss near chance: %s %s", err->msg, J->advice ? J->advice : "");
    unsetenv("FAKE_LOSS");
    /* limits and parameters */
    P.train_length = 20000;
    st = job(J, &P, err);
    CHECK(st == LT_ELIMIT && strstr(err->msg, "--train-length 20000 is above --max-length 10000"), "limit: %s", err->msg);
    params(&P, "S3", "lstm", out);
    st = job(J, &P, err);
    CHECK(st == LT_EINPUT && strstr(err->msg, "unknown architecture 'lstm'"), "unknown: %s", err->msg);
    params(&P, "S3", "mamba", out);
    P.train_length = 1;
    st = job(J, &P, err);
    CHECK(st == LT_EINPUT, "L = 1: %s", err->msg);

    lt_ssm_train_job_clear(J);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", tmp);
    CHECK(system(cmd) == 0, "rm");
}

/* The paper's scales and what lt_paper_job refuses before it runs
   anything; its runs with the fake trainer are tests/cli/ssm-paper.test. */
static void paper(void)
{
    unit_case = "paper";
    const lt_paper_scale *T = lt_paper_scale_find("tiny"), *D = lt_paper_scale_find("default");
    const lt_paper_scale *F = lt_paper_scale_find("full");
    CHECK(T && D && F && !lt_paper_scale_find("huge") && !lt_paper_scale_find(""), "the three scales");
    if (!T || !D || !F) return;
    CHECK(T->nruns == 6 && T->nseeds == 1 && !D->runs && D->nseeds == 3 && F->train_length == 128
          && F->test_length == 256, "scale settings");
    /* the paper's table: 7 groups x 5 families x 2 depths (S4: 2 and 3; full: 1, 2 and 3) */
    int nd = 0, nf = 0, na = 0;
    for (int g = 0; D->groups[g]; g++) nd += strcmp(D->groups[g], "S4") ? D->nlayers : D->ns4_layers;
    for (int g = 0; F->groups[g]; g++) nf += strcmp(F->groups[g], "S4") ? F->nlayers : F->ns4_layers;
    while (D->archs[na]) na++;
    CHECK(nd * na == 70 && nf * na == 75, "runs: default %d, full %d", nd * na, nf * na);
    for (int i = 0; i < T->nruns; i++)
        CHECK(lt_train_arch_find(T->runs[i].arch) != NULL, "tiny run %d: architecture %s", i, T->runs[i].arch);
    for (int a = 0; a < na; a++) CHECK(lt_train_arch_find(D->archs[a]) != NULL, "architecture %s", D->archs[a]);
    CHECK(lt_train_arch_find(F->fig2.arch) && lt_train_arch_find(T->fig3.arch), "figure architectures");
    /* for every depth of every figure, a seed list and a positive length */
    const lt_paper_scale *S[3] = {T, D, F};
    for (int i = 0; i < 3; i++)
        CHECK(S[i]->fig2.ndepths > 0 && S[i]->fig2.nseeds > 0 && S[i]->fig3.ndepths > 0 && S[i]->fig3.length > 1,
              "%s figures", S[i]->name);

    lt_paper_job_t J;
    lt_err_t err;
    const char *ga[] = {"A5"};
    uint64_t seeds[] = {1};
    struct { lt_paper_params P; const char *want; } bad[] = {
        {{.scale = "tiny", .self = "./lietool"}, "output directory"},
        {{.scale = "huge", .out = "/tmp/t-job-never", .self = "./lietool"}, "unknown scale 'huge'"},
        {{.scale = "tiny", .out = "/tmp/t-job-never"}, "lietool binary"},
        {{.scale = "tiny", .out = "/tmp/t-job-never", .self = "./lietool", .parts = 8}, "only"},
        {{.scale = "tiny", .out = "/tmp/t-job-never", .self = "./lietool", .jobs = -1}, "jobs"},
        {{.scale = "tiny", .out = "/tmp/t-job-never", .self = "./lietool", .map = 5}, "map"},
        {{.scale = "tiny", .out = "/tmp/t-job-never", .self = "./lietool", .groups = ga, .ngroups = 1}, "no run of 'A5'"},
        {{.scale = "tiny", .out = "/tmp/t-job-never", .self = "./lietool", .seeds = seeds, .nseeds = 0}, "seeds"},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        lt_paper_job_init(J);
        lt_err_init(err);
        lt_status st = lt_paper_job(J, &bad[i].P, ctx, err);
        CHECK(st == LT_EINPUT && strstr(err->msg, bad[i].want), "bad %zu: %d %s", i, st, err->msg);
        lt_paper_job_clear(J);
    }
    CHECK(access("/tmp/t-job-never", F_OK) != 0, "nothing written");
}

int main(void)
{
    lt_ctx_init(ctx);
    outcomes();
    arches();
    jobs();
    paper();
    UNIT_DONE("t-job");
}
