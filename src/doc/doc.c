/* The one emitter of results: rows, sections and records written as
   text, JSON or LaTeX (lietool/doc.h). */
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "lietool/doc.h"
#include "lietool/io.h"
#include "lietool/free.h"

void lt_doc_init(lt_doc *d, FILE *f, lt_doc_mode mode)
{
    *d = (lt_doc){.f = f, .mode = mode, .width = 22, .indent = "  "};
}

void lt_doc_start(lt_doc *d, const char *object, const char *command, const char *line)
{
    if (d->mode == LT_DOC_JSON) {
        fputs("{\"object\": ", d->f);
        lt_json_put_string(d->f, object);
        fputs(", \"command\": ", d->f);
        lt_json_put_string(d->f, command);
    } else if (d->mode == LT_DOC_TEX) {
        /* a comment runs to the end of the line: no line breaks in it */
        fputs("% lietool ", d->f);
        for (; *line; line++) fputc(*line == '\n' || *line == '\r' ? ' ' : *line, d->f);
        fprintf(d->f, " %s: a LaTeX fragment; it needs \\usepackage{amsmath}\n", lt_opt("latex"));
        fputs("\\providecommand{\\mathfrak}[1]{\\mathrm{#1}}% amssymb's, where loaded\n", d->f);
    }
}

void lt_doc_heading(lt_doc *d, const char *object, const char *after)
{
    if (d->mode == LT_DOC_TEX) {
        if (object) lt_tex_heading_object(d->f, object, after ? after : "");
        else if (after) lt_tex_heading(d->f, after);
    } else if (d->mode == LT_DOC_TEXT && (object || after))
        fprintf(d->f, "%s%s\n", object ? object : "", after ? after : "");
}

/* An integer, JSON as a string when quoted. */
static void put_mpz(FILE *f, const mpz_t z, int quoted)
{
    if (quoted) fputc('"', f);
    mpz_out_str(f, 10, z);
    if (quoted) fputc('"', f);
}

static void tex_table_end(lt_doc *d)
{
    if (d->table) lt_tex_table_end(d->f);
    if (d->in_eq) fputs("\n\\end{align*}\n", d->f);
    d->table = d->in_eq = 0;
}

void lt_doc_end(lt_doc *d, const char *tex_note)
{
    if (d->mode == LT_DOC_JSON) fputs("}\n", d->f);
    tex_table_end(d);
    if (d->mode == LT_DOC_TEX && tex_note) fprintf(d->f, "%s\n", tex_note);
}

void lt_doc_section(lt_doc *d, const char *title)
{
    if (d->mode == LT_DOC_TEXT) fprintf(d->f, "\n%s\n", title);
    else if (d->mode == LT_DOC_TEX) { tex_table_end(d); lt_tex_heading(d->f, title); }
}

/* The JSON key of a label: after '|', or the label with ' ' and '-' as '_'. */
static void put_key(lt_doc *d, const char *label)
{
    const char *bar = strchr(label, '|');
    const char *k = bar ? bar + 1 : label;
    if (!d->first) fputs(", ", d->f);
    d->first = 0;
    fputc('"', d->f);
    for (; *k; k++) fputc(*k == ' ' || *k == '-' ? '_' : *k, d->f);
    fputs("\": ", d->f);
}

FILE *lt_doc_row(lt_doc *d, const char *label)
{
    const char *bar = strchr(label, '|');
    size_t n = bar ? (size_t)(bar - label) : strlen(label);
    d->row = d->mode == LT_DOC_JSON ? !(bar && !bar[1]) : n > 0;
    if (!d->row) return NULL;
    if (d->mode == LT_DOC_JSON) put_key(d, label);
    else if (d->mode == LT_DOC_TEX) {
        if (d->in_eq) { fputs("\n\\end{align*}\n", d->f); d->in_eq = 0; }
        if (!d->table) lt_tex_table_begin(d->f);
        d->table = 1;
        lt_tex_text_n(d->f, label, n);
        fputs(" & ", d->f);
    } else fprintf(d->f, "%s%-*.*s ", d->indent, d->width, (int)n, label);
    return d->f;
}

