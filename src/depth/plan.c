/* The theory verdict (lietool/depth.h): can k layers of a family track a
   task exactly at every length, or up to length T? Every rule below states
   the result it applies; where none decides the question the answer is
   open (-1).

   Families and the results used (short citations: lt_depth_cite and
   lietool(1), REFERENCES):
   - abelian: Heo et al. 2026, Theorem 3.4 (derived length d => d layers
     suffice) and Proposition 3.3 (k layers reach derived length <= k);
     Proposition 3.7 (words of length T: at most ceil(log2 T) + 1 layers,
     v1; floor(log2 T) + 1, sharp) and Corollary 3.8 (its width).
   - diag-complex: Shakerinava et al. 2026: k complex-diagonal layers track
     a group iff its derived length is <= k.
   - diag-positive, diag-signed, diag-complex are restricted layers
     (commuting transitions, free input term): Proposition 3.3, derived
     length <= 2k.
   - diag-positive: Sarrof, Veitsman and Hahn 2024: finite-precision SSMs
     with non-negative gates recognise star-free languages only, and the
     word problem of a non-trivial group is not star-free (its syntactic
     monoid contains the group; Schutzenberger 1965); Grazzi et al. 2025,
     Theorem 1: finite-precision LRNNs whose transitions have only
     non-negative eigenvalues cannot do parity.
   - diag-signed: Grazzi et al. 2025: a -1 eigenvalue does parity; counting
     modulo 3 needs non-real eigenvalues (non-triangular transitions), so
     an element of order 3 (3 | |G|, Cauchy) defeats every depth: a model
     for G's word problem answers the word problem of every subgroup.
     2-groups: a cascade along the Frattini series (Kaloujnine-Krasner),
     one layer of sign channels per elementary abelian factor, is
     lietool's own construction from those parts.
   - householder-N: one layer whose transitions are permutation matrices:
     a permutation g of m points is a product of m - cycles(g)
     transpositions, each the reflection I - 2vv^T with v = (e_i - e_j)/sqrt 2
     (as in Siems et al. 2025, DeltaProduct); Siems et al. 2025, Section 4
     ("Two Layer DeltaNet Can Solve Dihedral Group Word Problems", from
     their v4): two DeltaNet layers (one reflection per token) solve the
     word problem of every dihedral group; Grazzi et al. 2025: finitely
     many layers of such products recognise every regular language (the
     number of layers is not given).
   - closure (contain): a construction in a family holds in every family
     that includes it, an impossibility in every family it includes
     (includes() lists the inclusions); householder-N also cascades along
     the derived series (cascade_householder, Kaloujnine-Krasner).
   - transformer: Merrill, Petty and Sabharwal 2024 (constant depth is in
     TC0) and Barrington 1989 (non-solvable word problems are
     NC1-complete): impossible unless TC0 = NC1; Liu et al. 2023: shortcuts
     for every length T, with a size that grows with T. */
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <math.h>
#include "lietool/depth.h"

/* ---- families ---- */

static const char *const fam_names[LT_FAM_COUNT] = {
    [LT_FAM_ABELIAN] = "abelian", [LT_FAM_DIAG_POSITIVE] = "diag-positive",
    [LT_FAM_DIAG_SIGNED] = "diag-signed", [LT_FAM_DIAG_COMPLEX] = "diag-complex",
    [LT_FAM_HOUSEHOLDER] = "householder", [LT_FAM_TRANSFORMER] = "transformer",
    [LT_FAM_HOUSEHOLDER_POS] = "householder-positive", [LT_FAM_PD] = "pd",
};

const char *lt_arch_name(char *buf, size_t size, const lt_arch *a)
{
    if (a->kind == LT_FAM_HOUSEHOLDER) snprintf(buf, size, "householder-%d", a->householders);
    else if (a->kind == LT_FAM_HOUSEHOLDER_POS) snprintf(buf, size, "householder-%d-positive", a->householders);
    else snprintf(buf, size, "%s", fam_names[a->kind]);
    return buf;
}

int lt_arch_parse(lt_arch *a, const char *s)
{
    /* householder-N and householder-N-positive */
    if (strncmp(s, "householder-", 12) == 0) {
        int N = 0;
        const char *p = s + 12;
        if (*p < '1' || *p > '9') return -1;
        for (; *p >= '0' && *p <= '9'; p++) {
            N = 10 * N + (*p - '0');
            if (N > 64) return -1;
        }
        int pos = strcmp(p, "-positive") == 0;
        if (*p && !pos) return -1;
        a->kind = pos ? LT_FAM_HOUSEHOLDER_POS : LT_FAM_HOUSEHOLDER;
        a->householders = N;
        return 0;
    }
    for (int f = 0; f < LT_FAM_COUNT; f++) {
        if (f == LT_FAM_HOUSEHOLDER_POS || strcmp(s, fam_names[f]) != 0) continue;
        a->kind = (lt_family)f;
        a->householders = f == LT_FAM_HOUSEHOLDER ? 1 : 0;
        return 0;
    }
    return -1;
}

const char *lt_arch_list(void)
{
    return "abelian, diag-positive, diag-signed, diag-complex, householder-N, householder-N-positive (N = 1..64), pd, "
           "transformer";
}

/* Architectures and the families that describe them, with the reason. */
static const struct {
    const char *name;
    lt_family kind;
    int householders;       /* -1: --householder N (default 2) */
    const char *why;
} arch_names[] = {
    {"mamba", LT_FAM_DIAG_POSITIVE, 0, "Mamba-1: diagonal exp(-softplus(dt) exp(A_log)), eigenvalues in (0,1)"},
    {"mamba2", LT_FAM_DIAG_POSITIVE, 0, "Mamba-2: a scalar exp(dt A) per head, A < 0, in (0,1)"},
    {"gla", LT_FAM_DIAG_POSITIVE, 0, "GLA: diagonal sigmoid-like gates in (0,1)"},
    {"mamba-signed", LT_FAM_DIAG_SIGNED, 0, "Mamba-1 with the eigenvalue range doubled to (-1,1) (Grazzi et al. 2025)"},
    {"mamba2-signed", LT_FAM_DIAG_SIGNED, 0, "Mamba-2 with the eigenvalue range doubled to (-1,1) (Grazzi et al. 2025)"},
    {"mamba3", LT_FAM_DIAG_COMPLEX, 0, "Mamba-3: complex (rotational) diagonal transitions (arXiv 2603.15569)"},
    {"delta_net", LT_FAM_HOUSEHOLDER_POS, 1, "DeltaNet as FLA builds it by default (allow_neg_eigval false): one generalized "
     "Householder factor with beta in [0,1] per token"},
    {"delta_net-signed", LT_FAM_HOUSEHOLDER, 1, "DeltaNet with allow_neg_eigval: beta in [0,2], eigenvalues in [-1,1]"},
    {"gated_deltaproduct", LT_FAM_HOUSEHOLDER, -1, "Gated DeltaProduct as its paper trains it (negative eigenvalues "
     "allowed): N generalized Householder factors per token, eigenvalues in [-1,1]"},
    {"pd_ssm", LT_FAM_PD, 0, "PD-SSM: a column one-hot matrix times a diagonal per token"},
    {"transformer", LT_FAM_TRANSFORMER, 0, "softmax attention, constant depth"},
};

