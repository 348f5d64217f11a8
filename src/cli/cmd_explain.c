/* lietool explain QUESTION OBJECT: the reasoning behind an answer, with
   witnesses the engine has checked before printing them (lt_explain_job,
   lietool/job.h), written by lt_write_explain_* (lietool/write.h).
   Questions: derived-series, lower-central-series, solvable, nilpotent,
   perfect, abelian, min-depth; `explain isomorphic G H`, the isomorphism
   or the invariant that differs; and `explain commutator
   translations|rotations`, the classic contrast (lt_free_contrast). */
#include <string.h>
#include "cli.h"
#include "depth.h"
#include "doc.h"
#include "lietool/job.h"
#include "lietool/write.h"

typedef struct {
    cli_arch_opt arch;
    long depth;
    unsigned long length;
    int bound;
} ex_opts;

static const cli_optdecl question_opts[] = {
    {.name = "--arch", CLI_CUSTOM_AT(ex_opts, arch), .parse = cli_read_arch, .meta = "FAMILY", .want = CLI_ARCH_WANT,
     .help = "min-depth: also the theory's verdict for K layers of this family (as lietool plan prints it)"},
    {.name = "--layers", .alias = "--depth", CLI_LONG_AT(ex_opts, depth), .meta = "K", .min = 1, .max = 1000000,
     .help = "the layers of that verdict (with --arch)"},
    {.name = "--length", CLI_ULONG_AT(ex_opts, length), .meta = "T", .min = 1, .max = 1000000000000000000UL,
     .help = "that verdict for words of length at most T too"},
    {.name = "--bound", CLI_ENUM_AT(ex_opts, bound), .choices = cli_depth_bounds,
     .help = "that verdict's reading of Proposition 3.7: sharp (default) or v1 (superseded)"},
    {0}
};

/* Starts the output of a question: JSON, the keys object and command;
   LaTeX, the comment line (naming the question too); the prose's @ is the
   object. */
static void begin(lt_doc *d, cli_opts *o)
{
    o->pos--; o->npos++;
    cli_doc_begin(d, o, NULL, NULL);
    o->pos++; o->npos--;
    d->object = o->object;
}

/* explain isomorphic G H, after lt_pgrp_isomorphism: an isomorphism found
   is checked along the Cayley graph of G before it is printed. */
static int print_isomorphic(cli_opts *o, const char *const *obj, lt_pgrp_t G, lt_pgrp_t H, lt_pgrp_iso_t R, const lt_cmd *self)
{
    (void)self;
    lt_err_t err;
    lt_err_init(err);
    long long products;
    if (lt_explain_isomorphic_check(&products, G, H, R, o->ctx, err)) return cli_fail(err);
    cli_opts oc = *o;
    oc.object = (char *)obj[0];
    lt_doc d;
    cli_doc_begin(&d, &oc, NULL, NULL);
    d.object = obj[0];
    lt_write_explain_isomorphic(&d, R, G, H, obj[1], products);
    lt_doc_end(&d, NULL);
    return R->isomorphic ? 0 : 1;
}

/* explain commutator translations|rotations (the subcommand sub). */
static int commutator(int argc, char **argv, const lt_cmd *self, const cli_decl *sub)
{
    cli_opts o;
    int r = cli_getopts(&o, NULL, argc, argv, self, sub);
    if (r >= 0) { cli_free(&o); return r; }
    int rot = strcmp(o.pos[0], "rotations") == 0;
    if (!rot && strcmp(o.pos[0], "translations") != 0) {
        r = cli_usage_error(self, sub, "expected translations or rotations, not '%s'", o.pos[0]);
        cli_free(&o);
        return r;
    }
    lt_err_t err;
    lt_err_init(err);
    lt_contrast_t R;
    lt_contrast_init(R, 128);       /* at least 128 bits for the check within 2^-100 */
    if (lt_free_contrast(R, rot ? LT_CONTRAST_ROTATIONS : LT_CONTRAST_TRANSLATIONS, o.ctx, err)) r = cli_fail(err);
    else {
        lt_doc d;
        cli_doc_begin(&d, &o, NULL, NULL);
        lt_write_explain_commutator(&d, R);
        lt_doc_end(&d, NULL);
        r = 0;
    }
    lt_contrast_clear(R);
    cli_free(&o);
    return r;
}

