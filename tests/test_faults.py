"""Nothing lost under faults: replays, kill -9 at each point of a batch, a lost acknowledgement, another writer
committing between our read and our commit, and separate processes committing at once. See docs/guarantees.md."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from helpers import another_writer_after_our_write
from test_ingest import reference_rows
from test_spark import normalise

from widen.ingest import ingest, ledger, open_catalog, orphan_files

pytestmark = pytest.mark.spark

BATCH = [
    '{"id": 1, "price": 10, "tags": ["a"]}',
    '{"id": 2, "price": 9007199254740993, "user": {"name": "ann"}}',
    "not json at all",
    '{"id": 3, "price": "n/a"}',
]


def write(path: Path, lines) -> str:
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return str(path)


def rows(warehouse, table="t.events"):
    return open_catalog(None, str(warehouse)).load_table(table).scan().to_arrow().to_pylist()


def quiet(_):
    pass


def test_replay_is_a_noop_renamed_copy_too_and_force_reingests(spark, rules, tmp_path):
    """The table's ledger (file hashes in the snapshot summaries) makes a replay a no-op that says so, also for a
    renamed copy of the file; --force ingests again."""
    wh = tmp_path / "wh"
    first = write(tmp_path / "a.jsonl", BATCH)
    [r1] = ingest([first], "t.events", rules=rules, warehouse=str(wh), spark=spark, progress=quiet)
    table = open_catalog(None, str(wh)).load_table("t.events")
    snapshots = [s.snapshot_id for s in table.snapshots()]
    assert r1.records == 3 and r1.snapshot_id in ledger.files(table).values()
    copy = tmp_path / "renamed.jsonl"
    shutil.copy(first, copy)
    said = []
    r2, r3 = ingest([first, str(copy)], "t.events", rules=rules, warehouse=str(wh), spark=spark, progress=said.append)
    assert r2.skipped and r3.skipped and r2.records == 0
    assert any("already ingested" in s and str(r1.snapshot_id) in s for s in said)
    table = open_catalog(None, str(wh)).load_table("t.events")
    assert [s.snapshot_id for s in table.snapshots()] == snapshots
    assert len(rows(wh)) == 3 and len(rows(wh, "t.events__rescued")) == 1
    [r4] = ingest([first], "t.events", rules=rules, warehouse=str(wh), spark=spark, progress=quiet, force=True)
    assert not r4.skipped and len(rows(wh)) == 6 and len(rows(wh, "t.events__rescued")) == 2


def cli(*args, env=None):
    full = {**os.environ, "WIDEN_DRIVER_MEMORY": "1g", **(env or {})}
    return subprocess.run([sys.executable, "-m", "widen.cli", *args], capture_output=True, text=True, env=full,
                          check=False)


def again(batch, wh, env, rules, spark, monkeypatch) -> str:
    """The killed command's batch ingested again, in this process (on its Spark session): what it said."""
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    said = []
    ingest([batch], "t.events", rules=rules, warehouse=str(wh), spark=spark, progress=said.append)
    return "\n".join(said)


@pytest.mark.parametrize("point, bound", [("after-write", "0"), ("after-rescued", "0"), ("after-commit", "0"),
                                          ("after-write", "4096")],  # the commit is the same code on both paths
                         ids=["after-write-spark", "after-rescued-spark", "after-commit-spark", "after-write-driver"])
