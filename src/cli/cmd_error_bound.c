/* lietool error-bound: for depths k = 1..8 (or --depth K), the class c(k)
   of the nilpotent truncation a depth-k order-blind stack reaches (2^(k-1)
   as published in v1 of Heo et al. 2026, arXiv:2603.05573; 2^k - 1 with
   --bound sharp), the exponent of its local error O(eps^(c(k)+1))
   (Corollary 3.6), and, when eps is known (--eps, or the generator mass of
   --rep FILE or of LieAlgebra(...) generators: lt_depth_mass_*), the
   number eps^(c(k)+1) (MPFR, correctly rounded, so that large exponents
   neither underflow nor overflow), or, at eps >= pi, that the Magnus
   series need not converge (lt_depth_magnus_converges). A solvable object
   of derived length d is simulated exactly from depth d on (Theorem 3.4). */
#include <ctype.h>
#include <string.h>
#include "depth.h"
#include "doc.h"
#include "lietool/io.h"
#include "lietool/job.h"

#define DEPTHS 8

static const cli_optdecl error_bound_opts[] = {
    CLI_DEPTH_BOUND(NULL),
    {.name = "--layers", .alias = "--depth", CLI_LONG_AT(cli_depth_opts, one_depth), .meta = "K", .min = 1, .max = LT_ERROR_MAX_DEPTH,
     .help = "that depth only (default: the table of k = 1..8)"},
    {.name = "--eps", CLI_CUSTOM_AT(cli_depth_opts, eps), .parse = cli_depth_read_eps, .meta = "E",
     .want = "a positive number (0.1, 1e-3 or 1/8)", .help = "the generator mass (instead of the one computed from the task)"},
    {.name = "--rep", CLI_STRING_AT(cli_depth_opts, rep), .meta = "FILE",
     .help = "a representation of the group: eps from the logarithms of its matrices"},
    {.name = "--model", CLI_STRING_AT(cli_depth_opts, model), .meta = "DIR",
     .help = "a trained checkpoint for the group's word problem: eps from its first layer's transitions"},
    {.name = "--offset", CLI_LONG_AT(cli_depth_opts, offset), .meta = "N", .min = 0, .max = 1000000, .needs = "--model",
     .help = "element i is token N + i of --model (default 0)"},
    {.name = "--step", CLI_CUSTOM_AT(cli_depth_opts, step), .parse = cli_depth_read_eps, .meta = "H",
     .want = "a positive number (0.1, 1e-3 or 1/8)", .help = "each generator acts for time H (default 1)"},
    {0}
};

const cli_decl cli_error_bound_decl = {.common = CLI_O_JSON | CLI_O_LATEX | CLI_O_LIMITS | CLI_O_TOL, .opts = error_bound_opts,
                                       CLI_OBJECT_ARGS};

/* eps: --eps, else the mass M of --rep FILE, --model DIR or of the
   object's LieAlgebra(...) generators at --step h (default 1), else none;
   *source says which. -1 to go on, or an exit status (message printed). */
static int eps_of_task(lt_eps_source *source, lt_depth_mass_t M, fmpq_t h, cli_opts *o, cli_depth_opts *d,
                       const cli_depth_profile *P)
{
    int has_step = fmpq_sgn(d->step) > 0, is_lie = P->p->is_lie;
    *source = LT_EPS_NONE;
    const char *s = o->object;
    while (isspace((unsigned char)*s)) s++;
    int gens = is_lie && strncmp(s, "LieAlgebra", 10) == 0;
    if (d->has_eps && (has_step || d->rep || d->model))
        return cli_usage_error(o->cmd, o->sub, "--eps E is the generator mass itself; --rep FILE, --model DIR and --step H compute it");
    if (d->model && (d->rep || has_step))
        return cli_usage_error(o->cmd, o->sub, "--model DIR takes its generators and their step sizes from the checkpoint");
    if (d->model && is_lie)
        return cli_usage_error(o->cmd, o->sub, "--model DIR is a checkpoint for a group's word problem, and '%s' is a Lie algebra", o->object);
    if (d->rep && is_lie)
        return cli_usage_error(o->cmd, o->sub, "--rep FILE is a representation of a group, and '%s' is a Lie algebra", o->object);
    if (has_step && !d->rep && !gens)
        return cli_usage_error(o->cmd, o->sub, "--step H scales the generators of --rep FILE or of LieAlgebra(Rationals, [...])");
    lt_task_mass_params tp = {.spec = o->object, .is_lie = is_lie, .eps = d->has_eps ? d->eps : NULL, .rep = d->rep,
                              .model = d->model, .offset = d->offset, .step = has_step ? d->step : NULL,
                              .tol = o->tol};
    lt_err_t err;
    lt_err_init(err);
    lt_status st = lt_task_mass(source, M, h, &tp, P->X->G, o->ctx, err);
    return st ? cli_fail(err) : -1;
}

static int run(cli_opts *o, cli_depth_opts *d, cli_depth_profile *P)
{
    lt_eps_source source;
    lt_depth_mass_t M;
    fmpq_t h;
    lt_depth_mass_init(M);
    fmpq_init(h);
    int r = eps_of_task(&source, M, h, o, d, P);
    if (r < 0) {
        int k0 = d->one_depth ? (int)d->one_depth : 1, k1 = d->one_depth ? (int)d->one_depth : DEPTHS;
        lt_depth_error_t E;
        lt_depth_error_init(E);
        lt_depth_error_bound(E, P->p->derived_length, k0, k1, (lt_bound)d->bound, source, M, h);
        lt_write_eps_params wp = {o->object, d->rep, d->model, LT_TASK_MASS_WORDS, LT_TASK_MASS_LENGTH, d->offset};
        lt_doc D;
        cli_doc_start(&D, o);
        lt_write_error_bound(&D, P->p, E, &wp);
        cli_depth_end(&D, o, P);
        lt_depth_error_clear(E);
    }
    lt_depth_mass_clear(M);
    fmpq_clear(h);
    return r < 0 ? 0 : r;
}

int cmd_error_bound(int argc, char **argv, const lt_cmd *self)
{
    return cli_depth_run(argc, argv, self, 0, run);
}
