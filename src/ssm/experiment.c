/* Experiments on cascades (lietool/ssm.h): accuracy on random words, and
   the length at which finite precision first breaks them (drift). */
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "lietool/ssm.h"

void lt_cascade_accuracy_init(lt_cascade_accuracy_t Z)
{
    memset(Z, 0, sizeof *Z);
}

void lt_cascade_accuracy_clear(lt_cascade_accuracy_t Z)
{
    lt_free(Z->right);
    lt_free(Z->right_mod);
}

double lt_cascade_accuracy_at(const lt_cascade_accuracy_t Z, long t)
{
    return (double)Z->right[t] / (double)Z->samples;
}

lt_status lt_cascade_accuracy_run(lt_cascade_accuracy_t Z, const lt_cascade_t K,
                                  const lt_cascade_accuracy_params *P, const lt_ctx_t ctx, lt_err_t err)
{
    lt_cascade_accuracy_clear(Z);
    lt_cascade_accuracy_init(Z);
    long T = P->length, N = P->samples;
    int rmax = 1;
    for (int i = 0; i < K->k; i++) if (K->layer[i].r > rmax) rmax = K->layer[i].r;
    double mib = ((double)T * (4.0 * rmax * sizeof(double) + (K->k + 4.0) * sizeof(int)) + (double)T * 2 * sizeof(long)) / 1048576.0;
    if (mib > (double)ctx->max_memory_mb)
        return lt_err_set(err, LT_ELIMIT, "a run of length %ld needs %.0f MiB, above `max_memory` %ld",
                          T, ceil(mib), ctx->max_memory_mb);
    Z->length = T;
    Z->samples = N;
    Z->right = lt_calloc((size_t)T, sizeof(long));
    Z->right_mod = lt_calloc((size_t)T, sizeof(long));
    int *word = lt_malloc((size_t)T * sizeof(int)), *out = lt_malloc((size_t)T * sizeof(int));
    int *exact = lt_malloc((size_t)T * sizeof(int));
    lt_rng_t rng;
    lt_rng_seed(rng, P->seed);
    lt_status st = LT_OK;
    for (long w = 0; w < N && !st; w++) {
        for (long t = 0; t < T; t++) word[t] = (int)lt_rng_below(rng, (uint64_t)K->n);
        lt_cascade_exact(exact, K, word, T);
        if ((st = lt_cascade_run(out, NULL, K, word, T, &P->scan, err))) break;
        int ok = 1, okm = 1;
        for (long t = 0; t < T; t++) {
            if (out[t] == exact[t]) Z->right[t]++;
            else {
                ok = 0;
                if (!Z->first_wrong || t + 1 < Z->first_wrong) Z->first_wrong = t + 1;
            }
            if (lt_cascade_same_mod(K, out[t], exact[t])) Z->right_mod[t]++;
            else okm = 0;
        }
        Z->correct += ok;
        Z->correct_mod += okm;
        if (ctx->progress) ctx->progress(ctx->progress_arg, "running the cascade", (double)w, (double)N);
    }
    if (ctx->progress) ctx->progress(ctx->progress_arg, "running the cascade", 1, 1);
    double mean = 0;
    for (long t = 0; t < T; t++) mean += (double)Z->right[t];
    Z->mean_accuracy = mean / ((double)T * (double)N);
    Z->sequence_accuracy = (double)Z->correct / (double)N;
    Z->sequence_accuracy_mod = (double)Z->correct_mod / (double)N;
    for (long t = 1; Z->nmarks < LT_CASCADE_MARKS; t = t > LONG_MAX / 10 ? T : t * 10) {
        Z->mark[Z->nmarks++] = t < T ? t : T;
        if (t >= T) break;
    }
    lt_free(word);
    lt_free(out);
    lt_free(exact);
    return st;
}

void lt_cascade_drift_result_init(lt_cascade_drift_result_t Z)
{
    memset(Z, 0, sizeof *Z);
}

void lt_cascade_drift_result_clear(lt_cascade_drift_result_t Z)
{
    lt_free(Z->order);
    lt_free(Z->layers);
    lt_free(Z->channels);
    lt_free(Z->runs);
    lt_free(Z->cells);
}

static int cmp_long(const void *a, const void *b)
{
    long x = *(const long *)a, y = *(const long *)b;
    return (x > y) - (x < y);
}

