#!/usr/bin/python3
"""Checkpoints written the way other tools write them, and a forward pass
that is not lietool's, for tests/check-checkpoints.sh.

  make DIR --layout hf|mamba_ssm --format safetensors|sharded|torch|sharded-torch
       [--prefix model.] [--vocab V] [--pad 8] [--tie yes|no|absent|null]
       [--head-differs] [--dtype float32|bfloat16] [--seed S] [--infinity]
       [--d-model 8] [--d-state 4] [--layers 2] [--residual-in-fp32 true|false]
      a tiny random Mamba-1 checkpoint: config.json as transformers'
      MambaConfig or mamba_ssm's MambaConfig writes it, the weights saved by
      torch.save (torch's zip format) or by the safetensors writer below
      (the published format: 8-byte little-endian header length, JSON
      header, raw little-endian data), optionally in two shards with
      model.safetensors.index.json / pytorch_model.bin.index.json.
  norms DIR WORDS [--offset N]
      the first layer's generator norms per group element over the words
      of WORDS (lietool dataset generate's CSV), float64: eps and the
      largest, for lietool error-bound --model.
  compare DIR LOGITS [--bos ID] [--offset N] [--compute f32|bf16]
          [--tol X] [--ulps U] [--mean-ulps M] [--agree S]
      reads the words of lietool ssm eval --logits LOGITS and runs them
      through a forward pass that is not lietool's.
      f32: the float64 forward pass below (the published formulas: Gu and
      Dao 2023, as transformers' MambaMixer slow path writes them); exit 1
      when a logit differs by more than --tol (1e-5).
      bf16: forward_bf16 below, which is what transformers computes on the
      CPU for MambaForCausalLM.from_pretrained(DIR).to(torch.bfloat16)
      (the whole word in one forward call), in either layout (a mamba_ssm checkpoint
      as transformers runs it once its names are converted): the model of
      src/transformers/models/mamba/modeling_mamba.py (huggingface/
      transformers, read at commit 00328d4e: MambaRMSNorm, MambaMixer.
      slow_forward, MambaBlock, MambaModel, MambaForCausalLM), op by op
      with torch's bf16 CPU ops; a bf16 op computes in f32 and rounds its
      result to bf16 once, a product sums in f32 and rounds once. Exit 1
      when a logit differs by more than --ulps (2) bf16 ulps of its
      position's largest logit, the mean difference in those units is
      above --mean-ulps (0.02), or fewer than --agree (0.995) of the
      argmax predictions agree.

Needs python3-torch (CPU); safetensors' Python package is not used.
"""
import argparse
import csv
import json
import math
import os
import struct
import sys
from collections import OrderedDict

import torch

ST_DTYPES = {torch.float32: "F32", torch.bfloat16: "BF16", torch.float16: "F16", torch.float64: "F64"}
ST_TORCH = {v: k for k, v in ST_DTYPES.items()}
FORMATS = ["safetensors", "sharded", "torch", "sharded-torch"]     # lietool-formats(5), CHECKPOINT FORMATS


def write_safetensors(path, tensors, metadata=None):
    header, blobs, off = {}, [], 0
    for name, t in tensors.items():
        t = t.contiguous()
        raw = t.view(torch.int16).numpy().tobytes() if t.dtype == torch.bfloat16 else t.numpy().tobytes()
        header[name] = {"dtype": ST_DTYPES[t.dtype], "shape": list(t.shape), "data_offsets": [off, off + len(raw)]}
        blobs.append(raw)
        off += len(raw)
    if metadata:
        header["__metadata__"] = metadata
    h = json.dumps(header, separators=(",", ":")).encode()
    h += b" " * (-len(h) % 8)
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(h)))
        f.write(h)
        for b in blobs:
            f.write(b)


def read_safetensors(path):
    with open(path, "rb") as f:
        buf = f.read()
    n = struct.unpack("<Q", buf[:8])[0]
    header = json.loads(buf[8:8 + n])
    out = {}
    for name, e in header.items():
        if name == "__metadata__":
            continue
        b, en = e["data_offsets"]
        raw = bytearray(buf[8 + n + b:8 + n + en])
        dt = ST_TORCH[e["dtype"]]
        if dt == torch.bfloat16:
            t = torch.frombuffer(raw, dtype=torch.int16).view(torch.bfloat16)
        else:
            t = torch.frombuffer(raw, dtype=dt)
        out[name] = t.reshape(e["shape"]).clone()
    return out


