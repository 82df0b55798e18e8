"""``widen show --where``: a filter in Spark SQL, parsed by sqlglot, as pyiceberg's expression over the table's
columns, each literal read as a value of its column's type the way Spark reads it (a session in UTC).

What it takes: comparisons (``=``, ``<>``/``!=``, ``<``, ``<=``, ``>``, ``>=``) of a column with a literal,
``BETWEEN``, ``IN (...)``, ``IS [NOT] NULL``, ``AND``, ``OR``, ``NOT``, parentheses; a nested field by its path
(``user.id``). A date or timestamp column takes ``'2024-05-01'``, ``DATE '2024-05-01'`` or ``TIMESTAMP '2024-05-01
10:00:00'`` (a timestamp without an offset is UTC, as Widen's sessions read it; a date is its midnight). An integer
column takes integers only (``n > 1.5`` is refused: pyiceberg would round it). Anything else (functions, LIKE,
arithmetic, two columns compared) is refused in one line naming it; ``widen.read`` takes any Spark SQL."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal, InvalidOperation

import sqlglot
from pyiceberg.expressions import literals as L
from pyiceberg.types import (BooleanType, DateType, DecimalType, DoubleType, FloatType, IntegerType, LongType,
                             NestedField, StringType, StructType, TimestampType, TimestamptzType)
from sqlglot import exp

import pyiceberg.expressions as E
from widen.errors import InputError

_COMPARISONS = {exp.EQ: E.EqualTo, exp.NEQ: E.NotEqualTo, exp.GT: E.GreaterThan, exp.GTE: E.GreaterThanOrEqual,
                exp.LT: E.LessThan, exp.LTE: E.LessThanOrEqual}
#: ``literal OP column`` read as ``column FLIPPED(OP) literal``
_FLIPPED = {exp.EQ: exp.EQ, exp.NEQ: exp.NEQ, exp.GT: exp.LT, exp.GTE: exp.LTE, exp.LT: exp.GT, exp.LTE: exp.GTE}
_EPOCH = dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc)


def row_filter(where: str, schema, table: str) -> E.BooleanExpression:
    """``where`` as pyiceberg's expression over ``schema`` (the table ``table``'s); raises
    :class:`~widen.errors.InputError` naming what it cannot take (an unknown column with the table's columns)."""
    try:
        tree = sqlglot.parse_one(where, read="spark")
    except sqlglot.errors.ParseError as exc:
        at = exc.errors[0] if exc.errors else {}
        raise InputError(f"--where {where!r}: not a filter of Spark SQL (it does not parse at column "
                         f"{at.get('col', '?')})") from None
    return _Reader(where, schema, table).read(tree)


class _Reader:
    """One filter's text, the table's schema, and the reading of its nodes."""

    def __init__(self, where: str, schema, table: str):
        self.where, self.schema, self.table = where, schema, table

    def refuse(self, what: str) -> InputError:
        return InputError(f"--where {self.where!r}: {what}")

    def read(self, node) -> E.BooleanExpression:
        if isinstance(node, exp.Paren):
            return self.read(node.this)
        if isinstance(node, exp.And):
            return E.And(self.read(node.this), self.read(node.expression))
        if isinstance(node, exp.Or):
            return E.Or(self.read(node.this), self.read(node.expression))
        if isinstance(node, exp.Not):
            return E.Not(self.read(node.this))
        if isinstance(node, exp.Boolean):
            return E.AlwaysTrue() if node.this else E.AlwaysFalse()
        if isinstance(node, exp.Is) and isinstance(node.expression, exp.Null):
            return E.IsNull(self.column(node.this)[0])
        if isinstance(node, (exp.Column, exp.Dot)):  # (a boolean column alone: `NOT paid`)
            name, kind = self.column(node)
            if not isinstance(kind, BooleanType):
                raise self.refuse(f"{name} is not a boolean column: compare it with a value")
            return E.EqualTo(name, L.BooleanLiteral(True))
        if isinstance(node, tuple(_COMPARISONS)):
            return self.comparison(node)
        if isinstance(node, exp.Between):
            name, kind = self.column(node.this)
            return E.And(E.GreaterThanOrEqual(name, self.value(node.args["low"], name, kind)),
                         E.LessThanOrEqual(name, self.value(node.args["high"], name, kind)))
        if isinstance(node, exp.In) and node.expressions:
            name, kind = self.column(node.this)
            return E.In(name, [self.value(v, name, kind) for v in node.expressions])
        raise self.refuse(f"{node.sql(dialect='spark')!r} is not a comparison of a column with a value (these "
                          "take =, <>, <, <=, >, >=, BETWEEN, IN, IS NULL, AND, OR, NOT; widen.read takes any SQL)")

    def comparison(self, node) -> E.BooleanExpression:
        op, left, right = type(node), node.this, node.expression
        if not isinstance(left, (exp.Column, exp.Dot)) and isinstance(right, (exp.Column, exp.Dot)):
            op, left, right = _FLIPPED[op], right, left
        name, kind = self.column(left)
        if isinstance(right, exp.Null):  # (SQL: a comparison with NULL holds for no row)
            return E.AlwaysFalse()
        return _COMPARISONS[op](name, self.value(right, name, kind))

    def column(self, node) -> tuple[str, object]:
        """The column's full name (``user.id``) and its Iceberg type; an unknown one named with the columns there."""
        if not isinstance(node, (exp.Column, exp.Dot)):
            raise self.refuse(f"{node.sql(dialect='spark')!r} is not a column")
        parts = [p.name for p in node.parts] if isinstance(node, exp.Column) else node.sql(dialect="spark").split(".")
        try:
            return ".".join(parts), column_type(self.schema, self.table, parts)
        except InputError as exc:
            raise self.refuse(str(exc)) from None

    def value(self, node, name: str, kind) -> L.Literal:
        """The literal ``node`` as a value of ``kind``, the type of the column ``name``, as Spark reads it."""
        text, typed = _literal(node)
        if text is None:
            raise self.refuse(f"compare {name} with a value, not {node.sql(dialect='spark')!r}")
        try:
            return _typed(text, typed, kind)
        except (ValueError, InvalidOperation, TypeError):
            raise self.refuse(f"{text!r} is not a value of {name}'s type, {kind}"
                              + (" (an integer column takes integers)" if isinstance(kind, (IntegerType, LongType))
                                 else "")) from None


def column_type(schema, table: str, parts: list[str]):
    """The Iceberg type of the column ``parts`` (``["user", "id"]``: a record's field) of ``table``; raises
    :class:`~widen.errors.InputError` naming the part that is not there with the columns that are."""
    fields: list[NestedField] = list(schema.fields)
    kind, where = None, table
    for i, part in enumerate(parts):
        found = next((f for f in fields if f.name == part), None)
        if found is None:
            raise InputError(f"{where} has no column {part} (its columns: {', '.join(f.name for f in fields)})"
                             if fields else f"{where} is not a record: it has no field {part}")
        kind, where = found.field_type, ".".join(parts[: i + 1])
        fields = list(kind.fields) if isinstance(kind, StructType) else []
    return kind


def _literal(node) -> tuple[str | None, str]:
    """A literal's text and kind (``string``, ``number``, ``boolean``, ``date``, ``timestamp``); (None, "") when
    the node is not a literal."""
    if isinstance(node, exp.Neg) and isinstance(node.this, exp.Literal) and not node.this.is_string:
        return "-" + node.this.this, "number"
    if isinstance(node, exp.Literal):
        return node.this, "string" if node.is_string else "number"
    if isinstance(node, exp.Boolean):
        return ("true" if node.this else "false"), "boolean"
    if isinstance(node, exp.Cast) and isinstance(node.this, exp.Literal) and node.this.is_string:
        to = node.to.this.name.lower()
        return node.this.this, "date" if to == "date" else "timestamp" if to.startswith("timestamp") else "string"
    return None, ""


def _typed(text: str, typed: str, kind) -> L.Literal:
    """The literal of the column's type, or ValueError."""
    if isinstance(kind, (IntegerType, LongType)) and typed == "number":
        return L.LongLiteral(int(text))  # (int("1.5") fails: pyiceberg would round it)
    if isinstance(kind, (FloatType, DoubleType)) and typed == "number":
        return L.DoubleLiteral(float(text))
    if isinstance(kind, DecimalType) and typed == "number":
        return L.DecimalLiteral(Decimal(text))
    if isinstance(kind, StringType) and typed == "string":
        return L.StringLiteral(text)
    if isinstance(kind, BooleanType) and typed == "boolean":
        return L.BooleanLiteral(text == "true")
    if isinstance(kind, DateType) and typed in ("string", "date"):
        return L.DateLiteral((dt.date.fromisoformat(text.strip()) - _EPOCH.date()).days)
    if isinstance(kind, (TimestampType, TimestamptzType)) and typed in ("string", "date", "timestamp"):
        stamp = dt.datetime.fromisoformat(text.strip().replace("Z", "+00:00"))
        stamp = stamp.replace(tzinfo=dt.timezone.utc) if stamp.tzinfo is None else stamp
        micros = (stamp - _EPOCH) // dt.timedelta(microseconds=1)
        return L.TimestampLiteral(micros)
    raise ValueError(text)
