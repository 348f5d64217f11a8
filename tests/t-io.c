/* Parsers: JSON, cycle notation, the group grammar. */
#include <stdlib.h>
#include "lietool.h"
#include "unit.h"

static lt_ctx_t ctx;

static void json(void)
{
    static const struct { const char *text; int ok; const char *errpart; } cases[] = {
        {"{\"a\": [1, 2.5, -3e2, true, false, null, \"x\\u00e9\\n\"]}", 1, NULL},
        {"[]", 1, NULL},
        {"  {}  ", 1, NULL},
        {"\"\\ud83d\\ude00\"", 1, NULL},
        {"[1, 2", 0, "end of input"},
        {"[1 2]", 0, "expected ','"},
        {"{\"a\" 1}", 0, "expected ':'"},
        {"{1: 2}", 0, "expected a string key"},
        {"[01]", 0, "expected ','"},
        {"[1.]", 0, "bad number"},
        {"\"abc", 0, "unterminated string"},
        {"\"\\x\"", 0, "bad escape"},
        {"\"\\ud800\"", 0, "unpaired surrogate"},
        {"[tru]", 0, "unexpected token"},
        {"[] x", 0, "trailing characters"},
        {"", 0, "end of input"},
        {"\"a\tb\"", 0, "control character"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        unit_case = cases[i].text;
        lt_err_t err;
        lt_err_init(err);
        lt_json *v = lt_json_parse(cases[i].text, strlen(cases[i].text), err);
        CHECK((v != NULL) == cases[i].ok, "parse result %d, message '%s'", v != NULL, err->msg);
        if (!cases[i].ok && cases[i].errpart)
            CHECK(strstr(err->msg, cases[i].errpart) != NULL, "message '%s' lacks '%s'", err->msg, cases[i].errpart);
        lt_json_free(v);
    }
    /* deep nesting is refused, not a stack overflow */
    unit_case = "nesting";
    size_t n = 100000;
    char *deep = malloc(n + 1);
    memset(deep, '[', n);
    deep[n] = '\0';
    lt_err_t err;
    lt_err_init(err);
    lt_json *v = lt_json_parse(deep, n, err);
    CHECK(v == NULL && strstr(err->msg, "nesting") != NULL, "deep nesting: %s", err->msg);
    free(deep);
    /* values */
    unit_case = "values";
    const char *t = "{\"n\": 42, \"s\": \"x\\u00e9\", \"big\": 1e400}";
    v = lt_json_parse(t, strlen(t), err);
    long x = 0;
    CHECK(v && lt_json_int(lt_json_get(v, "n"), &x) && x == 42, "n = %ld", x);
    CHECK(v && strcmp(lt_json_get(v, "s")->str, "x\xc3\xa9") == 0, "utf-8 decoding");
    CHECK(v && !lt_json_int(lt_json_get(v, "big"), &x), "1e400 taken as an integer");
    CHECK(v && lt_json_get(v, "missing") == NULL, "missing key found");
    lt_json_free(v);
}

static void cycles(void)
{
    static const struct { const char *s; long maxp; const char *perm; } cases[] = {
        {"(1,2,3)", 3, "(1,2,3)"},
        {"(1,2)(2,3)", 3, "(1,3,2)"},        /* GAP: (1,2)*(2,3) = (1,3,2) */
        {" ( 1 , 2 ) ( 3 , 4 ) ", 4, "(1,2)(3,4)"},
        {"()", 0, "()"},
        {"(5)", 5, "()"},
        {"(1,2,2)", -1, NULL},
        {"(0,1)", -1, NULL},
        {"(1,x)", -1, NULL},
        {"(1,2", -1, NULL},
        {"1,2", -1, NULL},
        {"(1,2)z", -1, NULL},
        {"(99999999999)", -1, NULL},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        unit_case = cases[i].s;
        lt_err_t err;
        lt_err_init(err);
        int *pts = NULL, np = 0;
        long m = lt_io_cycles(&pts, &np, cases[i].s, "test", err);
        CHECK(m == cases[i].maxp, "max point %ld, expected %ld (%s)", m, cases[i].maxp, err->msg);
        if (m >= 0 && cases[i].perm) {
            int n = m ? (int)m : 1;
            int *p = malloc((size_t)n * sizeof(int));
            lt_io_cycles_perm(p, n, pts, np);
            char *s = lt_perm_str(p, n);
            CHECK(strcmp(s, cases[i].perm) == 0, "%s, expected %s", s, cases[i].perm);
            free(s); free(p); free(pts);
        }
        if (m < 0) CHECK(err->status == LT_EINPUT && strstr(err->msg, "test:") == err->msg, "message '%s'", err->msg);
    }
}

static void grammar(void)
{
    static const struct { const char *spec; lt_status st; const char *order; int degree; } cases[] = {
        {"S4", LT_OK, "24", 4},
        {"Z12", LT_OK, "12", 12},
        {"D8", LT_OK, "8", 4},
        {"Q8", LT_OK, "8", 8},
        {"Heis(3)", LT_OK, "27", 26},
        {"H3", LT_OK, "8", 7},
        {"PSL(2,5)", LT_OK, "60", 6},
        {"SL(2,2)", LT_OK, "6", 3},
        {"GL(2,2)", LT_OK, "6", 3},
        {"AGL(1,5)", LT_OK, "20", 5},
        {"S3 x C2", LT_OK, "12", 5},
        {"S3xC2xC3", LT_OK, "36", 8},
        {"S3_x_Q8", LT_OK, "48", 11},
        {"Group((1,2),(3,4)) x S3", LT_OK, "24", 7},
        {"tests/data/s3.json", LT_OK, "6", 6},
        {"tests/data/a5.json x C2", LT_OK, "120", 62},
        {"X5", LT_EINPUT, NULL, 0},
        {"S", LT_EINPUT, NULL, 0},
        {"S3 x", LT_EINPUT, NULL, 0},
        {"D9", LT_EINPUT, NULL, 0},
        {"SL(2,6)", LT_EINPUT, NULL, 0},
        {"SL(3,5)", LT_OK, "372000", 124},
        {"GL(2,4)", LT_OK, "180", 15},
        {"PSL(3,4)", LT_OK, "20160", 21},
        {"PGL(2,9)", LT_OK, "720", 10},
        {"WreathProduct(S3,C2)", LT_OK, "72", 6},
        {"DirectProduct(S3,C2,C3)", LT_OK, "36", 8},
        {"SymmetricGroup(4);", LT_OK, "24", 4},
        {"SL(1,5)", LT_EINPUT, NULL, 0},
        {"PSL(2,6)", LT_EINPUT, NULL, 0},
        {"DirectProduct(S3,C2))", LT_EINPUT, NULL, 0},
        {"AGL(2,5)", LT_OK, "12000", 25},
        {"SmallGroup(24,12)", LT_OK, "24", 4},
        {"SmallGroup(64,3)", LT_EINPUT, NULL, 0},
        {"SmallGroup(8,6)", LT_EINPUT, NULL, 0},
        {"TransitiveGroup(6,8)", LT_OK, "24", 6},
        {"TransitiveGroup(8,1)", LT_EINPUT, NULL, 0},
        {"PrimitiveGroup(7,5)", LT_OK, "168", 7},
        {"C2^3", LT_OK, "8", 6},
        {"S3^2 x C2", LT_OK, "72", 8},
        {"AbelianGroup([2,4])", LT_OK, "8", 6},
        {"ElementaryAbelianGroup(9)", LT_OK, "9", 6},
        {"Sp(4,2)", LT_OK, "720", 15},
        {"PSU(3,3)", LT_OK, "6048", 91},
        {"SU(3,2)", LT_OK, "216", 63},
        {"Sp(3,2)", LT_EINPUT, NULL, 0},
        {"SimpleLieAlgebra(\"A\",1,Rationals)", LT_EINPUT, NULL, 0},
        {"UT(3,2", LT_EINPUT, NULL, 0},
        {"UT(3,2))", LT_EINPUT, NULL, 0},
        {"S99999999999999999999", LT_EINPUT, NULL, 0},
        {"S200000", LT_ELIMIT, NULL, 0},
        {"tests/data/bad-assoc.json", LT_EINPUT, NULL, 0},
    };
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        unit_case = cases[i].spec;
        lt_pgrp_t G;
        lt_err_t err;
        lt_err_init(err);
        lt_pgrp_init(G, 1);
        lt_status st = lt_io_group(G, NULL, cases[i].spec, ctx, err);
        CHECK(st == cases[i].st, "status %d, expected %d (%s)", st, cases[i].st, err->msg);
        if (!st && cases[i].order) {
            CHECK(lt_pgrp_chain(G, NULL, ctx, err) == LT_OK, "%s", err->msg);
            char *o = mpz_get_str(NULL, 10, G->order);
            CHECK(strcmp(o, cases[i].order) == 0, "order %s, expected %s", o, cases[i].order);
            CHECK(G->n == cases[i].degree, "degree %d, expected %d", G->n, cases[i].degree);
            free(o);
        }
        if (st) CHECK(strlen(err->msg) > 0, "no message");
        lt_pgrp_clear(G);
    }
}