def mamba_ssm_config(d_model, n_layer, vocab, ssm_cfg, pad, tie):
    """config.json as mamba_ssm's MambaConfig writes it (no model_type)."""
    return {"d_model": d_model, "d_intermediate": 0, "n_layer": n_layer, "vocab_size": vocab,
            "ssm_cfg": ssm_cfg, "attn_layer_idx": [], "attn_cfg": {}, "rms_norm": True,
            "residual_in_fp32": True, "fused_add_norm": True, "pad_vocab_size_multiple": pad,
            "tie_embeddings": tie}


def make(a):
    g = torch.Generator().manual_seed(a.seed)
    D, N, L, K = a.d_model, a.d_state, a.layers, 4
    Di, R = 2 * D, math.ceil(D / 16)
    V = a.vocab
    rows = V if a.layout == "hf" else V + (-V % a.pad)

    def rn(*s, scale=0.3):
        return torch.randn(*s, generator=g, dtype=torch.float64).mul(scale).float()

    sd = OrderedDict()
    emb = "backbone.embeddings.weight" if a.layout == "hf" else "backbone.embedding.weight"
    sd[emb] = rn(rows, D, scale=1.0)
    for i in range(L):
        p = f"backbone.layers.{i}."
        sd[p + "norm.weight"] = 1 + rn(D, scale=0.1)
        sd[p + "mixer.in_proj.weight"] = rn(2 * Di, D)
        sd[p + "mixer.conv1d.weight"] = rn(Di, 1, K)
        sd[p + "mixer.conv1d.bias"] = rn(Di)
        sd[p + "mixer.x_proj.weight"] = rn(R + 2 * N, Di)
        sd[p + "mixer.dt_proj.weight"] = rn(Di, R)
        sd[p + "mixer.dt_proj.bias"] = rn(Di, scale=0.5) - 2.0
        sd[p + "mixer.A_log"] = torch.log(torch.arange(1, N + 1, dtype=torch.float32)).repeat(Di, 1) + rn(Di, N, scale=0.1)
        sd[p + "mixer.D"] = 1 + rn(Di, scale=0.1)
        sd[p + "mixer.out_proj.weight"] = rn(D, Di)
    sd["backbone.norm_f.weight"] = 1 + rn(D, scale=0.1)
    if a.tie == "no" or a.head_differs:
        sd["lm_head.weight"] = rn(rows, D, scale=1.0)
    elif a.layout == "mamba_ssm":
        sd["lm_head.weight"] = sd[emb]          # one parameter, saved under both names
    dtype = torch.bfloat16 if a.dtype == "bfloat16" else torch.float32
    sd = OrderedDict((k, v.to(dtype)) for k, v in sd.items())
    if a.layout == "mamba_ssm" and "lm_head.weight" in sd and a.tie != "no" and not a.head_differs:
        sd["lm_head.weight"] = sd[emb]
    sd = OrderedDict((a.prefix + k, v) for k, v in sd.items())

    if a.layout == "hf":
        cfg = {"model_type": "mamba", "architectures": ["MambaForCausalLM"], "vocab_size": V, "hidden_size": D,
               "state_size": N, "num_hidden_layers": L, "expand": 2, "conv_kernel": K, "use_bias": False,
               "use_conv_bias": True, "hidden_act": "silu", "layer_norm_epsilon": 1e-5, "time_step_rank": "auto",
               "intermediate_size": Di, "residual_in_fp32": True, "torch_dtype": a.dtype}
        if a.tie in ("yes", "no"):
            cfg["tie_word_embeddings"] = a.tie == "yes"
        elif a.tie == "null":
            cfg["tie_word_embeddings"] = None
        if a.infinity:
            cfg["time_step_limit"] = [0.0, float("inf")]
            cfg["time_step_floor"] = float("nan")
    else:
        cfg = mamba_ssm_config(D, L, V, {"layer": "Mamba1", "d_state": N}, a.pad, a.tie != "no")
    cfg["residual_in_fp32"] = a.residual_in_fp32 == "true"
    save(a.dir, cfg, sd, a.format)


