"""Widen: schema evolution for Apache Spark and Apache Iceberg that keeps every value, exactly.

A rules file (``types.rules``) declares the type lattice and the edge cases; the planner decides, for a table
schema and one batch of data, which columns exist and where each value goes; the router (and, in Spark, the
compiled projection) writes every value to every column that can hold it.

>>> import widen
>>> rules = widen.load_rules()
>>> batch1 = widen.observe_lines(['{"price": 10}'], rules)
>>> p1 = widen.plan(widen.TableSchema(), batch1, rules)
>>> p2 = widen.plan(p1.schema, widen.observe_lines(['{"price": "n/a"}'], rules), rules)
>>> print(p2.schema.notation())
price::long
price_string::string    -- evolved_from:price
"""

from __future__ import annotations

import importlib
import sys
import types
from typing import TYPE_CHECKING

#: Every public name, resolved from its module on first use: ``import widen`` loads nothing else, so that
#: ``import widen.rules`` (or the CLI) does not pull in the whole package, PySpark or pyiceberg.
_LAZY = {
    "Lattice": ("widen.engine.lattice", "Lattice"),
    "TypedColumn": ("widen.engine.typed", "TypedColumn"),
    "observe_typed": ("widen.engine.typed", "observe_typed"),
    "Observations": ("widen.engine.observe", "Observations"),
    "observe_lines": ("widen.engine.observe", "observe_lines"),
    "observe_records": ("widen.engine.observe", "observe_records"),
    "Plan": ("widen.engine.planner", "Plan"),
    "plan": ("widen.engine.planner", "plan"),
    "Router": ("widen.engine.router", "Router"),
    "route_records": ("widen.engine.router", "route_records"),
    "Column": ("widen.engine.schema", "Column"),
    "TableSchema": ("widen.engine.schema", "TableSchema"),
    "Shape": ("widen.engine.shapes", "Shape"),
    "parse_line": ("widen.engine.values", "parse_line"),
    "losses": ("widen.engine.verify", "losses"),
    "InputError": ("widen.errors", "InputError"),
    "PlanError": ("widen.errors", "PlanError"),
    "RulesError": ("widen.errors", "RulesError"),
    "WidenError": ("widen.errors", "WidenError"),
    "BatchReport": ("widen.ingest", "BatchReport"),
    "ingest": ("widen.ingest", "ingest"),
    "open_catalog": ("widen.ingest", "open_catalog"),
    "write": ("widen.ingest", "write"),
    "SchemaMismatch": ("widen.engine.modes", "SchemaMismatch"),
    "default_rules_path": ("widen.engine.load", "default_rules_path"),
    "load_rules": ("widen.engine.load", "load_rules"),
    "Rules": ("widen.rules.model", "Rules"),
    "compile_plan": ("widen.compiler.spark", "compile_plan"),
    "CompiledPlan": ("widen.compiler.spark", "CompiledPlan"),
    "projection_sql": ("widen.compiler.spark", "projection_sql"),
    "compile_table": ("widen.jvm.projection", "compile_table"),
    "table_plan": ("widen.engine.table_plan", "table_plan"),
    "compile_typed": ("widen.compiler.spark_typed", "compile_typed"),
    "typed_columns": ("widen.compiler.spark_typed", "typed_columns"),
    "observe_dataframe": ("widen.sources.engines", "observe_dataframe"),
    "stream": ("widen.stream", "stream"),
    "compact": ("widen.maintain", "compact"),
    "watch": ("widen.stream", "watch"),
    "spark_session": ("widen.session", "spark_session"),
    "migrate": ("widen.sink.contract", "migrate"),
    "check_table": ("widen.sink.contract", "check_table"),
    "RulesMismatch": ("widen.errors", "RulesMismatch"),
    "read": ("widen.inspect.reader", "read"),
    "folded": ("widen.inspect.reader", "folded"),
}

if TYPE_CHECKING:  # for tools: the same names, imported
    from widen.engine.lattice import Lattice
    from widen.engine.typed import TypedColumn, observe_typed
    from widen.engine.observe import Observations, observe_lines, observe_records
    from widen.engine.planner import Plan, plan
    from widen.engine.router import Router, route_records
    from widen.engine.schema import Column, TableSchema
    from widen.engine.shapes import Shape
    from widen.engine.values import parse_line
    from widen.engine.verify import losses
    from widen.errors import InputError, PlanError, RulesError, WidenError
    from widen.ingest import BatchReport, ingest, open_catalog, write
    from widen.engine.modes import SchemaMismatch
    from widen.engine.load import default_rules_path, load_rules
    from widen.rules.model import Rules
    from widen.compiler.spark import CompiledPlan, compile_plan, projection_sql
    from widen.jvm.projection import compile_table
    from widen.engine.table_plan import table_plan
    from widen.sources.engines import observe_dataframe
    from widen.compiler.spark_typed import compile_typed, typed_columns
    from widen.inspect.reader import folded, read
    from widen.sink.contract import check_table, migrate
    from widen.errors import RulesMismatch
    from widen.session import spark_session
    from widen.stream import stream, watch
    from widen.maintain import compact


def __getattr__(name: str):
    if name in _LAZY:
        module, attr = _LAZY[name]
        value = getattr(importlib.import_module(module), attr)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'widen' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted({*globals(), *_LAZY})


class _Face(types.ModuleType):
    """Importing a submodule whose name is also a public function (``widen.ingest``, ``widen.stream``) leaves the
    name to the function, as the eager imports did."""

    def __setattr__(self, name: str, value) -> None:
        if name in _LAZY and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Face


__all__ = [
    "BatchReport",
    "Column",
    "CompiledPlan",
    "SchemaMismatch",
    "TypedColumn",
    "compile_plan",
    "compile_table",
    "compile_typed",
    "ingest",
    "observe_dataframe",
    "observe_typed",
    "open_catalog",
    "typed_columns",
    "projection_sql",
    "table_plan",
    "spark_session",
    "read",
    "folded",
    "migrate",
    "check_table",
    "RulesMismatch",
    "stream",
    "watch",
    "compact",
    "write",
    "InputError",
    "Lattice",
    "Observations",
    "Plan",
    "PlanError",
    "Router",
    "Rules",
    "RulesError",
    "Shape",
    "TableSchema",
    "WidenError",
    "default_rules_path",
    "load_rules",
    "losses",
    "observe_lines",
    "observe_records",
    "parse_line",
    "plan",
    "route_records",
]

__version__ = "0.1.0"
