#!/bin/sh
# The Python package (python/): builds it in place (make python) and runs
# its tests with pytest (python/tests) and the examples of its docstrings
# as doctests (python/lietool/__init__.py). Skipped, and said so, when Debian's
# python3-dev, python3-numpy, python3-setuptools or python3-pytest is
# missing. Ends with "python: N passed, N failed" (tests/run.sh reads that
# line), or "python-skipped-missing-packages: 0 passed, 0 failed" and the
# packages to install when skipped.
# Uses $PYTHON (default /usr/bin/python3), $LIETOOL (the CLI the tests
# compare with), $MAKE.
PYTHON=${PYTHON:-/usr/bin/python3}
MAKE=${MAKE:-make}
if [ "$LT_SANITIZE" = 1 ]; then
    # the extension is the release objects, and CPython does not load ASan's runtime
    echo "python-skipped-under-sanitize: 0 passed, 0 failed"
    exit 0
fi
missing=""
"$PYTHON" -c 'import sysconfig, os, sys; sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' \
    2>/dev/null || missing="$missing python3-dev"
for m in numpy:python3-numpy setuptools:python3-setuptools pytest:python3-pytest; do
    "$PYTHON" -c "import ${m%%:*}" 2>/dev/null || missing="$missing ${m#*:}"
done
if [ -n "$missing" ]; then
    echo "python-skipped-missing-packages: 0 passed, 0 failed"
    echo "(apt-get install$missing to build and test the Python package)"
    exit 0
fi
if ! out=$($MAKE --no-print-directory python PYTHON="$PYTHON" 2>&1); then
    printf '%s\n' "$out" | tail -n 30
    echo "python: 0 passed, 1 failed"
    exit 1
fi
# the tests, and the docstrings' examples as doctests
out=$(cd python && LIETOOL="${LIETOOL:-$(pwd)/../lietool}" "$PYTHON" -m pytest -q -p no:cacheprovider \
      --doctest-modules --doctest-glob="" tests lietool/__init__.py 2>&1)
status=$?
line=$(printf '%s\n' "$out" | grep -E '[0-9]+ (passed|failed)' | tail -n 1)
pass=$(printf '%s\n' "$line" | sed -n 's/.*\b\([0-9][0-9]*\) passed.*/\1/p')
fail=$(printf '%s\n' "$line" | sed -n 's/.*\b\([0-9][0-9]*\) failed.*/\1/p')
errors=$(printf '%s\n' "$line" | sed -n 's/.*\b\([0-9][0-9]*\) errors\{0,1\}\b.*/\1/p')
pass=${pass:-0}
fail=$((${fail:-0} + ${errors:-0}))
[ "$status" -ne 0 ] && [ "$fail" -eq 0 ] && { printf '%s\n' "$out" | tail -n 30; fail=1; }
[ "$fail" -ne 0 ] && printf '%s\n' "$out" | grep -E '^(FAILED|ERROR)' | head -n 50
echo "python: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
