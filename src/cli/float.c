/* --float: the Lie-algebra commands in double precision, with every SVD rank
   decision printed beside its singular-value gap. An ambiguous decision
   (the gap straddles the tolerance) makes the command fail with exit
   status 5 after printing what it found. */
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "lietool/io.h"
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

static lt_status load(lt_fliealg_t F, cli_opts *o, lt_rank_log_t log, lt_err_t err)
{
    double *g = NULL;
    slong k = 0, n = 0;
    lt_status st;
    const char *s = o->object;
    while (*s == ' ') s++;
    if (strncmp(s, "LieAlgebra", 10) == 0) st = lt_io_float_gens(&g, &k, &n, s, o->ctx, err);
    else {
        /* an exact object: its matrix basis, in doubles, generates it */
        lt_liealg_t L;
        lt_liealg_init(L);
        st = lt_io_liealg(L, NULL, s, o->ctx, err);
        if (!st && L->n == 0) st = lt_err_set(err, LT_EINPUT, "'%s' has no matrix form for --float", s);
        if (!st) {
            n = L->n;
            k = L->dim;
            g = lt_malloc((size_t)(k ? k : 1) * (size_t)(n * n) * sizeof(double));
            for (slong r = 0; r < k; r++)
                for (slong i = 0; i < n; i++)
                    for (slong j = 0; j < n; j++)
                        g[(r * n + i) * n + j] = fmpq_get_d(fmpq_mat_entry(L->mats + r, i, j));
        }
        lt_liealg_clear(L);
    }
    if (!st) st = lt_fliealg_closure(F, g, k, n, o->tol, log, o->ctx, err);
    lt_free(g);
    return st;
}

