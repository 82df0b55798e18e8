"""Small batches observed and routed on the driver (`widen.sources.DriverLines`): the same table, rows, rescued
lines and report as Spark's observer and projection write, chosen by the batch's size on disk."""

from __future__ import annotations

import bz2
import gzip
import json
import os
import subprocess
import sys

import pytest

import widen
import widen.sources.driver
from test_spark import normalise
from widen.ingest import ingest, open_catalog
from widen.sources import DriverLines, file_lines

pytestmark = pytest.mark.spark

QUIET = {"progress": lambda _: None}

#: batches that drift: scalars turning into strings, arrays and records; records nested two levels, hollow records,
#: dates and timestamps into long columns, numbers at VARIANT's edges, and lines that are rescued
BATCHES = [
    ['{"id": 1, "price": 10, "tags": ["a"], "user": {"id": 7, "name": "x"}, "started": "2024-05-01T10:00:00Z"}',
     '{"id": 2, "price": 2.5, "tags": [], "user": {"id": 8, "geo": {"lat": 1.5, "lon": -2}}, "opt": {}}',
     '{"id": 3, "price": 9007199254740993, "user": null, "day": "2024-05-03", "big": 123456789012345678901234}',
     '[1, 2]', '{"id": 4, "broken": ', '\t',
     '{"id": 5, "coords": [[1, 2], [3]], "mixed": [1, "x", {"k": 2}], "opt": {"p": null}, "n": 4.9E-324}'],
    ['{"id": 6, "price": "n/a", "tags": "solo", "user": {"id": "u-9", "name": null}, "started": 1714561200000}',
     '{"id": 7, "price": [1, 2], "day": true, "opt": {"p": {"q": [{}]}}, "paid": false}',
     '   ', '{"id": 8, "user": [{"id": 1}, {"id": "two"}], "started": "2024-05-01"}'],
]


@pytest.fixture(autouse=True)
def _no_native_pass(monkeypatch):
    """These tests are the driver path's: a small batch the native pass observes plain is the native router's
    (tests/test_native_write.py::test_a_small_plain_batch_is_written_natively_and_another_on_the_driver), so the
    pass is off here."""
    monkeypatch.setenv("WIDEN_NATIVE", "0")


def _write(path, lines, newline="\n"):
    path.write_bytes(newline.join(lines).encode("utf-8") + newline.encode("utf-8"))
    return str(path)


@pytest.fixture
def observed_on_driver(monkeypatch):
    """The batches DriverLines observed (a spy on its observe)."""
    seen = []
    real = DriverLines.observe

    def spy(self, rules):
        seen.append(list(self.paths))
        return real(self, rules)

    monkeypatch.setattr(DriverLines, "observe", spy)
    return seen


def _table(wh, name):
    catalog = open_catalog(None, wh)
    tbl = catalog.load_table(name)
    rows = sorted((normalise(r) for r in tbl.scan().to_arrow().to_pylist()), key=lambda r: json.dumps(r, default=str))
    return tbl, rows


def _run(tmp_path, spark, rules, monkeypatch, bound, name, newline="\n", **kwargs):
    """The batches as files of their own directory (``name``), ingested into a warehouse of its own there."""
    monkeypatch.setenv("WIDEN_DRIVER_BATCH_BYTES", bound)
    (tmp_path / name).mkdir()
    files = [_write(tmp_path / name / f"batch-{i}.jsonl", batch, newline) for i, batch in enumerate(BATCHES)]
    wh = str(tmp_path / name / "wh")
    reports = ingest(files, "db.t", rules=rules, warehouse=wh, spark=spark, **QUIET, **kwargs)
    return wh, reports


