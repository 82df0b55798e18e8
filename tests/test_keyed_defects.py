"""Keyed writes (``--key``, docs/keyed.md): a record rescued for its key evolves nothing (neither the key's column
nor any other); a batch's counts are the same wherever they are said; and no commit adds a data file without
rows, to the table or to its rescued table."""

from __future__ import annotations

import html
import json
import re
from pathlib import Path

import pytest

import widen
from widen.cli import main
from widen.keyed.spec import GRAVES
from widen.sink.catalog import open_catalog

REASON = "no key: id missing, null, or of another type than the key's column"


def _write(path: Path, records: list) -> Path:
    path.write_text("".join((r if isinstance(r, str) else json.dumps(r)) + "\n" for r in records))
    return path


@pytest.fixture(params=["native", "spark", "dataframe"])
def engine(request, monkeypatch):
    """The engine a keyed batch of JSON takes: the native pass (and router), Spark's observer (``WIDEN_NATIVE=0``),
    or a DataFrame of JSON texts through ``widen.write`` (the native pass over its cache)."""
    monkeypatch.setenv("WIDEN_NATIVE", "0" if request.param == "spark" else "1")
    return request.param


def _keyed(spark, engine: str, warehouse: str, paths: list, say=lambda m: None, **kwargs) -> list:
    """Each file a keyed batch of ``d.t`` (key ``id``), on ``engine``; their reports."""
    if engine == "dataframe":
        return [widen.write(spark.createDataFrame([(line,) for line in p.read_text().splitlines()], "value string"),
                            "d.t", json_column="value", source_column=None, batch=p.name, warehouse=warehouse,
                            progress=say, key="id", **kwargs) for p in paths]
    return widen.ingest([str(p) for p in paths], "d.t", warehouse=warehouse, spark=spark, progress=say, key="id",
                        **kwargs)


def _engine_name(engine: str) -> str:
    return "spark" if engine == "spark" else "native"


def test_a_record_rescued_for_its_key_evolves_nothing(spark, tmp_path, engine):
    """A record whose key the key column cannot hold (text, an array, none) is rescued and observed for nothing:
    the key gets no suffixed column, and a field only such records bring is no column either, in that batch or
    any later one."""
    b1 = _write(tmp_path / "b1.jsonl", [{"id": 1, "v": 1}])
    b2 = _write(tmp_path / "b2.jsonl", [{"id": "u-45", "v": "text", "extra": "x"}, {"id": [7], "v": 3},
                                        {"id": 2, "v": 4}, {"v": 5, "keyless_only": True}])
    b3 = _write(tmp_path / "b3.jsonl", [{"id": 3, "v": 6}])
    warehouse = str(tmp_path / "wh")
    reports = _keyed(spark, engine, warehouse, [b1, b2, b3])
    assert [r.engine for r in reports] == [_engine_name(engine)] * 3, [(r.engine, r.why) for r in reports]
    cat = open_catalog(None, warehouse)
    table = cat.load_table("d.t")
    assert [f.name for f in table.schema().fields] == ["id", "v"]
    assert [r.fields_added for r in reports] == [["id", "v"], [], []]
    rows = {r["id"]: r["v"] for r in table.scan().to_arrow().to_pylist()}
    assert rows == {1: 1, 2: 4, 3: 6}
    rescued = [(r["reason"], json.loads(r["raw"])) for r in cat.load_table("d.t__rescued").scan().to_arrow().to_pylist()]
    assert sorted(rescued, key=lambda r: str(r[1])) == [
        (REASON, {"id": "u-45", "v": "text", "extra": "x"}), (REASON, {"id": [7], "v": 3}),
        (REASON, {"v": 5, "keyless_only": True})]


def test_a_new_keyed_tables_key_gets_one_column(spark, tmp_path, engine):
    """A first batch whose keys are of two types makes the key column of the type that holds both (the widest,
    as for any field seen first), and no suffixed column beside it: every record keeps its key."""
    b1 = _write(tmp_path / "b1.jsonl", [{"id": 1, "v": 1}, {"id": "a", "v": 2}])
    warehouse = str(tmp_path / "wh")
    reports = _keyed(spark, engine, warehouse, [b1])
    table = open_catalog(None, warehouse).load_table("d.t")
    assert [(f.name, str(f.field_type)) for f in table.schema().fields] == [("id", "string"), ("v", "long")]
    assert {r["id"]: r["v"] for r in table.scan().to_arrow().to_pylist()} == {"1": 1, "a": 2}
    assert (reports[0].records, reports[0].rescued) == (2, 0)


