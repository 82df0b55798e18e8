"""The native observer (widen/jvm) held equal to the pure-Python observer, its oracle: the same observation tree,
counts, empty names and rescued lines; and to the Spark observer for the storage kinds the compiler reads. Where it
cannot run (no javac, rules it does not cover, a batch it declines) the Spark observer observes the batch."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import widen
from widen import jvm
from widen.sources.engines import observe_dataframe
from widen.engine.values import json_text
from widen.ingest import ingest, open_catalog
from widen.engine.laws import json_records, json_values

from test_hostile import LINES as HOSTILE
from test_spark import VALUES, lines_frame

pytestmark = pytest.mark.spark

ROOT = Path(__file__).resolve().parent.parent
EVENTS = [l.rstrip("\n") for f in sorted((ROOT / "examples" / "events").glob("day-*.jsonl")) for l in open(f)]

TRICKY = [
    '{"d": "\u0662\u0660\u0662\u0660-01-01", "n": "2020-01-01\\n", "t": "2020-01-01T00:00:00Z\\n"}',
    '{"w": "\U0001d7ce\U0001d7cf\U0001d7d0\U0001d7d1-01-01"}',  # mathematical digits: Python's \\d takes them
    '{"p": "\\ud83d\\ude00", "\\ud83d\\ude01": 1}',
    # lone surrogates (rescued, and after the checks before them: not an object, text after the value), an escaped
    # backslash before a u (text, no escape), a pair then a lone one
    '{"s": "\\ud800"}', '{"\\udc00": 1}', '{"s": ["\\udfaa"]}', '["\\ud800"]', '{"s": "\\ud800"} x',
    '{"s": "\\\\ud800"}', '{"s": "\\ud83d\\ude00\\udc00"}', '{"s": "\\ude00\\ud83d"}',
    '{"a": 1} {"b": 2}', '{"a": 1}  ', '\t{"a": 1}', '{"a": 1}\t', '{"a": 01}', '{"a": .5}', '{"a": 1.}',
    '{"a": "x\\u0000y"}', '{"a": "tab\there"}', "{}", '{"": {}}', '{"a": {"": 1}}',
    '{"t": ["2020-01-01T00:00:00+00:00", "2020-01-01T00:00:00-00:00", "2020-01-01T01:00:00+01:00"]}',
    '{"t": "0001-01-01T00:00:00Z", "u": "9999-12-31T23:59:59.999999Z", "v": "2020-02-29", "w": "2021-02-29"}',
    '{"t": ["0001-01-01", "2300-01-01", 9007199254740993, true]}', '{"t": ["2400-01-01", 3]}',
    '{"x": [9223372036854775807, 1.5]}', '{"x": [1e3, 2]}', '{"x": [[1.25], [2]]}', '{"x": 1E400}',
    '{"x": -1e-400}', '{"x": 4.9E-324}', '{"x": 5e-324}', '{"x": 0.1e1}', '{"x": 123456789012345678901234567890.0}',
    '{"x": 12345678901234567890123456789012345678901}', '{"x": [1, 2.5, "2020-01-01"]}', '{"x": [[], [[]]]}',
    '{"x": [[[]], [1]]}', '{"x": [null, [null]]}', '{"x": [{}, {"": 1}]}', '{"x": [{"a": [{"b": 1}]}, null]}',
    '{"a": ' + "[" * 999 + "]" * 999 + "}", '{"a": ' + "[" * 1000 + "]" * 1000 + "}",
    "[" * 1000 + "]" * 1000, "[" * 1001 + "]" * 1001,
    # exponents beyond Java's BigDecimal; digits as written (Spark measures the token before it drops zeros)
    '{"x": 1e-3000000000, "y": 0e99999999999, "z": -0.0e-5}', '{"x": 1.0000000000000000000000000000000000000000}',
    '{"x": 12345678901234567890123456789012345678.0, "y": 0.100000000000000000000000000000000000000}',
    '{"x": 0.10000000000000000000000000000000000000, "y": [1.00000000000000000000000000000000000000000, 2]}',
    "1e400", "12345678901234567890123456789012345678901", "-0", '"2024-05-01"',
    # fractions of 15 significant digits or fewer take the pass's short cut; 16 and 17 do not
    '{"f": 123456789012345.6}', '{"f": 12345678901234.5}', '{"f": 0.000123456789012345}', '{"f": 100.500}',
    '{"f": 0.30000000000000001}', '{"f": 1234567890123456.7}', '{"f": -0.0}', '{"f": 0.1000000000000000055511151231257827}',
    '{"m": [1.50000000000000000001, true, -0.000000000000000000001000, 10.0, {"b": 2.50}]}',
    # short fractions (a point, no exponent, at most 18 digits) typed without BigDecimal; 19 digits are not short
    '{"f": 0.00000000000000001, "g": 123456789.123456789, "h": -99999999999999.9, "i": 1234567890.12345678}',
    '{"f": [0.25, -0.0, 100.0, 0.000000000000000000], "g": 9.999999999999999, "h": 0.1234567890123456789}',
    # a name given twice, at a level of few names and of many ("Aa" and "BB" share a hash), and never
    '{"r": {"x": 1, "y": 2, "x": 3}}', '{"r": [{"x": 1}, {"x": 1, "x": 1}]}',
    '{"a": 1, "a": 2, "b": "\\ud800"}', '{"a": 1, "a": 2, "b": %s}' % ("1" * 1001),  # (not JSON before declined)
    "{%s}" % ", ".join(f'"k{i}": {i}' for i in range(14)) + " ",
    "{%s, \"k3\": 0}" % ", ".join(f'"k{i}": {i}' for i in range(14)),
    "{%s, \"Aa\": 1, \"BB\": 2}" % ", ".join(f'"k{i}": {i}' for i in range(14)),
    "{%s, \"Aa\": 1, \"BB\": 2, \"Aa\": 3}" % ", ".join(f'"k{i}": {i}' for i in range(14)),
    # strings read as slices of an ASCII line's bytes, and those that are not (an escape, a control character)
    '{"s": "", "t": "\\"", "u": "a\\\\b", "v": "2020-01-01", "w": "x\\/y", "x": "\\"2020-01-01"}',
    '{"s": ["2020-01-01", "2020-01-01T00:00:00Z", "", "\x7f"], "u": "%s"}' % ("z" * 40), '{"t": "2020-01-01\\u0041"}',
    '{"s": "2020-01-01\x01"}', '{"s": "2020-01-01', '{"s": "2020-01-01T00:00:00Z\\t"}',
    '{"n": -0.100000000000000000000000000000001, "o": 00.5e1}', '{"f": 900719925474099.3}', '{"f": 9007199254740993.0}', '{"f": 1.00000000000000}', '{"f": 0.00000000000000000000000000000000000000000001}',
]


def native(spark, lines, rules):
    result = jvm.observe_local([line.encode("utf-8", "surrogatepass") for line in lines], rules, spark)
    assert result is not None, "the native pass declined a batch it covers"
    return result.observations


def assert_same(spark, lines, rules):
    got = native(spark, lines, rules)
    reference = widen.observe_lines(lines, rules)
    assert got.level == reference.level
    assert (got.records, got.empty_names) == (reference.records, reference.empty_names)
    assert [(r.line, r.reason, r.raw) for r in got.rescued] == [(r.line, r.reason, r.raw) for r in reference.rescued]


def test_native_matches_python_on_fixed_lines(spark, rules, lossy_rules):
    """Every value of the Spark typing table, the hostile batch, the example events and lines at the edges of JSON,
    of the ISO detectors and of nesting are observed as the Python observer observes them, under two rules files."""
    lines = ['{"v": %s}' % v for v in VALUES] + [l for l in HOSTILE if l.strip(" ")] + EVENTS + TRICKY
    for r in (rules, lossy_rules):
        assert_same(spark, lines, r)
        for line in lines:  # one at a time too: what a shape or an inexact set merged over the batch hides
            assert_same(spark, [line], r)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(st.lists(st.one_of(json_records().map(json_text), json_values().map(json_text)), min_size=1, max_size=8))
def test_native_matches_python_on_generated_batches(spark, rules, lines):
    """Generated batches (fields that drift between types, shapes and dimensions; numbers at every boundary;
    dates and timestamps; lines that are not objects) are observed as the Python observer observes them. The one
    decline a generated batch may meet is the documented one: an array whose decimals Spark's VARIANT schema would
    merge beyond 38 digits (the Spark observer takes that batch)."""
    said = []
    real = jvm.observer._debug
    jvm.observer._debug = said.append
    try:
        declined = jvm.observe_local([line.encode("utf-8", "surrogatepass") for line in lines], rules, spark) is None
    finally:
        jvm.observer._debug = real
    if declined:
        assert said == ["declined: a decimal merge beyond 38 digits"]
        return
    assert_same(spark, lines, rules)


ANY_OFFSET = """
type long = long
type double = double
type money = decimal(12, 2)
type stamp = timestamptz
type text = string
top text via text
widen long -> double via cast where exact
widen long -> money via cast where exact
widen stamp -> long via epoch_millis where exact
json integer  -> long | text
json fraction -> money | double | text
json string   -> stamp if iso_timestamp_any_offset | text
json boolean  -> text
json mixed    -> text
on case_conflict keep
"""


def test_native_matches_python_under_other_rules(spark):
    """Rules with a decimal that holds fractions, timestamps at any offset, an epoch in milliseconds along a
    guarded edge and booleans as text are covered too, and observed as Python observes them."""
    rules = widen.load_rules("offset.rules", text=ANY_OFFSET)
    assert jvm.spec(rules) is not None
    lines = ['{"v": %s}' % v for v in VALUES] + TRICKY + [
        '{"m": 12.25, "n": 0.125, "o": 9999999999.99, "p": 10000000000.5, "q": [1, 2.5, 3.25]}',
        '{"t": "2020-01-01T00:00:00.001+05:30", "u": "2020-01-01T00:00:00.0001Z", "w": ["2020-01-01T00:00:00Z", 5]}',
        '{"t": "2020-01-01T00:00:00-00:00", "u": "2020-01-01T00:00:00+24:00", "b": [true, false]}',
    ]
    assert_same(spark, lines, rules)
    for line in lines:
        assert_same(spark, [line], rules)


EPOCHS = """
type small = int
type double = double
type money = decimal(12, 2)
type day = date
type stamp = timestamptz
type text = string
top text via text
widen day -> stamp via midnight_utc
widen stamp -> small via epoch_seconds where exact
widen small -> double via cast where exact
widen small -> money via cast where exact
json integer  -> small | text
json fraction -> double | text
json string   -> day if iso_date | stamp if iso_timestamp | text
json boolean  -> text
json mixed    -> text
on case_conflict keep
"""


def test_native_matches_python_where_dates_and_timestamps_convert_along_epoch_edges(spark, rules):
    """Dates and timestamps as single values and in arrays, converted along guarded edges into an int by epoch
    seconds and on into a double (decimal(12, 2) holds every int: never the deciding edge here;
    ``test_native_matches_python_under_other_rules`` has a decimal that does not), and under the default rules into
    microseconds beyond 2^53; integers about an int's and 2^53's bounds under rules that try an int before a long:
    the same exactness as the Python observer's, value by value and merged."""
    epochs = widen.load_rules("epochs.rules", text=EPOCHS)
    money = widen.load_rules(str(Path(__file__).parent / "data" / "money.rules"))
    unguarded = widen.load_rules("unguarded.rules", text=(Path(__file__).parent / "data" / "money.rules").read_text()
                                 .replace("long -> double via cast where exact", "long -> double via cast"))
    assert jvm.spec(epochs) is not None
    stamps = ["1970-01-01T00:00:00Z", "1970-01-01T00:00:01.5Z", "2038-01-19T03:14:07Z", "2038-01-19T03:14:08Z",
              "1901-12-13T20:45:52Z", "1901-12-13T20:45:51Z", "2300-01-01T00:00:00Z", "2300-01-01T00:00:00.000001Z",
              "0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999999Z", "2285-06-04T15:30:00.000001Z"]
    days = ["1970-01-01", "2038-01-19", "2038-01-20", "1901-12-14", "1901-12-13", "2300-01-01", "0001-01-01",
            "9999-12-31", "2255-06-05", "2255-06-06"]
    lines = ['{"t": "%s"}' % t for t in stamps] + ['{"d": "%s"}' % d for d in days] + [
        json.dumps({"t": stamps, "d": days}), json.dumps({"n": [2147483647, -2147483648, 2147483648]}),
        json.dumps({"n": 9007199254740993, "m": 2147483647, "o": -9007199254740992, "p": -9007199254740993})]
    lines += ['{"i": %d}' % i for i in (2147483647, 2147483648, -2147483648, -2147483649, 9007199254740992,
                                        9007199254740993, -9007199254740993, 999999999999999, 1000000000000000)]
    for r in (epochs, rules, money, unguarded):
        assert jvm.spec(r) is not None
        assert_same(spark, lines, r)
        for line in lines:
            assert_same(spark, [line], r)


