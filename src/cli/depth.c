/* The depth commands' options and profile (see depth.h). */
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
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

int cli_depth_profile_init(cli_depth_profile *P, cli_opts *o, cli_object *X, int lower)
{
    memset(P, 0, sizeof *P);
    mpz_init(P->size);
    lt_pgrp_profile_init(P->grp);
    lt_liealg_profile_init(P->lie);
    P->is_lie = X->is_lie;
    P->X = X;
    if (X->is_lie) {
        lt_liealg_profile(P->lie, X->L, LT_LIE_PROFILE_DERIVED | (lower ? LT_LIE_PROFILE_LOWER : 0));
        mpz_set_si(P->size, (long)X->L->dim);
        P->abelian = P->lie->abelian;
        P->solvable = P->lie->solvable;
        P->perfect = P->lie->perfect;
        P->derived_length = (long)P->lie->derived_length;
        P->nilpotent = P->lie->nilpotent;
        P->nilpotency_class = (long)P->lie->nilpotency_class;
    } else {
        lt_err_t err;
        lt_err_init(err);
        if (lt_pgrp_profile(P->grp, X->G, LT_PGRP_PROFILE_DERIVED | (lower ? LT_PGRP_PROFILE_LOWER : 0),
                            o->ctx, err)) {
            cli_depth_profile_clear(P);
            return cli_fail(err);
        }
        mpz_set(P->size, X->G->order);
        P->abelian = P->grp->abelian;
        P->solvable = P->grp->solvable;
        P->perfect = P->grp->perfect;
        P->derived_length = P->grp->derived_length;
        P->nilpotent = P->grp->nilpotent;
        P->nilpotency_class = P->grp->nilpotency_class;
    }
    return -1;
}

int cli_depth_run(int argc, char **argv, const lt_cmd *self, int lower, cli_depth_body body)
{
    cli_depth_opts d;
    cli_opts o;
    cli_object X;
    cli_depth_profile P;
    int r = cli_depth_open(&d, &o, &X, argc, argv, self);
    if (r >= 0) return r;
    if (d.arch.given != (d.depth > 0)) {
        r = cli_usage_error(self, o.sub, "--arch FAMILY and --depth K go together");
        cli_depth_close(&d, &o, &X);
        return r;
    }
    if ((r = cli_depth_profile_init(&P, &o, &X, lower)) < 0) {
        lt_plan_verdict_init(P.verdict);
        P.has_verdict = d.arch.given;
        if (P.has_verdict) r = cli_verdict_compute(P.verdict, &X, &d.arch.a, d.depth, (long)d.length, d.bound, &o);
        if (r < 0) r = body(&o, &d, &P);
        lt_plan_verdict_clear(P.verdict);
        cli_depth_profile_clear(&P);
    }
    cli_depth_close(&d, &o, &X);
    return r;
}

void cli_depth_profile_clear(cli_depth_profile *P)
{
    lt_pgrp_profile_clear(P->grp);
    lt_liealg_profile_clear(P->lie);
    mpz_clear(P->size);
}

void cli_depth_tokens(mpz_t n, const cli_depth_opts *d, const cli_depth_profile *P)
{
    char buf[24];
    snprintf(buf, sizeof buf, "%" PRIu64, d->tokens);
    if (d->tokens) mpz_set_str(n, buf, 10);
    else mpz_set(n, P->size);
}

void cli_depth_head(lt_doc *d, const cli_opts *o, const cli_depth_profile *P)
{
    cli_doc_begin(d, o, o->object, NULL);
    lt_doc_bool(d, "solvable", P->solvable);
    lt_doc_long(d, "derived length", P->solvable ? P->derived_length : -1, "not solvable");
}

void cli_depth_bound(lt_doc *d, lt_bound b)
{
    lt_doc_str(d, "|bound", lt_depth_bound_name(b), NULL);
    if (b == LT_BOUND_V1)
        lt_doc_claim(d, "bound|", NULL, "v1: $c(k) = 2^(k-1)$, as published (arXiv:2603.05573v1); --bound sharp for $2^k - 1$");
    else
        lt_doc_claim(d, "bound|", NULL, "sharp: $c(k) = 2^k - 1$ (class $c$ has derived length $floor(log2 c) + 1$);"
                      " v1 ($2^(k-1)$, as published) is the default");
}

void cli_depth_series(lt_doc *d, const char *label, const cli_depth_profile *P, int lower)
{
    if (P->is_lie) lt_doc_lie_series(d, label, lower ? P->lie->lower : P->lie->derived, lower);
    else lt_doc_pgrp_series(d, label, lower ? P->grp->lower : P->grp->derived, lower);
}

