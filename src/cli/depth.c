/* The depth commands' options and profile (see depth.h). */
#include <inttypes.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "depth.h"
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
    cli_close_object(o, X);
}

static mpz_t *series_init(int n)
{
    mpz_t *t = lt_malloc((size_t)(n ? n : 1) * sizeof *t);
    for (int i = 0; i < n; i++) mpz_init(t[i]);
    return t;
}

static void series_clear(mpz_t *t, int n)
{
    for (int i = 0; i < n; i++) mpz_clear(t[i]);
    lt_free(t);
}

/* A group series as orders. */
static mpz_t *group_terms(const lt_pgrp_series_t S)
{
    mpz_t *t = series_init(S->len);
    for (int i = 0; i < S->len; i++) mpz_set(t[i], S->terms[i].order);
    return t;
}

/* A Lie algebra series as dimensions. */
static mpz_t *lie_terms(const lt_lseries_t S)
{
    mpz_t *t = series_init((int)S->len);
    for (slong i = 0; i < S->len; i++) mpz_set_si(t[i], (long)S->terms[i].rank);
    return t;
}

int cli_depth_profile_init(cli_depth_profile *P, cli_opts *o, cli_object *X, int lower)
{
    memset(P, 0, sizeof *P);
    mpz_init(P->size);
    P->is_lie = X->is_lie;
    int dreach, lreach = 0;
    if (X->is_lie) {
        lt_lseries_t D, L;
        lt_lseries_init(D);
        lt_lseries_init(L);
        lt_liealg_derived_series(D, X->L);
        if (lower) lt_liealg_lower_central_series(L, X->L);
        mpz_set_si(P->size, (long)X->L->dim);
        P->abelian = lt_liealg_is_abelian(X->L);
        P->nd = (int)D->len;
        P->dser = lie_terms(D);
        dreach = D->reaches_zero;
        P->nl = lower ? (int)L->len : 0;
        P->lser = lie_terms(L);
        lreach = lower && L->reaches_zero;
        lt_lseries_clear(D);
        lt_lseries_clear(L);
    } else {
        lt_pgrp_series_t D, L;
        lt_err_t err;
        lt_err_init(err);
        lt_pgrp_series_init(D);
        lt_pgrp_series_init(L);
        lt_status st = lt_pgrp_derived_series(D, X->G, o->ctx, err);
        if (!st && lower) st = lt_pgrp_lower_central_series(L, X->G, o->ctx, err);
        if (st) {
            lt_pgrp_series_clear(D);
            lt_pgrp_series_clear(L);
            P->dser = series_init(0);
            P->lser = series_init(0);
            cli_depth_profile_clear(P);
            return cli_fail(err);
        }
        mpz_set(P->size, X->G->order);
        P->abelian = lt_pgrp_is_abelian(X->G);
        P->nd = D->len;
        P->dser = group_terms(D);
        dreach = D->reaches_one;
        P->nl = lower ? L->len : 0;
        P->lser = lower ? group_terms(L) : series_init(0);
        lreach = lower && L->reaches_one;
        lt_pgrp_series_clear(D);
        lt_pgrp_series_clear(L);
    }
    P->solvable = dreach;
    P->perfect = P->nd == 1;     /* as info: the series stops at once */
    P->derived_length = dreach ? P->nd - 1 : -1;
    P->nilpotent = lreach;
    P->nilpotency_class = lreach ? P->nl - 1 : -1;
    return -1;
}

void cli_depth_profile_clear(cli_depth_profile *P)
{
    series_clear(P->dser, P->nd);
    series_clear(P->lser, P->nl);
    mpz_clear(P->size);
}

void cli_depth_put_series(const cli_depth_profile *P, const mpz_t *t, int n, int json)
{
    if (json) putchar('[');
    for (int i = 0; i < n; i++) {
        if (i) fputs(json ? ", " : " > ", stdout);
        cli_put_mpz(stdout, t[i], json && !P->is_lie);
    }
    if (json) putchar(']');
}

void cli_depth_tokens(mpz_t n, const cli_depth_opts *d, const cli_depth_profile *P)
{
    char buf[24];
    snprintf(buf, sizeof buf, "%" PRIu64, d->tokens);
    if (d->tokens) mpz_set_str(n, buf, 10);
    else mpz_set(n, P->size);
}

void cli_depth_cite(lt_depth_source s)
{
    printf(" (%s)", lt_depth_cite(s));
}

void cli_depth_kv(const char *key, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("  %-22s ", key);
    vprintf(fmt, ap);
    putchar('\n');
    va_end(ap);
}

void cli_depth_put_head(const cli_opts *o, const cli_depth_profile *P)
{
    printf("%s\n", o->object);
    cli_depth_kv("solvable", "%s", P->solvable ? "yes" : "no");
    if (P->solvable) cli_depth_kv("derived length", "%ld", P->derived_length);
    else cli_depth_kv("derived length", "not solvable");
}
