/* Lyndon words: generation (Duval), standard factorisation, Witt's formula
   and the printed forms of the Lyndon basis of the free Lie algebra.

   References:
   - J.-P. Duval, Generation d'une section des classes de conjugaison et
     arbre des mots de Lyndon de longueur bornee, Theoret. Comput. Sci. 60
     (1988) 255-283: the successor of a Lyndon word of length <= N in
     lexicographic order, and the linear-time Lyndon test (the same loop as
     Duval's factorisation, J. Algorithms 4 (1983) 363-381).
   - C. Reutenauer, Free Lie Algebras (1993), sections 5.1 and 7.3: the
     standard factorisation (the right factor is the longest proper Lyndon
     suffix) and the standard bracketing P_w; Witt's formula (Cor. 4.14). */
#include <string.h>
#include <stdint.h>
#include <stdio.h>
#include <assert.h>
#include "impl.h"
#include "lietool/free.h"

void lt_lyndon_init(lt_lyndon_t B)
{
    memset(B, 0, sizeof *B);
}

void lt_lyndon_clear(lt_lyndon_t B)
{
    lt_free(B->deg_start);
    lt_free(B->byte_start);
    lt_free(B->words);
    lt_free(B->deg);
    lt_free(B->left);
    lt_free(B->right);
}

int lt_free_is_lyndon(const unsigned char *w, slong len)
{
    if (len < 1) return 0;
    /* w[0..j) is a prefix of a power of the Lyndon word w[0..j-i); it is
       Lyndon itself exactly when i = 0 */
    slong i = 0, j = 1;
    while (j < len) {
        if (w[i] < w[j]) { i = 0; j++; }
        else if (w[i] == w[j]) { i++; j++; }
        else return 0;
    }
    return i == 0;
}

slong lt_free_lyndon_split(const unsigned char *w, slong len)
{
    assert(len >= 2);
    /* the right factor is the least proper suffix: the last factor of the
       Lyndon factorisation of w[1..len) (Chen-Fox-Lyndon), found by
       Duval's factorisation, which steps over the factors before it */
    const unsigned char *u = w + 1;
    slong m = len - 1, i = 0, last = 0;
    while (i < m) {
        slong j = i + 1, k = i;
        while (j < m && u[k] <= u[j]) {
            k = u[k] < u[j] ? i : k + 1;
            j++;
        }
        while (i <= k) {
            last = i;
            i += j - k;
        }
    }
    return 1 + last;
}

/* The Moebius function of n >= 1. */
int lt_free_moebius_(ulong n)
{
    int mu = 1;
    for (ulong p = 2; p * p <= n; p++)
        if (n % p == 0) {
            n /= p;
            if (n % p == 0) return 0;
            mu = -mu;
        }
    return n > 1 ? -mu : mu;
}

void lt_free_witt(mpz_t out, ulong r, ulong n)
{
    mpz_t t;
    mpz_init(t);
    mpz_set_ui(out, 0);
    for (ulong d = 1; d <= n; d++) {
        if (n % d) continue;
        int mu = lt_free_moebius_(d);
        if (!mu) continue;
        mpz_ui_pow_ui(t, r, n / d);
        if (mu > 0) mpz_add(out, out, t); else mpz_sub(out, out, t);
    }
    mpz_divexact_ui(out, out, n);
    mpz_clear(t);
}

void lt_free_witt_total(mpz_t out, ulong r, ulong N)
{
    mpz_t t;
    mpz_init(t);
    mpz_set_ui(out, 0);
    for (ulong n = 1; n <= N; n++) {
        lt_free_witt(t, r, n);
        mpz_add(out, out, t);
    }
    mpz_clear(t);
}

