"""The Spark observer: the same :class:`~widen.engine.observe.Observations` as the Python observer, computed in
Spark. Only aggregates reach the driver (one row per path and shape), never records.

Records are walked in two jobs: the fields of the lines' records are exploded from their VARIANT objects (cast to
``map<string, variant>``, so any name works), each value gets its shape, and the shapes are counted per path; the
records found in record-shaped values are the second job's, which observes their fields and every level below
them at once (:meth:`SparkObserver._descendants`). However deep records nest, a batch costs two such jobs (each
job's fixed cost is what a small batch pays most: one job per level was most of a small batch's first run,
docs/performance.md), plus one over the few values no signature decides, and a parse and first job again for a batch whose
first signatures ask for the per-line checks (:class:`NeedsChecks`).
"""

from __future__ import annotations

import os
import sys
import time
from collections import defaultdict
from dataclasses import dataclass, field

from pyspark.sql import DataFrame
from pyspark.sql import functions as F

from widen.compiler import sql
from widen.compiler.storage import Signatures, storage_kind
from widen.compiler.spark_parse import NeedsChecks, needs_checks, parse_records, spark_column  # noqa: F401
from widen.compiler.spark_exprs import as_array, as_map, inner_leaves, let, variant_field
from widen.compiler.spark_types import SparkTypes, shape_code
from widen.engine.conversions import family
from widen.engine.typer import Typer
from widen.engine.values import MAX_NESTING
from widen.engine.observe import FieldObservation, LevelObservation, Seen
from widen.engine.shapes import Shape, parse_shape
from widen.rules.model import Rules


def _debug(message: str) -> None:
    if os.environ.get("WIDEN_OBSERVE_DEBUG"):
        print(f"[observe] {message}", file=sys.stderr, flush=True)


#: longs below this in magnitude (at most 15 digits) are below 2^53: every ``where exact`` edge of the default
#: lattice takes them (checked per rules in SparkObserver: ``small_longs_exact``)
_SMALL = 10**15


def _leaves(x: sql.Expr, dim: sql.Expr) -> sql.Expr:
    """The leaves of an array VARIANT of dimension ``dim`` (1 to MAX_NESTING; else null): ``as_array``, then
    ``inner_leaves`` dim - 1 times."""
    S = sql.F
    return S.when((dim >= S.lit(1)) & (dim <= S.lit(MAX_NESTING)), S.aggregate(
        S.array_repeat(S.lit(0), dim - 1), as_array(x), lambda acc, _: inner_leaves(acc)))


def _nested(dim: sql.Expr, inner: str) -> sql.Expr:
    """``ARRAY<`` * dim + inner + ``>`` * dim."""
    S = sql.F
    return S.concat(S.repeat(S.lit("ARRAY<"), dim), S.lit(inner), S.repeat(S.lit(">"), dim))


def _array_dim(sig: sql.Expr) -> sql.Expr:
    """How many arrays a signature opens before its element (``ARRAY<`` is 6 characters)."""
    return (sql.F.length(sql.F.regexp_extract(sig, r"^((ARRAY<)*)", 1)) / 6).cast("int")


def _records(x: sql.Expr, dim: sql.Expr) -> sql.Expr:
    """The records a record-shaped value of array dimension ``dim`` holds: the value itself, or its leaves that
    are not nulls."""
    S = sql.F
    return S.when(dim == 0, S.array(x)).otherwise(S.filter(_leaves(x, dim), lambda e: ~S.is_variant_null(e)))


@dataclass
class _Level:
    """What one level's aggregate leaves to do: signatures to decide value by value (and their deepest array), the
    empty objects and record names of the next level, the deepest array of records, fields with an empty name."""

    ambiguous: set = field(default_factory=set)
    depth: int = 0
    empty_objects: set = field(default_factory=set)
    record_names: set = field(default_factory=set)
    records_dim: int = -1
    empty_names: int = 0


