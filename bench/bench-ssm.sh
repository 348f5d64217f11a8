#!/bin/sh
# Timings of the simulator (lietool ssm) against the same computations in
# NumPy, measured in the same run.
#
#   sh bench/bench-ssm.sh ./lietool        (what 'make bench' runs)
#
# Speeds are tokens per CPU second of one process (process CPU time, so
# that other load on the machine does not skew them; the parallel scan's
# figure counts both of its threads' time), with wall-clock tokens per
# second beside them. NumPy runs single-threaded (OPENBLAS_NUM_THREADS=1)
# and without the OPENBLAS_CORETYPE/OPENBLAS_L2_SIZE overrides (they pick an older,
# slower kernel on some machines), so that NumPy runs at its best.
#
# The cases (both sides draw the same data from the same SplitMix64 stream,
# lt_rng in include/lietool/core.h, and their results are compared):
#   diag     a diagonal complex layer, d = 256 channels, T = 10^6 tokens
#            of 16 types: h_t = lam[x_t] h_(t-1) + beta[x_t], y_t = Re c.h_t.
#            lietool: 'ssm bench-diag' (the fused loop lt_scan_diag_tokens;
#            and the parallel Blelloch scan on blocks of 256 steps);
#            NumPy: (a) the loop over t with vector operations on the 256
#            channels (run on the first 10^5 tokens), (b) blocks of 64 steps
#            vectorised over time with cumprod/cumsum,
#            h = P (h0 + cumsum(beta/P)), P = cumprod(lam).
#   cascade  the abelian cascade of S4 and of C5 x A4 on one word of
#            T = 10^6 tokens, readout compared with the exact products.
#            lietool: 'ssm bench-cascade' (lockstep: all layers one token at
#            a time; sequential: layer after layer over the whole word;
#            parallel: the same with the parallel scan); NumPy: layer after
#            layer, vectorised over the word (cumprod of the phases, angle,
#            rint, table lookups), from the tables of 'lietool ssm tables'.
# ratio = lietool / the faster NumPy variant (above 1: lietool is faster);
# the goal is at least 3 on one core.
LIETOOL=${1:-./lietool}
PY=/usr/bin/python3
if ! $PY -c 'import numpy' 2>/dev/null; then
    if [ "$(id -u)" = 0 ]; then
        echo "installing python3-numpy"
        (apt-get update -qq || true) && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-numpy >/dev/null \
            || { echo "bench-ssm: apt-get install python3-numpy failed; skipped"; exit 0; }
    else
        echo "bench-ssm: NumPy is missing (sudo apt-get install -y python3-numpy); skipped"
        exit 0
    fi
fi
T=${BENCH_SSM_LENGTH:-1000000}
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
"$LIETOOL" ssm bench-diag --json --channels 256 --length "$T" --seed 1 > "$TMP/diag-seq.json" || exit 1
"$LIETOOL" ssm bench-diag --json --channels 256 --length "$T" --seed 1 --scan parallel > "$TMP/diag-par.json" || exit 1
for g in S4 'C5 x A4'; do
    f=$(echo "$g" | tr -d ' ')
    "$LIETOOL" ssm tables "$g" > "$TMP/tables-$f.json" || exit 1
    for s in lockstep sequential parallel; do
        "$LIETOOL" ssm bench-cascade --json "$g" --length "$T" --seed 1 --scan $s > "$TMP/cascade-$f-$s.json" || exit 1
    done
done
env -u OPENBLAS_CORETYPE -u OPENBLAS_L2_SIZE OPENBLAS_NUM_THREADS=1 OMP_NUM_THREADS=1 \
    $PY - "$TMP" "$T" <<'EOF'
import json, math, sys, time
import numpy as np

tmp, T = sys.argv[1], int(sys.argv[2])
M64 = np.uint64(0xFFFFFFFFFFFFFFFF)

class SplitMix:
    """lt_rng: SplitMix64, vectorised (state k = seed + k * gamma)."""
    def __init__(self, seed):
        self.k = 0
        self.seed = np.uint64(seed)
    def next(self, count):
        with np.errstate(over='ignore'):
            k = np.arange(self.k + 1, self.k + 1 + count, dtype=np.uint64)
            z = self.seed + k * np.uint64(0x9E3779B97F4A7C15)
            z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
            z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
            z = z ^ (z >> np.uint64(31))
        self.k += count
        return z
    def unif(self, count):
        return (self.next(count) >> np.uint64(11)).astype(np.float64) * 2.0 ** -53
    def below(self, n, count):
        """lt_rng_below: draws below 2^64 - (2^64 mod n), reduced mod n."""
        lim = (1 << 64) - ((1 << 64) % n)
        out, need = [], count
        while need > 0:
            k0 = self.k
            z = self.next(need)
            ok = np.nonzero(z < np.uint64(lim))[0] if lim < (1 << 64) else np.arange(z.size)
            take = ok[:need]
            out.append(z[take] % np.uint64(n))
            need -= take.size
            if need == 0 and take.size:
                self.k = k0 + int(take[-1]) + 1
        return np.concatenate(out).astype(np.int64)

def load(name):
    with open(f"{tmp}/{name}.json") as f:
        return json.load(f)

def cpu():
    return time.process_time()

rows = []

