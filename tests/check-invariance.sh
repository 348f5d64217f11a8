#!/bin/sh
# The theory's verdicts are properties of the abstract group: plan's table
# (every family, at every length and up to length 64) and info's
# character-table invariants must not change when the group is written
# another way. For 50 groups, three ways each: as named, on points
# relabelled at random (and moved up past unused points), and by another
# generating set (each generator multiplied by the next, the last one kept).
# Compared: every row's fewest layers at every length and at length 64, the
# most layers proved not to suffice, the impossibility, and the character
# degrees, least faithful real dimension and Householder reflection counts,
# the minimal faithful permutation degree and the constructions' sizes.
# Ends with "invariance: N passed, N failed". Needs python3.
LIETOOL=${LIETOOL:-./lietool}
PY=
for p in /usr/bin/python3 python3; do
    if command -v "$p" >/dev/null 2>&1; then PY=$p; break; fi
done
if [ -z "$PY" ]; then
    echo "(python3 is missing: the invariance check is skipped)"
    echo "invariance-skipped-no-python: 0 passed, 0 failed"
    exit 0
fi
exec "$PY" - "$LIETOOL" <<'PY'
import json, random, subprocess, sys

lt = sys.argv[1]
rng = random.Random(20261204)
groups = ["C2", "C3", "C4", "C6", "C8", "C12", "C2 x C2", "C2 x C2 x C2", "C3 x C3", "C2 x C4",
          "S3", "D8", "D10", "D12", "D16", "Q8", "Q12", "Q16", "A4", "S4",
          "A5", "S5", "A6", "UT(3,2)", "UT(3,3)", "UT(4,2)", "SL(2,3)", "GL(2,3)", "SL(2,5)", "PSL(2,7)",
          "PSL(2,8)", "AGL(1,5)", "AGL(1,7)", "C3 x S3", "S3 x S3", "C5 x A4", "A4 x C3", "D8 x C2", "Q8 x C3",
          "S4 x C2", "C60", "D24", "Q32", "C7", "C9", "C15", "AGL(1,11)", "A5 x C2", "C2 x Q8", "S3 x C4"]
passed = failed = 0


def run(*args):
    p = subprocess.run([lt] + list(args), capture_output=True, text=True)
    if p.returncode:
        raise RuntimeError("%s: exit %d: %s" % (" ".join(args), p.returncode, p.stderr.strip()))
    return json.loads(p.stdout)


def parse_cycles(s, n):
    img = list(range(n))
    for cyc in s.replace(")(", ") (").split():
        pts = [int(x) - 1 for x in cyc.strip("()").split(",") if x]
        for i, a in enumerate(pts):
            img[a] = pts[(i + 1) % len(pts)]
    return img


def cycles(img):
    seen, out = set(), ""
    for a in range(len(img)):
        if a in seen or img[a] == a:
            continue
        c, b = [], a
        while b not in seen:
            seen.add(b)
            c.append(b + 1)
            b = img[b]
        out += "(" + ",".join(map(str, c)) + ")"
    return out or "()"


def mul(p, q):            # GAP's product: i^(pq) = (i^p)^q
    return [q[p[i]] for i in range(len(p))]


def spec(gens):
    return "Group(" + ", ".join(cycles(g) for g in gens) + ")"


def signature(obj):
    t = run("plan", obj, "--length", "64", "--json")
    rows = [(r["family"], r["fewest_layers_known_to_suffice"], r["fewest_layers_at_length"],
             r["most_layers_known_not_to_suffice"], r["impossible_at_every_depth"]) for r in t["families"]]
    i = run("info", obj, "--json")
    return {"rows": rows, "degrees": i["character_degrees"], "dim": i["minimal_faithful_real_dimension"],
            "householder": i["householder_reflections_per_token"],
            "permutation degree": i["minimal_faithful_permutation_degree"],
            "sizes": [r["size"] for r in t["families"]]}


for name in groups:
    try:
        info = run("info", name, "--json")
        n = info["degree"]
        gens = [parse_cycles(g, n) for g in info["generators"]]
        # relabelled: a random bijection onto points shifted up by 0..3
        shift = rng.randrange(4)
        perm = list(range(shift, n + shift))
        rng.shuffle(perm)
        N = n + shift
        relabel = []
        for g in gens:
            h = list(range(N))
            for a in range(n):
                h[perm[a]] = perm[g[a]]
            relabel.append(h)
        # another generating set: g_i g_(i+1), the last kept
        other = [mul(gens[i], gens[i + 1]) for i in range(len(gens) - 1)] + [gens[-1]] if len(gens) > 1 else \
                [gens[0], mul(gens[0], gens[0])]
        want = signature(name)
        for label, obj in (("relabelled", spec(relabel)), ("other generators", spec(other))):
            got = signature(obj)
            if got == want:
                passed += 1
            else:
                failed += 1
                for k in want:
                    if want[k] != got[k]:
                        print("FAIL invariance: %s %s (%s): %s: %s, named %s" % (name, label, obj, k, got[k], want[k]))
    except Exception as e:           # a command that failed is a failure
        failed += 1
        print("FAIL invariance: %s: %s" % (name, e))
print("invariance: %d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
PY
