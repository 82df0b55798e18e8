"""One pass (docs/architecture.md#one-pass): a batch that fits the table is read once, routed by a plan
made from the table alone as the native pass observes it, and its files committed as written when its own plan
routes every value the same way; any other batch falls back to the two passes, its observation kept. Either way
the table is the two passes' table, cell for cell."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import widen
from test_engines import HOSTILE, lines_of
from test_spark import normalise
from widen.engine.envelope import envelope, within
from widen.engine.planner import plan
from widen.engine.values import json_text
from widen.ingest import ingest, open_catalog, orphan_files
from widen.engine.laws import json_records

pytestmark = pytest.mark.spark

TABLE = "o.t"


def quiet(_):
    pass


def table_rows(wh: Path, table: str = TABLE) -> list:
    cat = open_catalog(None, str(wh))
    if not cat.table_exists(table):
        return []
    rows = [normalise(r) for r in cat.load_table(table).scan().to_arrow().to_pylist()]
    for row in rows:  # pyiceberg reads a null list<struct> as [] (apache/iceberg-python#3833)
        for k, v in row.items():
            if v == []:
                row[k] = None
    return sorted(rows, key=repr)


def rescued_rows(wh: Path) -> list:
    return sorted((r["line"], r["reason"], r["raw"]) for r in table_rows(wh, TABLE + "__rescued"))


def run(tmp: Path, name: str, batches: list[list[bytes]], monkeypatch, one_pass: bool, rules=None, mode=None):
    monkeypatch.setenv("WIDEN_ONE_PASS", "1" if one_pass else "0")
    monkeypatch.setenv("WIDEN_DRIVER_BATCH_BYTES", "0")  # (a small batch is the driver's: no pass to save)
    files = []
    for i, lines in enumerate(batches, start=1):
        path = tmp / f"{name}-{i}.jsonl"
        path.write_bytes(b"\n".join(lines) + b"\n")
        files.append(str(path))
    wh = tmp / f"wh-{name}"
    reports = ingest(files, TABLE, rules=rules or widen.load_rules(), mode=mode, warehouse=str(wh),
                     spark=widen.spark_session(), progress=quiet)
    return reports, wh


def _rescued(line: bytes) -> bool:
    try:
        widen.parse_line(line.decode("utf-8"))
    except (ValueError, UnicodeDecodeError):
        return True
    return False


#: the hostile lines that are no record (rescued whatever the table)
NOT_RECORDS = [line for line in HOSTILE if _rescued(line)]


@st.composite
def table_and_batch(draw):
    """A first batch, and a second: made of the first's records and lines that are no record (it fits), or of
    its own and any hostile line (it may not)."""
    first = draw(st.lists(json_records().map(json_text), min_size=1, max_size=6))
    if draw(st.integers(0, 2)):
        second = draw(st.lists(st.sampled_from(first), min_size=1, max_size=6))
        second += draw(st.lists(st.sampled_from(NOT_RECORDS), max_size=2))
    else:
        second = draw(st.lists(json_records().map(json_text), min_size=1, max_size=6))
        second += draw(st.lists(st.sampled_from(HOSTILE), max_size=2))
    return lines_of(first), lines_of(draw(st.permutations(second)))


def test_one_pass_writes_what_two_passes_write(spark, tmp_path_factory, monkeypatch):
    """Generated table + batch pairs: the table and the rescued lines after the second batch are the same, cell
    for cell, in one pass (the batches that fit) or in its fallback (those that do not), as in two passes; a
    second batch the native engine runs takes one pass exactly when it adds nothing to the table, and the
    examples hold batches of both kinds."""
    passes = []  # (the second batch's passes, each time the native engine ran it)

    @settings(max_examples=8, deadline=None, derandomize=True,
              suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
    @given(pair=table_and_batch())
    def one_and_two_passes(pair):
        tmp = tmp_path_factory.mktemp("onepass")
        one, wh1 = run(tmp, "one", list(pair), monkeypatch, True)
        two, wh2 = run(tmp, "two", list(pair), monkeypatch, False)
        assert table_rows(wh1) == table_rows(wh2)
        assert rescued_rows(wh1) == rescued_rows(wh2)
        assert [r.passes for r in two] == [0, 0]
        second = one[1]
        if second.records and second.engine == "native":  # (a batch the pass declines is another engine's)
            assert second.passes == (2 if second.fields_added or second.promoted else 1), second
            passes.append(second.passes)
        table = open_catalog(None, str(wh1)).load_table(TABLE)
        assert orphan_files(table, older_than_seconds=0) == []  # (a fallback's files are deleted)

    one_and_two_passes()
    assert set(passes) == {1, 2}, f"the native engine's second batches took {passes} passes"


def test_a_batch_that_fits_takes_one_pass_and_one_that_adds_a_column_two(spark, tmp_path, monkeypatch):
    """A batch of the table's shapes (a narrower value, an array's element, a rescued line among them) is read
    once and its line says so; one with a new field falls back and says why; both tables equal the two passes'."""
    first = [b'{"id": 1, "price": 2.5, "tags": [1, 2], "user": {"name": "ann"}}', b'{"id": 2, "price": "n/a"}']
    fits = [b'{"id": 3, "price": 7, "tags": 4, "user": {"name": "bob"}}', b"not json", b'{"id": 4, "user": {}}']
    adds = [b'{"id": 5, "price": 1.5, "colour": "red"}']
    said = []
    monkeypatch.setenv("WIDEN_DRIVER_BATCH_BYTES", "0")
    wh = tmp_path / "wh"
    paths = []
    for i, lines in enumerate([first, fits, adds]):
        paths.append(tmp_path / f"b{i}.jsonl")
        paths[-1].write_bytes(b"\n".join(lines) + b"\n")
    reports = ingest([str(p) for p in paths], TABLE, warehouse=str(wh), spark=spark, progress=said.append)
    assert [r.passes for r in reports] == [0, 1, 2]
    assert reports[1].line(2).endswith(", engine native, one pass)")
    assert reports[1].rescued == 1 and reports[1].records == 2
    assert reports[2].passes_why == "it changes the table (colour)"
    assert reports[2].line(3).endswith(", engine native, two passes: it changes the table (colour))")
    _, two = run(tmp_path, "two", [first, fits, adds], monkeypatch, False)
    assert table_rows(wh) == table_rows(two)
    assert rescued_rows(wh) == rescued_rows(two) == [(2, "not valid JSON", "not json")]
    assert orphan_files(open_catalog(None, str(wh)).load_table(TABLE), older_than_seconds=0) == []


