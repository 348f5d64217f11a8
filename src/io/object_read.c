/* One object from its spec: a group (with its stabilizer chain) or a Lie
   algebra, the loading path of the command line and of the Python
   package alike. */
#include "lietool/io.h"

lt_status lt_io_object(lt_pgrp_t G, lt_liealg_t L, int is_lie, const char *spec, const lt_ctx_t ctx, lt_err_t err)
{
    if (is_lie) return lt_io_liealg(L, NULL, spec, ctx, err);
    lt_status st = lt_io_group(G, NULL, spec, ctx, err);
    if (!st) st = lt_pgrp_chain(G, NULL, ctx, err);
    return st;
}
