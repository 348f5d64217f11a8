/* The theory's verdict for a trained checkpoint: the family its layers
   belong to (lt_model_family) and its depth, on the word problem of its
   group, at the words' length (ssm eval, and the Python package's
   ssm_eval). */
#include "lietool/io.h"
#include "lietool/job.h"
#include "lietool/model.h"
#include "lietool/ssm.h"

lt_status lt_plan_model(lt_plan_verdict_t V, int *has_family, const lt_model_t M, const char *group, long T, lt_bound b,
                        const lt_ctx_t ctx, lt_err_t err)
{
    lt_arch fam;
    lt_model_family(&fam, M);
    *has_family = fam.kind != LT_FAM_COUNT;     /* LT_FAM_COUNT: no family of the theory fits */
    if (!*has_family) return LT_OK;
    lt_pgrp_t G;
    lt_liealg_t L;
    lt_pgrp_init(G, 1);
    lt_liealg_init(L);
    lt_status st = lt_io_object(G, L, 0, group, ctx, err);
    if (!st) st = lt_plan_object(V, G, L, &fam, M->n_layers, T, b, ctx, err);
    const char *note = lt_model_family_note(M);
    if (!st && note) {
        char text[1024];
        lt_opt_text(text, sizeof text, note);
        lt_plan_prepend_claim(V, "lietool: the checkpoint's config.json", text);
    }
    lt_pgrp_clear(G);
    lt_liealg_clear(L);
    return st;
}
