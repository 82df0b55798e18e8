"""Observations of one batch: per field path, the shapes seen and how often (the pure-Python observer).

The observation tree mirrors records: each field has its shapes and, for each record dimension it was seen at,
the fields observed inside those records. The Spark observer produces the very same values.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Iterable, Mapping

from widen.engine.shapes import Shape
from widen.engine.typer import EMPTY, Typer, records_of
from widen.engine.values import CASE_COLLISION, InvalidJson, blank, case_collision, json_text, parse_line
from widen.rules.model import Rules


@dataclass(frozen=True)
class Seen:
    """How often a shape was seen at a field, and the wider types some of its values do not convert into
    exactly (along a ``where exact`` edge: a long beyond 2^53 does not fit a double)."""

    count: int
    inexact: frozenset[str] = frozenset()

    def merge(self, other: "Seen") -> "Seen":
        return Seen(self.count + other.count, self.inexact | other.inexact)


@dataclass(frozen=True)
class FieldObservation:
    """One field at one level: its shapes, nulls and empties, and what its records contained, per dimension."""

    name: str
    shapes: tuple[tuple[Shape, Seen], ...] = ()
    children: tuple[tuple[int, "LevelObservation"], ...] = ()
    nulls: int = 0
    empties: int = 0
    #: the array dimensions of the hollow records counted among the empties (set by :func:`without_hollow_records`):
    #: a compiled projection must look that deep to see they hold nothing
    hollow: tuple[int, ...] = ()

    @property
    def shape_map(self) -> dict[Shape, Seen]:
        return dict(self.shapes)

    def children_at(self, dim: int) -> "LevelObservation | None":
        return dict(self.children).get(dim)

    def merge(self, other: "FieldObservation") -> "FieldObservation":
        shapes = dict(self.shapes)
        for s, seen in other.shapes:
            shapes[s] = shapes[s].merge(seen) if s in shapes else seen
        children = dict(self.children)
        for d, level in other.children:
            children[d] = children[d].merge(level) if d in children else level
        return FieldObservation(
            self.name,
            _sorted_shapes(shapes),
            tuple(sorted(children.items())),
            self.nulls + other.nulls,
            self.empties + other.empties,
            tuple(sorted(set(self.hollow) | set(other.hollow))),
        )


@dataclass(frozen=True)
class LevelObservation:
    """The fields seen in the records of one level, by name (sorted)."""

    fields: tuple[FieldObservation, ...] = ()

    def get(self, name: str) -> FieldObservation | None:
        for f in self.fields:
            if f.name == name:
                return f
        return None

    def merge(self, other: "LevelObservation | None") -> "LevelObservation":
        if other is None:
            return self
        by_name = {f.name: f for f in self.fields}
        for f in other.fields:
            by_name[f.name] = by_name[f.name].merge(f) if f.name in by_name else f
        return LevelObservation(tuple(by_name[n] for n in sorted(by_name)))


def without_hollow_records(level: LevelObservation) -> LevelObservation:
    """The level with every *hollow* record shape counted as an empty value instead: a record whose fields, at
    any depth, held only nulls, empty objects or empty arrays (``{"b": {}}``, ``{"e": null}``). Such a record
    has nothing to write (the router writes nothing for it), so it must not make a record column with no fields
    (Iceberg and Spark have no empty struct)."""
    fields = []
    for f in level.fields:
        inner = {dim: without_hollow_records(lvl) for dim, lvl in f.children}
        shapes, empties, hollow = [], f.empties, set(f.hollow)
        for shape, seen in f.shapes:
            if shape.is_record and not any(g.shapes for g in inner.get(shape.dim, LevelObservation()).fields):
                empties += seen.count
                hollow.add(shape.dim)
                continue
            shapes.append((shape, seen))
        dims = {s.dim for s, _ in shapes if s.is_record} | hollow  # (a hollow record's: a record of nulls)
        children = tuple((d, lvl) for d, lvl in sorted(inner.items()) if d in dims)
        fields.append(FieldObservation(f.name, tuple(shapes), children, f.nulls, empties, tuple(sorted(hollow))))
    return LevelObservation(tuple(fields))


@dataclass(frozen=True)
class Rescued:
    """A line that was not a JSON object: kept with its raw text, where it came from and why."""

    source: str
    line: int
    reason: str
    raw: str


@dataclass(frozen=True)
class Observations:
    """What one batch contains."""

    level: LevelObservation = LevelObservation()
    records: int = 0
    empty_names: int = 0
    rescued: tuple[Rescued, ...] = ()
    #: rescued lines beyond those kept in ``rescued`` (the Spark observer keeps a bounded number of examples)
    more_rescued: int = 0
    #: the Spark observer's storage kinds per (path, array dimensions of the enclosing records): how each field's
    #: values are stored in VARIANT (``BIGINT``, ``STRING``, ``OBJECT``...). Not part of what a batch contains
    #: (two observers agree without it); the compiler reads fields whose storage and shape agree natively.
    storage: Mapping[tuple, frozenset[str]] | None = field(default=None, compare=False, repr=False)
    #: Kafka tombstones among the lines of a feed of change events (``null`` lines: :mod:`widen.engine.debezium`),
    #: neither records nor rescued
    tombstones: int = 0

    @property
    def rescued_count(self) -> int:
        return len(self.rescued) + self.more_rescued

    def merge(self, other: "Observations") -> "Observations":
        return Observations(
            self.level.merge(other.level),
            self.records + other.records,
            self.empty_names + other.empty_names,
            self.rescued + other.rescued,
            self.more_rescued + other.more_rescued,
            tombstones=self.tombstones + other.tombstones,
        )


def _sorted_shapes(shapes: Mapping[Shape, Seen]) -> tuple[tuple[Shape, Seen], ...]:
    return tuple(sorted(shapes.items(), key=lambda kv: kv[0].sort_key()))


_NONE: frozenset[str] = frozenset()


@dataclass
class _FieldAcc:
    shapes: dict = field(default_factory=dict)
    children: dict = field(default_factory=dict)
    nulls: int = 0
    empties: int = 0


class Observer:
    """Accumulates observations record by record (pure Python; the reference for the Spark observer)."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.typer = Typer(rules)
        self.lattice = rules.lattice
        self._root: dict[str, _FieldAcc] = {}
        self.records = 0
        self.empty_names = 0
        self.rescued: list[Rescued] = []
        self.merging = rules.policy("case_conflict") == "merge"
        self._guarded: dict[str, tuple] = {}

    def add_line(self, line: str, source: str = "<input>", number: int = 0) -> dict | None:
        """Observe one JSON line; a line that is not an object (or, under ``on case_conflict merge``, holds two
        names of one object that differ only by case) is rescued (returned None)."""
        if blank(line):
            return None
        try:
            record = parse_line(line)
        except InvalidJson as exc:
            self.rescued.append(Rescued(source, number, str(exc), line.rstrip("\n")))
            return None
        if self.merging:
            names = case_collision(record)
            if names is not None:
                self.rescued.append(Rescued(source, number, CASE_COLLISION.format(names), line.rstrip("\n")))
                return None
        self.add_record(record)
        return record

    def rescue(self, source: str, number: int, reason: str, raw: str) -> None:
        """Keep a line that cannot be read as a record, with why."""
        self.rescued.append(Rescued(source, number, reason, raw))

    def add_record(self, record: dict) -> None:
        """Observe one parsed record. Under ``on case_conflict merge`` a record with two names of one object that
        differ only by case is rescued (as its JSON text), not observed: one column per family cannot hold both."""
        if self.merging:
            names = case_collision(record)
            if names is not None:
                self.rescued.append(Rescued("<record>", 0, CASE_COLLISION.format(names), json_text(record)))
                return
        self.records += 1
        self._level(self._root, record)

    def _level(self, acc: dict[str, _FieldAcc], record: dict) -> None:
        for name, raw in record.items():
            if name == "":
                self.empty_names += 1
                continue
            f = acc.setdefault(name, _FieldAcc())
            typed = self.typer.type_value(raw)
            if typed is None:
                f.nulls += 1
                continue
            if typed is EMPTY:
                f.empties += 1
                continue
            shape = typed.shape
            inexact = self._inexact(typed)
            count, old = f.shapes.get(shape, (0, frozenset()))
            f.shapes[shape] = (count + 1, old | inexact)
            if shape.is_record:
                children = f.children.setdefault(shape.dim, {})
                for rec in records_of(typed.value, shape.dim):
                    self._level(children, rec)

    def _inexact(self, typed) -> frozenset[str]:
        shape = typed.shape
        if shape.is_record:
            return frozenset()
        guarded = self._guarded.get(shape.type)
        if guarded is None:  # the wider types only exact values reach, and their paths: per type, not per value
            lattice = self.lattice
            guarded = self._guarded[shape.type] = tuple(
                (up, lattice.path(shape.type, up)) for up in lattice.upper_bounds(shape.type)
                if up != shape.type and lattice.guarded(shape.type, up))
        if not guarded:
            return _NONE
        exact = self.lattice.exact
        leaves = list(records_of(typed.value, shape.dim))
        return frozenset(up for up, path in guarded if not all(exact(v, path) for v in leaves))

    def result(self) -> Observations:
        return Observations(_freeze(self._root), self.records, self.empty_names, tuple(self.rescued))


