/* lietool lyndon R N: the Lyndon basis of the free Lie algebra on R letters
   up to degree N (Lyndon words by degree, then lexicographically), with the
   standard bracketing of each word. Letters: X (R = 1), X Y (R = 2),
   X Y Z (R = 3), a b c ... (4 <= R <= 26). */
#include "doc.h"
#include "lietool/free.h"
#include "lietool/io.h"

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
    char name[8], head[200];
    int n = snprintf(head, sizeof head, "The Lyndon basis of the free Lie algebra on");
    for (int i = 0; i < R; i++) n += snprintf(head + n, sizeof head - n, "%s %s", i ? "," : "", (lt_free_letter_name(name, (int)R, i), name));
    snprintf(head + n, sizeof head - n, " up to degree %ld", N);
    lt_doc D, *d = &D;
    cli_doc_begin(d, &o, NULL, o.latex ? head : NULL);
    lt_doc_list_begin(d, "letters");
    for (int i = 0; i < R && d->mode == LT_DOC_JSON; i++) {
        lt_free_letter_name(name, (int)R, i);
        lt_json_put_string(lt_doc_elem(d), name);
    }
    lt_doc_list_end(d);
    lt_doc_long(d, "|degree", N, NULL);
    if (d->mode != LT_DOC_TEXT) lt_doc_long(d, "dimension", (long)B->n, NULL);
    lt_doc_list_begin(d, "dimensions");
    for (long k = 1; k <= N && d->mode == LT_DOC_JSON; k++)
        fprintf(lt_doc_elem(d), "%ld", k <= B->N ? (long)(B->deg_start[k + 1] - B->deg_start[k]) : 0L);
    lt_doc_list_end(d);
    /* text: index, degree, word, bracket a line; LaTeX: the brackets of
       each degree, a paragraph */
    lt_doc_break(d);
    lt_doc_list_begin(d, "basis");
    int wi = snprintf(NULL, 0, "%ld", (long)B->n), wd = snprintf(NULL, 0, "%d", B->N);
    for (slong i = 0; i < B->n; i++) {
        char *w = lt_lyndon_word_str(B, i), *b = lt_lyndon_bracket_str(B, i);
        int deg = lt_lyndon_degree(B, i);
        if (d->mode == LT_DOC_TEXT) lt_doc_say(d, "%*ld  %*d  %-*s  %s", wi, (long)i + 1, wd, deg, B->N, w, b);
        else if (d->mode == LT_DOC_TEX) {
            int head = i == 0 || deg != lt_lyndon_degree(B, i - 1);
            if (head) fprintf(d->f, "%s\\noindent degree %d:", i ? "\\par\n" : "", deg);
            fprintf(d->f, "%s $b_{%ld} = ", head ? "" : ",", (long)i + 1);
            lt_tex_math(d->f, b);
            fputc('$', d->f);
        }
        lt_doc_item_begin(d);
        lt_doc_long(d, "|index", (long)i + 1, NULL);
        lt_doc_long(d, "|degree", deg, NULL);
        lt_doc_str(d, "|word", w, NULL);
        lt_doc_str(d, "|bracket", b, NULL);
        lt_doc_long(d, "|left", B->left[i] < 0 ? -1 : (long)B->left[i] + 1, "none");
        lt_doc_long(d, "|right", B->left[i] < 0 ? -1 : (long)B->right[i] + 1, "none");
        lt_doc_item_end(d);
        lt_free(w);
        lt_free(b);
    }
    lt_doc_list_end(d);
    lt_doc_end(d, d->mode == LT_DOC_TEX && B->n ? "\\par" : NULL);
    lt_lyndon_clear(B);
    cli_free(&o);
    return 0;
}
