"""lietool in Python: the exact algebra behind state tracking in sequence models.

The functions follow lietool's commands and return Python values built
from the library's results (no command line runs):

    >>> import lietool
    >>> lietool.order("A5")
    60
    >>> lietool.derived_series("S4")
    [24, 12, 4, 1]
    >>> lietool.plan("A4 x C3", arch="diag-signed", layers=4).exact_at_every_length
    False
    >>> lietool.bch(2)
    [('X', Fraction(1, 1)), ('Y', Fraction(1, 1)), ('[X,Y]', Fraction(1, 2))]
    >>> lietool.magnus("ab", 2)
    [('a', Fraction(1, 1)), ('b', Fraction(1, 1)), ('[a,b]', Fraction(-1, 2))]
    >>> len(lietool.closure("so(3)"))
    3

Objects are the command line's spec strings ("S4", "A4 x C3", "sl(2)",
"Group((1,2,3),(1,2))", a .grp or .lie file, ...), a list of
permutations in cycle notation (a permutation group), or a list of
square matrices with exact entries (the Lie algebra they generate).
Matrices come back as NumPy arrays of fractions.Fraction (dtype object)
when NumPy is importable, else as lists of rows of Fraction; NumPy is
optional. Every function takes the command line's limits as keyword
arguments with its defaults (max_degree, max_order, max_enum,
max_memory in MiB, max_dim). Failures raise UsageError, InvalidInput,
LimitExceeded or NumericalFailure (subclasses of LietoolError; .status is
lietool's exit status 2..5) with lietool's message, in which a limit is
named by its keyword argument (max_order=100). Long calls release the GIL.
"""
import dataclasses as _dataclasses
import json as _json
import os as _os
from fractions import Fraction
from typing import Any, Dict, List, Optional, Sequence, Tuple, Union

from . import _lietool
from ._lietool import InvalidInput, LietoolError, LimitExceeded, NumericalFailure, UsageError

try:
    import numpy as _np
except ImportError:     # NumPy is optional: matrices are then lists of rows
    _np = None

__all__ = ["order", "info", "derived_series", "derived_length", "lower_central_series", "isomorphic",
           "conjugacy_classes", "character_table", "closure", "killing", "bch", "bch_coefficient", "magnus", "lyndon", "min_depth",
           "error_bound", "report", "plan", "plan_table", "explain", "dataset", "ssm_eval", "ssm_paper", "Verdict", "Claim",
           "LietoolError", "UsageError", "InvalidInput", "LimitExceeded", "NumericalFailure", "DEFAULTS",
           "__version__"]
__version__: str = _lietool.version

#: The command line's limits (and dataset generate's), the defaults of the keyword arguments.
DEFAULTS: Dict[str, Any] = _lietool._defaults()

#: An object: a spec string, a list of permutations (cycle notation) or a list of square matrices.
Obj = Union[str, Sequence[Any]]
#: An exact matrix: a NumPy array of Fraction (dtype object) with NumPy, else a list of rows.
Matrix = Any


def _find_algebras() -> None:
    # the named groups and Lie algebras: in the installed package, or in the
    # source tree beside python/ (make python); LIETOOL_ALGEBRAS wins
    if _os.environ.get("LIETOOL_ALGEBRAS"):
        return
    here = _os.path.dirname(_os.path.abspath(__file__))
    for d in (_os.path.join(here, "algebras"), _os.path.join(here, "..", "..", "algebras")):
        if _os.path.isdir(_os.path.join(d, "groups")):
            _os.environ["LIETOOL_ALGEBRAS"] = _os.path.normpath(d)
            return


_find_algebras()


def _entry(x: Any) -> str:
    # an exact entry: an int, a Fraction, or a float or NumPy scalar that is an integer
    if isinstance(x, Fraction):
        return str(x)
    if hasattr(x, "item"):
        x = x.item()
    if isinstance(x, bool):
        x = int(x)
    if isinstance(x, float) and x.is_integer():
        x = int(x)
    if isinstance(x, int):
        return str(x)
    raise UsageError("a Lie algebra's matrices need exact entries (int or fractions.Fraction), not %r" % (x,))


def _matrix_spec(m: Any) -> str:
    rows = m.tolist() if hasattr(m, "tolist") else m
    return "[%s]" % ",".join("[%s]" % ",".join(_entry(x) for x in r) for r in rows)


def _spec(obj: Obj) -> str:
    """The spec string of obj: a string as it stands, a list of permutations as GAP's Group(...),
    a list of square matrices (NumPy arrays or nested lists, exact entries) as the Lie algebra
    they generate, GAP's LieAlgebra(Rationals, [...])."""
    if isinstance(obj, str):
        return obj
    if isinstance(obj, (list, tuple)) and obj and all(isinstance(p, str) for p in obj):
        return "Group(%s)" % ",".join(p.strip() for p in obj)
    if isinstance(obj, (list, tuple)) and obj and all(hasattr(m, "shape") or isinstance(m, (list, tuple))
                                                        for m in obj):
        return "LieAlgebra(Rationals, [%s])" % ", ".join(_matrix_spec(m) for m in obj)
    raise UsageError("an object is a spec string (as the command line takes), a list of permutations "
                     "in cycle notation or a list of square matrices, not %r" % (obj,))


