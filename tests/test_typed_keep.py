"""Typed inputs keep their Iceberg type under the shipped rules (docs/rules-language.md, `typed`): an int, float,
decimal(p, s), date, timestamp without zone or binary column stays as it is, and is changed in place where Iceberg
allows it, before any suffixed column; JSON batches are planned and compiled as under the rules shipped before
typed inputs kept their types (tests/data/types-previous.rules), and a table that records those rules is written
under them until it is migrated."""

from __future__ import annotations

import datetime as dt
from decimal import Decimal
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

import widen
from widen.cli import main
from widen.compiler.iceberg import from_iceberg, iceberg_primitives, to_iceberg
from widen.engine.typed import observe_typed, rules_for
from widen.ingest import open_catalog
from widen.sink import contract

#: the shipped types.rules as it was before typed inputs kept their types, verbatim: what older tables record
PREVIOUS = Path(__file__).parent / "data" / "types-previous.rules"
EVENTS = sorted(str(p) for p in (Path(__file__).resolve().parent.parent / "examples" / "events").glob("*.jsonl"))
QUIET = dict(progress=lambda _: None)


def _planned(rules, batches):
    """The Iceberg schema after typed batches (each a list of (name, Spark type)), and each batch's promotions."""
    schema, promoted = None, []
    for batch in batches:
        columns = [widen.TypedColumn(name, kind) for name, kind in batch]
        r = rules_for(rules, columns, iceberg_primitives(schema) if schema is not None else ())
        current = from_iceberg(schema, r) if schema is not None else widen.TableSchema()
        p = widen.plan(current, observe_typed(columns, r, 1), r)
        promoted.append([str(x) for x in p.promotions])
        schema = to_iceberg(p.schema, r, schema)
    return schema, promoted


@pytest.mark.parametrize("batches, fields, promoted", [
    ([[("n", "int")], [("n", "long")]], ["n: long"], [[], ["n: int -> long"]]),
    ([[("f", "float")], [("f", "double")]], ["f: double"], [[], ["f: float -> double"]]),
    ([[("d", "decimal(5,2)")], [("d", "decimal(7,2)")]], ["d: decimal(7, 2)"], [[], ["d: decimal(5,2) -> decimal(7,2)"]]),
    ([[("d", "decimal(5,2)")], [("d", "decimal(5,3)")]],
     ["d: decimal(5, 2)", "d_decimal_5_3: decimal(5, 3)", "d_string: string"], [[], []]),
    ([[("d", "decimal(5,2)")], [("d", "decimal(7,3)")]],
     ["d: decimal(5, 2)", "d_decimal_7_3: decimal(7, 3)", "d_string: string"], [[], []]),
    ([[("m", "decimal(38,24)"), ("t", "timestamp_ntz"), ("b", "binary"), ("s", "short"), ("dt", "date")]],
     ["m: decimal(38, 24)", "t: timestamp", "b: binary", "s: int", "dt: date"], [[]]),
    ([[("t", "timestamp_ntz")], [("t", "timestamp")]], ["t: timestamp", "t_timestamp: timestamptz", "t_string: string"],
     [[], []]),
    ([[("n", "long")], [("n", "int")]], ["n: long"], [[], []]),
    ([[("f", "double")], [("f", "float")]], ["f: double"], [[], []]),
    # (a decimal(38, 0) is the rules' own `decimal`, a JSON integer's column: one column, not two of one type)
    ([[("h", "decimal(38,0)")], [("h", "decimal(38,0)")]], ["h: decimal(38, 0)"], [[], []]),
    ([[("h", "decimal(20,0)")], [("h", "decimal(38,0)")]], ["h: decimal(38, 0)"], [[], ["h: decimal(20,0) -> decimal"]]),
    ([[("h", "decimal(38,0)")], [("h", "decimal(20,0)")]], ["h: decimal(38, 0)"], [[], []]),
    ([[("h", "long")], [("h", "decimal(38,0)")]], ["h: long", "h_decimal: decimal(38, 0)"], [[], []]),
])
def test_a_typed_column_keeps_its_iceberg_type_and_is_changed_in_place_where_iceberg_allows(batches, fields,
                                                                                          promoted):
    """Under the shipped rules each typed column gets its own Iceberg type; a wider type Iceberg promotes to (int ->
    long, float -> double, a decimal's precision at the same scale) changes the column in place; another one (a
    decimal's scale, a zone added to a timestamp) takes the suffixed column and the common denominator; a narrower
    type is routed into the column."""
    schema, said = _planned(widen.load_rules(), batches)
    assert [f"{f.name}: {f.field_type}" for f in schema.fields] == fields
    assert said == promoted


