/* Character tables of finite groups: exact cyclotomic numbers, the
   Dixon-Schneider table of a permutation group, Frobenius-Schur
   indicators, the real irreducible representations and what they say
   about Householder-product layers (src/chartab). */
#ifndef LIETOOL_CHARTAB_H
#define LIETOOL_CHARTAB_H

#include <flint/fmpq.h>
#include "lietool/core.h"
#include "lietool/perm.h"

/* ---- cyclotomic numbers (src/chartab/cyc.c) ----
   x = sum_i c[i] E(n)^e[i], E(n) = exp(2 pi i / n), in the canonical form
   GAP uses: n is the conductor (the least n with x in Q(E(n)); 1 for a
   rational, never 2 mod 4), the exponents are increasing and lie in
   Zumbroich's basis of Q(E(n)) (Zumbroich's basis as in GAP's reference
   manual, section 18.1), the coefficients are non-zero. Equal numbers
   have equal forms. */
typedef struct {
    long n;
    long len;
    long *e;
    fmpq *c;
} lt_cyc_struct;
typedef lt_cyc_struct lt_cyc_t[1];

void lt_cyc_init(lt_cyc_t x);
void lt_cyc_clear(lt_cyc_t x);
void lt_cyc_set(lt_cyc_t x, const lt_cyc_t y);
void lt_cyc_zero(lt_cyc_t x);
void lt_cyc_set_si(lt_cyc_t x, long v);
void lt_cyc_set_fmpq(lt_cyc_t x, const fmpq_t q);
/* x = sum_k v[k] E(N)^k (k = 0..N-1, v not changed; N >= 1). */
void lt_cyc_set_dense(lt_cyc_t x, const fmpq *v, long N);
/* x = E(N)^k */
void lt_cyc_set_root(lt_cyc_t x, long N, long k);
/* v[0..N-1] = the coefficients of x over E(N)^k, for N a multiple of
   x->n (v initialised by the caller; overwritten). */
void lt_cyc_get_dense(fmpq *v, long N, const lt_cyc_t x);
int  lt_cyc_equal(const lt_cyc_t x, const lt_cyc_t y);
int  lt_cyc_is_zero(const lt_cyc_t x);
int  lt_cyc_is_rational(const lt_cyc_t x);
/* Its rational value (x rational). */
void lt_cyc_get_fmpq(fmpq_t q, const lt_cyc_t x);
void lt_cyc_add(lt_cyc_t r, const lt_cyc_t x, const lt_cyc_t y);
void lt_cyc_sub(lt_cyc_t r, const lt_cyc_t x, const lt_cyc_t y);
void lt_cyc_neg(lt_cyc_t r, const lt_cyc_t x);
void lt_cyc_mul(lt_cyc_t r, const lt_cyc_t x, const lt_cyc_t y);
void lt_cyc_mul_fmpq(lt_cyc_t r, const lt_cyc_t x, const fmpq_t q);
/* The Galois conjugate E(n) -> E(n)^k (k prime to x's conductor; any
   integer k with gcd(k, n) = 1, negative allowed). k = -1: complex
   conjugate. */
void lt_cyc_galois(lt_cyc_t r, const lt_cyc_t x, long k);
/* Number of distinct Galois conjugates of x (1 for a rational). */
long lt_cyc_galois_count(const lt_cyc_t x);
/* re + i im in double precision. */
void lt_cyc_get_d(double *re, double *im, const lt_cyc_t x);
/* GAP's String(x): "-E(5)-E(5)^4", "2*E(9)^2-E(9)^4", "3", "-1/2";
   a malloc'd string (lt_free). */
char *lt_cyc_str(const lt_cyc_t x);
/* A quadratic irrationality x = (a + b Sqrt(root))/d (root square-free,
   d 1 or 2): returns 1 and fills the strings GAP's Quadratic gives
   (display "(1-Sqrt(5))/2" and the ATLAS name "-b5"; malloc'd), else 0
   (rational, or more than two conjugates). */
int lt_cyc_quadratic(char **display, char **atlas, const lt_cyc_t x);

