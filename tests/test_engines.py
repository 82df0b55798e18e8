"""Every engine writes what the Python reference writes, cell for cell (docs/architecture.md#engines).

A differential property: generated multi-batch sequences of drifting records mixed with hostile lines (the
producers' documents of tests/test_hostile.py: not JSON, arrays, invalid UTF-8, names given twice or differing
only by case, numbers VARIANT cannot hold, nesting past the bound), under the shipped rules, `delta.rules`, case
merge, an int-and-money edit, an epoch edit (seconds, both ways) and a lossy edit, through each engine: the native pass and router (`widen ingest`),
Spark's expressions and compiled projection (`WIDEN_NATIVE=0`), the driver's Python (a small batch with the native
pass off), and a DataFrame (`widen.write(df, json_column=...)`, the path a stream's micro-batch takes; read twice
as it is when it reads files, else cached: batches alternate between the two). Each
engine's table and rescued lines equal the reference's: the Python observer and router over the same files. Each
batch's report names the engine that ran, so no case passes on another engine than the one it names.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import widen
from test_hostile import INVALID_UTF8, LINES
from test_spark import normalise
from widen.engine.values import json_text
from widen.engine.laws import json_records
from widen.sources import file_lines, observe_files

pytestmark = pytest.mark.spark

HERE = Path(__file__).resolve().parent
DEFAULT = Path(widen.default_rules_path()).read_text()

#: (name, rules text or file, mode)
RULES = {
    "default": (DEFAULT, None),
    "delta": (Path(HERE.parent / "rules" / "delta.rules").read_text(), "evolve"),
    "case-merge": (DEFAULT.replace("on case_conflict keep", "on case_conflict merge"), None),
    "money": ((HERE / "data" / "money.rules").read_text(), None),  # an int32 and a decimal(10, 2) money type
    "epoch": (DEFAULT.replace("convert long -> timestamp via epoch_millis", "convert long -> timestamp via epoch_seconds")
              .replace("widen timestamp -> long via epoch_micros where exact",
                       "widen timestamp -> long via epoch_seconds where exact"), None),
    "lossy": ((HERE / "data" / "lossy.rules").read_text(), None),
}

#: engine -> (environment, through a DataFrame)
ENGINES = {
    "native": ({"WIDEN_NATIVE": "1", "WIDEN_DRIVER_BATCH_BYTES": "0"}, False),
    "spark": ({"WIDEN_NATIVE": "0", "WIDEN_DRIVER_BATCH_BYTES": "0"}, False),
    "driver": ({"WIDEN_NATIVE": "0", "WIDEN_DRIVER_BATCH_BYTES": str(8 << 20)}, False),
    "dataframe": ({"WIDEN_NATIVE": "1", "WIDEN_DRIVER_BATCH_BYTES": "0"}, True),
}

HOSTILE = [line.encode("utf-8") for line in LINES if len(line) < 1000] + [INVALID_UTF8]


def lines_of(batch) -> list[bytes]:
    return [x if isinstance(x, bytes) else x.encode("utf-8", "surrogatepass") for x in batch]


batches = st.lists(
    st.lists(st.one_of(json_records().map(json_text), json_records().map(json_text), st.sampled_from(HOSTILE)),
             min_size=1, max_size=8),
    min_size=1, max_size=3)


def reference(rules, files: list[Path]):
    """(the rows, padded to the final schema; the rescued lines as (file name, line, reason)) the Python observer
    and router give for the batches, one file each."""
    schema, rows, rescued = widen.TableSchema(), [], []
    for path in files:
        observations = observe_files([path], rules)
        p = widen.plan(schema, observations, rules)
        schema = p.schema
        router = widen.Router(p, rules)
        rows += list(router.route_lines(line.text for line in file_lines(path) if line.text is not None))
        rescued += [(Path(r.source).name, r.line, r.reason, r.raw) for r in observations.rescued]
    pad = {c.name for c in schema.columns}
    return [normalise({k: r.get(k) for k in pad}) for r in rows], sorted(rescued), [c.name for c in schema.columns]


def run_engine(spark, engine: str, rules, mode, files: list[Path], wh: str, monkeypatch):
    env, frame = ENGINES[engine]
    for k, v in env.items():
        monkeypatch.setenv(k, v)
    from widen.ingest import ingest, open_catalog, write

    if frame:
        reports = []
        for i, path in enumerate(files):  # read twice as it is (files), and from a cache (not files: a checkpoint)
            df = spark.read.text(str(path)) if i % 2 == 0 else spark.read.text(str(path)).localCheckpoint()
            reports.append(write(df, "e.t", json_column="value", rules=rules, mode=mode, warehouse=wh,
                                 progress=lambda _: None, batch=path.name, source_column=None))
    else:
        reports = ingest([str(p) for p in files], "e.t", rules=rules, mode=mode, warehouse=wh, spark=spark,
                         progress=lambda _: None)
    cat = open_catalog(None, wh)
    table = cat.load_table("e.t")
    # pyiceberg reads a null list<struct> as [], at any depth (apache/iceberg-python#3833); Widen writes no []
    got = [_no_empty_lists(normalise(r)) for r in table.scan().to_arrow().to_pylist()]
    rescued = []
    if cat.table_exists("e.t__rescued"):
        rescued = [(r["batch"] if frame else Path(r["source"]).name, r["line"], r["reason"], r["raw"])
                   for r in cat.load_table("e.t__rescued").scan().to_arrow().to_pylist()]
        # (the bytes of a line that is not UTF-8 are kept beside its text; of no other line)
        assert all((r["raw_bytes"] is not None) == (r["reason"] == "not valid UTF-8")
                   for r in cat.load_table("e.t__rescued").scan().to_arrow().to_pylist())
    return reports, got, sorted(rescued, key=repr), [f.name for f in table.schema().fields]


def _no_empty_lists(value):
    if isinstance(value, dict):
        return {k: _no_empty_lists(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_no_empty_lists(v) for v in value] or None
    return value


def key(row) -> str:
    return repr(sorted(row.items()))


@pytest.mark.parametrize("rules_name", sorted(RULES))
@settings(max_examples=2, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(data=batches)
def test_every_engine_writes_what_the_reference_writes(spark, tmp_path_factory, monkeypatch, rules_name, data):
    text, mode = RULES[rules_name]
    rules = widen.load_rules(text=text)
    tmp = tmp_path_factory.mktemp("engines")
    files = []
    for i, batch in enumerate(data, start=1):
        path = tmp / f"b{i}.jsonl"
        path.write_bytes(b"\n".join(lines_of(batch)) + b"\n")
        files.append(path)
    rows, rescued, columns = reference(rules.with_mode(mode) if mode else rules, files)
    assert widen.jvm.coverage(rules).spec is not None, "the native engine covers every rules file here"
    for engine in ENGINES:
        with monkeypatch.context() as m:
            reports, got, got_rescued, got_columns = run_engine(spark, engine, rules, mode, files,
                                                                str(tmp / f"wh-{engine}"), m)
        ran = {r.engine for r in reports if r.records or r.rescued}
        expected = {"native": {"native"}, "spark": {"spark"}, "driver": {"driver"}, "dataframe": {"native"}}[engine]
        if not rows and not rescued:  # (batches of blank lines only: no batch had anything to run)
            expected = set()
        assert ran == expected, f"{engine}: the batches ran on {ran} ({[r.why for r in reports]})"
        assert got_columns == columns, engine
        assert sorted(got, key=key) == sorted(rows, key=key), engine
        if engine == "dataframe":  # (a DataFrame's row has no line number: its batch names it)
            assert sorted((b, r, t) for b, _, r, t in got_rescued) == sorted((b, r, t) for b, _, r, t in rescued), \
                engine
        else:
            assert got_rescued == sorted(rescued, key=repr), engine


def test_a_batch_off_the_native_engine_says_which_engine_ran_and_why(spark, tmp_path, monkeypatch):
    """Rules the native pass does not cover: the batch runs on the Spark engine, and its report and line say so and
    why; with the native pass turned off, the same, for that reason; a covered batch's line names the native one."""
    from widen.ingest import ingest

    monkeypatch.setenv("WIDEN_DRIVER_BATCH_BYTES", "0")
    path = tmp_path / "b.jsonl"
    path.write_text('{"a": 1.5}\nnot json\n')
    whole = widen.load_rules(text=DEFAULT.replace("json fraction -> ", "json fraction -> money | ")
                             + "type money = decimal(12, 0)\n")
    [report] = ingest([str(path)], "w.t", rules=whole, warehouse=str(tmp_path / "wh1"), spark=spark,
                      progress=lambda _: None)
    assert (report.engine, report.rescued) == ("spark", 1)
    assert report.why == "the native pass does not cover the rules: fractions typed as money, a decimal of scale 0"
    assert report.line(1).endswith(f", engine spark: {report.why})")
    monkeypatch.setenv("WIDEN_DRIVER_BATCH_BYTES", str(1 << 20))  # a small batch: the driver's, saying why
    [small] = ingest([str(path)], "w.t", rules=whole, warehouse=str(tmp_path / "wh4"), spark=spark,
                     progress=lambda _: None)
    assert (small.engine, small.why, small.rescued) == ("driver", report.why, 1)
    monkeypatch.setenv("WIDEN_DRIVER_BATCH_BYTES", "0")
    monkeypatch.setenv("WIDEN_NATIVE", "0")
    [report] = ingest([str(path)], "w.t", rules=widen.load_rules(), warehouse=str(tmp_path / "wh2"), spark=spark,
                      progress=lambda _: None)
    assert (report.engine, report.why) == ("spark", "WIDEN_NATIVE=0")
    monkeypatch.setenv("WIDEN_NATIVE", "1")
    [report] = ingest([str(path)], "w.t", rules=widen.load_rules(), warehouse=str(tmp_path / "wh3"), spark=spark,
                      progress=lambda _: None)
    assert report.engine == "native" and report.line(1).endswith(", engine native)")


