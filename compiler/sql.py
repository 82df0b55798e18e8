"""Spark SQL expressions as text, built with the same calls as ``pyspark.sql.functions``.

The compiler writes its projection once, as Spark SQL text: ``widen compile`` prints it, and Spark runs it through
``F.expr`` — one source for what is shown and what is executed, and no JVM needed to produce it. :data:`F` mirrors
the part of PySpark's functions API the compiler uses (``F.when``, ``F.transform`` with Python lambdas, ``F.struct``
of aliased expressions...) and :class:`Expr` the Column operators, so the compiler reads like PySpark code.

>>> x = F.col("record")
>>> print(F.transform(F.try_variant_get(x, "$", "array<variant>"), lambda e: F.schema_of_variant(e)).sql)
transform(try_variant_get(`record`, '$', 'array<variant>'), _x1 -> schema_of_variant(_x1))
>>> print(F.when(x.isNull(), F.lit("null")).otherwise(F.lit(1.5)).sql)
CASE WHEN (`record` IS NULL) THEN 'null' ELSE 1.5D END
"""

from __future__ import annotations

import inspect
import math
from decimal import Decimal
from typing import Any, Callable

__all__ = ["Expr", "F", "identifier", "literal", "type_sql"]


def identifier(name: str) -> str:
    """A name quoted for Spark SQL (backticks, doubled inside)."""
    return "`" + name.replace("`", "``") + "`"


def literal(value: Any) -> str:
    """A Python value as a Spark SQL literal of the type PySpark's ``lit`` gives it."""
    if value is None:
        return "NULL"
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int):
        if -(2**31) <= value < 2**31:
            return str(value)
        if -(2**63) <= value < 2**63:
            return f"{value}L"
        raise ValueError(f"{value} does not fit a Spark bigint literal")
    if isinstance(value, float):
        if math.isnan(value):
            return "CAST('NaN' AS DOUBLE)"
        if math.isinf(value):
            return f"CAST('{'-' if value < 0 else ''}Infinity' AS DOUBLE)"
        return f"{value!r}D".replace("e", "E")
    if isinstance(value, Decimal):
        sign, digits, exponent = value.as_tuple()
        scale = max(-exponent, 0)
        precision = max(len(digits), scale + 1)
        return f"CAST('{value}' AS DECIMAL({precision},{scale}))"
    if isinstance(value, str):
        return "'" + value.replace("\\", "\\\\").replace("'", "\\'") + "'"
    raise TypeError(f"no Spark SQL literal for {value!r}")


def type_sql(dtype: Any) -> str:
    """A Spark type (a ``pyspark.sql.types.DataType`` or a type string) as Spark SQL."""
    if isinstance(dtype, str):
        return dtype
    from pyspark.sql import types as T

    if isinstance(dtype, T.StructType):
        return "STRUCT<" + ", ".join(f"{identifier(f.name)}: {type_sql(f.dataType)}" for f in dtype.fields) + ">"
    if isinstance(dtype, T.ArrayType):
        return f"ARRAY<{type_sql(dtype.elementType)}>"
    if isinstance(dtype, T.MapType):
        return f"MAP<{type_sql(dtype.keyType)}, {type_sql(dtype.valueType)}>"
    return dtype.simpleString().upper()


