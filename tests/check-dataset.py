#!/usr/bin/python3
"""Independent check of 'lietool table' and 'lietool dataset' (standard
library only).

Rebuilds, with itertools, the groups of the word-problem generator
(jopetty/word-problem, on the abstract_algebra package): S_n as
itertools.permutations of (1..n) multiplied as functions, (p*q)(i) = p(q(i));
A_n the even ones in that order; Z_n as a^0, a^1, ...; D_m as r^k then r^k s;
H3 as triples (a,b,c) mod 2; G x H in itertools.product order. The running
product is the generator's: acc = 0, acc = index(elements[acc] * elements[x]).
GAP's convention is rebuilt from the generators lietool prints: all elements,
sorted by their image lists, multiplied left factor first.

Then compares, for S3, S4, A5, C60, C5 x A4, D8 and H3: the elements and
table of 'lietool table --json' (both conventions), the rows of 'lietool
dataset generate' (the SplitMix64 draws of lietool-formats(5), distinct words,
the seed column and every target), and 'lietool dataset check' on files
written here. Prints "check-dataset: N checks passed" or the failures.

    LIETOOL=./lietool /usr/bin/python3 tests/check-dataset.py
"""
import csv
import io
import itertools
import json
import os
import subprocess
import sys

LIETOOL = os.environ.get("LIETOOL", "./lietool")
MASK = (1 << 64) - 1
passed = 0
failed = 0


def ok(cond, what):
    global passed, failed
    if cond:
        passed += 1
    else:
        failed += 1
        print("FAIL", what)


def run(*args, status=0):
    p = subprocess.run([LIETOOL, *args], capture_output=True, text=True)
    ok(p.returncode == status, f"lietool {' '.join(args)}: exit {p.returncode}, expected {status}: {p.stderr.strip()}")
    return p.stdout


# ---- groups as the generator builds them: (names, product on indices)

def compose(p, q):
    """abstract_algebra's Perm product: apply q, then p (1-based tuples)."""
    return tuple(p[q[i] - 1] for i in range(len(p)))


def from_perms(perms):
    index = {p: i for i, p in enumerate(perms)}
    names = [str(p) for p in perms]
    table = [[index[compose(a, b)] for b in perms] for a in perms]
    return names, table


def symmetric(n):
    return from_perms(list(itertools.permutations(range(1, n + 1))))


def alternating(n):
    """S_n's commutator subgroup, its elements in their order in S_n."""
    perms = list(itertools.permutations(range(1, n + 1)))
    inv = {p: tuple(sorted(range(1, n + 1), key=lambda i: p[i - 1])) for p in perms}
    comm = {compose(compose(a, b), compose(inv[a], inv[b])) for a in perms for b in perms}
    closed = set(comm)
    while True:
        more = {compose(a, b) for a in closed for b in closed} - closed
        if not more:
            break
        closed |= more
    return from_perms([p for p in perms if p in closed])


def cyclic(n):
    names = ["e", "a"] + [f"a^{i}" for i in range(2, n)]
    return names[:n], [[(i + j) % n for j in range(n)] for i in range(n)]


def dihedral(m):
    k = m // 2
    pairs = [(i, 0) for i in range(k)] + [(i, 1) for i in range(k)]
    names = [f"r{i}" for i in range(k)] + [f"s{i}" for i in range(k)]

    def mul(a, b):
        (i, f), (j, g) = a, b
        return ((i - j) % k if f else (i + j) % k, f ^ g)
    return names, [[pairs.index(mul(a, b)) for b in pairs] for a in pairs]


def heisenberg(p):
    trip = list(itertools.product(range(p), repeat=3))
    names = [f"({a},{b},{c})" for a, b, c in trip]

    def mul(x, y):
        return ((x[0] + y[0]) % p, (x[1] + y[1]) % p, (x[2] + y[2] + x[0] * y[1]) % p)
    return names, [[trip.index(mul(x, y)) for y in trip] for x in trip]


def product(g, h):
    (gn, gt), (hn, ht) = g, h
    pairs = list(itertools.product(range(len(gn)), range(len(hn))))
    names = [f"{gn[a]}:{hn[b]}" for a, b in pairs]
    nh = len(hn)
    table = [[gt[a][c] * nh + ht[b][d] for c, d in pairs] for a, b in pairs]
    return names, table


# ---- GAP's convention from lietool's generators

def parse_cycles(s, n):
    img = list(range(1, n + 1))
    for cyc in s.replace(")(", ")|(").split("|"):
        pts = [int(x) for x in cyc.strip("()").split(",") if x]
        for i, x in enumerate(pts):
            img[x - 1] = pts[(i + 1) % len(pts)]
    return tuple(img)


