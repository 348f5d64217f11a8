/* The group grammar of lietool(1), OBJECTS. */
#include <ctype.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include "lietool/io.h"
#include "impl.h"

static const char *families[] = {
    "S<n>", "A<n>", "C<n>", "Z<n>", "D<m>", "Q<m>", "UT(n,p)", "Heis(p)", "H3",
    "PSL(n,q)", "SL(n,q)", "GL(n,q)", "PGL(n,q)", "Group((1,2,3),(1,2))",
    "SymmetricGroup(n)", "AlternatingGroup(n)", "CyclicGroup(n)", "DihedralGroup(m)",
    "QuaternionGroup(m)", "DicyclicGroup(m)", "MathieuGroup(n)", "DirectProduct(G,H,...)",
    "WreathProduct(G,H)", "GeneralLinearGroup(n,q)", "SpecialLinearGroup(n,q)",
    "ProjectiveSpecialLinearGroup(n,q)", "ProjectiveGeneralLinearGroup(n,q)",
    "AbelianGroup([n1,n2,...])", "ElementaryAbelianGroup(p^e)", "G^k", "SmallGroup(n,k)",
    "TransitiveGroup(n,k)", "PrimitiveGroup(n,k)", "Sp(2m,q)", "PSp(2m,q)", "SU(n,q)", "PSU(n,q)",
    "AGL(n,q)", "AffineGroup(n,q)"
};


static lt_status atom(lt_pgrp_t G, const char *spec, const lt_ctx_t ctx, lt_err_t err);

static lt_status unknown(const char *spec, lt_err_t err)
{
    /* a family name in the wrong case: suggest the exact spelling */
    if (strlen(spec) < 64 && islower((unsigned char)spec[0])) {
        char up[64];
        strcpy(up, spec);
        for (char *c = up; *c && *c != '('; c++) *c = (char)toupper((unsigned char)*c);
        if (strncmp(up, "HEIS(", 5) == 0) memcpy(up, "Heis(", 5);
        lt_pgrp_t T;
        lt_err_t e2;
        lt_ctx_t c2;
        lt_ctx_init(c2);
        c2->max_degree = 1;      /* parse only; a degree error still means the name is right */
        lt_err_init(e2);
        lt_pgrp_init(T, 1);
        lt_status s2 = strcmp(up, spec) ? atom(T, up, c2, e2) : LT_EINPUT;
        lt_pgrp_clear(T);
        if (s2 == LT_OK || s2 == LT_ELIMIT)
            return lt_err_set(err, LT_EINPUT, "unknown group '%s' (did you mean %s?)", spec, up);
    }
    char **names;
    int nn = lt_io_named_groups(&names);
    const char *best[3] = {0};
    int bestd[3] = {99, 99, 99};
    char letters[64];
    /* compare the name part with families and files */
    size_t k = 0;
    while (spec[k] && k < sizeof letters - 1 && (isalpha((unsigned char)spec[k]) || spec[k] == '(')) { letters[k] = spec[k]; k++; }
    letters[k] = '\0';
    for (int i = 0; i < nn + (int)(sizeof families / sizeof *families); i++) {
        const char *cand = i < nn ? names[i] : families[i - nn];
        char pre[64];
        size_t m = 0;
        while (cand[m] && m < sizeof pre - 1 && (isalpha((unsigned char)cand[m]) || cand[m] == '(')) { pre[m] = cand[m]; m++; }
        pre[m] = '\0';
        int d = i < nn ? lt_edit_distance(spec, cand) : lt_edit_distance(letters, pre) + (strcmp(letters, pre) ? 0 : 0);
        if (i >= nn && !*letters) d = 99;
        for (int s = 0; s < 3; s++)
            if (d < bestd[s]) {
                for (int t = 2; t > s; t--) { bestd[t] = bestd[t - 1]; best[t] = best[t - 1]; }
                bestd[s] = d; best[s] = cand;
                break;
            }
    }
    char sugg[256] = "";
    for (int s = 0; s < 3; s++)
        if (best[s] && bestd[s] <= 2 + (int)strlen(spec) / 4) {
            size_t l = strlen(sugg);
            snprintf(sugg + l, sizeof sugg - l, "%s%s", l ? ", " : "", best[s]);
        }
    lt_status st;
    char note[1024];
    if (lt_io_algebras_missing_(note, sizeof note, "groups"))
        st = lt_err_set(err, LT_EINPUT, "unknown group '%s'%s", spec, note);
    else if (*sugg) st = lt_err_set(err, LT_EINPUT, "unknown group '%s' (did you mean %s?)", spec, sugg);
    else st = lt_err_set(err, LT_EINPUT, "unknown group '%s' (see 'lietool help groups')", spec);
    for (int i = 0; i < nn; i++) lt_free(names[i]);
    lt_free(names);
    return st;
}

