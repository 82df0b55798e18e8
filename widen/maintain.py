"""``widen maintain``: Iceberg table maintenance that keeps exactly-once.

Expires snapshots with pyiceberg's own maintenance API (``table.maintenance.expire_snapshots()``), then deletes
what no live snapshot needs any more and Widen wrote: ledger files the table's ledger property no longer names
(:mod:`widen.sink.ledger`) and Parquet files under ``data/widen-*`` that no remaining snapshot references. Files younger
than ``files_older_than`` (default an hour) are never deleted (an ingest still running may be about to commit
them), and a file a live snapshot references never is. A table written before the ledger existed gets its first
ledger file (from its snapshot summaries) before any snapshot expires. The ledger itself is table metadata: expiry leaves it whole (docs/guarantees.md).
"""

from __future__ import annotations

import re
import time
import uuid
from dataclasses import dataclass, field

from pyarrow import fs
from pyiceberg.table.snapshots import ancestors_of

from widen.errors import InputError
from widen.gc import orphan_files
from widen.session import spark_session
from widen.sink import compaction
from widen.sink.compaction import Compacted, to_compact
from widen.sink.catalog import existing_catalog, load_table, open_catalog
from widen.sink.faults import checkpoint
from widen.sink.ledger import PROPERTY, read, record, superseded
from widen.sources.spark_read import filesystem as file_system
from widen.rules.words import counted

_UNITS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


