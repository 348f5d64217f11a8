/* Lie series on real matrices: matrices files with exact entries, MPFR
   matrices with the exponential and the Frobenius and spectral norms, and
   the truncation error of the Magnus expansion of a word.

   References:
   - C. Moler and C. Van Loan, Nineteen dubious ways to compute the
     exponential of a matrix, twenty-five years later, SIAM Review 45 (2003)
     3-49, method 3 (scaling and squaring with a Taylor series). With the
     series summed to the working precision there is no Pade or Taylor
     degree table to choose: the scaling only balances terms against
     squarings, and each squaring doubles the relative error, which the
     guard bits absorb.
   - G. H. Golub and C. F. Van Loan, Matrix Computations, 4th ed. (2013),
     section 8.6.3, and J. Demmel and K. Veselic, Jacobi's method is more
     accurate than QR, SIAM J. Matrix Anal. Appl. 13 (1992) 1204-1245:
     one-sided (Hestenes) Jacobi for the singular values.
   - S. Blanes, F. Casas, J. A. Oteo and J. Ros, The Magnus expansion and
     some of its applications, Phys. Rep. 470 (2009) 151-238: the Magnus
     series converges when sum ||A_t|| < pi, and its truncation after degree
     k leaves an error of order eps^(k+1). */
#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <assert.h>
#include <flint/fmpz.h>
#include <flint/fmpz_mat.h>
#include "lietool/free.h"

/* ------------------------------------------------------------ numbers */

int lt_free_read_q(fmpq_t x, const char *s, const char **end)
{
    const char *p = s;
    int neg = 0;
    if (*p == '+' || *p == '-') { neg = *p == '-'; p++; }
    const char *i0 = p;
    while (isdigit((unsigned char)*p)) p++;
    slong nint = p - i0;
    if (*p == '/') {
        const char *q0 = p + 1, *q = q0;
        while (isdigit((unsigned char)*q)) q++;
        if (nint == 0 || q == q0) return 0;
        char *a = lt_malloc((size_t)(nint + 1)), *b = lt_malloc((size_t)(q - q0 + 1));
        memcpy(a, i0, (size_t)nint); a[nint] = '\0';
        memcpy(b, q0, (size_t)(q - q0)); b[q - q0] = '\0';
        fmpz_t num, den;
        fmpz_init(num); fmpz_init(den);
        fmpz_set_str(num, a, 10);
        fmpz_set_str(den, b, 10);
        lt_free(a); lt_free(b);
        int ok = !fmpz_is_zero(den);
        if (ok) {
            fmpq_set_fmpz_frac(x, num, den);
            if (neg) fmpq_neg(x, x);
            *end = q;
        }
        fmpz_clear(num); fmpz_clear(den);
        return ok;
    }
    const char *f0 = p;
    slong nfrac = 0;
    if (*p == '.') {
        f0 = ++p;
        while (isdigit((unsigned char)*p)) p++;
        nfrac = p - f0;
    }
    if (nint + nfrac == 0) return 0;
    long ex = 0;
    if (*p == 'e' || *p == 'E') {
        const char *q = p + 1;
        int eneg = 0;
        if (*q == '+' || *q == '-') { eneg = *q == '-'; q++; }
        if (!isdigit((unsigned char)*q)) return 0;
        for (; isdigit((unsigned char)*q); q++) {
            ex = 10 * ex + (*q - '0');
            if (ex > 100000) return 0;
        }
        if (eneg) ex = -ex;
        p = q;
    }
    /* the digits as one integer, times 10^(ex - nfrac) */
    char *d = lt_malloc((size_t)(nint + nfrac + 1));
    memcpy(d, i0, (size_t)nint);
    memcpy(d + nint, f0, (size_t)nfrac);
    d[nint + nfrac] = '\0';
    fmpz_t num, pw;
    fmpz_init(num); fmpz_init(pw);
    fmpz_set_str(num, d, 10);
    lt_free(d);
    long e10 = ex - nfrac;
    fmpz_set_ui(pw, 10);
    fmpz_pow_ui(pw, pw, (ulong)(e10 < 0 ? -e10 : e10));
    if (e10 >= 0) {
        fmpz_mul(num, num, pw);
        fmpz_one(pw);
    }
    fmpq_set_fmpz_frac(x, num, pw);
    if (neg) fmpq_neg(x, x);
    fmpz_clear(num); fmpz_clear(pw);
    *end = p;
    return 1;
}

