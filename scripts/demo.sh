#!/bin/sh
# make demo: the order-60 comparison of the state-tracking literature
# (Merrill, Petty, Sabharwal 2024: C60, C5 x A4, A5) beside the groups of the
# word-problem experiments of Heo et al. (2026): order, derived series,
# solvability, derived length and the order-blind (abelian) layers a
# word-problem model needs (= derived length, Theorem 3.4 and Proposition 3.3
# of arXiv 2603.05573; none for a non-solvable group, Barrington 1989).
LT=${1:-./lietool}
printf '%-10s %6s  %-22s %-9s %-7s %s\n' group order "derived series" solvable "length" "abelian layers needed"
for g in C60 'C5 x A4' A5 S3 D8 Q8 'UT(3,2)' A4 S4 S5; do
    line=$("$LT" info "$g" --json) || exit 1
    printf '%s\n' "$line" | /bin/sh -c '
        j=$(cat)
        get() { printf "%s" "$j" | sed -n "s/.*\"$1\": \([^],]*\).*/\1/p" | tr -d "\""; }
        series=$(printf "%s" "$j" | sed -n "s/.*\"derived_series\": \[\([^]]*\)\].*/\1/p" | tr -d "\" " | sed "s/,/ > /g")
        order=$(get order); solv=$(get solvable); dl=$(get derived_length)
        if [ "$dl" = null ]; then dl="-"; need="no constant depth (not solvable)"; else need="$dl"; fi
        [ "$solv" = true ] && solv=yes || solv=no
        printf "%-10s %6s  %-22s %-9s %-7s %s\n" "$0" "$order" "$series" "$solv" "$dl" "$need"
    ' "$g"
done
echo
echo "UT(3,2) is the 'H3' of the released word-problem code; it is isomorphic to D8."
echo "Depth k of order-blind layers reaches derived length <= k; A5 is perfect, so no depth suffices."
