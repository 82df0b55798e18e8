"""Debezium's change events read as they arrive (``--cdc debezium``, ``cdc="debezium"``: docs/keyed.md): each line's
envelope unwrapped into its row, upserts, deletes from ``before``, Kafka tombstones counted, late events, the JSON
converter's wrapper, a column whose type changes mid-feed, and the events Widen does not apply rescued by file and
line, on the native pass and on Spark's engine, through the CLI, ``widen.ingest``, ``widen.write`` and streams.
The events are Debezium's own (tests/data/debezium/README.md)."""

from __future__ import annotations

import datetime
import json
import re
import shutil
from decimal import Decimal
from pathlib import Path

import pytest
from widen.engine.debezium import NOT_AN_EVENT, Unwrapped, unwrap
from widen.engine.observe import Observer
from widen.engine.values import InvalidJson, blank, parse_line

import widen
from widen import jvm
from widen.cli import main
from widen.errors import InputError
from widen.sink.catalog import open_catalog

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "debezium"
MONEY = str(ROOT / "tests" / "data" / "money.rules")  # (fractions as decimal(10, 2): their exact value kept)
FEED = [str(DATA / "postgres.jsonl"), str(DATA / "postgres-late.jsonl")]


def _rows(warehouse: str, table: str, columns: tuple) -> list[tuple]:
    """The table's rows as tuples of ``columns``, by id."""
    data = open_catalog(None, warehouse).load_table(table).scan().to_arrow().to_pylist()
    return sorted(tuple(r[c] for c in columns) for r in data)


def _rescued(warehouse: str, table: str) -> list[tuple]:
    data = open_catalog(None, warehouse).load_table(table + "__rescued").scan().to_arrow().to_pylist()
    return sorted((Path(r["source"]).name, r["line"], r["reason"]) for r in data)


# -- the envelope, unwrapped (the reference; the native pass's Debezium.java is held to it by the engines' tests) --

#: lines and what each unwraps to
CASES = [
    (('{"op": "u", "before": {"id": 1}, "after": {"id": 1, "price": 1.10, "n": 1e400, "s": "{\\"é\\"}"}, '
      '"source": {"lsn": 24023128, "ts_ms": 1559033904863}, "ts_ms": 1465584025523, "transaction": null}'),
     Unwrapped('{"_cdc_op":"u","_cdc_position":24023128,"_cdc_ts_ms":1559033904863,'
               '"id": 1, "price": 1.10, "n": 1e400, "s": "{\\"é\\"}"}')),
    ('{"schema": {"type": "struct"}, "payload": {"op": "c", "after": {"id": 1004}, "source": {"ts_ms": 0}}}',
     Unwrapped('{"_cdc_op":"c","_cdc_position":0,"_cdc_ts_ms":0,"id": 1004}')),
    ('{"op": "d", "before": {"id": 1002}, "after": null, "source": {"lsn": 46523128, "ts_ms": 7}}',
     Unwrapped('{"_cdc_op":"d","_cdc_position":46523128,"_cdc_ts_ms":7,"id": 1002}')),
    ('{"op": "r", "after": { }, "source": {"lsn": 5}}', Unwrapped('{"_cdc_op":"r","_cdc_position":5,"_cdc_ts_ms":null}')),
    ("null", Unwrapped(tombstone=True)),
    ('{"schema": null, "payload": null}', Unwrapped(tombstone=True)),
    ('{"after": {"id": 1}, "source": {"ts_ms": 7}}', Unwrapped(reason="not a Debezium change event: no 'op'")),
    ('{"op": "u", "source": {"ts_ms": 7}}',
     Unwrapped(reason="a Debezium update event (op 'u') without 'after' (an object): no row to write")),
    ('{"op": "d", "before": null, "source": {"ts_ms": 7}}',
     Unwrapped(reason="a Debezium delete event (op 'd') without 'before' (an object): the key it deletes is "
                      "unknown")),
    ('{"op": "t", "source": {"lsn": 1}}',
     Unwrapped(reason="a Debezium truncate event (op 't'): Widen does not empty a table; empty it yourself, or skip "
                      "truncates at the connector (skipped.operations=t)")),
    ('{"op": "m", "source": {"lsn": 1}}',
     Unwrapped(reason="a Debezium event of op 'm', not a change Widen applies (c, u, r or d)")),
    ('{"op": "c", "after": {"id": 1}, "source": {"lsn": "0/16B3748", "ts_ms": 7}}',
     Unwrapped(reason="source.lsn is not an integer: no position to order the event by")),
    ('{"op": "c", "after": {"id": 1}, "source": {"ts_ms": 7.5}}',
     Unwrapped(reason="no source position: source.lsn and source.ts_ms are missing, null or not integers")),
    ('{"op": "c", "after": {"id": 1}}',
     Unwrapped(reason="a Debezium change event without 'source' (an object): no position to order it by")),
    ('{"op": "c", "op": "u", "after": {"id": 1}, "source": {"ts_ms": 7}}', Unwrapped()),  # (a name twice)
    ('[{"op": "c"}]', Unwrapped()),
    ('{"op": "c", "after": {"id": 1}, "source": {"ts_ms": 7}} {}', Unwrapped()),
]


