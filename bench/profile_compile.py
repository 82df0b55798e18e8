"""Where the per-batch fixed cost of Widen's Spark path goes: py4j round trips and time of each step, on one small
batch (the cost of these steps hardly depends on the record count).

    python bench/profile_compile.py [--records 500] [--fields 32] [--drift 0.05]

Counts the py4j commands the driver sends (each ``Column`` operation in classic PySpark is at least one) during
``observe_dataframe`` and ``compile_plan``, the size of the projection (characters of the analysed plan), and the
time Spark takes to analyse/optimise it.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import gen  # noqa: E402


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--records", type=int, default=500)
    ap.add_argument("--fields", type=int, default=32)
    ap.add_argument("--drift", type=float, default=0.05)
    a = ap.parse_args(argv)
    paths = gen.generate(HERE / ".data" / f"r{a.records}-f{a.fields}-n2-d{a.drift}-b1-s0", a.records, a.fields, 2,
                         a.drift, 1, 0)

    import py4j.clientserver
    import py4j.java_gateway
    from pyspark.sql import functions as F

    from widen.compiler.spark import compile_plan
    from widen.compiler.spark_observe import observe_dataframe
    from widen.engine.planner import plan
    from widen.engine.schema import TableSchema
    from widen.ingest import read_lines
    from widen.rules.loader import load_rules
    from widen.session import spark_session

    count = {"n": 0}
    for cls in (py4j.clientserver.ClientServerConnection, py4j.java_gateway.GatewayConnection):
        original = cls.send_command

        def counted(self, command, *args, _original=original, **kw):
            count["n"] += 1
            return _original(self, command, *args, **kw)

        cls.send_command = counted

    spark = spark_session()
    rules = load_rules()

    def step(name, fn):
        before, started = count["n"], time.perf_counter()
        out = fn()
        print(f"{name:>28}: {time.perf_counter() - started:7.2f}s  {count['n'] - before:8d} py4j calls", flush=True)
        return out

    lines = step("read_lines", lambda: read_lines(spark, [str(p) for p in paths]))
    observations, parsed = step("observe_dataframe", lambda: observe_dataframe(lines, rules))
    p = step("plan", lambda: plan(TableSchema(), observations, rules))
    records = parsed.filter(F.col("reason").isNull())
    out = step("compile_plan (build Columns)", lambda: records.transform(compile_plan(p, rules)))
    qe = out._jdf.queryExecution()
    analyzed = step("analyze", lambda: qe.analyzed())
    step("optimize", lambda: qe.optimizedPlan())
    step("physical plan", lambda: qe.executedPlan())
    print(f"{'analysed plan':>28}: {len(analyzed.toString()):,} characters, {len(out.columns)} output columns")
    step("write parquet", lambda: out.write.mode("overwrite").parquet("/tmp/widen-bench-profile"))
    parsed.unpersist()


if __name__ == "__main__":
    main()
