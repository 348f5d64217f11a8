#!/usr/bin/env python3
"""The paper's findings on one CPU, beside lietool's theory.

Heo, Ngotiaoco, Irie, Gershman, Sabatini (2026), "Why Depth Matters in
Parallelizable Sequence Models: A Lie Algebraic View": word problems that
need depth (D8 and H3 = UT(3,2), S3 and S4 are solvable of derived length 2,
2 and 3) are learnt by 2 (3) layers of a family the theory allows and not by
1; C2 is learnt by one layer with negative or complex eigenvalues and not by
positive ones; on A5 (not solvable) the longest prefix that a model gets
right grows with depth (Figure 2); and on the rotation task the error falls
with depth (Figure 3). Every trained number here is a measurement on this
machine: the table's models are trained and judged by `lietool ssm train`
(the theory's verdict, the data, the PyTorch trainer, lietool's own forward
pass on held-out words, and the outcome), the figures' models by
scripts/train_wordproblem.py with the same recipe, read back by `lietool ssm
sweep`.

  table.csv     group, arch, family, layers, seed, verdict (exact at every
                length: true/false/null), suffices_up_to_length, train and
                test lengths, sequence_accuracy and token_accuracy at the test
                length, longest_prefix_90, final_loss, chance_loss, outcome
                (learned, not learned, failed as predicted, beat the
                prediction, open), chosen (the winning try), status
  figure2.csv   depth, seed, longest_prefix_90 (training words, the paper's
                figure), longest_prefix_90_test, sequence_accuracy_test,
                guaranteed_length (the longest words that depth is proved to
                track, Proposition 3.7 sharp reading: 2^k - 1; v1: 2^(k-1))
  figure2.svg   the longest prefix against depth with the log-depth curves
  figure3.csv   depth, seed, mse (held-out words, mean over positions),
                zero_mse (predicting zero: 1/3), mse_at_T, ideal_mse
  figure3.svg   the MSE per position (solid) beside lietool's ideal
                order-blind model of the same depth (dashed)
  summary.md    the tables, the outcome counts, the machine and the times
  commands.txt  every command run, in order
  runs/         the checkpoints, their data and logs

Usage: scripts/paper.sh [--scale tiny|default|full] [--out DIR] [--jobs N]
[--map faithful|paper] [--only table|figure2|figure3]
(or the environment: PAPER_SCALE, PAPER_OUT, PAPER_JOBS, PAPER_MAP, LIETOOL).
"""
import argparse
import concurrent.futures
import csv
import json
import math
import os
import platform
import shlex
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
TRAIN = os.path.join(HERE, "train_wordproblem.py")
PY = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable

# What `lietool ssm train --arch` names, as scripts/train_wordproblem.py builds it
# (for the figures, which call the trainer directly).
TRAINER_ARCH = {
    "diag-signed": ["--arch", "diag", "--eigenvalues", "signed"],
    "diag-complex": ["--arch", "diag", "--eigenvalues", "complex"],
    "diag-positive": ["--arch", "diag", "--eigenvalues", "positive"],
    "signed-mamba": ["--arch", "mamba", "--eigenvalues", "signed"],
}

GROUPS = ["C2", "C3", "D8", "H3", "S3", "S4", "A5"]
# The paper's families, by the architecture that carries each here.
PAPER_ARCHS = ["diag-positive", "diag-signed", "diag-complex", "householder-2", "transformer"]

