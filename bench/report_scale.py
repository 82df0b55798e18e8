"""`widen report` on a big table: COLUMNS columns (half of them evolved: ``f{i}`` and ``f{i}_string``,
documented ``evolved_from:f{i}``) and SNAPSHOTS snapshots, made with tiny files committed the way ``bench/ledger.py``
commits them (pyarrow writes a one-row Parquet file, pyiceberg adds it with a batch summary; Widen's table
properties, so manifests merge). Then ``widen report`` of it, a fresh process, timed; the page's size.

    python bench/report_scale.py --columns 2000 --snapshots 5000 [--work DIR]

Making the table is the slow part (a commit takes longer as the table's metadata grows: some 23 minutes for 5,000
snapshots at 2,000 columns);
``--work DIR`` keeps it: a later run continues it to ``--snapshots``, or only reports with ``--reuse``.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
import uuid


def make(work: str, columns: int, snapshots: int, per_commit: int = 1) -> None:
    import pyarrow as pa
    from pyiceberg.schema import Schema
    from pyiceberg.types import LongType, NestedField, StringType

    from widen.ingest import TABLE_PROPERTIES, open_catalog

    _shallow_metadata_copies()
    cat = open_catalog(None, f"{work}/wh")
    cat.create_namespace_if_not_exists("big")
    fields = []
    for i in range(columns // 2):
        fields.append(NestedField(2 * i + 1, f"f{i}", LongType(), required=False))
        fields.append(NestedField(2 * i + 2, f"f{i}_string", StringType(), required=False, doc=f"evolved_from:f{i}"))
    if cat.table_exists("big.t"):  # (a table made before, with fewer snapshots: it is continued)
        tbl = cat.load_table("big.t")
        fields = list(tbl.schema().fields)
    else:
        tbl = cat.create_table("big.t", schema=Schema(*fields), properties=TABLE_PROPERTIES)
    arrow = pa.schema([pa.field(f.name, pa.int64() if isinstance(f.field_type, LongType) else pa.string())
                       for f in fields])
    started = time.perf_counter()
    n = len(tbl.snapshots())
    while n < snapshots:
        with tbl.transaction() as tx:  # (per_commit fast appends in one transaction: that many snapshots, one commit)
            for n in range(n, min(n + per_commit, snapshots)):
                tx.add_files([_one_row_file(tbl, fields, arrow, n)], check_duplicate_files=False,
                             snapshot_properties={"widen.batch": f"/landing/batch-{n}.jsonl",
                                                  "widen.records": "1", "widen.rescued": "0"})
        n += 1
        if n % 500 < per_commit or n == snapshots:
            print(f"{n} snapshots ({time.perf_counter() - started:.0f} s)", file=sys.stderr, flush=True)


def _shallow_metadata_copies() -> None:
    """pyiceberg deep-copies the whole table metadata some 17 times per append (``update_table_metadata``): at 2,000
    columns that is nine tenths of a commit's half second. Its metadata objects are never changed in place (each update
    makes a new one with ``model_copy(update=...)``), so making the table here, a shallow copy writes the same table."""
    from pyiceberg.table.metadata import TableMetadataV2

    deep_copy = TableMetadataV2.model_copy
    TableMetadataV2.model_copy = lambda self, *, update=None, deep=False: deep_copy(self, update=update)


def _one_row_file(tbl, fields, arrow, n: int) -> str:
    import pyarrow as pa
    import pyarrow.parquet as pq
    from pyiceberg.types import LongType

    row = {f.name: [n if isinstance(f.field_type, LongType) else None] for f in fields[:4]}
    path = f"{tbl.location().removeprefix('file://').removeprefix('file:')}/data/part-{n}-{uuid.uuid4().hex}.parquet"
    os.makedirs(os.path.dirname(path), exist_ok=True)
    # (a batch's file holds the columns it brings: a few; the table's other columns read as null)
    pq.write_table(pa.table({k: pa.array(v, arrow.field(k).type) for k, v in row.items()}), path)
    return path


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--columns", type=int, default=2000)
    ap.add_argument("--snapshots", type=int, default=5000)
    ap.add_argument("--work", help="where the table is made (default: a new temporary directory)")
    ap.add_argument("--snapshots-per-commit", type=int, default=1,
                    help="fast appends per catalog commit while making the table (each is its own snapshot)")
    ap.add_argument("--reuse", action="store_true", help="the table in --work is there already")
    a = ap.parse_args()
    work = a.work or tempfile.mkdtemp(prefix="bench-report-")
    if not a.reuse:
        make(work, a.columns, a.snapshots, a.snapshots_per_commit)
    out = f"{work}/report.html"
    widen = [sys.executable, "-m", "widen.cli", "report", "--warehouse", f"{work}/wh", "--table", "big.t", "--out", out]
    started = time.perf_counter()
    run = subprocess.run(widen, capture_output=True, text=True)
    seconds = time.perf_counter() - started
    if run.returncode:
        print(run.stderr, file=sys.stderr)
        return 1
    from widen.ingest import open_catalog

    tbl = open_catalog(None, f"{work}/wh").load_table("big.t")
    print(f"widen report: {len(tbl.schema().fields)} columns, {len(tbl.snapshots())} snapshots: {seconds:.2f} s "
          f"(whole process), page {os.path.getsize(out) / 1e6:.2f} MB ({work})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
