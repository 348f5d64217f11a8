/* Lie algebras over Q: construction, brackets, subspace series, centre,
   Killing form and radical. */
#include <string.h>
#include "lietool/liealg.h"
#include "impl.h"

void lt_liealg_init(lt_liealg_t L)
{
    memset(L, 0, sizeof *L);
}

void lt_liealg_clear(lt_liealg_t L)
{
    if (L->sc_c) _fmpq_vec_clear(L->sc_c, L->sc_nnz ? L->sc_nnz : 1);
    lt_free(L->sc_start); lt_free(L->sc_len); lt_free(L->sc_k);
    for (slong i = 0; L->mats && i < L->dim; i++) fmpq_mat_clear(L->mats + i);
    lt_free(L->mats);
}

/* ---- sparse structure constants ---- */

void lt_scbuilder_init(lt_scbuilder *B, slong dim)
{
    B->dim = dim;
    B->nnz = 0;
    B->alloc = 16;
    B->start = lt_calloc((size_t)(dim * dim), sizeof(slong));
    B->len = lt_calloc((size_t)(dim * dim), sizeof(slong));
    B->k = lt_malloc((size_t)B->alloc * sizeof(slong));
    B->c = _fmpq_vec_init(B->alloc);
}

void lt_scbuilder_clear(lt_scbuilder *B)
{
    lt_free(B->start); lt_free(B->len); lt_free(B->k);
    if (B->c) _fmpq_vec_clear(B->c, B->alloc);
}

void lt_scbuilder_pair(lt_scbuilder *B, slong i, slong j, slong m, const slong *k, const fmpq *c)
{
    slong p = i * B->dim + j;
    B->start[p] = B->nnz;
    for (slong t = 0; t < m; t++) {
        if (fmpq_is_zero(c + t)) continue;
        if (B->nnz == B->alloc) {
            slong na = 2 * B->alloc;
            fmpq *w = _fmpq_vec_init(na);
            for (slong u = 0; u < B->nnz; u++) fmpq_swap(w + u, B->c + u);
            _fmpq_vec_clear(B->c, B->alloc);
            B->c = w;
            B->k = lt_realloc(B->k, (size_t)na * sizeof(slong));
            B->alloc = na;
        }
        B->k[B->nnz] = k ? k[t] : t;
        fmpq_set(B->c + B->nnz, c + t);
        B->nnz++;
    }
    B->len[p] = B->nnz - B->start[p];
}

void lt_scbuilder_finish(lt_liealg_t L, lt_scbuilder *B)
{
    lt_liealg_clear(L);
    lt_liealg_init(L);
    L->dim = B->dim;
    L->sc_start = B->start;
    L->sc_len = B->len;
    L->sc_k = B->k;
    L->sc_nnz = B->nnz;
    L->sc_c = _fmpq_vec_init(B->nnz ? B->nnz : 1);
    for (slong t = 0; t < B->nnz; t++) fmpq_swap(L->sc_c + t, B->c + t);
    _fmpq_vec_clear(B->c, B->alloc);
    memset(B, 0, sizeof *B);
}

/* a dense bracket vector of length dim */
static void scb_pair(lt_scbuilder *B, slong i, slong j, const fmpq *w)
{
    lt_scbuilder_pair(B, i, j, B->dim, NULL, w);
}

void lt_liealg_sc(fmpq_t c, const lt_liealg_t L, slong i, slong j, slong k)
{
    int neg = 0;
    fmpq_zero(c);
    if (i == j) return;
    if (i > j) { slong t = i; i = j; j = t; neg = 1; }
    slong p = i * L->dim + j, lo = L->sc_start[p], hi = lo + L->sc_len[p];
    while (lo < hi) {
        slong mid = (lo + hi) / 2;
        if (L->sc_k[mid] < k) lo = mid + 1;
        else hi = mid;
    }
    if (lo < L->sc_start[p] + L->sc_len[p] && L->sc_k[lo] == k) {
        if (neg) fmpq_neg(c, L->sc_c + lo);
        else fmpq_set(c, L->sc_c + lo);
    }
}

