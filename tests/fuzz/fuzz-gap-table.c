/* GAP's structure-constant table (StructureConstantsTable(Basis(L))), as in
   .gap files. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = fuzz_cstr(data, size);
    lt_ctx_t ctx; fuzz_ctx(ctx);
    lt_err_t err; lt_err_init(err);
    lt_liealg_t L; lt_liealg_init(L);
    lt_status st = lt_io_read_gap_table(L, s, "fuzz.gap", ctx, err);
    fuzz_check(st, err);
    lt_liealg_clear(L);
    free(s);
    return 0;
}
