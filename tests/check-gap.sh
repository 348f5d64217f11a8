#!/bin/sh
# Compare 'lietool info G --json' with GAP on several hundred groups.
#
#   sh tests/check-gap.sh ./lietool        (what 'make check-gap' runs)
#
# One GAP process writes the expected answers, one line per group:
#   LABEL <tab> OBJECT <tab> {expected JSON fields}
# where OBJECT is what lietool is given (a name such as PSL(2,7), GAP syntax
# Group((1,2,3),(1,2)), or the path of a Cayley-table JSON file) and LABEL says
# how GAP built the group (TransitiveGroup(8,12), SmallGroup(16,3), ...).
# A Python script then runs lietool on every OBJECT and compares the fields:
#   order, degree (GAP-syntax groups only: GAP's LargestMovedPoint), abelian,
#   nilpotent, solvable, perfect, derived_series, derived_length,
#   lower_central_series, nilpotency_class, center_order, exponent,
#   conjugacy_classes (GAP's Length(ConjugacyClasses(G)), up to order 10^18);
#   and from
#   composition-factors, chief-series and upper-central-series --json:
#   composition_factor_orders and chief_factor_orders (the factors' orders,
#   sorted: GAP's CompositionSeries and ChiefSeries; a chief series is not
#   unique, its factors are, by Jordan-Holder) and upper_central_series
#   (GAP's UpperCentralSeriesOfGroup, largest first). Those three are
#   skipped for a group where lietool stops at a limit (exit status 4).
# Some groups (transitive groups of degree 4 to 12 with a non-trivial
# centre, products, random subgroups and Sylow subgroups) are compared on
# upper-central-series alone.
# Series follow GAP's DerivedSeriesOfGroup / LowerCentralSeriesOfGroup (from G
# down, stopping when a term repeats); derived_length and nilpotency_class are
# null when the series does not reach 1 (lietool's convention, lietool(1)).
# An exponent that lietool reports as null (too large to compute) is skipped.
#
# Prints one line per mismatch and ends with "N passed, N failed"; exits 1 on
# any mismatch, 0 otherwise (and 0 with a message when gap is not installed).

LIETOOL=${1:-./lietool}

. "$(dirname "$0")/../scripts/gap-env.sh"
gap_env check-gap

# ---------------------------------------------------------------- GAP side
cat >"$tmp/expect.g" <<'EOF'
# TMPDIR_ is bound by the caller (init.g, read first)
OUT := OutputTextFile(Concatenation(TMPDIR_, "/expected.txt"), false);
SetPrintFormattingStatus(OUT, false);

# CycStr and GapSyntax come from tests/gap-syntax.g (read before this file)

# GAP syntax exactly as GAP prints it: Group([ (1,2,3), (1,2) ])
GapPrinted := function(G)
  local s;
  if GeneratorsOfGroup(G) = [] then return "Group(())"; fi;
  s := Concatenation("Group(", String(GeneratorsOfGroup(G)), ")");
  return ReplacedString(ReplacedString(s, "\n", " "), "\\", "");
end;

JStr := n -> Concatenation("\"", String(n), "\"");
JBool := function(b) if b then return "true"; else return "false"; fi; end;
JSeries := l -> Concatenation("[", JoinStringsWithSeparator(List(l, H -> JStr(Size(H))), ", "), "]");
JList := l -> Concatenation("[", JoinStringsWithSeparator(List(l, JStr), ", "), "]");
# the orders of the factors of a series, sorted
FactorOrders := s -> SortedList(List([1 .. Length(s) - 1], i -> Size(s[i]) / Size(s[i + 1])));

