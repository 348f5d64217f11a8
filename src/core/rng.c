/* The library's random generator: SplitMix64 (Steele, Lea and Flood,
   "Fast splittable pseudorandom number generators", OOPSLA 2014). The
   streams are part of lietool's output (dataset generate --seed, ssm
   --seed): they never change. */
#include "lietool/core.h"

void lt_rng_seed(lt_rng_t r, uint64_t seed)
{
    r->state = seed;
}

uint64_t lt_rng_next(lt_rng_t r)
{
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

uint64_t lt_rng_below(lt_rng_t r, uint64_t n)
{
    uint64_t rem = (UINT64_MAX % n + 1) % n;       /* 2^64 mod n */
    uint64_t limit = UINT64_MAX - rem;              /* accept x <= limit */
    for (;;) {
        uint64_t x = lt_rng_next(r);
        if (rem == 0 || x <= limit) return x % n;
    }
}

double lt_rng_unit(lt_rng_t r)
{
    return (double)(lt_rng_next(r) >> 11) * 0x1p-53;
}
