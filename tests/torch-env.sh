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
