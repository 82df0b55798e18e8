"""Keyed tables merged on read: a keyed batch writes its winners and Iceberg v2 position deletes (no stored data file
rewritten) that pyiceberg, DuckDB's Iceberg extension and ``widen.read`` all apply; the mode is the table's own
property; compaction rewrites files with their deletes applied; the module that extends pyiceberg's manifest writer
fails loudly on a pyiceberg it was not tested with."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pyarrow.parquet as pq
import pytest

import widen
from test_three_readers import duck_connection
from widen.cli import main
from widen.errors import InputError, WidenError
from widen.sink.catalog import open_catalog

KEYED = {"key": "id", "order_by": "ts", "delete_when": "op = 'd'"}


def _write(path: Path, records: list) -> str:
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return str(path)


def _ingest(spark, tmp_path, name: str, records: list, warehouse: str, table: str = "d.t", **kw):
    return widen.ingest([_write(tmp_path / name, records)], table, warehouse=warehouse, spark=spark,
                        progress=lambda m: None, **{**KEYED, **kw})


def three_reads(spark, warehouse: str, table: str = "d.t", snapshot_id: int | None = None) -> list:
    """The table's rows (at ``snapshot_id``: that snapshot's files and deletes, projected on the columns of its
    schema) as pyiceberg, ``widen.read`` and DuckDB read them (each sorted by id); asserts they agree."""
    tbl = open_catalog(None, warehouse).load_table(table)
    schema = tbl.schema() if snapshot_id is None else tbl.schemas()[tbl.snapshot_by_id(snapshot_id).schema_id]
    names = [f.name for f in schema.fields]
    by_pyiceberg = sorted((tuple(r[n] for n in names)
                           for r in tbl.scan(snapshot_id=snapshot_id).to_arrow().to_pylist()), key=lambda r: r[:1])
    by_widen = sorted((tuple(r) for r in widen.read(spark, table, warehouse=warehouse, snapshot_id=snapshot_id)
                       .select(*[f"`{n}`" for n in names]).collect()), key=lambda r: r[:1])
    con = duck_connection()
    metadata = tbl.metadata_location.removeprefix("file://")
    if not names:  # (a table every record of which was rescued has no column, which DuckDB cannot bind)
        assert by_pyiceberg == by_widen == []
        return by_pyiceberg
    at = "" if snapshot_id is None else f", snapshot_from_id => {int(snapshot_id)}"
    by_duckdb = sorted(con.execute(f"SELECT {', '.join(chr(34) + n + chr(34) for n in names)} "
                                   f"FROM iceberg_scan(?{at})", [metadata]).fetchall(), key=lambda r: r[:1])
    assert by_pyiceberg == by_widen == by_duckdb, snapshot_id
    return by_pyiceberg


def prices(spark, warehouse: str) -> dict:
    """Each id's price, as the three readers read it alike."""
    names = [f.name for f in open_catalog(None, warehouse).load_table("d.t").schema().fields]
    return {r[0]: r[names.index("price")] for r in three_reads(spark, warehouse)}


def _snapshot(warehouse: str, table: str = "d.t") -> dict:
    return dict(open_catalog(None, warehouse).load_table(table).current_snapshot().summary.additional_properties)


SEED = [{"id": i, "op": "c", "ts": 1, "price": 10 * i} for i in range(1, 7)]
CHANGES = [{"id": 2, "op": "u", "ts": 2, "price": "n/a"}, {"id": 3, "op": "d", "ts": 2}, {"id": 9, "ts": 2, "price": 90},
           {"id": 1, "op": "u", "ts": 0, "price": 11}]
AFTER = [(1, "c", 10, 1, None), (2, "u", None, 2, "n/a"), (4, "c", 40, 1, None), (5, "c", 50, 1, None),
         (6, "c", 60, 1, None), (9, None, 90, 2, "90")]


