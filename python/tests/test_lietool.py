"""The package lietool: every function against the command line's JSON on
the same inputs and against independent references (brute-force
permutation groups, NumPy matrices), the exceptions with lietool's
messages and exit statuses, and reference counting over 10,000 calls."""
import itertools
import threading
import tracemalloc
from fractions import Fraction

import numpy as np
import pytest

import lietool
from conftest import as_keywords, cli_json, run_cli


# ---- independent references ----

def perm_from_cycles(text, n):
    """The permutation (0-based list) of GAP cycle notation on n points."""
    p = list(range(n))
    for cyc in text.replace(" ", "").strip("()").split(")("):
        pts = [int(x) - 1 for x in cyc.split(",")]
        for a, b in zip(pts, pts[1:] + pts[:1]):
            p[a] = b
    return tuple(p)


def closure(gens, n):
    """The group the permutations gens generate, by brute force."""
    e = tuple(range(n))
    G = {e}
    frontier = [e]
    while frontier:
        new = []
        for g in frontier:
            for s in gens:
                h = tuple(s[g[i]] for i in range(n))
                if h not in G:
                    G.add(h)
                    new.append(h)
        frontier = new
    return G


def inverse(p):
    q = [0] * len(p)
    for i, x in enumerate(p):
        q[x] = i
    return tuple(q)


def compose(a, b):
    return tuple(a[b[i]] for i in range(len(a)))


def derived_series_brute(gens, n):
    G = closure(gens, n)
    orders = [len(G)]
    while True:
        comms = {compose(compose(inverse(a), inverse(b)), compose(a, b)) for a in G for b in G}
        D = closure(list(comms), n)
        if len(D) == len(G):
            return orders
        G = D
        orders.append(len(G))


def lie_derived_dims(basis):
    """The dimensions of the derived series of the span of the matrices basis (NumPy ranks)."""
    dims = []
    B = basis
    while True:
        M = np.array([b.ravel() for b in B])
        r = np.linalg.matrix_rank(M) if len(B) else 0
        if dims and r == dims[-1]:
            return dims
        dims.append(r)
        if r == 0:
            return dims
        B = [a @ b - b @ a for a in B for b in B]


S4_GENS = ["(1,2,3,4)", "(1,2)"]


# ---- character tables ----

@pytest.mark.parametrize("spec", ["S3", "A5", "Q8", "SL(2,5)"])
def test_character_table_matches_cli(cli, spec):
    want = cli_json("character-table", spec)
    got = lietool.character_table(spec)
    assert list(got) == list(want)
    assert got["order"] == int(want["order"])
    assert [c["size"] for c in got["classes"]] == [int(c["size"]) for c in want["classes"]]
    assert [ch["values"] for ch in got["characters"]] == [ch["values"] for ch in want["characters"]]
    assert got["real_representations"] == want["real_representations"]


def test_character_table_laws():
    t = lietool.character_table("SL(2,5)")
    n, sizes = t["order"], [c["size"] for c in t["classes"]]
    X = [ch["values_float"] for ch in t["characters"]]
    for i, a in enumerate(X):           # row orthogonality
        for j, b in enumerate(X):
            s = sum(k * x * y.conjugate() for k, x, y in zip(sizes, a, b)) / n
            assert abs(s - (i == j)) < 1e-9
    assert sum(ch["degree"] ** 2 for ch in t["characters"]) == n
    # SL(2,5): faithful only through the quaternionic characters, 4 reflections per token
    assert t["householder_reflections_per_token"]["several_heads"] == 4
    assert t["minimal_faithful_real_dimension"] == 4


def test_character_table_refuses_lie_algebra():
    with pytest.raises(Exception):
        lietool.character_table("sl(2)")


# ---- info ----

@pytest.mark.parametrize("spec", ["S3", "S4", "A5", "C5 x A4", "D8", "sl(2)", "so(3)", "heis(3)", "b(2)"])
def test_info_matches_cli(cli, spec):
    want = cli_json("info", spec)
    got = lietool.info(spec)
    assert list(got) == list(want)          # the same keys, in the same order
    for k, v in want.items():
        if isinstance(v, str) and v.isdigit() and k != "object":
            assert got[k] == int(v) and isinstance(got[k], int), k
        elif isinstance(v, list) and v and all(isinstance(x, str) and x.isdigit() for x in v):
            assert got[k] == [int(x) for x in v], k
        else:
            assert got[k] == v, k


def test_info_orders_are_int():
    d = lietool.info("S4")
    assert d["order"] == 24 and type(d["order"]) is int
    assert d["derived_series"] == [24, 12, 4, 1]
    assert d["center_order"] == 1 and d["exponent"] == 12
    assert lietool.info("M11")["order"] == 7920      # a named group from algebras/


