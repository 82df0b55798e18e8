"""Frozen rule objects: what a parsed rules file says, each declaration with its source span.

These are plain values: immutable, hashable, comparable. Their meaning as a lattice lives in
:mod:`widen.engine.lattice`; the parse tree becomes these objects in :mod:`widen.rules.transformer`.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from widen.rules.errors import InputError, Span

#: Situations a policy can be set for, and the actions each accepts (the first is the default).
SITUATIONS: dict[str, tuple[str, ...]] = {
    "new_field": ("add", "reject"),
    "narrower": ("route", "reject"),
    "wider": ("add", "reject", "promote"),
    "incompatible": ("add", "reject"),
    "case_conflict": ("keep", "reject", "merge", "resolve"),
    "empty_name": ("drop", "reject"),
}

#: Conditions an ``on`` line may hold only under (``on narrower route in merge where same_storage``), with the
#: situations each applies to.
CONDITIONS: dict[str, tuple[str, ...]] = {
    # the data's type and the column's are stored as one Iceberg type (delta.rules: byte, short and int are all
    # Iceberg ints, as Delta's "Parquet physically stores ByteType, ShortType and IntType as IntType")
    "same_storage": ("narrower",),
    # the field's column can be changed in place to the data's type: an `in place` edge joins them, on the table's
    # format version (types.rules: an int column becomes a long one when longs arrive)
    "in_place": ("wider",),
}

#: Modes a rules file may name as its default, and ``on`` lines may be scoped to (``on wider reject in enforce``).
#: ``overwrite`` also replaces the table's schema and data instead of adding to them.
MODES = ("evolve", "enforce", "merge", "overwrite")

#: Spark types a ``typed`` line maps (struct and array are structure; a ``void`` column holds only nulls).
TYPED_KINDS = ("boolean", "byte", "short", "int", "long", "float", "double", "decimal", "date", "timestamp",
               "timestamp_ntz", "string", "binary", "map")

#: The kinds of JSON value a `json` line types.
JSON_KINDS = ("integer", "fraction", "boolean", "string", "mixed")


@dataclass(frozen=True)
class TypeDecl:
    """``type NAME = ICEBERG``: a primitive of the lattice and the Iceberg type its columns get."""

    name: str
    iceberg: str
    span: Span = field(compare=False, hash=False, repr=False)


@dataclass(frozen=True)
class Edge:
    """``widen A -> B`` (lossless, part of the lattice) or ``convert A -> B`` (routes values, never widens).

    ``via`` names the conversion (see :mod:`widen.engine.conversions`); ``exact`` (``where exact``) routes only
    the values that convert back unchanged.
    """

    kind: str  # "widen" | "convert"
    source: str
    target: str
    via: str
    exact: bool
    span: Span = field(compare=False, hash=False, repr=False)
    source_span: Span | None = field(compare=False, hash=False, repr=False, default=None)
    target_span: Span | None = field(compare=False, hash=False, repr=False, default=None)
    #: ``in place``: a column of the source type may be changed to the target type without rewriting its data
    #: (Iceberg's type promotions), from table format version ``min_format`` on
    in_place: bool = False
    min_format: int = 1

    def __str__(self) -> str:
        via = f" via {self.via}" if self.via else ""
        place = (" in place" + (f" from v{self.min_format}" if self.min_format > 1 else "")) if self.in_place else ""
        return f"{self.kind} {self.source} -> {self.target}{via}{' where exact' if self.exact else ''}{place}"


@dataclass(frozen=True)
class Merge:
    """``merge A into B``: when a field is first seen with both types, only a B field is defined."""

    source: str
    target: str
    span: Span = field(compare=False, hash=False, repr=False)
    source_span: Span | None = field(compare=False, hash=False, repr=False, default=None)
    target_span: Span | None = field(compare=False, hash=False, repr=False, default=None)


@dataclass(frozen=True)
class Incompatible:
    """``incompatible A with B C``: the page's "Incompatible With" column. A and B (and A and C) meet at the top, the
    common denominator, whatever else lies above both."""

    type: str
    others: tuple[str, ...]
    span: Span = field(compare=False, hash=False, repr=False)
    spans: tuple[Span, ...] = field(compare=False, hash=False, repr=False, default=())

    def pairs(self) -> tuple[tuple[str, str, Span], ...]:
        """``(A, B, span of B)`` for each type declared incompatible with A."""
        spans = self.spans or (self.span,) * len(self.others)
        return tuple((self.type, other, span) for other, span in zip(self.others, spans))


@dataclass(frozen=True)
class JsonChoice:
    """One candidate of a ``json`` line: a type, and for strings the detector that must accept the text."""

    type: str
    detector: str | None
    span: Span = field(compare=False, hash=False, repr=False)


@dataclass(frozen=True)
class JsonTyping:
    """``json KIND -> T1 | T2 if detector | ...``: the first candidate that holds the value exactly wins."""

    kind: str
    choices: tuple[JsonChoice, ...]
    span: Span = field(compare=False, hash=False, repr=False)


@dataclass(frozen=True)
class TypedMapping:
    """``typed SPARK... -> T1 | T2``: a typed column (Parquet, a DataFrame) of these Spark types is stored as the
    first candidate that holds every value of its type exactly (decided from the type, not the values)."""

    sources: tuple[str, ...]
    choices: tuple[JsonChoice, ...]
    span: Span = field(compare=False, hash=False, repr=False)


@dataclass(frozen=True)
class Naming:
    """How evolved fields are named and documented.

    ``template`` uses ``{field}``, ``{dims}`` and ``{type}``; ``dims`` gives the ``{dims}`` text for dimension
    0, 1 and n >= 2 (``{n}`` in the last); ``record`` is the type word of records; ``doc`` uses ``{field}``.
    """

    template: str = "{field}_{dims}{type}"
    dims: tuple[str, str, str] = ("", "array_", "array{n}_")
    record: str = "record"
    doc: str = "evolved_from:{field}"

    def dims_text(self, dim: int) -> str:
        if dim == 0:
            return self.dims[0]
        if dim == 1:
            return self.dims[1]
        return self.dims[2].replace("{n}", str(dim))

    def evolved_name(self, field_name: str, type_word: str, dim: int) -> str:
        word = "".join(ch if ch.isalnum() else "_" for ch in type_word.replace(" ", "")).strip("_")
        return (
            self.template.replace("{field}", field_name)
            .replace("{dims}", self.dims_text(dim))
            .replace("{type}", word)
        )

    def doc_for(self, field_name: str) -> str:
        return self.doc.replace("{field}", field_name)

    def evolved_from(self, doc: str | None) -> str | None:
        """The source field a column's doc names, or None when the doc is not an evolved-field doc."""
        if not doc:
            return None
        head, _, tail = self.doc.partition("{field}")
        if not doc.startswith(head) or not doc.endswith(tail) or len(doc) <= len(head) + len(tail):
            return None
        return doc[len(head) : len(doc) - len(tail)]


