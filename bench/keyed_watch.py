"""A warm stream's keyed micro-batch: ``widen.write`` of a DataFrame of JSON lines (as ``widen ingest --watch``
writes each micro-batch) into a keyed table of a million rows, merged on read, against the same micro-batch
appended to a plain table of the same rows; one warm SparkSession, warm-up rounds, then alternating rounds, medians.

    python bench/keyed_watch.py [--rows 1000000] [--batch 1000] [--rounds 7] [--warmup 2] [--out FILE.json]

The tables: ``bench/keyed.py``'s rows (``id``, ``a``, ``b``, ``c``, ``d``, ``ts``), the keyed one made by a keyed
``widen ingest`` (``--key id --order-by ts --delete-when "op = 'd'"``: merged on read, the default of a keyed table
Widen creates), the plain one by a plain ``widen ingest``, both before the clock. Each round a new micro-batch of
``--batch`` records, newer than the last: 90% updates of ids spread over the table, 9% inserts, 1% deletes
(``op = "d"``); the keyed table takes them as a stream's batches would, one after another (its delete files grow
with them), the plain table appends the same records. Reported per system: wall seconds of the ``widen.write``
call and the CPU seconds of the driver JVM (where local mode runs the tasks too) and of the Python process over
it, medians of the rounds after the warm-up; the keyed table's rows are checked against the batches at the end.

**floor** (not a write): the least a keyed micro-batch of spread keys reads, in the same session: the key's
column of the keyed table's data files (a batch of spread keys may touch every one), with each row's file and
position, semi-joined with the micro-batch's keys (broadcast), collected (no order column: Widen reads one too).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from keyed import WORK, _row, data  # noqa: E402

KEYED = {"key": "id", "order_by": "ts", "delete_when": "op = 'd'"}


def jvm_cpu(pid: int) -> float:
    """CPU seconds (user and system) of process ``pid`` so far, from ``/proc``."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def micro_batch(rng: random.Random, rows: int, size: int, ts: int, next_id: int,
                gone: set) -> tuple[list[str], int, int]:
    """(its JSON lines, its inserts, its deletes) of one micro-batch, whose updates and deletes fall on stored ids
    no earlier micro-batch deleted (``gone``, to which its own deletes are added)."""
    updates, inserts = size * 90 // 100, size * 9 // 100
    deletes = size - updates - inserts
    lines = []
    drawn: list[int] = []
    while len(drawn) < updates + deletes:
        drawn = list(dict.fromkeys(i for i in drawn + rng.sample(range(rows), updates + deletes) if i not in gone))
    drawn = drawn[:updates + deletes]
    gone.update(drawn[updates:])
    for n, i in enumerate(drawn):
        lines.append({"id": i, "op": "d", "ts": ts} if n >= updates else _row(i, ts, rng))
    lines.extend(_row(i, ts, rng) for i in range(next_id, next_id + inserts))
    rng.shuffle(lines)
    return [json.dumps(r) for r in lines], inserts, deletes


def floor(spark, warehouse: str, ids: list[int]) -> int:
    """The positions of the stored rows of ``ids`` in the keyed table's data files (see the module's **floor**)."""
    from pyspark.sql import functions as F

    from widen.sink.catalog import open_catalog

    files = [t.file.file_path for t in open_catalog(None, warehouse).load_table("bench.keyed").scan().plan_files()]
    keys = spark.createDataFrame([(i,) for i in ids], "id long")
    stored = spark.read.parquet(*files).select("id", "_metadata.file_path", "_metadata.row_index")
    return len(stored.join(F.broadcast(keys), "id", "left_semi").select("file_path", "row_index").collect())


def main(argv=None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--batch", type=int, default=1000)
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--warmup", type=int, default=2)
    parser.add_argument("--out")
    args = parser.parse_args(argv)

    import widen
    from widen.session import spark_session

    table_rows = data(args.batch, args.rows)["table"]
    where = WORK / "watch"
    shutil.rmtree(where, ignore_errors=True)
    warehouse = str(where / "wh")
    spark = spark_session()
    quiet = {"progress": lambda m: None, "warehouse": warehouse}
    print("tables: keyed and plain", file=sys.stderr, flush=True)
    widen.ingest([str(table_rows)], "bench.keyed", spark=spark, **quiet, **KEYED)
    widen.ingest([str(table_rows)], "bench.plain", spark=spark, **quiet)
    jvm = spark.sparkContext._jvm.java.lang.ProcessHandle.current().pid()
    rng, next_id, expected, gone = random.Random(11), args.rows, args.rows, set()
    systems = ("keyed", "append", "floor")
    times: dict[str, dict[str, list[float]]] = {s: {"wall": [], "jvm_cpu": [], "py_cpu": []} for s in systems}
    for n in range(args.warmup + args.rounds):
        lines, inserts, deletes = micro_batch(rng, args.rows, args.batch, 2 + n, next_id, gone)
        next_id += inserts
        expected += inserts - deletes
        frame = spark.createDataFrame([(line,) for line in lines], "value string")
        order = systems[n % 3:] + systems[:n % 3]  # (each system first, second and last as often)
        for system in order:
            j0, p0, t0 = jvm_cpu(jvm), time.process_time(), time.perf_counter()
            if system == "keyed":
                widen.write(frame, "bench.keyed", json_column="value", **quiet, **KEYED)
            elif system == "append":
                widen.write(frame, "bench.plain", json_column="value", **quiet)
            else:
                floor(spark, warehouse, [json.loads(line)["id"] for line in lines])
            wall, j1, p1 = time.perf_counter() - t0, jvm_cpu(jvm), time.process_time()
            if n >= args.warmup:
                for key, value in (("wall", wall), ("jvm_cpu", j1 - j0), ("py_cpu", p1 - p0)):
                    times[system][key].append(value)
            print(f"  round {n}{' (warm-up)' if n < args.warmup else ''} {system}: {wall:.2f} s", file=sys.stderr,
                  flush=True)
    got = widen.read(spark, "bench.keyed", warehouse=warehouse).count()
    if got != expected:
        print(f"the keyed table holds {got:,} rows, not {expected:,}", file=sys.stderr)
        return 1
    med = {s: {k: statistics.median(v) for k, v in t.items()} for s, t in times.items()}
    print("| micro-batch into table | keyed s | append s | keyed / append | floor s | floor / append "
          "| keyed JVM CPU s | append JVM CPU s |")
    print("|---|---|---|---|---|---|---|---|")
    print(f"| {args.batch:,} into {args.rows:,} | {med['keyed']['wall']:.2f} | {med['append']['wall']:.2f} "
          f"| {med['keyed']['wall'] / med['append']['wall']:.2f}x | {med['floor']['wall']:.2f} "
          f"| {med['floor']['wall'] / med['append']['wall']:.2f}x | {med['keyed']['jvm_cpu']:.2f} "
          f"| {med['append']['jvm_cpu']:.2f} |")
    if args.out:
        Path(args.out).write_text(json.dumps({"args": vars(args), "times": times, "medians": med}, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