/* w[0..len) packed as B stores it, into p ((len bits + 7) / 8 bytes) */
static void lyndon_pack(unsigned char *p, const lt_lyndon_t B, const unsigned char *w, slong len)
{
    int b = B->bits, per = 8 / b;
    slong nb = (len * b + 7) / 8;
    if (b == 8) { memcpy(p, w, (size_t)len); return; }
    if (b == 1 && len <= 64) {
        /* the bits in a word, left-aligned in nb bytes, then the bytes */
        uint64_t x = 0;
        for (slong j = 0; j < len; j++) x = x << 1 | w[j];
        x <<= nb * 8 - len;
        for (slong k = nb - 1; k >= 0; k--, x >>= 8) p[k] = (unsigned char)x;
        return;
    }
    memset(p, 0, (size_t)nb);
    if (b == 1) {
        for (slong j = 0; j < len; j++) p[j >> 3] |= (unsigned char)(w[j] << (7 - (j & 7)));
        return;
    }
    for (slong j = 0; j < len; j++) p[j / per] |= (unsigned char)(w[j] << (8 - b - b * (j % per)));
}

slong lt_free_lyndon_find(const lt_lyndon_t B, const unsigned char *w, slong len)
{
    if (len < 1 || len > B->N) return -1;
    for (slong j = 0; j < len; j++)
        if (w[j] >= B->r) return -1;
    unsigned char key[256];
    lyndon_pack(key, B, w, len);
    /* packed with the first letter highest, words of one length compare as
       their bytes do */
    size_t nb = (size_t)((len * B->bits + 7) / 8);
    const unsigned char *base = B->words + B->byte_start[len];
    slong lo = B->deg_start[len], hi = B->deg_start[len + 1], first = lo;
    while (lo < hi) {
        slong mid = lo + (hi - lo) / 2;
        const unsigned char *at = base + (mid - first) * (slong)nb;
        size_t b = 0;
        while (b < nb && at[b] == key[b]) b++;   /* a few bytes: no call to memcmp */
        if (b == nb) return mid;
        if (at[b] < key[b]) lo = mid + 1; else hi = mid;
    }
    return -1;
}

int lt_free_lyndon_next(unsigned char *w, int *len, int N, int r)
{
    int n = *len;
    if (n == 0) { w[0] = 0; *len = 1; return r >= 1 && N >= 1; }
    /* repeat the word to length N, drop the trailing largest letters,
       increase the last */
    for (int m = n; n < N; n++) w[n] = w[n - m];
    while (n > 0 && w[n - 1] == r - 1) n--;
    if (n == 0) return 0;
    w[n - 1]++;
    *len = n;
    return 1;
}

/* The standard factorisations of part t of nt of the elements. */
typedef struct {
    lt_lyndon_struct *B;
    int nt;
} factorise;

static void factorise_part(void *arg, int t)
{
    factorise *F = arg;
    lt_lyndon_struct *B = F->B;
    unsigned char u[256];
    for (slong i = B->n * t / F->nt; i < B->n * (t + 1) / F->nt; i++) {
        slong k = lt_lyndon_degree(B, i);
        if (k == 1) { B->left[i] = B->right[i] = -1; continue; }
        lt_lyndon_word(B, i, u);
        slong s = lt_free_lyndon_split(u, k);
        B->left[i] = (int32_t)lt_free_lyndon_find(B, u, s);
        B->right[i] = (int32_t)lt_free_lyndon_find(B, u + s, k - s);
        assert(B->left[i] >= 0 && B->right[i] >= 0);
    }
}

static lt_status lyndon_basis(lt_lyndon_t B, int r, long N, int factors, const lt_ctx_t ctx, lt_err_t err);

lt_status lt_free_lyndon_basis(lt_lyndon_t B, int r, long N, const lt_ctx_t ctx, lt_err_t err)
{
    return lyndon_basis(B, r, N, 1, ctx, err);
}

lt_status lt_free_lyndon_words(lt_lyndon_t B, int r, long N, const lt_ctx_t ctx, lt_err_t err)
{
    return lyndon_basis(B, r, N, 0, ctx, err);
}

void lt_lyndon_factors(const lt_lyndon_t B, slong i, int32_t *f)
{
    if (B->left) { f[0] = B->left[i]; f[1] = B->right[i]; return; }
    int k = lt_lyndon_degree(B, i);
    if (k == 1) { f[0] = f[1] = -1; return; }
    unsigned char u[256];
    lt_lyndon_word(B, i, u);
    slong s = lt_free_lyndon_split(u, k);
    f[0] = (int32_t)lt_free_lyndon_find(B, u, s);
    f[1] = (int32_t)lt_free_lyndon_find(B, u + s, k - s);
}

