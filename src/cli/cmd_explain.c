/* lietool explain QUESTION OBJECT: the reasoning behind an answer, with
   witnesses the engine has checked before printing them (lietool/perm.h,
   lietool/liealg.h). Questions: derived-series, lower-central-series,
   solvable, nilpotent, perfect, abelian, min-depth; `explain isomorphic G
   H`, the isomorphism or the invariant that differs (src/cli/explain_iso.c); and
   `explain commutator translations|rotations`, the classic contrast
   (src/cli/explain_rot.c). */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "explain.h"
#include "lietool/depth.h"
#include "lietool/json.h"

enum { Q_DERIVED, Q_LOWER, Q_SOLVABLE, Q_NILPOTENT, Q_PERFECT, Q_ABELIAN, Q_MINDEPTH };
static const char *const questions[] = {
    "derived-series", "lower-central-series", "solvable", "nilpotent", "perfect", "abelian", "min-depth",
};
#define NQ ((int)(sizeof questions / sizeof questions[0]))

static void put_perm(const int *p, int n)
{
    char *s = lt_perm_str(p, n);
    fputs(s, stdout);
    lt_free(s);
}

static void put_gens(const lt_pgrp_t G)
{
    if (G->ngens == 0) { fputs("()", stdout); return; }
    for (int i = 0; i < G->ngens; i++) {
        if (i) fputs(", ", stdout);
        put_perm(G->gens[i], G->n);
    }
}

static const char *convention =
    "convention: [a,b] = a^-1 b^-1 a b; products act left to right, i^(ab) = (i^a)^b (GAP)";

/* The closing lines of min-depth: why fewer layers cannot do. */
static void put_depth_verdict(long d, int lie)
{
    if (d == 0)
        printf("the trivial object: nothing to track, no layer is needed\n");
    else if (d > 0)
        printf("fewer cannot do: k order-blind layers reach derived length at most k, and k restricted\n"
               "(Mamba-like) layers at most 2k (Heo et al. 2026, Proposition 3.3): at least %ld restricted layer%s\n",
               lt_depth_restricted_layers(d), lt_depth_restricted_layers(d) == 1 ? "" : "s");
    else if (lie)
        printf("no depth suffices: every layer leaves the perfect residual untouched (Heo et al. 2026,\n"
               "Proposition 3.3); a depth-k stack leaves an error O(eps^(c+1)) (see 'lietool error-bound')\n");
    else
        printf("no depth suffices: every layer leaves the perfect residual untouched (Heo et al. 2026,\n"
               "Proposition 3.3); Barrington (1989): the word problem is NC1-complete\n");
}

/* ---- groups ---- */

/* JSON pieces: a permutation in cycle notation as a string, a generating
   set, a list of commutator witnesses. */
static void json_perm(const int *p, int n)
{
    char *s = lt_perm_str(p, n);
    lt_json_put_string(stdout, s);
    lt_free(s);
}

static void json_gens(const lt_pgrp_t G)
{
    putchar('[');
    for (int i = 0; i < G->ngens; i++) {
        if (i) fputs(", ", stdout);
        json_perm(G->gens[i], G->n);
    }
    putchar(']');
}

static void json_witness(const int *a, const int *b, const int *c, int n)
{
    fputs("{\"a\": ", stdout); json_perm(a, n);
    fputs(", \"b\": ", stdout); json_perm(b, n);
    fputs(", \"commutator\": ", stdout); json_perm(c, n);
    putchar('}');
}

/* "generators" (the commutators) and "witnesses" of a term. */
static void json_pwit(const lt_pwit_t W)
{
    fputs("\"generators\": [", stdout);
    for (int k = 0; k < W->len; k++) { if (k) fputs(", ", stdout); json_perm(W->c[k], W->n); }
    fputs("], \"witnesses\": [", stdout);
    for (int k = 0; k < W->len; k++) {
        if (k) fputs(", ", stdout);
        json_witness(W->a[k], W->b[k], W->c[k], W->n);
    }
    putchar(']');
}

static void json_convention(void)
{
    printf(", \"convention\": {\"commutator\": \"[a,b] = a^-1 b^-1 a b\", "
           "\"product\": \"left to right, i^(ab) = (i^a)^b (GAP)\"}");
}

static void json_head(const cli_opts *o, int q)
{
    cli_json_begin(o);
    printf(", \"question\": \"%s\"", questions[q]);
}

/* The closing keys of min-depth (JSON): the restricted-layer bound and the
   sources behind the verdict. */
static void json_depth_verdict(long d)
{
    if (d >= 0) printf(", \"restricted_layers\": %ld", lt_depth_restricted_layers(d));
    else printf(", \"restricted_layers\": null");
    printf(", \"sources\": [\"Heo et al. 2026, Theorem 3.4\", \"Heo et al. 2026, Proposition 3.3\"]");
}

/* The answer of a series question: the length (derived-series,
   lower-central-series) or whether the series reaches the trivial object. */
