/* The one emitter of results: rows, sections and records written as
   text, JSON or LaTeX (doc.h). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "doc.h"
#include "lietool/json.h"
#include "lietool/free.h"

void cli_doc_attach(cli_doc *d, const cli_opts *o)
{
    *d = (cli_doc){.f = stdout, .mode = o->latex ? CLI_TEX : o->json ? CLI_JSON : CLI_TEXT, .width = 22, .indent = "  "};
}

void cli_doc_begin(cli_doc *d, const cli_opts *o, const char *object, const char *after)
{
    cli_doc_attach(d, o);
    if (d->mode == CLI_JSON) cli_json_begin(o);
    else if (d->mode == CLI_TEX) {
        cli_tex_begin(d->f, o);
        if (object) cli_tex_heading_object(d->f, object, after ? after : "");
        else if (after) cli_tex_heading(d->f, after);
    } else if (object || after) fprintf(d->f, "%s%s\n", object ? object : "", after ? after : "");
}

static void tex_table_end(cli_doc *d)
{
    if (d->table) cli_tex_table_end(d->f);
    if (d->in_eq) fputs("\n\\end{align*}\n", d->f);
    d->table = d->in_eq = 0;
}

void cli_doc_end(cli_doc *d, const char *tex_note)
{
    if (d->mode == CLI_JSON) fputs("}\n", d->f);
    tex_table_end(d);
    if (d->mode == CLI_TEX && tex_note) fprintf(d->f, "%s\n", tex_note);
}

void cli_doc_section(cli_doc *d, const char *title)
{
    if (d->mode == CLI_TEXT) fprintf(d->f, "\n%s\n", title);
    else if (d->mode == CLI_TEX) { tex_table_end(d); cli_tex_heading(d->f, title); }
}

/* The JSON key of a label: after '|', or the label with ' ' and '-' as '_'. */
static void put_key(cli_doc *d, const char *label)
{
    const char *bar = strchr(label, '|');
    const char *k = bar ? bar + 1 : label;
    if (!d->first) fputs(", ", d->f);
    d->first = 0;
    fputc('"', d->f);
    for (; *k; k++) fputc(*k == ' ' || *k == '-' ? '_' : *k, d->f);
    fputs("\": ", d->f);
}

FILE *cli_doc_row(cli_doc *d, const char *label)
{
    const char *bar = strchr(label, '|');
    size_t n = bar ? (size_t)(bar - label) : strlen(label);
    d->row = d->mode == CLI_JSON ? !(bar && !bar[1]) : n > 0;
    if (!d->row) return NULL;
    if (d->mode == CLI_JSON) put_key(d, label);
    else if (d->mode == CLI_TEX) {
        if (!d->table) cli_tex_table_begin(d->f);
        d->table = 1;
        cli_tex_text_n(d->f, label, n);
        fputs(" & ", d->f);
    } else fprintf(d->f, "%s%-*.*s ", d->indent, d->width, (int)n, label);
    return d->f;
}

void cli_doc_row_end(cli_doc *d)
{
    if (d->row && d->mode == CLI_TEX) cli_tex_table_row_end(d->f);
    else if (d->row && d->mode == CLI_TEXT) fputc('\n', d->f);
    d->row = 0;
}

/* A word of the text (none, yes, no) in the row: JSON word_json. */
static void put_word(cli_doc *d, const char *word, const char *word_json)
{
    if (d->mode == CLI_JSON) fputs(word_json, d->f);
    else if (d->mode == CLI_TEX) cli_tex_text(d->f, word);
    else fputs(word, d->f);
}

void cli_doc_bool(cli_doc *d, const char *label, int v)
{
    if (cli_doc_row(d, label)) put_word(d, v ? "yes" : "no", v ? "true" : "false");
    cli_doc_row_end(d);
}

void cli_doc_long(cli_doc *d, const char *label, long v, const char *none)
{
    if (cli_doc_row(d, label)) {
        if (v < 0 && none) put_word(d, none, "null");
        else fprintf(d->f, d->mode == CLI_TEX ? "$%ld$" : "%ld", v);
    }
    cli_doc_row_end(d);
}

void cli_doc_put_mpz(cli_doc *d, const mpz_t z)
{
    if (!d->row) return;
    if (d->mode == CLI_TEX) { fputc('$', d->f); cli_tex_mpz(d->f, z); fputc('$', d->f); }
    else cli_put_mpz(d->f, z, d->mode == CLI_JSON);
}

void cli_doc_mpz(cli_doc *d, const char *label, const mpz_t z)
{
    cli_doc_row(d, label);
    cli_doc_put_mpz(d, z);
    cli_doc_row_end(d);
}

