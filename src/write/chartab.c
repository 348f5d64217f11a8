/* character-table: the table as GAP's Display(CharacterTable(G),
   rec(indicator := true)) shows it (centraliser orders by prime, class
   names, power maps, the indicator column, characters with irrational
   values named A, B, ... and their key below), one JSON object, or LaTeX
   arrays; then the real irreducible representations and what they say
   about layers of Householder products. */
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include "lietool/write.h"
#include "lietool/chartab.h"

/* The strings of the table's entries, with GAP's names for irrational
   values: an irrationality seen first gets the next name (A, ..., Z, AA,
   ...); later, its negative, complex conjugate (/), star conjugate (*,
   the other conjugate of a quadratic irrationality) and their negatives
   are named after it. */
typedef struct {
    long r;
    char ***ent;            /* ent[x][c] */
    long nirr;
    lt_cyc_struct *irr;     /* the named values */
    char **irrname;
    lt_cyc_struct *star;    /* their star conjugates (or zero when none) */
    int *has_star;
} names_t;

static char *irr_name(long n)
{
    char t[16];
    int k = 0;
    while (n > 0) { t[k++] = (char)('A' + (n - 1) % 26); n = (n - 1) / 26; }
    char *s = lt_malloc((size_t)k + 1);
    for (int i = 0; i < k; i++) s[i] = t[k - 1 - i];
    s[k] = 0;
    return s;
}

static char *entry_name(names_t *N, const lt_cyc_t v)
{
    if (lt_cyc_is_zero(v)) return lt_strdup(".");
    if (lt_cyc_is_rational(v)) return lt_cyc_str(v);
    lt_cyc_t w, nw;
    lt_cyc_init(w);
    lt_cyc_init(nw);
    char *out = NULL;
    lt_cyc_neg(nw, v);
    for (long i = 0; i < N->nirr && !out; i++) {
        const char *nm = N->irrname[i];
        char buf[64];
        if (lt_cyc_equal(v, N->irr + i)) out = lt_strdup(nm);
        else if (lt_cyc_equal(nw, N->irr + i)) { snprintf(buf, sizeof buf, "-%s", nm); out = lt_strdup(buf); }
        if (out) break;
        lt_cyc_galois(w, N->irr + i, -1);
        if (lt_cyc_equal(v, w)) { snprintf(buf, sizeof buf, "/%s", nm); out = lt_strdup(buf); }
        else if (lt_cyc_equal(nw, w)) { snprintf(buf, sizeof buf, "-/%s", nm); out = lt_strdup(buf); }
        if (out || !N->has_star[i]) continue;
        if (lt_cyc_equal(v, N->star + i)) { snprintf(buf, sizeof buf, "*%s", nm); out = lt_strdup(buf); }
        else if (lt_cyc_equal(nw, N->star + i)) { snprintf(buf, sizeof buf, "-*%s", nm); out = lt_strdup(buf); }
    }
    if (!out) {
        long i = N->nirr++;
        N->irr = lt_realloc(N->irr, (size_t)N->nirr * sizeof(lt_cyc_struct));
        N->star = lt_realloc(N->star, (size_t)N->nirr * sizeof(lt_cyc_struct));
        N->irrname = lt_realloc(N->irrname, (size_t)N->nirr * sizeof(char *));
        N->has_star = lt_realloc(N->has_star, (size_t)N->nirr * sizeof(int));
        lt_cyc_init(N->irr + i);
        lt_cyc_set(N->irr + i, v);
        lt_cyc_init(N->star + i);
        N->has_star[i] = 0;
        if (lt_cyc_galois_count(v) == 2)
            for (long k = 2; k < v->n; k++) {
                long a = k, b = v->n;
                while (b) { long t = a % b; a = b; b = t; }
                if (a != 1) continue;
                lt_cyc_galois(N->star + i, v, k);
                if (!lt_cyc_equal(N->star + i, v)) { N->has_star[i] = 1; break; }
            }
        N->irrname[i] = irr_name(i + 1);
        out = lt_strdup(N->irrname[i]);
    }
    lt_cyc_clear(w);
    lt_cyc_clear(nw);
    return out;
}

static void names_build(names_t *N, const lt_chartab_t T)
{
    memset(N, 0, sizeof *N);
    N->r = T->nclasses;
    N->ent = lt_malloc((size_t)N->r * sizeof(char **));
    for (long x = 0; x < N->r; x++) N->ent[x] = lt_malloc((size_t)N->r * sizeof(char *));
    /* GAP names column by column within a page, row by row: the order of
       first appearance is column-major */
    for (long c = 0; c < N->r; c++)
        for (long x = 0; x < N->r; x++) N->ent[x][c] = entry_name(N, T->values[x] + c);
}

