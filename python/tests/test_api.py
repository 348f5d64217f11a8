"""The functions added for issue 41, each compared with `lietool CMD --json`."""
import json
import subprocess
import sys
import os

import pytest

import lietool
from conftest import cli_json, run_cli

HERE = os.path.dirname(os.path.abspath(__file__))


def ints(v):
    """A JSON value with its integers-as-strings (orders, widths) as int."""
    if isinstance(v, str) and v.isdigit():
        return int(v)
    if isinstance(v, list):
        return [ints(x) for x in v]
    if isinstance(v, dict):
        return {k: ints(x) for k, x in v.items()}
    return v


@pytest.mark.parametrize("spec", ["S4", "M11", "A4 x C3", "Group((1,2,3),(1,2))"])
def test_order(cli, spec):
    assert lietool.order(spec) == int(cli_json("order", spec)["order"])


@pytest.mark.parametrize("g,h", [("S3", "D6"), ("S3", "C6"), ("Q8", "D8"), ("A4", "PSL(2,3)")])
def test_isomorphic(cli, g, h):
    st, out, _ = cli("isomorphic", g, h, "--json")
    want = json.loads(out)
    assert st == (0 if want["isomorphic"] else 1)
    got = lietool.isomorphic(g, h, witness=True)
    assert lietool.isomorphic(g, h) is want["isomorphic"] is got["isomorphic"]
    assert got["order"] == int(want["order"])
    if want["isomorphic"]:
        assert got["isomorphism"] == [(m["generator"], m["image"]) for m in want["isomorphism"]]
    else:
        assert got["invariant"] == want["invariant"]


@pytest.mark.parametrize("spec", ["S4", "D8", "A5"])
def test_conjugacy_classes(cli, spec):
    assert lietool.conjugacy_classes(spec) == ints(cli_json("conjugacy-classes", spec)["classes"])


@pytest.mark.parametrize("r,n", [(2, 4), (3, 3), (5, 2)])
def test_lyndon(cli, r, n):
    want = cli_json("lyndon", str(r), str(n))
    del want["object"], want["command"]
    assert lietool.lyndon(r, n) == want


@pytest.mark.parametrize("spec,length", [("S4", None), ("A5", 50), ("heis(3)", 200), ("sl(2)", None)])
def test_min_depth(cli, spec, length):
    args = ["min-depth", spec] + (["--length", str(length)] if length else [])
    assert lietool.min_depth(spec, length) == ints(cli_json(*args))


@pytest.mark.parametrize("spec", ["S4", "A5", "b(3)"])
def test_report(cli, spec):
    assert lietool.report(spec) == ints(cli_json("report", spec))
    assert lietool.report(spec, 64, bound="v1") == ints(cli_json("report", spec, "--length", "64", "--bound", "v1"))


@pytest.mark.parametrize("spec,extra", [("S4", []), ("S4", ["--eps", "0.1"]), ("A5", ["--eps", "1/8", "--depth", "3"]),
                                        ("C5", ["--eps", "4"])])
def test_error_bound(cli, spec, extra):
    kw = {}
    if "--eps" in extra:
        kw["eps"] = extra[extra.index("--eps") + 1]
    if "--depth" in extra:
        kw["depth"] = int(extra[extra.index("--depth") + 1])
    assert lietool.error_bound(spec, **kw) == cli_json("error-bound", spec, *extra)


@pytest.mark.parametrize("spec,arch,length", [("S4", None, None), ("A5", None, 100), ("sl(2)", None, None),
                                              ("S3", "householder-2", 16)])
def test_plan_table(cli, spec, arch, length):
    args = ["plan", spec] + (["--arch", arch] if arch else []) + (["--length", str(length)] if length else [])
    want = cli_json(*args)
    del want["object"], want["command"]
    assert lietool.plan_table(spec, arch, length) == want


def test_plan_architecture_name(cli):
    want = cli_json("plan", "S3", "--arch", "mamba", "--layers", "2")["verdict"]
    assert lietool.plan("S3", "mamba", 2).as_dict() == ints(want)


@pytest.mark.parametrize("question,spec", [("derived-series", "S4"), ("solvable", "A5"), ("nilpotent", "D8"),
                                           ("perfect", "A5"), ("abelian", "S3"), ("min-depth", "A4"),
                                           ("lower-central-series", "n(3)")])
def test_explain(cli, question, spec):
    st, out, _ = cli("explain", question, spec, "--json")
    assert st in (0, 1)
    assert lietool.explain(question, spec) == json.loads(out)


@pytest.mark.parametrize("spec", ["sl(2)", "heis(3)", "so(3)"])
def test_info_lie_matches_cli(cli, spec):
    assert lietool.info(spec) == ints(cli_json("info", spec))


def test_info_every_key_matches_cli(cli):
    for spec in ("S4", "A5", "Q8", "C1000"):
        assert lietool.info(spec) == ints(cli_json("info", spec))


def test_character_table_whole(cli):
    raw = cli_json("character-table", "S4")
    want = ints(raw)
    want["characters"] = raw["characters"]      # the values are strings ("3", "-E(3)")
    got = lietool.character_table("S4")
    for g, w in zip(got["characters"], want["characters"]):
        assert all(abs(z - complex(re, im)) < 1e-12 for z, (re, im) in zip(g.pop("values_float"), w.pop("values_float")))
    assert got == want


