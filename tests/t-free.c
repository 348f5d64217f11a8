/* The free Lie algebra: Lyndon words and Witt's formula, the BCH series in
   the Lyndon basis (golden values, an independent computation in the free
   associative algebra, and a floating-point check on matrices), and single
   word coefficients against the whole series. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <flint/fmpz.h>
#include "lietool.h"
#include "unit.h"

static lt_ctx_t ctx;

/* ------------------------------------------------------------ Lyndon words */

/* The definition: w is strictly smaller than each of its proper suffixes
   (quadratic; independent of the library's linear test). */
static int lyndon_by_definition(const unsigned char *w, slong n)
{
    for (slong s = 1; s < n; s++) {
        slong l = n - s, m = l < n ? l : n, i = 0;
        while (i < m && w[s + i] == w[i]) i++;
        /* suffix w[s..) vs w: the suffix is a proper prefix of w, or smaller */
        if (i == l || (i < m && w[s + i] < w[i])) return 0;
    }
    return 1;
}

static void parse_word(unsigned char *w, const char *s)
{
    for (slong i = 0; s[i]; i++) w[i] = (unsigned char)(s[i] == 'X' ? 0 : s[i] == 'Y' ? 1 : 2);
}

static void test_witt(void)
{
    unit_case = "witt";
    mpz_t z;
    mpz_init(z);
    static const struct { ulong r, n; long want; } one[] = {
        {2, 1, 2}, {2, 2, 1}, {2, 3, 2}, {2, 4, 3}, {2, 5, 6}, {2, 6, 9}, {2, 7, 18}, {2, 8, 30},
        {2, 12, 335}, {2, 20, 52377},
        {3, 1, 3}, {3, 2, 3}, {3, 3, 8}, {3, 4, 18}, {3, 5, 48}, {3, 6, 116}, {3, 7, 312}, {3, 8, 810},
        {1, 1, 1}, {1, 2, 0}, {1, 7, 0}, {5, 2, 10},
    };
    for (size_t i = 0; i < sizeof one / sizeof *one; i++) {
        lt_free_witt(z, one[i].r, one[i].n);
        CHECK(mpz_cmp_si(z, one[i].want) == 0, "witt(%lu,%lu) = %s, expected %ld", one[i].r, one[i].n,
              mpz_get_str(NULL, 10, z), one[i].want);
    }
    static const struct { ulong r, N; long want; } tot[] = {
        {2, 18, 31042}, {2, 20, 111013}, {2, 10, 226}, {3, 6, 196}, {1, 9, 1},
    };
    for (size_t i = 0; i < sizeof tot / sizeof *tot; i++) {
        lt_free_witt_total(z, tot[i].r, tot[i].N);
        CHECK(mpz_cmp_si(z, tot[i].want) == 0, "witt total(%lu,%lu) = %s, expected %ld", tot[i].r, tot[i].N,
              mpz_get_str(NULL, 10, z), tot[i].want);
    }
    /* an exact value beyond 64 bits: degree 70 on 2 letters */
    lt_free_witt(z, 2, 70);
    char *s70 = mpz_get_str(NULL, 10, z);
    CHECK(strcmp(s70, "16865594581186450683") == 0, "witt(2,70) = %s", s70);
    flint_free(s70);
    mpz_clear(z);
}

/* A case on the Lyndon basis B of r letters to degree N: unit_case set
   to name (which outlives the case), err initialised, B built (its
   status returned, a failure counted). */
static lt_status basis_case(lt_lyndon_t B, lt_err_t err, const char *name, int r, int N)
{
    unit_case = name;
    lt_err_init(err);
    lt_lyndon_init(B);
    lt_status st = lt_free_lyndon_basis(B, r, N, ctx, err);
    CHECK(st == LT_OK, "basis: %s", err->msg);
    return st;
}

/* Every law of the basis: counts by Witt, order, Lyndon property, the
   standard factorisation (left right = word, right the longest proper
   Lyndon suffix, both factors in the basis). */
static void check_basis(int r, int N)
{
    char cs[32];
    snprintf(cs, sizeof cs, "basis r=%d N=%d", r, N);
    lt_err_t err;
    lt_lyndon_t B;
    if (basis_case(B, err, cs, r, N)) return;
    mpz_t z;
    mpz_init(z);
    lt_free_witt_total(z, (ulong)r, (ulong)N);
    CHECK(mpz_cmp_si(z, B->n) == 0, "%ld elements, Witt says %s", (long)B->n, mpz_get_str(NULL, 10, z));
    int bad_deg = 0, bad_order = 0, bad_lyndon = 0, bad_fact = 0;
    for (int k = 1; k <= B->N; k++) {
        lt_free_witt(z, (ulong)r, (ulong)k);
        if (mpz_cmp_si(z, B->deg_start[k + 1] - B->deg_start[k]) != 0) bad_deg++;
    }
    for (slong i = 0; i < B->n; i++) {
        slong k = lt_lyndon_degree(B, i);
        unsigned char w[256], w0[256], wa[256], wb[256];
        lt_lyndon_word(B, i, w);
        if (i > 0) {
            slong k0 = lt_lyndon_degree(B, i - 1);
            if (k0 > k || (k0 == k && memcmp(lt_lyndon_word(B, i - 1, w0), w, (size_t)k) >= 0)) bad_order++;
        }
        if (!lyndon_by_definition(w, k) || !lt_free_is_lyndon(w, k) || lt_free_lyndon_find(B, w, k) != i) bad_lyndon++;
        if (k == 1) { if (B->left[i] != -1 || B->right[i] != -1) bad_fact++; continue; }
        slong a = B->left[i], b = B->right[i], ka = lt_lyndon_degree(B, a), kb = lt_lyndon_degree(B, b);
        if (ka + kb != k || memcmp(lt_lyndon_word(B, a, wa), w, (size_t)ka) || memcmp(lt_lyndon_word(B, b, wb), w + ka, (size_t)kb))
            bad_fact++;
        for (slong s = 1; s < ka; s++)
            if (lyndon_by_definition(w + s, k - s)) { bad_fact++; break; }
    }
    CHECK(bad_deg == 0, "%d degrees whose count differs from Witt's formula", bad_deg);
    CHECK(bad_order == 0, "%d elements out of order", bad_order);
    CHECK(bad_lyndon == 0, "%d elements that are not Lyndon words or not found", bad_lyndon);
    CHECK(bad_fact == 0, "%d wrong standard factorisations", bad_fact);
    mpz_clear(z);
    lt_lyndon_clear(B);
}

