"""The compiled projection of a table (``widen.compile_table``) against Spark's own ``from_json`` with the table's
schema, over the same JSON text: one warm session, each way once to warm up, then alternating, medians.

    python bench/compiled.py [--records 200000] [--repeat 3] [--data DIR] [--keep DIR] [--sql]

The records are ``bench/gen.py``'s (default arguments, seed 0); the table is made by ``widen.ingest`` of them (not
timed). Each way reads the text from a cached DataFrame and writes every column to Spark's ``noop`` sink; Spark's
parse is lossy (a value of another type than the schema's is null), the projection is not (each value goes to
every column that holds it, and ``_rescued`` keeps the rest). The projection is the transform
(``df.transform(widen.compile_table(...))``: Widen's native pass where the session takes it), and with ``--sql``
also its printed Spark SQL run as successive projections. Once timed, the transform's rows are checked against the
rows the ingest wrote (``exceptAll`` both ways).
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--records", type=int, default=200_000)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--data", help="a directory of bench/gen.py's output to use as it is")
    ap.add_argument("--keep", help="where to write the data and the table (default: a temporary directory)")
    ap.add_argument("--sql", action="store_true", help="time the projection's printed Spark SQL too")
    a = ap.parse_args(argv)
    from pyspark.sql import functions as F

    import widen
    from widen.compiler.iceberg import from_iceberg
    from widen.compiler.spark import spark_schema
    from widen.ingest import open_catalog

    work = Path(a.keep or tempfile.mkdtemp(prefix="bench-compiled-"))
    data = Path(a.data) if a.data else work / "data"
    if not a.data:
        subprocess.run([sys.executable, str(HERE / "gen.py"), str(data), "--records", str(a.records)], check=True)
    files = sorted(str(p) for p in data.rglob("*.jsonl"))
    spark = widen.spark_session()
    rules = widen.load_rules()
    warehouse = str(work / "wh")
    widen.ingest(files, "bench.compiled", rules=rules, warehouse=warehouse, spark=spark, progress=lambda m: None,
                 force=True)
    table = open_catalog(None, warehouse).load_table("bench.compiled")
    start = time.perf_counter()
    projection = widen.compile_table(widen.table_plan(from_iceberg(table.schema(), rules), rules), rules)
    projection.stages()
    compile_time = time.perf_counter() - start
    schema = spark_schema(table.schema())
    text = spark.read.text(files).cache()
    records = text.count()
    ways = {
        "from_json with the table's schema": lambda: text.select(F.from_json("value", schema).alias("r")).select("r.*"),
        "compiled projection": lambda: text.transform(projection),
    }
    if a.sql:
        ways["its printed Spark SQL"] = lambda: projection.spark_sql(text)
    times: dict[str, list[float]] = {way: [] for way in ways}
    for r in range(a.repeat + 1):
        for way, frame in ways.items():
            start = time.perf_counter()
            frame().write.format("noop").mode("overwrite").save()
            took = time.perf_counter() - start
            print(f"round {r} {way}: {took:.2f} s", flush=True)
            if r:
                times[way].append(took)
    medians = {way: statistics.median(ts) for way, ts in times.items()}
    for way, m in medians.items():
        print(f"{way}: median {m:.2f} s of {len(times[way])} ({records} records)")
    base = medians["from_json with the table's schema"]
    for way, m in list(medians.items())[1:]:
        print(f"{way} / from_json: {m / base:.2f}x")
    print(f"the transform ran {'its Spark SQL: ' + projection.why_sql if projection.why_sql else 'the native pass'}; compile "
          f"of the table's projection: {compile_time:.2f} s ({len(table.schema().columns)} top-level columns)")
    projected = text.transform(projection)
    rescued = projected.where("_rescued IS NOT NULL").count()
    projected = projected.where("_rescued IS NULL").drop("_rescued")
    stored = widen.read(spark, "bench.compiled", warehouse=warehouse)
    missing, extra = stored.exceptAll(projected).count(), projected.exceptAll(stored).count()
    print(f"rows: {rescued} rescued; the ingest's rows the transform lacks: {missing}, rows it has that the ingest "
          f"did not write: {extra}")
    return 0 if missing == extra == 0 else 1


if __name__ == "__main__":
    raise SystemExit(main())
