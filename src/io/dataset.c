/* Word-problem datasets (lietool-formats(5), WORD-PROBLEM DATASETS).

   The default convention is that of the generator of the public
   word-problem repositories (jopetty/word-problem, src/generate_data.py,
   and its fork with dihedral and Heisenberg groups), which builds its groups
   with the abstract_algebra package (alreich/abstract_algebra,
   finite_algebras.py): generate_symmetric_group lists itertools.permutations
   of (1..n) and multiplies them as functions, (p*q)(i) = p(q(i)) (the right
   factor first); A_n is S_n.commutator_subalgebra(), whose elements keep
   their order in S_n; generate_cyclic_group has e, a, a^2, ... with
   a^i a^j = a^(i+j mod n); the fork's D<m> lists r^k then r^k s
   (k < m/2) with s r s = r^-1, and its H3 the triples (a,b,c) mod p in
   itertools.product order, (a,b,c)(a',b',c') = (a+a', b+b', c+c'+ab');
   G * H lists itertools.product(G, H). The running product starts at index
   0 and multiplies on the right: acc = index(elements[acc] * elements[x]).

   The GAP convention enumerates the permutation group lietool builds and
   sorts it as GAP's AsSortedList does (permutations compare by the list of
   images of 1, 2, ...); the left factor acts first. */
#include <ctype.h>
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include "lietool/dataset.h"
#include "lietool/io.h"
#include "lietool/json.h"
#include "lietool/perm.h"
#include "impl.h"

const char *lt_convention_name(lt_convention c)
{
    return c == LT_CONV_GAP ? "gap" : "abstract_algebra";
}

void lt_cayley_init(lt_cayley_t C)
{
    memset(C, 0, sizeof *C);
}

void lt_cayley_clear(lt_cayley_t C)
{
    if (C->names)
        for (long i = 0; i < C->n; i++) lt_free(C->names[i]);
    lt_free(C->names);
    lt_free(C->table);
    lt_free(C->name);
    lt_free(C->description);
    memset(C, 0, sizeof *C);
}

/* ---- limits ---- */

static lt_status order_fits(double n, double extra_bytes, const char *spec,
                            const lt_ctx_t ctx, lt_err_t err)
{
    if (n > (double)ctx->max_enum)
        return lt_err_set(err, LT_ELIMIT, "'%s' has %.0f elements, above --max-enum %ld (a Cayley table lists them all)",
                          spec, n, ctx->max_enum);
    double mib = (n * n * (double)sizeof(int) + extra_bytes) / 1048576.0;
    if (mib > (double)ctx->max_memory_mb)
        return lt_err_set(err, LT_ELIMIT, "the Cayley table of '%s' (%.0f x %.0f) needs %.0f MiB, above --max-memory %ld",
                          spec, n, n, ceil(mib), ctx->max_memory_mb);
    return LT_OK;
}

static void alloc_table(lt_cayley_struct *C, long n)
{
    C->n = n;
    C->table = lt_malloc((size_t)n * (size_t)n * sizeof(int));
    C->names = lt_calloc((size_t)n, sizeof(char *));
}

static int find_identity(const lt_cayley_struct *C)
{
    long n = C->n;
    for (long e = 0; e < n; e++) {
        long j = 0;
        while (j < n && C->table[e * n + j] == j) j++;
        if (j == n) return (int)e;
    }
    return -1;
}

/* ---- permutation groups: enumeration in AsSortedList order ---- */

typedef struct {
    long n;
    int d;
    int *el;            /* n rows of d images */
    long cap;           /* hash: power of two, slots hold index + 1 */
    long *slot;
} plist;

static uint64_t hash_ints(const int *p, int d)
{
    uint64_t h = 0xcbf29ce484222325ULL;
    for (int i = 0; i < d; i++) { h ^= (uint32_t)p[i]; h *= 0x100000001b3ULL; }
    h ^= h >> 33; h *= 0xff51afd7ed558ccdULL; h ^= h >> 33;
    return h;
}

/* index of p, or -1; with insert >= 0, records p as that index if absent */
static long plist_find(plist *L, const int *p, long insert)
{
    long mask = L->cap - 1;
    for (long s = (long)(hash_ints(p, L->d) & (uint64_t)mask);; s = (s + 1) & mask) {
        long v = L->slot[s];
        if (v == 0) {
            if (insert >= 0) L->slot[s] = insert + 1;
            return -1;
        }
        if (memcmp(L->el + (v - 1) * L->d, p, (size_t)L->d * sizeof(int)) == 0) return v - 1;
    }
}