def _freeze(acc: dict[str, _FieldAcc]) -> LevelObservation:
    fields = []
    for name in sorted(acc):
        f = acc[name]
        shapes = {s: Seen(c, inexact) for s, (c, inexact) in f.shapes.items()}
        children = tuple(sorted((d, _freeze(level)) for d, level in f.children.items()))
        fields.append(FieldObservation(name, _sorted_shapes(shapes), children, f.nulls, f.empties))
    return LevelObservation(tuple(fields))


def observe_lines(lines: Iterable[str], rules: Rules, source: str = "<input>") -> Observations:
    """Observe JSON lines (one batch).

    >>> from widen import load_rules
    >>> obs = observe_lines(['{"a": 1}', '{"a": "x"}', 'oops'], load_rules())
    >>> [(str(s), seen.count) for s, seen in obs.level.get("a").shapes], len(obs.rescued)
    ([('long', 1), ('string', 1)], 1)
    """
    observer = Observer(rules)
    for number, line in enumerate(lines, start=1):
        observer.add_line(line, source, number)
    return observer.result()


def schema_observations(schema, rules: Rules) -> Observations:
    """A batch in which every column of ``schema`` receives a value of its own shape, under the name of its family
    (a column documented ``evolved_from:price`` receives ``price``): what the table takes as it is.

    >>> from widen import load_rules, plan, observe_lines, TableSchema
    >>> rules = load_rules()
    >>> table = plan(TableSchema(), observe_lines(['{"p": 1}', '{"p": "x"}'], rules), rules).schema
    >>> obs = schema_observations(table, rules)
    >>> [str(s) for s, _ in obs.level.get("p").shapes], plan(table, obs, rules).additions
    (['long', 'string'], ())
    """
    return Observations(_schema_level(schema.columns, rules), 1)