void lt_liealg_bracket(fmpq *w, const lt_liealg_t L, const fmpq *u, const fmpq *v)
{
    slong d = L->dim, nu = 0, nv = 0;
    slong *iu = lt_malloc((size_t)(d + 1) * sizeof(slong)), *iv = lt_malloc((size_t)(d + 1) * sizeof(slong));
    for (slong i = 0; i < d; i++) {
        if (!fmpq_is_zero(u + i)) iu[nu++] = i;
        if (!fmpq_is_zero(v + i)) iv[nv++] = i;
    }
    lt_qvec_zero(w, d);
    fmpq_t c;
    fmpq_init(c);
    for (slong a = 0; a < nu; a++)
        for (slong b = 0; b < nv; b++) {
            slong i = iu[a], j = iv[b];
            if (i == j) continue;
            fmpq_mul(c, u + i, v + j);
            slong p = i < j ? i * d + j : j * d + i;
            if (i > j) fmpq_neg(c, c);
            for (slong t = L->sc_start[p]; t < L->sc_start[p] + L->sc_len[p]; t++)
                fmpq_addmul(w + L->sc_k[t], c, L->sc_c + t);
        }
    fmpq_clear(c);
    lt_free(iu); lt_free(iv);
}

int lt_liealg_is_abelian(const lt_liealg_t L)
{
    return L->sc_nnz == 0;
}

/* ---- construction ---- */

lt_status lt_liealg_from_table(lt_liealg_t L, const fmpq *c, slong d, lt_err_t err)
{
    lt_liealg_clear(L);
    lt_liealg_init(L);
    for (slong i = 0; i < d; i++)
        for (slong j = i; j < d; j++)
            for (slong k = 0; k < d; k++) {
                const fmpq *a = c + (i * d + j) * d + k, *b = c + (j * d + i) * d + k;
                fmpq_t s;
                fmpq_init(s);
                fmpq_add(s, a, b);
                int bad = !fmpq_is_zero(s);
                fmpq_clear(s);
                if (bad)
                    return lt_err_set(err, LT_EINPUT, "bracket table is not antisymmetric at (%ld,%ld)", (long)i + 1, (long)j + 1);
            }
    lt_scbuilder B;
    lt_scbuilder_init(&B, d);
    for (slong i = 0; i < d; i++)
        for (slong j = i + 1; j < d; j++) scb_pair(&B, i, j, c + (i * d + j) * d);
    lt_scbuilder_finish(L, &B);
    /* Jacobi: [[b_i,b_j],b_k] + [[b_j,b_k],b_i] + [[b_k,b_i],b_j] = 0 */
    fmpq *ei = _fmpq_vec_init(d), *ej = _fmpq_vec_init(d), *ek = _fmpq_vec_init(d);
    fmpq *t = _fmpq_vec_init(d), *s = _fmpq_vec_init(d), *acc = _fmpq_vec_init(d);
    lt_status st = LT_OK;
    for (slong i = 0; i < d && !st; i++)
        for (slong j = i + 1; j < d && !st; j++)
            for (slong k = j + 1; k < d && !st; k++) {
                lt_qvec_zero(ei, d); lt_qvec_zero(ej, d); lt_qvec_zero(ek, d);
                fmpq_one(ei + i); fmpq_one(ej + j); fmpq_one(ek + k);
                lt_liealg_bracket(t, L, ei, ej); lt_liealg_bracket(acc, L, t, ek);
                lt_liealg_bracket(t, L, ej, ek); lt_liealg_bracket(s, L, t, ei);
                for (slong x = 0; x < d; x++) fmpq_add(acc + x, acc + x, s + x);
                lt_liealg_bracket(t, L, ek, ei); lt_liealg_bracket(s, L, t, ej);
                for (slong x = 0; x < d; x++) fmpq_add(acc + x, acc + x, s + x);
                if (!lt_qvec_is_zero(acc, d))
                    st = lt_err_set(err, LT_EINPUT, "bracket table breaks the Jacobi identity at (%ld,%ld,%ld)",
                                    (long)i + 1, (long)j + 1, (long)k + 1);
            }
    _fmpq_vec_clear(ei, d); _fmpq_vec_clear(ej, d); _fmpq_vec_clear(ek, d);
    _fmpq_vec_clear(t, d); _fmpq_vec_clear(s, d); _fmpq_vec_clear(acc, d);
    if (st) { lt_liealg_clear(L); lt_liealg_init(L); }
    return st;
}

