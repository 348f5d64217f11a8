/* Finite fields GF(q), q = p^e: elements are the integers 0..q-1, read as
   coefficient vectors in base p (digit i is the coefficient of Z^i), where
   Z is a root of the Conway polynomial C(p,e); multiplication through a
   table of powers of Z and its inverse (logarithms).

   Conway polynomials are computed from their definition, as Frank Luebeck
   states it with his tables ("Conway polynomials for finite fields",
   https://www.math.rwth-aachen.de/~Frank.Luebeck/data/ConwayPol/), the
   polynomials GAP's ConwayPolynomial returns and whose root is GAP's Z(q):
   C(p,e) is the least monic polynomial x^e + sum (-1)^(e-i) a_i x^i of
   degree e over F_p, the words (a_(e-1), ..., a_0) ordered
   lexicographically, that is primitive (a root has order p^e - 1) and
   compatible with every C(p,d), d | e: a root y of C(p,e) gives the root
   y^((p^e - 1)/(p^d - 1)) of C(p,d). Compatibility with the maximal proper
   divisors suffices (the power maps compose). tests/t-perm.c checks the
   result against GAP's ConwayPolynomial. */
#include <string.h>
#include "impl.h"

/* polynomials over F_p of degree < e, reduced modulo a monic f of degree e */
typedef struct { int p, e; const int *f; } ring_t;

static void mulmod(const ring_t *R, int *r, const int *a, const int *b)
{
    int e = R->e, p = R->p;
    long t[2 * LT_GF_MAX_E];
    memset(t, 0, sizeof t);
    for (int i = 0; i < e; i++)
        if (a[i])
            for (int j = 0; j < e; j++) t[i + j] = (t[i + j] + (long)a[i] * b[j]) % p;
    for (int k = 2 * e - 2; k >= e; k--) {        /* x^k = x^(k-e) x^e, x^e = -sum f_i x^i */
        long c = t[k];
        if (!c) continue;
        t[k] = 0;
        for (int i = 0; i < e; i++) t[k - e + i] = ((t[k - e + i] - c * R->f[i]) % p + p) % p;
    }
    for (int i = 0; i < e; i++) r[i] = (int)t[i];
}

static void powmod(const ring_t *R, int *r, const int *a, unsigned long k)
{
    int b[LT_GF_MAX_E], s[LT_GF_MAX_E];
    memcpy(b, a, (size_t)R->e * sizeof(int));
    memset(s, 0, sizeof s);
    s[0] = 1 % R->p;
    while (k) {
        if (k & 1) mulmod(R, s, s, b);
        mulmod(R, b, b, b);
        k >>= 1;
    }
    memcpy(r, s, (size_t)R->e * sizeof(int));
}

static int is_one(const int *a, int e)
{
    if (a[0] != 1) return 0;
    for (int i = 1; i < e; i++) if (a[i]) return 0;
    return 1;
}

static unsigned long upow(unsigned long b, int e)
{
    unsigned long r = 1;
    while (e-- > 0) r *= b;
    return r;
}

/* The Conway polynomial C(p,e): c[0..e] with c[e] = 1. */
static void conway(int *c, int p, int e)
{
    unsigned long q1 = upow((unsigned long)p, e) - 1;
    unsigned long primes[32];
    int np = 0;
    unsigned long m = q1;
    for (unsigned long d = 2; d * d <= m; d++)
        if (m % d == 0) { primes[np++] = d; while (m % d == 0) m /= d; }
    if (m > 1) primes[np++] = m;
    /* the subfields: C(p, e/r) for the primes r | e */
    int sub[8][LT_GF_MAX_E + 1], subdeg[8], ns = 0;
    for (int r = 2; r <= e; r++) {
        int prime = 1;
        for (int d = 2; d * d <= r; d++) if (r % d == 0) prime = 0;
        if (!prime || e % r) continue;
        subdeg[ns] = e / r;
        conway(sub[ns], p, e / r);
        ns++;
    }
    int f[LT_GF_MAX_E + 1];
    ring_t R = {p, e, f};
    int x[LT_GF_MAX_E], y[LT_GF_MAX_E], z[LT_GF_MAX_E], acc[LT_GF_MAX_E];
    for (unsigned long w = 0; w <= q1; w++) {
        unsigned long t = w;
        for (int i = 0; i < e; i++) {           /* digit i of w is a_i */
            int a = (int)(t % (unsigned long)p);
            t /= (unsigned long)p;
            f[i] = (e - i) % 2 ? (p - a) % p : a;
        }
        f[e] = 1;
        if (f[0] == 0) continue;
        memset(x, 0, sizeof x);
        if (e == 1) x[0] = (p - f[0]) % p; else x[1] = 1;
        powmod(&R, y, x, q1);
        if (!is_one(y, e)) continue;
        int prim = 1;
        for (int i = 0; i < np && prim; i++) {
            powmod(&R, y, x, q1 / primes[i]);
            if (is_one(y, e)) prim = 0;
        }
        if (!prim) continue;
        int compat = 1;
        for (int s = 0; s < ns && compat; s++) {
            int d = subdeg[s];
            powmod(&R, y, x, q1 / (upow((unsigned long)p, d) - 1));
            /* Horner: sub(y) */
            memset(acc, 0, sizeof acc);
            for (int k = d; k >= 0; k--) {
                mulmod(&R, z, acc, y);
                z[0] = (z[0] + sub[s][k]) % p;
                memcpy(acc, z, sizeof acc);
            }
            for (int i = 0; i < e; i++) if (acc[i]) compat = 0;
        }
        if (!compat) continue;
        memcpy(c, f, (size_t)(e + 1) * sizeof(int));
        return;
    }
    /* not reached: a Conway polynomial exists for every p and e */
    memset(c, 0, (size_t)(e + 1) * sizeof(int));
    c[e] = 1;
}