static void json_answer(int q, int reaches, long len)
{
    if (q == Q_SOLVABLE || q == Q_NILPOTENT) printf(", \"answer\": %s", reaches ? "true" : "false");
    else if (reaches) printf(", \"answer\": %ld", len);
    else printf(", \"answer\": null");
}

/* The series from G down with a witness per step (R, for question q: the
   derived or lower central series; min-depth prints it as the abelian
   tower). Text or JSON (o->json: the keys from "answer" on, up to the
   closing brace, which the caller prints). */
static void group_steps(const cli_opts *o, const lt_pgrp_series_witness_t R, const lt_pgrp_t G, int question)
{
    int lower = R->lower, tower = question == Q_MINDEPTH, J = o->json;
    const lt_pgrp_series_struct *S = R->S;
    const char *X = lower ? "C" : "G";
    if (J) {
        json_answer(question, S->reaches_one, S->len - 1);
        printf(", \"%s\": ", lower ? "lower_central_series" : "derived_series");
        cli_put_series(stdout, S, 1);
        printf(", \"%s\": ", lower ? "nilpotency_class" : "derived_length");
        if (S->reaches_one) printf("%d", S->len - 1); else printf("null");
        json_convention();
        if (tower) printf(", \"layers\": [");
        else {
            printf(", \"terms\": [{\"index\": 0, \"order\": ");
            cli_put_mpz(stdout, G->order, 1);
            printf(", \"generators\": ");
            json_gens(G);
            printf("}");
        }
    } else if (!tower) {
        printf("%s series of %s: %s%s0 = %s, %s(i+1) = [%si, %s]\n", lower ? "lower central" : "derived",
               o->object, lower ? "G = " : "", X, o->object, X, X, lower ? "G" : "Gi");
        printf("orders: ");
        cli_put_series(stdout, S, 0);
        printf("\n%s\n\n%s0 = %s, order ", convention, X, o->object);
        cli_put_mpz(stdout, G->order, 0);
        printf(", generated by ");
        put_gens(G);
        printf("\n");
    }
    for (int i = 0; i < R->nsteps; i++) {
        int last = R->residual && i == R->nsteps - 1;
        const lt_pgrp_struct *T = lt_pgrp_series_witness_term(R, i), *cur = &S->terms[i];
        const lt_pwit_struct *W = R->steps[i].W;
        long checks = R->steps[i].checks;
        const __mpz_struct *q = R->steps[i].quotient_order;
        if (J && tower) {
            if (!last) {
                printf("%s{\"layer\": %d, \"quotient\": \"%s%d/%s%d\", \"quotient_order\": ", i ? ", " : "",
                       i + 1, X, i, X, i + 1);
                cli_put_mpz(stdout, q, 1);
                printf(", \"term_order\": ");
                cli_put_mpz(stdout, T->order, 1);
                printf(", \"quotient_abelian\": {\"holds\": true, \"checks\": %ld}}", checks);
            } else {
                printf("], \"perfect_residual\": {\"index\": %d, \"order\": ", i);
                cli_put_mpz(stdout, cur->order, 1);
                printf(", ");
                json_pwit(W);
                printf(", \"abelian_quotient_order\": \"1\"}");
            }
        } else if (J) {
            printf(", {\"index\": %d, \"order\": ", i + 1);
            cli_put_mpz(stdout, T->order, 1);
            printf(", ");
            json_pwit(W);
            if (last) printf(", \"equals_previous\": true}");
            else {
                printf(", \"quotient_order\": ");
                cli_put_mpz(stdout, q, 1);
                printf(", \"quotient_abelian\": {\"holds\": true, \"central\": %s, \"checks\": %ld}}",
                       lower ? "true" : "false", checks);
            }
        } else if (tower && !last) {
            printf("  layer %d tracks %s%d/%s%d, %s of order ", i + 1, X, i, X, i + 1, lower ? "central" : "abelian");
            mpz_out_str(stdout, 10, q);
            printf(" (%s%d has order ", X, i + 1);
            mpz_out_str(stdout, 10, T->order);
            printf("; memberships checked: %ld)\n", checks);
        } else {
            if (tower) {
                printf("  then %s%d = [%s%d, %s%d]: the perfect residual, of order ", X, i, X, i, X, i);
                mpz_out_str(stdout, 10, cur->order);
                printf(", generated by commutators of its own elements:\n");
            } else {
                if (lower) printf("\n%s%d = [%s%d, G], order ", X, i + 1, X, i);
                else printf("\n%s%d = [%s%d, %s%d], order ", X, i + 1, X, i, X, i);
                mpz_out_str(stdout, 10, T->order);
                if (W->len) printf(", generated by %d commutator%s of elements of %s%d%s:\n", W->len,
                                   W->len == 1 ? "" : "s", X, i, lower ? " with elements of G" : "");
                else if (lower) printf(": every commutator [x,g] of a generator x of %s%d and a generator g of G is trivial\n", X, i);
                else printf(": every commutator of generators of %s%d is trivial\n", X, i);
            }
            for (int k = 0; k < W->len; k++) {
                printf("  [");
                put_perm(W->a[k], G->n);
                printf(", ");
                put_perm(W->b[k], G->n);
                printf("] = ");
                put_perm(W->c[k], G->n);
                printf("\n");
            }
            if (tower) {
                printf("  its abelian quotient is trivial, so no order-blind layer can peel anything off\n");
            } else if (last) {
                printf("  %s%d = %s%d: the series stops at a group of order ", X, i + 1, X, i);
                mpz_out_str(stdout, 10, T->order);
                if (lower) printf(" > 1 ([%s%d, G] = %s%d)\n", X, i, X, i);
                else printf(" > 1 that is perfect (every generator above is a commutator)\n");
            } else {
                if (lower) printf("  why %s%d/%s%d is central in G/%s%d (order ", X, i, X, i + 1, X, i + 1);
                else printf("  why %s%d/%s%d is abelian (order ", X, i, X, i + 1);
                mpz_out_str(stdout, 10, q);
                if (lower) printf("): %s%d is normal in G and contains [x,g] for every generator x of %s%d and g of G", X, i + 1, X, i);
                else printf("): %s%d is normal in %s%d and contains [x,y] for every pair of generators x, y of %s%d", X, i + 1, X, i, X, i);
                printf(" (memberships checked: %ld)\n", checks);
            }
        }
    }
    if (J) printf(tower ? (R->residual ? "" : "], \"perfect_residual\": null") : "]");
}

