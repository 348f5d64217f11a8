/* Finite simple groups by their order. By the classification, a
   non-abelian finite simple group is alternating, of Lie type or one of
   the 26 sporadic groups; two non-isomorphic ones have the same order only
   for A8 = PSL(4,2) and PSL(3,4) (20160), and for B_n(q) = Omega(2n+1,q)
   and C_n(q) = PSp(2n,q), n >= 3, q odd (E. Artin, "The orders of the
   classical simple groups", Comm. Pure Appl. Math. 8 (1955); Kimmerle,
   Lyons, Sandling, Teague, Proc. LMS 60 (1990)). The order formulas are
   those of the ATLAS of Finite Groups (Conway et al. 1985), Table 6, and
   R. A. Wilson, The Finite Simple Groups (2009). A group of Lie type over
   F_q, q = p^f, has p-part q^N of its order, N the number of positive
   roots, so q is read off the order's factorisation. */
#include <stdio.h>
#include <string.h>
#include "lietool/perm.h"

static const struct { const char *name, *order; } sporadic[] = {
    {"M11", "7920"}, {"M12", "95040"}, {"J1", "175560"}, {"M22", "443520"}, {"J2", "604800"},
    {"M23", "10200960"}, {"HS", "44352000"}, {"J3", "50232960"}, {"M24", "244823040"},
    {"McL", "898128000"}, {"He", "4030387200"}, {"Ru", "145926144000"}, {"Suz", "448345497600"},
    {"O'N", "460815505920"}, {"Co3", "495766656000"}, {"Co2", "42305421312000"},
    {"Fi22", "64561751654400"}, {"HN", "273030912000000"}, {"Ly", "51765179004000000"},
    {"Th", "90745943887872000"}, {"Fi23", "4089470473293004800"}, {"Co1", "4157776806543360000"},
    {"J4", "86775571046077562880"}, {"Fi24'", "1255205709190661721292800"},
    {"B", "4154781481226426191177580544000000"},
    {"M", "808017424794512875886459904961710757005754368000000000"},
    {"2F4(2)'", "17971200"},     /* the Tits group */
};

/* q^e */
static void qpow(mpz_t r, unsigned long q, unsigned long e) { mpz_ui_pow_ui(r, q, e); }

/* r *= q^i + s (s = -1 or 1) */
static void mul_qis(mpz_t r, unsigned long q, unsigned long i, int s)
{
    mpz_t t;
    mpz_init(t);
    mpz_ui_pow_ui(t, q, i);
    if (s < 0) mpz_sub_ui(t, t, 1); else mpz_add_ui(t, t, 1);
    mpz_mul(r, r, t);
    mpz_clear(t);
}

static unsigned long gcd_ul(unsigned long a, unsigned long b)
{
    while (b) { unsigned long t = a % b; a = b; b = t; }
    return a;
}

/* gcd(d, q^m + s) for small d */
static unsigned long gcd_qm(unsigned long d, unsigned long q, unsigned long m, int s)
{
    unsigned long r = 1;
    for (unsigned long i = 0; i < m; i++) r = r * (q % d) % d;
    r = (r + d + (unsigned long)s) % d;
    return gcd_ul(d, r);
}

/* The families of Lie type: name pattern, the rank range, the number of
   positive roots as a function of the rank, and the order. */
typedef enum { F_L, F_U, F_S, F_O, F_OP, F_OM, F_G2, F_SZ, F_REE, F_3D4, F_F4, F_2F4, F_E6, F_2E6, F_E7, F_E8, F_N } fam;

static unsigned long roots(fam f, unsigned long m)
{
    switch (f) {
    case F_L: case F_U: return m * (m - 1) / 2;     /* m = n of PSL(n,q) */
    case F_S: case F_O: return m * m;               /* PSp(2m,q), Omega(2m+1,q) */
    case F_OP: case F_OM: return m * (m - 1);       /* POmega(2m,q) */
    case F_G2: return 6;
    case F_SZ: return 2;
    case F_REE: return 3;
    case F_3D4: case F_2F4: return 12;
    case F_F4: return 24;
    case F_E6: case F_2E6: return 36;
    case F_E7: return 63;
    default: return 120;
    }
}

/* The order of the family's group of rank parameter m over F_q (p the
   characteristic, f with q = p^f); 0 when that group is not simple or
   not in the family's range. */
