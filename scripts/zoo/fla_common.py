"""The parts of flash-linear-attention's models that every FLA
architecture shares, for scripts/zoo/gla.py and deltaproduct.py: the block
(attn_norm, the mixer, mlp_norm, GatedMLP), model.norm and lm_head, in
float64 NumPy from the published formulas (fla/models/gla/modeling_gla.py,
fla/modules/mlp.py, fla/modules/layernorm.py at fla-org/flash-linear-attention
commit bc3b101dcb713ddc5bd8924b66754eb68b5ccf89). No model_type: MODEL_TYPES
is empty, so zoo_reference.py registers nothing from here.
"""
import numpy as np

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