/* C = AB - BA for n x n matrices stored row by row; skips zero entries. */
void lt_liealg_mat_bracket_(fmpq *C, const fmpq *A, const fmpq *B, slong n)
{
    lt_qvec_zero(C, n * n);
    for (slong i = 0; i < n; i++)
        for (slong k = 0; k < n; k++) {
            const fmpq *a = A + i * n + k, *b = B + i * n + k;
            if (!fmpq_is_zero(a))
                for (slong j = 0; j < n; j++)
                    if (!fmpq_is_zero(B + k * n + j)) fmpq_addmul(C + i * n + j, a, B + k * n + j);
            if (!fmpq_is_zero(b))
                for (slong j = 0; j < n; j++)
                    if (!fmpq_is_zero(A + k * n + j)) fmpq_submul(C + i * n + j, b, A + k * n + j);
        }
}

void lt_liealg_mat_to_vec_(fmpq *v, const fmpq_mat_t M)
{
    slong n = fmpq_mat_nrows(M);
    for (slong i = 0; i < n; i++)
        for (slong j = 0; j < n; j++) fmpq_set(v + i * n + j, fmpq_mat_entry(M, i, j));
}

lt_status lt_liealg_from_space_(lt_liealg_t L, const lt_qspace_t S, slong n, int check, lt_err_t err)
{
    slong d = S->rank, N = n * n;
    lt_scbuilder B;
    lt_scbuilder_init(&B, d);
    fmpq *C = _fmpq_vec_init(N), *w = _fmpq_vec_init(d);
    lt_status st = LT_OK;
    for (slong i = 0; i < d && !st; i++)
        for (slong j = i + 1; j < d && !st; j++) {
            lt_liealg_mat_bracket_(C, S->rows[i], S->rows[j], n);
            for (slong r = 0; r < d; r++) fmpq_set(w + r, C + S->piv[r]);
            if (check && lt_qspace_reduce(S, C)) {
                st = lt_err_set(err, LT_EINPUT, "the span is not closed under the bracket: [b%ld, b%ld] lies outside it", (long)i + 1, (long)j + 1);
                break;
            }
            scb_pair(&B, i, j, w);
        }
    _fmpq_vec_clear(C, N);
    _fmpq_vec_clear(w, d);
    lt_scbuilder_finish(L, &B);
    if (st) { lt_liealg_clear(L); lt_liealg_init(L); return st; }
    L->n = n;
    L->mats = lt_malloc((size_t)(d + 1) * sizeof(fmpq_mat_struct));
    for (slong r = 0; r < d; r++) {
        fmpq_mat_init(L->mats + r, n, n);
        for (slong i = 0; i < n; i++)
            for (slong j = 0; j < n; j++) fmpq_set(fmpq_mat_entry(L->mats + r, i, j), S->rows[r] + i * n + j);
    }
    return LT_OK;
}

lt_status lt_liealg_from_basis(lt_liealg_t L, const fmpq_mat_struct *mats, slong k,
                               const lt_ctx_t ctx, lt_err_t err)
{
    (void)ctx;
    lt_liealg_clear(L);
    lt_liealg_init(L);
    slong n = k ? fmpq_mat_nrows(mats) : 1, N = n * n;
    lt_qspace_t S;
    lt_qspace_init(S, N);
    fmpq *v = _fmpq_vec_init(N);
    lt_status st = LT_OK;
    for (slong i = 0; i < k && !st; i++) {
        lt_liealg_mat_to_vec_(v, mats + i);
        if (!lt_qspace_add(S, v))
            st = lt_err_set(err, LT_EINPUT, "basis element %ld is a combination of the earlier ones", (long)i + 1);
    }
    _fmpq_vec_clear(v, N);
    if (!st) st = lt_liealg_from_space_(L, S, n, 1, err);
    lt_qspace_clear(S);
    return st;
}

/* The span of k linearly independent matrices closed under the bracket, in
   the order given (not the echelon order of lt_liealg_from_basis): with the
   echelon rows e_r and pivots p_r, b_i = sum_r T_ir e_r where T_ir = b_i[p_r],
   and a commutator C has coordinates (C[p_r])_r T^-1. */
