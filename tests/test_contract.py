"""A table's rules are its contract: the table records the rules it is written under, refuses a write under other
rules, and changes them only through `widen migrate` (tested first with `widen check --table`)."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

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


def _money(tmp_path) -> str:
    """The shipped rules with amounts of money as decimal(18, 2) for JSON fractions."""
    text = open(widen.default_rules_path(), encoding="utf-8").read()
    text = text.replace("type string    = string", "type string    = string\ntype money     = decimal(18, 2)")
    text = text.replace("json fraction -> double | string", "json fraction -> money | double | string")
    path = tmp_path / "money.rules"
    path.write_text(text)
    return str(path)


@pytest.fixture
def prices(spark, tmp_path):
    """A table made under the shipped rules whose ``price`` is a double column."""
    warehouse = tmp_path / "wh"
    assert _ingest(warehouse, _lines(tmp_path / "d1.jsonl", {"price": 10.5}, {"price": 12.25})) == 0
    return warehouse


def test_migrate_says_what_changes_then_records_the_rules_in_one_commit(prices, tmp_path, capsys):
    """`widen migrate --dry-run` prints per field the columns kept, the columns the next batches would add and the
    values that move, and records nothing; `widen migrate` records the new rules (no snapshot, no data written),
    after which a batch under them is written and one under the old rules is refused."""
    money = _money(tmp_path)
    before = _table(prices)
    capsys.readouterr()
    args = ["migrate", "--warehouse", str(prices), "--table", "shop.orders", "--rules", money]
    assert main([*args, "--dry-run"]) == 0
    out = capsys.readouterr().out
    assert "price: keeps price (double)\n" in out
    assert "  the next batches would add: price_money (decimal(18, 2)), price_string (string)\n" in out
    assert "  moves: price as fraction 1.5: price (double) -> price_money (decimal(18, 2)), price_string (string)\n" \
        in out
    assert "dry run" in out and _table(prices).metadata_location == before.metadata_location
    assert main(args) == 0
    after = _table(prices)
    assert after.properties["widen.rules.name"] == money
    assert after.current_snapshot().snapshot_id == before.current_snapshot().snapshot_id
    assert _ingest(prices, "--rules", money, _lines(tmp_path / "d2.jsonl", {"price": 1.25})) == 0
    assert [f.name for f in _table(prices).schema().fields] == ["price", "price_money", "price_string"]
    assert _ingest(prices, _lines(tmp_path / "d3.jsonl", {"price": 2.5})) == 0  # (no --rules: the table's)
    assert _ingest(prices, "--rules", widen.default_rules_path(), str(tmp_path / "d3.jsonl")) == 2


def test_check_against_a_table_prints_each_moved_value_and_fails_on_a_lost_one(prices, tmp_path, capsys):
    """`widen check --rules NEW --table T` runs the laws and the change against T: a value the new rules would
    lose exits 1 with that value; `widen migrate` refuses such rules (exit 1, nothing recorded) unless told to
    accept the loss. The API says the same."""
    from widen.errors import PlanError

    lossy = str(Path(__file__).parent / "data" / "lossy.rules")
    capsys.readouterr()
    code = main(["check", "--rules", lossy, "--table", "shop.orders", "--warehouse", str(prices),
                 "--examples", "5"])
    out = capsys.readouterr().out
    assert code == 1
    assert "LOST under the new rules (1 value):\n  price = 9007199254740993: precision lost\n" in out
    assert main(["migrate", "--rules", lossy, "--table", "shop.orders", "--warehouse", str(prices)]) == 1
    assert "not migrated" in capsys.readouterr().err
    assert _table(prices).properties["widen.rules.name"] == "types.rules"
    change = widen.check_table("shop.orders", widen.load_rules(lossy), warehouse=str(prices))
    assert not change.safe and [str(loss) for loss in change.losses] == ["price = 9007199254740993: precision lost"]
    with pytest.raises(PlanError):
        widen.migrate("shop.orders", widen.load_rules(lossy), warehouse=str(prices))
    widen.migrate("shop.orders", widen.load_rules(lossy), warehouse=str(prices), allow_loss=True)
    assert _table(prices).properties["widen.rules.name"] == lossy


def test_migrate_through_the_api_records_the_rules(prices, tmp_path):
    """`widen.migrate` records the rules; `widen.write` then plans under them with no rules given."""
    money = widen.load_rules(_money(tmp_path))
    change = widen.migrate("shop.orders", money, warehouse=str(prices), dry_run=True)
    assert [str(m) for m in change.moves][0] == \
        "price as fraction 1.5: price (double) -> price_money (decimal(18, 2)), price_string (string)"
    assert _table(prices).properties["widen.rules.name"] == "types.rules"
    widen.migrate("shop.orders", money, warehouse=str(prices))
    assert _table(prices).properties["widen.rules.sha256"] == hashlib.sha256(
        money.source.encode()).hexdigest()


def _step_5_blocks() -> list[list[str]]:
    """docs/customise.md's step 5: each ```text block that is a `widen` command, as its lines."""
    import re
    import textwrap

    page = (Path(__file__).resolve().parent.parent / "docs" / "customise.md").read_text()
    section = page.split("## Step 5: change the rules of a table that has data")[1].split("\n## ")[0]
    blocks = [textwrap.dedent(b).strip("\n") for b in re.findall(r"```text\n(.*?)```", section, flags=re.S)]
    return [[line.rstrip() for line in b.splitlines()] for b in blocks if b.startswith("$ widen ")]


def test_customise_step_5_shows_what_each_command_prints(spark, tmp_path, monkeypatch, capsys):
    """The commands of docs/customise.md's step 5, run in order in a directory holding its files (the table made
    by d1.jsonl under the shipped rules first), print what the page shows: stdout, or for a command that fails,
    stderr and its exit status."""
    import shlex

    monkeypatch.chdir(tmp_path)
    _lines(tmp_path / "d1.jsonl", {"price": 10.5}, {"price": 12.25})
    _lines(tmp_path / "d2.jsonl", {"price": 1.25})
    (tmp_path / "money.rules").write_text(Path(_money(tmp_path)).read_text())
    assert main(["ingest", "--table", "shop.orders", "d1.jsonl"]) == 0
    blocks = _step_5_blocks()
    assert len(blocks) == 5
    for command, *shown in blocks:
        capsys.readouterr()
        code = main(shlex.split(command.removeprefix("$ widen ")))
        out, err = capsys.readouterr()
        said = out.splitlines() if code == 0 else err.splitlines() + [f"[exit status {code}]"]
        assert said == shown, f"{command} printed:\n" + "\n".join(said)
