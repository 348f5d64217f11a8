/* lietool error-bound: for depths k = 1..8 (or --depth K), the class c(k)
   of the nilpotent truncation a depth-k order-blind stack reaches (2^(k-1)
   as published in v1 of Heo et al. 2026, arXiv:2603.05573; 2^k - 1 with
   --bound sharp), the exponent of its local error O(eps^(c(k)+1))
   (Corollary 3.6), and, when eps is known (--eps, or the generator mass of
   --rep FILE or of LieAlgebra(...) generators: lt_depth_mass_*), the
   number eps^(c(k)+1) (MPFR, correctly rounded, so that large exponents
   neither underflow nor overflow), or, at eps >= pi, that the Magnus
   series need not converge (lt_depth_magnus_converges). A solvable object
   of derived length d is simulated exactly from depth d on (Theorem 3.4). */
#include <ctype.h>
#include <stdio.h>
#include <mpfr.h>
#include <string.h>
#include "depth.h"
#include "doc.h"
#include "lietool/io.h"

#define DEPTHS 8
#define MAX_DEPTH 24    /* exponents up to 2^24: eps^e stays within MPFR's range */

static const cli_optdecl error_bound_opts[] = {
    CLI_DEPTH_BOUND(NULL),
    {.name = "--depth", CLI_LONG_AT(cli_depth_opts, one_depth), .meta = "K", .min = 1, .max = MAX_DEPTH,
     .help = "that depth only (default: the table of k = 1..8)"},
    {.name = "--eps", CLI_CUSTOM_AT(cli_depth_opts, eps), .parse = cli_depth_read_eps, .meta = "E",
     .want = "a positive number (0.1, 1e-3 or 1/8)", .help = "the generator mass (instead of the one computed from the task)"},
    {.name = "--rep", CLI_STRING_AT(cli_depth_opts, rep), .meta = "FILE",
     .help = "a representation of the group: eps from the logarithms of its matrices"},
    {.name = "--model", CLI_STRING_AT(cli_depth_opts, model), .meta = "DIR",
     .help = "a trained checkpoint for the group's word problem: eps from its first layer's transitions"},
    {.name = "--offset", CLI_LONG_AT(cli_depth_opts, offset), .meta = "N", .min = 0, .max = 1000000, .needs = "--model",
     .help = "element i is token N + i of --model (default 0)"},
    {.name = "--step", CLI_CUSTOM_AT(cli_depth_opts, step), .parse = cli_depth_read_eps, .meta = "H",
     .want = "a positive number (0.1, 1e-3 or 1/8)", .help = "each generator acts for time H (default 1)"},
    {0}
};

const cli_decl cli_error_bound_decl = {.common = CLI_O_JSON | CLI_O_LATEX | CLI_O_LIMITS | CLI_O_TOL, .opts = error_bound_opts,
                                       CLI_OBJECT_ARGS};

/* Where eps comes from. */
enum { EPS_NONE, EPS_OPTION, EPS_REP, EPS_GENS, EPS_MODEL };

/* --model: the words whose positions give each element's largest
   transition (as lietool dataset generate --length 64 --samples 16 --seed 0). */
#define MODEL_WORDS 16
#define MODEL_LENGTH 64

/* What error-bound prints: per depth k = k0..k1 the class c(k), the
   exponent e = c(k)+1, whether the stack is exact, and eps^e. */
typedef struct {
    long dl;
    int k0, k1;
    int source, converges;  /* EPS_*; eps < pi */
    lt_depth_mass_t M;      /* eps (all sources), the generators and the largest (EPS_REP, EPS_GENS) */
    mpfr_t step, pw[MAX_DEPTH];
    char *step_text;        /* the step as given ("1/4"), flint_malloc'd */
    ulong c[MAX_DEPTH], e[MAX_DEPTH];
    int exact[MAX_DEPTH];
} eb_result;

#define HAS_EPS(E) ((E)->source != EPS_NONE)
#define HAS_POWERS(E) (HAS_EPS(E) && (E)->converges)

/* An MPFR number in the open row: "%.6Re" (JSON null when absent), LaTeX
   math after lhs. */
static void put_mpfr(lt_doc *d, const char *lhs, const mpfr_t x, int present)
{
    if (!d->row) return;
    if (!present) fputs(d->mode == LT_DOC_JSON ? "null" : "-", d->f);
    else if (d->mode == LT_DOC_TEX) { fprintf(d->f, "$%s", lhs); lt_tex_mpfr(d->f, x, 7); fputc('$', d->f); }
    else mpfr_fprintf(d->f, "%.6Re", x);
}

