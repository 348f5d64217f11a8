/* lietool explain QUESTION OBJECT: the reasoning behind an answer, with
   witnesses the engine has checked before printing them (lietool/perm.h,
   lietool/liealg.h). Questions: derived-series, lower-central-series,
   solvable, nilpotent, perfect, abelian, min-depth; `explain isomorphic G
   H`, the isomorphism or the invariant that differs (src/cli/explain_iso.c); and
   `explain commutator translations|rotations`, the classic contrast
   (src/cli/explain_rot.c). Text and LaTeX are written by one writer
   (cli_explainer, explain.h), JSON beside them. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "explain.h"
#include "depth.h"
#include "tex.h"
#include "lietool/depth.h"
#include "lietool/json.h"

/* explain min-depth --arch FAMILY --depth K: the verdict of lietool plan,
   after the explanation (set by cmd_explain). */
static const lt_plan_verdict_struct *ex_verdict;

typedef struct {
    cli_arch_opt arch;
    long depth;
    unsigned long length;
    int bound;
} ex_opts;

static const cli_optdecl question_opts[] = {
    {.name = "--arch", CLI_CUSTOM_AT(ex_opts, arch), .parse = cli_read_arch, .meta = "FAMILY", .want = CLI_ARCH_WANT,
     .help = "min-depth: also the theory's verdict for K layers of this family (as lietool plan prints it)"},
    {.name = "--depth", CLI_LONG_AT(ex_opts, depth), .meta = "K", .min = 1, .max = 1000000,
     .help = "the layers of that verdict (with --arch)"},
    {.name = "--length", CLI_ULONG_AT(ex_opts, length), .meta = "T", .min = 1, .max = 1000000000000000000UL,
     .help = "that verdict for words of length at most T too"},
    {.name = "--bound", CLI_ENUM_AT(ex_opts, bound), .choices = cli_depth_bounds,
     .help = "that verdict's reading of Proposition 3.7: v1 (default) or sharp"},
    {0}
};

enum { Q_DERIVED, Q_LOWER, Q_SOLVABLE, Q_NILPOTENT, Q_PERFECT, Q_ABELIAN, Q_MINDEPTH };
static const char *const questions[] = {
    "derived-series", "lower-central-series", "solvable", "nilpotent", "perfect", "abelian", "min-depth",
};
#define NQ ((int)(sizeof questions / sizeof questions[0]))

static const char *convention =
    "convention: $[a,b] = a^-1 b^-1 a b$; products act left to right, $i^(ab) = (i^a)^b$ (GAP)";
/* the same for LaTeX, where "ab" would read as one word */
static const char *convention_tex =
    "convention: $[a,b] = a^-1 b^-1 a b$; products act left to right, $i^(a b) = (i^a)^b$ (GAP)";

/* The closing lines of min-depth: why fewer layers cannot do. */
static void say_depth_verdict(cli_explainer *e, long d, int lie)
{
    if (d == 0) cli_ex_say(e, "the trivial object: nothing to track, no layer is needed");
    else if (d > 0)
        cli_ex_say(e, "fewer cannot do: $k$ order-blind layers reach derived length at most $k$, and $k$ restricted\n"
                   "(Mamba-like) layers at most $2k$ (Heo et al. 2026, Proposition 3.3): at least %ld restricted layer%s",
                   lt_depth_restricted_layers(d), lt_depth_restricted_layers(d) == 1 ? "" : "s");
    else
        cli_ex_say(e, "no depth suffices: every layer leaves the perfect residual untouched (Heo et al. 2026,\n"
                   "Proposition 3.3); %s", lie ? "a depth-$k$ stack leaves an error $O(eps^(c+1))$ (see 'lietool error-bound')"
                                              : "Barrington (1989): the word problem is NC1-complete");
}

/* A series chain as a displayed equation (LaTeX): the terms X_i with
   their sizes n[0..len) beneath, named as in the prose (G_i, L_i, C_i). */
static void tex_chain(const cli_explainer *e, const __mpz_struct *n, int len, int lower, int lie, int bottom)
{
    fputs("\\begin{equation*}\n", stdout);
    cli_tex_object(stdout, e->object);
    for (int i = 0; i < len; i++) {
        fputs(i == 0 ? " = " : lie ? " \\supset " : " \\triangleright ", stdout);
        fputs("\\underset{", stdout);
        cli_tex_mpz(stdout, n + i);
        printf("}{%s_{%d}}", lower ? "C" : lie ? "L" : "G", i);
    }
    if (bottom) fputs(lie ? " = 0" : " = 1", stdout);
    else fputs(" \\quad\\text{(the last term repeats)}", stdout);
    printf("\n\\end{equation*}\n(beneath each term its %s)\n", lie ? "dimension" : "order");
}

static void tex_group_chain(const cli_explainer *e, const lt_pgrp_series_t S, int lower)
{
    __mpz_struct *n = lt_malloc((size_t)S->len * sizeof *n);
    for (int i = 0; i < S->len; i++) n[i] = *S->terms[i].order;
    tex_chain(e, n, S->len, lower, 0, S->reaches_one);
    lt_free(n);
}