static int cmp_perm(const int *a, const int *b, int d)
{
    for (int i = 0; i < d; i++)
        if (a[i] != b[i]) return a[i] < b[i] ? -1 : 1;
    return 0;
}

static void merge_sort(long *idx, long *tmp, long lo, long hi, const int *el, int d)
{
    if (hi - lo < 2) return;
    long mid = lo + (hi - lo) / 2;
    merge_sort(idx, tmp, lo, mid, el, d);
    merge_sort(idx, tmp, mid, hi, el, d);
    long i = lo, j = mid, k = lo;
    while (i < mid && j < hi)
        tmp[k++] = cmp_perm(el + idx[j] * d, el + idx[i] * d, d) < 0 ? idx[j++] : idx[i++];
    while (i < mid) tmp[k++] = idx[i++];
    while (j < hi) tmp[k++] = idx[j++];
    memcpy(idx + lo, tmp + lo, (size_t)(hi - lo) * sizeof *idx);
}

static void plist_clear(plist *L)
{
    lt_free(L->el);
    lt_free(L->slot);
}

/* All elements of G, sorted by their image lists (GAP's order of
   permutations, and the order of itertools.permutations). */
static lt_status plist_build(plist *L, lt_pgrp_t G, const char *spec,
                             const lt_ctx_t ctx, lt_err_t err)
{
    memset(L, 0, sizeof *L);
    lt_status st = lt_pgrp_chain(G, NULL, ctx, err);
    if (st) return st;
    if (mpz_cmp_ui(G->order, (unsigned long)ctx->max_enum) > 0) {
        char *os = mpz_get_str(NULL, 10, G->order);
        lt_err_set(err, LT_ELIMIT, "'%s' has %s elements, above --max-enum %ld (a Cayley table lists them all)",
                   spec, os, ctx->max_enum);
        free(os);
        return LT_ELIMIT;
    }
    long n = (long)mpz_get_ui(G->order);
    int d = G->n;
    if ((st = order_fits((double)n, (double)n * d * sizeof(int) + 4.0 * n * sizeof(long), spec, ctx, err)))
        return st;
    L->n = n;
    L->d = d;
    L->el = lt_malloc((size_t)n * (size_t)(d ? d : 1) * sizeof(int));
    L->cap = 2;
    while (L->cap < 2 * n) L->cap *= 2;
    L->slot = lt_calloc((size_t)L->cap, sizeof(long));
    lt_perm_one(L->el, d);
    plist_find(L, L->el, 0);
    long count = 1;
    int *r = lt_malloc((size_t)(d ? d : 1) * sizeof(int));
    for (long q = 0; q < count; q++) {
        for (int g = 0; g < G->ngens; g++) {
            const int *e = L->el + q * d;
            for (int x = 0; x < d; x++) r[x] = G->gens[g][e[x]];
            if (plist_find(L, r, -1) >= 0) continue;
            if (count == n) { lt_free(r); return lt_err_set(err, LT_EINTERNAL, "'%s': more elements than the group order", spec); }
            memcpy(L->el + count * d, r, (size_t)d * sizeof(int));
            plist_find(L, r, count);
            count++;
        }
        if (ctx->progress && (q & 4095) == 0) ctx->progress(ctx->progress_arg, "listing the elements", (double)q, (double)n);
    }
    lt_free(r);
    if (count != n) return lt_err_set(err, LT_EINTERNAL, "'%s': %ld elements found, order %ld", spec, count, n);
    long *idx = lt_malloc((size_t)n * sizeof(long)), *tmp = lt_malloc((size_t)n * sizeof(long));
    for (long i = 0; i < n; i++) idx[i] = i;
    merge_sort(idx, tmp, 0, n, L->el, d);
    int *sorted = lt_malloc((size_t)n * (size_t)(d ? d : 1) * sizeof(int));
    for (long i = 0; i < n; i++) memcpy(sorted + i * d, L->el + idx[i] * d, (size_t)d * sizeof(int));
    lt_free(L->el);
    L->el = sorted;
    lt_free(idx); lt_free(tmp);
    memset(L->slot, 0, (size_t)L->cap * sizeof(long));
    for (long i = 0; i < n; i++) plist_find(L, L->el + i * d, i);
    return LT_OK;
}

