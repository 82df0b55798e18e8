"""The Spark path held equal to the pure-Python reference: typing, observation and compiled rows."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path

import pytest
from pyspark.sql import functions as F

import widen
from widen.compiler.spark import compile_plan
from widen.sources.engines import observe_dataframe
from widen.compiler.spark_types import SparkTypes, shape_code
from widen.compiler.sql import F as S
from widen.engine.typer import EMPTY, Typer

pytestmark = pytest.mark.spark

ROOT = Path(__file__).resolve().parent.parent

VALUES = [
    "1", "-0", "1.5", "1.50", "-0.0", "9223372036854775808", "123456789012345678901234",
    "123456789012345678901234567890", "0.30000000000000001", "1e3", "2.5E-3", "12345678901234567890.0", "true",
    '"x"', '"2024-05-01"', '"2024-02-30"', '"0000-01-01"', '"2024-05-01T10:00:00Z"',
    '"2024-05-01T10:00:00.123456+00:00"', '"2024-05-01T10:00:00.1234567Z"', '"2024-05-01T10:00:00+02:00"',
    '"2024-05-01T24:00:00Z"', "[1,2]", "[1,2.5]", "[1,null]", "[9007199254740993,2.5]", '[1,"x"]', "[[1],[]]",
    "[1,[2]]", '[1,"x",{"k":2},null]', '{"k":1}', '[{"k":1},null]', "[]", "{}", "[[],null]", "[null]", "null",
    "[[[1]],[[2.5]]]", "[[1],[[2]]]", "[[[]],[1]]", "[true, 1]", '[true, "2024-05-01"]', '"2024-05-01T10:00:00Z\\n"',
    '"2024-05-01\\n"', '["2024-05-01T10:00:00Z\\r"]',
    '["2024-05-01","2024-05-01T10:00:00Z"]', "[[true],[false,null]]",
]


def python_shape(rules, text: str) -> str:
    typed = Typer(rules).type_value(widen.parse_line('{"v": %s}' % text)["v"])
    if typed is None:
        return "null"
    if typed is EMPTY:
        return "empty"
    return str(typed.shape)


def test_typing_matches_python(spark, rules):
    """Every value of the table gets the same shape in Spark (from its VARIANT) as in Python."""
    df = spark.createDataFrame([(v,) for v in VALUES], "v string")
    x = S.variant_get(S.parse_json(S.concat(S.lit('{"v":'), S.col("v"), S.lit("}"))), "$.v", "variant")
    got = {r.v: r.s for r in df.select("v", F.expr(shape_code(SparkTypes(rules), x, 3).sql).alias("s")).collect()}
    expected = {v: python_shape(rules, v) for v in VALUES}
    assert got == expected


def lines_frame(spark, lines):
    return spark.createDataFrame([(line, "batch.jsonl", i + 1) for i, line in enumerate(lines)],
                                 "value string, source string, line int")


def test_observer_matches_python(spark, rules):
    """The Spark observer gives the Python observer's observations: shapes, counts, exactness, nesting, nulls,
    empties, empty names and rescued lines."""
    lines = [l.rstrip("\n") for f in sorted((ROOT / "examples" / "events").glob("day-*.jsonl")) for l in open(f)]
    lines += ['{"a":{"b":{"c":"s"}}}', '{"a":{"b":[{"x":"s"}]}}', '{"a":{"b":[[{"y":"s"}]]}}',
              '{"a":{"b":[[[{"z":"s"}]]]}}', '{"x":9007199254740993}', '{"x":[1, 9007199254740993]}', '{"x":2.5}',
              '{"y": [], "z": {}, "w": null}', '{"m": 9223372036854775807}', '{"m": -9223372036854775808}',
              '{"m": 9007199254740992}', "[1]", "", '"just a string"',
              # Spark's flatten is null when a sub-array is; a mixed array's schema hides its depth (ARRAY<VARIANT>)
              '{"n": [[1], null]}', '{"n": [[{"o": 1}], null]}', '{"n": [[1.5], null]}', '{"p": {"": 1}}',
              '{"q": [[[[[[[[[[1]]]]]]]]], "x"]}', '{"r": 0.21000000000000002, "s": [1, 12345678901234567]}',
              '{"t": ["2024-05-01", "2024-05-01T10:00:00Z"], "u": 12345678901234567890.5, "v": [[true], [false]]}',
              # longs beyond 2^53: negative, in arrays of one and two dimensions, in nested records
              '{"x": [-9007199254740993, 2]}', '{"x": [[1], [9007199254740993]]}', '{"o": {"l": -9007199254740993}}',
              '{"o": {"l": [3, 9007199254740995]}}', '{"o": {"l": 4}}', '{"k": [[1, 2], [999999999999999]]}',
              # text after the value: not JSON (Spark's parser reads the value and ignores the rest), and the line's
              # own white space, which is
              '{"a": 1} {"b": 2}', '{"a": 1} x', '{"a": 1}}', '{"a": 1},{"b": 2}', '{"a": 1}]', '{"a": 1}\t ',
              '\t{"a": 1}', '{"a": 1}\r',
              # digits as written: a double for VARIANT (kept as text where that double is another number)
              '{"h": 12345678901234567890123456789012345678.0, "g": 1.0000000000000000000000000000000000000000}']
    observations, _ = observe_dataframe(lines_frame(spark, lines), rules)
    reference = widen.observe_lines(lines, rules, source="batch.jsonl")
    assert observations.level == reference.level
    assert (observations.records, observations.empty_names) == (reference.records, reference.empty_names)
    assert [(r.line, r.reason, r.raw) for r in observations.rescued] == [
        (r.line, r.reason, r.raw) for r in reference.rescued
    ]


def test_every_level_below_the_first_is_observed_in_one_job(spark, rules, monkeypatch):
    """Records nested six levels deep (records in records, arrays of records in records, a name used at two depths,
    an empty object) are observed in two jobs, the lines' fields and then every level below, as the Python observer
    observes them; so are records under a field named "" (dropped, and not walked)."""
    from pyspark.sql.classic.dataframe import DataFrame

    deep = ['{"a": {"b": {"c": {"d": {"e": {"f": 1}}}}}}',
            '{"a": {"b": [{"c": [[{"d": {"e": "2024-05-01"}}]]}]}}',
            '{"a": {"b": {}}, "g": [{"h": {"a": 2}}, null]}',
            '{"a": {"b": {"c": {"d": {"e": [{"f": 9007199254740993}]}}}}}']
    empty_names = ['{"a": {"": {"x": 1}, "b": {"": [{"y": 2}]}}}', '{"": {"z": 3}}']
    # records whose signature hides in an array's merged VARIANT: a record in one element, not in another
    hidden = ['{"a": [{"b": {"c": 1}}, {"b": 1}]}', '{"d": [{"e": [{"f": 1}]}, {"e": [[{"f": 2}]]}]}',
              '{"g": [{"h": {"i": {"j": "x"}}}, {"h": []}]}']
    for lines in (deep, deep + empty_names, hidden):
        jobs = []
        collect = DataFrame.collect
        monkeypatch.setattr(DataFrame, "collect", lambda self: jobs.append(1) or collect(self))
        observations, parsed = observe_dataframe(lines_frame(spark, lines), rules)
        monkeypatch.undo()
        parsed.unpersist()
        reference = widen.observe_lines(lines, rules, source="batch.jsonl")
        assert observations.level == reference.level
        assert (observations.records, observations.empty_names) == (reference.records, reference.empty_names)
        if lines is deep:  # (names in backticks ask for the per-line checks: a parse and a first level more)
            assert len(jobs) == 2


@pytest.mark.parametrize("extra", [
    [],  # nothing needs the per-line checks: the unchecked parse stands
    ['{"d": [[[[[[[[1]]]]]]]]}'],  # nine levels: rescued, found by the checks the first level's signatures ask for
    ['{"e": 1e400, "f": [1, "x"]}'],  # a number VARIANT cannot hold, and a mixed array
])
def test_unchecked_parse_observes_as_python(spark, rules, extra, monkeypatch):
    """Lines that are JSON but not objects are named by their type without the per-line schema; a batch whose
    first level shows a field that needs the per-line checks is parsed again with them, and only such a batch."""
    from widen.sources import observed as spark_observe

    parse, checked = spark_observe.parse_records, []

    def counting(*args, **kwargs):
        checked.extend([1] if kwargs.get("checked", True) else [])
        return parse(*args, **kwargs)

    monkeypatch.setattr(spark_observe, "parse_records", counting)
    lines = ['{"a": 1, "b": {"c": [{"d": "2024-05-01"}]}}', "[1]", '"text"', "5", "null", "true", "  {\"a\": 2}",
             '{"a": [[[[[[[1]]]]]]]}', "{", '{"z": {}}'] + extra
    observations, parsed = observe_dataframe(lines_frame(spark, lines), rules)
    parsed.unpersist()
    reference = widen.observe_lines(lines, rules, source="batch.jsonl")
    assert observations.level == reference.level
    assert [(r.line, r.reason) for r in observations.rescued] == [(r.line, r.reason) for r in reference.rescued]
    assert len(checked) == (1 if extra else 0)


@pytest.mark.parametrize("sig, needs", [
    ("BIGINT", False), ("OBJECT<a: ARRAY<OBJECT<b: STRING>>>", False), ("ARRAY<" * 7 + "BIGINT" + ">" * 7, False),
    ("ARRAY<" * 8 + "BIGINT" + ">" * 8, True), ("DOUBLE", True), ("ARRAY<VARIANT>", True),
    ("OBJECT<`a<b`: BIGINT>", True), ("DECIMAL(3,1)", False),
])
def test_which_signatures_need_the_per_line_checks(sig, needs):
    from widen.compiler.spark_observe import needs_checks

    assert needs_checks(sig) is needs


def normalise(value):
    """Spark rows and reference rows in one form: aware UTC timestamps, ints for integral decimals."""
    if hasattr(value, "asDict"):
        value = value.asDict(recursive=True)
    if isinstance(value, dict):
        return {k: normalise(v) for k, v in value.items()}
    if isinstance(value, list):
        return [normalise(v) for v in value]
    if isinstance(value, dt.datetime):
        return value.replace(tzinfo=dt.timezone.utc) if value.tzinfo is None else value.astimezone(dt.timezone.utc)
    if isinstance(value, Decimal) and value == value.to_integral_value():
        return int(value)
    return value


@pytest.mark.parametrize(
    "batches",
    [
        [['{"a":[1,2]}'], ['{"a":"x"}', '{"a":5}', '{"a":[3]}', '{"a":true}']],  # Example 1
        [['{"x":5}', '{"x":2.5}', '{"x":9007199254740993}', '{"x":123456789012345678901234}']],  # edge case #1
        [['{"started":"2024-05-01T10:00:00Z"}'], ['{"started":1714561200000}', '{"started":"2024-05-03"}']],
        [['{"a":true}'], ['{"a":"2024-05-01"}', '{"a":false}', '{"a":[1.5, 2]}']],  # behaviour 3
        [['{"a":true}'], ['{"a":[]}', '{"a":[[[]],null]}', '{"a":"x"}', '{"a":{}}']],  # empties write nothing
        # a guarded route into a 2-d array column, past a null inner array
        [['{"x":[[1.5]]}'], ['{"x":[[1],null]}', '{"x":[[9007199254740993],null]}']],
        # a JSON null in a field seen with one shape (routed without a shape test) is null, not the text "null"
        [['{"a":null}', '{"a":false,"b":""}', '{"a":false,"b":null}']],
        # an object whose only name is empty (dropped) holds no record: nothing is written, not a struct of nulls
        [['{"o":{"k":1}}', '{"o":{"":2}}', '{"o":{}}']],
        # records whose fields, at any depth, hold only nulls and empties write nothing (no struct without fields)
        [['{"a":{"b":{}},"x":1}', '{"m":{"e":null}}', '{"r":[{"b":[]},null]}'],
         ['{"a":{"c":1}}', '{"a":{"b":{"d":{}}}}', '{"a":[{"e":null}]}', '{"r":[{"b":{}}]}']],
        # arrays of hollow records, deeper than any array the field's routes hold, are not mixed values: they
        # write nothing (the producer-documents differential found '[{}]' written as text)
        [['{"a":false,"b":""}', '{"b":[{}]}', '{"b":[[{}]]}', '{"b":[{"c":null}, null]}', '{"b":[{"":1}]}']],
        [['{"o":{"p":1}}'], ['{"o":{"p":[{}]}}', '{"o":{"p":"s"}}']],
        # a timestamp beyond 2^53 microseconds (year 2255 on) into a long field: exact, and its epoch count whole
        [['{"t":5}'], ['{"t":"4998-01-09T22:07:25.000694Z"}', '{"t":"2024-05-01T12:00:00Z"}']],
    ],
    ids=["example-1", "edge-case-1", "edge-case-2", "behaviour-3", "empties", "null-inner-array", "null-string",
         "empty-name-object", "hollow-records", "hollow-record-arrays", "nested-hollow-record-arrays",
         "far-timestamp-into-long"],
)
def test_compiled_rows_equal_the_reference_router(spark, rules, batches):
    """The compiled Spark projection writes, row for row, what the reference router writes."""
    schema = widen.TableSchema()
    for batch in batches:
        p = widen.plan(schema, widen.observe_lines(batch, rules), rules)
        schema = p.schema
    router = widen.Router(p, rules)
    expected = [normalise(router.route(widen.parse_line(line))) for line in batch]
    out = spark.createDataFrame([(line,) for line in batch], "value string").transform(compile_plan(p, rules))
    assert out.columns == [c.name for c in schema.columns]
    assert [normalise(r) for r in out.collect()] == expected


from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from strategies import json_scalars
from widen.engine.values import json_text


def flat_batches():
    """Batches of records whose fields drift between scalar types and arrays of them (Spark is slow to plan
    deeply nested records; those are covered by the example-based tests above)."""
    scalars = json_scalars()  # numbers VARIANT cannot hold exactly too: both paths rescue their records
    value = st.one_of(scalars, st.lists(scalars, max_size=3), st.lists(st.lists(scalars, max_size=2), max_size=2))
    record = st.dictionaries(st.sampled_from(["a", "b"]), value, min_size=1, max_size=2)
    return st.lists(st.lists(record.map(json_text), min_size=1, max_size=5), min_size=1, max_size=2)


@settings(max_examples=5, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(flat_batches())
def test_differential_spark_equals_reference(spark, rules, batches):
    """For generated drifting batches, Spark's observations equal Python's and the compiled rows equal the
    reference router's, batch after batch."""
    schema = widen.TableSchema()
    for batch in batches:
        frame = lines_frame(spark, batch)
        observations, parsed = observe_dataframe(frame, rules)
        records = parsed.filter(F.col("reason").isNull())
        reference = widen.observe_lines(batch, rules, source="batch.jsonl")
        assert observations.level == reference.level
        assert [(r.line, r.reason) for r in observations.rescued] == [(r.line, r.reason) for r in reference.rescued]
        p = widen.plan(schema, reference, rules)
        schema = p.schema
        router = widen.Router(p, rules)
        rescued = {r.line for r in reference.rescued}
        expected = [normalise(router.route(widen.parse_line(line)))
                    for number, line in enumerate(batch, start=1) if number not in rescued]
        got = [normalise(r) for r in records.orderBy("line").transform(compile_plan(p, rules)).collect()]
        assert got == expected
        # as `widen ingest` compiles it: fields whose storage and shape agree read natively by from_json
        native = compile_plan(p, rules, storage=observations.storage)
        assert [normalise(r) for r in records.orderBy("line").transform(native).collect()] == expected


