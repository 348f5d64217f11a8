/* lietool lyndon R N as a document (lietool/write.h): the Lyndon basis of
   the free Lie algebra on R letters up to degree N, a word and its
   standard bracketing per element. */
#include "lietool/io.h"
#include "lietool/write.h"

void lt_write_lyndon(lt_doc *d, const lt_lyndon_t B, int R, long N)
{
    char name[8], head[200];
    int n = snprintf(head, sizeof head, "The Lyndon basis of the free Lie algebra on");
    for (int i = 0; i < R; i++) n += snprintf(head + n, sizeof head - n, "%s %s", i ? "," : "", (lt_free_letter_name(name, R, i), name));
    snprintf(head + n, sizeof head - n, " up to degree %ld", N);
    lt_doc_heading(d, NULL, d->mode == LT_DOC_TEX ? head : NULL);
    lt_doc_list_begin(d, "letters");
    for (int i = 0; i < R && d->mode == LT_DOC_JSON; i++) {
        lt_free_letter_name(name, R, i);
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
            int first = i == 0 || deg != lt_lyndon_degree(B, i - 1);
            if (first) fprintf(d->f, "%s\\noindent degree %d:", i ? "\\par\n" : "", deg);
            fprintf(d->f, "%s $b_{%ld} = ", first ? "" : ",", (long)i + 1);
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
    if (d->mode == LT_DOC_TEX && B->n) fputs("\\par\n", d->f);
}
