/* lietool lyndon R N: the Lyndon basis of the free Lie algebra on R letters
   up to degree N (Lyndon words by degree, then lexicographically), with the
   standard bracketing of each word. Letters: X (R = 1), X Y (R = 2),
   X Y Z (R = 3), a b c ... (4 <= R <= 26). */
#include <stdlib.h>
#include <string.h>
#include "cli.h"
#include "lietool/free.h"
#include "lietool/json.h"

/* Reads a positive integer operand no larger than max; exit status 3 with
   a message naming it otherwise, -1 on success. */
static int operand(long *out, const char *s, const char *what, long max, const lt_cmd *self)
{
    uint64_t v;
    if (cli_read_u64(&v, s, 1, (uint64_t)max)) {
        fprintf(stderr, "lietool: %s: %s must be an integer from 1 to %ld, not '%s'\n", self->name, what, max, s);
        return CLI_INPUT;
    }
    *out = (long)v;
    return -1;
}

const cli_decl cli_lyndon_decl = {
    .common = CLI_O_JSON | CLI_O_MAX_ENUM, .args = "R N", .min_args = 2, .max_args = 2, .what = "letters and degree",
};

int cmd_lyndon(int argc, char **argv, const lt_cmd *self)
{
    cli_opts o;
    int r = cli_getopts(&o, NULL, argc, argv, self, NULL);
    if (r >= 0) { cli_free(&o); return r; }
    long R, N;
    if ((r = operand(&R, o.pos[0], "the number of letters", 26, self)) >= 0
        || (r = operand(&N, o.pos[1], "the degree", 1000, self)) >= 0) {
        cli_free(&o);
        return r;
    }
    lt_err_t err;
    lt_err_init(err);
    lt_lyndon_t B;
    lt_lyndon_init(B);
    if (lt_free_lyndon_basis(B, (int)R, N, o.ctx, err)) {
        lt_err_prefix(err, "%s", self->name);
        cli_free(&o);
        return cli_fail(err);
    }
    char name[8];
    if (o.json) {
        cli_json_begin(&o);
        printf(", \"letters\": [");
        for (int i = 0; i < R; i++) {
            lt_free_letter_name(name, (int)R, i);
            printf("%s\"%s\"", i ? ", " : "", name);
        }
        printf("], \"degree\": %ld, \"dimension\": %ld, \"dimensions\": [", N, (long)B->n);
        for (long k = 1; k <= N; k++)
            printf("%s%ld", k > 1 ? ", " : "", k <= B->N ? (long)(B->deg_start[k + 1] - B->deg_start[k]) : 0L);
        printf("], \"basis\": [");
        for (slong i = 0; i < B->n; i++) {
            char *w = lt_lyndon_word_str(B, i), *b = lt_lyndon_bracket_str(B, i);
            printf("%s{\"index\": %ld, \"degree\": %d, \"word\": ", i ? ", " : "", (long)i + 1, lt_lyndon_degree(B, i));
            lt_json_put_string(stdout, w);
            printf(", \"bracket\": ");
            lt_json_put_string(stdout, b);
            if (B->left[i] < 0) printf(", \"left\": null, \"right\": null}");
            else printf(", \"left\": %ld, \"right\": %ld}", (long)B->left[i] + 1, (long)B->right[i] + 1);
            lt_free(w);
            lt_free(b);
        }
        printf("]}\n");
    } else {
        int wi = snprintf(NULL, 0, "%ld", (long)B->n), wd = snprintf(NULL, 0, "%d", B->N);
        for (slong i = 0; i < B->n; i++) {
            char *w = lt_lyndon_word_str(B, i), *b = lt_lyndon_bracket_str(B, i);
            printf("%*ld  %*d  %-*s  %s\n", wi, (long)i + 1, wd, lt_lyndon_degree(B, i), B->N, w, b);
            lt_free(w);
            lt_free(b);
        }
    }
    lt_lyndon_clear(B);
    cli_free(&o);
    return 0;
}