#: numbers real producers write that sit at VARIANT's edges: beyond 64 and 128 bits, 39 and 40 digits, subnormal
#: and extreme doubles, fractions of 40 digits
EXTREME_NUMBERS = [str(2**64 + 1), str(2**128 + 1), "-" + str(2**127), "1" + "0" * 38, "9" * 40, "4.9E-324", "5e-324",
                   "2.2250738585072014E-308", "1.7976931348623157E308", "1.7976931348623159E308",
                   "0.1234567890123456789012345678901234567890", "-0.0", "1E+2"]
NOT_RECORDS = ["[1, 2]", '{"a": ', "null", '"s"', '{"a": 1, "a": 2}', "[]", '{"a": NaN}']


def producer_batches():
    """Documents of the kind other projects test their JSON readers with: one field holding records, primitives
    and arrays by turns, arrays of conflicting elements (scalars, nested arrays, records), nulls at every depth,
    sparse keys, empty records at several depths, numbers at VARIANT's edges, and lines that are not records."""
    from widen.engine.values import JsonNumber

    scalars = st.one_of(json_scalars(), st.sampled_from(EXTREME_NUMBERS).map(JsonNumber))
    value = st.recursive(scalars, lambda c: st.one_of(
        st.lists(c, max_size=3), st.dictionaries(st.sampled_from(["a", "b", "c"]), c, max_size=3)), max_leaves=6)
    record = st.dictionaries(st.sampled_from(["a", "b"]), value, min_size=1, max_size=2).map(json_text)
    line = st.one_of(record, record, record, st.sampled_from(NOT_RECORDS))
    return st.lists(st.lists(line, min_size=1, max_size=5), min_size=1, max_size=2)


