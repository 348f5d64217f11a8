/* Primitives the emitter lacks (doc_extra.h): a formatted string row, a
   table of text and LaTeX. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "doc_extra.h"

/* vsnprintf into a new string (lt_free) */
static char *vformat(const char *fmt, va_list ap)
{
    va_list aq;
    va_copy(aq, ap);
    int n = vsnprintf(NULL, 0, fmt, ap);
    char *buf = lt_malloc((size_t)(n > 0 ? n : 0) + 1);
    vsnprintf(buf, (size_t)(n > 0 ? n : 0) + 1, fmt, aq);
    va_end(aq);
    return buf;
}

void cli_doc_strf(cli_doc *d, const char *label, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = vformat(fmt, ap);
    va_end(ap);
    cli_doc_str(d, label, s, NULL);
    lt_free(s);
}

void cli_tab_begin(cli_tab *t, cli_doc *d, const char *cols)
{
    *t = (cli_tab){d, 0, 0};
    if (d->mode != CLI_TEX) return;
    cli_doc_break(d);
    fprintf(d->f, "\\begin{center}\n\\begin{tabular}{%s}\n", cols);
}

/* LaTeX: a number such as 1.290e-03 as 1.290 \cdot 10^{-3} */
static void tex_cell(FILE *f, const char *s)
{
    char *end;
    const char *e = strpbrk(s, "eE");
    strtod(s, &end);
    if (*s && !*end && e && !strpbrk(s, "nN")) fprintf(f, "$%.*s \\cdot 10^{%ld}$", (int)(e - s), s, strtol(e + 1, NULL, 10));
    else cli_tex_text(f, s);
}

void cli_tab_cell(cli_tab *t, const char *fmt, ...)
{
    cli_doc *d = t->d;
    if (d->mode == CLI_JSON) return;
    va_list ap;
    va_start(ap, fmt);
    if (d->mode == CLI_TEXT) vfprintf(d->f, fmt, ap);
    else {
        char *buf = vformat(fmt, ap), *s = buf + strspn(buf, " "), *z = s + strlen(s);
        while (z > s && z[-1] == ' ') *--z = '\0';
        if (t->cells) fputs(" & ", d->f);
        tex_cell(d->f, s);
        lt_free(buf);
    }
    va_end(ap);
    t->cells++;
}

void cli_tab_row_end(cli_tab *t)
{
    cli_doc *d = t->d;
    if (d->mode == CLI_TEXT) fputc('\n', d->f);
    else if (d->mode == CLI_TEX) fputs(t->rows ? " \\\\\n" : " \\\\\n\\hline\n", d->f);
    t->cells = 0;
    t->rows++;
}

void cli_tab_end(cli_tab *t)
{
    if (t->d->mode == CLI_TEX) fputs("\\end{tabular}\n\\end{center}\n", t->d->f);
}