/* Parses a decimal integer [lo, hi]; returns -1 and sets err otherwise. */
static long number(const char *s, size_t len, long lo, long hi, const char *spec, const char *what, lt_err_t err)
{
    int digits = len > 0;
    for (size_t i = 0; i < len; i++) digits &= isdigit((unsigned char)s[i]) != 0;
    if (!digits) {
        lt_err_set(err, LT_EINPUT, "'%s': %s '%.*s' is not an integer", spec, what, (int)(len < 40 ? len : 40), s);
        return -1;
    }
    while (len > 1 && *s == '0') s++, len--;
    char buf[32];
    long v = LONG_MAX;     /* more digits than a long holds: above hi */
    if (len < sizeof buf) {
        memcpy(buf, s, len);
        buf[len] = '\0';
        errno = 0;
        v = strtol(buf, NULL, 10);
        if (errno) v = LONG_MAX;
    }
    if (v > hi) {
        lt_err_set(err, LT_EINPUT, "'%s': %s %.*s%s is above %ld, the largest lietool supports", spec, what,
                   (int)(len < 40 ? len : 40), s, len > 40 ? "..." : "", hi);
        return -1;
    }
    if (v < lo) {
        if (hi == 1000000000L)
            lt_err_set(err, LT_EINPUT, "'%s': %s must be at least %ld, not %s", spec, what, lo, buf);
        else
            lt_err_set(err, LT_EINPUT, "'%s': %s must be between %ld and %ld, not %s", spec, what, lo, hi, buf);
        return -1;
    }
    return v;
}

static lt_status degree_ok(double deg, const char *spec, const lt_ctx_t ctx, lt_err_t err)
{
    if (deg > (double)ctx->max_degree)
        return lt_err_set(err, LT_ELIMIT, "'%s' acts on %.0f points, above `max_degree` %ld", spec, deg, ctx->max_degree);
    return LT_OK;
}

/* Arguments "(a,b)" of a family; returns count or -1. */
static int args(const char *s, long *v, int maxv, const char *spec, const char *what, lt_err_t err)
{
    if (*s != '(') return -1;
    const char *p = s + 1;
    int k = 0;
    for (;;) {
        while (*p == ' ') p++;
        const char *q = p;
        while (*q && *q != ',' && *q != ')') q++;
        const char *e = q;
        while (e > p && e[-1] == ' ') e--;
        if (k == maxv) { lt_err_set(err, LT_EINPUT, "'%s': too many arguments", spec); return -2; }
        if ((v[k] = number(p, (size_t)(e - p), 0, 1000000000L, spec, what, err)) < 0) return -2;
        k++;
        if (*q == ')') { if (q[1]) { lt_err_set(err, LT_EINPUT, "'%s': unexpected '%s' after ')'", spec, q + 1); return -2; } return k; }
        if (!*q) { lt_err_set(err, LT_EINPUT, "'%s': missing ')'", spec); return -2; }
        p = q + 1;
    }
}

static lt_status need_prime(long p, const char *spec, lt_err_t err)
{
    if (!lt_is_prime(p))
        return lt_err_set(err, LT_EINPUT, "'%s': %ld is not prime (prime fields only)", spec, p);
    return LT_OK;
}

