/* The LaTeX back end of --latex: escaping, objects, lietool's plain
   notation as mathematics, numbers, matrices, tables, series and sums
   (lietool/doc.h). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include "lietool/doc.h"

static void text_char(FILE *f, char c, char next)
{
    switch (c) {
    case '\\': fputs("\\textbackslash{}", f); break;
    case '{': case '}': case '$': case '&': case '%': case '#': case '_':
        fputc('\\', f); fputc(c, f); break;
    case '^': fputs("\\textasciicircum{}", f); break;
    case '~': fputs("\\textasciitilde{}", f); break;
    case '<': fputs("\\textless{}", f); break;
    case '>': fputs("\\textgreater{}", f); break;
    case '|': fputs("\\textbar{}", f); break;
    case '-': fputs(next == '-' ? "-{}" : "-", f); break;      /* no en dash where two dashes meet */
    case '\n': case '\r': fputc(' ', f); break;
    default: fputc(c, f);
    }
}

void lt_tex_text_n(FILE *f, const char *s, size_t len)
{
    for (size_t i = 0; i < len; i++) text_char(f, s[i], i + 1 < len ? s[i + 1] : 0);
}

void lt_tex_text(FILE *f, const char *s)
{
    lt_tex_text_n(f, s, strlen(s));
}

/* ---- lietool's plain notation as mathematics ---- */

static void math_n(FILE *f, const char *s, size_t len);

/* The index of the parenthesis (bracket) that closes the one at s[i], or len. */
static size_t closing(const char *s, size_t i, size_t len)
{
    char open = s[i], close = open == '(' ? ')' : open == '{' ? '}' : ']';
    int depth = 0;
    for (size_t j = i; j < len; j++) {
        if (s[j] == open) depth++;
        else if (s[j] == close && --depth == 0) return j;
    }
    return len;
}

/* A script (^ or _) of s at i (after the ^ or _): braced. (..) and {..}
   groups lose their delimiters; otherwise a sign and a run of letters and
   digits. Returns the index after it. */
static size_t script(FILE *f, char op, const char *s, size_t i, size_t len)
{
    size_t j = i;
    fputc(op, f);
    fputc('{', f);
    if (i < len && (s[i] == '(' || s[i] == '{')) {
        size_t k = closing(s, i, len);
        math_n(f, s + i + 1, (k < len ? k : len) - i - 1);
        fputc('}', f);
        return k < len ? k + 1 : len;
    }
    if (j < len && s[j] == '-') j++;
    while (j < len && isalnum((unsigned char)s[j])) j++;
    math_n(f, s + i, j - i);
    fputc('}', f);
    return j;
}

static const struct { const char *word, *tex; } math_words[] = {
    {"eps", "\\varepsilon"}, {"pi", "\\pi"}, {"Omega", "\\Omega"}, {"log2", "\\log_2"}, {"log", "\\log"},
    {"exp", "\\exp"}, {"dim", "\\dim"}, {"min", "\\min"}, {"max", "\\max"}, {"sum", "\\sum"},
    {"alpha", "\\alpha"}, {"beta", "\\beta"}, {"gamma", "\\gamma"}, {"delta", "\\delta"},
    {"theta", "\\theta"}, {"lambda", "\\lambda"}, {"sigma", "\\sigma"},
};

/* A word of letters (then digits) at s[i..j): a known name, a letter with
   a digit subscript (x1, G0), or upright. */
static void math_word(FILE *f, const char *s, size_t i, size_t j)
{
    size_t a = i;
    while (a < j && isalpha((unsigned char)s[a])) a++;
    for (size_t k = 0; k < sizeof math_words / sizeof *math_words; k++)
        if (strlen(math_words[k].word) == j - i && strncmp(s + i, math_words[k].word, j - i) == 0) {
            fputs(math_words[k].tex, f);
            if (isalpha((unsigned char)s[j]) || s[j] == '\\') fputc(' ', f);
            return;
        }
    for (size_t k = 0; k < sizeof math_words / sizeof *math_words; k++)
        if (strlen(math_words[k].word) == a - i && strncmp(s + i, math_words[k].word, a - i) == 0 && a < j) {
            fprintf(f, "%s_{", math_words[k].tex);
            fwrite(s + a, 1, j - a, f);
            fputc('}', f);
            return;
        }
    if (a - i >= 2) { fputs("\\mathrm{", f); fwrite(s + i, 1, a - i, f); fputc('}', f); }
    else fwrite(s + i, 1, a - i, f);
    if (a < j) { fputs("_{", f); fwrite(s + a, 1, j - a, f); fputc('}', f); }
}

