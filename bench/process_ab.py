"""Whole-process A/B of two builds of the ``widen`` CLI on one file: fresh process, fresh warehouse, alternating,
medians; then whether both wrote the same rows.

    python bench/process_ab.py FILE --old "PYTHON SCRIPT" [--new "PYTHON SCRIPT"] [--repeat K] [--warm N]
        [--table NAME] [--template DIR --at DIR] [--args "INGEST ARGS"]

``--old`` and ``--new`` are commands that run a build's CLI (``widen ingest ...`` arguments are appended); the
default ``--new`` is this checkout's ``python -m widen.cli``. To run an older commit's CLI next to an editable
install of this one (docs/performance.md, "Compare two builds")::

    git worktree add --detach /tmp/widen-old REV
    .venv/bin/pip install --no-deps --target /tmp/widen-old-site /tmp/widen-old
    python bench/process_ab.py FILE --old "env PYTHONPATH=/tmp/widen-old-site $PWD/.venv/bin/python -m widen.cli"

(``sys.path``, and so ``PYTHONPATH``, comes before the editable install's finder; each run's working directory is
a temporary one, outside the checkout). Each run is timed and reaped as ``bench/process.py`` does it
(``run_child``: spawn to the Python process's exit; the orphaned driver JVM is waited for before the next run).
Rows are compared with Spark (``exceptAll`` both ways) over the two last tables.

``--template DIR --at DIR``: each run ingests into a copy of a warehouse made before (DIR, copied to the fixed
path ``--at`` before each run: Iceberg's metadata names its files by absolute path), ``--table`` in it, with
``--args`` added to ``widen ingest`` (a keyed batch into a table of 1M rows: ``--args "--key id"``); the rows are
compared by a digest of the table's sorted rows after each build's last run.

``--warm N`` compares the builds warm instead: each run is one process of a build (its command without the
``-m widen.cli`` at the end, running ``WARM_CHILD``) that starts a session, ingests FILE once to warm up, then N
times more, each into a fresh warehouse; the medians are of those N runs of every process of a build.
"""

from __future__ import annotations

import argparse
import shlex
import shutil
import statistics
import sys
import tempfile
from pathlib import Path


WARM_CHILD = """import json, sys, tempfile, time
from widen.ingest import ingest
from widen.session import spark_session
path, n = sys.argv[1], int(sys.argv[2])
spark = spark_session()
times = []
for i in range(n + 1):  # i == 0: the warm-up
    t = time.perf_counter()
    ingest([path], "bench.events", warehouse=tempfile.mkdtemp(), spark=spark, progress=lambda m: None)
    times.append(time.perf_counter() - t)
print("bench-warm: " + json.dumps(times[1:]))
"""


def warm(a, work: Path) -> int:
    """``--warm``: alternating processes of the two builds, each a session and N warm ingests."""
    import json
    import re

    from process import run_child

    script = work / "warm_child.py"
    script.write_text(WARM_CHILD)
    times: dict[str, list[float]] = {"old": [], "new": []}
    for i in range(a.repeat):
        for name in (("old", "new") if i % 2 == 0 else ("new", "old")):
            cmd = shlex.split(getattr(a, name))
            if cmd[-2:] != ["-m", "widen.cli"]:
                raise SystemExit(f"--warm needs --{name} to end with '-m widen.cli'")
            run_dir = work / f"{name}-{i}"
            run_dir.mkdir()
            done = run_child(cmd[:-2] + [str(script), str(Path(a.file).resolve()), str(a.warm)], run_dir)
            m = re.search(r"^bench-warm: (.*)$", done["stdout"], re.M)
            if done["rc"] != 0 or not m:
                print(done["stderr"][-2000:], file=sys.stderr)
                continue
            runs = json.loads(m.group(1))
            times[name] += runs
            print(f"{name} process {i + 1}: warm runs {', '.join(f'{v:.2f}' for v in runs)} s", flush=True)
    for name, values in times.items():
        if values:
            print(f"{name}: median {statistics.median(values):.2f} s of {len(values)} warm runs")
    if times["old"] and times["new"]:
        print(f"warm ratio old/new: {statistics.median(times['old']) / statistics.median(times['new']):.2f}")
    return 0


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("--old", required=True)
    ap.add_argument("--new", default=f"{sys.executable} -m widen.cli")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--warm", type=int, default=0, help="compare N warm runs in each process instead")
    ap.add_argument("--table", default="bench.events")
    ap.add_argument("--template", help="a warehouse each run ingests into a copy of (at --at)")
    ap.add_argument("--at", help="where --template is copied before each run")
    ap.add_argument("--args", default="", help="more arguments of widen ingest")
    a = ap.parse_args(argv)
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from process import become_subreaper, run_child

    become_subreaper()
    work = Path(tempfile.mkdtemp(prefix="process-ab-"))
    if a.warm:
        return warm(a, work)
    times: dict[str, list[float]] = {"old": [], "new": []}
    last = {}
    for i in range(a.repeat):
        for name in (("old", "new") if i % 2 == 0 else ("new", "old")):
            run_dir = work / f"{name}-{i}"
            run_dir.mkdir()
            warehouse = run_dir / "wh"
            if a.template:
                shutil.rmtree(a.at, ignore_errors=True)
                shutil.copytree(a.template, a.at)
                warehouse = Path(a.at)
            cmd = shlex.split(getattr(a, name)) + ["ingest", "--warehouse", str(warehouse), "--table", a.table,
                                                  *shlex.split(a.args), str(Path(a.file).resolve())]
            done = run_child(cmd, run_dir)
            print(f"{name} run {i + 1}: {done['seconds']:.2f} s (tree {done['tree_seconds']:.2f} s) "
                  f"rc={done['rc']} | {done['stdout'].strip().splitlines()[-1:]}", flush=True)
            if done["rc"] == 0:
                times[name].append(done["seconds"])
                last[name] = _digest(warehouse, a.table) if a.template else warehouse
            else:
                print(done["stderr"][-2000:], file=sys.stderr)
    for name, values in times.items():
        if values:
            print(f"{name}: median {statistics.median(values):.2f} s of {', '.join(f'{v:.2f}' for v in values)}")
    if times["old"] and times["new"]:
        print(f"ratio old/new: {statistics.median(times['old']) / statistics.median(times['new']):.2f}")
        if a.template:
            print(f"same rows: {last['old'] == last['new']} (digests {last['old']}, {last['new']})")
            return 0
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


def _digest(warehouse: Path, table: str) -> str:
    """A digest of the table's rows, sorted (the same rows, whatever their files' order)."""
    import hashlib

    from widen.ingest import open_catalog

    data = open_catalog(None, str(warehouse)).load_table(table).scan().to_arrow()
    data = data.select(sorted(data.column_names))
    rows = sorted(repr(sorted(r.items())) for r in data.to_pylist())
    return f"{len(rows)} rows, " + hashlib.sha256("\n".join(rows).encode()).hexdigest()[:16]


if __name__ == "__main__":
    sys.exit(main())
