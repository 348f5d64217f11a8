/* Exact cyclotomic numbers in GAP's canonical form: the conductor and
   the coefficients over Zumbroich's basis (J. Zumbroich, "Grundlagen einer
   Arithmetik in Kreisteilungskoerpern und ihre Implementation in CAS",
   Diplomarbeit, RWTH Aachen 1989; the basis as GAP's reference manual
   describes it, chapter 18).

   Over Q(E(n)), n = prod p^a, write s_p(k) = k * (n/p^a)^-1 mod p^a (the
   p-part of E(n)^k under E(n) = prod E(p^a)^...). E(n)^k is a basis
   element when, for p = 2, s_2(k) < 2^(a-1) and, for odd p, the top digit
   l of s_p(k) = j + l p^(a-1), |j| <= (p^(a-1)-1)/2, is not 0. Other powers
   are rewritten by E(n)^k = -E(n)^(k+n/2) (p = 2) and
   E(n)^k = -sum_{t=1}^{p-1} E(n)^(k+t n/p) (odd p); the conductor is then
   lowered while x lies in Q(E(n/p)): for p^2 | n (or p = 2) when every
   exponent is divisible by p, for odd p || n when the coefficients are
   constant along each fibre k + (n/p) Z. */
#include <stdio.h>
#include <string.h>
#include <math.h>
#include <flint/fmpz.h>
#include "lietool/chartab.h"

static long gcd_l(long a, long b)
{
    if (a < 0) a = -a;
    if (b < 0) b = -b;
    while (b) { long t = a % b; a = b; b = t; }
    return a;
}

static long mod_l(long a, long m)
{
    long r = a % m;
    return r < 0 ? r + m : r;
}

/* inverse of a modulo m (gcd 1, m >= 1) */
static long inv_mod(long a, long m)
{
    if (m == 1) return 0;
    long t = 0, nt = 1, r = m, nr = mod_l(a, m);
    while (nr) {
        long q = r / nr, x;
        x = t - q * nt; t = nt; nt = x;
        x = r - q * nr; r = nr; nr = x;
    }
    return mod_l(t, m);
}

/* the distinct primes of n (n >= 1) and their exponents; returns how many */
static int factor_l(long n, long *p, int *a)
{
    int k = 0;
    for (long q = 2; q * q <= n; q++)
        if (n % q == 0) {
            p[k] = q; a[k] = 0;
            while (n % q == 0) { n /= q; a[k]++; }
            k++;
        }
    if (n > 1) { p[k] = n; a[k] = 1; k++; }
    return k;
}

static fmpq *vec_new(long n)
{
    fmpq *v = lt_malloc((size_t)n * sizeof(fmpq));
    for (long i = 0; i < n; i++) fmpq_init(v + i);
    return v;
}

static void vec_free(fmpq *v, long n)
{
    for (long i = 0; i < n; i++) fmpq_clear(v + i);
    lt_free(v);
}

/* Rewrites w (length n) over Zumbroich's basis of Q(E(n)). */
static void zumbroich(fmpq *w, long n)
{
    long p[16];
    int a[16];
    int np = factor_l(n, p, a);
    for (int i = 0; i < np; i++) {
        long q = 1;
        for (int t = 0; t < a[i]; t++) q *= p[i];
        long u = inv_mod(n / q, q);
        if (p[i] == 2) {
            long half = q / 2;
            for (long k = 0; k < n; k++) {
                if (fmpq_is_zero(w + k)) continue;
                long s = (k % q) * u % q;
                if (s >= half) {
                    long k2 = (k + n / 2) % n;
                    fmpq_sub(w + k2, w + k2, w + k);
                    fmpq_zero(w + k);
                }
            }
        } else {
            long pa1 = q / p[i], h = (pa1 - 1) / 2;
            for (long k = 0; k < n; k++) {
                if (fmpq_is_zero(w + k)) continue;
                long s = (k % q) * u % q, j = s % pa1;
                if (j > h) j -= pa1;
                long l = mod_l((s - j) / pa1, p[i]);
                if (l == 0) {
                    for (long t = 1; t < p[i]; t++) {
                        long k2 = (k + t * (n / p[i])) % n;
                        fmpq_sub(w + k2, w + k2, w + k);
                    }
                    fmpq_zero(w + k);
                }
            }
        }
    }
}

