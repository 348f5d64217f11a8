/* Exact Lie series in the Lyndon basis: Z = log(e^{t_1 x_{l_1}} ... e^{t_m x_{l_m}}),
   the Baker-Campbell-Hausdorff series and its symmetric form.

   Two methods share step 1 below. Step 2 is the fast triangular solve
   per multidegree class described before log_exp_classes (BCH degree 20:
   about 0.15 s of CPU, a few MB; any number of letters up to degree 62
   with at most 2^22 multidegrees); the plain step 2 below serves the rest
   and is kept as the tests' independent check:

   1. Word coefficients. Let M = e^{t_1 x_{l_1}} ... e^{t_m x_{l_m}} and
      W = M - 1; Z = log(1 + W) = sum_{k>=1} (-1)^(k+1) W^k / k. The
      coefficient of a word v of length n in W^k is the sum, over the ways to
      cut v into k non-empty consecutive pieces, of the product of the
      pieces' coefficients in M. A piece's coefficient in M is a sum over the
      ways to read it as x_{l_1}^{e_1} ... x_{l_m}^{e_m} of prod t_s^{e_s}/e_s!.
      Both sums are dynamic programmes over positions of v. With q a common
      denominator of the t_s (t_s = p_s/q), everything is kept in integers:
      a piece of length l carries l! q^l times its coefficient (a multinomial
      times the p_s: an integer), and the cut DP carries B_k(i) = i! q^i times
      the coefficient of v[0..i) in W^k, so that
         B_k(i) = sum_j B_{k-1}(j) binom(i, j) Wt(v[j..i)).
      The coefficient of v in Z is S(v) / (n! q^n L), L = lcm(1..n),
      S(v) = sum_k (-1)^(k+1) (L/k) B_k(n).

   2. Projection onto the Lyndon basis. For a Lyndon word u the standard
      bracketing P_u is u plus words that are lexicographically larger (of
      the same length and content), with integer coefficients (Reutenauer,
      Free Lie Algebras, Thm 5.1; Lothaire, Combinatorics on Words, Thm
      5.3.1). A homogeneous Lie element Z_n = sum_u c_u P_u therefore has, at
      the smallest Lyndon word u not yet accounted for, word coefficient c_u:
      going through the Lyndon words of degree n in increasing order, c_u is
      the current coefficient of u and c_u P_u is subtracted. Only Lyndon
      words are ever read, so only their coefficients are kept. The
      expansions P_u = P_a P_b - P_b P_a (u = ab the standard factorisation)
      are computed degree by degree as sorted lists of words packed in base
      r into 64 bits. Those of degree N-1 are not kept but rebuilt for the
      at most 2r words of degree N that have them as a factor, and at degree
      N the brackets are read at the Lyndon words without being formed: the
      memory is that of the expansions of degree <= N-2 (about 1.2 GB for
      N = 20 on 2 letters). The expansions are what limits this method. */
/* the solve's loops gain about 7% from GCC's -O3 (vectorised tests) */
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC optimize("O3")
#endif
#include <math.h>
#include <string.h>
#include <stdint.h>
#include <assert.h>
#ifdef __SSE2__
#include <emmintrin.h>
#endif
#include <flint/fmpz.h>
#include "impl.h"
#include "lietool/free.h"

/* A polynomial with integer coefficients, homogeneous of some degree: the
   words (packed in base r) increasing, the coefficients non-zero. */
typedef struct {
    slong n;
    uint64_t *w;
    fmpz *c;
} xpoly;

static void xpoly_clear(xpoly *P)
{
    for (slong i = 0; i < P->n; i++) fmpz_clear(P->c + i);
    lt_free(P->w);
    lt_free(P->c);
    P->n = 0;
    P->w = NULL;
    P->c = NULL;
}

/* Scratch space for one bracket's terms before they are copied out. */
typedef struct {
    slong cap;
    uint64_t *w;
    fmpz *c;        /* plain words: written with fmpz_init semantics, moved out */
} scratch;

/* C = A B - B A, A of degree la, B of degree lb; rpow[k] = r^k. */
static void xpoly_bracket(xpoly *C, const xpoly *A, int la, const xpoly *B, int lb,
                          const uint64_t *rpow, scratch *T)
{
    slong na = A->n, nb = B->n, cap = 2 * na * nb, m = 0;
    if (cap > T->cap) {
        T->cap = cap;
        T->w = lt_realloc(T->w, (size_t)cap * sizeof(uint64_t));
        T->c = lt_realloc(T->c, (size_t)cap * sizeof(fmpz));
    }
    /* the products AB (in increasing order: a outer, b inner) and BA, merged */
    slong a1 = 0, b1 = 0;   /* next term of AB: A[a1] B[b1] */
    slong b2 = 0, a2 = 0;   /* next term of BA: B[b2] A[a2] */
    uint64_t sa = rpow[lb], sb = rpow[la];
    while (a1 < na || b2 < nb) {
        uint64_t w1 = a1 < na ? A->w[a1] * sa + B->w[b1] : UINT64_MAX;
        uint64_t w2 = b2 < nb ? B->w[b2] * sb + A->w[a2] : UINT64_MAX;
        fmpz *c = T->c + m;
        fmpz_init(c);
        if (a1 < na && (b2 >= nb || w1 <= w2)) {
            fmpz_mul(c, A->c + a1, B->c + b1);
            if (b2 < nb && w1 == w2) {
                fmpz_submul(c, B->c + b2, A->c + a2);
                if (++a2 == na) { a2 = 0; b2++; }
            }
            T->w[m] = w1;
            if (++b1 == nb) { b1 = 0; a1++; }
        } else {
            fmpz_mul(c, B->c + b2, A->c + a2);
            fmpz_neg(c, c);
            T->w[m] = w2;
            if (++a2 == na) { a2 = 0; b2++; }
        }
        if (fmpz_is_zero(c)) fmpz_clear(c);
        else m++;
    }
    /* the fmpz values (small or pointers to their limbs) move to C */
    C->n = m;
    C->w = lt_malloc((size_t)(m + 1) * sizeof(uint64_t));
    C->c = lt_malloc((size_t)(m + 1) * sizeof(fmpz));
    memcpy(C->w, T->w, (size_t)m * sizeof(uint64_t));
    memcpy(C->c, T->c, (size_t)m * sizeof(fmpz));
}

/* R[dense[w]] -= x * (coefficient of w in A B - B A) for the words w of
   degree la + lb with dense[w] >= 0 (x is not an entry of R). */
static void apply_bracket(fmpz *R, const int32_t *dense, const fmpz_t x, const xpoly *A, int la,
                          const xpoly *B, int lb, const uint64_t *rpow)
{
    fmpz_t y;
    fmpz_init(y);
    uint64_t sa = rpow[lb], sb = rpow[la];
    for (slong i = 0; i < A->n; i++) {
        fmpz_mul(y, x, A->c + i);
        uint64_t wa = A->w[i];
        for (slong j = 0; j < B->n; j++) {
            int32_t k = dense[wa * sa + B->w[j]];
            if (k >= 0) fmpz_submul(R + k, y, B->c + j);
            k = dense[B->w[j] * sb + wa];
            if (k >= 0) fmpz_addmul(R + k, y, B->c + j);
        }
    }
    fmpz_clear(y);
}

/* The expansions F[0], F[1] of the standard factors of element u (of
   degree <= N) and their degrees k[0], k[1]. The expansions of degree N-1
   >= 2 are not kept (they would be most of the memory): at degree N they
   are factors of at most 2r words, and are rebuilt from their own factors;
   factors_release frees those. */
static void factors_get(xpoly *F, int *k, const lt_lyndon_t B, slong u, const xpoly *P, int N,
                        const uint64_t *rpow, scratch *T)
{
    slong f[2] = {B->left[u], B->right[u]};
    for (int s = 0; s < 2; s++) {
        k[s] = lt_lyndon_degree(B, f[s]);
        if (k[s] == N - 1 && k[s] >= 2) {
            slong a = B->left[f[s]], b = B->right[f[s]];
            xpoly_bracket(F + s, P + a, lt_lyndon_degree(B, a), P + b, lt_lyndon_degree(B, b), rpow, T);
        } else F[s] = P[f[s]];
    }
}

static void factors_release(xpoly *F, const int *k, int N)
{
    for (int s = 0; s < 2; s++)
        if (k[s] == N - 1 && k[s] >= 2) xpoly_clear(F + s);
}

/* The factors of the product, in integers. */
typedef struct {
    slong m;
    const int *l;       /* letters */
    fmpz *p;            /* t_s = p_s / q */
    fmpz_t q;
} factors;

/* Wt[j*(n+1)+i] = (i-j)! q^(i-j) * the coefficient of v[j..i) in M, for
   0 <= j < i <= n. Live states of the reading automaton: (factor t,
   exponent e of x_{l_t} so far), with the value (length)! prod p^e/e!. */
typedef struct {
    slong cap, n;
    slong *t, *e;
    fmpz *h;
} states;

static void states_reserve(states *S, slong cap)
{
    if (cap <= S->cap) return;
    S->t = lt_realloc(S->t, (size_t)cap * sizeof(slong));
    S->e = lt_realloc(S->e, (size_t)cap * sizeof(slong));
    S->h = lt_realloc(S->h, (size_t)cap * sizeof(fmpz));
    for (slong i = S->cap; i < cap; i++) fmpz_init(S->h + i);
    S->cap = cap;
}

static void states_clear(states *S)
{
    for (slong i = 0; i < S->cap; i++) fmpz_clear(S->h + i);
    lt_free(S->t); lt_free(S->e); lt_free(S->h);
}

/* Adds x to the state (t, e) of S. */
static void states_add(states *S, slong t, slong e, const fmpz_t x)
{
    for (slong i = 0; i < S->n; i++)
        if (S->t[i] == t && S->e[i] == e) { fmpz_add(S->h + i, S->h + i, x); return; }
    states_reserve(S, S->n + 1);
    S->t[S->n] = t;
    S->e[S->n] = e;
    fmpz_set(S->h + S->n, x);
    S->n++;
}

static void piece_weights(fmpz *Wt, const unsigned char *v, slong n, const factors *F,
                          states *cur, states *nxt)
{
    fmpz_t x;
    fmpz_init(x);
    for (slong j = 0; j < n; j++) {
        cur->n = 0;
        for (slong i = j; i < n; i++) {
            int lam = v[i];
            ulong len1 = (ulong)(i - j + 1);
            nxt->n = 0;
            if (i == j) {
                for (slong s = 0; s < F->m; s++)
                    if (F->l[s] == lam && !fmpz_is_zero(F->p + s)) states_add(nxt, s, 1, F->p + s);
            } else {
                for (slong a = 0; a < cur->n; a++) {
                    slong t = cur->t[a], e = cur->e[a];
                    const fmpz *h = cur->h + a;
                    if (F->l[t] == lam) {
                        fmpz_mul(x, h, F->p + t);
                        fmpz_mul_ui(x, x, len1);
                        fmpz_divexact_ui(x, x, (ulong)(e + 1));
                        states_add(nxt, t, e + 1, x);
                    }
                    for (slong s = t + 1; s < F->m; s++)
                        if (F->l[s] == lam && !fmpz_is_zero(F->p + s)) {
                            fmpz_mul(x, h, F->p + s);
                            fmpz_mul_ui(x, x, len1);
                            states_add(nxt, s, 1, x);
                        }
                }
            }
            /* drop the states that died (value 0) */
            slong k = 0;
            fmpz *w = Wt + j * (n + 1) + i + 1;
            fmpz_zero(w);
            for (slong a = 0; a < nxt->n; a++) {
                if (fmpz_is_zero(nxt->h + a)) continue;
                fmpz_add(w, w, nxt->h + a);
                if (k != a) { nxt->t[k] = nxt->t[a]; nxt->e[k] = nxt->e[a]; fmpz_swap(nxt->h + k, nxt->h + a); }
                k++;
            }
            nxt->n = k;
            states *tmp = cur; cur = nxt; nxt = tmp;
            if (cur->n == 0) {
                for (slong i2 = i + 1; i2 < n; i2++) fmpz_zero(Wt + j * (n + 1) + i2 + 1);
                break;
            }
        }
    }
    fmpz_clear(x);
}

/* L = lcm(1, ..., n). */
static void lcm_upto(fmpz_t L, ulong n)
{
    fmpz_t k;
    fmpz_init(k);
    fmpz_one(L);
    for (ulong i = 2; i <= n; i++) {
        fmpz_set_ui(k, i);
        fmpz_lcm(L, L, k);
    }
    fmpz_clear(k);
}

/* The bits of |x|. */
static int i128_bits(__int128 x)
{
    unsigned __int128 u = x < 0 ? -(unsigned __int128)x : (unsigned __int128)x;
    uint64_t hi = (uint64_t)(u >> 64), lo = (uint64_t)u;
    return hi ? 128 - __builtin_clzll(hi) : lo ? 64 - __builtin_clzll(lo) : 0;
}

/* S = sum_k (-1)^(k+1) (L/k) B_k(n) for the word v of length n (see the top). */
typedef struct {
    slong n;
    fmpz *Wt, *Bk;      /* (n+1)^2 each */
    fmpz *binom;        /* binom[i*(n+1)+j] */
    fmpz *Ldiv;         /* L/k, k = 1..n */
    states s1, s2;
    /* word_coefficient_128's scratch: its tables w128 and b128 hold the
       word prev up to position valid (the columns i <= valid), and the
       reading from j died at dead[j] (n: it did not) */
    __int128 *w128, *b128, *sh, *sh2;
    slong *st, *se, *st2, *se2;
    int64_t *binom64, *ldiv64;  /* ldiv64: L/k, or NULL when L > 2^62 */
    __int128 *xs;
    unsigned char *prev, *dead, *kmin, *bbits;
    int valid, logn;            /* logn: 2^logn > n */
} wordcoef;

static void wordcoef_init(wordcoef *C, slong n)
{
    memset(C, 0, sizeof *C);
    C->n = n;
    slong n1 = n + 1;
    C->Wt = _fmpz_vec_init(n1 * n1);
    C->Bk = _fmpz_vec_init(n1 * n1);
    C->binom = _fmpz_vec_init(n1 * n1);
    for (slong i = 0; i <= n; i++)
        for (slong j = 0; j <= i; j++) fmpz_bin_uiui(C->binom + i * n1 + j, (ulong)i, (ulong)j);
    fmpz_t L;
    fmpz_init(L);
    lcm_upto(L, (ulong)n);
    C->Ldiv = _fmpz_vec_init(n1);
    for (slong k = 1; k <= n; k++) fmpz_divexact_ui(C->Ldiv + k, L, (ulong)k);
    fmpz_clear(L);
}

