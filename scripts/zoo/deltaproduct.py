"""FLA's gated_deltaproduct (GatedDeltaProductForCausalLM) and delta_net
(DeltaNetForCausalLM), for scripts/zoo_reference.py, as
fla/layers/gated_deltaproduct.py, fla/layers/delta_net.py and their
configuration/modeling files write them, at fla-org/flash-linear-attention
commit bc3b101dcb713ddc5bd8924b66754eb68b5ccf89; the recurrence as
fla/ops/gated_delta_product/naive.py (DeltaNet: fla/ops/delta_rule, one
key per position, no gate). Float64 NumPy, written from the formulas;
nothing shared with lietool's C.

  per head, q and the N keys l2-normalised (x / sqrt(|x|^2 + 1e-6)):
    S <- exp(g_t) S;  for j = 1..N: S <- S + beta_j k_j (v_j - S^T k_j)^T
    o_t = S^T q_t / sqrt(d_k)
  beta = sigmoid(b_proj(x)) (x2 with allow_neg_eigval), g = -exp(A_log)
  softplus(a_proj(x) + dt_bias) (use_forget_gate), q/k/v through the short
  convolution and silu (or silu alone), output RMSNorm per head times
  silu(g_proj(x)) (use_output_gate / use_gate), o_proj.
"""
import numpy as np
import torch

from zoo import fla_common as F

MODEL_TYPES = ["gated_deltaproduct", "delta_net"]
EMBEDDING = F.EMBEDDING


def add_args(p):
    F.add_fla_args(p)
    g = p.add_argument_group("gated_deltaproduct, delta_net")
    g.add_argument("--dp-heads", type=int, default=2, help="num_heads")
    g.add_argument("--dp-head-dim", type=int, default=4, help="gated_deltaproduct: head_dim")
    g.add_argument("--dp-expand-v", type=float, default=None, help="expand_v (gated_deltaproduct 2, delta_net 1)")
    g.add_argument("--dp-householder", type=int, default=2, help="gated_deltaproduct: num_householder")
    g.add_argument("--dp-neg", choices=["true", "false"], default="true", help="allow_neg_eigval")
    g.add_argument("--dp-forget", choices=["true", "false"], default="true", help="gated_deltaproduct: use_forget_gate")
    g.add_argument("--dp-conv", choices=["true", "false"], default="true", help="use_short_conv")
    g.add_argument("--dp-gate", choices=["true", "false"], default=None,
                   help="use_output_gate (gated_deltaproduct, default true) / use_gate (delta_net, default false)")
    g.add_argument("--dp-beta", choices=["true", "false"], default="true", help="delta_net: use_beta")
    g.add_argument("--dp-no-fuse-norm", action="store_true", help="fuse_norm false (torch's nn.RMSNorm in the blocks)")


def make(a, rn):
    D, H = a.fla_d_model, a.dp_heads
    neg, conv = a.dp_neg == "true", a.dp_conv == "true"
    if a.arch == "gated_deltaproduct":
        N, forget, beta = a.dp_householder, a.dp_forget == "true", True
        gate = a.dp_gate != "false"
        ev = 2.0 if a.dp_expand_v is None else a.dp_expand_v
        dk = a.dp_head_dim
        dv = int(dk * ev)
        cfg = F.config(a, "gated_deltaproduct", "GatedDeltaProductForCausalLM", {
            "attn_mode": "chunk", "conv_size": 4, "head_dim": dk, "num_heads": H, "expand_v": ev,
            "use_output_gate": gate, "use_short_conv": conv, "use_forget_gate": forget, "allow_neg_eigval": neg,
            "num_householder": N, "fuse_norm": not a.dp_no_fuse_norm})
    else:
        N, forget, beta = 1, False, a.dp_beta == "true"
        gate = a.dp_gate == "true"
        ev = 1.0 if a.dp_expand_v is None else a.dp_expand_v
        dk, dv = D // H, int(D * ev) // H
        cfg = F.config(a, "delta_net", "DeltaNetForCausalLM", {
            "attn_mode": "chunk", "expand_k": 1.0, "expand_v": ev, "use_gate": gate, "use_short_conv": conv,
            "allow_neg_eigval": neg, "conv_size": 4, "use_beta": beta, "use_output_norm": True, "num_heads": H,
            "qk_norm": "l2", "qk_activation": "silu", "fuse_norm": not a.dp_no_fuse_norm})
    Kd, Vd = H * dk, H * dv

    def layer(i, sd):
        p = f"model.layers.{i}.attn."
        sd[p + "q_proj.weight"] = rn(Kd, D)
        sd[p + "k_proj.weight"] = rn(N * Kd, D)
        sd[p + "v_proj.weight"] = rn(N * Vd, D)
        if beta:
            sd[p + "b_proj.weight"] = rn(N * H, D)
        if forget:
            sd[p + "a_proj.weight"] = rn(H, D)
            sd[p + "A_log"] = rn(H, scale=0.5)
            sd[p + "dt_bias"] = rn(H, scale=0.5)
        if conv:
            for n, c in (("q", Kd), ("k", N * Kd), ("v", N * Vd)):
                sd[p + f"{n}_conv1d.weight"] = rn(c, 1, 4, scale=0.5)
        if gate:
            sd[p + "g_proj.weight"] = rn(Vd, D)
        sd[p + "o_norm.weight"] = 1 + rn(dv, scale=0.1)
        sd[p + "o_proj.weight"] = rn(D, Vd, scale=0.2)

    return cfg, F.outer(a, rn, layer)


