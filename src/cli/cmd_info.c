/* lietool info: the algebraic profile of a group (lt_info_group_job) or of
   a Lie algebra (lt_liealg_profile; --float: float.c), written by
   lt_write_info_group and lt_write_profile_lie. */
#include "doc.h"
#include "lietool/job.h"
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
        lt_info_group_job_t J;
        lt_err_t err;
        lt_info_group_job_init(J);
        lt_err_init(err);
        if (lt_info_group_job(J, X.G, o.ctx, err)) r = cli_fail(err);
        else {
            cli_doc_start(&d, &o);
            lt_write_info_group(&d, o.object, X.G, J, o.ctx->max_enum);
            lt_doc_end(&d, NULL);
            r = 0;
        }
        lt_info_group_job_clear(J);
    }
    cli_close_object(&o, &X);
    return r;
}