def _int_arg(name: str, v: Any, lo: int = 1, hi: int = 2**62) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        raise UsageError("%s must be an int, not %r" % (name, v))
    if not lo <= v <= hi:
        raise UsageError("%s must be from %d to %d, not %d" % (name, lo, hi, v))
    return v


def _limits(max_degree: int, max_order: Union[int, str], max_enum: int, max_memory: int,
            max_dim: int) -> Dict[str, Any]:
    for name, v in (("max_degree", max_degree), ("max_enum", max_enum), ("max_memory", max_memory),
                    ("max_dim", max_dim)):
        if isinstance(v, bool) or not isinstance(v, int):
            raise UsageError("%s must be an int, not %r" % (name, v))
    if isinstance(max_order, int) and not isinstance(max_order, bool) and max_order > 0:
        max_order = str(max_order)
    if not isinstance(max_order, str):
        raise UsageError("max_order must be a positive int or a string such as '1e30', not %r" % (max_order,))
    o = max_order
    ok = (len(o) > 2 and o[0] == "1" and o[1] in "eE" and o[2:].isdigit() and int(o[2:]) <= 1000) or \
        (o.isdigit() and o.strip("0") != "")
    if not ok:
        raise UsageError("max_order needs a positive integer or 1eN, not '%s'" % o)
    big = 2**62
    return dict(max_degree=min(max_degree, big), max_order=o, max_enum=min(max_enum, big),
                max_memory=min(max_memory, big), max_dim=min(max_dim, big))


def _lim(kw: Dict[str, Any]) -> Dict[str, Any]:
    unknown = set(kw) - {"max_degree", "max_order", "max_enum", "max_memory", "max_dim"}
    if unknown:
        raise UsageError("unknown keyword argument %s (the limits are max_degree, max_order, max_enum, "
                         "max_memory, max_dim)" % ", ".join(sorted(unknown)))
    return _limits(**{k: kw.get(k, DEFAULTS[k]) for k in ("max_degree", "max_order", "max_enum", "max_memory",
                                                          "max_dim")})


def _matrix(rows: List[List[Fraction]]) -> Matrix:
    # an exact matrix: a NumPy array of Fraction when NumPy is importable, else the rows
    if _np is None:
        return rows
    a = _np.empty((len(rows), len(rows[0]) if rows else 0), dtype=object)
    for i, r in enumerate(rows):
        for j, x in enumerate(r):
            a[i, j] = x
    return a


# ---- groups and Lie algebras ----

def order(group: Obj, **limits: Any) -> int:
    """The order of a group, as `lietool order G`.

    >>> order("S5"), order("M11"), order(["(1,2,3)", "(1,2)"])
    (120, 7920, 6)
    """
    return _lietool._order(_spec(group), **_lim(limits))[0]


def info(obj: Obj, **limits: Any) -> Dict[str, Any]:
    """The algebraic profile of a group or a Lie algebra, as `lietool info --json OBJ`.

    A dict with the same keys in the same order (object, command, order or
    dimension, abelian, nilpotent, solvable, perfect, derived_series,
    derived_length, ...), orders as int, null as None.

    >>> d = info("S3")
    >>> d["order"], d["derived_series"], d["character_degrees"]
    (6, [6, 3, 1], [1, 1, 2])
    >>> info("sl(2)")["semisimple"]
    True
    """
    return _lietool._info(_spec(obj), **_lim(limits))


def character_table(group: Obj, **limits: Any) -> Dict[str, Any]:
    """The character table of a group, as `lietool character-table --json G`.

    A dict: order, exponent, classes (name, order, size,
    centralizer_order, representative), power_maps, characters (name,
    degree, indicator, values as exact strings in GAP's notation,
    values_float as complex numbers, kernel as 1-based class indices),
    real_representations (characters, dimension, reflection_length,
    faithful, kernel), character_degrees, minimal_faithful_real_dimension
    and householder_reflections_per_token. Orders are int.

    >>> t = character_table("A5")
    >>> t["character_degrees"]
    [1, 3, 3, 4, 5]
    >>> t["characters"][1]["values"]
    ['3', '-1', '0', '-E(5)^2-E(5)^3', '-E(5)-E(5)^4']
    """
    return _lietool._character_table(_spec(group), **_lim(limits))


def _series(obj: Obj, kind: int, limits: Dict[str, Any]) -> Tuple[List[int], bool]:
    return _lietool._series(_spec(obj), kind, **_lim(limits))


