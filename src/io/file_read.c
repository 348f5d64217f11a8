/* Opening and reading input files: one place that refuses what is not a
   regular file (a FIFO would block, a directory reads as an error or as
   LONG_MAX bytes, a device such as /dev/zero never ends) and that bounds a
   whole-file read by --max-memory before it allocates. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "lietool/io.h"
#include "impl.h"

/* The files this run reads and the existing files its outputs will
   replace, by device and inode: an output is never an input (whatever
   the paths: D/config.json, ./D/../D/config.json, a hard link). */
typedef struct { dev_t dev; ino_t ino; char *path; const void *owner; } file_id;
/* An output that does not exist yet is known by its directory and name
   (ino is the directory's, path "\n" and the name). */
static pthread_mutex_t ids_lock = PTHREAD_MUTEX_INITIALIZER;
static file_id *inputs, *outputs;
static size_t n_inputs, cap_inputs, n_outputs, cap_outputs;

static void ids_add(file_id **v, size_t *n, size_t *cap, const struct stat *sb, const char *path, const void *owner)
{
    if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 16;
        file_id *nv = realloc(*v, *cap * sizeof **v);
        if (!nv) abort();
        *v = nv;
    }
    char *p = strdup(path);
    if (!p) abort();
    (*v)[(*n)++] = (file_id){sb->st_dev, sb->st_ino, p, owner};
}

static const file_id *ids_find(const file_id *v, size_t n, const struct stat *sb, const void *skip)
{
    for (size_t i = 0; i < n; i++)
        if (v[i].dev == sb->st_dev && v[i].ino == sb->st_ino && (!skip || v[i].owner != skip)) return v + i;
    return NULL;
}

/* LT_EINPUT when the existing file sb (to be written as path) is an input
   of the run or another output (not owner's). */
static lt_status output_clash(const struct stat *sb, const char *path, const void *owner, lt_err_t err)
{
    pthread_mutex_lock(&ids_lock);
    const file_id *in = ids_find(inputs, n_inputs, sb, NULL), *out = in ? NULL : ids_find(outputs, n_outputs, sb, owner);
    lt_status st = LT_OK;
    const file_id *at = in ? in : out;
    const char *what = in ? "an input of this run (name another file)" : "another output of this run";
    if (at && strcmp(at->path, path) == 0) st = lt_err_set(err, LT_EINPUT, "cannot write '%s': it is %s", path, what);
    else if (at) st = lt_err_set(err, LT_EINPUT, "cannot write '%s': it is '%s', %s", path, at->path, what);
    pthread_mutex_unlock(&ids_lock);
    return st;
}

/* The directory of path (in a static buffer; "." for none) and, in *name,
   "\n" and the last component (lt_malloc'd). */
static const char *dir_of(const char *path, char **name)
{
    static __thread char dir[4096];
    const char *slash = strrchr(path, '/');
    size_t l = slash ? (size_t)(slash - path) : 0;
    if (!slash) snprintf(dir, sizeof dir, ".");
    else if (l == 0) snprintf(dir, sizeof dir, "/");
    else snprintf(dir, sizeof dir, "%.*s", (int)(l < sizeof dir - 1 ? l : sizeof dir - 1), path);
    const char *base = slash ? slash + 1 : path;
    *name = lt_malloc(strlen(base) + 2);
    sprintf(*name, "\n%s", base);
    return dir;
}

/* An output path that does not exist yet, named by another output. */
static lt_status new_output_clash(const char *path, lt_err_t err)
{
    char *name;
    struct stat sb;
    lt_status st = LT_OK;
    if (stat(dir_of(path, &name), &sb) == 0) {
        pthread_mutex_lock(&ids_lock);
        for (size_t i = 0; i < n_outputs && !st; i++)
            if (outputs[i].dev == sb.st_dev && outputs[i].ino == sb.st_ino && strcmp(outputs[i].path, name) == 0)
                st = lt_err_set(err, LT_EINPUT, "cannot write '%s': another output of this run writes it", path);
        pthread_mutex_unlock(&ids_lock);
    }
    lt_free(name);
    return st;
}

lt_status lt_io_out_check(const char *path, lt_err_t err)
{
    struct stat sb;
    if (stat(path, &sb) != 0 || !S_ISREG(sb.st_mode)) return LT_OK;
    return output_clash(&sb, path, NULL, err);
}

