# Sourced by the bench and check-gap scripts: checks for GAP, python3 and
# the lietool binary, makes a temporary directory $tmp, and times commands.
# $1: the caller's name for messages. Exits 0 (with a message) when GAP is
# missing, since both scripts are optional.
gap_env() {
    who=$1
    if ! command -v gap >/dev/null 2>&1; then
        echo "$who: gap is not on PATH; nothing to compare against (apt-get install gap)"
        exit 0
    fi
    PYTHON=
    for p in /usr/bin/python3 python3; do
        if command -v "$p" >/dev/null 2>&1; then PYTHON=$p; break; fi
    done
    if [ -z "$PYTHON" ]; then
        echo "$who: python3 is needed to read lietool's JSON output" >&2
        exit 1
    fi
    if [ ! -x "$LIETOOL" ]; then
        echo "$who: '$LIETOOL' is not an executable (build it with make)" >&2
        exit 1
    fi
    tmp=$(mktemp -d "${TMPDIR:-/tmp}/$who.XXXXXX") || exit 1
    trap 'rm -rf "$tmp"' EXIT
    trap 'exit 130' INT TERM
}

# now: wall-clock seconds.
now() { date +%s.%N; }

# best_of CMD...: runs CMD up to $REPS times (each within $BEST_LIMIT
# seconds; the last run's output in $tmp/out and $tmp/err) and prints the
# best wall-clock time in seconds, or "timeout" / "failed" if a run did not
# succeed. A run of over $ONCE seconds is not repeated.
best_of() {
    best=
    i=0
    while [ $i -lt $REPS ]; do
        if [ -n "$best" ] && awk -v b="$best" -v o="$ONCE" 'BEGIN { exit !(b + 0 >= o + 0) }'; then break; fi
        t0=$(now)
        timeout "$BEST_LIMIT" "$@" </dev/null >"$tmp/out" 2>"$tmp/err"
        rc=$?
        t1=$(now)
        if [ $rc -eq 124 ]; then echo timeout; return; fi
        if [ $rc -ne 0 ]; then echo failed; return; fi
        best=$(awk -v a="$t0" -v b="$t1" -v m="$best" 'BEGIN {
            d = b - a; if (m != "" && m + 0 < d) d = m; printf "%.3f", d }')
        i=$((i + 1))
    done
    echo "$best"
}

# ratio A B: A / B to 3 significant digits, or n/a (the benches beside GAP)
ratio() {
    awk -v a="$1" -v b="$2" 'BEGIN {
        if (a !~ /^[0-9.]+$/ || b !~ /^[0-9.]+$/ || b + 0 == 0) { print "n/a"; exit }
        r = a / b
        if (r >= 1000) printf "%.0f\n", r; else printf "%.3g\n", r }'
}
