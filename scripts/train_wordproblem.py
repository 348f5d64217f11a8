#!/usr/bin/python3
"""Trains a word-problem model (lietool-diag or Mamba-1) on a CSV from
`lietool dataset generate` and writes a Hugging Face style directory that
`lietool ssm eval` reads:

  OUT/config.json         the architecture (lietool-formats(5), TRAINED MODELS)
  OUT/model.safetensors   the weights, written by hand (F32, or --dtype BF16/F16)
  OUT/predictions.csv     seed,input,target,prediction on the evaluation set
  OUT/fixture.txt         with --fixture K: the raw outputs on the first K
                          evaluation words, for the C forward-pass tests

Only Debian's python3-torch is needed (CPU). Mamba follows Gu and Dao (2023)
in the Hugging Face MambaMixer layout, with a sequential selective scan; the
signed variant (--signed) uses the transition 2 exp(dt A) - 1 of Grazzi et
al. (ICLR 2025), whose eigenvalues lie in [-1, 1].

  lietool dataset generate S3 --length 16 --samples 2000 --seed 1 > s3.csv
  /usr/bin/python3 scripts/train_wordproblem.py --data s3.csv --arch diag \\
      --eigenvalues signed --layers 2 --out models/s3-diag
  lietool ssm eval models/s3-diag --group S3 --data s3.csv
"""
import argparse
import json
import math
import os
import struct
import sys

import torch
import torch.nn as nn
import torch.nn.functional as F


def read_csv(path):
    rows = []
    with open(path) as f:
        header = f.readline().strip()
        if header != "seed,input,target":
            sys.exit("%s: header is %r, not seed,input,target" % (path, header))
        for line in f:
            line = line.strip()
            if not line:
                continue
            seed, inp, tgt = line.split(",")
            rows.append((seed, [int(x) for x in inp.split()], [int(x) for x in tgt.split()]))
    return rows


class RMSNorm(nn.Module):
    def __init__(self, d, eps):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(d))
        self.eps = eps

    def forward(self, x):
        return self.weight * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + self.eps))


class MLP(nn.Module):
    def __init__(self, d, m):
        super().__init__()
        self.fc1 = nn.Linear(d, m)
        self.fc2 = nn.Linear(m, d)

    def forward(self, x):
        return self.fc2(F.gelu(self.fc1(x)))


class DiagLayer(nn.Module):
    """h_t = a(u_t) h_(t-1) + b(u_t), u_t = RMSNorm(x_t); x_t += out_proj(h_t);
    then x_t += MLP(RMSNorm(x_t))."""

    def __init__(self, c):
        super().__init__()
        D, N, self.eig = c["d_model"], c["d_state"], c["eigenvalues"]
        SN = 2 * N if self.eig == "complex" else N
        self.norm = RMSNorm(D, c["norm_eps"])
        self.a_proj = nn.Linear(D, N)
        if self.eig == "complex":
            self.theta_proj = nn.Linear(D, N)
        self.b_proj = nn.Linear(D, SN)
        self.out_proj = nn.Linear(SN, D)
        self.N = N
        if c["d_mlp"] > 0:
            self.mlp_norm = RMSNorm(D, c["norm_eps"])
            self.mlp = MLP(D, c["d_mlp"])
        else:
            self.mlp = None

    def forward(self, x):
        u = self.norm(x)
        za, b = self.a_proj(u), self.b_proj(u)
        T, N = x.shape[1], self.N
        hs = []
        if self.eig == "complex":
            r, th = torch.sigmoid(za), self.theta_proj(u)
            ar, ai = r * torch.cos(th), r * torch.sin(th)
            hr = torch.zeros_like(za[:, 0])
            hi = torch.zeros_like(za[:, 0])
            for t in range(T):
                hr, hi = (ar[:, t] * hr - ai[:, t] * hi + b[:, t, :N],
                          ar[:, t] * hi + ai[:, t] * hr + b[:, t, N:])
                hs.append(torch.cat([hr, hi], -1))
        else:
            a = torch.sigmoid(za)
            if self.eig == "signed":
                a = 2 * a - 1
            h = torch.zeros_like(za[:, 0])
            for t in range(T):
                h = a[:, t] * h + b[:, t]
                hs.append(h)
        x = x + self.out_proj(torch.stack(hs, 1))
        if self.mlp is not None:
            x = x + self.mlp(self.mlp_norm(x))
        return x


