"""Storage and catalog faults: a full disk, a catalog locked by another process, a table's files damaged or its
warehouse not writable. Each is one line naming what and where (the CLI exits 3 for the storage or the catalog
failing, 2 for a damaged table), nothing is committed, the table still reads, and the same command again once the
fault is gone lands every record exactly once. docs/guarantees.md, "Storage and catalog faults"."""

from __future__ import annotations

import base64
import contextlib
import json
import os
import random
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from helpers import another_writer_after_our_write

import widen
from widen.cli import main
from widen.errors import CatalogLocked, StorageError, TableDamaged
from widen.ingest import open_catalog, orphan_files
from widen.sink.catalog import load_table

pytestmark = pytest.mark.spark

as_root = pytest.mark.skipif(os.geteuid() != 0, reason="mounts a file system (a tmpfs, a read-only bind): needs root")
TRACE = ("Traceback", "\tat ", "Caused by", "  File ", "py4j", "org.apache", "ERROR")


def quiet(_):
    pass


def batch(path: Path, first: int, count: int, blob: int = 0) -> str:
    """``count`` records with ids from ``first``; ``blob`` random bytes each (base64: they do not compress)."""
    rnd = random.Random(first)
    with path.open("w") as out:
        for i in range(first, first + count):
            record = {"id": i, "price": i * 1.5, "name": f"n{i}"}
            if blob:
                record["blob"] = base64.b64encode(rnd.randbytes(blob)).decode()
            out.write(json.dumps(record) + "\n")
    return str(path)


def ids(warehouse, table: str = "t.e") -> list[int]:
    """The ids the table reads (none when it does not exist)."""
    tbl = load_table(open_catalog(None, str(warehouse)), table)
    rows = tbl.scan().to_arrow() if tbl is not None else None
    return sorted(rows.column("id").to_pylist()) if rows is not None and "id" in rows.column_names else []


def cli(*args, env=None):
    full = {**os.environ, "WIDEN_DRIVER_MEMORY": "1g", **(env or {})}
    return subprocess.run([sys.executable, "-m", "widen.cli", *args], capture_output=True, text=True, env=full,
                          check=False)


def one_line(err: str) -> str:
    """The last line of stderr, once no line of it is a trace (Python's, Java's, Spark's log)."""
    lines = err.strip().splitlines()
    assert lines and not [ln for ln in lines if any(t in ln for t in TRACE)], err[-3000:]
    return lines[-1]


@contextlib.contextmanager
def tmpfs(path: Path, size: str):
    path.mkdir(parents=True)
    subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(path)], check=True)
    try:
        yield path
    finally:
        subprocess.run(["umount", "-l", str(path)], check=False)


def fill(directory: Path) -> Path:
    """A file taking every free byte of the file system ``directory`` is on."""
    filler = directory / "filler"
    with filler.open("wb") as out:
        try:
            while True:
                out.write(b"\0" * 65536)
                out.flush()
        except OSError:
            pass
    return filler


@contextlib.contextmanager
def locked(db: Path):
    """``BEGIN EXCLUSIVE`` on the catalog's database, held until the block ends (or ``release`` is called)."""
    conn = sqlite3.connect(str(db), isolation_level=None, check_same_thread=False)
    conn.execute("BEGIN EXCLUSIVE")
    done = []

    def release():
        if not done:
            done.append(True)
            conn.execute("ROLLBACK")
            conn.close()

    try:
        yield release
    finally:
        release()


# --- a full disk ----------------------------------------------------------------------------------------------------


