/* Private to src/free. */
#ifndef LT_FREE_IMPL_H
#define LT_FREE_IMPL_H
#include <flint/flint.h>
#include "lietool/free.h"
/* The Moebius function of n >= 1 (lyndon.c). */
int lt_free_moebius_(ulong n);
/* The Lyndon words with the letters of the Lyndon word w[0..n) (letters
   0..r-1, each occurring as often as in w), in lexicographic order up to
   w itself, into *out (n bytes each; release with lt_free): their number,
   or max + 1 when there are more than max (then *out is NULL). n <= 255. */
slong lt_free_lyndon_upto_(unsigned char **out, const unsigned char *w, int n, int r, slong max);
/* All the Lyndon words with cnt[l] letters l (n = the sum, r letters), in
   lexicographic order, into out (s words of n bytes: s their number, by
   the necklace formula): their number, s + 1 when there are more. */
slong lt_free_lyndon_content_(unsigned char *out, const int *cnt, int n, int r, slong s);
/* B (initialised): the r letters, the words[0..s) of length n (Lyndon words
   on letters 0..r-1, increasing) and their standard factors down to the
   letters, stored as lt_free_lyndon_basis stores the full basis (by
   length, then lexicographically; left and right set), so that the
   words[i] are the elements deg_start[n] + i. */
void lt_free_lyndon_closure_(lt_lyndon_struct *B, int r, int n, const unsigned char *words, slong s);
#endif
