#!/bin/sh
# Rebuilds the trained fixtures (needs Debian's python3-torch; the tests
# themselves do not). Run from the repository root after `make`.
set -e
D=tests/data/models
T=$(mktemp -d)
for g in C2 C3 S3; do
    l=$(echo $g | tr A-Z a-z)
    ./lietool dataset generate $g --length 16 --samples 2000 --seed 1 > $T/$l.csv
    ./lietool dataset generate $g --length 16 --samples 200 --seed 2 > $D/$l-eval.csv
done
P="/usr/bin/python3 scripts/train_wordproblem.py"
$P --data $T/c2.csv --eval-data $D/c2-eval.csv --group C2 --arch mamba --signed --layers 1 --d-model 16 --d-state 4 \
   --steps 600 --lr 5e-3 --out $D/mamba-c2 --fixture 2 --bf16-copy $D/mamba-c2-bf16
$P --data $T/c3.csv --eval-data $D/c3-eval.csv --group C3 --arch diag --eigenvalues complex --layers 1 --d-model 16 --d-state 4 \
   --d-mlp 32 --steps 300 --lr 5e-3 --threads 1 --out $D/diag-c3-complex --fixture 2
$P --data $T/s3.csv --eval-data $D/s3-eval.csv --group S3 --arch diag --eigenvalues signed --layers 2 --d-model 16 --d-state 8 \
   --d-mlp 32 --steps 500 --lr 5e-3 --threads 1 --out $D/diag-s3 --fixture 2 --bf16-copy $D/diag-s3-bf16
rm -r $T
# deltaproduct-so3: a random Gated DeltaProduct layer (one head of key
# dimension 3, two reflections, no forget gate, no convolution) whose
# embeddings, keys and betas are then set so that token t's reflections
# (beta = 2) multiply to a rotation by 90 degrees about z, x or y: ssm lie
# finds so(3).
/usr/bin/python3 scripts/zoo_reference.py make $D/deltaproduct-so3 --arch gated_deltaproduct --dp-heads 1 --dp-head-dim 3 \
   --dp-expand-v 1 --dp-householder 2 --dp-forget false --dp-conv false --fla-d-model 4 --fla-inter 8 --vocab 3 --layers 1 --seed 5
/usr/bin/python3 - $D/deltaproduct-so3 <<'PY'
import os, sys
sys.path.insert(0, "scripts")
import torch, ckpt_reference as C
p = os.path.join(sys.argv[1], "model.safetensors")
sd = C.read_safetensors(p)
keys = {0: ([1, 0, 0], [1, 1, 0]), 1: ([0, 1, 0], [0, 1, 1]), 2: ([0, 0, 1], [1, 0, 1])}
emb, kp = torch.zeros(3, 4), torch.zeros(6, 4)
for t, (k1, k2) in keys.items():       # k_proj's rows: the first reflection's key, then the second's
    emb[t, t] = 1.0
    kp[0:3, t] = 10 * torch.tensor(k1, dtype=torch.float32)
    kp[3:6, t] = 10 * torch.tensor(k2, dtype=torch.float32)
sd["model.embeddings.weight"] = emb
sd["model.layers.0.attn.k_proj.weight"] = kp
sd["model.layers.0.attn.b_proj.weight"] = torch.full((2, 4), 40.0)    # beta = 2 sigmoid(40 ...) = 2 in f32
C.write_safetensors(p, sd)
PY
# rot-zero: a lietool-diag rotation-task checkpoint (lietool_task
# "rotation", 2 layers) whose head is zero (weight and bias): every output
# is 0, so its MSE is exactly 1/3 at every position (|v_t| = 1), for
# tests/cli/ssm-eval-rotation.test.
T=$(mktemp -d)
./lietool dataset generate A5 --length 4 --samples 40 --seed 1 > $T/a5.csv
$P --task rotation --data $T/a5.csv --arch diag --layers 2 --d-model 4 --d-state 2 --d-mlp 4 --steps 2 --threads 1 \
   --out $D/rot-zero
/usr/bin/python3 - $D/rot-zero <<'PY'
import os, sys
sys.path.insert(0, "scripts")
import ckpt_reference as C
p = os.path.join(sys.argv[1], "model.safetensors")
sd = C.read_safetensors(p)
sd["head.weight"].zero_()
sd["head.bias"].zero_()
C.write_safetensors(p, sd, {"format": "pt"})
PY
rm -f $D/rot-zero/eval.csv $D/rot-zero/rotation_mse.csv $D/rot-zero/predictions.csv
rm -r $T