void cli_doc_str(cli_doc *d, const char *label, const char *s, const char *none)
{
    if (cli_doc_row(d, label)) {
        if (!s) put_word(d, none ? none : "none", "null");
        else if (d->mode == CLI_JSON) lt_json_put_string(d->f, s);
        else if (d->mode == CLI_TEX) cli_tex_text(d->f, s);
        else fputs(s, d->f);
    }
    cli_doc_row_end(d);
}

void cli_doc_prose(cli_doc *d, const char *label, const char *s)
{
    if (cli_doc_row(d, label)) {
        if (d->mode == CLI_TEX) cli_tex_prose(d->f, s);
        else if (d->mode == CLI_TEXT) cli_plain_prose(d->f, s);
        else {
            size_t n = strlen(s), k = 0;
            char *t = lt_malloc(n + 1);
            for (size_t i = 0; i < n; i++) if (s[i] != '$') t[k++] = s[i];
            t[k] = '\0';
            lt_json_put_string(d->f, t);
            lt_free(t);
        }
    }
    cli_doc_row_end(d);
}

static void vtext(cli_doc *d, const char *src, const char *fmt, va_list ap)
{
    char buf[1024];
    vsnprintf(buf, sizeof buf, fmt, ap);
    (d->mode == CLI_TEX ? cli_tex_prose : cli_plain_prose)(d->f, buf);
    if (src) {
        fputs(" (", d->f);
        (d->mode == CLI_TEX ? cli_tex_text : cli_plain_prose)(d->f, src);
        fputc(')', d->f);
    }
}

void cli_doc_text(cli_doc *d, const char *src, const char *fmt, ...)
{
    if (d->mode == CLI_JSON || !d->row) return;
    va_list ap;
    va_start(ap, fmt);
    vtext(d, src, fmt, ap);
    va_end(ap);
}

void cli_doc_claim(cli_doc *d, const char *label, const char *src, const char *fmt, ...)
{
    if (d->mode != CLI_JSON && cli_doc_row(d, label)) {
        va_list ap;
        va_start(ap, fmt);
        vtext(d, src, fmt, ap);
        va_end(ap);
    }
    cli_doc_row_end(d);
}

void cli_doc_break(cli_doc *d)
{
    tex_table_end(d);
}

void cli_doc_double(cli_doc *d, const char *label, const char *fmt, double v)
{
    if (cli_doc_row(d, label)) {
        if (d->mode == CLI_TEX) fputc('$', d->f);
        fprintf(d->f, fmt, v);
        if (d->mode == CLI_TEX) fputc('$', d->f);
    }
    cli_doc_row_end(d);
}

void cli_doc_series(cli_doc *d, const char *label, const cli_tex_series_t *S, int upper)
{
    if (cli_doc_row(d, label)) {
        FILE *f = d->f;
        if (d->mode == CLI_TEX) {
            fputc('$', f);
            if (upper) for (int i = 0; i < S->n; i++) { if (i) fputs(" \\supset ", f); cli_tex_mpz(f, S->size + i); }
            else cli_tex_chain(f, S);
            fputc('$', f);
        } else {
            int json = d->mode == CLI_JSON;
            if (json) fputc('[', f);
            for (int i = 0; i < S->n; i++) {
                if (i) fputs(json ? ", " : " > ", f);
                cli_put_mpz(f, S->size + i, json && !S->is_lie);
            }
            if (json) fputc(']', f);
        }
    }
    cli_doc_row_end(d);
}

void cli_doc_pgrp_series(cli_doc *d, const char *label, const lt_pgrp_series_t S, int lower)
{
    cli_tex_series_t T;
    cli_tex_series_pgrp(&T, S, lower);
    cli_doc_series(d, label, &T, 0);
    cli_tex_series_clear(&T);
}

void cli_doc_lie_series(cli_doc *d, const char *label, const lt_lseries_t S, int kind)
{
    cli_tex_series_t T;
    cli_tex_series_lie(&T, S, kind == 1);
    cli_doc_series(d, label, &T, kind == 2);
    cli_tex_series_clear(&T);
}

void cli_doc_dims(cli_doc *d, const char *label, const slong *dims, slong n)
{
    __mpz_struct *z = lt_malloc((size_t)(n > 0 ? n : 1) * sizeof *z);
    for (slong i = 0; i < n; i++) mpz_init_set_si(z + i, (long)dims[i]);
    cli_tex_series_t T = {.n = (int)n, .size = z, .is_lie = 1, .reaches_bottom = n > 0 && dims[n - 1] == 0};
    cli_doc_series(d, label, &T, 0);
    cli_tex_series_clear(&T);
}

