/* The result of the paper's job (lietool/write.h, lietool/job.h): the
   CSV files, summary.md, and the document of lietool paper. */
#include <inttypes.h>
#include <math.h>
#include <string.h>
#include "lietool/write.h"

/* true/false/null of a verdict's answer (1, 0, -1); empty when there is none. */
static const char *jbool(int v)
{
    return v == 1 ? "true" : v == 0 ? "false" : v == -1 ? "null" : "";
}

/* A CSV field: quoted when it holds a comma, a quote or a line break. */
static void csv_str(FILE *f, const char *s)
{
    if (!s) return;
    if (!strpbrk(s, ",\"\n\r")) { fputs(s, f); return; }
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"') fputc('"', f);
        fputc(*s == '\n' || *s == '\r' ? ' ' : *s, f);
    }
    fputc('"', f);
}

/* A number with fmt, nothing when it is not finite. */
static void csv_num(FILE *f, const char *fmt, double v)
{
    if (isfinite(v)) fprintf(f, fmt, v);
}

static void csv_long(FILE *f, long v)
{
    if (v >= 0) fprintf(f, "%ld", v);
}

static const char *map_name(int map)
{
    return map == LT_ROTATION_MAP_PAPER ? "paper" : "faithful";
}

static void table_csv(FILE *f, const lt_paper_job_struct *J)
{
    fputs("group,arch,family,layers,seed,verdict,suffices_up_to_length,train_length,test_length,budget,"
          "sequence_accuracy,token_accuracy,longest_prefix_90,final_loss,chance_loss,outcome,chosen,status,seconds\n", f);
    for (int i = 0; i < J->nrows; i++) {
        const lt_paper_row *r = &J->rows[i];
        csv_str(f, r->run.group);
        fprintf(f, ",%s,%s,%d,%" PRIu64 ",%s,%s,%ld,%ld,%g,", r->run.arch, r->family, r->run.layers, r->seed,
                jbool(r->exact), jbool(r->suffices_T), r->run.train_length, r->run.test_length, r->run.budget);
        csv_num(f, "%.4f", r->sequence_accuracy);
        fputc(',', f);
        csv_num(f, "%.4f", r->token_accuracy);
        fputc(',', f);
        csv_long(f, r->longest_prefix_90);
        fputc(',', f);
        csv_num(f, "%.4g", r->final_loss);
        fputc(',', f);
        csv_num(f, "%.4f", r->chance_loss);
        fprintf(f, ",%s,", r->status ? "" : lt_train_outcome_name(r->outcome));
        if (r->chosen) fprintf(f, "try %ld: seed %ld lr %g", r->chosen, r->chosen_seed, r->chosen_lr);
        fputc(',', f);
        csv_str(f, r->status ? r->status : "ok");
        fprintf(f, ",%.0f\n", r->seconds);
    }
}

static void figure2_csv(FILE *f, const lt_paper_job_struct *J)
{
    const lt_paper_figure *F = &J->scale->fig2;
    fputs("depth,seed,arch,longest_prefix_90,longest_prefix_90_test,sequence_accuracy_test,train_length,test_length,"
          "guaranteed_length,guaranteed_length_v1,status\n", f);
    for (int i = 0; i < J->nfig2; i++) {
        const lt_paper_point *p = &J->fig2[i];
        fprintf(f, "%d,%ld,%s,", p->depth, p->seed, F->arch);
        csv_long(f, p->longest_prefix_90);
        fputc(',', f);
        csv_long(f, p->longest_prefix_90_test);
        fputc(',', f);
        csv_num(f, "%.4f", p->sequence_accuracy_test);
        fprintf(f, ",%ld,%ld,%ld,%ld,", F->length, 2 * F->length, (1L << p->depth) - 1, 1L << (p->depth - 1));
        csv_str(f, p->status ? p->status : "ok");
        fputc('\n', f);
    }
}