@settings(max_examples=6, deadline=None, derandomize=True, suppress_health_check=list(HealthCheck))
@given(producer_batches())
def test_differential_on_documents_producers_write(spark, rules, batches):
    """On such documents Spark observes and rescues what Python does, and writes the reference router's
    rows, batch after batch (so every value is in the table exactly, or its line rescued with the same reason)."""
    test_differential_spark_equals_reference.hypothesis.inner_test(spark, rules, batches)


NATIVE_BATCHES = [
    ['{"n": 1, "o": {"x": 1, "y": "s"}, "mixed": 1}'],
    [
        '{"s": "text", "n": 9223372036854775807, "d": -0.0, "b": true, "day": "2024-05-01", '
        '"ts": "2024-05-01T10:00:00+00:00", "arr": [1, null, 3], "flags": [true, null], '
        '"o": {"x": 2, "y": "t", "z": 1, "in": {"deep": 5}}, "we ird.`n`": 7, "A": {"c": 1, "C": 2}, "mixed": 1}',
        '{"s": "2024-05-01x", "n": -5, "d": 1e5, "b": false, "day": "2024-02-29", "ts": "2024-05-01T10:00:00.123456Z", '
        '"arr": [4], "o": {"x": null, "z": "drift"}, "we ird.`n`": 8, "A": null, "mixed": "x"}',
        '{"s": null, "d": 0.1, "arr": null, "o": null, "in": 1, "mixed": [1]}',
        '{"d": 0.21000000000000002, "o": {"y": "u"}, "A": {"c": 3}, "arr": [], "ts": "2024-05-01T10:00:00+02:00"}',
        '{"o": {"in": {"deep": 1.5}}, "day": "2024-05-02", "flags": [false]}',
        '{"tags": ["a", null, "b"], "days": ["2024-05-01", "x"], "items": [{"k": 1, "v": "s"}, null, {"k": 2, "w": [1]}]}',
        '{"tags": ["c"], "days": ["2024-05-01"], "items": [{"k": 3, "w": 2, "v": "2024-05-01"}, {}]}',
        # a record field that is sometimes an empty object (or one whose only name is empty): no record there
        '{"opt": {"p": 1, "q": "s", "r": {"t": true}}}', '{"opt": {}}', '{"opt": {"": 2}}', '{"opt": {"p": null}}',
        # an array whose leaves need typing next to arrays whose storage types them: [true, 2] is a long[] too
        '{"mixed": [true, 2], "longs": [1, 2]}', '{"mixed": [3], "longs": 5}', '{"longs": [true]}',
    ],
]


