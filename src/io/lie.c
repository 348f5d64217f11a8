/* Lie algebra objects (DESIGN.md section 3; formats in lietool-formats(5)):
   rational matrices, GAP's LieAlgebra(Rationals, [...]), the named matrix
   families, the free nilpotent Lie algebras fnil(r,c), .lie files, and GAP's
   structure-constants tables.

   The families and the basis form of .lie files build the structure
   constants directly in the documented basis (lietool-formats(5), LIE
   ALGEBRAS): brackets of basis matrices are commutators, so antisymmetry and
   the Jacobi identity hold by construction and the cubic check of
   lt_liealg_from_table is not needed. The sparse layout written is the one
   documented in lietool/liealg.h (pairs i < j, indices k increasing within a
   pair, sc_c holding max(nnz, 1) entries). Tables given as numbers (.lie
   bracket lines, GAP tables) go through lt_liealg_from_table, which checks. */
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
                st = lt_err_set(err, LT_ELIMIT, "%s: row %ld has more than --max-dim %ld entries", where, (long)rows + 1, ctx->max_dim);
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
            st = lt_err_set(err, LT_ELIMIT, "%s: the matrix has more than --max-dim %ld rows", where, ctx->max_dim);
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

/* ---------------------------------------------- sparse structure constants */

static lt_status memory_ok(double bytes, const char *what, const char *spec, const lt_ctx_t ctx, lt_err_t err)
{
    if (bytes > (double)ctx->max_memory_mb * 1048576.0)
        return lt_err_set(err, LT_ELIMIT, "%s: %s needs %.0f MiB, above --max-memory %ld MiB",
                          spec, what, ceil(bytes / 1048576.0), ctx->max_memory_mb);
    return LT_OK;
}

/* --------------------------------------------------------- matrix families */

/* A basis of sparse integer n x n matrices. The first entry of each element
   is its pivot: later elements vanish at the pivots of earlier ones, and the
   pivot value is +1 or -1, so coordinates are read off by a forward sweep. */
typedef struct {
    slong n, d, nent, cap, dcap;
    slong *first;          /* d + 1 offsets */
    slong *pos, *val;      /* entries, pos = row * n + col */
    slong *pv, *pi;        /* pivot positions sorted, and their elements */
} sbasis;

static void sb_init(sbasis *B, slong n)
{
    memset(B, 0, sizeof *B);
    B->n = n;
    B->cap = B->dcap = 16;
    B->first = lt_malloc((size_t)(B->dcap + 1) * sizeof(slong));
    B->first[0] = 0;
    B->pos = lt_malloc((size_t)B->cap * sizeof(slong));
    B->val = lt_malloc((size_t)B->cap * sizeof(slong));
}

static void sb_clear(sbasis *B)
{
    lt_free(B->first); lt_free(B->pos); lt_free(B->val); lt_free(B->pv); lt_free(B->pi);
}

/* Adds an element with k entries given as (row, col, value) triples,
   0-based, the pivot first. */
static void sb_add(sbasis *B, int k, const slong *rcv)
{
    if (B->nent + k > B->cap) {
        while (B->nent + k > B->cap) B->cap *= 2;
        B->pos = lt_realloc(B->pos, (size_t)B->cap * sizeof(slong));
        B->val = lt_realloc(B->val, (size_t)B->cap * sizeof(slong));
    }
    for (int t = 0; t < k; t++) {
        B->pos[B->nent] = rcv[3 * t] * B->n + rcv[3 * t + 1];
        B->val[B->nent] = rcv[3 * t + 2];
        B->nent++;
    }
    if (B->d + 1 >= B->dcap) { B->dcap *= 2; B->first = lt_realloc(B->first, (size_t)(B->dcap + 1) * sizeof(slong)); }
    B->d++;
    B->first[B->d] = B->nent;
}

static void sb_e(sbasis *B, slong i, slong j, slong v)
{
    slong e[3] = {i, j, v};
    sb_add(B, 1, e);
}

static void sb_e2(sbasis *B, slong i, slong j, slong v, slong i2, slong j2, slong v2)
{
    slong e[6] = {i, j, v, i2, j2, v2};
    sb_add(B, 2, e);
}