void cli_doc_open(cli_doc *d, const char *label)
{
    if (d->mode == CLI_JSON) { put_key(d, label); fputc('{', d->f); d->first = 1; }
}

void cli_doc_close(cli_doc *d)
{
    if (d->mode == CLI_JSON) { fputc('}', d->f); d->first = 0; }
}

void cli_doc_list_begin(cli_doc *d, const char *label)
{
    if (d->mode == CLI_JSON) { put_key(d, label); fputc('[', d->f); d->first = 1; }
}

void cli_doc_list_end(cli_doc *d)
{
    if (d->mode == CLI_JSON) { fputc(']', d->f); d->first = 0; }
}

FILE *cli_doc_elem(cli_doc *d)
{
    if (d->mode != CLI_JSON) return NULL;
    if (!d->first) fputs(", ", d->f);
    d->first = 0;
    return d->f;
}

void cli_doc_json(cli_doc *d, const char *label, const char *fmt, ...)
{
    FILE *f = d->mode == CLI_JSON ? cli_doc_row(d, label) : NULL;
    va_list ap;
    va_start(ap, fmt);
    if (f) vfprintf(f, fmt, ap);
    va_end(ap);
    cli_doc_row_end(d);
}

void cli_doc_strs(cli_doc *d, const char *label, int n, const char *const *s)
{
    cli_doc_list_begin(d, label);
    for (int i = 0; d->mode == CLI_JSON && i < n; i++) lt_json_put_string(cli_doc_elem(d), s[i]);
    cli_doc_list_end(d);
}

void cli_doc_item_begin(cli_doc *d)
{
    if (cli_doc_elem(d)) { fputc('{', d->f); d->first = 1; }
}

void cli_doc_item_end(cli_doc *d)
{
    if (d->mode == CLI_JSON) { fputc('}', d->f); d->first = 0; }
}

/* Element i of B as a bracket of the letters' names. */
static void bracket(FILE *f, const lt_lyndon_t B, slong i, char *const *names)
{
    if (B->left[i] < 0) { fputs(names[B->letters[B->offset[i]]], f); return; }
    fputc('[', f);
    bracket(f, B, B->left[i], names);
    fputc(',', f);
    bracket(f, B, B->right[i], names);
    fputc(']', f);
}

void cli_doc_brackets(cli_doc *d, const char *lhs_tex, const lt_lyndon_t B, const fmpq *c, char *const *names, int word)
{
    cli_tex_sum S;
    if (d->mode == CLI_TEX) cli_tex_sum_begin(&S, d->f, lhs_tex);
    cli_doc_list_begin(d, "terms");
    for (slong i = 0; i < B->n; i++) {
        if (fmpq_is_zero(c + i)) continue;
        char *b, *q = fmpq_get_str(NULL, 10, c + i);
        if (names) {
            size_t size;
            FILE *m = open_memstream(&b, &size);
            bracket(m, B, i, names);
            fclose(m);
        } else b = lt_lyndon_bracket_str(B, i);
        if (d->mode == CLI_TEX) { cli_tex_sum_term(&S, c + i); cli_tex_math(d->f, b); }
        else if (d->mode == CLI_TEXT) fprintf(d->f, "%s %s\n", q, b);
        else {
            cli_doc_item_begin(d);
            if (word) {
                char *w = lt_lyndon_word_str(B, i);
                cli_doc_long(d, "|index", (long)i + 1, NULL);
                cli_doc_str(d, "|word", w, NULL);
                lt_free(w);
            }
            cli_doc_str(d, "|bracket", b, NULL);
            cli_doc_long(d, "|degree", lt_lyndon_degree(B, i), NULL);
            cli_doc_str(d, "|coefficient", q, NULL);
            cli_doc_item_end(d);
        }
        if (names) free(b); else lt_free(b);
        flint_free(q);
    }
    cli_doc_list_end(d);
    if (d->mode == CLI_TEX) cli_tex_sum_end(&S);
}

/* ---- prose and equations ---- */

/* s[0..len) as LaTeX, text (math 0) or mathematics. */
static void tex_run(FILE *f, const char *s, size_t len, int math)
{
    char *t = lt_malloc(len + 1);
    memcpy(t, s, len);
    t[len] = '\0';
    (math ? cli_tex_math : cli_tex_text)(f, t);
    lt_free(t);
}

/* s with its $ marks, @ and pieces: plain, or LaTeX starting in text mode
   (math 0) or in math mode (math 1: the $ marks are ignored). */