int lt_free_read_positive(long double *out, const char *s, const char **end)
{
    fmpq_t q;
    fmpq_init(q);
    int ok = lt_free_read_q(q, s, end) && fmpq_sgn(q) > 0;
    if (ok) {
        mpfr_t x;
        mpfr_init2(x, 80);
        mpq_t m;
        mpq_init(m);
        fmpq_get_mpq(m, q);
        mpfr_set_q(x, m, MPFR_RNDN);
        *out = mpfr_get_ld(x, MPFR_RNDN);
        ok = isfinite(*out) && *out > 0;
        mpq_clear(m);
        mpfr_clear(x);
    }
    fmpq_clear(q);
    return ok;
}

/* ------------------------------------------------------------ matrices files */

void lt_matfile_init(lt_matfile_t F)
{
    memset(F, 0, sizeof *F);
}

void lt_matfile_clear(lt_matfile_t F)
{
    for (int i = 0; i < F->count; i++) {
        lt_free(F->names[i]);
        _fmpq_vec_clear(F->entries[i], F->n * F->n);
    }
    lt_free(F->names);
    lt_free(F->line);
    lt_free(F->entries);
}

int lt_free_matfile_find(const lt_matfile_t F, const char *name)
{
    for (int i = 0; i < F->count; i++)
        if (strcmp(F->names[i], name) == 0) return i;
    return -1;
}

typedef struct {
    const char *p;
    long line;
    const char *where;
} scan_t;

/* spaces, newlines and comments */
static void skip_ws(scan_t *s)
{
    for (;;) {
        char ch = *s->p;
        if (ch == '\n') { s->line++; s->p++; }
        else if (ch == ' ' || ch == '\t' || ch == '\r' || ch == '\f' || ch == '\v') s->p++;
        else if (ch == '#') { while (*s->p && *s->p != '\n') s->p++; }
        else return;
    }
}

/* the text at p for a message: up to the next delimiter, at most 40 bytes */
static void token_at(char *buf, size_t cap, const char *p)
{
    if (!*p) { snprintf(buf, cap, "end of file"); return; }
    if (*p == '\n') { snprintf(buf, cap, "end of line"); return; }
    size_t k = 0;
    while (p[k] && !strchr(" \t\r\n,[]#=", p[k]) && k < 40 && k + 1 < cap) k++;
    if (k == 0) k = 1;
    char t[48];
    memcpy(t, p, k);
    t[k] = '\0';
    snprintf(buf, cap, "'%s'", t);
}

static lt_status expect(scan_t *s, char ch, const char *what, lt_err_t err)
{
    skip_ws(s);
    if (*s->p == ch) { s->p++; return LT_OK; }
    char tok[64];
    token_at(tok, sizeof tok, s->p);
    return lt_err_set(err, LT_EINPUT, "%s:%ld: expected %s, not %s", s->where, s->line, what, tok);
}

lt_status lt_free_scan_matrix(slong *rows, slong *cols, const char **p, long *line,
                              const char *where, const char *name, const char *kinds,
                              int (*entry)(void *arg, slong k, const char *text, const char **end),
                              void *arg, const lt_ctx_t ctx, lt_err_t err)
{
    scan_t sc = {*p, *line, where}, *s = &sc;
    slong len = 0, nr = 0, nc = -1;
    lt_status st;
    if ((st = expect(s, '[', "'[' to start the matrix", err))) goto done;
    for (;;) {
        if ((st = expect(s, '[', "'[' to start a row", err))) goto done;
        slong k = 0;
        for (;;) {
            skip_ws(s);
            if (k == 0 && *s->p == ']') break;   /* an empty row: reported below */
            const char *e;
            if (!entry(arg, len, s->p, &e) || !(strchr(" \t\r\n,]#", *e) || !*e)) {
                char tok[64];
                token_at(tok, sizeof tok, s->p);
                st = lt_err_set(err, LT_EINPUT, "%s:%ld: entry %s of '%s' is not a number (%s)",
                                s->where, s->line, tok, name, kinds);
                goto done;
            }
            s->p = e;
            len++;
            k++;
            if (k > ctx->max_dim) {
                st = lt_err_set(err, LT_ELIMIT, "%s:%ld: '%s' has more than `max_dim` %ld columns",
                                s->where, s->line, name, ctx->max_dim);
                goto done;
            }
            skip_ws(s);
            if (*s->p == ',') { s->p++; continue; }
            if (*s->p == ']') break;
            char tok[64];
            token_at(tok, sizeof tok, s->p);
            st = lt_err_set(err, LT_EINPUT, "%s:%ld: expected ',' or ']' in a row of '%s', not %s",
                            s->where, s->line, name, tok);
            goto done;
        }
        s->p++;   /* the row's ']' */
        nr++;
        if (k == 0) {
            st = lt_err_set(err, LT_EINPUT, "%s:%ld: row %ld of '%s' is empty", s->where, s->line, (long)nr, name);
            goto done;
        }
        if (nc < 0) nc = k;
        else if (k != nc) {
            st = lt_err_set(err, LT_EINPUT, "%s:%ld: row %ld of '%s' has %ld entries, row 1 has %ld",
                            s->where, s->line, (long)nr, name, (long)k, (long)nc);
            goto done;
        }
        if (nr > ctx->max_dim) {
            st = lt_err_set(err, LT_ELIMIT, "%s:%ld: '%s' has more than `max_dim` %ld rows",
                            s->where, s->line, name, ctx->max_dim);
            goto done;
        }
        skip_ws(s);
        if (*s->p == ',') { s->p++; continue; }
        if (*s->p == ']') { s->p++; break; }
        char tok[64];
        token_at(tok, sizeof tok, s->p);
        st = lt_err_set(err, LT_EINPUT, "%s:%ld: expected ',' or ']' after a row of '%s', not %s",
                        s->where, s->line, name, tok);
        goto done;
    }
    *rows = nr;
    *cols = nc;
done:
    *p = s->p;
    *line = s->line;
    return st;
}

