/* Word-problem datasets (lietool-formats(5), WORD-PROBLEM DATASETS): the
   CSV rows of a Cayley table's words (lt_cayley_words), the token maps that
   rename the elements, and the bounds on what is generated. The tables
   themselves come from src/io (lt_io_cayley_table), the reader and checker
   of such files is src/io/dataset_read.c. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "lietool/dataset.h"

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

lt_status lt_token_map_check(lt_token_map *T, long bos, const char *what, lt_err_t err)
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
    if (offset < 0 || offset + n > (1L << 30)) return lt_err_set(err, LT_EINPUT, "`offset` %ld is out of range", offset);
    T->n = n;
    T->token = lt_malloc((size_t)(n ? n : 1) * sizeof *T->token);
    for (long e = 0; e < n; e++) T->token[e] = (int)(e + offset);
    return lt_token_map_check(T, bos, lt_opt("offset"), err);
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

lt_status lt_dataset_check_limits(const lt_dataset_limits *L, long len, long samples, long order, const char *spec,
                                  lt_err_t err)
{
    if (len > L->max_length)
        return lt_err_set(err, LT_ELIMIT, "dataset: `length` %ld is above `max_length` %ld", len, L->max_length);
    if (samples > L->max_samples)
        return lt_err_set(err, LT_ELIMIT, "dataset: `samples` %ld is above `max_samples` %ld", samples, L->max_samples);
    if (samples > 0 && (double)samples * (double)len > (double)L->max_tokens)
        /* 1e7 words of 10000 tokens were 400 GB */
        return lt_err_set(err, LT_ELIMIT, "dataset: `samples` %ld x `length` %ld is %.3g tokens, above `max_tokens` %ld",
                          samples, len, (double)samples * (double)len, L->max_tokens);
    if (samples > 0 || order <= 0) return LT_OK;
    /* every word: order^len of them */
    double all = 1;
    for (long t = 0; t < len && all <= (double)L->max_samples; t++) all *= (double)order;
    if (all <= (double)L->max_samples && all * (double)len > (double)L->max_tokens)
        return lt_err_set(err, LT_ELIMIT, "dataset: all %.0f words of length %ld are %.3g tokens, above `max_tokens` %ld",
                          all, len, all * (double)len, L->max_tokens);
    if (all > (double)L->max_samples)
        return lt_err_set(err, LT_ELIMIT,
                          "dataset: all %ld^%ld words of '%s' are more than `max_samples` %ld (give `samples` N)",
                          order, len, spec, L->max_samples);
    return LT_OK;
}

long lt_dataset_words(long n, long len)
{
    long m = 1;
    for (long t = 0; t < len; t++) {
        if (n && m > LONG_MAX / n) return LONG_MAX;
        m *= n;
    }
    return m;
}