static void names_clear(names_t *N)
{
    for (long x = 0; x < N->r; x++) {
        for (long c = 0; c < N->r; c++) lt_free(N->ent[x][c]);
        lt_free(N->ent[x]);
    }
    lt_free(N->ent);
    for (long i = 0; i < N->nirr; i++) {
        lt_cyc_clear(N->irr + i);
        lt_cyc_clear(N->star + i);
        lt_free(N->irrname[i]);
    }
    lt_free(N->irr);
    lt_free(N->star);
    lt_free(N->irrname);
    lt_free(N->has_star);
}


/* the exponent of p in z */
static long pexp(const mpz_t z, long p)
{
    mpz_t t;
    mpz_init_set(t, z);
    long e = 0;
    while (mpz_divisible_ui_p(t, (unsigned long)p)) { mpz_divexact_ui(t, t, (unsigned long)p); e++; }
    mpz_clear(t);
    return e;
}

#define LINELEN 79  /* GAP's SizeScreen()[1] - 1 */

static void put_text(lt_doc *d, const char *object, const lt_chartab_t T, names_t *N)
{
    FILE *f = d->f;
    long r = T->nclasses;
    const long *pr = T->primes, np = T->nprimes;     /* the primes dividing |G| */
    int namew = 0;
    char cname[32];
    for (long x = 0; x < r; x++) {
        int l = snprintf(cname, sizeof cname, "X.%ld", x + 1);
        if (l > namew) namew = l;
    }
    int *w = lt_malloc((size_t)r * sizeof(int));
    for (long c = 0; c < r; c++) {
        int m = (int)strlen(T->class_names[c]);
        for (long i = 0; i < T->nprimes; i++) {
            int l = (int)strlen(T->class_names[T->power[i][c]]);
            if (l > m) m = l;
        }
        for (long x = 0; x < r; x++) {
            int l = (int)strlen(N->ent[x][c]);
            if (l > m) m = l;
        }
        w[c] = m + 1;
    }
    fprintf(f, "%s\n", object);
    int first = 1;
    for (long c0 = 0; c0 < r;) {
        int lab = namew + 3 + (first ? 3 : 0), len = lab;
        long c1 = c0;
        while (c1 < r && len < LINELEN) len += w[c1++];
        if (len >= LINELEN && c1 - c0 > 1) c1--;
        fputc('\n', f);
        for (long i = 0; i < np; i++) {
            fprintf(f, "%*ld", lab, pr[i]);
            for (long c = c0; c < c1; c++) {
                long e = pexp(T->centralizer[c], pr[i]);
                if (e) fprintf(f, "%*ld", w[c], e);
                else fprintf(f, "%*s", w[c], ".");
            }
            fputc('\n', f);
        }
        fprintf(f, "\n%*s", lab, "");
        for (long c = c0; c < c1; c++) fprintf(f, "%*s", w[c], T->class_names[c]);
        for (long i = 0; i < T->nprimes; i++) {
            fprintf(f, "\n%*ldP", lab - 1, T->primes[i]);
            for (long c = c0; c < c1; c++) fprintf(f, "%*s", w[c], T->class_names[T->power[i][c]]);
        }
        fputc('\n', f);
        if (first) fprintf(f, "%*s%2s", namew + 3, "", "2");
        for (long x = 0; x < r; x++) {
            snprintf(cname, sizeof cname, "X.%ld", x + 1);
            fprintf(f, "\n%-*s", namew + 3, cname);
            if (first) fprintf(f, "%2s ", T->indicator[x] == 1 ? "+" : T->indicator[x] == 0 ? "o" : "-");
            for (long c = c0; c < c1; c++) fprintf(f, "%*s", w[c], N->ent[x][c]);
        }
        fputc('\n', f);
        first = 0;
        c0 = c1;
    }
    if (N->nirr) fputc('\n', f);
    for (long i = 0; i < N->nirr; i++) {
        char *s = lt_cyc_str(N->irr + i), *disp, *atlas;
        fprintf(f, "%s = %s\n", N->irrname[i], s);
        lt_free(s);
        if (lt_cyc_quadratic(&disp, &atlas, N->irr + i)) {
            fprintf(f, "  = %s = %s\n", disp, atlas);
            lt_free(disp);
            lt_free(atlas);
        }
    }
    lt_free(w);
}

