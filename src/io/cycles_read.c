/* Cycle notation as GAP prints it. */
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include "lietool/io.h"

long lt_io_cycles(int **pts, int *npts, const char *s, const char *where, lt_err_t err)
{
    size_t cap = 16;
    int n = 0;
    long maxp = 0;
    int *v = lt_malloc(cap * sizeof(int));
    const char *p = s;
    while (isspace((unsigned char)*p)) p++;
    if (*p != '(') {
        lt_err_set(err, LT_EINPUT, "%s: expected '(' at '%.20s'", where, p);
        goto bad;
    }
    while (*p == '(') {
        const char *start = p;
        int cstart = n;
        p++;
        while (isspace((unsigned char)*p)) p++;
        if (*p == ')') { p++; while (isspace((unsigned char)*p)) p++; continue; }
        for (;;) {
            while (isspace((unsigned char)*p)) p++;
            if (!isdigit((unsigned char)*p)) {
                const char *e = p;
                while (*e && *e != ',' && *e != ')' && !isspace((unsigned char)*e)) e++;
                lt_err_set(err, LT_EINPUT, "%s: expected a point number at '%.*s' in '%.40s'",
                           where, (int)(e - p) ? (int)(e - p) : 1, p, start);
                goto bad;
            }
            errno = 0;
            char *end;
            long x = strtol(p, &end, 10);
            if (errno || x > LT_MAX_DEGREE) {
                lt_err_set(err, LT_EINPUT, "%s: point '%.*s' is too large", where, (int)(end - p), p);
                goto bad;
            }
            if (x == 0) {
                lt_err_set(err, LT_EINPUT, "%s: point 0 in '%.40s': points start at 1", where, start);
                goto bad;
            }
            for (int k = cstart; k < n; k++)
                if (v[k] == (int)x - 1) {
                    const char *ce = strchr(start, ')');
                    lt_err_set(err, LT_EINPUT, "%s: point %ld repeated in cycle '%.*s'", where, x,
                               ce ? (int)(ce - start + 1) : 40, start);
                    goto bad;
                }
            if ((size_t)n + 2 >= cap) { cap *= 2; v = lt_realloc(v, cap * sizeof(int)); }
            v[n++] = (int)x - 1;
            if (x > maxp) maxp = x;
            p = end;
            while (isspace((unsigned char)*p)) p++;
            if (*p == ',') { p++; continue; }
            if (*p == ')') { p++; break; }
            lt_err_set(err, LT_EINPUT, "%s: expected ',' or ')' at '%.20s' in '%.40s'",
                       where, *p ? p : "end of input", start);
            goto bad;
        }
        v[n++] = -1;
        while (isspace((unsigned char)*p)) p++;
    }
    if (*p) {
        lt_err_set(err, LT_EINPUT, "%s: unexpected '%.20s' after the cycles", where, p);
        goto bad;
    }
    *pts = v;
    *npts = n;
    return maxp;
bad:
    lt_free(v);
    return -1;
}

void lt_io_cycles_perm(int *p, int n, const int *pts, int npts)
{
    int *c = lt_malloc((size_t)n * sizeof(int)), *t = lt_malloc((size_t)n * sizeof(int));
    lt_perm_one(p, n);
    for (int i = 0; i < npts;) {
        int j = i;
        while (pts[j] >= 0) j++;
        if (j - i >= 2) {
            lt_perm_one(c, n);
            for (int k = i; k < j; k++) c[pts[k]] = pts[k + 1 < j ? k + 1 : i];
            lt_perm_mul(t, p, c, n);
            memcpy(p, t, (size_t)n * sizeof(int));
        }
        i = j + 1;
    }
    lt_free(c); lt_free(t);
}
