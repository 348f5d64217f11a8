/* Figures as SVG: a figure holds panels, a panel two axes (linear or
   logarithmic, ticks chosen from the range), series (polylines with an
   optional dash and circle markers) and a legend of the series' labels.
   The figure is built first and written in one call; the writer escapes
   every text for XML. Coordinates are pixels from the top left. */
#ifndef LIETOOL_PLOT_H
#define LIETOOL_PLOT_H

#include <stdio.h>
#include "lietool/core.h"

/* An axis: label, scale and range. Linear axes are ticked at the multiples
   of the smallest of 1, 2 or 5 times a power of ten that gives at most 8
   ticks; logarithmic
   ones at decades (y, at most 10 labels) or at 1, 2 and 5 times a decade
   (x). Values at or below 0 sit on the bottom edge of a logarithmic y
   axis; every point is clamped into its panel. */
typedef struct {
    const char *label;
    int log;                /* log10 scale */
    double min, max;        /* the range in data units; NAN: from the data
                               (logarithmic: whole decades, at least one and
                               at most 40 below the top; linear: the data's
                               range, or [v - 1/2, v + 1/2] for one value) */
    int tight;              /* logarithmic range from the data: exactly the data's range */
    int integer;            /* linear: ticks at integers only */
} lt_plot_axis;

enum { LT_PLOT_LEGEND_RIGHT = 0, LT_PLOT_LEGEND_INSIDE = 1 };

typedef struct {
    double x0, y0, w, h;    /* the plot area */
    const char *title;
    lt_plot_axis x, y;
    int legend;             /* LT_PLOT_LEGEND_RIGHT: beside the area; _INSIDE: its top left corner */
} lt_plot_panel_spec;

typedef struct {
    const char *colour;     /* NULL: the palette's next colour */
    double width;           /* stroke width (0: 1.5) */
    const char *dash;       /* stroke-dasharray, NULL for a solid line */
    double marker;          /* radius of circles at the points, 0 for none */
} lt_plot_style;

typedef struct lt_plot_series_struct lt_plot_series_struct;
typedef struct lt_plot_panel_struct lt_plot_panel_struct;

typedef struct {
    double width, height;
    char *title;            /* the <title> element, or NULL */
    char *heading;          /* a line centred at the top, or NULL */
    int npanels;
    lt_plot_panel_struct *panels;
} lt_plot_struct;
typedef lt_plot_struct lt_plot_t[1];

void lt_plot_init(lt_plot_t F, double width, double height);
void lt_plot_clear(lt_plot_t F);
/* Sets the <title> element and the heading (either may be NULL; copied). */
void lt_plot_titles(lt_plot_t F, const char *title, const char *heading);
/* Adds a panel (the strings copied); returns its index. */
int lt_plot_add_panel(lt_plot_t F, const lt_plot_panel_spec *S);
/* Adds a series of n points to panel p (x, y and label copied; label NULL:
   no legend entry; style NULL: the defaults). */
void lt_plot_add_series(lt_plot_t F, int p, const double *x, const double *y, long n,
                        const char *label, const lt_plot_style *style);
/* A small grey note under panel p's x label (copied). */
void lt_plot_note(lt_plot_t F, int p, const char *text);
/* The colour of series i in the default palette (10 colours, cycled). */
const char *lt_plot_colour(int i);

/* Writes the figure as a standalone SVG document; LT_EIO (an I/O failure) when f reports
   a write error. */
lt_status lt_plot_write_svg(FILE *f, const lt_plot_t F, lt_err_t err);

#endif
