/* The reasoning behind an answer about a group or a Lie algebra, with the
   witnesses the engine has checked (lietool/perm.h, lietool/liealg.h):
   the derived and lower central series, solvable, nilpotent, perfect,
   abelian, min-depth, and whether two groups are isomorphic
   (lietool/write.h). Each explanation is written once: its prose and
   equations (lt_doc_say, lt_doc_eq) are its text and LaTeX, its "|key"
   rows its JSON. */
#include <stdlib.h>
#include <string.h>
#include "lietool/write.h"
#include "lietool/io.h"

#define say lt_doc_say

static const char *const questions[LT_EXPLAIN_NQUESTIONS] = {
    "derived-series", "lower-central-series", "solvable", "nilpotent", "perfect", "abelian", "min-depth",
};

const char *lt_write_explain_question(lt_explain_question q)
{
    return questions[q];
}

/* s (lt_malloc'd) with t appended, after ", " unless first. */
static char *append(char *s, const char *t, int first)
{
    s = lt_realloc(s, strlen(s) + strlen(t) + 3);
    if (!first) strcat(s, ", ");
    return strcat(s, t);
}

/* The keys every answer to a yes-or-no question starts with. */
static void answer(lt_doc *d, lt_explain_question q, int yes)
{
    lt_doc_str(d, "|question", questions[q], NULL);
    lt_doc_bool(d, "|answer", yes);
}

/* ---- groups ---- */

/* A permutation in cycle notation (lt_malloc'd); LaTeX: the identity as id. */
static char *perm_str(const lt_doc *d, const int *p, int n)
{
    return d->mode == LT_DOC_TEX && lt_perm_is_one(p, n) ? lt_strdup("id") : lt_perm_str(p, n);
}

/* The generators of G: JSON the list key; returned for the prose, "(1,2,3),
   (1,2)" or "()" (lt_malloc'd). */
static char *gens(lt_doc *d, const char *key, const lt_pgrp_t G)
{
    char *s = lt_strdup(G->ngens ? "" : "()");
    lt_doc_list_begin(d, key);
    for (int i = 0; i < G->ngens; i++) {
        char *p = perm_str(d, G->gens[i], G->n);
        if (d->mode == LT_DOC_JSON) lt_json_put_string(lt_doc_elem(d), p);
        s = append(s, p, i == 0);
        lt_free(p);
    }
    lt_doc_list_end(d);
    return s;
}

static void convention(lt_doc *d)
{
    say(d, "convention: $[a,b] = a^-1 b^-1 a b$; products act left to right, $i^(%s) = (i^a)^b$ (GAP)",
        d->mode == LT_DOC_TEX ? "a b" : "ab");   /* LaTeX would read "ab" as one word */
    lt_doc_open(d, "|convention");
    lt_doc_str(d, "|commutator", "[a,b] = a^-1 b^-1 a b", NULL);
    lt_doc_str(d, "|product", "left to right, i^(ab) = (i^a)^b (GAP)", NULL);
    lt_doc_close(d);
}

/* The witness k of W as an equation, "[a, b] = c" (how 0), "c = [a, b]"
   (1, 2) or "[a, b] = c != ()" (3), and as a JSON item {a, b, commutator}
   ({generator, a, b}: 2). */
static void witness(lt_doc *d, const lt_pwit_struct *W, int k, int how)
{
    char *a = perm_str(d, W->a[k], W->n), *b = perm_str(d, W->b[k], W->n), *c = perm_str(d, W->c[k], W->n);
    if (how == 1 || how == 2) lt_doc_eq(d, "%s = [%s, %s]", c, a, b);
    else lt_doc_eq(d, "[%s, %s] = %s%s", a, b, c, how < 3 ? "" : d->mode == LT_DOC_TEX ? " != id" : " != ()");
    lt_doc_item_begin(d);
    if (how == 2) lt_doc_str(d, "|generator", c, NULL);
    lt_doc_str(d, "|a", a, NULL);
    lt_doc_str(d, "|b", b, NULL);
    if (how != 2) lt_doc_str(d, "|commutator", c, NULL);
    lt_doc_item_end(d);
    lt_free(a); lt_free(b); lt_free(c);
}

/* The witnesses of a term (how as for witness); JSON "generators" (the
   commutators) and "witnesses", or (2) "as_commutators". */
