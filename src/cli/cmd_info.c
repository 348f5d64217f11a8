/* lietool info: the algebraic profile of a group (lt_pgrp_profile) or of
   a Lie algebra (lt_liealg_profile; --float: float.c), written by
   lt_write_profile_group and lt_write_profile_lie. */
#include "doc.h"
#include "lietool/write.h"

const cli_decl cli_info_decl = {.common = CLI_O_JSON | CLI_O_LATEX | CLI_O_FLOAT | CLI_O_LIMITS, CLI_OBJECT_ARGS};

int cmd_info(int argc, char **argv, const lt_cmd *self)
{
    cli_opts o;
    cli_object X;
    lt_doc d;
    int r = cli_open_object(&o, &X, argc, argv, self);
    if (r >= 0) return r;
    if (X.is_float) r = cli_float_info(&o, &X);
    else if (X.is_lie) {
        lt_liealg_profile_t P;
        lt_liealg_profile_init(P);
        lt_liealg_profile(P, X.L, LT_LIE_PROFILE_ALL);
        cli_doc_start(&d, &o);
        lt_write_profile_lie(&d, o.object, P);
        lt_doc_end(&d, NULL);
        lt_liealg_profile_clear(P);
        r = 0;
    } else {
        lt_pgrp_profile_t P;
        lt_err_t err;
        lt_pgrp_profile_init(P);
        lt_err_init(err);
        /* the centre and the exponent may hit --max-enum; the rest still prints */
        if (lt_pgrp_profile(P, X.G, LT_PGRP_PROFILE_ALL, o.ctx, err)) r = cli_fail(err);
        else {
            lt_chartab_t T;
            lt_chartab_inv_t I;
            lt_err_t terr;
            lt_chartab_init(T);
            lt_err_init(terr);
            int have = lt_chartab_profile(T, X.G, o.ctx, terr) == LT_OK;
            if (have) lt_chartab_invariants(&I, T, 0);
            lt_pgrp_mindeg_t mu;
            lt_pgrp_mindeg_init(mu);
            int have_mu = lt_pgrp_min_faithful_degree(mu, X.G, o.ctx, terr) == LT_OK;
            cli_doc_start(&d, &o);
            lt_write_profile_group(&d, o.object, X.G, P, o.ctx->max_enum, have ? T : NULL, have ? &I : NULL,
                                   have ? NULL : terr->msg, have_mu ? mu : NULL);
            lt_pgrp_mindeg_clear(mu);
            lt_chartab_clear(T);
            lt_doc_end(&d, NULL);
            r = 0;
        }
        lt_pgrp_profile_clear(P);
    }
    cli_close_object(&o, &X);
    return r;
}
