#!/usr/bin/python3
"""Checkpoints of the model zoo written the way flash-linear-attention (FLA)
and transformers write them, and a float64 NumPy forward pass that is not
lietool's, for tests/check-zoo.sh. One module per architecture in
scripts/zoo/ (see its __init__.py).

  make DIR --arch MODEL_TYPE [--format safetensors|sharded|torch|sharded-torch]
       [--prefix P] [--dtype float32|bfloat16|float16] [--seed S]
       [--vocab V] [--layers L] [architecture options]
      a tiny random model: config.json as the library's config class
      writes it (model_type MODEL_TYPE, with lietool's key n_classes when
      the head is narrower than the vocabulary) and the weights in the
      format (scripts/ckpt_reference.py's writers).
  compare DIR LOGITS [--bos ID] [--offset N] [--compute f32|bf16|f16]
          [--tol X] [--ulps U] [--mean-ulps M] [--agree S]
      reads the words of `lietool ssm eval --logits LOGITS` and runs them
      through a forward pass that is not lietool's.
      f32: the module's float64 forward pass; exit 1 when a logit differs
      by more than --tol (1e-5; weights stored in bf16/f16 are read
      exactly, the arithmetic stays float64).
      bf16, f16: the module's forward_reduced, torch's CPU forward pass of
      the model cast to that type; the bounds are those of
      scripts/ckpt_reference.py compare (in ulps of that type).

  norms DIR WORDS [--offset N]
      the first layer's generator norms (lietool error-bound --model) of
      an architecture whose module defines norms(cfg, sd, tokens) (per
      position): per element of the dataset CSV WORDS the largest over the
      positions reading it; prints "eps SUM largest MAX elements N".

Needs python3-torch (for torch.save) and python3-numpy.
"""
import argparse
import importlib
import json
import os
import pkgutil
import sys
from collections import OrderedDict

import numpy as np
import torch

import ckpt_reference as C
import zoo

MODULES = {}
for _m in pkgutil.iter_modules(zoo.__path__):
    mod = importlib.import_module("zoo." + _m.name)
    for t in mod.MODEL_TYPES:
        MODULES[t] = mod

DTYPES = {"float32": torch.float32, "bfloat16": torch.bfloat16, "float16": torch.float16}


def make(a):
    g = torch.Generator().manual_seed(a.seed)

    def rn(*s, scale=0.3):
        return torch.randn(*s, generator=g, dtype=torch.float64).mul(scale).float()

    cfg, sd = MODULES[a.arch].make(a, rn)
    # The head at a quarter of the module's scale: the logits stay of order
    # one, and the f32 round-off of lietool's pass (about 1e-7 relative per
    # operation, grown through the layers) stays well under --tol on every
    # BLAS kernel, where at full scale it came within 10% of 1e-5.
    head = "lm_head.weight" if "lm_head.weight" in sd else MODULES[a.arch].EMBEDDING
    sd[head] = sd[head] * 0.25
    cfg["torch_dtype"] = a.dtype
    sd = OrderedDict((a.prefix + k, v.to(DTYPES[a.dtype])) for k, v in sd.items())
    C.save(a.dir, cfg, sd, a.format)


def load(dirname, as_stored=False):
    """config.json and the state dict as float64 NumPy arrays (as_stored:
    torch tensors in the dtype the file holds), the prefix in front of the
    embedding's name taken off."""
    with open(os.path.join(dirname, "config.json")) as f:
        cfg = json.load(f)
    sd = {}
    for fn in sorted(os.listdir(dirname)):
        p = os.path.join(dirname, fn)
        if fn.endswith(".safetensors"):
            sd.update(C.read_safetensors(p))
        elif fn.endswith(".bin"):
            sd.update(torch.load(p, map_location="cpu"))
    mod = MODULES[cfg["model_type"]]
    emb = mod.EMBEDDING
    prefix = next(k[: -len(emb)] for k in sd if k.endswith(emb))
    sd = {k[len(prefix):]: v if as_stored else v.double().numpy() for k, v in sd.items() if k.startswith(prefix)}
    return cfg, sd, mod


def compare(a):
    reduced = a.compute != "f32"
    cfg, sd, mod = load(a.dir, as_stored=reduced)
    if reduced and not hasattr(mod, "forward_reduced"):
        print(f"{cfg['model_type']}: no {a.compute} reference in scripts/zoo/")
        return 2
    classes, words = C.read_logits(a.logits)
    out = []
    for inp, got in words:
        toks = ([a.bos] if a.bos is not None else []) + [e + a.offset for e in inp]
        if reduced:
            want = mod.forward_reduced(cfg, sd, toks, C.REDUCED[a.compute])
        else:
            want = torch.from_numpy(mod.forward(cfg, sd, toks))
        if want.shape[1] != classes:
            print(f"classes: lietool {classes}, reference {want.shape[1]}")
            return 1
        out.append((want[1:] if a.bos is not None else want, got))
    return C.report(out, a)


def norms(a):
    import csv
    cfg, sd, mod = load(a.dir)
    best = {}
    with open(a.words) as f:
        rows = list(csv.reader(f))[1:]
    for row in rows:
        inp = [int(v) for v in row[1].split()]
        for e, v in zip(inp, mod.norms(cfg, sd, [e + a.offset for e in inp])):
            best[e] = max(best.get(e, 0.0), float(v))
    vals = [best[e] for e in sorted(best)]
    print(f"eps {sum(vals):.17g} largest {max(vals):.17g} elements {len(vals)}")
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("make")
    m.add_argument("dir")
    m.add_argument("--arch", choices=sorted(MODULES), required=True)
    m.add_argument("--format", choices=C.FORMATS, default="safetensors")
    m.add_argument("--prefix", default="")
    m.add_argument("--dtype", choices=sorted(DTYPES), default="float32")
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--vocab", type=int, default=11)
    m.add_argument("--layers", type=int, default=2)
    for mod in dict.fromkeys(MODULES.values()):
        mod.add_args(m)
    c = sub.add_parser("compare")
    C.add_compare_args(c, ["f32", "bf16", "f16"])
    n = sub.add_parser("norms")
    n.add_argument("dir")
    n.add_argument("words")
    n.add_argument("--offset", type=int, default=0)
    run = lambda a: C.dispatch(a, make, compare, norms)
    if sys.argv[1:] == ["batch"]:
        return C.batch(ap, run)
    return run(ap.parse_args())


if __name__ == "__main__":
    sys.exit(main())
