/* The simulator's results (lietool/write.h): the cascade and its
   accuracy, its lookup tables, drift, the scans compared, the benchmarks. */
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include "lietool/write.h"

/* A JSON row: c integers as an array, or rows > 0 rows of them
   (row-major) as an array of arrays. */
static void doc_ints(lt_doc *d, const char *label, const int *v, long rows, long c)
{
    FILE *f = lt_doc_row(d, label);
    if (!f) { lt_doc_row_end(d); return; }
    if (rows) fputc('[', f);
    for (long i = 0; i < (rows ? rows : 1); i++) {
        fputs(i ? ", [" : "[", f);
        for (long j = 0; j < c; j++) fprintf(f, j ? ", %d" : "%d", v[i * c + j]);
        fputc(']', f);
    }
    if (rows) fputc(']', f);
    lt_doc_row_end(d);
}

/* The head of a cascade's output: the order and convention (JSON), and
   the rule of the prefix products ($...$: plain notation). */
static const char *prefix_rule = "$p_t = x_1 x_2 ... x_t$, each token multiplying on the right";

static void doc_cascade_head(lt_doc *d, const lt_cascade_struct *K, lt_convention conv)
{
    lt_doc_json(d, "|order", "\"%ld\"", K->n);
    lt_doc_str(d, "|convention", lt_convention_name(conv), NULL);
    lt_doc_prose(d, "|prefix_product", prefix_rule);
}

/* ---- ssm cascade ---- */

/* The quotient of layer L as its cyclic factors, "C2 x C2" (1 when
   trivial): a piece of prose (LaTeX: the product as mathematics). */
static char *factors(const lt_cascade_layer *L, const lt_doc *d)
{
    lt_doc_buf b;
    FILE *f = lt_doc_piece(&b, d);
    char q[256] = "1";
    for (int j = 0, n = 0; j < L->r && n < (int)sizeof q; j++)
        n += snprintf(q + n, sizeof q - (size_t)n, "%sC%d", j ? " x " : "", L->m[j]);
    if (b.tex) lt_tex_object(f, q);
    else fputs(q, f);
    return lt_doc_piece_end(&b);
}

/* A row of a fraction of the words, in text and LaTeX with their count. */
static void doc_share(lt_doc *d, const char *label, double v, long k, long N, const char *what)
{
    lt_doc_row(d, label);
    lt_doc_value(d, "%.6g", v);
    lt_doc_text(d, NULL, " (%ld of %ld words%s)", k, N, what);
    lt_doc_row_end(d);
}

