/* The profile of a Lie algebra: its series, centre, radical and Killing
   rank, and the predicates read off them (lietool/liealg.h). */
#include "lietool/liealg.h"

slong lt_liealg_killing_rank(const lt_liealg_t L)
{
    if (L->dim == 0) return 0;
    fmpq_mat_t K;
    fmpq_mat_init(K, L->dim, L->dim);
    slong r = lt_liealg_killing_form(K, L);
    fmpq_mat_clear(K);
    return r;
}

int lt_liealg_is_semisimple(const lt_liealg_t L)
{
    return lt_liealg_killing_rank(L) == L->dim;     /* Cartan's criterion */
}

void lt_liealg_profile_init(lt_liealg_profile_t P)
{
    P->parts = 0;
    P->dim = P->matrix_size = 0;
    P->abelian = P->solvable = P->perfect = P->nilpotent = P->semisimple = 0;
    P->derived_length = P->nilpotency_class = P->killing_rank = -1;
    lt_lseries_init(P->derived);
    lt_lseries_init(P->lower);
    lt_lseries_init(P->upper);
    lt_qspace_init(P->center, 0);
    lt_qspace_init(P->radical, 0);
}

void lt_liealg_profile_clear(lt_liealg_profile_t P)
{
    lt_lseries_clear(P->derived);
    lt_lseries_clear(P->lower);
    lt_lseries_clear(P->upper);
    lt_qspace_clear(P->center);
    lt_qspace_clear(P->radical);
}

void lt_liealg_profile(lt_liealg_profile_t P, const lt_liealg_t L, int parts)
{
    lt_liealg_profile_clear(P);
    lt_liealg_profile_init(P);
    P->parts = parts;
    P->dim = L->dim;
    P->matrix_size = L->n;
    P->abelian = lt_liealg_is_abelian(L);
    lt_qspace_init(P->center, L->dim);
    lt_qspace_init(P->radical, L->dim);
    if (parts & LT_LIE_PROFILE_DERIVED) {
        lt_liealg_derived_series(P->derived, L);
        P->solvable = P->derived->reaches_zero;
        P->perfect = P->derived->len == 1;
        P->derived_length = P->solvable ? P->derived->len - 1 : -1;
    }
    if (parts & LT_LIE_PROFILE_LOWER) {
        lt_liealg_lower_central_series(P->lower, L);
        P->nilpotent = P->lower->reaches_zero;
        P->nilpotency_class = P->nilpotent ? P->lower->len - 1 : -1;
    }
    if (parts & LT_LIE_PROFILE_UPPER) lt_liealg_upper_central_series(P->upper, L);
    if (parts & LT_LIE_PROFILE_CENTER) lt_liealg_center(P->center, L);
    if (parts & LT_LIE_PROFILE_RADICAL) lt_liealg_radical(P->radical, L);
    if (parts & LT_LIE_PROFILE_KILLING) {
        P->killing_rank = lt_liealg_killing_rank(L);
        P->semisimple = P->killing_rank == L->dim;
    }
}
