"""lietool in Python: the exact algebra behind state tracking in sequence models.

The functions follow lietool's commands, with Python types:

    >>> import lietool
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
square matrices, NumPy arrays with exact entries (the Lie algebra they
generate). Every function
takes the command line's limits as keyword arguments with its defaults
(max_degree, max_order, max_enum, max_memory in MiB, max_dim). Failures
raise UsageError, InvalidInput, LimitExceeded or NumericalFailure
(subclasses of LietoolError; .status is lietool's exit status 2..5) with
lietool's message. Long calls release the GIL.
"""
import dataclasses
import json
import os
from fractions import Fraction

from . import _lietool
from ._lietool import InvalidInput, LietoolError, LimitExceeded, NumericalFailure, UsageError

__all__ = ["info", "character_table", "derived_series", "derived_length", "lower_central_series", "plan", "Verdict", "Claim",
           "bch", "magnus", "closure", "killing", "dataset", "ssm_eval", "LietoolError", "UsageError", "InvalidInput", "LimitExceeded",
           "NumericalFailure", "DEFAULTS", "__version__"]
__version__ = _lietool.version

#: The command line's limits (and dataset generate's), the defaults of the keyword arguments.
DEFAULTS = _lietool._defaults()


def _find_algebras():
    # the named groups and Lie algebras: in the installed package, or in the
    # source tree beside python/ (make python); LIETOOL_ALGEBRAS wins
    if os.environ.get("LIETOOL_ALGEBRAS"):
        return
    here = os.path.dirname(os.path.abspath(__file__))
    for d in (os.path.join(here, "algebras"), os.path.join(here, "..", "..", "algebras")):
        if os.path.isdir(os.path.join(d, "groups")):
            os.environ["LIETOOL_ALGEBRAS"] = os.path.normpath(d)
            return


_find_algebras()


def _entry(x):
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


def _matrix(m):
    rows = m.tolist() if hasattr(m, "tolist") else m
    return "[%s]" % ",".join("[%s]" % ",".join(_entry(x) for x in r) for r in rows)


def _spec(obj):
    """The spec string of obj: a string as it stands, a list of permutations as GAP's Group(...),
    a list of square matrices (NumPy arrays or nested lists, exact entries) as the Lie algebra
    they generate, GAP's LieAlgebra(Rationals, [...])."""
    if isinstance(obj, str):
        return obj
    if isinstance(obj, (list, tuple)) and obj and all(isinstance(p, str) for p in obj):
        return "Group(%s)" % ",".join(p.strip() for p in obj)
    if isinstance(obj, (list, tuple)) and obj and all(hasattr(m, "shape") or isinstance(m, (list, tuple))
                                                        for m in obj):
        return "LieAlgebra(Rationals, [%s])" % ", ".join(_matrix(m) for m in obj)
    raise UsageError("an object is a spec string (as the command line takes), a list of permutations "
                     "in cycle notation or a list of square matrices, not %r" % (obj,))


def _limits(max_degree, max_order, max_enum, max_memory, max_dim):
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
    return dict(max_degree=max_degree, max_order=o, max_enum=max_enum, max_memory=max_memory, max_dim=max_dim)


# keys of info --json (and the series) whose values are orders: JSON strings (any size) -> int
_ORDER_KEYS = ("order", "derived_series", "lower_central_series", "upper_central_series", "center_order",
               "exponent", "conjugacy_classes")


def _ints(d):
    for k in _ORDER_KEYS:
        v = d.get(k)
        if isinstance(v, str) and v.isdigit():
            d[k] = int(v)
        elif isinstance(v, list):
            d[k] = [int(x) if isinstance(x, str) and x.isdigit() else x for x in v]
    return d


