/* Word-problem datasets (lietool-formats(5), WORD-PROBLEM DATASETS): the
   Cayley table of a group object in either convention (the mathematics is
   in src/perm/cayley.c), the table as JSON, and the CSV files: written from
   lt_cayley_words, checked row by row.

   In the abstract_algebra convention the generator's own families are
   recognised by name (C<n>/Z<n>, D<m>, H3, Heis(p), UT(3,p)), a product
   G x H is built factor by factor, and any other factor is the permutation
   group lietool builds, as abstract_algebra lists a group of permutations. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "lietool/dataset.h"
#include "lietool/io.h"
#include "lietool/json.h"
#include "impl.h"

/* The integers in "NAME(a, b)" after the opening parenthesis. */
static int paren_ints(const char *s, long *v, int max)
{
    const char *p = strchr(s, '(');
    int k = 0;
    if (!p) return 0;
    p++;
    while (*p && k < max) {
        while (*p == ' ' || *p == ',') p++;
        if (!isdigit((unsigned char)*p)) break;
        v[k++] = strtol(p, (char **)&p, 10);
    }
    return k;
}

static int all_digits(const char *s)
{
    if (!*s) return 0;
    for (; *s; s++) if (!isdigit((unsigned char)*s)) return 0;
    return 1;
}

/* 'Z' cyclic of order *a, 'D' dihedral of order *a, 'H' UT(3,*a); 0 otherwise */
static int family(const char *f, long *a)
{
    long v[2];
    if (strcmp(f, "H3") == 0) { *a = 2; return 'H'; }
    if ((f[0] == 'C' || f[0] == 'Z' || f[0] == 'D') && all_digits(f + 1)) {
        *a = strtol(f + 1, NULL, 10);
        return f[0] == 'D' ? 'D' : 'Z';
    }
    if (strncmp(f, "Heis(", 5) == 0 && paren_ints(f, v, 2) == 1) { *a = v[0]; return 'H'; }
    if (strncmp(f, "UT(", 3) == 0 && paren_ints(f, v, 2) == 2 && v[0] == 3) { *a = v[1]; return 'H'; }
    return 0;
}

/* Whether the group atom f (already parsed by lt_io_group) is a Cayley
   table file, as src/io/spec.c decides. */
static int is_cayley_file(const char *f)
{
    if (strncmp(f, "Group(", 6) == 0 || lt_io_ends_with_(f, ".grp")) return 0;
    if (lt_io_ends_with_(f, ".json") || strchr(f, '/')) return 1;
    char *dir = lt_io_algebras_dir();
    size_t l = strlen(dir) + strlen(f) + 16;
    char *path = lt_malloc(l);
    snprintf(path, l, "%s/groups/%s.grp", dir, f);
    int named = lt_io_file_exists_(path);
    lt_free(path);
    lt_free(dir);
    return !named && lt_io_file_exists_(f);
}

/* A Cayley table file as it stands (lt_io_cayley has checked it). */
static lt_status cayley_file_table(lt_cayley_struct *C, const char *path,
                                   const lt_ctx_t ctx, lt_err_t err)
{
    lt_json *doc = lt_io_read_json_(path, ctx, err);
    if (!doc) return err->status;
    const lt_json *tab = lt_json_get(doc, "table"), *el = lt_json_get(doc, "elements");
    long n = tab->len;
    lt_status st = lt_cayley_fits((double)n, 0, path, ctx, err);
    if (st) { lt_json_free(doc); return st; }
    lt_cayley_alloc(C, n);
    for (long i = 0; i < n; i++)
        for (long j = 0; j < n; j++) {
            long v = 0;
            lt_json_int(tab->items[i]->items[j], &v);
            C->table[i * n + j] = (int)v;
        }
    for (long i = 0; i < n; i++) {
        if (el && el->type == LT_JSON_ARRAY && i < el->len)
            C->names[i] = el->items[i]->type == LT_JSON_STRING ? lt_strdup(el->items[i]->str) : lt_json_text(el->items[i]);
        else {
            char buf[24];
            snprintf(buf, sizeof buf, "%ld", i);
            C->names[i] = lt_strdup(buf);
        }
    }
    C->identity = lt_cayley_find_identity(C);
    lt_json_free(doc);
    return LT_OK;
}

