#!/usr/bin/python3
"""Trains a word-problem model (lietool-diag, Mamba-1, Mamba-2, a softmax
transformer, or flash-linear-attention's GLA, Gated DeltaProduct or
DeltaNet) on a CSV from
`lietool dataset generate` and writes a checkpoint directory that
`lietool ssm eval` reads:

  OUT/config.json         the architecture (lietool-formats(5), TRAINED MODELS
                          and CHECKPOINT LAYOUTS)
  OUT/model.safetensors   the weights (F32, or --dtype BF16/F16), or the
                          files of --format (CHECKPOINT FORMATS)
  OUT/eval.csv            the held-out words (seed,input,target), unless
                          --eval-data gives them
  OUT/predictions.csv     seed,input,target,prediction on them
  OUT/fixture.txt         with --fixture K: the raw outputs on the first K
                          evaluation words of the first one's length, for
                          the C forward-pass tests

Data. The CSV (seed,input,target; Python's csv module, so quoted fields are
read) may hold words of several lengths, e.g. two `dataset generate` runs
concatenated; each batch is padded to its longest word and the loss ignores
the padding (the models are causal, so padding at the end changes nothing
before it).

Classes. The tokens are the group's elements: --group SPEC runs
`LIETOOL order SPEC` (--lietool, default ./lietool or lietool on PATH) and
uses the order as the number of classes and the vocabulary size; --classes N
gives it instead (e.g. for a dataset written with --bos/--offset). A token in
the data that is not below it is an error.

Evaluation. By default a seeded tenth of the distinct input words
(--eval-split) is held out: no held-out word is trained on. --eval-data FILE
evaluates on that file instead and trains on all of --data. The token and
sequence accuracy on the evaluation words are printed, and `lietool ssm eval
OUT --group G --data OUT/eval.csv` computes the same predictions.

Checkpoints. --format safetensors|sharded|torch|sharded-torch: one
model.safetensors, two safetensors shards with model.safetensors.index.json,
pytorch_model.bin written by torch.save of the state dict, or two torch
shards with pytorch_model.bin.index.json (the writers are
scripts/ckpt_reference.py's). --layout applies to --arch mamba: hf
(transformers' MambaForCausalLM names and config keys, with lietool's keys
n_classes and signed_eigenvalues) or mamba_ssm (the paper's code:
MambaConfig's d_model, n_layer, vocab_size, ssm_cfg, pad_vocab_size_multiple
8, tie_embeddings false; backbone.embedding and lm_head padded with zero
rows to a multiple of 8; signed_eigenvalues only with --signed, a key of
lietool's that mamba_ssm itself does not know). --arch diag always writes
lietool's own lietool-diag layout, in any --format; --arch mamba2
transformers' Mamba2ForCausalLM (n_groups 1, --head-dim, signed with
--signed) and --arch transformer FLA's TransformerForCausalLM (--heads,
intermediate_size --d-mlp), each as pure-PyTorch recurrences or attention
with the library's parameter names. --arch gla, gated_deltaproduct and
delta_net write FLA's GLAForCausalLM, GatedDeltaProductForCausalLM and
DeltaNetForCausalLM (model.embeddings, model.layers.N.attn_norm, attn.*,
mlp_norm, mlp.{gate,up,down}_proj, model.norm, lm_head, and the config keys
of lietool-formats(5), FLA models), with their recurrences computed
sequentially over the positions: hidden_size --d-model, intermediate_size
--d-mlp, num_heads --heads, no short convolution; gla with expand_k
--gla-expand-k (default 1, the paper's setting), expand_v 1 and the output
gate; gated_deltaproduct with head_dim --head-dim, expand_v 2,
num_householder --dp-householder (default 2), the forget gate and the
output gate; delta_net with expand_k = expand_v = 1, beta, no output gate;
allow_neg_eigval --dp-neg (default true) for both delta rules. --copy LAYOUT FORMAT
DIR (repeatable) writes the same model again in another layout and format.

Rotation task (--task rotation; the default --task word is the word
problem). The rotation task of Heo et al. (2026, section 5): the CSV's
inputs are words over A5 (tokens 0..59 in the abstract_algebra indexing of
`lietool table A5`; its targets are ignored), each token acts on R^3 by an
icosahedral rotation R(g), and the target at position t is
R(x_t) ... R(x_1) v0, v0 = (1,1,1)/sqrt 3, as `lietool ssm rotation`
defines it at step h = 1 (src/rotation/rotation.c, lietool/rotation.h). The
rotations are read from algebras/reps/A5-icosahedral.rep (--rep): the
matrices of its generators (1,2,3) and (1,3,5,2,4), closed over the group
in the task's convention R(g o s) = R(g) R(s), s applied first (the .rep
file lists the matrices of GAP's convention, rho(gh) = rho(g) rho(h) with g
acting first, which agree with the task's only for the 16 elements whose
images coincide; the script checks the file's 60 matrices as GAP's
homomorphism, then builds the task's). The model's head is
nn.Linear(d_model, 3), with a bias only where the layout's head has one, as
the paper's code swaps the head (lm_head.weight [3, d], no bias, in the
mamba, mamba2, transformer and FLA layouts; lietool-diag head.weight and
head.bias), trained with the masked MSE (the mean over the
words' positions and the 3 coordinates of (y - v_t)^2). config.json then has
"lietool_task": "rotation" and "n_classes": 3 (lietool-formats(5)); mamba_ssm's
layout keeps its head at 3 rows. --bos ID puts token ID in front of every
word (vocab_size max(60, ID + 1)); that position has no target and is not
counted. The evaluation prints the MSE per position on the held-out words
and writes OUT/rotation_mse.csv (position,words,mse; positions 1..T of the
words), which `lietool ssm eval OUT --task rotation --data OUT/eval.csv`
computes again. --map paper trains on the token-to-rotation map of the
paper's released code instead (PAPER_ELEMENTS below; not a homomorphism,
30 distinct rotations for the 60 tokens) and records it as
"lietool_rotation_map": "paper", which ssm eval then uses.

Only Debian's python3-torch is needed (CPU). Mamba follows Gu and Dao (2023)
in the Hugging Face MambaMixer layout, with a sequential selective scan; the
signed variant (--signed) uses the transition 2 exp(dt A) - 1 of Grazzi et
al. (ICLR 2025), whose eigenvalues lie in [-1, 1].

  lietool dataset generate S3 --length 16 --samples 2000 --seed 1 > s3.csv
  /usr/bin/python3 scripts/train_wordproblem.py --data s3.csv --group S3 \\
      --arch diag --eigenvalues signed --layers 2 --out models/s3-diag
  lietool ssm eval models/s3-diag --group S3 --data models/s3-diag/eval.csv
"""
import argparse
import csv
import itertools
import json
import math
import os
import random
import re
import shutil
import subprocess
import sys
import time
from collections import OrderedDict

import torch
import torch.nn as nn
import torch.nn.functional as F

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ckpt_reference  # noqa: E402  (the checkpoint writers)

IGNORE = -100           # the target at padded positions (F.cross_entropy's ignore_index)


def read_csv(path):
    """[(seed, input, target, line)] from a seed,input,target CSV: the csv module
    reads quoted fields; a repeated header line is skipped; every word must
    have as many targets as inputs."""
    rows = []
    with open(path, newline="") as f:
        r = csv.reader(f)
        header = next(r, None)
        if header is None or [h.strip() for h in header] != ["seed", "input", "target"]:
            sys.exit("%s: header is %r, not seed,input,target" % (path, ",".join(header or [])))
        for row in r:
            if not row or all(not x.strip() for x in row):
                continue
            if [h.strip() for h in row] == ["seed", "input", "target"]:
                continue
            if len(row) != 3:
                sys.exit("%s:%d: %d fields, not 3 (seed,input,target)" % (path, r.line_num, len(row)))
            try:
                inp = [int(x) for x in row[1].split()]
                tgt = [int(x) for x in row[2].split()]
            except ValueError as e:
                sys.exit("%s:%d: %s" % (path, r.line_num, e))
            if not inp or len(inp) != len(tgt):
                sys.exit("%s:%d: %d inputs and %d targets" % (path, r.line_num, len(inp), len(tgt)))
            rows.append((row[0].strip(), inp, tgt, r.line_num))
    if not rows:
        sys.exit("%s: no words" % path)
    return rows


def check_tokens(path, rows, classes, what):
    for row in rows:
        for x in row[1] + row[2]:
            if x < 0 or x >= classes:
                sys.exit("%s:%d: token %d is not below the number of classes %d (%s)%s"
                         % (path, row[3], x, classes, what,
                            "; a dataset written with --bos or --offset needs --classes N" if x >= classes else ""))


def group_order(lietool, spec):
    exe = lietool or ("./lietool" if os.access("./lietool", os.X_OK) else shutil.which("lietool"))
    if not exe:
        sys.exit("--group: no ./lietool and no lietool on PATH: give --lietool PATH or --classes N")
    try:
        out = subprocess.run([exe, "order", spec], capture_output=True, text=True)
    except OSError as e:
        sys.exit("--group: cannot run %s: %s" % (exe, e))
    if out.returncode != 0:
        sys.exit("--group: %s order %s: %s" % (exe, spec, out.stderr.strip() or "exit %d" % out.returncode))
    try:
        n = int(out.stdout.split()[0])
    except (ValueError, IndexError):
        sys.exit("--group: %s order %s printed %r, not an integer" % (exe, spec, out.stdout.strip()))
    if n > 1 << 20:
        sys.exit("--group %s: order %d is too many classes for an embedding" % (spec, n))
    return n