/* Lowers the conductor of w (length *n, Zumbroich form) as far as it goes;
   may replace w. */
static fmpq *lower(fmpq *w, long *pn)
{
    for (;;) {
        long n = *pn, p[16];
        int a[16], np = factor_l(n, p, a), changed = 0;
        for (int i = 0; i < np && !changed; i++) {
            long P = p[i], r = n / P;
            if (a[i] >= 2 || P == 2) {
                int ok = 1;
                for (long k = 0; k < n && ok; k++)
                    if (k % P && !fmpq_is_zero(w + k)) ok = 0;
                if (!ok) continue;
                fmpq *w2 = vec_new(r);
                for (long k = 0; k < r; k++) fmpq_swap(w2 + k, w + k * P);
                vec_free(w, n);
                w = w2;
                *pn = r;
                changed = 1;
            } else {
                int ok = 1;
                for (long k0 = 0; k0 < n && ok; k0 += P)
                    for (long t = 2; t < P && ok; t++)
                        if (!fmpq_equal(w + (k0 + r) % n, w + (k0 + t * r) % n)) ok = 0;
                if (!ok) continue;
                fmpq *w2 = vec_new(r);
                for (long k0 = 0; k0 < n; k0 += P) fmpq_neg(w2 + k0 / P, w + (k0 + r) % n);
                vec_free(w, n);
                w = w2;
                *pn = r;
                zumbroich(w, r);
                changed = 1;
            }
        }
        if (!changed) return w;
    }
}

void lt_cyc_init(lt_cyc_t x)
{
    x->n = 1;
    x->len = 0;
    x->e = NULL;
    x->c = NULL;
}

static void release(lt_cyc_t x)
{
    for (long i = 0; i < x->len; i++) fmpq_clear(x->c + i);
    lt_free(x->c);
    lt_free(x->e);
    lt_cyc_init(x);
}

void lt_cyc_clear(lt_cyc_t x) { release(x); }

void lt_cyc_zero(lt_cyc_t x) { release(x); }

/* x = the canonical form of w (length n, consumed) */
static void from_work(lt_cyc_t x, fmpq *w, long n)
{
    zumbroich(w, n);
    w = lower(w, &n);
    release(x);
    long len = 0;
    for (long k = 0; k < n; k++) len += !fmpq_is_zero(w + k);
    x->n = len ? n : 1;
    x->len = len;
    if (len) {
        x->e = lt_malloc((size_t)len * sizeof(long));
        x->c = lt_malloc((size_t)len * sizeof(fmpq));
        long i = 0;
        for (long k = 0; k < n; k++)
            if (!fmpq_is_zero(w + k)) {
                x->e[i] = k;
                fmpq_init(x->c + i);
                fmpq_swap(x->c + i, w + k);
                i++;
            }
    }
    vec_free(w, n);
}

void lt_cyc_set(lt_cyc_t x, const lt_cyc_t y)
{
    if (x == y) return;
    release(x);
    x->n = y->n;
    x->len = y->len;
    if (y->len) {
        x->e = lt_malloc((size_t)y->len * sizeof(long));
        x->c = lt_malloc((size_t)y->len * sizeof(fmpq));
        for (long i = 0; i < y->len; i++) {
            x->e[i] = y->e[i];
            fmpq_init(x->c + i);
            fmpq_set(x->c + i, y->c + i);
        }
    }
}

void lt_cyc_set_fmpq(lt_cyc_t x, const fmpq_t q)
{
    release(x);
    if (fmpq_is_zero(q)) return;
    x->len = 1;
    x->e = lt_malloc(sizeof(long));
    x->c = lt_malloc(sizeof(fmpq));
    x->e[0] = 0;
    fmpq_init(x->c);
    fmpq_set(x->c, q);
}

