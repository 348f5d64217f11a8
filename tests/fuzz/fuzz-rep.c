/* Representation files (lt_io_rep_read) against A5, then checked
   (lt_rep_check) when they read. */
#include "fuzz.h"

static lt_pgrp_t G;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc; (void)argv;
    fuzz_env();
    lt_ctx_t ctx; fuzz_ctx(ctx);
    lt_err_t err; lt_err_init(err);
    lt_pgrp_init(G, 1);
    lt_status st = lt_io_group(G, NULL, "A5", ctx, err);
    if (!st) st = lt_pgrp_chain(G, NULL, ctx, err);
    if (st) { fprintf(stderr, "fuzz-rep: A5: %s\n", err->msg); abort(); }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_file(data, size, ".rep");
    lt_ctx_t ctx; fuzz_ctx(ctx);
    lt_err_t err; lt_err_init(err);
    lt_rep_t R; lt_rep_init(R);
    lt_status st = lt_io_rep_read(R, path, G, ctx, err);
    fuzz_check(st, err);
    if (!st) {
        if (R->count < 0 || (R->count && R->n < 1)) abort();
        lt_rep_check_t C; lt_rep_check_init(C);
        st = lt_rep_check(C, R, G, 1e-9, ctx, err);
        fuzz_check(st, err);
        lt_rep_check_clear(C);
    }
    lt_rep_clear(R);
    return 0;
}
