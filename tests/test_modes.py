"""The Delta Lake page's rules, one test each, on the page's own loans example (``addr_state``, ``count``,
``amount``), through the Python API (``widen.write``) and the CLI (``widen ingest --format parquet``), with
the shipped ``rules/delta.rules``; and typed inputs in evolve mode with the default rules."""

from __future__ import annotations

import datetime as dt
import json
from decimal import Decimal

import pytest

import widen
from widen.cli import main
from widen.compiler.iceberg import TYPES_PROPERTY
from widen.ingest import open_catalog, write
from widen.engine.modes import SchemaMismatch

pytestmark = pytest.mark.spark


@pytest.fixture(scope="module")
def delta():
    return widen.load_rules("delta")


@pytest.fixture()
def wh(tmp_path):
    return str(tmp_path / "wh")


def quiet(_):
    pass


def table(wh, name="db.loans"):
    return open_catalog(None, wh).load_table(name)


def snapshots(wh, name="db.loans"):
    t = table(wh, name)
    return [s.snapshot_id for s in t.snapshots()], str(t.schema()), t.metadata_location


def rows(wh, name="db.loans"):
    out = table(wh, name).scan().to_arrow().to_pylist()
    return sorted(out, key=lambda r: json.dumps(r, sort_keys=True, default=str))


def loans(spark, sql_select: str, values: str = "('CA', 10), ('NY', 5)"):
    """The page's loans DataFrame: ``loan_by_state`` rows shaped by a SELECT."""
    spark.sql(f"SELECT * FROM VALUES {values} AS t(addr_state, count)").createOrReplaceTempView("loan_by_state")
    return spark.sql(sql_select + " FROM loan_by_state")


ORIGINAL = "SELECT addr_state, CAST(count AS int) AS count"
WITH_AMOUNT = "SELECT addr_state, CAST(count AS int) AS count, CAST(count * 1000.5 AS double) AS amount"


def created(spark, delta, wh, select=ORIGINAL, **kw):
    write(loans(spark, select), "db.loans", rules=delta, warehouse=wh, progress=quiet, **kw)
    return snapshots(wh)


# --- the first write defines the schema, in any mode ----------------------------------------------------------------
@pytest.mark.parametrize("mode", ["enforce", "merge", "overwrite", "evolve"])
def test_first_write_creates_the_table_from_the_batch_in_any_mode(spark, delta, wh, mode):
    write(loans(spark, ORIGINAL), "db.loans", rules=delta, warehouse=wh, mode=mode, progress=quiet)
    t = table(wh)
    assert [(f.name, str(f.field_type)) for f in t.schema().fields] == [("addr_state", "string"), ("count", "int")]
    assert rows(wh) == [{"addr_state": "CA", "count": 10}, {"addr_state": "NY", "count": 5}]


# --- enforce ------------------------------------------------------------------------------------------------------
def test_enforce_rejects_an_additional_column_showing_both_schemas_and_writes_nothing(spark, delta, wh):
    before = created(spark, delta, wh)
    with pytest.raises(SchemaMismatch) as err:
        write(loans(spark, WITH_AMOUNT), "db.loans", rules=delta, warehouse=wh, progress=quiet)
    text = str(err.value)
    assert "Table schema" in text and "Data schema" in text
    marked = [line for line in text.splitlines() if line.startswith("!")]
    assert len(marked) == 1 and "amount: double" in marked[0] and "not in the table" in marked[0]
    assert any(line.startswith("  addr_state: string") for line in text.splitlines())
    assert "--mode merge" in text and err.value.accepted_by == "merge"
    assert snapshots(wh) == before  # no snapshot, no schema change, same metadata file
    assert not open_catalog(None, wh).table_exists("db.loans__rescued")


def test_enforce_rejects_a_type_that_differs(spark, delta, wh):
    before = created(spark, delta, wh)
    with pytest.raises(SchemaMismatch) as err:
        write(loans(spark, "SELECT addr_state, CAST(count AS string) AS count"), "db.loans", rules=delta,
              warehouse=wh, progress=quiet)
    marked = [line for line in str(err.value).splitlines() if line.startswith("!")]
    assert len(marked) == 1 and "count: int" in marked[0] and "count: string" in marked[0]
    assert "type differs" in marked[0]
    assert err.value.accepted_by == "overwrite"  # merge refuses it too: only an overwrite changes the type
    assert snapshots(wh) == before