def test_the_pass_merges_partitions_as_one(spark, rules):
    """Observed by a Spark job over several partitions (each a tree, merged on the driver), a batch gives the Python
    observer's observations, rescued lines in order (source, line) and the count beyond the kept examples."""
    from widen.sources import observed as spark_observe

    lines = (['{"v": %s}' % v for v in VALUES] + EVENTS + TRICKY[:40]) * 3
    result = jvm.observe(lines_frame(spark, lines).repartition(3), rules)
    reference = widen.observe_lines(lines, rules, source="batch.jsonl")
    assert result.observations.level == reference.level
    assert (result.observations.records, result.observations.empty_names) == (reference.records,
                                                                              reference.empty_names)
    assert [(r.source, r.line, r.reason, r.raw) for r in result.observations.rescued] == [
        (r.source, r.line, r.reason, r.raw) for r in reference.rescued]
    many = ["oops %d" % i for i in range(spark_observe.RESCUED_EXAMPLES + 5)]
    kept = jvm.observe(lines_frame(spark, many).repartition(2), rules).observations
    assert [r.line for r in kept.rescued] == list(range(1, spark_observe.RESCUED_EXAMPLES + 1))
    assert kept.more_rescued == 5


@pytest.mark.parametrize("line", [
    '{"z": [1, 0.1234567890123456789012]}',  # an array whose decimals need more than 38 digits together
    '{"n": %s}' % ("1" * 1001),  # beyond the 1,000 digits Spark's parser reads
])
def test_a_batch_the_pass_does_not_cover_goes_to_the_spark_observer(spark, rules, line):
    """A line the write's parser reads otherwise than Python's, or whose storage the pass does not work out, makes
    the pass decline the batch (the Spark observer, self-consistent with the write, observes it); a surrogate pair
    written as two escapes is one character, and observed."""
    assert jvm.observe_local([b'{"a": 1}', line.encode()], rules, spark) is None
    assert native(spark, ['{"s": "\\ud83d\\ude00", "n": %s}' % ("1" * 999)], rules).records == 1


