/* lietool magnus --order K WORD: the Magnus expansion of the piecewise-
   constant control that applies each letter's generator for unit time, in
   order, Omega = log(exp(A_{w_T}) ... exp(A_{w_1})) (the first letter acts
   first), as exact coefficients in the Lyndon basis up to order K. Letters
   are the word's distinct tokens, ordered as strings; a word without spaces
   made of letters only is read one character per letter ("abac").

   With --matrices FILE the expansion is evaluated on the letters' matrices
   (each multiplied by --step h): for k = 1..K the error
   ||exp(Omega^[k]) - exp(hA_{w_T}) ... exp(hA_{w_1})|| in MPFR at --prec
   bits, with the generator mass eps = sum_t ||h A_{w_t}|| and the
   commutator mass ||Omega_2||, in the Frobenius or spectral norm
   (lt_free_magnus_errors). */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>
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

/* A bad option value: the message, and the usage status; frees av. */
static int usage_fail(char **av, const char *fmt, const char *v)
{
    fprintf(stderr, "lietool: magnus: ");
    fprintf(stderr, fmt, v);
    fprintf(stderr, "\n");
    lt_free(av);
    return CLI_USAGE;
}

static void put_mpfr(const mpfr_t x)
{
    mpfr_printf("%.6Re", x);
}

/* Extra bits the value x (at --prec) needs to agree with y (at --prec +
   64): 0 when their printed digits agree; otherwise the bits that bring
   the estimated rounding error |x - y| down to 2^-38 |y|, at least 16;
   -1 when y is 0 and x is not (no estimate). */
static long short_bits(const mpfr_t x, const mpfr_t y)
{
    char a[64], b[64];
    mpfr_snprintf(a, sizeof a, "%.6Re", x);
    mpfr_snprintf(b, sizeof b, "%.6Re", y);
    if (strcmp(a, b) == 0) return 0;
    if (mpfr_zero_p(y) || !mpfr_number_p(y) || !mpfr_number_p(x)) return -1;
    mpfr_t d;
    mpfr_init2(d, 64);
    mpfr_sub(d, x, y, MPFR_RNDN);
    mpfr_div(d, d, y, MPFR_RNDN);
    long need = (long)mpfr_get_exp(d) + 38;   /* |d| < 2^exp */
    mpfr_clear(d);
    return need < 16 ? 16 : need;
}

/* --matrices: reads the file, finds each letter's matrix, computes the
   coefficients to degree max(K, 2) and prints the errors; the exit status. */