static void figure3_csv(FILE *f, const lt_paper_job_struct *J)
{
    const lt_paper_figure *F = &J->scale->fig3;
    fputs("depth,seed,arch,mse,zero_mse,mse_at_T,ideal_mse,ideal_step,length,status\n", f);
    for (int i = 0; i < J->nfig3; i++) {
        const lt_paper_point *p = &J->fig3[i];
        fprintf(f, "%d,%ld,%s,", p->depth, p->seed, F->arch);
        csv_num(f, "%.6f", p->mse);
        fprintf(f, ",%.6f,", 1.0 / 3);
        csv_num(f, "%.6f", p->mse_at_T);
        fputc(',', f);
        csv_num(f, "%.3e", p->ideal_mse);
        fprintf(f, ",%s,%ld,", LT_PAPER_IDEAL_STEP, F->length);
        csv_str(f, p->status ? p->status : "ok");
        fputc('\n', f);
    }
}

void lt_write_paper_csv(FILE *f, const lt_paper_job_struct *J, lt_paper_part part)
{
    if (part == LT_PAPER_TABLE) table_csv(f, J);
    else if (part == LT_PAPER_FIGURE2) figure2_csv(f, J);
    else figure3_csv(f, J);
}

/* ---- summary.md ---- */

/* The mean of get over the points of depth that have a finite value; NaN when none. */
static double mean_of(const lt_paper_point *p, int n, int depth, double (*get)(const lt_paper_point *))
{
    double s = 0;
    int k = 0;
    for (int i = 0; i < n; i++)
        if (p[i].depth == depth && !p[i].status && isfinite(get(&p[i]))) { s += get(&p[i]); k++; }
    return k ? s / k : NAN;
}

static double get_lp(const lt_paper_point *p) { return p->longest_prefix_90 >= 0 ? (double)p->longest_prefix_90 : NAN; }
static double get_mse(const lt_paper_point *p) { return p->mse; }
static double get_mse_T(const lt_paper_point *p) { return p->mse_at_T; }

static void md_num(FILE *f, const char *fmt, double v)
{
    if (isfinite(v)) fprintf(f, fmt, v);
    else fputs("-", f);
}

/* The table, a line per run (group, arch, layers), its seeds side by side. */
static void table_md(FILE *f, const lt_paper_job_struct *J)
{
    fputs("| group | arch | layers | lengths | verdict (exact at every length) | sequence accuracy per seed | "
          "longest prefix 90% | outcome per seed |\n|---|---|---|---|---|---|---|---|\n", f);
    for (int i = 0; i < J->nrows;) {
        const lt_paper_row *r0 = &J->rows[i];
        int n = 1;
        while (i + n < J->nrows && !strcmp(J->rows[i + n].run.group, r0->run.group)
               && !strcmp(J->rows[i + n].run.arch, r0->run.arch) && J->rows[i + n].run.layers == r0->run.layers)
            n++;
        const char *v = "-";
        for (int k = 0; k < n; k++)
            if (J->rows[i + k].exact >= -1) { v = jbool(J->rows[i + k].exact); break; }
        fprintf(f, "| %s | %s | %d | %ld/%ld | %s | ", r0->run.group, r0->run.arch, r0->run.layers,
                r0->run.train_length, r0->run.test_length, v);
        for (int k = 0; k < n; k++) {
            const lt_paper_row *r = &J->rows[i + k];
            if (k) fputs(", ", f);
            if (r->status) fputs("failed", f); else fprintf(f, "%.4f", r->sequence_accuracy);
        }
        fputs(" | ", f);
        for (int k = 0; k < n; k++) {
            const lt_paper_row *r = &J->rows[i + k];
            if (k) fputs(", ", f);
            if (r->status) fputs("-", f); else fprintf(f, "%ld", r->longest_prefix_90);
        }
        fputs(" | ", f);
        for (int k = 0; k < n; k++) {
            const lt_paper_row *r = &J->rows[i + k];
            fprintf(f, "%s%s", k ? ", " : "", r->status ? "run failed" : lt_train_outcome_name(r->outcome));
        }
        fputs(" |\n", f);
        i += n;
    }
}

static void outcome_counts(FILE *f, const lt_paper_job_struct *J)
{
    for (int o = 0; o < LT_TRAIN_NOUTCOMES; o++) fprintf(f, "%s%s %ld", o ? ", " : "", lt_train_outcome_name(o), J->outcomes[o]);
    if (J->failed) fprintf(f, ", run failed %ld", J->failed);
}

