/* One core's single-precision peak, for the roofline columns of
   bench/bench-ssm-eval.sh (which compiles this with cc -O2 -march=native):
   12 independent chains of FMAs, enough to fill two FMA pipelines of
   latency 4 to 6, on 8-wide float vectors (AVX2) and, where the compiler
   targets AVX-512 (-march=native on such a CPU), on 16-wide ones; prints
   the larger in GFLOP/s, the best of 20 runs of about 20 ms each (other
   work on the core slows some of them). */
#include <stdio.h>
#include <time.h>
#define STEP(x) x = x * m + c
/* GFLOP/s of 12 chains of n FMAs on vectors of type V (W floats), best of 20 */
#define PEAK(name, V, W, reg)                                                                                          \
    static double name(long n)                                                                                        \
    {                                                                                                                  \
        V m, c, a0, a1, a2, a3, a4, a5, a6, a7, a8, a9, a10, a11;                                                      \
        for (int k = 0; k < W; k++) m[k] = 0.999999f, c[k] = 1e-7f;                                                   \
        a0 = a1 = a2 = a3 = a4 = a5 = a6 = a7 = a8 = a9 = a10 = a11 = c;                                              \
        a1 += m, a2 -= m, a3 += c, a4 *= m, a5 -= c, a6 += m * m, a7 += 2 * c, a8 -= 2 * c, a9 += m + c, a10 += 3 * c, \
            a11 -= m + c;                                                                                              \
        double best = 0;                                                                                               \
        for (int rep = 0; rep < 20; rep++) {                                                                           \
            struct timespec t0, t1;                                                                                    \
            clock_gettime(CLOCK_MONOTONIC, &t0);                                                                       \
            for (long it = 0; it < n; it++) {                                                                          \
                STEP(a0); STEP(a1); STEP(a2); STEP(a3); STEP(a4); STEP(a5);                                            \
                STEP(a6); STEP(a7); STEP(a8); STEP(a9); STEP(a10); STEP(a11);                                          \
                __asm__ volatile("" : "+" reg(a0), "+" reg(a1), "+" reg(a2), "+" reg(a3), "+" reg(a4), "+" reg(a5),    \
                                 "+" reg(a6), "+" reg(a7), "+" reg(a8), "+" reg(a9), "+" reg(a10), "+" reg(a11));      \
            }                                                                                                          \
            clock_gettime(CLOCK_MONOTONIC, &t1);                                                                       \
            double s = (double)(t1.tv_sec - t0.tv_sec) + 1e-9 * (double)(t1.tv_nsec - t0.tv_nsec);                     \
            if (2.0 * W * 12 * (double)n / s / 1e9 > best) best = 2.0 * W * 12 * (double)n / s / 1e9;                 \
        }                                                                                                              \
        V z = a0 + a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + a10 + a11;                                            \
        return z[0] == 12345.0f ? -best : best;                                                                        \
    }
typedef float v8 __attribute__((vector_size(32)));
PEAK(peak8, v8, 8, "x")
#ifdef __AVX512F__
typedef float v16 __attribute__((vector_size(64)));
PEAK(peak16, v16, 16, "v")      /* "v": any of the 32 vector registers */
#endif
int main(void)
{
    double best = peak8(10000000);
#ifdef __AVX512F__
    double b16 = peak16(5000000);
    if (b16 > best) best = b16;
#endif
    printf("%.1f\n", best);
    return 0;
}