lt_status lt_liealg_from_basis_ordered(lt_liealg_t L, const fmpq_mat_struct *mats, slong k, slong bad[2], lt_err_t err)
{
    slong n = k ? fmpq_mat_nrows(mats) : 1, N = n * n;
    lt_qspace_t S;
    lt_qspace_init(S, N);
    fmpq *v = _fmpq_vec_init(N);
    lt_status st = LT_OK;
    for (slong i = 0; i < k && !st; i++) {
        lt_liealg_mat_to_vec_(v, mats + i);
        if (!lt_qspace_add(S, v)) {
            bad[0] = i;
            bad[1] = -1;
            st = lt_err_set(err, LT_EINPUT, "basis matrix %ld is a linear combination of the earlier ones", (long)i + 1);
        }
    }
    fmpq_mat_t T, Ti, P, Q;
    fmpq_mat_init(T, k, k);
    fmpq_mat_init(Ti, k, k);
    fmpq_mat_init(P, n, n);
    fmpq_mat_init(Q, n, n);
    lt_scbuilder B;
    lt_scbuilder_init(&B, k);
    fmpq *u = _fmpq_vec_init(k), *x = _fmpq_vec_init(k);
    slong *ks = lt_malloc((size_t)(k + 1) * sizeof(slong));
    if (!st) {
        for (slong i = 0; i < k; i++)
            for (slong r = 0; r < k; r++) {
                slong p = S->piv[r];
                fmpq_set(fmpq_mat_entry(T, i, r), fmpq_mat_entry(mats + i, p / n, p % n));
            }
        fmpq_mat_inv(Ti, T);
    }
    for (slong i = 0; i < k && !st; i++)
        for (slong j = i + 1; j < k && !st; j++) {
            fmpq_mat_mul(P, mats + i, mats + j);
            fmpq_mat_mul(Q, mats + j, mats + i);
            fmpq_mat_sub(P, P, Q);
            lt_liealg_mat_to_vec_(v, P);
            for (slong r = 0; r < k; r++) fmpq_set(u + r, v + S->piv[r]);
            if (lt_qspace_reduce(S, v)) {
                bad[0] = i;
                bad[1] = j;
                st = lt_err_set(err, LT_EINPUT, "the bracket of basis matrices %ld and %ld is not in their span",
                                (long)i + 1, (long)j + 1);
                break;
            }
            slong m = 0;
            for (slong s = 0; s < k; s++) {
                fmpq_zero(x + m);
                for (slong r = 0; r < k; r++)
                    if (!fmpq_is_zero(u + r)) fmpq_addmul(x + m, u + r, fmpq_mat_entry(Ti, r, s));
                if (!fmpq_is_zero(x + m)) ks[m++] = s;
            }
            lt_scbuilder_pair(&B, i, j, m, ks, x);
        }
    if (st) lt_scbuilder_clear(&B);
    else {
        lt_scbuilder_finish(L, &B);
        L->n = n;
        L->mats = lt_malloc((size_t)(k + 1) * sizeof(fmpq_mat_struct));
        for (slong i = 0; i < k; i++) {
            fmpq_mat_init(L->mats + i, n, n);
            fmpq_mat_set(L->mats + i, mats + i);
        }
    }
    _fmpq_vec_clear(u, k); _fmpq_vec_clear(x, k); _fmpq_vec_clear(v, N);
    lt_free(ks);
    fmpq_mat_clear(T); fmpq_mat_clear(Ti); fmpq_mat_clear(P); fmpq_mat_clear(Q);
    lt_qspace_clear(S);
    return st;
}

/* ---- subspaces, series ---- */

void lt_liealg_bracket_spaces(lt_qspace_t W, const lt_liealg_t L, const lt_qspace_t U, const lt_qspace_t V)
{
    slong d = L->dim;
    fmpq *w = _fmpq_vec_init(d);
    lt_qspace_clear(W);
    lt_qspace_init(W, d);
    int same = U == V;
    for (slong a = 0; a < U->rank; a++)
        for (slong b = same ? a + 1 : 0; b < V->rank; b++) {
            lt_liealg_bracket(w, L, U->rows[a], V->rows[b]);
            lt_qspace_add_scratch(W, w);
        }
    _fmpq_vec_clear(w, d);
}