@pytest.mark.parametrize("line, expected", CASES)
def test_an_event_s_record_is_cut_from_its_line(line, expected):
    """The record is the row's own text behind ``_cdc_op``, ``_cdc_position`` (``source.lsn``, else
    ``source.ts_ms``) and ``_cdc_ts_ms``: no value re-written (``1.10``, ``1e400``, an escape stay as written); a
    tombstone, bare or wrapped, is one; an event Widen does not apply says why; a line that is no JSON object with
    its names once is left to the parser (unread)."""
    assert unwrap(line) == expected


#: lines at the edges, beside the feeds' and CASES': not UTF-8 (in the row, in the envelope), a byte-order mark,
#: text beyond ASCII, a row nested too deep, a name given twice or escaping half a surrogate pair in the row, a row
#: with a field named as Widen's own, spaces and tabs around
EDGES = [
    b'{"op":"c","after":{"id":1,"s":"\xff"},"source":{"ts_ms":1}}', b'{"op":"c\xff","after":{"id":1},"source":{}}',
    b'\xef\xbb\xbf{"op":"c","after":{"id":1},"source":{"ts_ms":1}}',
    '{"op":"u","after":{"id":1,"name":"Zoë 東京 🙂","t":"\u00e9"},"source":{"lsn":3}}'.encode(),
    b'{"op":"c","after":{"id":1,"a":[[[[[[[[1]]]]]]]]},"source":{"ts_ms":1}}',
    b'{"op":"c","after":{"id":1,"a":2,"a":3},"source":{"ts_ms":1}}',
    b'{"op":"c","after":{"id":1,"s":"\\ud800"},"source":{"ts_ms":1}}',
    b'{"op":"c","after":{"id":1,"_cdc_op":"x"},"source":{"ts_ms":1}}',
    b' \t{"op":"r","after":{"id":1},"source":{"ts_ms":1}}\t ', b"   ", b" null ", b"nul", b'"op"',
]


def _reference(lines: list[bytes], rules):
    """(the observations, the tombstones) the reference gives for a feed's lines: each unwrapped by
    :func:`widen.engine.debezium.unwrap`, its record observed by the Python observer; a line it cannot read rescued
    for what the parser says of it, else as no change event."""
    observer, tombstones = Observer(rules), 0
    for number, raw in enumerate(lines, start=1):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError:
            observer.rescue("<input>", number, "not valid UTF-8", "")
            continue
        event = unwrap(text) if not blank(text) else None
        if event is None:
            continue
        if event.tombstone:
            tombstones += 1
        elif event.reason is not None:
            observer.rescue("<input>", number, event.reason, text)
        elif event.record is not None:
            observer.add_line(event.record, "<input>", number)
        else:
            try:
                parse_line(text)
                observer.rescue("<input>", number, NOT_AN_EVENT, text)
            except InvalidJson as exc:
                observer.rescue("<input>", number, str(exc), text)
    return observer.result(), tombstones


def test_the_native_pass_unwraps_each_line_as_the_reference_does(spark, rules):
    """``Debezium.java`` against :func:`widen.engine.debezium.unwrap`: the native pass observes a feed's lines
    (the test feeds', CASES', EDGES) as the Python observer observes the records the reference cuts from them:
    the same fields and shapes, records, tombstones, and lines rescued for the same reasons."""
    lines = [line.encode() for path in sorted(DATA.glob("*.jsonl")) for line in path.read_text().splitlines()]
    lines += [line.encode() for line, _ in CASES] + EDGES
    for batch in [lines, *[[line] for line in lines]]:  # (one at a time too: what a batch merged hides)
        got = jvm.observe_local(batch, rules, spark, cdc="debezium")
        assert got is not None, "the native pass declined a feed it covers"
        reference, tombstones = _reference(batch, rules)
        assert got.observations.level == reference.level
        assert (got.observations.records, got.observations.tombstones) == (reference.records, tombstones)
        assert [(r.line, r.reason) for r in got.observations.rescued] == [(r.line, r.reason) for r in reference.rescued]