def test_enforce_rejects_a_narrower_type_too(spark, delta, wh):
    before = created(spark, delta, wh, "SELECT addr_state, CAST(count AS bigint) AS count")
    with pytest.raises(SchemaMismatch, match="narrower"):
        write(loans(spark, ORIGINAL), "db.loans", rules=delta, warehouse=wh, progress=quiet)
    assert snapshots(wh) == before


def test_enforce_writes_columns_the_batch_lacks_as_null(spark, delta, wh):
    created(spark, delta, wh)
    write(loans(spark, "SELECT addr_state", "('TX', 1)"), "db.loans", rules=delta, warehouse=wh, progress=quiet)
    assert {"addr_state": "TX", "count": None} in rows(wh)
    assert len(rows(wh)) == 3


def test_enforce_accepts_a_matching_batch(spark, delta, wh):
    before = created(spark, delta, wh)
    write(loans(spark, ORIGINAL), "db.loans", rules=delta, warehouse=wh, progress=quiet)
    assert len(snapshots(wh)[0]) == len(before[0]) + 1 and snapshots(wh)[1] == before[1]


# --- merge ---------------------------------------------------------------------------------------------------------
def test_merge_adds_new_columns_at_the_end(spark, delta, wh):
    created(spark, delta, wh)
    report = write(loans(spark, WITH_AMOUNT, "('CA', 2)"), "db.loans", rules=delta, warehouse=wh, mode="merge",
                   progress=quiet)
    assert report.fields_added == ["amount"]
    assert [f.name for f in table(wh).schema().fields] == ["addr_state", "count", "amount"]
    assert {"addr_state": "CA", "count": 2, "amount": 2001.0} in rows(wh)
    assert {"addr_state": "NY", "count": 5, "amount": None} in rows(wh)


def test_merge_adds_nested_fields_at_the_end_of_their_struct(spark, delta, wh):
    created(spark, delta, wh, "SELECT addr_state, named_struct('city', 'LA', 'zip', 1) AS addr")
    write(loans(spark, "SELECT addr_state, named_struct('street', 'Main', 'city', 'SF') AS addr", "('CA', 1)"),
          "db.loans", rules=delta, warehouse=wh, mode="merge", progress=quiet)
    addr = table(wh).schema().find_field("addr").field_type
    assert [f.name for f in addr.fields] == ["city", "zip", "street"]
    assert {"addr_state": "CA", "addr": {"city": "SF", "zip": None, "street": "Main"}} in rows(wh)


def test_merge_null_type_to_any_type(spark, delta, wh):
    # a null-typed column defines nothing; once it has a type it is a new column, which merge adds
    created(spark, delta, wh, "SELECT addr_state, CAST(count AS int) AS count, NULL AS amount")
    assert [f.name for f in table(wh).schema().fields] == ["addr_state", "count"]
    write(loans(spark, "SELECT addr_state, NULL AS count"), "db.loans", rules=delta, warehouse=wh, progress=quiet)
    write(loans(spark, WITH_AMOUNT, "('CA', 2)"), "db.loans", rules=delta, warehouse=wh, mode="merge",
          progress=quiet)
    assert str(table(wh).schema().find_field("amount").field_type) == "double"
    assert {"addr_state": "NY", "count": None, "amount": None} in rows(wh)


