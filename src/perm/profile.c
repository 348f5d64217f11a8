/* The profile of a permutation group: its derived and lower central
   series, centre and exponent, and the predicates read off them
   (lietool/perm.h). */
#include "impl.h"

void lt_pgrp_profile_init(lt_pgrp_profile_t P)
{
    P->parts = 0;
    P->abelian = P->solvable = P->perfect = P->nilpotent = 0;
    P->derived_length = P->nilpotency_class = -1;
    lt_pgrp_series_init(P->derived);
    lt_pgrp_series_init(P->lower);
    lt_pgrp_init(P->center, 1);
    P->center_status = P->exponent_status = LT_OK;
    lt_err_init(P->center_err);
    lt_err_init(P->exponent_err);
    mpz_init(P->exponent_lo);
    mpz_init(P->exponent_hi);
    P->exponent_decided = 0;
    mpz_init(P->classes_count);
    lt_pgrp_classes_init(P->classes);
    P->classes_status = LT_OK;
    lt_err_init(P->classes_err);
}

void lt_pgrp_profile_clear(lt_pgrp_profile_t P)
{
    lt_pgrp_series_clear(P->derived);
    lt_pgrp_series_clear(P->lower);
    lt_pgrp_clear(P->center);
    mpz_clear(P->exponent_lo);
    mpz_clear(P->exponent_hi);
    mpz_clear(P->classes_count);
    lt_pgrp_classes_clear(P->classes);
}

/* A part that may stop at a limit: LT_OK, or the status when it is not a
   limit (the message then in err). */
static lt_status at_limit(lt_status st, const lt_err_t part_err, lt_err_t err)
{
    if (st == LT_OK || st == LT_ELIMIT) return LT_OK;
    *err = *part_err;
    return st;
}

static int above_1e18(const mpz_t order)
{
    mpz_t t;
    mpz_init(t);
    mpz_ui_pow_ui(t, 10, 18);
    int r = mpz_cmp(order, t) > 0;
    mpz_clear(t);
    return r;
}

lt_status lt_pgrp_profile(lt_pgrp_profile_t P, lt_pgrp_t G, int parts,
                          const lt_ctx_t ctx, lt_err_t err)
{
    lt_pgrp_profile_clear(P);
    lt_pgrp_profile_init(P);
    P->parts = parts;
    lt_status st = LT_OK;
    if (parts & LT_PGRP_PROFILE_DERIVED) {
        if ((st = lt_pgrp_derived_series(P->derived, G, ctx, err))) return st;
        P->solvable = P->derived->reaches_one;
        P->perfect = P->derived->len == 1;
        P->derived_length = P->solvable ? P->derived->len - 1 : -1;
    }
    if (parts & LT_PGRP_PROFILE_LOWER) {
        if ((st = lt_pgrp_lower_central_series(P->lower, G, ctx, err))) return st;
        P->nilpotent = P->lower->reaches_one;
        P->nilpotency_class = P->nilpotent ? P->lower->len - 1 : -1;
    }
    P->abelian = lt_pgrp_is_abelian(G);
    if (parts & LT_PGRP_PROFILE_CENTER) {
        P->center_status = lt_pgrp_center(P->center, G, ctx, P->center_err);
        if ((st = at_limit(P->center_status, P->center_err, err))) return st;
    }
    if ((parts & LT_PGRP_PROFILE_CLASSES) && P->abelian) mpz_set(P->classes_count, G->order);
    else if ((parts & LT_PGRP_PROFILE_CLASSES) && above_1e18(G->order))
        /* (Rubik's group has 81120 classes) */
        P->classes_status = lt_err_set(P->classes_err, LT_ELIMIT,
            "conjugacy classes: the profile counts them up to order 10^18 ('lietool conjugacy-classes' goes further)");
    else if (parts & LT_PGRP_PROFILE_CLASSES) {
        lt_ctx_t c1;
        *c1 = *ctx;
        if (c1->max_tries > 20000) c1->max_tries = 20000;
        P->classes_status = lt_pgrp_conjugacy_classes(P->classes, G, c1, P->classes_err);
        if ((st = at_limit(P->classes_status, P->classes_err, err))) return st;
        mpz_set_si(P->classes_count, P->classes->nclasses);
    }
    if (parts & LT_PGRP_PROFILE_EXPONENT) {
        int tried = (parts & LT_PGRP_PROFILE_CLASSES) && !P->abelian;
        /* classes that stopped at the limit are not searched again */
        lt_ctx_t c2;
        *c2 = *ctx;
        if (tried && P->classes_status) c2->max_tries = 0;
        P->exponent_status = lt_pgrp_exponent_range_(P->exponent_lo, P->exponent_hi, G,
                                                     tried && !P->classes_status ? P->classes : NULL,
                                                     c2, P->exponent_err);
        if ((st = at_limit(P->exponent_status, P->exponent_err, err))) return st;
        P->exponent_decided = !P->exponent_status && mpz_cmp(P->exponent_lo, P->exponent_hi) == 0;
    }
    return LT_OK;
}
