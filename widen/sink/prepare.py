"""A batch planned against a table: pure (no Spark, no commit), frozen, rebuilt for each commit attempt against
the table as that attempt loaded it."""

from __future__ import annotations

from dataclasses import dataclass

from pyiceberg.schema import Schema
from widen.compiler.iceberg import from_iceberg, iceberg_primitives, read_hints, to_iceberg
from widen.engine.keys import KeyTypes
from widen.engine.keys import key_types as _key_types
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
    """Plan the batch against the table (None: none yet) in the mode (a keyed batch's key, ``source.key``, one
    column per field); raises :class:`~widen.engine.modes.SchemaMismatch` when the mode refuses it."""
    current = tbl.schema() if tbl is not None else Schema()
    format_version = tbl.format_version if tbl is not None else 2
    r, table_schema = _against(tbl, rules, mode, source.columns)
    observations = source.observations_for(r)
    replace = mode == "overwrite" and bool(current.fields)
    key = source.key.names if getattr(source, "key", None) is not None else ()
    p = plan(table_schema, observations, r, format_version=format_version, key=key)
    check(p, table_schema, observations, r, batch, format_version, shown_mode=mode)
    hints: dict[str, str] = {}
    target = to_iceberg(p.schema, r, current, hints=hints)
    return BatchPlan(r, p, target, hints, replace, observations, tbl.metadata_location if tbl is not None else None)


def key_types(tbl, batch) -> KeyTypes | None:
    """A keyed batch's key as its observers check it (:class:`~widen.engine.keys.KeyTypes`): the types of value
    the table's key columns hold, in the batch's mode, before it is observed; None for a batch that is not keyed
    (``batch``: a :class:`widen.sink.commit.Batch`)."""
    if batch.upsert is None:
        return None
    r, table_schema = _against(tbl, batch.rules, batch.mode, None)
    return _key_types(table_schema, batch.upsert.keyed.key, r, tbl.format_version if tbl is not None else 2)


def _against(tbl, rules, mode: str, columns):
    """(the rules instantiated for a batch of typed ``columns``, or of JSON, in its effective mode; the table's
    schema as the batch is planned against it)."""
    current = tbl.schema() if tbl is not None else Schema()
    properties = tbl.properties if tbl is not None else {}
    instance = rules_for(rules, columns or (), iceberg_primitives(current))
    effective = effective_mode(mode, bool(current.fields))
    r = instance.with_mode(effective)
    if effective == "overwrite":
        return r, TableSchema()
    return r, from_iceberg(current, r, read_hints(properties))


def against(tbl, rules) -> tuple:
    """(``rules`` instantiated for the table's types, in their own mode; the table's schema as they read it)."""
    return _against(tbl, rules, rules.mode, None)