class Expr:
    """A Spark SQL expression (its text in :attr:`sql`), with PySpark Column's operators."""

    __slots__ = ("sql", "name")

    def __init__(self, sql: str, name: str | None = None):
        self.sql = sql
        self.name = name

    def __repr__(self) -> str:
        return f"Expr({self.sql!r})"

    def __bool__(self) -> bool:
        raise TypeError("an Expr has no truth value: use &, | and ~ to combine conditions")

    __hash__ = None  # type: ignore[assignment]

    def _op(self, op: str, other: Any) -> "Expr":
        return Expr(f"({self.sql} {op} {_arg(other)})")

    def _rop(self, op: str, other: Any) -> "Expr":
        return Expr(f"({_arg(other)} {op} {self.sql})")

    def __eq__(self, other: Any) -> "Expr":  # type: ignore[override]
        return self._op("=", other)

    def __ne__(self, other: Any) -> "Expr":  # type: ignore[override]
        return self._op("!=", other)

    def __lt__(self, other: Any) -> "Expr":
        return self._op("<", other)

    def __le__(self, other: Any) -> "Expr":
        return self._op("<=", other)

    def __gt__(self, other: Any) -> "Expr":
        return self._op(">", other)

    def __ge__(self, other: Any) -> "Expr":
        return self._op(">=", other)

    def __and__(self, other: Any) -> "Expr":
        return self._op("AND", other)

    def __or__(self, other: Any) -> "Expr":
        return self._op("OR", other)

    def __invert__(self) -> "Expr":
        return Expr(f"(NOT {self.sql})")

    def __neg__(self) -> "Expr":
        return Expr(f"(- {self.sql})")

    def __add__(self, other: Any) -> "Expr":
        return self._op("+", other)

    def __radd__(self, other: Any) -> "Expr":
        return self._rop("+", other)

    def __sub__(self, other: Any) -> "Expr":
        return self._op("-", other)

    def __rsub__(self, other: Any) -> "Expr":
        return self._rop("-", other)

    def __mul__(self, other: Any) -> "Expr":
        return self._op("*", other)

    def __rmul__(self, other: Any) -> "Expr":
        return self._rop("*", other)

    def __truediv__(self, other: Any) -> "Expr":
        return self._op("/", other)

    def __mod__(self, other: Any) -> "Expr":
        return self._op("%", other)

    def __getitem__(self, key: Any) -> "Expr":
        return Expr(f"{self.sql}[{literal(key)}]")

    def getField(self, name: str) -> "Expr":
        return self[name]

    def bitwiseAND(self, other: Any) -> "Expr":
        return self._op("&", other)

    def bitwiseOR(self, other: Any) -> "Expr":
        return self._op("|", other)

    def isNull(self) -> "Expr":
        return Expr(f"({self.sql} IS NULL)")

    def isNotNull(self) -> "Expr":
        return Expr(f"({self.sql} IS NOT NULL)")

    def isin(self, *values: Any) -> "Expr":
        return Expr(f"({self.sql} IN ({', '.join(_arg(v) for v in values)}))")

    def between(self, low: Any, high: Any) -> "Expr":
        return Expr(f"({self.sql} BETWEEN {_arg(low)} AND {_arg(high)})")

    def startswith(self, prefix: Any) -> "Expr":
        return Expr(f"startswith({self.sql}, {_arg(prefix)})")

    def rlike(self, pattern: str) -> "Expr":
        return Expr(f"({self.sql} RLIKE {literal(pattern)})")

    def substr(self, start: Any, length: Any) -> "Expr":
        return Expr(f"substr({self.sql}, {_arg(start)}, {_arg(length)})")

    def cast(self, dtype: Any) -> "Expr":
        return Expr(f"CAST({self.sql} AS {type_sql(dtype)})")

    def try_cast(self, dtype: Any) -> "Expr":
        return Expr(f"TRY_CAST({self.sql} AS {type_sql(dtype)})")

    def alias(self, name: str) -> "Expr":
        return Expr(self.sql, name)

    def when(self, condition: "Expr", value: Any) -> "Expr":
        raise TypeError("when() follows F.when(...)")

    def otherwise(self, value: Any) -> "Expr":
        raise TypeError("otherwise() follows F.when(...)")


class Case(Expr):
    """``CASE WHEN ... END``, grown with ``.when`` and closed with ``.otherwise`` (each returns a new Case)."""

    __slots__ = ("branches", "default")

    def __init__(self, branches: tuple[tuple[str, str], ...], default: str | None = None):
        self.branches = branches
        self.default = default
        body = " ".join(f"WHEN {c} THEN {v}" for c, v in branches)
        tail = f" ELSE {default}" if default is not None else ""
        super().__init__(f"CASE {body}{tail} END")

    def when(self, condition: Expr, value: Any) -> "Case":
        if self.default is not None:
            raise TypeError("when() after otherwise()")
        return Case(self.branches + ((_arg(condition), _arg(value)),))

    def otherwise(self, value: Any) -> "Case":
        if self.default is not None:
            raise TypeError("otherwise() twice")
        return Case(self.branches, _arg(value))


def _arg(value: Any) -> str:
    """An operand: an Expr's text, or a literal (as PySpark's operators treat plain Python values)."""
    return value.sql if isinstance(value, Expr) else literal(value)


class _Lambdas:
    """Names for lambda variables: one per nesting level (an inner lambda built inside an outer one's body gets
    a deeper name, so it never hides a variable its body uses)."""

    depth = 0

    def call(self, fn: Callable[..., Expr], prefixes: tuple[str, ...]) -> tuple[tuple[str, ...], str]:
        arity = len(inspect.signature(fn).parameters)
        if arity > len(prefixes) or arity < 1:
            raise TypeError(f"a lambda of {arity} arguments where 1 to {len(prefixes)} are allowed")
        _Lambdas.depth += 1
        try:
            names = tuple(f"{p}{_Lambdas.depth}" for p in prefixes[:arity])
            body = fn(*[Expr(n) for n in names])
        finally:
            _Lambdas.depth -= 1
        return names, _arg(body)


