#!/usr/bin/python3
"""bch --mpi: the scaling at 1, 2 and 4 ranks here, and a cost model for many ranks.

    python3 bench/bench-bch-mpi.py ./lietool        (what 'make bench' runs)

Measured here, one thread per rank (LIETOOL_THREADS=1): the wall time and
the peak memory of each rank (GNU time) of `mpirun -np P lietool bch D
--table --mpi` for P = 1, 2, 4 at degrees 18, 20 and 22
(BENCH_BCH_MPI_MAX=20 stops earlier); 4 ranks share the 2 processors here,
so their time says little, their memory what it is.

The model: lietool computes the odd classes of the symmetric series; a
class of s Lyndon words of degree n costs about s n^2 + 2 s^2 steps (its
word coefficients and its straight-line program, and the triangular
solve; what --max-enum and bch --estimate count), s from the necklace
formula
s = (1/n) sum_{d | gcd(n, o)} mu(d) C(n/d, o/d). Time = start + steps x
seconds per step, fitted on the degrees below the largest measured; the
largest is predicted and the model's error printed. With P ranks the time
is at least max(total / P, largest class) steps (the largest class cannot
be split; the schedule is within 4/3 of that bound, Graham 1969). Memory:
rank 0 holds the basis and the series it prints (bytes per basis element
fitted on rank 0's peaks with 4 ranks), every other rank only the class
it runs (bytes per word of the largest class, fitted on the other ranks'
peaks). Extrapolated to 64 and 512 ranks at degrees 26, 28 and 30.
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
    w = [s * n * n + 2 * s * s for n, o, s in classes(D)]
    return sum(w), max(w)


def largest(D):
    """The words of the largest class of degree <= D."""
    return max(s for n, o, s in classes(D))


def run(lietool, D, P):
    """(wall seconds, rank 0's peak MB, the largest peak of the other ranks in MB or 0)
    of mpirun -np P lietool bch D --table --mpi."""
    env = dict(os.environ, LIETOOL_THREADS="1", OMPI_ALLOW_RUN_AS_ROOT="1", OMPI_ALLOW_RUN_AS_ROOT_CONFIRM="1",
               OMPI_MCA_rmaps_base_oversubscribe="1")
    with tempfile.TemporaryDirectory() as d:
        tf = os.path.join(d, "time")
        # each rank its own file (Open MPI names the rank in OMPI_COMM_WORLD_RANK)
        cmd = ["mpirun", "--oversubscribe", "-np", str(P), "sh", "-c",
               'exec /usr/bin/time -f %M -o "$0.$OMPI_COMM_WORLD_RANK" "$@"', tf, lietool, "bch", str(D),
               "--table", "--mpi"]
        t0 = time.perf_counter()
        p = subprocess.run(cmd, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        t = time.perf_counter() - t0
        if p.returncode:
            sys.exit("bench-bch-mpi: %s failed: %s" % (" ".join(cmd), p.stderr[-400:]))
        kb = []
        for r in range(P):
            with open("%s.%d" % (tf, r)) as f:
                kb.append(max(int(x) for x in f.read().split() if x.isdigit()))
    return t, kb[0] / 1024, max(kb[1:], default=0) / 1024


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
    print("bch --mpi: mpirun -np P lietool bch D --table --mpi, one thread per rank, %d processors" % os.cpu_count())
    print("%-7s %12s %10s %10s %9s %10s %19s %19s" % ("degree", "steps", "1 rank s", "2 ranks s", "speedup",
                                                      "1 rank MB", "2 ranks MB (0/oth)", "4 ranks MB (0/oth)"))
    meas = {}
    for D in degrees:
        t1, m1, _ = run(lietool, D, 1)
        t2, m2, o2 = run(lietool, D, 2)
        t4, m4, o4 = run(lietool, D, 4)
        meas[D] = (t1, m1, m4, o4)
        print("%-7d %12.3g %10.2f %10.2f %9.2f %10.0f %19s %19s" % (D, work(D)[0], t1, t2, t1 / t2, m1,
                                                                 "%.0f / %.0f" % (m2, o2), "%.0f / %.0f" % (m4, o4)))
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
    base, mb = line([dimension(D) for D in fit], [meas[D][2] for D in fit])
    obase, omb = line([largest(D) for D in fit], [meas[D][3] for D in fit])
    pt, pm, po = start + sec * work(last)[0], base + mb * dimension(last), obase + omb * largest(last)
    print("model fitted on degree %s: %.2f s to start, %.3g s per step; rank 0 %.0f MB and %.0f bytes per basis "
          "element, the others %.0f MB and %.0f bytes per word of the largest class"
          % (", ".join(map(str, fit)), start, sec, base, mb * 1048576, obase, omb * 1048576))
    print("model check at degree %d: time %.2f s predicted, %.2f s measured (error %+.0f%%); "
          "rank 0 %.0f MB predicted, %.0f MB measured (error %+.0f%%); the others %.0f MB predicted, %.0f MB measured"
          % (last, pt, meas[last][0], 100 * (pt / meas[last][0] - 1), pm, meas[last][2],
             100 * (pm / meas[last][2] - 1), po, meas[last][3]))
    print("%-7s %14s %13s %12s %12s %12s %12s" % ("degree", "basis", "1 rank h", "64 ranks h", "512 ranks h",
                                                 "rank 0 GB", "others GB"))
    for D in (26, 28, 30):
        total, biggest = work(D)
        h = [(start + sec * max(total / P, biggest)) / 3600 for P in (1, 64, 512)]
        print("%-7d %14d %13.1f %12.2f %12.2f %12.1f %12.1f" % (D, dimension(D), h[0], h[1], h[2],
                                                                (base + mb * dimension(D)) / 1024,
                                                                (obase + omb * largest(D)) / 1024))
    print("(the 512-rank time is bounded by the largest class: the classes cannot be split)")


main()