/* Orthogonal complement of the functionals in F (RREF): the kernel. */
static void kernel_of(lt_qspace_t K, const lt_qspace_t F)
{
    slong d = F->N;
    fmpq *x = _fmpq_vec_init(d);
    lt_qspace_clear(K);
    lt_qspace_init(K, d);
    char *pivot = lt_calloc((size_t)d + 1, 1);
    for (slong r = 0; r < F->rank; r++) pivot[F->piv[r]] = 1;
    for (slong f = 0; f < d; f++) {
        if (pivot[f]) continue;
        lt_qvec_zero(x, d);
        fmpq_one(x + f);
        for (slong r = 0; r < F->rank; r++) fmpq_neg(x + F->piv[r], F->rows[r] + f);
        lt_qspace_add(K, x);
    }
    lt_free(pivot);
    _fmpq_vec_clear(x, d);
}

/* doubles the triple buffers (k, i, c) holding nt entries */
static void triples_grow(slong **tk, slong **ti, fmpq **tc, slong *cap, slong nt)
{
    slong nc = 2 * *cap;
    fmpq *c2 = _fmpq_vec_init(nc);
    for (slong u = 0; u < nt; u++) fmpq_swap(c2 + u, *tc + u);
    _fmpq_vec_clear(*tc, *cap);
    *tc = c2;
    *tk = lt_realloc(*tk, (size_t)nc * sizeof(slong));
    *ti = lt_realloc(*ti, (size_t)nc * sizeof(slong));
    *cap = nc;
}

void lt_liealg_centralizer_mod(lt_qspace_t C, const lt_liealg_t L, const lt_qspace_t Z)
{
    /* x with [x, b_j] in Z for every j: for each j the functionals
       x -> coordinate k of ([x, b_j] mod Z), read off the sparse structure
       constants when Z = 0, grouped by k. */
    slong d = L->dim;
    lt_qspace_t F;
    lt_qspace_init(F, d);
    int reduce = Z && Z->rank > 0;
    fmpq *ei = _fmpq_vec_init(d), *ej = _fmpq_vec_init(d), *img = _fmpq_vec_init(d);
    fmpq *f = _fmpq_vec_init(d);
    /* triples (k, i, c) of the current j */
    slong cap = 16, nt = 0;
    slong *tk = lt_malloc((size_t)cap * sizeof(slong)), *ti = lt_malloc((size_t)cap * sizeof(slong));
    fmpq *tc = _fmpq_vec_init(cap);
    slong *count = lt_calloc((size_t)d + 1, sizeof(slong)), *order = NULL;
    for (slong j = 0; j < d && F->rank < d; j++) {
        nt = 0;
        for (slong i = 0; i < d; i++) {
            if (i == j) continue;
            if (!reduce) {
                slong lo = i < j ? i : j, hi = i < j ? j : i, q = lo * d + hi;
                for (slong t = L->sc_start[q]; t < L->sc_start[q] + L->sc_len[q]; t++) {
                    if (nt == cap) triples_grow(&tk, &ti, &tc, &cap, nt);
                    tk[nt] = L->sc_k[t];
                    ti[nt] = i;
                    if (i < j) fmpq_set(tc + nt, L->sc_c + t); else fmpq_neg(tc + nt, L->sc_c + t);
                    nt++;
                }
            } else {
                fmpq_one(ei + i); fmpq_one(ej + j);
                lt_liealg_bracket(img, L, ei, ej);
                fmpq_zero(ei + i); fmpq_zero(ej + j);
                lt_qspace_reduce(Z, img);
                for (slong k = 0; k < d; k++) {
                    if (fmpq_is_zero(img + k)) continue;
                    if (nt == cap) triples_grow(&tk, &ti, &tc, &cap, nt);
                    tk[nt] = k; ti[nt] = i; fmpq_set(tc + nt, img + k); nt++;
                }
            }
        }
        /* bucket by k */
        memset(count, 0, (size_t)(d + 1) * sizeof(slong));
        for (slong t = 0; t < nt; t++) count[tk[t] + 1]++;
        for (slong k = 0; k < d; k++) count[k + 1] += count[k];
        order = lt_realloc(order, (size_t)(nt + 1) * sizeof(slong));
        slong *pos = lt_malloc((size_t)(d + 1) * sizeof(slong));
        memcpy(pos, count, (size_t)(d + 1) * sizeof(slong));
        for (slong t = 0; t < nt; t++) order[pos[tk[t]]++] = t;
        lt_free(pos);
        for (slong k = 0; k < d && F->rank < d; k++) {
            if (count[k] == count[k + 1]) continue;
            for (slong u = count[k]; u < count[k + 1]; u++) fmpq_set(f + ti[order[u]], tc + order[u]);
            lt_qspace_add_scratch(F, f);
            lt_qvec_zero(f, d);
        }
    }
    kernel_of(C, F);
    lt_free(tk); lt_free(ti); lt_free(count); lt_free(order);
    _fmpq_vec_clear(tc, cap);
    _fmpq_vec_clear(f, d); _fmpq_vec_clear(ei, d); _fmpq_vec_clear(ej, d); _fmpq_vec_clear(img, d);
    lt_qspace_clear(F);
}

