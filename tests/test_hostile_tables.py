"""A table's metadata is written by anyone with write access to it, not only by Widen: what a table holds (its
properties, its column names and docs) never runs code in the next writer, never sends it outside the table's own
files, and never breaks out of the SQL Widen prints. docs/guarantees.md, "Security"."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import sqlglot

import widen
from widen.sink.catalog import open_catalog
from widen.cli import main
from widen.compiler.condition import parse
from widen.errors import InputError

ACCEPTED = [
    "op = 'd'",
    "op == 'd' OR deleted IS NOT NULL",
    "NOT (op <> 'd') AND ts > 3",
    "op IN ('d', 'x') AND n NOT IN (1, -2.5)",
    "lower(trim(op)) LIKE 'd%' OR upper(op) ILIKE 'X'",
    "coalesce(op, 'u') = 'd' AND length(op) BETWEEN 1 AND 3 AND abs(n) >= 1e0",
    "`o p` <=> NULL",
    "after.op = 'd'",
    "deleted = TRUE",
]

REFUSED = [
    ("op = 'd' OR reflect('java.lang.System', 'exit', 42) IS NULL", "REFLECT("),
    ("java_method('java.lang.System', 'exit', 42) = 1", "JAVA_METHOD("),
    ("op = 'd' OR my_udf(op)", "MY_UDF(op)"),
    ("op IN (SELECT op FROM other)", "SELECT"),
    ("(SELECT 1) = 1", "SELECT"),
    ("CAST(op AS INT) = 1", "CAST("),
    ("n + 1 > 2", "n + 1"),
    ("op = 'd'; DROP TABLE t", "more than one expression"),
    ("op = = 'd'", "does not parse"),
    ("tags[0] = 'd'", "tags[0]"),
    ("${var} = 1", "${var}"),
    ("  ", "is empty"),
]


@pytest.mark.parametrize("text", ACCEPTED)
def test_a_condition_of_the_grammar_is_accepted(text):
    assert parse(text, "--delete-when").text == text


@pytest.mark.parametrize("text, named", REFUSED)
def test_a_condition_outside_the_grammar_is_refused_in_one_line(text, named):
    with pytest.raises(InputError) as caught:
        parse(text, "--delete-when")
    message = str(caught.value)
    assert message.startswith("--delete-when") and named in message and "\n" not in message, message


@pytest.mark.spark
def test_the_grammar_means_what_spark_sql_means(spark):
    """Each accepted condition, built node by node, selects the rows Spark SQL's own reading of the text does."""
    from pyspark.sql import functions as F

    rows = [("d", None, 1, -2.5, True, "d"), ("D ", "x", 4, 1.0, False, None), (None, None, None, None, None, "u"),
            ("x", "y", 2, -1.0, None, "d"), ("dd", None, 5, 3.0, True, "x")]
    frame = spark.createDataFrame(rows, "op string, deleted string, ts int, n double, b boolean, inner string")
    frame = frame.withColumn("o p", F.col("op")).withColumn("after", F.struct(F.col("inner").alias("op")))
    frame = frame.withColumn("deleted", F.col("b"))
    for text in ACCEPTED:
        ours = frame.select(F.coalesce(parse(text, "t").column().cast("string"), F.lit("null")).alias("r"))
        sqls = frame.select(F.coalesce(F.expr(text).cast("string"), F.lit("null")).alias("r"))
        assert [r.r for r in ours.collect()] == [r.r for r in sqls.collect()], text


def _write(path: Path, records: list) -> Path:
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return path


@pytest.fixture
def keyed_table(spark, tmp_path):
    """A keyed table with a delete rule and a delete remembered, and a next batch for it."""
    warehouse = str(tmp_path / "wh")
    first = _write(tmp_path / "c1.jsonl", [{"id": 1, "op": "c", "ts": 1}, {"id": 2, "op": "d", "ts": 1}])
    widen.ingest([str(first)], "k.s", warehouse=warehouse, spark=spark, progress=lambda m: None, key="id",
                 order_by="ts", delete_when="op = 'd'")
    return warehouse, _write(tmp_path / "c2.jsonl", [{"id": 3, "op": "c", "ts": 2}])


def _planted(warehouse: str, **props) -> int:
    table = open_catalog(None, warehouse).load_table("k.s")
    with table.transaction() as tx:
        tx.set_properties(props)
    return open_catalog(None, warehouse).load_table("k.s").current_snapshot().snapshot_id