static void test_lyndon(void)
{
    check_basis(2, 18);     /* 31,042 elements */
    check_basis(3, 8);
    check_basis(4, 6);
    check_basis(5, 5);      /* 4 bits a letter */
    check_basis(17, 3);     /* a byte a letter */
    check_basis(2, 9);      /* words of 9 letters across two bytes */
    check_basis(1, 5);
    check_basis(2, 1);

    unit_case = "lyndon test";
    static const struct { const char *w; int lyndon; } lw[] = {
        {"X", 1}, {"XY", 1}, {"YX", 0}, {"XX", 0}, {"XXY", 1}, {"XYX", 0}, {"XYXY", 0}, {"XYY", 1},
        {"XXYXY", 1}, {"XYXYY", 1}, {"XYXXY", 0}, {"XXYXXYY", 1}, {"XXYXXY", 0}, {"XZY", 1}, {"XYZ", 1}, {"YXZ", 0},
    };
    unsigned char w[32];
    for (size_t i = 0; i < sizeof lw / sizeof *lw; i++) {
        slong n = (slong)strlen(lw[i].w);
        parse_word(w, lw[i].w);
        CHECK(lt_free_is_lyndon(w, n) == lw[i].lyndon, "%s: is_lyndon %d", lw[i].w, lt_free_is_lyndon(w, n));
    }

    /* standard factorisations and bracketings, by hand */
    unit_case = "factorisation";
    lt_err_t err;
    lt_err_init(err);
    lt_lyndon_t B;
    lt_lyndon_init(B);
    lt_free_lyndon_basis(B, 2, 8, ctx, err);
    static const struct { const char *w, *u, *v, *bracket; } f[] = {
        {"XY", "X", "Y", "[X,Y]"},
        {"XXY", "X", "XY", "[X,[X,Y]]"},
        {"XYY", "XY", "Y", "[[X,Y],Y]"},
        {"XXYY", "X", "XYY", "[X,[[X,Y],Y]]"},
        {"XYYY", "XYY", "Y", "[[[X,Y],Y],Y]"},
        {"XXYXY", "XXY", "XY", "[[X,[X,Y]],[X,Y]]"},
        {"XYXYY", "XY", "XYY", "[[X,Y],[[X,Y],Y]]"},
        {"XXYXYY", "X", "XYXYY", "[X,[[X,Y],[[X,Y],Y]]]"},
        {"XXYXXYY", "XXY", "XXYY", "[[X,[X,Y]],[X,[[X,Y],Y]]]"},
        {"XYXYYXYY", "XYXYY", "XYY", "[[[X,Y],[[X,Y],Y]],[[X,Y],Y]]"},
    };
    for (size_t i = 0; i < sizeof f / sizeof *f; i++) {
        slong n = (slong)strlen(f[i].w);
        parse_word(w, f[i].w);
        slong s = lt_free_lyndon_split(w, n);
        CHECK(s == (slong)strlen(f[i].u), "%s: split at %ld, expected after %s", f[i].w, (long)s, f[i].u);
        slong e = lt_free_lyndon_find(B, w, n);
        CHECK(e >= 0, "%s not in the basis", f[i].w);
        if (e < 0) continue;
        char *ws = lt_lyndon_word_str(B, e), *bs = lt_lyndon_bracket_str(B, e);
        char *us = lt_lyndon_word_str(B, B->left[e]), *vs = lt_lyndon_word_str(B, B->right[e]);
        CHECK(strcmp(ws, f[i].w) == 0, "%s printed as %s", f[i].w, ws);
        CHECK(strcmp(us, f[i].u) == 0 && strcmp(vs, f[i].v) == 0, "%s = %s.%s, expected %s.%s", f[i].w, us, vs, f[i].u, f[i].v);
        CHECK(strcmp(bs, f[i].bracket) == 0, "%s bracketed %s, expected %s", f[i].w, bs, f[i].bracket);
        lt_free(ws); lt_free(bs); lt_free(us); lt_free(vs);
    }
    /* not in the basis */
    static const char *nl[] = {"YX", "XYXY", "XX", "XYX"};
    for (size_t i = 0; i < sizeof nl / sizeof *nl; i++) {
        parse_word(w, nl[i]);
        CHECK(lt_free_lyndon_find(B, w, (slong)strlen(nl[i])) == -1, "%s found in the basis", nl[i]);
    }
    /* the index of a few words in the basis (1-based, as the tables print it) */
    parse_word(w, "XYXYY");
    CHECK(lt_free_lyndon_find(B, w, 5) + 1 == 13, "XYXYY is element %ld, expected 13", (long)lt_free_lyndon_find(B, w, 5) + 1);
    lt_lyndon_clear(B);

    /* the same basis as fnil(r,c) (src/io): its dimension is the count */
    unit_case = "fnil dimension";
    static const int fr[][2] = {{2, 1}, {2, 4}, {2, 6}, {3, 3}, {3, 4}, {4, 2}, {1, 5}};
    for (size_t i = 0; i < sizeof fr / sizeof *fr; i++) {
        char spec[32];
        snprintf(spec, sizeof spec, "fnil(%d,%d)", fr[i][0], fr[i][1]);
        lt_liealg_t L;
        lt_liealg_init(L);
        lt_err_init(err);
        lt_status st = lt_io_liealg(L, NULL, spec, ctx, err);
        lt_lyndon_init(B);
        lt_free_lyndon_basis(B, fr[i][0], fr[i][1], ctx, err);
        CHECK(st == LT_OK && L->dim == B->n, "%s: dimension %ld, Lyndon basis %ld (%s)", spec, (long)L->dim, (long)B->n, err->msg);
        lt_lyndon_clear(B);
        lt_liealg_clear(L);
    }

    /* letter names */
    unit_case = "letter names";
    char nm[8];
    lt_free_letter_name(nm, 2, 1); CHECK(strcmp(nm, "Y") == 0, "r=2 letter 1 is %s", nm);
    lt_free_letter_name(nm, 3, 2); CHECK(strcmp(nm, "Z") == 0, "r=3 letter 2 is %s", nm);
    lt_free_letter_name(nm, 4, 3); CHECK(strcmp(nm, "d") == 0, "r=4 letter 3 is %s", nm);
    lt_free_letter_name(nm, 1, 0); CHECK(strcmp(nm, "X") == 0, "r=1 letter 0 is %s", nm);

    /* bad input and limits */
    unit_case = "basis errors";
    static const struct { int r; long N; long max_enum; lt_status st; const char *msg; } bad[] = {
        {0, 3, 10000000, LT_EINPUT, "number of letters"},
        {256, 3, 10000000, LT_EINPUT, "number of letters"},
        {2, 0, 10000000, LT_EINPUT, "degree"},
        {2, 10, 225, LT_ELIMIT, "has 226 elements, more than --max-enum 225"},
        {2, 40, 10000000, LT_ELIMIT, "--max-enum"},
        {2, 100000, 10000000, LT_ELIMIT, "--max-enum"},
        {2, 10, 226, LT_OK, ""},
        {2, 40, 1000000000000000000L, LT_ELIMIT, "more than the 2^31 - 1 it can hold"},
        {1, 1000000000, 10, LT_OK, ""},
    };
    for (size_t i = 0; i < sizeof bad / sizeof *bad; i++) {
        lt_ctx_t c2;
        lt_ctx_init(c2);
        c2->max_enum = bad[i].max_enum;
        lt_lyndon_init(B);
        lt_err_init(err);
        lt_status st = lt_free_lyndon_basis(B, bad[i].r, bad[i].N, c2, err);
        CHECK(st == bad[i].st && strstr(err->msg, bad[i].msg), "r=%d N=%ld: status %d '%s'", bad[i].r, bad[i].N, st, err->msg);
        lt_lyndon_clear(B);
    }
}

/* ------------------------------------------ the free associative algebra */

/* Dense truncated series on r letters up to degree D: the coefficient of a
   word of length k and base-r code x is a[off[k] + x]. */
typedef struct { int r, D; slong size; slong off[16]; fmpq *a; } series;

static void series_init(series *S, int r, int D)
{
    S->r = r; S->D = D;
    slong p = 1, o = 0;
    for (int k = 0; k <= D; k++) { S->off[k] = o; o += p; p *= r; }
    S->off[D + 1] = o;
    S->size = o;
    S->a = _fmpq_vec_init(o);
}
static void series_clear(series *S) { _fmpq_vec_clear(S->a, S->size); }

/* a += c b */
static void vec_addmul(fmpq *a, const fmpq *b, slong n, const fmpq_t c)
{
    for (slong i = 0; i < n; i++)
        if (!fmpq_is_zero(b + i)) fmpq_addmul(a + i, b + i, c);
}

static slong rpow(int r, int k) { slong p = 1; while (k--) p *= r; return p; }

/* C = A B truncated (C distinct from A and B). */
static void series_mul(series *C, const series *A, const series *B)
{
    lt_qvec_zero(C->a, C->size);
    int r = A->r, D = A->D;
    for (int i = 0; i <= D; i++)
        for (slong x = 0; x < rpow(r, i); x++) {
            const fmpq *ax = A->a + A->off[i] + x;
            if (fmpq_is_zero(ax)) continue;
            for (int j = 0; i + j <= D; j++) {
                slong pj = rpow(r, j);
                for (slong y = 0; y < pj; y++) {
                    const fmpq *by = B->a + B->off[j] + y;
                    if (!fmpq_is_zero(by)) fmpq_addmul(C->a + C->off[i + j] + x * pj + y, ax, by);
                }
            }
        }
}

/* E = exp(t x_l) truncated. */
static void series_exp_letter(series *E, int l, const fmpq_t t)
{
    lt_qvec_zero(E->a, E->size);
    fmpq_t c, f;
    fmpq_init(c); fmpq_init(f);
    fmpq_one(c);
    slong code = 0;
    for (int k = 0; k <= E->D; k++) {
        fmpq_set(E->a + E->off[k] + code, c);   /* t^k / k! */
        fmpq_set_si(f, 1, (ulong)k + 1);
        fmpq_mul(c, c, t);
        fmpq_mul(c, c, f);
        code = code * E->r + l;
    }
    fmpq_clear(c); fmpq_clear(f);
}

/* Z = log(A), A with constant term 1: sum_k (-1)^(k+1) (A-1)^k / k. */
static void series_log(series *Z, const series *A)
{
    series W, P, T;
    series_init(&W, A->r, A->D); series_init(&P, A->r, A->D); series_init(&T, A->r, A->D);
    lt_qvec_set(W.a, A->a, A->size);
    fmpq_zero(W.a);
    lt_qvec_set(P.a, W.a, W.size);
    lt_qvec_zero(Z->a, Z->size);
    fmpq_t c;
    fmpq_init(c);
    for (int k = 1; k <= A->D; k++) {
        fmpq_set_si(c, (k & 1) ? 1 : -1, (ulong)k);
        vec_addmul(Z->a, P.a, P.size, c);
        series_mul(&T, &P, &W);
        lt_qvec_set(P.a, T.a, T.size);
    }
    fmpq_clear(c);
    series_clear(&W); series_clear(&P); series_clear(&T);
}

/* The expansion of the bracket P_i as a dense vector of words of its degree. */
static fmpq *bracket_words(const lt_lyndon_t B, slong i)
{
    int k = lt_lyndon_degree(B, i), r = B->r;
    fmpq *v = _fmpq_vec_init(rpow(r, k));
    unsigned char w[256];
    if (k == 1) { fmpq_one(v + lt_lyndon_word(B, i, w)[0]); return v; }
    slong a = B->left[i], b = B->right[i];
    int ka = lt_lyndon_degree(B, a), kb = lt_lyndon_degree(B, b);
    fmpq *pa = bracket_words(B, a), *pb = bracket_words(B, b);
    for (slong x = 0; x < rpow(r, ka); x++)
        for (slong y = 0; y < rpow(r, kb); y++) {
            fmpq_addmul(v + x * rpow(r, kb) + y, pa + x, pb + y);
            fmpq_submul(v + y * rpow(r, ka) + x, pb + y, pa + x);
        }
    _fmpq_vec_clear(pa, rpow(r, ka));
    _fmpq_vec_clear(pb, rpow(r, kb));
    return v;
}

/* Two methods: the library's Lyndon coordinates of log(prod exp(t_s x_{l_s})),
   expanded into words, equal the series computed densely in the free
   associative algebra, every word of every degree up to D (so the series
   is a Lie element and the projection is right). */
