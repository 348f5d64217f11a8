#!/bin/sh
# --latex fragments compile with pdflatex without edits: fragments of every
# command that takes --latex (info, derived-series, lower-central-series, bch,
# magnus, report, min-depth, error-bound, table, explain: every question;
# order, center, killing, radical, closure, dimension, lyndon, isomorphic,
# rep check, dataset check; ssm cascade, drift, scan, bench-diag,
# bench-cascade, eval, sweep and rotation), each wrapped in a minimal
# document with amsmath. Skipped (and
# said so) when pdflatex is not installed (Debian: texlive-latex-base).
# Ends with "latex: N passed, N failed" (tests/run.sh reads that line), or
# with "latex-skipped-no-pdflatex: 0 passed, 0 failed" when skipped.
LT=${LIETOOL:-./lietool}
if ! command -v pdflatex >/dev/null 2>&1; then
    # the summary's name says it: tests/run.sh prints only that line
    echo "latex-skipped-no-pdflatex: 0 passed, 0 failed"
    echo "(apt-get install texlive-latex-base to compile the --latex fragments)"
    exit 0
fi
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
pass=0
fail=0
i=0
while IFS= read -r args; do
    [ -z "$args" ] && continue
    i=$((i + 1))
    # the first word is the command (two for ssm); --latex goes after it
    cmd=${args%% *}
    rest=${args#"$cmd"}
    if [ "$cmd" = ssm ]; then
        sub=${rest# }
        sub=${sub%% *}
        cmd="ssm $sub"
        rest=${rest#" $sub"}
    fi
    # exit status 1 is a "no" (explain abelian S3), and still a fragment
    eval "\"\$LT\" $cmd --latex $rest" > "$dir/frag$i.tex" 2> "$dir/err$i" < /dev/null
    st=$?
    if [ $st -ne 0 ] && [ $st -ne 1 ]; then
        echo "FAIL latex: lietool $args --latex: exit status $st: $(cat "$dir/err$i")"
        fail=$((fail + 1)); continue
    fi
    printf '\\documentclass{article}\n\\usepackage{amsmath}\n\\begin{document}\n\\input{frag%d}\n\\end{document}\n' $i > "$dir/doc$i.tex"
    if (cd "$dir" && pdflatex -halt-on-error -interaction=nonstopmode "doc$i.tex" < /dev/null > "log$i" 2>&1); then
        pass=$((pass + 1))
    else
        echo "FAIL latex: lietool $args --latex does not compile:"
        grep -A3 '^!' "$dir/log$i" | head -n 8 | sed 's/^/  /'
        fail=$((fail + 1))
    fi
done <<'CASES'
info S4
info 'sl(2)'
info 'b(3)'
info M11
character-table A5
character-table Q8
character-table M11
character-table C3 x S3
derived-series S4
derived-series 'sl(2)'
derived-series A5
lower-central-series D8
lower-central-series 'n(4)'
bch 5
bch --symmetric 4
magnus --order 3 XYX
magnus --order 3 'x1 x_2 foo x1'
magnus --order 4 --matrices tests/data/magnus-small.mat 'a b b'
report A5
report C5 x A4
report S4 --length 1000
report 'sl(2)'
report 'n(4)' --bound sharp
min-depth S4
min-depth A5 --length 128
min-depth S4 --length 128 --bound sharp
min-depth 'sl(2)' --length 100
error-bound S4
error-bound A5 --eps 0.1
error-bound 'b(3)' --eps 1/8 --bound sharp
error-bound C2 --model tests/data/models/mamba-c2 --depth 2
error-bound A5 --rep tests/data/a5-faithful.rep --step 1/2 --depth 3
error-bound A5 --eps 4
table C3
table --convention gap S3
table C2 x C2
table S4
table D16
table --convention gap Q32
order 'S3 x C2'
center D8
center 'gl(2)'
center 'fnil(2,3)'
killing 'sl(2)'
killing 'LieAlgebra(Rationals, [ [[0,0],[0,0]] ])'
radical 'b(2)'
closure 'LieAlgebra(Rationals, [ [[1,2],[3,4]], [[0,1/2],[-1,0]] ])'
dimension 'sp(4)'
lyndon 3 3
isomorphic 'UT(3,2)' D8
isomorphic C60 A5
rep check A5 tests/data/a5-published.rep
rep check A5 tests/data/a5-float.rep
dataset check tests/data/s3-wrong.csv S3
explain derived-series S4
explain perfect A5
explain derived-series 'sl(2)'
explain min-depth S5
explain nilpotent D8
explain commutator rotations
explain commutator translations
explain lower-central-series 'n(3)'
explain solvable A5
explain abelian S3
explain abelian 'so(3)'
explain perfect 'sl(2)'
explain perfect S4
explain min-depth 'b(3)'
explain isomorphic 'UT(3,2)' D8
explain isomorphic S4 'SL(2,3)'
ssm cascade S4 --length 1000 --samples 2 --seed 1
ssm cascade 'C5 x A4' --layers 1 --length 1000 --samples 3 --seed 1 --scan parallel --precision f32
ssm drift --precision bf16 --max-length 2000 --samples 2
ssm scan --kind dense --channels 4 --length 5000 --precision f32
ssm bench-diag --channels 4 --length 100 --seed 1
ssm bench-cascade S3 --length 100 --samples 2 --scan lockstep
ssm eval tests/data/models/diag-s3-bf16 --group S3 --length 16 --samples 20 --seed 4
ssm eval tests/data/models/mamba-c2 --group C2 --data tests/data/models/c2-eval.csv --threshold 0.95
ssm sweep --group C2 --length 32 --samples 20 tests/data/models/mamba-c2 tests/data/models/mamba-c2-bf16
ssm rotation --depth 1..3 --length 16 --window 4 --samples 4
ssm rotation --depth 1..8 --bound sharp --length 8 --window 2 --samples 2
CASES
echo "latex: $pass passed, $fail failed"
[ $fail -eq 0 ]
