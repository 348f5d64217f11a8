/* Status messages, allocation wrappers, limits, primes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <stdarg.h>
#include <math.h>
#include <malloc.h>
#include <stdatomic.h>
#include <gmp.h>
#include <flint/flint.h>
#include "lietool/core.h"

void lt_err_init(lt_err_t err)
{
    err->status = LT_OK;
    err->msg[0] = '\0';
}

/* ---- the front end's names of parameters ---- */

static _Atomic int opt_style = LT_OPT_PLAIN;

void lt_set_opt_style(lt_opt_style style)
{
    opt_style = style;
}

/* name (a parameter: letters, digits, '_') as the front end spells it, into
   dst (n > 0 bytes); keyword: whether a value that follows joins it. */
static size_t spell(char *dst, size_t n, const char *name, size_t len)
{
    char b[96];
    size_t k = 0;
    int st = opt_style;
    if (len > 64) len = 64;
    if (st == LT_OPT_DASHED) { b[k++] = '-'; b[k++] = '-'; }
    for (size_t i = 0; i < len; i++) b[k++] = st == LT_OPT_DASHED && name[i] == '_' ? '-' : name[i];
    if (st == LT_OPT_KEYWORD) b[k++] = '=';
    b[k] = '\0';
    return (size_t)snprintf(dst, n, "%s", b);
}

static int opt_char(int c)
{
    return islower(c) || isdigit(c) || c == '_';
}

size_t lt_opt_text(char *dst, size_t n, const char *text)
{
    size_t k = 0;
    for (const char *p = text; *p; p++) {
        size_t len = 0;
        if (*p == '`' && islower((unsigned char)p[1])) {
            while (opt_char((unsigned char)p[1 + len])) len++;
            if (p[1 + len] != '`') len = 0;
        }
        if (!len) {
            if (k + 1 < n) dst[k] = *p;
            k++;
            continue;
        }
        k += spell(k < n ? dst + k : NULL, k < n ? n - k : 0, p + 1, len);
        p += len + 1;
        /* keyword style: "name= 100" reads "name=100" */
        if (opt_style == LT_OPT_KEYWORD && p[1] == ' ' && (isdigit((unsigned char)p[2]) || p[2] == '%')) p++;
    }
    if (n) dst[k < n ? k : n - 1] = '\0';
    return k;
}

const char *lt_opt(const char *name)
{
    static _Thread_local char buf[4][96];
    static _Thread_local int next;
    char *b = buf[next++ & 3];
    spell(b, sizeof buf[0], name, strlen(name));
    return b;
}

/* fmt with its `name` markers spelled (lt_opt_text), in buf */
static const char *opt_fmt(char *buf, size_t n, const char *fmt)
{
    if (!strchr(fmt, '`')) return fmt;
    lt_opt_text(buf, n, fmt);
    return buf;
}

lt_status lt_err_above(lt_err_t err, const char *what, const char *name, long value, const char *max_name, long max)
{
    if (value <= max) return LT_OK;
    char fmt[256];
    snprintf(fmt, sizeof fmt, "%s: `%s` %%ld is above `%s` %%ld", what, name, max_name);
    return lt_err_set(err, LT_ELIMIT, fmt, value, max);
}

lt_status lt_err_set(lt_err_t err, lt_status status, const char *fmt, ...)
{
    char f[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, opt_fmt(f, sizeof f, fmt), ap);
    va_end(ap);
    err->status = status;
    return status;
}

void lt_err_prefix(lt_err_t err, const char *fmt, ...)
{
    char pre[512], old[sizeof err->msg], f[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(pre, sizeof pre, opt_fmt(f, sizeof f, fmt), ap);
    va_end(ap);
    memcpy(old, err->msg, sizeof old);
    snprintf(err->msg, sizeof err->msg, "%.500s: %.500s", pre, old);
}

/* Out of memory: the program's handler (lt_set_oom_handler), then abort;
   the library itself prints nothing. */
static void (*oom_handler)(size_t);

void lt_set_oom_handler(void (*fn)(size_t n))
{
    oom_handler = fn;
}

_Noreturn void lt_oom(size_t n)
{
    if (oom_handler) oom_handler(n);
    abort();
}

#define oom lt_oom

/* The one accounting for --max-memory: the bytes held by blocks of these
   wrappers (malloc_usable_size, so that lt_free needs no size). Signed: a
   block of plain malloc released by lt_free makes it smaller, never wraps. */
static _Atomic long long in_use;

static size_t hard_limit;      /* lt_mem_set_limit: 0, none */
static void (*hard_exceeded)(size_t held, size_t limit);

static void count(long long d)
{
    atomic_fetch_add_explicit(&in_use, d, memory_order_relaxed);
}

/* Before asking for n more bytes: past the hard bound, the handler (a
   request of 40 GB never reaches malloc). */
static void bound(size_t n)
{
    if (!hard_limit || !hard_exceeded) return;
    size_t held = lt_mem_in_use();
    if (n > hard_limit || held > hard_limit - n) hard_exceeded(n > SIZE_MAX - held ? SIZE_MAX : held + n, hard_limit);
}

void lt_mem_set_limit(size_t bytes, void (*exceeded)(size_t held, size_t limit))
{
    hard_limit = bytes;
    hard_exceeded = exceeded;
}

/* GMP's allocator interface passes sizes the wrappers do not need. */
static void *gmp_alloc(size_t n) { return lt_malloc(n); }
static void *gmp_realloc(void *p, size_t old, size_t n) { (void)old; return lt_realloc(p, n); }
static void gmp_free(void *p, size_t n) { (void)n; lt_free(p); }

void lt_mem_count_libraries(void)
{
    mp_set_memory_functions(gmp_alloc, gmp_realloc, gmp_free);
    __flint_set_memory_functions(lt_malloc, lt_calloc, lt_realloc, lt_free);
}

size_t lt_mem_in_use(void)
{
    long long v = atomic_load_explicit(&in_use, memory_order_relaxed);
    return v > 0 ? (size_t)v : 0;
}

void *lt_malloc(size_t n)
{
    bound(n);
    void *p = malloc(n ? n : 1);
    if (!p) oom(n);
    count((long long)malloc_usable_size(p));
    return p;
}

void *lt_calloc(size_t n, size_t size)
{
    bound(size && n > SIZE_MAX / size ? SIZE_MAX : n * size);
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p) oom(n * size);
    count((long long)malloc_usable_size(p));
    return p;
}

