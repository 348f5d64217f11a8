/* The results of report and error-bound (lietool/depth.h): the claims of
   one page on an object for a sequence-model researcher (its minimum
   depths: Proposition 3.3, Theorem 3.4 and Proposition 3.7 of Heo et al.
   2026, arXiv:2603.05573; the error exponents of shallower order-blind
   stacks, Corollary 3.6; the complexity of its word problem: Barrington
   1989, Barrington and Therien 1988, Merrill, Petty and Sabharwal 2024,
   Liu et al. 2023), and the table of error exponents and powers of eps. */
#include <assert.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "lietool/depth.h"

static const char *const section_names[] = {
    [LT_REPORT_MIN] = "Minimum depth", [LT_REPORT_ERROR] = "Error of a depth-k order-blind stack",
    [LT_REPORT_WORD_PROBLEM] = "Word problem", [LT_REPORT_FLOW] = "Flow",
};

const char *lt_depth_report_section_name(lt_report_section s)
{
    return section_names[s];
}

void lt_depth_report_init(lt_depth_report_t R)
{
    memset(R, 0, sizeof *R);
    mpz_init(R->tokens);
    mpz_init(R->width[0]);
    mpz_init(R->width[1]);
}

void lt_depth_report_clear(lt_depth_report_t R)
{
    mpz_clear(R->tokens);
    mpz_clear(R->width[0]);
    mpz_clear(R->width[1]);
}

/* A claim whose mark is printf's format; its text is the mark without
   the $ signs. */
static lt_report_claim *add(lt_depth_report_t R, lt_report_section section, const char *key, int src, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));
static lt_report_claim *add(lt_depth_report_t R, lt_report_section section, const char *key, int src, const char *fmt, ...)
{
    assert(R->nclaims < LT_REPORT_MAX_CLAIMS);
    lt_report_claim *c = &R->claims[R->nclaims++];
    c->section = section;
    snprintf(c->key, sizeof c->key, "%s", key);
    c->src = src;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(c->mark, sizeof c->mark, fmt, ap);
    va_end(ap);
    c->numbers = 0;
    c->src_text = NULL;
    size_t n = 0;
    for (const char *m = c->mark; *m && n + 1 < sizeof c->text; m++) if (*m != '$') c->text[n++] = *m;
    c->text[n] = '\0';
    return c;
}

/* A row of the planning table as a claim: the answer at every length,
   then the deciding claim, with its source. */
static void plan_claim(lt_depth_report_t R, const char *key, const lt_plan_row *r)
{
    char fam[48], ans[64];
    lt_arch_name(fam, sizeof fam, &r->arch);
    if (r->impossible) snprintf(ans, sizeof ans, "no depth%s", r->assumption ? " unless TC0 = NC1" : "");
    else if (r->fewest >= 0) snprintf(ans, sizeof ans, "%ld layer%s", r->fewest, r->fewest == 1 ? "" : "s");
    else snprintf(ans, sizeof ans, "open");
    lt_report_claim *c = add(R, LT_REPORT_WORD_PROBLEM, key, -1, "%s, %s: %s", fam, ans, r->claim);
    c->src_text = r->source;
}

