/* Word-problem datasets: a group's Cayley table in a stated element order
   and product convention, the CSV files of the public word-problem
   repositories (jopetty/word-problem and its forks), a documented random
   generator, and the check of such files. lietool-formats(5) describes the
   conventions and the file format. */
#ifndef LIETOOL_DATASET_H
#define LIETOOL_DATASET_H

#include <stdio.h>
#include <stdint.h>
#include "lietool/core.h"

/* Element order and product:
   LT_CONV_AA   the word-problem generator's, built on the abstract_algebra
                Python package: S_n as itertools.permutations of (1..n), A_n
                its even elements in that order, Z_n/C_n as e, a, a^2, ...,
                D_m as r^k (k < m/2) then r^k s, UT(3,p) (H3) as triples
                (a,b,c) in itertools.product order, G x H in
                itertools.product order; a product of permutations applies
                its right factor first.
   LT_CONV_GAP  GAP's: the elements of the permutation group lietool builds,
                in AsSortedList order; the left factor acts first,
                x^(gh) = (x^g)^h. */
typedef enum { LT_CONV_AA = 0, LT_CONV_GAP = 1 } lt_convention;
#define LT_NCONV 2
/* "abstract_algebra" or "gap" */
const char *lt_convention_name(lt_convention c);

/* A finite group as a Cayley table: table[i*n + j] is the index of
   elements[i] * elements[j]. */
typedef struct {
    long n;
    int *table;
    int identity;           /* index of the identity (0 in both conventions) */
    char **names;           /* element names, as the convention prints them */
    char *name;             /* the object as given */
    char *description;
    lt_convention conv;
} lt_cayley_struct;
typedef lt_cayley_struct lt_cayley_t[1];

void lt_cayley_init(lt_cayley_t C);
void lt_cayley_clear(lt_cayley_t C);
/* Builds the table of the group object spec (lietool's group grammar) in
   the convention conv. The order is bounded by --max-enum (elements are
   enumerated) and the table's size by --max-memory (LT_ELIMIT). */
lt_status lt_cayley_build(lt_cayley_t C, const char *spec, lt_convention conv,
                          const lt_ctx_t ctx, lt_err_t err);
/* Writes {"name", "description", "elements", "table"} on one line (the
   abstract_algebra JSON layout, read back by lt_io_cayley). */
void lt_cayley_write_json(FILE *f, const lt_cayley_t C);
/* The running products of a word: target[t] = index of w[0] w[1] ... w[t]
   (each step multiplies the previous product on the right by the next
   token, as the generator's group_reduce does). */
void lt_cayley_prefix(int *target, const lt_cayley_t C, const int *word, long len);

/* The random generator: SplitMix64 (Steele, Lea and Flood, OOPSLA 2014).
   state += 0x9E3779B97F4A7C15; z = state;
   z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9;
   z = (z ^ (z >> 27)) * 0x94D049BB133111EB; output z ^ (z >> 31).
   lt_rng_below(n) draws outputs until one is below 2^64 - (2^64 mod n)
   and returns it mod n (no bias). */
typedef struct { uint64_t state; } lt_rng_struct;
typedef lt_rng_struct lt_rng_t[1];
void lt_rng_seed(lt_rng_t r, uint64_t seed);
uint64_t lt_rng_next(lt_rng_t r);
uint64_t lt_rng_below(lt_rng_t r, uint64_t n);

/* Writes the CSV "seed,input,target" of samples distinct random words of
   length len (tokens uniform, drawn in order with lt_rng_below(|G|) from
   seed), or, with samples < 0, of all |G|^len words in itertools.product
   order. If fewer than samples distinct words exist, writes them all and
   sets *capped (may be NULL). */
lt_status lt_dataset_generate(FILE *out, const lt_cayley_t C, long len, long samples,
                              uint64_t seed, int *capped, const lt_ctx_t ctx, lt_err_t err);
/* The same words without the file: row(arg, seed, word, target, len, err)
   is called for each row in order (word and target are len indices, valid
   during the call); a status other than LT_OK from row stops the
   generation and is returned. */
typedef lt_status (*lt_dataset_row_fn)(void *arg, uint64_t seed, const int *word, const int *target,
                                       long len, lt_err_t err);
lt_status lt_dataset_words(const lt_cayley_t C, long len, long samples, uint64_t seed, int *capped,
                           lt_dataset_row_fn row, void *arg, const lt_ctx_t ctx, lt_err_t err);

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
    lt_dataset_tally conv[LT_NCONV];
    long nproblems;                 /* all problems found */
    int nkept;
    char *problems[LT_DATASET_KEEP];/* "LINE:COL: message" */
} lt_dataset_report_struct;
typedef lt_dataset_report_struct lt_dataset_report_t[1];
void lt_dataset_report_init(lt_dataset_report_t R);
void lt_dataset_report_clear(lt_dataset_report_t R);
/* Reads every row of f; C[c] is the group in convention c (same order).
   Malformed rows go to the report, not to the status; the status fails only
   for a read error. */
lt_status lt_dataset_check(lt_dataset_report_t R, FILE *f, const lt_cayley_struct *C,
                           const lt_ctx_t ctx, lt_err_t err);

#endif
