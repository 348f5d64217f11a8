#!/bin/sh
# The model zoo (FLA's gla, delta_net, gated_deltaproduct, transformer;
# transformers' mamba2): checkpoints written as those libraries write them
# (scripts/zoo_reference.py make, in every checkpoint format), lietool's
# f32 logits against the float64 NumPy forward pass of scripts/zoo/, which
# is written from the libraries' published formulas and shares no code
# with lietool's, to 1e-5. Needs Debian's python3-torch: without it, says
# so and checks nothing. Ends with "zoo: N passed, N failed".
NAME=zoo
. "$(dirname "$0")/torch-env.sh"
i=0
while read -r arch format dtype extra; do
    [ -n "$arch" ] || continue
    i=$((i + 1))
    d=$T/$i
    $PY scripts/zoo_reference.py make $d --arch $arch --format $format --dtype $dtype $extra --seed $i
    if "$LT" ssm eval $d --group S3 --length 8 --samples 6 --bos 0 --offset 2 --compute f32 --logits $d/logits >$d/out 2>&1 \
        && out=$($PY scripts/zoo_reference.py compare $d $d/logits --bos 0 --offset 2); then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL zoo $arch $format $dtype $extra:"; cat $d/out; echo "$out"
    fi
done <<'CASES'
gla safetensors float32
CASES
echo "zoo: $pass passed, $fail failed"
[ $fail -eq 0 ]
