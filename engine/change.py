"""A change of a table's rules, judged against the table: what ``widen check --table`` and ``widen migrate`` say.

:func:`compare` takes the table's schema as each rules file reads it, the two rules files and values the table
holds ((field, JSON text) pairs). For every column of the table it asks:

- whether the column keeps a home under the new rules: its Iceberg type is one they declare, and its doc still
  names the same field (a column the new rules cannot name is still readable, but nothing routes into it and no
  reader folds it into its field);
- for sample values of the column's type and of the types it may hold (the shapes the table has seen), where the
  old and the new rules route them against the table: each difference is a :class:`Move`, and the columns the new
  rules would add for them where the old ones would not are the next batches' additions;
- for the samples and the values the table holds, whether the new rules keep each exactly (:mod:`widen.engine.verify`):
  a value they would lose is a :class:`Loss`.

>>> from widen import load_rules, observe_lines, plan, TableSchema
>>> old = load_rules()
>>> table = plan(TableSchema(), observe_lines(['{"price": 1.5}'], old), old).schema
>>> new = load_rules(text=old.source.replace("json fraction -> double | string", "json fraction -> string"))
>>> change = compare(table, table, old, new)
>>> print(change.families[0].moves[0])
price as fraction 1.5: price (double) -> price_string (string)
>>> change.families[0].added, change.safe
(('price_string (string)',), True)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Iterable

from widen.engine.conversions import decimal_params
from widen.engine.observe import observe_records
from widen.engine.planner import Plan, plan
from widen.engine.router import Router
from widen.engine.schema import Column, TableSchema
from widen.engine.values import parse_line
from widen.engine.verify import losses
from widen.rules.model import Rules

#: sample values (JSON text) of each Iceberg type family: ordinary ones and the edges a rules change may treat
#: differently (a long a double cannot hold, a fraction a double holds only approximately as a decimal)
_SAMPLES = {
    "boolean": ("true",),
    "int": ("7", "-2147483648"),
    "long": ("7", "9007199254740993"),
    "float": ("1.5", "0.1"),
    "double": ("1.5", "0.1", "1e300"),
    "date": ('"2024-02-29"',),
    "timestamptz": ('"2024-02-29T12:34:56.123456Z"',),
    "timestamp": ('"2024-02-29T12:34:56.123456"',),
    "timestamptz_ns": ('"2024-02-29T12:34:56.123456789Z"',),
    "timestamp_ns": ('"2024-02-29T12:34:56.123456789"',),
    "string": ('"n/a"',),
    "uuid": ('"0f8fad5b-d9cb-469f-a165-70867728950e"',),
    "binary": ('"aGk="',),
}


@dataclass(frozen=True)
class Move:
    """A value the new rules route to other columns than the old ones did."""

    path: str
    kind: str
    value: str
    before: tuple[str, ...]
    after: tuple[str, ...]

    def __str__(self) -> str:
        return (f"{self.path} as {self.kind} {self.value}: {', '.join(self.before) or 'no column'} -> "
                f"{', '.join(self.after) or 'no column'}")


@dataclass(frozen=True)
class Loss:
    """A value the new rules would not keep exactly (``held``: the table holds it; else a sample of its type)."""

    path: str
    value: str
    reason: str
    held: bool

    def __str__(self) -> str:
        return f"{self.path} = {self.value}{' (the table holds it)' if self.held else ''}: {self.reason}"


@dataclass(frozen=True)
class Family:
    """One field of the table under the change: its columns, those that lose their home, the columns the next
    batches would add under the new rules (and not under the old), and the values that move."""

    field: str
    kept: tuple[str, ...]
    homeless: tuple[str, ...]
    added: tuple[str, ...]
    moves: tuple[Move, ...]


@dataclass(frozen=True)
class Change:
    """What changing a table's rules does (:func:`compare`)."""

    families: tuple[Family, ...]
    losses: tuple[Loss, ...]

    @property
    def safe(self) -> bool:
        """Every column keeps a home and no value is lost."""
        return not self.losses and not any(f.homeless for f in self.families)

    @property
    def moves(self) -> tuple[Move, ...]:
        return tuple(m for f in self.families for m in f.moves)


def compare(schema_old: TableSchema, schema_new: TableSchema, old: Rules, new: Rules,
            held: Iterable[tuple[str, str]] = ()) -> Change:
    """The change from ``old`` to ``new`` rules for a table whose schema each reads as ``schema_old`` and
    ``schema_new``; ``held``: values the table holds, as (field, JSON text), each checked under ``new``."""
    found: list[Loss] = []
    families = []
    for name, cols in _families(schema_old, old).items():
        homeless = tuple(_homeless(cols, schema_new, old, new))
        moves, added = [], {}
        for value in dict.fromkeys(v for c in cols for v in _values(c, old)):
            line = one_field(name, value)
            before, p_old = _routed(schema_old, old, line, name)
            after, p = _routed(schema_new, new, line, name)
            if before != after:
                moves.append(Move(name, _kind(value), value, before, after))
            added.update(dict.fromkeys(a for a in _additions(p, new) if a not in set(_additions(p_old, old))))
            found += [Loss(name, value, r, False) for r in _lost(schema_new, new, line)]
        families.append(Family(name, tuple(_described(c, old) for c in cols), homeless, tuple(added), tuple(moves)))
    for name, value in dict.fromkeys(held):
        found += [Loss(name, value, r, True) for r in _lost(schema_new, new, one_field(name, value))]
    return Change(tuple(families), tuple(found))


