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
            "num_householder": N})
    else:
        N, forget, beta = 1, False, a.dp_beta == "true"
        gate = a.dp_gate == "true"
        ev = 1.0 if a.dp_expand_v is None else a.dp_expand_v
        dk, dv = D // H, int(D * ev) // H
        cfg = F.config(a, "delta_net", "DeltaNetForCausalLM", {
            "attn_mode": "chunk", "expand_k": 1.0, "expand_v": ev, "use_gate": gate, "use_short_conv": conv,
            "allow_neg_eigval": neg, "conv_size": 4, "use_beta": beta, "use_output_norm": True, "num_heads": H,
            "qk_norm": "l2", "qk_activation": "silu"})
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


def mixer(cfg, sd, p, u):
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
