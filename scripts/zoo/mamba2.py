"""transformers' Mamba-2 (model_type "mamba2", Mamba2ForCausalLM), read from
huggingface/transformers src/transformers/models/mamba2/
{configuration,modeling}_mamba2.py (stored version of modeling at commit
020a37d2264e60dc7beb9634c3e87ad870073e2c): Mamba2Mixer.torch_forward as
the recurrence its chunked scan computes, per head h, with the group
g = h // (num_heads / n_groups):
    dt = clip(softplus(dt_raw + dt_bias), *time_step_limit), A = -exp(A_log)
    S_h <- exp(dt_h A_h) S_h + dt_h x_h B_g^T      (S_h: head_dim x state_size)
    y_h = S_h C_g + D_h x_h
then MambaRMSNormGated (y silu(z), RMS over all d_inner channels, times
norm.weight) and out_proj; blocks x + mixer(RMSNorm(x)); norm_f; lm_head.
lietool's own key signed_eigenvalues takes 2 exp(dt A) - 1 instead.
"""
import math

import numpy as np

MODEL_TYPES = ["mamba2"]
EMBEDDING = "backbone.embeddings.weight"


def add_args(p):
    g = p.add_argument_group("mamba2")
    g.add_argument("--m2-hidden", type=int, default=8)
    g.add_argument("--m2-head-dim", type=int, default=4)
    g.add_argument("--m2-state", type=int, default=4)
    g.add_argument("--m2-groups", type=int, default=1)
    g.add_argument("--m2-conv", type=int, default=4)
    g.add_argument("--m2-bias", action="store_true", help="use_bias (in_proj, out_proj)")
    g.add_argument("--m2-no-conv-bias", action="store_true")
    g.add_argument("--m2-limit", help="time_step_limit as MIN,MAX (default [0, Infinity])")
    g.add_argument("--m2-signed", action="store_true", help="lietool's signed_eigenvalues")
    g.add_argument("--m2-tie", action="store_true", help="tie_word_embeddings")
    g.add_argument("--m2-residual-reduced", action="store_true",
                   help="residual_in_fp32 false (the residual stream in the compute type)")


def make(a, rn):
    D, P, N, G, K, V = a.m2_hidden, a.m2_head_dim, a.m2_state, a.m2_groups, a.m2_conv, a.vocab
    Di = 2 * D
    H = Di // P
    Cd = Di + 2 * G * N
    cfg = {
        "model_type": "mamba2", "architectures": ["Mamba2ForCausalLM"], "vocab_size": V, "hidden_size": D,
        "state_size": N, "num_hidden_layers": a.layers, "layer_norm_epsilon": 1e-5, "expand": 2,
        "conv_kernel": K, "n_groups": G, "num_heads": H, "head_dim": P, "use_bias": a.m2_bias,
        "use_conv_bias": not a.m2_no_conv_bias, "hidden_act": "silu", "residual_in_fp32": not a.m2_residual_reduced,
        "time_step_rank": math.ceil(D / 16), "time_step_min": 0.001, "time_step_max": 0.1,
        "time_step_floor": 1e-4,
        "time_step_limit": [float(x) for x in a.m2_limit.split(",")] if a.m2_limit else [0.0, float("inf")],
        "rms_norm": True, "chunk_size": 256, "tie_word_embeddings": a.m2_tie,
        "pad_token_id": 1, "bos_token_id": 0, "eos_token_id": 2,
    }
    if a.m2_signed:
        cfg["signed_eigenvalues"] = True
    sd = {"backbone.embeddings.weight": rn(V, D, scale=1.0)}
    for i in range(a.layers):
        p = f"backbone.layers.{i}."
        sd[p + "norm.weight"] = 1 + rn(D, scale=0.1)
        sd[p + "mixer.in_proj.weight"] = rn(Di + Cd + H, D, scale=0.4)
        if a.m2_bias:
            sd[p + "mixer.in_proj.bias"] = rn(Di + Cd + H, scale=0.1)
        sd[p + "mixer.conv1d.weight"] = rn(Cd, 1, K, scale=0.5)
        if not a.m2_no_conv_bias:
            sd[p + "mixer.conv1d.bias"] = rn(Cd, scale=0.1)
        sd[p + "mixer.dt_bias"] = rn(H, scale=0.5)
        sd[p + "mixer.A_log"] = (np.log(np.arange(1, H + 1)) + rn(H, scale=0.1).double().numpy()).astype(np.float32)
        sd[p + "mixer.D"] = 1 + rn(H, scale=0.1)
        sd[p + "mixer.norm.weight"] = 1 + rn(Di, scale=0.1)
        sd[p + "mixer.out_proj.weight"] = rn(D, Di, scale=0.4)
        if a.m2_bias:
            sd[p + "mixer.out_proj.bias"] = rn(D, scale=0.1)
    sd["backbone.norm_f.weight"] = 1 + rn(D, scale=0.1)
    if not a.m2_tie:
        sd["lm_head.weight"] = rn(V, D, scale=0.5)
    import torch
    sd = {k: (torch.from_numpy(v) if isinstance(v, np.ndarray) else v) for k, v in sd.items()}
    return cfg, sd


