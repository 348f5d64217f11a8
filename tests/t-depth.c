/* The theory layer: depth bounds, error exponents, the free nilpotent width
   and word-problem classes. Golden values from the paper's statements
   (arXiv:2603.05573: exponents 2, 3, 5, 9 for k = 1..4 in v1), laws that
   tie the statements together (Corollary 3.6 and Proposition 3.7 agree in
   each reading; the sharp reading is the derived length of the free
   nilpotent Lie algebras, computed), and the width two ways (the library's
   incremental Witt sum against src/free's, and against the dimension of
   fnil(r,c) built by the parser). */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>
#include "lietool.h"
#include "unit.h"

static lt_ctx_t ctx;

static void test_bound_names(void)
{
    unit_case = "bound names";
    lt_bound b = LT_BOUND_SHARP;
    CHECK(LT_BOUND_DEFAULT == LT_BOUND_SHARP, "the default is sharp, the statement of version 2");
    CHECK(lt_depth_bound_parse(&b, "v1") && b == LT_BOUND_V1, "parse v1");
    CHECK(lt_depth_bound_parse(&b, "sharp") && b == LT_BOUND_SHARP, "parse sharp");
    CHECK(!lt_depth_bound_parse(&b, "v2") && !lt_depth_bound_parse(&b, "") && !lt_depth_bound_parse(&b, "V1"),
          "parse rejects v2, empty, V1");
    CHECK(strcmp(lt_depth_bound_name(LT_BOUND_V1), "v1") == 0, "name v1");
    CHECK(strcmp(lt_depth_bound_name(LT_BOUND_SHARP), "sharp") == 0, "name sharp");
}

static void test_layers(void)
{
    unit_case = "layers";
    static const struct { long d, ab, re; } t[] = {
        {-1, -1, -1}, {0, 0, 0}, {1, 1, 1}, {2, 2, 1}, {3, 3, 2}, {4, 4, 2}, {5, 5, 3}, {10, 10, 5},
    };
    for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
        CHECK(lt_depth_abelian_layers(t[i].d) == t[i].ab, "abelian layers of d = %ld: %ld", t[i].d,
              lt_depth_abelian_layers(t[i].d));
        CHECK(lt_depth_restricted_layers(t[i].d) == t[i].re, "restricted layers of d = %ld: %ld", t[i].d,
              lt_depth_restricted_layers(t[i].d));
    }
    /* law: k restricted layers reach derived length 2k and no more
       (Proposition 3.3), so the bound is the least k with 2k >= d */
    for (long d = 0; d <= 40; d++) {
        long k = lt_depth_restricted_layers(d);
        CHECK(2 * k >= d && (k == 0 || 2 * (k - 1) < d), "restricted layers of %ld: %ld is not the least k", d, k);
    }
}

static void test_log_bound(void)
{
    unit_case = "log bound";
    static const struct { ulong T; int v1, sharp; } t[] = {
        {1, 1, 1}, {2, 2, 2}, {3, 3, 2}, {4, 3, 3}, {5, 4, 3}, {7, 4, 3}, {8, 4, 4}, {9, 5, 4},
        {128, 8, 8}, {129, 9, 8}, {255, 9, 8}, {256, 9, 9}, {1000, 11, 10},
        {(ulong)1 << 62, 63, 63}, {((ulong)1 << 62) + 1, 64, 63},
    };
    for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
        CHECK(lt_depth_log_bound(t[i].T, LT_BOUND_V1) == t[i].v1, "v1 bound for T = %lu: %d", t[i].T,
              lt_depth_log_bound(t[i].T, LT_BOUND_V1));
        CHECK(lt_depth_log_bound(t[i].T, LT_BOUND_SHARP) == t[i].sharp, "sharp bound for T = %lu: %d", t[i].T,
              lt_depth_log_bound(t[i].T, LT_BOUND_SHARP));
    }
    /* laws against the definitions: v1 = 1 + the least m with 2^m >= T,
       sharp = 1 + the largest m with 2^m <= T; they agree exactly at the
       powers of 2, and otherwise v1 is one more */
    for (ulong T = 1; T <= 5000; T++) {
        int lo = 0, hi = 0;
        while (((ulong)1 << hi) < T) hi++;
        while (((ulong)1 << (lo + 1)) <= T) lo++;
        int v1 = lt_depth_log_bound(T, LT_BOUND_V1), sh = lt_depth_log_bound(T, LT_BOUND_SHARP);
        int pow2 = (T & (T - 1)) == 0;
        CHECK(v1 == hi + 1 && sh == lo + 1 && v1 == sh + !pow2, "T = %lu: v1 %d, sharp %d", T, v1, sh);
    }
}