def test_merge_upcasts_byte_short_int_in_place_and_enforce_refuses_them(spark, delta, wh):
    created(spark, delta, wh, "SELECT addr_state, CAST(count AS tinyint) AS count")
    t = table(wh)
    count_id = t.schema().find_field("count").field_id
    assert json.loads(t.properties[TYPES_PROPERTY]) == {str(count_id): "byte"}
    # the same byte data again matches (the property keeps it a byte column, though Iceberg stores an int)
    write(loans(spark, "SELECT addr_state, CAST(count AS tinyint) AS count"), "db.loans", rules=delta,
          warehouse=wh, progress=quiet)
    before = snapshots(wh)
    with pytest.raises(SchemaMismatch, match="wider"):
        write(loans(spark, "SELECT addr_state, CAST(count AS smallint) AS count"), "db.loans", rules=delta,
              warehouse=wh, progress=quiet)
    assert snapshots(wh) == before
    for spark_type, name in (("smallint", "short"), ("int", "int")):
        report = write(loans(spark, f"SELECT addr_state, CAST(count AS {spark_type}) AS count", "('TX', 300)"),
                       "db.loans", rules=delta, warehouse=wh, mode="merge", progress=quiet)
        assert report.promoted and report.fields_added == []
        assert json.loads(table(wh).properties[TYPES_PROPERTY]).get(str(count_id)) == (
            None if name == "int" else name)
    assert str(table(wh).schema().find_field("count").field_type) == "int"
    assert [r["count"] for r in rows(wh) if r["addr_state"] == "TX"] == [300, 300]


def test_merge_makes_icebergs_in_place_promotions(spark, delta, wh):
    created(spark, delta, wh, "SELECT addr_state, CAST(count AS int) AS count, CAST(1.5 AS float) AS rate, "
                              "CAST(count AS decimal(10, 2)) AS amount")
    write(loans(spark, "SELECT addr_state, CAST(count AS bigint) * 1000000000000 AS count, "
                       "CAST(2.25 AS double) AS rate, CAST(12345678901.25 AS decimal(13, 2)) AS amount", "('TX', 7)"),
          "db.loans", rules=delta, warehouse=wh, mode="merge", progress=quiet)
    s = table(wh).schema()
    assert [(f.name, str(f.field_type)) for f in s.fields] == [
        ("addr_state", "string"), ("count", "long"), ("rate", "double"), ("amount", "decimal(13, 2)")]
    assert {"addr_state": "TX", "count": 7000000000000, "rate": 2.25,
            "amount": Decimal("12345678901.25")} in rows(wh)
    assert {"addr_state": "CA", "count": 10, "rate": 1.5, "amount": Decimal("10.00")} in rows(wh)


def test_merge_refuses_date_to_timestamp_on_a_v2_table_and_other_changes(spark, delta, wh):
    before = created(spark, delta, wh, "SELECT addr_state, DATE'2024-01-01' AS opened")
    with pytest.raises(SchemaMismatch, match="format v3 tables only"):
        write(loans(spark, "SELECT addr_state, TIMESTAMP'2024-01-01 10:00:00' AS opened"), "db.loans",
              rules=delta, warehouse=wh, mode="merge", progress=quiet)
    with pytest.raises(SchemaMismatch, match="date -> string is not a change the rules make in place"):
        write(loans(spark, "SELECT addr_state, 'yesterday' AS opened"), "db.loans", rules=delta, warehouse=wh,
              mode="merge", progress=quiet)
    with pytest.raises(SchemaMismatch, match="incompatible: data has boolean"):
        write(loans(spark, "SELECT true AS opened"), "db.loans",
              rules=widen.load_rules("delta").with_mode("merge"), warehouse=wh, progress=quiet)
    assert snapshots(wh) == before


def test_auto_merge_switch_turns_enforce_into_merge_and_says_so(spark, delta, wh, monkeypatch):
    created(spark, delta, wh)
    said = []
    monkeypatch.setenv("WIDEN_AUTO_MERGE", "true")
    report = write(loans(spark, WITH_AMOUNT), "db.loans", rules=delta, warehouse=wh, progress=said.append)
    assert report.mode == "merge" and report.fields_added == ["amount"]
    assert any("auto-merge is on (WIDEN_AUTO_MERGE=true)" in s for s in said)
    monkeypatch.delenv("WIDEN_AUTO_MERGE")
    spark.conf.set("spark.widen.autoMerge", "true")
    try:
        report = write(loans(spark, WITH_AMOUNT + ", 'x' AS note"), "db.loans", rules=delta, warehouse=wh,
                       progress=quiet)
        assert report.mode == "merge" and report.fields_added == ["note"]
    finally:
        spark.conf.unset("spark.widen.autoMerge")