int cli_float_run(cli_opts *o, const lt_cmd *cmd)
{
    lt_fliealg_t F;
    lt_rank_log_t log;
    lt_err_t err;
    lt_fliealg_init(F);
    lt_rank_log_init(log);
    lt_err_init(err);
    int r = 0, J = o->json;
    const char *c = cmd->name;
    slong *dd = NULL, *dc = NULL, dl = 0, cl = 0, zdim = -1, krank = -1;
    int dz = 0, cz = 0;
    lt_status st = load(F, o, log, err);
    int want_d = !strcmp(c, "derived-series") || !strcmp(c, "derived-length") || !strcmp(c, "info")
              || !strcmp(c, "is-solvable") || !strcmp(c, "is-perfect");
    int want_c = !strcmp(c, "lower-central-series") || !strcmp(c, "nilpotency-class") || !strcmp(c, "info")
              || !strcmp(c, "is-nilpotent") || !strcmp(c, "is-abelian");
    if (!st && want_d) st = lt_fliealg_derived_series(&dd, &dl, &dz, F, o->tol, log, err);
    if (!st && want_c) st = lt_fliealg_lower_central_series(&dc, &cl, &cz, F, o->tol, log, err);
    if (!st && (!strcmp(c, "center") || !strcmp(c, "info"))) st = lt_fliealg_center_dim(&zdim, F, o->tol, log, err);
    if (!st && (!strcmp(c, "killing") || !strcmp(c, "info") || !strcmp(c, "is-semisimple")))
        st = lt_fliealg_killing_rank(&krank, F, o->tol, log, err);
    if (st) { r = cli_fail(err); goto out; }
    if (J) { cli_json_begin(o); printf(", \"float\": true, \"tol\": %g, \"dimension\": %ld", o->tol, (long)F->dim); }
    else if (!strcmp(c, "info")) printf("%s (floating point, tol %g)\n  %-22s %ld\n", o->object, o->tol, "dimension", (long)F->dim);
    int pred = -1;
    const char *key = NULL;
    if (!strcmp(c, "dimension") || !strcmp(c, "closure")) {
        if (!J) printf("%ld\n", (long)F->dim);
    } else if (!strcmp(c, "derived-series") || !strcmp(c, "derived-length") || !strcmp(c, "lower-central-series") || !strcmp(c, "nilpotency-class")) {
        int lower = c[0] == 'l' || c[0] == 'n';
        int lenonly = !strcmp(c, "derived-length") || !strcmp(c, "nilpotency-class");
        slong *d = lower ? dc : dd, len = lower ? cl : dl;
        int z = lower ? cz : dz;
        if (J) {
            if (!lenonly) { printf(", \"%s\": ", lower ? "lower_central_series" : "derived_series"); put_dims(d, len, 1); }
            printf(", \"%s\": ", lower ? "nilpotency_class" : "derived_length");
            if (z) printf("%ld", (long)len - 1); else printf("null");
        } else if (lenonly) {
            if (z) printf("%ld\n", (long)len - 1); else printf("%s\n", lower ? "not nilpotent" : "not solvable");
        } else { put_dims(d, len, 0); printf("\n"); }
    } else if (!strcmp(c, "center")) {
        if (J) printf(", \"center_dimension\": %ld", (long)zdim); else printf("dimension %ld\n", (long)zdim);
    } else if (!strcmp(c, "killing")) {
        if (J) printf(", \"killing_rank\": %ld", (long)krank); else printf("rank %ld\n", (long)krank);
    } else if (!strcmp(c, "info")) {
        if (J) {
            printf(", \"abelian\": %s, \"nilpotent\": %s, \"solvable\": %s, \"semisimple\": %s, \"perfect\": %s",
                   cl > 1 && dc[1] == 0 ? "true" : (cl == 1 && F->dim == 0 ? "true" : "false"),
                   cz ? "true" : "false", dz ? "true" : "false", krank == F->dim ? "true" : "false", dl == 1 ? "true" : "false");
            printf(", \"derived_series\": "); put_dims(dd, dl, 1);
            if (dz) printf(", \"derived_length\": %ld", (long)dl - 1); else printf(", \"derived_length\": null");
            printf(", \"lower_central_series\": "); put_dims(dc, cl, 1);
            if (cz) printf(", \"nilpotency_class\": %ld", (long)cl - 1); else printf(", \"nilpotency_class\": null");
            printf(", \"center_dimension\": %ld, \"killing_rank\": %ld", (long)zdim, (long)krank);
        } else {
            printf("  %-22s %s\n", "solvable", dz ? "yes" : "no");
            printf("  %-22s %s\n", "nilpotent", cz ? "yes" : "no");
            printf("  %-22s %s\n", "semisimple", krank == F->dim ? "yes" : "no");
            printf("  %-22s ", "derived series"); put_dims(dd, dl, 0); printf("\n");
            printf("  %-22s ", "lower central series"); put_dims(dc, cl, 0); printf("\n");
            printf("  %-22s %ld\n", "center dimension", (long)zdim);
            printf("  %-22s %ld\n", "killing rank", (long)krank);
        }
    } else {
        key = c + 3;
        if (!strcmp(key, "solvable")) pred = dz;
        else if (!strcmp(key, "perfect")) pred = dl == 1;
        else if (!strcmp(key, "nilpotent")) pred = cz;
        else if (!strcmp(key, "abelian")) pred = F->dim == 0 || (cl > 1 && dc[1] == 0);
        else pred = krank == F->dim;
        if (J) printf(", \"%s\": %s", key, pred ? "true" : "false");
        else if (!o->quiet) printf("%s\n", pred ? "yes" : "no");
    }
    if (J) { put_log(log, 1); printf("}\n"); }
    else if (!o->quiet) put_log(log, 0);
    r = pred == 0 ? 1 : 0;
    if (lt_rank_log_num_ambiguous(log)) {
        fprintf(stderr, "lietool: %ld rank decision(s) are numerically ambiguous at --tol %g: the answer is not reliable\n",
                (long)lt_rank_log_num_ambiguous(log), o->tol);
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
out:
    lt_free(dd); lt_free(dc);
    lt_fliealg_clear(F);
    lt_rank_log_clear(log);
    return r;
}