static void test_exponents(void)
{
    unit_case = "error exponents";
    static const ulong v1[] = {2, 3, 5, 9, 17, 33, 65, 129}, sharp[] = {2, 4, 8, 16, 32, 64, 128, 256};
    for (int k = 1; k <= 8; k++) {
        CHECK(lt_depth_error_exponent(k, LT_BOUND_V1) == v1[k - 1], "v1 exponent at k = %d: %lu", k,
              lt_depth_error_exponent(k, LT_BOUND_V1));
        CHECK(lt_depth_error_exponent(k, LT_BOUND_SHARP) == sharp[k - 1], "sharp exponent at k = %d: %lu", k,
              lt_depth_error_exponent(k, LT_BOUND_SHARP));
    }
    /* law: in each reading, the class c(k) of Corollary 3.6 is the largest
       length T whose bound in Proposition 3.7 is k (one statement, two
       forms); and the sharp class is never smaller */
    for (int k = 1; k <= 62; k++)
        for (int b = 0; b < 2; b++) {
            ulong c = lt_depth_truncation_class(k, (lt_bound)b);
            CHECK(lt_depth_log_bound(c, (lt_bound)b) <= k && lt_depth_log_bound(c + 1, (lt_bound)b) == k + 1
                  && lt_depth_error_exponent(k, (lt_bound)b) == c + 1,
                  "k = %d, bound %s: class %lu does not match the log bound", k, lt_depth_bound_name((lt_bound)b), c);
            if (b) CHECK(c >= lt_depth_truncation_class(k, LT_BOUND_V1), "k = %d: sharp class below v1", k);
        }
    /* exactness: solvable with d <= k */
    CHECK(lt_depth_is_exact(2, 2) && lt_depth_is_exact(8, 0) && !lt_depth_is_exact(1, 2)
          && !lt_depth_is_exact(8, -1), "is_exact");
}

/* The sharp reading is a fact about the free nilpotent Lie algebras: the
   derived length of fnil(3, c) is floor(log2 c) + 1 for c = 1..6, built
   and computed by the library (and the bound holds for rank 2). Their
   dimensions are the width. */
static void test_free_nilpotent(void)
{
    unit_case = "free nilpotent";
    static const struct { int r, c; } t[] = {
        {3, 1}, {3, 2}, {3, 3}, {3, 4}, {3, 5}, {3, 6}, {2, 4}, {2, 6}, {2, 8}, {4, 3},
    };
    for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
        char spec[32];
        snprintf(spec, sizeof spec, "fnil(%d,%d)", t[i].r, t[i].c);
        lt_liealg_t L;
        lt_liealg_init(L);
        lt_err_t err;
        lt_err_init(err);
        lt_status st = lt_io_liealg(L, NULL, spec, ctx, err);
        CHECK(st == LT_OK, "%s: %s", spec, err->msg);
        if (st) { lt_liealg_clear(L); continue; }
        lt_lseries_t D;
        lt_lseries_init(D);
        lt_liealg_derived_series(D, L);
        long dl = D->reaches_zero ? (long)D->len - 1 : -1;
        int sharp = lt_depth_log_bound((ulong)t[i].c, LT_BOUND_SHARP);
        if (t[i].r >= 3) CHECK(dl == sharp, "%s: derived length %ld, sharp bound %d", spec, dl, sharp);
        else CHECK(dl >= 1 && dl <= sharp, "%s: derived length %ld above the sharp bound %d", spec, dl, sharp);
        mpz_t n, w;
        mpz_init_set_ui(n, (ulong)t[i].r);
        mpz_init(w);
        st = lt_depth_width(w, NULL, n, (ulong)t[i].c, 1000, ctx, err);
        CHECK(st == LT_OK && mpz_cmp_si(w, (long)L->dim) == 0, "%s: width %s, dimension %ld", spec,
              mpz_get_str(NULL, 10, w), (long)L->dim);
        mpz_clear(n);
        mpz_clear(w);
        lt_lseries_clear(D);
        lt_liealg_clear(L);
    }
}

