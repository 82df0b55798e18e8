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
from widen.modes import SchemaMismatch
from widen.rules.loader import default_rules_path, load_rules
from widen.rules.model import Rules

#: What needs PySpark is imported on first use, so that ``import widen`` stays light (the CLI's start-up).
_LAZY = {
    "compile_plan": ("widen.compiler.spark", "compile_plan"),
    "CompiledPlan": ("widen.compiler.spark", "CompiledPlan"),
    "projection_sql": ("widen.compiler.spark", "projection_sql"),
    "compile_typed": ("widen.compiler.spark_typed", "compile_typed"),
    "typed_columns": ("widen.compiler.spark_typed", "typed_columns"),
    "observe_dataframe": ("widen.compiler.spark_observe", "observe_dataframe"),
    "stream": ("widen.stream", "stream"),
    "watch": ("widen.stream", "watch"),
    "spark_session": ("widen.session", "spark_session"),
    "read": ("widen.reader", "read"),
    "folded": ("widen.reader", "folded"),
}


def __getattr__(name: str):
    if name in _LAZY:
        import importlib

        module, attr = _LAZY[name]
        value = getattr(importlib.import_module(module), attr)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'widen' has no attribute {name!r}")

__all__ = [
    "BatchReport",
    "Column",
    "CompiledPlan",
    "SchemaMismatch",
    "TypedColumn",
    "compile_plan",
    "compile_typed",
    "ingest",
    "observe_dataframe",
    "observe_typed",
    "open_catalog",
    "typed_columns",
    "projection_sql",
    "spark_session",
    "read",
    "folded",
    "stream",
    "watch",
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
