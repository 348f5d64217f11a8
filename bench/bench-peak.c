/* One core's single-precision peak, for the roofline columns of
   bench/bench-ssm-eval.sh (which compiles this with cc -O2 -march=native):
   12 independent chains of FMAs on 8-wide float vectors, enough to fill
   two FMA pipelines of latency 4 to 6; prints GFLOP/s, the best of 20
   runs of about 20 ms (other work on the core slows some of them). */
#include <stdio.h>
#include <time.h>
typedef float v8 __attribute__((vector_size(32)));
#define STEP(x) x = x * m + c
int main(void)
{
    v8 m, c, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11;
    for (int k = 0; k < 8; k++) m[k] = 0.999999f, c[k] = 1e-7f;
    a0 = a1 = a2 = a3 = a4 = a5 = a6 = a7 = a8 = a9 = a10 = a11 = c;
    a1 += m, a2 -= m, a3 += c, a4 *= m, a5 -= c, a6 += m * m, a7 += 2 * c, a8 -= 2 * c, a9 += m + c, a10 += 3 * c, a11 -= m + c;
    double best = 0;
    long n = 10000000;
    for (int rep = 0; rep < 20; rep++) {
        struct timespec t0, t1;
        clock_gettime(CLOCK_MONOTONIC, &t0);
        for (long it = 0; it < n; it++) {
            STEP(a0); STEP(a1); STEP(a2); STEP(a3); STEP(a4); STEP(a5);
            STEP(a6); STEP(a7); STEP(a8); STEP(a9); STEP(a10); STEP(a11);
            __asm__ volatile("" : "+x"(a0), "+x"(a1), "+x"(a2), "+x"(a3), "+x"(a4), "+x"(a5), "+x"(a6), "+x"(a7),
                             "+x"(a8), "+x"(a9), "+x"(a10), "+x"(a11));
        }
        clock_gettime(CLOCK_MONOTONIC, &t1);
        double s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);
        if (2.0 * 8 * 12 * (double)n / s / 1e9 > best) best = 2.0 * 8 * 12 * (double)n / s / 1e9;
    }
    v8 z = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + a10 + a11;
    printf("%.1f\n", best);
    return z[0] == 12345.0f;
}
