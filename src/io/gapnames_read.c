/* GAP's constructors of the group grammar (lietool(1), OBJECTS):
   AbelianGroup([...]), ElementaryAbelianGroup(n), G^k, SmallGroup(n,k),
   TransitiveGroup(n,k), PrimitiveGroup(n,k), Sp, PSp, SU, PSU, AGL(n,q).

   GAP's numbering is reproduced, not guessed:
   - SmallGroup(n,k): the SmallGroups library of Besche, Eick and O'Brien
     ("A millennium project: constructing small groups", Internat. J.
     Algebra Comput. 12 (2002) 623-644), as GAP 4.12 lists it: every order up
     to 31 from the table below, and the orders p, p^2, pq and p^3 (p, q
     prime) from the library's uniform numbering of those orders (Hoelder's
     classification, in the order the library lists it);
   - TransitiveGroup(n,k), n <= 7: Butler and McKay, "The transitive groups
     of degree up to eleven", Comm. Algebra 11 (1983) 863-911, the numbering
     of GAP's TransGrp library (Hulpke);
   - PrimitiveGroup(n,k), n <= 7: the primitive groups among those, in the
     order of GAP's PrimGrp library (Dixon and Mortimer, "The primitive
     permutation groups of degree less than 1000", 1988).
   tests/check-gap-names.sh asks GAP to identify every group built here
   (IdGroup, TransitiveIdentification, PrimitiveIdentification). */
#include <ctype.h>
#include <string.h>
#include "lietool/io.h"
#include "impl.h"

/* SmallGroup(n,k), n <= 31, for the orders no family below covers. */
static const char *const small_8[] = {"C8", "C4 x C2", "D8", "Q8", "C2^3"};
static const char *const small_12[] = {"Q12", "C12", "A4", "D12", "C6 x C2"};
static const char *const small_16[] = {
    "C16", "C4 x C4", "Group((1,2,3,4)(5,6,7,8),(1,5)(2,6)(3,7)(4,8),(2,6)(4,8))",
    "Group((1,2,3,4),(2,4)(5,6,7,8))", "C8 x C2", "Group((1,2,3,4,5,6,7,8),(2,6)(4,8))", "D16",
    "Group((1,2,3,4,5,6,7,8),(2,4)(3,7)(6,8))", "Q16", "C4 x C2 x C2", "C2 x D8", "C2 x Q8",
    "Group((1,2,3,4)(5,6,7,8),(1,5)(2,6)(3,7)(4,8),(5,7)(6,8))", "C2^4"};
static const char *const small_18[] = {
    "D18", "C18", "C3 x S3", "Group((1,2,3)(4,5,6)(7,8,9),(1,4,7)(2,5,8)(3,6,9),(2,3)(4,7)(5,9)(6,8))", "C6 x C3"};
static const char *const small_20[] = {"Q20", "C20", "AGL(1,5)", "D20", "C10 x C2"};
static const char *const small_24[] = {
    "Group((1,2,3),(1,2)(4,5,6,7,8,9,10,11))", "C24", "SL(2,3)", "Q24", "C4 x S3", "D24", "C2 x Q12",
    "Group((1,2,3),(1,2)(4,5,6,7),(4,6))", "C12 x C2", "C3 x D8", "C3 x Q8", "S4", "C2 x A4",
    "C2 x C2 x S3", "C6 x C2 x C2"};
static const char *const small_28[] = {"Q28", "C28", "D28", "C14 x C2"};
static const char *const small_30[] = {"C5 x S3", "C3 x D10", "D30", "C30"};
static const struct { int n, count; const char *const *g; } small_table[] = {
    {8, 5, small_8}, {12, 5, small_12}, {16, 14, small_16}, {18, 5, small_18},
    {20, 5, small_20}, {24, 15, small_24}, {28, 4, small_28}, {30, 4, small_30}};

/* TransitiveGroup(n,k), n <= 7 (GAP's PrimitiveGroup(n,k) is
   TransitiveGroup(n, prim_n[k-1])). */
