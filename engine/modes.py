"""The Delta-style modes as the engine runs them: which mode a write uses, and the error a refused batch raises.

The modes are rules: a mode selects the ``on SITUATION ACTION in MODE`` lines of the rules file (see
``rules/delta.rules``), and the planner is the same in every mode. Two things are not policies: ``overwrite``
plans the batch against an empty table and replaces the table's schema and data in one commit, and a table with
no columns yet is created from its first batch in any mode (as Delta's first write defines the schema).

Delta's session-wide ``spark.databricks.delta.schema.autoMerge`` has an equivalent: ``WIDEN_AUTO_MERGE=true`` in the
environment, or ``spark.widen.autoMerge=true`` in the Spark session's configuration, turns every enforce write into
a merge write (and the output says so).
"""

from __future__ import annotations

import os

from widen.engine.observe import LevelObservation, Observations
from widen.engine.planner import Plan, plan
from widen.engine.schema import TableSchema
from widen.rules.errors import SchemaMismatch  # noqa: F401 (raised here; importable from here too)
from widen.rules.errors import InputError
from widen.rules.model import MODES, Rules

AUTO_MERGE_ENV = "WIDEN_AUTO_MERGE"
AUTO_MERGE_CONF = "spark.widen.autoMerge"


def auto_merge(spark=None) -> str | None:
    """Where the session-wide merge switch is on (a description), or None when it is off."""
    if os.environ.get(AUTO_MERGE_ENV, "").strip().lower() in ("1", "true", "yes", "on"):
        return f"{AUTO_MERGE_ENV}={os.environ[AUTO_MERGE_ENV]}"
    if spark is not None:
        value = spark.conf.get(AUTO_MERGE_CONF, None)
        if value is not None and str(value).strip().lower() == "true":
            return f"{AUTO_MERGE_CONF}=true"
    return None


def resolve_mode(rules: Rules, mode: str | None, spark=None, say=None) -> str:
    """The mode of a write: the one asked for, else the rules' own; the auto-merge switch turns the rules' own
    enforce into merge, never an enforce asked for (``mode``: a CLI flag, the API's argument), as Delta's session
    switch does not override a writer's ``mergeSchema=false``."""
    chosen = mode or rules.mode
    if chosen not in MODES:
        raise InputError(f"unknown mode '{chosen}' (one of: {', '.join(MODES)})")
    switch = auto_merge(spark) if chosen == "enforce" and mode is None else None
    if switch is not None:
        if say is not None:
            say(f"schema auto-merge is on ({switch}): merging instead of enforcing — new columns are added and "
                "in-place upcasts made")
        return "merge"
    return chosen


def effective_mode(mode: str, has_columns: bool) -> str:
    """The mode a batch is planned in: a table without columns takes its schema from its first batch in any mode
    (as Delta's first write): enforce and merge plan it as an overwrite would; evolve plans it as itself. Both
    ``widen ingest`` and ``widen plan`` plan this way."""
    return "overwrite" if mode == "overwrite" or (not has_columns and mode != "evolve") else mode


def check(p: Plan, table: TableSchema, observations: Observations, rules: Rules, batch: str,
          format_version: int = 2, shown_mode: str | None = None) -> None:
    """Raise :class:`SchemaMismatch` when the plan has rejections (``shown_mode``: the mode the user asked for,
    when the plan ran in another — a new table's first batch is planned as an overwrite).

    >>> import widen
    >>> delta = widen.load_rules("delta")                          # mode enforce
    >>> table = widen.plan(widen.TableSchema(), widen.observe_lines(['{"count": 1}'], delta),
    ...                    delta.with_mode("overwrite")).schema
    >>> batch = widen.observe_lines(['{"count": 2, "amount": 2.5}'], delta)
    >>> try:
    ...     check(widen.plan(table, batch, delta), table, batch, delta, "loans.jsonl")
    ... except SchemaMismatch as mismatch:
    ...     print(mismatch.accepted_by, [str(r) for r in mismatch.rejections])
    merge ['amount: new_field: the table has no such column (data: double)']
    """
    if not p.rejections:
        return
    accepted_by = None
    mode = shown_mode or rules.mode
    for other in ("merge", "overwrite", "evolve"):
        if other in (rules.mode, mode):
            continue
        candidate = rules.with_mode(other)
        base = TableSchema() if other == "overwrite" else table
        if not plan(base, observations, candidate, format_version=format_version).rejections:
            accepted_by = other
            break
    raise SchemaMismatch(mismatch_message(p, table, observations, mode, batch, accepted_by),
                         rejections=p.rejections, mode=mode, accepted_by=accepted_by)


