#!/bin/sh
# lietool bch and magnus --mpi and --checkpoint: the output of mpirun -np 2
# and -np 3 (oversubscribed on 2 cores) is identical byte for byte to one
# process (bch at degrees 12 to 18, magnus on 3 and 4 letters); a run whose rank is killed (LIETOOL_MPI_FAULT=R:K, as
# kill -9 after K classes) restarts from its checkpoint, recomputes only
# what is missing and prints the same; a corrupted or truncated checkpoint
# file is reported and recomputed, never used.
# Ends with "mpi: N passed, N failed"; skipped (0 passed) without MPI.
LIETOOL=${LIETOOL:-./lietool}
pass=0
fail=0
ok() { pass=$((pass + 1)); }
bad() { echo "FAIL mpi: $*"; fail=$((fail + 1)); }
finish() { rm -rf "$tmp"; echo "mpi: $pass passed, $fail failed"; [ "$fail" -eq 0 ]; exit $?; }
tmp=$(mktemp -d)

# without MPI: a clear refusal, exit status 2
# (Open MPI keeps some memory to the end: no leak report from it under ASan)
if ASAN_OPTIONS=detect_leaks=0 "$LIETOOL" bch 3 --mpi >/dev/null 2>"$tmp/err"; then :; else
    st=$?
    if grep -q "built without MPI" "$tmp/err" && [ "$st" -eq 2 ]; then
        echo "mpi: this lietool is built without MPI (libopenmpi-dev); --mpi refused as it should be"; ok
    else bad "bch --mpi failed: $(cat "$tmp/err")"; fi
    finish
fi
if ! command -v mpirun >/dev/null 2>&1; then
    echo "mpi: skipped: no mpirun (apt-get install openmpi-bin)"
    finish
fi
# mpirun as root (CI containers) needs its consent; one thread per rank
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
export LIETOOL_THREADS=1
# Open MPI keeps some memory to the end: no leak report from the ranks under ASan
MPIRUN="env ASAN_OPTIONS=detect_leaks=0 mpirun --oversubscribe"

for d in 12 14 16 18; do
    for extra in "" "--symmetric" "--json" "--table"; do
        case "$d$extra" in 12*|14--json|16--table|18) ;; *) continue ;; esac
        "$LIETOOL" bch $d $extra >"$tmp/one" 2>&1 || bad "bch $d $extra failed"
        for np in 2 3; do
            if $MPIRUN -np $np "$LIETOOL" bch $d $extra --mpi >"$tmp/many" 2>"$tmp/err" && cmp -s "$tmp/one" "$tmp/many"
            then ok; else bad "mpirun -np $np bch $d $extra --mpi differs from one process"; tail -n 3 "$tmp/err"; fi
        done
    done
done

# a checkpoint without MPI is a single process's
"$LIETOOL" bch 18 >"$tmp/ref18"
if "$LIETOOL" bch 18 --checkpoint "$tmp/ck1" >"$tmp/out" 2>"$tmp/err" && cmp -s "$tmp/ref18" "$tmp/out" \
   && grep -q "0 of [0-9]* classes reused" "$tmp/err"; then ok; else bad "bch 18 --checkpoint"; fi
total=$(ls "$tmp/ck1" | wc -l)

# a killed rank: the run fails, part of the classes are in the checkpoint
if LIETOOL_MPI_FAULT=1:1 $MPIRUN -np 2 -x LIETOOL_MPI_FAULT "$LIETOOL" bch 18 --mpi --checkpoint "$tmp/ck2" \
     >"$tmp/out" 2>"$tmp/err"; then
    bad "a run whose rank 1 was killed exited 0"
else ok; fi
part=$(ls "$tmp/ck2" | grep -c '^w-')
if [ "$part" -lt "$total" ]; then ok; else bad "the killed run left $part of $total classes (expected fewer)"; fi
# the restart: only the missing classes, the same output
if $MPIRUN -np 2 "$LIETOOL" bch 18 --mpi --checkpoint "$tmp/ck2" >"$tmp/out" 2>"$tmp/err" \
   && cmp -s "$tmp/ref18" "$tmp/out"; then ok; else bad "the restarted run differs"; tail -n 3 "$tmp/err"; fi
if grep -q "checkpoint .*: $part of $total classes reused, $((total - part)) to compute" "$tmp/err"; then ok
else bad "the restart did not reuse the $part finished classes: $(grep checkpoint "$tmp/err")"; fi

# corrupted files: one digit changed, one truncated, one emptied; reported, recomputed, repaired
set -- $(ls "$tmp/ck1" | sort | sed -n '20p;30p;40p')
sed -i '3s/[1-9]/0/' "$tmp/ck1/$1"
head -c 40 "$tmp/ck1/$2" >"$tmp/x" && mv "$tmp/x" "$tmp/ck1/$2"
: >"$tmp/ck1/$3"
if "$LIETOOL" bch 18 --checkpoint "$tmp/ck1" >"$tmp/out" 2>"$tmp/err" && cmp -s "$tmp/ref18" "$tmp/out"; then ok
else bad "bch 18 on a corrupted checkpoint differs"; fi
for f in "$1" "$2" "$3"; do
    if grep -q "checkpoint $tmp/ck1/$f is corrupt" "$tmp/err"; then ok; else bad "corrupt $f not reported"; fi