/* The table of a permutation group in AsSortedList order. */
static lt_status perm_group_table(lt_cayley_struct *C, const char *spec, lt_convention conv,
                                  const lt_ctx_t ctx, lt_err_t err)
{
    lt_pgrp_t G;
    lt_pgrp_init(G, 1);
    lt_status st = lt_io_group(G, NULL, spec, ctx, err);
    if (!st) st = lt_cayley_perm_group(C, G, conv, spec, ctx, err);
    lt_pgrp_clear(G);
    return st;
}

/* One factor of a product in the generator's convention. */
static lt_status aa_factor(lt_cayley_struct *C, const char *f, const lt_ctx_t ctx, lt_err_t err)
{
    long a;
    int fam = family(f, &a);
    lt_status st;
    if (fam == 'Z' || fam == 'D' || fam == 'H') {
        double n = fam == 'H' ? (double)a * a * a : (double)a;
        if ((st = lt_cayley_fits(n, 0, f, ctx, err))) return st;
        if (fam == 'Z') lt_cayley_cyclic(C, a);
        else if (fam == 'D') lt_cayley_dihedral(C, a);
        else lt_cayley_heisenberg(C, a);
        C->identity = 0;
        return LT_OK;
    }
    if (is_cayley_file(f)) return cayley_file_table(C, f, ctx, err);
    return perm_group_table(C, f, LT_CONV_AA, ctx, err);
}

static char *trimmed(const char *s, size_t len)
{
    while (len && isspace((unsigned char)*s)) { s++; len--; }
    while (len && isspace((unsigned char)s[len - 1])) len--;
    char *t = lt_malloc(len + 1);
    memcpy(t, s, len);
    t[len] = '\0';
    return t;
}

lt_status lt_io_cayley_table(lt_cayley_t C, const char *spec0, lt_convention conv,
                             const lt_ctx_t ctx, lt_err_t err)
{
    lt_cayley_clear(C);
    lt_cayley_init(C);
    char *spec = trimmed(spec0, strlen(spec0));
    /* the whole object first: its messages and limits */
    lt_pgrp_t G;
    lt_pgrp_init(G, 1);
    lt_status st = lt_io_group(G, NULL, spec, ctx, err);
    lt_pgrp_clear(G);
    if (st) { lt_free(spec); return st; }
    size_t sn = strlen(spec), *pos = lt_malloc((sn + 1) * sizeof *pos), *sl = lt_malloc((sn + 1) * sizeof *sl);
    int k = lt_io_split_product_(spec, pos, sl, (int)(sn < INT_MAX ? sn : INT_MAX));
    const char *what;
    if (k == 0 && is_cayley_file(spec)) {
        st = cayley_file_table(C, spec, ctx, err);
        what = ": the file's own element order and table";
    } else if (conv == LT_CONV_GAP) {
        st = perm_group_table(C, spec, LT_CONV_GAP, ctx, err);
        what = " as lietool's permutation group, elements in GAP's AsSortedList order "
               "(the left factor acts first, x^(gh) = (x^g)^h)";
    } else {
        what = " as the word-problem generator builds it with abstract_algebra "
               "(a product of permutations applies its right factor first)";
        size_t start = 0;
        for (int i = 0; i <= k && !st; i++) {
            size_t end = i < k ? pos[i] : strlen(spec);
            char *f = trimmed(spec + start, end - start);
            lt_cayley_t F, P;
            lt_cayley_init(F);
            lt_cayley_init(P);
            st = aa_factor(F, f, ctx, err);
            if (!st && i > 0) st = lt_cayley_fits((double)C->n * (double)F->n, 0, spec, ctx, err);
            if (!st && i == 0) { *C = *F; lt_cayley_init(F); }
            else if (!st) {
                lt_cayley_product(P, C, F);
                lt_cayley_clear(C);
                *C = *P;
                lt_cayley_init(P);
            }
            lt_cayley_clear(F);
            lt_free(f);
            if (i < k) start = pos[i] + sl[i];
        }
    }
    if (!st) {
        C->conv = conv;
        C->name = lt_strdup(spec);
        size_t l = strlen(spec) + strlen(what) + 64;
        C->description = lt_malloc(l);
        snprintf(C->description, l, "%s%s; table[i][j] = elements[i]*elements[j]", spec, what);
        if (C->identity < 0 || C->identity >= C->n) st = lt_err_set(err, LT_EINTERNAL, "'%s': no identity in the table", spec);
    } else {
        lt_cayley_clear(C);
        lt_cayley_init(C);
    }
    lt_free(pos); lt_free(sl);
    lt_free(spec);
    return st;
}

