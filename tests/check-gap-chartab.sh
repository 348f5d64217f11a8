#!/bin/sh
# Compare 'lietool character-table G --json' with GAP's character tables.
#
#   sh tests/check-gap-chartab.sh ./lietool     (part of 'make check-gap')
#
# One GAP process writes the expected answers, one line per group:
#   LABEL <tab> OBJECT <tab> {expected JSON fields}
# (OBJECT is what lietool is given: a name such as PSL(2,7) or Q16, a product
# such as "S3 x C4", or GAP syntax Group((1,2,3),(1,2)); LABEL says how GAP
# built the group). The groups (1671): S1-S10, A1-A10, C1-C16, D2-D24,
# Q4-Q40, PSL(2,q) for q <= 37, 49, 64, 81, 101, SL(2,q) for q <= 13 and
# 17 <= q <= 27, GL(2,q)
# for q <= 7, AGL(1,p), UT(3,p), UT(4,2), M9-M12, M22, PSL(3,3), PSL(3,4),
# PSL(3,5), PSL(3,7), PSU(3,3), PSU(3,4), Sz(8), 2^4:A5, 2^4:S5, 2^4.A6,
# direct products, wreath products, all SmallGroups of order <= 100 (as
# permutation groups of degree <= 100) and the transitive groups of degree
# <= 12 and order <= 100000. For the largest (PSL(2,q) for q >= 32, SL(2,q)
# for q >= 17, PSL(3,5), PSL(3,7), M22, A9, A10, Sz(8), PSU(3,4)) GAP's table
# comes from its character table library (CharacterTable("L2(49)"), ...),
# whose Size is checked against the group's; the rest is CharacterTable(G).
#
# GAP's side (GAP 4.12, tbl := CharacterTable(G)):
#   order, exponent       Size(G), the lcm of the element orders
#   classes               the multiset of (element order, class size):
#                         OrdersClassRepresentatives(tbl), SizesConjugacyClasses(tbl)
#   characters            the multiset of (degree, Frobenius-Schur indicator
#                         Indicator(tbl, 2), the sorted values as complex
#                         numbers rounded to 6 digits); the values come from
#                         String(Irr(tbl)[i][j]), sums of c*E(n)^k that the
#                         Python side evaluates. The exact strings are also
#                         compared as a multiset of sorted lists ("value_strings":
#                         lietool promises GAP's String() form)
#   real_representations  the multiset of (dimension, reflection_length): one
#                         real representation psi per real irreducible (chi if
#                         the indicator is 1, chi + conj(chi) for a pair of
#                         indicator 0, 2 chi if it is -1); its reflection length
#                         is the largest dim - dim Fix(g) over the classes, with
#                         dim Fix(g) = (1/|g|) sum_{j<|g|} psi(g^j) (PowerMap(tbl, j, i))
#   character_degrees     the sorted degrees
#   several_heads         the least N such that the real irreducibles of
#                         reflection length <= N have a trivial common kernel
#   one_head, minimal_faithful_real_dimension
#                         by a search over the sets of distinct real irreducibles
#                         (the least max over g of the summed codimensions, and
#                         the least dimension, of a faithful sum): all the sets
#                         when the group has at most 16 real irreducibles, else
#                         a search of at most 20000 steps; when that gives up,
#                         only if the lower bound (a faithful sum holds a
#                         non-trivial irreducible) is reached by a faithful one.
#                         The empty sum counts: it is faithful on the trivial
#                         group (dimension 0)
# and laws of lietool's table alone: values_float agrees with the exact values
# to 1e-9; row and column orthogonality (1e-6); the sum of the squared degrees
# is |G|; size * centralizer_order = |G|; a representative's cycle type has the
# class's element order; kernels are where chi(g) = chi(1); a power map for
# every prime dividing |G| and no other, mapping a class of element order o to
# one of order o/gcd(o,p), with chi(g^p) the Galois conjugate E(n) -> E(n)^p of
# chi(g) when p does not divide o; each real representation's dimension,
# faithful flag and kernel agree with its characters; the reflection lengths
# recomputed from lietool's own values and power maps agree with the ones it
# prints; several_heads <= one_head (one_head is only compared with GAP's when
# one_head_exact is true; otherwise it must not be below GAP's).
#
# Prints one line per mismatch and ends with "N passed, N failed"; exits 1 on
# any mismatch, 0 otherwise (and 0 with a message when gap is not installed or
# lietool has no character-table command yet).

LIETOOL=${1:-./lietool}

. "$(dirname "$0")/../scripts/gap-env.sh"
gap_env check-gap-chartab

"$LIETOOL" character-table C2 >/dev/null 2>&1
if [ $? -eq 2 ]; then
    echo "check-gap-chartab: character-table not available in $LIETOOL; nothing compared"
    exit 0