static void wordcoef_clear(wordcoef *C)
{
    slong n1 = C->n + 1;
    _fmpz_vec_clear(C->Wt, n1 * n1);
    _fmpz_vec_clear(C->Bk, n1 * n1);
    _fmpz_vec_clear(C->binom, n1 * n1);
    _fmpz_vec_clear(C->Ldiv, n1);
    states_clear(&C->s1);
    states_clear(&C->s2);
    lt_free(C->w128); lt_free(C->b128); lt_free(C->sh); lt_free(C->sh2);
    lt_free(C->st); lt_free(C->se); lt_free(C->st2); lt_free(C->se2);
    lt_free(C->binom64);
    lt_free(C->ldiv64);
    lt_free(C->prev);
    lt_free(C->dead);
    lt_free(C->kmin);
    lt_free(C->bbits);
    lt_free(C->xs);
}

/* The scratch of word_coefficient_128 for m factors (n <= 62). */
static void wordcoef_init_128(wordcoef *C, slong m)
{
    slong n = C->n, n1 = n + 1, ns = m * (n + 1) + 1;
    C->w128 = lt_calloc((size_t)(n1 * n1), sizeof(__int128));
    C->b128 = lt_calloc((size_t)(n1 * n1), sizeof(__int128));
    C->sh = lt_malloc((size_t)ns * sizeof(__int128));
    C->sh2 = lt_malloc((size_t)ns * sizeof(__int128));
    C->st = lt_malloc((size_t)ns * sizeof(slong));
    C->se = lt_malloc((size_t)ns * sizeof(slong));
    C->st2 = lt_malloc((size_t)ns * sizeof(slong));
    C->se2 = lt_malloc((size_t)ns * sizeof(slong));
    C->binom64 = lt_malloc((size_t)(n1 * n1) * sizeof(int64_t));
    for (slong i = 0; i <= n; i++)
        for (slong j = 0; j <= i; j++) C->binom64[i * n1 + j] = (int64_t)fmpz_get_si(C->binom + i * n1 + j);
    if (fmpz_bits(C->Ldiv + 1) <= 62) {
        C->ldiv64 = lt_malloc((size_t)n1 * sizeof(int64_t));
        for (slong k = 1; k <= n; k++) C->ldiv64[k] = (int64_t)fmpz_get_si(C->Ldiv + k);
    }
    C->prev = lt_malloc((size_t)n1);
    C->dead = lt_malloc((size_t)n1);
    C->kmin = lt_malloc((size_t)n1);
    C->bbits = lt_malloc((size_t)n1);
    C->xs = lt_malloc((size_t)n1 * sizeof(__int128));
    C->valid = 0;
    C->logn = 0;
    while ((1 << C->logn) <= n) C->logn++;
    /* B_0(0) = 1 */
    C->b128[0] = 1;
    C->kmin[0] = 0;
    C->bbits[0] = 1;
}

static void word_coefficient(fmpz_t S, wordcoef *C, const unsigned char *v, const factors *F)
{
    slong n = C->n, n1 = n + 1;
    piece_weights(C->Wt, v, n, F, &C->s1, &C->s2);
    fmpz *B = C->Bk;   /* B[k*n1 + i] */
    _fmpz_vec_zero(B, n1 * n1);
    fmpz_one(B);
    fmpz_t x;
    fmpz_init(x);
    for (slong i = 1; i <= n; i++)
        for (slong j = 0; j < i; j++) {
            const fmpz *w = C->Wt + j * n1 + i;
            if (fmpz_is_zero(w)) continue;
            fmpz_mul(x, w, C->binom + i * n1 + j);
            /* B_k(j) is zero for k > j */
            for (slong k = (j == 0 ? 1 : 2); k <= j + 1; k++)
                if (!fmpz_is_zero(B + (k - 1) * n1 + j)) fmpz_addmul(B + k * n1 + i, B + (k - 1) * n1 + j, x);
        }
    fmpz_zero(S);
    for (slong k = 1; k <= n; k++) {
        if (k & 1) fmpz_addmul(S, C->Ldiv + k, B + k * n1 + n);
        else fmpz_submul(S, C->Ldiv + k, B + k * n1 + n);
    }
    fmpz_clear(x);
}


/* word_coefficient in 128-bit integers: 0 when an intermediate value does
   not fit, else 1 with the coefficient in *S128, or 2 with it in S (the
   final sum did not fit in 128 bits). The factors' p_s must fit in 64
   bits (F->small). The tables are those of the previous word (C->prev) up
   to the position where the two differ: the words of a class come in
   lexicographic order, and most of a word's tables are its predecessor's. */
typedef __int128 wc_i128;

static int word_coefficient_128(wc_i128 *S128, fmpz_t S, wordcoef *C, const unsigned char *v, const factors *F,
                                const int64_t *p)
{
    slong n = C->n, n1 = n + 1, m = F->m;
    wc_i128 *Wt = C->w128, *B = C->b128;
    /* the columns i <= P are the previous word's */
    int P = 0;
    while (P < C->valid && P < n && C->prev[P] == v[P]) P++;
    C->valid = 0;
    memcpy(C->prev, v, (size_t)n);
    /* piece weights: the states (t, e, h) of the reading automaton, for the
       starts j whose reading goes past P */
    slong *st = C->st, *se = C->se, *st2 = C->st2, *se2 = C->se2;
    wc_i128 *sh = C->sh, *sh2 = C->sh2, x;
    for (slong j = 0; j < n; j++) {
        if (j < P && C->dead[j] < P) continue;
        slong ns = 0;
        C->dead[j] = (unsigned char)n;
        for (slong i = j; i < n; i++) {
            int lam = v[i];
            wc_i128 len1 = (wc_i128)(i - j + 1);
            slong ns2 = 0;
            #define WC_ADD(T, E, H) do {                                             \
                slong a_;                                                            \
                for (a_ = 0; a_ < ns2; a_++) if (st2[a_] == (T) && se2[a_] == (E)) break; \
                if (a_ == ns2) { st2[ns2] = (T); se2[ns2] = (E); sh2[ns2++] = (H); } \
                else if (__builtin_add_overflow(sh2[a_], (H), sh2 + a_)) return 0;   \
            } while (0)
            if (i == j) {
                for (slong q = 0; q < m; q++)
                    if (F->l[q] == lam && p[q]) WC_ADD(q, 1, (wc_i128)p[q]);
            } else {
                for (slong a = 0; a < ns; a++) {
                    slong t = st[a], e = se[a];
                    if (F->l[t] == lam) {
                        if (__builtin_mul_overflow(sh[a], (wc_i128)p[t], &x) || __builtin_mul_overflow(x, len1, &x)) return 0;
                        /* exact; 64-bit division when it fits (__divti3 is slow) */
                        if (x == (int64_t)x) x = (int64_t)x / (int64_t)(e + 1);
                        else x /= (wc_i128)(e + 1);
                        WC_ADD(t, e + 1, x);
                    }
                    for (slong q = t + 1; q < m; q++)
                        if (F->l[q] == lam && p[q]) {
                            if (__builtin_mul_overflow(sh[a], (wc_i128)p[q], &x) || __builtin_mul_overflow(x, len1, &x)) return 0;
                            WC_ADD(q, 1, x);
                        }
                }
            }
            #undef WC_ADD
            wc_i128 w = 0;
            slong k = 0;
            for (slong a = 0; a < ns2; a++) {
                if (!sh2[a]) continue;
                if (__builtin_add_overflow(w, sh2[a], &w)) return 0;
                st[k] = st2[a]; se[k] = se2[a]; sh[k] = sh2[a];
                k++;
            }
            ns = k;
            Wt[j * n1 + i + 1] = w;
            if (!ns) {
                for (slong i2 = i + 1; i2 < n; i2++) Wt[j * n1 + i2 + 1] = 0;
                C->dead[j] = (unsigned char)i;
                break;
            }
        }
    }
    /* B_k(i) = sum_j B_{k-1}(j) binom(i, j) Wt(j, i) at B[i n1 + k], for
       the columns i > P. B_k(j) is 0 but for kmin[j] <= k <= j, and below
       2^bbits[j]: a column whose terms are all below 2^(126 - logn) needs
       no overflow checks (it sums at most n of them). */
    memset(B + (P + 1) * n1, 0, (size_t)((n - P) * n1) * sizeof(wc_i128));
    wc_i128 *xs = C->xs;
    for (slong i = P + 1; i <= n; i++) {
        wc_i128 *Bi = B + i * n1;
        int checked = 0;
        for (slong j = 0; j < i; j++) {
            xs[j] = Wt[j * n1 + i];
            if (!xs[j]) continue;
            if (__builtin_mul_overflow(xs[j], (wc_i128)C->binom64[i * n1 + j], xs + j)) return 0;
            if (C->bbits[j] + i128_bits(xs[j]) + C->logn > 126) checked = 1;
        }
        for (slong j = 0; j < i; j++) {
            if (!xs[j]) continue;
            const wc_i128 *Bj = B + j * n1;
            x = xs[j];
            if (!checked)
                for (slong k = C->kmin[j]; k <= j; k++) Bi[k + 1] += Bj[k] * x;
            else
                for (slong k = C->kmin[j]; k <= j; k++) {
                    wc_i128 y;
                    if (__builtin_mul_overflow(Bj[k], x, &y) || __builtin_add_overflow(Bi[k + 1], y, Bi + k + 1)) return 0;
                }
        }
        int kb = 0;
        C->kmin[i] = (unsigned char)n1;
        for (slong k = n; k >= 1; k--)
            if (Bi[k]) {
                int b = i128_bits(Bi[k]);
                C->kmin[i] = (unsigned char)k;
                if (b > kb) kb = b;
            }
        C->bbits[i] = (unsigned char)kb;
    }
    C->valid = (int)n;
    /* S = sum_k (-1)^(k+1) (L/k) B_k(n) */
    if (C->ldiv64) {
        wc_i128 s = 0, y;
        slong k;
        for (k = 1; k <= n; k++) {
            if (__builtin_mul_overflow(B[n * n1 + k], (wc_i128)C->ldiv64[k], &y)) break;
            if (k & 1 ? __builtin_add_overflow(s, y, &s) : __builtin_sub_overflow(s, y, &s)) break;
        }
        if (k > n) {
            *S128 = s;
            return 1;
        }
    }
    fmpz_t y;
    fmpz_init(y);
    fmpz_zero(S);
    for (slong k = 1; k <= n; k++) {
        unsigned __int128 u = (unsigned __int128)B[n * n1 + k];
        fmpz_set_signed_uiui(y, (ulong)(u >> 64), (ulong)u);
        if (k & 1) fmpz_addmul(S, C->Ldiv + k, y);
        else fmpz_submul(S, C->Ldiv + k, y);
    }
    fmpz_clear(y);
    return 2;
}

/* ------------------------------------------------------------------------
   The fast path (the BCH series, and Magnus series of words on any number
   of letters).

   Step 2 is organised as a triangular solve per finely homogeneous class
   (one multidegree: on 2 letters degree n and o letters Y; on r letters
   the count of each letter) instead of through the expansions of
   the brackets: with u_1 < u_2 < ... the Lyndon words of the class and c_j
   the coefficient of the word u_j in Z,
      c_j = sum_{i <= j} z_i <P_{u_i}, u_j>,   <P_{u_j}, u_j> = 1,
   so going through the rows in order, z_j is c_j less the earlier columns.
   The entries of row j come from one pass over a straight-line program
   shared by all columns: its nodes are pairs (Lyndon word x, position p),
   with value <P_x, u_j[p, p + |x|)>, and a node x = ab satisfies
      (x, p) = (a, p)(b, p + |a|) - (b, p)(a, p + |b|),
   with the letters at the leaves. Two facts keep it small: nodes are shared
   between columns (a hash of the pairs), and a column u = X^k v (v not
   starting with the bracket [X, .], X the letter 0) needs only the node
   (v, k): for a word w not ending in X (no Lyndon word of degree >= 2
   does, nor any of its suffixes), <[X, P_c], w> = [w_0 = X] <P_c, w_1...>, so
   <P_u, u_j> = [u_j starts with X^k] <P_v, u_j[k, n)>.
   This is the organisation of H. Hofstaetter's bch program (github.com/
   HaraldHofstaetter/BCH, user manual: finely homogeneous components
   computed independently and in parallel, the matrix of Lyndon words in
   Lyndon basis elements by a new algorithm); the code is our own. Classes
   are shared out among threads; each runs in 128-bit integers with
   overflow checks and falls back to FLINT integers if they do not suffice.
   The program runs on 16 rows at once (a node's values fill a 64-byte
   line, one vector of AVX-512); the value of a column's node (v, k) is
   formed from the nodes of v's standard factors when the rows read it
   and is not kept, so that a batch of rows reads the columns from the
   first-level cache (lp_cols32), and the program holds 40% fewer nodes.

   The plain BCH series is obtained from the symmetric one,
   W = log(e^{X/2} e^Y e^{X/2}), which has no terms of even degree: since
   e^X e^Y = e^{X/2} e^W e^{-X/2}, Z = exp(ad_{X/2}) W, and for a Lyndon word
   l other than X, [X, P_l] = P_{Xl} (the longest proper Lyndon suffix of Xl
   is l), so Z_n = sum_k 2^-k / k! P_{X^k l} over the terms w_l P_l of W of
   degree n - k (E. Eriksen, J. Math. Phys. 9 (1968) 790, uses the same
   symmetry for the even terms). */
#include <pthread.h>
#include <unistd.h>
#include <stdlib.h>

/* The straight-line program of one class. Nodes 0..rn-1 are the leaves
   (letter c at position p: node c*n + p), rn and rn + 1 the constants 1
   and 0; node k >= nleaf has the value v[a[k]] v[b[k]] - v[c[k]] v[d[k]]. */