def info(obj, *, max_degree=DEFAULTS["max_degree"], max_order=DEFAULTS["max_order"],
         max_enum=DEFAULTS["max_enum"], max_memory=DEFAULTS["max_memory"], max_dim=DEFAULTS["max_dim"]):
    """The algebraic profile of a group or a Lie algebra, as `lietool info --json OBJ`.

    Returns a dict with the same keys (object, command, order or dimension,
    abelian, nilpotent, solvable, perfect, derived_series, derived_length,
    ...), orders as int. Example: info("S3")["order"] == 6.
    """
    return _ints(json.loads(_lietool._info(_spec(obj), **_limits(max_degree, max_order, max_enum, max_memory,
                                                                   max_dim))))


def character_table(obj, *, max_degree=DEFAULTS["max_degree"], max_order=DEFAULTS["max_order"],
                    max_enum=DEFAULTS["max_enum"], max_memory=DEFAULTS["max_memory"], max_dim=DEFAULTS["max_dim"]):
    """The character table of a group, as `lietool character-table --json G`.

    Returns a dict: order, exponent, classes (name, order, size,
    centralizer_order, representative), power_maps, characters (name,
    degree, indicator, values as exact strings in GAP's notation,
    values_float as (re, im) pairs, kernel as 1-based class indices),
    real_representations (characters, dimension, reflection_length,
    faithful, kernel), character_degrees, minimal_faithful_real_dimension
    and householder_reflections_per_token. Orders are int. Example:
    character_table("A5")["character_degrees"] == [1, 3, 3, 4, 5].
    """
    d = json.loads(_lietool._character_table(_spec(obj), **_limits(max_degree, max_order, max_enum, max_memory,
                                                                    max_dim)))
    _ints(d)
    for c in d["classes"]:
        _ints(c)
        c["centralizer_order"] = int(c["centralizer_order"])
        c["size"] = int(c["size"])
    for ch in d["characters"]:
        ch["values_float"] = [complex(re, im) for re, im in ch["values_float"]]
    return d


def _series(obj, lower, length_only, limits):
    return _ints(json.loads(_lietool._series(_spec(obj), lower, length_only, **_limits(*limits))))


def derived_series(obj, *, max_degree=DEFAULTS["max_degree"], max_order=DEFAULTS["max_order"],
                   max_enum=DEFAULTS["max_enum"], max_memory=DEFAULTS["max_memory"], max_dim=DEFAULTS["max_dim"]):
    """The derived series of a group (orders) or a Lie algebra (dimensions), from the object down.

    As `lietool derived-series OBJ`: derived_series("S4") == [24, 12, 4, 1];
    a series that does not reach 1 (0) stops where it becomes constant:
    derived_series("S5") == [120, 60].
    """
    return _series(obj, False, False, (max_degree, max_order, max_enum, max_memory, max_dim))["derived_series"]


def derived_length(obj, *, max_degree=DEFAULTS["max_degree"], max_order=DEFAULTS["max_order"],
                   max_enum=DEFAULTS["max_enum"], max_memory=DEFAULTS["max_memory"], max_dim=DEFAULTS["max_dim"]):
    """The derived length of a solvable group or Lie algebra; None when it is not solvable.

    As `lietool derived-length OBJ`: derived_length("S4") == 3, derived_length("A5") is None.
    """
    return _series(obj, False, True, (max_degree, max_order, max_enum, max_memory, max_dim))["derived_length"]


def lower_central_series(obj, *, max_degree=DEFAULTS["max_degree"], max_order=DEFAULTS["max_order"],
                         max_enum=DEFAULTS["max_enum"], max_memory=DEFAULTS["max_memory"],
                         max_dim=DEFAULTS["max_dim"]):
    """The lower central series (orders or dimensions), as `lietool lower-central-series OBJ`."""
    return _series(obj, True, False, (max_degree, max_order, max_enum, max_memory, max_dim))["lower_central_series"]


