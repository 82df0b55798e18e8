"""The commit of one batch: plan it against the table as loaded, write its Parquet files with Spark, and commit
the schema change, the files and the ledger in one pyiceberg transaction. On a conflict with another writer the
attempt is made again against the reloaded table (:func:`widen.sink.catalog.retrying`): re-planned, its files rewritten
only when the projection changed, its transaction rebuilt."""

from __future__ import annotations

import json
import uuid
from dataclasses import dataclass, field
from pathlib import Path

from widen.compiler.iceberg import TYPES_PROPERTY, hint_ids, read_hints
from widen.sink.partitioning import (add_spec, check_asked, partitioned_data_files, layout, replaced_columns, source_paths,
                                     spec_layout)
from widen.sink.prepare import BatchPlan, prepare
from widen.sink.catalog import (Attempt, Created, Landed, discard_created, load_or_create, load_table,
                                no_library_retries, retrying, snapshot_with, values_written)
from widen.errors import Absorbed, CatalogLocked, CommitUnknown, InputError, WidenError
from widen.rules.words import counted
from widen.sink import contract
from widen.sink.faults import checkpoint
from widen.sink.ledger import read as read_ledger
from widen.sink.ledger import record as record_ledger
from widen.progress import spark_progress
from widen.sink.report import BatchReport, timed
from widen.sources import check_unchanged
from widen.jobs import session_settings, write_settings
from widen.session import undone_if_interrupted
from widen.sink.files import data_directory, delete_files, write_parquet


@dataclass(frozen=True)
class Batch:
    """What is committed: the batch's name and files, its data, and how (mode, rules, partition terms)."""

    table: str
    name: str
    prints: list
    source: object
    rules: object
    mode: str
    force: bool = False
    #: entries added to the snapshot summary
    summary: dict = field(default_factory=dict)
    #: the partition terms a table gets with its first columns (:mod:`widen.sink.partitioning`)
    partition_by: list | None = None
    #: a keyed write (:class:`widen.keyed.Upsert`: what the commit asks of it, it does), or None: an append
    upsert: object = None


@dataclass
class _Files:
    """The files the attempts wrote, and whether the current attempt's commit may have landed."""

    written: list[str] = field(default_factory=list)
    key: object = None
    may_have_landed: bool = False
    #: a keyed write's merge (:class:`widen.keyed.Merged`) whose files are ``written``
    merged: object = None
    #: the plan the files were written by (the same plan writes the same files: no key to compute)
    plan: object = None
    #: the table as the landed commit left it (its snapshot is the report's)
    committed: object = None
    #: what the attempts created in the catalog (dropped again when the batch does not land)
    created: Created = field(default_factory=Created)


def commit_batch(cat, batch: Batch, report: BatchReport, say, first: BatchPlan | None = None,
                 written: tuple[list[str], object] | None = None, fields=None) -> None:
    """Plan, write and commit the batch, retrying conflicts; ``first``: a plan already made (reused when the table
    has not changed since), ``fields`` its :func:`partitioning`; ``written``: the files already written for it and
    their :func:`files_key` (one pass: kept unless a new plan's projection differs). Files of a commit that did not
    land are deleted; those of one that may have (the catalog cannot tell) are kept for ``widen gc``."""
    commit_id = uuid.uuid4().hex
    files = _Files(*written) if written is not None else _Files()
    if written is not None:
        files.plan = first
    try:
        with undone_if_interrupted(lambda: _undo(cat, batch.table, files)):
            result = retrying(cat, batch.table, commit_id,
                              lambda attempt: _attempt(attempt, cat, batch, report, say, commit_id, files, first,
                                                       fields),
                              say, not_landed=lambda: setattr(files, "may_have_landed", False))
    except CommitUnknown:
        raise
    except Exception as exc:  # known not to have landed
        files.may_have_landed = False
        _undo(cat, batch.table, files, catalog=not isinstance(exc, CatalogLocked))
        raise
    except BaseException:  # Ctrl-C: the files stay if the commit may have landed
        _undo(cat, batch.table, files)
        raise
    if isinstance(result, Landed):
        report.recovered = True
        if result.snapshot_id == -1:  # an earlier attempt's commit, found by the next one
            _finish(files.committed, commit_id, report)
            return
        files.committed = None  # (the attempt's table is from before a commit that failed, and landed)
    checkpoint("after-commit")
    _finish(files.committed if files.committed is not None else load_table(cat, batch.table), commit_id, report)


