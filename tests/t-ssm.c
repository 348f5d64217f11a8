/* The simulator (src/ssm): rounding, scans (sequential = the plain loop,
   parallel = sequential within the stated tolerance), every layer type
   against products computed by the exact engine, cascades against the
   exact prefix products. */
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "lietool.h"
#include "unit.h"

static void test_rounding(void)
{
    unit_case = "rounding";
    CHECK(lt_prec_round(1 + 0x1p-8, LT_PREC_BF16) == 1, "bf16 tie to even (down)");
    CHECK(lt_prec_round(1 + 3 * 0x1p-8, LT_PREC_BF16) == 1 + 0x1p-6, "bf16 tie to even (up)");
    CHECK(lt_prec_round(1 + 0x1p-8 + 0x1p-30, LT_PREC_BF16) == 1 + 0x1p-7, "bf16 above the tie");
    CHECK(lt_prec_round(-0.8660254037844386, LT_PREC_BF16) == -0.8671875, "bf16 of -sqrt(3)/2");
    CHECK(isinf(lt_prec_round(0x1.ffp127, LT_PREC_BF16)), "bf16 overflow");
    CHECK(lt_prec_round(0x1p-130, LT_PREC_BF16) == 0, "bf16 flushes below 2^-126");
    CHECK(lt_prec_round(1 + 0x1p-24, LT_PREC_F32) == 1, "f32 tie");
    CHECK(lt_prec_round(0.1, LT_PREC_F32) == (double)0.1f, "f32 of 0.1");
    CHECK(lt_prec_round(0.1, LT_PREC_F64) == 0.1, "f64 is the identity");
    /* every bf16 result has at most 8 significant bits */
    lt_rng_t r;
    lt_rng_seed(r, 5);
    int bad = 0;
    for (int i = 0; i < 10000; i++) {
        double x = (lt_rng_unit(r) - 0.5) * 1e6, y = lt_prec_round(x, LT_PREC_BF16);
        int e;
        double m = frexp(y, &e) * 256;
        if (m != floor(m) || fabs(y - x) > ldexp(1, e - 9)) bad++;
    }
    CHECK(bad == 0, "%d bf16 roundings off the 8-bit grid or not nearest", bad);
}

/* the recurrence in native float arithmetic, for the emulation */
static void native_float(float *hr, float *hi, const double *ar, const double *ai, const double *br,
                         const double *bi, long T)
{
    volatile float xr = 1, xi = 0;
    for (long t = 0; t < T; t++) {
        volatile float p1 = (float)ar[t] * xr, p2 = (float)ai[t] * xi, p3 = (float)ar[t] * xi, p4 = (float)ai[t] * xr;
        volatile float r = p1 - p2, i = p3 + p4;
        xr = r + (float)br[t];
        xi = i + (float)bi[t];
        hr[t] = xr;
        hi[t] = xi;
    }
}

