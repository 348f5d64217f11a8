/* BLAS and LAPACKE loaded on first use: see blas.h. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <assert.h>
#include <stdlib.h>
#include "blas.h"

static lt_blas_table table;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int for_command, want_threads;
static lt_err_t load_err;      /* LT_OK, or why the libraries did not load */

static void load(void)
{
    lt_err_init(load_err);
    const char *ob = "libopenblas.so.0", *lp = "liblapacke.so.3";
    void *blas = lt_dl_open(ob, "OpenBLAS (libopenblas.so.0; Debian package libopenblas0)", 0, load_err);
    void *lapacke = blas ? lt_dl_open(lp, "LAPACKE (liblapacke.so.3; Debian package liblapacke)", 0, load_err) : NULL;
    if (!lapacke) return;
    static const char *const bnames[] = {"cblas_dgemm", "cblas_sgemm", "cblas_ddot", "cblas_daxpy"};
    static const char *const lnames[] = {"LAPACKE_dgeqrf", "LAPACKE_dgesvd", "LAPACKE_zgeev", "LAPACKE_zlange",
                                         "LAPACKE_zgetrf", "LAPACKE_zgecon", "LAPACKE_zgetrs"};
    void *bp[4], *lpp[7];
    if (lt_dl_syms(bp, blas, ob, bnames, 4, load_err) || lt_dl_syms(lpp, lapacke, lp, lnames, 7, load_err)) return;
    lt_blas_table t;
    *(void **)&t.dgemm = bp[0];
    *(void **)&t.sgemm = bp[1];
    *(void **)&t.ddot = bp[2];
    *(void **)&t.daxpy = bp[3];
    *(void **)&t.dgeqrf = lpp[0];
    *(void **)&t.dgesvd = lpp[1];
    *(void **)&t.zgeev = lpp[2];
    *(void **)&t.zlange = lpp[3];
    *(void **)&t.zgetrf = lpp[4];
    *(void **)&t.zgecon = lpp[5];
    *(void **)&t.zgetrs = lpp[6];
    /* OpenBLAS started its threads when loaded; they spin (sched_yield)
       for about 0.1 s of CPU before sleeping. For the command: at most
       want_threads of them, and the idle ones stopped (a BLAS call that
       runs in parallel starts them again). */
    if (for_command) {
        void (*set)(int) = (void (*)(int))dlsym(blas, "openblas_set_num_threads");
        int (*stop)(void) = (int (*)(void))dlsym(blas, "blas_thread_shutdown_");
        if (set && want_threads >= 1 && !getenv("OPENBLAS_NUM_THREADS") && !getenv("GOTO_NUM_THREADS") &&
            !getenv("OMP_NUM_THREADS"))
            set(want_threads);
        if (stop) stop();
    }
    table = t;
}

lt_status lt_blas_load(lt_err_t err)
{
    pthread_once(&once, load);
    if (!load_err->status) return LT_OK;
    return lt_err_set(err, load_err->status, "%s", load_err->msg);
}

const lt_blas_table *lt_blas(void)
{
    pthread_once(&once, load);
    /* the entry points call lt_blas_load first: reaching here without the
       libraries is a bug */
    assert(!load_err->status);
    return &table;
}

void lt_blas_set_threads(int threads)
{
    for_command = 1;
    want_threads = threads;
}