/* The points of one depth, "a, b" by get (failed where a point has a status). */
static void points_md(FILE *f, const lt_paper_point *p, int n, int depth, const char *fmt, double (*get)(const lt_paper_point *))
{
    for (int i = 0, k = 0; i < n; i++) {
        if (p[i].depth != depth) continue;
        if (k++) fputs(", ", f);
        if (p[i].status) fputs("failed", f);
        else md_num(f, fmt, get(&p[i]));
    }
}

static double get_lp_test(const lt_paper_point *p)
{
    return p->longest_prefix_90_test >= 0 ? (double)p->longest_prefix_90_test : NAN;
}

void lt_write_paper_summary(FILE *f, const lt_paper_job_struct *J, const lt_paper_params *P)
{
    (void)P;
    const lt_paper_scale *S = J->scale;
    fprintf(f, "# lietool: the paper's findings at %s scale\n\n", S->name);
    fprintf(f, "Heo, Ngotiaoco, Irie, Gershman, Sabatini (2026), \"Why Depth Matters in Parallelizable Sequence "
               "Models: A Lie Algebraic View\", on this machine beside lietool's theory. Machine: %ld processors (%s); "
               "the figures' trainings %ld at once; wall time %.0f s (", J->cores, J->cpu ? J->cpu : "unknown CPU",
            J->jobs, J->seconds);
    const char *sep = "";
    if (J->parts & LT_PAPER_TABLE) { fprintf(f, "table %.0f s", J->table_seconds); sep = ", "; }
    if (J->parts & LT_PAPER_FIGURE2) { fprintf(f, "%sfigure 2 %.0f s", sep, J->fig2_seconds); sep = ", "; }
    if (J->parts & LT_PAPER_FIGURE3) fprintf(f, "%sfigure 3 %.0f s", sep, J->fig3_seconds);
    fprintf(f, "). Python: %s; trainer: %s.\n\n", J->python ? J->python : "-", J->trainer ? J->trainer : "-");
    if (J->parts & LT_PAPER_TABLE) {
        fprintf(f, "## The table: which depth learns which group\n\n"
                   "Each row is one run of lietool ssm train (its directory in runs/ holds its words, the trainer's "
                   "settings trainer-job.json, its log and checkpoint, and result.json): words of every length 2 to "
                   "L mixed (about %ld words), tested on %ld held-out words of length T (lengths L/T in the table); "
                   "the checkpoint is chosen on 200 other held-out words of length T; each run trains for at most "
                   "its budget (seconds, in table.csv), less where a try reaches 0.99. verdict: lietool plan's "
                   "exact_at_every_length for the family (true: a construction exists; false: proved impossible; "
                   "null: open). outcome: learned (allowed, sequence accuracy >= 0.9), not learned (allowed, "
                   "below), failed as predicted (not allowed, below), beat the prediction (not allowed, yet >= "
                   "0.9), open.\n\n", S->samples, S->test_samples);
        table_md(f, J);
        fprintf(f, "\nOutcomes over %d runs: ", J->nrows);
        outcome_counts(f, J);
        fprintf(f, ".\n\nWhat confirms the theory is a model that learns where a construction exists (learned: %ld). "
                   "A run that fails where the theory says no model can succeed (failed as predicted: %ld) is "
                   "consistent with it but proves nothing by itself: any failed training looks the same. Not "
                   "learned (%ld) is a training shortfall, not evidence against the theory; beat the prediction "
                   "(%ld) would be evidence against it, or a sign that the test length is too short to tell.\n\n",
                J->outcomes[LT_TRAIN_LEARNED], J->outcomes[LT_TRAIN_FAILED_AS_PREDICTED],
                J->outcomes[LT_TRAIN_NOT_LEARNED], J->outcomes[LT_TRAIN_BEAT_PREDICTION]);
    }
    if (J->parts & LT_PAPER_FIGURE2) {
        const lt_paper_figure *F = &S->fig2;
        fprintf(f, "## Figure 2: A5, the longest prefix at 90%% against depth\n\n"
                   "figure2.svg (training words, as the paper's figure) and figure2.csv (also held-out words of "
                   "length %ld). A5 is not solvable, so no depth tracks it at every length; depth k is proved to "
                   "track words up to length 2^k - 1 (guaranteed; Proposition 3.7, sharp reading; v1: 2^(k-1)), "
                   "through a construction of width about n^T/T that no trained model here has. Trained: %s, "
                   "%ld steps at learning rate %g, one try each.\n\n"
                   "| depth | longest prefix 90%% (training words), per seed | held-out words | mean | guaranteed |\n"
                   "|---|---|---|---|---|\n", 2 * F->length, F->arch, F->steps, F->lr);
        for (int d = 0; d < F->ndepths; d++) {
            int k = F->depths[d];
            fprintf(f, "| %d | ", k);
            points_md(f, J->fig2, J->nfig2, k, "%.0f", get_lp);
            fputs(" | ", f);
            points_md(f, J->fig2, J->nfig2, k, "%.0f", get_lp_test);
            fputs(" | ", f);
            md_num(f, "%.1f", mean_of(J->fig2, J->nfig2, k, get_lp));
            fprintf(f, " | %ld |\n", (1L << k) - 1);
        }
        fputc('\n', f);
    }
    if (J->parts & LT_PAPER_FIGURE3) {
        const lt_paper_figure *F = &S->fig3;
        fprintf(f, "## Figure 3: the rotation task\n\n"
                   "figure3.svg and figure3.csv: the MSE of trained %s models on held-out words (mean over the "
                   "positions 1-%ld and the 3 coordinates), against predicting zero (1/3, since every target is a "
                   "unit vector). The dashed curves are lietool's ideal order-blind model of each depth, computed "
                   "with the rotations scaled to step %s so that each window's Magnus series converges (at the "
                   "task's step 1 it diverges and the truncation says nothing): theory, not a fit to the trained "
                   "models. Token map: %s.\n\n"
                   "| depth | MSE per seed | mean | predicting zero | MSE at T (mean) |\n|---|---|---|---|---|\n",
                F->arch, F->length, LT_PAPER_IDEAL_STEP, map_name(J->map));
        for (int d = 0; d < F->ndepths; d++) {
            int k = F->depths[d];
            fprintf(f, "| %d | ", k);
            points_md(f, J->fig3, J->nfig3, k, "%.4f", get_mse);
            fputs(" | ", f);
            md_num(f, "%.4f", mean_of(J->fig3, J->nfig3, k, get_mse));
            fputs(" | 0.3333 | ", f);
            md_num(f, "%.4f", mean_of(J->fig3, J->nfig3, k, get_mse_T));
            fputs(" |\n", f);
        }
        fputc('\n', f);
    }
    fputs("The checkpoints, their words, settings and logs are in runs/.\n", f);
}