/* ---- groups ---- */

static const cli_explainer plain;   /* pieces of plain text */

/* s (malloc'd) with t appended, after ", " unless first. */
static char *append(char *s, const char *t, int first)
{
    s = lt_realloc(s, strlen(s) + strlen(t) + 3);
    if (!first) strcat(s, ", ");
    return strcat(s, t);
}

static char *series_str(const lt_pgrp_series_t S)
{
    cli_exbuf b;
    cli_put_series(cli_ex_open(&b, &plain), S, 0);
    return cli_ex_close(&b, &plain);
}

/* The generators of G: "(1,2,3), (1,2)", or "()" (malloc'd). */
static char *gens_str(const cli_explainer *e, const lt_pgrp_t G)
{
    char *s = lt_strdup(G->ngens ? "" : "()");
    for (int i = 0; i < G->ngens; i++) {
        char *p = cli_ex_perm(e, G->gens[i], G->n);
        s = append(s, p, i == 0);
        lt_free(p);
    }
    return s;
}

/* Each witness as an equation: "[a, b] = c", or "c = [a, b]" (perfect). */
static void say_pwit(cli_explainer *e, const lt_pwit_t W, int c_first)
{
    for (int k = 0; k < W->len; k++) {
        char *a = cli_ex_perm(e, W->a[k], W->n), *b = cli_ex_perm(e, W->b[k], W->n), *c = cli_ex_perm(e, W->c[k], W->n);
        if (c_first) cli_ex_eq(e, "%s = [%s, %s]", c, a, b);
        else cli_ex_eq(e, "[%s, %s] = %s", a, b, c);
        lt_free(a); lt_free(b); lt_free(c);
    }
}

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

/* The series from G down with a witness per step, as JSON: the keys from
   "answer" on, up to the closing brace, which the caller prints (R, for
   question q: the derived or lower central series; min-depth prints it as
   the abelian tower). */
static void group_steps_json(const lt_pgrp_series_witness_t R, const lt_pgrp_t G, int question)
{
    int lower = R->lower, tower = question == Q_MINDEPTH;
    const lt_pgrp_series_struct *S = R->S;
    const char *X = lower ? "C" : "G";
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
    for (int i = 0; i < R->nsteps; i++) {
        int last = R->residual && i == R->nsteps - 1;
        const lt_pgrp_struct *T = lt_pgrp_series_witness_term(R, i), *cur = &S->terms[i];
        const lt_pwit_struct *W = R->steps[i].W;
        long checks = R->steps[i].checks;
        const __mpz_struct *q = R->steps[i].quotient_order;
        if (tower && !last) {
            printf("%s{\"layer\": %d, \"quotient\": \"%s%d/%s%d\", \"quotient_order\": ", i ? ", " : "", i + 1, X, i, X, i + 1);
            cli_put_mpz(stdout, q, 1);
            printf(", \"term_order\": ");
            cli_put_mpz(stdout, T->order, 1);
            printf(", \"quotient_abelian\": {\"holds\": true, \"checks\": %ld}}", checks);
        } else if (tower) {
            printf("], \"perfect_residual\": {\"index\": %d, \"order\": ", i);
            cli_put_mpz(stdout, cur->order, 1);
            printf(", ");
            json_pwit(W);
            printf(", \"abelian_quotient_order\": \"1\"}");
        } else {
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
        }
    }
    printf(tower ? (R->residual ? "" : "], \"perfect_residual\": null") : "]");
}