# Each scale: the table's runs (group, arch, layers), the seeds of `ssm
# train` (each run trains its own tries: seeds S, S+1, ...), the training and
# test lengths, the budget of one run (seconds of training, both cores), and
# the figures' settings. "tiny" is what a reviewer runs (<= 10 minutes on 2
# cores), "default" the paper's groups and families with 3 seeds (about an
# hour and a half on 2 cores), "full" the paper's protocol as far as it is published
# (train length 128, test 256; days on a CPU).
SCALES = {
    "tiny": dict(
        # (group, arch, layers[, train length, test length, budget]): D8 and S3 at twice 16, where one
        # layer no longer passes by approximation (at twice 12 it reached 0.8 and 0.94 in 30 s); S3's
        # second layers are DeltaProduct's (2 Householders), which learns it in under a minute here
        table=[("C2", "diag-signed", 1), ("C2", "diag-positive", 1),
               ("D8", "diag-complex", 1, 16, 32, 30), ("D8", "diag-complex", 2, 16, 32, 120),
               ("S3", "diag-complex", 1, 16, 32, 30), ("S3", "householder-2", 2, 16, 32, 100)],
        seeds=[0], train_length=12, test_length=24, samples=8000, budget=90, fail_budget=30,
        fig2_arch="diag-complex", fig2_depths=[1, 2, 3, 4], fig2_seeds=[0], fig2_length=8, fig2_samples=8000,
        fig2_steps=4000, fig2_lr=3e-3, fig3_arch="diag-complex", fig3_depths=[1, 2, 3], fig3_seeds=[0], fig3_length=8,
        fig3_samples=4000, fig3_steps=500, fig3_lr=1e-2),
    "default": dict(
        table=[(g, a, k) for g in GROUPS for a in PAPER_ARCHS for k in ([2, 3] if g == "S4" else [1, 2])],
        seeds=[0, 100, 200], train_length=16, test_length=32, samples=16000, budget=45, fail_budget=10,
        fig2_arch="diag-complex", fig2_depths=[1, 2, 3, 4, 5], fig2_seeds=[0, 1], fig2_length=8,
        fig2_samples=8000, fig2_steps=3000, fig2_lr=3e-3, fig3_arch="diag-complex", fig3_depths=[1, 2, 3, 4],
        fig3_seeds=[0, 1, 2], fig3_length=8, fig3_samples=8000, fig3_steps=1000, fig3_lr=1e-2),
    "full": dict(
        table=[(g, a, k) for g in GROUPS for a in PAPER_ARCHS for k in ([1, 2, 3] if g == "S4" else [1, 2])],
        seeds=[0, 100, 200], train_length=128, test_length=256, samples=500000, budget=3600, fail_budget=3600,
        fig2_arch="signed-mamba", fig2_depths=[1, 2, 3, 4, 5, 6, 7, 8], fig2_seeds=[0, 1, 2], fig2_length=128,
        fig2_samples=500000, fig2_steps=100000, fig2_lr=1e-3, fig3_arch="signed-mamba", fig3_depths=[1, 2, 3, 4],
        fig3_seeds=[0, 1, 2], fig3_length=128, fig3_samples=500000, fig3_steps=100000, fig3_lr=1e-3),
}

OUTCOMES = ["learned", "not learned", "failed as predicted", "beat the prediction", "open"]

LOCK = threading.Lock()


class Runner:
    def __init__(self, out, lietool, log):
        self.out, self.lietool, self.log = out, lietool, log

    def record(self, cmd):
        with LOCK:
            self.log.write(" ".join(shlex.quote(c) for c in cmd) + "\n")
            self.log.flush()

    def run(self, cmd, stdout=None, logfile=None, threads=1):
        """Runs cmd; returns (status, stdout text)."""
        self.record(cmd)
        env = dict(os.environ, OPENBLAS_NUM_THREADS=str(threads), OMP_NUM_THREADS=str(threads))
        with open(logfile or os.devnull, "w") as err:
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=err, env=env, text=True)
        if stdout:
            with open(stdout, "w") as f:
                f.write(p.stdout)
        return p.returncode, p.stdout

    def lt(self, *args, **kw):
        return self.run([self.lietool] + [str(a) for a in args], **kw)

    def rel(self, path):
        return os.path.relpath(path, self.out)


