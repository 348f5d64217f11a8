/* lietool magnus --order K WORD: the Magnus expansion of the piecewise-
   constant control that applies each letter's generator for unit time, in
   order, Omega = log(exp(A_{w_T}) ... exp(A_{w_1})) (the first letter acts
   first), as exact coefficients in the Lyndon basis up to order K. Letters
   are the word's distinct tokens, ordered as strings; a word without spaces
   made of letters only is read one character per letter ("abac").

   With --matrices FILE the expansion is evaluated on the letters' matrices
   (each multiplied by --step h): for k = 1..K the error
   ||exp(Omega^[k]) - exp(hA_{w_T}) ... exp(hA_{w_1})|| in MPFR at --prec
   bits, with the generator mass eps = sum_t ||h A_{w_t}|| and the
   commutator mass ||Omega_2||, in the Frobenius or spectral norm
   (lt_free_magnus_errors). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "doc.h"
#include "lietool/free.h"
#include "lietool/json.h"

static void put_mpfr(const mpfr_t x)
{
    mpfr_printf("%.6Re", x);
}

static const char *norm_name(const lt_magnus_params *P)
{
    return P->norm == LT_NORM_SPECTRAL ? "spectral" : "frobenius";
}

/* The back ends of --matrices: R the certified errors. */
static void errors_json(const cli_opts *o, const lt_magnus_params *P, const lt_magnus_result_t R, char **tok,
                        const lt_free_word_t W)
{
    cli_json_begin(o);
    printf(", \"word\": [");
    for (slong i = 0; i < W->m; i++) { if (i) printf(", "); lt_json_put_string(stdout, tok[i]); }
    printf("], \"norm\": \"%s\", \"generator_mass\": ", norm_name(P));
    put_mpfr(R->eps);
    printf(", \"commutator_mass\": ");
    put_mpfr(R->comm);
    printf(", \"orders\": [");
    for (long k = 1; k <= R->K; k++) {
        printf("%s{\"expansion_order\": %ld, \"error\": ", k > 1 ? ", " : "", k);
        put_mpfr(R->errors + k - 1);
        printf("}");
    }
    printf("]}\n");
}

static void errors_text(const cli_opts *o, const lt_magnus_params *P, const lt_magnus_result_t R, char **tok,
                        const lt_free_word_t W)
{
    (void)o, (void)tok, (void)W;
    printf("generator mass eps = ");
    put_mpfr(R->eps);
    printf(", commutator mass ||Omega_2|| = ");
    put_mpfr(R->comm);
    printf(" (%s norm)\n", norm_name(P));
    for (long k = 1; k <= R->K; k++) {
        printf("%ld  ", k);
        put_mpfr(R->errors + k - 1);
        printf("\n");
    }
}

/* The masses as a displayed equation, the errors as a table. */
static void errors_tex(const cli_opts *o, const lt_magnus_params *P, const lt_magnus_result_t R, char **tok,
                       const lt_free_word_t W)
{
    (void)tok, (void)W;
    cli_tex_begin(o);
    printf("\\begin{equation*}\n\\varepsilon = \\sum_{t} \\|h A_{w_t}\\| = ");
    lt_tex_mpfr(stdout, R->eps, 7);
    printf(", \\qquad \\|\\Omega_{2}\\| = ");
    lt_tex_mpfr(stdout, R->comm, 7);
    printf(" \\qquad \\text{(%s norm)}\n\\end{equation*}\n", norm_name(P));
    printf("\\begin{center}\n\\begin{tabular}{rl}\n$k$ & "
           "$\\|\\exp(\\Omega^{[k]}) - e^{h A_{w_T}} \\cdots e^{h A_{w_1}}\\|$ \\\\\n\\hline\n");
    for (long k = 1; k <= R->K; k++) {
        printf("$%ld$ & $", k);
        lt_tex_mpfr(stdout, R->errors + k - 1, 7);
        printf("$ \\\\\n");
    }
    printf("\\end{tabular}\n\\end{center}\n");
}

/* --matrices: the certified errors (lt_free_magnus_run), printed; the exit
   status. */
