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
#include "cli.h"
#include "lietool/depth.h"
#include "lietool/free.h"
#include "lietool/rotation.h"

static const lt_cmd rot_cmd = {
    "ssm rotation", NULL,
    "[--depth K|A..B] [--bound v1|sharp] [--step H] [--length T] [--window W] [--samples N] [--seed S] "
    "[--fit H1,H2,...] [--json] [--csv FILE] [--plot FILE.svg] [--max-length T] [--max-samples N]",
    "the rotation task: A5 words acting on R^3 by icosahedral rotations, against the depth-k order-blind model "
    "(each window's Magnus series truncated at c(k)); MSE per position and the fitted error exponents"
};

static int rot_usage(const char *fmt, const char *v)
{
    fprintf(stderr, "lietool: ssm rotation: ");
    fprintf(stderr, fmt, v);
    fprintf(stderr, "\nusage: lietool %s %s\n", rot_cmd.name, rot_cmd.usage);
    return CLI_USAGE;
}

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

static int parse_depth(lt_rotation_params *P, const char *v)
{
    /* K, or A..B: each part read by cli_read_u64 */
    char a[24];
    const char *dots = strstr(v, "..");
    size_t al = dots ? (size_t)(dots - v) : strlen(v);
    uint64_t lo = 0, hi = 0;
    if (al < sizeof a) {
        memcpy(a, v, al);
        a[al] = '\0';
    }
    if (al >= sizeof a || cli_read_u64(&lo, a, 1, LT_ROTATION_MAX_DEPTH)
        || cli_read_u64(&hi, dots ? dots + 2 : a, lo, LT_ROTATION_MAX_DEPTH))
        return rot_usage("--depth takes K or A..B with 1 <= A <= B <= 8, not '%s'", v);
    P->kmin = (int)lo;
    P->kmax = (int)hi;
    return -1;
}