static void rep_name(char *buf, size_t n, const lt_chartab_t T, const lt_realrep_struct *R)
{
    if (R->chars[1] >= 0) snprintf(buf, n, "X.%ld+X.%ld", R->chars[0] + 1, R->chars[1] + 1);
    else if (T->indicator[R->chars[0]] == -1) snprintf(buf, n, "2X.%ld", R->chars[0] + 1);
    else snprintf(buf, n, "X.%ld", R->chars[0] + 1);
}

static void put_summary_text(lt_doc *d, const lt_chartab_t T, const lt_chartab_inv_t *I)
{
    FILE *f = d->f;
    fprintf(f, "\nreal irreducible representations (X.i indicator +, X.i+X.j indicator o, 2X.i indicator -)\n");
    fprintf(f, "  %-14s %9s  %10s  %s\n", "representation", "dimension", "reflection", "faithful");
    for (long i = 0; i < T->nreal; i++) {
        char nm[64];
        rep_name(nm, sizeof nm, T, T->real + i);
        fprintf(f, "  %-14s %9ld  %10ld  %s\n", nm, T->real[i].dimension, T->real[i].reflection_length,
                T->real[i].faithful ? "yes" : "no");
    }
    fputc('\n', f);
    fprintf(f, "  %-36s %ld%s\n", "minimal faithful real dimension", I->min_faithful_real_dim,
            I->dim_exact ? "" : " (at most; search bound reached)");
    fprintf(f, "  %-36s %ld\n", "reflections per token, several heads", I->reflections_heads);
    fprintf(f, "  %-36s %ld%s\n", "reflections per token, one head", I->reflections_one_head,
            I->one_head_exact ? "" : " (at most; search bound reached)");
}

static void json_num(FILE *f, double v)
{
    if (fabs(v) < 1e-12) v = 0;
    fprintf(f, "%.15g", v);
    if (v == floor(v) && fabs(v) < 1e15) fputs(".0", f);
}

static void put_json(lt_doc *d, const lt_chartab_t T, const lt_chartab_inv_t *I)
{
    long r = T->nclasses;
    lt_doc_mpz(d, "|order", T->order);
    lt_doc_mpz(d, "|exponent", T->exponent);
    lt_doc_list_begin(d, "classes");
    for (long c = 0; c < r; c++) {
        char *s = lt_perm_str(T->classes->reps[c], T->classes->n);
        lt_doc_item_begin(d);
        lt_doc_str(d, "|name", T->class_names[c], NULL);
        lt_doc_mpz(d, "|order", T->classes->orders[c]);
        lt_doc_mpz(d, "|size", T->classes->sizes[c]);
        lt_doc_mpz(d, "|centralizer_order", T->centralizer[c]);
        lt_doc_str(d, "|representative", s, NULL);
        lt_doc_item_end(d);
        lt_free(s);
    }
    lt_doc_list_end(d);
    FILE *f = lt_doc_row(d, "|power_maps");
    if (f) {
        fputc('{', f);
        for (long i = 0; i < T->nprimes; i++) {
            fprintf(f, "%s\"%ld\": [", i ? ", " : "", T->primes[i]);
            for (long c = 0; c < r; c++) fprintf(f, "%s%ld", c ? ", " : "", T->power[i][c] + 1);
            fputc(']', f);
        }
        fputc('}', f);
    }
    lt_doc_row_end(d);
    lt_doc_list_begin(d, "characters");
    for (long x = 0; x < r; x++) {
        char nm[32];
        snprintf(nm, sizeof nm, "X.%ld", x + 1);
        lt_doc_item_begin(d);
        lt_doc_str(d, "|name", nm, NULL);
        lt_doc_long(d, "|degree", T->degree[x], NULL);
        lt_doc_long(d, "|indicator", T->indicator[x], NULL);
        const char **vs = lt_malloc((size_t)r * sizeof(char *));
        for (long c = 0; c < r; c++) vs[c] = lt_cyc_str(T->values[x] + c);
        lt_doc_strs(d, "|values", (int)r, vs);
        for (long c = 0; c < r; c++) lt_free((void *)vs[c]);
        lt_free(vs);
        f = lt_doc_row(d, "|values_float");
        if (f) {
            fputc('[', f);
            for (long c = 0; c < r; c++) {
                double re, im;
                lt_cyc_get_d(&re, &im, T->values[x] + c);
                fputs(c ? ", [" : "[", f);
                json_num(f, re);
                fputs(", ", f);
                json_num(f, im);
                fputc(']', f);
            }
            fputc(']', f);
        }
        lt_doc_row_end(d);
        f = lt_doc_row(d, "|kernel");
        if (f) {
            fputc('[', f);
            for (long c = 0, k = 0; c < r; c++)
                if (T->kernel[x][c]) fprintf(f, "%s%ld", k++ ? ", " : "", c + 1);
            fputc(']', f);
        }
        lt_doc_row_end(d);
        lt_doc_item_end(d);
    }
    lt_doc_list_end(d);
    lt_doc_list_begin(d, "real_representations");
    for (long i = 0; i < T->nreal; i++) {
        const lt_realrep_struct *R = T->real + i;
        lt_doc_item_begin(d);
        if (R->chars[1] >= 0) lt_doc_json(d, "|characters", "[%ld, %ld]", R->chars[0] + 1, R->chars[1] + 1);
        else lt_doc_json(d, "|characters", "[%ld]", R->chars[0] + 1);
        lt_doc_long(d, "|dimension", R->dimension, NULL);
        lt_doc_long(d, "|reflection_length", R->reflection_length, NULL);
        lt_doc_bool(d, "|faithful", R->faithful);
        f = lt_doc_row(d, "|kernel");
        if (f) {
            fputc('[', f);
            for (long c = 0, k = 0; c < r; c++)
                if (T->kernel[R->chars[0]][c]) fprintf(f, "%s%ld", k++ ? ", " : "", c + 1);
            fputc(']', f);
        }
        lt_doc_row_end(d);
        lt_doc_item_end(d);
    }
    lt_doc_list_end(d);
    lt_write_chartab_invariants(d, T, I);
}

