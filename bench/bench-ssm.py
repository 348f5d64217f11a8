#!/usr/bin/python3
"""The PyTorch side of bench/bench-ssm.sh: loads a model directory written
by scripts/train_wordproblem.py (reading model.safetensors by hand), runs
its forward pass on every word of a CSV in batches, on one thread, and
prints the tokens per second (forward pass only, best of 3)."""
import json
import os
import struct
import sys
import time

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "scripts"))
import train_wordproblem as tw  # noqa: E402


def read_safetensors(path):
    with open(path, "rb") as f:
        buf = f.read()
    n = struct.unpack("<Q", buf[:8])[0]
    header = json.loads(buf[8:8 + n])
    data = buf[8 + n:]
    out = {}
    for name, t in header.items():
        if name == "__metadata__":
            continue
        b, e = t["data_offsets"]
        if t["dtype"] == "F32":
            x = torch.tensor(struct.unpack("<%df" % ((e - b) // 4), data[b:e]))
        else:
            x = torch.tensor(struct.unpack("<%dh" % ((e - b) // 2), data[b:e]), dtype=torch.int16)
            x = x.view(torch.bfloat16 if t["dtype"] == "BF16" else torch.float16).to(torch.float32)
        out[name] = x.reshape(t["shape"])
    return out


def main():
    d, csv = sys.argv[1], sys.argv[2]
    torch.set_num_threads(int(os.environ.get("BENCH_THREADS", "1")))
    cfg = json.load(open(os.path.join(d, "config.json")))
    model = {"lietool-diag": tw.DiagModel, "mamba": tw.MambaModel, "mamba2": tw.Mamba2Model,
             "transformer": tw.TransformerModel, "gla": tw.FLAModel, "gated_deltaproduct": tw.FLAModel,
             "delta_net": tw.FLAModel}[cfg["model_type"]](cfg)
    model.load_state_dict(read_safetensors(os.path.join(d, "model.safetensors")))
    model.eval()
    X = torch.tensor([r[1] for r in tw.read_csv(csv)])
    best = None
    with torch.no_grad():
        for _ in range(3):
            t0 = time.perf_counter()
            for i in range(0, len(X), 256):
                model(X[i:i + 256]).argmax(-1)
            dt = time.perf_counter() - t0
            best = dt if best is None or dt < best else best
    print("%.0f" % (X.numel() / best))


if __name__ == "__main__":
    main()