fi

# ---------------------------------------------------------------- GAP side
cat >"$tmp/head.g" <<'EOF'
# TMPDIR_ is bound by the caller (init.g, read first); CycStr and GapSyntax
# come from tests/gap-syntax.g
OUT := OutputTextFile(Concatenation(TMPDIR_, "/expected.txt"), false);
SetPrintFormattingStatus(OUT, false);

JStr := x -> Concatenation("\"", String(x), "\"");
JList := l -> Concatenation("[", JoinStringsWithSeparator(List(l, String), ", "), "]");
JStrList := l -> Concatenation("[", JoinStringsWithSeparator(List(l, JStr), ", "), "]");

# the real irreducible representations of tbl: records with the dimension,
# the codimension dim - dim Fix(g) on every class, and the kernel as a blist
RealReps := function(tbl)
  local irr, ind, ord, k, pw, seen, reps, i, j, psi, dim;
  irr := List(Irr(tbl), ValuesOfClassFunction);
  ind := Indicator(tbl, 2);
  ord := OrdersClassRepresentatives(tbl);
  k := Length(ord);
  # pw[c]: the classes of g^0, g^1, ..., g^(|g|-1) for g in class c
  pw := List([1 .. k], c -> List([0 .. ord[c] - 1], j -> PowerMap(tbl, j, c)));
  seen := BlistList([1 .. k], []);
  reps := [];
  for i in [1 .. k] do
    if seen[i] then continue; fi;
    seen[i] := true;
    if ind[i] = 1 then
      psi := irr[i];
    elif ind[i] = -1 then
      psi := 2 * irr[i];
    else
      j := Position(irr, ComplexConjugate(irr[i]));
      seen[j] := true;
      psi := irr[i] + irr[j];
    fi;
    dim := psi[1];
    Add(reps, rec(dim := dim,
                  codim := List([1 .. k], c -> dim - Sum(psi{pw[c]}) / ord[c]),
                  ker := List(psi, v -> v = dim)));
  od;
  for i in reps do i.rl := Maximum(i.codim); od;
  return reps;
end;

# several_heads, one_head, minimal_faithful_real_dimension of the real
# representations reps on k classes (class 1 the identity); the last two
# are fail when the search below gives up
Heads := function(reps, k)
  local triv, all, sh, N, ker, r, cand, best1, bestd, low1, lowd, budget, nodes, dfs;
  triv := BlistList([1 .. k], [1]);
  all := BlistList([1 .. k], [1 .. k]);
  sh := fail;
  for N in Set(List(reps, r -> r.rl)) do
    ker := ShallowCopy(all);
    for r in Filtered(reps, r -> r.rl <= N) do IntersectBlist(ker, r.ker); od;
    if ker = triv then sh := N; break; fi;
  od;
  # the trivial representation never helps: left out
  cand := Filtered(reps, r -> r.ker <> all);
  if cand = [] then return [sh, 0, 0]; fi;
  SortBy(cand, r -> [r.dim, r.rl]);
  # a search over the sets of distinct non-trivial real irreducibles: every
  # set when there are at most 16, else at most 20000 steps
  if Length(cand) <= 16 then budget := infinity; else budget := 20000; fi;
  best1 := infinity; bestd := infinity; nodes := 0;
  dfs := function(pos, ker, codim, dim)
    local m, nk;
    nodes := nodes + 1;
    if nodes > budget then return; fi;
    m := Maximum(codim);
    if dim >= bestd and m >= best1 then return; fi;
    if ker = triv then
      # a faithful sum: adding more only raises both numbers
      best1 := Minimum(best1, m);
      bestd := Minimum(bestd, dim);
      return;
    fi;
    if pos > Length(cand) then return; fi;
    # a representation whose kernel holds the kernel so far adds nothing
    nk := IntersectionBlist(ker, cand[pos].ker);
    if nk <> ker then
      dfs(pos + 1, nk, codim + cand[pos].codim, dim + cand[pos].dim);
    fi;
    dfs(pos + 1, ker, codim, dim);
  end;
  dfs(1, all, List([1 .. k], c -> 0), 0);
  if nodes <= budget then return [sh, best1, bestd]; fi;
  # given up: a faithful sum holds a non-trivial representation r, and its
  # numbers are at least r's: exact when the least of them is a faithful r's
  low1 := Minimum(List(cand, r -> r.rl));
  lowd := Minimum(List(cand, r -> r.dim));
  if not ForAny(cand, r -> r.rl = low1 and r.ker = triv) then low1 := fail; fi;
  if not ForAny(cand, r -> r.dim = lowd and r.ker = triv) then lowd := fail; fi;
  return [sh, low1, lowd];
end;