static int eval_matrices(const cli_opts *o, const char *path, const lt_magnus_params *P, const fmpq_t h,
                         char **tok, const lt_free_word_t W)
{
    lt_err_t err;
    lt_err_init(err);
    lt_matfile_t F;
    lt_matfile_init(F);
    lt_magnus_result_t R;
    lt_magnus_result_init(R);
    lt_status st = lt_free_matfile_read(F, path, o->ctx, err);
    if (!st) st = lt_free_magnus_run(R, P, W, F, path, h, o->ctx, err);
    int r = 0;
    if (st) {
        if (R->worst) lt_err_prefix(err, "magnus");
        r = cli_fail(err);
    } else (o->latex ? errors_tex : o->json ? errors_json : errors_text)(o, P, R, tok, W);
    lt_magnus_result_clear(R);
    lt_matfile_clear(F);
    return r;
}

/* The expansion: c its coefficients in the basis B. */
static void put_expansion(const cli_opts *o, long K, const lt_lyndon_t B, const fmpq *c, char **tok, int ntok,
                          const lt_free_word_t W)
{
    slong nz = 0;
    for (slong i = 0; i < B->n; i++) nz += !fmpq_is_zero(c + i);
    lt_doc d;
    cli_doc_begin(&d, o, NULL, NULL);
    lt_doc_list_begin(&d, "word");
    for (int i = 0; i < ntok && d.mode == LT_DOC_JSON; i++) lt_json_put_string(lt_doc_elem(&d), tok[i]);
    lt_doc_list_end(&d);
    lt_doc_list_begin(&d, "letters");
    for (int i = 0; i < W->r && d.mode == LT_DOC_JSON; i++) lt_json_put_string(lt_doc_elem(&d), W->names[i]);
    lt_doc_list_end(&d);
    lt_doc_long(&d, "|expansion_order", K, NULL);
    lt_doc_long(&d, "|dimension", (long)B->n, NULL);
    lt_doc_long(&d, "|nonzero", (long)nz, NULL);
    lt_doc_brackets(&d, "\\Omega", B, c, W->names, 0);
    lt_doc_end(&d, NULL);
}

typedef struct {
    long order, max_length, prec;
    const char *matrices;
    int norm;               /* lt_norm_kind */
    fmpq_t step;
} magnus_opts;

static int read_step(void *dst, const char *v)
{
    const char *e;
    return lt_free_read_q(dst, v, &e) && !*e ? 0 : -1;
}

static const cli_choice norms[] = {{"frobenius", LT_NORM_FROBENIUS, 0}, {"spectral", LT_NORM_SPECTRAL, 0}, {NULL, 0, 0}};

static const cli_optdecl magnus_options[] = {
    {.name = "--order", CLI_LONG_AT(magnus_opts, order), .meta = "K", .min = 1, .max = 1000, .flags = CLI_REQUIRED,
     .help = "the expansion to order K"},
    {.name = "--max-length", CLI_LONG_AT(magnus_opts, max_length), .meta = "L", .min = 1, .max = CLI_MAX_LENGTH,
     .help = "refuse words of more than L letters (default 10000)"},
    {.name = "--matrices", CLI_STRING_AT(magnus_opts, matrices), .meta = "FILE",
     .help = "the letters' matrices: print the error of each order on them"},
    {.name = "--prec", CLI_LONG_AT(magnus_opts, prec), .meta = "BITS", .min = 8, .max = 1000000, .needs = "--matrices",
     .help = "MPFR precision of the errors (default 256)"},
    {.name = "--norm", CLI_ENUM_AT(magnus_opts, norm), .choices = norms, .needs = "--matrices",
     .help = "the norm of the errors and masses (default frobenius)"},
    {.name = "--step", CLI_CUSTOM_AT(magnus_opts, step), .parse = read_step, .meta = "H", .needs = "--matrices",
     .want = "a number (integer, p/q or decimal)", .help = "multiply every matrix by H (default 1)"},
    {0}
};

