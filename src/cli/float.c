/* --float: the printers of the Lie-algebra commands in double precision
   (the object is loaded by cli_load_object, the profile computed by
   lt_fliealg_profile), with every SVD rank decision printed beside its
   singular-value gap. An ambiguous decision (the gap straddles the
   tolerance) makes the command fail with exit status 5 after printing what
   it found. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "lietool/json.h"
#include "lietool/fliealg.h"

static void put_dims(const slong *d, slong len, int json)
{
    if (json) putchar('[');
    for (slong i = 0; i < len; i++) printf(i ? (json ? ", %ld" : " > %ld") : "%ld", (long)d[i]);
    if (json) putchar(']');
}

/* A singular value as what it means: "-" (text) or 0 (JSON) when there is
   none; at or below the decision's round-off level it cannot be told from
   0 (its digits are whatever the BLAS kernel left), so the text says
   "<roundoff" and JSON has 0 (beside "roundoff"); above it, only the
   digits that the round-off leaves standing (at most 4 in text, 6 in JSON). */
static void fmt_sv(char *buf, size_t size, double v, int present, double roundoff, int json)
{
    if (!present || v <= roundoff) {
        if (json || !present) snprintf(buf, size, json ? "0" : "-");
        else snprintf(buf, size, "<%.1e", roundoff);
        return;
    }
    int digits = (int)floor(log10(v / roundoff));
    int most = json ? 6 : 4;
    if (digits < 1) digits = 1;
    if (digits > most) digits = most;
    if (json) snprintf(buf, size, "%.*g", digits, v);
    else snprintf(buf, size, "%.*e", digits - 1, v);
}

static void put_log(const lt_rank_log_t log, int json)
{
    char last[32], next[32];
    if (json) {
        printf(", \"rank_decisions\": [");
        for (slong i = 0; i < log->n_decisions; i++) {
            const lt_rank_decision *d = log->d + i;
            fmt_sv(last, sizeof last, d->sigma_last, d->rank > 0, d->roundoff, 1);
            fmt_sv(next, sizeof next, d->sigma_next, d->has_next, d->roundoff, 1);
            printf("%s{\"what\": ", i ? ", " : "");
            lt_json_put_string(stdout, d->what);
            printf(", \"rank\": %ld, \"sigma_last\": %s, \"sigma_next\": %s, \"cut\": %.6g, \"roundoff\": %.2g, "
                   "\"ambiguous\": %s}",
                   (long)d->rank, last, next, d->tol * d->s_max, d->roundoff, d->ambiguous ? "true" : "false");
        }
        printf("]");
        return;
    }
    printf("rank decisions (singular values kept | dropped, cut = tol * scale; - none, <r at round-off):\n");
    for (slong i = 0; i < log->n_decisions; i++) {
        const lt_rank_decision *d = log->d + i;
        fmt_sv(last, sizeof last, d->sigma_last, d->rank > 0, d->roundoff, 0);
        fmt_sv(next, sizeof next, d->sigma_next, d->has_next, d->roundoff, 0);
        printf("  %-30s rank %-4ld %10s | %-10s cut %.1e%s\n", d->what, (long)d->rank,
               last, next, d->tol * d->s_max, d->ambiguous ? "  AMBIGUOUS" : "");
    }
}

/* Computes the parts of X's profile and starts the output (JSON: the
   object, "float", "tol" and "dimension"); -1 to go on, or the exit status
   (message printed). */
static int begin(lt_fliealg_profile_t P, cli_opts *o, cli_object *X, unsigned parts)
{
    lt_err_t err;
    lt_err_init(err);
    lt_fliealg_profile_init(P);
    if (lt_fliealg_profile(P, X->F, parts, o->tol, X->log, err)) return cli_fail(err);
    if (o->json) {
        cli_json_begin(o);
        printf(", \"float\": true, \"tol\": %g, \"dimension\": %ld", o->tol, (long)X->F->dim);
    }
    return -1;
}

/* Ends the output with the rank decisions; the exit status: 5 when a
   decision is ambiguous, else 1 for a predicate's no (pred 0), else 0. */
static int end(lt_fliealg_profile_t P, cli_opts *o, cli_object *X, int pred)
{
    const lt_rank_log_struct *log = X->log;
    int r = pred == 0 ? CLI_NO : CLI_OK;
    if (o->json) { put_log(X->log, 1); printf("}\n"); }
    else if (!o->quiet) put_log(X->log, 0);
    if (lt_rank_log_num_ambiguous(X->log)) {
        fprintf(stderr, "lietool: %ld rank decision(s) are numerically ambiguous at --tol %g: the answer is not reliable\n",
                (long)lt_rank_log_num_ambiguous(X->log), o->tol);
        int noise = 0;
        for (slong i = 0; i < log->n_decisions; i++) {
            const lt_rank_decision *d = log->d + i;
            noise |= d->ambiguous && d->sigma_last > 0 && d->sigma_last < 100 * DBL_EPSILON * d->s_max;
        }
        if (noise)
            fprintf(stderr, "lietool: a kept singular value is within 100 x round-off (%.1e x scale) of 0: "
                            "--tol %g is below what double precision resolves; use a larger --tol\n",
                    DBL_EPSILON, o->tol);
        r = CLI_NUMERIC;
    }
    lt_fliealg_profile_clear(P);
    return r;
}

static void put_length(slong len, int reaches_zero, const char *key, const char *no, int json)
{
    if (json) {
        printf(", \"%s\": ", key);
        if (reaches_zero) printf("%ld", (long)len - 1); else printf("null");
    } else if (reaches_zero) printf("%ld\n", (long)len - 1);
    else printf("%s\n", no);
}