static void test_scan_diag(void)
{
    unit_case = "scan diag";
    lt_rng_t rng;
    lt_rng_seed(rng, 1);
    long Ts[] = {1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 31, 33, 64, 100, 1000, 4097, 20000};
    int ds[] = {1, 3};
    lt_err_t err;
    lt_err_init(err);
    for (size_t ti = 0; ti < sizeof Ts / sizeof *Ts; ti++)
        for (size_t di = 0; di < 2; di++) {
            long T = Ts[ti];
            int d = ds[di];
            size_t sz = (size_t)T * d;
            double *ar = malloc(sz * 8), *ai = malloc(sz * 8), *br = malloc(sz * 8), *bi = malloc(sz * 8);
            double *hr = malloc(sz * 8), *hi = malloc(sz * 8), *gr = malloc(sz * 8), *gi = malloc(sz * 8);
            double h0r[3] = {1, 0.5, -1}, h0i[3] = {0, 0.25, 2};
            for (size_t i = 0; i < sz; i++) {
                double rho = 0.5 + 0.5 * lt_rng_unit(rng), th = 6.283185307179586 * lt_rng_unit(rng);
                ar[i] = rho * cos(th); ai[i] = rho * sin(th);
                br[i] = lt_rng_unit(rng) - 0.5; bi[i] = lt_rng_unit(rng) - 0.5;
            }
            lt_scan_opts o;
            lt_scan_opts_init(&o);
            CHECK(lt_scan_diag(hr, hi, ar, ai, br, bi, h0r, h0i, T, d, &o, err) == LT_OK, "seq");
            /* the plain loop, written out */
            int same = 1;
            for (int j = 0; j < d; j++) {
                double xr = h0r[j], xi = h0i[j];
                for (long t = 0; t < T; t++) {
                    double a = ar[t * d + j], b = ai[t * d + j];
                    double nr = (a * xr - b * xi) + br[t * d + j], ni = (a * xi + b * xr) + bi[t * d + j];
                    xr = nr; xi = ni;
                    if (xr != hr[t * d + j] || xi != hi[t * d + j]) same = 0;
                }
            }
            CHECK(same, "T=%ld d=%d: sequential scan differs from the loop", T, d);
            int L = lt_scan_levels(T);
            double tol = 4.0 * 3 * (2 * L + 1) * 0x1p-53;
            for (int th = 1; th <= 3; th++) {
                o.parallel = 1;
                o.threads = th;
                CHECK(lt_scan_diag(gr, gi, ar, ai, br, bi, h0r, h0i, T, d, &o, err) == LT_OK, "par");
                double md = 0, mh = 1;
                for (size_t i = 0; i < sz; i++) {
                    md = fmax(md, hypot(hr[i] - gr[i], hi[i] - gi[i]));
                    mh = fmax(mh, hypot(hr[i], hi[i]));
                }
                CHECK(md <= tol * mh, "T=%ld d=%d threads=%d: parallel differs by %g > %g", T, d, th, md, tol * mh);
                /* without b */
                o.parallel = 0;
                lt_scan_diag(hr, hi, ar, ai, NULL, NULL, h0r, h0i, T, d, &o, err);
                o.parallel = 1;
                lt_scan_diag(gr, gi, ar, ai, NULL, NULL, h0r, h0i, T, d, &o, err);
                md = 0;
                for (size_t i = 0; i < sz; i++) md = fmax(md, hypot(hr[i] - gr[i], hi[i] - gi[i]));
                CHECK(md <= tol * 3, "T=%ld d=%d threads=%d, b = 0: parallel differs by %g", T, d, th, md);
                o.parallel = 0;
                lt_scan_diag(hr, hi, ar, ai, br, bi, h0r, h0i, T, d, &o, err);
            }
            if (d == 1) {
                /* f32 emulation = native float arithmetic, bit for bit */
                float *fr = malloc(T * 4), *fi = malloc(T * 4);
                double one = 1, zero = 0;
                for (size_t i = 0; i < sz; i++) {
                    ar[i] = (float)ar[i]; ai[i] = (float)ai[i]; br[i] = (float)br[i]; bi[i] = (float)bi[i];
                }
                native_float(fr, fi, ar, ai, br, bi, T);
                o.parallel = 0;
                o.prec = LT_PREC_F32;
                lt_scan_diag(hr, hi, ar, ai, br, bi, &one, &zero, T, 1, &o, err);
                int eq = 1;
                for (long t = 0; t < T; t++) if (hr[t] != (double)fr[t] || hi[t] != (double)fi[t]) eq = 0;
                CHECK(eq, "T=%ld: f32 emulation differs from float arithmetic", T);
                free(fr); free(fi);
            }
            free(ar); free(ai); free(br); free(bi); free(hr); free(hi); free(gr); free(gi);
        }
    /* renormalisation needs b = 0 */
    double a = 1, z = 0, h, g;
    lt_scan_opts o;
    lt_scan_opts_init(&o);
    o.renormalize = 1;
    CHECK(lt_scan_diag(&h, &g, &a, &z, &a, &z, &a, &z, 1, 1, &o, err) == LT_EINPUT, "renormalise with b refused");
    CHECK(lt_scan_levels(1) == 0 && lt_scan_levels(2) == 1 && lt_scan_levels(3) == 2 && lt_scan_levels(1000000) == 20,
          "ceil(log2 T)");
}

static void test_scan_dense(void)
{
    unit_case = "scan dense";
    lt_rng_t rng;
    lt_rng_seed(rng, 2);
    lt_err_t err;
    lt_err_init(err);
    long Ts[] = {1, 2, 3, 5, 8, 13, 100, 1025};
    for (size_t ti = 0; ti < sizeof Ts / sizeof *Ts; ti++)
        for (int d = 1; d <= 4; d += 3) {
            long T = Ts[ti];
            size_t dd = (size_t)d * d;
            double *A = malloc(T * dd * 8), *b = malloc(T * d * 8), *h = malloc(T * d * 8), *g = malloc(T * d * 8);
            double h0[4] = {1, -1, 0.5, 2};
            for (size_t i = 0; i < T * dd; i++) A[i] = (2 * lt_rng_unit(rng) - 1) / d;
            for (long i = 0; i < T * d; i++) b[i] = lt_rng_unit(rng) - 0.5;
            lt_scan_opts o;
            lt_scan_opts_init(&o);
            lt_scan_dense(h, A, b, h0, T, d, &o, err);
            /* the plain loop */
            double x[4], y[4];
            memcpy(x, h0, sizeof x);
            int same = 1;
            for (long t = 0; t < T; t++) {
                for (int r = 0; r < d; r++) {
                    double s = 0;
                    for (int c = 0; c < d; c++) s += A[t * dd + r * d + c] * x[c];
                    y[r] = s + b[t * d + r];
                }
                memcpy(x, y, sizeof x);
                for (int r = 0; r < d; r++) if (x[r] != h[t * d + r]) same = 0;
            }
            CHECK(same, "T=%ld d=%d: sequential differs from the loop", T, d);
            o.parallel = 1;
            for (int th = 1; th <= 2; th++) {
                o.threads = th;
                lt_scan_dense(g, A, b, h0, T, d, &o, err);
                double md = 0, tol = 4.0 * (d + 2) * (2 * lt_scan_levels(T) + 1) * 0x1p-53 * 2;
                for (long i = 0; i < T * d; i++) md = fmax(md, fabs(h[i] - g[i]));
                CHECK(md <= tol, "T=%ld d=%d threads=%d: parallel differs by %g", T, d, th, md);
            }
            free(A); free(b); free(h); free(g);
        }
}