def _same(spark_run, driver_run, rescued=True):
    (wh_s, reports_s), (wh_d, reports_d) = spark_run, driver_run
    tbl_s, rows_s = _table(wh_s, "db.t")
    tbl_d, rows_d = _table(wh_d, "db.t")
    assert tbl_d.schema() == tbl_s.schema()  # names, types, ids, docs
    assert rows_d == rows_s
    assert tbl_d.spec() == tbl_s.spec()
    keys = ("records", "rescued", "empty_names", "values", "fields_added", "promoted")
    assert [[getattr(r, k) for k in keys] for r in reports_d] == [[getattr(r, k) for k in keys] for r in reports_s]
    if rescued:
        _, bad_s = _table(wh_s, "db.t__rescued")
        _, bad_d = _table(wh_d, "db.t__rescued")
        # the files' names without their run's directory
        strip = lambda rows: sorted(({k: os.path.basename(v) if k in ("batch", "source") else v
                                      for k, v in r.items()} for r in rows), key=lambda r: (r["source"], r["line"]))
        assert strip(bad_d) == strip(bad_s)
        assert [(r["source"], r["line"], r["reason"]) for r in strip(bad_d)] == [
            ("batch-0.jsonl", 4, "a JSON array is not an object"), ("batch-0.jsonl", 5, "not valid JSON"),
            ("batch-0.jsonl", 6, "not valid JSON")]


def test_a_small_batch_is_observed_on_the_driver_and_writes_what_spark_writes(spark, rules, tmp_path, monkeypatch,
                                                                             observed_on_driver):
    """Two drifting batches, with lines that are rescued: the driver's table (schema, rows), rescued lines and
    reports equal those of Spark's observer and projection."""
    spark_run = _run(tmp_path, spark, rules, monkeypatch, "0", "spark")
    assert observed_on_driver == []
    driver_run = _run(tmp_path, spark, rules, monkeypatch, str(1 << 20), "driver")
    assert len(observed_on_driver) == 2
    _same(spark_run, driver_run)
    assert [(r.records, r.rescued) for r in driver_run[1]] == [(4, 3), (3, 0)]


def test_lines_split_among_processes_write_the_same_table(spark, rules, tmp_path, monkeypatch, observed_on_driver):
    """Each batch's lines observed and routed by three forked processes (a few lines each): their observations
    merged, their rows in order, the same table as Spark's path and as one process."""
    spark_run = _run(tmp_path, spark, rules, monkeypatch, "0", "spark")
    monkeypatch.setattr(widen.sources.driver, "LINES_PER_WORKER", 1)
    monkeypatch.setattr(widen.sources.driver, "driver_workers", lambda: 3)
    forked = []
    real = widen.sources.driver._in_parallel
    monkeypatch.setattr(widen.sources.driver, "_in_parallel", lambda work, lines, *rest: forked.append(
        (work.__name__, len(lines))) or real(work, lines, *rest))
    parallel = _run(tmp_path, spark, rules, monkeypatch, "4096", "driver-3")
    assert forked == [("_observe_lines", 7), ("_route_lines", 7), ("_observe_lines", 4), ("_route_lines", 4)]
    _same(spark_run, parallel)
    monkeypatch.setattr(widen.sources.driver, "driver_workers", lambda: 1)
    _same(spark_run, _run(tmp_path, spark, rules, monkeypatch, "4096", "driver-1"))


def test_lines_split_at_carriage_returns_as_spark_splits_them(spark, rules, tmp_path, monkeypatch, observed_on_driver):
    """Old Mac line ends (a lone CR) and Windows' (CR LF): the driver reads the lines Spark's text reader reads,
    numbered alike, and writes the same table."""
    from widen.sources.spark_read import read_lines

    path = tmp_path / "mixed.jsonl"
    path.write_bytes(b'\xef\xbb\xbf{"a": 1}\r{"a": 2}\r\n\r\n \t \n{"a": "\xff"}\r\r{"b": true}')
    expected = [(r["value"], r["line"]) for r in read_lines(spark, [str(path)]).orderBy("line").collect()]
    got = [(line.text if line.text is not None else line.raw.decode("utf-8", "replace"), line.number)
           for line in file_lines(path)]
    assert got == expected
    spark_run = _run(tmp_path, spark, rules, monkeypatch, "0", "spark-cr", newline="\r")
    driver_run = _run(tmp_path, spark, rules, monkeypatch, "4096", "driver-cr", newline="\r")
    assert len(observed_on_driver) == 2
    _same(spark_run, driver_run)