/* The table of a sorted list: right_first gives (ab)(x) = a(b(x)) as in
   abstract_algebra, otherwise x^(ab) = (x^a)^b as in GAP. */
static void plist_table(lt_cayley_struct *C, plist *L, int right_first, const lt_ctx_t ctx)
{
    long n = L->n;
    int d = L->d;
    alloc_table(C, n);
    int *r = lt_malloc((size_t)(d ? d : 1) * sizeof(int));
    for (long i = 0; i < n; i++) {
        const int *a = L->el + i * d;
        for (long j = 0; j < n; j++) {
            const int *b = L->el + j * d;
            if (right_first) for (int x = 0; x < d; x++) r[x] = a[b[x]];
            else for (int x = 0; x < d; x++) r[x] = b[a[x]];
            C->table[i * n + j] = (int)plist_find(L, r, -1);
        }
        if (ctx->progress && (i & 63) == 0) ctx->progress(ctx->progress_arg, "Cayley table", (double)i, (double)n);
    }
    if (ctx->progress) ctx->progress(ctx->progress_arg, "Cayley table", (double)n, (double)n);
    lt_free(r);
    C->identity = 0;        /* the identity sorts first */
}

/* "(2, 1, 3)": the image tuple as Python prints it (1-based), as
   abstract_algebra names the elements of S_n */
static char *tuple_name(const int *p, int d)
{
    size_t cap = 8 + (size_t)d * 12, len = 0;
    char *s = lt_malloc(cap);
    s[len++] = '(';
    for (int i = 0; i < d; i++)
        len += (size_t)snprintf(s + len, cap - len, "%s%d", i ? ", " : "", p[i] + 1);
    if (d == 1) s[len++] = ',';
    s[len++] = ')';
    s[len] = '\0';
    return s;
}

/* ---- the generator's families ---- */

static void cyclic_table(lt_cayley_struct *C, long n)
{
    alloc_table(C, n);
    for (long i = 0; i < n; i++)
        for (long j = 0; j < n; j++) C->table[i * n + j] = (int)((i + j) % n);
    char buf[32];
    for (long i = 0; i < n; i++) {
        if (i == 0) strcpy(buf, "e");
        else if (i == 1) strcpy(buf, "a");
        else snprintf(buf, sizeof buf, "a^%ld", i);
        C->names[i] = lt_strdup(buf);
    }
}

/* order m = 2k: index r^i s^f = i + k f; r^i s^f r^j s^g = r^(i + (-1)^f j) s^(f+g) */
static void dihedral_table(lt_cayley_struct *C, long m)
{
    long k = m / 2;
    alloc_table(C, m);
    for (long a = 0; a < m; a++)
        for (long b = 0; b < m; b++) {
            long i = a % k, f = a / k, j = b % k, g = b / k;
            long r = f ? ((i - j) % k + k) % k : (i + j) % k;
            C->table[a * m + b] = (int)(r + k * (f ^ g));
        }
    char buf[32];
    for (long a = 0; a < m; a++) {
        snprintf(buf, sizeof buf, "%c%ld", a < k ? 'r' : 's', a % k);
        C->names[a] = lt_strdup(buf);
    }
}

/* UT(3,p): (a,b,c) = [[1,a,c],[0,1,b],[0,0,1]], index a p^2 + b p + c */
static void heisenberg_table(lt_cayley_struct *C, long p)
{
    long n = p * p * p;
    alloc_table(C, n);
    for (long x = 0; x < n; x++)
        for (long y = 0; y < n; y++) {
            long a = x / (p * p), b = x / p % p, c = x % p;
            long a2 = y / (p * p), b2 = y / p % p, c2 = y % p;
            long r = (a + a2) % p * p * p + (b + b2) % p * p + (c + c2 + a * b2) % p;
            C->table[x * n + y] = (int)r;
        }
    char buf[80];
    for (long x = 0; x < n; x++) {
        snprintf(buf, sizeof buf, "(%ld,%ld,%ld)", x / (p * p), x / p % p, x % p);
        C->names[x] = lt_strdup(buf);
    }
}

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
    lt_json *doc = lt_io_read_json_(path, ctx, err);
    if (!doc) return err->status;
    const lt_json *tab = lt_json_get(doc, "table"), *el = lt_json_get(doc, "elements");
    long n = tab->len;
    lt_status st = order_fits((double)n, 0, path, ctx, err);
    if (st) { lt_json_free(doc); return st; }
    alloc_table(C, n);
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
    C->identity = find_identity(C);
    lt_json_free(doc);
    return LT_OK;
}

