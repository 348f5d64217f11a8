/* Cyclotomic numbers and character tables: GAP's strings, the laws of a
   character table (exact orthogonality), known tables, invariants, and
   the same answers for one group given three ways. */
#include <stdlib.h>
#include <string.h>
#include <gmp.h>
#include "lietool.h"
#include "unit.h"

static lt_ctx_t ctx;

/* GAP 4.12: x := Sum_k v[k] E(n)^k; String(x) */
static const struct { long n; const char *v, *gap; } dense_cases[] = {
    {3, "0 -2 1", "-2*E(3)+E(3)^2"},
    {3, "0 -1 0", "-E(3)"},
    {4, "0 0 -1 0", "1"},
    {4, "0 -1 0 0", "-E(4)"},
    {5, "0 1 1 -1 0", "E(5)+E(5)^2-E(5)^3"},
    {5, "0 0 0 0 0", "0"},
    {7, "0 0 0 0 0 -2 0", "-2*E(7)^5"},
    {7, "0 0 -2 0 0 0 0", "-2*E(7)^2"},
    {8, "0 1 0 0 0 0 0 0", "E(8)"},
    {8, "0 0 0 0 -1 0 0 0", "1"},
    {9, "-2 0 -1 0 -1 -1 -2 0 -2", "E(9)^2+2*E(9)^3-E(9)^4+E(9)^5"},
    {9, "0 0 0 -1 0 -1 -1 0 0", "-E(9)^3-E(9)^5-E(9)^6"},
    {12, "0 0 1 0 0 0 -1 0 0 2 0 0", "-E(12)^4+2*E(12)^7-2*E(12)^8+2*E(12)^11"},
    {12, "0 0 0 0 0 0 0 0 0 0 0 0", "0"},
    {15, "-2 2 0 0 0 1 0 0 0 0 0 0 0 2 -2", "-3*E(15)^2-2*E(15)^4-2*E(15)^7-3*E(15)^8-3*E(15)^11-5*E(15)^14"},
    {15, "0 0 0 0 1 0 0 2 0 0 1 0 0 0 0", "-E(15)+E(15)^7-E(15)^13"},
    {16, "0 2 1 0 0 0 0 0 0 0 0 1 1 0 0 1", "2*E(16)+E(16)^2-E(16)^3-E(16)^4-E(16)^7"},
    {16, "2 2 0 0 -2 -1 0 1 0 0 0 0 -2 0 0 0", "2+2*E(16)-E(16)^5+E(16)^7"},
    {20, "0 0 0 -1 -2 -1 0 0 -2 0 -1 0 0 0 2 0 0 0 0 0", "E(20)-5*E(20)^4-3*E(20)^8+E(20)^9-E(20)^12+2*E(20)^13-E(20)^16+E(20)^17"},
    {20, "2 2 0 0 0 0 0 0 0 0 0 0 2 -1 0 0 0 0 1 1", "2*E(20)-2*E(20)^4-3*E(20)^8-E(20)^9-E(20)^13-2*E(20)^16"},
    {21, "0 0 -2 -2 0 0 0 0 0 0 -1 0 0 0 0 -1 -2 0 0 0 0", "E(21)-2*E(21)^2+E(21)^8+E(21)^10-2*E(21)^16+2*E(21)^17"},
    {21, "0 0 0 0 -2 0 0 0 0 0 0 0 0 0 1 0 0 -2 0 0 0", "-E(21)^2-2*E(21)^4-E(21)^5-E(21)^8-E(21)^11-3*E(21)^17-E(21)^20"},
    {24, "0 0 -1 0 0 0 2 0 0 0 0 -2 0 2 0 0 2 0 0 0 0 0 0 0", "-2*E(24)-2*E(24)^11-E(24)^14+2*E(24)^16-2*E(24)^22"},
    {24, "1 0 0 0 0 0 0 0 0 -2 -1 0 0 2 0 0 0 0 0 0 -1 0 0 0", "-E(24)^16+2*E(24)^17+E(24)^22"},
    {27, "-2 0 0 0 0 0 1 0 0 0 0 0 -1 0 0 0 -2 0 0 0 0 -2 0 2 0 0 0", "-2*E(27)^5+E(27)^6+2*E(27)^9-E(27)^12-2*E(27)^14-2*E(27)^16+2*E(27)^18-2*E(27)^21"},
    {27, "1 -2 0 -1 0 0 1 0 -1 0 2 0 0 0 0 0 0 0 1 0 2 2 0 -2 0 0 0", "2*E(27)^5+E(27)^6-E(27)^8-E(27)^9+4*E(27)^10+E(27)^12+2*E(27)^14+2*E(27)^19+2*E(27)^20+3*E(27)^21"},
    {28, "0 0 0 0 0 0 0 0 0 0 0 2 0 0 0 0 -2 0 1 -1 -2 0 0 0 0 2 0 2", "-E(28)^4-2*E(28)^16-E(28)^19-2*E(28)^20+2*E(28)^27"},
    {28, "0 0 0 0 -2 2 0 0 0 0 0 0 -1 0 0 0 0 0 -1 1 0 0 0 -2 0 2 0 0", "-E(28)^4-2*E(28)^11-E(28)^12-E(28)^19-2*E(28)^23"},
    {36, "0 1 0 0 2 0 0 2 0 -1 0 0 0 1 0 0 0 0 0 0 1 0 0 -2 0 0 0 1 0 0 -2 0 0 1 0 0", "2*E(36)^12-2*E(36)^16-2*E(36)^17+E(36)^20+2*E(36)^21-3*E(36)^25-2*E(36)^28-2*E(36)^29+3*E(36)^33"},
    {36, "1 -1 0 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 -2 0 1 -1 0 0 0 0 0 0 0 0 0 1 0 0 0 0", "-3*E(36)^12+E(36)^20-2*E(36)^21-3*E(36)^24+E(36)^25"},
    {40, "0 0 0 -2 -2 0 -2 -1 2 0 0 0 0 -2 -2 2 0 0 0 0 0 0 0 0 2 0 0 -1 0 0 0 0 0 0 0 0 0 -2 0 0", "-2*E(40)^7+2*E(40)^8-2*E(40)^13+4*E(40)^24+2*E(40)^26-2*E(40)^31+2*E(40)^34-2*E(40)^37-2*E(40)^39"},
    {40, "0 0 0 0 0 0 0 -1 -2 -2 0 2 0 -1 0 0 0 1 0 -1 0 -1 0 0 -1 -1 0 0 1 1 0 0 0 0 0 0 0 0 1 0", "-E(40)^7-3*E(40)^8-2*E(40)^13-E(40)^18-2*E(40)^21-E(40)^24+2*E(40)^29-2*E(40)^31-2*E(40)^37+E(40)^39"},
    {45, "-2 1 0 2 2 1 0 0 0 0 2 -1 0 0 0 0 0 0 0 -1 2 0 -2 0 0 0 0 0 0 -2 0 2 0 0 0 2 -1 -1 0 0 0 -2 0 0 0", "-3*E(45)-E(45)^2-E(45)^6+2*E(45)^7-E(45)^8-2*E(45)^12-2*E(45)^16-E(45)^17-5*E(45)^19-E(45)^21-2*E(45)^24+E(45)^26-2*E(45)^28-3*E(45)^29-2*E(45)^33-2*E(45)^34-E(45)^37-E(45)^38-2*E(45)^39-2*E(45)^42-E(45)^44"},
    {45, "-1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 -1 0 0 0 -2 0 0 0 0 -1 -2 0 0 0 0 -1 0 0 0 0 0 0 2 1 0 -1 0", "2*E(45)-E(45)^6+4*E(45)^7-E(45)^11+2*E(45)^16+2*E(45)^19-E(45)^21-E(45)^24-E(45)^26-E(45)^33+2*E(45)^34+4*E(45)^37-E(45)^39+E(45)^43"},
    {60, "0 0 1 0 0 0 2 0 0 0 0 0 1 0 0 1 0 0 0 0 0 0 0 0 0 0 0 0 -2 -1 0 -1 0 -1 0 0 0 0 0 0 0 2 0 0 0 0 0 -1 0 1 0 2 0 0 1 1 -2 -1 0 0", "E(60)^4-E(60)^7-3*E(60)^11+2*E(60)^16-E(60)^19-2*E(60)^28-3*E(60)^31-2*E(60)^32-E(60)^43+E(60)^44-E(60)^47-E(60)^52+2*E(60)^59"},
    {60, "0 0 0 0 2 0 -2 -1 -1 0 -1 0 0 0 -1 0 0 0 0 2 -1 1 0 1 -1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 -1 0 0 0 2 0 0 -2 -2 -2 0 0 0 0 2 0 -1 0 1 2 0", "2*E(60)^4+E(60)^7+2*E(60)^8+E(60)^11-E(60)^16+4*E(60)^19-E(60)^23-E(60)^28+2*E(60)^31+E(60)^32+3*E(60)^43+3*E(60)^44-E(60)^47-E(60)^52-E(60)^56+E(60)^59"},
};