static void pwit(lt_doc *d, const lt_pwit_struct *W, int how)
{
    if (how != 2) lt_doc_list_begin(d, "|generators");
    for (int k = 0; how != 2 && d->mode == LT_DOC_JSON && k < W->len; k++) {
        char *c = lt_perm_str(W->c[k], W->n);
        lt_json_put_string(lt_doc_elem(d), c);
        lt_free(c);
    }
    if (how != 2) lt_doc_list_end(d);
    lt_doc_list_begin(d, how == 2 ? "|as_commutators" : "|witnesses");
    for (int k = 0; k < W->len; k++) witness(d, W, k, how);
    lt_doc_list_end(d);
}

void lt_write_explain_group_perfect(lt_doc *d, const lt_pgrp_perfect_witness_t R, const lt_pgrp_t G)
{
    answer(d, LT_EXPLAIN_PERFECT, R->perfect);
    if (!R->perfect) {
        say(d, "no: $[@, @]$ has order $%Zd < %Zd$, so @ has the non-trivial abelian quotient $@/[@, @]$ of order %Zd",
            R->derived->order, G->order, R->quotient_order);
        lt_doc_mpz(d, "|order", G->order);
        lt_doc_mpz(d, "|derived_subgroup_order", R->derived->order);
        lt_doc_mpz(d, "|abelian_quotient_order", R->quotient_order);
        return;
    }
    say(d, "yes: $@ = [@, @]$");
    convention(d);
    lt_doc_mpz(d, "|order", G->order);
    lt_free(gens(d, "|generators", G));
    if (lt_pgrp_is_trivial(G)) {
        say(d, "(the trivial group)");
        lt_doc_json(d, "|as_commutators", "[]");
        return;
    }
    /* each generator c = [a, b], or a generating set of such c */
    say(d, R->as_commutators ? "each generator of @ is a commutator of two elements of @:" : "these commutators of two elements of @ generate @:");
    if (!R->as_commutators) lt_doc_json(d, "|as_commutators", "null");
    pwit(d, R->W, R->as_commutators ? 2 : 1);
    say(d, "so @ has no non-trivial abelian quotient: an order-blind layer sees nothing of it.\n"
        "This is the fact behind Barrington (1989): the word problem of a non-solvable group is NC1-complete.");
    lt_doc_strs(d, "|sources", 1, (const char *[]){"Barrington 1989"});
}

void lt_write_explain_group_abelian(lt_doc *d, const lt_pgrp_abelian_witness_t R, const lt_pgrp_t G)
{
    answer(d, LT_EXPLAIN_ABELIAN, R->abelian);
    if (!R->abelian) {
        say(d, "no: two generators do not commute");
        convention(d);
    }
    char *g = gens(d, "|generators", G);
    if (!R->abelian) {
        lt_doc_list_begin(d, "|witnesses");
        witness(d, R->W, 0, 3);
        lt_doc_list_end(d);
    } else {
        if (G->ngens <= 1) say(d, "yes: @ is generated by one element, $%s$, so it is cyclic", g);
        else say(d, "yes: the %ld pair%s of generators of @ commute ($%s$), so every pair of elements does",
                 R->pairs, R->pairs == 1 ? "" : "s", g);
        lt_doc_long(d, "|pairs_checked", R->pairs, NULL);
        if (G->ngens <= 1) lt_doc_bool(d, "|cyclic", 1);
    }
    lt_free(g);
}

/* ---- Lie algebras ---- */

/* The names of L's basis: e, f, h for sl(2) in its standard basis, else
   b1, b2, ... */
typedef struct {
    const lt_liealg_struct *L;
    char (*names)[24];      /* lt_free */
} lnames;

static void lnames_init(lnames *N, const lt_liealg_t L)
{
    int sl2 = lt_liealg_is_sl2_standard(L);
    N->L = L;
    N->names = lt_malloc((size_t)(L->dim + 1) * sizeof *N->names);
    for (slong i = 0; i < L->dim; i++) {
        if (sl2) snprintf(N->names[i], sizeof N->names[i], "%c", "efh"[i]);
        else snprintf(N->names[i], sizeof N->names[i], "b%ld", (long)i + 1);
    }
}

/* x as a combination of the named basis elements: "2e", "h - 1/2 f", "0"
   (malloc'd). */
