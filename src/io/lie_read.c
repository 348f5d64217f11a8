/* Lie algebra objects (the grammar of lietool(1); formats in lietool-formats(5)):
   rational matrices, GAP's LieAlgebra(Rationals, [...]), the names of the
   matrix families (built by src/liealg/named.c) and of the free nilpotent
   Lie algebras fnil(r,c) (src/free/nilpotent.c), .lie files, and GAP's
   structure-constants tables. Tables given as numbers (.lie bracket lines,
   GAP tables) go through lt_liealg_from_table, which checks antisymmetry
   and the Jacobi identity. */
#include <ctype.h>
#include <dirent.h>
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <flint/fmpz.h>
#include <flint/fmpq.h>
#include <flint/fmpq_mat.h>
#include "lietool/io.h"
#include "lietool/free.h"
#include "impl.h"

/* ------------------------------------------------------------------ text */

/* Skips white space; with gap set also GAP's '#' comments and the
   backslash-newline that GAP's Print puts into long lines. */
static const char *skip(const char *p, int gap)
{
    for (;;) {
        if (isspace((unsigned char)*p)) p++;
        else if (gap && *p == '#') { while (*p && *p != '\n') p++; }
        else if (gap && p[0] == '\\' && p[1] == '\n') p += 2;
        else if (gap && p[0] == '\\' && p[1] == '\r' && p[2] == '\n') p += 3;
        else return p;
    }
}

/* "'text'" (up to 24 characters of the token at p) or "end of input". */
static const char *show(char *buf, size_t size, const char *p)
{
    if (!*p) { snprintf(buf, size, "end of input"); return buf; }
    size_t k = 0;
    while (p[k] && !isspace((unsigned char)p[k]) && k < 24 && (k == 0 || !strchr(",[]()", p[k]))) k++;
    snprintf(buf, size, "'%.*s%s'", (int)k, p, k == 24 ? "..." : "");
    return buf;
}

/* A quoted form of a possibly long, multi-line object for messages. */
static void quote_spec(char *out, size_t size, const char *spec)
{
    size_t k = 0, i = 0;
    int space = 0;
    for (; spec[i] && k + 4 < size && k < 60; i++) {
        if (isspace((unsigned char)spec[i])) { space = 1; continue; }
        if (space && k) out[k++] = ' ';
        space = 0;
        out[k++] = spec[i];
    }
    while (spec[i] && isspace((unsigned char)spec[i])) i++;
    if (spec[i]) { out[k++] = '.'; out[k++] = '.'; out[k++] = '.'; }
    out[k] = '\0';
}

/* "entry" or "entries" */
#define PL(n, one, many) ((n) == 1 ? (one) : (many))

/* x as text in buf, or "a large number" when it does not fit. */
static const char *qstr(char *buf, size_t size, const fmpq_t x)
{
    if (fmpz_sizeinbase(fmpq_numref(x), 10) + fmpz_sizeinbase(fmpq_denref(x), 10) + 3 > size)
        snprintf(buf, size, "a large number");
    else fmpq_get_str(buf, 10, x);
    return buf;
}

/* Reads decimal digits at p into z (GAP's backslash-newline may split them
   when gap is set); returns the end. */
static const char *digits(fmpz_t z, const char *p, int gap)
{
    size_t cap = 32, n = 0;
    char *buf = lt_malloc(cap);
    for (;;) {
        if (isdigit((unsigned char)*p)) {
            if (n + 2 > cap) { cap *= 2; buf = lt_realloc(buf, cap); }
            buf[n++] = *p++;
        } else if (gap && p[0] == '\\' && p[1] == '\n' && isdigit((unsigned char)p[2])) p += 2;
        else break;
    }
    buf[n] = '\0';
    fmpz_set_str(z, buf, 10);
    lt_free(buf);
    return p;
}

/* The message for a decimal number starting at s (sign included). */
static lt_status decimal_error(const char *s, const char *what, lt_err_t err)
{
    size_t k = 0;
    if (s[k] == '-' || s[k] == '+') k++;
    size_t i0 = k;
    while (isdigit((unsigned char)s[k])) k++;
    int plain = s[k] == '.';
    size_t frac = 0;
    if (plain) { k++; while (isdigit((unsigned char)s[k + frac])) frac++; k += frac; }
    if (s[k] == 'e' || s[k] == 'E') {
        plain = 0;
        k++;
        if (s[k] == '-' || s[k] == '+') k++;
        while (isdigit((unsigned char)s[k])) k++;
    }
    if (plain && k < 60 && k > i0 + 1) {
        char num[64];
        size_t m = 0;
        if (s[0] == '-') num[m++] = '-';
        for (size_t i = i0; i < k; i++) if (isdigit((unsigned char)s[i])) num[m++] = s[i];
        num[m] = '\0';
        fmpz_t a, b;
        fmpq_t q;
        fmpz_init(a); fmpz_init(b); fmpq_init(q);
        fmpz_set_str(a, num, 10);
        fmpz_set_ui(b, 10);
        fmpz_pow_ui(b, b, frac);
        fmpq_set_fmpz_frac(q, a, b);
        char *str = fmpq_get_str(NULL, 10, q);
        lt_err_set(err, LT_EINPUT, "%s: '%.*s' is a decimal; write it as the fraction %s", what, (int)k, s, str);
        flint_free(str);
        fmpz_clear(a); fmpz_clear(b); fmpq_clear(q);
        return LT_EINPUT;
    }
    return lt_err_set(err, LT_EINPUT, "%s: '%.*s' is a decimal; entries are integers or fractions p/q",
                      what, (int)(k < 40 ? k : 40), s);
}

/* Reads an integer or a fraction p/q (q > 0) at *pp, normalised: an
   optional sign, white space allowed after the sign and around '/'. `what`
   names the place in messages. gap: 1 allows GAP's white space; 2 also
   accepts decimals (read exactly). */