static int group_perfect(cli_opts *o, lt_pgrp_t G)
{
    int J = o->json, n = G->n;
    lt_err_t err;
    lt_err_init(err);
    lt_pgrp_perfect_witness_t R;
    lt_pgrp_perfect_witness_init(R);
    if (lt_pgrp_perfect_witness(R, G, 200000, o->ctx, err)) {
        lt_pgrp_perfect_witness_clear(R);
        return cli_fail(err);
    }
    const lt_pgrp_struct *D = R->derived;
    const lt_pwit_struct *W = R->W;
    if (J) {
        json_head(o, Q_PERFECT);
        printf(", \"answer\": %s", R->perfect ? "true" : "false");
    }
    if (!R->perfect) {
        mpz_t q;
        mpz_init(q);
        mpz_divexact(q, G->order, D->order);
        if (J) {
            printf(", \"order\": "); cli_put_mpz(stdout, G->order, 1);
            printf(", \"derived_subgroup_order\": "); cli_put_mpz(stdout, D->order, 1);
            printf(", \"abelian_quotient_order\": "); cli_put_mpz(stdout, q, 1);
            printf("}\n");
        } else {
            printf("no: [%s, %s] has order ", o->object, o->object);
            mpz_out_str(stdout, 10, D->order);
            printf(" < ");
            mpz_out_str(stdout, 10, G->order);
            printf(", so %s has the non-trivial abelian quotient %s/[%s, %s] of order ", o->object, o->object, o->object, o->object);
            mpz_out_str(stdout, 10, q);
            printf("\n");
        }
        mpz_clear(q);
        lt_pgrp_perfect_witness_clear(R);
        return 1;
    }
    if (J) {
        json_convention();
        printf(", \"order\": "); cli_put_mpz(stdout, G->order, 1);
        printf(", \"generators\": "); json_gens(G);
    } else printf("yes: %s = [%s, %s]\n%s\n", o->object, o->object, o->object, convention);
    if (lt_pgrp_is_trivial(G)) {
        if (J) printf(", \"as_commutators\": []}\n"); else printf("(the trivial group)\n");
        lt_pgrp_perfect_witness_clear(R);
        return 0;
    }
    if (J && R->as_commutators) {
        printf(", \"as_commutators\": [");
        for (int i = 0; i < W->len; i++) {
            printf("%s{\"generator\": ", i ? ", " : "");
            json_perm(W->c[i], n);
            printf(", \"a\": "); json_perm(W->a[i], n);
            printf(", \"b\": "); json_perm(W->b[i], n);
            printf("}");
        }
        printf("]");
    } else if (J) {
        /* a generating set made of commutators instead */
        printf(", \"as_commutators\": null, ");
        json_pwit(W);
    } else {
        /* each generator c = [a, b], or a generating set of such c */
        if (R->as_commutators) printf("each generator of %s is a commutator of two elements of %s:\n", o->object, o->object);
        else printf("these commutators of two elements of %s generate %s:\n", o->object, o->object);
        for (int k = 0; k < W->len; k++) {
            printf("  ");
            put_perm(W->c[k], n);
            printf(" = [");
            put_perm(W->a[k], n);
            printf(", ");
            put_perm(W->b[k], n);
            printf("]\n");
        }
    }
    if (J) printf(", \"sources\": [\"Barrington 1989\"]}\n");
    else printf("so %s has no non-trivial abelian quotient: an order-blind layer sees nothing of it.\n"
                "This is the fact behind Barrington (1989): the word problem of a non-solvable group is NC1-complete.\n",
                o->object);
    lt_pgrp_perfect_witness_clear(R);
    return 0;
}

