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

int cli_depth_profile_init(cli_depth_profile *P, cli_opts *o, cli_object *X, int lower)
{
    memset(P, 0, sizeof *P);
    mpz_init(P->size);
    lt_pgrp_profile_init(P->grp);
    lt_liealg_profile_init(P->lie);
    P->is_lie = X->is_lie;
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

void cli_depth_profile_clear(cli_depth_profile *P)
{
    lt_pgrp_profile_clear(P->grp);
    lt_liealg_profile_clear(P->lie);
    mpz_clear(P->size);
}

void cli_depth_put_series(const cli_depth_profile *P, int lower, int json)
{
    if (!P->is_lie) { cli_put_series(stdout, lower ? P->grp->lower : P->grp->derived, json); return; }
    cli_put_dims(stdout, lower ? P->lie->lower : P->lie->derived, json);
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
