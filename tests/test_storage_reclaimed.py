"""What a rewrite replaced is freed: after keyed batches (copy-on-write: each replaces the files holding its keys;
merge-on-read: each writes delete files, which compaction folds in) or an overwrite, `widen maintain --older-than 0s
--files-older-than 0s` (and `widen gc`) deletes the data and delete files no remaining snapshot holds, so the files
on disk are those the current snapshot reads, and the table reads the same rows. A keyed batch commits no Parquet
file without rows."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import widen
from widen.sink.catalog import open_catalog
from widen.cli import main

pytestmark = pytest.mark.spark


def quiet(_):
    pass


def _write(path: Path, records: list) -> str:
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return str(path)


def _on_disk(warehouse: str, table: str) -> set[str]:
    """The Parquet files under the table's data directory."""
    tbl = open_catalog(None, warehouse).load_table(table)
    root = Path(tbl.location().removeprefix("file://")) / "data"
    return {str(p) for p in root.rglob("*.parquet")}


def _live(warehouse: str, table: str) -> set[str]:
    """The data and delete files the table's current snapshot reads."""
    tbl = open_catalog(None, warehouse).load_table(table)
    return {f.file_path.removeprefix("file://") for t in tbl.scan().plan_files() for f in (t.file, *t.delete_files)}


def _superseded_tombstones(warehouse: str, table: str) -> set[str]:
    """The files of a keyed table's deletes the table no longer names (each commit that changes them writes them
    anew: `widen maintain` deletes those too)."""
    from widen.keyed import TOMBSTONES

    tbl = open_catalog(None, warehouse).load_table(table)
    current = tbl.properties.get(TOMBSTONES, "").removeprefix("file://").rstrip("/")
    root = Path(tbl.location().removeprefix("file://")) / "metadata"
    return {str(p) for p in root.glob("widen-tombstones-*/**/*") if p.is_file() and str(p.parent) != current}


def _rows(warehouse: str, table: str) -> list:
    rows = open_catalog(None, warehouse).load_table(table).scan().to_arrow().to_pylist()
    return sorted(rows, key=lambda r: r["id"])


def _keyed(spark, tmp_path, mode: str = "copy-on-write") -> str:
    warehouse = str(tmp_path / "wh")
    if mode == "copy-on-write":  # (a keyed table Widen creates merges on read; one created beforehand keeps its mode)
        from pyiceberg.schema import Schema

        cat = open_catalog(None, warehouse)
        cat.create_namespace("s")
        cat.create_table("s.keyed", Schema(), properties={"write.merge.mode": "copy-on-write"})
    keyed = dict(key="id", order_by="ts", delete_when="op = 'd'")
    widen.ingest([
        _write(tmp_path / "k1.jsonl", [{"id": i, "v": i, "ts": 1} for i in range(6)]),
        _write(tmp_path / "k2.jsonl", [{"id": 1, "v": 10, "ts": 2}, {"id": 2, "op": "d", "ts": 2}]),
        _write(tmp_path / "k3.jsonl", [{"id": 3, "v": "three", "ts": 3}, {"id": 7, "v": 7, "ts": 1}]),
        _write(tmp_path / "k4.jsonl", [{"id": i, "op": "d", "ts": 9} for i in range(8)]),
        _write(tmp_path / "k5.jsonl", [{"id": 8, "v": 8, "ts": 1}]),
    ], "s.keyed", warehouse=warehouse, spark=spark, progress=quiet, **keyed)
    return warehouse


def _merged_on_read(spark, tmp_path) -> str:
    return _keyed(spark, tmp_path, mode="merge-on-read")


def _overwritten(spark, tmp_path) -> str:
    warehouse = str(tmp_path / "wh")
    widen.ingest([_write(tmp_path / "o1.jsonl", [{"id": i, "v": i} for i in range(4)]),
                  _write(tmp_path / "o2.jsonl", [{"id": 9, "v": 9}])], "s.over", warehouse=warehouse, spark=spark,
                 progress=quiet)
    widen.ingest([_write(tmp_path / "o3.jsonl", [{"id": 1, "v": "one"}])], "s.over", warehouse=warehouse,
                 spark=spark, progress=quiet, mode="overwrite")
    widen.ingest([_write(tmp_path / "o4.jsonl", [{"id": 2, "v": "two"}])], "s.over", warehouse=warehouse,
                 spark=spark, progress=quiet, mode="overwrite")
    return warehouse