def duration(text: str, option: str = "--older-than") -> float:
    """Seconds in a duration like ``30s``, ``15m``, ``12h`` or ``7d``."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*([smhd])\s*", text)
    if not m:
        raise InputError(f"{option} '{text}': not a duration (a number and a unit: 30s, 15m, 12h or 7d)")
    return float(m.group(1)) * _UNITS[m.group(2)]


@dataclass
class Maintained:
    table: str
    expired: list[int] = field(default_factory=list)
    kept: int = 0
    ledger_files: list[str] = field(default_factory=list)
    data_files: list[str] = field(default_factory=list)
    #: the table had no ledger file (written before it existed): one was written from its snapshot summaries
    first_ledger: bool = False
    #: what compacting the table's files merged on read did (:mod:`widen.sink.compaction`)
    compacted: Compacted = field(default_factory=Compacted)

    def lines(self, dry_run: bool) -> list[str]:
        did = (lambda verb: f"would {verb}") if dry_run else (lambda verb: {"expire": "expired",
                                                                          "delete": "deleted"}[verb])
        first = [f"{self.table}: {'would write' if dry_run else 'wrote'} its first ledger file, from its snapshot "
                 "summaries (before expiring them)"] if self.first_ledger else []
        return first + self.compacted.lines(self.table, dry_run) + [
            f"{self.table}: {did('expire')} {counted(len(self.expired), 'snapshot')}, kept {self.kept}",
            f"{self.table}: {did('delete')} {counted(len(self.ledger_files), 'superseded ledger file')}",
            f"{self.table}: {did('delete')} {counted(len(self.data_files), 'unreferenced data file')}",
        ]


def to_expire(tbl, keep: int, older_than_seconds: float) -> tuple[list[int], int]:
    """(the snapshots to expire, how many are kept): those older than the age, except the ``keep`` newest of the
    current history and every branch or tag head."""
    current = tbl.current_snapshot()
    newest = [s.snapshot_id for s in ancestors_of(current, tbl.metadata)][:max(keep, 1)] if current else []
    protected = {ref.snapshot_id for ref in tbl.metadata.refs.values()} | set(newest)
    cutoff = (time.time() - older_than_seconds) * 1000
    expire = sorted(s.snapshot_id for s in tbl.snapshots()
                    if s.snapshot_id not in protected and s.timestamp_ms < cutoff)
    return expire, len(tbl.snapshots()) - len(expire)


def maintain(cat, name: str, *, keep: int = 1, older_than_seconds: float = 5 * 86400,
             files_older_than_seconds: float = 3600.0, dry_run: bool = False, compact: str = "threshold",
             spark=None) -> Maintained:
    """Maintain one table (see the module's docstring); with ``dry_run``, only say what would be done. Files
    younger than ``files_older_than_seconds`` (or ``older_than_seconds``, the later) are never deleted. First the
    data files merged on read are compacted (``compact``: ``threshold``, those whose deletes pass the table's
    threshold; ``all``, every one with a delete file; ``none``): with ``spark``, or a session started for it when
    there is something to compact."""
    out = Maintained(name)
    out.compacted = _compacted(cat, name, compact, dry_run, spark)
    tbl = cat.load_table(name)
    if not tbl.properties.get(PROPERTY) and tbl.current_snapshot() is not None:
        # written before the ledger existed: its ledger is its snapshot summaries, which expiry would take;
        # write it as a ledger file first (one commit of no data)
        out.first_ledger = True
        if not dry_run:
            commit_id = uuid.uuid4().hex
            with tbl.transaction() as tx:
                record(tx, tbl, read(tbl), [], batch="widen maintain", commit_id=commit_id,
                       summary={"widen.commit-id": commit_id, "widen.batch": "widen maintain"})
            tbl = cat.load_table(name)
    out.expired, out.kept = to_expire(tbl, keep, older_than_seconds)
    if out.expired and not dry_run:
        tbl.maintenance.expire_snapshots().by_ids(out.expired).commit()
        tbl = cat.load_table(name)
    checkpoint("maintain-after-expire")
    files_age = max(older_than_seconds, files_older_than_seconds)
    cutoff = time.time() - files_age
    out.ledger_files = [f for f in superseded(tbl) if _mtime(f) <= cutoff]
    if not dry_run:
        for f in out.ledger_files:
            tbl.io.delete(f)
    checkpoint("maintain-after-ledger-files")
    # in a dry run the snapshots to expire are still there: leave them out, as the real run will have
    out.data_files = orphan_files(tbl, files_age, frozenset(out.expired) if dry_run else frozenset())
    if not dry_run:
        for f in out.data_files:
            tbl.io.delete(f)
    return out


def compact(table: str, *, catalog: str | None = None, warehouse: str = "warehouse", spark=None,
            everything: bool = False, dry_run: bool = False) -> Compacted:
    """Compact ``table`` (NAMESPACE.NAME), a keyed table merged on read: its data files whose position deletes
    pass the table's threshold (``everything``: every one that has a delete file) rewritten with their deletes
    applied, in one snapshot (:mod:`widen.sink.compaction`); a session is started when there is something to
    compact and no ``spark`` is given. ``widen maintain`` does it first."""
    existing_catalog(table, catalog, warehouse)
    cat = open_catalog(catalog, warehouse)
    if load_table(cat, table) is None:
        raise InputError(f"no table {table} in {catalog or warehouse}")
    return _compacted(cat, table, "all" if everything else "threshold", dry_run, spark)


def _compacted(cat, name: str, compact: str, dry_run: bool, spark) -> Compacted:
    """:func:`widen.sink.compaction.compact` of the table as ``compact`` asks (a session started only when a file
    is to be compacted)."""
    if compact not in ("threshold", "all", "none"):
        raise InputError(f"--compact {compact!r}: expected threshold, all or none")
    if compact == "none":
        return Compacted()
    if not to_compact(cat.load_table(name), compact == "all"):  # (nothing to compact: no session)
        return compaction.compact(None, cat, name, compact == "all", dry_run=True)
    if spark is None and not dry_run:
        spark = spark_session()
    return compaction.compact(spark, cat, name, compact == "all", dry_run)


def _mtime(uri: str) -> float:
    """When the file was last written; infinitely late for a file that is not there (nothing to delete)."""
    filesystem, path = file_system(uri)
    info = filesystem.get_file_info(path)
    if info.type == fs.FileType.NotFound:
        return float("inf")
    return info.mtime.timestamp() if info.mtime is not None else 0.0