@pytest.mark.parametrize("line", [
    '{"%s": 1}' % ("n" * 50001),  # a name beyond Jackson's default 50,000 characters
    # a string beyond its 20,000,000 characters (the pass reads an ASCII line's strings from its bytes)
    '{"s": "%s"}' % ("x" * 20_000_001), '{"s": ["a", "%s"]}' % ("x" * 20_000_001),
])
def test_long_names_and_strings_are_observed_by_the_pass(spark, rules, line):
    """Jackson's default bounds on a name's and a string's length are lifted in the pass's parser
    (a line's length is bounded instead: widen/sources/long_lines.py), which observes such a line as Python does."""
    assert_same(spark, [line], rules)


def test_a_failing_pass_leaves_the_batch_to_the_spark_observer(spark, rules, monkeypatch):
    """An error in the JVM (a class it cannot load, a task that fails) is not the user's: the batch is observed by
    the Spark observer."""
    def broken(*args):
        raise RuntimeError("no such method")

    monkeypatch.setattr(jvm.observer, "call", broken)
    assert jvm.observe(lines_frame(spark, ['{"a": 1}']), rules) is None


def test_rules_it_does_not_cover_go_to_the_spark_observer(rules):
    """A conversion the pass does not apply and fractions in a decimal of scale 0 are rules the pass does not cover
    (`widen.jvm.observe` then returns None: the Spark observer observes the batch), each named by why and by a
    pattern of its line; `on case_conflict merge` and the shipped `delta.rules` (binary among its types, which no
    JSON value reaches) are covered."""
    merge = widen.load_rules("merge.rules", text=ANY_OFFSET.replace("case_conflict keep", "case_conflict merge"))
    assert jvm.spec(merge) is not None and json.loads(jvm.spec(merge))["case_merge"] is True
    unreached = widen.load_rules("u.rules", text=ANY_OFFSET + "type day = date\nwiden day -> long via epoch_days\n")
    assert jvm.spec(unreached) is not None  # (no JSON value is a day: the edge is a typed input's only)
    days = widen.load_rules("days.rules", text=ANY_OFFSET.replace(
        "json string   -> stamp if", "json string   -> day if iso_date | stamp if") + "type day = date\n"
        "widen day -> long via epoch_days\n")
    assert jvm.spec(days) is None
    assert jvm.coverage(days).why == "day -> long via epoch_days"
    whole = widen.load_rules("whole.rules", text=ANY_OFFSET.replace("money = decimal(12, 2)", "money = decimal(12, 0)"))
    assert jvm.spec(whole) is None  # 10.0 in a decimal(12, 0) does not come back from its text "10.0"
    assert "decimal of scale 0" in jvm.coverage(whole).why
    assert jvm.spec(rules) is not None
    delta = widen.load_rules("delta")
    assert "binary" in {t.iceberg for t in delta.types} and jvm.spec(delta) is not None
    assert jvm.order(delta)[:4] == ("long", "double", "boolean", "string")  # the types JSON values take, first


