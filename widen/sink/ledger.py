"""What a table has absorbed, for exactly-once: source files by content (SHA-256), the last micro-batch of each
streaming query, and the commit that recorded each.

The ledger is a Parquet file under the table's ``metadata/`` directory, named by the table property
:data:`PROPERTY`. Every commit of Widen writes a new ledger file (the previous one plus the commit's entries) and
sets the property **in the same Iceberg transaction** as its data: the ledger and the data land together or not at
all, and the property is table metadata, not snapshot metadata, so expiring snapshots, rewriting manifests and
compacting data files (which carry a table's properties forward) leave it whole. A table written before the ledger
existed has none: its ledger is then read from the ``widen.files`` entries of its snapshot summaries, as before,
and its next commit writes the first ledger file.

Growth: one file per commit, holding every entry (about 100 bytes per absorbed file, compressed); superseded files
are removed by ``widen maintain``. See ``docs/guarantees.md``.
"""

from __future__ import annotations

import functools
import json
import time
import uuid
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Iterable

import pyarrow as pa
import pyarrow.compute as pc
import pyarrow.parquet as pq
from pyarrow import fs

from widen.errors import InputError, LedgerMissing, WidenError  # noqa: F401
from widen.sources.spark_read import filesystem as file_system

#: the table property naming the current ledger file
PROPERTY = "widen.ledger"
#: how ledger files are named under ``<table>/metadata/``
PREFIX = "widen-ledger-"

QUERY_ID = "widen.stream.query-id"
BATCH_ID = "widen.stream.batch-id"

_COLUMNS = ("kind", "key", "path", "size", "number", "snapshot_id", "batch", "commit_id", "committed_ms")


@dataclass(frozen=True)
class Entry:
    """One absorbed thing: a source file (``kind`` ``file``, ``key`` its SHA-256) or a streaming query's last
    committed micro-batch (``kind`` ``stream``, ``key`` the query id, ``number`` the batch id)."""

    kind: str
    key: str
    path: str = ""
    size: int = 0
    number: int = 0
    snapshot_id: int | None = None
    batch: str = ""
    commit_id: str = ""
    committed_ms: int = 0

    def where(self) -> str:
        """Where it was absorbed, for messages: the snapshot (which may since have expired), the batch, when."""
        when = time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime(self.committed_ms / 1000)) if self.committed_ms \
            else None
        parts = [f"snapshot {self.snapshot_id}" if self.snapshot_id is not None else "no data"]
        if self.batch:
            parts.append(f"batch {self.batch}")
        if when:
            parts.append(when)
        return ", ".join(parts)


class _Entries(Mapping):
    """The entries of one kind, by key, read from the ledger's Arrow table as they are asked for (a ledger of
    100,000 files is not turned into 100,000 Python objects to check one batch)."""

    def __init__(self, table, kind: str):
        self._table = table
        kinds = table.column("kind").to_pylist()
        keys = table.column("key").to_pylist()
        self._rows = {k: i for i, (t, k) in enumerate(zip(kinds, keys)) if t == kind}

    def __getitem__(self, key: str) -> Entry:
        i = self._rows[key]
        return Entry(**{c: self._table.column(c)[i].as_py() for c in _COLUMNS})

    def __contains__(self, key) -> bool:
        return key in self._rows

    @functools.cached_property
    def sizes(self) -> frozenset[int]:
        """The sizes of the entries (files: equal contents have equal sizes)."""
        return frozenset(self._table.column("size").take(pa.array(list(self._rows.values()), pa.int64())).to_pylist())

    def holds(self, fp) -> bool:
        """Whether the file (a :class:`widen.sources.Fingerprint`) is one of these entries: its hash is looked at
        only when an entry has its size (it may still be being worked out)."""
        return fp.size in self.sizes and fp.sha256 in self

    def __iter__(self):
        return iter(self._rows)

    def __len__(self) -> int:
        return len(self._rows)