static char *comb_str(const lnames *N, const fmpq *x)
{
    lt_doc_buf b;
    FILE *f = lt_doc_piece(&b, NULL);
    int first = 1;
    fmpq_t a;
    fmpq_init(a);
    for (slong i = 0; i < N->L->dim; i++) {
        if (fmpq_is_zero(x + i)) continue;
        fmpq_abs(a, x + i);
        int neg = fmpq_sgn(x + i) < 0;
        if (first) fputs(neg ? "-" : "", f);
        else fputs(neg ? " - " : " + ", f);
        if (!fmpq_is_one(a)) fmpq_fprint(f, a);
        if (!fmpq_is_one(a) && !fmpz_is_one(fmpq_denref(a))) fputc(' ', f);
        fputs(N->names[i], f);
        first = 0;
    }
    if (first) fputs("0", f);
    fmpq_clear(a);
    return lt_doc_piece_end(&b);
}

/* JSON: a coordinate vector as an array of "p/q" strings, the row key or
   (key NULL) a list element. */
static void jqvec(lt_doc *d, const char *key, const fmpq *x, slong n)
{
    FILE *f = d->mode != LT_DOC_JSON ? NULL : key ? lt_doc_row(d, key) : lt_doc_elem(d);
    for (slong i = 0; f && i < n; i++) { fputs(i ? ", \"" : "[\"", f); fmpq_fprint(f, x + i); fputc('"', f); }
    if (f) fputs(n ? "]" : "[]", f);
    if (key) lt_doc_row_end(d);
}

/* "[u, v] = w" as an equation and a JSON item {u, v, bracket, text},
   written as ad(v) u = lambda u when that reads better
   (lt_liealg_bracket_reversed: sl(2) reads [h,e] = 2e, [h,f] = -2f). */
static void bracket(lt_doc *d, const lnames *N, const fmpq *u, const fmpq *v, const fmpq *w)
{
    slong n = N->L->dim;
    fmpq *m = NULL;
    if (lt_liealg_bracket_reversed(u, v, w, n)) {
        const fmpq *t = u;
        m = _fmpq_vec_init(n);
        for (slong i = 0; i < n; i++) fmpq_neg(m + i, w + i);
        u = v; v = t; w = m;
    }
    char *a = comb_str(N, u), *b = comb_str(N, v), *c = comb_str(N, w);
    lt_doc_buf buf;
    fprintf(lt_doc_piece(&buf, NULL), "[%s, %s] = %s", a, b, c);
    char *text = lt_doc_piece_end(&buf);
    lt_doc_eq(d, "%s", text);
    lt_doc_item_begin(d);
    jqvec(d, "|u", u, n);
    jqvec(d, "|v", v, n);
    jqvec(d, "|bracket", w, n);
    lt_doc_str(d, "|text", text, NULL);
    lt_doc_item_end(d);
    free(a); free(b); free(c); free(text);
    if (m) _fmpq_vec_clear(m, n);
}

/* The brackets of a term; JSON "generators" (the brackets) and "witnesses". */
static void lwit(lt_doc *d, const lnames *N, const lt_lwit_struct *W)
{
    lt_doc_list_begin(d, "|generators");
    for (slong k = 0; k < W->len; k++) jqvec(d, NULL, W->w[k], W->dim);
    lt_doc_list_end(d);
    lt_doc_list_begin(d, "|witnesses");
    for (slong k = 0; k < W->len; k++) bracket(d, N, W->u[k], W->v[k], W->w[k]);
    lt_doc_list_end(d);
}

/* The basis the coordinates refer to: names, and matrices when L has a
   matrix form. */
static void basis(lt_doc *d, const lnames *N)
{
    const lt_liealg_struct *L = N->L;
    char *s = lt_strdup("");
    for (slong i = 0; i < L->dim; i++) s = append(s, N->names[i], i == 0);
    if (L->n == 0) say(d, "basis of @: $%s$ (its structure-constant basis)", s);
    else say(d, "basis of @:");
    lt_free(s);
    lt_doc_list_begin(d, "|basis");
    for (slong i = 0; i < L->dim; i++) {
        lt_doc_item_begin(d);
        lt_doc_str(d, "|name", N->names[i], NULL);
        char *m = L->n > 0 ? lt_doc_qmat(d, "|matrix", L->mats + i) : NULL;
        if (L->n > 0) lt_doc_eq(d, "%s = %s", N->names[i], m);
        free(m);
        lt_doc_item_end(d);
    }
    lt_doc_list_end(d);
}

/* An answer about L in words, then the basis its witnesses are written
   in (N: L's names, released by the caller). */