def test_a_partitioned_table_is_written_alike(spark, rules, tmp_path, monkeypatch, observed_on_driver):
    spark_run = _run(tmp_path, spark, rules, monkeypatch, "0", "spark-p", partition_by="bucket(4, id)")
    driver_run = _run(tmp_path, spark, rules, monkeypatch, "4096", "driver-p", partition_by="bucket(4, id)")
    assert len(observed_on_driver) == 2
    _same(spark_run, driver_run, rescued=False)
    tbl, _ = _table(driver_run[0], "db.t")
    assert not tbl.spec().is_unpartitioned()


def test_the_batch_s_size_on_disk_decides(spark, rules, tmp_path, monkeypatch, observed_on_driver):
    """Beyond the bound, or compressed (Spark decompresses by the suffix; its size on disk does not bound its
    lines), a batch is Spark's."""
    plain = _write(tmp_path / "a.jsonl", BATCHES[0])
    size = os.path.getsize(plain)
    gz = tmp_path / "b.jsonl.gz"
    gz.write_bytes(gzip.compress(open(plain, "rb").read()))
    bz = tmp_path / "c.jsonl.bz2"
    bz.write_bytes(bz2.compress(open(plain, "rb").read()))
    for bound, path, driver in [(size, plain, True), (size - 1, plain, False), (size, str(gz), False),
                                (size, str(bz), False)]:
        monkeypatch.setenv("WIDEN_DRIVER_BATCH_BYTES", str(bound))
        observed_on_driver.clear()
        [report] = ingest([path], "db.t", rules=rules, warehouse=str(tmp_path / f"wh-{bound}-{driver}"),
                          spark=spark, **QUIET)
        assert (observed_on_driver == [[str(os.path.realpath(path))]]) is driver
        assert (report.records, report.rescued) == (4, 3)


@pytest.mark.parametrize("bound", ["0", "4096"], ids=["spark", "driver"])
def test_a_file_whose_name_a_uri_escapes_keeps_its_rescued_lines(spark, rules, tmp_path, monkeypatch, bound):
    """A space, a percent sign and an accent in the file's name: its rescued line is written, under the file's
    path as the ledger has it (Spark names files by URI, %-escaped)."""
    monkeypatch.setenv("WIDEN_DRIVER_BATCH_BYTES", bound)
    path = _write(tmp_path / "day 1 100% caf\u00e9.jsonl", ['{"a": 1}', "not json"])
    ingest([path], "db.t", rules=rules, warehouse=str(tmp_path / "wh"), spark=spark, **QUIET)
    _, rescued = _table(str(tmp_path / "wh"), "db.t__rescued")
    assert [(r["source"], r["line"], r["raw"]) for r in rescued] == [(os.path.realpath(path), 2, "not json")]


def test_line_one_is_read_alike_on_both_paths(spark, rules, tmp_path, monkeypatch):
    """The first line: invalid UTF-8 there is rescued with its bytes (not read with U+FFFD in their place), and of
    two byte-order marks only the file's is dropped (the second is the line's: not JSON)."""
    cases = {"bad-utf8": b'{"a": "\xff"}\n{"a": 2}\n', "two-boms": b'\xef\xbb\xbf\xef\xbb\xbf{"a": 1}\n{"a": 2}\n'}
    for bound in ("0", "4096"):
        monkeypatch.setenv("WIDEN_DRIVER_BATCH_BYTES", bound)
        for name, data in cases.items():
            (tmp_path / bound).mkdir(exist_ok=True)
            path = tmp_path / bound / f"{name}.jsonl"
            path.write_bytes(data)
            wh = str(tmp_path / bound / f"wh-{name}")
            [report] = ingest([str(path)], "db.t", rules=rules, warehouse=wh, spark=spark, **QUIET)
            assert (report.records, report.rescued) == (1, 1), (bound, name)
            _, rescued = _table(wh, "db.t__rescued")
            reason = "not valid UTF-8" if name == "bad-utf8" else "not valid JSON"
            assert [(r["line"], r["reason"]) for r in rescued] == [(1, reason)], (bound, name)
            if name == "bad-utf8":
                assert rescued[0]["raw_bytes"] == data.split(b"\n")[0]


