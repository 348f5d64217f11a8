/* The trainer's child process and the files around it, shared by the
   jobs that train (ssm train, src/job/train.c; the paper, src/job/paper.c):
   finding Python and scripts/train_wordproblem.py, running it with
   posix_spawn under a deadline, its settings as DIR/trainer-job.json,
   output directories and the word files of a curriculum. Messages start
   with the caller's name (`what`). */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <spawn.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#include "lietool/io.h"
#include "lietool/job.h"
#include "impl.h"

void lt_job_arch_family(lt_arch *a, const lt_train_arch *A, const char *name)
{
    *a = A->family;
    if (a->kind == LT_FAM_HOUSEHOLDER && a->householders == 0 && lt_arch_parse(a, name)) a->householders = 1;
}

/* ---- small pieces ---- */

char *lt_job_printf(const char *fmt, ...)
{
    char f[1024];
    if (strchr(fmt, '`') && lt_opt_text(f, sizeof f, fmt) < sizeof f) fmt = f;   /* `name`: the front end's spelling */
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    char *s = lt_malloc((size_t)(n > 0 ? n : 0) + 1);
    va_start(ap, fmt);
    vsnprintf(s, (size_t)(n > 0 ? n : 0) + 1, fmt, ap);
    va_end(ap);
    return s;
}

char *lt_job_path(const char *dir, const char *name)
{
    return lt_job_printf("%s/%s", dir, name);
}

static int is_file(const char *p)
{
    struct stat sb;
    return stat(p, &sb) == 0 && S_ISREG(sb.st_mode);
}

static int is_program(const char *p)
{
    return is_file(p) && access(p, X_OK) == 0;
}

/* name as a program: itself when it holds a '/', else the first on PATH. */
static char *find_program(const char *name)
{
    if (strchr(name, '/')) return is_program(name) ? lt_strdup(name) : NULL;
    const char *path = getenv("PATH");
    if (!path || !*path) path = "/usr/local/bin:/usr/bin:/bin";
    for (const char *p = path; *p;) {
        const char *e = strchr(p, ':');
        size_t n = e ? (size_t)(e - p) : strlen(p);
        char *c = lt_job_printf("%.*s/%s", (int)n, n ? p : ".", name);
        if (is_program(c)) return c;
        lt_free(c);
        p += n + (e != NULL);
    }
    return NULL;
}

/* The Python that runs the trainer: P->python, $LIETOOL_PYTHON,
   /usr/bin/python3 (Debian's, whose python3-torch the man page names),
   python3 on PATH. */
lt_status lt_job_find_python(char **out, const char *given, const char *who, lt_err_t err)
{
    const char *env = getenv("LIETOOL_PYTHON");
    const char *want = given ? given : env && *env ? env : NULL;
    const char *what = !given && env && *env ? " (LIETOOL_PYTHON)" : "";
    if (!want) want = is_program("/usr/bin/python3") ? "/usr/bin/python3" : "python3";
    if ((*out = find_program(want))) return LT_OK;
    return lt_err_set(err, LT_EMISSING, "%s needs Python with PyTorch: '%s'%s is not a program%s; "
                      "apt-get install python3-torch", who, want, what, strchr(want, '/') ? "" : " on PATH");
}

/* The trainer: P->trainer, $LIETOOL_TRAINER, then scripts/train_wordproblem.py
   beside the lietool binary (a build tree), in ../share/lietool/scripts
   beside it (an installed tree), in LT_DATADIR/scripts (as
   lt_io_algebras_dir finds algebras/). */
lt_status lt_job_find_trainer(char **out, const char *given, const char *self, const char *who, lt_err_t err)
{
    const char *env = getenv("LIETOOL_TRAINER");
    const char *want = given ? given : env && *env ? env : NULL;
    if (want) {
        if (is_file(want)) { *out = lt_strdup(want); return LT_OK; }
        return lt_err_set(err, LT_EMISSING, "%s: the trainer '%s'%s is not a file", who, want,
                          given ? "" : " (LIETOOL_TRAINER)");
    }
    char *dir = lt_strdup(self);
    char *slash = strrchr(dir, '/');
    if (slash) slash[1] = '\0';
    else dir[0] = '\0';
    char *cand[3] = {lt_job_printf("%sscripts/train_wordproblem.py", dir),
                     lt_job_printf("%s../share/lietool/scripts/train_wordproblem.py", dir),
                     lt_strdup(LT_DATADIR "/scripts/train_wordproblem.py")};
    lt_free(dir);
    *out = NULL;
    for (int i = 0; i < 3; i++) {
        if (!*out && is_file(cand[i])) *out = cand[i];
        else lt_free(cand[i]);
    }
    if (*out) return LT_OK;
    return lt_err_set(err, LT_EMISSING, "%s: no trainer scripts/train_wordproblem.py beside %s, in "
                      "../share/lietool/scripts or in %s/scripts (set LIETOOL_TRAINER)", who, self, LT_DATADIR);
}

