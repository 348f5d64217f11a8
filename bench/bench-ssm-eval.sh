#!/bin/sh
# Tokens per second of 'lietool ssm eval' (one thread; loading, the
# forward pass and the accuracies, best of 3) against the same checkpoint's
# PyTorch forward pass alone (torch.set_num_threads(1), batches of 256,
# best of 3), on the fixtures in tests/data/models and on a mamba2 and a
# transformer (FLA) model that scripts/train_wordproblem.py trains for a
# few steps (d_model 32, 2 layers; the weights do not change the speed), and their ratio
# (lietool over torch; goal >= 1). Needs Debian's python3-torch; skipped
# without it.
#
#   sh bench/bench-ssm-eval.sh ./lietool   (what 'make bench' runs)
LIETOOL=${1:-./lietool}
if [ ! -x "$LIETOOL" ]; then
    echo "bench-ssm-eval: '$LIETOOL' is not an executable (build it with make)" >&2
    exit 1
fi
if ! /usr/bin/python3 -c 'import torch' 2>/dev/null; then
    echo "ssm: skipped (no python3-torch: apt-get install python3-torch)"
    exit 0
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/bench-ssm-eval.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' EXIT
LEN=${BENCH_SSM_LENGTH:-128}
N=${BENCH_SSM_SAMPLES:-2000}
echo "ssm: forward passes on $N words of length $LEN, one thread (tokens/s; ratio = lietool / torch)"
printf '  %-28s %12s %12s %7s\n' model lietool torch ratio
"$LIETOOL" dataset generate S3 --length 8 --samples 64 --seed 1 > "$tmp/train.csv" 2>/dev/null
for a in mamba2 transformer; do
    /usr/bin/python3 scripts/train_wordproblem.py --data "$tmp/train.csv" --group S3 --lietool "$LIETOOL" --arch $a \
        --d-model 32 --d-state 16 --d-mlp 64 --head-dim 8 --heads 4 --steps 5 --threads 1 --out "$tmp/$a" > /dev/null 2>&1
done
for m in diag-c3-complex:C3 diag-s3:S3 mamba-c2:C2 mamba-c2-bf16:C2 mamba2:S3 transformer:S3; do
    dir=tests/data/models/${m%%:*} g=${m#*:}
    [ -d "$tmp/${m%%:*}" ] && dir=$tmp/${m%%:*}
    "$LIETOOL" dataset generate "$g" --length "$LEN" --samples "$N" --seed 7 > "$tmp/w.csv" 2>/dev/null
    best=
    for i in 1 2 3; do
        OPENBLAS_NUM_THREADS=1 /usr/bin/time -f "%e" -o "$tmp/t" "$LIETOOL" ssm eval "$dir" --group "$g" --data "$tmp/w.csv" > /dev/null || { best=; break; }
        t=$(cat "$tmp/t")
        best=$(awk -v a="$t" -v b="$best" 'BEGIN { if (b != "" && b + 0 < a + 0) a = b; printf "%.3f", a }')
    done
    lt=$(awk -v s="$best" -v n="$N" -v l="$LEN" 'BEGIN { if (s + 0 > 0) printf "%.0f", n * l / s; else print "failed" }')
    pt=$(/usr/bin/python3 bench/bench-ssm.py "$dir" "$tmp/w.csv" 2>/dev/null || echo failed)
    ratio=$(awk -v a="$lt" -v b="$pt" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.2f", a / b; else print "-" }')
    printf '  %-28s %12s %12s %7s\n' "${m%%:*}" "$lt" "$pt" "$ratio"
done