static int group_abelian(cli_opts *o, lt_pgrp_t G)
{
    int n = G->n, J = o->json;
    int *c = lt_malloc((size_t)n * sizeof(int));
    long pairs = 0;
    if (J) json_head(o, Q_ABELIAN);
    for (int i = 0; i < G->ngens; i++)
        for (int j = i + 1; j < G->ngens; j++, pairs++) {
            lt_perm_comm(c, G->gens[i], G->gens[j], n);
            if (!lt_perm_is_one(c, n)) {
                if (J) {
                    printf(", \"answer\": false");
                    json_convention();
                    printf(", \"generators\": ");
                    json_gens(G);
                    printf(", \"witnesses\": [");
                    json_witness(G->gens[i], G->gens[j], c, n);
                    printf("]}\n");
                } else {
                    printf("no: two generators do not commute\n%s\n  [", convention);
                    put_perm(G->gens[i], n);
                    printf(", ");
                    put_perm(G->gens[j], n);
                    printf("] = ");
                    put_perm(c, n);
                    printf(" != ()\n");
                }
                lt_free(c);
                return 1;
            }
        }
    lt_free(c);
    if (J) {
        printf(", \"answer\": true, \"generators\": ");
        json_gens(G);
        printf(", \"pairs_checked\": %ld", pairs);
        if (G->ngens <= 1) printf(", \"cyclic\": true");
        printf("}\n");
        return 0;
    }
    if (G->ngens <= 1) {
        printf("yes: %s is generated by one element, ", o->object);
        put_gens(G);
        printf(", so it is cyclic\n");
        return 0;
    }
    printf("yes: the %ld pair%s of generators of %s commute (", pairs, pairs == 1 ? "" : "s", o->object);
    put_gens(G);
    printf("), so every pair of elements does\n");
    return 0;
}

static int group_explain(cli_opts *o, lt_pgrp_t G, int q)
{
    int J = o->json;
    if (q == Q_PERFECT) return group_perfect(o, G);
    if (q == Q_ABELIAN) return group_abelian(o, G);
    int lower = q == Q_LOWER || q == Q_NILPOTENT;
    lt_pgrp_series_witness_t R;
    lt_pgrp_series_witness_init(R);
    lt_err_t err;
    lt_err_init(err);
    if (lt_pgrp_series_witness(R, G, lower, o->ctx, err)) {
        lt_pgrp_series_witness_clear(R);
        return cli_fail(err);
    }
    int reaches = R->S->reaches_one, len = R->S->len - 1, status = 0;
    if (J) json_head(o, q);
    if (q == Q_MINDEPTH) {
        int d = reaches ? len : -1;
        if (!J) {
            printf("min-depth of %s: ", o->object);
            if (d >= 0) printf("%d order-blind (abelian) layer%s (Heo et al. 2026, Theorem 3.4)\n", d, d == 1 ? "" : "s");
            else printf("no constant number of order-blind layers (not solvable)\n");
            printf("derived series G0 = %s > G1 > ...: orders ", o->object);
            cli_put_series(stdout, R->S, 0);
            printf("\n%s\nthe abelian tower: each layer reads the token and the states of the layers\n"
                   "before it, and tracks one abelian factor of the derived series (a cascade):\n", convention);
        }
        group_steps(o, R, G, q);
        if (J) { json_depth_verdict(d); printf("}\n"); }
        else put_depth_verdict(d, 0);
    } else {
        group_steps(o, R, G, q);
        status = (q == Q_SOLVABLE || q == Q_NILPOTENT) && !reaches ? 1 : 0;
        if (J) printf("}\n");
        else {
            printf("\n%s is ", o->object);
            if (lower) {
                if (reaches) printf("nilpotent of class %d\n", len);
                else printf("not nilpotent\n");
            } else {
                if (reaches) printf("solvable of derived length %d\n", len);
                else printf("not solvable: its derived series ends at a perfect group > 1\n");
            }
            printf("(every commutator, membership and normality above was checked by the engine)\n");
        }
    }
    lt_pgrp_series_witness_clear(R);
    return status;
}

/* ---- Lie algebras ---- */

typedef struct {
    const lt_liealg_struct *L;
    char **names;
} lnames;

static int mat_is(const fmpq_mat_struct *M, const int *v)
{
    for (int i = 0; i < 4; i++)
        if (!fmpq_equal_si(fmpq_mat_entry(M, i / 2, i % 2), v[i])) return 0;
    return 1;
}

static void lnames_init(lnames *N, const lt_liealg_t L)
{
    static const int E[4] = {0, 1, 0, 0}, F[4] = {0, 0, 1, 0}, H[4] = {1, 0, 0, -1};
    N->L = L;
    N->names = lt_malloc((size_t)(L->dim + 1) * sizeof *N->names);
    int sl2 = L->n == 2 && L->dim == 3 && mat_is(L->mats + 0, E) && mat_is(L->mats + 1, F) && mat_is(L->mats + 2, H);
    for (slong i = 0; i < L->dim; i++) {
        char buf[32];
        if (sl2) snprintf(buf, sizeof buf, "%c", "efh"[i]);
        else snprintf(buf, sizeof buf, "b%ld", (long)i + 1);
        N->names[i] = lt_strdup(buf);
    }
}

