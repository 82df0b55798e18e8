"""What a one-pass ingest could cost (issue 17's "Direction"): a probe, not a benchmark.

    python bench/one_pass_probe.py FILE [--repeat 3] [--out results.json]

Widen ingests a batch in two passes over its lines: the observer (parse, cache, and every value of every path typed
and counted in two Spark jobs), then the write (Spark's JSON reader, ``from_json``, for the stable fields, the
drifting fields routed from VARIANT, Parquet). A one-pass ingest would decide a provisional plan from a cheap
aggregate, write with it, and verify in the write's own job that every value fitted (falling back to the two
passes when one did not). This probe measures, in one warm session (each step once as a warm-up, then ``--repeat``
rounds; medians), the pieces such a design would be built from, next to what they would replace:

* ``spark``: Spark's own ``read.json -> write.parquet`` of FILE (the baseline of ``bench/process.py``);
* ``widen`` and its phases ``observe`` and ``write`` (``widen.ingest.ingest`` into a fresh table);
* ``infer_variant``: ``schema_of_variant_agg`` of every line's ``try_parse_json``, read from the text (the merged
  schema of the batch: every path, and where paths conflict);
* ``infer_spark``: Spark's own JSON schema inference (``spark.read.json(FILE).schema``);
* ``verify``: Widen's write schema read again by ``from_json`` with a corrupt-record column, counting the lines
  some value of which did not fit its declared type (Spark's JSON reader flags them in the same parse: it flags
  lines that are not JSON too, and checks only the fields read as Spark types, not those read as VARIANT); here a
  pass of its own, in a one-pass design a metric of the write's job.

It prints each median and the projection ``infer_variant + write + verify + the rest of the ingest`` (its time
outside the observe and write phases: the lines' count, the plan, the commit) against ``spark`` and ``widen``. The
projection is a lower bound: the write measured here reads the lines the observer parsed and cached, a one-pass
write would parse them itself. It is warm (a long-lived session): a fresh process adds the JVM's warm-up to every
piece, as ``bench/process.py`` and ``bench/stages.py`` show.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
import time


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--out")
    a = ap.parse_args(argv)
    if a.repeat < 1:
        ap.error("--repeat must be at least 1")

    from pyspark.sql import functions as F

    import widen.compiler.spark as compiled
    from widen.ingest import ingest
    from widen.session import spark_session
    from widen.spark_io import session_settings

    spark = spark_session()
    work = tempfile.mkdtemp(prefix="one-pass-")
    schemas: list[str] = []  # the write's `from_json` schema, as the compiler builds it
    stages = compiled.CompiledPlan.stages

    def spy(self, source):
        out = stages(self, source)
        for stage in out:
            for name, text in stage:
                if name == "__j" and text.startswith("from_json(`value`, '"):
                    literal = text[len("from_json(`value`, '"):text.rindex("'")]  # a SQL string literal's body
                    schemas.append(re.sub(r"\\(.)", r"\1", literal))  # as compiler.sql.literal escapes it
        return out

    compiled.CompiledPlan.stages = spy
    runs = {"n": 0}

    def spark_job() -> dict:
        runs["n"] += 1
        spark.read.json(a.file).write.parquet(f"{work}/spark{runs['n']}")
        return {}

    def widen_job() -> dict:
        runs["n"] += 1
        report = ingest([a.file], f"bench.t{runs['n']}", warehouse=f"{work}/wh", spark=spark,
                        progress=lambda _: None)[0]
        return {"observe": report.phases["observe"], "write": report.phases["write"],
                "rest": report.seconds - report.phases["observe"] - report.phases["write"]}

    def infer_variant() -> dict:
        with session_settings(spark):
            spark.read.text(a.file).select(F.expr("schema_of_variant_agg(try_parse_json(value))")).collect()
        return {}

    def infer_spark() -> dict:
        spark.read.json(a.file).schema  # noqa: B018 (the inference runs as a job)
        return {}

    def verify() -> dict:
        if not schemas:  # the write read the records as VARIANT maps (names that differ only by case)
            raise SystemExit("one_pass_probe: the write of this file reads no field with from_json; nothing to verify")
        schema = schemas[-1]
        flagged = schema[:-1] + ", `_widen_corrupt`: STRING>"
        with session_settings(spark):
            parsed = spark.read.text(a.file).select(F.from_json(
                F.col("value"), flagged, {"columnNameOfCorruptRecord": "_widen_corrupt"}).alias("j"))
            bad = parsed.select(F.count_if(F.col("j._widen_corrupt").isNotNull())).collect()[0][0]
        return {"lines_flagged": bad}

    steps = {"spark": spark_job, "widen": widen_job, "infer_variant": infer_variant, "infer_spark": infer_spark,
             "verify": verify}
    times: dict[str, list[float]] = {k: [] for k in steps}
    times.update(observe=[], write=[], rest=[])
    extra: dict[str, list] = {}
    for round_ in range(a.repeat + 1):
        for name, step in steps.items():
            start = time.perf_counter()
            out = step()
            seconds = time.perf_counter() - start
            if round_ == 0:
                continue  # the warm-up
            times[name].append(seconds)
            for k, v in out.items():
                if k in times:
                    times[k].append(v)
                else:
                    extra.setdefault(k, []).append(v)
            print(f"round {round_} {name}: {seconds:.2f}s {out}", flush=True)
    med = {k: statistics.median(v) for k, v in times.items() if v}
    projected = med["infer_variant"] + med["write"] + med["verify"] + med["rest"]
    print("\nmedians (warm, s): " + ", ".join(f"{k} {v:.2f}" for k, v in med.items()))
    print(f"one pass projected (infer_variant + write + verify + rest, a lower bound): {projected:.2f}s = "
          f"{projected / med['spark']:.2f}x spark, against widen today {med['widen'] / med['spark']:.2f}x spark")
    if a.out:
        with open(a.out, "w") as f:
            json.dump({"file": a.file, "repeat": a.repeat, "seconds": times, "medians": med, "projected": projected,
                       "extra": extra}, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