# ---- diag ----
d, ntok = 256, 16
r = SplitMix(1)
u = r.unif(2 * ntok * d)
rho, th = 0.9 + 0.1 * u[0::2], 2 * math.pi * u[1::2]
lam = (rho * np.cos(th) + 1j * rho * np.sin(th)).reshape(ntok, d)
beta = ((r.unif(ntok * d) - 0.5) + 1j * (r.unif(ntok * d) - 0.5)).reshape(ntok, d)
c = (r.unif(d) - 0.5) + 1j * (r.unif(d) - 0.5)
tok = r.below(ntok, T)

Tl = min(T, 100000)
h = np.ones(d, dtype=complex)
y = np.empty(Tl)
t0 = cpu()
for t in range(Tl):
    x = tok[t]
    h = lam[x] * h + beta[x]
    y[t] = (c[0:d].real @ h.real) - (c.imag @ h.imag)
np_loop = Tl / (cpu() - t0)

B = 64
h = np.ones(d, dtype=complex)
y = np.empty(T)
cr, ci = c.real.copy(), c.imag.copy()
t0 = cpu()
for s in range(0, T, B):
    xs = tok[s:s + B]
    P = np.cumprod(lam[xs], axis=0)
    H = P * (h[None, :] + np.cumsum(beta[xs] / P, axis=0))
    y[s:s + B] = H.real @ cr - H.imag @ ci
    h = H[-1]
np_block = T / (cpu() - t0)
seq, par = load("diag-seq"), load("diag-par")
chk = float(y.sum())
for name, res in (("fused loop", seq), ("parallel scan", par)):
    rel = abs(res["checksum"] - chk) / max(1.0, abs(chk))
    if rel > 1e-6:
        print(f"bench-ssm: diag {name}: checksum {res['checksum']} differs from NumPy's {chk}")
rows.append(("diag d=256", "numpy loop", np_loop, None))
rows.append(("diag d=256", "numpy blocked cumprod", np_block, None))
best = max(np_loop, np_block)
rows.append(("diag d=256", "lietool fused loop", seq["tokens_per_cpu_second"], seq["tokens_per_second"], best))
rows.append(("diag d=256", "lietool parallel scan", par["tokens_per_cpu_second"], par["tokens_per_second"], best))

# ---- cascades ----
for g in ("S4", "C5 x A4"):
    f = g.replace(" ", "")
    tb = load(f"tables-{f}")
    n = int(tb["order"])
    table = np.array(tb["table"], dtype=np.int64)
    layers = []
    for L in tb["layer"]:
        m = np.array(L["factors"], dtype=np.int64)
        e = np.array(L["exponents"], dtype=np.int64).reshape(n, len(m))
        radix = np.cumprod(np.concatenate(([1], m[:-1]))) if len(m) else m
        layers.append(dict(m=m, lam=np.exp(2j * np.pi * e / np.maximum(m, 1)), radix=radix,
                           code=np.array(L["code_to_coset"]), rep=np.array(L["transversal"]),
                           coc=np.array(L["cocycle"], dtype=np.int64)))
    word = SplitMix(1).below(n, T)
    t0 = cpu()
    x = word
    qs = []
    for L in layers:
        if len(L["m"]):
            hh = np.cumprod(L["lam"][x], axis=0)
            k = np.rint(np.angle(hh) * L["m"] / (2 * np.pi)).astype(np.int64) % L["m"]
            q = L["code"][k @ L["radix"]]
        else:
            q = np.zeros(T, dtype=np.int64)
        prev = np.concatenate(([0], q[:-1]))
        x = L["coc"][prev, x]
        qs.append(q)
    acc = layers[-1]["rep"][qs[-1]]
    for i in range(len(layers) - 2, -1, -1):
        acc = table[acc, layers[i]["rep"][qs[i]]]
    np_cas = T / (cpu() - t0)
    # the exact products, to check NumPy's readout
    exact = np.empty(T, dtype=np.int64)
    p = tb["identity"]
    tl = table.tolist()
    wl = word.tolist()
    for t in range(T):
        p = tl[p][wl[t]]
        exact[t] = p
    right = int((acc == exact).sum())
    if right != T:
        print(f"bench-ssm: NumPy cascade {g}: {T - right} wrong readouts")
    rows.append((f"cascade {g}", "numpy vectorised", np_cas, None))
    for s in ("lockstep", "sequential", "parallel"):
        res = load(f"cascade-{f}-{s}")
        if res["positions_right"] != T:
            print(f"bench-ssm: lietool cascade {g} {s}: {T - res['positions_right']} wrong readouts")
        rows.append((f"cascade {g}", f"lietool {s}", res["tokens_per_cpu_second"], res["tokens_per_second"], np_cas))

print(f"ssm benchmarks, T = {T} tokens (tokens per CPU second; wall clock in parentheses; ratio to the faster NumPy)")
print(f"{'case':<18} {'implementation':<24} {'tokens/cpu-s':>13} {'(wall)':>11} {'ratio':>7}")
for row in rows:
    case, impl, cps = row[0], row[1], row[2]
    wall = f"({row[3]:.3g})" if len(row) > 3 and row[3] else ""
    ratio = f"{cps / row[4]:.2f}" if len(row) > 4 else ""
    print(f"{case:<18} {impl:<24} {cps:>13.4g} {wall:>11} {ratio:>7}")
EOF
