/* Cayley tables (lietool/perm.h; the conventions in lietool-formats(5),
   WORD-PROBLEM DATASETS).

   The abstract_algebra convention is that of the generator of the public
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

   The GAP convention enumerates the permutation group and sorts it as GAP's
   AsSortedList does (permutations compare by the list of images of 1, 2,
   ...); the left factor acts first. */
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <gmp.h>
#include "lietool/perm.h"

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
}

lt_status lt_cayley_fits(double n, double extra_bytes, const char *name,
                         const lt_ctx_t ctx, lt_err_t err)
{
    if (n > (double)ctx->max_enum)
        return lt_err_set(err, LT_ELIMIT, "'%s' has %.0f elements, above `max_enum` %ld (a Cayley table lists them all)",
                          name, n, ctx->max_enum);
    double mib = (n * n * (double)sizeof(int) + extra_bytes) / 1048576.0;
    if (mib > (double)ctx->max_memory_mb)
        return lt_err_set(err, LT_ELIMIT, "the Cayley table of '%s' (%.0f x %.0f) needs %.0f MiB, above `max_memory` %ld",
                          name, n, n, ceil(mib), ctx->max_memory_mb);
    return LT_OK;
}

void lt_cayley_alloc(lt_cayley_t C, long n)
{
    C->n = n;
    C->table = lt_malloc((size_t)n * (size_t)n * sizeof(int));
    C->names = lt_calloc((size_t)n, sizeof(char *));
}

int lt_cayley_find_identity(const lt_cayley_t C)
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
        lt_err_set(err, LT_ELIMIT, "'%s' has %s elements, above `max_enum` %ld (a Cayley table lists them all)",
                   spec, os, ctx->max_enum);
        free(os);
        return LT_ELIMIT;
    }
    long n = (long)mpz_get_ui(G->order);
    int d = G->n;
    if ((st = lt_cayley_fits((double)n, (double)n * d * sizeof(int) + 4.0 * n * sizeof(long), spec, ctx, err)))
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
    lt_cayley_alloc(C, n);
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

lt_status lt_cayley_perm_group(lt_cayley_t C, lt_pgrp_t G, lt_convention conv, const char *name,
                               const lt_ctx_t ctx, lt_err_t err)
{
    int right_first = conv == LT_CONV_AA;
    plist L;
    lt_status st = plist_build(&L, G, name, ctx, err);
    if (!st) {
        plist_table(C, &L, right_first, ctx);
        for (long i = 0; i < L.n; i++)
            C->names[i] = right_first ? tuple_name(L.el + i * L.d, L.d) : lt_perm_str(L.el + i * L.d, L.d);
    }
    plist_clear(&L);
    return st;
}

/* ---- the generator's families ---- */

