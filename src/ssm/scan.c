/* Linear recurrences h_t = a_t h_(t-1) + b_t, sequential and as parallel
   scans.

   The map h -> a h + b is affine, and affine maps compose associatively:
   (a2, b2) o (a1, b1) = (a2 a1, a2 b1 + b2). So the states h_t are the
   inclusive prefix "sums" of the sequence of maps under this composition
   (applied to h_(-1)), and any associative scan computes them (Blelloch,
   "Prefix sums and their applications", CMU-CS-90-190, 1990, section 1.4:
   first-order linear recurrences as scans). The scan here is the
   work-efficient tree of Blelloch's paper in the inclusive form of Brent
   and Kung (IEEE Trans. Computers C-31, 1982): an up-sweep over the
   ceil(log2 T) levels leaves at position i the composition of the
   ceil-aligned block ending at i (a Fenwick tree), and a down-sweep over
   the levels again completes every prefix; 2 ceil(log2 T) - 1 rounds in
   all, each a set of independent combines shared among the threads, about
   2T combines in all. h_(-1) is folded into the first element. */
#include <pthread.h>
#include <stdlib.h>
#include <unistd.h>
#include "lietool/ssm.h"
#include "impl.h"

const char *lt_prec_name(lt_prec p)
{
    return p == LT_PREC_F32 ? "f32" : p == LT_PREC_BF16 ? "bf16" : "f64";
}

int lt_prec_parse(lt_prec *p, const char *s)
{
    if (strcmp(s, "f64") == 0 || strcmp(s, "double") == 0) *p = LT_PREC_F64;
    else if (strcmp(s, "f32") == 0 || strcmp(s, "float") == 0) *p = LT_PREC_F32;
    else if (strcmp(s, "bf16") == 0 || strcmp(s, "bfloat16") == 0) *p = LT_PREC_BF16;
    else return -1;
    return 0;
}

double lt_prec_round(double x, lt_prec p)
{
    return lt_rnd_(x, p);
}

double lt_prec_eps(lt_prec p)
{
    return p == LT_PREC_F64 ? 0x1p-53 : p == LT_PREC_F32 ? 0x1p-24 : 0x1p-8;
}

void lt_scan_opts_init(lt_scan_opts *o)
{
    memset(o, 0, sizeof *o);
    o->prec = LT_PREC_F64;
}

int lt_scan_levels(long T)
{
    int L = 0;
    while (L < 62 && (1L << L) < T) L++;
    return L;
}

int lt_online_cpus_(void)
{
    long n = sysconf(_SC_NPROCESSORS_ONLN);
    return n < 1 ? 1 : n > 64 ? 64 : (int)n;
}

/* ---- a team of threads with a barrier ---- */

struct lt_team {
    pthread_barrier_t bar;
    pthread_mutex_t mu;
    pthread_cond_t cv;
    int go;
    void (*fn)(void *, int, int, lt_team *);
    void *arg;
    int n;
};

void lt_team_barrier_(lt_team *t)
{
    if (t->n > 1) pthread_barrier_wait(&t->bar);
}

typedef struct { lt_team *team; int tid; } team_slot;

static void *team_main(void *p)
{
    team_slot *s = p;
    lt_team *t = s->team;
    pthread_mutex_lock(&t->mu);
    while (!t->go) pthread_cond_wait(&t->cv, &t->mu);
    pthread_mutex_unlock(&t->mu);
    if (s->tid < t->n) t->fn(t->arg, s->tid, t->n, t);
    return NULL;
}

/* The threads wait until all are started; if some cannot start, the work
   is shared among those that did. */