int cli_float_series(cli_opts *o, cli_object *X, int lower, int length_only)
{
    lt_fliealg_profile_t P;
    int r = begin(P, o, X, lower ? LT_FLIEALG_PROFILE_LOWER : LT_FLIEALG_PROFILE_DERIVED);
    if (r >= 0) return r;
    const slong *d = lower ? P->lower : P->derived, len = lower ? P->lower_len : P->derived_len;
    int z = lower ? P->nilpotent : P->solvable;
    if (!length_only) {
        if (o->json) printf(", \"%s\": ", lower ? "lower_central_series" : "derived_series");
        put_dims(d, len, o->json);
        if (!o->json) printf("\n");
    }
    if (length_only || o->json)
        put_length(len, z, lower ? "nilpotency_class" : "derived_length", lower ? "not nilpotent" : "not solvable", o->json);
    return end(P, o, X, -1);
}

int cli_float_predicate(cli_opts *o, cli_object *X, const char *key)
{
    static const struct { const char *key; unsigned part; size_t off; } preds[] = {
        {"solvable", LT_FLIEALG_PROFILE_DERIVED, offsetof(lt_fliealg_profile_struct, solvable)},
        {"perfect", LT_FLIEALG_PROFILE_DERIVED, offsetof(lt_fliealg_profile_struct, perfect)},
        {"nilpotent", LT_FLIEALG_PROFILE_LOWER, offsetof(lt_fliealg_profile_struct, nilpotent)},
        {"abelian", LT_FLIEALG_PROFILE_LOWER, offsetof(lt_fliealg_profile_struct, abelian)},
        {"semisimple", LT_FLIEALG_PROFILE_KILLING, offsetof(lt_fliealg_profile_struct, semisimple)},
    };
    size_t k = 0;
    while (strcmp(preds[k].key, key) != 0) k++;
    lt_fliealg_profile_t P;
    int r = begin(P, o, X, preds[k].part);
    if (r >= 0) return r;
    int value = *(const int *)((const char *)P + preds[k].off);
    if (o->json) printf(", \"%s\": %s", key, value ? "true" : "false");
    else if (!o->quiet) printf("%s\n", value ? "yes" : "no");
    return end(P, o, X, value);
}

/* center and killing: one number of the profile */
static int one_number(cli_opts *o, cli_object *X, unsigned part, const char *key, const char *label)
{
    lt_fliealg_profile_t P;
    int r = begin(P, o, X, part);
    if (r >= 0) return r;
    slong v = part == LT_FLIEALG_PROFILE_CENTER ? P->center_dim : P->killing_rank;
    if (o->json) printf(", \"%s\": %ld", key, (long)v);
    else printf("%s %ld\n", label, (long)v);
    return end(P, o, X, -1);
}

int cli_float_center(cli_opts *o, cli_object *X)
{
    return one_number(o, X, LT_FLIEALG_PROFILE_CENTER, "center_dimension", "dimension");
}

int cli_float_dimension(cli_opts *o, cli_object *X)
{
    lt_fliealg_profile_t P;
    int r = begin(P, o, X, 0);
    if (r >= 0) return r;
    if (!o->json) printf("%ld\n", (long)X->F->dim);
    return end(P, o, X, -1);
}

int cli_float_killing(cli_opts *o, cli_object *X)
{
    return one_number(o, X, LT_FLIEALG_PROFILE_KILLING, "killing_rank", "rank");
}

static void kv(const char *key, const char *value) { printf("  %-22s %s\n", key, value); }

int cli_float_info(cli_opts *o, cli_object *X)
{
    lt_fliealg_profile_t P;
    int r = begin(P, o, X, LT_FLIEALG_PROFILE_ALL);
    if (r >= 0) return r;
    if (o->json) {
        printf(", \"abelian\": %s, \"nilpotent\": %s, \"solvable\": %s, \"semisimple\": %s, \"perfect\": %s",
               P->abelian ? "true" : "false", P->nilpotent ? "true" : "false", P->solvable ? "true" : "false",
               P->semisimple ? "true" : "false", P->perfect ? "true" : "false");
        printf(", \"derived_series\": "); put_dims(P->derived, P->derived_len, 1);
        put_length(P->derived_len, P->solvable, "derived_length", NULL, 1);
        printf(", \"lower_central_series\": "); put_dims(P->lower, P->lower_len, 1);
        put_length(P->lower_len, P->nilpotent, "nilpotency_class", NULL, 1);
        printf(", \"center_dimension\": %ld, \"killing_rank\": %ld", (long)P->center_dim, (long)P->killing_rank);
    } else {
        printf("%s (floating point, tol %g)\n  %-22s %ld\n", o->object, o->tol, "dimension", (long)P->dim);
        kv("solvable", P->solvable ? "yes" : "no");
        kv("nilpotent", P->nilpotent ? "yes" : "no");
        kv("semisimple", P->semisimple ? "yes" : "no");
        printf("  %-22s ", "derived series"); put_dims(P->derived, P->derived_len, 0); printf("\n");
        printf("  %-22s ", "lower central series"); put_dims(P->lower, P->lower_len, 0); printf("\n");
        printf("  %-22s %ld\n", "center dimension", (long)P->center_dim);
        printf("  %-22s %ld\n", "killing rank", (long)P->killing_rank);
    }
    return end(P, o, X, -1);
}