# -- through the engines ----------------------------------------------------------------------------------------

#: the table after postgres.jsonl then postgres-late.jsonl under money.rules (1002 deleted, and its late update
#: older than the delete; 1003's late update older than its snapshot read; 1004's points drifted to text)
COLUMNS = ("id", "first_name", "balance", "points", "points_int32", "_cdc_op", "_cdc_position", "_cdc_ts_ms")
ROWS = [
    (1001, "Sally Ann", Decimal("12.00"), "125", 125, "u", 46600000, 1559033904900),
    (1003, "Edward", Decimal("1.10"), "45", 45, "r", 33816576, 1582540780812),
    (1004, "Anne Marie", Decimal("7.10"), "gold", None, "u", 34500000, 1559033904863),
    (1005, "Bob", Decimal("5.25"), "0", 0, "c", 34466480, 1733906311010),
    (1006, "Anne", None, None, None, "c", 24023128, 1559033904863),
]
RESCUED = [
    ("broken.jsonl", 2, ("a Debezium truncate event (op 't'): Widen does not empty a table; empty it yourself, "
                         "or skip truncates at the connector (skipped.operations=t)")),
    ("broken.jsonl", 3, "a Debezium event of op 'm', not a change Widen applies (c, u, r or d)"),
    ("broken.jsonl", 4, "not a Debezium change event: no 'op'"),
    ("broken.jsonl", 5, "a Debezium update event (op 'u') without 'after' (an object): no row to write"),
]


@pytest.mark.parametrize("native", ["1", "0"], ids=["native", "spark"])
def test_a_feed_upserts_deletes_and_rescues_alike_on_both_engines(spark, tmp_path, monkeypatch, native):
    """``widen.ingest(..., key="id", cdc="debezium")`` over a PostgreSQL feed (snapshot reads, a create in the JSON
    converter's wrapper, an update whose ``points`` turns to text, a delete and its tombstone), a late batch, and
    events Widen does not apply: the same table and rescued lines on the native pass and on Spark's engine
    (``WIDEN_NATIVE=0``), decimals exact, each rescued event named by its file and line."""
    monkeypatch.setenv("WIDEN_NATIVE", native)
    warehouse, said = str(tmp_path / "wh"), []
    reports = widen.ingest([*FEED, str(DATA / "broken.jsonl")], "shop.customers", rules=widen.load_rules(MONEY),
                           warehouse=warehouse, spark=spark, progress=said.append, key="id", cdc="debezium")
    assert [r.engine for r in reports] == (["native"] * 3 if native == "1" else ["spark"] * 3)
    assert [(r.records, r.rescued, r.tombstones) for r in reports] == [(7, 0, 1), (3, 0, 0), (1, 4, 0)]
    assert [r.keyed.split(";")[0] for r in reports] == [
        "keyed: 0 updated, 4 inserted, 0 deleted, 0 older than the stored row or a delete (kept)",
        "keyed: 1 updated, 0 inserted, 0 deleted, 2 older than the stored row or a delete (kept)",
        "keyed: 0 updated, 1 inserted, 0 deleted, 0 older than the stored row or a delete (kept)"]
    assert _rows(warehouse, "shop.customers", COLUMNS) == ROWS
    assert _rescued(warehouse, "shop.customers") == RESCUED
    assert re.search(r"^batch 1: 7 records, .*, 0 lines rescued, 1 Kafka tombstone skipped \(", said[2]), said
    broken = next(m for m in said if m.startswith("batch 3: observed"))
    assert f"{DATA / 'broken.jsonl'}:2: a Debezium truncate event (op 't')" in broken, broken
    table = open_catalog(None, warehouse).load_table("shop.customers")
    assert not {"op", "before", "after", "source", "ts_ms", "transaction", "payload", "schema"} & {
        f.name for f in table.schema().fields}
    assert (table.properties["widen.key.cdc"], table.properties["widen.key.order-by"]) == ("debezium",
                                                                                          "_cdc_position")