void lt_io_write_cayley(FILE *f, const lt_cayley_t C)
{
    long n = C->n;
    fputs("{\"name\": ", f);
    lt_json_put_string(f, C->name ? C->name : "");
    fputs(", \"description\": ", f);
    lt_json_put_string(f, C->description ? C->description : "");
    fputs(", \"elements\": [", f);
    for (long i = 0; i < n; i++) {
        if (i) fputs(", ", f);
        lt_json_put_string(f, C->names[i]);
    }
    fputs("], \"table\": [", f);
    for (long i = 0; i < n; i++) {
        fputs(i ? ", [" : "[", f);
        for (long j = 0; j < n; j++) fprintf(f, j ? ", %d" : "%d", C->table[i * n + j]);
        fputc(']', f);
    }
    fputs("]}\n", f);
}

/* ---- writing rows ---- */

typedef struct { char *buf; size_t len, cap; } sbuf;

static void sb_need(sbuf *b, size_t k)
{
    if (b->len + k > b->cap) { b->cap = 2 * b->cap + k; b->buf = lt_realloc(b->buf, b->cap); }
}

static void sb_uint(sbuf *b, uint64_t v)
{
    char tmp[24];
    int k = 0;
    do { tmp[k++] = (char)('0' + v % 10); v /= 10; } while (v);
    sb_need(b, (size_t)k);
    while (k) b->buf[b->len++] = tmp[--k];
}

static void sb_char(sbuf *b, char c)
{
    sb_need(b, 1);
    b->buf[b->len++] = c;
}

static void sb_tokens(sbuf *b, const int *w, long len)
{
    for (long t = 0; t < len; t++) {
        if (t) sb_char(b, ' ');
        sb_uint(b, (uint64_t)w[t]);
    }
}

static lt_status write_row(FILE *out, sbuf *b, uint64_t seed, const int *w, const int *tg, long len, lt_err_t err)
{
    b->len = 0;
    sb_uint(b, seed);
    sb_char(b, ',');
    sb_tokens(b, w, len);
    sb_char(b, ',');
    sb_tokens(b, tg, len);
    sb_char(b, '\n');
    if (fwrite(b->buf, 1, b->len, out) != b->len) return lt_err_set(err, LT_EINPUT, "error writing the dataset");
    return LT_OK;
}

lt_status lt_dataset_generate(FILE *out, const lt_cayley_t C, long len, long samples,
                              uint64_t seed, int *capped, const lt_ctx_t ctx, lt_err_t err)
{
    return lt_dataset_generate_tokens(out, C, len, samples, seed, NULL, capped, ctx, err);
}

/* ---- token maps ---- */

void lt_token_map_clear(lt_token_map *T)
{
    lt_free(T->token);
    memset(T, 0, sizeof *T);
}

static lt_status map_check(lt_token_map *T, long bos, const char *what, lt_err_t err)
{
    T->has_bos = bos >= 0;
    T->bos = (int)bos;
    for (long e = 0; e < T->n; e++) {
        if (T->has_bos && T->token[e] == T->bos)
            return lt_err_set(err, LT_EINPUT, "%s: element %ld has the BOS token %ld", what, e, bos);
        for (long f = 0; f < e; f++)
            if (T->token[f] == T->token[e])
                return lt_err_set(err, LT_EINPUT, "%s: elements %ld and %ld have the same token %d", what, f, e, T->token[e]);
    }
    return LT_OK;
}