int lt_arch_from_name(lt_arch *a, const char **why, const char *name, int householders)
{
    for (size_t i = 0; i < sizeof arch_names / sizeof *arch_names; i++) {
        if (strcmp(name, arch_names[i].name) != 0) continue;
        a->kind = arch_names[i].kind;
        a->householders = arch_names[i].householders >= 0 ? arch_names[i].householders
                          : householders > 0 ? householders : 2;
        *why = arch_names[i].why;
        return 0;
    }
    return -1;
}

const char *lt_arch_names(void)
{
    return "mamba, mamba2, gla, mamba-signed, mamba2-signed, mamba3, delta_net, delta_net-signed, gated_deltaproduct, "
           "pd_ssm, transformer";
}

/* ---- the task ---- */

void lt_plan_task_init(lt_plan_task_t P)
{
    memset(P, 0, sizeof *P);
    P->derived_length = -1;
    P->frattini_length = -1;
    P->reflection_length = -1;
    mpz_init(P->order);
}

void lt_plan_task_clear(lt_plan_task_t P)
{
    mpz_clear(P->order);
}

/* Phi(H) = H' H^2 for a 2-group H: the derived subgroup and the squares of
   the generators (modulo H', H is abelian, so these generate H^2 H'). */
static lt_status frattini(lt_pgrp_t F, lt_pgrp_t H, const lt_ctx_t ctx, lt_err_t err)
{
    lt_pgrp_t D;
    lt_pgrp_init(D, H->n);
    lt_status st = lt_pgrp_derived_subgroup(D, H, ctx, err);
    if (!st) {
        int *sq = lt_malloc((size_t)H->n * sizeof *sq);
        lt_pgrp_set(F, D);
        for (int i = 0; i < H->ngens; i++) {
            lt_perm_mul(sq, H->gens[i], H->gens[i], H->n);
            lt_pgrp_add_gen(F, sq);
        }
        lt_free(sq);
        st = lt_pgrp_chain(F, H->order, ctx, err);
    }
    lt_pgrp_clear(D);
    return st;
}

static int cycles(const int *g, int n, char *seen)
{
    int c = 0;
    memset(seen, 0, (size_t)n);
    for (int i = 0; i < n; i++) {
        if (seen[i]) continue;
        c++;
        for (int j = i; !seen[j]; j = g[j]) seen[j] = 1;
    }
    return c;
}

/* The order of the permutation g: the lcm of its cycle lengths (saturated). */
static long perm_order(const int *g, int n, char *seen)
{
    long o = 1;
    memset(seen, 0, (size_t)n);
    for (int i = 0; i < n; i++) {
        if (seen[i]) continue;
        long len = 0;
        for (int j = i; !seen[j]; j = g[j]) { seen[j] = 1; len++; }
        long a = o, b = len;
        while (b) { long t = a % b; a = b; b = t; }
        if (o / a > LONG_MAX / len) return LONG_MAX;
        o = o / a * len;
    }
    return o;
}

/* Whether G (of order N = 2n, n >= 3, enumerated) is dihedral: it holds an
   r of order n and an involution s with s r s = r^-1. Such an s is not in
   <r> (there r^-1 = r would need n <= 2), so <r, s> has order 2n: G itself. */
static int is_dihedral(const lt_pgrp_t G, long long N)
{
    int n = G->n, found = 0;
    int *r = lt_malloc((size_t)(n ? n : 1) * sizeof *r), *rinv = lt_malloc((size_t)(n ? n : 1) * sizeof *rinv);
    int *s = lt_malloc((size_t)(n ? n : 1) * sizeof *s);
    char *seen = lt_malloc((size_t)(n ? n : 1));
    long long i;
    for (i = 0; i < N; i++) {
        lt_pgrp_unrank(r, G, i);
        if (perm_order(r, n, seen) == N / 2) break;
    }
    if (i < N) {
        for (int x = 0; x < n; x++) rinv[r[x]] = x;
        for (long long j = 0; j < N && !found; j++) {
            lt_pgrp_unrank(s, G, j);
            int ok = 1;
            for (int x = 0; x < n && ok; x++) ok = s[s[x]] == x && s[r[s[x]]] == rinv[x];
            found = ok;
        }
    }
    lt_free(r);
    lt_free(rinv);
    lt_free(s);
    lt_free(seen);
    return found;
}

/* The invariants of G's real representations (lt_chartab_invariants);
   0, with the reason in note, when the character table is not computed. */
static int real_invariants(lt_chartab_inv_t *I, lt_pgrp_struct *G, const lt_ctx_t ctx, char *note, size_t n)
{
    lt_chartab_t T;
    lt_err_t terr;
    lt_chartab_init(T);
    lt_err_init(terr);
    int ok = lt_chartab_profile(T, G, ctx, terr) == LT_OK;
    if (ok) lt_chartab_invariants(I, T, 0);
    else if (note) snprintf(note, n, "%s", terr->msg);
    lt_chartab_clear(T);
    return ok;
}

/* The abelian factors G^(i)/G^(i+1) of the derived series: a factor has
   exponent <= 2 when the square of every generator of G^(i) lies in
   G^(i+1) (an abelian group's exponent is the lcm of its generators'
   orders). Not solvable: the reflections per token of the perfect residual
   from its own character table. */
static lt_status derived_factors(lt_plan_task_struct *P, lt_pgrp_series_t S, const lt_ctx_t ctx)
{
    P->derived_factors = S->len - 1;
    P->derived_exp_gt2 = 0;
    P->residual_refl_heads = -1;
    P->residual_order[0] = '\0';
    int n = S->terms[0].n;
    int *sq = lt_malloc((size_t)(n ? n : 1) * sizeof *sq);
    for (int i = 0; i + 1 < S->len; i++) {
        const lt_pgrp_struct *H = &S->terms[i];
        int gt2 = 0;
        for (int j = 0; j < H->ngens && !gt2; j++) {
            lt_perm_mul(sq, H->gens[j], H->gens[j], n);
            gt2 = !lt_pgrp_contains(&S->terms[i + 1], sq);
        }
        P->derived_exp_gt2 += gt2;
    }
    lt_free(sq);
    if (S->reaches_one) return LT_OK;
    lt_pgrp_struct *R = &S->terms[S->len - 1];
    mpz_t o;
    mpz_init(o);
    lt_pgrp_order(o, R);
    gmp_snprintf(P->residual_order, sizeof P->residual_order, "%Zd", o);
    mpz_clear(o);
    lt_chartab_inv_t I;
    if (real_invariants(&I, R, ctx, NULL, 0)) P->residual_refl_heads = I.reflections_heads;
    return LT_OK;
}

