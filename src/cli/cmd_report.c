/* lietool report: one page on an object for a sequence-model researcher:
   its algebraic profile, the minimum depths (Proposition 3.3, Theorem 3.4
   and Proposition 3.7 of Heo et al. 2026, arXiv:2603.05573), the error
   exponents of shallower order-blind stacks (Corollary 3.6) and the
   complexity of its word problem (Barrington 1989; Barrington and Therien
   1988; Merrill, Petty and Sabharwal 2024; Liu et al. 2023), one short
   citation per claim. Text and JSON come from the same list of claims. */
#include <assert.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <mpfr.h>
#include "depth.h"
#include "doc.h"
#include "lietool/json.h"

#define DEPTHS 8
#define MAX_CLAIMS 24

/* A claim's text is prose in which $...$ marks plain notation
   (lt_tex_prose): mark as written, text without the marks. */
typedef struct {
    const char *section;
    char key[32];
    char text[320], mark[360];
    int src;                /* an lt_depth_source, or -1 */
    int numbers;            /* a row of the numbers by depth (LaTeX: the table instead) */
} claim;

typedef struct { claim c[MAX_CLAIMS]; int n; } claims;

static void add(claims *C, const char *section, const char *key, int src, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static void add(claims *C, const char *section, const char *key, int src, const char *fmt, ...)
{
    assert(C->n < MAX_CLAIMS);
    claim *c = &C->c[C->n++];
    c->section = section;
    snprintf(c->key, sizeof c->key, "%s", key);
    c->src = src;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->mark, sizeof c->mark, fmt, ap);
    va_end(ap);
    c->numbers = 0;
    size_t n = 0;
    for (const char *m = c->mark; *m && n + 1 < sizeof c->text; m++) if (*m != '$') c->text[n++] = *m;
    c->text[n] = '\0';
}

static const char *MIN = "Minimum depth", *ERR = "Error of a depth-k order-blind stack",
                  *WP = "Word problem", *FLOW = "Flow";

/* The word problem of a finite group (or, for a Lie algebra, its flow). */
static void complexity(claims *C, const cli_depth_profile *P, long dl)
{
    if (P->is_lie) {
        if (dl == 0) add(C, FLOW, "order-blind", -1, "the zero algebra: nothing to track");
        else if (dl == 1) add(C, FLOW, "order-blind", LT_SRC_HEO_THM34, "yes: one abelian layer is exact");
        else add(C, FLOW, "order-blind", LT_SRC_HEO_LEM31, "no: no abelian layer simulates a non-abelian algebra");
        if (dl > 1) add(C, FLOW, "constant depth", LT_SRC_HEO_THM34, "$%ld$ abelian layers are exact", dl);
        if (dl < 0) {
            add(C, FLOW, "constant depth", LT_SRC_HEO_PROP33, "no finite order-blind stack is exact");
            add(C, FLOW, "one layer's error", LT_SRC_HEO_THM32, "of the order of the commutator mass; can grow with the horizon");
        }
        add(C, FLOW, "circuit classes", -1, "NC1 and TC0 statements concern finite groups: see the report of a group");
        return;
    }
    lt_wp_class w = lt_depth_word_problem_class(dl);
    if (w == LT_WP_TRIVIAL) { add(C, WP, "class", -1, "trivial: nothing to track"); return; }
    if (w == LT_WP_ABELIAN)
        add(C, WP, "class", LT_SRC_HEO_THM34, "abelian: one order-blind layer, e.g. a diagonal SSM");
    else if (w == LT_WP_SOLVABLE) {
        add(C, WP, "class", LT_SRC_BARRINGTON_THERIEN, "solvable: in ACC0, constant depth");
        add(C, WP, "diagonal SSMs", LT_SRC_SHAKERINAVA, "$%ld$ complex-diagonal layers, and no fewer", dl);
        add(C, WP, "transformers", LT_SRC_LIU, "constant depth, by Krohn-Rhodes shortcuts");
    } else {
        add(C, WP, "class", LT_SRC_BARRINGTON, "NC1-complete");
        add(C, WP, "constant depth", LT_SRC_MERRILL, "no transformer or diagonal SSM, unless TC0 = NC1");
        add(C, WP, "logarithmic depth", LT_SRC_LIU, "$O(log T)$ layers suffice for length $T$");
    }
    add(C, WP, "eigenvalues", LT_SRC_GRAZZI, "a diagonal layer needs some outside $[0,1]$: negative for parity, complex for mod $3$");
}

