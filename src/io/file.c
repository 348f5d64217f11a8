/* Opening and reading input files: one place that refuses what is not a
   regular file (a FIFO would block, a directory reads as an error or as
   LONG_MAX bytes, a device such as /dev/zero never ends) and that bounds a
   whole-file read by --max-memory before it allocates. */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <sys/stat.h>
#include "lietool/io.h"
#include "impl.h"

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
        lt_err_set(err, LT_ELIMIT, "'%s' is longer than %zu bytes, the most JSON that --max-memory %ld MiB can parse",
                   path, limit, ctx->max_memory_mb);
    else
        lt_err_set(err, LT_ELIMIT, "'%s' is longer than --max-memory %ld MiB", path, ctx->max_memory_mb);
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
        lt_err_set(err, LT_EINTERNAL, "cannot write '%s': Is a directory", path);
        return NULL;
    }
    if (stat(path, &sb) == 0 && !S_ISREG(sb.st_mode)) {
        /* a device or FIFO (/dev/null, /dev/stdout) is written in place:
           renaming over it would replace it */
        if (!(O->f = fopen(path, "w"))) lt_err_set(err, LT_EINTERNAL, "cannot write '%s': %s", path, strerror(errno));
        else O->path = lt_strdup(path);
        return O->f;
    }
    size_t l = strlen(path);
    O->path = lt_strdup(path);
    O->tmp = lt_malloc(l + 16);
    snprintf(O->tmp, l + 16, "%s.tmp.XXXXXX", path);
    int fd = mkstemp(O->tmp);
    if (fd < 0 || !(O->f = fdopen(fd, "w"))) {
        lt_err_set(err, LT_EINTERNAL, "cannot write '%s': %s", path, strerror(errno));
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
    return O->f;
}

lt_status lt_io_out_commit(lt_io_out_t O, lt_err_t err)
{
    if (!O->f) return LT_OK;
    lt_status st = LT_OK;
    if (O->f == stdout) {
        if (fflush(stdout) != 0 || ferror(stdout)) st = lt_err_set(err, LT_EINTERNAL, "error writing to standard output");
        O->f = NULL;
        return st;
    }
    pending_set(O->tmp, 0);
    int bad = ferror(O->f);
    int e = errno;
    if (fclose(O->f) != 0 && !bad) { bad = 1; e = errno; }
    O->f = NULL;
    if (!bad && O->tmp && rename(O->tmp, O->path) != 0) { bad = 1; e = errno; }
    if (bad) {
        if (O->tmp) unlink(O->tmp);
        st = lt_err_set(err, LT_EINTERNAL, "cannot write '%s': %s", O->path, strerror(e ? e : EIO));
    }
    lt_free(O->path); lt_free(O->tmp);
    O->path = O->tmp = NULL;
    return st;
}

void lt_io_out_abort(lt_io_out_t O)
{
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
