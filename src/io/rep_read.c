/* Representation files (lietool-formats(5), REPRESENTATION FILES): matrices
   assigned to elements of a permutation group, read into an lt_rep_t
   (lietool/rep.h, where lt_rep_check decides whether they extend to a
   homomorphism). Entries are expressions exact in Q(sqrt d), one square
   root per file, or, when a file has a decimal, read as doubles too. */
#include <errno.h>
#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <flint/fmpq.h>
#include "lietool/io.h"
#include "lietool/free.h"
#include "impl.h"

/* ------------------------------------------------------------- entries */

/* The expression parser: numbers (integers, decimals with an optional
   exponent), sqrtD or sqrt(D), + - * / and parentheses; spaces and tabs
   between tokens. */
typedef struct {
    const char *p;
    long d;                 /* the square root of the file, 1 until one is seen */
    long dline;             /* where it was first seen */
    long line;
    int decimal;            /* a decimal was read */
    int depth;              /* parentheses open at p */
    char msg[200];          /* why an entry does not parse */
    const char *at;         /* and where */
} expr_t;

/* how deep parentheses may nest in an entry (the parser recurses on them) */
#define EX_MAX_DEPTH 100

static void ex_skip(expr_t *E) { while (*E->p == ' ' || *E->p == '\t') E->p++; }

static int ex_sum(expr_t *E, lt_qsqrt_t v);

static int ex_value(expr_t *E, lt_qsqrt_t v);

/* Signs, then a value; the signs are counted rather than recursed on, so
   that no run of them can exhaust the stack. */
static int ex_atom(expr_t *E, lt_qsqrt_t v)
{
    int neg = 0;
    for (ex_skip(E); *E->p == '-' || *E->p == '+'; ex_skip(E)) neg ^= *E->p++ == '-';
    if (!ex_value(E, v)) return 0;
    if (neg) lt_qsqrt_neg(v);
    return 1;
}

static int ex_value(expr_t *E, lt_qsqrt_t v)
{
    if (*E->p == '(') {
        if (E->depth == EX_MAX_DEPTH) {
            snprintf(E->msg, sizeof E->msg, "parentheses nested deeper than %d", EX_MAX_DEPTH);
            return 0;
        }
        E->p++;
        E->depth++;
        int ok = ex_sum(E, v);
        E->depth--;
        if (!ok) return 0;
        ex_skip(E);
        if (*E->p != ')') { snprintf(E->msg, sizeof E->msg, "missing ')'"); return 0; }
        E->p++;
        return 1;
    }
    if (strncmp(E->p, "sqrt", 4) == 0) {
        const char *q = E->p + 4;
        int paren = *q == '(';
        if (paren) q++;
        if (!isdigit((unsigned char)*q)) { snprintf(E->msg, sizeof E->msg, "sqrt needs a positive integer, as in sqrt5"); return 0; }
        long d = 0;
        /* every digit is read (the value saturates): a long number is out
           of range, not a missing ')' */
        for (; isdigit((unsigned char)*q); q++)
            if (d < 100000000) d = 10 * d + (*q - '0');
        if (d == 0 || d >= 100000000) { snprintf(E->msg, sizeof E->msg, "sqrt needs an integer from 1 to 99999999"); return 0; }
        if (paren && *q++ != ')') { snprintf(E->msg, sizeof E->msg, "missing ')' after sqrt("); return 0; }
        E->p = q;
        long f = lt_qsqrt_set_sqrt(v, d);
        if (f == 1) return 1;
        if (E->d != 1 && E->d != f) {
            snprintf(E->msg, sizeof E->msg, "a second square root, sqrt%ld (sqrt%ld on line %ld): one per file", d, E->d, E->dline);
            return 0;
        }
        if (E->d == 1) { E->d = f; E->dline = E->line; }
        return 1;
    }
    /* a number: digits, '.', an exponent; never '/' (that is division) */
    const char *q = E->p;
    while (isdigit((unsigned char)*q)) q++;
    int dec = 0;
    if (*q == '.') { dec = 1; q++; while (isdigit((unsigned char)*q)) q++; }
    if ((*q == 'e' || *q == 'E') && q > E->p) {
        const char *r = q + 1;
        if (*r == '+' || *r == '-') r++;
        if (isdigit((unsigned char)*r)) { dec = 1; q = r; while (isdigit((unsigned char)*q)) q++; }
    }
    if (q == E->p || (q == E->p + 1 && *E->p == '.')) { snprintf(E->msg, sizeof E->msg, "expected a number"); return 0; }
    char buf[128];
    size_t l = (size_t)(q - E->p);
    if (l >= sizeof buf) { snprintf(E->msg, sizeof E->msg, "number too long"); return 0; }
    memcpy(buf, E->p, l);
    buf[l] = '\0';
    const char *end;
    if (!lt_free_read_q(v->a, buf, &end) || *end) { snprintf(E->msg, sizeof E->msg, "'%s' is not a number", buf); return 0; }
    fmpq_zero(v->b);
    E->decimal |= dec;
    E->p = q;
    return 1;
}

