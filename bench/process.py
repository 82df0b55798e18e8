"""Whole-process, cold benchmark: plain Spark against the ``widen`` CLI, each run the way its user runs it.

    python bench/process.py [--records 200000,1000000 | --file PATH] [--repeat K] [--warm] [--out results.json]

Systems (each run is a fresh process from an empty output directory; runs alternate a, b, a, b ...):

a  plain Spark, a fresh ``python -c`` child (``A_CHILD`` below, with Widen's own settings: UTC,
   ``TIMESTAMP_MICROS`` ...):
       python -c "$A_CHILD" BATCH OUT      # spark_session(); spark.read.json(BATCH).write.parquet(OUT)
b  Widen, a fresh CLI process into a fresh warehouse (so a fresh table):
       widen ingest --warehouse WAREHOUSE --table bench.events BATCH
   (``widen`` next to ``sys.executable``, else ``python -m widen.cli``).

The time of a run is the wall clock of the child from spawn to exit: interpreter start, imports, JVM start, the
work, shutdown. The driver JVM outlives the Python process for a moment (it exits when its stdin closes); it is
reaped before the next run, and ``tree_seconds`` is the time to the last process of the tree exiting. Phases are
parsed from stderr: for (a) the child's ``bench-process: session X work Y`` line; for (b) ``spark: session ready in
X.Xs`` and ``batch_s``, the ``(N.Ns)`` of ``batch 1: ...``, whose clock includes the session start (so its
``work_s`` is ``batch_s - session_s``).

Memory: ``peak_rss_mb`` is the peak RSS of the largest process in the child's tree (the driver JVM; in local mode
it also runs the executors), ``driver_rss_mb`` that of the Python process. ``/usr/bin/time -f %M`` would report
only the Python process (the JVM is orphaned, not waited for), so this script makes itself a child subreaper
(``prctl(PR_SET_CHILD_SUBREAPER)``) and reads ``ru_maxrss`` from ``wait4`` of every process of the tree.

Data: ``python bench/gen.py bench/.data/process-rN --records N`` (reused when its ``.done`` marker is there), one
file ``batch-00001.jsonl``; or ``--file`` to bench an existing file. Medians and ratios leave out failed runs (a
non-zero exit; the tail of its stderr is printed); ``ratio`` is median(b) / median(a), ``min ratio`` is
min(b) / min(a). ``--warm`` then compares the two in ONE child process and one SparkSession (``WARM_CHILD``):
one discarded warm-up of each, then K alternating runs of ``read.json -> write.parquet`` and
``widen.ingest.ingest([BATCH], "bench.events", warehouse=FRESH, spark=spark)``.
"""

from __future__ import annotations

import argparse
import ctypes
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time
from importlib import metadata
from pathlib import Path

HERE = Path(__file__).resolve().parent
DATA = HERE / ".data"
WORK = Path(os.environ.get("WIDEN_BENCH_WORK", "/tmp/widen-bench")) / "process"

A_CHILD = """import sys, time
t0 = time.perf_counter()
from widen.session import spark_session
spark = spark_session()
t1 = time.perf_counter()
spark.read.json(sys.argv[1]).write.parquet(sys.argv[2])
print(f"bench-process: session {t1 - t0:.3f} work {time.perf_counter() - t1:.3f}", file=sys.stderr)
"""

WARM_CHILD = """import json, shutil, sys, time
from widen.ingest import ingest
from widen.session import spark_session
path, work, k = sys.argv[1], sys.argv[2], int(sys.argv[3])
spark = spark_session()
times = {"a": [], "b": []}
for i in range(k + 1):  # i == 0: the discarded warm-up
    for s in "ab":
        out = f"{work}/{s}{i}"
        t = time.perf_counter()
        if s == "a":
            spark.read.json(path).write.parquet(out)
        else:
            ingest([path], "bench.events", warehouse=out, spark=spark, progress=lambda m: None)
        if i:
            times[s].append(time.perf_counter() - t)
        shutil.rmtree(out, ignore_errors=True)
print("bench-process-warm: " + json.dumps(times))
"""


def say(text: str = "") -> None:
    print(text, flush=True)


def widen_cmd() -> list[str]:
    exe = Path(sys.executable).parent / "widen"
    # widen/cli/__init__.py ends with ``if __name__ == "__main__": sys.exit(main())``, so ``-m widen.cli`` runs main
    return [str(exe)] if exe.exists() else [sys.executable, "-m", "widen.cli"]


def become_subreaper() -> bool:
    """Orphans of our children (the driver JVM, once its Python exits) become ours: wait4 gives their peak RSS."""
    try:
        return ctypes.CDLL(None, use_errno=True).prctl(36, 1, 0, 0, 0) == 0  # PR_SET_CHILD_SUBREAPER
    except (OSError, AttributeError):
        return False