/* A control word (or symbol), with a space after it when a letter would
   otherwise follow (or the text ends). */
static void control(FILE *f, const char *cs, const char *s, size_t i, size_t len)
{
    fputs(cs, f);
    if ((i >= len || isalpha((unsigned char)s[i])) && isalpha((unsigned char)cs[strlen(cs) - 1])) fputc(' ', f);
}

static void math_n(FILE *f, const char *s, size_t len)
{
    size_t i = 0;
    while (i < len) {
        char c = s[i], d = i + 1 < len ? s[i + 1] : 0;
        if (isalpha((unsigned char)c)) {
            size_t j = i;
            while (j < len && isalpha((unsigned char)s[j])) j++;
            while (j < len && isdigit((unsigned char)s[j])) j++;
            static const struct { const char *name, *open, *close; } fn[] = {
                {"ceil", "\\lceil ", "\\rceil"}, {"floor", "\\lfloor ", "\\rfloor"}, {"sqrt", "\\sqrt{", "}"},
            };
            int done = 0;
            for (size_t k = 0; k < sizeof fn / sizeof *fn && !done; k++)
                if (strlen(fn[k].name) == j - i && strncmp(s + i, fn[k].name, j - i) == 0 && j < len && s[j] == '(') {
                    size_t e = closing(s, j, len);
                    fputs(fn[k].open, f);
                    math_n(f, s + j + 1, (e < len ? e : len) - j - 1);
                    i = e < len ? e + 1 : len;
                    control(f, fn[k].close, s, i, len);
                    done = 1;
                }
            if (done) continue;
            math_word(f, s, i, j);
            i = j;
        } else if (c == '^' || (c == '_' && d && (isalnum((unsigned char)d) || d == '{' || d == '('))) {
            i = script(f, c, s, i + 1, len);
        } else if ((c == '<' || c == '>' || c == '!') && d == '=') {
            control(f, c == '<' ? "\\le" : c == '>' ? "\\ge" : "\\neq", s, i + 2, len);
            i += 2;
        }
        else if (c == '-' && d == '>') { control(f, "\\to", s, i + 2, len); i += 2; }
        else if (c == '|' && d == '|') { fputs("\\|", f); i += 2; }
        else {
            switch (c) {
            case '%': case '#': case '&': case '$': case '_': case '{': case '}':
                fputc('\\', f); fputc(c, f); break;
            case '\\': control(f, "\\backslash", s, i + 1, len); break;
            case '~': control(f, "\\sim", s, i + 1, len); break;
            case '*': control(f, "\\cdot", s, i + 1, len); break;
            case '\n': case '\r': fputc(' ', f); break;
            default: fputc(c, f);
            }
            i++;
        }
    }
}

void lt_tex_math(FILE *f, const char *s)
{
    math_n(f, s, strlen(s));
}

void lt_tex_prose(FILE *f, const char *s)
{
    while (*s) {
        const char *m = strchr(s, '$');
        if (!m) { lt_tex_text(f, s); return; }
        lt_tex_text_n(f, s, (size_t)(m - s));
        const char *e = strchr(m + 1, '$');
        size_t len = e ? (size_t)(e - m - 1) : strlen(m + 1);
        fputc('$', f);
        math_n(f, m + 1, len);
        fputc('$', f);
        s = e ? e + 1 : m + 1 + len;
    }
}

void lt_doc_plain_prose(FILE *f, const char *s)
{
    for (; *s; s++) if (*s != '$') fputc(*s, f);
}

/* ---- objects ---- */

static int is_lie_family(const char *p, size_t a)
{
    static const char *const lie[] = {"gl", "sl", "so", "sp", "b", "n", "heis", "aff", "se", "abelian", "fnil"};
    for (size_t k = 0; k < sizeof lie / sizeof *lie; k++)
        if (a == strlen(lie[k]) && strncmp(p, lie[k], a) == 0) return 1;
    return 0;
}