static lt_status lyndon_basis(lt_lyndon_t B, int r, long N, int factors, const lt_ctx_t ctx, lt_err_t err)
{
    if (r < 1 || r > 255)
        return lt_err_set(err, LT_EINPUT, "the number of letters must be between 1 and 255, not %d", r);
    if (N < 1)
        return lt_err_set(err, LT_EINPUT, "the degree must be at least 1, not %ld", N);
    if (r == 1) N = 1;   /* the only Lyndon word on one letter is the letter */
    /* the size, by Witt's formula, degree by degree until past the limit */
    slong *cnt = NULL;
    {
        mpz_t tot, t;
        mpz_init(tot); mpz_init(t);
        long k;
        for (k = 1; k <= N; k++) {
            lt_free_witt(t, (ulong)r, (ulong)k);
            mpz_add(tot, tot, t);
            if (mpz_cmp_si(tot, ctx->max_enum) > 0 || mpz_cmp_si(tot, INT32_MAX) > 0) break;
        }
        if (k <= N) {
            int over = mpz_cmp_si(tot, ctx->max_enum) > 0;   /* else past 2^31 - 1 */
            if (N <= 1000) {
                lt_free_witt_total(tot, (ulong)r, (ulong)N);
                char *s = mpz_get_str(NULL, 10, tot);
                if (over)
                    lt_err_set(err, LT_ELIMIT, "the Lyndon basis on %d letters up to degree %ld has %s elements, more than `max_enum` %ld",
                               r, N, s, ctx->max_enum);
                else
                    lt_err_set(err, LT_ELIMIT, "the Lyndon basis on %d letters up to degree %ld has %s elements, more than the 2^31 - 1 it can hold",
                               r, N, s);
                flint_free(s);
            } else if (over)
                lt_err_set(err, LT_ELIMIT, "the Lyndon basis on %d letters up to degree %ld has more than `max_enum` %ld elements",
                           r, N, ctx->max_enum);
            else
                lt_err_set(err, LT_ELIMIT, "the Lyndon basis on %d letters up to degree %ld has more than the 2^31 - 1 elements it can hold",
                           r, N);
            mpz_clear(tot); mpz_clear(t);
            return err->status;
        }
        if (N > 255) {
            mpz_clear(tot); mpz_clear(t);
            return lt_err_set(err, LT_ELIMIT, "the Lyndon basis is stored up to degree 255, not %ld", N);
        }
        cnt = lt_calloc((size_t)N + 2, sizeof(slong));
        for (k = 1; k <= N; k++) {
            lt_free_witt(t, (ulong)r, (ulong)k);
            cnt[k] = (slong)mpz_get_si(t);
        }
        mpz_clear(tot); mpz_clear(t);
    }
    lt_lyndon_clear(B);
    lt_lyndon_init(B);
    B->r = r;
    B->N = (int)N;
    B->bits = r <= 2 ? 1 : r <= 4 ? 2 : r <= 16 ? 4 : 8;
    slong n = 0, nb = 0;
    B->deg_start = lt_malloc((size_t)(N + 2) * sizeof(slong));
    B->byte_start = lt_malloc((size_t)(N + 2) * sizeof(slong));
    B->deg_start[0] = B->byte_start[0] = 0;
    for (long k = 1; k <= N; k++) {
        B->deg_start[k] = n;
        B->byte_start[k] = nb;
        n += cnt[k];
        nb += cnt[k] * ((k * B->bits + 7) / 8);
    }
    B->deg_start[N + 1] = n;
    B->byte_start[N + 1] = nb;
    B->n = n;
    B->words = lt_calloc((size_t)nb + 1, 1);
    B->deg = lt_malloc((size_t)n + 1);
    if (factors) {
        B->left = lt_malloc((size_t)(n + 1) * sizeof(int32_t));
        B->right = lt_malloc((size_t)(n + 1) * sizeof(int32_t));
    }
    /* Duval: the Lyndon words of length <= N in lexicographic order; each
       goes to the next place of its length (Witt's formula counted them),
       so each length stays lexicographic */
    slong *pos = lt_calloc((size_t)N + 2, sizeof(slong));
    int *w = lt_malloc((size_t)(N + 1) * sizeof(int));
    unsigned char *u = lt_malloc((size_t)N + 1);
    slong len = 1;
    w[0] = -1;
    while (len > 0) {
        w[len - 1]++;
        assert(pos[len] < cnt[len]);
        slong i = B->deg_start[len] + pos[len]++;
        for (slong j = 0; j < len; j++) u[j] = (unsigned char)w[j];
        lyndon_pack(B->words + B->byte_start[len] + (i - B->deg_start[len]) * ((len * B->bits + 7) / 8), B, u, len);
        B->deg[i] = (unsigned char)len;
        slong m = len;
        while (len < N) { w[len] = w[len - m]; len++; }
        while (len > 0 && w[len - 1] == r - 1) len--;
    }
    lt_free(w);
    lt_free(pos); lt_free(cnt);
    lt_free(u);
    /* standard factorisations, shared among the threads (from 2^12
       elements: about 0.1 us each, a thread's start 50 us) */
    if (factors) {
        factorise F = {B, n <= 4096 ? 1 : lt_free_bch_threads()};
        lt_threads_run(F.nt, factorise_part, &F);
    }
    return LT_OK;
}

