"""Streaming: a file-stream source whose files drift in type, every micro-batch one engine batch, committed once;
the query fails after a commit (before Spark records the micro-batch) and is restarted from its checkpoint."""

from __future__ import annotations


import pytest

from helpers import iceberg_bucket, row_buckets
from test_ingest import reference_rows
from test_spark import normalise
from widen.cli import main
from widen.ingest import open_catalog
from widen.stream import BATCH_ID, QUERY_ID, query_id, watch

pytestmark = pytest.mark.spark

FILES = [
    ['{"id": 1, "price": 10}', '{"id": 2, "price": 11, "tags": ["a"]}'],
    ['{"id": 3, "price": "n/a"}', '{"id": 4, "price": 12.5}'],
    ['{"id": 5, "price": true, "tags": "solo"}', 'not json'],
    ['{"id": 6, "price": {"amount": 3}}'],
]


def drop(folder, i, lines):
    tmp = folder.parent / f".tmp-{i}"
    tmp.write_text("\n".join(lines) + "\n")
    tmp.rename(folder / f"part-{i}.jsonl")  # appear whole, as a landing folder should


def table_rows(wh, name="db.stream"):
    tbl = open_catalog(None, wh).load_table(name)
    return tbl, tbl.scan().to_arrow().to_pylist()


@pytest.mark.parametrize("bound", ["0", "4096"])  # micro-batches in Spark's jobs, then on the driver
def test_stream_survives_a_restart_with_no_duplicate_and_no_loss(spark, rules, tmp_path, monkeypatch, bound):
    monkeypatch.setenv("WIDEN_DRIVER_BATCH_BYTES", bound)
    landing, checkpoint, wh = tmp_path / "landing", str(tmp_path / "chk"), str(tmp_path / "wh")
    landing.mkdir()
    for i, lines in enumerate(FILES[:2]):
        drop(landing, i, lines)
    said = []
    kw = dict(checkpoint=checkpoint, spark=spark, once=True, max_files=1, rules=rules, warehouse=wh,
              progress=said.append)
    # the first micro-batch commits to Iceberg, then fails before Spark records it in the checkpoint
    monkeypatch.setenv("WIDEN_FAULT", "raise:after-commit")
    query = watch(str(landing), "db.stream", **kw)
    with pytest.raises(Exception, match="fault injected at after-commit"):
        query.awaitTermination()
    monkeypatch.delenv("WIDEN_FAULT")
    tbl, rows = table_rows(wh)
    assert sorted(r["id"] for r in rows) == [1, 2]
    # restarted from the checkpoint: micro-batch 0 is replayed and skipped, the rest goes on; more files arrive
    for i, lines in enumerate(FILES[2:], start=2):
        drop(landing, i, lines)
    query = watch(str(landing), "db.stream", **kw)
    query.awaitTermination()
    assert any("micro-batch 0: already committed" in s and "replay skipped" in s for s in said)
    tbl, rows = table_rows(wh)
    assert sorted(r["id"] for r in rows) == [1, 2, 3, 4, 5, 6]
    expected = reference_rows(rules, FILES)
    by_id = lambda r: r["id"]  # noqa: E731
    assert normalise(sorted(rows, key=by_id)) == normalise(sorted(expected, key=by_id))
    # one snapshot per micro-batch, each naming the query and its batch id
    qid = query_id(spark, checkpoint)
    ids = [s.summary.additional_properties.get(BATCH_ID) for s in tbl.snapshots()
           if s.summary.additional_properties.get(QUERY_ID) == qid]
    assert ids == ["0", "1", "2", "3"]
    rescued = open_catalog(None, wh).load_table("db.stream__rescued").scan().to_arrow().to_pylist()
    assert [(r["raw"], r["reason"]) for r in rescued] == [("not json", "not valid JSON")]
    assert rescued[0]["source"].endswith("part-2.jsonl")


def test_a_micro_batch_routed_on_the_driver_s_processes(spark, rules, tmp_path, monkeypatch):
    """A micro-batch on the driver path is observed and routed by processes forked inside Spark's ``foreachBatch``
    callback (a thread of the driver's py4j server): every record lands, as the reference engine writes it."""
    import widen.sources.driver as driver

    monkeypatch.setenv("WIDEN_DRIVER_BATCH_BYTES", "100000")
    monkeypatch.setenv("WIDEN_NATIVE", "0")  # (the native engine takes every micro-batch it can: test_native_stream)
    monkeypatch.setattr(driver, "LINES_PER_WORKER", 1)
    monkeypatch.setattr(driver, "driver_workers", lambda: 3)
    forked = []
    real = driver._in_parallel
    monkeypatch.setattr(driver, "_in_parallel", lambda work, lines, *rest: forked.append(len(lines)) or
                        real(work, lines, *rest))
    landing, wh = tmp_path / "landing", str(tmp_path / "wh")
    landing.mkdir()
    lines = [line for batch in FILES for line in batch]
    drop(landing, 0, lines)
    watch(str(landing), "db.forked", checkpoint=str(tmp_path / "chk"), spark=spark, once=True, rules=rules,
          warehouse=wh, progress=lambda _: None).awaitTermination()
    assert forked and forked[0] == len(lines)  # observed on the driver, in 3 processes
    _, rows = table_rows(wh, "db.forked")
    by_id = lambda r: r["id"]  # noqa: E731
    assert normalise(sorted(rows, key=by_id)) == normalise(sorted(reference_rows(rules, [lines]), key=by_id))