def rms(x, w, eps):
    return x / np.sqrt((x * x).mean(-1, keepdims=True) + eps) * w


def silu(x):
    return x / (1 + np.exp(-x))


def softplus(x):
    return np.where(x > 20, x, np.log1p(np.exp(np.minimum(x, 20))))


def steps(cfg, sd, p, u):
    """in_proj, the causal convolution over xBC with silu, and dt"""
    D, N, G, H = cfg["hidden_size"], cfg["state_size"], cfg["n_groups"], cfg["num_heads"]
    Di = cfg["expand"] * D
    Cd = Di + 2 * G * N
    T = u.shape[0]
    z = u @ sd[p + "mixer.in_proj.weight"].T
    if cfg.get("use_bias"):
        z = z + sd[p + "mixer.in_proj.bias"]
    gate, xbc, dtr = z[:, :Di], z[:, Di:Di + Cd], z[:, Di + Cd:]
    w = sd[p + "mixer.conv1d.weight"][:, 0, :]
    K = w.shape[1]
    pad = np.vstack([np.zeros((K - 1, Cd)), xbc])
    conv = np.stack([(pad[t:t + K].T * w).sum(1) for t in range(T)])
    if cfg.get("use_conv_bias", True):
        conv = conv + sd[p + "mixer.conv1d.bias"]
    xc = silu(conv)
    lo, hi = cfg.get("time_step_limit") or [0.0, float("inf")]
    dt = np.clip(softplus(dtr + sd[p + "mixer.dt_bias"]), lo, hi)
    return gate, xc, dt


def mixer(cfg, sd, p, u):
    """Mamba2Mixer on the normed input u (T, hidden_size), the layer's
    parameters at p + "mixer.*" (scripts/zoo_naive_check.py checks it
    against transformers' torch_forward)"""
    D, N, G, H, P = cfg["hidden_size"], cfg["state_size"], cfg["n_groups"], cfg["num_heads"], cfg["head_dim"]
    Di, eps = cfg["expand"] * D, cfg.get("layer_norm_epsilon", 1e-5)
    signed = cfg.get("signed_eigenvalues", False)
    T = u.shape[0]
    gate, xc, dt = steps(cfg, sd, p, u)
    x = xc[:, :Di].reshape(T, H, P)
    B = xc[:, Di:Di + G * N].reshape(T, G, N)
    C = xc[:, Di + G * N:].reshape(T, G, N)
    A = -np.exp(sd[p + "mixer.A_log"])
    S = np.zeros((H, P, N))
    y = np.zeros((T, H, P))
    for t in range(T):
        for hh in range(H):
            g = hh // (H // G)
            a = np.exp(dt[t, hh] * A[hh])
            if signed:
                a = 2 * a - 1
            S[hh] = a * S[hh] + dt[t, hh] * np.outer(x[t, hh], B[t, g])
            y[t, hh] = S[hh] @ C[t, g] + sd[p + "mixer.D"][hh] * x[t, hh]
    y = y.reshape(T, Di) * silu(gate)
    y = rms(y, sd[p + "mixer.norm.weight"], eps)
    o = y @ sd[p + "mixer.out_proj.weight"].T
    if cfg.get("use_bias"):
        o = o + sd[p + "mixer.out_proj.bias"]
    return o