def test_a_key_spelled_in_another_case_is_the_key_under_case_conflict_merge(spark, tmp_path, engine):
    """Under ``on case_conflict merge`` a record's ``ID`` is its ``id``, as the planner folds the names: it keeps
    its key, and one whose ``Id`` the key column cannot hold is rescued, observed for nothing."""
    text = open(widen.default_rules_path()).read()
    line = next(x for x in text.splitlines() if x.startswith("on case_conflict keep"))
    rules = widen.load_rules("merge.rules", text=text.replace(line, "on case_conflict merge"))
    b1 = _write(tmp_path / "b1.jsonl", [{"id": 1, "v": 1}])
    b2 = _write(tmp_path / "b2.jsonl", [{"ID": 2, "v": 2}, {"Id": "u-45", "v": 3, "extra": True}])
    warehouse = str(tmp_path / "wh")
    reports = _keyed(spark, engine, warehouse, [b1, b2], rules=rules)
    assert [r.engine for r in reports] == [_engine_name(engine)] * 2, [(r.engine, r.why) for r in reports]
    table = open_catalog(None, warehouse).load_table("d.t")
    assert [f.name for f in table.schema().fields] == ["id", "v"]
    assert {r["id"]: r["v"] for r in table.scan().to_arrow().to_pylist()} == {1: 1, 2: 2}
    assert (reports[1].records, reports[1].rescued) == (1, 1)


def test_the_types_a_key_column_holds(rules):
    """What the observers are told of a key (no Spark): a long key column holds the types the rules route into it
    (a boolean, a date, a timestamp, a long), not a double, a decimal or text; a text column holds every type; a
    field the table has no column of, any value. Planned with the key, a value of a type its column does not
    hold has no route and adds no column."""
    from widen.engine.keys import key_types
    from widen.engine.schema import TableSchema
    from widen.engine.typed import rules_for

    rules = rules_for(rules)  # (a JSON batch's rules, as the ingest plans it: without the types of typed inputs only)
    table = widen.plan(TableSchema(), widen.observe_lines(['{"id": 1, "v": "x"}'], rules), rules).schema
    assert key_types(table, ("id", "v", "w"), rules).fields == (
        ("id", frozenset({"boolean", "date", "long", "timestamp"})),
        ("v", frozenset({"boolean", "date", "decimal", "double", "long", "string", "timestamp"})), ("w", None))
    batch = widen.observe_lines(['{"id": "u-45", "v": "y"}', '{"id": 2, "v": "z"}'], rules)
    keyed = widen.plan(table, batch, rules, key=("id",))
    assert keyed.schema.notation(with_docs=False).splitlines() == ["id::long", "v::string"] and not keyed.rejections
    assert {str(r.shape): [t.column for t in r.targets] for r in keyed.root.routes if r.field == "id"} == {
        "long": ["id"], "string": []}
    assert "id_string::string" in widen.plan(table, batch, rules).schema.notation(with_docs=False).splitlines()


