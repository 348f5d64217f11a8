/* --latex: a LaTeX fragment (amsmath) instead of the text output, for
   info, derived-series, lower-central-series, bch, magnus and report
   (explain writes its own, src/cli/cmd_explain.c). The command runs as usual with its standard output captured;
   the text it prints (a fixed, documented layout) is then set in LaTeX:
   series as chains of subgroups (subalgebras) with their orders
   (dimensions), profiles as tables, Lie series as sums of brackets with
   fractions, explanations with their witnesses as displayed equations.
   The fragment needs \usepackage{amsmath} and nothing else. */
#include <stdlib.h>
#include <string.h>
#include <ctype.h>
#include <unistd.h>
#include "cli.h"
#include "latex.h"
#include "lietool/io.h"

/* ---- writing LaTeX ---- */

/* Text mode: the special characters escaped. */
static void put_text(FILE *f, const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++) {
        char c = s[i];
        /* a term of a series, G0, L1, C2: G_{0} */
        if ((c == 'G' || c == 'L' || c == 'C') && (i == 0 || !isalnum((unsigned char)s[i - 1]))
            && i + 1 < len && isdigit((unsigned char)s[i + 1])) {
            size_t j = i + 1;
            while (j < len && isdigit((unsigned char)s[j])) j++;
            if (j == len || !isalnum((unsigned char)s[j])) {
                fprintf(f, "$%c_{", c); fwrite(s + i + 1, 1, j - i - 1, f); fputs("}$", f);
                i = j - 1;
                continue;
            }
        }
        switch (c) {
        case '\\': fputs("\\textbackslash{}", f); break;
        case '{': case '}': case '$': case '&': case '%': case '#': case '_':
            fputc('\\', f); fputc(c, f); break;
        case '^': fputs("\\textasciicircum{}", f); break;
        case '~': fputs("\\textasciitilde{}", f); break;
        case '<': fputs("\\textless{}", f); break;
        case '>': fputs("\\textgreater{}", f); break;
        case '|': fputs("\\textbar{}", f); break;
        case '-': fputs(i + 1 < len && s[i + 1] == '-' ? "-{}" : "-", f); break;   /* no en dash in --bound */
        default: fputc(c, f);
        }
    }
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

/* An object name: S4 -> S_{4}, C5 x A4 -> C_{5} \times A_{4},
   sl(2) -> \mathfrak{sl}(2); anything else upright. */
static void put_object(FILE *f, const char *obj)
{
    static const char *const lie[] = {"gl", "sl", "so", "sp", "b", "n", "heis", "aff", "se", "abelian", "fnil"};
    const char *p = obj;
    while (*p) {
        while (*p == ' ') p++;
        const char *q = p;
        while (*q && !(q[0] == ' ' && q[1] == 'x' && q[2] == ' ')) q++;
        size_t len = (size_t)(q - p);
        size_t a = 0;
        while (a < len && isalpha((unsigned char)p[a])) a++;
        int lie_name = 0;
        for (size_t k = 0; k < sizeof lie / sizeof *lie; k++)
            if (a == strlen(lie[k]) && strncmp(p, lie[k], a) == 0 && a < len && p[a] == '(') lie_name = 1;
        int digits = a > 0 && a < len && a <= 2 && isupper((unsigned char)p[0]);
        for (size_t k = a; digits && k < len; k++) if (!isdigit((unsigned char)p[k])) digits = 0;
        if (lie_name) { fputs("\\mathfrak{", f); fwrite(p, 1, a, f); fputs("}", f); put_math(f, p + a, len - a); }
        else if (digits) { fwrite(p, 1, a, f); fputs("_{", f); fwrite(p + a, 1, len - a, f); fputs("}", f); }
        else { fputs("\\mathrm{", f); put_math(f, p, len); fputs("}", f); }
        if (!*q) break;
        fputs(" \\times ", f);
        p = q + 3;
    }
}

