/* The depth commands' options and profile (see depth.h). */
#include <string.h>
#include "depth.h"
#include "doc.h"
#include "lietool/free.h"

const cli_choice cli_depth_bounds[] = {{"v1", LT_BOUND_V1, 0}, {"sharp", LT_BOUND_SHARP, 0}, {NULL, 0, 0}};
const cli_choice cli_depth_layer_kinds[] = {{"abelian", 1, 0}, {"restricted", 2, 0}, {NULL, 0, 0}};

int cli_depth_read_eps(void *dst, const char *v)
{
    fmpq *eps = dst;
    const char *e;
    return lt_free_read_q(eps, v, &e) && !*e && fmpq_sgn(eps) > 0 ? 0 : -1;
}

int cli_depth_open(cli_depth_opts *d, cli_opts *o, cli_object *X, int argc, char **argv, const lt_cmd *self)
{
    memset(d, 0, sizeof *d);
    d->bound = LT_BOUND_DEFAULT;
    d->max_digits = 100000;
    fmpq_init(d->eps);
    fmpq_init(d->step);
    int r = cli_getopts(o, d, argc, argv, self, NULL);
    d->has_eps = fmpq_sgn(d->eps) > 0;
    if (r < 0) r = cli_load_object(o, X, self);
    else {
        memset(X, 0, sizeof *X);
        lt_pgrp_init(X->G, 1);
        lt_liealg_init(X->L);
    }
    if (r >= 0) cli_depth_close(d, o, X);
    return r;
}

void cli_depth_close(cli_depth_opts *d, cli_opts *o, cli_object *X)
{
    fmpq_clear(d->eps);
    fmpq_clear(d->step);
    cli_close_object(o, X);
}

int cli_depth_run(int argc, char **argv, const lt_cmd *self, int lower, cli_depth_body body)
{
    cli_depth_opts d;
    cli_opts o;
    cli_object X;
    cli_depth_profile P;
    int r = cli_depth_open(&d, &o, &X, argc, argv, self);
    if (r >= 0) return r;
    /* min-depth --arch abelian: the row alone */
    if (d.arch.given && d.depth == 0 && d.layers == 1 && d.arch.a.kind == LT_FAM_ABELIAN) d.arch.given = 0;
    if (d.arch.given != (d.depth > 0)) {
        r = cli_usage_error(self, o.sub, d.arch.given ? "--arch FAMILY needs --layers K, the layers of its verdict (min-depth: "
                            "abelian or restricted alone print that row)" : "--layers K needs --arch FAMILY");
        cli_depth_close(&d, &o, &X);
        return r;
    }
    lt_err_t err;
    lt_err_init(err);
    lt_depth_profile_init(P.p);
    P.X = &X;
    if (lt_depth_profile_object(P.p, X.is_lie ? NULL : X.G, X.L, lower, o.ctx, err)) r = cli_fail(err);
    else {
        lt_plan_verdict_init(P.verdict);
        P.has_verdict = d.arch.given;
        if (P.has_verdict) r = cli_verdict_compute(P.verdict, &X, &d.arch.a, d.depth, (long)d.length, d.bound, &o);
        if (r < 0) r = body(&o, &d, &P);
        lt_plan_verdict_clear(P.verdict);
    }
    lt_depth_profile_clear(P.p);
    cli_depth_close(&d, &o, &X);
    return r;
}

void cli_depth_end(lt_doc *d, const cli_opts *o, const cli_depth_profile *P)
{
    if (P->has_verdict) lt_write_verdict_after(d, P->verdict, o->object);
    lt_doc_end(d, NULL);
}

void cli_depth_params(lt_depth_params *p, const cli_depth_opts *d)
{
    p->bound = (lt_bound)d->bound;
    p->length = d->length;
    p->tokens = d->tokens;
    p->max_digits = d->max_digits;
    p->plan = NULL;
    p->nplan = 0;
}
