"""FLA's gla (GLAForCausalLM), for scripts/zoo_reference.py: Gated Linear
Attention (Yang et al., ICML 2024) as fla/layers/gla.py and
fla/models/gla/{configuration,modeling}_gla.py write it, at
fla-org/flash-linear-attention commit bc3b101dcb713ddc5bd8924b66754eb68b5ccf89,
recurrent form (fla/ops/gla/naive.py). Float64 NumPy, written from the
formulas; nothing shared with lietool's C.

  per head: S_t = diag(exp(gk_t)) S_(t-1) + k_t v_t^T,  o_t = S_t^T q_t / sqrt(d_k)
  gk = logsigmoid(gk_proj.1(gk_proj.0(x))) / 16 (then clamp_min), output
  RMSNorm per head times silu(g_proj(x)) (use_output_gate), o_proj.
"""
import numpy as np
import torch

from zoo import fla_common as F

MODEL_TYPES = ["gla"]
EMBEDDING = F.EMBEDDING


def add_args(p):
    F.add_fla_args(p)
    g = p.add_argument_group("gla")
    g.add_argument("--gla-heads", type=int, default=2, help="num_heads")
    g.add_argument("--gla-expand-k", type=float, default=0.5, help="expand_k (the paper: 1)")
    g.add_argument("--gla-expand-v", type=float, default=1.0, help="expand_v")
    g.add_argument("--gla-short-conv", action="store_true", help="use_short_conv")
    g.add_argument("--gla-no-output-gate", action="store_true", help="use_output_gate false")
    g.add_argument("--gla-clamp-min", type=float, default=None, help="clamp_min")
    g.add_argument("--gla-no-fuse-norm", action="store_true", help="fuse_norm false (g_norm instead of g_norm_swish_gate)")


