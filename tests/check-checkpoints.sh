#!/bin/sh
# Checkpoints written by the real torch.save and by a safetensors writer
# that follows the published format (scripts/ckpt_reference.py), in every
# layout and format lietool reads; lietool's f32 logits against a float64
# torch forward pass written from the published formulas, to 1e-5; its
# bf16 logits (--compute bf16) against torch running transformers' Mamba
# in bf16 op by op. Needs Debian's python3-torch: without it, says so and
# checks nothing. Also error-bound --model's eps against the same float64
# first layer (ckpt_reference.py norms). Ends with "checkpoints: N passed, N failed".
NAME=checkpoints
. "$(dirname "$0")/torch-env.sh"
# Two Python processes in all, torch imported once in each
# (ckpt_reference.py batch runs one of its commands a line, then "K rc S"):
# the first writes every checkpoint, lietool runs them, the second computes
# the references.
cases=$(cat <<'CASES'
hf safetensors absent
hf torch absent --infinity
hf sharded absent
hf sharded-torch absent
hf torch absent --head-differs
hf torch yes --head-differs
hf torch null --head-differs
hf torch no
hf safetensors absent --prefix model.
mamba_ssm torch yes --prefix model.
mamba_ssm safetensors yes --prefix model.
mamba_ssm sharded no
mamba_ssm torch yes --vocab 72 --pad 8
hf safetensors absent --dtype bfloat16
mamba_ssm safetensors yes --prefix model. --dtype bfloat16
CASES
)
# bf16: the emulation rounds where torch does. On these models lietool and
# torch agree bit for bit (30 random models, both layouts, bf16 and f32
# weights, residual_in_fp32 true and false); a product summed in another
# order may round the other way now and then and carry a difference down
# the word, hence the bounds, in bf16 ulps of each position's largest
# logit: at most 2, 0.02 on average, and 99.5% of the argmax predictions.
# f32 arithmetic measured 1-6 ulps at most and 0.14-0.29 on average, the
# earlier rounding points (mamba_ssm's norms, the final norm of a bf16
# residual) 2-6 and 0.16-0.21: the last case checks that f32 fails.
# Without --compute lietool computes in f32 whatever the config's
# torch_dtype (the last cases of the loop above: bf16 weights against the
# float64 forward pass), so "config" with bf16 weights fails the bf16 bounds.
BF16_TOL="--compute bf16 --ulps 2 --mean-ulps 0.02 --agree 0.995"
bf16=$(cat <<'CASES'
fail config hf safetensors absent --dtype bfloat16
pass bf16 hf torch absent --dtype float32
pass bf16 hf sharded no --dtype bfloat16 --residual-in-fp32 false
pass bf16 mamba_ssm safetensors yes --prefix model. --dtype bfloat16
pass bf16 mamba_ssm torch no --dtype float32 --residual-in-fp32 false
fail f32 hf safetensors absent --dtype bfloat16
CASES
)
n1=$(printf '%s\n' "$cases" | grep -c .)
n2=$(printf '%s\n' "$bf16" | grep -c .)
{
    i=0
    printf '%s\n' "$cases" | while read -r layout format tie extra; do
        i=$((i + 1)); echo "make $T/$i --layout $layout --format $format --tie $tie $extra --seed $i"
    done
    i=$n1
    printf '%s\n' "$bf16" | while read -r expect compute layout format tie extra; do
        i=$((i + 1)); echo "make $T/$i --layout $layout --format $format --tie $tie $extra --seed $i"
    done
} > $T/make.txt
$PY scripts/ckpt_reference.py batch < $T/make.txt > $T/make.out 2>&1
# error-bound --model: eps, the first layer's generator mass, against the
# float64 reference over the same words (dataset generate); relative 1e-4,
# lietool's step sizes being f32: trained signed Mamba, a random Mamba, and
# lietool-diag signed and complex.
norms="tests/data/models/mamba-c2 C2 0
$T/1 S3 2
tests/data/models/diag-s3 S3 0
tests/data/models/diag-c3-complex C3 0"
{
    i=0
    printf '%s\n' "$cases" | while read -r layout format tie extra; do
        i=$((i + 1)); d=$T/$i
        grep -qx "$i rc 0" $T/make.out \
            && "$LT" ssm eval $d --group S3 --length 8 --samples 6 --bos 0 --offset 2 --logits $d/logits >$d/out 2>&1
        echo "compare $d $d/logits --bos 0 --offset 2"
    done
    i=$n1
    printf '%s\n' "$bf16" | while read -r expect compute layout format tie extra; do
        i=$((i + 1)); d=$T/$i
        c=; [ "$compute" = config ] || c="--compute $compute"
        grep -qx "$i rc 0" $T/make.out \
            && "$LT" ssm eval $d --group S3 --length 16 --samples 50 --bos 0 --offset 2 $c --logits $d/logits >$d/out 2>&1 \
            || : > $d/failed
        echo "compare $d $d/logits --bos 0 --offset 2 $BF16_TOL"
    done
    j=0
    printf '%s\n' "$norms" | while read -r dir g off; do
        j=$((j + 1))
        "$LT" dataset generate $g --length 64 --samples 16 --seed 0 > $T/words$j.csv
        echo "norms $dir $T/words$j.csv --offset $off"
    done
} > $T/ref.txt
$PY scripts/ckpt_reference.py batch < $T/ref.txt > $T/ref.out 2>&1
# line K's status, and the output line before it
rc() { sed -n "s/^$1 rc //p" $T/ref.out; }
said() { awk -v k="$1 rc 0" '$0 == k { print prev; found = 1 } { prev = $0 } END { exit !found }' $T/ref.out; }
i=0
while read -r layout format tie extra; do
    i=$((i + 1))
    if [ "$(rc $i)" = 0 ]; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL checkpoint $layout $format tie=$tie $extra:"; cat $T/$i/out 2>/dev/null; grep -B3 -x "$i rc [1-9]" $T/ref.out
    fi