static lt_status gap_group(lt_pgrp_t G, const char *spec, const lt_ctx_t ctx, lt_err_t err)
{
    const char *p = spec + 6;   /* after "Group(" */
    size_t len = strlen(p);
    while (len && isspace((unsigned char)p[len - 1])) len--;
    if (!len || p[len - 1] != ')') return lt_err_set(err, LT_EINPUT, "'%s': missing the closing ')' of Group(", spec);
    char *body = lt_malloc(len);
    memcpy(body, p, len - 1);
    body[len - 1] = '\0';
    char *b = body;
    while (isspace((unsigned char)*b)) b++;
    size_t bl = strlen(b);
    while (bl && isspace((unsigned char)b[bl - 1])) b[--bl] = '\0';
    if (*b == '[') {
        if (bl < 2 || b[bl - 1] != ']') { lt_free(body); return lt_err_set(err, LT_EINPUT, "'%s': missing ']'", spec); }
        b[bl - 1] = '\0';
        b++;
    }
    /* split at commas outside parentheses */
    int cap = 8, ng = 0, **gp = lt_malloc((size_t)cap * sizeof *gp), *gn = lt_malloc((size_t)cap * sizeof *gn);
    long maxp = 0;
    lt_status st = LT_OK;
    char *s = b;
    while (isspace((unsigned char)*s)) s++;
    while (*s && !st) {
        int depth = 0;
        char *q = s;
        while (*q && (depth || *q != ',')) {
            if (*q == '(') depth++;
            else if (*q == ')') depth--;
            if (depth < 0) break;
            q++;
        }
        if (depth) { st = lt_err_set(err, LT_EINPUT, "'%s': unbalanced parentheses", spec); break; }
        char save = *q;
        *q = '\0';
        int *pts, np;
        char where[80];
        snprintf(where, sizeof where, "generator %d", ng + 1);
        long m = lt_io_cycles(&pts, &np, s, where, err);
        if (m < 0) { st = err->status; lt_err_prefix(err, "'%.60s%s'", spec, strlen(spec) > 60 ? "..." : ""); break; }
        if (ng == cap) { cap *= 2; gp = lt_realloc(gp, (size_t)cap * sizeof *gp); gn = lt_realloc(gn, (size_t)cap * sizeof *gn); }
        gp[ng] = pts; gn[ng] = np; ng++;
        if (m > maxp) maxp = m;
        if (!save) break;
        s = q + 1;
        while (isspace((unsigned char)*s)) s++;
        if (!*s) st = lt_err_set(err, LT_EINPUT, "'%s': a generator is missing after the last ','", spec);
    }
    if (!st && ng == 0) st = lt_err_set(err, LT_EINPUT, "'%s': no generators (write Group(()) for the trivial group)", spec);
    if (!st) st = degree_ok((double)maxp, spec, ctx, err);
    if (!st) {
        int n = maxp ? (int)maxp : 1;
        lt_pgrp_clear(G);
        lt_pgrp_init(G, n);
        int *perm = lt_malloc((size_t)n * sizeof(int));
        for (int i = 0; i < ng; i++) {
            lt_io_cycles_perm(perm, n, gp[i], gn[i]);
            lt_pgrp_add_gen(G, perm);
        }
        lt_free(perm);
    }
    for (int i = 0; i < ng; i++) lt_free(gp[i]);
    lt_free(gp); lt_free(gn); lt_free(body);
    return st;
}



/* S<n>, A<n>, C<n> (Z<n>), D<m>, Q<m>, with n or m already read. */
static lt_status small_family(lt_pgrp_t G, char family, long n, const char *spec, const lt_ctx_t ctx, lt_err_t err)
{
    switch (family) {
        case 'S':
            if (degree_ok((double)n, spec, ctx, err)) return err->status;
            lt_pgrp_symmetric(G, (int)n); return LT_OK;
        case 'A':
            if (degree_ok((double)n, spec, ctx, err)) return err->status;
            lt_pgrp_alternating(G, (int)n); return LT_OK;
        case 'C': case 'Z':
            if (degree_ok((double)n, spec, ctx, err)) return err->status;
            lt_pgrp_cyclic(G, (int)n); return LT_OK;
        case 'D':
            if (n % 2) return lt_err_set(err, LT_EINPUT, "'%s': a dihedral group has even order (GAP's convention: D8 has order 8)", spec);
            if (degree_ok(n == 4 ? 4.0 : (double)(n / 2), spec, ctx, err)) return err->status;
            lt_pgrp_dihedral(G, (int)n); return LT_OK;
        case 'Q':
            if (n % 4) return lt_err_set(err, LT_EINPUT, "'%s': a dicyclic group has order divisible by 4 (Q8 is the quaternion group)", spec);
            if (degree_ok((double)n, spec, ctx, err)) return err->status;
            lt_pgrp_dicyclic(G, (int)n); return LT_OK;
        }
    return lt_err_set(err, LT_EINPUT, "unknown group '%s'", spec);
}

/* A file algebras/groups/NAME.grp: 1 and *st if it exists, 0 otherwise. */
static int named_file(lt_pgrp_t G, const char *name, lt_status *st, const lt_ctx_t ctx, lt_err_t err)
{
    for (const char *c = name; *c; c++)
        if (!isalnum((unsigned char)*c) && *c != '_' && *c != '-' && *c != '.') return 0;
    if (!*name) return 0;
    char *dir = lt_io_algebras_dir();
    size_t l = strlen(dir) + strlen(name) + 16;
    char *path = lt_malloc(l);
    snprintf(path, l, "%s/groups/%s.grp", dir, name);
    lt_free(dir);
    int found = lt_io_file_exists_(path);
    if (found) *st = lt_io_grp_file(G, NULL, path, ctx, err);
    lt_free(path);
    return found;
}

