"""Where the observer's first job spends its time, piece by piece (a profile, not a benchmark): in one warm session,
the lines' fields exploded, then each piece of the first job's typing added in turn, each written to Spark's
``noop`` sink three times (the first round pays the JVM's warm-up).

    python bench/observe_parts.py FILE

Prints, per round: ``sig`` (explode + ``schema_of_variant``), ``s`` (+ each string's text), ``plain test`` (+ the
two-character test), ``string_type`` (+ the date/timestamp detectors), ``cls`` (+ arrays of strings and wide
decimals), ``cls+bits`` (+ the exactness bits); then the number of values per signature.
"""
import sys, time
import widen
from pyspark.sql import functions as F
from widen.compiler import sql
from widen.compiler.spark_observe import parse_records, SparkObserver, _col
from widen.compiler.spark_types import as_map
from widen.ingest import read_lines, session_settings
from widen.session import spark_session
spark = spark_session()
rules = widen.load_rules()
f = sys.argv[1]
S = sql.F
def t(fn):
    t0=time.perf_counter(); fn(); return round(time.perf_counter()-t0, 2)
def noop(df): df.write.format("noop").mode("overwrite").save()
with session_settings(spark):
    lines = read_lines(spark, [f])
    parsed = parse_records(lines.filter(F.trim(F.col("value")) != ""), False, checked=False).cache()
    parsed.count()
    ob = SparkObserver(rules)
    frame = parsed.select(F.col("record").alias("x"))
    ex = frame.select(F.explode(_col(as_map(sql.F.col("x")))).alias("k", "x")).select("k", "x", F.schema_of_variant("x").alias("sig"))
    s_ = ex.withColumn("s", F.when(F.col("sig") == "STRING", F.expr("try_variant_get(x, '$', 'string')")))
    x, sig, s = S.col("x"), S.col("sig"), S.col("s")
    st = s_.select("k", "sig", "s", _col(S.when(sig == "STRING", ob.types.string_type(s))).alias("cls"))
    plain = s_.select("k", "sig", "s", F.when((F.substr("s", F.lit(5), F.lit(1)) != "-") | (F.substr("s", F.lit(8), F.lit(1)) != "-"), F.lit(1)).alias("cls"))
    cls = s_.select("k", "sig", "s", _col(ob._cls(x, sig, s)).alias("cls"))
    full_bits = s_.select("k", "sig", "s", _col(ob._cls(x, sig, s)).alias("cls"), "x").select("k","sig", _col(ob._bits(x, sig, S.col("cls"), S.col("s"))).alias("bits"))
    cases = [("sig", ex.drop("x")), ("s", s_.drop("x")), ("plain test", plain), ("string_type", st), ("cls", cls), ("cls+bits", full_bits)]
    for r in range(3):
        print([(n, t(lambda: noop(d))) for n, d in cases], flush=True)
    print(ex.groupBy("sig").count().orderBy(F.desc("count")).limit(12).collect())
    parsed.unpersist()
