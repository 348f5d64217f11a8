#!/usr/bin/env python3
"""The paper's experiments at small scale on one CPU, beside lietool's theory.

Heo, Ngotiaoco, Irie, Gershman, Sabatini (2026), "Why Depth Matters in
Parallelizable Sequence Models: A Lie Algebraic View": word problems of
C2, C3, D8, H3 (= UT(3,2)), S3, S4 and A5 learnt by parallelizable
sequence models of depth 1, 2 (and 3), the longest prefix at 90%
cumulative accuracy on A5 against depth, and the rotation task against
depth. This script trains the models with scripts/train_wordproblem.py
(CPU PyTorch), evaluates every checkpoint with `lietool ssm eval`, asks
`lietool plan` for the theory's verdict, and sets the two side by side:

  table.csv    group, arch, family, layers, seed, verdict (exact at every
               length: true/false/null), suffices_up_to_length, train and
               test lengths, sequence_accuracy, token_accuracy,
               longest_prefix_90 (the paper's cumulative metric), agree
  figure2.svg  A5: longest prefix at 90% against depth, with the log-depth
               curves of lietool (Proposition 3.7, v1 and sharp readings)
  figure3.svg  the rotation task: MSE per position of trained models
               beside lietool's ideal truncated-Magnus model of each depth
  summary.md   the table, the spread over seeds, the commands, the times
  commands.txt every command run, in order
  runs/        the checkpoints, the CSVs and the logs

Usage: scripts/paper.sh [--scale tiny|default|full] [--out DIR] [--jobs N]
[--map faithful|paper] [--only table|figure2|figure3]
(or the environment: PAPER_SCALE, PAPER_OUT, PAPER_JOBS, PAPER_MAP, LIETOOL).
"""
import argparse
import concurrent.futures
import csv
import json
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

# The paper's architectures as scripts/train_wordproblem.py builds them.
ARCHS = {
    "mamba-signed": ["--arch", "mamba", "--eigenvalues", "signed"],
    "mamba": ["--arch", "mamba"],
    "diag-complex": ["--arch", "diag", "--eigenvalues", "complex"],
    "diag-signed": ["--arch", "diag", "--eigenvalues", "signed"],
    "gla": ["--arch", "gla"],
    "deltaproduct": ["--arch", "gated_deltaproduct", "--dp-householder", "2", "--dp-neg", "true"],
    "transformer": ["--arch", "transformer"],
}

GROUPS = ["C2", "C3", "D8", "H3", "S3", "S4", "A5"]

# What each scale runs. "full" is the paper's protocol as far as it is
# published (train length 128, test 256, 500K training words, 100 epochs,
# 3 seeds); the width is lietool's choice (the paper's is not restated here).
SCALES = {
    "tiny": dict(groups=["C2", "S3", "A5"], archs=["diag-signed", "gla", "deltaproduct"], layers=[1, 2],
                 extra_layers={}, seeds=[0], train_length=8, test_length=16, train_words=2000,
                 test_words=500, steps=150, epochs=None, d_model=32, batch=64, lr=1e-2,
                 fig2_arch="diag-signed", fig2_depths=[1, 2, 3], fig2_seeds=[0], fig2_length=16,
                 fig2_words=2000, fig2_steps=200,
                 fig3_archs=["diag-signed"], fig3_depths=[1, 2], fig3_length=16, fig3_words=1000, fig3_steps=150),
    "default": dict(groups=GROUPS, archs=["mamba-signed", "mamba", "diag-complex", "gla", "deltaproduct"],
                    layers=[1, 2], extra_layers={"S4": [3]}, seeds=[0, 1], train_length=16, test_length=32,
                    train_words=4000, test_words=1000, steps=400, epochs=None, d_model=32, batch=64, lr=1e-2,
                    fig2_arch="diag-signed", fig2_depths=[1, 2, 3, 4, 5, 6], fig2_seeds=[0, 1], fig2_length=32,
                    fig2_words=4000, fig2_steps=400,
                    fig3_archs=["mamba-signed"], fig3_depths=[1, 2, 3, 4], fig3_length=32, fig3_words=4000,
                    fig3_steps=400),
    "full": dict(groups=GROUPS, archs=["mamba-signed", "mamba", "diag-complex", "gla", "deltaproduct", "transformer"],
                 layers=[1, 2], extra_layers={"S4": [3]}, seeds=[0, 1, 2], train_length=128, test_length=256,
                 train_words=500000, test_words=10000, steps=None, epochs=100, d_model=128, batch=256, lr=1e-3,
                 fig2_arch="mamba-signed", fig2_depths=[1, 2, 3, 4, 5, 6, 7, 8], fig2_seeds=[0, 1, 2],
                 fig2_length=128, fig2_words=500000, fig2_steps=None,
                 fig3_archs=["mamba-signed"], fig3_depths=[1, 2, 3, 4], fig3_length=128, fig3_words=500000,
                 fig3_steps=None),
}

