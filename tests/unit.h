/* A minimal table-driven test harness: each CHECK is one test. */
#ifndef LT_UNIT_H
#define LT_UNIT_H
#include <stdio.h>
#include <string.h>
#include "lietool/core.h"

static int unit_pass, unit_fail;
/* messages name parameters as the command line spells them (--max-enum),
   as the CLI and the Python package set them up; t-core checks the others */
__attribute__((constructor)) static void unit_opt_style(void) { lt_set_opt_style(LT_OPT_DASHED); }
static const char *unit_case = "";

#define CHECK(cond, ...) do { \
    if (cond) unit_pass++; \
    else { unit_fail++; fprintf(stderr, "FAIL %s:%d [%s]: ", __FILE__, __LINE__, unit_case); \
           fprintf(stderr, __VA_ARGS__); fputc('\n', stderr); } \
} while (0)

#define UNIT_DONE(name) do { \
    printf("%s: %d passed, %d failed\n", name, unit_pass, unit_fail); \
    return unit_fail ? 1 : 0; \
} while (0)

#endif
