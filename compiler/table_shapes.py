"""The shape of every value of a record level, tested once per value by one lambda shared by all of its fields.

A value is taken apart into its *nodes* (the value itself, then the elements of its arrays, level by level, nulls
left out), each node typed once (:meth:`~widen.compiler.spark_types.SparkTypes.scalar_type` and the types it
converts into exactly), and the shape read off the typed nodes with the Python typer's rules
(:mod:`widen.engine.typer`): one kind and one depth for every value node (else the value is *mixed*), no empty
array reaching deeper than the values, the element type the narrowest type above the join of the leaves' types
that holds each of them exactly. An array nested deeper than the level looks (``looks`` levels) is typed
``deep``: a shape no route takes.
"""

from __future__ import annotations

from widen.compiler.spark_exprs import as_array, as_map, let
from widen.compiler.spark_types import SparkTypes
from widen.compiler.sql import Expr, F

#: the code of a value nested deeper than a projection looks: no route takes it (its line is rescued)
DEEP = "deep"
_EMPTY_ARRAYS = r"^(ARRAY<)+VOID>+$"
#: a double anywhere in a value's VARIANT type (not a field named so): Spark's JSON parser keeps a number as a
#: double only when it has an exponent, more than 38 digits or a magnitude beyond a double's, and its digits are lost
#: then (``1e400`` is Infinity): no route takes such a value, whose text only the line keeps
_DOUBLE = r"(^|<|: )DOUBLE(>|,|$)"
#: :data:`_DOUBLE`, or the type Spark's parser gives the parts of an array that mixes types, in which a double does
#: not show
_DOUBLE_OR_MIXED = r"(^|<|: )(DOUBLE|VARIANT)(>|,|$)"
# node kinds
_VALUE, _RECORD, _EMPTY, _DEEP = 0, 1, 2, 3


def _node(d: Expr, v: Expr) -> Expr:
    return F.struct(d.alias("d"), v.alias("v"), F.schema_of_variant(v).alias("sv"))


def nodes(x: Expr, looks: int) -> Expr:
    """The nodes of ``x``: itself at depth 0, then ``looks`` times each array that holds a value replaced by its
    non-null elements one level deeper (arrays of nothing but nulls and empty arrays stay, as empties)."""
    out = F.array(_node(F.lit(0), x))
    for _ in range(looks):
        def expand(n: Expr) -> Expr:
            opens = n["sv"].startswith("ARRAY<") & ~n["sv"].rlike(_EMPTY_ARRAYS)
            elements = F.filter(as_array(n["v"]), lambda e: ~F.is_variant_null(e))
            return F.when(opens, F.transform(elements, lambda e: _node(n["d"] + 1, e))).otherwise(F.array(n))
        out = F.flatten(F.transform(out, expand))
    return out


def hides_double(line: Expr) -> Expr:
    """Whether the JSON text ``line`` may hold a number Spark's parser keeps only as a double: one written with an
    exponent, or of more than 38 digits (strings left out). Read off the text, with no lambda (each one is a pass
    of Spark's analyser), for the values whose VARIANT type cannot show it: the parts of an array that mixes types
    are typed only ``VARIANT`` there. It holds for a few lines with no double a column would take (a fraction of 38
    digits that fits a decimal; a double under an empty name): their values typed so are then routed nowhere, and
    the line is rescued whole."""
    # (its strings' escapes out first, then what is between two quotes: two plain patterns, as one pattern of a
    # string's body, an alternation inside a repetition, makes Java's regex engine recurse per escape)
    strings = F.regexp_replace(F.regexp_replace(line, r"\\.", ""), r'"[^"]*"', '""')
    digits = F.regexp_replace(strings, r"([0-9])\.([0-9])", "$1$2")
    return digits.rlike(r"[0-9][eE]|[0-9]{39}")


