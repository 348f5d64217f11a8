/* The theory verdict of a loaded object, beside a command's output (verdict.h). */
#include <string.h>
#include "cli.h"
#include "verdict.h"
#include "lietool/io.h"

int cli_read_arch(void *dst, const char *v)
{
    cli_arch_opt *A = dst;
    A->given = 1;
    return lt_arch_parse(&A->a, v);
}

int cli_verdict_compute(lt_plan_verdict_t V, const cli_object *X, const lt_arch *a, long k, long T, lt_bound b,
                        const cli_opts *o)
{
    lt_err_t err;
    lt_err_init(err);
    lt_status st = lt_plan_object(V, X->is_lie ? NULL : (lt_pgrp_struct *)X->G, X->L, a, k, T, b, o->ctx, err);
    return st ? cli_fail(err) : -1;
}

void cli_verdict_after_opts(const cli_opts *o, const lt_plan_verdict_t V, const char *task)
{
    lt_doc d;
    cli_doc_attach(&d, o);
    cli_verdict_after(&d, V, task);
}

void cli_verdict_after(lt_doc *d, const lt_plan_verdict_t V, const char *task)
{
    lt_write_verdict_after(d, V, task);
}

int cli_verdict_group(lt_plan_verdict_t V, const char *spec, const lt_arch *a, long k, long T, lt_bound b,
                      const cli_opts *o)
{
    cli_object X;
    memset(&X, 0, sizeof X);
    lt_pgrp_init(X.G, 1);
    lt_liealg_init(X.L);
    lt_err_t err;
    lt_err_init(err);
    int r = -1;
    if (lt_io_object(X.G, X.L, 0, spec, o->ctx, err)) r = cli_fail(err);
    else r = cli_verdict_compute(V, &X, a, k, T, b, o);
    lt_pgrp_clear(X.G);
    lt_liealg_clear(X.L);
    return r;
}