static void header(FILE *f, const char *cmd, const char *obj)
{
    fprintf(f, "%% lietool %s %s --latex: a LaTeX fragment; it needs \\usepackage{amsmath}\n", cmd, obj);
    fprintf(f, "\\providecommand{\\mathfrak}[1]{\\mathrm{#1}}%% amssymb's, where loaded\n");
}

/* "24 > 12 > 4 > 1" as G = G_0 > G_1 > ... with the orders beneath. */
static void put_series(FILE *f, const char *line, const char *obj, int lower, int is_lie)
{
    const char *sym = lower ? "\\gamma" : (is_lie ? "L" : "G");
    fputs("\\begin{equation*}\n", f);
    put_object(f, obj);
    fputs(" = ", f);
    const char *p = line;
    int i = 0;
    char last[64] = "";
    while (*p) {
        while (*p == ' ' || *p == '>') p++;
        if (!*p) break;
        const char *q = p;
        while (*q && *q != ' ') q++;
        size_t len = (size_t)(q - p) < sizeof last - 1 ? (size_t)(q - p) : sizeof last - 1;
        memcpy(last, p, len);
        last[len] = '\0';
        if (i) fputs(is_lie ? " \\supset " : " \\triangleright ", f);
        fputs("\\underset{", f);
        fwrite(p, 1, (size_t)(q - p), f);
        if (lower) fprintf(f, "}{%s_{%d}}", sym, i + 1);
        else fprintf(f, "}{%s^{(%d)}}", sym, i);
        i++;
        p = q;
    }
    int trivial = strcmp(last, is_lie ? "0" : "1") == 0;
    if (trivial) fputs(is_lie ? " = 0" : " = 1", f);
    else fprintf(f, " \\quad\\text{(stops: the last term repeats)}");
    fprintf(f, "\n\\end{equation*}\n");
    fprintf(f, "(beneath each term its %s)\n", is_lie ? "dimension" : "order");
}

/* "  key   value" lines as a two-column table; other lines as headings. */
static void put_profile(FILE *f, const char *buf)
{
    int in_table = 0;
    const char *p = buf;
    while (*p) {
        const char *e = strchr(p, '\n');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        if (len >= 2 && p[0] == ' ' && p[1] == ' ') {
            const char *k = p + 2, *end = p + len;
            const char *ke = k;
            while (ke < end && !(ke[0] == ' ' && ke + 1 < end && ke[1] == ' ')) ke++;
            const char *v = ke;
            while (v < end && *v == ' ') v++;
            if (!in_table) { fputs("\\noindent\\begin{tabular}{@{}lp{0.62\\linewidth}@{}}\n", f); in_table = 1; }
            put_text(f, k, (size_t)(ke - k));
            fputs(" & ", f);
            int chain = v < end && strstr(v, " > ") && (size_t)(end - v) < 200;
            for (const char *t = v; chain && t < end; t++)
                if (!isdigit((unsigned char)*t) && *t != ' ' && *t != '>') chain = 0;
            if (chain) { fputs("$", f); put_math(f, v, (size_t)(end - v)); fputs("$", f); }
            else put_text(f, v, (size_t)(end - v));
            fputs(" \\\\\n", f);
        } else {
            if (in_table) { fputs("\\end{tabular}\\par\n", f); in_table = 0; }
            if (len) { fputs("\\noindent\\textbf{", f); put_text(f, p, len); fputs("}\\par\\smallskip\n", f); }
            else fputs("\\medskip\n", f);
        }
        if (!e) break;
        p = e + 1;
    }
    if (in_table) fputs("\\end{tabular}\\par\n", f);
}

