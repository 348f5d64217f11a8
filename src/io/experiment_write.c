/* The CSV files of the simulator's experiments (lietool/ssm.h): the
   accuracy of a cascade per position (lietool ssm cascade --csv) and the
   drift runs word by word (lietool ssm drift --csv). */
#include "lietool/io.h"

void lt_io_write_cascade_csv(FILE *f, const lt_cascade_accuracy_t Z)
{
    fprintf(f, "position,correct,samples,accuracy,correct_modulo_tracked\n");
    for (long t = 0; t < Z->length; t++)
        fprintf(f, "%ld,%ld,%ld,%.6g,%ld\n", t + 1, Z->right[t], Z->samples, lt_cascade_accuracy_at(Z, t), Z->right_mod[t]);
}

void lt_io_write_drift_csv(FILE *f, const lt_cascade_drift_result_t Z, const lt_prec *prec, const char *const *names)
{
    fprintf(f, "group,precision,renormalize,sample,first_wrong,tokens,max_phase_error,min_modulus,max_modulus\n");
    for (int g = 0; g < Z->ngroups; g++)
        for (int p = 0; p < Z->nprec; p++)
            for (int rn = 0; rn < 2; rn++) {
                const lt_cascade_drift *v = Z->runs + lt_cascade_drift_index(Z, g, p, rn) * Z->samples;
                for (long w = 0; w < Z->samples; w++) {
                    fputc('"', f);
                    for (const char *s = names[g]; *s; s++) {
                        if (*s == '"') fputc('"', f);
                        fputc(*s, f);
                    }
                    fprintf(f, "\",%s,%d,%ld,", lt_prec_name(prec[p]), rn, w + 1);
                    if (v[w].first_wrong) fprintf(f, "%ld", v[w].first_wrong);
                    fprintf(f, ",%ld,%.3g,%.9g,%.9g\n", v[w].tokens, v[w].max_phase_error, v[w].min_modulus, v[w].max_modulus);
                }
            }
}