static int eval_matrices(const cli_opts *o, const char *path, long K, const fmpq_t h,
                         lt_norm_kind norm, long prec, char **tok, int ntok,
                         char **names, int r_letters, const int *idx, const fmpq *t)
{
    lt_err_t err;
    lt_err_init(err);
    lt_matfile_t F;
    lt_matfile_init(F);
    lt_status st = lt_free_matfile_read(F, path, o->ctx, err);
    if (st) { lt_matfile_clear(F); return cli_fail(err); }
    const fmpq **gens = lt_malloc((size_t)r_letters * sizeof *gens);
    for (int j = 0; j < r_letters; j++) {
        int f = lt_free_matfile_find(F, names[j]);
        if (f < 0) {
            /* the first such letter in the word's order */
            for (int i = 0; i < ntok; i++)
                if (lt_free_matfile_find(F, tok[i]) < 0) {
                    lt_err_set(err, LT_EINPUT, "%s: no matrix for letter '%s' (letter %d of the word)", path, tok[i], i + 1);
                    break;
                }
            lt_free(gens);
            lt_matfile_clear(F);
            return cli_fail(err);
        }
        gens[j] = F->entries[f];
    }
    lt_lyndon_t B;
    lt_lyndon_init(B);
    fmpq *c = NULL;
    __mpfr_struct *e = lt_malloc((size_t)K * sizeof *e);
    for (long k = 0; k < K; k++) mpfr_init2(e + k, (mpfr_prec_t)prec);
    mpfr_t eps, comm;
    mpfr_init2(eps, (mpfr_prec_t)prec);
    mpfr_init2(comm, (mpfr_prec_t)prec);
    st = lt_free_lyndon_basis(B, r_letters, K > 2 ? K : 2, o->ctx, err);
    if (!st) {
        c = _fmpq_vec_init(B->n);
        st = lt_free_log_exp(c, B, ntok, idx, t, o->ctx, err);
    }
    if (!st)
        st = lt_free_magnus_errors(e, eps, comm, K, B, c, ntok, idx, gens, F->n, h, norm,
                                   (mpfr_prec_t)prec, names, o->ctx, err);
    /* the same at --prec + 64 bits: every printed number must agree with
       its more accurate twin to the printed digits, or the rounding error
       at --prec (cancellation in exp(Omega^[k]) - P, errors far below
       2^-prec ||P||, large norms) decides the digits and the answer is
       refused with exit status 5 */
    long hprec = prec + 64;
    __mpfr_struct *eh = lt_malloc((size_t)K * sizeof *eh);
    for (long k = 0; k < K; k++) mpfr_init2(eh + k, (mpfr_prec_t)hprec);
    mpfr_t epsh, commh;
    mpfr_init2(epsh, (mpfr_prec_t)hprec);
    mpfr_init2(commh, (mpfr_prec_t)hprec);
    if (!st)
        st = lt_free_magnus_errors(eh, epsh, commh, K, B, c, ntok, idx, gens, F->n, h, norm,
                                   (mpfr_prec_t)hprec, names, o->ctx, err);
    long need = 0, worst = 0;   /* worst: 0 none, -1 eps, -2 comm, k the order-k error */
    if (!st) {
        long b;
        if ((b = short_bits(eps, epsh)) != 0) { need = b; worst = -1; }
        if (need >= 0 && (b = short_bits(comm, commh)) != 0 && (b < 0 || b > need)) { need = b; worst = -2; }
        for (long k = 1; k <= K && need >= 0; k++)
            if ((b = short_bits(e + k - 1, eh + k - 1)) != 0 && (b < 0 || b > need)) { need = b; worst = k; }
    }
    int r = 0;
    const char *nname = norm == LT_NORM_SPECTRAL ? "spectral" : "frobenius";
    if (st) r = cli_fail(err);
    else if (worst) {
        long sug = need < 0 ? 2 * prec + 64 : prec + need;
        sug = (sug + 31) / 32 * 32;
        if (sug > 1000000) sug = 1000000;
        const __mpfr_struct *x = worst == -1 ? eps : worst == -2 ? comm : e + worst - 1;
        const __mpfr_struct *y = worst == -1 ? epsh : worst == -2 ? commh : eh + worst - 1;
        fprintf(stderr, "lietool: magnus: --prec %ld is too low for the printed digits: ", prec);
        if (worst > 0) fprintf(stderr, "the order-%ld error", worst);
        else fprintf(stderr, "the %s mass", worst == -1 ? "generator" : "commutator");
        mpfr_fprintf(stderr, " is %.6Re at %ld bits but %.6Re at %ld bits; try --prec %ld\n",
                     x, prec, y, hprec, sug);
        r = CLI_NUMERIC;
    }
    else if (o->json) {
        printf("{\"word\": [");
        for (int i = 0; i < ntok; i++) { if (i) printf(", "); lt_json_put_string(stdout, tok[i]); }
        printf("], \"norm\": \"%s\", \"generator_mass\": ", nname);
        put_mpfr(eps);
        printf(", \"commutator_mass\": ");
        put_mpfr(comm);
        printf(", \"orders\": [");
        for (long k = 1; k <= K; k++) {
            printf("%s{\"order\": %ld, \"error\": ", k > 1 ? ", " : "", k);
            put_mpfr(e + k - 1);
            printf("}");
        }
        printf("]}\n");
    } else {
        printf("generator mass eps = ");
        put_mpfr(eps);
        printf(", commutator mass ||Omega_2|| = ");
        put_mpfr(comm);
        printf(" (%s norm)\n", nname);
        for (long k = 1; k <= K; k++) {
            printf("%ld  ", k);
            put_mpfr(e + k - 1);
            printf("\n");
        }
    }
    if (c) _fmpq_vec_clear(c, B->n);
    lt_lyndon_clear(B);
    for (long k = 0; k < K; k++) { mpfr_clear(e + k); mpfr_clear(eh + k); }
    lt_free(e);
    lt_free(eh);
    mpfr_clear(epsh);
    mpfr_clear(commh);
    mpfr_clear(eps);
    mpfr_clear(comm);
    lt_free(gens);
    lt_matfile_clear(F);
    return r;
}

