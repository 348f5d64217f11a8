/* Element numbering and the isomorphism test: laws and GAP's answers. */
#include <stdlib.h>
#include <string.h>
#include <gmp.h>
#include "lietool.h"
#include "unit.h"

static lt_ctx_t ctx;

static void load(lt_pgrp_t G, const char *spec)
{
    lt_err_t err;
    lt_err_init(err);
    lt_status st = lt_io_group(G, NULL, spec, ctx, err);
    if (!st) st = lt_pgrp_chain(G, NULL, ctx, err);
    CHECK(st == LT_OK, "%s: %s", spec, err->msg);
}

/* unrank then rank is the identity on 0..|G|-1, every element is a member,
   0 is the identity, and a non-member has rank -1 */
static void numbering(void)
{
    const char *specs[] = {"S5", "D8 x C2", "UT(3,3)", "Q16", "PSL(2,7)", "C1", "AGL(1,11) x S3", "M11"};
    for (size_t i = 0; i < sizeof specs / sizeof *specs; i++) {
        unit_case = specs[i];
        lt_pgrp_t G;
        lt_pgrp_init(G, 1);
        load(G, specs[i]);
        long long N = (long long)mpz_get_ui(G->order), step = N > 5000 ? N / 4999 : 1;
        int *g = malloc((size_t)G->n * sizeof(int));
        int ok = 1, member = 1;
        for (long long r = 0; r < N; r += step) {
            lt_pgrp_unrank(g, G, r);
            ok &= lt_pgrp_rank(G, g) == r;
            member &= lt_pgrp_contains(G, g);
        }
        CHECK(ok, "rank(unrank(r)) != r");
        CHECK(member, "unrank gives a non-member");
        lt_pgrp_unrank(g, G, 0);
        CHECK(lt_perm_is_one(g, G->n), "element 0 is not the identity");
        if (G->n >= 2) {
            /* a transposition is outside every group here but S5 and AGL x S3 */
            lt_perm_one(g, G->n);
            g[0] = 1; g[1] = 0;
            CHECK((lt_pgrp_rank(G, g) >= 0) == lt_pgrp_contains(G, g), "rank and membership disagree");
        }
        free(g);
        lt_pgrp_clear(G);
    }
}

/* A word in the generators evaluated in G (images NULL) or in H. */
static void eval_word(int *out, const int *w, int len, int **gens, int n)
{
    int *t = malloc((size_t)n * sizeof(int));
    lt_perm_one(out, n);
    for (int i = 0; i < len; i++) {
        lt_perm_mul(t, out, gens[w[i]], n);
        memcpy(out, t, (size_t)n * sizeof(int));
    }
    free(t);
}

/* The law: for random words u, v in the generators, u = v in G iff
   u = v in H under the images (a homomorphism that is injective); 300
   words in groups of order at most a few thousand give many equal pairs. */
static int respects_words(lt_pgrp_t G, lt_pgrp_t H, int **images)
{
    if (G->ngens == 0) return 1;
    enum { W = 300 };
    int *a = malloc((size_t)W * (size_t)G->n * sizeof(int)), *b = malloc((size_t)W * (size_t)H->n * sizeof(int));
    int w[40], ok = 1;
    unsigned s = 12345;
    for (int t = 0; t < W; t++) {
        int len = t == 0 ? 0 : 1 + (int)(((s = s * 1103515245u + 12345u) >> 16) % 40);
        for (int i = 0; i < len; i++) w[i] = (int)(((s = s * 1103515245u + 12345u) >> 16) % (unsigned)G->ngens);
        eval_word(a + (size_t)t * (size_t)G->n, w, len, G->gens, G->n);
        eval_word(b + (size_t)t * (size_t)H->n, w, len, images, H->n);
    }
    for (int i = 0; i < W && ok; i++)
        for (int j = i + 1; j < W && ok; j++)
            ok = lt_perm_equal(a + (size_t)i * (size_t)G->n, a + (size_t)j * (size_t)G->n, G->n)
              == lt_perm_equal(b + (size_t)i * (size_t)H->n, b + (size_t)j * (size_t)H->n, H->n);
    free(a); free(b);
    return ok;
}

typedef struct { const char *g, *h; int iso; const char *invariant; } icase;

/* Answers as GAP 4.12 gives them (IsomorphismGroups(G, H) <> fail). */
static const icase cases[] = {
    {"UT(3,2)", "D8", 1, NULL},
    {"H3", "D8", 1, NULL},
    {"C60", "C5 x A4", 0, "element_orders"},
    {"C60", "A5", 0, "element_orders"},
    {"C5 x A4", "A5", 0, "element_orders"},
    {"A5", "PSL(2,5)", 1, NULL},
    {"S4", "SL(2,3)", 0, "element_orders"},
    {"Q8", "D8", 0, "element_orders"},
    {"C2 x C2 x C2", "C8", 0, "element_orders"},
    {"C4 x C4", "C2 x Q8", 0, "center_order"},
    {"C10 x C10 x C10", "C1000", 0, "element_orders"},
    {"C10 x C10 x C10", "C2 x C5 x C10 x C10", 1, NULL},
    {"C6 x C10", "C2 x C30", 1, NULL},
    {"S5", "Group((3,6,5,4),(1,2,5)(3,4,6))", 1, NULL},
    {"PSL(2,7)", "Group((1,2,3,4,5,6,7),(2,3)(4,7))", 1, NULL},
    {"S3", "D6", 1, NULL},
    {"D12", "S3 x C2", 1, NULL},
    {"Q12", "D12", 0, "element_orders"},
    {"A4 x C2", "SL(2,3)", 0, "element_orders"},
    {"C1", "Group(())", 1, NULL},
    {"D8 x D8 x C2", "C2 x D8 x D8", 1, NULL},
    {"GL(2,3)", "S4 x C2", 0, "element_orders"},
    {"SL(2,5)", "A5 x C2", 0, "element_orders"},
    /* SmallGroup(64,13) and (64,14): only the search tells them apart */
    {"Group((1,3)(2,6)(4,8)(9,14,10,15,11,16,12,13)(17,22,18,23,19,24,20,21),(1,6,4,2)(3,5,8,7)(9,12)(10,11)(13,20)(14,19)(15,18)(16,17)(21,24)(22,23),(1,8,4,3)(2,7,6,5)(9,22,11,24)(10,23,12,21)(13,17,15,19)(14,18,16,20))",
     "Group((1,5,3,7,2,6,4,8)(9,16,12,15,11,14,10,13),(1,7,2,8)(3,5,4,6)(10,12)(13,15),(9,11)(10,12)(13,15)(14,16))", 0, "search"},
};