/* the cascade of a named group, with its table */
static int build(lt_cayley_t C, lt_cascade_t K, const char *spec, int k, lt_prec p, lt_err_t err)
{
    lt_ctx_t ctx;
    lt_ctx_init(ctx);
    lt_cayley_init(C);
    lt_cascade_init(K);
    if (lt_io_cayley_table(C, spec, LT_CONV_AA, ctx, err)) return -1;
    return lt_cascade_build(K, C, k, p, ctx, err) ? -1 : 0;      /* k = 0: the derived length */
}

/* The dense layer: the regular representation as permutation matrices,
   h_t = P(x_t) h_(t-1) with P(x) e_p = e_(p x); the one-hot state is the
   exact prefix product. */
static void test_dense_layer(const char *spec)
{
    unit_case = spec;
    lt_cayley_t C;
    lt_cascade_t K;
    lt_err_t err;
    lt_err_init(err);
    if (build(C, K, spec, 0, LT_PREC_F64, err)) { CHECK(0, "%s", err->msg); return; }
    long n = C->n, T = 300;
    int *w = malloc(T * sizeof(int)), *p = malloc(T * sizeof(int));
    lt_rng_t rng;
    lt_rng_seed(rng, 11);
    for (long t = 0; t < T; t++) w[t] = (int)lt_rng_below(rng, n);
    lt_cascade_exact(p, K, w, T);
    double *A = calloc((size_t)T * n * n, 8), *h = malloc(T * n * 8), *g = malloc(T * n * 8), *h0 = calloc(n, 8);
    h0[C->identity] = 1;
    for (long t = 0; t < T; t++)
        for (long c = 0; c < n; c++) A[t * n * n + (long)C->table[c * n + w[t]] * n + c] = 1;
    lt_scan_opts o;
    lt_scan_opts_init(&o);
    for (int par = 0; par < 2; par++) {
        o.parallel = par;
        lt_scan_dense(par ? g : h, A, NULL, h0, T, (int)n, &o, err);
        long bad = 0;
        for (long t = 0; t < T; t++)
            for (long x = 0; x < n; x++) if ((par ? g : h)[t * n + x] != (x == p[t])) bad++;
        CHECK(bad == 0, "%s, %s: %ld entries of the permutation-matrix layer differ from the exact products",
              spec, par ? "parallel" : "sequential", bad);
    }
    free(w); free(p); free(A); free(h); free(g); free(h0);
    lt_cascade_clear(K);
    lt_cayley_clear(C);
}

/* The diagonal layers: each layer's phase map is a homomorphism of its
   quotient (checked on products from the table), the cosets and the
   series agree with the commutator closure computed from the table, the
   cocycle lands in the next term, and the decoded states of a run are the
   exact images: q_i(t) is the coset of n_(i-1)(t) = p_t (s_(i-1)(q_(i-1))
   ... s_1(q_1))^(-1) in G(i-1)/G(i). */