def one_field(name: str, value: str) -> str:
    """A JSON line of one field ``name`` holding the JSON text ``value``."""
    return "{" + json.dumps(name) + ": " + value + "}"


def _families(schema: TableSchema, rules: Rules) -> dict[str, list[Column]]:
    out: dict[str, list[Column]] = {}
    for col in schema.columns:
        out.setdefault(rules.naming.evolved_from(col.doc) or col.name, []).append(col)
    return out


def _homeless(cols: list[Column], schema_new: TableSchema, old: Rules, new: Rules) -> Iterable[str]:
    """The columns of a family that lose their home under ``new``: a type it does not declare, another field."""
    for col in cols:
        under_new = schema_new.column(col.name)
        if under_new is None:
            continue
        if under_new.foreign is not None and col.foreign is None:
            yield f"{col.name} ({iceberg_of(col, old)}: a type the new rules do not declare)"
        elif (new.naming.evolved_from(col.doc) or col.name) != (old.naming.evolved_from(col.doc) or col.name):
            yield (f"{col.name} (its doc {col.doc!r} names {new.naming.evolved_from(col.doc) or col.name!r} under "
                   f"the new rules' doc template)")
        else:
            yield from (f"{col.name}.{c}" for c in _homeless(list(col.children), TableSchema(under_new.children),
                                                              old, new))


def iceberg_of(col: Column, rules: Rules) -> str:
    """The Iceberg type a column is stored as (``record`` for a struct), with its array levels."""
    inner = col.foreign or (rules.type_decl(col.shape.type).iceberg if col.shape.type else "record")
    return "array<" * col.shape.dim + inner + ">" * col.shape.dim


def _described(col: Column, rules: Rules) -> str:
    return f"{col.name} ({iceberg_of(col, rules)})"


def _values(col: Column, rules: Rules) -> tuple[str, ...]:
    """Sample values (JSON text) a column holds: values of its type (for a record, of each of its leaves), in its
    array levels: the shapes the table has seen."""
    if col.foreign is not None:
        return ()
    if col.shape.is_record:
        inner = tuple(one_field(c.name, v) for c in col.children for v in _values(c, rules))
    else:
        inner = tuple(v for t in _narrower(col.shape.type, rules) for v in _scalars(rules.type_decl(t).iceberg))
    for _ in range(col.shape.dim):
        inner = tuple(f"[{v}]" for v in inner)
    return inner


def _narrower(t: str, rules: Rules) -> tuple[str, ...]:
    """``t`` and the types whose values a column of type ``t`` may hold: those that widen or convert into it (not
    for the top type, which holds every value as its text: its own values only)."""
    if t == rules.top:
        return (t,)
    lattice = rules.lattice
    return (t, *(o for o in lattice.types if o != t and (lattice.leq(o, t) or lattice.conversion(o, t) is not None)))


def _scalars(iceberg: str) -> tuple[str, ...]:
    if iceberg.startswith("decimal("):
        p, s = decimal_params(iceberg)
        whole = "9" * (p - s)
        return ("12", whole) if s == 0 else (f"1.{'0' * (s - 1)}5", f"{whole or '0'}.{'9' * s}")
    return _SAMPLES.get(iceberg, ('"x"',))


def _routed(schema: TableSchema, rules: Rules, line: str, name: str) -> tuple[tuple[str, ...], Plan]:
    """(the columns of the field ``name`` a line's value is written to under ``rules``, described; the plan)."""
    record = parse_line(line)
    p = plan(schema, observe_records([record], rules), rules)
    if p.rejections:
        return (f"refused ({p.rejections[0]})",), p
    row = Router(p, rules).route(record)
    out = []
    for col in p.schema.columns:
        if (rules.naming.evolved_from(col.doc) or col.name) == name:
            out += _filled(col, row.get(col.name), rules, col.name)
    return tuple(out), p


def _filled(col: Column, value, rules: Rules, path: str) -> list[str]:
    """The leaves of ``col`` that hold something of ``value``, as ``path (iceberg type)``."""
    for _ in range(col.shape.dim):
        if not value:
            return []
        value = next((v for v in value if v is not None), None)
    if value is None:
        return []
    if not col.shape.is_record:
        return [f"{path}{'[]' * col.shape.dim} ({rules.type_decl(col.shape.type).iceberg})"]
    return [t for c in col.children for t in _filled(c, value.get(c.name), rules, f"{path}{'[]' * col.shape.dim}."
                                                        f"{c.name}")]


def _additions(p: Plan, rules: Rules) -> Iterable[str]:
    for a in p.additions:
        yield _described(a.column, rules) if not a.parent else f"{'.'.join(a.parent)}.{_described(a.column, rules)}"


def _lost(schema: TableSchema, rules: Rules, line: str) -> list[str]:
    """Why the value of a line is not kept exactly when written under ``rules`` (refused: not a loss; nothing
    is written)."""
    record = parse_line(line)
    p = plan(schema, observe_records([record], rules), rules)
    if p.rejections:
        return []
    row = Router(p, rules).route(record)
    return [loss.reason for loss in losses(p.schema.columns, rules, record, row)]


def _kind(text: str) -> str:
    """The JSON kind of a value's text."""
    return ("record" if text.startswith("{") else "array" if text.startswith("[") else "string" if text.startswith('"')
            else "boolean" if text in ("true", "false") else "integer" if text.lstrip("-").isdigit() else "fraction")
