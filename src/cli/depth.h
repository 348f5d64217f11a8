/* Shared by the depth commands (min-depth, error-bound, report): their own
   options and the part of the object's profile the theory needs. */
#ifndef LT_CLI_DEPTH_H
#define LT_CLI_DEPTH_H

#include <flint/fmpq.h>
#include "cli.h"
#include "lietool/depth.h"
#include "verdict.h"
#include "doc.h"

typedef struct {
    int bound;              /* lt_bound: --bound v1|sharp, default LT_BOUND_DEFAULT */
    int layers;             /* --layers: 0 not given, 1 abelian, 2 restricted */
    unsigned long length;   /* --length T, 0 when not given */
    uint64_t tokens;        /* --tokens N, 0 when not given */
    long max_digits;        /* --max-digits, default 100000 */
    int has_eps;
    fmpq_t eps;             /* --eps E, exact */
    cli_arch_opt arch;      /* --arch FAMILY: also the theory's verdict (lt_plan) */
    long depth;             /* --depth K: its layers */
    /* error-bound */
    long one_depth;         /* --depth K: that row of the table only, 0 for all */
    fmpq_t step;            /* --step H, exact; 0 when not given */
    const char *rep;        /* --rep FILE, or NULL */
    const char *model;      /* --model DIR, or NULL */
    long offset;            /* --offset N: the token of element 0 */
} cli_depth_opts;

/* The depth options, for the declarations of min-depth, error-bound and
   report: --bound's and --layers' choices, --eps's reader (a positive
   rational: 0.1, 1e-3 or 1/8), and the ceiling of --length and --tokens
   (the theory's length, never allocated). */
extern const cli_choice cli_depth_bounds[], cli_depth_layer_kinds[];
int cli_depth_read_eps(void *dst, const char *v);
#define CLI_DEPTH_MAX_LENGTH 1000000000000000000UL
#define CLI_DEPTH_BOUND(NEEDS) \
    {.name = "--bound", CLI_ENUM_AT(cli_depth_opts, bound), .choices = cli_depth_bounds, .needs = NEEDS, \
     .help = "c(k) = 2^(k-1), as published (v1, the default), or 2^k - 1 (sharp)"}
#define CLI_DEPTH_LENGTH \
    {.name = "--length", CLI_ULONG_AT(cli_depth_opts, length), .meta = "T", .min = 1, .max = CLI_DEPTH_MAX_LENGTH, \
     .help = "words of length at most T"}
#define CLI_DEPTH_TOKENS(NEEDS) \
    {.name = "--tokens", CLI_U64_AT(cli_depth_opts, tokens), .meta = "N", .min = 1, .max = CLI_DEPTH_MAX_LENGTH, \
     .needs = NEEDS, .help = "N input tokens for the width (default: the order, or the dimension)"}
/* --arch FAMILY --depth K: the verdict of `lietool plan`, beside the command's own output. */
#define CLI_DEPTH_VERDICT \
    {.name = "--arch", CLI_CUSTOM_AT(cli_depth_opts, arch), .parse = cli_read_arch, .meta = "FAMILY", \
     .want = CLI_ARCH_WANT, .help = "also the theory's verdict for K layers of this family (as lietool plan prints it)"}, \
    {.name = "--depth", CLI_LONG_AT(cli_depth_opts, depth), .meta = "K", .min = 1, .max = 1000000, \
     .help = "the layers of that verdict (with --arch)"}
#define CLI_DEPTH_MAX_DIGITS(NEEDS) \
    {.name = "--max-digits", CLI_LONG_AT(cli_depth_opts, max_digits), .meta = "N", .min = 1, .max = 1000000000L, \
     .needs = NEEDS, .help = "compute the width exactly up to N digits (default 100000)"}

/* Parses the options with the command's declaration (its own ones into
   d) and loads the object; -1 to go on, or an exit status (everything
   freed). */
int cli_depth_open(cli_depth_opts *d, cli_opts *o, cli_object *X, int argc, char **argv, const lt_cmd *self);
void cli_depth_close(cli_depth_opts *d, cli_opts *o, cli_object *X);

/* What the theory reads off an object: the library's profile of the group
   (lt_pgrp_profile) or of the Lie algebra (lt_liealg_profile), and the
   flags both have. Series terms print as orders (groups) or dimensions
   (Lie algebras). */
typedef struct {
    int is_lie;
    mpz_t size;             /* |G|, or dim L */
    int abelian, nilpotent, solvable, perfect;
    long derived_length;    /* -1: not solvable */
    long nilpotency_class;  /* -1: not nilpotent, or not computed */
    lt_pgrp_profile_t grp;
    lt_liealg_profile_t lie;
    cli_object *X;          /* the object itself */
    int has_verdict;        /* --arch given: the verdict for --depth layers and --length */
    lt_plan_verdict_t verdict;
} cli_depth_profile;

/* The profile; lower: also the lower central series. -1 to go on, or an
   exit status (message printed; P cleared). */
int cli_depth_profile_init(cli_depth_profile *P, cli_opts *o, cli_object *X, int lower);
void cli_depth_profile_clear(cli_depth_profile *P);
/* A depth command: cli_depth_open, the profile (lower: with the lower
   central series), then body, whose status it returns; everything freed. */
typedef int (*cli_depth_body)(cli_opts *o, cli_depth_opts *d, cli_depth_profile *P);
int cli_depth_run(int argc, char **argv, const lt_cmd *self, int lower, cli_depth_body body);
/* The number of input tokens n for the width: --tokens, else |G| or dim L. */
void cli_depth_tokens(mpz_t n, const cli_depth_opts *d, const cli_depth_profile *P);
/* Starts the output (doc.h) with the object, solvable and derived length,
   in the layout of info. */
void cli_depth_head(lt_doc *d, const cli_opts *o, const cli_depth_profile *P);
/* The rows of the bound: JSON "bound" (v1 or sharp), text and LaTeX c(k)
   and the other reading (error-bound, ssm rotation). */
void cli_depth_bound(lt_doc *d, lt_bound b);
/* A row with the derived (lower: lower central) series of P. */
void cli_depth_series(lt_doc *d, const char *label, const cli_depth_profile *P, int lower);

#endif
