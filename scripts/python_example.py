#!/usr/bin/python3
"""lietool from Python, notebook-style: each cell below runs on its own.

Run from the source tree after `make python`:

    PYTHONPATH=python /usr/bin/python3 scripts/python_example.py

(or after `pip install ./python`, from anywhere). Needs NumPy.
"""
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
import numpy as np  # noqa: E402

import lietool  # noqa: E402

# %% Before training: does a 4-layer stack of signed diagonal SSMs track A4 x C3 exactly?
v = lietool.plan("A4 x C3", arch="diag-signed", layers=4)
print("A4 x C3, 4 diag-signed layers: exact at every length:", v.exact_at_every_length)
for c in v.claims:
    print("  -", c.claim, "[%s]" % c.source)

# %% Which families and depths do it for the dihedral group of order 8?
for arch, k in (("abelian", 2), ("diag-signed", 1), ("householder-1", 2)):
    print("D8, %d %s layers:" % (k, arch), lietool.plan("D8", arch=arch, layers=k).exact_at_every_length)

# %% With a length: how many abelian layers (Proposition 3.7) for words up to 1000 tokens?
v = lietool.plan("S3", arch="abelian", layers=2, length=1000)
print("S3, 2 abelian layers, length 1000: suffices:", v.suffices_up_to_length,
      "log-depth layers:", v.log_depth_layers, "width:", v.width)

# %% The algebra: derived series and derived length (None: not solvable)
for g in ("S3", "S4", "A5", "sl(2)", "b(3)"):
    print("%-6s derived series %s, derived length %s" % (g, lietool.derived_series(g), lietool.derived_length(g)))
print("S4's profile:", {k: v for k, v in lietool.info("S4").items() if k in ("order", "center_order", "exponent")})

# %% A group from permutations (cycle notation, as GAP writes them)
print("<(1,2,3,4), (1,2)>:", lietool.info(["(1,2,3,4)", "(1,2)"])["order"], "elements")

# %% A Lie algebra from matrices (exact entries): sl(2) from e, f, h
e, f, h = np.array([[0, 1], [0, 0]]), np.array([[0, 0], [1, 0]]), np.array([[1, 0], [0, -1]])
print("<e, f, h>: dimension", lietool.info([e, f, h])["dimension"], "semisimple", lietool.info([e, f, h])["semisimple"])

# %% The Baker-Campbell-Hausdorff series to degree 4, with exact Fractions
for bracket, coeff in lietool.bch(4):
    print("  %6s  %s" % (coeff, bracket))

# %% The Magnus expansion of a word (a acts first) to order 3, and the Lie algebra two matrices generate
for bracket, coeff in lietool.magnus("abac", 3):
    print("  %6s  %s" % (coeff, bracket))
basis = lietool.closure([e, f])       # NumPy arrays of Fractions; .astype(float) for floating point
print("<e, f>: a basis of %d matrices; Killing form" % len(basis), lietool.killing([e, f]).tolist())

# %% A word-problem dataset as NumPy arrays: 1000 words of length 16 over S3
inputs, targets = lietool.dataset("S3", length=16, samples=1000, seed=0)
print("inputs", inputs.shape, inputs.dtype, "targets", targets.shape)
print("first word:", inputs[0].tolist(), "-> prefix products", targets[0].tolist())
# the last target is the product of the whole word: its distribution over the 6 elements
print("final-state counts:", np.bincount(targets[:, -1], minlength=6).tolist())

# %% Errors are exceptions with lietool's message and exit status
try:
    lietool.info("S30", max_order=10**20)
except lietool.LimitExceeded as e:
    print("LimitExceeded (status %d): %s" % (e.status, e))

# %% In a training loop (needs torch): a model's metrics and verdict, no checkpoint written
try:
    import torch  # noqa: F401
except ImportError:
    torch = None
if torch is not None:
    import lietool.hook
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import train_wordproblem
    cfg = {"model_type": "lietool-diag", "vocab_size": 6, "n_classes": 6, "d_model": 16, "d_state": 8,
           "n_layers": 2, "d_mlp": 32, "eigenvalues": "signed", "norm_eps": 1e-5}
    torch.manual_seed(0)
    model = train_wordproblem.DiagModel(cfg)        # untrained: accuracy near chance
    m = lietool.hook.evaluate(model, "S3", length=16, samples=200, config=cfg)
    print("untrained diag model on S3: token accuracy %.3f, verdict exact: %s"
          % (m["token_accuracy"], m["verdict"].exact_at_every_length))
