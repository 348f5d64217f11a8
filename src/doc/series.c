/* A series of a loaded object as its terms' sizes: the derived, lower or
   upper central series of a group (orders) or of an exact Lie algebra
   (dimensions), for the series commands and the Python package alike. */
#include "lietool/doc.h"

lt_status lt_tex_series_of(lt_tex_series_t *T, lt_pgrp_t G, const lt_liealg_t L, int kind, const lt_ctx_t ctx,
                           lt_err_t err)
{
    if (!G) {
        lt_lseries_t S;
        lt_lseries_init(S);
        if (kind == 0) lt_liealg_derived_series(S, L);
        else if (kind == 1) lt_liealg_lower_central_series(S, L);
        else lt_liealg_upper_central_series(S, L);
        lt_tex_series_lie(T, S, kind == 1);
        lt_lseries_clear(S);
        return LT_OK;
    }
    lt_pgrp_series_t S;
    lt_pgrp_series_init(S);
    lt_status st = kind == 2 ? lt_pgrp_upper_central_series(S, G, ctx, err)
                 : kind ? lt_pgrp_lower_central_series(S, G, ctx, err) : lt_pgrp_derived_series(S, G, ctx, err);
    if (!st) lt_tex_series_pgrp(T, S, kind == 1);
    lt_pgrp_series_clear(S);
    return st;
}