class Ledger:
    """A table's ledger: its entries as one Arrow table (the file's rows), with the files and streams by key."""

    def __init__(self, table=None, location: str | None = None):
        self.table = table if table is not None else _arrow([])
        #: the file it was read from; None when read from snapshot summaries (or empty)
        self.location = location
        self.files = _Entries(self.table, "file")
        self.streams = _Entries(self.table, "stream")

    @classmethod
    def of(cls, entries: Iterable[Entry], location: str | None = None) -> "Ledger":
        return cls(_arrow(list(entries)), location)

    def stream_batch(self, query: str, batch_id: int) -> Entry | None:
        """The entry showing micro-batch ``batch_id`` of ``query`` committed (its last committed batch is that one
        or a later one: Spark replays only batches it did not record), or None."""
        entry = self.streams.get(query)
        return entry if entry is not None and entry.number >= batch_id else None

    def has_commit(self, commit_id: str) -> bool:
        return bool(pc.any(pc.equal(self.table.column("commit_id"), commit_id)).as_py())


def _arrow(entries: list[Entry]):
    return pa.table({c: [getattr(e, c) for e in entries] for c in _COLUMNS}, schema=_schema())


def _schema():
    return pa.schema([("kind", pa.string()), ("key", pa.string()), ("path", pa.string()), ("size", pa.int64()),
                      ("number", pa.int64()), ("snapshot_id", pa.int64()), ("batch", pa.string()),
                      ("commit_id", pa.string()), ("committed_ms", pa.int64())])


def own_file(tbl, prop: str, prefix: str) -> str | None:
    """The path the table property ``prop`` names, which must be one Widen writes: directly under the table's own
    ``metadata/`` directory, its name starting with ``prefix``; raises :class:`InputError` in one line for any
    other path (another client can set a property to any text: Widen reads only its own files by it)."""
    value = tbl.properties.get(prop)
    if not value:
        return None
    directory = plain_path(f"{tbl.location().rstrip('/')}/metadata/")
    name = plain_path(value)[len(directory):]
    if not plain_path(value).startswith(directory) or not name.startswith(prefix) or "/" in name.rstrip("/") \
            or name.rstrip("/") in ("", ".", ".."):
        raise InputError(f"the table property {prop} of {'.'.join(tbl.name())} names {value!r}, not a file of "
                         f"Widen's in the table's metadata directory ({directory}{prefix}...): it was set by "
                         "another client; remove the property or restore the value Widen wrote")
    return value


def read(tbl) -> Ledger:
    """The table's ledger: its ledger file when the property names one, else its snapshot summaries."""
    location = own_file(tbl, PROPERTY, PREFIX)
    if not location:
        return _from_summaries(tbl)

    try:
        with tbl.io.new_input(location).open(seekable=True) as stream:
            return Ledger(pq.read_table(stream, schema=_schema()), location)
    except FileNotFoundError:
        tbl.refresh()  # a commit since we loaded the table superseded it, and `widen maintain` removed it
        if tbl.properties.get(PROPERTY) not in (None, location):
            return read(tbl)
        raise LedgerMissing(
            f"{location}: the ledger file the table's property {PROPERTY} names is missing (deleted by an "
            "orphan-file cleanup?). Without it Widen cannot tell which files the table has absorbed, and ingesting "
            "could duplicate rows: restore the file from a backup, or remove the property to fall back to the "
            "snapshot summaries, which know only the files of unexpired snapshots (docs/guarantees.md)") from None


def _from_summaries(tbl) -> Ledger:
    """A table without a ledger file (written before it existed): the ``widen.files`` entries and stream ids of
    the current snapshot's ancestry, back to the latest overwrite (whose older data is gone with it)."""
    from pyiceberg.table.snapshots import ancestors_of

    files: dict[str, Entry] = {}
    streams: dict[str, Entry] = {}
    current = tbl.current_snapshot()
    if current is None:
        return Ledger()
    overwritten = False
    for snap in ancestors_of(current, tbl.metadata):
        props = snap.summary.additional_properties if snap.summary else {}
        common = dict(snapshot_id=snap.snapshot_id, batch=props.get("widen.batch", ""),
                      commit_id=props.get("widen.commit-id", ""), committed_ms=snap.timestamp_ms)
        if not overwritten:
            for path, size, sha in json.loads(props.get("widen.files", "[]")):
                files.setdefault(sha, Entry("file", sha, path, size, **common))
        if QUERY_ID in props and BATCH_ID in props:
            query, number = props[QUERY_ID], int(props[BATCH_ID])
            if query not in streams or streams[query].number < number:
                streams[query] = Entry("stream", query, number=number, **common)
        if props.get("widen.mode") == "overwrite":
            overwritten = True
    return Ledger.of([*files.values(), *streams.values()])