def test_a_batch_the_mode_refuses_in_one_pass_writes_nothing(spark, tmp_path, monkeypatch):
    """Under enforce, a batch with a value the table has no column for is refused after its one pass: its files
    are deleted and nothing is committed, as in two passes."""
    from widen.engine.modes import SchemaMismatch

    monkeypatch.setenv("WIDEN_DRIVER_BATCH_BYTES", "0")
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    first.write_text('{"id": 1, "price": 2}\n')
    second.write_text('{"id": 2, "price": 3}\n{"id": 3, "price": "n/a"}\n')
    wh = tmp_path / "wh"
    ingest([str(first)], TABLE, warehouse=str(wh), spark=spark, progress=quiet, mode="enforce")
    with pytest.raises(SchemaMismatch, match="price"):
        ingest([str(second)], TABLE, warehouse=str(wh), spark=spark, progress=quiet, mode="enforce")
    table = open_catalog(None, str(wh)).load_table(TABLE)
    assert len(list(table.snapshots())) == 1
    assert orphan_files(table, older_than_seconds=0) == []


def test_the_envelope_plans_no_change_and_holds_the_tables_shapes():
    """The speculative plan adds nothing; a batch of the table's shapes plans within it, one with a new shape
    (or a shape the table holds only narrower, under `on narrower reject`) does not."""
    rules = widen.load_rules()
    lines = ['{"a": 1, "b": "x", "c": {"d": 1.5, "e": [1, 2]}, "t": [1, 2]}', '{"a": "s", "c": {"d": 2}}']
    table = plan(widen.TableSchema(), widen.observe_lines(lines, rules), rules).schema
    speculative = plan(table, envelope(table, rules), rules)
    assert not speculative.changes_schema and speculative.accepted
    fits = plan(table, widen.observe_lines(['{"a": 7, "c": {"d": 3, "e": 5}, "t": 4}', '{"b": true}'], rules), rules)
    assert within(fits, speculative)
    adds = plan(table, widen.observe_lines(['{"c": {"f": 1}}'], rules), rules)
    assert adds.changes_schema and not within(adds, speculative)
    strict = rules.with_mode("enforce")
    exact = plan(table, envelope(table, strict), strict)
    assert {str(r.shape) for r in exact.root.routes if r.field == "t"} == {"long[]"}