def test_info_of_permutations():
    got = lietool.info(["(1,2,3)", "(1,2)"])
    assert got["order"] == 6 and got["object"] == "Group((1,2,3),(1,2))"
    assert got["derived_series"] == derived_series_brute([perm_from_cycles("(1,2,3)", 3),
                                                           perm_from_cycles("(1,2)", 3)], 3)


# ---- series ----

@pytest.mark.parametrize("spec,gens,n", [
    ("S3", ["(1,2,3)", "(1,2)"], 3),
    ("S4", S4_GENS, 4),
    ("A5", ["(1,2,3,4,5)", "(1,2,3)"], 5),
    ("D8", ["(1,2,3,4)", "(1,3)"], 4),
    ("Group((1,2,3,4),(1,2))", S4_GENS, 4),
])
def test_derived_series_groups(cli, spec, gens, n):
    ref = derived_series_brute([perm_from_cycles(g, n) for g in gens], n)
    assert lietool.derived_series(spec) == ref
    solvable = ref[-1] == 1
    assert lietool.derived_length(spec) == (len(ref) - 1 if solvable else None)
    want = cli_json("derived-series", spec)
    assert lietool.derived_series(spec) == [int(x) for x in want["derived_series"]]
    assert lietool.derived_length(spec) == cli_json("derived-length", spec)["derived_length"]


def test_derived_series_lie(cli):
    E = lambda i, j: np.eye(2)[:, [i]] @ np.eye(2)[[j], :]
    b2 = [E(0, 0), E(0, 1), E(1, 1)]
    sl2 = [E(0, 1), E(1, 0), E(0, 0) - E(1, 1)]
    assert lietool.derived_series("b(2)") == lie_derived_dims(b2) == [3, 1, 0]
    assert lietool.derived_length("b(2)") == 2
    assert lietool.derived_series("sl(2)") == lie_derived_dims(sl2) == [3]
    assert lietool.derived_length("sl(2)") is None
    for spec in ("sl(2)", "b(3)", "heis(3)"):
        assert lietool.derived_series(spec) == cli_json("derived-series", spec)["derived_series"]
        assert lietool.derived_length(spec) == cli_json("derived-length", spec)["derived_length"]


def test_lower_central_series(cli):
    assert lietool.lower_central_series("S4") == [24, 12]
    assert lietool.lower_central_series("D8") == [int(x) for x in cli_json("lower-central-series", "D8")
                                                  ["lower_central_series"]]


def test_series_types():
    s = lietool.derived_series("S4")
    assert isinstance(s, list) and all(type(x) is int for x in s)
    assert type(lietool.derived_length("S4")) is int


# ---- plan ----

PLANS = [
    ("A4 x C3", "diag-signed", 4, None, "v1"),
    ("S3", "abelian", 1, 10, "v1"),
    ("S3", "abelian", 2, 1000, "sharp"),
    ("C5", "abelian", 1, None, "v1"),
    ("D8", "householder-2", 2, None, "v1"),
    ("A5", "diag-complex", 3, 64, "v1"),
    ("Q8", "householder-1", 1, None, "v1"),
    ("S4", "transformer", 2, None, "v1"),
    ("sl(2)", "abelian", 2, None, "v1"),
    ("heis(3)", "diag-positive", 2, 100, "sharp"),
]


@pytest.mark.parametrize("task,arch,layers,length,bound", PLANS)
def test_plan_matches_cli(cli, task, arch, layers, length, bound):
    args = ["plan", task, "--arch", arch, "--layers", str(layers), "--bound", bound]
    if length is not None:
        args += ["--length", str(length)]
    want = cli_json(*args)["verdict"]
    if want["width"] is not None:       # an integer of any size: a JSON string, a Python int
        want["width"] = int(want["width"])
    v = lietool.plan(task, arch=arch, layers=layers, length=length, bound=bound)
    assert v.keys() == list(want)
    assert v.as_dict() == want
    for k, x in want.items():
        if k != "claims":
            assert getattr(v, k) == x
    assert [(c.claim, c.source) for c in v.claims] == [(c["claim"], c["source"]) for c in want["claims"]]


def test_plan_issue_example():
    # the issue's line: A4 x C3 has an element of order 3, so signed diagonals fail at every length
    assert lietool.plan("A4 x C3", arch="diag-signed", layers=4).exact_at_every_length is False
    v = lietool.plan("D8", arch="householder-2", layers=2)
    # D8 is the symmetry group of the square: one layer of 2 reflections per token
    assert v.exact_at_every_length is True and v.fewest_layers_known_to_suffice == 1
    assert all(isinstance(c, lietool.Claim) and c.source for c in v.claims)


# ---- bch ----

def test_bch_matches_cli(cli):
    for n in (1, 2, 3, 4, 6):
        for sym in (False, True):
            want = cli_json("bch", str(n), *(["--symmetric"] if sym else []))
            got = lietool.bch(n, symmetric=sym)
            assert got == [(t["bracket"], Fraction(t["coefficient"])) for t in want["terms"]
                           if Fraction(t["coefficient"]) != 0]
            assert all(isinstance(c, Fraction) for _, c in got)