static const cli_optdecl report_opts[] = {
    CLI_DEPTH_BOUND(NULL),
    CLI_DEPTH_LENGTH,
    CLI_DEPTH_TOKENS(NULL),
    CLI_DEPTH_MAX_DIGITS(NULL),
    CLI_DEPTH_VERDICT,
    {0}
};

const cli_decl cli_report_decl = {
    .common = CLI_O_JSON | CLI_O_LATEX | CLI_O_LIMITS, .opts = report_opts, CLI_OBJECT_ARGS,
};

/* What report prints besides the profile: the layers, the lengths with
   their log-depth and width bounds, and the claims. */
typedef struct {
    long dl, ab, re;
    const ulong *lengths;
    int nlen;
    const __mpz_struct *n, *width;      /* tokens; widths (wst: not computed) */
    const lt_status *wst;
    const claims *C;
} rp_result;

/* The depths and exponents of the error section as a LaTeX array. */
static void tex_exponents(const cli_depth_opts *dp, long dl)
{
    printf("\\begin{equation*}\n\\begin{array}{l|*{%d}{c}}\nk", DEPTHS);
    for (int k = 1; k <= DEPTHS; k++) printf(" & %d", k);
    printf(" \\\\\n\\hline\n\\text{error } O(\\varepsilon^{e}),\\ e");
    for (int k = 1; k <= DEPTHS; k++)
        if (lt_depth_is_exact(k, dl)) printf(" & -");
        else printf(" & %lu", lt_depth_error_exponent(k, dp->bound));
    printf("\n\\end{array}\n\\end{equation*}\n(");
    lt_tex_text(stdout, lt_depth_cite_reading(LT_SRC_HEO_COR36, dp->bound));
    printf(")\\par\n");
}

/* The report: the profile, then the claims by section (LaTeX: the error
   exponents as an array), the lengths and exponents in JSON. */