_ADVICE = {
    "merge": "--mode merge (mode='merge') accepts it: new columns are added at the end, upcasts made in place",
    "overwrite": "--mode overwrite (mode='overwrite') accepts it: the table's schema and data are replaced",
    "evolve": "--mode evolve (mode='evolve') accepts it: new types get their own suffixed columns",
}


def mismatch_message(p: Plan, table: TableSchema, observations: Observations, mode: str, batch: str,
                     accepted_by: str | None) -> str:
    """The table schema and the data schema side by side, each differing field marked, and the way out."""
    table_rows = [(path, str(col.foreign or col.shape.type or "record")) for path, col, _ in table.leaves()]
    data_rows = list(_data_leaves(observations.level, ""))
    bad: dict[str, str] = {}
    for r in p.rejections:
        bad.setdefault(r.path, r.situation)

    def key(path: str) -> str:
        return path.replace("[]", "")

    table_by = {key(k): (k, v) for k, v in table_rows}
    data_by = {key(k): (k, v) for k, v in data_rows}
    order = [key(k) for k, _ in table_rows] + [key(k) for k, _ in data_rows if key(k) not in table_by]
    left_w = max([len("Table schema")] + [len(f"{k}: {v}") for k, v in table_rows]) + 4
    lines = [f"batch {batch} rejected (mode {mode}): the data does not match the table's schema; nothing was "
             "written.", "", f"  {'Table schema'.ljust(left_w)}  Data schema"]
    for k in order:
        left = "{}: {}".format(*table_by[k]) if k in table_by else ""
        right = "{}: {}".format(*data_by[k]) if k in data_by else ""
        situation = next((s for path, s in bad.items() if path == k or k.startswith(path + ".")), None)
        mark = "!" if situation else " "
        note = f"   <- {_NOTES[situation]}" if situation else ""
        if situation == "case_conflict" and k not in table_by and not any(
                t.lower() == k.lower() for t in table_by):
            note = "   <- differs from another field of the batch only by case"
        lines.append(f"{mark} {left.ljust(left_w)}  {right}{note}")
    lines.append("")
    lines += [f"  {r}" for r in p.rejections]
    lines.append("")
    lines.append(_ADVICE[accepted_by] + "." if accepted_by else
                 "No mode accepts it as it is: change the data, or the rules file's policies.")
    return "\n".join(lines)


_NOTES = {
    "new_field": "not in the table",
    "narrower": "type differs (narrower than the table's)",
    "wider": "type differs (wider than the table's)",
    "incompatible": "type differs",
    "case_conflict": "differs from a table column only by case",
    "empty_name": "empty field name",
}


def _data_leaves(level: LevelObservation, prefix: str):
    """The batch's leaves written as the table's are (``s.l[]: short``; several shapes: ``a: long, string[]``)."""
    for f in level.fields:
        prims = [s for s, _ in f.shapes if not s.is_record]
        recs = [s for s, _ in f.shapes if s.is_record]
        if len(prims) == 1:
            yield prefix + f.name + "[]" * prims[0].dim, str(prims[0].type)
        elif prims or not recs:
            shapes = ", ".join(str(s) for s in prims) if prims else "null"
            yield prefix + f.name, shapes
        for dim, inner in f.children:
            yield from _data_leaves(inner, prefix + f.name + "[]" * dim + ".")