NCASES := 0;
# withdeg: compare lietool's degree with LargestMovedPoint (GAP-syntax input)
Expect := function(label, object, G, withdeg)
  local ds, lcs, dl, nc, fields, cc;
  ds := DerivedSeriesOfGroup(G);
  lcs := LowerCentralSeriesOfGroup(G);
  # GAP lists the trivial group's lower central series as [1, 1] (and gives
  # it nilpotency class 1) although its derived series is [1]; by the rule
  # "stop when a term repeats" both are [1], and lietool lists them so.
  if Size(G) = 1 then lcs := [G]; fi;
  if Size(ds[Length(ds)]) = 1 then dl := String(Length(ds) - 1); else dl := "null"; fi;
  if Size(lcs[Length(lcs)]) = 1 then nc := String(Length(lcs) - 1); else nc := "null"; fi;
  # lietool's profile counts the classes up to order 10^18
  if IsAbelian(G) then cc := JStr(Size(G));
  elif Size(G) <= 10^18 then cc := JStr(Length(ConjugacyClasses(G)));
  else cc := "null"; fi;
  fields := [ Concatenation("\"order\": ", JStr(Size(G))) ];
  if withdeg then
    Add(fields, Concatenation("\"degree\": ", String(Maximum(LargestMovedPoint(G), 1))));
  fi;
  Append(fields, [
    Concatenation("\"abelian\": ", JBool(IsAbelian(G))),
    Concatenation("\"nilpotent\": ", JBool(IsNilpotentGroup(G))),
    Concatenation("\"solvable\": ", JBool(IsSolvableGroup(G))),
    Concatenation("\"perfect\": ", JBool(IsPerfectGroup(G))),
    Concatenation("\"derived_series\": ", JSeries(ds)),
    Concatenation("\"derived_length\": ", dl),
    Concatenation("\"lower_central_series\": ", JSeries(lcs)),
    Concatenation("\"nilpotency_class\": ", nc),
    Concatenation("\"center_order\": ", JStr(Size(Centre(G)))),
    Concatenation("\"exponent\": ", JStr(Exponent(G))),
    Concatenation("\"conjugacy_classes\": ", cc),
    Concatenation("\"composition_factor_orders\": ", JList(FactorOrders(CompositionSeries(G)))),
    Concatenation("\"chief_factor_orders\": ", JList(FactorOrders(ChiefSeries(G)))),
    Concatenation("\"upper_central_series\": ", JSeries(UpperCentralSeriesOfGroup(G))) ]);
  PrintTo(OUT, label, "\t", object, "\t{", JoinStringsWithSeparator(fields, ", "), "}\n");
  NCASES := NCASES + 1;
end;

# ---- named groups: lietool builds its own generators, so no degree check
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
# Image(h, G), not Image(h): in GAP 4.12.1 Image(IsomorphismPermGroup(SL(2,3)))
# has order 48 (the image of GL(2,3)), while Image(h, SL(2,3)) has order 24.
AsPerm := function(G)
  local H;
  H := Image(IsomorphismPermGroup(G), G);
  if Size(H) <> Size(G) then Error("AsPerm: image of the wrong order"); fi;
  return H;
end;

for n in [1 .. 9] do
  Expect(Concatenation("S", String(n)), Concatenation("S", String(n)), SymmetricGroup(n), false);
  Expect(Concatenation("A", String(n)), Concatenation("A", String(n)), AlternatingGroup(n), false);
od;
for n in [1 .. 16] do
  Expect(Concatenation("C", String(n)), Concatenation("C", String(n)), CycP(n), false);
od;
Expect("Z6", "Z6", CycP(6), false);
Expect("Z30", "Z30", CycP(30), false);
for m in [2, 4 .. 32] do
  Expect(Concatenation("D", String(m)), Concatenation("D", String(m)), Dih(m), false);
od;
for m in [4, 8 .. 48] do
  Expect(Concatenation("Q", String(m)), Concatenation("Q", String(m)), Dic(m), false);
od;
for p in [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31] do
  Expect(Concatenation("PSL(2,", String(p), ")"), Concatenation("PSL(2,", String(p), ")"), PSL(2, p), false);
od;
for p in [2, 3, 5, 7, 11, 13] do
  Expect(Concatenation("SL(2,", String(p), ")"), Concatenation("SL(2,", String(p), ")"), SL(2, p), false);
od;
for p in [2, 3, 5, 7] do
  Expect(Concatenation("GL(2,", String(p), ")"), Concatenation("GL(2,", String(p), ")"), GL(2, p), false);
od;
for p in [2, 3, 5, 7, 11, 13, 17] do
  Expect(Concatenation("AGL(1,", String(p), ")"), Concatenation("AGL(1,", String(p), ")"), AGL1(p), false);
od;
for p in [2, 3, 5, 7] do
  Expect(Concatenation("UT(3,", String(p), ")"), Concatenation("UT(3,", String(p), ")"), UT(3, p), false);