static void put(const cli_opts *o, const cli_depth_opts *dp, const cli_depth_profile *P, const rp_result *R)
{
    lt_doc D, *d = &D;
    char after[160];
    snprintf(after, sizeof after, ": depth report (bound %s%s)", lt_depth_bound_name(dp->bound),
             dp->bound == LT_BOUND_V1 ? ", as published in arXiv:2603.05573v1; the other reading: --bound sharp"
                                      : "; the default is v1, as published");
    cli_doc_begin(d, o, o->object, after);
    lt_doc_str(d, "|kind", P->is_lie ? "lie_algebra" : "group", NULL);
    lt_doc_section(d, "Algebraic profile");
    if (P->is_lie) lt_doc_long(d, "dimension", mpz_get_si(P->size), NULL);
    else lt_doc_mpz(d, "order", P->size);
    lt_doc_bool(d, "abelian", P->abelian);
    lt_doc_bool(d, "nilpotent", P->nilpotent);
    lt_doc_bool(d, "solvable", P->solvable);
    lt_doc_bool(d, "perfect", P->perfect);
    cli_depth_series(d, "derived series", P, 0);
    lt_doc_long(d, "derived length", R->dl, "not solvable");
    cli_depth_series(d, "lower central series", P, 1);
    lt_doc_long(d, "nilpotency class", P->nilpotent ? P->nilpotency_class : -1, "not nilpotent");
    lt_doc_long(d, "|abelian_layers", R->ab, "");
    lt_doc_long(d, "|restricted_layers", R->ab >= 0 ? R->re : -1, "");
    lt_doc_str(d, "|bound", lt_depth_bound_name(dp->bound), NULL);
    lt_doc_mpz(d, "|tokens", R->n);
    lt_doc_list_begin(d, "lengths");
    for (int i = 0; i < R->nlen; i++) {
        lt_doc_item_begin(d);
        lt_doc_long(d, "|length", (long)R->lengths[i], NULL);
        lt_doc_long(d, "|log_depth_bound", lt_depth_log_bound(R->lengths[i], dp->bound), NULL);
        if (R->wst[i]) lt_doc_str(d, "|width_bound", NULL, NULL); else lt_doc_mpz(d, "|width_bound", R->width + i);
        lt_doc_item_end(d);
    }
    lt_doc_list_end(d);
    lt_doc_list_begin(d, "error_exponents");
    for (int k = 1; k <= DEPTHS && d->mode == LT_DOC_JSON; k++) fprintf(lt_doc_elem(d), "%lu", lt_depth_error_exponent(k, dp->bound));
    lt_doc_list_end(d);
    lt_doc_long(d, "|exact_from_depth", R->dl >= 0 ? (R->dl > 0 ? R->dl : 1) : -1, "");
    lt_doc_str(d, "|word_problem", P->is_lie ? NULL : lt_depth_word_problem_name(lt_depth_word_problem_class(R->dl)), NULL);
    const char *section = NULL;
    lt_doc_list_begin(d, "claims");
    for (int i = 0; i < R->C->n; i++) {
        const claim *c = &R->C->c[i];
        const char *src = c->src >= 0 ? lt_depth_cite_reading(c->src, dp->bound) : NULL;
        if (c->section != section && d->mode != LT_DOC_JSON) {
            section = c->section;
            if (d->mode == LT_DOC_TEX) { lt_doc_break(d); printf("\\medskip\n"); }
            lt_doc_section(d, section);
            if (d->mode == LT_DOC_TEX && section == ERR) tex_exponents(dp, R->dl);
        }
        lt_doc_item_begin(d);
        lt_doc_str(d, "|section", c->section, NULL);
        lt_doc_str(d, "|key", c->key, NULL);
        lt_doc_str(d, "|claim", c->text, NULL);
        lt_doc_str(d, "|source", src, NULL);
        lt_doc_item_end(d);
        if (!(c->numbers && d->mode == LT_DOC_TEX)) lt_doc_claim(d, c->key, src, "%s", d->mode == LT_DOC_TEX ? c->mark : c->text);
    }
    lt_doc_list_end(d);
    lt_doc_break(d);
    const char *heo = "Heo et al. 2026 is arXiv:2603.05573; lietool(1) lists every source under REFERENCES.";
    if (d->mode == LT_DOC_TEXT) printf("\n%s\n", heo);
    else if (d->mode == LT_DOC_TEX) { printf("\\medskip\n"); lt_tex_par(stdout, heo); }
    if (P->has_verdict) cli_verdict_after(d, P->verdict, o->object);
    lt_doc_end(d, NULL);
}