/* PSL(n,q), SL(n,q), GL(n,q), PGL(n,q); a points at the '(' */
static lt_status linear(lt_pgrp_t G, lt_linear_kind kind, const char *spec, const char *a, const lt_ctx_t ctx, lt_err_t err)
{
    long v[2];
    int k = args(a, v, 2, spec, "argument", err);
    if (k == -2) return err->status;
    if (k != 2) return lt_err_set(err, LT_EINPUT, "'%s': expected two arguments, the dimension n and the field size q", spec);
    if (v[0] < 2) return lt_err_set(err, LT_EINPUT, "'%s': the dimension must be at least 2, not %ld", spec, v[0]);
    if (!lt_gf_prime_power(v[1], NULL, NULL))
        return lt_err_set(err, LT_EINPUT, "'%s': %ld is not a prime power (the field GF(q) needs q = p^e)", spec, v[1]);
    double deg = lt_linear_degree(kind, (int)(v[0] < 64 ? v[0] : 64), v[1]);
    if (deg > 1e15)
        return lt_err_set(err, LT_ELIMIT, "'%s' acts on more than 10^15 points, above `max_degree` %ld", spec, ctx->max_degree);
    if (degree_ok(deg, spec, ctx, err)) return err->status;
    lt_gf_t F;
    if (lt_gf_init(F, v[1], err)) {
        lt_err_prefix(err, "'%s'", spec);
        return err->status;
    }
    lt_pgrp_linear(G, kind, (int)v[0], F);
    lt_gf_clear(F);
    return LT_OK;
}

/* The arguments of NAME(a, b, ...): split at top-level commas and trimmed;
   returns the count (0 for "()"); -1 without the closing ')', -2 for
   unbalanced brackets, -3 for brackets nested more than 64 deep. */
static int split_args(char ***out, const char *spec, const char *open)
{
    size_t len = strlen(open);
    if (!len || open[len - 1] != ')') return -1;
    char *body = lt_malloc(len);
    memcpy(body, open + 1, len - 2);
    body[len - 2] = '\0';
    int depth = 0;
    for (const char *c = body; *c; c++) {
        if (*c == '(' || *c == '[') depth++;
        else if (*c == ')' || *c == ']') depth--;
        if (depth < 0 || depth > 64) break;
    }
    if (depth) { lt_free(body); return depth > 64 ? -3 : -2; }
    int cap = 4, k = 0;
    char **v = lt_malloc((size_t)cap * sizeof *v);
    char *s = body;
    for (char *c = body;; c++) {
        if (*c == '(' || *c == '[') depth++;
        else if (*c == ')' || *c == ']') depth--;
        if (*c && (depth || *c != ',')) continue;
        char save = *c;
        *c = '\0';
        while (isspace((unsigned char)*s)) s++;
        size_t l = strlen(s);
        while (l && isspace((unsigned char)s[l - 1])) s[--l] = '\0';
        if (k == cap) { cap *= 2; v = lt_realloc(v, (size_t)cap * sizeof *v); }
        v[k++] = lt_strdup(s);
        if (!save) break;
        s = c + 1;
    }
    lt_free(body);
    (void)spec;
    if (k == 1 && !*v[0]) { lt_free(v[0]); k = 0; }
    *out = v;
    return k;
}

static lt_status args_error(int k, const char *spec, lt_err_t err)
{
    if (k == -3) return lt_err_set(err, LT_EINPUT, "'%.60s...': brackets nested more than 64 deep", spec);
    if (k == -2) return lt_err_set(err, LT_EINPUT, "'%s': unbalanced brackets", spec);
    return lt_err_set(err, LT_EINPUT, "'%s': missing the closing ')'", spec);
}

static void free_args(char **v, int k)
{
    for (int i = 0; i < k; i++) lt_free(v[i]);
    lt_free(v);
}

/* The direct product of the groups a[0..k-1] (each on the points it
   moves) or their wreath product ((a0 wr a1) wr a2 ...), as GAP builds
   them for permutation groups. */
static lt_status product_of(lt_pgrp_t G, int wreath, const char *spec, char **a, int k, const lt_ctx_t ctx, lt_err_t err)
{
    lt_status st = LT_OK;
    lt_pgrp_t F, M, P;
    lt_pgrp_init(F, 1);
    lt_pgrp_init(M, 1);
    lt_pgrp_init(P, 1);
    for (int i = 0; i < k && !st; i++) {
        st = lt_io_group(F, NULL, a[i], ctx, err);
        if (st) break;
        if (wreath) {
            if (i == 0) { lt_pgrp_set(P, F); continue; }
            if (i > 1) lt_pgrp_set(P, G);
            double deg = lt_pgrp_wreath_degree(P, F);
            if (degree_ok(deg, spec, ctx, err)) { st = err->status; break; }
            lt_pgrp_wreath_product(G, P, F);
            continue;
        }
        lt_pgrp_moved_part(M, F);
        if (i == 0) { lt_pgrp_set(G, M); continue; }
        /* a trivial factor adds no points (GAP's MovedPoints) */
        int triv = M->ngens == 0, gtriv = G->ngens == 0;
        if (triv) continue;
        if (gtriv) { lt_pgrp_set(G, M); continue; }
        if (degree_ok((double)G->n + M->n, spec, ctx, err)) { st = err->status; break; }
        lt_pgrp_direct_product(P, G, M);
        lt_pgrp_set(G, P);
    }
    lt_pgrp_clear(F);
    lt_pgrp_clear(M);
    lt_pgrp_clear(P);
    return st;
}