/* The same in text or LaTeX. */
static void group_steps(cli_explainer *e, const lt_pgrp_series_witness_t R, const lt_pgrp_t G, int question)
{
    int lower = R->lower, tower = question == Q_MINDEPTH;
    const lt_pgrp_series_struct *S = R->S;
    const char *X = lower ? "C" : "G";
    if (!tower) {
        if (e->tex)
            cli_ex_say(e, "%s series of @: $%s%s_0 = @$, $%s_(i+1) = [%s_i, %s]$", lower ? "lower central" : "derived",
                       lower ? "G = " : "", X, X, X, lower ? "G" : "G_i");
        else
            cli_ex_say(e, "%s series of @: %s%s0 = @, %s(i+1) = [%si, %s]", lower ? "lower central" : "derived",
                       lower ? "G = " : "", X, X, X, lower ? "G" : "Gi");
        if (e->tex) tex_group_chain(e, S, lower);
        else {
            char *s = series_str(S);
            cli_ex_say(e, "orders: %s", s);
            free(s);
        }
        char *g = gens_str(e, G);
        cli_ex_say(e, "%s", e->tex ? convention_tex : convention);
        cli_ex_say(e, "");
        cli_ex_say(e, "$%s0 = @$, order %Zd, generated by $%s$", X, G->order, g);
        lt_free(g);
    }
    for (int i = 0; i < R->nsteps; i++) {
        int last = R->residual && i == R->nsteps - 1;
        const lt_pgrp_struct *T = lt_pgrp_series_witness_term(R, i), *cur = &S->terms[i];
        const lt_pwit_struct *W = R->steps[i].W;
        long checks = R->steps[i].checks;
        const __mpz_struct *q = R->steps[i].quotient_order;
        if (tower && !last) {
            cli_ex_say(e, "  layer %d tracks $%s%d/%s%d$, %s of order %Zd ($%s%d$ has order %Zd; memberships checked: %ld)",
                       i + 1, X, i, X, i + 1, lower ? "central" : "abelian", q, X, i + 1, T->order, checks);
            continue;
        }
        if (tower)
            cli_ex_say(e, "  then $%s%d = [%s%d, %s%d]$: the perfect residual, of order %Zd, generated by commutators of its own elements:",
                       X, i, X, i, X, i, cur->order);
        else {
            char head[96];
            if (lower) snprintf(head, sizeof head, "$%s%d = [%s%d, G]$", X, i + 1, X, i);
            else snprintf(head, sizeof head, "$%s%d = [%s%d, %s%d]$", X, i + 1, X, i, X, i);
            cli_ex_say(e, "");
            if (W->len)
                cli_ex_say(e, "%s, order %Zd, generated by %d commutator%s of elements of $%s%d$%s:", head, T->order, W->len,
                           W->len == 1 ? "" : "s", X, i, lower ? " with elements of $G$" : "");
            else if (lower)
                cli_ex_say(e, "%s, order %Zd: every commutator $[x,g]$ of a generator $x$ of $%s%d$ and a generator $g$ of $G$ is trivial",
                           head, T->order, X, i);
            else cli_ex_say(e, "%s, order %Zd: every commutator of generators of $%s%d$ is trivial", head, T->order, X, i);
        }
        say_pwit(e, W, 0);
        if (tower) cli_ex_say(e, "  its abelian quotient is trivial, so no order-blind layer can peel anything off");
        else if (last && lower)
            cli_ex_say(e, "  $%s%d = %s%d$: the series stops at a group of order $%Zd > 1$ ($[%s%d, G] = %s%d$)",
                       X, i + 1, X, i, T->order, X, i, X, i);
        else if (last)
            cli_ex_say(e, "  $%s%d = %s%d$: the series stops at a group of order $%Zd > 1$ that is perfect (every generator above is a commutator)",
                       X, i + 1, X, i, T->order);
        else if (lower)
            cli_ex_say(e, "  why $%s%d/%s%d$ is central in $G/%s%d$ (order %Zd): $%s%d$ is normal in $G$ and contains $[x,g]$ for every generator $x$ of $%s%d$ and $g$ of $G$ (memberships checked: %ld)",
                       X, i, X, i + 1, X, i + 1, q, X, i + 1, X, i, checks);
        else
            cli_ex_say(e, "  why $%s%d/%s%d$ is abelian (order %Zd): $%s%d$ is normal in $%s%d$ and contains $[x,y]$ for every pair of generators $x, y$ of $%s%d$ (memberships checked: %ld)",
                       X, i, X, i + 1, q, X, i + 1, X, i, X, i, checks);
    }
}

static int group_perfect(cli_opts *o, cli_explainer *e, lt_pgrp_t G)
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
    const lt_pwit_struct *W = R->W;
    int r = R->perfect ? 0 : 1;
    if (J) {
        json_head(o, Q_PERFECT);
        printf(", \"answer\": %s", R->perfect ? "true" : "false");
        if (!R->perfect) {
            printf(", \"order\": "); cli_put_mpz(stdout, G->order, 1);
            printf(", \"derived_subgroup_order\": "); cli_put_mpz(stdout, R->derived->order, 1);
            printf(", \"abelian_quotient_order\": "); cli_put_mpz(stdout, R->quotient_order, 1);
        } else {
            json_convention();
            printf(", \"order\": "); cli_put_mpz(stdout, G->order, 1);
            printf(", \"generators\": "); json_gens(G);
            if (lt_pgrp_is_trivial(G)) printf(", \"as_commutators\": []");
            else if (R->as_commutators) {
                printf(", \"as_commutators\": [");
                for (int i = 0; i < W->len; i++) {
                    printf("%s{\"generator\": ", i ? ", " : "");
                    json_perm(W->c[i], n);
                    printf(", \"a\": "); json_perm(W->a[i], n);
                    printf(", \"b\": "); json_perm(W->b[i], n);
                    printf("}");
                }
                printf("]");
            } else {
                /* a generating set made of commutators instead */
                printf(", \"as_commutators\": null, ");
                json_pwit(W);
            }
            if (!lt_pgrp_is_trivial(G)) printf(", \"sources\": [\"Barrington 1989\"]");
        }
        printf("}\n");
    } else if (!R->perfect) {
        cli_ex_say(e, "no: $[@, @]$ has order $%Zd < %Zd$, so @ has the non-trivial abelian quotient $@/[@, @]$ of order %Zd",
                   R->derived->order, G->order, R->quotient_order);
    } else {
        cli_ex_say(e, "yes: $@ = [@, @]$");
        cli_ex_say(e, "%s", e->tex ? convention_tex : convention);
        if (lt_pgrp_is_trivial(G)) cli_ex_say(e, "(the trivial group)");
        else {
            /* each generator c = [a, b], or a generating set of such c */
            if (R->as_commutators) cli_ex_say(e, "each generator of @ is a commutator of two elements of @:");
            else cli_ex_say(e, "these commutators of two elements of @ generate @:");
            say_pwit(e, W, 1);
            cli_ex_say(e, "so @ has no non-trivial abelian quotient: an order-blind layer sees nothing of it.\n"
                       "This is the fact behind Barrington (1989): the word problem of a non-solvable group is NC1-complete.");
        }
    }
    lt_pgrp_perfect_witness_clear(R);
    return r;
}

