/* BLAS and LAPACKE loaded on first use: see blas.h. */
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include "blas.h"

static lt_blas_table table;
static pthread_once_t once = PTHREAD_ONCE_INIT;
static int for_command, want_threads;

static void fail(const char *what)
{
    const char *e = dlerror();
    fprintf(stderr, "lietool: cannot load %s: %s\n", what, e ? e : "unknown error");
    exit(127);
}

static void *sym(void *h, const char *lib, const char *name)
{
    void *p = dlsym(h, name);
    if (!p) fail(lib);
    return p;
}

static void load(void)
{
    void *blas = dlopen("libopenblas.so.0", RTLD_NOW | RTLD_LOCAL);
    if (!blas) fail("OpenBLAS (libopenblas.so.0; Debian package libopenblas0)");
    void *lapacke = dlopen("liblapacke.so.3", RTLD_NOW | RTLD_LOCAL);
    if (!lapacke) fail("LAPACKE (liblapacke.so.3; Debian package liblapacke)");
    const char *ob = "libopenblas.so.0", *lp = "liblapacke.so.3";
    lt_blas_table t;
    *(void **)&t.dgemm = sym(blas, ob, "cblas_dgemm");
    *(void **)&t.sgemm = sym(blas, ob, "cblas_sgemm");
    *(void **)&t.ddot = sym(blas, ob, "cblas_ddot");
    *(void **)&t.daxpy = sym(blas, ob, "cblas_daxpy");
    *(void **)&t.dgeqrf = sym(lapacke, lp, "LAPACKE_dgeqrf");
    *(void **)&t.dgesvd = sym(lapacke, lp, "LAPACKE_dgesvd");
    *(void **)&t.zgeev = sym(lapacke, lp, "LAPACKE_zgeev");
    *(void **)&t.zlange = sym(lapacke, lp, "LAPACKE_zlange");
    *(void **)&t.zgetrf = sym(lapacke, lp, "LAPACKE_zgetrf");
    *(void **)&t.zgecon = sym(lapacke, lp, "LAPACKE_zgecon");
    *(void **)&t.zgetrs = sym(lapacke, lp, "LAPACKE_zgetrs");
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

const lt_blas_table *lt_blas(void)
{
    pthread_once(&once, load);
    return &table;
}

void lt_blas_set_threads(int threads)
{
    for_command = 1;
    want_threads = threads;
}