static void lie_claim(lt_doc *d, lnames *N, const lt_liealg_t L, const char *claim)
{
    lnames_init(N, L);
    say(d, "%s", claim);
    basis(d, N);
}

void lt_write_explain_lie_abelian(lt_doc *d, const lt_liealg_abelian_witness_t R, const lt_liealg_t L)
{
    answer(d, LT_EXPLAIN_ABELIAN, R->abelian);
    lt_doc_long(d, "|dimension", (long)L->dim, NULL);
    if (R->abelian) {
        say(d, "yes: the bracket of every pair of basis elements of @ is 0");
        lt_doc_long(d, "|pairs_checked", R->pairs, NULL);
        return;
    }
    lnames N;
    lie_claim(d, &N, L, "no: two basis elements do not commute");
    lt_doc_list_begin(d, "|witnesses");
    bracket(d, &N, R->W->u[0], R->W->v[0], R->W->w[0]);
    lt_doc_list_end(d);
    lt_free(N.names);
}

void lt_write_explain_lie_perfect(lt_doc *d, const lt_liealg_perfect_witness_t R, const lt_liealg_t L)
{
    answer(d, LT_EXPLAIN_PERFECT, R->perfect);
    lt_doc_long(d, "|dimension", (long)L->dim, NULL);
    if (!R->perfect) {
        say(d, "no: $[@, @]$ has dimension $%ld < %ld$", (long)R->derived_dim, (long)L->dim);
        lt_doc_long(d, "|derived_dimension", (long)R->derived_dim, NULL);
        return;
    }
    lnames N;
    lie_claim(d, &N, L, "yes: $[@, @] = @$");
    say(d, "the brackets span all of @:");
    lwit(d, &N, R->W);
    lt_free(N.names);
}

/* ---- the series, for groups and Lie algebras ---- */

/* The head of a series question: JSON, the answer, the series and its
   length; text, the series and its sizes; LaTeX, the series as a displayed
   chain, the terms named as in the prose (G_i, L_i, C_i). min-depth: the
   answer first, and the derived series. */
static void series_head(lt_doc *d, lt_explain_question q, const lt_series_sizes_t *S)
{
    int lower = S->lower, tex = d->mode == LT_DOC_TEX;
    const char *X = lower ? "C" : S->is_lie ? "L" : "G", *Y = S->is_lie ? "L" : "G", *size = S->is_lie ? "dimensions" : "orders";
    long n = S->reaches_bottom ? S->n - 1 : -1;
    if (q == LT_EXPLAIN_SOLVABLE || q == LT_EXPLAIN_NILPOTENT) lt_doc_bool(d, "|answer", S->reaches_bottom);
    else lt_doc_long(d, "|answer", n, "none");
    lt_doc_series(d, lower ? "|lower_central_series" : "|derived_series", S, 0);
    lt_doc_long(d, lower ? "|nilpotency_class" : "|derived_length", n, "none");
    lt_doc_buf b;
    FILE *f = lt_doc_piece(&b, NULL);
    for (int i = 0; i < S->n; i++) { fputs(i ? " > " : "", f); mpz_out_str(f, 10, S->size + i); }
    char *s = lt_doc_piece_end(&b), pre[8] = "", last[8];
    if (q == LT_EXPLAIN_MIN_DEPTH) {
        if (n >= 0) say(d, "min-depth of @: %ld order-blind (abelian) layer%s (Heo et al. 2026, Theorem 3.4)", n, n == 1 ? "" : "s");
        else say(d, "min-depth of @: no constant number of order-blind layers (not solvable)");
        if (tex && !S->is_lie) say(d, "derived series of @:");
        if (!tex) say(d, "derived series %s0 = @ > %s1 > ...: %s %s", Y, Y, size, s);
    } else {
        if (lower) snprintf(pre, sizeof pre, "%s = ", Y);
        snprintf(last, sizeof last, "%s%s", Y, lower ? "" : tex ? "_i" : "i");
        if (tex) say(d, "%s series of @: $%s%s_0 = @$, $%s_(i+1) = [%s_i, %s]$", lower ? "lower central" : "derived", pre, X, X, X, last);
        else say(d, "%s series of @: %s%s0 = @, %s(i+1) = [%si, %s]", lower ? "lower central" : "derived", pre, X, X, X, last);
        if (!tex) say(d, "%s: %s", size, s);
    }
    free(s);
    if (!tex) return;
    fprintf(d->f, "\\begin{equation*}\n");
    lt_tex_object(d->f, d->object);
    for (int i = 0; i < S->n; i++) {
        fputs(i == 0 ? " = \\underset{" : S->is_lie ? " \\supset \\underset{" : " \\triangleright \\underset{", d->f);
        lt_tex_mpz(d->f, S->size + i);
        fprintf(d->f, "}{%s_{%d}}", X, i);
    }
    fputs(S->reaches_bottom ? (S->is_lie ? " = 0" : " = 1") : " \\quad\\text{(the last term repeats)}", d->f);
    fprintf(d->f, "\n\\end{equation*}\n(beneath each term its %s)\n", S->is_lie ? "dimension" : "order");
}