@pytest.mark.parametrize("mode", ["evolve", "merge", "enforce"])
def test_a_json_batch_is_planned_and_compiled_as_under_the_previous_shipped_rules(mode):
    """The types only typed inputs take are left out of a JSON batch's rules: its plan and its compiled projection
    are those of the rules shipped before typed inputs kept their types, in each mode, for a new table and for one
    the first batch made (a big integer's decimal(38, 0) column among its columns)."""
    as_mode = lambda text: text.replace("\nmode evolve", f"\nmode {mode}", 1)  # noqa: E731
    shipped = widen.load_rules("types.rules", text=as_mode(widen.load_rules().source))
    previous = widen.load_rules("previous.rules", text=as_mode(PREVIOUS.read_text()))
    assert f"mode {mode}" in shipped.source and f"mode {mode}" in previous.source
    lines = [line for path in EVENTS for line in Path(path).read_text().splitlines()]
    lines += ['{"event_id": 20, "big": 123456789012345678901234567890, "price": 1.5e300}']
    made = widen.load_rules()  # (the table is made in evolve mode: enforce adds no column)
    first = widen.plan(widen.TableSchema(), widen.observe_lines(lines[:5] + lines[-1:], made), made)
    assert "big::decimal" in first.schema.notation()
    for table in (widen.TableSchema(), first.schema):
        iceberg = iceberg_primitives(to_iceberg(table, shipped))
        plans = []
        for rules in (shipped, previous):
            r = rules_for(rules, (), iceberg)
            p = widen.plan(table, widen.observe_lines(lines, r), r)
            plans.append((p.schema.notation(), widen.projection_sql(p, r)))
        assert plans[0] == plans[1]


def test_a_decimal_observed_under_rules_not_made_for_it_is_an_error_naming_the_column():
    """A typed decimal observed under the shipped rules as loaded (no instance of the parametric decimal yet) is a
    PlanError naming the column and the way to plan it, not a KeyError; under ``rules_for`` it is planned."""
    rules = widen.load_rules()
    columns = [widen.TypedColumn("price", "decimal(10,2)")]
    with pytest.raises(widen.PlanError, match=r"column 'price': a decimal\(10,2\) column .* rules_for"):
        widen.observe_typed(columns, rules, 1)
    r = rules_for(rules, columns)
    assert widen.plan(widen.TableSchema(), widen.observe_typed(columns, r, 1), r).schema.notation() == \
        "price::decimal(10,2)"


# --- through the public API: typed Parquet and typed DataFrames ------------------------------------------------------

FIRST = {"n": pa.array([1], pa.int32()), "f": pa.array([0.1], pa.float32()),
         "d": pa.array([Decimal("1.25")], pa.decimal128(5, 2)), "s": pa.array([Decimal("1.25")], pa.decimal128(5, 2)),
         "m": pa.array([Decimal("12345678901234.123456789012345678901234")], pa.decimal128(38, 24)),
         "dt": pa.array([dt.date(2024, 2, 29)], pa.date32()),
         "t": pa.array([dt.datetime(2024, 1, 1, 10, 0, 0, 123456)], pa.timestamp("us")),
         "b": pa.array([b"\x00\xff"], pa.binary())}
SECOND = {"n": pa.array([2**40], pa.int64()), "f": pa.array([2.5e300], pa.float64()),
          "d": pa.array([Decimal("12345.67")], pa.decimal128(7, 2)),
          "s": pa.array([Decimal("12.345")], pa.decimal128(5, 3)),
          "m": pa.array([Decimal("-0.000000000000000000000001")], pa.decimal128(38, 24)),
          "dt": pa.array([dt.date(1, 1, 1)], pa.date32()),
          "t": pa.array([dt.datetime(9999, 12, 31, 23, 59, 59, 999999)], pa.timestamp("us")),
          "b": pa.array([bytes(range(256))], pa.binary())}
