/* The one writer of explain's text and LaTeX (explain.h): prose with
   $...$ marks, equations, and pieces built with stdio. */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "explain.h"
#include "tex.h"

void cli_ex_init(cli_explainer *e, const cli_opts *o)
{
    e->tex = o->latex;
    e->object = o->object;
    e->in_eq = 0;
    if (e->tex) cli_tex_begin(stdout, o);
}

/* s[0..len) in text (math 0) or in math mode. */
static void tex_run(const char *s, size_t len, int math)
{
    char *t = lt_malloc(len + 1);
    memcpy(t, s, len);
    t[len] = '\0';
    if (math) cli_tex_math(stdout, t); else cli_tex_text(stdout, t);
    lt_free(t);
}

/* s with its $ marks, @ for the object and raw LaTeX between \1 marks
   (cli_ex_open): plain, or LaTeX starting in text mode (math 0) or in
   math mode (math 1: the $ marks are ignored). */
static void ex_put(const cli_explainer *e, const char *s, int math)
{
    const char *run = s;
    int m = math;
    for (const char *p = s;; p++) {
        if (*p && *p != '$' && *p != '@' && *p != '\1') continue;
        if (!e->tex) fwrite(run, 1, (size_t)(p - run), stdout);
        else tex_run(run, (size_t)(p - run), m);
        if (!*p) break;
        if (*p == '\1') {
            const char *q = strchr(p + 1, '\1');
            size_t len = q ? (size_t)(q - p - 1) : strlen(p + 1);
            fwrite(p + 1, 1, len, stdout);
            p += len + (q ? 1 : 0);
        } else if (*p == '@') {
            if (!e->tex) fputs(e->object, stdout);
            else {
                if (!m) putchar('$');
                cli_tex_object(stdout, e->object);
                if (!m) putchar('$');
            }
        } else if (e->tex && !math) {
            putchar('$');
            m = !m;
        }
        run = p + 1;
    }
}

FILE *cli_ex_open(cli_exbuf *b, const cli_explainer *e)
{
    b->s = NULL;
    b->size = 0;
    b->f = open_memstream(&b->s, &b->size);
    if (!b->f) { fprintf(stderr, "lietool: out of memory\n"); abort(); }
    if (e->tex) fputc('\1', b->f);
    return b->f;
}

char *cli_ex_close(cli_exbuf *b, const cli_explainer *e)
{
    if (e->tex) fputc('\1', b->f);
    fclose(b->f);
    return b->s;
}

/* The formatted line, malloc'd (lt_free). */
static char *ex_format(const char *fmt, va_list ap)
{
    char *g = NULL;
    int len = gmp_vasprintf(&g, fmt, ap);
    if (len < 0) { fprintf(stderr, "lietool: out of memory\n"); abort(); }
    char *s = lt_strdup(g);
    void (*freefn)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &freefn);
    freefn(g, (size_t)len + 1);
    return s;
}

void cli_ex_end(cli_explainer *e)
{
    if (e->in_eq) fputs("\n\\end{align*}\n", stdout);
    e->in_eq = 0;
}

void cli_ex_say(cli_explainer *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = ex_format(fmt, ap);
    va_end(ap);
    cli_ex_end(e);
    if (!e->tex) { ex_put(e, s, 0); putchar('\n'); }
    else if (!*s) fputs("\\medskip\n", stdout);
    else {
        const char *p = s;
        while (*p == ' ') p++;
        fputs("\\noindent ", stdout);
        ex_put(e, p, 0);
        fputs("\\par\n", stdout);
    }
    lt_free(s);
}

void cli_ex_eq_raw(cli_explainer *e)
{
    fputs(e->in_eq ? " \\\\\n" : "\\begin{align*}\n", stdout);
    e->in_eq = 1;
}

void cli_ex_eq(cli_explainer *e, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = ex_format(fmt, ap);
    va_end(ap);
    if (!e->tex) { fputs("  ", stdout); ex_put(e, s, 0); putchar('\n'); }
    else {
        cli_ex_eq_raw(e);
        char *eq = strstr(s, " = ");
        if (eq) {
            *eq = '\0';
            ex_put(e, s, 1);
            fputs(" &= ", stdout);
            ex_put(e, eq + 3, 1);
        } else { fputs("& ", stdout); ex_put(e, s, 1); }
    }
    lt_free(s);
}

char *cli_ex_perm(const cli_explainer *e, const int *p, int n)
{
    if (e->tex && lt_perm_is_one(p, n)) return lt_strdup("id");
    return lt_perm_str(p, n);
}