od;
Expect("UT(4,2)", "UT(4,2)", UT(4, 2), false);
Expect("UT(4,3)", "UT(4,3)", UT(4, 3), false);
Expect("UT(5,2)", "UT(5,2)", UT(5, 2), false);
Expect("Heis(5)", "Heis(5)", UT(3, 5), false);
Expect("H3", "H3", UT(3, 2), false);

# ---- prime-power fields, GAP's constructor names, wreath products
# (GAP's PSL and PGL act on the projective points, as lietool's; GL and SL
# are matrix groups in GAP, compared through AsPerm without the degree)
for q in [4, 8, 9, 16, 25, 27, 32, 49, 64, 81] do
  Expect(Concatenation("PSL(2,", String(q), ")"), Concatenation("PSL(2,", String(q), ")"), PSL(2, q), true);
od;
for q in [2 .. 5] do
  Expect(Concatenation("PSL(3,", String(q), ")"), Concatenation("PSL(3,", String(q), ")"), PSL(3, q), true);
od;
for nq in [[2, 8], [2, 9], [3, 4], [2, 25], [2, 27]] do
  Expect(Concatenation("PGL(", String(nq[1]), ",", String(nq[2]), ")"), Concatenation("PGL(", String(nq[1]), ",", String(nq[2]), ")"),
         PGL(nq[1], nq[2]), true);
od;
Expect("PSL(4,2)", "PSL(4,2)", PSL(4, 2), true);
Expect("PSL(4,3)", "PSL(4,3)", PSL(4, 3), true);
for nq in [[4, 2], [3, 4], [2, 4], [2, 8], [2, 9], [3, 3], [2, 16]] do
  Expect(Concatenation("GL(", String(nq[1]), ",", String(nq[2]), ")"), Concatenation("GL(", String(nq[1]), ",", String(nq[2]), ")"),
         AsPerm(GL(nq[1], nq[2])), false);
od;
for nq in [[4, 3], [2, 8], [2, 4], [2, 9], [3, 4], [2, 25], [3, 3]] do
  Expect(Concatenation("SL(", String(nq[1]), ",", String(nq[2]), ")"), Concatenation("SL(", String(nq[1]), ",", String(nq[2]), ")"),
         AsPerm(SL(nq[1], nq[2])), false);
od;
Expect("GeneralLinearGroup(2,5)", "GeneralLinearGroup(2, 5)", AsPerm(GeneralLinearGroup(2, 5)), false);
Expect("ProjectiveSpecialLinearGroup(2,16)", "ProjectiveSpecialLinearGroup(2,16)", ProjectiveSpecialLinearGroup(2, 16), true);
Expect("SymmetricGroup(6)", "SymmetricGroup(6)", SymmetricGroup(6), true);
Expect("AlternatingGroup(7)", "AlternatingGroup(7)", AlternatingGroup(7), true);
Expect("CyclicGroup(IsPermGroup,15)", "CyclicGroup(IsPermGroup, 15)", CycP(15), true);
Expect("DihedralGroup(IsPermGroup,12)", "DihedralGroup(12)", Dih(12), false);
Expect("DihedralGroup(IsPermGroup,20)", "DihedralGroup(IsPermGroup, 20)", Dih(20), false);
Expect("QuaternionGroup(IsPermGroup,16)", "QuaternionGroup(16)", QuaternionGroup(IsPermGroup, 16), false);
Expect("DicyclicGroup(IsPermGroup,24)", "DicyclicGroup(24)", Dic(24), false);
for n in [9, 10, 11, 12, 21, 22, 23, 24] do
  Expect(Concatenation("MathieuGroup(", String(n), ")"), Concatenation("MathieuGroup(", String(n), ")"), MathieuGroup(n), true);
