/* Cayley tables of finite groups (src/perm/cayley.c): the element orders
   and product conventions of the public word-problem datasets, the tables
   of permutation groups and of the dataset generator's families, direct
   products, running products, and the distinct random words of a dataset.
   lietool-formats(5) describes the conventions; lietool/io.h builds a table
   from a group object and writes it as JSON, lietool/dataset.h writes and
   checks the CSV files. */
#ifndef LIETOOL_CAYLEY_H
#define LIETOOL_CAYLEY_H

#include <stdint.h>
#include "lietool/core.h"
#include "lietool/perm.h"

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
/* Gives an empty C (just initialised) an n x n table, uninitialised, and n
   names, NULL. */
void lt_cayley_alloc(lt_cayley_t C, long n);
/* LT_ELIMIT when a table of n elements is above --max-enum (its elements
   are listed) or, with extra_bytes besides, above --max-memory; name, the
   group as written, is quoted in the message. */
lt_status lt_cayley_fits(double n, double extra_bytes, const char *name,
                         const lt_ctx_t ctx, lt_err_t err);
/* The table of the permutation group G (its chain is completed), elements
   sorted by their lists of images (GAP's AsSortedList, and the order of
   itertools.permutations). LT_CONV_AA: the right factor acts first and the
   elements are named by their image tuples "(2, 1, 3)"; LT_CONV_GAP: the
   left factor first, names in cycle notation. name (G as written) is
   quoted in messages; LT_ELIMIT by lt_cayley_fits. */
lt_status lt_cayley_perm_group(lt_cayley_t C, lt_pgrp_t G, lt_convention conv, const char *name,
                               const lt_ctx_t ctx, lt_err_t err);
/* The dataset generator's families, into an empty C: Z_n as e, a, a^2, ...;
   the dihedral group of order m (even) as r^k (k < m/2), then r^k s with
   s r s = r^-1, named "r0", ..., "s0", ...; UT(3,p) as the triples (a,b,c)
   = [[1,a,c],[0,1,b],[0,0,1]] in itertools.product order,
   (a,b,c)(a',b',c') = (a+a', b+b', c+c'+ab'). */
void lt_cayley_cyclic(lt_cayley_t C, long n);
void lt_cayley_dihedral(lt_cayley_t C, long m);
void lt_cayley_heisenberg(lt_cayley_t C, long p);
/* P (empty) = A x B in itertools.product order, elements named "a:b". */
void lt_cayley_product(lt_cayley_t P, const lt_cayley_t A, const lt_cayley_t B);
/* The index of the identity, or -1 when no row is the identity's. */
int lt_cayley_find_identity(const lt_cayley_t C);
/* The running products of a word: target[t] = index of w[0] w[1] ... w[t]
   (each step multiplies the previous product on the right by the next
   token, as the generator's group_reduce does). */
void lt_cayley_prefix(int *target, const lt_cayley_t C, const int *word, long len);

/* The words of a word-problem dataset: `samples` distinct words of length
   len, tokens uniform, drawn in order with lt_rng_below(|G|) from the seed
   (a repeated word is drawn again); or, with samples < 0, every one of the
   |G|^len words in itertools.product order (the last token fastest). When
   fewer than samples distinct words exist, every word, and capped is set. */
typedef struct {
    const lt_cayley_struct *C;
    long len;
    long rows;              /* words to produce */
    long done;              /* words produced */
    int all;                /* every word, in product order */
    int capped;             /* fewer distinct words than samples exist */
    int exact;              /* |G|^len < 2^64: a drawn word's key is its rank */
    lt_rng_t rng;
    uint64_t *slot, mask;   /* the keys drawn (open addressing, key + 1; 0 empty) */
    int *word;              /* the odometer of the product order */
} lt_cayley_words_struct;
typedef lt_cayley_words_struct lt_cayley_words_t[1];
void lt_cayley_words_init(lt_cayley_words_t W);
void lt_cayley_words_clear(lt_cayley_words_t W);
/* Starts W (just initialised) on C, which must outlive it. LT_ELIMIT when
   every word is asked for and there are 2^64 or more, or when keeping the
   samples distinct needs more than --max-memory. */
lt_status lt_cayley_words_start(lt_cayley_words_t W, const lt_cayley_t C, long len, long samples,
                                uint64_t seed, const lt_ctx_t ctx, lt_err_t err);
/* The next word and its running products (len entries each); 0 when all
   W->rows words have been produced. */
int lt_cayley_words_next(int *word, int *target, lt_cayley_words_t W);

/* The right regular representation of the group of C, g -> (x -> x g),
   as a permutation group on C->n points with a complete chain (the
   elements' indices are the points; a homomorphism for the engine's
   product x^(gh) = (x^g)^h). */
lt_status lt_cayley_regular(lt_pgrp_t G, const lt_cayley_t C, const lt_ctx_t ctx, lt_err_t err);
/* The derived length of the group of C (-1: not solvable) and the order
   of its abelianisation |G/G'| (0 when it does not fit a long). */
lt_status lt_cayley_derived_length(long *d, long *abelianization, const lt_cayley_t C,
                                   const lt_ctx_t ctx, lt_err_t err);

#endif
