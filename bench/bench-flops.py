#!/usr/bin/python3
"""Floating-point operations per token of a checkpoint's forward pass, from
its config.json alone (for the roofline columns of bench/bench-ssm-eval.sh):

    bench/bench-flops.py MODEL_DIR LENGTH      prints flops per token

Counted: the multiply-adds of every projection (the layers' linear maps,
the short convolutions, the MLP and the head; the embedding is a lookup),
those of the recurrence or of attention per token, on words of LENGTH
tokens (attention: the average over the positions of the keys a query
sees), 2 flops each. Norms, activations, gates and softmax are left out
(elementwise, a few flops per entry). The defaults are those lietool's
readers take for absent keys (src/io/*_read.c)."""
import json
import sys


def fla_mlp(c, d):
    """FLA's GatedMLP: gate, up (d -> i) and down (i -> d)."""
    i = c.get("intermediate_size")
    if not i:
        i = int(d * c.get("hidden_ratio", 4) * 2 / 3)
        i = 256 * ((i + 255) // 256)
    return 3 * d * i


def macs(c, length):
    """multiply-adds per token"""
    t = c.get("model_type", "")
    layers = c.get("num_hidden_layers", c.get("n_layers", 1))
    d = c.get("hidden_size", c.get("d_model"))
    head = d * c.get("n_classes", c.get("vocab_size"))
    if t == "lietool-diag":
        n, m = c["d_state"], c.get("d_mlp", 0)
        cx = c.get("eigenvalues") == "complex"
        sn = 2 * n if cx else n
        per = d * n * (2 if cx else 1) + 2 * d * sn + 2 * d * m + (4 * n if cx else 2 * n)
    elif t == "mamba":
        di = c.get("intermediate_size") or c.get("expand", 2) * d
        n, k = c.get("state_size", 16), c.get("conv_kernel", 4)
        r = c.get("time_step_rank") or -(-d // 16)
        if r == "auto":
            r = -(-d // 16)
        # in_proj (x, z), conv, x_proj (dt, B, C), dt_proj, the scan (state update and readout), out_proj
        per = d * 2 * di + di * k + di * (r + 2 * n) + r * di + 3 * di * n + di * d
    elif t == "mamba2":
        di = c.get("expand", 2) * d
        n, g, h, k = c.get("state_size", 128), c.get("n_groups", 8), c.get("num_heads", 128), c.get("conv_kernel", 4)
        conv = di + 2 * g * n
        # in_proj (z, x, B, C, dt), conv over x B C, the SSD recurrence (decay and input per state entry, readout), out_proj
        per = d * (2 * di + 2 * g * n + h) + conv * k + 3 * di * n + di * d
    elif t == "transformer":
        h = c.get("num_heads", 32)
        kvh = c.get("num_kv_heads") or h
        hd = d // h
        w = c.get("window_size") or length
        keys = sum(min(p + 1, w) for p in range(length)) / length
        # q, o (d x d), k, v (d x kv), q k^T and p v over the keys seen
        per = 2 * d * d + 2 * d * kvh * hd + 2 * h * hd * keys + fla_mlp(c, d)
    elif t in ("gla", "delta_net", "gated_deltaproduct"):
        h = c.get("num_heads", 4 if t == "gla" else 16 if t == "delta_net" else 6)
        if t == "gated_deltaproduct":
            kd = h * c.get("head_dim", 256)
            vd = int(kd * c.get("expand_v", 2.0))
        else:
            kd = int(d * c.get("expand_k", 0.5 if t == "gla" else 1.0))
            vd = int(d * c.get("expand_v", 1.0))
        dk, dv = kd // h, vd // h
        conv = c.get("conv_size", 4) if c.get("use_short_conv", t != "gla") else 0
        if t == "gla":
            gate = c.get("use_output_gate", True)
            # q, k, v, g, the low-rank gk (d -> 16 -> kd), o; S = diag(a) S + k v^T and q S per head
            per = 2 * d * kd + d * vd * (2 if gate else 1) + d * 16 + 16 * kd + vd * d + (2 * kd + vd) * conv
            per += 3 * h * dk * dv
        else:
            nh = c.get("num_householder", 1) if t == "gated_deltaproduct" else 1
            gate = c.get("use_output_gate", True) if t == "gated_deltaproduct" else c.get("use_gate", False)
            forget = t == "gated_deltaproduct" and c.get("use_forget_gate", True)
            beta = c.get("use_beta", True)
            # q, k and v (one per Householder), beta, the forget gate a, g, o
            per = d * kd + nh * d * (kd + vd) + (nh * d * h if beta else 0) + (d * h if forget else 0)
            per += (d * vd if gate else 0) + vd * d + (kd + nh * (kd + vd)) * conv
            # per head: k^T S and the rank-one update per Householder, the decay, q S
            per += h * dk * dv * (2 * nh + (1 if forget else 0) + 1)
        per += fla_mlp(c, d)
    else:
        raise SystemExit("bench-flops: unknown model_type %r" % t)
    return layers * per + head


def main():
    if len(sys.argv) != 3:
        raise SystemExit(__doc__)
    with open(sys.argv[1] + "/config.json") as f:
        c = json.load(f)
    print("%.0f" % (2 * macs(c, int(sys.argv[2]))))


if __name__ == "__main__":
    main()
