/* lietool's one static, alphabetical command table, and `lietool help`:
   `lietool help` and `lietool CMD -h` come from it. */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "lietool/io.h"

/* "  named: A B C" wrapped at 78 columns (the files of algebras/SUB). */
static void print_named(const char *sub, const char *ext)
{
    char **names;
    int n = lt_io_named(sub, ext, &names);
    int col = 0;
    for (int i = 0; i < n; i++) {
        int l = (int)strlen(names[i]);
        if (col && col + 1 + l > 78) { printf("\n"); col = 0; }
        if (col == 0) col = printf("  named:");
        col += printf(" %s", names[i]);
        lt_free(names[i]);
    }
    if (col) printf("\n");
    lt_free(names);
}

const lt_cmd lt_commands[] = {
    {"bch", cmd_bch, "the Baker-Campbell-Hausdorff series log(e^X e^Y) to degree N, exact, in the Lyndon basis; or the coefficient of one word", &cli_bch_decl, 0},
    {"center", cmd_center, "the centre: of a group its order and generators, of a Lie algebra a basis", &cli_center_decl, 0},
    {"character-table", cmd_character_table, "the character table of a group (Dixon-Schneider), its indicators, real representations and reflection lengths", &cli_character_table_decl, 0},
    {"chief-series", cli_compser_cmd, "a chief series of a group: its orders and each factor (elementary abelian p^k, or k copies of a non-abelian simple group, named)", &cli_chief_series_decl, 1},
    {"closure", cli_lie_cmd, "a basis of the Lie algebra (of LieAlgebra(Rationals, [...]): the matrices it generates), or GAP's structure-constant table", &cli_closure_decl, CLI_LIE_CLOSURE},
    {"composition-factors", cli_compser_cmd, "a composition series of a group: its orders and each factor (cyclic of prime order, or a non-abelian simple group, named)", &cli_composition_factors_decl, 0},
    {"conjugacy-classes", cmd_conjugacy_classes, "the conjugacy classes of a group: representative, size and element order of each (random search, certified total)", &cli_conjugacy_classes_decl, 0},
    {"dataset", cmd_dataset, "word-problem datasets: the CSV (seed,input,target) of random words and their prefix products, or the check of one", &cli_dataset_decl, 0},
    {"derived-length", cli_series_length_cmd, "length of the derived series, or 'not solvable'", &cli_derived_length_decl, 0},
    {"derived-series", cli_series_cmd, "orders (groups) or dimensions (Lie algebras) of G > G' > G'' > ...", &cli_derived_series_decl, 0},
    {"dimension", cli_lie_cmd, "the dimension of a Lie algebra", &cli_dimension_decl, CLI_LIE_DIMENSION},
    {"error-bound", cmd_error_bound, "the error exponent of a depth-k order-blind stack, k = 1..8 (arXiv 2603.05573, Corollary 3.6, v1 or sharp reading)", &cli_error_bound_decl, 0},
    {"explain", cmd_explain, "the reasoning behind an answer (derived-series, lower-central-series, solvable, nilpotent, perfect, abelian, min-depth, isomorphic) with witnesses checked by the engine", &cli_explain_decl, 0},
    {"help", cmd_help, "list the commands, one command's usage, or the object grammar", &cli_help_decl, 0},
    {"info", cmd_info, "the whole algebraic profile of a group or a Lie algebra", &cli_info_decl, 0},
    {"is-abelian", cli_predicate_cmd, "exit 0 if abelian, 1 if not", &cli_is_abelian_decl, CLI_PRED_ABELIAN},
    {"is-nilpotent", cli_predicate_cmd, "exit 0 if nilpotent, 1 if not", &cli_is_nilpotent_decl, CLI_PRED_NILPOTENT},
    {"is-perfect", cli_predicate_cmd, "exit 0 if the object equals its derived subgroup or subalgebra, 1 if not", &cli_is_perfect_decl, CLI_PRED_PERFECT},
    {"is-semisimple", cli_predicate_cmd, "exit 0 if the Killing form is non-degenerate (Cartan's criterion), 1 if not", &cli_is_semisimple_decl, CLI_PRED_SEMISIMPLE},
    {"is-solvable", cli_predicate_cmd, "exit 0 if solvable, 1 if not", &cli_is_solvable_decl, CLI_PRED_SOLVABLE},
    {"isomorphic", cmd_isomorphic, "exit 0 and an isomorphism if the groups are isomorphic, 1 and an invariant that differs if not", &cli_isomorphic_decl, 0},
    {"killing", cli_lie_cmd, "the Killing form tr(ad x ad y) in the algebra's basis", &cli_killing_decl, CLI_LIE_KILLING},
    {"lower-central-series", cli_series_cmd, "G > [G,G] > [[G,G],G] > ... (stops when a term repeats)", &cli_lower_central_series_decl, 1},
    {"lyndon", cmd_lyndon, "the Lyndon basis of the free Lie algebra on R letters up to degree N (letters X Y Z, or a b c ... for R >= 4)", &cli_lyndon_decl, 0},
    {"magnus", cmd_magnus, "the Magnus expansion log(exp(A_wT) ... exp(A_w1)) of a word to order K, exact, in the Lyndon basis", &cli_magnus_decl, 0},
    {"min-depth", cmd_min_depth, "the order-blind (abelian) and restricted layers the object needs; with --length T the logarithmic bound and its width", &cli_min_depth_decl, 0},
    {"nilpotency-class", cli_series_length_cmd, "length of the lower central series, or 'not nilpotent'", &cli_nilpotency_class_decl, 1},
    {"order", cmd_order, "the order of the group (exact)", &cli_order_decl, 0},
    {"plan", cmd_plan, "the theory's verdict for K layers of a family on a task: exact at every length, proved impossible or open, each claim with its source", &cli_plan_decl, 0},
    {"radical", cli_lie_cmd, "the solvable radical of a Lie algebra: its dimension and a basis", &cli_radical_decl, CLI_LIE_RADICAL},
    {"rep", cmd_rep, "check that FILE's matrices for group elements extend to a homomorphism: the first failing relation, distinct images, faithfulness", &cli_rep_decl, 0},
    {"report", cmd_report, "one page: algebraic profile, minimum depths, error exponents and the word problem's complexity, with sources", &cli_report_decl, 0},
    {"ssm", cmd_ssm, "the state-space-model simulator: abelian cascades for solvable groups, finite-precision drift, parallel scans, the rotation task, trained checkpoints ('lietool ssm SUBCOMMAND -h')", &cli_ssm_decl, 0},
    {"table", cmd_table, "the Cayley table in the word-problem generator's element order (or GAP's), as abstract_algebra JSON", &cli_table_decl, 0},
    {"upper-central-series", cli_series_cmd, "orders (groups) or dimensions (Lie algebras) of the upper central series, largest first, down to 1 or 0", &cli_upper_central_series_decl, 2},
};
const int lt_ncommands = (int)(sizeof lt_commands / sizeof lt_commands[0]);

