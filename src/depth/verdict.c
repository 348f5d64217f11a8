/* The lengths that k abelian layers cover (lietool/depth.h): the theory
   curves of ssm sweep's figure. The verdict on a model is lt_plan
   (src/depth/plan.c). */
#include "lietool/depth.h"

long lt_depth_covered_length(int k, long d, long Tmax, lt_bound b)
{
    if (d >= 0 && d <= k) return Tmax;
    long T = 0;
    while (T < Tmax && lt_depth_log_bound((ulong)(T + 1), b) <= k) T++;
    return T;
}