def test_disallow_schema_changes_when_auto_merge_is_on_but_the_writer_asks_for_enforce(spark, delta, wh, monkeypatch):
    """Delta's SchemaEnforcementSuite, "disallow schema changes when autoMigrate enabled but writer config disabled":
    the session switch makes writes merge by default, but a writer that asks for enforcement explicitly (`mode=`,
    `--mode enforce`) is enforced; the rules file's own default mode is not such a request."""
    created(spark, delta, wh)
    monkeypatch.setenv("WIDEN_AUTO_MERGE", "true")
    before = snapshots(wh)
    with pytest.raises(SchemaMismatch):
        write(loans(spark, WITH_AMOUNT), "db.loans", rules=delta, mode="enforce", warehouse=wh, progress=quiet)
    assert snapshots(wh) == before
    assert main(["ingest", "--table", "db.loans", "--warehouse", wh, "--rules", "delta", "--mode", "enforce",
                 "--format", "parquet", str(_parquet(spark, WITH_AMOUNT, wh))]) == 1
    assert snapshots(wh) == before
    report = write(loans(spark, WITH_AMOUNT), "db.loans", rules=delta, warehouse=wh, progress=quiet)
    assert report.mode == "merge" and report.fields_added == ["amount"]


def _parquet(spark, sql: str, wh: str):
    import os
    import tempfile

    out = os.path.join(tempfile.mkdtemp(dir=os.path.dirname(wh) or None), "batch")
    loans(spark, sql).coalesce(1).write.parquet(out)
    return out


# --- overwrite ------------------------------------------------------------------------------------------------------
def test_overwrite_replaces_schema_and_data_in_one_commit(spark, delta, wh):
    created(spark, delta, wh, "SELECT addr_state AS Addr_state, CAST(count AS int) AS count, 1 AS dropped")
    before = table(wh)
    n_before = len(before.metadata.metadata_log)
    # drop a column (dropped), change a type (count: int -> string), rename by case (Addr_state -> addr_state)
    write(loans(spark, "SELECT addr_state, CAST(count AS string) AS count", "('TX', 1)"), "db.loans", rules=delta,
          warehouse=wh, mode="overwrite", progress=quiet)
    after = table(wh)
    assert [(f.name, str(f.field_type)) for f in after.schema().fields] == [("addr_state", "string"),
                                                                            ("count", "string")]
    assert rows(wh) == [{"addr_state": "TX", "count": "1"}]
    assert len(after.metadata.metadata_log) == n_before + 1  # one commit: one new metadata file
    assert len(after.snapshots()) == len(before.snapshots()) + 1  # and one snapshot: old files out, new ones in
    summary = after.current_snapshot().summary
    assert summary.operation.value == "overwrite" and summary.additional_properties["widen.mode"] == "overwrite"


def json_files(tmp_path, *contents: str) -> list[str]:
    """One JSON-lines file per content: f1.jsonl, f2.jsonl..."""
    paths = []
    for i, text in enumerate(contents, start=1):
        path = tmp_path / f"f{i}.jsonl"
        path.write_text(text + "\n")
        paths.append(str(path))
    return paths


def test_a_file_ingested_before_an_overwrite_is_ingested_again_after_it(spark, delta, wh, tmp_path):
    f1, f2 = json_files(tmp_path, '{"addr_state": "CA", "count": 1}', '{"addr_state": "TX"}')
    kw = dict(rules=delta, warehouse=wh, spark=spark, progress=quiet)
    widen.ingest([f1], "db.loans", **kw)
    widen.ingest([f2], "db.loans", mode="overwrite", **kw)
    assert rows(wh) == [{"addr_state": "TX"}]
    # f1's rows went with the overwrite: it is not "already ingested" any more; f2 still is, in any mode
    (report_f1, report_f2) = widen.ingest([f1, f2], "db.loans", mode="merge", **kw)
    assert report_f1.records == 1 and report_f2.skipped
    assert rows(wh) == [{"addr_state": "CA", "count": 1}, {"addr_state": "TX", "count": None}]