def test_a_directory_of_many_rescued_lines_and_merged_spellings(spark, tmp_path, monkeypatch, observed_on_driver):
    """A directory batch of two files, 1,204 lines on two processes: more rescued lines than the report keeps as
    examples (all written), and rules that merge names differing by case (a record holding both is rescued)."""
    text = open(widen.default_rules_path(), encoding="utf-8").read()
    rules = widen.load_rules("merge.rules", text=text.replace("on case_conflict keep", "on case_conflict merge", 1))
    monkeypatch.setattr(widen.sources.driver, "driver_workers", lambda: 2)
    one = [f'{{"id": {i}, "Price": {i}}}' if i % 2 else f'{{"id": {i}, "price": "p{i}"}}' for i in range(200)]
    two = ["not json"] * 1001 + ['{"id": 1, "a": 1, "A": 2}', '{"id": 2, "A": [1]}', '{"id": 3, "a": {"b": 1}}']
    runs = []
    for bound in ("0", str(1 << 20)):
        monkeypatch.setenv("WIDEN_DRIVER_BATCH_BYTES", bound)
        folder = tmp_path / f"run-{bound}" / "batch"
        folder.mkdir(parents=True)
        _write(folder / "one.jsonl", one)
        _write(folder / "two.jsonl", two)
        wh = str(tmp_path / f"run-{bound}" / "wh")
        runs.append((wh, ingest([str(folder)], "db.t", rules=rules, warehouse=wh, spark=spark, **QUIET)))
    assert len(observed_on_driver) == 1
    _same(*runs, rescued=False)
    [report] = runs[1][1]
    assert (report.records, report.rescued) == (202, 1002)
    _, bad_s = _table(runs[0][0], "db.t__rescued")
    _, bad_d = _table(runs[1][0], "db.t__rescued")
    strip = lambda rows: sorted((os.path.basename(r["source"]), r["line"], r["reason"], r["raw"]) for r in rows)
    assert strip(bad_d) == strip(bad_s) and len(bad_d) == 1002


def test_cli_says_what_is_wrong_with_the_bound(tmp_path):
    """A bound that is not a number of bytes: the variable and its value, no traceback, nothing written."""
    path = _write(tmp_path / "a.jsonl", BATCHES[0])
    env = dict(os.environ, WIDEN_DRIVER_BATCH_BYTES="8MB")
    out = subprocess.run([sys.executable, "-m", "widen.cli", "ingest", path, "--table", "db.t", "--warehouse",
                          str(tmp_path / "wh")], capture_output=True, text=True, env=env)
    assert out.returncode != 0
    assert "WIDEN_DRIVER_BATCH_BYTES='8MB'" in out.stderr
    assert "Traceback" not in out.stderr
    assert not (tmp_path / "wh" / "db.db" / "t").exists()


def test_cli_ingests_a_small_file_on_the_driver_by_default(tmp_path):
    """`widen ingest` of a small file with no setting: the driver path, the table Spark's path writes."""
    path = _write(tmp_path / "a.jsonl", BATCHES[0])
    env = {k: v for k, v in os.environ.items() if k != "WIDEN_DRIVER_BATCH_BYTES"}
    probe = ("import sys, widen.sources as s, widen.cli as c\n"
             "real = s.DriverLines.observe\n"
             "def spy(self, rules):\n"
             "    print('driver:', len(self.paths), file=sys.stderr)\n"
             "    return real(self, rules)\n"
             "s.DriverLines.observe = spy\n"
             "sys.exit(c.main(sys.argv[1:]))\n")
    out = subprocess.run([sys.executable, "-c", probe, "ingest", path, "--table", "db.t", "--warehouse",
                          str(tmp_path / "wh")], capture_output=True, text=True, env=env)
    assert out.returncode == 0, out.stderr
    assert "driver: 1" in out.stderr
    assert "4 records" in out.stderr and "3 lines rescued" in out.stderr


