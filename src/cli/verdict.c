/* The theory verdict as text and JSON (verdict.h). */
#include <math.h>
#include <string.h>
#include "cli.h"
#include "verdict.h"
#include "lietool/json.h"
#include "tex.h"
#include "lietool/io.h"

const char *cli_verdict_word(int v)
{
    return v > 0 ? "yes" : v == 0 ? "no" : "open";
}

static void put_tri(FILE *f, int v)
{
    fputs(v > 0 ? "true" : v == 0 ? "false" : "null", f);
}

static void put_count(FILE *f, long v)
{
    if (v < 0) fputs("null", f); else fprintf(f, "%ld", v);
}

void cli_verdict_json(FILE *f, const lt_plan_verdict_t V)
{
    char fam[32];
    fprintf(f, "{\"family\": \"%s\", \"layers\": %ld, \"length\": ", lt_arch_name(fam, sizeof fam, &V->arch), V->layers);
    put_count(f, V->length > 0 ? V->length : -1);
    fprintf(f, ", \"bound\": \"%s\", \"exact_at_every_length\": ", lt_depth_bound_name(V->bound));
    put_tri(f, V->exact);
    fprintf(f, ", \"impossible_at_every_depth\": %s, \"fewest_layers_known_to_suffice\": ",
            V->impossible_every_depth ? "true" : "false");
    put_count(f, V->fewest_suffice);
    fputs(", \"most_layers_known_not_to_suffice\": ", f);
    put_count(f, V->most_not);
    fputs(", \"suffices_up_to_length\": ", f);
    if (V->length > 0) put_tri(f, V->suffices_T); else fputs("null", f);
    if (V->length > 0 && V->log_layers[0])
        fprintf(f, ", \"log_depth_layers\": {\"v1\": %d, \"sharp\": %d}", V->log_layers[0], V->log_layers[1]);
    else fputs(", \"log_depth_layers\": null", f);
    fputs(", \"width\": ", f);
    if (mpz_sgn(V->width) > 0) cli_put_mpz(f, V->width, 1); else fputs("null", f);
    fputs(", \"width_log10\": ", f);
    if (V->width_log10 >= 0) fprintf(f, "%.2f", V->width_log10); else fputs("null", f);
    fputs(", \"assumption\": ", f);
    if (V->assumption) lt_json_put_string(f, V->assumption); else fputs("null", f);
    fputs(", \"claims\": [", f);
    for (int i = 0; i < V->nclaims; i++) {
        fputs(i ? ", {\"claim\": " : "{\"claim\": ", f);
        lt_json_put_string(f, V->claims[i].claim);
        fputs(", \"source\": ", f);
        lt_json_put_string(f, V->claims[i].source);
        fputs("}", f);
    }
    fputs("]}", f);
}

void cli_verdict_text(FILE *f, const lt_plan_verdict_t V, const char *object, const char *indent)
{
    char fam[32];
    lt_arch_name(fam, sizeof fam, &V->arch);
    fprintf(f, "%s%ld %s layer%s on %s:\n", indent, V->layers, fam, V->layers == 1 ? "" : "s", object);
    const char *why = V->exact == 0 ? " (proved impossible)" : V->exact > 0 ? " (a construction exists)" : " (no result decides it)";
    fprintf(f, "%s  %-34s %s%s\n", indent, "exact at every length", cli_verdict_word(V->exact), why);
    if (V->assumption) fprintf(f, "%s  %-34s %s\n", indent, "assuming", V->assumption);
    if (V->impossible_every_depth)
        fprintf(f, "%s  %-34s %s\n", indent, "layers known to suffice", "none: no depth is exact at every length");
    else {
        fprintf(f, "%s  %-34s ", indent, "fewest layers known to suffice");
        if (V->fewest_suffice < 0) fputs("none known\n", f); else fprintf(f, "%ld\n", V->fewest_suffice);
        fprintf(f, "%s  %-34s ", indent, "most layers known not to suffice");
        if (V->most_not < 0) fputs("none\n", f); else fprintf(f, "%ld\n", V->most_not);
    }
    if (V->length > 0) {
        char key[64];
        snprintf(key, sizeof key, "suffices up to length %ld", V->length);
        fprintf(f, "%s  %-34s %s\n", indent, key, cli_verdict_word(V->suffices_T));
    }
    fprintf(f, "%s  because:\n", indent);
    for (int i = 0; i < V->nclaims; i++) {
        fprintf(f, "%s  - %s", indent, V->claims[i].claim);
        if (*V->claims[i].source) fprintf(f, " (%s)", V->claims[i].source);
        fputc('\n', f);
    }
}

