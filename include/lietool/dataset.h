/* Word-problem datasets (src/io/dataset.c): the CSV files of the public
   word-problem repositories (jopetty/word-problem and its forks), written
   from a Cayley table's words (lietool/cayley.h), and the check of such
   files. lietool-formats(5) describes the conventions and the file format. */
#ifndef LIETOOL_DATASET_H
#define LIETOOL_DATASET_H

#include <stdio.h>
#include <stdint.h>
#include "lietool/core.h"
#include "lietool/cayley.h"

/* Writes the CSV "seed,input,target" of the words lt_cayley_words_start
   chooses: samples distinct random words of length len (tokens uniform,
   drawn in order with lt_rng_below(|G|) from seed), or, with samples < 0,
   all |G|^len words in itertools.product order. If fewer than samples
   distinct words exist, writes them all and sets *capped (may be NULL). */
lt_status lt_dataset_generate(FILE *out, const lt_cayley_t C, long len, long samples,
                              uint64_t seed, int *capped, const lt_ctx_t ctx, lt_err_t err);

/* lt_dataset_generate's rows without the header line (words of another
   length appended to a file: ssm train's words of lengths 2..L); *rows
   (may be NULL) receives the number written, all |G|^len words when
   fewer than samples exist. */
lt_status lt_dataset_generate_rows(FILE *out, const lt_cayley_t C, long len, long samples, uint64_t seed, long *rows,
                                   const lt_ctx_t ctx, lt_err_t err);

/* The bounds on what lt_dataset_generate writes (dataset generate's
   --max-length, --max-samples, --max-tokens and their defaults). */
typedef struct { long max_length, max_samples, max_tokens; } lt_dataset_limits;
#define LT_DATASET_LIMITS_DEFAULT {.max_length = 10000, .max_samples = 10000000, .max_tokens = 100000000}
/* LT_ELIMIT with the message "dataset: ..." when words of length len,
   samples of them (< 0: all order^len, checked only when order > 0, the
   group's name spec in the message) exceed L; LT_OK otherwise. */
lt_status lt_dataset_check_limits(const lt_dataset_limits *L, long len, long samples, long order, const char *spec,
                                  lt_err_t err);

/* A token map: group element e is token token[e] (e < n), and with
   has_bos every word starts with the token bos, in the input and the
   target alike (the paper's pipeline; lietool-formats(5), TOKEN MAPS). */
typedef struct lt_token_map_s { long n; int *token; int has_bos, bos; } lt_token_map;
void lt_token_map_clear(lt_token_map *T);
/* token[e] = e + offset; bos < 0 for none. LT_EINPUT if bos collides with
   an element's token. */
lt_status lt_token_map_offset(lt_token_map *T, long n, long offset, long bos, lt_err_t err);
/* The tokens dataset generate writes (its --token-map, --offset, --bos;
   the Python package's dataset): path a token-map file (else NULL), or
   offset (-1: not given; --bos alone means offset 0); T->token NULL when
   none of the three is given. */
lt_status lt_token_map_choose(lt_token_map *T, long n, const char *path, long offset, long bos, lt_err_t err);
/* A JSON file mapping elements to tokens: an object whose keys are the
   elements' indices in decimal ("0", "1", ...) and values token ids,
   other keys ignored (a tokenizer's vocab.json), or a tokenizer.json whose
   "model": {"vocab": ...} is such an object. Every element 0..n-1 must be
   there; tokens distinct and not bos. */
lt_status lt_token_map_read(lt_token_map *T, long n, const char *path, long bos, lt_err_t err);
/* lt_dataset_generate with the tokens of a map (NULL: the elements). */
lt_status lt_dataset_generate_tokens(FILE *out, const lt_cayley_t C, long len, long samples, uint64_t seed,
                                     const lt_token_map *map, int *capped, const lt_ctx_t ctx, lt_err_t err);

/* The check of a CSV file against both conventions. */
#define LT_DATASET_KEEP 20          /* problem messages kept */
typedef struct {
    long correct, wrong;            /* well-formed rows */
    long row, line, pos;            /* first wrong row (1-based; 0 if none), its line, token */
    long got, want;                 /* the target found there and the product */
} lt_dataset_tally;
typedef struct {
    long rows;                      /* data rows read (blank lines skipped) */
    long bad_rows;                  /* malformed rows (the header counts as row 0) */
    int bad_header;
    long min_len, max_len;          /* word lengths of well-formed rows */
    long max_token;                 /* the largest token in any row, in range or not (-1: none) */
    lt_dataset_tally conv[LT_NCONV];
    /* the verdict: the convention (lt_convention) that every well-formed
       row agrees with, LT_DATASET_BOTH (then same_tables: the two tables
       are one), LT_DATASET_NEITHER, or LT_DATASET_UNDECIDED without
       well-formed rows */
    int verdict, same_tables;
    long nproblems;                 /* all problems found */
    int nkept;
    char *problems[LT_DATASET_KEEP];/* "LINE:COL: message" */
} lt_dataset_report_struct;
typedef lt_dataset_report_struct lt_dataset_report_t[1];
enum { LT_DATASET_BOTH = LT_NCONV, LT_DATASET_NEITHER, LT_DATASET_UNDECIDED };
void lt_dataset_report_init(lt_dataset_report_t R);
void lt_dataset_report_clear(lt_dataset_report_t R);
/* Reads every row of f; C[c] is the group in convention c (same order),
   and decides the verdict. Malformed rows go to the report, not to the
   status; the status fails only for a read error. */
lt_status lt_dataset_check(lt_dataset_report_t R, FILE *f, const lt_cayley_struct *C,
                           const lt_ctx_t ctx, lt_err_t err);

/* The words of a dataset CSV, for a caller that needs them all well
   formed (lietool ssm eval --data): the reader of lt_dataset_check, which
   stops at the first malformed row or a bad header with LT_EINPUT
   "NAME:LINE:COL: message" (NAME: the file's name in messages). Every
   row goes to row(arg, seed field as given, input, target, length, line);
   a status other than LT_OK from it stops the read and is returned (its
   message prefixed with "NAME: "). Tokens are checked below order. */
typedef lt_status (*lt_dataset_row_fn)(void *arg, const char *seed, const int *input, const int *target,
                                       long len, long line, lt_err_t err);
lt_status lt_dataset_read(FILE *f, const char *name, long order, lt_dataset_row_fn row, void *arg,
                          const lt_ctx_t ctx, lt_err_t err);

#endif
