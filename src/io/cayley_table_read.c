/* Word-problem datasets (lietool-formats(5), WORD-PROBLEM DATASETS): the
   Cayley table of a group object in either convention (the mathematics is
   in src/perm/cayley.c), the table as JSON, and the CSV files: written from
   lt_cayley_words, checked row by row.

   In the abstract_algebra convention the generator's own families are
   recognised by name (C<n>/Z<n>, D<m>, H3, Heis(p), UT(3,p)), a product
   G x H is built factor by factor, and any other factor is the permutation
   group lietool builds, as abstract_algebra lists a group of permutations. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include "lietool/dataset.h"
#include "lietool/io.h"
#include "impl.h"

/* The integers in "NAME(a, b)" after the opening parenthesis. */
static int paren_ints(const char *s, long *v, int max)
{
    const char *p = strchr(s, '(');
    int k = 0;
    if (!p) return 0;
    p++;
    while (*p && k < max) {
        while (*p == ' ' || *p == ',') p++;
        if (!isdigit((unsigned char)*p)) break;
        v[k++] = strtol(p, (char **)&p, 10);
    }
    return k;
}

static int all_digits(const char *s)
{
    if (!*s) return 0;
    for (; *s; s++) if (!isdigit((unsigned char)*s)) return 0;
    return 1;
}

/* 'Z' cyclic of order *a, 'D' dihedral of order *a, 'H' UT(3,*a); 0 otherwise */
static int family(const char *f, long *a)
{
    long v[2];
    if (strcmp(f, "H3") == 0) { *a = 2; return 'H'; }
    if ((f[0] == 'C' || f[0] == 'Z' || f[0] == 'D') && all_digits(f + 1)) {
        *a = strtol(f + 1, NULL, 10);
        return f[0] == 'D' ? 'D' : 'Z';
    }
    if (strncmp(f, "Heis(", 5) == 0 && paren_ints(f, v, 2) == 1) { *a = v[0]; return 'H'; }
    if (strncmp(f, "UT(", 3) == 0 && paren_ints(f, v, 2) == 2 && v[0] == 3) { *a = v[1]; return 'H'; }
    return 0;
}

/* Whether the group atom f (already parsed by lt_io_group) is a Cayley
   table file, as src/io/spec.c decides. */
static int is_cayley_file(const char *f)
{
    if (strncmp(f, "Group(", 6) == 0 || lt_io_ends_with_(f, ".grp")) return 0;
    if (lt_io_ends_with_(f, ".json") || strchr(f, '/')) return 1;
    char *dir = lt_io_algebras_dir();
    size_t l = strlen(dir) + strlen(f) + 16;
    char *path = lt_malloc(l);
    snprintf(path, l, "%s/groups/%s.grp", dir, f);
    int named = lt_io_file_exists_(path);
    lt_free(path);
    lt_free(dir);
    return !named && lt_io_file_exists_(f);
}

/* A Cayley table file as it stands (lt_io_cayley has checked it). */
static lt_status cayley_file_table(lt_cayley_struct *C, const char *path,
                                   const lt_ctx_t ctx, lt_err_t err)
{
    lt_json *doc = lt_io_read_json(path, ctx, err);
    if (!doc) return err->status;
    const lt_json *tab = lt_json_get(doc, "table"), *el = lt_json_get(doc, "elements");
    long n = tab->len;
    lt_status st = lt_cayley_fits((double)n, 0, path, ctx, err);
    if (st) { lt_json_free(doc); return st; }
    lt_cayley_alloc(C, n);
    for (long i = 0; i < n; i++)
        for (long j = 0; j < n; j++) {
            long v = 0;
            lt_json_int(tab->items[i]->items[j], &v);
            C->table[i * n + j] = (int)v;
        }
    for (long i = 0; i < n; i++) {
        if (el && el->type == LT_JSON_ARRAY && i < el->len)
            C->names[i] = el->items[i]->type == LT_JSON_STRING ? lt_strdup(el->items[i]->str) : lt_json_text(el->items[i]);
        else {
            char buf[24];
            snprintf(buf, sizeof buf, "%ld", i);
            C->names[i] = lt_strdup(buf);
        }
    }
    C->identity = lt_cayley_find_identity(C);
    lt_json_free(doc);
    return LT_OK;
}

