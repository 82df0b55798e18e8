"""The Spark compiler: a :class:`~widen.engine.planner.Plan` becomes one projection of Spark Column expressions.

A partner walk over the plan's target schema: each column gathers the routes that target it; a value is
recognised by its shape (:func:`~widen.compiler.spark_types.shape_code`, the same shapes the planner saw), its
leaves converted along the rules' edges, wrapped into larger dimensions, and records rebuilt with ``struct`` (and
``transform`` for arrays of records). Columns come out in table order with exactly the table's types. No Python
UDF is involved; :func:`compile_plan` returns a function for ``df.transform``.
"""

from __future__ import annotations

from pyspark.sql import DataFrame
from pyspark.sql import types as T

from widen.compiler.sql import Expr as Column
from widen.compiler.sql import F, identifier
from widen.compiler.spark_types import SparkTypes, as_array, as_map, inner_leaves, let, shape_code, spark_type
from widen.engine.planner import ColumnPlan, LevelPlan, Plan, Target
from widen.engine.schema import Column as TableColumn
from widen.rules.model import Rules

_PRIMITIVES = {
    "boolean": T.BooleanType(),
    "int": T.IntegerType(),
    "bigint": T.LongType(),
    "float": T.FloatType(),
    "double": T.DoubleType(),
    "date": T.DateType(),
    "timestamp": T.TimestampType(),
    "timestamp_ntz": T.TimestampNTZType(),
    "string": T.StringType(),
    "binary": T.BinaryType(),
}


def data_type(col: TableColumn, rules: Rules) -> T.DataType:
    """The Spark type of a table column."""
    iceberg = {t.name: t.iceberg for t in rules.types}
    if col.shape.is_record:
        inner: T.DataType = T.StructType([T.StructField(c.name, data_type(c, rules), True) for c in col.children])
    else:
        name = spark_type(iceberg[col.shape.type])
        if name.startswith("decimal("):
            p, s = name[len("decimal("):-1].split(",")
            inner = T.DecimalType(int(p), int(s))
        else:
            inner = _PRIMITIVES[name]
    for _ in range(col.shape.dim):
        inner = T.ArrayType(inner, True)
    return inner


