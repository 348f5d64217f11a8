/* The MSE of a rotation run as CSV (lietool ssm rotation --csv; lietool/io.h). */
#include <stdio.h>
#include "lietool/io.h"

void lt_io_write_rotation_csv(FILE *f, const lt_rotation_params *P, const lt_rotation_result_t Z)
{
    fprintf(f, "kind,step,depth,truncation_class,position,mse\n");
    for (int s = 0; s < Z->nstep; s++)
        for (int d = 0; d < Z->ndepth; d++) {
            const double *m = lt_rotation_mse(Z, s, d);
            for (long t = 0; t < Z->length; t++)
                fprintf(f, "%s,%.10Lg,%d,%lu,%ld,%.6e\n", s ? "fit" : "run", Z->steps[s], P->kmin + d, Z->cls[d], t + 1, m[t]);
        }
}

void lt_io_write_rotation_eval_csv(FILE *f, const lt_model_rotation_t R)
{
    const double *ideal = R->depth ? lt_rotation_mse(R->ideal, 0, 0) : NULL;
    fprintf(f, "position,words,mse,ideal_mse\n");
    for (long t = 0; t < R->max_length; t++) {
        fprintf(f, "%ld,%ld,%.9e,", t + 1, R->count[t], R->mse[t]);
        if (ideal) fprintf(f, "%.9e", ideal[t]);
        fputc('\n', f);
    }
}
