"""lietool in a PyTorch training loop (optional: imports torch).

    import lietool.hook
    metrics = lietool.hook.evaluate(model, "S3", length=64, samples=512, config=cfg)
    metrics["token_accuracy"], metrics["longest_prefix_90"], metrics["verdict"].exact_at_every_length

evaluate() hands the module's weights (its state_dict, as float32) and its
config to lietool's forward pass in memory, with no checkpoint written:
the result is `lietool ssm eval --json` on the checkpoint the module would
save, with the theory's verdict for its family and depth.
"""
import json
import struct

import torch

from . import UsageError, Verdict, _COMPUTE, _limits, _spec, DEFAULTS, _lietool

__all__ = ["evaluate", "safetensors_bytes", "config_of"]


def safetensors_bytes(state_dict):
    """The floating-point tensors of state_dict as the bytes of a model.safetensors (F32, little-endian)."""
    header, blobs, offset = {}, [], 0
    for name, t in state_dict.items():
        if not torch.is_tensor(t) or not t.is_floating_point():
            continue
        data = t.detach().to(device="cpu", dtype=torch.float32).contiguous().numpy().astype("<f4").tobytes()
        header[name] = {"dtype": "F32", "shape": list(t.shape), "data_offsets": [offset, offset + len(data)]}
        blobs.append(data)
        offset += len(data)
    text = json.dumps(header, separators=(",", ":")).encode()
    text += b" " * (-len(text) % 8)
    return struct.pack("<Q", len(text)) + text + b"".join(blobs)


def config_of(module, config=None):
    """The config.json of module: config as given (a dict), the module's
    lietool_config attribute, or a Hugging Face model's config.to_dict()."""
    if config is None:
        config = getattr(module, "lietool_config", None)
    if config is None and hasattr(getattr(module, "config", None), "to_dict"):
        config = module.config.to_dict()
    if not isinstance(config, dict):
        raise UsageError("ssm eval: the module's config.json is needed: pass config= (a dict), or set "
                         "module.lietool_config, or use a Hugging Face model with .config")
    return config


def evaluate(module, group, length, samples, seed=0, *, config=None, name="<module>", threshold=0.9, bos=None,
             offset=None, compute="f32", max_length=10000, max_samples=1000000,
             max_degree=DEFAULTS["max_degree"], max_order=DEFAULTS["max_order"], max_enum=DEFAULTS["max_enum"],
             max_memory=DEFAULTS["max_memory"], max_dim=DEFAULTS["max_dim"]):
    """The metrics and the verdict of a torch.nn.Module on a word problem, in the training loop.

    As lietool.ssm_eval() on the checkpoint the module would save
    (config.json: config, or see config_of; the weights: its state_dict
    in float32), without writing it: lietool runs the module's forward
    pass itself on `samples` words of length `length` of `group` (the
    words of dataset(group, length, samples, seed)). Returns the dict of
    `ssm eval --json` ("model" and "object" are name), with "verdict" a
    Verdict or None. The module is only read; its mode and gradients are
    left alone. compute: "f32" (default), "bf16", "f16" or None (the
    config's torch_dtype).
    """
    if not isinstance(module, torch.nn.Module):
        raise UsageError("ssm eval: evaluate() takes a torch.nn.Module, not %r" % (type(module).__name__,))
    if compute not in _COMPUTE:
        raise UsageError("ssm eval: --compute needs f32, bf16 or f16, not '%s'" % (compute,))
    for pname, v in (("length", length), ("samples", samples), ("seed", seed), ("bos", bos), ("offset", offset)):
        if v is not None and (isinstance(v, bool) or not isinstance(v, int)):
            raise UsageError("ssm eval: %s must be an int, not %r" % (pname, v))
    cfg = json.dumps(config_of(module, config))
    with torch.no_grad():
        weights = safetensors_bytes(module.state_dict())
    big = 2**62
    text = _lietool._ssm_eval_mem(str(name), cfg, weights, _spec(group), min(length, big), min(samples, big), seed,
                                  float(threshold), -1 if bos is None else bos, -1 if offset is None else offset,
                                  _COMPUTE[compute], 1, min(max_length, big), min(max_samples, big),
                                  **_limits(max_degree, max_order, max_enum, max_memory, max_dim))
    if text.get("verdict") is not None:
        text["verdict"] = Verdict(text["verdict"])
    return text
