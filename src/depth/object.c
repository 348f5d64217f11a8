/* A loaded object (a group with its chain, or an exact Lie algebra): the
   verdict for it (its task, then lt_plan: plan, min-depth, report, ssm eval
   and the Python package's plan), and its series as the terms' sizes (the
   series commands and the Python package alike). */
#include <string.h>
#include "lietool/depth.h"

/* The task of G or L, P initialised here. */
static lt_status task_of(lt_plan_task_t P, lt_pgrp_t G, const lt_liealg_t L, const lt_ctx_t ctx, lt_err_t err)
{
    lt_plan_task_init(P);
    return G ? lt_plan_task_group(P, G, ctx, err) : lt_plan_task_liealg(P, L, ctx, err);
}

lt_status lt_plan_object(lt_plan_verdict_t V, lt_pgrp_t G, const lt_liealg_t L, const lt_arch *a, long k, long T,
                         lt_bound b, const lt_ctx_t ctx, lt_err_t err)
{
    lt_plan_task_t P;
    lt_status st = task_of(P, G, L, ctx, err);
    if (!st) st = lt_plan(V, P, a, k, T, b, ctx, err);
    lt_plan_task_clear(P);
    return st;
}

lt_status lt_object_series(lt_series_sizes_t *T, lt_pgrp_t G, const lt_liealg_t L, int kind, const lt_ctx_t ctx,
                          lt_err_t err)
{
    if (!G) {
        lt_lseries_t S;
        lt_lseries_init(S);
        if (kind == 0) lt_liealg_derived_series(S, L);
        else if (kind == 1) lt_liealg_lower_central_series(S, L);
        else lt_liealg_upper_central_series(S, L);
        lt_series_sizes_lie(T, S, kind == 1);
        lt_lseries_clear(S);
        return LT_OK;
    }
    lt_pgrp_series_t S;
    lt_pgrp_series_init(S);
    lt_status st = kind == 2 ? lt_pgrp_upper_central_series(S, G, ctx, err)
                 : kind ? lt_pgrp_lower_central_series(S, G, ctx, err) : lt_pgrp_derived_series(S, G, ctx, err);
    if (!st) lt_series_sizes_pgrp(T, S, kind == 1);
    lt_pgrp_series_clear(S);
    return st;
}

void lt_series_sizes_pgrp(lt_series_sizes_t *S, const lt_pgrp_series_t G, int lower)
{
    __mpz_struct *z = lt_malloc((size_t)(G->len > 0 ? G->len : 1) * sizeof *z);
    for (int i = 0; i < G->len; i++) mpz_init_set(z + i, G->terms[i].order);
    *S = (lt_series_sizes_t){.n = G->len, .size = z, .lower = lower, .is_lie = 0, .reaches_bottom = G->reaches_one};
}

void lt_series_sizes_lie(lt_series_sizes_t *S, const lt_lseries_t L, int lower)
{
    __mpz_struct *z = lt_malloc((size_t)(L->len > 0 ? L->len : 1) * sizeof *z);
    for (slong i = 0; i < L->len; i++) mpz_init_set_si(z + i, (long)L->terms[i].rank);
    *S = (lt_series_sizes_t){.n = (int)L->len, .size = z, .lower = lower, .is_lie = 1, .reaches_bottom = L->reaches_zero};
}

void lt_series_sizes_clear(lt_series_sizes_t *S)
{
    __mpz_struct *z = (__mpz_struct *)S->size;
    for (int i = 0; i < S->n; i++) mpz_clear(z + i);
    lt_free(z);
    S->size = NULL;
    S->n = 0;
}

lt_status lt_plan_table_object(lt_plan_row **rows, int *n, lt_pgrp_t G, const lt_liealg_t L, const lt_arch *only, long T,
                               lt_bound b, const lt_ctx_t ctx, lt_err_t err)
{
    lt_plan_task_t P;
    *rows = NULL;
    *n = 0;
    lt_status st = task_of(P, G, L, ctx, err) || lt_plan_table(rows, n, P, only, T, b, ctx, err) ? err->status : LT_OK;
    lt_plan_task_clear(P);
    return st;
}

lt_status lt_depth_profile_object(lt_depth_profile_t P, lt_pgrp_t G, const lt_liealg_t L, int lower, const lt_ctx_t ctx,
                                  lt_err_t err)
{
    if (G) return lt_depth_profile_group(P, G, lower, ctx, err);
    lt_depth_profile_liealg(P, L, lower);
    return LT_OK;
}

lt_status lt_object_predicate(int *value, lt_pgrp_t G, const lt_liealg_t L, const char *key, const lt_ctx_t ctx,
                              lt_err_t err)
{
    if (!G && strcmp(key, "semisimple") == 0) { *value = lt_liealg_is_semisimple(L); return LT_OK; }
    if (strcmp(key, "abelian") == 0) { *value = G ? lt_pgrp_is_abelian(G) : lt_liealg_is_abelian(L); return LT_OK; }
    int nil = strcmp(key, "nilpotent") == 0, perfect = strcmp(key, "perfect") == 0;
    if (!G) {
        lt_liealg_profile_t P;
        lt_liealg_profile_init(P);
        lt_liealg_profile(P, L, nil ? LT_LIE_PROFILE_LOWER : LT_LIE_PROFILE_DERIVED);
        *value = nil ? P->nilpotent : perfect ? P->perfect : P->solvable;
        lt_liealg_profile_clear(P);
        return LT_OK;
    }
    lt_pgrp_profile_t P;
    lt_pgrp_profile_init(P);
    lt_status st = lt_pgrp_profile(P, G, nil ? LT_PGRP_PROFILE_LOWER : LT_PGRP_PROFILE_DERIVED, ctx, err);
    if (!st) *value = nil ? P->nilpotent : perfect ? P->perfect : P->solvable;
    lt_pgrp_profile_clear(P);
    return st;
}

void lt_series_sizes_float(lt_series_sizes_t *S, const lt_fliealg_profile_t F, int lower)
{
    const slong *dims = lower ? F->lower : F->derived;
    slong n = lower ? F->lower_len : F->derived_len;
    __mpz_struct *z = lt_malloc((size_t)(n > 0 ? n : 1) * sizeof *z);
    for (slong i = 0; i < n; i++) mpz_init_set_si(z + i, (long)dims[i]);
    *S = (lt_series_sizes_t){.n = (int)n, .size = z, .lower = lower, .is_lie = 1,
                             .reaches_bottom = lower ? F->nilpotent : F->solvable};
}
