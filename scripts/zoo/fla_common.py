"""The parts of flash-linear-attention's models that every FLA
architecture shares, for scripts/zoo/gla.py and deltaproduct.py: the block
(attn_norm, the mixer, mlp_norm, GatedMLP), model.norm and lm_head, in
float64 NumPy from the published formulas (fla/models/gla/modeling_gla.py,
fla/modules/mlp.py, fla/modules/layernorm.py at fla-org/flash-linear-attention
commit bc3b101dcb713ddc5bd8924b66754eb68b5ccf89). No model_type: MODEL_TYPES
is empty, so zoo_reference.py registers nothing from here.
"""
import numpy as np
import torch
import torch.nn.functional as TF

import ckpt_reference as C

MODEL_TYPES = []
EMBEDDING = "model.embeddings.weight"


def add_args(p):
    pass


def rmsnorm(x, w, eps):
    y = x / np.sqrt((x * x).mean(-1, keepdims=True) + eps)
    return y if w is None else y * w


def silu(x):
    return x / (1.0 + np.exp(-x))


def intermediate(cfg):
    if cfg.get("intermediate_size"):
        return cfg["intermediate_size"]
    ratio = cfg.get("hidden_ratio") or 4
    f = int(cfg["hidden_size"] * ratio * 2 / 3)
    return 256 * ((f + 255) // 256)


def config(a, model_type, arch, extra):
    """config.json as PretrainedConfig.save_pretrained writes an FLA config"""
    cfg = {"architectures": [arch], "model_type": model_type, "vocab_size": a.vocab, "hidden_size": a.fla_d_model,
           "num_hidden_layers": a.layers, "hidden_ratio": 4, "intermediate_size": a.fla_inter or None, "hidden_act": "swish",
           "norm_eps": 1e-6, "max_position_embeddings": 2048, "attn": None, "use_cache": True, "pad_token_id": None,
           "bos_token_id": 1, "eos_token_id": 2, "tie_word_embeddings": a.fla_tie, "initializer_range": 0.02,
           "fuse_norm": True, "fuse_swiglu": True, "fuse_cross_entropy": True, "fuse_linear_cross_entropy": False,
           "use_l2warp": False, "attnres_block_size": None, "transformers_version": "4.53.0"}
    cfg.update(extra)
    return cfg


def outer(a, rn, sd_layers):
    """the state dict: embeddings, the layers' tensors (sd_layers(i, sd)), norm, lm_head"""
    D, V = a.fla_d_model, a.vocab
    # tied: the embedding is also the head, kept at the head's scale
    sd = {"model.embeddings.weight": rn(V, D, scale=0.3 if a.fla_tie else 1.0)}
    F = a.fla_inter or intermediate({"hidden_size": D, "hidden_ratio": 4})
    for i in range(a.layers):
        p = f"model.layers.{i}."
        sd[p + "attn_norm.weight"] = 1 + rn(D, scale=0.1)
        sd_layers(i, sd)
        sd[p + "mlp_norm.weight"] = 1 + rn(D, scale=0.1)
        sd[p + "mlp.gate_proj.weight"] = rn(F, D)
        sd[p + "mlp.up_proj.weight"] = rn(F, D)
        sd[p + "mlp.down_proj.weight"] = rn(D, F, scale=0.3 / np.sqrt(F / D))
    sd["model.norm.weight"] = 1 + rn(D, scale=0.1)
    if not a.fla_tie:       # tied: save_pretrained leaves lm_head.weight out
        sd["lm_head.weight"] = rn(V, D)
    return sd


def forward(cfg, sd, tokens, mixer):
    """the logits (T, vocab) of FLA's <Name>ForCausalLM with the mixer
    mixer(cfg, sd, prefix, u) -> (T, hidden_size)"""
    eps = cfg.get("norm_eps", 1e-6)
    x = sd["model.embeddings.weight"][tokens]
    for i in range(cfg["num_hidden_layers"]):
        p = f"model.layers.{i}."
        x = x + mixer(cfg, sd, p + "attn.", rmsnorm(x, sd[p + "attn_norm.weight"], eps))
        u = rmsnorm(x, sd[p + "mlp_norm.weight"], eps)
        g, up = u @ sd[p + "mlp.gate_proj.weight"].T, u @ sd[p + "mlp.up_proj.weight"].T
        x = x + (silu(g) * up) @ sd[p + "mlp.down_proj.weight"].T
    x = rmsnorm(x, sd["model.norm.weight"], eps)
    head = sd["model.embeddings.weight"] if cfg.get("tie_word_embeddings", False) else sd["lm_head.weight"]
    return x @ head.T


def short_conv_silu(x, w):
    """ShortConvolution (depthwise, causal, no bias) then silu: w (C, 1, K)"""
    T, C = x.shape
    K = w.shape[2]
    xp = np.concatenate([np.zeros((K - 1, C)), x], 0)
    y = np.zeros_like(x)
    for k in range(K):
        y += xp[k:k + T] * w[:, 0, k]
    return silu(y)


def out_norm(o, g, w, eps):
    """per head (o: T x H x dv): RMSNorm, times silu(g) when g is given (FusedRMSNormGated)"""
    y = rmsnorm(o, w, eps)
    return y if g is None else y * silu(g)


def add_fla_args(p):
    if "--fla-d-model" in p._option_string_actions:      # shared by the FLA modules: once
        return
    p.add_argument("--fla-d-model", type=int, default=16, help="FLA: hidden_size")
    p.add_argument("--fla-inter", type=int, default=24, help="FLA: intermediate_size (0: null, from hidden_ratio)")
    p.add_argument("--fla-tie", action="store_true", help="FLA: tie_word_embeddings")


# ---- the reduced-precision forward pass (forward_reduced) ----
#
# FLA's <Name>ForCausalLM cast whole with .to(dtype) (bf16 or f16: every
# parameter, the norms' weights, A_log and dt_bias included), on a word of
# at most 64 tokens, where the layers run their fused_recurrent kernels
# (mode 'fused_recurrent' if q_len <= 64). FLA's Triton kernels (norms,
# activations, short convolution, recurrences) load their inputs as f32,
# compute in f32 and round their output once; torch's linear sums in f32
# and rounds once. What runs in which type, the block and the model
# (fla/models/<name>/modeling_<name>.py; the mixers in gla.py and
# deltaproduct.py):
#   embedding lookup                                         dtype
#   attn_norm, model.norm: fuse_norm (FLA's RMSNorm kernel)  f32, rounded once
#     fuse_norm false (torch's nn.RMSNorm): x * rsqrt(mean(x^2) + eps) in f32,
#     rounded, times the weight: a dtype op (rounded again)
#   the mixer's output (o_proj)                              dtype linear
#   x + mixer(...) into mlp_norm: fuse_norm: the norm kernel adds in f32 and
#     normalises that sum (f32, rounded once); the residual it passes on is
#     the sum rounded. fuse_norm false: a dtype add, then nn.RMSNorm
#   GatedMLP: gate_proj, up_proj                             dtype linears
#     swiglu: gate * sigmoid(gate) * up                      f32, rounded once
#     down_proj                                              dtype linear
#   the residual add after the MLP                           dtype add
#   lm_head                                                  dtype linear
# Debian's torch 1.13 has no f16 CPU kernels for linear, silu or sigmoid
# and rounds bf16 silu after each step (scripts/ckpt_reference.py):
# every op below is computed on f32 copies and rounded once (lin, act),
# which is what the newer kernels do; bf16 linears run torch's own kernel
# (ckpt_reference.linear_bf16, summed in f32 and rounded once).
# In f32 the formulas are the kernels' own where they differ from torch's
# by an f32 ulp (which can decide a rounding to dtype, and the difference
# then travels down the word): silu as x * sigmoid(x) in FLA's kernels,
# torch's F.silu as x / (1 + exp(-x)); the norms' sums of squares and the
# convolution's sum taken in float64 and rounded to f32 (the kernels' f32
# sums, in their own order, agree to an ulp; lietool sums in double).

def lin(x, w, b=None):
    """nn.Linear of dtype tensors: summed in f32, rounded once"""
    if x.dtype == torch.bfloat16:
        return C.linear_bf16(x, w, b)
    return TF.linear(x.float(), w.float(), None if b is None else b.float()).to(x.dtype)


def act(f, *xs):
    """an elementwise op of dtype tensors as FLA's kernels and torch's
    opmath run it: f on f32 copies, the result rounded once"""
    return f(*(x.float() for x in xs)).to(xs[0].dtype)


def mean_square(s):
    """the mean of squares over the last axis (s f32), summed in float64
    and rounded to f32: the kernels' f32 tl.sum, in an order of their
    own, agrees to an f32 ulp (lietool sums in double)"""
    return (s.double() ** 2).mean(-1, keepdim=True).float()


def rmsnorm_f32(s, w, eps):
    """s * rstd * w in f32 (s f32, w None or dtype), as FLA's norm kernels"""
    y = s * (1.0 / torch.sqrt(mean_square(s) + eps))
    return y if w is None else y * w.float()


def rms_fla(x, w, eps, residual=None):
    """FLA's RMSNorm kernel (fla/modules/layernorm.py): x (+ residual) in
    f32, x * rstd * w, rounded once; with residual also the sum rounded
    (prenorm=True: the residual passed on)"""
    s = x.float() if residual is None else x.float() + residual.float()
    return rmsnorm_f32(s, w, eps).to(x.dtype), s.to(x.dtype)


def rms_torch(x, w, eps):
    """torch's nn.RMSNorm (F.rms_norm, aten's rms_norm): x * rsqrt(mean(x^2)
    + eps) in f32, cast back, times the weight (a dtype op)"""
    s = x.float()
    y = (s * torch.rsqrt(mean_square(s) + eps)).to(x.dtype)
    return y if w is None else act(torch.mul, y, w)


def swish_f32(x):
    """x * sigmoid(x) in f32, as FLA's Triton kernels write silu/swish
    (torch's F.silu is x / (1 + exp(-x)): the same to an f32 ulp)"""
    return x * torch.sigmoid(x)


def short_conv_silu_reduced(x, w):
    """ShortConvolution's kernel: the causal sum (in float64 here, rounded
    to f32: the kernel's f32 sum agrees to an ulp), silu, rounded once"""
    T, Cn = x.shape
    K = w.shape[2]
    xp = torch.cat([torch.zeros(K - 1, Cn, dtype=torch.float64), x.double()], 0)
    y = torch.zeros(T, Cn, dtype=torch.float64)
    for k in range(K):
        y = y + xp[k:k + T] * w.double()[:, 0, k]
    return swish_f32(y.float()).to(x.dtype)


def out_norm_reduced(o, g, w, eps, fused):
    """the output norm per head (o: T x H x dv, dtype): FusedRMSNormGated
    (fused, g given): rmsnorm(o) w * g * sigmoid(g) in f32, rounded once;
    otherwise FLA's RMSNorm (rounded once), then, with g (gla without
    fuse_norm), times swish(g) (FLA's swish kernel): both a rounded op"""
    if g is not None and fused:
        return act(lambda a, b: rmsnorm_f32(a, w, eps) * b * torch.sigmoid(b), o, g)
    y = rms_fla(o, w, eps)[0]
    return y if g is None else act(torch.mul, y, act(swish_f32, g))


def forward_reduced(cfg, sd, tokens, dtype, mixer):
    """the logits (T, vocab), float64, of FLA's <Name>ForCausalLM cast to
    dtype, with the mixer mixer(cfg, sd, prefix, u) -> (T, hidden_size) in
    dtype (u in dtype)"""
    sd = {k: v.to(dtype) for k, v in sd.items()}
    eps = cfg.get("norm_eps", 1e-6)
    fused = cfg.get("fuse_norm", True)
    norm = (lambda x, w: rms_fla(x, w, eps)[0]) if fused else (lambda x, w: rms_torch(x, w, eps))
    x = sd["model.embeddings.weight"][torch.tensor(tokens)]
    for i in range(cfg["num_hidden_layers"]):
        p = f"model.layers.{i}."
        o = mixer(cfg, sd, p + "attn.", norm(x, sd[p + "attn_norm.weight"]))
        if fused:
            u, x = rms_fla(o, sd[p + "mlp_norm.weight"], eps, residual=x)
        else:
            x = act(torch.add, x, o)
            u = norm(x, sd[p + "mlp_norm.weight"])
        g, up = lin(u, sd[p + "mlp.gate_proj.weight"]), lin(u, sd[p + "mlp.up_proj.weight"])
        z = act(lambda a, b: swish_f32(a) * b, g, up)        # FLA's swiglu kernel
        x = act(torch.add, x, lin(z, sd[p + "mlp.down_proj.weight"]))
    x = norm(x, sd["model.norm.weight"])
    head = sd["model.embeddings.weight"] if cfg.get("tie_word_embeddings", False) else sd["lm_head.weight"]
    return lin(x, head).double()