static void test_layers(const char *spec, int want_dl, long T)
{
    unit_case = spec;
    lt_cayley_t C;
    lt_cascade_t K;
    lt_err_t err;
    lt_err_init(err);
    if (build(C, K, spec, 0, LT_PREC_F64, err)) { CHECK(0, "%s", err->msg); return; }
    long n = C->n;
    const int *tab = K->table;
    CHECK(K->derived_length == want_dl, "%s: derived length %d, expected %d", spec, K->derived_length, want_dl);
    /* the derived subgroup, the second way: the closure of the commutators */
    char *D = calloc(n, 1);
    int *queue = malloc(n * sizeof(int)), nq = 0;
    D[C->identity] = 1;
    queue[nq++] = C->identity;
    for (long a = 0; a < n; a++)
        for (long b = 0; b < n; b++) {
            int c = tab[(long)tab[(long)K->inverse[a] * n + K->inverse[b]] * n + tab[a * n + b]];
            if (!D[c]) { D[c] = 1; queue[nq++] = c; }
        }
    for (int i = 0; i < nq; i++)
        for (int j = 0; j <= i; j++) {
            int c = tab[(long)queue[i] * n + queue[j]];
            if (!D[c]) { D[c] = 1; queue[nq++] = c; }
        }
    long diff = 0;
    for (long g = 0; g < n; g++) diff += D[g] != K->member[1][g];
    CHECK(diff == 0, "%s: G' from the engine and from the commutators differ on %ld elements", spec, diff);
    free(D); free(queue);
    for (int i = 0; i < K->k; i++) {
        const lt_cascade_layer *L = &K->layer[i];
        long prod = 1;
        for (int j = 0; j < L->r; j++) {
            prod *= L->m[j];
            if (j && L->m[j] % L->m[j - 1]) CHECK(0, "%s layer %d: %d does not divide %d", spec, i + 1, L->m[j - 1], L->m[j]);
        }
        CHECK(prod == L->qorder && L->qorder == K->term_order[i] / K->term_order[i + 1],
              "%s layer %d: factors multiply to %ld, quotient order %ld", spec, i + 1, prod, L->qorder);
        long bad = 0, badc = 0;
        for (long g = 0; g < n; g++) {
            if (!K->member[i][g]) continue;
            for (long h = 0; h < n; h++) {
                if (!K->member[i][h]) continue;
                long gh = tab[g * n + h];
                for (int j = 0; j < L->r; j++) {
                    int eg = L->expo[(long)L->coset[g] * L->r + j], eh = L->expo[(long)L->coset[h] * L->r + j];
                    int egh = L->expo[(long)L->coset[gh] * L->r + j];
                    if ((eg + eh) % L->m[j] != egh) bad++;
                    /* the phases multiply as the elements do (double) */
                    double pr = L->lam_re[g * L->r + j] * L->lam_re[h * L->r + j] - L->lam_im[g * L->r + j] * L->lam_im[h * L->r + j];
                    double pi = L->lam_re[g * L->r + j] * L->lam_im[h * L->r + j] + L->lam_im[g * L->r + j] * L->lam_re[h * L->r + j];
                    if (hypot(pr - L->lam_re[gh * L->r + j], pi - L->lam_im[gh * L->r + j]) > 1e-12) bad++;
                }
                /* same coset iff g^-1 h in G(i+1) (the engine's membership) */
                int same = K->member[i + 1][tab[(long)K->inverse[g] * n + h]];
                if (same != (L->coset[g] == L->coset[h])) badc++;
            }
            for (long q = 0; q < L->qorder; q++) if (!K->member[i + 1][L->coc[q * n + g]]) badc++;
        }
        CHECK(bad == 0, "%s layer %d: the phase map is not a homomorphism (%ld)", spec, i + 1, bad);
        CHECK(badc == 0, "%s layer %d: cosets or cocycles disagree with the engine (%ld)", spec, i + 1, badc);
    }
    /* a run: decoded states against the exact images, and the readout */
    int *w = malloc(T * sizeof(int)), *p = malloc(T * sizeof(int)), *out = malloc(T * sizeof(int));
    int **q = malloc(K->k * sizeof(int *));
    for (int i = 0; i < K->k; i++) q[i] = malloc(T * sizeof(int));
    lt_rng_t rng;
    lt_rng_seed(rng, 3);
    for (long t = 0; t < T; t++) w[t] = (int)lt_rng_below(rng, n);
    lt_cascade_exact(p, K, w, T);
    for (int par = 0; par < 2; par++) {
        lt_scan_opts o;
        lt_scan_opts_init(&o);
        o.parallel = par;
        CHECK(lt_cascade_run(out, q, K, w, T, &o, err) == LT_OK, "run");
        long bad = 0, badq = 0;
        for (long t = 0; t < T; t++) {
            if (out[t] != p[t]) bad++;
            int s = C->identity;                        /* s_i(q_i) ... s_1(q_1) */
            for (int i = 0; i < K->k; i++) {
                int nn = tab[(long)p[t] * n + K->inverse[s]];
                const lt_cascade_layer *L = &K->layer[i];
                if (!K->member[i][nn] || !K->member[i + 1][tab[(long)K->inverse[L->rep[q[i][t]]] * n + nn]]) badq++;
                s = tab[(long)L->rep[q[i][t]] * n + s];
            }
        }
        CHECK(bad == 0, "%s, %s scan: %ld of %ld readouts differ from the exact prefix products", spec,
              par ? "parallel" : "sequential", bad, T);
        CHECK(badq == 0, "%s, %s scan: %ld decoded states differ from the exact images", spec,
              par ? "parallel" : "sequential", badq);
    }
    /* the lockstep loop draws the same tokens from the same seed */
    lt_rng_seed(rng, 3);
    lt_cascade_drift Dr;
    lt_cascade_lockstep(&Dr, K, rng, T, 0, 1);
    CHECK(Dr.first_wrong == 0 && Dr.tokens == T && Dr.max_phase_error < 1e-9,
          "%s: lockstep wrong at %ld after %ld tokens, phase error %g", spec, Dr.first_wrong, Dr.tokens, Dr.max_phase_error);
    for (int i = 0; i < K->k; i++) free(q[i]);
    free(q); free(w); free(p); free(out);
    lt_cascade_clear(K);
    lt_cayley_clear(C);
}