/* entries as exact fractions, in a growing vector */
typedef struct { fmpq *a; slong cap; } qvec;

static int read_q_entry(void *arg, slong k, const char *text, const char **end)
{
    qvec *v = arg;
    if (k == v->cap) {
        fmpq *b = _fmpq_vec_init(2 * v->cap);
        for (slong i = 0; i < k; i++) fmpq_swap(b + i, v->a + i);
        _fmpq_vec_clear(v->a, v->cap);
        v->a = b;
        v->cap *= 2;
    }
    return lt_free_read_q(v->a + k, text, end);
}

/* One matrix "[[...],...,[...]]" for name: *out gets rows*cols entries. */
static lt_status parse_matrix(fmpq **out, slong *rows, slong *cols, scan_t *s, const char *name,
                              const lt_ctx_t ctx, lt_err_t err)
{
    qvec v = {_fmpq_vec_init(16), 16};
    lt_status st = lt_free_scan_matrix(rows, cols, &s->p, &s->line, s->where, name,
                                       "integer, p/q or decimal", read_q_entry, &v, ctx, err);
    if (st) { _fmpq_vec_clear(v.a, v.cap); return st; }
    slong len = *rows * *cols;
    fmpq *b = _fmpq_vec_init(len);
    for (slong i = 0; i < len; i++) fmpq_swap(b + i, v.a + i);
    _fmpq_vec_clear(v.a, v.cap);
    *out = b;
    return LT_OK;
}

lt_status lt_free_matfile_parse(lt_matfile_t F, const char *text, const char *where,
                                const lt_ctx_t ctx, lt_err_t err)
{
    lt_matfile_clear(F);
    lt_matfile_init(F);
    scan_t s = {text, 1, where};
    int cap = 0;
    for (;;) {
        skip_ws(&s);
        if (!*s.p) break;
        long line = s.line;
        const char *n0 = s.p;
        while (isalnum((unsigned char)*s.p) || *s.p == '_') s.p++;
        if (s.p == n0) {
            char tok[64];
            token_at(tok, sizeof tok, s.p);
            lt_err_set(err, LT_EINPUT, "%s:%ld: expected 'name = [[...],...]', not %s", where, line, tok);
            goto fail;
        }
        size_t nl = (size_t)(s.p - n0);
        char *name = lt_malloc(nl + 1);
        memcpy(name, n0, nl);
        name[nl] = '\0';
        int dup = lt_free_matfile_find(F, name);
        if (dup >= 0) {
            lt_err_set(err, LT_EINPUT, "%s:%ld: '%s' is defined twice (first on line %ld)", where, line, name, F->line[dup]);
            lt_free(name);
            goto fail;
        }
        fmpq *a = NULL;
        slong nr = 0, nc = 0;
        if (expect(&s, '=', "'=' after the name", err) || parse_matrix(&a, &nr, &nc, &s, name, ctx, err)) {
            lt_free(name);
            goto fail;
        }
        lt_status st = LT_OK;
        if (nr != nc)
            st = lt_err_set(err, LT_EINPUT, "%s:%ld: '%s' is %ld x %ld, not square", where, line, name, (long)nr, (long)nc);
        else if (F->count > 0 && nr != F->n)
            st = lt_err_set(err, LT_EINPUT, "%s:%ld: '%s' is %ld x %ld, but '%s' (line %ld) is %ld x %ld",
                            where, line, name, (long)nr, (long)nr, F->names[0], F->line[0], (long)F->n, (long)F->n);
        else {
            /* nothing but a comment may follow on the line */
            while (*s.p == ' ' || *s.p == '\t' || *s.p == '\r') s.p++;
            if (*s.p && *s.p != '\n' && *s.p != '#') {
                char tok[64];
                token_at(tok, sizeof tok, s.p);
                st = lt_err_set(err, LT_EINPUT, "%s:%ld: unexpected %s after the matrix '%s'", where, s.line, tok, name);
            }
        }
        if (st) {
            _fmpq_vec_clear(a, nr * nc);
            lt_free(name);
            goto fail;
        }
        if (F->count == cap) {
            cap = cap ? 2 * cap : 8;
            F->names = lt_realloc(F->names, (size_t)cap * sizeof *F->names);
            F->line = lt_realloc(F->line, (size_t)cap * sizeof *F->line);
            F->entries = lt_realloc(F->entries, (size_t)cap * sizeof *F->entries);
        }
        F->n = nr;
        F->names[F->count] = name;
        F->line[F->count] = line;
        F->entries[F->count] = a;
        F->count++;
    }
    return LT_OK;
fail:
    lt_matfile_clear(F);
    lt_matfile_init(F);
    return err->status;
}

