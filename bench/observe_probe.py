"""How much one aggregate pass costs against Widen's observer, warm, in one session (issue 17's direction: decide
the stable paths from one aggregate, explode only the paths it shows to conflict).

    python bench/observe_probe.py FILE [--repeat K]

Times, for the same file, twice or more in one session (the first repeat is cold-ish, the later ones warm):
Widen's observe phase (``observe_dataframe``), ``schema_of_variant_agg(parse_json(value))`` over every line,
``parse_json`` + count, and Spark's own JSON schema inference. A probe, not a claim about ``widen ingest``: the
headline figures stay whole process (``bench/process.py``).
"""

from __future__ import annotations

import argparse
import time


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--repeat", type=int, default=2)
    a = ap.parse_args(argv)
    from pyspark.sql import functions as F

    import widen
    from widen.compiler.spark_observe import observe_dataframe
    from widen.session import spark_session
    from widen.spark_io import read_lines, session_settings

    spark = spark_session("local[2]")
    rules = widen.load_rules()
    with session_settings(spark):
        for rep in range(a.repeat):
            t = time.perf_counter()
            _, parsed = observe_dataframe(read_lines(spark, [a.file]), rules)
            observe = time.perf_counter() - t
            parsed.unpersist()
            text = spark.read.text(a.file)
            t = time.perf_counter()
            text.select(F.expr("schema_of_variant_agg(parse_json(value))")).collect()
            agg = time.perf_counter() - t
            t = time.perf_counter()
            text.select(F.expr("count(parse_json(value))")).collect()
            parse = time.perf_counter() - t
            t = time.perf_counter()
            spark.read.json(a.file).schema
            infer = time.perf_counter() - t
            print(f"repeat {rep + 1}: widen observe {observe:.1f} s; schema_of_variant_agg over every line {agg:.1f} s; "
                  f"parse_json + count {parse:.1f} s; spark.read.json schema inference {infer:.1f} s", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