static const cli_decl question_decl = {
    .common = CLI_O_LIMITS, .opts = question_opts, .args = "QUESTION OBJECT", .min_args = 1, .max_args = -1, .what = "question", .kind = CLI_OBJECT,
};
static const cli_decl isomorphic_decl = {
    .name = "isomorphic", .summary = "the isomorphism, checked along the Cayley graph, or the invariant that differs",
    .common = CLI_O_GROUP_LIMITS | CLI_O_MAX_ENUM, .args = "GROUP GROUP", .min_args = 0, .max_args = -1,
    .what = "two groups", .kind = CLI_GROUP,
};
static const cli_decl commutator_decl = {
    .name = "commutator", .summary = "translations commute and rotations do not: the exact bracket and its BCH term",
    .args = "translations|rotations", .min_args = 1, .max_args = 1, .what = "translations or rotations",
};
static const cli_decl *const explain_subs[] = {&question_decl, &isomorphic_decl, &commutator_decl, NULL};
const cli_decl cli_explain_decl = {.common = CLI_O_JSON | CLI_O_LATEX, .subs = explain_subs};

int cmd_explain(int argc, char **argv, const lt_cmd *self)
{
    int r = -1;
    const cli_decl *sub = cli_find_sub(self, argc, argv, &r);
    if (!sub) return r;
    if (sub == &commutator_decl) return commutator(argc, argv, self, sub);
    if (sub == &isomorphic_decl) return cli_isomorphic_with(argc, argv, self, sub, print_isomorphic);
    cli_opts o;
    cli_object X;
    ex_opts eo = {.bound = LT_BOUND_DEFAULT};
    if ((r = cli_getopts(&o, &eo, argc, argv, self, sub)) >= 0) { cli_free(&o); return r; }
    int q = -1;
    for (int i = 0; i < LT_EXPLAIN_NQUESTIONS; i++) if (strcmp(o.pos[0], lt_write_explain_question(i)) == 0) q = i;
    if (q < 0)
        r = cli_usage_error(self, NULL, "unknown question '%s' (derived-series, lower-central-series, solvable, "
                            "nilpotent, perfect, abelian, min-depth, isomorphic, commutator)", o.pos[0]);
    else if ((eo.arch.given || eo.depth || eo.length) && (q != LT_EXPLAIN_MIN_DEPTH || !eo.arch.given || !eo.depth))
        r = cli_usage_error(self, sub, "--arch FAMILY and --layers K (and --length, --bound) go together, with min-depth");
    if (r >= 0) { cli_free(&o); return r; }
    /* the object: the operands after the question */
    o.pos++;
    o.npos--;
    lt_plan_verdict_t V;
    lt_plan_verdict_init(V);
    int verdict = 0;
    if ((r = cli_load_object(&o, &X, self)) < 0 && eo.arch.given) {
        r = cli_verdict_compute(V, &X, &eo.arch.a, eo.depth, (long)eo.length, (lt_bound)eo.bound, &o);
        verdict = r < 0;
    }
    lt_explain_job_t J;
    lt_explain_job_init(J);
    lt_err_t err;
    lt_err_init(err);
    if (r < 0 && lt_explain_job(J, q, X.is_lie ? NULL : X.G, X.L, o.ctx, err)) r = cli_fail(err);
    else if (r < 0) {
        lt_doc d;
        begin(&d, &o);
        lt_write_explain(&d, J, X.G, X.L);
        /* min-depth --arch: the verdict of lietool plan after the explanation */
        if (verdict) lt_write_verdict_after(&d, V, o.object);
        lt_doc_end(&d, NULL);
        r = J->no;
    }
    lt_explain_job_clear(J);
    lt_plan_verdict_clear(V);
    o.pos--;
    o.npos++;
    cli_close_object(&o, &X);
    return r;
}