def test_a_run_whose_first_batch_is_already_ingested_goes_on(spark, delta, wh, tmp_path):
    f1, f2 = json_files(tmp_path, '{"addr_state": "CA", "count": 1}', '{"addr_state": "NY", "count": 2}')
    kw = dict(rules=delta, warehouse=wh, spark=spark, progress=quiet)
    widen.ingest([f1], "db.loans", **kw)
    reports = widen.ingest([f1, f2], "db.loans", **kw)
    assert reports[0].skipped and reports[1].records == 1 and reports[1].mode == "enforce"


def test_a_refused_first_batch_creates_nothing(spark, delta, wh):
    frame = spark.createDataFrame([('{"q": 1, "Q": 2}',), ("garbage",)], "value string")
    with pytest.raises(SchemaMismatch, match=r"rejected \(mode enforce\)") as err:
        write(frame, "db.loans", rules=delta, warehouse=wh, json_column="value", progress=quiet)
    assert "differs from another field of the batch only by case" in str(err.value)
    cat = open_catalog(None, wh)
    assert not cat.table_exists("db.loans") and not cat.table_exists("db.loans__rescued")


def test_a_case_conflict_on_a_record_field_is_a_mismatch_not_a_crash(spark, delta, wh):
    created(spark, delta, wh)
    with pytest.raises(SchemaMismatch, match="only by case"):
        write(loans(spark, "SELECT addr_state, 1 AS A, named_struct('x', 1) AS a"), "db.loans", rules=delta,
              warehouse=wh, mode="merge", progress=quiet)


def test_nested_byte_columns_keep_their_type_across_writes(spark, delta, wh):
    frame = "SELECT 1 AS id, array(named_struct('b', CAST(1 AS tinyint), 's', CAST(2 AS smallint))) AS aos"
    for _ in range(2):  # the same DataFrame twice: it matches the table it created
        write(spark.sql(frame), "db.loans", rules=delta, warehouse=wh, progress=quiet)
    t = table(wh)
    b = t.schema().find_field("aos.element.b").field_id
    s_ = t.schema().find_field("aos.element.s").field_id
    assert json.loads(t.properties[TYPES_PROPERTY]) == {str(b): "byte", str(s_): "short"}


def test_parquet_files_of_one_batch_with_different_columns_lose_none(spark, rules, wh, tmp_path):
    batch = tmp_path / "batch"
    spark.sql("SELECT 1 AS a, 'x' AS b").coalesce(1).write.parquet(str(batch / "one"))
    spark.sql("SELECT 2 AS a, 3.5D AS c").coalesce(1).write.parquet(str(batch / "two"))
    assert main(["ingest", "--table", "db.mixed", "--warehouse", wh, "--format", "parquet", str(batch)]) == 0
    assert rows(wh, "db.mixed") == [{"a": 1, "b": "x", "c": None}, {"a": 2, "b": None, "c": 3.5}]


def test_parquet_files_whose_column_changed_type_are_one_batch(spark, rules, wh, tmp_path, capsys):
    """A batch of Parquet files in which ``v`` is a long in one file and a string in the others (a producer
    changed its type): Spark cannot merge their schemas, so Widen reads a part per schema, plans the parts
    together and routes each by that one plan: the rows the reference router writes for the same records as one
    batch of JSON lines."""
    from test_ingest import reference_rows

    batch = tmp_path / "batch"
    spark.sql("SELECT 1L AS id, 10L AS v").coalesce(1).write.parquet(str(batch / "one"))
    spark.sql("SELECT 2L AS id, 'n/a' AS v UNION ALL SELECT 3L, '7'").coalesce(1).write.parquet(str(batch / "two"))
    spark.sql("SELECT 4L AS id, 'x' AS v, true AS w").coalesce(1).write.parquet(str(batch / "three"))
    assert main(["ingest", "--table", "db.drift", "--warehouse", wh, "--format", "parquet", str(batch)]) == 0
    assert "1 batch ingested: 4 records" in capsys.readouterr().out
    lines = ['{"id": 1, "v": 10}', '{"id": 2, "v": "n/a"}', '{"id": 3, "v": "7"}', '{"id": 4, "v": "x", "w": true}']
    expected = sorted(reference_rows(rules, [lines]), key=lambda r: json.dumps(r, sort_keys=True, default=str))
    assert rows(wh, "db.drift") == expected
    assert {f.name for f in table(wh, "db.drift").schema().fields} == set(expected[0])