done <<EOF_CASES
$cases
EOF_CASES
while read -r expect compute layout format tie extra; do
    i=$((i + 1))
    st=$(rc $i); [ -e $T/$i/failed ] && st=2
    if { [ $expect = pass ] && [ "$st" = 0 ]; } || { [ $expect = fail ] && [ "$st" = 1 ]; }; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL bf16 checkpoint (expected $expect) $compute $layout $format tie=$tie $extra:"; cat $T/$i/out 2>/dev/null
        grep -B3 -x "$i rc $st" $T/ref.out
    fi
done <<EOF_CASES
$bf16
EOF_CASES
j=0
while read -r dir g off; do
    i=$((i + 1)); j=$((j + 1))
    if want=$(said $i) && got=$("$LT" error-bound $g --model $dir --offset $off --json) && same_eps "$want" "$got"; then
        pass=$((pass + 1))
    else
        fail=$((fail + 1)); echo "FAIL error-bound --model $dir ($g): reference $want; lietool $got"
    fi
done <<EOF_CASES
$norms
EOF_CASES
# refused: a pickle that calls a global torch.save never writes
$PY - "$T/evil" <<'PY'
import os, sys, zipfile, pickle, json
d = sys.argv[1]; os.makedirs(d)
class E:
    def __reduce__(self): return (os.system, ("echo pwned",))
with zipfile.ZipFile(os.path.join(d, "pytorch_model.bin"), "w") as z:
    z.writestr("archive/data.pkl", pickle.dumps({"x": E()}, protocol=2))
json.dump({"model_type": "mamba", "vocab_size": 6, "hidden_size": 8, "num_hidden_layers": 1}, open(os.path.join(d, "config.json"), "w"))
PY
"$LT" ssm eval $T/evil --group S3 --length 4 --samples 2 >$T/evil.out 2>&1
st=$?
if [ $st -eq 3 ] && grep -q "global 'posix.system' is refused" $T/evil.out && ! grep -q pwned $T/evil.out; then
    pass=$((pass + 1))
else
    fail=$((fail + 1)); echo "FAIL evil pickle: exit $st"; cat $T/evil.out
fi
echo "checkpoints: $pass passed, $fail failed"
[ $fail -eq 0 ]