def save(dirname, cfg, sd, fmt, metadata=None):
    """config.json and the state dict sd in format fmt: safetensors
    (model.safetensors), torch (pytorch_model.bin by torch.save), sharded or
    sharded-torch (two shards and the index file that names them). Tensors
    that share memory (tied weights) stay shared in the torch files, as
    torch.save keeps them, and are copied for safetensors, which refuses
    them. metadata goes to the safetensors headers' __metadata__."""
    os.makedirs(dirname, exist_ok=True)
    with open(os.path.join(dirname, "config.json"), "w") as f:
        json.dump(cfg, f, indent=2)             # Python's json: Infinity and NaN as such
        f.write("\n")
    names = list(sd)
    if fmt == "safetensors":
        write_safetensors(os.path.join(dirname, "model.safetensors"),
                          OrderedDict((k, v.clone()) for k, v in sd.items()), metadata)
    elif fmt == "torch":
        torch.save(sd, os.path.join(dirname, "pytorch_model.bin"))
    elif fmt in ("sharded", "sharded-torch"):
        torch_fmt = fmt == "sharded-torch"
        half = len(names) // 2
        shards = [names[:half], names[half:]]
        ext = "bin" if torch_fmt else "safetensors"
        stem = "pytorch_model" if torch_fmt else "model"
        wm = {}
        for j, part in enumerate(shards):
            fn = f"{stem}-{j + 1:05d}-of-00002.{ext}"
            d = OrderedDict((k, sd[k].clone()) for k in part)
            if torch_fmt:
                torch.save(d, os.path.join(dirname, fn))
            else:
                write_safetensors(os.path.join(dirname, fn), d, metadata)
            for k in part:
                wm[k] = fn
        idx = {"metadata": {"total_size": sum(v.numel() * v.element_size() for v in sd.values())}, "weight_map": wm}
        with open(os.path.join(dirname, f"{stem}.{ext}.index.json"), "w") as f:
            json.dump(idx, f, indent=2)
    else:
        raise ValueError("format %r is not safetensors, sharded, torch or sharded-torch" % fmt)


# ---- the reference forward pass ----

def load(dirname):
    with open(os.path.join(dirname, "config.json")) as f:
        cfg = json.load(f)
    sd = {}
    for fn in sorted(os.listdir(dirname)):
        p = os.path.join(dirname, fn)
        if fn.endswith(".safetensors"):
            sd.update(read_safetensors(p))
        elif fn.endswith(".bin"):
            sd.update(torch.load(p, map_location="cpu"))
    hf = "model_type" in cfg
    emb = "backbone.embeddings.weight" if hf else "backbone.embedding.weight"
    prefix = next(k[: -len(emb)] for k in sd if k.endswith(emb))
    sd = {k[len(prefix):]: v for k, v in sd.items() if k.startswith(prefix)}
    if hf:
        tie = cfg.get("tie_word_embeddings", True)          # PretrainedConfig's default
        head = sd[emb] if tie else sd["lm_head.weight"]     # tie_weights overrides the file
        classes, L = cfg["vocab_size"], cfg["num_hidden_layers"]
    else:
        tie = cfg.get("tie_embeddings", True)
        if tie and "lm_head.weight" in sd:
            sd[emb] = sd["lm_head.weight"]                  # load_state_dict: the later copy wins
        head = sd[emb] if tie else sd["lm_head.weight"]
        classes, L = cfg["vocab_size"], cfg["n_layer"]
    return cfg, sd, emb, head[:classes], L


def rmsnorm(x, w, eps=1e-5):
    return w * (x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + eps))


def mixer_steps(x, sd, p, K):
    """The mixer up to its step sizes: z (T, Di), xc (T, Di), x_proj's output pp, dt (T, Di), N."""
    T = x.shape[0]
    xz = x @ sd[p + "in_proj.weight"].t()
    Di = xz.shape[1] // 2
    u, z = xz[:, :Di], xz[:, Di:]
    w = sd[p + "conv1d.weight"][:, 0, :]                   # (Di, K)
    up = torch.cat([torch.zeros(K - 1, Di, dtype=u.dtype), u], 0)
    conv = torch.stack([(up[t:t + K].t() * w).sum(-1) for t in range(T)], 0) + sd[p + "conv1d.bias"]
    xc = torch.nn.functional.silu(conv)
    pp = xc @ sd[p + "x_proj.weight"].t()
    R = sd[p + "dt_proj.weight"].shape[1]
    N = (pp.shape[1] - R) // 2
    dt = torch.nn.functional.softplus(pp[:, :R] @ sd[p + "dt_proj.weight"].t() + sd[p + "dt_proj.bias"])
    return z, xc, pp[:, R:], dt, N