/* GAP 4.12: String(x), Quadratic(x).display, Quadratic(x).ATLAS */
static const struct { const char *gap, *display, *atlas; } quad_cases[] = {
    {"E(5)-E(5)^2-E(5)^3+E(5)^4", "Sqrt(5)", "r5"},
    {"-E(5)-E(5)^4", "(1-Sqrt(5))/2", "-b5"},
    {"E(7)+E(7)^2+E(7)^4", "(-1+Sqrt(-7))/2", "b7"},
    {"2*E(4)", "2*Sqrt(-1)", "2i"},
    {"E(8)-E(8)^3", "Sqrt(2)", "r2"},
    {"1+E(8)+E(8)^3", "1+Sqrt(-2)", "1+i2"},
    {"-E(3)", "(1-Sqrt(-3))/2", "-b3"},
    {"-2*E(3)", "1-Sqrt(-3)", "1-i3"},
    {"-3*E(3)", "(3-3*Sqrt(-3))/2", "-3b3"},
    {"-E(12)^7+E(12)^11", "Sqrt(3)", "r3"},
    {"3+E(4)", "3+Sqrt(-1)", "3+i"},
    {"-2*E(12)^7+2*E(12)^11", "2*Sqrt(3)", "2r3"},
    {"E(8)+E(8)^3", "Sqrt(-2)", "i2"},
    {"-E(11)^2-E(11)^6-E(11)^7-E(11)^8-E(11)^10", "(1+Sqrt(-11))/2", "1+b11"},
};

