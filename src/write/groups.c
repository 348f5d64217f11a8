/* Groups' results as documents (lietool/write.h): the Cayley table, an
   isomorphism or its absence, the BCH series. */
#include <stdlib.h>
#include <string.h>
#include "lietool/io.h"
#include "lietool/write.h"

/* LaTeX, math mode: a name, a line break allowed after each comma (the
   permutations of S8 in one-line notation are wider than a line). */
static void tex_name(FILE *f, const char *name)
{
    char *s = lt_strdup(name);
    for (char *p = s, *q; *p; p = q) {
        q = p + strcspn(p, ",");
        int comma = *q == ',';
        if (comma) *q++ = '\0';
        lt_tex_math(f, p);
        if (comma) fputs(",\\allowbreak ", f);
    }
    lt_free(s);
}

/* LaTeX, math mode: element i, by its name when every name is short (e,
   a^2, r3), else as g_i. */
static void tex_element(FILE *f, const lt_cayley_t C, long i, int by_name)
{
    if (by_name) tex_name(f, C->names[i]);
    else fprintf(f, "g_{%ld}", i);
}

#define TEX_COLUMNS 12      /* columns of one array: the text width */

/* A grid with row and column headers, set as arrays of
   at most TEX_COLUMNS columns (the emitter has key/value tables only).
   The multiplication table: each element named once (g_i = name), then
   the table in arrays of at most TEX_COLUMNS columns, the product of the
   row's element and the column's in each cell. */
static void put_tex(lt_doc *d, const lt_cayley_t C)
{
    FILE *f = d->f;
    long n = C->n;
    int by_name = 1;
    for (long i = 0; i < n; i++) by_name &= strlen(C->names[i]) <= 4;
    fputs("{\\raggedright\\noindent The elements in their order (index $i$: element $g_{i}$): ", f);
    for (long i = 0; i < n; i++) {
        fprintf(f, "%s$g_{%ld} = ", i ? ", " : "", i);
        tex_name(f, C->names[i]);
        fputc('$', f);
    }
    fprintf(f, ".\\par}\n\\noindent Row $%s$, column $%s$: the product $%s$.\n", by_name ? "x" : "g_{i}",
            by_name ? "y" : "g_{j}", by_name ? "xy" : "g_{i} g_{j}");
    for (long j0 = 0; j0 < n; j0 += TEX_COLUMNS) {
        long j1 = j0 + TEX_COLUMNS < n ? j0 + TEX_COLUMNS : n;
        fprintf(f, "\\begin{equation*}\n\\begin{array}{c|*{%ld}{c}}\n\\cdot", j1 - j0);
        for (long j = j0; j < j1; j++) { fputs(" & ", f); tex_element(f, C, j, by_name); }
        fputs(" \\\\\n\\hline\n", f);
        for (long i = 0; i < n; i++) {
            tex_element(f, C, i, by_name);
            for (long j = j0; j < j1; j++) { fputs(" & ", f); tex_element(f, C, C->table[i * n + j], by_name); }
            fputs(" \\\\\n", f);
        }
        fputs("\\end{array}\n\\end{equation*}\n", f);
    }
}

/* Text: the elements a line each ("  i name"), then the table of indices. */
static void put_text(lt_doc *d, const lt_cayley_t C)
{
    long n = C->n;
    char label[32];
    d->width = 0;
    for (long i = 0; i < n; i++) {
        snprintf(label, sizeof label, "%ld|", i);
        lt_doc_str(d, label, C->names[i], NULL);
    }
    lt_doc_say(d, "table (row i, column j: the index of element i * element j):");
    for (long i = 0; i < n; i++) {
        lt_doc_buf b;
        FILE *f = lt_doc_piece(&b, d);
        for (long j = 0; j < n; j++) fprintf(f, " %d", C->table[i * n + j]);
        char *row = lt_doc_piece_end(&b);
        lt_doc_say(d, " %s", row);
        free(row);
    }
}

void lt_write_cayley_table(lt_doc *d, const lt_cayley_t C)
{
    (d->mode == LT_DOC_TEX ? put_tex : put_text)(d, C);
}