/* DirectProduct(G1, ..., Gk) and WreathProduct(G, H). */
static lt_status gap_product(lt_pgrp_t G, int wreath, const char *spec, const char *open, const lt_ctx_t ctx, lt_err_t err)
{
    char **a;
    int k = split_args(&a, spec, open);
    if (k < 0) return args_error(k, spec, err);
    lt_status st = LT_OK;
    for (int i = 0; i < k && !st; i++)
        if (!*a[i]) st = lt_err_set(err, LT_EINPUT, "'%s': argument %d is empty", spec, i + 1);
    if (!st && wreath && k != 2)
        st = lt_err_set(err, LT_EINPUT, "'%s': WreathProduct takes two groups, G and the permutation group H on its copies (not %d)", spec, k);
    if (!st && !wreath && k < 1)
        st = lt_err_set(err, LT_EINPUT, "'%s': DirectProduct needs at least one group", spec);
    if (!st) st = product_of(G, wreath, spec, a, k, ctx, err);
    free_args(a, k);
    return st;
}

/* The length of a wreath sign at s[i] outside brackets: " wr " or the
   character U+2240 (written with or without spaces), else 0. */
static size_t wreath_sign(const char *s, size_t i)
{
    if (strncmp(s + i, " wr ", 4) == 0) return 4;
    if (strncmp(s + i, "\xe2\x89\x80", 3) == 0) return 3;
    return 0;
}

/* G wr H wr ...: the factors at the top-level wreath signs, folded from the
   left; 0 when spec has no such sign (then it is not a wreath product). */
static int infix_wreath(lt_pgrp_t G, lt_status *st, const char *spec, const lt_ctx_t ctx, lt_err_t err)
{
    size_t n = strlen(spec);
    if ((n >= 3 && strcmp(spec + n - 3, " wr") == 0) || strncmp(spec, "wr ", 3) == 0) {
        *st = lt_err_set(err, LT_EINPUT, "'%s': a group of the wreath product is missing", spec);
        return 1;
    }
    int depth = 0, k = 0;
    char **a = NULL;
    size_t start = 0;
    for (size_t i = 0; i <= n; i++) {
        size_t w = i < n && !depth ? wreath_sign(spec, i) : 0;
        if (i < n && !w) {
            if (spec[i] == '(' || spec[i] == '[') depth++;
            else if (spec[i] == ')' || spec[i] == ']') depth--;
            continue;
        }
        if (i == n && k == 0) return 0;
        size_t b = start, e = i;
        while (b < e && isspace((unsigned char)spec[b])) b++;
        while (e > b && isspace((unsigned char)spec[e - 1])) e--;
        a = lt_realloc(a, (size_t)(k + 1) * sizeof *a);
        a[k] = lt_malloc(e - b + 1);
        memcpy(a[k], spec + b, e - b);
        a[k++][e - b] = '\0';
        if (i < n) { start = i + w; i += w - 1; }
    }
    *st = LT_OK;
    for (int i = 0; i < k && !*st; i++)
        if (!*a[i]) *st = lt_err_set(err, LT_EINPUT, "'%s': a group of the wreath product is missing", spec);
    if (!*st) *st = product_of(G, 1, spec, a, k, ctx, err);
    free_args(a, k);
    return 1;
}

/* GAP's names of the small families: SymmetricGroup(n), ...,
   MathieuGroup(n); an optional first argument IsPermGroup. */
