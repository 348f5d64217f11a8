/* Status messages, allocation wrappers and limits. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lietool/core.h"

void lt_err_init(lt_err_t err)
{
    err->status = LT_OK;
    err->msg[0] = '\0';
}

lt_status lt_err_set(lt_err_t err, lt_status status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err->msg, sizeof err->msg, fmt, ap);
    va_end(ap);
    err->status = status;
    return status;
}

void lt_err_prefix(lt_err_t err, const char *fmt, ...)
{
    char pre[512], old[sizeof err->msg];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(pre, sizeof pre, fmt, ap);
    va_end(ap);
    memcpy(old, err->msg, sizeof old);
    snprintf(err->msg, sizeof err->msg, "%.500s: %.500s", pre, old);
}

static void oom(size_t n)
{
    fprintf(stderr, "lietool: out of memory allocating %zu bytes\n", n);
    abort();
}

void *lt_malloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) oom(n);
    return p;
}

void *lt_calloc(size_t n, size_t size)
{
    void *p = calloc(n ? n : 1, size ? size : 1);
    if (!p) oom(n * size);
    return p;
}

void *lt_realloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q) oom(n);
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
    free(p);
}

void lt_ctx_init(lt_ctx_t ctx)
{
    ctx->max_degree = 100000;
    snprintf(ctx->max_order, sizeof ctx->max_order, "1e1000");
    ctx->max_enum = 10000000;
    ctx->max_memory_mb = 2048;
    ctx->max_dim = 1024;
    ctx->progress = NULL;
    ctx->progress_arg = NULL;
}