NCASES := 0;
# the expected answers for the group G with the character table tbl
ExpectTable := function(label, object, G, tbl)
  local irr, ind, reps, k, h, chars, fields;
  if Size(tbl) <> Size(G) then Error(label, ": the table is not G's"); fi;
  irr := Irr(tbl);
  ind := Indicator(tbl, 2);
  k := Length(irr);
  reps := RealReps(tbl);
  h := Heads(reps, k);
  chars := List([1 .. k], i -> Concatenation("{\"degree\": ", String(irr[i][1]),
    ", \"indicator\": ", String(ind[i]), ", \"values\": ", JStrList(irr[i]), "}"));
  fields := [
    Concatenation("\"order\": ", JStr(Size(G))),
    Concatenation("\"exponent\": ", JStr(Lcm(OrdersClassRepresentatives(tbl)))),
    Concatenation("\"classes\": [", JoinStringsWithSeparator(List([1 .. k], i ->
      Concatenation("[", String(OrdersClassRepresentatives(tbl)[i]), ", ",
                    JStr(SizesConjugacyClasses(tbl)[i]), "]")), ", "), "]"),
    Concatenation("\"characters\": [", JoinStringsWithSeparator(chars, ", "), "]"),
    Concatenation("\"real_representations\": [", JoinStringsWithSeparator(List(reps, r ->
      Concatenation("[", String(r.dim), ", ", String(r.rl), "]")), ", "), "]"),
    Concatenation("\"character_degrees\": ", JList(SortedList(List(irr, x -> x[1])))),
    Concatenation("\"several_heads\": ", String(h[1]))];
  if h[2] <> fail then Add(fields, Concatenation("\"one_head\": ", String(h[2]))); fi;
  if h[3] <> fail then Add(fields, Concatenation("\"minimal_faithful_real_dimension\": ", String(h[3]))); fi;
  PrintTo(OUT, label, "\t", object, "\t{", JoinStringsWithSeparator(fields, ", "), "}\n");
  NCASES := NCASES + 1;
end;
Expect := function(label, object, G) ExpectTable(label, object, G, CharacterTable(G)); end;
# the table from GAP's character table library (ctbllib) by its name there
Library := function(object, G, name)
  ExpectTable(Concatenation(object, " (CharacterTable(\"", name, "\"))"), object, G, CharacterTable(name));
end;

Dih := m -> DihedralGroup(IsPermGroup, m);
Dic := m -> DicyclicGroup(IsPermGroup, m);
CycP := n -> CyclicGroup(IsPermGroup, n);
UT := function(n, p)
  local gens, i, m;
  gens := [];
  for i in [1 .. n - 1] do
    m := MutableCopyMat(IdentityMat(n, GF(p)));
    m[i][i + 1] := One(GF(p));
    Add(gens, m);
  od;
  return Group(gens);
end;
AGL1 := function(p)
  local a;
  a := PrimitiveRootMod(p);
  if p = 2 then return Group(PermList([2, 1])); fi;
  return Group(PermList(Concatenation([2 .. p], [1])),
               PermList(List([0 .. p - 1], x -> (a * x) mod p + 1)));
end;
# Image(h, G), not Image(h): see tests/check-gap.sh
AsPerm := function(G)
  local H;
  H := Image(IsomorphismPermGroup(G), G);
  if Size(H) <> Size(G) then Error("AsPerm: image of the wrong order"); fi;
  return H;
end;
# SmallerDegreePermutationRepresentation is random: the same groups every run
Small := function(G)
  Reset(GlobalMersenneTwister, 1);
  Reset(GlobalRandomSource, 1);
  return Image(SmallerDegreePermutationRepresentation(G));
end;
Named := function(name, G) Expect(name, name, G); end;
Pasted := function(label, G) Expect(label, GapSyntax(G), G); end;
EOF

cat >"$tmp/cases.g" <<'EOF'
# ---- lietool's names
for n in [1 .. 7] do Named(Concatenation("S", String(n)), SymmetricGroup(n)); od;
for n in [1 .. 8] do Named(Concatenation("A", String(n)), AlternatingGroup(n)); od;
for n in [1 .. 16] do Named(Concatenation("C", String(n)), CycP(n)); od;
for m in [2, 4 .. 24] do Named(Concatenation("D", String(m)), Dih(m)); od;
for m in [4, 8 .. 40] do Named(Concatenation("Q", String(m)), Dic(m)); od;
# (PSL(2,32) and PSL(2,49) take GAP 4-7 s: left out)
for q in [2, 3, 4, 5, 7, 8, 9, 11, 13, 16, 17, 19, 23, 25, 27, 29, 31, 37] do
  Named(Concatenation("PSL(2,", String(q), ")"), PSL(2, q));