void lt_doc_row_end(lt_doc *d)
{
    if (d->row && d->mode == LT_DOC_TEX) lt_tex_table_row_end(d->f);
    else if (d->row && d->mode == LT_DOC_TEXT) fputc('\n', d->f);
    d->row = 0;
}

/* A word of the text (none, yes, no) in the row: JSON word_json. */
static void put_word(lt_doc *d, const char *word, const char *word_json)
{
    if (d->mode == LT_DOC_JSON) fputs(word_json, d->f);
    else if (d->mode == LT_DOC_TEX) lt_tex_text(d->f, word);
    else fputs(word, d->f);
}

void lt_doc_bool(lt_doc *d, const char *label, int v)
{
    if (lt_doc_row(d, label)) put_word(d, v ? "yes" : "no", v ? "true" : "false");
    lt_doc_row_end(d);
}

void lt_doc_long(lt_doc *d, const char *label, long v, const char *none)
{
    if (lt_doc_row(d, label)) {
        if (v < 0 && none) put_word(d, none, "null");
        else fprintf(d->f, d->mode == LT_DOC_TEX ? "$%ld$" : "%ld", v);
    }
    lt_doc_row_end(d);
}

void lt_doc_put_mpz(lt_doc *d, const mpz_t z)
{
    if (!d->row) return;
    if (d->mode == LT_DOC_TEX) { fputc('$', d->f); lt_tex_mpz(d->f, z); fputc('$', d->f); }
    else put_mpz(d->f, z, d->mode == LT_DOC_JSON);
}

void lt_doc_mpz(lt_doc *d, const char *label, const mpz_t z)
{
    lt_doc_row(d, label);
    lt_doc_put_mpz(d, z);
    lt_doc_row_end(d);
}

void lt_doc_str(lt_doc *d, const char *label, const char *s, const char *none)
{
    if (lt_doc_row(d, label)) {
        if (!s) put_word(d, none ? none : "none", "null");
        else if (d->mode == LT_DOC_JSON) lt_json_put_string(d->f, s);
        else if (d->mode == LT_DOC_TEX) lt_tex_text(d->f, s);
        else fputs(s, d->f);
    }
    lt_doc_row_end(d);
}

void lt_doc_prose(lt_doc *d, const char *label, const char *s)
{
    if (lt_doc_row(d, label)) {
        if (d->mode == LT_DOC_TEX) lt_tex_prose(d->f, s);
        else if (d->mode == LT_DOC_TEXT) lt_doc_plain_prose(d->f, s);
        else {
            size_t n = strlen(s), k = 0;
            char *t = lt_malloc(n + 1);
            for (size_t i = 0; i < n; i++) if (s[i] != '$') t[k++] = s[i];
            t[k] = '\0';
            lt_json_put_string(d->f, t);
            lt_free(t);
        }
    }
    lt_doc_row_end(d);
}

static void vtext(lt_doc *d, const char *src, const char *fmt, va_list ap)
{
    char buf[1024], text[1024];
    vsnprintf(buf, sizeof buf, fmt, ap);
    lt_opt_text(text, sizeof text, buf);        /* `name`: as the front end spells it */
    (d->mode == LT_DOC_TEX ? lt_tex_prose : lt_doc_plain_prose)(d->f, text);
    if (src) {
        fputs(" (", d->f);
        (d->mode == LT_DOC_TEX ? lt_tex_text : lt_doc_plain_prose)(d->f, src);
        fputc(')', d->f);
    }
}

void lt_doc_text(lt_doc *d, const char *src, const char *fmt, ...)
{
    if (d->mode == LT_DOC_JSON || !d->row) return;
    va_list ap;
    va_start(ap, fmt);
    vtext(d, src, fmt, ap);
    va_end(ap);
}

void lt_doc_claim(lt_doc *d, const char *label, const char *src, const char *fmt, ...)
{
    if (d->mode != LT_DOC_JSON && lt_doc_row(d, label)) {
        va_list ap;
        va_start(ap, fmt);
        vtext(d, src, fmt, ap);
        va_end(ap);
    }
    lt_doc_row_end(d);
}