def mixed_words(R, group, length, samples, seed, path):
    """Words of every length 2..length, about samples in all (every word of a
    length that has fewer), as one CSV: the curriculum `ssm train` uses."""
    per = samples // (length - 1) + 1
    rows = []
    for l in range(2, length + 1):
        st, text = R.lt("dataset", "generate", group, "--length", l, "--samples", per, "--seed", seed * 1000 + l)
        if st:      # fewer words than asked for: every word of that length
            st, text = R.lt("dataset", "generate", group, "--length", l, "--seed", seed * 1000 + l)
        if st:
            raise SystemExit("paper: lietool dataset generate %s --length %d failed (status %d)" % (group, l, st))
        lines = text.splitlines()
        rows += lines[1:]
        header = lines[0]
    with open(path, "w") as f:
        f.write(header + "\n" + "\n".join(rows) + "\n")


def fixed_words(R, group, length, samples, seed, path):
    st, _ = R.lt("dataset", "generate", group, "--length", length, "--samples", samples, "--seed", seed, stdout=path)
    if st:
        raise SystemExit("paper: lietool dataset generate %s failed (status %d)" % (group, st))


# ---- the table: lietool ssm train ----

COLUMNS = ["group", "arch", "family", "layers", "seed", "verdict", "suffices_up_to_length", "train_length",
           "test_length", "budget", "sequence_accuracy", "token_accuracy", "longest_prefix_90", "final_loss", "chance_loss",
           "outcome", "chosen", "status"]


def jbool(v):
    return "null" if v is None else ("true" if v else "false")


def predicted(group, arch, layers, length, R):
    """The verdict plan gives before training: true (allowed), false, None (open)."""
    st, text = R.lt("plan", group, "--arch", arch, "--layers", layers, "--length", length, "--json")
    if st:
        return None
    v = json.loads(text)["verdict"]
    return v["exact_at_every_length"] or v["suffices_up_to_length"]


def table_job(R, cfg, spec, seed):
    group, arch, layers = spec[:3]
    L, T = (spec[3], spec[4]) if len(spec) > 3 else (cfg["train_length"], cfg["test_length"])
    name = "%s-%s-%d-s%d" % (group, arch, layers, seed)
    outdir = os.path.join(R.out, "runs", name)
    # a run the theory does not allow is given a shorter budget (it cannot stop early, and what
    # it shows is consistent with the theory whatever it scores below 0.9)
    allowed = predicted(group, arch, layers, T, R)
    budget = spec[5] if len(spec) > 5 else cfg["budget"] if allowed else cfg["fail_budget"]
    row = dict(group=group, arch=arch, family="", layers=layers, seed=seed, verdict="", suffices_up_to_length="",
               train_length=L, test_length=T, budget=budget, sequence_accuracy="",
               token_accuracy="", longest_prefix_90="", final_loss="", chance_loss="", outcome="", chosen="",
               status="ok", seconds="")
    t0 = time.time()
    st, text = R.lt("ssm", "train", group, "--arch", arch, "--layers", layers, "--out", outdir, "--force",
                    "--train-length", L, "--test-length", T,
                    "--samples", cfg["samples"], "--seed", seed, "--budget", budget, "--json",
                    logfile=outdir + ".log", threads=2)
    row["seconds"] = "%.0f" % (time.time() - t0)
    if st:
        row["status"] = "ssm train failed (status %d; %s.log)" % (st, R.rel(outdir))
        return row
    r = json.loads(text)
    v = r["verdict"]
    tries, k = r["training"]["tries"], r["training"]["chosen"]
    chosen = tries[k - 1] if 1 <= k <= len(tries) else None
    row.update(family=r["family"], verdict=jbool(v["exact_at_every_length"]),
               suffices_up_to_length=jbool(v["suffices_up_to_length"]),
               sequence_accuracy="%.4f" % r["sequence_accuracy"], token_accuracy="%.4f" % r["token_accuracy"],
               longest_prefix_90=r["longest_prefix_90"], final_loss="%.4g" % r["final_loss"],
               chance_loss="%.4f" % r["chance_loss"], outcome=r["outcome"],
               chosen="try %d: seed %s lr %g" % (k, chosen["seed"], chosen["lr"]) if chosen else "")
    return row


