#!/bin/sh
# Timings of lietool against GAP on permutation groups.
#
#   sh bench/bench-groups.sh ./lietool        (what 'make bench' runs)
#
# For every case, three numbers (each the best of 3 runs, in seconds):
#   lietool      the whole process 'lietool info G --json' (parse, stabiliser
#                chain, order, derived and lower central series, centre,
#                exponent, JSON); it does more than GAP is asked to do below
#   GAP process  a fresh 'gap -q' (startup included) that builds the group and
#                computes DerivedSeriesOfGroup, LowerCentralSeriesOfGroup, Centre
#   GAP Runtime  the same three calls timed inside GAP with Runtime() (CPU ms),
#                on a fresh group object each run so no attribute is cached
# (a run of over 10 s is not repeated: best of 1)
# and two ratios: GAP process / lietool (above 1: lietool is faster as a
# command) and lietool / GAP Runtime (what lietool's whole run costs in units
# of GAP's own computation, startup excluded).
#
# Both tools see the same permutations: GAP is given the generators from the
# "generators" key of lietool's JSON output.  GAP's answers (orders of the
# series terms and of the centre) are checked against lietool's, and any
# disagreement is printed under the table.
#
# The cases:
#   Rubik       algebras/groups/Rubik.grp, degree 48, order 4.3e19
#   M24         algebras/groups/M24.grp, degree 24
#   PSL(2,997)  lietool's PSL(2,p) on the p+1 points of the projective line
#   C2 wr S8    GAP 4.12 WreathProduct(CyclicGroup(IsPermGroup,2), SymmetricGroup(8)),
#               imprimitive action on 16 points, generators pasted below
#   S4 wr S3    GAP 4.12 WreathProduct(SymmetricGroup(4), SymmetricGroup(3)) on 12 points
#   C2 wr C100  the 2-generator group <(1,2), (1,3,...,199)(2,4,...,200)> on
#               200 points: the wreath product of C2 by C100, order 2^100 * 100.
#               Chosen over a simple group of the same degree (PSL(2,199)) because
#               its series are not trivial: a base of 100 points, a derived series
#               of length 2 and a lower central series of 5 terms (the 2-part of
#               C100 is C4), so every step of the series and centre code runs.
#
# A second table times 'lietool upper-central-series G' against GAP's
# UpperCentralSeriesOfGroup (the same three numbers and ratios) on p-groups
# and wreath products where G acting on the orbits of Z_i is not G/Z_i: the
# Sylow 2-subgroup of S32, the Sylow 3-subgroup of S81, C2 wr C29 and
# (C3 wr C3) wr S3, each built the same way in GAP.
#
# Without gap on PATH this prints a message and exits 0.

LIETOOL=${1:-./lietool}
REPS=3
LIMIT=300        # seconds allowed for any one run (timeout(1))
ONCE=10          # a run longer than this many seconds is not repeated

. "$(dirname "$0")/../scripts/gap-env.sh"
gap_env bench-groups
BEST_LIMIT=$LIMIT

# ---------------------------------------------------------------- the cases
# GAP 4.12: WreathProduct(CyclicGroup(IsPermGroup, 2), SymmetricGroup(8))
C2WRS8='Group((1,2),(3,4),(5,6),(7,8),(9,10),(11,12),(13,14),(15,16),(1,3,5,7,9,11,13,15)(2,4,6,8,10,12,14,16),(1,3)(2,4))'
# GAP 4.12: WreathProduct(SymmetricGroup(4), SymmetricGroup(3))
S4WRS3='Group((1,2,3,4),(1,2),(5,6,7,8),(5,6),(9,10,11,12),(9,10),(1,5,9)(2,6,10)(3,7,11)(4,8,12),(1,5)(2,6)(3,7)(4,8))'
# C2 wr C100 on 200 points: (1,2) and the product of two 100-cycles on the odd
# and the even points (it moves the block {2i-1, 2i} to the next block)
C2WRC100="Group((1,2),($(seq -s, 1 2 199))($(seq -s, 2 2 200)))"

cat >"$tmp/cases" <<EOF
Rubik|Rubik
M24|M24
PSL(2,997)|PSL(2,997)
C2 wr S8|$C2WRS8
S4 wr S3|$S4WRS3
C2 wr C100|$C2WRC100
EOF

# ---------------------------------------------------------------- helpers