static void put_prose(cli_doc *d, const char *s, int math)
{
    int tex = d->mode == CLI_TEX, m = math;
    const char *run = s;
    for (const char *p = s;; p++) {
        if (*p && *p != '$' && *p != '@' && *p != '\1') continue;
        if (tex) tex_run(d->f, run, (size_t)(p - run), m);
        else fwrite(run, 1, (size_t)(p - run), d->f);
        if (!*p) break;
        if (*p == '\1') {
            size_t len = strcspn(p + 1, "\1");
            fwrite(p + 1, 1, len, d->f);
            p += len + (p[len + 1] ? 1 : 0);
        } else if (*p == '@' && !tex) fputs(d->object, d->f);
        else if (*p == '@') {
            if (!m) fputc('$', d->f);
            cli_tex_object(d->f, d->object);
            if (!m) fputc('$', d->f);
        } else if (tex && !math) {
            fputc('$', d->f);
            m = !m;
        }
        run = p + 1;
    }
}

/* The formatted line (gmp_printf's format), malloc'd (lt_free). */
static char *vformat(const char *fmt, va_list ap)
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

void cli_doc_say(cli_doc *d, const char *fmt, ...)
{
    if (d->mode == CLI_JSON) return;
    va_list ap;
    va_start(ap, fmt);
    char *s = vformat(fmt, ap);
    va_end(ap);
    tex_table_end(d);
    if (d->mode == CLI_TEXT) { put_prose(d, s, 0); fputc('\n', d->f); }
    else if (!*s) fputs("\\medskip\n", d->f);
    else {
        fputs("\\noindent ", d->f);
        put_prose(d, s + strspn(s, " "), 0);
        fputs("\\par\n", d->f);
    }
    lt_free(s);
}

void cli_doc_eq(cli_doc *d, const char *fmt, ...)
{
    if (d->mode == CLI_JSON) return;
    va_list ap;
    va_start(ap, fmt);
    char *s = vformat(fmt, ap), *eq = strstr(s, " = ");
    va_end(ap);
    if (d->mode == CLI_TEXT) { fputs("  ", d->f); put_prose(d, s, 0); fputc('\n', d->f); }
    else {
        fputs(d->in_eq ? " \\\\\n" : "\\begin{align*}\n", d->f);
        d->in_eq = 1;
        if (eq) *eq = '\0';
        fputs(eq ? "" : "& ", d->f);
        put_prose(d, s, 1);
        if (eq) { fputs(" &= ", d->f); put_prose(d, eq + 3, 1); }
    }
    lt_free(s);
}

FILE *cli_doc_piece(cli_doc_buf *b, const cli_doc *d)
{
    *b = (cli_doc_buf){.tex = d && d->mode == CLI_TEX};
    b->f = open_memstream(&b->s, &b->size);
    if (!b->f) { fprintf(stderr, "lietool: out of memory\n"); abort(); }
    if (b->tex) fputc('\1', b->f);
    return b->f;
}

char *cli_doc_piece_end(cli_doc_buf *b)
{
    if (b->tex) fputc('\1', b->f);
    fclose(b->f);
    return b->s;
}

char *cli_doc_matrix(cli_doc *d, const char *label, const void *M, slong r, slong c, cli_doc_entry put)
{
    int json = d->mode == CLI_JSON, tex = d->mode == CLI_TEX;
    cli_doc_buf b;
    FILE *f = json ? (label ? cli_doc_row(d, label) : NULL) : cli_doc_piece(&b, d);
    if (f && tex && c > 10) fprintf(f, "\\setcounter{MaxMatrixCols}{%ld}", (long)c);   /* amsmath's default: 10 */
    for (slong i = 0; f && i < r; i++) {
        fputs(i ? (tex ? " \\\\ " : json ? ", [" : ",[") : tex ? "\\begin{pmatrix}" : "[[", f);
        for (slong j = 0; j < c; j++) {
            fputs(j == 0 ? "" : tex ? " & " : json ? ", " : ",", f);
            put(f, M, i, j, d->mode);
        }
        fputs(tex ? "" : "]", f);
    }
    if (f) fputs(tex ? "\\end{pmatrix}" : "]", f);
    if (json) cli_doc_row_end(d);
    return json ? NULL : cli_doc_piece_end(&b);
}

static void put_q(FILE *f, const void *M, slong i, slong j, cli_mode mode)
{
    const fmpq *x = fmpq_mat_entry((const fmpq_mat_struct *)M, i, j);
    if (mode == CLI_TEX) cli_tex_fmpq(f, x);
    else {
        fputs(mode == CLI_JSON ? "\"" : "", f);
        fmpq_fprint(f, x);
        fputs(mode == CLI_JSON ? "\"" : "", f);
    }
}

char *cli_doc_qmat(cli_doc *d, const char *key, const fmpq_mat_struct *M)
{
    return cli_doc_matrix(d, key, M, fmpq_mat_nrows(M), fmpq_mat_ncols(M), put_q);
}