LOCK = threading.Lock()


class Runner:
    def __init__(self, out, lietool, log):
        self.out, self.lietool, self.log = out, lietool, log

    def record(self, cmd):
        with LOCK:
            self.log.write(" ".join(shlex.quote(c) for c in cmd) + "\n")
            self.log.flush()

    def run(self, cmd, stdout=None, logfile=None):
        """Runs cmd; returns (status, stdout text)."""
        self.record(cmd)
        env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
        with open(logfile or os.devnull, "w") as err:
            p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=err, env=env, text=True)
        if stdout:
            with open(stdout, "w") as f:
                f.write(p.stdout)
        return p.returncode, p.stdout

    def lt(self, *args, **kw):
        return self.run([self.lietool] + [str(a) for a in args], **kw)


def dataset(R, group, length, words, seed, path):
    st, _ = R.lt("dataset", "generate", group, "--length", length, "--samples", words, "--seed", seed, stdout=path)
    if st:
        raise SystemExit("paper: lietool dataset generate %s failed (status %d)" % (group, st))


def train(R, cfg, arch, group, layers, seed, data, evaldata, outdir, steps, extra=()):
    cmd = [PY, TRAIN, "--data", data, "--eval-data", evaldata] + (["--group", group] if group else []) + ["--lietool", R.lietool,
           "--layers", str(layers), "--d-model", str(cfg["d_model"]), "--batch", str(cfg["batch"]), "--lr", str(cfg["lr"]),
           "--seed", str(seed), "--threads", "1", "--out", outdir] + ARCHS[arch] + list(extra)
    cmd += ["--epochs", str(cfg["epochs"])] if steps is None else ["--steps", str(steps)]
    t0 = time.time()
    st, _ = R.run(cmd, logfile=outdir + ".train.log")
    return st, time.time() - t0


def evaluate(R, outdir, group, data):
    st, text = R.lt("ssm", "eval", outdir, "--group", group, "--data", data, "--json", logfile=outdir + ".eval.log")
    if st:
        return None
    return json.loads(text)


def plan(R, group, family, layers, length):
    st, text = R.lt("plan", group, "--arch", family, "--layers", layers, "--length", length, "--json")
    if st:
        raise SystemExit("paper: lietool plan %s --arch %s --layers %s failed (status %d)" % (group, family, layers, st))
    return json.loads(text)["verdict"]


def jbool(v):
    return "null" if v is None else ("true" if v else "false")


def agreement(verdict, acc, threshold=0.9):
    """The theory against the measurement at the test length. true: a
    construction exists (so a model can reach 100%; training may still not
    find it: "not learned"); false: proved impossible at every length (a
    finite test length can still be passed: "passed at this length")."""
    if verdict is None:
        return "open"
    if verdict:
        return "yes" if acc >= threshold else "not learned"
    return "yes" if acc < threshold else "passed at this length"


def table_job(R, cfg, group, arch, layers, seed, data):
    name = "%s-%s-%d-s%d" % (group, arch, layers, seed)
    outdir = os.path.join(R.out, "runs", name)
    st, secs = train(R, cfg, arch, group, layers, seed, data[group][0], data[group][1], outdir, cfg["steps"])
    row = dict(group=group, arch=arch, family="", layers=layers, seed=seed, verdict="",
               suffices_up_to_length="", train_length=cfg["train_length"], test_length=cfg["test_length"],
               sequence_accuracy="", token_accuracy="", longest_prefix_90="", agree="", train_seconds="%.1f" % secs,
               status="ok")
    if st:
        row["status"] = "training failed (status %d; %s.train.log)" % (st, os.path.relpath(outdir, R.out))
        return row
    ev = evaluate(R, outdir, group, data[group][1])
    if ev is None:
        row["status"] = "evaluation failed (%s.eval.log)" % os.path.relpath(outdir, R.out)
        return row
    v = ev.get("verdict")
    row.update(sequence_accuracy="%.4f" % ev["sequence_accuracy"], token_accuracy="%.4f" % ev["token_accuracy"],
               longest_prefix_90=ev["longest_prefix_90"])
    if not v:
        row.update(family="-", verdict="", agree="no verdict")
        return row
    p = plan(R, group, v["family"], layers, cfg["test_length"])
    if p != v:      # one engine: the checkpoint's verdict is plan's, key for key
        row["status"] = "ssm eval and plan disagree"
    row.update(family=v["family"], verdict=jbool(p["exact_at_every_length"]),
               suffices_up_to_length=jbool(p["suffices_up_to_length"]),
               agree=agreement(p["exact_at_every_length"], ev["sequence_accuracy"]))
    return row