def mixer(x, sd, p, K):
    """x: (T, D) -> (T, D), float64."""
    T = x.shape[0]
    z, xc, bc, dt, N = mixer_steps(x, sd, p, K)
    Di = xc.shape[1]
    B, C = bc[:, :N], bc[:, N:]
    A = -torch.exp(sd[p + "A_log"])
    h = torch.zeros(Di, N, dtype=A.dtype)
    ys = []
    for t in range(T):
        dA = torch.exp(A * dt[t][:, None])
        dBu = dt[t][:, None] * B[t][None, :] * xc[t][:, None]
        h = dA * h + dBu
        ys.append((h @ C[t][:, None])[:, 0])
    y = torch.stack(ys, 0)
    y = y + xc * sd[p + "D"]
    y = y * torch.nn.functional.silu(z)
    return y @ sd[p + "out_proj.weight"].t()


def forward(cfg, sd, emb, head, L, tokens):
    """The logits (T, classes) in float64: the published formulas."""
    sd = {k: v.double() for k, v in sd.items()}
    head = head.double()
    K = sd["backbone.layers.0.mixer.conv1d.weight"].shape[2]
    x = sd[emb][torch.tensor(tokens)]
    for i in range(L):
        p = f"backbone.layers.{i}."
        x = x + mixer(rmsnorm(x, sd[p + "norm.weight"]), sd, p + "mixer.", K)
    return rmsnorm(x, sd["backbone.norm_f.weight"]) @ head.t()


# ---- the bfloat16 forward pass: transformers' MambaForCausalLM cast whole to bf16, on the CPU ----
#
# What runs in which type (modeling_mamba.py; every parameter is bf16,
# A_log, D and the norms' weights included):
#   embedding lookup                                       bf16
#   MambaBlock: x.to(bf16) into the norm; the residual     f32 (residual_in_fp32) or bf16
#   MambaRMSNorm: x.float(), mean of squares, rsqrt, x*r   f32, then .to(x's type)
#                 weight * that                            x's type (bf16 in a block)
#   in_proj, conv1d (+bias), silu, x_proj, dt_proj (+bias), softplus   bf16 ops
#   A = -exp(A_log.float()); exp(A*dt); dt*B.float()*u.float()          f32
#   the scan state h = dA*h + dBu                          f32 (its bf16 zeros become f32)
#   h.to(bf16) @ C_t                                       bf16 product
#   y + u*D, silu(z), y*silu(z), out_proj                  bf16 ops
#   the residual add                                       f32 + bf16 -> f32 (or bf16 + bf16)
#   norm_f on the residual as it is (f32: no cast back, weight * x in f32)
#   lm_head(x.to(bf16)), then .float()                     bf16 product

BF16 = torch.bfloat16
F = torch.nn.functional


def hf_rmsnorm(x, w, eps):
    """MambaRMSNorm: in f32 whatever x's type, the normalised x cast back to
    x's type, then times the weight (a bf16 op when x was bf16)."""
    dtype = x.dtype
    x32 = x.float()
    x32 = x32 * torch.rsqrt(x32.pow(2).mean(-1, keepdim=True) + eps)
    return w * x32.to(dtype)


# Three bf16 CPU kernels of Debian 12's torch (1.13) round more often than
# newer torch releases, whose kernels compute in f32 and round once (the
# opmath type): a batched product below a few thousand multiply-adds,
# which F.linear on a transposed input and torch.matmul of the scan reach,
# rounds after every term, and silu after each step of x / (1 + exp(-x)).
# The three helpers give the newer kernels' result with any torch.

def linear_bf16(x, w, b=None):
    """F.linear of bf16 tensors, summed in f32 and rounded once: on a
    contiguous input it is one addmm, which does that in every torch."""
    return F.linear(x.contiguous(), w, b)


def matmul_bf16(a, b):
    """torch.matmul of bf16 tensors, summed in f32 and rounded once."""
    return torch.matmul(a.float(), b.float()).to(BF16)


def silu_bf16(x):
    """F.silu of a bf16 tensor: x / (1 + exp(-x)) in f32, rounded once."""
    return F.silu(x.float()).to(BF16)