def test_native_reads_equal_the_reference_router(spark, rules):
    """With the batch's storage (as `widen ingest` compiles), fields whose storage and shape agree are read by
    from_json as Spark types (strings, dates and timestamps from their text, longs, doubles, booleans, arrays of
    longs and booleans, records whose fields drift or not, odd names, names differing by case inside a record);
    the rows equal the reference router's."""
    schema = widen.TableSchema()
    for batch in NATIVE_BATCHES:
        observations, parsed = observe_dataframe(lines_frame(spark, batch), rules)
        reference = widen.observe_lines(batch, rules, source="batch.jsonl")
        assert observations.level == reference.level
        p = widen.plan(schema, reference, rules)
        schema = p.schema
    compiled = compile_plan(p, rules, storage=observations.storage)
    read = dict(compiled.stages("value")[0])["__j"]
    for native in ("`s`: STRING", "`n`: BIGINT", "`d`: DOUBLE", "`b`: BOOLEAN", "`day`: STRING", "`flags`: ARRAY<BOOLEAN>",
                   "`we ird.``n```: BIGINT", "`y`: STRING", "`x`: BIGINT", "`z`: VARIANT", "`mixed`: VARIANT",
                   "`in`: STRUCT<`deep`: VARIANT>", "`A`: VARIANT", "`ts`: VARIANT", "`arr`: VARIANT",
                   "`tags`: ARRAY<STRING>", "`days`: VARIANT", "`items`: ARRAY<STRUCT<`k`: BIGINT, `v`: VARIANT, `w`: VARIANT>>", "`opt`: VARIANT"):
        assert native in read, native
    projection = "\n".join(text for _, text in compiled.stages("value")[-1])
    for native in ("STRUCT<`p`: BIGINT, `q`: STRING, `r`: STRUCT<`t`: BOOLEAN>>",):
        assert native in projection, native
    router = widen.Router(p, rules)
    expected = [normalise(router.route(widen.parse_line(line))) for line in batch]
    out = parsed.orderBy("line").transform(compiled)
    assert out.columns == [c.name for c in schema.columns]
    assert [normalise(r) for r in out.collect()] == expected