static lt_status gap_family(lt_pgrp_t G, char family, const char *spec, const char *open, const lt_ctx_t ctx, lt_err_t err)
{
    char **a;
    int k = split_args(&a, spec, open);
    if (k < 0) return args_error(k, spec, err);
    lt_status st = LT_OK;
    int first = 0;
    if (k == 2 && strcmp(a[0], "IsPermGroup") == 0) first = 1;
    else if (k == 2)
        st = lt_err_set(err, LT_EINPUT, "'%s': lietool builds permutation groups; the first argument may only be IsPermGroup, not '%s'", spec, a[0]);
    if (!st && k - first != 1) st = lt_err_set(err, LT_EINPUT, "'%s': expected one argument", spec);
    long n = -1;
    if (!st) {
        const char *what = family == 'D' || family == 'Q' ? "the order" : "n";
        n = number(a[first], strlen(a[first]), 1, 1000000000L, spec, what, err);
        if (n < 0) st = err->status;
    }
    free_args(a, k);
    if (st) return st;
    if (family != 'M') return small_family(G, family, n, spec, ctx, err);
    if (n != 9 && n != 10 && n != 11 && n != 12 && n != 21 && n != 22 && n != 23 && n != 24)
        return lt_err_set(err, LT_EINPUT, "'%s': the Mathieu groups act on 9, 10, 11, 12, 21, 22, 23 or 24 points, not %ld", spec, n);
    char name[8];
    snprintf(name, sizeof name, "M%ld", n);
    if (named_file(G, name, &st, ctx, err)) return st;
    return lt_err_set(err, LT_EINPUT, "'%s': the file of %s is missing from the groups directory", spec, name);
}


static lt_status atom(lt_pgrp_t G, const char *spec, const lt_ctx_t ctx, lt_err_t err)
{
    lt_status st;
    if (!lt_io_file_exists_(spec) && infix_wreath(G, &st, spec, ctx, err)) return st;
    if (strncmp(spec, "Group(", 6) == 0) return gap_group(G, spec, ctx, err);
    if (strncmp(spec, "DirectProduct(", 14) == 0) return gap_product(G, 0, spec, spec + 13, ctx, err);
    if (strncmp(spec, "WreathProduct(", 14) == 0) return gap_product(G, 1, spec, spec + 13, ctx, err);
    static const struct { const char *name; char family; } fam[] = {
        {"SymmetricGroup(", 'S'}, {"AlternatingGroup(", 'A'}, {"CyclicGroup(", 'C'}, {"DihedralGroup(", 'D'},
        {"QuaternionGroup(", 'Q'}, {"DicyclicGroup(", 'Q'}, {"MathieuGroup(", 'M'}
    };
    for (size_t m = 0; m < sizeof fam / sizeof *fam; m++) {
        size_t l = strlen(fam[m].name);
        if (strncmp(spec, fam[m].name, l) == 0) return gap_family(G, fam[m].family, spec, spec + l - 1, ctx, err);
    }
    if (lt_io_gap_name_(G, &st, spec, ctx, err)) return st;
    /* a path (with '/' or a file ending) is a file; a bare word is a name
       first, and a file only if no name matches */
    if (lt_io_ends_with_(spec, ".json") || lt_io_ends_with_(spec, ".grp") || strchr(spec, '/')) {
        /* the readers name a missing or non-regular file */
        if (lt_io_ends_with_(spec, ".grp")) return lt_io_grp_file(G, NULL, spec, ctx, err);
        return lt_io_cayley(G, NULL, spec, ctx, err);
    }
    long v[2];
    int k;
    if (strcmp(spec, "H3") == 0) spec = "UT(3,2)";
    if (strncmp(spec, "UT(", 3) == 0 || strncmp(spec, "Heis(", 5) == 0) {
        int heis = spec[0] == 'H';
        k = args(spec + (heis ? 4 : 2), v, 2, spec, heis ? "p" : "n and p", err);
        if (k == -2) return err->status;
        if (heis) { if (k != 1) return lt_err_set(err, LT_EINPUT, "'%s': expected Heis(p)", spec); v[1] = v[0]; v[0] = 3; }
        else if (k != 2) return lt_err_set(err, LT_EINPUT, "'%s': expected UT(n,p)", spec);
        if (v[0] < 2) return lt_err_set(err, LT_EINPUT, "'%s': n must be at least 2", spec);
        if (need_prime(v[1], spec, err)) return err->status;
        double deg = 1;
        for (long i = 0; i < v[0] && deg < 1e12; i++) deg *= (double)v[1];
        if (degree_ok(deg - 1, spec, ctx, err)) return err->status;
        lt_pgrp_unitriangular(G, (int)v[0], (int)v[1]);
        return LT_OK;
    }
    static const struct { const char *name; lt_linear_kind kind; } lin[] = {
        {"PSL(", LT_LINEAR_PSL}, {"SL(", LT_LINEAR_SL}, {"GL(", LT_LINEAR_GL}, {"PGL(", LT_LINEAR_PGL},
        {"ProjectiveSpecialLinearGroup(", LT_LINEAR_PSL}, {"SpecialLinearGroup(", LT_LINEAR_SL},
        {"GeneralLinearGroup(", LT_LINEAR_GL}, {"ProjectiveGeneralLinearGroup(", LT_LINEAR_PGL}
    };
    for (size_t m = 0; m < sizeof lin / sizeof *lin; m++) {
        size_t l = strlen(lin[m].name);
        if (strncmp(spec, lin[m].name, l) == 0) return linear(G, lin[m].kind, spec, spec + l - 1, ctx, err);
    }
    if (strchr("SACZDQ", spec[0]) && spec[0] && isdigit((unsigned char)spec[1])) {
        const char *what = spec[0] == 'D' || spec[0] == 'Q' ? "the order" : "n";
        long n = number(spec + 1, strlen(spec + 1), 1, 1000000000L, spec, what, err);
        if (n < 0) return err->status;
        return small_family(G, spec[0], n, spec, ctx, err);
    }
    /* named files */
    if (named_file(G, spec, &st, ctx, err)) return st;
    if (lt_io_file_exists_(spec)) return lt_io_cayley(G, NULL, spec, ctx, err);
    return unknown(spec, err);
}

