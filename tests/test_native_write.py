"""The native router (widen/jvm/NativeRouter.java) held equal to the reference router, its oracle, row for row: a
batch the native pass observed plain (no rescued line, no per-line check) is written by it in `widen ingest`."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import widen
from widen import jvm
from widen.engine.values import json_text
from widen.engine.laws import json_records

from test_native import EVENTS, TRICKY
from test_spark import VALUES, lines_frame, normalise

pytestmark = pytest.mark.spark


def routed(spark, lines, rules, schema=None):
    """(the native router's rows, the reference router's rows) of a batch, planned against ``schema``; None when
    the native pass does not observe the batch plain (it is not the router's then)."""
    frame = lines_frame(spark, lines)
    result = jvm.observe(frame, rules)
    assert result is not None, "the native pass declined a batch it covers"
    if result.observations.rescued_count or result.needs_checks:
        return None
    reference = widen.observe_lines(lines, rules)
    assert result.observations.level == reference.level
    p = widen.plan(schema or widen.TableSchema(), result.observations, rules)
    out = jvm.route(frame, p, rules)
    assert out is not None, "the native router declined a plan it covers"
    assert out.columns == [c.name for c in p.schema.columns]
    router = widen.Router(p, rules)
    expected = [normalise(router.route(widen.parse_line(line))) for line in lines if line.strip(" ")]
    if not out.columns:  # (Arrow has no rows without a column)
        return [{}] * out.count(), expected
    return [normalise(r) for r in out.toArrow().to_pylist()], expected  # (Arrow: years before 1970 in UTC)


def assert_same(spark, lines, rules, schema=None):
    got = routed(spark, lines, rules, schema)
    if got is not None:
        assert got[0] == got[1]
    return got is not None


def test_native_router_matches_the_reference_on_fixed_lines(spark, rules, lossy_rules):
    """Every value of the Spark typing table, the example events and the tricky lines, together (drifting into
    suffixed columns, converted along the lattice, mixed arrays as JSON text) under two rules; each alone under the
    default rules, and the tricky lines alone under the lossy ones too (two Spark jobs a line: CI's time)."""
    lines = [l for l in ['{"v": %s}' % v for v in VALUES] + EVENTS + TRICKY if l.strip(" ")]
    for r, alone in ((rules, lines), (lossy_rules, TRICKY)):
        plain = [l for l in lines if _plain(spark, l, r)]
        assert len(plain) > len(lines) * 0.7  # (the others are rescued: not JSON, names given twice, lone surrogates)
        assert assert_same(spark, plain, r)
        for line in (l for l in plain if l in alone):
            assert assert_same(spark, [line], r)


def _plain(spark, line, rules):
    result = jvm.observe_local([line.encode("utf-8", "surrogatepass")], rules, spark)
    return result is not None and not result.observations.rescued_count and not result.needs_checks


@settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(st.lists(json_records().map(json_text), min_size=1, max_size=8))
def test_native_router_matches_the_reference_on_generated_batches(spark, rules, lines):
    """Generated records (fields that drift between types, shapes and dimensions; numbers at every boundary;
    dates and timestamps; records in arrays): the native router's rows are the reference router's."""
    assert_same(spark, lines, rules)


def test_native_router_reads_records_as_the_reference_routes_them(spark, rules):
    """Records the router reads field by field, and those it reads whole: a record with only empty names (no
    value: its column stays null, not a row of nulls), an empty record, a hollow one, records two levels deep,
    empty names holding records and arrays, and a record that also goes into an array-of-records column of the
    table (two columns, one wrapped) and alone into it; as a batch and line by line."""
    first = ['{"w": [{"x": 1}]}', '{"w": {"x": 7}}']
    table = widen.plan(widen.TableSchema(), widen.observe_lines(first, rules), rules).schema
    lines = ['{"r": {"x": 1, "s": {"y": "a", "z": {"q": true}}}, "w": {"x": 2}}',
             '{"r": {"": 5}, "": {"r": {"x": 1}}, "s": {"": [1, {"a": 2}], "t": 3}}',
             '{"r": {}, "h": {"k": null}, "w": [{"x": 3}, {"": 1}]}',
             '{"r": {"x": null, "s": {"": {"": {}}}}, "w": {"": 2}}',
             '{"": [], "r": {"s": {"y": "b"}, "x": 2.5}, "h": {"k": {"": null}}}']
    assert assert_same(spark, lines, rules, table)
    for line in lines:
        assert assert_same(spark, [line], rules, table)
    assert assert_same(spark, lines, rules)


ISO_EDGES = ["1900-02-29", "2000-02-29", "2100-02-29", "2400-02-29", "2023-04-31", "2023-04-30", "2023-13-01",
             "2023-00-10", "2023-01-00", "2023-12-32", "0000-01-01", "0001-01-01", "9999-12-31", "1969-12-31",
             "1582-10-10", "2023-1-01", "2023-01-01 ", "0001-01-01T00:00:00+01:00", "0001-01-01T00:30:00-01:00",
             "9999-12-31T23:59:59-00:30", "9999-12-31T23:30:00+00:30", "2024-02-29T24:00:00Z",
             "2024-02-29T23:60:00Z", "2024-02-29T23:59:60Z", "2023-02-29T00:00:00Z", "2000-02-29T12:00:00.5+05:45",
             "2000-03-01T00:00:00.1234567Z", "2000-03-01T00:00:00.Z", "2000-03-01T00:00:00-00:00",
             "2000-03-01T00:00:00+00:00", "2000-03-01T00:00:00+24:00", "2000-03-01T00:00:00-23:59",
             "1969-12-31T23:59:59.999999Z", "1970-01-01T00:00:00Z", "2000-03-01T00:00:00+0000", "2000-03-01T00:00:00"]


def test_native_router_types_dates_and_timestamps_at_their_edges_as_the_reference(spark, rules):
    """Dates and timestamps at the edges of the calendar and of the detectors (leap days of century years,
    months' lengths, hours, minutes and seconds out of range, offsets that take an instant out of years 1 to 9999,
    seven fraction digits, ``-00:00``), under the default rules and with any offset taken: typed, and their days
    and microseconds written, as the reference does."""
    text = Path(widen.default_rules_path()).read_text()
    assert "if iso_timestamp |" in text
    any_offset = widen.load_rules("any.rules", text=text.replace("if iso_timestamp |", "if iso_timestamp_any_offset |"))
    for r in (rules, any_offset):
        assert assert_same(spark, ['{"v": "%s"}' % v for v in ISO_EDGES], r)


def test_native_router_writes_an_array_only_where_every_element_converts(spark, rules):
    """Arrays into a table's array columns along guarded edges: an array goes into a column only when every
    element converts exactly (a long beyond 2^53 into a double, milliseconds beyond year 9999 into a timestamp
    fail it, and it goes to its own suffixed column alone); nulls stay in place."""
    first = ['{"a": [1.5], "t": ["2024-01-01T00:00:00Z"]}']
    table = widen.plan(widen.TableSchema(), widen.observe_lines(first, rules), rules).schema
    lines = ['{"a": [1, 9007199254740993], "t": [1714561200000, 99999999999999999]}',
             '{"a": [2, null, 3], "t": [1714561200000, null]}', '{"a": [[1]], "t": [true, false]}']
    assert assert_same(spark, lines, rules, table)
    for line in lines:
        assert assert_same(spark, [line], rules, table)


def test_native_router_writes_into_an_existing_table(spark, rules):
    """A batch planned against a table that has columns already: values go to its columns and to new suffixed
    ones, converted where the lattice widens them in place."""
    first = ['{"a": 1, "t": "2024-01-02T03:04:05Z", "r": {"x": 1}}', '{"a": 2, "d": "2024-01-02"}']
    p = widen.plan(widen.TableSchema(), widen.observe_lines(first, rules), rules)
    second = ['{"a": "x", "t": 1714561200000, "d": "2024-05-03T00:00:00Z", "r": {"x": 2.5, "y": [true]}}',
              '{"a": 2.5, "t": "2024-05-03", "r": [{"x": 3}]}', '{"a": [1, "b", null]}']
    assert assert_same(spark, second, rules, p.schema)


def test_ingest_writes_a_plain_batch_natively(spark, rules, tmp_path, monkeypatch):
    """`widen ingest` of a plain batch writes the native router's rows: the table holds what the compiled
    projection writes (WIDEN_NATIVE=0 writes through it), and the router ran."""
    import json

    from widen.ingest import ingest, open_catalog

    monkeypatch.setenv("WIDEN_DRIVER_BATCH_BYTES", "0")
    lines = [l for l in EVENTS if l.strip(" ") and widen.observe_lines([l], rules).records]
    calls = []
    routed = jvm.routed
    monkeypatch.setattr(jvm, "routed", lambda *a: calls.append(routed(*a)[0]) or (calls[-1], "test"))

    def run(name, native):
        monkeypatch.setenv("WIDEN_NATIVE", "1" if native else "0")
        path = tmp_path / f"{name}.jsonl"
        path.write_text("\n".join(lines) + "\n")
        wh = str(tmp_path / f"wh-{name}")
        ingest([str(path)], "n.t", rules=rules, warehouse=wh, spark=spark, progress=lambda _: None)
        table = open_catalog(None, wh).load_table("n.t")
        return sorted(json.dumps(r, sort_keys=True, default=str) for r in table.scan().to_arrow().to_pylist())

    on = run("on", True)
    assert len(calls) == 1 and calls[0] is not None
    assert on == run("off", False)


def test_lines_are_numbered_only_when_a_line_must_be_named(spark, rules, tmp_path, monkeypatch):
    """A batch of files is observed and written without a job that counts each split's lines (the native pass
    counts them as it reads them); a batch with rescued lines, in several files each read in several splits, names
    each rescued line by its file
    and line number as the Spark observer does (WIDEN_NATIVE=0)."""
    from widen.ingest import ingest, open_catalog
    from widen.sources.spark_read import FileLines

    monkeypatch.setenv("WIDEN_DRIVER_BATCH_BYTES", "0")
    from widen.sources.engines import CHOOSER

    counted, examples = [], []
    splits, observe = FileLines.splits, CHOOSER.observe_lines
    # (the job that counts each split's lines runs when no count was taken)
    monkeypatch.setattr(FileLines, "splits", lambda self: (self._splits is None and counted.append(1)) or splits(self))

    def observing(*args, **kwargs):
        got = observe(*args, **kwargs)
        examples.append([(r.source, r.line, r.reason, r.raw) for r in got.observations.rescued])
        return got

    monkeypatch.setattr(CHOOSER, "observe_lines", observing)
    good = ['{"id": %d, "v": %s}' % (i, v) for i, v in enumerate(["1", '"x"', "2.5", "true", '"2024-01-01"'] * 8)]
    (tmp_path / "batch").mkdir()
    files = []
    for n in range(3):
        lines = list(good)
        lines.insert(3 + 7 * n, "not json %d" % n)
        lines.insert(30 - n, "[%d]" % n)
        files.append(tmp_path / "batch" / f"part-{n}.jsonl")
        files[-1].write_text("\n".join(lines) + "\n")
    plain = tmp_path / "plain.jsonl"
    plain.write_text("\n".join(good) + "\n")
    spark.conf.set("spark.sql.files.maxPartitionBytes", "300")  # several splits per file
    try:
        def run(paths, name, native):
            monkeypatch.setenv("WIDEN_NATIVE", "1" if native else "0")
            wh = str(tmp_path / f"wh-{name}")
            [report] = ingest([str(p) for p in paths], "n.t", rules=rules, warehouse=wh, spark=spark,
                              progress=lambda _: None)
            cat = open_catalog(None, wh)
            rescued = sorted((r["source"], r["line"], r["reason"], r["raw"]) for r in
                             cat.load_table("n.t__rescued").scan().to_arrow().to_pylist()
                             ) if cat.table_exists("n.t__rescued") else []
            return report.rescued, examples.pop(), rescued

        counted.clear()
        assert run([plain], "plain", True) == (0, [], [])
        assert counted == []
        on = run([tmp_path / "batch"], "on", True)
        # the native pass counts each split's lines as it reads them: no job of their own
        assert not counted and on[0] == 6 and len(on[2]) == 6 and on[1] == sorted(on[1])
        assert on == run([tmp_path / "batch"], "off", False)
        assert counted
        assert {(Path(s).name, line) for s, line, *_ in on[2]} == {
            (f"part-{n}.jsonl", line) for n in range(3) for line in (4 + 7 * n, 31 - n)}
    finally:
        spark.conf.unset("spark.sql.files.maxPartitionBytes")


def test_native_router_under_rules_with_an_int_and_a_money_type(spark):
    """Rules with an int32 below long and a decimal(10, 2) for fractions: the router casts int32 into long and
    writes money values and their text as the reference does, negative zero included (a decimal has no negative
    zero in VARIANT or in Spark: the reference writes 0.00, as it writes 0.0 for a double)."""
    money = widen.load_rules(str(Path(__file__).parent / "data" / "money.rules"))
    lines = ['{"n": 1, "b": -0.00, "c": 12.5}', '{"n": 5000000000, "b": "y", "c": [-0.0, "x"]}',
             '{"n": -2147483649, "b": 1.25, "c": 99999999.99}']
    assert assert_same(spark, lines, money)
    for line in lines:
        assert assert_same(spark, [line], money)
    assert widen.Router(widen.plan(widen.TableSchema(), widen.observe_lines(lines[:1], money), money), money).route(
        widen.parse_line(lines[0]))["b"] == 0


def test_native_router_declines_columns_it_does_not_build(spark, rules, tmp_path):
    """A zone-less timestamp column (Iceberg `timestamp`, Spark TIMESTAMP_NTZ): the router declines the plan up
    front and the compiled projection writes the batch."""
    text = (Path(__file__).parent / "data" / "money.rules").read_text().replace(
        "type timestamp = timestamptz", "type timestamp = timestamp")
    (tmp_path / "ntz.rules").write_text(text)
    ntz = widen.load_rules(str(tmp_path / "ntz.rules"))
    lines = ['{"t": "2024-01-02T03:04:05Z", "n": 1}']
    frame = lines_frame(spark, lines)
    p = widen.plan(widen.TableSchema(), widen.observe_lines(lines, ntz), ntz)
    assert [str(c.shape) for c in p.schema.columns] == ["int32", "timestamp"]
    assert jvm.route(frame, p, ntz) is None


def test_a_small_plain_batch_is_written_natively_and_another_on_the_driver(spark, rules, tmp_path, monkeypatch):
    """A small batch (under the driver bound) that the native pass observes is written by the native router, one
    with rescued lines too (the router leaves them out); without the native pass (WIDEN_NATIVE=0) both are the
    driver's. The tables are the same either way."""
    import json

    from widen.ingest import ingest, open_catalog
    from widen.sources import DriverLines

    monkeypatch.setenv("WIDEN_DRIVER_BATCH_BYTES", str(1 << 20))
    plain = [l for l in EVENTS if l.strip(" ") and widen.observe_lines([l], rules).records]
    rescued = plain + ["not json", "[1]"]
    driven, routed = [], []
    observe, route = DriverLines.observe, jvm.routed
    monkeypatch.setattr(DriverLines, "observe", lambda self, r: driven.append(1) or observe(self, r))
    monkeypatch.setattr(jvm, "routed", lambda *a: routed.append(route(*a)[0]) or (routed[-1], "test"))

    def run(lines, name, native):
        monkeypatch.setenv("WIDEN_NATIVE", "1" if native else "0")
        driven.clear(), routed.clear()
        path = tmp_path / f"{name}.jsonl"
        path.write_text("\n".join(lines) + "\n")
        wh = str(tmp_path / f"wh-{name}")
        [report] = ingest([str(path)], "n.t", rules=rules, warehouse=wh, spark=spark, progress=lambda _: None)
        table = open_catalog(None, wh).load_table("n.t")
        rows = sorted(json.dumps(r, sort_keys=True, default=str) for r in table.scan().to_arrow().to_pylist())
        return rows, report.records, report.rescued, (bool(driven), len([r for r in routed if r is not None]))

    on = run(plain, "plain-on", True)
    assert on[3] == (False, 1)
    off = run(plain, "plain-off", False)
    assert off[3] == (True, 0) and on[:3] == off[:3]
    bad = run(rescued, "rescued-on", True)
    assert bad[3] == (False, 1) and bad[2] == 2
    assert bad[:3] == run(rescued, "rescued-off", False)[:3]


def test_a_file_of_more_splits_than_cores_is_cut_into_whole_waves_and_every_line_is_read_once(spark, rules,
                                                                                              tmp_path):
    """Spark's cut of a file into splits of at most ``maxPartitionBytes`` leaves a last wave of tasks that not every
    core has work in; the batch's settings cut it into a whole number of waves, no split larger than Spark's."""
    from widen.ingest import ingest, open_catalog
    from widen.sources import fingerprints
    from widen.jobs import SESSION_SETTINGS, batch_settings, session_settings
    from widen.sources.spark_read import FileLines

    cores = spark.sparkContext.defaultParallelism
    path = tmp_path / "big.jsonl"
    path.write_text("".join(f'{{"id": {i}, "v": "{"x" * (i % 50)}"}}\n' for i in range(3000)))
    size = path.stat().st_size
    largest = size // (2 * cores + 1) + 1  # Spark's own cut: two waves and one split more
    with session_settings(spark, {"spark.sql.files.maxPartitionBytes": str(largest)}):
        own = FileLines(spark, [str(path)]).raw.rdd.getNumPartitions()
        settings = batch_settings(spark, fingerprints([path]))
        with session_settings(spark, settings):
            balanced = FileLines(spark, [str(path)]).raw.rdd.getNumPartitions()
        assert (own, balanced) == (2 * cores + 1, 3 * cores)
        assert int(settings["spark.sql.files.maxPartitionBytes"]) <= largest
        assert batch_settings(spark, fingerprints([path, tmp_path / "big.jsonl"])) == {
            **SESSION_SETTINGS, "spark.sql.files.minPartitionNum": str(cores)}
        wh = str(tmp_path / "wh")
        [report] = ingest([str(path)], "n.t", rules=rules, warehouse=wh, spark=spark, progress=lambda _: None)
    assert spark.conf.get("spark.sql.files.maxPartitionBytes") != settings["spark.sql.files.maxPartitionBytes"]
    ids = [r["id"] for r in open_catalog(None, wh).load_table("n.t").scan().to_arrow().to_pylist()]
    assert report.records == 3000 and sorted(ids) == list(range(3000))


def test_the_two_passes_cut_a_batch_alike_whatever_the_session_s_parallelism(spark, tmp_path):
    """The router leaves out rescued lines by their ids, which depend on how the batch's files are cut: the batch's
    settings pin what Spark divides its bytes by, so that the session's parallelism changing between the observer's
    job and the router's (an executor joining or leaving) cuts them alike; without them it does not."""
    from widen.sources import fingerprints
    from widen.jobs import batch_settings, session_settings
    from widen.sources.spark_read import FileLines

    path = tmp_path / "b.jsonl"
    path.write_text("".join(f'{{"id": {i}}}\n' for i in range(2000)))
    cores = spark.sparkContext.defaultParallelism
    more = {"spark.sql.leafNodeDefaultParallelism": str(4 * cores)}  # (as more executors would)
    parts = lambda: FileLines(spark, [str(path)]).raw.rdd.getNumPartitions()  # noqa: E731
    with session_settings(spark, {"spark.sql.files.openCostInBytes": "1000"}):
        with session_settings(spark, batch_settings(spark, fingerprints([path]))):
            before = parts()
            with session_settings(spark, more):
                assert parts() == before
        with session_settings(spark, more):
            assert parts() != before  # (unpinned, Spark cuts it otherwise)
