"""The write's projection stage by stage (a profile, not a benchmark): one warm session observes and plans FILE as
``widen ingest`` does for a new table, then writes the compiled projection cut after each of its stages to Spark's
``noop`` sink, three rounds (the first pays the JVM's warm-up), and prints each stage's columns and their SQL sizes.

    python bench/write_stages.py FILE
"""
import sys, time, shutil
import widen
from pyspark.sql import functions as F
from widen.compiler import spark as new
from widen.compiler.spark_observe import observe_dataframe
from widen.engine.planner import plan
from widen.engine.schema import TableSchema
from widen.ingest import read_lines, session_settings
from widen.session import spark_session
spark = spark_session()
rules = widen.load_rules().with_mode("overwrite")
f = sys.argv[1]
with session_settings(spark):
    observations, parsed = observe_dataframe(read_lines(spark, [f]), rules)
    records = parsed.filter(F.col("reason").isNull())
    p = plan(TableSchema(), observations, rules)
    c = new.compile_plan(p, rules, storage=observations.storage)
    st = c.stages(c.source(records.columns))
    def t(name, fn):
        t0=time.perf_counter(); fn(); return time.perf_counter()-t0
    dfs = []
    df = records
    for stage in st:
        df = df.select(*[F.expr(text).alias(name) for name, text in stage])
        dfs.append(df)
    for r in range(3):
        print([round(t(i, lambda: d.write.format("noop").mode("overwrite").save()),2) for i, d in enumerate(dfs)], flush=True)
    for i, stage in enumerate(st):
        print("stage", i, [(n, len(s)) for n, s in stage][:80])
    print(st[-1][:3])
    parsed.unpersist()