void lt_lseries_init(lt_lseries_t S)
{
    S->len = 0;
    S->terms = NULL;
    S->reaches_zero = 0;
}

void lt_lseries_clear(lt_lseries_t S)
{
    for (slong i = 0; i < S->len; i++) lt_qspace_clear(S->terms + i);
    lt_free(S->terms);
}

static lt_qspace_struct *push(lt_lseries_t S, slong d)
{
    S->terms = lt_realloc(S->terms, (size_t)(S->len + 1) * sizeof *S->terms);
    lt_qspace_init(S->terms + S->len, d);
    return S->terms + S->len++;
}

/* kind 0 derived, 1 lower central */
static void down_series(lt_lseries_t S, const lt_liealg_t L, int kind)
{
    slong d = L->dim;
    lt_lseries_clear(S);
    lt_lseries_init(S);
    lt_qspace_t all;
    lt_qspace_init(all, d);
    lt_qspace_full(all, d);
    lt_qspace_set(push(S, d), all);
    for (;;) {
        lt_qspace_struct *last = S->terms + S->len - 1;
        if (last->rank == 0) { S->reaches_zero = 1; break; }
        lt_qspace_t next;
        lt_qspace_init(next, d);
        if (kind == 0) lt_liealg_bracket_spaces(next, L, last, last);
        else lt_liealg_bracket_spaces(next, L, last, all);
        if (next->rank == S->terms[S->len - 1].rank) { lt_qspace_clear(next); break; }
        lt_qspace_struct *T = push(S, d);
        *T = *next;   /* move */
    }
    lt_qspace_clear(all);
}

void lt_liealg_derived_series(lt_lseries_t S, const lt_liealg_t L) { down_series(S, L, 0); }
void lt_liealg_lower_central_series(lt_lseries_t S, const lt_liealg_t L) { down_series(S, L, 1); }

void lt_liealg_center(lt_qspace_t Z, const lt_liealg_t L)
{
    lt_liealg_centralizer_mod(Z, L, NULL);
}

void lt_liealg_upper_central_series(lt_lseries_t S, const lt_liealg_t L)
{
    slong d = L->dim;
    lt_lseries_t up;
    lt_lseries_init(up);
    lt_qspace_struct *z = push(up, d);        /* Z_0 = 0 */
    for (;;) {
        lt_qspace_t next;
        lt_qspace_init(next, d);
        lt_liealg_centralizer_mod(next, L, up->terms + up->len - 1);
        if (next->rank == up->terms[up->len - 1].rank) { lt_qspace_clear(next); break; }
        z = push(up, d);
        *z = *next;
    }
    /* GAP's order: largest first, down to 0 */
    lt_lseries_clear(S);
    lt_lseries_init(S);
    for (slong i = up->len - 1; i >= 0; i--) lt_qspace_set(push(S, d), up->terms + i);
    S->reaches_zero = up->terms[up->len - 1].rank == d;   /* reaches L: nilpotent */
    lt_lseries_clear(up);
}

void lt_liealg_element_matrix(fmpq_mat_t M, const lt_liealg_t L, const fmpq *x)
{
    fmpq_mat_zero(M);
    for (slong r = 0; r < L->dim; r++) {
        if (fmpq_is_zero(x + r)) continue;
        for (slong i = 0; i < L->n; i++)
            for (slong j = 0; j < L->n; j++)
                fmpq_addmul(fmpq_mat_entry(M, i, j), x + r, fmpq_mat_entry(L->mats + r, i, j));
    }
}

fmpq_mat_struct *lt_liealg_space_matrices(const lt_liealg_t L, const lt_qspace_t S)
{
    if (L->n <= 0) return NULL;
    fmpq_mat_struct *M = lt_malloc(((size_t)S->rank + 1) * sizeof *M);
    for (slong r = 0; r < S->rank; r++) {
        fmpq_mat_init(M + r, L->n, L->n);
        lt_liealg_element_matrix(M + r, L, S->rows[r]);
    }
    return M;
}

