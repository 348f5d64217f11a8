#!/bin/sh
# The model zoo (FLA's gla, delta_net, gated_deltaproduct, transformer;
# transformers' mamba2): checkpoints written as those libraries write them
# (scripts/zoo_reference.py make, in every checkpoint format), lietool's
# f32 logits against the float64 NumPy forward pass of scripts/zoo/, which
# is written from the libraries' published formulas and shares no code
# with lietool's, to 1e-5; bf16/f16 logits (--compute) against torch
# running the same model in that type; the f32 transformers once more
# with LIETOOL_AMX=0 (lietool(1)). Needs Debian's python3-torch: without it, says
# so and checks nothing. Ends with "zoo: N passed, N failed".
NAME=zoo
. "$(dirname "$0")/torch-env.sh"
# Each case: architecture, checkpoint format, stored dtype, the precision
# lietool computes in (--compute), options of zoo_reference.py make. f32:
# against the float64 reference to 1e-5; bf16 and f16: against torch's own
# forward pass in that type (forward_reduced of the architecture's module),
# within $REDUCED_TOL.
REDUCED_TOL="--ulps 2 --mean-ulps 0.02 --agree 0.995"
# Two Python processes in all, torch imported once in each
# (zoo_reference.py batch runs one of its commands a line): the first writes
# every checkpoint, lietool runs them, the second computes the references.
cases=$(cat <<'CASES'
gla safetensors float32 f32
gla sharded float32 f32 --gla-expand-k 1 --gla-expand-v 1
gla torch float32 f32 --gla-short-conv --gla-heads 4
gla sharded-torch float32 f32 --gla-no-output-gate --layers 1
gla safetensors bfloat16 f32 --gla-clamp-min -0.02 --fla-tie
gla safetensors float16 f32 --gla-no-fuse-norm --fla-inter 0
gla safetensors float32 f32 --prefix model. --gla-expand-k 1
gla safetensors float32 bf16
gla safetensors bfloat16 bf16 --gla-short-conv --gla-heads 4
gla torch float32 bf16 --gla-no-fuse-norm --gla-clamp-min -0.02 --fla-tie
gla sharded bfloat16 bf16 --gla-no-output-gate --gla-expand-k 1 --layers 3
gla safetensors float32 f16 --gla-short-conv --gla-no-fuse-norm
gla safetensors bfloat16 f16 --gla-clamp-min -0.005 --fla-inter 0
gla safetensors float16 f16 --gla-no-output-gate --gla-no-fuse-norm --gla-heads 1
gated_deltaproduct safetensors float32 f32
gated_deltaproduct sharded float32 f32 --dp-householder 1 --dp-neg false
gated_deltaproduct torch float32 f32 --dp-householder 3 --dp-forget false
gated_deltaproduct sharded-torch float32 f32 --dp-conv false --dp-gate false
gated_deltaproduct safetensors bfloat16 f32 --dp-householder 3 --dp-neg false --dp-conv false
gated_deltaproduct safetensors float16 f32 --dp-householder 1 --dp-forget false --dp-expand-v 1
gated_deltaproduct safetensors float32 f32 --prefix model. --fla-tie
gated_deltaproduct safetensors float32 bf16
gated_deltaproduct safetensors bfloat16 bf16 --dp-householder 3 --dp-neg false
gated_deltaproduct torch float32 bf16 --dp-householder 1 --dp-forget false --dp-no-fuse-norm
gated_deltaproduct safetensors float32 f16 --dp-conv false --dp-gate false
gated_deltaproduct sharded bfloat16 f16 --dp-householder 1 --dp-forget false
gated_deltaproduct safetensors float16 f16 --dp-no-fuse-norm --fla-tie --layers 3
delta_net safetensors float32 f32
delta_net sharded float32 f32 --dp-neg false --dp-gate true
delta_net torch float32 f32 --dp-conv false --dp-beta false
delta_net safetensors bfloat16 f32 --dp-heads 4
delta_net safetensors float16 f32 --dp-neg false
delta_net safetensors float32 f32 --prefix model. --dp-expand-v 2
delta_net safetensors float32 bf16
delta_net safetensors bfloat16 bf16 --dp-gate true --dp-neg false
delta_net torch float32 bf16 --dp-conv false --dp-beta false --dp-no-fuse-norm
delta_net safetensors float32 f16 --dp-heads 4 --dp-expand-v 2
delta_net sharded bfloat16 f16 --dp-gate true --dp-no-fuse-norm --layers 3
delta_net safetensors float16 f16 --dp-conv false --fla-tie
mamba2 safetensors float32 f32
mamba2 sharded float32 f32 --m2-groups 2
mamba2 torch float32 f32 --m2-signed
mamba2 sharded-torch float32 f32 --m2-limit 0.05,0.4 --m2-bias
mamba2 safetensors bfloat16 f32 --m2-no-conv-bias --m2-groups 4
mamba2 safetensors float16 f32 --m2-tie
mamba2 safetensors float32 f32 --prefix model. --m2-state 3 --m2-head-dim 8 --m2-conv 2 --layers 1
mamba2 safetensors float32 bf16
mamba2 sharded bfloat16 bf16 --m2-groups 2 --m2-signed
mamba2 torch float32 bf16 --m2-limit 0.05,0.4 --m2-bias --m2-residual-reduced
mamba2 safetensors float16 bf16 --m2-tie --m2-no-conv-bias --m2-groups 4
mamba2 safetensors float32 f16 --m2-groups 2
mamba2 sharded-torch bfloat16 f16 --m2-signed --m2-residual-reduced --m2-state 3 --m2-head-dim 8 --m2-conv 2
mamba2 safetensors float16 f16 --m2-limit 0.05,0.4 --m2-bias --layers 3
transformer safetensors float32 f32
transformer sharded float32 f32 --at-kv-heads 2
transformer torch float32 f32 --at-qk-norm --at-qkv-bias
transformer sharded-torch float32 f32 --at-window 3 --at-kv-heads 1
transformer safetensors bfloat16 f32 --at-tie --at-qk-norm
transformer safetensors float16 f32 --at-intermediate 24 --at-theta 500 --at-kv-heads 2
transformer safetensors float32 f32 --prefix model. --at-heads 2 --layers 3
transformer safetensors float32 bf16
transformer sharded bfloat16 bf16 --at-qk-norm --at-qkv-bias --at-kv-heads 2
transformer torch float32 bf16 --at-window 3 --at-kv-heads 1 --at-tie --layers 3
transformer safetensors float16 bf16 --at-intermediate 24 --at-theta 500 --at-heads 2
transformer safetensors float32 f16 --layers 1 --at-kv-heads 2
transformer sharded-torch bfloat16 f16 --layers 1 --at-qk-norm --at-window 4
transformer safetensors float16 f16 --layers 1 --at-qkv-bias --at-tie
CASES
)
# the three checkpoints of error-bound --model (below) come after the cases
n=$(printf '%s\n' "$cases" | grep -c .)
set -- "" "--m2-signed" "--m2-groups 2 --m2-limit 0.1,0.5"
{
    i=0
    printf '%s\n' "$cases" | while read -r arch format dtype compute extra; do
        i=$((i + 1))
        echo "make $T/$i --arch $arch --format $format --dtype $dtype $extra --seed $i"
    done
    i=$n
    for extra in "$@"; do i=$((i + 1)); echo "make $T/$i --arch mamba2 $extra --seed $i"; done
} > $T/make.txt
$PY scripts/zoo_reference.py batch < $T/make.txt > $T/make.out 2>&1
"$LT" dataset generate S3 --length 64 --samples 16 --seed 0 > $T/words.csv
{
    i=0
    while [ $i -lt $n ]; do
        i=$((i + 1))
        d=$T/$i
        compute=$(printf '%s\n' "$cases" | sed -n "${i}p" | cut -d' ' -f4)
        tol=; [ "$compute" = f32 ] || tol=$REDUCED_TOL
        if grep -qx "$i rc 0" $T/make.out \
            && "$LT" ssm eval $d --group S3 --length 8 --samples 6 --bos 0 --offset 2 --compute $compute --logits $d/logits \
               >$d/out 2>&1; then
            echo "compare $d $d/logits --bos 0 --offset 2 --compute $compute $tol"
        else
            echo "compare $d $T/no-logits"
        fi
    done
    for extra in "$@"; do i=$((i + 1)); echo "norms $T/$i $T/words.csv --offset 2"; done
    # the f32 transformers again with LIETOOL_AMX=0 (the FMA kernel where
    # the CPU has AMX tiles; the same kernel elsewhere)
    k=0
    printf '%s\n' "$cases" | while read -r arch format dtype compute extra; do
        k=$((k + 1))
        [ "$arch" = transformer ] && [ "$compute" = f32 ] || continue
        d=$T/$k
        if grep -qx "$k rc 0" $T/make.out \
            && LIETOOL_AMX=0 "$LT" ssm eval $d --group S3 --length 8 --samples 6 --bos 0 --offset 2 --logits $d/logits-fma \
               >$d/out-fma 2>&1; then
            echo "compare $d $d/logits-fma --bos 0 --offset 2 --compute f32"
        else
            echo "compare $d $T/no-logits"
        fi
    done
} > $T/ref.txt
$PY scripts/zoo_reference.py batch < $T/ref.txt > $T/ref.out 2>&1
# the output line before "K rc 0" (a command's last line)
said() { awk -v k="$1 rc 0" '$0 == k { print prev; found = 1 } { prev = $0 } END { exit !found }' $T/ref.out; }
i=0
while read -r arch format dtype compute extra; do
    [ -n "$arch" ] || continue
    i=$((i + 1))
    if out=$(said $i); then
        [ -z "$ZOO_VERBOSE" ] || echo "$arch $format $dtype $compute $extra: $out"
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL zoo $arch $format $dtype $compute $extra:"; cat $T/$i/out 2>/dev/null; grep -B3 -E "^$i rc [1-9]" $T/ref.out
    fi
done <<EOF_CASES
$cases
EOF_CASES
# error-bound --model: eps, the first layer's generator mass, against the
# float64 reference (zoo_reference.py norms) over the same words; relative
# 1e-4, lietool's step sizes being f32: mamba2, signed, with groups and a
# clamped dt.
for extra in "$@"; do
    i=$((i + 1))
    if want=$(said $i) && got=$("$LT" error-bound S3 --model $T/$i --offset 2 --json) && same_eps "$want" "$got"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1)); echo "FAIL error-bound --model mamba2 $extra: reference $want; lietool $got"
    fi
done
nfma=$(printf '%s\n' "$cases" | awk '$1 == "transformer" && $4 == "f32"' | wc -l)
j=0
while [ $j -lt $nfma ]; do
    i=$((i + 1)); j=$((j + 1))
    if said $i > /dev/null; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAIL zoo transformer f32 case $j with LIETOOL_AMX=0"; fi
done
echo "zoo: $pass passed, $fail failed"
[ $fail -eq 0 ]