@dataclasses.dataclass(frozen=True)
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

    def __init__(self, fields):
        self._keys = list(fields)
        for k, v in fields.items():
            if k == "claims":
                v = [Claim(c["claim"], c["source"]) for c in v]
            setattr(self, k, v)

    def keys(self):
        """The verdict's keys, in the JSON's order."""
        return list(self._keys)

    def as_dict(self):
        """The verdict as the JSON's dict."""
        d = {k: getattr(self, k) for k in self._keys}
        if "claims" in d:
            d["claims"] = [dataclasses.asdict(c) for c in d["claims"]]
        return d

    def __eq__(self, other):
        return isinstance(other, Verdict) and self.as_dict() == other.as_dict()

    def __repr__(self):
        return "Verdict(%s)" % ", ".join("%s=%r" % (k, getattr(self, k)) for k in self._keys if k != "claims")


def plan(task, arch, layers, length=None, *, bound="sharp", max_degree=DEFAULTS["max_degree"],
         max_order=DEFAULTS["max_order"], max_enum=DEFAULTS["max_enum"], max_memory=DEFAULTS["max_memory"],
         max_dim=DEFAULTS["max_dim"]):
    """The theory's verdict for `layers` layers of the family `arch` on the word problem of `task`.

    As `lietool plan TASK --arch ARCH --layers K [--length T] --json`: arch
    is abelian, diag-positive, diag-signed, diag-complex, householder-N or
    transformer; length (words up to that length) is optional; bound is
    "sharp" (the default: floor(log2 T) + 1, as version 2 of the paper
    states it) or "v1" (version 1's reading, superseded). Returns a Verdict:

        v = plan("A4 x C3", arch="diag-signed", layers=4)
        v.exact_at_every_length, [c.source for c in v.claims]
    """
    if bound not in ("v1", "sharp"):
        raise UsageError("plan: --bound needs v1 or sharp, not '%s'" % (bound,))
    for name, v in (("layers", layers), ("length", length)):
        if v is not None and (isinstance(v, bool) or not isinstance(v, int)):
            raise UsageError("plan: %s must be an int, not %r" % (name, v))
    if length is not None and length < 1:
        raise UsageError("plan: --length needs a positive integer, not '%d'" % length)
    if not isinstance(arch, str):
        raise UsageError("plan: arch must be a string such as 'diag-signed', not %r" % (arch,))
    text = _lietool._plan(_spec(task), arch, layers, 0 if length is None else length, bound == "sharp",
                          **_limits(max_degree, max_order, max_enum, max_memory, max_dim))
    return Verdict(json.loads(text)["verdict"])


def bch(n, *, symmetric=False, max_enum=DEFAULTS["max_enum"], max_memory=DEFAULTS["max_memory"]):
    """The Baker-Campbell-Hausdorff series log(e^X e^Y) to degree n: a list of (bracket, Fraction).

    The non-zero terms in the Lyndon basis, brackets in the command line's
    notation, as `lietool bch N`: bch(3) == [("X", 1), ("Y", 1),
    ("[X,Y]", 1/2), ("[X,[X,Y]]", 1/12), ("[[X,Y],Y]", 1/12)] with the
    coefficients as fractions.Fraction. symmetric=True: log(e^(X/2) e^Y e^(X/2)).
    """
    if isinstance(n, bool) or not isinstance(n, int):
        raise UsageError("bch: the degree must be an int, not %r" % (n,))
    if not -2**62 < n < 2**62:
        raise InvalidInput("bch: the degree must be an integer from 1 to 1000, not '%d'" % n)
    d = json.loads(_lietool._bch(n, bool(symmetric), max_enum, max_memory))
    return [(t["bracket"], Fraction(t["coefficient"])) for t in d["terms"] if Fraction(t["coefficient"]) != 0]


