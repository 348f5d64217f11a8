/* lietool ssm rotation: the rotation task of Heo et al. 2026
   (arXiv:2603.05573, section 5) with the ideal depth-k order-blind model,
   the Magnus series of each window truncated at the class c(k) (W. Magnus,
   Comm. Pure Appl. Math. 7 (1954) 649-673; Iserles, Munthe-Kaas, Norsett
   and Zanna, Acta Numerica 9 (2000) 215-365). The library part is
   src/ssm/rotation.c (lietool/rotation.h); this file parses the options
   and writes the text, JSON, CSV and SVG outputs. */
#include <errno.h>
#include <float.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <flint/fmpq.h>
#include <mpfr.h>
#include "depth.h"
#include "lietool/free.h"
#include "lietool/plot.h"
#include "lietool/rotation.h"

/* A positive real number written as for magnus --step (integer, p/q or
   decimal), up to the end of s or the character stop; *end past it. */
static int read_step(long double *out, const char *s, const char **end)
{
    fmpq_t q;
    fmpq_init(q);
    int ok = lt_free_read_q(q, s, end) && fmpq_sgn(q) > 0;
    if (ok) {
        mpfr_t x;
        mpfr_init2(x, 80);
        mpq_t m;
        mpq_init(m);
        fmpq_get_mpq(m, q);
        mpfr_set_q(x, m, MPFR_RNDN);
        *out = mpfr_get_ld(x, MPFR_RNDN);
        ok = isfinite(*out) && *out > 0;
        mpq_clear(m);
        mpfr_clear(x);
    }
    fmpq_clear(q);
    return ok;
}

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
        if (P->nfit == LT_ROTATION_MAX_FIT || !read_step(&P->fit[P->nfit], s, &e) || (*e && *e != ',')) return -1;
        P->nfit++;
        if (!*e) break;
        s = e + 1;
    }
    return P->nfit < 2 ? -1 : 0;
}

/* --step H: a positive number; 0, or -1. */
static int parse_step(void *dst, const char *v)
{
    const char *e;
    return read_step(dst, v, &e) && !*e ? 0 : -1;
}

/* ---- outputs ---- */

static const char *bound_text(lt_bound b)
{
    return b == LT_BOUND_V1 ? "v1: c(k) = 2^(k-1), as published (arXiv:2603.05573v1); --bound sharp for 2^k - 1"
                            : "sharp: c(k) = 2^k - 1 (class c has derived length floor(log2 c) + 1); v1 (2^(k-1), as published) is the default";
}

static double mean_mse(const lt_rotation_result_t Z, int s, int d)
{
    double r = Z->rms[s * Z->ndepth + d];
    return r * r;
}

static const double *mse_row(const lt_rotation_result_t Z, int s, int d)
{
    return Z->mse + ((size_t)s * Z->ndepth + d) * (size_t)Z->length;
}

static void put_text(const lt_rotation_params *P, const lt_rotation_result_t Z)
{
    int nd = Z->ndepth;
    printf("rotation task: A5 acting on R^3 by the icosahedral rotations\n");
    printf("  %-22s %s\n", "tokens", "the 60 elements of A5 in the order of 'lietool table A5' (abstract_algebra)");
    printf("  %-22s %s\n", "representation", "R(gh) = R(g) R(h) (gh applies h first), R((1,2,3)) = [[0,0,1],[1,0,0],[0,1,0]],");
    printf("  %-22s %s\n", "", "R((1,3,5,2,4)) = the 72-degree rotation about (0, 1, golden ratio)");
    printf("  %-22s %s\n", "flow", "v_t = exp(h X(x_t)) v_(t-1), v_0 = (1,1,1)/sqrt 3, X = log R (principal)");
    printf("  %-22s %s\n", "model", "depth k: each window's Magnus series truncated at degree c(k), windows chained");
    printf("  %-22s %s\n", "bound", bound_text(P->bound));
    printf("  %-22s %.6Lg\n", "step h", P->step);
    printf("  %-22s %ld, %ld\n", "length, window", P->length, P->window);
    printf("  %-22s %ld, %" PRIu64 "\n", "samples, seed", P->samples, P->seed);
    printf("  %-22s %.4g per window at most%s\n", "generator mass", Z->mass,
           Z->mass < M_PI ? " (below pi: the Magnus series converges)"
                          : " (not below pi: the Magnus series may diverge)");
    printf("  %-22s %s\n", "error", "MSE: mean over samples and coordinates of (v_model - v_true)^2; RMS: sqrt of its mean over positions");
    printf("  %-22s %s\n", "arithmetic", "long double (64-bit significand)");
    printf("\n  depth  c(k)  mean MSE    MSE at T    slope  c(k)+1  fit points\n");
    for (int d = 0; d < nd; d++) {
        printf("  %5d  %4lu  %.3e   %.3e  ", P->kmin + d, Z->cls[d], mean_mse(Z, 0, d),
               mse_row(Z, 0, d)[Z->length - 1]);
        if (isnan(Z->slope[d])) printf("%5s", "-");
        else printf("%5.2f", Z->slope[d]);
        printf("  %6lu  %d of %d\n", Z->expo[d], Z->points[d], P->nfit);
    }
    if (P->nfit > 0) {
        printf("\n  slope: of log RMS error against log h over the %d fit steps (RMS errors above %.0e);\n",
               P->nfit, Z->floor);
        printf("  predicted O(h^(c(k)+1)) per window (%s)\n", lt_depth_cite_reading(LT_SRC_HEO_COR36, P->bound));
        printf("\n  RMS error  ");
        for (int d = 0; d < nd; d++) printf(d < nd - 1 ? "  k=%-7d" : "  k=%d", P->kmin + d);
        printf("\n");
        for (int s = 1; s < Z->nstep; s++) {
            printf("  h=%.3Le", Z->steps[s]);
            for (int d = 0; d < nd; d++) printf("  %.3e", Z->rms[s * nd + d]);
            printf("\n");
        }
    }
    /* MSE at the window ends, at most 16 of them and the last position */
    long nw = (P->length + P->window - 1) / P->window, every = (nw + 15) / 16;
    printf("\n  MSE at     ");
    for (int d = 0; d < nd; d++) printf(d < nd - 1 ? "  k=%-7d" : "  k=%d", P->kmin + d);
    printf("\n");
    for (long w = 0; w < nw; w++) {
        long t = (w + 1) * P->window < P->length ? (w + 1) * P->window : P->length;
        if ((w + 1) % every != 0 && t != P->length) continue;
        printf("  t=%-9ld", t);
        for (int d = 0; d < nd; d++) printf("  %.3e", mse_row(Z, 0, d)[t - 1]);
        printf("\n");
    }
    printf("  (window ends; every position in --json and --csv)\n");
}