void lt_write_cascade(lt_doc *d, const char *spec, const lt_cascade_struct *K, lt_convention conv,
                      const lt_cascade_accuracy_params *P, const lt_cascade_accuracy_struct *Z)
{
    long T = Z->length, N = Z->samples;
    int kd = K->k < K->derived_length ? K->k : K->derived_length;
    const char *scan = P->scan.parallel ? "parallel" : "sequential";
    lt_doc_buf b;
    FILE *f = lt_doc_piece(&b, NULL);
    fprintf(f, " (order %ld), derived series ", K->n);
    for (int i = 0; i < K->nterms; i++) fprintf(f, "%s%ld", i ? " > " : "", K->term_order[i]);
    fprintf(f, ", derived length %d", K->derived_length);
    char *after = lt_doc_piece_end(&b);
    lt_doc_heading(d, spec, after);
    free(after);
    doc_cascade_head(d, K, conv);
    if ((f = lt_doc_row(d, "|derived_series"))) {
        for (int i = 0; i < K->nterms; i++) fprintf(f, "%s\"%ld\"", i ? ", " : "[", K->term_order[i]);
        fputc(']', f);
    }
    lt_doc_row_end(d);
    lt_doc_long(d, "|derived_length", K->derived_length, NULL);
    lt_doc_long(d, "|layers", K->k, NULL);
    lt_doc_say(d, "prefix products %s (convention %s, as 'lietool dataset generate')", prefix_rule,
                lt_convention_name(conv));
    lt_doc_list_begin(d, "layer");
    for (int i = 0; i < K->k; i++) {
        const lt_cascade_layer *L = &K->layer[i];
        int a = i < kd ? i : kd, c = i + 1 < kd ? i + 1 : kd;
        char q[48], *fac = factors(L, d), in[64] = "the token";
        snprintf(q, sizeof q, "G%d/G%d", a, c);
        if (i == 1) snprintf(in, sizeof in, "cocycle of the token and layer 1's state");
        else if (i > 1) snprintf(in, sizeof in, "cocycle of the token and layers 1-%d's states", i);
        int pad = 7 - (int)strlen(q);
        lt_doc_say(d, "layer %d  $%s$%*s = $%s$, %d channel%s, input: %s", i + 1, q, pad > 0 ? pad : 0, "",
                    fac, L->r, L->r == 1 ? "" : "s", in);
        free(fac);
        lt_doc_item_begin(d);
        lt_doc_json(d, "|quotient_order", "\"%ld\"", L->qorder);
        doc_ints(d, "|factors", L->m, 0, L->r);
        lt_doc_long(d, "|channels", L->r, NULL);
        lt_doc_item_end(d);
    }
    lt_doc_list_end(d);
    long tracked = lt_cascade_tracked_order(K);
    lt_doc_json(d, "|tracked_order", "\"%ld\"", tracked);
    if (K->k < K->derived_length)
        lt_doc_say(d, "%d layers of derived length %d: they track $G/G%d$ (order %ld) only; the readout takes the rest to be 1",
                    K->k, K->derived_length, kd, tracked);
    char levels[32] = "";
    if (P->scan.parallel) snprintf(levels, sizeof levels, " ($%d$ levels)", lt_scan_levels(T));
    lt_doc_say(d, "precision %s, %s, %s scan%s", lt_prec_name(P->scan.prec),
                P->scan.renormalize ? "renormalised every step" : "no renormalisation", scan, levels);
    lt_doc_str(d, "|precision", lt_prec_name(P->scan.prec), NULL);
    lt_doc_bool(d, "|renormalize", P->scan.renormalize);
    lt_doc_str(d, "|scan", scan, NULL);
    lt_doc_long(d, "|scan_levels", lt_scan_levels(T), NULL);
    char seed[24];
    snprintf(seed, sizeof seed, "%" PRIu64, P->seed);
    lt_doc_say(d, "%ld word%s of length %ld, seed %s", N, N == 1 ? "" : "s", T, seed);
    lt_doc_long(d, "|length", T, NULL);
    lt_doc_long(d, "|samples", N, NULL);
    lt_doc_str(d, "|seed", seed, NULL);
    lt_doc_long(d, "|sequences_correct", Z->correct, NULL);
    d->width = 24;
    d->indent = "";
    doc_share(d, "sequence accuracy", Z->sequence_accuracy, Z->correct, N, "");
    lt_doc_bool(d, "|exact", Z->correct == N);
    if (lt_doc_row(d, "first failing length") && Z->first_wrong) lt_doc_value(d, "%ld", Z->first_wrong);
    else if (d->mode == LT_DOC_JSON) fputs("null", d->f);
    else lt_doc_text(d, NULL, "none (exact through $%ld$)", T);
    lt_doc_row_end(d);
    lt_doc_double(d, "mean position accuracy", "%.6g", Z->mean_accuracy);
    lt_doc_row(d, "accuracy at position|");
    for (int i = 0; i < Z->nmarks; i++)
        lt_doc_text(d, NULL, "%s$%ld$: $%.4g$", i ? " " : "", Z->mark[i], lt_cascade_accuracy_at(Z, Z->mark[i] - 1));
    lt_doc_row_end(d);
    char lbl[48] = "|sequence_accuracy_modulo_tracked";
    if (K->k < K->derived_length) snprintf(lbl, sizeof lbl, "modulo G%d|sequence_accuracy_modulo_tracked", kd);
    doc_share(d, lbl, Z->sequence_accuracy_mod, Z->correct_mod, N, " right at every position");
    lt_doc_list_begin(d, "|position_accuracy");
    for (long t = 0; d->mode == LT_DOC_JSON && t < T; t++) fprintf(lt_doc_elem(d), "%.6g", lt_cascade_accuracy_at(Z, t));
    lt_doc_list_end(d);
}