lt_status lt_team_run_(int nthreads, void (*fn)(void *, int, int, lt_team *), void *arg, lt_err_t err)
{
    lt_team t;
    memset(&t, 0, sizeof t);
    t.fn = fn;
    t.arg = arg;
    int want = nthreads < 1 ? 1 : nthreads;
    if (want == 1) { t.n = 1; fn(arg, 0, 1, &t); return LT_OK; }
    pthread_mutex_init(&t.mu, NULL);
    pthread_cond_init(&t.cv, NULL);
    pthread_t *th = lt_malloc((size_t)want * sizeof *th);
    team_slot *sl = lt_malloc((size_t)want * sizeof *sl);
    int started = 1;
    for (int i = 1; i < want; i++) {
        sl[i].team = &t;
        sl[i].tid = i;
        if (pthread_create(&th[i], NULL, team_main, &sl[i])) break;
        started++;
    }
    t.n = started;
    lt_status st = LT_OK;
    if (started > 1 && pthread_barrier_init(&t.bar, NULL, (unsigned)started)) {
        t.n = 0;                /* the workers return at once */
        st = lt_err_set(err, LT_EINTERNAL, "cannot create a barrier for %d threads", started);
    }
    pthread_mutex_lock(&t.mu);
    t.go = 1;
    pthread_cond_broadcast(&t.cv);
    pthread_mutex_unlock(&t.mu);
    if (!st) fn(arg, 0, t.n, &t);
    for (int i = 1; i < started; i++) pthread_join(th[i], NULL);
    if (!st && started > 1) pthread_barrier_destroy(&t.bar);
    pthread_mutex_destroy(&t.mu);
    pthread_cond_destroy(&t.cv);
    lt_free(th);
    lt_free(sl);
    return st;
}

/* ---- the tree ----
   combine(j, i) replaces element i (later) by element i o element j.
   Level d of the up-sweep combines i = 2^(d+1) k - 1 with j = i - 2^d;
   level d of the down-sweep (d = L-1 .. 1) combines i = 2^d k + 2^(d-1) - 1
   with j = i - 2^(d-1). Thread t owns the aligned chunk [tC, (t+1)C),
   C a power of two: every combine of a level whose blocks fit in a chunk
   stays inside one chunk (the down-sweep's j may be the last element of
   the chunk before, already final by then), so each thread runs those
   levels on its own, and only the levels above C need the others: the
   rounds are those of the level-by-level tree, with three barriers. */

typedef struct {
    long T;
    void (*combine)(void *ctx, long j, long i, int tid);
    void *ctx;
    int L, c;               /* levels; chunk = 2^c */
} tree_job;

static void tree_level(tree_job *J, long first, long step, long half, long lo, long hi, int tid)
{
    if (first < lo) first += (lo - first + step - 1) / step * step;
    for (long i = first; i < hi; i += step) J->combine(J->ctx, i - half, i, tid);
}

static void tree_main(void *arg, int tid, int n, lt_team *team)
{
    tree_job *J = arg;
    long C = 1L << J->c, lo = tid * C, hi = lo + C < J->T ? lo + C : J->T;
    (void)n;
    for (int d = 0; d < J->L && (2L << d) <= C; d++)          /* up-sweep inside the chunk */
        tree_level(J, (2L << d) - 1, 2L << d, 1L << d, lo, hi, tid);
    lt_team_barrier_(team);
    if (tid == 0) {
        for (int d = 0; d < J->L; d++)                        /* the levels above the chunks */
            if ((2L << d) > C) tree_level(J, (2L << d) - 1, 2L << d, 1L << d, 0, J->T, tid);
        for (int d = J->L - 1; d >= 1 && (1L << d) > C; d--)
            tree_level(J, (1L << d) - 1 + (1L << (d - 1)), 1L << d, 1L << (d - 1), 0, J->T, tid);
    }
    lt_team_barrier_(team);
    for (int d = J->L - 1; d >= 1; d--)                       /* down-sweep inside the chunk */
        if ((1L << d) <= C) tree_level(J, (1L << d) - 1 + (1L << (d - 1)), 1L << d, 1L << (d - 1), lo, hi, tid);
}

static lt_status tree_scan(long T, void (*combine)(void *, long, long, int), void *ctx,
                           long grain, int threads, lt_err_t err)
{
    int n = threads > 0 ? threads : lt_online_cpus_();
    if (T < 2 * grain) n = 1;
    if (n > T) n = (int)T;
    tree_job J = {T, combine, ctx, lt_scan_levels(T), 0};
    while ((1L << J.c) * n < T) J.c++;                        /* C = 2^c >= T/n */
    n = (int)((T + (1L << J.c) - 1) >> J.c);                  /* chunks in use */
    return lt_team_run_(n, tree_main, &J, err);
}

/* ---- diagonal complex ---- */

LT_INLINE void cmul(double *zr, double *zi, double ar, double ai, double br, double bi, lt_prec p)
{
    double r = lt_rnd_(lt_rnd_(ar * br, p) - lt_rnd_(ai * bi, p), p);
    double i = lt_rnd_(lt_rnd_(ar * bi, p) + lt_rnd_(ai * br, p), p);
    *zr = r;
    *zi = i;
}