def bracket_of(text, mats):
    """The matrix of a bracket expression over named letters ("[a,[a,b]]")."""
    pos = 0

    def parse():
        nonlocal pos
        if text[pos] == "[":
            pos += 1
            a = parse()
            assert text[pos] == ","
            pos += 1
            b = parse()
            assert text[pos] == "]"
            pos += 1
            return a @ b - b @ a
        j = pos
        while pos < len(text) and text[pos] not in ",]":
            pos += 1
        return mats[text[j:pos]]
    v = parse()
    assert pos == len(text)
    return v


def bracket_value(text, X, Y):
    """The matrix of a bracket expression "[X,[X,Y]]" with X, Y matrices."""
    return bracket_of(text, {"X": X, "Y": Y})


def expm(A, terms=30):
    R = np.eye(len(A))
    T = np.eye(len(A))
    for k in range(1, terms):
        T = T @ A / k
        R = R + T
    return R


def logm_near_identity(M, terms=60):
    A = M - np.eye(len(M))
    R = np.zeros_like(A)
    P = np.eye(len(M))
    for k in range(1, terms):
        P = P @ A
        R = R + (-1) ** (k + 1) * P / k
    return R


def test_bch_against_matrices():
    # log(e^X e^Y) minus the series to degree n is O(eps^(n+1)): halving eps divides it by ~2^(n+1)
    rng = np.random.default_rng(1)
    X0, Y0 = rng.standard_normal((4, 4)), rng.standard_normal((4, 4))
    n = 5
    terms = lietool.bch(n)
    errs = []
    for eps in (0.02, 0.01):
        X, Y = eps * X0, eps * Y0
        Z = logm_near_identity(expm(X) @ expm(Y))
        S = sum(float(c) * bracket_value(b, X, Y) for b, c in terms)
        errs.append(np.abs(Z - S).max())
    ratio = errs[0] / errs[1]
    assert 2 ** (n + 1) / 2 < ratio < 2 ** (n + 1) * 2, errs


def test_bch_known_terms():
    got = dict(lietool.bch(3))
    assert got == {"X": 1, "Y": 1, "[X,Y]": Fraction(1, 2), "[X,[X,Y]]": Fraction(1, 12),
                   "[[X,Y],Y]": Fraction(1, 12)}


# ---- magnus ----

@pytest.mark.parametrize("word,order", [("ab", 3), ("abac", 4), ("x y x", 3), ("abc", 3), ("a", 5)])
def test_magnus_matches_cli(cli, word, order):
    want = cli_json("magnus", "--order", str(order), *word.split())
    got = lietool.magnus(word, order)
    assert got == [(t["bracket"], Fraction(t["coefficient"])) for t in want["terms"]
                   if Fraction(t["coefficient"]) != 0]
    assert lietool.magnus(word.split() if " " in word else list(word), order) == got


def test_magnus_against_matrices():
    # log(e^A_c e^A_b e^A_a) (a acts first) minus the expansion to order K is O(eps^(K+1))
    rng = np.random.default_rng(2)
    M0 = {x: rng.standard_normal((3, 3)) for x in "abc"}
    K = 4
    terms = lietool.magnus("abca", K)
    errs = []
    for eps in (0.02, 0.01):
        M = {x: eps * m for x, m in M0.items()}
        P = np.eye(3)
        for x in "abca":
            P = expm(M[x]) @ P
        Z = logm_near_identity(P)
        S = sum(float(c) * bracket_of(b, M) for b, c in terms)
        errs.append(np.abs(Z - S).max())
    ratio = errs[0] / errs[1]
    assert 2 ** (K + 1) / 2 < ratio < 2 ** (K + 1) * 2, errs


def test_magnus_errors(cli):
    msg, err = check_error(lietool.InvalidInput, 3, lambda: lietool.magnus("a b!", 2),
                           ["magnus", "--order", "2", "a", "b!"], cli)
    assert err == "lietool: %s\n" % msg
    msg, err = check_error(lietool.LimitExceeded, 4, lambda: lietool.magnus("abab", 2, max_length=3),
                           ["magnus", "--order", "2", "--max-length", "3", "abab"], cli)
    assert err == "lietool: %s\n" % msg
    with pytest.raises(lietool.UsageError):
        lietool.magnus(["a", 1], 2)
    with pytest.raises(lietool.UsageError):
        lietool.magnus("ab", 0)
    # a NUL in a token is refused, not cut short ('a\x00b' is not 'a')
    with pytest.raises(lietool.InvalidInput, match="NUL"):
        lietool.magnus("a\x00b", 3)
    with pytest.raises(lietool.InvalidInput, match="NUL"):
        lietool.magnus(["a", "b\x00c"], 3)


