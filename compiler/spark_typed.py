"""Typed inputs in Spark: a DataFrame's schema as :class:`~widen.engine.typed.TypedColumn` s, and a plan compiled
into one projection from its typed columns to the table's columns.

A typed column has one shape, so no value's shape is tested: each column's values are brought to the rules type
the ``typed`` lines chose (a cast that holds every value, or the value's text), then converted along the plan's
edges (guarded edges keep only the values that convert back unchanged), wrapped into larger dimensions, and
structs rebuilt with the table's fields in the table's order. Columns the batch lacks are written as null.
"""

from __future__ import annotations

from pyspark.sql import DataFrame
from pyspark.sql import types as T

from pyspark.sql import functions as PF
from widen.compiler.spark import data_type
from widen.compiler.spark_exprs import spark_type
from widen.compiler.spark_text import double_text, timestamp_text
from widen.compiler.spark_types import SparkTypes
from widen.compiler.sql import Expr, F
from widen.engine.conversions import family
from widen.engine.planner import ColumnPlan, LevelPlan, Plan, Route, Target
from widen.engine.typed import TypedColumn, lattice_type
from widen.rules.errors import InputError
from widen.rules.model import Rules

_KINDS = {
    T.BooleanType: "boolean",
    T.ByteType: "byte",
    T.ShortType: "short",
    T.IntegerType: "int",
    T.LongType: "long",
    T.FloatType: "float",
    T.DoubleType: "double",
    T.DateType: "date",
    T.TimestampType: "timestamp",
    T.TimestampNTZType: "timestamp_ntz",
    T.StringType: "string",
    T.CharType: "string",
    T.VarcharType: "string",
    T.BinaryType: "binary",
    T.MapType: "map",
    T.NullType: "void",
}


def typed_columns(schema: T.StructType, where: str = "") -> tuple[TypedColumn, ...]:
    """A Spark schema as typed columns (raises InputError naming a column of a type Widen does not take)."""
    return tuple(_typed(f.name, f.dataType, where + f.name) for f in schema.fields)


def _typed(name: str, dtype: T.DataType, path: str, dim: int = 0) -> TypedColumn:
    if isinstance(dtype, T.ArrayType):
        return _typed(name, dtype.elementType, path + "[]", dim + 1)
    if isinstance(dtype, T.StructType):
        return TypedColumn(name, None, dim, typed_columns(dtype, path + "."))
    if isinstance(dtype, T.DecimalType):
        return TypedColumn(name, f"decimal({dtype.precision},{dtype.scale})", dim)
    for cls, kind in _KINDS.items():
        if isinstance(dtype, cls):
            return TypedColumn(name, kind, dim)
    raise InputError(f"column {path} has Spark type {dtype.simpleString()}, which Widen does not take "
                     "(cast it to one of: boolean, byte, short, int, long, float, double, decimal, date, timestamp, "
                     "timestamp_ntz, string, binary, map, struct, array)")


