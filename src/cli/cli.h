/* Shared by the command implementations. */
#ifndef LT_CLI_H
#define LT_CLI_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include "lietool/core.h"
#include "lietool/perm.h"
#include "lietool/liealg.h"
#include "lietool/liealg.h"

/* Exit statuses (lietool(1), EXIT STATUS): predicates exit CLI_NO for "no". */
enum { CLI_OK = 0, CLI_NO = 1, CLI_USAGE = 2, CLI_INPUT = 3, CLI_LIMIT = 4, CLI_NUMERIC = 5,
       CLI_INTERNAL = 70, CLI_IO = 74, CLI_MISSING = 127 };
/* The exit status of a library failure: the one place where the library's
   statuses become exit statuses. */
int cli_exit_code(lt_status st);

typedef struct lt_cmd lt_cmd;
typedef struct cli_decl cli_decl;
struct lt_cmd {
    const char *name;
    int (*fn)(int argc, char **argv, const lt_cmd *self);
    const char *summary;
    const cli_decl *decl;   /* what it takes */
    int arg;                /* what a shared runner is told: the series (CLI_SERIES_*), the predicate
                               (CLI_PRED_*), the Lie algebra's answer (CLI_LIE_*), chief or composition */
};

/* The command table (in main.c), made known to the option parser before
   any command runs: an option that no command declares is "unknown", one
   that another command declares is "not taken by this command". */
void cli_set_commands(const lt_cmd *cmds, int n);
/* The command table (src/cli/commands.c), alphabetical, and the message
   for a name that is none of them (with the names within edit distance 2). */
extern const lt_cmd lt_commands[];
extern const int lt_ncommands;
void cli_unknown_command(const char *name);
/* A note on standard error, once, where a name means what GAP means and
   readers may expect otherwise (D4: GAP's order 4, not the square's 8). */
void cli_convention_note(const char *spec);

/* The commands of the table (src/cli/commands.c): one cmd_<name> each, in
   its own src/cli/cmd_<name>.c, with its declaration cli_<name>_decl
   beside it; the commands that differ only in what they compute of one
   object share a runner, told which by the table's arg, and have their
   declarations beside it (series.c, lie.c). */
#define CMD(n) int cmd_##n(int argc, char **argv, const lt_cmd *self); extern const cli_decl cli_##n##_decl
CMD(bch); CMD(center); CMD(character_table); CMD(conjugacy_classes); CMD(dataset);
CMD(error_bound); CMD(explain); CMD(help); CMD(info); CMD(isomorphic);
CMD(magnus); CMD(min_depth); CMD(lyndon); CMD(order); CMD(plan); CMD(rep); CMD(report); CMD(ssm); CMD(table);
#undef CMD
extern const cli_decl cli_derived_series_decl, cli_derived_length_decl, cli_lower_central_series_decl,
    cli_nilpotency_class_decl, cli_upper_central_series_decl, cli_is_abelian_decl, cli_is_nilpotent_decl,
    cli_is_perfect_decl, cli_is_semisimple_decl, cli_is_solvable_decl, cli_composition_factors_decl,
    cli_chief_series_decl, cli_dimension_decl, cli_killing_decl, cli_radical_decl, cli_closure_decl;

/* ---- Option declarations (src/cli/opts.c) ----
   What a command takes is declared once, in a cli_decl beside the command:
   its own options (a cli_optdecl array), the shared options it takes
   (CLI_O_* bits), its operands and which objects they are, and its
   subcommands. cli_getopts reads argv against it; `lietool CMD -h`,
   `lietool help CMD` and the usage line of every usage error are printed
   from it, and tests/cli/help.test checks the man page's synopsis lines
   against them. An option that a command does not declare is a usage
   error (exit status 2) that names it. */
typedef enum {
    CLI_FLAG,       /* int, set to 1 */
    CLI_INT,        /* int           } integers: decimal digits or 1eN (10^N), */
    CLI_LONG,       /* long          } from min to max and never above the */
    CLI_ULONG,      /* unsigned long } destination type's maximum, checked */
    CLI_U64,        /* uint64_t      } before the value is stored */
    CLI_DOUBLE,     /* double: finite, from dmin to dmax (CLI_OPEN: strictly between) */
    CLI_STRING,     /* const char *: the word itself, not empty */
    CLI_ENUM,       /* int: the value of one of choices */
    CLI_CUSTOM      /* parse(destination, word) == 0; want says what it needs */
} cli_kind;