typedef struct {
    int n, nleaf;           /* degree; r n leaves and the constants 1 (node r n) and 0 (r n + 1) */
    slong len, cap;
    int32_t *a, *b, *c, *d;
    uint64_t *key;          /* key[k]: (x + 1) << 6 | p of node nleaf + k */
    int32_t *slot;          /* the hash of the keys: k + 1 for node nleaf + k, 0 = empty */
    slong hcap;             /* slots, a power of 2, at least twice the nodes */
    /* after lp_prog_group: the nodes by the least k of the columns X^k v
       that need them (m) and the end p + |x| of their window (e), nodes
       gstart[64 m + e] .. gstart[64 m + e + 1] - 1, each group in the
       order of creation (orig: the creation number) */
    int32_t *orig;
    int32_t *gstart;        /* 64 * 64 + 1 */
} lp_prog;

static void lp_prog_clear(lp_prog *G)
{
    lt_free(G->a); lt_free(G->b); lt_free(G->c); lt_free(G->d);
    lt_free(G->key); lt_free(G->slot); lt_free(G->orig); lt_free(G->gstart);
}

/* Groups the nodes by the least k of the columns (column i the value
   v[a] v[b] - v[c] v[d] of its nodes rf[4 i .. 4 i + 3], k kk[i]) that
   reach them and by the end of their window: a row starting
   with only L letters X needs the groups k <= L alone (the columns X^k v
   with k > L are 0 there), and rows that agree up to position P give the
   same values to the nodes whose window ends by P. A node's children are
   in its group or an earlier one (k and end no larger), so the groups run
   in order. rf is renumbered; the keys are used and released. */
static void lp_prog_group(lp_prog *G, const lt_lyndon_t B, int32_t *rf, const unsigned char *kk, slong s)
{
    slong len = G->len;
    int32_t nl = G->nleaf;
    unsigned char *m = lt_malloc((size_t)len + 1);
    memset(m, 63, (size_t)len + 1);
    for (slong i = 0; i < 4 * s; i++)
        if (rf[i] >= nl && kk[i / 4] < m[rf[i] - nl]) m[rf[i] - nl] = kk[i / 4];
    for (slong k = len - 1; k >= 0; k--) {
        int32_t ch[4] = {G->a[k], G->b[k], G->c[k], G->d[k]};
        for (int t = 0; t < 4; t++)
            if (ch[t] >= nl && m[k] < m[ch[t] - nl]) m[ch[t] - nl] = m[k];
    }
    /* the group of node k: 64 m + the end of its window, in m */
    for (slong k = 0; k < len; k++) {
        uint64_t key = G->key[k];
        int e = (int)(key & 63) + lt_lyndon_degree(B, (slong)(key >> 6) - 1);
        G->key[k] = (uint64_t)(64 * m[k] + e);
    }
    G->gstart = lt_calloc(64 * 64 + 2, sizeof(int32_t));
    for (slong k = 0; k < len; k++) G->gstart[G->key[k] + 1]++;
    for (int g = 0; g < 64 * 64; g++) G->gstart[g + 1] += G->gstart[g];
    int32_t *fill = lt_malloc(64 * 64 * sizeof(int32_t)), *pos = lt_malloc((size_t)(len + 1) * sizeof(int32_t));
    memcpy(fill, G->gstart, 64 * 64 * sizeof(int32_t));
    G->orig = lt_malloc((size_t)(len + 1) * sizeof(int32_t));
    for (slong k = 0; k < len; k++) {
        pos[k] = fill[G->key[k]]++;
        G->orig[pos[k]] = (int32_t)k;
    }
    lt_free(fill);
    lt_free(m);
    lt_free(G->key);
    G->key = NULL;
    int32_t *tmp = lt_malloc((size_t)(len + 1) * sizeof(int32_t));
    int32_t **arr[4] = {&G->a, &G->b, &G->c, &G->d};
    for (int t = 0; t < 4; t++) {
        int32_t *x = *arr[t];
        for (slong k = 0; k < len; k++) tmp[pos[k]] = x[k] >= nl ? nl + pos[x[k] - nl] : x[k];
        *arr[t] = tmp;
        tmp = x;
    }
    lt_free(tmp);
    for (slong i = 0; i < 4 * s; i++)
        if (rf[i] >= nl) rf[i] = nl + pos[rf[i] - nl];
    lt_free(pos);
}

static inline slong lp_hash(uint64_t key, slong hcap)
{
    return (slong)(((key * UINT64_C(0x9E3779B97F4A7C15)) >> 20) & (uint64_t)(hcap - 1));
}

/* twice the slots, from the nodes' keys (the old slots go first: only
   the new ones are ever held) */
static void lp_hash_grow(lp_prog *G)
{
    lt_free(G->slot);
    G->hcap = G->hcap ? 2 * G->hcap : 1024;
    G->slot = lt_calloc((size_t)G->hcap, sizeof(int32_t));
    for (slong k = 0; k < G->len; k++) {
        slong j = lp_hash(G->key[k], G->hcap);
        while (G->slot[j]) j = (j + 1) & (G->hcap - 1);
        G->slot[j] = (int32_t)(k + 1);
    }
}

/* The node (x, p). */
static int32_t lp_node(lp_prog *G, const lt_lyndon_t B, slong x, int p)
{
    if (lt_lyndon_degree(B, x) == 1) return (int32_t)(x * G->n + p);   /* the letters are 0..r-1 */
    if (2 * (G->len + 1) > G->hcap) lp_hash_grow(G);
    uint64_t key = ((uint64_t)(x + 1) << 6) | (uint64_t)p;
    slong j = lp_hash(key, G->hcap);
    while (G->slot[j]) {
        slong k = G->slot[j] - 1;
        if (G->key[k] == key) return (int32_t)(G->nleaf + k);
        j = (j + 1) & (G->hcap - 1);
    }
    slong l = B->left[x], r = B->right[x];
    int dl = lt_lyndon_degree(B, l), dr = lt_lyndon_degree(B, r);
    int32_t na = lp_node(G, B, l, p), nb = lp_node(G, B, r, p + dl);
    int32_t nc = lp_node(G, B, r, p), nd = lp_node(G, B, l, p + dr);
    if (G->len == G->cap) {
        G->cap = 2 * G->cap + 64;
        G->a = lt_realloc(G->a, (size_t)G->cap * sizeof(int32_t));
        G->b = lt_realloc(G->b, (size_t)G->cap * sizeof(int32_t));
        G->c = lt_realloc(G->c, (size_t)G->cap * sizeof(int32_t));
        G->d = lt_realloc(G->d, (size_t)G->cap * sizeof(int32_t));
        G->key = lt_realloc(G->key, (size_t)G->cap * sizeof(uint64_t));
    }
    G->a[G->len] = na; G->b[G->len] = nb; G->c[G->len] = nc; G->d[G->len] = nd;
    G->key[G->len] = key;
    slong k = G->len++;
    /* the recursion may have regrown the table */
    j = lp_hash(key, G->hcap);
    while (G->slot[j]) j = (j + 1) & (G->hcap - 1);
    G->slot[j] = (int32_t)(k + 1);
    return (int32_t)(G->nleaf + k);
}

/* Runs the program on LP_ROWS words at once, up to node stop (inclusive):
   v[node * LP_ROWS + r] for word w[r]. Values are below 2^(n-1) and
   products of two below 2^(n-2), so 32 bits suffice for n <= 31; the
   loop over the rows is written to be vectorised. */
#define LP_ROWS 16

/* o[r] = v[x] v[y] - v[z] v[w] on the LP_ROWS rows r (written to be vectorised) */
#define LP_VALUES(T, o, v, x, y, z, w) do {                                      \
        const T *va_ = (v) + (x) * LP_ROWS, *vb_ = (v) + (y) * LP_ROWS;          \
        const T *vc_ = (v) + (z) * LP_ROWS, *vd_ = (v) + (w) * LP_ROWS;          \
        for (int r_ = 0; r_ < LP_ROWS; r_++) (o)[r_] = va_[r_] * vb_[r_] - vc_[r_] * vd_[r_]; \
    } while (0)
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && !defined(__SANITIZE_ADDRESS__)
#define LP_CLONES __attribute__((target_clones("avx512f", "avx2", "default")))
#else
#define LP_CLONES
#endif

#define LP_RUN(name, T)                                                          \
    LP_CLONES static void name(const lp_prog *G, T *v, int32_t from, int32_t to) \
    {                                                                            \
        T *out = v + G->nleaf * LP_ROWS;                                         \
        for (int32_t k = from; k < to; k++)                                      \
            LP_VALUES(T, out + k * LP_ROWS, v, G->a[k], G->b[k], G->c[k], G->d[k]); \
    }
LP_RUN(lp_run32, int32_t)
LP_RUN(lp_run64, int64_t)

/* The values of the columns cols[0..cnt) (column i: v[a] v[b] - v[c] v[d]
   of the nodes rf[4 i ..]) into out, LP_ROWS each: they are not nodes of
   the program (nothing else reads them), so they take no place in v. */
#define LP_COLS(name, T)                                                         \
    LP_CLONES static void name(const int32_t *rf, const slong *cols, int cnt, const T *v, T *out) \
    {                                                                            \
        for (int q = 0; q < cnt; q++) {                                          \
            const int32_t *f = rf + 4 * cols[q];                                 \
            LP_VALUES(T, out + q * LP_ROWS, v, f[0], f[1], f[2], f[3]);          \
        }                                                                        \
    }
LP_COLS(lp_cols32, int32_t)
LP_COLS(lp_cols64, int64_t)
/* columns evaluated at a time (their values stay in the first-level cache) */
#define LP_CHUNK 64

typedef struct {
    int n, o;               /* degree; letters 1 (r = 2) */
    slong s, start;         /* Lyndon words, from cidx + start */
    const int *deg;         /* the multidegree: deg[c] letters c */
    double work;
} lp_job;

typedef struct {
    const lt_lyndon_struct *B;
    const factors *F;
    int64_t *p64;           /* the p_s of F when they fit in 64 bits, else NULL */
    fmpq *c;                /* the coefficients go to c, or (c NULL) to S */
    lt_bchw_struct *S;
    int32_t *cidx;          /* the basis sorted by class */
    int *mdeg;              /* r ints per class */
    lp_job *jobs;
    slong njobs;
    slong next;             /* the next job to take (under lock) */
    double done, total;     /* work done (under lock) */
    pthread_mutex_t lock;
    const lt_ctx_struct *ctx;
} lp_pool;

typedef __int128 lp_i128;

static int fmpz_get_i128(lp_i128 *out, const fmpz_t x)
{
    if (fmpz_bits(x) > 126) return 0;
    ulong hi, lo;
    fmpz_get_signed_uiui(&hi, &lo, x);
    *out = (lp_i128)(((unsigned __int128)hi << 64) | lo);
    return 1;
}

static void fmpz_set_i128(fmpz_t x, lp_i128 v)
{
    unsigned __int128 u = (unsigned __int128)v;
    fmpz_set_signed_uiui(x, (ulong)(u >> 64), (ulong)u);
}

static void lp_report(lp_pool *Q, double add, int main_thread)
{
    pthread_mutex_lock(&Q->lock);
    Q->done += add;
    double d = Q->done, t = Q->total;
    pthread_mutex_unlock(&Q->lock);
    if (main_thread && Q->ctx->progress) Q->ctx->progress(Q->ctx->progress_arg, "Lyndon coordinates", d, t);
}

/* The solve of one class, rows in order; in 128-bit integers (c128, returns
   0 on overflow) or, with c128 NULL, in FLINT integers (cz). */
typedef struct {
    const lt_lyndon_struct *B;
    const int32_t *idx;
    slong s;
    const lp_prog *G;
    const int32_t *rf, *stop;       /* rf: the columns' nodes (lp_prog_group); stop[j]: the
                                       largest node they need before column j */
    const unsigned char *lead, *k;  /* leading X's of u_j; k of column i */
    void *v;                        /* LP_ROWS values per node, 32 or 64 bits */
    slong *active;                  /* the columns with a non-zero coefficient so far, */
    const slong *astart;            /* those of k = 0, 1, ... from active + astart[k] */
} lp_solve;

/* The rows r (bit r) where the LP_ROWS values e[r] are not 0. */
static inline unsigned lp_nonzero32(const int32_t *e)
{
#ifdef __SSE2__
    __m128i z = _mm_setzero_si128();
    unsigned m = 0;
    for (int q = 0; q < LP_ROWS / 4; q++) {
        __m128i x = _mm_cmpeq_epi32(_mm_loadu_si128((const __m128i *)(e + 4 * q)), z);
        m |= (unsigned)_mm_movemask_ps(_mm_castsi128_ps(x)) << (4 * q);
    }
    return ~m & ((1u << LP_ROWS) - 1);
#else
    unsigned m = 0;
    for (int r = 0; r < LP_ROWS; r++) m |= (unsigned)(e[r] != 0) << r;
    return m;
#endif
}

/* c_j -= c_i e: in 128 bits (0 on overflow) or, with c128 NULL, in cz */
static inline int lp_sub(lp_i128 *c128, fmpz *cz, slong j, slong i, int64_t e)
{
    if (!c128) {
        fmpz_submul_si(cz + j, cz + i, (slong)e);
        return 1;
    }
    lp_i128 x;
    return !__builtin_mul_overflow(c128[i], (lp_i128)e, &x) && !__builtin_sub_overflow(c128[j], x, c128 + j);
}