static void put_json(const cli_opts *o, const lt_rotation_params *P, const lt_rotation_result_t Z)
{
    int nd = Z->ndepth;
    lt_rotation_icosa_t I;
    lt_rotation_icosa_init(I);
    cli_json_begin(o);
    printf(", \"task\": \"rotation\", \"group\": \"A5\", \"tokens\": \"abstract_algebra\", \"generator_matrices\": {");
    for (int g = 0; g < 2; g++) {
        printf("%s\"%s\": [", g ? ", " : "", g ? "(1,3,5,2,4)" : "(1,2,3)");
        for (int i = 0; i < 3; i++)
            printf("%s[%.17Lg, %.17Lg, %.17Lg]", i ? ", " : "", I->R[I->gens[g]][3 * i],
                   I->R[I->gens[g]][3 * i + 1], I->R[I->gens[g]][3 * i + 2]);
        printf("]");
    }
    printf("}");
    lt_rotation_icosa_clear(I);
    printf(", \"v0\": [%.17g, %.17g, %.17g]", 1 / sqrt(3.0), 1 / sqrt(3.0), 1 / sqrt(3.0));
    printf(", \"bound\": \"%s\", \"step\": %.17Lg, \"length\": %ld, \"window\": %ld, \"samples\": %ld, \"seed\": \"%" PRIu64 "\"",
           lt_depth_bound_name(P->bound), P->step, P->length, P->window, P->samples, P->seed);
    printf(", \"arithmetic\": \"long double\", \"generator_mass\": %.6e, \"floor\": %.1e, \"fit_steps\": [",
           Z->mass, Z->floor);
    for (int s = 1; s < Z->nstep; s++) printf("%s%.17Lg", s > 1 ? ", " : "", Z->steps[s]);
    printf("], \"depths\": [");
    for (int d = 0; d < nd; d++) {
        const double *m = mse_row(Z, 0, d);
        printf("%s{\"depth\": %d, \"truncation_class\": %lu, \"predicted_exponent\": %lu, \"slope\": ",
               d ? ", " : "", P->kmin + d, Z->cls[d], Z->expo[d]);
        if (isnan(Z->slope[d])) printf("null");
        else printf("%.6f", Z->slope[d]);
        printf(", \"fit_points\": %d, \"fit_rms_error\": [", Z->points[d]);
        for (int s = 1; s < Z->nstep; s++) printf("%s%.6e", s > 1 ? ", " : "", Z->rms[s * nd + d]);
        printf("], \"mean_mse\": %.6e, \"rms_error\": %.6e, \"mse\": [", mean_mse(Z, 0, d), Z->rms[d]);
        for (long t = 0; t < Z->length; t++) printf("%s%.6e", t ? ", " : "", m[t]);
        printf("]}");
    }
    printf("]}\n");
}

