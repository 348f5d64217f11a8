# Sourced by the checks that need Debian's python3-torch (check-checkpoints.sh,
# check-train.sh) after setting NAME: $LT, $PY, a temporary directory $T
# removed on exit, and the counters; without torch, says so, prints the
# summary "NAME: 0 passed, 0 failed" and exits 0.
LT=${LIETOOL:-./lietool}
PY=/usr/bin/python3
if ! $PY -c 'import torch' 2>/dev/null; then
    echo "$NAME: skipped: /usr/bin/python3 has no torch (apt-get install python3-torch)"
    echo "$NAME: 0 passed, 0 failed"
    exit 0
fi
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
# same_eps WANT GOT: the reference's line "eps E largest G elements N"
# and lietool error-bound --json agree on eps and largest_generator to
# relative 1e-4 (lietool's step sizes are f32)
same_eps() {
    $PY -c '
import json, sys
w = sys.argv[1].split(); g = json.loads(sys.argv[2])
ok = all(abs(g[k] - float(w[i])) <= 1e-4 * float(w[i]) for k, i in (("eps", 1), ("largest_generator", 3)))
sys.exit(0 if ok else 1)' "$1" "$2"
}
