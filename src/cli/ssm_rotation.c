/* lietool ssm rotation: the rotation task of Heo et al. 2026
   (arXiv:2603.05573, section 5) with the ideal depth-k order-blind model,
   the Magnus series of each window truncated at the class c(k) (W. Magnus,
   Comm. Pure Appl. Math. 7 (1954) 649-673; Iserles, Munthe-Kaas, Norsett
   and Zanna, Acta Numerica 9 (2000) 215-365). The library part is
   src/rotation/rotation.c (lietool/rotation.h), the CSV writer src/io, the
   result's writer src/write/rotation.c; this file parses the options and
   writes the --csv and --plot files whole or not at all. */
#include <string.h>
#include "depth.h"
#include "doc.h"
#include "lietool/free.h"
#include "lietool/io.h"
#include "lietool/rotation.h"
#include "lietool/write.h"

const cli_choice cli_rotation_maps[] = {
    {"faithful", LT_ROTATION_MAP_FAITHFUL, 0}, {"paper", LT_ROTATION_MAP_PAPER, 0}, {NULL, 0, 0}
};

/* --depth K or A..B, each part read by cli_read_u64: 0, or -1. */
static int parse_depth(void *dst, const char *v)
{
    lt_rotation_params *P = dst;
    char a[24];
    const char *dots = strstr(v, "..");
    size_t al = dots ? (size_t)(dots - v) : strlen(v);
    uint64_t lo = 0, hi = 0;
    if (al >= sizeof a) return -1;
    memcpy(a, v, al);
    a[al] = '\0';
    if (cli_read_u64(&lo, a, 1, LT_ROTATION_MAX_DEPTH) || cli_read_u64(&hi, dots ? dots + 2 : a, lo, LT_ROTATION_MAX_DEPTH))
        return -1;
    P->kmin = (int)lo;      /* at most LT_ROTATION_MAX_DEPTH */
    P->kmax = (int)hi;
    return 0;
}

/* --fit H1,H2,...: 2 to LT_ROTATION_MAX_FIT positive steps; 0, or -1. */
static int parse_fit(void *dst, const char *v)
{
    lt_rotation_params *P = dst;
    const char *s = v;
    P->nfit = 0;
    for (;;) {
        const char *e;
        if (P->nfit == LT_ROTATION_MAX_FIT || !lt_free_read_positive(&P->fit[P->nfit], s, &e) || (*e && *e != ',')) return -1;
        P->nfit++;
        if (!*e) break;
        s = e + 1;
    }
    return P->nfit < 2 ? -1 : 0;
}

/* --step H (long double *dst): a positive number; 0, or -1 (also ssm eval --task rotation). */
int cli_parse_step(void *dst, const char *v)
{
    const char *e;
    return lt_free_read_positive(dst, v, &e) && !*e ? 0 : -1;
}

typedef struct {
    lt_rotation_params P;
    int bound;                  /* lt_bound */
    int map;                    /* lt_rotation_map */
    const char *csv, *plot;
    long max_length, max_samples;
} rot_opts;

_Static_assert(LT_ROTATION_MAX_FIT == 32, "the message of --fit says 32");
static const cli_optdecl rotation_opts[] = {
    {.name = "--layers", .alias = "--depth", CLI_CUSTOM_AT(rot_opts, P), .parse = parse_depth, .meta = "K|A..B",
     .want = "K or A..B with 1 <= A <= B <= 8", .help = "the depths of the model (default 1..8)"},
    {.name = "--bound", CLI_ENUM_AT(rot_opts, bound), .choices = cli_depth_bounds,
     .help = "c(k) = 2^k - 1 (sharp, the default) or 2^(k-1) (v1, superseded by v2)"},
    {.name = "--step", CLI_CUSTOM_AT(rot_opts, P.step), .parse = cli_parse_step, .meta = "H",
     .want = "a positive number (integer, p/q or decimal)", .help = "the step h of the flow (default 0.1)"},
    {.name = "--length", CLI_LONG_AT(rot_opts, P.length), .meta = "T", .min = 1, .max = CLI_MAX_LENGTH,
     .help = "words of length T (default 64)"},
    {.name = "--window", CLI_LONG_AT(rot_opts, P.window), .meta = "W", .min = 1, .max = CLI_MAX_LENGTH,
     .help = "the model's window of W tokens (default 8)"},
    {.name = "--samples", CLI_LONG_AT(rot_opts, P.samples), .meta = "N", .min = 1, .max = CLI_MAX_SAMPLES,
     .help = "N random words (default 16)"},
    {.name = "--seed", CLI_U64_AT(rot_opts, P.seed), .meta = "S", .min = 0, .max = UINT64_MAX,
     .help = "the SplitMix64 seed (default 0)"},
    {.name = "--fit", CLI_CUSTOM_AT(rot_opts, P), .parse = parse_fit, .meta = "H1,H2,...",
     .want = "2 to 32 positive steps separated by commas",
     .help = "the steps of the slope fit (default: 8 from 1/(4W) down by factors of sqrt 2)"},
    {.name = "--map", CLI_ENUM_AT(rot_opts, map), .choices = cli_rotation_maps, .meta = "faithful|paper",
     .help = "the tokens' rotations: the representation (default), or the paper's code's map, not a homomorphism"},
    {.name = "--csv", CLI_STRING_AT(rot_opts, csv), .meta = "FILE", .help = "the MSE per position as CSV (- for standard output)"},
    {.name = "--svg", .alias = "--plot", CLI_STRING_AT(rot_opts, plot), .meta = "FILE.svg",
     .help = "the MSE against the position, as SVG (--plot is the same)"},
    {.name = "--max-length", CLI_LONG_AT(rot_opts, max_length), .meta = "T", .min = 1, .max = CLI_MAX_LENGTH,
     .help = "refuse --length above T (default 10000)"},
    {.name = "--max-samples", CLI_LONG_AT(rot_opts, max_samples), .meta = "N", .min = 1, .max = CLI_MAX_SAMPLES,
     .help = "refuse --samples above N (default 1e7)"},
    {0}
};