def test_a_keyed_table_widen_creates_merges_on_read(spark, tmp_path):
    """The table gets Iceberg's three write-mode properties as merge-on-read; a batch that updates, deletes,
    inserts and loses a late event adds its winners and one position delete file, removes no data file, and every
    reader reads the same rows."""
    wh = str(tmp_path / "wh")
    _ingest(spark, tmp_path, "seed.jsonl", SEED, wh)
    props = open_catalog(None, wh).load_table("d.t").properties
    assert {m: props.get(m) for m in ("write.merge.mode", "write.update.mode", "write.delete.mode")} == dict.fromkeys(
        ("write.merge.mode", "write.update.mode", "write.delete.mode"), "merge-on-read")
    [report] = _ingest(spark, tmp_path, "changes.jsonl", CHANGES, wh)
    summary = _snapshot(wh)
    assert summary.get("added-position-deletes") == "2" and summary.get("added-delete-files") == "1", summary
    assert "deleted-data-files" not in summary and summary.get("added-records") == "2", summary
    assert "no file rewritten, 2 rows deleted by position in 1 delete file" in report.keyed, report.keyed
    assert three_reads(spark, wh) == AFTER


def test_position_delete_files_are_the_specs(spark, tmp_path):
    """A delete file holds ``file_path`` and ``pos`` under the spec's reserved field ids, sorted by position, of one
    data file (both bounds of ``file_path`` are its path), in a manifest whose content is deletes."""
    from pyiceberg.manifest import DataFileContent, ManifestContent

    wh = str(tmp_path / "wh")
    _ingest(spark, tmp_path, "seed.jsonl", SEED, wh)
    _ingest(spark, tmp_path, "changes.jsonl", [{"id": 5, "ts": 3, "price": 1}, {"id": 2, "ts": 3, "price": 2}], wh)
    tbl = open_catalog(None, wh).load_table("d.t")
    manifests = tbl.current_snapshot().manifests(tbl.io)
    deletes = [m for m in manifests if m.content == ManifestContent.DELETES]
    assert len(deletes) == 1
    [entry] = deletes[0].fetch_manifest_entry(tbl.io)
    d = entry.data_file
    assert d.content == DataFileContent.POSITION_DELETES and d.record_count == 2
    [task] = [t for t in tbl.scan().plan_files() if t.delete_files]
    assert d.lower_bounds[2147483546] == d.upper_bounds[2147483546] == task.file.file_path.encode()
    with tbl.io.new_input(d.file_path).open() as stream:
        table = pq.read_table(stream)
    assert table.column_names == ["file_path", "pos"]
    assert [f.metadata[b"PARQUET:field_id"] for f in table.schema] == [b"2147483546", b"2147483545"]
    assert table.column("file_path").to_pylist() == [task.file.file_path] * 2
    positions = table.column("pos").to_pylist()
    assert positions == sorted(positions) and len(set(positions)) == 2


@pytest.mark.parametrize("named_after_sort", [2000, 0], ids=["path named after the sort", "path carried"])
def test_delete_files_spark_writes_are_the_specs(spark, tmp_path, monkeypatch, named_after_sort):
    """A batch too large for the driver's delete files (here: any batch) has Spark write them: one per data file,
    each row naming that file, under the spec's field ids, sorted by position, as many as the rows deleted; the
    path named after the rows are shuffled and sorted as numbers, or carried through (a table of many files)."""
    import random

    from widen.sink import row_deletes

    monkeypatch.setenv("WIDEN_KEYED_BROADCAST_RECORDS", "0")
    monkeypatch.setattr(row_deletes, "NAMED_AFTER_SORT", named_after_sort)
    wh = str(tmp_path / "wh")
    for part in range(2):  # (two data files)
        _ingest(spark, tmp_path, f"seed{part}.jsonl",
                [{"id": i, "op": "c", "ts": 1, "price": i} for i in range(part * 300, part * 300 + 300)], wh)
    ids = random.Random(5).sample(range(600), 120)
    _ingest(spark, tmp_path, "changes.jsonl", [{"id": i, "ts": 2, "price": -i} for i in ids], wh)
    tbl = open_catalog(None, wh).load_table("d.t")
    tasks = [t for t in tbl.scan().plan_files() if t.delete_files]
    assert len(tasks) == 2 and all(len(t.delete_files) == 1 for t in tasks)
    for task in tasks:
        [d] = task.delete_files
        with tbl.io.new_input(d.file_path).open() as stream:
            table = pq.read_table(stream)
        assert [f.metadata[b"PARQUET:field_id"] for f in table.schema] == [b"2147483546", b"2147483545"]
        assert set(table.column("file_path").to_pylist()) == {task.file.file_path}
        positions = table.column("pos").to_pylist()
        assert positions == sorted(set(positions)) and len(positions) == d.record_count
    assert sum(d.record_count for t in tasks for d in t.delete_files) == 120
    assert {r[0]: r[2] for r in three_reads(spark, wh)} == {i: (-i if i in ids else i) for i in range(600)}