@dataclass(frozen=True)
class Policy:
    """``on SITUATION ACTION [in MODE...]``: unscoped lines hold in every mode a scoped line does not cover."""

    situation: str
    action: str
    span: Span = field(compare=False, hash=False, repr=False)
    modes: tuple[str, ...] = ()
    #: a CONDITIONS name: the line holds only where it does, and then before the lines without one
    where: str | None = None


@dataclass(frozen=True)
class Rules:
    """A whole rules file, validated. Build one with :func:`widen.load_rules`."""

    path: str
    types: tuple[TypeDecl, ...]
    top: str
    top_via: str
    edges: tuple[Edge, ...]
    merges: tuple[Merge, ...]
    json: tuple[JsonTyping, ...]
    naming: Naming
    policies: tuple[Policy, ...]
    mode: str
    typed: tuple[TypedMapping, ...] = ()
    incompatibles: tuple[Incompatible, ...] = ()
    source: str = field(compare=False, hash=False, repr=False, default="")
    #: The validated lattice (set by :func:`widen.load_rules`).
    lattice: Any = field(compare=False, hash=False, repr=False, default=None)

    @property
    def type_names(self) -> tuple[str, ...]:
        return tuple(t.name for t in self.types)

    def type_decl(self, name: str) -> TypeDecl:
        for t in self.types:
            if t.name == name:
                return t
        raise KeyError(name)

    def policy(self, situation: str, holds: frozenset[str] | set[str] = frozenset()) -> str:
        """The action for a situation in this rules' mode: a line scoped to the mode, else an unscoped line, else
        the situation's default; of each, a line whose ``where`` condition ``holds`` first, then one without."""
        for scoped in (True, False):
            lines = [p for p in self.policies if p.situation == situation
                     and (self.mode in p.modes if scoped else not p.modes)]
            for p in lines:
                if p.where is not None and p.where in holds:
                    return p.action
            for p in lines:
                if p.where is None:
                    return p.action
        return SITUATIONS[situation][0]

    @property
    def folds_case(self) -> bool:
        """Names that differ only by case are one field (``on case_conflict merge`` or ``resolve``)."""
        return self.policy("case_conflict") in ("merge", "resolve")

    def with_mode(self, mode: str) -> "Rules":
        """The same rules in another mode (``evolve``, ``enforce``, ``merge``, ``overwrite``)."""
        if mode not in MODES:
            raise InputError(f"unknown mode '{mode}' (one of: {', '.join(MODES)})")
        return self if mode == self.mode else replace(self, mode=mode)

    def typed_mapping(self, kind: str) -> "TypedMapping | None":
        for t in self.typed:
            if kind in t.sources:
                return t
        return None

    def json_typing(self, kind: str) -> JsonTyping | None:
        for j in self.json:
            if j.kind == kind:
                return j
        return None

    def widen_edges(self) -> tuple[Edge, ...]:
        return tuple(e for e in self.edges if e.kind == "widen")

    def convert_edges(self) -> tuple[Edge, ...]:
        return tuple(e for e in self.edges if e.kind == "convert")