/* GAP 4.12: ZumbroichBase(n, 1) */
static const struct { long n; const char *base; } zumbroich_cases[] = {
    {5, "1 2 3 4"}, {8, "0 1 2 3"}, {9, "2 3 4 5 6 7"}, {12, "4 7 8 11"},
    {15, "1 2 4 7 8 11 13 14"}, {20, "1 4 8 9 12 13 16 17"},
    {36, "1 8 12 16 17 20 21 24 25 28 29 33"},
    {45, "1 2 3 6 7 8 11 12 16 17 19 21 24 26 28 29 33 34 37 38 39 42 43 44"},
    {72, "2 3 11 16 24 25 32 33 34 40 41 42 43 48 49 50 51 56 57 58 59 65 66 67"},
    {60, "4 7 8 11 16 19 23 28 31 32 43 44 47 52 56 59"},
};

/* x = the value of a string in GAP's notation: terms c, E(n), E(n)^k,
   c*E(n)^k joined by + and - */
static void parse_cyc(lt_cyc_t x, const char *s)
{
    lt_cyc_zero(x);
    lt_cyc_t t, u;
    lt_cyc_init(t);
    lt_cyc_init(u);
    const char *p = s;
    while (*p) {
        long sign = 1, c = 1, n = 1, k = 0;
        int used, have_c = 0;
        if (*p == '+') p++;
        else if (*p == '-') { sign = -1; p++; }
        if (sscanf(p, "%ld%n", &c, &used) == 1) { p += used; have_c = 1; if (*p == '*') p++; }
        if (sscanf(p, "E(%ld)%n", &n, &used) == 1) {
            p += used;
            k = 1;
            if (sscanf(p, "^%ld%n", &k, &used) == 1) p += used;
        } else if (!have_c) break;
        lt_cyc_set_root(t, n, k);
        fmpq_t q;
        fmpq_init(q);
        fmpq_set_si(q, sign * c, 1);
        lt_cyc_mul_fmpq(t, t, q);
        fmpq_clear(q);
        lt_cyc_add(u, x, t);
        lt_cyc_set(x, u);
    }
    lt_cyc_clear(t);
    lt_cyc_clear(u);
}