const cli_decl cli_ssm_rotation_decl = {
    .name = "rotation",
    .summary = "the rotation task: A5 words acting on R^3 by icosahedral rotations, against the depth-k order-blind model "
               "(each window's Magnus series truncated at c(k)); MSE per position and the fitted error exponents",
    .common = CLI_O_JSON | CLI_O_LATEX | CLI_O_MAX_ENUM | CLI_O_MAX_MEMORY, .opts = rotation_opts, .brief = 1, .max_args = 0,
    .what = "the task is fixed: A5 on R^3",
};

int cli_ssm_rotation(int argc, char **argv, const lt_cmd *self)
{
    const cli_decl *d = &cli_ssm_rotation_decl;
    rot_opts ro = {.bound = LT_BOUND_DEFAULT, .max_length = 10000, .max_samples = 10000000};
    lt_rotation_params *Pp = &ro.P;
    Pp->kmin = 1;
    Pp->kmax = LT_ROTATION_MAX_DEPTH;
    Pp->step = 0.1L;
    Pp->length = 64;
    Pp->window = 8;
    Pp->samples = 16;
    cli_opts o;
    int r = cli_getopts(&o, &ro, argc, argv, self, d);
    lt_rotation_params P = ro.P;
    P.bound = (lt_bound)ro.bound;
    P.map = (lt_rotation_map)ro.map;
    int fit_given = P.nfit > 0;
    const char *csv = ro.csv, *plot = ro.plot;
    int csv_stdout = csv && strcmp(csv, "-") == 0;
    if (r < 0 && csv_stdout && (o.json || o.latex))
        r = cli_usage_error(self, d, "--csv -: standard output already has the %s", o.json ? "JSON" : "LaTeX");
    if (r < 0) r = cli_same_output("ssm rotation", "--csv", csv, "--svg", plot);
    lt_err_t err;
    lt_err_init(err);
    if (r < 0 && (lt_err_above(err, "ssm rotation", "length", P.length, "max_length", ro.max_length)
                  || lt_err_above(err, "ssm rotation", "samples", P.samples, "max_samples", ro.max_samples)))
        r = cli_fail(err);
    if (r >= 0) {
        cli_free(&o);
        return r;
    }
    if (!fit_given) lt_rotation_default_fit(&P, 8);
    lt_rotation_result_t Z;
    lt_rotation_result_init(Z);
    /* --csv and --plot: opened first, written whole or not at all */
    lt_io_out_t Oc = {{NULL, NULL, NULL}}, Op = {{NULL, NULL, NULL}};
    if ((csv && !csv_stdout && !lt_io_out_open(Oc, csv, err)) || (plot && !lt_io_out_open(Op, plot, err))) r = cli_fail(err);
    else if (lt_rotation_run(Z, &P, o.ctx, err)) {
        lt_err_prefix(err, "ssm rotation");
        r = cli_fail(err);
    } else {
        if (csv) lt_io_write_rotation_csv(csv_stdout ? stdout : Oc->f, &P, Z);   /* standard output: checked by main */
        lt_plot_t F;
        lt_plot_init(F, 0, 0);
        if (plot) lt_rotation_plot(F, &P, Z);
        if ((csv && lt_io_out_commit(Oc, err)) || (plot && lt_io_out_svg(Op, F, err))) r = cli_fail(err);
        else if (!csv_stdout) {
            lt_doc doc;
            cli_doc_start(&doc, &o);
            lt_write_rotation(&doc, &P, Z);
            lt_doc_end(&doc, NULL);
        }
        lt_plot_clear(F);
    }
    lt_io_out_abort(Oc);
    lt_io_out_abort(Op);
    lt_rotation_result_clear(Z);
    cli_free(&o);
    return r < 0 ? 0 : r;
}
