#!/bin/sh
# Compare 'lietool isomorphic' with GAP's SmallGroups library.
#
#   sh tests/check-gap-iso.sh ./lietool     (part of 'make check-gap')
#
# GAP writes pairs of permutation groups, one per line:
#   LABEL <tab> G <tab> H <tab> true|false
# for orders 16, 24, 27, 32, 48, 64 and 81: every SmallGroup(n,i) in a
# small-degree representation against its regular representation moved by a
# random conjugation (isomorphic), and pairs SmallGroup(n,i), SmallGroup(n,j),
# i < j, that agree in the element orders, the order of the centre and the
# derived series (not isomorphic: the library has one group per class; at
# most 150 pairs an order). lietool must answer each pair by its exit
# status; every isomorphism it prints is then checked by a second GAP run
# (GroupHomomorphismByImages on the printed images, IsBijective).
#
# Ends with "N passed, N failed"; exits 1 on any mismatch, 0 otherwise (and
# 0 with a message when gap is not installed).

LIETOOL=${1:-./lietool}

. "$(dirname "$0")/../scripts/gap-env.sh"
gap_env check-gap-iso

cat >"$tmp/pairs.g" <<'EOF'
OUT := OutputTextFile(Concatenation(TMPDIR_, "/pairs.txt"), false);
SetPrintFormattingStatus(OUT, false);
# CycStr and GapSyntax: tests/gap-syntax.g
Small := G -> Image(SmallerDegreePermutationRepresentation(G));
Key := G -> [Collected(List(AsList(G), Order)), Size(Centre(G)), List(DerivedSeries(G), Size)];
Reset(GlobalMersenneTwister, 1);
for n in [16, 24, 27, 32, 48, 64, 81] do
  N := NrSmallGroups(n);
  reps := List([1 .. N], i -> Small(Image(IsomorphismPermGroup(SmallGroup(n, i)))));
  keys := List(reps, Key);
  for i in [1 .. N] do
    H := Image(RegularActionHomomorphism(reps[i]));
    H := H ^ Random(SymmetricGroup(LargestMovedPoint(H)));
    PrintTo(OUT, n, ":", i, "\t", GapSyntax(reps[i]), "\t", GapSyntax(H), "\ttrue\n");
  od;
  cnt := 0;
  for i in [1 .. N] do
    for j in [i + 1 .. N] do
      if keys[i] = keys[j] and cnt < 150 then
        PrintTo(OUT, n, ":", i, "/", j, "\t", GapSyntax(reps[i]), "\t", GapSyntax(reps[j]), "\tfalse\n");
        cnt := cnt + 1;
      fi;
    od;
  od;
od;
CloseStream(OUT);
QUIT;
EOF

printf 'TMPDIR_ := "%s";;\n' "$tmp" >"$tmp/init.g"
timeout 600 gap -q --quitonbreak "$tmp/init.g" "$(dirname "$0")/gap-syntax.g" "$tmp/pairs.g" </dev/null >"$tmp/gap.log" 2>&1
if [ ! -s "$tmp/pairs.txt" ]; then
    echo "check-gap-iso: GAP wrote no pairs" >&2
    tail -n 20 "$tmp/gap.log" >&2
    exit 1
fi

# lietool on every pair; the isomorphisms go to a GAP file for checking
pass=0
fail=0
: >"$tmp/maps.g"
tab=$(printf '\t')
while IFS="$tab" read -r label g h want; do
    out=$("$LIETOOL" isomorphic --json "$g" "$h" 2>&1)
    rc=$?
    exp=1
    [ "$want" = true ] && exp=0
    if [ "$rc" != "$exp" ]; then
        fail=$((fail + 1))
        echo "FAIL $label: exit status $rc, expected $exp: $(printf '%s' "$out" | cut -c1-200)"
        continue
    fi
    pass=$((pass + 1))
    if [ "$rc" = 0 ]; then
        printf '%s\n' "$out" | "$PYTHON" -c '
import json, sys
d = json.load(sys.stdin)
gens = ",".join(m["generator"] for m in d["isomorphism"]) or "()"
imgs = ",".join(m["image"] for m in d["isomorphism"]) or "()"
print("Check(\"%s\", Group(%s), Group(%s), [%s], [%s]);" % (sys.argv[1], d["object"][6:-1] or "()", d["other"][6:-1] or "()", gens, imgs))
' "$label" >>"$tmp/maps.g"
    fi
done <"$tmp/pairs.txt"

cat >"$tmp/check.g" <<'EOF'
OK := 0;; BAD := 0;;
Check := function(label, G, H, gens, imgs)
  local f;
  f := GroupHomomorphismByImages(G, H, gens, imgs);
  if f <> fail and IsBijective(f) then OK := OK + 1;
  else BAD := BAD + 1; Print("FAIL ", label, ": the printed map is not an isomorphism\n"); fi;
end;
EOF
printf 'Print("maps: ", OK, " ", BAD, "\\n");\nQUIT;\n' >"$tmp/end.g"
timeout 600 gap -q --quitonbreak "$tmp/check.g" "$tmp/maps.g" "$tmp/end.g" </dev/null >"$tmp/check.log" 2>&1
grep '^FAIL' "$tmp/check.log"
ok=$(sed -n 's/^maps: \([0-9]*\) \([0-9]*\)$/\1/p' "$tmp/check.log")
bad=$(sed -n 's/^maps: \([0-9]*\) \([0-9]*\)$/\2/p' "$tmp/check.log")
if [ -z "$ok" ]; then
    echo "check-gap-iso: GAP did not check the maps" >&2
    tail -n 20 "$tmp/check.log" >&2
    fail=$((fail + 1))
else
    pass=$((pass + ok))
    fail=$((fail + bad))
fi
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