void lt_write_isomorphic(lt_doc *d, const char *object, const char *other, const lt_pgrp_t G, const lt_pgrp_t H,
                         const lt_pgrp_iso_t R)
{
    const char *obj[2] = {object, other};
    lt_doc_buf b;
    FILE *f = lt_doc_piece(&b, NULL);
    if (R->isomorphic) gmp_fprintf(f, "%Zd elements; an isomorphism maps the generators of %s to", G->order, obj[0]);
    else if (strcmp(R->invariant, "search") == 0)
        fprintf(f, "%s (%d generators, %lld candidate images tried)", R->detail, R->generators, R->tested);
    else fprintf(f, "%s: %s in %s, %s in %s", R->detail, R->gval, obj[0], R->hval, obj[1]);
    char *reason = lt_doc_piece_end(&b);
    d->width = 0;
    d->indent = "";
    lt_doc_str(d, "|other", obj[1], NULL);
    lt_doc_bool(d, "|isomorphic", R->isomorphic);
    lt_doc_mpz(d, "|order", G->order);
    lt_doc_str(d, R->isomorphic ? "yes:|" : "no:|", reason, NULL);
    if (!R->isomorphic) {
        lt_doc_str(d, "|invariant", R->invariant, NULL);
        lt_doc_str(d, "|reason", reason, NULL);
    }
    /* the images of G's generators: text "  g -> h" a line */
    lt_doc_break(d);
    if (R->isomorphic) lt_doc_list_begin(d, "isomorphism");
    for (int i = 0; R->isomorphic && i < R->nimages; i++) {
        char *a = lt_perm_str(G->gens[i], G->n), *b = lt_perm_str(R->images[i], H->n);
        lt_doc_eq(d, "$%s -> %s$", a, b);
        lt_doc_item_begin(d);
        lt_doc_str(d, "|generator", a, NULL);
        lt_doc_str(d, "|image", b, NULL);
        lt_doc_item_end(d);
        lt_free(a); lt_free(b);
    }
    if (R->isomorphic) lt_doc_list_end(d);
    free(reason);
}

/* decimal digits of v at p; returns the end */
static char *put_long(char *p, long v)
{
    char t[24];
    int n = 0;
    unsigned long u = v < 0 ? 0UL - (unsigned long)v : (unsigned long)v;
    do { t[n++] = (char)('0' + u % 10); u /= 10; } while (u);
    if (v < 0) *p++ = '-';
    while (n) *p++ = t[--n];
    return p;
}

/* x at p (returns the end); p has room for fmpz_sizeinbase(x, 10) + 2 */
static char *put_fmpz(char *p, const fmpz_t x)
{
    if (fmpz_fits_si(x)) return put_long(p, fmpz_get_si(x));
    fmpz_get_str(p, 10, x);
    return p + strlen(p);
}

/* The bytes a line of the table with coefficient c may take (a decimal
   digit carries more than 3 bits). */
static size_t bch_row_room(const fmpq_t c)
{
    return 4 * 22 + 8 + (fmpz_bits(fmpq_numref(c)) + fmpz_bits(fmpq_denref(c))) / 3;
}

/* One line of the table at p: index, degree, factors (1-based),
   coefficient; returns its end. Formatted by hand: the table of degree 24
   has 1.45 million lines. */
static char *bch_table_row(char *p, slong i, int n, const int32_t *lr, const fmpq_t c)
{
    p = put_long(p, (long)i + 1); *p++ = ' ';
    p = put_long(p, n); *p++ = ' ';
    p = put_long(p, (long)lr[0] + 1); *p++ = ' ';
    p = put_long(p, (long)lr[1] + 1); *p++ = ' ';
    p = put_fmpz(p, fmpq_numref(c));
    *p++ = '/';
    p = put_fmpz(p, fmpq_denref(c));
    *p++ = '\n';
    return p;
}