def run_table(R, cfg, pool):
    jobs = [(spec, s) for spec in cfg["table"] for s in cfg["seeds"]]
    rows = []
    # each `ssm train` trains two tries at once (both cores): one run at a time
    for n, (spec, s) in enumerate(jobs, 1):
        r = table_job(R, cfg, spec, s)
        rows.append(r)
        write_csv(os.path.join(R.out, "table.csv"), rows, COLUMNS)     # as it grows: a long run can be read early
        print("  [%d/%d] %s %s %d layer%s seed %d: verdict %s, sequence accuracy %s at length %d: %s (%s s)%s" %
              (n, len(jobs), r["group"], r["arch"], r["layers"], "" if r["layers"] == 1 else "s", s,
               r["verdict"] or "-", r["sequence_accuracy"] or "-", r["test_length"], r["outcome"] or "-",
               r["seconds"], "" if r["status"] == "ok" else " " + r["status"]), flush=True)
    return rows


def summary_table(rows):
    """One line per (group, arch, layers): the verdict, each seed's accuracy and outcome."""
    keyed = {}
    for r in rows:
        keyed.setdefault((r["group"], r["arch"], r["layers"]), []).append(r)
    lines = ["| group | arch | layers | lengths | verdict (exact at every length) | sequence accuracy per seed | "
             "longest prefix 90% | outcome per seed |", "|---|---|---|---|---|---|---|---|"]
    for (g, a, k), rs in keyed.items():
        acc = ", ".join(r["sequence_accuracy"] or "failed" for r in rs)
        lp = ", ".join(str(r["longest_prefix_90"]) for r in rs)
        out = ", ".join(r["outcome"] or r["status"] for r in rs)
        lines.append("| %s | %s | %d | %s/%s | %s | %s | %s | %s |" % (g, a, k, rs[0]["train_length"], rs[0]["test_length"],
                                                                 rs[0]["verdict"] or "-", acc, lp, out))
    return "\n".join(lines)


def count_outcomes(rows):
    counts = {o: 0 for o in OUTCOMES}
    for r in rows:
        key = r["outcome"] or "run failed"
        counts[key] = counts.get(key, 0) + 1
    return counts


# ---- the figures: the trainer directly, read back by ssm sweep ----

def train(R, arch, group, layers, seed, data, evaldata, outdir, steps, lr, extra=()):
    """One run of the recipe's model, one try, its last weights (no choice on the held-out words)."""
    cmd = [PY, TRAIN, "--recipe", "learn", "--data", data, "--eval-data", evaldata, "--lietool", R.lietool,
           "--layers", str(layers), "--seed", str(seed), "--steps", str(steps), "--lr", str(lr), "--tries", "1",
           "--jobs", "1", "--threads", "1", "--early-stop", "0", "--eval-every", "0", "--out", outdir]
    cmd += (["--group", group] if group else []) + TRAINER_ARCH[arch] + list(extra)
    t0 = time.time()
    st, _ = R.run(cmd, logfile=outdir + ".train.log")
    return st, time.time() - t0


def sweep(R, args, logname):
    st, text = R.lt(*args, logfile=os.path.join(R.out, "runs", logname))
    return json.loads(text) if st == 0 else None


def train_depths(R, cfg, fig, pool, group, train_csv, test_csv, extra=()):
    """A figure's models: every depth and seed of cfg[fig + "_depths"] and [fig + "_seeds"],
    --jobs at a time. Returns the (depth, seed, directory) that trained and those that did not."""
    futs = {}
    for k in cfg[fig + "_depths"]:
        for s in cfg[fig + "_seeds"]:
            outdir = os.path.join(R.out, "runs", "%s-%s-%d-s%d" % (fig, cfg[fig + "_arch"], k, s))
            futs[pool.submit(train, R, cfg[fig + "_arch"], group, k, s, train_csv, test_csv, outdir,
                             cfg[fig + "_steps"], cfg[fig + "_lr"], extra)] = (k, s, outdir)
    ok, failed = [], []
    for f in concurrent.futures.as_completed(futs):
        (failed if f.result()[0] else ok).append(futs[f])
    return sorted(ok), sorted(failed)