LT_INLINE void diag_seq_k(double *restrict hr, double *restrict hi,
                          const double *restrict ar, const double *restrict ai,
                          const double *restrict br, const double *restrict bi,
                          const double *h0r, const double *h0i, long T, int d,
                          lt_prec p, int renorm, int hasb)
{
    const double *pr = h0r, *pi = h0i;
    for (long t = 0; t < T; t++) {
        long o = t * d;
        for (int j = 0; j < d; j++) {
            double xr, xi;
            cmul(&xr, &xi, ar[o + j], ai[o + j], pr[j], pi[j], p);
            if (hasb) {
                xr = lt_rnd_(xr + br[o + j], p);
                xi = lt_rnd_(xi + bi[o + j], p);
            }
            if (renorm) lt_renorm_(&xr, &xi, p);
            hr[o + j] = xr;
            hi[o + j] = xi;
        }
        pr = hr + o;
        pi = hi + o;
    }
}

#define DIAG_SEQ(P, R, B) \
    static void diag_seq_##P##_##R##_##B(double *hr, double *hi, const double *ar, const double *ai, \
        const double *br, const double *bi, const double *h0r, const double *h0i, long T, int d) \
    { diag_seq_k(hr, hi, ar, ai, br, bi, h0r, h0i, T, d, P, R, B); }
#define DIAG_SEQ_P(P) DIAG_SEQ(P, 0, 0) DIAG_SEQ(P, 0, 1) DIAG_SEQ(P, 1, 0)
DIAG_SEQ_P(LT_PREC_F64)
DIAG_SEQ_P(LT_PREC_F32)
DIAG_SEQ_P(LT_PREC_BF16)

typedef void (*diag_seq_fn)(double *, double *, const double *, const double *, const double *,
                            const double *, const double *, const double *, long, int);
static diag_seq_fn diag_seq_pick(lt_prec p, int renorm, int hasb)
{
#define PICK(P) return renorm ? diag_seq_##P##_1_0 : hasb ? diag_seq_##P##_0_1 : diag_seq_##P##_0_0
    if (p == LT_PREC_F32) PICK(LT_PREC_F32);
    if (p == LT_PREC_BF16) PICK(LT_PREC_BF16);
    PICK(LT_PREC_F64);
#undef PICK
}

typedef struct {
    double *Ar, *Ai, *Br, *Bi;  /* B NULL without b */
    int d;
    lt_prec p;
    int renorm;
} diag_ctx;

LT_INLINE void diag_combine_k(diag_ctx *D, long j, long i, lt_prec p, int renorm, int hasb)
{
    int d = D->d;
    double *restrict Air = D->Ar + i * d, *restrict Aii = D->Ai + i * d;
    const double *restrict Ajr = D->Ar + j * d, *restrict Aji = D->Ai + j * d;
    if (hasb) {
        double *restrict Bir = D->Br + i * d, *restrict Bii = D->Bi + i * d;
        const double *restrict Bjr = D->Br + j * d, *restrict Bji = D->Bi + j * d;
        for (int c2 = 0; c2 < d; c2++) {
            double xr, xi;
            cmul(&xr, &xi, Air[c2], Aii[c2], Bjr[c2], Bji[c2], p);
            Bir[c2] = lt_rnd_(xr + Bir[c2], p);
            Bii[c2] = lt_rnd_(xi + Bii[c2], p);
        }
    }
    for (int c2 = 0; c2 < d; c2++) {
        double xr, xi;
        cmul(&xr, &xi, Air[c2], Aii[c2], Ajr[c2], Aji[c2], p);
        if (renorm) lt_renorm_(&xr, &xi, p);
        Air[c2] = xr;
        Aii[c2] = xi;
    }
}

/* f64 without renormalisation, the common case, compiled to vectorise */
__attribute__((target_clones("avx2", "default"), optimize("O3")))
static void diag_combine_fast(diag_ctx *D, long j, long i, int hasb)
{
    if (hasb) diag_combine_k(D, j, i, LT_PREC_F64, 0, 1);
    else diag_combine_k(D, j, i, LT_PREC_F64, 0, 0);
}