class SparkCompiler:
    """Compiles plans for one rules file. ``exhaustive``: the projection will only see the batch the plan observed
    (as in ``widen ingest``), so a field seen with a single shape is routed without looking at its shape; without
    it, every value's shape is checked and a value of a shape the plan never saw is written nowhere."""

    def __init__(self, rules: Rules, exhaustive: bool = False):
        self.rules = rules
        self.exhaustive = exhaustive
        self.types = SparkTypes(rules)
        self.lattice = rules.lattice

    # --- one struct level ---------------------------------------------------------------------------------------
    def _prepare(self, level: LevelPlan):
        """A level's observed fields (sorted), each one's deepest array dimension, the shape of the fields a
        projection need not test (exhaustive), and the (route, target) pairs sending values into each column."""
        fields = sorted({r.field for r in level.routes})
        depth: dict[str, int] = {}
        first_shape: dict[str, str] = {}
        incoming: dict[str, list] = {}
        for r in level.routes:
            depth[r.field] = max(depth.get(r.field, 0), r.shape.dim)
            first_shape.setdefault(r.field, str(r.shape))
            for t in r.targets:
                incoming.setdefault(t.column, []).append((r, t))
        known = {f: first_shape[f] for f in fields if self.exhaustive and f in level.single}
        return fields, depth, known, incoming

    def _shape(self, f: str, v: Column, depth: dict, known: dict) -> Column:
        return F.lit(known[f]) if f in known else shape_code(self.types, v, depth[f])

    def level(self, level: LevelPlan, record: Column) -> Column:
        """The columns of a nested level, in table order, as one struct, from a VARIANT object (values and shapes
        bound once with ``let``: referring to them one by one would copy their expressions for each use)."""
        fields, depth, known, incoming = self._prepare(level)
        if not fields:
            return F.struct(*[F.lit(None).cast(data_type(cp.column, self.rules)).alias(cp.column.name)
                              for cp in level.columns])

        def body(bound: Column) -> Column:
            values = {f: bound[f"v{i}"] for i, f in enumerate(fields)}
            shapes = {f: bound[f"s{i}"] for i, f in enumerate(fields)}
            return F.struct(*[self.column(cp, incoming.get(cp.column.name, []), values, shapes)
                              for cp in level.columns])

        m = as_map(record)
        pre = F.struct(*[F.element_at(m, F.lit(f)).alias(f"v{i}") for i, f in enumerate(fields)])

        def with_shapes(vs: Column) -> Column:
            shaped = [vs[f"v{i}"].alias(f"v{i}") for i in range(len(fields))]
            shaped += [self._shape(f, vs[f"v{i}"], depth, known).alias(f"s{i}") for i, f in enumerate(fields)]
            return let(F.struct(*shaped), body)

        return let(pre, with_shapes)

    def stages(self, root: LevelPlan, record: Column) -> list[list[Column]]:
        """The top level as successive projections (each a list of named expressions over the previous one):
        the record as a map; each field's value; each value's shape; the table's columns. Top-level fields are
        plain columns here, so a table of 10,000 columns is 10,000 small expressions, not one struct."""
        fields, depth, known, incoming = self._prepare(root)
        v = {f: F.col(f"__v{i}") for i, f in enumerate(fields)}
        sh = {f: F.col(f"__s{i}") for i, f in enumerate(fields)}
        return [
            [as_map(record).alias("__m")],
            [F.element_at(F.col("__m"), F.lit(f)).alias(f"__v{i}") for i, f in enumerate(fields)],
            [v[f].alias(f"__v{i}") for i, f in enumerate(fields)]
            + [self._shape(f, v[f], depth, known).alias(f"__s{i}") for i, f in enumerate(fields)],
            [self.column(cp, incoming.get(cp.column.name, []), v, sh) for cp in root.columns],
        ]

    def column(self, cp: ColumnPlan, incoming: list, values: dict, shapes: dict) -> Column:
        """One column from the (route, target) pairs that send values into it."""
        col = cp.column
        dtype = data_type(col, self.rules)
        if not incoming:
            return F.lit(None).cast(dtype).alias(col.name)
        if col.shape.is_record:
            return self._record_column(cp, incoming, values, shapes).cast(dtype).alias(col.name)
        out = None
        for route, target in incoming:
            value = self._primitive(values[route.field], route.shape.type, route.shape.dim, target)
            for _ in range(target.wrap):
                value = F.when(value.isNotNull(), F.array(value))
            cond = shapes[route.field] == str(route.shape)
            out = F.when(cond, value) if out is None else out.when(cond, value)
        return out.otherwise(F.lit(None).cast(dtype)).cast(dtype).alias(col.name)

    # --- records into one record column -------------------------------------------------------------------------
    def _record_column(self, cp: ColumnPlan, incoming, values: dict, shapes: dict) -> Column:
        """Every record shape routed into the column, first brought to the column's dimension as nested arrays of
        VARIANT objects (a record of dimension k wrapped ``dim - k`` times), then rebuilt once: the child level's
        expression appears once per column, whatever the number of shapes routed into it."""
        dim = cp.column.shape.dim
        normalised = None
        for route, target in incoming:
            value = self._variant_arrays(values[route.field], route.shape.dim)
            for _ in range(target.wrap):
                value = F.when(value.isNotNull(), F.array(value))
            cond = shapes[route.field] == str(route.shape)
            normalised = F.when(cond, value) if normalised is None else normalised.when(cond, value)
        return self._records(normalised, dim, cp.level)

    def _variant_arrays(self, v: Column, dim: int) -> Column:
        """A VARIANT holding records at dimension ``dim`` as ``array^dim<variant>``."""
        if dim == 0:
            return v
        return F.transform(as_array(v), lambda e: self._variant_arrays(e, dim - 1)) if dim > 1 else as_array(v)

    def _records(self, arrays: Column, dim: int, level: LevelPlan) -> Column:
        if dim == 0:
            return F.when(self.types.is_object(arrays), self.level(level, arrays))
        return F.transform(arrays, lambda e: self._records(e, dim - 1, level))

    def _leaf(self, e: Column, element_type: str) -> Column:
        """A scalar leaf as a value of the element type (converted from its own type along the lattice)."""
        def by_type(st: Column) -> Column:
            # an array or object at a leaf is a mixed value, typed as the `json mixed` type (its JSON text)
            out = F.when(self.types.is_nested(e), self.types.value(e, element_type))
            for s in self.lattice.types:
                if not self.lattice.leq(s, element_type):
                    continue
                v = self.types.convert(self.types.value(e, s), self.lattice.path(s, element_type))
                out = out.when(st == self.types.index[s], v)
            return out

        return let(self.types.scalar_type(e), by_type)

    def _primitive(self, v: Column, element_type: str, dim: int, target: Target) -> Column:
        edges = target.edges
        types = self.types

        def typed_leaf(e: Column) -> Column:
            # a scalar's own type is the route's; an array's leaves may be of any type below its element type
            return types.value(e, element_type) if dim == 0 else self._leaf(e, element_type)

        def leaf(e: Column) -> Column:
            if not edges:
                # nothing to convert: no binding (a lambda per value keeps the expression out of code generation)
                return typed_leaf(e)
            return let(typed_leaf(e), lambda typed: types.convert(typed, edges))

        def ok(e: Column) -> Column:
            return let(typed_leaf(e), lambda typed: typed.isNull() | types.exact(typed, edges))

        def nested(x: Column, d: int, fn) -> Column:
            if d == 0:
                return fn(x)
            return F.transform(as_array(x), lambda e: nested(e, d - 1, fn))

        value = nested(v, dim, leaf)
        if target.guarded or not target.lossless:
            leaves = as_array(v)
            for _ in range(dim - 1):
                leaves = inner_leaves(leaves)  # a null inner array holds no leaf
            if dim == 0:
                good = ok(v)
            else:
                good = F.forall(leaves, lambda e: types.is_null(e) | ok(e))
            if not target.lossless:
                # a conversion routes a value only when every leaf converts (no partial arrays)
                converted = nested(v, dim, leaf)
                if dim == 0:
                    good = converted.isNotNull()
                else:
                    good = F.forall(leaves, lambda e: types.is_null(e) | leaf(e).isNotNull())
                if target.guarded:
                    good = good & (ok(v) if dim == 0 else F.forall(leaves, lambda e: types.is_null(e) | ok(e)))
            value = F.when(good, value)
        return value


