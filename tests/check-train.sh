#!/bin/sh
# scripts/train_wordproblem.py end to end: a dataset of mixed lengths
# (`lietool dataset generate` runs concatenated without their later
# headers, the last with every field quoted), a few seconds of training of
# each architecture (one run each, --copy for the other checkpoints), the
# model saved in every layout and format lietool reads. For each, lietool
# ssm eval on the script's held-out words must predict exactly what the
# script predicted: predictions.csv byte for byte, so every position
# agrees (no tolerance: both compute in f32, and the seeded tiny models
# have no near-ties), and the sequence accuracies are checked equal too.
# Also: the held-out split is a tenth of the distinct words, none trained
# on; a token the group does not have is refused; lietool ssm train runs
# the script end to end (--recipe learn). Needs Debian's
# python3-torch: without it, says so and checks nothing. Ends with
# "train: N passed, N failed".
NAME=train
. "$(dirname "$0")/torch-env.sh"
ok() { pass=$((pass + 1)); }
bad() { fail=$((fail + 1)); echo "FAIL train: $*"; }

"$LT" dataset generate S3 --length 4 --samples 80 --seed 1 >$T/data.csv
"$LT" dataset generate S3 --length 6 --samples 80 --seed 2 | tail -n +2 >>$T/data.csv
# words of a third length with every field quoted, as a spreadsheet writes them
"$LT" dataset generate S3 --length 5 --samples 20 --seed 3 | tail -n +2 | sed 's/^\([^,]*\),\([^,]*\),\(.*\)$/"\1","\2","\3"/' >>$T/data.csv
grep -q '^"3","' $T/data.csv || bad "no quoted rows in the dataset"

TRAIN="$PY scripts/train_wordproblem.py --data $T/data.csv --group S3 --lietool $LT --layers 1 --d-model 8 --d-state 4 --d-mlp 8 --epochs 1 --batch 16 --threads 1 --seed 1"
# diag: lietool-diag in every format
if $TRAIN --arch diag --eigenvalues signed --out $T/diag --format safetensors \
        --copy hf torch $T/diag-torch --copy hf sharded $T/diag-sharded --copy hf sharded-torch $T/diag-sharded-torch \
        >$T/diag.out 2>&1; then ok
else bad "diag training:"; cat $T/diag.out; fi
# mamba: both layouts in every format
set --
for l in hf mamba_ssm; do
    for f in safetensors sharded torch sharded-torch; do
        [ $l-$f = hf-safetensors ] || set -- "$@" --copy $l $f $T/mamba-$l-$f
    done
done
if $TRAIN --arch mamba --signed --out $T/mamba-hf-safetensors "$@" >$T/mamba-hf-safetensors.out 2>&1; then ok
else bad "mamba training:"; cat $T/mamba-hf-safetensors.out; fi
# mamba2 (transformers' layout) and FLA's transformer, gla, gated_deltaproduct
# and delta_net, in two formats each
for a in mamba2 transformer gla gated_deltaproduct delta_net; do
    if $TRAIN --arch $a --out $T/$a --copy hf sharded-torch $T/$a-sharded-torch >$T/$a.out 2>&1; then ok
    else bad "$a training:"; cat $T/$a.out; fi
done

# check DIR OUT LAYOUT FILE: lietool reads DIR as LAYOUT from FILE and predicts OUT's held-out words as the script did
check() {
    d=$1 o=$2
    want=$(sed -n 's/^evaluation: .*sequence accuracy [0-9.]* (\([0-9]* of [0-9]*\))$/\1/p' $o.out)
    if "$LT" ssm eval $d --group S3 --data $o/eval.csv --predictions $d/lt.csv >$d/lt.out 2>&1 \
        && grep -q "^checkpoint: $3 layout, $4 " $d/lt.out \
        && cmp -s $d/lt.csv $o/predictions.csv \
        && [ -n "$want" ] && grep -q "sequence accuracy .* ($want)\$" $d/lt.out; then
        ok
    else
        bad "$d: lietool $(grep 'sequence accuracy' $d/lt.out), script ($want)"; head -n 5 $d/lt.out; diff $d/lt.csv $o/predictions.csv | head -5
    fi
}
if [ -f $T/diag/predictions.csv ]; then
    check $T/diag $T/diag lietool-diag model.safetensors
    check $T/diag-torch $T/diag lietool-diag pytorch_model.bin
    check $T/diag-sharded $T/diag lietool-diag model.safetensors.index.json
    check $T/diag-sharded-torch $T/diag lietool-diag pytorch_model.bin.index.json
fi
if [ -f $T/mamba-hf-safetensors/predictions.csv ]; then
    for l in hf mamba_ssm; do
        [ $l = hf ] && L="Hugging Face" || L=$l
        check $T/mamba-$l-safetensors $T/mamba-hf-safetensors "$L" model.safetensors
        check $T/mamba-$l-sharded $T/mamba-hf-safetensors "$L" model.safetensors.index.json
        check $T/mamba-$l-torch $T/mamba-hf-safetensors "$L" pytorch_model.bin
        check $T/mamba-$l-sharded-torch $T/mamba-hf-safetensors "$L" pytorch_model.bin.index.json
    done