/* The sources under the table: Corollary 3.6 and where the stack is exact. */
static void put_sources(const cli_depth_opts *dp, long dl, int tex)
{
    const char *c36 = lt_depth_cite_reading(LT_SRC_HEO_COR36, dp->bound);
    const char *cx = lt_depth_cite(dl >= 0 ? LT_SRC_HEO_THM34 : LT_SRC_HEO_PROP33);
    char what[96];
    if (dl > 0) snprintf(what, sizeof what, "xact from depth %s%ld%s, the derived length", tex ? "$" : "", dl, tex ? "$" : "");
    else if (dl == 0) snprintf(what, sizeof what, "xact at every depth (derived length %s)", tex ? "$0$" : "0");
    else snprintf(what, sizeof what, "%s at constant depth (not solvable)", tex ? "ever exact" : "ever exact");
    int e = dl >= 0;
    if (!tex) {
        printf("  O(eps^(c(k)+1)), eps the generator mass: %s\n", c36);
        printf("  %s%s: %s\n", e ? "e" : "n", what, cx);
        return;
    }
    printf("\\noindent $O(\\varepsilon^{c(k)+1})$, $\\varepsilon$ the generator mass (");
    lt_tex_text(stdout, c36);
    printf(").\\par\n\\noindent %s%s (", e ? "E" : "N", what);
    lt_tex_text(stdout, cx);
    printf(").\\par\n");
}