@as_root
def test_a_full_disk_is_one_line_exit_3_its_partial_files_removed_and_a_rerun_lands_every_record_once(
        spark, tmp_path):
    """20,000 records into a warehouse on a 3 MB tmpfs: Spark's write fails in its tasks (no space left on device).
    One line on stderr naming the device's fault and the directory, exit 3; nothing committed and nothing left
    but the catalog's database (the table the batch created is dropped again); with room again, the same batch lands
    every record once."""
    data = batch(tmp_path / "big.jsonl", 0, 20000, blob=150)
    with tmpfs(tmp_path / "wh", "3m") as wh:
        out = cli("ingest", "--table", "t.big", "--warehouse", str(wh), data)
        line = one_line(out.stderr)
        assert out.returncode == 3, out.stderr[-3000:]
        assert "no space left on device" in line and str(wh) in line and "t.big" in line, line
        assert [p.name for p in wh.rglob("*") if p.is_file()] == ["catalog.db"]
        assert ids(wh, "t.big") == []
        subprocess.run(["mount", "-o", "remount,size=64m", str(wh)], check=True)
        widen.ingest([data], "t.big", warehouse=str(wh), spark=spark, progress=quiet)
        assert ids(wh, "t.big") == list(range(20000))


@as_root
def test_a_disk_that_fills_before_the_commit_raises_storage_error_and_the_batch_files_go(spark, tmp_path,
                                                                                       monkeypatch):
    """The disk fills between the batch's write and its commit (pyiceberg's metadata write fails): StorageError in
    one line naming the table's location; nothing committed, the batch's files deleted; a rerun lands once."""
    with tmpfs(tmp_path / "wh", "3m") as wh:
        widen.ingest([batch(tmp_path / "a.jsonl", 0, 10)], "t.e", warehouse=str(wh), spark=spark, progress=quiet)
        second = batch(tmp_path / "b.jsonl", 10, 10)
        fillers = []
        another_writer_after_our_write(monkeypatch, lambda: fillers.append(fill(wh)))
        with pytest.raises(StorageError) as caught:
            widen.ingest([second], "t.e", warehouse=str(wh), spark=spark, progress=quiet)
        message = str(caught.value)
        assert "\n" not in message and "no space left on device" in message and str(wh) in message, message
        fillers[0].unlink()
        monkeypatch.undo()
        table = open_catalog(None, str(wh)).load_table("t.e")
        assert orphan_files(table, older_than_seconds=0) == [] and ids(wh) == list(range(10))
        widen.ingest([second], "t.e", warehouse=str(wh), spark=spark, progress=quiet)
        assert ids(wh) == list(range(20))


# --- a locked catalog -----------------------------------------------------------------------------------------------


def test_a_locked_catalog_is_waited_for_said_once_and_the_ingest_lands(spark, tmp_path, monkeypatch, capsys):
    """Another process holds the catalog's database locked for 3 s: the ingest says so once on stderr, with the
    bound it waits up to (WIDEN_CATALOG_LOCK_SECONDS), and lands once the lock is released."""
    wh = tmp_path / "wh"
    widen.ingest([batch(tmp_path / "a.jsonl", 0, 5)], "t.e", warehouse=str(wh), spark=spark, progress=quiet)
    monkeypatch.setenv("WIDEN_CATALOG_LOCK_SECONDS", "60")
    capsys.readouterr()
    with locked(wh / "catalog.db") as release:
        threading.Timer(3, release).start()
        started = time.monotonic()
        widen.ingest([batch(tmp_path / "b.jsonl", 5, 5)], "t.e", warehouse=str(wh), spark=spark, progress=quiet)
    assert time.monotonic() - started >= 3
    said = [ln for ln in capsys.readouterr().err.splitlines() if "locked" in ln]
    assert said == [(f"the catalog {wh / 'catalog.db'} is locked by another process: waiting up to 60 s "
                     "(WIDEN_CATALOG_LOCK_SECONDS)")], said
    assert ids(wh) == list(range(10))


