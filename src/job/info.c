/* info of a group as one library call: the profile, the character table
   with its invariants and the minimal faithful degree (the command line
   and the Python package alike). */
#include "lietool/job.h"

void lt_info_group_job_init(lt_info_group_job_t J)
{
    lt_pgrp_profile_init(J->P);
    lt_chartab_init(J->T);
    lt_pgrp_mindeg_init(J->mu);
    lt_err_init(J->chartab_err);
    J->have_chartab = J->have_mu = 0;
}

void lt_info_group_job_clear(lt_info_group_job_t J)
{
    lt_pgrp_mindeg_clear(J->mu);
    lt_chartab_clear(J->T);
    lt_pgrp_profile_clear(J->P);
}

lt_status lt_info_group_job(lt_info_group_job_t J, lt_pgrp_t G, const lt_ctx_t ctx, lt_err_t err)
{
    /* the centre and the exponent may hit max_enum; the rest is still there */
    lt_status st = lt_pgrp_profile(J->P, G, LT_PGRP_PROFILE_ALL, ctx, err);
    if (st) return st;
    J->have_chartab = lt_chartab_profile(J->T, G, ctx, J->chartab_err) == LT_OK;
    if (J->have_chartab) lt_chartab_invariants(&J->I, J->T, 0);
    lt_err_t merr;
    lt_err_init(merr);
    J->have_mu = lt_pgrp_min_faithful_degree(J->mu, G, ctx, merr) == LT_OK;
    return LT_OK;
}