/* Finite precision: the array run and the lockstep loop do the same
   arithmetic, so they fail first at the same position; bf16 fails C5 x A4
   (phases of order 15) within 10^5 tokens. */
static void test_drift(void)
{
    unit_case = "drift";
    lt_cayley_t C;
    lt_cascade_t K;
    lt_err_t err;
    lt_err_init(err);
    if (build(C, K, "C5 x A4", 0, LT_PREC_BF16, err)) { CHECK(0, "%s", err->msg); return; }
    long T = 100000, n = C->n;
    for (int rn = 0; rn < 2; rn++) {
        lt_rng_t rng;
        lt_rng_seed(rng, 9);
        lt_cascade_drift D;
        lt_cascade_lockstep(&D, K, rng, T, rn, 0);
        CHECK(D.first_wrong > 1 && D.first_wrong <= T, "bf16 C5 x A4 (renormalise %d): first wrong %ld", rn, D.first_wrong);
        int *w = malloc(T * sizeof(int)), *p = malloc(T * sizeof(int)), *out = malloc(T * sizeof(int));
        lt_rng_seed(rng, 9);
        for (long t = 0; t < T; t++) w[t] = (int)lt_rng_below(rng, n);
        lt_cascade_exact(p, K, w, T);
        lt_scan_opts o;
        lt_scan_opts_init(&o);
        o.prec = LT_PREC_BF16;
        o.renormalize = rn;
        lt_cascade_run(out, NULL, K, w, T, &o, err);
        long first = 0;
        for (long t = 0; t < T && !first; t++) if (out[t] != p[t]) first = t + 1;
        CHECK(first == D.first_wrong, "renormalise %d: array run first wrong at %ld, lockstep at %ld", rn, first, D.first_wrong);
        free(w); free(p); free(out);
    }
    lt_cascade_clear(K);
    lt_cayley_clear(C);
}

/* Fewer layers than the derived length: the readout is wrong, but right
   modulo G(k); a non-solvable group is refused. */
static void test_failures(void)
{
    unit_case = "failures";
    lt_cayley_t C;
    lt_cascade_t K;
    lt_err_t err;
    lt_err_init(err);
    for (int k = 1; k <= 2; k++) {
        if (build(C, K, "S4", k, LT_PREC_F64, err)) { CHECK(0, "%s", err->msg); return; }
        long T = 1000, n = C->n;
        int *w = malloc(T * sizeof(int)), *p = malloc(T * sizeof(int)), *out = malloc(T * sizeof(int));
        lt_rng_t rng;
        lt_rng_seed(rng, 4);
        for (long t = 0; t < T; t++) w[t] = (int)lt_rng_below(rng, n);
        lt_cascade_exact(p, K, w, T);
        lt_scan_opts o;
        lt_scan_opts_init(&o);
        lt_cascade_run(out, NULL, K, w, T, &o, err);
        long wrong = 0, wrong_mod = 0;
        for (long t = 0; t < T; t++) {
            wrong += out[t] != p[t];
            wrong_mod += !lt_cascade_same_mod(K, out[t], p[t]);
        }
        CHECK(wrong > T / 2, "S4 with %d layers: only %ld of %ld wrong", k, wrong, T);
        CHECK(wrong_mod == 0, "S4 with %d layers: %ld wrong modulo G%d", k, wrong_mod, k);
        CHECK(lt_cascade_tracked_order(K) == (k == 1 ? 2 : 6), "tracked order %ld", lt_cascade_tracked_order(K));
        free(w); free(p); free(out);
        lt_cascade_clear(K);
        lt_cayley_clear(C);
    }
    int r = build(C, K, "A5", 3, LT_PREC_F64, err);
    CHECK(r != 0 && err->status == LT_EINPUT && strstr(err->msg, "not solvable") && strstr(err->msg, "lietool error-bound A5"),
          "A5: %s", err->msg);
    lt_cascade_clear(K);
    lt_cayley_clear(C);
    /* more layers than needed: the extra ones are empty and the readout exact */
    if (build(C, K, "S3", 4, LT_PREC_F64, err)) { CHECK(0, "%s", err->msg); return; }
    CHECK(K->layer[2].r == 0 && K->layer[3].r == 0, "extra layers not empty");
    lt_rng_t rng;
    lt_rng_seed(rng, 1);
    lt_cascade_drift D;
    lt_cascade_lockstep(&D, K, rng, 5000, 0, 0);
    CHECK(D.first_wrong == 0, "S3 with 4 layers wrong at %ld", D.first_wrong);
    lt_cascade_clear(K);
    lt_cayley_clear(C);
}