typedef struct {
    const char *name;
    int value;
    int alias;              /* accepted but not listed (aa for abstract_algebra) */
} cli_choice;

enum {
    CLI_REQUIRED = 1,       /* must be given */
    CLI_HIDDEN = 2,         /* listed by -h but left out of the synopsis */
    CLI_OPEN = 4            /* CLI_DOUBLE: dmin < x < dmax */
};
/* Exclusive groups: options of one group exclude each other. */
enum { CLI_G_NONE, CLI_G_OUTPUT };

typedef struct {
    const char *name;       /* "--length", "-q"; NULL ends a list */
    const char *alias;      /* "--quiet", or NULL */
    cli_kind kind;
    int in_opts;            /* the destination is in cli_opts, not in the command's own struct */
    size_t off;             /* the destination's offset (CLI_AT) */
    const char *meta;       /* the value in usage lines, "T"; an enum's default: its choices a|b */
    uint64_t min, max;      /* integers */
    double dmin, dmax;      /* CLI_DOUBLE */
    const cli_choice *choices;                  /* CLI_ENUM, ending with a NULL name */
    int (*parse)(void *dst, const char *v);     /* CLI_CUSTOM */
    const char *want;       /* "OPT needs WANT, not 'V'"; generated when NULL */
    unsigned flags;         /* CLI_REQUIRED, CLI_HIDDEN, CLI_OPEN */
    int group;              /* CLI_G_* */
    const char *needs;      /* another option of the command this one only goes with */
    const char *help;       /* one line for -h */
} cli_optdecl;

/* The destination of an option, type-checked at compile time: the field f
   of struct T must have type ctype. */
#define CLI_AT(T, f, ctype) .off = offsetof(T, f) + 0 * sizeof(char[_Generic(((T *)0)->f, ctype: 1)])
#define CLI_FLAG_AT(T, f) .kind = CLI_FLAG, CLI_AT(T, f, int)
#define CLI_INT_AT(T, f) .kind = CLI_INT, CLI_AT(T, f, int)
#define CLI_LONG_AT(T, f) .kind = CLI_LONG, CLI_AT(T, f, long)
#define CLI_ULONG_AT(T, f) .kind = CLI_ULONG, CLI_AT(T, f, unsigned long)
#define CLI_U64_AT(T, f) .kind = CLI_U64, CLI_AT(T, f, uint64_t)
#define CLI_DOUBLE_AT(T, f) .kind = CLI_DOUBLE, CLI_AT(T, f, double)
#define CLI_STRING_AT(T, f) .kind = CLI_STRING, CLI_AT(T, f, const char *)
#define CLI_ENUM_AT(T, f) .kind = CLI_ENUM, CLI_AT(T, f, int)
#define CLI_CUSTOM_AT(T, f) .kind = CLI_CUSTOM, .off = offsetof(T, f)

/* The shared options, in the order of usage lines (src/cli/opts.c):
   bit CLI_B_X of a declaration's common takes option X. */
enum {
    CLI_B_JSON, CLI_B_FORMAT, CLI_B_LATEX, CLI_B_QUIET, CLI_B_FLOAT, CLI_B_TOL,
    CLI_B_MAX_DEGREE, CLI_B_MAX_ORDER, CLI_B_MAX_ENUM, CLI_B_MAX_MEMORY, CLI_B_MAX_DIM, CLI_NCOMMON
};
#define CLI_O_JSON (1u << CLI_B_JSON | 1u << CLI_B_FORMAT)       /* --json, --format text|json */
#define CLI_O_LATEX (1u << CLI_B_LATEX)
#define CLI_O_QUIET (1u << CLI_B_QUIET)
#define CLI_O_TOL (1u << CLI_B_TOL)
#define CLI_O_FLOAT (1u << CLI_B_FLOAT | CLI_O_TOL | CLI_O_QUIET) /* -q: without the rank decisions */
#define CLI_O_MAX_DEGREE (1u << CLI_B_MAX_DEGREE)
#define CLI_O_MAX_ORDER (1u << CLI_B_MAX_ORDER)
#define CLI_O_MAX_ENUM (1u << CLI_B_MAX_ENUM)
#define CLI_O_MAX_MEMORY (1u << CLI_B_MAX_MEMORY)
#define CLI_O_MAX_DIM (1u << CLI_B_MAX_DIM)
/* The limits that loading an object can reach (fnil(r,c) builds a Lyndon
   basis: --max-enum). */
