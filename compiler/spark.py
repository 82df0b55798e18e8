"""The Spark compiler: a :class:`~widen.engine.planner.Plan` becomes one projection of Spark SQL expressions (:class:`~widen.compiler.sql.Expr`).

A partner walk over the plan's target schema: each column gathers the routes that target it; a value is
recognised by its shape (:func:`~widen.compiler.spark_types.shape_code`, the same shapes the planner saw), its
leaves converted along the rules' edges, wrapped into larger dimensions, and records rebuilt with ``struct`` (and
``transform`` for arrays of records). Columns come out in table order with exactly the table's types. No Python
UDF is involved; :func:`compile_plan` returns a function for ``df.transform``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Mapping

from pyspark.sql import DataFrame
from pyspark.sql import types as T

from widen.compiler.iceberg import primitive
from widen.compiler.sql import Expr
from widen.compiler.sql import F, identifier
from widen.compiler.spark_types import SparkTypes, as_array, as_map, inner_leaves, let, shape_code, spark_type
from widen.compiler.storage import Signatures, split_arrays
from widen.engine.conversions import family
from widen.engine.planner import ColumnPlan, LevelPlan, Plan, Target
from widen.engine.schema import Column as TableColumn
from widen.engine.shapes import Shape
from widen.rules.errors import InputError
from widen.rules.model import Rules

#: ``from_json``'s bound on a string's length lifted (Spark's JSON options default to Jackson's 20,000,000
#: characters, and a longer string made the whole record NULL, silently): a line's length is bounded instead
#: (widen/sources/long_lines.py), as it is for the observer's ``parse_json`` (widen.session)
FROM_JSON_OPTIONS = F.map(F.lit("maxStringLen"), F.lit(str(2**31 - 1)))

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


@dataclass(frozen=True)
class Native:
    """A field ``from_json`` reads as a Spark type instead of a VARIANT: its values' storage and its one shape agree,
    and its one target takes them as they are, so the typed value is the value the VARIANT route would write.
    ``children``: a record's fields read natively (the others are VARIANT inside the struct)."""

    sql: str
    children: Mapping[str, "Native"] = field(default_factory=dict)
    #: a record field that also held empty objects in the batch: read as VARIANT, its shape tested, and a record
    #: cast to ``sql`` (exact: its fields' storage agrees with their types)
    tested: bool = False

    @property
    def read(self) -> str:
        """The type ``from_json`` reads the field as."""
        return "VARIANT" if self.tested else self.sql


#: (Spark type, storage kinds) read natively at dimension 0: a long stored as BIGINT, a boolean, a double from a
#: fraction (never from a long: `json integer` may type it otherwise). A wider fraction (DECW) is typed double only
#: when that double's shortest text is the fraction's digits, so it is the one double nearest the text: the double
#: from_json reads.
_NATIVE_SCALARS = {
    "bigint": {"BIGINT"},
    "boolean": {"BOOLEAN"},
    "double": {"DEC15", "DECW", "DOUBLE"},
}


def _case_conflict(names) -> bool:
    lowered = [n.lower() for n in names]
    return len(set(lowered)) != len(lowered)


def struct_type(columns, rules: Rules) -> T.StructType:
    """The Spark type of a level's columns (a table's, or a record column's)."""
    return T.StructType([T.StructField(c.name, data_type(c, rules), True) for c in columns])


def data_type(col: TableColumn, rules: Rules) -> T.DataType:
    """The Spark type of a table column."""
    iceberg = {t.name: t.iceberg for t in rules.types}
    if col.foreign is not None:
        return foreign_type(col)
    if col.shape.is_record:
        inner: T.DataType = struct_type(col.children, rules)
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


#: the Iceberg primitive types Spark writes as themselves (a ``fixed``, a ``time``, a ``uuid``, a nanosecond
#: timestamp it cannot: it would write another type, which the commit refuses)
_WRITTEN_AS_THEMSELVES = frozenset({"boolean", "int", "long", "float", "double", "date", "string", "binary",
                                    "timestamp", "timestamptz"})