static void check_two_methods(const char *name, int r, int D, int m, const int *l, const char *const *ts)
{
    unit_case = name;
    lt_err_t err;
    lt_err_init(err);
    lt_lyndon_t B;
    lt_lyndon_init(B);
    lt_free_lyndon_basis(B, r, D, ctx, err);
    fmpq *t = _fmpq_vec_init(m), *c = _fmpq_vec_init(B->n);
    for (int s = 0; s < m; s++) fmpq_set_str(t + s, ts[s], 10);
    lt_status st = lt_free_log_exp(c, B, m, l, t, ctx, err);
    CHECK(st == LT_OK, "log_exp failed: %s", err->msg);
    series M, E, T, Z;
    series_init(&M, r, D); series_init(&E, r, D); series_init(&T, r, D); series_init(&Z, r, D);
    fmpq_one(M.a);
    for (int s = 0; s < m; s++) {
        series_exp_letter(&E, l[s], t + s);
        series_mul(&T, &M, &E);
        lt_qvec_set(M.a, T.a, T.size);
    }
    series_log(&Z, &M);
    /* subtract the Lyndon expansion */
    for (slong i = 0; i < B->n; i++) {
        if (fmpq_is_zero(c + i)) continue;
        int k = lt_lyndon_degree(B, i);
        fmpq *v = bracket_words(B, i);
        fmpq_neg(c + i, c + i);
        vec_addmul(Z.a + Z.off[k], v, rpow(r, k), c + i);
        fmpq_neg(c + i, c + i);
        _fmpq_vec_clear(v, rpow(r, k));
    }
    fmpq_zero(Z.a);
    slong bad = 0;
    for (slong x = 0; x < Z.size; x++) bad += !fmpq_is_zero(Z.a + x);
    CHECK(bad == 0, "%ld word coefficients differ between the Lyndon form and the direct series", (long)bad);
    series_clear(&M); series_clear(&E); series_clear(&T); series_clear(&Z);
    _fmpq_vec_clear(t, m);
    _fmpq_vec_clear(c, B->n);
    lt_lyndon_clear(B);
}

/* ------------------------------------------------------------------- BCH */

static void test_bch_golden(void)
{
    unit_case = "bch golden";
    lt_err_t err;
    lt_err_init(err);
    lt_lyndon_t B;
    lt_lyndon_init(B);
    lt_free_lyndon_basis(B, 2, 5, ctx, err);
    fmpq *c = _fmpq_vec_init(B->n);
    lt_status st = lt_free_bch(c, B, 0, ctx, err);
    CHECK(st == LT_OK, "bch failed: %s", err->msg);
    /* Z1 = X+Y, Z2 = 1/2[X,Y], Z3 = 1/12[X,[X,Y]] + 1/12[[X,Y],Y],
       Z4 = 1/24[X,[[X,Y],Y]], Z5 in Lyndon order XXXXY, XXXYY, XXYXY,
       XXYYY, XYXYY, XYYYY */
    static const char *want[14] = {"1", "1", "1/2", "1/12", "1/12", "0", "1/24", "0",
                                   "-1/720", "1/180", "1/360", "1/180", "1/120", "-1/720"};
    CHECK(B->n == 14, "the basis to degree 5 has %ld elements", (long)B->n);
    for (slong i = 0; i < B->n && i < 14; i++) {
        char *s = fmpq_get_str(NULL, 10, c + i), *w = lt_lyndon_word_str(B, i);
        CHECK(strcmp(s, want[i]) == 0, "coefficient of %s is %s, expected %s", w, s, want[i]);
        flint_free(s);
        lt_free(w);
    }
    _fmpq_vec_clear(c, B->n);
    lt_lyndon_clear(B);

    /* the symmetric series: X + Y - 1/24[X,[X,Y]] + 1/12[[X,Y],Y] + ..., and
       no even degree above 1 */
    unit_case = "bch symmetric";
    lt_lyndon_init(B);
    lt_free_lyndon_basis(B, 2, 10, ctx, err);
    c = _fmpq_vec_init(B->n);
    st = lt_free_bch(c, B, 1, ctx, err);
    CHECK(st == LT_OK, "symmetric bch failed: %s", err->msg);
    static const char *wsym[5] = {"1", "1", "0", "-1/24", "1/12"};
    for (slong i = 0; i < 5; i++) {
        char *s = fmpq_get_str(NULL, 10, c + i);
        CHECK(strcmp(s, wsym[i]) == 0, "symmetric coefficient %ld is %s, expected %s", (long)i + 1, s, wsym[i]);
        flint_free(s);
    }
    slong even = 0, odd = 0;
    for (slong i = 0; i < B->n; i++) {
        if (fmpq_is_zero(c + i)) continue;
        if (lt_lyndon_degree(B, i) % 2 == 0) even++; else odd++;
    }
    CHECK(even == 0, "%ld non-zero coefficients in even degrees", (long)even);
    CHECK(odd > 50, "only %ld non-zero odd coefficients", (long)odd);
    _fmpq_vec_clear(c, B->n);
    lt_lyndon_clear(B);

    /* the plain series to degree 10: every degree non-zero, and the
       numbers of non-zero coefficients of the published tables (degree 4
       has 1, since XXXY and XYYY vanish) */
    unit_case = "bch degree 10";
    lt_lyndon_init(B);
    lt_free_lyndon_basis(B, 2, 10, ctx, err);
    c = _fmpq_vec_init(B->n);
    st = lt_free_bch(c, B, 0, ctx, err);
    CHECK(st == LT_OK, "bch 10 failed: %s", err->msg);
    slong nz[11] = {0};
    for (slong i = 0; i < B->n; i++) nz[lt_lyndon_degree(B, i)] += !fmpq_is_zero(c + i);
    CHECK(nz[1] == 2 && nz[2] == 1 && nz[3] == 2 && nz[4] == 1 && nz[5] == 6, "nonzero per degree %ld %ld %ld %ld %ld",
          (long)nz[1], (long)nz[2], (long)nz[3], (long)nz[4], (long)nz[5]);
    for (int k = 6; k <= 10; k++) CHECK(nz[k] > 0, "degree %d is zero", k);
    _fmpq_vec_clear(c, B->n);
    lt_lyndon_clear(B);

    /* the limits */
    unit_case = "bch errors";
    lt_lyndon_init(B);
    lt_free_lyndon_basis(B, 3, 3, ctx, err);
    c = _fmpq_vec_init(B->n);
    lt_err_init(err);
    st = lt_free_bch(c, B, 0, ctx, err);
    CHECK(st == LT_EINPUT && strstr(err->msg, "2 letters"), "bch on 3 letters: %d '%s'", st, err->msg);
    int bad_letter[1] = {3};
    fmpq_one(c);
    lt_err_init(err);
    st = lt_free_log_exp(c + 1, B, 1, bad_letter, c, ctx, err);
    CHECK(st == LT_EINPUT && strstr(err->msg, "letter 3"), "letter 3 of 3: %d '%s'", st, err->msg);
    _fmpq_vec_clear(c, B->n);
    lt_lyndon_clear(B);
    lt_lyndon_init(B);
    lt_free_lyndon_basis(B, 2, 14, ctx, err);
    c = _fmpq_vec_init(B->n);
    lt_ctx_t c2;
    lt_ctx_init(c2);
    c2->max_memory_mb = 1;
    lt_err_init(err);
    int lxy[2] = {0, 1};
    fmpq t2[2];
    fmpq_init(t2); fmpq_init(t2 + 1);
    fmpq_one(t2); fmpq_one(t2 + 1);
    st = lt_free_log_exp_plain(c, B, 2, lxy, t2, c2, err);
    CHECK(st == LT_ELIMIT && strstr(err->msg, "--max-memory 1 MiB"), "plain bch 14 in 1 MiB: %d '%s'", st, err->msg);
    fmpq_clear(t2); fmpq_clear(t2 + 1);
    _fmpq_vec_clear(c, B->n);
    lt_lyndon_clear(B);
}

/* The symmetric route (W = log(e^(X/2) e^Y e^(X/2)) by classes, held
   compactly, Z = exp(ad X/2) W formed when read) against the plain one
   (log(e^X e^Y) directly, through the expansions of the brackets, no
   symmetry); the top degree read without its basis (bch --table of even
   degree) against the basis; the estimate's dimension against the basis. */