static lt_status read_rat(fmpq_t x, const char **pp, int gap, const char *what, lt_err_t err)
{
    const char *s = *pp, *p = s;
    if (gap & 2) {               /* decimals allowed (the --float path), read exactly */
        const char *e;
        if (lt_free_read_q(x, s, &e)) { *pp = e; return LT_OK; }
    }
    gap &= 1;
    char b[48];
    int neg = 0;
    if (*p == '-' || *p == '+') { neg = *p == '-'; p = skip(p + 1, gap); }
    if (!isdigit((unsigned char)*p)) {
        if (*p == '.' && isdigit((unsigned char)p[1])) return decimal_error(s, what, err);
        return lt_err_set(err, LT_EINPUT, "%s: expected a number, found %s", what, show(b, sizeof b, p));
    }
    fmpz_t num, den;
    fmpz_init(num);
    fmpz_init_set_ui(den, 1);
    p = digits(num, p, gap);
    lt_status st = LT_OK;
    if (*p == '.' || *p == 'e' || *p == 'E') st = decimal_error(s, what, err);
    else {
        const char *q = skip(p, gap);
        if (*q == '/') {
            q = skip(q + 1, gap);
            if (*q == '-' || *q == '+') {
                const char *e = skip(q + 1, gap);
                while (isdigit((unsigned char)*e)) e++;
                st = lt_err_set(err, LT_EINPUT, "%s: the denominator in '%.*s' must be a positive integer without sign",
                                what, (int)(e - s < 40 ? e - s : 40), s);
            }
            else if (!isdigit((unsigned char)*q))
                st = lt_err_set(err, LT_EINPUT, "%s: expected a denominator after '/', found %s", what, show(b, sizeof b, q));
            else {
                p = digits(den, q, gap);
                if (*p == '.' || *p == 'e' || *p == 'E')
                    st = lt_err_set(err, LT_EINPUT, "%s: the denominator in '%.*s' is a decimal; entries are integers or fractions p/q",
                                    what, (int)(p - s + 4 < 40 ? p - s + 4 : 40), s);
                else if (fmpz_is_zero(den))
                    st = lt_err_set(err, LT_EINPUT, "%s: division by zero in '%.*s'", what, (int)(p - s < 40 ? p - s : 40), s);
            }
        }
    }
    if (!st) {
        if (neg) fmpz_neg(num, num);
        fmpq_set_fmpz_frac(x, num, den);
        *pp = p;
    }
    fmpz_clear(num);
    fmpz_clear(den);
    return st;
}

/* A growable vector of rationals. */
typedef struct { fmpq *v; slong n, alloc; } qbuf;

static void qbuf_init(qbuf *B) { B->n = 0; B->alloc = 16; B->v = _fmpq_vec_init(B->alloc); }
static void qbuf_clear(qbuf *B) { _fmpq_vec_clear(B->v, B->alloc); }
static fmpq *qbuf_push(qbuf *B)
{
    if (B->n == B->alloc) {
        fmpq *w = _fmpq_vec_init(2 * B->alloc);
        for (slong i = 0; i < B->n; i++) fmpq_swap(w + i, B->v + i);
        _fmpq_vec_clear(B->v, B->alloc);
        B->v = w;
        B->alloc *= 2;
    }
    return B->v + B->n++;
}

static lt_status qmat(fmpq_mat_t M, const char *s, const char **end, const char *where,
                      int gap, const lt_ctx_t ctx, lt_err_t err)
{
    char b[48], what[1200];
    const char *p = skip(s, gap);
    if (*p != '[')
        return lt_err_set(err, LT_EINPUT, "%s: expected '[' to open a matrix, found %s", where, show(b, sizeof b, p));
    p = skip(p + 1, gap);
    if (*p == ']') return lt_err_set(err, LT_EINPUT, "%s: empty matrix '[]'", where);
    qbuf E;
    qbuf_init(&E);
    slong rows = 0, cols = -1;
    lt_status st = LT_OK;
    while (!st) {
        p = skip(p, gap);
        if (*p != '[') {
            if (isdigit((unsigned char)*p) || *p == '-' || *p == '+')
                st = lt_err_set(err, LT_EINPUT, "%s: expected '[' to open row %ld, found a number (a matrix is a list of rows, such as [[1,0],[0,1]])",
                                where, (long)rows + 1);
            else
                st = lt_err_set(err, LT_EINPUT, "%s: expected '[' to open row %ld, found %s", where, (long)rows + 1, show(b, sizeof b, p));
            break;
        }
        p = skip(p + 1, gap);
        if (*p == ']') { st = lt_err_set(err, LT_EINPUT, "%s: row %ld is empty", where, (long)rows + 1); break; }
        slong c = 0;
        for (;;) {
            snprintf(what, sizeof what, "%s: row %ld, column %ld", where, (long)rows + 1, (long)c + 1);
            if ((st = read_rat(qbuf_push(&E), &p, gap, what, err))) break;
            c++;
            if (c > ctx->max_dim) {
                st = lt_err_set(err, LT_ELIMIT, "%s: row %ld has more than `max_dim` %ld entries", where, (long)rows + 1, ctx->max_dim);
                break;
            }
            p = skip(p, gap);
            if (*p == ',') { p = skip(p + 1, gap); continue; }
            if (*p == ']') { p++; break; }
            st = lt_err_set(err, LT_EINPUT, "%s: expected ',' or ']' after an entry, found %s", what, show(b, sizeof b, p));
            break;
        }
        if (st) break;
        rows++;
        if (cols < 0) cols = c;
        else if (c != cols) {
            st = lt_err_set(err, LT_EINPUT, "%s: row %ld has %ld %s but row 1 has %ld", where, (long)rows, (long)c, PL(c, "entry", "entries"), (long)cols);
            break;
        }
        if (rows > ctx->max_dim) {
            st = lt_err_set(err, LT_ELIMIT, "%s: the matrix has more than `max_dim` %ld rows", where, ctx->max_dim);
            break;
        }
        p = skip(p, gap);
        if (*p == ',') { p++; continue; }
        if (*p == ']') { p++; break; }
        st = lt_err_set(err, LT_EINPUT, "%s: expected ',' or ']' after row %ld, found %s", where, (long)rows, show(b, sizeof b, p));
    }
    if (!st && rows != cols)
        st = lt_err_set(err, LT_EINPUT, "%s: the matrix is not square (%ld %s of %ld %s)", where, (long)rows, PL(rows, "row", "rows"), (long)cols, PL(cols, "entry", "entries"));
    if (!st) {
        fmpq_mat_clear(M);
        fmpq_mat_init(M, rows, cols);
        for (slong i = 0; i < rows; i++)
            for (slong j = 0; j < cols; j++) fmpq_swap(fmpq_mat_entry(M, i, j), E.v + i * cols + j);
        if (end) *end = p;
    }
    qbuf_clear(&E);
    return st;
}

lt_status lt_io_qmat(fmpq_mat_t M, const char *s, const char **end,
                     const char *where, const lt_ctx_t ctx, lt_err_t err)
{
    return qmat(M, s, end, where, 0, ctx, err);
}

/* ------------------------------------------------------------- families */

/* The families by name; fam -1 is fnil (src/free), the others are built
   by lt_liealg_named. */
static const struct { const char *name; int nargs; const char *form; int fam; } families[] = {
    {"abelian", 1, "abelian(n)", LT_LIE_ABELIAN}, {"aff", 1, "aff(n)", LT_LIE_AFF}, {"b", 1, "b(n)", LT_LIE_B},
    {"fnil", 2, "fnil(r,c)", -1}, {"gl", 1, "gl(n)", LT_LIE_GL}, {"heis", 1, "heis(2m+1)", LT_LIE_HEIS},
    {"n", 1, "n(n)", LT_LIE_N}, {"se", 1, "se(2), se(3)", LT_LIE_SE}, {"sl", 1, "sl(n)", LT_LIE_SL},
    {"so", 1, "so(n)", LT_LIE_SO}, {"sp", 1, "sp(2m)", LT_LIE_SP},
};
#define NFAM ((int)(sizeof families / sizeof *families))

