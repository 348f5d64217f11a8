/* Shared by the command implementations. */
#ifndef LT_CLI_H
#define LT_CLI_H

#include <stdint.h>
#include <stdio.h>
#include "lietool/core.h"
#include "lietool/perm.h"
#include "lietool/liealg.h"

/* Exit statuses (lietool(1), EXIT STATUS): predicates exit CLI_NO for "no". */
enum { CLI_OK = 0, CLI_NO = 1, CLI_USAGE = 2, CLI_INPUT = 3, CLI_LIMIT = 4, CLI_NUMERIC = 5,
       CLI_INTERNAL = 70 };
/* The exit status of a library failure: the one place where the library's
   statuses become exit statuses. */
int cli_exit_code(lt_status st);

typedef struct lt_cmd lt_cmd;
struct lt_cmd {
    const char *name;
    int (*fn)(int argc, char **argv, const lt_cmd *self);
    const char *usage;      /* after "lietool NAME " */
    const char *summary;
};

extern const lt_cmd lt_commands[];
extern const int lt_ncommands;

/* The commands of the table in main.c: one cmd_<name> each, in its own
   src/cli/cmd_<name>.c (help in main.c). */
#define CMD(n) int cmd_##n(int argc, char **argv, const lt_cmd *self)
CMD(bch); CMD(center); CMD(closure); CMD(dataset); CMD(derived_length); CMD(derived_series); CMD(dimension);
CMD(error_bound); CMD(explain); CMD(help); CMD(info); CMD(is_abelian); CMD(isomorphic); CMD(is_nilpotent); CMD(is_perfect);
CMD(is_semisimple); CMD(is_solvable); CMD(killing); CMD(lower_central_series); CMD(magnus); CMD(min_depth);
CMD(lyndon); CMD(nilpotency_class); CMD(order); CMD(radical); CMD(rep); CMD(report); CMD(ssm); CMD(table); CMD(upper_central_series);
#undef CMD

typedef struct {
    int json;
    int quiet;
    int flt;                /* --float */
    int gap;                /* --format gap */
    double tol;             /* --tol */
    lt_ctx_t ctx;
    int npos;
    char **pos;
    char *object;           /* positionals joined (products may be split by the shell) */
} cli_opts;

/* The value of a command's own option name at argv[*i] ("--name V" or
   "--name=V"): NULL when argv[*i] is another argument, "" when the value
   is missing. */
const char *cli_opt_value(int argc, char **argv, int *i, const char *name);
/* Integer option values, every one range-checked before any cast:
   cli_read_u64 takes decimal digits only (no sign or space) from min to
   max, 0 on success, -1 otherwise. cli_option_long and cli_option_u64 do
   the same and on failure set fmt (CLI_FMT_SIZE bytes) to the usage
   message "OPT needs an integer from MIN to MAX, not '%s'", which the
   command prints with v as its usage error (exit status 2). */
#define CLI_FMT_SIZE 192
int cli_read_u64(uint64_t *out, const char *v, uint64_t min, uint64_t max);
int cli_option_long(long *out, const char *v, const char *opt, long min, long max, char *fmt);
int cli_option_u64(uint64_t *out, const char *v, const char *opt, uint64_t min, uint64_t max, char *fmt);
/* The ceilings of integer options that several commands share. */
#define CLI_MAX_DIM 1000000L                /* --max-dim */
#define CLI_MAX_ENUM 1000000000000000L      /* --max-enum: 10^15 */
#define CLI_MAX_MIB (1L << 30)              /* --max-memory, --max-checkpoint-mb: MiB */
#define CLI_MAX_ORDER_EXPONENT 1000000000UL /* --max-order 1eN */
#define CLI_MAX_LENGTH 1000000000L          /* --length, --max-length, --window (words) */
#define CLI_MAX_SAMPLES 1000000000000L      /* --samples, --max-samples */
/* Parses the common options; returns -1 to go on, or an exit status. */
int cli_parse(cli_opts *o, int argc, char **argv, const lt_cmd *cmd);
void cli_free(cli_opts *o);
int cli_usage(const lt_cmd *cmd, FILE *f);
/* Prints err's message; returns its exit status (cli_exit_code). */
int cli_fail(const lt_err_t err);
/* Objects that are groups or Lie algebras. */
typedef struct {
    int is_lie;
    lt_pgrp_t G;
    lt_liealg_t L;
} cli_object;
/* Parses the options and loads the object (a group, with its chain, or a
   Lie algebra); -1 to go on, or an exit status (all freed). need: 0 any,
   1 a group, 2 a Lie algebra. */
