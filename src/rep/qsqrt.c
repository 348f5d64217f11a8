/* Exact arithmetic in Q(sqrt d), d squarefree: a + b sqrt(d) with a, b
   rational (FLINT fmpq). */
#include "lietool/rep.h"

void lt_qsqrt_init(lt_qsqrt_t x)
{
    fmpq_init(x->a);
    fmpq_init(x->b);
}

void lt_qsqrt_clear(lt_qsqrt_t x)
{
    fmpq_clear(x->a);
    fmpq_clear(x->b);
}

void lt_qsqrt_add(lt_qsqrt_t x, const lt_qsqrt_t y)
{
    fmpq_add(x->a, x->a, y->a);
    fmpq_add(x->b, x->b, y->b);
}

void lt_qsqrt_sub(lt_qsqrt_t x, const lt_qsqrt_t y)
{
    fmpq_sub(x->a, x->a, y->a);
    fmpq_sub(x->b, x->b, y->b);
}

void lt_qsqrt_neg(lt_qsqrt_t x)
{
    fmpq_neg(x->a, x->a);
    fmpq_neg(x->b, x->b);
}

void lt_qsqrt_mul(lt_qsqrt_t x, const lt_qsqrt_t y, long d)
{
    fmpq_t t, u;
    fmpq_init(t); fmpq_init(u);
    fmpq_mul(t, x->a, y->a);
    fmpq_mul(u, x->b, y->b);
    fmpq_mul_si(u, u, d);
    fmpq_add(t, t, u);                  /* a a' + d b b' */
    fmpq_mul(u, x->a, y->b);
    fmpq_mul(x->b, x->b, y->a);
    fmpq_add(x->b, x->b, u);            /* a b' + b a' */
    fmpq_swap(x->a, t);
    fmpq_clear(t); fmpq_clear(u);
}

int lt_qsqrt_inv(lt_qsqrt_t x, long d)
{
    fmpq_t n, t;
    fmpq_init(n); fmpq_init(t);
    fmpq_mul(n, x->a, x->a);
    fmpq_mul(t, x->b, x->b);
    fmpq_mul_si(t, t, d);
    fmpq_sub(n, n, t);                  /* a^2 - d b^2, zero only for x = 0 (d not a square) */
    int ok = !fmpq_is_zero(n);
    if (ok) {
        fmpq_div(x->a, x->a, n);
        fmpq_div(x->b, x->b, n);
        fmpq_neg(x->b, x->b);
    }
    fmpq_clear(n); fmpq_clear(t);
    return ok;
}

long lt_qsqrt_set_sqrt(lt_qsqrt_t x, long m)
{
    /* m = s^2 f */
    long s = 1, f = m;
    for (long q = 2; q * q <= f; q++)
        while (f % (q * q) == 0) { f /= q * q; s *= q; }
    fmpq_zero(x->a);
    fmpq_zero(x->b);
    fmpz *num = f == 1 ? fmpq_numref(x->a) : fmpq_numref(x->b);
    fmpz_set_si(num, s);                /* the denominators are 1 already */
    return f;
}