static int family_index(const char *s, size_t len)
{
    for (int f = 0; f < NFAM; f++)
        if (strlen(families[f].name) == len && strncmp(families[f].name, s, len) == 0) return f;
    return -1;
}

/* Reads "(a)" or "(a,b)": positive decimal integers, white space allowed;
   returns the count, or -1 with err set. */
static int family_args(const char *p, long *v, int maxv, const char *spec, lt_err_t err)
{
    int k = 0;
    char b[48];
    p = skip(p + 1, 0);   /* after '(' */
    for (;;) {
        if (k == maxv) { lt_err_set(err, LT_EINPUT, "'%s': too many arguments", spec); return -1; }
        const char *q = p;
        while (isdigit((unsigned char)*q)) q++;
        if (q == p || q - p > 9 || (*q && !isspace((unsigned char)*q) && *q != ',' && *q != ')')) {
            const char *e = p;
            while (*e && !isspace((unsigned char)*e) && *e != ',' && *e != ')') e++;
            if (e == p) lt_err_set(err, LT_EINPUT, "'%s': expected an integer argument, found %s", spec, show(b, sizeof b, p));
            else if (q == e && q - p > 9) lt_err_set(err, LT_EINPUT, "'%s': the argument '%.*s' is too large", spec, (int)(e - p), p);
            else lt_err_set(err, LT_EINPUT, "'%s': the argument '%.*s' is not a non-negative integer", spec, (int)(e - p < 30 ? e - p : 30), p);
            return -1;
        }
        v[k++] = strtol(p, NULL, 10);
        p = skip(q, 0);
        if (*p == ',') { p = skip(p + 1, 0); continue; }
        if (*p == ')') {
            p = skip(p + 1, 0);
            if (*p) { lt_err_set(err, LT_EINPUT, "'%s': unexpected %s after ')'", spec, show(b, sizeof b, p)); return -1; }
            return k;
        }
        lt_err_set(err, LT_EINPUT, "'%s': expected ',' or ')', found %s", spec, show(b, sizeof b, p));
        return -1;
    }
}

/* The family f with its arguments v[0..nv-1]. */
static lt_status family(lt_liealg_t L, int f, const long *v, int nv, const char *spec,
                        const lt_ctx_t ctx, lt_err_t err)
{
    if (nv != families[f].nargs)
        return lt_err_set(err, LT_EINPUT, "'%s': expected %s (%s)", spec, families[f].form,
                          families[f].nargs == 1 ? "one argument" : "two arguments");
    if (families[f].fam < 0) return lt_free_nilpotent(L, v[0], v[1], spec, ctx, err);
    return lt_liealg_named(L, (lt_liealg_family)families[f].fam, v[0], spec, ctx, err);
}

/* --------------------------------------------------- GAP LieAlgebra(...) */

typedef struct { fmpq_mat_struct *m; slong n, cap; long *line; } mlist;

static void mlist_init(mlist *M) { M->n = 0; M->cap = 4; M->m = lt_malloc(4 * sizeof(fmpq_mat_struct)); M->line = lt_malloc(4 * sizeof(long)); }
static void mlist_clear(mlist *M)
{
    for (slong i = 0; i < M->n; i++) fmpq_mat_clear(M->m + i);
    lt_free(M->m); lt_free(M->line);
}
static fmpq_mat_struct *mlist_push(mlist *M, long line)
{
    if (M->n == M->cap) {
        M->cap *= 2;
        M->m = lt_realloc(M->m, (size_t)M->cap * sizeof(fmpq_mat_struct));
        M->line = lt_realloc(M->line, (size_t)M->cap * sizeof(long));
    }
    fmpq_mat_init(M->m + M->n, 0, 0);
    M->line[M->n] = line;
    return M->m + M->n++;
}

static int gap_prefix(const char *s);

/* Parses LieAlgebra(Rationals, [ matrices ]) into M; with decimals set,
   entries may be decimals and the field may also be Reals. */
static lt_status gap_lie_mats(mlist *Mo, const char *spec, int decimals, const lt_ctx_t ctx, lt_err_t err)
{
    char q[80], b[48], where[160];
    quote_spec(q, sizeof q, spec);
    const char *p = skip(spec + 10, 1);   /* after "LieAlgebra" */
    p = skip(p + 1, 1);                     /* after '(' */
    const char *f = p;
    for (int depth = 0; *p && *p != '[' && (depth || (*p != ',' && *p != ')')); p++)
        depth += *p == '(' ? 1 : *p == ')' ? -1 : 0;
    const char *fe = p;
    while (fe > f && isspace((unsigned char)fe[-1])) fe--;
    int reals = decimals && fe - f == 5 && strncmp(f, "Reals", 5) == 0;
    if (!reals && (fe - f != 9 || strncmp(f, "Rationals", 9) != 0)) {
        if (fe == f) return lt_err_set(err, LT_EINPUT, "'%s': expected LieAlgebra(Rationals, [ matrices ])", q);
        return lt_err_set(err, LT_EINPUT, "'%s': the field is '%.*s'; only Rationals is supported", q,
                          (int)(fe - f < 40 ? fe - f : 40), f);
    }
    if (*p != ',') return lt_err_set(err, LT_EINPUT, "'%s': expected ',' and a list of matrices after the field", q);
    p = skip(p + 1, 1);
    if (*p != '[') return lt_err_set(err, LT_EINPUT, "'%s': expected '[' to open the list of matrices, found %s", q, show(b, sizeof b, p));
    p = skip(p + 1, 1);
    if (*p == ']') return lt_err_set(err, LT_EINPUT, "'%s': the list of matrices is empty", q);
    if (*p == '[') {
        const char *t = skip(p + 1, 1);
        if (isdigit((unsigned char)*t) || *t == '-' || *t == '+')
            return lt_err_set(err, LT_EINPUT, "'%s': expected a list of matrices, such as [ [[1,0],[0,0]], [[0,1],[0,0]] ]", q);
    }
    mlist M;
    mlist_init(&M);
    lt_status st = LT_OK;
    for (;;) {
        snprintf(where, sizeof where, "'%s': matrix %ld", q, (long)M.n + 1);
        fmpq_mat_struct *A = mlist_push(&M, 0);
        if ((st = qmat(A, p, &p, where, decimals ? 3 : 1, ctx, err))) break;
        if (M.n > 1 && fmpq_mat_nrows(A) != fmpq_mat_nrows(M.m)) {
            st = lt_err_set(err, LT_EINPUT, "'%s': matrix %ld is %ldx%ld but matrix 1 is %ldx%ld", q, (long)M.n,
                            (long)fmpq_mat_nrows(A), (long)fmpq_mat_nrows(A), (long)fmpq_mat_nrows(M.m), (long)fmpq_mat_nrows(M.m));
            break;
        }
        p = skip(p, 1);
        if (*p == ',') { p = skip(p + 1, 1); continue; }
        if (*p == ']') { p = skip(p + 1, 1); break; }
        st = lt_err_set(err, LT_EINPUT, "'%s': expected ',' or ']' after matrix %ld, found %s", q, (long)M.n, show(b, sizeof b, p));
        break;
    }
    if (!st && *p != ')') {
        if (*p == ',') st = lt_err_set(err, LT_EINPUT, "'%s': only LieAlgebra(Rationals, [ matrices ]) is supported (a third argument was given)", q);
        else st = lt_err_set(err, LT_EINPUT, "'%s': expected ')' after the list of matrices, found %s", q, show(b, sizeof b, p));
    }
    if (!st) {
        p = skip(p + 1, 1);
        if (*p == ';') p = skip(p + 1, 1);
        if (*p) st = lt_err_set(err, LT_EINPUT, "'%s': unexpected %s after ')'", q, show(b, sizeof b, p));
    }
    if (st) { mlist_clear(&M); return st; }
    *Mo = M;
    return LT_OK;
}

