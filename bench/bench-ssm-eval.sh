#!/bin/sh
# Tokens per second of 'lietool ssm eval' (one thread, LIETOOL_THREADS=1, and two; loading, the
# forward pass and the accuracies, best of 3) against the same checkpoint's
# PyTorch forward pass alone (torch.set_num_threads(1), batches of 256,
# best of 3; bench/bench-ssm.py runs scripts/train_wordproblem.py's
# modules), on the fixtures in tests/data/models and on models that
# scripts/train_wordproblem.py trains for a few steps (the weights do not
# change the speed): mamba2, transformer (FLA), gla, gated_deltaproduct
# and delta_net at d_model 32, 2 layers (heads 4, head_dim 8, d_state 16,
# intermediate 64), and again at d_model 128, 4 layers (suffix -d128:
# head_dim 32, intermediate 256; on an eighth of the words) and at d_model
# 256, 8 layers (suffix -d256: head_dim 64, intermediate 512; on a
# thirty-second of the words), and their ratio (lietool over torch;
# goal >= 1). Needs Debian's python3-torch; skipped without it.
#
# The roofline columns: the flops per token of the row's model
# (bench/bench-flops.py, from its config.json: the multiply-adds of the
# projections, the MLP, the head and the recurrence or attention at the
# bench's word length, 2 flops each), lietool's achieved GFLOP/s on one
# thread (tokens/s x flops/token; the time includes loading and the
# accuracies, so this is a lower bound), and its fraction of one core's
# single-precision peak, measured in the same run by bench/bench-peak.c
# (independent FMA chains on 8-wide float vectors and, on an AVX-512 CPU,
# on 16-wide ones, the larger; compiled with cc -O2 -march=native).
#
#   sh bench/bench-ssm-eval.sh ./lietool   (what 'make bench' runs)
#
# On a CPU with AMX-BF16 tiles (and LIETOOL_AMX not 0) the transformer's
# projections take the tiles (src/model/amx.c, f32 by the bf16x6 split):
# its peak column is still the FMA loop's, which the tiles exceed.
#
# BENCH_SSM_MODELS="gla gla-d128 ..." runs only those rows;
# BENCH_SSM_LENGTH and BENCH_SSM_SAMPLES change the words.
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
peak=
if cc -O2 -march=native -o "$tmp/peak" bench/bench-peak.c 2>/dev/null; then peak=$("$tmp/peak"); fi
echo "ssm: forward passes on $N words of length $LEN (tokens/s; ratio = lietool / torch, one thread each; then"
echo "     lietool on 2 threads, LIETOOL_THREADS=2, and its speed-up over one; Mflop/tok from the config,"
echo "     lietool's GFLOP/s on one thread and its fraction of one core's f32 peak, ${peak:-not measured} GFLOP/s (FMA loop))"
if grep -qw amx_bf16 /proc/cpuinfo 2>/dev/null && [ "${LIETOOL_AMX:-1}" != 0 ]; then
    echo "     (AMX-BF16 here: the transformer's projections take the tiles, above the FMA loop's peak; LIETOOL_AMX=0 keeps them off)"
fi
printf '  %-28s %12s %12s %7s %12s %7s %9s %8s %7s\n' model lietool torch ratio "lietool x2" "x2/x1" "Mflop/tok" "GFLOP/s" "peak"
"$LIETOOL" dataset generate S3 --length 8 --samples 64 --seed 1 > "$tmp/train.csv" 2>/dev/null
ARCHS="mamba2 transformer gla gated_deltaproduct delta_net"
ALL="diag-c3-complex diag-s3 mamba-c2 mamba-c2-bf16"
for a in $ARCHS; do ALL="$ALL $a"; done
for a in $ARCHS; do ALL="$ALL $a-d128"; done
for a in $ARCHS; do ALL="$ALL $a-d256"; done
MODELS=${BENCH_SSM_MODELS:-$ALL}
for m in $MODELS; do
    a=${m%-d128}
    a=${a%-d256}
    case " $ARCHS " in *" $a "*) ;; *) continue ;; esac
    case $m in
    *-d128) size="--d-model 128 --layers 4 --d-state 16 --d-mlp 256 --head-dim 32 --heads 4" ;;
    *-d256) size="--d-model 256 --layers 8 --d-state 16 --d-mlp 512 --head-dim 64 --heads 4" ;;
    *) size="--d-model 32 --layers 2 --d-state 16 --d-mlp 64 --head-dim 8 --heads 4" ;;
    esac
    /usr/bin/python3 scripts/train_wordproblem.py --data "$tmp/train.csv" --group S3 --lietool "$LIETOOL" --arch $a \
        $size --steps 5 --threads 1 --out "$tmp/$m" > /dev/null 2>&1
done
for m in $MODELS; do
    case $m in *c2*) g=C2 ;; *c3*) g=C3 ;; *) g=S3 ;; esac
    m=$m:$g
    dir=tests/data/models/${m%%:*}
    [ -d "$tmp/${m%%:*}" ] && dir=$tmp/${m%%:*}
    n=$N
    case $m in *-d128:*) n=$(( (N + 7) / 8 )) ;; esac     # an eighth of the words at d_model 128
    case $m in *-d256:*) n=$(( (N + 31) / 32 )) ;; esac   # a thirty-second at d_model 256, 8 layers
    "$LIETOOL" dataset generate "$g" --length "$LEN" --samples "$n" --seed 7 > "$tmp/w.csv" 2>/dev/null
    rate() {    # tokens/s of ssm eval on $1 threads, best of 3
        best=
        for i in 1 2 3; do
            LIETOOL_THREADS=$1 OPENBLAS_NUM_THREADS=1 /usr/bin/time -f "%e" -o "$tmp/t" "$LIETOOL" ssm eval "$dir" \
                --group "$g" --data "$tmp/w.csv" > /dev/null || { best=; break; }
            t=$(cat "$tmp/t")
            best=$(awk -v a="$t" -v b="$best" 'BEGIN { if (b != "" && b + 0 < a + 0) a = b; printf "%.3f", a }')
        done
        awk -v s="$best" -v n="$n" -v l="$LEN" 'BEGIN { if (s + 0 > 0) printf "%.0f", n * l / s; else print "failed" }'
    }
    lt=$(rate 1)
    lt2=$(rate 2)
    pt=$(/usr/bin/python3 bench/bench-ssm.py "$dir" "$tmp/w.csv" 2>/dev/null || echo failed)
    ratio=$(awk -v a="$lt" -v b="$pt" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.2f", a / b; else print "-" }')
    scale=$(awk -v a="$lt2" -v b="$lt" 'BEGIN { if (a + 0 > 0 && b + 0 > 0) printf "%.2f", a / b; else print "-" }')
    fl=$(/usr/bin/python3 bench/bench-flops.py "$dir" "$LEN" 2>/dev/null)
    roof=$(awk -v f="$fl" -v r="$lt" -v p="$peak" 'BEGIN {
        if (f + 0 <= 0) { print "- - -"; exit }
        g = r * f / 1e9
        a = "-"; b = "-"
        if (r + 0 > 0) a = sprintf("%.2f", g)
        if (r + 0 > 0 && p + 0 > 0) b = sprintf("%.1f%%", 100 * g / p)
        printf "%.3f %s %s", f / 1e6, a, b }')
    set -- $roof
    printf '  %-28s %12s %12s %7s %12s %7s %9s %8s %7s\n' "${m%%:*}" "$lt" "$pt" "$ratio" "$lt2" "$scale" "$1" "$2" "$3"
done
