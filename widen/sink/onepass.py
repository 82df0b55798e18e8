"""One pass for a batch that fits the table as it is (docs/architecture.md#one-pass).

Most batches of a feed add nothing: every value has a home in the table's columns. Such a batch is planned before
it is read, from the table alone (:func:`widen.engine.envelope.envelope`: every (field, shape) the table's columns
hold), and read once: each task routes its lines by that plan as the native pass observes them, in the same parse
(``NativeRouter.observing``), and Spark writes the rows. Once the files are written, the batch's own plan is made
from what the tasks observed; when each of its routes is the speculative plan's
(:func:`widen.engine.envelope.within`), the files are the batch's, and the commit takes them as written (against
the table the plan was made from: a table changed meanwhile is planned again, and the files rewritten when the
projection changed, as for any batch). Otherwise (a value of a shape the table has no column for, a mode that
refuses the batch) the files are deleted and the batch takes the two passes, its observation kept: only the write
is made again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from widen.compiler.iceberg import from_iceberg, iceberg_primitives, read_hints, to_iceberg
from widen.engine.modes import effective_mode
from widen.engine.envelope import envelope, within
from widen.engine.planner import plan
from widen.engine.typed import rules_for
from widen.sink.commit import files_key, partition_fields
from widen.sink.prepare import BatchPlan, prepare
from widen.progress import spark_progress
from widen.sink.report import BatchReport, timed
from widen.sources import check_unchanged
from widen.sources.engines import one_pass_allowed
from widen.sink.files import data_directory, delete_files, write_parquet


@dataclass
class Ahead:
    """What the one pass left: whether the batch is observed; its plan, the partition fields and the files when
    the files are the batch's (the table they are in: deleted unless a commit takes them, :meth:`hand_over`); the
    batch's plan when they are not (``fallback``: the two passes write by it, against the same table)."""

    observed: bool = False
    planned: BatchPlan | None = None
    fallback: BatchPlan | None = None
    fields: list = field(default_factory=list)
    written: list[str] = field(default_factory=list)
    key: object = None
    tbl: object = None

    def hand_over(self) -> tuple[list[str], object] | None:
        """The files and their key, for the commit, which deletes them if it does not land (None: none)."""
        if self.planned is None:
            return None
        written, self.written = self.written, []
        return written, self.key

    def discard(self) -> None:
        """Delete the files no commit took."""
        if self.written:
            delete_files(self.tbl, self.written)
            self.written = []


def speculate(tbl, batch) -> BatchPlan | None:
    """The batch planned from the table alone (None when the table has no columns yet, the mode replaces them,
    or the plan would change the table: a batch to observe first)."""
    if tbl is None or not tbl.schema().fields or batch.mode == "overwrite":
        return None
    current = tbl.schema()
    r = rules_for(batch.rules, (), iceberg_primitives(current)).with_mode(effective_mode(batch.mode, True))
    schema = from_iceberg(current, r, read_hints(tbl.properties))
    p = plan(schema, envelope(schema, r), r, format_version=tbl.format_version)
    if p.changes_schema or not p.accepted:
        return None
    return BatchPlan(r, p, to_iceberg(p.schema, r, current, hints={}), {}, False, None, tbl.metadata_location)


def one_pass(tbl, batch, report: BatchReport, say) -> Ahead:
    """Write the batch in one pass where it may fit ``tbl`` (the table as loaded; the report says which way the
    batch went). Where no pass was made, or the pass declined the batch, it is left unobserved. A batch the mode
    refuses raises :class:`~widen.engine.modes.SchemaMismatch`, its files deleted."""
    source = batch.source
    if not one_pass_allowed(source, batch.upsert):  # (the chooser's: WIDEN_ONE_PASS, an append, read by Spark)
        return Ahead()
    spec = speculate(tbl, batch)
    frame = source.observing(spec.plan, spec.rules) if spec is not None else None
    if frame is None:
        return Ahead()
    ahead = Ahead(tbl=tbl)
    try:
        with timed(report, "one pass"), spark_progress(source.spark, f"{Path(str(batch.name)).name}: one pass"):
            ahead.written = write_parquet(frame, data_directory(tbl), partition_fields(
                tbl, spec, batch.partition_by, batch.table)[1])
        check_unchanged(batch.prints)  # (read once: the bytes observed are those written, and the ledger's hash theirs)
        source.check_unchanged()
        ahead.observed, missed = source.observed_in_pass(batch.rules)
        if not ahead.observed:
            ahead.discard()
            return ahead
        with timed(report, "plan"):
            planned = prepare(tbl, batch.rules, batch.mode, source, batch.name)
        if missed or not within(planned.plan, spec.plan):
            ahead.discard()
            ahead.fallback = planned
            report.passes, report.passes_why = 2, _why(planned, missed)
            say(f"two passes: {report.passes_why}")
            return ahead
        ahead.planned, report.passes = planned, 1
        ahead.fields = partition_fields(tbl, planned, batch.partition_by, batch.table)
        ahead.key = files_key(source, planned, ahead.fields[1])
        return ahead
    except BaseException:
        ahead.discard()
        raise


def _why(planned: BatchPlan, missed: str) -> str:
    """Why a batch one pass wrote is written again: what it changes in the table, else the value the speculative
    plan had no route for."""
    changed = [".".join(a.parent + (a.column.name,)) for a in planned.plan.additions]
    changed += [str(p) for p in planned.plan.promotions]
    if changed:
        return f"it changes the table ({', '.join(changed[:3])}{', ...' if len(changed) > 3 else ''})"
    return missed or "its plan routes a value otherwise than the table's"
