#!/usr/bin/python3
"""Checks the recurrences of scripts/zoo (the float64 NumPy references that
tests/check-zoo.sh compares lietool's forward passes with) against the
naive PyTorch recurrences of the libraries themselves, on random inputs.
An optional check: it needs a checkout of the library and never downloads
it; `make check` does not run it.

  /usr/bin/python3 scripts/zoo_naive_check.py --fla PATH     (or FLA_SRC=PATH)
  /usr/bin/python3 scripts/zoo_naive_check.py --transformers PATH   (or TRANSFORMERS_SRC=PATH)

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

With --transformers PATH (or TRANSFORMERS_SRC), a checkout of
huggingface/transformers (the directory holding src/transformers), it also
runs Mamba2Mixer.torch_forward of src/transformers/models/mamba2/
modeling_mamba2.py (its chunked "ssd naive" scan; chunk_size 16 on 40
positions, so that padding and several chunks occur) next to
zoo/mamba2.py's mixer(), the whole mixer from in_proj to out_proj. The file
is loaded alone: its relative imports (the rest of transformers) get stub
modules, and the mixer is built without its __init__ (which looks for CUDA
kernels), its attributes set by hand. Tolerances: float32 1e-5, float64
mode 1e-6 (MambaRMSNormGated casts to float32 itself).
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


class _Stub:
    """whatever a stubbed module's lower-case name is: a decorator that
    returns what it decorates, a callable, an object with any attribute"""

    def __init__(self, *a, **k):
        pass

    def __call__(self, *a, **k):
        return a[0] if len(a) == 1 and not k and callable(a[0]) else _Stub()

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        return _Stub()


class _StubModule(types.ModuleType):
    """a stubbed module: CamelCase names are empty classes (bases, types
    in annotations), the others _Stub"""

    def __getattr__(self, name):
        if name.startswith("__"):
            raise AttributeError(name)
        v = type(name, (), {}) if name[:1].isupper() else _Stub()
        setattr(self, name, v)
        return v


class _StubFinder:
    """imports of _tfstub.* (the modeling file's relative imports) as stubs"""

    def find_spec(self, name, path=None, target=None):
        if name == "_tfstub" or name.startswith("_tfstub.") and not name.endswith(".modeling_mamba2"):
            return importlib.util.spec_from_loader(name, self, is_package=True)
        return None

    def create_module(self, spec):
        m = _StubModule(spec.name)
        m.__path__ = []
        return m

    def exec_module(self, module):
        pass


def load_mamba2(root):
    path = os.path.join(root, "src", "transformers", "models", "mamba2", "modeling_mamba2.py")
    if not os.path.isfile(path):
        return None
    sys.meta_path.insert(0, _StubFinder())
    name = "_tfstub.models.mamba2.modeling_mamba2"
    spec = importlib.util.spec_from_file_location(name, path)
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def mamba2_case(root, rng):
    """(name, ours, the library's o (T, D) as a function of float64 mode)"""
    m = load_mamba2(root)
    if m is None:
        return None
    from zoo import mamba2 as zm2
    D, N, G, H, P, K, T, chunk = 8, 4, 2, 4, 4, 4, 40, 16
    Di = H * P
    Cd = Di + 2 * G * N
    cfg = {"hidden_size": D, "state_size": N, "n_groups": G, "num_heads": H, "head_dim": P, "expand": Di // D,
           "layer_norm_epsilon": 1e-5, "use_bias": False, "use_conv_bias": True, "time_step_limit": [0.0, float("inf")]}
    p = "backbone.layers.0."
    sd = {p + "mixer.in_proj.weight": rng.standard_normal((Di + Cd + H, D)) * 0.5,
          p + "mixer.conv1d.weight": rng.standard_normal((Cd, 1, K)) * 0.5,
          p + "mixer.conv1d.bias": rng.standard_normal(Cd) * 0.1,
          p + "mixer.dt_bias": rng.standard_normal(H) * 0.5,
          p + "mixer.A_log": rng.standard_normal(H) * 0.5,
          p + "mixer.D": rng.standard_normal(H),
          p + "mixer.norm.weight": 1 + 0.1 * rng.standard_normal(Di),
          p + "mixer.out_proj.weight": rng.standard_normal((D, Di)) * 0.3}
    u = rng.standard_normal((T, D))
    ours = zm2.mixer(cfg, sd, p, u)

    def lib(f64):
        dt = torch.float64 if f64 else torch.float32
        x = m.Mamba2Mixer.__new__(m.Mamba2Mixer)
        torch.nn.Module.__init__(x)
        x.num_heads, x.hidden_size, x.ssm_state_size, x.conv_kernel_size = H, D, N, K
        x.intermediate_size, x.n_groups, x.head_dim, x.chunk_size, x.conv_dim = Di, G, P, chunk, Cd
        x.layer_idx, x.use_conv_bias, x.activation, x.act = 0, True, "silu", torch.nn.functional.silu
        x.time_step_limit, x.use_bias = (0.0, float("inf")), False
        x.in_proj = torch.nn.Linear(D, Di + Cd + H, bias=False)
        x.conv1d = torch.nn.Conv1d(Cd, Cd, K, groups=Cd, padding=K - 1, bias=True)
        x.norm = m.MambaRMSNormGated(Di, eps=1e-5)
        x.out_proj = torch.nn.Linear(Di, D, bias=False)
        for n in ("dt_bias", "A_log", "D"):
            setattr(x, n, torch.nn.Parameter(torch.tensor(sd[p + "mixer." + n])))
        x.in_proj.weight.data = torch.tensor(sd[p + "mixer.in_proj.weight"])
        x.conv1d.weight.data = torch.tensor(sd[p + "mixer.conv1d.weight"])
        x.conv1d.bias.data = torch.tensor(sd[p + "mixer.conv1d.bias"])
        x.norm.weight.data = torch.tensor(sd[p + "mixer.norm.weight"])
        x.out_proj.weight.data = torch.tensor(sd[p + "mixer.out_proj.weight"])
        x.to(dt)
        return m.Mamba2Mixer.torch_forward(x, torch.tensor(u, dtype=dt)[None])[0]
    return "transformers Mamba2Mixer.torch_forward", ours, lib


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--fla", default=os.environ.get("FLA_SRC"),
                   help="a checkout of fla-org/flash-linear-attention (default $FLA_SRC)")
    p.add_argument("--transformers", default=os.environ.get("TRANSFORMERS_SRC"),
                   help="a checkout of huggingface/transformers (default $TRANSFORMERS_SRC)")
    p.add_argument("--seed", type=int, default=1)
    a = p.parse_args()
    if not a.fla and not a.transformers:
        print("zoo_naive_check: give a checkout of flash-linear-attention (--fla PATH or FLA_SRC) "
              "and/or of transformers (--transformers PATH or TRANSFORMERS_SRC)", file=sys.stderr)
        return 2
    if a.fla and not os.path.isdir(os.path.join(a.fla, "fla", "ops")):
        print("zoo_naive_check: %s has no fla/ops" % a.fla, file=sys.stderr)
        return 2
    rng = np.random.default_rng(a.seed)
    bad = 0
    todo = cases(a.fla, rng) if a.fla else []
    if a.fla and not todo:
        print("zoo_naive_check: no naive recurrence found under %s/fla/ops" % a.fla, file=sys.stderr)
        return 2
    if a.transformers:
        c = mamba2_case(a.transformers, rng)
        if c is None:
            print("zoo_naive_check: %s has no src/transformers/models/mamba2/modeling_mamba2.py" % a.transformers,
                  file=sys.stderr)
            return 2
        ours = c[1]
        for f64 in (False, True):
            with torch.no_grad(), float64_mode(f64):
                o = c[2](f64)
            d = np.abs(o.double().numpy() - ours).max() / np.abs(ours).max()
            tol = 1e-6 if f64 else 1e-5
            bad += d > tol
            print("%-58s %s: max |lib - zoo| / max |o| = %.2e (tolerance %.0e)%s"
                  % (c[0], "float64" if f64 else "float32", d, tol, "  FAILED" if d > tol else ""))
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
    print("zoo_naive_check: %d checked, %d failed" % (2 * len(todo) + 2 * bool(a.transformers), bad))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
