/* lietool bch and magnus --mpi and --checkpoint (src/mpi/bch.c): linked into the
   lietool binary only, so that the library needs no MPI. */
#ifndef LT_MPI_BCH_H
#define LT_MPI_BCH_H
#include "lietool/free.h"

/* 1 when built with MPI (Open MPI's libopenmpi-dev). */
int lt_mpi_available(void);
/* MPI_Init with the command line (0, or -1 when MPI is unavailable or
   fails), and MPI_Finalize. */
lt_status lt_mpi_init(int *argc, char ***argv, lt_err_t err);
void lt_mpi_finalize(void);
/* After a failure: ends every rank with status (MPI_Abort) when more than
   one runs; returns otherwise. */
void lt_mpi_abort(int status);
/* bch N with `mpi` or `checkpoint`: the BCH series to degree N (as bch
   --table has it, with table; symmetric: W) shared among the ranks of
   MPI_COMM_WORLD when MPI is initialised (else one process), the finished
   classes kept in the directory checkpoint (NULL: none) and read back
   from it. Rank 0 (or the one process) prepares B and S as
   lt_free_bch_prepare does (*have = 1: release them) and holds the whole
   series; *root is 1 there, where it is printed. The other ranks make no
   basis: each holds only the class it is running (lt_free_bch_job_alone),
   so that their memory falls as ranks are added. */
lt_status lt_mpi_bch(lt_bchw_t S, lt_lyndon_t B, long N, int symmetric, int table, const char *checkpoint,
                     int *root, int *have, const lt_ctx_t ctx, lt_err_t err);
/* The Magnus series of the word W to B's order into c, as lt_free_log_exp,
   in the same way; the checkpoint's files are named by a hash of the word
   (letters and exponents), so one directory serves several words. */
lt_status lt_mpi_magnus(fmpq *c, const lt_lyndon_t B, const lt_free_word_t W, const char *checkpoint, int *root,
                        const lt_ctx_t ctx, lt_err_t err);
#endif