def split_heldout(rows, frac, seed):
    """(train, eval): a seeded fraction frac of the distinct input words and
    every row that has one of them go to eval, in file order."""
    words = sorted({tuple(r[1]) for r in rows})
    if len(words) < 2:
        sys.exit("--eval-split: %d distinct word(s), cannot hold any out" % len(words))
    random.Random(seed).shuffle(words)
    n = min(len(words) - 1, max(1, round(frac * len(words))))
    held = set(words[:n])
    return [r for r in rows if tuple(r[1]) not in held], [r for r in rows if tuple(r[1]) in held]


def pad_batch(rows):
    """Inputs padded with token 0 and targets with IGNORE to the longest word."""
    T = max(len(r[1]) for r in rows)
    X = torch.tensor([r[1] + [0] * (T - len(r[1])) for r in rows])
    Y = torch.tensor([r[2] + [IGNORE] * (T - len(r[2])) for r in rows])
    return X, Y


# ---- the recurrences, sequential or as a parallel scan ----
# Every layer's recurrence h_t = a_t h_(t-1) + b_t (h_0 = 0) is computed one
# position at a time (SCAN = "sequential": the order of operations of lietool's
# forward pass) or as a parallel prefix scan by recursive doubling (Hillis and
# Steele 1986; Blelloch 1990, "Prefix sums and their applications"): after the
# step of distance d, position t holds the composition of the maps of positions
# t-2d+1 .. t, so log2(T) tensor operations replace T Python steps. The map
# (a, b) is composed as (a2, b2) o (a1, b1) = (a2 a1, a2 b1 + b2): elementwise
# for the diagonal layers (real, or complex as pairs of real tensors) and as
# matrix products for the delta rule. The two agree to round-off (checked by
# tests/check-train.sh); the scan serves training, the loop the predictions
# written for lietool to compare.
SCAN = "sequential"


def _shift(x, d, fill):
    """x moved d positions later along dim 1, the first d filled with fill."""
    pad = x.new_full((x.shape[0], d) + tuple(x.shape[2:]), fill)
    return torch.cat([pad, x[:, :-d]], 1)


def scan_real(a, b):
    """h_t = a_t h_(t-1) + b_t along dim 1; a broadcasts against b."""
    T, d = b.shape[1], 1
    while d < T:
        b = b + a * _shift(b, d, 0.0)
        if 2 * d < T:
            a = a * _shift(a, d, 1.0)
        d *= 2
    return b


def scan_complex(ar, ai, br, bi):
    """The same with complex a and b as (real, imaginary) pairs."""
    T, d = br.shape[1], 1
    while d < T:
        sr, si = _shift(br, d, 0.0), _shift(bi, d, 0.0)
        br, bi = br + ar * sr - ai * si, bi + ar * si + ai * sr
        if 2 * d < T:
            sr, si = _shift(ar, d, 1.0), _shift(ai, d, 0.0)
            ar, ai = ar * sr - ai * si, ar * si + ai * sr
        d *= 2
    return br, bi


def scan_matrix(A, B):
    """S_t = A_t S_(t-1) + B_t along dim 1, A (b, T, ..., k, k), B (b, T, ..., k, v)."""
    T, d = B.shape[1], 1
    eye = torch.eye(A.shape[-1], dtype=A.dtype)
    while d < T:
        B = B + A @ _shift(B, d, 0.0)
        if 2 * d < T:
            pad = eye.expand((A.shape[0], d) + tuple(A.shape[2:])).contiguous()
            A = A @ torch.cat([pad, A[:, :-d]], 1)
        d *= 2
    return B


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
        N = self.N
        if self.eig == "complex":
            r, th = torch.sigmoid(za), self.theta_proj(u)
            ar, ai = r * torch.cos(th), r * torch.sin(th)
            if SCAN == "parallel":
                hr, hi = scan_complex(ar, ai, b[..., :N], b[..., N:])
                h = torch.cat([hr, hi], -1)
            else:
                hr = torch.zeros_like(za[:, 0])
                hi = torch.zeros_like(za[:, 0])
                hs = []
                for ar_t, ai_t, b_t in zip(ar.unbind(1), ai.unbind(1), b.unbind(1)):
                    hr, hi = (ar_t * hr - ai_t * hi + b_t[:, :N],
                              ar_t * hi + ai_t * hr + b_t[:, N:])
                    hs.append(torch.cat([hr, hi], -1))
                h = torch.stack(hs, 1)
        else:
            a = torch.sigmoid(za)
            if self.eig == "signed":
                a = 2 * a - 1
            if SCAN == "parallel":
                h = scan_real(a, b)
            else:
                h_t = torch.zeros_like(za[:, 0])
                hs = []
                for a_t, b_t in zip(a.unbind(1), b.unbind(1)):
                    h_t = a_t * h_t + b_t
                    hs.append(h_t)
                h = torch.stack(hs, 1)
        x = x + self.out_proj(h)
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
        if SCAN == "parallel":
            ys = (scan_real(dA, dBx) * C[:, :, None, :]).sum(-1)
        else:
            h = torch.zeros_like(dA[:, 0])
            ys = []
            # unbind, not dA[:, t]: a slice's backward fills a whole (b, T, I, N) tensor at every step
            for dA_t, dBx_t, C_t in zip(dA.unbind(1), dBx.unbind(1), C.unbind(1)):
                h = dA_t * h + dBx_t
                ys.append((h * C_t[:, None, :]).sum(-1))
            ys = torch.stack(ys, 1)
        y = (ys + x * self.D) * F.silu(z)
        return self.out_proj(y)


class MambaBlock(nn.Module):
    def __init__(self, c, mixer):
        super().__init__()
        self.norm = RMSNorm(c["hidden_size"], c["layer_norm_epsilon"])
        self.mixer = mixer(c)

    def forward(self, x):
        return x + self.mixer(self.norm(x))


class Backbone(nn.Module):
    def __init__(self, c, mixer):
        super().__init__()
        self.embeddings = nn.Embedding(c["vocab_size"], c["hidden_size"])
        self.layers = nn.ModuleList([MambaBlock(c, mixer) for _ in range(c["num_hidden_layers"])])
        self.norm_f = RMSNorm(c["hidden_size"], c["layer_norm_epsilon"])


class MambaModel(nn.Module):
    def __init__(self, c, mixer=MambaMixer):
        super().__init__()
        self.backbone = Backbone(c, mixer)
        self.lm_head = nn.Linear(c["hidden_size"], c["n_classes"], bias=False)

    def forward(self, tokens):
        x = self.backbone.embeddings(tokens)
        for layer in self.backbone.layers:
            x = layer(x)
        return self.lm_head(self.backbone.norm_f(x))