lt_status lt_token_map_offset(lt_token_map *T, long n, long offset, long bos, lt_err_t err)
{
    lt_token_map_clear(T);
    if (offset < 0 || offset + n > (1L << 30)) return lt_err_set(err, LT_EINPUT, "--offset %ld is out of range", offset);
    T->n = n;
    T->token = lt_malloc((size_t)(n ? n : 1) * sizeof *T->token);
    for (long e = 0; e < n; e++) T->token[e] = (int)(e + offset);
    return map_check(T, bos, "--offset", err);
}

lt_status lt_token_map_choose(lt_token_map *T, long n, const char *path, long offset, long bos, lt_err_t err)
{
    if (path) return lt_token_map_read(T, n, path, bos, err);
    if (offset >= 0 || bos >= 0) return lt_token_map_offset(T, n, offset < 0 ? 0 : offset, bos, err);
    return LT_OK;
}

lt_status lt_token_map_read(lt_token_map *T, long n, const char *path, long bos, lt_err_t err)
{
    lt_token_map_clear(T);
    lt_ctx_t ctx;
    lt_ctx_init(ctx);
    lt_json *root = lt_io_read_json_(path, ctx, err);
    if (!root) return LT_EINPUT;
    const lt_json *v = root, *m = root->type == LT_JSON_OBJECT ? lt_json_get(root, "model") : NULL;
    if (m && m->type == LT_JSON_OBJECT && lt_json_get(m, "vocab")) v = lt_json_get(m, "vocab");
    lt_status st = LT_OK;
    if (v->type != LT_JSON_OBJECT) st = lt_err_set(err, LT_EINPUT, "%s: not a JSON object of element: token", path);
    T->n = n;
    T->token = lt_malloc((size_t)(n ? n : 1) * sizeof *T->token);
    for (long e = 0; e < n && !st; e++) {
        char key[24];
        snprintf(key, sizeof key, "%ld", e);
        const lt_json *t = lt_json_get(v, key);
        long id;
        if (!t) st = lt_err_set(err, LT_EINPUT, "%s: element %ld (key \"%s\") has no token", path, e, key);
        else if (!lt_json_int(t, &id) || id < 0 || id >= (1L << 30))
            st = lt_err_set(err, LT_EINPUT, "%s: the token of element %ld is not an integer from 0 to 2^30", path, e);
        else T->token[e] = (int)id;
    }
    lt_json_free(root);
    if (!st) st = map_check(T, bos, path, err);
    if (st) lt_token_map_clear(T);
    return st;
}

static void map_row(int *out, const int *in, long len, const lt_token_map *map)
{
    int b = map->has_bos;
    if (b) out[0] = map->bos;
    for (long t = 0; t < len; t++) out[b + t] = map->token[in[t]];
}

/* The rows of lt_dataset_generate_tokens, after the header line when
   header is set; *rows (when not NULL) the number written. */
static lt_status generate(FILE *out, const lt_cayley_t C, long len, long samples, uint64_t seed, const lt_token_map *map,
                          int header, int *capped, long *rows, const lt_ctx_t ctx, lt_err_t err)
{
    if (map && map->n < C->n) return lt_err_set(err, LT_EINPUT, "the token map has %ld elements; the group %ld", map->n, C->n);
    int *mw = map ? lt_malloc((size_t)(len + 2) * sizeof *mw) : NULL, *mt = map ? lt_malloc((size_t)(len + 2) * sizeof *mt) : NULL;
    lt_cayley_words_t W;
    lt_cayley_words_init(W);
    lt_status st = lt_cayley_words_start(W, C, len, samples, seed, ctx, err);
    if (capped) *capped = W->capped;
    int *w = lt_calloc((size_t)(len ? len : 1), sizeof(int));
    int *tg = lt_calloc((size_t)(len ? len : 1), sizeof(int));
    sbuf b = {NULL, 0, 0};
    if (!st && header && fputs("seed,input,target\n", out) < 0) st = lt_err_set(err, LT_EINPUT, "error writing the dataset");
    long r = 0;
    for (; !st && lt_cayley_words_next(w, tg, W); r++) {
        if (map) {
            map_row(mw, w, len, map);
            map_row(mt, tg, len, map);
            st = write_row(out, &b, seed, mw, mt, len + map->has_bos, err);
        } else st = write_row(out, &b, seed, w, tg, len, err);
        if (ctx->progress && (r & 1023) == 0) ctx->progress(ctx->progress_arg, "writing the dataset", (double)r, (double)W->rows);
    }
    if (ctx->progress) ctx->progress(ctx->progress_arg, "writing the dataset", 1, 1);
    if (rows) *rows = r;
    lt_cayley_words_clear(W);
    lt_free(b.buf);
    lt_free(w);
    lt_free(tg);
    lt_free(mw);
    lt_free(mt);
    return st;
}

