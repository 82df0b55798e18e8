"""Where a cold run's time goes, stage by stage: one fresh process runs either ``widen ingest``'s work
(``widen.ingest.ingest``) or Spark's own ``read.json -> write.parquet`` on FILE, with Widen's session settings and
Spark's UI on (for its REST API), then prints each stage's task time, CPU time, GC time and input, when it started
and ended (seconds from the start of the work: the gaps between stages are the driver's own time, planning and
compiling), the time the JVM spent compiling generated code (Spark's ``CodegenMetrics``), and the time its JIT
compiler threads spent compiling (``CompilationMXBean``: elapsed time summed over those threads; on a machine of 2
cores, much of it is time the tasks do not get) and its collectors' time.

    python bench/stages.py FILE widen|spark [--jvm-options "-XX:..."] [--runs N]

``--runs N`` does the work N times in the one session and shows the last run's stages: a warm profile.

A profile, not a benchmark: ratios live in ``bench/process.py`` and ``bench/process_ab.py``.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import tempfile
import time
import urllib.request


def _epoch(text: str | None) -> float:
    """A time of Spark's REST API (``2026-11-24T14:35:01.123GMT``) in seconds since the epoch; NaN for none."""
    if not text:
        return float("nan")
    return datetime.datetime.strptime(text.replace("GMT", "+0000"), "%Y-%m-%dT%H:%M:%S.%f%z").timestamp()


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("what", choices=("widen", "spark"))
    ap.add_argument("--jvm-options", default="", help="extra driver JVM options (SPARK_SUBMIT_OPTS)")
    ap.add_argument("--runs", type=int, default=1, help="do the work N times; show the last run's stages")
    a = ap.parse_args(argv)
    from widen.session import QUIET_OPTION

    os.environ["SPARK_SUBMIT_OPTS"] = f"{QUIET_OPTION} {a.jvm_options}".strip()
    from pyspark.sql import SparkSession

    started = time.perf_counter()
    spark = (SparkSession.builder.appName("widen").config("spark.ui.enabled", "true")
             .config("spark.ui.showConsoleProgress", "false").config("spark.sql.session.timeZone", "UTC")
             .config("spark.sql.parquet.outputTimestampType", "TIMESTAMP_MICROS").config("spark.driver.memory", "4g")
             .config("spark.sql.codegen.wholeStage", "false").config("spark.sql.shuffle.partitions", "8")
             .getOrCreate())
    spark.sparkContext.setLogLevel("ERROR")
    print(f"session {time.perf_counter() - started:.1f}s")
    for run in range(a.runs):
        work = tempfile.mkdtemp(prefix="stages-")
        started = time.perf_counter()
        epoch = time.time()
        if a.what == "widen":
            from widen.ingest import ingest

            report = ingest([a.file], "bench.events", warehouse=f"{work}/wh", spark=spark,
                            progress=lambda _: None)[0]
            print("phases", {k: round(v, 2) for k, v in report.phases.items()})
        else:
            spark.read.json(a.file).write.parquet(f"{work}/out")
        print(f"run {run + 1}: work {time.perf_counter() - started:.1f}s")
    ui = spark.sparkContext.uiWebUrl
    app = spark.sparkContext.applicationId
    stages = json.load(urllib.request.urlopen(f"{ui}/api/v1/applications/{app}/stages"))
    print("stage tasks task_s cpu_s gc_s input_MB from_s  to_s  where")
    for s in sorted(stages, key=lambda s: s["stageId"]):
        if _epoch(s.get("submissionTime")) < epoch:  # an earlier run's
            continue
        began, ended = _epoch(s.get("submissionTime")) - epoch, _epoch(s.get("completionTime")) - epoch
        print(f"{s['stageId']:>5} {s['numTasks']:>5} {s['executorRunTime'] / 1e3:>6.1f} {s['executorCpuTime'] / 1e9:>5.1f} "
              f"{s['jvmGcTime'] / 1e3:>4.1f} {s['inputBytes'] // 1_000_000:>8} {began:>6.1f} {ended:>5.1f}  "
              f"{s['name'][:60]}")
    jvm = spark._jvm.java.lang.management.ManagementFactory
    collectors = ", ".join(f"{g.getName()} {g.getCollectionTime() / 1e3:.1f}s" for g in jvm.getGarbageCollectorMXBeans())
    jit = jvm.getCompilationMXBean()  # none with -Xint
    compiling = (f"{jit.getTotalCompilationTime() / 1e3:.1f}s"
                 if jit is not None and jit.isCompilationTimeMonitoringSupported() else "not measured")
    print(f"JIT compiler threads: {compiling}; garbage collectors: {collectors}")
    metrics = spark._jvm.org.apache.spark.metrics.source.CodegenMetrics
    compile_ms = metrics.METRIC_COMPILATION_TIME()
    source = metrics.METRIC_SOURCE_CODE_SIZE()
    print(f"generated code: {compile_ms.getCount()} classes, about "
          f"{compile_ms.getCount() * compile_ms.getSnapshot().getMean() / 1e3:.1f}s compiling "
          f"{source.getCount() * source.getSnapshot().getMean() / 1e6:.1f} MB of source (largest "
          f"{source.getSnapshot().getMax() / 1e6:.2f} MB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