def test_a_hollow_record_is_one_row_whatever_its_batch_on_every_engine(spark, tmp_path, monkeypatch):
    """On every engine (the second batch takes the one pass on the native ones), a hollow record in a batch of its
    own is written as a record of nulls where the table holds records of its field, as it is in a batch that also
    brings a record with a value there, and as the reference router writes it."""
    rules = widen.load_rules()
    first = b'{"d":{"urls":[{"u":"x"}]},"a":[{"b":1}],"c":{"b":{"c":1}}}\n'
    second = b'{"d":{"urls":[]}}\n{"a":[{}]}\n{"a":{"b":null}}\n{"c":{"b":{}}}\n{"c":{"b":{"c":null}}}\n'
    files = [tmp_path / "b1.jsonl", tmp_path / "b2.jsonl"]
    files[0].write_bytes(first)
    files[1].write_bytes(second)
    rows, _, columns = reference(rules, files)
    assert sorted(rows[1:], key=key) == sorted([
        {"d": {"urls": None}, "a": None, "c": None}, {"d": None, "a": [{"b": None}], "c": None},
        {"d": None, "a": [{"b": None}], "c": None}, {"d": None, "a": None, "c": {"b": None}},
        {"d": None, "a": None, "c": {"b": {"c": None}}}], key=key)  # ({} is an empty value: null, as [] is)
    for engine in ENGINES:
        with monkeypatch.context() as m:
            _, got, _, got_columns = run_engine(spark, engine, rules, None, files, str(tmp_path / f"wh-{engine}"), m)
        assert got_columns == columns, engine
        assert sorted(got, key=key) == sorted(rows, key=key), engine


