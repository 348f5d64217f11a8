#!/bin/sh
# scripts/train_wordproblem.py's parallel scans (recursive doubling, used in
# training) against its sequential loops (the order of operations of
# lietool's forward pass, used for every prediction the tests compare): for
# every architecture with a recurrence (lietool-diag with positive, signed
# and complex eigenvalues, Mamba-1 plain and signed, Mamba-2, GLA, Gated
# DeltaProduct with 1 and 2 Householders, DeltaNet), a randomly initialised
# model in f64 on words of mixed lengths up to 64: the logits of the two
# forms agree to 1e-5 relative to their scale, and so do the gradients of
# a loss. Also the scan helpers alone on random affine maps, and the
# recipe's trainer options (--recipe learn fills only what is not given).
# Needs Debian's python3-torch. Ends with "scan: N passed, N failed".
NAME=scan
. "$(dirname "$0")/torch-env.sh"
cat >$T/scan.py <<'PY'
import sys
sys.path.insert(0, sys.argv[1])
import torch
import train_wordproblem as tw

torch.manual_seed(0)
torch.set_default_dtype(torch.float64)
passed = failed = 0


def check(name, ok, detail=""):
    global passed, failed
    if ok:
        passed += 1
    else:
        failed += 1
        print("FAIL scan: %s %s" % (name, detail))


def close(a, b, tol=1e-5):
    scale = max(float(a.abs().max()), float(b.abs().max()), 1e-30)
    return float((a - b).abs().max()) <= tol * scale, float((a - b).abs().max()) / scale


# the helpers: h_t = a_t h_(t-1) + b_t from h_0 = 0
for T in (1, 2, 3, 7, 64, 100):
    a, b = torch.rand(3, T, 5) * 2 - 1, torch.randn(3, T, 5)
    h, want = torch.zeros(3, 5), []
    for t in range(T):
        h = a[:, t] * h + b[:, t]
        want.append(h)
    ok, err = close(tw.scan_real(a, b), torch.stack(want, 1))
    check("scan_real T=%d" % T, ok, err)
    ar, ai, br, bi = torch.randn(4, 2, T, 3).unbind(0)
    hr, hi, wr, wi = torch.zeros(2, 3), torch.zeros(2, 3), [], []
    for t in range(T):
        hr, hi = ar[:, t] * hr - ai[:, t] * hi + br[:, t], ar[:, t] * hi + ai[:, t] * hr + bi[:, t]
        wr.append(hr)
        wi.append(hi)
    gr, gi = tw.scan_complex(ar * 0.5, ai * 0.5, br, bi)
    hr, hi, wr, wi = torch.zeros(2, 3), torch.zeros(2, 3), [], []
    for t in range(T):
        hr, hi = 0.5 * (ar[:, t] * hr - ai[:, t] * hi) + br[:, t], 0.5 * (ar[:, t] * hi + ai[:, t] * hr) + bi[:, t]
        wr.append(hr)
        wi.append(hi)
    ok1, e1 = close(gr, torch.stack(wr, 1))
    ok2, e2 = close(gi, torch.stack(wi, 1))
    check("scan_complex T=%d" % T, ok1 and ok2, (e1, e2))
    A, B = torch.randn(2, T, 3, 4, 4) * 0.5, torch.randn(2, T, 3, 4, 2)
    S, want = torch.zeros(2, 3, 4, 2), []
    for t in range(T):
        S = A[:, t] @ S + B[:, t]
        want.append(S)
    ok, err = close(tw.scan_matrix(A, B), torch.stack(want, 1))
    check("scan_matrix T=%d" % T, ok, err)


class Args:
    pass


def config(arch, **kw):
    a = Args()
    a.arch, a.d_model, a.d_state, a.layers, a.d_mlp, a.head_dim, a.heads = arch, 16, 4, 2, 24, 4, 2
    a.eigenvalues, a.gla_expand_k, a.dp_householder, a.dp_neg, a.layout = "positive", 1.0, 2, "true", "hf"
    for k, v in kw.items():
        setattr(a, k, v)
    return tw.config_for(a, 6, 6)


cases = [("diag", dict(eigenvalues="positive")), ("diag", dict(eigenvalues="signed")),
         ("diag", dict(eigenvalues="complex")), ("mamba", dict()), ("mamba", dict(eigenvalues="signed")),
         ("mamba2", dict()), ("mamba2", dict(eigenvalues="signed")), ("gla", dict()),
         ("gated_deltaproduct", dict(dp_householder=1)), ("gated_deltaproduct", dict()),
         ("gated_deltaproduct", dict(dp_neg="false")), ("delta_net", dict())]
X = torch.randint(0, 6, (3, 64))
for arch, kw in cases:
    job = dict(arch=arch, cfg=config(arch, **kw), rot=False, d_model=16)
    torch.manual_seed(1)
    model = tw.build(job)
    outs, grads = [], []
    for scan in ("sequential", "parallel"):
        tw.SCAN = scan
        model.zero_grad()
        y = model(X)
        y.pow(2).mean().backward()
        outs.append(y.detach())
        grads.append(torch.cat([p.grad.flatten() for p in model.parameters() if p.grad is not None]))
    tw.SCAN = "sequential"
    ok1, e1 = close(*outs)
    ok2, e2 = close(*grads)
    name = "%s %s" % (arch, " ".join("%s=%s" % kv for kv in kw.items()))
    check(name + " logits", ok1, e1)
    check(name + " gradients", ok2, e2)

# --recipe learn: its values where an option is not given, the option where it is
p_args = Args()
for k in tw.RECIPE:
    setattr(p_args, k, None)
tw.apply_recipe(p_args, ["--steps", "7", "--lr=0.5", "--d-model", "8"])
check("recipe keeps the options given", p_args.steps is None and p_args.lr is None and p_args.d_model is None)
check("recipe fills the rest", p_args.batch == tw.RECIPE["batch"] and p_args.scan == "parallel"
      and p_args.early_stop == tw.RECIPE["early_stop"])
print("scan: %d passed, %d failed" % (passed, failed))
PY
out=$($PY $T/scan.py "$(cd "$(dirname "$0")/../scripts" && pwd)" 2>&1)
printf '%s\n' "$out" | grep -v '^scan: [0-9]* passed'
line=$(printf '%s\n' "$out" | grep -E '^scan: [0-9]+ passed, [0-9]+ failed$')
if [ -z "$line" ]; then
    printf '%s\n' "$out" | tail -n 20
    echo "scan: 0 passed, 1 failed"
    exit 1
fi
echo "$line"
case $line in *" 0 failed") exit 0 ;; *) exit 1 ;; esac