void lt_write_bch_table(FILE *f, const lt_lyndon_t B, const fmpq *c)
{
    char buf[256];
    for (slong i = 0; i < B->n; i++) {
        int32_t lr[2];
        lt_lyndon_factors(B, i, lr);
        char *row = bch_row_room(c + i) <= sizeof buf ? buf : lt_malloc(bch_row_room(c + i));
        fwrite(row, 1, (size_t)(bch_table_row(row, i, lt_lyndon_degree(B, i), lr, c + i) - row), f);
        if (row != buf) lt_free(row);
    }
}

/* lt_write_bchw_table in chunks of lines, formed on the threads and
   written in order (lt_threads_ordered): the basis's elements, then the
   top degree's words (Duval), which are taken in order with the chunk. */
#define BCH_CHUNK 4096

typedef struct {
    FILE *f;
    const lt_bchw_struct *S;
    int N;
    slong nbasis, nchunks;      /* the chunks of the basis */
    unsigned char w[256];       /* the top degree's last word taken */
    int len;
    slong ntop;                 /* the top degree's words taken */
} bch_table;

typedef struct {
    slong first, count;         /* lines first .. first + count - 1 (0-based) */
    unsigned char *words;       /* top: the count words, N + 1 letters each */
    char *buf;
    size_t len, cap;
} bch_chunk;

static int bch_table_take(void *arg, void *slot, long k)
{
    bch_table *T = arg;
    bch_chunk *C = slot;
    if (k < T->nchunks) {
        C->first = k * BCH_CHUNK;
        C->count = T->nbasis - C->first < BCH_CHUNK ? T->nbasis - C->first : BCH_CHUNK;
        return 1;
    }
    if (T->N != T->S->B->N + 1) return 0;
    C->first = T->nbasis + T->ntop;
    C->count = 0;
    while (C->count < BCH_CHUNK && lt_free_lyndon_next(T->w, &T->len, T->N, 2))
        if (T->len == T->N) memcpy(C->words + (C->count++) * T->N, T->w, (size_t)T->N);
    T->ntop += C->count;
    return C->count > 0;
}

static void bch_table_work(void *arg, void *slot)
{
    const bch_table *T = arg;
    bch_chunk *C = slot;
    const lt_lyndon_struct *B = T->S->B;
    fmpq_t c;
    fmpq_init(c);
    C->len = 0;
    for (slong q = 0; q < C->count; q++) {
        slong i = C->first + q;
        int32_t lr[2];
        int n = T->N;
        if (i < T->nbasis) {
            lt_bchw_get(c, T->S, i);
            lt_lyndon_factors(B, i, lr);
            n = lt_lyndon_degree(B, i);
        } else lt_bchw_get_top(c, lr, T->S, C->words + q * T->N);
        size_t room = bch_row_room(c);
        if (C->len + room > C->cap) {
            C->cap = 2 * (C->len + room);
            C->buf = lt_realloc(C->buf, C->cap);
        }
        C->len = (size_t)(bch_table_row(C->buf + C->len, i, n, lr, c) - C->buf);
    }
    fmpq_clear(c);
}

static void bch_table_put(void *arg, void *slot)
{
    const bch_table *T = arg;
    const bch_chunk *C = slot;
    fwrite(C->buf, 1, C->len, T->f);
}

void lt_write_bchw_table(FILE *f, const lt_bchw_t S, int N)
{
    const lt_lyndon_struct *B = S->B;
    bch_table T = {f, S, N, B->n, (B->n + BCH_CHUNK - 1) / BCH_CHUNK, {0}, 0, 0};
    int nt = lt_free_bch_threads();
    bch_chunk C[64];
    void *slots[64];
    for (int t = 0; t < nt; t++) {
        C[t] = (bch_chunk){0, 0, lt_malloc((size_t)BCH_CHUNK * (size_t)(N + 1)), NULL, 0, 0};
        slots[t] = C + t;
    }
    lt_threads_ordered(nt, slots, &T, bch_table_take, bch_table_work, bch_table_put);
    for (int t = 0; t < nt; t++) {
        lt_free(C[t].words);
        lt_free(C[t].buf);
    }
}