def hf_mixer(x, sd, p, K):
    """MambaMixer.slow_forward; x: (1, T, D) bf16 -> (1, T, D) bf16."""
    T = x.shape[1]
    xz = linear_bf16(x, sd[p + "in_proj.weight"], sd.get(p + "in_proj.bias")).transpose(1, 2)    # (1, 2Di, T)
    u, z = xz.chunk(2, dim=1)
    Di = u.shape[1]
    u = silu_bf16(F.conv1d(u, sd[p + "conv1d.weight"], sd.get(p + "conv1d.bias"), padding=K - 1, groups=Di)[..., :T])
    R = sd[p + "dt_proj.weight"].shape[1]
    N = (sd[p + "x_proj.weight"].shape[0] - R) // 2
    dt_r, B, C = torch.split(linear_bf16(u.transpose(1, 2), sd[p + "x_proj.weight"]), [R, N, N], dim=-1)
    dt = F.softplus(linear_bf16(dt_r, sd[p + "dt_proj.weight"], sd[p + "dt_proj.bias"])).transpose(1, 2)  # (1, Di, T)
    A = -torch.exp(sd[p + "A_log"].float())
    dA = torch.exp(A[None, :, None, :] * dt[:, :, :, None])                  # (1, Di, T, N) f32
    dBu = dt[:, :, :, None] * B[:, None, :, :].float() * u[:, :, :, None].float()
    h = torch.zeros(1, Di, N, dtype=BF16)
    ys = []
    for t in range(T):
        h = dA[:, :, t, :] * h + dBu[:, :, t, :]
        ys.append(matmul_bf16(h.to(BF16), C[:, t, :].unsqueeze(-1))[:, :, 0])
    y = torch.stack(ys, dim=-1)                                              # (1, Di, T)
    y = y + u * sd[p + "D"][None, :, None]
    y = y * silu_bf16(z)
    return linear_bf16(y.transpose(1, 2), sd[p + "out_proj.weight"], sd.get(p + "out_proj.bias"))


def forward_bf16(cfg, sd, emb, head, L, tokens):
    """The logits (T, classes) of MambaForCausalLM.to(torch.bfloat16) on the CPU."""
    sd = {k: v.to(BF16) for k, v in sd.items()}
    head = head.to(BF16)
    eps = cfg.get("layer_norm_epsilon", cfg.get("norm_epsilon", 1e-5))
    res32 = cfg.get("residual_in_fp32", True)
    K = sd["backbone.layers.0.mixer.conv1d.weight"].shape[2]
    x = sd[emb][torch.tensor(tokens)][None]                                 # (1, T, D)
    for i in range(L):
        p = f"backbone.layers.{i}."
        hcur = hf_rmsnorm(x.to(BF16), sd[p + "norm.weight"], eps)
        res = x.float() if res32 else x
        x = res + hf_mixer(hcur, sd, p + "mixer.", K)
    x = hf_rmsnorm(x, sd["backbone.norm_f.weight"], eps)
    return linear_bf16(x.to(BF16), head)[0].double()


def read_logits(path):
    with open(path) as f:
        words, _, classes = map(int, f.readline().split())
        out = []
        for _ in range(words):
            inp = [int(x) for x in f.readline().split()]
            rows = [[float(x) for x in f.readline().split()] for _ in inp]
            out.append((inp, torch.tensor(rows, dtype=torch.float32).double()))   # %.9g: the float lietool had
    return classes, out


def reduced_ulp(x, dtype=None):
    """The spacing of bf16 (8 significant bits) or f16 (11) numbers at |x|:
    2^(e-7), resp. 2^(e-10), for 2^e <= |x| < 2^(e+1)."""
    bits = 10 if dtype == torch.float16 else 7
    return torch.exp2(torch.floor(torch.log2(x.abs().clamp(min=2.0 ** -126))) - bits)


REDUCED = {"bf16": torch.bfloat16, "f16": torch.float16}


