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
#include <mpfr.h>
#include <string.h>
#include "depth.h"
#include "tex.h"
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
    {.name = "--step", CLI_CUSTOM_AT(cli_depth_opts, step), .parse = cli_depth_read_eps, .meta = "H",
     .want = "a positive number (0.1, 1e-3 or 1/8)", .help = "each generator acts for time H (default 1)"},
    {0}
};

const cli_decl cli_error_bound_decl = {.common = CLI_O_JSON | CLI_O_LATEX | CLI_O_LIMITS | CLI_O_TOL, .opts = error_bound_opts,
                                       CLI_OBJECT_ARGS};

/* Where eps comes from. */
enum { EPS_NONE, EPS_OPTION, EPS_REP, EPS_GENS };
static const char *const eps_source_name[] = {"null", "\"option\"", "\"rep\"", "\"generators\""};

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

static void put_json(const cli_opts *o, const cli_depth_opts *d, const cli_depth_profile *P, const eb_result *E)
{
    cli_json_begin(o);
    printf(", \"solvable\": %s, \"derived_length\": ", P->solvable ? "true" : "false");
    if (E->dl < 0) printf("null"); else printf("%ld", E->dl);
    printf(", \"bound\": \"%s\", \"eps\": ", lt_depth_bound_name(d->bound));
    if (HAS_EPS(E)) mpfr_printf("%.6Re", E->M->eps); else printf("null");
    int mass = E->source == EPS_REP || E->source == EPS_GENS;
    printf(", \"eps_source\": %s, \"norm\": %s, \"step\": ", eps_source_name[E->source], mass ? "\"spectral\"" : "null");
    if (mass) mpfr_printf("%.6Re, \"generators\": %ld, \"largest_generator\": %.6Re", E->step, (long)E->M->count, E->M->largest);
    else printf("null, \"generators\": null, \"largest_generator\": null");
    printf(", \"converges\": %s", !HAS_EPS(E) ? "null" : E->converges ? "true" : "false");
    printf(", \"depths\": [");
    for (int k = E->k0; k <= E->k1; k++) {
        printf("%s{\"depth\": %d, \"truncation_class\": %lu, \"error_exponent\": %lu, \"exact\": %s, \"eps_power\": ",
               k > E->k0 ? ", " : "", k, E->c[k - 1], E->e[k - 1], E->exact[k - 1] ? "true" : "false");
        if (HAS_POWERS(E)) mpfr_printf("%.6Re", E->pw[k - 1]); else printf("null");
        printf("}");
    }
    printf("]}\n");
}

static void put_text(const cli_opts *o, const cli_depth_opts *d, const cli_depth_profile *P, const eb_result *E)
{
    cli_depth_put_head(o, P);
    if (d->bound == LT_BOUND_V1)
        cli_depth_kv("bound", "v1: c(k) = 2^(k-1), as published (arXiv:2603.05573v1); --bound sharp for 2^k - 1");
    else
        cli_depth_kv("bound", "sharp: c(k) = 2^k - 1 (class c has derived length floor(log2 c) + 1); v1 (2^(k-1), as published) is the default");
    if (E->source == EPS_REP || E->source == EPS_GENS) {
        if (E->source == EPS_REP)
            cli_depth_kv("generators", "%ld, the logarithms of the matrices of %s (their rotation angles)", (long)E->M->count, d->rep);
        else cli_depth_kv("generators", "%ld, the matrices of %s", (long)E->M->count, o->object);
        cli_depth_kv("step h", "%s", E->step_text);
        mpfr_printf("  %-22s %.6Re, h times the sum of their spectral norms\n", "eps", E->M->eps);
        mpfr_printf("  %-22s %.6Re, so a window of w tokens has mass at most w times this\n", "largest h ||A_i||", E->M->largest);
    } else if (HAS_EPS(E)) mpfr_printf("  %-22s %.6Re\n", "eps", E->M->eps);
    else cli_depth_kv("eps", "not computed: give --eps E, --rep FILE (a group) or the generators as LieAlgebra(Rationals, [...])");
    if (HAS_EPS(E) && E->converges)
        cli_depth_kv("convergence", "yes: eps < pi, so the Magnus series converges (%s, spectral norm)", lt_depth_cite(LT_SRC_MOAN_NIESEN));
    else if (HAS_EPS(E))
        cli_depth_kv("convergence", "no: eps >= pi, where the Magnus series need not converge and eps^(c(k)+1) bounds nothing"
                     " (it converges for eps < pi: %s)", lt_depth_cite(LT_SRC_MOAN_NIESEN));
    printf("  depth  class c(k)  exponent c(k)+1  error%s\n", HAS_POWERS(E) ? "        eps^(c(k)+1)" : "");
    for (int k = E->k0; k <= E->k1; k++) {
        char err[32];
        int exact = E->exact[k - 1];
        if (exact) snprintf(err, sizeof err, "0 (exact)");
        else snprintf(err, sizeof err, "O(eps^%lu)", E->e[k - 1]);
        printf("  %5d  %10lu  %15lu  %-*s", k, E->c[k - 1], E->e[k - 1], HAS_POWERS(E) ? 12 : 0, err);
        if (HAS_POWERS(E) && !exact) mpfr_printf(" %.6Re", E->pw[k - 1]);
        else if (HAS_POWERS(E)) printf(" -");
        putchar('\n');
    }
    printf("  O(eps^(c(k)+1)), eps the generator mass: %s\n", lt_depth_cite_reading(LT_SRC_HEO_COR36, d->bound));
    if (E->dl > 0) printf("  exact from depth %ld, the derived length: %s\n", E->dl, lt_depth_cite(LT_SRC_HEO_THM34));
    else if (E->dl == 0) printf("  exact at every depth (derived length 0): %s\n", lt_depth_cite(LT_SRC_HEO_THM34));
    else printf("  never exact at constant depth (not solvable): %s\n", lt_depth_cite(LT_SRC_HEO_PROP33));
}