void lt_write_bch(lt_doc *d, const lt_lyndon_t B, const fmpq *c, int symmetric)
{
    slong nonzero = 0;
    for (slong i = 0; i < B->n; i++) nonzero += !fmpq_is_zero(c + i);
    lt_doc_long(d, "|degree", (long)B->N, NULL);
    if (d->mode == LT_DOC_JSON) fprintf(d->f, ", \"letters\": [\"X\", \"Y\"]");
    lt_doc_bool(d, "|symmetric", symmetric);
    lt_doc_long(d, "|dimension", (long)B->n, NULL);
    lt_doc_long(d, "|nonzero", (long)nonzero, NULL);
    lt_doc_brackets(d, symmetric ? "\\log(e^{X/2} e^{Y} e^{X/2})" : "\\log(e^{X} e^{Y})", B, c, NULL, 1);
}

/* One estimate as rows (text: "about 52 min (CPU 1.7 h), 480 MB", and
   under mpirun rank 0's memory and the other ranks'; JSON: seconds and
   bytes as numbers). */
static void bch_estimate_rows(lt_doc *d, const char *label, const lt_free_bch_estimate_t *e)
{
    char tm[64], mem[64];
    lt_free_bch_estimate_str(tm, mem, e);
    if (d->mode == LT_DOC_JSON) {
        char key[96];
        snprintf(key, sizeof key, "%s_seconds", label);
        lt_doc_double(d, key, "%.0f", e->seconds);
        snprintf(key, sizeof key, "%s_bytes", label);
        lt_doc_double(d, key, "%.0f", e->bytes);
        if (e->rank_bytes > 0) {
            snprintf(key, sizeof key, "%s_rank_bytes", label);
            lt_doc_double(d, key, "%.0f", e->rank_bytes);
        }
    } else {
        /* the CPU time and the other ranks' memory, formatted alike */
        lt_free_bch_estimate_t c = *e;
        char ctm[64], rmem[64];
        c.seconds = e->cpu_seconds;
        c.bytes = e->rank_bytes;
        lt_free_bch_estimate_str(ctm, rmem, &c);
        if (e->rank_bytes > 0)
            lt_doc_strf(d, label, "about %s (CPU %s), %s on rank 0, %s on each other rank", tm, ctm, mem, rmem);
        else lt_doc_strf(d, label, "about %s (CPU %s), %s", tm, ctm, mem);
    }
}

void lt_write_bch_estimate(lt_doc *d, long N, int threads, const lt_free_bch_estimate_t *here, int cores,
                           const long *degs, const lt_free_bch_estimate_t *far, int nfar)
{
    lt_doc_long(d, "degree", N, NULL);
    lt_doc_double(d, "dimension", "%.0f", here->elements);
    lt_doc_double(d, "steps", "%.2g", here->steps);
    lt_doc_long(d, "threads", threads, NULL);
    bch_estimate_rows(d, "here", here);
    lt_doc_long(d, "mpi ranks", cores, NULL);
    for (int k = 0; k < nfar; k++) {
        char label[64];
        snprintf(label, sizeof label, "degree %ld", degs[k]);
        bch_estimate_rows(d, label, far + k);
    }
}

void lt_write_bch_coefficient(lt_doc *d, const char *word, const fmpq_t c, int lyndon)
{
    char *q = fmpq_get_str(NULL, 10, c);
    if (d->mode == LT_DOC_TEXT) {
        lt_doc_say(d, "%s", q);
        flint_free(q);
        return;
    }
    /* the distinct letters, in ASCII order */
    char seen[256] = {0}, names[256][2];
    const char *letters[256];
    int k = 0;
    size_t n = strlen(word);
    for (size_t i = 0; i < n; i++) seen[(unsigned char)word[i]] = 1;
    for (int l = 0; l < 256; l++)
        if (seen[l]) { names[k][0] = (char)l; names[k][1] = 0; letters[k] = names[k]; k++; }
    lt_doc_str(d, "word", word, NULL);
    lt_doc_strs(d, "|letters", k, letters);
    lt_doc_long(d, "degree", (long)n, NULL);
    if (lt_doc_row(d, "coefficient")) {
        if (d->mode == LT_DOC_JSON) fprintf(d->f, "\"%s\"", q);
        else { fputc('$', d->f); lt_tex_fmpq(d->f, c); fputc('$', d->f); }
    }
    lt_doc_row_end(d);
    flint_free(q);
    if (!lyndon) return;
    char *br = lt_free_lyndon_word_bracket(word);
    lt_doc_str(d, "basis", "lyndon", NULL);
    lt_doc_str(d, "bracket", br, NULL);
    lt_free(br);
}

