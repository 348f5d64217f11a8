/* The tensors of a checkpoint: the dtypes safetensors names (sizes and the
   conversions of F16 and BF16 to float) and the list of named tensors that
   every container (safetensors_read.c, torchzip_read.c, checkpoint_read.c) fills. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "lietool/io.h"
#include "lietool/io.h"
#include "impl.h"

static const struct { const char *name; size_t size; } dtypes[] = {
    [LT_ST_F32] = {"F32", 4}, [LT_ST_F16] = {"F16", 2}, [LT_ST_BF16] = {"BF16", 2},
    [LT_ST_F64] = {"F64", 8}, [LT_ST_I64] = {"I64", 8}, [LT_ST_I32] = {"I32", 4},
    [LT_ST_I16] = {"I16", 2}, [LT_ST_I8] = {"I8", 1}, [LT_ST_U8] = {"U8", 1},
    [LT_ST_BOOL] = {"BOOL", 1}};

const char *lt_st_dtype_name(lt_st_dtype d) { return dtypes[d].name; }
size_t lt_st_dtype_size(lt_st_dtype d) { return dtypes[d].size; }

void lt_ckpt_init(lt_ckpt_t C)
{
    memset(C, 0, sizeof *C);
}

void lt_ckpt_clear(lt_ckpt_t C)
{
    for (int i = 0; i < C->n; i++) lt_free(C->t[i].name);
    lt_free(C->t);
    for (int i = 0; i < C->nbufs; i++) lt_free(C->bufs[i]);
    lt_free(C->bufs);
}

unsigned char **lt_ckpt_take_buffers(lt_ckpt_t C, int *n)
{
    unsigned char **b = C->bufs;
    *n = C->nbufs;
    C->bufs = NULL;
    C->nbufs = 0;
    return b;
}

void lt_ckpt_own(lt_ckpt_t C, unsigned char *buf)
{
    C->bufs = lt_realloc(C->bufs, (size_t)(C->nbufs + 1) * sizeof *C->bufs);
    C->bufs[C->nbufs++] = buf;
}

lt_status lt_ckpt_add(lt_ckpt_t C, const char *name, lt_st_dtype dtype, int ndim, const int64_t *shape,
                      const unsigned char *data, lt_err_t err)
{
    if (lt_ckpt_find(C, name)) return lt_err_set(err, LT_EINPUT, "tensor '%s' appears twice", name);
    if (C->n == C->alloc) {
        C->alloc = C->alloc ? 2 * C->alloc : 64;
        C->t = lt_realloc(C->t, (size_t)C->alloc * sizeof *C->t);
    }
    lt_ckpt_tensor *T = &C->t[C->n++];
    memset(T, 0, sizeof *T);
    T->name = lt_strdup(name);
    T->dtype = dtype;
    T->ndim = ndim;
    T->numel = 1;
    for (int i = 0; i < ndim; i++) { T->shape[i] = shape[i]; T->numel *= (uint64_t)shape[i]; }
    T->data = data;
    return LT_OK;
}

const lt_ckpt_tensor *lt_ckpt_find(const lt_ckpt_t C, const char *name)
{
    for (int i = 0; i < C->n; i++)
        if (strcmp(C->t[i].name, name) == 0) return &C->t[i];
    return NULL;
}

static uint64_t le64(const unsigned char *p)
{
    uint64_t v = 0;
    for (int k = 7; k >= 0; k--) v = (v << 8) | p[k];
    return v;
}

static void shape_text(char *s, size_t cap, int ndim, const int64_t *shape)
{
    size_t l = (size_t)snprintf(s, cap, "[");
    for (int i = 0; i < ndim && l < cap; i++)
        l += (size_t)snprintf(s + l, cap - l, "%s%lld", i ? ", " : "", (long long)shape[i]);
    if (l < cap) snprintf(s + l, cap - l, "]");
}

lt_status lt_ckpt_get(float **out, const lt_ckpt_t C, const char *name, int ndim, const int64_t *shape, lt_err_t err)
{
    return lt_ckpt_tensor_get_(out, lt_ckpt_find(C, name), name, ndim, shape, err);
}

lt_status lt_ckpt_view(float **out, int *borrowed, const lt_ckpt_t C, const char *name, int ndim, const int64_t *shape,
                       lt_err_t err)
{
    const lt_ckpt_tensor *T = lt_ckpt_find(C, name);
    *borrowed = 0;
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (T && T->dtype == LT_ST_F32 && T->numel && (uintptr_t)T->data % sizeof(float) == 0) {
        lt_status st = lt_ckpt_tensor_get_(NULL, T, name, ndim, shape, err);     /* the checks alone */
        if (!st) *out = (float *)(uintptr_t)T->data, *borrowed = 1;
        else *out = NULL;
        return st;
    }
#endif
    return lt_ckpt_tensor_get_(out, T, name, ndim, shape, err);
}

lt_status lt_ckpt_tensor_get_(float **out, const lt_ckpt_tensor *T, const char *name, int ndim, const int64_t *shape,
                              lt_err_t err)
{
    if (out) *out = NULL;
    if (!T) return lt_err_set(err, LT_EINPUT, "tensor '%s' is missing", name);
    int same = T->ndim == ndim;
    for (int i = 0; same && i < ndim; i++) same = T->shape[i] == shape[i];
    if (!same) {
        char a[160], b[160];
        shape_text(a, sizeof a, T->ndim, T->shape);
        shape_text(b, sizeof b, ndim, shape);
        return lt_err_set(err, LT_EINPUT, "tensor '%s' has shape %s; the config gives %s", name, a, b);
    }
    if (T->dtype != LT_ST_F32 && T->dtype != LT_ST_F16 && T->dtype != LT_ST_BF16 && T->dtype != LT_ST_F64)
        return lt_err_set(err, LT_EINPUT, "tensor '%s' has dtype %s; weights must be F32, F16, BF16 or F64", name,
                          lt_st_dtype_name(T->dtype));
    if (!out) return LT_OK;
    const unsigned char *p = T->data;
    float *x = lt_malloc((T->numel ? T->numel : 1) * sizeof *x);
    uint64_t n = T->numel;
    switch (T->dtype) {     /* little-endian in the file; a loop per dtype */
    case LT_ST_F32:
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
        memcpy(x, p, (size_t)n * 4);
#else
        for (uint64_t i = 0; i < n; i++) {
            uint32_t b = (uint32_t)p[4*i] | (uint32_t)p[4*i+1] << 8 | (uint32_t)p[4*i+2] << 16 | (uint32_t)p[4*i+3] << 24;
            memcpy(&x[i], &b, 4);
        }
#endif
        break;
    case LT_ST_F16:
        for (uint64_t i = 0; i < n; i++) x[i] = lt_st_f16_to_float((uint16_t)(p[2*i] | p[2*i+1] << 8));
        break;
    case LT_ST_BF16:
        for (uint64_t i = 0; i < n; i++) x[i] = lt_st_bf16_to_float((uint16_t)(p[2*i] | p[2*i+1] << 8));
        break;
    default:
        for (uint64_t i = 0; i < n; i++) { uint64_t b = le64(p + 8*i); double d; memcpy(&d, &b, 8); x[i] = (float)d; }
        break;
    }
    *out = x;
    return LT_OK;
}
