/* LieAlgebra(Rationals or Reals, [ matrices ]) with decimal entries, as read
   for the floating-point path (--float). */
#include "fuzz.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    char *s = fuzz_cstr(data, size);
    lt_ctx_t ctx; fuzz_ctx(ctx);
    lt_err_t err; lt_err_init(err);
    double *gens = NULL;
    slong k = 0, n = 0;
    lt_status st = lt_io_float_gens(&gens, &k, &n, s, ctx, err);
    fuzz_check(st, err);
    if (!st) {
        double sum = 0;   /* touch every entry */
        for (slong i = 0; i < k * n * n; i++) sum += gens[i];
        if (sum != sum && n < 0) abort();
        lt_free(gens);
    }
    free(s);
    return 0;
}