static void cyclotomics(void)
{
    for (size_t i = 0; i < sizeof dense_cases / sizeof *dense_cases; i++) {
        long n = dense_cases[i].n;
        fmpq *v = malloc((size_t)n * sizeof(fmpq));
        const char *p = dense_cases[i].v;
        for (long k = 0; k < n; k++) {
            int used;
            long c = 0;
            sscanf(p, "%ld%n", &c, &used);
            p += used;
            fmpq_init(v + k);
            fmpq_set_si(v + k, c, 1);
        }
        lt_cyc_t x, y;
        lt_cyc_init(x);
        lt_cyc_init(y);
        lt_cyc_set_dense(x, v, n);
        char *s = lt_cyc_str(x);
        unit_case = dense_cases[i].v;
        CHECK(strcmp(s, dense_cases[i].gap) == 0, "E(%ld): %s, GAP %s", n, s, dense_cases[i].gap);
        /* the string read back is the same number */
        parse_cyc(y, s);
        CHECK(lt_cyc_equal(x, y), "%s read back differs", s);
        /* laws: (x + y) - y = x; x * conj(x) is real; x - x = 0 */
        lt_cyc_t a, b;
        lt_cyc_init(a);
        lt_cyc_init(b);
        lt_cyc_galois(a, x, -1);
        lt_cyc_mul(b, x, a);
        double re, im;
        lt_cyc_get_d(&re, &im, b);
        CHECK(im < 1e-9 && im > -1e-9 && re > -1e-9, "x conj(x) = %g + %gi", re, im);
        lt_cyc_sub(a, x, x);
        CHECK(lt_cyc_is_zero(a), "x - x != 0");
        lt_cyc_clear(a);
        lt_cyc_clear(b);
        free(s);
        lt_cyc_clear(x);
        lt_cyc_clear(y);
        for (long k = 0; k < n; k++) fmpq_clear(v + k);
        free(v);
    }
    for (size_t i = 0; i < sizeof quad_cases / sizeof *quad_cases; i++) {
        lt_cyc_t x;
        lt_cyc_init(x);
        parse_cyc(x, quad_cases[i].gap);
        char *s = lt_cyc_str(x), *disp, *atlas;
        unit_case = quad_cases[i].gap;
        CHECK(strcmp(s, quad_cases[i].gap) == 0, "canonical form %s", s);
        CHECK(lt_cyc_galois_count(x) == 2, "%ld conjugates", lt_cyc_galois_count(x));
        int q = lt_cyc_quadratic(&disp, &atlas, x);
        CHECK(q && strcmp(disp, quad_cases[i].display) == 0, "display %s, GAP %s", q ? disp : "-", quad_cases[i].display);
        CHECK(q && strcmp(atlas, quad_cases[i].atlas) == 0, "ATLAS %s, GAP %s", q ? atlas : "-", quad_cases[i].atlas);
        if (q) { lt_free(disp); lt_free(atlas); }
        free(s);
        lt_cyc_clear(x);
    }
    /* a primitive E(n)^k is written as itself exactly when k is in GAP's
       Zumbroich base */
    for (size_t i = 0; i < sizeof zumbroich_cases / sizeof *zumbroich_cases; i++) {
        long n = zumbroich_cases[i].n;
        char *in = calloc((size_t)n, 1);
        const char *p = zumbroich_cases[i].base;
        int used;
        long k;
        while (sscanf(p, "%ld%n", &k, &used) == 1) { in[k] = 1; p += used; }
        int ok = 1;
        for (k = 0; k < n; k++) {
            lt_cyc_t x;
            lt_cyc_init(x);
            fmpq *v = malloc((size_t)n * sizeof(fmpq));
            for (long j = 0; j < n; j++) fmpq_init(v + j);
            fmpq_one(v + k);
            lt_cyc_set_dense(x, v, n);
            /* a primitive n-th root has conductor n; it is written as
               itself exactly when it is a basis element */
            long g = k, h = n;
            while (h) { long t = g % h; g = h; h = t; }
            int basis = x->len == 1 && fmpq_is_one(x->c) && x->n == n && x->e[0] == k;
            if (g == 1 && (basis != in[k] || x->n != n)) ok = 0;
            for (long j = 0; j < n; j++) fmpq_clear(v + j);
            free(v);
            lt_cyc_clear(x);
        }
        unit_case = zumbroich_cases[i].base;
        CHECK(ok, "Zumbroich basis of Q(E(%ld))", n);
        free(in);
    }
}

