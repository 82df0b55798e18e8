"""The plan of a table as it is: where a value of every shape its columns can hold goes, in its columns only.

``widen compile --table`` compiles this plan: a projection of the table (not of one batch) that routes each value
as the ingest would route it into these columns, and leaves out (for the projection's ``_rescued`` column) what
the table has no column for.
"""

from __future__ import annotations

from dataclasses import replace

from widen.engine.observe import holdable_observations, schema_observations
from widen.engine.plan import ColumnPlan, LevelPlan, Plan, Route
from widen.engine.planner import plan
from widen.engine.schema import TableSchema
from widen.engine.shapes import Shape  # noqa: F401 (the example)
from widen.rules.model import Rules


def table_plan(schema: TableSchema, rules: Rules) -> Plan:
    """The routes of every shape a column of ``schema`` holds without loss (:func:`holdable_observations`), to the
    table's own columns: a route to a column the table does not have is left out, and so is a shape the rules'
    mode refuses (``on narrower reject``: then each column takes only values of its own shape).

    >>> from widen import load_rules, observe_lines
    >>> rules = load_rules()
    >>> table = plan(TableSchema(), observe_lines(['{"tags": ["a"]}', '{"n": 1.5}'], rules), rules).schema
    >>> p = table_plan(table, rules)
    >>> [t.describe() for t in p.root.route("tags", Shape("string")).targets], p.schema == table
    (['tags (as is; wrapped in 1 array level)'], True)
    """
    full = plan(schema, holdable_observations(schema, rules), rules)
    if full.rejections or full.promotions:
        full = plan(schema, schema_observations(schema, rules), rules)
    root = _within(full.root)
    return Plan(before=schema, schema=TableSchema(tuple(cp.column for cp in root.columns)), root=root,
                additions=(), records=0)


def _within(level: LevelPlan) -> LevelPlan:
    """The level with the columns the plan would add left out, and the routes to them."""
    columns = []
    for cp in level.columns:
        if cp.added:
            continue
        if cp.level is not None:
            inner = _within(cp.level)
            cp = ColumnPlan(cp.column.with_children(tuple(c.column for c in inner.columns)), False, cp.reason,
                            inner, cp.promoted_from)
        columns.append(cp)
    kept = {cp.column.name for cp in columns}
    routes = []
    for r in level.routes:
        targets = tuple(t for t in r.targets if t.column in kept)
        if targets:
            routes.append(Route(r.field, r.shape, targets))
    return replace(level, columns=tuple(columns), routes=tuple(routes), single=frozenset())
