#!/bin/sh
# Timings of 'lietool bch' (exact BCH series in the Lyndon basis, printed as
# the table) at degrees 20, 22 and 24, with one thread and with every
# processor, and the peak memory (GNU time's maximum resident set); last,
# single coefficients (bch --coefficient WORD) at degrees 84 and 256.
#
#   sh bench/bench-bch.sh ./lietool        (what 'make bench' runs)
#
# The first table quotes the figures of H. Hofstaetter's bch program (C,
# 128-bit integers, so it stops at degree 30) from the project's issue:
# 0.35 s and 9 MB at degree 20, 2.9 s and 28 MB at degree 22, using both
# cores; its ratio column is lietool's time over the quoted one. The second
# table runs that program itself beside lietool on both cores when
# BCH_PEER=/path/to/bch is given (built from its public source outside this
# tree: the bench fetches nothing). BENCH_BCH_MAX=22 skips degree 24 (15 s,
# and half a minute for the peer); BENCH_BCH_MAX=26 adds degree 26 (a
# minute; the peer's, 13 to 20).
LIETOOL=${1:-./lietool}
if [ ! -x "$LIETOOL" ]; then
    echo "bench-bch: '$LIETOOL' is not an executable (build it with make)" >&2
    exit 1
fi
MAX=${BENCH_BCH_MAX:-24}
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-bch.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
NPROC=$(nproc 2>/dev/null || echo 1)

# run N THREADS: best wall time of up to 3 runs (1 run above 5 s) and the
# peak memory of the last, "seconds MB"
run() {
    best= mem=
    for i in 1 2 3; do
        LIETOOL_THREADS=$2 /usr/bin/time -f "%e %M" -o "$tmp/time" "$LIETOOL" bch --table --max-enum 1e10 "$1" >"$tmp/out" 2>"$tmp/err" || { echo "failed failed"; return; }
        set -- "$1" "$2" $(cat "$tmp/time")
        t=$3 mem=$4
        best=$(awk -v a="$t" -v b="$best" 'BEGIN { if (b != "" && b + 0 < a + 0) a = b; printf "%.2f", a }')
        if awk -v a="$t" 'BEGIN { exit !(a + 0 > 5) }'; then break; fi
        set -- "$1" "$2"
    done
    echo "$best $(awk -v m="$mem" 'BEGIN { printf "%.0f", m / 1024 }')"
}

echo "bch: exact BCH series log(e^X e^Y) in the Lyndon basis, 'lietool bch --table N' (output to a file)"
echo "$NPROC processors; published: Hofstaetter's bch (quoted in the issue, not run here)"
printf '%-7s %10s %9s %12s %9s %8s %16s %7s\n' degree dimension nonzero "1 thread s" "all s" "MB" "published s, MB" ratio
for N in 20 22 24; do
    [ "$N" -le "$MAX" ] || continue
    set -- $(run "$N" 1); t1=$1
    set -- $(run "$N" "$NPROC"); tn=$1 mb=$2
    dim=$(wc -l <"$tmp/out")
    nz=$(awk '$5 !~ /^0\// { n++ } END { print n + 0 }' "$tmp/out")
    case $N in
        20) pub="0.35, 9"; ref=0.35 ;;
        22) pub="2.9, 28"; ref=2.9 ;;
        *) pub="-"; ref= ;;
    esac
    ratio=$( [ -n "$ref" ] && awk -v a="$tn" -v b="$ref" 'BEGIN { printf "%.2f", a / b }' || echo -)
    printf '%-7s %10s %9s %12s %9s %8s %16s %7s\n' "$N" "$dim" "$nz" "$t1" "$tn" "$mb" "$pub" "$ratio"
done

