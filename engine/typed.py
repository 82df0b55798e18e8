"""Typed inputs — Parquet files and Spark DataFrames — as the planner sees them.

A typed column declares its type, so it is observed from the schema, not from its values: each Spark type is
stored as the first candidate of its ``typed`` line that holds *every* value of that type exactly (``typed byte
short int long -> int | long``: a ``short`` is held by ``int``, a ``long`` is not). Structs are records and arrays
are dimensions, as for JSON. A ``void`` column (Spark's null type) holds only nulls: it adds no column until a batch
gives it a type (Delta's "NullType -> any other type").

A type line whose Iceberg type is a bare ``decimal`` (``type numeric = decimal``) is *parametric*: a typed
``decimal(10, 2)`` column is stored as ``decimal(10, 2)``. Its instances become types of the lattice for the batch
(:func:`instantiate`); ``widen numeric -> numeric ... in place`` lets an instance widen to one of the same scale and
a larger precision (Iceberg's decimal promotion).

The shipped rules keep each typed column's Iceberg type:

>>> from widen import load_rules
>>> rules = load_rules()
>>> [lattice_type(k, rules) for k in ("short", "long", "float", "decimal(10,2)", "decimal(38,24)", "timestamp_ntz",
...                                   "binary", "map")]
['int', 'long', 'float', 'decimal(10,2)', 'decimal(38,24)', 'timestamp_ntz', 'binary', 'string']
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Iterable

from widen.engine.conversions import decimal_params, family
from widen.engine.lattice import Lattice
from widen.engine.observe import FieldObservation, LevelObservation, Observations, Seen
from widen.engine.shapes import Shape
from widen.rules.errors import PlanError
from widen.rules.model import Edge, Rules, TypeDecl

_DECIMAL_KIND = re.compile(r"^decimal\((\d+),\s*(\d+)\)$")
#: the Iceberg type of a parametric ``type`` line (see :data:`widen.engine.load.PARAMETRIC`)
PARAMETRIC = "decimal"

#: digits of the largest value of each integral Spark type
_INT_DIGITS = {"byte": 3, "short": 5, "int": 10, "long": 19}


@dataclass(frozen=True)
class TypedColumn:
    """A column of a typed input: a Spark type (``int``, ``decimal(10,2)``, ``map``, ``void``...) or a struct
    (``kind`` None, with ``fields``), at ``dim`` array levels."""

    name: str
    kind: str | None
    dim: int = 0
    fields: tuple["TypedColumn", ...] = ()

    def describe(self) -> str:
        inner = self.kind if self.kind is not None else "struct<" + ", ".join(
            f"{f.name}: {f.describe()}" for f in self.fields) + ">"
        for _ in range(self.dim):
            inner = f"array<{inner}>"
        return inner


def _kind_family(kind: str) -> str:
    return "decimal" if _DECIMAL_KIND.match(kind) else kind


def holds(iceberg: str, kind: str) -> bool:
    """Whether a column of Iceberg type ``iceberg`` holds every value of Spark type ``kind`` exactly (a string
    column holds every value as its text; a double holds a decimal of up to 15 digits, whose digits come back)."""
    fam = family(iceberg)
    if fam == "string":
        return True
    m = _DECIMAL_KIND.match(kind)
    p, s = (int(m.group(1)), int(m.group(2))) if m else (0, 0)
    if kind in _INT_DIGITS:
        p, s = _INT_DIGITS[kind], 0
    integral = kind in _INT_DIGITS or (m is not None and s == 0)
    if iceberg == "int":
        return integral and p <= 9 or kind in ("byte", "short", "int")
    if iceberg == "long":
        return integral and p <= 18 or kind in ("byte", "short", "int", "long")
    if iceberg == "float":
        return kind in ("float", "byte", "short")
    if iceberg == "double":
        return kind in ("float", "double", "byte", "short", "int") or (m is not None and p <= 15)
    if fam == "decimal":
        if not (integral or m):
            return False
        P, S = decimal_params(iceberg)
        return s <= S and p - s <= P - S
    return {
        "boolean": ("boolean",),
        "date": ("date",),
        "timestamptz": ("timestamp",),
        "timestamp": ("timestamp_ntz",),
        "binary": ("binary",),
    }.get(iceberg, ()).__contains__(kind)


def instance_name(kind: str) -> str:
    """The lattice type of a parametric decimal instance: ``decimal(10,2)``."""
    m = _DECIMAL_KIND.match(kind)
    return f"decimal({m.group(1)},{m.group(2)})"


def lattice_type(kind: str, rules: Rules) -> str:
    """The rules type a typed column of Spark type ``kind`` is stored as (raises PlanError when the rules have no
    ``typed`` line for it, or none of its candidates holds the type)."""
    mapping = rules.typed_mapping(_kind_family(kind))
    if mapping is None:
        raise PlanError(f"the rules have no 'typed {_kind_family(kind)}' line: add one to say how a {kind} column "
                        "is stored (see docs/rules-language.md)")
    for choice in mapping.choices:
        iceberg = rules.type_decl(choice.type).iceberg
        if iceberg == PARAMETRIC:
            if _DECIMAL_KIND.match(kind):  # (a decimal(38,0) that a type of its own holds is that type)
                return _claimed(rules).get(instance_name(kind), instance_name(kind))
            continue
        if holds(iceberg, kind):
            return choice.type
    choices = " | ".join(c.type for c in mapping.choices)
    raise PlanError(f"no candidate of 'typed {_kind_family(kind)} -> {choices}' holds every {kind} value exactly; "
                    "end the line with a string type")


def _claimed(rules: Rules) -> dict[str, str]:
    """The decimal types of the rules that are not parametric, by their instance name: ``decimal(38,0)`` ->
    ``decimal`` when the rules say ``type decimal = decimal(38, 0)``."""
    out = {}
    for t in rules.types:
        m = _DECIMAL_KIND.match(t.iceberg or "")
        if m:
            out.setdefault(f"decimal({m.group(1)},{m.group(2)})", t.name)
    return out


def _instances(columns: Iterable[TypedColumn], rules: Rules) -> set[str]:
    out: set[str] = set()
    for c in columns:
        if c.kind is None:
            out |= _instances(c.fields, rules)
        elif c.kind != "void":
            t = lattice_type(c.kind, rules)
            if t not in rules.type_names:
                out.add(t)
    return out


def parametric(rules: Rules) -> tuple[str, ...]:
    return tuple(t.name for t in rules.types if t.iceberg == PARAMETRIC)


def rules_for(rules: Rules, columns: Iterable[TypedColumn] = (), iceberg_types: Iterable[str] = ()) -> Rules:
    """The rules a batch (typed columns) is planned under against a table (its Iceberg primitive types, e.g.
    ``decimal(10, 2)``): the decimal instances they use made types of the lattice, and the types no JSON value
    takes (:func:`json_types`: a typed input's only, ``int`` or ``binary`` in types.rules) left out unless the
    batch's columns or the table's types need them, so that a JSON batch is planned and compiled as under rules
    without them."""
    columns, iceberg_types = tuple(columns), tuple(iceberg_types)
    rules = _without(rules, _unused(rules, columns, iceberg_types))
    if not parametric(rules):
        return rules
    names = _instances(columns, rules)
    claimed = {t.iceberg for t in rules.types}  # (a decimal(38, 0) that a type of its own holds: no instance)
    names |= {instance_name(t) for t in iceberg_types if _DECIMAL_KIND.match(t) and t not in claimed}
    return instantiate(rules, frozenset(names)) if names else rules


def json_types(rules: Rules) -> frozenset[str]:
    """The types a JSON value can be stored as: the ``json`` lines' choices, the top, and the types above them."""
    chosen = {rules.top} | {c.type for j in rules.json for c in j.choices}
    return frozenset(u for t in chosen for u in rules.lattice.upper_bounds(t))


def _kinds(columns: Iterable[TypedColumn]) -> Iterable[str]:
    for c in columns:
        if c.kind is None:
            yield from _kinds(c.fields)
        elif c.kind != "void":
            yield c.kind


def _unused(rules: Rules, columns: tuple, iceberg_types: tuple) -> frozenset[str]:
    """The types no JSON value takes that neither the typed ``columns`` (any choice of their ``typed`` line) nor
    the table's ``iceberg_types`` (a type no JSON type is stored as) need."""
    json = json_types(rules)
    typed_only = [t for t in rules.types if t.name not in json]
    if not typed_only:
        return frozenset()
    needed = {c.type for kind in _kinds(columns) for m in [rules.typed_mapping(_kind_family(kind))] if m
              for c in m.choices}
    stored = {t.iceberg for t in rules.types if t.name in json}
    for ice in iceberg_types:
        if ice not in stored:
            needed |= {t.name for t in typed_only
                       if t.iceberg == ice or (t.iceberg == PARAMETRIC and _DECIMAL_KIND.match(ice))}
    lattice = rules.lattice
    needed = {u for t in needed for u in (lattice.upper_bounds(t) if t in lattice.types else (t,))}
    return frozenset(t.name for t in typed_only if t.name not in needed)


@lru_cache(maxsize=64)
def _without(rules: Rules, drop: frozenset[str]) -> Rules:
    """The rules without the types ``drop`` and every line that names one (their lattice rebuilt)."""
    if not drop:
        return rules
    keep = lambda name: name not in drop  # noqa: E731
    incompatibles = []
    for decl in rules.incompatibles:
        pairs = [(o, sp) for o, sp in zip(decl.others, decl.spans or (decl.span,) * len(decl.others)) if keep(o)]
        if keep(decl.type) and pairs:
            incompatibles.append(replace(decl, others=tuple(o for o, _ in pairs), spans=tuple(sp for _, sp in pairs)))
    out = replace(rules, types=tuple(t for t in rules.types if keep(t.name)),
                  edges=tuple(e for e in rules.edges if keep(e.source) and keep(e.target)),
                  merges=tuple(m for m in rules.merges if keep(m.source) and keep(m.target)),
                  incompatibles=tuple(incompatibles),
                  typed=tuple(replace(m, choices=cs) for m in rules.typed
                              if (cs := tuple(c for c in m.choices if keep(c.type)))), lattice=None)
    return replace(out, lattice=Lattice(out))


@lru_cache(maxsize=64)
def instantiate(rules: Rules, names: frozenset[str]) -> Rules:
    """The rules with the decimal instances ``names`` (``decimal(10,2)``) as types: each takes the edges of its
    parametric type, and widens in place to the instances of the same scale and a larger precision when the rules
    declare ``widen decimal -> decimal``."""
    family_type = parametric(rules)[0]
    base = rules.type_decl(family_type)
    inst = sorted(names, key=lambda n: tuple(int(x) for x in _DECIMAL_KIND.match(n).groups()))
    types = rules.types + tuple(
        TypeDecl(n, "decimal({}, {})".format(*_DECIMAL_KIND.match(n).groups()), base.span) for n in inst)
    edges = list(rules.edges)
    for n in inst:
        for e in rules.edges:
            if e.source == family_type and e.target != family_type:
                edges.append(replace(e, source=n))
    widening = rules.lattice.family_widening.get(family_type)
    if widening is not None:  # (to the instances, and to a type of the rules' own that is a decimal: decimal(38, 0))
        claimed = _claimed(rules)
        for a in inst:
            pa, sa = map(int, _DECIMAL_KIND.match(a).groups())
            for b in inst + [name for name in claimed if name not in names]:
                pb, sb = map(int, _DECIMAL_KIND.match(b).groups())
                if sa == sb and pa < pb:
                    edges.append(Edge("widen", a, claimed.get(b, b), widening.via, widening.exact, widening.span,
                                      in_place=widening.in_place, min_format=widening.min_format))
    out = replace(rules, types=types, edges=tuple(edges), lattice=None)
    return replace(out, lattice=Lattice(out))


def observe_typed(columns: Iterable[TypedColumn], rules: Rules, records: int) -> Observations:
    """The observation of a typed batch of ``records`` rows: each column seen with its one shape (values of types
    with a ``where exact`` edge above them are assumed not to fit it: which do is known only per value, and a
    typed column's values are not scanned)."""
    return Observations(_level(tuple(columns), rules, records), records)


def _level(columns: tuple[TypedColumn, ...], rules: Rules, n: int) -> LevelObservation:
    fields = []
    for c in columns:  # in the input's own column order: a new table's columns follow it, as Delta's do
        if c.kind == "void":
            fields.append(FieldObservation(c.name, (), (), n, 0))
            continue
        if c.kind is None:
            shape = Shape(None, c.dim)
            fields.append(FieldObservation(c.name, ((shape, Seen(n)),), ((c.dim, _level(c.fields, rules, n)),)))
            continue
        t = lattice_type(c.kind, rules)
        lattice = rules.lattice
        if t not in lattice.types:
            raise PlanError(f"column {c.name!r}: a {c.kind} column is stored as {t}, which these rules do not hold "
                            "yet: observe and plan a typed batch under rules_for(rules, columns, the table's Iceberg "
                            "types) (widen.engine.typed; widen.write and widen ingest do it)")
        inexact = frozenset(u for u in lattice.upper_bounds(t) if u != t and lattice.guarded(t, u))
        fields.append(FieldObservation(c.name, ((Shape(t, c.dim), Seen(n, inexact)),)))
    return LevelObservation(tuple(fields))