def derived_series(obj: Obj, **limits: Any) -> List[int]:
    """The derived series of a group (orders) or a Lie algebra (dimensions), from the object down.

    As `lietool derived-series OBJ`; a series that does not reach 1 (0)
    stops where it becomes constant.

    >>> derived_series("S4"), derived_series("S5"), derived_series("b(2)")
    ([24, 12, 4, 1], [120, 60], [3, 1, 0])
    """
    return _series(obj, 0, limits)[0]


def derived_length(obj: Obj, **limits: Any) -> Optional[int]:
    """The derived length of a solvable group or Lie algebra; None when it is not solvable.

    As `lietool derived-length OBJ`.

    >>> derived_length("S4"), derived_length("A5")
    (3, None)
    """
    sizes, bottom = _series(obj, 0, limits)
    return len(sizes) - 1 if bottom else None


def lower_central_series(obj: Obj, **limits: Any) -> List[int]:
    """The lower central series (orders or dimensions), as `lietool lower-central-series OBJ`.

    >>> lower_central_series("S4"), lower_central_series("D8")
    ([24, 12], [8, 2, 1])
    """
    return _series(obj, 1, limits)[0]


def isomorphic(group: Obj, other: Obj, *, witness: bool = False, **limits: Any) -> Any:
    """Are two groups isomorphic? As `lietool isomorphic G H` (exit 0 yes, 1 no).

    witness=True returns `lietool isomorphic --json`'s evidence instead, a
    dict: isomorphic, order, and either isomorphism (the images of the
    first group's generators, as (generator, image) pairs) or the
    invariant that differs (invariant, detail, values in the two groups).

    >>> isomorphic("S3", "D6"), isomorphic("S3", "C6")
    (True, False)
    >>> isomorphic("S3", "C6", witness=True)["invariant"]
    'element_orders'
    """
    d = _lietool._isomorphic(_spec(group), _spec(other), **_lim(limits))
    return d if witness else d["isomorphic"]


def conjugacy_classes(group: Obj, **limits: Any) -> List[Dict[str, Any]]:
    """The conjugacy classes of a group, as `lietool conjugacy-classes --json G`'s "classes".

    A list of dicts: representative (cycle notation), size, element_order.

    >>> [(c["representative"], c["size"]) for c in conjugacy_classes("S3")]
    [('()', 1), ('(1,2)', 3), ('(1,2,3)', 2)]
    """
    return _lietool._conjugacy_classes(_spec(group), **_lim(limits))


def closure(obj: Obj, **limits: Any) -> List[Matrix]:
    """A basis of the Lie algebra obj, as `lietool closure --json OBJ`'s "basis".

    obj is a Lie algebra spec ("sl(2)", "LieAlgebra(Rationals, [...])") or
    a list of square matrices (exact entries): the Lie algebra they
    generate. Each basis element is an exact matrix (NumPy array of
    Fraction with NumPy, else a list of rows); .astype(float) gives floating
    point.

    >>> B = closure([[[0, 1], [0, 0]], [[0, 0], [1, 0]]])
    >>> len(B), [[str(x) for x in row] for row in B[2]]
    (3, [['0', '0'], ['1', '0']])
    """
    return [_matrix(m) for m in _lietool._closure(_spec(obj), **_lim(limits))]


def killing(obj: Obj, **limits: Any) -> Matrix:
    """The Killing form of a Lie algebra in its basis (closure(obj)'s), as `lietool killing --json OBJ`.

    An exact matrix; non-degenerate exactly when the algebra is semisimple
    (Cartan's criterion).

    >>> [[int(x) for x in row] for row in killing("sl(2)")]
    [[0, 4, 0], [4, 0, 0], [0, 0, 8]]
    """
    return _matrix(_lietool._killing(_spec(obj), **_lim(limits)))


# ---- the free Lie algebra ----