def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def l2n(x):
    return x / np.sqrt((x * x).sum(-1, keepdims=True) + 1e-6)


def recurrence(q, k, v, beta, g=None):
    """The recurrence alone (fla/ops/gated_delta_product/naive.py; N = 1
    without g: fla/ops/delta_rule/naive.py's delta_rule_recurrence):
    q (T, H, d_k), the keys k (T, N, H, d_k), v (T, N, H, d_v), beta
    (T, N, H), the log gates g (T, H) or None -> o (T, H, d_v), from S = 0,
    o_t = S_t^T q_t / sqrt(d_k); scripts/zoo_naive_check.py checks it
    against the library's."""
    T, N, H, dk = k.shape
    S = np.zeros((H, dk, v.shape[3]))
    o = np.zeros((T, H, v.shape[3]))
    for t in range(T):
        if g is not None:
            S = S * np.exp(g[t])[:, None, None]
        for j in range(N):
            kj = k[t, j]
            u_ = beta[t, j][:, None] * (v[t, j] - np.einsum("hkv,hk->hv", S, kj))
            S = S + kj[:, :, None] * u_[:, None, :]
        o[t] = np.einsum("hk,hkv->hv", q[t] * dk ** -0.5, S)
    return o


def layer_dims(cfg):
    """heads, Householder factors, forget gate, beta, output gate, d_k, d_v"""
    D, H = cfg["hidden_size"], cfg["num_heads"]
    if cfg["model_type"] == "gated_deltaproduct":
        N, forget, beta_on = cfg.get("num_householder", 1), cfg.get("use_forget_gate", False), True
        gate = cfg.get("use_output_gate", True)
        dk = cfg.get("head_dim", 256)
        dv = int(dk * cfg.get("expand_v", 2.0))
    else:
        N, forget, beta_on = 1, False, cfg.get("use_beta", True)
        gate = cfg.get("use_gate", False)
        dk, dv = int(D * cfg.get("expand_k", 1.0)) // H, int(D * cfg.get("expand_v", 1.0)) // H
    return H, N, forget, beta_on, gate, dk, dv


def mixer(cfg, sd, p, u):
    H, N, forget, beta_on, gate, dk, dv = layer_dims(cfg)
    Kd, Vd = H * dk, H * dv
    T = u.shape[0]
    q, k, v = u @ sd[p + "q_proj.weight"].T, u @ sd[p + "k_proj.weight"].T, u @ sd[p + "v_proj.weight"].T
    if cfg.get("use_short_conv", True):
        q, k, v = (F.short_conv_silu(x, sd[p + n + "_conv1d.weight"]) for x, n in ((q, "q"), (k, "k"), (v, "v")))
    else:
        q, k, v = F.silu(q), F.silu(k), F.silu(v)
    q = l2n(q.reshape(T, H, dk))
    k = l2n(k.reshape(T, N, H, dk))         # '(n h d)'
    v = v.reshape(T, N, H, dv)
    beta = sigmoid(u @ sd[p + "b_proj.weight"].T).reshape(T, N, H) if beta_on else np.ones((T, N, H))
    if cfg.get("allow_neg_eigval", False):
        beta = beta * 2
    if forget:
        z = u @ sd[p + "a_proj.weight"].T + sd[p + "dt_bias"]
        g = -np.exp(sd[p + "A_log"]) * np.logaddexp(0.0, z)
    o = recurrence(q, k, v, beta, g if forget else None)
    gg = (u @ sd[p + "g_proj.weight"].T).reshape(T, H, dv) if gate else None
    o = F.out_norm(o, gg, sd[p + "o_norm.weight"], cfg.get("norm_eps", 1e-6))
    return o.reshape(T, Vd) @ sd[p + "o_proj.weight"].T


def forward(cfg, sd, tokens):
    return F.forward(cfg, sd, tokens, mixer)


