/* The theory layer: how many layers of an order-blind (abelian) or a
   restricted sequence model a group or a Lie algebra needs, the error a
   shallower stack leaves, and the complexity of the word problem, each
   with the statement it comes from.

   The main source is Heo, Ngotiaoco, Irie, Gershman, Sabatini, "Why Depth
   Matters in Parallelizable Sequence Models: A Lie Algebraic View",
   arXiv:2603.05573 (2026). Version 2 of that paper corrected "an indexing
   error affecting Corollary 3.6, Proposition 3.7 and Figure 2"; lietool
   keeps both readings selectable (lt_bound):

   - LT_BOUND_V1, the statements as published in version 1: a depth-k stack
     reaches the free nilpotent class c(k) = 2^(k-1), and words of length
     T need ceil(log2 T) + 1 layers;
   - LT_BOUND_SHARP, the count the paper's argument gives: the k-th derived
     term of a free nilpotent Lie algebra lies in degrees >= 2^k, so class c
     has derived length at most floor(log2 c) + 1, k layers reach class
     2^k - 1, and words of length T need floor(log2 T) + 1 layers.

   The sharp statements imply the v1 ones (a larger class, fewer layers),
   so v1 is the conservative choice; it is the default (LT_BOUND_DEFAULT)
   because it is the text that was published. */
#ifndef LIETOOL_DEPTH_H
#define LIETOOL_DEPTH_H

#include <gmp.h>
#include <flint/flint.h>
#include "lietool/core.h"

typedef enum { LT_BOUND_V1 = 0, LT_BOUND_SHARP = 1 } lt_bound;
#define LT_BOUND_DEFAULT LT_BOUND_V1

/* "v1" or "sharp". */
const char *lt_depth_bound_name(lt_bound b);
/* Reads "v1" or "sharp"; returns 0 for anything else. */
int lt_depth_bound_parse(lt_bound *b, const char *s);

/* A derived length d >= 0, or -1 for an object that is not solvable. */

/* The number of abelian layers that simulate the object exactly: d
   (Heo et al., Theorem 3.4 for sufficiency, Proposition 3.3 for necessity;
   for groups also Shakerinava et al. 2026: a k-layer complex-diagonal SSM
   tracks a group iff its derived length is at most k); -1 (no constant
   depth) when d = -1. */
long lt_depth_abelian_layers(long d);
/* The lower bound on restricted (Mamba-like) layers: ceil(d / 2), since k
   restricted layers reach derived length at most 2k (Heo et al.,
   Proposition 3.3); -1 when d = -1. */
long lt_depth_restricted_layers(long d);

/* The number of abelian layers that solve the word problem for words of
   length at most T >= 1 through the free nilpotent Lie algebra of class T
   (Heo et al., Proposition 3.7): ceil(log2 T) + 1 (v1) or
   floor(log2 T) + 1 (sharp). */
int lt_depth_log_bound(ulong T, lt_bound b);

/* The class c(k) of the nilpotent truncation that a depth-k abelian stack
   reaches, 1 <= k <= 63: 2^(k-1) (v1) or 2^k - 1 (sharp). */
ulong lt_depth_truncation_class(int k, lt_bound b);
/* The exponent of its local error O(eps^(c(k)+1)), eps the generator mass
   (Heo et al., Corollary 3.6), 1 <= k <= 62. */
ulong lt_depth_error_exponent(int k, lt_bound b);
/* Is a depth-k abelian stack exact for an object of derived length d (a
   solvable object with d <= k; Theorem 3.4)? */
int lt_depth_is_exact(int k, long d);

/* The width of the construction of Proposition 3.7 (Heo et al., Corollary
   3.8): the dimension of the free nilpotent Lie algebra on n letters of
   class T, sum over m = 1..T of Witt's (1/m) sum_{d | m} mu(d) n^(m/d),
   exactly, for n >= 0 and T >= 1. The powers n^(m/d) are kept one per
   square-free d and advanced by one multiplication each, so the cost is
   about T^2 log n word operations. LT_ELIMIT when the result would have
   more than max_digits decimal digits (naming --max-digits), T is above
   2^32, or the work tables need more than ctx->max_memory_mb
   (--max-memory); digits (or NULL) then receives an estimate of the
   number of decimal digits (log10 of the width). */
lt_status lt_depth_width(mpz_t out, double *digits, const mpz_t n, ulong T, long max_digits,
                         const lt_ctx_t ctx, lt_err_t err);