static const slong *pv_sorted;
static int cmp_pivot(const void *a, const void *b)
{
    slong x = pv_sorted[*(const slong *)a], y = pv_sorted[*(const slong *)b];
    return x < y ? -1 : x > y;
}

static void sb_index(sbasis *B)
{
    slong d = B->d;
    slong *ord = lt_malloc((size_t)(d + 1) * sizeof(slong)), *piv = lt_malloc((size_t)(d + 1) * sizeof(slong));
    for (slong i = 0; i < d; i++) { ord[i] = i; piv[i] = B->pos[B->first[i]]; }
    pv_sorted = piv;
    qsort(ord, (size_t)d, sizeof(slong), cmp_pivot);
    B->pv = lt_malloc((size_t)(d + 1) * sizeof(slong));
    B->pi = lt_malloc((size_t)(d + 1) * sizeof(slong));
    for (slong i = 0; i < d; i++) { B->pv[i] = piv[ord[i]]; B->pi[i] = ord[i]; }
    lt_free(ord); lt_free(piv);
}

static slong sb_pivot_of(const sbasis *B, slong pos)
{
    slong lo = 0, hi = B->d;
    while (lo < hi) {
        slong mid = (lo + hi) / 2;
        if (B->pv[mid] < pos) lo = mid + 1;
        else hi = mid;
    }
    return lo < B->d && B->pv[lo] == pos ? B->pi[lo] : -1;
}

/* A small sparse matrix accumulator: (pos, value) with value != 0. */
typedef struct { slong n, cap; slong *pos, *val; } sacc;

static void sacc_add(sacc *A, slong pos, slong v)
{
    for (slong t = 0; t < A->n; t++)
        if (A->pos[t] == pos) {
            A->val[t] += v;
            if (!A->val[t]) { A->n--; A->pos[t] = A->pos[A->n]; A->val[t] = A->val[A->n]; }
            return;
        }
    if (!v) return;
    if (A->n == A->cap) {
        A->cap = A->cap ? 2 * A->cap : 16;
        A->pos = lt_realloc(A->pos, (size_t)A->cap * sizeof(slong));
        A->val = lt_realloc(A->val, (size_t)A->cap * sizeof(slong));
    }
    A->pos[A->n] = pos;
    A->val[A->n] = v;
    A->n++;
}

static int cmp_slong2(const void *a, const void *b)
{
    const slong *x = a, *y = b;
    return x[0] < y[0] ? -1 : x[0] > y[0];
}

/* The structure constants of the span of B in its own basis, and the matrix
   form. */
static lt_status sb_build(lt_liealg_t L, sbasis *B, lt_err_t err)
{
    slong d = B->d, n = B->n;
    sb_index(B);
    lt_scbuilder S;
    lt_scbuilder_init(&S, d);
    sacc A = {0, 0, NULL, NULL};
    slong *coef = lt_malloc((size_t)(2 * d + 2) * sizeof(slong)), *ks = lt_malloc((size_t)(d + 1) * sizeof(slong));
    fmpq *cs = _fmpq_vec_init(d + 1);
    lt_status st = LT_OK;
    for (slong i = 0; i < d && !st; i++)
        for (slong j = i + 1; j < d && !st; j++) {
            A.n = 0;
            for (slong a = B->first[i]; a < B->first[i + 1]; a++)
                for (slong b = B->first[j]; b < B->first[j + 1]; b++) {
                    slong ra = B->pos[a] / n, ca = B->pos[a] % n, rb = B->pos[b] / n, cb = B->pos[b] % n;
                    if (ca == rb) sacc_add(&A, ra * n + cb, B->val[a] * B->val[b]);
                    if (cb == ra) sacc_add(&A, rb * n + ca, -B->val[a] * B->val[b]);
                }
            slong m = 0;
            while (A.n) {
                slong best = -1, bt = -1;
                for (slong t = 0; t < A.n; t++) {
                    slong e = sb_pivot_of(B, A.pos[t]);
                    if (e >= 0 && (best < 0 || e < best)) { best = e; bt = t; }
                }
                if (best < 0) {
                    st = lt_err_set(err, LT_EINTERNAL, "internal error: a bracket of family basis elements %ld and %ld left the span",
                                    (long)i + 1, (long)j + 1);
                    break;
                }
                slong x = A.val[bt] * B->val[B->first[best]];   /* pivot value is +-1 */
                coef[2 * m] = best;
                coef[2 * m + 1] = x;
                m++;
                for (slong t = B->first[best]; t < B->first[best + 1]; t++) sacc_add(&A, B->pos[t], -x * B->val[t]);
            }
            if (st) break;
            qsort(coef, (size_t)m, 2 * sizeof(slong), cmp_slong2);
            for (slong t = 0; t < m; t++) { ks[t] = coef[2 * t]; fmpq_set_si(cs + t, coef[2 * t + 1], 1); }
            lt_scbuilder_pair(&S, i, j, m, ks, cs);
        }
    lt_free(A.pos); lt_free(A.val); lt_free(coef); lt_free(ks);
    _fmpq_vec_clear(cs, d + 1);
    if (st) { lt_scbuilder_clear(&S); return st; }
    lt_scbuilder_finish(L, &S);
    L->n = n;
    L->mats = lt_malloc((size_t)(d + 1) * sizeof(fmpq_mat_struct));
    for (slong i = 0; i < d; i++) {
        fmpq_mat_init(L->mats + i, n, n);
        for (slong t = B->first[i]; t < B->first[i + 1]; t++)
            fmpq_set_si(fmpq_mat_entry(L->mats + i, B->pos[t] / n, B->pos[t] % n), B->val[t], 1);
    }
    return LT_OK;
}

