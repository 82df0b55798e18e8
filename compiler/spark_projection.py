"""The Spark compiler: a :class:`~widen.engine.planner.Plan` becomes one projection of Spark SQL expressions (:class:`~widen.compiler.sql.Expr`).

A partner walk over the plan's target schema: each column gathers the routes that target it; a value is
recognised by its shape (:func:`~widen.compiler.spark_types.shape_code`, the same shapes the planner saw), its
leaves converted along the rules' edges, wrapped into larger dimensions, and records rebuilt with ``struct`` (and
``transform`` for arrays of records). Columns come out in table order with exactly the table's types. No Python
UDF is involved; :func:`compile_plan` returns a function for ``df.transform``."""

from __future__ import annotations

import re
from typing import Mapping

from widen.compiler.spark_columns import FROM_JSON_OPTIONS, NATIVE_SCALARS, Native, case_conflict, data_type
from widen.compiler.spark_exprs import as_array, as_map, inner_leaves, let, spark_type
from widen.compiler.spark_scalars import converted_scalars, typed_scalars
from widen.compiler.spark_types import SparkTypes, shape_code
from widen.compiler.sql import Expr, F, identifier
from widen.compiler.storage import Signatures, split_arrays
from widen.engine.conversions import family
from widen.engine.planner import ColumnPlan, LevelPlan, Target
from widen.engine.shapes import Shape
from widen.rules.model import Rules