/* The summary of one cell's N words (tmp: N longs of work space). */
static void summarise(lt_cascade_drift_cell *c, const lt_cascade_drift *v, long N, long *tmp)
{
    c->max_phase_error = 0;
    c->min_modulus = INFINITY;
    c->max_modulus = 0;
    for (long w = 0; w < N; w++) {
        tmp[w] = v[w].first_wrong ? v[w].first_wrong : LONG_MAX;
        if (v[w].max_phase_error > c->max_phase_error) c->max_phase_error = v[w].max_phase_error;
        if (v[w].min_modulus < c->min_modulus) c->min_modulus = v[w].min_modulus;
        if (v[w].max_modulus > c->max_modulus) c->max_modulus = v[w].max_modulus;
    }
    qsort(tmp, (size_t)N, sizeof *tmp, cmp_long);
    c->min = tmp[0] == LONG_MAX ? 0 : tmp[0];
    c->median = tmp[(N - 1) / 2] == LONG_MAX ? 0 : tmp[(N - 1) / 2];
}

lt_status lt_cascade_drift_run(lt_cascade_drift_result_t Z, const lt_cayley_struct *groups, int ngroups,
                               const lt_cascade_drift_params *P, const lt_ctx_t ctx, lt_err_t err)
{
    lt_cascade_drift_result_clear(Z);
    lt_cascade_drift_result_init(Z);
    int np = P->nprec;
    long N = P->samples;
    Z->ngroups = ngroups;
    Z->nprec = np;
    Z->samples = N;
    Z->max_length = P->max_length;
    size_t ncells = (size_t)ngroups * (size_t)np * 2;
    Z->order = lt_calloc((size_t)(ngroups ? ngroups : 1), sizeof(long));
    Z->layers = lt_calloc((size_t)(ngroups ? ngroups : 1), sizeof(int));
    Z->channels = lt_calloc((size_t)(ngroups ? ngroups : 1), sizeof(int));
    Z->runs = lt_calloc(ncells * (size_t)N + 1, sizeof *Z->runs);
    Z->cells = lt_calloc(ncells + 1, sizeof *Z->cells);
    long *tmp = lt_malloc((size_t)N * sizeof(long));
    lt_status st = LT_OK;
    for (int g = 0; g < ngroups && !st; g++) {
        for (int p = 0; p < np && !st; p++) {
            lt_cascade_t K;
            lt_cascade_init(K);
            st = lt_cascade_build(K, &groups[g], 0, P->prec[p], ctx, err);
            if (!st) {
                int ch = 0;
                for (int i = 0; i < K->k; i++) ch += K->layer[i].r;
                Z->order[g] = groups[g].n;
                Z->layers[g] = K->k;
                Z->channels[g] = ch;
                for (int rn = 0; rn < 2; rn++) {
                    long c = lt_cascade_drift_index(Z, g, p, rn);
                    lt_rng_t rng;
                    lt_rng_seed(rng, P->seed);
                    for (long w = 0; w < N; w++)
                        lt_cascade_lockstep(&Z->runs[c * N + w], K, rng, P->max_length, rn, 1);
                    summarise(&Z->cells[c], Z->runs + c * N, N, tmp);
                }
            }
            lt_cascade_clear(K);
        }
        if (ctx->progress) ctx->progress(ctx->progress_arg, "measuring drift", (double)g, (double)ngroups);
    }
    if (ctx->progress) ctx->progress(ctx->progress_arg, "measuring drift", 1, 1);
    lt_free(tmp);
    return st;
}

/* ---- sequential loop against Blelloch scan ---- */

static double scan_tol(const lt_scan_compare_params *P)
{
    double L = lt_scan_levels(P->length);
    if (P->renormalize) return 4.0 * ((double)P->length + 2 * L + 1) * lt_prec_eps(P->prec);
    return 4.0 * ((P->dense ? P->channels : 1) + 2) * (2 * L + 1) * lt_prec_eps(P->prec);
}