void lt_write_cascade_tables(lt_doc *d, const lt_cascade_struct *K, lt_convention conv)
{
    long n = K->n;
    FILE *f;
    lt_doc_heading(d, NULL, NULL);
    doc_cascade_head(d, K, conv);
    lt_doc_long(d, "|identity", K->identity, NULL);
    doc_ints(d, "|table", K->table, n, n);
    lt_doc_str(d, "|precision", lt_prec_name(K->prec), NULL);
    lt_doc_list_begin(d, "layer");
    for (int i = 0; i < K->k; i++) {
        const lt_cascade_layer *L = &K->layer[i];
        lt_doc_item_begin(d);
        lt_doc_json(d, "|quotient_order", "\"%ld\"", L->qorder);
        doc_ints(d, "|factors", L->m, 0, L->r);
        lt_doc_list_begin(d, "|exponents");
        for (long g = 0; g < n; g++) {
            f = lt_doc_elem(d);
            for (int j = 0; j < L->r; j++) fprintf(f, j ? ", %d" : "[%d", lt_cascade_exponent(L, g, j));
            fputs(L->r ? "]" : "[]", f);
        }
        lt_doc_list_end(d);
        doc_ints(d, "|code_to_coset", L->code_to_q, 0, L->qorder);
        doc_ints(d, "|transversal", L->rep, 0, L->qorder);
        doc_ints(d, "|cocycle", L->coc, L->qorder, n);
        lt_doc_item_end(d);
    }
    lt_doc_list_end(d);
}

/* ---- ssm drift ---- */