static void lnames_clear(lnames *N)
{
    for (slong i = 0; i < N->L->dim; i++) lt_free(N->names[i]);
    lt_free(N->names);
}

/* x as a combination of the named basis elements: "2e", "h - 1/2 f", "0". */
static void put_comb(FILE *f, const lnames *N, const fmpq *x)
{
    int first = 1;
    fmpq_t a;
    fmpq_init(a);
    for (slong i = 0; i < N->L->dim; i++) {
        if (fmpq_is_zero(x + i)) continue;
        fmpq_abs(a, x + i);
        int neg = fmpq_sgn(x + i) < 0;
        if (first) fputs(neg ? "-" : "", f);
        else fputs(neg ? " - " : " + ", f);
        if (!fmpq_is_one(a)) {
            char *s = fmpq_get_str(NULL, 10, a);
            fprintf(f, fmpz_is_one(fmpq_denref(a)) ? "%s" : "%s ", s);
            flint_free(s);
        }
        fputs(N->names[i], f);
        first = 0;
    }
    if (first) fputs("0", f);
    fmpq_clear(a);
}

static int parallel(const fmpq *x, const fmpq *y, slong d)
{
    /* y a multiple of x (x non-zero) */
    slong p = -1;
    for (slong i = 0; i < d; i++) if (!fmpq_is_zero(x + i)) { p = i; break; }
    if (p < 0) return 0;
    fmpq_t t, s;
    fmpq_init(t); fmpq_init(s);
    fmpq_div(t, y + p, x + p);
    int ok = 1;
    for (slong i = 0; i < d && ok; i++) {
        fmpq_mul(s, t, x + i);
        ok = fmpq_equal(s, y + i);
    }
    fmpq_clear(t); fmpq_clear(s);
    return ok;
}

/* A coordinate vector as a JSON array of "p/q" strings. */
static void json_qvec(const fmpq *x, slong d)
{
    putchar('[');
    for (slong i = 0; i < d; i++) {
        char *s = fmpq_get_str(NULL, 10, x + i);
        printf("%s\"%s\"", i ? ", " : "", s);
        flint_free(s);
    }
    putchar(']');
}

/* "[u, v] = w", written as ad(v) u = lambda u when w is a multiple of u
   (so that sl2 reads [h,e] = 2e, [h,f] = -2f); JSON: the same triple as
   {"u", "v", "bracket"}, coordinate vectors. */
static void put_bracket(const lnames *N, const fmpq *u, const fmpq *v, const fmpq *w, int json)
{
    slong d = N->L->dim;
    fmpq *m = NULL;
    if (parallel(u, w, d) && !parallel(v, w, d)) {
        const fmpq *t = u;
        m = _fmpq_vec_init(d);
        for (slong i = 0; i < d; i++) fmpq_neg(m + i, w + i);
        u = v; v = t; w = m;
    }
    char *text = NULL;
    size_t size = 0;
    FILE *f = json ? open_memstream(&text, &size) : stdout;
    if (!f) { fprintf(stderr, "lietool: out of memory\n"); abort(); }
    fputs(json ? "[" : "  [", f); put_comb(f, N, u); fputs(", ", f); put_comb(f, N, v);
    fputs("] = ", f); put_comb(f, N, w);
    if (json) {
        fclose(f);
        printf("{\"u\": "); json_qvec(u, d);
        printf(", \"v\": "); json_qvec(v, d);
        printf(", \"bracket\": "); json_qvec(w, d);
        printf(", \"text\": "); lt_json_put_string(stdout, text);
        printf("}");
        free(text);
    } else putchar('\n');
    if (m) _fmpq_vec_clear(m, d);
}

/* JSON: "generators" (the brackets) and "witnesses" of a term. */
static void json_lwit(const lnames *N, const lt_lwit_t W)
{
    printf("\"generators\": [");
    for (slong k = 0; k < W->len; k++) { if (k) printf(", "); json_qvec(W->w[k], W->dim); }
    printf("], \"witnesses\": [");
    for (slong k = 0; k < W->len; k++) { if (k) printf(", "); put_bracket(N, W->u[k], W->v[k], W->w[k], 1); }
    printf("]");
}

/* An n x n matrix: [[0,1],[0,0]]; JSON: [["0", "1"], ["0", "0"]]. */
static void put_matrix(const fmpq_mat_struct *M, slong n, int json)
{
    printf("[");
    for (slong r = 0; r < n; r++) {
        printf(r ? (json ? ", [" : ",[") : "[");
        for (slong c = 0; c < n; c++) {
            char *s = fmpq_get_str(NULL, 10, fmpq_mat_entry(M, r, c));
            printf(json ? "%s\"%s\"" : "%s%s", c ? (json ? ", " : ",") : "", s);
            flint_free(s);
        }
        printf("]");
    }
    printf("]");
}

