#!/bin/sh
# Compare lietool's GAP convention for word-problem datasets with GAP itself.
#
#   sh tests/check-gap-dataset.sh ./lietool      (part of 'make check-gap')
#
# For each group, GAP builds Group(generators of 'lietool info G --json') and
# checks, against 'lietool table G --json --convention gap':
#   elements   the element names are AsSortedList(G), in that order
#   table      L[i] * L[j] = L[table[i][j] + 1] for all i, j (GAP's product)
# and, against 'lietool dataset generate G --convention gap':
#   targets    every target is the index in L of the product of the word's
#              prefix, x_1 * ... * x_t, in GAP
# Prints one line per mismatch and ends with "N passed, N failed"; exits 1 on
# any mismatch, 0 otherwise (and 0 with a message when gap is not installed).

LIETOOL=${1:-./lietool}

. "$(dirname "$0")/../scripts/gap-env.sh"
gap_env check-gap-dataset

i=0
: >"$tmp/all.g"
for g in S3 S4 A4 A5 C12 C60 'C5 x A4' D8 D10 H3 'UT(3,3)' Q8 'PSL(2,7)' 'PSL(2,11)' 'S3 x C4' \
         'Group((1,2,3),(4,5))' 'AGL(1,7)'; do
    i=$((i + 1))
    "$LIETOOL" info "$g" --json >"$tmp/info$i.json" &&
    "$LIETOOL" table "$g" --json --convention gap >"$tmp/table$i.json" &&
    "$LIETOOL" dataset generate "$g" --length 12 --samples 30 --seed "$i" --convention gap >"$tmp/data$i.csv" || {
        echo "FAIL $g: lietool failed"; exit 1; }
    "$PYTHON" - "$g" "$tmp/info$i.json" "$tmp/table$i.json" "$tmp/data$i.csv" >>"$tmp/all.g" <<'EOF' || exit 1
import csv, json, sys
name, info, table, data = sys.argv[1:]
info = json.load(open(info))
tab = json.load(open(table))
rows = list(csv.reader(open(data)))[1:]
gens = ",".join(info["generators"]) or "()"
print("Check(%s, Group(%s), [%s], %s, %s);" % (
    json.dumps(name), gens, ",".join(tab["elements"]), json.dumps(tab["table"]),
    json.dumps([[[int(x) for x in r[1].split()], [int(x) for x in r[2].split()]] for r in rows])))
EOF
done

cat >"$tmp/run.g" <<'EOF'
passed := 0;; failed := 0;;
Result := function(ok, what)
    if ok then passed := passed + 1;
    else failed := failed + 1; Print("FAIL ", what, "\n"); fi;
end;;
Check := function(name, G, els, tab, rows)
    local L, n, i, j, ok, r, p, t;
    L := AsSortedList(G);
    n := Size(L);
    Result(L = els, Concatenation(name, ": elements are not AsSortedList(G)"));
    ok := Length(tab) = n and ForAll([1..n], i -> ForAll([1..n], j -> L[i] * L[j] = L[tab[i][j] + 1]));
    Result(ok, Concatenation(name, ": table[i][j] is not the index of L[i]*L[j]"));
    ok := true;
    for r in rows do
        p := One(G);
        for t in [1..Length(r[1])] do
            p := p * L[r[1][t] + 1];
            if L[r[2][t] + 1] <> p then ok := false; fi;
        od;
    od;
    Result(ok, Concatenation(name, ": a target is not the prefix product"));
end;;
EOF
cat "$tmp/all.g" >>"$tmp/run.g"
printf '%s\n' 'Print(passed, " passed, ", failed, " failed\n"); QUIT_GAP(failed);' >>"$tmp/run.g"
out=$(gap -q -b "$tmp/run.g" </dev/null 2>&1)
status=$?
printf '%s\n' "$out" | grep -v '^$' | tail -n 60
line=$(printf '%s\n' "$out" | grep -E '^[0-9]+ passed, [0-9]+ failed$')
[ -n "$line" ] || { echo "check-gap-dataset: GAP did not finish"; exit 1; }
exit $status
