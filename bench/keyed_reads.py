"""Reading a keyed table merged on read: ``widen.read`` and ``widen show`` of a table after N merge-on-read batches
against the same rows compacted, alternating, medians.

    python bench/keyed_reads.py [--rows 1000000] [--batches 20] [--batch 10000] [--repeat 5] [--out FILE.json]

The table: ``--rows`` rows (``bench/keyed.py``'s, a keyed ingest: merged on read), then ``--batches`` keyed batches
of ``--batch`` records each (90% updates spread over the table, 9% inserts, 1% deletes), written in one session
(not timed). ``--clustered``: the updates and deletes of each batch fall on the table's most recent keys (the last
``5 * --batch`` ids, as a CDC feed of recent rows), so that most data files have no delete. The compacted table: the same batches into another table, then ``widen.compact(everything=True)``;
both read the same rows (checked). Each run:

- **read**: one warm session, ``widen.read(spark, table).write.format("noop")`` (every row and column, by the
  executors; the position deletes applied as the rows are read), the two tables alternating;
- **show**: a fresh ``widen show --table T --limit 20`` process (pyiceberg on the driver, which applies the
  deletes), alternating;
- **floor** (not a read of Widen's): in the same session, the compacted table's data files read by Spark's Parquet
  reader asking each row's position too (``_metadata.row_index``), which any reader that applies position deletes
  in Spark needs, against the same files read plainly; its ratio is a floor of the read's.

Data under ``$WIDEN_BENCH_WORK`` (default ``/tmp/widen-bench``) ``/keyed-reads``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from keyed import _row  # noqa: E402
from process import say, widen_cmd  # noqa: E402

WORK = Path(os.environ.get("WIDEN_BENCH_WORK", "/tmp/widen-bench")) / "keyed-reads"
KEYED = {"key": "id", "order_by": "ts", "delete_when": "op = 'd'"}


def tables(spark, rows: int, batches: int, batch: int, clustered: bool = False) -> tuple[Path, Path]:
    """(the table after the batches, the same batches into another table compacted after them), made once."""
    import widen

    base = WORK / f"{rows}-{batches}x{batch}{'-clustered' if clustered else ''}"
    merged, compacted = base / "merged", base / "compacted"
    if (base / ".done").exists():
        return merged, compacted
    shutil.rmtree(base, ignore_errors=True)
    base.mkdir(parents=True)
    rng = random.Random(11)
    paths = [base / "table.jsonl"]
    with open(paths[0], "w") as fh:
        for i in range(rows):
            fh.write(json.dumps(_row(i, 1, rng)) + "\n")
    top = rows
    for b in range(batches):
        paths.append(base / f"batch-{b}.jsonl")
        with open(paths[-1], "w") as fh:
            recent = range(max(0, top - 5 * batch) if clustered else 0, top)
            for n, i in enumerate(rng.sample(recent, batch * 91 // 100)):
                fh.write(json.dumps({"id": i, "op": "d", "ts": 2 + b} if n >= batch * 90 // 100
                                    else _row(i, 2 + b, rng)) + "\n")
            for i in range(top, top + batch * 9 // 100):
                fh.write(json.dumps(_row(i, 2 + b, rng)) + "\n")
            top += batch * 9 // 100
    for warehouse in (merged, compacted):
        for n, path in enumerate(paths):  # (each file its own batch)
            widen.ingest([str(path)], "bench.t", warehouse=str(warehouse), spark=spark, progress=lambda m: None,
                         **(KEYED if n == 0 else {}))
    widen.compact("bench.t", warehouse=str(compacted), spark=spark, everything=True)
    (base / ".done").touch()
    return merged, compacted


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rows", type=int, default=1_000_000)
    ap.add_argument("--batches", type=int, default=20)
    ap.add_argument("--batch", type=int, default=10_000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--clustered", action="store_true", help="updates and deletes on the most recent keys")
    ap.add_argument("--out")
    args = ap.parse_args(argv)
    import widen
    from widen.ingest import open_catalog
    from widen.session import spark_session

    spark = spark_session()
    merged, compacted = tables(spark, args.rows, args.batches, args.batch, args.clustered)
    names = {"merged": merged, "compacted": compacted}
    counts = {n: widen.read(spark, "bench.t", warehouse=str(w)).count() for n, w in names.items()}
    same = {n: widen.read(spark, "bench.t", warehouse=str(w)).exceptAll(
        widen.read(spark, "bench.t", warehouse=str(names["compacted" if n == "merged" else "merged"]))).count()
        for n, w in names.items()}
    say(f"rows: {counts}; rows of one not in the other: {same}")
    read = {n: [] for n in names}
    show = {n: [] for n in names}
    files = [t.file.file_path.removeprefix("file://") for t in
             open_catalog(None, str(compacted)).load_table("bench.t").scan().plan_files()]
    floor = {"positions": [], "plain": []}
    plain = spark.read.parquet(*files)  # (the files listed and their footers read once, before the clock)
    frames = {"positions": plain.select("*", "_metadata.row_index"), "plain": plain}
    for i in range(args.repeat):
        for n in (("merged", "compacted") if i % 2 == 0 else ("compacted", "merged")):
            t = time.perf_counter()
            widen.read(spark, "bench.t", warehouse=str(names[n])).write.format("noop").mode("overwrite").save()
            read[n].append(time.perf_counter() - t)
            t = time.perf_counter()  # (a plain child: this process's own Spark JVM is a child too, never reaped)
            rc = subprocess.run(widen_cmd() + ["show", "--warehouse", str(names[n]), "--table", "bench.t",
                                               "--limit", "20"], cwd=WORK, capture_output=True).returncode
            show[n].append(time.perf_counter() - t)
            say(f"run {i + 1} {n}: read {read[n][-1]:.2f} s, show {show[n][-1]:.2f} s (rc {rc})")
        for n in (("positions", "plain") if i % 2 == 0 else ("plain", "positions")):
            t = time.perf_counter()
            frames[n].write.format("noop").mode("overwrite").save()
            floor[n].append(time.perf_counter() - t)
            say(f"run {i + 1} floor, {n}: {floor[n][-1]:.2f} s")
    out = {k: {n: statistics.median(v) for n, v in d.items()} for k, d in (("read", read), ("show", show))}
    print("| what | after merge-on-read batches s | compacted s | ratio |")
    print("|---|---|---|---|")
    for k, v in out.items():
        print(f"| {k} | {v['merged']:.2f} | {v['compacted']:.2f} | {v['merged'] / v['compacted']:.2f}x |")
    low = {n: statistics.median(v) for n, v in floor.items()}
    print(f"| floor: the compacted files with each row's position, against plainly | {low['positions']:.2f} | "
          f"{low['plain']:.2f} | {low['positions'] / low['plain']:.2f}x |")
    if args.out:
        Path(args.out).write_text(json.dumps({"medians": out, "read": read, "show": show, "floor": floor,
                                              "rows": counts}, indent=1))
    return 0 if counts["merged"] == counts["compacted"] and not any(same.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
