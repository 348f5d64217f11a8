/* The timing runs of make bench (bench/bench-ssm.sh): a token-driven
   diagonal layer and a cascade, timed by the wall clock and the process's
   CPU clock. Timings never go in tests; the checksums do. */
#include <math.h>
#include <string.h>
#include <time.h>
#include "lietool/ssm.h"

static double now_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static double cpu_seconds(void)
{
    return (double)clock() / CLOCKS_PER_SEC;
}

/* Tokens per second (0 when the clock saw no time pass). */
static double rate(double tokens, double seconds)
{
    return seconds > 0 ? tokens / seconds : 0;
}

lt_status lt_bench_diag(lt_bench_diag_result *Z, const lt_bench_diag_params *P, lt_err_t err)
{
    long T = P->length;
    int d = P->channels, ntok = LT_BENCH_DIAG_TOKENS;
    long B = 256;
    lt_rng_t rng;
    lt_rng_seed(rng, P->seed);
    size_t td = (size_t)ntok * (size_t)d, bd = (size_t)B * (size_t)d;
    double *lr = lt_malloc(td * sizeof(double)), *li = lt_malloc(td * sizeof(double));
    double *br = lt_malloc(td * sizeof(double)), *bi = lt_malloc(td * sizeof(double));
    double *cr = lt_malloc((size_t)d * sizeof(double)), *ci = lt_malloc((size_t)d * sizeof(double));
    /* the tables, in the order bench/bench-ssm.sh draws them */
    for (size_t i = 0; i < td; i++) {
        double rho = 0.9 + 0.1 * lt_rng_unit(rng), th = 2 * M_PI * lt_rng_unit(rng);
        lr[i] = rho * cos(th);
        li[i] = rho * sin(th);
    }
    for (size_t i = 0; i < td; i++) br[i] = lt_rng_unit(rng) - 0.5;
    for (size_t i = 0; i < td; i++) bi[i] = lt_rng_unit(rng) - 0.5;
    for (int j = 0; j < d; j++) cr[j] = lt_rng_unit(rng) - 0.5;
    for (int j = 0; j < d; j++) ci[j] = lt_rng_unit(rng) - 0.5;
    int *tok = lt_malloc((size_t)T * sizeof(int));
    for (long t = 0; t < T; t++) tok[t] = (int)lt_rng_below(rng, (uint64_t)ntok);
    double *y = lt_malloc((size_t)T * sizeof(double));
    double *hr = lt_malloc(bd * sizeof(double)), *hi = lt_malloc(bd * sizeof(double));
    double *h0r = lt_malloc((size_t)d * sizeof(double)), *h0i = lt_calloc((size_t)d, sizeof(double));
    for (int j = 0; j < d; j++) h0r[j] = 1;
    lt_status st = LT_OK;
    double t0 = now_seconds(), c0 = cpu_seconds();
    if (!P->parallel) lt_scan_diag_tokens(h0r, h0i, lr, li, br, bi, cr, ci, tok, T, d, y);
    else {
        lt_scan_opts so;
        lt_scan_opts_init(&so);
        so.parallel = 1;
        so.threads = P->threads;
        double *ar = lt_malloc(bd * sizeof(double)), *ai = lt_malloc(bd * sizeof(double));
        double *xr = lt_malloc(bd * sizeof(double)), *xi = lt_malloc(bd * sizeof(double));
        for (long t = 0; t < T && !st; t += B) {
            long n = T - t < B ? T - t : B;
            for (long u = 0; u < n; u++) {
                size_t row = (size_t)tok[t + u] * d;
                memcpy(ar + u * d, lr + row, (size_t)d * sizeof(double));
                memcpy(ai + u * d, li + row, (size_t)d * sizeof(double));
                memcpy(xr + u * d, br + row, (size_t)d * sizeof(double));
                memcpy(xi + u * d, bi + row, (size_t)d * sizeof(double));
            }
            st = lt_scan_diag(hr, hi, ar, ai, xr, xi, h0r, h0i, n, d, &so, err);
            for (long u = 0; u < n; u++) {
                double acc = 0;
                for (int j = 0; j < d; j++) acc += cr[j] * hr[u * d + j] - ci[j] * hi[u * d + j];
                y[t + u] = acc;
            }
            memcpy(h0r, hr + (n - 1) * d, (size_t)d * sizeof(double));
            memcpy(h0i, hi + (n - 1) * d, (size_t)d * sizeof(double));
        }
        lt_free(ar); lt_free(ai); lt_free(xr); lt_free(xi);
    }
    Z->seconds = now_seconds() - t0;
    Z->cpu_seconds = cpu_seconds() - c0;
    Z->tokens_per_second = rate((double)T, Z->seconds);
    Z->tokens_per_cpu_second = rate((double)T, Z->cpu_seconds);
    Z->final_norm2 = Z->checksum = 0;
    for (int j = 0; j < d; j++) Z->final_norm2 += h0r[j] * h0r[j] + h0i[j] * h0i[j];
    for (long t = 0; t < T; t++) Z->checksum += y[t];
    lt_free(lr); lt_free(li); lt_free(br); lt_free(bi); lt_free(cr); lt_free(ci); lt_free(tok); lt_free(y);
    lt_free(hr); lt_free(hi); lt_free(h0r); lt_free(h0i);
    return st;
}

lt_status lt_bench_cascade(lt_bench_cascade_result *Z, const lt_cascade_t K, const lt_bench_cascade_params *P,
                           lt_err_t err)
{
    long T = P->length, N = P->samples;
    lt_scan_opts so;
    lt_scan_opts_init(&so);
    so.parallel = P->scan == LT_BENCH_PARALLEL;
    so.threads = P->threads;
    int *word = lt_malloc((size_t)T * sizeof(int)), *out = lt_malloc((size_t)T * sizeof(int));
    int *exact = lt_malloc((size_t)T * sizeof(int));
    lt_rng_t rng;
    lt_rng_seed(rng, P->seed);
    lt_status st = LT_OK;
    Z->seconds = Z->cpu_seconds = 0;
    Z->positions_right = 0;
    for (long w = 0; w < N && !st; w++) {
        if (P->scan == LT_BENCH_LOCKSTEP) {
            double t0 = now_seconds(), c0 = cpu_seconds();
            lt_cascade_drift D;
            lt_cascade_lockstep(&D, K, rng, T, 0, 0);
            Z->seconds += now_seconds() - t0;
            Z->cpu_seconds += cpu_seconds() - c0;
            Z->positions_right += D.first_wrong ? D.first_wrong - 1 : T;
            continue;
        }
        for (long t = 0; t < T; t++) word[t] = (int)lt_rng_below(rng, (uint64_t)K->n);
        double t0 = now_seconds(), c0 = cpu_seconds();
        st = lt_cascade_run(out, NULL, K, word, T, &so, err);
        Z->seconds += now_seconds() - t0;
        Z->cpu_seconds += cpu_seconds() - c0;
        lt_cascade_exact(exact, K, word, T);
        for (long t = 0; t < T; t++) Z->positions_right += out[t] == exact[t];
    }
    Z->tokens_per_second = rate((double)T * (double)N, Z->seconds);
    Z->tokens_per_cpu_second = rate((double)T * (double)N, Z->cpu_seconds);
    lt_free(word); lt_free(out); lt_free(exact);
    return st;
}