def test_a_feed_whose_columns_the_native_router_does_not_build(spark, tmp_path):
    """Rules whose timestamp is zone-less, a column the native router does not build: the native pass observes
    the feed and the compiled projection writes the records its events hold, parsed again from their lines (the
    tombstone skipped, the truncate rescued, the delete applied)."""
    text = Path(MONEY).read_text().replace("type timestamp = timestamptz", "type timestamp = timestamp")
    (tmp_path / "ntz.rules").write_text(text)
    feed = tmp_path / "feed.jsonl"
    feed.write_text(
        '{"op":"c","after":{"id":1,"at":"2024-01-02T03:04:05Z","v":1.10},"source":{"lsn":10,"ts_ms":1}}\n'
        '{"op":"u","before":{"id":1},"after":{"id":1,"at":"2024-01-03T00:00:00Z","v":2.50},"source":{"lsn":20,'
        '"ts_ms":2}}\n'
        '{"op":"c","after":{"id":2,"at":"2024-01-02T03:04:05Z","v":3},"source":{"lsn":15,"ts_ms":1}}\n'
        '{"op":"d","before":{"id":2},"after":null,"source":{"lsn":30,"ts_ms":3}}\n'
        "null\n"
        '{"op":"t","source":{"lsn":40,"ts_ms":4}}\n')
    warehouse = str(tmp_path / "wh")
    [report] = widen.ingest([str(feed)], "d.t", rules=widen.load_rules(str(tmp_path / "ntz.rules")),
                            warehouse=warehouse, spark=spark, progress=lambda m: None, key="id", cdc="debezium")
    assert (report.engine, report.records, report.rescued, report.tombstones) == ("native+projection", 4, 1, 1)
    assert _rows(warehouse, "d.t", ("id", "at", "v", "_cdc_op", "_cdc_position")) == [
        (1, datetime.datetime(2024, 1, 3), "2.50", "u", 20)]  # (v: a fraction, then an integer: text, exact)
    assert _rescued(warehouse, "d.t") == [("feed.jsonl", 6, RESCUED[0][2])]


def test_the_walk_through_in_keyed_md_is_what_widen_prints(spark, tmp_path, capsys):
    """docs/keyed.md's walk-through: ``widen ingest --cdc debezium --key id`` over the feed, then ``widen show``:
    their stdout is the page's block (rows in id order: a keyed write's files keep no order); a batch of events
    Widen does not apply is ingested (exit 0, no traceback), those rescued; the table, keyed by its events, refuses
    a batch that asks for plain records and reads change events in one that asks for nothing."""
    page = (ROOT / "docs" / "keyed.md").read_text()
    block = re.search(r"```text\n(\$ widen ingest --table shop.customers --cdc debezium.*?)```", page, re.DOTALL)[1]
    shown, expected = _commands(block)
    warehouse = str(tmp_path / "wh")
    got = []
    for command in shown:
        args = [a.replace("tests/data/debezium/", f"{DATA}/") for a in command]
        assert main([*args, "--warehouse", warehouse]) == 0
        got += capsys.readouterr().out.rstrip("\n").splitlines()
    assert got[:3] == expected[:3] and sorted(got[3:]) == sorted(expected[3:]), "\n".join(got)
    base = ["ingest", "--warehouse", warehouse, "--table", "shop.customers"]
    assert main([*base, "--cdc", "debezium", "--key", "id", str(DATA / "broken.jsonl")]) == 0
    out = capsys.readouterr()
    assert "1 record, 7 values written, 0 fields added, 4 lines rescued (in shop.customers__rescued)" in out.out
    assert "Traceback" not in out.err
    assert main([*base, "--key", "id", str(DATA / "mysql.jsonl")]) == 2
    err = capsys.readouterr().err
    assert "is keyed by --cdc debezium --key id; this batch asks for --key id" in err and "Traceback" not in err
    assert main([*base, str(DATA / "mysql.jsonl")]) == 0  # (the table's own: change events, keyed by id)
    assert "1 batch ingested: 2 records" in capsys.readouterr().out
    fields = {f.name for f in open_catalog(None, warehouse).load_table("shop.customers").schema().fields}
    assert "op" not in fields and "after" not in fields and "payload" not in fields


def _commands(block: str) -> tuple[list[list[str]], list[str]]:
    """A page's block: its ``$ widen ...`` commands (arguments) and the lines they print."""
    import shlex

    commands, out = [], []
    for line in block.strip("\n").splitlines():
        if line.startswith("$ widen "):
            commands.append(shlex.split(line.removeprefix("$ widen ")))
        else:
            out.append(line.rstrip())
    return commands, out


def test_a_dataframe_of_a_connector_without_lsn(spark, tmp_path):
    """``widen.write(df, json_column=..., key=..., cdc="debezium")``: MySQL's events (no ``lsn``: ordered by
    ``source.ts_ms``, a tie going to the later row), one in the JSON converter's wrapper, one bare."""
    lines = (DATA / "mysql.jsonl").read_text().splitlines()
    df = spark.createDataFrame([(line,) for line in lines], "value string")
    warehouse = str(tmp_path / "wh")
    report = widen.write(df, "inv.customers", json_column="value", key="id", cdc="debezium", warehouse=warehouse,
                         progress=lambda m: None)
    assert (report.records, report.rescued) == (2, 0)
    columns = ("id", "first_name", "last_name", "email", "_cdc_op", "_cdc_position", "_cdc_ts_ms")
    assert _rows(warehouse, "inv.customers", columns) == [
        (1004, "Anne", "Kretchmar", "annek@noanswer.org", "u", 0, 0)]


