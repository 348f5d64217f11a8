/* Exact Lie series in the Lyndon basis: Z = log(e^{t_1 x_{l_1}} ... e^{t_m x_{l_m}}),
   the Baker-Campbell-Hausdorff series and its symmetric form.

   Method (a plain one; the fast algorithm of Casas and Murua, J. Math. Phys.
   50 (2009) 033513, is left for later):

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
#include <string.h>
#include <stdint.h>
#include <assert.h>
#include <flint/fmpz.h>
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

/* S = sum_k (-1)^(k+1) (L/k) B_k(n) for the word v of length n (see the top). */
typedef struct {
    slong n;
    fmpz *Wt, *Bk;      /* (n+1)^2 each */
    fmpz *binom;        /* binom[i*(n+1)+j] */
    fmpz *Ldiv;         /* L/k, k = 1..n */
    states s1, s2;
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

lt_status lt_free_log_exp(fmpq *c, const lt_lyndon_t B, slong m, const int *letters,
                          const fmpq *t, const lt_ctx_t ctx, lt_err_t err)
{
    int r = B->r, N = B->N;
    for (slong s = 0; s < m; s++)
        if (letters[s] < 0 || letters[s] >= r)
            return lt_err_set(err, LT_EINPUT, "factor %ld: letter %d is not one of the %d letters", (long)s + 1, letters[s], r);
    /* words of length N packed in base r into 64 bits */
    uint64_t rpow[65];
    rpow[0] = 1;
    for (int k = 1; k <= N; k++) {
        if (k > 64 || rpow[k - 1] > UINT64_MAX / (uint64_t)r)
            return lt_err_set(err, LT_ELIMIT, "words of length %d on %d letters do not fit in 64 bits (this method's limit)", N, r);
        rpow[k] = rpow[k - 1] * (uint64_t)r;
    }
    factors F;
    F.m = m;
    F.l = letters;
    F.p = _fmpz_vec_init(m + 1);
    fmpz_init_set_ui(F.q, 1);
    for (slong s = 0; s < m; s++) fmpz_lcm(F.q, F.q, fmpq_denref(t + s));
    for (slong s = 0; s < m; s++) {
        fmpz_divexact(F.p + s, F.q, fmpq_denref(t + s));
        fmpz_mul(F.p + s, F.p + s, fmpq_numref(t + s));
    }
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
        for (slong a = 0; a < nw; a++) {
            const unsigned char *v = lt_lyndon_word(B, lo + a);
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
                    st = lt_err_set(err, LT_ELIMIT, "the expansions of the Lyndon brackets up to degree %d need more than --max-memory %ld MiB",
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
    _fmpz_vec_clear(F.p, m + 1);
    fmpz_clear(F.q);
    return st;
}

lt_status lt_free_bch(fmpq *c, const lt_lyndon_t B, int symmetric, const lt_ctx_t ctx, lt_err_t err)
{
    if (B->r != 2)
        return lt_err_set(err, LT_EINPUT, "the BCH series needs a basis on 2 letters, not %d", B->r);
    int l[3] = {0, 1, 0};
    fmpq t[3];
    for (int s = 0; s < 3; s++) fmpq_init(t + s);
    lt_status st;
    if (symmetric) {
        fmpq_set_si(t + 0, 1, 2);
        fmpq_set_si(t + 1, 1, 1);
        fmpq_set_si(t + 2, 1, 2);
        st = lt_free_log_exp(c, B, 3, l, t, ctx, err);
    } else {
        fmpq_set_si(t + 0, 1, 1);
        fmpq_set_si(t + 1, 1, 1);
        st = lt_free_log_exp(c, B, 2, l, t, ctx, err);
    }
    for (int s = 0; s < 3; s++) fmpq_clear(t + s);
    return st;
}