static void test_bch_symmetric_plain(void)
{
    unit_case = "bch symmetric = plain";
    lt_err_t err;
    lt_err_init(err);
    for (long N = 1; N <= 14; N++) {
        lt_lyndon_t B;
        lt_lyndon_init(B);
        lt_free_lyndon_basis(B, 2, N, ctx, err);
        fmpq *z = _fmpq_vec_init(B->n), *p = _fmpq_vec_init(B->n);
        lt_status st = lt_free_bch(z, B, 0, ctx, err);
        CHECK(st == LT_OK, "bch %ld: %s", N, err->msg);
        int lxy[2] = {0, 1};
        fmpq t[2];
        fmpq_init(t); fmpq_init(t + 1);
        fmpq_one(t); fmpq_one(t + 1);
        st = lt_free_log_exp_plain(p, B, 2, lxy, t, ctx, err);
        CHECK(st == LT_OK, "plain %ld: %s", N, err->msg);
        slong differ = 0, nonzero = 0;
        for (slong i = 0; i < B->n; i++) {
            differ += !fmpq_equal(z + i, p + i);
            nonzero += !fmpq_is_zero(z + i);
        }
        CHECK(differ == 0, "degree %ld: %ld of %ld coefficients differ", N, (long)differ, (long)B->n);
        CHECK(N < 5 || nonzero > N, "degree %ld: only %ld non-zero", N, (long)nonzero);
        lt_free_bch_estimate_t e;
        lt_free_bch_estimate(&e, N, 1, 1, 0);
        CHECK(e.elements == (double)B->n, "estimate of degree %ld: %.0f elements, the basis %ld", N, e.elements,
              (long)B->n);
        /* under mpirun the other ranks have a peak of their own; time and work are shared, not changed */
        lt_free_bch_estimate_t m;
        lt_free_bch_estimate(&m, N, 16, 1, 0);
        CHECK(e.rank_bytes == 0 && m.rank_bytes > 0 && m.elements == e.elements
              && m.cpu_seconds == e.cpu_seconds && m.seconds <= e.seconds,
              "estimate of degree %ld on 16 ranks: %.0f and %.0f bytes, one process %.0f", N, m.bytes, m.rank_bytes,
              e.bytes);
        /* the even top degree from the basis one degree lower */
        if (N % 2 == 0 && N >= 2) {
            unit_case = "bch top degree";
            lt_lyndon_t B1;
            lt_lyndon_init(B1);
            lt_free_lyndon_basis(B1, 2, N - 1, ctx, err);
            lt_bchw_t S;
            lt_bchw_init(S, B1, 0);
            st = lt_free_bchw(S, ctx, err);
            CHECK(st == LT_OK, "bchw %ld: %s", N - 1, err->msg);
            fmpq_t c;
            fmpq_init(c);
            unsigned char w[64];
            for (slong i = B->deg_start[N]; i < B->n; i++) {
                int32_t f[2];
                lt_lyndon_word(B, i, w);
                lt_bchw_get_top(c, f, S, w);
                CHECK(fmpq_equal(c, z + i) && f[0] == B->left[i] && f[1] == B->right[i],
                      "degree %ld element %ld: top-degree coefficient or factors differ", N, (long)i);
            }
            for (slong i = 0; i < B1->n; i++) {
                lt_bchw_get(c, S, i);
                CHECK(fmpq_equal(c, z + i), "degree %ld element %ld differs below the top", N, (long)i);
            }
            fmpq_clear(c);
            lt_bchw_clear(S);
            lt_lyndon_clear(B1);
            unit_case = "bch symmetric = plain";
        }
        fmpq_clear(t); fmpq_clear(t + 1);
        _fmpq_vec_clear(z, B->n);
        _fmpq_vec_clear(p, B->n);
        lt_lyndon_clear(B);
    }
}

/* The compact series keeps numerators above 127 bits exactly (a class in
   FLINT integers): a class set through the job API with such values reads
   back the same. */
static void test_bchw_big(void)
{
    unit_case = "bchw big numerators";
    lt_err_t err;
    lt_err_init(err);
    lt_lyndon_t B;
    lt_lyndon_init(B);
    lt_free_lyndon_basis(B, 2, 9, ctx, err);
    lt_bchw_t S;
    lt_bchw_init(S, B, 1);
    lt_free_class_job *J = NULL;
    lt_status st = lt_free_bch_job_new(&J, S, ctx, err);
    CHECK(st == LT_OK && J, "job: %s", err->msg);
    slong nk = lt_free_class_job_classes(J);
    fmpq_t q;
    fmpq_init(q);
    for (slong k = 0; k < nk; k++) {
        lt_free_class C;
        lt_free_class_job_class(J, k, &C);
        fmpq *v = _fmpq_vec_init(C.s);
        for (slong i = 0; i < C.s; i++) {
            /* (3^(90 + i) + k) / (7 (i + 1)), above 127 bits in class 0 only */
            fmpz_set_ui(fmpq_numref(v + i), 3);
            fmpz_pow_ui(fmpq_numref(v + i), fmpq_numref(v + i), k == 0 ? 90 + (ulong)i : 2);
            fmpz_add_ui(fmpq_numref(v + i), fmpq_numref(v + i), (ulong)k);
            fmpz_set_ui(fmpq_denref(v + i), 7 * (ulong)(i + 1));
            fmpq_canonicalise(v + i);
        }
        lt_free_class_job_set(J, k, v);
        for (slong i = 0; i < C.s; i++) {
            lt_free_class_job_get(q, J, C.idx[i]);
            CHECK(fmpq_equal(q, v + i), "class %ld word %ld reads back differently", (long)k, (long)i);
            lt_bchw_get(q, S, C.idx[i]);
            CHECK(fmpq_equal(q, v + i), "class %ld word %ld: lt_bchw_get differs", (long)k, (long)i);
        }
        _fmpq_vec_clear(v, C.s);
    }
    CHECK(nk > 5, "only %ld classes", (long)nk);
    fmpq_clear(q);
    lt_free_class_job_free(J);
    lt_bchw_clear(S);
    lt_lyndon_clear(B);
}

/* A job without a basis (what the ranks other than 0 of bch --mpi run)
   sets up the classes the job on the basis does, in the same order, and
   each class it runs has the same words and coefficients; a released
   class is gone, the others stay. */
static void test_job_alone(void)
{
    unit_case = "class job without a basis";
    lt_err_t err;
    lt_err_init(err);
    fmpq_t a, b;
    fmpq_init(a);
    fmpq_init(b);
    for (int N = 1; N <= 15; N++) {
        lt_lyndon_t B;
        lt_lyndon_init(B);
        lt_free_lyndon_basis(B, 2, N, ctx, err);
        lt_bchw_t S;
        lt_bchw_init(S, B, 1);
        lt_free_class_job *G = NULL, *A = NULL;
        lt_status st = lt_free_bch_job_new(&G, S, ctx, err);
        CHECK(st == LT_OK, "job: %s", err->msg);
        st = lt_free_bch_job_alone(&A, N, ctx, err);
        CHECK(st == LT_OK, "alone: %s", err->msg);
        if (!G || !A) { lt_free_class_job_free(G); lt_free_class_job_free(A); lt_bchw_clear(S); lt_lyndon_clear(B); continue; }
        slong nk = lt_free_class_job_classes(G);
        CHECK(nk == lt_free_class_job_classes(A), "N %d: %ld classes and %ld", N, (long)nk,
              (long)lt_free_class_job_classes(A));
        slong words = 0;
        for (slong k = 0; k < nk && k < lt_free_class_job_classes(A); k++) {
            lt_free_class C, D;
            lt_free_class_job_class(G, k, &C);
            lt_free_class_job_class(A, k, &D);
            CHECK(C.n == D.n && C.deg[1] == D.deg[1] && C.s == D.s && C.work == D.work && !D.idx,
                  "N %d class %ld: (%d, %d, %ld) and (%d, %d, %ld)", N, (long)k, C.n, C.deg[1], (long)C.s, D.n,
                  D.deg[1], (long)D.s);
            if (C.s != D.s) continue;
            lt_free_class_job_run(G, k);
            lt_free_class_job_run(A, k);
            for (slong t = 0; t < C.s; t++) {
                unsigned char u[64], v[64];
                lt_free_class_job_word(u, G, k, t);
                lt_free_class_job_word(v, A, k, t);
                lt_free_class_job_coef(a, G, k, t);
                lt_free_class_job_coef(b, A, k, t);
                CHECK(!memcmp(u, v, (size_t)C.n) && fmpq_equal(a, b), "N %d class %ld word %ld differs", N,
                      (long)k, (long)t);
                lt_bchw_get_w(b, S, C.idx[t]);
                CHECK(fmpq_equal(a, b), "N %d class %ld word %ld: not the series' coefficient", N, (long)k, (long)t);
            }
            words += C.s;
            if (k % 2) lt_free_class_job_release(A, k);
        }
        /* every element of odd degree is in one class */
        slong odd = 0;
        for (int n = 1; n <= N; n += 2) odd += B->deg_start[n + 1] - B->deg_start[n];
        CHECK(words == odd, "N %d: the classes hold %ld words, the odd degrees %ld", N, (long)words, (long)odd);
        lt_free_class_job_free(G);
        lt_free_class_job_free(A);
        lt_bchw_clear(S);
        lt_lyndon_clear(B);
    }
    /* past the degree the classes are made to */
    lt_free_class_job *A = NULL;
    CHECK(lt_free_bch_job_alone(&A, 63, ctx, err) == LT_EINPUT && !A, "degree 63 accepted");
    fmpq_clear(a);
    fmpq_clear(b);
}

/* A basis made without its factors finds the same ones (lt_lyndon_factors),
   and the BCH table written from it is the same bytes. */