static lt_status gap_lie(lt_liealg_t L, const char *spec, const lt_ctx_t ctx, lt_err_t err)
{
    mlist M;
    lt_status st = gap_lie_mats(&M, spec, 0, ctx, err);
    if (st) return st;
    st = lt_liealg_closure(L, M.m, M.n, ctx, err);
    if (st) {
        char q[80];
        quote_spec(q, sizeof q, spec);
        lt_err_prefix(err, "'%s'", q);
    }
    mlist_clear(&M);
    return st;
}

lt_status lt_io_float_gens(double **gens, slong *k, slong *n, const char *spec,
                           const lt_ctx_t ctx, lt_err_t err)
{
    mlist M;
    const char *p = skip(spec, 1);
    if (!gap_prefix(p)) return lt_err_set(err, LT_EINPUT, "'%.60s' is not LieAlgebra(...)", spec);
    lt_status st = gap_lie_mats(&M, p, 1, ctx, err);
    if (st) return st;
    slong nn = fmpq_mat_nrows(M.m), N = nn * nn;
    double *g = lt_malloc((size_t)(M.n * N + 1) * sizeof(double));
    for (slong i = 0; i < M.n; i++)
        for (slong e = 0; e < N; e++) g[i * N + e] = fmpq_get_d(fmpq_mat_entry(M.m + i, e / nn, e % nn));
    *gens = g;
    *k = M.n;
    *n = nn;
    mlist_clear(&M);
    return LT_OK;
}

/* ---------------------------------------------------------- GAP tables */

/* [b_i, b_j] as (index, coefficient) lists from the sparse layout of
   lietool/liealg.h; neg is set when the pair is stored as [b_j, b_i]. */
static void pair_of(const lt_liealg_t L, slong i, slong j, slong *start, slong *len, int *neg)
{
    slong p = i < j ? i * L->dim + j : j * L->dim + i;
    *neg = i > j;
    *start = L->sc_start[p];
    *len = i == j ? 0 : L->sc_len[p];
}

void lt_io_write_gap_table(FILE *f, const lt_liealg_t L)
{
    slong d = L->dim;
    fmpq_t c;
    fmpq_init(c);
    fputs("[ ", f);
    for (slong i = 0; i < d; i++) {
        fputs(i ? ", \n  [ " : "[ ", f);
        for (slong j = 0; j < d; j++) {
            slong s0, n0;
            int neg;
            pair_of(L, i, j, &s0, &n0, &neg);
            fputs(j ? ", [ [ " : "[ [ ", f);
            for (slong t = 0; t < n0; t++) fprintf(f, "%s%ld", t ? ", " : "", (long)L->sc_k[s0 + t] + 1);
            fputs(" ], [ ", f);
            for (slong t = 0; t < n0; t++) {
                if (t) fputs(", ", f);
                fmpq_set(c, L->sc_c + s0 + t);
                if (neg) fmpq_neg(c, c);
                fmpz_fprint(f, fmpq_numref(c));
                if (!fmpz_is_one(fmpq_denref(c))) { fputc('/', f); fmpz_fprint(f, fmpq_denref(c)); }
            }
            fputs(" ] ]", f);
        }
        fputs(" ]", f);
    }
    /* GAP flags a zero table as symmetric (1), any other Lie table -1 */
    fputs(d ? ", " : "", f);
    fputs(L->sc_nnz ? "-1, 0 ]\n" : "1, 0 ]\n", f);
    fmpq_clear(c);
}

/* One structure constant read from a table: [b_i, b_j] has c at b_k. */
typedef struct { slong i, j, k; } sc_at;

