"""A table's rules are its contract: the table records the rules it is written under, refuses a write under other
rules, and changes them only through `widen migrate` (tested first with `widen check --table`)."""

from __future__ import annotations

import json

import pytest

import widen
from widen.cli import main
from widen.ingest import open_catalog

pytestmark = pytest.mark.spark


def _lines(path, *records) -> str:
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    return str(path)


def _table(warehouse, name="shop.orders"):
    return open_catalog(None, str(warehouse)).load_table(name)


def _ingest(warehouse, *args) -> int:
    return main(["ingest", "--warehouse", str(warehouse), "--table", "shop.orders", *args])


@pytest.fixture
def quickstart(spark, tmp_path):
    """A table made under the shipped rules: ``price`` a long column, then a string one."""
    warehouse = tmp_path / "wh"
    assert _ingest(warehouse, _lines(tmp_path / "d1.jsonl", {"id": 1, "price": 10}, {"id": 2, "price": "n/a"})) == 0
    return warehouse


def test_the_table_records_the_rules_each_batch_ran_under(quickstart, tmp_path, capsys):
    """The commit that plans under a rules file records its hash, its text and its shipped name in the table's
    properties, and the batch's snapshot names it; `widen stats` and `widen report` show the rules of each
    batch."""
    shipped = open(widen.default_rules_path(), encoding="utf-8").read()
    tbl = _table(quickstart)
    assert tbl.properties["widen.rules.name"] == "types.rules"
    assert tbl.properties["widen.rules.text"] == shipped
    assert len(tbl.properties["widen.rules.sha256"]) == 64
    summary = tbl.current_snapshot().summary.additional_properties
    assert summary["widen.rules"] == "types.rules"
    assert summary["widen.rules-sha256"] == tbl.properties["widen.rules.sha256"]
    capsys.readouterr()
    assert main(["stats", "--warehouse", str(quickstart), "--table", "shop.orders"]) == 0
    out = capsys.readouterr().out
    assert "batch" in out.split("\n\n")[-1] and "d1.jsonl" in out.split("\n\n")[-1]
    label = f"types.rules (sha256 {tbl.properties['widen.rules.sha256'][:12]})"
    assert label in out
    page = tmp_path / "report.html"
    assert main(["report", "--warehouse", str(quickstart), "--table", "shop.orders", "--out", str(page)]) == 0
    assert f"<td>{label}</td>" in page.read_text()


def test_a_dataframe_write_records_a_shipped_file_by_its_name(spark, tmp_path):
    """`widen.write` under the shipped Delta rules records them as delta.rules, whatever path they came from."""
    df = spark.createDataFrame([(1, "a")], "id int, name string")
    widen.write(df, "shop.frames", rules=widen.load_rules("delta"), warehouse=str(tmp_path / "wh"),
                progress=lambda _: None)
    tbl = _table(tmp_path / "wh", "shop.frames")
    assert tbl.properties["widen.rules.name"] == "delta.rules"
    assert tbl.current_snapshot().summary.additional_properties["widen.rules"] == "delta.rules"


def test_another_rules_file_is_refused_before_any_work(quickstart, tmp_path, capsys):
    """`widen ingest --rules delta` on a table recorded under the shipped rules exits 2, naming both files and the
    lines that differ and how to migrate, and writes nothing (no snapshot, no column, the same metadata)."""
    before = _table(quickstart).metadata_location
    capsys.readouterr()
    code = _ingest(quickstart, "--rules", "delta", _lines(tmp_path / "d4.jsonl", {"price": "free"}))
    err = capsys.readouterr().err
    assert code == 2
    assert "records other rules, types.rules (sha256 " in err and "the rules given are delta.rules" in err
    assert "  -    5: mode evolve\n  +    6: mode enforce\n" in err
    assert "widen migrate --table shop.orders --rules delta" in err
    assert "Nothing was written" in err
    assert "batch 1" not in err  # (refused before reading any batch)
    assert _table(quickstart).metadata_location == before


def test_a_dataframe_under_other_rules_is_refused_and_one_without_rules_takes_the_tables(quickstart, spark):
    """`widen.write(..., rules=...)` on a table recorded under other rules raises RulesMismatch and writes
    nothing; `widen.write` without rules writes under the rules the table records."""
    from widen.errors import RulesMismatch

    df = spark.createDataFrame([("free",)], "price string")
    before = _table(quickstart).metadata_location
    with pytest.raises(RulesMismatch) as refused:
        widen.write(df, "shop.orders", rules=widen.load_rules("delta"), warehouse=str(quickstart),
                    progress=lambda _: None)
    assert refused.value.recorded.name == "types.rules" and refused.value.given.name == "delta.rules"
    assert _table(quickstart).metadata_location == before
    report = widen.write(df, "shop.orders", warehouse=str(quickstart), progress=lambda _: None)
    assert report.records == 1 and report.mode == "evolve"


def test_a_table_without_recorded_rules_adopts_those_of_its_next_write(quickstart, tmp_path, capsys):
    """A table written before its rules were recorded (its properties removed here) takes the rules of its next
    write, whichever they are, and records them."""
    tbl = _table(quickstart)
    with tbl.transaction() as tx:
        tx.remove_properties("widen.rules.sha256", "widen.rules.name", "widen.rules.text")
    assert "widen.rules.sha256" not in _table(quickstart).properties
    assert _ingest(quickstart, "--rules", "delta", "--mode", "evolve",
                   _lines(tmp_path / "d2.jsonl", {"id": 3, "price": 11})) == 0
    assert _table(quickstart).properties["widen.rules.name"] == "delta.rules"