/* The basis the coordinates refer to: names, and matrices when L has a
   matrix form (JSON: ", \"basis\": [...]"). */
static void put_basis_legend(const lnames *N, const char *obj, int json)
{
    const lt_liealg_struct *L = N->L;
    if (json) {
        printf(", \"basis\": [");
        for (slong i = 0; i < L->dim; i++) {
            printf("%s{\"name\": ", i ? ", " : "");
            lt_json_put_string(stdout, N->names[i]);
            if (L->n > 0) {
                printf(", \"matrix\": ");
                put_matrix(L->mats + i, L->n, 1);
            }
            printf("}");
        }
        printf("]");
        return;
    }
    printf("basis of %s:", obj);
    if (L->n == 0) {
        printf(" ");
        for (slong i = 0; i < L->dim; i++) printf("%s%s", i ? ", " : "", N->names[i]);
        printf(" (its structure-constant basis)\n");
        return;
    }
    printf("\n");
    for (slong i = 0; i < L->dim; i++) {
        printf("  %s = ", N->names[i]);
        put_matrix(L->mats + i, L->n, 0);
        printf("\n");
    }
}

static void put_dims(const lt_lseries_t S, int json)
{
    if (json) putchar('[');
    for (slong i = 0; i < S->len; i++) printf("%s%ld", i ? (json ? ", " : " > ") : "", (long)S->terms[i].rank);
    if (json) putchar(']');
}

static void put_span(const lnames *N, const lt_qspace_t U)
{
    if (U->rank == 0) { printf("0"); return; }
    for (slong r = 0; r < U->rank; r++) { if (r) printf(", "); put_comb(stdout, N, U->rows[r]); }
}

/* As group_steps, for a Lie algebra: text, or JSON from "answer" on. */
static void lie_steps(const cli_opts *o, const lt_liealg_series_witness_t R, const lnames *N, int question)
{
    int lower = R->lower, tower = question == Q_MINDEPTH, J = o->json;
    const lt_liealg_struct *L = N->L;
    const lt_lseries_struct *S = R->S;
    const char *X = lower ? "C" : "L";
    if (J) {
        json_answer(question, S->reaches_zero, (long)S->len - 1);
        printf(", \"%s\": ", lower ? "lower_central_series" : "derived_series");
        put_dims(S, 1);
        printf(", \"%s\": ", lower ? "nilpotency_class" : "derived_length");
        if (S->reaches_zero) printf("%ld", (long)S->len - 1); else printf("null");
        put_basis_legend(N, o->object, 1);
        if (tower) printf(", \"layers\": [");
        else {
            printf(", \"terms\": [{\"index\": 0, \"dimension\": %ld, \"generators\": [", (long)L->dim);
            fmpq *e = _fmpq_vec_init(L->dim);
            for (slong i = 0; i < L->dim; i++) {
                fmpq_one(e + i);
                if (i) printf(", ");
                json_qvec(e, L->dim);
                fmpq_zero(e + i);
            }
            _fmpq_vec_clear(e, L->dim);
            printf("]}");
        }
    } else if (!tower) {
        printf("%s series of %s: %s%s0 = %s, %s(i+1) = [%si, %s]\n", lower ? "lower central" : "derived",
               o->object, lower ? "L = " : "", X, o->object, X, X, lower ? "L" : "Li");
        printf("dimensions: ");
        put_dims(S, 0);
        printf("\n");
        put_basis_legend(N, o->object, 0);
        printf("\n%s0 = %s, dimension %ld\n", X, o->object, (long)L->dim);
    }
    for (slong i = 0; i < R->nsteps; i++) {
        int last = R->residual && i == R->nsteps - 1;
        const lt_qspace_struct *U = &S->terms[i], *T = lt_liealg_series_witness_term(R, i);
        const lt_lwit_struct *W = R->steps[i].W;
        long checks = R->steps[i].checks, qd = (long)R->steps[i].quotient_dim;
        if (J && tower) {
            if (!last)
                printf("%s{\"layer\": %ld, \"quotient\": \"%s%ld/%s%ld\", \"quotient_dimension\": %ld, "
                       "\"term_dimension\": %ld, \"quotient_abelian\": {\"holds\": true, \"checks\": %ld}}",
                       i ? ", " : "", (long)i + 1, X, (long)i, X, (long)i + 1, qd, (long)T->rank, checks);
            else {
                printf("], \"perfect_residual\": {\"index\": %ld, \"dimension\": %ld, ", (long)i, (long)U->rank);
                json_lwit(N, W);
                printf(", \"abelian_quotient_dimension\": 0}");
            }
        } else if (J) {
            printf(", {\"index\": %ld, \"dimension\": %ld, ", (long)i + 1, (long)T->rank);
            json_lwit(N, W);
            if (last) printf(", \"equals_previous\": true}");
            else printf(", \"quotient_dimension\": %ld, \"quotient_abelian\": {\"holds\": true, \"central\": %s, \"checks\": %ld}}",
                        qd, lower ? "true" : "false", checks);
        } else if (tower && !last) {
            printf("  layer %ld tracks %s%ld/%s%ld, abelian of dimension %ld (brackets checked: %ld)\n",
                   (long)i + 1, X, (long)i, X, (long)i + 1, qd, checks);
        } else {
            if (tower) {
                printf("  then %s%ld = [%s%ld, %s%ld]: the perfect residual, of dimension %ld, spanned by the brackets\n",
                       X, (long)i, X, (long)i, X, (long)i, (long)U->rank);
            } else {
                if (lower) printf("\n%s%ld = [%s%ld, L], dimension %ld", X, (long)i + 1, X, (long)i, (long)T->rank);
                else printf("\n%s%ld = [%s%ld, %s%ld], dimension %ld", X, (long)i + 1, X, (long)i, X, (long)i, (long)T->rank);
                if (W->len) printf(", spanned by the brackets\n");
                else if (lower) printf(": the bracket of every basis element of %s%ld with every basis element of L is 0\n", X, (long)i);
                else printf(": every bracket of basis elements of %s%ld is 0\n", X, (long)i);
            }
            for (slong k = 0; k < W->len; k++) put_bracket(N, W->u[k], W->v[k], W->w[k], 0);
            if (tower) printf("  its abelian quotient is 0, so no order-blind layer can peel anything off\n");
            else if (last) printf("  %s%ld = %s%ld: the series stops at a term of dimension %ld > 0\n",
                                  X, (long)i + 1, X, (long)i, (long)T->rank);
            else {
                if (T->rank > 0 && T->rank < L->dim) { printf("  %s%ld = span{", X, (long)i + 1); put_span(N, T); printf("}\n"); }
                char what[64];
                if (lower) snprintf(what, sizeof what, "central in L/C%ld", (long)i + 1);
                else snprintf(what, sizeof what, "abelian");
                printf("  why %s%ld/%s%ld is %s (dimension %ld): %s%ld is an ideal of %s and contains %s (brackets checked: %ld)\n",
                       X, (long)i, X, (long)i + 1, what, qd, X, (long)i + 1,
                       lower ? "L" : "it", lower ? "[x,y] for x in it and y in L" : "the bracket of every pair of its basis elements", checks);
            }
        }
    }
    if (J) printf(tower ? (R->residual ? "" : "], \"perfect_residual\": null") : "]");
}