/* lt_free_lyndon_upto_: the prenecklaces a[1..t) in lexicographic order,
   extended letter by letter (Fredricksen-Kessler-Maiorana, in the form of
   F. Ruskey, C. Savage, T. Wang, J. Algorithms 13 (1992) 414-430: a[t] >=
   a[t-p], p the period so far; a word of length n is Lyndon when p = n),
   restricted to the letters left (cnt) and, while the prefix is w's
   (tight), to letters up to w's. 0 once more than max are found.
   lt_free_lyndon_content_ runs it never tight, over a whole class. */
typedef struct {
    const unsigned char *w;
    int n, r, cnt[256];
    unsigned char a[257];
    slong count, max;
    unsigned char *out;
} lyndon_gen;

static int lyndon_gen_rec(lyndon_gen *G, int t, int p, int tight)
{
    if (t > G->n) {
        if (p != G->n) return 1;
        if (G->count == G->max) { G->count++; return 0; }
        memcpy(G->out + G->count++ * G->n, G->a + 1, (size_t)G->n);
        return 1;
    }
    int hi = tight ? G->w[t - 1] : G->r - 1;
    for (int x = G->a[t - p]; x <= hi; x++) {
        if (!G->cnt[x]) continue;
        G->cnt[x]--;
        G->a[t] = (unsigned char)x;
        int more = lyndon_gen_rec(G, t + 1, x == G->a[t - p] ? p : t, tight && x == G->w[t - 1]);
        G->cnt[x]++;
        if (!more) return 0;
    }
    return 1;
}

slong lt_free_lyndon_content_(unsigned char *out, const int *cnt, int n, int r, slong s)
{
    lyndon_gen *G = lt_calloc(1, sizeof *G);
    G->n = n;
    G->r = r;
    G->max = s;
    G->out = out;
    for (int l = 0; l < r; l++) G->cnt[l] = cnt[l];
    G->a[0] = 0;
    lyndon_gen_rec(G, 1, 1, 0);   /* never tight: G->w is not read */
    slong k = G->count;
    lt_free(G);
    return k;
}

