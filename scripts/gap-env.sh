# Sourced by bench/bench-groups.sh and tests/check-gap.sh: checks for GAP,
# python3 and the lietool binary, and makes a temporary directory $tmp.
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