class LevelShapes:
    """The shape code of each value of a level (``long``, ``string[]``, ``record[][]``, ``null``, ``empty``,
    ``deep``) under one rules file, as the Python typer gives ``str(shape)``."""

    def __init__(self, types: SparkTypes, looks: int, elements: bool = True, hidden: Expr | None = None):
        self.types = types
        self.looks = looks
        #: whether an array of scalars is typed by its element type; without (a level no array route enters),
        #: its code is ``array[]...``, a shape no route takes, and the leaves are not tested for exactness
        self.elements = elements
        #: whether the line may hold a double (:func:`hides_double`): its mixed values are then routed nowhere (a
        #: string column would hold Spark's text of the double), and the line is rescued
        self.hidden = hidden if hidden is not None else F.lit(False)

    def of(self, values: list[Expr]) -> Expr:
        """The shape codes of ``values``, in order, as an array: one lambda for all of them."""
        return F.transform(F.array(*values), self.shape)

    def _typed(self, n: Expr) -> Expr:
        types = self.types
        sv = n["sv"]
        kind = (F.when(sv.startswith("OBJECT<"), F.lit(_RECORD))
                .when(sv.rlike(_EMPTY_ARRAYS), F.lit(_EMPTY))
                .when(sv.startswith("ARRAY<"), F.lit(_DEEP))
                .otherwise(F.lit(_VALUE)))
        scalar = ~sv.startswith("OBJECT<") & ~sv.startswith("ARRAY<")

        def typed(st: Expr) -> Expr:
            exact = types.exact_bits(n["v"], st) if self.elements else F.lit(0)
            return F.struct(n["d"].alias("d"), kind.alias("k"), st.alias("t"), exact.alias("x"),
                            (F.size(F.split(sv, "ARRAY<")) - 1).alias("e"))
        return let(F.when(scalar, types.scalar_type_of(n["v"], sv)), typed)

    def shape(self, x: Expr) -> Expr:
        """The shape code of one value."""
        return let(F.transform(nodes(x, self.looks), self._typed), lambda ns: self._code(x, ns))

    def _code(self, x: Expr, ns: Expr) -> Expr:
        types = self.types
        names = F.array(*[F.lit(t) for t in types.types])
        everything = (1 << len(types.types)) - 1
        values = F.filter(ns, lambda n: n["k"] <= _RECORD)
        depths = F.transform(values, lambda n: n["d"])
        summary = F.struct(
            F.exists(ns, lambda n: n["k"] == _VALUE).alias("prim"),
            F.exists(ns, lambda n: n["k"] == _RECORD).alias("rec"),
            F.exists(ns, lambda n: n["k"] == _DEEP).alias("deep"),
            F.array_min(depths).alias("lo"),
            F.array_max(depths).alias("hi"),
            F.array_max(F.transform(F.filter(ns, lambda n: n["k"] == _EMPTY), lambda n: n["d"] + n["e"])).alias("e"),
            F.aggregate(values, F.lit(0), lambda a, n: a.bitwiseOR(F.shiftleft(F.lit(1), n["t"]))).alias("mask"),
            F.aggregate(values, F.lit(everything), lambda a, n: a.bitwiseAND(n["x"])).alias("exact"),
        )

        def code(s: Expr) -> Expr:
            brackets = F.repeat(F.lit("[]"), s["hi"])
            if self.elements:
                element = F.element_at(names, F.when(s["hi"] == 0, F.element_at(ns, 1)["t"]).otherwise(
                    types.narrowest_exact(types.join_of_mask(s["mask"]), s["exact"])) + 1)
            else:
                element = F.when(s["hi"] == 0, F.element_at(names, F.element_at(ns, 1)["t"] + 1)).otherwise(
                    F.lit("array"))
            no_name = F.size(F.array_remove(F.map_keys(as_map(x)), F.lit(""))) == 0
            mixed = (s["prim"] & s["rec"]) | (s["lo"] != s["hi"]) | F.coalesce(s["e"] > s["hi"], F.lit(False))
            records = s["rec"] & ~s["prim"] & ~mixed  # (their fields are typed at their own level)
            return (F.when(x.isNull() | F.is_variant_null(x), F.lit("null"))
                    .when(~records & F.when(self.hidden, F.schema_of_variant(x).rlike(_DOUBLE_OR_MIXED))
                          .otherwise(F.schema_of_variant(x).rlike(_DOUBLE)), F.lit(DEEP))
                    .when(~s["prim"] & ~s["rec"], F.when(s["deep"], F.lit(DEEP)).otherwise(F.lit("empty")))
                    .when(mixed | s["deep"], F.element_at(names, F.lit(types.mixed_type() + 1)))
                    .when(s["rec"] & (s["hi"] == 0) & no_name, F.lit("empty"))
                    .when(s["rec"], F.concat(F.lit("record"), brackets))
                    .otherwise(F.concat(element, brackets)))

        return let(summary, code)