od;
Expect("M9", "M9", MathieuGroup(9), true);
Expect("M10", "M10", MathieuGroup(10), true);
Expect("M21", "M21", MathieuGroup(21), true);
for pr in [ [ "DirectProduct(S3, C4, A4)", DirectProduct(SymmetricGroup(3), CycP(4), AlternatingGroup(4)) ],
            [ "DirectProduct(A5, PSL(2,4), C2, C3)", DirectProduct(AlternatingGroup(5), PSL(2, 4), CycP(2), CycP(3)) ],
            [ "DirectProduct(QuaternionGroup(8), DihedralGroup(8), SymmetricGroup(3))", DirectProduct(Dic(8), Dih(8), SymmetricGroup(3)) ],
            [ "WreathProduct(S3,S3)", WreathProduct(SymmetricGroup(3), SymmetricGroup(3)) ],
            [ "WreathProduct(C2,S4)", WreathProduct(CycP(2), SymmetricGroup(4)) ],
            [ "WreathProduct(A5,C2)", WreathProduct(AlternatingGroup(5), CycP(2)) ],
            [ "WreathProduct(D8,C3)", WreathProduct(Dih(8), CycP(3)) ],
            [ "WreathProduct(C3,PSL(2,4))", WreathProduct(CycP(3), PSL(2, 4)) ],
            [ "WreathProduct(S3,WreathProduct(C2,C2))", WreathProduct(SymmetricGroup(3), WreathProduct(CycP(2), CycP(2))) ],
            [ "WreathProduct(PSL(2,8),C2)", WreathProduct(PSL(2, 8), CycP(2)) ],
            [ "WreathProduct(M11,C2)", WreathProduct(MathieuGroup(11), CycP(2)) ] ] do
  Expect(pr[1], pr[1], pr[2], true);
od;

# ---- products in lietool's spellings
for pr in [ ["S3 x C4", SymmetricGroup(3), CycP(4)],
            ["D8 x Q8", Dih(8), Dic(8)],
            ["A4xC3", AlternatingGroup(4), CycP(3)],
            ["A5 x C2", AlternatingGroup(5), CycP(2)],
            ["S4_x_S3", SymmetricGroup(4), SymmetricGroup(3)],
            ["Q8 x C4", Dic(8), CycP(4)],
            ["UT(3,3) x C3", AsPerm(UT(3, 3)), CycP(3)],
            ["H3_x_C2", AsPerm(UT(3, 2)), CycP(2)],
            ["PSL(2,7) x S3", PSL(2, 7), SymmetricGroup(3)],
            ["SL(2,3) x C2", AsPerm(SL(2, 3)), CycP(2)],
            ["D10 x D6", Dih(10), Dih(6)],
            ["C4 x C6", CycP(4), CycP(6)] ] do
  Expect(pr[1], pr[1], DirectProduct(pr[2], pr[3]), false);
od;
Expect("C2 x C2 x C2", "C2 x C2 x C2", DirectProduct(CycP(2), CycP(2), CycP(2)), false);
Expect("S3 x S3 x C2", "S3 x S3 x C2", DirectProduct(SymmetricGroup(3), SymmetricGroup(3), CycP(2)), false);

# ---- named group files (algebras/groups)
cube := Group(
( 1, 3, 8, 6)( 2, 5, 7, 4)( 9,33,25,17)(10,34,26,18)(11,35,27,19),
( 9,11,16,14)(10,13,15,12)( 1,17,41,40)( 4,20,44,37)( 6,22,46,35),
(17,19,24,22)(18,21,23,20)( 6,25,43,16)( 7,28,42,13)( 8,30,41,11),
(25,27,32,30)(26,29,31,28)( 3,38,43,19)( 5,36,45,21)( 8,33,48,24),
(33,35,40,38)(34,37,39,36)( 3, 9,46,32)( 2,12,47,29)( 1,14,48,27),
(41,43,48,46)(42,45,47,44)(14,22,30,38)(15,23,31,39)(16,24,32,40) );
for n in [11, 12, 22, 23, 24] do
  Expect(Concatenation("MathieuGroup(", String(n), ")"), Concatenation("M", String(n)), MathieuGroup(n), false);
od;
Expect("PrimitiveGroup(100,3)", "HS", PrimitiveGroup(100, 3), false);
Expect("Rubik's cube group", "Rubik", cube, false);

# ---- big intransitive and imprimitive groups: composition and chief series
# by reduction through orbit and block actions (src/perm/hom.c). The 2x2x2
# cube: U, F, R, D, L, B on the 24 facelets (U 1-4, L 5-8, F 9-12, R 13-16,
# B 17-20, D 21-24), 3^7:S8 of order 88179840.
pocket := Group((1,2,4,3)(9,5,17,13)(10,6,18,14), (9,10,12,11)(3,13,22,8)(4,15,21,6),
  (13,14,16,15)(10,2,19,22)(12,4,17,24), (21,22,24,23)(11,15,19,7)(12,16,20,8),
  (5,6,8,7)(1,9,21,20)(3,11,23,18), (17,18,20,19)(2,5,23,16)(1,7,24,14));
