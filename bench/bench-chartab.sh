#!/bin/sh
# Character tables: lietool against GAP in the same run.
#
#   sh bench/bench-chartab.sh ./lietool        (what 'make bench' runs)
#
# For every case (best of 3 runs, seconds; a run of over 10 s is not repeated):
#   lietool      the whole process 'lietool character-table G --json' (the
#                classes, the irreducible characters by Dixon-Schneider, power
#                maps, indicators, the real representations and the head counts)
#   GAP process  a fresh 'gap -q' (startup included, as in bench-classes.sh)
#                that builds the group and computes Irr(CharacterTable(G))
#   GAP Runtime  the same call timed inside GAP with Runtime() (CPU ms, startup
#                excluded), on a fresh group object each run
# and the ratios GAP process / lietool (above 1: lietool is faster as a
# command) and lietool / GAP Runtime. GAP does less than lietool here: no
# indicators, real representations or head counts. Given Group(gens), GAP
# 4.12 runs Dixon-Schneider on S7 and A8 too (it reads the table of S_n from
# its library only when G is known to be a natural symmetric group:
# SymmetricGroup(7) takes it 0 ms, Group((1,2,3,4,5,6,7),(1,2)) 170 ms).
# GAP is given the generators lietool prints in 'lietool info G --json'; the
# number of classes and the sorted character degrees are checked against GAP's.
#
# The cases: S5, A6, PSL(2,7), SL(2,5), Q16, M11, S7, PSL(2,25), A8 and M12
# as lietool names them, and in GAP syntax (GAP 4.12 output):
#   C3 wr S3    WreathProduct(CyclicGroup(IsPermGroup,3), SymmetricGroup(3)), 17 classes
#   2^4:A5      PrimitiveGroup(16,19), order 960
#   C5 wr C4    WreathProduct(CyclicGroup(IsPermGroup,5), CyclicGroup(IsPermGroup,4)),
#               order 2500 with 190 classes
#
# Without gap on PATH, or without the character-table command, this prints a
# message and exits 0.

LIETOOL=${1:-./lietool}
REPS=3
LIMIT=300
ONCE=10

. "$(dirname "$0")/../scripts/gap-env.sh"
gap_env bench-chartab
BEST_LIMIT=$LIMIT

"$LIETOOL" character-table C2 >/dev/null 2>&1
if [ $? -eq 2 ]; then
    echo "bench-chartab: character-table not available in $LIETOOL; nothing timed"
    exit 0
fi

# GAP 4.12: WreathProduct(CyclicGroup(IsPermGroup, 3), SymmetricGroup(3))
C3WRS3='Group((1,2,3),(4,5,6),(7,8,9),(1,4,7)(2,5,8)(3,6,9),(1,4)(2,5)(3,6))'
# GAP 4.12: PrimitiveGroup(16, 19)
AFF2='Group((2,16,9,5,3)(4,15,8,13,7)(6,14,10,12,11),(2,5)(3,16)(4,12)(7,15)(8,11)(10,13),(1,2)(3,4)(5,6)(7,8)(9,10)(11,12)(13,14)(15,16))'
# GAP 4.12: WreathProduct(CyclicGroup(IsPermGroup, 5), CyclicGroup(IsPermGroup, 4))
C5WRC4='Group((1,2,3,4,5),(6,7,8,9,10),(11,12,13,14,15),(16,17,18,19,20),(1,6,11,16)(2,7,12,17)(3,8,13,18)(4,9,14,19)(5,10,15,20))'

cat >"$tmp/cases" <<EOC
S5|S5
A6|A6
PSL(2,7)|PSL(2,7)
SL(2,5)|SL(2,5)
Q16|Q16
C3 wr S3|$C3WRS3
2^4:A5|$AFF2
C5 wr C4|$C5WRC4
M11|M11
S7|S7
PSL(2,25)|PSL(2,25)
A8|A8
M12|M12
EOC

# lietool's JSON -> GAP's generators, and the answers to check GAP against
cat >"$tmp/prep.py" <<'EOP'
import json, sys
info = json.load(open(sys.argv[1]))
tbl = json.load(open(sys.argv[2]))
base = sys.argv[3]
with open(base + ".gens.g", "w") as f:
    f.write("gens := [ %s ];\n" % ", ".join(info["generators"]))
with open(base + ".want", "w") as f:
    f.write("%d %s\n" % (len(tbl["classes"]), ",".join(str(d) for d in sorted(tbl["character_degrees"]))))
print(info["degree"], info["order"], len(tbl["classes"]))
EOP

cat >"$tmp/proc.g" <<'EOP'
G := Group(gens);
Irr(CharacterTable(G));;
QUIT;
EOP

cat >"$tmp/runtime.g" <<EOP
SetPrintFormattingStatus("*stdout*", false);
best := infinity;
for i in [1 .. $REPS] do
  if best <> infinity and best >= $ONCE * 1000 then break; fi;
  G := Group(gens);
  t := Runtime();
  irr := Irr(CharacterTable(G));;
  t := Runtime() - t;
  if t < best then best := t; fi;
od;
Print("RESULT ", best, " ", Length(irr), " ",
  JoinStringsWithSeparator(List(SortedList(List(irr, x -> x[1])), String), ","), "\n");
QUIT;
EOP

gapver=$(printf 'Print(GAPInfo.Version, "\\n");\n' | timeout 60 gap -q 2>/dev/null | head -1)
echo "character tables; GAP: ${gapver:-unknown version}"
echo "seconds, best of $REPS runs; lietool and GAP process: wall clock of the whole process (GAP's startup included)"
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
       || ! timeout $LIMIT "$LIETOOL" character-table "$obj" --json </dev/null >"$base.json" 2>"$base.err"; then
        printf "$fmt" "$name" - - - failed - - - -
        notes="$notes
$name: lietool failed: $(tail -1 "$base.err")"
        continue
    fi
    set -- $("$PYTHON" "$tmp/prep.py" "$base.info" "$base.json" "$base" </dev/null)
    degree=$1 order=$2 nclasses=$3
    t_lt=$(best_of "$LIETOOL" character-table "$obj" --json)
    cat "$base.gens.g" "$tmp/proc.g" >"$base.proc.g"
    t_gp=$(best_of gap -q "$base.proc.g")
    cat "$base.gens.g" "$tmp/runtime.g" >"$base.rt.g"
    if timeout $LIMIT gap -q "$base.rt.g" </dev/null >"$base.rt.out" 2>&1 \
       && res=$(grep '^RESULT ' "$base.rt.out"); then
        set -- $res
        t_rt=$(awk -v ms="$2" 'BEGIN { printf "%.3f", ms / 1000 }')
        if [ "$3 $4" != "$(cat "$base.want")" ]; then
            notes="$notes
$name: GAP and lietool disagree: GAP $3 characters of degrees $4; lietool $(cat "$base.want")"
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
echo "GAP's number of characters and their degrees agree with lietool's in every case."