static int lp_solve_rows(lp_pool *Q, const lp_solve *S, lp_i128 *c128, fmpz *cz, int main_thread)
{
    double since = 0;
    const int n = S->G->n, nl = (S->G->nleaf - 2) / n, small = n <= 31;
    int32_t *const v32 = S->v;
    int64_t *const v64 = S->v;
    const int32_t *const rf = S->rf;
    const slong *const astart = S->astart;
    slong *const active = S->active;
    const unsigned char *const lead = S->lead;
    slong nact[64] = {0};
    /* the values of LP_CHUNK columns (64-byte aligned), then those of the
       batch's own columns */
    int64_t colbuf[(LP_CHUNK + LP_ROWS) * LP_ROWS + 8];
    int32_t *const c32 = (int32_t *)(colbuf + (8 - (uintptr_t)colbuf % 64 / 8) % 8);
    int64_t *const c64 = colbuf + (8 - (uintptr_t)colbuf % 64 / 8) % 8;
    /* 128 bits without overflow checks while no sum can overflow: the
       values of the program are below 2^(n-1) (32 bits), the initial c
       below 2^125, and a row takes at most s terms, each below
       2^(cbits + n - 1) with cbits the bits of the largest c found so
       far (their sum below 2^125 too) */
    int cbits = 0, logs = 0, unchecked = 0;
    while (((slong)1 << logs) < S->s) logs++;
    int32_t prev = -1;          /* the last node created before the previous batch's stop */
    unsigned char wprev[256];   /* the previous batch's first row */
    if (c128 && small) {
        int ib = 0;
        for (slong j = 0; j < S->s; j++) { int b = i128_bits(c128[j]); if (b > ib) ib = b; }
        unchecked = ib <= 125;
    }
    /* the constants 1 and 0 */
    for (int r = 0; r < LP_ROWS; r++) {
        if (small) { v32[nl * n * LP_ROWS + r] = 1; v32[(nl * n + 1) * LP_ROWS + r] = 0; }
        else { v64[nl * n * LP_ROWS + r] = 1; v64[(nl * n + 1) * LP_ROWS + r] = 0; }
    }
    for (slong j0 = 0; j0 < S->s; j0 += LP_ROWS) {
        slong j1 = j0 + LP_ROWS < S->s ? j0 + LP_ROWS : S->s;
        /* the leaves, then the program, for rows j0 .. j1-1 */
        for (slong j = j0; j < j0 + LP_ROWS; j++) {
            unsigned char w[256];
            lt_lyndon_word(S->B, S->idx[j < j1 ? j : j1 - 1], w);
            int r = (int)(j - j0);
            for (int p = 0; p < n; p++)
                for (int l = 0; l < nl; l++) {
                    if (small) v32[(l * n + p) * LP_ROWS + r] = w[p] == l;
                    else v64[(l * n + p) * LP_ROWS + r] = w[p] == l;
                }
        }
        /* the nodes created up to stop, of the groups k <= the batch's
           leading X's (which do not increase from row to row: the rows are
           in lexicographic order), less those whose window ends within
           the prefix P that the previous batch's rows share with these
           and that were computed then */
        int maxlead = 0;
        for (slong j = j0; j < j1; j++) if (lead[j] > maxlead) maxlead = lead[j];
        int32_t last = S->stop[j1 - 1] - S->G->nleaf;
        int P = 0;
        unsigned char wl[256];
        lt_lyndon_word(S->B, S->idx[j1 - 1], wl);
        if (j0 > 0) while (P < n && wprev[P] == wl[P]) P++;
        const int32_t *o = S->G->orig;
        for (int g = 0; g <= maxlead && g < 64; g++)
            for (int e = 1; e <= n; e++) {
                int32_t lo = S->G->gstart[64 * g + e], hi = S->G->gstart[64 * g + e + 1];
                if (lo == hi) continue;
                int32_t from = lo, h2 = hi;
                if (e <= P) {
                    /* after the previous batch's last */
                    while (from < h2) {
                        int32_t mid = from + (h2 - from) / 2;
                        if (o[mid] <= prev) from = mid + 1; else h2 = mid;
                    }
                    lo = from;
                }
                while (lo < hi) {
                    int32_t mid = lo + (hi - lo) / 2;
                    if (o[mid] <= last) lo = mid + 1; else hi = mid;
                }
                if (from >= lo) continue;
                if (small) lp_run32(S->G, v32, from, lo);
                else lp_run64(S->G, v64, from, lo);
                since += (double)(lo - from) * LP_ROWS;
            }
        prev = last;
        lt_lyndon_word(S->B, S->idx[j0], wprev);
        /* the columns found before this batch, for all its rows at once,
           LP_CHUNK at a time (a column's LP_ROWS values are adjacent: one
           test finds those that are zero in every row, most of them), then,
           row by row, the columns of the batch itself; the columns X^k v
           count only for rows u_j starting with X^k (k <= lead) */
        slong before[64];
        for (int k = 0; k < 64; k++) before[k] = nact[k];
        int fast = unchecked && cbits + (n - 1) + logs + 1 <= 125;
        for (int k = 0; k <= maxlead; k++) {
            unsigned km = 0;
            for (slong j = j0; j < j1; j++) if (lead[j] >= k) km |= 1u << (j - j0);
            for (slong t0 = astart[k]; t0 < astart[k] + before[k]; t0 += LP_CHUNK) {
                int cnt = (int)(astart[k] + before[k] - t0 < LP_CHUNK ? astart[k] + before[k] - t0 : LP_CHUNK);
                if (small) lp_cols32(rf, active + t0, cnt, v32, c32);
                else lp_cols64(rf, active + t0, cnt, v64, c64);
                for (int q = 0; q < cnt; q++) {
                    slong i = active[t0 + q];
                    unsigned m = 0;
                    if (small) {
                        const int32_t *e = c32 + q * LP_ROWS;
                        m = lp_nonzero32(e) & km;
                        if (!m) continue;
                        if (fast) {
                            lp_i128 ci = c128[i];
                            int64_t c64 = (int64_t)ci;
                            if (ci == c64)      /* one 64 x 64-bit product */
                                do {
                                    int r = __builtin_ctz(m);
                                    m &= m - 1;
                                    c128[j0 + r] -= (lp_i128)c64 * e[r];
                                } while (m);
                            else
                                do {
                                    int r = __builtin_ctz(m);
                                    m &= m - 1;
                                    c128[j0 + r] -= ci * e[r];
                                } while (m);
                            continue;
                        }
                    } else {
                        const int64_t *e = c64 + q * LP_ROWS;
                        for (int r = 0; r < LP_ROWS; r++) m |= (unsigned)(e[r] != 0) << r;
                        m &= km;
                    }
                    while (m) {
                        int r = __builtin_ctz(m);
                        m &= m - 1;
                        int64_t e = small ? c32[q * LP_ROWS + r] : c64[q * LP_ROWS + r];
                        if (!lp_sub(c128, cz, j0 + r, i, e)) return 0;
                    }
                }
            }
        }
        /* the batch's own columns: values at LP_CHUNK + (i - j0) */
        for (slong j = j0; j < j1; j++) {
            int r = (int)(j - j0), ld = lead[j];
            for (int k = 0; k <= ld; k++)
                for (slong t = astart[k] + before[k]; t < astart[k] + nact[k]; t++) {
                    slong i = active[t], at = (LP_CHUNK + i - j0) * LP_ROWS + r;
                    int64_t e = small ? c32[at] : c64[at];
                    if (e && !lp_sub(c128, cz, j, i, e)) return 0;
                }
            if (c128 ? c128[j] != 0 : !fmpz_is_zero(cz + j)) {
                int k = S->k[j];
                active[astart[k] + nact[k]++] = j;
                /* its values in the batch's later rows (its nodes are computed) */
                if (j + 1 < j1 && small) lp_cols32(rf, &j, 1, v32, c32 + (LP_CHUNK + r) * LP_ROWS);
                else if (j + 1 < j1) lp_cols64(rf, &j, 1, v64, c64 + (LP_CHUNK + r) * LP_ROWS);
                if (c128) { int b = i128_bits(c128[j]); if (b > cbits) cbits = b; }
            }
            since += (double)j;
        }
        if (since > 4e6) { lp_report(Q, since, main_thread); since = 0; }
    }
    lp_report(Q, since, main_thread);
    return 1;
}

static void bchw_store(lt_bchw_struct *S, int n, int o, const int32_t *idx, slong s, fmpz *R, const lp_i128 *c128,
                       fmpz_t D, pthread_mutex_t *lock);

/* The word coefficients of the class (step 1): into c128 (R NULL; 0 when
   one needs more than 126 bits) or into R. */
static int lp_coefficients(lp_pool *Q, const int32_t *idx, slong s, int n, lp_i128 *c128, fmpz *R)
{
    wordcoef C;
    wordcoef_init(&C, n);
    if (Q->p64) wordcoef_init_128(&C, Q->F->m);
    unsigned char w[256];
    fmpz_t x;
    fmpz_init(x);
    int ok = 1;
    for (slong i = 0; i < s && ok; i++) {
        fmpz *t = R ? R + i : x;
        lp_i128 y;
        lt_lyndon_word(Q->B, idx[i], w);
        int got = Q->p64 ? word_coefficient_128(&y, t, &C, w, Q->F, Q->p64) : 0;
        if (!got) word_coefficient(t, &C, w, Q->F);
        if (got == 1 && R) fmpz_set_i128(t, y);
        else if (got == 1) { c128[i] = y; ok = i128_bits(y) <= 126; }
        else if (!R) ok = fmpz_get_i128(c128 + i, x);
    }
    fmpz_clear(x);
    wordcoef_clear(&C);
    return ok;
}

static void lp_run_job(lp_pool *Q, const lp_job *J, int main_thread)
{
    const lt_lyndon_struct *B = Q->B;
    int n = J->n;
    slong s = J->s;
    const int32_t *idx = Q->cidx + J->start;
    fmpz_t D, g, x;
    fmpz_init(D); fmpz_init(g); fmpz_init(x);
    /* D = n! q^n lcm(1..n), then divided by the content of the class */
    fmpz_fac_ui(D, (ulong)n);
    fmpz_pow_ui(g, Q->F->q, (ulong)n);
    fmpz_mul(D, D, g);
    lcm_upto(g, (ulong)n);
    fmpz_mul(D, D, g);
    /* the coefficients in 128 bits (16 bytes a word, no allocation each)
       while they fit, else FLINT integers */
    fmpz *R = NULL;
    lp_i128 *c = lt_malloc((size_t)(s + 1) * sizeof(lp_i128));
    int in128 = lp_coefficients(Q, idx, s, n, c, NULL);
    if (!in128) {
        R = _fmpz_vec_init(s);
        lp_coefficients(Q, idx, s, n, NULL, R);
    }
    fmpz_set(g, D);
    for (slong i = 0; i < s && !fmpz_is_one(g); i++) {
        if (R) fmpz_gcd(g, g, R + i);
        else { fmpz_set_i128(x, c[i]); fmpz_gcd(g, g, x); }
    }
    if (!fmpz_is_one(g)) {
        fmpz_divexact(D, D, g);
        if (R) for (slong i = 0; i < s; i++) fmpz_divexact(R + i, R + i, g);
        else {
            lp_i128 gi = 1;
            fmpz_get_i128(&gi, g);   /* it divides the c, so it fits */
            for (slong i = 0; i < s; i++) c[i] /= gi;
        }
    }
    lp_report(Q, (double)s * n * n, main_thread);
    if (s >= 1) {
        /* the program: column i = X^k v is the value of (v, k), from the
           nodes of its factors (a letter v: the leaf times the constant 1) */
        lp_prog G;
        memset(&G, 0, sizeof G);
        G.n = n;
        G.nleaf = B->r * n + 2;
        int32_t *rf = lt_malloc((size_t)(4 * s) * sizeof(int32_t)), *stop = lt_malloc((size_t)s * sizeof(int32_t));
        unsigned char *lead = lt_malloc((size_t)s), *kk = lt_malloc((size_t)s);
        int32_t top = G.nleaf - 1;
        unsigned char w[256];
        for (slong i = 0; i < s; i++) {
            slong u = idx[i];
            int k = 0;
            while (lt_lyndon_degree(B, u) > 1 && B->left[u] == 0) { u = B->right[u]; k++; }
            stop[i] = top;
            int32_t *f = rf + 4 * i;
            if (lt_lyndon_degree(B, u) == 1) {
                f[0] = lp_node(&G, B, u, k);
                f[1] = B->r * n;
                f[2] = f[3] = B->r * n + 1;
            } else {
                slong l = B->left[u], r = B->right[u];
                int dl = lt_lyndon_degree(B, l), dr = lt_lyndon_degree(B, r);
                f[0] = lp_node(&G, B, l, k);
                f[1] = lp_node(&G, B, r, k + dl);
                f[2] = lp_node(&G, B, r, k);
                f[3] = lp_node(&G, B, l, k + dr);
            }
            for (int t = 0; t < 4; t++) if (f[t] > top) top = f[t];
            kk[i] = (unsigned char)k;
            lt_lyndon_word(B, idx[i], w);
            int l = 0;
            while (l < n && w[l] == 0) l++;
            lead[i] = (unsigned char)l;
        }
        slong astart[65] = {0};
        for (slong i = 0; i < s; i++) astart[kk[i] + 1]++;
        for (int k = 0; k < 64; k++) astart[k + 1] += astart[k];
        /* the hash is needed only to build the program, the keys to group it */
        lt_free(G.slot);
        G.slot = NULL;
        /* and the program at its size (it grew by doubling) */
        G.cap = G.len + 1;
        G.a = lt_realloc(G.a, (size_t)G.cap * sizeof(int32_t));
        G.b = lt_realloc(G.b, (size_t)G.cap * sizeof(int32_t));
        G.c = lt_realloc(G.c, (size_t)G.cap * sizeof(int32_t));
        G.d = lt_realloc(G.d, (size_t)G.cap * sizeof(int32_t));
        lp_prog_group(&G, B, rf, kk, s);
        lp_solve S = {B, idx, s, &G, rf, stop, lead, kk, NULL, NULL, astart};
        /* a node's values on a cache line of its own (64 bytes: LP_ROWS 32-bit values) */
        char *vraw = lt_malloc((size_t)(G.nleaf + G.len + 1) * LP_ROWS * (n <= 31 ? sizeof(int32_t) : sizeof(int64_t)) + 64);
        S.v = vraw + (64 - (uintptr_t)vraw % 64) % 64;
        S.active = lt_malloc((size_t)s * sizeof(slong));
        if (!in128 || !lp_solve_rows(Q, &S, c, NULL, main_thread)) {
            /* again in FLINT integers (the 128-bit solve overflowed) */
            in128 = 0;
            if (!R) {
                R = _fmpz_vec_init(s);
                lp_coefficients(Q, idx, s, n, NULL, R);
                if (!fmpz_is_one(g))
                    for (slong i = 0; i < s; i++) fmpz_divexact(R + i, R + i, g);
            }
            lp_solve_rows(Q, &S, NULL, R, main_thread);
        }
        lt_free(vraw);
        lt_free(S.active);
        lt_free(rf); lt_free(stop); lt_free(lead); lt_free(kk);
        lp_prog_clear(&G);
    }
    if (Q->c)
        for (slong i = 0; i < s; i++) {
            if (in128) fmpz_set_i128(x, c[i]);
            fmpq_set_fmpz_frac(Q->c + idx[i], in128 ? x : R + i, D);
        }
    else bchw_store(Q->S, n, J->o, idx, s, in128 ? NULL : R, in128 ? c : NULL, D, &Q->lock);
    lt_free(c);
    if (R) _fmpz_vec_clear(R, s);
    fmpz_clear(D); fmpz_clear(g); fmpz_clear(x);
}