void lt_write_chartab_invariants(lt_doc *d, const lt_chartab_t T, const lt_chartab_inv_t *I)
{
    FILE *f = lt_doc_row(d, "|character_degrees");
    if (f) {
        fputc('[', f);
        for (long x = 0; x < T->nclasses; x++) fprintf(f, "%s%ld", x ? ", " : "", T->degree[x]);
        fputc(']', f);
    }
    lt_doc_row_end(d);
    lt_doc_long(d, "|minimal_faithful_real_dimension", I->dim_exact ? I->min_faithful_real_dim : -1, "none");
    if (!I->dim_exact) lt_doc_long(d, "|minimal_faithful_real_dimension_at_most", I->min_faithful_real_dim, NULL);
    if (I->one_head_exact)
        lt_doc_json(d, "|householder_reflections_per_token", "{\"several_heads\": %ld, \"one_head\": %ld, \"one_head_exact\": true}",
                    I->reflections_heads, I->reflections_one_head);
    else
        lt_doc_json(d, "|householder_reflections_per_token",
                    "{\"several_heads\": %ld, \"one_head\": %ld, \"one_head_exact\": false, \"search_nodes\": %ld}",
                    I->reflections_heads, I->reflections_one_head, I->search_nodes);
}

/* LaTeX: an irrational value's string as mathematics */
static void tex_cyc(FILE *f, const char *s)
{
    for (const char *p = s; *p;) {
        long n, k;
        int used;
        if (sscanf(p, "E(%ld)%n", &n, &used) == 1) {
            p += used;
            if (sscanf(p, "^%ld%n", &k, &used) == 1) { p += used; fprintf(f, "\\zeta_{%ld}^{%ld}", n, k); }
            else fprintf(f, "\\zeta_{%ld}", n);
        } else if (sscanf(p, "Sqrt(%ld)%n", &n, &used) == 1) {
            p += used;
            fprintf(f, "\\sqrt{%ld}", n);
        } else if (*p == '*') p++;
        else if (*p == '/') { fputs("\\bar{", f); p++; while (*p >= 'A' && *p <= 'Z') fputc(*p++, f); fputc('}', f); }
        else fputc(*p++, f);
    }
}

#define TEX_COLUMNS 12