/* One factor p[0..len) of an object. */
static void object_factor(FILE *f, const char *p, size_t len)
{
    size_t a = 0;
    while (a < len && isalpha((unsigned char)p[a])) a++;
    /* digits, commas and parentheses only after the name: S4, PSL(2,7), sl(2) */
    int args = a > 0 && a < len, paren = a < len && p[a] == '(' && p[len - 1] == ')';
    for (size_t k = a; args && k < len; k++)
        if (!isdigit((unsigned char)p[k]) && !(paren && (p[k] == ',' || p[k] == '(' || p[k] == ')' || p[k] == ' ')))
            args = 0;
    if (args && paren && is_lie_family(p, a)) {
        fputs("\\mathfrak{", f); fwrite(p, 1, a, f); fputc('}', f); fwrite(p + a, 1, len - a, f);
    } else if (args && paren) {
        fputs("\\mathrm{", f); fwrite(p, 1, a, f); fputc('}', f); fwrite(p + a, 1, len - a, f);
    } else if (args && isupper((unsigned char)p[0])) {
        if (a > 1) fputs("\\mathrm{", f);
        fwrite(p, 1, a, f);
        if (a > 1) fputc('}', f);
        fputs("_{", f); fwrite(p + a, 1, len - a, f); fputc('}', f);
    } else if (a == len && a > 0 && a < 4 && isupper((unsigned char)p[0])) {
        fputs("\\mathrm{", f); fwrite(p, 1, a, f); fputc('}', f);
    } else {
        fputs("\\text{", f); lt_tex_text_n(f, p, len); fputc('}', f);
    }
}

void lt_tex_object(FILE *f, const char *obj)
{
    /* a product: factors split at " x " (but not inside GAP syntax) */
    if (strchr(obj, '[') || strncmp(obj, "Group(", 6) == 0) { object_factor(f, obj, strlen(obj)); return; }
    const char *p = obj;
    for (;;) {
        while (*p == ' ') p++;
        const char *q = strstr(p, " x ");
        size_t len = q ? (size_t)(q - p) : strlen(p);
        while (len && p[len - 1] == ' ') len--;
        object_factor(f, p, len);
        if (!q) break;
        fputs(" \\times ", f);
        p = q + 3;
    }
}

/* ---- numbers and matrices ---- */

void lt_tex_mpz(FILE *f, const mpz_t z)
{
    char *s = mpz_get_str(NULL, 10, z);
    size_t len = strlen(s);
    /* long numbers may break after every group of three digits */
    if (len > 60) {
        for (size_t i = 0; i < len; i++) {
            fputc(s[i], f);
            if (i + 1 < len && (len - i - 1) % 3 == 0 && isdigit((unsigned char)s[i])) fputs("\\allowbreak ", f);
        }
    } else fputs(s, f);
    void (*freefn)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &freefn);
    freefn(s, len + 1);
}

void lt_tex_fmpq(FILE *f, const fmpq_t q)
{
    if (fmpz_sgn(fmpq_numref(q)) < 0) fputc('-', f);
    if (fmpz_is_one(fmpq_denref(q))) {
        fmpz_t a;
        fmpz_init(a);
        fmpz_abs(a, fmpq_numref(q));
        fmpz_fprint(f, a);
        fmpz_clear(a);
        return;
    }
    fmpz_t a;
    fmpz_init(a);
    fmpz_abs(a, fmpq_numref(q));
    fputs("\\frac{", f);
    fmpz_fprint(f, a);
    fputs("}{", f);
    fmpz_fprint(f, fmpq_denref(q));
    fputs("}", f);
    fmpz_clear(a);
}

void lt_tex_qmat(FILE *f, const fmpq_mat_t M)
{
    /* amsmath's matrices take 10 columns unless told otherwise */
    slong c = fmpq_mat_ncols(M);
    if (c > 10) fprintf(f, "\\setcounter{MaxMatrixCols}{%ld}", (long)c);
    fputs("\\begin{pmatrix}", f);
    for (slong i = 0; i < fmpq_mat_nrows(M); i++) {
        if (i) fputs(" \\\\ ", f);
        for (slong j = 0; j < c; j++) {
            if (j) fputs(" & ", f);
            lt_tex_fmpq(f, fmpq_mat_entry(M, i, j));
        }
    }
    fputs("\\end{pmatrix}", f);
}