od;
for q in [2, 3, 4, 5, 7, 9, 11, 13] do
  Named(Concatenation("SL(2,", String(q), ")"), AsPerm(SL(2, q)));
od;
for q in [2, 3, 4, 5, 7] do
  Named(Concatenation("GL(2,", String(q), ")"), AsPerm(GL(2, q)));
od;
for p in [2, 3, 5, 7, 11, 13, 17] do
  Named(Concatenation("AGL(1,", String(p), ")"), AGL1(p));
od;
for p in [2, 3, 5, 7] do
  Named(Concatenation("UT(3,", String(p), ")"), AsPerm(UT(3, p)));
od;
Named("UT(4,2)", AsPerm(UT(4, 2)));
Named("H3", AsPerm(UT(3, 2)));
Named("Heis(5)", AsPerm(UT(3, 5)));
for n in [9 .. 12] do Named(Concatenation("M", String(n)), MathieuGroup(n)); od;
Named("PSL(3,3)", PSL(3, 3));
Named("PSL(3,4)", PSL(3, 4));
Pasted("PSU(3,3)", PSU(3, 3));
Pasted("PrimitiveGroup(16,19) = 2^4:A5", PrimitiveGroup(16, 19));
Pasted("PrimitiveGroup(16,18) = 2^4:S5", PrimitiveGroup(16, 18));
Pasted("PrimitiveGroup(16,17) = 2^4.A6", PrimitiveGroup(16, 17));

# ---- larger groups: GAP's tables from its library (Dixon-Schneider in GAP
# takes seconds to minutes for these)
for q in [32, 49, 64, 81, 101] do
  Library(Concatenation("PSL(2,", String(q), ")"), PSL(2, q), Concatenation("L2(", String(q), ")"));
od;
for q in [17, 19, 23, 25, 27] do
  Library(Concatenation("SL(2,", String(q), ")"), SL(2, q), Concatenation("2.L2(", String(q), ")"));
od;
Library("PSL(3,5)", PSL(3, 5), "L3(5)");
Library("PSL(3,7)", PSL(3, 7), "L3(7)");
Library("M22", MathieuGroup(22), "M22");
Library("A9", AlternatingGroup(9), "A9");
Library("A10", AlternatingGroup(10), "A10");
Named("S8", SymmetricGroup(8));
Named("S9", SymmetricGroup(9));
Named("S10", SymmetricGroup(10));
G := SuzukiGroup(IsPermGroup, 8);
ExpectTable("Sz(8)", GapSyntax(G), G, CharacterTable("Sz(8)"));
G := PSU(3, 4);
ExpectTable("PSU(3,4)", GapSyntax(G), G, CharacterTable("U3(4)"));

# ---- products in lietool's spellings
for pr in [ ["S3 x C4", SymmetricGroup(3), CycP(4)],
            ["D8 x Q8", Dih(8), Dic(8)],
            ["A4xC3", AlternatingGroup(4), CycP(3)],
            ["A5 x C2", AlternatingGroup(5), CycP(2)],
            ["S4_x_S3", SymmetricGroup(4), SymmetricGroup(3)],
            ["Q8 x C4", Dic(8), CycP(4)],
            ["Q8 x Q8", Dic(8), Dic(8)],
            ["A5 x A5", AlternatingGroup(5), AlternatingGroup(5)],
            ["PSL(2,7) x S3", PSL(2, 7), SymmetricGroup(3)],
            ["SL(2,3) x C2", AsPerm(SL(2, 3)), CycP(2)],
            ["SL(2,5) x C3", AsPerm(SL(2, 5)), CycP(3)],
            ["D10 x D6", Dih(10), Dih(6)],
            ["C4 x C6", CycP(4), CycP(6)] ] do
  Named(pr[1], DirectProduct(pr[2], pr[3]));
od;
Named("C2 x C2 x C2", DirectProduct(CycP(2), CycP(2), CycP(2)));
Named("C2 x C2 x C2 x C2", DirectProduct(CycP(2), CycP(2), CycP(2), CycP(2)));
Named("C3 x C3 x C3", DirectProduct(CycP(3), CycP(3), CycP(3)));
Named("S3 x S3 x C2", DirectProduct(SymmetricGroup(3), SymmetricGroup(3), CycP(2)));

