"""What the driver bound's sum costs a DataFrame batch beyond it (``widen.write(df, json_column=...)``, a stream's
big micro-batch): the texts' bytes are summed by one aggregate job, which reads the batch once more before Spark's
path runs. One warm session: each way once to warm up, then alternating, medians; also the sum job alone.

    python bench/dataframe_bound.py FILE [--repeat 2]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--repeat", type=int, default=2)
    a = ap.parse_args(argv)
    from pyspark.sql import functions as F

    import widen
    from widen.session import spark_session

    spark = spark_session()
    work = tempfile.mkdtemp(prefix="dataframe-bound-")
    times: dict[str, list[float]] = {"bound 0 (no sum)": [], "default bound (sum, then Spark's path)": []}
    bounds = dict(zip(times, ("0", "")))
    for r in range(a.repeat + 1):
        for i, way in enumerate(times):
            os.environ["WIDEN_DRIVER_BATCH_BYTES"] = bounds[way]
            start = time.perf_counter()
            report = widen.write(spark.read.text(a.file), f"b.t{r}x{i}", json_column="value",
                                 warehouse=f"{work}/wh", progress=lambda _: None)
            took = time.perf_counter() - start
            print(f"round {r} {way}: {took:.2f} s, {report.records} records, phases "
                  f"{ {k: round(v, 2) for k, v in report.phases.items()} }", flush=True)
            if r:
                times[way].append(took)
    sums = []
    for _ in range(3):
        start = time.perf_counter()
        spark.read.text(a.file).agg(F.sum(F.octet_length(F.col("value").cast("binary")))).first()
        sums.append(time.perf_counter() - start)
    for way, ts in times.items():
        print(f"{way}: median {statistics.median(ts):.2f} s of {len(ts)}")
    print(f"the sum job alone: {', '.join(f'{t:.2f}' for t in sums)} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
