/* The order limit ctx->max_order (--max-order: a decimal integer or 1eN, as
   the command line checks it) against the stabiliser chains of a few
   groups; a limit that does not fit the field is skipped. */
#include "fuzz.h"

int LLVMFuzzerInitialize(int *argc, char ***argv) { (void)argc; (void)argv; fuzz_env(); return 0; }

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const char *groups[] = {"S4", "M11", "C5 x A4"};
    char *s = fuzz_cstr(data, size);
    lt_ctx_t ctx; fuzz_ctx(ctx);
    if (strlen(s) < sizeof ctx->max_order) {
        strcpy(ctx->max_order, s);
        for (size_t i = 0; i < sizeof groups / sizeof *groups; i++) {
            lt_err_t err; lt_err_init(err);
            lt_pgrp_t G; lt_pgrp_init(G, 1);
            lt_status st = lt_io_group(G, NULL, groups[i], ctx, err);
            if (!st) st = lt_pgrp_chain(G, NULL, ctx, err);
            fuzz_check(st, err);
            lt_pgrp_clear(G);
        }
    }
    free(s);
    return 0;
}