def figure2(R, cfg, pool):
    """A5: the longest prefix at 90% (cumulative) against depth, on the
    training words (the paper's figure) and on held-out words of twice the
    training length; the theory's guaranteed lengths beside it."""
    L = cfg["fig2_length"]
    train_csv = os.path.join(R.out, "runs", "fig2-A5-train.csv")
    test_csv = os.path.join(R.out, "runs", "fig2-A5-test.csv")
    mixed_words(R, "A5", L, cfg["fig2_samples"], 11, train_csv)
    fixed_words(R, "A5", 2 * L, 1000, 12, test_csv)
    ok, failed = train_depths(R, cfg, "fig2", pool, "A5", train_csv, test_csv)
    note = ["measured: %s models trained here (seeds %s), on their training words (lengths 2-%d mixed, as the "
            "paper's figure); theory: the longest words k layers are proved to track (Proposition 3.7: 2^(k-1) "
            "as v1 states it, 2^k - 1 sharp)" % (cfg["fig2_arch"], ",".join(map(str, cfg["fig2_seeds"])), L)]
    if failed:
        note.append("failed runs (not plotted): " + ", ".join("depth %d seed %d" % (k, s) for k, s, _ in failed))
    dirs = [d for _, _, d in ok]
    on_train = sweep(R, ["ssm", "sweep", "--group", "A5", "--data", train_csv, "--json",
                         "--svg", os.path.join(R.out, "figure2.svg"), "--note", "; ".join(note)] + dirs,
                     "fig2.sweep-train.log") if dirs else None
    on_test = sweep(R, ["ssm", "sweep", "--group", "A5", "--data", test_csv, "--json"] + dirs,
                    "fig2.sweep-test.log") if dirs else None
    rows = []
    by_dir = lambda res: {m["model"]: m for m in (res or {}).get("models", [])}
    tr, te = by_dir(on_train), by_dir(on_test)
    for k, s, d in ok:
        a, b = tr.get(d), te.get(d)
        rows.append(dict(depth=k, seed=s, arch=cfg["fig2_arch"],
                         longest_prefix_90=a["longest_prefix_90"] if a else "",
                         longest_prefix_90_test=b["longest_prefix_90"] if b else "",
                         sequence_accuracy_test="%.4f" % b["sequence_accuracy"] if b else "",
                         train_length=L, test_length=2 * L,
                         guaranteed_length=2 ** k - 1, guaranteed_length_v1=2 ** (k - 1), status="ok"))
    for k, s, d in failed:
        rows.append(dict(depth=k, seed=s, arch=cfg["fig2_arch"], train_length=L, test_length=2 * L,
                         guaranteed_length=2 ** k - 1, guaranteed_length_v1=2 ** (k - 1),
                         status="training failed (%s.train.log)" % R.rel(d)))
    rows.sort(key=lambda r: (r["depth"], r["seed"]))
    write_csv(os.path.join(R.out, "figure2.csv"), rows,
              ["depth", "seed", "arch", "longest_prefix_90", "longest_prefix_90_test", "sequence_accuracy_test",
               "train_length", "test_length", "guaranteed_length", "guaranteed_length_v1", "status"])
    return rows


# The ideal order-blind model's step: the rotations of a window of W = 8
# tokens have a generator mass of at most 8 pi h, inside the Magnus series'
# disc of convergence (pi) for h < 1/8; at the task's h = 1 the series
# diverges and its truncation says nothing.
IDEAL_STEP = "1/10"