static void test_words_basis(void)
{
    unit_case = "basis without factors";
    lt_err_t err;
    lt_err_init(err);
    for (int r = 2; r <= 3; r++) {
        int N = r == 2 ? 15 : 9;
        lt_lyndon_t B, W;
        lt_lyndon_init(B);
        lt_lyndon_init(W);
        lt_free_lyndon_basis(B, r, N, ctx, err);
        lt_status st = lt_free_lyndon_words(W, r, N, ctx, err);
        CHECK(st == LT_OK && W->n == B->n && !W->left && !W->right, "r %d: %s", r, err->msg);
        slong differ = 0;
        for (slong i = 0; i < B->n && W->n == B->n; i++) {
            int32_t f[2], g[2];
            lt_lyndon_factors(B, i, f);
            lt_lyndon_factors(W, i, g);
            differ += f[0] != g[0] || f[1] != g[1] || f[0] != B->left[i] || f[1] != B->right[i];
        }
        CHECK(differ == 0, "r %d: %ld factors differ", r, (long)differ);
        if (r == 2) {
            /* the plain series read through the chains of X's */
            lt_bchw_t S, T;
            lt_bchw_init(S, B, 0);
            lt_bchw_init(T, W, 0);
            CHECK(lt_free_bchw(S, ctx, err) == LT_OK, "bchw: %s", err->msg);
            /* W's numerators into T by class, as rank 0 of bch --mpi stores them */
            lt_free_class_job *A = NULL;
            CHECK(lt_free_bch_job_alone(&A, N, ctx, err) == LT_OK, "alone: %s", err->msg);
            fmpz_t D;
            fmpz_init(D);
            for (slong k = 0; A && k < lt_free_class_job_classes(A); k++) {
                lt_free_class C;
                lt_free_class_job_class(A, k, &C);
                lt_free_class_job_run(A, k);
                int32_t *idx = lt_malloc((size_t)C.s * sizeof(int32_t));
                unsigned char w[64];
                for (slong t = 0; t < C.s; t++) {
                    lt_free_class_job_word(w, A, k, t);
                    idx[t] = (int32_t)lt_free_lyndon_find(W, w, C.n);
                }
                const fmpz *big;
                const uint64_t *num = lt_free_class_job_result(D, &big, A, k);
                lt_bchw_set_class(T, C.n, C.deg[1], idx, C.s, D, num, big);
                lt_free(idx);
                lt_free_class_job_release(A, k);
            }
            fmpz_clear(D);
            lt_free_class_job_free(A);
            fmpq_t a, b;
            fmpq_init(a);
            fmpq_init(b);
            slong bad = 0;
            for (slong i = 0; i < B->n; i++) {
                lt_bchw_get(a, S, i);
                lt_bchw_get(b, T, i);
                bad += !fmpq_equal(a, b);
            }
            CHECK(bad == 0, "%ld coefficients of log(e^X e^Y) differ", (long)bad);
            fmpq_clear(a);
            fmpq_clear(b);
            lt_bchw_clear(S);
            lt_bchw_clear(T);
        }
        lt_lyndon_clear(B);
        lt_lyndon_clear(W);
    }
}

static void test_two_methods(void)
{
    static const int l2[] = {0, 1}, l3[] = {0, 1, 0}, lxx[] = {0, 0, 1}, lyy[] = {0, 1, 1}, labc[] = {0, 1, 2},
                     lw[] = {0, 1, 0, 2, 1}, lxx2[] = {0, 0};
    static const char *const one[] = {"1", "1", "1", "1", "1"};
    static const char *const sym[] = {"1/2", "1", "1/2"};
    static const char *const half[] = {"1/2", "1/2", "1"};
    static const char *const inv[] = {"1", "1", "-1"};
    static const char *const odd[] = {"-3/7", "2/5", "5/3", "-1", "1/4"};
    static const char *const cancel[] = {"1", "-1"};
    check_two_methods("log(e^X e^Y), two methods", 2, 10, 2, l2, one);
    check_two_methods("log(e^X e^Y) to an odd degree, two methods", 2, 9, 2, l2, one);
    check_two_methods("log(e^{X/2} e^Y e^{X/2}), two methods", 2, 8, 3, l3, sym);
    check_two_methods("log(e^{X/2} e^{X/2} e^Y), two methods", 2, 7, 3, lxx, half);
    check_two_methods("log(e^X e^Y e^{-Y}), two methods", 2, 7, 3, lyy, inv);
    check_two_methods("log(e^X e^Y e^Z), two methods", 3, 5, 3, labc, one);
    check_two_methods("log of 5 factors on 3 letters, two methods", 3, 5, 5, lw, odd);
    check_two_methods("log(e^X e^{-X}), two methods", 2, 5, 2, lxx2, cancel);

    /* e^{X/2} e^{X/2} = e^X: the same coefficients as BCH; e^X e^Y e^{-Y}: X */
    unit_case = "log_exp identities";
    lt_err_t err;
    lt_err_init(err);
    lt_lyndon_t B;
    lt_lyndon_init(B);
    lt_free_lyndon_basis(B, 2, 9, ctx, err);
    fmpq *c1 = _fmpq_vec_init(B->n), *c2 = _fmpq_vec_init(B->n), *t = _fmpq_vec_init(3);
    lt_free_bch(c1, B, 0, ctx, err);
    fmpq_set_si(t + 0, 1, 2); fmpq_set_si(t + 1, 1, 2); fmpq_one(t + 2);
    lt_free_log_exp(c2, B, 3, lxx, t, ctx, err);
    CHECK(lt_qvec_equal(c1, c2, B->n), "log(e^{X/2} e^{X/2} e^Y) differs from BCH");
    fmpq_one(t + 0); fmpq_one(t + 1); fmpq_set_si(t + 2, -1, 1);
    lt_free_log_exp(c2, B, 3, lyy, t, ctx, err);
    slong nz = 0;
    for (slong i = 1; i < B->n; i++) nz += !fmpq_is_zero(c2 + i);
    CHECK(fmpq_is_one(c2) && nz == 0, "log(e^X e^Y e^{-Y}) is not X (%ld other terms)", (long)nz);
    _fmpq_vec_clear(c1, B->n); _fmpq_vec_clear(c2, B->n); _fmpq_vec_clear(t, 3);
    lt_lyndon_clear(B);
}

/* ------------------------------------------- single word coefficients */

/* The expansion of a Lie element of the basis into words: sparse, the
   words' base-r codes (first letter most significant) and their integer
   coefficients. */
typedef struct { slong n; int32_t *code, *e; } sparse;

/* The scratch of expand_element: r^D zeros in acc and in mark, and room
   for r^D codes in touched. */
typedef struct { slong *acc, *touched; char *mark; } expand_scratch;

static void scratch_add(expand_scratch *S, slong *nt, slong code, slong e)
{
    if (!S->mark[code]) { S->mark[code] = 1; S->touched[(*nt)++] = code; }
    S->acc[code] += e;
}

/* X[i] for the element i of B, from the expansions of its standard
   factors (P_w = P_u P_v - P_v P_u), which X holds. The codes are below
   r^D < 2^31 and the coefficients at most 2^(D-1) in size. */
static void expand_element(sparse *X, const lt_lyndon_t B, slong i, expand_scratch *S)
{
    unsigned char w[256];
    if (lt_lyndon_degree(B, i) == 1) {
        X[i].n = 1;
        X[i].code = lt_malloc(sizeof(int32_t)); X[i].e = lt_malloc(sizeof(int32_t));
        X[i].code[0] = lt_lyndon_word(B, i, w)[0]; X[i].e[0] = 1;
        return;
    }
    const sparse *a = X + B->left[i], *b = X + B->right[i];
    slong pa = rpow(B->r, lt_lyndon_degree(B, B->left[i])), pb = rpow(B->r, lt_lyndon_degree(B, B->right[i]));
    slong nt = 0, n = 0;
    for (slong x = 0; x < a->n; x++)
        for (slong y = 0; y < b->n; y++) {
            slong e = (slong)a->e[x] * b->e[y];
            scratch_add(S, &nt, a->code[x] * pb + b->code[y], e);
            scratch_add(S, &nt, b->code[y] * pa + a->code[x], -e);
        }
    for (slong j = 0; j < nt; j++) n += S->acc[S->touched[j]] != 0;
    X[i].n = n;
    X[i].code = lt_malloc((size_t)(n ? n : 1) * sizeof(int32_t)); X[i].e = lt_malloc((size_t)(n ? n : 1) * sizeof(int32_t));
    n = 0;
    for (slong j = 0; j < nt; j++) {
        slong x = S->touched[j];
        if (S->acc[x]) { X[i].code[n] = (int32_t)x; X[i].e[n++] = (int32_t)S->acc[x]; }
        S->acc[x] = 0;
        S->mark[x] = 0;
    }
}

/* lt_free_bch_coefficient against the whole series: the library's Lyndon
   coordinates of log(e^{x_0} ... e^{x_{r-1}}) (r = 2: lt_free_bch, through
   the symmetric series; else lt_free_log_exp), expanded into words, give
   every word of every degree up to D the coefficient that
   lt_free_bch_coefficient computes from the word alone. The words that
   lack some letters check that the others' order is what counts. */