/* Splits at top-level product signs: " x ", "_x_", or 'x' between a digit
   or ')' and an upper-case letter; an existing file is one object, whatever
   its name (abstract_algebra's Z2xZ2xZ2.json). */
/* Is s[a..b) (trimmed) the name of an existing file? */
static int segment_is_file(const char *s, size_t a, size_t b)
{
    while (a < b && isspace((unsigned char)s[a])) a++;
    while (b > a && isspace((unsigned char)s[b - 1])) b--;
    if (a == b) return 0;
    char *t = lt_malloc(b - a + 1);
    memcpy(t, s + a, b - a);
    t[b - a] = '\0';
    int r = lt_io_file_exists_(t);
    lt_free(t);
    return r;
}

/* The separators of a product: first the spaced ones (" x ", "_x_") at
   bracket depth 0; then, inside each factor they delimit that is not an
   existing file (Z2xZ2xZ2.json, as abstract_algebra names its files, is one
   factor), the tight ones ("S3xC2": an 'x' between a letter, digit or ')'
   and a capital or '('). */
int lt_io_split_product_(const char *s, size_t *pos, size_t *seplen, int max)
{
    if (lt_io_file_exists_(s)) return 0;
    int k = 0, depth = 0;
    size_t n = strlen(s);
    size_t *sp = lt_malloc((n + 1) * sizeof *sp), nsp = 0;   /* spaced separators */
    for (size_t i = 1; i + 1 < n; i++) {
        char c = s[i];
        if (c == '(' || c == '[') depth++;
        else if (c == ')' || c == ']') depth--;
        if (depth || c != 'x') continue;
        char a = s[i - 1], b = s[i + 1];
        if (((a == ' ' && b == ' ') || (a == '_' && b == '_')) && (nsp == 0 || i - 1 >= sp[nsp - 1] + 3))
            sp[nsp++] = i - 1;
    }
    size_t start = 0;
    for (size_t j = 0; j <= nsp && k < max; j++) {
        size_t end = j < nsp ? sp[j] : n;
        if (!segment_is_file(s, start, end)) {
            depth = 0;
            for (size_t i = start; i < end && k < max; i++) {
                char c = s[i];
                if (c == '(' || c == '[') depth++;
                else if (c == ')' || c == ']') depth--;
                if (depth || c != 'x' || i == start || i + 1 >= end) continue;
                char a = s[i - 1], b = s[i + 1];
                if ((isalnum((unsigned char)a) || a == ')') && (isupper((unsigned char)b) || b == '('))
                    { pos[k] = i; seplen[k] = 1; k++; }
            }
        }
        if (j < nsp && k < max) { pos[k] = sp[j]; seplen[k] = 3; k++; }
        if (j < nsp) start = sp[j] + 3;
    }
    lt_free(sp);
    return k;
}

/* The direct product of the k + 1 factors of spec (split at pos, sl).
   The order of a product is the product of its factors' orders: each
   factor's order is known (its chain) before the product is made, so
   --max-order and --max-degree refuse a product of many small groups at
   once; the factors are then joined in pairs, a balanced tree (k joins
   one after another would copy the growing product k times). */
