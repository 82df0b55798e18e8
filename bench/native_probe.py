"""A feasibility probe for issue 17's remaining gap, not a benchmark of Widen: how long one JVM-side pass takes that
walks every line's JSON with Jackson and types every value as Widen's observer must (``bench/native_probe/
ObserveProbe.java``), against Spark's own JSON schema inference and against Spark's whole ``read.json ->
write.parquet``, each in a fresh process (whole process, cold), alternating (each first in turn), medians; then
the same three again in the same session (warm). Compiles the probe with ``javac`` against PySpark's jars first.

    python bench/native_probe.py FILE [--repeat 3]
    python bench/native_probe.py FILE --late-load     # the jar loaded into a session started without it

``--late-load`` answers a packaging question, not a timing one: a session started without the jar (a caller's)
loads it at run time, the driver through a ``URLClassLoader`` over py4j and the executors by ``addJar``, and runs
the probe's job (whose task classes the executors must find).
"""

from __future__ import annotations

import argparse
import glob
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def build() -> str:
    import pyspark

    jars = Path(pyspark.__file__).parent / "jars"
    out = Path(tempfile.mkdtemp(prefix="observe-probe-"))
    subprocess.run(["javac", "-nowarn", "-cp", f"{jars}/*", "-d", str(out / "classes"),
                    str(HERE / "native_probe" / "ObserveProbe.java")], check=True)
    subprocess.run(["jar", "cf", str(out / "probe.jar"), "-C", str(out / "classes"), "."], check=True)
    return str(out / "probe.jar")  # under the system's temporary directory: deleted with it


def child(what: str, file: str, jar: str, rounds: int) -> None:
    """One process: a session with Widen's settings and the probe's jar, then ``what`` ``rounds`` times."""
    from pyspark.sql import SparkSession

    from widen.session import spark_session

    os.environ["PYSPARK_SUBMIT_ARGS"] = f"--jars {jar} pyspark-shell"
    t0 = time.perf_counter()
    spark = spark_session()
    print(f"session {time.perf_counter() - t0:.2f}", flush=True)
    for r in range(rounds):
        t = time.perf_counter()
        if what == "probe":
            df = spark.read.text(file)
            out = spark._jvm.ObserveProbe.observe(df._jdf)
            detail = f"{len(out.splitlines())} path kinds"
        elif what == "infer":
            detail = f"{len(spark.read.json(file).schema.fields)} fields"
        else:
            target = tempfile.mkdtemp(prefix="spark-out-")
            spark.read.json(file).write.mode("overwrite").parquet(target)
            shutil.rmtree(target)
            detail = "written"
        print(f"round {r} {what} {time.perf_counter() - t:.2f} {detail}", flush=True)
    SparkSession.getActiveSession().stop()


def late_load(file: str, jar: str) -> None:
    """The probe's jar loaded into a session started without it, then its job run."""
    from widen.session import spark_session

    spark = spark_session()
    jvm, gateway = spark._jvm, spark.sparkContext._gateway
    t = time.perf_counter()
    spark.sparkContext._jsc.addJar(jar)  # the executors fetch it for their tasks
    urls = gateway.new_array(jvm.java.net.URL, 1)
    urls[0] = jvm.java.io.File(jar).toURI().toURL()
    loader = jvm.java.net.URLClassLoader(urls, jvm.Thread.currentThread().getContextClassLoader())
    params = gateway.new_array(jvm.java.lang.Class, 1)
    params[0] = jvm.java.lang.Class.forName("org.apache.spark.sql.Dataset")
    args = gateway.new_array(jvm.java.lang.Object, 1)
    args[0] = spark.read.text(file)._jdf
    out = loader.loadClass("ObserveProbe").getMethod("observe", params).invoke(None, args)
    print(f"late load: the jar loaded and its job run in {time.perf_counter() - t:.2f} s, "
          f"{len(out.splitlines())} path kinds; first: {out.splitlines()[0]}")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--child", choices=("probe", "infer", "spark"))
    ap.add_argument("--jar")
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--late-load", action="store_true")
    a = ap.parse_args(argv)
    if a.late_load:
        late_load(a.file, build())
        return 0
    if a.child:
        child(a.child, a.file, a.jar, a.rounds)
        return 0
    jar = build()
    whole: dict[str, list[float]] = {"probe": [], "infer": [], "spark": []}
    kinds = list(whole)
    for i in range(a.repeat):
        for what in kinds[i % 3:] + kinds[:i % 3]:  # each first in turn
            t = time.perf_counter()
            out = subprocess.run([sys.executable, __file__, a.file, "--child", what, "--jar", jar],
                                 capture_output=True, text=True, check=True).stdout
            whole[what].append(time.perf_counter() - t)
            print(f"cold {i} {what}: whole process {whole[what][-1]:.2f} s; {' | '.join(out.splitlines())}",
                  flush=True)
    print("whole process, cold, medians: " + ", ".join(f"{k} {statistics.median(v):.2f} s" for k, v in whole.items()))
    for what in whole:
        out = subprocess.run([sys.executable, __file__, a.file, "--child", what, "--jar", jar, "--rounds", "4"],
                             capture_output=True, text=True, check=True).stdout
        print(f"warm {what}: {' | '.join(out.splitlines())}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