class DiagModel(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.embed = nn.Embedding(c["vocab_size"], c["d_model"])
        self.layers = nn.ModuleList([DiagLayer(c) for _ in range(c["n_layers"])])
        self.norm_f = RMSNorm(c["d_model"], c["norm_eps"])
        self.head = nn.Linear(c["d_model"], c["n_classes"])

    def forward(self, tokens):
        x = self.embed(tokens)
        for layer in self.layers:
            x = layer(x)
        return self.head(self.norm_f(x))


class MambaMixer(nn.Module):
    def __init__(self, c):
        super().__init__()
        D, N, I, R, K = c["hidden_size"], c["state_size"], c["intermediate_size"], c["time_step_rank"], c["conv_kernel"]
        self.N, self.I, self.R, self.signed = N, I, R, c["signed_eigenvalues"]
        self.in_proj = nn.Linear(D, 2 * I, bias=c["use_bias"])
        self.conv1d = nn.Conv1d(I, I, K, groups=I, padding=K - 1, bias=c["use_conv_bias"])
        self.x_proj = nn.Linear(I, R + 2 * N, bias=False)
        self.dt_proj = nn.Linear(R, I, bias=True)
        self.A_log = nn.Parameter(torch.log(torch.arange(1, N + 1, dtype=torch.float32)).repeat(I, 1))
        self.D = nn.Parameter(torch.ones(I))
        self.out_proj = nn.Linear(I, D, bias=c["use_bias"])
        dt = torch.exp(torch.rand(I) * (math.log(0.1) - math.log(0.001)) + math.log(0.001)).clamp(min=1e-4)
        with torch.no_grad():
            self.dt_proj.bias.copy_(dt + torch.log(-torch.expm1(-dt)))

    def forward(self, u):
        T = u.shape[1]
        x, z = self.in_proj(u).chunk(2, -1)
        x = F.silu(self.conv1d(x.transpose(1, 2))[..., :T]).transpose(1, 2)
        dt, B, C = torch.split(self.x_proj(x), [self.R, self.N, self.N], -1)
        dt = F.softplus(self.dt_proj(dt))
        dA = torch.exp(dt[..., None] * -torch.exp(self.A_log))      # (b, T, I, N)
        if self.signed:
            dA = 2 * dA - 1
        dBx = (dt * x)[..., None] * B[:, :, None, :]
        h = torch.zeros_like(dA[:, 0])
        ys = []
        for t in range(T):
            h = dA[:, t] * h + dBx[:, t]
            ys.append((h * C[:, t, None, :]).sum(-1))
        y = (torch.stack(ys, 1) + x * self.D) * F.silu(z)
        return self.out_proj(y)


class MambaBlock(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.norm = RMSNorm(c["hidden_size"], c["layer_norm_epsilon"])
        self.mixer = MambaMixer(c)

    def forward(self, x):
        return x + self.mixer(self.norm(x))


class Backbone(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.embeddings = nn.Embedding(c["vocab_size"], c["hidden_size"])
        self.layers = nn.ModuleList([MambaBlock(c) for _ in range(c["num_hidden_layers"])])
        self.norm_f = RMSNorm(c["hidden_size"], c["layer_norm_epsilon"])


class MambaModel(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.backbone = Backbone(c)
        self.lm_head = nn.Linear(c["hidden_size"], c["n_classes"], bias=False)

    def forward(self, tokens):
        x = self.backbone.embeddings(tokens)
        for layer in self.backbone.layers:
            x = layer(x)
        return self.lm_head(self.backbone.norm_f(x))


def write_safetensors(path, tensors, dtype="F32", metadata=None):
    """The format by hand: 8-byte little-endian header length, JSON header
    (padded with spaces to a multiple of 8), raw little-endian data."""
    header, blobs, off = {}, [], 0
    for name in sorted(tensors):
        t = tensors[name].detach().contiguous().to(torch.float32).flatten()
        if dtype == "F32":
            blob = struct.pack("<%df" % t.numel(), *t.tolist())
        else:
            half = torch.bfloat16 if dtype == "BF16" else torch.float16
            blob = struct.pack("<%dh" % t.numel(), *t.to(half).view(torch.int16).tolist())
        header[name] = {"dtype": dtype, "shape": list(tensors[name].shape), "data_offsets": [off, off + len(blob)]}
        blobs.append(blob)
        off += len(blob)
    if metadata:
        header["__metadata__"] = metadata
    h = json.dumps(header, separators=(",", ":")).encode()
    h += b" " * (-len(h) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(h)))
        f.write(h)
        for b in blobs:
            f.write(b)


def config_for(args, vocab, classes):
    if args.arch == "diag":
        return {"model_type": "lietool-diag", "vocab_size": vocab, "n_classes": classes,
                "d_model": args.d_model, "d_state": args.d_state, "n_layers": args.layers,
                "d_mlp": args.d_mlp, "eigenvalues": args.eigenvalues, "norm_eps": 1e-5}
    return {"model_type": "mamba", "architectures": ["MambaForCausalLM"], "vocab_size": vocab,
            "n_classes": classes, "hidden_size": args.d_model, "state_size": args.d_state,
            "num_hidden_layers": args.layers, "expand": 2, "intermediate_size": 2 * args.d_model,
            "conv_kernel": 4, "time_step_rank": max(1, math.ceil(args.d_model / 16)),
            "layer_norm_epsilon": 1e-5, "use_bias": False, "use_conv_bias": True,
            "hidden_act": "silu", "tie_word_embeddings": False,
            "signed_eigenvalues": args.eigenvalues == "signed"}


def write_fixture(path, model, tokens):
    with torch.no_grad():
        logits = model(tokens)
    n, T, C = logits.shape
    with open(path, "w") as f:
        f.write("%d %d %d\n" % (n, T, C))
        for i in range(n):
            f.write(" ".join(str(int(x)) for x in tokens[i]) + "\n")
            for t in range(T):
                f.write(" ".join("%.9g" % float(v) for v in logits[i, t]) + "\n")


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--data", required=True, help="training CSV (seed,input,target)")
    p.add_argument("--eval", help="evaluation CSV (default: the training CSV)")
    p.add_argument("--out", required=True, help="output directory")
    p.add_argument("--arch", choices=["diag", "mamba"], default="diag")
    p.add_argument("--eigenvalues", choices=["positive", "signed", "complex"], default="positive",
                   help="diag: the range of a(x); mamba: signed = Grazzi et al.'s 2 exp(dt A) - 1")
    p.add_argument("--signed", action="store_true", help="same as --eigenvalues signed")
    p.add_argument("--layers", type=int, default=2)
    p.add_argument("--d-model", type=int, default=32)
    p.add_argument("--d-state", type=int, default=16)
    p.add_argument("--d-mlp", type=int, default=64)
    p.add_argument("--n-classes", type=int, help="default: largest index in the data + 1")
    p.add_argument("--steps", type=int, default=2000)
    p.add_argument("--batch", type=int, default=64)
    p.add_argument("--lr", type=float, default=3e-3)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--dtype", choices=["F32", "BF16", "F16"], default="F32")
    p.add_argument("--fixture", type=int, default=0, metavar="K",
                   help="write fixture.txt: raw outputs on the first K evaluation words")
    p.add_argument("--bf16-copy", metavar="DIR",
                   help="also write a BF16 copy there, with fixture.txt computed from the rounded weights")
    args = p.parse_args()
    if args.signed:
        args.eigenvalues = "signed"
    if args.arch == "mamba" and args.eigenvalues == "complex":
        sys.exit("--eigenvalues complex is for --arch diag")
    torch.manual_seed(args.seed)
    torch.set_num_threads(args.threads)

    train = read_csv(args.data)
    evalset = read_csv(args.eval) if args.eval else train
    top = max(max(max(r[1]), max(r[2])) for r in train + evalset)
    vocab = top + 1
    classes = args.n_classes or top + 1
    cfg = config_for(args, vocab, classes)
    model = DiagModel(cfg) if args.arch == "diag" else MambaModel(cfg)

    X = torch.tensor([r[1] for r in train])
    Y = torch.tensor([r[2] for r in train])
    opt = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=0.01)
    sched = torch.optim.lr_scheduler.OneCycleLR(opt, max_lr=args.lr, total_steps=args.steps, pct_start=0.1)
    g = torch.Generator().manual_seed(args.seed)
    for step in range(args.steps):
        idx = torch.randint(0, len(train), (args.batch,), generator=g)
        logits = model(X[idx])
        loss = F.cross_entropy(logits.reshape(-1, classes), Y[idx].reshape(-1))
        opt.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        sched.step()
        if step % 200 == 0 or step == args.steps - 1:
            print("step %d loss %.4f" % (step, loss.item()), file=sys.stderr)

    model.eval()
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "config.json"), "w") as f:
        json.dump(cfg, f, indent=2)
        f.write("\n")
    write_safetensors(os.path.join(args.out, "model.safetensors"), model.state_dict(), args.dtype,
                      {"format": "pt", "trained_by": "lietool scripts/train_wordproblem.py"})
    if args.dtype != "F32":     # predictions from the weights as saved
        half = torch.bfloat16 if args.dtype == "BF16" else torch.float16
        with torch.no_grad():
            for prm in model.parameters():
                prm.copy_(prm.to(half).to(torch.float32))

    EX = torch.tensor([r[1] for r in evalset])
    EY = torch.tensor([r[2] for r in evalset])
    with torch.no_grad():
        pred = torch.cat([model(EX[i:i + 256]).argmax(-1) for i in range(0, len(evalset), 256)])
    with open(os.path.join(args.out, "predictions.csv"), "w") as f:
        f.write("seed,input,target,prediction\n")
        for (seed, inp, tgt), pr in zip(evalset, pred.tolist()):
            f.write("%s,%s,%s,%s\n" % (seed, " ".join(map(str, inp)), " ".join(map(str, tgt)), " ".join(map(str, pr))))
    correct = (pred == EY)
    print("evaluation: %d words, token accuracy %.4f, sequence accuracy %.4f"
          % (len(evalset), correct.float().mean().item(), correct.all(-1).float().mean().item()))
    if args.fixture:
        write_fixture(os.path.join(args.out, "fixture.txt"), model, EX[:args.fixture])
    if args.bf16_copy:
        os.makedirs(args.bf16_copy, exist_ok=True)
        with open(os.path.join(args.bf16_copy, "config.json"), "w") as f:
            json.dump(cfg, f, indent=2)
            f.write("\n")
        write_safetensors(os.path.join(args.bf16_copy, "model.safetensors"), model.state_dict(), "BF16")
        with torch.no_grad():
            for prm in model.parameters():
                prm.copy_(prm.to(torch.bfloat16).to(torch.float32))
        if args.fixture:
            write_fixture(os.path.join(args.bf16_copy, "fixture.txt"), model, EX[:args.fixture])


if __name__ == "__main__":
    main()
