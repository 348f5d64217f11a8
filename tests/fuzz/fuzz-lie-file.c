/* .lie files (lietool-formats(5)): basis matrices or structure constants. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_file(data, size, ".lie");
    lt_ctx_t ctx; fuzz_ctx(ctx);
    lt_err_t err; lt_err_init(err);
    lt_liealg_t L; lt_liealg_init(L);
    char *name = NULL;
    lt_status st = lt_io_liealg(L, &name, path, ctx, err);
    fuzz_check(st, err);
    lt_free(name);
    lt_liealg_clear(L);
    return 0;
}
