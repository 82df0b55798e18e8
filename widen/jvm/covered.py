"""The rules as the native pass reads them: whether it covers them (:func:`coverage`, saying why not and naming
the rules file's line), and the spec it is given (:func:`spec`)."""

from __future__ import annotations

import functools
import json
import os

from widen.engine.conversions import decimal_params, family
from widen.rules.model import Rules


DETECTORS = ("iso_date", "iso_timestamp", "iso_timestamp_any_offset")
#: the conversions the pass applies along lattice paths, by (source family, target families)
EDGES = {
    "bool_to_int": ({"boolean"}, {"integer", "decimal", "float"}),
    "cast": ({"integer"}, {"integer", "decimal", "float"}),
    "midnight_utc": ({"date"}, {"timestamp"}),
    "epoch_seconds": ({"timestamp"}, {"integer"}),
    "epoch_millis": ({"timestamp"}, {"integer"}),
    "epoch_micros": ({"timestamp"}, {"integer"}),
}
FAMILIES = {"integer", "decimal", "float", "boolean", "date", "timestamp", "string"}



def enabled() -> bool:
    return os.environ.get("WIDEN_NATIVE", "1") != "0"


# --- the rules ------------------------------------------------------------------------------------------------

class Coverage:
    """Whether the native pass covers rules: ``spec`` (the rules as the pass reads them, JSON) when it does, else
    ``why`` not, and ``line``, a pattern of the rules file's line that says what it does not cover (``widen check``
    names that line)."""

    def __init__(self, spec: str | None, why: str = "", line: str | None = None):
        self.spec, self.why, self.line = spec, why, line


#: at most this many types a JSON value can be typed as (the pass joins their sets from a table of 2^n entries)
MAX_JSON_TYPES = 12


def order(rules: Rules) -> tuple[str, ...]:
    """The types as the pass numbers them: those a JSON value can be typed as (the ``json`` lines' choices) first,
    in the lattice's order, then the others."""
    chosen = {rules.top}  # (a value no choice takes is typed as the top: engine.values)
    for kind in ("integer", "fraction", "boolean", "string", "mixed"):
        typing = rules.json_typing(kind)
        chosen.update(c.type for c in (typing.choices if typing else ()))
    types = rules.lattice.types
    return tuple(t for t in types if t in chosen) + tuple(t for t in types if t not in chosen)


def with_cdc(text: str, cdc: str | None) -> str:
    """The spec a pass over a feed of change events reads: the rules' spec (``text``) with the envelope each line
    is (``cdc``: ``Debezium.java`` unwraps it), or the rules' spec alone."""
    return text if not cdc else json.dumps({**json.loads(text), "cdc": cdc})


class _Uncovered(Exception):
    """What the native pass does not cover: ``Coverage(None, *args)``."""


@functools.lru_cache(maxsize=16)
def coverage(rules: Rules) -> Coverage:
    """Whether the native pass covers the rules (:class:`Coverage`). It covers every type a JSON value can reach
    (the ``json`` lines' choices and every type above them) of the families integer, decimal, float, boolean,
    date, timestamp and string, at most :data:`MAX_JSON_TYPES` of them chosen, and 63 types in all; the detectors
    ``iso_date``, ``iso_timestamp`` and ``iso_timestamp_any_offset``; conversions along lattice paths of text into
    a string type, ``cast`` from an integer type, ``bool_to_int``, ``midnight_utc`` and ``epoch_*`` from a
    timestamp; ``on case_conflict`` of any action. Types no JSON value reaches (binary, a short typed from
    Parquet) are the typed inputs' only. Not covered: a string type with a wider type above it, a top that is not
    a string, a fraction typed as a decimal of scale 0."""
    try:
        return Coverage(_spec(rules))
    except _Uncovered as exc:
        return Coverage(None, *exc.args)


