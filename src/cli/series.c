/* The commands that print a series or its length (derived-series,
   derived-length, lower-central-series, nilpotency-class,
   upper-central-series), the is-* predicates, for groups, Lie algebras
   and --float, and composition-factors and chief-series, with their
   declarations: computed by the library, written by lt_write_series,
   lt_write_predicate and lt_write_compser (lietool/write.h). */
#include <string.h>
#include "doc.h"
#include "lietool/write.h"

#define OBJECT_COMMON (CLI_O_JSON | CLI_O_FLOAT | CLI_O_LIMITS)
const cli_decl cli_derived_series_decl = {.common = OBJECT_COMMON | CLI_O_LATEX, CLI_OBJECT_ARGS};
const cli_decl cli_derived_length_decl = {.common = OBJECT_COMMON, CLI_OBJECT_ARGS};
const cli_decl cli_lower_central_series_decl = {.common = OBJECT_COMMON | CLI_O_LATEX, CLI_OBJECT_ARGS};
const cli_decl cli_nilpotency_class_decl = {.common = OBJECT_COMMON, CLI_OBJECT_ARGS};
const cli_decl cli_upper_central_series_decl = {.common = CLI_O_JSON | CLI_O_LIMITS, CLI_OBJECT_ARGS};

static int series_cmd(int argc, char **argv, const lt_cmd *self, int kind, int length_only)
{
    cli_opts o;
    cli_object X;
    lt_doc d;
    lt_fliealg_profile_t F;
    lt_series_sizes_t T;
    int r = cli_open_object(&o, &X, argc, argv, self);
    if (r >= 0) return r;
    if (X.is_float) r = cli_float_begin(&d, F, &o, &X, kind ? LT_FLIEALG_PROFILE_LOWER : LT_FLIEALG_PROFILE_DERIVED);
    lt_err_t err;
    lt_err_init(err);
    if (r < 0 && X.is_float) lt_series_sizes_float(&T, F, kind == 1);
    else if (r < 0 && lt_object_series(&T, X.is_lie ? NULL : X.G, X.L, kind, o.ctx, err)) r = cli_fail(err);
    if (r < 0) {
        if (!X.is_float) cli_doc_start(&d, &o);
        lt_write_series(&d, o.object, &T, kind, length_only);
        lt_series_sizes_clear(&T);
        if (X.is_float) r = cli_float_end(&d, F, &o, &X, -1);
        else { lt_doc_end(&d, NULL); r = 0; }
    }
    cli_close_object(&o, &X);
    return r;
}

int cli_series_cmd(int argc, char **argv, const lt_cmd *self)
{
    return series_cmd(argc, argv, self, self->arg, 0);
}

int cli_series_length_cmd(int argc, char **argv, const lt_cmd *self)
{
    return series_cmd(argc, argv, self, self->arg, 1);
}

#define PREDICATE_COMMON (CLI_O_JSON | CLI_O_QUIET | CLI_O_FLOAT)
const cli_decl cli_is_abelian_decl = {.common = PREDICATE_COMMON | CLI_O_LIMITS, .show = CLI_O_QUIET, CLI_OBJECT_ARGS};
const cli_decl cli_is_nilpotent_decl = {.common = PREDICATE_COMMON | CLI_O_LIMITS, .show = CLI_O_QUIET, CLI_OBJECT_ARGS};
const cli_decl cli_is_perfect_decl = {.common = PREDICATE_COMMON | CLI_O_LIMITS, .show = CLI_O_QUIET, CLI_OBJECT_ARGS};
const cli_decl cli_is_semisimple_decl = {.common = PREDICATE_COMMON | CLI_O_LIE_LIMITS, .show = CLI_O_QUIET, CLI_ALGEBRA_ARGS};
const cli_decl cli_is_solvable_decl = {.common = PREDICATE_COMMON | CLI_O_LIMITS, .show = CLI_O_QUIET, CLI_OBJECT_ARGS};
/* the keys of CLI_PRED_* */
static const char *const predicate_keys[] = {"abelian", "nilpotent", "perfect", "semisimple", "solvable"};

int cli_predicate_cmd(int argc, char **argv, const lt_cmd *self)
{
    const char *key = predicate_keys[self->arg];
    cli_opts o;
    cli_object X;
    lt_doc d;
    lt_fliealg_profile_t F;
    int value = -1, r = cli_open_object(&o, &X, argc, argv, self);
    if (r >= 0) return r;
    if (X.is_float) {
        unsigned part;
        cli_float_predicate_value(NULL, key, &part);
        if ((r = cli_float_begin(&d, F, &o, &X, part)) < 0) value = cli_float_predicate_value(F, key, NULL);
    } else {
        lt_err_t err;
        lt_err_init(err);
        if (lt_object_predicate(&value, X.is_lie ? NULL : X.G, X.L, key, o.ctx, err)) r = cli_fail(err);
        else cli_doc_start(&d, &o);
    }
    if (value >= 0) {
        if (o.json || !o.quiet) lt_write_predicate(&d, key, value);
        if (X.is_float) r = cli_float_end(&d, F, &o, &X, value);
        else { lt_doc_end(&d, NULL); r = value ? 0 : 1; }
    }
    cli_close_object(&o, &X);
    return r;
}

const cli_decl cli_composition_factors_decl = {.common = CLI_O_JSON | CLI_O_GROUP_LIMITS | CLI_O_MAX_ENUM, CLI_GROUP_ARGS};
const cli_decl cli_chief_series_decl = {.common = CLI_O_JSON | CLI_O_GROUP_LIMITS | CLI_O_MAX_ENUM, CLI_GROUP_ARGS};

int cli_compser_cmd(int argc, char **argv, const lt_cmd *self)
{
    int chief = self->arg;
    cli_opts o;
    cli_object X;
    lt_doc d;
    lt_pgrp_compser_t R;
    lt_err_t err;
    int r = cli_open_object(&o, &X, argc, argv, self);
    if (r >= 0) return r;
    lt_err_init(err);
    lt_pgrp_compser_init(R);
    lt_status st = chief ? lt_pgrp_chief_series(R, X.G, o.ctx, err) : lt_pgrp_composition_series(R, X.G, o.ctx, err);
    if (st) r = cli_fail(err);
    else {
        cli_doc_start(&d, &o);
        lt_write_compser(&d, o.object, R);
        lt_doc_end(&d, NULL);
        r = 0;
    }
    lt_pgrp_compser_clear(R);
    cli_close_object(&o, &X);
    return r;
}
