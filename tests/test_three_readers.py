"""Three Iceberg readers agree on every table Widen writes: pyiceberg (``table.scan().to_arrow()``), Widen's own
Spark read (``widen.read``) and DuckDB's Iceberg extension (``iceberg_scan`` of the table's metadata file), which
nobody on the project wrote.

The tables are built once, end to end through the public API and the CLI: evolved and nested families, decimals
beyond 64 bits (``decimal(38, 0)`` and ``decimal(38, 9)``), timestamps and dates, a keyed table after updates and
deletes, a partitioned table (``day(ts), bucket(4, id)``) and a table after ``widen maintain``.

DuckDB and its extensions come from PyPI, pinned (pyproject's ``test`` extra): each extension is loaded by path from
its package, avro and httpfs before iceberg (which would otherwise try to download avro), with DuckDB's
automatic install and load off: nothing is fetched at run time.

Where the readers disagree: pyiceberg reads a null ``list<struct>`` as ``[]`` (apache/iceberg-python#3833).
The files hold null; DuckDB and ``widen.read`` read null, and so does ``widen show`` (docs/query.md).
"""

from __future__ import annotations

import datetime as dt
import importlib
import json
from pathlib import Path

import pytest

import widen
from widen.sink.catalog import open_catalog
from widen.cli import main

pytestmark = pytest.mark.spark

duckdb = pytest.importorskip("duckdb")

#: the tables the fixture writes, each read by the three readers
TABLES = ["r.evolved", "r.decimals", "r.money", "r.times", "r.keyed", "r.parts", "r.places", "r.maintained"]

#: the values of an identity partition that Spark escapes in a directory's name or that no directory's name can
#: say exactly on every file system (empty, too long, a marker, a NUL, beyond ASCII, upper case beside its lower
#: case), by id
PLACES = {0: "fr", 1: "a/b:c%3d=?", 2: "", 3: "\u00e9" * 300, 4: "__HIVE_DEFAULT_PARTITION__", 5: None,
          6: "__widen_sha256_00", 7: "nul\u0000", 8: "\U0001d11e \u00fcber", 9: "FR"}

#: decimals with 9 digits after the point, beyond 64 bits: a rules file whose fractions are decimal(38, 9) first
MONEY_RULES = (Path(__file__).parent / "data" / "money.rules").read_text().replace(
    "decimal(10, 2)", "decimal(38, 9)")


def quiet(_):
    pass


def _write(path: Path, records: list) -> str:
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in records))
    return str(path)


def duck_connection():
    """A DuckDB connection with the avro, httpfs and iceberg extensions loaded by path from their PyPI packages
    (in that order: iceberg loaded first tries to download avro), nothing installed or loaded automatically."""
    con = duckdb.connect(config={"autoinstall_known_extensions": False, "autoload_known_extensions": False})
    for name in ("avro", "httpfs", "iceberg"):
        package = Path(importlib.import_module(f"duckdb_extension_{name}").__file__).parent
        (path,) = package.glob(f"extensions/v{duckdb.__version__}/{name}.duckdb_extension")
        con.execute(f"LOAD '{path}'")
    con.execute("SET TimeZone = 'UTC'")
    return con