def magnus(word, order, *, max_length=10000, max_enum=DEFAULTS["max_enum"], max_memory=DEFAULTS["max_memory"],
           max_dim=DEFAULTS["max_dim"]):
    """The Magnus expansion log(exp(A_wT) ... exp(A_w1)) of a word to `order`: a list of (bracket, Fraction).

    As `lietool magnus --order K WORD`: the word is a string of letters
    ("abac", each letter a token), a string of names between blanks
    ("x y x"), or a list of names (["A1", "A2", "A1"]); the first token acts
    first. The non-zero terms in the Lyndon basis of the distinct letters:
    magnus("ab", 2) == [("a", 1), ("b", 1), ("[a,b]", -1/2)] (coefficients
    as fractions.Fraction).
    """
    if isinstance(word, str):
        tokens = [word]
    elif isinstance(word, (list, tuple)) and word and all(isinstance(t, str) for t in word):
        tokens = list(word)
    else:
        raise UsageError("magnus: the word is a str or a list of str, not %r" % (word,))
    for name, v in (("order", order), ("max_length", max_length), ("max_enum", max_enum),
                    ("max_memory", max_memory), ("max_dim", max_dim)):
        if isinstance(v, bool) or not isinstance(v, int):
            raise UsageError("magnus: %s must be an int, not %r" % (name, v))
    big = 2**62
    if not 1 <= order <= 1000:
        raise UsageError("magnus: --order needs an integer from 1 to 1000, not '%d'" % order)
    d = json.loads(_lietool._magnus(tokens, order, min(max_length, big), min(max_enum, big), min(max_memory, big),
                                    min(max_dim, big)))
    return [(t["bracket"], Fraction(t["coefficient"])) for t in d["terms"] if Fraction(t["coefficient"]) != 0]


def _fractions(rows):
    import numpy
    a = numpy.empty((len(rows), len(rows[0]) if rows else 0), dtype=object)
    for i, r in enumerate(rows):
        for j, x in enumerate(r):
            a[i, j] = Fraction(x)
    return a


def closure(obj, *, max_degree=DEFAULTS["max_degree"], max_order=DEFAULTS["max_order"],
            max_enum=DEFAULTS["max_enum"], max_memory=DEFAULTS["max_memory"], max_dim=DEFAULTS["max_dim"]):
    """A basis of the Lie algebra obj as a list of NumPy matrices, as `lietool closure --json OBJ`.

    obj is a Lie algebra spec ("sl(2)", "LieAlgebra(Rationals, [...])") or
    a list of square matrices (exact entries): the Lie algebra they
    generate. The matrices are NumPy arrays of dtype object holding
    fractions.Fraction (exact); .astype(float) gives floating point.
    len(closure([X, Y])) is the dimension of the algebra X and Y generate.
    """
    d = json.loads(_lietool._lie(_spec(obj), 0, **_limits(max_degree, max_order, max_enum, max_memory, max_dim)))
    return [_fractions(m) for m in d["basis"]]


def killing(obj, *, max_degree=DEFAULTS["max_degree"], max_order=DEFAULTS["max_order"],
            max_enum=DEFAULTS["max_enum"], max_memory=DEFAULTS["max_memory"], max_dim=DEFAULTS["max_dim"]):
    """The Killing form of a Lie algebra in its basis (closure(obj)'s), as `lietool killing --json OBJ`.

    A NumPy array of dtype object holding fractions.Fraction:
    killing("sl(2)") is [[0, 4, 0], [4, 0, 0], [0, 0, 8]]. Non-degenerate
    exactly when the algebra is semisimple (Cartan's criterion).
    """
    d = json.loads(_lietool._lie(_spec(obj), 1, **_limits(max_degree, max_order, max_enum, max_memory, max_dim)))
    return _fractions(d["killing"])