def figure3(R, cfg, pool, rmap):
    """The rotation task: trained models' MSE per position against depth,
    beside predicting zero and lietool's ideal depth-k order-blind model."""
    L = cfg["fig3_length"]
    train_csv = os.path.join(R.out, "runs", "fig3-A5-train.csv")
    test_csv = os.path.join(R.out, "runs", "fig3-A5-test.csv")
    mixed_words(R, "A5", L, cfg["fig3_samples"], 21, train_csv)
    fixed_words(R, "A5", L, 500, 22, test_csv)
    ok, failed = train_depths(R, cfg, "fig3", pool, None, train_csv, test_csv, ("--task", "rotation", "--map", rmap))
    note = ("solid: %s models trained on words of lengths 2-%d, scored on %d other words of length %d (the task at "
            "step 1); dashed: the ideal order-blind model of the same depth on the same words with the rotations "
            "scaled to step %s, where the Magnus series of each 8-token window converges; predicting zero scores "
            "1/3; map %s" % (cfg["fig3_arch"], L, 500, L, IDEAL_STEP, rmap))
    if failed:
        note += "; failed runs (not plotted): " + ", ".join("depth %d seed %d" % (k, s) for k, s, _ in failed)
    dirs = [d for _, _, d in ok]
    res = sweep(R, ["ssm", "sweep", "--task", "rotation", "--data", test_csv, "--map", rmap, "--json",
                    "--step", IDEAL_STEP, "--bound", "sharp", "--svg", os.path.join(R.out, "figure3.svg"),
                    "--note", note] + dirs, "fig3.sweep.log") if dirs else None
    models = {m["model"]: m for m in (res or {}).get("models", [])}
    rows = []
    for k, s, d in ok:
        m = models.get(d)
        rows.append(dict(depth=k, seed=s, arch=cfg["fig3_arch"], mse="%.6f" % m["mean_mse"] if m else "",
                         zero_mse="%.6f" % (1 / 3), mse_at_T="%.6f" % m["mse"][-1] if m else "",
                         ideal_mse="%.3e" % m["ideal"]["mean_mse"] if m and m.get("ideal") else "",
                         ideal_step=IDEAL_STEP, length=L, status="ok" if m else "evaluation failed"))
    for k, s, d in failed:
        rows.append(dict(depth=k, seed=s, arch=cfg["fig3_arch"], zero_mse="%.6f" % (1 / 3), ideal_step=IDEAL_STEP,
                         length=L, status="training failed (%s.train.log)" % R.rel(d)))
    rows.sort(key=lambda r: (r["depth"], r["seed"]))
    write_csv(os.path.join(R.out, "figure3.csv"), rows,
              ["depth", "seed", "arch", "mse", "zero_mse", "mse_at_T", "ideal_mse", "ideal_step", "length", "status"])
    return rows


def write_csv(path, rows, columns):
    with open(path, "w", newline="") as f:
        w = csv.DictWriter(f, columns, extrasaction="ignore")
        w.writeheader()
        w.writerows(rows)


def mean(xs):
    xs = [float(x) for x in xs if x != ""]
    return sum(xs) / len(xs) if xs else float("nan")


