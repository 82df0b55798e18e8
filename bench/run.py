"""Widen benchmark runner: the same seeded data through four loaders, alternating, medians and ratios.

    python bench/run.py [--records N] [--fields N] [--nesting D] [--drift F] [--repeat K] [--batches B]
                        [--only a,b,c,d] [--clean a,d] [--seed S] [--out results.json]
    python bench/run.py --scale records [--sizes 50000,200000,1000000] ...
    python bench/run.py --scale batches [--batches 200] [--records 200000] ...
    python bench/run.py --scale paths [--paths 30,1000] [--plan-batches 20] [--sample 200]

Systems (each run starts from an empty output directory; runs alternate a, b, c, d, a, b, c, d ...):

a  plain Spark: ``spark.read.json(batch)`` -> ``write.parquet`` per batch (the baseline; schema inference
   included, conflicting types become strings);
b  Widen: ``widen.ingest.ingest(batches, "bench.events", ...)`` into an Iceberg table (embedded SQLite catalog);
c  dlt: ``pipeline.run`` of the parsed records (``json.loads`` per line) into a local duckdb file;
d  pyiceberg alone: ``pyarrow.json.read_json`` per batch, ``update_schema().union_by_name`` and ``append``.

(a) and (b) share ONE SparkSession (``widen.session.spark_session()``), started once and timed separately. ``d``
fails on drifting data (pyarrow rejects a column whose JSON type changes); the failure is recorded, and ``--clean``
runs the listed systems again on the same records generated with ``--drift 0``.

Memory, per run: the Python process's peak RSS (``VmHWM``, reset through ``/proc/self/clear_refs`` before each
run) and the driver JVM's peak heap (sum of the heap pools' ``getPeakUsage``, reset before each run; in local
mode the driver JVM also runs the executors).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import statistics
import sys
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import gen  # noqa: E402

DATA = HERE / ".data"
WORK = Path(os.environ.get("WIDEN_BENCH_WORK", "/tmp/widen-bench"))
NAMES = {"a": "spark read.json -> parquet", "b": "widen ingest -> iceberg", "c": "dlt -> duckdb",
         "d": "pyiceberg (pyarrow.json) -> iceberg"}


# ---------------------------------------------------------------------------------------------------- memory


def reset_rss_peak() -> None:
    try:
        with open("/proc/self/clear_refs", "w") as fh:
            fh.write("5")
    except OSError:
        pass


def rss_peak_mb() -> float | None:
    try:
        for line in open("/proc/self/status"):
            if line.startswith("VmHWM:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    import resource

    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _heap_pools(spark):
    mf = spark._jvm.java.lang.management.ManagementFactory
    pools = mf.getMemoryPoolMXBeans()
    heap = spark._jvm.java.lang.management.MemoryType.HEAP
    return [pools.get(i) for i in range(pools.size()) if pools.get(i).getType().equals(heap)]


def reset_heap_peak(spark) -> None:
    if spark is None:
        return
    for p in _heap_pools(spark):
        p.resetPeakUsage()


def heap_peak_mb(spark) -> float | None:
    if spark is None:
        return None
    return sum(p.getPeakUsage().getUsed() for p in _heap_pools(spark)) / 2**20


# ---------------------------------------------------------------------------------------------------- systems


def run_a(batches, out: Path, spark, **_):
    for k, batch in enumerate(batches):
        spark.read.json(str(batch)).write.mode("error").parquet(str(out / f"batch-{k:05d}"))
    return {}


def run_b(batches, out: Path, spark, **_):
    from widen.ingest import ingest

    reports = ingest([str(b) for b in batches], "bench.events", warehouse=str(out), spark=spark,
                     progress=lambda _: None)
    # ingest reports its own phases: observe, rescued, plan, write, commit
    per_batch = [{**r.phases, "total": r.seconds, "records": r.records, "values_written": r.values,
                  "fields_added": len(r.fields_added)} for r in reports]
    return {"batches": per_batch, "records": sum(r.records for r in reports),
            "fields_added": sum(len(r.fields_added) for r in reports)}


def run_c(batches, out: Path, spark=None, **_):
    import dlt

    def records():
        chunk = []
        for batch in batches:
            with open(batch) as fh:
                for line in fh:
                    if line.strip():
                        chunk.append(json.loads(line))
                        if len(chunk) >= 10_000:
                            yield chunk
                            chunk = []
        if chunk:
            yield chunk

    out.mkdir(parents=True, exist_ok=True)
    pipeline = dlt.pipeline(pipeline_name="widen_bench", pipelines_dir=str(out / "pipelines"),
                            destination=dlt.destinations.duckdb(str(out / "dlt_load.duckdb")), dataset_name="events_ds")
    info = pipeline.run(records(), table_name="events", write_disposition="append")
    tables = [t for t in pipeline.default_schema.data_table_names()]
    return {"tables": len(tables), "loads": len(info.loads_ids)}


def run_d(batches, out: Path, spark=None, **_):
    import pyarrow.json as pj
    from pyiceberg.catalog.sql import SqlCatalog

    out.mkdir(parents=True, exist_ok=True)
    cat = SqlCatalog("d", uri=f"sqlite:///{out / 'catalog.db'}", warehouse=out.as_uri())
    cat.create_namespace("bench")
    tbl = None
    for batch in batches:
        arrow = pj.read_json(str(batch))
        if tbl is None:
            tbl = cat.create_table("bench.events", schema=arrow.schema)
        else:
            with tbl.update_schema() as update:
                update.union_by_name(arrow.schema)
        tbl.append(arrow)
    return {"columns": len(tbl.schema().fields) if tbl is not None else 0}


RUNNERS = {"a": run_a, "b": run_b, "c": run_c, "d": run_d}


def run_one(system: str, batches, spark, label: str) -> dict:
    out = WORK / f"{label}-{system}"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    reset_rss_peak()
    reset_heap_peak(spark)
    started = time.perf_counter()
    result = {"system": system, "label": label}
    try:
        result.update(RUNNERS[system](batches, out, spark) or {})
        result["ok"] = True
    except Exception as e:  # recorded, not hidden: d fails on drifting data
        result["ok"] = False
        result["error"] = f"{type(e).__name__}: {str(e).splitlines()[0][:300] if str(e) else ''}"
        if os.environ.get("WIDEN_BENCH_TRACEBACK"):
            traceback.print_exc()
    result["seconds"] = time.perf_counter() - started
    result["rss_peak_mb"] = rss_peak_mb()
    result["heap_peak_mb"] = heap_peak_mb(spark) if system in "ab" else None
    shutil.rmtree(out, ignore_errors=True)
    return result


# ---------------------------------------------------------------------------------------------------- reporting


def say(text: str = "") -> None:
    print(text, flush=True)


def fmt(x, digits=2):
    return "-" if x is None else f"{x:.{digits}f}"


def summarise(results: list[dict], label: str) -> dict:
    by: dict[str, list[dict]] = {}
    for r in results:
        if r["label"] == label:
            by.setdefault(r["system"], []).append(r)
    table = {}
    for system, rs in sorted(by.items()):
        ok = [r["seconds"] for r in rs if r["ok"]]
        table[system] = {
            "runs": len(rs), "ok": len(ok), "seconds": [round(r["seconds"], 3) for r in rs],
            "median": statistics.median(ok) if ok else None,
            "error": next((r["error"] for r in rs if not r["ok"]), None),
            "rss_peak_mb": statistics.median([r["rss_peak_mb"] for r in rs if r["rss_peak_mb"]] or [0]) or None,
            "heap_peak_mb": max([r["heap_peak_mb"] for r in rs if r["heap_peak_mb"]] or [0]) or None,
        }
    base = table.get("a", {}).get("median")
    for system, row in table.items():
        row["ratio_to_a"] = row["median"] / base if base and row["median"] else None
    return table


def print_table(title: str, table: dict, records: int) -> None:
    say(f"\n## {title}")
    say("| system | runs ok | median s | ratio to (a) | records/s | python peak RSS MB | JVM peak heap MB |")
    say("|---|---|---|---|---|---|---|")
    for system, row in table.items():
        med = row["median"]
        rate = f"{records / med:,.0f}" if med else "-"
        say(f"| ({system}) {NAMES[system]} | {row['ok']}/{row['runs']} | {fmt(med)} | {fmt(row['ratio_to_a'])} | "
            f"{rate} | {fmt(row['rss_peak_mb'], 0)} | {fmt(row['heap_peak_mb'], 0)} |")
        if row["error"]:
            say(f"|   ({system}) failed: {row['error'][:200]} | | | | | | |")


def b_breakdown(results: list[dict], label: str) -> None:
    rows = [r for r in results if r["label"] == label and r["system"] == "b" and r.get("ok")]
    if not rows:
        return
    keys: list[str] = []
    for r in rows:
        for pb in r["batches"]:
            for k, v in pb.items():
                if isinstance(v, float) and k not in keys and k != "total":
                    keys.append(k)
    say(f"\nWiden phases ({label}), median over runs of the per-run sum over batches, seconds:")
    for k in keys + ["total"]:
        vals = [sum(pb.get(k, 0.0) for pb in r["batches"]) for r in rows]
        say(f"  {k:>18}: {statistics.median(vals):8.2f}")


# ---------------------------------------------------------------------------------------------------- modes


def versions() -> dict:
    out = {"python": platform.python_version(), "machine": platform.machine(), "nproc": os.cpu_count()}
    for mod in ("pyspark", "pyiceberg", "pyarrow", "dlt", "duckdb"):
        try:
            out[mod] = __import__(mod).__version__
        except Exception:  # noqa: BLE001
            out[mod] = None
    try:
        out["mem_total_gb"] = round(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30, 1)
    except (ValueError, OSError):
        pass
    return out


def dataset(records, fields, nesting, drift, batches, seed) -> list[Path]:
    name = f"r{records}-f{fields}-n{nesting}-d{drift}-b{batches}-s{seed}"
    started = time.perf_counter()
    paths = gen.generate(DATA / name, records, fields, nesting, drift, batches, seed)
    say(f"data: {DATA / name} ({len(paths)} file(s), {sum(p.stat().st_size for p in paths) / 2**20:.1f} MB, "
        f"ready in {time.perf_counter() - started:.1f}s)")
    return paths


def compare(args, spark, records: int, results: list, label: str, systems, clean_systems) -> dict:
    batches = dataset(records, args.fields, args.nesting, args.drift, args.batches, args.seed)
    clean = dataset(records, args.fields, args.nesting, 0.0, args.batches, args.seed) if clean_systems else []
    for k in range(args.repeat):
        for s in systems:
            r = run_one(s, batches, spark, label)
            results.append(r)
            say(f"[{label} repeat {k + 1}] ({s}) {fmt(r['seconds'])}s" + ("" if r["ok"] else f"  FAILED {r['error']}"))
        for s in clean_systems:
            r = run_one(s, clean, spark, label + "-clean")
            results.append(r)
            say(f"[{label}-clean repeat {k + 1}] ({s}) {fmt(r['seconds'])}s"
                + ("" if r["ok"] else f"  FAILED {r['error']}"))
    tables = {label: summarise(results, label)}
    print_table(f"{label}: {records} records, {args.fields} fields, drift {args.drift}, {args.batches} batch(es)",
                tables[label], records)
    b_breakdown(results, label)
    if clean_systems:
        tables[label + "-clean"] = summarise(results, label + "-clean")
        print_table(f"{label}-clean: same records, drift 0", tables[label + "-clean"], records)
        b_breakdown(results, label + "-clean")
    return tables


def scale_batches(args, spark, results: list) -> dict:
    from widen.ingest import ingest

    batches = dataset(args.records, args.fields, args.nesting, args.drift, args.batches, args.seed)
    out = WORK / "scale-batches"
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    per = []
    for k, batch in enumerate(batches, start=1):
        reset_heap_peak(spark)
        [report] = ingest([str(batch)], "bench.events", warehouse=str(out), spark=spark, progress=lambda _: None)
        r = {**report.phases, "total": report.seconds, "fields_added": len(report.fields_added), "batch": k}
        r["heap_peak_mb"] = heap_peak_mb(spark)
        per.append(r)
        say(f"batch {k}/{len(batches)}: total {r['total']:.2f}s  observe {r.get('observe', 0):.2f}  "
            f"plan {r.get('plan', 0) * 1000:.0f}ms  write {r.get('write', 0):.2f}  commit {r.get('commit', 0):.2f}  "
            f"(+{r['fields_added']} fields)")
    shutil.rmtree(out, ignore_errors=True)
    n = max(1, min(10, len(per) // 4))
    keys = [k for k in per[0] if isinstance(per[0][k], float) and k != "heap_peak_mb"]
    first, last = per[:n], per[-n:]
    say(f"\n## batches: {len(per)} batches of ~{args.records // max(1, args.batches)} records, one table "
        f"(phases as ingest reports them)")
    say(f"| phase | median first {n} s | median last {n} s | last/first |")
    say("|---|---|---|---|")
    summary = {}
    for key in keys:
        f_ = statistics.median(r.get(key, 0.0) for r in first)
        l_ = statistics.median(r.get(key, 0.0) for r in last)
        summary[key] = {"first": f_, "last": l_}
        say(f"| {key} | {f_:.3f} | {l_:.3f} | {fmt(l_ / f_ if f_ else None)} |")
    results.extend({"label": "scale-batches", **r} for r in per)
    return {"scale-batches": summary}


def scale_paths(args, results: list) -> dict:
    """Planning time per batch at N leaf paths: Python observations (``widen.observe_lines``) of a small sample
    per batch, planned with ``widen.engine.planner.plan`` against the schema the earlier batches built."""
    import widen
    from widen.engine.planner import plan

    rules = widen.load_rules()
    summary = {}
    for target in [int(x) for x in args.paths.split(",")]:
        # flat-ish records: find the number of top-level fields giving about `target` leaf paths
        fields = target
        spec = gen.make_spec(fields, args.nesting, args.drift, args.seed)
        fields = max(2, int(fields * target / gen.leaf_paths(spec)) - 5)
        spec = gen.make_spec(fields, args.nesting, args.drift, args.seed)
        while gen.leaf_paths(spec) < target:
            fields += 1
            spec = gen.make_spec(fields, args.nesting, args.drift, args.seed)
        npaths = gen.leaf_paths(spec)
        schema = widen.TableSchema()
        times, observe_times = [], []
        for k in range(1, args.plan_batches + 1):
            lines = list(gen.batch_lines(spec, args.sample, args.seed, k))
            t0 = time.perf_counter()
            obs = widen.observe_lines(lines, rules)
            t1 = time.perf_counter()
            p = plan(schema, obs, rules)
            t2 = time.perf_counter()
            schema = p.schema
            observe_times.append(t1 - t0)
            times.append(t2 - t1)
        first = times[0]
        later = times[1:] or times
        summary[npaths] = {"fields": fields, "leaf_paths": npaths, "plan_first_ms": first * 1000,
                           "plan_median_later_ms": statistics.median(later) * 1000,
                           "plan_max_later_ms": max(later) * 1000,
                           "observe_lines_median_ms": statistics.median(observe_times) * 1000}
        say(f"paths {npaths} ({fields} top-level fields, {args.sample} records/batch, {args.plan_batches} batches): "
            f"plan first batch {first * 1000:.1f} ms, later batches median {statistics.median(later) * 1000:.1f} ms "
            f"(max {max(later) * 1000:.1f} ms); observe_lines median {statistics.median(observe_times) * 1000:.1f} ms")
    results.append({"label": "scale-paths", "summary": summary})
    return {"scale-paths": summary}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--records", type=int, default=200_000)
    ap.add_argument("--fields", type=int, default=32)
    ap.add_argument("--nesting", type=int, default=2)
    ap.add_argument("--drift", type=float, default=0.05)
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--batches", type=int, default=None, help="batches (default 1; 200 for --scale batches)")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--only", default="a,b,c,d", help="systems to run, in this order")
    ap.add_argument("--clean", default="a,d", help="systems to run again on the drift-free variant ('' for none)")
    ap.add_argument("--scale", choices=["records", "batches", "paths"])
    ap.add_argument("--sizes", default="50000,200000,1000000", help="record counts for --scale records")
    ap.add_argument("--paths", default="30,1000", help="leaf path counts for --scale paths")
    ap.add_argument("--plan-batches", type=int, default=20, help="batches per path count for --scale paths")
    ap.add_argument("--sample", type=int, default=200, help="records per batch for --scale paths")
    ap.add_argument("--out", default=None, help="write every run's results as JSON here")
    args = ap.parse_args(argv)
    if args.batches is None:
        args.batches = 200 if args.scale == "batches" else 1
    systems = [s for s in args.only.split(",") if s]
    clean_systems = [s for s in args.clean.split(",") if s]
    info = {"args": vars(args), "versions": versions(), "argv": sys.argv}
    say(f"versions: {json.dumps(info['versions'])}")
    say(f"command: {' '.join(sys.argv)}")
    if any(s == "c" for s in systems + clean_systems):
        try:
            import dlt  # noqa: F401
        except ImportError:
            say("dlt is not installed (pip install 'dlt[duckdb]'): skipping (c)")
            systems = [s for s in systems if s != "c"]
            clean_systems = [s for s in clean_systems if s != "c"]
    results: list[dict] = []
    tables: dict = {}
    spark = None
    if args.scale != "paths" and any(s in "ab" for s in systems + clean_systems) or args.scale == "batches":
        started = time.perf_counter()
        from widen.session import spark_session

        spark = spark_session()
        info["spark_session_seconds"] = time.perf_counter() - started
        say(f"spark session started in {info['spark_session_seconds']:.2f}s (not counted in any run)")
    try:
        if args.scale is None:
            tables.update(compare(args, spark, args.records, results, f"r{args.records}", systems, clean_systems))
        elif args.scale == "records":
            for n in [int(x) for x in args.sizes.split(",")]:
                tables.update(compare(args, spark, n, results, f"r{n}", systems, clean_systems))
        elif args.scale == "batches":
            tables.update(scale_batches(args, spark, results))
        elif args.scale == "paths":
            tables.update(scale_paths(args, results))
    finally:
        info["tables"] = tables
        info["results"] = results
        if args.out:
            Path(args.out).parent.mkdir(parents=True, exist_ok=True)
            Path(args.out).write_text(json.dumps(info, indent=1, default=str))
            say(f"\nresults: {args.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
