/* lietool lyndon R N: the Lyndon basis of the free Lie algebra on R letters
   up to degree N (Lyndon words by degree, then lexicographically), with the
   standard bracketing of each word. Letters: X (R = 1), X Y (R = 2),
   X Y Z (R = 3), a b c ... (4 <= R <= 26). Written by lt_write_lyndon. */
#include "doc.h"
#include "lietool/free.h"
#include "lietool/write.h"

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
    .common = CLI_O_JSON | CLI_O_LATEX | CLI_O_MAX_ENUM, .args = "R N", .min_args = 2, .max_args = 2, .what = "letters and degree",
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
    lt_doc d;
    cli_doc_start(&d, &o);
    lt_write_lyndon(&d, B, (int)R, N);
    lt_doc_end(&d, NULL);
    lt_lyndon_clear(B);
    cli_free(&o);
    return 0;
}