def report(pairs, a):
    """pairs: (reference, lietool) logits (T, classes) float64 per word.
    Prints the differences; the exit status: f32 (a.compute) within a.tol,
    bf16/f16 within a.ulps of each position's largest logit in that type's
    ulps, a mean within a.mean_ulps, and argmax agreeing at a.agree of the
    positions."""
    dtype = REDUCED.get(a.compute)
    worst, worst_ulps, agree, same, total, sad, sulps, n = 0.0, 0.0, 0, 0, 0, 0.0, 0.0, 0
    for want, got in pairs:
        diff = (want - got).abs()
        worst = max(worst, diff.max().item())
        ulps = diff / reduced_ulp(want.abs().max(-1, keepdim=True).values, dtype)  # of each position's largest logit
        worst_ulps = max(worst_ulps, ulps.max().item())
        sulps += ulps.sum().item()
        sad += diff.sum().item()
        n += want.numel()
        same += (diff == 0).sum().item()
        agree += (want.argmax(-1) == got.argmax(-1)).sum().item()
        total += want.shape[0]
    n = max(n, 1)
    name = a.compute if dtype is not None else "bf16"
    print(f"max |lietool - reference| = {worst:.3g}, mean {sad / n:.3g}; in {name} ulps of the position's largest "
          f"logit: max {worst_ulps:.3g}, mean {sulps / n:.3g}; {same} of {n} equal; argmax agrees at {agree} of {total} positions")
    if dtype is not None:
        return 0 if worst_ulps <= a.ulps and sulps / n <= a.mean_ulps and agree >= a.agree * total else 1
    return 0 if worst <= a.tol else 1


def add_compare_args(c, computes):
    """The options of compare that both reference scripts share."""
    c.add_argument("dir")
    c.add_argument("logits")
    c.add_argument("--bos", type=int)
    c.add_argument("--offset", type=int, default=0)
    c.add_argument("--compute", choices=computes, default="f32")
    c.add_argument("--tol", type=float, default=1e-5, help="f32: the largest difference allowed")
    c.add_argument("--ulps", type=float, default=2.0,
                   help="bf16/f16: the largest difference allowed, in ulps of the position's largest logit")
    c.add_argument("--mean-ulps", type=float, default=0.02, help="bf16/f16: the same for the mean difference")
    c.add_argument("--agree", type=float, default=0.995, help="bf16/f16: the share of argmax predictions that must agree")


def compare(a):
    cfg, sd, emb, head, L = load(a.dir)
    classes, words = read_logits(a.logits)
    if classes != head.shape[0]:
        print(f"classes: lietool {classes}, reference {head.shape[0]}")
        return 1

    def pairs():
        for inp, got in words:
            toks = ([a.bos] if a.bos is not None else []) + [e + a.offset for e in inp]
            want = (forward_bf16 if a.compute == "bf16" else forward)(cfg, sd, emb, head, L, toks)
            yield (want[1:] if a.bos is not None else want), got
    return report(pairs(), a)


def diag_norms(a):
    """norms for lietool's diagonal layer (scripts/train_wordproblem.py's
    DiagLayer): u = RMSNorm(x), z = a_proj(u); the transition is sigma(z),
    2 sigma(z) - 1 or sigma(z) e^(i theta_proj(u))."""
    with open(os.path.join(a.dir, "config.json")) as f:
        cfg = json.load(f)
    sd = {k: v.double() for k, v in read_safetensors(os.path.join(a.dir, "model.safetensors")).items()}
    eig, best = cfg["eigenvalues"], {}
    with open(a.words) as f:
        rows = list(csv.reader(f))[1:]
    for row in rows:
        inp = [int(v) for v in row[1].split()]
        x = sd["embed.weight"][torch.tensor([e + a.offset for e in inp])]
        u = rmsnorm(x, sd["layers.0.norm.weight"], cfg["norm_eps"])
        z = u @ sd["layers.0.a_proj.weight"].t() + sd["layers.0.a_proj.bias"]
        r = torch.sigmoid(z)
        if eig == "complex":
            th = u @ sd["layers.0.theta_proj.weight"].t() + sd["layers.0.theta_proj.bias"]
            lam = torch.polar(r, th)
        elif eig == "signed":
            lam = (2 * r - 1).to(torch.complex128)
        else:
            lam = r.to(torch.complex128)
        g = torch.log(lam).abs().max(1).values
        for e, v in zip(inp, g.tolist()):
            best[e] = max(best.get(e, 0.0), v)
    vals = [best[e] for e in sorted(best)]
    print(f"eps {sum(vals):.17g} largest {max(vals):.17g} elements {len(vals)}")
    return 0


