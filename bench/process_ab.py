"""Whole-process A/B of two builds of the ``widen`` CLI on one file: fresh process, fresh warehouse, alternating,
medians; then whether both wrote the same rows.

    python bench/process_ab.py FILE --old "PYTHON SCRIPT" [--new "PYTHON SCRIPT"] [--repeat K]

``--old`` and ``--new`` are commands that run a build's CLI (``widen ingest ...`` arguments are appended); the
default ``--new`` is this checkout's ``python -m widen.cli``. To run an older commit's CLI next to an editable
install of this one: ``git worktree add /tmp/old REV``, a ``python -m venv --system-site-packages`` with
``pip install --no-deps /tmp/old`` in it, and a two-line launcher that drops the editable install's finder from
``sys.meta_path`` before ``from widen.cli import main`` (run from a directory outside the checkout). Each run is
timed and reaped as ``bench/process.py`` does it (``run_child``: spawn to the Python process's exit; the orphaned
driver JVM is waited for before the next run). Rows are compared with Spark (``exceptAll`` both ways) over the two
last tables.
"""

from __future__ import annotations

import argparse
import shlex
import statistics
import sys
import tempfile
from pathlib import Path


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--old", required=True)
    ap.add_argument("--new", default=f"{sys.executable} -m widen.cli")
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args(argv)
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from process import become_subreaper, run_child

    become_subreaper()
    work = Path(tempfile.mkdtemp(prefix="process-ab-"))
    times: dict[str, list[float]] = {"old": [], "new": []}
    last = {}
    for i in range(a.repeat):
        for name in (("old", "new") if i % 2 == 0 else ("new", "old")):
            run_dir = work / f"{name}-{i}"
            run_dir.mkdir()
            cmd = shlex.split(getattr(a, name)) + ["ingest", "--warehouse", str(run_dir / "wh"), "--table",
                                                  "bench.events", str(Path(a.file).resolve())]
            done = run_child(cmd, run_dir)
            print(f"{name} run {i + 1}: {done['seconds']:.2f} s (tree {done['tree_seconds']:.2f} s) "
                  f"rc={done['rc']} | {done['stdout'].strip().splitlines()[-1:]}", flush=True)
            if done["rc"] == 0:
                times[name].append(done["seconds"])
                last[name] = run_dir / "wh"
            else:
                print(done["stderr"][-2000:], file=sys.stderr)
    for name, values in times.items():
        if values:
            print(f"{name}: median {statistics.median(values):.2f} s of {', '.join(f'{v:.2f}' for v in values)}")
    if times["old"] and times["new"]:
        print(f"ratio old/new: {statistics.median(times['old']) / statistics.median(times['new']):.2f}")
        from widen.ingest import open_catalog
        from widen.session import spark_session

        spark = spark_session()
        frames = []
        for name in ("old", "new"):
            table = open_catalog(None, str(last[name])).load_table("bench.events")
            files = [t.file.file_path for t in table.scan().plan_files()]
            frames.append(spark.read.parquet(*files))
        old, new = frames
        same = old.count() == new.count() and old.exceptAll(new).isEmpty() and new.exceptAll(old).isEmpty()
        print(f"same rows: {same} ({new.count()} rows)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
