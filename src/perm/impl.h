/* Private to src/perm. */
#ifndef LT_PERM_IMPL_H
#define LT_PERM_IMPL_H
#include "lietool/perm.h"

struct lt_level_struct {
    int base;               /* base point */
    int *orbit, orbit_len;  /* orbit of base under <S_i>, in discovery order */
    int *pos;               /* pos[x]: index of x in orbit; valid where uinv[x] */
    int **uinv;             /* uinv[x]: inverse coset rep, maps x to base; NULL off the orbit */
    int *par, *lab;         /* Schreier tree: x was found as par[x]^sgs[lab[x]] */
    int *sg, nsg, sg_alloc; /* indices into the strong generating set: S_i */
};

/* Sifts g (in place) from level `from`; returns the level where it stopped
   (G->nlev if it went through; then g is the residue). */
int lt_pgrp_sift_(const lt_pgrp_t G, int *g, int from);
/* Adds a non-identity residue that stopped at level j. */
lt_status lt_pgrp_add_strong_(lt_pgrp_t G, const int *r, int j, const lt_ctx_t ctx, lt_err_t err);
/* Sifts g (destroyed) and adds its residue to the chain if it is not 1. */
lt_status lt_pgrp_sift_add_(lt_pgrp_t G, int *g, int from, int *added,
                            const lt_ctx_t ctx, lt_err_t err);
/* Adds p to N's generators unless N's chain, complete or not, already
   holds it (work: n ints); src/perm/subgroup.c. */
lt_status lt_pgrp_absorb_(lt_pgrp_t N, const int *p, int *work, const lt_ctx_t ctx, lt_err_t err);
/* H = <A's generators, extra[0..nextra-1]> with a complete chain (bound:
   an upper bound on |H| or NULL); src/perm/subgroup.c. */
lt_status lt_pgrp_with_(lt_pgrp_t H, const lt_pgrp_t A, int *const *extra, int nextra, const mpz_t bound,
                        const lt_ctx_t ctx, lt_err_t err);
/* Random Schreier-Sims without verification; *certain when a known bound
   was met. */
lt_status lt_pgrp_chain_random_(lt_pgrp_t G, const mpz_t bound, int *certain,
                                const lt_ctx_t ctx, lt_err_t err);

/* lt_pgrp_exponent_range, with G's classes when C is not NULL. */
lt_status lt_pgrp_exponent_range_(mpz_t e, mpz_t hi, lt_pgrp_t G, const lt_pgrp_classes_struct *C,
                                  const lt_ctx_t ctx, lt_err_t err);

/* An action homomorphism phi of a group M on m points (src/perm/hom.c):
   lab[x] is the image point of x (-1: x outside the domain). After
   lt_phom_kernel: D = <(g, phi(g))> on n + m points with the image points
   first in its base, K = ker phi on n points, I = phi(M) on m points (all
   complete). */
typedef struct {
    int n, m;
    int *lab;
    lt_pgrp_t D, K, I;
} lt_phom_struct;
void lt_phom_init(lt_phom_struct *H, int n);
void lt_phom_clear(lt_phom_struct *H);
/* The action on the orbit `which` of orb (lt_pgrp_orbits). */
void lt_phom_orbit(lt_phom_struct *H, const int *orb, int which);
/* The action on a minimal block system of M (transitive on 0..n-1, complete
   chain); 0 (H unchanged) when M is primitive. */
int lt_phom_blocks(lt_phom_struct *H, const lt_pgrp_t M);
lt_status lt_phom_kernel(lt_phom_struct *H, lt_pgrp_t M, const lt_ctx_t ctx, lt_err_t err);
/* y = phi(g) (g any permutation preserving the domain and its labels). */
void lt_phom_image(int *y, const lt_phom_struct *H, const int *g);
/* x in M with phi(x) = y (y in I). */
void lt_phom_preimage(int *x, const lt_phom_struct *H, const int *y);

/* Matrices over GF(q) as permutations (src/perm/named.c): on the non-zero
   row vectors, the projective points, or all vectors of GF(q)^n, numbered
   as in lietool/perm.h (all vectors: point = vector index). */
typedef enum { LT_POINTS_NONZERO, LT_POINTS_PROJECTIVE, LT_POINTS_ALL } lt_matrix_points;
void lt_pgrp_add_matrix_(lt_pgrp_t G, int n, const lt_gf_t F, const int *M, lt_matrix_points mode);
/* lt_pgrp_linear's generators of GL(n,q) (gl = 1) or SL(n,q), added to G. */
void lt_pgrp_linear_gens_(lt_pgrp_t G, int gl, int n, const lt_gf_t F, lt_matrix_points mode);

#endif