slong lt_free_lyndon_upto_(unsigned char **out, const unsigned char *w, int n, int r, slong max)
{
    lyndon_gen *G = lt_calloc(1, sizeof *G);
    G->w = w;
    G->n = n;
    G->r = r;
    G->max = max;
    for (int j = 0; j < n; j++) G->cnt[w[j]]++;
    /* the words come in increasing order: the buffer grows by doubling */
    slong cap = 64;
    for (;;) {
        slong lim = max < cap ? max : cap;
        G->max = lim;
        G->count = 0;
        G->out = lt_malloc((size_t)lim * (size_t)n + 1);
        G->a[0] = 0;
        if (lyndon_gen_rec(G, 1, 1, 1) || lim == max) break;
        lt_free(G->out);
        cap *= 4;
    }
    slong k = G->count;
    if (k > max) { lt_free(G->out); G->out = NULL; }
    *out = G->out;
    lt_free(G);
    return k;
}

/* Sorts the words p[0..m) of length k and drops the repeats; the number
   left. */
static slong words_sort_unique(const unsigned char **p, slong m, int k, const unsigned char **tmp)
{
    /* merge sort, bottom up */
    for (slong width = 1; width < m; width *= 2) {
        for (slong lo = 0; lo < m; lo += 2 * width) {
            slong mid = lo + width < m ? lo + width : m, hi = lo + 2 * width < m ? lo + 2 * width : m;
            slong i = lo, j = mid, o = lo;
            while (i < mid && j < hi) tmp[o++] = memcmp(p[i], p[j], (size_t)k) <= 0 ? p[i++] : p[j++];
            while (i < mid) tmp[o++] = p[i++];
            while (j < hi) tmp[o++] = p[j++];
        }
        memcpy(p, tmp, (size_t)m * sizeof *p);
    }
    slong u = 0;
    for (slong i = 0; i < m; i++)
        if (!u || memcmp(p[u - 1], p[i], (size_t)k)) p[u++] = p[i];
    return u;
}

void lt_free_lyndon_closure_(lt_lyndon_struct *B, int r, int n, const unsigned char *words, slong s)
{
    /* the words of each length (pointers into words: the factors are
       windows of them), from the longest down, each sorted and split */
    const unsigned char ***L = lt_calloc((size_t)n + 1, sizeof *L);
    slong *cnt = lt_calloc((size_t)n + 2, sizeof(slong)), *cap = lt_calloc((size_t)n + 1, sizeof(slong));
    const unsigned char **tmp = lt_malloc((size_t)(2 * s + r + 1) * sizeof *tmp);
    L[n] = lt_malloc((size_t)(s + 1) * sizeof **L);
    for (slong i = 0; i < s; i++) L[n][i] = words + i * n;
    cnt[n] = cap[n] = s;
    for (int k = n; k >= 2; k--) {
        for (slong i = 0; i < cnt[k]; i++) {
            const unsigned char *x = L[k][i];
            slong a = lt_free_lyndon_split(x, k);
            const unsigned char *f[2] = {x, x + a};
            int len[2] = {(int)a, k - (int)a};
            for (int t = 0; t < 2; t++) {
                int l = len[t];
                if (l == 1) continue;
                if (cnt[l] == cap[l]) {
                    cap[l] = 2 * cap[l] + 16;
                    L[l] = lt_realloc(L[l], (size_t)cap[l] * sizeof **L);
                }
                L[l][cnt[l]++] = f[t];
            }
        }
        int k1 = k - 1;
        if (k1 >= 2 && cnt[k1]) {
            if (cnt[k1] > 2 * s + r) tmp = lt_realloc(tmp, (size_t)cnt[k1] * sizeof *tmp);
            cnt[k1] = words_sort_unique(L[k1], cnt[k1], k1, tmp);
        }
    }
    cnt[1] = r;
    lt_lyndon_clear(B);
    lt_lyndon_init(B);
    B->r = r;
    B->N = n;
    B->bits = r <= 2 ? 1 : r <= 4 ? 2 : r <= 16 ? 4 : 8;
    B->deg_start = lt_malloc((size_t)(n + 2) * sizeof(slong));
    B->byte_start = lt_malloc((size_t)(n + 2) * sizeof(slong));
    slong m = 0, nb = 0;
    for (int k = 1; k <= n + 1; k++) {
        B->deg_start[k] = m;
        B->byte_start[k] = nb;
        m += cnt[k];
        nb += cnt[k] * ((k * B->bits + 7) / 8);
    }
    B->deg_start[0] = B->byte_start[0] = 0;
    B->n = m;
    B->words = lt_calloc((size_t)nb + 1, 1);
    B->deg = lt_malloc((size_t)m + 1);
    B->left = lt_malloc((size_t)(m + 1) * sizeof(int32_t));
    B->right = lt_malloc((size_t)(m + 1) * sizeof(int32_t));
    unsigned char letter[1];
    for (int k = 1; k <= n; k++) {
        slong nbk = (k * B->bits + 7) / 8;
        for (slong i = 0; i < cnt[k]; i++) {
            slong e = B->deg_start[k] + i;
            letter[0] = (unsigned char)i;
            lyndon_pack(B->words + B->byte_start[k] + i * nbk, B, k == 1 ? letter : L[k][i], k);
            B->deg[e] = (unsigned char)k;
        }
    }
    for (slong e = 0; e < m; e++) {
        int k = B->deg[e];
        if (k == 1) { B->left[e] = B->right[e] = -1; continue; }
        const unsigned char *x = L[k][e - B->deg_start[k]];
        slong a = lt_free_lyndon_split(x, k);
        B->left[e] = (int32_t)lt_free_lyndon_find(B, x, a);
        B->right[e] = (int32_t)lt_free_lyndon_find(B, x + a, k - a);
        assert(B->left[e] >= 0 && B->right[e] >= 0);
    }
    for (int k = 0; k <= n; k++) lt_free(L[k]);
    lt_free(L); lt_free(cnt); lt_free(cap); lt_free(tmp);
}