/* The accuracy experiment: the CLI's golden numbers (ssm cascade S4
   --layers 2 --length 1000 --samples 8 --seed 1), the laws right <=
   right modulo G(k) <= samples, exactness with every layer, and the
   memory limit. */
static void test_accuracy(void)
{
    unit_case = "accuracy";
    lt_ctx_t ctx;
    lt_ctx_init(ctx);
    lt_cayley_t C;
    lt_cascade_t K;
    lt_err_t err;
    lt_err_init(err);
    if (build(C, K, "S4", 2, LT_PREC_F64, err)) { CHECK(0, "%s", err->msg); return; }
    lt_cascade_accuracy_params P = {.length = 1000, .samples = 8, .seed = 1};
    lt_scan_opts_init(&P.scan);
    lt_cascade_accuracy_t Z;
    lt_cascade_accuracy_init(Z);
    CHECK(lt_cascade_accuracy_run(Z, K, &P, ctx, err) == LT_OK, "%s", err->msg);
    CHECK(Z->correct == 0 && Z->correct_mod == 8 && Z->first_wrong == 1, "correct %ld, modulo G2 %ld, first wrong %ld",
          Z->correct, Z->correct_mod, Z->first_wrong);
    CHECK(Z->right[0] == 1 && Z->right[9] == 3 && Z->right[99] == 3 && Z->right[999] == 2,
          "right at 1, 10, 100, 1000: %ld %ld %ld %ld", Z->right[0], Z->right[9], Z->right[99], Z->right[999]);
    CHECK(fabs(Z->mean_accuracy - 0.247375) < 1e-12, "mean %.9g", Z->mean_accuracy);
    int laws = 1;
    long sum = 0;
    for (long t = 0; t < 1000; t++) { laws &= Z->right[t] <= Z->right_mod[t] && Z->right_mod[t] == 8; sum += Z->right[t]; }
    CHECK(laws && fabs(Z->mean_accuracy - sum / 8000.0) < 1e-15, "right <= right modulo G2 = 8");
    CHECK(Z->sequence_accuracy == 0 && Z->sequence_accuracy_mod == 1 && lt_cascade_accuracy_at(Z, 9) == 3 / 8.0,
          "sequence accuracy %g, modulo G2 %g, at 10 %g", Z->sequence_accuracy, Z->sequence_accuracy_mod, lt_cascade_accuracy_at(Z, 9));
    CHECK(Z->nmarks == 4 && Z->mark[0] == 1 && Z->mark[1] == 10 && Z->mark[2] == 100 && Z->mark[3] == 1000,
          "marks: %d", Z->nmarks);
    lt_cascade_clear(K);
    /* every layer: exact, with the parallel scan too */
    lt_cascade_init(K);
    CHECK(lt_cascade_build(K, C, 0, LT_PREC_F64, ctx, err) == LT_OK && K->k == 3, "S4 layers %d", K->k);
    P.scan.parallel = 1;
    P.samples = 3;
    CHECK(lt_cascade_accuracy_run(Z, K, &P, ctx, err) == LT_OK, "%s", err->msg);
    CHECK(Z->correct == 3 && Z->first_wrong == 0 && Z->mean_accuracy == 1 && Z->right[999] == 3, "S4 exact: %ld correct", Z->correct);
    P.length = 250;
    CHECK(lt_cascade_accuracy_run(Z, K, &P, ctx, err) == LT_OK && Z->nmarks == 4 && Z->mark[2] == 100 && Z->mark[3] == 250,
          "marks at T = 250: %d, last %ld", Z->nmarks, Z->mark[Z->nmarks - 1]);
    ctx->max_memory_mb = 1;
    P.length = 1000000;
    CHECK(lt_cascade_accuracy_run(Z, K, &P, ctx, err) == LT_ELIMIT && strstr(err->msg, "--max-memory 1"), "limit: %s", err->msg);
    lt_cascade_accuracy_clear(Z);
    lt_cascade_clear(K);
    lt_cayley_clear(C);
}

/* The drift experiment: the CLI's golden cells (ssm drift --precision bf16
   --max-length 20000 --samples 2 for C5 x A4 and S3), the same words with
   and without renormalisation, and summaries that agree with the runs. */
