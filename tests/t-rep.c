/* Representation files and the homomorphism check: the law
   rho(g) rho(h) = rho(gh) on every pair of the shipped A5 file, computed
   directly from the entries (not by the check's breadth-first search); the
   field laws of Q(sqrt d). */
#include <stdlib.h>
#include <string.h>
#include <flint/fmpq.h>
#include "lietool.h"
#include "unit.h"

static lt_ctx_t ctx;

/* entry (i,j) of rho(g) rho(h), as a + b sqrt(d) */
static void prod_entry(fmpq_t a, fmpq_t b, const lt_rep_t R, int g, int h, slong i, slong j)
{
    slong n = R->n, nn = n * n;
    fmpq_t t;
    fmpq_init(t);
    fmpq_zero(a); fmpq_zero(b);
    for (slong k = 0; k < n; k++) {
        const fmpq *xa = R->a + g * nn + i * n + k, *xb = R->b + g * nn + i * n + k;
        const fmpq *ya = R->a + h * nn + k * n + j, *yb = R->b + h * nn + k * n + j;
        fmpq_addmul(a, xa, ya);
        fmpq_mul(t, xb, yb);
        fmpq_mul_si(t, t, R->d);
        fmpq_add(a, a, t);
        fmpq_addmul(b, xa, yb);
        fmpq_addmul(b, xb, ya);
    }
    fmpq_clear(t);
}

static void law(void)
{
    unit_case = "A5-icosahedral";
    lt_err_t err;
    lt_err_init(err);
    lt_pgrp_t G;
    lt_pgrp_init(G, 1);
    CHECK(lt_io_group(G, NULL, "A5", ctx, err) == LT_OK && lt_pgrp_chain(G, NULL, ctx, err) == LT_OK, "%s", err->msg);
    lt_rep_t R;
    lt_rep_init(R);
    CHECK(lt_io_rep_read(R, "algebras/reps/A5-icosahedral.rep", G, ctx, err) == LT_OK, "%s", err->msg);
    CHECK(R->count == 60 && R->n == 3 && R->exact && R->d == 5, "60 exact 3 x 3 matrices over Q(sqrt5)");
    int n = G->n, bad = 0;
    long long where[60];
    for (int i = 0; i < R->count; i++) where[R->elt[i]] = i;
    int *p = malloc(sizeof(int) * (size_t)n), *q = malloc(sizeof(int) * (size_t)n), *r = malloc(sizeof(int) * (size_t)n);
    fmpq_t a, b;
    fmpq_init(a); fmpq_init(b);
    for (int g = 0; g < R->count && R->count == 60; g++)
        for (int h = 0; h < R->count; h++) {
            lt_pgrp_unrank(p, G, R->elt[g]);
            lt_pgrp_unrank(q, G, R->elt[h]);
            lt_perm_mul(r, p, q, n);
            int gh = (int)where[lt_pgrp_rank(G, r)];
            for (slong i = 0; i < 3; i++)
                for (slong j = 0; j < 3; j++) {
                    prod_entry(a, b, R, g, h, i, j);
                    bad += !fmpq_equal(a, R->a + gh * 9 + i * 3 + j) || !fmpq_equal(b, R->b + gh * 9 + i * 3 + j);
                }
        }
    CHECK(bad == 0, "%d entries break rho(g) rho(h) = rho(gh)", bad);
    /* rotations: rho(g) rho(g)^T = 1 */
    int orth = 1;
    for (int g = 0; g < R->count; g++)
        for (slong i = 0; i < 3; i++)
            for (slong j = 0; j < 3; j++) {
                double s = 0;
                for (slong k = 0; k < 3; k++) s += R->x[g * 9 + i * 3 + k] * R->x[g * 9 + j * 3 + k];
                orth &= s > (i == j) - 1e-12 && s < (i == j) + 1e-12;
            }
    CHECK(orth, "a matrix is not orthogonal");
    lt_rep_check_t C;
    lt_rep_check_init(C);
    CHECK(lt_rep_check(C, R, G, 1e-10, ctx, err) == LT_OK, "%s", err->msg);
    CHECK(C->homomorphism && C->kernel == 1 && C->distinct == 60, "the check disagrees");
    lt_rep_check_clear(C);
    fmpq_clear(a); fmpq_clear(b);
    free(p); free(q); free(r);
    lt_rep_clear(R);
    lt_pgrp_clear(G);
}

/* x == a + b sqrt(d) for small rationals */
static int qs_is(const lt_qsqrt_t x, long an, long ad, long bn, long bd)
{
    fmpq_t a, b;
    fmpq_init(a); fmpq_init(b);
    fmpq_set_si(a, an, (ulong)ad);
    fmpq_set_si(b, bn, (ulong)bd);
    int r = fmpq_equal(x->a, a) && fmpq_equal(x->b, b);
    fmpq_clear(a); fmpq_clear(b);
    return r;
}

/* Q(sqrt d): square roots in normal form, the golden ratio's laws
   phi^2 = phi + 1 and phi (phi - 1) = 1, inverses, x - x = 0. */
static void field(void)
{
    unit_case = "Q(sqrt d)";
    lt_qsqrt_t x, y, z;
    lt_qsqrt_init(x); lt_qsqrt_init(y); lt_qsqrt_init(z);
    CHECK(lt_qsqrt_set_sqrt(x, 12) == 3 && qs_is(x, 0, 1, 2, 1), "sqrt12 = 2 sqrt3");
    CHECK(lt_qsqrt_set_sqrt(x, 49) == 1 && qs_is(x, 7, 1, 0, 1), "sqrt49 = 7");
    CHECK(lt_qsqrt_set_sqrt(x, 5) == 5 && qs_is(x, 0, 1, 1, 1), "sqrt5");
    /* phi = (1 + sqrt5)/2 */
    fmpq_set_si(x->a, 1, 2);
    fmpq_set_si(x->b, 1, 2);
    fmpq_set(y->a, x->a); fmpq_set(y->b, x->b);
    lt_qsqrt_mul(y, x, 5);                              /* phi^2 */
    CHECK(qs_is(y, 3, 2, 1, 2), "phi^2 = phi + 1");
    fmpq_set(z->a, x->a); fmpq_set(z->b, x->b);
    CHECK(lt_qsqrt_inv(z, 5) && qs_is(z, -1, 2, 1, 2), "1/phi = phi - 1");
    lt_qsqrt_mul(z, x, 5);
    CHECK(qs_is(z, 1, 1, 0, 1), "phi (1/phi) = 1");
    lt_qsqrt_sub(y, x);
    CHECK(qs_is(y, 1, 1, 0, 1), "phi^2 - phi = 1");
    lt_qsqrt_add(y, x);
    lt_qsqrt_neg(y);
    CHECK(qs_is(y, -3, 2, -1, 2), "-(phi^2)");
    fmpq_zero(z->a); fmpq_zero(z->b);
    CHECK(!lt_qsqrt_inv(z, 5), "0 has no inverse");
    lt_qsqrt_clear(x); lt_qsqrt_clear(y); lt_qsqrt_clear(z);
}

int main(void)
{
    lt_ctx_init(ctx);
    law();
    field();
    UNIT_DONE("t-rep");
}
