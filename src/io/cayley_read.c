/* Cayley tables as JSON (the abstract_algebra format of the word-problem
   datasets): table[i][j] is the index of elements[i] * elements[j].
   Associativity is checked with Light's test on a generating set
   (F. W. Light, see A. H. Clifford and G. B. Preston, The Algebraic Theory of
   Semigroups, vol. 1, 1961, section 1.2): the elements a with
   (xy)a = x(ya) for all x, y are closed under products. */
#include <stdlib.h>
#include <string.h>
#include "lietool/io.h"
#include "lietool/io.h"
#include "impl.h"

static char *elname(const lt_json *elems, long i)
{
    char buf[48];
    if (elems && elems->type == LT_JSON_ARRAY && i < elems->len) {
        char *t = lt_json_text(elems->items[i]);
        return t;
    }
    snprintf(buf, sizeof buf, "#%ld", i);
    return lt_strdup(buf);
}

lt_json *lt_io_read_json(const char *path, const lt_ctx_t ctx, lt_err_t err)
{
    size_t len;
    char *text = lt_io_read_file(path, &len, 32, ctx, err);
    if (!text) return NULL;
    lt_json *doc = lt_json_parse(text, len, err);
    lt_free(text);
    if (!doc) lt_err_prefix(err, "%s", path);
    return doc;
}

lt_status lt_io_cayley(lt_pgrp_t G, char **name, const char *path,
                       const lt_ctx_t ctx, lt_err_t err)
{
    lt_json *doc = lt_io_read_json(path, ctx, err);
    if (!doc) return err->status;
    lt_status st = LT_OK;
    int *T = NULL;
    long n = 0;
    const lt_json *tab = lt_json_get(doc, "table"), *elems = lt_json_get(doc, "elements");
    const lt_json *jn = lt_json_get(doc, "name");
    char *a = NULL, *b = NULL, *c = NULL;
    if (doc->type != LT_JSON_OBJECT || !tab || tab->type != LT_JSON_ARRAY) {
        st = lt_err_set(err, LT_EINPUT, "%s: expected an object with a \"table\" array", path);
        goto done;
    }
    n = tab->len;
    if (n == 0) { st = lt_err_set(err, LT_EINPUT, "%s: the table is empty", path); goto done; }
    if (n > ctx->max_degree) {
        st = lt_err_set(err, LT_ELIMIT, "%s: %ld elements exceed `max_degree` %ld (the table acts on itself)", path, n, ctx->max_degree);
        goto done;
    }
    if (elems && (elems->type != LT_JSON_ARRAY || elems->len != n)) {
        st = lt_err_set(err, LT_EINPUT, "%s: \"elements\" has %d entr%s but the table has %ld rows", path, elems->type == LT_JSON_ARRAY ? elems->len : -1,
            elems->type == LT_JSON_ARRAY && elems->len == 1 ? "y" : "ies", n);
        goto done;
    }
    /* the shape before the n x n allocation: n rows of length 1 are short */
    for (long i = 0; i < n; i++) {
        const lt_json *row = tab->items[i];
        if (row->type != LT_JSON_ARRAY || row->len != n) {
            st = lt_err_set(err, LT_EINPUT, "%s: table row %ld is not an array of %ld indices", path, i, n);
            goto done;
        }
    }
    T = lt_malloc((size_t)n * (size_t)n * sizeof(int));
    for (long i = 0; i < n; i++) {
        const lt_json *row = tab->items[i];
        for (long j = 0; j < n; j++) {
            long v;
            if (!lt_json_int(row->items[j], &v) || v < 0 || v >= n) {
                char *t = lt_json_text(row->items[j]);
                if (!lt_json_int(row->items[j], &v))
                    st = lt_err_set(err, LT_EINPUT, "%s: table[%ld][%ld] = %s is not an integer index", path, i, j, t);
                else
                    st = lt_err_set(err, LT_EINPUT, "%s: not closed: table[%ld][%ld] = %s is not an element index 0..%ld", path, i, j, t, n - 1);
                lt_free(t);
                goto done;
            }
            T[i * n + j] = (int)v;
        }
    }
    /* identity */
    long e = -1;
    for (long i = 0; i < n && e < 0; i++) {
        long j = 0;
        while (j < n && T[i * n + j] == j && T[j * n + i] == j) j++;
        if (j == n) e = i;
    }
    if (e < 0) { st = lt_err_set(err, LT_EINPUT, "%s: no identity element: no row and column of the table are the identity", path); goto done; }
    /* inverses */
    for (long i = 0; i < n; i++) {
        long j = 0;
        while (j < n && !(T[i * n + j] == e && T[j * n + i] == e)) j++;
        if (j == n) {
            a = elname(elems, i);
            st = lt_err_set(err, LT_EINPUT, "%s: element %s (index %ld) has no inverse", path, a, i);
            goto done;
        }
    }
    /* a generating set: greedy, closure under right multiplication */
    {
        char *in = lt_calloc((size_t)n, 1);
        long *queue = lt_malloc((size_t)n * sizeof(long)), qn = 0;
        long *gen = lt_malloc((size_t)n * sizeof(long)), ng = 0;
        in[e] = 1; queue[qn++] = e;
        for (long cand = 0; cand < n; cand++) {
            if (in[cand]) continue;
            gen[ng++] = cand;
            /* recompute the closure from scratch under all generators */
            memset(in, 0, (size_t)n);
            qn = 0;
            in[e] = 1; queue[qn++] = e;
            for (long h = 0; h < qn; h++)
                for (long k = 0; k < ng; k++) {
                    long y = T[queue[h] * n + gen[k]];
                    if (!in[y]) { in[y] = 1; queue[qn++] = y; }
                }
        }
        /* Light's test */
        for (long k = 0; k < ng && !st; k++) {
            long g = gen[k];
            for (long x = 0; x < n && !st; x++)
                for (long y = 0; y < n; y++) {
                    long l = T[T[x * n + y] * n + g], r = T[x * n + T[y * n + g]];
                    if (l != r) {
                        a = elname(elems, x); b = elname(elems, y); c = elname(elems, g);
                        st = lt_err_set(err, LT_EINPUT, "%s: not associative: (%s*%s)*%s is index %ld but %s*(%s*%s) is index %ld", path, a, b, c, l, a, b, c, r);
                        break;
                    }
                }
        }
        if (!st) {
            lt_pgrp_clear(G);
            lt_pgrp_init(G, (int)n);
            int *p = lt_malloc((size_t)n * sizeof(int));
            for (long k = 0; k < ng; k++) {
                for (long i = 0; i < n; i++) p[i] = T[i * n + gen[k]];
                lt_pgrp_add_gen(G, p);
            }
            lt_free(p);
        }
        lt_free(in); lt_free(queue); lt_free(gen);
    }
    if (!st && name) {
        if (jn && jn->type == LT_JSON_STRING) *name = lt_strdup(jn->str);
        else *name = lt_strdup(path);
    }
done:
    lt_free(a); lt_free(b); lt_free(c);
    lt_free(T);
    lt_json_free(doc);
    return st;
}