def bch(n: int, *, symmetric: bool = False, max_enum: int = DEFAULTS["max_enum"],
        max_memory: int = DEFAULTS["max_memory"]) -> List[Tuple[str, Fraction]]:
    """The Baker-Campbell-Hausdorff series log(e^X e^Y) to degree n: a list of (bracket, Fraction).

    The non-zero terms in the Lyndon basis, brackets in the command line's
    notation, as `lietool bch N`. symmetric=True: log(e^(X/2) e^Y e^(X/2)).

    >>> bch(3)[2:]
    [('[X,Y]', Fraction(1, 2)), ('[X,[X,Y]]', Fraction(1, 12)), ('[[X,Y],Y]', Fraction(1, 12))]
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise UsageError("bch: the degree must be an int, not %r" % (n,))
    if not -2**62 < n < 2**62:
        raise InvalidInput("bch: the degree must be an integer from 1 to 1000, not '%d'" % n)
    return _lietool._bch(n, bool(symmetric), _int_arg("max_enum", max_enum), _int_arg("max_memory", max_memory))


def bch_coefficient(word: str, *, lyndon: bool = False, max_length: int = 256,
                    max_lyndon: int = 100000) -> Fraction:
    """The coefficient of an associative word in log(e^A e^B e^C ...): a Fraction.

    As `lietool bch --coefficient WORD`: the letters (A-Z, a-z) are the
    distinct letters of the word in ASCII order, one exponential each, so
    "XYX" is the coefficient of XYX in log(e^X e^Y). Exact, without the
    series (Hofstaetter 2020). max_length bounds the word's length.
    lyndon=True (`--lyndon`): the word is a Lyndon word, and the result is
    the coefficient of its Lyndon basis element (the standard bracketing,
    as bch() and `bch --table` have it); max_lyndon bounds the Lyndon words
    of its multidegree up to it, which the triangular solve runs over.

    >>> bch_coefficient("XYX")
    Fraction(-1, 6)
    >>> bch_coefficient("XYZ")
    Fraction(1, 3)
    >>> bch_coefficient("XYY", lyndon=True)   # [[X,Y],Y]
    Fraction(1, 12)
    """
    if not isinstance(word, str):
        raise UsageError("bch_coefficient: the word must be a str, not %r" % (word,))
    return _lietool._bch_coefficient(word, _int_arg("max_length", max_length), bool(lyndon),
                                     _int_arg("max_lyndon", max_lyndon))


def magnus(word: Union[str, Sequence[str]], order: int, *, max_length: int = 10000,
           max_enum: int = DEFAULTS["max_enum"], max_memory: int = DEFAULTS["max_memory"],
           max_dim: int = DEFAULTS["max_dim"]) -> List[Tuple[str, Fraction]]:
    """The Magnus expansion log(exp(A_wT) ... exp(A_w1)) of a word to `order`: a list of (bracket, Fraction).

    As `lietool magnus --order K WORD`: the word is a string of letters
    ("abac", each letter a token), a string of names between blanks
    ("x y x"), or a list of names (["A1", "A2", "A1"]); the first token acts
    first. The non-zero terms in the Lyndon basis of the distinct letters.

    >>> magnus(["x", "y"], 2)
    [('x', Fraction(1, 1)), ('y', Fraction(1, 1)), ('[x,y]', Fraction(-1, 2))]
    """
    if isinstance(word, str):
        tokens = [word]
    elif isinstance(word, (list, tuple)) and word and all(isinstance(t, str) for t in word):
        tokens = list(word)
    else:
        raise UsageError("magnus: the word is a str or a list of str, not %r" % (word,))
    if isinstance(order, bool) or not isinstance(order, int) or not 1 <= order <= 1000:
        raise UsageError("magnus: order needs an integer from 1 to 1000, not %r" % (order,))
    return _lietool._magnus(tokens, order, _int_arg("max_length", max_length), _int_arg("max_enum", max_enum),
                            _int_arg("max_memory", max_memory), _int_arg("max_dim", max_dim))


def lyndon(letters: int, degree: int, *, max_enum: int = DEFAULTS["max_enum"],
           max_memory: int = DEFAULTS["max_memory"]) -> Dict[str, Any]:
    """The Lyndon basis of the free Lie algebra on `letters` letters up to `degree`, as `lietool lyndon R N --json`.

    A dict: letters, degree, dimension, dimensions (by degree), basis (a
    list of dicts: index, degree, word, bracket, left, right).

    >>> L = lyndon(2, 3)
    >>> L["dimensions"], [b["bracket"] for b in L["basis"]]
    ([2, 1, 2], ['X', 'Y', '[X,Y]', '[X,[X,Y]]', '[[X,Y],Y]'])
    """
    for name, v in (("letters", letters), ("degree", degree)):
        if isinstance(v, bool) or not isinstance(v, int):
            raise UsageError("lyndon: %s must be an int, not %r" % (name, v))
    ls, dims, basis = _lietool._lyndon(max(min(letters, 2**31), -1), max(min(degree, 2**31), -1),
                                       _int_arg("max_enum", max_enum), _int_arg("max_memory", max_memory))
    return {"letters": ls, "degree": degree, "dimension": len(basis), "dimensions": dims, "basis": basis}


# ---- the theory ----

@_dataclasses.dataclass(frozen=True)
class Claim:
    """One claim of a verdict and its source (a paper and its statement, or lietool's own argument)."""
    claim: str
    source: str


class Verdict:
    """The theory's verdict (`lietool plan --json`'s "verdict" object): one attribute per key.

    exact_at_every_length (True, False, or None when open), claims (a list
    of Claim), family, layers, length, bound, impossible_at_every_depth,
    fewest_layers_known_to_suffice, ...; keys() lists them, as_dict()
    returns them as a dict (claims as dicts), the JSON's layout.
    """

    def __init__(self, fields: Dict[str, Any]) -> None:
        self._keys = list(fields)
        for k, v in fields.items():
            if k == "claims":
                v = [Claim(c["claim"], c["source"]) for c in v]
            setattr(self, k, v)

    def keys(self) -> List[str]:
        """The verdict's keys, in the JSON's order."""
        return list(self._keys)

    def as_dict(self) -> Dict[str, Any]:
        """The verdict as the JSON's dict."""
        d = {k: getattr(self, k) for k in self._keys}
        if "claims" in d:
            d["claims"] = [_dataclasses.asdict(c) for c in d["claims"]]
        return d

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Verdict) and self.as_dict() == other.as_dict()

    def __repr__(self) -> str:
        return "Verdict(%s)" % ", ".join("%s=%r" % (k, getattr(self, k)) for k in self._keys if k != "claims")

    def __getattr__(self, name: str) -> Any:     # for type checkers: the attributes are the JSON's keys
        raise AttributeError(name)