# Both cores against the 128-bit program itself, side by side in this run:
# BCH_PEER=/path/to/bch (built from github.com/HaraldHofstaetter/BCH with
# its own Makefile: gcc -O3 -march=native -fopenmp; libbch.so beside it),
# run as `bch N=D table_output=1` with OMP_NUM_THREADS=2; lietool as
# `bch --table D` with LIETOOL_THREADS=2 (issue 40's goal: wall time at
# most 0.4 and peak memory at most 0.5 of the peer's). Wall time (the
# least of RUNS runs, taken in turns so that both see the same load: a
# shared machine's timings vary by a third) and peak memory (GNU time's
# maximum resident set, libraries included). Degrees 20 to BENCH_BCH_MAX
# (default 24; 26 takes the peer about 20 minutes here). The bench
# fetches nothing: without BCH_PEER it prints lietool's figures and the
# ratios last measured.
# timed KIND RUNS OUT CMD...: "seconds MB", the least wall time (KIND wall)
# or CPU time (user + system, KIND cpu) of RUNS runs and the peak of the last
timed() {
    kind=$1 runs=$2 out=$3; shift 3
    best=
    for i in $(seq "$runs"); do
        /usr/bin/time -f "%e %U %S %M" -o "$tmp/time" "$@" >"$out" 2>"$tmp/err" || { echo "failed failed"; return; }
        t=$(awk -v k="$kind" '{ printf "%.2f", k == "wall" ? $1 : $2 + $3 }' "$tmp/time")
        best=$(awk -v a="$t" -v b="$best" 'BEGIN { if (b != "" && b + 0 < a + 0) a = b; printf "%.2f", a }')
    done
    echo "$best $(awk '{ printf "%.1f", $4 / 1024 }' "$tmp/time")"
}
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }
echo
echo "bch on both cores: lietool bch --table D (LIETOOL_THREADS=2) beside Hofstaetter's bch N=D (OMP_NUM_THREADS=2)"
echo "load average before: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"
if [ -n "${BCH_PEER:-}" ] && [ -x "$BCH_PEER" ]; then
    # the fixed base (libraries: FLINT with NTL and libstdc++ for lietool):
    # the peak at degree 2; "data ratio" compares the peaks less their bases
    set -- $(LIETOOL_THREADS=2 timed wall 1 "$tmp/out" "$LIETOOL" bch --table 2); lb=$2
    set -- $(cd "$(dirname "$BCH_PEER")" && OMP_NUM_THREADS=2 LD_LIBRARY_PATH=. timed wall 1 "$tmp/peer" "$BCH_PEER" N=2 table_output=1); pb=$2
    echo "base MB (degree 2): lietool $lb, peer $pb"
    printf '%-7s %10s %10s %8s %11s %8s %11s %10s %11s\n' degree terms "lietool s" "peer s" "lietool MB" "peer MB" "time ratio" "mem ratio" "data ratio"
    for N in 20 22 24 26; do
        [ "$N" -le "${BENCH_BCH_MAX:-24}" ] || continue
        runs=3; [ "$N" -lt 24 ] || runs=1
        lt= pt= lm= pm=
        for i in $(seq "$runs"); do
            set -- $(LIETOOL_THREADS=2 timed wall 1 "$tmp/out" "$LIETOOL" bch --table --max-enum 1e12 "$N")
            lt=$(awk -v a="$1" -v b="$lt" 'BEGIN { if (b != "" && b + 0 < a + 0) a = b; printf "%.2f", a }'); lm=$2
            set -- $(cd "$(dirname "$BCH_PEER")" && OMP_NUM_THREADS=2 LD_LIBRARY_PATH=. timed wall 1 "$tmp/peer" "$BCH_PEER" N="$N" table_output=1)
            pt=$(awk -v a="$1" -v b="$pt" 'BEGIN { if (b != "" && b + 0 < a + 0) a = b; printf "%.2f", a }'); pm=$2
        done
        # the same basis order and coefficients (the index columns differ: 0- vs 1-based, leaves)
        awk '{ print $2, $5 }' "$tmp/peer" >"$tmp/peer.cols"
        awk '{ print $2, $5 }' "$tmp/out" | cmp -s - "$tmp/peer.cols" && same="agree" || same="DIFFER"
        printf '%-7s %10s %10s %8s %11s %8s %11s %10s %11s  coefficients %s\n' "$N" "$(wc -l <"$tmp/out")" "$lt" "$pt" "$lm" "$pm" \
            "$(ratio "$lt" "$pt")" "$(ratio "$lm" "$pm")" \
            "$(ratio "$(awk -v a="$lm" -v b="$lb" 'BEGIN { print a - b }')" "$(awk -v a="$pm" -v b="$pb" 'BEGIN { print a - b }')")" "$same"
    done
else
    echo "(BCH_PEER not given: lietool alone. Last measured beside the peer on 2026-12-05 (branch bchmt), 2-core"
    echo " machine under a load average below 2: see the README's scale table)"
    printf '%-7s %10s %10s %11s\n' degree terms "lietool s" "lietool MB"
    for N in 20 22 24 26; do
        [ "$N" -le "${BENCH_BCH_MAX:-24}" ] || continue
        set -- $(LIETOOL_THREADS=2 timed wall 1 "$tmp/out" "$LIETOOL" bch --table --max-enum 1e12 "$N")
        printf '%-7s %10s %10s %11s\n' "$N" "$(wc -l <"$tmp/out")" "$1" "$2"
    done
fi
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)"

# Single coefficients, bch --coefficient WORD (no peer: the series is not
# formed): the published word of degree 84 on three letters (Hofstaetter,
# arXiv 2012.03818; the value is checked) and a word at the default
# --max-length, 256 letters A^255 B (every cut counts: the worst case);
# the least CPU time of 3 runs.
W84=xyzxxyyzzxxxyyyzzzxxxxyyyyzzzzxxxxxyyyyyzzzzzxxxxxxyyyyyyzzzzzzxxxxxxxyyyyyyyzzzzzzz
C84=-181365590859710868850573/3587775871359251968716509214115480195096319355948556615680000000000
W256=$(awk 'BEGIN { for (i = 0; i < 255; i++) printf "A"; print "B" }')
echo
echo "bch --coefficient WORD: one word's coefficient in log(e^A_1 ... e^A_K), without the series"
set -- $(timed cpu 3 "$tmp/out" "$LIETOOL" bch --coefficient "$W84")
[ "$(cat "$tmp/out")" = "$C84" ] && same="the published value" || same="NOT the published value"
printf 'degree 84, 3 letters:  %s s CPU, %s MB, %s\n' "$1" "$2" "$same"
set -- $(timed cpu 3 "$tmp/out" "$LIETOOL" bch --coefficient "$W256")
printf 'degree 256, A^255 B:   %s s CPU, %s MB\n' "$1" "$2"
