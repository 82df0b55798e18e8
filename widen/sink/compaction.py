"""Compaction of a table merged on read: the data files whose position deletes pass a threshold are rewritten with
their deletes applied, in one snapshot that removes them and their delete files (``widen maintain``).

A data file is compacted when its deletes remove at least :data:`DELETED_FRACTION` of its rows (default 0.1) or it
has at least :data:`DELETE_FILES` delete files (default 10: every keyed batch that touches it adds one, and a
reader opens each); both are table properties. A keyed writer that commits between the compaction's read and its
commit makes the compaction's commit fail; it is made again against the reloaded table (the writer's deletes are
then among those applied). A keyed writer that loses against the compaction merges again against its files."""

from __future__ import annotations

import uuid
from dataclasses import dataclass

from widen.errors import InputError
from widen.sink.catalog import load_table, no_library_retries, retryable
from widen.sink.delete_manifests import referenced_file, row_level_overwrite
from widen.sink.files import data_directory, delete_files, write_parquet
from widen.sink.partitioning import partitioned_data_files, spec_layout
from widen.sink.row_deletes import live, position_deletes
from widen.rules.words import counted

#: the table properties of the threshold: a data file's fraction of rows deleted, and its number of delete files
DELETED_FRACTION, DELETE_FILES = "widen.compact.deleted-fraction", "widen.compact.delete-files"
_DEFAULTS = {DELETED_FRACTION: 0.1, DELETE_FILES: 10}

#: attempts against a table other writers keep committing to
ATTEMPTS = 8


@dataclass
class Compacted:
    """What a compaction did: the data files it rewrote (their rows, the rows their deletes removed), the delete
    files it removed, and the files it wrote."""

    files: int = 0
    rows: int = 0
    deleted: int = 0
    delete_files: int = 0
    written: int = 0
    attempts: int = 0
    #: the table's delete files left as they are (their data files' deletes are under the threshold)
    waiting: int = 0

    def lines(self, table: str, dry_run: bool = False) -> list[str]:
        """What it did, in one line; none for a table with no delete file."""
        if not self.files:
            return [f"{table}: {counted(self.waiting, 'delete file')}, under the compaction threshold (docs/keyed.md): "
                    "nothing to compact"] if self.waiting else []
        verb = "would compact" if dry_run else "compacted"
        return [f"{table}: {verb} {counted(self.files, 'data file')} of {counted(self.rows, 'row', grouped=True)}, "
                f"{self.deleted:,} of them deleted by {counted(self.delete_files, 'delete file')}"
                + ("" if dry_run else f", into {counted(self.written, 'file')}")]


def threshold(tbl, name: str) -> float:
    """The table's value of the threshold property ``name`` (its default when unset)."""
    text = tbl.properties.get(name)
    if text is None:
        return _DEFAULTS[name]
    try:
        value = float(text)
    except ValueError:
        raise InputError(f"{'.'.join(tbl.name())}: its property {name} is {text!r}, not a number") from None
    if value < 0:
        raise InputError(f"{'.'.join(tbl.name())}: its property {name} is {text!r}; expected 0 or more")
    return value


def to_compact(tbl, everything: bool = False) -> list:
    """The scan tasks of the table's current snapshot whose data files pass the threshold (``everything``: every
    data file that has a delete file)."""
    return [t for t in _with_deletes(tbl) if _passes(tbl, t, everything)]


def _with_deletes(tbl) -> list:
    """The scan tasks of the table's current snapshot that have delete files."""
    if tbl is None or tbl.current_snapshot() is None:
        return []
    if (tbl.current_snapshot().summary or {}).get("total-delete-files") == "0":
        return []
    tasks = [t for t in tbl.scan().plan_files() if t.delete_files]
    position_deletes(tasks)
    return tasks


def _passes(tbl, task, everything: bool) -> bool:
    """Whether ``task``'s data file passes the table's threshold (``everything``: it has a delete file)."""
    gone = sum(d.record_count for d in task.delete_files)
    return everything or len(task.delete_files) >= threshold(tbl, DELETE_FILES) or \
        gone >= threshold(tbl, DELETED_FRACTION) * max(task.file.record_count, 1)


def compact(spark, cat, name: str, everything: bool = False, dry_run: bool = False) -> Compacted:
    """Compact ``name`` (see the module): returns what was done (with ``dry_run``, what would be)."""
    for attempt in range(1, ATTEMPTS + 1):
        tbl = load_table(cat, name)
        having = _with_deletes(tbl)
        tasks = [t for t in having if _passes(tbl, t, everything)]
        done = Compacted(len(tasks), sum(t.file.record_count for t in tasks),
                         sum(d.record_count for t in tasks for d in t.delete_files),
                         len({d.file_path for t in tasks for d in t.delete_files}), attempts=attempt,
                         waiting=len({d.file_path for t in having if t not in tasks for d in t.delete_files}))
        if not tasks or dry_run:
            return done
        tbl = no_library_retries(tbl)
        written = _rewrite(spark, tbl, tasks)
        try:
            _commit(tbl, tasks, written)
        except Exception as exc:
            delete_files(tbl, written)
            if not retryable(exc) or attempt == ATTEMPTS:
                raise
            continue
        done.written = len(written)
        return done
    raise AssertionError("unreachable")


def _rewrite(spark, tbl, tasks) -> list[str]:
    """The live rows of ``tasks``' data files, written as new files of the table's spec."""
    from widen.compiler.spark import spark_schema

    fields = [] if tbl.spec().is_unpartitioned() else spec_layout(tbl, tbl.schema())
    return write_parquet(live(spark, tbl.io, spark_schema(tbl.schema()), tasks), data_directory(tbl), fields)


def _commit(tbl, tasks, written: list[str]) -> None:
    """One snapshot: the compacted data files and the delete files that reference them alone out, ``written`` in."""
    compacted = {t.file.file_path for t in tasks}
    summary = {"widen.batch": "widen maintain: compaction", "widen.commit-id": uuid.uuid4().hex}
    with tbl.transaction() as tx:
        fields = [] if tbl.spec().is_unpartitioned() else spec_layout(tbl, tbl.schema())
        # (metrics from the footers, without pyiceberg's schema check: Spark declares the key's columns optional)
        added = partitioned_data_files(tx.table_metadata, tbl.io, written, fields)
        with row_level_overwrite(tx, tbl, summary) as overwrite:
            for task in tasks:
                overwrite.delete_data_file(task.file)
            for d in {d.file_path: d for t in tasks for d in t.delete_files}.values():
                if referenced_file(d) in compacted:  # (a delete file of other files too stays: it still applies)
                    overwrite.remove_delete_file(d)
            for data_file in added:
                overwrite.append_data_file(data_file)
