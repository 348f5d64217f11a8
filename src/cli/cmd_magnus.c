/* lietool magnus --order K WORD: the Magnus expansion of the piecewise-
   constant control that applies each letter's generator for unit time, in
   order, Omega = log(exp(A_{w_T}) ... exp(A_{w_1})) (the first letter acts
   first), as exact coefficients in the Lyndon basis up to order K. Letters
   are the word's distinct tokens, ordered as strings; a word without spaces
   made of letters only is read one character per letter ("abac"). The
   evaluation on matrices (--matrices, MPFR) is still to come. */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
#include <errno.h>
#include "cli.h"
#include "lietool/free.h"
#include "lietool/json.h"

static int cmpstr(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* bracket of element i with the letters' names */
static void put_bracket(FILE *f, const lt_lyndon_t B, slong i, char **names)
{
    if (B->left[i] < 0) { fputs(names[B->letters[B->offset[i]]], f); return; }
    fputc('[', f);
    put_bracket(f, B, B->left[i], names);
    fputc(',', f);
    put_bracket(f, B, B->right[i], names);
    fputc(']', f);
}

int cmd_magnus(int argc, char **argv, const lt_cmd *self)
{
    long K = -1;
    int ac = 0;
    char **av = lt_malloc((size_t)(argc + 1) * sizeof *av);
    for (int i = 0; i < argc; i++) {
        if (i > 0 && (strcmp(argv[i], "--order") == 0 || strncmp(argv[i], "--order=", 8) == 0)) {
            const char *v = argv[i][7] == '=' ? argv[i] + 8 : (i + 1 < argc ? argv[++i] : "");
            char *e;
            errno = 0;
            K = strtol(v, &e, 10);
            if (errno || e == v || *e || K < 1 || K > 1000) {
                fprintf(stderr, "lietool: magnus: --order needs an integer from 1 to 1000, not '%s'\n", v);
                lt_free(av);
                return LT_EUSAGE;
            }
            continue;
        }
        av[ac++] = argv[i];
    }
    av[ac] = NULL;
    cli_opts o;
    int r = cli_parse(&o, ac, av, self);
    lt_free(av);
    if (r >= 0) { cli_free(&o); return r; }
    if (K < 0 || o.npos == 0) {
        fprintf(stderr, "lietool: magnus: %s\nusage: lietool %s %s\n",
                K < 0 ? "--order K is required" : "missing the word", self->name, self->usage);
        cli_free(&o);
        return LT_EUSAGE;
    }
    /* tokens */
    size_t cap = 16;
    int ntok = 0;
    char **tok = lt_malloc(cap * sizeof *tok);
    for (int a = 0; a < o.npos; a++) {
        char *copy = lt_strdup(o.pos[a]);
        for (char *s = strtok(copy, " \t\n"); s; s = strtok(NULL, " \t\n")) {
            if ((size_t)ntok + 1 >= cap) { cap *= 2; tok = lt_realloc(tok, cap * sizeof *tok); }
            tok[ntok++] = lt_strdup(s);
        }
        lt_free(copy);
    }
    if (ntok == 1 && strlen(tok[0]) > 1) {
        int alpha = 1;
        for (char *c = tok[0]; *c; c++) alpha &= isalpha((unsigned char)*c) != 0;
        if (alpha) {
            char *w = tok[0];
            ntok = 0;
            for (char *c = w; *c; c++) {
                if ((size_t)ntok + 1 >= cap) { cap *= 2; tok = lt_realloc(tok, cap * sizeof *tok); }
                char one[2] = {*c, 0};
                tok[ntok++] = lt_strdup(one);
            }
            lt_free(w);
        }
    }
    for (int i = 0; i < ntok; i++)
        for (char *c = tok[i]; *c; c++)
            if (!isalnum((unsigned char)*c) && *c != '_') {
                fprintf(stderr, "lietool: magnus: letter %d '%s' is not a name (letters, digits, _)\n", i + 1, tok[i]);
                r = LT_EINPUT;
                goto out0;
            }
    /* the distinct letters, in string order */
    char **names = lt_malloc((size_t)ntok * sizeof *names);
    int r_letters = 0;
    for (int i = 0; i < ntok; i++) names[i] = tok[i];
    qsort(names, (size_t)ntok, sizeof *names, cmpstr);
    for (int i = 0; i < ntok; i++)
        if (i == 0 || strcmp(names[i], names[r_letters - 1]) != 0) names[r_letters++] = names[i];
    if (r_letters > 255) {
        fprintf(stderr, "lietool: magnus: more than 255 distinct letters\n");
        lt_free(names);
        r = LT_EINPUT;
        goto out0;
    }
    /* factors leftmost first: the last letter of the word is the leftmost */
    int *idx = lt_malloc((size_t)ntok * sizeof(int));
    fmpq *t = _fmpq_vec_init(ntok);
    for (int s = 0; s < ntok; s++) {
        const char *w = tok[ntok - 1 - s];
        int lo = 0, hi = r_letters - 1;
        while (lo < hi) { int mid = (lo + hi) / 2; if (strcmp(names[mid], w) < 0) lo = mid + 1; else hi = mid; }
        idx[s] = lo;
        fmpq_one(t + s);
    }
    lt_err_t err;
    lt_err_init(err);
    lt_lyndon_t B;
    lt_lyndon_init(B);
    lt_status st = lt_free_lyndon_basis(B, r_letters, K, o.ctx, err);
    fmpq *c = NULL;
    if (!st) {
        c = _fmpq_vec_init(B->n);
        st = lt_free_log_exp(c, B, ntok, idx, t, o.ctx, err);
    }
    if (st) r = cli_fail(err);
    else {
        slong nz = 0;
        for (slong i = 0; i < B->n; i++) nz += !fmpq_is_zero(c + i);
        if (o.json) {
            printf("{\"word\": [");
            for (int i = 0; i < ntok; i++) { if (i) printf(", "); lt_json_put_string(stdout, tok[i]); }
            printf("], \"letters\": [");
            for (int i = 0; i < r_letters; i++) { if (i) printf(", "); lt_json_put_string(stdout, names[i]); }
            printf("], \"order\": %ld, \"dimension\": %ld, \"nonzero\": %ld, \"terms\": [", K, (long)B->n, (long)nz);
            int first = 1;
            for (slong i = 0; i < B->n; i++) {
                if (fmpq_is_zero(c + i)) continue;
                char *q = fmpq_get_str(NULL, 10, c + i);
                printf("%s{\"bracket\": \"", first ? "" : ", ");
                put_bracket(stdout, B, i, names);
                printf("\", \"degree\": %d, \"coefficient\": \"%s\"}", lt_lyndon_degree(B, i), q);
                flint_free(q);
                first = 0;
            }
            printf("]}\n");
        } else {
            for (slong i = 0; i < B->n; i++) {
                if (fmpq_is_zero(c + i)) continue;
                char *q = fmpq_get_str(NULL, 10, c + i);
                printf("%s ", q);
                put_bracket(stdout, B, i, names);
                printf("\n");
                flint_free(q);
            }
        }
        r = 0;
    }
    if (c) _fmpq_vec_clear(c, B->n);
    lt_lyndon_clear(B);
    _fmpq_vec_clear(t, ntok);
    lt_free(idx);
    lt_free(names);
out0:
    for (int i = 0; i < ntok; i++) lt_free(tok[i]);
    lt_free(tok);
    cli_free(&o);
    return r;
}
