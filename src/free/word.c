/* Words over named letters (lietool/free.h). */
#include <stdlib.h>
#include <string.h>
#include "lietool/free.h"

void lt_free_word_init(lt_free_word_t W)
{
    memset(W, 0, sizeof *W);
}

void lt_free_word_clear(lt_free_word_t W)
{
    for (int i = 0; i < W->r; i++) lt_free(W->names[i]);
    lt_free(W->names);
    lt_free(W->letters);
    if (W->t) _fmpq_vec_clear(W->t, W->m);
}

static int cmpstr(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

lt_status lt_free_word_set(lt_free_word_t W, char *const *tokens, slong m, lt_err_t err)
{
    lt_free_word_clear(W);
    lt_free_word_init(W);
    /* the distinct letters, in string order */
    char **names = lt_malloc((size_t)(m ? m : 1) * sizeof *names);
    int r = 0;
    for (slong i = 0; i < m; i++) names[i] = tokens[i];
    qsort(names, (size_t)m, sizeof *names, cmpstr);
    for (slong i = 0; i < m; i++)
        if (i == 0 || strcmp(names[i], names[r - 1]) != 0) names[r++] = names[i];
    if (r > 255) {
        lt_free(names);
        return lt_err_set(err, LT_EINPUT, "more than 255 distinct letters");
    }
    /* factors leftmost first: the last letter of the word is the leftmost */
    W->m = m;
    W->letters = lt_malloc((size_t)(m ? m : 1) * sizeof(int));
    W->t = _fmpq_vec_init(m);
    for (slong s = 0; s < m; s++) {
        const char *w = tokens[m - 1 - s];
        int lo = 0, hi = r - 1;
        while (lo < hi) { int mid = (lo + hi) / 2; if (strcmp(names[mid], w) < 0) lo = mid + 1; else hi = mid; }
        W->letters[s] = lo;
        fmpq_one(W->t + s);
    }
    W->r = r;
    W->names = lt_malloc((size_t)(r ? r : 1) * sizeof *W->names);
    for (int i = 0; i < r; i++) W->names[i] = lt_strdup(names[i]);
    lt_free(names);
    return LT_OK;
}
