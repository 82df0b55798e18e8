"""Delta Lake's own test suites, carried over: each test is named after the Delta test it
comes from (delta-io/delta, spark/src/test/scala/org/apache/spark/sql/delta/schema/: SchemaUtilsSuite (SUS),
CaseSensitivitySuite (CSS), SchemaEnforcementSuite (SES)), and holds what that test pins about appending a batch,
JSON or typed, to a table in Delta's modes (`rules/delta.rules`). docs/modes.md has the table of them."""

from __future__ import annotations

import json

import pytest

import widen
from widen.ingest import ingest, open_catalog, write
from widen.engine.modes import SchemaMismatch

pytestmark = pytest.mark.spark


@pytest.fixture(scope="module")
def delta():
    return widen.load_rules("delta")


def quiet(_):
    pass


def schema(wh, name="db.t"):
    return [(f.name, str(f.field_type)) for f in open_catalog(None, wh).load_table(name).schema().fields]


def rows(wh, name="db.t"):
    out = open_catalog(None, wh).load_table(name).scan().to_arrow().to_pylist()
    return sorted(out, key=lambda r: json.dumps(r, sort_keys=True, default=str))


def snapshots(wh, name="db.t"):
    t = open_catalog(None, wh).load_table(name)
    return [s.snapshot_id for s in t.snapshots()], str(t.schema())


def frame_write(spark, delta, wh, select: str, mode=None):
    return write(spark.sql(select), "db.t", rules=delta, warehouse=wh, progress=quiet, mode=mode)


def json_write(delta, wh, tmp_path, lines: list[str], mode=None, name="b.jsonl"):
    path = tmp_path / name
    path.write_text("\n".join(lines) + "\n")
    return ingest([str(path)], "db.t", rules=delta, warehouse=wh, mode=mode, progress=quiet)


@pytest.mark.parametrize("mode", ["enforce", "merge"])
def test_schema_merging_of_incompatible_types(spark, delta, tmp_path, mode):
    """SUS "schema merging of incompatible types": table `top string`, a batch of `top int` is refused,
    DELTA_MERGE_INCOMPATIBLE_DATATYPE, in merge as in enforce (Widen wrote the integer as text in merge)."""
    wh = str(tmp_path / "wh")
    json_write(delta, wh, tmp_path, ['{"top": "x"}'])
    before = snapshots(wh)
    with pytest.raises(SchemaMismatch, match=r"top: narrower: data has long, the table has top::string"):
        json_write(delta, wh, tmp_path, ['{"top": 1}'], mode=mode, name="b2.jsonl")
    with pytest.raises(SchemaMismatch, match=r"top: narrower: data has int, the table has top::string"):
        frame_write(spark, delta, wh, "SELECT 1 AS top", mode=mode)
    assert snapshots(wh) == before and rows(wh) == [{"top": "x"}]


@pytest.mark.parametrize("mode", ["enforce", "merge"])
def test_schema_merging_allows_upcasting_to_LongType_with_allowImplicitConversions(spark, delta, tmp_path, mode):
    """SUS, same name: table `top long`, a batch of `top byte`, `short` or `int` is refused with the defaults an
    append uses (no implicit conversions): DELTA_MERGE_INCOMPATIBLE_DATATYPE(LongType, IntegerType). So is a float
    batch into a double column, and a decimal of another precision (SUS "schema merging of incompatible types":
    decimals must match exactly)."""
    wh = str(tmp_path / "wh")
    frame_write(spark, delta, wh, "SELECT CAST(1 AS bigint) AS top, CAST(1.5 AS double) AS d, "
                                  "CAST(1.5 AS decimal(12, 2)) AS m")
    before = snapshots(wh)
    for select in ("SELECT CAST(1 AS int) AS top", "SELECT CAST(1 AS smallint) AS top",
                   "SELECT CAST(1 AS tinyint) AS top", "SELECT CAST(1.5 AS float) AS d",
                   "SELECT CAST(1.5 AS decimal(10, 2)) AS m"):
        with pytest.raises(SchemaMismatch, match="narrower"):
            frame_write(spark, delta, wh, select, mode=mode)
    assert snapshots(wh) == before


