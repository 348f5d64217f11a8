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


# ---- forward_reduced: TransformerForCausalLM cast whole to bf16 or f16 (R) ----
#
# FLA's layers run Triton kernels and flash-attn's flash_attn_func (CUDA;
# attn.py has no CPU path): each kernel loads its R inputs as f32, computes
# in f32 and rounds what it stores once. Here each is a few torch ops on
# the CPU computing the same way; where torch would use a bf16 kernel, the
# op runs in f32 and rnd() rounds its result once (newer torch's kernels:
# a product sums in f32 and rounds once). The sums the kernels take in f32
# in an order of their own (the norms' mean of squares, flash attention's
# q k^T, p @ v and l) are taken correctly rounded: in float64, then rounded
# to f32 by red(); every other op is f32. What runs in which type
# (modeling_transformer.py with its defaults fuse_norm and fuse_swiglu,
# layers/attn.py, modules/layernorm.py, rotary.py, mlp.py, activations.py;
# every parameter is R, the q and k norms' weights included):
#   embedding lookup; the residual stream                     R
#   attn_norm, model.norm (RMSNorm kernel): x / sqrt(mean(x^2) + eps) * w
#                                                             f32, rounded
#   q, k, v projections (+bias)                               R ops
#   q_norm, k_norm (the same, per head, eps 1e-5)             f32, rounded
#   rotary: inv_freq, t*inv_freq, cos, sin                    f32; the cache holds cos, sin .to(R)
#           x1 cos - x2 sin, x2 cos + x1 sin (kernel)         f32, rounded
#   attention (flash_attn_func; torch's CPU scaled_dot_product_attention
#     computes the same in its flash kernel): s = q k^T * scale, the row
#     max, p = exp(s - max), its sum l                         f32
#     p @ v                                                   p rounded to R, summed in f32
#     o = (p @ v) / l                                         f32, rounded
#   o_proj                                                    R op
#   mlp_norm(o, residual, prenorm) (the fused kernel): o + residual in f32,
#     normalised as it is (x*rstd*w rounded); the residual kept rounded
#   gate_proj, up_proj                                        R ops
#   swiglu kernel: g * sigmoid(g) * u                         f32, rounded
#   down_proj; the residual add                               R ops
#   lm_head (model.norm's output is R), then .float()         R op
# Every tensor below is f32 holding values of R.

def forward_reduced(cfg, sd, tokens, dtype):
    import torch
    F = torch.nn.functional

    def rnd(x):
        return x.to(dtype).float()

    def red(x):
        """a kernel's f32 sum, computed in float64: rounded to f32"""
        return x.float()

    def norm(x, w, e):
        return rnd(x * (1 / torch.sqrt(red(x.double().pow(2).mean(-1, keepdim=True)) + e)) * w)

    w = {k: rnd(v.float()) for k, v in sd.items()}              # model.to(dtype)
    D, H = cfg["hidden_size"], cfg["num_heads"]
    Hk = cfg.get("num_kv_heads") or H
    hd, eps, theta = D // H, cfg.get("norm_eps", 1e-6), cfg.get("rope_theta", 10000.0)
    W = cfg.get("window_size")
    T = len(tokens)
    inv = 1.0 / (theta ** (torch.arange(0, hd, 2, dtype=torch.float32) / hd))
    ang = torch.outer(torch.arange(T, dtype=torch.float32), inv)
    cos, sin = rnd(torch.cos(ang))[:, None, :], rnd(torch.sin(ang))[:, None, :]

    def rotary(x):
        x1, x2 = x[..., :hd // 2], x[..., hd // 2:]
        return rnd(torch.cat([x1 * cos - x2 * sin, x2 * cos + x1 * sin], -1))

    mask = torch.tril(torch.ones(T, T, dtype=torch.bool))
    if W:
        mask &= torch.triu(torch.ones(T, T, dtype=torch.bool), -(W - 1))
    x = w[EMBEDDING][torch.tensor(tokens)]                      # (T, D)
    for i in range(cfg["num_hidden_layers"]):
        p = f"model.layers.{i}."
        u = norm(x, w[p + "attn_norm.weight"], eps)
        q, k, v = (rnd(F.linear(u, w[p + f"attn.{n}_proj.weight"], w.get(p + f"attn.{n}_proj.bias"))).reshape(T, -1, hd)
                   for n in "qkv")
        if cfg.get("qk_norm"):
            q, k = norm(q, w[p + "attn.q_norm.weight"], 1e-5), norm(k, w[p + "attn.k_norm.weight"], 1e-5)
        q, k = rotary(q), rotary(k)
        o = torch.zeros(T, H, hd)
        for h in range(H):
            kh = h // (H // Hk)
            s = (red(q[:, h].double() @ k[:, kh].T.double()) * hd ** -0.5).masked_fill(~mask, float("-inf"))
            e = torch.exp(s - s.max(1, keepdim=True).values)
            o[:, h] = red((rnd(e).double() @ v[:, kh].double()) / e.double().sum(1, keepdim=True))
        s32 = x + rnd(F.linear(rnd(o).reshape(T, D), w[p + "attn.o_proj.weight"]))
        u = norm(s32, w[p + "mlp_norm.weight"], eps)
        x = rnd(s32)
        g = rnd(F.linear(u, w[p + "mlp.gate_proj.weight"]))
        m = rnd(g * torch.sigmoid(g) * rnd(F.linear(u, w[p + "mlp.up_proj.weight"])))
        x = rnd(x + rnd(F.linear(m, w[p + "mlp.down_proj.weight"])))
    x = norm(x, w["model.norm.weight"], eps)
    head = w[EMBEDDING] if cfg.get("tie_word_embeddings") else w["lm_head.weight"]
    return rnd(F.linear(x, head)).double()
