/* What the theory reads off an object, and the minimum depths of
   min-depth (lietool/depth.h). */
#include <string.h>
#include "lietool/depth.h"

void lt_depth_profile_init(lt_depth_profile_t P)
{
    memset(P, 0, sizeof *P);
    mpz_init(P->size);
    lt_pgrp_profile_init(P->grp);
    lt_liealg_profile_init(P->lie);
}

void lt_depth_profile_clear(lt_depth_profile_t P)
{
    lt_pgrp_profile_clear(P->grp);
    lt_liealg_profile_clear(P->lie);
    mpz_clear(P->size);
}

lt_status lt_depth_profile_group(lt_depth_profile_t P, lt_pgrp_t G, int lower, const lt_ctx_t ctx, lt_err_t err)
{
    P->is_lie = 0;
    lt_status st = lt_pgrp_profile(P->grp, G, LT_PGRP_PROFILE_DERIVED | (lower ? LT_PGRP_PROFILE_LOWER : 0), ctx, err);
    if (st) return st;
    mpz_set(P->size, G->order);
    P->abelian = P->grp->abelian;
    P->solvable = P->grp->solvable;
    P->perfect = P->grp->perfect;
    P->derived_length = P->grp->derived_length;
    P->nilpotent = P->grp->nilpotent;
    P->nilpotency_class = P->grp->nilpotency_class;
    return LT_OK;
}

void lt_depth_profile_liealg(lt_depth_profile_t P, const lt_liealg_t L, int lower)
{
    P->is_lie = 1;
    lt_liealg_profile(P->lie, L, LT_LIE_PROFILE_DERIVED | (lower ? LT_LIE_PROFILE_LOWER : 0));
    mpz_set_si(P->size, (long)L->dim);
    P->abelian = P->lie->abelian;
    P->solvable = P->lie->solvable;
    P->perfect = P->lie->perfect;
    P->derived_length = (long)P->lie->derived_length;
    P->nilpotent = P->lie->nilpotent;
    P->nilpotency_class = (long)P->lie->nilpotency_class;
}

void lt_depth_min_init(lt_depth_min_t M)
{
    memset(M, 0, sizeof *M);
    mpz_init(M->tokens);
    mpz_init(M->width);
    lt_err_init(M->width_err);
}

void lt_depth_min_clear(lt_depth_min_t M)
{
    mpz_clear(M->tokens);
    mpz_clear(M->width);
}

lt_status lt_depth_min(lt_depth_min_t M, const lt_depth_profile_t P, const lt_depth_params *p, const lt_ctx_t ctx,
                       lt_err_t err)
{
    ulong T = p->length;
    M->bound = p->bound;
    M->derived_length = P->derived_length;
    M->abelian = lt_depth_abelian_layers(M->derived_length);
    M->restricted = lt_depth_restricted_layers(M->derived_length);
    M->length = T;
    M->tokens_given = p->tokens != 0;
    M->width_status = LT_OK;
    if (!T) return LT_OK;
    M->log_bound = lt_depth_log_bound(T, p->bound);
    M->log_bound_v1 = lt_depth_log_bound(T, LT_BOUND_V1);
    M->log_bound_sharp = lt_depth_log_bound(T, LT_BOUND_SHARP);
    M->within = M->abelian >= 0 && M->abelian < M->log_bound ? M->abelian : M->log_bound;
    if (p->tokens) mpz_set_ui(M->tokens, p->tokens);
    else mpz_set(M->tokens, P->size);
    M->width_status = lt_depth_width(M->width, NULL, M->tokens, T, p->max_digits, ctx, M->width_err);
    if (M->width_status && M->width_status != LT_ELIMIT) {
        *err = *M->width_err;
        return M->width_status;
    }
    return LT_OK;
}
