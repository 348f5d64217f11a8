#!/bin/bash
# Command-line golden tests. Each tests/cli/*.test file holds cases:
#   $ lietool derived-length S3     the command (run by bash from the repository root)
#   2                               expected output (stdout and stderr together)
#   ? 0                             optional expected exit status (default 0)
#   ~ REL [ABS]                     optional: compare the numbers in the output
#                                   with a tolerance (see numeq below)
# A blank line or the next '$' line ends a case; '#' lines outside cases are
# comments.
LIETOOL=${LIETOOL:-$PWD/lietool}
lietool() { "$LIETOOL" "$@"; }
export -f lietool 2>/dev/null
export LIETOOL
pass=0
fail=0
# numeq EXPECTED GOT REL ABS: the two texts are equal once every number in
# them (integer, decimal or with an exponent) is compared with a tolerance:
# numbers a (expected) and b (got) match when |a - b| <= ABS + REL |a|;
# the text between the numbers must match exactly. For values whose last
# digits are round-off (a BLAS kernel or a libm variant of another
# processor rounds differently): the tolerance states what the test asserts.
numeq() {
    EXP=$1 GOT=$2 awk -v rel="$3" -v abs="${4:-0}" 'BEGIN {
        a = ENVIRON["EXP"]; b = ENVIRON["GOT"]
        re = "[-+]?([0-9]+[.]?[0-9]*|[.][0-9]+)([eE][-+]?[0-9]+)?"
        while (1) {
            ma = match(a, re); sa = RSTART; la = RLENGTH
            mb = match(b, re); sb = RSTART; lb = RLENGTH
            if (!ma || !mb) exit !(ma == mb && a == b)
            if (substr(a, 1, sa - 1) != substr(b, 1, sb - 1)) exit 1
            x = substr(a, sa, la) + 0; y = substr(b, sb, lb) + 0
            d = x - y; if (d < 0) d = -d
            t = x < 0 ? -x : x
            if (d > abs + rel * t) exit 1
            a = substr(a, sa + la); b = substr(b, sb + lb)
        }
    }'
}
# the tolerance comparison checks itself: these must hold, or the runner fails
for c in "0:x 4.21e-16, within 3.86e-14:x 6e-16, within 3.86e-14:0 1e-13" \
         "1:x 4.21e-16, within 3.86e-14:x 2e-13, within 3.86e-14:0 1e-13" \
         "0:0.999999987 1:0.99999998 1:0 1e-7" "1:a 1 b:a 1 c:0 1" "1:1 2:1 2 3:0 1" \
         "1:1.5:1.6:1e-2" "0:-2.0e+3:-2001:1e-3"; do
    IFS=: read -r want e g t <<< "$c"
    numeq "$e" "$g" $t; got=$?
    if [ "$got" = "$want" ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL tests/cli.sh: numeq '$e' '$g' $t gave $got"; fi
done
run_case() {
    local file=$1 line=$2 cmd=$3 expected=$4 status=$5 tol=${6:-}
    local got rc
    got=$(cd "$ROOT" && eval "$cmd" 2>&1)
    rc=$?
    [ "$status" = any ] && status=$rc
    if [ -n "$tol" ] && [ "$got" != "$expected" ] && [ "$rc" == "$status" ] && numeq "$expected" "$got" $tol; then
        pass=$((pass + 1))
    elif [ "$got" == "$expected" ] && [ "$rc" == "$status" ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL $file:$line: $cmd"
        if [ "$rc" != "$status" ]; then echo "  exit status $rc, expected $status"; fi
        if [ "$got" != "$expected" ]; then
            diff <(printf '%s\n' "$expected") <(printf '%s\n' "$got") | head -n 20 | sed 's/^/  /'
        fi
    fi
}
ROOT=$PWD
# A case's expected output runs to the next '$' line, or to a '#' comment
# line that follows a blank line; trailing blank lines are dropped, so output
# may contain blank lines.
flush() {
    [ $have = 1 ] || return
    while [[ "$exp" == *$'\n' ]]; do exp=${exp%$'\n'}; done
    run_case "$f" "$start" "$cmd" "$exp" "$st" "$tol"
    have=0
}
for f in ${CLI_TESTS:-tests/cli/*.test}; do
    cmd=""; exp=""; st=0; tol=""; lno=0; start=0; have=0; prev=""
    while IFS= read -r l || [ -n "$l" ]; do
        lno=$((lno + 1))
        if [[ "$l" == '$ '* ]]; then
            flush
            cmd=${l#'$ '}; exp=""; st=0; tol=""; start=$lno; have=1; first=1
        elif [[ "$l" == '#'* ]] && [ -z "$prev" ]; then
            flush
        elif [ $have = 1 ] && [[ "$l" == '? '* ]]; then
            st=${l#'? '}
        elif [ $have = 1 ] && [[ "$l" == '~ '* ]]; then
            tol=${l#'~ '}
        elif [ $have = 1 ]; then
            if [ $first = 1 ]; then exp=$l; first=0; else exp+=$'\n'$l; fi
        fi
        prev=$l
    done < "$f"
    flush
done

# Every example in the README (indented "$ lietool" blocks) and in the man
# page (".nf" blocks) is a golden test of its output.
# roff escapes used in man-page examples
unroff() {
    sed -e 's/\\-/-/g' -e 's/\\(aq/'"'"'/g' -e 's/\\(dq/"/g' -e 's/\\(lq/"/g' -e 's/\\(rq/"/g' \
        -e 's/\\e/\\/g' -e 's/\\&//g' -e 's/\\(ti/~/g' -e 's/\\(ha/^/g'
}
doc_examples() {
    local file=$1 mode=$2 cmd="" exp="" lno=0 start=0 have=0 first=1 inblock=0
    while IFS= read -r l || [ -n "$l" ]; do
        lno=$((lno + 1))
        if [ "$mode" = man ]; then
            case "$l" in
                .nf*) inblock=1; continue ;;
                .fi*) inblock=0; [ $have = 1 ] && run_case "$file" "$start" "$cmd" "$exp" any; have=0; continue ;;
            esac
            [ $inblock = 1 ] || continue
            l=$(printf '%s' "$l" | unroff)
        else
            if [[ "$l" != '    '* ]]; then
                [ $have = 1 ] && run_case "$file" "$start" "$cmd" "$exp" any; have=0; continue
            fi
            l=${l#    }
        fi
        if [[ "$l" == '$ lietool '* ]]; then
            [ $have = 1 ] && run_case "$file" "$start" "$cmd" "$exp" any
            cmd=${l#'$ '}; exp=""; start=$lno; have=1; first=1
        elif [ $have = 1 ]; then
            if [ $first = 1 ]; then exp=$l; first=0; else exp+=$'\n'$l; fi
        fi
    done < "$file"
    [ $have = 1 ] && run_case "$file" "$start" "$cmd" "$exp" any
}
doc_examples README.md readme
[ -f man/lietool.1 ] && doc_examples man/lietool.1 man
echo "cli: $pass passed, $fail failed"