static void coefficient_vs_series(int r, int D)
{
    char name[80];
    snprintf(name, sizeof name, "bch --coefficient: every word on %d letters to degree %d", r, D);
    lt_err_t err;
    lt_lyndon_t B;
    basis_case(B, err, name, r, D);
    fmpq *c = _fmpq_vec_init(B->n), *t = _fmpq_vec_init(r);
    int l[8];
    for (int s = 0; s < r; s++) { l[s] = s; fmpq_one(t + s); }
    lt_status st = r == 2 ? lt_free_bch(c, B, 0, ctx, err) : lt_free_log_exp(c, B, r, l, t, ctx, err);
    CHECK(st == LT_OK, "series: %s", err->msg);
    sparse *X = lt_calloc((size_t)B->n, sizeof *X);
    expand_scratch S = {lt_calloc((size_t)rpow(r, D), sizeof(slong)), lt_malloc((size_t)rpow(r, D) * sizeof(slong)),
                        lt_calloc((size_t)rpow(r, D), 1)};
    fmpz_t den, num;
    fmpz_init(den); fmpz_init(num);
    fmpq_t x, y;
    fmpq_init(x); fmpq_init(y);
    unsigned char w[32];
    slong words = 0, bad = 0, nonzero = 0;
    for (int k = 1; k <= D; k++) {
        slong all = rpow(r, k);
        /* the word coefficients of degree k over one denominator: Z / den */
        fmpz *Z = _fmpz_vec_init(all);
        fmpz_one(den);
        for (slong i = B->deg_start[k]; i < B->deg_start[k + 1]; i++) fmpz_lcm(den, den, fmpq_denref(c + i));
        for (slong i = B->deg_start[k]; i < B->deg_start[k + 1]; i++) {
            expand_element(X, B, i, &S);
            fmpz_divexact(num, den, fmpq_denref(c + i));
            fmpz_mul(num, num, fmpq_numref(c + i));
            for (slong j = 0; j < X[i].n && !fmpz_is_zero(num); j++) fmpz_addmul_si(Z + X[i].code[j], num, X[i].e[j]);
            if (k == D) { lt_free(X[i].code); lt_free(X[i].e); X[i].code = NULL; X[i].e = NULL; }
        }
        for (slong code = 0; code < all; code++) {
            for (slong j = k - 1, v = code; j >= 0; j--, v /= r) w[j] = (unsigned char)(v % r);
            st = lt_free_bch_coefficient(y, w, k, err);
            fmpq_set_fmpz_frac(x, Z + code, den);
            words++;
            nonzero += !fmpq_is_zero(y);
            if (st || !fmpq_equal(y, x)) {
                if (bad++ < 3) {
                    char *a = fmpq_get_str(NULL, 10, y), *b = fmpq_get_str(NULL, 10, x);
                    CHECK(0, "degree %d, word code %ld: %s directly, %s from the series", k, (long)code, a, b);
                    flint_free(a); flint_free(b);
                }
            }
        }
        _fmpz_vec_clear(Z, all);
    }
    CHECK(bad == 0, "%ld of %ld words differ", (long)bad, (long)words);
    /* a test that cannot fail is no test: most words have a coefficient */
    CHECK(2 * nonzero > words, "only %ld of %ld words have a non-zero coefficient", (long)nonzero, (long)words);
    fmpq_clear(x); fmpq_clear(y);
    for (slong i = 0; i < B->n; i++) { lt_free(X[i].code); lt_free(X[i].e); }
    lt_free(X);
    lt_free(S.acc); lt_free(S.touched); lt_free(S.mark);
    fmpz_clear(den); fmpz_clear(num);
    _fmpq_vec_clear(c, B->n);
    _fmpq_vec_clear(t, r);
    lt_lyndon_clear(B);
}

/* Words and their coefficients (p/q): lt_free_bch_coefficient, or with
   lyndon lt_free_bch_lyndon_coefficient, gives each. */
typedef struct { const char *w, *c; } word_gold;

static void check_gold(const word_gold *gold, size_t n, int lyndon)
{
    lt_err_t err;
    lt_err_init(err);
    fmpq_t c, want;
    fmpq_init(c); fmpq_init(want);
    for (size_t i = 0; i < n; i++) {
        const unsigned char *w = (const unsigned char *)gold[i].w;
        fmpq_set_str(want, gold[i].c, 10);
        lt_status st = lyndon ? lt_free_bch_lyndon_coefficient(c, w, (slong)strlen(gold[i].w), 100, ctx, err)
                              : lt_free_bch_coefficient(c, w, (slong)strlen(gold[i].w), err);
        CHECK(st == LT_OK && fmpq_equal(c, want), "%s: want %s", gold[i].w, gold[i].c);
    }
    fmpq_clear(c); fmpq_clear(want);
}

static void test_bch_coefficient(void)
{
    /* golden values: the BCH series to degree 4, and H. Hofstaetter's
       published ones (BCHcoeff.jl; arXiv 2012.03818) of degree 7 and 56 */
    static const word_gold gold[] = {
        {"A", "1"}, {"AB", "1/2"}, {"BA", "-1/2"}, {"AAB", "1/12"}, {"ABA", "-1/6"}, {"ABB", "1/12"},
        {"AABB", "1/24"}, {"ABAB", "-1/12"}, {"AAAAAAB", "1/30240"}, {"AAAAABA", "-1/5040"},
        {"AAABBBA", "-1/1512"}, {"ABC", "1/3"}, {"CBA", "1/3"}, {"ACB", "-1/6"},
        {"ABAABBAAABBBAAAABBBBAAAAABBBBBAAAAAABBBBBBAAAAAAABBBBBBB",
         "1225927349791/277060715315634921630893140554547200000000"},
    };
    unit_case = "bch --coefficient golden";
    lt_err_t err;
    lt_err_init(err);
    fmpq_t c, want;
    fmpq_init(c); fmpq_init(want);
    check_gold(gold, sizeof gold / sizeof gold[0], 0);
    CHECK(lt_free_bch_coefficient(c, (const unsigned char *)"", 0, err) == LT_EINPUT, "the empty word is refused");
    CHECK(lt_free_bch_word_check("xyzXYZ", 6, err) == LT_OK, "xyzXYZ is a word");
    CHECK(lt_free_bch_word_check("", 6, err) == LT_EINPUT, "the empty word is refused");
    CHECK(lt_free_bch_word_check("XY_", 6, err) == LT_EINPUT && strstr(err->msg, "character 3 '_'"), "XY_: %s", err->msg);
    CHECK(lt_free_bch_word_check("XYXY", 3, err) == LT_ELIMIT && strstr(err->msg, "--max-length 3"), "XYXY: %s", err->msg);
    fmpq_clear(c); fmpq_clear(want);
    coefficient_vs_series(2, 12);
    coefficient_vs_series(3, 12);
}

/* lt_free_bch_lyndon_coefficient against the whole series: for every
   Lyndon word on r letters to degree D, its coordinate in the series of
   bch --table (r = 2: lt_free_bchw and lt_bchw_get, what the table
   prints) or, r = 3, in log(e^X e^Y e^Z) by the plain method
   (lt_free_log_exp_plain, through the expansions of the brackets). A
   word lacking a letter is the same element of the series on its own
   letters (the missing one set to 0). */
static void lyndon_vs_series(int r, int D)
{
    static char name[80];
    snprintf(name, sizeof name, "bch --coefficient --lyndon: every Lyndon word on %d letters to degree %d", r, D);
    lt_err_t err;
    lt_lyndon_t B;
    if (basis_case(B, err, name, r, D)) return;
    fmpq *c = _fmpq_vec_init(B->n), *t = _fmpq_vec_init(r);
    int l[3] = {0, 1, 2};
    for (int s = 0; s < r; s++) fmpq_one(t + s);
    lt_status st;
    if (r == 2) {
        lt_bchw_t S;
        lt_bchw_init(S, B, 0);
        st = lt_free_bchw(S, ctx, err);
        for (slong i = 0; i < B->n && !st; i++) lt_bchw_get(c + i, S, i);
        lt_bchw_clear(S);
    } else st = lt_free_log_exp_plain(c, B, r, l, t, ctx, err);
    CHECK(st == LT_OK, "series: %s", err->msg);
    fmpq_t y;
    fmpq_init(y);
    unsigned char w[32];
    slong bad = 0, nonzero = 0;
    for (slong i = 0; i < B->n && !st; i++) {
        int k = lt_lyndon_degree(B, i);
        lt_lyndon_word(B, i, w);
        lt_status s2 = lt_free_bch_lyndon_coefficient(y, w, k, 100000, ctx, err);
        nonzero += !fmpq_is_zero(c + i);
        if ((s2 || !fmpq_equal(y, c + i)) && bad++ < 3) {
            char *a = fmpq_get_str(NULL, 10, y), *b = fmpq_get_str(NULL, 10, c + i), *ws = lt_lyndon_word_str(B, i);
            CHECK(0, "%s: %s directly (%s), %s in the series", ws, a, s2 ? err->msg : "ok", b);
            flint_free(a); flint_free(b); lt_free(ws);
        }
    }
    CHECK(bad == 0, "%ld of %ld Lyndon words differ", (long)bad, (long)B->n);
    CHECK(3 * nonzero > B->n, "only %ld of %ld coordinates are non-zero", (long)nonzero, (long)B->n);
    fmpq_clear(y);
    _fmpq_vec_clear(c, B->n);
    _fmpq_vec_clear(t, r);
    lt_lyndon_clear(B);
}

