"""Keyed tables (``--key``, ``--order-by``, ``--delete-when``): upserts, deletes and late events with type drift,
held to a reference model (a dict from key to the winning record) by a Hypothesis property, and end to end through
the CLI, DataFrames, Parquet, streams, partitioned tables and concurrent writers."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings, strategies as st

import widen
from helpers import another_writer_after_our_write
from widen.sink.catalog import open_catalog
from widen.cli import main
from widen.errors import InputError


def _rows(warehouse: str, table: str = "d.t") -> dict:
    """The table's rows by id, the ``v`` family folded to its value: its number column's value, else its text
    column's (a number is also written to the text column once there is one; a stale number beside new text
    would fold to the number)."""
    import pyarrow as pa

    data = open_catalog(None, warehouse).load_table(table).scan().to_arrow()
    family = [f for f in data.schema if f.name == "v" or f.name.startswith("v_")]
    number = [f.name for f in family if pa.types.is_integer(f.type)]
    text = [f.name for f in family if pa.types.is_string(f.type) or pa.types.is_large_string(f.type)]
    out = {}
    for r in data.to_pylist():
        values = [r[c] for c in number + text if r[c] is not None]
        out[r["id"]] = {"ts": r["ts"], "v": values[0] if values else None}
    return out


def _write(path: Path, records: list) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return path


def _reference(batches: list[list[dict]]) -> dict:
    """What the table holds after the batches: per key, the latest record by ``ts`` (ties: the later line; a
    record not older than the stored row or a delete replaces it; ``op = "d"`` deletes and is remembered)."""
    state, graves = {}, {}
    for batch in batches:
        winners = {}
        for rec in batch:
            if "id" in rec and (rec["id"] not in winners or rec["ts"] >= winners[rec["id"]]["ts"]):
                winners[rec["id"]] = rec
        for key, rec in winners.items():
            stored = state[key]["ts"] if key in state else None
            grave = graves.get(key)
            if (stored is None or rec["ts"] >= stored) and (grave is None or rec["ts"] >= grave):
                if rec.get("op") == "d":
                    state.pop(key, None)
                    graves[key] = rec["ts"]
                else:
                    state[key] = {"ts": rec["ts"], "v": rec.get("v")}
                    graves.pop(key, None)
    return state


record = st.fixed_dictionaries(
    {"id": st.integers(1, 6), "ts": st.integers(0, 4)},
    optional={"v": st.one_of(st.integers(-5, 5), st.sampled_from(["n/a", "x"])), "op": st.just("d")})
keyless = st.fixed_dictionaries({"ts": st.integers(0, 4), "v": st.integers(0, 3)})
batches = st.lists(st.lists(st.one_of(record, record, record, keyless), max_size=6), min_size=1, max_size=3)


def _runs(batch: list[dict]) -> list[list[dict]]:
    """A batch cut where ``v`` changes type (a number, text): runs a typed file can hold, each a file of the
    batch (whose files' schemas then conflict: a part per schema, widen.sources.TypedParts)."""
    runs: list[list[dict]] = []
    for rec in batch:
        kind = type(rec.get("v")) if rec.get("v") is not None else None
        kinds = {type(r["v"]) for r in runs[-1] if r.get("v") is not None} if runs else set()
        if not runs or (kind is not None and kinds and kind not in kinds):
            runs.append([])
        runs[-1].append(rec)
    return runs


def _parquet(path: Path, run: list[dict]) -> Path:
    import pyarrow as pa
    import pyarrow.parquet as pq

    text = any(isinstance(r.get("v"), str) for r in run)
    pq.write_table(pa.table({"id": pa.array([r.get("id") for r in run], pa.int64()),
                             "ts": pa.array([r["ts"] for r in run], pa.int64()),
                             "v": pa.array([r.get("v") for r in run], pa.string() if text else pa.int64()),
                             "op": pa.array([r.get("op") for r in run], pa.string())}), path)
    return path


@pytest.mark.parametrize("engine", ["native", "spark", "dataframe", "typed"])
@settings(max_examples=5, deadline=None, suppress_health_check=list(HealthCheck))
@given(batches=batches, replay=st.booleans())
@example(batches=[[{"id": 1, "ts": 0, "v": "n/a"}, {"id": 1, "ts": 0, "v": 0}]], replay=False)  # (v a string)
@example(batches=[[{"id": 1, "ts": 0, "v": "n/a"}], [{"id": 1, "ts": 0, "v": 0}]], replay=False)  # (then a number)
@example(batches=[[], [{"id": 4, "op": "d", "ts": 0}, {"ts": 0, "v": 0}, {"id": 5, "ts": 0}, {"ts": 0, "v": 0}],
                  [{"id": 1, "v": "n/a", "ts": 0}]], replay=False)
@example(batches=[[{"ts": 0, "v": 0}]], replay=False)  # (every record rescued: a table without a column)
def test_keyed_batches_match_the_reference_model(spark, tmp_path_factory, engine, batches, replay):
    """Inserts, updates whose values drift between numbers and text, duplicates within a batch, late events,
    deletes and late events after them, keyless records, empty batches and a replayed file: the table, cell by
    cell, is the reference model's, on each path a keyed batch can take (the native pass and router, which carry
    each record's line; Spark's observer and projection, with the batch joined to the stored rows by a shuffle
    rather than broadcast; a DataFrame of JSON texts through ``widen.write``, each
    batch a frame, a later row winning a tie, where a replay is a write of the same frame: not skipped, not
    drawn; typed Parquet files, each run of a batch's records whose ``v`` is of one type a file of the batch). The
    table merges on read (the default of a keyed table Widen creates), except on Spark's engine, whose table is
    created copy-on-write beforehand; the DataFrames' table is compacted after every batch. pyiceberg, DuckDB and
    ``widen.read`` read the table alike at each of its snapshots."""
    import os

    directory = tmp_path_factory.mktemp("keyed")
    warehouse = str(directory / "wh")
    if engine == "typed":  # (a batch a directory, each run of its records whose v is of one type a file, in
        batches = [b for b in batches if b]  # order; an empty batch has no file)
        paths = [directory / f"b{i}" for i in range(len(batches))]
        for path, b in zip(paths, batches):
            path.mkdir()
            for j, run in enumerate(_runs(b)):
                _parquet(path / f"r{j}.parquet", run)
    else:
        paths = [_write(directory / f"b{i}.jsonl", b) for i, b in enumerate(batches)]
    if replay and engine != "dataframe" and paths:
        paths.append(paths[0])
    if engine == "spark":  # (an empty table another tool created copy-on-write keeps its mode)
        from pyiceberg.schema import Schema

        cat = open_catalog(None, warehouse)
        cat.create_namespace("d")
        cat.create_table("d.t", Schema(), properties={"write.merge.mode": "copy-on-write"})
    os.environ["WIDEN_NATIVE"] = "0" if engine == "spark" else "1"  # (hypothesis: no monkeypatch per example)
    # (the winners broadcast to the stored rows' tasks and their deletes written by the driver, natively; on Spark's
    # engine and typed rows joined with them by a shuffle, and on a DataFrame broadcast with Spark writing the
    # deletes: merged on read, typed rows and a DataFrame are Spark's deletes, by a shuffle and not)
    os.environ["WIDEN_KEYED_BROADCAST_RECORDS"] = "250000" if engine == "native" else "0"
    os.environ["WIDEN_KEYED_JOIN_BROADCAST_RECORDS"] = "0" if engine in ("spark", "typed") else "2000000"
    try:
        if engine == "dataframe":
            reports = []
            for p in paths:
                reports.append(widen.write(spark.createDataFrame([(line,) for line in p.read_text().splitlines()],
                                                                 "value string"),
                                           "d.t", json_column="value", warehouse=warehouse, progress=lambda m: None,
                                           key="id", order_by="ts", delete_when="op = 'd'"))
                if reports[-1].snapshot_id:
                    widen.compact("d.t", warehouse=warehouse, spark=spark, everything=True)
        else:
            reports = widen.ingest([str(p) for p in paths], "d.t", warehouse=warehouse, spark=spark,
                                   progress=lambda m: None, key="id", order_by="ts", delete_when="op = 'd'",
                                   input_format="parquet" if engine == "typed" else "json")
    finally:
        os.environ.pop("WIDEN_NATIVE")
        os.environ.pop("WIDEN_KEYED_BROADCAST_RECORDS")
        os.environ.pop("WIDEN_KEYED_JOIN_BROADCAST_RECORDS")
    keyed = any("id" in rec for batch in batches for rec in batch)  # (a keyless record is rescued, no record)
    assert {r.engine for r in reports if r.records} == (
        {{"spark": "spark", "typed": "typed"}.get(engine, "native")} if keyed else set()), \
        [(r.engine, r.why) for r in reports]
    expected = _reference(batches)
    table = open_catalog(None, warehouse).load_table("d.t") if expected or any(batches) else None
    got = _rows(warehouse) if table is not None and table.current_snapshot() is not None else {}
    if table is not None and not any(f.name.startswith("v") and str(f.field_type) == "long"
                                     for f in table.schema().fields):
        # (a number into a table whose v is text, by a later batch, is kept as its text: the page's rule)
        expected = {k: {**r, "v": str(r["v"]) if isinstance(r["v"], int) else r["v"]} for k, r in expected.items()}
    assert got == expected
    if table is not None and table.current_snapshot() is not None:
        _read_alike(spark, warehouse, copy_on_write=engine == "spark", compacted=engine == "dataframe")


def _read_alike(spark, warehouse: str, copy_on_write: bool, compacted: bool) -> None:
    """pyiceberg, ``widen.read`` and DuckDB read the same rows at every snapshot of the table (each step of the
    property's batches and compactions); a copy-on-write or compacted table has no delete file."""
    from test_merge_on_read import three_reads

    tbl = open_catalog(None, warehouse).load_table("d.t")
    for snapshot in tbl.snapshots():
        three_reads(spark, warehouse, snapshot_id=snapshot.snapshot_id)
    summary = tbl.current_snapshot().summary
    if copy_on_write or compacted:
        assert summary.get("total-delete-files") == "0", summary


def test_the_cdc_walk_through(spark, tmp_path):
    """Points 1-4: a keyless and a drifted key are rescued with their lines; one row per key, the last by
    ``ts``; a late event changes nothing; a delete is remembered against an older event after it; a value that
    drifts to text rewrites its whole family (``price`` null beside ``price_string``)."""
    b1 = _write(tmp_path / "b1.jsonl", [
        {"id": 1, "price": 10, "ts": 1}, {"id": 2, "price": 20, "ts": 1}, {"id": 1, "price": 11, "ts": 2},
        {"id": 3, "price": 30, "ts": 1}, {"price": 99, "ts": 1}])
    b2 = _write(tmp_path / "b2.jsonl", [
        {"id": 1, "price": "n/a", "ts": 3}, {"id": 2, "price": 21, "ts": 0}, {"id": 3, "op": "d", "ts": 5},
        {"id": 4, "price": 40, "ts": 1}, {"id": "u-45", "price": 1, "ts": 1}])
    b3 = _write(tmp_path / "b3.jsonl", [{"id": 3, "price": 33, "ts": 4}, {"id": 5, "price": 50, "ts": 1}])
    warehouse = str(tmp_path / "wh")
    reports = widen.ingest([str(b1), str(b2), str(b3)], "d.t", warehouse=warehouse, spark=spark,
                           progress=lambda m: None, key="id", order_by="ts", delete_when="op = 'd'")
    assert [r.engine for r in reports] == ["native"] * 3  # (the native router carries each record's line)
    assert [r.keyed.split(";")[0] for r in reports] == [
        "keyed: 0 updated, 3 inserted, 0 deleted, 0 older than the stored row or a delete (kept)",
        "keyed: 1 updated, 1 inserted, 1 deleted, 1 older than the stored row or a delete (kept)",
        "keyed: 0 updated, 1 inserted, 0 deleted, 1 older than the stored row or a delete (kept)"]
    cat = open_catalog(None, warehouse)
    rows = {r["id"]: (r["price"], r["price_string"], r["ts"])
            for r in cat.load_table("d.t").scan().to_arrow().to_pylist()}
    assert rows == {1: (None, "n/a", 3), 2: (20, None, 1), 4: (40, "40", 1), 5: (50, "50", 1)}
    rescued = sorted((Path(r["source"]).name, r["line"], r["reason"])
                     for r in cat.load_table("d.t__rescued").scan().to_arrow().to_pylist())
    reason = "no key: id missing, null, or of another type than the key's column"
    assert rescued == [("b1.jsonl", 5, reason), ("b2.jsonl", 5, reason)]
    props = cat.load_table("d.t").properties
    assert (props["widen.key"], props["widen.key.order-by"], props["widen.key.delete-when"]) == \
        ("id", "ts", "op = 'd'")
    schema = cat.load_table("d.t").schema()  # (the key is the table's identifier field, required)
    assert schema.identifier_field_names() == {"id"} and schema.find_field("id").required


def test_without_order_by_the_last_line_wins_and_a_keyed_table_stays_keyed(spark, tmp_path):
    warehouse = str(tmp_path / "wh")
    b1 = _write(tmp_path / "b1.jsonl", [{"id": "a", "v": 1}, {"id": "b", "v": 2}, {"id": "a", "v": 3}])
    b2 = _write(tmp_path / "b2.jsonl", [{"id": "b", "v": "two"}, {"id": "c", "v": 4}])
    widen.ingest([str(b1)], "d.t", warehouse=warehouse, spark=spark, progress=lambda m: None, key="id")
    widen.ingest([str(b2)], "d.t", warehouse=warehouse, spark=spark, progress=lambda m: None)  # (the table's key)
    rows = {r["id"]: (r["v"], r["v_string"])
            for r in open_catalog(None, warehouse).load_table("d.t").scan().to_arrow().to_pylist()}
    assert rows == {"a": (3, None), "b": (None, "two"), "c": (4, "4")}


def test_a_partitioned_keyed_table(spark, tmp_path):
    warehouse = str(tmp_path / "wh")
    b1 = _write(tmp_path / "b1.jsonl", [{"id": i, "v": i} for i in range(40)])
    b2 = _write(tmp_path / "b2.jsonl", [{"id": 3, "v": "three"}, {"id": 40, "v": 40}])
    widen.ingest([str(b1), str(b2)], "d.t", warehouse=warehouse, spark=spark, progress=lambda m: None, key="id",
                 partition_by="bucket(4, id)")
    table = open_catalog(None, warehouse).load_table("d.t")
    rows = {r["id"]: (r["v"], r["v_string"]) for r in table.scan().to_arrow().to_pylist()}
    assert len(rows) == 41 and rows[3] == (None, "three") and rows[40] == (40, "40") and rows[7] == (7, None)
    assert not table.spec().is_unpartitioned()


@pytest.mark.parametrize("args, message", [
    (["--key", "nosuch"], "--key nosuch: d.t has no column 'nosuch'"),
    (["--key", "id", "--order-by", "tags"], "--order-by tags: a list<long> column cannot order records"),
    (["--key", "id", "--delete-when", "op = = 'd'"], "--delete-when \"op = = 'd'\" does not parse as a condition"),
    (["--key", "id,id"], "--key 'id,id' names a column twice"),
    (["--order-by", "ts"], "--order-by and --delete-when need --key"),
    (["--key", "id", "--mode", "overwrite"], "--key with --mode overwrite"),
])
def test_mistakes_are_refused_before_any_work(tmp_path, capsys, args, message, keyed_table):
    warehouse, batch = keyed_table
    before = open_catalog(None, warehouse).load_table("d.t").current_snapshot().snapshot_id
    code = main(["ingest", "--warehouse", warehouse, "--table", "d.t", *args, str(batch)])
    err = capsys.readouterr().err
    assert code == 2 and message in err and "Traceback" not in err, err
    assert open_catalog(None, warehouse).load_table("d.t").current_snapshot().snapshot_id == before


@pytest.fixture
def keyed_table(spark, tmp_path):
    warehouse = str(tmp_path / "wh")
    b1 = _write(tmp_path / "b1.jsonl", [{"id": 1, "v": 1, "tags": [1, 2], "ts": 1}])
    widen.ingest([str(b1)], "d.t", warehouse=warehouse, spark=spark, progress=lambda m: None)
    return warehouse, _write(tmp_path / "b2.jsonl", [{"id": 2, "v": 2, "ts": 2}])


def test_an_unkeyed_table_is_keyed_only_when_its_keys_are_unique(spark, tmp_path, capsys):
    """An existing table can be keyed when every row has a key of its own; otherwise the keyed batch is refused
    in one line, before anything is written (each duplicate would be replaced by the same record)."""
    warehouse = str(tmp_path / "wh")
    _write(tmp_path / "b0.jsonl", [{"id": 1, "v": 1}, {"id": 2, "v": 2}, {"id": 1, "v": 3}])
    widen.ingest([str(tmp_path / "b0.jsonl")], "d.dup", warehouse=warehouse, spark=spark, progress=lambda m: None)
    widen.ingest([str(tmp_path / "b0.jsonl")], "d.ok", warehouse=warehouse, spark=spark, progress=lambda m: None,
                 key="id")  # (a new table: its first batch's duplicates are one batch's, the last wins)
    batch = _write(tmp_path / "b1.jsonl", [{"id": 2, "v": 20}])
    before = open_catalog(None, warehouse).load_table("d.dup").current_snapshot().snapshot_id
    code = main(["ingest", "--warehouse", warehouse, "--table", "d.dup", "--key", "id", str(batch)])
    err = capsys.readouterr().err
    assert code == 2 and "d.dup has 2 rows with id = 1: a table can be keyed only when its keys are unique" in err
    assert open_catalog(None, warehouse).load_table("d.dup").current_snapshot().snapshot_id == before
    assert _rows_v(warehouse, "d.ok") == {1: 3, 2: 2}
    widen.ingest([str(batch)], "d.ok", warehouse=warehouse, spark=spark, progress=lambda m: None)
    assert _rows_v(warehouse, "d.ok") == {1: 3, 2: 20}
    # an unkeyed table with unique keys is keyed: its key column becomes required, its identifier field
    widen.ingest([str(tmp_path / "b1.jsonl")], "d.uniq", warehouse=warehouse, spark=spark, progress=lambda m: None)
    assert not open_catalog(None, warehouse).load_table("d.uniq").schema().find_field("id").required
    widen.ingest([str(tmp_path / "b0.jsonl")], "d.uniq", warehouse=warehouse, spark=spark, progress=lambda m: None,
                 key="id")
    schema = open_catalog(None, warehouse).load_table("d.uniq").schema()
    assert schema.identifier_field_names() == {"id"} and schema.find_field("id").required
    assert _rows_v(warehouse, "d.uniq") == {1: 3, 2: 2}
    # a table whose rows have no key column cannot be keyed (by a column a batch would bring)
    widen.ingest([str(_write(tmp_path / "b3.jsonl", [{"v": 1}]))], "d.nokey", warehouse=warehouse, spark=spark,
                 progress=lambda m: None)
    code = main(["ingest", "--warehouse", warehouse, "--table", "d.nokey", "--key", "id", str(batch)])
    err = capsys.readouterr().err
    assert code == 2 and "--key id: d.nokey has no column 'id'" in err, err


def _rows_v(warehouse: str, table: str) -> dict:
    return {r["id"]: r["v"] for r in open_catalog(None, warehouse).load_table(table).scan().to_arrow().to_pylist()}


def test_concurrent_keyed_writers_lose_no_update_and_apply_none_twice(spark, tmp_path):
    """Three `widen ingest --key` processes on one table, held after writing their files and released
    at the same instant, with overlapping keys, deletes and late events: each commit that lost the race merges
    again against the new snapshot; the table is the reference model's whatever order the commits landed in
    (``ts`` orders every key's records)."""
    import os
    import subprocess
    import sys

    warehouse = str(tmp_path / "wh")
    seed = [{"id": i, "v": i, "ts": 0} for i in range(6)]
    batches = {
        "p1": [{"id": 0, "v": "a", "ts": 3}, {"id": 1, "v": 10, "ts": 1}, {"id": 6, "v": 6, "ts": 1}],
        "p2": [{"id": 0, "v": 20, "ts": 2}, {"id": 1, "op": "d", "ts": 5}, {"id": 2, "v": "b", "ts": 1}],
        "p3": [{"id": 1, "v": 30, "ts": 4}, {"id": 2, "v": 32, "ts": 2}, {"id": 3, "op": "d", "ts": 1}],
    }
    keyed_args = ["--key", "id", "--order-by", "ts", "--delete-when", "op = 'd'"]
    widen.ingest([str(_write(tmp_path / "seed.jsonl", seed))], "d.t", warehouse=warehouse, spark=spark,
                 progress=lambda m: None, key="id", order_by="ts", delete_when="op = 'd'")
    held = tmp_path / "held"  # (each process leaves a file there; all go on once the third has written its files)
    held.mkdir()
    env = {**os.environ, "WIDEN_DRIVER_MEMORY": "1g", "WIDEN_FAULT": f"barrier:after-write:{held}:3"}
    procs = [subprocess.Popen([sys.executable, "-m", "widen.cli", "ingest", "--table", "d.t", "--warehouse",
                               warehouse, *keyed_args, str(_write(tmp_path / f"{name}.jsonl", records))],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
               for name, records in batches.items()]
    outs = [p.communicate(timeout=600) for p in procs]
    for p, (_, err) in zip(procs, outs):
        assert p.returncode == 0, err[-3000:]
    assert len(list(held.iterdir())) == 3  # (all three were held until the last one had written)
    assert sum("commit conflict" in err for _, err in outs) >= 1  # they really did collide
    assert _rows(warehouse) == _reference([seed, *batches.values()])


@pytest.mark.parametrize("theirs, reused", [
    ([{"id": 100, "v": 1, "ts": 1}, {"id": 101, "v": 2, "ts": 1}], True),  # (keys in none of our keys' files)
    ([{"id": 2, "v": 99, "ts": 9}], False),  # (a key of ours, newer: its file rewritten)
    ([{"id": 200, "op": "d", "ts": 9}], False),  # (a delete: the deletes remembered changed)
], ids=["elsewhere", "our-keys", "a-delete"])
def test_a_commit_that_lost_the_race_merges_again_only_what_changed(spark, tmp_path, monkeypatch, theirs, reused):
    """Another writer commits between our merge and our commit. When it changed none of the files that
    may hold our keys (the manifests' bounds) nor the deletes remembered, our retry commits the files it merged,
    without merging again; otherwise it merges again against the new snapshot. The table is the reference model's
    either way, and no file of a superseded attempt is left."""
    import importlib

    from widen.gc import orphan_files

    warehouse = str(tmp_path / "wh")
    args = dict(key="id", order_by="ts", delete_when="op = 'd'")
    seed = [{"id": i, "v": i, "ts": 0} for i in range(6)]
    ours = [{"id": 1, "v": "one", "ts": 1}, {"id": 2, "v": 20, "ts": 1}, {"id": 7, "v": 7, "ts": 1}]
    widen.ingest([str(_write(tmp_path / "seed.jsonl", seed))], "d.t", warehouse=warehouse, spark=spark,
                 progress=lambda m: None, **args)
    keyed_module = importlib.import_module("widen.keyed.merge")
    merges, merge = [], keyed_module.merge
    monkeypatch.setattr(keyed_module, "merge", lambda *a, **kw: merges.append(1) or merge(*a, **kw))
    another_writer_after_our_write(monkeypatch, lambda: widen.ingest(
        [str(_write(tmp_path / "theirs.jsonl", theirs))], "d.t", warehouse=warehouse, spark=spark,
        progress=lambda m: None))
    said = []
    [report] = widen.ingest([str(_write(tmp_path / "ours.jsonl", ours))], "d.t", warehouse=warehouse,
                            spark=spark, progress=said.append, **args)
    assert report.attempts == 2, said
    assert any("committing the merged files as written" in s for s in said) == reused, said
    assert len(merges) == (2 if reused else 3)  # (theirs, then ours once or twice)
    assert _rows(warehouse) == _reference([seed, theirs, ours])
    assert orphan_files(open_catalog(None, warehouse).load_table("d.t"), 0) == []


def test_deletes_before_any_order_value_and_dataframes_into_a_keyed_table(spark, tmp_path):
    """A delete in a batch whose records have no order column yet (its order value is null: any later record
    wins against it, so nothing is remembered); a DataFrame written to a keyed table upserts by its key (the
    table's: a keyed table stays keyed), its keyless rows rescued by their source (a row has no line number)."""
    warehouse = str(tmp_path / "wh")
    b1 = _write(tmp_path / "b1.jsonl", [{"id": 1, "v": 1}, {"id": 2, "v": 2}, {"id": 2, "op": "d"}])
    b2 = _write(tmp_path / "b2.jsonl", [{"id": 2, "v": 20, "ts": 0}, {"id": 1, "op": "d", "ts": 1}])
    widen.ingest([str(b1), str(b2)], "d.t", warehouse=warehouse, spark=spark, progress=lambda m: None, key="id",
                 order_by="ts", delete_when="op = 'd'")
    assert _rows_v(warehouse, "d.t") == {2: 20}
    frame = spark.createDataFrame([('{"id": 2, "v": 3, "ts": 1}', "s1"), ('{"id": 3, "v": 4, "ts": 1}', "s1"),
                                   ('{"v": 5, "ts": 1}', "s2"), ('{"id": 3, "v": "x", "ts": 1}', "s2")],
                                  "value string, src string")
    report = widen.write(frame, "d.t", json_column="value", source_column="src", warehouse=warehouse,
                         progress=lambda m: None)
    assert report.keyed.startswith("keyed: 1 updated, 1 inserted, 0 deleted") and report.rescued == 1, report
    assert _rows(warehouse) == {2: {"ts": 1, "v": 3}, 3: {"ts": 1, "v": "x"}}  # (the later row of a tie)
    rescued = open_catalog(None, warehouse).load_table("d.t__rescued").scan().to_arrow().to_pylist()
    assert [(r["source"], r["line"], r["raw"]) for r in rescued] == [("s2", None, '{"v": 5, "ts": 1}')]


def test_parquet_files_and_typed_dataframes_upsert(spark, tmp_path):
    """Typed batches into a keyed table: Parquet files (``--format parquet``; ties by file, then row) and a typed
    DataFrame (ties: the later row), with a late event, a delete remembered across batches, a null key rescued
    with its file and row (its row as JSON), and ``v`` drifted from a long to text: the family rewritten."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    warehouse, (p1, p2) = str(tmp_path / "wh"), (tmp_path / "b1.parquet", tmp_path / "b 2+%20.parquet")
    pq.write_table(pa.table({"id": [1, 2, 3, 1], "v": [10, 20, 30, 11], "ts": [1, 1, 1, 1]}), p1)
    pq.write_table(pa.table({"id": [1, 2, None, 3, 4], "v": ["n/a", "21", "x", "31", "40"], "ts": [2, 0, 2, 2, 2],
                             "op": [None, None, None, "d", None]}), p2)
    args = ["ingest", "--warehouse", warehouse, "--table", "d.t", "--format", "parquet", "--key", "id",
            "--order-by", "ts", "--delete-when", "op = 'd'"]
    assert main([*args, str(p1)]) == 0
    assert _rows(warehouse) == {1: {"ts": 1, "v": 11}, 2: {"ts": 1, "v": 20}, 3: {"ts": 1, "v": 30}}
    reports = []
    widen.ingest([str(p2)], "d.t", warehouse=warehouse, spark=spark, progress=lambda m: None, input_format="parquet",
                 reports=reports)  # (keyed as the table is)
    assert reports[0].keyed.startswith("keyed: 1 updated, 1 inserted, 1 deleted, 1 older"), reports[0].keyed
    assert _rows(warehouse) == {1: {"ts": 2, "v": "n/a"}, 2: {"ts": 1, "v": 20}, 4: {"ts": 2, "v": "40"}}
    data = open_catalog(None, warehouse).load_table("d.t").scan().to_arrow().to_pylist()
    assert {r["id"]: (r["v"], r["v_string"]) for r in data}[1] == (None, "n/a")  # (no stale 11 beside the text)
    rescued = open_catalog(None, warehouse).load_table("d.t__rescued").scan().to_arrow().to_pylist()
    assert [(r["source"], r["line"], json.loads(r["raw"])) for r in rescued] == [
        (str(p2), 3, {"v": "x", "ts": 2})]  # (the path as named, not as Spark's URI)
    frame = spark.createDataFrame([(3, 5, 1), (2, 7, 3), (2, 8, 3), (5, None, 3)], "id long, v long, ts long")
    report = widen.write(frame.coalesce(1), "d.t", warehouse=warehouse, progress=lambda m: None)
    assert report.keyed.startswith("keyed: 1 updated, 1 inserted, 0 deleted, 1 older"), report.keyed
    assert _rows(warehouse)[2] == {"ts": 3, "v": 8} and 3 not in _rows(warehouse)  # (3: older than its delete)
    nameless = spark.createDataFrame([(None, 9, 5, None)], "id long, v long, ts long, src string")
    report = widen.write(nameless, "d.t", warehouse=warehouse, progress=lambda m: None, source_column="src")
    assert report.rescued == 1  # (a keyless row whose source is null is rescued all the same)
    rescued = open_catalog(None, warehouse).load_table("d.t__rescued").scan().to_arrow().to_pylist()
    assert [json.loads(r["raw"]) for r in rescued if r["source"] is None] == [{"v": 9, "ts": 5}]


def test_one_batch_of_parquet_files_whose_column_changed_type_upserts(spark, tmp_path):
    """The two files of the test above as one keyed batch (``v`` a long in one, a string in the other, which
    Spark cannot read as one frame): a part per schema, one plan, ties across the parts by file, then row; the
    keyless row rescued with its file and row."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    warehouse, batch = str(tmp_path / "wh"), tmp_path / "batch"
    batch.mkdir()
    p1, p2 = batch / "b1.parquet", batch / "b2.parquet"
    pq.write_table(pa.table({"id": [1, 2, 3, 1], "v": [10, 20, 30, 11], "ts": [1, 1, 1, 1]}), p1)
    pq.write_table(pa.table({"id": [1, 2, None, 3, 4, 1], "v": ["n/a", "21", "x", "31", "40", "m"],
                             "ts": [2, 0, 2, 2, 2, 2], "op": [None, None, None, "d", None, None]}), p2)
    assert main(["ingest", "--warehouse", warehouse, "--table", "d.t", "--format", "parquet", "--key", "id",
                 "--order-by", "ts", "--delete-when", "op = 'd'", str(batch)]) == 0
    assert _rows(warehouse) == {1: {"ts": 2, "v": "m"}, 2: {"ts": 1, "v": 20}, 4: {"ts": 2, "v": "40"}}
    data = open_catalog(None, warehouse).load_table("d.t").scan().to_arrow().to_pylist()
    assert {r["id"]: (r["v"], r["v_long"]) for r in data} == {1: ("m", None), 2: ("20", 20), 4: ("40", None)}
    rescued = open_catalog(None, warehouse).load_table("d.t__rescued").scan().to_arrow().to_pylist()
    assert [(r["source"], r["line"], json.loads(r["raw"])) for r in rescued] == [(str(p2), 3, {"v": "x", "ts": 2})]


def test_columns_named_like_widens_own_or_metadata(spark, tmp_path, capsys):
    """A Parquet column named ``_metadata`` is a column like any other in a keyed write (the files' rows are named
    by Spark's hidden metadata column, not by it); a column named as a keyed write's own line columns
    (``__widen_source``, ``__widen_line``, ``__widen_value``) is refused in one line before any write."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    warehouse, batch = str(tmp_path / "wh"), tmp_path / "b.parquet"
    pq.write_table(pa.table({"id": [1, 2, 1], "_metadata": ["a", "b", "c"]}), batch)
    args = ["ingest", "--warehouse", warehouse, "--table", "d.t", "--format", "parquet", "--key", "id"]
    assert main([*args, str(batch)]) == 0
    data = open_catalog(None, warehouse).load_table("d.t").scan().to_arrow().to_pylist()
    assert sorted((r["id"], r["_metadata"]) for r in data) == [(1, "c"), (2, "b")]
    for name in ("__widen_line", "__widen_source"):
        frame = spark.createDataFrame([(3, 1)], f"id long, {name} long")
        with pytest.raises(InputError, match=f"column {name}: .*Widen's own"):
            widen.write(frame, "d.t", warehouse=warehouse, progress=lambda m: None)
    other = tmp_path / "c.jsonl"
    other.write_text('{"id": 4, "__widen_value": "x"}\n')
    capsys.readouterr()
    assert main(["ingest", "--warehouse", warehouse, "--table", "d.t", str(other)]) != 0
    err = capsys.readouterr().err
    assert "column __widen_value" in err and "Traceback" not in err
    assert len(open_catalog(None, warehouse).load_table("d.t").scan().to_arrow()) == 2


def test_a_watched_folder_upserts(spark, tmp_path, capsys):
    """``--watch`` with ``--key``: each micro-batch an upsert, its records ordered by ``--order-by``, then file
    and line; a late event and a delete across micro-batches; a keyless line rescued with its file."""
    warehouse, landing, checkpoint = str(tmp_path / "wh"), tmp_path / "landing", str(tmp_path / "ck")
    landing.mkdir()
    keyed_args = ["--key", "id", "--order-by", "ts", "--delete-when", "op = 'd'"]
    run = ["ingest", "--warehouse", warehouse, "--table", "d.t", "--watch", str(landing), "--checkpoint",
           checkpoint, "--once", *keyed_args]
    first = [{"id": 1, "v": 1, "ts": 1}, {"id": 2, "v": 2, "ts": 1}, {"id": 1, "v": "one", "ts": 1}, {"v": 9}]
    _write(landing / "a.jsonl", first)
    assert main(run) == 0, capsys.readouterr().err
    _write(landing / "b.jsonl", [{"id": 2, "op": "d", "ts": 3}, {"id": 1, "v": 0, "ts": 0}, {"id": 3, "v": 3,
                                                                                               "ts": 2}])
    _write(landing / "c.jsonl", [{"id": 2, "v": 22, "ts": 2}])  # (older than the delete: stays deleted)
    assert main(run) == 0
    err = capsys.readouterr().err
    assert "1 inserted, 1 deleted" in err, err  # (b and c: one micro-batch, or two)
    assert _rows(warehouse) == _reference([first, [{"id": 2, "op": "d", "ts": 3}, {"id": 1, "v": 0, "ts": 0},
                                                   {"id": 3, "v": 3, "ts": 2}, {"id": 2, "v": 22, "ts": 2}]])
    rescued = open_catalog(None, warehouse).load_table("d.t__rescued").scan().to_arrow().to_pylist()
    assert [(Path(r["source"]).name, r["raw"]) for r in rescued] == [("a.jsonl", '{"v": 9}')]


def test_a_watched_folder_of_parquet_files_orders_ties_by_file_then_row(spark, tmp_path, capsys):
    """``--watch --format parquet --key``: a key's rows in one micro-batch tie by file, then row, as files
    ingested do (not by the order Spark packs them in: the larger file is read first); a keyless row is rescued
    with its file and row; the stream's own columns of each row's file and row are not written."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    warehouse, landing, checkpoint = str(tmp_path / "wh"), tmp_path / "landing", str(tmp_path / "ck")
    landing.mkdir()
    pq.write_table(pa.table({"id": [1], "v": [2]}), landing / "a.parquet")  # (small: packed after b)
    pq.write_table(pa.table({"id": [1, None] + list(range(10, 2000)), "v": [1, 9] + list(range(10, 2000))}),
                   landing / "b.parquet")
    run = ["ingest", "--warehouse", warehouse, "--table", "d.t", "--watch", str(landing), "--checkpoint",
           checkpoint, "--once", "--format", "parquet", "--key", "id"]
    assert main(run) == 0, capsys.readouterr().err
    data = open_catalog(None, warehouse).load_table("d.t").scan().to_arrow()
    assert sorted(data.column_names) == ["id", "v"]
    assert {r["id"]: r["v"] for r in data.to_pylist()}[1] == 1  # (b.parquet, the later file, wins the tie)
    rescued = open_catalog(None, warehouse).load_table("d.t__rescued").scan().to_arrow().to_pylist()
    assert [(Path(r["source"]).name, r["line"], json.loads(r["raw"])) for r in rescued] == [
        ("b.parquet", 2, {"v": 9})]


def test_a_timestamp_key_on_a_host_not_on_utc(spark, tmp_path):
    """The batch's bounds of a timestamp key prune the table's files in UTC whatever the driver's time zone
    (PySpark hands a timestamp to Python in local time): an update replaces its row, never adds a second."""
    import os
    import time

    warehouse = str(tmp_path / "wh")
    b1 = _write(tmp_path / "b1.jsonl", [{"t": "2024-01-01T00:00:00Z", "id": 1, "v": 1}])
    b2 = _write(tmp_path / "b2.jsonl", [{"t": "2024-01-01T00:00:00Z", "id": 1, "v": 2}])
    before = os.environ.get("TZ")
    os.environ["TZ"] = "Asia/Tokyo"
    time.tzset()
    try:
        widen.ingest([str(b1), str(b2)], "d.t", warehouse=warehouse, spark=spark, progress=lambda m: None,
                     key="t,id")
    finally:
        if before is None:
            os.environ.pop("TZ")
        else:
            os.environ["TZ"] = before
        time.tzset()
    assert _rows_v(warehouse, "d.t") == {1: 2}


def test_a_dataframes_ties_go_to_the_later_row_whatever_its_source(spark, tmp_path):
    """``widen.write`` with a ``source_column``: of two records of one key and one order value, the later row of
    the DataFrame wins, not the greater source."""
    warehouse = str(tmp_path / "wh")
    frame = spark.createDataFrame([('{"id": 1, "v": 1, "ts": 0}', "part-9"), ('{"id": 1, "v": 2, "ts": 0}', "part-10")],
                                  "value string, src string").coalesce(1)
    widen.write(frame, "d.t", json_column="value", source_column="src", warehouse=warehouse, progress=lambda m: None,
                key="id", order_by="ts")
    assert _rows_v(warehouse, "d.t") == {1: 2}


def test_a_table_with_identifier_fields_from_another_engine(spark, tmp_path, capsys):
    """A table another engine gave Iceberg identifier fields is keyed by them: a batch without ``--key`` upserts
    by them, and a batch asking for another key is refused before any work."""
    import pyarrow as pa
    from pyiceberg.schema import Schema
    from pyiceberg.types import LongType, NestedField, StringType

    warehouse = str(tmp_path / "wh")
    cat = open_catalog(None, warehouse)
    cat.create_namespace("d")
    table = cat.create_table("d.t", Schema(NestedField(1, "id", LongType(), required=True),
                                           NestedField(2, "region", StringType(), required=False),
                                           identifier_field_ids=[1]))
    table.append(pa.table({"id": pa.array([1, 2], pa.int64()), "region": ["eu", "us"]},
                          schema=pa.schema([pa.field("id", pa.int64(), nullable=False),
                                            pa.field("region", pa.string())])))
    batch = _write(tmp_path / "b.jsonl", [{"id": 2, "region": "ap"}, {"id": 3, "region": "eu"}])
    code = main(["ingest", "--warehouse", warehouse, "--table", "d.t", "--key", "region", str(batch)])
    err = capsys.readouterr().err
    assert code == 2 and "d.t has the identifier fields id: it is keyed by them (--key id), not by region" in err
    widen.ingest([str(batch)], "d.t", warehouse=warehouse, spark=spark, progress=lambda m: None)
    rows = open_catalog(None, warehouse).load_table("d.t").scan().to_arrow().to_pylist()
    assert sorted((r["id"], r["region"]) for r in rows) == [(1, "eu"), (2, "ap"), (3, "eu")]


def test_superseded_tombstones_are_orphans_for_widen_gc(spark, tmp_path, capsys):
    """Each keyed commit that changes the deletes writes them anew; `widen gc` lists (and deletes) the files of
    those the table no longer names, never the current ones, and a late event after that still stays deleted."""
    from widen.gc import orphan_files
    from widen.keyed import TOMBSTONES

    warehouse = str(tmp_path / "wh")
    keyed_args = dict(key="id", order_by="ts", delete_when="op = 'd'")
    b1 = _write(tmp_path / "b1.jsonl", [{"id": 1, "v": 1, "ts": 1}, {"id": 2, "op": "d", "ts": 5}])
    b2 = _write(tmp_path / "b2.jsonl", [{"id": 1, "op": "d", "ts": 6}])
    widen.ingest([str(b1), str(b2)], "d.t", warehouse=warehouse, spark=spark, progress=lambda m: None, **keyed_args)
    table = open_catalog(None, warehouse).load_table("d.t")
    current = table.properties[TOMBSTONES]
    old = orphan_files(table, 0)
    assert old and all("/widen-tombstones-" in f and current.split("/")[-1] not in f for f in old), old
    assert main(["gc", "--warehouse", warehouse, "--table", "d.t", "--older-than", "0s", "--delete"]) == 0
    capsys.readouterr()
    assert orphan_files(open_catalog(None, warehouse).load_table("d.t"), 0) == []
    late = _write(tmp_path / "b3.jsonl", [{"id": 1, "v": 9, "ts": 2}, {"id": 2, "v": 9, "ts": 3}])
    widen.ingest([str(late)], "d.t", warehouse=warehouse, spark=spark, progress=lambda m: None)
    assert _rows_v(warehouse, "d.t") == {}


def test_a_column_named_rank_keeps_its_values(spark, tmp_path):
    """The window that picks each key's last record named its row number ``__rank``, overwriting a record's own
    ``__rank`` with 1."""
    warehouse = str(tmp_path / "wh")
    batch = _write(tmp_path / "b.jsonl", [{"id": 1, "__rank": 7}, {"id": 2, "__rank": 8}, {"id": 2, "__rank": 9}])
    widen.ingest([str(batch)], "d.t", warehouse=warehouse, spark=spark, progress=lambda m: None, key="id")
    rows = open_catalog(None, warehouse).load_table("d.t").scan().to_arrow().to_pylist()
    assert sorted((r["id"], r["__rank"]) for r in rows) == [(1, 7), (2, 9)]