static void isomorphisms(void)
{
    lt_err_t err;
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        unit_case = cases[i].g;
        lt_pgrp_t G, H;
        lt_pgrp_init(G, 1);
        lt_pgrp_init(H, 1);
        load(G, cases[i].g);
        load(H, cases[i].h);
        for (int dir = 0; dir < 2; dir++) {     /* the answer is symmetric */
            lt_pgrp_struct *A = dir ? H : G, *B = dir ? G : H;
            lt_pgrp_iso_t R;
            lt_pgrp_iso_init(R);
            lt_err_init(err);
            CHECK(lt_pgrp_isomorphism(R, A, B, ctx, err) == LT_OK, "%s", err->msg);
            CHECK(R->isomorphic == cases[i].iso, "isomorphic = %d against %s (%s)", R->isomorphic, cases[i].h, R->detail);
            if (R->isomorphic) {
                CHECK(R->nimages == A->ngens, "%d images for %d generators", R->nimages, A->ngens);
                CHECK(respects_words(A, B, R->images), "the images do not respect the relations");
            } else if (cases[i].invariant)
                CHECK(strcmp(R->invariant, cases[i].invariant) == 0, "decided by %s, not %s", R->invariant, cases[i].invariant);
            lt_pgrp_iso_clear(R);
        }
        lt_pgrp_clear(G);
        lt_pgrp_clear(H);
    }
}

/* A group against a random relabelling of its points: always isomorphic,
   and the relabelling itself is one isomorphism. */
static void relabelled(void)
{
    const char *specs[] = {"S4", "Q16", "UT(3,3)", "A5 x C3", "D10 x D6", "AGL(1,13)"};
    unsigned s = 777;
    lt_err_t err;
    for (size_t i = 0; i < sizeof specs / sizeof *specs; i++) {
        unit_case = specs[i];
        lt_pgrp_t G, H;
        lt_pgrp_init(G, 1);
        load(G, specs[i]);
        int n = G->n;
        int *pi = malloc((size_t)n * sizeof(int)), *c = malloc((size_t)n * sizeof(int));
        for (int x = 0; x < n; x++) pi[x] = x;
        for (int x = n - 1; x > 0; x--) {
            int y = (int)(((s = s * 1103515245u + 12345u) >> 16) % (unsigned)(x + 1));
            int t = pi[x]; pi[x] = pi[y]; pi[y] = t;
        }
        lt_pgrp_init(H, n);
        for (int k = 0; k < G->ngens; k++) {
            lt_perm_conj(c, G->gens[k], pi, n);
            lt_pgrp_add_gen(H, c);
        }
        lt_err_init(err);
        CHECK(lt_pgrp_chain(H, NULL, ctx, err) == LT_OK, "%s", err->msg);
        lt_pgrp_iso_t R;
        lt_pgrp_iso_init(R);
        CHECK(lt_pgrp_isomorphism(R, G, H, ctx, err) == LT_OK, "%s", err->msg);
        CHECK(R->isomorphic, "not isomorphic to a relabelling (%s)", R->detail);
        if (R->isomorphic) CHECK(respects_words(G, H, R->images), "the images do not respect the relations");
        lt_pgrp_iso_clear(R);
        free(pi); free(c);
        lt_pgrp_clear(G);
        lt_pgrp_clear(H);
    }
}

static void limits(void)
{
    unit_case = "limits";
    lt_ctx_t small;
    lt_ctx_init(small);
    small->max_enum = 100;
    lt_pgrp_t G, H;
    lt_pgrp_init(G, 1);
    lt_pgrp_init(H, 1);
    load(G, "S5");
    load(H, "S5");
    lt_pgrp_iso_t R;
    lt_pgrp_iso_init(R);
    lt_err_t err;
    lt_err_init(err);
    CHECK(lt_pgrp_isomorphism(R, G, H, small, err) == LT_ELIMIT, "order 120 above --max-enum 100 accepted");
    CHECK(strstr(err->msg, "--max-enum") != NULL, "message does not name --max-enum: %s", err->msg);
    lt_pgrp_iso_clear(R);
    lt_pgrp_clear(G);
    lt_pgrp_clear(H);
}

int main(void)
{
    lt_ctx_init(ctx);
    numbering();
    isomorphisms();
    relabelled();
    limits();
    UNIT_DONE("t-iso");
}
