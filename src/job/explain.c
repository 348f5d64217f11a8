/* lietool explain's questions about one object as a library call: the
   witnesses of the answer (lt_pgrp_*_witness, lt_liealg_*_witness), which
   lt_write_explain writes. The command line and the Python package call
   these, so their answers cannot differ. */
#include "lietool/job.h"

void lt_explain_job_init(lt_explain_job_t J)
{
    J->question = LT_EXPLAIN_DERIVED_SERIES;
    J->is_lie = 0;
    J->no = 0;
    lt_pgrp_perfect_witness_init(J->gp);
    lt_liealg_perfect_witness_init(J->lp);
    lt_pgrp_abelian_witness_init(J->ga);
    lt_liealg_abelian_witness_init(J->la);
    lt_pgrp_series_witness_init(J->gs);
    lt_liealg_series_witness_init(J->ls);
}

void lt_explain_job_clear(lt_explain_job_t J)
{
    lt_pgrp_perfect_witness_clear(J->gp);
    lt_liealg_perfect_witness_clear(J->lp);
    lt_pgrp_abelian_witness_clear(J->ga);
    lt_liealg_abelian_witness_clear(J->la);
    lt_pgrp_series_witness_clear(J->gs);
    lt_liealg_series_witness_clear(J->ls);
}

lt_status lt_explain_job(lt_explain_job_t J, lt_explain_question q, lt_pgrp_t G, const lt_liealg_t L,
                         const lt_ctx_t ctx, lt_err_t err)
{
    int lie = J->is_lie = G == NULL;
    J->question = q;
    lt_status st = LT_OK;
    if (q == LT_EXPLAIN_PERFECT) {
        st = lie ? lt_liealg_perfect_witness(J->lp, L, err) : lt_pgrp_perfect_witness(J->gp, G, 200000, ctx, err);
        J->no = lie ? !J->lp->perfect : !J->gp->perfect;
    } else if (q == LT_EXPLAIN_ABELIAN) {
        if (lie) lt_liealg_abelian_witness(J->la, L); else lt_pgrp_abelian_witness(J->ga, G);
        J->no = lie ? !J->la->abelian : !J->ga->abelian;
    } else {
        int lower = q == LT_EXPLAIN_LOWER_CENTRAL_SERIES || q == LT_EXPLAIN_NILPOTENT;
        st = lie ? lt_liealg_series_witness(J->ls, L, lower, err) : lt_pgrp_series_witness(J->gs, G, lower, ctx, err);
        J->no = !st && (q == LT_EXPLAIN_SOLVABLE || q == LT_EXPLAIN_NILPOTENT)
                && !(lie ? J->ls->S->reaches_zero : J->gs->S->reaches_one);
    }
    return st;
}

lt_status lt_explain_isomorphic_check(long long *products, lt_pgrp_t G, lt_pgrp_t H, const lt_pgrp_iso_t R,
                                      const lt_ctx_t ctx, lt_err_t err)
{
    int ok = 0;
    *products = 0;
    if (!R->isomorphic) return LT_OK;
    lt_status st = lt_pgrp_iso_check(&ok, products, G, H, R->images, ctx, err);
    if (!st && !ok)
        st = lt_err_set(err, LT_EINTERNAL, "explain: internal error: the isomorphism found does not extend to a "
                                           "bijective homomorphism");
    return st;
}