@pytest.fixture(scope="module")
def warehouse(spark, tmp_path_factory):
    """Every table, written once."""
    tmp = tmp_path_factory.mktemp("three")
    wh = str(tmp / "wh")
    go = dict(warehouse=wh, spark=spark, progress=quiet)

    # evolved and nested families: a number that turns to text, a record whose field drifts, arrays of numbers and
    # of records, a list of records that is absent (null) in some rows, and a column added by a later batch
    widen.ingest([
        _write(tmp / "e1.jsonl", [
            {"id": 1, "price": 10, "user": {"name": "ann", "age": 31}, "tags": [1, 2],
             "items": [{"sku": "a", "qty": 1}, {"sku": "b", "qty": 2}]},
            {"id": 2, "price": 2.5, "user": {"name": "bob"}, "items": None}]),
        _write(tmp / "e2.jsonl", [
            {"id": 3, "price": "n/a", "user": {"name": "cy", "age": "old"}, "tags": ["x", 3],
             "items": [{"sku": "c", "qty": "many"}]},
            {"id": 4, "user": None, "note": "later", "items": []},
            {"id": 5, "price": 7, "user": {"name": "dee", "age": 40, "address": {"city": "Oslo", "zip": [1, 2]}}}]),
    ], "r.evolved", **go)

    # integers beyond 64 bits (the default rules: decimal(38, 0)) and, in a table of other rules, fractions beyond
    # them (decimal(38, 9))
    widen.ingest([_write(tmp / "d1.jsonl", [
        '{"id": 1, "big": 123456789012345678901234567890, "neg": -99999999999999999999999999999999999999}',
        '{"id": 2, "big": 9223372036854775808, "neg": -1}',
        '{"id": 3, "big": 1}'])], "r.decimals", **go)
    money = widen.load_rules("money.rules", text=MONEY_RULES)
    widen.ingest([_write(tmp / "d2.jsonl", [
        '{"id": 4, "amount": 12345678901234567890.123456789}', '{"id": 5, "amount": -0.000000001}',
        '{"id": 6, "amount": 29999999999999999999.5}'])], "r.money", rules=money, **go)

    # timestamps (instants, UTC and other offsets, before 1900), dates, a date widened into a timestamp column,
    # and a typed DataFrame's wall-clock timestamp (Iceberg's timestamp, without zone) beside an instant
    widen.ingest([_write(tmp / "t1.jsonl", [
        {"id": 1, "ts": "2024-05-01T12:00:00Z", "day": "2024-05-01", "local": "2024-05-01T12:00:00+02:00"},
        {"id": 2, "ts": "1899-12-31T23:59:59.123456Z", "day": "0001-01-01"},
        {"id": 3, "ts": "2024-05-01T12:00:00.5Z", "day": None}]),
        _write(tmp / "t2.jsonl", [{"id": 4, "ts": "2024-05-02", "day": "2024-05-02T01:02:03Z"}])], "r.times", **go)
    typed = spark.sql("SELECT 5L AS id, TIMESTAMP '2024-06-01 10:00:00 UTC' AS ts, "
                      "TIMESTAMP_NTZ '2024-06-01 10:00:00' AS wall")
    widen.write(typed, "r.times", warehouse=wh, progress=quiet)

    # a keyed table after updates, deletes and a late event (copy-on-write: files replaced)
    keyed = dict(key="id", order_by="ts", delete_when="op = 'd'")
    widen.ingest([
        _write(tmp / "k1.jsonl", [{"id": i, "v": i, "ts": 1, "kv": {"a": i}} for i in range(6)]),
        _write(tmp / "k2.jsonl", [{"id": 1, "v": "one", "ts": 2}, {"id": 2, "op": "d", "ts": 3},
                                  {"id": 3, "v": 33, "ts": 0}, {"id": 6, "v": 6, "ts": 1}]),
        _write(tmp / "k3.jsonl", [{"id": 2, "v": 2, "ts": 2}, {"id": 4, "op": "d", "ts": 9},
                                  {"id": 5, "v": 55, "ts": 5, "kv": {"a": 50, "b": [1]}}]),
    ], "r.keyed", **go, **keyed)

    # a partitioned table: by day and by bucket of the key
    widen.ingest([
        _write(tmp / "p1.jsonl", [{"id": i, "ts": f"2024-05-0{1 + i % 3}T0{i % 10}:00:00Z", "v": i}
                                  for i in range(12)]),
        _write(tmp / "p2.jsonl", [{"id": 12, "ts": "2024-05-09T00:00:00Z", "v": "twelve"}]),
    ], "r.parts", partition_by="day(ts), bucket(4, id)", **go)
    # an identity partition: its directory cannot be named like the column (Spark drops it from the files)
    widen.ingest([_write(tmp / "places.jsonl", [{"id": i, "country": c} for i, c in PLACES.items()])], "r.places",
                 partition_by="country", **go)

    # a table overwritten and appended to, then maintained (snapshots expired, what they alone needed deleted)
    widen.ingest([_write(tmp / "m1.jsonl", [{"id": i, "v": i} for i in range(5)])], "r.maintained", **go)
    widen.ingest([_write(tmp / "m2.jsonl", [{"id": i, "v": f"v{i}", "w": [i]} for i in range(3)])],
                 "r.maintained", mode="overwrite", **go)
    widen.ingest([_write(tmp / "m3.jsonl", [{"id": 9, "v": 9.5}])], "r.maintained", **go)
    assert main(["maintain", "--warehouse", wh, "--table", "r.maintained", "--older-than", "0s",
                 "--files-older-than", "0s"]) == 0
    return wh


def plain(value):
    """One comparable form of a value of any of the three readers: Spark's Rows as dicts, instants as naive UTC
    datetimes (a wall-clock time, Iceberg's ``timestamp``, as it is); decimals stay decimals (compared exactly)."""
    if hasattr(value, "asDict"):
        value = value.asDict(recursive=True)
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dt.datetime) and value.tzinfo is not None:
        return value.astimezone(dt.timezone.utc).replace(tzinfo=None)
    return value


