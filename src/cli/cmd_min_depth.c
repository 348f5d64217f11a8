/* lietool min-depth: the number of order-blind (abelian) layers an object
   needs, exactly (its derived length; Theorem 3.4 and Proposition 3.3 of
   Heo et al. 2026, arXiv:2603.05573), the lower bound ceil(d/2) on
   restricted (Mamba-like) layers (Proposition 3.3), and with --length T the
   logarithmic bound for words of length <= T (Proposition 3.7) with the
   width its construction needs (Corollary 3.8, Witt's formula). */
#include <stdarg.h>
#include <string.h>
#include "depth.h"
#include "tex.h"
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
    CLI_DEPTH_VERDICT,
    {0}
};

const cli_decl cli_min_depth_decl = {.common = CLI_O_JSON | CLI_O_LATEX | CLI_O_LIMITS, .opts = min_depth_opts, CLI_OBJECT_ARGS};

/* What min-depth prints. */
typedef struct {
    long dl, ab, re;            /* derived length, abelian and restricted layers (-1: none) */
    unsigned long T;            /* --length, or 0 */
    int lb, lb1, lbs;           /* the log-depth bound: --bound's, v1's, sharp's */
    long within;                /* layers for words of length <= T */
    mpz_t n, width;             /* tokens; the width (wst: not computed, werr why) */
    lt_status wst;
    lt_err_t werr;
} md_result;

static void put_json(const cli_opts *o, const cli_depth_opts *d, const cli_depth_profile *P, const md_result *M)
{
    cli_json_begin(o);
    printf(", \"solvable\": %s, \"derived_length\": ", P->solvable ? "true" : "false");
    put_layers(M->dl, 1, "");
    printf(", \"abelian_layers\": ");
    put_layers(M->ab, 1, "");
    printf(", \"restricted_layers\": ");
    put_layers(M->re, 1, "");
    printf(", \"layers\": \"%s\", \"min_depth\": ", d->layers == 2 ? "restricted" : "abelian");
    put_layers(d->layers == 2 ? M->re : M->ab, 1, "");
    printf(", \"bound\": \"%s\"", lt_depth_bound_name(d->bound));
    if (M->T) {
        printf(", \"length\": %lu, \"log_depth_bound\": %d, \"log_depth_bound_v1\": %d"
               ", \"log_depth_bound_sharp\": %d, \"depth_for_length\": %ld, \"tokens\": ",
               M->T, M->lb, M->lb1, M->lbs, M->within);
        cli_put_mpz(stdout, M->n, 1);
        printf(", \"width_bound\": ");
        if (M->wst) printf("null"); else cli_put_mpz(stdout, M->width, 1);
        if (M->wst) { printf(", \"notes\": ["); lt_json_put_string(stdout, M->werr->msg); printf("]"); }
    } else
        printf(", \"length\": null, \"log_depth_bound\": null, \"log_depth_bound_v1\": null"
               ", \"log_depth_bound_sharp\": null, \"depth_for_length\": null, \"tokens\": null"
               ", \"width_bound\": null");
    if (P->has_verdict) cli_verdict_after(o, P->verdict, o->object);
    printf("}\n");
}

static void put_text(const cli_opts *o, const cli_depth_opts *d, const cli_depth_profile *P, const md_result *M)
{
    cli_depth_put_head(o, P);
    if (d->layers != 2) {
        printf("  %-22s ", "abelian layers");
        put_layers(M->ab, 0, "");
        if (M->ab >= 0) printf(" (%s and Proposition 3.3)", lt_depth_cite(LT_SRC_HEO_THM34));
        else cli_depth_cite(LT_SRC_HEO_PROP33);
        putchar('\n');
    }
    if (d->layers != 1) {
        printf("  %-22s ", "restricted layers");
        put_layers(M->re, 0, "at least ");
        cli_depth_cite(LT_SRC_HEO_PROP33);
        putchar('\n');
    }
    if (!M->T) return;
    unsigned long T = M->T;
    cli_depth_kv("length", "%lu", T);
    if (d->bound == LT_BOUND_V1)
        cli_depth_kv("bound", "v1, as published (arXiv:2603.05573v1); --bound sharp for floor(log2 T) + 1");
    else
        cli_depth_kv("bound", "sharp: floor(log2 T) + 1, the derived length of the free nilpotent class T; v1 (the published ceil) is the default");
    printf("  %-22s %d = %s(log2 %lu) + 1 abelian layers", "log-depth bound", M->lb,
           d->bound == LT_BOUND_V1 ? "ceil" : "floor", T);
    cli_depth_cite(LT_SRC_HEO_PROP37);
    putchar('\n');
    cli_depth_kv("v1 / sharp", "%d / %d", M->lb1, M->lbs);
    if (M->ab >= 0)
        cli_depth_kv("layers for length", "at most %ld (the smaller of the derived length %ld and the log-depth bound %d)",
                     M->within, M->ab, M->lb);
    printf("  %-22s ", "tokens");
    cli_put_mpz(stdout, M->n, 0);
    printf(" (%s)\n", d->tokens ? "--tokens" : P->is_lie ? "dim L; --tokens N to change" : "|G|; --tokens N to change");
    printf("  %-22s ", "width");
    if (M->wst) printf("not computed: %s", M->werr->msg);
    else {
        cli_put_mpz(stdout, M->width, 0);
        printf(", the dimension of the free nilpotent Lie algebra of class %lu on the tokens", T);
        cli_depth_cite(LT_SRC_HEO_COR38);
    }
    putchar('\n');
}