COLUMNS = ["group", "arch", "family", "layers", "seed", "verdict", "suffices_up_to_length", "train_length",
           "test_length", "sequence_accuracy", "token_accuracy", "longest_prefix_90", "agree", "status"]


def summary_table(rows, seeds):
    """One line per (group, arch, layers): the verdict, the accuracy of each
    seed and its spread, the agreement."""
    keyed = {}
    for r in rows:
        keyed.setdefault((r["group"], r["arch"], r["layers"]), []).append(r)
    lines = ["| group | arch | family | layers | verdict (exact at every length) | sequence accuracy per seed | "
             "spread | longest prefix 90% | agree |", "|---|---|---|---|---|---|---|---|---|"]
    for (g, a, k), rs in sorted(keyed.items(), key=lambda x: (GROUPS.index(x[0][0]) if x[0][0] in GROUPS else 99,
                                                               x[0][1], x[0][2])):
        rs.sort(key=lambda r: r["seed"])
        accs = [float(r["sequence_accuracy"]) for r in rs if r["sequence_accuracy"] != ""]
        acc = ", ".join(r["sequence_accuracy"] if r["sequence_accuracy"] != "" else "failed" for r in rs)
        spread = "%.3f" % (max(accs) - min(accs)) if len(accs) > 1 else "-"
        lp = ", ".join(str(r["longest_prefix_90"]) for r in rs)
        agree = ", ".join(sorted(set(r["agree"] or r["status"] for r in rs)))
        verdict = rs[0]["verdict"] or "-"
        lines.append("| %s | %s | %s | %d | %s | %s | %s | %s | %s |" % (g, a, rs[0]["family"] or "-", k, verdict, acc,
                                                                         spread, lp, agree))
    return "\n".join(lines)