def test_product_of_many_groups_is_bounded():
    # the order of a product is the product of the orders: refused at once
    with pytest.raises(lietool.LimitExceeded, match="max.order"):
        lietool.derived_series("C2 x " * 20000 + "C2")


# ---- matrices: closure, killing ----

@pytest.mark.parametrize("spec", ["sl(2)", "so(3)", "heis(3)", "b(2)", "gl(2)"])
def test_closure_and_killing_match_cli(cli, spec):
    basis = lietool.closure(spec)
    want = cli_json("closure", spec)["basis"]
    assert [[[str(x) for x in r] for r in m.tolist()] for m in basis] == want
    assert all(m.dtype == object and all(isinstance(x, Fraction) for x in m.flat) for m in basis)
    K = lietool.killing(spec)
    assert [[str(x) for x in r] for r in K.tolist()] == cli_json("killing", spec)["killing"]


def test_closure_of_matrices_is_their_lie_algebra():
    # e, f generate sl(2): three independent traceless matrices closed under the bracket
    e, f = np.array([[0, 1], [0, 0]]), np.array([[0, 0], [1, 0]])
    B = lietool.closure([e, f])
    assert len(B) == 3
    flat = np.array([m.astype(float).ravel() for m in B])
    assert np.linalg.matrix_rank(flat) == 3 and all(abs(np.trace(m.astype(float))) < 1e-12 for m in B)
    for x in B:
        for y in B:
            z = (x.astype(float) @ y.astype(float) - y.astype(float) @ x.astype(float)).ravel()
            assert np.linalg.matrix_rank(np.vstack([flat, z])) == 3
    # the Killing form in that basis, from the structure constants by NumPy: tr(ad x ad y)
    ad = []
    for x in B:
        cols = []
        for y in B:
            z = (x.astype(float) @ y.astype(float) - y.astype(float) @ x.astype(float)).ravel()
            cols.append(np.linalg.lstsq(flat.T, z, rcond=None)[0])
        ad.append(np.array(cols).T)
    K = np.array([[np.trace(a @ b) for b in ad] for a in ad])
    assert np.allclose(lietool.killing([e, f]).astype(float), K)


def test_killing_of_a_group_is_refused(cli):
    msg, err = check_error(lietool.UsageError, 2, lambda: lietool.killing("S3"), ["killing", "S3"], cli)
    assert msg == "killing: 'S3' is a group; this function takes a Lie algebra"
    assert err.startswith("lietool: killing: 'S3' is a group; this command takes a Lie algebra")


# ---- dataset ----

def to_csv(seed, inputs, targets):
    rows = ["seed,input,target"]
    for a, b in zip(inputs, targets):
        rows.append("%d,%s,%s" % (seed, " ".join(map(str, a)), " ".join(map(str, b))))
    return "\n".join(rows) + "\n"


@pytest.mark.parametrize("group,length,samples,seed", [
    ("S3", 5, 20, 1), ("A5", 16, 100, 7), ("C2 x C2", 3, None, 0), ("D8", 1, 8, 2**64 - 1), ("C3", 4, 3, 42),
])
def test_dataset_matches_cli_csv(cli, group, length, samples, seed):
    args = ["dataset", "generate", group, "--length", str(length), "--seed", str(seed)]
    if samples is not None:
        args += ["--samples", str(samples)]
    status, out, err = run_cli(*args)
    assert status == 0, err
    inputs, targets = lietool.dataset(group, length, samples, seed)
    assert inputs.dtype == np.int64 and targets.dtype == np.int64
    assert inputs.shape == targets.shape == (out.count("\n") - 1, length)
    assert to_csv(seed, inputs, targets) == out


def test_dataset_cyclic_reference():
    # every word of C3 in itertools.product order; prefix products are prefix sums mod 3
    inputs, targets = lietool.dataset("C3", 4)
    assert inputs.tolist() == [list(w) for w in itertools.product(range(3), repeat=4)]
    assert (targets == np.cumsum(inputs, axis=1) % 3).all()


def test_dataset_gap_convention(cli):
    status, out, _ = run_cli("dataset", "generate", "S3", "--length", "4", "--samples", "10", "--convention", "gap")
    assert status == 0
    i, t = lietool.dataset("S3", 4, 10, 0, convention="gap")
    assert to_csv(0, i, t) == out


@pytest.mark.parametrize("extra", [{"bos": 60}, {"offset": 3}, {"offset": 2, "bos": 0}])
def test_dataset_tokens_match_cli(cli, extra):
    args = ["dataset", "generate", "S3", "--length", "5", "--samples", "7", "--seed", "3"]
    for k, v in extra.items():
        args += ["--" + k, str(v)]
    status, out, err = run_cli(*args)
    assert status == 0, err
    i, t = lietool.dataset("S3", 5, 7, 3, **extra)
    assert i.shape == (7, 5 + ("bos" in extra))
    assert to_csv(3, i, t) == out


