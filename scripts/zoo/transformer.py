"""flash-linear-attention's transformer (model_type "transformer",
TransformerForCausalLM), read from fla-org/flash-linear-attention at commit
bc3b101dcb713ddc5bd8924b66754eb68b5ccf89: fla/models/transformer/
{configuration,modeling}_transformer.py, fla/layers/attn.py (Attention),
fla/modules/rotary.py (RotaryEmbedding, non-interleaved), fla/modules/mlp.py
(GatedMLP, swish), fla/modules/layernorm.py (RMSNorm). Blocks
    x <- x + o_proj(attn(RMSNorm(x))),  x <- x + down(silu(gate u) * up u), u = RMSNorm(x)
attention: q, k, v projections (qkv_bias), per-head RMSNorm of q and k
(qk_norm, eps 1e-5), rotary embeddings at positions 0..T-1 with
inv_freq_i = rope_theta^(-2i/head_dim) rotating the halves (x1, x2) to
(x1 cos - x2 sin, x2 cos + x1 sin), causal softmax with scale
1/sqrt(head_dim) (flash_attn_func's default), query head h reading kv head
h // (num_heads / num_kv_heads), an optional window of window_size
positions; norm, lm_head.
"""
import numpy as np

MODEL_TYPES = ["transformer"]
EMBEDDING = "model.embeddings.weight"


def add_args(p):
    g = p.add_argument_group("transformer")
    g.add_argument("--at-hidden", type=int, default=16)
    g.add_argument("--at-heads", type=int, default=4)
    g.add_argument("--at-kv-heads", type=int, help="num_kv_heads (grouped KV heads)")
    g.add_argument("--at-qk-norm", action="store_true")
    g.add_argument("--at-qkv-bias", action="store_true")
    g.add_argument("--at-window", type=int, help="window_size")
    g.add_argument("--at-theta", type=float, default=10000.0)
    g.add_argument("--at-ratio", type=int, default=2, help="hidden_ratio (intermediate_size from it)")
    g.add_argument("--at-intermediate", type=int, help="intermediate_size")
    g.add_argument("--at-tie", action="store_true", help="tie_word_embeddings")