void lt_doc_break(lt_doc *d)
{
    tex_table_end(d);
}

void lt_doc_double(lt_doc *d, const char *label, const char *fmt, double v)
{
    if (lt_doc_row(d, label)) {
        if (d->mode == LT_DOC_TEX) fputc('$', d->f);
        fprintf(d->f, fmt, v);
        if (d->mode == LT_DOC_TEX) fputc('$', d->f);
    }
    lt_doc_row_end(d);
}

void lt_doc_series(lt_doc *d, const char *label, const lt_series_sizes_t *S, int upper)
{
    if (lt_doc_row(d, label)) {
        FILE *f = d->f;
        if (d->mode == LT_DOC_TEX) {
            fputc('$', f);
            if (upper) for (int i = 0; i < S->n; i++) { if (i) fputs(" \\supset ", f); lt_tex_mpz(f, S->size + i); }
            else lt_tex_chain(f, S);
            fputc('$', f);
        } else {
            int json = d->mode == LT_DOC_JSON;
            if (json) fputc('[', f);
            for (int i = 0; i < S->n; i++) {
                if (i) fputs(json ? ", " : " > ", f);
                put_mpz(f, S->size + i, json && !S->is_lie);
            }
            if (json) fputc(']', f);
        }
    }
    lt_doc_row_end(d);
}

void lt_doc_pgrp_series(lt_doc *d, const char *label, const lt_pgrp_series_t S, int lower)
{
    lt_series_sizes_t T;
    lt_series_sizes_pgrp(&T, S, lower);
    lt_doc_series(d, label, &T, 0);
    lt_series_sizes_clear(&T);
}

void lt_doc_lie_series(lt_doc *d, const char *label, const lt_lseries_t S, int kind)
{
    lt_series_sizes_t T;
    lt_series_sizes_lie(&T, S, kind == 1);
    lt_doc_series(d, label, &T, kind == 2);
    lt_series_sizes_clear(&T);
}

void lt_doc_dims(lt_doc *d, const char *label, const slong *dims, slong n)
{
    __mpz_struct *z = lt_malloc((size_t)(n > 0 ? n : 1) * sizeof *z);
    for (slong i = 0; i < n; i++) mpz_init_set_si(z + i, (long)dims[i]);
    lt_series_sizes_t T = {.n = (int)n, .size = z, .is_lie = 1, .reaches_bottom = n > 0 && dims[n - 1] == 0};
    lt_doc_series(d, label, &T, 0);
    lt_series_sizes_clear(&T);
}

void lt_doc_open(lt_doc *d, const char *label)
{
    if (d->mode == LT_DOC_JSON) { put_key(d, label); fputc('{', d->f); d->first = 1; }
}

void lt_doc_close(lt_doc *d)
{
    if (d->mode == LT_DOC_JSON) { fputc('}', d->f); d->first = 0; }
}

void lt_doc_list_begin(lt_doc *d, const char *label)
{
    if (d->mode == LT_DOC_JSON) { put_key(d, label); fputc('[', d->f); d->first = 1; }
}

void lt_doc_list_end(lt_doc *d)
{
    if (d->mode == LT_DOC_JSON) { fputc(']', d->f); d->first = 0; }
}

FILE *lt_doc_elem(lt_doc *d)
{
    if (d->mode != LT_DOC_JSON) return NULL;
    if (!d->first) fputs(", ", d->f);
    d->first = 0;
    return d->f;
}

void lt_doc_json(lt_doc *d, const char *label, const char *fmt, ...)
{
    FILE *f = d->mode == LT_DOC_JSON ? lt_doc_row(d, label) : NULL;
    va_list ap;
    va_start(ap, fmt);
    if (f) vfprintf(f, fmt, ap);
    va_end(ap);
    lt_doc_row_end(d);
}

void lt_doc_strs(lt_doc *d, const char *label, int n, const char *const *s)
{
    lt_doc_list_begin(d, label);
    for (int i = 0; d->mode == LT_DOC_JSON && i < n; i++) lt_json_put_string(lt_doc_elem(d), s[i]);
    lt_doc_list_end(d);
}