def _spec(rules: Rules) -> str:
    lattice = rules.lattice
    types = order(rules)
    if len(types) > 63:
        raise _Uncovered(f"more than 63 types ({len(types)})", r"^\s*type\b")
    index = {t: i for i, t in enumerate(types)}
    iceberg = {t.name: t.iceberg for t in rules.types}
    fams = {t: family(iceberg[t]) for t in types}
    if fams.get(rules.top) != "string":
        raise _Uncovered(f"the top type {rules.top} is not a string", r"^\s*top\b")
    choices, chosen = _choices(rules, index, fams, types)
    reached = {u for t in chosen for u in lattice.upper_bounds(t)}
    described = _described(types, fams, iceberg, reached)
    for i, _ in choices["fraction"]:
        if fams[types[i]] == "decimal" and described[i]["s"] == 0:
            # a fraction in a decimal of scale 0 (10.0) does not come back from its text: not ported
            raise _Uncovered(f"fractions typed as {types[i]}, a decimal of scale 0", r"^\s*json\s+fraction\b")
    ups, guarded, paths = [], [], []
    for t in types:
        if t not in reached:  # (never a value's type: the pass needs nothing of it)
            ups.append([index[t]]), guarded.append([]), paths.append([[]])
            continue
        bounds = lattice.upper_bounds(t)
        if fams[t] == "string" and bounds != (t,):
            raise _Uncovered(f"the string type {t} has a wider type above it", rf"\b{t}\b\s*->")
        ups.append([index[u] for u in bounds])
        guarded.append([index[u] for u in bounds if u != t and lattice.guarded(t, u)])
        paths.append([[_path_edge(e, index, fams) for e in lattice.path(t, u)] for u in bounds])
    njson = len(chosen)
    join = [0] + [index[lattice.join_all([types[i] for i in range(njson) if mask >> i & 1])]
                  for mask in range(1, 1 << njson)]
    return json.dumps({"types": described, "top": index[rules.top], "choices": choices, "ups": ups,
                       "guarded": guarded, "paths": paths, "join": join,
                       "case_merge": rules.policy("case_conflict") == "merge"})


def _choices(rules: Rules, index: dict, fams: dict, types: tuple) -> tuple[dict, set]:
    """(the ``json`` lines' choices as the pass reads them, the types they name)."""
    choices, chosen = {}, {rules.top}
    for kind in ("integer", "fraction", "boolean", "string", "mixed"):
        typing = rules.json_typing(kind)
        picked = []
        for c in typing.choices if typing else ():
            if c.detector is not None and c.detector not in DETECTORS:
                raise _Uncovered(f"the detector {c.detector} (json {kind})", rf"^\s*json\s+{kind}\b")
            picked.append([index[c.type], c.detector])
            chosen.add(c.type)
        choices[kind] = picked
    if len(chosen) > MAX_JSON_TYPES:
        raise _Uncovered(f"more than {MAX_JSON_TYPES} types a JSON value can be typed as ({len(chosen)})",
                         r"^\s*json\b")
    if choices["mixed"] and fams[types[choices["mixed"][0][0]]] != "string":
        raise _Uncovered("a mixed array typed as something other than a string", r"^\s*json\s+mixed\b")
    return choices, chosen


def _described(types: tuple, fams: dict, iceberg: dict, reached: set) -> list[dict]:
    described = []
    for t in types:
        fam = fams[t]
        if fam not in FAMILIES:
            if t in reached:
                raise _Uncovered(f"the type {t} ({iceberg[t]}), which a JSON value can reach", rf"^\s*type\s+{t}\b")
            fam = "other"  # (a typed input's only: the pass never meets it)
        p, sc = decimal_params(iceberg[t]) if fam == "decimal" else (0, 0)
        described.append({"name": t, "family": fam, "iceberg": iceberg[t], "p": p, "s": sc})
    return described


def _path_edge(e, index: dict, fams: dict) -> list:
    source, target = fams[e.source], fams[e.target]
    if e.via == "text":
        if target != "string":
            raise _Uncovered(f"{e.source} -> {e.target} via text into a {target}",
                             rf"\b{e.source}\s*->\s*{e.target}\b")
    elif e.via not in EDGES or source not in EDGES[e.via][0] or target not in EDGES[e.via][1]:
        raise _Uncovered(f"{e.source} -> {e.target} via {e.via}", rf"\b{e.source}\s*->\s*{e.target}\b")
    return [e.via, index[e.source], index[e.target]]


def spec(rules: Rules) -> str | None:
    """The rules as the pass reads them (JSON), or None when the pass does not cover them (:func:`coverage`)."""
    return coverage(rules).spec

