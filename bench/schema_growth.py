"""Schema growth: many batches, each adding columns, committed the way `widen ingest` commits (plan against the
table's schema, one pyiceberg transaction with `union_by_name` + `add_files`), without Spark: each batch's data
file is one small Parquet file written with pyarrow. Prints per-batch plan and commit time and the size of the
table's current metadata file, so growth with table history is visible.

    .venv/bin/python bench/schema_growth.py --batches 200 --columns 50
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

import widen
from widen.compiler.iceberg import from_iceberg, to_iceberg
from widen.ingest import TABLE_PROPERTIES, open_catalog


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--batches", type=int, default=200)
    ap.add_argument("--columns", type=int, default=50)
    ap.add_argument("--out", default=None)
    args = ap.parse_args()
    rules = widen.load_rules()
    root = Path(tempfile.mkdtemp(prefix="widen-growth-"))
    cat = open_catalog(None, str(root))
    cat.create_namespace("g")
    from pyiceberg.schema import Schema

    tbl = cat.create_table("g.t", schema=Schema(), properties=TABLE_PROPERTIES)
    rows = []
    for b in range(args.batches):
        names = [f"c{b}_{i}" for i in range(args.columns)]
        line = json.dumps({n: i for i, n in enumerate(names)})
        t0 = time.perf_counter()
        tbl = cat.load_table("g.t")
        current = tbl.schema()
        p = widen.plan(from_iceberg(current, rules) if current.fields else widen.TableSchema(),
                       widen.observe_lines([line], rules), rules)
        target = to_iceberg(p.schema, rules, current)
        t1 = time.perf_counter()
        data = root / f"b{b}.parquet"
        pq.write_table(pa.table({n: pa.array([i], pa.int64()) for i, n in enumerate(names)}), data)
        t2 = time.perf_counter()
        with tbl.transaction() as tx:
            tx.update_schema().union_by_name(target).commit()
            tx.add_files([str(data)], snapshot_properties={"widen.batch": str(b)})
        t3 = time.perf_counter()
        tbl = cat.load_table("g.t")
        size = os.path.getsize(tbl.metadata_location.replace("file://", ""))
        rows.append({"batch": b + 1, "columns": len(tbl.schema().fields), "plan_s": t1 - t0, "commit_s": t3 - t2,
                     "metadata_bytes": size, "schemas": len(tbl.metadata.schemas)})
        if (b + 1) % 10 == 0 or b == 0:
            r = rows[-1]
            print(f"batch {r['batch']:4d}: {r['columns']:6d} columns, plan {r['plan_s']*1000:7.1f} ms, commit "
                  f"{r['commit_s']*1000:7.1f} ms, metadata {r['metadata_bytes']/1e6:7.2f} MB ({r['schemas']} schemas)",
                  flush=True)
    first, last = rows[:20], rows[-20:]
    print(f"median commit: first 20 batches {statistics.median(r['commit_s'] for r in first)*1000:.1f} ms, "
          f"last 20 {statistics.median(r['commit_s'] for r in last)*1000:.1f} ms; "
          f"median plan: first 20 {statistics.median(r['plan_s'] for r in first)*1000:.1f} ms, "
          f"last 20 {statistics.median(r['plan_s'] for r in last)*1000:.1f} ms; "
          f"metadata file {rows[-1]['metadata_bytes']/1e6:.2f} MB after {len(rows)} batches")
    if args.out:
        Path(args.out).write_text(json.dumps(rows, indent=1))


if __name__ == "__main__":
    main()
