"""What a value's storage signature decides, for one rules file: pure (no Spark), so the observer (which counts
signatures in Spark) and the compiler (which routes by them) decide alike.

A signature is ``schema_of_variant`` of a value, each ``DECIMAL(p,s)`` normalised to its number class
(:func:`normal_signature`); :meth:`Signatures.decide` gives the shape a signature decides on its own, or None when
the value must be looked at.
"""

from __future__ import annotations

import re

from widen.engine.conversions import family
from widen.engine.shapes import Shape
from widen.engine.typer import Typer
from widen.rules.model import Rules

_NARROW = re.compile(r"DECIMAL\((?:[1-9]|1[0-5]),[0-9]+\)")
_WIDE = re.compile(r"DECIMAL\([0-9]+,[0-9]+\)")


def normal_signature(sig: str) -> str:
    """A ``schema_of_variant`` with each DECIMAL(p,s) replaced by its number class: ``DEC15`` (at most 15
    significant digits: a JSON fraction that a double holds exactly) or ``DECW`` (wider: typed value by value).
    parse_json gives every fraction its own precision; Spark groups by the raw signature (a few per field) and
    the driver normalises."""
    return _WIDE.sub("DECW", _NARROW.sub("DEC15", sig))


def object_names(sig: str) -> list[str]:
    """The field names of an ``OBJECT<...>`` signature, as ``schema_of_variant`` prints them (backticks around
    names that need them, doubled inside)."""
    assert sig.startswith("OBJECT<") and sig.endswith(">"), sig
    body = sig[7:-1]
    n, i, names = len(body), 0, []

    def quoted(i: int) -> tuple[str, int]:
        """The name quoted at ``body[i]`` (a backtick), and the index after its closing backtick."""
        out, i = [], i + 1
        while True:
            if body[i] == "`":
                if i + 1 < n and body[i + 1] == "`":
                    out.append("`")
                    i += 2
                    continue
                return "".join(out), i + 1
            out.append(body[i])
            i += 1

    while i < n:
        if body[i] == "`":
            name, i = quoted(i)
        else:
            j = body.index(":", i)
            name, i = body[i:j], j
        names.append(name)
        i += 2  # ": "
        depth = 0
        while i < n:  # the type, up to the comma at depth 0 (nested names may hold anything, quoted)
            c = body[i]
            if c == "`":
                _, i = quoted(i)
                continue
            if c == "<":
                depth += 1
            elif c == ">":
                depth -= 1
            elif c == "," and depth == 0:
                i += 2  # ", "
                break
            i += 1
    return names


def decimal_digits(iceberg: str) -> int:
    """The integer digits of ``decimal(p, s)``: p - s."""
    p, s = (int(v) for v in iceberg[iceberg.index("(") + 1: -1].split(","))
    return p - s


def split_arrays(sig: str) -> tuple[int, str]:
    """(array dimension, element signature) of a signature: ``ARRAY<ARRAY<BIGINT>>`` -> (2, ``BIGINT``)."""
    k = 0
    while sig.startswith("ARRAY<", 6 * k):
        k += 1
    inner = sig[6 * k: len(sig) - k] if k else sig
    return k, inner


def storage_kind(sig: str, cls: int | None = None) -> str:
    """A value's storage as the compiler needs it: the normal signature with an object's fields left out
    (``OBJECT``), at its array dimension: ``ARRAY<OBJECT<a: BIGINT>>`` -> ``ARRAY<OBJECT>``; an array of strings
    with the bit set of its leaves' types (``ARRAY<STRING>/4``: every leaf typed as type index 2)."""
    dim, inner = split_arrays(normal_signature(sig))
    if inner.startswith("OBJECT<"):
        inner = "OBJECT"
    kind = "ARRAY<" * dim + inner + ">" * dim
    return f"{kind}/{cls}" if dim and inner == "STRING" and cls is not None else kind


