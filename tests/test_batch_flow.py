"""The walk of a batch (docs/architecture.md): it loads its table once to plan and once to commit, and plans once
(plus the one pass's speculative plan from the table alone)."""

from __future__ import annotations

import json
import sys
from collections import Counter

import pytest
from pyiceberg.catalog.sql import SqlCatalog

import widen
from widen.sink.catalog import open_catalog
from widen.engine import planner

pytestmark = pytest.mark.spark


def _caller() -> str:
    """The file of the code that asked for the load: past the catalog's lock waits (``widen/sink/storage.py``, which
    wraps each call of the catalog, pyiceberg's own calls too)."""
    frame = sys._getframe(2)
    while frame is not None and frame.f_code.co_filename.endswith(("sink/storage.py", "functools.py")):
        frame = frame.f_back
    return frame.f_code.co_filename if frame is not None else ""


@pytest.fixture
def counted(monkeypatch):
    """Counts of Widen's loads and creations of the table through the catalog, and of plans made, by the function that
    made them (every module's reference to the planner's ``plan`` counted, wherever it was imported)."""
    counts: Counter = Counter()
    load, create, plan = SqlCatalog.load_table, SqlCatalog.create_table, planner.plan

    def counting_load(self, identifier, *args, **kwargs):
        if "pyiceberg" not in _caller():  # (not pyiceberg's own, inside a commit)
            counts["load " + (identifier if isinstance(identifier, str) else ".".join(identifier))] += 1
        return load(self, identifier, *args, **kwargs)

    def counting_create(self, identifier, *args, **kwargs):
        counts["create"] += 1
        return create(self, identifier, *args, **kwargs)

    def counting_plan(*args, **kwargs):
        counts["plan " + sys._getframe(1).f_code.co_name] += 1
        return plan(*args, **kwargs)

    monkeypatch.setattr(SqlCatalog, "load_table", counting_load)
    monkeypatch.setattr(SqlCatalog, "create_table", counting_create)
    for module in [m for name, m in list(sys.modules.items()) if name.startswith("widen") and m is not None]:
        if getattr(module, "plan", None) is plan:
            monkeypatch.setattr(module, "plan", counting_plan)
    return counts


def test_a_three_batch_ingest_loads_its_table_twice_a_batch_and_plans_once(spark, tmp_path, counted):
    warehouse = str(tmp_path / "wh")
    batches = []
    for number, records in enumerate([[{"id": 1, "price": 10}], [{"id": 2, "price": 12}],
                                      [{"id": 3, "price": "n/a"}]], start=1):
        path = tmp_path / f"b{number}.jsonl"
        path.write_text("".join(json.dumps(r) + "\n" for r in records))
        batches.append(str(path))
    reports = widen.ingest(batches, "d.t", warehouse=warehouse, spark=spark, progress=lambda m: None)
    counted = Counter(counted)

    assert [r.records for r in reports] == [1, 1, 1]
    assert [r.passes for r in reports][1:] == [1, 2], "the second batch fits the table, the third adds a column"
    assert all(r.snapshot_id is not None for r in reports)
    table = open_catalog(None, warehouse).load_table("d.t")
    assert [s.snapshot_id for s in table.snapshots()] == [r.snapshot_id for r in reports]
    assert reports[-1].values == 2 and reports[-1].fields_added == ["price_string"]
    # the names every table already holds (docs/ingest.md): the format, not the code's module names
    summary = table.current_snapshot().summary.additional_properties
    assert {"widen.commit-id", "widen.batch", "widen.files", "widen.records", "widen.rescued", "widen.fields-added",
            "widen.mode"} <= set(summary), summary
    assert table.properties.get("widen.ledger", "").startswith(table.location()), table.properties
    # one load for the run (the first batch plans against it), then one to plan and one to commit a batch;
    # the new table is created by the first batch's commit
    assert counted["load d.t"] == 1 + 1 + 2 + 2, counted
    assert counted["create"] == 1, counted
    # each batch's plan once; the second and third batches' one pass adds its speculative plan
    plans = {k: v for k, v in counted.items() if k.startswith("plan ")}
    assert sum(plans.values()) == 3 + 2, counted


def test_a_retry_after_a_conflict_reloads_the_table_once(spark, tmp_path, counted, monkeypatch):
    """Another writer commits between our load and our commit: the failed commit's table is reloaded once (whether
    it landed, what the next attempt plans against), and the next attempt loads nothing more."""
    from helpers import another_writer_after_our_write

    warehouse = str(tmp_path / "wh")
    paths = []
    for name, record in (("seed", {"id": 0, "x": 1}), ("theirs", {"id": 2, "x": "two"}), ("ours", {"id": 1, "x": 2})):
        paths.append(tmp_path / f"{name}.jsonl")
        paths[-1].write_text(json.dumps(record) + "\n")
    quiet = lambda m: None
    widen.ingest([str(paths[0])], "d.t", warehouse=warehouse, spark=spark, progress=quiet)
    theirs = []

    def their_commit():
        before = counted["load d.t"]
        widen.ingest([str(paths[1])], "d.t", warehouse=warehouse, spark=spark, progress=quiet)
        theirs.append(counted["load d.t"] - before)

    another_writer_after_our_write(monkeypatch, their_commit)
    counted.clear()
    [report] = widen.ingest([str(paths[2])], "d.t", warehouse=warehouse, spark=spark, progress=quiet)
    assert report.attempts == 2
    # the run's load (planned against), the first attempt's, the failed commit's reload; none for the second attempt
    assert counted["load d.t"] - theirs[0] == 1 + 1 + 1, counted
    rows = open_catalog(None, warehouse).load_table("d.t").scan().to_arrow().to_pylist()
    assert sorted(r["id"] for r in rows) == [0, 1, 2]