/* The table of a permutation group in AsSortedList order. */
static lt_status perm_group_table(lt_cayley_struct *C, const char *spec, lt_convention conv,
                                  const lt_ctx_t ctx, lt_err_t err)
{
    lt_pgrp_t G;
    lt_pgrp_init(G, 1);
    lt_status st = lt_io_group(G, NULL, spec, ctx, err);
    if (!st) st = lt_cayley_perm_group(C, G, conv, spec, ctx, err);
    lt_pgrp_clear(G);
    return st;
}

/* One factor of a product in the generator's convention. */
static lt_status aa_factor(lt_cayley_struct *C, const char *f, const lt_ctx_t ctx, lt_err_t err)
{
    long a;
    int fam = family(f, &a);
    lt_status st;
    if (fam == 'Z' || fam == 'D' || fam == 'H') {
        double n = fam == 'H' ? (double)a * a * a : (double)a;
        if ((st = lt_cayley_fits(n, 0, f, ctx, err))) return st;
        if (fam == 'Z') lt_cayley_cyclic(C, a);
        else if (fam == 'D') lt_cayley_dihedral(C, a);
        else lt_cayley_heisenberg(C, a);
        C->identity = 0;
        return LT_OK;
    }
    if (is_cayley_file(f)) return cayley_file_table(C, f, ctx, err);
    return perm_group_table(C, f, LT_CONV_AA, ctx, err);
}

static char *trimmed(const char *s, size_t len)
{
    while (len && isspace((unsigned char)*s)) { s++; len--; }
    while (len && isspace((unsigned char)s[len - 1])) len--;
    char *t = lt_malloc(len + 1);
    memcpy(t, s, len);
    t[len] = '\0';
    return t;
}

lt_status lt_io_cayley_table(lt_cayley_t C, const char *spec0, lt_convention conv,
                             const lt_ctx_t ctx, lt_err_t err)
{
    lt_cayley_clear(C);
    lt_cayley_init(C);
    char *spec = trimmed(spec0, strlen(spec0));
    /* the whole object first: its messages and limits */
    lt_pgrp_t G;
    lt_pgrp_init(G, 1);
    lt_status st = lt_io_group(G, NULL, spec, ctx, err);
    lt_pgrp_clear(G);
    if (st) { lt_free(spec); return st; }
    size_t sn = strlen(spec), *pos = lt_malloc((sn + 1) * sizeof *pos), *sl = lt_malloc((sn + 1) * sizeof *sl);
    int k = lt_io_split_product_(spec, pos, sl, (int)(sn < INT_MAX ? sn : INT_MAX));
    const char *what;
    if (k == 0 && is_cayley_file(spec)) {
        st = cayley_file_table(C, spec, ctx, err);
        what = ": the file's own element order and table";
    } else if (conv == LT_CONV_GAP) {
        st = perm_group_table(C, spec, LT_CONV_GAP, ctx, err);
        what = " as lietool's permutation group, elements in GAP's AsSortedList order "
               "(the left factor acts first, x^(gh) = (x^g)^h)";
    } else {
        what = " as the word-problem generator builds it with abstract_algebra "
               "(a product of permutations applies its right factor first)";
        size_t start = 0;
        for (int i = 0; i <= k && !st; i++) {
            size_t end = i < k ? pos[i] : strlen(spec);
            char *f = trimmed(spec + start, end - start);
            lt_cayley_t F, P;
            lt_cayley_init(F);
            lt_cayley_init(P);
            st = aa_factor(F, f, ctx, err);
            if (!st && i > 0) st = lt_cayley_fits((double)C->n * (double)F->n, 0, spec, ctx, err);
            if (!st && i == 0) { *C = *F; lt_cayley_init(F); }
            else if (!st) {
                lt_cayley_product(P, C, F);
                lt_cayley_clear(C);
                *C = *P;
                lt_cayley_init(P);
            }
            lt_cayley_clear(F);
            lt_free(f);
            if (i < k) start = pos[i] + sl[i];
        }
    }
    if (!st) {
        C->conv = conv;
        C->name = lt_strdup(spec);
        size_t l = strlen(spec) + strlen(what) + 64;
        C->description = lt_malloc(l);
        snprintf(C->description, l, "%s%s; table[i][j] = elements[i]*elements[j]", spec, what);
        if (C->identity < 0 || C->identity >= C->n) st = lt_err_set(err, LT_EINTERNAL, "'%s': no identity in the table", spec);
    } else {
        lt_cayley_clear(C);
        lt_cayley_init(C);
    }
    lt_free(pos); lt_free(sl);
    lt_free(spec);
    return st;
}