static const char *const trans_1[] = {"Group(())"};
static const char *const trans_2[] = {"C2"};
static const char *const trans_3[] = {"C3", "S3"};
static const char *const trans_4[] = {"C4", "Group((1,2)(3,4),(1,3)(2,4))", "D8", "A4", "S4"};
static const char *const trans_5[] = {"C5", "D10", "AGL(1,5)", "A5", "S5"};
static const char *const trans_6[] = {
    "C6", "Group((1,2,3)(4,5,6),(1,4)(2,6)(3,5))", "D12", "Group((1,4,2)(3,5,6),(1,2,3)(4,6,5))",
    "Group((1,2,3),(4,5,6),(1,4)(2,5)(3,6))", "Group((1,4),(1,2,3)(4,5,6))", "Group((1,4,6,3)(2,5),(2,4)(3,5))",
    "Group((2,5,4,3),(1,4)(2,6)(3,5))", "Group((1,2,3),(4,5,6),(1,4)(2,5)(3,6),(2,3)(5,6))",
    "Group((1,2,3),(4,5,6),(1,4)(2,6,3,5))", "Group((1,4),(1,2,3)(4,5,6),(1,2)(4,5))", "PSL(2,5)",
    "Group((1,2,3),(1,2),(1,4)(2,5)(3,6))", "PGL(2,5)", "A6", "S6"};
static const char *const trans_7[] = {"C7", "D14", "Group((1,2,3,4,5,6,7),(2,3,5)(4,7,6))", "AGL(1,7)", "PSL(3,2)", "A7", "S7"};
static const struct { int count; const char *const *g; int nprim; int prim[7]; } trans_table[] = {
    {0, NULL, 0, {0}},
    {1, trans_1, 1, {1}}, {1, trans_2, 1, {1}}, {2, trans_3, 2, {1, 2}}, {5, trans_4, 2, {4, 5}},
    {5, trans_5, 5, {1, 2, 3, 4, 5}}, {16, trans_6, 4, {12, 14, 15, 16}}, {7, trans_7, 7, {1, 2, 3, 4, 5, 6, 7}}};
#define MAX_TRANS_DEGREE 7

/* n = p^e with e <= 3, or p q (p < q): the prime(s) in *p, *q (q = 0 for a
   prime power) and e; 0 if n has another shape. */
static int family_shape(long n, long *p, long *q, int *e)
{
    int pe;
    if (lt_gf_prime_power(n, &pe, e)) { *p = pe; *q = 0; return *e <= 3; }
    long d = 2;
    while (d * d <= n && n % d) d++;
    if (d * d > n || !lt_is_prime(n / d) || n / d == d) return 0;
    *p = d; *q = n / d; *e = 1;
    return 1;
}

static lt_status parse_group(lt_pgrp_t G, const char *s, const lt_ctx_t ctx, lt_err_t err)
{
    return lt_io_group(G, NULL, s, ctx, err);
}

/* An element of order p modulo m (p | phi(m)): the least r > 1. */
static int root_of_order(long m, long p)
{
    for (long r = 2; r < m; r++) {
        long x = r, ord = 1;
        while (x != 1 && ord <= p) { x = x * r % m; ord++; }
        if (ord == p) return (int)r;
    }
    return 1;
}