void lt_doc_item_begin(lt_doc *d)
{
    if (lt_doc_elem(d)) { fputc('{', d->f); d->first = 1; }
}

void lt_doc_item_end(lt_doc *d)
{
    if (d->mode == LT_DOC_JSON) { fputc('}', d->f); d->first = 0; }
}

/* Element i of B as a bracket of the letters' names. */
static void bracket(FILE *f, const lt_lyndon_t B, slong i, char *const *names)
{
    int32_t lr[2];
    lt_lyndon_factors(B, i, lr);
    if (lr[0] < 0) { fputs(names[i], f); return; }   /* the letters are elements 0..r-1 */
    fputc('[', f);
    bracket(f, B, lr[0], names);
    fputc(',', f);
    bracket(f, B, lr[1], names);
    fputc(']', f);
}

void lt_doc_brackets(lt_doc *d, const char *lhs_tex, const lt_lyndon_t B, const fmpq *c, char *const *names, int word)
{
    lt_tex_sum S;
    if (d->mode == LT_DOC_TEX) lt_tex_sum_begin(&S, d->f, lhs_tex);
    lt_doc_list_begin(d, "terms");
    for (slong i = 0; i < B->n; i++) {
        if (fmpq_is_zero(c + i)) continue;
        char *b, *q = fmpq_get_str(NULL, 10, c + i);
        if (names) {
            size_t size;
            FILE *m = open_memstream(&b, &size);
            bracket(m, B, i, names);
            fclose(m);
        } else b = lt_lyndon_bracket_str(B, i);
        if (d->mode == LT_DOC_TEX) { lt_tex_sum_term(&S, c + i); lt_tex_math(d->f, b); }
        else if (d->mode == LT_DOC_TEXT) fprintf(d->f, "%s %s\n", q, b);
        else {
            lt_doc_item_begin(d);
            if (word) {
                char *w = lt_lyndon_word_str(B, i);
                lt_doc_long(d, "|index", (long)i + 1, NULL);
                lt_doc_str(d, "|word", w, NULL);
                lt_free(w);
            }
            lt_doc_str(d, "|bracket", b, NULL);
            lt_doc_long(d, "|degree", lt_lyndon_degree(B, i), NULL);
            lt_doc_str(d, "|coefficient", q, NULL);
            lt_doc_item_end(d);
        }
        if (names) free(b); else lt_free(b);
        flint_free(q);
    }
    lt_doc_list_end(d);
    if (d->mode == LT_DOC_TEX) lt_tex_sum_end(&S);
}

/* ---- prose and equations ---- */

/* s[0..len) as LaTeX, text (math 0) or mathematics. */
static void tex_run(FILE *f, const char *s, size_t len, int math)
{
    char *t = lt_malloc(len + 1);
    memcpy(t, s, len);
    t[len] = '\0';
    (math ? lt_tex_math : lt_tex_text)(f, t);
    lt_free(t);
}

/* s with its $ marks, @ and pieces: plain, or LaTeX starting in text mode
   (math 0) or in math mode (math 1: the $ marks are ignored). */
/* The raw LaTeX pieces lietool made (lt_doc_piece, and the \1...\1 runs
   of a format string): a \1 run in prose is copied raw only when it is one
   of them, so that a \1 byte in an object string or a file name cannot
   pass raw LaTeX. Kept as 64-bit FNV-1a hashes of their contents. */
#define PIECES_MAX 4096
static uint64_t pieces[PIECES_MAX];
static int npieces;

static uint64_t piece_hash(const char *s, size_t len)
{
    uint64_t h = 14695981039346656037ull;
    for (size_t i = 0; i < len; i++) h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
    return h;
}

static void piece_add(const char *s, size_t len)
{
    uint64_t h = piece_hash(s, len);
    for (int i = 0; i < npieces; i++) if (pieces[i] == h) return;
    if (npieces < PIECES_MAX) pieces[npieces++] = h;
    else pieces[(h >> 7) % PIECES_MAX] = h;
}

