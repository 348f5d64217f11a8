/* lietool min-depth: the number of order-blind (abelian) layers an object
   needs, exactly (its derived length; Theorem 3.4 and Proposition 3.3 of
   Heo et al. 2026, arXiv:2603.05573), the lower bound ceil(d/2) on
   restricted (Mamba-like) layers (Proposition 3.3), and with --length T the
   logarithmic bound for words of length <= T (Proposition 3.7) with the
   width its construction needs (Corollary 3.8, Witt's formula). */
#include <string.h>
#include "depth.h"
#include "doc.h"
#include "lietool/json.h"

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

/* The result M: text, JSON or LaTeX. */
static void put(const cli_opts *o, const cli_depth_opts *dp, const cli_depth_profile *P, const md_result *M)
{
    lt_doc D, *d = &D;
    unsigned long T = M->T;
    const char *cite37 = lt_depth_cite_reading(LT_SRC_HEO_PROP37, dp->bound), *cite33 = lt_depth_cite(LT_SRC_HEO_PROP33);
    cli_depth_head(d, o, P);
    lt_doc_long(d, "|abelian_layers", M->ab, "");
    lt_doc_long(d, "|restricted_layers", M->re, "");
    lt_doc_str(d, "|layers", dp->layers == 2 ? "restricted" : "abelian", NULL);
    lt_doc_long(d, "|min_depth", dp->layers == 2 ? M->re : M->ab, "");
    lt_doc_str(d, "|bound", lt_depth_bound_name(dp->bound), NULL);
    if (dp->layers != 2 && M->ab >= 0)
        lt_doc_claim(d, "abelian layers", NULL, "$%ld$ (%s and Proposition 3.3)", M->ab, lt_depth_cite(LT_SRC_HEO_THM34));
    else if (dp->layers != 2) lt_doc_claim(d, "abelian layers", cite33, "no constant depth");
    if (dp->layers != 1 && M->re >= 0) lt_doc_claim(d, "restricted layers", cite33, "at least $%ld$", M->re);
    else if (dp->layers != 1) lt_doc_claim(d, "restricted layers", cite33, "no constant depth");
    if (!T) {
        if (d->mode == LT_DOC_JSON)
            printf(", \"length\": null, \"log_depth_bound\": null, \"log_depth_bound_v1\": null"
                   ", \"log_depth_bound_sharp\": null, \"depth_for_length\": null, \"tokens\": null, \"width_bound\": null");
    } else {
        lt_doc_long(d, "length", (long)T, NULL);
        lt_doc_long(d, "|log_depth_bound", M->lb, NULL);
        lt_doc_long(d, "|log_depth_bound_v1", M->lb1, NULL);
        lt_doc_long(d, "|log_depth_bound_sharp", M->lbs, NULL);
        lt_doc_long(d, "|depth_for_length", M->within, NULL);
        if (dp->bound == LT_BOUND_V1)
            lt_doc_claim(d, "bound", NULL, "v1, as published (arXiv:2603.05573v1); --bound sharp for $floor(log2 T) + 1$");
        else
            lt_doc_claim(d, "bound", NULL, "sharp: $floor(log2 T) + 1$, the derived length of the free nilpotent class $T$;"
                          " v1 (the published ceil) is the default");
        lt_doc_claim(d, "log-depth bound", cite37, "$%d = %s(log2 %lu) + 1$ abelian layers", M->lb,
                      dp->bound == LT_BOUND_V1 ? "ceil" : "floor", T);
        lt_doc_claim(d, "v1 / sharp", NULL, "$%d$ / $%d$", M->lb1, M->lbs);
        if (M->ab >= 0)
            lt_doc_claim(d, "layers for length", NULL, "at most $%ld$ (the smaller of the derived length $%ld$ and the "
                          "log-depth bound $%d$)", M->within, M->ab, M->lb);
        lt_doc_row(d, "tokens");
        lt_doc_put_mpz(d, M->n);
        lt_doc_text(d, NULL, " (%s)", dp->tokens ? "--tokens" : P->is_lie ? "$dim L$; --tokens $N$ to change" : "$|G|$; --tokens $N$ to change");
        lt_doc_row_end(d);
    }
    if (T) {
        FILE *f = lt_doc_row(d, "width|width_bound");
        if (f && d->mode == LT_DOC_JSON && M->wst) fputs("null", f);
        else if (f && M->wst) { fputs("not computed: ", f); (d->mode == LT_DOC_TEX ? lt_tex_text : lt_doc_plain_prose)(f, M->werr->msg); }
        else if (f) {
            lt_doc_put_mpz(d, M->width);
            lt_doc_text(d, lt_depth_cite(LT_SRC_HEO_COR38),
                          ", the dimension of the free nilpotent Lie algebra of class $%lu$ on the tokens", T);
        }
        lt_doc_row_end(d);
        if (M->wst && d->mode == LT_DOC_JSON) { printf(", \"notes\": ["); lt_json_put_string(stdout, M->werr->msg); printf("]"); }
    }
    if (P->has_verdict) cli_verdict_after(d, P->verdict, o->object);
    lt_doc_end(d, NULL);
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
    if (!r) put(o, d, P, &M);
    mpz_clear(M.n);
    mpz_clear(M.width);
    return r;
}

int cmd_min_depth(int argc, char **argv, const lt_cmd *self)
{
    return cli_depth_run(argc, argv, self, 0, run);
}
