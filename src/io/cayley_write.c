/* The Cayley table as abstract_algebra's JSON (lt_io_write_cayley). */
#include <stdio.h>
#include "lietool/io.h"


void lt_io_write_cayley(FILE *f, const lt_cayley_t C)
{
    long n = C->n;
    fputs("{\"name\": ", f);
    lt_json_put_string(f, C->name ? C->name : "");
    fputs(", \"description\": ", f);
    lt_json_put_string(f, C->description ? C->description : "");
    fputs(", \"elements\": [", f);
    for (long i = 0; i < n; i++) {
        if (i) fputs(", ", f);
        lt_json_put_string(f, C->names[i]);
    }
    fputs("], \"table\": [", f);
    for (long i = 0; i < n; i++) {
        fputs(i ? ", [" : "[", f);
        for (long j = 0; j < n; j++) fprintf(f, j ? ", %d" : "%d", C->table[i * n + j]);
        fputc(']', f);
    }
    fputs("]}\n", f);
}