# --- the CLI ---------------------------------------------------------------------------------------------------------
def test_a_batch_file_that_is_not_parquet_is_refused_by_name(spark, wh, tmp_path, capsys):
    """`--format parquet` on a JSON file: one line naming the file and what is wrong, exit 2, nothing written (not
    Spark's errors and a diagnosis of schemas it cannot merge)."""
    batch = tmp_path / "batch"
    spark.sql("SELECT 1 AS a").coalesce(1).write.parquet(str(batch))
    (batch / "part-z.parquet").write_text('{"a": 1}\n')
    assert main(["ingest", "--table", "db.notparquet", "--warehouse", wh, "--format", "parquet", str(batch)]) == 2
    err = capsys.readouterr().err
    assert "part-z.parquet: not a Parquet file" in err and "Traceback" not in err and "cannot merge" not in err
    assert not open_catalog(None, wh).table_exists("db.notparquet")


def test_parquet_files_of_one_schema_are_read_without_merging_and_counted_from_their_footers(spark, tmp_path,
                                                                                            monkeypatch):
    """Files of one schema: Spark reads them without its schema-merging job and no job counts their rows (the
    footers say); files of two schemas are merged."""
    from widen.sources.spark_read import read_parquet

    one, two = tmp_path / "one", tmp_path / "two"
    spark.sql("SELECT id AS a, 'x' AS b FROM range(5)").repartition(3).write.parquet(str(one))
    spark.sql("SELECT 2 AS a, 3.5D AS c").coalesce(1).write.parquet(str(two / "x"))
    spark.sql("SELECT 1 AS a, 'y' AS b").coalesce(1).write.parquet(str(two / "y"))
    files = lambda d: sorted(str(p) for p in d.rglob("*.parquet"))  # noqa: E731
    options = []
    real = type(spark.read).option
    monkeypatch.setattr(type(spark.read), "option", lambda self, k, v: options.append((k, v)) or real(self, k, v))
    frame, rows = read_parquet(spark, files(one), "b1")
    assert rows == 5 and frame.count() == 5 and ("mergeSchema", "false") in options
    options.clear()
    frame, rows = read_parquet(spark, files(two), "b2")
    assert rows == 2 and sorted(frame.columns) == ["a", "b", "c"] and ("mergeSchema", "true") in options


def test_cli_modes_on_the_loans_parquet_files(spark, wh, tmp_path, capsys):
    original, new = str(tmp_path / "original"), str(tmp_path / "new")
    loans(spark, ORIGINAL).coalesce(1).write.parquet(original)
    loans(spark, WITH_AMOUNT, "('TX', 3)").coalesce(1).write.parquet(new)
    base = ["ingest", "--table", "db.loans", "--warehouse", wh, "--rules", "delta", "--format", "parquet"]
    assert main(base + [original]) == 0
    before = snapshots(wh)
    capsys.readouterr()
    assert main(base + [new]) == 1  # a rejected batch
    err = capsys.readouterr().err
    assert "rejected (mode enforce)" in err and "Table schema" in err and "--mode merge" in err
    assert snapshots(wh) == before
    assert main(base + ["--mode", "merge", new]) == 0
    out = capsys.readouterr().out
    assert "(mode merge)" in out and "1 field added" in out
    assert {"addr_state": "TX", "count": 3, "amount": 3001.5} in rows(wh)


