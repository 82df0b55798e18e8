"""The Spark observer: the same :class:`~widen.engine.observe.Observations` as the Python observer, computed in
Spark. Only aggregates reach the driver (one row per path and shape), never records.

Records are walked level by level: the fields of one level are exploded from the records' VARIANT objects
(cast to ``map<string, variant>``, so any name works), each value gets its shape (:func:`shape_code`), the shapes
are counted per path, and the records found in record-shaped values become the next level.
"""

from __future__ import annotations

from collections import defaultdict

from pyspark.sql import DataFrame
from pyspark.sql import functions as F

from widen.compiler import sql
from widen.compiler.spark_types import SparkTypes, as_array, as_map, inexact_number, nesting_depth, shape_code
from widen.engine.values import MAX_NESTING
from widen.engine.observe import FieldObservation, LevelObservation, Observations, Rescued, Seen
from widen.engine.shapes import Shape
from widen.rules.model import Rules


def _col(expr: sql.Expr):
    """A compiled SQL expression as a PySpark Column."""
    return F.expr(expr.sql)


def parse_shape(code: str) -> Shape:
    base = code.split("[", 1)[0]
    dim = code.count("[]")
    return Shape(None if base == "record" else base, dim)


class SparkObserver:
    """Observes a DataFrame whose ``record`` column holds each line's VARIANT object."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.types = SparkTypes(rules)
        self.lattice = rules.lattice

    def _exact_bits(self, x: sql.Expr, dim: sql.Expr, depth: int) -> sql.Expr:
        """Bits of the types every leaf of a value of dimension ``dim`` converts into exactly."""
        S = sql.F
        everything = (1 << len(self.types.types)) - 1
        out = S.when(dim == 0, self.types._exact_mask(x))
        leaves = as_array(x)
        for k in range(1, depth + 1):
            if k > 1:
                leaves = S.flatten(S.transform(leaves, lambda e: as_array(e)))
            bits = S.aggregate(leaves, S.lit(everything), lambda acc, e: acc.bitwiseAND(self.types._exact_mask(e)))
            out = out.when(dim == k, bits)
        return out

    def observe(self, records: DataFrame, count: int | None = None) -> tuple[LevelObservation, int]:
        """(the observation tree, the number of fields with an empty name dropped)."""
        frame = records.select(
            F.array().cast("array<string>").alias("path"),
            F.array().cast("array<int>").alias("rdims"),
            F.col("record").alias("x"),
            F.lit(0).alias("d"),
        )
        rows: list = []
        cached: list[DataFrame] = []
        empty_names = 0
        level = 0
        while True:
            fields = self._explode(frame)
            bound = fields.select(
                F.max(F.size(F.split(F.schema_of_variant(F.col("x")), "ARRAY<")) - 1).alias("b"),
                F.sum(F.when(F.col("k") == "", 1).otherwise(0)).alias("empty"),
            ).first()
            if bound is None or bound["b"] is None:
                break
            empty_names += int(bound["empty"] or 0)
            depth = max(int(bound["b"]), 0)
            fields = fields.filter(F.col("k") != "")
            shaped = fields.select(
                F.concat(F.col("path"), F.array(F.col("k"))).alias("path"),
                F.col("rdims"),
                F.col("x"),
                _col(shape_code(self.types, sql.F.col("x"), depth)).alias("shape"),
            )
            dim = sql.F.size(sql.F.split(sql.F.col("shape"), r"\[\]")) - 1
            # exactness matters only for types with a `where exact` edge above them (long -> double): only their
            # values pay for the check
            guarded = sorted(t for t in self.lattice.types
                             if any(u != t and self.lattice.guarded(t, u) for u in self.lattice.upper_bounds(t)))
            base = F.regexp_replace(F.col("shape"), r"(\[\])+$", "")
            prim = base.isin(*guarded) if guarded else F.lit(False)
            bits = F.when(prim, _col(self._exact_bits(sql.F.col("x"), dim, depth)))
            shaped = shaped.withColumn("bits", bits).cache()
            cached.append(shaped)
            agg = shaped.groupBy("path", "rdims", "shape").agg(
                F.count(F.lit(1)).alias("n"), F.bit_and("bits").alias("bits")
            ).collect()
            rows.extend(agg)
            if not any(r["shape"].startswith("record") for r in agg):
                break
            frame = self._children(shaped.filter(F.col("shape").startswith("record")), depth)
            level += 1
        for frame_cache in cached:
            frame_cache.unpersist()
        return self._tree(rows), empty_names

    def _explode(self, frame: DataFrame) -> DataFrame:
        return frame.select(
            "path",
            F.when(F.size(F.col("path")) == 0, F.col("rdims")).otherwise(F.concat(F.col("rdims"), F.array(F.col("d"))))
            .alias("rdims"),
            F.explode(_col(as_map(sql.F.col("x")))).alias("k", "x"),
        )

    def _children(self, shaped: DataFrame, depth: int) -> DataFrame:
        S = sql.F
        d = S.size(S.split(S.col("shape"), r"\[\]")) - 1
        elements = None
        arr = as_array(S.col("x"))
        for dim in range(1, depth + 1):
            flat = arr
            for _ in range(dim - 1):
                flat = S.flatten(S.transform(flat, lambda e: as_array(e)))
            elements = S.when(d == dim, flat) if elements is None else elements.when(d == dim, flat)
        objects = S.when(d == 0, S.array(S.col("x")))
        if elements is not None:
            objects = objects.otherwise(elements)
        out = shaped.select("path", "rdims", _col(d).alias("d"), F.explode(_col(objects)).alias("x"))
        return out.filter(_col(self.types.json_kind(S.col("x")) == "object"))

    def _tree(self, rows) -> LevelObservation:
        by_parent: dict[tuple, dict[str, dict]] = defaultdict(dict)
        for r in rows:
            path, rdims = tuple(r["path"]), tuple(r["rdims"])
            parent = (path[:-1], rdims)
            acc = by_parent[parent].setdefault(path[-1], {"shapes": {}, "nulls": 0, "empties": 0})
            code = r["shape"]
            if code == "null":
                acc["nulls"] += r["n"]
            elif code == "empty":
                acc["empties"] += r["n"]
            else:
                shape = parse_shape(code)
                acc["shapes"][shape] = Seen(r["n"], self._inexact(shape, r["bits"]))
        return self._level(by_parent, (), ())

    def _inexact(self, shape: Shape, bits) -> frozenset[str]:
        if shape.is_record or bits is None:
            return frozenset()
        index = self.types.index
        return frozenset(
            u for u in self.lattice.upper_bounds(shape.type)
            if u != shape.type and self.lattice.guarded(shape.type, u) and not (bits >> index[u]) & 1
        )

    def _level(self, by_parent, path: tuple, rdims: tuple) -> LevelObservation:
        fields = []
        for name, acc in sorted(by_parent.get((path, rdims), {}).items()):
            here = path + (name,)
            children = []
            for shape in acc["shapes"]:
                if shape.is_record:
                    inner = self._level(by_parent, here, rdims + (shape.dim,))
                    children.append((shape.dim, inner))
            shapes = tuple(sorted(acc["shapes"].items(), key=lambda kv: kv[0].sort_key()))
            fields.append(FieldObservation(name, shapes, tuple(sorted(children)), acc["nulls"], acc["empties"]))
        return LevelObservation(tuple(fields))


def _json_type(kind):
    return (
        F.when(kind.startswith("ARRAY"), F.lit("array"))
        .when(kind == "STRING", F.lit("string"))
        .when(kind == "BOOLEAN", F.lit("boolean"))
        .when(kind == "VOID", F.lit("null"))
        .otherwise(F.lit("number"))
    )


def parse_records(lines: DataFrame) -> DataFrame:
    """Lines (``value``, ``source``, ``line``) -> the same with ``record`` (a VARIANT object, or null) and
    ``reason`` (why a line is not a record)."""
    text = F.when(F.col("line") == 1, F.regexp_replace(F.col("value"), "^\ufeff", "")).otherwise(F.col("value"))
    parsed = lines.withColumn("value", text).withColumn("record", F.try_parse_json(F.col("value")))
    kind = F.schema_of_variant(F.col("record"))
    inexact = _col(inexact_number(sql.F.col("value")))
    depth = _col(nesting_depth(sql.F.col("value")))
    reason = (
        F.when(~F.is_valid_utf8(F.col("value")), F.lit("not valid UTF-8"))
        .when(F.col("record").isNull(), F.lit("not valid JSON"))
        .when(~kind.startswith("OBJECT<"), F.concat(F.lit("a JSON "), _json_type(kind), F.lit(" is not an object")))
        # each level of nesting puts a '<' in the schema: only records with enough of them are measured
        .when((F.length(kind) - F.length(F.replace(kind, F.lit("<"), F.lit(""))) >= MAX_NESTING)
              & (depth > MAX_NESTING),
              F.concat(F.lit("nested "), depth.cast("string"), F.lit(f" levels deep, more than {MAX_NESTING}")))
        # VARIANT keeps such a number as a different double: the record is kept whole, as text, rather than changed
        # (only records whose VARIANT holds a double somewhere, or a mixed array that may, are looked at)
        .when((kind.contains("DOUBLE") | kind.contains("VARIANT")) & inexact.isNotNull(),
              F.concat(F.lit("a number VARIANT cannot hold exactly: "), inexact))
    )
    return parsed.withColumn("reason", reason)


RESCUED_EXAMPLES = 1000


def observe_dataframe(lines: DataFrame, rules: Rules) -> tuple[Observations, DataFrame]:
    """Observe a batch of lines in Spark: (observations, the parsed lines, cached: ``record`` and ``reason``;
    ``reason`` is null for records). Rescued lines are counted in Spark; at most :data:`RESCUED_EXAMPLES` of them
    reach the driver as examples (all are written by the caller from the returned frame). The caller unpersists
    the frame."""
    parsed = parse_records(lines.filter(F.trim(F.col("value")) != "")).cache()
    good = parsed.filter(F.col("reason").isNull())
    bad = parsed.filter(F.col("reason").isNotNull())
    counts = parsed.select(
        F.count(F.lit(1)).alias("all"), F.count(F.col("reason")).alias("bad")
    ).first()
    examples = bad.orderBy("source", "line").select("source", "line", "reason", "value").limit(RESCUED_EXAMPLES)
    rescued = tuple(Rescued(r["source"], r["line"], r["reason"], r["value"]) for r in examples.collect())
    level, empty_names = SparkObserver(rules).observe(good)
    total = counts["all"] - counts["bad"]
    return Observations(level, total, empty_names, rescued, counts["bad"] - len(rescued)), parsed
