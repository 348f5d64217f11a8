/* safetensors reader: every offset and size is checked against the file
   before a byte of tensor data is touched (the dtypes and the tensor list
   are in tensors_read.c). */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lietool/io.h"
#include "lietool/io.h"
#include "lietool/io.h"
#include "impl.h"

void lt_safetensors_init(lt_safetensors_t S)
{
    memset(S, 0, sizeof *S);
}

void lt_safetensors_clear(lt_safetensors_t S)
{
    for (int i = 0; i < S->n; i++) lt_free(S->t[i].name);
    lt_free(S->t);
    lt_free(S->buf);
}

static uint64_t le64(const unsigned char *p)
{
    uint64_t v = 0;
    for (int k = 7; k >= 0; k--) v = (v << 8) | p[k];
    return v;
}

/* A non-negative integer JSON number no larger than 2^62. */
static int nonneg(const lt_json *v, uint64_t *out)
{
    long x;
    if (!lt_json_int(v, &x) || x < 0 || (unsigned long)x > (1ul << 62)) return 0;
    *out = (uint64_t)x;
    return 1;
}

static int by_begin(const void *a, const void *b)
{
    const lt_st_tensor *x = *(lt_st_tensor *const *)a, *y = *(lt_st_tensor *const *)b;
    return x->begin < y->begin ? -1 : x->begin > y->begin ? 1 : (x->end > y->end) - (x->end < y->end);
}

static lt_status tensor(lt_st_tensor *T, const char *name, const lt_json *v, uint64_t datalen, lt_err_t err)
{
    T->name = lt_strdup(name);
    if (v->type != LT_JSON_OBJECT) return lt_err_set(err, LT_EINPUT, "tensor '%s': entry is not an object", name);
    for (int i = 0; i < v->len; i++)
        if (strcmp(v->keys[i], "dtype") && strcmp(v->keys[i], "shape") && strcmp(v->keys[i], "data_offsets"))
            return lt_err_set(err, LT_EINPUT, "tensor '%s': unknown key '%s'", name, v->keys[i]);
    const lt_json *d = lt_json_get(v, "dtype"), *s = lt_json_get(v, "shape"), *o = lt_json_get(v, "data_offsets");
    if (!d || d->type != LT_JSON_STRING) return lt_err_set(err, LT_EINPUT, "tensor '%s': missing or non-string dtype", name);
    int k;
    for (k = 0; k < LT_ST_NDTYPES && strcmp(d->str, lt_st_dtype_name((lt_st_dtype)k)); k++) ;
    if (k == LT_ST_NDTYPES) return lt_err_set(err, LT_EINPUT, "tensor '%s': unsupported dtype '%.32s'", name, d->str);
    T->dtype = (lt_st_dtype)k;
    if (!s || s->type != LT_JSON_ARRAY) return lt_err_set(err, LT_EINPUT, "tensor '%s': missing shape", name);
    if (s->len > LT_ST_MAX_DIM) return lt_err_set(err, LT_EINPUT, "tensor '%s': %d dimensions (at most %d)", name, s->len, LT_ST_MAX_DIM);
    T->ndim = s->len;
    int empty = 0;
    for (int i = 0; i < s->len; i++) {
        uint64_t x;
        if (!nonneg(s->items[i], &x)) return lt_err_set(err, LT_EINPUT, "tensor '%s': shape[%d] is not a non-negative integer", name, i);
        T->shape[i] = (int64_t)x;
        empty |= x == 0;
    }
    /* a dimension 0 makes the tensor empty whatever the others are
       ([2^32, 2^32, 0] is valid: no elements, no bytes) */
    T->numel = empty ? 0 : 1;
    for (int i = 0; i < s->len && !empty; i++) {
        uint64_t x = (uint64_t)T->shape[i];
        if (T->numel > (1ull << 62) / x) return lt_err_set(err, LT_EINPUT, "tensor '%s': shape is too large", name);
        T->numel *= x;
    }
    if (!o || o->type != LT_JSON_ARRAY || o->len != 2 || !nonneg(o->items[0], &T->begin) || !nonneg(o->items[1], &T->end))
        return lt_err_set(err, LT_EINPUT, "tensor '%s': data_offsets is not [begin, end]", name);
    if (T->begin > T->end)
        return lt_err_set(err, LT_EINPUT, "tensor '%s': data_offsets [%llu, %llu] end before they begin", name,
                          (unsigned long long)T->begin, (unsigned long long)T->end);
    if (T->end > datalen)
        return lt_err_set(err, LT_EINPUT, "tensor '%s': data_offsets [%llu, %llu] run past the data (%llu bytes)", name,
                          (unsigned long long)T->begin, (unsigned long long)T->end, (unsigned long long)datalen);
    if (T->numel > (1ull << 62) / 8 || T->numel * lt_st_dtype_size((lt_st_dtype)k) != T->end - T->begin)
        return lt_err_set(err, LT_EINPUT, "tensor '%s': shape x %s size is %llu bytes, data_offsets give %llu", name,
                          lt_st_dtype_name((lt_st_dtype)k), (unsigned long long)(T->numel * lt_st_dtype_size((lt_st_dtype)k)),
                          (unsigned long long)(T->end - T->begin));
    return LT_OK;
}