def by_id(rows) -> list[dict]:
    return sorted((plain(r) for r in rows), key=lambda r: r["id"])


def read_pyiceberg(wh: str, table: str) -> list[dict]:
    return by_id(open_catalog(None, wh).load_table(table).scan().to_arrow().to_pylist())


def read_spark(spark, wh: str, table: str) -> list[dict]:
    return by_id(r.asDict(recursive=True) for r in widen.read(spark, table, warehouse=wh).collect())


def read_duckdb(con, wh: str, table: str) -> list[dict]:
    location = open_catalog(None, wh).load_table(table).metadata_location
    # (as Arrow: DuckDB's own Python rows of an instant need pytz)
    return by_id(con.execute("SELECT * FROM iceberg_scan(?)", [location.removeprefix("file://")])
                 .to_arrow_table().to_pylist())


def null_lists_as_pyiceberg_reads_them(rows: list[dict], schema) -> list[dict]:
    """The rows with each top-level null ``list<struct>`` as ``[]``: what pyiceberg reads (#3833)."""
    from pyiceberg.types import ListType, StructType

    lists = [f.name for f in schema.fields
             if isinstance(f.field_type, ListType) and isinstance(f.field_type.element_type, StructType)]
    return [{k: ([] if k in lists and v is None else v) for k, v in r.items()} for r in rows]


@pytest.fixture(scope="module")
def duck():
    con = duck_connection()
    yield con
    con.close()


@pytest.mark.parametrize("table", TABLES)
def test_pyiceberg_widen_read_and_duckdb_read_the_same_rows(spark, warehouse, duck, table):
    tbl = open_catalog(None, warehouse).load_table(table)
    spark_rows = read_spark(spark, warehouse, table)
    duck_rows = read_duckdb(duck, warehouse, table)
    assert spark_rows == duck_rows
    assert read_pyiceberg(warehouse, table) == null_lists_as_pyiceberg_reads_them(duck_rows, tbl.schema())
    tasks = list(tbl.scan().plan_files())  # (each row of the files, less those a position delete file deletes)
    assert len(duck_rows) == sum(t.file.record_count for t in tasks) - \
        sum(d.record_count for d in {d.file_path: d for t in tasks for d in t.delete_files}.values())


def test_the_tables_hold_what_they_were_written(spark, warehouse, duck):
    """The rows the three readers agree on are the records written (not three readers agreeing on nothing)."""
    rows = {t: {r["id"]: r for r in read_duckdb(duck, warehouse, t)} for t in TABLES}
    schemas = {t: {f.name: str(f.field_type) for f in open_catalog(None, warehouse).load_table(t).schema().fields}
               for t in TABLES}
    evolved, decimals, times = rows["r.evolved"], rows["r.decimals"], rows["r.times"]
    assert (evolved[2]["price"], evolved[3]["price_string"], evolved[3]["tags_array_string"]) == (2.5, "n/a", ["x", "3"])
    assert evolved[3]["items"] == [{"sku": "c", "qty": None, "qty_string": "many"}]
    assert evolved[3]["user"]["age_string"] == "old" and evolved[4]["user"] is None and evolved[4]["note"] == "later"
    assert evolved[5]["user"]["address"] == {"city": "Oslo", "zip": [1, 2]}
    assert schemas["r.decimals"]["big"] == "decimal(38, 0)" and schemas["r.money"]["amount"] == "decimal(38, 9)"
    assert str(decimals[1]["big"]) == "123456789012345678901234567890"
    assert str(decimals[1]["neg"]) == "-99999999999999999999999999999999999999"
    assert str(rows["r.money"][4]["amount"]) == "12345678901234567890.123456789"
    assert str(rows["r.money"][5]["amount"]) == "-1E-9"
    assert schemas["r.times"]["ts"] == "timestamptz" and schemas["r.times"]["day"] == "date"
    assert times[2]["ts"] == dt.datetime(1899, 12, 31, 23, 59, 59, 123456) and times[2]["day"] == dt.date(1, 1, 1)
    assert times[3]["ts"] == dt.datetime(2024, 5, 1, 12, 0, 0, 500000)
    assert times[1]["local"] == "2024-05-01T12:00:00+02:00" and schemas["r.times"]["wall"] == "timestamp"
    assert times[5]["wall"] == dt.datetime(2024, 6, 1, 10, 0, 0)
    assert {k: (r["v"], r["v_string"]) for k, r in rows["r.keyed"].items()} == {
        0: (0, None), 1: (None, "one"), 3: (3, None), 5: (55, "55"), 6: (6, "6")}
    assert rows["r.keyed"][5]["kv"] == {"a": 50, "b": [1]}
    assert len(rows["r.parts"]) == 13 and rows["r.parts"][12]["v_string"] == "twelve"
    assert rows["r.parts"][4]["ts"] == dt.datetime(2024, 5, 2, 4)
    assert {k: (r["v"], r["w"]) for k, r in rows["r.maintained"].items()} == {
        0: ("v0", [0]), 1: ("v1", [1]), 2: ("v2", [2]), 9: ("9.5", None)}