def write_summary(out, scale, cfg, rows, fig2, fig3, rmap, secs, times):
    with open(os.path.join(out, "summary.md"), "w") as f:
        f.write("# lietool: the paper's findings at %s scale\n\n" % scale)
        cpu = ""
        try:
            with open("/proc/cpuinfo") as c:
                cpu = next((l.split(":", 1)[1].strip() for l in c if l.startswith("model name")), "")
        except OSError:
            pass
        f.write("Machine: %s, %d cores (%s), %s; Python %s; wall time %.0f s (%s).\n\n" %
                (platform.machine(), os.cpu_count() or 0, cpu or "unknown CPU", platform.platform(),
                 platform.python_version(), secs, ", ".join("%s %.0f s" % kv for kv in times.items())))
        if rows:
            f.write("## The table: which depth learns which group\n\n")
            f.write("Each row is one `lietool ssm train` run (its command is in commands.txt): words of every length "
                    "2 to L mixed (about %d words), tested on 1000 held-out words of length T (train_length L and "
                    "test_length T in table.csv: %d and %d unless the row says otherwise); the checkpoint is chosen "
                    "on 200 other held-out words of length T; each run trains for at most its budget (seconds, "
                    "in table.csv), less where a try reaches 0.99. verdict: lietool plan's exact_at_every_length "
                    "for the family (true: a construction exists; false: proved impossible; null: open). "
                    "outcome: learned (allowed, sequence accuracy >= 0.9), not learned (allowed, below), failed "
                    "as predicted (not allowed, below), beat the prediction (not allowed, yet >= 0.9), open.\n\n" %
                    (cfg["samples"], cfg["train_length"], cfg["test_length"]))
            f.write(summary_table(rows) + "\n\n")
            counts = count_outcomes(rows)
            f.write("Outcomes over %d runs: %s.\n\n" % (len(rows), ", ".join("%s %d" % kv for kv in counts.items())))
            f.write("What confirms the theory is a model that learns where a construction exists (learned: %d). "
                    "A run that fails where the theory says no model can succeed (failed as predicted: %d) is "
                    "consistent with it but proves nothing by itself: any failed training looks the same. "
                    "Not learned (%d) is a training shortfall, not evidence against the theory; beat the "
                    "prediction (%d) would be evidence against it, or a sign that the test length is too short "
                    "to tell.\n\n" % (counts["learned"], counts["failed as predicted"], counts["not learned"],
                                      counts["beat the prediction"]))
        if fig2:
            f.write("## Figure 2: A5, the longest prefix at 90%% against depth\n\nfigure2.svg (training words, as "
                    "the paper's figure) and figure2.csv (also held-out words of length %d). A5 is not solvable, "
                    "so no depth tracks it at every length; depth k is proved to track words up to length "
                    "2^k - 1 (guaranteed_length; Proposition 3.7, sharp reading; v1: 2^(k-1)), through a "
                    "construction of width about n^T/T that no trained model here has. Trained: %s.\n\n"
                    "| depth | longest prefix 90%% (training words), per seed | held-out words | mean | "
                    "guaranteed |\n|---|---|---|---|---|\n" % (2 * cfg["fig2_length"], cfg["fig2_arch"]))
            for k in sorted({r["depth"] for r in fig2}):
                rs = [r for r in fig2 if r["depth"] == k]
                f.write("| %d | %s | %s | %.1f | %d |\n" % (
                    k, ", ".join(str(r.get("longest_prefix_90", "")) or "failed" for r in rs),
                    ", ".join(str(r.get("longest_prefix_90_test", "")) or "failed" for r in rs),
                    mean(r.get("longest_prefix_90", "") for r in rs), 2 ** k - 1))
            f.write("\n")
        if fig3:
            f.write("## Figure 3: the rotation task\n\nfigure3.svg and figure3.csv: the MSE of trained %s models "
                    "on held-out words (mean over the positions 1-%d and the 3 coordinates), against predicting "
                    "zero (1/3, since every target is a unit vector). The dashed curves are lietool's ideal "
                    "order-blind model of each depth, computed with the rotations scaled to step %s so that "
                    "each window's Magnus series converges (at the task's step 1 it diverges and the truncation "
                    "says nothing): theory, not a fit to the trained models. Token map: %s.\n\n"
                    "| depth | MSE per seed | mean | predicting zero | MSE at T (mean) |\n|---|---|---|---|---|\n"
                    % (cfg["fig3_arch"], cfg["fig3_length"], IDEAL_STEP, rmap))
            for k in sorted({r["depth"] for r in fig3}):
                rs = [r for r in fig3 if r["depth"] == k]
                f.write("| %d | %s | %.4f | 0.3333 | %.4f |\n" % (
                    k, ", ".join(r.get("mse", "") or "failed" for r in rs), mean(r.get("mse", "") for r in rs),
                    mean(r.get("mse_at_T", "") for r in rs)))
            f.write("\n")
        f.write("Every command is in commands.txt; the checkpoints, data and logs are in runs/.\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scale", default=os.environ.get("PAPER_SCALE", "default"), choices=sorted(SCALES))
    ap.add_argument("--out", default=os.environ.get("PAPER_OUT"), help="output directory (default: a new temporary one)")
    ap.add_argument("--jobs", type=int, default=int(os.environ.get("PAPER_JOBS", os.cpu_count() or 1)),
                    help="the figures' trainings at once, one thread each (default: the number of cores); the "
                         "table's `ssm train` runs go one at a time, each on two cores")
    ap.add_argument("--lietool", default=os.environ.get("LIETOOL", os.path.join(HERE, "..", "lietool")))
    ap.add_argument("--only", choices=["table", "figure2", "figure3"], action="append",
                    help="run only these parts (repeatable; default all)")
    ap.add_argument("--map", choices=["faithful", "paper"], default=os.environ.get("PAPER_MAP", "faithful"),
                    help="figure 3's token-to-rotation map: faithful (a homomorphism, the default) or paper (the "
                         "paper's released code's, which is not a homomorphism)")
    a = ap.parse_args()
    cfg = SCALES[a.scale]
    if a.jobs < 1:
        ap.error("--jobs must be positive")
    lietool = os.path.abspath(a.lietool)
    if not os.access(lietool, os.X_OK):
        ap.error("no lietool binary at %s (build it with make, or give --lietool)" % lietool)
    if subprocess.run([PY, "-c", "import torch"], capture_output=True).returncode:
        raise SystemExit("paper: PyTorch is missing for %s (apt-get install python3-torch)" % PY)
    out = os.path.abspath(a.out or tempfile.mkdtemp(prefix="lietool-paper-"))
    src = os.path.abspath(os.path.join(HERE, ".."))
    if out == src or out.startswith(src + os.sep) and not out.startswith(os.path.join(src, "docs", "paper")):
        raise SystemExit("paper: --out %s is inside the source tree; give another directory" % out)
    os.makedirs(os.path.join(out, "runs"), exist_ok=True)
    parts = a.only or ["table", "figure2", "figure3"]
    print("paper: scale %s, output in %s" % (a.scale, out), flush=True)
    t0 = time.time()
    times = {}
    rows, fig2, fig3 = [], None, None
    with open(os.path.join(out, "commands.txt"), "w") as log, \
            concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
        R = Runner(out, lietool, log)
        if "table" in parts:
            print("paper: the table (%d runs of lietool ssm train)" % (len(cfg["table"]) * len(cfg["seeds"])),
                  flush=True)
            t = time.time()
            rows = run_table(R, cfg, pool)
            write_csv(os.path.join(out, "table.csv"), rows, COLUMNS)
            times["table"] = time.time() - t
        if "figure2" in parts:
            print("paper: figure 2 (A5, depth %s)" % ",".join(map(str, cfg["fig2_depths"])), flush=True)
            t = time.time()
            fig2 = figure2(R, cfg, pool)
            times["figure 2"] = time.time() - t
        if "figure3" in parts:
            print("paper: figure 3 (the rotation task, depth %s)" % ",".join(map(str, cfg["fig3_depths"])), flush=True)
            t = time.time()
            fig3 = figure3(R, cfg, pool, a.map)
            times["figure 3"] = time.time() - t
    secs = time.time() - t0
    write_summary(out, a.scale, cfg, rows, fig2, fig3, a.map, secs, times)
    if rows:
        print("paper: outcomes: " + ", ".join("%s %d" % kv for kv in count_outcomes(rows).items()))
    print("paper: done in %.0f s; %s" % (secs, os.path.join(out, "summary.md")))


if __name__ == "__main__":
    main()