class CompiledPlan:
    """A plan compiled for Spark: call it on a DataFrame (``df.transform(compiled)``) with a ``record`` VARIANT
    column (or a ``value`` column of JSON text). The SQL of each input kind is built once, on first use."""

    def __init__(self, plan: Plan, rules: Rules, exhaustive: bool):
        self.plan = plan
        self.compiler = SparkCompiler(rules, exhaustive)
        self._stages: dict[str, list[list[tuple[str, str]]]] = {}

    def stages(self, source: str) -> list[list[tuple[str, str]]]:
        """(name, SQL) of each projection, from the ``record`` or the ``value`` column."""
        if source not in self._stages:
            record = F.col("record") if source == "record" else F.try_parse_json(F.col("value"))
            self._stages[source] = [[(e.name, e.sql) for e in stage]
                                    for stage in self.compiler.stages(self.plan.root, record)]
        return self._stages[source]

    @property
    def key(self) -> str:
        """What the files written from a batch depend on: two plans with the same key write the same files."""
        return "\n".join(f"{name}={text}" for stage in self.stages("record") for name, text in stage)

    def __call__(self, df: DataFrame) -> DataFrame:
        from pyspark.sql import functions as PF

        for stage in self.stages("record" if "record" in df.columns else "value"):
            df = df.select(*[PF.expr(text).alias(name) for name, text in stage])
        return df


def compile_plan(plan: Plan, rules: Rules, *, exhaustive: bool = True) -> CompiledPlan:
    """The plan as a DataFrame transform: from a ``record`` VARIANT column (or a ``value`` column of JSON text) to
    the table's columns, in order, with the table's types. ``exhaustive`` (the default): the transform is applied
    to the batch the plan observed, so fields seen with one shape skip the shape test; pass False to apply a plan
    to other data (values of shapes the plan did not observe are then written nowhere, never miscast).

    >>> # df.transform(compile_plan(plan, rules)).write.parquet(...)
    """
    return CompiledPlan(plan, rules, exhaustive)


def projection_sql(plan: Plan, rules: Rules, source: str = "batch") -> str:
    """The plan's projection as one Spark SQL query over ``source``, a table or view with a ``value`` column of
    JSON text (one record per row): the projections :func:`compile_plan` runs, nested as subqueries (every value's
    shape is tested: the query may be run on other data)."""
    stages = SparkCompiler(rules).stages(plan.root, F.try_parse_json(F.col("value")))
    query = f"FROM {source}"
    for depth, stage in enumerate(stages):
        pad = "  " * (len(stages) - depth)
        items = f",\n{pad}  ".join(f"{e.sql} AS {identifier(e.name)}" for e in stage)
        query = f"SELECT\n{pad}  {items}\n{pad}{query}"
        if depth < len(stages) - 1:
            query = f"(\n{pad}{query}\n{pad})"
            query = f"FROM {query}"
    return query
