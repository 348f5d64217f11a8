/* Cayley-table JSON {"name", "elements", "table"}: the group axioms, then
   the stabiliser chain of the regular representation. */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_file(data, size, ".json");
    lt_ctx_t ctx; fuzz_ctx(ctx);
    lt_err_t err; lt_err_init(err);
    lt_pgrp_t G; lt_pgrp_init(G, 1);
    char *name = NULL;
    lt_status st = lt_io_cayley(G, &name, path, ctx, err);
    if (!st) st = lt_pgrp_chain(G, NULL, ctx, err);
    fuzz_check(st, err);
    lt_free(name);
    lt_pgrp_clear(G);
    return 0;
}