static void test_bch_lyndon(void)
{
    /* bch 4: [X,Y] 1/2, [X,[X,Y]] 1/12, [[X,Y],Y] 1/12, [X,[[X,Y],Y]] 1/24 */
    static const word_gold gold[] = {
        {"X", "1"}, {"XY", "1/2"}, {"XXY", "1/12"}, {"XYY", "1/12"}, {"XXYY", "1/24"}, {"XXXY", "0"},
        {"AB", "1/2"}, {"aab", "1/12"}, {"XXXXY", "-1/720"}, {"XXYXY", "1/360"}, {"XYXYY", "1/120"},
    };
    unit_case = "bch --coefficient --lyndon golden";
    lt_err_t err;
    lt_err_init(err);
    fmpq_t c, want;
    fmpq_init(c); fmpq_init(want);
    check_gold(gold, sizeof gold / sizeof gold[0], 1);
    const unsigned char *u = (const unsigned char *)"XYXYY";
    CHECK(lt_free_bch_lyndon_coefficient(c, (const unsigned char *)"YX", 2, 100, ctx, err) == LT_EINPUT
          && strstr(err->msg, "not a Lyndon word"), "YX: %s", err->msg);
    CHECK(lt_free_bch_lyndon_coefficient(c, (const unsigned char *)"XYXY", 4, 100, ctx, err) == LT_EINPUT,
          "XYXY is not Lyndon");
    CHECK(lt_free_bch_lyndon_coefficient(c, (const unsigned char *)"", 0, 100, ctx, err) == LT_EINPUT, "empty");
    /* XXYYY < XYXYY: two words of the multidegree up to XYXYY */
    CHECK(lt_free_bch_lyndon_coefficient(c, u, 5, 1, ctx, err) == LT_ELIMIT && strstr(err->msg, "--max-lyndon 1"),
          "XYXYY with 1: %s", err->msg);
    CHECK(lt_free_bch_lyndon_coefficient(c, u, 5, 2, ctx, err) == LT_OK, "XYXYY with 2: %s", err->msg);
    /* the least Lyndon word of its multidegree, of any length: its word
       coefficient (A B^99); a longer solve is refused */
    char lw[101];
    lw[0] = 'A';
    memset(lw + 1, 'B', 99);
    lw[100] = 0;
    CHECK(lt_free_bch_lyndon_coefficient(c, (const unsigned char *)lw, 100, 100, ctx, err) == LT_OK
          && lt_free_bch_coefficient(want, (const unsigned char *)lw, 100, err) == LT_OK && fmpq_equal(c, want),
          "A B^99: %s", err->msg);
    lw[49] = 'A';
    CHECK(lt_free_bch_lyndon_coefficient(c, (const unsigned char *)lw, 100, 100, ctx, err) == LT_ELIMIT
          && strstr(err->msg, "62 letters"), "A B^48 A B^50: %s", err->msg);
    fmpq_clear(c); fmpq_clear(want);
    lyndon_vs_series(2, 10);
    lyndon_vs_series(3, 7);
}

/* The fast method on 2 letters (a triangular solve per class, with the
   plain BCH series obtained from the symmetric one) against the plain one
   (through the expansions of the brackets), with one and two threads, and
   with coefficients too large for 128 bits (the FLINT fallback). */
static void fast_vs_plain_r(const char *name, int r, int D, slong m, const int *l, const char *const *ts, int bch)
{
    unit_case = name;
    lt_err_t err;
    lt_err_init(err);
    lt_lyndon_t B;
    lt_lyndon_init(B);
    lt_free_lyndon_basis(B, r, D, ctx, err);
    fmpq *t = _fmpq_vec_init(m), *c1 = _fmpq_vec_init(B->n), *c2 = _fmpq_vec_init(B->n);
    for (slong s = 0; s < m; s++) fmpq_set_str(t + s, ts[s], 10);
    lt_status st = lt_free_log_exp_plain(c1, B, m, l, t, ctx, err);
    CHECK(st == LT_OK, "plain: %s", err->msg);
    for (int threads = 1; threads <= 2; threads++) {
        setenv("LIETOOL_THREADS", threads == 1 ? "1" : "2", 1);
        for (slong i = 0; i < B->n; i++) fmpq_zero(c2 + i);
        st = bch >= 0 ? lt_free_bch(c2, B, bch, ctx, err) : lt_free_log_exp(c2, B, m, l, t, ctx, err);
        CHECK(st == LT_OK, "fast: %s", err->msg);
        slong bad = 0, first = -1;
        for (slong i = 0; i < B->n; i++)
            if (!fmpq_equal(c1 + i, c2 + i)) { bad++; if (first < 0) first = i; }
        CHECK(bad == 0, "%ld coefficients differ with %d threads (first: element %ld)", (long)bad, threads, (long)first + 1);
    }
    unsetenv("LIETOOL_THREADS");
    _fmpq_vec_clear(t, m); _fmpq_vec_clear(c1, B->n); _fmpq_vec_clear(c2, B->n);
    lt_lyndon_clear(B);
}

static void fast_vs_plain(const char *name, int D, slong m, const int *l, const char *const *ts, int bch)
{
    fast_vs_plain_r(name, 2, D, m, l, ts, bch);
}

static void test_fast_vs_plain(void)
{
    /* Casas and Murua (2009): to degree 20, 111013 basis elements and 76760
       non-zero coefficients */
    unit_case = "bch 20: Casas-Murua's counts";
    lt_err_t err;
    lt_err_init(err);
    lt_lyndon_t B;
    lt_lyndon_init(B);
    lt_free_lyndon_basis(B, 2, 20, ctx, err);
    fmpq *c = _fmpq_vec_init(B->n);
    CHECK(lt_free_bch(c, B, 0, ctx, err) == LT_OK, "bch 20: %s", err->msg);
    slong nz = 0;
    for (slong i = 0; i < B->n; i++) nz += !fmpq_is_zero(c + i);
    CHECK(B->n == 111013 && nz == 76760, "bch 20: %ld elements, %ld non-zero", (long)B->n, (long)nz);
    _fmpq_vec_clear(c, B->n);
    lt_lyndon_clear(B);

    static const int l2[2] = {0, 1}, l3[3] = {0, 1, 0}, l6[6] = {1, 0, 0, 1, 1, 0};
    static const char *const one[] = {"1", "1"}, *const sym[] = {"1/2", "1", "1/2"};
    static const char *const odd[] = {"-3/7", "2/5", "5/3", "-1", "1/4", "7/2"};
    static const char *const huge[] = {"123456789012345678901234567890", "-987654321098765432109/3"};
    static const char *const huge3[] = {"123456789012345678901234567890", "-987654321098765432109/3", "1", "5/7",
                                        "-11", "31415926535897932384626/3"};
    fast_vs_plain("bch 14: fast (from the symmetric series) and plain", 14, 2, l2, one, 0);
    fast_vs_plain("bch 13: fast and plain", 13, 2, l2, one, 0);
    fast_vs_plain("symmetric bch 13: fast and plain", 13, 3, l3, sym, 1);
    fast_vs_plain("log of 6 factors on 2 letters: fast and plain", 12, 6, l6, odd, -1);
    static const char *const big[] = {"1099511627776", "-3/1099511627775"};
    fast_vs_plain("log(e^{aX} e^{bY}), a, b of 30 digits: FLINT throughout", 11, 2, l2, huge, -1);
    fast_vs_plain("log(e^{aX} e^{bY}), a, b near 2^40: 128-bit overflow in the word coefficients", 11, 2, l2, big, -1);
    /* the classes (multidegrees) on 3, 4 and 5 letters */
    static const int a3[6] = {0, 1, 2, 0, 2, 1}, a4[6] = {3, 0, 2, 1, 0, 3}, a5[7] = {4, 0, 3, 1, 2, 0, 4};
    static const char *const ones[] = {"1", "1", "1", "1", "1", "1", "1"};
    static const char *const mix[] = {"1/2", "-2", "3/5", "1", "-1/3", "7/4", "2"};
    fast_vs_plain_r("magnus abcacb to order 9: classes and plain", 3, 9, 6, a3, ones, -1);
    fast_vs_plain_r("log of 6 factors on 3 letters, rational exponents, order 8", 3, 8, 6, a3, mix, -1);
    fast_vs_plain_r("log of 6 factors on 4 letters, order 7", 4, 7, 6, a4, mix, -1);
    fast_vs_plain_r("log of 7 factors on 5 letters, order 6", 5, 6, 7, a5, ones, -1);
    fast_vs_plain_r("log on 3 letters, exponents of 30 digits: FLINT throughout", 3, 7, 6, a3, huge3, -1);
}

/* ------------------------------------------------ floating point, 3 x 3 */

typedef struct { double a[3][3]; } mat;

static mat mmul(mat A, mat B)
{
    mat C;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            double s = 0;
            for (int k = 0; k < 3; k++) s += A.a[i][k] * B.a[k][j];
            C.a[i][j] = s;
        }
    return C;
}
static mat madd(mat A, mat B, double s) { for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) A.a[i][j] += s * B.a[i][j]; return A; }
static mat mscale(mat A, double s) { for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) A.a[i][j] *= s; return A; }
static mat mid(void) { mat I; memset(&I, 0, sizeof I); for (int i = 0; i < 3; i++) I.a[i][i] = 1; return I; }
static mat mzero(void) { mat Z; memset(&Z, 0, sizeof Z); return Z; }
static double mnorm(mat A) { double s = 0; for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) s += A.a[i][j] * A.a[i][j]; return sqrt(s); }

/* expm by scaling and squaring with a Taylor polynomial (Moler and Van Loan,
   Nineteen dubious ways..., SIAM Review 2003, method 3). */
static mat expm(mat A)
{
    int s = 0;
    double nA = mnorm(A);
    while (nA > 0.125) { nA /= 2; s++; }
    A = mscale(A, ldexp(1.0, -s));
    mat E = mid(), T = mid();
    for (int k = 1; k <= 20; k++) {
        T = mscale(mmul(T, A), 1.0 / k);
        E = madd(E, T, 1);
    }
    while (s--) E = mmul(E, E);
    return E;
}

/* log(I + A) = sum (-1)^(k+1) A^k / k for ||A|| small (here < 0.4). */
static mat logm_near_identity(mat M)
{
    mat A = madd(M, mid(), -1), P = A, L = mzero();
    for (int k = 1; k <= 200 && mnorm(P) > 1e-20; k++) {
        L = madd(L, P, (k & 1) ? 1.0 / k : -1.0 / k);
        P = mmul(P, A);
    }
    return L;
}

static unsigned long long rng = 88172645463325252ULL;
static double urand(void)
{
    rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17;
    return (double)(rng >> 11) / 9007199254740992.0 * 2 - 1;
}

