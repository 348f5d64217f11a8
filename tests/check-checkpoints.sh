#!/bin/sh
# Checkpoints written by the real torch.save and by a safetensors writer
# that follows the published format (scripts/ckpt_reference.py), in every
# layout and format lietool reads; lietool's f32 logits against a float64
# torch forward pass written from the published formulas, to 1e-5. Needs
# Debian's python3-torch: without it, says so and checks nothing. Ends with
# "checkpoints: N passed, N failed".
NAME=checkpoints
. "$(dirname "$0")/torch-env.sh"
i=0
while read -r layout format tie extra; do
    i=$((i + 1))
    d=$T/$i
    $PY scripts/ckpt_reference.py make $d --layout $layout --format $format --tie $tie $extra --seed $i
    if "$LT" ssm eval $d --group S3 --length 8 --samples 6 --bos 0 --offset 2 --logits $d/logits >$d/out 2>&1 \
        && out=$($PY scripts/ckpt_reference.py compare $d $d/logits --bos 0 --offset 2); then
        pass=$((pass + 1))
    else
        fail=$((fail + 1))
        echo "FAIL checkpoint $layout $format tie=$tie $extra:"; cat $d/out; echo "$out"
    fi
done <<'CASES'
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
CASES
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
