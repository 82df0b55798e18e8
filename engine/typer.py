"""A JSON value's type under a rules file: :class:`Typer` gives a value's :class:`Typed` form, its shape and its value
in the domain of its type (nested lists for arrays; raw objects for records, typed level by level); the values are
parsed by :mod:`widen.engine.values`."""

from __future__ import annotations

import math
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from typing import Any

from widen.engine.conversions import family, fits, parse_date, parse_timestamp, same_value
from widen.engine.shapes import Shape
from widen.engine.values import JsonNumber, json_text
from widen.rules.model import Rules


@dataclass(frozen=True)
class Typed:
    """A typed JSON value: its shape and its value (domain values, nested lists, or raw records)."""

    shape: Shape
    value: Any


class _Empty:
    """An empty object or an array holding no value at any depth: nothing to write (counted, not routed)."""

    def __repr__(self) -> str:
        return "EMPTY"


EMPTY = _Empty()
_MIXED = object()


class Typer:
    """Types JSON values under one rules file (the ``json`` lines and the lattice)."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.lattice = rules.lattice
        self.iceberg = {t.name: t.iceberg for t in rules.types}
        self.choices = {}
        for kind in ("integer", "fraction", "boolean", "string", "mixed"):
            typing = rules.json_typing(kind)
            self.choices[kind] = typing.choices if typing else ()

    # --- primitives ---------------------------------------------------------------------------------------------
    def primitive(self, raw: Any) -> tuple[str, Any]:
        """(type name, domain value) of a JSON scalar under the ``json`` lines."""
        if isinstance(raw, bool):
            kind = "boolean"
        elif isinstance(raw, JsonNumber):
            kind = raw.kind
        elif isinstance(raw, str):
            kind = "string"
        else:  # parse_line yields no other scalars: a hand-built record (a Python int or float) is refused
            raise TypeError(f"{type(raw).__name__} {raw!r} is not a parsed JSON scalar: build records with "
                            "widen.parse_line(text), which keeps each number's digits (a Python float has lost them)")
        for choice in self.choices[kind]:
            value = self._holds(kind, choice, raw)
            if value is not None:
                return choice.type, value
        return self.rules.top, raw.text if isinstance(raw, JsonNumber) else raw if isinstance(raw, str) else json_text(raw)

    def _holds(self, kind: str, choice, raw: Any) -> Any:
        iceberg = self.iceberg[choice.type]
        fam = family(iceberg)
        if fam == "string":
            if kind == "boolean":
                return "true" if raw else "false"
            return raw.text if isinstance(raw, JsonNumber) else str(raw)
        if kind == "boolean":
            return raw if fam == "boolean" else None
        if kind == "string":
            if choice.detector == "iso_date":
                return parse_date(raw)
            if choice.detector == "iso_timestamp":
                return parse_timestamp(raw)
            if choice.detector == "iso_timestamp_any_offset":
                return parse_timestamp(raw, any_offset=True)
            return None
        # numbers
        if len(raw) > 60:
            return None
        if fam == "integer" or (fam == "decimal" and kind == "integer"):
            if kind != "integer":
                return None
            value = int(Decimal(raw))
            return value if fits(iceberg, value) else None
        if fam == "decimal":
            try:
                value = Decimal(raw)
            except InvalidOperation:
                return None
            if value.is_zero():  # no negative zero: VARIANT's and Spark's decimals have none (exact: no context)
                value = value.copy_abs()
            return value if fits(iceberg, value) else None
        if fam == "float":
            try:
                value = float(raw)
            except (ValueError, OverflowError):
                return None
            if not math.isfinite(value):
                return None
            if kind == "integer":
                # an integer is exact in a double when the double's value is that integer
                return value if Decimal(value) == Decimal(raw) else None
            # a fraction is exact when the double's shortest text is the same decimal
            if Decimal(repr(value)) != Decimal(raw):
                return None
            return value + 0.0  # -0.0 is 0 in a VARIANT decimal
        return None

    def valued_fields(self, record: dict):
        """``(name, raw, typed)`` of the fields of a record that carry a value: empty names, nulls and empties are
        skipped (the observer counts those; nothing routes them)."""
        for key, raw in record.items():
            if key == "":
                continue
            typed = self.type_value(raw)
            if typed is None or typed is EMPTY:
                continue
            yield key, raw, typed

    def hollow(self, value: Any, dim: int) -> bool:
        """A record (or array of records, ``dim`` deep) with no value at any depth but nulls and empties: nothing
        to write (the planner counts it as an empty value, :func:`widen.engine.observe.without_hollow_records`)."""
        if value is None:
            return True
        if dim > 0:
            return all(self.hollow(x, dim - 1) for x in value)
        return all(typed.shape.is_record and self.hollow(typed.value, typed.shape.dim)
                   for _, _, typed in self.valued_fields(value))

    # --- any value ----------------------------------------------------------------------------------------------
    def type_value(self, raw: Any) -> Typed | None | _Empty:
        """The typed form of a JSON value; None for null; :data:`EMPTY` for ``{}``, ``[]`` and the like."""
        if raw is None:
            return None
        if isinstance(raw, dict):
            return Typed(Shape(None, 0), raw) if any(k != "" for k in raw) else EMPTY
        if isinstance(raw, list):
            info = self._array(raw)
            if info is _MIXED:
                return self._mixed(raw)
            if info[0] == "empty":
                return EMPTY
            kind, dim, types = info
            if kind == "record":
                return Typed(Shape(None, dim), raw)
            target = self._element_type(raw, dim, types)
            return Typed(Shape(target, dim), self._convert_leaves(raw, dim, target))
        t, value = self.primitive(raw)
        return Typed(Shape(t, 0), value)

    def _mixed(self, raw: list) -> Typed:
        choices = self.choices["mixed"]
        t = choices[0].type if choices else self.rules.top
        return Typed(Shape(t, 0), json_text(raw))

    def _array(self, items: list):
        """("prim"|"record", dim, types) of a non-empty array, ("empty", depth) or _MIXED."""
        kinds: set[str] = set()
        dims: set[int] = set()
        types: set[str] = set()
        empty_depth = 0
        for x in items:
            if x is None:
                continue
            if isinstance(x, list):
                sub = self._array(x)
                if sub is _MIXED:
                    return _MIXED
                if sub[0] == "empty":
                    empty_depth = max(empty_depth, sub[1])
                    continue
                kinds.add(sub[0])
                dims.add(sub[1])
                types |= sub[2]
            elif isinstance(x, dict):
                kinds.add("record")
                dims.add(0)
            else:
                kinds.add("prim")
                dims.add(0)
                types.add(self.primitive(x)[0])
        if not kinds:
            return ("empty", empty_depth + 1)
        if len(kinds) > 1 or len(dims) > 1:
            return _MIXED
        (dim,) = dims
        if empty_depth > dim:
            return _MIXED
        return (kinds.pop(), dim + 1, frozenset(types))

    def _element_type(self, raw: list, dim: int, types: frozenset[str]) -> str:
        """The narrowest type at or above the join of the element types that holds every element exactly."""
        lattice = self.lattice
        joined = lattice.join_all(sorted(types))
        leaves = [self.primitive(x) for x in records_of(raw, dim)]
        for candidate in lattice.upper_bounds(joined):
            if all(lattice.exact(v, lattice.path(t, candidate)) for t, v in leaves):
                return candidate
        return lattice.top  # pragma: no cover - text holds everything

    def _convert_leaves(self, raw: Any, dim: int, target: str) -> Any:
        if raw is None:
            return None
        if dim == 0:
            t, v = self.primitive(raw)
            return self.lattice.convert(v, self.lattice.path(t, target))
        return [self._convert_leaves(x, dim - 1, target) for x in raw]


def records_of(value: Any, dim: int):
    """The leaves of an array of dimension ``dim`` in order, nulls skipped (the records of a record array, the
    scalars of a primitive one)."""
    if value is None:
        return
    if dim == 0:
        yield value
        return
    for x in value:
        yield from records_of(x, dim - 1)


def same_leaves(a: Any, b: Any, dim: int) -> bool:
    """Structural equality of two arrays of dimension ``dim`` under :func:`same_value` at the leaves."""
    if a is None or b is None:
        return a is None and b is None
    if dim == 0:
        return same_value(a, b)
    if not isinstance(a, list) or not isinstance(b, list) or len(a) != len(b):
        return False
    return all(same_leaves(x, y, dim - 1) for x, y in zip(a, b))