def make(a, rn):
    D, H = a.fla_d_model, a.gla_heads
    Kd, Vd = int(D * a.gla_expand_k), int(D * a.gla_expand_v)
    gate = not a.gla_no_output_gate
    cfg = F.config(a, "gla", "GLAForCausalLM", {
        "expand_k": a.gla_expand_k, "expand_v": a.gla_expand_v, "num_heads": H, "num_kv_heads": None,
        "feature_map": None, "attn_mode": "chunk", "use_short_conv": a.gla_short_conv, "conv_size": 4,
        "use_output_gate": gate, "clamp_min": a.gla_clamp_min, "elementwise_affine": True, "use_gk": True,
        "use_gv": False, "fuse_norm": not a.gla_no_fuse_norm})

    def layer(i, sd):
        p = f"model.layers.{i}.attn."
        sd[p + "q_proj.weight"] = rn(Kd, D)
        sd[p + "k_proj.weight"] = rn(Kd, D)
        sd[p + "v_proj.weight"] = rn(Vd, D)
        if gate:
            sd[p + "g_proj.weight"] = rn(Vd, D)
        if a.gla_short_conv:
            for n, c in (("q", Kd), ("k", Kd), ("v", Vd)):
                sd[p + f"{n}_conv1d.weight"] = rn(c, 1, 4, scale=0.5)
        sd[p + "gk_proj.0.weight"] = rn(16, D)
        sd[p + "gk_proj.1.weight"] = rn(Kd, 16)
        sd[p + "gk_proj.1.bias"] = rn(Kd, scale=1.0) + 3.0     # gates near exp(logsigmoid(3)/16)
        sd[p + "o_proj.weight"] = rn(D, Vd, scale=0.2)
        norm = "g_norm_swish_gate" if gate and not a.gla_no_fuse_norm else "g_norm"
        sd[p + norm + ".weight"] = 1 + rn(Vd // H, scale=0.1)

    return cfg, F.outer(a, rn, layer)


def logsigmoid(x):
    return -np.logaddexp(0.0, -x)


def recurrence(q, k, v, gk):
    """The recurrence alone (fla/ops/gla/naive.py's naive_recurrent_gla):
    q, k, gk (T, H, d_k), v (T, H, d_v) -> o (T, H, d_v), from S = 0;
    scripts/zoo_naive_check.py checks it against the library's."""
    T, H, dk = q.shape
    o = np.zeros((T, H, v.shape[2]))
    S = np.zeros((H, dk, v.shape[2]))
    for t in range(T):
        S = np.exp(gk[t])[:, :, None] * S + k[t][:, :, None] * v[t][:, None, :]
        o[t] = np.einsum("hk,hkv->hv", q[t] * dk ** -0.5, S)
    return o


def mixer(cfg, sd, p, u):
    D, H = cfg["hidden_size"], cfg["num_heads"]
    Kd, Vd = int(D * cfg.get("expand_k", 0.5)), int(D * cfg.get("expand_v", 1.0))
    dk, dv = Kd // H, Vd // H
    T = u.shape[0]
    q, k, v = u @ sd[p + "q_proj.weight"].T, u @ sd[p + "k_proj.weight"].T, u @ sd[p + "v_proj.weight"].T
    if cfg.get("use_short_conv", False):
        q, k, v = (F.short_conv_silu(x, sd[p + n + "_conv1d.weight"]) for x, n in ((q, "q"), (k, "k"), (v, "v")))
    gk = logsigmoid((u @ sd[p + "gk_proj.0.weight"].T) @ sd[p + "gk_proj.1.weight"].T + sd[p + "gk_proj.1.bias"]) / 16
    if cfg.get("clamp_min") is not None:
        gk = np.maximum(gk, cfg["clamp_min"])
    q, k, gk = (x.reshape(T, H, dk) for x in (q, k, gk))
    o = recurrence(q, k, v.reshape(T, H, dv), gk)
    gate = cfg.get("use_output_gate", True)
    fused = gate and cfg.get("fuse_norm", True)
    w = sd.get(p + ("g_norm_swish_gate" if fused else "g_norm") + ".weight")
    g = (u @ sd[p + "g_proj.weight"].T).reshape(T, H, dv) if gate else None
    o = F.out_norm(o, g, w, cfg.get("norm_eps", 1e-6))
    return o.reshape(T, Vd) @ sd[p + "o_proj.weight"].T


def forward(cfg, sd, tokens):
    return F.forward(cfg, sd, tokens, mixer)


# ---- in bf16/f16 (forward_reduced; the block: fla_common) ----
#
# The GLA layer (fla/layers/gla.py) under model.to(dtype), T <= 64
# (fused_recurrent_gla, fla/ops/common/fused_recurrent.py):
#   q_proj, k_proj, v_proj, g_proj, gk_proj.0, gk_proj.1 (+bias)   dtype linears
#   ShortConvolution (use_short_conv): causal sum, silu    f32, rounded once
#   F.logsigmoid(gk)                                       f32, rounded once
#   / gate_logit_normalizer (16), clamp_min                dtype ops
#   the recurrence: q, k, v, gk loaded as f32, q * scale, exp(gk), the
#     state S and o = S^T q                                f32; o rounded once
#   g_norm_swish_gate (FusedRMSNormGated): rmsnorm(o) w * swish(g)  f32, rounded once
#   without fuse_norm: g_norm (FLA's RMSNorm, rounded once) * swish(g)
#     (FLA's swish kernel, rounded once): a dtype product
#   o_proj                                                 dtype linear

def recurrence_reduced(q, k, v, gk):
    """fused_recurrent_gla's kernel: q, k, gk (T, H, d_k), v (T, H, d_v)
    in dtype -> o (T, H, d_v) in dtype; the state in f32"""
    T, H, dk = q.shape
    qf, kf, vf, gf = (x.float() for x in (q, k, v, gk))
    S = torch.zeros(H, dk, v.shape[2])
    o = torch.zeros(T, H, v.shape[2])
    for t in range(T):
        S = torch.exp(gf[t])[:, :, None] * S + kf[t][:, :, None] * vf[t][:, None, :]
        o[t] = (S * (qf[t] * dk ** -0.5)[:, :, None]).sum(1)
    return o.to(q.dtype)


def mixer_reduced(cfg, sd, p, u):
    D, H = cfg["hidden_size"], cfg["num_heads"]
    Kd, Vd = int(D * cfg.get("expand_k", 0.5)), int(D * cfg.get("expand_v", 1.0))
    dk, dv = Kd // H, Vd // H
    T = u.shape[0]
    q, k, v = (F.lin(u, sd[p + n + "_proj.weight"]) for n in "qkv")
    if cfg.get("use_short_conv", False):
        q, k, v = (F.short_conv_silu_reduced(x, sd[p + n + "_conv1d.weight"]) for x, n in ((q, "q"), (k, "k"), (v, "v")))
    gk = F.lin(F.lin(u, sd[p + "gk_proj.0.weight"]), sd[p + "gk_proj.1.weight"], sd[p + "gk_proj.1.bias"])
    gk = F.act(lambda x: torch.nn.functional.logsigmoid(x), gk)
    gk = F.act(lambda x: x / 16, gk)
    if cfg.get("clamp_min") is not None:
        gk = torch.maximum(gk, torch.tensor(cfg["clamp_min"], dtype=gk.dtype))
    o = recurrence_reduced(*(x.reshape(T, H, dk) for x in (q, k)), v.reshape(T, H, dv), gk.reshape(T, H, dk))
    gate = cfg.get("use_output_gate", True)
    fused = gate and cfg.get("fuse_norm", True)
    w = sd.get(p + ("g_norm_swish_gate" if fused else "g_norm") + ".weight")
    g = F.lin(u, sd[p + "g_proj.weight"]).reshape(T, H, dv) if gate else None
    o = F.out_norm_reduced(o, g, w, cfg.get("norm_eps", 1e-6), fused)
    return F.lin(o.reshape(T, Vd), sd[p + "o_proj.weight"])


def forward_reduced(cfg, sd, tokens, dtype):
    return F.forward_reduced(cfg, sd, tokens, dtype, mixer_reduced)