lt_status lt_dataset_generate_tokens(FILE *out, const lt_cayley_t C, long len, long samples, uint64_t seed,
                                     const lt_token_map *map, int *capped, const lt_ctx_t ctx, lt_err_t err)
{
    return generate(out, C, len, samples, seed, map, 1, capped, NULL, ctx, err);
}

lt_status lt_dataset_generate_rows(FILE *out, const lt_cayley_t C, long len, long samples, uint64_t seed, long *rows,
                                   const lt_ctx_t ctx, lt_err_t err)
{
    return generate(out, C, len, samples, seed, NULL, 0, NULL, rows, ctx, err);
}

/* ---- checking ---- */

void lt_dataset_report_init(lt_dataset_report_t R)
{
    memset(R, 0, sizeof *R);
    R->min_len = -1;
    R->max_token = -1;
}

void lt_dataset_report_clear(lt_dataset_report_t R)
{
    for (int i = 0; i < R->nkept; i++) lt_free(R->problems[i]);
}

__attribute__((format(printf, 4, 5)))
static void problem(lt_dataset_report_struct *R, long line, long col, const char *fmt, ...)
{
    R->nproblems++;
    if (R->nkept == LT_DATASET_KEEP) return;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    size_t l = strlen(msg) + 48;
    char *s = lt_malloc(l);
    snprintf(s, l, "%ld:%ld: %s", line, col, msg);
    R->problems[R->nkept++] = s;
}

typedef struct { const char *s; long len, col; } field;

/* Splits a CSV line (RFC 4180 quotes; no token needs a "" escape);
   returns the number of fields, or -1 for an unterminated quote and -2 for
   text after a closing quote (*col then points at the fault). */
static int split_csv(const char *line, field *f, int max, long *col)
{
    int k = 0;
    const char *p = line;
    for (;;) {
        field x;
        if (*p == '"') {
            const char *q = strchr(p + 1, '"');
            if (!q) { *col = (long)(p - line) + 1; return -1; }
            x.s = p + 1; x.len = (long)(q - p - 1); x.col = (long)(p - line) + 2;
            p = q + 1;
            if (*p && *p != ',') { *col = (long)(p - line) + 1; return -2; }
        } else {
            const char *q = p;
            while (*q && *q != ',') q++;
            x.s = p; x.len = (long)(q - p); x.col = (long)(p - line) + 1;
            p = q;
        }
        if (k < max) f[k] = x;
        k++;
        if (*p != ',') return k;
        p++;
    }
}

static const char *csv_fault(int code)
{
    return code == -1 ? "unterminated quote" : "text after a closing quote";
}

static const char *expected_header[3] = {"seed", "input", "target"};

static void check_header(lt_dataset_report_struct *R, const char *line)
{
    field f[8];
    long col = 1;
    int k = split_csv(line, f, 8, &col);
    if (k < 0) { R->bad_header = 1; problem(R, 1, col, "header: %s", csv_fault(k)); return; }
    for (int i = 0; i < 3 && i < k; i++) {
        /* field names may be quoted and padded */
        const char *s = f[i].s;
        long l = f[i].len, c = f[i].col;
        while (l && *s == ' ') { s++; l--; c++; }
        while (l && s[l - 1] == ' ') l--;
        if ((size_t)l != strlen(expected_header[i]) || strncmp(s, expected_header[i], (size_t)l) != 0) {
            R->bad_header = 1;
            problem(R, 1, c, "header field %d is '%.*s', expected '%s' (the header is seed,input,target)",
                    i + 1, (int)(l > 40 ? 40 : l), s, expected_header[i]);
            return;
        }
    }
    if (k != 3) {
        R->bad_header = 1;
        problem(R, 1, k > 3 ? f[3].col : (long)strlen(line) + 1,
                "the header has %d field%s, expected 3 (seed,input,target)", k, k == 1 ? "" : "s");
    }
}

