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
   (lt_free_magnus_errors), certified (lt_free_magnus_run). Written by
   lt_write_magnus and lt_write_magnus_errors (lietool/write.h). */
#include "doc.h"
#include "lietool/free.h"
#include "lietool/job.h"
#include "lietool/write.h"
#include "../mpi/bch.h"

/* --matrices: the certified errors (lt_magnus_matrices_job), printed; the
   exit status. */
static int eval_matrices(const cli_opts *o, const char *path, const lt_magnus_params *P, const fmpq_t h,
                         const lt_free_word_t W)
{
    lt_err_t err;
    lt_err_init(err);
    lt_magnus_result_t R;
    lt_magnus_result_init(R);
    int r = 0;
    if (lt_magnus_matrices_job(R, P, W, path, h, o->ctx, err)) r = cli_fail(err);
    else {
        lt_doc d;
        cli_doc_start(&d, o);
        lt_write_magnus_errors(&d, P, R, W);
        lt_doc_end(&d, NULL);
    }
    lt_magnus_result_clear(R);
    return r;
}

typedef struct {
    long order, max_length, prec;
    const char *matrices;
    int norm;               /* lt_norm_kind */
    fmpq_t step;
    int mpi;
    const char *checkpoint;
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
    {.name = "--mpi", CLI_FLAG_AT(magnus_opts, mpi),
     .help = "share the classes among the processes of mpirun -np N (rank 0 prints; not with --matrices)"},
    {.name = "--checkpoint", CLI_STRING_AT(magnus_opts, checkpoint), .meta = "DIR",
     .help = "keep every finished class in DIR and reuse what a stopped run left there (not with --matrices)"},
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
    if (r < 0 && m.matrices && (m.mpi || m.checkpoint))
        r = cli_usage_error(o.cmd, o.sub, "%s is for the series alone, not with --matrices", m.mpi ? "--mpi" : "--checkpoint");
    if (r < 0 && m.mpi) r = cli_mpi_start(self->name);
    if (r >= 0) { cli_free(&o); fmpq_clear(m.step); return r; }
    long K = m.order;
    lt_err_t err;
    lt_err_init(err);
    lt_free_word_t W;
    lt_free_word_init(W);
    if (lt_free_word_read(W, o.pos, o.npos, m.max_length, err)) {
        lt_err_prefix(err, "magnus");
        r = cli_fail(err);
        goto out;
    }
    if (m.matrices) {
        lt_magnus_params P = {K, (lt_norm_kind)m.norm, (mpfr_prec_t)m.prec, 7};    /* 7 digits: "%.6Re" */
        r = eval_matrices(&o, m.matrices, &P, m.step, W);
        goto out;
    }
    lt_lyndon_t B;
    lt_lyndon_init(B);
    fmpq *c = NULL;
    lt_status st;
    int root = 1;
    if (m.mpi || m.checkpoint) {
        /* the classes shared among the ranks, or kept in the checkpoint */
        st = lt_free_lyndon_basis(B, W->r, K, o.ctx, err);
        if (!st) {
            c = _fmpq_vec_init(B->n);
            st = lt_mpi_magnus(c, B, W, m.checkpoint, &root, o.ctx, err);
        }
    } else st = lt_free_magnus_series(B, &c, W, K, o.ctx, err);
    if (st == LT_ELIMIT) lt_err_prefix(err, "magnus");
    if (st) {
        r = cli_fail(err);
        if (m.mpi) lt_mpi_abort(r);
    } else if (root) {
        lt_doc d;
        cli_doc_start(&d, &o);
        lt_write_magnus(&d, K, B, c, W);
        lt_doc_end(&d, NULL);
        r = 0;
    } else r = 0;
    if (c) _fmpq_vec_clear(c, B->n);
    lt_lyndon_clear(B);
out:
    lt_free_word_clear(W);
    cli_free(&o);
    fmpq_clear(m.step);
    if (m.mpi) lt_mpi_finalize();
    return r;
}