def dataset(group, length, samples=None, seed=0, *, convention="abstract_algebra", bos=None, offset=None,
            token_map=None, max_length=DEFAULTS["max_length"], max_samples=DEFAULTS["max_samples"],
            max_tokens=DEFAULTS["max_tokens"], max_degree=DEFAULTS["max_degree"], max_order=DEFAULTS["max_order"],
            max_enum=DEFAULTS["max_enum"], max_memory=DEFAULTS["max_memory"], max_dim=DEFAULTS["max_dim"]):
    """A word-problem dataset: (inputs, targets) as int64 NumPy arrays of shape (words, length).

    The rows of `lietool dataset generate GROUP --length T --samples N
    --seed S` in order: inputs[i] the tokens of word i, targets[i] its
    prefix products. samples=None: every word (itertools.product order).
    convention: "abstract_algebra" (the default) or "gap". The tokens as
    dataset generate's --bos, --offset and --token-map write them: bos
    (an int) leads every input and target (the arrays are length + 1
    wide), offset writes element e as e + offset, token_map (a path to a
    JSON file such as a tokenizer's vocab.json) maps the elements' names to
    tokens.
    """
    conv = {"abstract_algebra": False, "aa": False, "gap": True}
    if convention not in conv:
        raise UsageError("dataset: --convention needs abstract_algebra or gap, not '%s'" % (convention,))
    for name, v in (("length", length), ("samples", samples), ("seed", seed), ("max_length", max_length),
                    ("max_samples", max_samples), ("max_tokens", max_tokens), ("bos", bos), ("offset", offset)):
        if v is not None and (isinstance(v, bool) or not isinstance(v, int)):
            raise UsageError("dataset: %s must be an int, not %r" % (name, v))
    for name, v in (("bos", bos), ("offset", offset)):
        if v is not None and not 0 <= v <= 2**30:
            raise UsageError("dataset: %s must be from 0 to 2^30, not %d" % (name, v))
    if token_map is not None:
        token_map = os.fspath(token_map)
    if length < 1 or (samples is not None and samples < 1):
        raise UsageError("dataset: length and samples must be positive")
    if not 0 <= seed < 2**64:
        raise UsageError("dataset: the seed must be from 0 to 2^64 - 1, not %d" % seed)
    big = 2**62
    inputs, targets, _ = _lietool._dataset(_spec(group), min(length, big), -1 if samples is None else min(samples, big),
                                           seed, conv[convention], min(max_length, big), min(max_samples, big),
                                           min(max_tokens, big), -1 if bos is None else bos,
                                           -1 if offset is None else offset, token_map,
                                           **_limits(max_degree, max_order, max_enum, max_memory, max_dim))
    return inputs, targets


_COMPUTE = {None: 3, "f32": 0, "bf16": 1, "f16": 2}


def ssm_eval(checkpoint_dir, group, length=None, samples=None, seed=0, *, data=None, predictions=None,
             logits=None, threshold=0.9, bos=None, offset=None, token_map=None, compute=None, max_checkpoint_mb=1024, max_length=10000, max_samples=1000000,
             max_degree=DEFAULTS["max_degree"], max_order=DEFAULTS["max_order"], max_enum=DEFAULTS["max_enum"],
             max_memory=DEFAULTS["max_memory"], max_dim=DEFAULTS["max_dim"]):
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
        raise UsageError("ssm eval: --compute needs f32, bf16 or f16, not '%s'" % (compute,))
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
        paths[name] = None if v is None else os.fspath(v)
    if not 0 <= seed < 2**64:
        raise UsageError("ssm eval: the seed must be from 0 to 2^64 - 1, not %d" % seed)
    for name, v in (("bos", bos), ("offset", offset)):
        if v is not None and not 0 <= v <= 2**30:
            raise UsageError("ssm eval: %s must be from 0 to 2^30, not %d" % (name, v))
    big = 2**62
    text = _lietool._ssm_eval(os.fspath(checkpoint_dir), _spec(group), 0 if length is None else min(length, big),
                              0 if samples is None else min(samples, big), seed, float(threshold),
                              -1 if bos is None else bos, -1 if offset is None else offset, _COMPUTE[compute],
                              min(max_checkpoint_mb, big), min(max_length, big), min(max_samples, big), **paths,
                              **_limits(max_degree, max_order, max_enum, max_memory, max_dim))
    d = _ints(json.loads(text))
    if d.get("verdict") is not None:
        d["verdict"] = Verdict(d["verdict"])
    return d
