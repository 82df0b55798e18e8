"""Table names: a name that collides with Widen's own tables (``<table>__rescued``) is refused before any work, in
one line; a name Spark SQL reads only quoted (``ns.t-1``, ``bad name.t``) is quoted wherever it reaches SQL, so
``widen view`` prints SQL that runs and ``widen.folded`` registers its views."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import widen
from widen.sink.catalog import open_catalog
from widen.cli import main
from widen.errors import InputError
from widen.inspect.stats import view_sql


def quiet(_):
    pass


def _write(path: Path, records: list) -> str:
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return str(path)


@pytest.mark.parametrize("table", ["ns.t__rescued", "ns.T__Rescued"])
def test_a_name_of_widens_own_rescued_table_is_refused_before_any_work(tmp_path, capsys, table):
    warehouse = str(tmp_path / "wh")
    batch = _write(tmp_path / "b.jsonl", [{"a": 1}])
    assert main(["ingest", "--warehouse", warehouse, "--table", table, batch]) == 2
    err = capsys.readouterr().err
    assert len(err.strip().splitlines()) == 1 and "__rescued" in err and "Traceback" not in err, err
    assert f"--table {table}" in err
    with pytest.raises(InputError, match="rescued lines"):
        widen.ingest([batch], table, warehouse=warehouse, progress=quiet)
    assert not (Path(warehouse) / "catalog.db").exists() or open_catalog(None, warehouse).list_namespaces() == []


def test_a_rescued_tables_name_is_refused_before_spark_starts(tmp_path, monkeypatch):
    """In the CLI's own process Spark starts beside the work once the checks that need no table pass: a name of
    Widen's own tables is one of those checks, so its refusal starts no JVM; any other name goes on to the start."""
    from widen.cli import tables
    from widen.cli.args import parser

    class Started(Exception):
        pass

    def start_early(*_):
        raise Started

    monkeypatch.setattr(tables, "start_early", start_early)
    batch = _write(tmp_path / "b.jsonl", [{"a": 1}])
    for table, outcome in (("ns.t__rescued", InputError), ("ns.t", Started)):
        args = parser().parse_args(["ingest", "--warehouse", str(tmp_path / "wh"), "--table", table, batch])
        args.own_process = True
        with pytest.raises(outcome):
            tables.run_ingest(args)


@pytest.mark.spark
def test_a_dataframe_into_a_rescued_tables_name_is_refused_and_the_rescued_table_still_reads(spark, tmp_path):
    warehouse = str(tmp_path / "wh")
    frame = spark.createDataFrame([('{"a": 1}',), ("not json",)], "value string")
    with pytest.raises(InputError, match="ns.t__rescued"):
        widen.write(frame, "ns.t__rescued", json_column="value", warehouse=warehouse, progress=quiet)
    widen.write(frame, "ns.t", json_column="value", warehouse=warehouse, progress=quiet)
    rescued = widen.read(spark, "ns.t__rescued", warehouse=warehouse).collect()  # (reading it is fine)
    assert [r.raw for r in rescued] == ["not json"]


def test_view_sql_quotes_the_tables_name():
    schema = _schema()
    rules = widen.load_rules()
    assert view_sql("ns.t-1", schema, rules).endswith("\nFROM `ns`.`t-1`")
    assert view_sql("bad name.t", schema, rules).endswith("\nFROM `bad name`.`t`")
    assert view_sql("ns.t`x", schema, rules).endswith("\nFROM `ns`.`t``x`")
    assert view_sql("`my view`", schema, rules).endswith("\nFROM `my view`")  # (a name quoted already)
    assert "VIEW `ns_t-1_folded` AS" in view_sql("ns.t-1", schema, rules)


def _schema():
    from pyiceberg.schema import Schema
    from pyiceberg.types import LongType, NestedField, StringType

    return Schema(NestedField(1, "price", LongType(), required=False),
                  NestedField(2, "price_string", StringType(), required=False, doc="evolved_from:price"))


@pytest.mark.spark
@pytest.mark.parametrize("table", ["ns.t-1", "bad name.t"])
def test_widen_view_and_folded_work_with_a_name_spark_reads_only_quoted(spark, tmp_path, capsys, table):
    warehouse = str(tmp_path / "wh")
    frame = spark.createDataFrame([('{"price": 10}',), ('{"price": "n/a"}',)], "value string")
    widen.write(frame, table, json_column="value", warehouse=warehouse, progress=quiet)
    folded = widen.folded(spark, table, warehouse=warehouse)
    assert sorted(r.price for r in folded.collect()) == ["10", "n/a"]
    assert main(["view", "--warehouse", warehouse, "--table", table]) == 0
    sql = capsys.readouterr().out
    namespace, name = table.split(".")
    assert sql.rstrip().endswith(f"FROM `{namespace}`.`{name}`"), sql
    # the printed SQL parses (the Iceberg runtime's catalog resolves the table)
    spark._jsparkSession.sessionState().sqlParser().parsePlan(sql)