def figure2(R, cfg, jobs, pool):
    """A5: the longest prefix at 90% (cumulative; on the training words, as
    the paper's figure) against depth, by `lietool ssm sweep --svg`."""
    length, words = cfg["fig2_length"], cfg["fig2_words"]
    data = os.path.join(R.out, "runs", "fig2-A5-train.csv")
    dataset(R, "A5", length, words, 11, data)
    futs = {}
    for k in cfg["fig2_depths"]:
        for s in cfg["fig2_seeds"]:
            outdir = os.path.join(R.out, "runs", "fig2-A5-%s-%d-s%d" % (cfg["fig2_arch"], k, s))
            futs[pool.submit(train, R, cfg, cfg["fig2_arch"], "A5", k, s, data, data, outdir,
                             cfg["fig2_steps"])] = (k, s, outdir)
    ok, failed = [], []
    for f in concurrent.futures.as_completed(futs):
        k, s, outdir = futs[f]
        st, _ = f.result()
        (failed if st or evaluate(R, outdir, "A5", data) is None else ok).append((k, s, outdir))
    ok.sort()
    failed.sort()
    note = ["training words (seed 11), as the paper's figure; %s, seeds %s" %
            (cfg["fig2_arch"], ",".join(map(str, cfg["fig2_seeds"])))]
    if failed:
        note.append("failed runs (not plotted): " + ", ".join("depth %d seed %d" % (k, s) for k, s, _ in failed))
    args = ["ssm", "sweep", "--group", "A5", "--data", data, "--svg", os.path.join(R.out, "figure2.svg"), "--json"]
    args += ["--note", "; ".join(note)]
    st, text = R.lt(*(args + [d for _, _, d in ok]), logfile=os.path.join(R.out, "runs", "fig2.sweep.log"))
    if st:
        return None, failed
    return json.loads(text), failed


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--scale", default=os.environ.get("PAPER_SCALE", "default"), choices=sorted(SCALES))
    ap.add_argument("--out", default=os.environ.get("PAPER_OUT"), help="output directory (default: a new temporary one)")
    ap.add_argument("--jobs", type=int, default=int(os.environ.get("PAPER_JOBS", os.cpu_count() or 1)),
                    help="trainings at once, one thread each (default: the number of cores)")
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
    out = a.out or tempfile.mkdtemp(prefix="lietool-paper-")
    out = os.path.abspath(out)
    src = os.path.abspath(os.path.join(HERE, ".."))
    if out == src or out.startswith(src + os.sep):
        raise SystemExit("paper: --out %s is inside the source tree; give another directory" % out)
    os.makedirs(os.path.join(out, "runs"), exist_ok=True)
    parts = a.only or ["table", "figure2", "figure3"]
    print("paper: scale %s, %d jobs, output in %s" % (a.scale, a.jobs, out), flush=True)
    t0 = time.time()
    with open(os.path.join(out, "commands.txt"), "a") as log, \
            concurrent.futures.ThreadPoolExecutor(max_workers=a.jobs) as pool:
        R = Runner(out, lietool, log)
        rows, fig2, failed2 = [], None, []
        if "table" in parts:
            data = {}
            for i, g in enumerate(cfg["groups"]):
                tr = os.path.join(out, "runs", "%s-train.csv" % g)
                te = os.path.join(out, "runs", "%s-test.csv" % g)
                dataset(R, g, cfg["train_length"], cfg["train_words"], 100 + i, tr)
                dataset(R, g, cfg["test_length"], cfg["test_words"], 200 + i, te)
                data[g] = (tr, te)
            jobs = [(g, arch, k, s) for g in cfg["groups"] for arch in cfg["archs"]
                    for k in cfg["layers"] + cfg["extra_layers"].get(g, []) for s in cfg["seeds"]]
            futs = [pool.submit(table_job, R, cfg, g, arch, k, s, data) for g, arch, k, s in jobs]
            for n, f in enumerate(concurrent.futures.as_completed(futs), 1):
                r = f.result()
                rows.append(r)
                print("  [%d/%d] %s %s %d layers seed %d: verdict %s, sequence accuracy %s, agree %s (%s s)%s" %
                      (n, len(jobs), r["group"], r["arch"], r["layers"], r["seed"], r["verdict"] or "-",
                       r["sequence_accuracy"] or "-", r["agree"] or "-", r["train_seconds"],
                       "" if r["status"] == "ok" else " " + r["status"]), flush=True)
            rows.sort(key=lambda r: (GROUPS.index(r["group"]), r["arch"], r["layers"], r["seed"]))
            # table.csv holds results only, so that a second run gives the same file; times.csv the seconds
            with open(os.path.join(out, "table.csv"), "w", newline="") as f:
                w = csv.DictWriter(f, COLUMNS, extrasaction="ignore")
                w.writeheader()
                w.writerows(rows)
            with open(os.path.join(out, "times.csv"), "w", newline="") as f:
                w = csv.DictWriter(f, ["group", "arch", "layers", "seed", "train_seconds"], extrasaction="ignore")
                w.writeheader()
                w.writerows(rows)
        if "figure2" in parts:
            print("paper: figure 2 (A5, depth %s)" % ",".join(map(str, cfg["fig2_depths"])), flush=True)
            fig2, failed2 = figure2(R, cfg, a.jobs, pool)
        fig3, failed3 = None, []
        if "figure3" in parts:
            print("paper: figure 3 (the rotation task, depth %s)" % ",".join(map(str, cfg["fig3_depths"])), flush=True)
            fig3, failed3 = figure3(R, cfg, pool, a.map)
    secs = time.time() - t0
    write_summary(out, a.scale, cfg, rows, fig2, failed2, fig3, failed3, a.map, secs)
    print("paper: done in %.0f s; %s" % (secs, os.path.join(out, "summary.md")))