/* JSON: "quotient_abelian" (central: -1, not said). */
static void holds(lt_doc *d, int central, long checks)
{
    lt_doc_open(d, "|quotient_abelian");
    lt_doc_bool(d, "|holds", 1);
    if (central >= 0) lt_doc_bool(d, "|central", central);
    lt_doc_long(d, "|checks", checks, NULL);
    lt_doc_close(d);
}

/* The end of a series question: the answer in words; min-depth, why fewer
   layers cannot do (JSON: the restricted-layer bound and the sources). */
static void series_tail(lt_doc *d, lt_explain_question q, const lt_series_sizes_t *S)
{
    int lie = S->is_lie;
    long len = S->n - 1, n = S->reaches_bottom ? len : -1;
    if (q == LT_EXPLAIN_MIN_DEPTH) {
        if (n == 0) say(d, "the trivial object: nothing to track, no layer is needed");
        else if (n > 0)
            say(d, "fewer cannot do: $k$ order-blind layers reach derived length at most $k$, and $k$ restricted\n"
                "(Mamba-like) layers at most $2k$ (Heo et al. 2026, Proposition 3.3): at least %ld restricted layer%s",
                lt_depth_restricted_layers(n), lt_depth_restricted_layers(n) == 1 ? "" : "s");
        else
            say(d, "no depth suffices: every layer leaves the perfect residual untouched (Heo et al. 2026,\n"
                "Proposition 3.3); %s", lie ? "a depth-$k$ stack leaves an error $O(eps^(c+1))$ (see 'lietool error-bound')"
                                           : "Barrington (1989): the word problem is NC1-complete");
        lt_doc_long(d, "|restricted_layers", n >= 0 ? lt_depth_restricted_layers(n) : -1, "none");
        lt_doc_strs(d, "|sources", 2, (const char *[]){"Heo et al. 2026, Theorem 3.4", "Heo et al. 2026, Proposition 3.3"});
        return;
    }
    say(d, "");
    if (S->lower && n >= 0) say(d, "@ is nilpotent of class %ld", len);
    else if (S->lower) say(d, "@ is not nilpotent");
    else if (n >= 0) say(d, "@ is solvable of derived length %ld", len);
    else say(d, "@ is not solvable: its derived series ends at a perfect %s", lie ? "term $> 0$" : "group $> 1$");
    say(d, "(every %s above was checked by the engine)", lie ? "bracket and membership" : "commutator, membership and normality");
}

/* JSON: a size, under pre with "order" (a group's, a string) or "dimension"
   (a Lie algebra's, a number). */
static void jsize(lt_doc *d, const char *pre, const mpz_t z, int lie)
{
    char key[48];
    snprintf(key, sizeof key, "|%s%s", pre, lie ? "dimension" : "order");
    if (lie) lt_doc_long(d, key, mpz_get_si(z), NULL);
    else lt_doc_mpz(d, key, z);
}

/* The series from the object down with a witness per step, for a group
   (P, G) or a Lie algebra (R, N): the derived or lower central series, as
   question q asks; min-depth writes it as the abelian tower. */