void lt_write_drift(lt_doc *d, const lt_cascade_drift_params *P, const lt_cascade_drift_result_struct *Z,
                    const char *const *names)
{
    long N = P->samples;
    int np = P->nprec;
    char seed[24], align[32] = "lrrr", b[64];
    snprintf(seed, sizeof seed, "%" PRIu64, P->seed);
    lt_doc_heading(d, NULL, NULL);
    lt_doc_long(d, "|max_length", P->max_length, NULL);
    lt_doc_long(d, "|samples", N, NULL);
    lt_doc_str(d, "|seed", seed, NULL);
    lt_doc_say(d, "first wrong position of the cascade's readout (f64 decoding), min / median over %ld word%s, seed %s;\n"
                "'none' = right through `max_length` %ld (in parentheses the largest phase error seen, radians;\n"
                "$C_m$ decodes wrongly past $pi/m$); renorm = phases divided by their modulus every step",
                N, N == 1 ? "" : "s", seed, P->max_length);
    static const char *const head[] = {"group", "order", "layers", "channels"}, *const sep[] = {"", " ", " ", " "};
    static const int width[] = {-9, 5, 6, 8};
    for (int p = 0; p < 2 * np; p++) strcat(align, "l");
    lt_doc_tab T;
    lt_doc_tab_begin(&T, d, align);
    for (int c = 0; c < 4; c++) lt_doc_tab_cell(&T, "%s%*s", sep[c], width[c], head[c]);
    for (int p = 0; p < np; p++) {
        snprintf(b, sizeof b, "%s renorm", lt_prec_name(P->prec[p]));
        lt_doc_tab_cell(&T, "%s%*s", "  ", -17, lt_prec_name(P->prec[p]));
        lt_doc_tab_cell(&T, "%s%*s", "  ", -17, b);
    }
    lt_doc_tab_row_end(&T);
    lt_doc_list_begin(d, "groups");
    for (int g = 0; g < Z->ngroups; g++) {
        lt_doc_item_begin(d);
        lt_doc_str(d, "|group", names[g], NULL);
        lt_doc_json(d, "|order", "\"%ld\"", Z->order[g]);
        lt_doc_long(d, "|layers", Z->layers[g], NULL);
        lt_doc_long(d, "|channels", Z->channels[g], NULL);
        char col[3][24];
        snprintf(col[0], sizeof col[0], "%ld", Z->order[g]);
        snprintf(col[1], sizeof col[1], "%d", Z->layers[g]);
        snprintf(col[2], sizeof col[2], "%d", Z->channels[g]);
        for (int c = 0; c < 4; c++) lt_doc_tab_cell(&T, "%s%*s", sep[c], width[c], c ? col[c - 1] : names[g]);
        lt_doc_list_begin(d, "cells");
        for (int p = 0; p < np; p++)
            for (int rn = 0; rn < 2; rn++) {
                long c = lt_cascade_drift_index(Z, g, p, rn);
                const lt_cascade_drift *v = Z->runs + c * N;
                const lt_cascade_drift_cell *cell = &Z->cells[c];
                lt_doc_item_begin(d);
                lt_doc_str(d, "|precision", lt_prec_name(P->prec[p]), NULL);
                lt_doc_bool(d, "|renormalize", rn);
                lt_doc_list_begin(d, "|first_wrong_by_sample");
                for (long w = 0; d->mode == LT_DOC_JSON && w < N; w++)
                    fprintf(lt_doc_elem(d), v[w].first_wrong ? "%ld" : "null", v[w].first_wrong);
                lt_doc_list_end(d);
                lt_doc_long(d, "|min", cell->min ? cell->min : -1, "");
                lt_doc_long(d, "|median", cell->median ? cell->median : -1, "");
                lt_doc_double(d, "|max_phase_error", "%.3g", cell->max_phase_error);
                lt_doc_double(d, "|min_modulus", "%.9g", cell->min_modulus);
                lt_doc_double(d, "|max_modulus", "%.9g", cell->max_modulus);
                lt_doc_item_end(d);
                if (!cell->min) snprintf(b, sizeof b, "none (%.1e)", cell->max_phase_error);
                else if (!cell->median) snprintf(b, sizeof b, "%ld / none", cell->min);
                else snprintf(b, sizeof b, "%ld / %ld", cell->min, cell->median);
                lt_doc_tab_cell(&T, "%s%*s", "  ", -17, b);
            }
        lt_doc_list_end(d);
        lt_doc_item_end(d);
        lt_doc_tab_row_end(&T);
    }
    lt_doc_list_end(d);
    lt_doc_tab_end(&T);
}

/* ---- ssm scan ---- */

void lt_write_scan(lt_doc *d, const lt_scan_compare_params *P, const lt_scan_compare_result *Z)
{
    int ch = P->channels, dense = P->dense;
    long T = P->length;
    lt_doc_heading(d, NULL, NULL);
    lt_doc_say(d, "%s recurrence, %d channel%s, %ld steps, %s%s: sequential loop vs Blelloch scan ($%d$ levels)",
                dense ? "dense real" : "diagonal complex", ch, ch == 1 ? "" : "s", T, lt_prec_name(P->prec),
                P->renormalize ? ", renormalised" : "", Z->levels);
    lt_doc_say(d, "relative difference %.3g, %s the tolerance $%s$ = %.3g%s", Z->relative_difference,
                Z->within ? "within" : "OUTSIDE",
                P->renormalize ? "4 (T + 2 levels + 1) u" : dense ? "4 (d + 2) (2 levels + 1) u" : "4 (1 + 2) (2 levels + 1) u",
                Z->tolerance, Z->tolerance >= 1 ? " (vacuous at this precision)" : "");
    lt_doc_str(d, "|kind", dense ? "dense" : "diag", NULL);
    lt_doc_long(d, "|channels", ch, NULL);
    lt_doc_long(d, "|length", T, NULL);
    lt_doc_str(d, "|precision", lt_prec_name(P->prec), NULL);
    lt_doc_bool(d, "|renormalize", P->renormalize);
    lt_doc_long(d, "|levels", Z->levels, NULL);
    lt_doc_double(d, "|max_difference", "%.3g", Z->max_difference);
    lt_doc_double(d, "|max_state", "%.6g", Z->max_state);
    lt_doc_double(d, "|relative_difference", "%.3g", Z->relative_difference);
    lt_doc_double(d, "|tolerance", "%.3g", Z->tolerance);
    lt_doc_bool(d, "|within_tolerance", Z->within);
}