def _commits(warehouse: str, tmp_path: Path) -> list:
    """The commits of ``d.t`` as ``widen report`` shows them: (batch file's name, records, rescued)."""
    out = tmp_path / "report.html"
    assert main(["report", "--warehouse", warehouse, "--table", "d.t", "--out", str(out)]) == 0
    page = out.read_text(encoding="utf-8")
    commits = re.search(r"<h2>Commits</h2>.*?</table>", page, flags=re.S).group(0)
    rows = [[html.unescape(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", r)]
            for r in re.findall(r"<tr>(.*?)</tr>", commits)][1:]
    return [(Path(r[2]).name, int(r[3]), int(r[5])) for r in rows]


def _parquet(path: Path, ids: list) -> Path:
    import pyarrow as pa
    import pyarrow.parquet as pq

    pq.write_table(pa.table({"id": pa.array(ids, pa.int64()), "v": pa.array(range(len(ids)), pa.int64())}), path)
    return path


@pytest.mark.parametrize("source", ["native", "spark", "dataframe", "parquet"])
def test_a_batchs_counts_agree_wherever_they_are_said(spark, tmp_path, monkeypatch, source):
    """A batch of 4 records, 3 of them rescued for their key: 1 record written and 3 rescued, in the progress
    line, the batch line, its report, its snapshot's summary and ``widen report``."""
    monkeypatch.setenv("WIDEN_NATIVE", "0" if source == "spark" else "1")
    warehouse = str(tmp_path / "wh")
    said: list[str] = []
    if source == "parquet":  # (a typed batch: its null keys are found as its rows are routed)
        paths = [_parquet(tmp_path / "b1.parquet", [1]), _parquet(tmp_path / "b2.parquet", [None, 2, None, None])]
        reports = widen.ingest([str(p) for p in paths], "d.t", warehouse=warehouse, spark=spark,
                               progress=said.append, key="id", input_format="parquet")
    else:
        paths = [_write(tmp_path / "b1.jsonl", [{"id": 1, "v": 1}]),
                 _write(tmp_path / "b2.jsonl", [{"v": 2}, {"id": 2, "v": 3}, {"id": None, "v": 4},
                                                {"id": "u-45", "v": 5}])]
        reports = _keyed(spark, source, warehouse, paths, said.append)
    report = reports[1]
    assert (report.records, report.rescued) == (1, 3), said
    prefix = "batch 2: " if source != "dataframe" else "b2.jsonl: "
    observed = [m for m in said if m.startswith(prefix + "observed")]
    assert observed == [prefix + "observed 1 record, 3 rescued"], said
    assert re.match(r"batch 2: 1 record, \d+ values? written, 0 fields added, 3 lines rescued", report.line(2))
    if source != "dataframe":
        assert report.line(2) in said
    table = open_catalog(None, warehouse).load_table("d.t")
    summary = table.current_snapshot().summary.additional_properties
    assert (summary["widen.records"], summary["widen.rescued"]) == ("1", "3")
    assert _commits(warehouse, tmp_path)[-1][1:] == (1, 3)
    assert len(table.scan().to_arrow()) == 2


def _added(tbl) -> list[tuple[str, int]]:
    """Every data file each commit of ``tbl`` added: (its path, its rows as its manifest entry counts them)."""
    from pyiceberg.manifest import ManifestEntryStatus

    out = []
    for snap in tbl.snapshots():
        for manifest in snap.manifests(tbl.io):
            for entry in manifest.fetch_manifest_entry(tbl.io, discard_deleted=False):
                if entry.status == ManifestEntryStatus.ADDED and entry.snapshot_id == snap.snapshot_id:
                    out.append((entry.data_file.file_path, entry.data_file.record_count))
    return out


def _rows_of(tbl, path: str) -> int:
    import pyarrow.parquet as pq

    with tbl.io.new_input(path).open() as f:
        return pq.read_metadata(f).num_rows


@pytest.mark.parametrize("partition_by", [None, "bucket(4, id)"])
@pytest.mark.parametrize("deletes", [False, True])
def test_no_commit_adds_a_data_file_without_rows(spark, tmp_path, partition_by, deletes):
    """Keyed batches into an unpartitioned and a partitioned table, with and without deletes (a batch that
    updates, inserts, deletes, rescues; one whose records are all older than the stored rows; one that deletes
    every row): every data file any commit added, to the table and to its rescued table, holds rows."""
    warehouse = str(tmp_path / "wh")
    b1 = _write(tmp_path / "b1.jsonl", [{"id": i, "v": i, "ts": 1} for i in range(6)])
    b2 = _write(tmp_path / "b2.jsonl", [{"id": 1, "v": 10, "ts": 2}, {"id": 9, "v": 9, "ts": 2}, {"v": 0, "ts": 2},
                                        *([{"id": 2, "op": "d", "ts": 3}] if deletes else [])])
    b3 = _write(tmp_path / "b3.jsonl", [{"id": 1, "v": 100, "ts": 0}, {"id": 3, "v": 300, "ts": 0}])
    gone = [0, 1, 3, 4, 5, 9] if deletes else []
    b4 = _write(tmp_path / "b4.jsonl", [{"id": i, "op": "d", "ts": 9} for i in gone] or [{"id": 7, "v": 7, "ts": 1}])
    kwargs = {"order_by": "ts", "partition_by": partition_by, **({"delete_when": "op = 'd'"} if deletes else {})}
    reports = widen.ingest([str(b) for b in (b1, b2, b3, b4)], "d.t", warehouse=warehouse, spark=spark,
                           progress=lambda m: None, key="id", **kwargs)
    assert all(r.engine == "native" for r in reports), [(r.engine, r.why) for r in reports]
    cat = open_catalog(None, warehouse)
    table = cat.load_table("d.t")
    rows = {r["id"]: r["v"] for r in table.scan().to_arrow().to_pylist()}
    assert rows == ({} if deletes else {0: 0, 1: 10, 2: 2, 3: 3, 4: 4, 5: 5, 7: 7, 9: 9})
    for tbl in (table, cat.load_table("d.t__rescued")):
        added = _added(tbl)
        assert added and [(Path(p).name, n) for p, n in added if n == 0 or _rows_of(tbl, p) == 0] == []
    graves = sorted((Path(warehouse) / "d" / "t" / "metadata").glob(f"{GRAVES}*/*.parquet"))  # (deletes remembered)
    assert bool(graves) == deletes and [p.name for p in graves if _rows_of(table, str(p)) == 0] == []
    assert not table.spec().is_unpartitioned() if partition_by else table.spec().is_unpartitioned()


EMPTY_KEYS = [{"id": [[], [None]], "v": 2}, {"id": {}, "v": 5}, {"id": None, "v": 7}, {"id": [], "v": 10},
              {"id": [[[[[[[[[[None]]]]]]]]]], "v": 13}, {"id": {"": 1}, "v": 14}]
SHAPED_KEYS = [{"id": [[[[2]]]], "v": 1}, {"id": [1, "a"], "v": 3}, {"id": [[1], 2], "v": 4}, {"id": {"a": 1}, "v": 6},
               {"id": "u-45", "v": 8}, {"id": 2.5, "v": 9}, {"id": [[[[[[[[[[1]]]]]]]]]], "v": 12}]


@pytest.mark.parametrize("batches", [[[{"id": 1, "v": 0}], EMPTY_KEYS + SHAPED_KEYS + [{"id": 3, "v": 11}]],
                                     [[{"id": "a", "v": 0}], EMPTY_KEYS + SHAPED_KEYS + [{"id": "b", "v": 11}]],
                                     [EMPTY_KEYS + [{"id": 3, "v": 11}, {"id": 4, "v": 15}]]],
                         ids=["long key", "string key", "new table"])
def test_keys_of_every_shape_are_told_alike_by_both_engines(spark, tmp_path, monkeypatch, batches):
    """Keys that are arrays nested to any depth (with values, without any, mixed), records, empty records, nulls
    and scalars of other types: Spark's observer keeps and rescues the same records as the native pass, into a
    table keyed by a long, one keyed by a string (which holds a mixed array as its text) and a new one (whose key
    column the batch makes)."""
    seen = []
    for engine in ("native", "spark"):
        (tmp_path / engine).mkdir()
        paths = [_write(tmp_path / engine / f"b{i}.jsonl", b) for i, b in enumerate(batches)]
        warehouse = str(tmp_path / engine / "wh")
        if len(paths) > 1:  # (the table keyed by the first batch, on the native pass either way)
            monkeypatch.setenv("WIDEN_NATIVE", "1")
            _keyed(spark, "native", warehouse, paths[:1])
        monkeypatch.setenv("WIDEN_NATIVE", "1" if engine == "native" else "0")
        reports = _keyed(spark, engine, warehouse, paths[-1:])
        assert {r.engine for r in reports} == {_engine_name(engine)}, [(r.engine, r.why) for r in reports]
        cat = open_catalog(None, warehouse)
        table = cat.load_table("d.t")
        rows = sorted(json.dumps(r, sort_keys=True, default=str) for r in table.scan().to_arrow().to_pylist())
        rescued = cat.load_table("d.t__rescued") if cat.table_exists("d.t__rescued") else None
        raws = sorted(r["raw"] for r in rescued.scan().to_arrow().to_pylist()) if rescued is not None else []
        seen.append(([(f.name, str(f.field_type)) for f in table.schema().fields], rows, raws))
    assert seen[0] == seen[1], seen
    assert len(seen[0][2]) >= len(EMPTY_KEYS)