def test_kill_9_then_rerun_lands_every_record_exactly_once(point, bound, spark, rules, tmp_path, monkeypatch):
    """`kill -9` at each point of a batch, then the batch ingested again: every record exactly once, the rescued
    line once, no column without its data; files of the commit that never happened are listed by `widen gc`,
    deleted with --delete, and no referenced file is ever among them. Both ways: observed and projected by
    Spark's jobs, and (killed with its files written, not committed) routed on the driver, a small batch's way."""
    wh = tmp_path / "wh"
    batch = write(tmp_path / "b.jsonl", BATCH)
    args = ("ingest", "--table", "t.events", "--warehouse", str(wh), batch)
    killed = cli(*args, env={"WIDEN_FAULT": f"kill:{point}", "WIDEN_DRIVER_BATCH_BYTES": bound})
    assert killed.returncode == -9, killed.stderr[-2000:]
    said = again(batch, wh, {"WIDEN_DRIVER_BATCH_BYTES": bound}, rules, spark, monkeypatch)
    expected = [normalise(r) for r in reference_rows(rules, [BATCH])]
    got = [normalise(r) for r in rows(wh)]
    assert sorted(got, key=lambda r: r["id"]) == sorted(expected, key=lambda r: r["id"])
    assert [r["raw"] for r in rows(wh, "t.events__rescued")] == ["not json at all"]
    table = open_catalog(None, str(wh)).load_table("t.events")
    for field in table.schema().fields:  # every column holds data
        assert any(r[field.name] not in (None, []) for r in got), field.name
    if point == "after-commit":
        assert "already ingested" in said
    orphans = orphan_files(table, older_than_seconds=0)
    assert bool(orphans) == (point == "after-write")
    gc = cli("gc", "--table", "t.events", "--warehouse", str(wh), "--older-than", "0", "--delete")
    assert gc.returncode == 0 and gc.stdout.count("deleted ") == len(orphans), gc.stderr
    assert orphan_files(open_catalog(None, str(wh)).load_table("t.events"), older_than_seconds=0) == []
    assert sorted((normalise(r) for r in rows(wh)), key=lambda r: r["id"]) == sorted(got, key=lambda r: r["id"])


def test_gc_leaves_young_files_alone(spark, rules, tmp_path, monkeypatch):
    """A file younger than --older-than may belong to an ingest still running: gc does not list it."""
    wh = tmp_path / "wh"
    ingest([write(tmp_path / "a.jsonl", BATCH[:1])], "t.events", rules=rules, warehouse=str(wh), spark=spark,
           progress=quiet)
    table = open_catalog(None, str(wh)).load_table("t.events")
    stray = Path(table.location().replace("file://", "")) / "data" / "widen-stray" / "part-0.parquet"
    stray.parent.mkdir(parents=True)
    shutil.copy(next(Path(table.location().replace("file://", "")).rglob("*.parquet")), stray)
    assert orphan_files(table) == []
    assert [Path(f).name for f in orphan_files(table, older_than_seconds=0)] == ["part-0.parquet"]


def test_lost_acknowledgement_is_not_committed_twice(spark, rules, tmp_path, monkeypatch):
    """The catalog commits but reports a failure: the retry finds its own commit id in the table and stops; the
    batch is in the table once."""
    from pyiceberg.exceptions import CommitFailedException
    from pyiceberg.table import Transaction

    original = Transaction.commit_transaction
    calls = []

    def commit_then_fail(self):
        result = original(self)
        calls.append(1)
        if len(calls) == 1:
            raise CommitFailedException("connection reset while reading the catalog's reply")
        return result

    monkeypatch.setattr(Transaction, "commit_transaction", commit_then_fail)
    wh = tmp_path / "wh"
    [report] = ingest([write(tmp_path / "a.jsonl", BATCH[:2])], "t.events", rules=rules, warehouse=str(wh),
                      spark=spark, progress=quiet)
    assert report.recovered and report.attempts == 1
    assert sorted(r["id"] for r in rows(wh)) == [1, 2]
    table = open_catalog(None, str(wh)).load_table("t.events")
    assert sum(1 for s in table.snapshots() if s.summary.additional_properties.get("widen.commit-id")) == 1