def test_storage_matches_the_spark_observer(spark, rules):
    """The storage kinds the compiler reads (how parse_json stores each field's values, per path) are the Spark
    observer's, for every value of the typing table and the example events."""
    lines = ['{"v": %s}' % v for v in VALUES] + EVENTS + [l for l in TRICKY if "[[[[" not in l] + [
        '{"x": [1, 1.5], "y": [[1], [2.5]], "z": [0.5, 100000000000000], "w": [1.5, 2.25]}',
        '{"s": ["2020-01-01", "x", null], "t": [["2020-01-01T00:00:00Z"]], "u": [true, null], "o": [{}, {"a": 1}]}']
    frame = lines_frame(spark, lines)
    spark_obs, parsed = observe_dataframe(frame, rules)
    parsed.unpersist()
    got = native(spark, lines, rules)
    assert got.storage == spark_obs.storage
    assert got.level == spark_obs.level


def test_ingest_observes_natively_with_the_same_rows(spark, rules, tmp_path, monkeypatch):
    """`widen ingest` of files on Spark's path observes them in the native pass, and writes the rows, rescued lines
    and reports the Spark observer gives (a batch with no rescued line is written from its text alone, unparsed
    as VARIANT); a batch the pass declines (an array whose decimals would need more than
    38 digits together) and a machine without javac are observed by the Spark observer, with the same rows."""
    monkeypatch.setenv("WIDEN_DRIVER_BATCH_BYTES", "0")
    lines = EVENTS + ['{"id": 900, "x": 9007199254740993, "d": "2024-05-01"}', "not json", '{"id": 901, "x": "s"}']
    declined = lines + ['{"id": 902, "z": [1, 0.1234567890123456789012]}']
    calls = []
    observed = jvm.observed
    monkeypatch.setattr(jvm, "observed", lambda *a: calls.append(observed(*a)[0]) or (calls[-1], "test"))
    from widen.sources import observed as spark_observe
    monkeypatch.setattr(spark_observe, "observe_natively", lambda *a: jvm.observed(*a))

    def run(batch, name, native_on):
        monkeypatch.setenv("WIDEN_NATIVE", "1" if native_on else "0")
        path = tmp_path / f"{name}.jsonl"
        path.write_text("\n".join(batch) + "\n")
        wh = str(tmp_path / f"wh-{name}")
        [report] = ingest([str(path)], "n.t", rules=rules, warehouse=wh, spark=spark, progress=lambda _: None)
        cat = open_catalog(None, wh)
        table = cat.load_table("n.t")
        rows = sorted(json.dumps(r, sort_keys=True, default=str) for r in table.scan().to_arrow().to_pylist())
        rescued = sorted((r["line"], r["reason"]) for r in cat.load_table("n.t__rescued").scan().to_arrow().to_pylist()
                         ) if cat.table_exists("n.t__rescued") else []
        schema = [(f.name, str(f.field_type)) for f in table.schema().fields]
        return rows, rescued, schema, (report.records, report.rescued, report.values)

    off = {}
    clean = [l for l in lines if l.strip(" ") and "not json" not in l and widen.observe_lines([l], rules).records]
    # numbers VARIANT holds as another double, kept as their text: the write must not read them from the text alone
    clean += ['{"id": 903, "big": 1e400, "h": 12345678901234567890123456789012345678.0, "one": 1.%s}' % ("0" * 40)]
    for batch, name in ((lines, "plain"), (declined, "declined"), (clean, "clean")):
        calls.clear()
        on = run(batch, name + "-on", True)
        assert len(calls) == 1 and (calls[0] is None) == (name == "declined")
        off[name] = run(batch, name + "-off", False)
        assert on == off[name]

    from widen.jvm import jarfile

    monkeypatch.setenv("WIDEN_CACHE_DIR", str(tmp_path / "cache"))
    monkeypatch.setenv("WIDEN_CDS", "0")  # (no class archive recorded into this cache)
    monkeypatch.setattr(shutil, "which", lambda *a, **k: None)
    monkeypatch.setattr(jarfile, "SHIPPED", tmp_path / "none.jar")  # (no shipped jar either)
    jvm.jar.cache_clear()
    monkeypatch.setattr(jvm.loader, "_LOADED", {})
    try:
        calls.clear()
        got = run(lines, "nojavac", True)
        assert calls == [None] and not (tmp_path / "cache").exists()
        assert got == off["plain"]
    finally:
        jvm.jar.cache_clear()