#define CLI_O_GROUP_LIMITS (CLI_O_MAX_DEGREE | CLI_O_MAX_ORDER | CLI_O_MAX_MEMORY)
#define CLI_O_LIE_LIMITS (CLI_O_MAX_DIM | CLI_O_MAX_ENUM | CLI_O_MAX_MEMORY)
#define CLI_O_LIMITS (CLI_O_GROUP_LIMITS | CLI_O_LIE_LIMITS)

/* The objects a command's operands are (cli_open_object loads them). */
typedef enum { CLI_ARGS, CLI_OBJECT, CLI_GROUP, CLI_ALGEBRA } cli_objkind;

struct cli_decl {
    const char *name;           /* a subcommand's name; NULL for a command, or the default form */
    const char *summary;        /* a subcommand's (a command's is in the table) */
    unsigned common;            /* CLI_O_* */
    unsigned show;              /* shared options in the synopsis besides --json and --latex */
    const cli_optdecl *opts;    /* its own options, or NULL */
    const char *args;           /* the operands in the synopsis: "OBJECT", "R N" */
    int min_args, max_args;     /* operand words; max -1: any number */
    const char *what;           /* the operands in messages: "missing object" */
    double tol;                 /* the default of --tol, when not 1e-10 */
    cli_objkind kind;
    const cli_decl *const *subs;    /* subcommands, NULL-terminated; the first may be the default (name NULL) */
    int brief;                  /* a subcommand shown as "NAME ..." in the command's synopsis */
};

/* The operands of the commands that read one object. */
#define CLI_OBJECT_ARGS .args = "OBJECT", .min_args = 1, .max_args = -1, .what = "object", .kind = CLI_OBJECT
#define CLI_GROUP_ARGS .args = "GROUP", .min_args = 1, .max_args = -1, .what = "object", .kind = CLI_GROUP
#define CLI_ALGEBRA_ARGS .args = "ALGEBRA", .min_args = 1, .max_args = -1, .what = "object", .kind = CLI_ALGEBRA

typedef struct {
    int json;
    int quiet;
    int flt;                /* --float */
    int gap;                /* --format gap */
    int latex;              /* --latex: the command writes LaTeX (tex.h) */
    int format;             /* --format: 0 text, 1 json, 2 gap */
    double tol;             /* --tol */
    lt_ctx_t ctx;
    int npos;
    char **pos;
    char *object;           /* positionals joined (products may be split by the shell) */
    const cli_decl *sub;    /* the subcommand (or the command's declaration) parsed */
    const lt_cmd *cmd;      /* the command parsed */
} cli_opts;

/* The declaration of a command's subcommand in argv (the first word that
   is not an option or an option's value), or its default form, or the
   command's own declaration when it has no subcommands. NULL with *status
   the exit status when there is none (usage error printed) or after -h. */
const cli_decl *cli_find_sub(const lt_cmd *cmd, int argc, char **argv, int *status);
/* Reads argv[1..] against d (NULL: cmd->decl): the shared options into o,
   the command's own ones at their offsets in own (which holds the
   defaults), the operands (without the subcommand's name) into o->pos,
   o->npos. Checks values, ranges, required options, exclusive groups,
   options that need another and the number of operands. -1 to go on, 0
   after -h (usage printed), or the usage error's status (message printed).
   o is always to be freed with cli_free. */
int cli_getopts(cli_opts *o, void *own, int argc, char **argv, const lt_cmd *cmd, const cli_decl *d);
/* The one printer of usage errors: "lietool: CMD[ SUB]: MESSAGE" and the
   usage line on standard error; returns CLI_USAGE. sub NULL: the command. */