int lt_gf_prime_power(long q, int *p, int *e)
{
    if (q < 2) return 0;
    long d = 2;
    while (d * d <= q && q % d) d++;
    if (d * d > q) d = q;
    int k = 0;
    long t = q;
    while (t % d == 0) { t /= d; k++; }
    if (t != 1) return 0;
    if (p) *p = (int)d;
    if (e) *e = k;
    return 1;
}

lt_status lt_gf_init(lt_gf_t F, long q, lt_err_t err)
{
    memset(F, 0, sizeof *F);
    int p, e;
    if (!lt_gf_prime_power(q, &p, &e))
        return lt_err_set(err, LT_EINPUT, "%ld is not a prime power (no field has %ld elements)", q, q);
    if (e > 1 && q > LT_GF_MAX)
        return lt_err_set(err, LT_ELIMIT, "the field of %ld = %d^%d elements is above %ld, the largest non-prime field lietool builds",
                          q, p, e, (long)LT_GF_MAX);
    if (q > LT_GF_MAX_PRIME)
        return lt_err_set(err, LT_ELIMIT, "the field of %ld elements is above %ld, the largest prime field lietool builds", q, (long)LT_GF_MAX_PRIME);
    F->p = p; F->e = e; F->q = (int)q;
    conway(F->poly, p, e);
    F->exp = lt_malloc((size_t)q * sizeof(int));
    F->log = lt_malloc((size_t)q * sizeof(int));
    int v[LT_GF_MAX_E + 1];
    memset(v, 0, sizeof v);
    v[0] = 1;
    for (int k = 0; k < q - 1; k++) {
        int a = 0;
        for (int i = e - 1; i >= 0; i--) a = a * p + v[i];
        F->exp[k] = a;
        F->log[a] = k;
        /* multiply by Z: shift, then Z^e = -sum poly_i Z^i */
        int top = v[e - 1];
        for (int i = e - 1; i > 0; i--) v[i] = v[i - 1];
        v[0] = 0;
        for (int i = 0; i < e; i++) v[i] = (int)((v[i] - (long)top * F->poly[i]) % p + p) % p;
    }
    F->exp[q - 1] = 1;
    F->log[0] = -1;
    return LT_OK;
}

void lt_gf_clear(lt_gf_t F)
{
    lt_free(F->exp);
    lt_free(F->log);
    memset(F, 0, sizeof *F);
}

int lt_gf_add(const lt_gf_t F, int a, int b)
{
    if (F->p == 2) return a ^ b;
    if (F->e == 1) return (a + b) % F->p;
    int r = 0, w = 1;
    while (a || b) {
        r += w * ((a % F->p + b % F->p) % F->p);
        a /= F->p; b /= F->p; w *= F->p;
    }
    return r;
}

int lt_gf_neg(const lt_gf_t F, int a)
{
    if (F->p == 2) return a;
    int r = 0, w = 1;
    while (a) {
        r += w * ((F->p - a % F->p) % F->p);
        a /= F->p; w *= F->p;
    }
    return r;
}

int lt_gf_mul(const lt_gf_t F, int a, int b)
{
    if (!a || !b) return 0;
    int k = F->log[a] + F->log[b];
    if (k >= F->q - 1) k -= F->q - 1;
    return F->exp[k];
}

int lt_gf_inv(const lt_gf_t F, int a)
{
    return F->exp[(F->q - 1 - F->log[a]) % (F->q - 1)];
}

int lt_gf_z(const lt_gf_t F, long k)
{
    long m = F->q - 1;
    return F->exp[((k % m) + m) % m];
}