def compiled_with_storage(spark, rules, batch):
    """(the plan of ``batch`` compiled with the Spark observer's storage kinds, the parsed lines, the reference
    router's rows); the Spark observer's observations are checked against the reference's."""
    observations, parsed = observe_dataframe(lines_frame(spark, batch), rules)
    reference = widen.observe_lines(batch, rules, source="batch.jsonl")
    assert observations.level == reference.level
    p = widen.plan(widen.TableSchema(), reference, rules)
    router = widen.Router(p, rules)
    expected = [normalise(router.route(widen.parse_line(line))) for line in batch]
    return compile_plan(p, rules, storage=observations.storage), parsed, expected


def test_a_drifting_field_s_arrays_of_strings_are_shaped_by_their_storage(spark, rules):
    """A drifting field whose arrays of strings all have leaves of one type set in the batch (storage
    ``ARRAY<STRING>/64``) takes its shape from the signature alone, as the observer decided it, without typing every
    leaf again; where that set differs from array to array (plain words here, dates there), each array is still
    typed leaf by leaf. The rows equal the reference router's either way."""
    batches = {
        "one set": ['{"tags": ["a", "b"]}', '{"tags": 3}', '{"tags": ["2024-05-01x", null]}', '{"tags": "s"}',
                    '{"tags": [[1]]}'],
        "two sets": ['{"tags": ["a", "b"]}', '{"tags": 3}', '{"tags": ["2024-05-01"]}', '{"tags": ["c", "2024-05-02"]}'],
    }
    shortcut = "WHEN (_x1 = 'ARRAY<STRING>') THEN '"
    for name, batch in batches.items():
        compiled, parsed, expected = compiled_with_storage(spark, rules, batch)
        shape = dict(compiled.stages("value")[2])["__s0"]
        assert (shortcut in shape) == (name == "one set"), name
        assert [normalise(r) for r in parsed.orderBy("line").transform(compiled).collect()] == expected, name


