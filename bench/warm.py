"""The warm job a cluster pays for: megabytes of JSON per CPU-second of Widen's ingest against Spark's own JSON
reader, in one SparkSession, warm-up rounds first, then rounds that rotate the jobs' order, medians.

    python bench/warm.py [--records 200000] [--rounds 8] [--warmup 3] [--data DIR] [--out FILE.json]

The records: ``bench/gen.py``'s (default arguments, seed 0), or the JSON-lines files under ``--data``; either is one
batch (its directory). The jobs, each a round's turn:

- **one pass**: ``widen.ingest`` of the batch into a table that already has its columns (made before the clock by
  an ingest of the same batch; ``force``: the ledger would skip files it has taken): a batch that adds no column,
  routed in one pass (checked each round);
- **two passes**: ``widen.ingest`` of the batch into a new table (each round its own): observed, then routed;
- **spark json**: ``spark.read.json(dir).write.parquet(out)``, Spark inferring the schema (lossy on drift: a value
  of another type becomes text, or null);
- **spark schema**: ``spark.read.schema(S).json(dir).write.parquet(out)`` with the schema Spark inferred handed to
  it (no inference; lossy on drift).

Reported per job: wall seconds, the CPU seconds of the driver JVM (where local mode runs the tasks too, from
``/proc``) and of this Python process (Widen's driver work: the batch's hash for the ledger, the commit), and the
megabytes of JSON per CPU-second of both; Widen's ratios are its MB per CPU-second over Spark's. Each round starts
its jobs one later in the order (a multiple of 4 rounds puts each job first, second, third and last as often), and
the JVM collects its garbage before each job, outside the clock. The rows each table holds are checked against
the batch's lines.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from keyed_watch import jvm_cpu  # noqa: E402

JOBS = ("one pass", "two passes", "spark json", "spark schema")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--records", type=int, default=200_000)
    ap.add_argument("--rounds", type=int, default=8)
    ap.add_argument("--warmup", type=int, default=3)
    ap.add_argument("--data", help="a directory of bench/gen.py's output to use as it is")
    ap.add_argument("--out")
    a = ap.parse_args(argv)
    import widen
    from widen.session import spark_session

    work = Path(tempfile.mkdtemp(prefix="widen-warm-"))
    try:
        data = Path(a.data) if a.data else work / "data"
        if not a.data:
            subprocess.run([sys.executable, str(HERE / "gen.py"), str(data), "--records", str(a.records),
                            "--batches", "1"], check=True, stdout=subprocess.DEVNULL)
        files = sorted(data.rglob("*.jsonl"))
        mb = sum(os.path.getsize(p) for p in files) / 1e6
        lines = sum(1 for f in files for line in open(f, "rb") if line.strip())
        paths = [str(data)]  # (one batch)
        spark = spark_session()
        jvm = spark.sparkContext._jvm.java.lang.ProcessHandle.current().pid()
        warehouse = str(work / "wh")
        quiet = {"progress": lambda m: None, "warehouse": warehouse}
        widen.ingest(paths, "warm.steady", spark=spark, **quiet)
        schema = spark.read.json(paths).schema
        steady = 1
        times = {j: {"wall": [], "jvm_cpu": [], "py_cpu": []} for j in JOBS}
        for n in range(a.warmup + a.rounds):
            turn = (n - a.warmup) % len(JOBS)
            for job in JOBS[turn:] + JOBS[:turn]:
                out = str(work / "out")
                spark.sparkContext._jvm.java.lang.System.gc()
                j0, p0, t0 = jvm_cpu(jvm), time.process_time(), time.perf_counter()
                if job == "one pass":
                    report = widen.ingest(paths, "warm.steady", spark=spark, force=True, **quiet)[-1]
                    steady += 1
                elif job == "two passes":
                    report = widen.ingest(paths, f"warm.new_{n}", spark=spark, **quiet)[-1]
                elif job == "spark json":
                    spark.read.json(paths).write.mode("overwrite").parquet(out)
                else:
                    spark.read.schema(schema).json(paths).write.mode("overwrite").parquet(out)
                wall, cpu, py = time.perf_counter() - t0, jvm_cpu(jvm) - j0, time.process_time() - p0
                if job == "one pass" and report.passes != 1:
                    raise SystemExit(f"one pass: the batch was read {report.passes} times ({report.passes_why})")
                if job == "two passes" and not report.fields_added:
                    raise SystemExit("two passes: the batch added no column to its new table")
                if n >= a.warmup:
                    times[job]["wall"].append(wall)
                    times[job]["jvm_cpu"].append(cpu)
                    times[job]["py_cpu"].append(py)
                shutil.rmtree(out, ignore_errors=True)
                print(f"  round {n}{' (warm-up)' if n < a.warmup else ''} {job}: {wall:.2f} s, JVM CPU {cpu:.2f} s, "
                      f"Python CPU {py:.2f} s", file=sys.stderr, flush=True)
        held = {"warm.steady": lines * steady, **{f"warm.new_{n}": lines for n in range(a.warmup + a.rounds)}}
        for table, expected in held.items():
            got = widen.read(spark, table, warehouse=warehouse).count()
            if got != expected:
                print(f"{table} holds {got:,} rows, not {expected:,}", file=sys.stderr)
                return 1
    finally:
        shutil.rmtree(work, ignore_errors=True)
    for t in times.values():
        t["cpu"] = [j + p for j, p in zip(t["jvm_cpu"], t["py_cpu"])]
    med = {j: {k: statistics.median(v) for k, v in t.items()} for j, t in times.items()}
    rate = {j: mb / med[j]["cpu"] for j in JOBS}
    print(f"{lines:,} records, {mb:,.0f} MB of JSON; medians of {a.rounds} rounds after {a.warmup} warm-up")
    print("| job | wall s | JVM CPU s | Python CPU s | MB per CPU-second | over spark json | over spark schema |")
    print("|---|---|---|---|---|---|---|")
    for j in JOBS:
        print(f"| {j} | {med[j]['wall']:.2f} | {med[j]['jvm_cpu']:.2f} | {med[j]['py_cpu']:.2f} | {rate[j]:.1f} "
              f"| {rate[j] / rate['spark json']:.2f}x | {rate[j] / rate['spark schema']:.2f}x |")
    if a.out:
        Path(a.out).write_text(json.dumps({"args": vars(a), "mb": mb, "times": times, "medians": med}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