static void test_width(void)
{
    unit_case = "width";
    lt_err_t err;
    lt_err_init(err);
    mpz_t n, w, v, t;
    mpz_init(n); mpz_init(w); mpz_init(v); mpz_init(t);
    /* against src/free's Witt sum, every small case */
    for (ulong r = 0; r <= 7; r++)
        for (ulong T = 1; T <= 40; T++) {
            mpz_set_ui(n, r);
            lt_status st = lt_depth_width(w, NULL, n, T, 100000, ctx, err);
            lt_free_witt_total(v, r, T);
            CHECK(st == LT_OK && mpz_cmp(w, v) == 0, "n = %lu, T = %lu: %s, Witt %s", r, T,
                  mpz_get_str(NULL, 10, w), mpz_get_str(NULL, 10, v));
        }
    /* golden: 60 letters (|A5|), class 3: 60 + 1770 + 71980 */
    mpz_set_ui(n, 60);
    CHECK(lt_depth_width(w, NULL, n, 3, 100000, ctx, err) == LT_OK && mpz_cmp_ui(w, 73810) == 0,
          "n = 60, T = 3: %s", mpz_get_str(NULL, 10, w));
    /* 2 letters, class 20: 111013 (the Casas-Murua BCH basis) */
    mpz_set_ui(n, 2);
    CHECK(lt_depth_width(w, NULL, n, 20, 100000, ctx, err) == LT_OK && mpz_cmp_ui(w, 111013) == 0,
          "n = 2, T = 20: %s", mpz_get_str(NULL, 10, w));
    /* the paper's lengths, against src/free, and the digit estimate */
    static const ulong Ts[] = {128, 256, 500};
    for (size_t i = 0; i < sizeof Ts / sizeof *Ts; i++) {
        double est;
        mpz_set_ui(n, 60);
        lt_status st = lt_depth_width(w, &est, n, Ts[i], 100000, ctx, err);
        lt_free_witt_total(v, 60, Ts[i]);
        CHECK(st == LT_OK && mpz_cmp(w, v) == 0, "n = 60, T = %lu differs from Witt", Ts[i]);
        double dig = (double)mpz_sizeinbase(w, 10);
        CHECK(fabs(dig - est) < 2, "T = %lu: %.0f digits, estimate %.2f", Ts[i], dig, est);
    }
    /* more letters than a word holds: n = 2^70 + 3, T = 3, by the formula
       n + (n^2 - n)/2 + (n^3 - n)/3 */
    mpz_ui_pow_ui(n, 2, 70);
    mpz_add_ui(n, n, 3);
    CHECK(lt_depth_width(w, NULL, n, 3, 100000, ctx, err) == LT_OK, "n = 2^70 + 3: %s", err->msg);
    mpz_set(v, n);
    mpz_mul(t, n, n); mpz_sub(t, t, n); mpz_divexact_ui(t, t, 2); mpz_add(v, v, t);
    mpz_pow_ui(t, n, 3); mpz_sub(t, t, n); mpz_divexact_ui(t, t, 3); mpz_add(v, v, t);
    CHECK(mpz_cmp(w, v) == 0, "n = 2^70 + 3, T = 3: %s", mpz_get_str(NULL, 10, w));
    /* one letter: only the letter */
    mpz_set_ui(n, 1);
    CHECK(lt_depth_width(w, NULL, n, 1000000, 10, ctx, err) == LT_OK && mpz_cmp_ui(w, 1) == 0, "n = 1");
    /* the limits name their options */
    double est = 0;
    mpz_set_ui(n, 60);
    lt_status st = lt_depth_width(w, &est, n, 1000000, 100000, ctx, err);
    CHECK(st == LT_ELIMIT && strstr(err->msg, "--max-digits 100000") && fabs(est - 1778145.3) < 1,
          "n = 60, T = 10^6: status %d, estimate %.1f, '%s'", st, est, err->msg);
    lt_ctx_t small;
    lt_ctx_init(small);
    small->max_memory_mb = 1;
    st = lt_depth_width(w, NULL, n, 100000, 1000000, small, err);
    CHECK(st == LT_ELIMIT && strstr(err->msg, "--max-memory 1"), "memory limit: %d '%s'", st, err->msg);
    mpz_clear(n); mpz_clear(w); mpz_clear(v); mpz_clear(t);
}

/* The word-problem class from the derived length of real groups. */
static void test_groups(void)
{
    unit_case = "groups";
    static const struct { const char *spec; long dl; long re; const char *wp; } t[] = {
        {"C1", 0, 0, "trivial"}, {"C2", 1, 1, "abelian"}, {"C60", 1, 1, "abelian"},
        {"S3", 2, 1, "solvable"}, {"D8", 2, 1, "solvable"}, {"UT(3,2)", 2, 1, "solvable"},
        {"Q8", 2, 1, "solvable"}, {"S4", 3, 2, "solvable"}, {"C5 x A4", 2, 1, "solvable"},
        {"A5", -1, -1, "nc1-complete"}, {"S5", -1, -1, "nc1-complete"},
    };
    for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
        lt_pgrp_t G;
        lt_pgrp_init(G, 1);
        lt_err_t err;
        lt_err_init(err);
        lt_pgrp_series_t S;
        lt_pgrp_series_init(S);
        lt_status st = lt_io_group(G, NULL, t[i].spec, ctx, err);
        if (!st) st = lt_pgrp_chain(G, NULL, ctx, err);
        if (!st) st = lt_pgrp_derived_series(S, G, ctx, err);
        CHECK(st == LT_OK, "%s: %s", t[i].spec, err->msg);
        if (!st) {
            long dl = S->reaches_one ? S->len - 1 : -1;
            CHECK(lt_depth_abelian_layers(dl) == t[i].dl, "%s: abelian layers %ld, expected %ld", t[i].spec,
                  lt_depth_abelian_layers(dl), t[i].dl);
            CHECK(lt_depth_restricted_layers(dl) == t[i].re, "%s: restricted layers %ld, expected %ld",
                  t[i].spec, lt_depth_restricted_layers(dl), t[i].re);
            const char *wp = lt_depth_word_problem_name(lt_depth_word_problem_class(dl));
            CHECK(strcmp(wp, t[i].wp) == 0, "%s: word problem %s, expected %s", t[i].spec, wp, t[i].wp);
        }
        lt_pgrp_series_clear(S);
        lt_pgrp_clear(G);
    }
}