def forward(cfg, sd, tokens):
    eps = cfg.get("layer_norm_epsilon", 1e-5)
    h = sd[EMBEDDING][tokens]
    for i in range(cfg["num_hidden_layers"]):
        p = f"backbone.layers.{i}."
        h = h + mixer(cfg, sd, p, rms(h, sd[p + "norm.weight"], eps))
    h = rms(h, sd["backbone.norm_f.weight"], eps)
    head = sd[EMBEDDING] if cfg.get("tie_word_embeddings") else sd["lm_head.weight"]
    return h @ head.T


def norms(cfg, sd, tokens):
    """the first layer's generator norms max_h |log a_h| per position"""
    D = cfg["hidden_size"]
    eps = cfg.get("layer_norm_epsilon", 1e-5)
    h = sd[EMBEDDING][tokens]
    p = "backbone.layers.0."
    _, _, dt = steps(cfg, sd, p, rms(h, sd[p + "norm.weight"], eps))
    x = dt * -np.exp(sd[p + "mixer.A_log"])
    if cfg.get("signed_eigenvalues", False):
        v = 2 * np.exp(x) - 1
        return np.where(v > 0, np.abs(np.log(np.abs(v))), np.hypot(np.log(np.abs(v)), np.pi)).max(1)
    return np.abs(x).max(1)


# ---- forward_reduced: Mamba2ForCausalLM cast whole to bf16 or f16 (R), on the CPU ----
#
# What runs in which type (modeling_mamba2.py: Mamba2Block, Mamba2RMSNorm,
# Mamba2Mixer.torch_forward without a cache, MambaRMSNormGated; every
# parameter is R, A_log, D, dt_bias and the norms' weights included):
#   embedding lookup                                          R
#   Mamba2Block: x.to(R) into the norm; the residual          f32 (residual_in_fp32) or R
#   Mamba2RMSNorm: x.to(f32), mean of squares, rsqrt, x*r     f32, then .to(x's type)
#                  weight * that                              x's type (R in a block)
#   in_proj (+bias)                                           R op
#   conv1d (+bias) over xBC, then silu                        R ops
#   dt + dt_bias, softplus, clamp to time_step_limit          R ops
#   A = -exp(A_log.float())                                   f32
#   x, B, C .float(); x*dt, A*dt; the chunked SSD scan; D*x; y   f32
#   MambaRMSNormGated on that f32 y: y*silu(gate.to(f32)),
#     mean of squares, rsqrt, .to(y's type), weight * y        f32 (y is f32, so no rounding)
#   out_proj(y.to(R)) (+bias)                                 R op
#   the residual add                                          f32 + R -> f32 (or R + R -> R)
#   norm_f on the residual as it is (f32: weight*x in f32)
#   lm_head(x.to(R)), then .float()                           R op
# An R op is taken as the newer torch kernels compute it: in f32 from its
# R inputs, rounded once; a product sums in f32 and rounds once (the note
# before scripts/ckpt_reference.py's linear_bf16: Debian's torch 1.13 rounds
# more often in some bf16 kernels, and has no f16 products on the CPU). So
# every tensor below is f32 holding values of R, rounded by rnd(). Sums
# whose f32 order is not the model's own but the kernel's are taken
# correctly rounded, in float64 and then f32: the norms' mean of squares
# (torch's reduction order follows its vector width), and the scan with
# the gated norm, which torch_forward computes in f32 in the order of its
# chunked algorithm (chunk_size) and the CUDA kernels in theirs (the gate's
# silu with them): only y, rounded to R before out_proj, is the model's;
# the gated norm would magnify the f32 differences where the RMS of
# y silu(z) is small.