/* Reads the tokens of a field; returns 0 and reports on the first bad one
   (after an element index out of range it reads on, for R->max_token). */
static int read_tokens(lt_dataset_report_struct *R, const field *f, const char *what, long row, long line,
                       long n, int **v, long *cap, long *count)
{
    long k = 0, i = 0;
    int bad = 0;
    while (i < f->len) {
        while (i < f->len && (f->s[i] == ' ' || f->s[i] == '\t')) i++;
        if (i == f->len) break;
        long start = i;
        while (i < f->len && f->s[i] != ' ' && f->s[i] != '\t') i++;
        const char *t = f->s + start;
        long tl = i - start;
        long col = f->col + start;
        int neg = t[0] == '-' || t[0] == '+', digits = tl > neg;
        for (long j = neg; j < tl; j++) if (!isdigit((unsigned char)t[j])) digits = 0;
        if (!digits) {
            problem(R, line, col, "row %ld: %s token %ld '%.*s' is not an integer", row, what, k + 1, (int)(tl > 40 ? 40 : tl), t);
            return 0;
        }
        long x = tl < 19 ? strtol(t, NULL, 10) : -1;
        if (t[0] != '-' && x > R->max_token) R->max_token = x;
        if (bad) continue;
        if (t[0] == '-' || x < 0 || x >= n) {
            problem(R, line, col, "row %ld: %s token %ld '%.*s' is not an element index 0..%ld", row, what, k + 1,
                    (int)(tl > 40 ? 40 : tl), t, n - 1);
            bad = 1;
            continue;
        }
        if (k == *cap) { *cap = 2 * *cap + 16; *v = lt_realloc(*v, (size_t)*cap * sizeof(int)); }
        (*v)[k++] = (int)x;
    }
    *count = k;
    return !bad;
}

/* getline with a bound: -1 at the end of the file, -2 for a line longer
   than limit bytes (the caller stops reading). */
static ssize_t read_line(char **line, size_t *cap, FILE *f, size_t limit)
{
    size_t n = 0;
    int c;
    while ((c = getc(f)) != EOF) {
        if (n + 2 > *cap) {
            if (n >= limit) return -2;
            *cap = *cap ? 2 * *cap : 256;
            *line = lt_realloc(*line, *cap);
        }
        (*line)[n++] = (char)c;
        if (c == '\n') break;
    }
    if (n == 0 && c == EOF) return -1;
    (*line)[n] = '\0';
    return (ssize_t)n;
}

/* A well-formed row, to the reader's caller. */
typedef lt_status (*row_fn)(void *arg, const field *seed, const int *in, const int *tg, long len, long row,
                            long line, lt_err_t err);

/* The one reader of dataset CSV files: the header is checked and every
   malformed row is a problem in R; every well-formed row (integer seed,
   input and target of the same length, tokens below n) goes to row. Stops
   at a read error, a NUL byte, a line above a quarter of --max-memory or a status of
   row; strict: also at the first problem. */