/* ------------------------------------------------------------ MPFR matrices */

void lt_rmat_init(lt_rmat_t M, slong n, mpfr_prec_t prec)
{
    assert(n >= 1);
    M->n = n;
    M->prec = prec;
    M->e = lt_malloc((size_t)(n * n) * sizeof(__mpfr_struct));
    for (slong i = 0; i < n * n; i++) {
        mpfr_init2(M->e + i, prec);
        mpfr_set_zero(M->e + i, 1);
    }
}

void lt_rmat_clear(lt_rmat_t M)
{
    for (slong i = 0; i < M->n * M->n; i++) mpfr_clear(M->e + i);
    lt_free(M->e);
}

void lt_rmat_zero(lt_rmat_t M)
{
    for (slong i = 0; i < M->n * M->n; i++) mpfr_set_zero(M->e + i, 1);
}

void lt_rmat_one(lt_rmat_t M)
{
    lt_rmat_zero(M);
    for (slong i = 0; i < M->n; i++) mpfr_set_ui(lt_rmat_entry(M, i, i), 1, MPFR_RNDN);
}

void lt_rmat_set(lt_rmat_t M, const lt_rmat_t A)
{
    assert(M->n == A->n);
    for (slong i = 0; i < M->n * M->n; i++) mpfr_set(M->e + i, A->e + i, MPFR_RNDN);
}

void lt_rmat_set_fmpq(lt_rmat_t M, const fmpq *a, const fmpq_t h)
{
    fmpq_t t;
    fmpq_init(t);
    for (slong i = 0; i < M->n * M->n; i++) {
        if (h) fmpq_mul(t, a + i, h); else fmpq_set(t, a + i);
        fmpq_get_mpfr(M->e + i, t, MPFR_RNDN);
    }
    fmpq_clear(t);
}

void lt_rmat_add(lt_rmat_t C, const lt_rmat_t A, const lt_rmat_t B)
{
    assert(C->n == A->n && C->n == B->n);
    for (slong i = 0; i < C->n * C->n; i++) mpfr_add(C->e + i, A->e + i, B->e + i, MPFR_RNDN);
}

void lt_rmat_sub(lt_rmat_t C, const lt_rmat_t A, const lt_rmat_t B)
{
    assert(C->n == A->n && C->n == B->n);
    for (slong i = 0; i < C->n * C->n; i++) mpfr_sub(C->e + i, A->e + i, B->e + i, MPFR_RNDN);
}

void lt_rmat_addmul_fmpq(lt_rmat_t C, const lt_rmat_t A, const fmpq_t x)
{
    assert(C->n == A->n);
    if (fmpq_is_zero(x)) return;
    mpfr_t t, q;
    mpfr_init2(t, C->prec + 16);
    mpfr_init2(q, C->prec + 16);
    fmpq_get_mpfr(q, x, MPFR_RNDN);
    for (slong i = 0; i < C->n * C->n; i++) {
        if (mpfr_zero_p(A->e + i)) continue;
        mpfr_mul(t, A->e + i, q, MPFR_RNDN);
        mpfr_add(C->e + i, C->e + i, t, MPFR_RNDN);
    }
    mpfr_clear(t);
    mpfr_clear(q);
}

static int bits(ulong n);

/* A = 2^e Z with integers Z of about `nbits` bits (the largest entry of A
   has exactly nbits), each entry rounded to nearest; returns e, or sets
   *zero when A is 0. */