static void test_sources(void)
{
    unit_case = "sources";
    for (int s = 0; s < LT_SRC_COUNT; s++) {
        const char *c = lt_depth_cite((lt_depth_source)s);
        CHECK(c && strlen(c) > 8 && (strstr(c, "19") || strstr(c, "20")), "source %d: '%s' has no year", s, c);
        for (int u = 0; u < s; u++)
            CHECK(strcmp(c, lt_depth_cite((lt_depth_source)u)) != 0, "sources %d and %d are the same", u, s);
    }
    CHECK(strcmp(lt_depth_cite(LT_SRC_HEO_COR36), "Heo et al. 2026, Corollary 3.6") == 0, "Corollary 3.6");
}

/* The lengths a depth covers (the theory curves of ssm sweep's figure). */
static void test_verdict(void)
{
    unit_case = "verdict";
    /* lengths covered: every length when d <= k; else the log bound */
    CHECK(lt_depth_covered_length(2, 2, 1000, LT_BOUND_V1) == 1000, "d <= k");
    CHECK(lt_depth_covered_length(3, -1, 1000, LT_BOUND_V1) == 4 && lt_depth_covered_length(3, -1, 1000, LT_BOUND_SHARP) == 7,
          "not solvable, 3 layers: %ld (v1) %ld (sharp)", lt_depth_covered_length(3, -1, 1000, LT_BOUND_V1),
          lt_depth_covered_length(3, -1, 1000, LT_BOUND_SHARP));
    for (int k = 1; k <= 6; k++) {
        long T = lt_depth_covered_length(k, -1, 100000, LT_BOUND_V1);
        CHECK(lt_depth_log_bound((ulong)T, LT_BOUND_V1) <= k && lt_depth_log_bound((ulong)T + 1, LT_BOUND_V1) > k, "k = %d: %ld", k, T);
    }
}

/* The theory verdict (lt_plan): the textbook cases of every family. */
static void plan_of(lt_plan_verdict_t V, const char *spec, const char *arch, long k, long T)
{
    lt_pgrp_t G;
    lt_plan_task_t P;
    lt_arch a;
    lt_err_t err;
    lt_err_init(err);
    lt_pgrp_init(G, 1);
    lt_plan_task_init(P);
    CHECK(lt_arch_parse(&a, arch) == 0, "parse %s", arch);
    CHECK(lt_io_group(G, NULL, spec, ctx, err) == LT_OK && lt_pgrp_chain(G, NULL, ctx, err) == LT_OK
          && lt_plan_task_group(P, G, ctx, err) == LT_OK, "%s: %s", spec, err->msg);
    CHECK(lt_plan(V, P, &a, k, T, LT_BOUND_V1, ctx, err) == LT_OK, "plan %s", spec);
    lt_plan_task_clear(P);
    lt_pgrp_clear(G);
}