static int piece_known(const char *s, size_t len)
{
    uint64_t h = piece_hash(s, len);
    for (int i = 0; i < npieces; i++) if (pieces[i] == h) return 1;
    return 0;
}

/* The \1...\1 runs of a format string: lietool's own. */
static void pieces_of(const char *fmt)
{
    for (const char *p = strchr(fmt, '\1'); p; p = strchr(p + 1, '\1')) {
        size_t len = strcspn(p + 1, "\1");
        if (!p[1 + len]) break;
        piece_add(p + 1, len);
        p += 1 + len;
    }
}

const char *lt_doc_raw(const char *s)
{
    pieces_of(s);
    return s;
}

static void put_prose(lt_doc *d, const char *s, int math)
{
    int tex = d->mode == LT_DOC_TEX, m = math;
    const char *run = s;
    for (const char *p = s;; p++) {
        if (*p && *p != '$' && *p != '@' && *p != '\1') continue;
        if (tex) tex_run(d->f, run, (size_t)(p - run), m);
        else fwrite(run, 1, (size_t)(p - run), d->f);
        if (!*p) break;
        if (*p == '\1') {
            size_t len = strcspn(p + 1, "\1");
            if (piece_known(p + 1, len)) {
                fwrite(p + 1, 1, len, d->f);
                p += len + (p[len + 1] ? 1 : 0);
            }       /* else a \1 that came with a user's string: dropped, the rest set as text */
        } else if (*p == '@' && !d->object) {
            if (tex) tex_run(d->f, "@", 1, m); else fputc('@', d->f);
        } else if (*p == '@' && !tex) fputs(d->object, d->f);
        else if (*p == '@') {
            if (!m) fputc('$', d->f);
            lt_tex_object(d->f, d->object);
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
    char *g = NULL, f[1024];
    if (strchr(fmt, '`') && lt_opt_text(f, sizeof f, fmt) < sizeof f) fmt = f;   /* `name` as the front end spells it */
    int len = gmp_vasprintf(&g, fmt, ap);
    if (len < 0) lt_oom(strlen(fmt));
    char *s = lt_strdup(g);
    void (*freefn)(void *, size_t);
    mp_get_memory_functions(NULL, NULL, &freefn);
    freefn(g, (size_t)len + 1);
    return s;
}

void lt_doc_say(lt_doc *d, const char *fmt, ...)
{
    if (d->mode == LT_DOC_JSON) return;
    pieces_of(fmt);
    va_list ap;
    va_start(ap, fmt);
    char *s = vformat(fmt, ap);
    va_end(ap);
    tex_table_end(d);
    if (d->mode == LT_DOC_TEXT) { put_prose(d, s, 0); fputc('\n', d->f); }
    else if (!*s) fputs("\\medskip\n", d->f);
    else {
        fputs("\\noindent ", d->f);
        put_prose(d, s + strspn(s, " "), 0);
        fputs("\\par\n", d->f);
    }
    lt_free(s);
}

void lt_doc_eq(lt_doc *d, const char *fmt, ...)
{
    if (d->mode == LT_DOC_JSON) return;
    pieces_of(fmt);
    va_list ap;
    va_start(ap, fmt);
    char *s = vformat(fmt, ap), *eq = strstr(s, " = ");
    va_end(ap);
    if (d->mode == LT_DOC_TEXT) { fputs("  ", d->f); put_prose(d, s, 0); fputc('\n', d->f); }
    else {
        if (d->table) { lt_tex_table_end(d->f); d->table = 0; }
        fputs(d->in_eq ? " \\\\\n" : "\\begin{align*}\n", d->f);
        d->in_eq = 1;
        if (eq) *eq = '\0';
        fputs(eq ? "" : "& ", d->f);
        put_prose(d, s, 1);
        if (eq) { fputs(" &= ", d->f); put_prose(d, eq + 3, 1); }
    }
    lt_free(s);
}

FILE *lt_doc_piece(lt_doc_buf *b, const lt_doc *d)
{
    *b = (lt_doc_buf){.tex = d && d->mode == LT_DOC_TEX};
    b->f = open_memstream(&b->s, &b->size);
    if (!b->f) lt_oom(BUFSIZ);
    if (b->tex) fputc('\1', b->f);
    return b->f;
}

char *lt_doc_piece_end(lt_doc_buf *b)
{
    if (b->tex) fputc('\1', b->f);
    fclose(b->f);
    if (b->tex && b->size >= 2) piece_add(b->s + 1, b->size - 2);
    return b->s;
}

char *lt_doc_matrix(lt_doc *d, const char *label, const void *M, slong r, slong c, lt_doc_entry put)
{
    int json = d->mode == LT_DOC_JSON, tex = d->mode == LT_DOC_TEX;
    lt_doc_buf b;
    FILE *f = json ? (label ? lt_doc_row(d, label) : NULL) : lt_doc_piece(&b, d);
    if (f && r == 0) {      /* no rows: an empty matrix, not half of one */
        fputs(tex ? "()" : "[]", f);
        f = NULL;
    }
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
    if (json) lt_doc_row_end(d);
    return json ? NULL : lt_doc_piece_end(&b);
}

static void put_q(FILE *f, const void *M, slong i, slong j, lt_doc_mode mode)
{
    const fmpq *x = fmpq_mat_entry((const fmpq_mat_struct *)M, i, j);
    if (mode == LT_DOC_TEX) lt_tex_fmpq(f, x);
    else {
        fputs(mode == LT_DOC_JSON ? "\"" : "", f);
        fmpq_fprint(f, x);
        fputs(mode == LT_DOC_JSON ? "\"" : "", f);
    }
}

char *lt_doc_qmat(lt_doc *d, const char *key, const fmpq_mat_struct *M)
{
    return lt_doc_matrix(d, key, M, fmpq_mat_nrows(M), fmpq_mat_ncols(M), put_q);
}

/* ---- formatted rows and tables ---- */

void lt_doc_strf(lt_doc *d, const char *label, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    char *s = vformat(fmt, ap);
    va_end(ap);
    lt_doc_str(d, label, s, NULL);
    lt_free(s);
}

void lt_doc_value(lt_doc *d, const char *fmt, ...)
{
    if (!d->row) return;
    va_list ap;
    va_start(ap, fmt);
    if (d->mode == LT_DOC_TEX) fputc('$', d->f);
    vfprintf(d->f, fmt, ap);
    if (d->mode == LT_DOC_TEX) fputc('$', d->f);
    va_end(ap);
}

void lt_doc_tab_begin(lt_doc_tab *t, lt_doc *d, const char *cols)
{
    *t = (lt_doc_tab){d, 0, 0};
    if (d->mode != LT_DOC_TEX) return;
    lt_doc_break(d);
    fprintf(d->f, "\\begin{center}\n\\begin{tabular}{%s}\n", cols);
}

/* LaTeX: a number such as 1.290e-03 as 1.290 \cdot 10^{-3} */
static void tex_cell(FILE *f, const char *s)
{
    char *end;
    const char *e = strpbrk(s, "eE");
    strtod(s, &end);
    if (*s && !*end && e && !strpbrk(s, "nN")) fprintf(f, "$%.*s \\cdot 10^{%ld}$", (int)(e - s), s, strtol(e + 1, NULL, 10));
    else lt_tex_text(f, s);
}

void lt_doc_tab_cell(lt_doc_tab *t, const char *fmt, ...)
{
    lt_doc *d = t->d;
    if (d->mode == LT_DOC_JSON) return;
    va_list ap;
    va_start(ap, fmt);
    if (d->mode == LT_DOC_TEXT) vfprintf(d->f, fmt, ap);
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

void lt_doc_tab_row_end(lt_doc_tab *t)
{
    lt_doc *d = t->d;
    if (d->mode == LT_DOC_TEXT) fputc('\n', d->f);
    else if (d->mode == LT_DOC_TEX) fputs(t->rows ? " \\\\\n" : " \\\\\n\\hline\n", d->f);
    t->cells = 0;
    t->rows++;
}

void lt_doc_tab_end(lt_doc_tab *t)
{
    if (t->d->mode == LT_DOC_TEX) fputs("\\end{tabular}\n\\end{center}\n", t->d->f);
}
