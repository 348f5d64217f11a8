#!/usr/bin/env python3
"""The coefficient of a word in log(e^{A_1} e^{A_2} ... e^{A_K}), the A_i the
word's distinct letters in ASCII order: an independent check of
`lietool bch --coefficient WORD`, in exact rationals (fractions), no other
package.

    python3 scripts/bch_coefficient.py XXY XYX      # 1/12, -1/6

The plain expansion: with Z = e^{A_1} ... e^{A_K} - 1,
log(1 + Z) = sum_m (-1)^(m+1) Z^m / m. A word's coefficient in Z is
1/(a_1! ... a_K!) when it reads A_1^a_1 ... A_K^a_K (its letters in
non-decreasing order, a_i the lengths of its runs), else 0; its coefficient
in Z^m sums, over the ways to cut it into m non-empty pieces, the product of
the pieces' coefficients in Z. f[m][i] is that sum for the first i letters.
"""
import sys
from fractions import Fraction
from math import factorial


def piece(word):
    """The coefficient of a non-empty word in Z."""
    if any(a > b for a, b in zip(word, word[1:])):
        return Fraction(0)
    c, run = Fraction(1), 1
    for a, b in zip(word, word[1:] + "\0"):
        if a == b:
            run += 1
        else:
            c /= factorial(run)
            run = 1
    return c


def coefficient(word):
    n = len(word)
    Zc = {(j, i): piece(word[j:i]) for j in range(n) for i in range(j + 1, n + 1)}
    f = [Fraction(1)] + [Fraction(0)] * n      # Z^0
    total = Fraction(0)
    for m in range(1, n + 1):
        g = [Fraction(0)] * (n + 1)
        for i in range(1, n + 1):
            g[i] = sum((f[j] * Zc[j, i] for j in range(i) if f[j] and Zc[j, i]), Fraction(0))
        f = g
        total += Fraction((-1) ** (m + 1), m) * f[n]
    return total


if __name__ == "__main__":
    for w in sys.argv[1:]:
        if not w.isascii() or not w.isalpha():
            sys.exit("bch_coefficient.py: '%s' is not a word of letters" % w)
        print(coefficient(w))