def test_a_watched_folder_and_a_stream_of_change_events(spark, tmp_path, capsys):
    """``widen ingest --watch DIR --cdc debezium --key id`` and ``widen.stream(..., cdc="debezium")``: each
    micro-batch's events upserted, its tombstone said in the micro-batch's line."""
    warehouse, landing = str(tmp_path / "wh"), tmp_path / "landing"
    landing.mkdir()
    shutil.copy(FEED[0], landing / "a.jsonl")
    assert main(["ingest", "--warehouse", warehouse, "--table", "shop.watched", "--watch", str(landing),
                 "--checkpoint", str(tmp_path / "ck"), "--once", "--cdc", "debezium", "--key", "id"]) == 0
    assert "1 Kafka tombstone skipped" in capsys.readouterr().err
    shutil.copy(FEED[1], landing / "b.jsonl")
    query = widen.stream(spark.readStream.text(str(landing)), "shop.streamed", checkpoint=str(tmp_path / "ck2"),
                         json_column="value", key="id", cdc="debezium", warehouse=warehouse,
                         trigger={"availableNow": True}, progress=lambda m: None)
    query.awaitTermination()
    assert query.exception() is None
    columns = ("id", "first_name", "_cdc_op", "_cdc_position")
    assert _rows(warehouse, "shop.watched", columns) == [
        (1001, "Sally", "r", 33816576), (1003, "Edward", "r", 33816576), (1004, "Anne Marie", "u", 34500000),
        (1005, "Bob", "c", 34466480)]
    assert _rows(warehouse, "shop.streamed", columns) == [
        (1001, "Sally Ann", "u", 46600000), (1003, "Edward", "r", 33816576), (1004, "Anne Marie", "u", 34500000),
        (1005, "Bob", "c", 34466480)]


@pytest.mark.parametrize("args, message", [
    (["--cdc", "debezium"], "--cdc debezium needs --key"),
    (["--cdc", "debezium", "--key", "id", "--order-by", "ts"], "give neither --order-by nor --delete-when"),
    (["--cdc", "debezium", "--key", "id", "--delete-when", "op = 'd'"], "give neither --order-by nor --delete-when"),
    (["--cdc", "debezium", "--key", "after.id"], "expected top-level column names"),
])
def test_mistakes_are_refused_in_one_line(tmp_path, capsys, args, message):
    """``--cdc`` without ``--key``, with ``--order-by`` or ``--delete-when``, or with a key inside the envelope:
    exit 2, one line, before any work (no Spark, no table)."""
    code = main(["ingest", "--warehouse", str(tmp_path / "wh"), "--table", "d.t", *args, FEED[0]])
    err = capsys.readouterr().err
    assert code == 2 and message in err and "Traceback" not in err, err
    assert not (tmp_path / "wh").exists() or not list((tmp_path / "wh").rglob("*.parquet"))


def test_the_api_refuses_another_envelope_and_typed_rows(tmp_path):
    with pytest.raises(InputError, match="--cdc 'maxwell': Widen reads the change events of Debezium"):
        widen.ingest(FEED, "d.t", warehouse=str(tmp_path / "wh"), key="id", cdc="maxwell")
    parquet = tmp_path / "p.parquet"
    import pyarrow as pa
    import pyarrow.parquet as pq

    pq.write_table(pa.table({"id": [1]}), parquet)
    with pytest.raises(InputError, match="not typed rows"):
        widen.ingest([str(parquet)], "d.t", warehouse=str(tmp_path / "wh"), key="id", cdc="debezium",
                     input_format="parquet")


def test_every_line_of_the_test_feeds_is_a_change_event_or_a_tombstone():
    """The feeds' lines each unwrap (a record or a tombstone), but broken.jsonl's four events Widen does not
    apply; none is left unread."""
    for path in sorted(DATA.glob("*.jsonl")):
        for number, line in enumerate(path.read_text().splitlines(), start=1):
            event = unwrap(line)
            assert not event.unread and event.reason != NOT_AN_EVENT, (path.name, number)
            assert (event.reason is not None) == (path.name == "broken.jsonl" and number > 1), (path.name, number)
            if event.record is not None:
                assert json.loads(event.record)["_cdc_op"] in "curd"