/* The complexity of a finite group's word problem, from its derived
   length d (-1: not solvable). */
typedef enum {
    LT_WP_TRIVIAL = 0,      /* d = 0: the trivial group */
    LT_WP_ABELIAN,          /* d = 1: one order-blind layer */
    LT_WP_SOLVABLE,         /* d >= 2: constant depth, ACC0 (Barrington and Therien 1988) */
    LT_WP_NC1_COMPLETE      /* not solvable: NC1-complete (Barrington 1989) */
} lt_wp_class;
lt_wp_class lt_depth_word_problem_class(long d);
/* "trivial", "abelian", "solvable", "nc1-complete" */
const char *lt_depth_word_problem_name(lt_wp_class c);

/* The sources, as short citations for the output ("Heo et al. 2026,
   Theorem 3.4"); man/lietool.1 lists them in full under REFERENCES. */
typedef enum {
    LT_SRC_HEO_LEM31,       /* no abelian system simulates a non-abelian one */
    LT_SRC_HEO_THM32,       /* error of order the commutator mass, growing with the horizon */
    LT_SRC_HEO_PROP33,      /* k abelian layers: derived length <= k; k restricted: <= 2k */
    LT_SRC_HEO_THM34,       /* derived length k => k abelian layers suffice */
    LT_SRC_HEO_COR36,       /* depth-k error O(eps^(c(k)+1)) */
    LT_SRC_HEO_PROP37,      /* words of length T: logarithmic depth */
    LT_SRC_HEO_COR38,       /* its width: the free nilpotent dimension */
    LT_SRC_SHAKERINAVA,     /* k complex-diagonal SSM layers iff derived length <= k */
    LT_SRC_BARRINGTON,      /* non-solvable word problems are NC1-complete */
    LT_SRC_BARRINGTON_THERIEN, /* solvable word problems are in ACC0 */
    LT_SRC_MERRILL,         /* transformers and SSMs are in TC0 */
    LT_SRC_LIU,             /* O(log T) depth for every automaton, O(1) for solvable ones */
    LT_SRC_GRAZZI,          /* eigenvalues in [0,1] cannot count mod 2 */
    LT_SRC_WITT,            /* Witt's dimension formula */
    LT_SRC_COUNT
} lt_depth_source;
const char *lt_depth_cite(lt_depth_source s);

/* ---- a trained model beside the theory (src/depth/verdict.c) ---- */
/* What the theory says of a stack of `layers` restricted layers (the
   transitions commute, the input term is free: diagonal SSMs and Mamba)
   on the word problem of a group of derived length d (-1: not solvable)
   for words of length T. */
typedef struct {
    const char *group;      /* the group as given, for the text */
    long derived_length;    /* d, -1: not solvable */
    long abelianization;    /* |G/G'|, 0 when not known */
    int layers;             /* L >= 1 */
    const char *layer_name; /* "signed diagonal", ... */
    int nonnegative;        /* the layers' eigenvalues lie in [0,1] */
    long length;            /* T */
} lt_depth_model;

typedef struct {
    /* "exact" (d <= L: Theorem 3.4), "not_excluded" (L < d <= 2L),
       "too_shallow" (d > 2L: Theorem 3.2) or "no_constant_depth" (not
       solvable: Theorem 3.2 and Proposition 3.7) */
    const char *verdict;
    long reachable_derived_length;  /* 2L (Proposition 3.3) */
    int log_v1, log_sharp;          /* layers for words of length T (Proposition 3.7) */
    int parity_barrier;             /* eigenvalues in [0,1] and G maps onto C2 (Grazzi et al.) */
    int nsources;
    lt_depth_source sources[4];     /* the statements the verdict rests on, in the text's order */
    char text[1024];                /* the verdict in words, with its sources */
} lt_depth_verdict_struct;
typedef lt_depth_verdict_struct lt_depth_verdict_t[1];

void lt_depth_model_verdict(lt_depth_verdict_t V, const lt_depth_model *M);

/* The longest length up to Tmax that k abelian layers cover for an object
   of derived length d: every length when 0 <= d <= k (Theorem 3.4),
   otherwise the lengths T whose logarithmic bound (Proposition 3.7) is at
   most k. */
long lt_depth_covered_length(int k, long d, long Tmax, lt_bound b);

#endif
