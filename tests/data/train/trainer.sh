# A fake trainer for the tests of lietool ssm train (LIETOOL_TRAINER, run by
# tests/data/train/python): it takes the real trainer's command line
# (scripts/train_wordproblem.py --recipe learn ..., or the JSON file of the
# same settings that lietool writes), prints it, checks the
# words lietool wrote and "trains" by copying a fixture checkpoint of the
# group (tests/data/models: C2 mamba-c2, C3 diag-c3-complex, S3 diag-s3; the
# rotation task, --task rotation: rot-zero)
# into --out with a train.json of two tries. FAKE_TRAIN picks a failure:
# refuse (exit 2 with a usage error, as argparse), crash (a traceback),
# sleep (runs until it is stopped), nojson (no train.json), badjson.
# FAKE_LOSS is the chosen try's final loss (default 0.0123).
# lietool gives the settings as one JSON file, a key per line (trainer-job.json):
# they become the options they stand for, as the real trainer reads them.
if [ $# -eq 1 ] && [ "${1%.json}" != "$1" ] && [ -f "$1" ]; then
    job=$1
    set --
    while IFS= read -r line; do
        case $line in
            *'": "'*) k=${line#*\"}; k=${k%%\"*}; v=${line#*\": \"}; v=${v%\"*}
                      set -- "$@" "--$(printf '%s' "$k" | tr _ -)" "$v" ;;
        esac
    done < "$job"
fi
echo "trainer: $*"
out= group= recipe= task=
while [ $# -gt 0 ]; do
    case $1 in
        --out) out=$2; shift ;;
        --group) group=$2; shift ;;
        --recipe) recipe=$2; shift ;;
        --task) task=$2; shift ;;
        --data|--val-data|--eval-data)
            [ -f "$2" ] || { echo "$1 $2: no such file" >&2; exit 2; }
            echo "$1: $(($(wc -l < "$2") - 1)) words, lengths $(tail -n +2 "$2" | awk -F, '{print split($2, a, " ")}' | sort -n | uniq | tr '\n' ' ' | sed 's/ $//')"
            shift ;;
    esac
    shift
done
case ${FAKE_TRAIN:-} in
    refuse) echo "usage: train_wordproblem.py [-h] --data DATA" >&2
            echo "train_wordproblem.py: error: unrecognized arguments: --recipe learn" >&2; exit 2 ;;
    crash) echo "Traceback (most recent call last):" >&2
           echo '  File "train_wordproblem.py", line 1, in <module>' >&2
           echo "RuntimeError: the fake trainer crashed" >&2; exit 1 ;;
    sleep) echo "training for ever"; while :; do sleep 1; done ;;
esac
[ "$recipe" = learn ] || { echo "--recipe learn is missing" >&2; exit 2; }
here=$(dirname "$0")
case $task:$group in
    rotation:*) model=$here/../models/rot-zero ;;
    *:C2) model=$here/../models/mamba-c2 ;;
    *:C3) model=$here/../models/diag-c3-complex ;;
    *:S3) model=$here/../models/diag-s3 ;;
    *) echo "no fixture checkpoint for $group" >&2; exit 2 ;;
esac
cp "$model/config.json" "$model/model.safetensors" "$out/" || exit 1
[ "${FAKE_TRAIN:-}" = nojson ] && exit 0
if [ "${FAKE_TRAIN:-}" = badjson ]; then echo '{"tries": [], "chosen": 1}' > "$out/train.json"; exit 0; fi
cat > "$out/train.json" <<JSON
{"tries": [{"seed": 0, "lr": 0.003, "steps": 900, "best_step": 900, "validation": 0.25, "final_loss": 1.5,
            "stopped": "steps", "seconds": 41.2},
           {"seed": 1, "lr": 0.001, "steps": 400, "best_step": 400, "validation": 1.0, "final_loss": ${FAKE_LOSS:-0.0123},
            "stopped": "early stop", "seconds": 12.5}],
 "chosen": 2, "validation": "accuracy", "early_stop": 1.0, "budget": 20}
JSON
echo "done"
