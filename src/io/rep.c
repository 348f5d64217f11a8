/* Matrix representations of permutation groups: representation files
   (lietool-formats(5), REPRESENTATION FILES) and the homomorphism check.

   The check extends the assignment s -> M_s of the assigned elements along
   the Cayley graph of the group, breadth first from the identity:
   rho(x s) = rho(x) M_s for the first edge that reaches an element, and
   every other edge x s = y is the relation rho(x) M_s = rho(y). By von
   Dyck's theorem the assignment extends to a homomorphism exactly when all
   these relations hold, since the edges of the Cayley graph give a
   presentation of the group on the assigned elements (the Schreier
   relations of the trivial subgroup: Holt, Eick, O'Brien, Handbook of
   Computational Group Theory, 2005, section 2.4). Before its edges are
   tried, each new element y is checked against the relation y^ord(y) = 1,
   the clearest witness when an element's image has the wrong order.

   Entries are exact in Q(sqrt d) (one square root per file, FLINT fmpq for
   the rational parts), or, when a file has a decimal, doubles compared
   within a relative tolerance. */
#include <ctype.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <flint/fmpq.h>
#include "lietool/io.h"
#include "lietool/free.h"
#include "impl.h"

/* ------------------------------------------------------------- numbers */

/* a + b sqrt(d) */
typedef struct { fmpq_t a, b; } qs_t;

static void qs_init(qs_t *x) { fmpq_init(x->a); fmpq_init(x->b); }
static void qs_clear(qs_t *x) { fmpq_clear(x->a); fmpq_clear(x->b); }

/* x = x * y in Q(sqrt d) */
static void qs_mul(qs_t *x, const qs_t *y, long d)
{
    fmpq_t t, u;
    fmpq_init(t); fmpq_init(u);
    fmpq_mul(t, x->a, y->a);
    fmpq_mul(u, x->b, y->b);
    fmpq_mul_si(u, u, d);
    fmpq_add(t, t, u);                  /* a a' + d b b' */
    fmpq_mul(u, x->a, y->b);
    fmpq_mul(x->b, x->b, y->a);
    fmpq_add(x->b, x->b, u);            /* a b' + b a' */
    fmpq_swap(x->a, t);
    fmpq_clear(t); fmpq_clear(u);
}

/* x = 1/x; 0 when x = 0 */
static int qs_inv(qs_t *x, long d)
{
    fmpq_t n, t;
    fmpq_init(n); fmpq_init(t);
    fmpq_mul(n, x->a, x->a);
    fmpq_mul(t, x->b, x->b);
    fmpq_mul_si(t, t, d);
    fmpq_sub(n, n, t);                  /* a^2 - d b^2, zero only for x = 0 (d not a square) */
    int ok = !fmpq_is_zero(n);
    if (ok) {
        fmpq_div(x->a, x->a, n);
        fmpq_div(x->b, x->b, n);
        fmpq_neg(x->b, x->b);
    }
    fmpq_clear(n); fmpq_clear(t);
    return ok;
}

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

static int ex_sum(expr_t *E, qs_t *v);

/* squarefree part of d and the square root of the rest: d = s^2 f */
static long squarefree(long d, long *s)
{
    *s = 1;
    for (long q = 2; q * q <= d; q++)
        while (d % (q * q) == 0) { d /= q * q; *s *= q; }
    return d;
}

static int ex_value(expr_t *E, qs_t *v);

/* Signs, then a value; the signs are counted rather than recursed on, so
   that no run of them can exhaust the stack. */
static int ex_atom(expr_t *E, qs_t *v)
{
    int neg = 0;
    for (ex_skip(E); *E->p == '-' || *E->p == '+'; ex_skip(E)) neg ^= *E->p++ == '-';
    if (!ex_value(E, v)) return 0;
    if (neg) { fmpq_neg(v->a, v->a); fmpq_neg(v->b, v->b); }
    return 1;
}

