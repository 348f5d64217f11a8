/* TRANSITIONAL, explain only: explain --latex still captures explain's
   text output and sets it in LaTeX, until explain writes its own LaTeX
   with src/cli/tex.c like every other command; then this file, latex.h
   and their two calls (cli_getopts in opts.c, main in main.c) go. Every
   other command writes its LaTeX itself (tex.h). */
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <unistd.h>
#include "cli.h"
#include "latex.h"
#include "tex.h"
#include "lietool/io.h"

/* ---- writing LaTeX ---- */

/* Text mode: the special characters escaped (tex.c), a term of a
   series (G0, L1, C2) as G_{0}. */
static void put_text(FILE *f, const char *s, size_t len)
{
    size_t start = 0;
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if ((c == 'G' || c == 'L' || c == 'C') && (i == 0 || !isalnum((unsigned char)s[i - 1]))
            && i + 1 < len && isdigit((unsigned char)s[i + 1])) {
            size_t j = i + 1;
            while (j < len && isdigit((unsigned char)s[j])) j++;
            if (j == len || !isalnum((unsigned char)s[j])) {
                cli_tex_text_n(f, s + start, i - start);
                fprintf(f, "$%c_{", c); fwrite(s + i + 1, 1, j - i - 1, f); fputs("}$", f);
                i = j - 1;
                start = j;
            }
        }
    }
    cli_tex_text_n(f, s + start, len - start);
}

/* Math mode: exponents braced (a^-1 -> a^{-1}), != as \neq, the
   characters that mean something else in math escaped. */
static void put_math(FILE *f, const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        if (c == '^') {
            size_t j = i + 1;
            if (j < len && s[j] == '(') {           /* ^(...) */
                size_t k = j;
                while (k < len && s[k] != ')') k++;
                fputs("^{", f); put_math(f, s + j + 1, k - j - 1); fputs("}", f);
                i = k;
                continue;
            }
            if (j < len && s[j] == '-') j++;
            while (j < len && isalnum((unsigned char)s[j])) j++;
            fputs("^{", f); put_math(f, s + i + 1, j - i - 1); fputs("}", f);
            i = j - 1;
        } else if (c == '!' && i + 1 < len && s[i + 1] == '=') { fputs("\\neq ", f); i++; }
        else if (c == '_' && i + 1 < len && isalnum((unsigned char)s[i + 1])) {
            size_t j = i + 1;
            while (j < len && isalnum((unsigned char)s[j])) j++;
            fputs("_{", f); fwrite(s + i + 1, 1, j - i - 1, f); fputs("}", f);
            i = j - 1;
        }
        else if (c == '%' || c == '#' || c == '&' || c == '$' || c == '_' || c == '{' || c == '}') { fputc('\\', f); fputc(c, f); }
        else if (c == '\\') fputs("\\backslash ", f);
        else if (c == '~') fputs("\\sim ", f);
        else fputc(c, f);
    }
}

/* An equation line of explain: indented, with " = ", and no words. */
static int is_equation(const char *p, size_t len)
{
    if (len < 3 || p[0] != ' ' || p[1] != ' ') return 0;
    int has_eq = 0, run = 0;
    for (size_t i = 0; i < len; i++) {
        if (i + 2 < len && p[i] == ' ' && p[i + 1] == '=' && p[i + 2] == ' ') has_eq = 1;
        if (isalpha((unsigned char)p[i])) { if (++run >= 4) return 0; }
        else run = 0;
    }
    return has_eq;
}

static void put_explanation(FILE *f, const char *buf)
{
    const char *p = buf;
    int in_eq = 0;
    while (*p) {
        const char *e = strchr(p, '\n');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (is_equation(p, len)) {
            const char *s = p;
            while (*s == ' ') s++;
            const char *eq = strstr(s, " = ");
            if (!in_eq) { fputs("\\begin{align*}\n", f); in_eq = 1; }
            else fputs(" \\\\\n", f);
            put_math(f, s, (size_t)(eq - s));
            fputs(" &= ", f);
            put_math(f, eq + 3, (size_t)(p + len - eq - 3));
        } else {
            if (in_eq) { fputs("\n\\end{align*}\n", f); in_eq = 0; }
            if (len) { fputs("\\noindent ", f); put_text(f, p, len); fputs("\\par\n", f); }
            else fputs("\\medskip\n", f);
        }
        if (!e) break;
        p = e + 1;
    }
    if (in_eq) fputs("\n\\end{align*}\n", f);
}

/* The capture: standard output goes to a temporary file from
   cli_latex_begin to cli_latex_end. */
static struct {
    int active, saved;
    FILE *tmp;
    const lt_cmd *cmd;
    char *all;              /* the operands (with a subcommand's name) */
} cap;

static char *join_words(const char *first, char **pos, int n)
{
    size_t len = 1 + (first ? strlen(first) + 1 : 0);
    for (int i = 0; i < n; i++) len += strlen(pos[i]) + 1;
    char *s = lt_malloc(len);
    s[0] = '\0';
    if (first) strcat(s, first);
    for (int i = 0; i < n; i++) {
        if (*s) strcat(s, " ");
        strcat(s, pos[i]);
    }
    return s;
}

int cli_latex_begin(const cli_opts *o, const lt_cmd *cmd)
{
    const char *subname = o->sub && o->sub != cmd->decl ? o->sub->name : NULL;
    FILE *tmp = tmpfile();
    if (!tmp) { fprintf(stderr, "lietool: %s: cannot make a temporary file for --latex\n", cmd->name); return CLI_INTERNAL; }
    cap.all = join_words(subname, o->pos, o->npos);
    cap.cmd = cmd;
    cap.tmp = tmp;
    fflush(stdout);
    cap.saved = dup(1);
    dup2(fileno(tmp), 1);
    cap.active = 1;
    return -1;
}

static void header(FILE *f, const char *cmd, const char *obj)
{
    fprintf(f, "%% lietool %s %s --latex: a LaTeX fragment; it needs \\usepackage{amsmath}\n", cmd, obj);
    fprintf(f, "\\providecommand{\\mathfrak}[1]{\\mathrm{#1}}%% amssymb's, where loaded\n");
}

/* Sets the captured text of explain in LaTeX. */
static void convert(const char *name, char *buf, const char *all)
{
    header(stdout, name, all);
    put_explanation(stdout, buf);
}

/* The text written to tmp since the capture began, malloc'd. */
static char *read_back(FILE *tmp)
{
    fseek(tmp, 0, SEEK_END);
    long size = ftell(tmp);
    rewind(tmp);
    char *buf = lt_malloc((size_t)(size > 0 ? size : 0) + 1);
    size_t got = size > 0 ? fread(buf, 1, (size_t)size, tmp) : 0;
    buf[got] = '\0';
    return buf;
}

int cli_latex_end(int r)
{
    if (!cap.active) return r;
    cap.active = 0;
    fflush(stdout);
    dup2(cap.saved, 1);
    close(cap.saved);
    char *buf = read_back(cap.tmp);
    fclose(cap.tmp);
    if (r == 0 || r == 1) convert(cap.cmd->name, buf, cap.all);
    lt_free(buf);
    lt_free(cap.all);
    return r;   /* any other status: the message is on stderr already */
}


