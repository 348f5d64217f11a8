/* lietool bch N: the Baker-Campbell-Hausdorff series Z = log(e^X e^Y) to
   degree N with exact rational coefficients in the Lyndon basis (letters X
   < Y; basis as `lietool lyndon 2 N`). --symmetric: log(e^{X/2} e^Y e^{X/2}).
   Output: the non-zero terms, one per line ("1/12 [X,[X,Y]]"); --table: every
   basis element as "index degree left right coefficient" (1-based indices,
   left and right the standard factors, 0 0 for a letter; coefficient p/q),
   the layout of the published tables; --json: {"degree", "letters",
   "symmetric", "dimension", "nonzero", "terms": [...]}. */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "lietool/free.h"
#include "lietool/json.h"

static int degree_operand(long *out, const char *s, const lt_cmd *self)
{
    uint64_t v;
    if (cli_read_u64(&v, s, 1, 1000)) {
        fprintf(stderr, "lietool: %s: the degree must be an integer from 1 to 1000, not '%s'\n", self->name, s);
        return LT_EINPUT;
    }
    *out = (long)v;
    return -1;
}

int cmd_bch(int argc, char **argv, const lt_cmd *self)
{
    /* this command's own options first, the common ones after */
    int symmetric = 0, table = 0, ac = 0, dashdash = 0;
    char **av = lt_malloc((size_t)(argc + 1) * sizeof *av);
    for (int i = 0; i < argc; i++) {
        if (i > 0 && !dashdash) {
            if (strcmp(argv[i], "--symmetric") == 0) { symmetric = 1; continue; }
            if (strcmp(argv[i], "--table") == 0) { table = 1; continue; }
            if (strcmp(argv[i], "--") == 0) dashdash = 1;
        }
        av[ac++] = argv[i];
    }
    av[ac] = NULL;
    cli_opts o;
    int r = cli_parse(&o, ac, av, self);
    if (r >= 0) { cli_free(&o); lt_free(av); return r; }
    long N;
    if (o.npos != 1) {
        fprintf(stderr, "lietool: %s: expected 1 operand (the degree), got %d\nusage: lietool %s %s\n",
                self->name, o.npos, self->name, self->usage);
        r = LT_EUSAGE;
    } else if (table && o.json) {
        fprintf(stderr, "lietool: %s: --table and --json exclude each other\nusage: lietool %s %s\n",
                self->name, self->name, self->usage);
        r = LT_EUSAGE;
    } else r = degree_operand(&N, o.pos[0], self);
    if (r >= 0) { cli_free(&o); lt_free(av); return r; }

    lt_err_t err;
    lt_err_init(err);
    lt_lyndon_t B;
    lt_lyndon_init(B);
    fmpq *c = NULL;
    lt_status st = lt_free_lyndon_basis(B, 2, N, o.ctx, err);
    if (!st) {
        c = _fmpq_vec_init(B->n);
        st = lt_free_bch(c, B, symmetric, o.ctx, err);
    }
    if (st) {
        lt_err_prefix(err, "%s", self->name);
        if (c) _fmpq_vec_clear(c, B->n);
        lt_lyndon_clear(B);
        cli_free(&o);
        lt_free(av);
        return cli_fail(err);
    }
    slong nonzero = 0;
    for (slong i = 0; i < B->n; i++) nonzero += !fmpq_is_zero(c + i);
    if (table) {
        for (slong i = 0; i < B->n; i++) {
            printf("%ld %d %ld %ld ", (long)i + 1, lt_lyndon_degree(B, i), (long)B->left[i] + 1, (long)B->right[i] + 1);
            fmpz_print(fmpq_numref(c + i));
            putchar('/');
            fmpz_print(fmpq_denref(c + i));
            putchar('\n');
        }
    } else if (o.json) {
        printf("{\"degree\": %ld, \"letters\": [\"X\", \"Y\"], \"symmetric\": %s, \"dimension\": %ld, \"nonzero\": %ld, \"terms\": [",
               N, symmetric ? "true" : "false", (long)B->n, (long)nonzero);
        slong k = 0;
        for (slong i = 0; i < B->n; i++) {
            if (fmpq_is_zero(c + i)) continue;
            char *w = lt_lyndon_word_str(B, i), *b = lt_lyndon_bracket_str(B, i);
            char *q = fmpq_get_str(NULL, 10, c + i);
            printf("%s{\"index\": %ld, \"word\": ", k++ ? ", " : "", (long)i + 1);
            lt_json_put_string(stdout, w);
            printf(", \"bracket\": ");
            lt_json_put_string(stdout, b);
            printf(", \"degree\": %d, \"coefficient\": \"%s\"}", lt_lyndon_degree(B, i), q);
            flint_free(q);
            lt_free(w);
            lt_free(b);
        }
        printf("]}\n");
    } else {
        for (slong i = 0; i < B->n; i++) {
            if (fmpq_is_zero(c + i)) continue;
            char *b = lt_lyndon_bracket_str(B, i);
            fmpq_print(c + i);
            printf(" %s\n", b);
            lt_free(b);
        }
    }
    _fmpq_vec_clear(c, B->n);
    lt_lyndon_clear(B);
    cli_free(&o);
    lt_free(av);
    return 0;
}
