/* safetensors checkpoints (lietool-formats(5)), parsed from a memory copy
   of the input; every float tensor is then converted at its own shape. */
#include "fuzz.h"
#include "lietool/io.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    lt_err_t err; lt_err_init(err);
    unsigned char *buf = lt_malloc(size ? size : 1);
    memcpy(buf, data, size);
    lt_safetensors_t S; lt_safetensors_init(S);
    lt_status st = lt_safetensors_parse(S, buf, size, err);   /* takes buf */
    fuzz_check(st, err);
    if (!st) for (int i = 0; i < S->n; i++) {
        const lt_st_tensor *T = &S->t[i];
        if (lt_safetensors_find(S, T->name) == NULL) abort();
        if (T->end < T->begin || S->data + T->end > S->size) abort();
        if (T->numel * lt_st_dtype_size(T->dtype) != T->end - T->begin) abort();
        float *w = NULL;
        lt_err_t e2; lt_err_init(e2);
        lt_status s2 = lt_safetensors_get(&w, S, T->name, T->ndim, T->shape, e2);
        if (s2) fuzz_check(s2, e2);
        else if (T->dtype > LT_ST_F64) abort();   /* only float dtypes convert */
        lt_free(w);
    }
    lt_safetensors_clear(S);
    return 0;
}
