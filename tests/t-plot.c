/* Figures as SVG: the output is well-formed XML (checked by a small
   parser here), every series is one polyline with its points inside the
   figure, labels are escaped, and the axes follow their ranges. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "lietool/plot.h"
#include "unit.h"

/* ---- a minimal XML well-formedness check ---- */

typedef struct {
    const char *p;
    int depth;
    char stack[64][32];
    long elements;
    char root[32];
} xml;

static int name_char(char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == ':' || c == '_'; }

/* Text up to '<' or an attribute value up to quote: entities must be known. */
static int text_ok(const char *s, const char *end)
{
    for (; s < end; s++) {
        if (*s == '<') return 0;
        if (*s != '&') continue;
        if (strncmp(s, "&amp;", 5) && strncmp(s, "&lt;", 4) && strncmp(s, "&gt;", 4) && strncmp(s, "&quot;", 6)) return 0;
    }
    return 1;
}

static int parse_xml(xml *X, const char *doc)
{
    memset(X, 0, sizeof *X);
    X->p = doc;
    if (strncmp(X->p, "<?xml ", 6) == 0) {
        const char *e = strstr(X->p, "?>");
        if (!e) return 0;
        X->p = e + 2;
    }
    for (;;) {
        const char *lt = strchr(X->p, '<');
        if (!lt) return X->depth == 0 && X->elements > 0 && text_ok(X->p, X->p + strlen(X->p));
        if (!text_ok(X->p, lt)) return 0;
        if (X->depth == 0 && X->elements > 0) return 0;          /* one root */
        const char *q = lt + 1;
        int closing = *q == '/';
        if (closing) q++;
        const char *n0 = q;
        while (name_char(*q)) q++;
        size_t nl = (size_t)(q - n0);
        if (nl == 0 || nl >= 32) return 0;
        if (closing) {
            if (*q != '>' || X->depth == 0 || strlen(X->stack[X->depth - 1]) != nl
                || strncmp(X->stack[X->depth - 1], n0, nl)) return 0;
            X->depth--;
            X->p = q + 1;
            continue;
        }
        /* attributes: name="value" */
        for (;;) {
            while (*q == ' ' || *q == '\n') q++;
            if (*q == '>' || (q[0] == '/' && q[1] == '>')) break;
            const char *a = q;
            while (name_char(*q)) q++;
            if (q == a || q[0] != '=' || q[1] != '"') return 0;
            const char *v = q + 2, *ve = strchr(v, '"');
            if (!ve || !text_ok(v, ve)) return 0;
            q = ve + 1;
            if (*q != ' ' && *q != '>' && *q != '/' && *q != '\n') return 0;
        }
        X->elements++;
        if (X->elements == 1) { memcpy(X->root, n0, nl); X->root[nl] = '\0'; }
        if (*q == '/') { X->p = q + 2; continue; }
        if (X->depth == 64) return 0;
        memcpy(X->stack[X->depth], n0, nl);
        X->stack[X->depth++][nl] = '\0';
        X->p = q + 1;
    }
}

static long count(const char *s, const char *what)
{
    long n = 0;
    for (const char *p = s; (p = strstr(p, what)); p++) n++;
    return n;
}

/* Every polyline point and circle centre inside w x h. */
static int points_inside(const char *doc, double w, double h)
{
    for (const char *p = doc; (p = strstr(p, "points=\"")); ) {
        p += 8;
        while (*p != '"') {
            char *e;
            double x = strtod(p, &e);
            if (*e != ',') return 0;
            double y = strtod(e + 1, &e);
            if (!(x >= 0 && x <= w && y >= 0 && y <= h)) return 0;
            p = e;
            while (*p == ' ') p++;
        }
    }
    for (const char *p = doc; (p = strstr(p, "<circle cx=\"")); p++) {
        char *e;
        double x = strtod(p + 12, &e), y = strtod(strstr(e, "cy=\"") + 4, NULL);
        if (!(x >= 0 && x <= w && y >= 0 && y <= h)) return 0;
    }
    return 1;
}

static char *render(const lt_plot_t F)
{
    char *buf = NULL;
    size_t len = 0;
    FILE *f = open_memstream(&buf, &len);
    lt_err_t err;
    lt_err_init(err);
    CHECK(lt_plot_write_svg(f, F, err) == LT_OK, "write: %s", err->msg);
    fclose(f);
    return buf;
}