static slong rmat_fixed(fmpz_mat_t Z, int *zero, const lt_rmat_t A, long nbits)
{
    slong n = A->n;
    mpfr_exp_t emax = 0;
    int any = 0;
    for (slong i = 0; i < n * n; i++)
        if (!mpfr_zero_p(A->e + i)) {
            mpfr_exp_t e = mpfr_get_exp(A->e + i);
            if (!any || e > emax) emax = e;
            any = 1;
        }
    *zero = !any;
    if (!any) return 0;
    mpfr_t t;
    mpz_t z;
    mpfr_init2(t, A->prec);
    mpz_init(z);
    for (slong i = 0; i < n; i++)
        for (slong j = 0; j < n; j++) {
            mpfr_mul_2si(t, lt_rmat_entry(A, i, j), nbits - emax, MPFR_RNDN);   /* exact */
            mpfr_get_z(z, t, MPFR_RNDN);
            fmpz_set_mpz(fmpz_mat_entry(Z, i, j), z);
        }
    mpfr_clear(t);
    mpz_clear(z);
    return (slong)emax - nbits;
}

/* In fixed point: each factor becomes an integer matrix scaled by a power
   of 2 (rounding each entry to 2^-(prec + log2(n) + 8) of the largest),
   FLINT multiplies the integer matrices exactly, and the product is
   rounded once. The error is normwise, about 2^-prec ||A|| ||B||, as for
   the usual floating-point product, and products of dyadic matrices whose
   exponents are not too far apart are exact. */
void lt_rmat_mul(lt_rmat_t C, const lt_rmat_t A, const lt_rmat_t B)
{
    assert(C != A && C != B && C->n == A->n && C->n == B->n);
    slong n = C->n;
    long nbits = (long)C->prec + bits((ulong)n) + 8;
    fmpz_mat_t X, Y, Z;
    fmpz_mat_init(X, n, n);
    fmpz_mat_init(Y, n, n);
    fmpz_mat_init(Z, n, n);
    int za, zb;
    slong ea = rmat_fixed(X, &za, A, nbits), eb = rmat_fixed(Y, &zb, B, nbits);
    if (za || zb) lt_rmat_zero(C);
    else {
        fmpz_mat_mul(Z, X, Y);
        for (slong i = 0; i < n; i++)
            for (slong j = 0; j < n; j++) {
                mpfr_ptr c = lt_rmat_entry(C, i, j);
                fmpz_get_mpfr(c, fmpz_mat_entry(Z, i, j), MPFR_RNDN);
                mpfr_mul_2si(c, c, ea + eb, MPFR_RNDN);
            }
    }
    fmpz_mat_clear(X);
    fmpz_mat_clear(Y);
    fmpz_mat_clear(Z);
}

void lt_rmat_bracket(lt_rmat_t C, const lt_rmat_t A, const lt_rmat_t B)
{
    lt_rmat_t T;
    lt_rmat_init(T, C->n, C->prec);
    lt_rmat_mul(C, A, B);
    lt_rmat_mul(T, B, A);
    lt_rmat_sub(C, C, T);
    lt_rmat_clear(T);
}

static int bits(ulong n)
{
    int b = 0;
    while (n) { b++; n >>= 1; }
    return b;
}

static void frobenius(mpfr_t out, const lt_rmat_t M)
{
    mpfr_t s, t;
    mpfr_init2(s, mpfr_get_prec(out) + 16 + 2 * bits((ulong)M->n));
    mpfr_init2(t, mpfr_get_prec(s));
    mpfr_set_zero(s, 1);
    for (slong i = 0; i < M->n * M->n; i++) {
        mpfr_sqr(t, M->e + i, MPFR_RNDN);
        mpfr_add(s, s, t, MPFR_RNDN);
    }
    mpfr_sqrt(out, s, MPFR_RNDN);
    mpfr_clear(s);
    mpfr_clear(t);
}

