/* The verdict for a loaded object: its task, then lt_plan (plan, min-depth,
   report, ssm eval and the Python package's plan). */
#include "lietool/depth.h"

lt_status lt_plan_object(lt_plan_verdict_t V, lt_pgrp_t G, const lt_liealg_t L, const lt_arch *a, long k, long T,
                         lt_bound b, const lt_ctx_t ctx, lt_err_t err)
{
    lt_plan_task_t P;
    lt_plan_task_init(P);
    lt_status st = G ? lt_plan_task_group(P, G, ctx, err) : lt_plan_task_liealg(P, L, ctx, err);
    if (!st) st = lt_plan(V, P, a, k, T, b, ctx, err);
    lt_plan_task_clear(P);
    return st;
}