static lt_status product(lt_pgrp_t G, const char *spec, const size_t *pos, const size_t *sl, int k, const lt_ctx_t ctx,
                         lt_err_t err)
{
    lt_status st = LT_OK;
    lt_pgrp_struct *F = lt_malloc(((size_t)k + 1) * sizeof *F);
    int nf = 0;
    double degree = 0;
    mpz_t order;
    mpz_init_set_ui(order, 1);
    size_t start = 0;
    for (int i = 0; i <= k && !st; i++) {
        size_t end = i < k ? pos[i] : strlen(spec);
        char *part = lt_malloc(end - start + 1);
        memcpy(part, spec + start, end - start);
        part[end - start] = '\0';
        char *pp = part;
        while (isspace((unsigned char)*pp)) pp++;
        size_t pl = strlen(pp);
        while (pl && isspace((unsigned char)pp[pl - 1])) pp[--pl] = '\0';
        lt_pgrp_init(F + nf, 1);
        nf++;
        if (!*pp) st = lt_err_set(err, LT_EINPUT, "'%s': a factor of the product is missing", spec);
        else st = atom(F + nf - 1, pp, ctx, err);
        lt_free(part);
        if (st) break;
        degree += F[nf - 1].n;
        if (degree > (double)ctx->max_degree) {
            st = lt_err_set(err, LT_ELIMIT, "'%s' acts on more than %ld points (`max_degree`)", spec, ctx->max_degree);
            break;
        }
        if ((st = lt_pgrp_chain(F + nf - 1, NULL, ctx, err))) break;
        mpz_mul(order, order, F[nf - 1].order);
        if ((st = lt_pgrp_order_limit(order, ctx, err))) {
            lt_err_prefix(err, "'%.60s%s': the product of the first %d factors", spec, strlen(spec) > 60 ? "..." : "", i + 1);
            break;
        }
        if (i < k) start = pos[i] + sl[i];
    }
    /* join neighbours until one is left */
    while (!st && nf > 1) {
        int m = 0;
        for (int i = 0; i < nf; i += 2) {
            if (i + 1 < nf) {
                lt_pgrp_t P;
                lt_pgrp_init(P, 1);
                lt_pgrp_direct_product(P, F + i, F + i + 1);
                lt_pgrp_clear(F + i);
                lt_pgrp_clear(F + i + 1);
                F[m++] = *P;
            } else F[m++] = F[i];
        }
        nf = m;
    }
    if (!st) lt_pgrp_set(G, F);
    for (int i = 0; i < nf; i++) lt_pgrp_clear(F + i);
    lt_free(F);
    mpz_clear(order);
    return st;
}

lt_status lt_io_group(lt_pgrp_t G, char **name, const char *spec0,
                      const lt_ctx_t ctx, lt_err_t err)
{
    /* trim */
    while (isspace((unsigned char)*spec0)) spec0++;
    char *spec = lt_strdup(spec0);
    size_t l = strlen(spec);
    while (l && isspace((unsigned char)spec[l - 1])) spec[--l] = '\0';
    /* GAP's statement end, as pasted from a GAP session */
    while (l && spec[l - 1] == ';') {             /* ';' or ';;' */
        spec[--l] = '\0';
        while (l && isspace((unsigned char)spec[l - 1])) spec[--l] = '\0';
    }
    lt_status st = LT_OK;
    if (!*spec) { lt_free(spec); return lt_err_set(err, LT_EINPUT, "empty group name"); }
    if (l >= 2 && (strcmp(spec + l - 2, " x") == 0 || strcmp(spec + l - 2, "_x") == 0
                   || strncmp(spec, "x ", 2) == 0 || strncmp(spec, "x_", 2) == 0)) {
        lt_err_set(err, LT_EINPUT, "'%s': a factor of the product is missing", spec);
        lt_free(spec);
        return LT_EINPUT;
    }
    /* any number of factors: at most one separator per character */
    size_t *pos = lt_malloc((l + 1) * sizeof *pos), *sl = lt_malloc((l + 1) * sizeof *sl);
    int k = lt_io_split_product_(spec, pos, sl, (int)(l < INT_MAX ? l : INT_MAX));
    if (k == 0) st = atom(G, spec, ctx, err);
    else st = product(G, spec, pos, sl, k, ctx, err);
    if (!st && name) *name = lt_strdup(spec);
    lt_free(pos); lt_free(sl);
    lt_free(spec);
    return st;
}

/* The argument helpers, for gapnames.c. */
long lt_io_number_(const char *s, size_t len, long lo, long hi, const char *spec, const char *what, lt_err_t err)
{
    return number(s, len, lo, hi, spec, what, err);
}

lt_status lt_io_degree_ok_(double deg, const char *spec, const lt_ctx_t ctx, lt_err_t err)
{
    return degree_ok(deg, spec, ctx, err);
}

int lt_io_split_args_(char ***out, const char *spec, const char *open)
{
    return split_args(out, spec, open);
}

lt_status lt_io_args_error_(int k, const char *spec, lt_err_t err)
{
    return args_error(k, spec, err);
}
