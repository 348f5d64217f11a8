/* Composition and chief series as documents (lietool/write.h):
   composition-factors and chief-series. */
#include <stdio.h>
#include <string.h>
#include "lietool/write.h"
#include "lietool/io.h"

/* The factor's name as the text shows it: C3, 2^4, A5, A5^2, or "simple
   of order N" when no simple group has its order. */
static void factor_name(char *buf, size_t size, const lt_pgrp_factor_struct *F)
{
    if (F->abelian) {
        if (F->k == 1) snprintf(buf, size, "C%lu", F->p);
        else snprintf(buf, size, "%lu^%d", F->p, F->k);
        return;
    }
    char t[128];
    if (F->name[0]) snprintf(t, sizeof t, "%s", F->name);
    else {
        char *s = mpz_get_str(NULL, 10, F->simple_order);
        snprintf(t, sizeof t, "simple of order %s", s);
        void (*gmp_free)(void *, size_t);
        mp_get_memory_functions(NULL, NULL, &gmp_free);
        gmp_free(s, strlen(s) + 1);
    }
    if (F->copies > 1) snprintf(buf, size, strchr(t, ' ') ? "(%s)^%d" : "%s^%d", t, F->copies);
    else snprintf(buf, size, "%s", t);
}

void lt_write_compser(lt_doc *d, const char *object, const lt_pgrp_compser_t R)
{
    const char *what = R->chief ? "chief series" : "composition series";
    lt_doc_heading(d, object, NULL);
    lt_doc_pgrp_series(d, what, R->S, 0);
    lt_doc_long(d, R->chief ? "chief length" : "composition length", R->nfactors, NULL);
    char name[256], label[32];
    if (d->mode == LT_DOC_JSON) {
        lt_doc_list_begin(d, "factors");
        for (int i = 0; i < R->nfactors; i++) {
            const lt_pgrp_factor_struct *F = &R->factors[i];
            lt_doc_item_begin(d);
            lt_doc_mpz(d, "order", F->order);
            lt_doc_bool(d, "abelian", F->abelian);
            factor_name(name, sizeof name, F);
            lt_doc_str(d, "name", name, NULL);
            if (F->abelian) {
                lt_doc_long(d, "p", (long)F->p, NULL);
                lt_doc_long(d, "k", F->k, NULL);
            } else {
                lt_doc_str(d, "simple", F->name[0] ? F->name : NULL, NULL);
                lt_doc_mpz(d, "simple_order", F->simple_order);
                lt_doc_bool(d, "identified", F->identified);
                if (R->chief) lt_doc_long(d, "copies", F->copies, NULL);
                lt_doc_list_begin(d, "aliases");
                for (const char *a = F->aliases; *a;) {
                    const char *e = strstr(a, ", ");
                    size_t l = e ? (size_t)(e - a) : strlen(a);
                    char one[64];
                    snprintf(one, sizeof one, "%.*s", (int)(l < 63 ? l : 63), a);
                    lt_json_put_string(lt_doc_elem(d), one);
                    a += l;
                    if (*a) a += 2;
                }
                lt_doc_list_end(d);
            }
            lt_doc_item_end(d);
        }
        lt_doc_list_end(d);
        return;
    }
    for (int i = 0; i < R->nfactors; i++) {
        const lt_pgrp_factor_struct *F = &R->factors[i];
        factor_name(name, sizeof name, F);
        snprintf(label, sizeof label, "factor %d|", i + 1);
        char *o = mpz_get_str(NULL, 10, F->order);
        if (F->abelian)
            lt_doc_strf(d, label, "%s, order %s, %s", name, o, F->k == 1 ? "cyclic" : "elementary abelian");
        else if (!F->name[0])
            lt_doc_strf(d, label, "%s, non-abelian, not a known simple group's order", name);
        else
            lt_doc_strf(d, label, "%s, order %s, %s%s%s%s", name, o,
                        F->copies > 1 ? "a direct product of non-abelian simple groups" : "non-abelian simple",
                        F->identified ? "" : " (the order leaves both)",
                        F->aliases[0] ? "; also " : "", F->aliases);
        void (*gmp_free)(void *, size_t);
        mp_get_memory_functions(NULL, NULL, &gmp_free);
        gmp_free(o, strlen(o) + 1);
    }
}
