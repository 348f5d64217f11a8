/* BLAS and LAPACKE, loaded when first used (src/core/blas.c): the few
   functions the library calls, through a table filled by dlopen of
   OpenBLAS (libopenblas.so.0) and LAPACKE (liblapacke.so.3). A command
   that does no floating-point linear algebra then maps neither library:
   about 4 MB of resident pages and 7 ms of start-up less, and no idle
   OpenBLAS threads. Include this instead of <cblas.h> and <lapacke.h>:
   the names below call through the table. */
#ifndef LIETOOL_CORE_BLAS_H
#define LIETOOL_CORE_BLAS_H

#include <lapacke.h>
#include <cblas.h>
#include "lietool/core.h"

typedef struct {
    __typeof__(cblas_dgemm) *dgemm;
    __typeof__(cblas_sgemm) *sgemm;
    __typeof__(cblas_ddot) *ddot;
    __typeof__(cblas_daxpy) *daxpy;
    __typeof__(LAPACKE_dgeqrf) *dgeqrf;
    __typeof__(LAPACKE_dgesvd) *dgesvd;
    __typeof__(LAPACKE_zgeev) *zgeev;
    __typeof__(LAPACKE_zlange) *zlange;
    __typeof__(LAPACKE_zgetrf) *zgetrf;
    __typeof__(LAPACKE_zgecon) *zgecon;
    __typeof__(LAPACKE_zgetrs) *zgetrs;
} lt_blas_table;

/* lt_blas_load (lietool/core.h) first. */
/* The table (after lt_blas_load succeeded; otherwise an assertion). */
const lt_blas_table *lt_blas(void);

/* For a program (the lietool command; not called, a library user's
   OpenBLAS is left alone): once OpenBLAS is loaded, at most threads (>= 1)
   BLAS threads unless OPENBLAS_NUM_THREADS, GOTO_NUM_THREADS or
   OMP_NUM_THREADS is set (0 leaves OpenBLAS's count), and its idle
   threads stopped. Call before any BLAS call. */
void lt_blas_set_threads(int threads);

#define cblas_dgemm (lt_blas()->dgemm)
#define cblas_sgemm (lt_blas()->sgemm)
#define cblas_ddot (lt_blas()->ddot)
#define cblas_daxpy (lt_blas()->daxpy)
#define LAPACKE_dgeqrf (lt_blas()->dgeqrf)
#define LAPACKE_dgesvd (lt_blas()->dgesvd)
#define LAPACKE_zgeev (lt_blas()->zgeev)
#define LAPACKE_zlange (lt_blas()->zlange)
#define LAPACKE_zgetrf (lt_blas()->zgetrf)
#define LAPACKE_zgecon (lt_blas()->zgecon)
#define LAPACKE_zgetrs (lt_blas()->zgetrs)

#endif