static void test_drift_run(void)
{
    unit_case = "drift run";
    lt_ctx_t ctx;
    lt_ctx_init(ctx);
    lt_err_t err;
    lt_err_init(err);
    lt_cayley_struct G[2];
    lt_cayley_init(&G[0]);
    lt_cayley_init(&G[1]);
    CHECK(lt_io_cayley_table(&G[0], "C5 x A4", LT_CONV_AA, ctx, err) == LT_OK, "%s", err->msg);
    CHECK(lt_io_cayley_table(&G[1], "S3", LT_CONV_AA, ctx, err) == LT_OK, "%s", err->msg);
    lt_cascade_drift_params P = {.nprec = 1, .prec = {LT_PREC_BF16}, .samples = 2, .max_length = 20000, .seed = 0};
    lt_cascade_drift_result_t Z;
    lt_cascade_drift_result_init(Z);
    CHECK(lt_cascade_drift_run(Z, G, 2, &P, ctx, err) == LT_OK, "%s", err->msg);
    CHECK(Z->order[0] == 60 && Z->layers[0] == 2 && Z->channels[0] == 3 && Z->order[1] == 6 && Z->channels[1] == 2,
          "C5 x A4: order %ld, layers %d, channels %d", Z->order[0], Z->layers[0], Z->channels[0]);
    const lt_cascade_drift_cell *plain = &Z->cells[lt_cascade_drift_index(Z, 0, 0, 0)];
    const lt_cascade_drift_cell *renorm = &Z->cells[lt_cascade_drift_index(Z, 0, 0, 1)];
    CHECK(plain->min == 0 && plain->median == 0 && fabs(plain->max_phase_error - 0.2) < 0.05,
          "C5 x A4 bf16: %ld / %ld (%.1e)", plain->min, plain->median, plain->max_phase_error);
    CHECK(renorm->min == 14127 && renorm->median == 14127, "C5 x A4 bf16 renorm: %ld / %ld", renorm->min, renorm->median);
    const lt_cascade_drift *v = Z->runs + lt_cascade_drift_index(Z, 0, 0, 1) * Z->samples;
    /* the lower median of two words is the smaller: one word is right throughout */
    CHECK(v[0].first_wrong == 0 && v[0].tokens == 20000 && v[1].first_wrong == 14127, "runs %ld (%ld tokens) %ld",
          v[0].first_wrong, v[0].tokens, v[1].first_wrong);
    const lt_cascade_drift_cell *s3 = &Z->cells[lt_cascade_drift_index(Z, 1, 0, 0)];
    CHECK(s3->min == 0 && s3->max_phase_error < 0.01 && s3->min_modulus <= 1 && s3->max_modulus >= s3->min_modulus,
          "S3 bf16: %ld (%.1e)", s3->min, s3->max_phase_error);
    /* a group that is not solvable is refused */
    lt_cayley_clear(&G[1]);
    lt_cayley_init(&G[1]);
    CHECK(lt_io_cayley_table(&G[1], "A5", LT_CONV_AA, ctx, err) == LT_OK, "%s", err->msg);
    CHECK(lt_cascade_drift_run(Z, G, 2, &P, ctx, err) == LT_EINPUT && strstr(err->msg, "not solvable"), "A5: %s", err->msg);
    lt_cascade_drift_result_clear(Z);
    lt_cayley_clear(&G[0]);
    lt_cayley_clear(&G[1]);
}

/* The regular representation of a Cayley table: a group of the table's
   order; its derived length and abelianisation as the group engine gives
   them for the named groups. */
static void test_regular(void)
{
    unit_case = "regular";
    static const struct { const char *g; long d, abel; } cases[] = {
        {"S4", 3, 2}, {"A5", -1, 1}, {"C5 x A4", 2, 15}, {"Q8", 2, 4}, {"C1", 0, 1}, {"S5", -1, 2}};
    lt_ctx_t ctx;
    lt_ctx_init(ctx);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        lt_err_t err;
        lt_err_init(err);
        lt_cayley_t C;
        lt_cayley_init(C);
        CHECK(lt_io_cayley_table(C, cases[i].g, LT_CONV_AA, ctx, err) == LT_OK, "%s", err->msg);
        lt_pgrp_t G;
        lt_pgrp_init(G, 1);
        CHECK(lt_cayley_regular(G, C, ctx, err) == LT_OK && G->n == C->n && mpz_cmp_ui(G->order, (ulong)C->n) == 0,
              "%s: regular representation", cases[i].g);
        long d = 0, abel = 0;
        CHECK(lt_cayley_derived_length(&d, &abel, C, ctx, err) == LT_OK && d == cases[i].d && abel == cases[i].abel,
              "%s: derived length %ld, |G/G'| %ld", cases[i].g, d, abel);
        lt_pgrp_clear(G);
        lt_cayley_clear(C);
    }
}

/* The loop against the scan: within the stated tolerance in f64 and f32
   (the golden cases of ssm scan), the tolerance formula, vacuous in bf16,
   and the refusals. */