static int ex_prod(expr_t *E, lt_qsqrt_t v)
{
    if (!ex_atom(E, v)) return 0;
    for (;;) {
        ex_skip(E);
        char op = *E->p;
        if (op != '*' && op != '/') return 1;
        E->p++;
        lt_qsqrt_t w;
        lt_qsqrt_init(w);
        int ok = ex_atom(E, w);
        if (ok && op == '/' && !lt_qsqrt_inv(w, E->d)) { snprintf(E->msg, sizeof E->msg, "division by zero"); ok = 0; }
        if (ok) lt_qsqrt_mul(v, w, E->d);
        lt_qsqrt_clear(w);
        if (!ok) return 0;
    }
}

static int ex_sum(expr_t *E, lt_qsqrt_t v)
{
    if (!ex_prod(E, v)) return 0;
    for (;;) {
        ex_skip(E);
        char op = *E->p;
        if (op != '+' && op != '-') return 1;
        E->p++;
        lt_qsqrt_t w;
        lt_qsqrt_init(w);
        int ok = ex_prod(E, w);
        if (ok) {
            if (op == '+') lt_qsqrt_add(v, w);
            else lt_qsqrt_sub(v, w);
        }
        lt_qsqrt_clear(w);
        if (!ok) return 0;
    }
}

/* ----------------------------------------------------------- the file */

typedef struct {
    expr_t E;
    fmpq *a, *b;            /* entries of the file so far */
    slong len, cap;
} reader_t;

static int read_entry(void *arg, slong k, const char *text, const char **end)
{
    reader_t *Rd = arg;
    slong i = Rd->len + k;
    if (i >= Rd->cap) {
        slong cap = 2 * Rd->cap + 16;
        fmpq *a = _fmpq_vec_init(cap), *b = _fmpq_vec_init(cap);
        for (slong j = 0; j < Rd->cap; j++) { fmpq_swap(a + j, Rd->a + j); fmpq_swap(b + j, Rd->b + j); }
        _fmpq_vec_clear(Rd->a, Rd->cap); _fmpq_vec_clear(Rd->b, Rd->cap);
        Rd->a = a; Rd->b = b; Rd->cap = cap;
    }
    lt_qsqrt_t v;
    lt_qsqrt_init(v);
    Rd->E.p = text;
    Rd->E.msg[0] = '\0';
    Rd->E.depth = 0;
    int ok = ex_sum(&Rd->E, v);
    if (!ok) Rd->E.at = Rd->E.p;
    if (ok) {
        fmpq_swap(Rd->a + i, v->a);
        fmpq_swap(Rd->b + i, v->b);
        *end = Rd->E.p;
    }
    lt_qsqrt_clear(v);
    return ok;
}

/* Elements sorted by their image lists give the file's indices. */
typedef struct { const int *img; int n; long long r; } sortrec;

static int cmp_rec(const void *x, const void *y)
{
    const sortrec *u = x, *v = y;
    for (int t = 0; t < u->n; t++)
        if (u->img[t] != v->img[t]) return u->img[t] < v->img[t] ? -1 : 1;
    return 0;
}

/* The element at position idx of the sorted element list. */
static long long index_element(lt_pgrp_t G, long long idx, long long **sorted)
{
    long long N = (long long)mpz_get_ui(G->order);
    if (!*sorted) {
        int n = G->n;
        int *el = lt_malloc((size_t)N * (size_t)n * sizeof(int));
        sortrec *rec = lt_malloc((size_t)N * sizeof *rec);
        for (long long r = 0; r < N; r++) {
            lt_pgrp_unrank(el + r * n, G, r);
            rec[r].img = el + r * n; rec[r].n = n; rec[r].r = r;
        }
        qsort(rec, (size_t)N, sizeof *rec, cmp_rec);
        long long *ix = lt_malloc((size_t)N * sizeof(long long));
        for (long long r = 0; r < N; r++) ix[r] = rec[r].r;
        lt_free(rec);
        lt_free(el);
        *sorted = ix;
    }
    return (*sorted)[idx];
}

