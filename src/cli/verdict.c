/* The theory verdict as text and JSON (verdict.h). */
#include <math.h>
#include "cli.h"
#include "verdict.h"
#include "lietool/json.h"

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