def foreign_type(col: TableColumn) -> T.DataType:
    """The Spark type of a column of a type the rules do not name (another engine's ``int``, ``binary``, ``uuid``),
    which a batch writes null: the type Widen reads it as (:func:`spark_schema`), so that its files
    hold the table's type. Raises :class:`~widen.rules.errors.InputError` for one that is not a primitive (a map) or that
    Spark does not write as itself (a uuid, a fixed, a time)."""
    from pyiceberg.io.pyarrow import schema_to_pyarrow
    from pyiceberg.schema import Schema
    from pyiceberg.types import NestedField
    from pyspark.sql.pandas.types import from_arrow_schema

    try:
        kind = primitive(col.foreign)
    except ValueError:
        kind = None
    if kind is None or (str(kind) not in _WRITTEN_AS_THEMSELVES and not str(kind).startswith("decimal")):
        raise InputError(f"column {col.name!r} is of Iceberg type {col.foreign}, which no type of the rules names and "
                         "Widen cannot write yet, not even as null: write this table with another engine, or drop or "
                         "rename that column")
    arrow = schema_to_pyarrow(Schema(NestedField(1, col.name, kind, required=False)), include_field_ids=False)
    return from_arrow_schema(arrow, prefer_timestamp_ntz=True)[0].dataType


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
        if self.storage is None or _case_conflict(fields):
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
                if _case_conflict(child_fields):
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
            elif dim == 0 and kinds and kinds <= _NATIVE_SCALARS.get(spark, set()):
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
        kinds = {f: self._field_kinds(level, f) for f in fields} if not _case_conflict(fields) else {}
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
            typed = self._typed_scalars(level, fields, values, shapes, native or {}, reused=True)
            if not typed:
                return columns({}, {})

            def with_scalars(ts: Expr) -> Expr:
                scalars = {key: ts[name] for key, (name, _) in typed.items()}
                converted = self._converted_scalars(level, incoming, scalars, shapes)
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
        if text is not None and self.storage is not None and fields and not _case_conflict(fields):
            schema = ", ".join(f"{identifier(f)}: {native[f].read if f in native else 'VARIANT'}" for f in fields)
            first = [F.from_json(text, f"STRUCT<{schema}>", FROM_JSON_OPTIONS).alias("__j")]
            values = [F.col("__j")[f].alias(f"__v{i}") for i, f in enumerate(fields)]
        else:
            first = [as_map(record).alias("__m")]
            values = [F.element_at(F.col("__m"), F.lit(f)).alias(f"__v{i}") for i, f in enumerate(fields)]
        shaped = [f for f in fields if f not in native or native[f].tested]
        typed = self._typed_scalars(root, fields, v, sh, native)
        scalars = {key: F.col(name) for key, (name, _) in typed.items()}
        converted = self._converted_scalars(root, incoming, scalars, sh)
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

    def _converted_scalars(self, root: LevelPlan, incoming: dict, scalars: dict,
                           sh: dict) -> dict[tuple, tuple[str, Expr]]:
        """(field, shape, edges) -> (column name, the typed scalar converted along those edges), for each conversion
        a typed scalar (:meth:`_typed_scalars`) takes on its way into a column: computed once per row, not once to
        test it and once to write it, in each column that takes it (a timestamp formatted as text for a string
        column and again for an array of strings)."""
        out: dict[tuple, tuple[str, Expr]] = {}
        for cp in root.columns:
            for route, target in incoming.get(cp.column.name, []):
                scalar = scalars.get((route.field, str(route.shape)))
                key = (route.field, str(route.shape), tuple(target.edges))
                if scalar is None or not target.edges or key in out:
                    continue
                # only in rows of that shape, as in the column (a conversion of a null can still cost)
                out[key] = (f"__c{len(out)}", F.when(sh[route.field] == str(route.shape),
                                                     self.types.convert(scalar, target.edges)))
        return out

    def _typed_scalars(self, root: LevelPlan, fields: list[str], v: dict, sh: dict,
                       native: dict, reused: bool = False) -> dict[tuple[str, str], tuple[str, Expr]]:
        """(field, shape) -> (column name, its value as its type) for each scalar shape of a field of ``root`` read as
        VARIANT: the value is read (a date or timestamp parsed from its text) once per row, in its own projection,
        not once in every column the value is routed into (a drifting field's timestamp goes to the timestamp,
        long, double and string columns, each of which would parse it again, twice). ``reused``: only the shapes
        whose value is read more than once (more than one target, or one that converts or tests it)."""
        out: dict[tuple[str, str], tuple[str, Expr]] = {}
        for r in root.routes:
            f = r.field
            if (f in native and not native[f].tested) or r.shape.is_record or r.shape.dim or not r.targets:
                continue
            if reused and len(r.targets) == 1 and not (r.targets[0].edges or r.targets[0].guarded
                                                        or not r.targets[0].lossless):
                continue
            name = f"__t{fields.index(f)}_{len(out)}"
            out[(f, str(r.shape))] = (name, F.when(sh[f] == str(r.shape), self.types.value(v[f], r.shape.type)))
        return out

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


