/* Word-problem CSV files (seed,input,target), checked against S3 in both
   conventions (lietool dataset check). */
#include "fuzz.h"
#include "lietool/dataset.h"

static lt_cayley_struct C[LT_NCONV];

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc; (void)argv;
    fuzz_env();
    lt_ctx_t ctx; fuzz_ctx(ctx);
    lt_err_t err; lt_err_init(err);
    for (int c = 0; c < LT_NCONV; c++) {
        lt_cayley_init(C + c);
        if (lt_io_cayley_table(C + c, "S3", (lt_convention)c, ctx, err)) { fprintf(stderr, "%s\n", err->msg); abort(); }
    }
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    FILE *f = fmemopen((void *)data, size ? size : 1, "r");
    if (!f) abort();
    if (!size) { fclose(f); f = fopen("/dev/null", "r"); }
    lt_ctx_t ctx; fuzz_ctx(ctx);
    lt_err_t err; lt_err_init(err);
    lt_dataset_report_t R; lt_dataset_report_init(R);
    lt_status st = lt_dataset_check(R, f, C, ctx, err);
    fuzz_check(st, err);
    for (int c = 0; c < LT_NCONV; c++)
        if (R->conv[c].correct + R->conv[c].wrong + R->bad_rows < R->rows) abort();
    lt_dataset_report_clear(R);
    fclose(f);
    return 0;
}
