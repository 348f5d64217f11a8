#!/bin/sh
# Conjugacy classes and exponent: lietool against GAP in the same run.
#
#   sh bench/bench-classes.sh ./lietool        (what 'make bench' runs)
#
# For every case (best of 3 runs, seconds):
#   lietool      the whole process 'lietool conjugacy-classes G --json'
#                (representatives, sizes, element orders; the exponent is the
#                lcm of the element orders)
#   GAP process  a fresh 'gap -q' (startup included) that builds the group and
#                computes ConjugacyClasses(G) and Exponent(G)
#   GAP Runtime  the same two calls timed inside GAP with Runtime() (CPU ms),
#                on a fresh group object each run
# and the ratios GAP process / lietool (above 1: lietool is faster as a
# command) and lietool / GAP Runtime. GAP is given the generators lietool
# prints in 'lietool info G --json'; the number of classes, the multiset of
# class sizes and the exponent are checked against GAP's.
#
# The cases:
#   M24         algebras/groups/M24.grp, degree 24
#   PSL(3,5)    GAP 4.12 PSL(3,5) (its permutation action on the 31 points
#               of the projective plane), generators pasted below
#   PSL(2,81)   GAP 4.12 PSL(2,81) on the 82 points of the projective line
#   S4 wr S5    GAP 4.12 WreathProduct(SymmetricGroup(4), SymmetricGroup(5)),
#               imprimitive on 20 points, order 955514880, 506 classes
#   M11 wr S3   WreathProduct(MathieuGroup(11),SymmetricGroup(3)) (lietool's
#               M11), 33 points, 330 classes, many of one cycle type
#   PSL(2,128)  lietool's PSL(2,128) on the 129 projective points: 129
#               classes, of five cycle types
#   PSL(3,7)    lietool's PSL(3,7) on the 57 projective points
#
# Without gap on PATH this prints a message and exits 0.

LIETOOL=${1:-./lietool}
REPS=3
LIMIT=300
ONCE=10

. "$(dirname "$0")/../scripts/gap-env.sh"
gap_env bench-classes
BEST_LIMIT=$LIMIT

# GAP 4.12: PSL(3,5)
PSL35='Group((3,4,5,6)(8,11,10,9)(12,22)(13,26,15,24)(14,23,16,25)(17,27)(18,31,20,29)(19,28,21,30),(1,2,7,10,25,3,12,9,20,31,18,21,16,24,4,17,11,30,13,29,28,23,5,22)(6,27,8,15,19,26))'
# GAP 4.12: PSL(2,81)
PSL281='Group((3,81,79,77,75,10,72,70,68,66,9,63,61,59,57,8,54,52,50,48,4,45,43,41,39,7,36,34,32,30,6,27,25,23,21,5,18,16,14,12)(11,82,80,78,76,74,73,71,69,67,65,64,62,60,58,56,55,53,51,49,47,46,44,42,40,38,37,35,33,31,29,28,26,24,22,20,19,17,15,13),(1,2,4)(5,6,8)(7,9,10)(11,21,71)(12,66,25)(13,43,47)(14,55,35)(15,37,52)(16,34,54)(17,63,24)(18,20,65)(19,36,49)(22,72,82)(23,51,29)(26,33,45)(27,81,68)(28,73,75)(30,76,69)(31,32,40)(38,79,58)(39,59,77)(41,56,78)(42,70,64)(44,57,74)(46,50,80)(48,60,67)(53,61,62))'
# GAP 4.12: WreathProduct(SymmetricGroup(4), SymmetricGroup(5))
S4WRS5='Group((1,2,3,4),(1,2),(5,6,7,8),(5,6),(9,10,11,12),(9,10),(13,14,15,16),(13,14),(17,18,19,20),(17,18),(1,5,9,13,17)(2,6,10,14,18)(3,7,11,15,19)(4,8,12,16,20),(1,5)(2,6)(3,7)(4,8))'

cat >"$tmp/cases" <<EOC
M24|M24
PSL(3,5)|$PSL35
PSL(2,81)|$PSL281
S4 wr S5|$S4WRS5
M11 wr S3|WreathProduct(MathieuGroup(11),SymmetricGroup(3))
PSL(2,128)|PSL(2,128)
PSL(3,7)|PSL(3,7)
EOC

