/* The rotation task's result (lietool/write.h): the MSE of the depth-k
   order-blind model per depth, the fitted error exponents. */
#include <inttypes.h>
#include <math.h>
#include "lietool/write.h"

/* The header of a table of one number per depth: first, then k=... */
static void depth_columns(lt_doc_tab *t, const char *first, const lt_rotation_params *P, int nd)
{
    lt_doc_tab_cell(t, "  %-11s", first);
    for (int d = 0; d < nd; d++) lt_doc_tab_cell(t, d < nd - 1 ? "  k=%-7d" : "  k=%d", P->kmin + d);
    lt_doc_tab_row_end(t);
}

/* JSON: an array of n numbers (steps long double, else x) */
static void put_array(lt_doc *d, const char *label, const char *fmt, const double *x, const long double *steps, long n)
{
    FILE *f = lt_doc_row(d, label);
    for (long i = 0; f && i < n; i++) {
        fputs(i ? ", " : "[", f);
        if (steps) fprintf(f, "%.17Lg", steps[i]); else fprintf(f, fmt, x[i]);
    }
    if (f) fputs(n ? "]" : "[]", f);
    lt_doc_row_end(d);
}

void lt_write_rotation_map(lt_doc *d, lt_rotation_map map, int always, const char *label)
{
    if (map != LT_ROTATION_MAP_PAPER) {
        if (!always) return;
        lt_doc_strf(d, label, "faithful: the representation R, a homomorphism");
        lt_doc_str(d, "|map", "faithful", NULL);
        lt_doc_json(d, "|homomorphism", "true");
        return;
    }
    lt_doc_str(d, "|map", "paper", NULL);
    lt_doc_json(d, "|homomorphism", "false");
    lt_doc_strf(d, label, "paper: the token-to-rotation map of the paper's released code "
                 "(kazuki-irie/lie-algebra-state-tracking, main_regression.py); NOT a homomorphism: the images of (0 1 2) and "
                 "(0 1 2 3 4) multiply to a rotation of order 2 where the permutations' product has order 5, and the 60 tokens "
                 "get only 30 distinct rotations");
}