def test_an_existing_copy_on_write_table_keeps_its_mode(spark, tmp_path):
    """A table that was not keyed (and so has Iceberg's default, copy-on-write) stays copy-on-write when a batch
    keys it: the batch rewrites the file that holds its keys and writes no delete file."""
    wh = str(tmp_path / "wh")
    widen.ingest([_write(tmp_path / "plain.jsonl", SEED)], "d.t", warehouse=wh, spark=spark, progress=lambda m: None)
    [report] = _ingest(spark, tmp_path, "changes.jsonl", CHANGES, wh)
    props = open_catalog(None, wh).load_table("d.t").properties
    assert "write.merge.mode" not in props
    summary = _snapshot(wh)
    assert summary.get("total-delete-files") == "0" and summary.get("deleted-data-files") == "1", summary
    assert "rewritten" in report.keyed and "deleted by position" not in report.keyed
    assert three_reads(spark, wh) == AFTER


def test_the_mode_property_chooses_and_a_bad_value_is_refused(spark, tmp_path):
    """A keyed table set to copy-on-write rewrites, and one set back to merge-on-read writes deletes again, which a
    copy-on-write batch then applies and removes with the files it rewrites; a value that is neither is refused
    naming the property."""
    wh = str(tmp_path / "wh")
    _ingest(spark, tmp_path, "seed.jsonl", SEED, wh)

    def mode(value):
        tbl = open_catalog(None, wh).load_table("d.t")
        with tbl.transaction() as tx:
            tx.set_properties({"write.merge.mode": value})

    _ingest(spark, tmp_path, "b1.jsonl", [{"id": 1, "ts": 5, "price": 100}], wh)  # (merge-on-read: a delete file)
    assert _snapshot(wh)["total-delete-files"] == "1"
    mode("copy-on-write")
    [report] = _ingest(spark, tmp_path, "b2.jsonl", [{"id": 4, "ts": 5, "price": 400}], wh)
    summary = _snapshot(wh)
    assert summary["total-delete-files"] == "0" and summary.get("removed-delete-files") == "1", summary
    assert "rewritten" in report.keyed
    assert prices(spark, wh) == {1: 100, 2: 20, 3: 30, 4: 400, 5: 50, 6: 60}
    mode("sometimes")
    with pytest.raises(InputError, match="write.merge.mode is 'sometimes'"):
        _ingest(spark, tmp_path, "b3.jsonl", [{"id": 4, "ts": 6, "price": 1}], wh)


def test_a_partitioned_keyed_table_merges_on_read(spark, tmp_path):
    """Each delete file is in the partition of the data file whose rows it deletes."""
    wh = str(tmp_path / "wh")
    seed = [{"id": i, "region": "eu" if i % 2 else "us", "ts": 1, "price": i} for i in range(1, 9)]
    _ingest(spark, tmp_path, "seed.jsonl", seed, wh, partition_by="region")
    _ingest(spark, tmp_path, "b.jsonl", [{"id": 1, "region": "eu", "ts": 2, "price": 100},
                                          {"id": 2, "region": "us", "op": "d", "ts": 2}], wh)
    tbl = open_catalog(None, wh).load_table("d.t")
    tasks = [t for t in tbl.scan().plan_files() if t.delete_files]
    assert len(tasks) == 2
    for t in tasks:
        assert [d.partition for d in t.delete_files] == [t.file.partition]
    got = prices(spark, wh)
    assert {k: got.get(k) for k in (1, 2, 3)} == {1: 100, 2: None, 3: 3} and 2 not in got


