"""The warm job a cluster pays for: CPU-seconds per gigabyte of Widen's ingest against Spark's own JSON reader, in
one SparkSession, warm-up rounds first, then alternating rounds, medians.

    python bench/warm.py [--records 200000] [--rounds 5] [--warmup 3] [--data DIR] [--out FILE.json]

The records: ``bench/gen.py``'s (default arguments, seed 0), one batch. The jobs, each a round's turn:

- **one pass**: ``widen.ingest`` of the batch into a table that already has its columns (made before the clock by
  an ingest of the same batch): a batch that adds no column, routed in one pass;
- **two passes**: ``widen.ingest`` of the batch into a new table (each round its own): observed, then routed;
- **spark json**: ``spark.read.json(path).write.parquet(dir)``, Spark inferring the schema (lossy on drift: a value
  of another type becomes text, or null);
- **spark schema**: ``spark.read.schema(S).json(path).write.parquet(dir)`` with the schema Spark inferred handed to
  it (no inference; lossy on drift).

Reported per job: wall seconds and the CPU seconds of the driver JVM (where local mode runs the tasks too), from
``/proc``, and the megabytes of JSON per JVM CPU-second; Widen's ratios are its MB per CPU-second over Spark's.
Rounds rotate the jobs' order, so each job is first, second, third and last as often. The rows Widen wrote are
counted against the batch's records.
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
    ap.add_argument("--rounds", type=int, default=5)
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
        paths = sorted(str(p) for p in data.rglob("*.jsonl"))
        mb = sum(os.path.getsize(p) for p in paths) / 1e6
        spark = spark_session()
        jvm = spark.sparkContext._jvm.java.lang.ProcessHandle.current().pid()
        warehouse = str(work / "wh")
        quiet = {"progress": lambda m: None, "warehouse": warehouse}
        widen.ingest(paths, "warm.steady", spark=spark, **quiet)
        schema = spark.read.json(paths).schema
        counts = {"one pass": 1, "two passes": 0}
        times = {j: {"wall": [], "jvm_cpu": []} for j in JOBS}
        for n in range(a.warmup + a.rounds):
            for job in JOBS[n % len(JOBS):] + JOBS[:n % len(JOBS)]:
                out = str(work / "out")
                j0, t0 = jvm_cpu(jvm), time.perf_counter()
                if job == "one pass":
                    report = widen.ingest(paths, "warm.steady", spark=spark, force=True, **quiet)[-1]
                    counts["one pass"] += 1
                elif job == "two passes":
                    report = widen.ingest(paths, f"warm.new_{n}", spark=spark, **quiet)[-1]
                elif job == "spark json":
                    spark.read.json(paths).write.mode("overwrite").parquet(out)
                else:
                    spark.read.schema(schema).json(paths).write.mode("overwrite").parquet(out)
                wall, cpu = time.perf_counter() - t0, jvm_cpu(jvm) - j0
                if job == "one pass" and report.passes != 1:
                    raise SystemExit(f"one pass: the batch was read {report.passes} times ({report.passes_why})")
                if job == "two passes" and not report.fields_added:
                    raise SystemExit("two passes: the batch added no column to its new table")
                if n >= a.warmup:
                    times[job]["wall"].append(wall)
                    times[job]["jvm_cpu"].append(cpu)
                shutil.rmtree(out, ignore_errors=True)
                print(f"  round {n}{' (warm-up)' if n < a.warmup else ''} {job}: {wall:.2f} s, JVM CPU {cpu:.2f} s",
                      file=sys.stderr, flush=True)
        records = widen.read(spark, "warm.steady", warehouse=warehouse).count()
        expected = a.records * counts["one pass"] if not a.data else records
        if records != expected:
            print(f"warm.steady holds {records:,} rows, not {expected:,}", file=sys.stderr)
            return 1
    finally:
        shutil.rmtree(work, ignore_errors=True)
    med = {j: {k: statistics.median(v) for k, v in t.items()} for j, t in times.items()}
    rate = {j: mb / med[j]["jvm_cpu"] for j in JOBS}
    print(f"{a.records:,} records, {mb:,.0f} MB of JSON; medians of {a.rounds} rounds after {a.warmup} warm-up")
    print("| job | wall s | JVM CPU s | MB per CPU-second | over spark json | over spark schema |")
    print("|---|---|---|---|---|---|")
    for j in JOBS:
        print(f"| {j} | {med[j]['wall']:.2f} | {med[j]['jvm_cpu']:.2f} | {rate[j]:.1f} "
              f"| {rate[j] / rate['spark json']:.2f}x | {rate[j] / rate['spark schema']:.2f}x |")
    if a.out:
        Path(a.out).write_text(json.dumps({"args": vars(a), "mb": mb, "times": times, "medians": med}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