static void series_explain(lt_doc *d, lt_explain_question q, const lt_pgrp_series_witness_struct *P,
                           const lt_liealg_series_witness_struct *R, const lt_pgrp_struct *G, const lnames *N)
{
    int lie = !P, lower = P ? P->lower : R->lower, tower = q == LT_EXPLAIN_MIN_DEPTH;
    int nsteps = P ? P->nsteps : (int)R->nsteps, residual = P ? P->residual : R->residual;
    const char *X = lower ? "C" : lie ? "L" : "G", *Y = lie ? "L" : "G", *size = lie ? "dimension" : "order";
    lt_series_sizes_t T;
    mpz_t qd;       /* a Lie algebra's quotient dimension */
    mpz_init(qd);
    if (P) lt_series_sizes_pgrp(&T, P->S, lower); else lt_series_sizes_lie(&T, R->S, lower);
    lt_doc_str(d, "|question", questions[q], NULL);
    series_head(d, q, &T);
    if (lie) basis(d, N); else convention(d);
    if (tower && lie) say(d, "the abelian tower: each layer tracks one abelian factor of the derived series:");
    else if (tower)
        say(d, "the abelian tower: each layer reads the token and the states of the layers\n"
            "before it, and tracks one abelian factor of the derived series (a cascade):");
    lt_doc_list_begin(d, tower ? "|layers" : "|terms");
    if (!tower) {
        say(d, "");
        lt_doc_item_begin(d);
        lt_doc_long(d, "|index", 0, NULL);
        jsize(d, "", T.size, lie);
        if (!lie) {
            char *g = gens(d, "|generators", G);
            say(d, "$%s0 = @$, order %Zd, generated by $%s$", X, T.size, g);
            lt_free(g);
        } else {
            say(d, "$%s0 = @$, dimension %Zd", X, T.size);
            lt_doc_list_begin(d, "|generators");     /* the basis: unit vectors */
            for (slong i = 0, n = N->L->dim; d->mode == LT_DOC_JSON && i < n; i++)
                for (slong j = 0; j < n; j++) fprintf(j ? d->f : lt_doc_elem(d), "%s\"%d\"%s", j ? ", " : "[", i == j, j < n - 1 ? "" : "]");
            lt_doc_list_end(d);
        }
        lt_doc_item_end(d);
    }
    for (int i = 0; i < nsteps; i++) {
        int last = residual && i == nsteps - 1, wlen = P ? P->steps[i].W->len : (int)R->steps[i].W->len;
        long checks = P ? P->steps[i].checks : R->steps[i].checks;
        const __mpz_struct *t = T.size + (last ? i : i + 1);    /* the term step i leads to */
        const __mpz_struct *qs = P ? P->steps[i].quotient_order : (mpz_set_si(qd, (long)R->steps[i].quotient_dim), qd);
        if (tower && !last) {
            if (lie) say(d, "  layer %d tracks $%s%d/%s%d$, abelian of dimension %Zd (brackets checked: %ld)", i + 1, X, i, X, i + 1, qs, checks);
            else say(d, "  layer %d tracks $%s%d/%s%d$, abelian of order %Zd ($%s%d$ has order %Zd; memberships checked: %ld)",
                     i + 1, X, i, X, i + 1, qs, X, i + 1, t, checks);
            lt_doc_item_begin(d);
            lt_doc_long(d, "|layer", i + 1, NULL);
            lt_doc_json(d, "|quotient", "\"%s%d/%s%d\"", X, i, X, i + 1);
            jsize(d, "quotient_", qs, lie);
            jsize(d, "term_", t, lie);
            holds(d, -1, checks);
            lt_doc_item_end(d);
            continue;
        }
        char z[16], head[160];
        if (lower) snprintf(z, sizeof z, "%s", Y); else snprintf(z, sizeof z, "%s%d", X, i);
        gmp_snprintf(head, sizeof head, "$%s%d = [%s%d, %s]$, %s %Zd", X, i + 1, X, i, z, size, t);
        if (tower) {
            lt_doc_list_end(d);
            lt_doc_open(d, "|perfect_residual");
            say(d, "  then $%s%d = [%s%d, %s%d]$: the perfect residual, of %s %Zd, %s", X, i, X, i, X, i, size, t,
                lie ? "spanned by the brackets" : "generated by commutators of its own elements:");
        } else {
            lt_doc_item_begin(d);
            say(d, "");
            if (wlen && lie) say(d, "%s, spanned by the brackets", head);
            else if (wlen) say(d, "%s, generated by %d commutator%s of elements of $%s%d$%s:", head, wlen, wlen == 1 ? "" : "s", X, i,
                               lower ? " with elements of $G$" : "");
            else if (lower && lie) say(d, "%s: the bracket of every basis element of $%s%d$ with every basis element of $L$ is 0", head, X, i);
            else if (lower) say(d, "%s: every commutator $[x,g]$ of a generator $x$ of $%s%d$ and a generator $g$ of $G$ is trivial", head, X, i);
            else say(d, lie ? "%s: every bracket of basis elements of $%s%d$ is 0" : "%s: every commutator of generators of $%s%d$ is trivial", head, X, i);
        }
        lt_doc_long(d, "|index", tower ? i : i + 1, NULL);
        jsize(d, "", t, lie);
        if (P) pwit(d, P->steps[i].W, 0); else lwit(d, N, R->steps[i].W);
        if (tower) {
            say(d, "  its abelian quotient is %s, so no order-blind layer can peel anything off", lie ? "0" : "trivial");
            lt_doc_json(d, lie ? "|abelian_quotient_dimension" : "|abelian_quotient_order", lie ? "0" : "\"1\"");
            lt_doc_close(d);
        } else if (last) {
            if (lie) say(d, "  $%s%d = %s%d$: the series stops at a term of dimension $%Zd > 0$", X, i + 1, X, i, t);
            else if (lower) say(d, "  $%s%d = %s%d$: the series stops at a group of order $%Zd > 1$ ($[%s%d, G] = %s%d$)", X, i + 1, X, i, t, X, i, X, i);
            else say(d, "  $%s%d = %s%d$: the series stops at a group of order $%Zd > 1$ that is perfect (every generator above is a commutator)",
                     X, i + 1, X, i, t);
            lt_doc_bool(d, "|equals_previous", 1);
        } else {
            const lt_qspace_struct *U = lie ? lt_liealg_series_witness_term(R, i) : NULL;
            if (U && U->rank > 0 && U->rank < N->L->dim) {
                char *s = lt_strdup("");
                for (slong r = 0; r < U->rank; r++) {
                    char *c = comb_str(N, U->rows[r]);
                    s = append(s, c, r == 0);
                    free(c);
                }
                say(d, "  $%s%d = span{%s}$", X, i + 1, s);
                lt_free(s);
            }
            if (lie && lower)
                say(d, "  why $%s%d/%s%d$ is central in $L/C%d$ (dimension %Zd): $%s%d$ is an ideal of $L$ and contains $[x,y]$ for $x$ in it and $y$ in $L$ (brackets checked: %ld)",
                    X, i, X, i + 1, i + 1, qs, X, i + 1, checks);
            else if (lie)
                say(d, "  why $%s%d/%s%d$ is abelian (dimension %Zd): $%s%d$ is an ideal of it and contains the bracket of every pair of its basis elements (brackets checked: %ld)",
                    X, i, X, i + 1, qs, X, i + 1, checks);
            else if (lower)
                say(d, "  why $%s%d/%s%d$ is central in $G/%s%d$ (order %Zd): $%s%d$ is normal in $G$ and contains $[x,g]$ for every generator $x$ of $%s%d$ and $g$ of $G$ (memberships checked: %ld)",
                    X, i, X, i + 1, X, i + 1, qs, X, i + 1, X, i, checks);
            else
                say(d, "  why $%s%d/%s%d$ is abelian (order %Zd): $%s%d$ is normal in $%s%d$ and contains $[x,y]$ for every pair of generators $x, y$ of $%s%d$ (memberships checked: %ld)",
                    X, i, X, i + 1, qs, X, i + 1, X, i, X, i, checks);
            jsize(d, "quotient_", qs, lie);
            holds(d, lower, checks);
        }
        if (!tower) lt_doc_item_end(d);
    }
    mpz_clear(qd);
    if (!tower || !residual) lt_doc_list_end(d);
    if (tower && !residual) lt_doc_str(d, "|perfect_residual", NULL, NULL);
    series_tail(d, q, &T);
    lt_series_sizes_clear(&T);
}