def test_a_nested_drifting_field_is_shaped_by_its_storage(spark, rules):
    """In a small batch, a drifting field inside records is shaped by its storage, as a top-level one is:
    when every storage of its values in the batch decides the shape (longs, strings typed by the detectors, arrays
    of longs, empty arrays...), the full typing is left out of the projection (for a record with one drifting leaf
    it is a 50 KB expression, which Spark takes seconds to parse, analyse and compile); a storage that does not
    decide it (an object here) keeps the full typing. A scalar routed into several columns is read as its type
    once. The rows equal the reference router's either way."""
    batches = {
        "decided": ['{"r": {"a": 1, "x": 5}}', '{"r": {"a": 2, "x": "2024-05-01"}}', '{"r": {"a": 3, "x": [1, 2]}}',
                    '{"r": {"a": 4, "x": []}}', '{"r": {"a": 5, "x": true}}', '{"r": {"a": 6, "x": 1.5}}',
                    '{"r": {"a": 7, "x": null}}', '{"r": [{"a": 8, "x": "w"}]}'],
        "not decided": ['{"r": {"a": 1, "x": 5}}', '{"r": {"a": 2, "x": {"y": 1}}}', '{"r": {"a": 3, "x": "s"}}'],
    }
    full = "named_struct('kind'"  # the full typing's descriptor of each value
    for name, batch in batches.items():
        compiled, parsed, expected = compiled_with_storage(spark, rules, batch)
        record = dict(compiled.stages("value")[-1])["r"]
        assert (full in record) == (name == "not decided"), name
        assert ("did not see" in record) == (name == "decided"), name
        # a value routed into several columns (a long into x and x_double, a date into x_date and x_string...)
        # is read as its type once, bound with let, as the top level's __t columns are
        assert "['__t" in record, name
        assert [normalise(r) for r in parsed.orderBy("line").transform(compiled).collect()] == expected, name