const cli_decl cli_magnus_decl = {
    .common = CLI_O_JSON | CLI_O_LATEX | CLI_O_MAX_ENUM | CLI_O_MAX_MEMORY | CLI_O_MAX_DIM, .opts = magnus_options,
    .args = "WORD", .min_args = 1, .max_args = -1, .what = "the word",
};

int cmd_magnus(int argc, char **argv, const lt_cmd *self)
{
    magnus_opts m = {.order = -1, .max_length = 10000, .prec = 256, .norm = LT_NORM_FROBENIUS};
    fmpq_init(m.step);
    fmpq_one(m.step);
    cli_opts o;
    int r = cli_getopts(&o, &m, argc, argv, self, NULL);
    if (r >= 0) { cli_free(&o); fmpq_clear(m.step); return r; }
    long K = m.order, prec = m.prec, max_length = m.max_length;
    const char *matrices = m.matrices;
    lt_norm_kind norm = (lt_norm_kind)m.norm;
    fmpq *h = m.step;
    /* tokens */
    size_t cap = 16;
    int ntok = 0;
    char **tok = lt_malloc(cap * sizeof *tok);
    for (int a = 0; a < o.npos; a++) {
        char *copy = lt_strdup(o.pos[a]);
        for (char *s = strtok(copy, " \t\n"); s; s = strtok(NULL, " \t\n")) {
            if ((size_t)ntok + 1 >= cap) { cap *= 2; tok = lt_realloc(tok, cap * sizeof *tok); }
            tok[ntok++] = lt_strdup(s);
        }
        lt_free(copy);
    }
    if (ntok == 1 && strlen(tok[0]) > 1) {
        int alpha = 1;
        for (char *c = tok[0]; *c; c++) alpha &= isalpha((unsigned char)*c) != 0;
        if (alpha) {
            char *w = tok[0];
            ntok = 0;
            for (char *c = w; *c; c++) {
                if ((size_t)ntok + 1 >= cap) { cap *= 2; tok = lt_realloc(tok, cap * sizeof *tok); }
                char one[2] = {*c, 0};
                tok[ntok++] = lt_strdup(one);
            }
            lt_free(w);
        }
    }
    if (ntok > max_length) {
        fprintf(stderr, "lietool: magnus: the word has %d letters, more than --max-length %ld\n", ntok, max_length);
        r = CLI_LIMIT;
        goto out0;
    }
    for (int i = 0; i < ntok; i++)
        for (char *c = tok[i]; *c; c++)
            if (!isalnum((unsigned char)*c) && *c != '_') {
                fprintf(stderr, "lietool: magnus: letter %d '%s' is not a name (letters, digits, _)\n", i + 1, tok[i]);
                r = CLI_INPUT;
                goto out0;
            }
    lt_err_t err;
    lt_err_init(err);
    lt_free_word_t W;
    lt_free_word_init(W);
    if (lt_free_word_set(W, tok, ntok, err)) {
        fprintf(stderr, "lietool: magnus: %s\n", err->msg);
        r = CLI_INPUT;
        goto out1;
    }
    if (matrices) {
        lt_magnus_params P = {K, norm, (mpfr_prec_t)prec, 7};    /* 7 digits: "%.6Re" */
        r = eval_matrices(&o, matrices, &P, h, tok, W);
        goto out1;
    }
    lt_lyndon_t B;
    lt_lyndon_init(B);
    lt_status st = lt_free_lyndon_basis(B, W->r, K, o.ctx, err);
    fmpq *c = NULL;
    if (!st) {
        c = _fmpq_vec_init(B->n);
        st = lt_free_log_exp(c, B, W->m, W->letters, W->t, o.ctx, err);
    }
    if (st == LT_ELIMIT) lt_err_prefix(err, "magnus");
    if (st) r = cli_fail(err);
    else {
        put_expansion(&o, K, B, c, tok, ntok, W);
        r = 0;
    }
    if (c) _fmpq_vec_clear(c, B->n);
    lt_lyndon_clear(B);
out1:
    lt_free_word_clear(W);
out0:
    for (int i = 0; i < ntok; i++) lt_free(tok[i]);
    lt_free(tok);
    cli_free(&o);
    fmpq_clear(m.step);
    return r;
}