def _bound(bound: str) -> bool:
    if bound not in ("v1", "sharp"):
        raise UsageError("bound needs v1 or sharp, not '%s'" % (bound,))
    return bound == "sharp"


def _length(length: Optional[int]) -> int:
    if length is None:
        return 0
    if isinstance(length, bool) or not isinstance(length, int) or length < 1:
        raise UsageError("length needs a positive integer, not %r" % (length,))
    return min(length, 10**18)


def plan(task: Obj, arch: str, layers: int, length: Optional[int] = None, *, bound: str = "sharp",
         **limits: Any) -> Verdict:
    """The theory's verdict for `layers` layers of the family `arch` on the word problem of `task`.

    As `lietool plan TASK --arch ARCH --layers K [--length T] --json`: arch
    is a layer family (abelian, diag-positive, diag-signed, diag-complex,
    householder-N, householder-N-positive, pd, transformer) or an
    architecture's name (mamba, delta_net, ...); length (words up to that
    length) is optional; bound is "sharp" (the default: floor(log2 T) + 1,
    as version 2 of the paper states it) or "v1" (version 1's reading,
    superseded).

    >>> v = plan("S4", arch="abelian", layers=3)
    >>> v.exact_at_every_length, v.claims[0].source
    (True, 'Heo et al. 2026, Theorem 3.4')
    """
    if isinstance(layers, bool) or not isinstance(layers, int):
        raise UsageError("plan: layers must be an int, not %r" % (layers,))
    if not 1 <= layers <= 10**6:
        raise UsageError("plan: layers= needs an integer from 1 to 10^6, not '%d'" % layers)
    if not isinstance(arch, str):
        raise UsageError("plan: arch must be a string such as 'diag-signed', not %r" % (arch,))
    return Verdict(_lietool._plan(_spec(task), arch, layers, _length(length), _bound(bound), **_lim(limits)))


def plan_table(task: Obj, arch: Optional[str] = None, length: Optional[int] = None, *, bound: str = "sharp",
               **limits: Any) -> Dict[str, Any]:
    """The planning table, as `lietool plan TASK --json` without --layers.

    A dict: length, bound, families (one dict a family, or the one arch
    names: family, fewest_layers_known_to_suffice, fewest_layers_at_length,
    impossible_at_every_depth, most_layers_known_not_to_suffice,
    assumption, size, claim, source).

    >>> t = plan_table("S4")
    >>> [(f["family"], f["fewest_layers_known_to_suffice"]) for f in t["families"]][:2]
    [('abelian', 3), ('diag-positive', None)]
    """
    if arch is not None and not isinstance(arch, str):
        raise UsageError("plan: arch must be a string such as 'diag-signed', not %r" % (arch,))
    return _lietool._plan(_spec(task), arch, 0, _length(length), _bound(bound), **_lim(limits))


def _depth_args(length: Optional[int], tokens: Optional[int], max_digits: int) -> Tuple[int, int, int]:
    if tokens is not None and (isinstance(tokens, bool) or not isinstance(tokens, int) or tokens < 1):
        raise UsageError("tokens needs a positive integer, not %r" % (tokens,))
    return _length(length), 0 if tokens is None else min(tokens, 2**63), _int_arg("max_digits", max_digits)


def min_depth(obj: Obj, length: Optional[int] = None, *, tokens: Optional[int] = None, bound: str = "sharp",
              max_digits: int = 100000, **limits: Any) -> Dict[str, Any]:
    """The layers an object needs, as `lietool min-depth OBJ [--length T] --json`.

    A dict: solvable, derived_length, abelian_layers (exact: Theorem 3.4),
    restricted_layers (a lower bound: Proposition 3.3), and with length T
    the logarithmic bound for words of length at most T (log_depth_bound,
    depth_for_length) with its construction's width (width_bound, an int).

    >>> d = min_depth("S4", 100)
    >>> d["abelian_layers"], d["restricted_layers"], d["log_depth_bound"]
    (3, 2, 7)
    """
    return _lietool._min_depth(_spec(obj), _bound(bound), *_depth_args(length, tokens, max_digits), **_lim(limits))