def test_compaction_leaves_the_same_rows_and_no_delete_file(spark, tmp_path, capsys):
    """Below the threshold nothing is compacted; past it (or with ``--compact all``) the files are rewritten with
    their deletes applied in one snapshot: the same rows, no delete file, and keyed batches go on."""
    wh = str(tmp_path / "wh")
    _ingest(spark, tmp_path, "seed.jsonl", [{"id": i, "ts": 1, "price": i} for i in range(100)], wh)
    _ingest(spark, tmp_path, "b1.jsonl", [{"id": 5, "ts": 2, "price": -5}], wh)
    before = prices(spark, wh)
    assert widen.compact("d.t", warehouse=wh, spark=spark).files == 0  # (1 of 100 rows: under 0.1)
    assert main(["maintain", "--warehouse", wh, "--table", "d.t", "--compact", "all", "--dry-run"]) == 0
    assert "d.t: would compact 1 data file of 100 rows, 1 of them deleted by 1 delete file" in \
        capsys.readouterr().out
    assert _snapshot(wh)["total-delete-files"] == "1"
    _ingest(spark, tmp_path, "b2.jsonl", [{"id": i, "ts": 2, "op": "d"} for i in range(10, 25)], wh)
    done = widen.compact("d.t", warehouse=wh, spark=spark)
    assert (done.files, done.deleted, done.delete_files) == (1, 16, 1)  # (one delete file per data file)
    summary = _snapshot(wh)
    assert summary["total-delete-files"] == "0" and summary["total-records"] == "85", summary
    assert prices(spark, wh) == {k: v for k, v in before.items() if not 10 <= k < 25}
    _ingest(spark, tmp_path, "b3.jsonl", [{"id": 5, "ts": 3, "price": 55}, {"id": 12, "ts": 3, "price": 12}], wh)
    rows = prices(spark, wh)
    assert rows[5] == 55 and rows[12] == 12 and len(rows) == 86


def test_a_keyed_writer_that_commits_during_a_compaction(spark, tmp_path, monkeypatch):
    """A keyed batch that commits between the compaction's read and its commit makes the compaction's commit fail;
    it is made again against the reloaded table, and the batch's update and delete stay applied."""
    from widen.sink import compaction

    wh = str(tmp_path / "wh")
    _ingest(spark, tmp_path, "seed.jsonl", [{"id": i, "ts": 1, "price": i} for i in range(20)], wh)
    _ingest(spark, tmp_path, "b1.jsonl", [{"id": i, "ts": 2, "op": "d"} for i in range(5)], wh)
    commit, raced = compaction._commit, []

    def racing(tbl, tasks, written):
        if not raced:
            raced.append(1)
            _ingest(spark, tmp_path, "b2.jsonl", [{"id": 7, "ts": 3, "price": 70}, {"id": 8, "ts": 3, "op": "d"}], wh)
        return commit(tbl, tasks, written)

    monkeypatch.setattr(compaction, "_commit", racing)
    done = widen.compact("d.t", warehouse=wh, spark=spark)
    assert done.attempts == 2 and done.files == 1
    rows = prices(spark, wh)
    assert sorted(rows) == [i for i in range(5, 20) if i != 8] and rows[7] == 70
    assert _snapshot(wh)["total-delete-files"] == "0"


def test_the_delete_manifest_module_is_pinned_to_the_pyiceberg_it_was_tested_with(monkeypatch):
    """The module reaches into pyiceberg's snapshot producer: it names the versions it is tested with, refuses
    another clearly, and the private hooks it overrides are still where pyiceberg calls them."""
    import inspect
    from importlib.metadata import version

    from pyiceberg.manifest import ManifestWriterV2
    from pyiceberg.table.update.snapshot import _OverwriteFiles, _SnapshotProducer

    from widen.sink import delete_manifests

    assert ".".join(version("pyiceberg").split(".")[:2]) in delete_manifests.TESTED
    assert "self._process_manifests(" in inspect.getsource(_SnapshotProducer._manifests)
    assert "self._added_data_files" in inspect.getsource(_SnapshotProducer._summary)
    assert "_deleted_data_files" in inspect.getsource(_SnapshotProducer._summary)
    assert isinstance(inspect.getattr_static(ManifestWriterV2, "_meta"), property)
    assert issubclass(delete_manifests.RowLevelOverwrite, _OverwriteFiles)
    monkeypatch.setattr(delete_manifests, "version", lambda name: "0.99.0")
    with pytest.raises(WidenError, match=r"merge-on-read writes need pyiceberg 0\.12 \(installed: 0\.99\)"):
        delete_manifests.check_pyiceberg()


