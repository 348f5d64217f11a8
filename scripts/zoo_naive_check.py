#!/usr/bin/python3
"""Checks the recurrences of scripts/zoo (the float64 NumPy references that
tests/check-zoo.sh compares lietool's forward passes with) against the
naive PyTorch recurrences of the libraries themselves, on random inputs.
An optional check: it needs a checkout of the library and never downloads
it; `make check` does not run it.

  /usr/bin/python3 scripts/zoo_naive_check.py --fla PATH     (or FLA_SRC=PATH)

PATH is a checkout (or `git archive` export) of
fla-org/flash-linear-attention: the directory holding fla/. Each file is
loaded alone by its path (importlib), not the package, so neither triton
nor the package's other requirements are needed; einops, which
fla/ops/delta_rule/naive.py and fla/ops/gated_delta_rule/naive.py import
for their chunked forms only, is replaced by a stub that refuses to run
when it is missing. The pairs checked:

  fla/ops/gla/naive.py                 naive_recurrent_gla         zoo/gla.py recurrence
  fla/ops/delta_rule/naive.py          delta_rule_recurrence       zoo/deltaproduct.py recurrence (N = 1, no gate)
  fla/ops/gated_delta_rule/naive.py    naive_recurrent_gated_delta_rule   (N = 1, gate)
  fla/ops/gated_delta_product/naive.py naive_recurrent_gated_delta_product (N = 2, 3, gate)

Each runs twice: as the library wrote it (it casts its inputs to float32
with .float(): tolerance 1e-5 relative to the largest output), and with
torch.Tensor.float made to return float64 for the call, so that the same
code computes in float64 (tolerance 1e-12 relative; 1e-6 where the
function keeps a float32 of its own: gated_delta_product's output buffer,
gated_delta_rule's .to(torch.float32) of its inputs). Prints each maximum
difference; exit status 1 when one is above its tolerance, 2 when the
library cannot be found.

transformers' Mamba2Mixer.torch_forward (the reference of zoo/mamba2.py)
is a method of the full module, whose relative imports need the
transformers package: it is not checked here.
"""
import argparse
import contextlib
import importlib.util
import os
import sys
import types

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from zoo import deltaproduct as zdp  # noqa: E402
from zoo import gla as zgla  # noqa: E402