@pytest.mark.parametrize("bound", ["0", "4096"])
def test_files_whose_names_start_with_an_underscore_are_read(spark, rules, tmp_path, monkeypatch, bound):
    """A file whose name starts with ``_`` (which Spark's file reader skips even when it is named), in a directory
    batch or given alone, is read and its lines written, on Spark's path and on the driver's."""
    monkeypatch.setenv("WIDEN_DRIVER_BATCH_BYTES", bound)
    (tmp_path / "in" / "sub").mkdir(parents=True)
    _write(tmp_path / "in" / "a.jsonl", ['{"a": 1}'])
    _write(tmp_path / "in" / "_x.jsonl", ['{"a": 2}', "not json"])
    _write(tmp_path / "in" / "sub" / "_y.jsonl", ['{"a": 3}'])
    alone = _write(tmp_path / "_z.jsonl", ['{"a": 4}'])
    wh = str(tmp_path / "wh")
    reports = ingest([str(tmp_path / "in"), alone], "db.t", rules=rules, warehouse=wh, spark=spark, **QUIET)
    assert [(r.records, r.rescued) for r in reports] == [(3, 1), (1, 0)]
    _, rows = _table(wh, "db.t")
    assert sorted(r["a"] for r in rows) == [1, 2, 3, 4]
    _, rescued = _table(wh, "db.t__rescued")
    assert [(os.path.basename(r["source"]), r["line"]) for r in rescued] == [("_x.jsonl", 2)]


def test_a_file_spark_never_reads_is_refused_by_name_and_a_parquet_file_is_read(spark, rules, tmp_path,
                                                                                monkeypatch):
    """A name ending in ``._COPYING_`` (a copy under way), which Spark skips whatever it is told, is refused by name
    before anything is written; a Parquet file named ``_x.parquet`` is read (Spark's reader would skip it too)."""
    from widen.errors import InputError

    monkeypatch.setenv("WIDEN_DRIVER_BATCH_BYTES", "0")
    copying = _write(tmp_path / "a.jsonl._COPYING_", ['{"a": 1}'])
    with pytest.raises(InputError, match=r"a\.jsonl\._COPYING_: Spark never reads a file whose name ends in"):
        ingest([copying], "db.t", rules=rules, warehouse=str(tmp_path / "wh"), spark=spark, **QUIET)
    assert open_catalog(None, str(tmp_path / "wh")).list_namespaces() == []  # (nor its namespace)
    spark.createDataFrame([(1,), (2,)], "a long").coalesce(1).write.parquet(str(tmp_path / "pq"))
    [part] = (tmp_path / "pq").glob("part-*.parquet")
    hidden = tmp_path / "_x.parquet"
    part.rename(hidden)
    [report] = ingest([str(hidden)], "db.p", rules=rules, warehouse=str(tmp_path / "wh"), spark=spark,
                      input_format="parquet", **QUIET)
    assert report.records == 2
    assert sorted(r["a"] for r in _table(str(tmp_path / "wh"), "db.p")[1]) == [1, 2]


def test_spark_before_4_3_refuses_such_a_file_by_name(spark, rules, tmp_path, monkeypatch):
    """Spark before 4.3 cannot be told to read a file whose name starts with ``_``: the batch is refused, naming
    the file, and nothing is committed (never recorded as ingested with its lines lost)."""
    from pyspark.sql import SparkSession

    from widen.errors import InputError

    monkeypatch.setenv("WIDEN_DRIVER_BATCH_BYTES", "0")
    monkeypatch.setattr(SparkSession, "version", property(lambda self: "4.0.1"))
    path = _write(tmp_path / "_x.jsonl", ['{"a": 1}'])
    with pytest.raises(InputError, match=r"_x\.jsonl: Spark 4\.0\.1 skips files whose names start with '_'"):
        ingest([path], "db.t", rules=rules, warehouse=str(tmp_path / "wh"), spark=spark, **QUIET)
    assert open_catalog(None, str(tmp_path / "wh")).list_namespaces() == []  # (nor its namespace)


