"""Seeing a table's rows: `widen.read` (a Spark DataFrame read by the executors from the data files, no
Iceberg runtime), `widen.folded` (the folded view over it) and `widen show` (pyiceberg, no Spark), end to end:
evolved families, nested columns, a column added after the first files, a column changed in place, and a
partitioned table whose filter prunes files."""

from __future__ import annotations

import datetime as dt
import json
from decimal import Decimal
from pathlib import Path

import pytest

import widen
from widen.cli import main
from widen.errors import InputError
from widen.ingest import ingest, write
from widen.inspect.reader import matching_tasks, open_table

pytestmark = pytest.mark.spark

EVENTS = sorted(str(p) for p in (Path(__file__).resolve().parents[1] / "examples" / "events").glob("day-*.jsonl"))


def quiet(_):
    pass


def plain(value):
    """A value as JSON would hold it (Spark's Rows and datetimes, pyiceberg's dicts: one comparable form)."""
    if hasattr(value, "asDict"):
        value = value.asDict(recursive=True)
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return [plain(v) for v in value] or None  # (pyiceberg reads a null list of records as []: #3833)
    if isinstance(value, dt.datetime):
        return value.replace(tzinfo=None).isoformat() if value.tzinfo is None else \
            value.astimezone(dt.timezone.utc).replace(tzinfo=None).isoformat()
    if isinstance(value, Decimal):
        return str(value)
    return value


def by_id(rows, key="event_id"):
    return sorted((plain(r) for r in rows), key=lambda r: json.dumps(r[key]))


@pytest.fixture(scope="module")
def events(spark, tmp_path_factory):
    wh = str(tmp_path_factory.mktemp("read") / "wh")
    for path in EVENTS:  # one batch each: later files bring columns the first files do not have
        ingest([path], "demo.events", warehouse=wh, spark=spark, progress=quiet)
    return wh


def test_read_gives_the_tables_rows_with_null_where_a_file_predates_a_column(spark, events):
    tbl = open_table("demo.events", warehouse=events)
    expected = by_id(tbl.scan().to_arrow().to_pylist())
    frame = widen.read(spark, "demo.events", warehouse=events)
    assert frame.columns == [f.name for f in tbl.schema().fields]
    assert by_id(r.asDict(recursive=True) for r in frame.collect()) == expected
    assert any(r["price_string"] is not None for r in expected) and any(r["price_string"] is None for r in expected)
    nested = frame.where("event_id = 4").select("user.id_string").collect()
    assert nested[0][0] == "u-45"  # a nested evolved column


def test_read_filters_and_selects_and_names_a_missing_table(spark, events):
    frame = widen.read(spark, "demo.events", warehouse=events, where="event_id > 7", columns=["event_id", "price"])
    assert sorted(r.event_id for r in frame.collect()) == [8, 9] and frame.columns == ["event_id", "price"]
    with pytest.raises(InputError, match="no table demo.nope in"):
        widen.read(spark, "demo.nope", warehouse=events)


def test_folded_registers_a_view_any_sql_of_the_session_reads(spark, events):
    folded = widen.folded(spark, "demo.events", warehouse=events)
    row = spark.sql("SELECT price, user FROM demo_events_folded WHERE event_id = 7").collect()[0]
    assert (row.price, json.loads(row.user)["id_string"]) == ("n/a", "48")
    assert folded.count() == 9 and "price_string" not in folded.columns


def test_read_prunes_the_files_of_a_partitioned_table_by_its_filter(spark, tmp_path):
    wh = str(tmp_path / "wh")
    lines = [json.dumps({"region": r, "n": i}) for i, r in enumerate(["eu", "us", "asia"] * 10)]
    src = tmp_path / "b.jsonl"
    src.write_text("\n".join(lines) + "\n")
    ingest([str(src)], "p.t", warehouse=wh, spark=spark, partition_by="region", progress=quiet)
    tbl = open_table("p.t", warehouse=wh)
    everything, eu = matching_tasks(tbl), matching_tasks(tbl, "region = 'eu'")
    assert len(eu) < len(everything) and len(eu) >= 1
    frame = widen.read(spark, "p.t", warehouse=wh, where="region = 'eu'")
    assert sorted(r.n for r in frame.collect()) == [i for i in range(30) if i % 3 == 0]