static int put_csv(const char *path, const lt_rotation_params *P, const lt_rotation_result_t Z)
{
    FILE *f = strcmp(path, "-") == 0 ? stdout : fopen(path, "w");
    if (!f) {
        fprintf(stderr, "lietool: ssm rotation: cannot write '%s': %s\n", path, strerror(errno));
        return CLI_INPUT;
    }
    fprintf(f, "kind,step,depth,truncation_class,position,mse\n");
    for (int s = 0; s < Z->nstep; s++)
        for (int d = 0; d < Z->ndepth; d++) {
            const double *m = mse_row(Z, s, d);
            for (long t = 0; t < Z->length; t++)
                fprintf(f, "%s,%.10Lg,%d,%lu,%ld,%.6e\n", s ? "fit" : "run", Z->steps[s],
                        P->kmin + d, Z->cls[d], t + 1, m[t]);
        }
    int bad = ferror(f);
    if (f != stdout && fclose(f) != 0) bad = 1;
    if (bad) {
        fprintf(stderr, "lietool: ssm rotation: error writing '%s'\n", path);
        return CLI_INPUT;
    }
    return -1;
}

/* ---- the SVG plot (lietool/plot.h) ---- */

static int put_svg(const char *path, const lt_rotation_params *P, const lt_rotation_result_t Z)
{
    lt_plot_t F;
    lt_plot_init(F, 0, 0);
    lt_rotation_plot(F, P, Z);
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "lietool: ssm rotation: cannot write '%s': %s\n", path, strerror(errno));
        lt_plot_clear(F);
        return CLI_INPUT;
    }
    lt_err_t err;
    lt_err_init(err);
    int bad = lt_plot_write_svg(f, F, err) != LT_OK;
    if (fclose(f) != 0) bad = 1;
    lt_plot_clear(F);
    if (bad) {
        fprintf(stderr, "lietool: ssm rotation: error writing '%s'\n", path);
        return CLI_INPUT;
    }
    return -1;
}

typedef struct {
    lt_rotation_params P;
    int bound;                  /* lt_bound */
    const char *csv, *plot;
    long max_length, max_samples;
} rot_opts;

_Static_assert(LT_ROTATION_MAX_FIT == 32, "the message of --fit says 32");
static const cli_optdecl rotation_opts[] = {
    {.name = "--depth", CLI_CUSTOM_AT(rot_opts, P), .parse = parse_depth, .meta = "K|A..B",
     .want = "K or A..B with 1 <= A <= B <= 8", .help = "the depths of the model (default 1..8)"},
    {.name = "--bound", CLI_ENUM_AT(rot_opts, bound), .choices = cli_depth_bounds,
     .help = "c(k) = 2^(k-1), as published (v1, the default), or 2^k - 1 (sharp)"},
    {.name = "--step", CLI_CUSTOM_AT(rot_opts, P.step), .parse = parse_step, .meta = "H",
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
    {.name = "--csv", CLI_STRING_AT(rot_opts, csv), .meta = "FILE", .help = "the MSE per position as CSV (- for standard output)"},
    {.name = "--plot", CLI_STRING_AT(rot_opts, plot), .meta = "FILE.svg", .help = "the MSE against the position, as SVG"},
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
    .common = CLI_O_JSON | CLI_O_MAX_MEMORY, .opts = rotation_opts, .brief = 1, .max_args = 0,
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
    int fit_given = P.nfit > 0;
    const char *csv = ro.csv, *plot = ro.plot;
    if (r < 0 && csv && strcmp(csv, "-") == 0 && o.json)
        r = cli_usage_error(self, d, "--csv -: standard output already has the JSON");
    if (r < 0 && P.length > ro.max_length) {
        fprintf(stderr, "lietool: ssm rotation: --length %ld is above --max-length %ld\n", P.length, ro.max_length);
        r = CLI_LIMIT;
    }
    if (r < 0 && P.samples > ro.max_samples) {
        fprintf(stderr, "lietool: ssm rotation: --samples %ld is above --max-samples %ld\n", P.samples, ro.max_samples);
        r = CLI_LIMIT;
    }
    if (r >= 0) {
        cli_free(&o);
        return r;
    }
    if (!fit_given) lt_rotation_default_fit(&P, 8);
    lt_rotation_result_t Z;
    lt_rotation_result_init(Z);
    lt_err_t err;
    lt_err_init(err);
    if (lt_rotation_run(Z, &P, o.ctx, err)) {
        lt_err_prefix(err, "ssm rotation");
        r = cli_fail(err);
    } else {
        r = -1;
        if (csv && strcmp(csv, "-") == 0) r = put_csv(csv, &P, Z);
        else {
            if (o.json) put_json(&o, &P, Z);
            else put_text(&P, Z);
            if (csv) r = put_csv(csv, &P, Z);
        }
        if (r < 0 && plot) r = put_svg(plot, &P, Z);
        if (r < 0) r = 0;
    }
    lt_rotation_result_clear(Z);
    cli_free(&o);
    return r;
}