def gap_group(spec):
    info = json.loads(run("info", spec, "--json"))
    n = info["degree"]
    gens = [parse_cycles(g, n) for g in info["generators"]]
    one = tuple(range(1, n + 1))
    seen, todo = {one}, [one]
    while todo:
        x = todo.pop()
        for g in gens:
            y = tuple(g[x[i] - 1] for i in range(n))     # x, then g
            if y not in seen:
                seen.add(y)
                todo.append(y)
    perms = sorted(seen)
    index = {p: i for i, p in enumerate(perms)}
    # GAP: x^(ab) = (x^a)^b, the left factor first
    table = [[index[tuple(b[a[i] - 1] for i in range(n))] for b in perms] for a in perms]
    return perms, table


# ---- the documented random words

class SplitMix64:
    def __init__(self, seed):
        self.state = seed & MASK

    def next(self):
        self.state = (self.state + 0x9E3779B97F4A7C15) & MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
        return z ^ (z >> 31)

    def below(self, n):
        rem = (1 << 64) % n
        while True:
            x = self.next()
            if x < (1 << 64) - rem:
                return x % n


def words(n, length, samples, seed):
    if n ** length <= samples:
        return [list(w) for w in itertools.product(range(n), repeat=length)]
    rng, seen, out = SplitMix64(seed), set(), []
    while len(out) < samples:
        w = tuple(rng.below(n) for _ in range(length))
        if w not in seen:
            seen.add(w)
            out.append(list(w))
    return out


def scan(table, word):
    acc, out = 0, []
    for x in word:
        acc = table[acc][x]
        out.append(acc)
    return out


def read_csv(text):
    rows = list(csv.reader(io.StringIO(text)))
    return rows[0], rows[1:]


GROUPS = [
    ("S3", lambda: symmetric(3)),
    ("S4", lambda: symmetric(4)),
    ("A5", lambda: alternating(5)),
    ("C60", lambda: cyclic(60)),
    ("C5 x A4", lambda: product(cyclic(5), alternating(4))),
    ("D8", lambda: dihedral(8)),
    ("H3", lambda: heisenberg(2)),
]


def check_group(spec, build, tmp):
    names, table = build()
    got = json.loads(run("table", spec, "--json"))
    ok(got["elements"] == names, f"{spec}: elements of 'table --json'")
    ok(got["table"] == table, f"{spec}: table of 'table --json'")
    length, samples, seed = 12, 40, 11
    header, rows = read_csv(run("dataset", "generate", spec, "--length", str(length),
                                "--samples", str(samples), "--seed", str(seed)))
    ok(header == ["seed", "input", "target"], f"{spec}: header {header}")
    want = words(len(names), length, samples, seed)
    ok([[int(x) for x in r[1].split()] for r in rows] == want, f"{spec}: the words follow SplitMix64")
    ok(all(r[0] == str(seed) for r in rows), f"{spec}: the seed column")
    ok(all([int(x) for x in r[2].split()] == scan(table, [int(x) for x in r[1].split()]) for r in rows),
       f"{spec}: every target is the running product")
    # GAP's convention
    perms, gtable = gap_group(spec)
    got = json.loads(run("table", spec, "--json", "--convention", "gap"))
    ok(got["table"] == gtable, f"{spec}: GAP table")
    ok([parse_cycles(e, len(perms[0])) if e != "()" else perms[0] for e in got["elements"]] == perms,
       f"{spec}: GAP element order")
    _, rows = read_csv(run("dataset", "generate", spec, "--length", "9", "--samples", "25",
                           "--seed", "3", "--convention", "gap"))
    ok(all([int(x) for x in r[2].split()] == scan(gtable, [int(x) for x in r[1].split()]) for r in rows),
       f"{spec}: GAP targets")
    # a file written here, as the generator writes it, checks as abstract_algebra
    path = os.path.join(tmp, "words.csv")
    with open(path, "w") as f:
        f.write("seed,input,target\n")
        for w in words(len(names), 7, 30, 5):
            f.write(f"5,{' '.join(map(str, w))},{' '.join(map(str, scan(table, w)))}\n")
    out = json.loads(run("dataset", "check", path, spec, "--json"))
    abelian = all(table[i][j] == table[j][i] for i in range(len(table)) for j in range(len(table)))
    ok(out["abstract_algebra"]["wrong"] == 0 and out["rows"] == 30,
       f"{spec}: check of a file written here: {out}")
    if not abelian:
        ok(out["convention"] in ("abstract_algebra", "both"), f"{spec}: convention {out['convention']}")


def main():
    tmp = os.environ.get("TMPDIR", "/tmp")
    tmp = os.path.join(tmp, f"check-dataset.{os.getpid()}")
    os.makedirs(tmp, exist_ok=True)
    try:
        for spec, build in GROUPS:
            check_group(spec, build, tmp)
    finally:
        for f in os.listdir(tmp):
            os.remove(os.path.join(tmp, f))
        os.rmdir(tmp)
    print(f"check-dataset: {passed} checks passed" if not failed else f"check-dataset: {failed} failed, {passed} passed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