@pytest.mark.parametrize("point", ["after-write", "after-rescued", "after-commit"])
def test_kill_9_on_the_one_pass_path_then_rerun_lands_every_record_exactly_once(point, spark, rules, tmp_path,
                                                                                monkeypatch):
    """A batch that fits the table is written in one pass: `kill -9` at each point of it, then the batch ingested
    again: every record and the rescued line exactly once; the files the one pass wrote for a commit that
    never happened (it writes them before the rescued lines commit: killed after those, they are left too) are
    listed by `widen gc`, and no referenced file is ever among them."""
    wh = tmp_path / "wh"
    env = {"WIDEN_DRIVER_BATCH_BYTES": "0"}
    seed = write(tmp_path / "seed.jsonl", BATCH)
    fits = ['{"id": 4, "price": 11, "tags": ["b"]}', "not json either", '{"id": 5, "price": "free"}']
    batch = write(tmp_path / "b.jsonl", fits)
    ingest([seed], "t.events", rules=rules, warehouse=str(wh), spark=spark, progress=quiet)  # (in this process)
    args = ("ingest", "--table", "t.events", "--warehouse", str(wh), batch)
    killed = cli(*args, env={**env, "WIDEN_FAULT": f"kill:{point}"})
    assert killed.returncode == -9, killed.stderr[-2000:]
    said = again(batch, wh, env, rules, spark, monkeypatch)
    assert ", one pass)" in said or point == "after-commit", said[-2000:]
    expected = [normalise(r) for r in reference_rows(rules, [BATCH, fits])]
    got = [normalise(r) for r in rows(wh)]
    assert sorted(got, key=lambda r: r["id"]) == sorted(expected, key=lambda r: r["id"])
    assert sorted(r["raw"] for r in rows(wh, "t.events__rescued")) == ["not json at all", "not json either"]
    table = open_catalog(None, str(wh)).load_table("t.events")
    orphans = orphan_files(table, older_than_seconds=0)
    assert bool(orphans) == (point != "after-commit")  # (the one pass writes before the rescued lines commit)
    referenced = {task.file.file_path for task in table.scan().plan_files()}
    assert not referenced & set(orphans)


@pytest.mark.parametrize("bound, native, fits", [("0", "1", False), ("4096", "0", False), ("4096", "1", False),
                                                 ("0", "1", True)],
                         ids=["spark", "driver", "small-native", "one-pass"])
def test_another_writer_between_our_read_and_our_commit(spark, rules, tmp_path, monkeypatch, bound, native, fits):
    """Deterministic interleaving: after our files are written, another writer commits a batch that adds
    `x_string` and `yours`. Our commit fails (our transaction asserted the old schema id), so we reload the table,
    re-plan against its new schema (our long `x` now also goes to `x_string`: a value goes to every column that can
    hold it), rewrite our files because the projection changed, build a new transaction, and land. Both batches
    are in the table, each row the reference router's, and no file of the failed attempt is left behind. Through
    Spark's path (the native router), routed on the driver (a small batch without the native pass:
    widen.sources.DriverLines), a small plain batch (the native router again), and a batch that fits the table,
    written in one pass by a plan the other writer made stale: re-planned, rewritten, never committed as routed."""
    from widen.sources import DriverLines

    monkeypatch.setenv("WIDEN_DRIVER_BATCH_BYTES", bound)
    monkeypatch.setenv("WIDEN_NATIVE", native)
    on_driver, observe = [], DriverLines.observe
    monkeypatch.setattr(DriverLines, "observe", lambda self, r: on_driver.append(1) or observe(self, r))

    wh = tmp_path / "wh"
    seed = write(tmp_path / "seed.jsonl", ['{"id": 0, "x": 1}'])
    ours = write(tmp_path / "ours.jsonl", ['{"id": 1, "x": 2}' if fits else '{"id": 1, "x": 2, "mine": true}'])
    theirs = write(tmp_path / "theirs.jsonl", ['{"id": 2, "x": "two", "yours": 2.5}'])
    ingest([seed], "t.events", rules=rules, warehouse=str(wh), spark=spark, progress=quiet)
    another_writer_after_our_write(monkeypatch, lambda: ingest([theirs], "t.events", rules=rules, warehouse=str(wh),
                                                              spark=spark, progress=quiet))
    said = []
    [report] = ingest([ours], "t.events", rules=rules, warehouse=str(wh), spark=spark, progress=said.append)
    assert report.attempts == 2, said
    assert any("rewriting the batch's files" in s for s in said)
    assert report.passes == (1 if fits else 2 if bound == "0" else 0)
    assert bool(on_driver) == (bound != "0" and native == "0")
    batches = [[Path(path).read_text().strip()] for path in (seed, theirs, ours)]
    expected = sorted((normalise(r) for r in reference_rows(rules, batches)), key=lambda r: r["id"])
    assert sorted((normalise(r) for r in rows(wh)), key=lambda r: r["id"]) == expected
    assert orphan_files(open_catalog(None, str(wh)).load_table("t.events"), older_than_seconds=0) == []