lt_status lt_scan_compare(lt_scan_compare_result *Z, const lt_scan_compare_params *P,
                          const lt_ctx_t ctx, lt_err_t err)
{
    memset(Z, 0, sizeof *Z);
    long T = P->length;
    int d = P->channels, dense = P->dense;
    if (P->renormalize && dense) return lt_err_set(err, LT_EINPUT, "`renormalize` applies to `kind` diag");
    double mib = (double)T * (dense ? 2.0 * d * d + 3.0 * d : 8.0 * d) * sizeof(double) / 1048576.0;
    if (mib > (double)ctx->max_memory_mb)
        return lt_err_set(err, LT_ELIMIT, "%ld steps of %d channels need %.0f MiB, above `max_memory` %ld",
                          T, d, ceil(mib), ctx->max_memory_mb);
    lt_rng_t rng;
    lt_rng_seed(rng, P->seed);
    lt_scan_opts seq, par;
    lt_scan_opts_init(&seq);
    seq.prec = P->prec;
    seq.renormalize = P->renormalize;
    par = seq;
    par.parallel = 1;
    par.threads = P->threads;
    double maxdiff = 0, maxh = 0;
    lt_status st;
    size_t sz = (size_t)T * (size_t)d;
    if (!dense) {
        double *a[2], *b[2], *h[2], *g[2];
        for (int c = 0; c < 2; c++) {
            a[c] = lt_malloc(sz * sizeof(double)); b[c] = lt_malloc(sz * sizeof(double));
            h[c] = lt_malloc(sz * sizeof(double)); g[c] = lt_malloc(sz * sizeof(double));
        }
        for (size_t i = 0; i < sz; i++) {
            double rho = P->renormalize ? 1 : 0.5 + 0.5 * lt_rng_unit(rng), th = 2 * M_PI * lt_rng_unit(rng);
            a[0][i] = lt_prec_round(rho * cos(th), P->prec);
            a[1][i] = lt_prec_round(rho * sin(th), P->prec);
            b[0][i] = lt_prec_round(lt_rng_unit(rng) - 0.5, P->prec);
            b[1][i] = lt_prec_round(lt_rng_unit(rng) - 0.5, P->prec);
        }
        double *h0r = lt_malloc((size_t)d * sizeof(double)), *h0i = lt_malloc((size_t)d * sizeof(double));
        for (int j = 0; j < d; j++) { h0r[j] = 1; h0i[j] = 0; }
        const double *br = P->renormalize ? NULL : b[0], *bi = P->renormalize ? NULL : b[1];
        st = lt_scan_diag(h[0], h[1], a[0], a[1], br, bi, h0r, h0i, T, d, &seq, err);
        if (!st) st = lt_scan_diag(g[0], g[1], a[0], a[1], br, bi, h0r, h0i, T, d, &par, err);
        for (size_t i = 0; i < sz && !st; i++) {
            double df = hypot(h[0][i] - g[0][i], h[1][i] - g[1][i]), m = hypot(h[0][i], h[1][i]);
            if (!(df <= maxdiff)) maxdiff = df;
            if (m > maxh) maxh = m;
        }
        for (int c = 0; c < 2; c++) { lt_free(a[c]); lt_free(b[c]); lt_free(h[c]); lt_free(g[c]); }
        lt_free(h0r); lt_free(h0i);
    } else {
        size_t dd = (size_t)d * (size_t)d;
        double *A = lt_malloc((size_t)T * dd * sizeof(double)), *b = lt_malloc(sz * sizeof(double));
        double *h = lt_malloc(sz * sizeof(double)), *g = lt_malloc(sz * sizeof(double));
        double *h0 = lt_malloc((size_t)d * sizeof(double));
        for (int j = 0; j < d; j++) h0[j] = 1;
        /* entries uniform in [-1, 1]/d: every row sum of |A| is at most 1 */
        for (size_t i = 0; i < (size_t)T * dd; i++) A[i] = lt_prec_round((2 * lt_rng_unit(rng) - 1) / d, P->prec);
        for (size_t i = 0; i < sz; i++) b[i] = lt_prec_round(lt_rng_unit(rng) - 0.5, P->prec);
        st = lt_scan_dense(h, A, b, h0, T, d, &seq, err);
        if (!st) st = lt_scan_dense(g, A, b, h0, T, d, &par, err);
        for (size_t i = 0; i < sz && !st; i++) {
            double df = fabs(h[i] - g[i]);
            if (!(df <= maxdiff)) maxdiff = df;
            if (fabs(h[i]) > maxh) maxh = fabs(h[i]);
        }
        lt_free(A); lt_free(b); lt_free(h); lt_free(g); lt_free(h0);
    }
    if (st) return st;
    Z->levels = lt_scan_levels(T);
    Z->max_difference = maxdiff;
    Z->max_state = maxh;
    Z->relative_difference = maxdiff / (maxh > 1 ? maxh : 1);
    Z->tolerance = scan_tol(P);
    Z->within = Z->relative_difference <= Z->tolerance;
    return LT_OK;
}