int cmd_magnus(int argc, char **argv, const lt_cmd *self)
{
    long K = -1, prec = 256, max_length = 10000;
    const char *matrices = NULL;
    int eval_opt = 0;   /* --prec, --norm or --step given */
    lt_norm_kind norm = LT_NORM_FROBENIUS;
    fmpq_t h;
    fmpq_init(h);
    fmpq_one(h);
    int ac = 0;
    char **av = lt_malloc((size_t)(argc + 1) * sizeof *av);
    for (int i = 0; i < argc; i++) {
        const char *v;
        if (i == 0) { av[ac++] = argv[i]; continue; }
        if (strcmp(argv[i], "--") == 0) {   /* the rest are positionals */
            for (; i < argc; i++) av[ac++] = argv[i];
            break;
        }
        /* the integer options: name, value, range */
        static const struct { const char *name; long min, max; } iopt[] = {
            {"--order", 1, 1000}, {"--max-length", 1, CLI_MAX_LENGTH}, {"--prec", 8, 1000000}};
        long *dest[] = {&K, &max_length, &prec};
        int k = 0, nopt = (int)(sizeof iopt / sizeof *iopt);
        while (k < nopt && !(v = cli_opt_value(argc, argv, &i, iopt[k].name))) k++;
        if (k < nopt) {
            char fmt[CLI_FMT_SIZE];
            if (cli_option_long(dest[k], v, iopt[k].name, iopt[k].min, iopt[k].max, fmt)) {
                fmpq_clear(h);
                return usage_fail(av, fmt, v);
            }
            eval_opt |= dest[k] == &prec;
            continue;
        }
        if ((v = cli_opt_value(argc, argv, &i, "--matrices"))) {
            if (!*v) { fmpq_clear(h); return usage_fail(av, "--matrices needs a file%s", ""); }
            matrices = v;
            continue;
        }
        if ((v = cli_opt_value(argc, argv, &i, "--norm"))) {
            if (strcmp(v, "frobenius") == 0) norm = LT_NORM_FROBENIUS;
            else if (strcmp(v, "spectral") == 0) norm = LT_NORM_SPECTRAL;
            else { fmpq_clear(h); return usage_fail(av, "--norm takes frobenius or spectral, not '%s'", v); }
            eval_opt = 1;
            continue;
        }
        if ((v = cli_opt_value(argc, argv, &i, "--step"))) {
            const char *e;
            if (!lt_free_read_q(h, v, &e) || *e) {
                fmpq_clear(h);
                return usage_fail(av, "--step needs a number (integer, p/q or decimal), not '%s'", v);
            }
            eval_opt = 1;
            continue;
        }
        av[ac++] = argv[i];
    }
    av[ac] = NULL;
    cli_opts o;
    int r = cli_parse(&o, ac, av, self);
    lt_free(av);
    if (r >= 0) { cli_free(&o); fmpq_clear(h); return r; }
    if (K < 0 || o.npos == 0) {
        fprintf(stderr, "lietool: magnus: %s\nusage: lietool %s %s\n",
                K < 0 ? "--order K is required" : "missing the word", self->name, self->usage);
        cli_free(&o);
        fmpq_clear(h);
        return CLI_USAGE;
    }
    if (eval_opt && !matrices) {
        fprintf(stderr, "lietool: magnus: --prec, --norm and --step need --matrices FILE\nusage: lietool %s %s\n",
                self->name, self->usage);
        cli_free(&o);
        fmpq_clear(h);
        return CLI_USAGE;
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
    if (ntok > max_length) {
        fprintf(stderr, "lietool: magnus: the word has %d letters, more than --max-length %ld\n", ntok, max_length);
        r = CLI_LIMIT;
        goto out0;
    }
    for (int i = 0; i < ntok; i++)
        for (char *c = tok[i]; *c; c++)
            if (!isalnum((unsigned char)*c) && *c != '_') {
                fprintf(stderr, "lietool: magnus: letter %d '%s' is not a name (letters, digits, _)\n", i + 1, tok[i]);
                r = CLI_INPUT;
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
        r = CLI_INPUT;
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
    if (matrices) {
        r = eval_matrices(&o, matrices, K, h, norm, prec, tok, ntok, names, r_letters, idx, t);
        _fmpq_vec_clear(t, ntok);
        lt_free(idx);
        lt_free(names);
        goto out0;
    }
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
    fmpq_clear(h);
    return r;
}
