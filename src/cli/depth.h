/* Shared by the depth commands (min-depth, error-bound, report): their own
   options and the part of the object's profile the theory needs. */
#ifndef LT_CLI_DEPTH_H
#define LT_CLI_DEPTH_H

#include <flint/fmpq.h>
#include "cli.h"
#include "lietool/depth.h"

/* Which of the depth options a command takes. */
enum {
    DOPT_BOUND = 1, DOPT_LAYERS = 2, DOPT_LENGTH = 4, DOPT_TOKENS = 8,
    DOPT_MAX_DIGITS = 16, DOPT_EPS = 32
};

typedef struct {
    lt_bound bound;         /* --bound v1|sharp, default LT_BOUND_DEFAULT */
    int layers;             /* --layers: 0 not given, 1 abelian, 2 restricted */
    ulong length;           /* --length T, 0 when not given */
    const char *tokens;     /* --tokens N (decimal), NULL when not given */
    long max_digits;        /* --max-digits, default 100000 */
    int has_eps;
    fmpq_t eps;             /* --eps E, exact */
} cli_depth_opts;

/* Takes the depth options out of argv (those in `allowed`) and parses the
   common ones and the object; -1 to go on, or an exit status (everything
   freed). need as for cli_open_object. */
int cli_depth_open(cli_depth_opts *d, cli_opts *o, cli_object *X, int argc, char **argv,
                   const lt_cmd *self, unsigned allowed);
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
} cli_depth_profile;

/* The profile; lower: also the lower central series. -1 to go on, or an
   exit status (message printed; P cleared). */
int cli_depth_profile_init(cli_depth_profile *P, cli_opts *o, cli_object *X, int lower);
void cli_depth_profile_clear(cli_depth_profile *P);
/* The derived (or lower central) series: "60 > 4 > 1", or a JSON array
   (strings for a group, integers for a Lie algebra). */
void cli_depth_put_series(const cli_depth_profile *P, int lower, int json);
/* The number of input tokens n for the width: --tokens, else |G| or dim L. */
void cli_depth_tokens(mpz_t n, const cli_depth_opts *d, const cli_depth_profile *P);
/* The first lines of the text output: the object, "solvable" and
   "derived length", in the layout of info. */
void cli_depth_put_head(const cli_opts *o, const cli_depth_profile *P);
/* A key-value line of that layout; the value printf-style. */
void cli_depth_kv(const char *key, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* One short citation in parentheses, with a leading space: " (Heo et al. ...)". */
void cli_depth_cite(lt_depth_source s);

#endif