void lt_cyc_set_si(lt_cyc_t x, long v)
{
    fmpq_t q;
    fmpq_init(q);
    fmpq_set_si(q, v, 1);
    lt_cyc_set_fmpq(x, q);
    fmpq_clear(q);
}

void lt_cyc_set_dense(lt_cyc_t x, const fmpq *v, long N)
{
    fmpq *w = vec_new(N);
    for (long k = 0; k < N; k++) fmpq_set(w + k, v + k);
    from_work(x, w, N);
}

void lt_cyc_set_root(lt_cyc_t x, long N, long k)
{
    fmpq *w = vec_new(N);
    fmpq_one(w + mod_l(k, N));
    from_work(x, w, N);
}

void lt_cyc_get_dense(fmpq *v, long N, const lt_cyc_t x)
{
    for (long k = 0; k < N; k++) fmpq_zero(v + k);
    long f = N / x->n;
    for (long i = 0; i < x->len; i++) fmpq_set(v + x->e[i] * f, x->c + i);
}

int lt_cyc_equal(const lt_cyc_t x, const lt_cyc_t y)
{
    if (x->n != y->n || x->len != y->len) return 0;
    for (long i = 0; i < x->len; i++)
        if (x->e[i] != y->e[i] || !fmpq_equal(x->c + i, y->c + i)) return 0;
    return 1;
}

int lt_cyc_is_zero(const lt_cyc_t x) { return x->len == 0; }

int lt_cyc_is_rational(const lt_cyc_t x) { return x->n == 1; }

void lt_cyc_get_fmpq(fmpq_t q, const lt_cyc_t x)
{
    if (x->len) fmpq_set(q, x->c);
    else fmpq_zero(q);
}

static long lcm_l(long a, long b) { return a / gcd_l(a, b) * b; }

/* r = x + sign y */
static void addsub(lt_cyc_t r, const lt_cyc_t x, const lt_cyc_t y, int sign)
{
    long L = lcm_l(x->n, y->n);
    fmpq *w = vec_new(L);
    for (long i = 0; i < x->len; i++) fmpq_add(w + x->e[i] * (L / x->n), w + x->e[i] * (L / x->n), x->c + i);
    for (long i = 0; i < y->len; i++) {
        fmpq *t = w + y->e[i] * (L / y->n);
        if (sign > 0) fmpq_add(t, t, y->c + i);
        else fmpq_sub(t, t, y->c + i);
    }
    from_work(r, w, L);
}

void lt_cyc_add(lt_cyc_t r, const lt_cyc_t x, const lt_cyc_t y) { addsub(r, x, y, 1); }
void lt_cyc_sub(lt_cyc_t r, const lt_cyc_t x, const lt_cyc_t y) { addsub(r, x, y, -1); }

void lt_cyc_neg(lt_cyc_t r, const lt_cyc_t x)
{
    lt_cyc_set(r, x);
    for (long i = 0; i < r->len; i++) fmpq_neg(r->c + i, r->c + i);
}

void lt_cyc_mul_fmpq(lt_cyc_t r, const lt_cyc_t x, const fmpq_t q)
{
    if (fmpq_is_zero(q)) { release(r); return; }
    lt_cyc_set(r, x);
    for (long i = 0; i < r->len; i++) fmpq_mul(r->c + i, r->c + i, q);
}

void lt_cyc_mul(lt_cyc_t r, const lt_cyc_t x, const lt_cyc_t y)
{
    long L = lcm_l(x->n, y->n);
    fmpq *w = vec_new(L);
    fmpq_t t;
    fmpq_init(t);
    for (long i = 0; i < x->len; i++)
        for (long j = 0; j < y->len; j++) {
            long k = (x->e[i] * (L / x->n) + y->e[j] * (L / y->n)) % L;
            fmpq_mul(t, x->c + i, y->c + j);
            fmpq_add(w + k, w + k, t);
        }
    fmpq_clear(t);
    from_work(r, w, L);
}

