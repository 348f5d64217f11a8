#!/bin/bash
# Command-line golden tests. Each tests/cli/*.test file holds cases:
#   $ lietool derived-length S3     the command (run by bash from the repository root)
#   2                               expected output (stdout and stderr together)
#   ? 0                             optional expected exit status (default 0)
# A blank line or the next '$' line ends a case; '#' lines outside cases are
# comments.
LIETOOL=${LIETOOL:-$PWD/lietool}
lietool() { "$LIETOOL" "$@"; }
export -f lietool 2>/dev/null
export LIETOOL
pass=0
fail=0
run_case() {
    local file=$1 line=$2 cmd=$3 expected=$4 status=$5
    local got rc
    got=$(cd "$ROOT" && eval "$cmd" 2>&1)
    rc=$?
    [ "$status" = any ] && status=$rc
    if [ "$got" == "$expected" ] && [ "$rc" == "$status" ]; then
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
    run_case "$f" "$start" "$cmd" "$exp" "$st"
    have=0
}
for f in tests/cli/*.test; do
    cmd=""; exp=""; st=0; lno=0; start=0; have=0; prev=""
    while IFS= read -r l || [ -n "$l" ]; do
        lno=$((lno + 1))
        if [[ "$l" == '$ '* ]]; then
            flush
            cmd=${l#'$ '}; exp=""; st=0; start=$lno; have=1; first=1
        elif [[ "$l" == '#'* ]] && [ -z "$prev" ]; then
            flush
        elif [ $have = 1 ] && [[ "$l" == '? '* ]]; then
            st=${l#'? '}
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