int cli_usage_error(const lt_cmd *cmd, const cli_decl *sub, const char *fmt, ...) __attribute__((format(printf, 3, 4)));
/* --mpi (bch, magnus; src/cli/cmd_bch.c): -1 once MPI is initialised, else
   the exit status after a message (built without MPI: usage; MPI_Init
   failing: internal). */
int cli_mpi_start(const char *cmd);
/* A CLI_CUSTOM parser of a step h into a long double (integer, p/q or
   decimal, positive): ssm rotation --step, ssm eval --step; 0, or -1. */
int cli_parse_step(void *dst, const char *v);
/* --map faithful|paper of ssm rotation and ssm eval --task rotation (lt_rotation_map). */
extern const cli_choice cli_rotation_maps[];
/* -h: the usage line, the summary and the options with their help (of
   sub, or of the command when sub is NULL or its default form). */
int cli_usage_sub(const lt_cmd *cmd, const cli_decl *sub, FILE *f);

/* Integer values, every one range-checked before any cast: cli_read_u64
   takes decimal digits only (no sign or space; operands), cli_read_count
   also 1eN for 10^N (every integer option, as --max-order), from min to
   max; 0 on success, -1 otherwise. */
int cli_read_u64(uint64_t *out, const char *v, uint64_t min, uint64_t max);
int cli_read_count(uint64_t *out, const char *v, uint64_t min, uint64_t max);
/* The ceilings of integer options that several commands share. */
#define CLI_MAX_DIM 1000000L                /* --max-dim */
#define CLI_MAX_ENUM 1000000000000000L      /* --max-enum: 10^15 */
#define CLI_MAX_MIB (1L << 30)              /* --max-memory, --max-checkpoint-mb: MiB */
#define CLI_MAX_ORDER_EXPONENT 1000000000UL /* --max-order 1eN */
#define CLI_MAX_LENGTH 1000000000L          /* --length, --max-length, --window (words) */
#define CLI_MAX_SAMPLES 1000000000000L      /* --samples, --max-samples */
void cli_free(cli_opts *o);
/* -h of a command: cli_usage_sub(cmd, NULL, f). */
int cli_usage(const lt_cmd *cmd, FILE *f);
/* Prints err's message; returns its exit status (cli_exit_code). */
int cli_fail(const lt_err_t err);
/* Objects that are groups or Lie algebras; with --float, a Lie algebra in
   double precision (is_lie and is_float; F, and the closure's rank
   decisions in log, to which the commands add theirs). */
typedef struct {
    int is_lie;
    int is_float;
    lt_pgrp_t G;
    lt_liealg_t L;
    lt_fliealg_t F;
    lt_rank_log_t log;
} cli_object;
/* Parses the options (cli_getopts with the command's declaration) and
   loads the object of the operands, of the kind the declaration names (a
   group, with its chain, or a Lie algebra); -1 to go on, or an exit status
   (all freed). */
int cli_open_object(cli_opts *o, cli_object *X, int argc, char **argv, const lt_cmd *cmd);
/* The loading half, after cli_getopts: the object of o->pos, of the kind
   o->sub declares. X is initialised first; -1 to go on, or an exit status
   (X cleared, o not freed). */
int cli_load_object(cli_opts *o, cli_object *X, const lt_cmd *cmd);
void cli_close_object(cli_opts *o, cli_object *X);
/* Lie algebra commands (src/cli/lie.c); they print and return the exit status. */
int cli_lie_center(cli_opts *o, const lt_liealg_t L);
/* The Lie algebra commands under --float (src/cli/float.c): each prints
   its part of X's profile and the rank decisions, and returns the exit
   status (5 when a decision is ambiguous). cli_float_begin computes the
   parts of the profile and starts the output (doc.h; JSON: "float", "tol",
   "dimension"), -1 to go on or an exit status; cli_float_end writes the
   rank decisions, ends the output and releases P (pred: a predicate's
   value, 0 exits 1, or -1). cli_float_predicate_value: the predicate key
   of P (NULL: -1) and the part of the profile it needs. */