/* ---- character tables (src/chartab/chartab.c) ---- */

/* A real irreducible representation: chi (indicator 1), chi + conj(chi)
   (indicator 0; both characters listed) or 2 chi (indicator -1). */
typedef struct {
    long chars[2];              /* 0-based character indices; chars[1] = -1 unless indicator 0 */
    long dimension;
    long reflection_length;     /* max over g of rank(rho(g) - I) */
    long *codim;                /* per class: rank(rho(g) - I) = dim - dim Fix(g) */
    int faithful;
} lt_realrep_struct;

typedef struct {
    mpz_t order;                /* |G| */
    mpz_t exponent;
    long nclasses;
    lt_pgrp_classes_t classes;  /* representatives, sizes, element orders */
    char **class_names;         /* GAP's: 1a, 2a, 2b, 3a, ... */
    mpz_t *centralizer;         /* |C_G(g)| per class */
    long *inverse;              /* class of g^-1 */
    long nprimes;
    long *primes;               /* the primes dividing |G|, increasing */
    long **power;               /* power[i][c]: class of g_c^primes[i] */
    lt_cyc_struct **values;     /* values[chi][c]; characters sorted by degree */
    long *degree;
    int *indicator;             /* Frobenius-Schur: 1, 0, -1 */
    unsigned char **kernel;     /* kernel[chi][c]: 1 when chi(g_c) = chi(1) */
    long nreal;
    lt_realrep_struct *real;
    long prime;                 /* the prime Dixon-Schneider worked modulo */
} lt_chartab_struct;
typedef lt_chartab_struct lt_chartab_t[1];

void lt_chartab_init(lt_chartab_t T);
void lt_chartab_clear(lt_chartab_t T);
/* The character table of G (complete chain) by Dixon-Schneider: G's
   elements numbered through the chain (|G| <= ctx->max_enum, memory
   charged to --max-memory), its classes (lt_pgrp_conjugacy_classes), and
   the common eigenvectors of the class matrices modulo a prime p = 1 mod
   exp(G), p > |G|; the values are then lifted to exact cyclotomics from
   the eigenvalue multiplicities of each class's powers. LT_ELIMIT above
   the limits (with the option that raises them), LT_EINTERNAL when a check
   (sum of degree squares, integrality) fails. */
lt_status lt_chartab_compute(lt_chartab_t T, lt_pgrp_t G, const lt_ctx_t ctx, lt_err_t err);

/* The table info and plan use: lt_chartab_compute when |G| <= 10^6 and
   --max-enum and G is not abelian of order above 512 (the table's linear
   algebra grows as the cube of the classes), else LT_ELIMIT with the
   reason (info then prints the rest). */
#define LT_CHARTAB_PROFILE_MAX 1000000L
#define LT_CHARTAB_PROFILE_CLASSES 512L   /* nor for abelian groups above this order (one class each) */
lt_status lt_chartab_profile(lt_chartab_t T, lt_pgrp_t G, const lt_ctx_t ctx, lt_err_t err);

/* Invariants read off the real representations. */
typedef struct {
    long min_faithful_real_dim;     /* least dimension of a faithful sum of real irreducibles */
    long reflections_heads;         /* least N: real irreducibles of reflection length <= N have trivial common kernel */
    long reflections_one_head;      /* least N: a faithful sum of distinct real irreducibles of reflection length <= N */
    int one_head_exact;             /* 0: the search stopped at its node bound; then reflections_one_head is an upper bound */
    int dim_exact;                  /* the same for min_faithful_real_dim */
    long search_nodes;              /* the bound on the searches' nodes */
    long heads_used;                /* several heads: how many real irreducibles of reflection length
                                       <= reflections_heads make the kernel trivial (greedy, by length) */
    long heads_max_dim;             /* and the largest of their dimensions (a head's state size) */
    long one_head_dim;              /* one head: the dimension of the sum found */
} lt_chartab_inv_t;
/* max_nodes bounds each search (0: 10^6). */
void lt_chartab_invariants(lt_chartab_inv_t *inv, const lt_chartab_t T, long max_nodes);

#endif
