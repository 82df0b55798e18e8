"""The projection of a table as Spark SQL a person can follow: one block per column, each value's shape tested once.

:class:`TableProjection` compiles a plan (usually :func:`~widen.engine.table_plan.table_plan`, the table as it is)
into successive projections over a ``value`` column of JSON text:

1. ``m``: the line as a map of its fields (null for a line that is not a JSON object);
2. ``f``: each field's value (a VARIANT), one struct;
3. ``s``: each field's shape (``long``, ``string[]``, ``record``...), computed by one lambda for all of the level's
   fields (:class:`~widen.compiler.table_shapes.LevelShapes`);
4. the table's columns: each a ``CASE`` over its field's shape, one branch per route (or per group of routes that
   take the value the same way: every leaf converted to the column's type by one lambda); a record column rebuilds
   its records with its level compiled once, the same way;
5. the columns as the table types them, and ``_rescued``: the line's text when it is not a JSON object, or when a
   value of it reached no column (a field the table has no column for, a shape no route takes, a value a guarded
   route refuses).
"""

from __future__ import annotations

from pyspark.sql import functions as PF

from widen.compiler.spark_columns import data_type
from widen.compiler.spark_exprs import as_map, let
from widen.compiler.spark_types import SparkTypes
from widen.compiler.sql import Expr, F, identifier
from widen.compiler.table_shapes import LevelShapes, hides_double
from widen.engine.conversions import family
from widen.engine.planner import ColumnPlan, LevelPlan, Plan
from widen.rules.model import Rules

#: the column that keeps every line a value of which reached no column of the table
RESCUED = "_rescued"
#: Spark's analyser resolves one level of nested lambdas per pass (100 passes by default): a table of nested
#: records needs more
ANALYZER_PASSES, PASSES = "spark.sql.analyzer.maxIterations", 1000
LOST = "__lost"
#: the names of the projection's own values beside the table's columns (the line, its map of fields, whether it may
#: hold a double, its fields' values, their shape codes and shapes): of Widen's own prefix, so that no
#: column of a table is named as one
LINE, MAP, HIDDEN, FIELDS, CODES, SHAPES = "__widen_line", "__widen_m", "__widen_hd", "__widen_f", "__widen_sh", \
    "__widen_s"


def _fields(level: LevelPlan) -> list[str]:
    return sorted({r.field for r in level.routes})


def _incoming(level: LevelPlan) -> dict[str, list]:
    out: dict[str, list] = {}
    for r in level.routes:
        for t in r.targets:
            out.setdefault(t.column, []).append((r, t))
    return out


def _nested(x: Expr, dim: int, fn) -> Expr:
    """``fn`` applied to each leaf of the ``dim``-deep array ``x``."""
    return fn(x) if dim == 0 else F.transform(x, lambda e: _nested(e, dim - 1, fn))


def _leaves(x: Expr, dim: int) -> Expr:
    """The leaves of a ``dim``-deep array (``dim`` >= 1) in one array, null inner arrays skipped."""
    for _ in range(dim - 1):
        x = F.flatten(F.filter(x, lambda a: a.isNotNull()))
    return x


#: a JSON string, unrolled (Java's regex engine recurses per character in an alternation inside a repetition)
_STRING = r'"[^"\\]*(?:\\.[^"\\]*)*"'


def _valued(v: Expr) -> Expr:
    """Whether a value holds a value to write: a scalar other than null somewhere in it, not under an empty name
    (a null, ``{}``, ``[[], null]``, ``{"a": {"b": null}}`` hold none: the ingest writes nothing for them)."""
    text = F.regexp_replace(F.to_json(v), r'"":\s*(?:' + _STRING + r'|[^,}\]\[{]+)', "")
    return F.regexp_replace(text, _STRING + r"\s*:", "").rlike(r'"|[0-9]|true|false')