static void put_tex(lt_doc *d, const lt_chartab_t T, names_t *N)
{
    FILE *f = d->f;
    long r = T->nclasses;
    lt_doc_break(d);
    fputs("\\noindent Columns: the classes (element order and a letter), the centralizer orders, the power maps; "
          "rows: the irreducible characters and their Frobenius--Schur indicators ($+$ real, $\\circ$ complex, "
          "$-$ quaternionic).\n", f);
    for (long c0 = 0; c0 < r; c0 += TEX_COLUMNS) {
        long c1 = c0 + TEX_COLUMNS < r ? c0 + TEX_COLUMNS : r;
        fprintf(f, "\\begin{equation*}\n\\begin{array}{lc|*{%ld}{r}}\n & ", c1 - c0);
        for (long c = c0; c < c1; c++) fprintf(f, " & \\mathrm{%s}", T->class_names[c]);
        fputs(" \\\\\n|C_G(g)| & ", f);
        for (long c = c0; c < c1; c++) { fputs(" & ", f); lt_tex_mpz(f, T->centralizer[c]); }
        fputs(" \\\\\n", f);
        for (long i = 0; i < T->nprimes; i++) {
            fprintf(f, "%ld\\mathrm{P} & ", T->primes[i]);
            for (long c = c0; c < c1; c++) fprintf(f, " & \\mathrm{%s}", T->class_names[T->power[i][c]]);
            fputs(" \\\\\n", f);
        }
        fputs("\\hline\n", f);
        for (long x = 0; x < r; x++) {
            fprintf(f, "\\chi_{%ld} & %s", x + 1, T->indicator[x] == 1 ? "+" : T->indicator[x] == 0 ? "\\circ" : "-");
            for (long c = c0; c < c1; c++) {
                fputs(" & ", f);
                tex_cyc(f, strcmp(N->ent[x][c], ".") ? N->ent[x][c] : "\\cdot");
            }
            fputs(" \\\\\n", f);
        }
        fputs("\\end{array}\n\\end{equation*}\n", f);
    }
    if (N->nirr) {
        fputs("\\begin{align*}\n", f);
        for (long i = 0; i < N->nirr; i++) {
            char *s = lt_cyc_str(N->irr + i), *disp, *atlas;
            fprintf(f, "%s &= ", N->irrname[i]);
            tex_cyc(f, s);
            lt_free(s);
            if (lt_cyc_quadratic(&disp, &atlas, N->irr + i)) {
                fputs(" = ", f);
                tex_cyc(f, disp);
                lt_free(disp);
                lt_free(atlas);
            }
            fputs(i + 1 < N->nirr ? " \\\\\n" : "\n", f);
        }
        fputs("\\end{align*}\n", f);
    }
}

static void put_summary_tex(lt_doc *d, const lt_chartab_t T, const lt_chartab_inv_t *I)
{
    FILE *f = d->f;
    fputs("\\noindent Real irreducible representations: dimension, reflection length "
          "($\\max_g \\operatorname{rank}(\\rho(g) - I)$) and faithfulness.\n"
          "\\begin{center}\n\\begin{tabular}{lrrl}\nrepresentation & dimension & reflections & faithful \\\\\n\\hline\n", f);
    for (long i = 0; i < T->nreal; i++) {
        const lt_realrep_struct *R = T->real + i;
        if (R->chars[1] >= 0) fprintf(f, "$\\chi_{%ld} + \\chi_{%ld}$", R->chars[0] + 1, R->chars[1] + 1);
        else if (T->indicator[R->chars[0]] == -1) fprintf(f, "$2\\chi_{%ld}$", R->chars[0] + 1);
        else fprintf(f, "$\\chi_{%ld}$", R->chars[0] + 1);
        fprintf(f, " & %ld & %ld & %s \\\\\n", R->dimension, R->reflection_length, R->faithful ? "yes" : "no");
    }
    fputs("\\end{tabular}\n\\end{center}\n", f);
    lt_tex_table_begin(f);
    lt_tex_table_key(f, "minimal faithful real dimension");
    fprintf(f, "$%ld$%s", I->min_faithful_real_dim, I->dim_exact ? "" : " (at most)");
    lt_tex_table_row_end(f);
    lt_tex_table_key(f, "reflections per token, several heads");
    fprintf(f, "$%ld$", I->reflections_heads);
    lt_tex_table_row_end(f);
    lt_tex_table_key(f, "reflections per token, one head");
    fprintf(f, "$%ld$%s", I->reflections_one_head, I->one_head_exact ? "" : " (at most)");
    lt_tex_table_row_end(f);
    lt_tex_table_end(f);
}

void lt_write_character_table(lt_doc *d, const char *object, const lt_chartab_t T, const lt_chartab_inv_t *I)
{
    if (d->mode == LT_DOC_JSON) { put_json(d, T, I); return; }
    names_t N;
    names_build(&N, T);
    if (d->mode == LT_DOC_TEXT) {
        put_text(d, object, T, &N);
        put_summary_text(d, T, I);
    } else {
        lt_doc_heading(d, object, ": character table");
        put_tex(d, T, &N);
        put_summary_tex(d, T, I);
    }
    names_clear(&N);
}