# ---- in bf16/f16 (forward_reduced; the block: fla_common) ----
#
# The layers (fla/layers/gated_deltaproduct.py, delta_net.py) under
# model.to(dtype), T <= 64 (mode fused_recurrent):
#   q_proj, k_proj, v_proj, b_proj, a_proj, g_proj         dtype linears
#   ShortConvolution + silu, or F.silu alone               f32, rounded once
#   beta = b_proj(x).sigmoid()                             f32, rounded once
#   beta * 2 (allow_neg_eigval), use_beta false: ones      dtype (exact)
#   g = -exp(A_log.float()) * softplus(a_proj(x).float() + dt_bias)   f32
#   gated_deltaproduct: fused_recurrent_gated_delta_rule
#     (fla/ops/gated_delta_rule/fused_recurrent.py) with
#     use_qk_l2norm_in_kernel: q, k, v, beta loaded as f32, q and k
#     l2-normalised and q * scale in the kernel, the state and o = S^T q
#     f32; o rounded once
#   delta_net: fused_recurrent_delta_rule (fla/ops/delta_rule/fused_recurrent.py):
#     q and k l2-normalised first by l2norm_fwd (fla/modules/l2norm.py:
#     f32, rounded once), then the same kernel arithmetic in f32; o
#     rounded once
#   o_norm: FusedRMSNormGated with the gate (f32, rounded once), else
#     FLA's RMSNorm (rounded once)
#   o_proj                                                 dtype linear

def l2_sum(x):
    """the sum of squares over the last axis (x f32), summed in float64
    and rounded to f32 (the kernels' f32 tl.sum agrees to an ulp)"""
    return (x.double() ** 2).sum(-1, keepdim=True).float()


def recurrence_reduced(q, k, v, beta, g=None, l2_rounded=False):
    """the fused_recurrent kernels: q (T, H, d_k), k (T, N, H, d_k),
    v (T, N, H, d_v), beta (T, N, H) in dtype, g (T, H) f32 or None ->
    o (T, H, d_v) in dtype; q and k l2-normalised in f32 inside the kernel,
    or before it and rounded (l2_rounded: delta_net's l2norm_fwd); the
    state in f32"""
    T, N, H, dk = k.shape
    dtype = q.dtype
    if l2_rounded:       # l2norm_fwd: x * rstd
        qf, kf = (x.float() * (1.0 / torch.sqrt(l2_sum(x) + 1e-6)) for x in (q, k))
        qf, kf = qf.to(dtype).float(), kf.to(dtype).float()
    else:                # in the kernel: x / sqrt(...)
        qf, kf = (x.float() / torch.sqrt(l2_sum(x) + 1e-6) for x in (q, k))
    vf, bf = v.float(), beta.float()
    S = torch.zeros(H, dk, v.shape[3])
    o = torch.zeros(T, H, v.shape[3])
    for t in range(T):
        if g is not None:
            S = S * torch.exp(g[t])[:, None, None]
        for j in range(N):
            kj = kf[t, j]
            u_ = bf[t, j][:, None] * (vf[t, j] - (S * kj[:, :, None]).sum(1))
            S = S + kj[:, :, None] * u_[:, None, :]
        o[t] = (S * (qf[t] * dk ** -0.5)[:, :, None]).sum(1)
    return o.to(dtype)


def mixer_reduced(cfg, sd, p, u):
    H, N, forget, beta_on, gate, dk, dv = layer_dims(cfg)
    Kd, Vd = H * dk, H * dv
    T = u.shape[0]
    q, k, v = (F.lin(u, sd[p + n + "_proj.weight"]) for n in "qkv")
    if cfg.get("use_short_conv", True):
        q, k, v = (F.short_conv_silu_reduced(x, sd[p + n + "_conv1d.weight"]) for x, n in ((q, "q"), (k, "k"), (v, "v")))
    else:
        q, k, v = (F.act(torch.nn.functional.silu, x) for x in (q, k, v))
    if beta_on:
        beta = F.act(torch.sigmoid, F.lin(u, sd[p + "b_proj.weight"])).reshape(T, N, H)
    else:
        beta = torch.ones(T, N, H, dtype=u.dtype)
    if cfg.get("allow_neg_eigval", False):
        beta = beta * 2
    g = None
    if forget:
        z = F.lin(u, sd[p + "a_proj.weight"]).float() + sd[p + "dt_bias"].float()
        g = -sd[p + "A_log"].float().exp() * torch.nn.functional.softplus(z)
    o = recurrence_reduced(q.reshape(T, H, dk), k.reshape(T, N, H, dk), v.reshape(T, N, H, dv), beta, g,
                           l2_rounded=cfg["model_type"] == "delta_net")
    gg = F.lin(u, sd[p + "g_proj.weight"]).reshape(T, H, dv) if gate else None
    o = F.out_norm_reduced(o, gg, sd[p + "o_norm.weight"], cfg.get("norm_eps", 1e-6), True)
    return F.lin(o.reshape(T, Vd), sd[p + "o_proj.weight"])


def forward_reduced(cfg, sd, tokens, dtype):
    return F.forward_reduced(cfg, sd, tokens, dtype, mixer_reduced)
