/* lietool bch N: the Baker-Campbell-Hausdorff series Z = log(e^X e^Y) to
   degree N with exact rational coefficients in the Lyndon basis (letters X
   < Y; basis as `lietool lyndon 2 N`). --symmetric: log(e^{X/2} e^Y e^{X/2}).
   Output: the non-zero terms, one per line ("1/12 [X,[X,Y]]"); --table: every
   basis element as "index degree left right coefficient" (1-based indices,
   left and right the standard factors, 0 0 for a letter; coefficient p/q),
   the layout of the published tables; --json: {"degree", "letters",
   "symmetric", "dimension", "nonzero", "terms": [...]}.
   bch --coefficient WORD: the coefficient of one word of the free
   associative algebra in log(e^{A_1} ... e^{A_K}), the A_i the word's
   distinct letters in ASCII order (lt_free_bch_coefficient); with --lyndon,
   WORD a Lyndon word, the coefficient of its standard bracketing, the
   Lyndon basis element of --table (lt_free_bch_lyndon_coefficient). */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "doc.h"
#include "lietool/write.h"
#include "lietool/free.h"
#include "../mpi/bch.h"

static int degree_operand(long *out, const char *s, const lt_cmd *self)
{
    uint64_t v;
    if (cli_read_u64(&v, s, 1, 1000)) {
        fprintf(stderr, "lietool: %s: the degree must be an integer from 1 to 1000, not '%s'\n", self->name, s);
        return CLI_INPUT;
    }
    *out = (long)v;
    return -1;
}

typedef struct {
    int symmetric, table, mpi, estimate, lyndon;
    const char *checkpoint, *coefficient;
    long max_length, max_lyndon;
} bch_opts;

/* The default of --max-length: a word of 256 letters takes at most a few
   tenths of a second (the cost grows as the cube of the length and more:
   512 letters, 3 s; 1000, a minute and a half). */
#define BCH_MAX_LENGTH 256
/* The default of --max-lyndon: the Lyndon words of the multidegree up to
   WORD that the solve runs over (s of them: s n^2 + 2 s^2 steps) */
#define BCH_MAX_LYNDON 100000

static const cli_optdecl bch_options[] = {
    {.name = "--table", CLI_FLAG_AT(bch_opts, table), .group = CLI_G_OUTPUT,
     .help = "every basis element: index degree left right coefficient (the published tables)"},
    {.name = "--symmetric", CLI_FLAG_AT(bch_opts, symmetric), .help = "log(e^{X/2} e^Y e^{X/2}) instead"},
    {.name = "--mpi", CLI_FLAG_AT(bch_opts, mpi),
     .help = "share the classes among the processes of mpirun -np N (rank 0 prints)"},
    {.name = "--checkpoint", CLI_STRING_AT(bch_opts, checkpoint), .meta = "DIR",
     .help = "keep every finished class in DIR and reuse what a stopped run left there"},
    {.name = "--estimate", CLI_FLAG_AT(bch_opts, estimate),
     .help = "print the predicted time and memory (here, and degrees 30 and 32 under mpirun -np 16) and stop"},
    {.name = "--coefficient", CLI_STRING_AT(bch_opts, coefficient), .meta = "WORD", .flags = CLI_HIDDEN,
     .help = "the coefficient of the word WORD in log(e^A_1 ... e^A_K), A_1 < ... < A_K its letters (A-Z, a-z)"},
    {.name = "--max-length", CLI_LONG_AT(bch_opts, max_length), .meta = "L", .min = 1, .max = CLI_MAX_LENGTH,
     .flags = CLI_HIDDEN, .needs = "--coefficient", .help = "refuse words of more than L letters (default 256)"},
    {.name = "--lyndon", CLI_FLAG_AT(bch_opts, lyndon), .flags = CLI_HIDDEN, .needs = "--coefficient",
     .help = "the coefficient of the Lyndon basis element of WORD, a Lyndon word (the basis of --table)"},
    {.name = "--max-lyndon", CLI_LONG_AT(bch_opts, max_lyndon), .meta = "S", .min = 1, .max = 100000000,
     .flags = CLI_HIDDEN, .needs = "--lyndon",
     .help = "refuse when more than S Lyndon words of WORD's multidegree come up to it (default 1e5)"},
    {0}
};

const cli_decl cli_bch_decl = {
    .common = CLI_O_JSON | CLI_O_LATEX | CLI_O_MAX_ENUM | CLI_O_MAX_MEMORY, .opts = bch_options,
    .args = "N | --coefficient WORD", .min_args = 0, .max_args = -1, .what = "the degree",
};

/* --mpi: -1 once MPI is initialised, else the exit status (unavailable:
   usage; MPI_Init failing: internal). */
int cli_mpi_start(const char *cmd)
{
    if (!lt_mpi_available()) {
        fprintf(stderr, "lietool: %s: --mpi is unavailable: this lietool was built without MPI "
                        "(apt-get install libopenmpi-dev openmpi-bin, then make)\n", cmd);
        return CLI_USAGE;
    }
    lt_err_t err;
    lt_err_init(err);
    if (lt_mpi_init(NULL, NULL, err)) {
        lt_err_prefix(err, "%s: --mpi", cmd);
        return cli_fail(err);
    }
    return -1;
}

