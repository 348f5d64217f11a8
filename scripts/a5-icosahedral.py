#!/usr/bin/env python3
"""Writes algebras/reps/A5-icosahedral.rep: the icosahedral rotation
representation of A5, all 60 matrices, exact in Q(sqrt5).

Generators: (1,2,3) permutes the coordinate axes, and (1,3,5,2,4) (that is,
(0 2 4 1 3) on the points 0..4 of the rotation task's code) is the rotation
by 72 degrees of that code; their product has order 2 as the product of the
permutations has, so they define a faithful representation. The other
elements' matrices follow along the Cayley graph with GAP's convention
(rho(gh) = rho(g) rho(h), g acting first). Lines are in the order of the
elements' image lists (itertools.permutations order, the abstract_algebra
indexing of A5); the comment on each line gives that index.

    python3 scripts/a5-icosahedral.py > algebras/reps/A5-icosahedral.rep

Exact rational arithmetic (fractions), no other package. `lietool rep check A5 algebras/reps/A5-icosahedral.rep`
checks the result independently.
"""
import itertools
import math
from fractions import Fraction as F

# a + b sqrt5 as pairs of fractions
def mul(x, y):
    return (x[0] * y[0] + 5 * x[1] * y[1], x[0] * y[1] + x[1] * y[0])

def add(x, y):
    return (x[0] + y[0], x[1] + y[1])

def matmul(A, B):
    n = len(A)
    return tuple(tuple(sum_(mul(A[i][k], B[k][j]) for k in range(n)) for j in range(n)) for i in range(n))

def sum_(it):
    s = (F(0), F(0))
    for t in it:
        s = add(s, t)
    return s

def q(p, r=0):
    return (F(p), F(r))

half = F(1, 2)
a = (F(-1, 4), F(1, 4))      # (sqrt5 - 1)/4
b = (F(1, 4), F(1, 4))       # (sqrt5 + 1)/4
neg = lambda x: (-x[0], -x[1])
A = ((q(0), q(0), q(1)), (q(1), q(0), q(0)), (q(0), q(1), q(0)))
B = ((a, neg(b), q(half)), (b, q(half), a), (q(-half), a, b))

def cyc(c, n=5):
    p = list(range(n))
    for i in range(len(c)):
        p[c[i]] = c[(i + 1) % len(c)]
    return tuple(p)

def pmul(p, r):             # GAP: p acts first
    return tuple(r[p[i]] for i in range(len(p)))

gens = [(cyc([0, 1, 2]), A), (cyc([0, 2, 4, 1, 3]), B)]
one = tuple(tuple(q(int(i == j)) for j in range(3)) for i in range(3))
rho = {tuple(range(5)): one}
queue = [tuple(range(5))]
for x in queue:
    for g, M in gens:
        y = pmul(x, g)
        if y not in rho:
            rho[y] = matmul(rho[x], M)
            queue.append(y)
        else:
            assert rho[y] == matmul(rho[x], M), "not a homomorphism"
assert len(rho) == 60 and len(set(rho.values())) == 60

def cycles(p):
    seen, out = set(), ""
    for i in range(len(p)):
        if i in seen or p[i] == i:
            continue
        c, j = [], i
        while j not in seen:
            seen.add(j)
            c.append(str(j + 1))
            j = p[j]
        out += "(" + ",".join(c) + ")"
    return out or "()"

def entry(x):
    """a + b sqrt5 as lietool reads it: 1/2, (sqrt5-1)/4, -(sqrt5+1)/4"""
    r, s = x
    if s == 0:
        return str(r.numerator) if r.denominator == 1 else "%d/%d" % (r.numerator, r.denominator)
    if s < 0:
        return "-" + entry((-r, -s))
    d = r.denominator * s.denominator // math.gcd(r.denominator, s.denominator)
    R, S = int(r * d), int(s * d)
    num = "sqrt5" if S == 1 else "%d*sqrt5" % S
    if R:
        num = "(%s%+d)" % (num, R)
    return num if d == 1 else "%s/%d" % (num, d)

print("# The icosahedral representation of A5: its 60 rotations of space, exact")
print("# in Q(sqrt5). Written by scripts/a5-icosahedral.py; checked by")
print("# 'lietool rep check A5 algebras/reps/A5-icosahedral.rep'.")
print("# Generators: (1,2,3) permutes the axes, (1,3,5,2,4) is the rotation by 72")
print("# degrees of the rotation task's code; rho(gh) = rho(g) rho(h), g acting")
print("# first (row vectors: v -> v rho(g)). Lines in the order of the elements'")
print("# image lists, the abstract_algebra indexing of A5 (comment: the index).")
print("name A5-icosahedral")
print("group A5")
print("points 1")
print("convention gap")
even = [p for p in itertools.permutations(range(5))
        if sum(1 for i in range(5) for j in range(i + 1, 5) if p[i] > p[j]) % 2 == 0]
for idx, p in enumerate(even):
    M = rho[p]
    rows = ", ".join("[" + ", ".join(entry(x) for x in row) + "]" for row in M)
    print("%s = [%s]   # %d" % (cycles(p), rows, idx))