def test_dataset_token_map_matches_cli(cli, tmp_path):
    import json as js
    vocab = {str(e): 10 + 2 * e for e in range(6)}
    vocab["<bos>"] = 1
    path = tmp_path / "vocab.json"
    path.write_text(js.dumps(vocab))
    status, out, err = run_cli("dataset", "generate", "S3", "--length", "4", "--samples", "5", "--token-map",
                               str(path), "--bos", "1")
    assert status == 0, err
    i, t = lietool.dataset("S3", 4, 5, 0, token_map=path, bos=1)
    assert to_csv(0, i, t) == out
    plain_i, plain_t = lietool.dataset("S3", 4, 5, 0)
    assert (i[:, 1:] == 10 + 2 * plain_i).all() and (t[:, 1:] == 10 + 2 * plain_t).all() and (i[:, 0] == 1).all()
    with pytest.raises(lietool.UsageError):
        lietool.dataset("S3", 4, 5, 0, token_map=path, offset=1)


# ---- exceptions ----

def check_error(exc, status, call, cli_args, cli):
    with pytest.raises(exc) as e:
        call()
    assert e.value.status == status and isinstance(e.value, lietool.LietoolError)
    st, _, err = cli(*cli_args)
    assert st == status
    # the package names the command line's options as keyword arguments
    assert "--" not in str(e.value), str(e.value)
    return str(e.value), as_keywords(err)


def test_exception_classes():
    for cls, status in ((lietool.UsageError, 2), (lietool.InvalidInput, 3), (lietool.LimitExceeded, 4),
                        (lietool.NumericalFailure, 5)):
        assert issubclass(cls, lietool.LietoolError) and issubclass(cls, Exception)
        assert cls.status == status
        assert cls("m").status == status and str(cls("m")) == "m"


def test_invalid_input_message(cli):
    msg, err = check_error(lietool.InvalidInput, 3, lambda: lietool.info("Sx"), ["info", "Sx"], cli)
    assert err == "lietool: %s\n" % msg and "unknown group 'Sx'" in msg
    msg, err = check_error(lietool.InvalidInput, 3, lambda: lietool.bch(0), ["bch", "0"], cli)
    assert err == "lietool: %s\n" % msg
    msg, err = check_error(lietool.InvalidInput, 3, lambda: lietool.plan("Group((1,2)", "abelian", 1),
                           ["plan", "Group((1,2)", "--arch", "abelian", "--layers", "1"], cli)
    assert err == "lietool: %s\n" % msg


def test_limit_exceeded_message(cli):
    msg, err = check_error(lietool.LimitExceeded, 4, lambda: lietool.info("S20", max_order=100),
                           ["info", "S20", "--max-order", "100"], cli)
    assert err == "lietool: %s\n" % msg and "max_order=100" in msg
    msg, err = check_error(lietool.LimitExceeded, 4, lambda: lietool.bch(30), ["bch", "30"], cli)
    assert err == "lietool: %s\n" % msg
    msg, err = check_error(lietool.LimitExceeded, 4, lambda: lietool.dataset("S5", 100),
                           ["dataset", "generate", "S5", "--length", "100"], cli)
    assert err == "lietool: %s\n" % msg
    msg, err = check_error(lietool.LimitExceeded, 4, lambda: lietool.dataset("S3", 20000),
                           ["dataset", "generate", "S3", "--length", "20000"], cli)
    assert err == "lietool: %s\n" % msg


def test_usage_error_message(cli):
    msg, err = check_error(lietool.UsageError, 2, lambda: lietool.plan("S3", arch="foo", layers=2),
                           ["plan", "S3", "--arch", "foo", "--layers", "2"], cli)
    assert msg.startswith("plan: arch= needs a layer family") and msg.endswith("not 'foo'")
    assert err.startswith("lietool: plan: arch= needs a layer family")
    msg, err = check_error(lietool.UsageError, 2, lambda: lietool.plan("S3", arch="abelian", layers=0),
                           ["plan", "S3", "--arch", "abelian", "--layers", "0"], cli)
    assert err.splitlines()[0] == "lietool: " + msg
    msg, err = check_error(lietool.UsageError, 2, lambda: lietool.dataset("sl(2)", 3, 4),
                           ["dataset", "generate", "sl(2)", "--length", "3", "--samples", "4"], cli)
    assert err.splitlines()[0] == "lietool: " + msg.replace("this function", "this command")
    with pytest.raises(lietool.UsageError):
        lietool.info(42)
    with pytest.raises(lietool.UsageError):
        lietool.info("S3", max_order="many")


def test_numerical_failure_class():
    # raised for real by ssm_eval on a checkpoint with a NaN (test_ssm_eval_errors)
    assert lietool.NumericalFailure.status == 5 and lietool.NumericalFailure.__mro__[1] is lietool.LietoolError


# ---- the rest of the contract ----