lt_status lt_safetensors_parse(lt_safetensors_t S, unsigned char *buf, size_t size, lt_err_t err)
{
    lt_safetensors_clear(S);
    lt_safetensors_init(S);
    S->buf = buf;
    S->size = size;
    if (size < 8) return lt_err_set(err, LT_EINPUT, "file is %zu bytes, shorter than the 8-byte header length", size);
    uint64_t n = le64(buf);
    if (n > size - 8)
        return lt_err_set(err, LT_EINPUT, "header length %llu is larger than the rest of the file (%zu bytes)",
                          (unsigned long long)n, size - 8);
    if (n < 2 || buf[8] != '{') return lt_err_set(err, LT_EINPUT, "header does not start with '{'");
    S->data = 8 + (size_t)n;
    lt_json *h = lt_json_parse((const char *)buf + 8, (size_t)n, err);
    if (!h) { lt_err_prefix(err, "header"); return LT_EINPUT; }
    lt_status st = LT_OK;
    if (h->type != LT_JSON_OBJECT) { st = lt_err_set(err, LT_EINPUT, "header is not a JSON object"); goto done; }
    S->t = lt_calloc((size_t)h->len + 1, sizeof *S->t);
    for (int i = 0; i < h->len && !st; i++) {
        if (strcmp(h->keys[i], "__metadata__") == 0) {
            const lt_json *m = h->items[i];
            if (m->type != LT_JSON_OBJECT) st = lt_err_set(err, LT_EINPUT, "__metadata__ is not an object");
            for (int j = 0; j < m->len && !st; j++)
                if (m->items[j]->type != LT_JSON_STRING)
                    st = lt_err_set(err, LT_EINPUT, "__metadata__ '%s' is not a string", m->keys[j]);
            continue;
        }
        for (int j = 0; j < S->n && !st; j++)
            if (strcmp(S->t[j].name, h->keys[i]) == 0) st = lt_err_set(err, LT_EINPUT, "tensor '%s' appears twice", h->keys[i]);
        if (st) break;
        st = tensor(&S->t[S->n++], h->keys[i], h->items[i], size - S->data, err);
    }
    if (!st && S->n > 1) {
        lt_st_tensor **order = lt_malloc((size_t)S->n * sizeof *order);
        for (int i = 0; i < S->n; i++) order[i] = &S->t[i];
        qsort(order, (size_t)S->n, sizeof *order, by_begin);
        /* in order of their starts, each non-empty tensor against the one
           that reaches furthest before it (not only its neighbour: an empty
           tensor between two overlapping ones, or a long one spanning
           several, must not hide an overlap) */
        const lt_st_tensor *far = NULL;
        for (int i = 0; i < S->n && !st; i++) {
            const lt_st_tensor *t = order[i];
            if (t->end == t->begin) continue;
            if (far && far->end > t->begin)
                st = lt_err_set(err, LT_EINPUT, "tensor '%s': data [%llu, %llu] overlaps tensor '%s' [%llu, %llu]",
                                t->name, (unsigned long long)t->begin, (unsigned long long)t->end,
                                far->name, (unsigned long long)far->begin, (unsigned long long)far->end);
            if (!far || t->end > far->end) far = t;
        }
        lt_free(order);
    }
done:
    lt_json_free(h);
    return st;
}

lt_status lt_safetensors_read(lt_safetensors_t S, const char *path, long max_mb, lt_err_t err)
{
    lt_safetensors_clear(S);
    lt_safetensors_init(S);
    int64_t size;
    FILE *f = lt_io_open_read(path, &size, err);
    if (!f) return err->status;
    if ((double)size > (double)max_mb * 1048576.0) {
        fclose(f);
        return lt_err_set(err, LT_ELIMIT, "%s: %lld bytes is above `max_checkpoint_mb` %ld", path, (long long)size, max_mb);
    }
    unsigned char *buf = lt_malloc((size_t)size + 1);
    size_t got = fread(buf, 1, (size_t)size, f);
    fclose(f);
    if (got != (size_t)size) { lt_free(buf); return lt_err_set(err, LT_EINPUT, "%s: read error", path); }
    lt_status st = lt_safetensors_parse(S, buf, (size_t)size, err);
    if (st) lt_err_prefix(err, "%s", path);
    return st;
}

const lt_st_tensor *lt_safetensors_find(const lt_safetensors_t S, const char *name)
{
    for (int i = 0; i < S->n; i++)
        if (strcmp(S->t[i].name, name) == 0) return &S->t[i];
    return NULL;
}

lt_status lt_safetensors_get(float **out, const lt_safetensors_t S, const char *name,
                             int ndim, const int64_t *shape, lt_err_t err)
{
    const lt_st_tensor *T = lt_safetensors_find(S, name);
    lt_ckpt_tensor V;
    if (T) {
        memset(&V, 0, sizeof V);
        V.dtype = T->dtype;
        V.ndim = T->ndim;
        memcpy(V.shape, T->shape, sizeof V.shape);
        V.numel = T->numel;
        V.data = S->buf + S->data + T->begin;
    }
    return lt_ckpt_tensor_get_(out, T ? &V : NULL, name, ndim, shape, err);
}
