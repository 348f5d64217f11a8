/* The group grammar (lietool(1)): S<n>, D<m>, UT(n,p), products, GAP's
   Group((1,2,3),(1,2)), named groups; then the stabiliser chain. */
#include "fuzz.h"

int LLVMFuzzerInitialize(int *argc, char ***argv) { (void)argc; (void)argv; fuzz_env(); return 0; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = fuzz_cstr(data, size);
    if (!fuzz_names_path(s)) {
        lt_ctx_t ctx; fuzz_ctx(ctx);
        lt_err_t err; lt_err_init(err);
        lt_pgrp_t G; lt_pgrp_init(G, 1);
        char *name = NULL;
        lt_status st = lt_io_group(G, &name, s, ctx, err);
        if (!st) st = lt_pgrp_chain(G, NULL, ctx, err);
        fuzz_check(st, err);
        lt_free(name);
        lt_pgrp_clear(G);
    }
    free(s);
    return 0;
}