def _undo(cat, table: str, files: _Files, catalog: bool = True) -> None:
    """What a batch that did not land leaves: nothing, unless its commit may have landed (the catalog cannot tell:
    its files are kept for ``widen gc``). Its files are deleted, by the file IO of the table as an attempt loaded it
    (whatever is left, ``widen gc`` lists), and the table this batch created is dropped while it is still empty,
    unless the catalog is what failed (``catalog`` false: locked past its bound; a table left empty reads)."""
    if files.may_have_landed:
        return
    written, files.written = files.written, []
    if written and (files.committed is not None or catalog):
        delete_files(files.committed if files.committed is not None else load_table(cat, table), written)
    if catalog:
        try:
            discard_created(cat, table, files.created)
        except Exception:  # (the batch's own failure is what the user hears; an empty table left reads, and is used)
            pass


def _attempt(attempt: Attempt, cat, batch: Batch, report: BatchReport, say, commit_id: str, files: _Files,
             first: BatchPlan | None, first_fields):
    """One attempt: returns None once committed, ``Landed(-1)`` when an earlier attempt had committed after all."""
    report.attempts = attempt.number
    tbl = attempt.tbl = files.committed = (no_library_retries(attempt.reloaded) if attempt.reloaded is not None
                                           else load_or_create(cat, batch.table, created=files.created))
    absorbed = read_ledger(tbl)
    contract.check(contract.recorded(tbl.properties), batch.rules, batch.table)  # (another writer's migrate)
    if snapshot_with(tbl, commit_id) is not None or absorbed.has_commit(commit_id):
        files.written = []  # they belong to the table
        return Landed(-1)
    files.may_have_landed = False
    if not batch.force:
        taken = [fp for fp in batch.prints if absorbed.files.holds(fp)]
        if taken:
            raise Absorbed(taken)
    with timed(report, "plan"):
        fresh = first is not None and _still(first, tbl)
        planned = first if fresh else prepare(tbl, batch.rules, batch.mode, batch.source, batch.name)
    report.fields_added = [".".join(a.parent + (a.column.name,)) for a in planned.plan.additions]
    report.promoted = [str(pr) for pr in planned.plan.promotions]
    creating, fields = (first_fields if fresh and first_fields is not None
                        else partition_fields(tbl, planned, batch.partition_by, batch.table))
    merged = None
    if planned.observations.records:
        with timed(report, "write"), spark_progress(batch.source.spark, f"{Path(str(batch.name)).name}: writing"):
            merged = _write(tbl, batch, planned, fields, files, say)
    checkpoint("after-write")
    summary = _summary(batch, commit_id, report)
    files.may_have_landed = attempt.committing = True
    with timed(report, "commit"), tbl.transaction() as tx:
        _transaction(tx, tbl, planned, creating, fields, files.written if merged is None else [], summary,
                     batch.upsert)
        if merged is not None:
            report.keyed = batch.upsert.commit(tx, tbl, merged, fields, summary)
        # the ledger commits with the data, in this transaction (also for a batch with no records)
        record_ledger(tx, tbl, absorbed, batch.prints, batch=str(batch.name), commit_id=commit_id, summary=summary,
                      replace=planned.replace)
    files.written = []  # committed: they belong to the table now
    return None


def _still(first: BatchPlan, tbl) -> bool:
    """Whether ``first`` is the plan of the batch against ``tbl`` too: the table it was made against, or, for a
    plan made against no table, a table just created (no columns, no snapshot, no property of Widen's)."""
    if first.against is not None:
        return first.against == tbl.metadata_location
    return (not tbl.schema().fields and tbl.current_snapshot() is None and tbl.spec().is_unpartitioned()
            and not any(name.startswith("widen.") for name in tbl.properties))