# --- typed inputs in evolve mode, default rules ---------------------------------------------------------------
TYPED = """SELECT CAST(1 AS tinyint) AS b, CAST(2 AS smallint) AS s, 3 AS i, 4L AS l, CAST(0.1 AS float) AS f,
  2.5D AS d, CAST(12.30 AS decimal(10, 2)) AS dec, CAST(123456789012345678.5 AS decimal(30, 1)) AS big,
  CAST(123456789012345678901 AS decimal(21, 0)) AS huge, DATE'2024-02-29' AS dt,
  TIMESTAMP'2024-01-01 10:00:00.123456' AS ts, TIMESTAMP_NTZ'2024-01-01 10:00:00' AS tn, X'00FF' AS bin,
  named_struct('a', 1, 'b', array(named_struct('c', CAST(5 AS short)))) AS st, array(array(1, 2), array(3)) AS arr,
  map('k', 1) AS m, map('t', TIMESTAMP'2020-01-01 00:00:00.123456') AS mt, true AS flag, 'text' AS str,
  CAST('NaN' AS double) AS nan, NULL AS nothing"""


def test_typed_inputs_enter_the_upsolver_lattice_without_loss(spark, rules, wh):
    """Under the default rules every typed column keeps its Iceberg type (a byte or short is an int, a map its JSON
    text) and every value reads back exactly."""
    write(spark.sql(TYPED), "db.typed", rules=rules, warehouse=wh, progress=quiet)
    t = table(wh, "db.typed")
    types = {f.name: str(f.field_type) for f in t.schema().fields}
    assert types == {
        "b": "int", "s": "int", "i": "int", "l": "long", "f": "float", "d": "double", "dec": "decimal(10, 2)",
        "big": "decimal(30, 1)", "huge": "decimal(21, 0)", "dt": "date", "ts": "timestamptz", "tn": "timestamp",
        "bin": "binary", "st": types["st"], "arr": "list<list<int>>", "m": "string", "mt": "string",
        "flag": "boolean", "str": "string", "nan": "double",
    }
    assert "a: optional int" in types["st"] and "c: optional int" in types["st"]
    (row,) = rows(wh, "db.typed")
    assert row["b"] == 1 and row["s"] == 2 and row["i"] == 3 and row["l"] == 4
    assert row["f"] == 0.10000000149011612  # the float's exact value
    assert row["dec"] == Decimal("12.30") and row["big"] == Decimal("123456789012345678.5")
    assert row["huge"] == Decimal("123456789012345678901")
    assert row["dt"] == dt.date(2024, 2, 29)
    assert row["ts"] == dt.datetime(2024, 1, 1, 10, 0, 0, 123456, tzinfo=dt.timezone.utc)
    assert row["tn"] == dt.datetime(2024, 1, 1, 10, 0, 0) and row["bin"] == b"\x00\xff" and row["m"] == '{"k":1}'
    assert row["st"] == {"a": 1, "b": [{"c": 5}]} and row["arr"] == [[1, 2], [3]]
    assert row["flag"] is True and row["str"] == "text" and "nothing" not in row
    assert row["mt"] == '{"t":"2020-01-01T00:00:00.123456Z"}'  # microseconds kept in a map's text
    assert row["nan"] != row["nan"]


def test_typed_nan_and_infinity_into_a_string_column(spark, rules, wh):
    write(spark.createDataFrame([('{"x": "a"}',)], "value string"), "db.x", rules=rules, warehouse=wh,
          json_column="value", progress=quiet)
    write(spark.sql("SELECT CAST(x AS double) AS x FROM VALUES ('NaN'), ('Infinity'), ('-Infinity'), ('1.5') AS t(x)"),
          "db.x", rules=rules, warehouse=wh, progress=quiet)
    texts = sorted(r["x"] for r in rows(wh, "db.x"))
    assert texts == ["-Infinity", "1.5", "Infinity", "NaN", "a"]


def test_typed_batch_evolves_like_json_would(spark, rules, wh):
    write(spark.sql("SELECT 1 AS price"), "db.prices", rules=rules, warehouse=wh, progress=quiet)
    report = write(spark.sql("SELECT 'n/a' AS price UNION ALL SELECT '2'"), "db.prices", rules=rules,
                   warehouse=wh, progress=quiet)
    assert report.fields_added == ["price_string"]
    assert rows(wh, "db.prices") == [
        {"price": 1, "price_string": None}, {"price": None, "price_string": "2"},
        {"price": None, "price_string": "n/a"}]