def report(obj: Obj, length: Optional[int] = None, *, tokens: Optional[int] = None, bound: str = "sharp",
           max_digits: int = 100000, **limits: Any) -> Dict[str, Any]:
    """One page on an object for a sequence-model researcher, as `lietool report OBJ --json`.

    A dict: the algebraic profile, the minimum depths, the error exponents,
    the word problem's complexity, and the claims with their sources.

    >>> r = report("S4")
    >>> r["abelian_layers"], r["word_problem"], r["error_exponents"][:3]
    (3, 'solvable', [2, 4, 8])
    """
    return _lietool._report(_spec(obj), _bound(bound), *_depth_args(length, tokens, max_digits), **_lim(limits))


def error_bound(obj: Obj, *, depth: Optional[int] = None, eps: Union[None, float, str, Fraction] = None,
                rep: Optional[str] = None, model: Optional[str] = None, offset: int = 0,
                step: Union[None, float, str, Fraction] = None, bound: str = "sharp", **limits: Any) -> Dict[str, Any]:
    """The local error of depth-k order-blind stacks, as `lietool error-bound OBJ [--eps E] --json`.

    For depths 1..8 (or `depth` alone): truncation_class c(k), the exponent
    of the error O(eps^(c(k)+1)) (Corollary 3.6), whether the stack is exact
    (Theorem 3.4) and, with eps (the generator mass; a number, "1/8" or a
    Fraction), eps^(c(k)+1) (eps_power, to 7 digits as the command prints it).

    >>> e = error_bound("S4", eps=0.1)
    >>> [(d["error_exponent"], d["exact"], d["eps_power"]) for d in e["depths"][:3]]
    [(2, False, 0.01), (4, False, 0.0001), (8, True, 1e-08)]
    """
    if depth is not None:
        _int_arg("depth", depth, 1, 24)

    def number(name: str, v: Any) -> Optional[str]:
        if v is None:
            return None
        if isinstance(v, bool) or not isinstance(v, (int, float, str, Fraction)):
            raise UsageError("%s must be a number, a string such as '1/8' or a Fraction, not %r" % (name, v))
        return repr(float(v)) if isinstance(v, float) else str(v)

    eps, step = number("eps", eps), number("step", step)
    if eps is not None and (rep or model or step):
        raise UsageError("error_bound: eps is the generator mass itself; rep, model and step compute it")
    if model is not None and (rep is not None or step is not None):
        raise UsageError("error_bound: model takes its generators and their step sizes from the checkpoint")
    _int_arg("offset", offset, 0, 1000000)
    return _lietool._error_bound(_spec(obj), _bound(bound), depth or 0, eps,
                                 None if rep is None else _os.fspath(rep), None if model is None else _os.fspath(model),
                                 offset, step, **_lim(limits))


def explain(question: str, obj: Obj, **limits: Any) -> Dict[str, Any]:
    """The reasoning behind an answer, with the witnesses the library checked: `lietool explain --json`.

    question: derived-series, lower-central-series, solvable, nilpotent,
    perfect, abelian or min-depth. A dict with the JSON's keys (question,
    answer, the evidence: terms with commutator witnesses, ...).

    >>> e = explain("derived-series", "S3")
    >>> e["answer"], [t["order"] for t in e["terms"]]
    (2, ['6', '3', '1'])
    """
    if not isinstance(question, str):
        raise UsageError("explain: the question is a str, not %r" % (question,))
    return _json.loads(_lietool._explain(question, _spec(obj), **_lim(limits)))


# ---- datasets and trained models ----