lt_status lt_io_read_gap_table(lt_liealg_t L, const char *text, const char *where,
                               const lt_ctx_t ctx, lt_err_t err)
{
    char b[48], what[1200];
    const char *p = skip(text, 1);
    if (*p != '[')
        return lt_err_set(err, LT_EINPUT, "%s: expected '[' to open a structure-constants table, found %s", where, show(b, sizeof b, p));
    p = skip(p + 1, 1);
    slong nat = 0, cap = 64, rows = 0, rowlen = -1;
    sc_at *at = lt_malloc((size_t)cap * sizeof(sc_at));
    qbuf C;
    qbuf_init(&C);
    fmpq_t x;
    fmpq_init(x);
    lt_status st = LT_OK;
#define FAIL(...) do { st = lt_err_set(err, LT_EINPUT, __VA_ARGS__); goto done; } while (0)
    while (*p == '[') {
        rows++;
        if (rows > ctx->max_dim) { st = lt_err_set(err, LT_ELIMIT, "%s: the table has more than `max_dim` %ld rows", where, ctx->max_dim); goto done; }
        p = skip(p + 1, 1);
        if (*p == ']') FAIL("%s: row %ld of the table is empty", where, (long)rows);
        slong j = 0;
        for (;;) {
            j++;
            if (j > ctx->max_dim) { st = lt_err_set(err, LT_ELIMIT, "%s: row %ld has more than `max_dim` %ld entries", where, (long)rows, ctx->max_dim); goto done; }
            snprintf(what, sizeof what, "%s: entry [%ld][%ld]", where, (long)rows, (long)j);
            if (*p != '[') FAIL("%s: expected '[' to open the entry, found %s", what, show(b, sizeof b, p));
            p = skip(p + 1, 1);
            if (*p != '[') FAIL("%s: expected '[' to open the list of indices, found %s", what, show(b, sizeof b, p));
            p = skip(p + 1, 1);
            slong first = nat, ni = 0, nc = 0;
            while (*p != ']') {
                if ((st = read_rat(x, &p, 1, what, err))) goto done;
                if (!fmpz_is_one(fmpq_denref(x)) || fmpz_sgn(fmpq_numref(x)) <= 0 || fmpz_cmp_si(fmpq_numref(x), ctx->max_dim) > 0)
                    FAIL("%s: index %s is not an integer from 1 to the number of rows", what, qstr(b, sizeof b, x));
                slong k = fmpz_get_si(fmpq_numref(x)) - 1;
                for (slong t = first; t < nat; t++)
                    if (at[t].k == k) FAIL("%s: index %ld is repeated", what, (long)k + 1);
                if (nat == cap) { cap *= 2; at = lt_realloc(at, (size_t)cap * sizeof(sc_at)); }
                at[nat].i = rows - 1; at[nat].j = j - 1; at[nat].k = k;
                nat++; ni++;
                p = skip(p, 1);
                if (*p == ',') p = skip(p + 1, 1);
                else if (*p != ']') FAIL("%s: expected ',' or ']' in the list of indices, found %s", what, show(b, sizeof b, p));
            }
            p = skip(p + 1, 1);
            if (*p != ',') FAIL("%s: expected ',' after the list of indices, found %s", what, show(b, sizeof b, p));
            p = skip(p + 1, 1);
            if (*p != '[') FAIL("%s: expected '[' to open the list of coefficients, found %s", what, show(b, sizeof b, p));
            p = skip(p + 1, 1);
            while (*p != ']') {
                if ((st = read_rat(qbuf_push(&C), &p, 1, what, err))) goto done;
                nc++;
                p = skip(p, 1);
                if (*p == ',') p = skip(p + 1, 1);
                else if (*p != ']') FAIL("%s: expected ',' or ']' in the list of coefficients, found %s", what, show(b, sizeof b, p));
            }
            if (nc != ni) FAIL("%s: %ld %s but %ld %s", what, (long)ni, PL(ni, "index", "indices"), (long)nc, PL(nc, "coefficient", "coefficients"));
            p = skip(p + 1, 1);
            if (*p != ']') FAIL("%s: expected ']' to close the entry, found %s", what, show(b, sizeof b, p));
            p = skip(p + 1, 1);
            if (*p == ',') { p = skip(p + 1, 1); continue; }
            if (*p == ']') { p = skip(p + 1, 1); break; }
            FAIL("%s: expected ',' or ']' after the entry, found %s", what, show(b, sizeof b, p));
        }
        if (rowlen < 0) rowlen = j;
        else if (j != rowlen) FAIL("%s: row %ld has %ld %s but row 1 has %ld", where, (long)rows, (long)j, PL(j, "entry", "entries"), (long)rowlen);
        if (*p != ',') FAIL("%s: expected ',' after row %ld, found %s", where, (long)rows, show(b, sizeof b, p));
        p = skip(p + 1, 1);
    }
    slong d = rows;
    if (d && rowlen != d) FAIL("%s: the table has %ld %s but each row has %ld entries", where, (long)d, PL(d, "row", "rows"), (long)rowlen);
    /* the symmetry flag and the zero element */
    snprintf(what, sizeof what, "%s: the symmetry flag after the rows", where);
    if ((st = read_rat(x, &p, 1, what, err))) goto done;
    /* -1 antisymmetric, 0 none, 1 symmetric (GAP's flag for a zero table);
       antisymmetry itself is checked below */
    if (!fmpz_is_one(fmpq_denref(x)) || fmpz_bits(fmpq_numref(x)) > 1)
        FAIL("%s: the symmetry flag must be -1, 0 or 1, not %s", where, qstr(b, sizeof b, x));
    p = skip(p, 1);
    if (*p != ',') FAIL("%s: expected ',' and the zero element 0 after the symmetry flag, found %s", where, show(b, sizeof b, p));
    p = skip(p + 1, 1);
    {
        const char *z = p;
        snprintf(what, sizeof what, "%s: the zero element", where);
        st = read_rat(x, &p, 1, what, err);
        p = skip(p, 1);
        if (st || !fmpq_is_zero(x) || *p != ']') {
            const char *e = z;
            while (*e && *e != ']' && *e != '\n' && e - z < 30) e++;
            FAIL("%s: the zero element is '%.*s', not 0: only tables over the rationals are read", where, (int)(e - z), z);
        }
    }
    p = skip(p + 1, 1);
    if (*p == ';') p = skip(p + 1, 1);
    if (*p) FAIL("%s: unexpected %s after the table", where, show(b, sizeof b, p));
    for (slong t = 0; t < nat; t++)
        if (at[t].k >= d)
            FAIL("%s: entry [%ld][%ld]: index %ld is above the dimension %ld", where, (long)at[t].i + 1, (long)at[t].j + 1, (long)at[t].k + 1, (long)d);
    if ((st = lt_ctx_check_memory((double)d * d * d * sizeof(fmpq), "the dense table", where, ctx, err))) goto done;
    {
        fmpq *c = _fmpq_vec_init(d ? d * d * d : 1);
        for (slong t = 0; t < nat; t++) fmpq_set(c + (at[t].i * d + at[t].j) * d + at[t].k, C.v + t);
        st = lt_liealg_from_table(L, c, d, err);
        if (st) lt_err_prefix(err, "%s", where);
        _fmpq_vec_clear(c, d ? d * d * d : 1);
    }
#undef FAIL
done:
    fmpq_clear(x);
    qbuf_clear(&C);
    lt_free(at);
    return st;
}

/* ------------------------------------------------------------ .lie files */

/* The basis form: the matrices in the order given, or the message naming
   the lines at fault. */
static lt_status basis_ordered(lt_liealg_t L, const mlist *M, const char *path, lt_err_t err)
{
    slong bad[2];
    lt_status st = lt_liealg_from_basis_ordered(L, M->m, M->n, bad, err);
    if (st == LT_EINPUT && bad[1] < 0)
        lt_err_set(err, LT_EINPUT, "%s:%ld: basis matrix %ld is a linear combination of the earlier ones", path, M->line[bad[0]], (long)bad[0] + 1);
    else if (st == LT_EINPUT)
        lt_err_set(err, LT_EINPUT, "%s: the bracket of the basis matrices on lines %ld and %ld is not in their span "
                   "(use gen lines for the Lie algebra they generate)", path, M->line[bad[0]], M->line[bad[1]]);
    return st;
}


enum { MODE_NONE, MODE_GEN, MODE_BASIS, MODE_TABLE };

