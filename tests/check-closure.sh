#!/bin/sh
# Closure of the theory's verdicts under subgroups and quotients: a model
# for G's word problem answers every subgroup's and every quotient's, so
# for each family (plan's table) the fewest layers known to suffice for a
# subgroup or quotient X of G is known whenever G's is, and no larger; an
# impossibility for X is one for G; and the most layers proved not to
# suffice for X are no more than for G. The pairs (165: maximal subgroups
# and quotients by minimal normal subgroups of 35 groups of order 6 to 168)
# come from GAP (tests/data/subgroup-pairs.tsv). Ends with
# "closure: N passed, N failed". Needs python3.
LIETOOL=${LIETOOL:-./lietool}
DATA=${DATA:-$(dirname "$0")/data/subgroup-pairs.tsv}
PY=
for p in /usr/bin/python3 python3; do
    if command -v "$p" >/dev/null 2>&1; then PY=$p; break; fi
done
if [ -z "$PY" ]; then
    echo "(python3 is missing: the closure check is skipped)"
    echo "closure-skipped-no-python: 0 passed, 0 failed"
    exit 0
fi
exec "$PY" - "$LIETOOL" "$DATA" <<'PY'
import json, subprocess, sys

lt, data = sys.argv[1], sys.argv[2]
pairs = [l.rstrip("\n").split("\t") for l in open(data) if l.strip() and not l.startswith("#")]
cache = {}


def table(g):
    if g not in cache:
        p = subprocess.run([lt, "plan", g, "--json"], capture_output=True, text=True)
        if p.returncode:
            raise RuntimeError("plan %s: exit %d: %s" % (g, p.returncode, p.stderr.strip()))
        cache[g] = {r["family"]: r for r in json.loads(p.stdout)["families"]}
    return cache[g]


passed = failed = 0
for kind, gid, G, X in pairs:
    try:
        tg, tx = table(G), table(X)
    except Exception as e:
        failed += 1
        print("FAIL closure: %s" % e)
        continue
    for f in tg:
        if f not in tx:
            continue
        rg, rx = tg[f], tx[f]
        errs = []
        fg, fx = rg["fewest_layers_known_to_suffice"], rx["fewest_layers_known_to_suffice"]
        if fg is not None and (fx is None or fx > fg):
            errs.append("fewest layers known to suffice: %s for G, %s for X" % (fg, fx))
        ig, ix = rg["impossible_at_every_depth"], rx["impossible_at_every_depth"]
        if ix and not ig:
            errs.append("impossible for X, not for G")
        mg, mx = rg["most_layers_known_not_to_suffice"], rx["most_layers_known_not_to_suffice"]
        if not ig and not ix and mx is not None and (mg is None or mx > mg):
            errs.append("most layers proved not to suffice: %s for G, %s for X" % (mg, mx))
        if errs:
            failed += 1
            print("FAIL closure: %s %s %s: G = %s, X = %s: %s" % (kind, gid, f, G, X, "; ".join(errs)))
        else:
            passed += 1
print("closure: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
PY