# ---- wreath products, in GAP syntax
for pr in [ [ "C2 wr C2", CycP(2), CycP(2) ],
            [ "C3 wr C2", CycP(3), CycP(2) ],
            [ "C2 wr C3", CycP(2), CycP(3) ],
            [ "S3 wr C2", SymmetricGroup(3), CycP(2) ],
            [ "C2 wr S3", CycP(2), SymmetricGroup(3) ],
            [ "C3 wr S3", CycP(3), SymmetricGroup(3) ],
            [ "C3 wr C3", CycP(3), CycP(3) ],
            [ "C4 wr C2", CycP(4), CycP(2) ],
            [ "Q8 wr C2", Dic(8), CycP(2) ],
            [ "C2 wr S4", CycP(2), SymmetricGroup(4) ],
            [ "C2 wr (C2 wr C2)", CycP(2), WreathProduct(CycP(2), CycP(2)) ],
            [ "S4 wr C2", SymmetricGroup(4), CycP(2) ],
            [ "S3 wr S3", SymmetricGroup(3), SymmetricGroup(3) ],
            [ "D8 wr C3", Dih(8), CycP(3) ],
            [ "C5 wr C4", CycP(5), CycP(4) ],
            [ "A5 wr C2", AlternatingGroup(5), CycP(2) ] ] do
  Pasted(Concatenation("WreathProduct(", pr[1], ")"), WreathProduct(pr[2], pr[3]));
od;

# ---- all groups of order <= 100 as permutation groups: of small degree up
# to order 32, GAP's IsomorphismPermGroup (degree <= n) above, where
# SmallerDegreePermutationRepresentation takes longer than the tables; GAP's
# table is the one of the polycyclic group
for n in [1 .. 100] do
  for k in [1 .. NrSmallGroups(n)] do
    P := SmallGroup(n, k);
    if n <= 32 then G := Small(AsPerm(P)); else G := AsPerm(P); fi;
    ExpectTable(Concatenation("SmallGroup(", String(n), ",", String(k), ")"), GapSyntax(G), G, CharacterTable(P));
  od;
od;

# ---- transitive groups of degree <= 12 and order <= 100000
for d in [2 .. 12] do
  for k in [1 .. NrTransitiveGroups(d)] do
    G := TransitiveGroup(d, k);
    if Size(G) <= 100000 then
      Pasted(Concatenation("TransitiveGroup(", String(d), ",", String(k), ")"), G);
    fi;
  od;
od;
EOF

cat >"$tmp/tail.g" <<'EOF'
CloseStream(OUT);
Print("GAP ", GAPInfo.Version, ": ", NCASES, " groups\n");
QUIT;
EOF

echo "check-gap-chartab: computing the character tables with GAP"
printf 'TMPDIR_ := "%s";\n' "$tmp" >"$tmp/init.g"
if ! timeout 300 gap -q --quitonbreak "$tmp/init.g" "$(dirname "$0")/gap-syntax.g" "$tmp/head.g" \
       "$tmp/cases.g" "$tmp/tail.g" </dev/null >"$tmp/gap.log" 2>&1 \
   || ! grep -q '^GAP .* groups$' "$tmp/gap.log"; then
    echo "check-gap-chartab: GAP failed to compute the expected answers:" >&2
    tail -20 "$tmp/gap.log" >&2
    exit 1
fi

# ---------------------------------------------------------------- lietool side
cat >"$tmp/compare.py" <<'EOF'
import cmath, json, math, os, re, subprocess, sys
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction
try:
    import numpy     # only to make the orthogonality check faster
except ImportError:
    numpy = None

lietool, expected_path = sys.argv[1], sys.argv[2]
TIMEOUT = 30    # seconds per group
cases = []
with open(expected_path) as f:
    for line in f:
        label, obj, js = line.rstrip("\n").split("\t")
        cases.append((label, obj, json.loads(js)))

# ---- cyclotomics in GAP's String() form: sums of terms c*E(n)^k, c an
# integer or p/q (the coefficient 1 and the power 1 left out)
TERM = re.compile(r"([+-]?)(?:(\d+)(?:/(\d+))?(\*)?)?(?:E\((\d+)\)(?:\^(\d+))?)?")

def cyc_terms(s):
    """[(Fraction c, n, k)] for a string, or None if it is not of that form"""
    if not isinstance(s, str) or not s:
        return None
    terms, pos = [], 0
    while pos < len(s):
        m = TERM.match(s, pos)
        if not m or m.end() == pos:
            return None
        sign, num, den, star, n, k = m.groups()
        if pos > 0 and not sign:
            return None
        if num is None and n is None:
            return None
        if star and n is None or (num is not None and n is not None and not star):
            return None
        c = Fraction(int(num), int(den) if den else 1) if num is not None else Fraction(1)
        if sign == "-":
            c = -c
        terms.append((c, int(n) if n else 1, int(k) if k else (1 if n else 0)))
        pos = m.end()
    return terms

def cyc_value(terms):
    return sum(float(c) * cmath.exp(2j * math.pi * k / n) for c, n, k in terms)

def galois(terms, p):
    return [(c, n, k * p % n) for c, n, k in terms]

def phi(n):
    r, m, q = n, n, 2
    while q * q <= m:
        if m % q == 0:
            r -= r // q
            while m % q == 0:
                m //= q
        q += 1
    return r - r // m if m > 1 else r