static lt_status lie_text(lt_liealg_t L, const char *text, const char *path, const lt_ctx_t ctx, lt_err_t err)
{
    char where[4200], b[48];
    mlist M;
    mlist_init(&M);
    int mode = MODE_NONE;
    long mode_line = 0, lineno = 0;
    char mode_key[16] = "";
    slong d = 0;
    fmpq *c = NULL;
    long *seen = NULL;
    char *line = NULL;
    size_t linecap = 0;
    lt_status st = LT_OK;
    const char *p = text;
    while (*p && !st) {
        lineno++;
        const char *le = strchr(p, '\n');
        if (!le) le = p + strlen(p);
        size_t ll = (size_t)(le - p);
        if (ll + 1 > linecap) { linecap = ll + 1; line = lt_realloc(line, linecap); }
        memcpy(line, p, ll);
        line[ll] = '\0';
        const char *next = *le ? le + 1 : le;
        snprintf(where, sizeof where, "%s:%ld", path, lineno);
        char *s = line;
        while (isspace((unsigned char)*s)) s++;
        char *e = s + strlen(s);
        while (e > s && isspace((unsigned char)e[-1])) *--e = '\0';
        if (!*s || *s == '#') { p = next; continue; }
        char *val = s;
        while (*val && !isspace((unsigned char)*val)) val++;
        size_t klen = (size_t)(val - s);
        if (*val) *val++ = '\0';
        while (isspace((unsigned char)*val)) val++;
        int newmode = strcmp(s, "gen") == 0 ? MODE_GEN : strcmp(s, "basis") == 0 ? MODE_BASIS
                    : strcmp(s, "dim") == 0 || strcmp(s, "bracket") == 0 ? MODE_TABLE : MODE_NONE;
        if (newmode && mode && newmode != mode) {
            st = lt_err_set(err, LT_EINPUT, "%s: '%s' after '%s' on line %ld: a file gives exactly one of gen lines, basis lines, or dim with bracket lines",
                            where, s, mode_key, mode_line);
            break;
        }
        if (newmode && !mode) { mode = newmode; mode_line = lineno; snprintf(mode_key, sizeof mode_key, "%s", s); }
        if (strcmp(s, "name") == 0 || strcmp(s, "description") == 0 || strcmp(s, "source") == 0) {
            /* informational */
        } else if (newmode == MODE_GEN || newmode == MODE_BASIS) {
            if (*val != '[') {
                st = lt_err_set(err, LT_EINPUT, "%s: %s needs a matrix such as [[1,0],[0,-1]]", where, s);
                break;
            }
            /* the matrix may continue on the following lines: parse the text itself */
            const char *q = p;
            while (isspace((unsigned char)*q)) q++;
            q = skip(q + klen, 0);
            const char *end;
            fmpq_mat_struct *A = mlist_push(&M, lineno);
            if ((st = qmat(A, q, &end, where, 0, ctx, err))) break;
            if (M.n > 1 && fmpq_mat_nrows(A) != fmpq_mat_nrows(M.m)) {
                st = lt_err_set(err, LT_EINPUT, "%s: the matrix is %ldx%ld but the first one (line %ld) is %ldx%ld", where,
                                (long)fmpq_mat_nrows(A), (long)fmpq_mat_nrows(A), M.line[0], (long)fmpq_mat_nrows(M.m), (long)fmpq_mat_nrows(M.m));
                break;
            }
            for (const char *t = q; t < end; t++) if (*t == '\n') lineno++;
            while (*end == ' ' || *end == '\t' || *end == '\r') end++;
            if (*end && *end != '\n') {
                snprintf(where, sizeof where, "%s:%ld", path, lineno);
                st = lt_err_set(err, LT_EINPUT, "%s: unexpected %s after the matrix", where, show(b, sizeof b, end));
                break;
            }
            p = *end ? end + 1 : end;
            continue;
        } else if (strcmp(s, "dim") == 0) {
            char *t;
            long v = strtol(val, &t, 10);
            if (!isdigit((unsigned char)*val) || *t || v < 1 || v > 1000000000L) {
                st = lt_err_set(err, LT_EINPUT, "%s: dim '%s' is not a positive integer", where, val);
                break;
            }
            if (d) { st = lt_err_set(err, LT_EINPUT, "%s: dim is given twice", where); break; }
            if (v > ctx->max_dim) { st = lt_err_set(err, LT_ELIMIT, "%s: dim %ld is above `max_dim` %ld", where, v, ctx->max_dim); break; }
            if ((st = lt_ctx_check_memory((double)v * v * v * sizeof(fmpq), "the dense bracket table", where, ctx, err))) break;
            d = v;
            c = _fmpq_vec_init(d * d * d);
            seen = lt_calloc((size_t)(d * d), sizeof(long));
        } else if (strcmp(s, "bracket") == 0) {
            if (!d) { st = lt_err_set(err, LT_EINPUT, "%s: bracket before dim (give 'dim d' first)", where); break; }
            long ij[2];
            const char *t = val;
            for (int a = 0; a < 2 && !st; a++) {
                char *te;
                if (!isdigit((unsigned char)*t)) {
                    st = lt_err_set(err, LT_EINPUT, "%s: expected 'bracket i j : c1 ... c%ld', found %s", where, (long)d, show(b, sizeof b, t));
                    break;
                }
                ij[a] = strtol(t, &te, 10);
                if (ij[a] < 1 || ij[a] > d) {
                    st = lt_err_set(err, LT_EINPUT, "%s: basis index %.*s is not from 1 to dim %ld", where, (int)(te - t < 20 ? te - t : 20), t, (long)d);
                    break;
                }
                t = skip(te, 0);
            }
            if (st) break;
            if (*t != ':') { st = lt_err_set(err, LT_EINPUT, "%s: expected ':' after 'bracket %ld %ld', found %s", where, ij[0], ij[1], show(b, sizeof b, t)); break; }
            t = skip(t + 1, 0);
            slong i = ij[0] - 1, j = ij[1] - 1, m = 0;
            fmpq *w = _fmpq_vec_init(d);
            char what[4300];
            while (*t && !st) {
                if (m == d) {
                    st = lt_err_set(err, LT_EINPUT, "%s: more than dim = %ld coefficients", where, (long)d);
                    break;
                }
                snprintf(what, sizeof what, "%s: coefficient %ld", where, (long)m + 1);
                if ((st = read_rat(w + m, &t, 0, what, err))) break;
                m++;
                t = skip(t, 0);
                if (*t == ',') t = skip(t + 1, 0);
            }
            if (!st && m < d)
                st = lt_err_set(err, LT_EINPUT, "%s: %ld %s, expected dim = %ld (one for each basis element)", where, (long)m, PL(m, "coefficient", "coefficients"), (long)d);
            if (!st && i == j && !lt_qvec_is_zero(w, d))
                st = lt_err_set(err, LT_EINPUT, "%s: bracket table is not antisymmetric at (%ld,%ld): [b%ld, b%ld] must be 0",
                                where, (long)i + 1, (long)j + 1, (long)i + 1, (long)j + 1);
            if (!st && seen[i * d + j])
                st = lt_err_set(err, LT_EINPUT, "%s: bracket %ld %ld is given twice (first on line %ld)", where, (long)i + 1, (long)j + 1, seen[i * d + j]);
            if (!st && i != j && seen[j * d + i]) {
                for (slong k = 0; k < d && !st; k++) {
                    fmpq_t y;
                    fmpq_init(y);
                    fmpq_add(y, w + k, c + (j * d + i) * d + k);
                    if (!fmpq_is_zero(y))
                        st = lt_err_set(err, LT_EINPUT, "%s: bracket table is not antisymmetric at (%ld,%ld): line %ld gives [b%ld, b%ld] and this line is not its negative",
                                        where, (long)i + 1, (long)j + 1, seen[j * d + i], (long)j + 1, (long)i + 1);
                    fmpq_clear(y);
                }
            }
            if (!st && i != j)
                for (slong k = 0; k < d; k++) {
                    fmpq_set(c + (i * d + j) * d + k, w + k);
                    fmpq_neg(c + (j * d + i) * d + k, w + k);
                }
            if (!st) seen[i * d + j] = lineno;
            _fmpq_vec_clear(w, d);
        } else {
            st = lt_err_set(err, LT_EINPUT, "%s: unknown key '%s' (expected name, description, source, gen, basis, dim or bracket)", where, s);
        }
        p = next;
    }
    if (!st && mode == MODE_NONE)
        st = lt_err_set(err, LT_EINPUT, "%s: no gen, basis or dim line: the file defines no Lie algebra", path);
    if (!st && mode == MODE_TABLE && !d)
        st = lt_err_set(err, LT_EINPUT, "%s: bracket lines without a dim line", path);
    if (!st && mode == MODE_GEN) {
        st = lt_liealg_closure(L, M.m, M.n, ctx, err);
        if (st) lt_err_prefix(err, "%s", path);
    }
    if (!st && mode == MODE_BASIS) {
        if (M.n > ctx->max_dim) st = lt_err_set(err, LT_ELIMIT, "%s: more than `max_dim` %ld basis matrices", path, ctx->max_dim);
        else st = basis_ordered(L, &M, path, err);
    }
    if (!st && mode == MODE_TABLE) {
        st = lt_liealg_from_table(L, c, d, err);
        if (st) lt_err_prefix(err, "%s", path);
    }
    if (c) _fmpq_vec_clear(c, d * d * d);
    lt_free(seen);
    lt_free(line);
    mlist_clear(&M);
    return st;
}