def test_a_file_changed_between_observing_and_writing_is_refused(spark, rules, tmp_path, monkeypatch):
    """The batch's files are read twice (observed, then written): a file rewritten in between, even to the same
    size, is refused by name and nothing is committed (rows written from bytes never observed could go nowhere);
    the batch ingests once its file is left alone."""
    from widen.errors import InputError

    monkeypatch.setenv("WIDEN_DRIVER_BATCH_BYTES", "0")
    path = tmp_path / "b.jsonl"
    path.write_text('{"a": 1}\n{"a": 2}\n')
    observe = jvm.observed

    def rewriting(*args):
        result = observe(*args)
        path.write_text('{"b": 1}\n{"b": 2}\n')  # same size, other fields
        return result

    from widen.sources import observed as spark_observe
    monkeypatch.setattr(spark_observe, "observe_natively", rewriting)
    wh = str(tmp_path / "wh")
    with pytest.raises(InputError, match="changed while the batch was being ingested"):
        ingest([str(path)], "c.t", rules=rules, warehouse=wh, spark=spark, progress=lambda _: None)
    cat = open_catalog(None, wh)
    assert not cat.table_exists("c.t") or cat.load_table("c.t").current_snapshot() is None
    monkeypatch.setattr(spark_observe, "observe_natively", observe)
    ingest([str(path)], "c.t", rules=rules, warehouse=wh, spark=spark, progress=lambda _: None)
    rows = open_catalog(None, wh).load_table("c.t").scan().to_arrow().to_pylist()
    assert sorted(r["b"] for r in rows) == [1, 2]