void lt_cyc_galois(lt_cyc_t r, const lt_cyc_t x, long k)
{
    long n = x->n;
    fmpq *w = vec_new(n);
    long km = mod_l(k, n);
    for (long i = 0; i < x->len; i++) fmpq_set(w + (x->e[i] * km) % n, x->c + i);
    from_work(r, w, n);
}

long lt_cyc_galois_count(const lt_cyc_t x)
{
    long n = x->n, units = 0, fixed = 0;
    lt_cyc_t y;
    lt_cyc_init(y);
    for (long k = 1; k <= n; k++) {
        if (gcd_l(k, n) != 1) continue;
        units++;
        lt_cyc_galois(y, x, k);
        fixed += lt_cyc_equal(x, y);
    }
    lt_cyc_clear(y);
    return units / fixed;
}

void lt_cyc_get_d(double *re, double *im, const lt_cyc_t x)
{
    double a = 0, b = 0;
    for (long i = 0; i < x->len; i++) {
        double c = fmpq_get_d(x->c + i), th = 2 * M_PI * (double)x->e[i] / (double)x->n;
        a += c * cos(th);
        b += c * sin(th);
    }
    *re = a;
    *im = b;
}

/* a growing string */
typedef struct { char *s; size_t len, cap; } sbuf;

static void sb_put(sbuf *b, const char *t)
{
    size_t k = strlen(t);
    if (b->len + k + 1 > b->cap) {
        b->cap = 2 * (b->len + k + 1);
        b->s = lt_realloc(b->s, b->cap);
    }
    memcpy(b->s + b->len, t, k + 1);
    b->len += k;
}

static void sb_fmpq(sbuf *b, const fmpq_t q)
{
    char *t = fmpq_get_str(NULL, 10, q);
    sb_put(b, t);
    flint_free(t);
}

char *lt_cyc_str(const lt_cyc_t x)
{
    sbuf b = {NULL, 0, 0};
    sb_put(&b, "");
    if (x->len == 0) { sb_put(&b, "0"); return b.s; }
    char root[64];
    for (long i = 0; i < x->len; i++) {
        const fmpq *c = x->c + i;
        int pos = fmpq_sgn(c) > 0;
        if (x->e[i] == 0) {
            if (i && pos) sb_put(&b, "+");
            sb_fmpq(&b, c);
            continue;
        }
        if (x->e[i] == 1) snprintf(root, sizeof root, "E(%ld)", x->n);
        else snprintf(root, sizeof root, "E(%ld)^%ld", x->n, x->e[i]);
        if (fmpq_is_one(c)) {
            if (i) sb_put(&b, "+");
        } else if (fmpz_is_one(fmpq_denref(c)) && fmpz_equal_si(fmpq_numref(c), -1)) {
            sb_put(&b, "-");
        } else {
            if (i && pos) sb_put(&b, "+");
            sb_fmpq(&b, c);
            sb_put(&b, "*");
        }
        sb_put(&b, root);
    }
    return b.s;
}

static char *dup_fmt(const char *fmt, long a, long b)
{
    char t[128];
    snprintf(t, sizeof t, fmt, a, b);
    return lt_strdup(t);
}