static int parse_fit(lt_rotation_params *P, const char *v)
{
    const char *s = v;
    P->nfit = 0;
    for (;;) {
        const char *e;
        if (P->nfit == LT_ROTATION_MAX_FIT)
            return rot_usage("--fit takes at most 32 steps: '%s'", v);
        if (!read_step(&P->fit[P->nfit], s, &e) || (*e && *e != ','))
            return rot_usage("--fit takes positive steps separated by commas, not '%s'", v);
        P->nfit++;
        if (!*e) break;
        s = e + 1;
    }
    if (P->nfit < 2) return rot_usage("--fit needs at least 2 steps for a slope: '%s'", v);
    return -1;
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
        printf("  predicted O(h^(c(k)+1)) per window (Heo et al. 2026, Corollary 3.6)\n");
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

static void put_json(const lt_rotation_params *P, const lt_rotation_result_t Z)
{
    int nd = Z->ndepth;
    lt_rotation_icosa_t I;
    lt_rotation_icosa_init(I);
    printf("{\"task\": \"rotation\", \"group\": \"A5\", \"tokens\": \"abstract_algebra\", \"generators\": {");
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

/* ---- the SVG plot, written by hand ---- */

static const char *const colours[LT_ROTATION_MAX_DEPTH] = {
    "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f"};

typedef struct {
    double x0, y0, w, h;        /* the plot area, in pixels */
    double xmin, xmax;          /* data range (log10 when xlog) */
    double ymin, ymax;          /* log10 range */
    int xlog;
} panel;

static double px(const panel *p, double x)
{
    if (p->xlog) x = log10(x);
    return p->x0 + (p->xmax > p->xmin ? (x - p->xmin) / (p->xmax - p->xmin) : 0.5) * p->w;
}

/* y in pixels for a value; values at or below 10^ymin sit on the bottom edge */
static double py(const panel *p, double v)
{
    double l = v > 0 ? log10(v) : p->ymin;
    if (l < p->ymin) l = p->ymin;
    if (l > p->ymax) l = p->ymax;
    return p->y0 + p->h - (l - p->ymin) / (p->ymax - p->ymin) * p->h;
}

/* the decades spanned by the positive values, at least one, at most 40 below the top */
static void log_range(panel *p, const double *v, size_t n, size_t stride)
{
    double lo = INFINITY, hi = -INFINITY;
    for (size_t i = 0; i < n; i++) {
        double x = v[i * stride];
        if (x > 0 && isfinite(x)) { if (x < lo) lo = x; if (x > hi) hi = x; }
    }
    if (!(hi > 0)) { lo = 1e-40; hi = 1; }
    p->ymax = ceil(log10(hi));
    p->ymin = floor(log10(lo));
    if (p->ymax - p->ymin < 1) p->ymin = p->ymax - 1;
    if (p->ymax - p->ymin > 40) p->ymin = p->ymax - 40;
}

static void axes(FILE *f, const panel *p, const char *title, const char *xlabel, const char *ylabel)
{
    fprintf(f, "<g font-family=\"sans-serif\" font-size=\"12\" fill=\"#000\">\n");
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"14\" font-weight=\"bold\">%s</text>\n",
            p->x0 + p->w / 2, p->y0 - 14, title);
    fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" stroke=\"#000\"/>\n",
            p->x0, p->y0, p->w, p->h);
    /* y ticks: decades, at most 10 labels */
    int span = (int)(p->ymax - p->ymin), every = (span + 9) / 10;
    if (every < 1) every = 1;
    for (int e = (int)p->ymin; e <= (int)p->ymax; e++) {
        if ((e - (int)p->ymin) % every) continue;
        double y = p->y0 + p->h - (e - p->ymin) / (p->ymax - p->ymin) * p->h;
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", p->x0, y, p->x0 + p->w, y);
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">1e%d</text>\n", p->x0 - 4, y + 4, e);
    }
    /* x ticks */
    if (p->xlog) {
        int lo = (int)floor(p->xmin), hi = (int)ceil(p->xmax);
        for (int e = lo; e <= hi; e++)
            for (int m = 1; m <= 9; m++) {
                double l = e + log10((double)m);
                if (l < p->xmin - 1e-9 || l > p->xmax + 1e-9) continue;
                double x = p->x0 + (p->xmax > p->xmin ? (l - p->xmin) / (p->xmax - p->xmin) : 0.5) * p->w;
                fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#000\"/>\n",
                        x, p->y0 + p->h, x, p->y0 + p->h + (m == 1 ? 6 : 3));
                if (m == 1 || m == 2 || m == 5)
                    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%ge%d</text>\n",
                            x, p->y0 + p->h + 18, (double)m, e);
            }
    } else {
        /* the smallest of 1, 2, 5 times a power of 10 giving at most 8 ticks */
        double range = p->xmax - p->xmin, step = 1;
        static const double nice[3] = {1, 2, 5};
        for (int i = 0; range / step > 8; i++) step = nice[(i + 1) % 3] * pow(10, (i + 1) / 3);
        for (double v = ceil(p->xmin / step) * step; v <= p->xmax + 1e-9; v += step) {
            double x = px(p, v);
            fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#000\"/>\n",
                    x, p->y0 + p->h, x, p->y0 + p->h + 5);
            fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%g</text>\n", x, p->y0 + p->h + 18, v);
        }
    }
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">%s</text>\n", p->x0 + p->w / 2, p->y0 + p->h + 38, xlabel);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" transform=\"rotate(-90 %.1f %.1f)\">%s</text>\n",
            p->x0 - 48, p->y0 + p->h / 2, p->x0 - 48, p->y0 + p->h / 2, ylabel);
    fprintf(f, "</g>\n");
}

static void legend(FILE *f, double x, double y, int d, const char *text)
{
    fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"/>\n",
            x, y + 16.0 * d, x + 22, y + 16.0 * d, colours[d]);
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-family=\"sans-serif\" font-size=\"12\">%s</text>\n",
            x + 28, y + 16.0 * d + 4, text);
}