/* A row "key & $value$" of the head table, the value an MPFR number. */
static void tex_row_mpfr(const char *key, const char *lhs, const mpfr_t x)
{
    cli_tex_table_key(stdout, key);
    printf("$%s", lhs);
    cli_tex_mpfr(stdout, x, 7);
    printf("$");
    cli_tex_table_row_end(stdout);
}

/* The table of depths as a tabular, then the sources. */
static void put_tex(const cli_opts *o, const cli_depth_opts *d, const cli_depth_profile *P, const eb_result *E)
{
    cli_depth_tex_head(o, P);
    cli_tex_table_key(stdout, "bound");
    if (d->bound == LT_BOUND_V1)
        printf("v1: $c(k) = 2^{k-1}$, as published (arXiv:2603.05573v1); -{}-bound sharp for $2^k - 1$");
    else
        printf("sharp: $c(k) = 2^k - 1$ (class $c$ has derived length $\\lfloor \\log_2 c \\rfloor + 1$);"
               " v1 ($2^{k-1}$, as published) is the default");
    cli_tex_table_row_end(stdout);
    if (E->source == EPS_REP || E->source == EPS_GENS) {
        cli_tex_table_key(stdout, "generators");
        printf("$%ld$, %s ", (long)E->M->count, E->source == EPS_REP ? "the logarithms of the matrices of" : "the matrices of");
        cli_tex_text(stdout, E->source == EPS_REP ? d->rep : o->object);
        cli_tex_table_row_end(stdout);
        cli_tex_table_key(stdout, "step");
        printf("$h = %s$", E->step_text);
        cli_tex_table_row_end(stdout);
    }
    if (HAS_EPS(E)) tex_row_mpfr("generator mass", "\\varepsilon = ", E->M->eps);
    if (E->source == EPS_REP || E->source == EPS_GENS) tex_row_mpfr("largest generator", "h \\max_i \\|A_i\\|_2 = ", E->M->largest);
    if (HAS_EPS(E)) {
        cli_tex_table_key(stdout, "convergence");
        if (E->converges) printf("$\\varepsilon < \\pi$: the Magnus series converges");
        else printf("$\\varepsilon \\ge \\pi$: the Magnus series need not converge, and $\\varepsilon^{c(k)+1}$ bounds nothing");
        cli_depth_tex_cite(LT_SRC_MOAN_NIESEN);
        cli_tex_table_row_end(stdout);
    }
    cli_tex_table_end(stdout);
    printf("\\begin{center}\n\\begin{tabular}{rrrl%s}\ndepth $k$ & class $c(k)$ & exponent $c(k)+1$ & error%s \\\\\n\\hline\n",
           HAS_POWERS(E) ? "l" : "", HAS_POWERS(E) ? " & $\\varepsilon^{c(k)+1}$" : "");
    for (int k = E->k0; k <= E->k1; k++) {
        int exact = E->exact[k - 1];
        printf("$%d$ & $%lu$ & $%lu$ & ", k, E->c[k - 1], E->e[k - 1]);
        if (exact) printf("$0$ (exact)");
        else printf("$O(\\varepsilon^{%lu})$", E->e[k - 1]);
        if (HAS_POWERS(E)) {
            printf(" & ");
            if (exact) printf("--");
            else { printf("$"); cli_tex_mpfr(stdout, E->pw[k - 1], 7); printf("$"); }
        }
        printf(" \\\\\n");
    }
    printf("\\end{tabular}\n\\end{center}\n");
    printf("\\noindent $O(\\varepsilon^{c(k)+1})$, $\\varepsilon$ the generator mass (");
    cli_tex_text(stdout, lt_depth_cite_reading(LT_SRC_HEO_COR36, d->bound));
    printf(").\\par\n\\noindent ");
    if (E->dl > 0) printf("Exact from depth $%ld$, the derived length", E->dl);
    else if (E->dl == 0) printf("Exact at every depth (derived length $0$)");
    else printf("Never exact at constant depth (not solvable)");
    cli_depth_tex_cite(E->dl >= 0 ? LT_SRC_HEO_THM34 : LT_SRC_HEO_PROP33);
    printf(".\\par\n");
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
    if (d->has_eps && (has_step || d->rep))
        return cli_usage_error(o->cmd, o->sub, "--eps E is the generator mass itself; --rep FILE and --step H compute it");
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
    if (r < 0) (o->latex ? put_tex : o->json ? put_json : put_text)(o, d, P, &E);
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