/* --coefficient WORD: the word checked (letters only, at most
   --max-length of them; lt_free_bch_word_check), its coefficient printed;
   with --lyndon that of its Lyndon basis element, and in JSON and LaTeX
   the bracket. */
static int bch_coefficient(cli_opts *o, const bch_opts *b, const lt_cmd *self)
{
    const char *w = b->coefficient, *other = b->table ? "--table" : b->symmetric ? "--symmetric"
                                             : b->mpi ? "--mpi" : b->checkpoint ? "--checkpoint" : NULL;
    if (o->npos) return cli_usage_error(self, NULL, "--coefficient takes no degree, not '%s'", o->pos[0]);
    if (other) return cli_usage_error(self, NULL, "%s does not apply with --coefficient", other);
    lt_err_t err;
    lt_err_init(err);
    fmpq_t c;
    fmpq_init(c);
    int r = 0;
    slong n = (slong)strlen(w);
    lt_status st = lt_free_bch_word_check(w, b->max_length, err);
    if (!st && b->lyndon) {
        st = lt_free_bch_lyndon_coefficient(c, (const unsigned char *)w, n, b->max_lyndon, o->ctx, err);
        if (st) lt_err_prefix(err, "'%s'", w);
    } else if (!st) st = lt_free_bch_coefficient(c, (const unsigned char *)w, n, err);
    if (st) {
        lt_err_prefix(err, "%s: --coefficient%s", self->name, b->lyndon ? " --lyndon" : "");
        r = cli_fail(err);
    } else {
        o->object = lt_strdup(w);
        lt_doc d;
        cli_doc_start(&d, o);
        lt_write_bch_coefficient(&d, w, c, b->lyndon);
        lt_doc_end(&d, NULL);
    }
    fmpq_clear(c);
    return r;
}

/* --estimate: degree N on this machine's threads, and degrees 30 and 32
   on a 16-core machine under mpirun -np 16 (lt_free_bch_estimate). */
static int bch_estimate(cli_opts *o, long N, int table, const lt_cmd *self)
{
    (void)self;
    int t = lt_free_bch_threads();
    lt_free_bch_estimate_t here, far[2];
    long degs[2] = {30, 32};
    lt_free_bch_estimate(&here, N, 1, t, table);
    for (int k = 0; k < 2; k++) lt_free_bch_estimate(far + k, degs[k], 16, 1, table);
    lt_doc d;
    cli_doc_begin(&d, o, NULL, NULL);
    lt_write_bch_estimate(&d, N, t, &here, 16, degs, far, 2);
    lt_doc_end(&d, NULL);
    return 0;
}

int cmd_bch(int argc, char **argv, const lt_cmd *self)
{
    bch_opts b = {0, 0, 0, 0, 0, NULL, NULL, BCH_MAX_LENGTH, BCH_MAX_LYNDON};
    cli_opts o;
    long N;
    int r = cli_getopts(&o, &b, argc, argv, self, NULL);
    if (r < 0 && b.coefficient) r = bch_coefficient(&o, &b, self);
    else if (r < 0 && o.npos != 1) r = cli_usage_error(self, NULL, "expected 1 operand (the degree), got %d", o.npos);
    if (r < 0) r = degree_operand(&N, o.pos[0], self);
    if (r < 0 && b.estimate) r = bch_estimate(&o, N, b.table, self);
    if (r < 0 && b.mpi) r = cli_mpi_start(self->name);
    if (r >= 0) { cli_free(&o); return r; }
    int symmetric = b.symmetric, table = b.table, root = 1;

    lt_err_t err;
    lt_err_init(err);
    lt_lyndon_t B;
    lt_lyndon_init(B);
    /* the series held compactly (W's odd degrees, integers over a
       denominator per class), Z formed as it is written */
    lt_bchw_t S;
    int have = 0;
    lt_status st;
    /* the classes shared among the ranks, or kept in the checkpoint */
    if (b.mpi || b.checkpoint) st = lt_mpi_bch(S, B, N, symmetric, table, b.checkpoint, &root, &have, o.ctx, err);
    else {
        st = lt_free_bch_prepare(S, B, N, symmetric, table, 1, o.ctx, err);
        if (!st) {
            have = 1;
            st = lt_free_bchw(S, o.ctx, err);
        }
    }
    if (st) {
        lt_err_prefix(err, "%s", self->name);
        r = cli_fail(err);
        if (b.mpi) lt_mpi_abort(r);
    } else if (root) {
        if (table) lt_write_bchw_table(stdout, S, (int)N);
        else {
            lt_doc d;
            cli_doc_begin(&d, &o, NULL, NULL);
            lt_write_bchw(&d, S);
            lt_doc_end(&d, NULL);
        }
        r = 0;
    } else r = 0;
    if (have) lt_bchw_clear(S);
    lt_lyndon_clear(B);
    cli_free(&o);
    if (b.mpi) lt_mpi_finalize();
    return r;
}