/* ---- the document ---- */

static void put_num(lt_doc *d, const char *label, const char *fmt, double v)
{
    if (isfinite(v)) lt_doc_double(d, label, fmt, v);
    else lt_doc_str(d, label, NULL, "none");
}

static void put_points(lt_doc *d, const char *label, const lt_paper_point *p, int n, int fig3)
{
    lt_doc_list_begin(d, label);
    for (int i = 0; i < n; i++) {
        lt_doc_item_begin(d);
        lt_doc_long(d, "|depth", p[i].depth, NULL);
        lt_doc_long(d, "|seed", p[i].seed, NULL);
        lt_doc_str(d, "|dir", p[i].dir, NULL);
        if (fig3) {
            put_num(d, "|mse", "%.6f", p[i].mse);
            put_num(d, "|mse_at_T", "%.6f", p[i].mse_at_T);
            put_num(d, "|ideal_mse", "%.6g", p[i].ideal_mse);
        } else {
            put_num(d, "|longest_prefix_90", "%.0f", get_lp(&p[i]));
            put_num(d, "|longest_prefix_90_test", "%.0f", get_lp_test(&p[i]));
            put_num(d, "|sequence_accuracy_test", "%.6f", p[i].sequence_accuracy_test);
            lt_doc_long(d, "|guaranteed_length", (1L << p[i].depth) - 1, NULL);
        }
        lt_doc_str(d, "|status", p[i].status ? p[i].status : "ok", NULL);
        lt_doc_item_end(d);
    }
    lt_doc_list_end(d);
}