def load(root, rel):
    """the module at root/rel, alone"""
    path = os.path.join(root, rel)
    if not os.path.isfile(path):
        return None
    if "einops" not in sys.modules and importlib.util.find_spec("einops") is None:
        stub = types.ModuleType("einops")

        def rearrange(*a, **k):
            raise NotImplementedError("einops is not installed (zoo_naive_check.py's stub)")
        stub.rearrange = rearrange
        sys.modules["einops"] = stub
    spec = importlib.util.spec_from_file_location("naive_" + rel.replace("/", "_")[:-3], path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


@contextlib.contextmanager
def float64_mode(on):
    """torch.Tensor.float returning float64 (the library's code in float64)"""
    old = torch.Tensor.float
    if on:
        torch.Tensor.float = lambda self, *a, **k: self.double()
    try:
        yield
    finally:
        torch.Tensor.float = old


def inputs(rng, T, N, H, dk, dv):
    """q and the keys l2-normalised, as FLA's layers pass them; beta in (0, 2)"""
    def l2n(x):
        return x / np.sqrt((x * x).sum(-1, keepdims=True) + 1e-6)
    q = l2n(rng.standard_normal((T, H, dk)))
    k = l2n(rng.standard_normal((T, N, H, dk)))
    v = rng.standard_normal((T, N, H, dv))
    beta = 2 / (1 + np.exp(-rng.standard_normal((T, N, H))))
    g = -np.logaddexp(0.0, rng.standard_normal((T, H)))
    return q, k, v, beta, g


def t64(x):
    return torch.tensor(x, dtype=torch.float64)


def cases(root, rng):
    """(name, ours, a function of nothing giving the library's o (T, H, d_v),
    whether .float() is the only float32 in the library's function: else
    float64 mode keeps a float32 buffer or cast and gets 1e-6)"""
    out = []
    T, H, dk, dv = 48, 2, 8, 16
    m = load(root, "fla/ops/gla/naive.py")
    if m:
        q, k = rng.standard_normal((T, H, dk)), rng.standard_normal((T, H, dk))
        v = rng.standard_normal((T, H, dv))
        gk = -np.logaddexp(0.0, -rng.standard_normal((T, H, dk)) - 2) / 16
        out.append(("gla naive_recurrent_gla", zgla.recurrence(q, k, v, gk),
                    lambda m=m, q=q, k=k, v=v, gk=gk: m.naive_recurrent_gla(t64(q)[None], t64(k)[None], t64(v)[None], t64(gk)[None])[0][0], True))
    m = load(root, "fla/ops/delta_rule/naive.py")
    if m:
        q, k, v, beta, _ = inputs(rng, T, 1, H, dk, dv)
        out.append(("delta_rule delta_rule_recurrence", zdp.recurrence(q, k, v, beta),
                    lambda m=m, q=q, k=k, v=v, beta=beta: m.delta_rule_recurrence(t64(q).transpose(0, 1)[None], t64(k[:, 0]).transpose(0, 1)[None],
                                                    t64(v[:, 0]).transpose(0, 1)[None],
                                                    t64(beta[:, 0]).transpose(0, 1)[None])[0][0].transpose(0, 1), True))
    m = load(root, "fla/ops/gated_delta_rule/naive.py")
    if m:
        q, k, v, beta, g = inputs(rng, T, 1, H, dk, dv)
        out.append(("gated_delta_rule naive_recurrent_gated_delta_rule", zdp.recurrence(q, k, v, beta, g),
                    lambda m=m, q=q, k=k, v=v, beta=beta, g=g: m.naive_recurrent_gated_delta_rule(t64(q)[None], t64(k[:, 0])[None], t64(v[:, 0])[None],
                                                               t64(beta[:, 0])[None], t64(g)[None], dk ** -0.5)[0][0],
                    False))     # .to(torch.float32) of every input
    m = load(root, "fla/ops/gated_delta_product/naive.py")
    if m:
        for N in (2, 3):
            q, k, v, beta, g = inputs(rng, T, N, H, dk, dv)
            # the naive form reads q as it comes (its scale argument is
            # unused): q scaled here as the layer's kernels scale it
            out.append(("gated_delta_product naive_recurrent_gated_delta_product N=%d" % N,
                        zdp.recurrence(q, k, v, beta, g),
                        lambda m=m, N=N, q=q, k=k, v=v, beta=beta, g=g: m.naive_recurrent_gated_delta_product(
                            t64(q * dk ** -0.5)[None], t64(k.reshape(T * N, H, dk))[None],
                            t64(v.reshape(T * N, H, dv))[None], t64(g)[None], t64(beta.reshape(T * N, H))[None],
                            dk ** -0.5, None, num_householder=N)[0][0],
                        False))     # o is a float32 buffer
    return out


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--fla", default=os.environ.get("FLA_SRC"),
                   help="a checkout of fla-org/flash-linear-attention (default $FLA_SRC)")
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    if not a.fla or not os.path.isdir(os.path.join(a.fla, "fla", "ops")):
        print("zoo_naive_check: give a checkout of flash-linear-attention (--fla PATH or FLA_SRC); %s has no fla/ops"
              % a.fla, file=sys.stderr)
        return 2
    rng = np.random.default_rng(a.seed)
    bad = 0
    todo = cases(a.fla, rng)
    if not todo:
        print("zoo_naive_check: no naive recurrence found under %s/fla/ops" % a.fla, file=sys.stderr)
        return 2
    for name, ours, lib, f64_ok in todo:
        scale = np.abs(ours).max()
        for f64 in (False, True):
            with torch.no_grad(), float64_mode(f64):
                o = lib()
            tol = (1e-12 if f64_ok else 1e-6) if f64 else 1e-5
            d = np.abs(o.double().numpy() - ours).max() / scale
            bad += d > tol
            print("%-58s %s: max |lib - zoo| / max |o| = %.2e (tolerance %.0e)%s"
                  % (name, "float64" if f64 else "float32", d, tol,
                     "  FAILED" if d > tol else ""))
    print("zoo_naive_check: %d checked, %d failed" % (2 * len(todo), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