static void diag_combine(void *c, long j, long i, int tid)
{
    (void)tid;
    diag_ctx *D = c;
    int hasb = D->Br != NULL;
    if (D->p == LT_PREC_F64 && !D->renorm) diag_combine_fast(D, j, i, hasb);
    else if (D->p == LT_PREC_F32) diag_combine_k(D, j, i, LT_PREC_F32, D->renorm, hasb);
    else if (D->p == LT_PREC_BF16) diag_combine_k(D, j, i, LT_PREC_BF16, D->renorm, hasb);
    else diag_combine_k(D, j, i, LT_PREC_F64, D->renorm, hasb);
}

lt_status lt_scan_diag(double *h_re, double *h_im, const double *a_re, const double *a_im,
                       const double *b_re, const double *b_im, const double *h0_re, const double *h0_im,
                       long T, int d, const lt_scan_opts *o, lt_err_t err)
{
    int hasb = b_re != NULL;
    if (o->renormalize && hasb)
        return lt_err_set(err, LT_EINPUT, "renormalisation applies to recurrences without an input term b");
    if (T <= 0 || d <= 0) return LT_OK;
    lt_prec p = o->prec;
    if (!o->parallel) {
        diag_seq_pick(p, o->renormalize, hasb)(h_re, h_im, a_re, a_im, b_re, b_im, h0_re, h0_im, T, d);
        return LT_OK;
    }
    size_t sz = (size_t)T * (size_t)d;
    diag_ctx D = {h_re, h_im, NULL, NULL, d, p, o->renormalize};
    memcpy(h_re, a_re, sz * sizeof(double));
    memcpy(h_im, a_im, sz * sizeof(double));
    if (hasb) {
        /* h_t = B_t: (A, B) pairs with h0 folded into B_0 = a_0 h0 + b_0 */
        D.Br = lt_malloc(sz * sizeof(double));
        D.Bi = lt_malloc(sz * sizeof(double));
        memcpy(D.Br, b_re, sz * sizeof(double));
        memcpy(D.Bi, b_im, sz * sizeof(double));
        for (int j = 0; j < d; j++) {
            double xr, xi;
            cmul(&xr, &xi, a_re[j], a_im[j], h0_re[j], h0_im[j], p);
            D.Br[j] = lt_rnd_(xr + b_re[j], p);
            D.Bi[j] = lt_rnd_(xi + b_im[j], p);
        }
    } else {
        /* h_t = A_t with A_0 = a_0 h0 */
        for (int j = 0; j < d; j++) {
            cmul(&h_re[j], &h_im[j], a_re[j], a_im[j], h0_re[j], h0_im[j], p);
            if (o->renormalize) lt_renorm_(&h_re[j], &h_im[j], p);
        }
    }
    long grain = 4096 / d + 1;
    lt_status st = tree_scan(T, diag_combine, &D, grain, o->threads, err);
    if (hasb) {
        memcpy(h_re, D.Br, sz * sizeof(double));
        memcpy(h_im, D.Bi, sz * sizeof(double));
        lt_free(D.Br);
        lt_free(D.Bi);
    }
    return st;
}

/* ---- dense real ---- */

LT_INLINE void matvec(double *y, const double *A, const double *x, const double *b, int d, lt_prec p)
{
    for (int r = 0; r < d; r++) {
        double s = 0;
        for (int c = 0; c < d; c++) s = lt_rnd_(s + lt_rnd_(A[r * d + c] * x[c], p), p);
        y[r] = b ? lt_rnd_(s + b[r], p) : s;
    }
}

typedef struct {
    double *M, *v;          /* T matrices, T vectors */
    double *tmp;            /* per thread: d*d */
    int d;
    lt_prec p;
} dense_ctx;

static void dense_combine(void *c, long j, long i, int tid)
{
    dense_ctx *D = c;
    int d = D->d;
    lt_prec p = D->p;
    double *Mi = D->M + i * (long)d * d, *vi = D->v + i * (long)d;
    const double *Mj = D->M + j * (long)d * d, *vj = D->v + j * (long)d;
    double *t = D->tmp + (size_t)tid * (size_t)(d * d + d);
    matvec(t, Mi, vj, vi, d, p);                        /* v_i = M_i v_j + v_i */
    memcpy(vi, t, (size_t)d * sizeof(double));
    for (int r = 0; r < d; r++)                         /* M_i = M_i M_j */
        for (int c2 = 0; c2 < d; c2++) {
            double s = 0;
            for (int k = 0; k < d; k++) s = lt_rnd_(s + lt_rnd_(Mi[r * d + k] * Mj[k * d + c2], p), p);
            t[r * d + c2] = s;
        }
    memcpy(Mi, t, (size_t)d * d * sizeof(double));
}