def test_copy_on_write_clusters_by_key_so_a_clustered_batch_rewrites_few_files(spark, tmp_path):
    """A copy-on-write keyed write writes files of about the table's ``widen.key.file-rows`` rows, range-partitioned
    and sorted by the key (the table's sort order records it): a later batch of one range of keys rewrites only the
    files whose bounds overlap it."""
    from pyiceberg.schema import Schema

    wh = str(tmp_path / "wh")
    cat = open_catalog(None, wh)
    cat.create_namespace("d")
    cat.create_table("d.t", Schema(), properties={"write.merge.mode": "copy-on-write", "widen.key.file-rows": "20"})
    _ingest(spark, tmp_path, "seed.jsonl", [{"id": i, "ts": 1, "price": i} for i in range(200, 0, -1)], wh)
    _ingest(spark, tmp_path, "b1.jsonl", [{"id": 1, "ts": 2, "price": -1}], wh)  # (one file held every key)
    tbl = open_catalog(None, wh).load_table("d.t")
    files = [t.file for t in tbl.scan().plan_files()]
    assert 6 <= len(files) <= 20, len(files)
    assert [f.name for f in tbl.schema().fields if f.field_id == tbl.sort_order().fields[0].source_id] == ["id"]
    [report] = _ingest(spark, tmp_path, "b2.jsonl", [{"id": i, "ts": 3, "price": 0} for i in range(101, 111)], wh)
    rewritten = int(re.search(r" files? of ([\d,]+) rows? ", report.keyed)[1].replace(",", ""))
    assert rewritten <= 60, report.keyed
    got = prices(spark, wh)
    assert len(got) == 200 and got[1] == -1 and all(got[i] == 0 for i in range(101, 111)) and got[150] == 150


def test_deletes_beyond_a_broadcast_are_read_by_spark_and_read_alike(spark, tmp_path, monkeypatch):
    """Position deletes up to a bound are read by the driver and broadcast; beyond it, Spark reads them and joins
    them with the rows: both reads leave the same rows, as pyiceberg and DuckDB read them."""
    from widen.sink import row_deletes

    wh = str(tmp_path / "wh")
    _ingest(spark, tmp_path, "seed.jsonl", SEED, wh)
    _ingest(spark, tmp_path, "changes.jsonl", CHANGES, wh)
    assert three_reads(spark, wh) == AFTER
    monkeypatch.setattr(row_deletes, "BROADCAST_DELETES", 0)
    assert three_reads(spark, wh) == AFTER


def test_a_delete_file_of_several_data_files_deletes_only_from_those_read(tmp_path):
    """A delete file may name several data files (another engine's): the driver's read keeps the deletes of the
    data files being read, each numbered by its place among them."""
    import pyarrow as pa
    from pyiceberg.io.pyarrow import PyArrowFileIO
    from pyiceberg.manifest import DataFileContent

    from widen.sink.row_deletes import POS, _numbered_deletes

    path = tmp_path / "deletes.parquet"
    pq.write_table(pa.table({"file_path": ["s3://b/a.parquet", "s3://b/z.parquet", "s3://b/c.parquet"],
                             "pos": [3, 4, 5]}), path)

    class Delete:
        file_path = str(path)
        content = DataFileContent.POSITION_DELETES

    got = _numbered_deletes(PyArrowFileIO(), [Delete()], ["s3://b/c.parquet", "s3://b/a.parquet"])
    assert sorted(zip(got["__fid"].to_pylist(), got[POS].to_pylist())) == [(0, 5), (1, 3)]