/* The table of a permutation group in AsSortedList order. */
static lt_status perm_group_table(lt_cayley_struct *C, const char *spec, int right_first,
                                  const lt_ctx_t ctx, lt_err_t err)
{
    lt_pgrp_t G;
    lt_pgrp_init(G, 1);
    lt_status st = lt_io_group(G, NULL, spec, ctx, err);
    plist L;
    memset(&L, 0, sizeof L);
    if (!st) st = plist_build(&L, G, spec, ctx, err);
    if (!st) {
        plist_table(C, &L, right_first, ctx);
        for (long i = 0; i < L.n; i++)
            C->names[i] = right_first ? tuple_name(L.el + i * L.d, L.d) : lt_perm_str(L.el + i * L.d, L.d);
    }
    plist_clear(&L);
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
        if ((st = order_fits(n, 0, f, ctx, err))) return st;
        if (fam == 'Z') cyclic_table(C, a);
        else if (fam == 'D') dihedral_table(C, a);
        else heisenberg_table(C, a);
        C->identity = 0;
        return LT_OK;
    }
    if (is_cayley_file(f)) return cayley_file_table(C, f, ctx, err);
    return perm_group_table(C, f, 1, ctx, err);
}

/* P = A x B in itertools.product order, names "a:b" */
static void product_table(lt_cayley_struct *P, const lt_cayley_struct *A, const lt_cayley_struct *B)
{
    long na = A->n, nb = B->n, n = na * nb;
    alloc_table(P, n);
    for (long x = 0; x < n; x++) {
        const int *ra = A->table + (x / nb) * na, *rb = B->table + (x % nb) * nb;
        int *out = P->table + x * n;
        for (long y = 0; y < n; y++) out[y] = (int)(ra[y / nb] * nb + rb[y % nb]);
    }
    for (long x = 0; x < n; x++) {
        const char *s = A->names[x / nb], *t = B->names[x % nb];
        size_t l = strlen(s) + strlen(t) + 2;
        P->names[x] = lt_malloc(l);
        snprintf(P->names[x], l, "%s:%s", s, t);
    }
    P->identity = A->identity * (int)nb + B->identity;
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

lt_status lt_cayley_build(lt_cayley_t C, const char *spec0, lt_convention conv,
                          const lt_ctx_t ctx, lt_err_t err)
{
    lt_cayley_clear(C);
    char *spec = trimmed(spec0, strlen(spec0));
    /* the whole object first: its messages and limits */
    lt_pgrp_t G;
    lt_pgrp_init(G, 1);
    lt_status st = lt_io_group(G, NULL, spec, ctx, err);
    lt_pgrp_clear(G);
    if (st) { lt_free(spec); return st; }
    size_t pos[64], sl[64];
    int k = lt_io_split_product_(spec, pos, sl, 64);
    const char *what;
    if (k == 0 && is_cayley_file(spec)) {
        st = cayley_file_table(C, spec, ctx, err);
        what = ": the file's own element order and table";
    } else if (conv == LT_CONV_GAP) {
        st = perm_group_table(C, spec, 0, ctx, err);
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
            if (!st && i > 0) st = order_fits((double)C->n * (double)F->n, 0, spec, ctx, err);
            if (!st && i == 0) { *C = *F; lt_cayley_init(F); }
            else if (!st) {
                product_table(P, C, F);
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
    } else lt_cayley_clear(C);
    lt_free(spec);
    return st;
}

void lt_cayley_write_json(FILE *f, const lt_cayley_t C)
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

void lt_cayley_prefix(int *target, const lt_cayley_t C, const int *word, long len)
{
    long acc = C->identity;
    for (long t = 0; t < len; t++) {
        acc = C->table[acc * C->n + word[t]];
        target[t] = (int)acc;
    }
}

/* ---- SplitMix64 ---- */

void lt_rng_seed(lt_rng_t r, uint64_t seed)
{
    r->state = seed;
}

uint64_t lt_rng_next(lt_rng_t r)
{
    uint64_t z = (r->state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

uint64_t lt_rng_below(lt_rng_t r, uint64_t n)
{
    uint64_t rem = (UINT64_MAX % n + 1) % n;       /* 2^64 mod n */
    uint64_t limit = UINT64_MAX - rem;              /* accept x <= limit */
    for (;;) {
        uint64_t x = lt_rng_next(r);
        if (rem == 0 || x <= limit) return x % n;
    }
}

/* ---- writing rows ---- */

typedef struct { char *buf; size_t len, cap; } sbuf;

static void sb_need(sbuf *b, size_t k)
{
    if (b->len + k > b->cap) { b->cap = 2 * b->cap + k; b->buf = lt_realloc(b->buf, b->cap); }
}

static void sb_uint(sbuf *b, uint64_t v)
{
    char tmp[24];
    int k = 0;
    do { tmp[k++] = (char)('0' + v % 10); v /= 10; } while (v);
    sb_need(b, (size_t)k);
    while (k) b->buf[b->len++] = tmp[--k];
}

static void sb_char(sbuf *b, char c)
{
    sb_need(b, 1);
    b->buf[b->len++] = c;
}

static void sb_tokens(sbuf *b, const int *w, long len)
{
    for (long t = 0; t < len; t++) {
        if (t) sb_char(b, ' ');
        sb_uint(b, (uint64_t)w[t]);
    }
}

static lt_status write_row(FILE *out, sbuf *b, uint64_t seed, const int *w, const int *tg, long len, lt_err_t err)
{
    b->len = 0;
    sb_uint(b, seed);
    sb_char(b, ',');
    sb_tokens(b, w, len);
    sb_char(b, ',');
    sb_tokens(b, tg, len);
    sb_char(b, '\n');
    if (fwrite(b->buf, 1, b->len, out) != b->len) return lt_err_set(err, LT_EINPUT, "error writing the dataset");
    return LT_OK;
}

/* a set of 64-bit keys (open addressing; key + 1 stored, 0 empty) */
typedef struct { uint64_t *slot; uint64_t mask; } keyset;

static int keyset_add(keyset *S, uint64_t key)
{
    uint64_t k = key + 1, h = key * 0x9E3779B97F4A7C15ULL;
    h ^= h >> 29;
    for (uint64_t s = h & S->mask;; s = (s + 1) & S->mask) {
        if (S->slot[s] == k) return 0;
        if (S->slot[s] == 0) { S->slot[s] = k; return 1; }
    }
}

/* The number of words n^len (*M, exactly when *exact) and whether all of
   them are listed (*samples set to -1); LT_ELIMIT when they are too many. */
static lt_status plan_words(long *samples, int *exact, uint64_t *M, int *capped, uint64_t n, long len, lt_err_t err)
{
    *exact = 1;
    *M = 1;
    for (long t = 0; t < len && *exact; t++) {
        if (n > 1 && *M > UINT64_MAX / n) *exact = 0;
        else *M *= n;
    }
    if (capped) *capped = 0;
    if (*samples >= 0 && *exact && *M <= (uint64_t)*samples) {
        if (capped) *capped = *M < (uint64_t)*samples;
        *samples = -1;      /* every word, in product order */
    }
    if (*samples < 0 && !*exact)
        return lt_err_set(err, LT_ELIMIT, "%" PRIu64 "^%ld words are too many to list", n, len);
    return LT_OK;
}

lt_status lt_dataset_words(const lt_cayley_t C, long len, long samples, uint64_t seed, int *capped,
                           lt_dataset_row_fn row, void *arg, const lt_ctx_t ctx, lt_err_t err)
{
    uint64_t n = (uint64_t)C->n, M;
    int exact;
    if (plan_words(&samples, &exact, &M, capped, n, len, err)) return err->status;
    long rows = samples >= 0 ? samples : (long)M;
    int *w = lt_calloc((size_t)(len ? len : 1), sizeof(int));
    int *tg = lt_calloc((size_t)(len ? len : 1), sizeof(int));
    lt_status st = LT_OK;
    if (samples < 0) {
        for (long r = 0; r < rows && !st; r++) {
            lt_cayley_prefix(tg, C, w, len);
            st = row(arg, seed, w, tg, len, err);
            for (long t = len - 1; t >= 0; t--) {       /* odometer, last token fastest */
                if ((uint64_t)++w[t] < n) break;
                w[t] = 0;
            }
            if (ctx->progress && (r & 1023) == 0) ctx->progress(ctx->progress_arg, "writing the dataset", (double)r, (double)rows);
        }
    } else {
        double mib = 4.0 * (double)samples * sizeof(uint64_t) / 1048576.0;
        if (mib > (double)ctx->max_memory_mb)
            st = lt_err_set(err, LT_ELIMIT, "keeping %ld samples distinct needs %.0f MiB, above --max-memory %ld",
                            samples, ceil(mib), ctx->max_memory_mb);
        keyset S = {NULL, 0};
        uint64_t cap = 2;
        while (!st && cap < 2 * (uint64_t)samples) cap *= 2;
        if (!st) { S.slot = lt_calloc((size_t)cap, sizeof(uint64_t)); S.mask = cap - 1; }
        lt_rng_t rng;
        lt_rng_seed(rng, seed);
        for (long r = 0; r < rows && !st;) {
            uint64_t key = 0;
            for (long t = 0; t < len; t++) {
                w[t] = (int)lt_rng_below(rng, n);
                /* the word's rank when n^len < 2^64, else a hash */
                if (exact) key = key * n + (uint64_t)w[t];
                else key = (key ^ (uint64_t)w[t]) * 0x100000001b3ULL + 0x9E3779B97F4A7C15ULL;
            }
            if (!exact && key == UINT64_MAX) key = 0;
            if (!keyset_add(&S, key)) continue;         /* a repeated word: draw again */
            lt_cayley_prefix(tg, C, w, len);
            st = row(arg, seed, w, tg, len, err);
            if (ctx->progress && (r & 1023) == 0) ctx->progress(ctx->progress_arg, "writing the dataset", (double)r, (double)rows);
            r++;
        }
        lt_free(S.slot);
    }
    if (ctx->progress) ctx->progress(ctx->progress_arg, "writing the dataset", 1, 1);
    lt_free(w);
    lt_free(tg);
    return st;
}

typedef struct { FILE *out; sbuf b; } csv_rows;

static lt_status csv_row(void *arg, uint64_t seed, const int *w, const int *tg, long len, lt_err_t err)
{
    csv_rows *R = arg;
    return write_row(R->out, &R->b, seed, w, tg, len, err);
}

lt_status lt_dataset_generate(FILE *out, const lt_cayley_t C, long len, long samples,
                              uint64_t seed, int *capped, const lt_ctx_t ctx, lt_err_t err)
{
    long all = samples;
    uint64_t M;
    int exact;
    if (plan_words(&all, &exact, &M, NULL, (uint64_t)C->n, len, err)) return err->status;
    if (fputs("seed,input,target\n", out) < 0) return lt_err_set(err, LT_EINPUT, "error writing the dataset");
    csv_rows R = {out, {NULL, 0, 0}};
    lt_status st = lt_dataset_words(C, len, samples, seed, capped, csv_row, &R, ctx, err);
    lt_free(R.b.buf);
    return st;
}

/* ---- checking ---- */

void lt_dataset_report_init(lt_dataset_report_t R)
{
    memset(R, 0, sizeof *R);
    R->min_len = -1;
}

void lt_dataset_report_clear(lt_dataset_report_t R)
{
    for (int i = 0; i < R->nkept; i++) lt_free(R->problems[i]);
    memset(R, 0, sizeof *R);
}

__attribute__((format(printf, 4, 5)))
static void problem(lt_dataset_report_struct *R, long line, long col, const char *fmt, ...)
{
    R->nproblems++;
    if (R->nkept == LT_DATASET_KEEP) return;
    char msg[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(msg, sizeof msg, fmt, ap);
    va_end(ap);
    size_t l = strlen(msg) + 48;
    char *s = lt_malloc(l);
    snprintf(s, l, "%ld:%ld: %s", line, col, msg);
    R->problems[R->nkept++] = s;
}

typedef struct { const char *s; long len, col; } field;

/* Splits a CSV line (RFC 4180 quotes; no token needs a "" escape);
   returns the number of fields, or -1 for an unterminated quote and -2 for
   text after a closing quote (*col then points at the fault). */
static int split_csv(const char *line, field *f, int max, long *col)
{
    int k = 0;
    const char *p = line;
    for (;;) {
        field x;
        if (*p == '"') {
            const char *q = strchr(p + 1, '"');
            if (!q) { *col = (long)(p - line) + 1; return -1; }
            x.s = p + 1; x.len = (long)(q - p - 1); x.col = (long)(p - line) + 2;
            p = q + 1;
            if (*p && *p != ',') { *col = (long)(p - line) + 1; return -2; }
        } else {
            const char *q = p;
            while (*q && *q != ',') q++;
            x.s = p; x.len = (long)(q - p); x.col = (long)(p - line) + 1;
            p = q;
        }
        if (k < max) f[k] = x;
        k++;
        if (*p != ',') return k;
        p++;
    }
}

static const char *csv_fault(int code)
{
    return code == -1 ? "unterminated quote" : "text after a closing quote";
}

static const char *expected_header[3] = {"seed", "input", "target"};

static void check_header(lt_dataset_report_struct *R, const char *line)
{
    field f[8];
    long col = 1;
    int k = split_csv(line, f, 8, &col);
    if (k < 0) { R->bad_header = 1; problem(R, 1, col, "header: %s", csv_fault(k)); return; }
    for (int i = 0; i < 3 && i < k; i++) {
        /* field names may be quoted and padded */
        const char *s = f[i].s;
        long l = f[i].len, c = f[i].col;
        while (l && *s == ' ') { s++; l--; c++; }
        while (l && s[l - 1] == ' ') l--;
        if ((size_t)l != strlen(expected_header[i]) || strncmp(s, expected_header[i], (size_t)l) != 0) {
            R->bad_header = 1;
            problem(R, 1, c, "header field %d is '%.*s', expected '%s' (the header is seed,input,target)",
                    i + 1, (int)(l > 40 ? 40 : l), s, expected_header[i]);
            return;
        }
    }
    if (k != 3) {
        R->bad_header = 1;
        problem(R, 1, k > 3 ? f[3].col : (long)strlen(line) + 1,
                "the header has %d field%s, expected 3 (seed,input,target)", k, k == 1 ? "" : "s");
    }
}

/* Reads the tokens of a field; returns 0 and reports on the first bad one. */
static int read_tokens(lt_dataset_report_struct *R, const field *f, const char *what, long row, long line,
                       long n, int **v, long *cap, long *count)
{
    long k = 0, i = 0;
    while (i < f->len) {
        while (i < f->len && (f->s[i] == ' ' || f->s[i] == '\t')) i++;
        if (i == f->len) break;
        long start = i;
        while (i < f->len && f->s[i] != ' ' && f->s[i] != '\t') i++;
        const char *t = f->s + start;
        long tl = i - start;
        long col = f->col + start;
        int neg = t[0] == '-' || t[0] == '+', digits = tl > neg;
        for (long j = neg; j < tl; j++) if (!isdigit((unsigned char)t[j])) digits = 0;
        if (!digits) {
            problem(R, line, col, "row %ld: %s token %ld '%.*s' is not an integer", row, what, k + 1, (int)(tl > 40 ? 40 : tl), t);
            return 0;
        }
        long x = tl < 19 ? strtol(t, NULL, 10) : -1;
        if (t[0] == '-' || x < 0 || x >= n) {
            problem(R, line, col, "row %ld: %s token %ld '%.*s' is not an element index 0..%ld", row, what, k + 1,
                    (int)(tl > 40 ? 40 : tl), t, n - 1);
            return 0;
        }
        if (k == *cap) { *cap = 2 * *cap + 16; *v = lt_realloc(*v, (size_t)*cap * sizeof(int)); }
        (*v)[k++] = (int)x;
    }
    *count = k;
    return 1;
}

/* getline with a bound: -1 at the end of the file, -2 for a line longer
   than limit bytes (the caller stops reading). */
static ssize_t read_line(char **line, size_t *cap, FILE *f, size_t limit)
{
    size_t n = 0;
    int c;
    while ((c = getc(f)) != EOF) {
        if (n + 2 > *cap) {
            if (n >= limit) return -2;
            *cap = *cap ? 2 * *cap : 256;
            *line = lt_realloc(*line, *cap);
        }
        (*line)[n++] = (char)c;
        if (c == '\n') break;
    }
    if (n == 0 && c == EOF) return -1;
    (*line)[n] = '\0';
    return (ssize_t)n;
}

lt_status lt_dataset_check(lt_dataset_report_t R, FILE *f, const lt_cayley_struct *C,
                           const lt_ctx_t ctx, lt_err_t err)
{
    char *line = NULL;
    size_t lcap = 0;
    ssize_t got;
    long lineno = 0, n = C[0].n;
    int *in = NULL, *tg = NULL;
    long incap = 0, tgcap = 0;
    int seen_header = 0;
    /* a line holds a word and its targets, int each token: a quarter of
       --max-memory keeps those within it */
    size_t limit = ((size_t)ctx->max_memory_mb << 20) / 4;
    while ((got = read_line(&line, &lcap, f, limit)) != -1) {
        lineno++;
        if (got == -2) {
            lt_free(line); lt_free(in); lt_free(tg);
            return lt_err_set(err, LT_ELIMIT, "line %ld is longer than %zu bytes (a quarter of --max-memory %ld MiB)",
                              lineno, limit, ctx->max_memory_mb);
        }
        while (got > 0 && (line[got - 1] == '\n' || line[got - 1] == '\r')) line[--got] = '\0';
        char *text = line;
        if (lineno == 1 && (unsigned char)text[0] == 0xEF && (unsigned char)text[1] == 0xBB && (unsigned char)text[2] == 0xBF)
            text += 3;     /* a UTF-8 byte order mark */
        if (!seen_header) {
            seen_header = 1;
            check_header(R, text);
            continue;
        }
        if (!*text) continue;
        long row = ++R->rows;
        field fs[4];
        long col = 1;
        int k = split_csv(text, fs, 4, &col);
        long nin = 0, ntg = 0;
        if (k < 0) { problem(R, lineno, col, "row %ld: %s", row, csv_fault(k)); R->bad_rows++; continue; }
        if (k != 3) {
            problem(R, lineno, k > 3 ? fs[3].col : (long)strlen(text) + 1,
                    "row %ld has %d field%s, expected 3 (seed,input,target)", row, k, k == 1 ? "" : "s");
            R->bad_rows++;
            continue;
        }
        /* the seed: an integer */
        {
            const char *s = fs[0].s;
            long l = fs[0].len, j = (l && (s[0] == '-' || s[0] == '+'));
            int ok = l > j;
            for (; j < l; j++) if (!isdigit((unsigned char)s[j])) ok = 0;
            if (!ok) {
                problem(R, lineno, fs[0].col, "row %ld: seed '%.*s' is not an integer", row, (int)(l > 40 ? 40 : l), s);
                R->bad_rows++;
                continue;
            }
        }
        if (!read_tokens(R, &fs[1], "input", row, lineno, n, &in, &incap, &nin)
            || !read_tokens(R, &fs[2], "target", row, lineno, n, &tg, &tgcap, &ntg)) {
            R->bad_rows++;
            continue;
        }
        if (nin != ntg) {
            problem(R, lineno, fs[2].col, "row %ld: the target has %ld token%s but the input has %ld",
                    row, ntg, ntg == 1 ? "" : "s", nin);
            R->bad_rows++;
            continue;
        }
        if (R->min_len < 0 || nin < R->min_len) R->min_len = nin;
        if (nin > R->max_len) R->max_len = nin;
        for (int c = 0; c < LT_NCONV; c++) {
            const lt_cayley_struct *G = &C[c];
            long acc = G->identity, t;
            for (t = 0; t < nin; t++) {
                acc = G->table[acc * n + in[t]];
                if (acc != tg[t]) break;
            }
            lt_dataset_tally *T = &R->conv[c];
            if (t == nin) { T->correct++; continue; }
            T->wrong++;
            if (!T->row) { T->row = row; T->line = lineno; T->pos = t + 1; T->got = tg[t]; T->want = acc; }
        }
    }
    int readerr = ferror(f);
    if (!seen_header && !readerr) {
        R->bad_header = 1;
        problem(R, 1, 1, "the file is empty (expected the header seed,input,target)");
    }
    lt_free(line);
    lt_free(in);
    lt_free(tg);
    if (readerr) return lt_err_set(err, LT_EINPUT, "read error at line %ld", lineno + 1);
    return LT_OK;
}