void lt_write_rotation(lt_doc *d, const lt_rotation_params *P, const lt_rotation_result_t Z)
{
    int nd = Z->ndepth, json = d->mode == LT_DOC_JSON, tex = d->mode == LT_DOC_TEX;
    lt_doc_heading(d, tex ? "A5" : NULL, tex ? ": the rotation task, acting on three-space by the icosahedral rotations"
                                        : "rotation task: A5 acting on R^3 by the icosahedral rotations");
    lt_doc_str(d, "|task", "rotation", NULL);
    lt_doc_str(d, "|group", "A5", NULL);
    lt_doc_str(d, "tokens|", "the 60 elements of A5 in the order of 'lietool table A5' (abstract_algebra)", NULL);
    lt_doc_str(d, "|tokens", "abstract_algebra", NULL);
    if (json) {
        lt_doc_open(d, "generator_matrices");
        for (int g = 0; g < 2; g++) {
            const long double *R = Z->gens[g];
            lt_doc_json(d, g ? "|(1,3,5,2,4)" : "|(1,2,3)", "[[%.17Lg, %.17Lg, %.17Lg], [%.17Lg, %.17Lg, %.17Lg], [%.17Lg, %.17Lg, %.17Lg]]",
                         R[0], R[1], R[2], R[3], R[4], R[5], R[6], R[7], R[8]);
        }
        lt_doc_close(d);
        double v = 1 / sqrt(3.0);
        lt_doc_json(d, "|v0", "[%.17g, %.17g, %.17g]", v, v, v);
    }
    lt_doc_prose(d, "representation|", "R(gh) = R(g) R(h) (gh applies h first), $R((1,2,3)) = [[0,0,1],[1,0,0],[0,1,0]]$,");
    lt_doc_prose(d, " |", "$R((1,3,5,2,4))$ = the 72-degree rotation about (0, 1, golden ratio)");
    lt_write_rotation_map(d, P->map, 0, "map|");
    lt_doc_prose(d, "flow|", "$v_t = exp(h X(x_t)) v_(t-1)$, $v_0$ = (1,1,1)/sqrt 3, $X = log R$ (principal)");
    lt_doc_prose(d, "model|", "depth $k$: each window's Magnus series truncated at degree $c(k)$, windows chained");
    lt_write_depth_bound(d, P->bound);
    FILE *f = lt_doc_row(d, "step h|step");
    if (f) fprintf(f, json ? "%.17Lg" : "%.6Lg", P->step);
    lt_doc_row_end(d);
    lt_doc_strf(d, "length, window|", "%ld, %ld", P->length, P->window);
    lt_doc_long(d, "|length", P->length, NULL);
    lt_doc_long(d, "|window", P->window, NULL);
    lt_doc_strf(d, "samples, seed|", "%ld, %" PRIu64, P->samples, P->seed);
    lt_doc_long(d, "|samples", P->samples, NULL);
    lt_doc_strf(d, "|seed", "%" PRIu64, P->seed);
    lt_doc_str(d, "|arithmetic", "long double", NULL);
    lt_doc_double(d, "|generator_mass", "%.6e", Z->mass);
    lt_doc_claim(d, "generator mass|", NULL, "%.4g per window at most (%s)", Z->mass,
                  Z->mass < M_PI ? "below $pi$: the Magnus series converges" : "not below $pi$: the Magnus series may diverge");
    lt_doc_prose(d, "error|", "MSE: mean over samples and coordinates of $(v_model - v_true)^2$; RMS: sqrt of its mean over positions");
    lt_doc_str(d, "arithmetic|", "long double (64-bit significand)", NULL);
    lt_doc_double(d, "|floor", "%.1e", Z->floor);
    put_array(d, "|fit_steps", NULL, NULL, Z->steps + 1, Z->nstep - 1);
    /* the depths: JSON a list, text and LaTeX a table */
    lt_doc_tab t;
    lt_doc_say(d, "");
    lt_doc_tab_begin(&t, d, "rrrrrrr");
    const char *head[] = {"  depth", "  c(k)", "  mean MSE", "    MSE at T", "    slope", "  c(k)+1", "  fit points"};
    for (int i = 0; i < 7; i++) lt_doc_tab_cell(&t, "%s", head[i]);
    lt_doc_tab_row_end(&t);
    lt_doc_list_begin(d, "depths");
    for (int k = 0; k < nd; k++) {
        const double *m = lt_rotation_mse(Z, 0, k);
        int has_slope = !isnan(Z->slope[k]);
        lt_doc_item_begin(d);
        lt_doc_long(d, "|depth", P->kmin + k, NULL);
        lt_doc_long(d, "|truncation_class", (long)Z->cls[k], NULL);
        lt_doc_long(d, "|predicted_exponent", (long)Z->expo[k], NULL);
        lt_doc_double(d, "|slope", has_slope ? "%.6f" : "null", Z->slope[k]);
        lt_doc_long(d, "|fit_points", Z->points[k], NULL);
        if (json) {
            double *e = lt_malloc((size_t)Z->nstep * sizeof *e);
            for (int s = 1; s < Z->nstep; s++) e[s - 1] = Z->rms[s * nd + k];
            put_array(d, "|fit_rms_error", "%.6e", e, NULL, Z->nstep - 1);
            lt_free(e);
        }
        lt_doc_double(d, "|mean_mse", "%.6e", lt_rotation_mean_mse(Z, 0, k));
        lt_doc_double(d, "|rms_error", "%.6e", Z->rms[k]);
        put_array(d, "|mse", "%.6e", m, NULL, Z->length);
        lt_doc_item_end(d);
        lt_doc_tab_cell(&t, "  %5d", P->kmin + k);
        lt_doc_tab_cell(&t, "  %4lu", Z->cls[k]);
        lt_doc_tab_cell(&t, "  %.3e", lt_rotation_mean_mse(Z, 0, k));
        lt_doc_tab_cell(&t, "   %.3e", m[Z->length - 1]);
        if (has_slope) lt_doc_tab_cell(&t, "  %5.2f", Z->slope[k]);
        else lt_doc_tab_cell(&t, "  %5s", "-");
        lt_doc_tab_cell(&t, "  %6lu", Z->expo[k]);
        lt_doc_tab_cell(&t, "  %d of %d", Z->points[k], P->nfit);
        lt_doc_tab_row_end(&t);
    }
    lt_doc_list_end(d);
    lt_doc_tab_end(&t);
    lt_doc_say(d, "");
    lt_doc_say(d, "  slope: of log RMS error against log $h$ over the %d fit steps (RMS errors above %.0e);\n"
                "  predicted $O(h^(c(k)+1))$ per window (%s)", P->nfit, Z->floor, lt_depth_cite_reading(LT_SRC_HEO_COR36, P->bound));
    lt_doc_say(d, "");
    lt_doc_tab_begin(&t, d, "r*{8}{r}");
    depth_columns(&t, "RMS error", P, nd);
    for (int s = 1; s < Z->nstep; s++) {
        lt_doc_tab_cell(&t, "  h=%.3Le", Z->steps[s]);
        for (int k = 0; k < nd; k++) lt_doc_tab_cell(&t, "  %.3e", Z->rms[s * nd + k]);
        lt_doc_tab_row_end(&t);
    }
    lt_doc_tab_end(&t);
    /* the MSE at the window ends, at most 16 of them and the last position */
    long nw = (P->length + P->window - 1) / P->window, every = (nw + 15) / 16;
    lt_doc_say(d, "");
    lt_doc_tab_begin(&t, d, "r*{8}{r}");
    depth_columns(&t, "MSE at", P, nd);
    for (long w = 0; w < nw; w++) {
        long end = (w + 1) * P->window < P->length ? (w + 1) * P->window : P->length;
        if ((w + 1) % every != 0 && end != P->length) continue;
        lt_doc_tab_cell(&t, "  t=%-9ld", end);
        for (int k = 0; k < nd; k++) lt_doc_tab_cell(&t, "  %.3e", lt_rotation_mse(Z, 0, k)[end - 1]);
        lt_doc_tab_row_end(&t);
    }
    lt_doc_tab_end(&t);
    lt_doc_say(d, "  (window ends; every position in `json` and `csv`)");
}
