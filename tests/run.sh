#!/bin/sh
# Runs the unit-test binaries given as arguments, then every command-line
# test in tests/cli/*.test; ends with one line "N passed, N failed".
# $LIETOOL is the binary under test.
pass=0
fail=0
for t in "$@"; do
    out=$("$t" 2>&1)
    status=$?
    line=$(printf '%s\n' "$out" | grep -E '^[a-z-]+: [0-9]+ passed, [0-9]+ failed$' | tail -n 1)
    if [ -z "$line" ]; then
        printf '%s\n' "$out" | tail -n 20
        echo "$t: crashed or printed no summary (status $status)"
        fail=$((fail + 1))
        continue
    fi
    printf '%s\n' "$out" | grep '^FAIL' | head -n 50
    echo "$line"
    p=$(echo "$line" | sed 's/.*: \([0-9]*\) passed.*/\1/')
    f=$(echo "$line" | sed 's/.* \([0-9]*\) failed/\1/')
    pass=$((pass + p))
    fail=$((fail + f))
    [ "$status" -ne 0 ] && [ "$f" -eq 0 ] && fail=$((fail + 1))
done
cli=$(bash tests/cli.sh 2>&1)
printf '%s\n' "$cli" | grep -v '^cli: ' | head -n 100
line=$(printf '%s\n' "$cli" | grep -E '^cli: [0-9]+ passed, [0-9]+ failed$' | tail -n 1)
if [ -z "$line" ]; then
    echo "cli: runner failed"
    fail=$((fail + 1))
else
    echo "$line"
    pass=$((pass + $(echo "$line" | sed 's/cli: \([0-9]*\) passed.*/\1/')))
    fail=$((fail + $(echo "$line" | sed 's/.* \([0-9]*\) failed/\1/')))
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