void *lt_realloc(void *p, size_t n)
{
    long long old = p ? (long long)malloc_usable_size(p) : 0;
    if ((long long)n > old) bound(n - (size_t)old);
    void *q = realloc(p, n ? n : 1);
    if (!q) oom(n);
    count((long long)malloc_usable_size(q) - old);
    return q;
}

char *lt_strdup(const char *s)
{
    size_t n = strlen(s) + 1;
    char *d = lt_malloc(n);
    memcpy(d, s, n);
    return d;
}

void lt_free(void *p)
{
    if (p) count(-(long long)malloc_usable_size(p));
    free(p);
}

void lt_ctx_init(lt_ctx_t ctx)
{
    ctx->max_degree = 100000;
    snprintf(ctx->max_order, sizeof ctx->max_order, "1e1000");
    ctx->max_enum = 10000000;
    ctx->max_memory_mb = 2048;
    ctx->max_dim = 1024;
    ctx->max_tries = 200000;
    ctx->progress = NULL;
    ctx->progress_arg = NULL;
    ctx->notice = NULL;         /* a caller's ctx is otherwise uninitialised here (fuzz-checkpoint-dir crashed) */
    ctx->notice_arg = NULL;
}

lt_status lt_ctx_check_memory(double bytes, const char *what, const char *where,
                              const lt_ctx_t ctx, lt_err_t err)
{
    double held = (double)lt_mem_in_use();
    if (bytes + held > (double)ctx->max_memory_mb * 1048576.0) {
        if (bytes > (double)ctx->max_memory_mb * 1048576.0)
            return lt_err_set(err, LT_ELIMIT, "%s: %s needs %.0f MiB, above `max_memory` %ld MiB",
                              where, what, ceil(bytes / 1048576.0), ctx->max_memory_mb);
        return lt_err_set(err, LT_ELIMIT, "%s: %s needs %.0f MiB, with %.0f MiB already in use, above `max_memory` %ld MiB",
                          where, what, ceil(bytes / 1048576.0), ceil(held / 1048576.0), ctx->max_memory_mb);
    }
    return LT_OK;
}

int lt_is_prime(long p)
{
    if (p < 2) return 0;
    for (long d = 2; d * d <= p; d++) if (p % d == 0) return 0;
    return 1;
}

int lt_edit_distance(const char *a, const char *b)
{
    size_t la = strlen(a), lb = strlen(b);
    if (la > 64 || lb > 64) return 99;
    int d[65][65];
    for (size_t i = 0; i <= la; i++) d[i][0] = (int)i;
    for (size_t j = 0; j <= lb; j++) d[0][j] = (int)j;
    for (size_t i = 1; i <= la; i++)
        for (size_t j = 1; j <= lb; j++) {
            int c = tolower((unsigned char)a[i - 1]) != tolower((unsigned char)b[j - 1]);
            int m = d[i - 1][j - 1] + c;
            if (d[i - 1][j] + 1 < m) m = d[i - 1][j] + 1;
            if (d[i][j - 1] + 1 < m) m = d[i][j - 1] + 1;
            d[i][j] = m;
        }
    return d[la][lb];
}

int lt_threads_env(void)
{
    const char *e = getenv("LIETOOL_THREADS");
    long t = e && *e ? strtol(e, NULL, 10) : 0;
    return t < 1 ? 0 : t > 64 ? 64 : (int)t;
}

void lt_ctx_notice(const lt_ctx_struct *ctx, const char *fmt, ...)
{
    if (!ctx || !ctx->notice) return;
    char buf[1024], f[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, opt_fmt(f, sizeof f, fmt), ap);
    va_end(ap);
    ctx->notice(ctx->notice_arg, buf);
}