/* "coefficient [bracket]" lines (bch, magnus) as a sum with fractions. */
static int put_lie_series(FILE *f, const char *buf, const char *lhs)
{
    fprintf(f, "\\begin{align*}\n%s &= ", lhs);
    const char *p = buf;
    int terms = 0, bad = 0;
    while (*p) {
        const char *e = strchr(p, '\n');
        size_t len = e ? (size_t)(e - p) : strlen(p);
        const char *sp = memchr(p, ' ', len);
        if (len && sp) {
            char coef[256];
            size_t cl = (size_t)(sp - p);
            if (cl >= sizeof coef) { bad = 1; break; }
            memcpy(coef, p, cl);
            coef[cl] = '\0';
            int neg = coef[0] == '-';
            char *num = coef + neg, *slash = strchr(num, '/');
            for (char *t = num; *t; t++) if (!isdigit((unsigned char)*t) && *t != '/') bad = 1;
            if (bad) break;
            if (terms && terms % 4 == 0) fputs(" \\\\\n &\\quad", f);
            if (terms) fputs(" ", f);
            if (neg) fputs("- ", f); else if (terms) fputs("+ ", f);
            if (slash) { *slash = '\0'; fprintf(f, "\\frac{%s}{%s}", num, slash + 1); }
            else if (strcmp(num, "1") != 0) fputs(num, f);
            put_math(f, sp + 1, len - cl - 1);
            terms++;
        } else if (len) { bad = 1; break; }
        if (!e) break;
        p = e + 1;
    }
    if (!terms) fputs("0", f);
    fputs("\n\\end{align*}\n", f);
    return bad ? -1 : 0;
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
    char *all, *obj;        /* the operands (with a subcommand's name) */
    int symmetric;          /* bch --symmetric */
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

int cli_latex_begin(const cli_opts *o, const lt_cmd *cmd, int argc, char **argv)
{
    /* explain writes its LaTeX itself (tex.h) */
    if (strcmp(cmd->name, "explain") == 0) return -1;
    const char *subname = o->sub && o->sub != cmd->decl ? o->sub->name : NULL;
    FILE *tmp = tmpfile();
    if (!tmp) { fprintf(stderr, "lietool: %s: cannot make a temporary file for --latex\n", cmd->name); return CLI_INTERNAL; }
    cap.symmetric = 0;
    for (int i = 1; i < argc && strcmp(argv[i], "--") != 0; i++) cap.symmetric |= strcmp(argv[i], "--symmetric") == 0;
    cap.all = join_words(subname, o->pos, o->npos);
    cap.obj = join_words(NULL, o->pos, o->npos);
    cap.cmd = cmd;
    cap.tmp = tmp;
    fflush(stdout);
    cap.saved = dup(1);
    dup2(fileno(tmp), 1);
    cap.active = 1;
    return -1;
}

/* Sets the captured text of name in LaTeX (obj: the object; all: every operand). */
static void convert(const char *name, char *buf, const char *obj, const char *all, int sym)
{
    header(stdout, name, all);
    if (!strcmp(name, "derived-series") || !strcmp(name, "lower-central-series")) {
        char *nl = strchr(buf, '\n');
        if (nl) *nl = '\0';
        put_series(stdout, buf, obj, name[0] == 'l', lt_io_is_liealg(obj));
    } else if (!strcmp(name, "info") || !strcmp(name, "report")) {
        put_profile(stdout, buf);
    } else if (!strcmp(name, "bch") || !strcmp(name, "magnus")) {
        const char *lhs = name[0] == 'm' ? "\\Omega" : sym ? "\\log(e^{X/2} e^{Y} e^{X/2})" : "\\log(e^{X} e^{Y})";
        /* magnus with --matrices adds lines of errors: those go in a table */
        char *extra = NULL;
        if (name[0] == 'm') {
            extra = strstr(buf, "\n\n");
            if (extra) { *extra = '\0'; extra += 2; }
        }
        if (put_lie_series(stdout, buf, lhs) < 0) put_explanation(stdout, buf);
        if (extra) put_profile(stdout, extra);
    } else put_explanation(stdout, buf);
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
    if (r == 0 || r == 1) convert(cap.cmd->name, buf, cap.obj, cap.all, cap.symmetric);
    lt_free(buf);
    lt_free(cap.all);
    lt_free(cap.obj);
    return r;   /* any other status: the message is on stderr already */
}