class SparkObserver:
    """Observes a DataFrame whose ``record`` column holds each line's VARIANT object (and ``value``, its text,
    when there is one).

    The fields of the records (the lines', then in a second job every level below) are exploded and each value's
    storage signature (``schema_of_variant``, decimals normalised by
    :func:`~widen.compiler.storage.normal_signature`) is taken; the signature alone decides most shapes (on the
    driver, from a few aggregated rows). Only what it cannot decide is looked at value by value: strings (dates
    and timestamps, one detector pass, in the same job), longs of 16 digits or more (exactness along ``where
    exact`` edges), and the rare signatures the static rules do not cover (wide decimals, arrays of fractions,
    mixed arrays), which get the full :func:`shape_code` in a job of their own over just those values."""

    #: at most this many names of first-level fields holding records are read by name for the second job; more
    #: (records used as maps, each with its own keys) and it explodes every field and keeps those names
    PICKED = 16

    def __init__(self, rules: Rules):
        self.rules = rules
        self.types = SparkTypes(rules)
        self.lattice = rules.lattice
        self.typer = Typer(rules)
        #: what each signature decides (pure: the compiler asks the same)
        self.signatures = sig = Signatures(rules)
        self.guarded, self.static, self.small_longs_exact = sig.guarded, sig.static, sig.small_longs_exact
        self.strings_static, self.string_guarded = sig.strings_static, sig.string_guarded
        self.string_guarded_mask = sig.string_guarded_mask
        #: (path, rdims) -> the storage kinds (:func:`storage_kind`) of its values, filled by :meth:`observe`
        self.storage: dict[tuple, set[str]] = defaultdict(set)

    def decide(self, raw: str, cls) -> "str | Shape | None":
        """What a signature (and first-job class) decides: :meth:`widen.compiler.storage.Signatures.decide`."""
        return self.signatures.decide(raw, cls)

    # --- the jobs -----------------------------------------------------------------------------------------------
    def observe(self, records: DataFrame, count: int | None = None,
                unchecked: bool = False) -> tuple[LevelObservation, int]:
        """(the observation tree, the number of fields with an empty name dropped). The first level's job also
        counts the lines (:attr:`lines`) and, with a ``reason`` column, those that are not records (a reason that
        is not null: :attr:`rescued_lines`, not walked). ``unchecked``: the records were parsed without the
        per-line checks (``parse_records(checked=False)``); raises :class:`NeedsChecks` when a signature of the
        first level says some line needs them."""
        good = F.col("reason").isNull() if "reason" in records.columns else F.lit(True)
        frame = records.select(
            F.array().cast("array<string>").alias("path"),
            F.array().cast("array<int>").alias("rdims"),
            F.lit(0).alias("d"),
            F.col("record").alias("x"),
            good.alias("good"),
        )
        rows: list = []
        empty_names = 0
        self.lines = self.rescued_lines = 0
        first, deeper = True, False
        while frame is not None:
            _t = time.perf_counter()
            fields = self._explode(frame, lines=first, descend=deeper)
            _debug(f"level plan: {time.perf_counter() - _t:.2f}s")
            _t = time.perf_counter()
            aggregates = [F.count(F.lit(1)).alias("n"), F.bit_and("bits").alias("bits")]
            if first:
                aggregates.append(F.count_if(F.col("first")).alias("lines"))
            agg = fields.groupBy("path", "rdims", "sig", "cls").agg(*aggregates).collect()
            _debug(f"level job: {time.perf_counter() - _t:.2f}s, {len(agg)} groups")
            if first and unchecked:
                needing = sorted({r["sig"] for r in agg if r["path"] is not None and needs_checks(r["sig"])})
                if needing:
                    raise NeedsChecks(needing)
            level = self._take(agg, first, rows)
            empty_names += level.empty_names
            if level.ambiguous:
                _t = time.perf_counter()
                which = sorted(level.ambiguous, key=lambda a: (a[0], -1 if a[1] is None else a[1]))
                rows.extend(self._value_by_value(fields.filter(F.col("path").isNotNull()), which, level.depth))
                _debug(f"value-by-value job: {time.perf_counter() - _t:.2f}s, {which}")
            # the second job observes every level below the first (:meth:`_explode`), and walks records below its
            # own only when a first-level signature may hold records inside records: an OBJECT inside the outer
            # one, or a VARIANT (an array's elements merged: a record in one, something else in another)
            deeper = any(r["path"] is not None and (r["sig"].count("OBJECT<") > 1 or "VARIANT" in r["sig"])
                         for r in agg)
            frame = (self._children(frame, level.empty_objects, level.record_names)
                     if first and level.records_dim >= 0 else None)
            first = False
        return self._tree(rows), empty_names

    def _take(self, agg, first: bool, rows: list) -> "_Level":
        """Read one level's aggregate rows: those a signature decides go to ``rows``; the others, the records found
        (the next level's) and the fields with an empty name are in the returned :class:`_Level`."""
        level = _Level()
        for r in agg:
            if first:
                self.lines += r["lines"]
                if r["path"] is None and r["sig"] == "rescued":
                    self.rescued_lines += r["lines"]
            if r["path"] is None:  # a line that is rescued or whose record has no field
                continue
            if r["path"][-1] == "":
                level.empty_names += r["n"]
                continue
            self.storage[(tuple(r["path"]), tuple(r["rdims"]))].add(storage_kind(r["sig"], r["cls"]))
            decided = self.decide(r["sig"], r["cls"])
            if decided is None:
                level.ambiguous.add((r["sig"], r["cls"]))
                level.depth = max(level.depth, r["sig"].count("ARRAY<"))
                continue
            if decided == "empty" and r["sig"].startswith("OBJECT<"):
                level.empty_objects.add(r["sig"])
            code = decided if isinstance(decided, str) else str(decided)
            rows.append((tuple(r["path"]), tuple(r["rdims"]), code, r["n"], r["bits"]))
            if isinstance(decided, Shape) and decided.is_record:
                level.records_dim = max(level.records_dim, decided.dim)
                level.record_names.add(r["path"][-1])
        return level

    def _explode(self, frame: DataFrame, lines: bool = False, descend: bool = False) -> DataFrame:
        """One row per field of the level's records: path, rdims, x (the value), sig (its normal storage),
        cls (for strings and wide decimals, the type index; for arrays of strings, the bits of their leaves' types)
        and bits (for longs and arrays of longs that may hold one beyond 2^53, their exactness bits). With
        ``descend`` (not with ``lines``), also one row per field of every record below them (:meth:`_descendants`).

        With ``lines`` (the records of the lines, with ``good``: whether the line holds a record), also ``first``:
        whether the row is its line's first; a line that is not a record (``good`` false) or whose record has no
        field gives one row with a null path and sig ``rescued`` or ``record``."""
        S = sql.F
        rdims = F.when(F.size(F.col("path")) == 0, F.col("rdims")).otherwise(
            F.concat(F.col("rdims"), F.array(F.col("d"))))
        if lines:
            exploded = frame.select(
                "path", rdims.alias("rdims"),
                F.posexplode_outer(F.when(F.col("good"), spark_column(as_map(sql.F.col("x"))))).alias("pos", "k", "x"),
                "good",
            )
            field = F.col("k").isNotNull()
            signed = exploded.select(
                F.when(field, F.concat(F.col("path"), F.array(F.col("k")))).alias("path"),
                F.when(field, F.col("rdims")).alias("rdims"), "x",
                F.when(field, F.schema_of_variant(F.col("x"))).when(F.col("good"), F.lit("record"))
                .otherwise(F.lit("rescued")).alias("sig"),
                F.coalesce(F.col("pos") == 0, F.lit(True)).alias("first"),
            )
        else:
            exploded = frame.select(
                "path", rdims.alias("rdims"), F.explode(spark_column(as_map(sql.F.col("x")))).alias("k", "x"))
            signed = exploded.select(
                F.concat(F.col("path"), F.array(F.col("k"))).alias("path"), "rdims", "x",
                F.schema_of_variant(F.col("x")).alias("sig"), F.lit(False).alias("first"),
            )
        if descend:  # the fields of the records these fields hold, at every level below, in the same job
            item = S.struct(S.col("path").alias("path"), S.col("rdims").alias("rdims"), S.col("x").alias("x"),
                            S.col("sig").alias("sig"), S.col("first").alias("first"))
            items = S.when(self._walked(S.col("path"), S.col("x"), S.col("sig")),
                           self._descendants(S.array(item))).otherwise(S.array(item))
            signed = signed.select(F.inline(spark_column(items)))
        # a string's text once (Spark does not merge this projection into the next, which uses it often)
        signed = signed.withColumn(
            "s", F.when(F.col("sig") == "STRING", F.expr("try_variant_get(x, '$', 'string')")))
        x, sig = S.col("x"), S.col("sig")
        # the class in its own projection: the bits of a string read it (and must not type the string again)
        classed = signed.select("path", "rdims", "x", "sig", "s", spark_column(self._cls(x, sig, S.col("s"))).alias("cls"),
                                "first")
        bits = self._bits(x, sig, S.col("cls"), S.col("s"))
        return classed.select("path", "rdims", "x", "sig", "cls", spark_column(bits).alias("bits"), "first")

    @staticmethod
    def _walked(path: sql.Expr, x: sql.Expr, sig: sql.Expr) -> sql.Expr:
        """Whether a field's value holds records whose fields are observed too: an object with a field of a
        name (not only ``""``), or an array of objects (any dimension); not under a field with an empty name (that
        field is dropped)."""
        S = sql.F
        records = (S.when(sig.startswith("OBJECT<"), S.exists(S.map_keys(as_map(x)), lambda k: k != S.lit("")))
                   .when(sig.startswith("ARRAY<"), sig.rlike(r"^(ARRAY<)+OBJECT<"))
                   .otherwise(S.lit(False)))
        return S.when(S.element_at(path, -1) != S.lit(""), records).otherwise(S.lit(False))

    def _descendants(self, items: sql.Expr) -> sql.Expr:
        """``items`` (fields, as structs of path, rdims, x, sig, first) and, after them, the fields of the records
        they hold, level by level down to MAX_NESTING: one ``aggregate`` whose state is every field so far and the
        last level's (a fixed number of steps: one expression, however deep the records go)."""
        S = sql.F

        def step(acc: sql.Expr, _) -> sql.Expr:
            below = S.flatten(S.filter(S.transform(
                S.filter(acc["frontier"], lambda i: self._walked(i["path"], i["x"], i["sig"])), self._fields_of),
                lambda a: a.isNotNull()))
            return let(below, lambda b: S.struct(S.concat(acc["all"], b).alias("all"), b.alias("frontier")))

        return S.aggregate(S.array_repeat(S.lit(0), S.lit(MAX_NESTING - 1)),
                           S.struct(items.alias("all"), items.alias("frontier")), step, lambda acc: acc["all"])

    @staticmethod
    def _fields_of(item: sql.Expr) -> sql.Expr:
        """The fields of the records a field's value holds (the value itself, or the leaves of its array of
        objects), as structs of path, rdims (the field's, and its array's dimension), x, sig and first (false)."""
        S = sql.F
        path, rdims, x = item["path"], item["rdims"], item["x"]

        def fields(d: sql.Expr) -> sql.Expr:
            records = _records(x, d)

            def entry(e: sql.Expr) -> sql.Expr:
                return S.struct(
                    S.concat(path, S.array(e["key"])).alias("path"), S.concat(rdims, S.array(d)).alias("rdims"),
                    e["value"].alias("x"), S.schema_of_variant(e["value"]).alias("sig"), S.lit(False).alias("first"))

            return S.flatten(S.filter(S.transform(records, lambda r: S.transform(S.map_entries(as_map(r)), entry)),
                                      lambda a: a.isNotNull()))

        return let(_array_dim(item["sig"]), fields)

    def _cls(self, x: sql.Expr, sig: sql.Expr, s: sql.Expr) -> sql.Expr:
        """For strings and wide decimals, the type index; for arrays of strings, the bits of their leaves' types;
        else null."""
        S = sql.F
        cls = S.when(sig == "STRING", self.types.string_type(s))
        # ARRAY<...STRING>: 6 characters, and 7 more per dimension
        dim = ((S.length(sig) - 6) / 7).cast("int")
        mask = S.aggregate(
            _leaves(x, dim), S.lit(0),
            lambda acc, e: acc.bitwiseOR(S.coalesce(S.shiftleft(S.lit(1), self.types.string_type(
                S.try_variant_get(e, "$", "string"))), S.lit(0))),
        )
        cls = cls.when(sig.startswith("ARRAY<") & (sig == _nested(dim, "STRING")), mask)
        wide = sig.startswith("DECIMAL(") & ~sig.rlike(r"^DECIMAL\((?:[1-9]|1[0-5]),")
        return cls.when(wide, self.types.scalar_type(x))

    def _bits(self, x: sql.Expr, sig: sql.Expr, cls: sql.Expr, text: sql.Expr) -> sql.Expr:
        """For longs and arrays of longs that may hold one beyond 2^53, and for strings typed as a type with a
        guarded edge above it (a date or a timestamp under the default rules), their exactness bits; else null (the
        others are exact along every guarded edge: small_longs_exact). A long of at most 15 digits (below 10^15, so below
        2^53) needs no bits: a cheap comparison per value settles almost every long (a regular expression over the
        whole line, looking for 16 digits in a row, cost more than all the bits together)."""
        S = sql.F
        strings = None
        for t in self.string_guarded:  # a single string typed as a guarded type: its bits, by its class
            branch = self._typed_bits(x, t)
            if self._years_settle(t):
                # a date or timestamp of years 1700 to 2199 is within 2^53 microseconds of the epoch: exact along
                # every guarded edge of these rules without parsing it (the text starts with its year)
                year = S.substr(text, S.lit(1), S.lit(4))
                branch = S.when((year >= S.lit("1700")) & (year <= S.lit("2199")), S.lit(self._everything)) \
                    .otherwise(branch)
            k = S.lit(self.types.index[t])
            strings = S.when(cls == k, branch) if strings is None else strings.when(cls == k, branch)
        if not self.small_longs_exact:
            none = S.lit(None).cast("int")
            return none if strings is None else S.when(sig == "STRING", strings)
        dim = ((S.length(sig) - 6) / 7).cast("int")
        arrays = S.aggregate(_leaves(x, dim), S.lit(self._everything),
                             lambda acc, e: acc.bitwiseAND(self._long_bits(e)))

        def big(v: sql.Expr) -> sql.Expr:
            return (v >= S.lit(_SMALL)) | (v <= S.lit(-_SMALL))

        # each test sits in the branch of its signature: in a condition Spark would evaluate it on every row
        # (a common subexpression is computed before the CASE), and reading a string as a bigint costs microseconds
        flat = let(S.try_variant_get(x, "$", "array<bigint>"),
                   lambda a: S.coalesce(big(S.array_max(a)) | big(S.array_min(a)), S.lit(False)))
        out = (S.when(sig == "BIGINT", S.when(big(S.try_variant_get(x, "$", "bigint")), self._long_bits(x)))
               .when(sig == "ARRAY<BIGINT>", S.when(flat, arrays))
               .when(sig.startswith("ARRAY<ARRAY<") & (sig == _nested(dim, "BIGINT")), arrays))
        return out if strings is None else out.when(sig == "STRING", strings)

    @property
    def _everything(self) -> int:
        return (1 << len(self.types.types)) - 1

    def _long_bits(self, e: sql.Expr) -> sql.Expr:
        """The exactness bits of a VARIANT that holds a BIGINT (or null: every bit), as ``exact_mask`` gives
        them for a value typed as the static long type."""
        return self._typed_bits(e, self.static["BIGINT"])

    def _years_settle(self, t: str) -> bool:
        """Every guarded path from the date or timestamp type ``t`` is edges that keep every value
        (:meth:`SparkTypes.always_exact`) then casts of a long into a double, exact below 2^53 in magnitude: then a
        value's year alone says it is exact (1700 to 2199 lies within 2^53 microseconds of 1970)."""
        if family(self.types.iceberg[t]) not in ("date", "timestamp"):
            return False
        for u in self.lattice.upper_bounds(t):
            if u == t or not self.lattice.guarded(t, u):
                continue
            edges = list(self.lattice.path(t, u))
            while edges and self.types.always_exact(edges[0]):
                edges.pop(0)
            for e in edges:  # every edge past them (guarded or not) a long cast into a double
                if not (e.via == "cast" and self.types.iceberg[e.source] == "long"
                        and self.types.iceberg[e.target] == "double"):
                    return False
        return True

    def _typed_bits(self, e: sql.Expr, t: str) -> sql.Expr:
        """The exactness bits of a VARIANT whose value is of type ``t`` (or null: every bit): the types above
        ``t`` it converts into exactly, as ``exact_mask`` gives them."""
        S = sql.F

        def of(v: sql.Expr) -> sql.Expr:
            bits = S.lit(0)
            for u in self.lattice.upper_bounds(t):
                bit = S.lit(1 << self.types.index[u])
                if self.lattice.guarded(t, u):
                    bit = S.when(self.types.exact(v, self.lattice.path(t, u)), bit).otherwise(S.lit(0))
                bits = bits.bitwiseOR(bit)
            return S.when(v.isNull(), S.lit(self._everything)).otherwise(bits)

        return let(self.types.value(e, t), of)  # the value once: a date or timestamp is parsed from its text

    def _value_by_value(self, fields: DataFrame, which: list[tuple], depth: int) -> list:
        """The shapes (and exactness bits) of the values the signature (and class) does not decide: the full
        typing. ``which``: the (signature, class) pairs to type."""
        picked = None
        for sig, cls in which:
            test = (F.col("sig") == sig) & F.col("cls").eqNullSafe(F.lit(cls).cast("int"))
            picked = test if picked is None else picked | test
        chosen = fields.filter(picked)
        chosen = chosen.filter(F.element_at(F.col("path"), -1) != "")
        shaped = chosen.select("path", "rdims", "x", spark_column(shape_code(self.types, sql.F.col("x"), depth)).alias("shape"))
        dim = sql.F.size(sql.F.split(sql.F.col("shape"), r"\[\]")) - 1
        base = F.regexp_replace(F.col("shape"), r"(\[\])+$", "")
        prim = base.isin(*self.guarded) if self.guarded else F.lit(False)
        bits = F.when(prim, spark_column(self._exact_bits(sql.F.col("x"), dim, depth)))
        out = []
        for r in shaped.withColumn("bits", bits).groupBy("path", "rdims", "shape").agg(
                F.count(F.lit(1)).alias("n"), F.bit_and("bits").alias("bits")).collect():
            if r["shape"].startswith("record"):
                raise AssertionError(f"a record shape the signature did not decide: {r['shape']} at {r['path']}")
            out.append((tuple(r["path"]), tuple(r["rdims"]), r["shape"], r["n"], r["bits"]))
        return out

    def _exact_bits(self, x: sql.Expr, dim: sql.Expr, depth: int) -> sql.Expr:
        """Bits of the types every leaf of a value of dimension ``dim`` converts into exactly."""
        S = sql.F
        everything = (1 << len(self.types.types)) - 1
        out = S.when(dim == 0, self.types.exact_mask(x))
        leaves = as_array(x)
        for k in range(1, depth + 1):
            if k > 1:
                leaves = inner_leaves(leaves)
            bits = S.aggregate(leaves, S.lit(everything), lambda acc, e: acc.bitwiseAND(self.types.exact_mask(e)))
            out = out.when(dim == k, bits)
        return out

    def _children(self, frame: DataFrame, empty_objects: set[str], names: set[str]) -> DataFrame:
        """The next level: the records inside the record-shaped values of this one (objects with a named field,
        and the leaves of arrays of objects), read from the level's records (``frame``): only the fields of the
        names seen holding records are read, by name, not the whole object."""
        S = sql.F
        if "good" in frame.columns:  # the lines' records: not those of rescued lines
            frame = frame.filter(F.col("good"))
        x = S.col("x")
        rdims = F.when(F.size(F.col("path")) == 0, F.col("rdims")).otherwise(
            F.concat(F.col("rdims"), F.array(F.col("d"))))
        if len(names) <= self.PICKED:
            picked = S.array(*[S.struct(S.lit(name).alias("k"), variant_field(x, name).alias("v")) for name in sorted(names)])
            fields = frame.select("path", rdims.alias("rdims"), F.inline(spark_column(picked)))
            fields = fields.filter(F.col("v").isNotNull())
        else:  # many names (records used as maps): every field, as the level's job read them, kept by name
            fields = frame.select("path", rdims.alias("rdims"), F.explode(spark_column(as_map(x))).alias("k", "v"))
            fields = fields.filter(F.col("k").isin(*sorted(names)))
        fields = fields.select(F.concat(F.col("path"), F.array(F.col("k"))).alias("path"), "rdims",
                               F.col("v").alias("x"), F.schema_of_variant(F.col("v")).alias("sig"))
        named_objects = F.col("sig").startswith("OBJECT<")
        if empty_objects:
            named_objects = named_objects & ~F.col("sig").isin(*sorted(empty_objects))
        objects_in_arrays = F.col("sig").startswith("ARRAY<") & F.col("sig").rlike(r"^(ARRAY<)+OBJECT<")
        d = _array_dim(S.col("sig"))
        elements = _records(S.col("x"), d)
        parents = fields.filter(named_objects | objects_in_arrays)
        return parents.select("path", "rdims", spark_column(d).alias("d"), F.explode(spark_column(elements)).alias("x"))

    def _tree(self, rows) -> LevelObservation:
        by_parent: dict[tuple, dict[str, dict]] = defaultdict(dict)
        for path, rdims, code, n, bits in rows:
            parent = (path[:-1], rdims)
            acc = by_parent[parent].setdefault(path[-1], {"shapes": {}, "nulls": 0, "empties": 0})
            if code == "null":
                acc["nulls"] += n
            elif code == "empty":
                acc["empties"] += n
            else:
                shape = parse_shape(code)
                seen = Seen(n, self._inexact(shape, bits))
                old = acc["shapes"].get(shape)
                acc["shapes"][shape] = old.merge(seen) if old else seen
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
