"""Typing and converting VARIANT values in Spark, the same way :mod:`widen.engine.values` and
:mod:`widen.engine.conversions` do in Python.

Every function returns a Spark SQL expression (:class:`~widen.compiler.sql.Expr`) built from SQL functions (``schema_of_variant``, ``try_variant_get``,
``transform``, ``aggregate``...): no Python UDF touches the data. A value is typed by looking at the VARIANT's own
storage type first (``try_variant_get`` alone follows Spark's casts, which turn ``true`` into 1 and truncate
doubles), and converted only along the rules' edges.
"""

from __future__ import annotations

from widen.compiler.spark_convert import CONVERT
from widen.compiler.spark_exprs import as_array, as_map, get_as, inner_leaves, let, spark_type
from widen.compiler.spark_text import normal_number
from widen.compiler.sql import Expr, F
from widen.engine.conversions import always_exact, family
from widen.rules.model import Edge, Rules

# descriptor kinds (see SparkTypes.descriptor)
NULL, EMPTY, MIXED, PRIM, RECORD = 0, 1, 2, 3, 4

# \z, not $: Java's $ also matches before a final line terminator ("...Z\n" would be a timestamp, its newline lost)
_DATE_RE = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}\z"
_TS_UTC_RE = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,6})?(Z|\+00:00)\z"
_TS_ANY_RE = r"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,6})?(Z|[+-][0-9]{2}:[0-9]{2})\z"


#: the string detectors, each of which accepts only texts that start ``YYYY-MM-DD``
_DETECTORS = ("iso_date", "iso_timestamp", "iso_timestamp_any_offset")




