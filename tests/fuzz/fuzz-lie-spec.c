/* The Lie algebra grammar: families gl(n) ... fnil(r,c), named algebras and
   LieAlgebra(Rationals, [ matrices ]) with its closure. */
#include "fuzz.h"

int LLVMFuzzerInitialize(int *argc, char ***argv) { (void)argc; (void)argv; fuzz_env(); return 0; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = fuzz_cstr(data, size);
    if (!fuzz_names_path(s)) {
        lt_ctx_t ctx; fuzz_ctx(ctx);
        lt_err_t err; lt_err_init(err);
        lt_liealg_t L; lt_liealg_init(L);
        char *name = NULL;
        (void)lt_io_is_liealg(s);
        lt_status st = lt_io_liealg(L, &name, s, ctx, err);
        fuzz_check(st, err);
        lt_free(name);
        lt_liealg_clear(L);
    }
    free(s);
    return 0;
}