def test_data_files_whose_path_hashes_collide_are_told_apart_by_another_seed(spark, tmp_path, monkeypatch):
    """A row's data file is matched to its deletes by a hash of its path: where two files read share a hash, the
    read takes the next seed under which none do, and deletes only what each file's deletes name."""
    from pyspark.sql import functions as F

    from widen.sink import row_deletes

    wh = str(tmp_path / "wh")
    _ingest(spark, tmp_path, "seed.jsonl", SEED, wh)
    _ingest(spark, tmp_path, "changes.jsonl", CHANGES, wh)
    # (a delete in each of the two data files)
    _ingest(spark, tmp_path, "more.jsonl", [{"id": 9, "ts": 3, "price": 91}, {"id": 1, "ts": 3, "op": "d"}], wh)
    rows = three_reads(spark, wh)
    hashed = row_deletes._path_hash
    seeds = []

    def colliding(column, seed):
        seeds.append(seed)
        return F.lit(7).cast("long") if seed == 0 else hashed(column, seed)  # (every path the same hash)

    monkeypatch.setattr(row_deletes, "_path_hash", colliding)
    assert three_reads(spark, wh) == rows
    assert 1 in seeds and len(rows) == len(AFTER) - 1 and 2 in [r[0] for r in rows]


@pytest.mark.parametrize("writer", ["driver", "spark"])
def test_each_data_file_keeps_one_delete_file_whatever_the_batches_before(spark, tmp_path, monkeypatch, writer):
    """A batch that deletes rows of a data file writes that file's earlier deletes into its new delete file and
    removes them: a reader opens one delete file per data file, not one per batch. The report counts the batch's
    own deletes; a batch that deletes nothing more of a file leaves its delete file as it is. A small batch's
    deletes are written by the driver; past the bound of what it holds, by Spark."""
    from widen.sink import row_deletes

    if writer == "spark":
        monkeypatch.setattr(row_deletes, "BROADCAST_DELETES", 0)
    wh = str(tmp_path / "wh")
    _ingest(spark, tmp_path, "seed.jsonl", [{"id": i, "ts": 1, "price": i} for i in range(50)], wh)
    # (a session whose files hold at most 2 rows: still one delete file per data file)
    spark.conf.set("spark.sql.files.maxRecordsPerFile", "2" if writer == "spark" else "0")
    try:
        _one_delete_file_per_data_file(spark, tmp_path, wh)
    finally:
        spark.conf.unset("spark.sql.files.maxRecordsPerFile")


def _one_delete_file_per_data_file(spark, tmp_path, wh):
    _ingest(spark, tmp_path, "b1.jsonl", [{"id": 3, "ts": 2, "price": 30}, {"id": 4, "ts": 2, "op": "d"}], wh)
    [report] = _ingest(spark, tmp_path, "b2.jsonl", [{"id": 5, "ts": 2, "price": 50}, {"id": 6, "ts": 2, "op": "d"},
                                                     {"id": 7, "ts": 2, "price": 70}], wh)
    assert "3 rows deleted by position in 1 delete file" in report.keyed, report.keyed
    summary = _snapshot(wh)
    assert (summary.get("added-delete-files"), summary.get("removed-delete-files"),
            summary.get("total-delete-files"), summary.get("total-position-deletes")) == ("1", "1", "1", "5"), summary
    tbl = open_catalog(None, wh).load_table("d.t")
    [seed_file] = [t for t in tbl.scan().plan_files() if t.delete_files]
    assert [d.record_count for d in seed_file.delete_files] == [5]
    rows = prices(spark, wh)
    assert len(rows) == 48 and (rows[3], rows[5], rows[7]) == (30, 50, 70) and 4 not in rows and 6 not in rows
    before = {t.file.file_path: [d.file_path for d in t.delete_files] for t in tbl.scan().plan_files()}
    _ingest(spark, tmp_path, "b3.jsonl", [{"id": 8, "ts": 0, "price": -8}], wh)  # (late: deletes nothing)
    tbl = open_catalog(None, wh).load_table("d.t")
    assert {t.file.file_path: [d.file_path for d in t.delete_files] for t in tbl.scan().plan_files()} == before
    assert prices(spark, wh) == rows
