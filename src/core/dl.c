/* Libraries loaded at run time (dlopen), for BLAS/LAPACKE (src/core/blas.c)
   and Open MPI (src/mpi/bch.c): a missing library or symbol is a status,
   LT_EMISSING, with the reason; the caller decides what to do. */
#include <dlfcn.h>
#include "lietool/core.h"

void *lt_dl_open(const char *soname, const char *what, int global, lt_err_t err)
{
    void *h = dlopen(soname, RTLD_NOW | (global ? RTLD_GLOBAL : RTLD_LOCAL));
    if (!h) {
        const char *e = dlerror();
        lt_err_set(err, LT_EMISSING, "cannot load %s: %s", what, e ? e : "unknown error");
    }
    return h;
}

lt_status lt_dl_syms(void **out, void *h, const char *lib, const char *const *names, int n, lt_err_t err)
{
    for (int i = 0; i < n; i++) {
        void *p = dlsym(h, names[i]);
        if (!p) return lt_err_set(err, LT_EMISSING, "%s has no %s", lib, names[i]);
        out[i] = p;
    }
    return LT_OK;
}