class SparkTypes:
    """The Spark side of one rules file's typing and conversions."""

    def __init__(self, rules: Rules):
        self.rules = rules
        self.lattice = rules.lattice
        self.types = self.lattice.types
        self.index = {t: i for i, t in enumerate(self.types)}
        self.iceberg = {t.name: t.iceberg for t in rules.types}

    # --- what a VARIANT holds -----------------------------------------------------------------------------------
    def storage(self, x: Expr) -> Expr:
        """The VARIANT's own type name: VOID, BOOLEAN, BIGINT, DECIMAL(p,s), DOUBLE, STRING, ARRAY<..>, OBJECT<..>."""
        return F.schema_of_variant(x)

    def json_kind(self, x: Expr) -> Expr:
        """null | boolean | integer | fraction | string | array | object, as the Python typer names them."""
        return let(self.storage(x), lambda sv: self._kind_of(x, sv))

    def is_null(self, x: Expr) -> Expr:
        """``json_kind(x) == "null"`` without computing the kind."""
        return x.isNull() | (self.storage(x) == "VOID")

    def is_object(self, x: Expr) -> Expr:
        """``json_kind(x) == "object"`` without computing the kind."""
        return F.coalesce(self.storage(x).startswith("OBJECT<"), F.lit(False))

    def is_nested(self, x: Expr) -> Expr:
        """``json_kind(x).isin("array", "object")`` without computing the kind."""
        return F.coalesce(self.storage(x).rlike("^(ARRAY|OBJECT)<"), F.lit(False))

    def _kind_of(self, x: Expr, sv: Expr) -> Expr:
        decimal_integer = (F.regexp_extract(sv, r"^DECIMAL\(\d+,(\d+)\)$", 1) == "0") & get_as(x, "bigint").isNull()
        return (
            F.when(x.isNull() | (sv == "VOID"), F.lit("null"))
            .when(sv == "BOOLEAN", F.lit("boolean"))
            .when(sv == "BIGINT", F.lit("integer"))
            .when(sv.startswith("DECIMAL("), F.when(decimal_integer, F.lit("integer")).otherwise(F.lit("fraction")))
            .when(sv == "DOUBLE", F.lit("fraction"))
            .when(sv == "STRING", F.lit("string"))
            .when(sv.startswith("ARRAY<"), F.lit("array"))
            .when(sv.startswith("OBJECT<"), F.lit("object"))
            .otherwise(F.lit("other"))
        )

    def _text(self, x: Expr) -> Expr:
        return get_as(x, "string")

    def _holds(self, kind: str, choice, x: Expr, sv: Expr) -> Expr:
        iceberg = self.iceberg[choice.type]
        fam = family(iceberg)
        if fam == "string":
            return F.lit(True)
        if kind == "boolean":
            return F.lit(fam == "boolean")
        if kind == "string":
            return self.string_holds(choice.detector, self._text(x))
        if fam in ("integer", "decimal") and kind == "integer":
            return get_as(x, spark_type(iceberg)).isNotNull() & self._same_number(x, spark_type(iceberg))
        if fam == "decimal":
            # exact when the value read as the type (rounded to its scale) is the number itself, digit for digit
            read = get_as(x, spark_type(iceberg))
            return read.isNotNull() & (normal_number(read.cast("string")) == normal_number(F.to_json(x)))
        if fam == "float":
            d = get_as(x, "double")
            finite = d.isNotNull() & ~F.isnan(d) & (F.abs(d) < F.lit(float("inf")))
            if kind == "integer":
                whole = get_as(x, "decimal(38,0)")
                return finite & (d.try_cast("decimal(38,0)") == whole)
            # a fraction is exact when the double's shortest text has the same significant digits
            return finite & (F.when(sv == "DOUBLE", F.lit(True))
                             .otherwise(_digits(d.cast("string")) == _digits(F.to_json(x))))
        return F.lit(False)

    def string_holds(self, detector: str | None, s: Expr) -> Expr:
        """Whether a JSON string's text ``s`` passes a ``json string`` choice's detector (not for string types:
        those hold every text)."""
        if detector == "iso_date":
            return s.rlike(_DATE_RE) & ~s.startswith("0000") & F.try_to_date(s, "yyyy-MM-dd").isNotNull()
        if detector == "iso_timestamp":
            # a text the expression accepts carries its offset: the session's time zone plays no part in the cast
            return s.rlike(_TS_UTC_RE) & ~s.startswith("0000") & s.try_cast("timestamp").isNotNull()
        if detector == "iso_timestamp_any_offset":
            return s.rlike(_TS_ANY_RE) & ~s.startswith("0000") & s.try_cast("timestamp").isNotNull()
        return F.lit(False)

    def string_type(self, s: Expr) -> Expr:
        """The index of the type a JSON string of text ``s`` takes under the ``json string`` line (as
        :meth:`scalar_type` gives for a VARIANT string); null when ``s`` is null."""
        typing = self.rules.json_typing("string")
        choices = typing.choices if typing else ()
        out = F.when(s.isNull(), F.lit(None).cast("int"))
        # every detector wants a text that starts YYYY-MM-DD: two character tests settle most strings
        plain = self.plain_string()
        if plain is not None:
            out = out.when((F.substr(s, F.lit(5), F.lit(1)) != "-") | (F.substr(s, F.lit(8), F.lit(1)) != "-"),
                           F.lit(plain))
        for choice in choices:
            idx = F.lit(self.index[choice.type])
            if family(self.iceberg[choice.type]) == "string":
                return out.otherwise(idx)
            out = out.when(self.string_holds(choice.detector, s), idx)
        return out.otherwise(F.lit(self.index[self.rules.top]))

    def plain_string(self) -> int | None:
        """The index of the type every JSON string takes unless one of the ``json string`` line's detectors accepts
        it, when all of those detectors want a text that starts ``YYYY-MM-DD`` (then a string that does not start
        so is of that type, without running them); else None."""
        typing = self.rules.json_typing("string")
        choices = typing.choices if typing else ()
        plain = None
        for choice in choices:
            if family(self.iceberg[choice.type]) == "string":
                plain = self.index[choice.type]
                break
        if plain is None and not choices:
            plain = self.index[self.rules.top]
        if plain is None or any(c.detector not in _DETECTORS for c in choices
                                if family(self.iceberg[c.type]) != "string"):
            return None
        return plain

    def _same_number(self, x: Expr, sql_type: str) -> Expr:
        """The value read as ``sql_type`` equals the value itself (no rounding on the way)."""
        wide = get_as(x, "decimal(38,0)")
        return get_as(x, sql_type).try_cast("decimal(38,0)") == wide

    def scalar_type(self, x: Expr) -> Expr:
        """The index (in the rules' type order) of a scalar's type under the ``json`` lines; null for JSON null,
        arrays and objects."""
        return let(self.storage(x), lambda sv: let(self._kind_of(x, sv), lambda kind: self._scalar_type(x, sv, kind)))

    def scalar_type_of(self, x: Expr, sv: Expr) -> Expr:
        """:meth:`scalar_type` of a VARIANT whose storage type (``schema_of_variant``) is already known: ``sv``."""
        return let(self._kind_of(x, sv), lambda kind: self._scalar_type(x, sv, kind))

    def _scalar_type(self, x: Expr, sv: Expr, kind: Expr) -> Expr:
        out = None
        for jkind in ("boolean", "integer", "fraction", "string"):
            typing = self.rules.json_typing(jkind)
            choices = typing.choices if typing else ()
            inner, last = None, F.lit(self.index[self.rules.top])
            for choice in choices:
                cond = self._holds(jkind, choice, x, sv)
                idx = F.lit(self.index[choice.type])
                if cond.sql == "TRUE":  # a choice that holds every value: the ones after it are never taken
                    last = idx
                    break
                inner = F.when(cond, idx) if inner is None else inner.when(cond, idx)
            inner = last if inner is None else inner.otherwise(last)
            out = F.when(kind == jkind, inner) if out is None else out.when(kind == jkind, inner)
        return out

    def mixed_type(self) -> int:
        typing = self.rules.json_typing("mixed")
        return self.index[typing.choices[0].type if typing else self.rules.top]

    # --- typed scalar values ------------------------------------------------------------------------------------
    def value(self, x: Expr, type_name: str) -> Expr:
        """A scalar already typed ``type_name`` (by :meth:`scalar_type`), as that type's Spark value."""
        iceberg = self.iceberg[type_name]
        fam = family(iceberg)
        if fam == "string":
            # a JSON null is no value (not the text "null": a field seen with one shape is routed without a test)
            return F.when(self.storage(x) == "STRING", self._text(x)).when(~F.is_variant_null(x), F.to_json(x))
        if fam in ("date", "timestamp"):
            return self.text_value(self._text(x), type_name)
        if fam == "float":
            return get_as(x, spark_type(iceberg)) + F.lit(0.0).cast(spark_type(iceberg))
        return get_as(x, spark_type(iceberg))

    def text_value(self, s: Expr, type_name: str) -> Expr:
        """A JSON string ``s`` (text) typed ``type_name`` (a string, date or timestamp type), as that type's value."""
        fam = family(self.iceberg[type_name])
        if fam == "date":
            return F.try_to_date(s, "yyyy-MM-dd")
        if fam == "timestamp":
            return s.try_cast("timestamp")
        if fam == "string":
            return s
        raise ValueError(f"{type_name} is not typed from a string")

    # --- array descriptors --------------------------------------------------------------------------------------
    def descriptor(self, x: Expr, depth: int) -> Expr:
        """struct(kind, dim, mask) of a value: kind NULL/EMPTY/MIXED/PRIM/RECORD; dim the array dimension (for
        EMPTY, the nesting depth of the empties); mask the bit set of the scalar types at the leaves. Arrays are
        looked into ``depth`` levels deep; deeper arrays count as mixed."""
        bits = F.array(*[F.lit(1 << i) for i in range(len(self.types))])

        def from_storage(sv: Expr) -> Expr:
            # the VARIANT's storage type is computed once and shared by the kind and the scalar type
            def by_kind(kind: Expr) -> Expr:
                prim = _desc(F.lit(PRIM), F.lit(0), F.element_at(bits, self._scalar_type(x, sv, kind) + 1))
                if depth > 0:
                    array = self._array_descriptor(x, depth - 1)
                else:
                    # deeper than we look: only arrays holding no value at any depth (ARRAY<ARRAY<VOID>>) are
                    # not mixed
                    levels = F.size(F.split(sv, "ARRAY<")) - 1
                    array = F.when(sv.rlike(r"^(ARRAY<)+VOID>+$"), _desc(F.lit(EMPTY), levels, F.lit(0))).otherwise(
                        _desc(F.lit(MIXED), F.lit(0), F.lit(0))
                    )
                return (
                    F.when(kind == "null", _desc(F.lit(NULL), F.lit(0), F.lit(0)))
                    .when(kind == "object", _desc(F.lit(RECORD), F.lit(0), F.lit(0)))
                    .when(kind == "array", array)
                    .otherwise(prim)
                )

            return let(self._kind_of(x, sv), by_kind)

        return let(self.storage(x), from_storage)

    def _array_descriptor(self, x: Expr, depth: int) -> Expr:
        elements = as_array(x)
        init = F.struct(
            F.lit(0).alias("kinds"), F.lit(-1).alias("mind"), F.lit(-1).alias("maxd"), F.lit(0).alias("mask"),
            F.lit(0).alias("edepth"), F.lit(False).alias("mixed"),
        )

        def merge(acc, d):
            is_val = (d["kind"] == PRIM) | (d["kind"] == RECORD)
            kbit = F.when(d["kind"] == PRIM, F.lit(1)).when(d["kind"] == RECORD, F.lit(2)).otherwise(F.lit(0))
            return F.struct(
                (acc["kinds"].bitwiseOR(kbit)).alias("kinds"),
                F.when(is_val, F.when(acc["mind"] < 0, d["dim"]).otherwise(F.least(acc["mind"], d["dim"])))
                .otherwise(acc["mind"]).alias("mind"),
                F.when(is_val, F.greatest(acc["maxd"], d["dim"])).otherwise(acc["maxd"]).alias("maxd"),
                F.when(is_val, acc["mask"].bitwiseOR(d["mask"])).otherwise(acc["mask"]).alias("mask"),
                F.when(d["kind"] == EMPTY, F.greatest(acc["edepth"], d["dim"])).otherwise(acc["edepth"]).alias("edepth"),
                (acc["mixed"] | (d["kind"] == MIXED)).alias("mixed"),
            )

        def finish(acc):
            mixed = (
                acc["mixed"] | (acc["kinds"] == 3) | ((acc["kinds"] > 0) & (acc["mind"] != acc["maxd"]))
                | ((acc["kinds"] > 0) & (acc["edepth"] > acc["maxd"]))
            )
            return (
                F.when(mixed, _desc(F.lit(MIXED), F.lit(0), F.lit(0)))
                .when(acc["kinds"] == 0, _desc(F.lit(EMPTY), acc["edepth"] + 1, F.lit(0)))
                .when(acc["kinds"] == 1, _desc(F.lit(PRIM), acc["maxd"] + 1, acc["mask"]))
                .otherwise(_desc(F.lit(RECORD), acc["maxd"] + 1, F.lit(0)))
            )

        return F.aggregate(F.transform(elements, lambda e: self.descriptor(e, depth)), init, merge, finish)

    # --- the element type of a primitive array ------------------------------------------------------------------
    def join_of_mask(self, mask: Expr) -> Expr:
        """Index of the join of the types in a bit mask (a lookup in a literal table)."""
        n = len(self.types)
        table = [0]
        for m in range(1, 2**n):
            members = [self.types[i] for i in range(n) if m >> i & 1]
            table.append(self.index[self.lattice.join_all(members)])
        return F.element_at(F.array(*[F.lit(v) for v in table]), mask + 1)

    def element_type(self, x: Expr, dim: int, mask: Expr) -> Expr:
        """The narrowest type at or above the join of the leaves' types into which every leaf converts exactly
        (the Python typer's rule)."""
        leaves = as_array(x)
        for _ in range(dim - 1):
            leaves = inner_leaves(leaves)
        everything = (1 << len(self.types)) - 1
        exact_bits = F.aggregate(leaves, F.lit(everything), lambda acc, e: acc.bitwiseAND(self.exact_mask(e)))

        return let(F.struct(self.join_of_mask(mask).alias("j"), exact_bits.alias("e")),
                   lambda pair: self.narrowest_exact(pair["j"], pair["e"]))

    def narrowest_exact(self, joined: Expr, exact: Expr) -> Expr:
        """The index of the narrowest type at or above type index ``joined`` whose bit is set in ``exact`` (the
        types every leaf converts into exactly)."""
        out = None
        for t in self.types:
            inner = None
            for u in self.lattice.upper_bounds(t):
                ok = exact.bitwiseAND(F.lit(1 << self.index[u])) != 0
                idx = F.lit(self.index[u])
                inner = F.when(ok, idx) if inner is None else inner.when(ok, idx)
            inner = inner.otherwise(F.lit(self.index[self.rules.top]))
            out = F.when(joined == self.index[t], inner) if out is None else out.when(joined == self.index[t], inner)
        return out

    def exact_mask(self, e: Expr) -> Expr:
        """Bits of the types a scalar converts into exactly along the lattice (all bits for a null)."""
        return let(self.scalar_type(e), lambda st: self.exact_bits(e, st))

    def exact_bits(self, e: Expr, st: Expr) -> Expr:
        """Bits of the types a scalar ``e`` of type index ``st`` converts into exactly (all bits for a null)."""
        everything = (1 << len(self.types)) - 1
        out = F.when(st.isNull(), F.lit(everything))
        for s in self.types:
            bits, checked = 0, []
            for u in self.lattice.upper_bounds(s):
                if self.lattice.guarded(s, u):
                    checked.append(F.when(self.exact(self.value(e, s), self.lattice.path(s, u)),
                                          F.lit(1 << self.index[u])).otherwise(F.lit(0)))
                else:
                    bits |= 1 << self.index[u]
            value = F.lit(bits)
            for bit in checked:
                value = value.bitwiseOR(bit)
            out = out.when(st == self.index[s], value)
        return out.otherwise(F.lit(0))

    # --- conversions --------------------------------------------------------------------------------------------
    def convert(self, v: Expr, edges: tuple[Edge, ...]) -> Expr:
        for edge in edges:
            v = self.forward(v, edge)
        return v

    def exact(self, v: Expr, edges: tuple[Edge, ...]) -> Expr:
        """Whether ``v`` converts along ``edges`` and back unchanged (null when it does not convert). Edges that
        keep every value of their source (:meth:`always_exact`: a date's midnight, a timestamp's microseconds in a
        long) are only applied, not checked; the value and its conversion are bound once (each use would parse
        a date or timestamp text again)."""
        edges = tuple(edges)
        while edges and self.always_exact(edges[0]):
            v, edges = self.forward(v, edges[0]), edges[1:]
        if not edges:
            return v.isNotNull()

        def check(value: Expr) -> Expr:
            def back_to(out: Expr) -> Expr:
                back = out
                for edge in reversed(edges):
                    back = self.inverse(back, edge)
                return F.coalesce(back == value, F.lit(False)) & out.isNotNull()

            return let(self.convert(value, edges), back_to)

        return let(v, check)

    def always_exact(self, edge: Edge) -> bool:
        """The conversion gives back every value of its source type (:func:`widen.engine.conversions.always_exact`)."""
        return always_exact(edge.via, self.iceberg[edge.source], self.iceberg[edge.target])

    def forward(self, v: Expr, edge: Edge) -> Expr:
        s, t = self.iceberg[edge.source], self.iceberg[edge.target]
        return CONVERT[edge.via](v, s, t, forward=True)

    def inverse(self, v: Expr, edge: Edge) -> Expr:
        s, t = self.iceberg[edge.source], self.iceberg[edge.target]
        return CONVERT[edge.via](v, s, t, forward=False)