static int ex_value(expr_t *E, qs_t *v)
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
        while (isdigit((unsigned char)*q) && d < 100000000) d = 10 * d + (*q++ - '0');
        if (paren && *q++ != ')') { snprintf(E->msg, sizeof E->msg, "missing ')' after sqrt("); return 0; }
        if (d == 0 || d >= 100000000) { snprintf(E->msg, sizeof E->msg, "sqrt needs an integer from 1 to 99999999"); return 0; }
        E->p = q;
        long s, f = squarefree(d, &s);
        fmpq_zero(v->a); fmpq_zero(v->b);
        if (f == 1) { fmpz_set_si(fmpq_numref(v->a), s); fmpz_one(fmpq_denref(v->a)); return 1; }
        if (E->d != 1 && E->d != f) {
            snprintf(E->msg, sizeof E->msg, "a second square root, sqrt%ld (sqrt%ld on line %ld): one per file", d, E->d, E->dline);
            return 0;
        }
        if (E->d == 1) { E->d = f; E->dline = E->line; }
        fmpz_set_si(fmpq_numref(v->b), s);
        fmpz_one(fmpq_denref(v->b));
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

static int ex_prod(expr_t *E, qs_t *v)
{
    if (!ex_atom(E, v)) return 0;
    for (;;) {
        ex_skip(E);
        char op = *E->p;
        if (op != '*' && op != '/') return 1;
        E->p++;
        qs_t w;
        qs_init(&w);
        int ok = ex_atom(E, &w);
        if (ok && op == '/' && !qs_inv(&w, E->d)) { snprintf(E->msg, sizeof E->msg, "division by zero"); ok = 0; }
        if (ok) qs_mul(v, &w, E->d);
        qs_clear(&w);
        if (!ok) return 0;
    }
}