static lt_status small_group(lt_pgrp_t G, const char *spec, long n, long k, const lt_ctx_t ctx, lt_err_t err)
{
    long p, q;
    int e;
    char buf[96];
    if (n == 1) {
        if (k != 1) return lt_err_set(err, LT_EINPUT, "'%s': there is 1 group of order 1 (GAP's NrSmallGroups(1)), not %ld", spec, k);
        return parse_group(G, "Group(())", ctx, err);
    }
    for (size_t t = 0; t < sizeof small_table / sizeof *small_table; t++)
        if (small_table[t].n == n) {
            if (k > small_table[t].count)
                return lt_err_set(err, LT_EINPUT, "'%s': there are %d groups of order %ld (GAP's NrSmallGroups(%ld)), not %ld",
                                  spec, small_table[t].count, n, n, k);
            return parse_group(G, small_table[t].g[k - 1], ctx, err);
        }
    if (!family_shape(n, &p, &q, &e)) {
        return lt_err_set(err, LT_EINPUT, "'%s': lietool reproduces GAP's numbering of the small groups only for the orders "
                          "up to 31 and the orders p, p^2, p^3 and pq (p, q prime); paste GAP's "
                          "Image(IsomorphismPermGroup(SmallGroup(%ld,%ld))) instead (GAP syntax Group((1,2),...) is accepted)",
                          spec, n, k);
    }
    /* the counts: p: 1; p^2: 2; p^3 (p odd; 8 is in the table): 5; pq: 2
       when p | q - 1, else 1 */
    int count = q ? ((q - 1) % p ? 1 : 2) : e == 1 ? 1 : e == 2 ? 2 : 5;
    if (k > count)
        return lt_err_set(err, LT_EINPUT, "'%s': there %s %d group%s of order %ld (GAP's NrSmallGroups(%ld)), not %ld",
                          spec, count == 1 ? "is" : "are", count, count == 1 ? "" : "s", n, n, k);
    double deg = (double)n;
    if (q && k == 1 && count == 2) deg = (double)q;                 /* C_q : C_p on q points */
    if (!q && e == 3 && k == 3) deg = (double)n - 1;                  /* UT(3,p) */
    if (!q && e == 3 && k == 4) deg = (double)p * (double)p;          /* C_(p^2) : C_p */
    if (deg > (double)ctx->max_degree)
        return lt_err_set(err, LT_ELIMIT, "'%s' acts on %.0f points, above `max_degree` %ld", spec, deg, ctx->max_degree);
    if (q) {
        /* C_q : C_p (GAP lists the non-abelian group first), then C_pq */
        if (count == 2 && k == 1) { lt_pgrp_metacyclic(G, (int)q, root_of_order(q, p), (int)p); return LT_OK; }
        snprintf(buf, sizeof buf, "C%ld", n);
    } else if (e == 1) snprintf(buf, sizeof buf, "C%ld", n);
    else if (e == 2) snprintf(buf, sizeof buf, k == 1 ? "C%ld" : "C%ld^2", k == 1 ? n : p);
    else switch (k) {
        /* C_(p^3), C_(p^2) x C_p, the Heisenberg group UT(3,p) (exponent p),
           C_(p^2) : C_p (a^b = a^(1+p)), C_p^3 */
        case 1: snprintf(buf, sizeof buf, "C%ld", n); break;
        case 2: snprintf(buf, sizeof buf, "C%ld x C%ld", p * p, p); break;
        case 3: snprintf(buf, sizeof buf, "UT(3,%ld)", p); break;
        case 4: lt_pgrp_metacyclic(G, (int)(p * p), (int)(1 + p), (int)p); return LT_OK;
        default: snprintf(buf, sizeof buf, "C%ld^3", p); break;
    }
    return parse_group(G, buf, ctx, err);
}

static lt_status transitive_group(lt_pgrp_t G, const char *spec, int primitive, long n, long k,
                                  const lt_ctx_t ctx, lt_err_t err)
{
    const char *what = primitive ? "primitive" : "transitive";
    if (n > MAX_TRANS_DEGREE)
        return lt_err_set(err, LT_EINPUT, "'%s': lietool reproduces GAP's numbering of the %s groups only for the degrees "
                          "1 to %d; paste GAP's %s(%ld,%ld) in GAP syntax instead (Group((1,2),...) is accepted)",
                          spec, what, MAX_TRANS_DEGREE, primitive ? "PrimitiveGroup" : "TransitiveGroup", n, k);
    int count = primitive ? trans_table[n].nprim : trans_table[n].count;
    if (k > count)
        return lt_err_set(err, LT_EINPUT, "'%s': there %s %d %s group%s of degree %ld (GAP's Nr%sGroups(%ld)), not %ld", spec,
                          count == 1 ? "is" : "are", count, what, count == 1 ? "" : "s", n,
                          primitive ? "Primitive" : "Transitive", n, k);
    if (primitive) k = trans_table[n].prim[k - 1];
    return parse_group(G, trans_table[n].g[k - 1], ctx, err);
}

/* AbelianGroup([n1, ...]): the cyclic factors C_ni (ni >= 1). */
static lt_status abelian_group(lt_pgrp_t G, const char *spec, const char *list, const lt_ctx_t ctx, lt_err_t err)
{
    size_t len = strlen(list);
    if (len < 2 || list[0] != '[' || list[len - 1] != ']')
        return lt_err_set(err, LT_EINPUT, "'%s': expected a list of orders, as AbelianGroup([2,4])", spec);
    lt_status st = LT_OK;
    lt_pgrp_t C, P;
    lt_pgrp_init(C, 1);
    lt_pgrp_init(P, 1);
    lt_pgrp_cyclic(G, 1);
    double deg = 0;
    const char *s = list + 1, *end = list + len - 1;
    while (s < end && isspace((unsigned char)*s)) s++;
    while (s < end && !st) {
        const char *c = s;
        while (c < end && *c != ',') c++;
        const char *e = c;
        while (e > s && isspace((unsigned char)e[-1])) e--;
        long m = lt_io_number_(s, (size_t)(e - s), 1, 1000000000L, spec, "the order of a cyclic factor", err);
        if (m < 0) { st = err->status; break; }
        if (m > 1) {
            deg += (double)m;
            if ((st = lt_io_degree_ok_(deg, spec, ctx, err))) break;
            lt_pgrp_cyclic(C, (int)m);
            if (G->ngens == 0) lt_pgrp_set(G, C);
            else { lt_pgrp_direct_product(P, G, C); lt_pgrp_set(G, P); }
        }
        if (c == end) break;
        s = c + 1;
        while (s < end && isspace((unsigned char)*s)) s++;
        if (s == end) st = lt_err_set(err, LT_EINPUT, "'%s': an order is missing after the last ','", spec);
    }
    lt_pgrp_clear(C);
    lt_pgrp_clear(P);
    return st;
}