static void load(lt_pgrp_t G, const char *spec)
{
    lt_err_t err;
    lt_err_init(err);
    lt_status st = lt_io_group(G, NULL, spec, ctx, err);
    if (!st) st = lt_pgrp_chain(G, NULL, ctx, err);
    CHECK(st == LT_OK, "%s: %s", spec, err->msg);
}

/* exact row and column orthogonality, sum of squared degrees */
static void set_frac(fmpq_t q, const mpz_t a, const mpz_t b)
{
    fmpz_t x, y;
    fmpz_init(x);
    fmpz_init(y);
    fmpz_set_mpz(x, a);
    fmpz_set_mpz(y, b);
    fmpq_set_fmpz_frac(q, x, y);
    fmpz_clear(x);
    fmpz_clear(y);
}

static void laws(const lt_chartab_t T, const char *spec)
{
    long r = T->nclasses;
    lt_cyc_t s, t, u, cj;
    lt_cyc_init(s); lt_cyc_init(t); lt_cyc_init(u); lt_cyc_init(cj);
    fmpq_t q, sz;
    fmpq_init(q);
    fmpq_init(sz);
    int rows = 1, cols = 1;
    for (long x = 0; x < r; x++)
        for (long y = x; y < r; y++) {
            lt_cyc_zero(s);
            for (long c = 0; c < r; c++) {
                lt_cyc_galois(cj, T->values[y] + c, -1);
                lt_cyc_mul(t, T->values[x] + c, cj);
                set_frac(sz, T->classes->sizes[c], T->order);
                lt_cyc_mul_fmpq(t, t, sz);
                lt_cyc_add(u, s, t);
                lt_cyc_set(s, u);
            }
            fmpq_set_si(q, x == y, 1);
            lt_cyc_set_fmpq(t, q);
            rows &= lt_cyc_equal(s, t);
        }
    for (long c = 0; c < r; c++)
        for (long c2 = c; c2 < r; c2++) {
            lt_cyc_zero(s);
            for (long x = 0; x < r; x++) {
                lt_cyc_galois(cj, T->values[x] + c2, -1);
                lt_cyc_mul(t, T->values[x] + c, cj);
                lt_cyc_add(u, s, t);
                lt_cyc_set(s, u);
            }
            if (c == c2) set_frac(q, T->centralizer[c], T->classes->sizes[0]);
            else fmpq_zero(q);
            lt_cyc_set_fmpq(t, q);
            cols &= lt_cyc_equal(s, t);
        }
    unit_case = spec;
    CHECK(rows, "row orthogonality");
    CHECK(cols, "column orthogonality");
    mpz_t sq;
    mpz_init(sq);
    for (long x = 0; x < r; x++) mpz_add_ui(sq, sq, (unsigned long)(T->degree[x] * T->degree[x]));
    CHECK(mpz_cmp(sq, T->order) == 0, "sum of squared degrees");
    /* the first character is trivial, its kernel everything */
    int triv = 1;
    for (long c = 0; c < r; c++) triv &= lt_cyc_is_rational(T->values[0] + c) && T->kernel[0][c];
    CHECK(triv, "X.1 is not the trivial character");
    mpz_clear(sq);
    fmpq_clear(q);
    fmpq_clear(sz);
    lt_cyc_clear(s); lt_cyc_clear(t); lt_cyc_clear(u); lt_cyc_clear(cj);
}

/* known tables: degrees, indicators (GAP's Indicator(tbl, 2)), the
   invariants, and values on named classes */