def mlp_size(cfg):
    if cfg.get("intermediate_size") is not None:
        return cfg["intermediate_size"]
    r = cfg.get("hidden_ratio") or 4
    n = int(cfg["hidden_size"] * r * 2 / 3)
    return 256 * ((n + 256 - 1) // 256)


def make(a, rn):
    D, H, V = a.at_hidden, a.at_heads, a.vocab
    Hk = a.at_kv_heads or H
    hd = D // H
    cfg = {
        "model_type": "transformer", "architectures": ["TransformerForCausalLM"], "hidden_size": D,
        "num_hidden_layers": a.layers, "num_heads": H, "num_kv_heads": a.at_kv_heads, "qkv_bias": a.at_qkv_bias,
        "qk_norm": a.at_qk_norm, "window_size": a.at_window, "rope_theta": a.at_theta,
        "max_position_embeddings": 2048, "hidden_ratio": a.at_ratio, "intermediate_size": a.at_intermediate,
        "hidden_act": "swish", "initializer_range": 0.02, "elementwise_affine": True, "norm_eps": 1e-6,
        "use_cache": True, "pad_token_id": None, "bos_token_id": 1, "eos_token_id": 2,
        "tie_word_embeddings": a.at_tie, "fuse_norm": True, "fuse_swiglu": True, "fuse_cross_entropy": True,
        "fuse_linear_cross_entropy": False, "use_l2warp": False, "vocab_size": V, "attnres_block_size": None,
    }
    I = mlp_size(cfg)
    sd = {EMBEDDING: rn(V, D, scale=1.0)}
    for i in range(a.layers):
        p = f"model.layers.{i}."
        sd[p + "attn_norm.weight"] = 1 + rn(D, scale=0.1)
        sd[p + "attn.q_proj.weight"] = rn(D, D, scale=0.5)
        sd[p + "attn.k_proj.weight"] = rn(Hk * hd, D, scale=0.5)
        sd[p + "attn.v_proj.weight"] = rn(Hk * hd, D, scale=0.4)
        if a.at_qkv_bias:
            sd[p + "attn.q_proj.bias"] = rn(D, scale=0.2)
            sd[p + "attn.k_proj.bias"] = rn(Hk * hd, scale=0.2)
            sd[p + "attn.v_proj.bias"] = rn(Hk * hd, scale=0.2)
        sd[p + "attn.o_proj.weight"] = rn(D, D, scale=0.3)
        if a.at_qk_norm:
            sd[p + "attn.q_norm.weight"] = 1 + rn(hd, scale=0.2)
            sd[p + "attn.k_norm.weight"] = 1 + rn(hd, scale=0.2)
        sd[p + "mlp_norm.weight"] = 1 + rn(D, scale=0.1)
        sd[p + "mlp.gate_proj.weight"] = rn(I, D, scale=0.3)
        sd[p + "mlp.up_proj.weight"] = rn(I, D, scale=0.3)
        sd[p + "mlp.down_proj.weight"] = rn(D, I, scale=0.1)
    sd["model.norm.weight"] = 1 + rn(D, scale=0.1)
    if not a.at_tie:
        sd["lm_head.weight"] = rn(V, D, scale=0.5)
    return cfg, sd


def rms(x, w, eps):
    return x / np.sqrt((x * x).mean(-1, keepdims=True) + eps) * w


def rotary(x, theta):
    """x (T, heads, hd) at positions 0..T-1"""
    T, _, hd = x.shape
    inv = theta ** (-np.arange(0, hd, 2) / hd)
    f = np.arange(T)[:, None] * inv[None, :]
    c, s = np.cos(f)[:, None, :], np.sin(f)[:, None, :]
    x1, x2 = x[..., :hd // 2], x[..., hd // 2:]
    return np.concatenate([x1 * c - x2 * s, x2 * c + x1 * s], -1)


def forward(cfg, sd, tokens):
    D, H = cfg["hidden_size"], cfg["num_heads"]
    Hk = cfg.get("num_kv_heads") or H
    hd, eps, theta = D // H, cfg.get("norm_eps", 1e-6), cfg.get("rope_theta", 10000.0)
    W = cfg.get("window_size")
    x = sd[EMBEDDING][tokens]
    T = len(tokens)
    for i in range(cfg["num_hidden_layers"]):
        p = f"model.layers.{i}."
        u = rms(x, sd[p + "attn_norm.weight"], eps)
        proj = {}
        for n in "qkv":
            y = u @ sd[p + f"attn.{n}_proj.weight"].T
            if cfg.get("qkv_bias"):
                y = y + sd[p + f"attn.{n}_proj.bias"]
            proj[n] = y.reshape(T, -1, hd)
        q, k, v = proj["q"], proj["k"], proj["v"]
        if cfg.get("qk_norm"):
            q, k = rms(q, sd[p + "attn.q_norm.weight"], 1e-5), rms(k, sd[p + "attn.k_norm.weight"], 1e-5)
        q, k = rotary(q, theta), rotary(k, theta)
        o = np.zeros((T, H, hd))
        for h in range(H):
            kh = h // (H // Hk)
            s = q[:, h] @ k[:, kh].T / np.sqrt(hd)
            mask = np.tril(np.ones((T, T), bool))
            if W:
                mask &= np.triu(np.ones((T, T), bool), -(W - 1))
            s = np.where(mask, s, -np.inf)
            e = np.exp(s - s.max(1, keepdims=True))
            o[:, h] = (e / e.sum(1, keepdims=True)) @ v[:, kh]
        x = x + o.reshape(T, D) @ sd[p + "attn.o_proj.weight"].T
        u = rms(x, sd[p + "mlp_norm.weight"], eps)
        g = u @ sd[p + "mlp.gate_proj.weight"].T
        g = g / (1 + np.exp(-g)) * (u @ sd[p + "mlp.up_proj.weight"].T)
        x = x + g @ sd[p + "mlp.down_proj.weight"].T
    x = rms(x, sd["model.norm.weight"], eps)
    head = sd[EMBEDDING] if cfg.get("tie_word_embeddings") else sd["lm_head.weight"]
    return x @ head.T