/* The Lyndon basis elements evaluated on matrices for the letters. */
static mat *evaluate_basis(const lt_lyndon_t B, const mat *letter)
{
    mat *V = malloc((size_t)B->n * sizeof(mat));
    for (slong i = 0; i < B->n; i++) {
        unsigned char w[256];
        if (B->left[i] < 0) { V[i] = letter[lt_lyndon_word(B, i, w)[0]]; continue; }
        mat P = V[B->left[i]], Q = V[B->right[i]];
        V[i] = madd(mmul(P, Q), mmul(Q, P), -1);
    }
    return V;
}

/* The series evaluated, truncated at degree k. */
static mat evaluate_series(const lt_lyndon_t B, const mat *V, const fmpq *c, int k)
{
    mat Z = mzero();
    for (slong i = 0; i < B->deg_start[k + 1]; i++)
        if (!fmpq_is_zero(c + i)) Z = madd(Z, V[i], fmpq_get_d(c + i));
    return Z;
}

static void test_bch_float(void)
{
    lt_err_t err;
    lt_err_init(err);
    lt_lyndon_t B;
    lt_lyndon_init(B);
    lt_free_lyndon_basis(B, 2, 10, ctx, err);
    fmpq *c = _fmpq_vec_init(B->n), *cs = _fmpq_vec_init(B->n);
    lt_free_bch(c, B, 0, ctx, err);
    lt_free_bch(cs, B, 1, ctx, err);
    for (int trial = 0; trial < 5; trial++) {
        mat L[2];
        for (int l = 0; l < 2; l++) {
            for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) L[l].a[i][j] = urand();
            L[l] = mscale(L[l], 0.1 / mnorm(L[l]));
        }
        mat *V = evaluate_basis(B, L);
        /* log(e^X e^Y) */
        unit_case = "bch on 3x3 matrices";
        mat Zt = logm_near_identity(mmul(expm(L[0]), expm(L[1])));
        double e[11];
        for (int k = 1; k <= 10; k++) e[k] = mnorm(madd(evaluate_series(B, V, c, k), Zt, -1));
        CHECK(e[8] < 1e-10, "trial %d: degree 8 differs by %g", trial, e[8]);
        CHECK(e[10] < 1e-12, "trial %d: degree 10 differs by %g", trial, e[10]);
        /* the error falls geometrically: about eps = ||X|| + ||Y|| = 0.2 per degree */
        int falls = 1;
        for (int k = 1; k <= 7; k++) if (!(e[k + 1] < 0.5 * e[k])) falls = 0;
        CHECK(falls, "trial %d: errors do not fall (%g %g %g %g %g %g %g %g)", trial, e[1], e[2], e[3], e[4], e[5], e[6], e[7], e[8]);
        /* log(e^{X/2} e^Y e^{X/2}) */
        unit_case = "symmetric bch on 3x3 matrices";
        mat H = expm(mscale(L[0], 0.5));
        mat Zs = logm_near_identity(mmul(mmul(H, expm(L[1])), H));
        double es = mnorm(madd(evaluate_series(B, V, cs, 8), Zs, -1));
        CHECK(es < 1e-10, "trial %d: degree 8 differs by %g", trial, es);
        free(V);
    }
    _fmpq_vec_clear(c, B->n);
    _fmpq_vec_clear(cs, B->n);
    lt_lyndon_clear(B);

    /* three letters: log(e^X e^Y e^Z) to degree 6 */
    unit_case = "log(e^X e^Y e^Z) on 3x3 matrices";
    lt_lyndon_init(B);
    lt_free_lyndon_basis(B, 3, 6, ctx, err);
    c = _fmpq_vec_init(B->n);
    fmpq *t = _fmpq_vec_init(3);
    for (int s = 0; s < 3; s++) fmpq_one(t + s);
    int l[3] = {0, 1, 2};
    lt_free_log_exp(c, B, 3, l, t, ctx, err);
    mat L[3];
    for (int s = 0; s < 3; s++) {
        for (int i = 0; i < 3; i++) for (int j = 0; j < 3; j++) L[s].a[i][j] = urand();
        L[s] = mscale(L[s], 0.05 / mnorm(L[s]));
    }
    mat *V = evaluate_basis(B, L);
    mat Zt = logm_near_identity(mmul(mmul(expm(L[0]), expm(L[1])), expm(L[2])));
    double e6 = mnorm(madd(evaluate_series(B, V, c, 6), Zt, -1));
    CHECK(e6 < 1e-9, "degree 6 differs by %g", e6);
    free(V);
    _fmpq_vec_clear(c, B->n);
    _fmpq_vec_clear(t, 3);
    lt_lyndon_clear(B);
}

/* ----------------------------------------------------- the commutator contrast */

static double rmat_get(const lt_rmat_t M, slong i, slong j)
{
    return mpfr_get_d(lt_rmat_entry(M, i, j), MPFR_RNDN);
}

/* lt_free_contrast: the claims recomputed. Translations: the bracket is
   XY - YX and 0, e^X e^Y = (I+X)(I+Y), Omega_2 = (1/2)[X,Y] = 0.
   Rotations: [L_x, L_y] = L_z by hand, e^X e^Y the product of the two
   90-degree rotations (a permutation matrix), e^X e^Y orthogonal,
   Omega_2 = (pi^2/8) L_z and the norms sqrt 6 and (pi^2/8) sqrt 2. */
static void test_contrast(void)
{
    lt_err_t err;
    lt_err_init(err);
    lt_contrast_t R;
    unit_case = "translations";
    lt_contrast_init(R, 128);
    CHECK(lt_free_contrast(R, LT_CONTRAST_TRANSLATIONS, ctx, err) == LT_OK, "%s", err->msg);
    CHECK(fmpz_equal_si(fmpq_numref(R->bch), 1) && fmpz_equal_si(fmpq_denref(R->bch), 2), "c = 1/2");
    fmpq_mat_t A, B, C, I;
    fmpq_mat_init(A, 3, 3); fmpq_mat_init(B, 3, 3); fmpq_mat_init(C, 3, 3); fmpq_mat_init(I, 3, 3);
    fmpq_mat_mul(A, R->x, R->y);
    fmpq_mat_mul(B, R->y, R->x);
    fmpq_mat_sub(C, A, B);
    CHECK(fmpq_mat_equal(C, R->bracket) && fmpq_mat_is_zero(C) && R->commute, "[X,Y] = XY - YX = 0");
    fmpq_mat_one(I);
    fmpq_mat_add(A, I, R->x);
    fmpq_mat_add(B, I, R->y);
    fmpq_mat_mul(C, A, B);
    CHECK(fmpq_mat_equal(C, R->exp_xy) && fmpq_mat_equal(R->exp_xy, R->exp_yx), "e^X e^Y = (I+X)(I+Y) = e^Y e^X");
    CHECK(fmpq_mat_is_zero(R->omega2) && mpfr_zero_p(R->omega2_norm) && mpfr_zero_p(R->difference_norm), "Omega_2 = 0");
    lt_contrast_clear(R);

    unit_case = "rotations";
    lt_contrast_init(R, 128);
    CHECK(lt_free_contrast(R, LT_CONTRAST_ROTATIONS, ctx, err) == LT_OK, "%s", err->msg);
    fmpq_mat_mul(A, R->x, R->y);
    fmpq_mat_mul(B, R->y, R->x);
    fmpq_mat_sub(C, A, B);
    CHECK(fmpq_mat_equal(C, R->bracket) && fmpq_mat_equal(C, R->z) && !R->commute && R->bracket_is_z, "[L_x, L_y] = L_z");
    /* rotation by pi/2 about x, then about y (column vectors: e^X e^Y applies e^Y first) */
    static const double p[9] = {0, 0, 1, 1, 0, 0, 0, 1, 0};
    double worst = 0, orth = 0;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++) {
            worst = fmax(worst, fabs(rmat_get(R->rexp_xy, i, j) - p[3 * i + j]));
            double dot = 0;
            for (int k = 0; k < 3; k++) dot += rmat_get(R->rexp_xy, i, k) * rmat_get(R->rexp_xy, j, k);
            orth = fmax(orth, fabs(dot - (i == j)));
            double pi2_8 = M_PI * M_PI / 8, zij = fmpq_get_d(fmpq_mat_entry(R->z, i, j));
            worst = fmax(worst, fabs(rmat_get(R->romega2, i, j) - pi2_8 * zij));
        }
    CHECK(worst < 1e-15 && orth < 1e-15, "e^X e^Y a permutation matrix (%g), orthogonal (%g), Omega_2 = (pi^2/8) L_z", worst, orth);
    CHECK(fabs(mpfr_get_d(R->coefficient, MPFR_RNDN) - M_PI * M_PI / 8) < 1e-15 && R->agrees, "pi^2/8");
    CHECK(fabs(mpfr_get_d(R->difference_norm, MPFR_RNDN) - sqrt(6)) < 1e-14, "||e^X e^Y - e^Y e^X|| = sqrt 6");
    CHECK(fabs(mpfr_get_d(R->omega2_norm, MPFR_RNDN) - M_PI * M_PI / 8 * sqrt(2)) < 1e-14, "||Omega_2|| = (pi^2/8) sqrt 2");
    fmpq_mat_clear(A); fmpq_mat_clear(B); fmpq_mat_clear(C); fmpq_mat_clear(I);
    lt_contrast_clear(R);
}

int main(void)
{
    lt_ctx_init(ctx);
    test_witt();
    test_lyndon();
    test_bch_golden();
    test_bch_symmetric_plain();
    test_bchw_big();
    test_job_alone();
    test_words_basis();
    test_two_methods();
    test_fast_vs_plain();
    test_bch_coefficient();
    test_bch_lyndon();
    test_bch_float();
    test_contrast();
    UNIT_DONE("t-free");
}