/* -------------------------------------------------------- free nilpotent */

/* Words of one length as integers in base r (lexicographic order is numeric
   order); Lie polynomials as sorted lists of (word, integer coefficient). */
typedef struct { uint64_t w; fmpz c; } term;
typedef struct { slong n; term *t; } lpoly;

static void lpoly_clear(lpoly *P)
{
    for (slong i = 0; i < P->n; i++) fmpz_clear(&P->t[i].c);
    lt_free(P->t);
    P->n = 0;
    P->t = NULL;
}

static int cmp_term(const void *a, const void *b)
{
    uint64_t x = ((const term *)a)->w, y = ((const term *)b)->w;
    return x < y ? -1 : x > y;
}

/* Sorts, merges equal words, drops zeros. */
static void lpoly_normalise(lpoly *P)
{
    qsort(P->t, (size_t)P->n, sizeof(term), cmp_term);
    slong m = 0;
    for (slong i = 0; i < P->n; i++) {
        if (m && P->t[m - 1].w == P->t[i].w) {
            fmpz_add(&P->t[m - 1].c, &P->t[m - 1].c, &P->t[i].c);
            fmpz_clear(&P->t[i].c);
        } else P->t[m++] = P->t[i];
    }
    slong k = 0;
    for (slong i = 0; i < m; i++) {
        if (fmpz_is_zero(&P->t[i].c)) fmpz_clear(&P->t[i].c);
        else P->t[k++] = P->t[i];
    }
    P->n = k;
}

/* C = AB - BA, where every word of A has length la and of B length lb
   (rpow[l] = r^l). */
static void lpoly_bracket(lpoly *C, const lpoly *A, slong la, const lpoly *B, slong lb, const uint64_t *rpow)
{
    C->n = 2 * A->n * B->n;
    C->t = lt_malloc((size_t)(C->n + 1) * sizeof(term));
    slong m = 0;
    for (slong a = 0; a < A->n; a++)
        for (slong b = 0; b < B->n; b++) {
            fmpz_init(&C->t[m].c);
            fmpz_mul(&C->t[m].c, &A->t[a].c, &B->t[b].c);
            C->t[m].w = A->t[a].w * rpow[lb] + B->t[b].w;
            m++;
            fmpz_init(&C->t[m].c);
            fmpz_neg(&C->t[m].c, &C->t[m - 1].c);
            C->t[m].w = B->t[b].w * rpow[la] + A->t[a].w;
            m++;
        }
    lpoly_normalise(C);
}