def norms(a):
    """The first layer's generator norms per element (lietool error-bound
    --model): at each position the transition is diag(exp(dt A)) (signed:
    2 exp(dt A) - 1), its generator's spectral norm the largest |log| of
    its entries (principal complex logarithm); per element the largest over
    the positions reading it; eps their sum. Float64 throughout."""
    with open(os.path.join(a.dir, "config.json")) as f:
        if json.load(f).get("model_type") == "lietool-diag":
            return diag_norms(a)
    cfg, sd, emb, head, L = load(a.dir)
    sd = {k: v.double() for k, v in sd.items()}
    K = sd["backbone.layers.0.mixer.conv1d.weight"].shape[2]
    p = "backbone.layers.0."
    A = -torch.exp(sd[p + "mixer.A_log"])                  # (Di, N)
    signed = cfg.get("signed_eigenvalues", False)
    best = {}
    with open(a.words) as f:
        rows = list(csv.reader(f))[1:]
    for row in rows:
        inp = [int(v) for v in row[1].split()]
        x = sd[emb][torch.tensor([e + a.offset for e in inp])]
        dt = mixer_steps(rmsnorm(x, sd[p + "norm.weight"]), sd, p + "mixer.", K)[3]
        lx = A[None, :, :] * dt[:, :, None]                # log exp(dt A), (T, Di, N)
        if signed:
            lam = (2 * torch.exp(lx) - 1).to(torch.complex128)
            g = torch.log(lam).abs().reshape(len(inp), -1).max(1).values
        else:
            g = lx.abs().reshape(len(inp), -1).max(1).values
        for e, v in zip(inp, g.tolist()):
            best[e] = max(best.get(e, 0.0), v)
    vals = [best[e] for e in sorted(best)]
    print(f"eps {sum(vals):.17g} largest {max(vals):.17g} elements {len(vals)}")
    return 0


def dispatch(a, make, compare, norms):
    """Runs the command a.cmd (make, compare or norms) with this module's or
    zoo_reference.py's functions; its exit status."""
    if a.cmd == "norms":
        return norms(a)
    if a.cmd == "make":
        make(a)
        return 0
    return compare(a)


def batch(ap, run):
    """Runs one command per line of standard input (the script's own
    arguments, e.g. "make DIR --seed 3"), in this one process, so that torch
    is imported once for all of them: prints a command's output, then
    "LINE_NUMBER rc STATUS" (0 success, 1 a comparison that failed, 2 any
    other failure of that line)."""
    import contextlib
    import io
    import shlex
    for n, line in enumerate(sys.stdin, 1):
        words = shlex.split(line)
        if not words:
            continue
        out = io.StringIO()
        try:
            with contextlib.redirect_stdout(out):
                rc = run(ap.parse_args(words))
        except SystemExit as e:
            rc = e.code if isinstance(e.code, int) else 2
        except Exception as e:                  # a failure of this line only
            out.write("%s: %s\n" % (type(e).__name__, e))
            rc = 2
        sys.stdout.write(out.getvalue())
        print("%d rc %d" % (n, rc), flush=True)
    return 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    m = sub.add_parser("make")
    m.add_argument("dir")
    m.add_argument("--layout", choices=["hf", "mamba_ssm"], default="hf")
    m.add_argument("--format", choices=FORMATS, default="safetensors")
    m.add_argument("--prefix", default="")
    m.add_argument("--vocab", type=int, default=11)
    m.add_argument("--pad", type=int, default=8)
    m.add_argument("--tie", choices=["yes", "no", "absent", "null"], default="absent")
    m.add_argument("--head-differs", action="store_true", help="write an lm_head.weight unlike the embedding")
    m.add_argument("--dtype", choices=["float32", "bfloat16"], default="float32")
    m.add_argument("--seed", type=int, default=1)
    m.add_argument("--d-model", type=int, default=8)
    m.add_argument("--d-state", type=int, default=4)
    m.add_argument("--layers", type=int, default=2)
    m.add_argument("--residual-in-fp32", choices=["true", "false"], default="true")
    m.add_argument("--infinity", action="store_true", help="Infinity and NaN in config.json")
    c = sub.add_parser("compare")
    add_compare_args(c, ["f32", "bf16"])
    nr = sub.add_parser("norms")
    nr.add_argument("dir")
    nr.add_argument("words", help="the words, as lietool dataset generate writes them")
    nr.add_argument("--offset", type=int, default=0)
    run = lambda a: dispatch(a, make, compare, norms)
    if sys.argv[1:] == ["batch"]:
        return batch(ap, run)
    return run(ap.parse_args())


if __name__ == "__main__":
    sys.exit(main())