Expect("2x2x2 cube group", GapSyntax(pocket), pocket, true);
for pr in [ [ "DirectProduct(MathieuGroup(12),AlternatingGroup(9))", DirectProduct(MathieuGroup(12), AlternatingGroup(9)) ],
            [ "DirectProduct(AlternatingGroup(8),PSL(3,4))", DirectProduct(AlternatingGroup(8), PSL(3, 4)) ],
            [ "WreathProduct(AlternatingGroup(5),AlternatingGroup(5))", WreathProduct(AlternatingGroup(5), AlternatingGroup(5)) ],
            [ "WreathProduct(SymmetricGroup(4),SymmetricGroup(5))", WreathProduct(SymmetricGroup(4), SymmetricGroup(5)) ],
            [ "WreathProduct(MathieuGroup(11),AlternatingGroup(6))", WreathProduct(MathieuGroup(11), AlternatingGroup(6)) ],
            [ "WreathProduct(PSL(3,4),C3)", WreathProduct(PSL(3, 4), CycP(3)) ] ] do
  Expect(pr[1], pr[1], pr[2], true);
od;

# ---- GAP syntax: transitive groups of degree <= 12 (all 474)
for n in [1 .. 12] do
  for k in [1 .. NrTransitiveGroups(n)] do
    G := TransitiveGroup(n, k);
    Expect(Concatenation("TransitiveGroup(", String(n), ",", String(k), ")"), GapSyntax(G), G, true);
  od;
od;

# ---- GAP syntax as GAP prints it: primitive groups of degree 13 .. 30
for n in [13 .. 30] do
  for k in [1 .. NrPrimitiveGroups(n)] do
    G := PrimitiveGroup(n, k);
    Expect(Concatenation("PrimitiveGroup(", String(n), ",", String(k), ")"), GapPrinted(G), G, true);
  od;
od;

# ---- GAP syntax: all groups of order <= 63 as permutation groups
for n in [1 .. 63] do
  for k in [1 .. NumberSmallGroups(n)] do
    G := AsPerm(SmallGroup(n, k));
    Expect(Concatenation("SmallGroup(", String(n), ",", String(k), ")"), GapSyntax(G), G, true);
  od;
od;

# ---- GAP syntax: direct and wreath products
for pr in [ [ "DirectProduct(TransitiveGroup(4,3),TransitiveGroup(6,5))", DirectProduct(TransitiveGroup(4, 3), TransitiveGroup(6, 5)) ],
            [ "DirectProduct(SymmetricGroup(5),DihedralGroup(8))", DirectProduct(SymmetricGroup(5), Dih(8)) ],
            [ "DirectProduct(QuaternionGroup(8),QuaternionGroup(8))", DirectProduct(Dic(8), Dic(8)) ],
            [ "DirectProduct(AlternatingGroup(5),AlternatingGroup(5))", DirectProduct(AlternatingGroup(5), AlternatingGroup(5)) ],
            [ "DirectProduct(PSL(2,7),CyclicGroup(6))", DirectProduct(PSL(2, 7), CycP(6)) ],
            [ "DirectProduct(SL(2,3),SL(2,3))", DirectProduct(AsPerm(SL(2, 3)), AsPerm(SL(2, 3))) ],
            [ "WreathProduct(C2,S4)", WreathProduct(CycP(2), SymmetricGroup(4)) ],
            [ "WreathProduct(C2,C2)", WreathProduct(CycP(2), CycP(2)) ],
            [ "WreathProduct(C2,WreathProduct(C2,C2))", WreathProduct(CycP(2), WreathProduct(CycP(2), CycP(2))) ],
            [ "WreathProduct(C3,C3)", WreathProduct(CycP(3), CycP(3)) ],
            [ "WreathProduct(S3,C2)", WreathProduct(SymmetricGroup(3), CycP(2)) ],
            [ "WreathProduct(A5,C2)", WreathProduct(AlternatingGroup(5), CycP(2)) ],
            [ "WreathProduct(S4,S3)", WreathProduct(SymmetricGroup(4), SymmetricGroup(3)) ],
            [ "WreathProduct(C5,C4)", WreathProduct(CycP(5), CycP(4)) ] ] do
  Expect(pr[1], GapSyntax(pr[2]), pr[2], true);
od;

