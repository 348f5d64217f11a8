/* Shared by the command implementations. */
#ifndef LT_CLI_H
#define LT_CLI_H

#include <stdio.h>
#include "lietool/core.h"
#include "lietool/perm.h"

typedef struct lt_cmd lt_cmd;
struct lt_cmd {
    const char *name;
    int (*fn)(int argc, char **argv, const lt_cmd *self);
    const char *usage;      /* after "lietool NAME " */
    const char *summary;
};

extern const lt_cmd lt_commands[];
extern const int lt_ncommands;

typedef struct {
    int json;
    int quiet;
    lt_ctx_t ctx;
    int npos;
    char **pos;
    char *object;           /* positionals joined (products may be split by the shell) */
} cli_opts;

/* Parses the common options; returns -1 to go on, or an exit status. */
int cli_parse(cli_opts *o, int argc, char **argv, const lt_cmd *cmd);
void cli_free(cli_opts *o);
int cli_usage(const lt_cmd *cmd, FILE *f);
int cli_fail(const lt_err_t err);
/* Loads the object as a group and builds its chain; 0 or an exit status. */
int cli_group(lt_pgrp_t G, char **name, cli_opts *o);
/* Parses the options and loads the group (with its chain) into G, which
   it initialises. Returns -1 to go on, or an exit status (G and o freed). */
int cli_open_group(cli_opts *o, lt_pgrp_t G, int argc, char **argv, const lt_cmd *cmd);
void cli_close_group(cli_opts *o, lt_pgrp_t G);
/* Starts a JSON object with the "object" key. */
void cli_json_begin(const cli_opts *o);
/* Prints an exact integer: JSON string or plain text. */
void cli_put_mpz(FILE *f, const mpz_t z, int json);
void cli_put_series(FILE *f, const lt_pgrp_series_t S, int json);
/* Shared by the predicate commands: prints yes/no and returns 0/1. */
int cli_predicate(cli_opts *o, const char *key, int value);
/* The commands that print a series and its length. */
int cli_series_cmd(int argc, char **argv, const lt_cmd *self, int lower, int length_only);



/* Predicate commands: key is "abelian", "nilpotent", "solvable" or "perfect". */
int cli_predicate_cmd(int argc, char **argv, const lt_cmd *self, const char *key);
#endif