static void test_plan(void)
{
    unit_case = "plan";
    static const struct { const char *g, *arch; long k; int exact; long fewest, most_not; int never; } cases[] = {
        {"S3", "abelian", 1, 0, 2, 1, 0}, {"S3", "abelian", 2, 1, 2, 1, 0},
        {"S4", "abelian", 2, 0, 3, 2, 0}, {"S4", "abelian", 3, 1, 3, 2, 0},
        {"A5", "abelian", 6, 0, -1, -1, 1}, {"A5", "diag-complex", 6, 0, -1, -1, 1},
        {"S3", "diag-complex", 1, 0, 2, 1, 0},
        {"C2", "diag-positive", 4, 0, -1, -1, 1}, {"A4 x C3", "diag-positive", 4, 0, -1, -1, 1},
        {"C2", "diag-signed", 1, 1, 1, 0, 0}, {"C3", "diag-signed", 3, 0, -1, -1, 1},
        {"S3", "diag-signed", 3, 0, -1, -1, 1}, {"D8", "diag-signed", 2, 1, 2, 1, 0},
        /* diag-signed layers are diag-complex ones: Shakerinava et al. rule out 1 layer on D8 */
        {"D8", "diag-signed", 1, 0, 2, 1, 0}, {"Q8", "diag-signed", 2, 1, 2, 1, 0},
        {"C5", "diag-signed", 2, -1, -1, 0, 0},
        {"S3", "householder-2", 1, 1, 1, 0, 0}, {"S3", "householder-1", 1, -1, 2, 0, 0},
        {"S3", "householder-1", 2, 1, 2, 0, 0}, {"D8", "householder-1", 2, 1, 2, 0, 0},   /* dihedral: Siems et al. */
        /* householder-1 includes diag-signed (Q8: Frattini cascade); derived-series cascades:
           A4 = C2^2 by C3 takes 1 + 2 sign/dihedral layers, S4 1 + 2 + 1 */
        {"Q8", "householder-1", 2, 1, 2, 0, 0}, {"A4", "householder-1", 3, 1, 3, 0, 0},
        {"A4", "householder-1", 2, -1, 3, 0, 0}, {"S4", "householder-1", 4, 1, 4, 0, 0},
        /* S5: C2 then A5 (rotations of R^3) with 2 reflections per token */
        {"S5", "householder-2", 2, 1, 2, 0, 0}, {"S5", "householder-2", 1, -1, 2, 0, 0},
        {"S5", "householder-1", 9, -1, -1, 0, 0},
        /* SL(2,3) needs 4 reflections in one layer, its derived length 3 as rotation heads */
        {"SL(2,3)", "householder-2", 3, 1, 3, 0, 0},
        {"A5", "householder-4", 1, 1, 1, 0, 0}, {"A5", "householder-3", 2, 1, 1, 0, 0},
        /* the real representations: A5 and S4 rotate R^3 (2 reflections), Q8 needs 4 */
        {"A5", "householder-2", 1, 1, 1, 0, 0}, {"S4", "householder-2", 1, 1, 1, 0, 0},
        {"Q8", "householder-2", 1, -1, 2, 0, 0}, {"Q8", "householder-4", 1, 1, 1, 0, 0},
        {"C3", "householder-1", 2, 1, 2, 0, 0},     /* C3 inside S3 */
        {"D8", "householder-1-positive", 3, 0, -1, -1, 1}, {"A5", "householder-2-positive", 5, 0, -1, -1, 1},
        {"C3", "householder-1-positive", 2, -1, -1, 0, 0}, {"S3", "householder-3-positive", 1, -1, -1, 0, 0},
        {"A5", "pd", 1, 1, 1, 0, 0}, {"Q8", "pd", 1, 1, 1, 0, 0},
        {"S5", "householder-4", 1, 1, 1, 0, 0},
        {"A5", "transformer", 8, 0, -1, -1, 1}, {"S3", "transformer", 2, -1, -1, 0, 0},
        {"C1", "diag-positive", 1, 1, 0, -1, 0},
    };
    lt_plan_verdict_t V;
    lt_plan_verdict_init(V);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        plan_of(V, cases[i].g, cases[i].arch, cases[i].k, 0);
        CHECK(V->exact == cases[i].exact && V->fewest_suffice == cases[i].fewest && V->most_not == cases[i].most_not
              && V->impossible_every_depth == cases[i].never && V->nclaims > 0,
              "%s %s k=%ld: exact %d fewest %ld most_not %ld never %d", cases[i].g, cases[i].arch, cases[i].k,
              V->exact, V->fewest_suffice, V->most_not, V->impossible_every_depth);
        for (int c = 0; c < V->nclaims; c++) CHECK(V->claims[c].claim && *V->claims[c].claim, "claim %d", c);
    }
    /* the transformer's answer rests on TC0 != NC1 */
    plan_of(V, "A5", "transformer", 3, 0);
    CHECK(V->assumption && !strcmp(V->assumption, "TC0 != NC1"), "assumption");
    /* words up to length T: Proposition 3.7 is an upper bound ("at most") */
    plan_of(V, "A5", "abelian", 4, 8);
    CHECK(V->exact == 0 && V->suffices_T == 1 && V->log_layers[0] == 4 && V->log_layers[1] == 4, "A5 k=4 T=8: %d", V->suffices_T);
    plan_of(V, "A5", "abelian", 3, 256);
    CHECK(V->suffices_T == -1 && V->log_layers[0] == 9 && V->width_log10 > 100, "A5 k=3 T=256: %d %g", V->suffices_T, V->width_log10);
    plan_of(V, "S3", "abelian", 2, 256);
    CHECK(V->suffices_T == 1, "S3 exact => every T");
    /* family names */
    lt_arch a;
    char buf[32];
    CHECK(lt_arch_parse(&a, "householder") == 0 && a.householders == 1
          && !strcmp(lt_arch_name(buf, sizeof buf, &a), "householder-1"), "householder");
    CHECK(lt_arch_parse(&a, "householder-0") < 0 && lt_arch_parse(&a, "householder-65") < 0
          && lt_arch_parse(&a, "diag") < 0 && lt_arch_parse(&a, "abelianx") < 0, "bad names");
    lt_plan_verdict_clear(V);
}