def mobius(n):
    r, q = 1, 2
    while q * q <= n:
        if n % q == 0:
            n //= q
            if n % q == 0:
                return 0
            r = -r
        q += 1
    return -r if n > 1 else r

def trace(terms, m):
    """the trace from Q(E(m)) to Q of a value in Q(E(m)): the sum of its
    conjugates E(m) -> E(m)^e, e prime to m; exact when every term's E(n)
    has n dividing m (as in GAP's form, whose n is the conductor)"""
    if any(m % n for c, n, k in terms):
        # a trace of an algebraic integer is an integer
        z = sum(cyc_value(galois(terms, e)) for e in range(1, m + 1) if math.gcd(e, m) == 1)
        return Fraction(round(z.real))
    t = Fraction(0)
    for c, n, k in terms:
        o = n // math.gcd(n, k)     # E(n)^k is a primitive o-th root of unity
        t += c * Fraction(phi(m) * mobius(o), phi(o))
    return t

def rounded(z):
    # 6 digits; + 0.0 turns -0.0 into 0.0
    return (round(z.real, 6) + 0.0, round(z.imag, 6) + 0.0)

def cycle_order(s):
    """the order of a permutation in cycle notation, or None"""
    if not re.fullmatch(r"(\(\)|(\(\d+(,\d+)*\))+)", s):
        return None
    o = 1
    for c in re.findall(r"\(([\d,]*)\)", s):
        l = len(c.split(",")) if c else 1
        o = o * l // math.gcd(o, l)
    return o

def primes_of(n):
    ps, p = [], 2
    while p * p <= n:
        if n % p == 0:
            ps.append(p)
            while n % p == 0:
                n //= p
        p += 1
    if n > 1:
        ps.append(n)
    return ps

