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
/* Random Schreier-Sims without verification; *certain when a known bound
   was met. */
lt_status lt_pgrp_chain_random_(lt_pgrp_t G, const mpz_t bound, int *certain,
                                const lt_ctx_t ctx, lt_err_t err);

/* lt_pgrp_exponent_range, with G's classes when C is not NULL. */
lt_status lt_pgrp_exponent_range_(mpz_t e, mpz_t hi, lt_pgrp_t G, const lt_pgrp_classes_struct *C,
                                  const lt_ctx_t ctx, lt_err_t err);

#endif
