"""Hostile input: each case has a defined outcome — the value kept exactly, or the record rescued with its raw
text and a reason, and counted. Never dropped, never a crash that loses the rest of the batch. One batch holds
them all, beside normal records, and goes through `widen ingest` (Spark + Iceberg); the pure-Python path is held
to the same outcome. The table of outcomes is in docs/guarantees.md."""

from __future__ import annotations

import datetime as dt
import json
import os
from decimal import Decimal
from pathlib import Path

import pytest

import widen
from test_ingest import reference_rows
from test_spark import normalise
from widen.engine.values import LONE_SURROGATE, MAX_NESTING
from widen.ingest import ingest, open_catalog

pytestmark = pytest.mark.spark

LINES = [
    '\ufeff{"id": 1, "bom": true}',
    '{"id": 2, "broken": ',
    "",
    "   ",
    "[1, 2]",
    '"scalar"',
    '{"id": 3, "nan": NaN}',
    '{"id": 4, "inf": Infinity}',
    '{"id": 5, "big": 1e400}',
    '{"id": 6, "s": "1e400"}',
    '{"id": 7, "dup": 1, "dup": 2}',
    '{"id": 8, "Case": 1, "case": 2}',
    '{"id": 9, "": 5}',
    '{"id": 10, "a.b": 1, "a": {"b": 2}}',
    '{"id": 11, "with space": 1, "with/slash": 2}',
    '{"id": 12, "caf\u00e9": "nfc", "cafe\u0301": "nfd"}',
    '{"id": 13, "empty_obj": {}, "empty_arr": [], "nothing": null}',
    '{"id": 14, "mixed": [1, "x", {"k": 2}, null]}',
    '{"id": 15, "huge": 123456789012345678901234567890}',
    '{"id": 16, "toolong": 1234567890123456789012345678901234567890.5}',
    '{"id": 17, "ts_nano": "2024-05-01T10:00:00.123456789Z", "ts_off": "2024-05-01T10:00:00+02:00", '
    '"ts_gap": "2024-03-10T02:30:00", "ts_old": "1850-01-01T00:00:00Z", "d_old": "1000-01-01", '
    '"ts_far": "+10000-01-01T00:00:00Z", "d_first": "0001-01-01"}',
    '{"id": 18, "deep": ' + "[" * 1100 + "1" + "]" * 1100 + "}",
    '{"id": 20, "deep": ' + "[" * 200 + "1" + "]" * 200 + "}",
    '{"id": 21, "ok_deep": ' + "[" * (MAX_NESTING - 1) + "1" + "]" * (MAX_NESTING - 1) + "}",
    '{"id": 22, "lone": ["\\udfaa"], "pair": "\\ud83d\\ude00"}',  # a lone surrogate escape
]
INVALID_UTF8 = b'{"id": 19, "bad": "\xff\xfe"}'

RESCUED = {  # line number -> reason
    2: "not valid JSON",
    5: "a JSON array is not an object",
    6: "a JSON string is not an object",
    7: "not valid JSON",
    8: "not valid JSON",
    11: "not valid JSON",
    22: "not valid JSON",
    23: f"nested 201 levels deep, more than {MAX_NESTING}",
    25: LONE_SURROGATE,
    26: "not valid UTF-8",
}


@pytest.fixture(scope="module", params=["spark", "driver"])
def hostile(spark, rules, tmp_path_factory, request):
    """The batch ingested by Spark's observer and projection, and as a small batch on the driver."""
    root = tmp_path_factory.mktemp("hostile")
    path = root / "hostile.jsonl"
    path.write_bytes(("\n".join(LINES) + "\n").encode("utf-8") + INVALID_UTF8 + b"\n")
    bound = os.environ.get("WIDEN_DRIVER_BATCH_BYTES")
    os.environ["WIDEN_DRIVER_BATCH_BYTES"] = "0" if request.param == "spark" else str(1 << 20)
    try:
        [report] = ingest([str(path)], "h.t", rules=rules, warehouse=str(root / "wh"), spark=spark,
                          progress=lambda _: None)
    finally:
        os.environ.pop("WIDEN_DRIVER_BATCH_BYTES") if bound is None else os.environ.update(
            WIDEN_DRIVER_BATCH_BYTES=bound)
    catalog = open_catalog(None, str(root / "wh"))
    return report, catalog.load_table("h.t"), catalog.load_table("h.t__rescued"), path


def test_every_hostile_line_is_written_or_rescued_and_counted(hostile):
    report, table, rescued, _ = hostile
    rows = table.scan().to_arrow().to_pylist()
    written_ids = sorted(r["id"] for r in rows)
    assert written_ids == [1, 5, 6, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 21]
    assert {r["line"]: r["reason"] for r in rescued.scan().to_arrow().to_pylist()} == RESCUED
    # every non-blank line is a record written or a line rescued; blank lines hold nothing
    non_blank = sum(1 for line in LINES if line.strip()) + 1
    assert report.records + report.rescued == non_blank
    assert report.empty_names == 1  # behaviour 6: dropped, counted


def test_rescued_lines_keep_their_text_and_bytes(hostile):
    _, _, rescued, path = hostile
    by_line = {r["line"]: r for r in rescued.scan().to_arrow().to_pylist()}
    raw_lines = path.read_bytes().split(b"\n")
    for number, row in by_line.items():
        assert row["source"] == str(path)
        if row["raw_bytes"] is not None:
            assert row["raw_bytes"] == raw_lines[number - 1] == INVALID_UTF8
        else:
            assert row["raw"].encode("utf-8") == raw_lines[number - 1]


