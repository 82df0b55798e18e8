"""Interrupts and failures leave nothing behind: no process of a run outlives its command (the driver JVM, even while
it starts, and Spark's Python workers), and a run that commits nothing creates nothing (no table, no namespace, no
data file)."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

pytestmark = pytest.mark.spark

ROOT = Path(__file__).resolve().parent.parent
EVENTS = sorted(str(p) for p in (ROOT / "examples" / "events").glob("day-*.jsonl"))


def _marked(mark: str) -> list[tuple[int, str]]:
    """The live processes (pid, command line) whose environment holds ``WIDEN_TEST_RUN=mark``."""
    found = []
    needle = f"WIDEN_TEST_RUN={mark}".encode()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/environ", "rb") as env:
                if needle not in env.read().split(b"\0"):
                    continue
            with open(f"/proc/{entry}/stat", "rb") as stat:
                state = stat.read().rsplit(b")", 1)[1].split()[0]
            with open(f"/proc/{entry}/cmdline", "rb") as cmdline:
                command = cmdline.read().replace(b"\0", b" ").decode(errors="replace")
        except OSError:
            continue
        if state != b"Z":
            found.append((int(entry), command))
    return found


def _run(args: list[str], cwd, env: dict | None = None, until=None, sig=signal.SIGINT, timeout: float = 300):
    """``widen ARGS`` as a user runs it; with ``until`` (a function of the run's mark), ``sig`` is sent as soon as it
    holds. Returns the finished process (``stdout``, ``stderr``, ``returncode``) and every process of the run still
    alive the moment it exited."""
    mark = uuid.uuid4().hex
    proc = subprocess.Popen([sys.executable, "-m", "widen.cli", *args], cwd=cwd, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            env={**os.environ, **(env or {}), "WIDEN_TEST_RUN": mark})
    if until is not None:
        deadline = time.monotonic() + timeout
        while not until(mark) and proc.poll() is None and time.monotonic() < deadline:
            time.sleep(0.02)
        assert proc.poll() is None, f"the run ended before it could be interrupted: {proc.communicate()}"
        proc.send_signal(sig)
    out, err = proc.communicate(timeout=timeout)
    left = _marked(mark)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err), left


def _tables(warehouse: Path) -> list:
    from widen.ingest import open_catalog

    if not (warehouse / "catalog.db").exists():
        return []
    catalog = open_catalog(None, str(warehouse))
    return [(ns, catalog.list_tables(ns)) for ns in catalog.list_namespaces()]


def test_ctrl_c_while_spark_starts_leaves_no_jvm_and_no_table(tmp_path):
    """Ctrl-C while the driver JVM is still starting (PySpark has no handle on it yet): exit 130, one line, and no
    process of the run alive when the command returns; nothing was created."""
    seen: list[float] = []

    def starting(mark):  # (the driver JVM has run a moment: Spark's classes load, no session yet)
        if not seen and any("SparkSubmit" in command for _, command in _marked(mark)):
            seen.append(time.monotonic())
        return bool(seen) and time.monotonic() - seen[0] > 0.5

    result, left = _run(["ingest", "--warehouse", "wh", "--table", "t.s", EVENTS[0]], tmp_path, until=starting)
    assert result.returncode == 130, result.stderr
    assert result.stderr.splitlines()[-1].startswith("interrupted"), result.stderr
    assert "Traceback" not in result.stderr
    assert left == [], f"processes of the run outlived it: {left}"
    assert _tables(tmp_path / "wh") == []


def test_ctrl_c_during_a_first_batchs_write_creates_nothing_and_a_rerun_lands_every_record(tmp_path):
    """Interrupted once its files are written and before its commit, a first ingest leaves no table, no namespace
    and no data file; the same command again lands every record once."""
    far = time.time() + 600
    written = lambda mark: any((tmp_path / "wh").rglob("*.parquet"))
    result, left = _run(["ingest", "--warehouse", "wh", "--table", "t.s", EVENTS[0]], tmp_path,
                        env={"WIDEN_FAULT": f"pause:after-write:{far}"}, until=written)
    assert result.returncode == 130, result.stderr
    assert result.stderr.splitlines()[-1].startswith("interrupted: the batches reported above are committed"), \
        result.stderr
    assert left == [], f"processes of the run outlived it: {left}"
    assert _tables(tmp_path / "wh") == []
    assert not list((tmp_path / "wh").rglob("*.parquet")) and not list((tmp_path / "wh").rglob("*.metadata.json"))
    again, _ = _run(["ingest", "--warehouse", "wh", "--table", "t.s", EVENTS[0]], tmp_path)
    assert again.returncode == 0, again.stderr
    from widen.ingest import open_catalog

    rows = open_catalog(None, str(tmp_path / "wh")).load_table("t.s").scan().to_arrow()
    assert len(rows) == sum(1 for line in Path(EVENTS[0]).read_text().splitlines() if line.strip())


def test_a_watch_stopped_by_ctrl_c_leaves_no_process_behind(tmp_path):
    """`--watch` stopped by Ctrl-C once its first micro-batch is committed: exit 0 and, the moment the command
    returns, no JVM or Python worker of it."""
    import shutil

    folder = tmp_path / "in"
    folder.mkdir()
    shutil.copy(EVENTS[0], folder)
    committed = lambda mark: any((tmp_path / "ck").rglob("commits/0"))
    result, left = _run(["ingest", "--warehouse", "wh", "--table", "t.w", "--watch", str(folder), "--checkpoint",
                         "ck"], tmp_path, until=committed)
    assert result.returncode == 0, result.stderr
    assert "stopped" in result.stderr.splitlines(), result.stderr
    assert left == [], f"processes of the run outlived it: {left}"


def test_a_first_batch_that_fails_before_its_commit_creates_nothing(spark, rules, tmp_path, monkeypatch):
    """Through the API: a first batch that fails after its files are written (a fault injected there) raises, and
    leaves no table, no namespace and no data file; the namespace of an existing table stays."""
    import widen
    from widen.errors import FaultInjected

    monkeypatch.setenv("WIDEN_FAULT", "raise:after-write")
    wh = tmp_path / "wh"
    with pytest.raises(FaultInjected):
        widen.ingest(EVENTS[:1], "t.s", rules=rules, warehouse=str(wh), spark=spark, progress=lambda _: None)
    assert _tables(wh) == []
    assert not list(wh.rglob("*.parquet")) and not list(wh.rglob("*.metadata.json"))
    monkeypatch.delenv("WIDEN_FAULT")
    widen.ingest(EVENTS[:1], "t.kept", rules=rules, warehouse=str(wh), spark=spark, progress=lambda _: None)
    monkeypatch.setenv("WIDEN_FAULT", "raise:after-write")
    with pytest.raises(FaultInjected):
        widen.ingest(EVENTS[:1], "t.s", rules=rules, warehouse=str(wh), spark=spark, progress=lambda _: None)
    assert _tables(wh) == [(("t",), [("t", "kept")])]


def test_a_table_another_writer_committed_to_is_never_discarded(tmp_path):
    """The empty table a failed first batch created is dropped only while its metadata file is the one it was
    created with: a writer that committed to it meanwhile keeps it (and the namespace); an untouched one goes, with
    its metadata file and the namespace the run created."""
    from pyiceberg.schema import Schema
    from pyiceberg.types import LongType, NestedField

    from widen.sink.catalog import Created, discard_created, load_or_create, open_catalog

    catalog = open_catalog(None, str(tmp_path / "wh"))
    created = Created()
    load_or_create(catalog, "n.t", created=created)
    first = created.metadata

    committed = []

    def their_commit():  # (another process's writer, once: its own catalog object)
        if committed:
            return
        committed.append(1)
        with open_catalog(None, str(tmp_path / "wh")).load_table("n.t").update_schema() as update:
            update.add_column("x", LongType())

    class Late:  # the other writer commits at the last moment before the drop, however the drop is made
        def __init__(self, inner):
            self.inner = inner

        def __getattr__(self, name):
            if name == "begin":
                their_commit()
            return getattr(self.inner, name)

    engine, drop = catalog.engine, catalog.drop_table
    catalog.engine = Late(engine)
    catalog.drop_table = lambda *a, **k: (their_commit(), drop(*a, **k))
    discard_created(catalog, "n.t", created)
    catalog.engine, catalog.drop_table = engine, drop
    assert catalog.table_exists("n.t") and Path(first.removeprefix("file://")).exists()
    again = Created()
    load_or_create(catalog, "m.t", Schema(NestedField(1, "x", LongType())), created=again)
    metadata = again.metadata
    discard_created(catalog, "m.t", again)
    assert not catalog.table_exists("m.t") and ("m",) not in catalog.list_namespaces()
    assert not Path(metadata.removeprefix("file://")).exists()


def test_a_refusal_naming_a_field_like_a_storage_fault_is_still_a_refusal(spark, rules, tmp_path):
    """A batch the mode refuses is said as the refusal, whatever its field is called: a field named like an
    operating system's error is not taken for a storage fault."""
    import json

    import widen
    from widen.errors import SchemaMismatch

    wh, quiet = str(tmp_path / "wh"), lambda _: None
    for number, value in enumerate((1, "no space left on device")):
        (tmp_path / f"b{number}.jsonl").write_text(json.dumps({"permission denied": value}) + "\n")
    widen.ingest([str(tmp_path / "b0.jsonl")], "t.p", rules=rules, warehouse=wh, spark=spark, progress=quiet)
    with pytest.raises(SchemaMismatch):
        widen.ingest([str(tmp_path / "b1.jsonl")], "t.p", rules=rules, warehouse=wh, spark=spark, progress=quiet,
                     mode="enforce")
