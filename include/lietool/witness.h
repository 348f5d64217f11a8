/* Witnesses for the algebraic barriers: the evidence behind a derived or
   lower central series, so that an answer can be checked by hand.

   Groups (src/perm/witness.c). Products follow lietool/perm.h (GAP's
   convention, i^(ab) = (i^a)^b) and the commutator is
   [a,b] = a^-1 b^-1 a b (lt_perm_comm). A commutator witness for
   T = [H,K] is a list of triples (a, b, c) with a in H, b in K and
   c = [a,b], whose c's generate T.

   Lie algebras (src/liealg/witness.c). A bracket witness for T = [U,V]
   is a list of triples (u, v, w) of coordinate vectors with u in U, v in
   V and w = [u,v], whose w's span T. */
#ifndef LIETOOL_WITNESS_H
#define LIETOOL_WITNESS_H

#include "lietool/core.h"
#include "lietool/perm.h"
#include "lietool/liealg.h"

typedef struct {
    int n, len, alloc;
    int **a, **b, **c;      /* c[i] = [a[i], b[i]] = a[i]^-1 b[i]^-1 a[i] b[i] */
} lt_pwit_struct;
typedef lt_pwit_struct lt_pwit_t[1];

void lt_pwit_init(lt_pwit_t W, int n);
void lt_pwit_clear(lt_pwit_t W);
/* Appends (a, b, [a,b]) (copied). */
void lt_pwit_push(lt_pwit_t W, const int *a, const int *b);

/* Commutator generators of T = [H, K], for subgroups H and K that G
   normalises (G complete; H = K = G for G', H = gamma_i(G) and K = G for
   the lower central series). It starts from the commutators of the
   generators of H with those of K and closes under conjugation by G's
   generators ([a,b]^g = [a^g, b^g], still a commutator of an element of H
   with one of K); a commutator is kept only when the ones before it do not
   generate it already. Tw receives the group the c's generate (complete
   chain). The result is then checked with lt_pwit_check against T (T
   complete, computed independently); LT_EINTERNAL if the check fails. */
lt_status lt_pgrp_commutator_witness(lt_pwit_t W, lt_pgrp_t Tw, lt_pgrp_t H, lt_pgrp_t K,
                                     lt_pgrp_t G, lt_pgrp_t T, const lt_ctx_t ctx, lt_err_t err);
/* 1 if every c[i] equals [a[i], b[i]] (recomputed), a[i] is in H, b[i] in
   K, and the c's generate exactly T (H, K, T complete); 0 otherwise. */
int lt_pwit_check(const lt_pwit_t W, lt_pgrp_t H, lt_pgrp_t K, lt_pgrp_t T,
                  const lt_ctx_t ctx, lt_err_t err);
/* Why H/N is abelian: N is normal in H and holds [x,y] for every pair of
   generators x, y of H. Checks both on the generators (H, N complete) and
   returns 1 if they hold; *checks (if not NULL) receives the number of
   memberships tested. With G not NULL it checks instead that H/N is
   central in G/N: N normal in G and [x,g] in N for generators x of H and
   g of G. */
int lt_pgrp_quotient_abelian(lt_pgrp_t H, lt_pgrp_t N, lt_pgrp_t G, long *checks);
/* Finds a, b in G (complete) with [a,b] = g, by a seeded random search of
   at most `tries` pairs: for fixed a, b^-1 a b = a g (so only b with
   a^b = a g qualify). LT_OK when found (checked), LT_NO otherwise. */
lt_status lt_pgrp_as_commutator(int *a, int *b, const int *g, lt_pgrp_t G, long tries);

typedef struct {
    slong dim, len, alloc;
    fmpq **u, **v, **w;     /* w[i] = [u[i], v[i]], coordinate vectors of length dim */
} lt_lwit_struct;
typedef lt_lwit_struct lt_lwit_t[1];

void lt_lwit_init(lt_lwit_t W, slong dim);
void lt_lwit_clear(lt_lwit_t W);
/* Brackets of basis vectors (rows) of U with those of V that span
   T = [U, V]: each pair in turn, kept when its bracket is not in the span
   of the kept ones. Checked with lt_lwit_check against T (computed
   independently); LT_EINTERNAL if the check fails. */
lt_status lt_liealg_bracket_witness(lt_lwit_t W, const lt_liealg_t L, const lt_qspace_t U,
                                    const lt_qspace_t V, const lt_qspace_t T, lt_err_t err);
/* 1 if every w[i] = [u[i], v[i]] (recomputed), u[i] in U, v[i] in V and
   the w's span exactly T. */
int lt_lwit_check(const lt_lwit_t W, const lt_liealg_t L, const lt_qspace_t U,
                  const lt_qspace_t V, const lt_qspace_t T);
