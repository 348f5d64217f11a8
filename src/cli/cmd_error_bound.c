/* lietool error-bound: for depths k = 1..8, the class c(k) of the nilpotent
   truncation a depth-k order-blind stack reaches (2^(k-1) as published in
   v1 of Heo et al. 2026, arXiv:2603.05573; 2^k - 1 with --bound sharp), the
   exponent of its local error O(eps^(c(k)+1)) (Corollary 3.6), and with
   --eps the number eps^(c(k)+1) (MPFR, correctly rounded, so that large
   exponents neither underflow nor overflow). A solvable object of derived
   length d is simulated exactly from depth d on (Theorem 3.4). */
#include <mpfr.h>
#include "depth.h"

#define DEPTHS 8

static const cli_optdecl error_bound_opts[] = {
    CLI_DEPTH_BOUND(NULL),
    {.name = "--eps", CLI_CUSTOM_AT(cli_depth_opts, eps), .parse = cli_depth_read_eps, .meta = "E",
     .want = "a positive number (0.1, 1e-3 or 1/8)", .help = "the generator mass: print eps^(c(k)+1) too"},
    {0}
};

const cli_decl cli_error_bound_decl = {.common = CLI_O_JSON | CLI_O_LIMITS, .opts = error_bound_opts, CLI_OBJECT_ARGS};

int cmd_error_bound(int argc, char **argv, const lt_cmd *self)
{
    cli_depth_opts d;
    cli_opts o;
    cli_object X;
    cli_depth_profile P;
    int r = cli_depth_open(&d, &o, &X, argc, argv, self);
    if (r >= 0) return r;
    if ((r = cli_depth_profile_init(&P, &o, &X, 0)) >= 0) { cli_depth_close(&d, &o, &X); return r; }
    long dl = P.derived_length;
    mpfr_t eps, pw;
    mpfr_init2(eps, 64);
    mpfr_init2(pw, 64);
    if (d.has_eps) {
        mpq_t q;
        mpq_init(q);
        fmpq_get_mpq(q, d.eps);
        mpfr_set_q(eps, q, MPFR_RNDN);
        mpq_clear(q);
    }
    if (o.json) {
        cli_json_begin(&o);
        printf(", \"solvable\": %s, \"derived_length\": ", P.solvable ? "true" : "false");
        if (dl < 0) printf("null"); else printf("%ld", dl);
        printf(", \"bound\": \"%s\", \"eps\": ", lt_depth_bound_name(d.bound));
        if (d.has_eps) mpfr_printf("%.6Re", eps); else printf("null");
        printf(", \"depths\": [");
    } else {
        cli_depth_put_head(&o, &P);
        if (d.bound == LT_BOUND_V1)
            cli_depth_kv("bound", "v1: c(k) = 2^(k-1), as published (arXiv:2603.05573v1); --bound sharp for 2^k - 1");
        else
            cli_depth_kv("bound", "sharp: c(k) = 2^k - 1 (class c has derived length floor(log2 c) + 1); v1 (2^(k-1), as published) is the default");
        if (d.has_eps) { printf("  %-22s ", "eps"); mpfr_printf("%.6Re\n", eps); }
        printf("  depth  class c(k)  exponent c(k)+1  error%s\n", d.has_eps ? "        eps^(c(k)+1)" : "");
    }
    for (int k = 1; k <= DEPTHS; k++) {
        ulong c = lt_depth_truncation_class(k, d.bound), e = lt_depth_error_exponent(k, d.bound);
        int exact = lt_depth_is_exact(k, dl);
        if (d.has_eps) mpfr_pow_ui(pw, eps, e, MPFR_RNDN);
        if (o.json) {
            printf("%s{\"depth\": %d, \"truncation_class\": %lu, \"error_exponent\": %lu, \"exact\": %s, \"eps_power\": ",
                   k > 1 ? ", " : "", k, c, e, exact ? "true" : "false");
            if (d.has_eps) mpfr_printf("%.6Re", pw); else printf("null");
            printf("}");
            continue;
        }
        char err[32];
        if (exact) snprintf(err, sizeof err, "0 (exact)");
        else snprintf(err, sizeof err, "O(eps^%lu)", e);
        printf("  %5d  %10lu  %15lu  %-*s", k, c, e, d.has_eps ? 12 : 0, err);
        if (d.has_eps && !exact) mpfr_printf(" %.6Re", pw);
        else if (d.has_eps) printf(" -");
        putchar('\n');
    }
    if (o.json) printf("]}\n");
    else {
        printf("  O(eps^(c(k)+1)), eps the generator mass: %s\n", lt_depth_cite(LT_SRC_HEO_COR36));
        if (dl > 0) printf("  exact from depth %ld, the derived length: %s\n", dl, lt_depth_cite(LT_SRC_HEO_THM34));
        else if (dl == 0) printf("  exact at every depth (derived length 0): %s\n", lt_depth_cite(LT_SRC_HEO_THM34));
        else printf("  never exact at constant depth (not solvable): %s\n", lt_depth_cite(LT_SRC_HEO_PROP33));
    }
    mpfr_clear(eps);
    mpfr_clear(pw);
    cli_depth_profile_clear(&P);
    cli_depth_close(&d, &o, &X);
    return 0;
}