int cli_open_object(cli_opts *o, cli_object *X, int argc, char **argv, const lt_cmd *cmd, int need);
void cli_close_object(cli_opts *o, cli_object *X);
/* Lie algebra commands (src/cli/lie.c); they print and return the exit status. */
int cli_lie_series(cli_opts *o, const lt_liealg_t L, int kind, int length_only);
int cli_lie_predicate(cli_opts *o, const lt_liealg_t L, const char *key);
int cli_lie_center(cli_opts *o, const lt_liealg_t L);
int cli_lie_info(cli_opts *o, const lt_liealg_t L);
/* --float: runs the whole command in floating point; returns the status. */
int cli_float_run(cli_opts *o, const lt_cmd *cmd);
/* Lie-only commands: what 0 dimension, 1 killing, 2 radical, 3 closure. */
int cli_lie_cmd(int argc, char **argv, const lt_cmd *self, int what);
/* Starts a JSON object with the "object" key. */
void cli_json_begin(const cli_opts *o);
/* Prints an exact integer: JSON string or plain text. */
void cli_put_mpz(FILE *f, const mpz_t z, int json);
void cli_put_series(FILE *f, const lt_pgrp_series_t S, int json);
/* A Lie algebra series as dimensions: "8 > 3 > 0" or a JSON array. */
void cli_put_dims(FILE *f, const lt_lseries_t S, int json);
/* Shared by the predicate commands: prints yes/no and returns 0/1. */
int cli_predicate(cli_opts *o, const char *key, int value);
/* The commands that print a series and its length. */
int cli_series_cmd(int argc, char **argv, const lt_cmd *self, int lower, int length_only);



/* The options of dataset and table that cli_parse does not know
   (src/cli/cmd_dataset.c). */
#include "lietool/dataset.h"
typedef struct {
    long length, samples;           /* -1 when not given */
    uint64_t seed;
    lt_convention conv;
    long max_length, max_samples;   /* --max-length, --max-samples */
    int ac;
    char **av;                      /* the other arguments, for cli_parse */
} ds_opts;
/* Takes --length (l), --samples (s), --seed (S), --convention (c),
   --max-length (L) and --max-samples (M) out of argv[first..]; those not
   in allowed are usage errors. -1 to go on, or an exit status. */
int cli_dataset_opts(ds_opts *d, int argc, char **argv, int first, const char *allowed, const lt_cmd *self);
void cli_dataset_free(ds_opts *d);
/* --convention abstract_algebra (aa) | gap: 0 on success, -1 otherwise. */
int cli_parse_convention(lt_convention *out, const char *v);
/* Positionals pos[first..npos-1] joined with spaces (malloc'd). */
char *cli_join(char **pos, int first, int npos);
/* The Cayley table of a group object, Lie algebras refused; -1 on
   success, or an exit status (message printed). */
int cli_cayley(lt_cayley_t C, const char *spec, lt_convention conv, const cli_opts *o, const lt_cmd *self);

/* lietool ssm rotation (src/cli/ssm_rotation.c): argv[0] is "rotation"; self is
   the ssm command. */
int cli_ssm_rotation(int argc, char **argv, const lt_cmd *self);
/* lietool ssm eval (src/cli/ssm_eval.c): a trained checkpoint on a word
   problem beside the depth layer's prediction. argv[0] is "eval". */
int cli_ssm_eval(int argc, char **argv, const lt_cmd *self);
/* lietool ssm sweep: checkpoints of one task at several depths, the table
   and an SVG of the longest prefix at 90% against depth. argv[0] is
   "sweep". */
int cli_ssm_sweep(int argc, char **argv, const lt_cmd *self);

/* Predicate commands: key is "abelian", "nilpotent", "solvable" or "perfect". */
int cli_predicate_cmd(int argc, char **argv, const lt_cmd *self, const char *key);
/* Two group operands (src/cli/cmd_isomorphic.c): a product written with
   separate 'x' words ("C5 x A4") is one object; 0 with the malloc'd
   objects, -1 if there are not two. */
int cli_two_objects(char **obj, cli_opts *o);
/* Loads a group with its chain; -1 to go on, or an exit status. */
int cli_load_group(lt_pgrp_t G, const char *spec, cli_opts *o, const lt_cmd *self);
/* The isomorphic command's work (src/cli/cmd_isomorphic.c): parses, loads
   both groups, decides, and returns what print returns. */
typedef int (*cli_iso_print)(cli_opts *o, const char *const *obj, lt_pgrp_t G, lt_pgrp_t H,
                             lt_pgrp_iso_t R, const lt_cmd *self);
/* Writes the JSON key "isomorphism": the images of G's generators (after a comma). */
void cli_put_isomorphism_json(lt_pgrp_t G, lt_pgrp_t H, lt_pgrp_iso_t R);
int cli_isomorphic_with(int argc, char **argv, const lt_cmd *self, cli_iso_print print);
/* lietool explain isomorphic G H (src/cli/explain_iso.c): the explain
   command's arguments without the question. */
int cli_explain_isomorphic(int argc, char **argv, const lt_cmd *self);
#endif
