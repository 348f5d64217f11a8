/* Word-problem datasets (src/dataset): the CSV files of the public
   word-problem repositories (jopetty/word-problem and its forks), written
   from a Cayley table's words (lietool/perm.h), and the token maps that
   rename the elements. Reading and checking such files is src/io
   (lietool/io.h, lt_dataset_check, lt_dataset_read). lietool-formats(5)
   describes the conventions and the file format. */
#ifndef LIETOOL_DATASET_H
#define LIETOOL_DATASET_H

#include <stdio.h>
#include <stdint.h>
#include "lietool/core.h"
#include "lietool/perm.h"

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
/* LT_EINPUT (messages prefixed with what) unless T's tokens are distinct
   and none is bos (< 0: no BOS token); sets T's BOS. */
lt_status lt_token_map_check(lt_token_map *T, long bos, const char *what, lt_err_t err);
/* lt_dataset_generate with the tokens of a map (NULL: the elements). */
/* The number of distinct words of length len over n elements, n^len
   (LONG_MAX when it is larger): what a capped generation wrote. */
long lt_dataset_words(long n, long len);
lt_status lt_dataset_generate_tokens(FILE *out, const lt_cayley_t C, long len, long samples, uint64_t seed,
                                     const lt_token_map *map, int *capped, const lt_ctx_t ctx, lt_err_t err);

#endif