static lt_status read_rows(lt_dataset_report_struct *R, FILE *f, long n, int strict, row_fn row, void *arg,
                           const lt_ctx_t ctx, lt_err_t err)
{
    char *line = NULL;
    size_t lcap = 0;
    ssize_t got;
    long lineno = 0;
    int *in = NULL, *tg = NULL;
    long incap = 0, tgcap = 0;
    int seen_header = 0;
    lt_status st = LT_OK;
    /* a line holds a word and its targets, int each token: a quarter of
       --max-memory keeps those within it */
    size_t limit = ((size_t)ctx->max_memory_mb << 20) / 4;
    while (!st && !(strict && R->nproblems) && (got = read_line(&line, &lcap, f, limit)) != -1) {
        lineno++;
        if (got == -2) {
            st = lt_err_set(err, LT_ELIMIT, "line %ld is longer than %zu bytes (a quarter of --max-memory %ld MiB)",
                            lineno, limit, ctx->max_memory_mb);
            break;
        }
        if (memchr(line, '\0', (size_t)got)) {
            st = lt_err_set(err, LT_EINPUT, "line %ld contains a NUL byte", lineno);
            break;
        }
        while (got > 0 && (line[got - 1] == '\n' || line[got - 1] == '\r')) line[--got] = '\0';
        char *text = line;
        if (lineno == 1 && (unsigned char)text[0] == 0xEF && (unsigned char)text[1] == 0xBB && (unsigned char)text[2] == 0xBF)
            text += 3;     /* a UTF-8 byte order mark */
        if (!seen_header) {
            seen_header = 1;
            check_header(R, text);
            continue;
        }
        if (!*text) continue;
        long rowno = ++R->rows;
        field fs[4];
        long col = 1;
        int k = split_csv(text, fs, 4, &col);
        long nin = 0, ntg = 0;
        if (k < 0) { problem(R, lineno, col, "row %ld: %s", rowno, csv_fault(k)); R->bad_rows++; continue; }
        if (k != 3) {
            problem(R, lineno, k > 3 ? fs[3].col : (long)strlen(text) + 1,
                    "row %ld has %d field%s, expected 3 (seed,input,target)", rowno, k, k == 1 ? "" : "s");
            R->bad_rows++;
            continue;
        }
        /* the seed: an integer */
        {
            const char *sd = fs[0].s;
            long l = fs[0].len, j = (l && (sd[0] == '-' || sd[0] == '+'));
            int ok = l > j;
            for (; j < l; j++) if (!isdigit((unsigned char)sd[j])) ok = 0;
            if (!ok) {
                problem(R, lineno, fs[0].col, "row %ld: seed '%.*s' is not an integer", rowno, (int)(l > 40 ? 40 : l), sd);
                R->bad_rows++;
                continue;
            }
        }
        if (!read_tokens(R, &fs[1], "input", rowno, lineno, n, &in, &incap, &nin)
            || !read_tokens(R, &fs[2], "target", rowno, lineno, n, &tg, &tgcap, &ntg)) {
            R->bad_rows++;
            continue;
        }
        if (nin != ntg) {
            problem(R, lineno, fs[2].col, "row %ld: the target has %ld token%s but the input has %ld",
                    rowno, ntg, ntg == 1 ? "" : "s", nin);
            R->bad_rows++;
            continue;
        }
        if (R->min_len < 0 || nin < R->min_len) R->min_len = nin;
        if (nin > R->max_len) R->max_len = nin;
        st = row(arg, &fs[0], in, tg, nin, rowno, lineno, err);
    }
    int readerr = ferror(f);
    if (!st && !seen_header && !readerr) {
        R->bad_header = 1;
        problem(R, 1, 1, "the file is empty (expected the header seed,input,target)");
    }
    lt_free(line);
    lt_free(in);
    lt_free(tg);
    if (!st && readerr) st = lt_err_set(err, LT_EINPUT, "read error at line %ld", lineno + 1);
    return st;
}

/* dataset check: each row against both conventions */
typedef struct { lt_dataset_report_struct *R; const lt_cayley_struct *C; } tally_arg;

static lt_status tally_row(void *arg, const field *seed, const int *in, const int *tg, long len, long row,
                           long line, lt_err_t err)
{
    const tally_arg *A = arg;
    (void)seed; (void)err;
    long n = A->C[0].n;
    for (int c = 0; c < LT_NCONV; c++) {
        const lt_cayley_struct *G = &A->C[c];
        long acc = G->identity, t;
        for (t = 0; t < len; t++) {
            acc = G->table[acc * n + in[t]];
            if (acc != tg[t]) break;
        }
        lt_dataset_tally *T = &A->R->conv[c];
        if (t == len) { T->correct++; continue; }
        T->wrong++;
        if (!T->row) { T->row = row; T->line = line; T->pos = t + 1; T->got = tg[t]; T->want = acc; }
    }
    return LT_OK;
}