static int run(cli_opts *o, cli_depth_opts *d, cli_depth_profile *P)
{
    int r;
    long dl = P->derived_length;
    long ab = lt_depth_abelian_layers(dl), re = lt_depth_restricted_layers(dl);
    /* the lengths: --length, else the paper's training and test lengths */
    ulong lengths[2] = {128, 256};
    int nlen = 2;
    if (d->length) { lengths[0] = d->length; nlen = 1; }
    mpz_t n, width[2];
    mpz_init(n);
    mpz_init(width[0]);
    mpz_init(width[1]);
    double digits[2] = {0, 0};
    lt_status wst[2] = {LT_OK, LT_OK};
    lt_err_t werr;
    lt_err_init(werr);
    cli_depth_tokens(n, d, P);
    for (int i = 0; i < nlen; i++) {
        wst[i] = lt_depth_width(width[i], &digits[i], n, lengths[i], d->max_digits, o->ctx, werr);
        if (wst[i] && wst[i] != LT_ELIMIT) { r = cli_fail(werr); goto out; }
    }

    claims C;
    C.n = 0;
    if (ab >= 0) add(&C, MIN, "abelian layers", LT_SRC_HEO_THM34, "$%ld$: enough, and by Proposition 3.3 no fewer", ab);
    else add(&C, MIN, "abelian layers", LT_SRC_HEO_PROP33, "no constant depth: $k$ layers reach derived length $<= k$");
    if (re >= 0) add(&C, MIN, "restricted layers", LT_SRC_HEO_PROP33, "at least $%ld$: $k$ layers reach derived length $<= 2k$", re);
    else add(&C, MIN, "restricted layers", LT_SRC_HEO_PROP33, "no constant depth: $k$ layers reach derived length $<= 2k$");
    for (int i = 0; i < nlen; i++) {
        char key[32];
        int lb = lt_depth_log_bound(lengths[i], d->bound);
        snprintf(key, sizeof key, "length %lu", lengths[i]);
        const char *f = d->bound == LT_BOUND_V1 ? "ceil" : "floor";
        if (ab >= 0 && ab < lb)
            add(&C, MIN, key, LT_SRC_HEO_PROP37, "at most $%ld$ abelian layer%s; $%s(log2 T) + 1 = %d$ for any target",
                ab, ab == 1 ? "" : "s", f, lb);
        else add(&C, MIN, key, LT_SRC_HEO_PROP37, "at most $%d$ abelian layers: $%s(log2 T) + 1$", lb, f);
    }
    {
        char key[32], num[64], tex[80];
        snprintf(key, sizeof key, "width at %lu", lengths[nlen - 1]);
        if (wst[nlen - 1]) snprintf(num, sizeof num, "about 10^%.0f", digits[nlen - 1]);
        else {
            mpfr_t w;
            mpfr_init2(w, 64);
            mpfr_set_z(w, width[nlen - 1], MPFR_RNDN);
            mpfr_snprintf(num, sizeof num, mpz_cmp_ui(width[nlen - 1], 100000) < 0 ? "%.0Rf" : "%.2Re", w);
            mpfr_clear(w);
        }
        /* the LaTeX: 6.39e+452 as 6.39 * 10^452 */
        char *e = strchr(num, 'e');
        if (wst[nlen - 1]) snprintf(tex, sizeof tex, "about $10^%.0f$", digits[nlen - 1]);
        else if (e) snprintf(tex, sizeof tex, "$%.*s * 10^%ld$", (int)(e - num), num, strtol(e + 1, NULL, 10));
        else snprintf(tex, sizeof tex, "$%s$", num);
        char *ns = mpz_get_str(NULL, 10, n);
        const char *fmt = "%s: free nilpotent Lie algebra on %.20s letter%s of class %lu";
        add(&C, MIN, key, LT_SRC_HEO_COR38, fmt, num, ns, mpz_cmp_ui(n, 1) == 0 ? "" : "s", lengths[nlen - 1]);
        snprintf(C.c[C.n - 1].mark, sizeof C.c[C.n - 1].mark, "%s: free nilpotent Lie algebra on $%.20s$ letter%s of class $%lu$",
                 tex, ns, mpz_cmp_ui(n, 1) == 0 ? "" : "s", lengths[nlen - 1]);
        flint_free(ns);
    }
    {
        char row[128] = "", exps[128] = "";
        for (int k = 1; k <= DEPTHS; k++) {
            size_t l = strlen(row), m = strlen(exps);
            snprintf(row + l, sizeof row - l, "%4d", k);
            if (lt_depth_is_exact(k, dl)) snprintf(exps + m, sizeof exps - m, "%4s", "-");
            else snprintf(exps + m, sizeof exps - m, "%4lu", lt_depth_error_exponent(k, d->bound));
        }
        add(&C, ERR, "depth k", -1, "%s", row + 2);
        add(&C, ERR, "error O(eps^e), e", LT_SRC_HEO_COR36, "%s", exps + 2);
        C.c[C.n - 2].numbers = C.c[C.n - 1].numbers = 1;
        if (dl >= 0) add(&C, ERR, "exact", LT_SRC_HEO_THM34, "from depth $%ld$ on (-)", dl > 0 ? dl : 1);
        else add(&C, ERR, "exact", LT_SRC_HEO_PROP33, "at no constant depth");
    }
    complexity(&C, P, dl);

    rp_result R = {dl, ab, re, lengths, nlen, n, width[0], wst, &C};
    put(o, d, P, &R);
    r = 0;
out:
    mpz_clear(n);
    mpz_clear(width[0]);
    mpz_clear(width[1]);
    return r;
}

int cmd_report(int argc, char **argv, const lt_cmd *self)
{
    return cli_depth_run(argc, argv, self, 1, run);
}