/* The non-abelian composition factors of G (not solvable), by name; a
   limit leaves them unnamed, with the reason in simple_note. */
static void simple_factors(lt_plan_task_struct *P, lt_pgrp_t G, const lt_ctx_t ctx)
{
    lt_pgrp_compser_t R;
    lt_err_t e;
    lt_err_init(e);
    lt_pgrp_compser_init(R);
    if (lt_pgrp_composition_series(R, G, ctx, e)) snprintf(P->simple_note, sizeof P->simple_note, "%.150s", e->msg);
    size_t l = 0;
    for (int i = 0; i < R->nfactors && l < sizeof P->simple_factors; i++) {
        const lt_pgrp_factor_struct *F = &R->factors[i];
        if (F->abelian) continue;
        char *o = F->name[0] ? NULL : mpz_get_str(NULL, 10, F->order);
        l += (size_t)snprintf(P->simple_factors + l, sizeof P->simple_factors - l, "%s%s%s", l ? ", " : "",
                              o ? "simple of order " : F->name, o ? o : "");
        if (o) {
            void (*gmp_free)(void *, size_t);
            mp_get_memory_functions(NULL, NULL, &gmp_free);
            gmp_free(o, strlen(o) + 1);
        }
    }
    lt_pgrp_compser_clear(R);
}

lt_status lt_plan_task_group(lt_plan_task_t P, lt_pgrp_t G, const lt_ctx_t ctx, lt_err_t err)
{
    lt_pgrp_series_t S;
    lt_pgrp_series_init(S);
    lt_status st = lt_pgrp_derived_series(S, G, ctx, err);
    if (st) { lt_pgrp_series_clear(S); return st; }
    P->is_lie = 0;
    P->derived_length = S->reaches_one ? S->len - 1 : -1;
    st = derived_factors(P, S, ctx);
    lt_pgrp_series_clear(S);
    if (st) return st;
    lt_pgrp_order(P->order, G);
    P->degree = G->n;
    P->simple_factors[0] = P->simple_note[0] = '\0';
    if (P->derived_length < 0) simple_factors(P, G, ctx);
    P->trivial = mpz_cmp_ui(P->order, 1) == 0;
    mpz_t odd;
    mpz_init(odd);
    mp_bitcnt_t twos = mpz_scan1(P->order, 0);
    mpz_tdiv_q_2exp(odd, P->order, twos);
    P->order_odd_factor = mpz_cmp_ui(odd, 1) > 0;
    P->two_group = !P->order_odd_factor && !P->trivial;
    mpz_clear(odd);
    P->frattini_length = -1;
    if (P->two_group) {
        /* G > Phi(G) > Phi(Phi(G)) > ... > 1 */
        lt_pgrp_t H, F;
        lt_pgrp_init(H, G->n);
        lt_pgrp_set(H, G);
        st = lt_pgrp_chain(H, G->order, ctx, err);
        long len = 0;
        while (!st && !lt_pgrp_is_trivial(H)) {
            lt_pgrp_init(F, G->n);
            st = frattini(F, H, ctx, err);
            lt_pgrp_clear(H);
            memcpy(H, F, sizeof F);
            len++;
        }
        lt_pgrp_clear(H);
        if (st) return st;
        P->frattini_length = len;
    }
    /* the reflections a permutation matrix needs: enumerate G when allowed */
    P->reflection_length = -1;
    P->dihedral = -1;
    if (mpz_cmp_si(P->order, ctx->max_enum) <= 0) {
        long long N = (long long)mpz_get_si(P->order);
        int *g = lt_malloc((size_t)(G->n ? G->n : 1) * sizeof *g);
        char *seen = lt_malloc((size_t)(G->n ? G->n : 1));
        long R = 0;
        for (long long r = 0; r < N && R < G->n - 1; r++) {
            lt_pgrp_unrank(g, G, r);
            long need = G->n - cycles(g, G->n, seen);
            if (need > R) R = need;
        }
        lt_free(g);
        lt_free(seen);
        P->reflection_length = R;
        P->dihedral = N >= 6 && N % 2 == 0 && P->derived_length == 2 && is_dihedral(G, N);
    }
    P->min_perm_degree = -1;
    {
        lt_pgrp_mindeg_t mu;
        lt_err_t merr;
        lt_pgrp_mindeg_init(mu);
        lt_err_init(merr);
        if (lt_pgrp_min_faithful_degree(mu, G, ctx, merr) == LT_OK && mu->exact) P->min_perm_degree = mu->lo;
        lt_pgrp_mindeg_clear(mu);
    }
    /* cyclic: abelian with an element of order |G| (the exponent) */
    P->cyclic = 0;
    if (lt_pgrp_is_abelian(G)) {
        mpz_t e;
        mpz_init(e);
        lt_err_t eerr;
        lt_err_init(eerr);
        P->cyclic = lt_pgrp_exponent(e, G, ctx, eerr) ? -1 : mpz_cmp(e, P->order) == 0;
        mpz_clear(e);
    }
    /* the real representations of the abstract group */
    P->chartab = 0;
    P->chartab_note[0] = '\0';
    lt_chartab_inv_t I;
    if (real_invariants(&I, G, ctx, P->chartab_note, sizeof P->chartab_note)) {
        P->chartab = 1;
        P->refl_heads = I.reflections_heads;
        P->heads_used = I.heads_used;
        P->heads_max_dim = I.heads_max_dim;
        P->refl_one_head = I.reflections_one_head;
        P->refl_one_head_exact = I.one_head_exact;
        P->one_head_dim = I.one_head_dim;
        P->real_dim_min = I.min_faithful_real_dim;
    }
    return LT_OK;
}

lt_status lt_plan_task_liealg(lt_plan_task_t P, const lt_liealg_t L, const lt_ctx_t ctx, lt_err_t err)
{
    (void)ctx; (void)err;
    lt_lseries_t S;
    lt_lseries_init(S);
    lt_liealg_derived_series(S, L);
    P->is_lie = 1;
    P->derived_length = S->reaches_zero ? S->len - 1 : -1;
    P->trivial = L->dim == 0;
    lt_lseries_clear(S);
    return LT_OK;
}

/* ---- the verdict ---- */

void lt_plan_verdict_init(lt_plan_verdict_t V)
{
    memset(V, 0, sizeof *V);
    mpz_init(V->width);
}

