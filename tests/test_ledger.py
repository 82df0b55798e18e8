"""Exactly once for the life of a table (docs/guarantees.md): the ledger of absorbed files and micro-batches is
committed with the data and survives snapshot expiry, compaction by another writer and `widen maintain`."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import datetime, timezone
from pathlib import Path

import pytest

from widen.ingest import ingest, ledger, open_catalog, orphan_files
from widen.sink.ledger import PROPERTY, read, superseded

pytestmark = pytest.mark.spark


def batch(path, first, n=5):
    path.write_text("".join(f'{{"id": {i}, "v": "x{i}"}}\n' for i in range(first, first + n)))
    return str(path)


def ids(wh, table="t.e"):
    return sorted(r["id"] for r in open_catalog(None, str(wh)).load_table(table).scan().to_arrow().to_pylist())


def expire_all_but_current(wh, table="t.e"):
    tbl = open_catalog(None, str(wh)).load_table(table)
    tbl.maintenance.expire_snapshots().older_than(datetime.now(timezone.utc)).commit()
    tbl = open_catalog(None, str(wh)).load_table(table)
    assert len(tbl.snapshots()) == 1
    return tbl


def test_expiring_every_snapshot_but_the_current_one_then_a_replay_duplicates_nothing(spark, rules, tmp_path):
    wh = str(tmp_path / "wh")
    f1, f2, f3 = (batch(tmp_path / f"f{i}.jsonl", 10 * i) for i in (1, 2, 3))
    [r1, _] = ingest([f1, f2], "t.e", rules=rules, warehouse=wh, spark=spark, progress=lambda _: None)
    expire_all_but_current(wh)
    said = []
    again = ingest([f1, f3], "t.e", rules=rules, warehouse=wh, spark=spark, progress=said.append)
    assert again[0].already == [f1] and not again[1].already
    assert ids(wh) == list(range(10, 15)) + list(range(20, 25)) + list(range(30, 35))
    # the message names where f1 was absorbed, though that snapshot has expired
    assert any("already ingested" in s and f"snapshot {r1.snapshot_id}" in s and f1 in s for s in said), said
    # a directory of one file absorbed and one new: the one skipped is counted as one file
    folder = tmp_path / "folder"
    folder.mkdir()
    Path(f2).rename(folder / "f2.jsonl")
    batch(folder / "f4.jsonl", 40)
    said.clear()
    ingest([str(folder)], "t.e", rules=rules, warehouse=wh, spark=spark, progress=said.append)
    assert f"batch 1: 1 file already ingested, skipped: {folder / 'f2.jsonl'}" in said, said


def test_compaction_by_another_writer_then_expiry_then_a_replay_duplicates_nothing(spark, rules, tmp_path):
    wh = str(tmp_path / "wh")
    f1, f2 = batch(tmp_path / "f1.jsonl", 10), batch(tmp_path / "f2.jsonl", 20)
    ingest([f1], "t.e", rules=rules, warehouse=wh, spark=spark, progress=lambda _: None)
    tbl = open_catalog(None, wh).load_table("t.e")
    tbl.overwrite(tbl.scan().to_arrow())  # another writer rewrites the data files (pyiceberg: a replace)
    expire_all_but_current(wh)
    manifests = len(open_catalog(None, wh).load_table("t.e").current_snapshot().manifests(tbl.io))
    assert manifests >= 1
    reports = ingest([f1, f2], "t.e", rules=rules, warehouse=wh, spark=spark, progress=lambda _: None)
    assert reports[0].already == [f1]
    assert ids(wh) == list(range(10, 15)) + list(range(20, 25))


def test_a_row_delete_by_another_writer_does_not_unabsorb_the_file(spark, rules, tmp_path):
    """Absorbed means absorbed: another writer deleting rows (or all of them) does not make the file new again
    (--force ingests it again)."""
    from pyiceberg.expressions import GreaterThanOrEqual

    wh = str(tmp_path / "wh")
    f1 = batch(tmp_path / "f1.jsonl", 10)
    ingest([f1], "t.e", rules=rules, warehouse=wh, spark=spark, progress=lambda _: None)
    open_catalog(None, wh).load_table("t.e").delete(GreaterThanOrEqual("id", 12))
    [r] = ingest([f1], "t.e", rules=rules, warehouse=wh, spark=spark, progress=lambda _: None)
    assert r.already == [f1] and ids(wh) == [10, 11]


def test_the_ledger_is_one_file_named_by_a_table_property_and_commits_with_the_data(spark, rules, tmp_path):
    wh = str(tmp_path / "wh")
    f1, f2 = batch(tmp_path / "f1.jsonl", 10), batch(tmp_path / "f2.jsonl", 20)
    [r1, r2] = ingest([f1, f2], "t.e", rules=rules, warehouse=wh, spark=spark, progress=lambda _: None)
    tbl = open_catalog(None, wh).load_table("t.e")
    led = read(tbl)
    assert led.location == tbl.properties[PROPERTY]
    assert {e.path: e.snapshot_id for e in led.files.values()} == {f1: r1.snapshot_id, f2: r2.snapshot_id}
    assert set(ledger.files(tbl).values()) == {r1.snapshot_id, r2.snapshot_id}
    # each commit left the ledger before it behind: `widen maintain` removes those
    assert len(superseded(tbl)) == 1


def test_a_table_written_before_the_ledger_existed_keeps_its_history(spark, rules, tmp_path):
    """A table whose snapshots carry `widen.files` but which has no ledger property (an older Widen wrote it):
    its first commit writes a ledger holding the files of those snapshots too."""
    wh = str(tmp_path / "wh")
    f1, f2 = batch(tmp_path / "f1.jsonl", 10), batch(tmp_path / "f2.jsonl", 20)
    ingest([f1], "t.e", rules=rules, warehouse=wh, spark=spark, progress=lambda _: None)
    tbl = open_catalog(None, wh).load_table("t.e")
    with tbl.transaction() as tx:
        tx.remove_properties(PROPERTY)
    assert ledger.files(open_catalog(None, wh).load_table("t.e")) != {}  # read from the snapshot summaries
    ingest([f2], "t.e", rules=rules, warehouse=wh, spark=spark, progress=lambda _: None)
    expire_all_but_current(wh)
    [r] = ingest([f1], "t.e", rules=rules, warehouse=wh, spark=spark, progress=lambda _: None)
    assert r.already == [f1] and ids(wh) == list(range(10, 15)) + list(range(20, 25))


def cli(*args, env=None):
    full = {**os.environ, "WIDEN_DRIVER_MEMORY": "1g", **(env or {})}
    return subprocess.run([sys.executable, "-m", "widen.cli", *args], capture_output=True, text=True, env=full)


def documented_maintain_output() -> list[str]:
    """The output lines docs/ingest.md shows for `widen maintain --dry-run` (after its `$ widen maintain` line)."""
    from pathlib import Path

    text = (Path(__file__).parents[1] / "docs" / "ingest.md").read_text()
    command = "$ widen maintain --table t.e --older-than 0s --files-older-than 0s --dry-run\n"
    block = text.split(command, 1)[1].split("```", 1)[0]
    return [line.strip() for line in block.splitlines() if line.strip()]


def test_widen_maintain_expires_keeps_the_ledger_and_says_what_it_did(spark, rules, tmp_path):
    wh = str(tmp_path / "wh")
    files = [batch(tmp_path / f"f{i}.jsonl", 10 * i) for i in range(1, 4)]
    ingest(files, "t.e", rules=rules, warehouse=wh, spark=spark, progress=lambda _: None)
    before = open_catalog(None, wh).load_table("t.e")
    assert len(before.snapshots()) == 3 and len(superseded(before)) == 2
    args = ("maintain", "--table", "t.e", "--warehouse", wh, "--keep-snapshots", "1", "--older-than", "0s",
            "--files-older-than", "0s")
    dry = cli(*args, "--dry-run")
    assert dry.returncode == 0, dry.stderr
    assert "would expire 2 snapshots" in dry.stdout and "would delete 2 superseded ledger files" in dry.stdout
    assert dry.stdout.splitlines() == documented_maintain_output()
    assert len(open_catalog(None, wh).load_table("t.e").snapshots()) == 3  # nothing done
    done = cli(*args)
    assert done.returncode == 0, done.stderr
    assert "expired 2 snapshots" in done.stdout and "deleted 2 superseded ledger files" in done.stdout
    tbl = open_catalog(None, wh).load_table("t.e")
    assert len(tbl.snapshots()) == 1 and superseded(tbl) == [] and len(read(tbl).files) == 3
    assert ids(wh) == [i for k in (1, 2, 3) for i in range(10 * k, 10 * k + 5)]
    again = cli("ingest", "--table", "t.e", "--warehouse", wh, files[0])
    assert again.returncode == 0 and "already ingested" in again.stderr
    assert "spark:" not in again.stderr  # a replay starts no session
    copy = tmp_path / "renamed.jsonl"  # a renamed copy is found out by its hash
    copy.write_bytes(Path(files[1]).read_bytes())
    renamed = cli("ingest", "--table", "t.e", "--warehouse", wh, str(copy))
    assert renamed.returncode == 0 and "already ingested" in renamed.stderr, renamed.stderr
    assert len(ids(wh)) == 15


def test_widen_maintain_refuses_a_bad_duration_without_a_traceback(tmp_path):
    out = cli("maintain", "--table", "t.e", "--warehouse", str(tmp_path / "wh"), "--older-than", "soon")
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert "--older-than 'soon'" in out.stderr


@pytest.mark.parametrize("point", ["maintain-after-expire", "maintain-after-ledger-files"])
def test_kill_9_of_widen_maintain_then_a_replay_and_a_new_batch_land_every_record_once(point, spark, rules,
                                                                                       tmp_path):
    wh = str(tmp_path / "wh")
    f1, f2, f3 = (batch(tmp_path / f"f{i}.jsonl", 10 * i) for i in (1, 2, 3))
    ingest([f1, f2], "t.e", rules=rules, warehouse=wh, spark=spark, progress=lambda _: None)
    args = ("maintain", "--table", "t.e", "--warehouse", wh, "--keep-snapshots", "1", "--older-than", "0s",
            "--files-older-than", "0s")
    killed = cli(*args, env={"WIDEN_FAULT": f"kill:{point}"})
    assert killed.returncode == -9, killed.stderr[-2000:]
    again = cli("ingest", "--table", "t.e", "--warehouse", wh, f1, f2, f3)
    assert again.returncode == 0, again.stderr[-2000:]
    assert ids(wh) == list(range(10, 15)) + list(range(20, 25)) + list(range(30, 35))
    assert cli(*args).returncode == 0
    tbl = open_catalog(None, wh).load_table("t.e")
    assert orphan_files(tbl, older_than_seconds=0) == [] and superseded(tbl) == []
    assert ids(wh) == list(range(10, 15)) + list(range(20, 25)) + list(range(30, 35))


def test_widen_maintain_on_a_table_written_before_the_ledger_existed_keeps_its_files(spark, rules, tmp_path):
    """Its ledger is its snapshot summaries: `widen maintain` writes it as a ledger file before expiring them."""
    wh = str(tmp_path / "wh")
    f1, f2 = batch(tmp_path / "f1.jsonl", 10), batch(tmp_path / "f2.jsonl", 20)
    ingest([f1, f2], "t.e", rules=rules, warehouse=wh, spark=spark, progress=lambda _: None)
    tbl = open_catalog(None, wh).load_table("t.e")
    with tbl.transaction() as tx:
        tx.remove_properties(PROPERTY)
    done = cli("maintain", "--table", "t.e", "--warehouse", wh, "--older-than", "0s", "--files-older-than", "0s")
    assert done.returncode == 0, done.stderr
    assert "t.e: wrote its first ledger file, from its snapshot summaries" in done.stdout
    tbl = open_catalog(None, wh).load_table("t.e")
    assert len(tbl.snapshots()) == 1 and len(read(tbl).files) == 2
    [r] = ingest([f1], "t.e", rules=rules, warehouse=wh, spark=spark, progress=lambda _: None)
    assert r.already == [f1] and len(ids(wh)) == 10


def test_widen_maintain_leaves_young_files_alone_by_default(spark, rules, tmp_path):
    """An ingest still running may be about to commit a ledger file or data files it just wrote: files younger
    than --files-older-than (default 1h) are never deleted, whatever --older-than says."""
    wh = str(tmp_path / "wh")
    files = [batch(tmp_path / f"f{i}.jsonl", 10 * i) for i in (1, 2)]
    ingest(files, "t.e", rules=rules, warehouse=wh, spark=spark, progress=lambda _: None)
    done = cli("maintain", "--table", "t.e", "--warehouse", wh, "--older-than", "0s")
    assert done.returncode == 0, done.stderr
    assert "expired 1 snapshot" in done.stdout and "deleted 0 superseded ledger files" in done.stdout
    assert len(superseded(open_catalog(None, wh).load_table("t.e"))) == 1


def test_a_missing_ledger_file_stops_the_ingest_with_a_message_not_a_duplicate(spark, rules, tmp_path):
    from pathlib import Path

    wh = str(tmp_path / "wh")
    f1 = batch(tmp_path / "f1.jsonl", 10)
    ingest([f1], "t.e", rules=rules, warehouse=wh, spark=spark, progress=lambda _: None)
    location = open_catalog(None, wh).load_table("t.e").properties[PROPERTY]
    Path(location.removeprefix("file://").removeprefix("file:")).unlink()  # an orphan-file cleanup took it
    out = cli("ingest", "--table", "t.e", "--warehouse", wh, f1)
    assert out.returncode == 2 and "Traceback" not in out.stderr
    assert "ledger file" in out.stderr and "missing" in out.stderr and PROPERTY in out.stderr
    assert len(ids(wh)) == 5


def test_a_file_of_a_size_the_table_has_not_seen_is_hashed_while_the_batch_is_read_and_recorded_exactly(
        spark, rules, tmp_path):
    import hashlib

    from widen.sources import fingerprints

    f1 = batch(tmp_path / "f1.jsonl", 10)
    f2 = batch(tmp_path / "f2.jsonl", 100, n=7)  # a size of its own: hashed in a thread while it is read
    sha = {f: hashlib.sha256(Path(f).read_bytes()).hexdigest() for f in (f1, f2)}
    assert [fp.sha256 for fp in fingerprints([Path(f1), Path(f2)])] == [sha[f1], sha[f2]]
    assert [fp.sha256 for fp in fingerprints([Path(f2)], frozenset({os.path.getsize(f2)}))] == [sha[f2]]
    wh = str(tmp_path / "wh")
    ingest([f1], "t.e", rules=rules, warehouse=wh, spark=spark, progress=lambda _: None)
    ingest([f2], "t.e", rules=rules, warehouse=wh, spark=spark, progress=lambda _: None)
    recorded = read(open_catalog(None, wh).load_table("t.e")).files
    assert {recorded[k].path: k for k in recorded} == {str(Path(f).resolve()): sha[f] for f in (f1, f2)}
    copy = tmp_path / "copy.jsonl"
    copy.write_bytes(Path(f2).read_bytes())
    [again] = ingest([str(copy)], "t.e", rules=rules, warehouse=wh, spark=spark, progress=lambda _: None)
    assert again.already == [str(copy)] and ids(wh) == [*range(10, 15), *range(100, 107)]


def test_a_file_that_cannot_be_read_when_its_hash_is_worked_out_is_named_then(tmp_path):
    from widen.errors import InputError
    from widen.sources import fingerprints

    with pytest.raises(InputError, match="missing.jsonl"):  # one that is not there: at once
        fingerprints([tmp_path / "missing.jsonl"])
    unreadable = tmp_path / "unreadable.jsonl"
    unreadable.mkdir()  # (its size can be read, its bytes cannot)
    [fp] = fingerprints([unreadable])
    with pytest.raises(InputError, match="unreadable.jsonl"):
        fp.sha256


def test_a_file_rewritten_before_its_hash_is_worked_out_is_refused_not_recorded_by_the_new_bytes(monkeypatch,
                                                                                                   tmp_path):
    import widen.sources.files as sources

    f = tmp_path / "f.jsonl"
    f.write_text('{"a": 1}\n')
    hash_of = sources._sha256

    def rewritten_first(path, *args):  # another writer rewrites the file (same size) before the thread hashes it
        Path(path).write_text('{"a": 2}\n')
        os.utime(path, ns=(1, 1))
        return hash_of(path, *args)

    monkeypatch.setattr(sources, "_sha256", rewritten_first)
    [fp] = sources.fingerprints([f])
    with pytest.raises(sources.InputError, match="f.jsonl: changed while the batch was being ingested"):
        fp.sha256


def test_a_file_rewritten_after_it_was_read_commits_no_rescued_line(spark, rules, monkeypatch, tmp_path):
    import widen.sink.rescued as rescued
    from widen.errors import InputError

    f = tmp_path / "f.jsonl"
    f.write_text('{"a": 1}\nnot json\n{"a": 3}\n')
    write = rescued._write

    def rewritten_then_written(tbl, bad, batch, prints, force):
        f.write_text('{"a": 1}\nnot json\n{"a": 4}\n')  # the same size, after the pass read it
        os.utime(f, ns=(1, 1))
        return write(tbl, bad, batch, prints, force)

    monkeypatch.setattr(rescued, "_write", rewritten_then_written)
    wh = str(tmp_path / "wh")
    with pytest.raises(InputError, match="changed while the batch was being ingested"):
        ingest([str(f)], "t.e", rules=rules, warehouse=wh, spark=spark, progress=lambda _: None)
    cat = open_catalog(None, wh)
    assert not cat.table_exists("t.e__rescued") or not cat.load_table("t.e__rescued").scan().to_arrow().num_rows


def test_widen_maintain_in_a_warehouse_whose_path_has_a_space(spark, rules, tmp_path):
    """pyarrow's ``FileSystem.from_uri`` refuses a URI with a space (pyiceberg writes the table's location
    unescaped): the ledger files and the data files are listed by the path the URI names."""
    wh = str(tmp_path / "my warehouse")
    files = [batch(tmp_path / f"f{i}.jsonl", 10 * i) for i in (1, 2)]
    ingest(files, "t.e", rules=rules, warehouse=wh, spark=spark, progress=lambda _: None)
    assert len(superseded(open_catalog(None, wh).load_table("t.e"))) == 1
    done = cli("maintain", "--table", "t.e", "--warehouse", wh, "--older-than", "0s", "--files-older-than", "0s")
    assert done.returncode == 0, done.stderr
    assert "expired 1 snapshot" in done.stdout and "deleted 1 superseded ledger file" in done.stdout
    assert ids(wh) == list(range(10, 15)) + list(range(20, 25))