/* conjugacy-classes: the classes C of G, one line (JSON one record) each:
   element order, class size and representative in cycle notation. */
void lt_write_conjugacy_classes(lt_doc *d, const char *object, const lt_pgrp_t G, const lt_pgrp_classes_t C)
{
    lt_doc_heading(d, object, NULL);
    lt_doc_mpz(d, "order", G->order);
    mpz_t k;
    mpz_init_set_si(k, C->nclasses);
    lt_doc_mpz(d, "conjugacy classes", k);
    mpz_clear(k);
    if (d->mode == LT_DOC_TEXT) {
        int wo = 5, ws = 4;
        for (long i = 0; i < C->nclasses; i++) {
            int lo = (int)mpz_sizeinbase(C->orders[i], 10), ls = (int)mpz_sizeinbase(C->sizes[i], 10);
            if (lo > wo) wo = lo;
            if (ls > ws) ws = ls;
        }
        fprintf(d->f, "  %-*s  %*s  %s\n", wo, "order", ws, "size", "representative");
        for (long i = 0; i < C->nclasses; i++) {
            char *s = lt_perm_str(C->reps[i], C->n);
            gmp_fprintf(d->f, "  %-*Zd  %*Zd  %s\n", wo, C->orders[i], ws, C->sizes[i], s);
            lt_free(s);
        }
        return;
    }
    lt_doc_list_begin(d, "classes");
    for (long i = 0; i < C->nclasses; i++) {
        char *s = lt_perm_str(C->reps[i], C->n);
        lt_doc_item_begin(d);
        lt_doc_str(d, "|representative", s, NULL);
        lt_doc_mpz(d, "|size", C->sizes[i]);
        lt_doc_mpz(d, "|element_order", C->orders[i]);
        lt_doc_item_end(d);
        lt_free(s);
    }
    lt_doc_list_end(d);
}

void lt_write_order(lt_doc *d, const char *object, const lt_pgrp_t G)
{
    /* text: the order alone */
    lt_doc_heading(d, d->mode == LT_DOC_TEX ? object : NULL, NULL);
    if (d->mode == LT_DOC_TEXT) lt_doc_say(d, "%Zd", G->order);
    else lt_doc_mpz(d, "order", G->order);
    lt_doc_long(d, "|degree", G->n, NULL);
}

void lt_write_group_center(lt_doc *d, const char *object, const lt_pgrp_t Z)
{
    int tex = d->mode == LT_DOC_TEX;
    lt_doc_heading(d, tex ? object : NULL, tex ? ": the center" : NULL);
    d->width = 0;
    d->indent = "";
    lt_doc_mpz(d, "order", Z->order);
    lt_doc_list_begin(d, "generators");
    for (int i = 0; i < Z->ngens; i++) {
        char *s = lt_perm_str(Z->gens[i], Z->n);
        FILE *f = d->mode == LT_DOC_JSON ? lt_doc_elem(d) : lt_doc_row(d, "generator|");
        if (d->mode == LT_DOC_JSON) lt_json_put_string(f, s);
        else if (d->mode == LT_DOC_TEX) { fputc('$', f); lt_tex_perm(f, Z->gens[i], Z->n); fputc('$', f); }
        else fputs(s, f);
        if (d->mode != LT_DOC_JSON) lt_doc_row_end(d);
        lt_free(s);
    }
    lt_doc_list_end(d);
}

void lt_write_bchw(lt_doc *d, const lt_bchw_t S)
{
    fmpq *c = _fmpq_vec_init(S->B->n);
    for (slong i = 0; i < S->B->n; i++) lt_bchw_get(c + i, S, i);
    lt_write_bch(d, S->B, c, S->symmetric);
    _fmpq_vec_clear(c, S->B->n);
}
