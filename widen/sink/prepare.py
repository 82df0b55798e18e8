"""A batch planned against a table: pure (no Spark, no commit), frozen, rebuilt for each commit attempt against
the table as that attempt loaded it."""

from __future__ import annotations

from dataclasses import dataclass

from pyiceberg.schema import Schema
from widen.compiler.iceberg import from_iceberg, iceberg_primitives, read_hints, to_iceberg
from widen.engine.modes import check, effective_mode
from widen.engine.planner import plan
from widen.engine.schema import TableSchema
from widen.engine.typed import rules_for


@dataclass(frozen=True)
class BatchPlan:
    """The batch's plan against the table as it was loaded (``against``: its metadata location; None for no table)."""

    #: the rules instantiated for the batch and the mode
    rules: object
    plan: object
    #: the Iceberg schema after the batch
    target: object
    #: storage hints of the new columns (:mod:`widen.compiler.iceberg`)
    hints: dict
    #: overwrite: the batch's columns replace the table's
    replace: bool
    observations: object
    against: str | None


def prepare(tbl, rules, mode: str, source, batch: str) -> BatchPlan:
    """Plan the batch against the table (None: none yet) in the mode; raises :class:`~widen.engine.modes.SchemaMismatch`
    when the mode refuses it."""
    current = tbl.schema() if tbl is not None else Schema()
    properties = tbl.properties if tbl is not None else {}
    format_version = tbl.format_version if tbl is not None else 2
    instance = rules_for(rules, source.columns or (), iceberg_primitives(current))
    effective = effective_mode(mode, bool(current.fields))
    r = instance.with_mode(effective)
    observations = source.observations_for(r)
    replace = mode == "overwrite" and bool(current.fields)
    if effective == "overwrite":
        table_schema = TableSchema()
    else:
        table_schema = from_iceberg(current, r, read_hints(properties))
    p = plan(table_schema, observations, r, format_version=format_version)
    check(p, table_schema, observations, r, batch, format_version, shown_mode=mode)
    hints: dict[str, str] = {}
    target = to_iceberg(p.schema, r, current, hints=hints)
    return BatchPlan(r, p, target, hints, replace, observations, tbl.metadata_location if tbl is not None else None)