def test_the_class_archive_is_made_once_adopted_when_its_jvm_is_done_and_can_be_turned_off(tmp_path, monkeypatch):
    """The first session records its JVM's classes at exit into a file named by its process; a later start adopts
    a finished one (its process gone, the file at rest) and maps it; a start while another process records one, or
    before the file of a process gone is at rest, does neither (and removes nothing); it is off unless WIDEN_CDS=1;
    an archive of another Java or PySpark is removed when one is made."""
    import os
    import time

    from widen.session import class_archive

    monkeypatch.setenv("WIDEN_CACHE_DIR", str(tmp_path))
    monkeypatch.delenv("WIDEN_CDS", raising=False)
    assert class_archive() == ("", False)  # (off by default)
    monkeypatch.setenv("WIDEN_CDS", "1")
    folder = tmp_path / "cds"
    folder.mkdir()
    (folder / "0123456789abcdef.jsa").write_bytes(b"another Java's")
    options, making = class_archive()
    assert making and options.endswith(f".jsa.{os.getpid()} -Xlog:cds*=off")
    assert options.startswith(f"-XX:ArchiveClassesAtExit={folder}/")
    assert not (folder / "0123456789abcdef.jsa").exists()
    recording = Path(options.split("=", 1)[1].split()[0])
    recording.write_bytes(b"being written")
    assert class_archive() == ("", False)  # (this process, alive, is recording it)
    done = recording.with_suffix(".999999999")  # a process that is gone
    recording.rename(done)
    assert class_archive() == ("", False) and done.exists()  # (its JVM may still be writing it: left alone)
    os.utime(done, (time.time() - 60, time.time() - 60))
    options, making = class_archive()
    archive = done.with_suffix("")
    assert (options, making) == (f"-XX:SharedArchiveFile={archive} -Xlog:cds*=off", False)
    assert archive.read_bytes() == b"being written" and not done.exists()
    monkeypatch.setenv("WIDEN_CDS", "0")
    assert class_archive() == ("", False)


def test_the_local_driver_delays_c2_and_the_setting_turns_it_off(spark, monkeypatch):
    """The local driver JVM Widen starts (this suite's session too) raises C2's thresholds ``C2_DELAY`` times;
    ``WIDEN_C2_DELAY=1`` keeps the JVM's own, a Tier4 option of the caller's in ``SPARK_SUBMIT_OPTS`` is left
    alone, and a value that is not a whole number of at least 1 is refused in one line."""
    from widen.errors import InputError
    from widen.session import C2_DELAY, jit_options

    arguments = list(spark.sparkContext._jvm.java.lang.management.ManagementFactory.getRuntimeMXBean()
                     .getInputArguments())
    assert f"-XX:Tier4InvocationThreshold={5000 * C2_DELAY}" in arguments
    assert f"-XX:Tier4BackEdgeThreshold={40000 * C2_DELAY}" in arguments
    monkeypatch.delenv("SPARK_SUBMIT_OPTS", raising=False)
    monkeypatch.setenv("WIDEN_C2_DELAY", "3")
    assert jit_options().split() == ["-XX:Tier4InvocationThreshold=15000", "-XX:Tier4MinInvocationThreshold=1800",
                                     "-XX:Tier4CompileThreshold=45000", "-XX:Tier4BackEdgeThreshold=120000"]
    monkeypatch.setenv("WIDEN_C2_DELAY", "1")
    assert jit_options() == ""
    monkeypatch.delenv("WIDEN_C2_DELAY")
    monkeypatch.setenv("SPARK_SUBMIT_OPTS", "-XX:Tier4InvocationThreshold=7")
    assert jit_options() == ""
    for bad in ("0", "ten", "-2"):
        monkeypatch.setenv("WIDEN_C2_DELAY", bad)
        with pytest.raises(InputError, match=f"WIDEN_C2_DELAY='{bad}'"):
            jit_options()