lt_status lt_rmat_exp(lt_rmat_t E, const lt_rmat_t M, lt_err_t err)
{
    assert(E != M && E->n == M->n);
    slong n = M->n;
    mpfr_t nrm;
    mpfr_init2(nrm, 64);
    frobenius(nrm, M);
    if (mpfr_zero_p(nrm)) {
        mpfr_clear(nrm);
        lt_rmat_one(E);
        return LT_OK;
    }
    if (!mpfr_number_p(nrm) || mpfr_get_exp(nrm) > 30) {
        mpfr_clear(nrm);
        return lt_err_set(err, LT_ENUMERIC, "the matrix exponential of a matrix of norm 2^30 or more overflows");
    }
    long e = mpfr_get_exp(nrm);   /* ||M|| < 2^e */
    mpfr_clear(nrm);
    long j = (long)(sqrt((double)E->prec) / 2);
    if (j < 2) j = 2;
    long s = e + j > 0 ? e + j : 0;   /* ||M / 2^s|| < 2^-j */
    mpfr_prec_t wp = E->prec + s + j + 2 * bits((ulong)n) + 20;
    lt_rmat_t A, X, T, U;
    lt_rmat_init(A, n, wp);
    lt_rmat_init(X, n, wp);
    lt_rmat_init(T, n, wp);
    lt_rmat_init(U, n, wp);
    for (slong i = 0; i < n * n; i++) mpfr_mul_2si(A->e + i, M->e + i, -s, MPFR_RNDN);
    lt_rmat_one(X);
    lt_rmat_add(X, X, A);
    lt_rmat_set(T, A);
    for (ulong k = 2; ; k++) {
        lt_rmat_mul(U, T, A);
        int small = 1;
        for (slong i = 0; i < n * n; i++) {
            mpfr_div_ui(T->e + i, U->e + i, k, MPFR_RNDN);
            if (!mpfr_zero_p(T->e + i) && mpfr_get_exp(T->e + i) > -(mpfr_exp_t)wp - 2) small = 0;
        }
        lt_rmat_add(X, X, T);
        if (small) break;
    }
    for (long i = 0; i < s; i++) {
        lt_rmat_mul(U, X, X);
        lt_rmat_struct tmp = *X; *X = *U; *U = tmp;
    }
    int finite = 1;
    for (slong i = 0; i < n * n; i++) {
        mpfr_set(E->e + i, X->e + i, MPFR_RNDN);
        finite &= mpfr_number_p(E->e + i) != 0;
    }
    lt_rmat_clear(A);
    lt_rmat_clear(X);
    lt_rmat_clear(T);
    lt_rmat_clear(U);
    if (!finite) return lt_err_set(err, LT_ENUMERIC, "the matrix exponential overflowed");
    return LT_OK;
}

/* The largest singular value by one-sided Jacobi: rotate pairs of columns
   of a copy of M until they are orthogonal; the singular values are then
   the column norms. */
