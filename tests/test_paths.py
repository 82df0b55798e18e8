"""A warehouse whose path has a colon, a space or a percent sign: every record lands in the table, and every file
under the directory named. (The warehouse's URI was percent-encoded: Spark and pyiceberg wrote to a directory
named `co%3Alon`, Widen listed `co:lon`, found no file, and committed a batch of records as no rows.)"""

from __future__ import annotations

from pathlib import Path

import pytest

import widen
from widen.sink.catalog import open_catalog


@pytest.mark.parametrize("name", ["co:lon", "a space", "50%off"])
def test_a_warehouse_path_with_special_characters(spark, tmp_path, name):
    batch = tmp_path / "b.jsonl"
    batch.write_text('{"id": 1, "v": "x"}\n{"id": 2, "v": 2}\nnot json\n')
    warehouse = tmp_path / name / "wh"
    (report,) = widen.ingest([str(batch)], "d.t", warehouse=str(warehouse), spark=spark, progress=lambda m: None)
    assert (report.records, report.rescued) == (2, 1) and report.values == 5  # (2 also as text, beside "x")
    (keyed,) = widen.ingest([str(batch)], "d.k", warehouse=str(warehouse), spark=spark, progress=lambda m: None,
                            key="id")
    cat = open_catalog(None, str(warehouse))
    assert sorted(r["id"] for r in cat.load_table("d.t").scan().to_arrow().to_pylist()) == [1, 2]
    assert sorted(r["id"] for r in cat.load_table("d.k").scan().to_arrow().to_pylist()) == [1, 2]
    assert cat.load_table("d.t__rescued").scan().to_arrow().num_rows == 1
    assert [p.name for p in tmp_path.iterdir() if p.is_dir()] == [name]  # (no `co%3Alon` beside it)
    assert list(Path(warehouse).rglob("*.parquet"))


def test_records_spark_wrote_no_file_for_are_never_committed_as_nothing(spark, tmp_path, monkeypatch):
    """Whatever made the files land elsewhere than where Widen lists them, a batch of records for which no file
    is found fails, with nothing committed, instead of committing no rows."""
    import widen.sink.commit

    batch = tmp_path / "b.jsonl"
    batch.write_text('{"id": 1}\n')
    monkeypatch.setenv("WIDEN_ONE_PASS", "0")
    monkeypatch.setattr(widen.sink.commit, "write_parquet", lambda df, directory, fields=(): [])
    with pytest.raises(widen.WidenError, match="Spark wrote no file under .* for 1 record; nothing was committed"):
        widen.ingest([str(batch)], "d.t", warehouse=str(tmp_path / "wh"), spark=spark, progress=lambda m: None)
    assert not open_catalog(None, str(tmp_path / "wh")).table_exists("d.t")  # (a first batch: nothing created)