def _digits(text: Expr) -> Expr:
    """The significant digits of a number's text (plain or Java's E notation): no sign, point, exponent or
    leading and trailing zeros. Two texts of numbers that round to the same double are the same number exactly
    when these agree."""
    mantissa = F.regexp_replace(F.regexp_replace(text, "[eE].*$", ""), "^-", "")
    return F.regexp_replace(F.regexp_replace(mantissa, r"\.", ""), "^0+|0+$", "")


def _desc(kind: Expr, dim: Expr, mask: Expr) -> Expr:
    return F.struct(kind.alias("kind"), dim.alias("dim"), mask.alias("mask"))


def shape_code(types: SparkTypes, x: Expr, depth: int) -> Expr:
    """The shape of a value as text — ``long``, ``double[]``, ``record[][]``, ``null``, ``empty`` — equal to
    ``str(Typer.type_value(v).shape)`` in Python (with ``null`` and ``empty`` for nulls and empties)."""
    names = F.array(*[F.lit(t) for t in types.types])

    def name_of(index: Expr) -> Expr:
        return F.element_at(names, index + 1)

    def code(d: Expr) -> Expr:
        brackets = F.repeat(F.lit("[]"), d["dim"])
        element = None
        for dim in range(1, depth + 1):
            e = types.element_type(x, dim, d["mask"])
            element = F.when(d["dim"] == dim, e) if element is None else element.when(d["dim"] == dim, e)
        prim = F.when(d["dim"] == 0, name_of(types.scalar_type(x)))
        if element is not None:
            prim = prim.otherwise(name_of(element))
        # no name, or only empty ones (dropped): nothing to write, as the reference says
        empty_object = types.is_object(x) & (F.size(F.array_remove(F.map_keys(as_map(x)), F.lit(""))) == 0)
        return (
            F.when(d["kind"] == NULL, F.lit("null"))
            .when(d["kind"] == EMPTY, F.lit("empty"))
            .when(empty_object, F.lit("empty"))
            .when(d["kind"] == MIXED, name_of(F.lit(types.mixed_type())))
            .when(d["kind"] == RECORD, F.concat(F.lit("record"), brackets))
            .otherwise(F.concat(prim, brackets))
        )

    return let(types.descriptor(x, depth), code)
