/* Figures as SVG (lietool/plot.h). */
#include <math.h>
#include <string.h>
#include "lietool/plot.h"

struct lt_plot_series_struct {
    long n;
    double *x, *y;
    char *label;
    char *colour, *dash;
    double width, marker;
};

struct lt_plot_panel_struct {
    double x0, y0, w, h;
    char *title, *note;
    lt_plot_axis x, y;          /* labels owned */
    int legend;
    int nseries;
    lt_plot_series_struct *series;
};

static char *dup_or_null(const char *s)
{
    return s ? lt_strdup(s) : NULL;
}

void lt_plot_init(lt_plot_t F, double width, double height)
{
    memset(F, 0, sizeof *F);
    F->width = width;
    F->height = height;
}

void lt_plot_clear(lt_plot_t F)
{
    for (int p = 0; p < F->npanels; p++) {
        lt_plot_panel_struct *P = &F->panels[p];
        for (int i = 0; i < P->nseries; i++) {
            lt_plot_series_struct *S = &P->series[i];
            lt_free(S->x); lt_free(S->y); lt_free(S->label); lt_free(S->colour); lt_free(S->dash);
        }
        lt_free(P->series);
        lt_free(P->title);
        lt_free(P->note);
        lt_free((char *)P->x.label);
        lt_free((char *)P->y.label);
    }
    lt_free(F->panels);
    lt_free(F->title);
    lt_free(F->heading);
}

void lt_plot_titles(lt_plot_t F, const char *title, const char *heading)
{
    lt_free(F->title);
    lt_free(F->heading);
    F->title = dup_or_null(title);
    F->heading = dup_or_null(heading);
}

int lt_plot_add_panel(lt_plot_t F, const lt_plot_panel_spec *S)
{
    F->panels = lt_realloc(F->panels, (size_t)(F->npanels + 1) * sizeof *F->panels);
    lt_plot_panel_struct *P = &F->panels[F->npanels];
    memset(P, 0, sizeof *P);
    P->x0 = S->x0; P->y0 = S->y0; P->w = S->w; P->h = S->h;
    P->title = dup_or_null(S->title);
    P->x = S->x;
    P->y = S->y;
    P->x.label = dup_or_null(S->x.label);
    P->y.label = dup_or_null(S->y.label);
    P->legend = S->legend;
    return F->npanels++;
}

const char *lt_plot_colour(int i)
{
    static const char *const palette[10] = {
        "#1f77b4", "#ff7f0e", "#2ca02c", "#d62728", "#9467bd", "#8c564b", "#e377c2", "#7f7f7f", "#bcbd22", "#17becf"};
    return palette[(i % 10 + 10) % 10];
}

void lt_plot_add_series(lt_plot_t F, int p, const double *x, const double *y, long n,
                        const char *label, const lt_plot_style *style)
{
    lt_plot_panel_struct *P = &F->panels[p];
    P->series = lt_realloc(P->series, (size_t)(P->nseries + 1) * sizeof *P->series);
    lt_plot_series_struct *S = &P->series[P->nseries];
    S->n = n;
    S->x = lt_malloc((size_t)(n ? n : 1) * sizeof *S->x);
    S->y = lt_malloc((size_t)(n ? n : 1) * sizeof *S->y);
    memcpy(S->x, x, (size_t)n * sizeof *S->x);
    memcpy(S->y, y, (size_t)n * sizeof *S->y);
    S->label = dup_or_null(label);
    S->colour = lt_strdup(style && style->colour ? style->colour : lt_plot_colour(P->nseries));
    S->dash = dup_or_null(style ? style->dash : NULL);
    S->width = style && style->width > 0 ? style->width : 1.5;
    S->marker = style ? style->marker : 0;
    P->nseries++;
}

void lt_plot_note(lt_plot_t F, int p, const char *text)
{
    lt_plot_panel_struct *P = &F->panels[p];
    lt_free(P->note);
    P->note = dup_or_null(text);
}

/* ---- writing ---- */

static void put_escaped(FILE *f, const char *s)
{
    for (; *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        default: fputc(*s, f);
        }
    }
}

/* <text x y [attributes]>TEXT</text> */
static void put_text(FILE *f, double x, double y, const char *attrs, const char *text)
{
    fprintf(f, "<text x=\"%.1f\" y=\"%.1f\"%s%s>", x, y, attrs && *attrs ? " " : "", attrs ? attrs : "");
    put_escaped(f, text);
    fputs("</text>\n", f);
}

/* An axis's range in plot units (log10 for a logarithmic axis), from the
   panel's series when not given. */