/* A .lie file, or a GAP table (a .gap file, or any file whose first
   character after comments is '['). */
static lt_status lie_file(lt_liealg_t L, const char *path, const lt_ctx_t ctx, lt_err_t err)
{
    size_t len;
    char *text = lt_io_read_file(path, &len, 1, ctx, err);
    if (!text) return err->status;
    lt_status st;
    if (lt_io_ends_with_(path, ".gap") || *skip(text, 1) == '[') st = lt_io_read_gap_table(L, text, path, ctx, err);
    else st = lie_text(L, text, path, ctx, err);
    lt_free(text);
    return st;
}

/* --------------------------------------------------------- names, lookup */


static int plain_name(const char *s)
{
    if (!*s) return 0;
    for (const char *c = s; *c; c++)
        if (!isalnum((unsigned char)*c) && *c != '_' && *c != '-' && *c != '.') return 0;
    return 1;
}

/* algebras/lie/NAME.lie, malloc'd, if it exists. */
static char *named_file(const char *name)
{
    if (!plain_name(name) || strlen(name) > 200) return NULL;
    char *dir = lt_io_algebras_dir();
    size_t l = strlen(dir) + strlen(name) + 16;
    char *path = lt_malloc(l);
    snprintf(path, l, "%s/lie/%s.lie", dir, name);
    lt_free(dir);
    if (lt_io_file_exists_(path)) return path;
    lt_free(path);
    return NULL;
}

static int named_algebras(char ***names)
{
    return lt_io_named("lie", ".lie", names);
}


/* The family at the start of s ("gl" in "gl(3)"), or -1. */
static int family_at(const char *s)
{
    size_t k = 0;
    while (islower((unsigned char)s[k])) k++;
    if (!k || *skip(s + k, 0) != '(') return -1;
    return family_index(s, k);
}

static lt_status unknown(const char *spec, lt_err_t err)
{
    /* the right name in the wrong case */
    if (strlen(spec) < 64) {
        char low[64];
        size_t i = 0;
        for (; spec[i] && spec[i] != '('; i++) low[i] = (char)tolower((unsigned char)spec[i]);
        strcpy(low + i, spec + i);
        if (strcmp(low, spec) && family_at(low) >= 0)
            return lt_err_set(err, LT_EINPUT, "unknown Lie algebra '%s' (did you mean %s?)", spec, low);
        char *f = strcmp(low, spec) ? named_file(low) : NULL;
        if (f) {
            lt_free(f);
            return lt_err_set(err, LT_EINPUT, "unknown Lie algebra '%s' (did you mean %s?)", spec, low);
        }
    }
    char **names;
    int nn = named_algebras(&names);
    char letters[64];
    size_t k = 0;
    while (spec[k] && k < sizeof letters - 1 && isalpha((unsigned char)spec[k])) { letters[k] = spec[k]; k++; }
    letters[k] = '\0';
    const char *best[3] = {0};
    int bestd[3] = {99, 99, 99};
    for (int i = 0; i < nn + NFAM + 1; i++) {
        const char *cand;
        int dist;
        if (i < nn) { cand = names[i]; dist = lt_edit_distance(spec, cand); }
        else if (i < nn + NFAM) {
            cand = families[i - nn].form;
            dist = *letters ? lt_edit_distance(letters, families[i - nn].name) : 99;
        } else {
            cand = "LieAlgebra(Rationals, [...])";
            dist = lt_edit_distance(letters, "LieAlgebra");
        }
        for (int s = 0; s < 3; s++)
            if (dist < bestd[s]) {
                for (int t = 2; t > s; t--) { bestd[t] = bestd[t - 1]; best[t] = best[t - 1]; }
                bestd[s] = dist; best[s] = cand;
                break;
            }
    }
    char sugg[256] = "";
    for (int s = 0; s < 3; s++)
        if (best[s] && bestd[s] == bestd[0] && bestd[s] <= (strlen(letters) >= 6 ? 2 : 1)) {
            size_t l = strlen(sugg);
            snprintf(sugg + l, sizeof sugg - l, "%s%s", l ? ", " : "", best[s]);
        }
    lt_status st;
    char q[80];
    quote_spec(q, sizeof q, spec);
    char note[1024];
    if (lt_io_algebras_missing_(note, sizeof note, "lie"))
        st = lt_err_set(err, LT_EINPUT, "unknown Lie algebra '%s'%s", q, note);
    else if (*sugg) st = lt_err_set(err, LT_EINPUT, "unknown Lie algebra '%s' (did you mean %s?)", q, sugg);
    else st = lt_err_set(err, LT_EINPUT, "unknown Lie algebra '%s' (the families are gl(n), sl(n), so(n), sp(2m), b(n), n(n), "
                         "heis(2m+1), aff(n), se(2), se(3), abelian(n), fnil(r,c); see lietool-formats(5))", q);
    for (int i = 0; i < nn; i++) lt_free(names[i]);
    lt_free(names);
    return st;
}