lt_status lt_dataset_check(lt_dataset_report_t R, FILE *f, const lt_cayley_struct *C,
                           const lt_ctx_t ctx, lt_err_t err)
{
    tally_arg A = {R, C};
    lt_status st = read_rows(R, f, C[0].n, 0, tally_row, &A, ctx, err);
    int ok[LT_NCONV], good = R->rows > R->bad_rows;
    for (int c = 0; c < LT_NCONV; c++) ok[c] = good && R->conv[c].wrong == 0;
    R->same_tables = C[0].n == C[1].n && memcmp(C[0].table, C[1].table, (size_t)C[0].n * (size_t)C[0].n * sizeof(int)) == 0;
    R->verdict = !good ? LT_DATASET_UNDECIDED : ok[0] && ok[1] ? LT_DATASET_BOTH
               : ok[0] ? LT_CONV_AA : ok[1] ? LT_CONV_GAP : LT_DATASET_NEITHER;
    return st;
}

/* lt_dataset_read: the caller's function, with the seed as a string */
typedef struct { lt_dataset_row_fn fn; void *arg; char *seed; size_t cap; } read_arg;

static lt_status pass_row(void *arg, const field *seed, const int *in, const int *tg, long len, long row,
                          long line, lt_err_t err)
{
    read_arg *A = arg;
    (void)row;
    if ((size_t)seed->len + 1 > A->cap) {
        A->cap = (size_t)seed->len + 1;
        A->seed = lt_realloc(A->seed, A->cap);
    }
    memcpy(A->seed, seed->s, (size_t)seed->len);
    A->seed[seed->len] = '\0';
    return A->fn(A->arg, A->seed, in, tg, len, line, err);
}

lt_status lt_dataset_read(FILE *f, const char *name, long order, lt_dataset_row_fn row, void *arg,
                          const lt_ctx_t ctx, lt_err_t err)
{
    lt_dataset_report_t R;
    lt_dataset_report_init(R);
    read_arg A = {row, arg, NULL, 0};
    lt_status st = read_rows(R, f, order, 1, pass_row, &A, ctx, err);
    if (!st && R->nproblems) st = lt_err_set(err, LT_EINPUT, "%s:%s", name, R->problems[0]);
    else if (st) lt_err_prefix(err, "%s", name);
    lt_free(A.seed);
    lt_dataset_report_clear(R);
    return st;
}

lt_status lt_dataset_check_limits(const lt_dataset_limits *L, long len, long samples, long order, const char *spec,
                                  lt_err_t err)
{
    if (len > L->max_length)
        return lt_err_set(err, LT_ELIMIT, "dataset: --length %ld is above --max-length %ld", len, L->max_length);
    if (samples > L->max_samples)
        return lt_err_set(err, LT_ELIMIT, "dataset: --samples %ld is above --max-samples %ld", samples, L->max_samples);
    if (samples > 0 && (double)samples * (double)len > (double)L->max_tokens)
        /* 1e7 words of 10000 tokens were 400 GB */
        return lt_err_set(err, LT_ELIMIT, "dataset: --samples %ld x --length %ld is %.3g tokens, above --max-tokens %ld",
                          samples, len, (double)samples * (double)len, L->max_tokens);
    if (samples > 0 || order <= 0) return LT_OK;
    /* every word: order^len of them */
    double all = 1;
    for (long t = 0; t < len && all <= (double)L->max_samples; t++) all *= (double)order;
    if (all <= (double)L->max_samples && all * (double)len > (double)L->max_tokens)
        return lt_err_set(err, LT_ELIMIT, "dataset: all %.0f words of length %ld are %.3g tokens, above --max-tokens %ld",
                          all, len, all * (double)len, L->max_tokens);
    if (all > (double)L->max_samples)
        return lt_err_set(err, LT_ELIMIT,
                          "dataset: all %ld^%ld words of '%s' are more than --max-samples %ld (give --samples N)",
                          order, len, spec, L->max_samples);
    return LT_OK;
}