static int ex_sum(expr_t *E, qs_t *v)
{
    if (!ex_prod(E, v)) return 0;
    for (;;) {
        ex_skip(E);
        char op = *E->p;
        if (op != '+' && op != '-') return 1;
        E->p++;
        qs_t w;
        qs_init(&w);
        int ok = ex_prod(E, &w);
        if (ok) {
            if (op == '+') { fmpq_add(v->a, v->a, w.a); fmpq_add(v->b, v->b, w.b); }
            else { fmpq_sub(v->a, v->a, w.a); fmpq_sub(v->b, v->b, w.b); }
        }
        qs_clear(&w);
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
    qs_t v;
    qs_init(&v);
    Rd->E.p = text;
    Rd->E.msg[0] = '\0';
    Rd->E.depth = 0;
    int ok = ex_sum(&Rd->E, &v);
    if (!ok) Rd->E.at = Rd->E.p;
    if (ok) {
        fmpq_swap(Rd->a + i, v.a);
        fmpq_swap(Rd->b + i, v.b);
        *end = Rd->E.p;
    }
    qs_clear(&v);
    return ok;
}

void lt_rep_init(lt_rep_t R)
{
    memset(R, 0, sizeof *R);
    R->d = 1;
    R->origin = 1;
}

void lt_rep_clear(lt_rep_t R)
{
    for (int i = 0; i < R->count; i++) lt_free(R->label[i]);
    lt_free(R->label); lt_free(R->line); lt_free(R->elt);
    slong m = (slong)R->count * R->n * R->n;
    if (R->a) { _fmpq_vec_clear(R->a, m); _fmpq_vec_clear(R->b, m); }
    lt_free(R->x);
    lt_rep_init(R);
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
        long long idx = strtoll(lab, &e, 10);
        if (*e) { lt_err_set(err, LT_EINPUT, "%s:%ld: '%s' is neither an index nor a permutation in cycle notation", where, line, lab); return -1; }
        if (mpz_cmp_ui(G->order, (unsigned long)ctx->max_enum) > 0) {
            lt_err_set(err, LT_ELIMIT, "%s:%ld: element indices need the elements sorted, and the group has more than --max-enum %ld", where, line, ctx->max_enum);
            return -1;
        }
        if (mpz_cmp_si(G->order, idx) <= 0) {
            lt_err_set(err, LT_EINPUT, "%s:%ld: unknown element: index %lld, but the group has %lu elements (0 to %lu)",
                       where, line, idx, mpz_get_ui(G->order), mpz_get_ui(G->order) - 1);
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
            long v = strtol(c, (char **)&c, 10);
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
    size_t len;
    char *text = lt_io_read_file_(path, &len, 1, ctx, err);
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

/* ------------------------------------------------------------ the check */

/* Matrices in numbered slots: exact (a + b sqrt d) or doubles. */
typedef struct {
    int exact;
    slong n, nn;
    long d;
    double tol;
    slong len, cap;
    fmpq *a, *b;
    double *x;
    fmpq_t t, u;            /* scratch */
} mstore;

static void ms_init(mstore *M, const lt_rep_t R, double tol)
{
    memset(M, 0, sizeof *M);
    M->exact = R->exact;
    M->n = R->n;
    M->nn = R->n * R->n;
    M->d = R->d;
    M->tol = tol;
    fmpq_init(M->t); fmpq_init(M->u);
}

static void ms_clear(mstore *M)
{
    if (M->a) { _fmpq_vec_clear(M->a, M->cap * M->nn); _fmpq_vec_clear(M->b, M->cap * M->nn); }
    lt_free(M->x);
    fmpq_clear(M->t); fmpq_clear(M->u);
}

static slong ms_new(mstore *M)
{
    if (M->len == M->cap) {
        slong cap = 2 * M->cap + 16;
        if (M->exact) {
            fmpq *a = _fmpq_vec_init(cap * M->nn), *b = _fmpq_vec_init(cap * M->nn);
            for (slong i = 0; i < M->len * M->nn; i++) { fmpq_swap(a + i, M->a + i); fmpq_swap(b + i, M->b + i); }
            if (M->a) { _fmpq_vec_clear(M->a, M->cap * M->nn); _fmpq_vec_clear(M->b, M->cap * M->nn); }
            M->a = a; M->b = b;
        } else M->x = lt_realloc(M->x, (size_t)(cap * M->nn) * sizeof(double));
        M->cap = cap;
    }
    return M->len++;
}

/* slot r = the assignment's matrix i */
static void ms_set_given(mstore *M, slong r, const lt_rep_t R, int i)
{
    for (slong e = 0; e < M->nn; e++) {
        if (M->exact) {
            fmpq_set(M->a + r * M->nn + e, R->a + i * M->nn + e);
            fmpq_set(M->b + r * M->nn + e, R->b + i * M->nn + e);
        } else M->x[r * M->nn + e] = R->x[i * M->nn + e];
    }
}

static void ms_set_one(mstore *M, slong r)
{
    for (slong i = 0; i < M->n; i++)
        for (slong j = 0; j < M->n; j++) {
            slong e = r * M->nn + i * M->n + j;
            if (M->exact) { fmpq_set_si(M->a + e, i == j, 1); fmpq_zero(M->b + e); }
            else M->x[e] = i == j;
        }
}

/* slot r = p q (r differs from p and q) */
static void ms_mul(mstore *M, slong r, slong p, slong q)
{
    slong n = M->n;
    for (slong i = 0; i < n; i++)
        for (slong j = 0; j < n; j++) {
            slong e = r * M->nn + i * n + j;
            if (M->exact) {
                fmpq *ra = M->a + e, *rb = M->b + e;
                fmpq_zero(ra); fmpq_zero(rb);
                for (slong k = 0; k < n; k++) {
                    const fmpq *xa = M->a + p * M->nn + i * n + k, *xb = M->b + p * M->nn + i * n + k;
                    const fmpq *ya = M->a + q * M->nn + k * n + j, *yb = M->b + q * M->nn + k * n + j;
                    fmpq_addmul(ra, xa, ya);
                    if (!fmpq_is_zero(xb) && !fmpq_is_zero(yb)) {
                        fmpq_mul(M->t, xb, yb);
                        fmpq_mul_si(M->t, M->t, M->d);
                        fmpq_add(ra, ra, M->t);
                    }
                    fmpq_addmul(rb, xa, yb);
                    fmpq_addmul(rb, xb, ya);
                }
            } else {
                double s = 0;
                for (slong k = 0; k < n; k++) s += M->x[p * M->nn + i * n + k] * M->x[q * M->nn + k * n + j];
                M->x[e] = s;
            }
        }
}

static int ms_eq(const mstore *M, slong p, slong q)
{
    if (M->exact) {
        for (slong e = 0; e < M->nn; e++)
            if (!fmpq_equal(M->a + p * M->nn + e, M->a + q * M->nn + e)
                || !fmpq_equal(M->b + p * M->nn + e, M->b + q * M->nn + e)) return 0;
        return 1;
    }
    double scale = 1;
    for (slong e = 0; e < M->nn; e++) {
        double u = fabs(M->x[p * M->nn + e]), v = fabs(M->x[q * M->nn + e]);
        if (u > scale) scale = u;
        if (v > scale) scale = v;
    }
    /* an overflowed (infinite) entry would make every difference "within
       tol x scale": such a matrix equals none */
    if (!(scale < HUGE_VAL)) return 0;
    for (slong e = 0; e < M->nn; e++)
        if (!(fabs(M->x[p * M->nn + e] - M->x[q * M->nn + e]) <= M->tol * scale)) return 0;
    return 1;
}

/* a real number that equal matrices share (up to the tolerance) */
static double ms_key(const mstore *M, slong p)
{
    double s = 0, r = sqrt((double)M->d);
    for (slong e = 0; e < M->nn; e++) {
        double v = M->exact ? fmpq_get_d(M->a + p * M->nn + e) + fmpq_get_d(M->b + p * M->nn + e) * r
                            : M->x[p * M->nn + e];
        s += v * (1.0 + 0.6180339887 * (double)((e * 7 + 3) % 11));
    }
    return s;
}

/* 1 if exact slot p cannot have finite order: a matrix of finite order has
   eigenvalues on the unit circle, so |trace| <= n, and so has its Galois
   conjugate (sqrt d -> -sqrt d); thus trace a + b sqrt d has |a| <= n and
   b^2 d <= n^2; and the trace, a sum of roots of unity, is an algebraic
   integer of Q(sqrt d) (d squarefree), so 2a and 2b are integers. Stops
   ms_order before the entries grow for ~limit steps. */
static int ms_infinite(mstore *M, slong p)
{
    if (!M->exact) return 0;
    fmpq_zero(M->t); fmpq_zero(M->u);
    for (slong i = 0; i < M->n; i++) {
        fmpq_add(M->t, M->t, M->a + p * M->nn + i * M->n + i);
        fmpq_add(M->u, M->u, M->b + p * M->nn + i * M->n + i);
    }
    if (fmpz_cmp_ui(fmpq_denref(M->t), 2) > 0 || fmpz_cmp_ui(fmpq_denref(M->u), 2) > 0) return 1;
    fmpq_abs(M->t, M->t);
    fmpq_mul(M->u, M->u, M->u);
    fmpq_mul_si(M->u, M->u, M->d);
    return fmpq_cmp_si(M->t, M->n) > 0 || fmpq_cmp_si(M->u, M->n * M->n) > 0;
}

/* The order of slot p: the least k <= limit with p^k = 1, or -1. Uses three
   scratch slots after len. */
static long ms_order(mstore *M, slong p, long limit)
{
    slong one = ms_new(M), acc = ms_new(M), tmp = ms_new(M);
    ms_set_one(M, one);
    ms_set_one(M, acc);
    long k = -1;
    for (long i = 1; i <= limit; i++) {
        ms_mul(M, tmp, acc, p);
        slong t = acc; acc = tmp; tmp = t;
        if (ms_eq(M, acc, one)) { k = i; break; }
        if (ms_infinite(M, acc)) break;
    }
    M->len -= 3;
    return k;
}

/* 1 if slot p to the power e is the identity (square and multiply). */
static int ms_pow_is_one(mstore *M, slong p, long e)
{
    slong one = ms_new(M), acc = ms_new(M), sq = ms_new(M), tmp = ms_new(M);
    ms_set_one(M, one);
    ms_set_one(M, acc);
    ms_mul(M, sq, p, one);
    for (; e > 0; e >>= 1) {
        if (e & 1) { ms_mul(M, tmp, acc, sq); slong t = acc; acc = tmp; tmp = t; }
        if (e > 1) { ms_mul(M, tmp, sq, sq); slong t = sq; sq = tmp; tmp = t; }
    }
    int r = ms_eq(M, acc, one);
    M->len -= 4;
    return r;
}

void lt_rep_check_init(lt_rep_check_t C)
{
    memset(C, 0, sizeof *C);
}

void lt_rep_check_clear(lt_rep_check_t C)
{
    lt_free(C->relation);
    lt_free(C->element);
    lt_free(C->word);
    lt_rep_check_init(C);
}

/* The word of element x along the tree (generators' labels, in the file's
   convention), appended to buf. */
static void put_word(char **buf, size_t *len, size_t *cap, const lt_rep_t R,
                     const long long *parent, const int *pgen, long long x, int extra)
{
    int m = 0, *seq = NULL;
    for (long long y = x; y != 0; y = parent[y]) m++;
    seq = lt_malloc(((size_t)m + 2) * sizeof(int));
    int k = m;
    for (long long y = x; y != 0; y = parent[y]) seq[--k] = pgen[y];
    if (extra >= 0) seq[m++] = extra;
    if (R->composition)
        for (int i = 0; i < m / 2; i++) { int t = seq[i]; seq[i] = seq[m - 1 - i]; seq[m - 1 - i] = t; }
    int star = 0;
    for (int i = 0; i < R->count; i++) star |= R->label[i][0] != '(';
    if (m == 0) {
        const char *id = "()";
        size_t l = strlen(id);
        if (*len + l + 1 > *cap) { *cap = 2 * (*cap + l + 1); *buf = lt_realloc(*buf, *cap); }
        memcpy(*buf + *len, id, l + 1);
        *len += l;
    }
    for (int i = 0; i < m;) {
        int j = i;
        while (j < m && seq[j] == seq[i]) j++;
        char pw[32] = "";
        if (j - i > 1) snprintf(pw, sizeof pw, "^%d", j - i);
        const char *lab = R->label[seq[i]];
        size_t l = strlen(lab) + strlen(pw) + 4;
        if (*len + l + 1 > *cap) { *cap = 2 * (*cap + l + 1); *buf = lt_realloc(*buf, *cap); }
        *len += (size_t)sprintf(*buf + *len, "%s%s%s", i && star ? "*" : "", lab, pw);
        i = j;
    }
    lt_free(seq);
}

static char *word_str(const lt_rep_t R, const long long *parent, const int *pgen, long long x, int extra)
{
    size_t len = 0, cap = 64;
    char *b = lt_malloc(cap);
    b[0] = '\0';
    put_word(&b, &len, &cap, R, parent, pgen, x, extra);
    return b;
}

/* the number of factors of x's word (plus one for extra >= 0) */
static int word_len(const long long *parent, long long x)
{
    int m = 0;
    for (long long y = x; y != 0; y = parent[y]) m++;
    return m;
}

static long perm_order(const int *p, int n)
{
    mpz_t o;
    mpz_init(o);
    lt_perm_order(o, p, n);
    long r = mpz_fits_slong_p(o) ? mpz_get_si(o) : -1;
    mpz_clear(o);
    return r;
}

/* The bucket of a key scaled by res: floor, clamped to +-2^62 so that the
   conversion is defined and b +- 1 cannot overflow (huge, infinite or NaN
   entries share the end buckets; ms_eq still decides equality). */
static long long ms_bucket(double v)
{
    v = floor(v);
    if (v >= 0x1p62) return 1LL << 62;
    if (!(v > -0x1p62)) return -(1LL << 62);
    return (long long)v;
}

/* The number of matrices the assigned matrices (slots 0..k-1) generate,
   up to limit (-1 beyond): a closure, breadth first, looking matrices up
   in buckets of ms_key (the neighbouring buckets too, so that matrices
   equal within the tolerance are found across a bucket boundary). */
static long long generated(mstore *M, const lt_rep_t R, long long limit)
{
    int k = R->count;
    slong base = M->len;
    slong nb = 1;
    while (nb < 4 * limit) nb *= 2;
    slong *head = lt_malloc((size_t)nb * sizeof(slong));
    slong *next = lt_malloc(((size_t)limit + 2) * sizeof(slong));
    long long *bkt = lt_malloc(((size_t)limit + 2) * sizeof(long long));
    for (slong i = 0; i < nb; i++) head[i] = -1;
    double res = M->exact ? 1e6 : 0.1 / (M->tol > 1e-12 ? M->tol : 1e-12);
    if (res > 1e6) res = 1e6;
    long long count = 0, h = 0;
    int over = 0;
    slong cur = ms_new(M);              /* always base + count */
    ms_set_one(M, cur);
    for (;;) {
        long long b = ms_bucket(ms_key(M, cur) * res);
        int seen = 0;
        for (long long bb = b - 1; bb <= b + 1 && !seen; bb++) {
            size_t hb = (size_t)(((unsigned long long)bb * 0x9E3779B97F4A7C15ULL) >> 20) & (size_t)(nb - 1);
            for (slong s = head[hb]; s >= 0 && !seen; s = next[s])
                seen = bkt[s] == bb && ms_eq(M, base + s, cur);
        }
        if (!seen) {
            if (count == limit) { over = 1; break; }
            size_t hb = (size_t)(((unsigned long long)b * 0x9E3779B97F4A7C15ULL) >> 20) & (size_t)(nb - 1);
            bkt[count] = b;
            next[count] = head[hb];
            head[hb] = (slong)count;
            count++;
            cur = ms_new(M);
        }
        if (h >= count * k) break;
        long long x = h / k;
        int g = (int)(h % k);
        h++;
        ms_mul(M, cur, base + (slong)x, g);
    }
    M->len = base;
    lt_free(head); lt_free(next); lt_free(bkt);
    return over ? -1 : count;
}

lt_status lt_rep_check(lt_rep_check_t C, const lt_rep_t R, lt_pgrp_t G, double tol,
                       const lt_ctx_t ctx, lt_err_t err)
{
    lt_rep_check_clear(C);
    if (mpz_cmp_ui(G->order, (unsigned long)ctx->max_enum) > 0)
        return lt_err_set(err, LT_ELIMIT, "the check enumerates the group's elements: order above --max-enum %ld", ctx->max_enum);
    long long N = (long long)mpz_get_ui(G->order);
    int n = G->n, k = R->count;
    mstore M;
    ms_init(&M, R, tol);
    long long *slot = lt_malloc((size_t)N * sizeof(long long));
    long long *parent = lt_malloc((size_t)N * sizeof(long long));
    int *pgen = lt_malloc((size_t)N * sizeof(int));
    long long *queue = lt_malloc((size_t)N * sizeof(long long));
    for (long long r = 0; r < N; r++) slot[r] = -1;
    int **gp = lt_malloc((size_t)k * sizeof(int *));
    for (int i = 0; i < k; i++) {
        gp[i] = lt_malloc((size_t)n * sizeof(int));
        lt_pgrp_unrank(gp[i], G, R->elt[i]);
    }
    /* the given matrices in slots 0..k-1, the identity's image in slot k */
    for (int i = 0; i < k; i++) ms_set_given(&M, ms_new(&M), R, i);
    slot[0] = ms_new(&M);
    ms_set_one(&M, slot[0]);
    parent[0] = 0;
    pgen[0] = -1;
    int *x = lt_malloc((size_t)n * sizeof(int)), *y = lt_malloc((size_t)n * sizeof(int));
    long long head = 0, tail = 0;
    queue[tail++] = 0;
    int failed = 0;
    slong cand = ms_new(&M);
    while (head < tail && !failed) {
        long long xr = queue[head++];
        lt_pgrp_unrank(x, G, xr);
        for (int i = 0; i < k && !failed; i++) {
            lt_perm_mul(y, x, gp[i], n);
            long long yr = lt_pgrp_rank(G, y);
            ms_mul(&M, cand, slot[xr], i);
            if (slot[yr] < 0) {
                slot[yr] = cand;
                parent[yr] = xr;
                pgen[yr] = i;
                queue[tail++] = yr;
                cand = ms_new(&M);
                long o = perm_order(y, n);
                if (o > 0 && !ms_pow_is_one(&M, slot[yr], o)) {
                    failed = 1;
                    C->kind = LT_REP_ORDER;
                    C->element_order = o;
                    long lim = 4 * o > 1000 ? 4 * o : 1000;
                    C->image_order = ms_order(&M, slot[yr], lim);
                    C->image_order_limit = lim;
                    char *w = word_str(R, parent, pgen, yr, -1);
                    C->word = w;
                    C->single = word_len(parent, yr) == 1;
                    C->element = lt_perm_str_fmt(y, n, R->origin, R->spaces ? " " : ",");
                    size_t l = strlen(w) + 64;
                    C->relation = lt_malloc(l);
                    snprintf(C->relation, l, C->single ? "%s^%ld = ()" : "(%s)^%ld = ()", w, o);
                }
            } else if (!ms_eq(&M, cand, slot[yr])) {
                failed = 1;
                C->kind = LT_REP_EDGE;
                char *u = word_str(R, parent, pgen, xr, i), *v = word_str(R, parent, pgen, yr, -1);
                size_t l = strlen(u) + strlen(v) + 8;
                C->relation = lt_malloc(l);
                snprintf(C->relation, l, "%s = %s", u, v);
                C->word = u;
                lt_free(v);
                C->element = lt_perm_str_fmt(y, n, R->origin, R->spaces ? " " : ",");
            }
        }
    }
    C->order = N;
    if (!failed && tail < N) {
        failed = 1;
        C->kind = LT_REP_SUBGROUP;
        C->subgroup_order = tail;
    }
    C->homomorphism = !failed;
    if (!failed) {
        long long ker = 0;
        slong one = ms_new(&M);
        ms_set_one(&M, one);
        for (long long r = 0; r < N; r++) ker += ms_eq(&M, slot[r], one);
        C->kernel = ker;
        C->distinct = N / ker;
    } else {
        /* how many matrices the assigned ones generate; the exact slots
           are no longer needed */
        M.len = k;
        long long lim = 4 * N > 64 ? 4 * N : 64;
        C->generated_limit = lim;
        C->generated = generated(&M, R, lim);
    }
    lt_free(x); lt_free(y);
    for (int i = 0; i < k; i++) lt_free(gp[i]);
    lt_free(gp);
    lt_free(slot); lt_free(parent); lt_free(pgen); lt_free(queue);
    ms_clear(&M);
    return LT_OK;
}
