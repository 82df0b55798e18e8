"""How much one aggregate pass costs against Widen's observer, warm, in one session (issue 17's direction: decide
the stable paths from one aggregate, explode only the paths it shows to conflict).

    python bench/observe_probe.py FILE [--repeat K]

Times, for the same file, twice or more in one session (the first repeat is cold-ish, the later ones warm):
Widen's observe phase (``observe_dataframe``), ``schema_of_variant_agg(parse_json(value))`` over every line,
``parse_json`` + count, Spark's own JSON schema inference, and a sketch of the direction: the merged schema, then
one pass over the records cast to a struct of the top-level paths it shows scalar, with a count per path, two
``count_if`` string classes (a date-like and a timestamp-like regex, approximating the rules' detectors) and a
big-long count; the paths left (records, arrays, conflicts) would still be explored value by value. A probe, not a
claim about ``widen ingest``: the headline figures stay whole process (``bench/process.py``).
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
            print("           " + _stable_pass(text), flush=True)
    return 0


def _stable_pass(text) -> str:
    """The merged schema, then one aggregate pass over the top-level paths it shows scalar."""
    from pyspark.sql import functions as F

    started = time.perf_counter()
    records = text.select(F.expr("try_parse_json(value)").alias("record"))
    sig = records.select(F.expr("schema_of_variant_agg(record)")).collect()[0][0]
    merged = time.perf_counter() - started
    fields = _top_fields(sig)
    types = {"BIGINT": "bigint", "STRING": "string", "DOUBLE": "double", "BOOLEAN": "boolean"}
    scalar = [(n, t) for n, t in fields if t in types or t.startswith("DECIMAL")]
    ddl = ", ".join(f"`{n}`: {types.get(t, 'string')}" for n, t in scalar)
    struct = F.expr(f"variant_get(record, '$', 'struct<{ddl}>')")
    aggregates = []
    for name, t in scalar:
        value = struct.getField(name)
        aggregates.append(F.count(value))
        if t == "STRING":
            aggregates += [F.count_if(value.rlike(r"^\d{4}-\d{2}-\d{2}$")),
                           F.count_if(value.rlike(r"^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}"))]
        if t == "BIGINT":
            aggregates.append(F.count_if(F.abs(value) >= 10**15))
    started = time.perf_counter()
    records.select(*aggregates).collect()
    one_pass = time.perf_counter() - started
    return (f"merged schema {merged:.1f} s + one pass over {len(scalar)} of {len(fields)} top-level paths "
            f"({len(aggregates)} aggregates) {one_pass:.1f} s; {len(fields) - len(scalar)} paths left to explore")


def _top_fields(sig: str) -> list[tuple[str, str]]:
    """(name, type text) of each top-level field of an ``OBJECT<...>`` signature."""
    from widen.compiler.storage import object_names

    names, body, out, i = object_names(sig), sig[7:-1], [], 0
    for name in names:
        i = body.index(": ", i) + 2 if not body.startswith("`", i) else _after_quoted(body, i) + 2
        depth, start = 0, i
        while i < len(body) and not (body[i] == "," and depth == 0):
            depth += {"<": 1, ">": -1}.get(body[i], 0)
            i += 1
        out.append((name, body[start:i]))
        i += 2
    return out


def _after_quoted(body: str, i: int) -> int:
    """The index after the backtick-quoted name at ``body[i]``."""
    i += 1
    while True:
        if body[i] == "`" and body[i + 1:i + 2] == "`":
            i += 2
        elif body[i] == "`":
            return i + 1
        else:
            i += 1


if __name__ == "__main__":
    raise SystemExit(main())