static int group_abelian(cli_opts *o, cli_explainer *e, lt_pgrp_t G)
{
    lt_pgrp_abelian_witness_t R;
    lt_pgrp_abelian_witness_init(R);
    lt_pgrp_abelian_witness(R, G);
    const lt_pwit_struct *W = R->W;
    if (o->json) {
        json_head(o, Q_ABELIAN);
        printf(", \"answer\": %s", R->abelian ? "true" : "false");
        if (!R->abelian) json_convention();
        printf(", \"generators\": ");
        json_gens(G);
        if (!R->abelian) {
            printf(", \"witnesses\": [");
            json_witness(W->a[0], W->b[0], W->c[0], W->n);
            printf("]");
        } else {
            printf(", \"pairs_checked\": %ld", R->pairs);
            if (G->ngens <= 1) printf(", \"cyclic\": true");
        }
        printf("}\n");
    } else if (!R->abelian) {
        char *a = cli_ex_perm(e, W->a[0], W->n), *b = cli_ex_perm(e, W->b[0], W->n), *c = cli_ex_perm(e, W->c[0], W->n);
        cli_ex_say(e, "no: two generators do not commute");
        cli_ex_say(e, "%s", e->tex ? convention_tex : convention);
        cli_ex_eq(e, "[%s, %s] = %s != %s", a, b, c, e->tex ? "id" : "()");
        lt_free(a); lt_free(b); lt_free(c);
    } else {
        char *g = gens_str(e, G);
        if (G->ngens <= 1) cli_ex_say(e, "yes: @ is generated by one element, $%s$, so it is cyclic", g);
        else cli_ex_say(e, "yes: the %ld pair%s of generators of @ commute ($%s$), so every pair of elements does",
                        R->pairs, R->pairs == 1 ? "" : "s", g);
        lt_free(g);
    }
    int r = !R->abelian;
    lt_pgrp_abelian_witness_clear(R);
    return r;
}

static int group_explain(cli_opts *o, cli_explainer *e, lt_pgrp_t G, int q)
{
    int J = o->json;
    if (q == Q_PERFECT) return group_perfect(o, e, G);
    if (q == Q_ABELIAN) return group_abelian(o, e, G);
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
    if (J) {
        json_head(o, q);
        group_steps_json(R, G, q);
        if (q == Q_MINDEPTH) json_depth_verdict(reaches ? len : -1);
        if (q == Q_MINDEPTH && ex_verdict) cli_verdict_after_opts(o, ex_verdict, o->object);
        printf("}\n");
    } else if (q == Q_MINDEPTH) {
        int d = reaches ? len : -1;
        if (d >= 0) cli_ex_say(e, "min-depth of @: %d order-blind (abelian) layer%s (Heo et al. 2026, Theorem 3.4)", d, d == 1 ? "" : "s");
        else cli_ex_say(e, "min-depth of @: no constant number of order-blind layers (not solvable)");
        if (e->tex) {
            cli_ex_say(e, "derived series of @:");
            tex_group_chain(e, R->S, 0);
        } else {
            char *s = series_str(R->S);
            cli_ex_say(e, "derived series G0 = @ > G1 > ...: orders %s", s);
            free(s);
        }
        cli_ex_say(e, "%s", e->tex ? convention_tex : convention);
        cli_ex_say(e, "the abelian tower: each layer reads the token and the states of the layers\n"
                   "before it, and tracks one abelian factor of the derived series (a cascade):");
        group_steps(e, R, G, q);
        say_depth_verdict(e, d, 0);
    } else {
        group_steps(e, R, G, q);
        cli_ex_say(e, "");
        if (lower && reaches) cli_ex_say(e, "@ is nilpotent of class %d", len);
        else if (lower) cli_ex_say(e, "@ is not nilpotent");
        else if (reaches) cli_ex_say(e, "@ is solvable of derived length %d", len);
        else cli_ex_say(e, "@ is not solvable: its derived series ends at a perfect group $> 1$");
        cli_ex_say(e, "(every commutator, membership and normality above was checked by the engine)");
    }
    if (q != Q_MINDEPTH) status = (q == Q_SOLVABLE || q == Q_NILPOTENT) && !reaches ? 1 : 0;
    lt_pgrp_series_witness_clear(R);
    return status;
}

