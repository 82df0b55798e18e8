"""Rescued lines: the lines of a batch that are not JSON objects, kept with their text, file, line number and
reason in the companion table ``<table>__rescued``, committed before the batch with a ledger of its own (a re-run
after a crash does not rescue them twice)."""

from __future__ import annotations

import json
import uuid

import pyarrow as pa
import pyarrow.parquet as pq
from widen.sink.catalog import (RESCUED_SUFFIX, Attempt, load_or_create, no_library_retries, retrying,  # noqa: F401
                                snapshot_with)
from widen.errors import Absorbed, CommitUnknown
from widen.sink.ledger import read as read_ledger
from widen.sink.ledger import record as record_ledger
from widen.sink.files import data_directory, delete_files, write_parquet
from widen.sources import check_unchanged
from widen.sources.kinds import JSON_ARRAY
from widen.sources.spark_read import filesystem



def rescued_schema():
    from pyiceberg.schema import Schema
    from pyiceberg.types import BinaryType, IntegerType, NestedField, StringType

    return Schema(
        NestedField(1, "batch", StringType(), required=False),
        NestedField(2, "source", StringType(), required=False),
        NestedField(3, "line", IntegerType(), required=False),
        NestedField(4, "reason", StringType(), required=False),
        NestedField(5, "raw", StringType(), required=False,
                    doc="the line as text (invalid UTF-8 sequences replaced by U+FFFD: raw_bytes has the bytes)"),
        NestedField(6, "raw_bytes", BinaryType(), required=False, doc="the line's bytes, when not valid UTF-8"),
    )


def write_rescued(cat, table: str, bad, batch: str, prints: list, force: bool,
                  extra: dict[str, str] | None = None) -> None:
    """Append the batch's rescued lines (the parsed frame's rows with a reason) to ``<table>__rescued``, with the
    batch's files in its own ledger. When another writer rescues some of these files first, ours are dropped and
    the rest written again."""
    name = table + RESCUED_SUFFIX
    tbl = load_or_create(cat, name, rescued_schema())
    while True:
        if not force:
            absorbed = read_ledger(tbl).files
            prints = [fp for fp in prints if not absorbed.holds(fp)]
            if not prints:
                return
        files = _write(tbl, bad, batch, prints, force)
        commit_id = uuid.uuid4().hex
        try:
            check_unchanged(prints)  # (rescued lines read from other bytes than the hash's would be that file's)
            summary = {"widen.commit-id": commit_id, "widen.batch": str(batch),
                       "widen.files": json.dumps([fp.entry() for fp in prints], separators=(",", ":")),
                       **(extra or {})}
            retrying(cat, name, commit_id, lambda attempt: _commit(attempt, cat, name, files, prints, force,
                                                                    summary, commit_id))
            return
        except Absorbed:
            delete_files(tbl, files)
            tbl = cat.load_table(name)
        except CommitUnknown:
            raise
        except Exception:
            delete_files(tbl, files)
            raise


def _write(tbl, bad, batch: str, prints: list, force: bool) -> list[str]:
    """The rescued lines of ``prints``' files as one Parquet file; returns its URI (none when no line is left).
    ``bad``: a Spark DataFrame, or an Arrow table of lines held on the driver (written with pyarrow: no Spark job)."""
    from pyspark.sql import functions as F

    if isinstance(bad, pa.Table):
        return _write_arrow(tbl, bad, batch, prints, force)
    if not force:
        bad = bad.filter(F.col("source").isin([fp.path for fp in prints]))
    valid = F.is_valid_utf8(F.col("value"))
    out = bad.select(F.lit(str(batch)).alias("batch"), "source", "line", "reason",
                     F.make_valid_utf8(F.col("value")).alias("raw"),
                     F.when(~valid, F.col("value").cast("binary")).alias("raw_bytes"))
    return write_parquet(out.coalesce(1), data_directory(tbl))  # (none when no line is left: no file of no rows)


def _write_arrow(tbl, bad, batch: str, prints: list, force: bool) -> list[str]:
    """:func:`_write` of an Arrow table (``source``, ``line``, ``reason``, ``value``: bytes), the columns as Spark's
    write gives them (``raw``: the text, invalid UTF-8 replaced by U+FFFD; ``raw_bytes`` only for such a line)."""
    rows = bad.to_pylist()
    if not force:
        paths = {fp.path for fp in prints}
        rows = [r for r in rows if r["source"] in paths]
    if not rows:  # (no file of no rows)
        return []
    raws, raw_bytes = [], []
    for r in rows:
        try:
            raws.append(r["value"].decode("utf-8"))
            raw_bytes.append(None)
        except UnicodeDecodeError:
            raws.append(r["value"].decode("utf-8", "replace"))
            raw_bytes.append(r["value"])
    out = pa.table({"batch": pa.array([str(batch)] * len(rows), pa.string()),
                    "source": pa.array([r["source"] for r in rows], pa.string()),
                    "line": pa.array([r["line"] for r in rows], pa.int32()),
                    "reason": pa.array([r["reason"] for r in rows], pa.string()),
                    "raw": pa.array(raws, pa.string()), "raw_bytes": pa.array(raw_bytes, pa.binary())})
    uri = f"{data_directory(tbl)}/part-00000-{uuid.uuid4().hex}.parquet"
    system, path = filesystem(uri)
    system.create_dir(path.rsplit("/", 1)[0], recursive=True)
    pq.write_table(out, path, filesystem=system)
    return [uri]


def _commit(attempt: Attempt, cat, name: str, files: list[str], prints: list, force: bool, summary: dict,
            commit_id: str) -> None:
    tbl = attempt.tbl = no_library_retries(cat.load_table(name))
    absorbed = read_ledger(tbl)
    if snapshot_with(tbl, commit_id) is not None:
        return
    if not force:
        taken = [fp for fp in prints if absorbed.files.holds(fp)]
        if taken:  # another writer rescued some of these files first
            raise Absorbed(taken)
    attempt.committing = True
    with tbl.transaction() as tx:
        if files:  # (none: the ledger's commit alone, an empty append)
            tx.add_files(files, snapshot_properties=summary, check_duplicate_files=False)
        record_ledger(tx, tbl, absorbed, prints, batch=summary["widen.batch"], commit_id=commit_id, summary=summary)


def said_rescued(observations, said: bool = True, shown: int = 3) -> str:
    """``; rescued FILE:LINE: REASON`` for the first ``shown`` rescued lines (and how many more), or nothing
    (``said`` false: a batch whose rescued lines are said only by their count). A feed of change events says them:
    each is a change not applied."""
    if not said or not observations.rescued_count:
        return ""
    named = [f"{r.source}:{r.line}: {r.reason}" if r.line is not None else f"{r.source}: {r.reason}"
             for r in observations.rescued[:shown]]
    more = observations.rescued_count - len(named)
    return "; rescued " + "; ".join(named) + (f"; and {more} more" if more else "")


def array_hint(observations) -> str:
    """A hint for files whose first line was rescued as the opening of a JSON array (a pretty-printed ``[`` or
    ``[{...},``) that the check before any work could not tell from its first bytes
    (:func:`widen.sources.kinds.one_json_array`: an array whose first element is longer than the bytes it reads,
    or holds no object): Widen reads JSON lines, one object per line, so such a file's other lines are rescued
    too."""
    files = sorted({str(r.source) for r in observations.rescued if r.line == 1 and r.reason == "not valid JSON"
                    and (r.raw or "").lstrip("\ufeff \t").startswith("[")})
    if not files:
        return ""
    return f"; {', '.join(files[:3])}{' ...' if len(files) > 3 else ''}: {JSON_ARRAY}"