def test_cli_watch_once(spark, rules, tmp_path, capsys):
    landing, wh = tmp_path / "landing", str(tmp_path / "wh")
    landing.mkdir()
    drop(landing, 0, FILES[0])
    drop(landing, 1, FILES[1])
    args = ["ingest", "--table", "db.watched", "--warehouse", wh, "--watch", str(landing), "--checkpoint",
            str(tmp_path / "chk"), "--once", "--partition-by", "bucket(2, id)"]
    assert main(args) == 0
    printed = capsys.readouterr()
    said = printed.out.strip().splitlines()[-1]
    tbl, rows = table_rows(wh, "db.watched")
    from widen.sink.catalog import values_written

    # (the same words as ingest's line, values written too)
    values = values_written(tbl, tbl.current_snapshot().snapshot_id)
    assert said == (f"db.watched: 1 micro-batch committed: 4 records, {values} values written, 4 fields added, "
                    "0 lines rescued")
    # each micro-batch's line in the words of a batch's line
    assert f"micro-batch 0: 4 records, {values} values written, 4 fields added, 0 lines rescued (" in printed.err
    assert sorted(r["id"] for r in rows) == [1, 2, 3, 4]
    # the stream created the table with the spec asked, and its files carry their buckets
    assert str(tbl.spec().fields[0].transform) == "bucket[2]"
    assert row_buckets(tbl, "id") == {i: iceberg_bucket(2, i) for i in (1, 2, 3, 4)}
    assert main(args) == 0  # nothing new: nothing written twice
    assert "0 micro-batches committed" in capsys.readouterr().out
    _, rows = table_rows(wh, "db.watched")
    assert sorted(r["id"] for r in rows) == [1, 2, 3, 4]
    assert main(["ingest", "--table", "db.watched", "--warehouse", wh, "--watch", str(landing)]) == 2
    assert "--watch needs --checkpoint" in capsys.readouterr().err


@pytest.mark.parametrize("bound", ["0", "4096"])  # micro-batches in Spark's jobs, then on the driver
def test_a_replayed_micro_batch_of_rescued_lines_only_is_rescued_once(spark, rules, tmp_path, monkeypatch, bound):
    monkeypatch.setenv("WIDEN_DRIVER_BATCH_BYTES", bound)
    landing, checkpoint, wh = tmp_path / "landing", str(tmp_path / "chk"), str(tmp_path / "wh")
    landing.mkdir()
    drop(landing, 0, ["junk1", "junk2"])
    kw = dict(checkpoint=checkpoint, spark=spark, once=True, max_files=1, rules=rules, warehouse=wh,
              progress=lambda _: None)
    monkeypatch.setenv("WIDEN_FAULT", "raise:after-commit")
    with pytest.raises(Exception, match="fault injected"):
        watch(str(landing), "db.junk", **kw).awaitTermination()
    monkeypatch.delenv("WIDEN_FAULT")
    drop(landing, 1, ['{"id": 1}'])
    watch(str(landing), "db.junk", **kw).awaitTermination()
    rescued = open_catalog(None, wh).load_table("db.junk__rescued").scan().to_arrow().to_pylist()
    assert sorted(r["raw"] for r in rescued) == ["junk1", "junk2"]
    _, rows = table_rows(wh, "db.junk")
    assert [r["id"] for r in rows] == [1]


def test_a_micro_batch_replayed_after_snapshot_expiry_is_still_skipped(spark, rules, tmp_path, monkeypatch):
    """The query's last committed micro-batch lives in the table's ledger (table metadata), not only in the
    snapshot that committed it: expiring that snapshot before the restart does not make the replay land twice."""
    from datetime import datetime, timezone

    landing, checkpoint, wh = tmp_path / "landing", str(tmp_path / "chk"), str(tmp_path / "wh")
    landing.mkdir()
    drop(landing, 0, FILES[0])
    said = []
    kw = dict(checkpoint=checkpoint, spark=spark, once=True, max_files=1, rules=rules, warehouse=wh,
              progress=said.append)
    monkeypatch.setenv("WIDEN_FAULT", "raise:after-commit")
    with pytest.raises(Exception, match="fault injected at after-commit"):
        watch(str(landing), "db.stream", **kw).awaitTermination()
    monkeypatch.delenv("WIDEN_FAULT")
    drop(landing, 1, FILES[1])
    tbl = open_catalog(None, wh).load_table("db.stream")
    tbl.overwrite(tbl.scan().to_arrow())  # another writer's compaction: micro-batch 0's snapshot is history
    open_catalog(None, wh).load_table("db.stream").maintenance.expire_snapshots().older_than(
        datetime.now(timezone.utc)).commit()
    tbl = open_catalog(None, wh).load_table("db.stream")
    assert all(QUERY_ID not in (s.summary.additional_properties or {}) for s in tbl.snapshots())
    watch(str(landing), "db.stream", **kw).awaitTermination()
    assert any("micro-batch 0: already committed" in s and "replay skipped" in s for s in said), said
    _, rows = table_rows(wh)
    assert sorted(r["id"] for r in rows) == [1, 2, 3, 4]