/* Label text (trimmed) -> element number in G, or -1 with err set. */
static long long parse_label(lt_rep_t R, const char *lab, lt_pgrp_t G, long long **sorted,
                             const char *where, long line, const lt_ctx_t ctx, lt_err_t err)
{
    if (isdigit((unsigned char)lab[0])) {
        char *e;
        errno = 0;
        long long idx = strtoll(lab, &e, 10);
        int huge = errno == ERANGE;     /* saturated: quote the text, not LLONG_MAX */
        if (*e) { lt_err_set(err, LT_EINPUT, "%s:%ld: '%s' is neither an index nor a permutation in cycle notation", where, line, lab); return -1; }
        if (mpz_cmp_ui(G->order, (unsigned long)ctx->max_enum) > 0) {
            lt_err_set(err, LT_ELIMIT, "%s:%ld: element indices need the elements sorted, and the group has more than `max_enum` %ld", where, line, ctx->max_enum);
            return -1;
        }
        if (huge || mpz_cmp_si(G->order, idx) <= 0) {
            lt_err_set(err, LT_EINPUT, "%s:%ld: unknown element: index %.40s%s, but the group has %lu elements (0 to %lu)",
                       where, line, lab, strlen(lab) > 40 ? "..." : "", mpz_get_ui(G->order), mpz_get_ui(G->order) - 1);
            return -1;
        }
        return index_element(G, idx, sorted);
    }
    /* cycle notation with ',' or white space between points, from origin */
    size_t L = strlen(lab);
    char *t = lt_malloc(4 * L + 16);
    size_t k = 0;
    int prev_digit = 0;
    for (const char *c = lab; *c;) {
        if (isdigit((unsigned char)*c)) {
            const char *digits = c;
            errno = 0;
            long v = strtol(c, (char **)&c, 10);
            if (errno == ERANGE) {
                lt_free(t);
                lt_err_set(err, LT_EINPUT, "%s:%ld: unknown element '%s': point %.*s is beyond the group's %d points",
                           where, line, lab, (int)(c - digits < 40 ? c - digits : 40), digits, G->n);
                return -1;
            }
            if (R->origin == 0 && v < LONG_MAX) v++;    /* LONG_MAX (saturated): too large anyway */
            if (prev_digit) t[k++] = ',';
            k += (size_t)snprintf(t + k, 24, "%ld", v);
            prev_digit = 1;
            continue;
        }
        if (*c == ' ' || *c == '\t') { c++; R->spaces = 1; continue; }
        if (*c == ',') { R->spaces = 0; prev_digit = 0; }
        else prev_digit = 0;
        t[k++] = *c++;
    }
    t[k] = '\0';
    char wh[300];
    snprintf(wh, sizeof wh, "%s:%ld", where, line);
    int *pts, np;
    long m = lt_io_cycles(&pts, &np, t, wh, err);
    lt_free(t);
    if (m < 0) {
        if (R->origin == 0 && strstr(err->msg, "points start at 1"))
            lt_err_set(err, LT_EINPUT, "%s:%ld: '%s': a negative point", where, line, lab);
        return -1;
    }
    if (m > G->n) {
        lt_free(pts);
        lt_err_set(err, LT_EINPUT, "%s:%ld: unknown element '%s': point %ld is beyond the group's %d points (numbered from %d)",
                   where, line, lab, m - 1 + R->origin, G->n, R->origin);
        return -1;
    }
    if (R->composition) {
        /* the right factor acts first: reverse the order of the cycles,
           each still ending with its -1 (pts[end - 1] is one) */
        int *rev = lt_malloc(((size_t)np + 1) * sizeof(int));
        int o = 0, end = np;
        while (end > 0) {
            int start = end - 1;
            while (start > 0 && pts[start - 1] >= 0) start--;
            memcpy(rev + o, pts + start, (size_t)(end - start) * sizeof(int));
            o += end - start;
            end = start;
        }
        memcpy(pts, rev, (size_t)np * sizeof(int));
        lt_free(rev);
    }
    int *p = lt_malloc((size_t)G->n * sizeof(int));
    lt_io_cycles_perm(p, G->n, pts, np);
    lt_free(pts);
    long long r = lt_pgrp_rank(G, p);
    if (r < 0) {
        char *s = lt_perm_str_fmt(p, G->n, R->origin, R->spaces ? " " : ",");
        lt_err_set(err, LT_EINPUT, "%s:%ld: unknown element '%s': %s is not in the group", where, line, lab, s);
        lt_free(s);
    }
    lt_free(p);
    return r;
}

