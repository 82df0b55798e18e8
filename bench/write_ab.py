"""Time the write step (``df.transform(compile_plan(plan, rules)).write.parquet``) of two commits' compilers on the
same observed batch, alternating, in one SparkSession.

    python bench/write_ab.py FILE [--old REV] [--repeat K] [--out DIR]

The batch is read, observed and planned once (as ``widen ingest`` does for a new table). The old compiler is
``compiler/spark.py`` and ``compiler/spark_types.py`` as of ``REV`` (default ``HEAD``), loaded from ``git show``
next to the working tree's. Each repeat writes old then new (new then old on the next). Prints per-run seconds,
the medians, and whether both wrote the same rows (an ``exceptAll`` both ways over the written Parquet files). Each compiler is given the batch's
storage (``Observations.storage``, native reads) when its ``compile_plan`` takes it.
"""

from __future__ import annotations

import argparse
import importlib.util
import inspect
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def load_old(root: Path, rev: str, names=("spark_types", "spark")):
    """The compiler modules ``names`` as of ``rev`` (``git show``), as ``old_<name>`` modules importing each
    other's old versions; the last one is returned."""
    tmp = Path(tempfile.mkdtemp())
    mods = {}
    for name in names:
        text = subprocess.run(["git", "show", f"{rev}:compiler/{name}.py"], cwd=root, check=True,
                              capture_output=True, text=True).stdout
        text = text.replace("widen.compiler.spark_types", "old_spark_types")
        path = tmp / f"old_{name}.py"
        path.write_text(text)
        spec = importlib.util.spec_from_file_location(f"old_{name}", path)
        mod = importlib.util.module_from_spec(spec)
        sys.modules[f"old_{name}"] = mod
        spec.loader.exec_module(mod)
        mods[name] = mod
    return mods[names[-1]]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--old", default="HEAD")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--out", default=None)
    a = ap.parse_args(argv)
    root = Path(__file__).resolve().parent.parent
    old = load_old(root, a.old)

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
    out = Path(a.out or tempfile.mkdtemp())
    with session_settings(spark):
        observations, parsed = observe_dataframe(read_lines(spark, [a.file]), rules)
        records = parsed.filter(F.col("reason").isNull())
        p = plan(TableSchema(), observations, rules)
        # as `widen ingest` compiles: with the batch's storage where the compiler takes it (native reads)
        compiled = {name: (mod.compile_plan(p, rules, storage=observations.storage)
                           if "storage" in inspect.signature(mod.compile_plan).parameters
                           else mod.compile_plan(p, rules))
                    for name, mod in (("old", old), ("new", new))}
        for name, c in compiled.items():
            source = c.source(records.columns) if hasattr(c, "source") else "record"
            print(f"{name}: {sum(len(t) for s in c.stages(source) for _, t in s)} chars of SQL", flush=True)
        times: dict[str, list[float]] = {"old": [], "new": []}
        for i in range(a.repeat):
            order = ("old", "new") if i % 2 == 0 else ("new", "old")
            for name in order:
                target = out / f"{name}-{i}"
                shutil.rmtree(target, ignore_errors=True)
                start = time.perf_counter()
                records.transform(compiled[name]).write.mode("error").parquet(str(target))
                seconds = time.perf_counter() - start
                times[name].append(seconds)
                print(f"repeat {i + 1} {name}: {seconds:.2f}s", flush=True)
        for name, values in times.items():
            print(f"{name} ({a.old if name == 'old' else 'working tree'}): median {statistics.median(values):.2f}s "
                  f"of {', '.join(f'{v:.2f}' for v in values)}")
        print(f"ratio old/new: {statistics.median(times['old']) / statistics.median(times['new']):.2f}")
        o = spark.read.parquet(str(out / "old-0"))
        n = spark.read.parquet(str(out / "new-0"))
        same = o.schema == n.schema and o.exceptAll(n).count() == 0 and n.exceptAll(o).count() == 0
        print(f"same rows: {same} ({o.count()} rows)")
        parsed.unpersist()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