static const struct {
    const char *spec, *degrees, *indicators;
    long min_dim, heads, one_head;
} known[] = {
    {"S3", "1 1 2", "1 1 1", 2, 2, 2},
    {"A5", "1 3 3 4 5", "1 1 1 1 1", 3, 2, 2},
    {"Q8", "1 1 1 1 2", "1 1 1 1 -1", 4, 4, 4},
    {"SL(2,5)", "1 2 2 3 3 4 4 5 6", "1 -1 -1 1 1 1 -1 1 -1", 4, 4, 4},
    {"S4", "1 1 2 3 3", "1 1 1 1 1", 3, 2, 2},
    {"A4", "1 1 1 3", "1 0 0 1", 3, 2, 2},
    {"D8", "1 1 1 1 2", "1 1 1 1 1", 2, 2, 2},
    {"C3", "1 1 1", "1 0 0", 2, 2, 2},
    {"C2 x C2 x C2", "1 1 1 1 1 1 1 1", "1 1 1 1 1 1 1 1", 3, 1, 3},
    {"S5", "1 1 4 4 5 5 6", "1 1 1 1 1 1 1", 4, 4, 4},
    {"PSL(2,7)", "1 3 3 6 7 8", "1 0 0 1 1 1", 6, 6, 6},
    {"Group((1,2,3,4,5,6,7,8,9,10,11),(3,7,11,8)(4,10,5,6))", "1 10 10 10 11 16 16 44 45 55", "1 1 0 0 1 0 0 1 1 1", 10, 10, 10},
    {"C1", "1", "1", 0, 0, 0},
};

static void tables(void)
{
    for (size_t i = 0; i < sizeof known / sizeof *known; i++) {
        lt_pgrp_t G;
        lt_pgrp_init(G, 1);
        load(G, known[i].spec);
        lt_chartab_t T;
        lt_chartab_init(T);
        lt_err_t err;
        lt_err_init(err);
        lt_status st = lt_chartab_compute(T, G, ctx, err);
        unit_case = known[i].spec;
        CHECK(st == LT_OK, "%s", err->msg);
        if (!st) {
            laws(T, known[i].spec);
            unit_case = known[i].spec;
            /* degrees in order; indicators as a multiset per degree */
            char deg[256] = "", ind[256] = "";
            long cnt[3] = {0, 0, 0}, want[3] = {0, 0, 0};
            for (long x = 0; x < T->nclasses; x++) {
                char b[32];
                snprintf(b, sizeof b, "%s%ld", x ? " " : "", T->degree[x]);
                strcat(deg, b);
                snprintf(b, sizeof b, "%s%d", x ? " " : "", T->indicator[x]);
                strcat(ind, b);
                cnt[T->indicator[x] + 1]++;
            }
            for (const char *p = known[i].indicators; *p;) {
                int used, v;
                if (sscanf(p, "%d%n", &v, &used) != 1) break;
                want[v + 1]++;
                p += used;
            }
            CHECK(strcmp(deg, known[i].degrees) == 0, "degrees %s", deg);
            CHECK(cnt[0] == want[0] && cnt[1] == want[1] && cnt[2] == want[2], "indicators %s", ind);
            lt_chartab_inv_t I;
            lt_chartab_invariants(&I, T, 0);
            CHECK(I.min_faithful_real_dim == known[i].min_dim && I.dim_exact, "minimal faithful real dimension %ld",
                  I.min_faithful_real_dim);
            CHECK(I.reflections_heads == known[i].heads, "reflections, several heads %ld", I.reflections_heads);
            CHECK(I.reflections_one_head == known[i].one_head && I.one_head_exact, "reflections, one head %ld",
                  I.reflections_one_head);
        }
        lt_chartab_clear(T);
        lt_pgrp_clear(G);
    }
    /* A5: the icosahedral character's value on a 5-cycle is the golden ratio,
       GAP's -E(5)^2-E(5)^3 (or its conjugate) */
    lt_pgrp_t G;
    lt_pgrp_init(G, 1);
    load(G, "A5");
    lt_chartab_t T;
    lt_chartab_init(T);
    lt_err_t err;
    lt_err_init(err);
    if (!lt_chartab_compute(T, G, ctx, err)) {
        int found = 0;
        for (long c = 0; c < T->nclasses; c++) {
            char *s = lt_cyc_str(T->values[1] + c);
            found += strcmp(s, "-E(5)^2-E(5)^3") == 0 || strcmp(s, "-E(5)-E(5)^4") == 0;
            free(s);
        }
        unit_case = "A5";
        CHECK(found == 2, "the golden ratio and its conjugate on the 5-cycles (%d)", found);
        CHECK(T->nreal == 5 && T->real[1].dimension == 3 && T->real[1].reflection_length == 2 && T->real[1].faithful,
              "the icosahedral representation: 3 dimensions, 2 reflections, faithful");
    }
    lt_chartab_clear(T);
    lt_pgrp_clear(G);
}