# ---- conjugacy classes only (order and Length(ConjugacyClasses(G))) of
# groups with many classes of one cycle type: lietool's random class search
# takes each cyclic subgroup's generator classes at once there. Their
# series take lietool longer than the timeout, so only info is compared.
# (PSL(2,2^k) for k >= 8 takes GAP minutes: tests/cli/groups.test checks
# those against the class sizes of the character table instead.)
ExpectClasses := function(label, object, G)
  PrintTo(OUT, label, "\t", object, "\t{\"order\": ", JStr(Size(G)),
    ", \"conjugacy_classes\": ", JStr(Length(ConjugacyClasses(G))), "}\n");
  NCASES := NCASES + 1;
end;
ExpectClasses("WreathProduct(M11,S3)", "WreathProduct(MathieuGroup(11),SymmetricGroup(3))",
              WreathProduct(MathieuGroup(11), SymmetricGroup(3)));
ExpectClasses("PSL(2,128)", "PSL(2,128)", PSL(2, 128));
ExpectClasses("PSL(3,7)", "PSL(3,7)", PSL(3, 7));

# ---- Cayley tables (JSON files) of all groups of order <= 24
for n in [1 .. 24] do
  for k in [1 .. NumberSmallGroups(n)] do
    G := SmallGroup(n, k);
    el := AsSSortedList(G);
    f := Concatenation(TMPDIR_, "/cayley-", String(n), "-", String(k), ".json");
    out := OutputTextFile(f, false);
    SetPrintFormattingStatus(out, false);
    PrintTo(out, "{\"name\": \"SmallGroup(", n, ",", k, ")\", \"elements\": [",
      JoinStringsWithSeparator(List(el, x -> Concatenation("\"", String(x), "\"")), ", "),
      "], \"table\": [",
      JoinStringsWithSeparator(List(el, x -> Concatenation("[",
        JoinStringsWithSeparator(List(el, y -> String(Position(el, x * y) - 1)), ", "), "]")), ", "),
      "]}\n");
    CloseStream(out);
    Expect(Concatenation("SmallGroup(", String(n), ",", String(k), ") as a Cayley table"), f, G, false);
  od;
od;

# ---- the upper central series alone, on groups where G acting on the
# orbits of Z_i is often not G/Z_i (lietool then cuts Z(G/Z_i) out of a
# preimage, src/perm/upper.c): the transitive groups of degree 4 to 12 with
# a non-trivial centre, and direct products, random subgroups of them and
# Sylow subgroups of wreath products (GAP's random source reset first)
ExpectUpper := function(label, G)
  if IsTrivial(Centre(G)) then return; fi;
  PrintTo(OUT, label, "\t", GapSyntax(G), "\t{\"upper_central_series\": ",
          JSeries(UpperCentralSeriesOfGroup(G)), "}\n");
  NCASES := NCASES + 1;
end;
for d in [4 .. 12] do
  for i in [1 .. NrTransitiveGroups(d)] do
    ExpectUpper(Concatenation("TransitiveGroup(", String(d), ",", String(i), ")"), TransitiveGroup(d, i));
  od;
od;
Reset(GlobalMersenneTwister, 1);
for k in [1 .. 60] do
  a := Random([3 .. 8]); b := Random([2 .. 8]);
  ia := Random([1 .. NrTransitiveGroups(a)]); ib := Random([1 .. NrTransitiveGroups(b)]);
  G := DirectProduct(TransitiveGroup(a, ia), TransitiveGroup(b, ib));
  lab := Concatenation("TransitiveGroup(", String(a), ",", String(ia), ") x TransitiveGroup(", String(b), ",", String(ib), ")");
  ExpectUpper(lab, G);
  ExpectUpper(Concatenation("a random subgroup of ", lab), Subgroup(G, [Random(G), Random(G), Random(G)]));
  ia := Random([1 .. NrTransitiveGroups(a)]); c := Random([2, 3]);
  W := WreathProduct(TransitiveGroup(a, ia), CycP(c));
  lab := Concatenation("WreathProduct(TransitiveGroup(", String(a), ",", String(ia), "),C", String(c), ")");
  for p in Set(Factors(Size(W))) do
    ExpectUpper(Concatenation("a Sylow ", String(p), "-subgroup of ", lab), SylowSubgroup(W, p));
  od;
od;

CloseStream(OUT);
Print("GAP ", GAPInfo.Version, ": ", NCASES, " groups\n");
QUIT;
EOF