/* ---- benchmarks (make bench) ---- */

/* The rows that both benchmarks write: the scan and the timings. */
static void doc_timing(lt_doc *d, const char *scan, double seconds, double cpu_seconds, double rate, double cpu_rate)
{
    lt_doc_str(d, "scan", scan, NULL);
    lt_doc_double(d, "seconds", "%.6f", seconds);
    lt_doc_double(d, "CPU seconds|cpu_seconds", "%.6f", cpu_seconds);
    lt_doc_double(d, "tokens per second", "%.6g", rate);
    lt_doc_double(d, "tokens per CPU second|tokens_per_cpu_second", "%.6g", cpu_rate);
}

void lt_write_bench_diag(lt_doc *d, const lt_bench_diag_params *P, const lt_bench_diag_result *Z)
{
    lt_doc_heading(d, NULL, "a token-driven diagonal layer, timed");
    lt_doc_long(d, "channels", P->channels, NULL);
    lt_doc_long(d, "length", P->length, NULL);
    doc_timing(d, P->parallel ? "parallel" : "sequential", Z->seconds, Z->cpu_seconds, Z->tokens_per_second,
               Z->tokens_per_cpu_second);
    lt_doc_double(d, "checksum", "%.17g", Z->checksum);
    lt_doc_double(d, "final squared norm|final_norm2", "%.17g", Z->final_norm2);
}

void lt_write_bench_cascade(lt_doc *d, const char *spec, const lt_cascade_struct *K, const lt_bench_cascade_params *P,
                            const lt_bench_cascade_result *Z)
{
    static const char *const scans[] = {"sequential", "parallel", "lockstep"};    /* LT_BENCH_* */
    lt_doc_heading(d, spec, ": its cascade, timed");
    lt_doc_long(d, "layers", K->k, NULL);
    lt_doc_long(d, "length", P->length, NULL);
    lt_doc_long(d, "samples", P->samples, NULL);
    doc_timing(d, scans[P->scan], Z->seconds, Z->cpu_seconds, Z->tokens_per_second, Z->tokens_per_cpu_second);
    lt_doc_long(d, "positions right", Z->positions_right, NULL);
}

void lt_write_model_lie(lt_doc *d, const char *dir, const lt_model_t M, const lt_model_lie_params *P,
                        const lt_model_lie_t R)
{
    char after[160];
    snprintf(after, sizeof after, " (%s, layer %d of %d): the Lie algebra of its state transitions", lt_model_layer_name(M),
             P->layer + 1, M->n_layers);
    lt_doc_heading(d, dir, after);
    lt_doc_str(d, "|layer_type", lt_model_layer_name(M), NULL);
    lt_doc_long(d, "|layer", P->layer + 1L, NULL);
    lt_doc_long(d, "transition size", R->n, NULL);
    if (R->sampled)
        lt_doc_strf(d, "transitions|transitions_read", "%ld, every position of %ld random words of length %ld (seed %llu)",
                    R->transitions, P->words, P->length, (unsigned long long)P->seed);
    else
        lt_doc_strf(d, "transitions|transitions_read", "%ld, one per token %ld-%ld", R->transitions, P->token_lo,
                    P->token_hi - 1);
    lt_doc_long(d, "|transitions", R->transitions, NULL);
    lt_doc_bool(d, "|sampled", R->sampled);
    lt_doc_str(d, "generators", R->generators == LT_MODEL_LIE_LOG ? "log X" : "X - I", NULL);
    lt_doc_double(d, "|tol", "%g", P->tol);
}