struct lt_doc;
int cli_float_begin(struct lt_doc *d, lt_fliealg_profile_t P, cli_opts *o, cli_object *X, unsigned parts);
int cli_float_end(struct lt_doc *d, lt_fliealg_profile_t P, cli_opts *o, cli_object *X, int pred);
int cli_float_predicate_value(const lt_fliealg_profile_t P, const char *key, unsigned *part);
int cli_float_center(cli_opts *o, cli_object *X);
int cli_float_dimension(cli_opts *o, cli_object *X);
int cli_float_killing(cli_opts *o, cli_object *X);
int cli_float_info(cli_opts *o, cli_object *X);
/* The profile P's rows (as info --float), the rank decisions of log
   (unless -q), the end of d: the exit status (CLI_NUMERIC when a decision
   is ambiguous). */
int cli_float_profile_put(struct lt_doc *d, const lt_fliealg_profile_t P, const cli_opts *o, const lt_rank_log_t log);
/* Lie-only commands (src/cli/lie.c), self->arg says which. */
enum { CLI_LIE_DIMENSION, CLI_LIE_KILLING, CLI_LIE_RADICAL, CLI_LIE_CLOSURE };
int cli_lie_cmd(int argc, char **argv, const lt_cmd *self);
/* Two output options naming one file (one would clobber the other):
   the message and CLI_USAGE; -1 when they differ or one is not given. */
int cli_same_output(const char *cmd, const char *opt_a, const char *a, const char *opt_b, const char *b);
/* The commands that print a series (cli_series_cmd) or its length
   (cli_series_length_cmd), self->arg the series: 0 derived, 1 lower
   central, 2 upper central; and composition-factors (arg 0) and
   chief-series (arg 1): src/cli/series.c. */
int cli_series_cmd(int argc, char **argv, const lt_cmd *self);
int cli_series_length_cmd(int argc, char **argv, const lt_cmd *self);
int cli_compser_cmd(int argc, char **argv, const lt_cmd *self);



/* Word-problem datasets and Cayley tables (src/cli/cmd_dataset.c). */
#include "lietool/dataset.h"
/* The choices of --convention: abstract_algebra (alias aa) or gap. */
extern const cli_choice cli_conventions[];
/* Positionals pos[first..npos-1] joined with spaces (malloc'd). */
char *cli_join(char **pos, int first, int npos);
/* The Cayley table of a group object, Lie algebras refused; -1 on
   success, or an exit status (message printed). */
int cli_cayley(lt_cayley_t C, const char *spec, lt_convention conv, const cli_opts *o, const lt_cmd *self);

/* The ssm subcommands in their own files, with their declarations; argv
   is the ssm command's, self the ssm command. lietool ssm rotation
   (src/cli/ssm_rotation.c); lietool ssm eval (src/cli/ssm_eval.c): a
   trained checkpoint on a word problem beside the depth layer's
   prediction; lietool ssm sweep: checkpoints of one task at several
   depths, the table and an SVG of the longest prefix at 90% against depth. */
extern const cli_decl cli_ssm_rotation_decl, cli_ssm_eval_decl, cli_ssm_sweep_decl;
int cli_ssm_rotation(int argc, char **argv, const lt_cmd *self);
int cli_ssm_eval(int argc, char **argv, const lt_cmd *self);
/* ssm lie (src/cli/ssm_lie.c) */
extern const cli_decl cli_ssm_lie_decl;
int cli_ssm_lie(int argc, char **argv, const lt_cmd *self);
int cli_ssm_sweep(int argc, char **argv, const lt_cmd *self);
/* ssm train (src/cli/ssm_train.c): lt_ssm_train_job's options and result */
extern const cli_decl cli_ssm_train_decl;
int cli_ssm_train(int argc, char **argv, const lt_cmd *self);
extern const cli_decl cli_ssm_paper_decl;
int cli_ssm_paper(int argc, char **argv, const lt_cmd *self);

/* The predicates is-abelian, ... (src/cli/series.c), self->arg which. */
enum { CLI_PRED_ABELIAN, CLI_PRED_NILPOTENT, CLI_PRED_PERFECT, CLI_PRED_SEMISIMPLE, CLI_PRED_SOLVABLE };
int cli_predicate_cmd(int argc, char **argv, const lt_cmd *self);
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
int cli_isomorphic_with(int argc, char **argv, const lt_cmd *self, const cli_decl *d, cli_iso_print print);
#endif