static int put_svg(const char *path, const lt_rotation_params *P, const lt_rotation_result_t Z)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "lietool: ssm rotation: cannot write '%s': %s\n", path, strerror(errno));
        return CLI_INPUT;
    }
    int nd = Z->ndepth, fit = Z->nstep > 2;
    double W = fit ? 1180 : 580, H = 440;
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\">\n", W, H, W, H);
    fprintf(f, "<title>lietool ssm rotation: error of the depth-k order-blind model</title>\n");
    fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n");
    fprintf(f, "<text x=\"%.0f\" y=\"22\" text-anchor=\"middle\" font-family=\"sans-serif\" font-size=\"13\">"
               "A5 rotation task: step h = %.4Lg, window W = %ld, %ld samples, bound %s</text>\n",
            W / 2, P->step, P->window, P->samples, lt_depth_bound_name(P->bound));
    /* panel 1: MSE against position, one line per depth */
    panel a = {80, 60, 320, 300, 1, (double)Z->length, 0, 0, 0};
    log_range(&a, Z->mse, (size_t)nd * (size_t)Z->length, 1);
    if (Z->length == 1) a.xmax = 2;
    axes(f, &a, "MSE per position", "position t", "MSE (log scale)");
    for (int d = 0; d < nd; d++) {
        const double *m = mse_row(Z, 0, d);
        fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" points=\"", colours[d]);
        for (long t = 0; t < Z->length; t++) fprintf(f, "%s%.1f,%.1f", t ? " " : "", px(&a, (double)(t + 1)), py(&a, m[t]));
        fprintf(f, "\"/>\n");
        char buf[64];
        snprintf(buf, sizeof buf, "depth %d (c = %lu)", P->kmin + d, Z->cls[d]);
        legend(f, a.x0 + a.w + 16, a.y0 + 8, d, buf);
    }
    if (fit) {
        /* panel 2: RMS error against h, log-log, with the fitted slopes */
        panel b = {630, 60, 300, 300, 0, 0, 0, 0, 1};
        double lo = INFINITY, hi = -INFINITY;
        for (int s = 1; s < Z->nstep; s++) {
            double l = log10((double)Z->steps[s]);
            if (l < lo) lo = l;
            if (l > hi) hi = l;
        }
        b.xmin = lo; b.xmax = hi;
        if (hi - lo < 1e-9) { b.xmin -= 0.5; b.xmax += 0.5; }
        log_range(&b, Z->rms + nd, (size_t)(Z->nstep - 1) * nd, 1);
        axes(f, &b, "RMS error against step h", "step h (log scale)", "RMS error (log scale)");
        for (int d = 0; d < nd; d++) {
            fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\" points=\"", colours[d]);
            for (int s = 1; s < Z->nstep; s++)
                fprintf(f, "%s%.1f,%.1f", s > 1 ? " " : "", px(&b, (double)Z->steps[s]), py(&b, Z->rms[s * nd + d]));
            fprintf(f, "\"/>\n");
            for (int s = 1; s < Z->nstep; s++)
                fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"%s\"/>\n",
                        px(&b, (double)Z->steps[s]), py(&b, Z->rms[s * nd + d]), colours[d]);
            char buf[96];
            if (isnan(Z->slope[d])) snprintf(buf, sizeof buf, "k=%d: slope -, c+1 = %lu", P->kmin + d, Z->expo[d]);
            else snprintf(buf, sizeof buf, "k=%d: slope %.2f, c+1 = %lu", P->kmin + d, Z->slope[d], Z->expo[d]);
            legend(f, b.x0 + b.w + 14, b.y0 + 8, d, buf);
        }
        fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" font-family=\"sans-serif\" font-size=\"11\" fill=\"#555\">"
                   "points below %.0e (rounding) are not fitted</text>\n", b.x0, b.y0 + b.h + 56, Z->floor);
    }
    fprintf(f, "</svg>\n");
    int bad = ferror(f);
    if (fclose(f) != 0) bad = 1;
    if (bad) {
        fprintf(stderr, "lietool: ssm rotation: error writing '%s'\n", path);
        return CLI_INPUT;
    }
    return -1;
}

