#!/bin/sh
# make demo: the order-60 trio of the state-tracking literature (Merrill,
# Petty, Sabharwal 2024: C60 abelian, C5 x A4 solvable, A5 perfect) beside the
# groups of the word-problem experiments of Heo et al. (2026, arXiv
# 2603.05573): order, derived series, solvability, derived length, and the
# number of order-blind (abelian) layers a word-problem model needs, which is
# the derived length (Theorem 3.4 and Proposition 3.3); a non-solvable group
# has no constant depth (Barrington 1989: its word problem is NC1-complete).
# It ends with the one-page report for A5 (lietool report).
LT=${1:-./lietool}
set -e
printf '%-9s %6s  %-18s %-9s %-8s %s\n' group order "derived series" solvable length "order-blind layers needed"
for g in C60 'C5 x A4' A5 S3 D8 Q8 'UT(3,2)' A4 S4 S5; do
    order=$("$LT" order "$g")
    series=$("$LT" derived-series "$g")
    length=$("$LT" derived-length "$g")
    if "$LT" is-solvable -q "$g"; then
        solvable=yes; need=$length
    else
        solvable=no; length=-; need="no constant depth"
    fi
    printf '%-9s %6s  %-18s %-9s %-8s %s\n' "$g" "$order" "$series" "$solvable" "$length" "$need"
done
echo
echo "C60, C5 x A4 and A5 all have order 60: only the derived series tells their word problems apart."
echo "UT(3,2) is the 'H3' of the released word-problem code (isomorphic to D8)."
echo
"$LT" report A5
