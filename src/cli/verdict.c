/* The theory verdict of a loaded object, beside a command's output (verdict.h). */
#include <stdio.h>
#include <string.h>
#include "cli.h"
#include "verdict.h"
#include "lietool/io.h"

int cli_read_arch(void *dst, const char *v)
{
    cli_arch_opt *A = dst;
    A->given = 1;
    A->why = NULL;
    A->name[0] = '\0';
    if (lt_arch_parse(&A->a, v) == 0) return 0;
    if (lt_arch_from_name(&A->a, &A->why, v, 0)) return -1;
    snprintf(A->name, sizeof A->name, "%s", v);
    return 0;
}

void cli_arch_householders(cli_arch_opt *A, int N)
{
    if (N > 0 && A->why && strcmp(A->name, "gated_deltaproduct") == 0) A->a.householders = N;
}

void cli_arch_note(lt_plan_verdict_t V, const cli_arch_opt *A)
{
    if (!A->why) return;
    char fam[48], buf[400];
    snprintf(buf, sizeof buf, "%s is read as %s: %s", A->name, lt_arch_name(fam, sizeof fam, &A->a), A->why);
    lt_plan_prepend_claim(V, "lietool: the architecture's transitions", buf);
}

int cli_verdict_compute(lt_plan_verdict_t V, const cli_object *X, const lt_arch *a, long k, long T, lt_bound b,
                        const cli_opts *o)
{
    lt_err_t err;
    lt_err_init(err);
    lt_status st = lt_plan_object(V, X->is_lie ? NULL : (lt_pgrp_struct *)X->G, X->L, a, k, T, b, o->ctx, err);
    return st ? cli_fail(err) : -1;
}