/* The result E: the head rows, the table of depths, the sources. */
static void put(const cli_opts *o, const cli_depth_opts *dp, const cli_depth_profile *P, const eb_result *E)
{
    lt_doc D, *d = &D;
    int mass = E->source == EPS_REP || E->source == EPS_GENS || E->source == EPS_MODEL, tex = o->latex, pw = HAS_POWERS(E);
    const char *mn = lt_depth_cite(LT_SRC_MOAN_NIESEN);
    cli_depth_head(d, o, P);
    cli_depth_bound(d, dp->bound);
    if (mass && E->source == EPS_REP)
        lt_doc_claim(d, "generators|", NULL, "$%ld$, the logarithms of the matrices of %s (their rotation angles)", (long)E->M->count, dp->rep);
    else if (mass && E->source == EPS_MODEL)
        lt_doc_claim(d, "generators|", NULL, "$%ld$, the first layer's transitions of %s, one per element: the largest log-norm"
                      " over %d words of length %d (seed 0; element i is token %ld + i)", (long)E->M->count, dp->model,
                      MODEL_WORDS, MODEL_LENGTH, dp->offset);
    else if (mass) lt_doc_claim(d, "generators|", NULL, "$%ld$, the matrices of %s", (long)E->M->count, o->object);
    if (mass) lt_doc_claim(d, tex ? "step|" : "step h|", NULL, tex ? "$h = %s$" : "%s", E->step_text);
    if (HAS_EPS(E) || !tex) {
        lt_doc_row(d, tex ? "generator mass|eps" : "eps");
        if (!HAS_EPS(E) && !o->json)
            fputs("not computed: give --eps E, --rep FILE (a group) or the generators as LieAlgebra(Rationals, [...])", stdout);
        else put_mpfr(d, "\\varepsilon = ", E->M->eps, HAS_EPS(E));
        if (mass && !tex && !o->json) fputs(", h times the sum of their spectral norms", stdout);
        lt_doc_row_end(d);
    }
    lt_doc_str(d, "|eps_source", E->source == EPS_OPTION ? "option" : E->source == EPS_REP ? "rep"
                                 : E->source == EPS_MODEL ? "model" : mass ? "generators" : NULL, NULL);
    lt_doc_str(d, "|norm", mass ? "spectral" : NULL, NULL);
    lt_doc_row(d, "|step");
    put_mpfr(d, "", E->step, mass);
    lt_doc_row_end(d);
    lt_doc_long(d, "|generators", mass ? (long)E->M->count : -1, "");
    if (mass && d->mode == LT_DOC_TEXT)
        mpfr_printf("  %-22s %.6Re, so a window of w tokens has mass at most w times this\n", "largest h ||A_i||", E->M->largest);
    lt_doc_row(d, tex ? (mass ? "largest generator" : "|") : "|largest_generator");
    put_mpfr(d, "h \\max_i \\|A_i\\|_2 = ", E->M->largest, mass);
    lt_doc_row_end(d);
    if (lt_doc_row(d, HAS_EPS(E) ? "convergence|converges" : "|converges") && o->json)
        fputs(!HAS_EPS(E) ? "null" : E->converges ? "true" : "false", stdout);
    else if (HAS_EPS(E) && E->converges)
        lt_doc_text(d, NULL, "yes: $eps < pi$, so the Magnus series converges (%s%s)", mn, tex ? "" : ", spectral norm");
    else if (HAS_EPS(E))
        lt_doc_text(d, NULL, "no: $eps >= pi$, where the Magnus series need not converge and $eps^(c(k)+1)$ bounds nothing"
                     " (it converges for $eps < pi$: %s)", mn);
    lt_doc_row_end(d);
    /* the depths: JSON a list, text and LaTeX a table */
    lt_doc_break(d);
    if (d->mode == LT_DOC_TEXT) printf("  depth  class c(k)  exponent c(k)+1  error%s\n", pw ? "        eps^(c(k)+1)" : "");
    else if (tex)
        printf("\\begin{center}\n\\begin{tabular}{rrrl%s}\ndepth $k$ & class $c(k)$ & exponent $c(k)+1$ & error%s \\\\\n\\hline\n",
               pw ? "l" : "", pw ? " & $\\varepsilon^{c(k)+1}$" : "");
    lt_doc_list_begin(d, "depths");
    for (int k = E->k0; k <= E->k1; k++) {
        int exact = E->exact[k - 1];
        ulong c = E->c[k - 1], e = E->e[k - 1];
        if (d->mode == LT_DOC_JSON) {
            lt_doc_item_begin(d);
            lt_doc_long(d, "|depth", k, NULL);
            lt_doc_long(d, "|truncation_class", (long)c, NULL);
            lt_doc_long(d, "|error_exponent", (long)e, NULL);
            lt_doc_bool(d, "|exact", exact);
            lt_doc_row(d, "|eps_power");
            put_mpfr(d, "", E->pw[k - 1], pw);
            lt_doc_row_end(d);
            lt_doc_item_end(d);
        } else if (tex) {
            printf("$%d$ & $%lu$ & $%lu$ & ", k, c, e);
            if (exact) printf("$0$ (exact)"); else printf("$O(\\varepsilon^{%lu})$", e);
            if (pw && exact) printf(" & --");
            else if (pw) { printf(" & $"); lt_tex_mpfr(stdout, E->pw[k - 1], 7); printf("$"); }
            printf(" \\\\\n");
        } else {
            char err[32];
            snprintf(err, sizeof err, exact ? "0 (exact)" : "O(eps^%lu)", e);
            printf("  %5d  %10lu  %15lu  %-*s", k, c, e, pw ? 12 : 0, err);
            if (pw && !exact) mpfr_printf(" %.6Re", E->pw[k - 1]);
            else if (pw) printf(" -");
            putchar('\n');
        }
    }
    lt_doc_list_end(d);
    if (tex) printf("\\end{tabular}\n\\end{center}\n");
    if (!o->json) put_sources(dp, E->dl, tex);
    lt_doc_end(d, NULL);
}

/* The mass of --model DIR's first layer on the group o->object
   (lt_model_element_norms over the words of MODEL_WORDS x MODEL_LENGTH). */
static lt_status model_mass(lt_depth_mass_t Ms, const char *dir, long offset, const cli_opts *o, const fmpq_t h, lt_err_t err)
{
    lt_model_t M;
    lt_cayley_t C;
    lt_words_t W;
    lt_model_init(M);
    lt_cayley_init(C);
    lt_words_init(W);
    double *nrm = NULL;
    lt_status st = lt_io_model_load(M, dir, o->ctx->max_memory_mb, LT_COMPUTE_CONFIG, err);
    if (!st) st = lt_io_cayley_table(C, o->object, LT_CONV_AA, o->ctx, err);
    if (!st) st = lt_words_generate(W, C, MODEL_LENGTH, MODEL_WORDS, 0, o->ctx, err);
    if (!st) {
        nrm = lt_malloc((size_t)C->n * sizeof *nrm);
        st = lt_model_element_norms(nrm, M, W, C->n, offset, err);
        if (st) lt_err_prefix(err, "%s", dir);
    }
    if (!st) lt_depth_mass_norms(Ms, nrm, C->n, h);
    lt_free(nrm);
    lt_words_clear(W);
    lt_cayley_clear(C);
    lt_model_clear(M);
    return st;
}

