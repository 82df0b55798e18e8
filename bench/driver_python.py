"""The driver path's Python, without Spark: how long the reference engine takes to observe and to route one file
(``widen.observe_lines``, ``widen.plan``, ``widen.Router``: the public API, so that an older build can be timed the
same way), and, on this build, the same split among the driver's processes (``widen.sources``), medians.

    python bench/driver_python.py FILE [--repeat 3] [--serial-only]

Also prints the peak memory the lines take as ``widen.sources.file_lines`` holds them (``tracemalloc``).
"""

from __future__ import annotations

import argparse
import statistics
import time


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--serial-only", action="store_true", help="only the public API (for an older build)")
    a = ap.parse_args(argv)

    import widen

    rules = widen.load_rules()
    with open(a.file, encoding="utf-8") as fh:
        lines = fh.read().splitlines()
    serial = {"observe": [], "route": []}
    for _ in range(a.repeat):
        t0 = time.perf_counter()
        observations = widen.observe_lines(lines, rules)
        t1 = time.perf_counter()
        plan = widen.plan(widen.TableSchema(), observations, rules)
        router = widen.Router(plan, rules)
        rows = list(router.route_lines(lines))
        t2 = time.perf_counter()
        serial["observe"].append(t1 - t0)
        serial["route"].append(t2 - t1)
    print(f"{a.file}: {len(rows)} rows; one process: observe {statistics.median(serial['observe']):.2f} s, "
          f"plan + route {statistics.median(serial['route']):.2f} s (medians of {a.repeat})", flush=True)
    if a.serial_only:
        return 0

    import tracemalloc
    from pathlib import Path

    import pyarrow as pa
    from pyspark.sql.pandas.types import to_arrow_schema

    from widen import sources
    from widen.compiler.spark import struct_type
    from widen.engine.observe import Observations

    tracemalloc.start()
    held = list(sources.file_lines(Path(a.file)))
    size, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    print(f"lines as held: {size / 1e6:.1f} MB ({size / Path(a.file).stat().st_size:.1f}x the file), "
          f"peak {peak / 1e6:.1f} MB", flush=True)
    parallel = {"observe": [], "route": []}
    for _ in range(a.repeat):
        t0 = time.perf_counter()
        merged = Observations()
        for part in sources._in_parallel(sources._observe_lines, held, rules):
            merged = merged.merge(part)
        t1 = time.perf_counter()
        plan = widen.plan(widen.TableSchema(), merged, rules)
        schema = struct_type([cp.column for cp in plan.root.columns], rules)
        arrow = to_arrow_schema(schema, timezone="UTC")
        batches = sources._in_parallel(sources._route_lines, held, plan, rules, arrow)
        t2 = time.perf_counter()
        assert sum(b.num_rows for b in batches) == len(rows)
        parallel["observe"].append(t1 - t0)
        parallel["route"].append(t2 - t1)
    print(f"{sources.driver_workers()} processes: observe {statistics.median(parallel['observe']):.2f} s, "
          f"plan + route into Arrow {statistics.median(parallel['route']):.2f} s (medians of {a.repeat})", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
