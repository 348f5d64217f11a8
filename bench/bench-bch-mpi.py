#!/usr/bin/python3
"""bch --mpi: the scaling at 1 and 2 ranks here, and a cost model for many ranks.

    python3 bench/bench-bch-mpi.py ./lietool        (what 'make bench' runs)

Measured here, one thread per rank (LIETOOL_THREADS=1): the wall time and
the peak memory of rank 0 (GNU time) of `mpirun -np P lietool bch D --mpi`
for P = 1, 2 at degrees 18, 20 and 22 (BENCH_BCH_MPI_MAX=20 stops earlier).

The model: lietool computes the odd classes of the symmetric series; a
class of s Lyndon words of degree n costs about s n^2 steps (its word
coefficients and its straight-line program; the triangular solve's s^2
bound, which --max-enum checks, is far from reached because the rows are
sparse), s from the necklace formula
s = (1/n) sum_{d | gcd(n, o)} mu(d) C(n/d, o/d). Time = start + steps x
seconds per step, fitted on the degrees below the largest measured; the
largest is predicted and the model's error printed. With P ranks the time
is at least max(total / P, largest class) steps (the largest class cannot
be split; the schedule is within 4/3 of that bound, Graham 1969), and every
rank holds the whole basis and its coefficients (bytes per basis element
fitted on the measured peaks). Extrapolated to 64 and 512 ranks at degrees
26, 28 and 30.
"""
import math
import os
import shutil
import subprocess
import sys
import tempfile
import time


def mobius(n):
    r, p = 1, 2
    while p * p <= n:
        if n % p == 0:
            n //= p
            if n % p == 0:
                return 0
            r = -r
        p += 1
    return -r if n > 1 else r


def classes(D):
    """[(n, o, s)] of the symmetric series' odd classes up to degree D."""
    out = []
    for n in range(1, D + 1, 2):
        for o in range(n + 1):
            g = math.gcd(n, o)
            s = sum(mobius(d) * math.comb(n // d, o // d) for d in range(1, g + 1) if g % d == 0) // n
            if s:
                out.append((n, o, s))
    return out


def dimension(D):
    """Lyndon words on 2 letters of degree <= D (Witt's formula)."""
    return sum(sum(mobius(d) * 2 ** (n // d) for d in range(1, n + 1) if n % d == 0) // n for n in range(1, D + 1))


def work(D):
    w = [s * n * n for n, o, s in classes(D)]
    return sum(w), max(w)


def run(lietool, D, P):
    """(wall seconds, rank 0's peak MB) of mpirun -np P lietool bch D --mpi."""
    env = dict(os.environ, LIETOOL_THREADS="1", OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_rmaps_base_oversubscribe="1")
    with tempfile.TemporaryDirectory() as d:
        tf = os.path.join(d, "time")
        cmd = ["mpirun", "--oversubscribe", "-np", str(P), "/usr/bin/time", "-f", "%M", "-o", tf, lietool, "bch",
               str(D), "--mpi"]
        t0 = time.perf_counter()
        p = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        t = time.perf_counter() - t0
        if p.returncode:
            sys.exit("bench-bch-mpi: %s failed: %s" % (" ".join(cmd), p.stderr[-400:]))
        with open(tf) as f:
            kb = max(int(x) for x in f.read().split() if x.isdigit())
    return t, kb / 1024


def main():
    lietool = sys.argv[1] if len(sys.argv) > 1 else "./lietool"
    if subprocess.run([lietool, "bch", "3", "--mpi"], capture_output=True).returncode == 2:
        print("bch --mpi: skipped (this lietool is built without MPI: apt-get install libopenmpi-dev openmpi-bin)")
        return
    if not shutil.which("mpirun") or not os.path.exists("/usr/bin/time"):
        print("bch --mpi: skipped (needs mpirun and GNU time)")
        return
    top = int(os.environ.get("BENCH_BCH_MPI_MAX", "22"))
    degrees = [D for D in (18, 20, 22) if D <= top]
    print("bch --mpi: mpirun -np P lietool bch D --mpi, one thread per rank, %d processors" % os.cpu_count())
    print("%-7s %12s %10s %10s %9s %11s" % ("degree", "steps", "1 rank s", "2 ranks s", "speedup", "rank 0 MB"))
    meas = {}
    for D in degrees:
        t1, m1 = run(lietool, D, 1)
        t2, m2 = run(lietool, D, 2)
        meas[D] = (t1, m1)
        print("%-7d %12.3g %10.2f %10.2f %9.2f %11.0f" % (D, work(D)[0], t1, t2, t1 / t2, m1))
    if len(degrees) < 2:
        return
    fit, last = degrees[:-1], degrees[-1]
    # time = start + steps x sec, memory = base + basis x mb: least squares on the lower degrees
    def line(xs, ys):
        n = len(xs)
        mx, my = sum(xs) / n, sum(ys) / n
        b = sum((x - mx) * (y - my) for x, y in zip(xs, ys)) / sum((x - mx) ** 2 for x in xs)
        return my - b * mx, b
    start, sec = line([work(D)[0] for D in fit], [meas[D][0] for D in fit])
    base, mb = line([dimension(D) for D in fit], [meas[D][1] for D in fit])
    pt, pm = start + sec * work(last)[0], base + mb * dimension(last)
    print("model fitted on degree %s: %.2f s to start, %.3g s per step; %.0f MB and %.0f bytes per basis element"
          % (", ".join(map(str, fit)), start, sec, base, mb * 1048576))
    print("model check at degree %d: time %.2f s predicted, %.2f s measured (error %+.0f%%); "
          "memory %.0f MB predicted, %.0f MB measured (error %+.0f%%)"
          % (last, pt, meas[last][0], 100 * (pt / meas[last][0] - 1), pm, meas[last][1],
             100 * (pm / meas[last][1] - 1)))
    print("%-7s %14s %13s %12s %12s %14s" % ("degree", "basis", "1 rank h", "64 ranks h", "512 ranks h", "per rank GB"))
    for D in (26, 28, 30):
        total, biggest = work(D)
        h = [(start + sec * max(total / P, biggest)) / 3600 for P in (1, 64, 512)]
        print("%-7d %14d %13.1f %12.2f %12.2f %14.1f" % (D, dimension(D), h[0], h[1], h[2],
                                                          (base + mb * dimension(D)) / 1024))
    print("(the 512-rank time is bounded by the largest class: the classes cannot be split)")


main()