@pytest.mark.parametrize("keyed", [False, True])
def test_a_batch_the_native_router_declines_is_written_by_the_projection(spark, tmp_path, monkeypatch, keyed):
    """A batch the native pass found plain, with a rescued line, that the native router declines (a JVM that
    cannot load it): the compiled projection parses the lines again, skipping the rescued one, and writes the
    same rows."""
    from widen import jvm
    from widen.sink.catalog import open_catalog

    path = tmp_path / "b.jsonl"
    path.write_text('{"id": 1, "v": 1}\nnot json\n{"id": 2, "v": "x"}\n')
    monkeypatch.setenv("WIDEN_DRIVER_BATCH_BYTES", "0")
    monkeypatch.setattr(jvm, "routed", lambda *a, **k: (None, "the native router failed: declined here"))
    warehouse = str(tmp_path / "wh")
    (report,) = widen.ingest([str(path)], "d.t", warehouse=warehouse, spark=spark, progress=lambda m: None,
                             key="id" if keyed else None)
    assert (report.engine, report.why, report.rescued) == (
        "native+projection", "the native router failed: declined here", 1)
    rows = open_catalog(None, warehouse).load_table("d.t").scan().to_arrow().to_pylist()
    assert sorted((r["id"], r["v"], r["v_long"]) for r in rows) == [(1, "1", 1), (2, "x", None)]
