/* Private to src/ssm: rounding to the working precision, inlined so that
   each kernel is compiled once per precision. */
#ifndef LT_SSM_IMPL_H
#define LT_SSM_IMPL_H
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "lietool/ssm.h"

#define LT_INLINE static inline __attribute__((always_inline))

/* Round to 8 significant bits, ties to even, float's exponent range,
   results below 2^-126 flushed to zero. */
LT_INLINE double lt_bf16_(double x)
{
    uint64_t u;
    memcpy(&u, &x, sizeof u);
    if (((u >> 52) & 0x7ff) == 0x7ff) return x;            /* inf, nan */
    u += ((uint64_t)1 << 44) - 1 + ((u >> 45) & 1);
    u &= ~(((uint64_t)1 << 45) - 1);
    memcpy(&x, &u, sizeof x);
    double ax = fabs(x);
    if (ax >= 0x1p128) return copysign(INFINITY, x);
    if (ax < 0x1p-126) return copysign(0.0, x);
    return x;
}

LT_INLINE double lt_rnd_(double x, lt_prec p)
{
    if (p == LT_PREC_F64) return x;
    if (p == LT_PREC_F32) return (double)(float)x;
    return lt_bf16_(x);
}

/* (x, y) <- (x, y) / |(x, y)|, every operation rounded. */
LT_INLINE void lt_renorm_(double *x, double *y, lt_prec p)
{
    double n = lt_rnd_(sqrt(lt_rnd_(lt_rnd_(*x * *x, p) + lt_rnd_(*y * *y, p), p)), p);
    if (n > 0) {
        *x = lt_rnd_(*x / n, p);
        *y = lt_rnd_(*y / n, p);
    }
}

/* Calls fn(arg, tid, n, team) on up to nthreads threads (tid 0 on the
   calling thread) with a barrier among them; if some threads cannot start,
   on those that did (n says how many). LT_EINTERNAL if the barrier cannot
   be made. */
typedef struct lt_team lt_team;
void lt_team_barrier_(lt_team *t);
lt_status lt_team_run_(int nthreads, void (*fn)(void *arg, int tid, int nthreads, lt_team *t),
                       void *arg, lt_err_t err);
int lt_online_cpus_(void);

#endif