/* the same group by name, by generators and by a Cayley table: the same
   degrees, indicators and real representations */
static void invariance(void)
{
    const char *trio[][3] = {
        {"A5", "Group((1,2,3),(3,4,5))", "tests/data/a5.json"},
        {"S3", "Group((1,2)(3,4)(5,6),(1,3,5)(2,6,4))", "tests/data/s3.json"},
        {"C2 x C2 x C2", "Group((1,2),(3,4),(5,6))", "tests/data/Z2xZ2xZ2.json"},
    };
    for (size_t i = 0; i < sizeof trio / sizeof *trio; i++) {
        char sig[3][512];
        for (int w = 0; w < 3; w++) {
            lt_pgrp_t G;
            lt_pgrp_init(G, 1);
            load(G, trio[i][w]);
            lt_chartab_t T;
            lt_chartab_init(T);
            lt_err_t err;
            lt_err_init(err);
            sig[w][0] = 0;
            if (!lt_chartab_compute(T, G, ctx, err)) {
                /* degrees with indicators (sorted by degree already), then
                   the sorted (dimension, reflection length) pairs */
                long *pairs = malloc((size_t)(T->nreal + 1) * sizeof(long));
                for (long x = 0; x < T->nclasses; x++) {
                    char b[32];
                    snprintf(b, sizeof b, "%ld%c ", T->degree[x], "-o+"[T->indicator[x] + 1]);
                    strcat(sig[w], b);
                }
                for (long k = 0; k < T->nreal; k++) pairs[k] = T->real[k].dimension * 1000 + T->real[k].reflection_length;
                for (long a = 1; a < T->nreal; a++)
                    for (long b = a; b > 0 && pairs[b - 1] > pairs[b]; b--) { long t = pairs[b]; pairs[b] = pairs[b - 1]; pairs[b - 1] = t; }
                for (long k = 0; k < T->nreal; k++) {
                    char b[32];
                    snprintf(b, sizeof b, "(%ld,%ld)", pairs[k] / 1000, pairs[k] % 1000);
                    strcat(sig[w], b);
                }
                free(pairs);
            }
            lt_chartab_clear(T);
            lt_pgrp_clear(G);
        }
        unit_case = trio[i][0];
        /* the degree order of equal-degree characters may differ: compare
           the real representations and the degree multiset */
        CHECK(sig[0][0] && strcmp(sig[0], sig[1]) == 0 && strcmp(sig[0], sig[2]) == 0, "%s | %s | %s", sig[0], sig[1], sig[2]);
    }
}

/* the limits: a group above --max-enum is refused, not enumerated */
static void limits(void)
{
    lt_ctx_t small;
    lt_ctx_init(small);
    small->max_enum = 100;
    lt_pgrp_t G;
    lt_pgrp_init(G, 1);
    load(G, "S5");
    lt_chartab_t T;
    lt_chartab_init(T);
    lt_err_t err;
    lt_err_init(err);
    lt_status st = lt_chartab_compute(T, G, small, err);
    unit_case = "S5 --max-enum 100";
    CHECK(st == LT_ELIMIT && strstr(err->msg, "--max-enum"), "status %d: %s", st, err->msg);
    lt_chartab_clear(T);
    lt_pgrp_clear(G);
}

int main(void)
{
    lt_ctx_init(ctx);
    cyclotomics();
    tables();
    invariance();
    limits();
    UNIT_DONE("t-chartab");
}