static int lie_order(mpz_t r, fam f, unsigned long m, unsigned long p, unsigned long f_, unsigned long q)
{
    mpz_set_ui(r, 1);
    switch (f) {
    case F_L:
        if (m < 2 || (m == 2 && q < 4)) return 0;
        qpow(r, q, roots(f, m));
        for (unsigned long i = 2; i <= m; i++) mul_qis(r, q, i, -1);
        mpz_divexact_ui(r, r, gcd_ul(m, q - 1));
        return 1;
    case F_U:
        if (m < 3 || (m == 3 && q == 2)) return 0;
        qpow(r, q, roots(f, m));
        for (unsigned long i = 2; i <= m; i++) mul_qis(r, q, i, i % 2 ? 1 : -1);
        mpz_divexact_ui(r, r, gcd_ul(m, q + 1));
        return 1;
    case F_S: case F_O:
        if (m < 2 || (f == F_S && m == 2 && q == 2) || (f == F_O && (m < 3 || p == 2))) return 0;
        qpow(r, q, m * m);
        for (unsigned long i = 1; i <= m; i++) mul_qis(r, q, 2 * i, -1);
        mpz_divexact_ui(r, r, gcd_ul(2, q - 1));
        return 1;
    case F_OP: case F_OM: {
        int s = f == F_OP ? -1 : 1;
        if (m < 4) return 0;
        qpow(r, q, m * (m - 1));
        mul_qis(r, q, m, s);
        for (unsigned long i = 1; i < m; i++) mul_qis(r, q, 2 * i, -1);
        mpz_divexact_ui(r, r, gcd_qm(4, q, m, s));
        return 1;
    }
    case F_G2:
        if (q < 3) return 0;
        qpow(r, q, 6); mul_qis(r, q, 6, -1); mul_qis(r, q, 2, -1);
        return 1;
    case F_SZ:
        if (p != 2 || f_ % 2 == 0 || q < 8) return 0;
        qpow(r, q, 2); mul_qis(r, q, 2, 1); mul_qis(r, q, 1, -1);
        return 1;
    case F_REE:
        if (p != 3 || f_ % 2 == 0 || q < 27) return 0;
        qpow(r, q, 3); mul_qis(r, q, 3, 1); mul_qis(r, q, 1, -1);
        return 1;
    case F_3D4: {
        mpz_t t;
        qpow(r, q, 12);
        mpz_init(t);
        mpz_ui_pow_ui(t, q, 8);
        mpz_add_ui(t, t, 1);
        mpz_t u;
        mpz_init(u);
        mpz_ui_pow_ui(u, q, 4);
        mpz_add(t, t, u);
        mpz_mul(r, r, t);
        mpz_clear(t); mpz_clear(u);
        mul_qis(r, q, 6, -1); mul_qis(r, q, 2, -1);
        return 1;
    }
    case F_F4:
        qpow(r, q, 24);
        mul_qis(r, q, 12, -1); mul_qis(r, q, 8, -1); mul_qis(r, q, 6, -1); mul_qis(r, q, 2, -1);
        return 1;
    case F_2F4:
        if (p != 2 || f_ % 2 == 0 || q < 8) return 0;
        qpow(r, q, 12);
        mul_qis(r, q, 6, 1); mul_qis(r, q, 4, -1); mul_qis(r, q, 3, 1); mul_qis(r, q, 1, -1);
        return 1;
    case F_E6: case F_2E6: {
        int s = f == F_E6 ? -1 : 1;
        qpow(r, q, 36);
        mul_qis(r, q, 12, -1); mul_qis(r, q, 9, s); mul_qis(r, q, 8, -1);
        mul_qis(r, q, 6, -1); mul_qis(r, q, 5, s); mul_qis(r, q, 2, -1);
        mpz_divexact_ui(r, r, f == F_E6 ? gcd_ul(3, q - 1) : gcd_ul(3, q + 1));
        return 1;
    }
    case F_E7: {
        static const unsigned long d[] = {18, 14, 12, 10, 8, 6, 2};
        qpow(r, q, 63);
        for (int i = 0; i < 7; i++) mul_qis(r, q, d[i], -1);
        mpz_divexact_ui(r, r, gcd_ul(2, q - 1));
        return 1;
    }
    default: {
        static const unsigned long d[] = {30, 24, 20, 18, 14, 12, 8, 2};
        qpow(r, q, 120);
        for (int i = 0; i < 8; i++) mul_qis(r, q, d[i], -1);
        return 1;
    }
    }
}

