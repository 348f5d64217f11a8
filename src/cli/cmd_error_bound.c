/* lietool error-bound: for depths k = 1..8, the class c(k) of the nilpotent
   truncation a depth-k order-blind stack reaches (2^(k-1) as published in
   v1 of Heo et al. 2026, arXiv:2603.05573; 2^k - 1 with --bound sharp), the
   exponent of its local error O(eps^(c(k)+1)) (Corollary 3.6), and with
   --eps the number eps^(c(k)+1) (MPFR, correctly rounded, so that large
   exponents neither underflow nor overflow). A solvable object of derived
   length d is simulated exactly from depth d on (Theorem 3.4). */
#include <mpfr.h>
#include "depth.h"
#include "tex.h"

#define DEPTHS 8

static const cli_optdecl error_bound_opts[] = {
    CLI_DEPTH_BOUND(NULL),
    {.name = "--eps", CLI_CUSTOM_AT(cli_depth_opts, eps), .parse = cli_depth_read_eps, .meta = "E",
     .want = "a positive number (0.1, 1e-3 or 1/8)", .help = "the generator mass: print eps^(c(k)+1) too"},
    {0}
};

const cli_decl cli_error_bound_decl = {.common = CLI_O_JSON | CLI_O_LATEX | CLI_O_LIMITS, .opts = error_bound_opts, CLI_OBJECT_ARGS};

/* What error-bound prints: per depth k = 1..DEPTHS the class c(k), the
   exponent e = c(k)+1, whether the stack is exact, and eps^e. */
typedef struct {
    long dl;
    mpfr_t eps, pw[DEPTHS];
    ulong c[DEPTHS], e[DEPTHS];
    int exact[DEPTHS];
} eb_result;

static void put_json(const cli_opts *o, const cli_depth_opts *d, const cli_depth_profile *P, const eb_result *E)
{
    cli_json_begin(o);
    printf(", \"solvable\": %s, \"derived_length\": ", P->solvable ? "true" : "false");
    if (E->dl < 0) printf("null"); else printf("%ld", E->dl);
    printf(", \"bound\": \"%s\", \"eps\": ", lt_depth_bound_name(d->bound));
    if (d->has_eps) mpfr_printf("%.6Re", E->eps); else printf("null");
    printf(", \"depths\": [");
    for (int k = 1; k <= DEPTHS; k++) {
        printf("%s{\"depth\": %d, \"truncation_class\": %lu, \"error_exponent\": %lu, \"exact\": %s, \"eps_power\": ",
               k > 1 ? ", " : "", k, E->c[k - 1], E->e[k - 1], E->exact[k - 1] ? "true" : "false");
        if (d->has_eps) mpfr_printf("%.6Re", E->pw[k - 1]); else printf("null");
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
    if (d->has_eps) { printf("  %-22s ", "eps"); mpfr_printf("%.6Re\n", E->eps); }
    printf("  depth  class c(k)  exponent c(k)+1  error%s\n", d->has_eps ? "        eps^(c(k)+1)" : "");
    for (int k = 1; k <= DEPTHS; k++) {
        char err[32];
        int exact = E->exact[k - 1];
        if (exact) snprintf(err, sizeof err, "0 (exact)");
        else snprintf(err, sizeof err, "O(eps^%lu)", E->e[k - 1]);
        printf("  %5d  %10lu  %15lu  %-*s", k, E->c[k - 1], E->e[k - 1], d->has_eps ? 12 : 0, err);
        if (d->has_eps && !exact) mpfr_printf(" %.6Re", E->pw[k - 1]);
        else if (d->has_eps) printf(" -");
        putchar('\n');
    }
    printf("  O(eps^(c(k)+1)), eps the generator mass: %s\n", lt_depth_cite(LT_SRC_HEO_COR36));
    if (E->dl > 0) printf("  exact from depth %ld, the derived length: %s\n", E->dl, lt_depth_cite(LT_SRC_HEO_THM34));
    else if (E->dl == 0) printf("  exact at every depth (derived length 0): %s\n", lt_depth_cite(LT_SRC_HEO_THM34));
    else printf("  never exact at constant depth (not solvable): %s\n", lt_depth_cite(LT_SRC_HEO_PROP33));
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
    if (d->has_eps) {
        cli_tex_table_key(stdout, "generator mass");
        printf("$\\varepsilon = ");
        cli_tex_mpfr(stdout, E->eps, 7);
        printf("$");
        cli_tex_table_row_end(stdout);
    }
    cli_tex_table_end(stdout);
    printf("\\begin{center}\n\\begin{tabular}{rrrl%s}\ndepth $k$ & class $c(k)$ & exponent $c(k)+1$ & error%s \\\\\n\\hline\n",
           d->has_eps ? "l" : "", d->has_eps ? " & $\\varepsilon^{c(k)+1}$" : "");
    for (int k = 1; k <= DEPTHS; k++) {
        int exact = E->exact[k - 1];
        printf("$%d$ & $%lu$ & $%lu$ & ", k, E->c[k - 1], E->e[k - 1]);
        if (exact) printf("$0$ (exact)");
        else printf("$O(\\varepsilon^{%lu})$", E->e[k - 1]);
        if (d->has_eps) {
            printf(" & ");
            if (exact) printf("--");
            else { printf("$"); cli_tex_mpfr(stdout, E->pw[k - 1], 7); printf("$"); }
        }
        printf(" \\\\\n");
    }
    printf("\\end{tabular}\n\\end{center}\n");
    printf("\\noindent $O(\\varepsilon^{c(k)+1})$, $\\varepsilon$ the generator mass");
    cli_depth_tex_cite(LT_SRC_HEO_COR36);
    printf(".\\par\n\\noindent ");
    if (E->dl > 0) printf("Exact from depth $%ld$, the derived length", E->dl);
    else if (E->dl == 0) printf("Exact at every depth (derived length $0$)");
    else printf("Never exact at constant depth (not solvable)");
    cli_depth_tex_cite(E->dl >= 0 ? LT_SRC_HEO_THM34 : LT_SRC_HEO_PROP33);
    printf(".\\par\n");
}

static int run(cli_opts *o, cli_depth_opts *d, cli_depth_profile *P)
{
    eb_result E;
    E.dl = P->derived_length;
    mpfr_init2(E.eps, 64);
    if (d->has_eps) {
        mpq_t q;
        mpq_init(q);
        fmpq_get_mpq(q, d->eps);
        mpfr_set_q(E.eps, q, MPFR_RNDN);
        mpq_clear(q);
    }
    for (int k = 1; k <= DEPTHS; k++) {
        E.c[k - 1] = lt_depth_truncation_class(k, d->bound);
        E.e[k - 1] = lt_depth_error_exponent(k, d->bound);
        E.exact[k - 1] = lt_depth_is_exact(k, E.dl);
        mpfr_init2(E.pw[k - 1], 64);
        if (d->has_eps) mpfr_pow_ui(E.pw[k - 1], E.eps, E.e[k - 1], MPFR_RNDN);
    }
    (o->latex ? put_tex : o->json ? put_json : put_text)(o, d, P, &E);
    mpfr_clear(E.eps);
    for (int k = 0; k < DEPTHS; k++) mpfr_clear(E.pw[k]);
    return 0;
}

int cmd_error_bound(int argc, char **argv, const lt_cmd *self)
{
    return cli_depth_run(argc, argv, self, 0, run);
}