/* The Cayley table reader agrees with the permutation form of the same group:
   the word-problem datasets' S3 and A5 tables against S3 and A5. */
static void cayley(void)
{
    const char *pairs[][2] = {{"tests/data/s3.json", "S3"}, {"tests/data/a5.json", "A5"}};
    for (int i = 0; i < 2; i++) {
        unit_case = pairs[i][0];
        lt_pgrp_t G, H;
        lt_err_t err;
        lt_err_init(err);
        lt_pgrp_init(G, 1);
        lt_pgrp_init(H, 1);
        CHECK(lt_io_group(G, NULL, pairs[i][0], ctx, err) == LT_OK, "%s", err->msg);
        CHECK(lt_io_group(H, NULL, pairs[i][1], ctx, err) == LT_OK, "%s", err->msg);
        lt_pgrp_chain(G, NULL, ctx, err);
        lt_pgrp_chain(H, NULL, ctx, err);
        CHECK(mpz_cmp(G->order, H->order) == 0, "orders differ");
        lt_pgrp_series_t S, T;
        lt_pgrp_series_init(S);
        lt_pgrp_series_init(T);
        lt_pgrp_derived_series(S, G, ctx, err);
        lt_pgrp_derived_series(T, H, ctx, err);
        CHECK(S->len == T->len, "derived series lengths differ");
        for (int k = 0; k < S->len && k < T->len; k++)
            CHECK(mpz_cmp(S->terms[k].order, T->terms[k].order) == 0, "term %d differs", k);
        /* the regular representation is semiregular: |G| = degree */
        CHECK(mpz_cmp_ui(G->order, (unsigned long)G->n) == 0, "regular action has order != degree");
        lt_pgrp_series_clear(S);
        lt_pgrp_series_clear(T);
        lt_pgrp_clear(G);
        lt_pgrp_clear(H);
    }
}

int main(void)
{
    lt_ctx_init(ctx);
    json();
    cycles();
    grammar();
    cayley();
    UNIT_DONE("t-io");
}