/* An input that is an output already opened, or standard output. */
static lt_status input_clash(const struct stat *sb, const char *path, lt_err_t err)
{
    struct stat so;
    if (fstat(STDOUT_FILENO, &so) == 0 && S_ISREG(so.st_mode) && so.st_dev == sb->st_dev && so.st_ino == sb->st_ino)
        return lt_err_set(err, LT_EINPUT, "'%s' is also the standard output of this run", path);
    pthread_mutex_lock(&ids_lock);
    const file_id *out = ids_find(outputs, n_outputs, sb, NULL);
    lt_status st = LT_OK;
    if (out) st = lt_err_set(err, LT_EINPUT, "'%s' is also '%s', an output of this run", path, out->path);
    else if (!ids_find(inputs, n_inputs, sb, NULL)) ids_add(&inputs, &n_inputs, &cap_inputs, sb, path, NULL);
    pthread_mutex_unlock(&ids_lock);
    return st;
}

void lt_io_run_begin(void)
{
    pthread_mutex_lock(&ids_lock);
    for (size_t i = 0; i < n_inputs; i++) free(inputs[i].path);
    n_inputs = 0;
    pthread_mutex_unlock(&ids_lock);
}

static void output_forget(const void *owner)
{
    pthread_mutex_lock(&ids_lock);
    for (size_t i = 0; i < n_outputs; i++)
        if (outputs[i].owner == owner) {
            free(outputs[i].path);
            outputs[i--] = outputs[--n_outputs];
        }
    pthread_mutex_unlock(&ids_lock);
}

FILE *lt_io_open_read(const char *path, int64_t *size, lt_err_t err)
{
    /* O_NONBLOCK: opening a FIFO without a writer returns at once */
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) {
        lt_err_set(err, LT_EINPUT, "cannot open '%s': %s", path, strerror(errno));
        return NULL;
    }
    struct stat sb;
    if (fstat(fd, &sb) != 0) {
        lt_err_set(err, LT_EINPUT, "cannot open '%s': %s", path, strerror(errno));
        close(fd);
        return NULL;
    }
    if (!S_ISREG(sb.st_mode)) {
        lt_err_set(err, LT_EINPUT, "'%s' is %s, not a regular file", path,
                   S_ISDIR(sb.st_mode) ? "a directory" : S_ISFIFO(sb.st_mode) ? "a FIFO"
                   : S_ISSOCK(sb.st_mode) ? "a socket" : "a device");
        close(fd);
        return NULL;
    }
    if (input_clash(&sb, path, err)) {
        close(fd);
        return NULL;
    }
    int fl = fcntl(fd, F_GETFL);
    if (fl >= 0) fcntl(fd, F_SETFL, fl & ~O_NONBLOCK);
    FILE *f = fdopen(fd, "rb");
    if (!f) {
        lt_err_set(err, LT_EINPUT, "cannot open '%s': %s", path, strerror(errno));
        close(fd);
        return NULL;
    }
    if (size) *size = (int64_t)sb.st_size;
    return f;
}

static char *too_long(const char *path, size_t limit, int share, const lt_ctx_t ctx, lt_err_t err)
{
    if (share > 1)
        lt_err_set(err, LT_ELIMIT, "'%s' is longer than %zu bytes, the most JSON that `max_memory` %ld MiB can parse",
                   path, limit, ctx->max_memory_mb);
    else
        lt_err_set(err, LT_ELIMIT, "'%s' is longer than `max_memory` %ld MiB", path, ctx->max_memory_mb);
    return NULL;
}