static int lie_explain(cli_opts *o, const lt_liealg_t L, int q)
{
    lnames N;
    lnames_init(&N, L);
    int r = 0, J = o->json;
    if (J) json_head(o, q);
    if (q == Q_ABELIAN) {
        fmpq *w = _fmpq_vec_init(L->dim), *u = _fmpq_vec_init(L->dim), *v = _fmpq_vec_init(L->dim);
        long pairs = 0;
        r = 0;
        for (slong i = 0; i < L->dim && !r; i++)
            for (slong j = i + 1; j < L->dim && !r; j++, pairs++) {
                lt_qvec_zero(u, L->dim); lt_qvec_zero(v, L->dim);
                fmpq_one(u + i); fmpq_one(v + j);
                lt_liealg_bracket(w, L, u, v);
                if (!lt_qvec_is_zero(w, L->dim)) {
                    if (J) {
                        printf(", \"answer\": false, \"dimension\": %ld", (long)L->dim);
                        put_basis_legend(&N, o->object, 1);
                        printf(", \"witnesses\": [");
                        put_bracket(&N, u, v, w, 1);
                        printf("]}\n");
                    } else {
                        printf("no: two basis elements do not commute\n");
                        put_basis_legend(&N, o->object, 0);
                        put_bracket(&N, u, v, w, 0);
                    }
                    r = 1;
                }
            }
        if (!r) {
            if (J) printf(", \"answer\": true, \"dimension\": %ld, \"pairs_checked\": %ld}\n", (long)L->dim, pairs);
            else printf("yes: the bracket of every pair of basis elements of %s is 0\n", o->object);
        }
        _fmpq_vec_clear(w, L->dim); _fmpq_vec_clear(u, L->dim); _fmpq_vec_clear(v, L->dim);
    } else if (q == Q_PERFECT) {
        lt_lseries_t S;
        lt_lseries_init(S);
        lt_liealg_derived_series(S, L);
        int perfect = S->len == 1;
        if (!perfect) {
            if (J) printf(", \"answer\": false, \"dimension\": %ld, \"derived_dimension\": %ld}\n",
                          (long)L->dim, (long)S->terms[1].rank);
            else printf("no: [%s, %s] has dimension %ld < %ld\n", o->object, o->object,
                        (long)S->terms[1].rank, (long)L->dim);
            r = 1;
        } else {
            lt_lwit_t W;
            lt_lwit_init(W, L->dim);
            lt_err_t err;
            lt_err_init(err);
            if (lt_liealg_bracket_witness(W, L, S->terms, S->terms, S->terms, err)) r = cli_fail(err);
            else if (J) {
                printf(", \"answer\": true, \"dimension\": %ld", (long)L->dim);
                put_basis_legend(&N, o->object, 1);
                printf(", ");
                json_lwit(&N, W);
                printf("}\n");
            } else {
                printf("yes: [%s, %s] = %s\n", o->object, o->object, o->object);
                put_basis_legend(&N, o->object, 0);
                printf("the brackets span all of %s:\n", o->object);
                for (slong k = 0; k < W->len; k++) put_bracket(&N, W->u[k], W->v[k], W->w[k], 0);
            }
            lt_lwit_clear(W);
        }
        lt_lseries_clear(S);
    } else {
        int lower = q == Q_LOWER || q == Q_NILPOTENT;
        lt_liealg_series_witness_t R;
        lt_liealg_series_witness_init(R);
        lt_err_t err;
        lt_err_init(err);
        if (lt_liealg_series_witness(R, L, lower, err)) r = cli_fail(err);
        else if (q == Q_MINDEPTH) {
            long d = R->S->reaches_zero ? (long)R->S->len - 1 : -1;
            if (!J) {
                printf("min-depth of %s: ", o->object);
                if (d >= 0) printf("%ld order-blind (abelian) layer%s (Heo et al. 2026, Theorem 3.4)\n", d, d == 1 ? "" : "s");
                else printf("no constant number of order-blind layers (not solvable)\n");
                printf("derived series L0 = %s > L1 > ...: dimensions ", o->object);
                put_dims(R->S, 0);
                printf("\n");
                put_basis_legend(&N, o->object, 0);
                printf("the abelian tower: each layer tracks one abelian factor of the derived series:\n");
            }
            lie_steps(o, R, &N, q);
            if (J) { json_depth_verdict(d); printf("}\n"); }
            else put_depth_verdict(d, 1);
        } else {
            int reaches = R->S->reaches_zero;
            slong len = R->S->len - 1;
            lie_steps(o, R, &N, q);
            if (J) printf("}\n");
            else {
                printf("\n%s is ", o->object);
                if (lower) { if (reaches) printf("nilpotent of class %ld\n", (long)len); else printf("not nilpotent\n"); }
                else { if (reaches) printf("solvable of derived length %ld\n", (long)len); else printf("not solvable: its derived series ends at a perfect term > 0\n"); }
                printf("(every bracket and membership above was checked by the engine)\n");
            }
            if ((q == Q_SOLVABLE || q == Q_NILPOTENT) && !reaches) r = 1;
        }
        lt_liealg_series_witness_clear(R);
    }
    lnames_clear(&N);
    return r;
}

