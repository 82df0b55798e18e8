"""A keyed batch's records without a key, told in Spark as the native pass tells them (:mod:`widen.engine.keys`):
a record whose key field is missing, null, empty or of a shape its column does not hold is a rescued line, for the
reason :func:`widen.engine.keys.no_key` gives, and the Spark observer observes nothing of it."""

from __future__ import annotations

import functools

from pyspark.sql import DataFrame
from pyspark.sql import functions as F

from widen.compiler import sql
from widen.compiler.spark_exprs import as_map, variant_field
from widen.compiler.spark_parse import spark_column
from widen.compiler.spark_types import SparkTypes, shape_code
from widen.engine.keys import NO_KEY, KeyTypes
from widen.engine.values import MAX_NESTING
from widen.rules.model import Rules


def without_keys(parsed: DataFrame, key: KeyTypes | None, rules: Rules) -> DataFrame:
    """``parsed`` (``record`` and ``reason``: :func:`~widen.compiler.spark_parse.parse_records`) with each record
    that has no key given its reason, naming the key's fields it lacks; ``key`` None (not a keyed batch): as it
    is."""
    if key is None:
        return parsed
    types = SparkTypes(rules)
    mixed = types.types[types.mixed_type()]
    lacking = []
    for name, held in key.fields:
        # (the value's shape as the Python typer gives it: ``long``, ``long[]``, ``record``, ``null``, ``empty``;
        # arrays looked into only where the answer depends on it: an array's shape is one a key column holds only
        # when it is mixed (written as its text) and the mixed type is held. Otherwise the arrays' first level
        # tells all (one holding no value at any depth is empty, any other is held by no scalar column and is not
        # empty), and the analyser is spared the nested lambdas of every level)
        depth = MAX_NESTING if held and mixed in held else 0
        shape = spark_column(shape_code(types, _value(sql.F.col("record"), name, key.fold), depth))
        holds = ~shape.isin("null", "empty") if held is None else shape.isin(*sorted(held)) if held else F.lit(False)
        lacking.append(F.when(~F.coalesce(holds, F.lit(False)), F.lit(name)))
    some = functools.reduce(lambda a, b: a | b, [c.isNotNull() for c in lacking])
    reason = F.concat(F.lit(NO_KEY[0]), F.concat_ws(", ", *lacking), F.lit(NO_KEY[1]))
    return parsed.withColumn("reason", F.when(F.col("reason").isNull() & some, reason).otherwise(F.col("reason")))


def _value(record: sql.Expr, name: str, fold: bool) -> sql.Expr:
    """The record's value of the field ``name`` (``fold``: of its name in any case, as the planner folds them)."""
    if not fold:
        return variant_field(record, name)
    S = sql.F
    named = S.filter(S.map_entries(as_map(record)), lambda e: S.lower(e["key"]) == S.lit(name.lower()))
    return S.try_element_at(named, S.lit(1))["value"]