@pytest.mark.spark
def test_a_stored_condition_that_calls_java_runs_nothing_and_is_refused_before_any_work(spark, keyed_table, capsys):
    warehouse, batch = keyed_table
    planted = "op = 'd' OR reflect('java.lang.System', 'setProperty', 'widen.planted', 'ran') IS NULL"
    before = _planted(warehouse, **{"widen.key.delete-when": planted})
    code = main(["ingest", "--warehouse", warehouse, "--table", "k.s", str(batch)])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err, err
    said = [line for line in err.splitlines() if "widen.key.delete-when" in line]
    assert len(said) == 1 and "REFLECT(" in said[0] and "k.s" in said[0], err
    assert spark.sparkContext._jvm.java.lang.System.getProperty("widen.planted") is None
    assert open_catalog(None, warehouse).load_table("k.s").current_snapshot().snapshot_id == before


@pytest.mark.spark
def test_a_delete_rule_that_calls_java_is_refused_before_any_table_is_made(spark, tmp_path, capsys):
    warehouse = str(tmp_path / "wh")
    batch = _write(tmp_path / "c1.jsonl", [{"id": 1, "op": "d"}])
    code = main(["ingest", "--warehouse", warehouse, "--table", "k.s", "--key", "id", "--delete-when",
                 "java_method('java.lang.System', 'setProperty', 'widen.planted', 'ran') IS NULL", str(batch)])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err and "--delete-when" in err and "JAVA_METHOD(" in err, err
    assert not open_catalog(None, warehouse).table_exists("k.s")
    with pytest.raises(InputError, match="--delete-when"):
        widen.write(spark.createDataFrame([('{"id": 1}',)], "value string"), "k.s", warehouse=warehouse, key="id",
                    delete_when="reflect('java.lang.Thread', 'sleep', 1) IS NULL", progress=lambda m: None)
    assert spark.sparkContext._jvm.java.lang.System.getProperty("widen.planted") is None


@pytest.mark.spark
@pytest.mark.parametrize("prop", ["widen.key.tombstones", "widen.ledger"])
def test_a_property_that_names_a_path_outside_the_tables_files_is_refused(keyed_table, tmp_path, capsys, prop):
    warehouse, batch = keyed_table
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    before = _planted(warehouse, **{prop: str(elsewhere)})
    code = main(["ingest", "--warehouse", warehouse, "--table", "k.s", str(batch)])
    err = capsys.readouterr().err
    assert code == 2 and "Traceback" not in err, err
    said = [line for line in err.splitlines() if prop in line]
    assert len(said) == 1 and str(elsewhere) in said[0] and "metadata" in said[0], err
    assert open_catalog(None, warehouse).load_table("k.s").current_snapshot().snapshot_id == before


@pytest.mark.spark
def test_a_column_name_or_doc_cannot_end_a_comment_of_the_printed_sql(spark, tmp_path, capsys):
    from pyiceberg.types import StringType

    warehouse = str(tmp_path / "wh")
    widen.ingest([str(_write(tmp_path / "b.jsonl", [{"id": 1}]))], "d.t", warehouse=warehouse, spark=spark,
                 progress=lambda m: None)
    table = open_catalog(None, warehouse).load_table("d.t")
    with table.update_schema() as update:
        update.add_column(("x\nDROP TABLE t; --",), StringType(), doc="a doc\nDROP TABLE t;")
    assert main(["compile", "--warehouse", warehouse, "--table", "d.t"]) == 0
    out = capsys.readouterr().out
    statements = sqlglot.parse(out, read="spark")
    assert "DROP" in out and len(statements) == 1 and isinstance(statements[0], sqlglot.exp.Query), out
    schema = tmp_path / "schema.json"
    schema.write_text(open_catalog(None, warehouse).load_table("d.t").schema().model_dump_json())
    assert main(["plan", "--explain", "--schema", str(schema), str(tmp_path / "b.jsonl")]) == 0
    out = capsys.readouterr().out
    assert not any(line.lstrip().upper().startswith("DROP") for line in out.splitlines()), out


def test_a_storage_hint_that_is_not_a_type_of_the_rules_is_ignored(rules):
    from pyiceberg.schema import Schema
    from pyiceberg.types import LongType, NestedField

    from widen.compiler.iceberg import TYPES_PROPERTY, from_iceberg, read_hints

    schema = Schema(NestedField(1, "n", LongType(), required=False))
    planted = {TYPES_PROPERTY: json.dumps({"1": "long) OR reflect('java.lang.System', 'exit', 1"})}
    assert from_iceberg(schema, rules, read_hints(planted)) == from_iceberg(schema, rules)
    assert read_hints({TYPES_PROPERTY: "not json"}) == {}