void lt_tex_perm(FILE *f, const int *p, int n)
{
    int id = 1;
    for (int i = 0; i < n; i++) id &= p[i] == i;
    if (id) { fputs("\\mathrm{id}", f); return; }
    char *s = lt_perm_str(p, n);
    fputs(s, f);
    lt_free(s);
}

void lt_tex_mpfr(FILE *f, const mpfr_t x, int digits)
{
    if (!mpfr_number_p(x)) { fputs(mpfr_nan_p(x) ? "\\mathrm{NaN}" : mpfr_sgn(x) < 0 ? "-\\infty" : "\\infty", f); return; }
    char buf[128];
    mpfr_snprintf(buf, sizeof buf, "%.*Re", digits > 1 ? digits - 1 : 0, x);
    char *e = strchr(buf, 'e');
    if (!e) { fputs(buf, f); return; }
    *e = '\0';
    long ex = strtol(e + 1, NULL, 10);
    fputs(buf, f);
    if (ex) fprintf(f, " \\cdot 10^{%ld}", ex);
}

/* ---- tables and paragraphs ---- */

void lt_tex_table_begin(FILE *f)
{
    fputs("\\noindent\\begin{tabular}{@{}lp{0.62\\linewidth}@{}}\n", f);
}

void lt_tex_table_key(FILE *f, const char *key)
{
    lt_tex_text(f, key);
    fputs(" & ", f);
}

void lt_tex_table_row_end(FILE *f)
{
    fputs(" \\\\\n", f);
}

void lt_tex_table_end(FILE *f)
{
    fputs("\\end{tabular}\\par\n", f);
}

void lt_tex_heading(FILE *f, const char *s)
{
    fputs("\\noindent\\textbf{", f);
    lt_tex_text(f, s);
    fputs("}\\par\\smallskip\n", f);
}

void lt_tex_par(FILE *f, const char *s)
{
    fputs("\\noindent ", f);
    lt_tex_text(f, s);
    fputs("\\par\n", f);
}

/* ---- series ---- */

void lt_tex_chain(FILE *f, const lt_series_sizes_t *S)
{
    for (int i = 0; i < S->n; i++) {
        if (i) fputs(S->is_lie ? " \\supset " : " \\triangleright ", f);
        fputs("\\underset{", f);
        lt_tex_mpz(f, S->size + i);
        if (S->lower) fprintf(f, "}{\\gamma_{%d}}", i + 1);
        else fprintf(f, "}{%s^{(%d)}}", S->is_lie ? "L" : "G", i);
    }
}

void lt_tex_series(FILE *f, const char *obj, const lt_series_sizes_t *S)
{
    fputs("\\begin{equation*}\n", f);
    lt_tex_object(f, obj);
    fputs(" = ", f);
    lt_tex_chain(f, S);
    if (S->reaches_bottom) fputs(S->is_lie ? " = 0" : " = 1", f);
    else fputs(" \\quad\\text{(stops: the last term repeats)}", f);
    fputs("\n\\end{equation*}\n", f);
    fprintf(f, "(beneath each term its %s)\n", S->is_lie ? "dimension" : "order");
}

void lt_tex_heading_object(FILE *f, const char *obj, const char *after)
{
    fputs("\\noindent\\textbf{$", f);
    lt_tex_object(f, obj);
    fputs("$", f);
    lt_tex_text(f, after);
    fputs("}\\par\\smallskip\n", f);
}

/* ---- sums of brackets ---- */

void lt_tex_sum_begin(lt_tex_sum *s, FILE *f, const char *lhs_tex)
{
    s->f = f;
    s->n = 0;
    fprintf(f, "\\begin{align*}\n%s &= ", lhs_tex);
}

void lt_tex_sum_term(lt_tex_sum *s, const fmpq_t c)
{
    FILE *f = s->f;
    if (s->n && s->n % 4 == 0) fputs(" \\\\\n &\\quad", f);
    if (s->n) fputc(' ', f);
    if (fmpq_sgn(c) < 0) fputs("- ", f);
    else if (s->n) fputs("+ ", f);
    fmpq_t a;
    fmpq_init(a);
    fmpq_abs(a, c);
    if (!fmpq_is_one(a)) lt_tex_fmpq(f, a);
    fmpq_clear(a);
    s->n++;
}

void lt_tex_sum_end(lt_tex_sum *s)
{
    if (!s->n) fputc('0', s->f);
    fputs("\n\\end{align*}\n", s->f);
}
