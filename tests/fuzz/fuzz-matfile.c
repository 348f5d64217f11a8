/* Letters' matrices files (magnus --matrices): name = [[1, -1/2], [0.25, 0]]. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = fuzz_cstr(data, size);
    lt_ctx_t ctx; fuzz_ctx(ctx);
    lt_err_t err; lt_err_init(err);
    lt_matfile_t F; lt_matfile_init(F);
    lt_status st = lt_free_matfile_parse(F, s, "fuzz.mat", ctx, err);
    fuzz_check(st, err);
    if (!st) for (int i = 0; i < F->count; i++)
        if (lt_free_matfile_find(F, F->names[i]) != i) abort();
    lt_matfile_clear(F);
    free(s);
    return 0;
}