@pytest.mark.parametrize("build, table", [(_keyed, "s.keyed"), (_merged_on_read, "s.keyed"),
                                          (_overwritten, "s.over")])
def test_widen_maintain_deletes_the_files_a_rewrite_replaced(spark, tmp_path, capsys, build, table):
    warehouse = build(spark, tmp_path)
    rows = _rows(warehouse, table)
    before = _on_disk(warehouse, table)
    deletes = {f.file_path for t in open_catalog(None, warehouse).load_table(table).scan().plan_files()
               for f in t.delete_files}
    assert bool(deletes) == (build is _merged_on_read)
    assert build is _merged_on_read or before - _live(warehouse, table)  # (the rewrites left what they replaced)
    graves = _superseded_tombstones(warehouse, table)
    assert main(["maintain", "--warehouse", warehouse, "--table", table, "--older-than", "0s",
                 "--files-older-than", "0s"]) == 0
    out = capsys.readouterr().out
    gone = before - _on_disk(warehouse, table)  # (merge-on-read: what compaction replaced, delete files with it)
    assert gone >= {d.removeprefix("file://") for d in deletes}
    assert f"{table}: deleted {len(gone) + len(graves)} unreferenced data files" in out, out
    assert _on_disk(warehouse, table) == _live(warehouse, table)
    assert _rows(warehouse, table) == rows


def test_widen_gc_lists_the_files_only_expired_snapshots_held(spark, tmp_path, capsys):
    """Once the snapshots that read them are expired (by any engine), the files a rewrite replaced are `widen gc`'s
    to delete; while a snapshot still reads them, never."""
    warehouse = str(tmp_path / "wh")
    widen.ingest([_write(tmp_path / "o1.jsonl", [{"id": 1, "v": 1}])], "s.gc", warehouse=warehouse, spark=spark,
                 progress=quiet)
    widen.ingest([_write(tmp_path / "o2.jsonl", [{"id": 2, "v": 2}])], "s.gc", warehouse=warehouse, spark=spark,
                 progress=quiet, mode="overwrite")
    replaced = _on_disk(warehouse, "s.gc") - _live(warehouse, "s.gc")
    assert len(replaced) == 1
    assert main(["gc", "--warehouse", warehouse, "--table", "s.gc", "--older-than", "0s"]) == 0
    assert capsys.readouterr().out == ""  # (the first snapshot still reads it)
    tbl = open_catalog(None, warehouse).load_table("s.gc")
    tbl.maintenance.expire_snapshots().by_ids(
        [s.snapshot_id for s in tbl.snapshots() if s.snapshot_id != tbl.current_snapshot().snapshot_id]).commit()
    assert main(["gc", "--warehouse", warehouse, "--table", "s.gc", "--older-than", "0s", "--delete"]) == 0
    assert capsys.readouterr().out.split() == ["deleted", "file://" + replaced.pop()]
    assert _on_disk(warehouse, "s.gc") == _live(warehouse, "s.gc")
    assert [r["id"] for r in _rows(warehouse, "s.gc")] == [2]


def test_a_keyed_batch_commits_no_file_without_rows(spark, tmp_path):
    """A batch that deletes every row of the files it rewrites, or changes nothing, commits no 0-row file."""
    warehouse = _keyed(spark, tmp_path)
    tbl = open_catalog(None, warehouse).load_table("s.keyed")
    counts = {}
    for snap in tbl.snapshots():
        for manifest in snap.manifests(tbl.io):
            for entry in manifest.fetch_manifest_entry(tbl.io, discard_deleted=False):
                counts[entry.data_file.file_path] = entry.data_file.record_count
    assert counts and 0 not in counts.values(), counts
    assert [r["id"] for r in _rows(warehouse, "s.keyed")] == [8]
