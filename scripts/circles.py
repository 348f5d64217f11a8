#!/usr/bin/env python3
"""Import circles among src/ files: file A uses a function or variable that
file B defines and B uses one that A defines (directly or through a longer
loop). Reads the symbol tables of the built objects (nm), so run `make` first.

usage: scripts/circles.py [BUILD_DIR]   (default build/rel); exit 1 if any circle
"""
import glob, os, subprocess, sys

build = sys.argv[1] if len(sys.argv) > 1 else "build/rel"
objs = sorted(glob.glob(os.path.join(build, "src", "*", "*.o")))
if not objs:
    sys.exit("circles: no objects under %s/src (run make first)" % build)
defs, uses = {}, {}
for o in objs:
    f = os.path.relpath(o, build)[:-2] + ".c"
    uses[f] = set()
    for line in subprocess.run(["nm", "-P", o], capture_output=True, text=True).stdout.splitlines():
        name, kind = line.split()[:2]
        if kind == "U":
            uses[f].add(name)
        elif kind in "TDBRCV":
            defs[name] = f
edges = {f: {} for f in uses}
for f, syms in uses.items():
    for s in syms:
        g = defs.get(s)
        if g and g != f:
            edges[f].setdefault(g, []).append(s)

# Tarjan's strongly connected components.
index, low, stack, on, comps = {}, {}, [], set(), []
def visit(v):
    index[v] = low[v] = len(index); stack.append(v); on.add(v)
    for w in edges[v]:
        if w not in index:
            visit(w); low[v] = min(low[v], low[w])
        elif w in on:
            low[v] = min(low[v], index[w])
    if low[v] == index[v]:
        c = []
        while True:
            w = stack.pop(); on.discard(w); c.append(w)
            if w == v: break
        if len(c) > 1: comps.append(sorted(c))
sys.setrecursionlimit(10000)
for v in sorted(edges):
    if v not in index: visit(v)
for c in comps:
    print("circle: " + " ".join(c))
    for a in c:
        for b in c:
            if b in edges[a]:
                print("  %s -> %s: %s" % (a, b, " ".join(sorted(edges[a][b])[:6])))
print("%d circle(s) among %d files" % (len(comps), len(edges)))
sys.exit(1 if comps else 0)
