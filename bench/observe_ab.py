"""Time the observer of two commits on the same file, alternating, in one SparkSession (the observe phase alone).

    python bench/observe_ab.py FILE [--old REV] [--repeat K]

The old observer is ``compiler/spark_observe.py`` as of ``REV`` (default ``HEAD~1``), loaded from ``git show``
with ``compiler/spark_types.py`` of the same commit, next to the current ones; each repeat runs old then new (then new then
old on the next repeat), each on a fresh ``read_lines`` frame. Prints per-run seconds, the medians, and whether
both gave the same observations. ``WIDEN_OBSERVE_DEBUG=1`` adds the current observer's own job times.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--old", default="HEAD~1")
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args(argv)
    root = Path(__file__).resolve().parent.parent
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from write_ab import load_old

    old = load_old(root, a.old, ("spark_types", "spark_observe"))  # the old observer with its own detectors

    import widen
    from widen.compiler import spark_observe as new
    from widen.ingest import read_lines
    from widen.session import spark_session

    spark = spark_session()
    rules = widen.load_rules()
    times: dict[str, list[float]] = {"old": [], "new": []}
    seen = {}
    for i in range(a.repeat):
        order = ("old", "new") if i % 2 == 0 else ("new", "old")
        for name in order:
            module = old if name == "old" else new
            start = time.perf_counter()
            observations, parsed = module.observe_dataframe(read_lines(spark, [a.file]), rules)
            seconds = time.perf_counter() - start
            parsed.unpersist()
            times[name].append(seconds)
            seen[name] = observations
            print(f"repeat {i + 1} {name}: {seconds:.2f}s", flush=True)
    for name, values in times.items():
        print(f"{name} ({a.old if name == 'old' else 'working tree'}): median {statistics.median(values):.2f}s "
              f"of {', '.join(f'{v:.2f}' for v in values)}")
    print(f"ratio old/new: {statistics.median(times['old']) / statistics.median(times['new']):.2f}")
    o, n = seen["old"], seen["new"]
    same = (o.level, o.records, o.empty_names, o.rescued, o.rescued_count) == (
        n.level, n.records, n.empty_names, n.rescued, n.rescued_count)
    print(f"same observations: {same}")
    print(f"same storage: {o.storage == n.storage}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
