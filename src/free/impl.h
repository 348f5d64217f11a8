/* Private to src/free. */
#ifndef LT_FREE_IMPL_H
#define LT_FREE_IMPL_H
#include <flint/flint.h>
/* The Moebius function of n >= 1 (lyndon.c). */
int lt_free_moebius_(ulong n);
#endif