# lietool's JSON -> GAP's generators, and the answers to check GAP against
cat >"$tmp/prep.py" <<'EOP'
import json, sys, math
info = json.load(open(sys.argv[1]))
cls = json.load(open(sys.argv[2]))
base = sys.argv[3]
with open(base + ".gens.g", "w") as f:
    f.write("gens := [ %s ];\n" % ", ".join(info["generators"]))
e = 1
for c in cls["classes"]:
    o = int(c["element_order"])
    e = e * o // math.gcd(e, o)
sizes = ",".join(sorted(c["size"] for c in cls["classes"]))
with open(base + ".want", "w") as f:
    f.write("%s %d %s\n" % (cls["conjugacy_classes"], e, sizes))
print(info["degree"], info["order"])
EOP

cat >"$tmp/proc.g" <<'EOP'
G := Group(gens);
ConjugacyClasses(G);;
Exponent(G);;
QUIT;
EOP

cat >"$tmp/runtime.g" <<EOP
SetPrintFormattingStatus("*stdout*", false);
best := infinity;
for i in [1 .. $REPS] do
  if best <> infinity and best >= $ONCE * 1000 then break; fi;
  G := Group(gens);
  t := Runtime();
  cc := ConjugacyClasses(G);;
  e := Exponent(G);;
  t := Runtime() - t;
  if t < best then best := t; fi;
od;
Print("RESULT ", best, " ", Length(cc), " ", e, " ",
  JoinStringsWithSeparator(SortedList(List(cc, c -> String(Size(c)))), ","), "\n");
QUIT;
EOP

gapver=$(printf 'Print(GAPInfo.Version, "\\n");\n' | timeout 60 gap -q 2>/dev/null | head -1)
echo "conjugacy classes and exponent; GAP: ${gapver:-unknown version}"
echo "seconds, best of $REPS runs; lietool and GAP process: wall clock of the whole process"
echo
fmt='%-10s %6s %10s %8s %9s %12s %12s %13s %16s\n'
printf "$fmt" case degree order classes lietool "GAP process" "GAP Runtime" "GAP-proc/lt" "lt/GAP-Runtime"
printf "$fmt" ---------- ------ ---------- -------- --------- ------------ ------------ ------------- ----------------
notes=
n=0
while IFS='|' read -r name obj; do
    n=$((n + 1))
    base=$tmp/case$n
    if ! timeout $LIMIT "$LIETOOL" info "$obj" --json </dev/null >"$base.info" 2>"$base.err" \
       || ! timeout $LIMIT "$LIETOOL" conjugacy-classes "$obj" --json </dev/null >"$base.json" 2>"$base.err"; then
        printf "$fmt" "$name" - - - failed - - - -
        notes="$notes
$name: lietool failed: $(tail -1 "$base.err")"
        continue
    fi
    set -- $("$PYTHON" "$tmp/prep.py" "$base.info" "$base.json" "$base" </dev/null)
    degree=$1 order=$2
    nclasses=$(cut -d' ' -f1 "$base.want")
    t_lt=$(best_of "$LIETOOL" conjugacy-classes "$obj" --json)
    cat "$base.gens.g" "$tmp/proc.g" >"$base.proc.g"
    t_gp=$(best_of gap -q "$base.proc.g")
    cat "$base.gens.g" "$tmp/runtime.g" >"$base.rt.g"
    if timeout $LIMIT gap -q "$base.rt.g" </dev/null >"$base.rt.out" 2>&1 \
       && res=$(grep '^RESULT ' "$base.rt.out"); then
        set -- $res
        t_rt=$(awk -v ms="$2" 'BEGIN { printf "%.3f", ms / 1000 }')
        if [ "$3 $4 $5" != "$(cat "$base.want")" ]; then
            notes="$notes
$name: GAP and lietool disagree: GAP $3 classes, exponent $4; lietool $(cut -d' ' -f1,2 "$base.want")"
        fi
    else
        t_rt=failed
        notes="$notes
$name: GAP Runtime run failed: $(tail -1 "$base.rt.out")"
    fi
    printf "$fmt" "$name" "$degree" "$order" "$nclasses" "$t_lt" "$t_gp" "$t_rt" \
        "$(ratio "$t_gp" "$t_lt")" "$(ratio "$t_lt" "$t_rt")"
done <"$tmp/cases"

echo
echo "GAP-proc/lt > 1: the lietool command is that many times faster than a fresh GAP session."
if [ -n "$notes" ]; then
    echo
    echo "problems:$notes"
    exit 1
fi
echo "GAP's classes (number, sizes) and exponent agree with lietool's in every case."