def _lambda(fn: Callable[..., Expr], prefixes: tuple[str, ...] = ("_x", "_i")) -> str:
    names, body = _Lambdas().call(fn, prefixes)
    params = names[0] if len(names) == 1 else "(" + ", ".join(names) + ")"
    return f"{params} -> {body}"


#: the positions at which these functions take a plain string as a literal (elsewhere, as PySpark does, a string
#: names a column)
_STRING_LITERALS = {
    "try_variant_get": (1, 2),
    "from_json": (1,),
    "variant_get": (1, 2),
    "regexp_replace": (1, 2),
    "regexp_extract": (1,),
    "regexp_extract_all": (1,),
    "date_format": (1,),
    "format_string": (0,),
    "split": (1,),
    "lpad": (2,),
    "rpad": (2,),
    "try_to_date": (1,),
    "to_date": (1,),
    "try_to_timestamp": (1,),
    "to_timestamp": (1,),
}


#: the Spark SQL functions the compiler emits by name, beside those with a method below (the set is closed: a name
#: not here is an error when the expression is built)
SQL_FUNCTIONS = frozenset({
    "abs", "array", "array_distinct", "array_except", "array_join", "array_max", "array_min", "array_remove", "array_repeat",
    "array_sort", "base64", "coalesce", "concat", "date_format", "date_from_unix_date", "div", "element_at",
    "flatten", "format_string", "from_json", "greatest", "hex", "is_valid_utf8", "is_variant_null", "isnan",
    "least", "length", "lower", "lpad", "map", "map_entries", "map_keys", "parse_json", "pmod", "raise_error",
    "regexp_extract", "regexp_extract_all", "regexp_replace", "repeat", "replace", "schema_of_variant", "shiftleft",
    "size", "split", "substr", "substring", "timestamp_micros", "to_date", "to_json", "trim", "try_element_at",
    "try_multiply", "try_parse_json", "try_to_date", "try_variant_get", "unix_date", "unix_micros", "variant_get",
})


class _Functions:
    """The functions of ``pyspark.sql.functions`` that the compiler uses, producing :class:`Expr`."""

    def col(self, name: str) -> Expr:
        return Expr(identifier(name), name)

    def expr(self, text: str) -> Expr:
        return Expr(f"({text})")

    def lit(self, value: Any) -> Expr:
        return value if isinstance(value, Expr) else Expr(literal(value))

    def when(self, condition: Expr, value: Any) -> Case:
        return Case(((_arg(condition), _arg(value)),))

    def struct(self, *columns: Expr) -> Expr:
        if not columns:
            raise TypeError("a struct needs at least one field")
        parts = []
        for i, c in enumerate(columns, start=1):
            parts += [literal(c.name if c.name is not None else f"col{i}"), c.sql]
        return Expr(f"named_struct({', '.join(parts)})")

    def transform(self, array: Expr, fn: Callable[..., Expr]) -> Expr:
        return Expr(f"transform({array.sql}, {_lambda(fn)})")

    def forall(self, array: Expr, fn: Callable[[Expr], Expr]) -> Expr:
        return Expr(f"forall({array.sql}, {_lambda(fn, ('_x',))})")

    def exists(self, array: Expr, fn: Callable[[Expr], Expr]) -> Expr:
        return Expr(f"exists({array.sql}, {_lambda(fn, ('_x',))})")

    def filter(self, array: Expr, fn: Callable[..., Expr]) -> Expr:
        return Expr(f"filter({array.sql}, {_lambda(fn)})")

    def aggregate(self, array: Expr, zero: Expr, merge: Callable[[Expr, Expr], Expr],
                  finish: Callable[[Expr], Expr] | None = None) -> Expr:
        parts = [array.sql, _arg(zero), _lambda(merge, ("_acc", "_x"))]
        if finish is not None:
            parts.append(_lambda(finish, ("_acc",)))
        return Expr(f"aggregate({', '.join(parts)})")

    def __getattr__(self, name: str) -> Callable[..., Expr]:
        if name not in SQL_FUNCTIONS:  # a misspelt function fails here, not inside Spark
            raise AttributeError(f"{name!r} is not one of the Spark SQL functions the compiler emits "
                                 "(compiler/sql.py: SQL_FUNCTIONS)")
        literal_at = _STRING_LITERALS.get(name, ())

        def call(*args: Any) -> Expr:
            rendered = []
            for i, a in enumerate(args):
                if isinstance(a, Expr):
                    rendered.append(a.sql)
                elif isinstance(a, str) and i not in literal_at:
                    rendered.append(identifier(a))
                else:
                    rendered.append(literal(a))
            return Expr(f"{name}({', '.join(rendered)})")

        call.__name__ = name
        return call


#: ``pyspark.sql.functions``, as Spark SQL text
F = _Functions()