def test_concurrent_processes_released_together(spark, rules, tmp_path):
    """Three `widen ingest` processes on one table, held after writing their files and released at the same
    instant, each adding its own field and a conflicting type for `x`: all succeed (retrying on the conflict
    against the reloaded table), every record is in the table once and every value is exact."""
    wh = tmp_path / "wh"
    seed = write(tmp_path / "seed.jsonl", ['{"id": 0, "x": 0}'])
    ingest([seed], "t.events", rules=rules, warehouse=str(wh), spark=spark, progress=quiet)  # (in this process)
    batches = {
        "p1": ['{"id": 1, "x": 1, "a": 1}'],
        "p2": ['{"id": 2, "x": "two", "b": "s"}'],
        "p3": ['{"id": 3, "x": 2.5, "c": true}'],
    }
    held = tmp_path / "held"  # (each process leaves a file there; all go on once the third has written its files)
    held.mkdir()
    env = {**os.environ, "WIDEN_DRIVER_MEMORY": "1g", "WIDEN_FAULT": f"barrier:after-write:{held}:3"}
    procs = [
        subprocess.Popen([sys.executable, "-m", "widen.cli", "ingest", "--table", "t.events", "--warehouse", str(wh),
                          write(tmp_path / f"{name}.jsonl", lines)],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
        for name, lines in batches.items()
    ]
    outs = [p.communicate(timeout=600) for p in procs]
    for p, (_, err) in zip(procs, outs):
        assert p.returncode == 0, err[-3000:]
    assert len(list(held.iterdir())) == 3  # (all three were held until the last one had written)
    assert sum("commit conflict" in err for _, err in outs) >= 1  # they really did collide
    # the rows are what the reference router writes for the batches in the order their commits landed
    table = open_catalog(None, str(wh)).load_table("t.events")
    order = [Path(s.summary.additional_properties["widen.batch"]).stem for s in table.snapshots()
             if "widen.batch" in s.summary.additional_properties]
    assert order[0] == "seed" and sorted(order[1:]) == ["p1", "p2", "p3"]
    lines = {"seed": ['{"id": 0, "x": 0}'], **batches}
    expected = sorted((normalise(r) for r in reference_rows(rules, [lines[name] for name in order])),
                      key=lambda r: r["id"])
    assert sorted((normalise(r) for r in rows(wh)), key=lambda r: r["id"]) == expected


def test_another_writer_ingests_the_same_file_meanwhile(spark, rules, tmp_path, monkeypatch):
    """Two writers given the same file (under two names): the other commits it while our files are written; our
    commit conflicts, the retry finds the file in the table's ledger and stops. The records are in the table once,
    and the files we wrote for the lost race are removed."""
    wh = tmp_path / "wh"
    ours = write(tmp_path / "ours.jsonl", BATCH)
    theirs = tmp_path / "theirs.jsonl"
    shutil.copy(ours, theirs)
    ingest([write(tmp_path / "seed.jsonl", ['{"id": 0}'])], "t.events", rules=rules, warehouse=str(wh), spark=spark,
           progress=quiet)
    another_writer_after_our_write(monkeypatch, lambda: ingest([str(theirs)], "t.events", rules=rules,
                                                              warehouse=str(wh), spark=spark, progress=quiet))
    said = []
    [report] = ingest([ours], "t.events", rules=rules, warehouse=str(wh), spark=spark, progress=said.append)
    assert report.already == [str(Path(ours).resolve())] and report.files == 0
    assert any("another writer ingested 1 of these files meanwhile" in s for s in said)
    assert sorted(r["id"] for r in rows(wh)) == [0, 1, 2, 3]
    assert [r["raw"] for r in rows(wh, "t.events__rescued")] == ["not json at all"]
    assert orphan_files(open_catalog(None, str(wh)).load_table("t.events"), older_than_seconds=0) == []


def test_two_copies_in_one_batch_are_one_file(spark, rules, tmp_path):
    """A directory holding the same content twice (a copy under another name) ingests it once and says so."""
    folder = tmp_path / "batch"
    folder.mkdir()
    write(folder / "a.jsonl", BATCH[:1])
    shutil.copy(folder / "a.jsonl", folder / "b.jsonl")
    said = []
    [report] = ingest([str(folder)], "t.events", rules=rules, warehouse=str(tmp_path / "wh"), spark=spark,
                      progress=said.append)
    assert report.records == 1 and len(rows(tmp_path / "wh")) == 1
    assert any("b.jsonl has the same content as" in s for s in said)