def figure3(R, cfg, pool, rmap):
    """The rotation task: trained models' MSE per position (depth 1..4)
    beside lietool's ideal truncated-Magnus model of each depth, by
    `lietool ssm sweep --task rotation --svg`."""
    length, words = cfg["fig3_length"], cfg["fig3_words"]
    train_csv = os.path.join(R.out, "runs", "fig3-A5-train.csv")
    test_csv = os.path.join(R.out, "runs", "fig3-A5-test.csv")
    dataset(R, "A5", length, words, 12, train_csv)
    dataset(R, "A5", length, max(200, words // 4), 13, test_csv)
    futs = {}
    for arch in cfg["fig3_archs"]:
        for k in cfg["fig3_depths"]:
            outdir = os.path.join(R.out, "runs", "fig3-%s-%d" % (arch, k))
            futs[pool.submit(train, R, cfg, arch, None, k, 0, train_csv, test_csv, outdir, cfg["fig3_steps"],
                             ("--task", "rotation", "--map", rmap))] = (arch, k, outdir)
    ok, failed = [], []
    for f in concurrent.futures.as_completed(futs):
        arch, k, outdir = futs[f]
        st, _ = f.result()
        (failed if st else ok).append((arch, k, outdir))
    ok.sort()
    failed.sort()
    note = "%s, seed 0, trained on %d words of length %d, scored on %d others; map %s" % (
        ", ".join(cfg["fig3_archs"]), words, length, max(200, words // 4), rmap)
    if failed:
        note += "; failed runs (not plotted): " + ", ".join("%s depth %d" % (a, k) for a, k, _ in failed)
    args = ["ssm", "sweep", "--task", "rotation", "--data", test_csv, "--map", rmap, "--json",
            "--svg", os.path.join(R.out, "figure3.svg"), "--note", note] + [d for _, _, d in ok]
    st, text = R.lt(*args, logfile=os.path.join(R.out, "runs", "fig3.sweep.log"))
    if st or not ok:
        return None, failed
    return json.loads(text), failed


def write_summary(out, scale, cfg, rows, fig2, failed2, fig3, failed3, rmap, secs):
    with open(os.path.join(out, "summary.md"), "w") as f:
        f.write("# lietool: the paper's experiments at %s scale\n\n" % scale)
        f.write("Machine: %s, %d cores, %s; Python %s; wall time %.0f s.\n\n" %
                (platform.machine(), os.cpu_count() or 0, platform.platform(), platform.python_version(), secs))
        if rows:
            f.write("## Table 1 (small)\n\n")
            f.write("Train on words of length %d (%d words), test on %d words of length %d; d_model %d, %s, "
                    "seeds %s. verdict: lietool plan's exact_at_every_length for the checkpoint's layer family "
                    "(true: a construction exists; false: proved impossible; null: open). agree: yes when a true "
                    "verdict meets sequence accuracy >= 0.9 at the test length or a false one meets < 0.9.\n\n" %
                    (cfg["train_length"], cfg["train_words"], cfg["test_words"], cfg["test_length"], cfg["d_model"],
                     "%d steps of %d words at learning rate %g" % (cfg["steps"], cfg["batch"], cfg["lr"]) if cfg["steps"] else
                     "%s epochs" % cfg["epochs"], ",".join(map(str, cfg["seeds"]))))
            f.write(summary_table(rows, cfg["seeds"]) + "\n\n")
            counts = {}
            for r in rows:
                counts[r["agree"] or r["status"]] = counts.get(r["agree"] or r["status"], 0) + 1
            f.write("Runs: %d; %s.\n\n" % (len(rows), ", ".join("%s: %d" % kv for kv in sorted(counts.items()))))
        if fig2 is not None or failed2:
            f.write("## Figure 2 (small): A5, longest prefix at 90%% against depth\n\nfigure2.svg; %s, trained on "
                    "words of length %d; the dashed curves are lietool's log-depth bounds (Proposition 3.7, v1 and "
                    "sharp readings).\n\n| depth | seed | longest prefix 90%% | sequence accuracy |\n|---|---|---|---|\n"
                    % (cfg["fig2_arch"], cfg["fig2_length"]))
            for m in (fig2 or {}).get("models", []):
                seed = m["model"].rsplit("-s", 1)[-1]
                f.write("| %d | %s | %d | %.4f |\n" % (m["layers"], seed, m["longest_prefix_90"], m["sequence_accuracy"]))
            for k, s, _ in failed2:
                f.write("| %d | %d | failed | failed |\n" % (k, s))
            f.write("\n")
        if fig3 is not None or failed3:
            f.write("## Figure 3 (small): the rotation task\n\nfigure3.svg: the MSE per position of trained models "
                    "(solid) beside lietool's ideal order-blind model of the same depth (dashed; each window of 8 "
                    "tokens' Magnus series truncated at c(k), at the task's step 1, where the series is outside its "
                    "radius: an expressivity statement, not a fit). Predicting zero scores 1/3. Token map: %s%s.\n\n"
                    "| arch | depth | mean MSE | MSE at T | ideal mean MSE |\n|---|---|---|---|---|\n"
                    % (rmap, " (the paper's released code: not a homomorphism, 30 distinct rotations for 60 tokens)"
                       if rmap == "paper" else " (a homomorphism: R(gh) = R(g) R(h))"))
            for m in (fig3 or {}).get("models", []):
                arch = os.path.basename(m["model"]).split("-", 1)[1].rsplit("-", 1)[0]
                ideal = m["ideal"]["mean_mse"] if m.get("ideal") else None
                f.write("| %s | %d | %.4f | %.4f | %s |\n" % (arch, m["layers"], m["mean_mse"], m["mse"][-1],
                                                            "%.4f" % ideal if ideal is not None else "-"))
            for arch, k, _ in failed3:
                f.write("| %s | %d | failed | failed | - |\n" % (arch, k))
            f.write("\n")
        f.write("Every command is in commands.txt; the checkpoints and logs are in runs/.\n")


if __name__ == "__main__":
    main()
