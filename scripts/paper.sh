#!/bin/sh
# make paper: `lietool ssm paper` (the paper's table and figures, trained
# and judged on this machine beside the theory; lietool(1) has the
# details) with the settings of the environment:
#
#   PAPER_SCALE   tiny, default (the default) or full
#   PAPER_OUT     the output directory (default: a new temporary one, printed)
#   PAPER_JOBS    the figures' trainings at once (default: the processors)
#   PAPER_MAP     figure 3's token map, faithful or paper
#   PAPER_ONLY    table, figure2, figure3, comma-separated
#   LIETOOL       the binary (default: ./lietool)
#
# Options given to the script are passed on (scripts/paper.sh --scale tiny).
# Needs Debian's python3-torch; lietool says so when it is missing.
cd "$(dirname "$0")/.." || exit 1
LIETOOL=${LIETOOL:-./lietool}
has() {     # has OPTION ARGS...: is OPTION among ARGS?
    o=$1; shift
    for a; do [ "$a" = "$o" ] && return 0; done
    return 1
}
if ! has --out "$@"; then
    out=${PAPER_OUT:-$(mktemp -d "${TMPDIR:-/tmp}/lietool-paper-XXXXXX")} || exit 1
    set -- --out "$out" "$@"
    echo "paper: output in $out"
fi
has --scale "$@" || set -- --scale "${PAPER_SCALE:-default}" "$@"
[ -n "${PAPER_JOBS:-}" ] && ! has --jobs "$@" && set -- --jobs "$PAPER_JOBS" "$@"
[ -n "${PAPER_MAP:-}" ] && ! has --map "$@" && set -- --map "$PAPER_MAP" "$@"
[ -n "${PAPER_ONLY:-}" ] && ! has --only "$@" && set -- --only "$PAPER_ONLY" "$@"
exec "$LIETOOL" ssm paper "$@"