done
if "$LIETOOL" bch 18 --checkpoint "$tmp/ck1" >"$tmp/out" 2>"$tmp/err" && cmp -s "$tmp/ref18" "$tmp/out" \
   && ! grep -q corrupt "$tmp/err" && grep -q "$total of $total classes reused" "$tmp/err"; then ok
else bad "the repaired checkpoint is not whole: $(cat "$tmp/err")"; fi

# bad input: a checkpoint that is a file; --mpi with --checkpoint under mpirun -np 3
: >"$tmp/afile"
if "$LIETOOL" bch 10 --checkpoint "$tmp/afile" >/dev/null 2>"$tmp/err"; then bad "a file as checkpoint directory was taken"
elif grep -q "checkpoint" "$tmp/err"; then ok; else bad "no message for a file as checkpoint: $(cat "$tmp/err")"; fi
if $MPIRUN -np 3 "$LIETOOL" bch 16 --symmetric --mpi --checkpoint "$tmp/ck3" >"$tmp/out" 2>/dev/null \
   && "$LIETOOL" bch 16 --symmetric | cmp -s - "$tmp/out"; then ok; else bad "-np 3 with a checkpoint differs"; fi

# magnus on 3 and 4 letters: -np 2 and 3 as one process
for w in "--order 9 a b c a c b" "--order 10 x y z x" "--order 7 a b c d b a" "--order 8 --json a b a c"; do
    "$LIETOOL" magnus $w >"$tmp/one" 2>&1 || bad "magnus $w failed"
    for np in 2 3; do
        if $MPIRUN -np $np "$LIETOOL" magnus $w --mpi >"$tmp/many" 2>"$tmp/err" && cmp -s "$tmp/one" "$tmp/many"
        then ok; else bad "mpirun -np $np magnus $w --mpi differs from one process"; tail -n 3 "$tmp/err"; fi
    done
done
# a killed rank, the restart, a corrupted file; the checkpoint serves every order of the word, not other words
"$LIETOOL" magnus --order 11 a b c b a c >"$tmp/refm"
if LIETOOL_MPI_FAULT=1:2 $MPIRUN -np 2 -x LIETOOL_MPI_FAULT "$LIETOOL" magnus --order 11 a b c b a c --mpi \
     --checkpoint "$tmp/ckm" >"$tmp/out" 2>"$tmp/err"; then bad "a magnus run whose rank 1 was killed exited 0"
else ok; fi
mtotal=$("$LIETOOL" magnus --order 11 a b c b a c --checkpoint "$tmp/ckm0" 2>&1 >/dev/null | sed -n 's/.* of \([0-9]*\) classes reused.*/\1/p')
part=$(ls "$tmp/ckm" | grep -c '^m')
if [ "$part" -lt "$mtotal" ]; then ok; else bad "the killed magnus run left $part of $mtotal classes"; fi
if $MPIRUN -np 2 "$LIETOOL" magnus --order 11 a b c b a c --mpi --checkpoint "$tmp/ckm" >"$tmp/out" 2>"$tmp/err" \
   && cmp -s "$tmp/refm" "$tmp/out" && grep -q ": $part of $mtotal classes reused" "$tmp/err"; then ok
else bad "the restarted magnus run differs or recomputed too much: $(grep checkpoint "$tmp/err")"; fi
set -- $(ls "$tmp/ckm" | sort | sed -n '50p')
sed -i '2s/[1-9]/0/' "$tmp/ckm/$1"
if "$LIETOOL" magnus --order 11 a b c b a c --checkpoint "$tmp/ckm" >"$tmp/out" 2>"$tmp/err" \
   && cmp -s "$tmp/refm" "$tmp/out" && grep -q "checkpoint $tmp/ckm/$1 is corrupt" "$tmp/err"; then ok
else bad "a corrupted magnus checkpoint file was not reported and recomputed"; fi
"$LIETOOL" magnus --order 9 a b c b a c >"$tmp/refm9"
if "$LIETOOL" magnus --order 9 a b c b a c --checkpoint "$tmp/ckm" >"$tmp/out" 2>"$tmp/err" \
   && cmp -s "$tmp/refm9" "$tmp/out" && grep -q "reused, 0 to compute" "$tmp/err"; then ok
else bad "order 9 from the order-11 checkpoint: $(cat "$tmp/err")"; fi
"$LIETOOL" magnus --order 9 a b c a b c >"$tmp/refo"
if "$LIETOOL" magnus --order 9 a b c a b c --checkpoint "$tmp/ckm" >"$tmp/out" 2>"$tmp/err" \
   && cmp -s "$tmp/refo" "$tmp/out" && grep -q ": 0 of [0-9]* classes reused" "$tmp/err"; then ok
else bad "another word took the first word's classes: $(cat "$tmp/err")"; fi
if "$LIETOOL" magnus --order 5 a b c --mpi --matrices "$tmp/afile" >/dev/null 2>"$tmp/err"; then bad "magnus --mpi --matrices taken"
elif grep -q "not with --matrices" "$tmp/err"; then ok; else bad "magnus --mpi --matrices: $(cat "$tmp/err")"; fi
finish