/* ---- the child process ---- */

typedef struct {
    int code;           /* the exit status, or -1 */
    int sig;            /* the signal that ended it, or 0 */
    int stopped;        /* stopped by us at the deadline */
} run_result;

double lt_job_now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* The progress of a run (ctx->progress, when set): the seconds it has
   run against the seconds it is expected to take. */
typedef struct { const lt_ctx_struct *ctx; const char *what; double start, expect; } run_progress;

/* Waits up to seconds (< 0: for ever) for pid; 1 when it has ended (*status set). */
static int wait_for(pid_t pid, int *status, double seconds, const run_progress *pr)
{
    double end = lt_job_now() + seconds;
    struct timespec nap = {0, 20 * 1000 * 1000};
    for (;;) {
        pid_t w = waitpid(pid, status, seconds < 0 ? 0 : WNOHANG);
        if (w == pid) return 1;
        if (w < 0 && errno != EINTR) { *status = 0; return 1; }
        if (seconds >= 0 && lt_job_now() >= end) return 0;
        if (pr && pr->ctx->progress) {
            double t = lt_job_now() - pr->start;
            pr->ctx->progress(pr->ctx->progress_arg, pr->what, t < pr->expect ? t : 0.99 * pr->expect, pr->expect);
        }
        if (w == 0) {
            nanosleep(&nap, NULL);
            if (nap.tv_nsec < 200 * 1000 * 1000) nap.tv_nsec += 20 * 1000 * 1000;
        }
    }
}

/* Runs the program cmd[0] (a path) with the arguments cmd with standard input /dev/null and its
   standard output and error to outfd; stops it (SIGTERM, ten seconds,
   then SIGKILL) when it has run for timeout seconds (<= 0: never). It
   stays in lietool's process group, so that ^C at a terminal stops both.
   (No PR_SET_PDEATHSIG: the trainer's tries run in worker processes, and
   Python then received the signal while lietool was alive.) */
static lt_status run(run_result *R, char *const cmd[], int outfd, double timeout, const run_progress *pr, const char *who,
                     lt_err_t err)
{
    *R = (run_result){-1, 0, 0};
    int in = open("/dev/null", O_RDONLY | O_CLOEXEC);
    if (in < 0) return lt_err_set(err, LT_EINTERNAL, "%s: cannot open /dev/null: %s", who, strerror(errno));
    /* posix_spawn: the library never forks a copy of itself that could
       return into the caller's code; an exec failure comes back here */
    posix_spawn_file_actions_t fa;
    pid_t pid = -1;
    int e = posix_spawn_file_actions_init(&fa);
    if (!e) e = posix_spawn_file_actions_adddup2(&fa, in, 0);
    if (!e) e = posix_spawn_file_actions_adddup2(&fa, outfd, 1);
    if (!e) e = posix_spawn_file_actions_adddup2(&fa, outfd, 2);
    extern char **environ;
    if (!e) e = posix_spawn(&pid, cmd[0], &fa, NULL, cmd, environ);
    posix_spawn_file_actions_destroy(&fa);
    if (e) {
        close(in);
        return lt_err_set(err, LT_EINTERNAL, "%s: cannot start %s: %s", who, cmd[0], strerror(e));
    }
    close(in);
    int status = 0;
    if (!wait_for(pid, &status, timeout > 0 ? timeout : -1, pr)) {
        R->stopped = 1;
        kill(pid, SIGTERM);
        if (!wait_for(pid, &status, 10, NULL)) {
            kill(pid, SIGKILL);
            wait_for(pid, &status, -1, NULL);
        }
    }
    if (pr && pr->ctx->progress) pr->ctx->progress(pr->ctx->progress_arg, pr->what, 1, 1);
    if (WIFEXITED(status)) R->code = WEXITSTATUS(status);
    else if (WIFSIGNALED(status)) R->sig = WTERMSIG(status);
    return LT_OK;
}

/* The last lines of the text in buf (at most n lines, max bytes), each
   after "; " instead of its newline, into out. */