static void lp_work(lp_pool *Q, int main_thread)
{
    for (;;) {
        pthread_mutex_lock(&Q->lock);
        slong j = Q->next < Q->njobs ? Q->next++ : -1;
        pthread_mutex_unlock(&Q->lock);
        if (j < 0) return;
        lp_run_job(Q, Q->jobs + j, main_thread);
    }
}

static void lp_member(void *arg, int t)
{
    lp_work(arg, t == 0);
}

static int cmp_job(const void *a, const void *b)
{
    double x = ((const lp_job *)a)->work, y = ((const lp_job *)b)->work;
    return x < y ? 1 : x > y ? -1 : 0;
}

/* Worker threads: $LIETOOL_THREADS, else the processors online (at most 64). */
int lt_free_bch_threads(void)
{
    long t = lt_threads_env();
    if (!t) t = sysconf(_SC_NPROCESSORS_ONLN);
    return t < 1 ? 1 : t > 64 ? 64 : (int)t;
}

/* The steps of log_exp_2 up to degree N (the work of its jobs): per class
   of s Lyndon words of degree n with o ones, s n^2 + 2 s^2; s by the
   necklace formula (Witt's formula refined by the number of ones),
   s = (1/n) sum_{d | gcd(n, o)} mu(d) C(n/d, o/d). In doubles: a cost
   beyond them is infinite, and refused. */
static double binom(long n, long k)
{
    double b = 1;
    for (long i = 1; i <= k; i++) b = b * (double)(n - k + i) / (double)i;
    return b;
}

/* The class of n letters, o of them Y: its size by the necklace formula,
   in doubles (any degree; lyndon_class_size is the exact one to 62) */
static double class_size_d(long n, long o)
{
    long g = n;     /* gcd(n, o); gcd(n, 0) = n */
    for (long a = n, b = o; b; ) { long t = a % b; a = b; b = t; g = a; }
    double s = 0;
    for (long d = 1; d <= g; d++)
        if (g % d == 0) s += lt_free_moebius_((ulong)d) * binom(n / d, o / d);
    return floor(s / (double)n + 0.5);
}

static double cost_2(long N, int odd_only)
{
    double total = 0;
    for (long n = 1; n <= N && isfinite(total); n++) {
        if (odd_only && n % 2 == 0) continue;
        for (long o = 0; o <= n; o++) {
            double s = class_size_d(n, o);
            total += s * (double)n * (double)n + 2.0 * s * s;
        }
    }
    return total;
}

/* The BCH series' estimate (lt_free_bch_estimate). The rates were
   measured on this project's 2-core machine (2026-12, lietool bch N
   --table, degrees 22 to 26 on one thread and two): 0.31 ns of CPU a
   step of a class (0.26 to 0.32 from the small classes to the largest
   of degree 25), 0.4 us of CPU an element for the basis and the output
   (shared among the threads), and, in memory, 12 bytes an element of the
   basis, 20 a term of W (a 128-bit numerator and the class index), about
   150 bytes a word of the class each thread is solving (the program and
   its values, 1.6 nodes a word besides the columns) and 7 MB of
   libraries. Under mpirun (measured at degrees 24 and 26 with 1 to 8
   ranks): 14 MB of libraries with Open MPI; rank 0's basis has no
   factors (2 bytes an element besides the packed word) and its series 16
   bytes a term; a class travels as 24 bytes a word. */
#define LT_BCH_SEC_STEP 0.31e-9
#define LT_BCH_SEC_ELEMENT 0.4e-6

static int cmp_double_desc(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return x < y ? 1 : x > y ? -1 : 0;
}

void lt_free_bch_estimate(lt_free_bch_estimate_t *e, long N, int procs, int threads, int table)
{
    memset(e, 0, sizeof *e);
    double basis = 0, odd = 0, smax = 0, bytes_basis = 0;
    long NB = table && N % 2 == 0 ? N - 1 : N;
    /* the classes' sizes by work, largest first (at most 2 a degree are
       equal; the procs-th is rank 0's first) */
    double *cw = lt_malloc((size_t)(2 * (N + 2) * (N + 2)) * sizeof(double));
    slong nc = 0;
    for (long n = 1; n <= N; n++)
        for (long o = 0; o <= n; o++) {
            double sz = class_size_d(n, o);
            e->elements += sz;
            if (n <= NB) { basis += sz; bytes_basis += sz * (2.0 + (double)((n + 7) / 8)); }
            if (n % 2 == 0) continue;
            double w = sz * (double)n * (double)n + 2.0 * sz * sz;
            e->steps += w;
            odd += sz;
            if (w > e->largest) e->largest = w;
            if (sz > smax) smax = sz;
            if (sz > 0) { cw[2 * nc] = w; cw[2 * nc + 1] = sz; nc++; }
        }
    qsort(cw, (size_t)nc, 2 * sizeof(double), cmp_double_desc);
    double workers = (double)(procs < 1 ? 1 : procs) * (threads < 1 ? 1 : threads);
    double par = e->steps * LT_BCH_SEC_STEP / workers, one = e->largest * LT_BCH_SEC_STEP;
    int th = threads < 1 ? 1 : threads;
    e->seconds = (par > one ? par : one) + e->elements * LT_BCH_SEC_ELEMENT / th;
    e->cpu_seconds = e->steps * LT_BCH_SEC_STEP + e->elements * LT_BCH_SEC_ELEMENT;
    if (procs <= 1) e->bytes = 7e6 + 12.0 * basis + 20.0 * odd + 150.0 * smax * (workers < th ? workers : th);
    else {
        double s0 = procs <= nc ? cw[2 * (procs - 1) + 1] : 0;
        e->bytes = 14e6 + bytes_basis + 16.0 * odd + (150.0 * s0 > 24.0 * smax ? 150.0 * s0 : 24.0 * smax);
        e->rank_bytes = 14e6 + (150.0 + 24.0) * smax;
    }
    lt_free(cw);
}

/* 1000 x --max-enum steps: at most about a minute (bch 22 is 2.7e9
   steps, about 1 s of CPU here; bch 23 3.4e10; bch 25 4.4e11) */
static lt_status cost_limit(double total, long N, const lt_ctx_t ctx, lt_err_t err)
{
    if (!isfinite(total))
        return lt_err_set(err, LT_ELIMIT, "the series up to degree %ld takes more than 1e308 steps, beyond any `max_enum`", N);
    if (total > 1000.0 * (double)ctx->max_enum)
        return lt_err_set(err, LT_ELIMIT, "the series up to degree %ld takes about %.1e steps, "
                          "more than 1000 x `max_enum` %ld (about a minute); `max_enum` %.0f allows it",
                          N, total, ctx->max_enum, ceil(total / 1000.0));
    return LT_OK;
}

lt_status lt_free_bch_check(long N, const lt_ctx_t ctx, lt_err_t err)
{
    lt_status st = cost_limit(cost_2(N, 1), N, ctx, err);
    if (st == LT_ELIMIT && N <= 62) {
        /* what it would take: the estimate on one thread (bch --estimate
           gives it on this machine's) */
        lt_free_bch_estimate_t e;
        lt_free_bch_estimate(&e, N, 1, 1, 1);
        char tm[64], mem[64];
        lt_free_bch_estimate_str(tm, mem, &e);
        size_t l = strlen(err->msg);
        snprintf(err->msg + l, sizeof err->msg - l, " (estimated %s and %s on one thread; bch %ld %s)", tm, mem, N,
                 lt_opt("estimate"));
    }
    return st;
}

void lt_free_bch_estimate_str(char *tm, char *mem, const lt_free_bch_estimate_t *e)
{
    double s = e->seconds, b = e->bytes;
    if (s < 90) snprintf(tm, 64, "%.0f s", s < 1 ? 1 : s);
    else if (s < 5400) snprintf(tm, 64, "%.0f min", s / 60);
    else if (s < 3 * 86400) snprintf(tm, 64, "%.1f h", s / 3600);
    else snprintf(tm, 64, "%.0f days", s / 86400);
    if (b < 1e9) snprintf(mem, 64, "%.0f MB", b / 1e6);
    else snprintf(mem, 64, "%.1f GB", b / 1e9);
}

static void lp_pool_free(lp_pool *Q);

/* The letters Y of element i of degree n of a basis on 2 letters: the
   ones of its packed word (padding 0), 8 bytes at a time */
