"""`widen report` on a big table (issue 44): COLUMNS columns (half of them evolved: ``f{i}`` and ``f{i}_string``,
documented ``evolved_from:f{i}``) and SNAPSHOTS snapshots, made with tiny files committed the way ``bench/ledger.py``
commits them (pyarrow writes a one-row Parquet file, pyiceberg adds it with a batch summary; Widen's table
properties, so manifests merge). Then ``widen report`` of it, a fresh process, timed; the page's size.

    python bench/report_scale.py --columns 2000 --snapshots 5000 [--work DIR]

Making the table is the slow part (about half a second a commit at 2,000 columns: some 40 minutes for 5,000);
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


def make(work: str, columns: int, snapshots: int) -> None:
    import pyarrow as pa
    import pyarrow.parquet as pq
    from pyiceberg.schema import Schema
    from pyiceberg.types import LongType, NestedField, StringType

    from widen.ingest import TABLE_PROPERTIES, open_catalog

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
    for n in range(len(tbl.snapshots()), snapshots):
        row = {f.name: [n if isinstance(f.field_type, LongType) else None] for f in fields[:4]}
        path = f"{tbl.location().removeprefix('file://').removeprefix('file:')}/data/part-{n}-{uuid.uuid4().hex}.parquet"
        os.makedirs(os.path.dirname(path), exist_ok=True)
        # (a batch's file holds the columns it brings: a few; the table's other columns read as null)
        pq.write_table(pa.table({k: pa.array(v, arrow.field(k).type) for k, v in row.items()}), path)
        with tbl.transaction() as tx:
            tx.add_files([path], snapshot_properties={"widen.batch": f"/landing/batch-{n}.jsonl",
                                                      "widen.records": "1", "widen.rescued": "0"},
                         check_duplicate_files=False)
        tbl = cat.load_table("big.t")
        if (n + 1) % 500 == 0:
            print(f"{n + 1} snapshots ({time.perf_counter() - started:.0f} s)", file=sys.stderr, flush=True)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--columns", type=int, default=2000)
    ap.add_argument("--snapshots", type=int, default=5000)
    ap.add_argument("--work", help="where the table is made (default: a new temporary directory)")
    ap.add_argument("--reuse", action="store_true", help="the table in --work is there already")
    a = ap.parse_args()
    work = a.work or tempfile.mkdtemp(prefix="bench-report-")
    if not a.reuse:
        make(work, a.columns, a.snapshots)
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