/* G^k: the direct product of k copies of G (at the end of spec: '^' and
   digits, outside brackets); 0 if spec has no such exponent. */
static int direct_power(lt_pgrp_t G, lt_status *st, const char *spec, const lt_ctx_t ctx, lt_err_t err)
{
    const char *hat = strrchr(spec, '^');
    if (!hat) return 0;
    int depth = 0;
    for (const char *c = spec; c < hat; c++) {
        if (*c == '(' || *c == '[') depth++;
        else if (*c == ')' || *c == ']') depth--;
    }
    if (depth) return 0;
    const char *x = hat + 1;
    while (isspace((unsigned char)*x)) x++;
    long k = lt_io_number_(x, strlen(x), 1, 1000000000L, spec, "the exponent of a direct power", err);
    if (k < 0) { *st = err->status; return 1; }
    size_t bl = (size_t)(hat - spec);
    while (bl && isspace((unsigned char)spec[bl - 1])) bl--;
    if (!bl) { *st = lt_err_set(err, LT_EINPUT, "'%s': the group of the direct power is missing", spec); return 1; }
    char *base = lt_malloc(bl + 1);
    memcpy(base, spec, bl);
    base[bl] = '\0';
    lt_pgrp_t B, M, P;
    lt_pgrp_init(B, 1);
    lt_pgrp_init(M, 1);
    lt_pgrp_init(P, 1);
    *st = parse_group(B, base, ctx, err);
    if (!*st) {
        lt_pgrp_moved_part(M, B);
        lt_pgrp_set(G, M);
        if (M->ngens && (*st = lt_io_degree_ok_((double)M->n * (double)k, spec, ctx, err))) k = 1;
        for (long i = 1; i < k && M->ngens; i++) {
            lt_pgrp_direct_product(P, G, M);
            lt_pgrp_set(G, P);
        }
    }
    lt_pgrp_clear(B);
    lt_pgrp_clear(M);
    lt_pgrp_clear(P);
    lt_free(base);
    return 1;
}

/* Sp(n,q), PSp(n,q), SU(n,q), PSU(n,q), AGL(n,q) with arguments a[0], a[1]. */
static lt_status classical(lt_pgrp_t G, lt_classical_kind kind, const char *spec, char **a, int k,
                           const lt_ctx_t ctx, lt_err_t err)
{
    if (k != 2) return lt_err_set(err, LT_EINPUT, "'%s': expected two arguments, the dimension n and the field size q", spec);
    long n = lt_io_number_(a[0], strlen(a[0]), 1, 1000000000L, spec, "the dimension", err);
    if (n < 0) return err->status;
    long q = lt_io_number_(a[1], strlen(a[1]), 2, 1000000000L, spec, "the field size", err);
    if (q < 0) return err->status;
    int unitary = kind == LT_CLASSICAL_SU || kind == LT_CLASSICAL_PSU;
    if ((kind == LT_CLASSICAL_SP || kind == LT_CLASSICAL_PSP) && n % 2)
        return lt_err_set(err, LT_EINPUT, "'%s': a symplectic group has even dimension (GAP's Sp(2m,q)), not %ld", spec, n);
    if (unitary && n < 2) return lt_err_set(err, LT_EINPUT, "'%s': the dimension must be at least 2, not %ld", spec, n);
    if (!lt_gf_prime_power(q, NULL, NULL))
        return lt_err_set(err, LT_EINPUT, "'%s': %ld is not a prime power (the field GF(q) needs q = p^e)", spec, q);
    if (unitary && q > 256)
        return lt_err_set(err, LT_ELIMIT, "'%s': the unitary groups need the field of q^2 elements, and lietool builds "
                          "non-prime fields up to %ld elements (q <= 256)", spec, (long)LT_GF_MAX);
    double deg = lt_classical_degree(kind, (int)(n < 64 ? n : 64), q);
    if (deg > 1e15 || n > 64)
        return lt_err_set(err, LT_ELIMIT, "'%s' acts on more than 10^15 points, above `max_degree` %ld", spec, ctx->max_degree);
    if (lt_io_degree_ok_(deg, spec, ctx, err)) return err->status;
    lt_status st = lt_pgrp_classical(G, kind, (int)n, q, ctx, err);
    if (st) lt_err_prefix(err, "'%s'", spec);
    return st;
}

