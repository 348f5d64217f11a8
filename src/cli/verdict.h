/* The theory verdict (lt_plan) as text and JSON: one printer, used by
   every command that states it. */
#ifndef LT_CLI_VERDICT_H
#define LT_CLI_VERDICT_H

#include <stdio.h>
#include "lietool/depth.h"

/* JSON: the value of the key "verdict" (an object; lietool(1), plan). */
void cli_verdict_json(FILE *f, const lt_plan_verdict_t V);
/* Text: the answer lines and the claims, each line starting with indent. */
void cli_verdict_text(FILE *f, const lt_plan_verdict_t V, const char *object, const char *indent);
/* "yes", "no" or "open" */
const char *cli_verdict_word(int v);

#endif