/* Why U/N is abelian: N is an ideal of U and [x,y] lies in N for every
   pair of basis vectors of U; with A not NULL, that U/N is central in A/N
   instead (N an ideal of A, [U, A] in N). Returns 1 if it holds; *checks
   (if not NULL) receives the number of brackets tested. */
int lt_liealg_quotient_abelian(const lt_liealg_t L, const lt_qspace_t U, const lt_qspace_t N,
                               const lt_qspace_t A, long *checks);

/* ---- the evidence for a whole series ----
   Step i (0-based) of G_0 = G > G_1 > ... (the derived series,
   G_(i+1) = [G_i, G_i], or the lower central series, G_(i+1) = [G_i, G]):
   commutators generating G_(i+1), each checked (lt_pgrp_commutator_witness,
   starting from the group the previous step's commutators generate), and
   the check that G_i/G_(i+1) is abelian (central in G/G_(i+1) for the
   lower central series; lt_pgrp_quotient_abelian). When the series stops
   above the trivial group a last, residual step follows: commutators that
   generate the last term G_i itself (G_i = [G_i, G_i], or [G_i, G]), with
   no quotient check. The same for Lie algebras with brackets, spans and
   dimensions. */
typedef struct {
    lt_pwit_t W;            /* commutators generating the step's term */
    long checks;            /* memberships tested for the quotient (0 for the residual) */
    mpz_t quotient_order;   /* |G_i / G_(i+1)| (1 for the residual) */
} lt_pgrp_step_struct;

typedef struct {
    int lower;              /* the lower central series (else the derived series) */
    lt_pgrp_series_t S;     /* the series from G down */
    int nsteps;             /* S->len - 1, and 1 more for a residual step */
    int residual;           /* the last step is the residual one */
    lt_pgrp_step_struct *steps;
} lt_pgrp_series_witness_struct;
typedef lt_pgrp_series_witness_struct lt_pgrp_series_witness_t[1];

void lt_pgrp_series_witness_init(lt_pgrp_series_witness_t R);
void lt_pgrp_series_witness_clear(lt_pgrp_series_witness_t R);
/* R for G (complete); earlier contents are released. LT_EINTERNAL if a
   check fails; the failures of the series and of the witnesses. */
lt_status lt_pgrp_series_witness(lt_pgrp_series_witness_t R, lt_pgrp_t G, int lower,
                                 const lt_ctx_t ctx, lt_err_t err);
/* The term step i leads to: S->terms[i + 1], or S->terms[i] for the residual. */
static inline const lt_pgrp_struct *lt_pgrp_series_witness_term(const lt_pgrp_series_witness_t R, int i)
{
    return &R->S->terms[R->residual && i == R->nsteps - 1 ? i : i + 1];
}

typedef struct {
    lt_lwit_t W;            /* brackets spanning the step's term */
    long checks;            /* brackets tested for the quotient (0 for the residual) */
    slong quotient_dim;     /* dim L_i - dim L_(i+1) (0 for the residual) */
} lt_liealg_step_struct;

typedef struct {
    int lower;
    lt_lseries_t S;
    slong nsteps;
    int residual;
    lt_liealg_step_struct *steps;
} lt_liealg_series_witness_struct;
typedef lt_liealg_series_witness_struct lt_liealg_series_witness_t[1];

void lt_liealg_series_witness_init(lt_liealg_series_witness_t R);
void lt_liealg_series_witness_clear(lt_liealg_series_witness_t R);
lt_status lt_liealg_series_witness(lt_liealg_series_witness_t R, const lt_liealg_t L, int lower, lt_err_t err);
static inline const lt_qspace_struct *lt_liealg_series_witness_term(const lt_liealg_series_witness_t R, slong i)
{
    return &R->S->terms[R->residual && i == R->nsteps - 1 ? i : i + 1];
}

/* Why G (complete) is perfect or not: G' = [G, G] and, when G' = G,
   commutators that prove it: each generator of G written as a commutator
   (lt_pgrp_as_commutator, `tries` pairs each; W holds (a, b, g) for the
   generators g in order, and as_commutators is 1), or, when one is not
   found, a generating set of commutators (lt_pgrp_commutator_witness). */
typedef struct {
    int perfect;
    lt_pgrp_t derived;      /* G' */
    int as_commutators;
    lt_pwit_t W;
} lt_pgrp_perfect_witness_struct;
typedef lt_pgrp_perfect_witness_struct lt_pgrp_perfect_witness_t[1];

void lt_pgrp_perfect_witness_init(lt_pgrp_perfect_witness_t R);
void lt_pgrp_perfect_witness_clear(lt_pgrp_perfect_witness_t R);
lt_status lt_pgrp_perfect_witness(lt_pgrp_perfect_witness_t R, lt_pgrp_t G, long tries,
                                  const lt_ctx_t ctx, lt_err_t err);

#endif