/* LieAlgebra, optional white space, '('. */
static int gap_prefix(const char *s)
{
    return strncmp(s, "LieAlgebra", 10) == 0 && *skip(s + 10, 0) == '(';
}

/* SimpleLieAlgebra, optional white space, '('. */
static int simple_prefix(const char *s)
{
    return strncmp(s, "SimpleLieAlgebra", 16) == 0 && *skip(s + 16, 0) == '(';
}

/* GAP's SimpleLieAlgebra("A", n, Rationals) (the type quoted or not). */
static lt_status simple_lie(lt_liealg_t L, const char *spec, const lt_ctx_t ctx, lt_err_t err)
{
    const char *p = skip(strchr(spec, '(') + 1, 0);
    char type = 0;
    if (*p == '"' && p[1] && p[2] == '"') { type = p[1]; p += 3; }
    else if (isalpha((unsigned char)*p) && !isalnum((unsigned char)p[1])) type = *p++;
    else return lt_err_set(err, LT_EINPUT, "'%s': expected the type first, as SimpleLieAlgebra(\"A\", 1, Rationals)", spec);
    p = skip(p, 0);
    if (*p != ',') return lt_err_set(err, LT_EINPUT, "'%s': expected SimpleLieAlgebra(type, n, Rationals)", spec);
    p = skip(p + 1, 0);
    const char *q = p;
    while (isdigit((unsigned char)*q)) q++;
    if (q == p || q - p > 9) return lt_err_set(err, LT_EINPUT, "'%s': the rank n is not a small positive integer", spec);
    long n = strtol(p, NULL, 10);
    p = skip(q, 0);
    if (*p != ',') return lt_err_set(err, LT_EINPUT, "'%s': expected SimpleLieAlgebra(type, n, Rationals)", spec);
    p = skip(p + 1, 0);
    q = strrchr(p, ')');
    if (!q || *skip(q + 1, 0)) return lt_err_set(err, LT_EINPUT, "'%s': missing the closing ')'", spec);
    const char *e = q;
    while (e > p && isspace((unsigned char)e[-1])) e--;
    if (e - p != 9 || strncmp(p, "Rationals", 9))
        return lt_err_set(err, LT_EINPUT, "'%s': lietool's Lie algebras are over the rationals: the field is Rationals, not '%.*s'",
                          spec, (int)(e - p < 40 ? e - p : 40), p);
    return lt_liealg_simple(L, type, n, spec, ctx, err);
}

int lt_io_is_liealg(const char *spec)
{
    while (isspace((unsigned char)*spec)) spec++;
    if (gap_prefix(spec) || simple_prefix(spec)) return 1;
    size_t l = strlen(spec);
    while (l && isspace((unsigned char)spec[l - 1])) l--;
    if ((l > 4 && strncmp(spec + l - 4, ".lie", 4) == 0) || (l > 4 && strncmp(spec + l - 4, ".gap", 4) == 0)) return 1;
    if (family_at(spec) >= 0) return 1;
    if (l > 200) return 0;
    char name[201];
    memcpy(name, spec, l);
    name[l] = '\0';
    char *f = named_file(name);
    if (f) { lt_free(f); return 1; }
    return 0;
}

lt_status lt_io_liealg(lt_liealg_t L, char **name, const char *spec0,
                       const lt_ctx_t ctx, lt_err_t err)
{
    while (isspace((unsigned char)*spec0)) spec0++;
    char *spec = lt_strdup(spec0);
    size_t l = strlen(spec);
    while (l && isspace((unsigned char)spec[l - 1])) spec[--l] = '\0';
    lt_status st;
    if (!*spec) st = lt_err_set(err, LT_EINPUT, "empty Lie algebra name");
    else if (gap_prefix(spec)) st = gap_lie(L, spec, ctx, err);
    else if (simple_prefix(spec)) st = simple_lie(L, spec, ctx, err);
    else if (lt_io_ends_with_(spec, ".lie") || lt_io_ends_with_(spec, ".gap") || strchr(spec, '/')) {
        st = lie_file(L, spec, ctx, err);     /* its reader names a missing or non-regular file */
    } else {
        int f = family_at(spec);
        char *path;
        if (f >= 0) {
            long v[2];
            int k = family_args(strchr(spec, '('), v, 2, spec, err);
            st = k < 0 ? err->status : family(L, f, v, k, spec, ctx, err);
        } else if ((path = named_file(spec))) {
            st = lie_file(L, path, ctx, err);
            lt_free(path);
        } else st = unknown(spec, err);
    }
    if (!st && name) {
        /* the object as given, white space runs collapsed */
        char *out = lt_malloc(strlen(spec) + 1), *o = out;
        int space = 0;
        for (const char *c = spec; *c; c++) {
            if (isspace((unsigned char)*c)) { space = 1; continue; }
            if (space && o > out) *o++ = ' ';
            space = 0;
            *o++ = *c;
        }
        *o = '\0';
        *name = out;
    }
    lt_free(spec);
    return st;
}

lt_status lt_io_fliealg(lt_fliealg_t F, lt_liealg_t L, const char *spec, double tol, lt_rank_log_t log,
                        const lt_ctx_t ctx, lt_err_t err)
{
    lt_status st;
    while (*spec == ' ') spec++;
    if (strncmp(spec, "LieAlgebra", 10) == 0) {
        double *g = NULL;
        slong k = 0, n = 0;
        st = lt_io_float_gens(&g, &k, &n, spec, ctx, err);
        if (!st) st = lt_fliealg_closure(F, g, k, n, tol, log, ctx, err);
        lt_free(g);
        return st;
    }
    st = lt_io_liealg(L, NULL, spec, ctx, err);
    if (!st && L->n == 0) st = lt_err_set(err, LT_EINPUT, "'%s' has no matrix form for `float`", spec);
    if (!st) st = lt_fliealg_from_liealg(F, L, tol, log, ctx, err);
    return st;
}
