/* The theory verdict (lt_plan): computed for a loaded object, written by
   lt_write_verdict (lietool/write.h) beside a command's own output. */
#ifndef LT_CLI_VERDICT_H
#define LT_CLI_VERDICT_H

#include <stdio.h>
#include "lietool/depth.h"
#include "lietool/write.h"
#include "doc.h"

/* --arch FAMILY of plan, min-depth, report and explain min-depth. */
typedef struct { int given; lt_arch a; const char *why; char name[32]; } cli_arch_opt;
/* A family name, or an architecture's (lt_arch_from_name: why and name
   say which; gated_deltaproduct's N is 2 until cli_arch_householders). */
int cli_read_arch(void *dst, const char *v);
/* N of gated_deltaproduct (--householder N, 0: unchanged). */
void cli_arch_householders(cli_arch_opt *A, int N);
/* The architecture's reading as the verdict's first claim (no-op for a family name). */
void cli_arch_note(lt_plan_verdict_t V, const cli_arch_opt *A);
#define CLI_ARCH_WANT "a layer family (abelian, diag-positive, diag-signed, diag-complex, householder-N, " \
                      "householder-N-positive, pd, transformer) or an architecture (mamba, mamba2, gla, mamba-signed, " \
                      "mamba2-signed, mamba3, delta_net, delta_net-signed, gated_deltaproduct, pd_ssm)"
/* The verdict for the loaded object X: lt_plan_task_group or _liealg,
   then lt_plan. -1 on success, or an exit status (message printed). */
int cli_verdict_compute(lt_plan_verdict_t V, const cli_object *X, const lt_arch *a, long k, long T, lt_bound b,
                        const cli_opts *o);

#endif
