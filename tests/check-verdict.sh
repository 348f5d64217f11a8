#!/bin/sh
# One theory verdict everywhere: for a grid of groups, layer families,
# layer counts 1..6 and lengths (none, 16, 256), `lietool plan --json`'s
# "verdict" object must equal, key for key, the one that min-depth, report
# and explain min-depth print for the same task (each grid point compares
# plan with one of the three, in turn, so that every pair is covered), and
# the textbook cases must hold. Ends with "verdict: N passed, N failed".
LT=${LIETOOL:-./lietool}
verdict() { sed -n 's/.*"verdict": //p' | sed 's/}$//'; }
pass=0
fail=0
i=0
for g in C2 C3 C6 D8 Q8 S3 A4 S4 'C5 x A4' 'A4 x C3' A5 S5; do
    for f in abelian diag-positive diag-signed diag-complex householder-1 householder-4 transformer; do
        for k in 1 2 3 4 5 6; do
            for T in 0 16 256; do
                len=""
                [ "$T" -ne 0 ] && len="--length $T"
                want=$("$LT" plan $g --arch $f --layers $k $len --json | verdict)
                case $((i % 3)) in
                0) other=min-depth; got=$("$LT" min-depth $g --arch $f --depth $k $len --json | verdict) ;;
                1) other=report; got=$("$LT" report $g --arch $f --depth $k $len --json | verdict) ;;
                *) other="explain min-depth"; got=$("$LT" explain min-depth $g --arch $f --depth $k $len --json | verdict) ;;
                esac
                i=$((i + 1))
                if [ -n "$want" ] && [ "$want" = "$got" ]; then pass=$((pass + 1))
                else
                    fail=$((fail + 1))
                    echo "FAIL verdict: $g $f k=$k T=$T: plan and $other differ"
                    echo "  plan:   $want"
                    echo "  $other: $got"
                fi
            done
        done
    done
done
# the textbook cases (abelian: Heo et al. 2026, Theorem 3.4 and Proposition 3.3)
check() {
    out=$("$LT" plan $1 --arch $2 --layers $3 --json | verdict)
    case $out in
    *"$4"*) pass=$((pass + 1)) ;;
    *) fail=$((fail + 1)); echo "FAIL verdict: plan $1 --arch $2 --layers $3: expected $4 in $out" ;;
    esac
}
check S3 abelian 2 '"exact_at_every_length": true, "impossible_at_every_depth": false, "fewest_layers_known_to_suffice": 2, "most_layers_known_not_to_suffice": 1'
check S4 abelian 3 '"exact_at_every_length": true, "impossible_at_every_depth": false, "fewest_layers_known_to_suffice": 3, "most_layers_known_not_to_suffice": 2'
check A5 abelian 6 '"exact_at_every_length": false, "impossible_at_every_depth": true'
check C2 diag-positive 6 '"exact_at_every_length": false, "impossible_at_every_depth": true'
check C2 diag-signed 1 '"exact_at_every_length": true'
echo "verdict: $pass passed, $fail failed"
[ $fail -eq 0 ]