int cli_ssm_rotation(int argc, char **argv, const lt_cmd *self)
{
    (void)self;
    lt_rotation_params P;
    memset(&P, 0, sizeof P);
    P.kmin = 1;
    P.kmax = LT_ROTATION_MAX_DEPTH;
    P.bound = LT_BOUND_DEFAULT;
    P.step = 0.1L;
    P.length = 64;
    P.window = 8;
    P.samples = 16;
    int fit_given = 0;
    const char *csv = NULL, *plot = NULL;
    char **av = lt_malloc((size_t)(argc + 1) * sizeof *av);
    int ac = 0, r = -1;
    av[ac++] = argv[0];
    for (int i = 1; i < argc && r < 0; i++) {
        const char *v;
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            printf("usage: lietool %s %s\n%s\n", rot_cmd.name, rot_cmd.usage, rot_cmd.summary);
            printf("defaults: --depth 1..8 --bound v1 --step 0.1 --length 64 --window 8 --samples 16 --seed 0,\n"
                   "  --fit: 8 steps from 1/(4W) down by factors of sqrt 2; --max-length 10000 --max-samples 10000000;\n"
                   "  --max-memory MIB bounds the error tables; --csv - writes the CSV on standard output\n");
            r = 0;
        } else if ((v = cli_opt_value(argc, argv, &i, "--depth"))) {
            r = *v ? parse_depth(&P, v) : rot_usage("%s needs a value", "--depth");
        } else if ((v = cli_opt_value(argc, argv, &i, "--bound"))) {
            if (!lt_depth_bound_parse(&P.bound, v)) r = rot_usage("--bound takes v1 or sharp, not '%s'", v);
        } else if ((v = cli_opt_value(argc, argv, &i, "--step"))) {
            const char *e;
            if (!read_step(&P.step, v, &e) || *e)
                r = rot_usage("--step needs a positive number (integer, p/q or decimal), not '%s'", v);
        } else if ((v = cli_opt_value(argc, argv, &i, "--window"))) {
            char fmt[CLI_FMT_SIZE];
            if (cli_option_long(&P.window, v, "--window", 1, CLI_MAX_LENGTH, fmt)) r = rot_usage(fmt, v);
        } else if ((v = cli_opt_value(argc, argv, &i, "--fit"))) {
            r = *v ? parse_fit(&P, v) : rot_usage("%s needs a value", "--fit");
            fit_given = 1;
        } else if ((v = cli_opt_value(argc, argv, &i, "--csv"))) {
            if (!*v) r = rot_usage("%s needs a file name", "--csv");
            csv = v;
        } else if ((v = cli_opt_value(argc, argv, &i, "--plot"))) {
            if (!*v) r = rot_usage("%s needs a file name", "--plot");
            plot = v;
        } else {
            av[ac++] = argv[i];
        }
    }
    av[ac] = NULL;
    /* --length, --samples, --seed and their limits as dataset takes them */
    ds_opts ds;
    memset(&ds, 0, sizeof ds);
    cli_opts o;
    memset(&o, 0, sizeof o);
    if (r < 0) r = cli_dataset_opts(&ds, ac, av, 1, "lsSLM", &rot_cmd);
    if (r < 0) {
        if (ds.length > 0) P.length = ds.length;
        if (ds.samples > 0) P.samples = ds.samples;
        P.seed = ds.seed;
        r = cli_parse(&o, ds.ac, ds.av, &rot_cmd);
    }
    if (r < 0 && o.npos > 0) r = rot_usage("unexpected argument '%s' (the task is fixed: A5 on R^3)", o.pos[0]);
    if (r < 0 && (o.gap || o.flt)) r = rot_usage("%s does not apply here", o.gap ? "--format gap" : "--float");
    if (r < 0 && csv && strcmp(csv, "-") == 0 && o.json) r = rot_usage("%s: standard output already has the JSON", "--csv -");
    if (r < 0 && P.length > ds.max_length) {
        fprintf(stderr, "lietool: ssm rotation: --length %ld is above --max-length %ld\n", P.length, ds.max_length);
        r = CLI_LIMIT;
    }
    if (r < 0 && P.samples > ds.max_samples) {
        fprintf(stderr, "lietool: ssm rotation: --samples %ld is above --max-samples %ld\n", P.samples, ds.max_samples);
        r = CLI_LIMIT;
    }
    if (r >= 0) {
        cli_free(&o);
        cli_dataset_free(&ds);
        lt_free(av);
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
            if (o.json) put_json(&P, Z);
            else put_text(&P, Z);
            if (csv) r = put_csv(csv, &P, Z);
        }
        if (r < 0 && plot) r = put_svg(plot, &P, Z);
        if (r < 0) r = 0;
    }
    lt_rotation_result_clear(Z);
    cli_free(&o);
    cli_dataset_free(&ds);
    lt_free(av);
    return r;
}