static lt_status spectral(mpfr_t out, const lt_rmat_t M, lt_err_t err)
{
    slong n = M->n;
    mpfr_prec_t p = mpfr_get_prec(out);
    mpfr_prec_t wp = (M->prec > p ? M->prec : p) + 16 + 2 * bits((ulong)n);
    lt_rmat_t U;
    lt_rmat_init(U, n, wp);
    lt_rmat_set(U, M);
    mpfr_t al, be, ga, t, z, c, sn, x, y, bound;
    mpfr_init2(al, wp); mpfr_init2(be, wp); mpfr_init2(ga, wp); mpfr_init2(t, wp);
    mpfr_init2(z, wp); mpfr_init2(c, wp); mpfr_init2(sn, wp); mpfr_init2(x, wp);
    mpfr_init2(y, wp); mpfr_init2(bound, wp);
    long tol = p + 4, noise = p + 4 + bits((ulong)n);
    /* the squared column norms, recomputed at each sweep and updated by
       the rotations in between */
    __mpfr_struct *sq = lt_malloc((size_t)n * sizeof *sq);
    for (slong b = 0; b < n; b++) mpfr_init2(sq + b, wp);
    int converged = 0;
    for (int sweep = 0; sweep < 200 && !converged; sweep++) {
        converged = 1;
        for (slong b = 0; b < n; b++) {
            mpfr_set_zero(sq + b, 1);
            for (slong i = 0; i < n; i++) {
                mpfr_sqr(t, lt_rmat_entry(U, i, b), MPFR_RNDN);
                mpfr_add(sq + b, sq + b, t, MPFR_RNDN);
            }
        }
        for (slong a = 0; a < n; a++)
            for (slong b = a + 1; b < n; b++) {
                mpfr_set(al, sq + a, MPFR_RNDN);
                mpfr_set(be, sq + b, MPFR_RNDN);
                mpfr_set_zero(ga, 1);
                for (slong i = 0; i < n; i++) {
                    mpfr_mul(t, lt_rmat_entry(U, i, a), lt_rmat_entry(U, i, b), MPFR_RNDN);
                    mpfr_add(ga, ga, t, MPFR_RNDN);
                }
                if (mpfr_zero_p(ga)) continue;
                /* orthogonal enough: |ga| <= 2^-tol sqrt(al be), or at the
                   level of rounding, |ga| <= 2^-noise max(al, be) */
                mpfr_mul(t, al, be, MPFR_RNDN);
                mpfr_sqrt(t, t, MPFR_RNDN);
                mpfr_mul_2si(t, t, -tol, MPFR_RNDN);
                mpfr_max(bound, al, be, MPFR_RNDN);
                mpfr_mul_2si(bound, bound, -noise, MPFR_RNDN);
                if (mpfr_cmpabs(ga, t) <= 0 || mpfr_cmpabs(ga, bound) <= 0) continue;
                converged = 0;
                /* zeta = (be - al) / (2 ga), t = sign(zeta) / (|zeta| + sqrt(1 + zeta^2)) */
                mpfr_sub(z, be, al, MPFR_RNDN);
                mpfr_div(z, z, ga, MPFR_RNDN);
                mpfr_div_2ui(z, z, 1, MPFR_RNDN);
                mpfr_sqr(t, z, MPFR_RNDN);
                mpfr_add_ui(t, t, 1, MPFR_RNDN);
                mpfr_sqrt(t, t, MPFR_RNDN);
                mpfr_abs(x, z, MPFR_RNDN);
                mpfr_add(t, t, x, MPFR_RNDN);
                mpfr_ui_div(t, 1, t, MPFR_RNDN);
                if (mpfr_sgn(z) < 0) mpfr_neg(t, t, MPFR_RNDN);
                /* c = 1 / sqrt(1 + t^2), s = c t */
                mpfr_sqr(c, t, MPFR_RNDN);
                mpfr_add_ui(c, c, 1, MPFR_RNDN);
                mpfr_rec_sqrt(c, c, MPFR_RNDN);
                mpfr_mul(sn, c, t, MPFR_RNDN);
                /* |ua'|^2 = al - t ga, |ub'|^2 = be + t ga */
                mpfr_mul(x, t, ga, MPFR_RNDN);
                mpfr_sub(sq + a, al, x, MPFR_RNDN);
                mpfr_add(sq + b, be, x, MPFR_RNDN);
                for (slong i = 0; i < n; i++) {
                    mpfr_ptr ua = lt_rmat_entry(U, i, a), ub = lt_rmat_entry(U, i, b);
                    /* ua' = c ua - s ub, ub' = s ua + c ub */
                    mpfr_mul(x, c, ua, MPFR_RNDN);
                    mpfr_mul(y, sn, ub, MPFR_RNDN);
                    mpfr_sub(x, x, y, MPFR_RNDN);
                    mpfr_mul(y, sn, ua, MPFR_RNDN);
                    mpfr_mul(t, c, ub, MPFR_RNDN);
                    mpfr_add(ub, y, t, MPFR_RNDN);
                    mpfr_set(ua, x, MPFR_RNDN);
                }
            }
    }
    lt_status st = LT_OK;
    if (!converged)
        st = lt_err_set(err, LT_ENUMERIC, "the spectral norm: Jacobi's method did not converge in 200 sweeps");
    else {
        mpfr_set_zero(bound, 1);
        for (slong b = 0; b < n; b++) {
            mpfr_set_zero(al, 1);
            for (slong i = 0; i < n; i++) {
                mpfr_sqr(t, lt_rmat_entry(U, i, b), MPFR_RNDN);
                mpfr_add(al, al, t, MPFR_RNDN);
            }
            mpfr_max(bound, bound, al, MPFR_RNDN);
        }
        mpfr_sqrt(out, bound, MPFR_RNDN);
    }
    for (slong b = 0; b < n; b++) mpfr_clear(sq + b);
    lt_free(sq);
    mpfr_clear(al); mpfr_clear(be); mpfr_clear(ga); mpfr_clear(t); mpfr_clear(z);
    mpfr_clear(c); mpfr_clear(sn); mpfr_clear(x); mpfr_clear(y); mpfr_clear(bound);
    lt_rmat_clear(U);
    return st;
}

lt_status lt_rmat_norm(mpfr_t out, const lt_rmat_t M, lt_norm_kind kind, lt_err_t err)
{
    if (kind == LT_NORM_SPECTRAL) return spectral(out, M, err);
    frobenius(out, M);
    return LT_OK;
}

/* ------------------------------------------------------------ Magnus */

