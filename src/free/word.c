/* Words over named letters (lietool/free.h). */
#include <ctype.h>
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

lt_status lt_free_word_read(lt_free_word_t W, char *const *words, int nwords, long max_length, lt_err_t err)
{
    size_t cap = 16;
    slong m = 0;
    char **tok = lt_malloc(cap * sizeof *tok);
    for (int a = 0; a < nwords; a++) {
        char *copy = lt_strdup(words[a]), *save = NULL;
        for (char *s = strtok_r(copy, " \t\n", &save); s; s = strtok_r(NULL, " \t\n", &save)) {
            if ((size_t)m + 1 >= cap) { cap *= 2; tok = lt_realloc(tok, cap * sizeof *tok); }
            tok[m++] = lt_strdup(s);
        }
        lt_free(copy);
    }
    int alpha = m == 1 && strlen(tok[0]) > 1;
    for (const char *c = m == 1 ? tok[0] : ""; *c; c++) alpha &= isalpha((unsigned char)*c) != 0;
    if (alpha) {                        /* "abac": a letter a token */
        char *w = tok[0];
        m = (slong)strlen(w);
        tok = lt_realloc(tok, (size_t)m * sizeof *tok);
        for (slong i = 0; i < m; i++) tok[i] = lt_strdup((char[]){w[i], 0});
        lt_free(w);
    }
    lt_status st = m ? LT_OK : lt_err_set(err, LT_EINPUT, "the word has no letters");
    if (m > max_length) st = lt_err_set(err, LT_ELIMIT, "the word has %ld letters, more than `max_length` %ld", (long)m, max_length);
    for (slong i = 0; i < m && !st; i++)
        for (const char *c = tok[i]; *c && !st; c++)
            if (!isalnum((unsigned char)*c) && *c != '_')
                st = lt_err_set(err, LT_EINPUT, "letter %ld '%s' is not a name (letters, digits, _)", (long)i + 1, tok[i]);
    if (!st) st = lt_free_word_set(W, tok, m, err);
    for (slong i = 0; i < m; i++) lt_free(tok[i]);
    lt_free(tok);
    return st;
}

lt_status lt_free_bch_word_check(const char *w, long max_length, lt_err_t err)
{
    size_t n = strlen(w);
    if (n == 0) return lt_err_set(err, LT_EINPUT, "the word is empty");
    for (size_t i = 0; i < n; i++) {
        unsigned char ch = (unsigned char)w[i];
        if ((ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z')) continue;
        if (ch >= 0x20 && ch < 0x7f)
            return lt_err_set(err, LT_EINPUT, "'%s': character %zu '%c' is not a letter (A-Z, a-z)", w, i + 1, ch);
        return lt_err_set(err, LT_EINPUT, "byte %zu (0x%02x) is not a letter (A-Z, a-z)", i + 1, ch);
    }
    if (n > (size_t)max_length)
        return lt_err_set(err, LT_ELIMIT, "the word has %zu letters, more than `max_length` %ld (raise it with `max_length` L)",
                          n, max_length);
    return LT_OK;
}