void cli_verdict_latex(FILE *f, const lt_plan_verdict_t V, const char *object)
{
    char fam[32], head[128];
    snprintf(head, sizeof head, ": %ld %s layer%s", V->layers, lt_arch_name(fam, sizeof fam, &V->arch),
             V->layers == 1 ? "" : "s");
    cli_tex_heading_object(f, object, head);
    cli_tex_table_begin(f);
    cli_tex_table_row(f, "exact at every length", V->exact > 0 ? "yes (a construction exists)"
                      : V->exact == 0 ? "no (proved impossible)" : "open (no result decides it)");
    if (V->assumption) { cli_tex_table_key(f, "assuming"); fputs("$", f); cli_tex_math(f, V->assumption); fputs("$", f); cli_tex_table_row_end(f); }
    if (V->impossible_every_depth) cli_tex_table_row(f, "layers known to suffice", "none: no depth is exact at every length");
    else {
        cli_tex_row_num(f, "fewest layers known to suffice", V->fewest_suffice, "none known");
        cli_tex_row_num(f, "most layers known not to suffice", V->most_not, "none");
    }
    if (V->length > 0) {
        char key[64];
        snprintf(key, sizeof key, "suffices up to length %ld", V->length);
        cli_tex_table_row(f, key, cli_verdict_word(V->suffices_T));
    }
    cli_tex_table_end(f);
    fputs("\\begin{itemize}\n", f);
    for (int i = 0; i < V->nclaims; i++) {
        fputs("\\item ", f);
        cli_tex_text(f, V->claims[i].claim);
        if (*V->claims[i].source) { fputs(" (", f); cli_tex_text(f, V->claims[i].source); fputs(")", f); }
        fputc('\n', f);
    }
    fputs("\\end{itemize}\n", f);
}

int cli_read_arch(void *dst, const char *v)
{
    cli_arch_opt *A = dst;
    A->given = 1;
    return lt_arch_parse(&A->a, v);
}

int cli_verdict_compute(lt_plan_verdict_t V, const cli_object *X, const lt_arch *a, long k, long T, lt_bound b,
                        const cli_opts *o)
{
    lt_plan_task_t P;
    lt_err_t err;
    lt_err_init(err);
    lt_plan_task_init(P);
    lt_status st = X->is_lie ? lt_plan_task_liealg(P, X->L, o->ctx, err)
                             : lt_plan_task_group(P, (lt_pgrp_struct *)X->G, o->ctx, err);
    if (!st) st = lt_plan(V, P, a, k, T, b, o->ctx, err);
    lt_plan_task_clear(P);
    return st ? cli_fail(err) : -1;
}

void cli_verdict_after(const cli_opts *o, const lt_plan_verdict_t V, const char *task)
{
    if (o->json) { fputs(", \"verdict\": ", stdout); cli_verdict_json(stdout, V); }
    else if (o->latex) cli_verdict_latex(stdout, V, task);
    else { putchar('\n'); cli_verdict_text(stdout, V, task, ""); }
}

int cli_verdict_group(lt_plan_verdict_t V, const char *spec, const lt_arch *a, long k, long T, lt_bound b,
                      const cli_opts *o)
{
    cli_object X;
    memset(&X, 0, sizeof X);
    lt_pgrp_init(X.G, 1);
    lt_liealg_init(X.L);
    lt_err_t err;
    lt_err_init(err);
    int r = -1;
    if (lt_io_group(X.G, NULL, spec, o->ctx, err) || lt_pgrp_chain(X.G, NULL, o->ctx, err)) r = cli_fail(err);
    else r = cli_verdict_compute(V, &X, a, k, T, b, o);
    lt_pgrp_clear(X.G);
    lt_liealg_clear(X.L);
    return r;
}