def partition_fields(tbl, planned: BatchPlan, partition_by, table: str):
    """(the terms of the spec this commit gives the table, or None; the spec's fields the files are written by).
    Raises :class:`~widen.errors.InputError` when the batch cannot be written by them, or when ``partition_by`` is
    not the spec of a table that has columns now (another writer may have created it since the run began)."""
    if tbl is None:
        return partition_by, layout(partition_by, planned.target) if partition_by else []
    check_asked(partition_by, tbl, table)
    creating = partition_by if not tbl.schema().fields and tbl.spec().is_unpartitioned() else None
    if creating:
        return creating, layout(creating, planned.target)
    if tbl.spec().is_unpartitioned():
        return None, []
    return None, spec_layout(tbl, planned.target, planned.replace)


def _write(tbl, batch: Batch, planned: BatchPlan, fields, files: _Files, say):
    """Write the batch's Parquet files, unless those of an earlier attempt hold the same projection; a keyed
    batch's: the files it rewrites, merged (returns its :class:`widen.keyed.Merged`; kept for another attempt
    only when the table's files that may hold the batch's keys and its deletes are the same)."""
    if batch.upsert is not None:
        return batch.upsert.write(tbl, batch, planned, fields, files, say)
    if files.plan is planned and files.written:
        return
    key = files_key(batch.source, planned, fields)
    if key == files.key:
        files.plan = planned
        return
    if files.written:
        say("the table changed under us and so did the projection: rewriting the batch's files")
    delete_files(tbl, files.written)
    files.written, files.key = [], None
    with session_settings(batch.source.spark, write_settings(planned.observations.records)):
        try:
            compiled = batch.source.compile(planned.plan, planned.rules)
            directory = data_directory(tbl)
            files.written = write_parquet(batch.source.projected(compiled), directory, fields)
            if not files.written:  # (records, and no file where Spark was told to write them: never a silent loss)
                raise WidenError(f"Spark wrote no file under {directory} for {counted(planned.observations.records, 'record')}; "
                                 "nothing was committed")
        except Exception:
            check_unchanged(batch.prints)  # a file rewritten under the batch fails the native router's job: say so
            batch.source.check_unchanged()
            raise
    try:
        check_unchanged(batch.prints)
        batch.source.check_unchanged()
    except InputError:
        delete_files(tbl, files.written)
        files.written = []
        raise
    files.key, files.plan = key, planned


def files_key(source, planned: BatchPlan, fields) -> tuple:
    """What a batch's files depend on: its compiled projection and the partition fields they are written by (two
    plans with the same key write the same files)."""
    compiled = source.compile(planned.plan, planned.rules)
    return compiled.key, fields_key(fields)


def fields_key(fields) -> tuple:
    """The partition fields files are written by, as a key to compare two attempts' by."""
    return tuple((f.name, str(f.transform), f.path) for f in fields)


def _summary(batch: Batch, commit_id: str, report: BatchReport) -> dict[str, str]:
    """The snapshot summary: the commit id, the batch and its files (the ledger's source), what it did (its records
    and rescued lines as its report counts them)."""
    return {
        "widen.commit-id": commit_id,
        "widen.batch": str(batch.name),
        "widen.files": json.dumps([fp.entry() for fp in batch.prints], separators=(",", ":")),
        "widen.records": str(report.records),  # (as the batch line says them: a keyed batch's keyless rows counted)
        "widen.rescued": str(report.rescued),
        "widen.fields-added": ",".join(report.fields_added),
        "widen.mode": batch.mode,
        **contract.summary(batch.rules),
        **batch.summary,
    }