def dataset(group: Obj, length: int, samples: Optional[int] = None, seed: int = 0, *,
            convention: str = "abstract_algebra", bos: Optional[int] = None, offset: Optional[int] = None,
            token_map: Optional[Union[str, "_os.PathLike[str]"]] = None, max_length: int = DEFAULTS["max_length"],
            max_samples: int = DEFAULTS["max_samples"], max_tokens: int = DEFAULTS["max_tokens"],
            **limits: Any) -> Tuple[Any, Any]:
    """A word-problem dataset: (inputs, targets), arrays of shape (words, length).

    The rows of `lietool dataset generate GROUP --length T --samples N
    --seed S` in order: inputs[i] the tokens of word i, targets[i] its
    prefix products; int64 NumPy arrays with NumPy, else lists of lists of
    int. samples=None: every word (itertools.product order). convention:
    "abstract_algebra" (the default) or "gap". The tokens as dataset
    generate's --bos, --offset and --token-map write them: bos (an int)
    leads every input and target (the arrays are length + 1 wide), offset
    writes element e as e + offset, token_map (a path to a JSON file such
    as a tokenizer's vocab.json) maps the elements' names to tokens.

    >>> inputs, targets = dataset("C3", 2)
    >>> [list(map(int, r)) for r in inputs][:4], [list(map(int, r)) for r in targets][:4]
    ([[0, 0], [0, 1], [0, 2], [1, 0]], [[0, 0], [0, 1], [0, 2], [1, 1]])
    """
    conv = {"abstract_algebra": False, "aa": False, "gap": True}
    if convention not in conv:
        raise UsageError("dataset: convention needs abstract_algebra or gap, not '%s'" % (convention,))
    for name, v in (("length", length), ("samples", samples), ("seed", seed), ("max_length", max_length),
                    ("max_samples", max_samples), ("max_tokens", max_tokens), ("bos", bos), ("offset", offset)):
        if v is not None and (isinstance(v, bool) or not isinstance(v, int)):
            raise UsageError("dataset: %s must be an int, not %r" % (name, v))
    for name, v in (("bos", bos), ("offset", offset)):
        if v is not None and not 0 <= v <= 2**30:
            raise UsageError("dataset: %s must be from 0 to 2^30, not %d" % (name, v))
    if token_map is not None:
        token_map = _os.fspath(token_map)
    if length < 1 or (samples is not None and samples < 1):
        raise UsageError("dataset: length and samples must be positive")
    if not 0 <= seed < 2**64:
        raise UsageError("dataset: the seed must be from 0 to 2^64 - 1, not %d" % seed)
    big = 2**62
    inputs, targets, rows, width, _ = _lietool._dataset(
        _spec(group), min(length, big), -1 if samples is None else min(samples, big), seed, conv[convention],
        min(max_length, big), min(max_samples, big), min(max_tokens, big), -1 if bos is None else bos,
        -1 if offset is None else offset, token_map, **_lim(limits))
    if _np is not None:
        return (_np.frombuffer(bytearray(inputs), dtype=_np.int64).reshape(rows, width),
                _np.frombuffer(bytearray(targets), dtype=_np.int64).reshape(rows, width))
    import array
    out = []
    for b in (inputs, targets):
        a = array.array("q")
        a.frombytes(b)
        out.append([a[i * width:(i + 1) * width].tolist() for i in range(rows)])
    return out[0], out[1]


_COMPUTE: Dict[Optional[str], int] = {None: 3, "f32": 0, "bf16": 1, "f16": 2}


def ssm_eval(checkpoint_dir: Union[str, "_os.PathLike[str]"], group: Obj, length: Optional[int] = None,
             samples: Optional[int] = None, seed: int = 0, *, data: Any = None, predictions: Any = None,
             logits: Any = None, threshold: float = 0.9, bos: Optional[int] = None, offset: Optional[int] = None,
             token_map: Any = None, compute: Optional[str] = None, max_checkpoint_mb: int = 1024,
             max_length: int = 10000, max_samples: int = 1000000, **limits: Any) -> Dict[str, Any]:
    """A trained checkpoint on a word problem, beside the theory's verdict: `lietool ssm eval --json`.

    checkpoint_dir holds config.json and model.safetensors (an architecture
    of lietool-formats(5), TRAINED MODELS); the words are `samples` random
    words of length `length` of `group` from `seed`, as dataset() makes
    them. Returns a dict with the keys of `ssm eval --json` (token_accuracy,
    sequence_accuracy, longest_prefix_90, per_position_accuracy, ...,
    order as int) and "verdict": the plan verdict for the model's family
    and depth as a Verdict (None when no family of the theory fits).
    Instead of length and samples, data (a path to a dataset CSV as
    dataset generate writes it) gives the words. predictions and logits
    (paths) write every word's predictions and every position's logits,
    as the command's --predictions and --logits. threshold, bos, offset,
    token_map (a path) and compute ("f32", "bf16", "f16"; None: the
    config's) are the command's --threshold, --bos, --offset,
    --token-map, --compute.
    """
    if compute not in _COMPUTE:
        raise UsageError("ssm eval: compute needs f32, bf16 or f16, not '%s'" % (compute,))
    for name, v in (("length", length), ("samples", samples), ("seed", seed), ("bos", bos), ("offset", offset),
                    ("max_checkpoint_mb", max_checkpoint_mb), ("max_length", max_length),
                    ("max_samples", max_samples)):
        if v is not None and (isinstance(v, bool) or not isinstance(v, int)):
            raise UsageError("ssm eval: %s must be an int, not %r" % (name, v))
    if data is None and (length is None or samples is None):
        raise UsageError("ssm eval: give data (a dataset CSV), or length and samples")
    if data is not None and (length is not None or samples is not None):
        raise UsageError("ssm eval: data takes its words from the file; drop length and samples")
    paths = {}
    for name, v in (("data", data), ("predictions", predictions), ("logits", logits), ("token_map", token_map)):
        paths[name] = None if v is None else _os.fspath(v)
    if not 0 <= seed < 2**64:
        raise UsageError("ssm eval: the seed must be from 0 to 2^64 - 1, not %d" % seed)
    for name, v in (("bos", bos), ("offset", offset)):
        if v is not None and not 0 <= v <= 2**30:
            raise UsageError("ssm eval: %s must be from 0 to 2^30, not %d" % (name, v))
    big = 2**62
    text = _lietool._ssm_eval(_os.fspath(checkpoint_dir), _spec(group), 0 if length is None else min(length, big),
                              0 if samples is None else min(samples, big), seed, float(threshold),
                              -1 if bos is None else bos, -1 if offset is None else offset, _COMPUTE[compute],
                              min(max_checkpoint_mb, big), min(max_length, big), min(max_samples, big), **paths,
                              **_lim(limits))
    if text.get("verdict") is not None:
        text["verdict"] = Verdict(text["verdict"])
    return text