/* the rest of the line at p: blank or a comment */
static int line_done(const char *p)
{
    while (*p == ' ' || *p == '\t' || *p == '\r') p++;
    return !*p || *p == '\n' || *p == '#';
}

lt_status lt_io_rep_read(lt_rep_t R, const char *path, lt_pgrp_t G, const lt_ctx_t ctx, lt_err_t err)
{
    lt_rep_clear(R);
    lt_rep_init(R);
    size_t len;
    char *text = lt_io_read_file(path, &len, 1, ctx, err);
    if (!text) return err->status;
    reader_t Rd;
    memset(&Rd, 0, sizeof Rd);
    Rd.E.d = 1;
    int cap = 0;
    long long *sorted = NULL;
    lt_status st = LT_OK;
    const char *p = text;
    long line = 1;
    while (!st) {
        /* blank lines and comments */
        while (*p == ' ' || *p == '\t' || *p == '\r' || *p == '\n' || *p == '#') {
            if (*p == '#') while (*p && *p != '\n') p++;
            else if (*p++ == '\n') line++;
        }
        if (!*p) break;
        const char *eol = strchr(p, '\n');
        if (!eol) eol = p + strlen(p);
        if (*p != '(' && !isdigit((unsigned char)*p)) {
            /* a directive: key, white space, value */
            const char *k = p;
            while (isalpha((unsigned char)*p) || *p == '_') p++;
            size_t kl = (size_t)(p - k);
            while (*p == ' ' || *p == '\t') p++;
            const char *v = p;
            const char *ve = eol;
            while (ve > v && isspace((unsigned char)ve[-1])) ve--;
            const char *hash = memchr(v, '#', (size_t)(ve - v));
            if (hash) { ve = hash; while (ve > v && isspace((unsigned char)ve[-1])) ve--; }
            size_t vl = (size_t)(ve - v);
            if (kl == 0) {
                st = lt_err_set(err, LT_EINPUT, "%s:%ld: expected a directive or 'ELEMENT = [[...]]', not '%.20s'", path, line, k);
                break;
            }
            int known = 1;
            if ((kl == 6 && !strncmp(k, "points", 6)) || (kl == 10 && !strncmp(k, "convention", 10))) {
                if (R->count) {
                    st = lt_err_set(err, LT_EINPUT, "%s:%ld: '%.*s' must come before the first matrix", path, line, (int)kl, k);
                    break;
                }
                if (k[0] == 'p') {
                    if (vl == 1 && (*v == '0' || *v == '1')) R->origin = *v - '0';
                    else st = lt_err_set(err, LT_EINPUT, "%s:%ld: 'points' takes 0 or 1 (the first point's number), not '%.*s'", path, line, (int)vl, v);
                } else {
                    if (vl == 3 && !strncmp(v, "gap", 3)) R->composition = 0;
                    else if (vl == 11 && !strncmp(v, "composition", 11)) R->composition = 1;
                    else st = lt_err_set(err, LT_EINPUT, "%s:%ld: 'convention' takes gap or composition, not '%.*s'", path, line, (int)vl, v);
                }
            } else if (!((kl == 4 && !strncmp(k, "name", 4)) || (kl == 5 && !strncmp(k, "group", 5))
                         || (kl == 11 && !strncmp(k, "description", 11)) || (kl == 6 && !strncmp(k, "source", 6))))
                known = 0;
            if (!known) st = lt_err_set(err, LT_EINPUT, "%s:%ld: unknown directive '%.*s' (name, group, description, source, points, convention)", path, line, (int)kl, k);
            p = eol;
            continue;
        }
        /* ELEMENT = MATRIX */
        const char *eq = memchr(p, '=', (size_t)(eol - p));
        if (!eq) { st = lt_err_set(err, LT_EINPUT, "%s:%ld: expected 'ELEMENT = [[...]]'", path, line); break; }
        const char *le = eq;
        while (le > p && isspace((unsigned char)le[-1])) le--;
        char *lab = lt_malloc((size_t)(le - p) + 1);
        memcpy(lab, p, (size_t)(le - p));
        lab[le - p] = '\0';
        long long r = parse_label(R, lab, G, &sorted, path, line, ctx, err);
        if (r < 0) { lt_free(lab); st = err->status; break; }
        for (int i = 0; i < R->count; i++)
            if (R->elt[i] == r) {
                st = lt_err_set(err, LT_EINPUT, "%s:%ld: '%s' is the element '%s' of line %ld: assigned twice", path, line, lab, R->label[i], R->line[i]);
                break;
            }
        if (st) { lt_free(lab); break; }
        long mline = line;
        slong rows, cols;
        p = eq + 1;
        Rd.E.line = line;
        st = lt_free_scan_matrix(&rows, &cols, &p, &line, path, lab,
                                 "integer, p/q, decimal, sqrtD, + - * / and parentheses", read_entry, &Rd, ctx, err);
        if (st) {
            if (Rd.E.msg[0] && err->status == LT_EINPUT) {
                size_t k = 0;
                while (Rd.E.at[k] && !strchr(",]\n", Rd.E.at[k]) && k < 20) k++;
                lt_err_set(err, LT_EINPUT, "%s:%ld: an entry of '%s' at '%.*s': %s", path, line, lab,
                           (int)k, Rd.E.at, Rd.E.msg);
            }
            lt_free(lab);
            break;
        }
        if (rows != cols)
            st = lt_err_set(err, LT_EINPUT, "%s:%ld: the matrix of '%s' is %ld x %ld, not square", path, mline, lab, (long)rows, (long)cols);
        else if (R->count && rows != R->n)
            st = lt_err_set(err, LT_EINPUT, "%s:%ld: the matrix of '%s' is %ld x %ld, but that of '%s' (line %ld) is %ld x %ld",
                            path, mline, lab, (long)rows, (long)rows, R->label[0], R->line[0], (long)R->n, (long)R->n);
        else if (!line_done(p))
            st = lt_err_set(err, LT_EINPUT, "%s:%ld: unexpected '%.20s' after the matrix of '%s'", path, line, p, lab);
        if (st) { lt_free(lab); break; }
        if (R->count == cap) {
            cap = cap ? 2 * cap : 8;
            R->label = lt_realloc(R->label, (size_t)cap * sizeof *R->label);
            R->line = lt_realloc(R->line, (size_t)cap * sizeof *R->line);
            R->elt = lt_realloc(R->elt, (size_t)cap * sizeof *R->elt);
        }
        R->n = rows;
        R->label[R->count] = lab;
        R->line[R->count] = mline;
        R->elt[R->count] = r;
        R->count++;
        Rd.len += rows * cols;
    }
    if (!st && R->count == 0) st = lt_err_set(err, LT_EINPUT, "%s: no matrices (lines 'ELEMENT = [[...]]')", path);
    if (!st) {
        slong m = Rd.len;
        R->a = _fmpq_vec_init(m);
        R->b = _fmpq_vec_init(m);
        R->x = lt_malloc((size_t)m * sizeof(double));
        double s = sqrt((double)Rd.E.d);
        for (slong i = 0; i < m; i++) {
            fmpq_swap(R->a + i, Rd.a + i);
            fmpq_swap(R->b + i, Rd.b + i);
            R->x[i] = fmpq_get_d(R->a + i) + fmpq_get_d(R->b + i) * s;
        }
        R->d = Rd.E.d;
        R->exact = !Rd.E.decimal;
    }
    if (Rd.a) { _fmpq_vec_clear(Rd.a, Rd.cap); _fmpq_vec_clear(Rd.b, Rd.cap); }
    lt_free(sorted);
    lt_free(text);
    if (st) {
        /* drop what was read; the entries were never moved */
        for (int i = 0; i < R->count; i++) lt_free(R->label[i]);
        lt_free(R->label); lt_free(R->line); lt_free(R->elt);
        lt_rep_init(R);
    }
    return st;
}