int lt_io_gap_name_(lt_pgrp_t G, lt_status *st, const char *spec, const lt_ctx_t ctx, lt_err_t err)
{
    static const struct { const char *name; int what; } names[] = {
        {"AbelianGroup(", 1}, {"ElementaryAbelianGroup(", 2}, {"SmallGroup(", 3}, {"TransitiveGroup(", 4},
        {"PrimitiveGroup(", 5}, {"SimpleLieAlgebra(", 6},
        {"Sp(", 10 + LT_CLASSICAL_SP}, {"SymplecticGroup(", 10 + LT_CLASSICAL_SP},
        {"PSp(", 10 + LT_CLASSICAL_PSP}, {"ProjectiveSymplecticGroup(", 10 + LT_CLASSICAL_PSP},
        {"SU(", 10 + LT_CLASSICAL_SU}, {"SpecialUnitaryGroup(", 10 + LT_CLASSICAL_SU},
        {"PSU(", 10 + LT_CLASSICAL_PSU}, {"ProjectiveSpecialUnitaryGroup(", 10 + LT_CLASSICAL_PSU},
        {"AGL(", 10 + LT_CLASSICAL_AGL}, {"AffineGroup(", 10 + LT_CLASSICAL_AGL}};
    int what = 0;
    size_t l = 0;
    for (size_t m = 0; m < sizeof names / sizeof *names && !what; m++) {
        l = strlen(names[m].name);
        if (strncmp(spec, names[m].name, l) == 0) what = names[m].what;
    }
    if (!what) return direct_power(G, st, spec, ctx, err);
    if (what == 6) {
        *st = lt_err_set(err, LT_EINPUT, "'%s' is a Lie algebra, not a group", spec);
        return 1;
    }
    char **a;
    int k = lt_io_split_args_(&a, spec, spec + l - 1);
    if (k < 0) { *st = lt_io_args_error_(k, spec, err); return 1; }
    int first = (what == 1 || what == 2) && k == 2 && strcmp(a[0], "IsPermGroup") == 0;
    *st = LT_OK;
    if (what >= 10) *st = classical(G, (lt_classical_kind)(what - 10), spec, a, k, ctx, err);
    else if (k - first != (what <= 2 ? 1 : 2))
        *st = lt_err_set(err, LT_EINPUT, "'%s': expected %s", spec,
                         what == 1 ? "one list of orders, as AbelianGroup([2,4])"
                         : what == 2 ? "one argument, the order p^e"
                         : what == 3 ? "two arguments, the order n and the number k" : "two arguments, the degree n and the number k");
    else if (what == 1) *st = abelian_group(G, spec, a[first], ctx, err);
    else {
        long v[2];
        for (int i = 0; i < k && !*st; i++) {
            const char *role = what == 2 ? "the order" : i ? "the number" : what == 3 ? "the order" : "the degree";
            v[i] = lt_io_number_(a[i + first], strlen(a[i + first]), 1, 1000000000L, spec, role, err);
            if (v[i] < 0) *st = err->status;
        }
        if (*st) ;
        else if (what == 2) {
            int p, e;
            if (v[0] == 1) lt_pgrp_cyclic(G, 1);
            else if (!lt_gf_prime_power(v[0], &p, &e))
                *st = lt_err_set(err, LT_EINPUT, "'%s': %ld is not a prime power (an elementary abelian group has order p^e)", spec, v[0]);
            else {
                char buf[48];
                snprintf(buf, sizeof buf, "C%d^%d", p, e);
                *st = parse_group(G, buf, ctx, err);
            }
        } else if (what == 3) *st = small_group(G, spec, v[0], v[1], ctx, err);
        else *st = transitive_group(G, spec, what == 5, v[0], v[1], ctx, err);
    }
    for (int i = 0; i < k; i++) lt_free(a[i]);
    lt_free(a);
    return 1;
}