/* Q -= x P (both sorted). */
static void lpoly_submul(lpoly *Q, const fmpz_t x, const lpoly *P)
{
    term *t = lt_malloc((size_t)(Q->n + P->n + 1) * sizeof(term));
    slong a = 0, b = 0, m = 0;
    while (a < Q->n || b < P->n) {
        if (b == P->n || (a < Q->n && Q->t[a].w < P->t[b].w)) t[m++] = Q->t[a++];
        else if (a == Q->n || P->t[b].w < Q->t[a].w) {
            t[m].w = P->t[b].w;
            fmpz_init(&t[m].c);
            fmpz_mul(&t[m].c, x, &P->t[b].c);
            fmpz_neg(&t[m].c, &t[m].c);
            m++; b++;
        } else {
            t[m] = Q->t[a++];
            fmpz_submul(&t[m].c, x, &P->t[b++].c);
            if (fmpz_is_zero(&t[m].c)) fmpz_clear(&t[m].c);
            else m++;
        }
    }
    lt_free(Q->t);
    Q->t = t;
    Q->n = m;
}

/* fnil(r,c): the Lyndon basis of src/free (degree by degree, lexicographic
   within a degree) with standard bracketing; [P_u, P_v] is written in this
   basis by removing the lexicographically smallest word, which is Lyndon
   with coefficient 1 in its P_w (Reutenauer, Free Lie Algebras, Theorem
   5.1); brackets of degree above c are 0. */
static lt_status fnil(lt_liealg_t L, long r, long c, const lt_ctx_t ctx, lt_err_t err)
{
    lt_lyndon_t Bl;
    lt_lyndon_init(Bl);
    lt_status st = lt_free_lyndon_basis(Bl, (int)r, c, ctx, err);
    if (st) { lt_lyndon_clear(Bl); return st; }
    c = Bl->N;
    uint64_t rpow[65];
    rpow[0] = 1;
    for (long k = 1; k <= c; k++) rpow[k] = rpow[k - 1] * (uint64_t)r;
    slong d = Bl->n;
    const slong *deg_start = Bl->deg_start;
    /* each element's word as a base-r code: increasing within a degree */
    slong *deg = lt_malloc((size_t)(d + 1) * sizeof(slong));
    uint64_t *code = lt_malloc((size_t)(d + 1) * sizeof(uint64_t));
    for (slong b = 0; b < d; b++) {
        const unsigned char *u = lt_lyndon_word(Bl, b);
        deg[b] = lt_lyndon_degree(Bl, b);
        code[b] = 0;
        for (slong i = 0; i < deg[b]; i++) code[b] = code[b] * (uint64_t)r + u[i];
    }
    lpoly *P = lt_calloc((size_t)(d + 1), sizeof(lpoly));
    for (slong b = 0; b < d; b++) {
        if (deg[b] == 1) {
            P[b].n = 1;
            P[b].t = lt_malloc(sizeof(term));
            P[b].t[0].w = code[b];
            fmpz_init_set_ui(&P[b].t[0].c, 1);
            continue;
        }
        slong iu = Bl->left[b], iv = Bl->right[b];
        lpoly_bracket(P + b, P + iu, deg[iu], P + iv, deg[iv], rpow);
    }
    lt_scbuilder S;
    lt_scbuilder_init(&S, d);
    slong *ks = lt_malloc((size_t)(d + 1) * sizeof(slong));
    fmpq *cs = _fmpq_vec_init(d + 1);
    for (slong i = 0; i < d && !st; i++)
        for (slong j = i + 1; j < d && !st; j++) {
            slong k = deg[i] + deg[j], m = 0;
            if (k > c) continue;
            lpoly Q;
            lpoly_bracket(&Q, P + i, deg[i], P + j, deg[j], rpow);
            while (Q.n && !st) {
                /* the element of degree k whose word is the leading one */
                slong lo = deg_start[k], hi = deg_start[k + 1];
                while (lo < hi) { slong mid = (lo + hi) / 2; if (code[mid] < Q.t[0].w) lo = mid + 1; else hi = mid; }
                if (lo == deg_start[k + 1] || code[lo] != Q.t[0].w) {
                    st = lt_err_set(err, LT_EINTERNAL, "internal error: leading word is not Lyndon");
                    break;
                }
                ks[m] = lo;
                fmpq_set_fmpz_frac(cs + m, &Q.t[0].c, &P[lo].t[0].c);
                fmpz_t x;
                fmpz_init_set(x, &Q.t[0].c);
                lpoly_submul(&Q, x, P + lo);
                fmpz_clear(x);
                m++;
            }
            lpoly_clear(&Q);
            if (!st) lt_scbuilder_pair(&S, i, j, m, ks, cs);
        }
    lt_free(ks);
    _fmpq_vec_clear(cs, d + 1);
    if (st) lt_scbuilder_clear(&S);
    else lt_scbuilder_finish(L, &S);
    for (slong b = 0; b < d; b++) lpoly_clear(P + b);
    lt_free(P);
    lt_free(deg); lt_free(code);
    lt_lyndon_clear(Bl);
    return st;
}