static void axis_range(double *lo, double *hi, const lt_plot_panel_struct *P, int yaxis)
{
    const lt_plot_axis *A = yaxis ? &P->y : &P->x;
    if (!isnan(A->min) && !isnan(A->max)) {
        *lo = A->log ? log10(A->min) : A->min;
        *hi = A->log ? log10(A->max) : A->max;
        if (!(*hi > *lo)) { *lo -= 0.5; *hi += 0.5; }
        return;
    }
    double a = INFINITY, b = -INFINITY;
    for (int i = 0; i < P->nseries; i++)
        for (long k = 0; k < P->series[i].n; k++) {
            double v = yaxis ? P->series[i].y[k] : P->series[i].x[k];
            if (!isfinite(v) || (A->log && !(v > 0))) continue;
            if (v < a) a = v;
            if (v > b) b = v;
        }
    if (A->log) {
        if (!(b > 0)) { a = 1e-40; b = 1; }
        if (A->tight) {
            *lo = log10(a); *hi = log10(b);
            if (*hi - *lo < 1e-9) { *lo -= 0.5; *hi += 0.5; }
            return;
        }
        *hi = ceil(log10(b));
        *lo = floor(log10(a));
        if (*hi - *lo < 1) *lo = *hi - 1;
        if (*hi - *lo > 40) *lo = *hi - 40;
        return;
    }
    if (!(b >= a)) { a = 0; b = 1; }
    if (b - a < 1e-300) { a -= 0.5; b += 0.5; }
    *lo = a; *hi = b;
}

typedef struct { double x0, y0, w, h, xlo, xhi, ylo, yhi; int xlog, ylog; } frame;

static double fx(const frame *R, double x)
{
    if (R->xlog) x = x > 0 ? log10(x) : R->xlo;
    double u = (x - R->xlo) / (R->xhi - R->xlo);
    if (u < 0) u = 0;
    if (u > 1) u = 1;
    return R->x0 + u * R->w;
}

static double fy(const frame *R, double y)
{
    if (R->ylog) y = y > 0 ? log10(y) : R->ylo;
    if (!isfinite(y)) y = y > 0 ? R->yhi : R->ylo;
    double u = (y - R->ylo) / (R->yhi - R->ylo);
    if (u < 0) u = 0;
    if (u > 1) u = 1;
    return R->y0 + R->h - u * R->h;
}

/* The next of 1, 2, 5, 10, ... after step. */
static double next_nice(double step)
{
    double e = pow(10, floor(log10(step) + 1e-9)), m = step / e;
    return m < 1.5 ? 2 * e : m < 3.5 ? 5 * e : 10 * e;
}

/* The smallest of 1, 2, 5 times a power of 10 (at least 1 for an
   integer axis) giving at most 8 ticks. */
static double linear_step(double range, int integer)
{
    double step = integer ? 1 : pow(10, floor(log10(range)) - 1);
    while (range / step > 8) step = next_nice(step);
    return step;
}

static void put_axes(FILE *f, const lt_plot_panel_struct *P, const frame *R)
{
    fprintf(f, "<g font-family=\"sans-serif\" font-size=\"12\" fill=\"#000\">\n");
    if (P->title) put_text(f, R->x0 + R->w / 2, R->y0 - 14, "text-anchor=\"middle\" font-size=\"14\" font-weight=\"bold\"", P->title);
    fprintf(f, "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"none\" stroke=\"#000\"/>\n",
            R->x0, R->y0, R->w, R->h);
    char lbl[64];
    /* y ticks: grid lines and labels */
    if (R->ylog) {
        int span = (int)(R->yhi - R->ylo), every = (span + 9) / 10;
        if (every < 1) every = 1;
        for (int e = (int)ceil(R->ylo - 1e-9); e <= (int)floor(R->yhi + 1e-9); e++) {
            if ((e - (int)ceil(R->ylo - 1e-9)) % every) continue;
            double y = fy(R, pow(10, e));
            fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", R->x0, y, R->x0 + R->w, y);
            snprintf(lbl, sizeof lbl, "1e%d", e);
            put_text(f, R->x0 - 4, y + 4, "text-anchor=\"end\"", lbl);
        }
    } else {
        double step = linear_step(R->yhi - R->ylo, P->y.integer);
        for (double v = ceil(R->ylo / step - 1e-9) * step; v <= R->yhi + 1e-9 * step; v += step) {
            double y = fy(R, v);
            fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>\n", R->x0, y, R->x0 + R->w, y);
            snprintf(lbl, sizeof lbl, "%g", fabs(v) < 1e-12 * step ? 0.0 : v);
            put_text(f, R->x0 - 4, y + 4, "text-anchor=\"end\"", lbl);
        }
    }
    /* x ticks: marks below the area and labels */
    double yb = R->y0 + R->h;
    if (R->xlog) {
        int lo = (int)floor(R->xlo), hi = (int)ceil(R->xhi);
        for (int e = lo; e <= hi; e++)
            for (int m = 1; m <= 9; m++) {
                double l = e + log10((double)m);
                if (l < R->xlo - 1e-9 || l > R->xhi + 1e-9) continue;
                double x = fx(R, pow(10, l));
                fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#000\"/>\n", x, yb, x, yb + (m == 1 ? 6 : 3));
                if (m == 1 || m == 2 || m == 5) {
                    snprintf(lbl, sizeof lbl, "%de%d", m, e);
                    put_text(f, x, yb + 18, "text-anchor=\"middle\"", lbl);
                }
            }
    } else {
        double step = linear_step(R->xhi - R->xlo, P->x.integer);
        for (double v = ceil(R->xlo / step - 1e-9) * step; v <= R->xhi + 1e-9 * step; v += step) {
            double x = fx(R, v);
            fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#000\"/>\n", x, yb, x, yb + 5);
            snprintf(lbl, sizeof lbl, "%g", fabs(v) < 1e-12 * step ? 0.0 : v);
            put_text(f, x, yb + 18, "text-anchor=\"middle\"", lbl);
        }
    }
    if (P->x.label) put_text(f, R->x0 + R->w / 2, yb + 38, "text-anchor=\"middle\"", P->x.label);
    if (P->y.label) {
        char attrs[128];
        snprintf(attrs, sizeof attrs, "text-anchor=\"middle\" transform=\"rotate(-90 %.1f %.1f)\"", R->x0 - 48, R->y0 + R->h / 2);
        put_text(f, R->x0 - 48, R->y0 + R->h / 2, attrs, P->y.label);
    }
    fprintf(f, "</g>\n");
}

