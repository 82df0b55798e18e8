"""Where the driver's bound for small batches belongs (``WIDEN_DRIVER_BATCH_BYTES``): each file ingested through the
driver path and through Spark's observer and projection, in one warm session (``widen.ingest.ingest`` with a
shared SparkSession, each path run once to warm up, then alternating), medians, same rows checked.

    python bench/driver_bound.py FILE [FILE ...] [--repeat 3] [--out results.json]

The cold side of the question (a fresh ``widen ingest`` process each) is ``bench/process_ab.py`` with
``--old "env WIDEN_DRIVER_BATCH_BYTES=0 python -m widen.cli" --new "env WIDEN_DRIVER_BATCH_BYTES=100000000 ..."``.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("files", nargs="+")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--out")
    a = ap.parse_args(argv)

    from widen.ingest import ingest, open_catalog
    from widen.session import spark_session

    spark = spark_session()
    work = tempfile.mkdtemp(prefix="driver-bound-")
    bounds = {"spark": "0", "driver": str(1 << 40)}
    results = []
    for path in a.files:
        size = os.path.getsize(path)
        times: dict[str, list[float]] = {"spark": [], "driver": []}
        tables = {}
        for i in range(a.repeat + 1):  # the first round warms both up and is not counted
            for name in (("spark", "driver") if i % 2 == 0 else ("driver", "spark")):
                os.environ["WIDEN_DRIVER_BATCH_BYTES"] = bounds[name]
                wh = os.path.join(work, f"{name}-{len(results)}-{i}")
                t0 = time.perf_counter()
                ingest([path], "bench.t", warehouse=wh, spark=spark, progress=lambda _: None, force=True)
                seconds = time.perf_counter() - t0
                print(f"{os.path.basename(path)} round {i} {name}: {seconds:.2f} s", flush=True)
                if i:
                    times[name].append(seconds)
                tables[name] = wh
        same = _rows(spark, open_catalog(None, tables["spark"])) == _rows(spark, open_catalog(None, tables["driver"]))
        row = {"file": path, "bytes": size, "spark": statistics.median(times["spark"]),
               "driver": statistics.median(times["driver"]), "runs": times, "same_rows": same}
        row["ratio_spark_over_driver"] = row["spark"] / row["driver"]
        print(f"{os.path.basename(path)} ({size / 1e6:.1f} MB): spark {row['spark']:.2f} s, driver {row['driver']:.2f} s"
              f" (medians of {a.repeat}), spark/driver {row['ratio_spark_over_driver']:.2f}, same rows: {same}",
              flush=True)
        results.append(row)
    if a.out:
        with open(a.out, "w") as fh:
            json.dump(results, fh, indent=2)
    return 0


def _rows(spark, catalog):
    """The table's rows, sorted by their JSON text."""
    arrow = catalog.load_table("bench.t").scan().to_arrow()
    return sorted(json.dumps(r, default=str, sort_keys=True) for r in arrow.to_pylist())


if __name__ == "__main__":
    raise SystemExit(main())