class TableProjection:
    """A plan compiled to Spark SQL over a ``value`` column of JSON text (see the module)."""

    def __init__(self, plan: Plan, rules: Rules):
        self.plan = plan
        self.rules = rules
        self.types = SparkTypes(rules)
        self.lattice = rules.lattice
        self._stages: list[list[Expr]] | None = None

    def __call__(self, df):
        """The projection of a DataFrame with a ``value`` column of JSON text (``df.transform(projection)``): the
        table's columns, in order and with its types, then ``_rescued``, by the projection's Spark SQL
        (:meth:`spark_sql`)."""
        return self.spark_sql(df)

    def spark_sql(self, df):
        """The projection of ``df`` by its Spark SQL (the query :meth:`sql` prints, as successive projections)."""
        conf = df.sparkSession.conf
        before = conf.get(ANALYZER_PASSES, None)
        conf.set(ANALYZER_PASSES, str(max(int(before or 100), PASSES)))
        try:  # (a DataFrame is analysed as it is built)
            for stage in self.stages():
                df = df.select(*[PF.expr(e.sql).alias(e.name) for e in stage])
        finally:
            conf.set(ANALYZER_PASSES, before) if before is not None else conf.unset(ANALYZER_PASSES)
        return df

    def sql(self, source: str = "batch") -> str:
        """The projection as one compact query over ``source`` (a table or view with a ``value`` column)."""
        return projection_query(self.stages(), source)

    # --- the top level ----------------------------------------------------------------------------------------------
    def stages(self) -> list[list[Expr]]:
        """The projections, each a list of named expressions over the previous one (the first over ``value``)."""
        if self._stages is None:
            self._stages = self._build()
        return self._stages

    def _build(self) -> list[list[Expr]]:
        root = self.plan.root
        fields = _fields(root)
        incoming = _incoming(root)
        f, s = F.col(FIELDS), F.col(SHAPES)
        value, m = F.col(LINE), F.col(MAP)
        shapes = self._shapes(root).of([f[n] for n in fields]) if fields else F.array()
        shared = self._shared(root, incoming)
        arrays = {self._conversion_name(*key): self._conversions(*key, names, f, s) for key, names in shared.items()}
        conv = {key: F.col(self._conversion_name(*key)) for key in shared}
        full = {cp.column.name: self.column(cp, incoming.get(cp.column.name, []), f, s, conv)
                for cp in root.columns}
        rescued = F.when(m.isNull() | self._lost(root, fields, incoming, m, s, lambda n: F.col(n)), value)
        out = [self._strip(F.col(cp.column.name), cp).alias(cp.column.name) for cp in root.columns]
        hidden = F.col(HIDDEN)
        keep = [value.alias(LINE), m.alias(MAP), hidden.alias(HIDDEN), f.alias(FIELDS)]
        parsed = F.try_parse_json(F.col("value"))
        return [
            [F.col("value").alias(LINE), as_map(parsed).alias(MAP), hides_double(F.col("value")).alias(HIDDEN)],
            [value.alias(LINE), m.alias(MAP), hidden.alias(HIDDEN),
             self._struct({n: m[n] for n in fields}).alias(FIELDS)],
            keep + [shapes.alias(CODES)],
            keep + [self._struct({n: F.col(CODES)[i] for i, n in enumerate(fields)}).alias(SHAPES)],
            keep + [s.alias(SHAPES)] + [e.alias(f"cv_{name}") for name, e in arrays.items()],
            keep + [s.alias(SHAPES)] + [self._struct({n: F.col(f"cv_{self._conversion_name(*key)}")[i]
                                                      for i, n in enumerate(names)}).alias(self._conversion_name(*key))
                                        for key, names in shared.items()],
            [value.alias(LINE), m.alias(MAP), hidden.alias(HIDDEN), s.alias(SHAPES)]
            + [e.alias(n) for n, e in full.items()],
            out + [rescued.alias(RESCUED)],
        ]

    # --- conversions shared by the columns of a level ---------------------------------------------------------------
    def _shared(self, level: LevelPlan, incoming: dict) -> dict[tuple[str, int], list[str]]:
        """Per primitive column type and the deepest such column of the level, the fields some of those columns
        take as a widening: each such field's value is converted once (:meth:`_conversions`), whatever the number
        of its shapes and of the columns that take it (``tags`` into ``tags[]`` and ``tags_array2_string[][]``)."""
        deepest: dict[str, int] = {}
        fields: dict[tuple[str, bool], list[str]] = {}
        for cp in level.columns:
            col = cp.column
            if cp.level is not None or col.foreign is not None:
                continue
            for r, t in incoming.get(col.name, []):
                if not t.lossless or (not col.shape.dim and r.shape.dim):
                    continue
                key = (col.shape.type, col.shape.dim > 0)
                if key[1]:
                    deepest[col.shape.type] = max(deepest.get(col.shape.type, 1), col.shape.dim)
                if r.field not in fields.setdefault(key, []):
                    fields[key].append(r.field)
        return {(t, deepest[t] if arrays else 0): names for (t, arrays), names in fields.items()}

    @staticmethod
    def _conversion_name(target: str, dim: int) -> str:
        return f"as_{target}" + (f"_array{dim}" if dim else "")

    def _conversions(self, target: str, dim: int, names: list[str], f: Expr, s: Expr) -> Expr:
        """The values of fields ``names`` as ``target`` values (``dim`` > 0: as arrays of that dimension, narrower
        values wrapped), by their shapes, in one lambda: an array, in order; null where the shape is not one of
        ``target`` or below, or a guarded edge would change the value (of an array: any of its leaves)."""
        below = [t for t in self.lattice.types if self.lattice.leq(t, target)]
        pairs = F.array(*[F.struct(f[n].alias("v"), s[n].alias("s")) for n in names])

        def convert(p: Expr) -> Expr:
            if dim:
                return self._normalised(p, target, dim, below)
            out = None
            for t in below:
                v = self._from_json(p["v"], t, self.lattice.path(t, target), self.lattice.guarded(t, target))
                out = F.when(p["s"] == t, v) if out is None else out.when(p["s"] == t, v)
            return out

        return F.transform(pairs, convert)

    def _normalised(self, p: Expr, target: str, dim: int, below: list[str]) -> Expr:
        """A value of a shape at or below ``target[]...`` (``dim`` levels) as such an array: wrapped to ``dim``,
        each leaf converted; null unless every leaf that holds a value converts."""
        normal = None
        for d in range(dim + 1):
            wrapped = self._variant_arrays(p["v"], d)
            for _ in range(dim - d):
                wrapped = F.array(wrapped)
            cond = p["s"].isin(*[t + "[]" * d for t in below])
            normal = F.when(cond, wrapped) if normal is None else normal.when(cond, wrapped)
        return let(normal, lambda n: self._all_leaves(n, dim, lambda e: self._leaf(e, target)))

    @staticmethod
    def _struct(items: dict[str, Expr]) -> Expr:
        if not items:
            return F.lit(None).cast("string")
        return F.struct(*[e.alias(n) for n, e in items.items()])

    def _shapes(self, level: LevelPlan) -> LevelShapes:
        """A level's shapes, looking one array level below its deepest route, typing arrays of scalars when a
        route takes some."""
        looks = max((r.shape.dim for r in level.routes), default=0) + 1
        return LevelShapes(self.types, looks, any(r.shape.dim and not r.shape.is_record for r in level.routes),
                           F.col(HIDDEN))

    # --- what reached no column -------------------------------------------------------------------------------------
    def _lost(self, level: LevelPlan, fields: list[str], incoming: dict, m: Expr, s: Expr, column) -> Expr:
        """Whether a value of the record (its map ``m``, its shapes ``s``) reached no column (``column(name)``: the
        level's columns as built, their records still carrying their own ``__lost``)."""
        known = [F.lit(n) for n in fields + [""]]
        out = F.exists(F.map_entries(m), lambda e: ~e["key"].isin(*known) & _valued(e["value"]))
        by_column = {cp.column.name: cp for cp in level.columns}
        feeders: dict[str, set[str]] = {}
        for r in level.routes:
            for t in r.targets:
                feeders.setdefault(t.column, set()).add(r.field)
        for n in fields:
            landed = None
            targets: dict[str, list[str]] = {}
            for r in level.routes:
                if r.field == n:
                    for t in r.targets:
                        targets.setdefault(t.column, []).append(str(r.shape))
            for name, codes in targets.items():
                here = self._landed(column(name), by_column[name])
                if len(feeders[name]) > 1:  # another spelling feeds it too: only this field's shapes count
                    here = s[n].isin(*codes) & here
                landed = here if landed is None else landed | here
            lost = ~s[n].isin("null", "empty") & ~(landed if landed is not None else F.lit(False))
            out = out | (lost & _valued(m[n]))
        return F.coalesce(out, F.lit(False))

    def _landed(self, x: Expr, cp: ColumnPlan) -> Expr:
        if cp.level is None:
            return x.isNotNull()
        return x.isNotNull() & ~self._inner_lost(x, cp.column.shape.dim)

    def _inner_lost(self, x: Expr, dim: int) -> Expr:
        if dim == 0:
            return F.coalesce(x[LOST], F.lit(False))
        return F.coalesce(F.exists(x, lambda e: e.isNotNull() & self._inner_lost(e, dim - 1)), F.lit(False))

    def _strip(self, x: Expr, cp: ColumnPlan) -> Expr:
        """A column as the table types it: its records without their ``__lost``."""
        if cp.level is None:
            return x
        dtype = data_type(cp.column, self.rules)

        def record(r: Expr) -> Expr:
            inner = [self._strip(r[c.column.name], c).alias(c.column.name) for c in cp.level.columns]
            return F.when(r.isNotNull(), F.struct(*inner))

        return _nested(x, cp.column.shape.dim, record).cast(dtype)

    # --- one column -------------------------------------------------------------------------------------------------
    def column(self, cp: ColumnPlan, pairs: list, f: Expr, s: Expr, conv: dict) -> Expr:
        """One column from the (route, target) pairs sending values into it; ``f`` and ``s``: the level's values
        and shapes, by field name; ``conv``: their conversions to each scalar type (:meth:`_shared`). Records keep
        their ``__lost``."""
        col = cp.column
        if not pairs:
            return F.lit(None).cast(data_type(col, self.rules))
        if cp.level is not None:
            return self._records(cp, pairs, f, s)
        if col.shape.dim == 0:
            return self._scalar_column(pairs, f, s, conv.get((col.shape.type, 0))).cast(data_type(col, self.rules))
        shared = next(((dim, c) for (t, dim), c in conv.items() if t == col.shape.type and dim), None)
        return self._array_column(cp, pairs, f, s, shared).cast(data_type(col, self.rules))

    def _scalar_column(self, pairs: list, f: Expr, s: Expr, conv: Expr | None) -> Expr:
        """The widenings of a field into the column read from its shared conversion (one branch for all of its
        shapes); each conversion (not a widening) a branch of its own."""
        out = None
        widened: dict[str, list[str]] = {}
        for r, t in pairs:
            if t.lossless and conv is not None:
                widened.setdefault(r.field, []).append(str(r.shape))
                continue
            value = self._converted(self.types.value(f[r.field], r.shape.type), t.edges, t.guarded)
            cond = s[r.field] == str(r.shape)
            out = F.when(cond, value) if out is None else out.when(cond, value)
        for field, codes in widened.items():
            cond = s[field].isin(*codes)
            out = F.when(cond, conv[field]) if out is None else out.when(cond, conv[field])
        return out

    def _from_json(self, v: Expr, t: str, edges, guarded: bool) -> Expr:
        """A JSON scalar VARIANT typed ``t`` converted along ``edges``; a decimal's text is the number as the JSON
        wrote it (``1.5`` of a ``decimal(10, 2)``, not ``1.50``), as the ingest writes it."""
        if edges and edges[0].via == "text" and family(self.types.iceberg[t]) == "decimal":
            return self._converted(F.when(self.types.value(v, t).isNotNull(), F.to_json(v)), edges[1:], guarded)
        return self._converted(self.types.value(v, t), edges, guarded)

    def _converted(self, v: Expr, edges, guarded: bool) -> Expr:
        """A typed scalar converted along ``edges``: null when a guarded edge would change it, or the conversion
        (not a widening) gives nothing."""
        if guarded:
            return let(v, lambda x: F.when(self.types.exact(x, edges), self.types.convert(x, edges)))
        if not edges:
            return v
        once = self.types.convert(v, edges)
        if once.sql.count(v.sql) > 1:  # a value the conversion reads more than once (a double's text): bound once
            return let(v, lambda x: self.types.convert(x, edges))
        return once

    def _array_column(self, cp: ColumnPlan, pairs: list, f: Expr, s: Expr, shared) -> Expr:
        """The widenings of a field into an array column read from its shared conversion (``shared``: its
        dimension and the conversions), unwrapped to the column's dimension; each conversion (not a widening) a
        branch of its own, whose leaves must all convert."""
        col = cp.column
        m = col.shape.dim
        out = None
        widened: dict[str, list[str]] = {}
        for r, t in pairs:
            if t.lossless and shared is not None:
                widened.setdefault(r.field, []).append(str(r.shape))
                continue
            normal = self._variant_arrays(f[r.field], r.shape.dim)
            leaf = lambda e, r=r, t=t: self._leaf(e, r.shape.type, t.edges, t.guarded)  # noqa: E731
            value = let(normal, lambda n, r=r, leaf=leaf: self._all_leaves(n, r.shape.dim, leaf)) \
                if r.shape.dim else self._converted(self.types.value(f[r.field], r.shape.type), t.edges, t.guarded)
            for _ in range(t.wrap):
                value = F.array(value)
            cond = s[r.field] == str(r.shape)
            out = F.when(cond, value) if out is None else out.when(cond, value)
        for field, codes in widened.items():
            dim, conv = shared
            value = conv[field]
            for _ in range(dim - m):
                value = F.element_at(value, 1)
            cond = s[field].isin(*codes)
            out = F.when(cond, value) if out is None else out.when(cond, value)
        return out

    def _all_leaves(self, n: Expr, m: int, leaf) -> Expr:
        """The leaves of ``n`` converted; null unless every leaf that holds a value converts."""
        def check(c: Expr) -> Expr:
            held = F.size(F.filter(_leaves(n, m), lambda e: ~self.types.is_null(e)))
            kept = F.size(F.filter(_leaves(c, m), lambda e: e.isNotNull()))
            return F.when(held == kept, c)
        return let(_nested(n, m, leaf), check)

    def _variant_arrays(self, v: Expr, dim: int) -> Expr:
        """A VARIANT array of dimension ``dim`` as nested arrays of VARIANT (the VARIANT itself when 0)."""
        if dim == 0:
            return v
        return F.try_variant_get(v, "$", "array<" * dim + "variant" + ">" * dim)

    def _leaf(self, e: Expr, target: str, edges=(), guarded: bool = False) -> Expr:
        """A scalar VARIANT leaf of any type at or below ``target`` as a ``target`` value (then along ``edges``):
        typed once, converted along the lattice; null when a guarded edge would change it."""
        types = self.types
        below = [t for t in self.lattice.types if self.lattice.leq(t, target)]

        def by_type(st: Expr) -> Expr:
            out = F.when(st.isNull(), F.lit(None))
            for t in below:
                path = tuple(self.lattice.path(t, target)) + tuple(edges)
                check = guarded or self.lattice.guarded(t, target)
                out = out.when(st == types.index[t], self._from_json(e, t, path, check))
            return out

        return let(types.scalar_type(e), by_type)

    # --- records ------------------------------------------------------------------------------------------------------
    def _records(self, cp: ColumnPlan, pairs: list, f: Expr, s: Expr) -> Expr:
        """Every record shape routed into the column as nested arrays of VARIANT objects of the column's dimension,
        each object rebuilt by the column's level, compiled once."""
        m = cp.column.shape.dim
        normal = None
        for r, t in pairs:
            value = self._variant_arrays(f[r.field], r.shape.dim)
            for _ in range(t.wrap):
                value = F.array(value)
            cond = s[r.field] == str(r.shape)
            normal = F.when(cond, value) if normal is None else normal.when(cond, value)
        return _nested(normal, m, lambda e: F.when(self.types.is_object(e), self.level(cp.level, e)))

    def level(self, level: LevelPlan, x: Expr) -> Expr:
        """A record (an object VARIANT) as the struct of its level's columns, and ``__lost``: whether a value of it
        reached none of them."""
        fields = _fields(level)
        incoming = _incoming(level)

        def with_map(mv: Expr) -> Expr:
            if not fields:
                cols = [F.lit(None).cast(data_type(cp.column, self.rules)).alias(cp.column.name)
                        for cp in level.columns]
                lost = F.exists(F.map_entries(mv), lambda e: (e["key"] != "") & _valued(e["value"]))
                return F.struct(*cols, lost.alias(LOST))
            shapes = self._shapes(level).of([mv[n] for n in fields])
            return let(shapes, lambda sh: self._level_columns(level, fields, incoming, mv, _ByName(mv, fields),
                                                              _ByName(sh, fields, by_index=True)))

        return let(as_map(x), with_map)

    def _level_columns(self, level: LevelPlan, fields, incoming, mv: Expr, fv, s) -> Expr:
        shared = self._shared(level, incoming)

        def build(conv: dict) -> Expr:
            built = F.struct(*[self.column(cp, incoming.get(cp.column.name, []), fv, s, conv).alias(cp.column.name)
                               for cp in level.columns])

            def with_lost(c: Expr) -> Expr:
                lost = self._lost(level, fields, incoming, mv, s, lambda n: c[n])
                return F.struct(*[c[cp.column.name].alias(cp.column.name) for cp in level.columns], lost.alias(LOST))
            return let(built, with_lost)

        if not shared:
            return build({})
        arrays = F.struct(*[self._conversions(*key, names, fv, s).alias(self._conversion_name(*key))
                            for key, names in shared.items()])
        return let(arrays, lambda cv: build({key: _ByName(cv[self._conversion_name(*key)], names, by_index=True)
                                             for key, names in shared.items()}))


class _ByName:
    """A level's values, shapes or conversions by field name: ``x[name]`` of a map, or ``x[i]`` of an array in the
    order of ``names``."""

    def __init__(self, x: Expr, names: list[str], by_index: bool = False):
        self.x, self.index, self.by_index = x, {n: i for i, n in enumerate(names)}, by_index

    def __getitem__(self, name: str) -> Expr:
        return self.x[self.index[name]] if self.by_index else self.x[name]


def projection_query(stages: list[list[Expr]], source: str) -> str:
    """The stages as one query over ``source`` (nested subqueries, compact)."""
    query = f"FROM {source}"
    for stage in stages:
        items = ", ".join(f"{e.sql} AS {identifier(e.name)}" for e in stage)
        query = f"SELECT {items} {query}"
        if stage is not stages[-1]:
            query = f"FROM ({query})"
    return query