# JSON of lietool -> GAP input (gens), and the answers to check GAP against
cat >"$tmp/prep.py" <<'EOF'
import json, sys
d = json.load(open(sys.argv[1]))
base = sys.argv[2]
order = d["order"]
short = order if len(order) <= 12 else "%s.%se%d" % (order[0], order[1:3], len(order) - 1)
with open(base + ".gens.g", "w") as f:
    f.write("gens := [ %s ];\n" % ", ".join(d["generators"]))
with open(base + ".want", "w") as f:
    f.write("%s %s %s\n" % (",".join(d["derived_series"]), ",".join(d["lower_central_series"]),
                            d["center_order"]))
print(d["degree"], short)
EOF

cat >"$tmp/proc.g" <<'EOF'
G := Group(gens);
DerivedSeriesOfGroup(G);;
LowerCentralSeriesOfGroup(G);;
Centre(G);;
QUIT;
EOF

cat >"$tmp/runtime.g" <<EOF
SetPrintFormattingStatus("*stdout*", false);
best := infinity;
for i in [1 .. $REPS] do
  if best <> infinity and best >= $ONCE * 1000 then break; fi;
  G := Group(gens);                 # a fresh group: no stored attributes
  t := Runtime();
  ds := DerivedSeriesOfGroup(G);;
  lcs := LowerCentralSeriesOfGroup(G);;
  z := Centre(G);;
  t := Runtime() - t;
  if t < best then best := t; fi;
od;
Print("RESULT ", best, " ",
  JoinStringsWithSeparator(List(ds, H -> String(Size(H))), ","), " ",
  JoinStringsWithSeparator(List(lcs, H -> String(Size(H))), ","), " ",
  Size(z), "\n");
QUIT;
EOF

# ---------------------------------------------------------------- run
gapver=$(printf 'Print(GAPInfo.Version, "\\n");\n' | timeout 60 gap -q 2>/dev/null | head -1)
echo "lietool: $("$LIETOOL" --version 2>/dev/null | head -1)"
echo "GAP:     ${gapver:-unknown version}"
echo "seconds, best of $REPS runs (1 run when it takes over $ONCE s); lietool and GAP process:"
echo "wall clock of the whole process; GAP Runtime: CPU time of the three calls, 1 ms resolution"
echo
fmt='%-11s %6s %10s %9s %12s %12s %13s %16s\n'
printf "$fmt" case degree order lietool "GAP process" "GAP Runtime" "GAP-proc/lt" "lt/GAP-Runtime"
printf "$fmt" ----------- ------ ---------- --------- ------------ ------------ ------------- ----------------
notes=
n=0
while IFS='|' read -r name obj; do
    n=$((n + 1))
    base=$tmp/case$n
    # (stdin of the loop is the case list: every command here reads /dev/null)
    if ! timeout $LIMIT "$LIETOOL" info "$obj" --json </dev/null >"$base.json" 2>"$base.err"; then
        printf "$fmt" "$name" - - failed - - - -
        notes="$notes
$name: lietool failed: $(tail -1 "$base.err")"
        continue
    fi
    set -- $("$PYTHON" "$tmp/prep.py" "$base.json" "$base" </dev/null)
    degree=$1 order=$2
    t_lt=$(best_of "$LIETOOL" info "$obj" --json)
    cat "$base.gens.g" "$tmp/proc.g" >"$base.proc.g"
    t_gp=$(best_of gap -q "$base.proc.g")
    cat "$base.gens.g" "$tmp/runtime.g" >"$base.rt.g"
    t_rt=
    if timeout $LIMIT gap -q "$base.rt.g" </dev/null >"$base.rt.out" 2>&1 \
       && res=$(grep '^RESULT ' "$base.rt.out"); then
        set -- $res
        t_rt=$(awk -v ms="$2" 'BEGIN { printf "%.3f", ms / 1000 }')
        if [ "$3 $4 $5" != "$(cat "$base.want")" ]; then
            notes="$notes
$name: GAP and lietool disagree: GAP derived/lower central/centre orders $3 | $4 | $5, lietool $(sed 's/ / | /g' "$base.want")"
        fi
    else
        t_rt=failed
        notes="$notes
$name: GAP Runtime run failed: $(tail -1 "$base.rt.out")"
    fi
    printf "$fmt" "$name" "$degree" "$order" "$t_lt" "$t_gp" "$t_rt" \
        "$(ratio "$t_gp" "$t_lt")" "$(ratio "$t_lt" "$t_rt")"
done <"$tmp/cases"

echo
echo "GAP-proc/lt > 1: the lietool command is that many times faster than a fresh GAP session."
echo "lt/GAP-Runtime: lietool's whole process over GAP's in-process time for the three calls"
echo "(n/a when GAP's Runtime() reads 0 ms)."
if [ -n "$notes" ]; then
    echo
    echo "problems:$notes"
    exit 1
