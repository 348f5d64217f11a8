/* A trained model beside the theory (lietool/depth.h): the verdict for a
   stack of restricted layers on a group's word problem. */
#include <stdio.h>
#include "lietool/depth.h"

static void cite(lt_depth_verdict_struct *V, lt_depth_source s)
{
    if (V->nsources < (int)(sizeof V->sources / sizeof *V->sources)) V->sources[V->nsources++] = s;
}

void lt_depth_model_verdict(lt_depth_verdict_t V, const lt_depth_model *M)
{
    long L = M->layers, d = M->derived_length, T = M->length;
    const char *spec = M->group;
    size_t n = 0;
    char *s = V->text;
    const size_t cap = sizeof V->text;
    V->nsources = 0;
    V->reachable_derived_length = 2 * L;
    V->log_v1 = lt_depth_log_bound((ulong)(T > 0 ? T : 1), LT_BOUND_V1);
    V->log_sharp = lt_depth_log_bound((ulong)(T > 0 ? T : 1), LT_BOUND_SHARP);
    cite(V, LT_SRC_HEO_PROP33);
    n += (size_t)snprintf(s + n, cap - n, "%ld %s layer%s: restricted (the transitions commute, the input term is free), "
                          "reach%s derived length %ld (%s)", L, M->layer_name, L == 1 ? "" : "s",
                          L == 1 ? "es" : "", 2 * L, lt_depth_cite(LT_SRC_HEO_PROP33));
    if (n >= cap) n = cap - 1;
    if (d < 0) {
        V->verdict = "no_constant_depth";
        cite(V, LT_SRC_HEO_THM32);
        cite(V, LT_SRC_HEO_PROP37);
        n += (size_t)snprintf(s + n, cap - n, "; %s is not solvable: no constant depth is exact, the error grows with the length (%s), "
                              "and words of length %ld need %d layers (v1; %d sharp) (%s)",
                              spec, lt_depth_cite(LT_SRC_HEO_THM32), T, V->log_v1, V->log_sharp, lt_depth_cite(LT_SRC_HEO_PROP37));
    } else if (d <= L) {
        V->verdict = "exact";
        cite(V, LT_SRC_HEO_THM34);
        n += (size_t)snprintf(s + n, cap - n, "; %s has derived length %ld <= %ld: an exact solution exists at every length (%s)",
                              spec, d, L, lt_depth_cite(LT_SRC_HEO_THM34));
    } else if (d <= 2 * L) {
        V->verdict = "not_excluded";
        n += (size_t)snprintf(s + n, cap - n, "; %s has derived length %ld <= %ld: depth does not rule out an exact solution at every length",
                              spec, d, 2 * L);
    } else {
        V->verdict = "too_shallow";
        cite(V, LT_SRC_HEO_THM32);
        n += (size_t)snprintf(s + n, cap - n, "; %s has derived length %ld > %ld: no exact solution; the error is of the order of the commutator mass and grows with the length (%s)",
                              spec, d, 2 * L, lt_depth_cite(LT_SRC_HEO_THM32));
    }
    if (n >= cap) n = cap - 1;
    long abel = M->abelianization;
    V->parity_barrier = M->nonnegative && abel % 2 == 0 && abel > 0;
    if (V->parity_barrier) {
        cite(V, LT_SRC_GRAZZI);
        snprintf(s + n, cap - n, "; but its eigenvalues lie in [0,1] and %s maps onto C2: such layers cannot count modulo 2 at finite precision (%s)",
                 spec, lt_depth_cite(LT_SRC_GRAZZI));
    }
}

long lt_depth_covered_length(int k, long d, long Tmax, lt_bound b)
{
    if (d >= 0 && d <= k) return Tmax;
    long T = 0;
    while (T < Tmax && lt_depth_log_bound((ulong)(T + 1), b) <= k) T++;
    return T;
}