/* The word problem of a finite group (or, for a Lie algebra, its flow). */
static void complexity(lt_depth_report_t R, int is_lie, long dl, const lt_depth_params *p)
{
    const lt_report_section FLOW = LT_REPORT_FLOW, WP = LT_REPORT_WORD_PROBLEM;
    if (is_lie) {
        if (dl == 0) add(R, FLOW, "order-blind", -1, "the zero algebra: nothing to track");
        else if (dl == 1) add(R, FLOW, "order-blind", LT_SRC_HEO_THM34, "yes: one abelian layer is exact");
        else add(R, FLOW, "order-blind", LT_SRC_HEO_LEM31, "no: no abelian layer simulates a non-abelian algebra");
        if (dl > 1) add(R, FLOW, "constant depth", LT_SRC_HEO_THM34, "$%ld$ abelian layers are exact", dl);
        if (dl < 0) {
            add(R, FLOW, "constant depth", LT_SRC_HEO_PROP33, "no finite order-blind stack is exact");
            add(R, FLOW, "one layer's error", LT_SRC_HEO_THM32, "of the order of the commutator mass; can grow with the horizon");
        }
        add(R, FLOW, "circuit classes", -1, "NC1 and TC0 statements concern finite groups: see the report of a group");
        return;
    }
    lt_wp_class w = lt_depth_word_problem_class(dl);
    if (w == LT_WP_TRIVIAL) { add(R, WP, "class", -1, "trivial: nothing to track"); return; }
    if (w == LT_WP_ABELIAN)
        add(R, WP, "class", LT_SRC_HEO_THM34, "abelian: one order-blind layer, e.g. a diagonal SSM");
    else if (w == LT_WP_SOLVABLE) {
        add(R, WP, "class", LT_SRC_BARRINGTON_THERIEN, "solvable: in ACC0, constant depth");
        if (!p->plan) {
            add(R, WP, "diagonal SSMs", LT_SRC_SHAKERINAVA, "$%ld$ complex-diagonal layers, and no fewer", dl);
            add(R, WP, "transformers", LT_SRC_LIU, "constant-depth shortcuts for each length $T$, of a size that "
                "grows with $T$");
        }
    } else {
        add(R, WP, "class", LT_SRC_BARRINGTON, "NC1-complete");
        add(R, WP, "constant depth", LT_SRC_MERRILL, "no transformer or diagonal SSM, unless TC0 = NC1");
        add(R, WP, "logarithmic depth", LT_SRC_LIU, "$O(log T)$ layers suffice for length $T$");
    }
    add(R, WP, "eigenvalues", LT_SRC_GRAZZI, "a diagonal layer needs some outside $[0,1]$: negative for parity, complex for mod $3$");
    /* the verdicts of lietool plan, from the same function */
    for (int i = 0; p->plan && i < p->nplan; i++) {
        const lt_plan_row *r = p->plan + i;
        const char *key = r->arch.kind == LT_FAM_DIAG_COMPLEX ? "diagonal SSMs"
                          : r->arch.kind == LT_FAM_TRANSFORMER ? "transformers"
                          : r->arch.kind == LT_FAM_HOUSEHOLDER && r->arch.householders == 2 ? "DeltaProduct"
                          : r->arch.kind == LT_FAM_HOUSEHOLDER_POS && r->arch.householders == 1 ? "DeltaNet (FLA)"
                          : r->arch.kind == LT_FAM_PD ? "PD-SSM" : NULL;
        if (key) plan_claim(R, key, r);
    }
}

/* The claim on the width at the last length (lt_depth_width_text). */
static void width_claim(lt_depth_report_t R)
{
    int last = R->nlen - 1;
    char key[32], num[64], tex[80];
    snprintf(key, sizeof key, "width at %lu", R->lengths[last]);
    lt_depth_width_text(num, sizeof num, R->width[last], R->width_status[last] ? R->width_digits[last] : 0, 0);
    lt_depth_width_text(tex, sizeof tex, R->width[last], R->width_status[last] ? R->width_digits[last] : 0, 1);
    char *ns = mpz_get_str(NULL, 10, R->tokens);
    const char *s = mpz_cmp_ui(R->tokens, 1) == 0 ? "" : "s";
    lt_report_claim *c = add(R, LT_REPORT_MIN, key, LT_SRC_HEO_COR38, "%s: free nilpotent Lie algebra on %.20s letter%s of class %lu",
                             num, ns, s, R->lengths[last]);
    snprintf(c->mark, sizeof c->mark, "%s: free nilpotent Lie algebra on $%.20s$ letter%s of class $%lu$", tex, ns, s,
             R->lengths[last]);
    flint_free(ns);
}