void lt_liealg_space_matrices_clear(fmpq_mat_struct *M, slong n)
{
    for (slong r = 0; M && r < n; r++) fmpq_mat_clear(M + r);
    lt_free(M);
}

slong lt_liealg_killing_form(fmpq_mat_t K, const lt_liealg_t L)
{
    lt_liealg_killing(K, L);
    return L->dim ? lt_qmat_rank(K) : 0;
}

void lt_liealg_killing(fmpq_mat_t K, const lt_liealg_t L)
{
    /* K_ij = sum_{k,l} c_ilk c_jkl */
    slong d = L->dim;
    fmpq_mat_zero(K);
    fmpq_t a, b;
    fmpq_init(a); fmpq_init(b);
    for (slong i = 0; i < d; i++)
        for (slong p = 0; p < d; p++) {          /* pair (i, l=p) */
            if (p == i) continue;
            slong lo = i < p ? i : p, hi = i < p ? p : i;
            slong q = lo * d + hi;
            for (slong t = L->sc_start[q]; t < L->sc_start[q] + L->sc_len[q]; t++) {
                slong k = L->sc_k[t];
                fmpq_set(a, L->sc_c + t);
                if (i > p) fmpq_neg(a, a);       /* c_ipk */
                for (slong j = i; j < d; j++) {
                    lt_liealg_sc(b, L, j, k, p);  /* c_jkp */
                    if (!fmpq_is_zero(b)) fmpq_addmul(fmpq_mat_entry(K, i, j), a, b);
                }
            }
        }
    for (slong i = 0; i < d; i++)
        for (slong j = 0; j < i; j++) fmpq_set(fmpq_mat_entry(K, i, j), fmpq_mat_entry(K, j, i));
    fmpq_clear(a); fmpq_clear(b);
}

void lt_liealg_radical(lt_qspace_t R, const lt_liealg_t L)
{
    slong d = L->dim;
    fmpq_mat_t K;
    fmpq_mat_init(K, d, d);
    lt_liealg_killing(K, L);
    lt_lseries_t D;
    lt_lseries_init(D);
    lt_liealg_derived_series(D, L);
    lt_qspace_struct *LL = D->len > 1 ? D->terms + 1 : D->terms;   /* [L,L] */
    lt_qspace_t F;
    lt_qspace_init(F, d);
    fmpq *f = _fmpq_vec_init(d);
    for (slong r = 0; r < LL->rank; r++) {
        for (slong i = 0; i < d; i++) {
            fmpq_zero(f + i);
            for (slong j = 0; j < d; j++)
                if (!fmpq_is_zero(LL->rows[r] + j)) fmpq_addmul(f + i, fmpq_mat_entry(K, i, j), LL->rows[r] + j);
        }
        if (!lt_qvec_is_zero(f, d)) lt_qspace_add(F, f);
    }
    kernel_of(R, F);
    _fmpq_vec_clear(f, d);
    lt_qspace_clear(F);
    lt_lseries_clear(D);
    fmpq_mat_clear(K);
}

slong lt_qmat_rank(const fmpq_mat_t A)
{
    fmpq_mat_t B;
    fmpq_mat_init(B, fmpq_mat_nrows(A), fmpq_mat_ncols(A));
    slong r = fmpq_mat_rref(B, A);
    fmpq_mat_clear(B);
    return r;
}

void lt_liealg_adjoint(fmpq_mat_struct *mats, const lt_liealg_t L)
{
    slong d = L->dim;
    for (slong i = 0; i < d; i++) {
        fmpq_mat_init(mats + i, d, d);
        for (slong j = 0; j < d; j++) {
            if (i == j) continue;
            slong lo = i < j ? i : j, hi = i < j ? j : i, q = lo * d + hi;
            for (slong t = L->sc_start[q]; t < L->sc_start[q] + L->sc_len[q]; t++) {
                fmpq *e = fmpq_mat_entry(mats + i, L->sc_k[t], j);
                if (i < j) fmpq_set(e, L->sc_c + t);
                else fmpq_neg(e, L->sc_c + t);
            }
        }
    }
}