def test_docstrings():
    for name in ("info", "derived_series", "derived_length", "lower_central_series", "plan", "bch", "magnus",
                 "closure", "killing", "dataset", "ssm_eval", "ssm_paper"):
        doc = getattr(lietool, name).__doc__
        assert doc and len(doc.strip()) > 40, name
    assert lietool.__doc__ and lietool.Verdict.__doc__


def test_limits_defaults():
    d = lietool.DEFAULTS
    status, out, _ = run_cli("help", "limits")
    assert d["max_enum"] > 0 and d["max_memory"] > 0 and d["max_length"] == 10000
    assert d["max_samples"] == 10**7 and d["max_tokens"] == 10**8


def test_threads_share_the_library():
    # four threads at once (the GIL is released inside): every answer is right
    out = [None] * 8

    def work(i):
        out[i] = (lietool.derived_series("S4"), lietool.plan("S3", "abelian", 1).exact_at_every_length,
                  lietool.dataset("C3", 2)[1].sum())
    ts = [threading.Thread(target=work, args=(i,)) for i in range(8)]
    for t in ts:
        t.start()
    for t in ts:
        t.join()
    assert out == [([24, 12, 4, 1], False, 18)] * 8


def test_no_leaks_over_10000_calls():
    calls = [
        lambda: lietool.info("S3"),
        lambda: lietool.derived_series("S4"),
        lambda: lietool.derived_length("sl(2)"),
        lambda: lietool.plan("S3", "diag-signed", 2),
        lambda: lietool.bch(3),
        lambda: lietool.dataset("C3", 3, 5, 1),
        lambda: lietool.dataset("C3", 3, 5, 1, bos=9),
        lambda: lietool.ssm_eval(models_dir() + "/diag-s3", "S3", 4, 5),
        lambda: lietool.magnus("abc", 3),
        lambda: lietool.closure("so(3)"),
        lambda: lietool.killing("sl(2)"),
    ]
    errors = [lambda: lietool.info("Sx"), lambda: lietool.bch(0), lambda: lietool.plan("S3", "foo", 1),
              lambda: lietool.ssm_eval(models_dir() + "/bad-nan", "C2", 4, 3),
              lambda: lietool.magnus("a b!", 2), lambda: lietool.killing("S3")]

    def run(n):
        for i in range(n):
            calls[i % len(calls)]()
            if i % 10 == 0:
                try:
                    errors[i // 10 % len(errors)]()
                except lietool.LietoolError:
                    pass

    run(200)            # warm up: caches, interned strings, exception types
    for _ in range(1000):   # CPython makes a one-time allocation of about 1 MB near the 900th info()
        lietool.info("S3")
    lib0 = lietool._lietool._mem_in_use()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    run(10000)
    after = tracemalloc.take_snapshot()
    tracemalloc.stop()
    growth = sum(s.size_diff for s in after.compare_to(before, "filename"))
    # a leaked object per call would be 10,000 of them, hundreds of kB
    assert growth < 64 * 1024, growth
    assert lietool._lietool._mem_in_use() == lib0


# ---- the documentation runs ----

def test_module_doctest():
    import doctest
    failed, tried = doctest.testmod(lietool, verbose=False)
    assert tried >= 3 and failed == 0


def test_readme_python_block():
    import os
    import re
    from conftest import ROOT
    with open(os.path.join(ROOT, "README.md")) as f:
        blocks = re.findall(r"```python\n(.*?)```", f.read(), re.S)
    assert blocks
    for b in blocks:
        exec(compile(b, "README.md", "exec"), {})


def test_example_script():
    import os
    import subprocess
    import sys
    from conftest import ROOT
    p = subprocess.run([sys.executable, os.path.join(ROOT, "scripts", "python_example.py")],
                       capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    assert "inputs (1000, 16) int64" in p.stdout and "LimitExceeded (status 4)" in p.stdout


def other_cpython311():
    """Other CPython 3.11 interpreters on the machine than the one running the tests."""
    import glob
    import os
    import shutil
    import subprocess
    import sys
    seen, found = {os.path.realpath(sys.executable)}, []
    cands = [shutil.which(n) for n in ("python3", "python3.11")] + glob.glob("/usr/local/bin/python3.11") + \
        glob.glob(os.path.expanduser("~/.pyenv/versions/3.11*/bin/python3.11"))
    for c in cands:
        if not c or os.path.realpath(c) in seen:
            continue
        seen.add(os.path.realpath(c))
        p = subprocess.run([c, "-c", "import sys; print(sys.implementation.name, sys.version_info[:2] == (3, 11))"],
                           capture_output=True, text=True)
        if p.stdout.strip() == "cpython True":
            found.append(c)
    return found


def test_other_cpython311():
    import os
    import subprocess
    others = other_cpython311()
    if not others:
        pytest.skip("no other CPython 3.11 on this machine")
    pkg = os.path.dirname(os.path.dirname(lietool.__file__))
    code = ("import lietool; assert lietool.derived_series('S4') == [24, 12, 4, 1]; "
            "assert lietool.plan('S3', 'abelian', 1).exact_at_every_length is False; print('ok')")
    for py in others:
        p = subprocess.run([py, "-c", code], capture_output=True, text=True, env=dict(os.environ, PYTHONPATH=pkg))
        assert p.stdout.strip() == "ok", (py, p.stderr)


# ---- ssm_eval ----

def models_dir():
    import os
    from conftest import ROOT
    return os.path.join(ROOT, "tests", "data", "models")


@pytest.mark.parametrize("model,group,length,samples,seed,extra", [
    ("diag-s3", "S3", 6, 50, 0, {}),
    ("diag-s3", "S3", 9, 40, 3, {"threshold": 0.5}),
    ("diag-s3-bf16", "S3", 5, 20, 1, {}),
    ("diag-c3-complex", "C3", 12, 30, 2, {}),
    ("mamba-c2", "C2", 8, 30, 0, {"offset": 0, "compute": "bf16"}),
    ("mamba-c2", "C2", 8, 30, 0, {"compute": "f32"}),
    ("deltaproduct-so3", "C3", 3, 4, 0, {}),
])
def test_ssm_eval_matches_cli(cli, model, group, length, samples, seed, extra):
    import os
    path = os.path.join(models_dir(), model)
    args = ["ssm", "eval", path, "--group", group, "--length", str(length), "--samples", str(samples),
            "--seed", str(seed)]
    for k, v in extra.items():
        args += ["--" + k, str(v)]
    want = cli_json(*args)
    got = lietool.ssm_eval(path, group, length, samples, seed, **extra)
    assert list(got) == list(want)
    for k, v in want.items():
        if k == "verdict":
            assert (got[k] is None) == (v is None)
            if v is not None:
                assert got[k].as_dict() == v
        elif k == "order":
            assert got[k] == int(v)
        elif isinstance(v, float) or (isinstance(v, list) and v and isinstance(v[0], float)):
            # the command prints 6 decimals; the function returns the double
            assert got[k] == pytest.approx(v, abs=5e-7), k
        else:
            assert got[k] == v, k


def test_ssm_eval_accuracy_from_its_own_tallies():
    import os
    d = lietool.ssm_eval(os.path.join(models_dir(), "diag-s3"), "S3", 6, 50)
    assert d["sequence_accuracy"] == pytest.approx(d["sequences_correct"] / d["words"], abs=1e-6)
    assert d["prefix_accuracy"][-1] == pytest.approx(d["sequence_accuracy"], abs=1e-6)
    assert all(p <= q + 1e-9 for p, q in zip(d["prefix_accuracy"], d["per_position_accuracy"]))
    v = d["verdict"]
    assert isinstance(v, lietool.Verdict) and v.family == "diag-signed" and v.layers == d["layers"]


def test_ssm_eval_errors(cli):
    import os
    m = models_dir()
    for model, exc, status in (("bad-nan", lietool.NumericalFailure, 5), ("bad-shape", lietool.InvalidInput, 3),
                               ("bad-config", lietool.InvalidInput, 3)):
        path = os.path.join(m, model)
        msg, err = check_error(exc, status, lambda: lietool.ssm_eval(path, "C2", 4, 3),
                               ["ssm", "eval", path, "--group", "C2", "--length", "4", "--samples", "3"], cli)
        assert err == "lietool: %s\n" % msg, model
    path = os.path.join(m, "diag-s3")
    msg, err = check_error(lietool.InvalidInput, 3, lambda: lietool.ssm_eval(path, "S4", 4, 3),
                           ["ssm", "eval", path, "--group", "S4", "--length", "4", "--samples", "3"], cli)
    assert err == "lietool: %s\n" % msg
    msg, err = check_error(lietool.LimitExceeded, 4, lambda: lietool.ssm_eval(path, "S3", 20000, 3),
                           ["ssm", "eval", path, "--group", "S3", "--length", "20000", "--samples", "3"], cli)
    assert err == "lietool: %s\n" % msg


def test_ssm_eval_data_predictions_token_map_match_cli(cli, tmp_path):
    import os
    path = os.path.join(models_dir(), "diag-s3")
    status, csv, err = run_cli("dataset", "generate", "S3", "--length", "7", "--samples", "25", "--seed", "5")
    assert status == 0, err
    data = tmp_path / "words.csv"
    data.write_text(csv)
    want = cli_json("ssm", "eval", path, "--group", "S3", "--data", str(data), "--predictions",
                    str(tmp_path / "cli-pred.csv"), "--logits", str(tmp_path / "cli-logits.txt"))
    got = lietool.ssm_eval(path, "S3", data=data, predictions=tmp_path / "py-pred.csv",
                           logits=str(tmp_path / "py-logits.txt"))
    got["verdict"] = got["verdict"].as_dict()
    want["order"] = int(want["order"])
    assert got == want
    assert (tmp_path / "py-pred.csv").read_text() == (tmp_path / "cli-pred.csv").read_text()
    assert (tmp_path / "py-logits.txt").read_text() == (tmp_path / "cli-logits.txt").read_text()
    # the same words generated: the same accuracies
    gen = lietool.ssm_eval(path, "S3", 7, 25, 5)
    assert gen["per_position_accuracy"] == got["per_position_accuracy"]
    with pytest.raises(lietool.UsageError):
        lietool.ssm_eval(path, "S3", 7, 25, data=data)
    with pytest.raises(lietool.UsageError):
        lietool.ssm_eval(path, "S3")
    with pytest.raises(lietool.UsageError):
        lietool.ssm_eval(path, "S3", 7, 25, predictions=tmp_path / "x", logits=tmp_path / "x")


def test_ssm_eval_token_map_matches_cli(cli, tmp_path):
    import json as js
    import os
    path = os.path.join(models_dir(), "mamba-c2")
    vocab = {"0": 0, "1": 1}
    tm = tmp_path / "vocab.json"
    tm.write_text(js.dumps(vocab))
    want = cli_json("ssm", "eval", path, "--group", "C2", "--length", "6", "--samples", "20", "--token-map", str(tm))
    got = lietool.ssm_eval(path, "C2", 6, 20, token_map=tm)
    got["verdict"] = got["verdict"].as_dict()
    want["order"] = int(want["order"])
    assert got == want


def test_lie_algebra_from_matrices(cli):
    from fractions import Fraction as F
    e, f, h = np.array([[0, 1], [0, 0]]), np.array([[0, 0], [1, 0]]), np.array([[1, 0], [0, -1]])
    got = lietool.info([e, f, h])
    assert got["object"] == "LieAlgebra(Rationals, [[[0,1],[0,0]], [[0,0],[1,0]], [[1,0],[0,-1]]])"
    want = cli_json("info", got["object"])
    assert got == want and got["dimension"] == 3 and got["semisimple"] is True
    # the Borel subalgebra from floats that are integers and a Fraction: dimensions as NumPy's ranks
    b = [np.array([[1.0, 0.0], [0.0, 0.0]]), np.array([[0, F(1, 2)], [0, 0]], dtype=object), [[0, 0], [0, 1]]]
    assert lietool.derived_series(b) == lie_derived_dims([np.array(m, dtype=float) for m in b]) == [3, 1, 0]
    with pytest.raises(lietool.UsageError):
        lietool.info([np.array([[0.5, 0], [0, 0]])])


def test_ssm_paper_matches_cli(cli, tmp_path, monkeypatch):
    import os
    # the library job of `lietool ssm paper`, with the stand-in trainer of
    # tests/data/train (no PyTorch): the same rows as the command's
    from conftest import ROOT, LIETOOL
    monkeypatch.setenv("LIETOOL_PYTHON", os.path.join(ROOT, "tests", "data", "train", "python"))
    monkeypatch.setenv("LIETOOL_TRAINER", os.path.join(ROOT, "tests", "data", "train", "trainer.sh"))
    r = lietool.ssm_paper(tmp_path / "py", "tiny", only=["table"], groups=["C2"], seeds=[5], lietool=LIETOOL)
    c = cli_json("ssm", "paper", "--scale", "tiny", "--only", "table", "--groups", "C2", "--seeds", "5",
                 "--out", str(tmp_path / "cli"))
    strip = lambda rows: [{k: v for k, v in x.items() if k != "seconds"} for x in rows]
    assert strip(r["table"]) == strip(c["table"])
    assert r["outcomes"] == c["outcomes"] == {"learned": 1, "not_learned": 0, "beat_the_prediction": 1,
                                              "failed_as_predicted": 0, "open": 0, "run_failed": 0}
    assert [(x["arch"], x["exact_at_every_length"]) for x in r["table"]] == [("diag-signed", True),
                                                                             ("diag-positive", False)]
    assert (tmp_path / "py" / "table.csv").exists() and (tmp_path / "py" / "summary.md").exists()
    with pytest.raises(lietool.InvalidInput, match="not empty"):
        lietool.ssm_paper(tmp_path / "py", "tiny", lietool=LIETOOL)
    with pytest.raises(lietool.UsageError, match="scale is tiny, default or full, not 'huge'"):
        lietool.ssm_paper(tmp_path / "x", "huge", lietool=LIETOOL)
    with pytest.raises(lietool.UsageError, match="only takes"):
        lietool.ssm_paper(tmp_path / "x", "tiny", only=["figure4"], lietool=LIETOOL)
    with pytest.raises(lietool.UsageError, match="seeds"):
        lietool.ssm_paper(tmp_path / "x", "tiny", seeds=[-1], lietool=LIETOOL)