lt_status lt_free_magnus_errors(mpfr_ptr errors, mpfr_t eps, mpfr_t comm, long K,
                                const lt_lyndon_t B, const fmpq *c, slong m, const int *letters,
                                const fmpq *const *gens, slong n, const fmpq_t h,
                                lt_norm_kind norm, mpfr_prec_t prec, char *const *names,
                                const lt_ctx_t ctx, lt_err_t err)
{
    assert(K >= 1 && m >= 1 && n >= 1);
    assert(B->r == 1 || B->N >= (K > 2 ? K : 2));
    int r = B->r;
    long D = K < B->N ? K : B->N;           /* degrees of Omega evaluated */
    long top = B->N >= 2 ? (D > 2 ? D : 2) : 1;
    slong ne = B->deg_start[top + 1];       /* elements of degree <= top */
    mpfr_prec_t wp = prec + 32 + 2 * bits((ulong)n);
    /* memory: the brackets, the letters' exponentials and a few more */
    double bytes = (double)(ne + r + 6) * (double)(n * n)
                 * ((double)sizeof(__mpfr_struct) + (double)((wp + GMP_NUMB_BITS - 1) / GMP_NUMB_BITS) * sizeof(mp_limb_t));
    if (bytes > (double)ctx->max_memory_mb * 1048576.0)
        return lt_err_set(err, LT_ELIMIT, "evaluating %ld brackets on %ld x %ld matrices at %ld bits needs %.0f MiB, more than `max_memory` %ld",
                          (long)ne, (long)n, (long)n, (long)wp, bytes / 1048576.0 + 1, ctx->max_memory_mb);
    lt_status st = LT_OK;
    lt_rmat_struct *E = lt_malloc((size_t)ne * sizeof *E);
    lt_rmat_struct *X = lt_malloc((size_t)r * sizeof *X);   /* exp(h A_j) */
    for (slong i = 0; i < ne; i++) lt_rmat_init(E + i, n, wp);
    for (int j = 0; j < r; j++) lt_rmat_init(X + j, n, wp);
    lt_rmat_t P, S, Y, T;
    lt_rmat_init(P, n, wp);
    lt_rmat_init(S, n, wp);
    lt_rmat_init(Y, n, wp);
    lt_rmat_init(T, n, wp);
    mpfr_t nrm;
    mpfr_init2(nrm, wp);
    /* the brackets: the letters are elements 0..r-1 */
    for (slong i = 0; i < ne; i++) {
        if (B->left[i] < 0) lt_rmat_set_fmpq(E + i, gens[i], h);
        else lt_rmat_bracket(E + i, E + B->left[i], E + B->right[i]);
    }
    /* generator mass and the product */
    mpfr_set_zero(eps, 1);
    mpfr_t *ln = lt_malloc((size_t)r * sizeof *ln);
    for (int j = 0; j < r; j++) {
        mpfr_init2(ln[j], wp);
        if (!st) st = lt_rmat_norm(ln[j], E + j, norm, err);
        if (!st && (st = lt_rmat_exp(X + j, E + j, err))) {
            if (names) lt_err_prefix(err, "exp(h A) for letter '%s'", names[j]);
            else lt_err_prefix(err, "exp(h A) for letter %d", j);
        }
    }
    if (st) goto out;
    mpfr_set_zero(nrm, 1);
    for (slong s = 0; s < m; s++) mpfr_add(nrm, nrm, ln[letters[s]], MPFR_RNDN);
    mpfr_set(eps, nrm, MPFR_RNDN);
    lt_rmat_one(P);
    for (slong s = 0; s < m; s++) {
        lt_rmat_mul(T, P, X + letters[s]);
        lt_rmat_set(P, T);
    }
    /* the commutator mass */
    lt_rmat_zero(S);
    if (top >= 2)
        for (slong i = B->deg_start[2]; i < B->deg_start[3]; i++) lt_rmat_addmul_fmpq(S, E + i, c + i);
    if ((st = lt_rmat_norm(nrm, S, norm, err))) goto out;
    mpfr_set(comm, nrm, MPFR_RNDN);
    /* the truncations */
    lt_rmat_zero(S);
    for (long k = 1; k <= K; k++) {
        if (ctx->progress) ctx->progress(ctx->progress_arg, "magnus: orders", (double)(k - 1), (double)K);
        if (k > D) {   /* one letter: nothing beyond degree 1 */
            mpfr_set(errors + k - 1, errors + k - 2, MPFR_RNDN);
            continue;
        }
        for (slong i = B->deg_start[k]; i < B->deg_start[k + 1]; i++) lt_rmat_addmul_fmpq(S, E + i, c + i);
        if ((st = lt_rmat_exp(Y, S, err))) {
            lt_err_prefix(err, "exp(Omega^[%ld])", k);
            goto out;
        }
        lt_rmat_sub(T, Y, P);
        if ((st = lt_rmat_norm(nrm, T, norm, err))) goto out;
        if (!mpfr_number_p(nrm)) {
            st = lt_err_set(err, LT_ENUMERIC, "the error at order %ld overflowed", k);
            goto out;
        }
        mpfr_set(errors + k - 1, nrm, MPFR_RNDN);
    }
    if (ctx->progress) ctx->progress(ctx->progress_arg, "magnus: orders", (double)K, (double)K);
out:
    for (int j = 0; j < r; j++) mpfr_clear(ln[j]);
    lt_free(ln);
    mpfr_clear(nrm);
    lt_rmat_clear(P);
    lt_rmat_clear(S);
    lt_rmat_clear(Y);
    lt_rmat_clear(T);
    for (slong i = 0; i < ne; i++) lt_rmat_clear(E + i);
    for (int j = 0; j < r; j++) lt_rmat_clear(X + j);
    lt_free(E);
    lt_free(X);
    return st;
}
