/* Shared by the depth commands (min-depth, error-bound, report): their own
   options, and the object with the profile the theory reads off it
   (lt_depth_profile) and the verdict of --arch. */
#ifndef LT_CLI_DEPTH_H
#define LT_CLI_DEPTH_H

#include <flint/fmpq.h>
#include "cli.h"
#include "lietool/depth.h"
#include "lietool/write.h"
#include "verdict.h"
#include "doc.h"

typedef struct {
    int bound;              /* lt_bound: --bound v1|sharp, default LT_BOUND_DEFAULT */
    int layers;             /* min-depth --arch abelian|restricted (or --layers abelian|restricted): 0 not given, 1 abelian, 2 restricted */
    int exact;              /* min-depth --exact: the width's integer in text */
    unsigned long length;   /* --length T, 0 when not given */
    uint64_t tokens;        /* --tokens N, 0 when not given */
    long max_digits;        /* --max-digits, default 100000 */
    int has_eps;
    fmpq_t eps;             /* --eps E, exact */
    cli_arch_opt arch;      /* --arch FAMILY: also the theory's verdict (lt_plan) */
    long depth;             /* --layers K (or --depth K): its layers */
    /* error-bound */
    long one_depth;         /* --layers K (or --depth K): that row of the table only, 0 for all */
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
     .help = "c(k) = 2^k - 1 (sharp, the default) or 2^(k-1) (v1, superseded by v2)"}
#define CLI_DEPTH_LENGTH \
    {.name = "--length", CLI_ULONG_AT(cli_depth_opts, length), .meta = "T", .min = 1, .max = CLI_DEPTH_MAX_LENGTH, \
     .help = "words of length at most T"}
#define CLI_DEPTH_TOKENS(NEEDS) \
    {.name = "--tokens", CLI_U64_AT(cli_depth_opts, tokens), .meta = "N", .min = 1, .max = CLI_DEPTH_MAX_LENGTH, \
     .needs = NEEDS, .help = "N input tokens for the width (default: the order, or the dimension)"}
/* --arch FAMILY --depth K: the verdict of `lietool plan`, beside the command's own output. */
#define CLI_DEPTH_ARCH \
    {.name = "--arch", CLI_CUSTOM_AT(cli_depth_opts, arch), .parse = cli_read_arch, .meta = "FAMILY", \
     .want = CLI_ARCH_WANT, .help = "also the theory's verdict for K layers of this family (as lietool plan prints it)"}
#define CLI_DEPTH_VERDICT \
    CLI_DEPTH_ARCH, \
    {.name = "--layers", .alias = "--depth", CLI_LONG_AT(cli_depth_opts, depth), .meta = "K", .min = 1, .max = 1000000, \
     .help = "the layers of that verdict (with --arch; --depth is the same)"}
#define CLI_DEPTH_MAX_DIGITS(NEEDS) \
    {.name = "--max-digits", CLI_LONG_AT(cli_depth_opts, max_digits), .meta = "N", .min = 1, .max = 1000000000L, \
     .needs = NEEDS, .help = "compute the width exactly up to N digits (default 100000)"}

/* Parses the options with the command's declaration (its own ones into
   d) and loads the object; -1 to go on, or an exit status (everything
   freed). */
int cli_depth_open(cli_depth_opts *d, cli_opts *o, cli_object *X, int argc, char **argv, const lt_cmd *self);
void cli_depth_close(cli_depth_opts *d, cli_opts *o, cli_object *X);

/* A depth command's object: its profile (lt_depth_profile_group or
   _liealg) and, with --arch, the verdict for --depth layers and --length. */
typedef struct {
    lt_depth_profile_t p;
    cli_object *X;          /* the object itself */
    int has_verdict;
    lt_plan_verdict_t verdict;
} cli_depth_profile;

/* A depth command: cli_depth_open, the profile (lower: with the lower
   central series), then body, whose status it returns; everything freed. */
typedef int (*cli_depth_body)(cli_opts *o, cli_depth_opts *d, cli_depth_profile *P);
int cli_depth_run(int argc, char **argv, const lt_cmd *self, int lower, cli_depth_body body);
/* Ends a depth command's output: the verdict (--arch), then lt_doc_end. */
void cli_depth_end(lt_doc *d, const cli_opts *o, const cli_depth_profile *P);
/* The library's parameters of min-depth and report from the options. */
void cli_depth_params(lt_depth_params *p, const cli_depth_opts *d);

#endif