FIRST_SQL = ("SELECT CAST(1 AS int) AS n, CAST(0.1 AS float) AS f, CAST(1.25 AS decimal(5, 2)) AS d, "
             "CAST(1.25 AS decimal(5, 2)) AS s, CAST('12345678901234.123456789012345678901234' AS decimal(38, 24)) AS m, "
             "DATE'2024-02-29' AS dt, TIMESTAMP_NTZ'2024-01-01 10:00:00.123456' AS t, X'00FF' AS b")
SECOND_SQL = ("SELECT CAST(1099511627776 AS bigint) AS n, CAST(2.5e300 AS double) AS f, "
              "CAST(12345.67 AS decimal(7, 2)) AS d, CAST(12.345 AS decimal(5, 3)) AS s, "
              "CAST('-0.000000000000000000000001' AS decimal(38, 24)) AS m, DATE'0001-01-01' AS dt, "
              "TIMESTAMP_NTZ'9999-12-31 23:59:59.999999' AS t, unhex('" + bytes(range(256)).hex() + "') AS b")
#: the table after both batches: promoted in place where Iceberg allows, a scale change suffixed
FIELDS = ["n: long", "f: double", "d: decimal(7, 2)", "s: decimal(5, 2)", "m: decimal(38, 24)", "dt: date",
          "t: timestamp", "b: binary", "s_decimal_5_3: decimal(5, 3)", "s_string: string"]
PROMOTED = ["n: int -> long", "f: float -> double", "d: decimal(5,2) -> decimal(7,2)"]


def _read_back(warehouse: str, table: str) -> list[dict]:
    tbl = open_catalog(None, warehouse).load_table(table)
    assert [f"{f.name}: {f.field_type}" for f in tbl.schema().fields] == FIELDS
    return sorted(tbl.scan().to_arrow().to_pylist(), key=lambda r: r["n"])


def _assert_exact(rows: list[dict]) -> None:
    """Each value of both batches, read back exactly from its column."""
    first, second = rows
    assert (first["n"], second["n"]) == (1, 2**40)
    assert (first["f"], second["f"]) == (0.10000000149011612, 2.5e300)  # the float's own value, as a double
    assert (first["d"], second["d"]) == (Decimal("1.25"), Decimal("12345.67"))
    assert (first["s"], first["s_decimal_5_3"]) == (Decimal("1.25"), None)
    assert (second["s"], second["s_decimal_5_3"]) == (None, Decimal("12.345"))
    assert (first["m"], second["m"]) == (Decimal("12345678901234.123456789012345678901234"),
                                         Decimal("-0.000000000000000000000001"))
    assert (first["dt"], second["dt"]) == (dt.date(2024, 2, 29), dt.date(1, 1, 1))
    assert (first["t"], second["t"]) == (dt.datetime(2024, 1, 1, 10, 0, 0, 123456),
                                         dt.datetime(9999, 12, 31, 23, 59, 59, 999999))
    assert (first["b"], second["b"]) == (b"\x00\xff", bytes(range(256)))


@pytest.mark.spark
def test_typed_parquet_keeps_its_types_and_promotes_in_place_under_the_default_rules(spark, tmp_path, capsys):
    """`widen ingest --format parquet` with no --rules: int, float and decimal(5, 2) columns are changed in place to
    long, double and decimal(7, 2) by a second file; a decimal(5, 2) column given decimal(5, 3) data (a scale
    change Iceberg does not allow in place) gets s_decimal_5_3; a decimal(38, 24), date, zone-less timestamp and
    binary column keep their types; every value reads back exactly."""
    first, second = tmp_path / "p1.parquet", tmp_path / "p2.parquet"
    pq.write_table(pa.table(FIRST), first)
    pq.write_table(pa.table(SECOND), second)
    warehouse = str(tmp_path / "wh")
    base = ["ingest", "--warehouse", warehouse, "--table", "t.typed", "--format", "parquet"]
    assert main([*base, str(first)]) == 0
    assert main([*base, str(second)]) == 0
    assert "changed in place: " + ", ".join(PROMOTED) in capsys.readouterr().out
    _assert_exact(_read_back(warehouse, "t.typed"))