class CompiledPlan:
    """A plan compiled for Spark: call it on a DataFrame (``df.transform(compiled)``) with a ``record`` VARIANT
    column (or a ``value`` column of JSON text). The SQL of each input kind is built once, on first use."""

    def __init__(self, plan: Plan, rules: Rules, exhaustive: bool,
                 storage: Mapping[tuple, frozenset[str]] | None = None):
        self.plan = plan
        self.compiler = SparkCompiler(rules, exhaustive, storage)
        self._stages: dict[str, list[list[tuple[str, str]]]] = {}
        #: columns of the input each projection carries through beside the table's (a keyed write's lines)
        self.carry: tuple[str, ...] = ()

    def stages(self, source: str) -> list[list[tuple[str, str]]]:
        """(name, SQL) of each projection, from the ``record`` or the ``value`` column."""
        if source not in self._stages:
            if source == "record":
                record, text = F.col("record"), None
            else:
                record, text = F.try_parse_json(F.col("value")), F.col("value")
            self._stages[source] = [[(e.name, e.sql) for e in stage]
                                    for stage in self.compiler.stages(self.plan.root, record, text)]
        return self._stages[source]

    def source(self, columns) -> str:
        """The input column the projection reads: the JSON text when there is one and the batch's storage is
        known (fields read by ``from_json``), else the VARIANT ``record`` when there is one."""
        if "value" in columns and (self.compiler.storage is not None or "record" not in columns):
            return "value"
        return "record"

    @property
    def key(self) -> str:
        """What the files written from a batch depend on: two plans with the same key write the same files."""
        source = "value" if self.compiler.storage is not None else "record"
        return "\n".join(f"{name}={text}" for stage in self.stages(source) for name, text in stage)

    def __call__(self, df: DataFrame) -> DataFrame:
        from pyspark.sql import functions as PF

        for stage in self.stages(self.source(df.columns)):
            df = df.select(*[PF.expr(text).alias(name) for name, text in stage], *self.carry)
        return df


def compile_plan(plan: Plan, rules: Rules, *, exhaustive: bool = True,
                 storage: Mapping[tuple, frozenset[str]] | None = None) -> CompiledPlan:
    """The plan as a DataFrame transform: from a ``record`` VARIANT column (or a ``value`` column of JSON text) to
    the table's columns, in order, with the table's types. ``exhaustive`` (the default): the transform is applied
    to the batch the plan observed, so fields seen with one shape skip the shape test; pass False to apply a plan
    to other data (values of shapes the plan did not observe are then written nowhere, never miscast).
    ``storage``: the Spark observer's ``Observations.storage`` of that batch (with ``exhaustive``): fields whose
    storage and shape agree are then read from the ``value`` text by ``from_json`` as Spark types, and a field whose
    every storage kind decides its shape is shaped by its storage alone: applied to other data, a value of a storage
    that batch did not hold fails the job (naming the field), never goes nowhere.

    >>> # df.transform(compile_plan(plan, rules)).write.parquet(...)
    """
    return CompiledPlan(plan, rules, exhaustive, storage)


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


def spark_schema(schema):
    """The Spark read schema of an Iceberg schema (Iceberg ``timestamp`` is Spark's TIMESTAMP_NTZ, ``timestamptz``
    its TIMESTAMP)."""
    from pyiceberg.io.pyarrow import schema_to_pyarrow
    from pyspark.sql.pandas.types import from_arrow_schema

    return from_arrow_schema(schema_to_pyarrow(schema, include_field_ids=False), prefer_timestamp_ntz=True)
