"""The native observer's and router's CPU cost per line, warm, in one JVM with no Spark job and no I/O
(``bench/native_micro/Micro.java``): a profile for choosing changes to ``widen/jvm/*.java``, alternating two
builds of them; the whole-process A/B (``bench/process_ab.py``) decides what is kept.

    python bench/native_micro.py FILE DUMP_DIR [--old OLD_JVM_DIR] [--passes 8] [--rounds 3]

DUMP_DIR holds ``spec.json``, ``plan.json`` and ``schema.json``, the rules' spec and the router's plan and schema
for FILE as ``widen.jvm.route`` passes them (``--dump`` writes them, by one ``widen ingest`` of FILE). Prints each
build's median pass (after the first half of the passes, the JIT's warm-up) per round.
"""

from __future__ import annotations

import argparse
import re
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent


def build(sources: Path, out: Path) -> Path:
    import pyspark

    jars = Path(pyspark.__file__).parent / "jars"
    files = [*sorted(sources.glob("Native*.java")), HERE / "native_micro" / "Micro.java"]
    subprocess.run(["javac", "--release", "17", "-nowarn", "-cp", f"{jars}/*", "-d", str(out), *map(str, files)],
                   check=True)
    return out


def run(classes: Path, file: str, dump: str, passes: int) -> tuple[float, float, str]:
    import pyspark

    jars = Path(pyspark.__file__).parent / "jars"
    out = subprocess.run(["java", "-Xmx8g", "-cp", f"{classes}:{jars}/*", "widen.Micro", dump, file, str(passes)],
                         check=True, capture_output=True, text=True).stdout
    rows = re.findall(r"observe ([\d.]+) s route ([\d.]+) s \(result (\w+)", out)
    warm = rows[len(rows) // 2:]
    return (statistics.median(float(r[0]) for r in warm), statistics.median(float(r[1]) for r in warm),
            rows[-1][2])


def dump(file: str, out: str) -> None:
    """Writes what ``widen.jvm.route`` passes for FILE's ingest into ``out``."""
    import widen.jvm as J
    from widen.ingest import ingest

    original = J._call

    def spy(spark, name, types, *args, cls=J.CLASS):
        if name == "route":
            for fname, text in zip(("spec.json", "plan.json", "schema.json"), args[1:]):
                Path(out, fname).write_text(text)
        return original(spark, name, types, *args, cls=cls)

    J._call = spy
    Path(out).mkdir(parents=True, exist_ok=True)
    ingest([file], "bench.micro", warehouse=tempfile.mkdtemp(), progress=lambda _: None)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("file")
    ap.add_argument("dump_dir")
    ap.add_argument("--dump", action="store_true", help="write DUMP_DIR from an ingest of FILE first")
    ap.add_argument("--old", help="a directory holding another build's NativeObserver.java and NativeRouter.java")
    ap.add_argument("--passes", type=int, default=8)
    ap.add_argument("--rounds", type=int, default=3)
    a = ap.parse_args(argv)
    if a.dump:
        dump(a.file, a.dump_dir)
    work = Path(tempfile.mkdtemp(prefix="native-micro-"))
    builds = {"new": build(Path(__file__).resolve().parents[1] / "widen" / "jvm", work / "new")}
    if a.old:
        builds["old"] = build(Path(a.old), work / "old")
    results = {k: [] for k in builds}
    for r in range(a.rounds):
        for name in (list(builds) if r % 2 == 0 else list(reversed(builds))):
            obs, route, digest = run(builds[name], a.file, a.dump_dir, a.passes)
            results[name].append((obs, route))
            print(f"round {r + 1} {name}: observe {obs:.3f} s, route {route:.3f} s (observed {digest})", flush=True)
    for name, rs in results.items():
        print(f"{name}: observe {statistics.median(o for o, _ in rs):.3f} s, "
              f"route {statistics.median(t for _, t in rs):.3f} s (medians of {len(rs)})")
    if a.old:
        for i, what in enumerate(("observe", "route")):
            old, new = (statistics.median(x[i] for x in results[k]) for k in ("old", "new"))
            print(f"{what}: old/new {old / new:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