lt_status lt_depth_report(lt_depth_report_t R, const lt_depth_profile_t P, const lt_depth_params *p,
                          const lt_ctx_t ctx, lt_err_t err)
{
    const lt_report_section MIN = LT_REPORT_MIN, ERR = LT_REPORT_ERROR;
    long dl = P->derived_length, ab = lt_depth_abelian_layers(dl), re = lt_depth_restricted_layers(dl);
    R->bound = p->bound;
    R->derived_length = dl;
    R->abelian = ab;
    R->restricted = re;
    R->nclaims = 0;
    /* the lengths: T, else the paper's training and test lengths */
    R->lengths[0] = 128;
    R->lengths[1] = 256;
    R->nlen = 2;
    if (p->length) { R->lengths[0] = p->length; R->nlen = 1; }
    if (p->tokens) mpz_set_ui(R->tokens, p->tokens);
    else mpz_set(R->tokens, P->size);
    for (int i = 0; i < R->nlen; i++) {
        R->width_digits[i] = 0;
        R->width_status[i] = lt_depth_width(R->width[i], &R->width_digits[i], R->tokens, R->lengths[i], p->max_digits, ctx, err);
        if (R->width_status[i] && R->width_status[i] != LT_ELIMIT) return R->width_status[i];
    }

    if (ab >= 0) add(R, MIN, "abelian layers", LT_SRC_HEO_THM34, "$%ld$: enough, and by Proposition 3.3 no fewer", ab);
    else add(R, MIN, "abelian layers", LT_SRC_HEO_PROP33, "no constant depth: $k$ layers reach derived length $<= k$");
    if (re >= 0) add(R, MIN, "restricted layers", LT_SRC_HEO_PROP33, "at least $%ld$: $k$ layers reach derived length $<= 2k$", re);
    else add(R, MIN, "restricted layers", LT_SRC_HEO_PROP33, "no constant depth: $k$ layers reach derived length $<= 2k$");
    for (int i = 0; i < R->nlen; i++) {
        char key[32];
        int lb = lt_depth_log_bound(R->lengths[i], p->bound);
        snprintf(key, sizeof key, "length %lu", R->lengths[i]);
        const char *f = p->bound == LT_BOUND_V1 ? "ceil" : "floor";
        if (ab >= 0 && ab < lb)
            add(R, MIN, key, LT_SRC_HEO_PROP37, "at most $%ld$ abelian layer%s; $%s(log2 T) + 1 = %d$ for any target",
                ab, ab == 1 ? "" : "s", f, lb);
        else add(R, MIN, key, LT_SRC_HEO_PROP37, "at most $%d$ abelian layers: $%s(log2 T) + 1$", lb, f);
    }
    width_claim(R);
    char row[128] = "", exps[128] = "";
    for (int k = 1; k <= LT_REPORT_DEPTHS; k++) {
        size_t l = strlen(row), m = strlen(exps);
        snprintf(row + l, sizeof row - l, "%4d", k);
        if (lt_depth_is_exact(k, dl)) snprintf(exps + m, sizeof exps - m, "%4s", "-");
        else snprintf(exps + m, sizeof exps - m, "%4lu", lt_depth_error_exponent(k, p->bound));
    }
    add(R, ERR, "depth k", -1, "%s", row + 2)->numbers = 1;
    add(R, ERR, "error O(eps^e), e", LT_SRC_HEO_COR36, "%s", exps + 2)->numbers = 1;
    if (dl >= 0) add(R, ERR, "exact", LT_SRC_HEO_THM34, "from depth $%ld$ on (-)", dl > 0 ? dl : 1);
    else add(R, ERR, "exact", LT_SRC_HEO_PROP33, "at no constant depth");
    complexity(R, P->is_lie, dl, p);
    return LT_OK;
}

void lt_depth_error_init(lt_depth_error_t E)
{
    memset(E, 0, sizeof *E);
    lt_depth_mass_init(E->M);
    mpfr_init2(E->step, 64);
    for (int k = 0; k < LT_ERROR_MAX_DEPTH; k++) mpfr_init2(E->pw[k], 64);
}

void lt_depth_error_clear(lt_depth_error_t E)
{
    lt_depth_mass_clear(E->M);
    mpfr_clear(E->step);
    flint_free(E->step_text);
    for (int k = 0; k < LT_ERROR_MAX_DEPTH; k++) mpfr_clear(E->pw[k]);
}

void lt_depth_error_bound(lt_depth_error_t E, long d, int k0, int k1, lt_bound b, lt_eps_source source,
                          const lt_depth_mass_t M, const fmpq_t h)
{
    E->derived_length = d;
    E->bound = b;
    E->k0 = k0;
    E->k1 = k1;
    E->source = source;
    if (M) {
        mpfr_set(E->M->eps, M->eps, MPFR_RNDN);
        mpfr_set(E->M->largest, M->largest, MPFR_RNDN);
        E->M->count = M->count;
    }
    fmpq_get_mpfr(E->step, h, MPFR_RNDN);
    flint_free(E->step_text);
    E->step_text = fmpq_get_str(NULL, 10, h);
    E->converges = source != LT_EPS_NONE && lt_depth_magnus_converges(E->M->eps);
    for (int k = k0; k <= k1; k++) {
        E->c[k - 1] = lt_depth_truncation_class(k, b);
        E->e[k - 1] = lt_depth_error_exponent(k, b);
        E->exact[k - 1] = lt_depth_is_exact(k, d);
        if (E->converges) mpfr_pow_ui(E->pw[k - 1], E->M->eps, E->e[k - 1], MPFR_RNDN);
    }
}