static void lie_name(char *buf, size_t size, fam f, unsigned long m, unsigned long q)
{
    switch (f) {
    case F_L: snprintf(buf, size, "PSL(%lu,%lu)", m, q); break;
    case F_U: snprintf(buf, size, "PSU(%lu,%lu)", m, q); break;
    case F_S: snprintf(buf, size, "PSp(%lu,%lu)", 2 * m, q); break;
    case F_O: snprintf(buf, size, "Omega(%lu,%lu)", 2 * m + 1, q); break;
    case F_OP: snprintf(buf, size, "POmega+(%lu,%lu)", 2 * m, q); break;
    case F_OM: snprintf(buf, size, "POmega-(%lu,%lu)", 2 * m, q); break;
    case F_G2: snprintf(buf, size, "G2(%lu)", q); break;
    case F_SZ: snprintf(buf, size, "Sz(%lu)", q); break;
    case F_REE: snprintf(buf, size, "Ree(%lu)", q); break;
    case F_3D4: snprintf(buf, size, "3D4(%lu)", q); break;
    case F_F4: snprintf(buf, size, "F4(%lu)", q); break;
    case F_2F4: snprintf(buf, size, "2F4(%lu)", q); break;
    case F_E6: snprintf(buf, size, "E6(%lu)", q); break;
    case F_2E6: snprintf(buf, size, "2E6(%lu)", q); break;
    case F_E7: snprintf(buf, size, "E7(%lu)", q); break;
    default: snprintf(buf, size, "E8(%lu)", q); break;
    }
}

static void add_name(lt_simple_name_t S, const char *nm)
{
    if (S->nnames < LT_SIMPLE_MAX_NAMES) snprintf(S->names[S->nnames++], sizeof S->names[0], "%.31s", nm);
}

void lt_simple_group_names(lt_simple_name_t S, const mpz_t order)
{
    memset(S, 0, sizeof *S);
    mpz_t r, t;
    mpz_init(r);
    mpz_init(t);
    char buf[64];
    /* alternating */
    mpz_set_ui(r, 60);
    for (unsigned long n = 5; mpz_cmp(r, order) <= 0; n++) {
        if (mpz_cmp(r, order) == 0) { snprintf(buf, sizeof buf, "A%lu", n); add_name(S, buf); }
        mpz_mul_ui(r, r, n + 1);
    }
    /* Lie type: for each prime p with p^e exactly dividing the order */
    mpz_set(t, order);
    for (unsigned long p = 2; mpz_cmp_ui(t, 1) > 0 && p < 1000000; p++) {
        if (!mpz_divisible_ui_p(t, p)) continue;
        unsigned long e = 0;
        while (mpz_divisible_ui_p(t, p)) { mpz_divexact_ui(t, t, p); e++; }
        for (int f = F_L; f < F_N; f++) {
            for (unsigned long m = (f == F_L ? 2 : f == F_OP || f == F_OM ? 4 : f == F_U ? 3 : f <= F_O ? 2 : 1);; m++) {
                unsigned long N = roots((fam)f, m);
                if (N > e) break;
                if (e % N == 0) {
                    unsigned long fe = e / N, q = 1;
                    int big = 0;
                    for (unsigned long i = 0; i < fe && !big; i++) { if (q > 0xFFFFFFFFUL / p) big = 1; q *= p; }
                    if (!big && lie_order(r, (fam)f, m, p, fe, q) && mpz_cmp(r, order) == 0) {
                        lie_name(buf, sizeof buf, (fam)f, m, q);
                        add_name(S, buf);
                    }
                }
                if (f > F_OM) break;        /* exceptional families: one rank */
            }
        }
    }
    for (size_t i = 0; i < sizeof sporadic / sizeof sporadic[0]; i++) {
        mpz_set_str(r, sporadic[i].order, 10);
        if (mpz_cmp(r, order) == 0) add_name(S, sporadic[i].name);
    }
    /* the isomorphism types among the names: one, except for the two
       coincidences of orders */
    S->ntypes = S->nnames ? 1 : 0;
    if (mpz_cmp_ui(order, 20160) == 0) S->ntypes = 2;        /* A8 = PSL(4,2); PSL(3,4) */
    for (int i = 0; i < S->nnames; i++)
        if (strncmp(S->names[i], "Omega(", 6) == 0) S->ntypes = 2;   /* B_n(q), C_n(q), q odd */
    mpz_clear(r);
    mpz_clear(t);
}
