/* The generator mass eps of error-bound's task (lt_task_mass): the value
   given, or computed from a representation file, a trained checkpoint's
   first layer, or the LieAlgebra(...) generators of the object, at step h
   (Heo et al. 2026, Corollary 3.6: the local error O(eps^(c(k)+1))).
   error-bound and the Python package's error_bound call it alike. */
#include <ctype.h>
#include <string.h>
#include "lietool/job.h"
#include "lietool/io.h"
#include "lietool/model.h"
#include "lietool/ssm.h"
#include "lietool/rep.h"

/* The mass of the checkpoint dir's first layer on the group spec: each
   element's largest transition norm (lt_model_element_norms) over the
   words LT_TASK_MASS_WORDS x LT_TASK_MASS_LENGTH (seed 0). */
static lt_status model_mass(lt_depth_mass_t Ms, const char *dir, const char *spec, long offset, const fmpq_t h,
                            const lt_ctx_t ctx, lt_err_t err)
{
    lt_model_t M;
    lt_cayley_t C;
    lt_words_t W;
    lt_model_init(M);
    lt_cayley_init(C);
    lt_words_init(W);
    double *nrm = NULL;
    lt_status st = lt_io_model_load(M, dir, ctx->max_memory_mb, LT_COMPUTE_CONFIG, err);
    if (!st) st = lt_io_cayley_table(C, spec, LT_CONV_AA, ctx, err);
    if (!st) st = lt_words_generate(W, C, LT_TASK_MASS_LENGTH, LT_TASK_MASS_WORDS, 0, ctx, err);
    if (!st) {
        nrm = lt_malloc((size_t)C->n * sizeof *nrm);
        st = lt_model_element_norms(nrm, M, W, C->n, offset, err);
        if (st) lt_err_prefix(err, "%s", dir);
    }
    if (!st) lt_depth_mass_norms(Ms, nrm, C->n, h);
    lt_free(nrm);
    lt_words_clear(W);
    lt_cayley_clear(C);
    lt_model_clear(M);
    return st;
}

lt_status lt_task_mass(lt_eps_source *source, lt_depth_mass_t M, fmpq_t h, const lt_task_mass_params *P, lt_pgrp_t G,
                       const lt_ctx_t ctx, lt_err_t err)
{
    int has_step = P->step && fmpq_sgn(P->step) > 0;
    const char *s = P->spec;
    while (isspace((unsigned char)*s)) s++;
    int gens = P->is_lie && strncmp(s, "LieAlgebra", 10) == 0;
    *source = LT_EPS_NONE;
    /* one source at a time; the caller checked (error-bound's usage, the
       package's arguments) */
    if ((P->eps != NULL) + (P->rep != NULL) + (P->model != NULL) > 1 || (has_step && !P->rep && !gens) ||
        ((P->model || P->rep) && P->is_lie))
        return lt_err_set(err, LT_EINPUT, "error bound: give one of eps, a representation, a checkpoint, with a "
                          "step only for a representation or LieAlgebra(...) generators");
    if (has_step) fmpq_set(h, P->step);
    else fmpq_one(h);
    lt_status st = LT_OK;
    if (P->eps) {
        *source = LT_EPS_OPTION;
        fmpq_get_mpfr(M->eps, P->eps, MPFR_RNDN);
    } else if (P->rep) {
        *source = LT_EPS_REP;
        lt_rep_t R;
        lt_rep_init(R);
        st = lt_io_rep_read(R, P->rep, G, ctx, err);
        if (!st) st = lt_depth_mass_rep(M, R, h, P->tol, P->rep, err);
        lt_rep_clear(R);
    } else if (P->model) {
        *source = LT_EPS_MODEL;
        st = model_mass(M, P->model, P->spec, P->offset, h, ctx, err);
    } else if (gens) {
        *source = LT_EPS_GENS;
        double *g = NULL;
        slong k, n;
        st = lt_io_float_gens(&g, &k, &n, P->spec, ctx, err);
        if (!st) st = lt_depth_mass_matrices(M, g, k, n, h, err);
        lt_free(g);
    }
    return st;
}
