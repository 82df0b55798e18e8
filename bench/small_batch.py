"""Small, wide batches: a batch of up to 1,000 records of a wide, deeply nested schema,
``widen.ingest.ingest`` against Spark's own ``read.json -> write.parquet`` of the same file in the same session,
the first batch of a process included.

    python bench/small_batch.py [--records 1000] [--fields 100] [--nesting 4] [--drift 0.05] [--repeat 2]
                                [--via files|dataframe] [--out results.json]

``--via dataframe`` writes the file's lines as a DataFrame (``widen.write(spark.read.text(FILE),
json_column="value")``), as a stream's micro-batch is written; run it with ``WIDEN_DRIVER_BATCH_BYTES=0`` for
Spark's path.

Data: ``bench/gen.py``'s seeded generator (reused when its ``.done`` marker is there): ``--fields`` top-level
fields, records nested ``--nesting`` levels deep, a fraction ``--drift`` of the leaves drifting.

Each repeat is one fresh Python process (``CHILD`` below: ``widen.session.spark_session()``, then four jobs on
the same file, each into a fresh output): ``widen, spark, widen, spark`` on odd repeats and ``spark, widen, spark,
widen`` on even ones, so that each system is the first job of a process as often as the other. Reported per
system, medians over the repeats: the first job of a process (``first``: JVM classes loaded and code compiled for
the first time) and a job after both have run once (``again``), and the ratio widen / spark of each. The target
is a ratio of at most 2 for the first batch.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

CHILD = """import json, sys, tempfile, time
from widen.session import spark_session
spark = spark_session()
from widen.ingest import ingest, write
path, order = sys.argv[1], sys.argv[2].split(",")
work = tempfile.mkdtemp(prefix="small-batch-")
out = []
for i, what in enumerate(order):
    start = time.perf_counter()
    if what == "spark":
        spark.read.json(path).write.parquet(f"{work}/out{i}")
        phases = {}
    else:
        if sys.argv[3] == "dataframe":  # a stream's micro-batch: widen.write of the lines as a DataFrame
            report = write(spark.read.text(path), f"bench.t{i}", json_column="value", warehouse=f"{work}/wh",
                           progress=lambda _: None)
        else:
            report = ingest([path], f"bench.t{i}", warehouse=f"{work}/wh", spark=spark, progress=lambda _: None)[0]
        phases = {k: round(v, 3) for k, v in report.phases.items()}
    out.append({"system": what, "position": i, "seconds": round(time.perf_counter() - start, 3), "phases": phases})
print("small-batch: " + json.dumps(out))
"""


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", type=int, default=1000)
    ap.add_argument("--fields", type=int, default=100)
    ap.add_argument("--nesting", type=int, default=4)
    ap.add_argument("--drift", type=float, default=0.05)
    ap.add_argument("--repeat", type=int, default=2)
    ap.add_argument("--via", choices=("files", "dataframe"), default="files",
                    help="dataframe: widen.write(spark.read.text(FILE), json_column='value'), a stream's micro-batch")
    ap.add_argument("--out")
    a = ap.parse_args(argv)
    import gen

    name = f"small-r{a.records}-f{a.fields}-n{a.nesting}-d{a.drift}"
    path = gen.generate(HERE / ".data" / name, a.records, a.fields, a.nesting, a.drift)[0]
    print(f"data: {path} ({path.stat().st_size / 1e6:.1f} MB, {a.records} records, {a.fields} top-level fields, "
          f"nesting {a.nesting})", flush=True)
    runs = []
    for r in range(a.repeat):
        order = "widen,spark,widen,spark" if r % 2 == 0 else "spark,widen,spark,widen"
        proc = subprocess.run([sys.executable, "-c", CHILD, str(path), order, a.via], capture_output=True, text=True,
                              cwd="/tmp", env=os.environ)
        line = next((x for x in proc.stdout.splitlines() if x.startswith("small-batch: ")), None)
        if proc.returncode or line is None:
            print(f"process {r + 1} failed (rc {proc.returncode}):\n{proc.stderr[-3000:]}", file=sys.stderr)
            return 1
        jobs = json.loads(line[len("small-batch: "):])
        for job in jobs:
            job["process"] = r + 1
            job["first"] = job["position"] == min(j["position"] for j in jobs if j["system"] == job["system"])
            job["first_of_process"] = job["position"] == 0
        runs.extend(jobs)
        print(f"process {r + 1} ({order}): " + ", ".join(
            f"{j['system']} {j['seconds']:.2f}s" + (f" {j['phases']}" if j["phases"] else "") for j in jobs),
            flush=True)

    def values(system: str, which: str) -> list[float]:
        if which == "first":
            return [j["seconds"] for j in runs if j["system"] == system and j["first_of_process"]]
        return [j["seconds"] for j in runs if j["system"] == system and j["position"] >= 2]  # both ran once

    summary = {}
    for which in ("first", "again"):
        ws, ss = values("widen", which), values("spark", which)
        w, s = statistics.median(ws), statistics.median(ss)
        summary[which] = {"widen_s": w, "spark_s": s, "ratio": round(w / s, 2), "runs": [len(ws), len(ss)]}
        label = "first job of a process" if which == "first" else "after both ran once"
        print(f"{label}: spark {s:.2f} s (median of {len(ss)}), widen {w:.2f} s (median of {len(ws)}), "
              f"ratio {w / s:.2f}x")
    if a.out:
        Path(a.out).write_text(json.dumps({"args": vars(a), "file": str(path), "runs": runs, "summary": summary},
                                          indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