def orthogonality(vals, sizes, order):
    """the largest errors of the row and the column relations"""
    k = len(vals)
    if numpy is not None:
        x = numpy.array(vals, dtype=complex)
        w = numpy.array(sizes, dtype=float)
        rows = (x * w) @ x.conj().T / order - numpy.eye(k)
        cent = order / w
        cols = (x.T @ x.conj()) / numpy.sqrt(numpy.outer(cent, cent)) - numpy.eye(k)
        return float(abs(rows).max()), float(abs(cols).max())
    conj = [[z.conjugate() for z in v] for v in vals]
    worst_row = 0
    for a in range(k):
        wa = [sizes[c] * vals[a][c] for c in range(k)]
        for b in range(a, k):
            s = sum(x * y for x, y in zip(wa, conj[b]))
            worst_row = max(worst_row, abs(s / order - (a == b)))
    cols, ccols = list(zip(*vals)), list(zip(*conj))
    worst_col = 0
    for c in range(k):
        for d in range(c, k):
            s = sum(x * y for x, y in zip(cols[c], ccols[d]))
            worst_col = max(worst_col, abs(s / math.sqrt(order // sizes[c] * (order // sizes[d])) - (c == d)))
    return worst_row, worst_col

def char_key(degree, indicator, values):
    return (degree, indicator, tuple(sorted(rounded(v) for v in values)))

# ---- GAP's side of a case, computed once
def expected(want):
    w = dict(want)
    w["classes"] = sorted((o, int(s)) for o, s in want["classes"])
    keys, strs = [], []
    for ch in want["characters"]:
        vals = [cyc_value(cyc_terms(v)) for v in ch["values"]]
        keys.append(char_key(ch["degree"], ch["indicator"], vals))
        strs.append(tuple(sorted(ch["values"])))
    w["characters"] = sorted(keys)
    w["value_strings"] = sorted(strs)
    w["real_representations"] = sorted(tuple(r) for r in want["real_representations"])
    return w

def check(js, want):
    """the list of mismatches of lietool's JSON js against GAP's want"""
    bad = []
    def diff(field, got, exp):
        bad.append("%s: lietool %s, GAP %s" % (field, json.dumps(got), json.dumps(exp)))
    def mdiff(field, got, exp):
        bad.append("%s: %s" % (field, multiset_diff(got, exp)))
    order = int(js["order"])
    if js["order"] != want["order"]:
        diff("order", js["order"], want["order"])
        return bad
    if js["exponent"] != want["exponent"]:
        diff("exponent", js["exponent"], want["exponent"])
    classes = js["classes"]
    k = len(classes)
    ords = [int(c["order"]) for c in classes]
    sizes = [int(c["size"]) for c in classes]
    got = sorted(zip(ords, sizes))
    if got != want["classes"]:
        mdiff("classes (element order, size)", got, want["classes"])
        return bad
    for i, c in enumerate(classes):
        if int(c["centralizer_order"]) * sizes[i] != order:
            bad.append("class %d (%s): size %s * centralizer_order %s is not |G|"
                       % (i + 1, c["name"], c["size"], c["centralizer_order"]))
        if cycle_order(c["representative"]) != ords[i]:
            bad.append("class %d (%s): representative %s has order %s, not %d"
                       % (i + 1, c["name"], c["representative"], cycle_order(c["representative"]), ords[i]))
    ids = [i for i in range(k) if ords[i] == 1]
    ident = ids[0]

    # characters: the exact strings, the floats, the kernels
    chars = js["characters"]
    if len(chars) != k:
        bad.append("%d characters for %d classes" % (len(chars), k))
        return bad
    vals, terms = [], []
    for n, ch in enumerate(chars):
        name = "character %d (%s)" % (n + 1, ch.get("name"))
        t = [cyc_terms(v) for v in ch["values"]]
        if len(t) != k or None in t:
            bad.append("%s: values not all in GAP's form: %s" % (name, ch["values"]))
            return bad
        v = [cyc_value(x) for x in t]
        terms.append(t)
        vals.append(v)
        fl = ch["values_float"]
        if len(fl) != k or any(abs(complex(a, b) - z) > 1e-9 for (a, b), z in zip(fl, v)):
            bad.append("%s: values_float %s is not values %s" % (name, fl, ch["values"]))
        if ch["values"][ident] != str(ch["degree"]):
            bad.append("%s: degree %s but value %s at the identity" % (name, ch["degree"], ch["values"][ident]))
        ker = [i + 1 for i in range(k) if ch["values"][i] == ch["values"][ident]]
        if ch["kernel"] != ker:
            bad.append("%s: kernel %s, where chi(g) = chi(1): %s" % (name, ch["kernel"], ker))
    got = sorted(char_key(ch["degree"], ch["indicator"], v) for ch, v in zip(chars, vals))
    if got != want["characters"]:
        mdiff("characters (degree, indicator, values)", got, want["characters"])
    else:
        got = sorted(tuple(sorted(ch["values"])) for ch in chars)
        if got != want["value_strings"]:
            mdiff("value_strings (exact values)", got, want["value_strings"])
    if sum(ch["degree"] ** 2 for ch in chars) != order:
        bad.append("the squared degrees sum to %d" % sum(ch["degree"] ** 2 for ch in chars))
    if js["character_degrees"] != want["character_degrees"]:
        diff("character_degrees", js["character_degrees"], want["character_degrees"])

    # orthogonality in floats: rows weighted by the class sizes, columns
    # divided by the square roots of the centralizer orders
    worst_row, worst_col = orthogonality(vals, sizes, order)
    if worst_row > 1e-6:
        bad.append("rows are not orthonormal (off by %.3g)" % worst_row)
    if worst_col > 1e-6:
        bad.append("columns are not orthogonal (off by %.3g)" % worst_col)

    # power maps: the primes, element orders, and the Galois law
    pm = js["power_maps"]
    primes = primes_of(order)
    if sorted(int(p) for p in pm) != primes:
        diff("power_maps primes", sorted(int(p) for p in pm), primes)
    pm = {int(p): m for p, m in pm.items()}
    for p, m in pm.items():
        if len(m) != k or any(not 1 <= x <= k for x in m):
            bad.append("power map %d: %s is not a map on %d classes" % (p, m, k))
            return bad
        for i in range(k):
            o = ords[i] // math.gcd(ords[i], p)
            if ords[m[i] - 1] != o:
                bad.append("power map %d: class %d (order %d) goes to class %d of order %d, not %d"
                           % (p, i + 1, ords[i], m[i], ords[m[i] - 1], o))
                break
            if ords[i] % p:
                for a in range(k):
                    if abs(cyc_value(galois(terms[a][i], p)) - vals[a][m[i] - 1]) > 1e-6:
                        bad.append("power map %d: character %d at class %d is %s, its Galois conjugate is not the value %s at class %d"
                                   % (p, a + 1, i + 1, chars[a]["values"][i], chars[a]["values"][m[i] - 1], m[i]))
                        break
                else:
                    continue
                break
    if any("power map" in b for b in bad):
        return bad

    # real representations: against the characters, then against GAP
    def powclass(i, d):
        # the class of g^d, g in class i, d a product of primes dividing |G|
        for p in primes:
            while d % p == 0:
                i, d = pm[p][i] - 1, d // p
        return i
    reps = js["real_representations"]
    seen = Counter()
    rl_got = []
    for r in reps:
        cs = r["characters"]
        seen.update(cs)
        ind = [chars[c - 1]["indicator"] for c in cs]
        if len(cs) == 1 and ind == [1]:
            mult = 1
        elif len(cs) == 1 and ind == [-1]:
            mult = 2
        elif len(cs) == 2 and ind == [0, 0] and all(abs(x - y.conjugate()) < 1e-9
                                                   for x, y in zip(vals[cs[0] - 1], vals[cs[1] - 1])):
            mult = 1
        else:
            bad.append("real representation %s: characters of indicators %s are not one real representation" % (cs, ind))
            continue
        dim = mult * sum(chars[c - 1]["degree"] for c in cs)
        if r["dimension"] != dim:
            bad.append("real representation %s: dimension %s, its characters give %d" % (cs, r["dimension"], dim))
        ker = sorted(set.intersection(*[set(chars[c - 1]["kernel"]) for c in cs]))
        if r["kernel"] != ker:
            bad.append("real representation %s: kernel %s, its characters give %s" % (cs, r["kernel"], ker))
        if r["faithful"] != (ker == [ident + 1]):
            bad.append("real representation %s: faithful %s with kernel %s" % (cs, r["faithful"], ker))
        # dim Fix(g) = (1/|g|) sum_j psi(g^j); the g^j with gcd(j, |g|) = d
        # are the (g^d)^e, e prime to m = |g|/d, so psi sums over them to
        # the trace from Q(E(m)) to Q of psi(g^d); the prime power maps give g^d
        rl = 0
        for i in range(k):
            o = ords[i]
            tot = 0
            for d in range(1, o + 1):
                if o % d == 0:
                    cls = powclass(i, d)
                    tot += mult * sum(trace(terms[c - 1][cls], o // d) for c in cs)
            rl = max(rl, dim - tot / o)
        if rl != r["reflection_length"]:
            bad.append("real representation %s: reflection_length %s, its characters and power maps give %s"
                       % (cs, r["reflection_length"], rl))
        rl_got.append((r["dimension"], r["reflection_length"]))
    if sorted(seen) != list(range(1, k + 1)) or any(v != 1 for v in seen.values()):
        bad.append("real representations: the characters %s are not each listed once" % sorted(seen.elements()))
    rl_got.sort()
    if rl_got != want["real_representations"]:
        mdiff("real_representations (dimension, reflection_length)", rl_got, want["real_representations"])

    h = js["householder_reflections_per_token"]
    if h["several_heads"] != want["several_heads"]:
        diff("several_heads", h["several_heads"], want["several_heads"])
    if h["several_heads"] > h["one_head"]:
        bad.append("several_heads %s > one_head %s" % (h["several_heads"], h["one_head"]))
    if "one_head" in want:
        if h["one_head_exact"]:
            if h["one_head"] != want["one_head"]:
                diff("one_head", h["one_head"], want["one_head"])
        elif h["one_head"] < want["one_head"]:
            diff("one_head (not exact: an upper bound)", h["one_head"], want["one_head"])
    if "minimal_faithful_real_dimension" in want:
        if js["minimal_faithful_real_dimension"] != want["minimal_faithful_real_dimension"]:
            diff("minimal_faithful_real_dimension", js["minimal_faithful_real_dimension"],
                 want["minimal_faithful_real_dimension"])
    return bad

def multiset_diff(got, want):
    g, w = Counter(got), Counter(want)
    only_g = list((g - w).elements())
    only_w = list((w - g).elements())
    return "lietool has %s where GAP has %s" % (short(str(only_g), 300), short(str(only_w), 300))

def short(s, n=90):
    return s if len(s) <= n else s[:n - 3] + "..."

def run(case):
    label, obj, want = case
    try:
        r = subprocess.run([lietool, "character-table", obj, "--json"], capture_output=True,
                           text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return ["lietool timed out after %d s" % TIMEOUT]
    if r.returncode != 0:
        msg = (r.stderr.strip().splitlines() or ["(no message)"])[-1]
        return ["exit status %d: %s" % (r.returncode, msg)]
    try:
        js = json.loads(r.stdout)
    except ValueError as e:
        return ["output is not JSON (%s)" % e]
    try:
        return check(js, expected(want))
    except (KeyError, TypeError, ValueError, IndexError) as e:
        return ["malformed JSON: %s: %s" % (type(e).__name__, e)]

# processes, not threads: the checks are Python work as much as lietool runs
with ProcessPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
    results = list(pool.map(run, cases, chunksize=8))

passed = failed = 0
for (label, obj, want), bad in zip(cases, results):
    where = label if label == obj else "%s [%s]" % (label, short(obj))
    if bad:
        failed += 1
        for b in bad:
            print("FAIL %s: %s" % (where, b))
    else:
        passed += 1
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
EOF

echo "check-gap-chartab: $(grep '^GAP .* groups$' "$tmp/gap.log"); running $LIETOOL on each"
"$PYTHON" "$tmp/compare.py" "$LIETOOL" "$tmp/expected.txt"