def test_schema_merging_performs_upcast_between_ByteType_ShortType_and_IntegerType(spark, delta, tmp_path):
    """SUS, same name (and "Upcast between ByteType, ShortType and IntegerType is OK for parquet"): an int column
    takes short and byte batches as they are, in enforce and merge (the merged schema is the table's); a short
    column and an int batch: enforce refuses the schema change, merge makes the column int."""
    wh = str(tmp_path / "wh")
    frame_write(spark, delta, wh, "SELECT CAST(1 AS int) AS i, CAST(2 AS smallint) AS s")
    for mode in ("enforce", "merge"):
        frame_write(spark, delta, wh, "SELECT CAST(3 AS smallint) AS i, CAST(4 AS tinyint) AS s", mode=mode)
    assert schema(wh) == [("i", "int"), ("s", "int")]
    with pytest.raises(SchemaMismatch, match="s: wider"):
        frame_write(spark, delta, wh, "SELECT CAST(5 AS int) AS s")
    frame_write(spark, delta, wh, "SELECT CAST(70000 AS int) AS s", mode="merge")
    assert rows(wh) == sorted([{"i": 1, "s": 2}, {"i": 3, "s": 4}, {"i": 3, "s": 4}, {"i": None, "s": 70000}],
                              key=lambda r: json.dumps(r, sort_keys=True))
    props = open_catalog(None, wh).load_table("db.t").properties
    assert "short" not in props.get("widen.types", "")  # the column is an int column now


@pytest.mark.parametrize("mode", ["enforce", "merge"])
def test_schema_merging_is_case_insenstive_but_preserves_original_case(spark, delta, tmp_path, mode):
    """CSS, same name (its typo kept): table `foo, bar`; appends of `Foo, bar` and of `bAr, Foo` (another case and
    order) land in the table's columns, whose spelling stays, in enforce as in merge; nested names too (SUS
    "normalize column names - different case in struct"), and JSON's (its integers are longs: bigint columns).
    Widen refused it and suggested --mode overwrite."""
    wh = str(tmp_path / "wh")
    frame_write(spark, delta, wh, "SELECT 0L AS foo, 0L AS bar, named_struct('city', 'a') AS addr")
    frame_write(spark, delta, wh, "SELECT 1L AS Foo, 0L AS bar", mode=mode)
    frame_write(spark, delta, wh, "SELECT 0L AS bAr, 2L AS Foo, named_struct('City', 'b') AS ADDR", mode=mode)
    json_write(delta, wh, tmp_path, ['{"FOO": 3, "Bar": 0, "addr": {"CITY": "c"}}'], mode=mode)
    assert [n for n, _ in schema(wh)] == ["foo", "bar", "addr"]
    assert sorted((r["foo"], r["bar"], r["addr"]) for r in rows(wh)) == [
        (0, 0, {"city": "a"}), (1, 0, None), (2, 0, {"city": "b"}), (3, 0, {"city": "c"})]


def test_two_fields_with_same_name(spark, delta, tmp_path):
    """CSS "two fields with same name": a batch that itself holds `Foo` and `foo` is refused (an AnalysisException;
    DELTA_DUPLICATE_COLUMNS_FOUND against a table), typed, in one JSON object, or across two JSON records; nothing
    is written, and no data-replacing mode is suggested for it."""
    wh = str(tmp_path / "wh")
    with pytest.raises(SchemaMismatch, match="only by case") as err:
        frame_write(spark, delta, wh, "SELECT 1 AS Foo, 2 AS foo")
    assert not open_catalog(None, wh).table_exists("db.t") and err.value.accepted_by is None
    frame_write(spark, delta, wh, "SELECT 1 AS foo")
    before = snapshots(wh)
    for lines in (['{"Foo": 1, "foo": 2}'], ['{"Foo": 1}', '{"foo": 2}']):
        for mode in ("enforce", "merge"):
            with pytest.raises(SchemaMismatch, match=r"the batch spells it Foo, foo") as err:
                json_write(delta, wh, tmp_path, lines, mode=mode)
            assert err.value.accepted_by is None
    assert snapshots(wh) == before
