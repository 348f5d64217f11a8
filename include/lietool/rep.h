/* Matrix representations of permutation groups (src/rep): exact arithmetic
   in Q(sqrt d), and the check that matrices assigned to group elements
   extend to a homomorphism. Representation files are read by
   lt_io_rep_read (lietool/io.h; lietool-formats(5), REPRESENTATION FILES). */
#ifndef LIETOOL_REP_H
#define LIETOOL_REP_H

#include <flint/flint.h>
#include <flint/fmpq.h>
#include "lietool/core.h"
#include "lietool/perm.h"

/* ---- the field Q(sqrt d), d squarefree (src/rep/qsqrt.c) ---- */
/* x = a + b sqrt(d); d is not stored: every operation takes it. */
typedef struct { fmpq_t a, b; } lt_qsqrt_struct;
typedef lt_qsqrt_struct lt_qsqrt_t[1];
void lt_qsqrt_init(lt_qsqrt_t x);
void lt_qsqrt_clear(lt_qsqrt_t x);
void lt_qsqrt_add(lt_qsqrt_t x, const lt_qsqrt_t y);           /* x = x + y */
void lt_qsqrt_sub(lt_qsqrt_t x, const lt_qsqrt_t y);           /* x = x - y */
void lt_qsqrt_neg(lt_qsqrt_t x);
void lt_qsqrt_mul(lt_qsqrt_t x, const lt_qsqrt_t y, long d);   /* x = x y */
/* x = 1/x and 1; 0 (x unchanged) when x = 0. */
int lt_qsqrt_inv(lt_qsqrt_t x, long d);
/* x = sqrt(m) for an integer m >= 1, written s sqrt(f) with f squarefree;
   returns f (1 when m is a square: x is then the integer s). x lies in
   Q(sqrt f). */
long lt_qsqrt_set_sqrt(lt_qsqrt_t x, long m);

/* ---- representations (src/rep/rep.c) ---- */
/* Matrices assigned to elements of a group G. */
typedef struct {
    int count;              /* assigned elements */
    slong n;                /* matrix size */
    long *line;             /* line of each assignment */
    char **label;           /* each element as written */
    long long *elt;         /* each element's lt_pgrp_rank number in G */
    int exact;              /* 1: entries exact in Q(sqrt d); 0: some entry is a decimal */
    long d;                 /* the square root of the entries (1 when none) */
    fmpq *a, *b;            /* entry = a + b sqrt(d), count*n*n, row by row */
    double *x;              /* the entries as doubles */
    int origin;             /* points numbered from 0 or 1 ('points') */
    int composition;        /* 'convention composition': the right factor acts first */
    int spaces;             /* the labels separate points by spaces */
} lt_rep_struct;
typedef lt_rep_struct lt_rep_t[1];
void lt_rep_init(lt_rep_t R);
void lt_rep_clear(lt_rep_t R);

enum { LT_REP_OK, LT_REP_ORDER, LT_REP_EDGE, LT_REP_SUBGROUP };
typedef struct {
    int homomorphism;
    int kind;               /* the first failure: LT_REP_ORDER (relation w^k = 1),
                               LT_REP_EDGE (two words for one element) or
                               LT_REP_SUBGROUP (the assigned elements do not generate G) */
    char *relation;         /* the failing relation in the file's notation */
    char *word, *element;   /* its (first) word and the element, as the file writes them */
    int single;             /* the word is one label */
    long element_order;     /* LT_REP_ORDER: the element's order */
    long image_order;       /* and its image's, or -1 above image_order_limit */
    long image_order_limit;
    long long order;        /* |G| */
    long long subgroup_order; /* LT_REP_SUBGROUP: order of the subgroup generated */
    long long kernel, distinct; /* homomorphism: |kernel| and |G|/|kernel| */
    long long generated;    /* not a homomorphism: matrices the assigned ones generate, -1 above generated_limit */
    long long generated_limit;
} lt_rep_check_struct;
typedef lt_rep_check_struct lt_rep_check_t[1];
void lt_rep_check_init(lt_rep_check_t C);
void lt_rep_check_clear(lt_rep_check_t C);
/* Extends the assignment along the Cayley graph of G (complete chain) and
   checks every relation, replacing C's contents; floating-point entries are
   equal when they differ by at most tol times the largest entry (or tol).
   Enumerates G: LT_ELIMIT above ctx->max_enum elements. */
lt_status lt_rep_check(lt_rep_check_t C, const lt_rep_t R, lt_pgrp_t G, double tol,
                       const lt_ctx_t ctx, lt_err_t err);

#endif