def test_widen_check_passes_the_shipped_delta_rules(capsys):
    assert main(["check", "--rules", "delta"]) == 0
    out = capsys.readouterr().out
    assert "lattice laws: ok" in out and "properties: ok" in out


@pytest.mark.parametrize("mode", ["enforce", "merge", "overwrite", "evolve"])
def test_a_refused_record_field_is_planned_without_a_crash(delta, mode):
    # (the inner record holds a value: a record of nulls only is an empty value, which conflicts with nothing)
    p = widen.plan(widen.TableSchema(), widen.observe_lines(['{"a": {"A": false, "a": {"a": 1}}}'], delta),
                   delta.with_mode(mode))
    assert p.rejections  # refused (a new field in enforce; the case conflict inside otherwise), no StopIteration


def test_a_name_differing_by_case_from_an_evolved_column_is_refused(rules):
    first = widen.plan(widen.TableSchema(), widen.observe_lines(['{"price": 1}'], rules), rules)
    table = widen.plan(first.schema, widen.observe_lines(['{"price": "x"}'], rules), rules).schema
    assert [c.name for c in table.columns] == ["price", "price_string"]
    p = widen.plan(table, widen.observe_lines(['{"price": 1, "Price_string": "y"}'], rules), rules.with_mode("merge"))
    assert [(r.path, r.situation) for r in p.rejections] == [("Price_string", "case_conflict")]


def test_plan_and_ingest_agree_on_an_empty_table_in_enforce(spark, delta, tmp_path, capsys):
    """`widen plan --rules delta` plans the first batch of an empty table as `widen ingest --rules delta` writes
    it (the table takes its schema from it) and refuses the next one as ingest does."""
    from pathlib import Path

    days = sorted(str(p) for p in (Path(__file__).parents[1] / "examples" / "events").glob("day-*.jsonl"))
    wh = str(tmp_path / "wh")
    assert main(["plan", "--rules", "delta", "--format", "iceberg", days[0]]) == 0
    planned = json.loads(capsys.readouterr().out)
    assert main(["ingest", "--rules", "delta", "--table", "db.events", "--warehouse", wh, days[0]]) == 0
    capsys.readouterr()
    created = table(wh, "db.events").schema()
    assert [(f["name"], json.dumps(f["type"])) for f in planned["fields"]] == \
        [(f.name, json.dumps(json.loads(created.model_dump_json())["fields"][i]["type"]))
         for i, f in enumerate(created.fields)]
    assert main(["plan", "--rules", "delta", days[0], days[1]]) == 1
    said = capsys.readouterr().err
    assert "batch 1 (" in said and f"batch 1 ({days[0]}) rejected" not in said
    assert f"batch 2 ({days[1]}) rejected by the rules' policies" in said
    assert main(["ingest", "--rules", "delta", "--table", "db.events", "--warehouse", wh, days[1]]) == 1


def test_a_run_that_stops_part_way_says_what_it_committed(spark, tmp_path, capsys):
    """`widen ingest day-1 day-2 --rules delta`: day 1 creates the table, day 2 is refused (enforce). stdout still
    says what was committed and where the run stopped, and the exit status is the refusal's (1)."""
    from pathlib import Path

    days = sorted(str(p) for p in (Path(__file__).parents[1] / "examples" / "events").glob("day-*.jsonl"))
    wh = str(tmp_path / "wh")
    assert main(["ingest", "--rules", "delta", "--table", "db.events", "--warehouse", wh, days[0], days[1]]) == 1
    out = capsys.readouterr()
    assert out.out.strip() == ("db.events: 1 batch ingested (mode enforce): 3 records, 24 values written, "
                               "8 fields added, 0 lines rescued; stopped at batch 2 of 2")
    assert "rejected" in out.err
    assert len(table(wh, "db.events").snapshots()) == 1