@pytest.mark.spark
def test_typed_dataframes_keep_their_types_and_promote_in_place_under_the_default_rules(spark, tmp_path):
    """`widen.write` of typed DataFrames with no rules does what the Parquet ingest does: the same columns, the
    same promotions in place, every value read back exactly."""
    warehouse = str(tmp_path / "wh")
    widen.write(spark.sql(FIRST_SQL), "t.frames", warehouse=warehouse, **QUIET)
    report = widen.write(spark.sql(SECOND_SQL), "t.frames", warehouse=warehouse, **QUIET)
    assert report.promoted == PROMOTED and report.fields_added == ["s_decimal_5_3", "s_string"]
    _assert_exact(_read_back(warehouse, "t.frames"))


@pytest.mark.spark
def test_a_table_recorded_under_the_previous_shipped_rules_keeps_them_until_migrated(spark, tmp_path, capsys):
    """A table whose record is the previous shipped types.rules (typed decimals as doubles) is written under those
    rules when no rules are named; naming the shipped rules is refused with the way out (`widen migrate`), and
    once migrated the table's next typed decimal keeps its type beside the double column."""
    warehouse = str(tmp_path / "wh")
    previous = widen.load_rules(PREVIOUS)
    widen.write(spark.sql("SELECT CAST(1.25 AS decimal(5, 2)) AS d"), "t.old", warehouse=warehouse, rules=previous,
                **QUIET)
    tbl = open_catalog(None, warehouse).load_table("t.old")
    with tbl.transaction() as tx:  # (what the previous version recorded: the shipped file's name)
        tx.set_properties({contract.NAME: "types.rules"})
    sha = contract.digest(PREVIOUS.read_text())
    assert contract.recorded(open_catalog(None, warehouse).load_table("t.old").properties).sha256 == sha

    report = widen.write(spark.sql("SELECT CAST(2.5 AS decimal(5, 2)) AS d"), "t.old", warehouse=warehouse, **QUIET)
    assert report.fields_added == []
    tbl = open_catalog(None, warehouse).load_table("t.old")
    assert [f"{f.name}: {f.field_type}" for f in tbl.schema().fields] == ["d: double"]
    assert [h[2:] for h in contract.history(tbl)][-1] == ("types.rules", sha)

    parquet = tmp_path / "d.parquet"
    pq.write_table(pa.table({"d": pa.array([Decimal("3.75")], pa.decimal128(5, 2))}), parquet)
    base = ["ingest", "--warehouse", warehouse, "--table", "t.old", "--format", "parquet", str(parquet)]
    capsys.readouterr()
    assert main([*base, "--rules", "types"]) == 2  # (input that cannot be used: nothing written)
    err = capsys.readouterr().err
    assert "types.rules as an earlier Widen shipped it" in err
    assert "widen migrate --table t.old --rules types" in err and "leave --rules out" in err
    assert "Nothing was written" in err and "-   72: typed decimal -> long | decimal | double | string" in err
    assert "+   72: typed decimal -> numeric" in err and "+  116: on wider promote where in_place" in err

    assert main(["migrate", "--warehouse", warehouse, "--table", "t.old", "--rules", "types"]) == 0
    assert main(base) == 0
    tbl = open_catalog(None, warehouse).load_table("t.old")
    assert [f"{f.name}: {f.field_type}" for f in tbl.schema().fields] == \
        ["d: double", "d_decimal_5_2: decimal(5, 2)", "d_string: string"]
    rows = tbl.scan().to_arrow().to_pylist()
    assert sorted(r["d"] for r in rows if r["d"] is not None) == [1.25, 2.5]
    assert [r["d_decimal_5_2"] for r in rows if r["d_decimal_5_2"] is not None] == [Decimal("3.75")]


def test_only_the_text_an_earlier_widen_shipped_is_labelled_so():
    """A table recording the previous shipped types.rules is told apart from one recording a user's edited copy
    saved under the same name: only the first is "as an earlier Widen shipped it"."""
    previous = PREVIOUS.read_text()
    edited = widen.load_rules().source.replace("mode evolve", "mode merge")
    assert edited != widen.load_rules().source
    label = lambda text: contract.Recorded(contract.digest(text), "types.rules", text).label()  # noqa: E731
    assert "as an earlier Widen shipped it" in label(previous)
    assert "earlier" not in label(edited)
