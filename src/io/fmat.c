/* Decimal matrices for the floating-point path: LieAlgebra(Rationals or
   Reals, [ [[0.5,-1e-3],[2/3,0]], ... ]) with entries integers, p/q or
   decimals (C strtod syntax). */
#include <ctype.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "lietool/io.h"

static const char *ws(const char *p)
{
    while (isspace((unsigned char)*p)) p++;
    return p;
}

static lt_status number(double *x, const char **pp, const char *where, slong i, slong j, lt_err_t err)
{
    const char *p = ws(*pp);
    char *e;
    double v = strtod(p, &e);
    if (e == p || isalpha((unsigned char)*p))
        return lt_err_set(err, LT_EINPUT, "%s: entry (%ld,%ld): expected a number at '%.12s'", where, (long)i + 1, (long)j + 1, p);
    p = ws(e);
    if (*p == '/') {
        p = ws(p + 1);
        double d = strtod(p, &e);
        if (e == p || d == 0)
            return lt_err_set(err, LT_EINPUT, "%s: entry (%ld,%ld): bad denominator at '%.12s'", where, (long)i + 1, (long)j + 1, p);
        v /= d;
        p = e;
    }
    if (!isfinite(v))
        return lt_err_set(err, LT_EINPUT, "%s: entry (%ld,%ld) is not finite", where, (long)i + 1, (long)j + 1);
    *x = v;
    *pp = p;
    return LT_OK;
}

/* one matrix [[..],[..]]; *n fixed by the first matrix (0 = not yet) */
static lt_status matrix(double **out, slong *n, const char **pp, const char *where, const lt_ctx_t ctx, lt_err_t err)
{
    const char *p = ws(*pp);
    if (*p != '[') return lt_err_set(err, LT_EINPUT, "%s: expected '[' at '%.12s'", where, p);
    p = ws(p + 1);
    slong rows = 0, cols = -1, cap = 16, cnt = 0;
    double *v = lt_malloc((size_t)cap * sizeof(double));
    lt_status st = LT_OK;
    while (!st) {
        if (*p != '[') { st = lt_err_set(err, LT_EINPUT, "%s: row %ld: expected '[' at '%.12s'", where, (long)rows + 1, p); break; }
        p = ws(p + 1);
        slong c = 0;
        while (!st) {
            if (cnt == cap) { cap *= 2; v = lt_realloc(v, (size_t)cap * sizeof(double)); }
            if ((st = number(v + cnt, &p, where, rows, c, err))) break;
            cnt++; c++;
            p = ws(p);
            if (*p == ',') { p = ws(p + 1); continue; }
            if (*p == ']') { p = ws(p + 1); break; }
            st = lt_err_set(err, LT_EINPUT, "%s: row %ld: expected ',' or ']' at '%.12s'", where, (long)rows + 1, p);
        }
        if (st) break;
        if (cols >= 0 && c != cols) { st = lt_err_set(err, LT_EINPUT, "%s: row %ld has %ld entries, row 1 has %ld", where, (long)rows + 1, (long)c, (long)cols); break; }
        cols = c;
        rows++;
        if (rows > ctx->max_dim) { st = lt_err_set(err, LT_ELIMIT, "%s: more than --max-dim %ld rows", where, ctx->max_dim); break; }
        if (*p == ',') { p = ws(p + 1); continue; }
        if (*p == ']') { p = p + 1; break; }
        st = lt_err_set(err, LT_EINPUT, "%s: expected ',' or ']' after row %ld at '%.12s'", where, (long)rows, p);
    }
    if (!st && rows != cols) st = lt_err_set(err, LT_EINPUT, "%s: the matrix is %ldx%ld, not square", where, (long)rows, (long)cols);
    if (!st && *n && rows != *n) st = lt_err_set(err, LT_EINPUT, "%s: the matrix is %ldx%ld but matrix 1 is %ldx%ld", where, (long)rows, (long)rows, (long)*n, (long)*n);
    if (st) { lt_free(v); return st; }
    *n = rows;
    *out = v;
    *pp = p;
    return LT_OK;
}

lt_status lt_io_float_gens(double **gens, slong *k, slong *n, const char *spec,
                           const lt_ctx_t ctx, lt_err_t err)
{
    const char *p = ws(spec);
    if (strncmp(p, "LieAlgebra", 10) != 0) return lt_err_set(err, LT_EINPUT, "'%.60s' is not LieAlgebra(...)", spec);
    p = ws(p + 10);
    if (*p != '(') return lt_err_set(err, LT_EINPUT, "'%.60s': expected '(' after LieAlgebra", spec);
    p = ws(p + 1);
    if (strncmp(p, "Rationals", 9) == 0) p += 9;
    else if (strncmp(p, "Reals", 5) == 0) p += 5;
    else return lt_err_set(err, LT_EINPUT, "'%.60s': expected Rationals or Reals as the field", spec);
    p = ws(p);
    if (*p != ',') return lt_err_set(err, LT_EINPUT, "'%.60s': expected ',' after the field", spec);
    p = ws(p + 1);
    if (*p != '[') return lt_err_set(err, LT_EINPUT, "'%.60s': expected '[' to open the list of matrices", spec);
    p = ws(p + 1);
    slong cnt = 0, nn = 0;
    double *all = NULL;
    lt_status st = LT_OK;
    while (!st) {
        char where[96];
        snprintf(where, sizeof where, "'%.40s...': matrix %ld", spec, (long)cnt + 1);
        double *m = NULL;
        if ((st = matrix(&m, &nn, &p, where, ctx, err))) break;
        all = lt_realloc(all, (size_t)(cnt + 1) * (size_t)(nn * nn) * sizeof(double));
        memcpy(all + cnt * nn * nn, m, (size_t)(nn * nn) * sizeof(double));
        lt_free(m);
        cnt++;
        p = ws(p);
        if (*p == ',') { p = ws(p + 1); continue; }
        if (*p == ']') { p = ws(p + 1); break; }
        st = lt_err_set(err, LT_EINPUT, "%s: expected ',' or ']' after it at '%.12s'", where, p);
    }
    if (!st && *p != ')') st = lt_err_set(err, LT_EINPUT, "'%.60s': expected ')' at the end", spec);
    if (!st && *ws(p + 1)) st = lt_err_set(err, LT_EINPUT, "'%.60s': unexpected text after ')'", spec);
    if (st) { lt_free(all); return st; }
    *gens = all;
    *k = cnt;
    *n = nn;
    return LT_OK;
}