def _directories(tbl) -> dict[str, list[int]]:
    """Each data file's partition directories (the path between the write's directory and the file, as on disk)
    -> the ids of its rows."""
    import pyarrow.parquet as pq

    out = {}
    for task in tbl.scan().plan_files():
        path = task.file.file_path.removeprefix("file://").removeprefix("file:")
        below = path.split("/data/", 1)[1].split("/")[1:-1]  # (data/widen-<write>/<directories>/<file>)
        out["/".join(below)] = sorted(out.get("/".join(below), []) + pq.read_table(path).column("id").to_pylist())
    return out


def test_a_partitioned_tables_directories_are_named_as_iceberg_names_them(warehouse):
    """``day(ts), bucket(4, id)`` leaves ``ts_day=2024-05-01/id_bucket_4=3``: each field's name and its value as
    Iceberg's human string; an identity partition of a column is ``country_partition``, its value escaped as Spark
    escapes it, and a value no name can say is named by its hash."""
    from helpers import iceberg_bucket

    parts = _directories(open_catalog(None, warehouse).load_table("r.parts"))
    day = {i: f"2024-05-0{1 + i % 3}" for i in range(12)} | {12: "2024-05-09"}
    expected: dict[str, list[int]] = {}
    for i in range(13):
        expected.setdefault(f"ts_day={day[i]}/id_bucket_4={iceberg_bucket(4, i)}", []).append(i)
    assert parts == expected
    places = _directories(open_catalog(None, warehouse).load_table("r.places"))
    hashed = sorted(ids for d, ids in places.items() if d.startswith("country_partition=__widen_sha256_"))
    assert {d: ids for d, ids in places.items() if "__widen_sha256_" not in d} == {
        "country_partition=fr": [0], "country_partition=a%2Fb%3Ac%253d%3D%3F": [1],
        "country_partition=__HIVE_DEFAULT_PARTITION__": [5]}
    assert hashed == [[2], [3], [4], [6], [7], [8], [9]]


def test_partition_values_read_back_from_directories_are_the_values(warehouse, duck):
    """Each file of the identity partition is committed with its own value, the escaped, hashed and null ones too,
    and a filter on the partition plans the one file."""
    import pyarrow.parquet as pq
    from pyiceberg.expressions import EqualTo

    tbl = open_catalog(None, warehouse).load_table("r.places")
    for task in tbl.scan().plan_files():
        ids = pq.read_table(task.file.file_path.removeprefix("file://").removeprefix("file:")).column("id")
        assert [task.file.partition[0]] == [PLACES[i] for i in ids.to_pylist()]
    for i, country in PLACES.items():
        if country is not None:
            assert [r["id"] for r in tbl.scan(row_filter=EqualTo("country", country)).to_arrow().to_pylist()] == [i]
    assert {r["id"]: r["country"] for r in read_duckdb(duck, warehouse, "r.places")} == PLACES


def test_a_null_list_of_records_reads_as_null_in_widens_reads_and_duckdb(spark, warehouse, duck, capsys):
    """The file holds null for a row without ``items`` (Widen writes no empty array); DuckDB and ``widen.read``
    read null, ``widen show`` shows null, pyiceberg (#3833) reads ``[]``."""
    nulls = [2, 4, 5]  # (``null``, ``[]`` and no field at all: no value, null)
    assert [r["items"] for r in read_duckdb(duck, warehouse, "r.evolved") if r["id"] in nulls] == [None] * 3
    assert [r["items"] for r in read_spark(spark, warehouse, "r.evolved") if r["id"] in nulls] == [None] * 3
    assert [r["items"] for r in read_pyiceberg(warehouse, "r.evolved") if r["id"] in nulls] in ([[]] * 3, [None] * 3)
    assert main(["show", "--warehouse", warehouse, "--table", "r.evolved", "--columns", "id,items",
                 "--format", "json"]) == 0
    shown = {r["id"]: r["items"] for r in map(json.loads, capsys.readouterr().out.splitlines())}
    assert [shown[i] for i in nulls] == [None] * 3
    assert shown[1] == [{"sku": "a", "qty": 1}, {"sku": "b", "qty": 2}] or shown[1][0]["sku"] == "a"