static void put_stroke(FILE *f, const lt_plot_series_struct *S)
{
    fprintf(f, " stroke=\"%s\" stroke-width=\"%g\"", S->colour, S->width);
    if (S->dash) fprintf(f, " stroke-dasharray=\"%s\"", S->dash);
}

static void put_series(FILE *f, const lt_plot_series_struct *S, const frame *R)
{
    fputs("<polyline fill=\"none\"", f);
    put_stroke(f, S);
    fputs(" points=\"", f);
    for (long k = 0; k < S->n; k++) fprintf(f, "%s%.1f,%.1f", k ? " " : "", fx(R, S->x[k]), fy(R, S->y[k]));
    fputs("\"/>\n", f);
    if (S->marker > 0)
        for (long k = 0; k < S->n; k++)
            fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%g\" fill=\"%s\"/>\n", fx(R, S->x[k]), fy(R, S->y[k]), S->marker, S->colour);
}

static void put_legend(FILE *f, const lt_plot_panel_struct *P)
{
    double x = P->legend == LT_PLOT_LEGEND_INSIDE ? P->x0 + 12 : P->x0 + P->w + 14;
    double y = P->y0 + (P->legend == LT_PLOT_LEGEND_INSIDE ? 16 : 8);
    for (int i = 0, row = 0; i < P->nseries; i++) {
        const lt_plot_series_struct *S = &P->series[i];
        if (!S->label) continue;
        double yy = y + 16.0 * row++;
        fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"", x, yy, x + 22, yy);
        put_stroke(f, S);
        fputs("/>\n", f);
        if (S->marker > 0) fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%g\" fill=\"%s\"/>\n", x + 11, yy, S->marker, S->colour);
        put_text(f, x + 28, yy + 4, "font-family=\"sans-serif\" font-size=\"12\"", S->label);
    }
}

lt_status lt_plot_write_svg(FILE *f, const lt_plot_t F, lt_err_t err)
{
    fprintf(f, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%.0f\" height=\"%.0f\" viewBox=\"0 0 %.0f %.0f\">\n",
            F->width, F->height, F->width, F->height);
    if (F->title) { fputs("<title>", f); put_escaped(f, F->title); fputs("</title>\n", f); }
    fprintf(f, "<rect width=\"100%%\" height=\"100%%\" fill=\"#fff\"/>\n");
    if (F->heading) put_text(f, F->width / 2, 22, "text-anchor=\"middle\" font-family=\"sans-serif\" font-size=\"13\"", F->heading);
    for (int p = 0; p < F->npanels; p++) {
        const lt_plot_panel_struct *P = &F->panels[p];
        frame R = {P->x0, P->y0, P->w, P->h, 0, 0, 0, 0, P->x.log, P->y.log};
        axis_range(&R.xlo, &R.xhi, P, 0);
        axis_range(&R.ylo, &R.yhi, P, 1);
        put_axes(f, P, &R);
        for (int i = 0; i < P->nseries; i++) put_series(f, &P->series[i], &R);
        put_legend(f, P);
        if (P->note)
            put_text(f, P->x0, P->y0 + P->h + 56, "font-family=\"sans-serif\" font-size=\"11\" fill=\"#555\"", P->note);
    }
    fprintf(f, "</svg>\n");
    if (ferror(f)) return lt_err_set(err, LT_EIO, "error writing the figure");
    return LT_OK;
}