def test_a_value_of_a_storage_the_observation_did_not_see_fails_the_write(spark, rules):
    """Where the storage decides every shape, the full typing is gone: a value of another storage (which an
    exhaustive projection never meets, since the observation saw every value) fails the job with the field's
    name instead of going nowhere."""
    compiled, _, _ = compiled_with_storage(spark, rules, ['{"x": 5}', '{"x": "s"}'])
    assert "did not see" in dict(compiled.stages("value")[2])["__s0"]
    _, other = observe_dataframe(lines_frame(spark, ['{"x": 5}', '{"x": true}']), rules)
    with pytest.raises(Exception, match="field 'x' has a storage the batch's observation did not see: BOOLEAN"):
        other.transform(compiled).collect()


def test_years_settle_only_when_every_edge_past_the_exact_ones_is_a_long_cast_to_double():
    """Review finding: a lossy numeric cast past the exact edges (double -> decimal(15, 0), not guarded) must keep the
    observer computing each date's and timestamp's bits (Python calls 2024's microseconds inexact in that decimal)."""
    from widen.compiler.spark_observe import SparkObserver

    default = SparkObserver(widen.load_rules())
    assert default._years_settle("timestamp") and default._years_settle("date")
    text = open(widen.default_rules_path()).read().replace(
        "type string    = string", "type string    = string\ntype d15       = decimal(15, 0)")
    text += "widen double -> d15 via cast\n"
    assert not SparkObserver(widen.load_rules("d15.rules", text=text))._years_settle("timestamp")


def test_compile_prints_a_query_spark_runs_as_the_compact_one(spark, rules):
    """`widen compile` prints the projection laid out to read (no line longer than 240 characters); Spark runs the
    printed query over two days of the example events as it runs the compact one: same schema, same rows."""
    from widen.compiler.spark import projection_sql
    from widen.jvm.projection import compile_table

    lines = [l.rstrip("\n") for f in sorted((ROOT / "examples" / "events").glob("day-*.jsonl"))[:2] for l in open(f)]
    p = widen.plan(widen.TableSchema(), widen.observe_lines(lines, rules), rules)
    compact = compile_table(p, rules).sql("events_lines")
    pretty = projection_sql(p, rules, "events_lines")
    assert max(len(line) for line in pretty.splitlines()) <= 240 < max(len(line) for line in compact.splitlines())
    spark.createDataFrame([(l,) for l in lines if l.startswith("{")], "value string") \
        .createOrReplaceTempView("events_lines")
    a, b = spark.sql(compact), spark.sql(pretty)
    assert a.schema == b.schema
    key = lambda row: row["event_id"]
    rows = sorted(a.collect(), key=key)
    assert rows == sorted(b.collect(), key=key) and len(rows) == 6