static const cli_decl question_decl = {
    .common = CLI_O_LIMITS, .args = "QUESTION OBJECT", .min_args = 1, .max_args = -1, .what = "question", .kind = CLI_OBJECT,
};
static const cli_decl isomorphic_decl = {
    .name = "isomorphic", .summary = "the isomorphism, checked along the Cayley graph, or the invariant that differs",
    .common = CLI_O_GROUP_LIMITS | CLI_O_MAX_ENUM, .args = "GROUP GROUP", .min_args = 0, .max_args = -1,
    .what = "two groups", .kind = CLI_GROUP,
};
static const cli_decl commutator_decl = {
    .name = "commutator", .summary = "translations commute and rotations do not: the exact bracket and its BCH term",
    .args = "translations|rotations", .min_args = 1, .max_args = 1, .what = "translations or rotations",
};
static const cli_decl *const explain_subs[] = {&question_decl, &isomorphic_decl, &commutator_decl, NULL};
const cli_decl cli_explain_decl = {.common = CLI_O_JSON | CLI_O_LATEX, .subs = explain_subs};

int cmd_explain(int argc, char **argv, const lt_cmd *self)
{
    int r = -1;
    const cli_decl *sub = cli_find_sub(self, argc, argv, &r);
    if (!sub) return r;
    if (sub == &commutator_decl) return cli_explain_commutator(argc, argv, self, sub);
    if (sub == &isomorphic_decl) return cli_explain_isomorphic(argc, argv, self, sub);
    cli_opts o;
    cli_object X;
    if ((r = cli_getopts(&o, NULL, argc, argv, self, sub)) >= 0) { cli_free(&o); return r; }
    int q = -1;
    for (int i = 0; i < NQ; i++) if (strcmp(o.pos[0], questions[i]) == 0) q = i;
    if (q < 0) {
        r = cli_usage_error(self, NULL, "unknown question '%s' (derived-series, lower-central-series, solvable, "
                            "nilpotent, perfect, abelian, min-depth, isomorphic, commutator)", o.pos[0]);
        cli_free(&o);
        return r;
    }
    memmove(o.pos, o.pos + 1, (size_t)(o.npos - 1) * sizeof *o.pos);
    o.npos--;
    if ((r = cli_load_object(&o, &X, self)) >= 0) { cli_close_object(&o, &X); return r; }
    r = X.is_lie ? lie_explain(&o, X.L, q) : group_explain(&o, X.G, q);
    cli_close_object(&o, &X);
    return r;
}