/* eps into E: --eps, else the mass of --rep FILE or of the object's
   LieAlgebra(...) generators at --step (default 1), else none. -1 to go
   on, or an exit status (message printed). */
static int eps_of_task(eb_result *E, cli_opts *o, cli_depth_opts *d, const cli_depth_profile *P)
{
    int has_step = fmpq_sgn(d->step) > 0;
    const char *s = o->object;
    while (isspace((unsigned char)*s)) s++;
    int gens = P->is_lie && strncmp(s, "LieAlgebra", 10) == 0;
    if (d->has_eps && (has_step || d->rep || d->model))
        return cli_usage_error(o->cmd, o->sub, "--eps E is the generator mass itself; --rep FILE, --model DIR and --step H compute it");
    if (d->model && (d->rep || has_step))
        return cli_usage_error(o->cmd, o->sub, "--model DIR takes its generators and their step sizes from the checkpoint");
    if (d->model && P->is_lie)
        return cli_usage_error(o->cmd, o->sub, "--model DIR is a checkpoint for a group's word problem, and '%s' is a Lie algebra", o->object);
    if (d->rep && P->is_lie)
        return cli_usage_error(o->cmd, o->sub, "--rep FILE is a representation of a group, and '%s' is a Lie algebra", o->object);
    if (has_step && !d->rep && !gens)
        return cli_usage_error(o->cmd, o->sub, "--step H scales the generators of --rep FILE or of LieAlgebra(Rationals, [...])");
    fmpq_t h;
    fmpq_init(h);
    if (has_step) fmpq_set(h, d->step);
    else fmpq_one(h);
    fmpq_get_mpfr(E->step, h, MPFR_RNDN);
    E->step_text = fmpq_get_str(NULL, 10, h);
    lt_err_t err;
    lt_err_init(err);
    lt_status st = LT_OK;
    if (d->has_eps) {
        E->source = EPS_OPTION;
        fmpq_get_mpfr(E->M->eps, d->eps, MPFR_RNDN);
    } else if (d->rep) {
        E->source = EPS_REP;
        lt_rep_t R;
        lt_rep_init(R);
        st = lt_io_rep_read(R, d->rep, P->X->G, o->ctx, err);
        if (!st) st = lt_depth_mass_rep(E->M, R, h, o->tol, d->rep, err);
        lt_rep_clear(R);
    } else if (d->model) {
        E->source = EPS_MODEL;
        st = model_mass(E->M, d->model, d->offset, o, h, err);
    } else if (gens) {
        E->source = EPS_GENS;
        double *g = NULL;
        slong k, n;
        st = lt_io_float_gens(&g, &k, &n, o->object, o->ctx, err);
        if (!st) st = lt_depth_mass_matrices(E->M, g, k, n, h, err);
        lt_free(g);
    }
    fmpq_clear(h);
    if (st) return cli_fail(err);
    E->converges = HAS_EPS(E) && lt_depth_magnus_converges(E->M->eps);
    return -1;
}

static int run(cli_opts *o, cli_depth_opts *d, cli_depth_profile *P)
{
    eb_result E;
    memset(&E, 0, sizeof E);
    E.dl = P->derived_length;
    E.k0 = d->one_depth ? (int)d->one_depth : 1;
    E.k1 = d->one_depth ? (int)d->one_depth : DEPTHS;
    lt_depth_mass_init(E.M);
    mpfr_init2(E.step, 64);
    for (int k = 0; k < MAX_DEPTH; k++) mpfr_init2(E.pw[k], 64);
    int r = eps_of_task(&E, o, d, P);
    for (int k = E.k0; k <= E.k1 && r < 0; k++) {
        E.c[k - 1] = lt_depth_truncation_class(k, d->bound);
        E.e[k - 1] = lt_depth_error_exponent(k, d->bound);
        E.exact[k - 1] = lt_depth_is_exact(k, E.dl);
        if (HAS_POWERS(&E)) mpfr_pow_ui(E.pw[k - 1], E.M->eps, E.e[k - 1], MPFR_RNDN);
    }
    if (r < 0) put(o, d, P, &E);
    lt_depth_mass_clear(E.M);
    mpfr_clear(E.step);
    flint_free(E.step_text);
    for (int k = 0; k < MAX_DEPTH; k++) mpfr_clear(E.pw[k]);
    return r < 0 ? 0 : r;
}

int cmd_error_bound(int argc, char **argv, const lt_cmd *self)
{
    return cli_depth_run(argc, argv, self, 0, run);
}