_PAPER_PARTS = {"table": 1, "figure2": 2, "figure3": 4}


def _lietool_binary(given: Any) -> str:
    # the lietool binary the trainer runs for a group's order: given, $LIETOOL,
    # the build tree's beside python/ (make python), lietool on PATH
    import shutil
    here = _os.path.dirname(_os.path.abspath(__file__))
    for c in (given, _os.environ.get("LIETOOL"), _os.path.join(here, "..", "..", "lietool"), shutil.which("lietool")):
        if c and _os.path.isfile(_os.fspath(c)) and _os.access(_os.fspath(c), _os.X_OK):
            return _os.path.abspath(_os.fspath(c))
    if given:
        raise UsageError("ssm paper: lietool=%r is not an executable" % (given,))
    raise LietoolError("ssm paper: no lietool binary (give lietool=PATH, set LIETOOL, or put lietool on PATH)")


def ssm_paper(out: Union[str, "_os.PathLike[str]"], scale: str = "default", *, only: Optional[Sequence[str]] = None,
              groups: Optional[Sequence[str]] = None, seeds: Optional[Sequence[int]] = None, jobs: Optional[int] = None,
              map: str = "faithful", force: bool = False, lietool: Any = None, python: Any = None,
              trainer: Any = None, **limits: Any) -> Dict[str, Any]:
    """The paper's table and figures, trained and judged on this machine: `lietool ssm paper --json`.

    The same library call as the command (and make paper): the table runs
    one `ssm train` per run and seed of the scale ("tiny", "default",
    "full"), Figure 2 trains A5 models at each depth and reads their
    longest prefix at 90%, Figure 3 trains models of the rotation task and
    scores them beside the ideal order-blind model of each depth. Files go
    to out (summary.md, table.csv, figure2/3.csv and .svg, result.json,
    runs/); it must be empty or new unless force. only: parts among
    "table", "figure2", "figure3"; groups: the table's runs of these groups
    only; seeds: the table's seeds; jobs: the figures' trainings at once
    (None: the processors); map: figure 3's token map, "faithful" or
    "paper". lietool: the binary the trainer runs (default: $LIETOOL, the
    build tree's, lietool on PATH); python, trainer: as ssm train finds
    them ($LIETOOL_PYTHON, $LIETOOL_TRAINER). Returns the JSON's dict
    (table, outcomes, figure2, figure3, seconds, ...). Hours at the
    default scale; PyTorch is needed (python3-torch).

    >>> ssm_paper("/tmp/lietool-paper", "huge")
    Traceback (most recent call last):
        ...
    lietool.UsageError: ssm paper: scale is tiny, default or full, not 'huge'
    """
    parts = 0
    for p in (only or []):
        if p not in _PAPER_PARTS:
            raise UsageError("ssm paper: only takes table, figure2 or figure3, not %r" % (p,))
        parts |= _PAPER_PARTS[p]
    if map not in ("faithful", "paper"):
        raise UsageError("ssm paper: map is faithful or paper, not %r" % (map,))
    if jobs is not None and (isinstance(jobs, bool) or not isinstance(jobs, int) or not 1 <= jobs <= 1024):
        raise UsageError("ssm paper: jobs must be an int from 1 to 1024, not %r" % (jobs,))
    if isinstance(groups, str) or isinstance(seeds, (str, int)):
        raise UsageError("ssm paper: groups and seeds are lists")
    if groups is not None and (not groups or not all(isinstance(g, str) and g for g in groups)):
        raise UsageError("ssm paper: groups is a non-empty list of group names")
    if seeds is not None and (not seeds or not all(isinstance(x, int) and not isinstance(x, bool) and
                                                  0 <= x < 2**64 for x in seeds)):
        raise UsageError("ssm paper: seeds is a non-empty list of ints from 0 to 2^64 - 1")
    if scale not in ("tiny", "default", "full"):
        raise UsageError("ssm paper: scale is tiny, default or full, not %r" % (scale,))
    return _json.loads(_lietool._ssm_paper(
        _os.fspath(out), scale, parts, None if groups is None else list(groups),
        None if seeds is None else list(seeds), 0 if jobs is None else jobs, 1 if map == "paper" else 0,
        bool(force), _lietool_binary(lietool), None if python is None else _os.fspath(python),
        None if trainer is None else _os.fspath(trainer), **_lim(limits)))
