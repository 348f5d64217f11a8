/* Single permutations as image arrays. */
#include <stdio.h>
#include <string.h>
#include "lietool/perm.h"

void lt_perm_one(int *p, int n)
{
    for (int i = 0; i < n; i++) p[i] = i;
}

int lt_perm_is_one(const int *p, int n)
{
    for (int i = 0; i < n; i++)
        if (p[i] != i) return 0;
    return 1;
}

int lt_perm_equal(const int *p, const int *q, int n)
{
    return memcmp(p, q, (size_t)n * sizeof *p) == 0;
}

void lt_perm_mul(int *r, const int *p, const int *q, int n)
{
    for (int i = 0; i < n; i++) r[i] = q[p[i]];
}

void lt_perm_inv(int *r, const int *p, int n)
{
    for (int i = 0; i < n; i++) r[p[i]] = i;
}

void lt_perm_conj(int *r, const int *p, const int *g, int n)
{
    /* x^(g^-1 p g): for y = x^g^-1, i.e. x = y^g, r[y^g] = (y^p)^g */
    for (int y = 0; y < n; y++) r[g[y]] = g[p[y]];
}

void lt_perm_comm(int *r, const int *p, const int *q, int n)
{
    /* x^r: let a = x^(p^-1), b = a^(q^-1), then r(x) = (b^p)^q.
       Parametrise by b: a = b^q, x = a^p = (b^q)^p, r(x) = (b^p)^q. */
    for (int b = 0; b < n; b++) r[p[q[b]]] = q[p[b]];
}

static unsigned long gcdul(unsigned long a, unsigned long b)
{
    while (b) { unsigned long t = a % b; a = b; b = t; }
    return a;
}

void lt_perm_order(mpz_t ord, const int *p, int n)
{
    unsigned char stackbuf[4096];
    unsigned char *seen = n < (int)sizeof stackbuf ? stackbuf : lt_malloc((size_t)n + 1);
    memset(seen, 0, (size_t)n);
    unsigned long small = 1;  /* fits while lcm <= 2^62 */
    int big = 0;
    mpz_set_ui(ord, 1);
    for (int i = 0; i < n; i++) {
        if (seen[i]) continue;
        unsigned long len = 0;
        for (int j = i; !seen[j]; j = p[j]) { seen[j] = 1; len++; }
        if (len == 1) continue;
        if (!big) {
            unsigned long g = gcdul(small, len);
            unsigned long m = small / g;
            if (m <= (1UL << 62) / len) { small = m * len; continue; }
            big = 1;
            mpz_set_ui(ord, small);
        }
        mpz_lcm_ui(ord, ord, len);
    }
    if (!big) mpz_set_ui(ord, small);
    if (seen != stackbuf) lt_free(seen);
}

char *lt_perm_str(const int *p, int n)
{
    return lt_perm_str_fmt(p, n, 1, ",");
}

char *lt_perm_str_fmt(const int *p, int n, int origin, const char *sep)
{
    size_t cap = 64, len = 0;
    char *s = lt_malloc(cap);
    unsigned char *seen = lt_calloc((size_t)n + 1, 1);
    s[0] = '\0';
    for (int i = 0; i < n; i++) {
        if (seen[i] || p[i] == i) continue;
        int j = i;
        const char *before = "(";
        do {
            char buf[40];
            int k = snprintf(buf, sizeof buf, "%.8s%d", before, j + origin);
            if (len + (size_t)k + 4 > cap) { cap = 2 * cap + (size_t)k; s = lt_realloc(s, cap); }
            memcpy(s + len, buf, (size_t)k + 1);
            len += (size_t)k;
            seen[j] = 1;
            before = sep;
            j = p[j];
        } while (j != i);
        s[len++] = ')';
        s[len] = '\0';
    }
    if (len == 0) strcpy(s, "()");
    lt_free(seen);
    return s;
}

/* g^e on each cycle of g: a point moves e mod (its cycle's length) steps;
   the exponent's residue from mpz e, or from eu when e is NULL. */
static void pow_cycles(int *r, const int *g, int n, const mpz_t e, unsigned long eu)
{
    unsigned char *seen = lt_calloc((size_t)(n ? n : 1), 1);
    for (int x = 0; x < n; x++) {
        if (seen[x]) continue;
        int len = 0;
        for (int y = x; !seen[y]; y = g[y]) { seen[y] = 1; len++; }
        unsigned long k = e ? mpz_fdiv_ui(e, (unsigned long)len) : eu % (unsigned long)len;
        int y = x, z = x;
        for (unsigned long i = 0; i < k; i++) z = g[z];
        for (int i = 0; i < len; i++) { r[y] = z; y = g[y]; z = g[z]; }
    }
    lt_free(seen);
}

void lt_perm_pow(int *r, const int *g, int n, const mpz_t e)
{
    pow_cycles(r, g, n, e, 0);
}

void lt_perm_pow_ui(int *r, const int *g, int n, unsigned long e)
{
    pow_cycles(r, g, n, NULL, e);
}