class Signatures:
    """The static decisions of one rules file: which signature decides which shape."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.lattice = lattice = rules.lattice
        self.types = lattice.types
        self.index = {t: i for i, t in enumerate(self.types)}
        self.iceberg = {t.name: t.iceberg for t in rules.types}
        self.typer = Typer(rules)
        self.guarded = sorted(t for t in lattice.types
                              if any(u != t and lattice.guarded(t, u) for u in lattice.upper_bounds(t)))
        self.static = {
            "BOOLEAN": self._static_boolean(),
            "BIGINT": self._first_static("integer", "BIGINT"),
            "DEC15": self._first_static("fraction", "DEC15"),
            "DOUBLE": self._first_static("fraction", "DOUBLE"),
        }
        # a long of at most 15 digits is below 2^53 in magnitude: exact along every guarded edge when
        # those edges are casts into doubles (the default `long -> double where exact`); else every long is
        # looked at
        long_t = self.static["BIGINT"]
        self.small_longs_exact = long_t is not None and all(
            all(e.via == "cast" and self.iceberg[e.target] == "double" for e in lattice.path(long_t, u)
                if e.exact)
            for u in lattice.upper_bounds(long_t) if u != long_t and lattice.guarded(long_t, u)
        )
        typing = rules.json_typing("string")
        string_types = {c.type for c in typing.choices} if typing else set()
        string_types.add(rules.top)
        # strings are typed in the first job, by detector; a type they take with a guarded edge above it (a date
        # or timestamp below long and double) also needs each value's exactness bits: computed in the same job for
        # single strings; an array of strings with such leaves is typed value by value (the second job)
        self.strings_static = True
        self.string_guarded = sorted(t for t in string_types if t in self.guarded)
        self.string_guarded_mask = sum(1 << self.index[t] for t in self.string_guarded)

    def _first_static(self, kind: str, storage: str) -> str | None:
        """The type a number of this storage takes when that does not depend on its value; None when it may."""
        typing = self.rules.json_typing(kind)
        for choice in typing.choices if typing else ():
            iceberg = self.iceberg[choice.type]
            fam = family(iceberg)
            if fam == "string":
                return choice.type
            if kind == "integer" and storage == "BIGINT":
                if iceberg == "long" or (fam == "decimal" and decimal_digits(iceberg) >= 19):
                    return choice.type
                if fam in ("integer", "decimal", "float"):
                    return None  # depends on the value (an int, a narrow decimal, a double's 53 bits)
                continue  # booleans, dates, timestamps never hold an integer
            if kind == "fraction":
                if fam == "float":
                    if iceberg == "double":
                        # DEC15: at most 15 digits, a double exactly; DOUBLE: not rescued, so exact and finite
                        return choice.type
                    return None
                if fam == "decimal":
                    return None
                continue  # integers, booleans, dates, timestamps never hold a fraction
            return None
        return None if typing and typing.choices else self.rules.top

    def _static_boolean(self) -> str | None:
        types = {self.typer.primitive(b)[0] for b in (True, False)}
        if len(types) != 1:
            return None
        (t,) = types
        for b in (True, False):
            value = self.typer.primitive(b)[1]
            for u in self.lattice.upper_bounds(t):
                if u != t and self.lattice.guarded(t, u) and not self.lattice.exact(value, self.lattice.path(t, u)):
                    return None  # some boolean is inexact somewhere: decided value by value
        return t

    def decide(self, raw: str, cls) -> "str | Shape | None":
        """``"null"``, ``"empty"`` or the Shape of values with this signature (and first-job class), or None
        when the signature does not decide it (the second job then types those values one by one)."""
        sig = normal_signature(raw)
        if sig == "VOID":
            return "null"
        if sig.startswith("OBJECT<"):
            return Shape(None, 0) if any(name != "" for name in object_names(sig)) else "empty"
        dim, inner = split_arrays(sig)
        if inner.startswith("OBJECT<") and dim:
            return Shape(None, dim)
        if inner == "VOID":
            return "empty" if dim else "null"
        if inner == "STRING":
            if not self.strings_static or cls is None:
                return None
            if dim == 0:
                return Shape(self.types[cls], 0)
            leaves = sorted(self.types[i] for i in range(len(self.types)) if cls >> i & 1)
            if not leaves or cls & self.string_guarded_mask:
                return None
            return Shape(self.lattice.join_all(leaves), dim)
        if sig == "DECW":
            if cls is None or self.types[cls] in self.guarded:
                return None
            return Shape(self.types[cls], 0)
        if inner in self.static and self.static[inner] is not None:
            if inner == "BIGINT" and not self.small_longs_exact:
                return None
            if dim and inner in ("DEC15", "DOUBLE"):
                return None  # their leaves may be longs that parse_json merged into a decimal or a double
            t = self.static[inner]
            if inner != "BIGINT" and inner != "BOOLEAN" and t in self.guarded:
                return None
            return Shape(t, dim)
        return None
