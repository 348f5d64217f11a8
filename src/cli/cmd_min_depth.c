/* lietool min-depth: the number of order-blind (abelian) layers an object
   needs, exactly (its derived length; Theorem 3.4 and Proposition 3.3 of
   Heo et al. 2026, arXiv:2603.05573), the lower bound ceil(d/2) on
   restricted (Mamba-like) layers (Proposition 3.3), and with --length T the
   logarithmic bound for words of length <= T (Proposition 3.7) with the
   width its construction needs (Corollary 3.8, Witt's formula). */
#include <string.h>
#include "depth.h"
#include "lietool/json.h"

/* "no constant depth", "2" or "at least 1" as text; null or the number in JSON */
static void put_layers(long v, int json, const char *prefix)
{
    if (json) { if (v < 0) printf("null"); else printf("%ld", v); }
    else if (v < 0) printf("no constant depth");
    else printf("%s%ld", prefix, v);
}

static const cli_optdecl min_depth_opts[] = {
    {.name = "--layers", CLI_ENUM_AT(cli_depth_opts, layers), .choices = cli_depth_layer_kinds,
     .help = "print only abelian or restricted layers (the JSON key min_depth); default both"},
    CLI_DEPTH_LENGTH,
    CLI_DEPTH_BOUND("--length"),
    CLI_DEPTH_TOKENS("--length"),
    CLI_DEPTH_MAX_DIGITS("--length"),
    {0}
};

const cli_decl cli_min_depth_decl = {.common = CLI_O_JSON | CLI_O_LIMITS, .opts = min_depth_opts, CLI_OBJECT_ARGS};

int cmd_min_depth(int argc, char **argv, const lt_cmd *self)
{
    cli_depth_opts d;
    cli_opts o;
    cli_object X;
    cli_depth_profile P;
    int r = cli_depth_open(&d, &o, &X, argc, argv, self);
    if (r >= 0) return r;
    if ((r = cli_depth_profile_init(&P, &o, &X, 0)) >= 0) { cli_depth_close(&d, &o, &X); return r; }
    long dl = P.derived_length;
    long ab = lt_depth_abelian_layers(dl), re = lt_depth_restricted_layers(dl);
    ulong T = d.length;
    int lb = 0, lb1 = 0, lbs = 0;
    long within = 0;                    /* layers for words of length <= T */
    mpz_t n, width;
    mpz_init(n);
    mpz_init(width);
    lt_err_t werr;
    lt_err_init(werr);
    lt_status wst = LT_OK;
    if (T) {
        lb = lt_depth_log_bound(T, d.bound);
        lb1 = lt_depth_log_bound(T, LT_BOUND_V1);
        lbs = lt_depth_log_bound(T, LT_BOUND_SHARP);
        within = ab >= 0 && ab < lb ? ab : lb;
        cli_depth_tokens(n, &d, &P);
        wst = lt_depth_width(width, NULL, n, T, d.max_digits, o.ctx, werr);
        if (wst && wst != LT_ELIMIT) { r = cli_fail(werr); goto out; }
    }
    const char *bname = lt_depth_bound_name(d.bound);
    if (o.json) {
        cli_json_begin(&o);
        printf(", \"solvable\": %s, \"derived_length\": ", P.solvable ? "true" : "false");
        put_layers(dl, 1, "");
        printf(", \"abelian_layers\": ");
        put_layers(ab, 1, "");
        printf(", \"restricted_layers\": ");
        put_layers(re, 1, "");
        printf(", \"layers\": \"%s\", \"min_depth\": ", d.layers == 2 ? "restricted" : "abelian");
        put_layers(d.layers == 2 ? re : ab, 1, "");
        printf(", \"bound\": \"%s\"", bname);
        if (T) {
            printf(", \"length\": %lu, \"log_depth_bound\": %d, \"log_depth_bound_v1\": %d"
                   ", \"log_depth_bound_sharp\": %d, \"depth_for_length\": %ld, \"tokens\": ",
                   T, lb, lb1, lbs, within);
            cli_put_mpz(stdout, n, 1);
            printf(", \"width_bound\": ");
            if (wst) printf("null"); else cli_put_mpz(stdout, width, 1);
            if (wst) { printf(", \"notes\": ["); lt_json_put_string(stdout, werr->msg); printf("]"); }
        } else
            printf(", \"length\": null, \"log_depth_bound\": null, \"log_depth_bound_v1\": null"
                   ", \"log_depth_bound_sharp\": null, \"depth_for_length\": null, \"tokens\": null"
                   ", \"width_bound\": null");
        printf("}\n");
        r = 0;
        goto out;
    }
    cli_depth_put_head(&o, &P);
    if (d.layers != 2) {
        printf("  %-22s ", "abelian layers");
        put_layers(ab, 0, "");
        if (ab >= 0) printf(" (%s and Proposition 3.3)", lt_depth_cite(LT_SRC_HEO_THM34));
        else cli_depth_cite(LT_SRC_HEO_PROP33);
        putchar('\n');
    }
    if (d.layers != 1) {
        printf("  %-22s ", "restricted layers");
        put_layers(re, 0, "at least ");
        cli_depth_cite(LT_SRC_HEO_PROP33);
        putchar('\n');
    }
    if (T) {
        cli_depth_kv("length", "%lu", T);
        if (d.bound == LT_BOUND_V1)
            cli_depth_kv("bound", "v1, as published (arXiv:2603.05573v1); --bound sharp for floor(log2 T) + 1");
        else
            cli_depth_kv("bound", "sharp: floor(log2 T) + 1, the derived length of the free nilpotent class T; v1 (the published ceil) is the default");
        printf("  %-22s %d = %s(log2 %lu) + 1 abelian layers", "log-depth bound", lb,
               d.bound == LT_BOUND_V1 ? "ceil" : "floor", T);
        cli_depth_cite(LT_SRC_HEO_PROP37);
        putchar('\n');
        cli_depth_kv("v1 / sharp", "%d / %d", lb1, lbs);
        if (ab >= 0) cli_depth_kv("layers for length", "at most %ld (the smaller of the derived length %ld and the log-depth bound %d)", within, ab, lb);
        printf("  %-22s ", "tokens");
        cli_put_mpz(stdout, n, 0);
        printf(" (%s)\n", d.tokens ? "--tokens" : P.is_lie ? "dim L; --tokens N to change" : "|G|; --tokens N to change");
        printf("  %-22s ", "width");
        if (wst) printf("not computed: %s", werr->msg);
        else {
            cli_put_mpz(stdout, width, 0);
            printf(", the dimension of the free nilpotent Lie algebra of class %lu on the tokens", T);
            cli_depth_cite(LT_SRC_HEO_COR38);
        }
        putchar('\n');
    }
    r = 0;
out:
    mpz_clear(n);
    mpz_clear(width);
    cli_depth_profile_clear(&P);
    cli_depth_close(&d, &o, &X);
    return r;
}
