/* The depth commands' options and profile (see depth.h). */
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include "depth.h"
#include "lietool/free.h"

/* Ceiling of --length and --tokens (the theory's length, never allocated). */
#define DEPTH_MAX_LENGTH 1000000000000000000L

/* A bad value of a depth option (fmt names it, with %s for v): usage status. */
static int usage_fail(const lt_cmd *self, const char *fmt, const char *v)
{
    fprintf(stderr, "lietool: %s: ", self->name);
    fprintf(stderr, fmt, v);
    fprintf(stderr, "\nusage: lietool %s %s\n", self->name, self->usage);
    return CLI_USAGE;
}

static int bad_value(const lt_cmd *self, const char *opt, const char *want, const char *v)
{
    char fmt[CLI_FMT_SIZE];
    snprintf(fmt, sizeof fmt, "%s needs %s, not '%%s'", opt, want);
    return usage_fail(self, fmt, v);
}

/* An integer option from 1 to max: -1 to go on, or the usage error's status. */
static int int_value(long *out, const lt_cmd *self, const char *opt, const char *v, long max)
{
    char fmt[CLI_FMT_SIZE];
    return cli_option_long(out, v, opt, 1, max, fmt) ? usage_fail(self, fmt, v) : -1;
}

static int read_option(cli_depth_opts *d, const char *opt, const char *v, const lt_cmd *self)
{
    long u;
    int r = -1;
    if (strcmp(opt, "--bound") == 0) {
        if (!lt_depth_bound_parse(&d->bound, v)) return bad_value(self, opt, "v1 or sharp", v);
    } else if (strcmp(opt, "--layers") == 0) {
        if (strcmp(v, "abelian") == 0) d->layers = 1;
        else if (strcmp(v, "restricted") == 0) d->layers = 2;
        else return bad_value(self, opt, "abelian or restricted", v);
    } else if (strcmp(opt, "--length") == 0) {
        if ((r = int_value(&u, self, opt, v, DEPTH_MAX_LENGTH)) < 0) d->length = (ulong)u;
    } else if (strcmp(opt, "--tokens") == 0) {
        if ((r = int_value(&u, self, opt, v, DEPTH_MAX_LENGTH)) < 0) d->tokens = v;
    } else if (strcmp(opt, "--max-digits") == 0) {
        if ((r = int_value(&u, self, opt, v, 1000000000L)) < 0) d->max_digits = u;
    } else {                                            /* --eps */
        const char *e;
        if (!lt_free_read_q(d->eps, v, &e) || *e || fmpq_sgn(d->eps) <= 0)
            return bad_value(self, opt, "a positive number (0.1, 1e-3 or 1/8)", v);
        d->has_eps = 1;
    }
    return r;
}

int cli_depth_open(cli_depth_opts *d, cli_opts *o, cli_object *X, int argc, char **argv,
                   const lt_cmd *self, unsigned allowed)
{
    static const struct { const char *name; unsigned flag; } opts[] = {
        {"--bound", DOPT_BOUND}, {"--layers", DOPT_LAYERS}, {"--length", DOPT_LENGTH},
        {"--tokens", DOPT_TOKENS}, {"--max-digits", DOPT_MAX_DIGITS}, {"--eps", DOPT_EPS},
    };
    memset(d, 0, sizeof *d);
    d->bound = LT_BOUND_DEFAULT;
    d->max_digits = 100000;
    fmpq_init(d->eps);
    char **av = lt_malloc((size_t)(argc + 1) * sizeof *av);
    int ac = 0, r = -1;
    for (int i = 0; i < argc && r < 0; i++) {
        const char *a = argv[i];
        if (i == 0) { av[ac++] = argv[i]; continue; }
        if (strcmp(a, "--") == 0) {         /* the rest are operands, for cli_parse too */
            while (i < argc) av[ac++] = argv[i++];
            break;
        }
        size_t k = 0, nopts = sizeof opts / sizeof *opts;
        size_t l = 0;
        for (; k < nopts; k++) {
            l = strlen(opts[k].name);
            if ((allowed & opts[k].flag) && strncmp(a, opts[k].name, l) == 0 && (a[l] == '\0' || a[l] == '='))
                break;
        }
        if (k == nopts) { av[ac++] = argv[i]; continue; }
        const char *v = a[l] == '=' ? a + l + 1 : (i + 1 < argc ? argv[++i] : NULL);
        if (!v) {
            fprintf(stderr, "lietool: %s: %s needs a value\nusage: lietool %s %s\n",
                    self->name, opts[k].name, self->name, self->usage);
            r = CLI_USAGE;
        } else r = read_option(d, opts[k].name, v, self);
    }
    av[ac] = NULL;
    if (r < 0) r = cli_open_object(o, X, ac, av, self, 0);
    lt_free(av);
    if (r >= 0) fmpq_clear(d->eps);
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
    if (d->tokens) mpz_set_str(n, d->tokens, 10);
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
