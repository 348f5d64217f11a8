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