char *lt_io_read_file(const char *path, size_t *len, int share, const lt_ctx_t ctx, lt_err_t err)
{
    size_t limit = ((size_t)ctx->max_memory_mb << 20) / (size_t)(share > 0 ? share : 1);
    int64_t size;
    FILE *f = lt_io_open_read(path, &size, err);
    if (!f) return NULL;
    /* the size first: refused before anything is allocated */
    if (size > 0 && (uint64_t)size > limit) { fclose(f); return too_long(path, limit, share, ctx, err); }
    size_t cap = (size_t)size + 2, n = 0, k;
    if (cap < 4096) cap = 4096;
    if (cap > limit + 2) cap = limit + 2;
    char *buf = lt_malloc(cap);
    /* a file that grows while it is read: grown up to the limit, never past */
    while ((k = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += k;
        if (n > limit) { fclose(f); lt_free(buf); return too_long(path, limit, share, ctx, err); }
        if (n + 1 >= cap) {
            cap = cap > (limit + 2) / 2 ? limit + 2 : 2 * cap;
            buf = lt_realloc(buf, cap);
        }
    }
    int bad = ferror(f);
    fclose(f);
    if (bad) { lt_free(buf); lt_err_set(err, LT_EINPUT, "cannot read '%s'", path); return NULL; }
    /* every format read whole is text: a NUL byte would end it early */
    if (memchr(buf, '\0', n)) { lt_free(buf); lt_err_set(err, LT_EINPUT, "%s: the file contains a NUL byte", path); return NULL; }
    buf[n] = '\0';
    *len = n;
    return buf;
}

/* The temporary files of outputs not yet committed or aborted, for
   lt_io_out_remove_pending (a run stopped by the memory bound). */
#define PENDING_MAX 16
static const char *pending[PENDING_MAX];

static void pending_set(const char *tmp, int add)
{
    for (int i = 0; i < PENDING_MAX; i++)
        if (add ? !pending[i] : pending[i] == tmp) { pending[i] = add ? tmp : NULL; return; }
}

void lt_io_out_remove_pending(void)
{
    for (int i = 0; i < PENDING_MAX; i++)
        if (pending[i]) unlink(pending[i]);
}

FILE *lt_io_out_open(lt_io_out_t O, const char *path, lt_err_t err)
{
    O->f = NULL;
    O->path = O->tmp = NULL;
    if (strcmp(path, "-") == 0) return O->f = stdout;
    struct stat sb;
    if (stat(path, &sb) == 0 && S_ISDIR(sb.st_mode)) {
        lt_err_set(err, LT_EIO, "cannot write '%s': Is a directory", path);
        return NULL;
    }
    int exists = stat(path, &sb) == 0;
    if (exists && S_ISREG(sb.st_mode) && output_clash(&sb, path, O, err)) return NULL;
    char *name = NULL;
    if (!exists && new_output_clash(path, err)) return NULL;
    if (exists && !S_ISREG(sb.st_mode)) {
        /* a device or FIFO (/dev/null, /dev/stdout) is written in place:
           renaming over it would replace it */
        if (!(O->f = fopen(path, "w"))) lt_err_set(err, LT_EIO, "cannot write '%s': %s", path, strerror(errno));
        else O->path = lt_strdup(path);
        return O->f;
    }
    size_t l = strlen(path);
    O->path = lt_strdup(path);
    O->tmp = lt_malloc(l + 16);
    snprintf(O->tmp, l + 16, "%s.tmp.XXXXXX", path);
    int fd = mkstemp(O->tmp);
    if (fd < 0 || !(O->f = fdopen(fd, "w"))) {
        lt_err_set(err, LT_EIO, "cannot write '%s': %s", path, strerror(errno));
        if (fd >= 0) { close(fd); unlink(O->tmp); }
        lt_free(O->path); lt_free(O->tmp);
        O->path = O->tmp = NULL;
        return NULL;
    }
    /* mkstemp makes it 0600; an output file is made as fopen would */
    mode_t um = umask(0);
    umask(um);
    fchmod(fd, 0666 & ~um);
    pending_set(O->tmp, 1);
    pthread_mutex_lock(&ids_lock);
    if (exists) ids_add(&outputs, &n_outputs, &cap_outputs, &sb, path, O);
    else if (!stat(dir_of(path, &name), &sb)) ids_add(&outputs, &n_outputs, &cap_outputs, &sb, name, O);
    pthread_mutex_unlock(&ids_lock);
    lt_free(name);
    return O->f;
}

lt_status lt_io_out_commit(lt_io_out_t O, lt_err_t err)
{
    if (!O->f) return LT_OK;
    lt_status st = LT_OK;
    if (O->f == stdout) {
        if (fflush(stdout) != 0 || ferror(stdout)) st = lt_err_set(err, LT_EIO, "error writing to standard output");
        O->f = NULL;
        return st;
    }
    pending_set(O->tmp, 0);
    output_forget(O);
    int bad = ferror(O->f);
    int e = errno;
    if (fclose(O->f) != 0 && !bad) { bad = 1; e = errno; }
    O->f = NULL;
    /* an input read since the output was opened is not replaced either */
    struct stat sb;
    if (!bad && O->tmp && stat(O->path, &sb) == 0 && S_ISREG(sb.st_mode) && output_clash(&sb, O->path, O, err)) {
        unlink(O->tmp);
        lt_free(O->path); lt_free(O->tmp);
        O->path = O->tmp = NULL;
        return err->status;
    }
    if (!bad && O->tmp && rename(O->tmp, O->path) != 0) { bad = 1; e = errno; }
    if (bad) {
        if (O->tmp) unlink(O->tmp);
        st = lt_err_set(err, LT_EIO, "cannot write '%s': %s", O->path, strerror(e ? e : EIO));
    }
    lt_free(O->path); lt_free(O->tmp);
    O->path = O->tmp = NULL;
    return st;
}

void lt_io_out_abort(lt_io_out_t O)
{
    output_forget(O);
    if (O->f && O->f != stdout) {
        fclose(O->f);
        pending_set(O->tmp, 0);
        if (O->tmp) unlink(O->tmp);
    }
    O->f = NULL;
    lt_free(O->path); lt_free(O->tmp);
    O->path = O->tmp = NULL;
}

lt_status lt_io_out_svg(lt_io_out_t O, const lt_plot_t F, lt_err_t err)
{
    lt_plot_write_svg(O->f, F, err);    /* a write error is seen again by the commit, which names the path */
    return lt_io_out_commit(O, err);
}