int lt_cyc_quadratic(char **display, char **atlas, const lt_cyc_t x)
{
    *display = *atlas = NULL;
    if (lt_cyc_is_rational(x)) return 0;
    for (long i = 0; i < x->len; i++)
        if (!fmpz_is_one(fmpq_denref(x->c + i))) return 0;
    if (lt_cyc_galois_count(x) != 2) return 0;
    /* the other conjugate, its sum t and product with x, and the
       discriminant t^2 - 4 x x* = f^2 root */
    lt_cyc_t y, s, pr;
    lt_cyc_init(y); lt_cyc_init(s); lt_cyc_init(pr);
    for (long k = 2; k <= x->n; k++) {
        if (gcd_l(k, x->n) != 1) continue;
        lt_cyc_galois(y, x, k);
        if (!lt_cyc_equal(x, y)) break;
    }
    lt_cyc_add(s, x, y);
    lt_cyc_mul(pr, x, y);
    fmpq_t q;
    fmpq_init(q);
    lt_cyc_get_fmpq(q, s);
    long t = fmpz_get_si(fmpq_numref(q));
    lt_cyc_get_fmpq(q, pr);
    long P = fmpz_get_si(fmpq_numref(q));
    fmpq_clear(q);
    lt_cyc_clear(y); lt_cyc_clear(s); lt_cyc_clear(pr);
    long D = t * t - 4 * P, f = 1, root = D < 0 ? -1 : 1, m = D < 0 ? -D : D;
    for (long p = 2; p * p <= m; p++)
        while (m % (p * p) == 0) { m /= p * p; f *= p; }
    root *= m;
    double re, im;
    lt_cyc_get_d(&re, &im, x);
    long bb = (root > 0 ? 2 * re - (double)t : im) < 0 ? -f : f;
    long a, b, d;
    if (t % 2 == 0 && bb % 2 == 0) { a = t / 2; b = bb / 2; d = 1; }
    else { a = t; b = bb; d = 2; }
    /* GAP's display string */
    char buf[256], rt[64];
    snprintf(rt, sizeof rt, "Sqrt(%ld)", root);
    if (a == 0) {
        if (b == 1) snprintf(buf, sizeof buf, "%s", rt);
        else if (b == -1) snprintf(buf, sizeof buf, "-%s", rt);
        else snprintf(buf, sizeof buf, "%ld*%s", b, rt);
    } else if (b == 1) snprintf(buf, sizeof buf, "%ld+%s", a, rt);
    else if (b == -1) snprintf(buf, sizeof buf, "%ld-%s", a, rt);
    else if (b > 0) snprintf(buf, sizeof buf, "%ld+%ld*%s", a, b, rt);
    else snprintf(buf, sizeof buf, "%ld%ld*%s", a, b, rt);
    if (d != 1) {
        char w[300];
        if (a != 0) snprintf(w, sizeof w, "(%s)/%ld", buf, d);
        else snprintf(w, sizeof w, "%s/%ld", buf, d);
        *display = lt_strdup(w);
    } else *display = lt_strdup(buf);
    /* the ATLAS name: b_r = (-1+Sqrt(r))/2, r_r = Sqrt(r), i_r = Sqrt(-r) */
    long ar = root < 0 ? -root : root;
    char at[256] = "", t2[256];
    if (d == 2) {
        long h = (a + b) / 2;
        if (a + b == 0) {
            if (b == -1) strcpy(at, "-");
            else if (b != 1) snprintf(at, sizeof at, "%ld", b);
        } else if (b == 1) snprintf(at, sizeof at, "%ld+", h);
        else if (b == -1) snprintf(at, sizeof at, "%ld-", h);
        else if (b > 0) snprintf(at, sizeof at, "%ld+%ld", h, b);
        else snprintf(at, sizeof at, "%ld%ld", h, b);
        snprintf(t2, sizeof t2, "%sb%ld", at, ar);
        strcpy(at, t2);
    } else {
        if (a != 0) snprintf(at, sizeof at, "%ld", a);
        if (a != 0 && b > 0) strcat(at, "+");
        if (b == -1) strcat(at, "-");
        else if (b != 1) { snprintf(t2, sizeof t2, "%ld", b); strcat(at, t2); }
        if (root > 0) snprintf(t2, sizeof t2, "r%ld", root);
        else if (root == -1) snprintf(t2, sizeof t2, "i");
        else snprintf(t2, sizeof t2, "i%ld", -root);
        strcat(at, t2);
        if ((root - 1) % 4 == 0) {
            char *s2 = a == -b ? dup_fmt("%ld", 2 * b, 0) : dup_fmt("%ld+%ld", a + b, 2 * b);
            snprintf(t2, sizeof t2, "%sb%ld", s2, ar);
            lt_free(s2);
            if (strlen(t2) < strlen(at)) strcpy(at, t2);
        }
    }
    *atlas = lt_strdup(at);
    return 1;
}