def reap_all(timeout: float = 120.0) -> list[int]:
    """Wait for every remaining descendant; their ru_maxrss (KB). Kills what is still there after ``timeout``."""
    rss, deadline = [], time.monotonic() + timeout
    while True:
        try:
            pid, _, ru = os.wait4(-1, os.WNOHANG)
        except ChildProcessError:
            return rss
        if pid:
            rss.append(ru.ru_maxrss)
        elif time.monotonic() > deadline:
            for stat in Path("/proc").glob("[0-9]*/stat"):
                try:
                    if int(stat.read_text().rsplit(")", 1)[1].split()[1]) == os.getpid():
                        os.kill(int(stat.parent.name), 9)
                except (OSError, IndexError, ValueError):
                    pass
            deadline = time.monotonic() + 10
        else:
            time.sleep(0.05)


def run_child(cmd: list[str], cwd: Path) -> dict:
    # stdout and stderr go to files: the JVM inherits them, and a pipe would stay open until it exits
    out_path, err_path = cwd.parent / f"{cwd.name}.stdout", cwd.parent / f"{cwd.name}.stderr"
    with open(out_path, "w") as out, open(err_path, "w") as err:
        t0 = time.perf_counter()
        p = subprocess.Popen(cmd, cwd=cwd, stdin=subprocess.DEVNULL, stdout=out, stderr=err)
        _, status, ru = os.wait4(p.pid, 0)
        seconds = time.perf_counter() - t0
        p.returncode, others = os.waitstatus_to_exitcode(status), reap_all()
        tree_seconds = time.perf_counter() - t0
    stdout, stderr = out_path.read_text(errors="replace"), err_path.read_text(errors="replace")
    out_path.unlink(), err_path.unlink()
    return {"rc": p.returncode, "seconds": seconds, "tree_seconds": tree_seconds,
            "driver_rss_mb": ru.ru_maxrss / 1024, "peak_rss_mb": max([ru.ru_maxrss] + others) / 1024,
            "processes": 1 + len(others), "stdout": stdout, "stderr": stderr}


def phases(system: str, stderr: str) -> dict:
    num = lambda pattern: float(m.group(1)) if (m := re.search(pattern, stderr, re.M)) else None  # noqa: E731
    if system == "a":
        return {"session_s": num(r"^bench-process: session ([\d.]+)"), "work_s": num(r"^bench-process:.*work ([\d.]+)")}
    session, batch = num(r"spark: session ready in ([\d.]+)s"), num(r"^batch 1: .*\(([\d.]+)s[,)]")
    # widen's batch clock starts before it starts the session: work is the batch time less the session's
    return {"session_s": session, "batch_s": batch, "work_s": batch - session if batch and session else batch}


def one_run(system: str, path: Path, run_dir: Path) -> dict:
    shutil.rmtree(run_dir, ignore_errors=True)
    run_dir.mkdir(parents=True)
    if system == "a":
        cmd = [sys.executable, "-c", A_CHILD, str(path), str(run_dir / "out")]
    else:
        cmd = widen_cmd() + ["ingest", "--warehouse", str(run_dir / "warehouse"), "--table", "bench.events", str(path)]
    r = run_child(cmd, run_dir)
    shown = cmd[:2] + ["<A_CHILD>"] + cmd[3:] if system == "a" else cmd
    r.update(system=system, cmd=shown, **phases(system, r["stderr"]))
    if r["rc"]:
        r["stderr_tail"] = r["stderr"][-3000:]
    del r["stderr"], r["stdout"]
    shutil.rmtree(run_dir, ignore_errors=True)
    return r


fmt = lambda x, digits=2: "-" if x is None else f"{x:.{digits}f}"  # noqa: E731
median = lambda xs: statistics.median(xs) if xs else None  # noqa: E731
ratio = lambda b, a: b / a if a and b is not None else None  # noqa: E731


def dataset(records: int) -> Path:
    out = DATA / f"process-r{records}"
    if not (out / ".done").exists():
        subprocess.run([sys.executable, str(HERE / "gen.py"), str(out), "--records", str(records)], check=True)
    return out / "batch-00001.jsonl"