static int bchw_ones(const lt_lyndon_struct *B, slong i, int n)
{
    slong nb = (n + 7) / 8;
    const unsigned char *p = B->words + B->byte_start[n] + (i - B->deg_start[n]) * nb;
    int o = 0;
    for (slong b = 0; b < nb; b += 8) {
        uint64_t x = 0;
        memcpy(&x, p + b, (size_t)(nb - b < 8 ? nb - b : 8));
        x -= (x >> 1) & UINT64_C(0x5555555555555555);
        x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
        x = (x + (x >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
        o += (int)((x * UINT64_C(0x0101010101010101)) >> 56);
    }
    return o;
}

/* Q for c (or S), B and F, without jobs yet. */
static void lp_pool_init(lp_pool *Q, fmpq *c, lt_bchw_struct *S, const lt_lyndon_t B, const factors *F,
                         const lt_ctx_t ctx)
{
    Q->B = B;
    Q->F = F;
    Q->c = c;
    Q->S = S;
    Q->ctx = ctx;
    Q->p64 = lt_malloc((size_t)(F->m + 1) * sizeof(int64_t));
    for (slong q = 0; q < F->m && Q->p64; q++) {
        if (fmpz_bits(F->p + q) > 62) { lt_free(Q->p64); Q->p64 = NULL; }
        else Q->p64[q] = (int64_t)fmpz_get_si(F->p + q);
    }
}

/* The numbers of the multidegree classes, (N+1)^r, or 0 when that is more
   than 2^22 (then the plain method runs) or the degree is above 62 (the
   nodes' positions take 6 bits). */
static slong lp_class_count(const lt_lyndon_t B)
{
    slong ncls = 1;
    if (B->N > 62 || B->r > 255) return 0;
    for (int l = 0; l < B->r; l++) {
        if (ncls > ((slong)1 << 22) / (B->N + 1)) return 0;
        ncls *= B->N + 1;
    }
    return ncls;
}

/* The jobs of Q from the classes' sizes: class k (numbered n (N+1)^(r-1)
   + d_1 (N+1)^(r-2) + ... + d_{r-1}, as lp_pool_setup numbers them) has
   cstart[k + 1] - cstart[k] words, from cidx + cstart[k]; sorted by
   predicted work, largest first. */
static void lp_pool_jobs(lp_pool *Q, const slong *cstart, slong ncls, int N, int r)
{
    slong nnon = 0;
    for (slong k = 0; k < ncls; k++) nnon += cstart[k + 1] > cstart[k];
    Q->jobs = lt_malloc((size_t)(nnon + 1) * sizeof(lp_job));
    Q->mdeg = lt_malloc((size_t)(nnon + 1) * (size_t)r * sizeof(int));
    for (slong k = 0; k < ncls; k++) {
        slong s = cstart[k + 1] - cstart[k];
        if (!s) continue;
        lp_job *J = Q->jobs + Q->njobs;
        int *d = Q->mdeg + Q->njobs * r;
        Q->njobs++;
        slong x = k;
        int rest = 0;
        for (int l = r - 1; l >= 1; l--) { d[l] = (int)(x % (N + 1)); x /= N + 1; rest += d[l]; }
        int n = (int)x;
        d[0] = n - rest;
        J->n = n;
        J->o = r == 2 ? d[1] : 0;
        J->s = s;
        J->start = cstart[k];
        J->deg = d;
        J->work = (double)s * n * n + 2.0 * (double)s * (double)s;
        Q->total += J->work;
    }
    qsort(Q->jobs, (size_t)Q->njobs, sizeof(lp_job), cmp_job);
}

/* The classes of the fast path, ready to run (lp_run_job each):
   Q is set up for c, B and F; odd_only: only the classes of odd degree are
   jobs (the others are set to 0; for series known to be odd). The jobs
   are sorted by predicted work, largest first. Release with lp_pool_free. */
static lt_status lp_pool_setup(lp_pool *Q, fmpq *c, lt_bchw_struct *S, const lt_lyndon_t B, const factors *F,
                               int odd_only, const lt_ctx_t ctx, lt_err_t err)
{
    int N = B->N;
    memset(Q, 0, sizeof *Q);
    /* the coefficients (16 bytes, and numerators and denominators of some
       words each), the basis (packed words, the degree, the factors: 9
       bytes and a bit a letter) and the class index (4): what stays in
       memory; about 45 bytes an element at degree 22 and 24 here. In S:
       the basis, 8 bytes a numerator and 4 of class index for the odd
       degrees (about half the elements), and the largest classes' work
       (lp_run_job: about 40 bytes a word of the class per thread) */
    double est = S ? (double)B->n * (10.0 + N / 8.0) + (double)(S->off[N + 1]) * 12.0
                   : (double)B->n * (40.0 + N);
    if (est > (double)ctx->max_memory_mb * 1048576.0)
        return lt_err_set(err, LT_ELIMIT, "the %ld coefficients up to degree %d need about %.0f MiB, more than `max_memory` %ld MiB",
                          (long)B->n, N, est / 1048576.0 + 0.5, ctx->max_memory_mb);
    lp_pool_init(Q, c, S, B, F, ctx);
    /* the classes by multidegree (n; d_1 .. d_{r-1} letters 1 .. r-1),
       numbered n (N+1)^(r-1) + d_1 (N+1)^(r-2) + ... + d_{r-1}: a counting
       sort keeps the basis order within a class */
    int r = B->r;
    slong ncls = lp_class_count(B);
    slong *cstart = lt_calloc((size_t)ncls + 1, sizeof(slong));
    int32_t *key = lt_malloc((size_t)(B->n + 1) * sizeof(int32_t));
    int cnt[256];
    unsigned char w[256];
    for (slong i = 0; i < B->n; i++) {
        int m = lt_lyndon_degree(B, i);
        if (odd_only && m % 2 == 0) {
            /* not a job: 0 (in S, already) */
            key[i] = -1;
            if (c) fmpq_zero(c + i);
            continue;
        }
        if (B->bits == 1) cnt[1] = bchw_ones(B, i, m);
        else {
            lt_lyndon_word(B, i, w);
            memset(cnt, 0, (size_t)r * sizeof(int));
            for (int k = 0; k < m; k++) cnt[w[k]]++;
        }
        slong x = m;
        for (int l = 1; l < r; l++) x = x * (N + 1) + cnt[l];
        key[i] = (int32_t)x;   /* below 2^22 */
        cstart[x + 1]++;
    }
    for (slong k = 0; k < ncls; k++) cstart[k + 1] += cstart[k];
    Q->cidx = lt_malloc((size_t)(cstart[ncls] + 1) * sizeof(int32_t));
    slong *fill = lt_malloc((size_t)(ncls + 1) * sizeof(slong));
    memcpy(fill, cstart, (size_t)ncls * sizeof(slong));
    for (slong i = 0; i < B->n; i++)
        if (key[i] >= 0) Q->cidx[fill[key[i]]++] = (int32_t)i;
    lt_free(fill);
    lt_free(key);
    lp_pool_jobs(Q, cstart, ncls, N, r);
    lt_free(cstart);
    pthread_mutex_init(&Q->lock, NULL);
    lt_status st = cost_limit(Q->total, N, ctx, err);
    if (st) lp_pool_free(Q);
    return st;
}

static void lp_pool_free(lp_pool *Q)
{
    if (!Q->jobs) return;
    pthread_mutex_destroy(&Q->lock);
    lt_free(Q->jobs);
    lt_free(Q->p64);
    lt_free(Q->mdeg);
    lt_free(Q->cidx);
    Q->jobs = NULL;
}

/* The fast path of lt_free_log_exp (any number of letters, degree <= 62,
   lp_class_count(B) > 0): every class, shared out among the threads. */
static lt_status log_exp_classes(fmpq *c, lt_bchw_struct *S, const lt_lyndon_t B, const factors *F, int odd_only,
                                 const lt_ctx_t ctx, lt_err_t err)
{
    lp_pool Q;
    lt_status st = lp_pool_setup(&Q, c, S, B, F, odd_only, ctx, err);
    if (st) return st;
    lt_threads_run(Q.total < 1e6 ? 1 : lt_free_bch_threads(), lp_member, &Q);
    if (ctx->progress) ctx->progress(ctx->progress_arg, "", 1, 1);
    lp_pool_free(&Q);
    return LT_OK;
}

/* Step 2 through the expansions of the brackets (any number of letters). */
static lt_status log_exp_plain(fmpq *c, const lt_lyndon_t B, const factors *Fp, const lt_ctx_t ctx, lt_err_t err)
{
    int r = B->r, N = B->N;
    /* words of length N packed in base r into 64 bits */
    uint64_t rpow[65];
    rpow[0] = 1;
    for (int k = 1; k <= N; k++) {
        if (k > 64 || rpow[k - 1] > UINT64_MAX / (uint64_t)r)
            return lt_err_set(err, LT_ELIMIT, "words of length %d on %d letters do not fit in 64 bits (this method's limit)", N, r);
        rpow[k] = rpow[k - 1] * (uint64_t)r;
    }
    const factors F = *Fp;
    xpoly *P = lt_calloc((size_t)B->n + 1, sizeof(xpoly));
    scratch T = {0, NULL, NULL};
    double bytes = 0, limit = (double)ctx->max_memory_mb * 1048576.0;
    lt_status st = LT_OK;
    fmpz_t D, x;
    fmpz_init(D); fmpz_init(x);
    slong done = 0;
    for (int n = 1; n <= N && !st; n++) {
        slong lo = B->deg_start[n], hi = B->deg_start[n + 1], nw = hi - lo;
        /* D = n! q^n lcm(1..n) */
        fmpz_fac_ui(D, (ulong)n);
        fmpz_pow_ui(x, F.q, (ulong)n);
        fmpz_mul(D, D, x);
        lcm_upto(x, (ulong)n);
        fmpz_mul(D, D, x);
        uint64_t *code = lt_malloc((size_t)(nw + 1) * sizeof(uint64_t));
        fmpz *R = _fmpz_vec_init(nw + 1);
        wordcoef C;
        wordcoef_init(&C, n);
        unsigned char v[256];
        for (slong a = 0; a < nw; a++) {
            lt_lyndon_word(B, lo + a, v);
            uint64_t cw = 0;
            for (int k = 0; k < n; k++) cw = cw * (uint64_t)r + v[k];
            code[a] = cw;
            word_coefficient(R + a, &C, v, &F);
            if (ctx->progress && (a & 1023) == 0)
                ctx->progress(ctx->progress_arg, "word coefficients", (double)(done + a), (double)B->n);
        }
        wordcoef_clear(&C);
        /* the position of each Lyndon word among the words of degree n, in
           a table indexed by the packed word when that is small */
        int32_t *dense = NULL;
        if (rpow[n] <= ((uint64_t)1 << 26) && nw < INT32_MAX) {
            dense = lt_malloc((size_t)rpow[n] * sizeof(int32_t));
            memset(dense, 0xff, (size_t)rpow[n] * sizeof(int32_t));
            for (slong a = 0; a < nw; a++) dense[code[a]] = (int32_t)a;
        }
        for (slong a = 0; a < nw && !st; a++) {
            slong u = lo + a;
            xpoly Pu = {0, NULL, NULL};
            int need = !fmpz_is_zero(R + a), done_u = 0;
            if (n == 1) {
                Pu.n = 1;
                Pu.w = lt_malloc(sizeof(uint64_t));
                Pu.c = lt_malloc(sizeof(fmpz));
                Pu.w[0] = code[a];
                fmpz_init_set_ui(Pu.c, 1);
            } else if (need && n == N && dense) {
                /* the top degree: R -= R[a] (P_l P_r - P_r P_l) read at the
                   Lyndon words directly, without forming P_u */
                xpoly F[2];
                int k[2];
                factors_get(F, k, B, u, P, N, rpow, &T);
                fmpq_set_fmpz_frac(c + u, R + a, D);
                fmpz_set(x, R + a);   /* R[a] itself goes to 0 on the way */
                apply_bracket(R, dense, x, F, k[0], F + 1, k[1], rpow);
                factors_release(F, k, N);
                need = 0;
                done_u = 1;
            } else if (need || n < N) {
                xpoly F[2];
                int k[2];
                factors_get(F, k, B, u, P, N, rpow, &T);
                xpoly_bracket(&Pu, F, k[0], F + 1, k[1], rpow, &T);
                factors_release(F, k, N);
            }
            assert(Pu.n == 0 || (Pu.w[0] == code[a] && fmpz_is_one(Pu.c)));
            if (need) {
                fmpq_set_fmpz_frac(c + u, R + a, D);
                /* subtract R[a] P_u at the Lyndon words above u */
                if (dense) {
                    for (slong k = 1; k < Pu.n; k++) {
                        int32_t l2 = dense[Pu.w[k]];
                        if (l2 >= 0) fmpz_submul(R + l2, R + a, Pu.c + k);
                    }
                } else {
                    slong from = a + 1;
                    for (slong k = 1; k < Pu.n; k++) {
                        uint64_t w = Pu.w[k];
                        slong l2 = from, h2 = nw;
                        while (l2 < h2) {
                            slong mid = l2 + (h2 - l2) / 2;
                            if (code[mid] < w) l2 = mid + 1; else h2 = mid;
                        }
                        from = l2;   /* the words of P_u increase */
                        if (l2 < nw && code[l2] == w) fmpz_submul(R + l2, R + a, Pu.c + k);
                    }
                }
            } else if (!done_u) fmpq_zero(c + u);
            if (n < N - 1 || n == 1) {
                P[u] = Pu;
                bytes += (double)Pu.n * (sizeof(uint64_t) + sizeof(fmpz));
                if (bytes > limit)
                    st = lt_err_set(err, LT_ELIMIT, "the expansions of the Lyndon brackets up to degree %d need more than `max_memory` %ld MiB",
                                    n, ctx->max_memory_mb);
            } else xpoly_clear(&Pu);
            if (ctx->progress && (a & 1023) == 0)
                ctx->progress(ctx->progress_arg, "projection", (double)(done + a), (double)B->n);
        }
        done += nw;
        lt_free(dense);
        lt_free(code);
        _fmpz_vec_clear(R, nw + 1);
    }
    if (ctx->progress) ctx->progress(ctx->progress_arg, "", 1, 1);
    for (slong i = 0; i < B->n; i++) xpoly_clear(P + i);
    lt_free(P);
    lt_free(T.w);
    lt_free(T.c);
    fmpz_clear(D); fmpz_clear(x);
    return st;
}

enum { LOG_EXP_AUTO, LOG_EXP_PLAIN };

/* The cost of a long word (magnus): each Lyndon word of degree n <= N
   (L_r(n) = (1/n) sum_{d | n} mu(d) r^(n/d) of them) reads the m factors
   in an automaton whose states are factors with the letter read, about
   n^2 (m/r)^2 steps, and the numbers grow with m: measured here, CPU time
   grows as (m/r)^2.6 (2 letters, order 3: m = 1000, 2000, 4000 take 0.2,
   1.2, 7.4 s; order 4, m = 1000: 0.7 s; 3 letters 1.0 s). The unit is set
   so that 1000 x --max-enum steps are about a minute, as for bch. */
static lt_status word_cost_check(long N, int r, slong m, const lt_ctx_t ctx, lt_err_t err)
{
    double total = 0, per = pow((double)m / (double)r, 2.6) / 6.0;
    for (long n = 1; n <= N; n++) {
        double L = 0;
        for (long d = 1; d <= n; d++)
            if (n % d == 0) L += lt_free_moebius_((ulong)d) * pow((double)r, (double)(n / d));
        total += L / (double)n * (double)n * (double)n * per;
    }
    if (!(total <= 1000.0 * (double)ctx->max_enum))
        return lt_err_set(err, LT_ELIMIT, "a word of %ld letters to order %ld takes about %.1e steps, "
                          "more than 1000 x `max_enum` %ld (about a minute); `max_enum` %.0f allows it",
                          (long)m, N, total, ctx->max_enum, isfinite(total) ? ceil(total / 1000.0) : 1e308);
    return LT_OK;
}

/* The factors e^{t_s x_{l_s}} with t_s = p_s / q in integers; release
   with factors_word_clear. */
static lt_status factors_word(factors *F, int r, slong m, const int *letters, const fmpq *t, lt_err_t err)
{
    for (slong s = 0; s < m; s++)
        if (letters[s] < 0 || letters[s] >= r)
            return lt_err_set(err, LT_EINPUT, "factor %ld: letter %d is not one of the %d letters", (long)s + 1, letters[s], r);
    F->m = m;
    F->l = letters;
    F->p = _fmpz_vec_init(m + 1);
    fmpz_init_set_ui(F->q, 1);
    for (slong s = 0; s < m; s++) fmpz_lcm(F->q, F->q, fmpq_denref(t + s));
    for (slong s = 0; s < m; s++) {
        fmpz_divexact(F->p + s, F->q, fmpq_denref(t + s));
        fmpz_mul(F->p + s, F->p + s, fmpq_numref(t + s));
    }
    return LT_OK;
}

static void factors_word_clear(factors *F)
{
    _fmpz_vec_clear(F->p, F->m + 1);
    fmpz_clear(F->q);
}

static lt_status log_exp(fmpq *c, const lt_lyndon_t B, slong m, const int *letters, const fmpq *t,
                         int method, int odd_only, const lt_ctx_t ctx, lt_err_t err)
{
    int r = B->r;
    if (m > 3) {
        lt_status st = word_cost_check(B->N, r, m, ctx, err);
        if (st) return st;
    }
    factors F;
    lt_status st = factors_word(&F, r, m, letters, t, err);
    if (st) return st;
    if (method == LOG_EXP_AUTO && lp_class_count(B)) st = log_exp_classes(c, NULL, B, &F, odd_only, ctx, err);
    else st = log_exp_plain(c, B, &F, ctx, err);
    factors_word_clear(&F);
    return st;
}

lt_status lt_free_log_exp(fmpq *c, const lt_lyndon_t B, slong m, const int *letters,
                          const fmpq *t, const lt_ctx_t ctx, lt_err_t err)
{
    return log_exp(c, B, m, letters, t, LOG_EXP_AUTO, 0, ctx, err);
}

lt_status lt_free_log_exp_plain(fmpq *c, const lt_lyndon_t B, slong m, const int *letters,
                                const fmpq *t, const lt_ctx_t ctx, lt_err_t err)
{
    return log_exp(c, B, m, letters, t, LOG_EXP_PLAIN, 0, ctx, err);
}

/* The factors e^{x_l}, one per distinct letter l of w[0..n) in increasing
   order (the letters the word lacks do not change its coefficient), and w
   in them: v[i] = the rank of w[i] among the letters. F->l is letters
   (256 ints); release with factors_word_clear. */
static void factors_letters(factors *F, int *letters, unsigned char *v, const unsigned char *w, slong n)
{
    int index[256], m = 0;
    for (int l = 0; l < 256; l++) index[l] = -1;
    for (slong i = 0; i < n; i++) index[w[i]] = 0;
    for (int l = 0; l < 256; l++)
        if (index[l] == 0) { letters[m] = m; index[l] = m++; }
    for (slong i = 0; i < n; i++) v[i] = (unsigned char)index[w[i]];
    F->m = m;
    F->l = letters;
    F->p = _fmpz_vec_init(m + 1);
    fmpz_init_set_ui(F->q, 1);
    for (int s = 0; s < m; s++) fmpz_one(F->p + s);
}

/* One word's coefficient, directly: step 1 above for the word alone, with
   the factors of factors_letters. As in
   H. Hofstaetter, "Smallest common denominators for the homogeneous
   components of the Baker-Campbell-Hausdorff series", arXiv 2012.03818
   (appendix: single coefficients of log(e^{A_1} ... e^{A_K})), the series
   is never formed: the cut programme costs O(n^3) integer multiply-adds on
   numbers of O(n log n) bits, and degree 84 takes milliseconds. */
lt_status lt_free_bch_coefficient(fmpq_t c, const unsigned char *w, slong n, lt_err_t err)
{
    if (n < 1) return lt_err_set(err, LT_EINPUT, "the word is empty");
    int letters[256];
    unsigned char *v = lt_malloc((size_t)n);
    factors F;
    factors_letters(&F, letters, v, w, n);
    wordcoef C;
    wordcoef_init(&C, n);
    fmpz_t S, den, L;
    fmpz_init(S); fmpz_init(den); fmpz_init(L);
    word_coefficient(S, &C, v, &F);
    /* S / (n! q^n L), q = 1 */
    fmpz_fac_ui(den, (ulong)n);
    lcm_upto(L, (ulong)n);
    fmpz_mul(den, den, L);
    fmpq_set_fmpz_frac(c, S, den);
    fmpz_clear(S); fmpz_clear(den); fmpz_clear(L);
    wordcoef_clear(&C);
    factors_word_clear(&F);
    lt_free(v);
    return LT_OK;
}

/* One Lyndon coordinate: the coefficient of P_w, w a Lyndon word, in
   log(e^{A_1} ... e^{A_K}). The standard bracketing P_u of a Lyndon word u
   is u plus words lexicographically larger, of the same multidegree
   (Reutenauer, Free Lie Algebras, Thm 5.1; Lothaire, Combinatorics on
   Words, Thm 5.3.1), so the coordinates z_u of the class of w come from
   the word coefficients c_u by the triangular solve
      z_u = c_u - sum_{v < u} z_v <P_v, u>
   over the Lyndon words v < u of the class, and those of the words after
   w are never needed: the solve of the fast path (lp_run_job) runs on the
   Lyndon words of the class up to w, in a basis of just them and their
   standard factors (lt_free_lyndon_closure_). The word coefficients are
   those of lt_free_bch_coefficient (Hofstaetter, arXiv 2012.03818,
   appendix); the class-by-class solve is the organisation of his bch
   program, described before lp_prog above. */
lt_status lt_free_bch_lyndon_coefficient(fmpq_t c, const unsigned char *w, slong n, slong max_words,
                                         const lt_ctx_t ctx, lt_err_t err)
{
    if (n < 1) return lt_err_set(err, LT_EINPUT, "the word is empty");
    if (n > 255) return lt_err_set(err, LT_ELIMIT, "a Lyndon coordinate is computed to degree 255, not %ld", (long)n);
    int letters[256];
    unsigned char v[256];
    factors F;
    factors_letters(&F, letters, v, w, n);
    lt_status st = LT_OK;
    unsigned char *words = NULL;
    slong s = 0;
    if (!lt_free_is_lyndon(v, n))
        st = lt_err_set(err, LT_EINPUT, "the word is not a Lyndon word (one that comes, letters in ASCII order, "
                        "strictly before each of its proper suffixes)");
    else if ((s = lt_free_lyndon_upto_(&words, v, (int)n, (int)F.m, max_words)) > max_words)
        st = lt_err_set(err, LT_ELIMIT, "more Lyndon words of the word's multidegree come up to it than `max_lyndon` %ld "
                        "(the solve runs over them; raise it with `max_lyndon` S)", (long)max_words);
    else if (s == 1) st = lt_free_bch_coefficient(c, w, n, err);    /* the least Lyndon word: z_w = c_w */
    else if (n > 62)
        st = lt_err_set(err, LT_ELIMIT, "the word has %ld letters, and %ld Lyndon words of its multidegree come "
                        "up to it: the solve takes words of at most 62 letters", (long)n, (long)s);
    else {
        lt_lyndon_t B;
        lt_lyndon_init(B);
        lt_free_lyndon_closure_(B, (int)F.m, (int)n, words, s);
        int deg[256] = {0};
        for (slong i = 0; i < n; i++) deg[v[i]]++;
        int32_t *idx = lt_malloc((size_t)s * sizeof(int32_t));
        for (slong i = 0; i < s; i++) idx[i] = (int32_t)(B->deg_start[n] + i);
        fmpq *z = _fmpq_vec_init(B->n);
        lp_pool Q;
        memset(&Q, 0, sizeof Q);
        lp_pool_init(&Q, z, NULL, B, &F, ctx);
        Q.cidx = idx;
        lp_job J = {.n = (int)n, .o = F.m == 2 ? deg[1] : 0, .s = s, .start = 0, .deg = deg,
                    .work = (double)s * (double)(n * n) + 2.0 * (double)s * (double)s};
        Q.total = J.work;
        pthread_mutex_init(&Q.lock, NULL);
        lp_run_job(&Q, &J, 1);
        pthread_mutex_destroy(&Q.lock);
        if (ctx->progress) ctx->progress(ctx->progress_arg, "", 1, 1);
        fmpq_set(c, z + idx[s - 1]);
        _fmpq_vec_clear(z, B->n);
        lt_free(Q.p64);
        lt_free(idx);
        lt_lyndon_clear(B);
    }
    lt_free(words);
    factors_word_clear(&F);
    return st;
}

/* The factors of W = log(e^{X/2} e^Y e^{X/2}); release with factors_bch_clear. */
static const int bch_letters[3] = {0, 1, 0};

static void factors_bch(factors *F)
{
    F->m = 3;
    F->l = bch_letters;
    F->p = _fmpz_vec_init(4);
    fmpz_init_set_ui(F->q, 2);
    fmpz_one(F->p + 0);
    fmpz_set_ui(F->p + 1, 2);
    fmpz_one(F->p + 2);
}

static void factors_bch_clear(factors *F)
{
    _fmpz_vec_clear(F->p, 4);
    fmpz_clear(F->q);
}

/* Z = exp(ad_{X/2}) W in place: Z_n = sum_k 2^-k/k! P_{X^k l} over the
   terms of W of degree n - k (top of the file) */
static void bch_from_symmetric(fmpq *c, const lt_lyndon_t B)
{
    /* in place, from the highest degree down: a term adds only to words of
       higher degree, whose own terms of W have been used by then (the
       basis is ordered by degree) */
    int N = B->N;
    unsigned char *word = lt_malloc((size_t)N + 1);
    unsigned char v[256];
    fmpq_t f;
    fmpq_init(f);
    for (slong i = B->n - 1; i >= 0; i--) {
        if (fmpq_is_zero(c + i)) continue;
        int d = lt_lyndon_degree(B, i);
        lt_lyndon_word(B, i, v);
        fmpq_set(f, c + i);
        for (int k = 1; d + k <= N; k++) {
            if (d == 1 && v[0] == 0) break;   /* [X, X] = 0 */
            fmpz_mul_ui(fmpq_denref(f), fmpq_denref(f), 2 * (ulong)k);
            fmpq_canonicalise(f);
            memset(word, 0, (size_t)k);
            memcpy(word + k, v, (size_t)d);
            slong j = lt_free_lyndon_find(B, word, d + k);
            assert(j > i);
            fmpq_add(c + j, c + j, f);
        }
    }
    fmpq_clear(f);
    lt_free(word);
}

lt_status lt_free_bch(fmpq *c, const lt_lyndon_t B, int symmetric, const lt_ctx_t ctx, lt_err_t err)
{
    if (B->r != 2)
        return lt_err_set(err, LT_EINPUT, "the BCH series needs a basis on 2 letters, not %d", B->r);
    if (lp_class_count(B)) {
        lt_bchw_t S;
        lt_bchw_init(S, B, symmetric);
        lt_status st = lt_free_bchw(S, ctx, err);
        if (!st)
            for (slong i = 0; i < B->n; i++) lt_bchw_get(c + i, S, i);
        lt_bchw_clear(S);
        return st;
    }
    /* W = log(e^{X/2} e^Y e^{X/2}), odd */
    factors F;
    factors_bch(&F);
    lt_status st = log_exp_plain(c, B, &F, ctx, err);
    factors_bch_clear(&F);
    if (!st && !symmetric) bch_from_symmetric(c, B);
    return st;
}

/* ---- the compact series (lt_bchw_t) ---- */

void lt_bchw_init(lt_bchw_t S, const lt_lyndon_t B, int symmetric)
{
    int N = B->N;
    S->B = B;
    S->symmetric = symmetric;
    S->off = lt_malloc((size_t)(N + 2) * sizeof(slong));
    slong m = 0;
    for (int n = 1; n <= N; n++) {
        S->off[n] = m;
        if (n % 2) m += B->deg_start[n + 1] - B->deg_start[n];
    }
    S->off[N + 1] = m;
    S->off[0] = 0;
    S->num = lt_calloc((size_t)(2 * m + 2), sizeof(uint64_t));
    S->big = lt_calloc((size_t)N + 2, sizeof(fmpz *));
    S->isbig = lt_calloc((size_t)(N + 1) * (size_t)(N + 1), 1);
    S->den = _fmpz_vec_init((slong)(N + 1) * (N + 1));
    for (slong k = 0; k < (slong)(N + 1) * (N + 1); k++) fmpz_one(S->den + k);
}

void lt_bchw_clear(lt_bchw_t S)
{
    const lt_lyndon_struct *B = S->B;
    int N = B->N;
    for (int n = 1; n <= N; n++)
        if (S->big[n]) _fmpz_vec_clear(S->big[n], B->deg_start[n + 1] - B->deg_start[n]);
    lt_free(S->big);
    lt_free(S->isbig);
    lt_free(S->num);
    _fmpz_vec_clear(S->den, (slong)(N + 1) * (N + 1));
    lt_free(S->off);
}

/* Class (n, o) of S: the numerators R[0..s) of the elements idx[0..s)
   over D (R and D are left unusable); lock guards the allocation of big. */
static void bchw_store(lt_bchw_struct *S, int n, int o, const int32_t *idx, slong s, fmpz *R, const lp_i128 *c128,
                       fmpz_t D, pthread_mutex_t *lock)
{
    const lt_lyndon_struct *B = S->B;
    slong cls = (slong)n * (B->N + 1) + o, first = B->deg_start[n];
    fmpz_swap(S->den + cls, D);
    int fits = 1;
    for (slong i = 0; i < s && fits && R; i++) fits = fmpz_bits(R + i) <= 126;
    if (fits) {
        uint64_t *num = S->num + 2 * S->off[n];
        for (slong i = 0; i < s; i++) {
            ulong hi, lo;
            if (R) fmpz_get_signed_uiui(&hi, &lo, R + i);
            else { hi = (ulong)((unsigned __int128)c128[i] >> 64); lo = (ulong)c128[i]; }
            num[2 * (idx[i] - first)] = lo;
            num[2 * (idx[i] - first) + 1] = hi;
        }
        return;
    }
    if (lock) pthread_mutex_lock(lock);
    if (!S->big[n]) S->big[n] = _fmpz_vec_init(B->deg_start[n + 1] - first);
    if (lock) pthread_mutex_unlock(lock);
    for (slong i = 0; i < s; i++) fmpz_swap(S->big[n] + (idx[i] - first), R + i);
    S->isbig[cls] = 1;
}


/* W's numerator (in x) and denominator of element i; NULL at even degrees */
static const fmpz *bchw_w(fmpz_t x, const lt_bchw_struct *S, slong i)
{
    const lt_lyndon_struct *B = S->B;
    int n = lt_lyndon_degree(B, i);
    if (n % 2 == 0) return NULL;
    slong cls = (slong)n * (B->N + 1) + (B->bits == 1 ? bchw_ones(B, i, n) : 0), at = i - B->deg_start[n];
    if (S->isbig[cls]) fmpz_set(x, S->big[n] + at);
    else fmpz_set_signed_uiui(x, S->num[2 * (S->off[n] + at) + 1], S->num[2 * (S->off[n] + at)]);
    return S->den + cls;
}

void lt_bchw_get_w(fmpq_t c, const lt_bchw_t S, slong i)
{
    fmpz_t x;
    fmpz_init(x);
    const fmpz *d = bchw_w(x, S, i);
    if (d) fmpq_set_fmpz_frac(c, x, d);
    else fmpq_zero(c);
    fmpz_clear(x);
}

/* c = sum_{k >= k0} 2^-k/k! W_{q_k}, q_{k0} = q and q_{k+1} the right
   factor of q_k while its left factor is X (element 0) */
static void bchw_chain(fmpq_t c, const lt_bchw_struct *S, slong q, slong k0)
{
    const lt_lyndon_struct *B = S->B;
    fmpq_zero(c);
    fmpz_t f, d2, x;
    fmpq_t t;
    fmpz_init_set_ui(f, 1);
    for (slong k = 1; k <= k0; k++) fmpz_mul_ui(f, f, 2 * (ulong)k);
    fmpz_init(d2);
    fmpz_init(x);
    fmpq_init(t);
    for (slong k = k0;; k++) {
        const fmpz *d = bchw_w(x, S, q);
        if (d && !fmpz_is_zero(x)) {
            fmpz_mul(d2, d, f);
            if (fmpq_is_zero(c)) fmpq_set_fmpz_frac(c, x, d2);   /* most chains have one term */
            else {
                fmpq_set_fmpz_frac(t, x, d2);
                fmpq_add(c, c, t);
            }
        }
        int n = lt_lyndon_degree(B, q);
        if (n == 1) break;
        if (B->left) {
            if (B->left[q] != 0) break;
            q = B->right[q];
        } else {
            /* without stored factors: the left factor is X when the word
               starts with X and the rest, its longest proper suffix, is a
               Lyndon word (then the right factor) */
            unsigned char w[256];
            lt_lyndon_word(B, q, w);
            if (w[0] != 0 || !lt_free_is_lyndon(w + 1, n - 1)) break;
            q = lt_free_lyndon_find(B, w + 1, n - 1);
        }
        fmpz_mul_ui(f, f, 2 * (ulong)(k + 1));
    }
    fmpz_clear(f);
    fmpz_clear(d2);
    fmpz_clear(x);
    fmpq_clear(t);
}

void lt_bchw_get(fmpq_t c, const lt_bchw_t S, slong i)
{
    /* Z_u = sum_k 2^-k/k! W_l over u = X^k l */
    if (S->symmetric) lt_bchw_get_w(c, S, i);
    else bchw_chain(c, S, i, 0);
}

void lt_bchw_get_top(fmpq_t c, int32_t *f, const lt_bchw_t S, const unsigned char *w)
{
    const lt_lyndon_struct *B = S->B;
    slong n = B->N + 1, s = lt_free_lyndon_split(w, n);
    f[0] = (int32_t)lt_free_lyndon_find(B, w, s);
    f[1] = (int32_t)lt_free_lyndon_find(B, w + s, n - s);
    assert(f[0] >= 0 && f[1] >= 0 && n % 2 == 0);
    /* W is 0 at even degrees: only u = X l with l = f[1] has terms */
    if (S->symmetric || f[0] != 0) fmpq_zero(c);
    else bchw_chain(c, S, f[1], 1);
}

int lt_bchw_top_next(fmpq_t c, int32_t *f, const lt_bchw_t S, unsigned char *w, int *len)
{
    int n = (int)S->B->N + 1;
    while (lt_free_lyndon_next(w, len, n, 2))
        if (*len == n) {
            lt_bchw_get_top(c, f, S, w);
            return 1;
        }
    return 0;
}

lt_status lt_free_bchw(lt_bchw_t S, const lt_ctx_t ctx, lt_err_t err)
{
    const lt_lyndon_struct *B = S->B;
    if (B->r != 2 || !lp_class_count(B))
        return lt_err_set(err, LT_EINPUT, "the BCH series by classes needs a basis on 2 letters to degree at most 62");
    factors F;
    factors_bch(&F);
    lt_status st = log_exp_classes(NULL, S, B, &F, 1, ctx, err);
    factors_bch_clear(&F);
    return st;
}

/* ---- the classes one at a time (lietool bch --mpi, magnus --mpi) ---- */

/* What a job without a basis holds of a class it has run: the basis of
   the class's words and their standard factors, and their coefficients. */
typedef struct {
    lt_lyndon_struct L;
    lt_bchw_struct S;
    int32_t *idx;           /* the class's words in L */
} job_part;

struct lt_free_class_job_s {
    lp_pool Q;
    factors F;
    int bch;                /* the BCH series, into S */
    const lt_lyndon_struct *B;   /* NULL: a job without a basis (part) */
    fmpq *c;
    lt_bchw_struct *S;
    job_part **part;        /* without a basis: class k's, once run */
};

static lt_status job_setup(lt_free_class_job **J, lt_free_class_job *j, const lt_lyndon_t B, int odd_only,
                           const lt_ctx_t ctx, lt_err_t err)
{
    j->B = B;
    lt_status st = lp_pool_setup(&j->Q, j->c, j->S, B, &j->F, odd_only, ctx, err);
    if (st) {
        if (j->bch) factors_bch_clear(&j->F);
        else factors_word_clear(&j->F);
        lt_free(j);
        return st;
    }
    *J = j;
    return LT_OK;
}

lt_status lt_free_bch_job_new(lt_free_class_job **J, lt_bchw_t S, const lt_ctx_t ctx, lt_err_t err)
{
    *J = NULL;
    if (S->B->r != 2 || !lp_class_count(S->B))
        return lt_err_set(err, LT_EINPUT, "the BCH series by classes needs a basis on 2 letters to degree at most 62");
    lt_free_class_job *j = lt_calloc(1, sizeof *j);
    factors_bch(&j->F);
    j->bch = 1;
    j->S = S;
    return job_setup(J, j, S->B, 1, ctx, err);
}

lt_status lt_free_magnus_job_new(lt_free_class_job **J, fmpq *c, const lt_lyndon_t B, const lt_free_word_t W,
                                 const lt_ctx_t ctx, lt_err_t err)
{
    *J = NULL;
    if (B->r != W->r || !lp_class_count(B))
        return lt_err_set(err, LT_EINPUT, "the Magnus series by classes needs the basis on the word's %d letters, "
                          "to an order of at most 62 with (order + 1)^letters at most 2^22", W->r);
    if (W->m > 3) {
        lt_status st = word_cost_check(B->N, B->r, W->m, ctx, err);
        if (st) return st;
    }
    lt_free_class_job *j = lt_calloc(1, sizeof *j);
    lt_status st = factors_word(&j->F, B->r, W->m, W->letters, W->t, err);
    if (st) { lt_free(j); return st; }
    j->c = c;
    return job_setup(J, j, B, 0, ctx, err);
}

/* The Lyndon words of n letters, o of them 1, on 2 letters: the necklace
   formula (1/n) sum_{d | gcd(n, o)} mu(d) C(n/d, o/d), exactly (n <= 62). */
static slong lyndon_class_size(int n, int o)
{
    int g = n;
    for (int a = n, b = o; b; ) { int t = a % b; a = b; b = t; g = a; }
    __int128 sum = 0;
    for (int d = 1; d <= g; d++) {
        if (g % d) continue;
        int mu = lt_free_moebius_((ulong)d);
        if (!mu) continue;
        unsigned __int128 c = 1;
        int m = n / d, k = o / d;
        for (int i = 1; i <= k; i++) c = c * (unsigned __int128)(m - k + i) / (unsigned __int128)i;
        sum += mu * (__int128)c;
    }
    return (slong)(sum / n);
}

lt_status lt_free_bch_job_alone(lt_free_class_job **J, int N, const lt_ctx_t ctx, lt_err_t err)
{
    *J = NULL;
    if (N < 1 || N > 62)
        return lt_err_set(err, LT_EINPUT, "the BCH series by classes runs to degree at most 62, not %d", N);
    lt_free_class_job *j = lt_calloc(1, sizeof *j);
    factors_bch(&j->F);
    j->bch = 1;
    lp_pool *Q = &j->Q;
    lp_pool_init(Q, NULL, NULL, NULL, &j->F, ctx);
    /* the classes of odd degree, numbered and sized as lp_pool_setup
       counts them in the basis, so that every rank has the same jobs */
    slong ncls = (slong)(N + 1) * (N + 1);
    slong *cstart = lt_calloc((size_t)ncls + 1, sizeof(slong));
    for (int n = 1; n <= N; n += 2)
        for (int o = 0; o <= n; o++) cstart[(slong)n * (N + 1) + o + 1] = lyndon_class_size(n, o);
    for (slong k = 0; k < ncls; k++) cstart[k + 1] += cstart[k];
    lp_pool_jobs(Q, cstart, ncls, N, 2);
    lt_free(cstart);
    pthread_mutex_init(&Q->lock, NULL);
    lt_status st = cost_limit(Q->total, N, ctx, err);
    j->part = lt_calloc((size_t)Q->njobs + 1, sizeof *j->part);
    *J = j;
    if (st) { lt_free_class_job_free(j); *J = NULL; }
    return st;
}

/* Class k of a job without a basis: its words generated (the Lyndon words
   of its multidegree), their basis (lt_free_lyndon_closure_), the class
   run in it, as lt_free_bch_lyndon_coefficient runs one */
static void job_run_alone(lt_free_class_job *J, slong k, int main_thread)
{
    const lp_job *jb = J->Q.jobs + k;
    int n = jb->n;
    slong s = jb->s;
    job_part *p = lt_calloc(1, sizeof *p);
    unsigned char *words = lt_malloc((size_t)s * (size_t)n + 1);
    slong got = lt_free_lyndon_content_(words, jb->deg, n, 2, s);
    assert(got == s);
    (void)got;
    lt_lyndon_init(&p->L);
    lt_free_lyndon_closure_(&p->L, 2, n, words, s);
    p->idx = lt_malloc((size_t)(s + 1) * sizeof(int32_t));
    /* the words of degree n are the class's, in order (a letter is its own element) */
    for (slong i = 0; i < s; i++) p->idx[i] = n == 1 ? words[0] : (int32_t)(p->L.deg_start[n] + i);
    lt_free(words);
    lt_bchw_init(&p->S, &p->L, 1);
    lp_pool Q = J->Q;
    Q.B = &p->L;
    Q.cidx = p->idx;
    Q.S = &p->S;
    /* the progress of this class from the job's (threads may run others) */
    pthread_mutex_lock(&J->Q.lock);
    Q.done = J->Q.done;
    pthread_mutex_unlock(&J->Q.lock);
    double before = Q.done;
    pthread_mutex_init(&Q.lock, NULL);
    lp_job one = *jb;
    one.start = 0;
    lp_run_job(&Q, &one, main_thread);
    pthread_mutex_destroy(&Q.lock);
    pthread_mutex_lock(&J->Q.lock);
    J->Q.done += Q.done - before;
    J->part[k] = p;
    pthread_mutex_unlock(&J->Q.lock);
}

const uint64_t *lt_free_class_job_result(fmpz_t D, const fmpz **big, const lt_free_class_job *J, slong k)
{
    const job_part *p = J->part ? J->part[k] : NULL;
    assert(p);
    const lp_job *jb = J->Q.jobs + k;
    int n = jb->n;
    slong cls = (slong)n * (p->L.N + 1) + jb->o, at = p->idx[0] - p->L.deg_start[n];
    fmpz_set(D, p->S.den + cls);
    /* the class's words are its basis's degree n, in order: the values too */
    *big = p->S.isbig[cls] ? p->S.big[n] + at : NULL;
    return *big ? NULL : p->S.num + 2 * (p->S.off[n] + at);
}

void lt_bchw_set_class(lt_bchw_t S, int n, int o, const int32_t *idx, slong s, const fmpz_t D, const uint64_t *num,
                       const fmpz *big)
{
    const lt_lyndon_struct *B = S->B;
    if (num) {
        slong cls = (slong)n * (B->N + 1) + o, first = B->deg_start[n];
        fmpz_set(S->den + cls, D);
        uint64_t *dst = S->num + 2 * S->off[n];
        for (slong i = 0; i < s; i++) {
            dst[2 * (idx[i] - first)] = num[2 * i];
            dst[2 * (idx[i] - first) + 1] = num[2 * i + 1];
        }
        return;
    }
    fmpz *R = _fmpz_vec_init(s);
    _fmpz_vec_set(R, big, s);
    fmpz_t d;
    fmpz_init_set(d, D);
    bchw_store(S, n, o, idx, s, R, NULL, d, NULL);
    fmpz_clear(d);
    _fmpz_vec_clear(R, s);
}

void lt_free_class_job_release(lt_free_class_job *J, slong k)
{
    job_part *p = J->part ? J->part[k] : NULL;
    if (!p) return;
    lt_bchw_clear(&p->S);
    lt_lyndon_clear(&p->L);
    lt_free(p->idx);
    lt_free(p);
    J->part[k] = NULL;
}

void lt_free_class_job_word(unsigned char *w, const lt_free_class_job *J, slong k, slong t)
{
    const job_part *p = J->part ? J->part[k] : NULL;
    if (p) lt_lyndon_word(&p->L, p->idx[t], w);
    else lt_lyndon_word(J->B, J->Q.cidx[J->Q.jobs[k].start + t], w);
}

void lt_free_class_job_coef(fmpq_t c, const lt_free_class_job *J, slong k, slong t)
{
    const job_part *p = J->part ? J->part[k] : NULL;
    if (p) lt_bchw_get_w(c, &p->S, p->idx[t]);
    else lt_free_class_job_get(c, J, J->Q.cidx[J->Q.jobs[k].start + t]);
}

void lt_free_class_job_free(lt_free_class_job *J)
{
    if (!J) return;
    if (J->part) {
        for (slong k = 0; k < J->Q.njobs; k++) lt_free_class_job_release(J, k);
        lt_free(J->part);
    }
    lp_pool_free(&J->Q);
    if (J->bch) factors_bch_clear(&J->F);
    else factors_word_clear(&J->F);
    lt_free(J);
}

slong lt_free_class_job_classes(const lt_free_class_job *J)
{
    return J->Q.njobs;
}

void lt_free_class_job_class(const lt_free_class_job *J, slong k, lt_free_class *C)
{
    const lp_job *j = J->Q.jobs + k;
    C->n = j->n;
    C->r = J->B ? J->B->r : 2;   /* without a basis: the BCH series */
    C->deg = j->deg;
    C->s = j->s;
    C->work = j->work;
    C->idx = J->B ? J->Q.cidx + j->start : NULL;
}

void lt_free_class_job_run(lt_free_class_job *J, slong k)
{
    if (!J->B) job_run_alone(J, k, 1);
    else lp_run_job(&J->Q, J->Q.jobs + k, 1);
}

void lt_free_class_job_finish(lt_free_class_job *J)
{
    (void)J;
}

void lt_free_class_job_get(fmpq_t c, const lt_free_class_job *J, slong i)
{
    if (J->S) lt_bchw_get_w(c, J->S, i);
    else fmpq_set(c, J->c + i);
}

void lt_free_class_job_set(lt_free_class_job *J, slong k, const fmpq *v)
{
    assert(J->B);
    const lp_job *j = J->Q.jobs + k;
    const int32_t *idx = J->Q.cidx + j->start;
    if (!J->S) {
        for (slong i = 0; i < j->s; i++) fmpq_set(J->c + idx[i], v + i);
        return;
    }
    /* over the least common denominator of the class */
    fmpz_t den;
    fmpz_init_set_ui(den, 1);
    fmpz *R = _fmpz_vec_init(j->s);
    for (slong i = 0; i < j->s; i++) fmpz_lcm(den, den, fmpq_denref(v + i));
    for (slong i = 0; i < j->s; i++) {
        fmpz_divexact(R + i, den, fmpq_denref(v + i));
        fmpz_mul(R + i, R + i, fmpq_numref(v + i));
    }
    bchw_store(J->S, j->n, j->o, idx, j->s, R, NULL, den, NULL);
    _fmpz_vec_clear(R, j->s);
    fmpz_clear(den);
}

lt_status lt_free_bch_prepare(lt_bchw_t S, lt_lyndon_t B, long N, int symmetric, int table, int factors,
                              const lt_ctx_t ctx, lt_err_t err)
{
    lt_status st = lt_free_bch_check(N, ctx, err);
    /* the threads woken while the basis is made */
    if (!st && N >= 14) lt_threads_warm(lt_free_bch_threads());
    long NB = table && N % 2 == 0 ? N - 1 : N;
    if (!st) st = factors ? lt_free_lyndon_basis(B, 2, NB, ctx, err) : lt_free_lyndon_words(B, 2, NB, ctx, err);
    if (!st) lt_bchw_init(S, B, symmetric);
    return st;
}