/* Suggests the commands within edit distance 2 (no prefixes are accepted). */
void cli_unknown_command(const char *name)
{
    char sugg[256] = "";
    size_t la = strlen(name);
    for (int i = 0; i < lt_ncommands && la < 64; i++) {
        const char *b = lt_commands[i].name;
        if (lt_edit_distance(name, b) <= 2) {
            size_t l = strlen(sugg);
            snprintf(sugg + l, sizeof sugg - l, "%s'%s'", l ? " or " : "", b);
        }
    }
    if (*sugg) fprintf(stderr, "lietool: unknown command '%s' (did you mean %s?)\n", name, sugg);
    else fprintf(stderr, "lietool: unknown command '%s' (see 'lietool help')\n", name);
}

const cli_decl cli_help_decl = {
    .args = "[COMMAND [SUBCOMMAND] | groups | algebras]", .min_args = 0, .max_args = 2, .what = "a command and its subcommand",
};

int cmd_help(int argc, char **argv, const lt_cmd *self)
{
    cli_opts o = {0};
    int r = self ? cli_getopts(&o, NULL, argc, argv, self, NULL) : -1;
    const char *what = o.npos ? o.pos[0] : NULL, *sub = o.npos > 1 ? o.pos[1] : NULL;
    cli_free(&o);
    if (r >= 0) return r;
    if (what && strcmp(what, "groups") == 0) {
        fputs(lt_io_grammar(0), stdout);
        print_named("groups", ".grp");
        return 0;
    }
    if (what && strcmp(what, "algebras") == 0) {
        fputs(lt_io_grammar(1), stdout);
        print_named("lie", ".lie");
        return 0;
    }
    if (what) {
        for (int i = 0; i < lt_ncommands; i++) {
            const lt_cmd *c = &lt_commands[i];
            if (strcmp(what, c->name) != 0) continue;
            if (!sub) return cli_usage(c, stdout);
            for (int j = 0; c->decl && c->decl->subs && c->decl->subs[j]; j++)
                if (c->decl->subs[j]->name && strcmp(sub, c->decl->subs[j]->name) == 0)
                    return cli_usage_sub(c, c->decl->subs[j], stdout);
            return cli_usage_error(self, NULL, "%s has no subcommand '%s'", c->name, sub);
        }
        cli_unknown_command(what);
        return CLI_USAGE;
    }
    printf("usage: lietool <command> [options] <object>...\n\ncommands:\n");
    for (int i = 0; i < lt_ncommands; i++)
        printf("  %-22s %s\n", lt_commands[i].name, lt_commands[i].summary);
    printf("\n'lietool help groups' lists the group names; 'lietool COMMAND -h' a command's usage.\n"
           "Exit status: 0 ok (predicates: yes), 1 predicate no, 2 usage, 3 invalid input,\n"
           "4 resource limit, 5 numerical failure, 70 internal error.\n");
    return 0;
}