class SparkCompiler:
    """Compiles plans for one rules file. ``exhaustive``: the projection will only see the batch the plan observed
    (as in ``widen ingest``), so a field seen with a single shape is routed without looking at its shape; without
    it, every value's shape is checked and a value of a shape the plan never saw is written nowhere."""

    def __init__(self, rules: Rules, exhaustive: bool = False,
                 storage: Mapping[tuple, frozenset[str]] | None = None):
        self.rules = rules
        self.exhaustive = exhaustive
        #: the Spark observer's storage kinds per (path, rdims) of the batch (``Observations.storage``): with
        #: ``exhaustive``, fields whose storage and shape agree are read by ``from_json`` as Spark types
        self.storage = storage if exhaustive else None
        self.types = SparkTypes(rules)
        self.lattice = rules.lattice
        self._signatures = None  # what each storage signature decides (:meth:`_storage_shapes`), made on first use
        #: id of each level -> the field paths whose records it holds (the root's: ``()``; set by :meth:`stages`)
        self._level_paths: dict[int, set[tuple]] = {}
        #: a field path -> its storage kinds in the batch, over every record dimension it was seen at
        self._path_kinds: dict[tuple, frozenset[str]] = {}
        if self.storage is not None:
            kinds: dict[tuple, set[str]] = {}
            for (path, _), ks in self.storage.items():
                kinds.setdefault(tuple(path), set()).update(ks)
            self._path_kinds = {path: frozenset(ks) for path, ks in kinds.items()}

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
        for f, dim in level.hollow:  # arrays of hollow records: looked into, so that they are not mixed values
            if f in depth:
                depth[f] = max(depth[f], dim)
        known = {f: first_shape[f] for f in fields if self.exhaustive and f in level.single}
        return fields, depth, known, incoming

    def _shape(self, f: str, v: Expr, depth: dict, known: dict, kinds: frozenset[str] = frozenset()) -> Expr:
        """The shape code of a field's value: the one shape when the batch had one; else, where the batch's
        storage ``kinds`` decide it as the Spark observer decides them (a BIGINT is a long, a string is typed by
        the detectors...), by the value's storage, and by the full typing (:func:`shape_code`) for the rest. When
        the storage decides every kind the batch holds, the full typing is left out: a value of a kind the
        observation did not see fails the job (``raise_error``, naming the field) rather than going nowhere."""
        if f in known:
            return F.lit(known[f])
        branches = self._storage_shapes(kinds, v)
        if not branches:
            return shape_code(self.types, v, depth[f])
        covered = {kind for kind, _, _ in branches}
        if all(kind == "VOID" or kind in covered for kind in kinds):
            # every storage of the batch's values is decided above (the storage kinds are those of every value:
            # exhaustive): the full typing would never run. A value of another storage would mean the observation
            # missed it: fail the job, never lose the value.
            rest = F.raise_error(F.concat(F.lit(f"widen: a value of field '{f}' has a storage the batch's observation "
                                                "did not see: "), F.schema_of_variant(v)))
        else:
            rest = shape_code(self.types, v, depth[f])

        def by_storage(sv: Expr) -> Expr:
            out = F.when(v.isNull() | (sv == "VOID"), F.lit("null"))
            for _, test, code in branches:
                out = out.when(test(sv), code)
            return out.otherwise(rest)

        return let(self.types.storage(v), by_storage)

    def _leaves_typed(self, route, kinds: frozenset[str]) -> bool:
        """The leaves of every value of this array route are of its element type in this batch: no storage of
        the field's values could give the route's shape with leaves of other types (a mixed array, an array of
        fractions, of strings of several types...). Then each leaf is read as that type, without typing it."""
        if route.shape.dim == 0 or route.shape.is_record or not kinds:
            return False
        for kind in kinds:
            if not kind.startswith("ARRAY<"):
                continue  # a scalar, an object, a null: never an array shape
            if "/" in kind:
                sig, bits = kind.split("/")
                if split_arrays(sig)[0] == route.shape.dim and int(bits) != 1 << self.types.index[route.shape.type]:
                    return False
                continue
            if self.signatures.decide(kind, None) is None:
                return False
        return True

    def _storage_shapes(self, kinds: frozenset[str], v: Expr) -> list:
        """(kind, test of a value's storage, its shape code) for the storage kinds whose shape the storage decides,
        each test true for every value of its kind."""
        if not kinds:
            return []
        observer = self.signatures  # what each signature decides
        out = []
        for kind in sorted(kinds):
            if kind == "STRING":
                if observer.strings_static:
                    names = F.array(*[F.lit(t) for t in self.types.types])
                    typed = self.types.string_type(F.try_variant_get(v, "$", "string"))
                    out.append((kind, lambda sv: sv == "STRING", F.element_at(names, typed + 1)))
                continue
            if "/" in kind:
                # an array of strings with the bit set of its leaves' types: when every array of that signature in
                # the batch has the same set, the signature alone decides the shape (as the observer decided it),
                # and no leaf is typed again
                sig, bits = kind.split("/")
                if sum(1 for k in kinds if k.split("/")[0] == sig) == 1:
                    decided = observer.decide(sig, int(bits))
                    if isinstance(decided, Shape):
                        out.append((kind, lambda sv, sig=sig: sv == sig, F.lit(str(decided))))
                continue
            if kind == "DECW":
                continue
            decided = observer.decide(kind, None)
            if decided == "empty" and re.fullmatch(r"(ARRAY<)+VOID>+", kind):  # arrays of nothing but nulls
                out.append((kind, lambda sv, kind=kind: sv == kind, F.lit("empty")))
                continue
            if not isinstance(decided, Shape):
                continue
            if kind == "DEC15":
                out.append((kind, lambda sv: sv.rlike(r"^DECIMAL\((?:[1-9]|1[0-5]),[0-9]+\)$"), F.lit(str(decided))))
            elif "OBJECT" not in kind and "DEC" not in kind:  # a signature as schema_of_variant prints it
                out.append((kind, lambda sv, kind=kind: sv == kind, F.lit(str(decided))))
        return out

    @property
    def signatures(self):
        """What each storage signature decides under these rules, as the Spark observer decides it."""
        if self._signatures is None:
            self._signatures = Signatures(self.rules)
        return self._signatures

    def _index_paths(self, level: LevelPlan, paths: set[tuple]) -> None:
        """Record, for each nested level under ``level`` (whose records are those of ``paths``), the paths of the
        fields whose records it holds: a record column's level holds the records of every field routed into it."""
        _, _, _, incoming = self._prepare(level)
        for cp in level.columns:
            if cp.level is None:
                continue
            child = {p + (r.field,) for p in paths for r, _ in incoming.get(cp.column.name, []) if r.shape.is_record}
            if child:
                self._level_paths.setdefault(id(cp.level), set()).update(child)
                self._index_paths(cp.level, child)

    def _field_kinds(self, level: LevelPlan, f: str) -> frozenset[str]:
        """The batch's storage kinds of a level's field ``f`` (none when the storage is not known): those of every
        path the level's records come from (the top level's: the root path), at every record dimension. A superset
        is safe: a storage decides a shape only as the observer decided it over all of these values, and a kind that
        decides nothing keeps the full typing."""
        paths = self._level_paths.get(id(level))
        if not paths:
            return frozenset()
        out: set[str] = set()
        for p in paths:
            out |= self._path_kinds.get(p + (f,), frozenset())
        return frozenset(out)

    def natives(self, level: LevelPlan, incoming: dict, path: tuple = (), rdims: tuple = ()) -> dict[str, Native]:
        """The fields of a level ``from_json`` can read as Spark types (see :class:`Native`): one shape in the
        batch, one target that takes it as it is and takes nothing else, and a storage that gives exactly the
        value the VARIANT route would (a string stored as STRING, a long as BIGINT...). Records recurse."""
        fields = {r.field for r in level.routes}
        if self.storage is None or case_conflict(fields):
            return {}
        out: dict[str, Native] = {}
        shapes: dict[str, int] = {}
        for r in level.routes:
            shapes[r.field] = shapes.get(r.field, 0) + 1
        for r in level.routes:
            f = r.field
            if shapes[f] != 1 or len(r.targets) != 1:
                continue
            tested = f not in level.single  # one shape, and empty values too
            if tested and (not r.shape.is_record or r.shape.dim):
                continue
            t = r.targets[0]
            if t.edges or t.wrap or t.guarded or not t.lossless or incoming.get(t.column) != [(r, t)]:
                continue
            kinds = self.storage.get((path + (f,), rdims), frozenset()) - {"VOID"}
            dim = r.shape.dim
            if r.shape.is_record:
                # an object, or an array of objects (and nulls) at dimension 1
                cp = level.column(t.column)
                if dim > 1 or kinds != {"ARRAY<" * dim + "OBJECT" + ">" * dim} or cp is None or cp.level is None:
                    continue
                child_fields, _, _, child_incoming = self._prepare(cp.level)
                if case_conflict(child_fields):
                    continue
                children = self.natives(cp.level, child_incoming, path + (f,), rdims + (dim,))
                body = ", ".join(f"{identifier(c)}: {children[c].read if c in children else 'VARIANT'}"
                                 for c in child_fields)
                struct = f"STRUCT<{body}>"
                out[f] = Native(f"ARRAY<{struct}>" if dim else struct, children, tested)
                continue
            iceberg = self.types.iceberg[r.shape.type]
            spark = spark_type(iceberg)
            if dim == 0 and kinds == {"STRING"} and family(iceberg) in ("string", "date", "timestamp"):
                out[f] = Native("STRING")
            elif dim == 0 and kinds and kinds <= NATIVE_SCALARS.get(spark, set()):
                out[f] = Native(spark.upper())
            elif dim == 1 and spark in ("bigint", "boolean") and kinds == {f"ARRAY<{spark.upper()}>"}:
                out[f] = Native(f"ARRAY<{spark.upper()}>")
            elif dim == 1 and family(iceberg) == "string" and kinds == {
                    f"ARRAY<STRING>/{1 << self.types.index[r.shape.type]}"}:
                # every leaf a string typed as the array's own string type: its text, as it is
                out[f] = Native("ARRAY<STRING>")
        return out

    def _native_value(self, v: Expr, route, native: Native, cp: ColumnPlan) -> Expr:
        """A natively read value as the column's value (the conversions the VARIANT route applies to a value of
        that storage: a date or timestamp from its text, a double's -0.0 as 0.0)."""
        if route.shape.is_record:
            if route.shape.dim:
                return F.transform(v, lambda e: self.level(cp.level, e, native.children))
            return self.level(cp.level, v, native.children)
        if native.sql == "STRING":
            return self.types.text_value(v, route.shape.type)
        if native.sql == "DOUBLE":
            return v + F.lit(0.0)
        return v

    def level(self, level: LevelPlan, record: Expr, native: dict[str, Native] | None = None) -> Expr:
        """The columns of a nested level, in table order, as one struct, from a VARIANT object (values and shapes
        bound once with ``let``: referring to them one by one would copy their expressions for each use); with
        ``native``, from a struct ``from_json`` read (``native`` names its typed fields, the others are VARIANT)."""
        fields, depth, known, incoming = self._prepare(level)
        kinds = {f: self._field_kinds(level, f) for f in fields} if not case_conflict(fields) else {}
        if not fields:
            out = F.struct(*[F.lit(None).cast(data_type(cp.column, self.rules)).alias(cp.column.name)
                             for cp in level.columns])
            return out if native is None else F.when(record.isNotNull(), out)

        if native is not None and all((f in native and not native[f].tested) or f in known for f in fields):
            # nothing to bind: the struct's fields are read where they are used
            values = {f: record[f] for f in fields}
            shapes = {f: F.lit(known.get(f, "")) for f in fields}
            return F.when(record.isNotNull(), F.struct(*[
                self.column(cp, incoming.get(cp.column.name, []), values, shapes, native) for cp in level.columns]))

        def body(bound: Expr) -> Expr:
            values = {f: bound[f"v{i}"] for i, f in enumerate(fields)}
            shapes = {f: bound[f"s{i}"] for i, f in enumerate(fields)}

            def columns(scalars: dict, converted: dict) -> Expr:
                return F.struct(*[self.column(cp, incoming.get(cp.column.name, []), values, shapes, native or {},
                                              kinds, scalars, converted) for cp in level.columns])

            # as stages() does for the top level: a scalar that goes into more than one column (or is converted or
            # tested on its way) is read as its type once, and each of its conversions computed once, bound with let
            typed = typed_scalars(self.types, level, fields, values, shapes, native or {}, reused=True)
            if not typed:
                return columns({}, {})

            def with_scalars(ts: Expr) -> Expr:
                scalars = {key: ts[name] for key, (name, _) in typed.items()}
                converted = converted_scalars(self.types, level, incoming, scalars, shapes)
                if not converted:
                    return columns(scalars, {})
                return let(F.struct(*[e.alias(name) for name, e in converted.values()]),
                           lambda cs: columns(scalars, {key: cs[name] for key, (name, _) in converted.items()}))

            return let(F.struct(*[e.alias(name) for name, e in typed.values()]), with_scalars)

        if native is None:
            m = as_map(record)
            pre = F.struct(*[F.element_at(m, F.lit(f)).alias(f"v{i}") for i, f in enumerate(fields)])
        else:
            pre = F.struct(*[record[f].alias(f"v{i}") for i, f in enumerate(fields)])

        def with_shapes(vs: Expr) -> Expr:
            shaped = [vs[f"v{i}"].alias(f"v{i}") for i in range(len(fields))]
            shaped += [(F.lit("") if native and f in native and not native[f].tested
                        else self._shape(f, vs[f"v{i}"], depth, known, kinds.get(f, frozenset()))).alias(f"s{i}")
                       for i, f in enumerate(fields)]
            return let(F.struct(*shaped), body)

        out = let(pre, with_shapes)
        return out if native is None else F.when(record.isNotNull(), out)

    def stages(self, root: LevelPlan, record: Expr, text: Expr | None = None) -> list[list[Expr]]:
        """The top level as successive projections (each a list of named expressions over the previous one):
        the record's fields; each field's value; each value's shape; the scalars read as their types
        (:meth:`_typed_scalars`); their conversions (:meth:`_converted_scalars`); the table's columns. Top-level
        fields are plain columns here, so a table of 10,000 columns is 10,000 small expressions, not one struct.

        With the line's ``text`` and the batch's storage (:class:`Native`), the fields are read by one
        ``from_json``: those whose storage and shape agree as Spark types (as Spark's own JSON reader would), the
        others as VARIANT values for the routes below; else the record is read as a ``map<string, variant>``."""
        fields, depth, known, incoming = self._prepare(root)
        self._level_paths = {id(root): {()}}
        if self.storage is not None:
            self._index_paths(root, {()})
        native = self.natives(root, incoming) if text is not None else {}
        kinds = {f: self._field_kinds(root, f) for f in fields}
        v = {f: F.col(f"__v{i}") for i, f in enumerate(fields)}
        sh = {f: F.col(f"__s{i}") for i, f in enumerate(fields)}
        if text is not None and self.storage is not None and fields and not case_conflict(fields):
            schema = ", ".join(f"{identifier(f)}: {native[f].read if f in native else 'VARIANT'}" for f in fields)
            first = [F.from_json(text, f"STRUCT<{schema}>", FROM_JSON_OPTIONS).alias("__j")]
            values = [F.col("__j")[f].alias(f"__v{i}") for i, f in enumerate(fields)]
        else:
            first = [as_map(record).alias("__m")]
            values = [F.element_at(F.col("__m"), F.lit(f)).alias(f"__v{i}") for i, f in enumerate(fields)]
        shaped = [f for f in fields if f not in native or native[f].tested]
        typed = typed_scalars(self.types, root, fields, v, sh, native)
        scalars = {key: F.col(name) for key, (name, _) in typed.items()}
        converted = converted_scalars(self.types, root, incoming, scalars, sh)
        kept = [v[f].alias(f"__v{i}") for i, f in enumerate(fields)]
        carried = kept + [sh[f].alias(f"__s{fields.index(f)}") for f in shaped]
        return [
            first,
            values,
            kept + [self._shape(f, v[f], depth, known, kinds[f]).alias(f"__s{fields.index(f)}") for f in shaped],
            carried + [expr.alias(name) for name, expr in typed.values()],
            carried + [F.col(name).alias(name) for name, _ in typed.values()]
            + [expr.alias(name) for name, expr in converted.values()],
            [self.column(cp, incoming.get(cp.column.name, []), v, sh, native, kinds, scalars,
                         {key: F.col(name) for key, (name, _) in converted.items()}) for cp in root.columns],
        ]

    def column(self, cp: ColumnPlan, incoming: list, values: dict, shapes: dict,
               native: dict[str, Native] | None = None, typed: dict[str, frozenset[str]] | None = None,
               scalars: dict[tuple[str, str], Expr] | None = None, converted: dict[tuple, Expr] | None = None) -> Expr:
        """One column from the (route, target) pairs that send values into it (``native``: the fields read as
        Spark types, each the only one sending values into its column; ``typed``: fields' storage kinds;
        ``scalars``: (field, shape) -> the value already read as its type, by :meth:`_typed_scalars`;
        ``converted``: (field, shape, edges) -> that value converted along the edges, by :meth:`_converted_scalars`)."""
        col = cp.column
        dtype = data_type(col, self.rules)
        if not incoming:
            return F.lit(None).cast(dtype).alias(col.name)
        if native and incoming[0][0].field in native:
            route = incoming[0][0]
            n = native[route.field]
            if n.tested:
                record = F.try_variant_get(values[route.field], "$", n.sql)
                value = F.when(shapes[route.field] == str(route.shape),
                               let(record, lambda r: self.level(cp.level, r, n.children)))
            else:
                value = self._native_value(values[route.field], route, n, cp)
            return value.cast(dtype).alias(col.name)
        if col.shape.is_record:
            return self._record_column(cp, incoming, values, shapes).cast(dtype).alias(col.name)
        out = None
        for route, target in incoming:
            value = self._primitive(values[route.field], route.shape.type, route.shape.dim, target,
                                    route.field in (typed or ()) and self._leaves_typed(route, typed[route.field]),
                                    (scalars or {}).get((route.field, str(route.shape))),
                                    (converted or {}).get((route.field, str(route.shape), tuple(target.edges))))
            for _ in range(target.wrap):
                value = F.when(value.isNotNull(), F.array(value))
            cond = shapes[route.field] == str(route.shape)
            out = F.when(cond, value) if out is None else out.when(cond, value)
        return out.otherwise(F.lit(None).cast(dtype)).cast(dtype).alias(col.name)

    # --- records into one record column -------------------------------------------------------------------------
    def _record_column(self, cp: ColumnPlan, incoming, values: dict, shapes: dict) -> Expr:
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

    def _variant_arrays(self, v: Expr, dim: int) -> Expr:
        """A VARIANT holding records at dimension ``dim`` as ``array^dim<variant>``."""
        if dim == 0:
            return v
        return F.transform(as_array(v), lambda e: self._variant_arrays(e, dim - 1)) if dim > 1 else as_array(v)

    def _records(self, arrays: Expr, dim: int, level: LevelPlan) -> Expr:
        if dim == 0:
            return F.when(self.types.is_object(arrays), self.level(level, arrays))
        return F.transform(arrays, lambda e: self._records(e, dim - 1, level))

    def _leaf(self, e: Expr, element_type: str) -> Expr:
        """A scalar leaf as a value of the element type (converted from its own type along the lattice)."""
        def by_type(st: Expr) -> Expr:
            # an array or object at a leaf is a mixed value, typed as the `json mixed` type (its JSON text)
            out = F.when(self.types.is_nested(e), self.types.value(e, element_type))
            for s in self.lattice.types:
                if not self.lattice.leq(s, element_type):
                    continue
                v = self.types.convert(self.types.value(e, s), self.lattice.path(s, element_type))
                out = out.when(st == self.types.index[s], v)
            return out

        return let(self.types.scalar_type(e), by_type)

    def _primitive(self, v: Expr, element_type: str, dim: int, target: Target, typed: bool = False,
                   scalar: Expr | None = None, converted: Expr | None = None) -> Expr:
        """``scalar``: a scalar's value already read as its type (a column: referred to as often as needed);
        ``converted``: that value already converted along the target's edges (a column too)."""
        edges = target.edges
        types = self.types

        def typed_leaf(e: Expr) -> Expr:
            # a scalar's own type is the route's; an array's leaves may be of any type below its element type
            # (unless ``typed``: the batch's storage says they are all of it)
            return types.value(e, element_type) if dim == 0 or typed else self._leaf(e, element_type)

        def leaf(e: Expr) -> Expr:
            if scalar is not None:
                if converted is not None:
                    return converted
                return types.convert(scalar, edges) if edges else scalar
            if not edges:
                # nothing to convert: no binding (a lambda per value keeps the expression out of code generation)
                return typed_leaf(e)
            return let(typed_leaf(e), lambda typed: types.convert(typed, edges))

        def ok(e: Expr) -> Expr:
            if scalar is not None:
                return scalar.isNull() | types.exact(scalar, edges)
            return let(typed_leaf(e), lambda typed: typed.isNull() | types.exact(typed, edges))

        def nested(x: Expr, d: int, fn) -> Expr:
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
                every = nested(v, dim, leaf)
                if dim == 0:
                    good = every.isNotNull()
                else:
                    good = F.forall(leaves, lambda e: types.is_null(e) | leaf(e).isNotNull())
                if target.guarded:
                    good = good & (ok(v) if dim == 0 else F.forall(leaves, lambda e: types.is_null(e) | ok(e)))
            value = F.when(good, value)
        return value