/* ------------------------------------------------------------- families */

static const struct { const char *name; int nargs; const char *form; } families[] = {
    {"abelian", 1, "abelian(n)"}, {"aff", 1, "aff(n)"}, {"b", 1, "b(n)"},
    {"fnil", 2, "fnil(r,c)"}, {"gl", 1, "gl(n)"}, {"heis", 1, "heis(2m+1)"},
    {"n", 1, "n(n)"}, {"se", 1, "se(2), se(3)"}, {"sl", 1, "sl(n)"},
    {"so", 1, "so(n)"}, {"sp", 1, "sp(2m)"},
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

/* Bases, documented in lietool-formats(5), LIE ALGEBRA BASES (E_ij is
   1-based there and in this comment; the code is 0-based):
   gl(n)      E_ij, row by row
   sl(n)      E_ij (i != j) row by row, then H_i = E_ii - E_{i+1,i+1};
              sl(2) is e = E_12, f = E_21, h = E_11 - E_22
   so(n)      E_ij - E_ji, i < j, row by row
   sp(2m)     J = [[0, I], [-I, 0]]; E_ij - E_{m+j,m+i} (i, j <= m, row by
              row), then E_{i,m+j} + E_{j,m+i} (i <= j; E_{i,m+i} when i = j),
              then E_{m+i,j} + E_{m+j,i} (i <= j; E_{m+i,i} when i = j)
   b(n)       E_ij, i <= j, row by row;  n(n): E_ij, i < j
   heis(2m+1) (m+2) x (m+2): x_i = E_{1,i+1}, y_i = E_{i+1,m+2} (i = 1..m),
              z = E_{1,m+2}; [x_i, y_i] = z
   aff(n)     (n+1) x (n+1): E_ij (i, j <= n) row by row, then the
              translations E_{i,n+1}
   se(2)      R = E_21 - E_12, T_1 = E_13, T_2 = E_23
   se(3)      L_1 = E_32 - E_23, L_2 = E_13 - E_31, L_3 = E_21 - E_12,
              T_i = E_{i,4}; [L_1, L_2] = L_3
   abelian(n) E_ii */
static lt_status family(lt_liealg_t L, int f, const long *v, int nv, const char *spec,
                        const lt_ctx_t ctx, lt_err_t err)
{
    const char *nm = families[f].name;
    if (nv != families[f].nargs)
        return lt_err_set(err, LT_EINPUT, "'%s': expected %s (%s)", spec, families[f].form,
                          families[f].nargs == 1 ? "one argument" : "two arguments");
    long a = v[0];
    double n = 0, d = 0;
    long lo = 1;
    const char *why = NULL;
    switch (nm[0] == 's' ? (nm[1] == 'l' ? 'L' : nm[1] == 'o' ? 'O' : nm[1] == 'p' ? 'P' : 'E') : nm[0]) {
    case 'g': n = a; d = (double)a * a; break;
    case 'L': lo = 2; n = a; d = (double)a * a - 1; break;
    case 'O': lo = 2; n = a; d = (double)a * (a - 1) / 2; break;
    case 'P':
        lo = 2; n = a; d = (double)(a / 2) * (a + 1);
        if (a % 2) why = "the argument of sp(2m) is even";
        break;
    case 'b': n = a; d = (double)a * (a + 1) / 2; break;
    case 'n': lo = 2; n = a; d = (double)a * (a - 1) / 2; break;
    case 'h':
        lo = 3; n = (a - 1) / 2 + 2; d = a;
        if (a % 2 == 0) why = "the argument of heis(2m+1) is odd (the Heisenberg algebra has odd dimension)";
        break;
    case 'a':
        if (nm[1] == 'f') { n = a + 1; d = (double)a * (a + 1); }
        else { n = a; d = a; }
        break;
    case 'E':
        lo = 2; n = a + 1; d = (double)a * (a + 1) / 2;
        if (a > 3) why = "se(n) is defined for n = 2 and n = 3";
        break;
    case 'f': {
        long c = v[1];
        if (a < 1 || c < 1)
            return lt_err_set(err, LT_EINPUT, "'%s': the rank and the class must be at least 1", spec);
        /* the dimension degree by degree, stopping above --max-dim: the
           class is not bounded, and the Witt sum to a large class costs
           its square (rank 1: only degree 1) */
        mpz_t wd, wn;
        mpz_init(wd);
        mpz_init(wn);
        for (long k = 1; k <= (a == 1 ? 1 : c); k++) {
            lt_free_witt(wn, (ulong)a, (ulong)k);
            mpz_add(wd, wd, wn);
            if (mpz_cmp_si(wd, ctx->max_dim) > 0) break;
        }
        d = mpz_get_d(wd);
        mpz_clear(wd);
        mpz_clear(wn);
        if (d > (double)ctx->max_dim)
            return lt_err_set(err, LT_ELIMIT, "'%s' has dimension above --max-dim %ld", spec, ctx->max_dim);
        if (a > 1 && (double)c * log2((double)a) > 62)
            return lt_err_set(err, LT_ELIMIT, "'%s': words of length %ld over %ld letters are beyond 64-bit codes", spec, c, a);
        char q[80];
        snprintf(q, sizeof q, "'%.60s'", spec);
        if (memory_ok(d * d * 2.0 * sizeof(slong), "the structure-constant index", q, ctx, err)) return err->status;
        return fnil(L, a, c, ctx, err);
    }
    }
    if (a < lo)
        return lt_err_set(err, LT_EINPUT, "'%s': the argument must be at least %ld, not %ld", spec, lo, a);
    if (why) return lt_err_set(err, LT_EINPUT, "'%s': %s", spec, why);
    if (n > (double)ctx->max_dim)
        return lt_err_set(err, LT_ELIMIT, "'%s' is made of %.0fx%.0f matrices, above --max-dim %ld", spec, n, n, ctx->max_dim);
    if (d > (double)ctx->max_dim)
        return lt_err_set(err, LT_ELIMIT, "'%s' has dimension %.0f, above --max-dim %ld", spec, d, ctx->max_dim);
    char q[80];
    snprintf(q, sizeof q, "'%.60s'", spec);
    if (memory_ok(d * n * n * (double)sizeof(fmpq), "the matrix form", q, ctx, err)
        || memory_ok(d * d * 2.0 * sizeof(slong), "the structure-constant index", q, ctx, err)) return err->status;
    sbasis B;
    sb_init(&B, (slong)n);
    slong N = (slong)n;
    switch (nm[0] == 's' ? (nm[1] == 'l' ? 'L' : nm[1] == 'o' ? 'O' : nm[1] == 'p' ? 'P' : 'E') : nm[0]) {
    case 'g':
        for (slong i = 0; i < N; i++)
            for (slong j = 0; j < N; j++) sb_e(&B, i, j, 1);
        break;
    case 'L':
        for (slong i = 0; i < N; i++)
            for (slong j = 0; j < N; j++)
                if (i != j) sb_e(&B, i, j, 1);
        for (slong i = 0; i + 1 < N; i++) sb_e2(&B, i, i, 1, i + 1, i + 1, -1);
        break;
    case 'O':
        for (slong i = 0; i < N; i++)
            for (slong j = i + 1; j < N; j++) sb_e2(&B, i, j, 1, j, i, -1);
        break;
    case 'P': {
        slong m = N / 2;
        for (slong i = 0; i < m; i++)
            for (slong j = 0; j < m; j++) sb_e2(&B, i, j, 1, m + j, m + i, -1);
        for (slong i = 0; i < m; i++)
            for (slong j = i; j < m; j++) {
                if (i == j) sb_e(&B, i, m + i, 1);
                else sb_e2(&B, i, m + j, 1, j, m + i, 1);
            }
        for (slong i = 0; i < m; i++)
            for (slong j = i; j < m; j++) {
                if (i == j) sb_e(&B, m + i, i, 1);
                else sb_e2(&B, m + i, j, 1, m + j, i, 1);
            }
        break;
    }
    case 'b':
        for (slong i = 0; i < N; i++)
            for (slong j = i; j < N; j++) sb_e(&B, i, j, 1);
        break;
    case 'n':
        for (slong i = 0; i < N; i++)
            for (slong j = i + 1; j < N; j++) sb_e(&B, i, j, 1);
        break;
    case 'h': {
        slong m = N - 2;
        for (slong i = 1; i <= m; i++) sb_e(&B, 0, i, 1);
        for (slong i = 1; i <= m; i++) sb_e(&B, i, m + 1, 1);
        sb_e(&B, 0, m + 1, 1);
        break;
    }
    case 'a':
        if (nm[1] == 'f') {
            for (slong i = 0; i + 1 < N; i++)
                for (slong j = 0; j + 1 < N; j++) sb_e(&B, i, j, 1);
            for (slong i = 0; i + 1 < N; i++) sb_e(&B, i, N - 1, 1);
        } else
            for (slong i = 0; i < N; i++) sb_e(&B, i, i, 1);
        break;
    case 'E':
        if (N == 3) sb_e2(&B, 1, 0, 1, 0, 1, -1);
        else {
            sb_e2(&B, 2, 1, 1, 1, 2, -1);
            sb_e2(&B, 0, 2, 1, 2, 0, -1);
            sb_e2(&B, 1, 0, 1, 0, 1, -1);
        }
        for (slong i = 0; i + 1 < N; i++) sb_e(&B, i, N - 1, 1);
        break;
    }
    lt_status st = sb_build(L, &B, err);
    sb_clear(&B);
    return st;
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
        if (rows > ctx->max_dim) { st = lt_err_set(err, LT_ELIMIT, "%s: the table has more than --max-dim %ld rows", where, ctx->max_dim); goto done; }
        p = skip(p + 1, 1);
        if (*p == ']') FAIL("%s: row %ld of the table is empty", where, (long)rows);
        slong j = 0;
        for (;;) {
            j++;
            if (j > ctx->max_dim) { st = lt_err_set(err, LT_ELIMIT, "%s: row %ld has more than --max-dim %ld entries", where, (long)rows, ctx->max_dim); goto done; }
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
    if ((st = memory_ok((double)d * d * d * sizeof(fmpq), "the dense table", where, ctx, err))) goto done;
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

/* The span of k linearly independent matrices closed under the bracket, in
   the order given (not the echelon order of lt_liealg_from_basis): with the
   echelon rows e_r and pivots p_r, b_i = sum_r T_ir e_r where T_ir = b_i[p_r],
   and a commutator C has coordinates (C[p_r])_r T^-1. */
static lt_status basis_ordered(lt_liealg_t L, const mlist *M, const char *path, lt_err_t err)
{
    slong k = M->n, n = fmpq_mat_nrows(M->m), N = n * n;
    lt_qspace_t S;
    lt_qspace_init(S, N);
    fmpq *v = _fmpq_vec_init(N);
    lt_status st = LT_OK;
    for (slong i = 0; i < k && !st; i++) {
        for (slong a = 0; a < n; a++)
            for (slong c = 0; c < n; c++) fmpq_set(v + a * n + c, fmpq_mat_entry(M->m + i, a, c));
        if (!lt_qspace_add(S, v))
            st = lt_err_set(err, LT_EINPUT, "%s:%ld: basis matrix %ld is a linear combination of the earlier ones", path, M->line[i], (long)i + 1);
    }
    fmpq_mat_t T, Ti, P, Q;
    fmpq_mat_init(T, k, k);
    fmpq_mat_init(Ti, k, k);
    fmpq_mat_init(P, n, n);
    fmpq_mat_init(Q, n, n);
    lt_scbuilder B;
    lt_scbuilder_init(&B, k);
    fmpq *u = _fmpq_vec_init(k), *x = _fmpq_vec_init(k);
    slong *ks = lt_malloc((size_t)(k + 1) * sizeof(slong));
    if (!st) {
        for (slong i = 0; i < k; i++)
            for (slong r = 0; r < k; r++) {
                slong p = S->piv[r];
                fmpq_set(fmpq_mat_entry(T, i, r), fmpq_mat_entry(M->m + i, p / n, p % n));
            }
        fmpq_mat_inv(Ti, T);
    }
    for (slong i = 0; i < k && !st; i++)
        for (slong j = i + 1; j < k && !st; j++) {
            fmpq_mat_mul(P, M->m + i, M->m + j);
            fmpq_mat_mul(Q, M->m + j, M->m + i);
            fmpq_mat_sub(P, P, Q);
            for (slong a = 0; a < n; a++)
                for (slong c = 0; c < n; c++) fmpq_set(v + a * n + c, fmpq_mat_entry(P, a, c));
            for (slong r = 0; r < k; r++) fmpq_set(u + r, v + S->piv[r]);
            if (lt_qspace_reduce(S, v)) {
                st = lt_err_set(err, LT_EINPUT, "%s: the bracket of the basis matrices on lines %ld and %ld is not in their span "
                                "(use gen lines for the Lie algebra they generate)", path, M->line[i], M->line[j]);
                break;
            }
            slong m = 0;
            for (slong s = 0; s < k; s++) {
                fmpq_zero(x + m);
                for (slong r = 0; r < k; r++)
                    if (!fmpq_is_zero(u + r)) fmpq_addmul(x + m, u + r, fmpq_mat_entry(Ti, r, s));
                if (!fmpq_is_zero(x + m)) ks[m++] = s;
            }
            lt_scbuilder_pair(&B, i, j, m, ks, x);
        }
    if (st) lt_scbuilder_clear(&B);
    else {
        lt_scbuilder_finish(L, &B);
        L->n = n;
        L->mats = lt_malloc((size_t)(k + 1) * sizeof(fmpq_mat_struct));
        for (slong i = 0; i < k; i++) {
            fmpq_mat_init(L->mats + i, n, n);
            fmpq_mat_set(L->mats + i, M->m + i);
        }
    }
    _fmpq_vec_clear(u, k); _fmpq_vec_clear(x, k); _fmpq_vec_clear(v, N);
    lt_free(ks);
    fmpq_mat_clear(T); fmpq_mat_clear(Ti); fmpq_mat_clear(P); fmpq_mat_clear(Q);
    lt_qspace_clear(S);
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
            if (v > ctx->max_dim) { st = lt_err_set(err, LT_ELIMIT, "%s: dim %ld is above --max-dim %ld", where, v, ctx->max_dim); break; }
            if ((st = memory_ok((double)v * v * v * sizeof(fmpq), "the dense bracket table", where, ctx, err))) break;
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
        if (M.n > ctx->max_dim) st = lt_err_set(err, LT_ELIMIT, "%s: more than --max-dim %ld basis matrices", path, ctx->max_dim);
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
    char *text = lt_io_read_file_(path, &len, 1, ctx, err);
    if (!text) return err->status;
    lt_status st;
    if (strlen(text) != len) st = lt_err_set(err, LT_EINPUT, "%s: the file contains a NUL byte", path);
    else if (lt_io_ends_with_(path, ".gap") || *skip(text, 1) == '[') st = lt_io_read_gap_table(L, text, path, ctx, err);
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
    if (*sugg) st = lt_err_set(err, LT_EINPUT, "unknown Lie algebra '%s' (did you mean %s?)", q, sugg);
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

int lt_io_is_liealg(const char *spec)
{
    while (isspace((unsigned char)*spec)) spec++;
    if (gap_prefix(spec)) return 1;
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
    else if (lt_io_ends_with_(spec, ".lie") || lt_io_ends_with_(spec, ".gap") || strchr(spec, '/')) {
        if (!lt_io_file_exists_(spec)) st = lt_err_set(err, LT_EINPUT, "cannot open '%s'", spec);
        else st = lie_file(L, spec, ctx, err);
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