def test_a_catalog_locked_past_the_bound_at_the_commit_fails_in_one_line_and_commits_nothing(
        spark, tmp_path, monkeypatch):
    """The lock is taken after the batch's files are written and held past the bound: CatalogLocked in one line
    naming the catalog and the bound, at the commit; nothing committed, the batch's files deleted; a rerun once
    the lock is gone lands once."""
    wh = tmp_path / "wh"
    widen.ingest([batch(tmp_path / "a.jsonl", 0, 5)], "t.e", warehouse=str(wh), spark=spark, progress=quiet)
    second = batch(tmp_path / "b.jsonl", 5, 5)
    monkeypatch.setenv("WIDEN_CATALOG_LOCK_SECONDS", "2")
    held = contextlib.ExitStack()
    another_writer_after_our_write(monkeypatch, lambda: held.enter_context(locked(wh / "catalog.db")))
    with held, pytest.raises(CatalogLocked) as caught:
        widen.ingest([second], "t.e", warehouse=str(wh), spark=spark, progress=quiet)
    message = str(caught.value)
    assert "\n" not in message and str(wh / "catalog.db") in message and "2 s" in message, message
    monkeypatch.undo()
    table = open_catalog(None, str(wh)).load_table("t.e")
    assert len(table.snapshots()) == 1 and orphan_files(table, older_than_seconds=0) == []
    widen.ingest([second], "t.e", warehouse=str(wh), spark=spark, progress=quiet)
    assert ids(wh) == list(range(10))


def test_a_catalog_another_process_holds_locked_is_one_line_exit_3(spark, tmp_path):
    """`widen show` while another process holds the catalog locked (for 90 s): it says once that it waits, gives
    up at the bound in one line naming the catalog and the setting, exit 3; once the lock is gone the table reads."""
    wh = tmp_path / "wh"
    widen.ingest([batch(tmp_path / "a.jsonl", 0, 5)], "t.e", warehouse=str(wh), spark=spark, progress=quiet)
    hold = ("import sqlite3, sys, time\n"
            "c = sqlite3.connect(sys.argv[1], isolation_level=None)\n"
            "c.execute('BEGIN EXCLUSIVE'); print('locked', flush=True); time.sleep(90)")
    holder = subprocess.Popen([sys.executable, "-c", hold, str(wh / "catalog.db")], stdout=subprocess.PIPE, text=True)
    try:
        assert holder.stdout.readline().strip() == "locked"
        out = cli("show", "--table", "t.e", "--warehouse", str(wh), env={"WIDEN_CATALOG_LOCK_SECONDS": "3"})
    finally:
        holder.kill()
        holder.wait()
    assert out.returncode == 3 and one_line(out.stderr) == (
        f"the catalog {wh / 'catalog.db'} is still locked by another process after 3 s (WIDEN_CATALOG_LOCK_SECONDS "
        "sets the wait): run the same command again once the other process releases it"), out.stderr[-3000:]
    assert out.stderr.splitlines()[:-1] == [
        f"the catalog {wh / 'catalog.db'} is locked by another process: waiting up to 3 s (WIDEN_CATALOG_LOCK_SECONDS)"]
    assert ids(wh) == list(range(5))


# --- a damaged table ------------------------------------------------------------------------------------------------


@pytest.fixture
def table(spark, tmp_path):
    """A table of two batches (ids 0-9), and a third batch for it."""
    wh = tmp_path / "wh"
    for n in range(2):
        widen.ingest([batch(tmp_path / f"{n}.jsonl", 5 * n, 5)], "t.e", warehouse=str(wh), spark=spark,
                     progress=quiet)
    return wh, batch(tmp_path / "next.jsonl", 10, 5)


def local(uri: str) -> Path:
    return Path(uri.removeprefix("file://").removeprefix("file:"))