fi
if [ -f $T/mamba2/predictions.csv ]; then
    check $T/mamba2 $T/mamba2 "Hugging Face" model.safetensors
    check $T/mamba2-sharded-torch $T/mamba2 "Hugging Face" pytorch_model.bin.index.json
fi
for a in transformer gla gated_deltaproduct delta_net; do
    if [ -f $T/$a/predictions.csv ]; then
        check $T/$a $T/$a flash-linear-attention model.safetensors
        check $T/$a-sharded-torch $T/$a flash-linear-attention pytorch_model.bin.index.json
    fi
done
# held out: the script's split of the data (seed 1) puts a tenth of the
# distinct words (within 1) in eval.csv, in file order, and none of them
# in the training words
if $PY - $T/data.csv $T/diag/eval.csv <<'PY' >$T/split.out 2>&1; then ok; else bad "held-out split:"; cat $T/split.out; fi
import sys
sys.path.insert(0, "scripts")
import train_wordproblem as tw
rows = tw.read_csv(sys.argv[1])
train, held = tw.split_heldout(rows, 0.1, 1)
words = {tuple(r[1]) for r in rows}
hw = {tuple(r[1]) for r in held}
assert not hw & {tuple(r[1]) for r in train}, "a held-out word is trained on"
assert abs(10 * len(hw) - len(words)) <= 10, (len(hw), len(words))
assert [r[:3] for r in tw.read_csv(sys.argv[2])] == [r[:3] for r in held], "eval.csv is not the held-out rows"
assert {len(w) for w in hw} == {4, 5, 6}, "held-out lengths %s" % {len(w) for w in hw}
PY

# the group decides the classes: S3's tokens are not C2's elements
if $TRAIN --group C2 --out $T/c2 >$T/c2.out 2>&1; then bad "S3 data trained as C2"
elif grep -q "token [2-5] is not below the number of classes 2 (the order of C2)" $T/c2.out; then ok
else bad "S3 data as C2:"; cat $T/c2.out; fi

# the rotation task (--task rotation): A5 words of two lengths, a fixed
# evaluation file of mixed lengths; diag (its head with a bias), gla (no
# bias; once with a BOS, once with the paper's token-to-rotation map,
# --map paper, which ssm eval takes from the config) and mamba (copied to mamba_ssm's layout, whose
# head stays at 3 rows). lietool's MSE per position (ssm eval --task
# rotation --csv: its own forward pass, its own targets from
# lietool/rotation.h) must match the script's rotation_mse.csv (torch's
# forward pass, targets from the .rep file): the word counts exactly, the
# MSE within 1e-5 relative (both forward passes in f32, summed in other
# orders).
"$LT" dataset generate A5 --length 6 --samples 120 --seed 4 >$T/a5.csv
"$LT" dataset generate A5 --length 4 --samples 60 --seed 5 | tail -n +2 >>$T/a5.csv
"$LT" dataset generate A5 --length 7 --samples 16 --seed 6 >$T/a5-eval.csv
"$LT" dataset generate A5 --length 3 --samples 8 --seed 7 | tail -n +2 >>$T/a5-eval.csv
ROT="$PY scripts/train_wordproblem.py --task rotation --data $T/a5.csv --eval-data $T/a5-eval.csv --layers 2 --d-model 8 --d-state 4 --d-mlp 8 --steps 25 --batch 16 --threads 1 --seed 2"
# rotcheck NAME DIR LAYOUT [OPTIONS]: lietool reads DIR and agrees with the script's MSE in $T/NAME
rotcheck() {
    rn=$1 d=$2 lay=$3
    shift 3
    if "$LT" ssm eval $d --task rotation --data $T/a5-eval.csv --csv $d/lt-rot.csv "$@" >$d/lt-rot.out 2>&1 \
        && grep -q "^checkpoint: $lay layout" $d/lt-rot.out \
        && $PY - $T/$rn/rotation_mse.csv $d/lt-rot.csv <<'PY' >$d/cmp.out 2>&1; then ok
import csv, sys
a = list(csv.DictReader(open(sys.argv[1])))
b = list(csv.DictReader(open(sys.argv[2])))
assert len(a) == len(b) == 7, (len(a), len(b))
for x, y in zip(a, b):
    assert x["position"] == y["position"] and x["words"] == y["words"], (x, y)
    m, n = float(x["mse"]), float(y["mse"])
    assert abs(m - n) <= 1e-5 * m, (x["position"], m, n)
    assert y["ideal_mse"] != "", y
assert [int(r["words"]) for r in b] == [24, 24, 24, 16, 16, 16, 16], [r["words"] for r in b]
PY
    else bad "rotation $d: $(head -n 3 $d/lt-rot.out; cat $d/cmp.out 2>/dev/null)"; fi
}
for spec in "diag diag lietool-diag" "gla gla flash-linear-attention" "gla-bos gla flash-linear-attention --bos 60" \
            "gla-paper gla flash-linear-attention --map paper" \
            "mamba mamba Hugging.Face --copy mamba_ssm safetensors $T/rot-mamba-ssm"; do
    set -- $spec
    n=$1 a=$2 lay=$3
    shift 3
    if $ROT --arch $a --out $T/rot-$n "$@" >$T/rot-$n.out 2>&1 && grep -q "^MSE per position: 1:" $T/rot-$n.out; then ok
    else bad "rotation $n training:"; cat $T/rot-$n.out; continue; fi
    case $n in
        gla-bos) rotcheck rot-$n $T/rot-$n $lay --bos 60 ;;
        mamba) rotcheck rot-$n $T/rot-$n $lay; rotcheck rot-$n $T/rot-mamba-ssm mamba_ssm ;;
        *) rotcheck rot-$n $T/rot-$n $lay ;;
    esac