def bench(label: str, path: Path, args) -> dict:
    say(f"\n## {label}: {path} ({path.stat().st_size / 2**20:.1f} MB), {args.repeat} cold run(s) each")
    runs = []
    for i in range(args.repeat):
        for system in "ab":
            r = one_run(system, path, WORK / f"{system}{i}")
            runs.append(r)
            say(f"  ({system}) run {i + 1}: " + (f"{r['seconds']:.2f}s" if not r["rc"] else f"FAILED rc={r['rc']}")
                + f" (tree {r['tree_seconds']:.2f}s; session {fmt(r['session_s'], 1)}s, work {fmt(r['work_s'], 1)}s;"
                f" peak RSS {r['peak_rss_mb']:.0f} MB, python {r['driver_rss_mb']:.0f} MB, {r['processes']} procs)")
            if r["rc"]:
                say("    " + r["stderr_tail"][-1500:].replace("\n", "\n    "))
    ok = {s: [r["seconds"] for r in runs if r["system"] == s and not r["rc"]] for s in "ab"}
    res = {"label": label, "path": str(path), "bytes": path.stat().st_size, "runs": runs,
           "median_a": median(ok["a"]), "median_b": median(ok["b"]),
           "ok": {s: f"{len(ok[s])}/{args.repeat}" for s in "ab"}}
    res["ratio"] = ratio(res["median_b"], res["median_a"])
    res["min_ratio"] = ratio(min(ok["b"], default=None), min(ok["a"], default=None))
    for s in "ab":
        for key in ("session_s", "work_s", "peak_rss_mb"):
            res[f"{key}_median_{s}"] = median([r[key] for r in runs if r["system"] == s and not r["rc"]
                                               and r[key] is not None])
        say(f"  ({s}) median {fmt(res['median_' + s])}s: session {fmt(res['session_s_median_' + s], 1)}s, "
            f"work {fmt(res['work_s_median_' + s], 1)}s, peak RSS {fmt(res['peak_rss_mb_median_' + s], 0)} MB")
    if args.warm:
        run_dir = WORK / "warm"
        shutil.rmtree(run_dir, ignore_errors=True)
        run_dir.mkdir(parents=True)
        r = run_child([sys.executable, "-c", WARM_CHILD, str(path), str(run_dir), str(args.repeat)], run_dir)
        m = re.search(r"^bench-process-warm: (.*)$", r["stdout"], re.M)
        warm = {"rc": r["rc"], "seconds": r["seconds"], "peak_rss_mb": r["peak_rss_mb"]}
        if r["rc"] or not m:
            warm["stderr_tail"] = r["stderr"][-3000:]
            say(f"  warm: FAILED rc={r['rc']}\n    " + warm["stderr_tail"][-1500:].replace("\n", "\n    "))
        else:
            warm.update(times=json.loads(m.group(1)))
            warm.update({f"median_{s}": median(warm["times"][s]) for s in "ab"})
            warm["ratio"] = ratio(warm["median_b"], warm["median_a"])
            say(f"  warm (one session, {args.repeat} run(s) each after a warm-up): (a) {fmt(warm['median_a'])}s, "
                f"(b) {fmt(warm['median_b'])}s, ratio {fmt(warm['ratio'])}")
        shutil.rmtree(run_dir, ignore_errors=True)
        res["warm"] = warm
    return res


def machine() -> dict:
    git = lambda *cmd: subprocess.run(["git", *cmd], cwd=HERE, capture_output=True, text=True).stdout  # noqa: E731
    out = {"nproc": os.cpu_count(), "python": platform.python_version(), "machine": platform.machine(),
           "commit": git("rev-parse", "--short", "HEAD").strip(),
           "dirty": [line.strip() for line in git("status", "--porcelain", "-uno").splitlines()],
           "widen_cmd": widen_cmd(), "env": {k: v for k, v in os.environ.items() if k.startswith("WIDEN_")}}
    for pkg in ("pyspark", "pyiceberg"):
        try:
            out[pkg] = metadata.version(pkg)
        except metadata.PackageNotFoundError:
            out[pkg] = None
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--records", default="200000,1000000", help="comma-separated record counts (generated data)")
    ap.add_argument("--file", help="bench this JSON-lines file instead of generated data")
    ap.add_argument("--repeat", type=int, default=3, help="cold runs of each system")
    ap.add_argument("--warm", action="store_true", help="then compare in one warm session (one child process)")
    ap.add_argument("--out", help="write all raw numbers to this JSON file")
    args = ap.parse_args(argv)
    info = machine()
    info["subreaper"] = become_subreaper()
    info["loadavg_start"] = os.getloadavg()
    say(f"widen {info['commit']}{' (dirty: ' + ', '.join(info['dirty']) + ')' if info['dirty'] else ''}, "
        f"python {info['python']}, pyspark {info['pyspark']}, pyiceberg {info['pyiceberg']}, nproc {info['nproc']}, "
        f"load {' '.join(f'{x:.2f}' for x in info['loadavg_start'])}")
    if not info["subreaper"]:
        say("warning: not a child subreaper; peak RSS is the Python process's only, not the JVM's")
    inputs = [(Path(args.file).name, Path(args.file).resolve())] if args.file else \
        [(f"{int(n)}", dataset(int(n))) for n in args.records.split(",")]
    results = [bench(label, path, args) for label, path in inputs]
    info["loadavg_end"] = os.getloadavg()
    say(f"\nload at end: {' '.join(f'{x:.2f}' for x in info['loadavg_end'])}\n")
    say("| records | (a) spark median s | (b) widen median s | ratio | min ratio | runs |")
    say("|---|---|---|---|---|---|")
    for r in results:
        say(f"| {r['label']} | {fmt(r['median_a'])} | {fmt(r['median_b'])} | {fmt(r['ratio'])} | "
            f"{fmt(r['min_ratio'])} | a {r['ok']['a']}, b {r['ok']['b']} |")
    if args.out:
        Path(args.out).write_text(json.dumps({"machine": info, "results": results}, indent=2))
        say(f"\nwrote {args.out}")
    failed = [run for r in results for run in r["runs"] + [r.get("warm", {})] if run.get("rc")]
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