static void claims_clear(lt_plan_verdict_t V)
{
    for (int i = 0; i < V->nclaims; i++) lt_free(V->claims[i].claim);
    V->nclaims = 0;
}

void lt_plan_prepend_claim(lt_plan_verdict_t V, const char *source, const char *text)
{
    if (V->nclaims >= LT_PLAN_MAX_CLAIMS) {
        V->nclaims--;
        lt_free(V->claims[V->nclaims].claim);
    }
    memmove(V->claims + 1, V->claims, (size_t)V->nclaims * sizeof *V->claims);
    V->claims[0].claim = lt_strdup(text);
    V->claims[0].source = source;
    V->nclaims++;
}

void lt_plan_verdict_clear(lt_plan_verdict_t V)
{
    claims_clear(V);
    mpz_clear(V->width);
}

static void claim(lt_plan_verdict_struct *V, const char *source, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void claim(lt_plan_verdict_struct *V, const char *source, const char *fmt, ...)
{
    if (V->nclaims >= LT_PLAN_MAX_CLAIMS) return;
    char buf[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    size_t n = strlen(buf) + 1;
    char *s = lt_malloc(n);
    memcpy(s, buf, n);
    V->claims[V->nclaims].claim = s;
    V->claims[V->nclaims].source = source;
    V->nclaims++;
}

/* Sets the answer for k layers from the range of layer counts known: k >=
   fewest (>= 0) is exact, k <= most_not is not. */
static void decide(lt_plan_verdict_struct *V, long k)
{
    if (V->impossible_every_depth) V->exact = 0;
    else if (V->fewest_suffice >= 0 && k >= V->fewest_suffice) V->exact = 1;
    else if (V->most_not >= 0 && k <= V->most_not) V->exact = 0;
    else V->exact = -1;
}

static const char *S_HEO33 = "Heo et al. 2026, Proposition 3.3";
static const char *S_HEO34 = "Heo et al. 2026, Theorem 3.4";
static const char *S_HEO37 = "Heo et al. 2026, Proposition 3.7";
static const char *S_HEO38 = "Heo et al. 2026, Corollary 3.8";
static const char *S_SHAK = "Shakerinava et al. 2026";
static const char *S_SARROF = "Sarrof, Veitsman and Hahn 2024";
static const char *S_GRAZZI = "Grazzi et al. 2025";
static const char *S_SIEMS = "Siems et al. 2025";
static const char *S_MERRILL = "Merrill, Petty and Sabharwal 2024; Barrington 1989";
static const char *S_LIU = "Liu et al. 2023";
static const char *S_CASCADE = "lietool: Frattini-series cascade (Kaloujnine-Krasner) of sign layers (Grazzi et al. 2025)";
static const char *S_SIMPLE = "Heo et al. 2026, Proposition 3.3 and Corollary 3.6";
static const char *S_SIMPLE_TC0 = "Barrington 1989; Merrill, Petty and Sabharwal 2024";
static const char *S_SUBGROUP = "lietool: a model for G's word problem answers every subgroup's";
static const char *S_TERZIC = "Terzic et al. 2025 (PD-SSM)";
static const char *S_GRAZZI_T1 = "Grazzi et al. 2025, Theorem 1";
static const char *S_CASCADE_DERIVED = "lietool: derived-series cascade (Kaloujnine-Krasner)";
static const char *S_CARTAN = "Cartan-Dieudonne; the real representations from lietool's character table";

static long half_up(long d) { return (d + 1) / 2; }

/* The rules of restricted layers (Proposition 3.3): derived length <= 2k. */
static void restricted_bound(lt_plan_verdict_struct *V, const lt_plan_task_struct *P, const char *what)
{
    long d = P->derived_length;
    if (d < 0) {
        V->impossible_every_depth = 1;
        claim(V, S_HEO33, "%s layers are restricted (commuting transitions): k of them reach only solvable "
              "algebras, of derived length at most 2k; the task is not solvable", what);
    } else if (d > 0) {
        if (half_up(d) - 1 > V->most_not) V->most_not = half_up(d) - 1;
        claim(V, S_HEO33, "%s layers are restricted: k of them reach derived length at most 2k, so derived "
              "length %ld needs at least %ld", what, d, half_up(d));
    }
}

static void plan_abelian(lt_plan_verdict_struct *V, const lt_plan_task_struct *P, int complex_diag)
{
    long d = P->derived_length;
    if (d < 0) {
        V->impossible_every_depth = 1;
        if (complex_diag)
            claim(V, S_SHAK, "k complex-diagonal layers track a group iff its derived length is at most k; "
                  "the group is not solvable, so no depth is exact at every length");
        else
            claim(V, S_HEO33, "k abelian layers reach only solvable algebras (derived length at most k); "
                  "the task is not solvable, so no depth is exact at every length");
        return;
    }
    V->fewest_suffice = d;
    V->most_not = d - 1;
    if (complex_diag)
        claim(V, S_SHAK, "k complex-diagonal layers track a group iff its derived length is at most k: "
              "derived length %ld needs exactly %ld", d, d);
    else {
        claim(V, S_HEO34, "derived length %ld: %ld abelian layer%s suffice%s at every length", d, d,
              d == 1 ? "" : "s", d == 1 ? "s" : "");
        if (d > 0)
            claim(V, S_HEO33, "k abelian layers reach derived length at most k: fewer than %ld cannot be exact", d);
    }
}

static void plan_positive(lt_plan_verdict_struct *V, const lt_plan_task_struct *P)
{
    if (P->is_lie) {
        restricted_bound(V, P, "diag-positive");
        claim(V, "", "no published result decides diag-positive layers on a continuous (Lie algebra) task beyond that");
        return;
    }
    V->impossible_every_depth = 1;
    claim(V, S_SARROF, "finite-precision SSMs whose gates are non-negative recognise only star-free languages; "
          "the word problem of a non-trivial group is not star-free, so no depth is exact at every length");
    if (!P->order_odd_factor)
        claim(V, S_GRAZZI, "eigenvalues in [0,1] cannot count modulo 2 (parity), and the group has an element of order 2");
}

static void plan_signed(lt_plan_verdict_struct *V, const lt_plan_task_struct *P)
{
    restricted_bound(V, P, "diag-signed");
    if (P->is_lie) {
        claim(V, "", "no published result decides diag-signed layers on a continuous (Lie algebra) task beyond that");
        return;
    }
    if (mpz_divisible_ui_p(P->order, 3)) {
        V->impossible_every_depth = 1;
        claim(V, S_GRAZZI, "real eigenvalues cannot count modulo 3 (it needs non-triangular transitions)");
        claim(V, S_SUBGROUP, "3 divides the order, so the group has an element of order 3 (Cauchy) and its word "
              "problem contains counting modulo 3: no depth is exact at every length");
        return;
    }
    if (P->two_group) {
        long f = P->frattini_length;
        if (mpz_cmp_ui(P->order, 2) == 0)
            claim(V, S_GRAZZI, "a -1 eigenvalue counts modulo 2: one signed layer tracks C2");
        else claim(V, S_CASCADE, "a 2-group with Frattini series of length %ld: %ld layer%s of sign channels, one per "
              "elementary abelian factor, suffice%s at every length", f, f, f == 1 ? "" : "s", f == 1 ? "s" : "");
        V->fewest_suffice = f;
        return;
    }
    claim(V, "", "the order has an odd prime factor other than 3: whether real eigenvalues can count modulo it "
          "at finite precision is not decided by the results lietool uses");
}

/* Kaloujnine-Krasner: G embeds in N wr G/N, so layers tracking G/N
   followed by layers tracking N (fed, position by position, the token's
   N-part under the quotient's prefix) track G; along the derived series
   the layer counts add up. An abelian factor takes one layer of
   householder-N for N >= 2 (rotation heads) and for N = 1 when its
   exponent is <= 2 (sign heads), else two DeltaNet layers (a cyclic group
   inside a dihedral one, Siems et al. 2025, one head per cyclic factor);
   the perfect residual takes one layer when its own real representations
   allow it. */
static void cascade_householder(lt_plan_verdict_struct *V, const lt_plan_task_struct *P, int N)
{
    if (P->derived_factors < 1 || (P->derived_length < 0 && (P->residual_refl_heads < 0 || P->residual_refl_heads > N)))
        return;
    long k = P->derived_factors + (N == 1 ? P->derived_exp_gt2 : 0) + (P->derived_length < 0);
    if (V->fewest_suffice >= 0 && V->fewest_suffice <= k) return;
    V->fewest_suffice = k;
    char res[160] = "";
    if (P->derived_length < 0)
        snprintf(res, sizeof res, ", then one layer for the perfect residual (order %s), whose real irreducible "
                 "representations need %ld reflection%s per token", P->residual_order, P->residual_refl_heads,
                 P->residual_refl_heads == 1 ? "" : "s");
    char ab[160];
    if (N >= 2 || !P->derived_exp_gt2)
        snprintf(ab, sizeof ab, "one layer per abelian factor (%s heads)", N >= 2 ? "rotation" : "sign");
    else
        snprintf(ab, sizeof ab, "one layer per abelian factor of exponent 2 (sign heads) and two per other factor "
                 "(%ld of them: cyclic groups inside dihedral ones, Siems et al. 2025)", P->derived_exp_gt2);
    char buf[512];
    snprintf(buf, sizeof buf, "%ld layers suffice: a cascade (Kaloujnine-Krasner) along the derived series, %s%s",
             k, ab, res);
    lt_plan_prepend_claim(V, S_CASCADE_DERIVED, buf);
}

static void plan_householder(lt_plan_verdict_struct *V, const lt_plan_task_struct *P, int N)
{
    if (P->is_lie) {
        claim(V, "", "no published result decides householder layers on a continuous (Lie algebra) task");
        return;
    }
    if (P->chartab) {
        /* the abstract group's real representations: an orthogonal g is a
           product of exactly rank(g - I) reflections (Cartan-Dieudonne), and
           one reflection I - 2vv^T is a generalized Householder factor with
           eigenvalues -1 and 1; state rho(prefix) x0 for an x0 with trivial
           stabiliser, read out on its finite orbit */
        if (N >= P->refl_one_head) {
            V->fewest_suffice = 1;
            claim(V, S_CARTAN, "one layer suffices with one head: the group has a faithful real orthogonal "
                  "representation of dimension %ld in which every element moves at most %ld dimension%s, so every "
                  "prefix is a product of at most %ld reflection%s I - 2vv^T (eigenvalues -1 and 1); N = %d",
                  P->one_head_dim, P->refl_one_head, P->refl_one_head == 1 ? "" : "s", P->refl_one_head,
                  P->refl_one_head == 1 ? "" : "s", N);
            if (P->refl_heads < P->refl_one_head)
                claim(V, S_CARTAN, "with one real irreducible representation per head, %ld reflections per token "
                      "suffice (%ld heads, head dimension up to %ld)", P->refl_heads, P->heads_used, P->heads_max_dim);
        } else if (N >= P->refl_heads) {
            V->fewest_suffice = 1;
            claim(V, S_CARTAN, "one layer suffices with %ld heads, one real irreducible representation each (head "
                  "dimension up to %ld): each element moves at most %ld dimension%s in each, and their kernels meet "
                  "trivially; N = %d (one head needs %s%ld reflections per token)", P->heads_used, P->heads_max_dim,
                  P->refl_heads, P->refl_heads == 1 ? "" : "s", N, P->refl_one_head_exact ? "" : "at most ",
                  P->refl_one_head);
        } else {
            claim(V, S_CARTAN, "the real irreducible representations in which every element moves at most N = %d "
                  "dimension%s have a non-trivial common kernel (several heads need %ld reflections per token, one "
                  "head %s%ld): the one-layer construction does not apply, and no impossibility is proved",
                  N, N == 1 ? "" : "s", P->refl_heads, P->refl_one_head_exact ? "" : "at most ", P->refl_one_head);
        }
    } else if (P->derived_length == 1 && (N >= 2 || P->derived_exp_gt2 == 0)) {
        /* abelian: a cyclic factor of order m > 2 acts on R^2 by rotations
           (2 reflections each), one of order 2 on R by -1 (1 reflection) */
        char ord[64];
        gmp_snprintf(ord, sizeof ord, "%Zd", P->order);
        V->fewest_suffice = 1;
        if (P->cyclic == 1)
            claim(V, S_CARTAN, "one layer suffices with one head: a cyclic group of order %s acts faithfully on R^%d by "
                  "%s; N = %d", ord, P->derived_exp_gt2 ? 2 : 1,
                  P->derived_exp_gt2 ? "rotations, each a product of 2 reflections I - 2vv^T" : "-1, one reflection", N);
        else
            claim(V, S_CARTAN, "one layer suffices with one head per cyclic factor: the group is abelian, a factor of "
                  "order 2 acts on R by -1 (one reflection) and one of order m > 2 on R^2 by rotations (2 reflections); "
                  "N = %d", N);
    } else if (P->min_perm_degree > 0 && N >= P->min_perm_degree - 1) {
        V->fewest_suffice = 1;
        claim(V, S_SIEMS, "one layer suffices: the group acts faithfully on %ld points, a permutation of %ld points is a "
              "product of at most %ld reflections I - 2vv^T (transpositions), and N = %d (%s)", P->min_perm_degree,
              P->min_perm_degree, P->min_perm_degree - 1, N, P->chartab_note);
    } else
        claim(V, S_CARTAN, "the real representations were not computed (%s)%s: no one-layer construction is known here",
              P->chartab_note, P->min_perm_degree > 0 ? ", and the least faithful permutation action needs more reflections" : "");
    /* Siems et al. 2025 (DeltaProduct, Section 4 of its v4): DeltaNet, one generalized
       Householder reflection per token with eigenvalues in [-1,1], solves the
       word problem of every dihedral group with two layers. */
    if (V->fewest_suffice < 0 && P->dihedral == 1) {
        V->fewest_suffice = 2;
        claim(V, S_SIEMS, "the group is dihedral (of order %ld): two layers of one reflection per token with "
              "eigenvalues in [-1,1] (DeltaNet) solve its word problem, so two layers of N >= 1 suffice",
              mpz_get_si(P->order));
    }
    /* a cyclic group of order n >= 3 is a subgroup of the dihedral group of
       order 2n, and a model for a group's word problem answers every
       subgroup's */
    if (V->fewest_suffice < 0 && P->cyclic == 1 && mpz_cmp_ui(P->order, 3) >= 0) {
        V->fewest_suffice = 2;
        claim(V, S_SIEMS, "the group is cyclic of order %ld, a subgroup of the dihedral group of order %ld, whose word "
              "problem two layers of one reflection per token solve; a model for a group's word problem answers "
              "every subgroup's, so two layers of N >= 1 suffice", mpz_get_si(P->order), 2 * mpz_get_si(P->order));
    }
    cascade_householder(V, P, N);
    if (V->fewest_suffice < 0)
        claim(V, S_GRAZZI, "finitely many layers of products of generalized Householder matrices with eigenvalues "
              "in [-1,1] recognise every regular language, so some depth suffices; the number is not stated");
}

/* householder-N-positive: the factors I - beta kk^T with beta in [0,1]
   (symmetric, eigenvalues 1 - beta and 1). One factor has eigenvalues in
   [0,1]; a product AB of two is similar to A^(1/2) B A^(1/2), positive
   semidefinite, so its eigenvalues are real and non-negative too. Grazzi
   et al.'s Theorem 1 (finite precision, transitions with non-negative real
   eigenvalues: no parity) then applies; for three or more factors lietool
   does not know the eigenvalues stay so and does not apply it. */
static void plan_householder_pos(lt_plan_verdict_struct *V, const lt_plan_task_struct *P, int N)
{
    if (P->is_lie) {
        claim(V, "", "no published result decides householder layers on a continuous (Lie algebra) task");
        return;
    }
    int even = mpz_even_p(P->order);
    if (even && N <= 2) {
        V->impossible_every_depth = 1;
        claim(V, S_GRAZZI_T1, "finite-precision linear RNNs whose transition matrices have only non-negative real "
              "eigenvalues cannot solve parity; %s", N == 1 ? "one factor I - beta kk^T with beta in [0,1] has "
              "eigenvalues in [0,1]" : "a product of two factors I - beta kk^T with beta in [0,1] is similar to a "
              "positive semidefinite matrix, so its eigenvalues are real and non-negative");
        claim(V, S_SUBGROUP, "the order is even, so the group has an element of order 2 (Cauchy) and its word problem "
              "contains parity: no depth is exact at every length");
        return;
    }
    if (even)
        claim(V, "", "with %d factors per token the product's eigenvalues need not stay real and non-negative, so "
              "Grazzi et al.'s Theorem 1 (no parity) is not applied; no published result decides these layers", N);
    else
        claim(V, "", "the order is odd: no element of order 2, so the parity argument does not apply, and no published "
              "result decides these layers");
}

/* pd: Terzic et al. 2025: one PD-SSM layer (a column one-hot matrix times
   a diagonal per token) with state size n emulates every n-state automaton.
   A group acting faithfully on m points: the state, m distinct values
   permuted by each token's matrix, determines the prefix's element. */
static void plan_pd(lt_plan_verdict_struct *V, const lt_plan_task_struct *P)
{
    if (P->is_lie) {
        claim(V, "", "no published result decides PD-SSM layers on a continuous (Lie algebra) task");
        return;
    }
    V->fewest_suffice = 1;
    if (P->min_perm_degree > 0)
        claim(V, S_TERZIC, "one layer suffices: a PD-SSM layer emulates every finite automaton, its state size the "
              "number of states; the group acts faithfully on %ld points and no fewer, so a state of %ld entries "
              "(distinct values, permuted by each token) determines the prefix's element", P->min_perm_degree,
              P->min_perm_degree);
    else
        claim(V, S_TERZIC, "one layer suffices: a PD-SSM layer emulates every finite automaton, its state size the "
              "number of states; the group acts faithfully on the %d points it is given on, so a state of %d entries "
              "(distinct values, permuted by each token) determines the prefix's element (a smaller faithful action "
              "needs fewer)", P->degree, P->degree);
}

static void plan_transformer(lt_plan_verdict_struct *V, const lt_plan_task_struct *P)
{
    if (P->is_lie) {
        claim(V, "", "no published result decides transformers on a continuous (Lie algebra) task");
        return;
    }
    if (P->derived_length < 0) {
        V->impossible_every_depth = 1;
        V->assumption = "TC0 != NC1";
        claim(V, S_MERRILL, "constant-depth transformers are in TC0 and the word problem of a non-solvable group is "
              "NC1-complete: no depth is exact at every length unless TC0 = NC1");
    } else
        claim(V, S_LIU, "solvable groups have constant-depth shortcuts for each length T, with a size that grows "
              "with T; whether one fixed transformer is exact at every length is open");
}

/* A non-solvable group: its non-abelian composition factors (named when
   the composition series was computed) block every constant depth of
   layers that reach only solvable groups, and of transformers unless
   TC0 = NC1. Householder layers are not so limited (their transitions
   need not commute): no claim. */
static void simple_claim(lt_plan_verdict_struct *V, const lt_plan_task_struct *P, lt_family f)
{
    int tc0 = f == LT_FAM_TRANSFORMER, many = strchr(P->simple_factors, ',') != NULL;
    const char *why = tc0 ? "the word problem is NC1-complete, so no constant depth is exact at every length unless "
                            "TC0 = NC1"
                          : "a non-abelian simple group has no abelian series, so no constant depth of these layers "
                            "is exact at every length";
    if (P->simple_factors[0])
        claim(V, tc0 ? S_SIMPLE_TC0 : S_SIMPLE, "%s %s composition factor%s, non-abelian simple: %s",
              P->simple_factors, many ? "are" : "is a", many ? "s" : "", why);
    else
        claim(V, tc0 ? S_SIMPLE_TC0 : S_SIMPLE, "the group is not solvable, so a composition factor is non-abelian "
              "simple (not named: %s): %s", P->simple_note, why);
}

/* The rules of one family, without what related families imply. */
static void rule(lt_plan_verdict_struct *V, const lt_plan_task_struct *P, const lt_arch *a)
{
    if (!P->is_lie && P->derived_length < 0 && a->kind != LT_FAM_HOUSEHOLDER && a->kind != LT_FAM_HOUSEHOLDER_POS &&
        a->kind != LT_FAM_PD)
        simple_claim(V, P, a->kind);
    switch (a->kind) {
    case LT_FAM_ABELIAN: plan_abelian(V, P, 0); break;
    case LT_FAM_DIAG_COMPLEX:
        if (P->is_lie) { restricted_bound(V, P, "diag-complex"); break; }
        plan_abelian(V, P, 1);
        break;
    case LT_FAM_DIAG_POSITIVE: plan_positive(V, P); break;
    case LT_FAM_DIAG_SIGNED: plan_signed(V, P); break;
    case LT_FAM_HOUSEHOLDER: plan_householder(V, P, a->householders); break;
    case LT_FAM_TRANSFORMER: plan_transformer(V, P); break;
    case LT_FAM_HOUSEHOLDER_POS: plan_householder_pos(V, P, a->householders); break;
    case LT_FAM_PD: plan_pd(V, P); break;
    default: break;
    }
}

/* Whether every layer of family s is a layer of family f, and why (NULL:
   not known to be). A construction in s is one in f; an impossibility in
   f is one in s. */
static const char *includes(const lt_arch *f, const lt_arch *s)
{
    lt_family F = f->kind, S = s->kind;
    int N = f->householders, M = s->householders;
    if (F == LT_FAM_DIAG_COMPLEX && S == LT_FAM_DIAG_SIGNED) return "real eigenvalues are complex ones";
    if ((F == LT_FAM_DIAG_COMPLEX || F == LT_FAM_DIAG_SIGNED) && S == LT_FAM_DIAG_POSITIVE)
        return "eigenvalues in [0,1] are among theirs";
    if (F == LT_FAM_HOUSEHOLDER && S == LT_FAM_DIAG_SIGNED)
        return "a head of dimension 1 with one factor 1 - beta k^2, beta in [0,2], is a channel with eigenvalue in [-1,1]";
    if (F == LT_FAM_HOUSEHOLDER && N >= 2 && S == LT_FAM_DIAG_COMPLEX)
        return "a head of dimension 2 with two reflections is a rotation, a complex channel of modulus 1 (the "
               "constructions use roots of unity), scaled by the head's gate";
    if ((F == LT_FAM_HOUSEHOLDER && (S == LT_FAM_HOUSEHOLDER || S == LT_FAM_HOUSEHOLDER_POS) && M < N) ||
        (F == LT_FAM_HOUSEHOLDER_POS && S == LT_FAM_HOUSEHOLDER_POS && M < N))
        return "a factor with beta = 0 is the identity";
    if (F == LT_FAM_HOUSEHOLDER_POS && S == LT_FAM_DIAG_POSITIVE)
        return "a head of dimension 1 with one factor 1 - beta k^2, beta in [0,1], is a channel with eigenvalue in [0,1]";
    if (F == LT_FAM_PD && (S == LT_FAM_DIAG_COMPLEX || S == LT_FAM_DIAG_SIGNED || S == LT_FAM_DIAG_POSITIVE))
        return "the permutation may be the identity";
    return NULL;
}

/* Closure over the families (lt_arch lists them): constructions of the
   families a's layers include, impossibilities of the families that
   include a's layers. */
static void contain(lt_plan_verdict_struct *V, const lt_plan_task_struct *P, const lt_arch *a)
{
    lt_arch fams[] = {{LT_FAM_DIAG_POSITIVE, 0}, {LT_FAM_DIAG_SIGNED, 0}, {LT_FAM_DIAG_COMPLEX, 0},
                      {LT_FAM_HOUSEHOLDER, 1}, {LT_FAM_HOUSEHOLDER, 2}, {LT_FAM_HOUSEHOLDER_POS, 1},
                      {LT_FAM_HOUSEHOLDER_POS, 2}};
    char an[32], bn[32], buf[512];
    lt_arch_name(an, sizeof an, a);
    for (size_t i = 0; i < sizeof fams / sizeof *fams; i++) {
        const lt_arch *b = fams + i;
        const char *down = includes(a, b), *up = includes(b, a);
        if (!down && !up) continue;
        lt_plan_verdict_t W;
        lt_plan_verdict_init(W);
        W->fewest_suffice = -1;
        W->most_not = 0;
        rule(W, P, b);
        lt_arch_name(bn, sizeof bn, b);
        const char *why = W->nclaims ? W->claims[0].claim : "";
        const char *src = W->nclaims ? W->claims[0].source : "";
        if (down && !W->impossible_every_depth && W->fewest_suffice >= 0 && !V->impossible_every_depth &&
            (V->fewest_suffice < 0 || W->fewest_suffice < V->fewest_suffice)) {
            V->fewest_suffice = W->fewest_suffice;
            snprintf(buf, sizeof buf, "%ld layer%s suffice%s: %s layers include %s layers (%s), and for those %s",
                     W->fewest_suffice, W->fewest_suffice == 1 ? "" : "s", W->fewest_suffice == 1 ? "s" : "", an, bn,
                     down, why);
            lt_plan_prepend_claim(V, src, buf);
        }
        if (up && W->impossible_every_depth && !V->impossible_every_depth) {
            V->impossible_every_depth = 1;
            V->assumption = W->assumption;
            snprintf(buf, sizeof buf, "no depth is exact at every length: %s layers are %s layers (%s), and for "
                     "those %s", an, bn, up, why);
            lt_plan_prepend_claim(V, src, buf);
        } else if (up && !W->impossible_every_depth && W->most_not > V->most_not && !V->impossible_every_depth) {
            V->most_not = W->most_not;
            snprintf(buf, sizeof buf, "%ld layer%s cannot be exact: %s layers are %s layers (%s), and for those %s",
                     W->most_not, W->most_not == 1 ? "" : "s", an, bn, up, why);
            lt_plan_prepend_claim(V, src, buf);
        }
        lt_plan_verdict_clear(W);
    }
}

const char *lt_plan_answer_name(int v)
{
    return v > 0 ? "yes" : v == 0 ? "no" : "open";
}

lt_status lt_plan(lt_plan_verdict_t V, const lt_plan_task_t P, const lt_arch *a, long k, long T,
                  lt_bound b, const lt_ctx_t ctx, lt_err_t err)
{
    claims_clear(V);
    V->arch = *a;
    V->layers = k;
    V->length = T;
    V->bound = b;
    V->impossible_every_depth = 0;
    V->fewest_suffice = -1;
    V->most_not = P->trivial ? -1 : 0;     /* 0 layers never track a non-trivial task */
    V->assumption = NULL;
    V->suffices_T = -1;
    V->log_layers[0] = V->log_layers[1] = 0;
    V->width_log10 = -1;
    mpz_set_ui(V->width, 0);
    if (P->trivial) {
        V->fewest_suffice = 0;
        claim(V, "", "the trivial task: any number of layers is exact");
    } else {
        rule(V, P, a);
        contain(V, P, a);
    }
    if (V->impossible_every_depth) { V->most_not = -1; V->fewest_suffice = -1; }
    decide(V, k);
    if (T <= 0) return LT_OK;
    /* words up to length T */
    if (V->exact == 1) V->suffices_T = 1;
    if (a->kind == LT_FAM_ABELIAN && !P->trivial) {
        V->log_layers[0] = lt_depth_log_bound((ulong)T, LT_BOUND_V1);
        V->log_layers[1] = lt_depth_log_bound((ulong)T, LT_BOUND_SHARP);
        int need = V->log_layers[b == LT_BOUND_SHARP];
        claim(V, S_HEO37, "words of length at most %ld: at most %d abelian layers suffice (%s reading; %d in the %s)",
              T, need, lt_depth_bound_name(b), V->log_layers[b != LT_BOUND_SHARP],
              lt_depth_bound_name(b == LT_BOUND_SHARP ? LT_BOUND_V1 : LT_BOUND_SHARP));
        if (k >= need) V->suffices_T = 1;
        if (!P->is_lie) {
            double digits = -1;
            lt_err_t werr;
            lt_err_init(werr);
            lt_status wst = lt_depth_width(V->width, &digits, P->order, (ulong)T, 60, ctx, werr);
            if (wst == LT_OK) {
                V->width_log10 = mpz_sgn(V->width) > 0 ? log10(mpz_get_d(V->width)) : 0;
                if (!isfinite(V->width_log10)) V->width_log10 = digits;
            } else {
                mpz_set_ui(V->width, 0);
                V->width_log10 = digits;
            }
            char wt[64];
            lt_depth_width_text(wt, sizeof wt, V->width, V->width_log10 < 0 ? 0 : V->width_log10, 0);
            claim(V, S_HEO38, "that construction's width is the dimension of the free nilpotent Lie algebra of "
                  "class %ld on one letter per group element: %s", T, wt);
        }
    }
    (void)err;
    return LT_OK;
}

/* ---- the planning table ---- */

static void row_size(lt_plan_row *R, const lt_plan_task_struct *P, const lt_plan_verdict_struct *V)
{
    R->size[0] = '\0';
    if (P->is_lie || P->trivial) return;
    switch (R->arch.kind) {
    case LT_FAM_HOUSEHOLDER:
        if (!P->chartab) break;
        if (R->arch.householders >= P->refl_one_head)
            snprintf(R->size, sizeof R->size, "one head of dimension %ld", P->one_head_dim);
        else if (R->arch.householders >= P->refl_heads)
            snprintf(R->size, sizeof R->size, "%ld heads of dimension <= %ld", P->heads_used, P->heads_max_dim);
        break;
    case LT_FAM_PD:
        snprintf(R->size, sizeof R->size, "state size %ld", P->min_perm_degree > 0 ? P->min_perm_degree : (long)P->degree);
        break;
    case LT_FAM_ABELIAN:
        if (V && V->width_log10 >= 0) {
            char wt[64];
            snprintf(R->size, sizeof R->size, "width %s at length %ld",
                     lt_depth_width_text(wt, sizeof wt, V->width, V->width_log10, 0), V->length);
        }
        break;
    default: break;
    }
}

lt_status lt_plan_table(lt_plan_row **rows, int *n, const lt_plan_task_t P, const lt_arch *only, long T, lt_bound b,
                        const lt_ctx_t ctx, lt_err_t err)
{
    lt_arch list[16];
    int m = 0;
    if (only) list[m++] = *only;
    else {
        static const lt_family plain[] = {LT_FAM_ABELIAN, LT_FAM_DIAG_POSITIVE, LT_FAM_DIAG_SIGNED, LT_FAM_DIAG_COMPLEX};
        for (size_t i = 0; i < sizeof plain / sizeof *plain; i++) list[m++] = (lt_arch){plain[i], 0};
        int hs[4] = {1, 2, 4, 0}, nh = 3;
        if (!P->is_lie && P->chartab && P->refl_heads > 0 && P->refl_heads <= 64 && P->refl_heads != 1 &&
            P->refl_heads != 2 && P->refl_heads != 4)
            hs[nh++] = (int)P->refl_heads;
        for (int i = 0; i < nh; i++) list[m++] = (lt_arch){LT_FAM_HOUSEHOLDER, hs[i]};
        list[m++] = (lt_arch){LT_FAM_HOUSEHOLDER_POS, 1};
        list[m++] = (lt_arch){LT_FAM_HOUSEHOLDER_POS, 2};
        list[m++] = (lt_arch){LT_FAM_PD, 0};
        list[m++] = (lt_arch){LT_FAM_TRANSFORMER, 0};
    }
    lt_plan_row *R = lt_calloc((size_t)m, sizeof *R);
    lt_plan_verdict_t V;
    lt_plan_verdict_init(V);
    lt_status st = LT_OK;
    for (int i = 0; i < m && !st; i++) {
        R[i].arch = list[i];
        if ((st = lt_plan(V, P, list + i, 1, 0, b, ctx, err))) break;
        R[i].fewest = V->fewest_suffice;
        R[i].most_not = V->most_not;
        R[i].impossible = V->impossible_every_depth;
        R[i].assumption = V->assumption;
        if (V->nclaims) {
            snprintf(R[i].claim, sizeof R[i].claim, "%s", V->claims[0].claim);
            R[i].source = V->claims[0].source;
        } else R[i].source = "";
        R[i].fewest_T = -1;
        row_size(R + i, P, NULL);
        if (T > 0 && list[i].kind != LT_FAM_ABELIAN) R[i].fewest_T = R[i].fewest;
        else if (T > 0) {
            /* abelian: the fewest layers that suffice up to length T
               (Proposition 3.7 or the derived length; 64 at most) */
            long k0 = R[i].fewest > 0 ? R[i].fewest : 64;
            for (long k = 1; k <= k0; k++) {
                if ((st = lt_plan(V, P, list + i, k, T, b, ctx, err))) break;
                if (V->suffices_T == 1) {
                    R[i].fewest_T = k;
                    row_size(R + i, P, V);
                    break;
                }
            }
        }
    }
    lt_plan_verdict_clear(V);
    if (st) { lt_free(R); return st; }
    *rows = R;
    *n = m;
    return LT_OK;
}