fi
echo "GAP's series and centre orders agree with lietool's in every case."

# ---------------------------------------------------------------- upper central series
# 'lietool upper-central-series G' against GAP's UpperCentralSeriesOfGroup on
# the same group built in GAP (the same wreath products of cyclic groups;
# the orders of the terms are compared). Both cut Z(G/Z_i) out of a
# preimage without listing elements; GAP through its own methods.
echo
echo "upper central series (lietool upper-central-series; GAP UpperCentralSeriesOfGroup):"
cat >"$tmp/ucases" <<'EOF2'
Syl2(S32)|WreathProduct(WreathProduct(WreathProduct(WreathProduct(C2,C2),C2),C2),C2)|W([2,2,2,2,2])
Syl3(S81)|WreathProduct(WreathProduct(WreathProduct(C3,C3),C3),C3)|W([3,3,3,3])
C2 wr C29|WreathProduct(C2,C29)|W([2,29])
C3wrC3wrS3|WreathProduct(WreathProduct(C3,C3),S3)|WreathProduct(W([3,3]),SymmetricGroup(3))
EOF2
cat >"$tmp/uhead.g" <<'EOF2'
SetPrintFormattingStatus("*stdout*", false);
W := function(l) local G, i; G := CyclicGroup(IsPermGroup, l[1]);
  for i in [2 .. Length(l)] do G := WreathProduct(G, CyclicGroup(IsPermGroup, l[i])); od; return G; end;
EOF2
printf "$fmt" case degree order lietool "GAP process" "GAP Runtime" "GAP-proc/lt" "lt/GAP-Runtime"
printf "$fmt" ----------- ------ ---------- --------- ------------ ------------ ------------- ----------------
unotes=
while IFS='|' read -r name obj gexpr; do
    if ! timeout $LIMIT "$LIETOOL" upper-central-series "$obj" </dev/null >"$tmp/u.out" 2>"$tmp/u.err"; then
        printf "$fmt" "$name" - - failed - - - -
        unotes="$unotes
$name: lietool failed: $(tail -1 "$tmp/u.err")"
        continue
    fi
    want=$(sed 's/ > /,/g' "$tmp/u.out")
    t_lt=$(best_of "$LIETOOL" upper-central-series "$obj")
    { cat "$tmp/uhead.g"; printf 'G := %s;; UpperCentralSeriesOfGroup(G);; QUIT;\n' "$gexpr"; } >"$tmp/u.proc.g"
    t_gp=$(best_of gap -q "$tmp/u.proc.g")
    { cat "$tmp/uhead.g"
      printf 'best := infinity;\nfor i in [1 .. %s] do\n  G := %s;;\n' "$REPS" "$gexpr"
      printf '  t := Runtime(); u := UpperCentralSeriesOfGroup(G);; t := Runtime() - t;\n'
      printf '  if t < best then best := t; fi;\nod;\n'
      printf 'Print("RESULT ", best, " ", NrMovedPoints(G), " ", Size(G), " ", JoinStringsWithSeparator(List(u, H -> String(Size(H))), ","), "\\n");\nQUIT;\n'
    } >"$tmp/u.rt.g"
    if timeout $LIMIT gap -q "$tmp/u.rt.g" </dev/null >"$tmp/u.rt.out" 2>&1 \
       && res=$(grep '^RESULT ' "$tmp/u.rt.out"); then
        set -- $res
        t_rt=$(awk -v ms="$2" 'BEGIN { printf "%.3f", ms / 1000 }')
        degree=$3
        order=$(echo "$4" | awk '{ if (length($0) <= 12) print; else printf "%s.%se%d\n", substr($0, 1, 1), substr($0, 2, 2), length($0) - 1 }')
        [ "$5" = "$want" ] || unotes="$unotes
$name: GAP and lietool disagree: GAP $5, lietool $want"
    else
        t_rt=failed degree=- order=-
        unotes="$unotes
$name: GAP Runtime run failed: $(tail -1 "$tmp/u.rt.out")"
    fi
    printf "$fmt" "$name" "$degree" "$order" "$t_lt" "$t_gp" "$t_rt" \
        "$(ratio "$t_gp" "$t_lt")" "$(ratio "$t_lt" "$t_rt")"
done <"$tmp/ucases"
if [ -n "$unotes" ]; then
    echo
    echo "problems:$unotes"
    exit 1
fi
echo "GAP's upper central series orders agree with lietool's in every case."
