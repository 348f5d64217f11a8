/* The free Lie algebra on r letters: Lyndon words and the Lyndon basis,
   Witt's dimension formula, and exact Lie series in that basis (the
   Baker-Campbell-Hausdorff series and, more generally, the logarithm of a
   product of exponentials of letters).

   Letters are the integers 0..r-1, ordered 0 < 1 < ... < r-1; on the
   command line they are named X, Y (r = 2), X, Y, Z (r = 3), a, b, c, ...
   (4 <= r <= 26) and X (r = 1). */
#ifndef LIETOOL_FREE_H
#define LIETOOL_FREE_H

#include <gmp.h>
#include <flint/flint.h>
#include <flint/fmpq.h>
#include "lietool/core.h"

/* The Lyndon basis up to degree N: the Lyndon words of length 1..N ordered
   by length, then lexicographically (the order of the published BCH tables
   and of iisignature). Element i (0-based) of degree k >= 2 has the standard
   factorisation w = uv, v the longest proper suffix of w that is a Lyndon
   word; u and v are Lyndon words, elements left[i] and right[i], and the
   element stands for the standard bracketing P_w = [P_u, P_v] (letters
   stand for themselves; left and right are -1). */
typedef struct {
    int r;                  /* letters */
    int N;                  /* largest degree stored (N = 1 when r = 1) */
    slong n;                /* elements */
    slong *deg_start;       /* elements of degree k: deg_start[k] .. deg_start[k+1]-1, k = 1..N */
    slong *offset;          /* element i's letters: letters + offset[i] */
    unsigned char *letters;
    slong *left, *right;
} lt_lyndon_struct;
typedef lt_lyndon_struct lt_lyndon_t[1];

void lt_lyndon_init(lt_lyndon_t B);
void lt_lyndon_clear(lt_lyndon_t B);

static inline int lt_lyndon_degree(const lt_lyndon_t B, slong i)
{
    return (int)(B->offset[i + 1] - B->offset[i]);
}
static inline const unsigned char *lt_lyndon_word(const lt_lyndon_t B, slong i)
{
    return B->letters + B->offset[i];
}

/* Builds the basis for 1 <= r <= 255 letters up to degree N >= 1 (Duval's
   algorithm). LT_EINPUT for r or N out of range; LT_ELIMIT (naming
   --max-enum) when the basis has more than ctx->max_enum elements. */
lt_status lt_free_lyndon_basis(lt_lyndon_t B, int r, long N, const lt_ctx_t ctx, lt_err_t err);

/* The index of the Lyndon word w[0..len) in B, or -1. */
slong lt_free_lyndon_find(const lt_lyndon_t B, const unsigned char *w, slong len);

/* Is w[0..len) a Lyndon word (strictly smaller than each of its proper
   suffixes)? Linear time. */
int lt_free_is_lyndon(const unsigned char *w, slong len);

/* The standard factorisation of the Lyndon word w[0..len), len >= 2: the
   length of the left factor u in w = uv, v the longest proper Lyndon
   suffix. */
slong lt_free_lyndon_split(const unsigned char *w, slong len);

/* Witt's formula: the number of Lyndon words of length n on r letters, the
   dimension of the degree-n part of the free Lie algebra,
   (1/n) sum_{d | n} mu(d) r^(n/d); and the total over degrees 1..N. */
void lt_free_witt(mpz_t out, ulong r, ulong n);
void lt_free_witt_total(mpz_t out, ulong r, ulong N);

/* The name of letter i of r (X, Y, Z, a, b, ...; see above), at most 7
   characters. */
void lt_free_letter_name(char *buf, int r, int i);
/* Element i as a word ("XXY") and as its standard bracketing
   ("[X,[X,Y]]"): strings to be released with lt_free. */
char *lt_lyndon_word_str(const lt_lyndon_t B, slong i);
char *lt_lyndon_bracket_str(const lt_lyndon_t B, slong i);

/* Z = log(e^{t_1 x_{l_1}} e^{t_2 x_{l_2}} ... e^{t_m x_{l_m}}) in the Lyndon
   basis B, up to B's degree: c[i] (B->n entries, initialised by the caller)
   receives the exact coefficient of element i. letters[s] < B->r and the
   rational t[s] give the factors, leftmost first. The word coefficients are
   those of the series log(1 + W) = sum_k (-1)^(k+1) W^k / k in the free
   associative algebra, W = the product minus 1; they are projected onto the
   basis through the triangularity of the standard bracketing (see bch.c).
   LT_ELIMIT when the words do not fit in 64 bits (r^N >= 2^64) or the
   expansions need more than ctx->max_memory_mb (--max-memory). */
lt_status lt_free_log_exp(fmpq *c, const lt_lyndon_t B, slong m, const int *letters,
                          const fmpq *t, const lt_ctx_t ctx, lt_err_t err);

/* The Baker-Campbell-Hausdorff series in the Lyndon basis B of rank 2
   (X = letter 0, Y = letter 1): Z = log(e^X e^Y), or with symmetric set
   Z = log(e^{X/2} e^Y e^{X/2}). */
lt_status lt_free_bch(fmpq *c, const lt_lyndon_t B, int symmetric, const lt_ctx_t ctx, lt_err_t err);

#endif
