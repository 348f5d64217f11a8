/* Private to src/liealg. */
#ifndef LT_LIEALG_IMPL_H
#define LT_LIEALG_IMPL_H
#include "lietool/liealg.h"
/* C = AB - BA for n x n matrices stored row by row. */
void lt_liealg_mat_bracket_(fmpq *C, const fmpq *A, const fmpq *B, slong n);
int lt_liealg_closure_modular_(lt_qspace_t S, const fmpq_mat_struct *gens, slong k, slong n,
                               slong max_dim, int *too_big);
#endif