def _transaction(tx, tbl, planned: BatchPlan, creating, fields, written: list[str], summary: dict,
                 upsert=None) -> None:
    """The schema change, the spec a new table gets, the storage hints and the files, in ``tx``; ``upsert``: a
    keyed write's (:class:`widen.keyed.Upsert`)."""
    current = tbl.schema()
    if planned.replace:  # overwrite: the old columns go (a partition source stays), the batch's come
        kept = source_paths(tbl) if not tbl.spec().is_unpartitioned() else set()
        with tx.update_schema(allow_incompatible_changes=True) as update:
            for path in replaced_columns(current, kept):
                update.delete_column(path)
        tx.update_schema().union_by_name(planned.target).commit()
    elif planned.plan.changes_schema or not current.fields:
        # (a keyed table's key columns stay required: its identifier fields)
        target = planned.target if upsert is None else upsert.schema(planned.target)
        adds_key = upsert is not None and upsert.adds_key(current)
        # (a required key column can be added only as an incompatible change: pyiceberg's checks stay otherwise)
        tx.update_schema(allow_incompatible_changes=adds_key).union_by_name(target).commit()
    if creating:  # the spec comes with the columns it partitions by
        add_spec(tx, creating)
    # the hints name columns by their full names: their ids are those the schema update gave
    hints = hint_ids(tx.table_metadata.schema(), planned.hints)
    if hints != read_hints(tbl.properties):
        tx.set_properties({TYPES_PROPERTY: json.dumps({str(k): v for k, v in hints.items()}, sort_keys=True)})
    recorded = contract.properties(planned.rules)
    if any(tbl.properties.get(k) != v for k, v in recorded.items()):  # the rules the table is written under
        tx.set_properties(recorded)
    if planned.replace and tbl.current_snapshot() is not None:
        _overwrite_files(tx, tbl, written, summary, fields)  # one snapshot: old files out, new ones in
    elif written and fields:
        _append_files(tx, partitioned_data_files(tx.table_metadata, tbl.io, written, fields), summary)
    elif written:
        # new files in a directory of this attempt's own: the duplicate check (a read of every manifest of the
        # table) cannot find one
        tx.add_files(written, snapshot_properties=summary, check_duplicate_files=False)


def _overwrite_files(tx, tbl, written: list[str], summary: dict[str, str], fields) -> None:
    """One ``overwrite`` snapshot that removes every data file of the table's current snapshot and adds
    ``written`` (readers of the table's history see one change, not a delete and then an append)."""
    from pyiceberg.table import _parquet_files_to_data_files

    added = (partitioned_data_files(tx.table_metadata, tbl.io, written, fields) if fields
             else _parquet_files_to_data_files(tx.table_metadata, written, tbl.io))
    with tx.update_snapshot(snapshot_properties=summary).overwrite() as overwrite:
        for task in tbl.scan().plan_files():
            overwrite.delete_data_file(task.file)
        for data_file in added:
            overwrite.append_data_file(data_file)


def _append_files(tx, files: list, summary: dict[str, str]) -> None:
    """Append data files built here (a partitioned table's: pyiceberg's ``add_files`` infers partition values from
    column bounds, which a bucket or a long string cannot give), as ``add_files`` does: a name mapping for Spark's
    files (they carry no field ids), the table's choice of merged or fast append."""
    metadata = tx.table_metadata
    if metadata.name_mapping() is None:
        tx.set_properties(**{"schema.name-mapping.default": metadata.schema().name_mapping.model_dump_json()})
    merged = metadata.properties.get("commit.manifest-merge.enabled", "false").lower() == "true"
    snapshot = tx.update_snapshot(snapshot_properties=summary)
    with (snapshot.merge_append() if merged else snapshot.fast_append()) as append:
        for data_file in files:
            append.append_data_file(data_file)


def _finish(tbl, commit_id: str, report: BatchReport) -> None:
    """The report's snapshot and values, from ``tbl``, the table as committed (pyiceberg's transaction leaves the
    table it committed on at the metadata the commit wrote)."""
    snap = snapshot_with(tbl, commit_id)
    report.snapshot_id = snap.snapshot_id if snap else None
    report.values = values_written(tbl, report.snapshot_id) if snap is not None and report.snapshot_id else 0