def test_limit_names_the_keyword():
    with pytest.raises(lietool.LimitExceeded) as e:
        lietool.order("S20", max_order=100)
    assert "max_order=" in str(e.value) and "--" not in str(e.value)
    with pytest.raises(lietool.LimitExceeded) as e:
        lietool.dataset("S5", 100)
    assert "max_samples=10000000 (give samples=N)" in str(e.value) and "--" not in str(e.value)


def test_namespace():
    assert set(lietool.__all__) <= set(dir(lietool))
    for name in ("os", "json", "dataclasses", "np", "numpy"):
        assert name not in lietool.__all__ and not hasattr(lietool, name)
    import inspect
    for name in lietool.__all__:
        f = getattr(lietool, name)
        if inspect.isfunction(f) and name != "ssm_eval":     # ssm_eval needs a checkpoint
            assert f.__doc__ and ">>>" in f.__doc__, name
            assert inspect.signature(f).return_annotation is not inspect.Signature.empty, name
    assert os.path.exists(os.path.join(os.path.dirname(lietool.__file__), "py.typed"))


def test_without_numpy(cli):
    """The package works without NumPy: matrices are lists of rows of Fraction, datasets lists of int."""
    code = r"""
import sys
sys.modules["numpy"] = None         # import numpy fails
sys.path.insert(0, %r)
import lietool
from fractions import Fraction
K = lietool.killing("sl(2)")
assert type(K) is list and all(type(x) is Fraction for r in K for x in r), K
B = lietool.closure("so(3)")
assert type(B) is list and type(B[0]) is list and type(B[0][0][0]) is Fraction
i, t = lietool.dataset("C3", 2, 4, 7)
assert type(i) is list and type(i[0][0]) is int and len(i) == 4 and len(i[0]) == 2
print(lietool.order("A5"), i, t)
""" % os.path.dirname(HERE)
    p = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    st, out, _ = run_cli("dataset", "generate", "C3", "--length", "2", "--samples", "4", "--seed", "7")
    rows = [line.split(",") for line in out.splitlines()[1:]]
    want_i = [[int(x) for x in r[1].split()] for r in rows]
    want_t = [[int(x) for x in r[2].split()] for r in rows]
    assert p.stdout.strip() == "60 %s %s" % (want_i, want_t)


@pytest.mark.parametrize("word", ["XY", "XYX", "XXYY", "ABCAB", "xyzxxyyzzzxyzyx"])
def test_bch_coefficient(cli, word):
    from fractions import Fraction
    assert lietool.bch_coefficient(word) == Fraction(cli_json("bch", "--coefficient", word)["coefficient"])


def test_bch_coefficient_errors():
    with pytest.raises(lietool.InvalidInput):
        lietool.bch_coefficient("X1")
    with pytest.raises(lietool.LimitExceeded, match="max_length="):
        lietool.bch_coefficient("XY" * 200)
    with pytest.raises(lietool.InvalidInput):
        lietool.bch_coefficient("a\x00b")


def test_bch_coefficient_lyndon(cli):
    """lyndon=True against bch(): every Lyndon word to degree 7, and the CLI's --lyndon."""
    from fractions import Fraction
    terms = dict(lietool.bch(7))
    for b in lietool.lyndon(2, 7)["basis"]:
        assert lietool.bch_coefficient(b["word"], lyndon=True) == terms.get(b["bracket"], 0), b["word"]
    assert lietool.bch_coefficient("XYY", lyndon=True) == Fraction(1, 12)
    for w in ("XZY", "ABABB", "XXYXYXYXYXYXY"):
        want = cli_json("bch", "--coefficient", w, "--lyndon")
        assert lietool.bch_coefficient(w, lyndon=True) == Fraction(want["coefficient"])
    with pytest.raises(lietool.InvalidInput, match="not a Lyndon word"):
        lietool.bch_coefficient("YX", lyndon=True)
    with pytest.raises(lietool.LimitExceeded, match="max_lyndon="):
        lietool.bch_coefficient("XYXYY", lyndon=True, max_lyndon=1)
    with pytest.raises(lietool.UsageError):
        lietool.bch_coefficient("XY", lyndon=True, max_lyndon=0)


@pytest.mark.parametrize("spec,kw,args", [
    ("A5", {"rep": "tests/data/a5-faithful.rep"}, ["--rep", "tests/data/a5-faithful.rep"]),
    ("A5", {"rep": "tests/data/a5-faithful.rep", "step": "1/2"}, ["--rep", "tests/data/a5-faithful.rep", "--step", "1/2"]),
    ("C2", {"model": "tests/data/models/mamba-c2"}, ["--model", "tests/data/models/mamba-c2"]),
    ("LieAlgebra(Rationals, [[[0,1],[0,0]], [[0,0],[1,0]]])", {"step": 0.25}, ["--step", "0.25"]),
])
def test_error_bound_mass_sources(cli, spec, kw, args):
    """eps from a representation, a checkpoint or the generators: the command's own computation (lt_task_mass)."""
    root = os.path.dirname(os.path.dirname(HERE))
    kw = {k: (os.path.join(root, v) if k in ("rep", "model") else v) for k, v in kw.items()}
    args = [os.path.join(root, a) if a.startswith("tests/") else a for a in args]
    assert lietool.error_bound(spec, **kw) == cli_json("error-bound", spec, *args)


def test_error_bound_sources_exclude_each_other():
    with pytest.raises(lietool.UsageError):
        lietool.error_bound("A5", eps=0.1, rep="x.rep")
