/* A series or its length, and the answer of a predicate, as documents
   (lietool/write.h): derived-series, derived-length,
   lower-central-series, nilpotency-class, upper-central-series, is-*. */
#include "lietool/write.h"

void lt_write_series(lt_doc *d, const char *object, const lt_series_sizes_t *T, int kind, int length_only)
{
    static const char *series[] = {"derived series", "lower central series", "upper central series"};
    long len = T->reaches_bottom ? T->n - 1 : -1;
    const char *no = kind ? "not nilpotent" : "not solvable";
    if (d->mode == LT_DOC_TEX) lt_tex_series(d->f, object, T);
    else if (d->mode == LT_DOC_JSON) {
        if (!length_only) lt_doc_series(d, series[kind], T, 0);
        lt_doc_long(d, kind ? "nilpotency class" : "derived length", len, no);
    } else if (length_only && len < 0) fprintf(d->f, "%s\n", no);
    else if (length_only) fprintf(d->f, "%ld\n", len);
    else {
        for (int i = 0; i < T->n; i++) { if (i) fputs(" > ", d->f); mpz_out_str(d->f, 10, T->size + i); }
        fputc('\n', d->f);
    }
}

void lt_write_predicate(lt_doc *d, const char *key, int value)
{
    if (d->mode == LT_DOC_JSON) lt_doc_bool(d, key, value);
    else fputs(value ? "yes\n" : "no\n", d->f);
}