def test_hostile_values_read_back_exactly(hostile, rules):
    _, table, _, _ = hostile
    rows = {r["id"]: {k: v for k, v in r.items() if v is not None} for r in table.scan().to_arrow().to_pylist()}
    assert rows[1] == {"id": 1, "bom": True}  # the byte-order mark is not part of the first name
    assert rows[5] == {"id": 5, "big": "1e400"}  # a number no double holds: its exact text, the record kept
    assert rows[6] == {"id": 6, "s": "1e400"}  # a string stays a string
    assert rows[16] == {"id": 16, "toolong": "1234567890123456789012345678901234567890.5"}
    assert rows[8] == {"id": 8, "Case": 1, "case": 2}  # Iceberg names are case-sensitive: two columns
    assert rows[10] == {"id": 10, "a.b": 1, "a": {"b_2": 2}}  # Iceberg refuses two fields named a.b
    assert rows[11] == {"id": 11, "with space": 1, "with/slash": 2}
    assert rows[12] == {"id": 12, "caf\u00e9": "nfc", "cafe\u0301": "nfd"}  # NFC and NFD are two names
    assert rows[13] == {"id": 13}  # {}, [] and null hold no value: no column, counted as empties and nulls
    assert rows[14] == {"id": 14, "mixed": '[1,"x",{"k":2},null]'}
    assert rows[15] == {"id": 15, "huge": Decimal("123456789012345678901234567890")}
    assert rows[17] == {
        "id": 17,
        "ts_nano": "2024-05-01T10:00:00.123456789Z",  # nanoseconds: a timestamp would lose them, kept as text
        "ts_off": "2024-05-01T10:00:00+02:00",  # an offset other than UTC: kept as text, offset and all
        "ts_gap": "2024-03-10T02:30:00",  # no zone (a local time in a DST gap): text
        "ts_old": dt.datetime(1850, 1, 1, tzinfo=dt.timezone.utc),
        "d_old": dt.date(1000, 1, 1),
        "d_first": dt.date(1, 1, 1),
        "ts_far": "+10000-01-01T00:00:00Z",  # beyond year 9999: text
    }
    assert json.loads(json.dumps(rows[21]["ok_deep"])) == json.loads("[" * (MAX_NESTING - 1) + "1" + "]" * (MAX_NESTING - 1))
    names = {f.name: f.doc for f in table.schema().fields}
    assert table.schema().find_field("a.b_2").doc == "evolved_from:b"
    assert "" not in names


def test_python_path_agrees(hostile, rules):
    """The pure-Python observer rescues the same lines for the same reasons, and the reference router writes the
    same rows."""
    _, table, _, path = hostile
    observer = widen.engine.observe.Observer(rules)
    from widen.sources import file_lines

    for line in file_lines(Path(path)):
        if line.text is None:
            observer.rescue(line.source, line.number, "not valid UTF-8", line.raw.decode("utf-8", "replace"))
        else:
            observer.add_line(line.text, line.source, line.number)
    obs = observer.result()
    assert {r.line: r.reason for r in obs.rescued} == RESCUED
    good = [l.text for l in file_lines(Path(path)) if l.text and l.text.strip() and l.number not in RESCUED]
    good[0] = good[0].lstrip("\ufeff")
    expected = sorted((normalise(r) for r in reference_rows(rules, [good])), key=lambda r: r["id"])
    got = sorted((normalise(r) for r in table.scan().to_arrow().to_pylist()), key=lambda r: r["id"])
    for row in got:  # pyiceberg reads a null list as [] (apache/iceberg-python#3833)
        if row.get("ok_deep") == []:
            row["ok_deep"] = None
    assert got == expected


def test_a_users_suffixed_field_is_not_overwritten(spark, rules, tmp_path):
    """The user's own `price_string` exists before `price` turns to string: the evolved column gets a fresh
    name (`price_string_2`, documented `evolved_from:price`); both keep their values."""
    wh = str(tmp_path / "wh")
    first = tmp_path / "1.jsonl"
    first.write_text('{"price": 1, "price_string": "mine"}\n')
    second = tmp_path / "2.jsonl"
    second.write_text('{"price": "n/a", "price_string": "still mine"}\n')
    ingest([str(first), str(second)], "h.s", rules=rules, warehouse=wh, spark=spark, progress=lambda _: None)
    table = open_catalog(None, wh).load_table("h.s")
    assert table.schema().find_field("price_string_2").doc == "evolved_from:price"
    rows = [{k: v for k, v in r.items() if v is not None} for r in table.scan().to_arrow().to_pylist()]
    assert sorted(rows, key=str) == sorted([{"price": 1, "price_string": "mine"},
                                            {"price_string": "still mine", "price_string_2": "n/a"}], key=str)


def test_a_record_with_ten_thousand_keys(spark, rules, tmp_path):
    """A record with 10,000 keys beside a normal record: 10,000 columns, every value exact (the top level is
    compiled as plain columns, one small expression each)."""
    path = tmp_path / "wide.jsonl"
    path.write_text(json.dumps({f"k{i}": i for i in range(10_000)}) + "\n" + json.dumps({"k1": "x"}) + "\n")
    [report] = ingest([str(path)], "h.wide", rules=rules, warehouse=str(tmp_path / "wh"), spark=spark,
                      progress=lambda _: None)
    assert report.records == 2 and report.values == 10_002
    table = open_catalog(None, str(tmp_path / "wh")).load_table("h.wide")
    # k1, first seen as a long and a string together, is the common denominator (string) plus k1_long
    assert len(table.schema().fields) == 10_001
    rows = sorted(table.scan().to_arrow().to_pylist(), key=lambda r: r["k0"] is None)
    assert all(rows[0][f"k{i}"] == i for i in range(10_000) if i != 1)
    assert (rows[0]["k1"], rows[0]["k1_long"]) == ("1", 1)
    assert (rows[1]["k1"], rows[1]["k1_long"], rows[1]["k0"]) == ("x", None, None)