def after(previous: Ledger, prints: Iterable, *, snapshot_id: int | None, batch: str, commit_id: str,
          summary: Mapping[str, str] | None = None, replace: bool = False) -> Ledger:
    """The ledger once a commit has absorbed ``prints`` (:class:`widen.sources.Fingerprint`) and, when
    ``summary`` names a streaming query and batch, that micro-batch. ``replace`` (an overwrite of the table's
    data): the files absorbed before are forgotten with their data; streams are kept."""
    now = int(time.time() * 1000)
    common = dict(snapshot_id=snapshot_id, batch=str(batch), commit_id=commit_id, committed_ms=now)
    new, seen = [], set()
    for fp in prints:
        if fp.sha256 not in seen and (replace or fp.sha256 not in previous.files):
            seen.add(fp.sha256)
            new.append(Entry("file", fp.sha256, fp.path, fp.size, **common))
    kept = previous.table
    if replace:
        kept = kept.filter(pc.equal(kept.column("kind"), "stream"))
    summary = summary or {}
    if QUERY_ID in summary and BATCH_ID in summary:
        query, number = summary[QUERY_ID], int(summary[BATCH_ID])
        last = previous.streams.get(query)
        if last is None or last.number < number:
            new.append(Entry("stream", query, number=number, **common))
            if last is not None:  # the query's last batch is the only one kept
                kept = kept.filter(pc.invert(pc.and_(pc.equal(kept.column("kind"), "stream"),
                                                     pc.equal(kept.column("key"), query))))
    return Ledger(pa.concat_tables([kept, _arrow(new)]))


def write(tbl, ledger: Ledger, snapshot_id: int | None) -> str:
    """Write ``ledger`` as a new file under the table's ``metadata/`` directory (through the table's FileIO, so
    any storage pyiceberg writes to); returns its location."""
    table = ledger.table
    location = (f"{tbl.location().rstrip('/')}/metadata/{PREFIX}{snapshot_id if snapshot_id is not None else 0}-"
                f"{uuid.uuid4().hex}.parquet")
    with tbl.io.new_output(location).create(overwrite=True) as stream:
        pq.write_table(table, stream, compression="zstd")
    return location


def record(tx, tbl, previous: Ledger, prints: Iterable, *, batch: str, commit_id: str,
           summary: Mapping[str, str] | None = None, replace: bool = False) -> Ledger:
    """Inside the transaction ``tx`` (on ``tbl``), after its data is staged: write the ledger that includes this
    commit and point the table's property at it, so both commit together."""
    if tx.table_metadata.current_snapshot_id == tbl.metadata.current_snapshot_id:
        # every commit of Widen makes a snapshot, an empty append when the batch brought no data: its summary names
        # the commit, and the append's requirement (no other writer committed since we read) guards this ledger,
        # built from the one we read, against replacing another writer's
        with tx.update_snapshot(snapshot_properties=dict(summary or {})).fast_append():
            pass
    snapshot_id = tx.table_metadata.current_snapshot_id
    new = after(previous, prints, snapshot_id=snapshot_id, batch=batch, commit_id=commit_id, summary=summary,
                replace=replace)
    tx.set_properties({PROPERTY: write(tbl, new, snapshot_id)})
    return new


def superseded(tbl) -> list[str]:
    """Ledger files under the table's ``metadata/`` directory other than the current one (each commit leaves the
    one before it behind)."""
    current = plain_path(tbl.properties.get(PROPERTY) or "")
    directory = f"{tbl.location().rstrip('/')}/metadata"
    filesystem, path = file_system(directory)  # (a local path as written: a space, a %3A)
    prefix = directory[: len(directory) - len(path)] if directory.endswith(path) else ""
    infos = filesystem.get_file_info(fs.FileSelector(path, allow_not_found=True))
    return sorted(prefix + i.path for i in infos
                  if i.type == fs.FileType.File and i.base_name.startswith(PREFIX) and plain_path(prefix + i.path) != current)


def plain_path(uri: str) -> str:
    """A local file URI as its path (``file:/x`` and ``file:///x`` as ``/x``); other URIs as they are."""
    for scheme in ("file://", "file:"):
        if uri.startswith(scheme):
            return uri[len(scheme):]
    return uri


def files(tbl) -> dict[str, int | None]:
    """The files the table has absorbed: SHA-256 -> the snapshot that added them (which may since have expired),
    from the table's ledger."""
    return {sha: e.snapshot_id for sha, e in read(tbl).files.items()}