echo "check-gap: computing the expected answers with GAP"
printf 'TMPDIR_ := "%s";\n' "$tmp" >"$tmp/init.g"
if ! timeout 300 gap -q --quitonbreak "$tmp/init.g" "$(dirname "$0")/gap-syntax.g" "$tmp/expect.g" </dev/null >"$tmp/gap.log" 2>&1 \
   || ! grep -q '^GAP .* groups$' "$tmp/gap.log"; then
    echo "check-gap: GAP failed to compute the expected answers:" >&2
    tail -20 "$tmp/gap.log" >&2
    exit 1
fi

# ---------------------------------------------------------------- lietool side
cat >"$tmp/compare.py" <<'EOF'
import json, os, subprocess, sys
from concurrent.futures import ThreadPoolExecutor

lietool, expected_path = sys.argv[1], sys.argv[2]
TIMEOUT = 30    # seconds per group; every group here takes GAP well under 1 s
cases = []
with open(expected_path) as f:
    for line in f:
        label, obj, js = line.rstrip("\n").split("\t")
        cases.append((label, obj, json.loads(js)))

# the keys that come from other commands than info: command, and how its
# JSON gives the key's value
def factor_orders(js):
    return [str(o) for o in sorted(int(f["order"]) for f in js["factors"])]
EXTRA = {
    "composition_factor_orders": ("composition-factors", factor_orders),
    "chief_factor_orders": ("chief-series", factor_orders),
    "upper_central_series": ("upper-central-series", lambda js: js["upper_central_series"]),
}
LIMITED = "limited"     # lietool stopped at a limit (exit status 4): not compared

def run_one(command, obj):
    try:
        r = subprocess.run([lietool, command, obj, "--json"], capture_output=True,
                           text=True, timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        return None, "%s: lietool timed out after %d s" % (command, TIMEOUT)
    if r.returncode == 4 and command != "info":
        return LIMITED, None
    if r.returncode != 0:
        msg = (r.stderr.strip().splitlines() or ["(no message)"])[-1]
        return None, "%s: exit status %d: %s" % (command, r.returncode, msg)
    try:
        return json.loads(r.stdout), None
    except ValueError as e:
        return None, "%s: output is not JSON (%s)" % (command, e)

def run(case):
    label, obj, want = case
    got, err = ({}, None) if "order" not in want else run_one("info", obj)
    if err:
        return None, err
    for key, (command, value) in EXTRA.items():
        if key not in want:
            continue
        js, err = run_one(command, obj)
        if err:
            return None, err
        got[key] = LIMITED if js is LIMITED else value(js)
    return got, None

def short(s, n=90):
    return s if len(s) <= n else s[:n - 3] + "..."

with ThreadPoolExecutor(max_workers=os.cpu_count() or 2) as pool:
    results = list(pool.map(run, cases))

passed = failed = skipped_exp = skipped_lim = 0
for (label, obj, want), (got, err) in zip(cases, results):
    where = label if label == obj else "%s [%s]" % (label, short(obj))
    if err:
        print("FAIL %s: %s" % (where, err))
        failed += 1
        continue
    bad = []
    for key, w in want.items():
        if key not in got:
            bad.append("%s: missing from lietool's output" % key)
            continue
        g = got[key]
        if key in ("exponent", "conjugacy_classes") and g is None and w is not None:
            skipped_exp += 1
            continue
        if g is LIMITED:
            skipped_lim += 1
            continue
        if g != w:
            note = ""
            if g is None and got.get("notes"):
                note = " (lietool's note: %s)" % "; ".join(got["notes"])
            bad.append("%s: lietool %s, GAP %s%s" % (key, json.dumps(g), json.dumps(w), note))
    if bad:
        failed += 1
        for b in bad:
            print("FAIL %s: %s" % (where, b))
    else:
        passed += 1
if skipped_exp:
    print("(exponent or classes not compared for %d groups where lietool reports them as too large)" % skipped_exp)
if skipped_lim:
    print("(%d composition, chief or upper central series not compared: lietool stopped at a limit)" % skipped_lim)
print("%d passed, %d failed" % (passed, failed))
sys.exit(1 if failed else 0)
EOF

echo "check-gap: $(grep '^GAP .* groups$' "$tmp/gap.log"); running $LIETOOL on each"
"$PYTHON" "$tmp/compare.py" "$LIETOOL" "$tmp/expected.txt"
