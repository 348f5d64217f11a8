/* Private to src/liealg. */
#ifndef LT_LIEALG_IMPL_H
#define LT_LIEALG_IMPL_H
#include "lietool/liealg.h"
/* C = AB - BA for n x n matrices stored row by row. */
void lt_liealg_mat_bracket_(fmpq *C, const fmpq *A, const fmpq *B, slong n);
/* v = the n x n matrix M read row by row. */
void lt_liealg_mat_to_vec_(fmpq *v, const fmpq_mat_t M);
/* Finishes a matrix algebra from the RREF space S of Q^(n^2) (closed under
   the bracket, or checked here): basis = rows, structure constants read at
   the pivot columns. */
lt_status lt_liealg_from_space_(lt_liealg_t L, const lt_qspace_t S, slong n, int check, lt_err_t err);
#endif
