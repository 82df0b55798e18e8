"""The Spark compiler's face: a plan compiled (:func:`compile_plan`, :class:`CompiledPlan`, :func:`projection_sql`)
by :class:`~widen.compiler.spark_projection.SparkCompiler`; the Spark types of columns
(:mod:`widen.compiler.spark_columns`), importable from here too."""

from __future__ import annotations

from typing import Mapping

from pyspark.sql import DataFrame

from pyspark.sql import functions as PF
from widen.compiler.spark_columns import (FROM_JSON_OPTIONS, Native, data_type, foreign_type,  # noqa: F401
                                          spark_schema, struct_type)
from widen.compiler.spark_projection import SparkCompiler
from widen.compiler.sql import F
from widen.compiler.table_projection import TableProjection
from widen.compiler.table_sql import printed
from widen.engine.planner import Plan
from widen.rules.model import Rules


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
    """The plan's projection as Spark SQL (what ``widen.compile_table``'s function runs where Widen's native pass
    cannot) as one query over ``source``, a table or view with a ``value`` column of JSON text (one record per
    row), laid out to read: a ``WITH`` step per projection, a comment on each, and the routes into each column
    above it."""
    return printed(TableProjection(plan, rules), source)