void lt_cayley_cyclic(lt_cayley_t C, long n)
{
    lt_cayley_alloc(C, n);
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
void lt_cayley_dihedral(lt_cayley_t C, long m)
{
    long k = m / 2;
    lt_cayley_alloc(C, m);
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
void lt_cayley_heisenberg(lt_cayley_t C, long p)
{
    long n = p * p * p;
    lt_cayley_alloc(C, n);
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

/* P = A x B in itertools.product order, names "a:b" */
void lt_cayley_product(lt_cayley_t P, const lt_cayley_t A, const lt_cayley_t B)
{
    long na = A->n, nb = B->n, n = na * nb;
    lt_cayley_alloc(P, n);
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

void lt_cayley_prefix(int *target, const lt_cayley_t C, const int *word, long len)
{
    long acc = C->identity;
    for (long t = 0; t < len; t++) {
        acc = C->table[acc * C->n + word[t]];
        target[t] = (int)acc;
    }
}

/* ---- the words of a dataset ---- */

void lt_cayley_words_init(lt_cayley_words_t W)
{
    memset(W, 0, sizeof *W);
}

void lt_cayley_words_clear(lt_cayley_words_t W)
{
    lt_free(W->slot);
    lt_free(W->word);
}

/* Adds a key to the set of words drawn; 0 if it was there. */
static int key_add(lt_cayley_words_struct *W, uint64_t key)
{
    uint64_t k = key + 1, h = key * 0x9E3779B97F4A7C15ULL;
    h ^= h >> 29;
    for (uint64_t s = h & W->mask;; s = (s + 1) & W->mask) {
        if (W->slot[s] == k) return 0;
        if (W->slot[s] == 0) { W->slot[s] = k; return 1; }
    }
}

lt_status lt_cayley_words_start(lt_cayley_words_t W, const lt_cayley_t C, long len, long samples,
                                uint64_t seed, const lt_ctx_t ctx, lt_err_t err)
{
    uint64_t n = (uint64_t)C->n;
    /* the number of words n^len, exactly when below 2^64 */
    int exact = 1;
    uint64_t M = 1;
    for (long t = 0; t < len && exact; t++) {
        if (n > 1 && M > UINT64_MAX / n) exact = 0;
        else M *= n;
    }
    if (samples >= 0 && exact && M <= (uint64_t)samples) {
        W->capped = M < (uint64_t)samples;
        samples = -1;       /* every word, in product order */
    }
    if (samples < 0 && !exact)
        return lt_err_set(err, LT_ELIMIT, "%" PRIu64 "^%ld words are too many to list", n, len);
    W->C = C;
    W->len = len;
    W->exact = exact;
    W->all = samples < 0;
    W->rows = samples >= 0 ? samples : (long)M;
    W->word = lt_calloc((size_t)(len ? len : 1), sizeof(int));
    if (W->all) return LT_OK;
    double mib = 4.0 * (double)samples * sizeof(uint64_t) / 1048576.0;
    if (mib > (double)ctx->max_memory_mb)
        return lt_err_set(err, LT_ELIMIT, "keeping %ld samples distinct needs %.0f MiB, above `max_memory` %ld",
                          samples, ceil(mib), ctx->max_memory_mb);
    uint64_t cap = 2;
    while (cap < 2 * (uint64_t)samples) cap *= 2;
    W->slot = lt_calloc((size_t)cap, sizeof(uint64_t));
    W->mask = cap - 1;
    lt_rng_seed(W->rng, seed);
    return LT_OK;
}

int lt_cayley_words_next(int *word, int *target, lt_cayley_words_t W)
{
    if (W->done == W->rows) return 0;
    long len = W->len;
    uint64_t n = (uint64_t)W->C->n;
    if (W->all) {
        memcpy(word, W->word, (size_t)len * sizeof(int));
        for (long t = len - 1; t >= 0; t--) {       /* odometer, last token fastest */
            if ((uint64_t)++W->word[t] < n) break;
            W->word[t] = 0;
        }
    } else
        for (;;) {
            uint64_t key = 0;
            for (long t = 0; t < len; t++) {
                word[t] = (int)lt_rng_below(W->rng, n);
                /* the word's rank when n^len < 2^64, else a hash */
                if (W->exact) key = key * n + (uint64_t)word[t];
                else key = (key ^ (uint64_t)word[t]) * 0x100000001b3ULL + 0x9E3779B97F4A7C15ULL;
            }
            if (!W->exact && key == UINT64_MAX) key = 0;
            if (key_add(W, key)) break;             /* a repeated word: draw again */
        }
    lt_cayley_prefix(target, W->C, word, len);
    W->done++;
    return 1;
}

/* ---- the group of a table as a permutation group ---- */

lt_status lt_cayley_regular(lt_pgrp_t G, const lt_cayley_t C, const lt_ctx_t ctx, lt_err_t err)
{
    long n = C->n;
    lt_pgrp_clear(G);
    lt_pgrp_init(G, (int)n);
    /* the right regular representation g -> (x -> x g): a homomorphism for
       the engine's product x^(gh) = (x^g)^h; a few generators suffice */
    char *inH = lt_calloc((size_t)n, 1);
    int *queue = lt_malloc((size_t)n * sizeof(int)), *gens = lt_malloc((size_t)n * sizeof(int)), ng = 0;
    int *perm = lt_malloc((size_t)n * sizeof(int));
    long nH = 1;
    inH[C->identity] = 1;
    for (long g = 0; g < n; g++) {
        if (inH[g]) continue;
        gens[ng++] = (int)g;
        for (long x = 0; x < n; x++) perm[x] = C->table[x * n + g];
        lt_pgrp_add_gen(G, perm);
        /* the closure, by breadth-first search from the identity */
        memset(inH, 0, (size_t)n);
        inH[C->identity] = 1;
        queue[0] = C->identity;
        nH = 1;
        for (long h = 0; h < nH; h++)
            for (int j = 0; j < ng; j++) {
                int y = C->table[(long)queue[h] * n + gens[j]];
                if (!inH[y]) { inH[y] = 1; queue[nH++] = y; }
            }
    }
    lt_free(inH); lt_free(queue); lt_free(gens); lt_free(perm);
    mpz_t bound;
    mpz_init_set_ui(bound, (unsigned long)n);
    lt_status st = lt_pgrp_chain(G, bound, ctx, err);
    mpz_clear(bound);
    return st;
}

lt_status lt_cayley_derived_length(long *d, long *abelianization, const lt_cayley_t C,
                                   const lt_ctx_t ctx, lt_err_t err)
{
    lt_pgrp_t G;
    lt_pgrp_init(G, 1);
    lt_pgrp_profile_t P;
    lt_pgrp_profile_init(P);
    lt_status st = lt_cayley_regular(G, C, ctx, err);
    if (!st) st = lt_pgrp_profile(P, G, LT_PGRP_PROFILE_DERIVED, ctx, err);
    if (!st) {
        *d = P->derived_length;
        mpz_t a;
        mpz_init(a);
        const lt_pgrp_series_struct *S = P->derived;
        if (S->len > 1) mpz_divexact(a, S->terms[0].order, S->terms[1].order);
        else mpz_set_ui(a, 1);
        *abelianization = mpz_fits_slong_p(a) ? mpz_get_si(a) : 0;
        mpz_clear(a);
    }
    lt_pgrp_profile_clear(P);
    lt_pgrp_clear(G);
    return st;
}