/* A table row: the key, then the value printf-style (LaTeX), then a citation (or -1). */
static void tex_row(const char *key, int src, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
static void tex_row(const char *key, int src, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cli_tex_table_key(stdout, key);
    vprintf(fmt, ap);
    va_end(ap);
    if (src >= 0) cli_depth_tex_cite((lt_depth_source)src);
    cli_tex_table_row_end(stdout);
}

static void put_tex(const cli_opts *o, const cli_depth_opts *d, const cli_depth_profile *P, const md_result *M)
{
    cli_depth_tex_head(o, P);
    if (d->layers != 2) {
        if (M->ab >= 0) {
            cli_tex_table_key(stdout, "abelian layers");
            printf("$%ld$ (", M->ab);
            cli_tex_text(stdout, lt_depth_cite(LT_SRC_HEO_THM34));
            printf(" and Proposition 3.3)");
            cli_tex_table_row_end(stdout);
        } else tex_row("abelian layers", LT_SRC_HEO_PROP33, "no constant depth");
    }
    if (d->layers != 1) {
        if (M->re >= 0) tex_row("restricted layers", LT_SRC_HEO_PROP33, "at least $%ld$", M->re);
        else tex_row("restricted layers", LT_SRC_HEO_PROP33, "no constant depth");
    }
    if (M->T) {
        const char *f = d->bound == LT_BOUND_V1 ? "\\lceil" : "\\lfloor", *g = d->bound == LT_BOUND_V1 ? "\\rceil" : "\\rfloor";
        tex_row("length", -1, "$T = %lu$", M->T);
        if (d->bound == LT_BOUND_V1)
            tex_row("bound", -1, "v1, as published (arXiv:2603.05573v1); -{}-bound sharp for $\\lfloor \\log_2 T \\rfloor + 1$");
        else
            tex_row("bound", -1, "sharp: $\\lfloor \\log_2 T \\rfloor + 1$, the derived length of the free nilpotent class $T$;"
                    " v1 (the published $\\lceil\\cdot\\rceil$) is the default");
        tex_row("log-depth bound", LT_SRC_HEO_PROP37, "$%d = %s \\log_2 %lu %s + 1$ abelian layers", M->lb, f, M->T, g);
        tex_row("v1 / sharp", -1, "$%d$ / $%d$", M->lb1, M->lbs);
        if (M->ab >= 0)
            tex_row("layers for length", -1, "at most $%ld$ (the smaller of the derived length $%ld$ and the log-depth bound $%d$)",
                    M->within, M->ab, M->lb);
        cli_tex_table_key(stdout, "tokens");
        printf("$");
        cli_tex_mpz(stdout, M->n);
        printf("$ (%s)", d->tokens ? "-{}-tokens" : P->is_lie ? "$\\dim L$; -{}-tokens $N$ to change" : "$|G|$; -{}-tokens $N$ to change");
        cli_tex_table_row_end(stdout);
        cli_tex_table_key(stdout, "width");
        if (M->wst) { printf("not computed: "); cli_tex_text(stdout, M->werr->msg); }
        else {
            printf("$");
            cli_tex_mpz(stdout, M->width);
            printf("$, the dimension of the free nilpotent Lie algebra of class $%lu$ on the tokens", M->T);
            cli_depth_tex_cite(LT_SRC_HEO_COR38);
        }
        cli_tex_table_row_end(stdout);
    }
    cli_tex_table_end(stdout);
}

static int run(cli_opts *o, cli_depth_opts *d, cli_depth_profile *P)
{
    int r = 0;
    md_result M = {.dl = P->derived_length, .T = d->length, .wst = LT_OK};
    M.ab = lt_depth_abelian_layers(M.dl);
    M.re = lt_depth_restricted_layers(M.dl);
    mpz_init(M.n);
    mpz_init(M.width);
    lt_err_init(M.werr);
    if (M.T) {
        M.lb = lt_depth_log_bound(M.T, d->bound);
        M.lb1 = lt_depth_log_bound(M.T, LT_BOUND_V1);
        M.lbs = lt_depth_log_bound(M.T, LT_BOUND_SHARP);
        M.within = M.ab >= 0 && M.ab < M.lb ? M.ab : M.lb;
        cli_depth_tokens(M.n, d, P);
        M.wst = lt_depth_width(M.width, NULL, M.n, M.T, d->max_digits, o->ctx, M.werr);
        if (M.wst && M.wst != LT_ELIMIT) r = cli_fail(M.werr);
    }
    if (!r) (o->latex ? put_tex : o->json ? put_json : put_text)(o, d, P, &M);
    if (!r && P->has_verdict && !o->json) cli_verdict_after(o, P->verdict, o->object);
    mpz_clear(M.n);
    mpz_clear(M.width);
    return r;
}

int cmd_min_depth(int argc, char **argv, const lt_cmd *self)
{
    return cli_depth_run(argc, argv, self, 0, run);
}