def damaged(path: Path, how: str) -> bytes:
    """``path`` truncated to its first half, or removed (``how``); returns its bytes, to restore it."""
    whole = path.read_bytes()
    if how == "truncated":
        path.write_bytes(whole[: len(whole) // 2])
    else:
        path.unlink()
    return whole


def test_a_truncated_metadata_file_is_one_line_naming_it_in_ingest_stats_and_read(spark, table, capsys):
    """The table's current metadata file cut in half: `widen ingest` and `widen stats` say in one line that the
    file does not parse, naming it, exit 2; `widen.read` raises TableDamaged with that line; restored, the batch
    lands once."""
    wh, third = table
    metadata = local(open_catalog(None, str(wh)).load_table("t.e").metadata_location)
    whole = damaged(metadata, "truncated")
    capsys.readouterr()
    assert main(["ingest", "--table", "t.e", "--warehouse", str(wh), third]) == 2
    line = one_line(capsys.readouterr().err)
    assert f"metadata file {metadata}" in line and "does not parse" in line and "t.e" in line, line
    assert main(["stats", "--table", "t.e", "--warehouse", str(wh)]) == 2
    assert one_line(capsys.readouterr().err) == line
    with pytest.raises(TableDamaged) as caught:
        widen.read(spark, "t.e", warehouse=str(wh))
    assert str(caught.value) == line
    metadata.write_bytes(whole)
    widen.ingest([third], "t.e", warehouse=str(wh), spark=spark, progress=quiet)
    assert ids(wh) == list(range(15))


def test_a_missing_data_file_is_named_by_show_and_by_a_keyed_merge(spark, table, tmp_path, capsys):
    """A data file of the current snapshot removed: `widen show` names it in one line (exit 2), and so does a keyed
    batch whose merge must read it (TableDamaged), nothing committed; restored, the keyed batch lands once."""
    wh, _ = table
    tbl = open_catalog(None, str(wh)).load_table("t.e")
    path = next(local(t.file.file_path) for t in tbl.scan().plan_files())
    whole = damaged(path, "removed")
    capsys.readouterr()
    assert main(["show", "--table", "t.e", "--warehouse", str(wh)]) == 2
    line = one_line(capsys.readouterr().err)
    assert f"data file {path}" in line and "missing" in line, line
    upsert = tmp_path / "upsert.jsonl"
    upsert.write_text("".join(json.dumps({"id": i, "price": -1.0, "name": "u"}) + "\n" for i in range(10)))
    with pytest.raises(TableDamaged) as caught:
        widen.ingest([str(upsert)], "t.e", warehouse=str(wh), spark=spark, progress=quiet, key="id")
    assert str(path) in str(caught.value) and "\n" not in str(caught.value), caught.value
    assert len(open_catalog(None, str(wh)).load_table("t.e").snapshots()) == len(tbl.snapshots())
    path.write_bytes(whole)
    widen.ingest([str(upsert)], "t.e", warehouse=str(wh), spark=spark, progress=quiet, key="id")
    rows = open_catalog(None, str(wh)).load_table("t.e").scan().to_arrow().to_pylist()
    assert sorted(r["id"] for r in rows) == list(range(10)) and {r["price"] for r in rows} == {-1.0}


def test_a_manifest_that_does_not_parse_is_named_by_stats_and_show(spark, table, capsys):
    """A manifest of the current snapshot cut in half: `widen stats` and `widen show` say in one line which
    manifest does not parse, exit 2."""
    wh, _ = table
    tbl = open_catalog(None, str(wh)).load_table("t.e")
    manifest = local(tbl.current_snapshot().manifests(tbl.io)[0].manifest_path)
    damaged(manifest, "truncated")
    capsys.readouterr()
    for command in ("stats", "show"):
        assert main([command, "--table", "t.e", "--warehouse", str(wh)]) == 2
        line = one_line(capsys.readouterr().err)
        assert f"manifest {manifest}" in line and "does not parse" in line and "t.e" in line, line


@as_root
def test_a_warehouse_that_cannot_be_written_raises_storage_error_and_a_rerun_lands_once(spark, table):
    """The warehouse mounted read-only (a bind mount: as root, permissions alone would not stop the write): the
    ingest raises StorageError in one line naming where it could not write; nothing committed; writable again,
    the batch lands once."""
    wh, third = table
    subprocess.run(["mount", "--bind", str(wh), str(wh)], check=True)
    try:
        subprocess.run(["mount", "-o", "remount,bind,ro", str(wh)], check=True)
        with pytest.raises(StorageError) as caught:
            widen.ingest([third], "t.e", warehouse=str(wh), spark=spark, progress=quiet)
    finally:
        subprocess.run(["umount", "-l", str(wh)], check=False)
    message = str(caught.value)
    assert "\n" not in message and "read-only file system" in message and str(wh) in message, message
    assert ids(wh) == list(range(10))
    widen.ingest([third], "t.e", warehouse=str(wh), spark=spark, progress=quiet)
    assert ids(wh) == list(range(15))