static void last_lines(char *out, size_t size, const char *buf, size_t len, int n, size_t max)
{
    while (len > 0 && (buf[len - 1] == '\n' || buf[len - 1] == ' ')) len--;
    size_t start = len;
    for (int k = 0; start > 0 && k < n;) {
        start--;
        if (buf[start] == '\n' && ++k == n) { start++; break; }
    }
    if (len - start > max) start = len - max;
    size_t j = 0;
    for (size_t i = start; i < len && j + 3 < size; i++) {
        if (buf[i] == '\n') {
            while (j > 0 && out[j - 1] == ' ') j--;
            out[j++] = ';';
            out[j++] = ' ';
            while (i + 1 < len && (buf[i + 1] == ' ' || buf[i + 1] == '\t')) i++;   /* a line's indent */
        } else if (buf[i] != '\r') out[j++] = buf[i];
    }
    out[j] = '\0';
}

/* The last lines of the file at fd (rewound), as last_lines. */
static void fd_tail(char *out, size_t size, int fd, int n)
{
    out[0] = '\0';
    off_t end = lseek(fd, 0, SEEK_END);
    if (end <= 0) return;
    off_t from = end > 4096 ? end - 4096 : 0;
    char buf[4097];
    ssize_t k = pread(fd, buf, (size_t)(end - from), from);
    if (k <= 0) return;
    last_lines(out, size, buf, (size_t)k, n, 600);
}

/* Does the file at fd hold a Python traceback (the trainer crashed)? */
static int has_traceback(int fd)
{
    off_t end = lseek(fd, 0, SEEK_END);
    char buf[65536];
    off_t from = end > (off_t)sizeof buf - 1 ? end - (off_t)sizeof buf + 1 : 0;
    ssize_t k = end > 0 ? pread(fd, buf, (size_t)(end - from), from) : 0;
    if (k <= 0) return 0;
    buf[k] = '\0';
    return strstr(buf, "Traceback (most recent call last)") != NULL;
}

/* Python imports torch, or LT_EMISSING. */
lt_status lt_job_check_torch(const char *python, const char *who, lt_err_t err)
{
    FILE *tmp = tmpfile();
    if (!tmp) return lt_err_set(err, LT_EIO, "%s: cannot make a temporary file: %s", who, strerror(errno));
    char *cmd[] = {(char *)python, "-c", "import torch", NULL};
    run_result R;
    lt_status st = run(&R, cmd, fileno(tmp), 300, NULL, who, err);
    if (!st && R.code != 0) {
        char said[700];
        fd_tail(said, sizeof said, fileno(tmp), 1);
        st = lt_err_set(err, LT_EMISSING, "%s needs PyTorch for %s: apt-get install python3-torch%s%s%s", who, python,
                        *said ? " (" : "", said, *said ? ")" : "");
    }
    fclose(tmp);
    return st;
}

/* ---- the output directory ---- */

/* LT_EINPUT when dir exists and is not a directory, or is a directory
   holding anything without force. *exists: it is there. */
