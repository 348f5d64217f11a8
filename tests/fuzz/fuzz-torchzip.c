/* torch.save's zip files (lt_ckpt_parse_torch): the zip container and the
   restricted unpickler, from a memory copy of the input; every tensor read
   is then converted at its own shape. */
#include "fuzz.h"
#include "lietool/io.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    lt_err_t err; lt_err_init(err);
    unsigned char *buf = lt_malloc(size ? size : 1);
    memcpy(buf, data, size);
    lt_ckpt_t C; lt_ckpt_init(C);
    lt_status st = lt_ckpt_parse_torch(C, buf, size, 1 << 20, err);   /* takes buf */
    fuzz_check(st, err);
    if (!st) for (int i = 0; i < C->n; i++) {
        const lt_ckpt_tensor *T = &C->t[i];
        if (lt_ckpt_find(C, T->name) == NULL) abort();
        float *w = NULL;
        lt_err_t e2; lt_err_init(e2);
        lt_status s2 = lt_ckpt_get(&w, C, T->name, T->ndim, T->shape, e2);
        if (s2) fuzz_check(s2, e2);
        lt_free(w);
    }
    lt_ckpt_clear(C);
    return 0;
}