void lt_free_letter_name(char *buf, int r, int i)
{
    /* one character without snprintf: bch prints millions of them */
    if (r <= 26) { buf[0] = r <= 3 ? "XYZ"[i] : (char)('a' + i); buf[1] = '\0'; }
    else snprintf(buf, 8, "x%d", (i & 255) + 1);
}

char *lt_lyndon_word_str(const lt_lyndon_t B, slong i)
{
    slong k = lt_lyndon_degree(B, i);
    unsigned char w[256];
    lt_lyndon_word(B, i, w);
    char *s = lt_malloc((size_t)(8 * k + 1)), name[8];
    size_t m = 0;
    for (slong j = 0; j < k; j++) {
        lt_free_letter_name(name, B->r, w[j]);
        size_t l = strlen(name);
        memcpy(s + m, name, l);
        m += l;
    }
    s[m] = '\0';
    return s;
}

static size_t put_bracket(char *s, const lt_lyndon_t B, slong i)
{
    int32_t lr[2];
    lt_lyndon_factors(B, i, lr);
    if (lr[0] < 0) {
        lt_free_letter_name(s, B->r, (int)i);   /* the letters are elements 0..r-1 */
        return strlen(s);
    }
    size_t m = 0;
    s[m++] = '[';
    m += put_bracket(s + m, B, lr[0]);
    s[m++] = ',';
    m += put_bracket(s + m, B, lr[1]);
    s[m++] = ']';
    s[m] = '\0';
    return m;
}

char *lt_lyndon_bracket_str(const lt_lyndon_t B, slong i)
{
    slong k = lt_lyndon_degree(B, i);
    char *s = lt_malloc((size_t)(11 * k + 1));
    put_bracket(s, B, i);
    return s;
}

/* w[0..n) bracketed, appended at s; the end returned. */
static char *word_bracket(char *s, const char *w, slong n)
{
    if (n == 1) { *s++ = w[0]; return s; }
    slong a = lt_free_lyndon_split((const unsigned char *)w, n);
    *s++ = '[';
    s = word_bracket(s, w, a);
    *s++ = ',';
    s = word_bracket(s, w + a, n - a);
    *s++ = ']';
    return s;
}

char *lt_free_lyndon_word_bracket(const char *w)
{
    slong n = (slong)strlen(w);
    char *s = lt_malloc((size_t)(4 * n + 1));
    *word_bracket(s, w, n) = '\0';
    return s;
}