/* The generator mass (src/depth/mass.c): spectral norms of known
   matrices, the rotation angles of the shipped and test representations
   (computed by hand from their orders and traces), the refusal of a
   matrix that is not orthogonal, and the Magnus radius pi. */
static double mass_d(const mpfr_t x) { return mpfr_get_d(x, MPFR_RNDN); }

static int close_to(double x, double want) { return fabs(x - want) <= 1e-12 * (fabs(want) + 1); }

static void mass_of_rep(lt_depth_mass_t M, lt_status *st, const char *group, const char *path, const fmpq_t h,
                        lt_err_t err)
{
    lt_pgrp_t G;
    lt_pgrp_init(G, 1);
    lt_rep_t R;
    lt_rep_init(R);
    *st = lt_io_group(G, NULL, group, ctx, err);
    if (!*st) *st = lt_pgrp_chain(G, NULL, ctx, err);
    if (!*st) *st = lt_io_rep_read(R, path, G, ctx, err);
    if (!*st) *st = lt_depth_mass_rep(M, R, h, 1e-10, path, err);
    lt_rep_clear(R);
    lt_pgrp_clear(G);
}

static void test_mass(void)
{
    unit_case = "generator mass";
    lt_err_t err;
    lt_err_init(err);
    lt_depth_mass_t M;
    lt_depth_mass_init(M);
    fmpq_t h;
    fmpq_init(h);
    fmpq_one(h);
    /* ||[[1,1],[0,1]]||_2 = the golden ratio; ||[[1,2],[3,4]]||_2 =
       sqrt(15 + sqrt 221) (A^T A = [[10,14],[14,20]]); ||[[0,1],[0,0]]|| = 1 */
    const double gens[] = {1, 1, 0, 1, 1, 2, 3, 4, 0, 1, 0, 0};
    const double phi = (1 + sqrt(5.0)) / 2, big = sqrt(15 + sqrt(221.0));
    CHECK(lt_depth_mass_matrices(M, gens, 3, 2, h, err) == LT_OK && M->count == 3
          && close_to(mass_d(M->eps), phi + big + 1) && close_to(mass_d(M->largest), big),
          "three matrices: eps %.17g, largest %.17g", mass_d(M->eps), mass_d(M->largest));
    fmpq_set_si(h, 1, 4);
    CHECK(lt_depth_mass_matrices(M, gens, 3, 2, h, err) == LT_OK
          && close_to(mass_d(M->eps), (phi + big + 1) / 4) && close_to(mass_d(M->largest), big / 4),
          "step 1/4: eps %.17g", mass_d(M->eps));
    fmpq_one(h);
    lt_status st;
    /* S4's (1,2,3,4) as the rotation by pi/2 */
    mass_of_rep(M, &st, "S4", "tests/data/s4-subgroup.rep", h, err);
    CHECK(st == LT_OK && M->count == 1 && close_to(mass_d(M->eps), M_PI / 2), "C4 rotation: %.17g (%s)",
          mass_d(M->eps), err->msg);
    /* A5: rotations of order 3 (2 pi / 3) and 5 (2 pi / 5), exact and decimal */
    mass_of_rep(M, &st, "A5", "tests/data/a5-faithful.rep", h, err);
    CHECK(st == LT_OK && M->count == 2 && close_to(mass_d(M->eps), 16 * M_PI / 15)
          && close_to(mass_d(M->largest), 2 * M_PI / 3), "a5-faithful: %.17g (%s)", mass_d(M->eps), err->msg);
    mass_of_rep(M, &st, "A5", "tests/data/a5-float.rep", h, err);
    CHECK(st == LT_OK && fabs(mass_d(M->eps) - 16 * M_PI / 15) < 1e-9, "a5-float: %.17g (%s)", mass_d(M->eps), err->msg);
    /* all 60 rotations: 15 of angle pi, 20 of 2 pi / 3, 12 of 2 pi / 5 and
       12 of 4 pi / 5: pi (15 + 40/3 + 24/5 + 48/5) = 641 pi / 15 */
    mass_of_rep(M, &st, "A5", "algebras/reps/A5-icosahedral.rep", h, err);
    CHECK(st == LT_OK && M->count == 60 && close_to(mass_d(M->eps), 641 * M_PI / 15)
          && close_to(mass_d(M->largest), M_PI), "A5-icosahedral: %.17g, largest %.17g (%s)", mass_d(M->eps),
          mass_d(M->largest), err->msg);
    /* a representation of C2 that is not orthogonal: refused, naming the line */
    char path[] = "/tmp/lietool-t-depth-XXXXXX";
    int fd = mkstemp(path);
    FILE *f = fd >= 0 ? fdopen(fd, "w") : NULL;
    if (f) { fputs("# C2, not orthogonal\n(1,2) = [[1, 1], [0, -1]]\n", f); fclose(f); }
    mass_of_rep(M, &st, "C2", path, h, err);
    CHECK(f && st == LT_EINPUT && strstr(err->msg, ":2: the matrix of (1,2) is not orthogonal"), "C2 shear: %d %s",
          st, err->msg);
    remove(path);
    /* the radius: pi rounded down converges, rounded up does not */
    mpfr_t e;
    mpfr_init2(e, 64);
    mpfr_const_pi(e, MPFR_RNDD);
    CHECK(lt_depth_magnus_converges(e), "pi rounded down");
    mpfr_const_pi(e, MPFR_RNDU);
    CHECK(!lt_depth_magnus_converges(e), "pi rounded up");
    mpfr_set_d(e, 3.1415, MPFR_RNDN);
    CHECK(lt_depth_magnus_converges(e), "3.1415");
    mpfr_set_ui(e, 355, MPFR_RNDN);
    mpfr_div_ui(e, e, 113, MPFR_RNDN);
    CHECK(!lt_depth_magnus_converges(e), "355/113 is above pi");
    mpfr_clear(e);
    fmpq_clear(h);
    lt_depth_mass_clear(M);
}