lt_status lt_job_check_out(int *exists, const char *dir, int force, const char *who, lt_err_t err)
{
    struct stat sb;
    *exists = 0;
    if (stat(dir, &sb) != 0) {
        if (errno == ENOENT) return LT_OK;
        return lt_err_set(err, LT_EINPUT, "%s: `out` '%s': %s", who, dir, strerror(errno));
    }
    if (!S_ISDIR(sb.st_mode)) return lt_err_set(err, LT_EINPUT, "%s: `out` '%s' is not a directory", who, dir);
    *exists = 1;
    if (force) return LT_OK;
    DIR *d = opendir(dir);
    if (!d) return lt_err_set(err, LT_EINPUT, "%s: `out` '%s': %s", who, dir, strerror(errno));
    struct dirent *e;
    int empty = 1;
    while (empty && (e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) empty = 0;
    closedir(d);
    if (!empty)
        return lt_err_set(err, LT_EINPUT, "%s: `out` '%s' is not empty (give `force` to %s into it)", who, dir,
                          strcmp(who, "ssm train") ? "write" : "train");
    return LT_OK;
}

/* mkdir -p dir. */
lt_status lt_job_make_dir(const char *dir, const char *who, lt_err_t err)
{
    char *p = lt_strdup(dir);
    lt_status st = LT_OK;
    for (char *s = p + 1; !st; s++) {
        int last = *s == '\0';
        if (*s != '/' && !last) continue;
        char c = *s;
        *s = '\0';
        struct stat sb;
        if (mkdir(p, 0777) != 0 && errno != EEXIST)
            st = lt_err_set(err, LT_EINPUT, "%s: cannot make the directory '%s': %s", who, p, strerror(errno));
        else if (!st && (stat(p, &sb) != 0 || !S_ISDIR(sb.st_mode)))
            st = lt_err_set(err, LT_EINPUT, "%s: '%s' is not a directory", who, p);
        *s = c;
        if (last) break;
    }
    lt_free(p);
    return st;
}

/* ---- the words ---- */

/* Words of lengths lo..hi into path (one header): per length its share of
   total (or each one quota when total < 0), every word when fewer exist;
   seeds base + l. *rows the words written. */
lt_status lt_job_write_words(long *rows, const char *path, const lt_cayley_t C, long lo, long hi, long total, long each,
                             uint64_t base, const lt_ctx_t ctx, lt_err_t err)
{
    lt_io_out_t O;
    FILE *f = lt_io_out_open(O, path, err);
    if (!f) return err->status;
    lt_status st = fputs("seed,input,target\n", f) < 0 ? lt_err_set(err, LT_EIO, "error writing '%s'", path) : LT_OK;
    long left = total;
    *rows = 0;
    for (long l = lo; l <= hi && !st; l++) {
        long q = total < 0 ? each : left / (hi - l + 1), got = 0;
        if (q < 1) q = 1;
        st = lt_dataset_generate_rows(f, C, l, q, base + (uint64_t)l, &got, ctx, err);
        *rows += got;
        left -= got;
    }
    if (!st) st = lt_io_out_commit(O, err);
    lt_io_out_abort(O);
    if (st) lt_err_prefix(err, "%s", path);
    return st;
}


/* The trainer's settings, one "key": "value" each (its options without the
   leading dashes, '_' for '-'), written to DIR/trainer-job.json, which the
   trainer reads as its whole command line. */
void lt_job_setting(FILE *f, int *n, const char *key, const char *fmt, ...)
{
    char v[4096];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(v, sizeof v, fmt, ap);
    va_end(ap);
    fputs((*n)++ ? ",\n  " : "{\n  ", f);
    lt_json_put_string(f, key);
    fputs(": ", f);
    lt_json_put_string(f, v);
}

/* Runs python trainer job (the settings file), its output to log (made
   anew); stopped at timeout seconds (<= 0: never) as run stops it, with
   the progress of ctx (NULL: none) expecting expect seconds. A failure:
   LT_ELIMIT when it was stopped (budget: the budget it ran past), LT_EINTERNAL
   when it crashed or was killed, LT_EINPUT when it refused the input,
   each with the log's last lines. */
lt_status lt_job_run_trainer(const char *python, const char *trainer, const char *job, const char *log, double timeout,
                             double budget, const lt_ctx_struct *ctx, double expect, const char *who, lt_err_t err)
{
    if (lt_io_out_check(log, err)) return err->status;
    int fd = open(log, O_RDWR | O_CREAT | O_TRUNC | O_CLOEXEC, 0666);
    if (fd < 0) return lt_err_set(err, LT_EIO, "%s: cannot write '%s': %s", who, log, strerror(errno));
    char *cmd[] = {(char *)python, (char *)trainer, (char *)job, NULL};
    run_result R;
    char *what = lt_job_printf("training (%s)", log);
    run_progress pr = {ctx, what, lt_job_now(), expect};
    lt_status st = run(&R, cmd, fd, timeout, ctx && ctx->progress ? &pr : NULL, who, err);
    lt_free(what);
    if (!st && (R.code != 0 || R.sig || R.stopped)) {
        char tail[700];
        int crashed = R.sig != 0 || has_traceback(fd);
        fd_tail(tail, sizeof tail, fd, 3);
        if (R.stopped)
            st = lt_err_set(err, LT_ELIMIT, "%s: the trainer ran %g s past `budget` %g s and was stopped "
                            "(its output: %s): %s", who, timeout - budget, budget, log, tail);
        else if (R.sig)
            st = lt_err_set(err, LT_EINTERNAL, "%s: the trainer was killed by signal %d (its output: %s): %s",
                            who, R.sig, log, tail);
        else
            st = lt_err_set(err, crashed ? LT_EINTERNAL : LT_EINPUT, "%s: the trainer %s (exit status %d; its output: %s): %s",
                            who, crashed ? "crashed" : "refused the run", R.code, log, tail);
    }
    close(fd);
    return st;
}

/* The settings of an architecture (lt_train_arch's args, "key=value"
   words; the value N is householder-N's N). */
void lt_job_arch_settings(FILE *f, int *n, const lt_train_arch *A, int householders)
{
    for (const char *s = A->args; *s;) {
        size_t k = strcspn(s, " "), e = strcspn(s, "=");
        char key[64];
        snprintf(key, sizeof key, "%.*s", (int)e, s);
        if (k - e - 1 == 1 && s[e + 1] == 'N') lt_job_setting(f, n, key, "%d", householders);
        else lt_job_setting(f, n, key, "%.*s", (int)(k - e - 1), s + e + 1);
        s += k;
        s += strspn(s, " ");
    }
}