def test_a_dataframe_of_files_is_read_twice_as_it_is_and_any_other_from_a_cache(spark, tmp_path):
    """A DataFrame whose plan reads files and nothing else, deterministically, is read twice without a cache (its
    files stat'ed); a stream-like checkpoint, a nondeterministic column, rows made on the driver are not."""
    from pyspark.sql import functions as F

    from widen.sources import rereadable

    path = tmp_path / "b.jsonl"
    path.write_text('{"a": 1}\n')
    df = spark.read.text(str(path))
    [(uri, size, _)] = rereadable(df)
    assert uri.endswith("/b.jsonl") and size == 9
    assert rereadable(df.select(F.col("value").alias("v")).filter("v is not null")) is not None
    assert rereadable(df.withColumn("r", F.rand())) is None
    assert rereadable(df.withColumn("f", F.input_file_name())) is None
    assert rereadable(df.localCheckpoint()) is None
    assert rereadable(spark.createDataFrame([("{}",)], "value string")) is None
    assert rereadable(df.union(spark.createDataFrame([("{}",)], "value string"))) is None


def test_a_dataframe_of_files_changed_between_observing_and_writing_is_refused(spark, rules, tmp_path,
                                                                               monkeypatch):
    """``widen.write(spark.read.text(path), ...)`` reads the file twice: rewritten in between, even to the same
    size, it is refused by name and nothing is committed; left alone, the batch writes."""
    from widen.sources import observed as spark_observe
    from widen.errors import InputError
    from widen.ingest import write

    path = tmp_path / "b.jsonl"
    path.write_text('{"a": 1}\n{"a": 2}\nnot json\n')
    observe = jvm.observed

    def rewriting(*args):
        result = observe(*args)
        path.write_text('{"a": 3}\n{"a": 4}\nnot json\n')  # same size, same shapes: the router takes it
        return result

    monkeypatch.setattr(spark_observe, "observe_natively", rewriting)
    wh = str(tmp_path / "wh")
    with pytest.raises(InputError, match="b.jsonl: changed while the batch was being ingested"):
        write(spark.read.text(str(path)), "c.t", json_column="value", rules=rules, warehouse=wh,
              progress=lambda _: None)
    cat = open_catalog(None, wh)
    assert not cat.table_exists("c.t") or cat.load_table("c.t").current_snapshot() is None
    monkeypatch.setattr(spark_observe, "observe_natively", observe)
    report = write(spark.read.text(str(path)), "c.t", json_column="value", rules=rules, warehouse=wh,
                   progress=lambda _: None)
    assert (report.engine, report.records, report.rescued) == ("native", 2, 1)
    rows = open_catalog(None, wh).load_table("c.t").scan().to_arrow().to_pylist()
    assert sorted(r["a"] for r in rows) == [3, 4]


def test_a_plain_batch_with_a_column_named_reason(spark, rules):
    """Lines of a caller's DataFrame that has a column ``reason`` of its own, observed plain by the pass: the parsed
    lines' ``reason`` is the pass's (null: every line a record), not a second column of that name."""
    from pyspark.sql import functions as F

    frame = lines_frame(spark, ['{"a": 1}', '{"a": 2}']).withColumn("reason", F.lit("theirs"))
    observations, parsed = observe_dataframe(frame, rules, native=True)
    assert observations.records == 2
    assert parsed.filter("reason IS NULL").count() == 2
    parsed.unpersist()