def test_read_takes_a_column_changed_in_place_as_its_new_type(spark, tmp_path):
    """A `--rules delta --mode merge` write turns an int column into a long one in place: its older files hold
    32-bit integers, read as longs."""
    wh = str(tmp_path / "wh")
    delta = widen.load_rules("delta")
    write(spark.sql("SELECT CAST(1 AS int) AS n"), "d.t", rules=delta, warehouse=wh, progress=quiet)
    write(spark.sql("SELECT CAST(5000000000 AS bigint) AS n"), "d.t", rules=delta, warehouse=wh, mode="merge",
          progress=quiet)
    frame = widen.read(spark, "d.t", warehouse=wh)
    assert str(frame.schema["n"].dataType) == "LongType()"
    assert sorted(r.n for r in frame.collect()) == [1, 5000000000]


def test_show_prints_rows_as_a_table_json_or_csv(events, capsys):
    assert main(["show", "--warehouse", events, "--table", "demo.events", "--limit", "2",
                 "--columns", "event_id,price,price_string", "--where", "event_id >= 8"]) == 0
    out, err = capsys.readouterr()
    lines = out.splitlines()
    assert lines[0].split() == ["event_id", "price", "price_string"]
    assert sorted(line.split()[0] for line in lines[2:]) == ["8", "9"]
    assert "123456789012345678901234567890" in out and "(the first 2 rows: --limit N for more)" in err
    assert main(["show", "--warehouse", events, "--table", "demo.events", "--format", "json", "--limit", "100"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(rows) == 9 and {r["event_id"] for r in rows} == set(range(1, 10))
    assert main(["show", "--warehouse", events, "--table", "demo.events", "--format", "csv", "--columns",
                 "event_id,user", "--where", "event_id = 4"]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "event_id,user", '4,"{""id"": null, ""name"": ""di"", ""email"": null, ""id_string"": ""u-45""}"']


def test_show_folds_each_family_into_one_value(events, capsys):
    assert main(["show", "--warehouse", events, "--table", "demo.events", "--folded", "--format", "json",
                 "--columns", "event_id,price", "--limit", "100"]) == 0
    rows = {r["event_id"]: r["price"] for r in map(json.loads, capsys.readouterr().out.splitlines())}
    assert rows[7] == "n/a" and rows[1] == "10.0" and rows[9] == "123456789012345678901234567890"


def test_show_folded_gives_the_rows_of_the_folded_view(spark, events, capsys):
    """`widen show --folded` folds as `widen view` and `widen.folded` do, in every row: an evolved family is one text
    value (`"true"`, `"10.0"`, a record as JSON), whichever of its columns holds it; a column of its own keeps its
    value."""
    view = {r["event_id"]: r for r in (row.asDict() for row in widen.folded(spark, "demo.events", warehouse=events)
                                       .collect())}
    assert main(["show", "--warehouse", events, "--table", "demo.events", "--folded", "--format", "json",
                 "--limit", "100"]) == 0
    shown = {r["event_id"]: r for r in map(json.loads, capsys.readouterr().out.splitlines())}
    assert set(shown) == set(view) == set(range(1, 10))
    for key, row in view.items():
        assert list(shown[key]) == list(row)
        assert {k: plain(v) for k, v in shown[key].items()} == {k: plain(v) for k, v in row.items()}, key
    assert {shown[k]["paid"] for k in (1, 4, 7)} == {"true", "yes"}
    assert main(["show", "--warehouse", events, "--table", "demo.events", "--folded", "--columns", "event_id,paid",
                 "--limit", "100"]) == 0
    cells = [line.split()[1:] for line in capsys.readouterr().out.splitlines()[2:]]
    assert sorted(c[0] for c in cells if c) == ["false", "false", "true", "true", "true", "true", "yes"]


@pytest.mark.parametrize("args, message", [
    (["--columns", "nope"], "demo.events has no column nope (its columns: event_id, paid, price, started,"),
    (["--columns", "user.nope"], "user has no column nope (its columns: id, name, email, id_string)"),
    (["--where", "price >>> 1"], "--where 'price >>> 1': not a filter of Spark SQL (it does not parse at column"),
    (["--where", "nope = 1"], "--where 'nope = 1': demo.events has no column nope (its columns: event_id, paid,"),
    (["--where", "event_id > 1.5"], "--where 'event_id > 1.5': '1.5' is not a value of event_id's type, long (an "
                                    "integer column takes integers)"),
    (["--where", "upper(notes) = 'X'"], "--where \"upper(notes) = 'X'\": 'UPPER(notes)' is not a column"),
    (["--limit", "-1"], "--limit -1: a number of rows, 0 or more"),
    (["--table", "demo.nope"], "no table demo.nope in"),
])
def test_show_names_a_mistake_in_one_line(events, capsys, args, message):
    base = ["show", "--warehouse", events, "--table", "demo.events"]
    assert main(base + args) == 2
    err = capsys.readouterr().err
    assert err.startswith(message) and len(err.strip().splitlines()) == 1, err


def test_the_readmes_show_example_is_what_it_prints(events, capsys):
    """The README's `widen show` block is this command's output on the quickstart's table."""
    import re
    import shlex

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```text\n\$ widen (show [^\n]*)\n(.*?)```", readme, flags=re.S)
    command, shown = shlex.split(block.group(1)), block.group(2).rstrip("\n")
    assert main(command + ["--warehouse", events]) == 0
    assert capsys.readouterr().out.rstrip("\n") == shown


def test_show_into_a_closed_pipe_is_a_quiet_exit(events):
    """`widen show --format json | head -1`: the reader goes away, widen stops quietly, exit 0, no traceback."""
    import subprocess
    import sys

    proc = subprocess.Popen([sys.executable, "-m", "widen.cli", "show", "--warehouse", events, "--table",
                             "demo.events", "--format", "json"], stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert (proc.wait(), err) == (0, "")


WHERE = ["started >= '2024-05-02'", "started < TIMESTAMP '2024-05-01 10:30:00'", "started = DATE '2024-05-03'",
         "user.id = 42", "user.id_string IN ('46', 'u-45') OR price > 10", "event_id BETWEEN 2 AND 6 AND NOT paid",
         "paid_string IS NOT NULL", "notes IS NULL AND (price_string = 'n/a' OR price_long >= 9007199254740993)"]


@pytest.mark.parametrize("where", WHERE)
def test_show_where_keeps_the_rows_spark_keeps(spark, events, capsys, where):
    """`widen show --where` reads the filter as Spark SQL (sqlglot), dates and timestamps and a record's fields too:
    it keeps the rows `widen.read` keeps for it in Spark."""
    kept = sorted(r.event_id for r in widen.read(spark, "demo.events", warehouse=events, where=where).collect())
    assert main(["show", "--warehouse", events, "--table", "demo.events", "--where", where, "--format", "json",
                 "--columns", "event_id"]) == 0
    assert sorted(json.loads(line)["event_id"] for line in capsys.readouterr().out.splitlines()) == kept
    assert kept and len(kept) < 9


def test_show_lists_rows_in_commit_order_every_row_with_limit_0_and_a_records_field(events, capsys):
    """Rows come in the order their batches were committed; `--limit 0` prints every row; `--columns user.id`
    prints a record's field (null where the record is)."""
    assert main(["show", "--warehouse", events, "--table", "demo.events", "--limit", "0", "--format", "csv",
                 "--columns", "event_id,user.id,user.name"]) == 0
    out, err = capsys.readouterr()
    assert out.splitlines() == ["event_id,user.id,user.name", "1,42,ana", "2,43,bo", "3,44,cy", "4,,di", "5,46,ed",
                                "6,47,fa", "7,48,gu", "8,,", "9,,"]
    assert "no rows" not in err and "--limit N for more" not in err
    assert main(["show", "--warehouse", events, "--table", "demo.events", "--limit", "4", "--columns",
                 "event_id", "--format", "json"]) == 0
    assert [json.loads(line)["event_id"] for line in capsys.readouterr().out.splitlines()] == [1, 2, 3, 4]


def test_show_filters_a_day_partitioned_table_by_day(spark, tmp_path, capsys):
    """A table partitioned by `day(started)` is filtered by a day in `widen show --where`: the files of other days
    are pruned, and the rows kept are those `widen.read` keeps."""
    wh = str(tmp_path / "wh")
    ingest(EVENTS, "demo.days", warehouse=wh, spark=spark, partition_by="day(started)", progress=quiet)
    where = "started >= '2024-05-02' AND started < DATE '2024-05-03'"
    kept = sorted(r.event_id for r in widen.read(spark, "demo.days", warehouse=wh, where=where).collect())
    assert kept == [5]
    assert main(["show", "--warehouse", wh, "--table", "demo.days", "--where", where, "--columns", "event_id",
                 "--format", "csv"]) == 0
    assert capsys.readouterr().out.splitlines() == ["event_id", "5"]
    from widen.inspect.where import row_filter

    tbl = open_table("demo.days", warehouse=wh)
    files = list(tbl.scan(row_filter=row_filter(where, tbl.schema(), "demo.days")).plan_files())
    assert 1 <= len(files) < len(list(tbl.scan().plan_files()))
