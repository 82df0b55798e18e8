"""Typed inputs that keep their Iceberg type (tests/data/typed.rules, docs/rules-language.md): an int, float or
decimal(p, s) column stays as it is, and is changed in place where Iceberg allows it, before any suffixed column;
JSON batches are planned and compiled as under the shipped rules."""

from __future__ import annotations

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

TYPED = str(Path(__file__).parent / "data" / "typed.rules")
EVENTS = sorted(str(p) for p in (Path(__file__).resolve().parent.parent / "examples" / "events").glob("*.jsonl"))


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
    ([[("d", "decimal(5,2)")], [("d", "decimal(7,3)")]],
     ["d: decimal(5, 2)", "d_decimal_7_3: decimal(7, 3)", "d_string: string"], [[], []]),
    ([[("m", "decimal(38,24)"), ("t", "timestamp_ntz"), ("b", "binary"), ("s", "short")]],
     ["m: decimal(38, 24)", "t: timestamp", "b: binary", "s: int"], [[]]),
    ([[("n", "long")], [("n", "int")]], ["n: long"], [[], []]),
])
def test_a_typed_column_keeps_its_iceberg_type_and_is_changed_in_place_where_iceberg_allows(batches, fields,
                                                                                          promoted):
    """Under typed.rules each typed column gets its own Iceberg type; a wider type Iceberg promotes to (int -> long,
    float -> double, a decimal's precision at the same scale) changes the column in place; another one takes the
    suffixed column and the common denominator; a narrower type is routed into the column."""
    schema, said = _planned(widen.load_rules(TYPED), batches)
    assert [f"{f.name}: {f.field_type}" for f in schema.fields] == fields
    assert said == promoted


def test_a_json_batch_is_planned_and_compiled_as_under_the_shipped_rules():
    """The types only typed inputs take are left out of a JSON batch's rules: its plan and its compiled projection
    are those of the shipped rules, for a new table and for one the first batch made."""
    shipped, typed = widen.load_rules(), widen.load_rules(TYPED)
    lines = [line for path in EVENTS for line in Path(path).read_text().splitlines()]
    assert lines
    for table in (widen.TableSchema(), widen.plan(widen.TableSchema(), widen.observe_lines(lines[:5], shipped),
                                                   shipped).schema):
        iceberg = iceberg_primitives(to_iceberg(table, shipped))
        plans = []
        for rules in (shipped, typed):
            r = rules_for(rules, (), iceberg)
            p = widen.plan(table, widen.observe_lines(lines, r), r)
            plans.append((p.schema.notation(), widen.projection_sql(p, r)))
        assert plans[0] == plans[1]


@pytest.mark.spark
def test_parquet_and_dataframes_keep_their_types_and_promote_in_place(spark, tmp_path, capsys):
    """`widen ingest --format parquet --rules typed.rules`: an int column then a long one leave one long column,
    changed in place, and a decimal(5, 2) then a decimal(7, 2) one decimal(7, 2) column; `widen.write` of typed
    DataFrames does the same, and a decimal(38, 24) column stays one."""
    first, second = tmp_path / "p1.parquet", tmp_path / "p2.parquet"
    pq.write_table(pa.table({"n": pa.array([1], pa.int32()), "d": pa.array([Decimal("1.25")], pa.decimal128(5, 2))}),
                   first)
    pq.write_table(pa.table({"n": pa.array([2**40], pa.int64()),
                             "d": pa.array([Decimal("12345.67")], pa.decimal128(7, 2))}), second)
    warehouse = str(tmp_path / "wh")
    base = ["ingest", "--warehouse", warehouse, "--table", "t.typed", "--format", "parquet", "--rules", TYPED]
    assert main([*base, str(first)]) == 0
    assert main([*base, str(second)]) == 0
    assert "changed in place: n: int -> long, d: decimal(5,2) -> decimal(7,2)" in capsys.readouterr().out
    tbl = open_catalog(None, warehouse).load_table("t.typed")
    assert [f"{f.name}: {f.field_type}" for f in tbl.schema().fields] == ["n: long", "d: decimal(7, 2)"]
    rows = tbl.scan().to_arrow()
    assert sorted(rows.column("n").to_pylist()) == [1, 2**40]
    assert sorted(rows.column("d").to_pylist()) == [Decimal("1.25"), Decimal("12345.67")]

    rules = widen.load_rules(TYPED)
    quiet = dict(warehouse=warehouse, progress=lambda _: None, rules=rules)
    widen.write(spark.sql("SELECT CAST(1 AS int) AS n, CAST(1.5 AS decimal(38, 24)) AS m"), "t.frames", **quiet)
    report = widen.write(spark.sql("SELECT CAST(7 AS bigint) AS n, CAST(2.5 AS decimal(38, 24)) AS m"), "t.frames",
                         **quiet)
    assert report.promoted == ["n: int -> long"] and report.fields_added == []
    tbl = open_catalog(None, warehouse).load_table("t.frames")
    assert [f"{f.name}: {f.field_type}" for f in tbl.schema().fields] == ["n: long", "m: decimal(38, 24)"]