static void two_panels(void)
{
    unit_case = "two panels";
    lt_plot_t F;
    lt_plot_init(F, 900, 400);
    lt_plot_titles(F, "a <title> & more", "heading \"quoted\"");
    lt_plot_panel_spec a = {80, 60, 300, 280, "log y", {"position t", 0, NAN, NAN, 0, 1}, {"error (log scale)", 1, NAN, NAN, 0, 0},
                            LT_PLOT_LEGEND_RIGHT};
    lt_plot_panel_spec b = {560, 60, 200, 280, "log-log", {"h", 1, NAN, NAN, 1, 0}, {"rms", 1, NAN, NAN, 0, 0}, LT_PLOT_LEGEND_INSIDE};
    int pa = lt_plot_add_panel(F, &a), pb = lt_plot_add_panel(F, &b);
    CHECK(pa == 0 && pb == 1, "panel indices %d %d", pa, pb);
    double x[5] = {1, 2, 3, 4, 5}, y[5] = {1e-3, 1e-9, 0, -1, NAN}, h[3] = {0.01, 0.02, 0.04}, e[3] = {1e-8, 4e-8, 1.6e-7};
    lt_plot_add_series(F, pa, x, y, 5, "k=1 <x & y>", NULL);
    lt_plot_add_series(F, pa, x, x, 5, NULL, NULL);
    lt_plot_style st = {"#123456", 2, "4,2", 3};
    lt_plot_add_series(F, pb, h, e, 3, "slope 2", &st);
    lt_plot_note(F, pb, "points below 1e-17 are not fitted");
    char *doc = render(F);
    xml X;
    CHECK(parse_xml(&X, doc), "not well-formed XML near '%.40s'", X.p);
    CHECK(!strcmp(X.root, "svg") && strstr(doc, "xmlns=\"http://www.w3.org/2000/svg\" width=\"900\" height=\"400\""), "root %s", X.root);
    CHECK(count(doc, "<polyline") == 3 && count(doc, "<circle") == 3 + 1, "%ld polylines, %ld circles",
          count(doc, "<polyline"), count(doc, "<circle"));
    CHECK(strstr(doc, ">k=1 &lt;x &amp; y&gt;</text>") && strstr(doc, "<title>a &lt;title&gt; &amp; more</title>")
          && strstr(doc, "heading &quot;quoted&quot;"), "escaping");
    CHECK(strstr(doc, "stroke=\"#123456\" stroke-width=\"2\" stroke-dasharray=\"4,2\"") && strstr(doc, "stroke=\"#1f77b4\""),
          "styles");
    CHECK(strstr(doc, ">position t</text>") && strstr(doc, ">error (log scale)</text>") && strstr(doc, ">points below 1e-17 are not fitted</text>"),
          "labels");
    /* the log y axis spans the decades of the positive values of both
       series: 1e-9 .. 5, so 1e-9 .. 1e1 */
    CHECK(strstr(doc, ">1e-9</text>") && strstr(doc, ">1e1</text>") && !strstr(doc, ">1e-10</text>") && !strstr(doc, ">1e2</text>"),
          "log decades");
    CHECK(points_inside(doc, 900, 400), "a point outside the figure");
    /* 1e-3 at 6 of 10 decades; 0, -1 and NaN on the bottom edge, y = 60 + 280 */
    CHECK(strstr(doc, "points=\"80.0,172.0 155.0,340.0 230.0,340.0 305.0,340.0 380.0,340.0\""), "clamping: %s", strstr(doc, "points="));
    free(doc);
    lt_plot_clear(F);
}

static void linear_axes(void)
{
    unit_case = "linear";
    lt_plot_t F;
    lt_plot_init(F, 640, 420);
    lt_plot_panel_spec S = {70, 50, 530, 310, NULL, {"depth", 0, 0.5, 3.5, 0, 1}, {"length", 0, 0, 32, 0, 1}, LT_PLOT_LEGEND_INSIDE};
    int p = lt_plot_add_panel(F, &S);
    double k[3] = {1, 2, 3}, T[3] = {32, 16, 40};
    lt_plot_add_series(F, p, k, T, 3, "measured", NULL);
    char *doc = render(F);
    xml X;
    CHECK(parse_xml(&X, doc), "not well-formed XML near '%.40s'", X.p);
    /* integer ticks 1, 2, 3 on x; 0, 5, ..., 30 on y (at most 8 ticks) */
    CHECK(strstr(doc, ">1</text>") && strstr(doc, ">3</text>") && !strstr(doc, ">0.5</text>") && !strstr(doc, ">1.5</text>"), "x ticks");
    CHECK(strstr(doc, ">0</text>") && strstr(doc, ">30</text>") && strstr(doc, ">5</text>") && !strstr(doc, ">35</text>"), "y ticks");
    /* 40 is clamped to the top: y = 50 */
    CHECK(strstr(doc, "points=\"158.3,50.0 335.0,205.0 511.7,50.0\""), "points: %s", strstr(doc, "points="));
    free(doc);
    /* a stream that cannot be written */
    FILE *ro = fopen("/dev/null", "r");
    lt_err_t err;
    lt_err_init(err);
    CHECK(ro && lt_plot_write_svg(ro, F, err) == LT_EIO, "write error not reported (an I/O failure)");
    if (ro) fclose(ro);
    lt_plot_clear(F);
}

int main(void)
{
    two_panels();
    linear_axes();
    UNIT_DONE("t-plot");
}