/* ---- Lie algebras ---- */

/* The names of L's basis: e, f, h for sl(2) in its standard basis, else
   b1, b2, ... */
typedef struct {
    const lt_liealg_struct *L;
    char **names;
} lnames;

static void lnames_init(lnames *N, const lt_liealg_t L)
{
    int sl2 = lt_liealg_is_sl2_standard(L);
    N->L = L;
    N->names = lt_malloc((size_t)(L->dim + 1) * sizeof *N->names);
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

/* x as a combination of the named basis elements: "2e", "h - 1/2 f", "0"
   (malloc'd). */
static char *comb_str(const lnames *N, const fmpq *x)
{
    cli_exbuf b;
    FILE *f = cli_ex_open(&b, &plain);
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
    return cli_ex_close(&b, &plain);
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

/* "[u, v] = w", written as ad(v) u = lambda u when that reads better
   (lt_liealg_bracket_reversed: sl(2) reads [h,e] = 2e, [h,f] = -2f); JSON
   (e NULL): the same triple as {"u", "v", "bracket", "text"}. */
static void put_bracket(cli_explainer *e, const lnames *N, const fmpq *u, const fmpq *v, const fmpq *w)
{
    slong d = N->L->dim;
    fmpq *m = NULL;
    if (lt_liealg_bracket_reversed(u, v, w, d)) {
        const fmpq *t = u;
        m = _fmpq_vec_init(d);
        for (slong i = 0; i < d; i++) fmpq_neg(m + i, w + i);
        u = v; v = t; w = m;
    }
    char *a = comb_str(N, u), *b = comb_str(N, v), *c = comb_str(N, w);
    if (e) cli_ex_eq(e, "[%s, %s] = %s", a, b, c);
    else {
        printf("{\"u\": "); json_qvec(u, d);
        printf(", \"v\": "); json_qvec(v, d);
        printf(", \"bracket\": "); json_qvec(w, d);
        size_t len = strlen(a) + strlen(b) + strlen(c) + 8;
        char *text = lt_malloc(len);
        snprintf(text, len, "[%s, %s] = %s", a, b, c);
        printf(", \"text\": "); lt_json_put_string(stdout, text);
        printf("}");
        lt_free(text);
    }
    free(a); free(b); free(c);
    if (m) _fmpq_vec_clear(m, d);
}

static void say_lwit(cli_explainer *e, const lnames *N, const lt_lwit_t W)
{
    for (slong k = 0; k < W->len; k++) put_bracket(e, N, W->u[k], W->v[k], W->w[k]);
}

/* JSON: "generators" (the brackets) and "witnesses" of a term. */
static void json_lwit(const lnames *N, const lt_lwit_t W)
{
    printf("\"generators\": [");
    for (slong k = 0; k < W->len; k++) { if (k) printf(", "); json_qvec(W->w[k], W->dim); }
    printf("], \"witnesses\": [");
    for (slong k = 0; k < W->len; k++) { if (k) printf(", "); put_bracket(NULL, N, W->u[k], W->v[k], W->w[k]); }
    printf("]");
}

/* An n x n matrix: [[0,1],[0,0]] (malloc'd); JSON: [["0", "1"], ["0", "0"]]. */
static void put_matrix(FILE *f, const fmpq_mat_struct *M, slong n, int json)
{
    fputs("[", f);
    for (slong r = 0; r < n; r++) {
        fputs(r ? (json ? ", [" : ",[") : "[", f);
        for (slong c = 0; c < n; c++) {
            char *s = fmpq_get_str(NULL, 10, fmpq_mat_entry(M, r, c));
            fprintf(f, json ? "%s\"%s\"" : "%s%s", c ? (json ? ", " : ",") : "", s);
            flint_free(s);
        }
        fputs("]", f);
    }
    fputs("]", f);
}

/* The basis the coordinates refer to: names, and matrices when L has a
   matrix form. */
static void say_basis(cli_explainer *e, const lnames *N)
{
    const lt_liealg_struct *L = N->L;
    if (L->n == 0) {
        char *s = lt_strdup("");
        for (slong i = 0; i < L->dim; i++) s = append(s, N->names[i], i == 0);
        cli_ex_say(e, "basis of @: $%s$ (its structure-constant basis)", s);
        lt_free(s);
        return;
    }
    cli_ex_say(e, "basis of @:");
    for (slong i = 0; i < L->dim; i++) {
        if (e->tex) {
            cli_ex_eq_raw(e);
            cli_tex_math(stdout, N->names[i]);
            fputs(" &= ", stdout);
            cli_tex_qmat(stdout, L->mats + i);
        } else {
            printf("  %s = ", N->names[i]);
            put_matrix(stdout, L->mats + i, L->n, 0);
            printf("\n");
        }
    }
}

static void json_basis(const lnames *N)
{
    const lt_liealg_struct *L = N->L;
    printf(", \"basis\": [");
    for (slong i = 0; i < L->dim; i++) {
        printf("%s{\"name\": ", i ? ", " : "");
        lt_json_put_string(stdout, N->names[i]);
        if (L->n > 0) {
            printf(", \"matrix\": ");
            put_matrix(stdout, L->mats + i, L->n, 1);
        }
        printf("}");
    }
    printf("]");
}

/* The dimensions "6 > 3 > 1 > 0" (malloc'd), or their chain (LaTeX, NULL). */
static char *say_dims(const cli_explainer *e, const lt_lseries_t S, int lower)
{
    if (e->tex) {
        __mpz_struct *v = lt_malloc((size_t)S->len * sizeof *v);
        for (slong i = 0; i < S->len; i++) mpz_init_set_si(v + i, S->terms[i].rank);
        tex_chain(e, v, (int)S->len, lower, 1, S->reaches_zero);
        for (slong i = 0; i < S->len; i++) mpz_clear(v + i);
        lt_free(v);
        return NULL;
    }
    cli_exbuf b;
    cli_put_dims(cli_ex_open(&b, &plain), S, 0);
    return cli_ex_close(&b, &plain);
}

static char *span_str(const lnames *N, const lt_qspace_t U)
{
    char *s = lt_strdup(U->rank ? "" : "0");
    for (slong r = 0; r < U->rank; r++) {
        char *c = comb_str(N, U->rows[r]);
        s = append(s, c, r == 0);
        free(c);
    }
    return s;
}

/* As group_steps_json, for a Lie algebra. */
static void lie_steps_json(const lt_liealg_series_witness_t R, const lnames *N, int question)
{
    int lower = R->lower, tower = question == Q_MINDEPTH;
    const lt_liealg_struct *L = N->L;
    const lt_lseries_struct *S = R->S;
    const char *X = lower ? "C" : "L";
    json_answer(question, S->reaches_zero, (long)S->len - 1);
    printf(", \"%s\": ", lower ? "lower_central_series" : "derived_series");
    cli_put_dims(stdout, S, 1);
    printf(", \"%s\": ", lower ? "nilpotency_class" : "derived_length");
    if (S->reaches_zero) printf("%ld", (long)S->len - 1); else printf("null");
    json_basis(N);
    if (tower) printf(", \"layers\": [");
    else {
        printf(", \"terms\": [{\"index\": 0, \"dimension\": %ld, \"generators\": [", (long)L->dim);
        fmpq *u = _fmpq_vec_init(L->dim);
        for (slong i = 0; i < L->dim; i++) {
            fmpq_one(u + i);
            if (i) printf(", ");
            json_qvec(u, L->dim);
            fmpq_zero(u + i);
        }
        _fmpq_vec_clear(u, L->dim);
        printf("]}");
    }
    for (slong i = 0; i < R->nsteps; i++) {
        int last = R->residual && i == R->nsteps - 1;
        const lt_qspace_struct *U = &S->terms[i], *T = lt_liealg_series_witness_term(R, i);
        const lt_lwit_struct *W = R->steps[i].W;
        long checks = R->steps[i].checks, qd = (long)R->steps[i].quotient_dim;
        if (tower && !last)
            printf("%s{\"layer\": %ld, \"quotient\": \"%s%ld/%s%ld\", \"quotient_dimension\": %ld, "
                   "\"term_dimension\": %ld, \"quotient_abelian\": {\"holds\": true, \"checks\": %ld}}",
                   i ? ", " : "", (long)i + 1, X, (long)i, X, (long)i + 1, qd, (long)T->rank, checks);
        else if (tower) {
            printf("], \"perfect_residual\": {\"index\": %ld, \"dimension\": %ld, ", (long)i, (long)U->rank);
            json_lwit(N, W);
            printf(", \"abelian_quotient_dimension\": 0}");
        } else {
            printf(", {\"index\": %ld, \"dimension\": %ld, ", (long)i + 1, (long)T->rank);
            json_lwit(N, W);
            if (last) printf(", \"equals_previous\": true}");
            else printf(", \"quotient_dimension\": %ld, \"quotient_abelian\": {\"holds\": true, \"central\": %s, \"checks\": %ld}}",
                        qd, lower ? "true" : "false", checks);
        }
    }
    printf(tower ? (R->residual ? "" : "], \"perfect_residual\": null") : "]");
}

/* As group_steps, for a Lie algebra. */
static void lie_steps(cli_explainer *e, const lt_liealg_series_witness_t R, const lnames *N, int question)
{
    int lower = R->lower, tower = question == Q_MINDEPTH;
    const lt_liealg_struct *L = N->L;
    const lt_lseries_struct *S = R->S;
    const char *X = lower ? "C" : "L";
    if (!tower) {
        if (e->tex)
            cli_ex_say(e, "%s series of @: $%s%s_0 = @$, $%s_(i+1) = [%s_i, %s]$", lower ? "lower central" : "derived",
                       lower ? "L = " : "", X, X, X, lower ? "L" : "L_i");
        else
            cli_ex_say(e, "%s series of @: %s%s0 = @, %s(i+1) = [%si, %s]", lower ? "lower central" : "derived",
                       lower ? "L = " : "", X, X, X, lower ? "L" : "Li");
        char *s = say_dims(e, S, lower);
        if (s) cli_ex_say(e, "dimensions: %s", s);
        free(s);
        say_basis(e, N);
        cli_ex_say(e, "");
        cli_ex_say(e, "$%s0 = @$, dimension %ld", X, (long)L->dim);
    }
    for (slong i = 0; i < R->nsteps; i++) {
        int last = R->residual && i == R->nsteps - 1;
        const lt_qspace_struct *U = &S->terms[i], *T = lt_liealg_series_witness_term(R, i);
        const lt_lwit_struct *W = R->steps[i].W;
        long checks = R->steps[i].checks, qd = (long)R->steps[i].quotient_dim, k = (long)i;
        if (tower && !last) {
            cli_ex_say(e, "  layer %ld tracks $%s%ld/%s%ld$, abelian of dimension %ld (brackets checked: %ld)",
                       k + 1, X, k, X, k + 1, qd, checks);
            continue;
        }
        if (tower)
            cli_ex_say(e, "  then $%s%ld = [%s%ld, %s%ld]$: the perfect residual, of dimension %ld, spanned by the brackets",
                       X, k, X, k, X, k, (long)U->rank);
        else {
            char head[96];
            if (lower) snprintf(head, sizeof head, "$%s%ld = [%s%ld, L]$, dimension %ld", X, k + 1, X, k, (long)T->rank);
            else snprintf(head, sizeof head, "$%s%ld = [%s%ld, %s%ld]$, dimension %ld", X, k + 1, X, k, X, k, (long)T->rank);
            cli_ex_say(e, "");
            if (W->len) cli_ex_say(e, "%s, spanned by the brackets", head);
            else if (lower) cli_ex_say(e, "%s: the bracket of every basis element of $%s%ld$ with every basis element of $L$ is 0", head, X, k);
            else cli_ex_say(e, "%s: every bracket of basis elements of $%s%ld$ is 0", head, X, k);
        }
        say_lwit(e, N, W);
        if (tower) cli_ex_say(e, "  its abelian quotient is 0, so no order-blind layer can peel anything off");
        else if (last) cli_ex_say(e, "  $%s%ld = %s%ld$: the series stops at a term of dimension $%ld > 0$", X, k + 1, X, k, (long)T->rank);
        else {
            if (T->rank > 0 && T->rank < L->dim) {
                char *s = span_str(N, T);
                cli_ex_say(e, "  $%s%ld = span{%s}$", X, k + 1, s);
                lt_free(s);
            }
            if (lower)
                cli_ex_say(e, "  why $%s%ld/%s%ld$ is central in $L/C%ld$ (dimension %ld): $%s%ld$ is an ideal of $L$ and contains $[x,y]$ for $x$ in it and $y$ in $L$ (brackets checked: %ld)",
                           X, k, X, k + 1, k + 1, qd, X, k + 1, checks);
            else
                cli_ex_say(e, "  why $%s%ld/%s%ld$ is abelian (dimension %ld): $%s%ld$ is an ideal of it and contains the bracket of every pair of its basis elements (brackets checked: %ld)",
                           X, k, X, k + 1, qd, X, k + 1, checks);
        }
    }
}

static int lie_explain(cli_opts *o, cli_explainer *e, const lt_liealg_t L, int q)
{
    lnames N;
    lnames_init(&N, L);
    int r = 0, J = o->json;
    lt_err_t err;
    lt_err_init(err);
    if (J) json_head(o, q);
    if (q == Q_ABELIAN) {
        lt_liealg_abelian_witness_t R;
        lt_liealg_abelian_witness_init(R);
        lt_liealg_abelian_witness(R, L);
        r = !R->abelian;
        if (J && r) {
            printf(", \"answer\": false, \"dimension\": %ld", (long)L->dim);
            json_basis(&N);
            printf(", \"witnesses\": [");
            put_bracket(NULL, &N, R->W->u[0], R->W->v[0], R->W->w[0]);
            printf("]}\n");
        } else if (J) printf(", \"answer\": true, \"dimension\": %ld, \"pairs_checked\": %ld}\n", (long)L->dim, R->pairs);
        else if (r) {
            cli_ex_say(e, "no: two basis elements do not commute");
            say_basis(e, &N);
            say_lwit(e, &N, R->W);
        } else cli_ex_say(e, "yes: the bracket of every pair of basis elements of @ is 0");
        lt_liealg_abelian_witness_clear(R);
    } else if (q == Q_PERFECT) {
        lt_liealg_perfect_witness_t R;
        lt_liealg_perfect_witness_init(R);
        if (lt_liealg_perfect_witness(R, L, err)) r = cli_fail(err);
        else if (!R->perfect) {
            if (J) printf(", \"answer\": false, \"dimension\": %ld, \"derived_dimension\": %ld}\n", (long)L->dim, (long)R->derived_dim);
            else cli_ex_say(e, "no: $[@, @]$ has dimension $%ld < %ld$", (long)R->derived_dim, (long)L->dim);
            r = 1;
        } else if (J) {
            printf(", \"answer\": true, \"dimension\": %ld", (long)L->dim);
            json_basis(&N);
            printf(", ");
            json_lwit(&N, R->W);
            printf("}\n");
        } else {
            cli_ex_say(e, "yes: $[@, @] = @$");
            say_basis(e, &N);
            cli_ex_say(e, "the brackets span all of @:");
            say_lwit(e, &N, R->W);
        }
        lt_liealg_perfect_witness_clear(R);
    } else {
        int lower = q == Q_LOWER || q == Q_NILPOTENT;
        lt_liealg_series_witness_t R;
        lt_liealg_series_witness_init(R);
        if (lt_liealg_series_witness(R, L, lower, err)) r = cli_fail(err);
        else {
            int reaches = R->S->reaches_zero;
            long len = (long)R->S->len - 1, d = reaches ? len : -1;
            if (J) {
                lie_steps_json(R, &N, q);
                if (q == Q_MINDEPTH) json_depth_verdict(d);
                if (q == Q_MINDEPTH && ex_verdict) cli_verdict_after_opts(o, ex_verdict, o->object);
                printf("}\n");
            } else if (q == Q_MINDEPTH) {
                if (d >= 0) cli_ex_say(e, "min-depth of @: %ld order-blind (abelian) layer%s (Heo et al. 2026, Theorem 3.4)", d, d == 1 ? "" : "s");
                else cli_ex_say(e, "min-depth of @: no constant number of order-blind layers (not solvable)");
                char *s = say_dims(e, R->S, 0);
                if (s) cli_ex_say(e, "derived series L0 = @ > L1 > ...: dimensions %s", s);
                free(s);
                say_basis(e, &N);
                cli_ex_say(e, "the abelian tower: each layer tracks one abelian factor of the derived series:");
                lie_steps(e, R, &N, q);
                say_depth_verdict(e, d, 1);
            } else {
                lie_steps(e, R, &N, q);
                cli_ex_say(e, "");
                if (lower && reaches) cli_ex_say(e, "@ is nilpotent of class %ld", len);
                else if (lower) cli_ex_say(e, "@ is not nilpotent");
                else if (reaches) cli_ex_say(e, "@ is solvable of derived length %ld", len);
                else cli_ex_say(e, "@ is not solvable: its derived series ends at a perfect term $> 0$");
                cli_ex_say(e, "(every bracket and membership above was checked by the engine)");
            }
            if ((q == Q_SOLVABLE || q == Q_NILPOTENT) && !reaches) r = 1;
        }
        lt_liealg_series_witness_clear(R);
    }
    lnames_clear(&N);
    return r;
}

static const cli_decl question_decl = {
    .common = CLI_O_LIMITS, .opts = question_opts, .args = "QUESTION OBJECT", .min_args = 1, .max_args = -1, .what = "question", .kind = CLI_OBJECT,
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
    ex_opts eo = {.bound = LT_BOUND_DEFAULT};
    if ((r = cli_getopts(&o, &eo, argc, argv, self, sub)) >= 0) { cli_free(&o); return r; }
    int q = -1;
    for (int i = 0; i < NQ; i++) if (strcmp(o.pos[0], questions[i]) == 0) q = i;
    if (q < 0) {
        r = cli_usage_error(self, NULL, "unknown question '%s' (derived-series, lower-central-series, solvable, "
                            "nilpotent, perfect, abelian, min-depth, isomorphic, commutator)", o.pos[0]);
        cli_free(&o);
        return r;
    }
    if ((eo.arch.given || eo.depth || eo.length) && (q != Q_MINDEPTH || !eo.arch.given || !eo.depth)) {
        r = cli_usage_error(self, sub, "--arch FAMILY and --depth K (and --length, --bound) go together, with min-depth");
        cli_free(&o);
        return r;
    }
    /* the object: the operands after the question */
    o.pos++;
    o.npos--;
    lt_plan_verdict_t V;
    lt_plan_verdict_init(V);
    ex_verdict = NULL;
    if ((r = cli_load_object(&o, &X, self)) < 0 && eo.arch.given) {
        r = cli_verdict_compute(V, &X, &eo.arch.a, eo.depth, (long)eo.length, (lt_bound)eo.bound, &o);
        if (r < 0) ex_verdict = V;
    }
    if (r < 0) {
        cli_explainer e;
        o.pos--; o.npos++;          /* LaTeX's comment line names the question too */
        cli_ex_init(&e, &o);
        o.pos++; o.npos--;
        r = X.is_lie ? lie_explain(&o, &e, X.L, q) : group_explain(&o, &e, X.G, q);
        cli_ex_end(&e);
        if (ex_verdict && !o.json && (r == 0 || r == 1)) cli_verdict_after_opts(&o, ex_verdict, o.object);
    }
    lt_plan_verdict_clear(V);
    o.pos--;
    o.npos++;
    cli_close_object(&o, &X);
    return r;
}