def forward_reduced(cfg, sd, tokens, dtype):
    import torch
    F = torch.nn.functional

    def rnd(x):
        return x.to(dtype).float()

    w = {k: rnd(v.float()) for k, v in sd.items()}              # model.to(dtype)
    D, N, G, H, P = cfg["hidden_size"], cfg["state_size"], cfg["n_groups"], cfg["num_heads"], cfg["head_dim"]
    Di, eps = cfg["expand"] * D, cfg.get("layer_norm_epsilon", 1e-5)
    Cd = Di + 2 * G * N
    res32 = cfg.get("residual_in_fp32", True)
    lo, hi = cfg.get("time_step_limit") or [0.0, float("inf")]
    signed = cfg.get("signed_eigenvalues", False)
    T = len(tokens)

    def ms(x):
        """x.pow(2).mean(-1) in f32: a sum in an order of torch's own (its
        vector width's), taken correctly rounded: in float64, then f32"""
        return x.double().pow(2).mean(-1, keepdim=True).float()

    def norm(x, wt, reduced_in):
        """Mamba2RMSNorm of x (whose type is R when reduced_in)"""
        y = x * torch.rsqrt(ms(x) + eps)
        return rnd(wt * rnd(y)) if reduced_in else wt * y

    x = w[EMBEDDING][torch.tensor(tokens)]                      # (T, D)
    for i in range(cfg["num_hidden_layers"]):
        p = f"backbone.layers.{i}.mixer."
        u = norm(rnd(x), w[f"backbone.layers.{i}.norm.weight"], True)
        z = rnd(F.linear(u, w[p + "in_proj.weight"], w.get(p + "in_proj.bias")))
        gate, xbc, dtr = z[:, :Di], z[:, Di:Di + Cd], z[:, Di + Cd:]
        K = w[p + "conv1d.weight"].shape[2]
        conv = F.conv1d(xbc.T[None], w[p + "conv1d.weight"], w.get(p + "conv1d.bias"), padding=K - 1, groups=Cd)
        xc = rnd(F.silu(rnd(conv[0, :, :T].T)))
        dt = rnd(rnd(F.softplus(rnd(dtr + w[p + "dt_bias"]))).clamp(lo, hi))
        xs = xc[:, :Di].reshape(T, H, P).double()               # the scan and the gated norm in float64
        B = xc[:, Di:Di + G * N].reshape(T, G, N).repeat_interleave(H // G, dim=1).double()
        C = xc[:, Di + G * N:].reshape(T, G, N).repeat_interleave(H // G, dim=1).double()
        A = -torch.exp(w[p + "A_log"])                           # f32
        S = torch.zeros(H, P, N, dtype=torch.float64)
        y = torch.zeros(T, H, P, dtype=torch.float64)
        for t in range(T):
            a = torch.exp(dt[t].double() * A.double())
            if signed:
                a = 2 * a - 1
            S = a[:, None, None] * S + (xs[t] * dt[t].double()[:, None])[:, :, None] * B[t][:, None, :]
            y[t] = (S @ C[t][:, :, None])[..., 0] + w[p + "D"].double()[:, None] * xs[t]
        y = y.reshape(T, Di) * F.silu(gate.double())
        y = w[p + "norm.weight"].double() * (y / torch.sqrt(y.pow(2).mean(-1, keepdim=True) + eps))
        o = rnd(F.linear(rnd(y.float()), w[p + "out_proj.weight"], w.get(p + "out_proj.bias")))
        x = x + o if res32 else rnd(x + o)
    x = norm(x, w["backbone.norm_f.weight"], not res32)
    head = w[EMBEDDING] if cfg.get("tie_word_embeddings") else w["lm_head.weight"]
    return rnd(F.linear(rnd(x), head)).double()