void lt_write_paper(lt_doc *d, const lt_paper_job_struct *J, const lt_paper_params *P)
{
    if (d->mode == LT_DOC_TEXT) {
        lt_write_paper_summary(d->f, J, P);
        fprintf(d->f, "Written to %s: summary.md, result.json%s%s%s%s%s, runs/.\n", P->out,
                J->parts & LT_PAPER_TABLE ? ", table.csv" : "", J->parts & LT_PAPER_FIGURE2 ? ", figure2.csv" : "",
                J->svgs & LT_PAPER_FIGURE2 ? ", figure2.svg" : "", J->parts & LT_PAPER_FIGURE3 ? ", figure3.csv" : "",
                J->svgs & LT_PAPER_FIGURE3 ? ", figure3.svg" : "");
        return;
    }
    lt_doc_str(d, "|scale", J->scale->name, NULL);
    lt_doc_str(d, "|out", P->out, NULL);
    lt_doc_long(d, "|processors", J->cores, NULL);
    lt_doc_str(d, "|cpu", J->cpu, "unknown");
    lt_doc_double(d, "|seconds", "%.1f", J->seconds);
    if (J->parts & LT_PAPER_TABLE) {
        lt_doc_list_begin(d, "table");
        for (int i = 0; i < J->nrows; i++) {
            const lt_paper_row *r = &J->rows[i];
            lt_doc_item_begin(d);
            lt_doc_str(d, "|group", r->run.group, NULL);
            lt_doc_str(d, "|arch", r->run.arch, NULL);
            lt_doc_str(d, "|family", r->family, NULL);
            lt_doc_long(d, "|layers", r->run.layers, NULL);
            lt_doc_strf(d, "|seed", "%" PRIu64, r->seed);
            lt_doc_long(d, "|train_length", r->run.train_length, NULL);
            lt_doc_long(d, "|test_length", r->run.test_length, NULL);
            lt_doc_double(d, "|budget", "%g", r->run.budget);
            if (r->exact >= -1) lt_doc_json(d, "|exact_at_every_length", "%s", jbool(r->exact));
            if (r->suffices_T >= -1) lt_doc_json(d, "|suffices_up_to_length", "%s", jbool(r->suffices_T));
            if (!r->status) {
                put_num(d, "|sequence_accuracy", "%.6f", r->sequence_accuracy);
                put_num(d, "|token_accuracy", "%.6f", r->token_accuracy);
                lt_doc_long(d, "|longest_prefix_90", r->longest_prefix_90, NULL);
                put_num(d, "|final_loss", "%.6g", r->final_loss);
                put_num(d, "|chance_loss", "%.6g", r->chance_loss);
                lt_doc_str(d, "|outcome", lt_train_outcome_name(r->outcome), NULL);
            }
            lt_doc_str(d, "|status", r->status ? r->status : "ok", NULL);
            lt_doc_double(d, "|seconds", "%.1f", r->seconds);
            lt_doc_item_end(d);
        }
        lt_doc_list_end(d);
        lt_doc_open(d, "outcomes");
        for (int o = 0; o < LT_TRAIN_NOUTCOMES; o++) {
            char key[48];
            snprintf(key, sizeof key, "|%s", lt_train_outcome_name(o));
            lt_doc_long(d, key, J->outcomes[o], NULL);
        }
        lt_doc_long(d, "|run failed", J->failed, NULL);
        lt_doc_close(d);
    }
    if (J->parts & LT_PAPER_FIGURE2) put_points(d, "figure2", J->fig2, J->nfig2, 0);
    if (J->parts & LT_PAPER_FIGURE3) {
        lt_doc_str(d, "|map", map_name(J->map), NULL);
        put_points(d, "figure3", J->fig3, J->nfig3, 1);
    }
}