lt_status lt_scan_dense(double *h, const double *A, const double *b, const double *h0,
                        long T, int d, const lt_scan_opts *o, lt_err_t err)
{
    if (T <= 0 || d <= 0) return LT_OK;
    lt_prec p = o->prec;
    size_t dd = (size_t)d * (size_t)d;
    if (!o->parallel) {
        const double *prev = h0;
        for (long t = 0; t < T; t++) {
            matvec(h + t * d, A + t * dd, prev, b ? b + t * d : NULL, d, p);
            prev = h + t * d;
        }
        return LT_OK;
    }
    int n = o->threads > 0 ? o->threads : lt_online_cpus_();
    dense_ctx D;
    D.d = d;
    D.p = p;
    D.M = lt_malloc((size_t)T * dd * sizeof(double));
    D.v = h;
    D.tmp = lt_malloc((size_t)n * (dd + (size_t)d) * sizeof(double));
    memcpy(D.M, A, (size_t)T * dd * sizeof(double));
    if (b) memcpy(h, b, (size_t)T * (size_t)d * sizeof(double));
    else memset(h, 0, (size_t)T * (size_t)d * sizeof(double));
    matvec(h, A, h0, b, d, p);                          /* v_0 = A_0 h0 + b_0 */
    lt_status st = tree_scan(T, dense_combine, &D, 64 / (d * d) + 1, n, err);
    lt_free(D.M);
    lt_free(D.tmp);
    return st;
}

/* ---- the token-driven diagonal layer (double) ----
   A diagonal SSM layer with input-dependent transitions taken from tables:
   h_t = lam[x_t] * h_(t-1) + beta[x_t], y_t = Re sum_j c_j h_t[j]. The
   loop is written for vectorisation (split real and imaginary parts); it
   is compiled for AVX2 as well as the baseline and picked at load time. */
__attribute__((target_clones("avx2", "default"), optimize("O3")))
static void diag_tokens_k(double *restrict hr, double *restrict hi,
                          const double *restrict lr, const double *restrict li,
                          const double *restrict br, const double *restrict bi,
                          const double *restrict cr, const double *restrict ci,
                          const int *restrict tok, long T, int d, double *restrict y)
{
    for (long t = 0; t < T; t++) {
        const double *ar = lr + (size_t)tok[t] * d, *ai = li + (size_t)tok[t] * d;
        const double *xr = br ? br + (size_t)tok[t] * d : NULL, *xi = bi ? bi + (size_t)tok[t] * d : NULL;
        if (xr)
            for (int j = 0; j < d; j++) {
                double nr = (ar[j] * hr[j] - ai[j] * hi[j]) + xr[j];
                double ni = (ar[j] * hi[j] + ai[j] * hr[j]) + xi[j];
                hr[j] = nr;
                hi[j] = ni;
            }
        else
            for (int j = 0; j < d; j++) {
                double nr = ar[j] * hr[j] - ai[j] * hi[j];
                double ni = ar[j] * hi[j] + ai[j] * hr[j];
                hr[j] = nr;
                hi[j] = ni;
            }
        if (y) {
            /* four partial sums, so that the reduction vectorises */
            double s[4] = {0, 0, 0, 0};
            int j = 0;
            for (; j + 4 <= d; j += 4)
                for (int l = 0; l < 4; l++) s[l] += cr[j + l] * hr[j + l] - ci[j + l] * hi[j + l];
            for (; j < d; j++) s[0] += cr[j] * hr[j] - ci[j] * hi[j];
            y[t] = (s[0] + s[1]) + (s[2] + s[3]);
        }
    }
}

void lt_scan_diag_tokens(double *h_re, double *h_im, const double *lam_re, const double *lam_im,
                         const double *beta_re, const double *beta_im, const double *c_re,
                         const double *c_im, const int *tokens, long T, int d, double *y)
{
    diag_tokens_k(h_re, h_im, lam_re, lam_im, beta_re, beta_im, c_re, c_im, tokens, T, d, c_re ? y : NULL);
}
