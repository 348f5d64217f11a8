/* The Lie-only commands (dimension, killing, radical, closure), with
   their declarations, and center of a Lie algebra: computed by the library, written by lt_write_lie_*
   and lt_write_killing (lietool/write.h). */
#include "doc.h"
#include "lietool/io.h"
#include "lietool/write.h"

int cli_lie_center(cli_opts *o, const lt_liealg_t L)
{
    lt_qspace_t Z;
    lt_qspace_init(Z, L->dim);
    lt_liealg_center(Z, L);
    fmpq_mat_struct *M = lt_liealg_space_matrices(L, Z);
    lt_doc D;
    cli_doc_start(&D, o);
    lt_write_lie_space(&D, o->object, ": the center", L, Z, M, 0);
    lt_doc_end(&D, NULL);
    lt_liealg_space_matrices_clear(M, Z->rank);
    lt_qspace_clear(Z);
    return 0;
}

#define LIE_COMMON (CLI_O_JSON | CLI_O_LATEX | CLI_O_LIE_LIMITS)
const cli_decl cli_dimension_decl = {.common = LIE_COMMON | CLI_O_FLOAT, CLI_ALGEBRA_ARGS};
const cli_decl cli_killing_decl = {.common = LIE_COMMON | CLI_O_FLOAT, CLI_ALGEBRA_ARGS};
const cli_decl cli_radical_decl = {.common = LIE_COMMON, CLI_ALGEBRA_ARGS};
static const cli_choice formats[] = {{"text", 0, 0}, {"json", 1, 0}, {"gap", 2, 0}, {NULL, 0, 0}};
static const cli_optdecl closure_opts[] = {
    {.name = "--format", .kind = CLI_ENUM, .in_opts = 1, CLI_AT(cli_opts, format, int), .choices = formats, .meta = "gap",
     .group = CLI_G_OUTPUT, .help = "text, json (as --json), or gap: GAP's structure-constant table"},
    {0}
};
const cli_decl cli_closure_decl = {.common = LIE_COMMON | CLI_O_FLOAT, .opts = closure_opts, CLI_ALGEBRA_ARGS};

int cli_lie_cmd(int argc, char **argv, const lt_cmd *self)
{
    int what = self->arg;
    cli_opts o;
    cli_object X;
    int r = cli_open_object(&o, &X, argc, argv, self);
    if (r >= 0) return r;
    if (X.is_float) {                                  /* dimension, closure, killing */
        r = what == CLI_LIE_KILLING ? cli_float_killing(&o, &X) : cli_float_dimension(&o, &X);
        cli_close_object(&o, &X);
        return r;
    }
    const lt_liealg_struct *L = X.L;
    lt_doc D, *d = &D;
    if (what == CLI_LIE_CLOSURE && o.gap) {           /* closure as GAP's table */
        lt_io_write_gap_table(stdout, X.L);
        cli_close_object(&o, &X);
        return 0;
    }
    cli_doc_start(d, &o);
    if (what == CLI_LIE_DIMENSION) lt_write_lie_dimension(d, o.object, L->dim);
    else if (what == CLI_LIE_KILLING) {
        fmpq_mat_t K;
        fmpq_mat_init(K, L->dim, L->dim);
        lt_write_killing(d, o.object, K, lt_liealg_killing_form(K, X.L));
        fmpq_mat_clear(K);
    } else {                                           /* radical, closure: a basis */
        lt_qspace_t S;
        lt_qspace_init(S, L->dim);
        if (what == CLI_LIE_RADICAL) lt_liealg_radical(S, X.L); else lt_qspace_full(S, L->dim);
        fmpq_mat_struct *M = lt_liealg_space_matrices(X.L, S);
        lt_write_lie_space(d, o.object, what == CLI_LIE_RADICAL ? ": the radical" : ": a basis", X.L, S, M,
                           what == CLI_LIE_CLOSURE);
        lt_liealg_space_matrices_clear(M, S->rank);
        lt_qspace_clear(S);
    }
    lt_doc_end(d, NULL);
    cli_close_object(&o, &X);
    return 0;
}