void lt_write_explain_group_series(lt_doc *d, const lt_pgrp_series_witness_t P, const lt_pgrp_t G, lt_explain_question q)
{
    series_explain(d, q, P, NULL, G, NULL);
}

void lt_write_explain_lie_series(lt_doc *d, const lt_liealg_series_witness_t R, const lt_liealg_t L, lt_explain_question q)
{
    lnames N;
    lnames_init(&N, L);
    series_explain(d, q, NULL, R, NULL, &N);
    lt_free(N.names);
}

/* ---- two groups: isomorphic ---- */

void lt_write_explain_isomorphic(lt_doc *d, const lt_pgrp_iso_t R, const lt_pgrp_t G, const lt_pgrp_t H,
                                 const char *other, long long products)
{
    /* @ is G; the other object is a piece */
    int json = d->mode == LT_DOC_JSON, tex = d->mode == LT_DOC_TEX;
    lt_doc_buf b;
    FILE *f = lt_doc_piece(&b, d);
    if (tex) lt_tex_object(f, other); else fputs(other, f);
    char *h = lt_doc_piece_end(&b);
    const char *phi = tex ? lt_doc_raw("\1\\varphi\1") : "phi";
    lt_doc_str(d, "|other", other, NULL);
    lt_doc_str(d, "|question", "isomorphic", NULL);
    lt_doc_bool(d, "|answer", R->isomorphic);
    lt_doc_list_begin(d, "|orders");
    for (int i = 0; json && i < 2; i++) {
        FILE *e = lt_doc_elem(d);
        fputc('"', e);
        mpz_out_str(e, 10, (i ? H : G)->order);
        fputc('"', e);
    }
    lt_doc_list_end(d);
    say(d, "is @ isomorphic to $%s$?", h);
    say(d, "orders: %Zd and %Zd", G->order, H->order);
    if (R->isomorphic) {
        say(d, "an isomorphism $%s$, given on the generators of @:", phi);
        lt_doc_list_begin(d, "|isomorphism");
        for (int i = 0; i < R->nimages; i++) {
            char *x = perm_str(d, G->gens[i], G->n), *y = perm_str(d, R->images[i], H->n);
            mpz_srcptr a = R->gen_order[i], c = R->image_order[i];
            if (tex) {          /* the orders as a raw piece of lietool's own */
                lt_doc_buf ob;
                gmp_fprintf(lt_doc_piece(&ob, d), "\\quad\\text{(orders %Zd and %Zd)}", a, c);
                char *q = lt_doc_piece_end(&ob);
                lt_doc_eq(d, "%s(%s) = %s %s", phi, x, y, q);
                free(q);
            } else lt_doc_eq(d, "%s(%s) = %s   (orders %Zd and %Zd)", phi, x, y, a, c);
            lt_doc_item_begin(d);
            lt_doc_str(d, "|generator", x, NULL);
            lt_doc_str(d, "|image", y, NULL);
            lt_doc_item_end(d);
            lt_free(x); lt_free(y);
        }
        lt_doc_list_end(d);
        lt_doc_open(d, "|check");
        lt_doc_bool(d, "|homomorphism", 1);
        lt_doc_bool(d, "|bijective", 1);
        lt_doc_json(d, "|products_checked", "%lld", products);
        lt_doc_close(d);
        say(d, "checked: $%s$ extends along the Cayley graph of @ with $%s(%s) = %s(g) %s(s)$ for every element $g$ and generator $s$ (%lld products),\n"
            "  and its images are distinct elements of $%s$: a bijective homomorphism", phi, phi, tex ? "g s" : "gs", phi, phi, products, h);
        say(d, "yes: @ and $%s$ are isomorphic", h);
    } else {
        if (strcmp(R->invariant, "search") == 0)
            say(d, "every invariant compared agrees; the exhaustive search over the images of %d generators (%lld candidates) finds no isomorphism: %s",
                R->generators, R->tested, R->detail);
        else
            say(d, "an isomorphism preserves this invariant, which differs: %s: %s in @, %s in $%s$", R->detail, R->gval, R->hval, h);
        say(d, "no: @ and $%s$ are not isomorphic", h);
        lt_doc_str(d, "|invariant", R->invariant, NULL);
        lt_doc_str(d, "|detail", R->detail, NULL);
        lt_doc_strs(d, "|values", 2, (const char *[]){R->gval, R->hval});
        lt_doc_json(d, "|candidates_tried", "%lld", R->tested);
    }
    free(h);
}

void lt_write_explain(lt_doc *d, const lt_explain_job_t J, const lt_pgrp_t G, const lt_liealg_t L)
{
    lt_explain_question q = J->question;
    if (q == LT_EXPLAIN_PERFECT) {
        if (J->is_lie) lt_write_explain_lie_perfect(d, J->lp, L); else lt_write_explain_group_perfect(d, J->gp, G);
    } else if (q == LT_EXPLAIN_ABELIAN) {
        if (J->is_lie) lt_write_explain_lie_abelian(d, J->la, L); else lt_write_explain_group_abelian(d, J->ga, G);
    } else if (J->is_lie) lt_write_explain_lie_series(d, J->ls, L, q);
    else lt_write_explain_group_series(d, J->gs, G, q);
}
