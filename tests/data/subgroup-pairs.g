# gap -q tests/data/subgroup-pairs.g (from the top of the tree) writes tests/data/subgroup-pairs.tsv.new;
# tests/data/subgroup-pairs.tsv is that output under a three-line header.
out := OutputTextFile("tests/data/subgroup-pairs.tsv.new", false);
SetPrintFormattingStatus(out, false);
str := function(G)
  local P, gens;
  if not IsPermGroup(G) then P := Image(IsomorphismPermGroup(G)); else P := G; fi;
  P := Image(SmallerDegreePermutationRepresentation(P));
  gens := Filtered(GeneratorsOfGroup(P), g -> g <> ());
  if Length(gens) = 0 then return "Group(())"; fi;
  return Concatenation("Group(", JoinStringsWithSeparator(List(gens, String), ","), ")");
end;
ids := [[6,1],[8,3],[8,4],[12,3],[12,4],[16,7],[16,8],[16,9],[18,3],[20,3],[21,1],[24,3],[24,12],[24,13],[27,3],[27,4],[32,49],[36,9],[48,28],[48,29],[54,8],[60,5],[120,34],[120,5],[72,41],[96,64],[120,35],[168,42],[20,5],[40,12],[42,1],[55,1],[57,1],[64,138],[81,7]];
for id in ids do
  G := SmallGroup(id[1], id[2]);
  for H in List(ConjugacyClassesMaximalSubgroups(G), Representative) do
    if Size(H) > 1 then AppendTo(out, "sub\t", id, "\t", str(G), "\t", str(H), "\n"); fi;
  od;
  for N in MinimalNormalSubgroups(G) do
    if Size(N) < Size(G) then
      Q := Image(NaturalHomomorphismByNormalSubgroup(G, N));
      if Size(Q) > 1 then AppendTo(out, "quo\t", id, "\t", str(G), "\t", str(Q), "\n"); fi;
    fi;
  od;
od;
CloseStream(out);
QUIT;
