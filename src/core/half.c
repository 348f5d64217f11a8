/* The half-precision formats of checkpoints (IEEE binary16, bfloat16)
   to and from float, for the readers in src/io and the bf16/f16 forward
   passes in src/model. */
#include <stdint.h>
#include <string.h>
#include "lietool/core.h"

float lt_st_f16_to_float(uint16_t h)
{
    uint32_t sign = (uint32_t)(h >> 15) << 31, e = (h >> 10) & 0x1F, m = h & 0x3FF, bits;
    if (e == 0) {
        if (m == 0) bits = sign;
        else {                          /* subnormal: normalise */
            e = 113;
            while (!(m & 0x400)) { m <<= 1; e--; }
            bits = sign | (e << 23) | ((m & 0x3FF) << 13);
        }
    } else if (e == 31) bits = sign | 0x7F800000u | (m << 13);
    else bits = sign | ((e + 112) << 23) | (m << 13);
    float f;
    memcpy(&f, &bits, 4);
    return f;
}

float lt_st_bf16_to_float(uint16_t h)
{
    uint32_t bits = (uint32_t)h << 16;
    float f;
    memcpy(&f, &bits, 4);
    return f;
}

uint16_t lt_st_float_to_bf16(float f)
{
    uint32_t bits;
    memcpy(&bits, &f, 4);
    if ((bits & 0x7F800000u) == 0x7F800000u && (bits & 0x7FFFFF)) return (uint16_t)((bits >> 16) | 0x40);
    bits += 0x7FFF + ((bits >> 16) & 1);
    return (uint16_t)(bits >> 16);
}