def _dataframe_run(tmp_path, spark, rules, monkeypatch, bound, texts):
    """``texts`` ((text or None, source) rows; a text of bytes is cast to a string as it is) written by
    ``widen.write`` with ``json_column``, one batch per list, into a warehouse of its own."""
    from pyspark.sql import functions as F

    monkeypatch.setenv("WIDEN_DRIVER_BATCH_BYTES", bound)
    wh, reports = str(tmp_path / f"wh-{bound}"), []
    for i, rows in enumerate(texts):
        df = spark.createDataFrame([(t if isinstance(t, bytes) or t is None else t.encode(), s) for t, s in rows],
                                   "raw binary, origin string")
        df = df.select(F.col("raw").cast("string").alias("doc"), "origin")
        reports.append(widen.write(df, "db.t", json_column="doc", source_column="origin", warehouse=wh,
                                   batch=f"frame {i}", **QUIET))
    return wh, reports


def test_a_dataframe_of_json_texts_is_written_alike_on_both_paths(spark, rules, tmp_path, monkeypatch,
                                                                  observed_on_driver):
    """``widen.write(df, json_column=...)`` (what a stream's micro-batch is): a small DataFrame is collected and
    routed on the driver, and the table, its rescued rows (no line number; two equal rows both kept) and the
    reports are those of Spark's path. Null texts are skipped, a text that is not UTF-8 or holds newlines or a
    byte-order mark is taken as Spark's path takes it."""
    texts = [[(line, f"src-{i % 2}") for i, line in enumerate(BATCHES[0])]
             + [(None, "src-0"), ("not json", "src-0"), ("not json", "src-0"), (b'{"a": "\xff"}', "src-1"),
                ('{"id": 9,\n "price": 1}', "src-1"), ("\ufeff{\"id\": 10}", "src-1"),
                # a record whose text is the invalid one's as the observer keeps it, a newline, an empty text
                ('{"a": "\ufffd"}', "src-1"), ("\n", "src-1"), ("", "src-1"),
                # rows without a source
                ("not json", None), ('{"id": 11}', None)],
             [(line, "src-2") for line in BATCHES[1]]]
    spark_run = _dataframe_run(tmp_path, spark, rules, monkeypatch, "0", texts)
    assert observed_on_driver == []
    driver_run = _dataframe_run(tmp_path, spark, rules, monkeypatch, "100000", texts)
    assert observed_on_driver == [[], []]  # both batches, no file of their own
    (wh_s, reports_s), (wh_d, reports_d) = spark_run, driver_run
    tbl_s, rows_s = _table(wh_s, "db.t")
    tbl_d, rows_d = _table(wh_d, "db.t")
    assert tbl_d.schema() == tbl_s.schema()
    assert rows_d == rows_s and len(rows_d) == 10
    keys = ("records", "rescued", "empty_names", "values", "fields_added", "promoted")
    assert [[getattr(r, k) for k in keys] for r in reports_d] == [[getattr(r, k) for k in keys] for r in reports_s]
    _, bad_s = _table(wh_s, "db.t__rescued")
    _, bad_d = _table(wh_d, "db.t__rescued")
    assert bad_d == bad_s
    assert sorted((r["source"] or "", r["reason"]) for r in bad_d) == [
        ("", "not valid JSON"),
        ("src-0", "not valid JSON"), ("src-0", "not valid JSON"), ("src-0", "not valid JSON"),
        ("src-1", "a JSON array is not an object"), ("src-1", "not valid JSON"), ("src-1", "not valid JSON"),
        ("src-1", "not valid JSON"), ("src-1", "not valid UTF-8")]
    assert {r["line"] for r in bad_d} == {None}


def test_a_dataframe_beyond_the_bound_stays_in_spark(spark, rules, tmp_path, monkeypatch, observed_on_driver):
    """The bound is on the texts' bytes, summed by one aggregate job before any row reaches the driver."""
    texts = [[('{"id": %d, "pad": "%s"}' % (i, "x" * 100), "s") for i in range(50)]]
    _, [report] = _dataframe_run(tmp_path, spark, rules, monkeypatch, "4000", texts)
    assert observed_on_driver == [] and report.records == 50
    (tmp_path / "more").mkdir()
    _, [report] = _dataframe_run(tmp_path / "more", spark, rules, monkeypatch, "8000", texts)
    assert observed_on_driver == [[]] and report.records == 50