def test_a_dataframe_of_files_that_fits_takes_one_pass(spark, tmp_path, monkeypatch):
    """``widen.write(spark.read.text(path), json_column=...)`` into a table it fits is read once, as a batch of
    files is; the table equals the two passes' (a DataFrame read from a cache is observed first)."""
    from widen.ingest import write

    monkeypatch.setenv("WIDEN_DRIVER_BATCH_BYTES", "0")
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    first.write_text('{"id": 1, "price": 2.5}\n{"id": 2, "price": "n/a"}\n')
    second.write_text('{"id": 3, "price": 4}\nnot json\n')
    for one_pass, wh in (("1", tmp_path / "one"), ("0", tmp_path / "two")):
        monkeypatch.setenv("WIDEN_ONE_PASS", one_pass)
        reports = [write(spark.read.text(str(p)), TABLE, json_column="value", warehouse=str(wh), progress=quiet)
                   for p in (first, second)]
        assert [r.passes for r in reports] == ([0, 1] if one_pass == "1" else [0, 0])
        assert reports[1].rescued == 1
    assert table_rows(tmp_path / "one") == table_rows(tmp_path / "two")
    assert rescued_rows(tmp_path / "one") == rescued_rows(tmp_path / "two")
    monkeypatch.setenv("WIDEN_ONE_PASS", "1")
    cached = write(spark.read.text(str(second)).localCheckpoint(), TABLE, json_column="value",
                   warehouse=str(tmp_path / "one"), progress=quiet)
    assert cached.passes == 0 and cached.records == 1


def test_a_file_changed_while_its_one_pass_ran_is_refused(spark, tmp_path, monkeypatch):
    """A batch's file rewritten while one pass read it (same size) is refused by name; nothing is committed and
    the files the pass wrote are deleted."""
    import widen.sink.onepass as onepass
    from widen.errors import InputError

    monkeypatch.setenv("WIDEN_DRIVER_BATCH_BYTES", "0")
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    first.write_text('{"id": 1}\n')
    second.write_text('{"id": 2}\n')
    wh = tmp_path / "wh"
    ingest([str(first)], TABLE, warehouse=str(wh), spark=spark, progress=quiet)
    written = onepass.write_parquet

    def then_rewritten(*args):
        files = written(*args)
        second.write_text('{"id": 9}\n')
        return files

    monkeypatch.setattr(onepass, "write_parquet", then_rewritten)
    with pytest.raises(InputError, match="b.jsonl: changed while the batch was being ingested"):
        ingest([str(second)], TABLE, warehouse=str(wh), spark=spark, progress=quiet)
    table = open_catalog(None, str(wh)).load_table(TABLE)
    assert len(list(table.snapshots())) == 1 and orphan_files(table, older_than_seconds=0) == []


def test_one_pass_into_a_partitioned_table_writes_its_partitions(spark, tmp_path, monkeypatch):
    """A partitioned table's second batch is read once and written by the table's spec, as two passes write it."""
    monkeypatch.setenv("WIDEN_DRIVER_BATCH_BYTES", "0")
    first, second = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    first.write_text('{"id": 1, "ts": "2026-11-01T10:00:00Z", "k": "a"}\n{"id": 2, "ts": "2026-11-02T10:00:00Z"}\n')
    second.write_text('{"id": 3, "ts": "2026-11-03T10:00:00Z", "k": "b"}\n{"id": 4, "ts": "2026-11-01T11:00:00Z"}\n')
    for one_pass in ("1", "0"):
        monkeypatch.setenv("WIDEN_ONE_PASS", one_pass)
        wh = tmp_path / f"wh{one_pass}"
        reports = ingest([str(first), str(second)], TABLE, warehouse=str(wh), spark=spark, progress=quiet,
                         partition_by="day(ts), bucket(4, id)")
        assert [r.passes for r in reports] == ([0, 1] if one_pass == "1" else [0, 0])
        table = open_catalog(None, str(wh)).load_table(TABLE)
        partitions = sorted(tuple(t.file.partition) for t in table.scan().plan_files())
        assert len(partitions) == 4
    assert table_rows(tmp_path / "wh1") == table_rows(tmp_path / "wh0")
    one = open_catalog(None, str(tmp_path / "wh1")).load_table(TABLE)
    assert sorted(tuple(t.file.partition) for t in one.scan().plan_files()) == partitions
