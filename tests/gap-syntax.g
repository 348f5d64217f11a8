# GAP functions shared by the check-gap scripts (read before their own).

# A permutation in compact cycle notation: (1,2,3)(4,5), () for the identity.
CycStr := function(p)
  local s, c;
  s := "";
  for c in Cycles(p, MovedPoints(p)) do
    Append(s, Concatenation("(", JoinStringsWithSeparator(List(c, String), ","), ")"));
  od;
  if s = "" then s := "()"; fi;
  return s;
end;

# GAP syntax with compact cycles: Group((1,2,3),(1,2))
GapSyntax := function(G)
  local gens;
  gens := Filtered(GeneratorsOfGroup(G), g -> g <> ());
  if gens = [] then return "Group(())"; fi;
  return Concatenation("Group(", JoinStringsWithSeparator(List(gens, CycStr), ","), ")");
end;