class TypedCompiler:
    """Compiles plans of typed batches for one (instantiated) rules file."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.types = SparkTypes(rules)
        self.iceberg = {t.name: t.iceberg for t in rules.types}

    def level(self, level: LevelPlan, sources: dict[str, tuple[Expr, TypedColumn]]) -> list[Expr]:
        """The columns of a level, in table order, from the typed values of the fields observed there."""
        incoming: dict[str, list[tuple[Route, Target]]] = {}
        for r in level.routes:
            for t in r.targets:
                incoming.setdefault(t.column, []).append((r, t))
        return [self.column(cp, incoming.get(cp.column.name, []), sources) for cp in level.columns]

    def column(self, cp: ColumnPlan, incoming: list[tuple[Route, Target]], sources) -> Expr:
        dtype = data_type(cp.column, self.rules)
        values = []
        for route, target in incoming:
            if route.field not in sources or not self._holds(sources[route.field][1], route):
                continue  # (a field this frame has not, or has of another shape: widen.sources.TypedParts)
            x, typed = sources[route.field]
            if cp.column.shape.is_record:
                value = self._records(x, typed, route.shape.dim, cp.level)
            else:
                value = self._primitive(x, typed, route.shape.type, route.shape.dim, target)
            for _ in range(target.wrap):
                value = F.when(value.isNotNull(), F.array(value))
            values.append(value.cast(dtype))
        if not values:
            return F.lit(None).cast(dtype).alias(cp.column.name)
        out = values[0] if len(values) == 1 else F.coalesce(*values)
        return out.alias(cp.column.name)

    def _holds(self, typed: TypedColumn, route: Route) -> bool:
        """Whether the frame's column ``typed`` is of the shape ``route`` routes (as the batch observed it)."""
        if typed.kind == "void" or typed.dim != route.shape.dim:
            return False
        return route.shape.type is None if typed.kind is None else route.shape.type == lattice_type(typed.kind,
                                                                                                     self.rules)

    def _records(self, x: Expr, typed: TypedColumn, dim: int, level: LevelPlan | None) -> Expr:
        if dim > 0:
            return F.transform(x, lambda e: self._records(e, typed, dim - 1, level))
        children = {f.name: f for f in typed.fields}
        sources = {name: (x.getField(name), f) for name, f in children.items()}
        struct = F.struct(*self.level(level, sources)) if level is not None else F.struct()
        return F.when(x.isNotNull(), struct)

    def as_lattice(self, x: Expr, kind: str, type_name: str) -> Expr:
        """A typed leaf as a value of the rules type its ``typed`` line chose (every value held exactly)."""
        iceberg = self.iceberg[type_name]
        if family(iceberg) != "string":
            return x.cast(spark_type(iceberg))
        if kind == "string":
            return x
        if kind == "binary":
            return F.base64(x)
        if kind == "map":  # every timestamp to the microsecond (to_json's default format stops at milliseconds)
            return F.to_json(x, F.map(F.lit("timestampFormat"), F.lit("yyyy-MM-dd'T'HH:mm:ss.SSSSSSXXX"),
                                      F.lit("timestampNTZFormat"), F.lit("yyyy-MM-dd'T'HH:mm:ss.SSSSSS")))
        if kind == "timestamp_ntz":
            return F.regexp_replace(x.cast("string"), " ", "T")
        if kind == "timestamp":
            return timestamp_text(x)
        if kind == "date":
            return F.date_format(x, "yyyy-MM-dd")
        if kind in ("float", "double"):
            return double_text(x.cast("double"))
        return x.cast("string")

    def _primitive(self, x: Expr, typed: TypedColumn, type_name: str, dim: int, target: Target) -> Expr:
        kind = typed.kind

        def leaf(e: Expr) -> Expr:
            return self.types.convert(self.as_lattice(e, kind, type_name), target.edges)

        def good(e: Expr) -> Expr:
            v = self.as_lattice(e, kind, type_name)
            ok = leaf(e).isNotNull() if not target.lossless else F.lit(True)
            if target.guarded:
                ok = ok & self.types.exact(v, target.edges)
            return e.isNull() | ok

        def nested(v: Expr, d: int, fn) -> Expr:
            return fn(v) if d == 0 else F.transform(v, lambda e: nested(e, d - 1, fn))

        value = nested(x, dim, leaf)
        if target.guarded or not target.lossless:
            if dim == 0:
                value = F.when(good(x), value)
            else:
                leaves = x
                for _ in range(dim - 1):  # a null inner array holds no leaf (flatten of one would be null)
                    leaves = F.flatten(F.filter(leaves, lambda a: a.isNotNull()))
                # a conversion or a guarded edge takes an array only when every leaf converts (no partial arrays)
                value = F.when(F.forall(leaves, good), value)
        return value


class CompiledTypedPlan:
    """A typed batch's plan compiled for Spark: call it on the batch (``df.transform(compiled)``)."""

    def __init__(self, plan: Plan, rules: Rules, columns: tuple[TypedColumn, ...]):
        compiler = TypedCompiler(rules)
        sources = {c.name: (F.col(c.name), c) for c in columns}
        self.exprs = [(e.name, e.sql) for e in compiler.level(plan.root, sources)]
        #: columns of the input the projection carries through beside the table's (a keyed write's rows' names)
        self.carry: tuple[str, ...] = ()

    @property
    def key(self) -> str:
        return "\n".join(f"{name}={text}" for name, text in self.exprs)

    def __call__(self, df: DataFrame) -> DataFrame:
        return df.select(*[PF.expr(text).alias(name) for name, text in self.exprs], *self.carry)


def compile_typed(plan: Plan, rules: Rules, schema: T.StructType) -> CompiledTypedPlan:
    """A typed batch's plan as a DataFrame transform, from the batch's own columns to the table's. The plan is
    made from the batch's schema: ``widen.plan(table, widen.observe_typed(widen.typed_columns(df.schema), rules,
    n), rules)`` (with rules that have a parametric decimal, pass them through
    :func:`widen.engine.typed.rules_for` first); :func:`widen.write` does all of it."""
    return CompiledTypedPlan(plan, rules, typed_columns(schema))


__all__ = ["CompiledTypedPlan", "TypedCompiler", "compile_typed", "lattice_type", "typed_columns"]