done
# the config marks the task: the gla rotation checkpoint as a word problem, and a word checkpoint as rotation
if "$LT" ssm eval $T/rot-gla --group A5 --data $T/a5-eval.csv >$T/rot-word.out 2>&1; then bad "rotation checkpoint run as a word problem"
elif grep -q "a rotation-task checkpoint" $T/rot-word.out; then ok
else bad "rotation checkpoint as a word problem:"; cat $T/rot-word.out; fi
if [ -d $T/gla ] && "$LT" ssm eval $T/gla --task rotation --data $T/a5-eval.csv >$T/word-rot.out 2>&1; then bad "word checkpoint run as rotation"
elif grep -q "not a rotation-task checkpoint" $T/word-rot.out; then ok
else bad "word checkpoint as rotation:"; cat $T/word-rot.out; fi
# ssm train end to end: lietool's words, the trainer (this tree's
# scripts/train_wordproblem.py, or LIETOOL_TRAINER: $LT may be build/san/lietool,
# which has no scripts/ beside it) with --recipe learn, lietool's
# evaluation of its checkpoint. No timings and no accuracy are asserted:
# the keys of the JSON, the outcome among the five, the verdict (one
# signed layer is exact on C2), the files, and ssm eval on the directory
# giving the same sequence accuracy.
TRAINER=${LIETOOL_TRAINER:-scripts/train_wordproblem.py}
if ! grep -q -- '"--recipe"' "$TRAINER"; then
    echo "train: ssm train skipped: $TRAINER has no --recipe"
elif LIETOOL_TRAINER=$TRAINER "$LT" ssm train C2 --arch diag-signed --layers 1 --train-length 4 --samples 200 --test-samples 100 --budget 20 \
        --steps 200 --out $T/c2train --json >$T/c2train.json 2>$T/c2train.err; then
    ok
    if $PY - $T/c2train.json <<'PY' >$T/c2train.out 2>&1; then ok; else bad "ssm train --json:"; cat $T/c2train.out; fi
import json, sys
r = json.load(open(sys.argv[1]))
keys = ["object", "command", "group", "arch", "family", "layers", "train_length", "test_length", "train_words",
        "test_words", "seed", "budget", "verdict", "training", "sequence_accuracy", "token_accuracy",
        "longest_prefix_90", "final_loss", "chance_loss", "outcome", "advice", "out"]
assert list(r) == keys, list(r)
assert r["command"] == "ssm train" and r["object"] == "C2" and r["family"] == "diag-signed", r
assert r["outcome"] in ("learned", "not learned", "beat the prediction", "failed as predicted", "open"), r["outcome"]
assert r["verdict"]["exact_at_every_length"] is True, r["verdict"]
assert r["train_words"] == 2 ** 2 + 2 ** 3 + 2 ** 4 and r["test_words"] == 100 and r["test_length"] == 8, r
t = r["training"]
assert 1 <= t["chosen"] <= len(t["tries"]) and r["final_loss"] == t["tries"][t["chosen"] - 1]["final_loss"], t
assert abs(r["chance_loss"] - 0.6931471805599453) < 1e-6, r["chance_loss"]
# the settings given (--steps) reach the trainer through trainer-job.json and win over the recipe's
assert all(x["steps"] <= 200 for x in t["tries"]), [x["steps"] for x in t["tries"]]
assert json.load(open(r["out"] + "/result.json")) == r
PY
    for f in train.json config.json model.safetensors train.log train.csv val.csv test.csv; do
        [ -f $T/c2train/$f ] && ok || bad "ssm train wrote no $f"
    done
    want=$($PY -c 'import json, sys; print("%.6f" % json.load(open(sys.argv[1]))["sequence_accuracy"])' $T/c2train.json)
    got=$("$LT" ssm eval $T/c2train --group C2 --data $T/c2train/test.csv --json |
          $PY -c 'import json, sys; print("%.6f" % json.load(sys.stdin)["sequence_accuracy"])')
    [ -n "$want" ] && [ "$want" = "$got" ] && ok || bad "ssm train's sequence accuracy $want, ssm eval's $got"
else
    bad "ssm train C2:"; cat $T/c2train.err; tail -n 20 $T/c2train/train.log 2>/dev/null
fi
echo "train: $pass passed, $fail failed"
[ $fail -eq 0 ]