def holdable_observations(schema, rules: Rules) -> Observations:
    """A batch in which each family of ``schema`` receives a value of every shape one of its columns holds without
    loss (a narrower type, fewer array levels: ``"promo"`` for a ``tags[]::string`` column; ``true``, a typed
    input's ``int`` or, by the rules' widenings, a date for a ``n[]::long`` one), at every depth: what a projection
    of the table must route.

    >>> from widen import load_rules, plan, observe_lines, TableSchema
    >>> rules = load_rules()
    >>> table = plan(TableSchema(), observe_lines(['{"n": [1]}'], rules), rules).schema
    >>> obs = holdable_observations(table, rules)
    >>> [str(s) for s, _ in obs.level.get("n").shapes], plan(table, obs, rules).additions
    (['boolean', 'long', 'date', 'timestamp', 'int', 'boolean[]', 'long[]', 'date[]', 'timestamp[]', 'int[]'], ())
    """
    return Observations(_schema_level(schema.columns, rules, complete=True), 1)


def _held_shapes(col, rules: Rules) -> list[Shape]:
    """The shapes a column holds without loss: itself, and every narrower type at every dimension up to its own."""
    if col.shape.is_record:
        return [Shape(None, d) for d in range(col.shape.dim + 1)]
    lattice = rules.lattice
    return [Shape(t, d) for d in range(col.shape.dim + 1) for t in lattice.types if lattice.leq(t, col.shape.type)]


def _schema_level(columns, rules: Rules, complete: bool = False) -> LevelObservation:
    level = LevelObservation()
    for col in columns:
        if col.foreign is not None:
            continue
        name = rules.naming.evolved_from(col.doc) or col.name
        children: tuple = ()
        if col.shape.is_record:
            inner = _schema_level(col.children, rules, complete)
            dims = range(col.shape.dim + 1) if complete else (col.shape.dim,)
            children = tuple((d, inner) for d in dims)
        shapes = _held_shapes(col, rules) if complete else [col.shape]
        f = FieldObservation(name, tuple((s, Seen(1)) for s in shapes), children)
        level = level.merge(LevelObservation((f,)))
    return level


def observe_records(records: Iterable[dict], rules: Rules) -> Observations:
    """Observe already-parsed records (from :func:`widen.engine.values.parse_line`)."""
    observer = Observer(rules)
    for record in records:
        observer.add_record(record)
    return observer.result()


#: the rescued lines a batch's observations keep as examples (the rest are counted)
RESCUED_EXAMPLES = 1000
#: a batch of at most this many rescued lines, of at most RESCUED_ALL_BYTES, is written by the native router, its
#: rescued lines by the driver (widen/jvm/Partition.java: RESCUED_ALL_LINES, RESCUED_ALL_BYTES)
RESCUED_ALL_LINES, RESCUED_ALL_BYTES = 100_000, 32 << 20