class Mamba2Mixer(nn.Module):
    """transformers' Mamba2Mixer (modeling_mamba2.py) as its recurrence:
    per head h, group g, S <- exp(dt A) S + dt x B^T, y = S C + D x; the
    gated RMS norm over all channels, out_proj (lietool-formats(5), mamba2)."""

    def __init__(self, c):
        super().__init__()
        D, N, H, P, G, K = c["hidden_size"], c["state_size"], c["num_heads"], c["head_dim"], c["n_groups"], c["conv_kernel"]
        I = H * P
        E = I + 2 * G * N
        self.N, self.H, self.P, self.G, self.I, self.eps = N, H, P, G, I, c["layer_norm_epsilon"]
        self.signed = c.get("signed_eigenvalues", False)
        self.in_proj = nn.Linear(D, I + E + H, bias=c["use_bias"])
        self.conv1d = nn.Conv1d(E, E, K, groups=E, padding=K - 1, bias=c["use_conv_bias"])
        dt = torch.exp(torch.rand(H) * (math.log(0.1) - math.log(0.001)) + math.log(0.001)).clamp(min=1e-4)
        self.dt_bias = nn.Parameter(dt + torch.log(-torch.expm1(-dt)))
        self.A_log = nn.Parameter(torch.log(torch.arange(1, H + 1, dtype=torch.float32)))
        self.D = nn.Parameter(torch.ones(H))
        self.norm = RMSNorm(I, self.eps)
        self.out_proj = nn.Linear(I, D, bias=c["use_bias"])

    def forward(self, u):
        b, T, _ = u.shape
        N, H, P, G, I = self.N, self.H, self.P, self.G, self.I
        z, xbc, dt = torch.split(self.in_proj(u), [I, I + 2 * G * N, H], -1)
        xbc = F.silu(self.conv1d(xbc.transpose(1, 2))[..., :T]).transpose(1, 2)
        x, B, C = torch.split(xbc, [I, G * N, G * N], -1)
        x = x.reshape(b, T, H, P)
        B = B.reshape(b, T, G, N).repeat_interleave(H // G, 2)
        C = C.reshape(b, T, G, N).repeat_interleave(H // G, 2)
        dt = F.softplus(dt + self.dt_bias)                      # (b, T, H)
        a = torch.exp(dt * -torch.exp(self.A_log))
        if self.signed:
            a = 2 * a - 1
        if SCAN == "parallel":
            S = scan_real(a[..., None, None], (dt[..., None] * x)[..., None] * B[:, :, :, None, :])
            y = (S * C[:, :, :, None, :]).sum(-1) + self.D[:, None] * x
        else:
            S = u.new_zeros(b, H, P, N)
            ys = []
            for a_t, dt_t, x_t, B_t, C_t in zip(a.unbind(1), dt.unbind(1), x.unbind(1), B.unbind(1), C.unbind(1)):
                S = a_t[:, :, None, None] * S + (dt_t[:, :, None] * x_t)[..., None] * B_t[:, :, None, :]
                ys.append((S * C_t[:, :, None, :]).sum(-1) + self.D[:, None] * x_t)
            y = torch.stack(ys, 1)
        y = y.reshape(b, T, I) * F.silu(z)
        return self.out_proj(self.norm(y))


class Mamba2Model(MambaModel):
    """transformers' Mamba2ForCausalLM: backbone.*, lm_head"""

    def __init__(self, c):
        super().__init__(c, Mamba2Mixer)


class Attention(nn.Module):
    """FLA's Attention (fla/layers/attn.py): q, k, v, rotary embeddings
    (fla/modules/rotary.py, non-interleaved), causal softmax with grouped
    KV heads, o_proj (lietool-formats(5), transformer)."""

    def __init__(self, c):
        super().__init__()
        D, H = c["hidden_size"], c["num_heads"]
        self.H, self.Hk, self.d, self.theta = H, c["num_kv_heads"] or H, D // H, c["rope_theta"]
        self.q_proj = nn.Linear(D, D, bias=False)
        self.k_proj = nn.Linear(D, self.Hk * self.d, bias=False)
        self.v_proj = nn.Linear(D, self.Hk * self.d, bias=False)
        self.o_proj = nn.Linear(D, D, bias=False)

    def rope(self, x):
        T, d = x.shape[1], self.d
        f = torch.arange(T, dtype=torch.float32)[:, None] * self.theta ** (-torch.arange(0, d, 2, dtype=torch.float32) / d)
        c, s = f.cos()[None, :, None, :], f.sin()[None, :, None, :]
        x1, x2 = x[..., :d // 2], x[..., d // 2:]
        return torch.cat([x1 * c - x2 * s, x2 * c + x1 * s], -1)

    def forward(self, u):
        b, T, D = u.shape
        q = self.rope(self.q_proj(u).reshape(b, T, self.H, self.d))
        k = self.rope(self.k_proj(u).reshape(b, T, self.Hk, self.d)).repeat_interleave(self.H // self.Hk, 2)
        v = self.v_proj(u).reshape(b, T, self.Hk, self.d).repeat_interleave(self.H // self.Hk, 2)
        s = torch.einsum("bthe,bshe->bhts", q, k) / math.sqrt(self.d)
        s = s.masked_fill(~torch.ones(T, T, dtype=torch.bool).tril(), float("-inf"))
        o = torch.einsum("bhts,bshe->bthe", s.softmax(-1), v)
        return self.o_proj(o.reshape(b, T, D))


class GatedMLP(nn.Module):
    def __init__(self, d, m):
        super().__init__()
        self.gate_proj = nn.Linear(d, m, bias=False)
        self.up_proj = nn.Linear(d, m, bias=False)
        self.down_proj = nn.Linear(m, d, bias=False)

    def forward(self, x):
        return self.down_proj(F.silu(self.gate_proj(x)) * self.up_proj(x))


class TransformerBlock(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.attn_norm = RMSNorm(c["hidden_size"], c["norm_eps"])
        self.attn = Attention(c)
        self.mlp_norm = RMSNorm(c["hidden_size"], c["norm_eps"])
        self.mlp = GatedMLP(c["hidden_size"], c["intermediate_size"])

    def forward(self, x):
        x = x + self.attn(self.attn_norm(x))
        return x + self.mlp(self.mlp_norm(x))


class TransformerBody(nn.Module):
    def __init__(self, c):
        super().__init__()
        self.embeddings = nn.Embedding(c["vocab_size"], c["hidden_size"])
        self.layers = nn.ModuleList([TransformerBlock(c) for _ in range(c["num_hidden_layers"])])
        self.norm = RMSNorm(c["hidden_size"], c["norm_eps"])


class TransformerModel(nn.Module):
    """FLA's TransformerForCausalLM: model.*, lm_head"""

    def __init__(self, c):
        super().__init__()
        self.model = TransformerBody(c)
        self.lm_head = nn.Linear(c["hidden_size"], c["n_classes"], bias=False)

    def forward(self, tokens):
        x = self.model.embeddings(tokens)
        for layer in self.model.layers:
            x = layer(x)
        return self.lm_head(self.model.norm(x))


def l2norm(x):
    """FLA's l2 normalisation of q and k: x / sqrt(|x|^2 + 1e-6)"""
    return x * torch.rsqrt(x.pow(2).sum(-1, keepdim=True) + 1e-6)


def gated_norm(o, g, norm):
    """the output norm per head (o: b T H dv), times silu(g) when gated (FusedRMSNormGated)"""
    y = norm(o)
    return y if g is None else y * F.silu(g)


class GLAAttention(nn.Module):
    """FLA's GatedLinearAttention (fla/layers/gla.py) as its recurrence
    (fla/ops/gla/naive.py): per head S <- diag(exp(gk)) S + k v^T,
    o = S^T q / sqrt(d_k), gk = logsigmoid(gk_proj(u)) / 16; output
    RMSNorm per head times silu(g_proj(u)), o_proj (lietool-formats(5),
    FLA models). No short convolution, output gate on, fuse_norm."""

    def __init__(self, c):
        super().__init__()
        D, H = c["hidden_size"], c["num_heads"]
        K, Vd = int(D * c["expand_k"]), int(D * c["expand_v"])
        self.H, self.dk, self.dv, self.Vd = H, K // H, Vd // H, Vd
        self.q_proj = nn.Linear(D, K, bias=False)
        self.k_proj = nn.Linear(D, K, bias=False)
        self.v_proj = nn.Linear(D, Vd, bias=False)
        self.g_proj = nn.Linear(D, Vd, bias=False)
        self.gk_proj = nn.Sequential(nn.Linear(D, 16, bias=False), nn.Linear(16, K, bias=True))
        self.o_proj = nn.Linear(Vd, D, bias=False)
        self.g_norm_swish_gate = RMSNorm(self.dv, c["norm_eps"])

    def forward(self, u):
        b, T, _ = u.shape
        H, dk, dv = self.H, self.dk, self.dv
        q = self.q_proj(u).reshape(b, T, H, dk) * dk ** -0.5
        k = self.k_proj(u).reshape(b, T, H, dk)
        v = self.v_proj(u).reshape(b, T, H, dv)
        gk = (F.logsigmoid(self.gk_proj(u)) / 16).reshape(b, T, H, dk)
        if SCAN == "parallel":
            S = scan_real(torch.exp(gk)[..., None], k[..., :, None] * v[..., None, :])
            o = torch.einsum("bthk,bthkv->bthv", q, S)
        else:
            S = u.new_zeros(b, H, dk, dv)
            os_ = []
            for t in range(T):
                S = torch.exp(gk[:, t])[..., None] * S + k[:, t, :, :, None] * v[:, t, :, None, :]
                os_.append(torch.einsum("bhk,bhkv->bhv", q[:, t], S))
            o = torch.stack(os_, 1)
        g = self.g_proj(u).reshape(b, T, H, dv)
        o = gated_norm(o, g, self.g_norm_swish_gate)
        return self.o_proj(o.reshape(b, T, self.Vd))


class DeltaProductAttention(nn.Module):
    """FLA's GatedDeltaProduct (fla/layers/gated_deltaproduct.py; recurrence
    fla/ops/gated_delta_product/naive.py) and, with num_householder 1, no
    forget gate and no output gate, DeltaNet (fla/layers/delta_net.py):
    per head, q and the N keys silu'd and l2-normalised, S <- exp(g) S;
    for j = 1..N: S <- S + beta_j k_j (v_j - S^T k_j)^T; o = S^T q / sqrt(d_k);
    beta = sigmoid(b_proj(u)) (x2 with allow_neg_eigval), g = -exp(A_log)
    softplus(a_proj(u) + dt_bias); output RMSNorm per head (times
    silu(g_proj(u)) when gated), o_proj (lietool-formats(5), FLA models).
    No short convolution."""

    def __init__(self, c):
        super().__init__()
        D, H = c["hidden_size"], c["num_heads"]
        if c["model_type"] == "gated_deltaproduct":
            N, self.forget, gate = c["num_householder"], c["use_forget_gate"], c["use_output_gate"]
            dk = c["head_dim"]
            dv = int(dk * c["expand_v"])
        else:
            N, self.forget, gate = 1, False, c["use_gate"]
            dk, dv = int(D * c["expand_k"]) // H, int(D * c["expand_v"]) // H
        self.N, self.H, self.dk, self.dv, self.neg = N, H, dk, dv, c["allow_neg_eigval"]
        K, Vd = H * dk, H * dv
        self.q_proj = nn.Linear(D, K, bias=False)
        self.k_proj = nn.Linear(D, N * K, bias=False)
        self.v_proj = nn.Linear(D, N * Vd, bias=False)
        self.b_proj = nn.Linear(D, N * H, bias=False)
        if self.forget:
            self.a_proj = nn.Linear(D, H, bias=False)
            self.A_log = nn.Parameter(torch.log(torch.empty(H).uniform_(1, 16)))
            dt = torch.exp(torch.rand(H) * (math.log(0.1) - math.log(0.001)) + math.log(0.001)).clamp(min=1e-4)
            self.dt_bias = nn.Parameter(dt + torch.log(-torch.expm1(-dt)))
        self.g_proj = nn.Linear(D, Vd, bias=False) if gate else None
        self.o_norm = RMSNorm(dv, c["norm_eps"])
        self.o_proj = nn.Linear(Vd, D, bias=False)

    def forward(self, u):
        b, T, _ = u.shape
        N, H, dk, dv = self.N, self.H, self.dk, self.dv
        q = l2norm(F.silu(self.q_proj(u)).reshape(b, T, H, dk)) * dk ** -0.5
        k = l2norm(F.silu(self.k_proj(u)).reshape(b, T, N, H, dk))     # '(n h d)'
        v = F.silu(self.v_proj(u)).reshape(b, T, N, H, dv)
        beta = torch.sigmoid(self.b_proj(u)).reshape(b, T, N, H)
        if self.neg:
            beta = beta * 2
        if self.forget:
            g = -torch.exp(self.A_log) * F.softplus(self.a_proj(u) + self.dt_bias)    # (b, T, H)
        if SCAN == "parallel":
            # each token's map S -> A S + B: exp(g) I, then (I - beta_j k_j k_j^T) . + beta_j k_j v_j^T for j = 1..N
            eye = torch.eye(dk, dtype=u.dtype)
            A = (torch.exp(g)[..., None, None] * eye) if self.forget else eye.expand(b, T, H, dk, dk)
            Bm = u.new_zeros(b, T, H, dk, dv)
            for j in range(N):
                kj, bj = k[:, :, j], beta[:, :, j, :, None, None]
                Hj = eye - bj * kj[..., :, None] * kj[..., None, :]
                A, Bm = Hj @ A, Hj @ Bm + bj * kj[..., :, None] * v[:, :, j, :, None, :]
            S = scan_matrix(A, Bm)
            o = torch.einsum("bthk,bthkv->bthv", q, S)
        else:
            S = u.new_zeros(b, H, dk, dv)
            os_ = []
            for t in range(T):
                if self.forget:
                    S = S * torch.exp(g[:, t])[..., None, None]
                for j in range(N):
                    kj = k[:, t, j]
                    w = beta[:, t, j, :, None] * (v[:, t, j] - torch.einsum("bhkv,bhk->bhv", S, kj))
                    S = S + kj[..., None] * w[:, :, None, :]
                os_.append(torch.einsum("bhk,bhkv->bhv", q[:, t], S))
            o = torch.stack(os_, 1)
        g = self.g_proj(u).reshape(b, T, H, dv) if self.g_proj is not None else None
        o = gated_norm(o, g, self.o_norm)
        return self.o_proj(o.reshape(b, T, H * dv))


class FLABlock(nn.Module):
    """FLA's block (GLABlock and the others): attn_norm, attn, mlp_norm, GatedMLP"""

    def __init__(self, c, attn):
        super().__init__()
        self.attn_norm = RMSNorm(c["hidden_size"], c["norm_eps"])
        self.attn = attn(c)
        self.mlp_norm = RMSNorm(c["hidden_size"], c["norm_eps"])
        self.mlp = GatedMLP(c["hidden_size"], c["intermediate_size"])

    def forward(self, x):
        x = x + self.attn(self.attn_norm(x))
        return x + self.mlp(self.mlp_norm(x))


class FLABody(nn.Module):
    def __init__(self, c, attn):
        super().__init__()
        self.embeddings = nn.Embedding(c["vocab_size"], c["hidden_size"])
        self.layers = nn.ModuleList([FLABlock(c, attn) for _ in range(c["num_hidden_layers"])])
        self.norm = RMSNorm(c["hidden_size"], c["norm_eps"])


class FLAModel(TransformerModel):
    """FLA's GLAForCausalLM, GatedDeltaProductForCausalLM, DeltaNetForCausalLM: model.*, lm_head"""

    def __init__(self, c):
        nn.Module.__init__(self)
        attn = GLAAttention if c["model_type"] == "gla" else DeltaProductAttention
        self.model = FLABody(c, attn)
        self.lm_head = nn.Linear(c["hidden_size"], c["n_classes"], bias=False)


FLA_ARCHS = {"gla": "GLAForCausalLM", "gated_deltaproduct": "GatedDeltaProductForCausalLM",
             "delta_net": "DeltaNetForCausalLM"}


def config_for(args, vocab, classes):
    if args.arch == "diag":
        return {"model_type": "lietool-diag", "vocab_size": vocab, "n_classes": classes,
                "d_model": args.d_model, "d_state": args.d_state, "n_layers": args.layers,
                "d_mlp": args.d_mlp, "eigenvalues": args.eigenvalues, "norm_eps": 1e-5}
    if args.arch == "mamba2":
        I = 2 * args.d_model
        return {"model_type": "mamba2", "architectures": ["Mamba2ForCausalLM"], "vocab_size": vocab,
                "n_classes": classes, "hidden_size": args.d_model, "state_size": args.d_state,
                "num_hidden_layers": args.layers, "expand": 2, "num_heads": I // args.head_dim,
                "head_dim": args.head_dim, "n_groups": 1, "conv_kernel": 4, "layer_norm_epsilon": 1e-5,
                "use_bias": False, "use_conv_bias": True, "hidden_act": "silu", "rms_norm": True,
                "time_step_limit": [0.0, float("inf")], "residual_in_fp32": True, "tie_word_embeddings": False,
                "signed_eigenvalues": args.eigenvalues == "signed"}
    if args.arch == "transformer":
        return {"model_type": "transformer", "architectures": ["TransformerForCausalLM"], "vocab_size": vocab,
                "n_classes": classes, "hidden_size": args.d_model, "num_hidden_layers": args.layers,
                "num_heads": args.heads, "num_kv_heads": None, "qkv_bias": False, "qk_norm": False,
                "window_size": None, "rope_theta": 10000.0, "hidden_ratio": 4, "intermediate_size": args.d_mlp,
                "hidden_act": "swish", "norm_eps": 1e-6, "tie_word_embeddings": False, "attnres_block_size": None}
    if args.arch in FLA_ARCHS:
        # config.json as FLA's PretrainedConfig.save_pretrained writes it (scripts/zoo/fla_common.py's keys)
        cfg = {"architectures": [FLA_ARCHS[args.arch]], "model_type": args.arch, "vocab_size": vocab,
               "n_classes": classes, "hidden_size": args.d_model, "num_hidden_layers": args.layers,
               "hidden_ratio": 4, "intermediate_size": args.d_mlp, "hidden_act": "swish", "norm_eps": 1e-6,
               "max_position_embeddings": 2048, "attn": None, "use_cache": True, "pad_token_id": None,
               "bos_token_id": 1, "eos_token_id": 2, "tie_word_embeddings": False, "initializer_range": 0.02,
               "fuse_norm": True, "fuse_swiglu": True, "fuse_cross_entropy": True,
               "fuse_linear_cross_entropy": False, "use_l2warp": False, "attnres_block_size": None}
        neg = args.dp_neg == "true"
        if args.arch == "gla":
            cfg.update({"expand_k": args.gla_expand_k, "expand_v": 1.0, "num_heads": args.heads, "num_kv_heads": None,
                        "feature_map": None, "attn_mode": "chunk", "use_short_conv": False, "conv_size": 4,
                        "use_output_gate": True, "clamp_min": None, "elementwise_affine": True, "use_gk": True,
                        "use_gv": False})
        elif args.arch == "gated_deltaproduct":
            cfg.update({"attn_mode": "chunk", "conv_size": 4, "head_dim": args.head_dim, "num_heads": args.heads,
                        "expand_v": 2.0, "use_output_gate": True, "use_short_conv": False, "use_forget_gate": True,
                        "allow_neg_eigval": neg, "num_householder": args.dp_householder})
        else:
            cfg.update({"attn_mode": "chunk", "expand_k": 1.0, "expand_v": 1.0, "use_gate": False,
                        "use_short_conv": False, "allow_neg_eigval": neg, "conv_size": 4, "use_beta": True,
                        "use_output_norm": True, "num_heads": args.heads, "qk_norm": "l2", "qk_activation": "silu"})
        return cfg
    return {"model_type": "mamba", "architectures": ["MambaForCausalLM"], "vocab_size": vocab,
            "n_classes": classes, "hidden_size": args.d_model, "state_size": args.d_state,
            "num_hidden_layers": args.layers, "expand": 2, "intermediate_size": 2 * args.d_model,
            "conv_kernel": 4, "time_step_rank": max(1, math.ceil(args.d_model / 16)),
            "layer_norm_epsilon": 1e-5, "use_bias": False, "use_conv_bias": True,
            "hidden_act": "silu", "tie_word_embeddings": False,
            "signed_eigenvalues": args.eigenvalues == "signed"}


PAD_VOCAB = 8           # mamba_ssm's default pad_vocab_size_multiple


def to_mamba_ssm(cfg, sd):
    """The HF-named Mamba state dict and config in mamba_ssm's layout:
    backbone.embedding, and the embedding and lm_head padded with zero rows
    to a multiple of PAD_VOCAB (lietool and mamba_ssm use the first
    vocab_size logits)."""
    V = cfg["vocab_size"]
    rows = V + (-V % PAD_VOCAB)
    rot = cfg.get("lietool_task") == "rotation"     # the rotation head keeps its 3 rows
    out = OrderedDict()
    for k, v in sd.items():
        if k == "backbone.embeddings.weight" or (k == "lm_head.weight" and not rot):
            v = torch.cat([v, v.new_zeros(rows - v.shape[0], v.shape[1])])
        out["backbone.embedding.weight" if k == "backbone.embeddings.weight" else k] = v
    ssm = {"layer": "Mamba1", "d_state": cfg["state_size"], "d_conv": cfg["conv_kernel"], "expand": cfg["expand"],
           "dt_rank": cfg["time_step_rank"], "conv_bias": cfg["use_conv_bias"], "bias": cfg["use_bias"]}
    c = ckpt_reference.mamba_ssm_config(cfg["hidden_size"], cfg["num_hidden_layers"], V, ssm, PAD_VOCAB, False)
    if cfg["signed_eigenvalues"]:
        c["signed_eigenvalues"] = True
    if rot:
        c["lietool_task"], c["n_classes"] = "rotation", 3
        c["lietool_rotation_map"] = cfg.get("lietool_rotation_map", "faithful")
    return c, out


DTYPES = {"F32": torch.float32, "BF16": torch.bfloat16, "F16": torch.float16}


def save(outdir, layout, fmt, cfg, model, dtype):
    sd = OrderedDict((k, v.detach().to(DTYPES[dtype]).contiguous()) for k, v in model.state_dict().items())
    if layout == "mamba_ssm":
        cfg, sd = to_mamba_ssm(cfg, sd)
    ckpt_reference.save(outdir, cfg, sd, fmt, {"format": "pt", "trained_by": "lietool scripts/train_wordproblem.py"})


def round_weights(model, dtype):
    """The weights as saved, for the predictions and fixtures."""
    if dtype != "F32":
        with torch.no_grad():
            for prm in model.parameters():
                prm.copy_(prm.to(DTYPES[dtype]).to(torch.float32))


def predict(model, rows):
    """Each word's predicted classes, in batches of 256 padded words."""
    out = []
    with torch.no_grad():
        for i in range(0, len(rows), 256):
            chunk = rows[i:i + 256]
            pred = model(pad_batch(chunk)[0]).argmax(-1).tolist()
            out += [p[:len(r[1])] for p, r in zip(pred, chunk)]
    return out


def write_rows(path, rows, preds=None):
    with open(path, "w") as f:
        f.write("seed,input,target%s\n" % (",prediction" if preds else ""))
        for k, (seed, inp, tgt, _) in enumerate(rows):
            f.write("%s,%s,%s" % (seed, " ".join(map(str, inp)), " ".join(map(str, tgt))))
            f.write(",%s\n" % " ".join(map(str, preds[k])) if preds else "\n")


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


def fixture_words(rows, k):
    """The first k evaluation words of the first one's length."""
    T = len(rows[0][1])
    return torch.tensor([r[1] for r in rows if len(r[1]) == T][:k])


# ---- the rotation task ----

ROT_ORDER = 60
ROT_GENS = {(1, 2, 0, 3, 4): "(1,2,3)", (2, 3, 4, 0, 1): "(1,3,5,2,4)"}    # (0 1 2), (0 2 4 1 3) as image lists


def a5_elements():
    """The even permutations of 0..4 in itertools.permutations order (the abstract_algebra indexing)."""
    out = []
    for p in itertools.permutations(range(5)):
        inv = sum(p[i] > p[j] for i in range(5) for j in range(i + 1, 5))
        if inv % 2 == 0:
            out.append(p)
    return out


def read_rep(path):
    """The 60 matrices of an A5 .rep file (lietool-formats(5), REPRESENTATIONS), in its line
    order, entries as written there: numbers, fractions and sqrt5 (evaluated in float64)."""
    mats, names = [], []
    with open(path) as f:
        for ln, line in enumerate(f, 1):
            line = line.split("#", 1)[0].strip()
            m = re.match(r"^(\([0-9,()]*\))\s*=\s*(\[.*\])$", line)
            if not m:
                continue
            expr = m.group(2)
            if not re.fullmatch(r"[\[\]0-9sqrt5+\-*/(), .]*", expr):
                sys.exit("%s:%d: not a matrix of numbers and sqrt5" % (path, ln))
            try:
                M = eval(expr, {"__builtins__": {}}, {"sqrt5": math.sqrt(5)})    # checked characters only
            except Exception as e:                                          # noqa: BLE001
                sys.exit("%s:%d: %s" % (path, ln, e))
            mats.append(torch.tensor(M, dtype=torch.float64))
            names.append(m.group(1))
    if len(mats) != ROT_ORDER or any(M.shape != (3, 3) for M in mats):
        sys.exit("%s: %d matrices, not the 60 3x3 ones of A5" % (path, len(mats)))
    return mats, names


def rotation_matrices(path):
    """R[g] for the 60 elements: the .rep file's generator matrices closed over A5 with
    R(g o s) = R(g) R(s) (s first), breadth first, checking every relation met."""
    elems = a5_elements()
    idx = {p: i for i, p in enumerate(elems)}
    rho, _ = read_rep(path)
    # the file itself: GAP's homomorphism, (x then g) -> rho(x) rho(g)
    for x in range(ROT_ORDER):
        for g in range(ROT_ORDER):
            y = tuple(elems[g][elems[x][i]] for i in range(5))
            if not torch.allclose(rho[idx[y]], rho[x] @ rho[g], atol=1e-12):
                sys.exit("%s: not a homomorphism of A5 (GAP's convention)" % path)
    gens = [(p, rho[idx[p]]) for p in ROT_GENS]
    one = tuple(range(5))
    R = {idx[one]: torch.eye(3, dtype=torch.float64)}
    queue = [idx[one]]
    for g in queue:
        for s, M in gens:
            r = idx[tuple(elems[g][s[i]] for i in range(5))]      # g o s
            if r not in R:
                R[r] = R[g] @ M
                queue.append(r)
            elif not torch.allclose(R[r], R[g] @ M, atol=1e-12):
                sys.exit("%s: the generators' matrices do not define a homomorphism" % path)
    if len(R) != ROT_ORDER:
        sys.exit("%s: the generators' matrices reach %d elements, not 60" % (path, len(R)))
    return torch.stack([R[i] for i in range(ROT_ORDER)])


# The paper's map (--map paper): its released code (kazuki-irie/lie-algebra-state-tracking, commit
# e6575fa, state_tracking/src/main_regression.py, build_tokenid_to_mat_lookup_a5) lists A5 in the
# order of its state_tracking/src/A5.json (these image lists of 0..4, data of that file), walks the
# Cayley graph x -> x o g (g first) breadth first from the identity with g = (0 1 2) and then
# g = (0 1 2 3 4), giving an element y met for the first time M(x) M(g) (no check when met again),
# and gives token i the matrix of that list's element i. Not a homomorphism: M((0 1 2)) M((0 1 2 3 4))
# has order 2, (0 1 2) o (0 1 2 3 4) order 5; the 60 tokens get 30 distinct rotations.
PAPER_ELEMENTS = (
    "01234 12340 23401 34012 40123 10324 03241 32410 24103 41032 "
    "21430 14302 43021 30214 02143 30421 04213 42130 21304 13042 "
    "32041 20413 04132 41320 13204 23140 31402 14023 40231 02314 "
    "43102 31024 10243 02431 24310 42013 20134 01342 13420 34201 "
    "40312 03124 31240 12403 24031 41203 12034 20341 03412 34120 "
    "01423 14230 42301 23014 30142 10432 04321 43210 32104 21043 ").split()


def paper_matrices(path):
    """The paper's token-to-rotation map, from the .rep file's matrices of (1,2,3) and (1,3,5,2,4)
    (the paper's two generator matrices) walked over its element order as its code does."""
    elems = a5_elements()
    idx = {p: i for i, p in enumerate(elems)}
    rho, _ = read_rep(path)
    A, B = rho[idx[(1, 2, 0, 3, 4)]], rho[idx[(2, 3, 4, 0, 1)]]
    E = [tuple(int(c) for c in s) for s in PAPER_ELEMENTS]
    where = {p: i for i, p in enumerate(E)}
    M = {where[tuple(range(5))]: torch.eye(3, dtype=torch.float64)}
    queue = [where[tuple(range(5))]]
    for x in queue:
        for g, Mg in (((1, 2, 0, 3, 4), A), ((1, 2, 3, 4, 0), B)):
            y = where[tuple(E[x][g[i]] for i in range(5))]
            if y not in M:
                M[y] = M[x] @ Mg
                queue.append(y)
    return torch.stack([M[i] for i in range(ROT_ORDER)])


def rotation_targets(R, word):
    """v_t = R(x_t) v_(t-1), t = 1..T, from v0 = (1,1,1)/sqrt 3, in float64."""
    v = torch.full((3,), 1 / math.sqrt(3), dtype=torch.float64)
    out = []
    for x in word:
        v = R[x] @ v
        out.append(v)
    return torch.stack(out)


def rotation_batch(rows, R, bos):
    """Inputs (padded with token 0), targets (float32) and the mask of the word positions."""
    b = 1 if bos is not None else 0
    T = max(len(r[1]) for r in rows) + b
    X = torch.zeros(len(rows), T, dtype=torch.long)
    Y = torch.zeros(len(rows), T, 3)
    mask = torch.zeros(len(rows), T, dtype=torch.bool)
    for i, r in enumerate(rows):
        n = len(r[1])
        if b:
            X[i, 0] = bos
        X[i, b:b + n] = torch.tensor(r[1])
        Y[i, b:b + n] = r[4].float()
        mask[i, b:b + n] = True
    return X, Y, mask


def masked_mse(out, Y, mask):
    d = (out - Y)[mask]
    return (d * d).mean()


def rotation_eval(model, rows, R, bos):
    """(positions, words per position, MSE per position) of the word positions, in float64."""
    b = 1 if bos is not None else 0
    T = max(len(r[1]) for r in rows)
    sse = torch.zeros(T, dtype=torch.float64)
    cnt = torch.zeros(T, dtype=torch.long)
    with torch.no_grad():
        for i in range(0, len(rows), 256):
            chunk = rows[i:i + 256]
            X, _, _ = rotation_batch(chunk, R, bos)
            out = model(X).double()
            for k, r in enumerate(chunk):
                n = len(r[1])
                e = ((out[k, b:b + n] - r[4]) ** 2).sum(-1) / 3
                sse[:n] += e
                cnt[:n] += 1
    return cnt, sse / cnt.clamp(min=1)


# ---- training: tries, early stopping, the budget ----

MODELS = {"diag": "DiagModel", "mamba": "MambaModel", "mamba2": "Mamba2Model", "transformer": "TransformerModel",
          "gla": "FLAModel", "gated_deltaproduct": "FLAModel", "delta_net": "FLAModel"}


def build(job):
    model = globals()[MODELS[job["arch"]]](job["cfg"])
    if job["rot"] and job["arch"] != "diag":
        # the paper's code (state_tracking/src/main_regression.py, convert_model_to_regression_head of
        # kazuki-irie/lie-algebra-state-tracking) swaps lm_head for nn.Linear(d, 3) with a bias only
        # when lm_head had one: none in these layouts; lietool-diag's head keeps its bias
        model.lm_head = nn.Linear(job["d_model"], 3, bias=False)
    return model


def sequence_accuracy(model, rows, classes=None):
    """The fraction of rows predicted right at every position; with classes, also the
    mean cross-entropy over the positions."""
    right, loss, n = 0, 0.0, 0
    with torch.no_grad():
        for i in range(0, len(rows), 256):
            chunk = rows[i:i + 256]
            X, Y = pad_batch(chunk)
            out = model(X)
            ok = (out.argmax(-1) == Y) | (Y == IGNORE)
            right += int(ok.all(1).sum())
            if classes:
                loss += float(F.cross_entropy(out.reshape(-1, classes), Y.reshape(-1), ignore_index=IGNORE,
                                              reduction="sum"))
                n += int((Y != IGNORE).sum())
    return (right / len(rows), loss / max(n, 1)) if classes else right / len(rows)


def val_score(model, job):
    """Higher is better: (sequence accuracy, minus the mean cross-entropy) on the
    validation words, or (minus the rotation MSE, 0)."""
    if job["rot"]:
        cnt, mse = rotation_eval(model, job["val"], job["R"], job["bos"])
        return (-float((mse * cnt).sum() / cnt.sum()), 0.0)
    acc, loss = sequence_accuracy(model, job["val"], job["classes"])
    return (acc, -loss)


def set_one_cycle(opt, lr, p, warm=0.1):
    """The one-cycle schedule (Smith and Topin 2019, "Super-convergence"), as torch's
    OneCycleLR sets it with its defaults (cosine from lr/25 up to lr over the first tenth,
    then down to lr/25e4; Adam's beta1 from 0.95 down to 0.85 and back), at progress p in
    [0, 1] for the next step rather than at a step count."""
    p = min(max(p, 0.0), 1.0)
    lo, end = lr / 25, lr / 25 / 1e4
    if p < warm:
        c = (1 - math.cos(math.pi * p / warm)) / 2
        now, beta1 = lo + (lr - lo) * c, 0.95 - 0.1 * c
    else:
        c = (1 + math.cos(math.pi * (p - warm) / (1 - warm))) / 2
        now, beta1 = end + (lr - end) * c, 0.85 + 0.1 * (1 - c)
    for g in opt.param_groups:
        g["lr"] = now
        g["betas"] = (beta1, g["betas"][1])


def train_try(job, seed, lr, deadline, threads, stop=None, log=sys.stderr, steps=None):
    """One training run: AdamW with a one-cycle schedule over job["steps"] steps, the
    validation score every eval_every steps (and at the end), the weights of the best one
    kept; stops early at the early_stop accuracy, at the deadline (time.time()) or when
    stop (a multiprocessing Event) is set by another try that reached it."""
    global SCAN
    SCAN = job["scan"]
    torch.manual_seed(seed)
    torch.use_deterministic_algorithms(True)
    torch.set_num_threads(threads)
    model = build(job)
    steps, train, rot = steps or job["steps"], job["train"], job["rot"]
    # Weight decay on matrices only: decaying the biases and norm gains pulls the
    # transition gates a(u) = sigmoid(bias + ...) toward 1/2, which forgets the
    # state and makes the model overfit the training lengths.
    dec = [p for p in model.parameters() if p.dim() >= 2]
    nodec = [p for p in model.parameters() if p.dim() < 2]
    opt = torch.optim.AdamW([{"params": dec, "weight_decay": job["weight_decay"]},
                             {"params": nodec, "weight_decay": 0.0}], lr=lr)
    set_one_cycle(opt, lr, 0.0)
    t_start = time.time()
    g = torch.Generator().manual_seed(seed)
    t0 = time.time()
    best, best_state, best_step, why, loss_v, step = None, None, 0, "steps", float("nan"), 0
    every = job["eval_every"] or steps
    for step in range(1, steps + 1):
        model.train()
        idx = torch.randint(0, len(train), (job["batch"],), generator=g)
        if rot:
            X, Y, mask = rotation_batch([train[i] for i in idx.tolist()], job["R"], job["bos"])
            loss = masked_mse(model(X), Y, mask)
        else:
            X, Y = pad_batch([train[i] for i in idx.tolist()])
            loss = F.cross_entropy(model(X).reshape(-1, job["classes"]), Y.reshape(-1), ignore_index=IGNORE)
        opt.zero_grad()
        loss.backward()
        nn.utils.clip_grad_norm_(model.parameters(), 1.0)
        opt.step()
        # the schedule's progress: the steps done, or the time spent of what the budget leaves
        # this try, whichever is further, so that a try cut short by the budget still anneals
        p = step / steps
        if deadline != float("inf"):
            p = max(p, (time.time() - t_start) / max(deadline - t_start, 1e-9))
        set_one_cycle(opt, lr, p)
        loss_v = loss.item()
        late = time.time() >= deadline
        if PARENT is not None and os.getppid() != PARENT:
            sys.exit("the trainer that started this try has gone")
        halted = stop is not None and stop.is_set()
        if step % every == 0 or step == steps or late or halted:
            model.eval()
            score = val_score(model, job)
            if best is None or score > best:
                best, best_step = score, step
                best_state = OrderedDict((k, v.detach().clone()) for k, v in model.state_dict().items())
            print("seed %d lr %g step %d loss %.4f validation %s %.4f%s" % (seed, lr, step, loss_v,
                  "-mse" if rot else "accuracy", score[0], "" if rot else " loss %.4f" % -score[1]),
                  file=log, flush=True)
            if not rot and job["early_stop"] and score[0] >= job["early_stop"]:
                why = "early stop"
                if stop is not None:
                    stop.set()
                break
            if late:
                why = "budget"
                break
            if halted:
                why = "another try reached the early stop"
                break
    model.load_state_dict(best_state)
    model.eval()
    SCAN = "sequential"
    return model, dict(seed=seed, lr=lr, steps=step, best_step=best_step, validation=best[0],
                       validation_loss=None if rot else -best[1], final_loss=loss_v,
                       stopped=why, seconds=round(time.time() - t0, 1))


PARENT = None     # in a try's process: the pid of the trainer that started it


def _child(job, seed, lr, steps, deadline, stop, logpath, parent, min_left):
    global PARENT
    PARENT = parent
    if stop.is_set() or deadline - time.time() < min_left:
        return None, None   # another try reached the early stop, or too little of the budget is left
    with open(logpath, "w") as log:
        model, rec = train_try(job, seed, lr, deadline, 1, stop, log, steps)
    return rec, OrderedDict((k, v.numpy()) for k, v in model.state_dict().items())


def say_try(rec):
    print("try %d: seed %d, lr %g: validation %.4f after %d steps (%s, %.1f s)" % (
        rec["try"], rec["seed"], rec["lr"], rec["validation"], rec["steps"], rec["stopped"], rec["seconds"]),
        file=sys.stderr)


def fit(job, args):
    """The tries of --tries (seeds seed, seed+1, ...; the learning rates of --lr in turn),
    --jobs of them at a time (one thread each), until one reaches --early-stop or the
    --budget is spent; the try with the best validation score wins."""
    os.makedirs(args.out, exist_ok=True)
    lrs = args.lr
    # with a budget, each round of --jobs tries has twice the steps of the one before (the
    # schedule follows the time left when the budget comes first): a group that one
    # round does not learn gets longer runs, not only other seeds
    grow = 2 if args.budget else 1
    plan = [(args.seed + i, lrs[i % len(lrs)], job["steps"] * grow ** (i // args.jobs)) for i in range(args.tries)]
    deadline = time.time() + args.budget if args.budget else float("inf")
    results = []
    if args.jobs <= 1 or args.tries == 1:
        for seed, lr, steps in plan:
            model, rec = train_try(job, seed, lr, deadline, args.threads, steps=steps)
            rec["try"] = len(results) + 1
            results.append((rec, model))
            say_try(rec)
            if rec["stopped"] in ("early stop", "budget"):
                break
    else:
        import multiprocessing as mp
        import concurrent.futures as cf
        ctx = mp.get_context("spawn")
        stop = ctx.Manager().Event()
        with cf.ProcessPoolExecutor(max_workers=args.jobs, mp_context=ctx) as pool:
            futs = []
            for i, (seed, lr, steps) in enumerate(plan):
                logpath = os.path.join(args.out, "try%d.log" % (i + 1))
                # a try that would have less than a fifth of the budget is not started
                futs.append(pool.submit(_child, job, seed, lr, steps, deadline, stop, logpath, os.getpid(),
                                        args.budget / 5))
            for i, f in enumerate(futs):
                rec, sd = f.result()
                if rec is None:
                    continue
                model = build(job)
                model.load_state_dict(OrderedDict((k, torch.from_numpy(v)) for k, v in sd.items()))
                model.eval()
                rec["try"] = i + 1
                results.append((rec, model))
                say_try(rec)
    # the best validation score wins; a tie goes to the earlier try
    win = max(range(len(results)), key=lambda i: (results[i][0]["validation"],
                                                  -(results[i][0]["validation_loss"] or 0.0), -i))
    report = {"tries": [r for r, _ in results], "chosen": results[win][0]["try"], "validation": "accuracy" if not job["rot"] else "-mse",
              "early_stop": job["early_stop"], "budget": args.budget}
    print("chosen: try %d (seed %d, lr %g, validation %.4f)" % (results[win][0]["try"], results[win][0]["seed"], results[win][0]["lr"],
          results[win][0]["validation"]), file=sys.stderr)
    return results[win][1], report


# ---- the recipe of `lietool ssm train` ----
# What learns the word problems the theory allows on 2 CPU cores in a few
# minutes (measured on D8, S3, A4 ...; docs/paper has the runs): words of every
# length 2..L mixed (the data's business), a width of 64, batches of 128, a
# one-cycle schedule of 3000 steps run to its end (the accuracy at twice the
# training length comes late, when the training loss falls below about 1e-4,
# long after the training lengths are right), two learning rates taken in
# turn by the tries, two tries at a time (one thread each), an early stop at
# 0.99 on the validation words, and the parallel scan.
RECIPE = {"d_model": 64, "d_mlp": 128, "batch": 128, "steps": 3000, "lr": [1e-2, 3e-3], "tries": 6, "jobs": 2,
          "threads": 1, "early_stop": 0.99, "eval_every": 100, "scan": "parallel"}


def apply_recipe(args, argv):
    given = {a.split("=")[0] for a in argv if a.startswith("--")}
    for key, value in RECIPE.items():
        if "--" + key.replace("_", "-") not in given:
            setattr(args, key, value)


def job_argv(argv):
    """The command line, or, given one argument naming a .json file, the
    settings in it ({"key": "value"}: the option --key with '-' for '_',
    then its value), as lietool ssm train writes them (trainer-job.json in
    its output directory)."""
    if len(argv) == 1 and argv[0].endswith(".json") and os.path.isfile(argv[0]):
        with open(argv[0]) as f:
            job = json.load(f)
        out = []
        for k, v in job.items():
            out += ["--" + k.replace("_", "-"), str(v)]
        return out
    return argv


def main():
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--data", required=True, help="training CSV (seed,input,target), words of any lengths")
    p.add_argument("--eval-data", "--eval", dest="eval_data", metavar="FILE",
                   help="evaluation CSV instead of a held-out split of --data")
    p.add_argument("--eval-split", type=float, default=0.1, metavar="F",
                   help="hold out this fraction of the distinct words of --data, seeded by --seed (default 0.1; "
                        "0: evaluate on the training words)")
    p.add_argument("--group", metavar="SPEC", help="the group: its order (lietool order SPEC) is the number of classes")
    p.add_argument("--classes", "--n-classes", dest="classes", type=int, metavar="N",
                   help="the number of classes and tokens, instead of --group")
    p.add_argument("--lietool", metavar="PATH", help="the lietool binary for --group (default ./lietool, else PATH)")
    p.add_argument("--out", required=True, help="output directory")
    p.add_argument("--arch", choices=["diag", "mamba", "mamba2", "transformer"] + list(FLA_ARCHS), default="diag")
    p.add_argument("--layout", choices=["hf", "mamba_ssm"], default="hf",
                   help="mamba: Hugging Face's names and keys, or mamba_ssm's (the paper's code); "
                        "diag: always lietool-diag")
    p.add_argument("--format", choices=ckpt_reference.FORMATS, default="safetensors",
                   help="the weights' files (every --arch and --layout; --bf16-copy too)")
    p.add_argument("--copy", nargs=3, action="append", default=[], metavar=("LAYOUT", "FORMAT", "DIR"),
                   help="also write the model (config and weights, in --dtype) to DIR in that layout and format; "
                        "repeatable")
    p.add_argument("--eigenvalues", choices=["positive", "signed", "complex"], default="positive",
                   help="diag: the range of a(x); mamba: signed = Grazzi et al.'s 2 exp(dt A) - 1")
    p.add_argument("--signed", action="store_true", help="same as --eigenvalues signed")
    p.add_argument("--layers", type=int, default=2)
    p.add_argument("--d-model", type=int, default=32)
    p.add_argument("--d-state", type=int, default=16)
    p.add_argument("--d-mlp", type=int, default=64, help="diag's MLP; transformer's and FLA's intermediate_size")
    p.add_argument("--head-dim", type=int, default=4, help="mamba2's and gated_deltaproduct's head_dim")
    p.add_argument("--heads", type=int, default=2, help="num_heads of transformer, gla, gated_deltaproduct, delta_net")
    p.add_argument("--gla-expand-k", type=float, default=1.0,
                   help="gla's expand_k (default 1, the paper's setting; FLA's default 0.5)")
    p.add_argument("--dp-householder", type=int, default=2, help="gated_deltaproduct's num_householder (default 2)")
    p.add_argument("--dp-neg", choices=["true", "false"], default="true",
                   help="allow_neg_eigval of gated_deltaproduct and delta_net (default true)")
    p.add_argument("--steps", type=int, default=2000)
    p.add_argument("--epochs", type=float, help="train for this many passes over the training words instead of --steps")
    p.add_argument("--batch", type=int, default=64)
    p.add_argument("--lr", type=lambda v: [float(x) for x in v.split(",")], default=[3e-3], metavar="LR[,LR...]",
                   help="the learning rate (default 3e-3); a list is taken in turn by the tries")
    p.add_argument("--val-data", metavar="FILE",
                   help="validation CSV for --early-stop and the choice among --tries (default: the evaluation words)")
    p.add_argument("--early-stop", type=float, default=0, metavar="ACC",
                   help="stop a try when its validation sequence accuracy reaches ACC (default 0: never)")
    p.add_argument("--eval-every", type=int, default=100, metavar="N", help="validate every N steps (default 100)")
    p.add_argument("--tries", type=int, default=1, metavar="N",
                   help="up to N runs (seeds --seed, --seed + 1, ...) until one reaches --early-stop; the best "
                        "validation score wins (default 1)")
    p.add_argument("--jobs", type=int, default=1, metavar="N",
                   help="run N tries at a time, one thread each (default 1)")
    p.add_argument("--budget", type=float, default=0, metavar="SECONDS",
                   help="stop training after this many seconds, keeping the best weights so far (default 0: none)")
    p.add_argument("--scan", choices=["parallel", "sequential"], default="sequential",
                   help="the recurrences in training: a parallel scan or the loop (default sequential: faster on CPU "
                        "at these sizes); predictions always use the loop")
    p.add_argument("--weight-decay", type=float, default=0.01, metavar="W",
                   help="AdamW weight decay on weight matrices; biases and norm gains are never decayed (default 0.01)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--threads", type=int, default=2)
    p.add_argument("--dtype", choices=["F32", "BF16", "F16"], default="F32")
    p.add_argument("--fixture", type=int, default=0, metavar="K",
                   help="write fixture.txt: raw outputs on the first K evaluation words of the first one's length")
    p.add_argument("--task", choices=["word", "rotation"], default="word",
                   help="word: the word problem (cross-entropy over the classes); rotation: the A5 rotation task "
                        "(Linear(d, 3) head, masked MSE; see above)")
    p.add_argument("--rep", metavar="FILE",
                   help="rotation: the A5 representation (default algebras/reps/A5-icosahedral.rep of this checkout)")
    p.add_argument("--bos", type=int, metavar="ID", help="rotation: token ID in front of every word, without a target")
    p.add_argument("--map", choices=["faithful", "paper"], default="faithful",
                   help="rotation: the tokens' rotations: the representation (default), or the paper's code's map, "
                        "which is not a homomorphism (config key lietool_rotation_map)")
    p.add_argument("--bf16-copy", metavar="DIR",
                   help="also write a BF16 copy there, with fixture.txt computed from the rounded weights")
    p.add_argument("--recipe", choices=["none", "learn"], default="none",
                   help="learn: the defaults of `lietool ssm train` (RECIPE above) for every option not given")
    argv = job_argv(sys.argv[1:])
    args = p.parse_args(argv)
    if args.recipe == "learn":
        apply_recipe(args, argv)    # the settings given, on the command line or in the job file
    if args.signed:
        args.eigenvalues = "signed"
    if args.arch != "diag" and args.eigenvalues == "complex":
        p.error("--eigenvalues complex is for --arch diag")
    if args.arch in ["transformer"] + list(FLA_ARCHS) and args.eigenvalues != "positive":
        hint = " (see --dp-neg)" if args.arch in ("gated_deltaproduct", "delta_net") else ""
        p.error("--eigenvalues is not for --arch %s%s" % (args.arch, hint))
    if args.arch in ("gla", "delta_net") and args.d_model % args.heads:
        p.error("--d-model %d is not a multiple of --heads %d" % (args.d_model, args.heads))
    if args.arch == "gla" and (int(args.d_model * args.gla_expand_k) % args.heads or args.gla_expand_k <= 0):
        p.error("--gla-expand-k: int(d_model expand_k) must be a positive multiple of --heads")
    if args.dp_householder < 1:
        p.error("--dp-householder must be positive")
    for layout, fmt, _ in [(args.layout, args.format, None)] + args.copy:
        if layout not in ("hf", "mamba_ssm") or fmt not in ckpt_reference.FORMATS:
            p.error("layout %s, format %s: not one of hf, mamba_ssm and %s" % (layout, fmt, ", ".join(ckpt_reference.FORMATS)))
        if args.arch != "mamba" and layout != "hf":
            p.error("layout %s is for --arch mamba (%s writes its library's layout)" % (layout, args.arch))
    rot = args.task == "rotation"
    if rot and args.classes is not None:
        p.error("--classes is for --task word (the rotation task's head has 3 outputs)")
    if rot and args.group is not None and args.group != "A5":
        p.error("--task rotation is the A5 task: --group %s is not A5" % args.group)
    if not rot and (args.bos is not None or args.rep is not None or args.map != "faithful"):
        p.error("--bos, --rep and --map are for --task rotation (a word-problem CSV holds its BOS: dataset generate --bos)")
    if rot and args.bf16_copy:
        p.error("--bf16-copy is for --task word (write the rotation model with --dtype BF16)")
    if rot and args.bos is not None and not 0 <= args.bos < 1 << 20:
        p.error("--bos must be in 0 .. 2^20 - 1")
    if not rot and (args.group is None) == (args.classes is None):
        p.error("give the group (--group SPEC) or the number of classes (--classes N), one of them")
    if args.classes is not None and args.classes < 1:
        p.error("--classes must be positive")
    if not 0 <= args.eval_split < 1:
        p.error("--eval-split must be in [0, 1)")
    if args.tries < 1 or args.jobs < 1 or args.eval_every < 0 or args.budget < 0 or not 0 <= args.early_stop <= 1:
        p.error("--tries and --jobs must be positive, --eval-every and --budget non-negative, --early-stop in [0, 1]")
    if any(lr <= 0 for lr in args.lr):
        p.error("--lr must be positive")
    torch.manual_seed(args.seed)
    torch.use_deterministic_algorithms(True)    # a second run gives the same model
    torch.set_num_threads(args.threads)

    if rot:
        rep = args.rep or os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "algebras", "reps",
                                       "A5-icosahedral.rep")
        R = rotation_matrices(rep)
        if args.map == "paper":
            R = paper_matrices(rep)
            print("--map paper: the paper's token-to-rotation map, NOT a homomorphism (%d distinct rotations for 60 tokens)"
                  % len({tuple(torch.round(m * 1e9).flatten().tolist()) for m in R}))
        classes, vocab = 3, max(ROT_ORDER, args.bos + 1) if args.bos is not None else ROT_ORDER
    else:
        classes = vocab = group_order(args.lietool, args.group) if args.group else args.classes
    what = "the order of %s" % args.group if args.group else "--classes"

    def load(path):
        rows = read_csv(path)
        if not rot:
            check_tokens(path, rows, classes, what)
            return rows
        for r in rows:
            for x in r[1]:
                if not 0 <= x < ROT_ORDER:
                    sys.exit("%s:%d: input token %d is not an element of A5 (0..59)" % (path, r[3], x))
        return [r + (rotation_targets(R, r[1]),) for r in rows]

    rows = load(args.data)
    if args.eval_data:
        train, evalset = rows, load(args.eval_data)
        seen = {tuple(r[1]) for r in train}
        both = sum(tuple(r[1]) in seen for r in evalset)
        source = "%s (%d of them also in --data)" % (args.eval_data, both)
    elif args.eval_split > 0:
        train, evalset = split_heldout(rows, args.eval_split, args.seed)
        source = "held out from %s (--eval-split %g, seed %d)" % (args.data, args.eval_split, args.seed)
    else:
        train, evalset = rows, rows
        source = "the training words (--eval-split 0)"
    valset = load(args.val_data) if args.val_data else None
    cfg = config_for(args, vocab, classes)
    if rot:
        cfg["lietool_task"], cfg["lietool_rotation_map"] = "rotation", args.map
    job = dict(cfg=cfg, arch=args.arch, rot=rot, d_model=args.d_model, classes=classes, R=R if rot else None,
               bos=args.bos, batch=args.batch, train=train, val=valset if valset is not None else evalset,
               early_stop=args.early_stop, eval_every=args.eval_every, scan=args.scan,
               weight_decay=args.weight_decay,
               steps=args.steps if args.epochs is None else max(1, math.ceil(args.epochs * len(train) / args.batch)))
    model, report = fit(job, args)
    with open(os.path.join(args.out, "train.json"), "w") as f:
        json.dump(report, f, indent=1)
        f.write("\n")

    model.eval()
    save(args.out, args.layout, args.format, cfg, model, args.dtype)
    for layout, fmt, d in args.copy:
        save(d, layout, fmt, cfg, model, args.dtype)
    round_weights(model, args.dtype)    # predictions from the weights as saved
    if rot:
        if not args.eval_data:
            write_rows(os.path.join(args.out, "eval.csv"), [r[:4] for r in evalset])
        cnt, mse = rotation_eval(model, evalset, R, args.bos)
        with open(os.path.join(args.out, "rotation_mse.csv"), "w") as f:
            f.write("position,words,mse\n")
            for t in range(len(mse)):
                f.write("%d,%d,%.17g\n" % (t + 1, int(cnt[t]), float(mse[t])))
        mean = float((mse * cnt).sum() / cnt.sum())
        print("evaluation: %d words, %s: rotation MSE %.6g over the positions (mean over words, positions and "
              "the 3 coordinates)" % (len(evalset), source, mean))
        print("MSE per position: " + " ".join("%d:%.4g" % (t + 1, float(mse[t])) for t in range(len(mse))))
        if args.fixture:
            w = fixture_words(evalset, args.fixture)
            if args.bos is not None:
                w = torch.cat([torch.full((w.shape[0], 1), args.bos, dtype=torch.long), w], 1)
            write_fixture(os.path.join(args.out, "fixture.txt"), model, w)
        return
    pred = predict(model, evalset)
    if not args.eval_data:
        write_rows(os.path.join(args.out, "eval.csv"), evalset)
    write_rows(os.path.join(args.out, "predictions.csv"), evalset, pred)
    tokens = sum(len(r[2]) for r in evalset)
    right = sum(a == b for r, pr in zip(evalset, pred) for a, b in zip(r[2], pr))
    exact = sum(r[2] == pr for r, pr in zip(evalset, pred))
    print("evaluation: %d words, %s: token accuracy %.4f, sequence accuracy %.4f (%d of %d)"
          % (len(evalset), source, right / tokens, exact / len(evalset), exact, len(evalset)))
    if args.fixture:
        write_fixture(os.path.join(args.out, "fixture.txt"), model, fixture_words(evalset, args.fixture))
    if args.bf16_copy:
        save(args.bf16_copy, args.layout, args.format, cfg, model, "BF16")
        round_weights(model, "BF16")
        if args.fixture:
            write_fixture(os.path.join(args.bf16_copy, "fixture.txt"), model, fixture_words(evalset, args.fixture))


if __name__ == "__main__":
    main()