static void test_scan_compare(void)
{
    unit_case = "scan compare";
    lt_ctx_t ctx;
    lt_ctx_init(ctx);
    lt_err_t err;
    lt_err_init(err);
    lt_scan_compare_result Z;
    lt_scan_compare_params P = {0, 3, 10000, 0, LT_PREC_F64, 0, 2};
    CHECK(lt_scan_compare(&Z, &P, ctx, err) == LT_OK && Z.within && Z.levels == 14, "%s", err->msg);
    CHECK(Z.relative_difference > 0 && Z.relative_difference < 1e-14 && fabs(Z.tolerance - 12.0 * 29 * 0x1p-53) < 1e-20,
          "diag f64: %.3g within %.3g", Z.relative_difference, Z.tolerance);
    CHECK(Z.relative_difference == Z.max_difference / (Z.max_state > 1 ? Z.max_state : 1), "relative");
    lt_scan_compare_params D = {1, 4, 5000, 0, LT_PREC_F32, 0, 2};
    CHECK(lt_scan_compare(&Z, &D, ctx, err) == LT_OK && Z.within && fabs(Z.tolerance - 4.0 * 6 * 27 * 0x1p-24) < 1e-12,
          "dense f32: %.3g within %.3g", Z.relative_difference, Z.tolerance);
    lt_scan_compare_params R = {0, 2, 1000, 1, LT_PREC_BF16, 1, 2};
    CHECK(lt_scan_compare(&Z, &R, ctx, err) == LT_OK && Z.tolerance >= 1 && Z.within && Z.max_state <= 1.5,
          "renormalised bf16: tolerance %.3g", Z.tolerance);
    D.renormalize = 1;
    CHECK(lt_scan_compare(&Z, &D, ctx, err) == LT_EINPUT, "renormalised dense accepted");
    ctx->max_memory_mb = 1;
    CHECK(lt_scan_compare(&Z, &P, ctx, err) == LT_ELIMIT && strstr(err->msg, "10000 steps of 3 channels"), "limit: %s", err->msg);
}

/* The benchmark runs: the two scans give the same checksum, an exact
   cascade is right at every position in all three modes. */
static void test_bench(void)
{
    unit_case = "bench";
    lt_err_t err;
    lt_err_init(err);
    lt_bench_diag_result A, B;
    lt_bench_diag_params P = {8, 3000, 5, 0, 2};
    CHECK(lt_bench_diag(&A, &P, err) == LT_OK, "%s", err->msg);
    P.parallel = 1;
    CHECK(lt_bench_diag(&B, &P, err) == LT_OK, "%s", err->msg);
    CHECK(fabs(A.checksum - B.checksum) <= 1e-9 * (1 + fabs(A.checksum))
          && fabs(A.final_norm2 - B.final_norm2) <= 1e-9 * (1 + A.final_norm2) && A.final_norm2 > 0,
          "sequential %.17g %.17g, parallel %.17g %.17g", A.checksum, A.final_norm2, B.checksum, B.final_norm2);
    lt_cayley_t C;
    lt_cascade_t K;
    CHECK(build(C, K, "S4", 0, LT_PREC_F64, err) == 0, "%s", err->msg);
    for (int scan = LT_BENCH_SEQUENTIAL; scan <= LT_BENCH_LOCKSTEP; scan++) {
        lt_bench_cascade_params Q = {500, 3, 7, scan, 2};
        lt_bench_cascade_result Z;
        CHECK(lt_bench_cascade(&Z, K, &Q, err) == LT_OK, "%s", err->msg);
        CHECK(Z.positions_right == 1500 && Z.tokens_per_second >= 0 && Z.tokens_per_cpu_second >= 0,
              "scan %d: %ld of 1500 positions right", scan, Z.positions_right);
    }
    lt_cascade_clear(K);
    lt_cayley_clear(C);
}

int main(void)
{
    test_rounding();
    test_scan_diag();
    test_scan_dense();
    static const struct { const char *g; int dl; } groups[] = {
        {"S3", 2}, {"S4", 3}, {"D8", 2}, {"Q8", 2}, {"A4", 2}, {"C5 x A4", 2}, {"UT(3,3)", 2}, {"C6", 1},
        {"Q16", 2}, {"S3 x S3", 2}, {"SL(2,3)", 3}, {"GL(2,3)", 4}};
    for (size_t i = 0; i < sizeof groups / sizeof *groups; i++) {
        /* the seven groups at T = 100000 */
        test_layers(groups[i].g, groups[i].dl, i < 7 ? 100000 : 2000);
        test_dense_layer(groups[i].g);
    }
    test_drift();
    test_failures();
    test_accuracy();
    test_drift_run();
    test_regular();
    test_scan_compare();
    test_bench();
    UNIT_DONE("t-ssm");
}