/* The results of min-depth, report and error-bound (lt_depth_profile_*,
   lt_depth_min, lt_depth_report, lt_depth_error_bound): the profile's
   derived length against test_groups' table and the Lie algebras' own
   series, the minimum depths against the bounds they are made of, the
   widths against lt_depth_width, the report's claims (text = mark without
   $, but for the width's number), and eps^e against the exponent. */
static void test_results(void)
{
    unit_case = "results";
    static const struct { const char *spec; int lie; long dl; } t[] = {
        {"C1", 0, 0}, {"C2", 0, 1}, {"S3", 0, 2}, {"S4", 0, 3}, {"A5", 0, -1},
        {"heis(3)", 1, 2}, {"sl(2)", 1, -1}, {"abelian(3)", 1, 1}, {"b(3)", 1, 3},
    };
    for (size_t i = 0; i < sizeof t / sizeof *t; i++) {
        lt_err_t err;
        lt_err_init(err);
        lt_pgrp_t G;
        lt_liealg_t L;
        lt_pgrp_init(G, 1);
        lt_liealg_init(L);
        lt_depth_profile_t P;
        lt_depth_profile_init(P);
        lt_status st;
        if (t[i].lie) {
            st = lt_io_liealg(L, NULL, t[i].spec, ctx, err);
            if (!st) lt_depth_profile_liealg(P, L, 1);
        } else {
            st = lt_io_group(G, NULL, t[i].spec, ctx, err);
            if (!st) st = lt_pgrp_chain(G, NULL, ctx, err);
            if (!st) st = lt_depth_profile_group(P, G, 1, ctx, err);
        }
        CHECK(st == LT_OK && P->derived_length == t[i].dl && P->is_lie == t[i].lie && P->solvable == (t[i].dl >= 0),
              "%s: profile %d, derived length %ld", t[i].spec, st, P->derived_length);
        for (ulong T = 0; !st && T <= 300; T += 75) {
            lt_depth_params p = {LT_BOUND_V1, T, 0, 100000, NULL, 0};
            lt_depth_min_t M;
            lt_depth_min_init(M);
            CHECK(lt_depth_min(M, P, &p, ctx, err) == LT_OK && M->abelian == lt_depth_abelian_layers(t[i].dl)
                  && M->restricted == lt_depth_restricted_layers(t[i].dl) && !M->tokens_given, "%s: min", t[i].spec);
            if (T) {
                mpz_t w;
                mpz_init(w);
                lt_status ws = lt_depth_width(w, NULL, P->size, T, 100000, ctx, err);
                CHECK(M->log_bound == lt_depth_log_bound(T, LT_BOUND_V1)
                      && M->within == (M->abelian >= 0 && M->abelian < M->log_bound ? M->abelian : M->log_bound)
                      && M->width_status == ws && (ws || mpz_cmp(w, M->width) == 0), "%s, T = %lu: log-depth bound",
                      t[i].spec, T);
                mpz_clear(w);
            }
            lt_depth_min_clear(M);
        }
        lt_depth_params p = {LT_BOUND_SHARP, 0, 7, 100000, NULL, 0};
        lt_depth_report_t R;
        lt_depth_report_init(R);
        CHECK(!st && lt_depth_report(R, P, &p, ctx, err) == LT_OK && R->nlen == 2 && mpz_cmp_ui(R->tokens, 7) == 0,
              "%s: report", t[i].spec);
        for (int j = 0; j < R->nlen; j++) {
            mpz_t w, n;
            mpz_init(w);
            mpz_init_set_ui(n, 7);
            CHECK(R->lengths[j] == 128u * (ulong)(j + 1) && !R->width_status[j]
                  && lt_depth_width(w, NULL, n, R->lengths[j], 100000, ctx, err) == LT_OK && mpz_cmp(w, R->width[j]) == 0,
                  "%s: width at %lu", t[i].spec, R->lengths[j]);
            mpz_clear(w);
            mpz_clear(n);
        }
        int sections[4] = {0, 0, 0, 0};
        for (int c = 0; c < R->nclaims; c++) {
            const lt_report_claim *C = &R->claims[c];
            char plain[360];
            size_t n = 0;
            for (const char *m = C->mark; *m; m++) if (*m != '$') plain[n++] = *m;
            plain[n] = '\0';
            /* the width's mark writes its number as a power of ten */
            CHECK(*C->key && *C->text && (strcmp(plain, C->text) == 0 || strncmp(C->key, "width", 5) == 0),
                  "%s: claim '%s'", t[i].spec, C->key);
            sections[C->section]++;
        }
        CHECK(sections[LT_REPORT_MIN] == 5 && sections[LT_REPORT_ERROR] == 3
              && (t[i].lie ? sections[LT_REPORT_WORD_PROBLEM] == 0 && sections[LT_REPORT_FLOW] > 0
                           : sections[LT_REPORT_FLOW] == 0 && sections[LT_REPORT_WORD_PROBLEM] > 0),
              "%s: claims by section %d %d %d %d", t[i].spec, sections[0], sections[1], sections[2], sections[3]);
        lt_depth_report_clear(R);
        lt_depth_profile_clear(P);
        lt_liealg_clear(L);
        lt_pgrp_clear(G);
    }
    /* eps^e: log(eps^e) / log(eps) is the exponent; at eps >= pi no powers */
    lt_depth_mass_t M;
    lt_depth_mass_init(M);
    fmpq_t h;
    fmpq_init(h);
    fmpq_one(h);
    lt_depth_error_t E;
    lt_depth_error_init(E);
    mpfr_set_d(M->eps, 0.1, MPFR_RNDN);
    lt_depth_error_bound(E, 2, 1, LT_ERROR_MAX_DEPTH, LT_BOUND_V1, LT_EPS_OPTION, M, h);
    CHECK(E->converges && strcmp(E->step_text, "1") == 0, "eps 0.1");
    mpfr_t l;
    mpfr_init2(l, 64);
    for (int k = 1; k <= LT_ERROR_MAX_DEPTH; k++) {
        mpfr_log10(l, E->pw[k - 1], MPFR_RNDN);     /* log10 0.1^e = -e */
        double e = -mpfr_get_d(l, MPFR_RNDN);
        CHECK(E->e[k - 1] == lt_depth_error_exponent(k, LT_BOUND_V1) && E->c[k - 1] + 1 == E->e[k - 1]
              && E->exact[k - 1] == (k >= 2) && fabs(e - (double)E->e[k - 1]) < 1e-6 * (double)E->e[k - 1],
              "k = %d: e %lu, log10 eps^e %g", k, E->e[k - 1], -e);
    }
    mpfr_clear(l);
    mpfr_set_ui(M->eps, 4, MPFR_RNDN);
    fmpq_set_si(h, 1, 4);
    lt_depth_error_bound(E, -1, 3, 3, LT_BOUND_SHARP, LT_EPS_GENS, M, h);
    CHECK(!E->converges && E->c[2] == 7 && E->e[2] == 8 && !E->exact[2] && strcmp(E->step_text, "1/4") == 0,
          "eps 4, k = 3 sharp");
    lt_depth_error_clear(E);
    fmpq_clear(h);
    lt_depth_mass_clear(M);
}

int main(void)
{
    lt_ctx_init(ctx);
    test_bound_names();
    test_layers();
    test_log_bound();
    test_exponents();
    test_free_nilpotent();
    test_width();
    test_groups();
    test_sources();
    test_verdict();
    test_plan();
    test_mass();
    test_results();
    UNIT_DONE("t-depth");
}
