"""Keyed writes: ``widen ingest --key`` against pyiceberg's ``Table.upsert`` of the same rows, each a fresh
process, whole process, cold, alternating, medians.

    python bench/keyed.py [--sizes 100000:1000000,1000000:5000000] [--repeat 3] [--systems A,B] [--out FILE.json]

For each ``BATCH:TABLE`` size, a table of TABLE flat rows (``id``, ``a`` long, ``b`` double, ``c``, ``d`` strings,
``ts`` long) and a batch of BATCH records: 90% updates of ids spread over the table's range (1 in 100 of them with
``a`` drifted to the text ``"n/a"``), 9% inserts, 1% deletes (``op = "d"``), all newer (``ts``) than the table's.

- **widen**: ``widen ingest --table bench.t batch.jsonl`` into a copy of the keyed table Widen made from the
  table's rows (``--key id --order-by ts --delete-when "op = 'd'"``; copied before the clock): merged on read,
  the default of a keyed table Widen creates.
- **widen-cow** (and **widen-cow-clustered**): the same table set ``write.merge.mode=copy-on-write`` before the
  clock.
- **append**: a plain ``widen ingest`` of the same batch into a new table (what a keyed batch is held to for small
  batches).
- **pyiceberg**: a python process that opens the same rows' table (made by pyiceberg's ``append``, re-made before
  the clock), reads the batch with ``pyarrow.json`` and calls ``upsert(batch, join_cols=["id"])``. pyiceberg's
  upsert has no delete and cannot hold ``"n/a"`` in a long column: it is given the updates and inserts, the drifted
  values as null (so it does less than Widen).
- **widen, clustered** (Widen only, for the rewrite amplification): the same batch size, its updates on one
  contiguous range of ids.
- **dlt** (with ``--dlt-python PY``: a Python that has ``dlt[duckdb]``, which Widen does not depend on): dlt's
  ``merge`` (its default ``delete-insert`` strategy, ``primary_key="id"``, ``dedup_sort`` on ``ts``, a
  ``hard_delete`` column set for ``op = "d"``) of the same batch, ``"n/a"`` included (dlt keeps it in a variant
  column, ``a__v_text``), into a DuckDB file that dlt loaded the table's rows into (copied before the clock).
- **floor** (not a keyed write): a python process that starts Widen's Spark session, reads the batch's JSON and
  writes it as Parquet, and rewrites the table's data files as Parquet: what any copy-on-write of a spread batch
  in a fresh Spark process costs at least.
- **floor-mor** (not a keyed write): a python process that starts Widen's Spark session, reads the batch's JSON with
  its schema handed to it (no inference; lossy on drift) and writes it as Parquet, reads the batch's keys back,
  finds the stored rows of those keys by reading the table's ``id`` column with each row's file and position (a
  broadcast semi-join up to 250,000 keys, as Widen broadcasts), and writes their positions as Parquet: what any
  merge-on-read of the batch in a fresh Spark process costs at least (it types nothing, reads no order column,
  decides nothing by order and commits nothing).

A figure is the median of ``--repeat`` runs (default 3); ``driver MB`` is the peak resident memory of the Python
process (Widen's driver: the JVM is its child and not counted there; pyiceberg's: all of it); the rewrite line is
Widen's batch line. Data and tables go under ``$WIDEN_BENCH_WORK`` (default ``/tmp/widen-bench``) ``/keyed``.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import statistics
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from process import become_subreaper, run_child, say, widen_cmd  # noqa: E402

WORK = Path(os.environ.get("WIDEN_BENCH_WORK", "/tmp/widen-bench")) / "keyed"

#: what a run compares (``--systems``): Widen's keyed write merged on read (the table a keyed ingest made), on a
#: clustered batch, the same table set copy-on-write (spread and clustered), pyiceberg's upsert, a plain append of
#: the batch into a new table, and the floor
SYSTEMS = ("widen", "pyiceberg", "widen-clustered", "widen-cow", "widen-cow-clustered", "append", "floor",
           "floor-mor")

PYICEBERG_CHILD = r"""
import sys, time
import pyarrow as pa, pyarrow.json as pj
from pyiceberg.catalog.sql import SqlCatalog
warehouse, batch = sys.argv[1], sys.argv[2]
cat = SqlCatalog("bench", uri=f"sqlite:///{warehouse}/catalog.db", warehouse=f"file://{warehouse}")
table = cat.load_table("bench.t")
rows = pj.read_json(batch).cast(table.schema().as_arrow())
result = table.upsert(rows, join_cols=["id"])
print(f"pyiceberg: {result.rows_updated} updated, {result.rows_inserted} inserted", file=sys.stderr)
"""

FLOOR_CHILD = r"""
import glob, sys
from widen.session import spark_session
warehouse, batch, out = sys.argv[1], sys.argv[2], sys.argv[3]
spark = spark_session()
files = [f for f in glob.glob(f"{warehouse}/**/*.parquet", recursive=True) if "/metadata/" not in f]
spark.read.json(batch).write.parquet(out + "/batch")
spark.read.parquet(*files).write.parquet(out + "/table")
"""

FLOOR_MOR_CHILD = r"""
import glob, sys
from pyspark.sql import functions as F
from widen.session import spark_session
warehouse, batch, out = sys.argv[1], sys.argv[2], sys.argv[3]
with open(batch, "rb") as fh:
    records = sum(1 for _ in fh)
spark = spark_session()
files = [f for f in glob.glob(f"{warehouse}/**/*.parquet", recursive=True) if "/metadata/" not in f]
rows = spark.read.schema("id long, a string, b double, c string, d string, ts long, op string").json(batch)
rows.write.parquet(out + "/batch")
keys = spark.read.parquet(out + "/batch").select("id")
stored = spark.read.parquet(*files).select("id", "_metadata.file_path", "_metadata.row_index")
found = stored.join(F.broadcast(keys) if records <= 250000 else keys, "id", "left_semi")
found.select("file_path", "row_index").repartition("file_path").sortWithinPartitions("row_index") \
    .write.parquet(out + "/deletes")
"""

DLT_CHILD = r"""
import json, sys
import dlt, duckdb
work, rows = sys.argv[1], sys.argv[2]

def records():
    with open(rows) as fh:
        for line in fh:
            record = json.loads(line)
            record["deleted"] = record.pop("op", None) == "d"
            yield record

pipeline = dlt.pipeline("bench", destination=dlt.destinations.duckdb(f"{work}/lake.duckdb"),
                        pipelines_dir=f"{work}/pipelines", dataset_name="bench")
pipeline.run(dlt.resource(records, name="t", primary_key="id", write_disposition="merge",
                          columns={"deleted": {"hard_delete": True}, "ts": {"dedup_sort": "desc"}}))
with duckdb.connect(f"{work}/lake.duckdb", read_only=True) as con:
    print(f"dlt: {con.execute('select count(*) from bench.t').fetchall()[0][0]} rows", file=sys.stderr)
"""

PYICEBERG_TABLE = r"""
import sys
import pyarrow.json as pj
from pyiceberg.catalog.sql import SqlCatalog
warehouse, rows = sys.argv[1], sys.argv[2]
cat = SqlCatalog("bench", uri=f"sqlite:///{warehouse}/catalog.db", warehouse=f"file://{warehouse}")
cat.create_namespace("bench")
data = pj.read_json(rows)
cat.create_table("bench.t", schema=data.schema).append(data)
"""


def _row(i: int, ts: int, rng: random.Random) -> dict:
    return {"id": i, "a": rng.randrange(10**6), "b": rng.random(), "c": f"c-{rng.randrange(1000)}",
            "d": f"name {i}", "ts": ts}


def data(batch: int, table: int) -> dict[str, Path]:
    """The table's rows, the batch (spread and clustered) and pyiceberg's batch, generated once."""
    base = WORK / f"{batch}-{table}"
    paths = {n: base / f"{n}.jsonl" for n in ("table", "batch", "clustered", "pyiceberg")}
    if all(p.exists() for p in paths.values()):
        return paths
    base.mkdir(parents=True, exist_ok=True)
    rng = random.Random(7)
    with open(paths["table"], "w") as fh:
        for i in range(table):
            fh.write(json.dumps(_row(i, 1, rng)) + "\n")
    updates, inserts = batch * 90 // 100, batch * 9 // 100
    deletes = batch - updates - inserts
    for name, ids in (("batch", rng.sample(range(table), updates + deletes)),
                      ("clustered", list(range(table // 3, table // 3 + updates + deletes)))):
        with open(paths[name], "w") as fh, open(paths["pyiceberg"], "w") if name == "batch" else _Null() as py:
            for n, i in enumerate(ids):
                record = {"id": i, "op": "d", "ts": 2} if n >= updates else _row(i, 2, rng)
                if n < updates and n % 100 == 0:
                    record["a"] = "n/a"
                fh.write(json.dumps(record) + "\n")
                if n < updates:
                    py.write(json.dumps({**record, "a": None if record["a"] == "n/a" else record["a"]}) + "\n")
            for i in range(table, table + inserts):
                record = _row(i, 2, rng)
                fh.write(json.dumps(record) + "\n")
                py.write(json.dumps(record) + "\n")
    return paths


class _Null:
    def __enter__(self):
        return self

    def __exit__(self, *exc):
        return False

    def write(self, text):
        pass


def widen_table(paths: dict, where: Path) -> Path:
    """A template of Widen's table of the rows (made once; copied to ``where`` before each run)."""
    template = where.parent / (where.name + ".template")
    if not template.exists():
        shutil.rmtree(where, ignore_errors=True)
        where.mkdir(parents=True)
        r = run_child(widen_cmd() + ["ingest", "--warehouse", str(where / "wh"), "--table", "bench.t", "--key", "id",
                                     "--order-by", "ts", "--delete-when", "op = 'd'", str(paths["table"])], where)
        if r["rc"]:
            raise SystemExit(f"making Widen's table failed:\n{r['stderr'][-2000:]}")
        shutil.copytree(where, template)
    shutil.rmtree(where, ignore_errors=True)
    shutil.copytree(template, where)
    return where / "wh"


def pyiceberg_table(paths: dict, where: Path) -> Path:
    shutil.rmtree(where, ignore_errors=True)
    (where / "wh").mkdir(parents=True)
    r = run_child([sys.executable, "-c", PYICEBERG_TABLE, str(where / "wh"), str(paths["table"])], where)
    if r["rc"]:
        raise SystemExit(f"making pyiceberg's table failed:\n{r['stderr'][-2000:]}")
    return where / "wh"


def dlt_table(paths: dict, where: Path, python: str) -> Path:
    """A template of dlt's DuckDB file of the rows (made once; copied to ``where`` before each run)."""
    template = where.parent / (where.name + ".template")
    if not template.exists():
        shutil.rmtree(where, ignore_errors=True)
        where.mkdir(parents=True)
        r = run_child([python, "-c", DLT_CHILD, str(where), str(paths["table"])], where)
        if r["rc"]:
            raise SystemExit(f"making dlt's table failed:\n{r['stderr'][-2000:]}")
        shutil.copytree(where, template)
    shutil.rmtree(where, ignore_errors=True)
    shutil.copytree(template, where)
    return where


def rows(warehouse: Path, catalog: str) -> int | None:
    """The rows of the table after the run, from its manifests (a check that the run did its work)."""
    from pyiceberg.catalog.sql import SqlCatalog

    try:
        cat = SqlCatalog(catalog, uri=f"sqlite:///{warehouse}/catalog.db", warehouse=f"file://{warehouse}")
        tasks = list(cat.load_table("bench.t").scan().plan_files())
        deletes = {d.file_path: d.record_count for t in tasks for d in t.delete_files}  # (merge-on-read's)
        return sum(t.file.record_count for t in tasks) - sum(deletes.values())
    except Exception:  # noqa: BLE001 - reported as unknown
        return None


def one(system: str, paths: dict, size: str, dlt_python: str | None = None) -> dict:
    where = WORK / "runs" / f"{size.replace(':', '-')}-{system}"
    if system == "dlt":
        warehouse = dlt_table(paths, where, dlt_python)
        cmd = [dlt_python, "-c", DLT_CHILD, str(warehouse), str(paths["batch"])]
    elif system == "pyiceberg":
        warehouse = pyiceberg_table(paths, where)
        cmd = [sys.executable, "-c", PYICEBERG_CHILD, str(warehouse), str(paths["pyiceberg"])]
    elif system in ("floor", "floor-mor"):
        warehouse = widen_table(paths, where)
        child = FLOOR_CHILD if system == "floor" else FLOOR_MOR_CHILD
        cmd = [sys.executable, "-c", child, str(warehouse), str(paths["batch"]), str(where / "out")]
    elif system == "append":
        shutil.rmtree(where, ignore_errors=True)
        where.mkdir(parents=True)
        warehouse = where / "wh"
        cmd = widen_cmd() + ["ingest", "--warehouse", str(warehouse), "--table", "bench.t", str(paths["batch"])]
    else:
        warehouse = widen_table(paths, where)
        if system.startswith("widen-cow"):  # (the same table, copy-on-write: set before the clock)
            _set_mode(warehouse, "copy-on-write")
        batch = paths["clustered" if system.endswith("clustered") else "batch"]
        cmd = widen_cmd() + ["ingest", "--warehouse", str(warehouse), "--table", "bench.t", str(batch)]
    r = run_child(cmd, where)
    line = re.search(r"^batch 1: \d+ records, .*$", r["stderr"], re.M)
    out = {"system": system, "rc": r["rc"], "seconds": r["seconds"], "driver_mb": r["driver_rss_mb"],
           "line": line.group(0) if line else r["stderr"].strip().splitlines()[-1:],
           "rows": (rows(warehouse, "bench" if system == "pyiceberg" else "widen") if system not in ("floor", "floor-mor", "dlt")
                    else _dlt_rows(r["stderr"]) if system == "dlt" else None)}
    if r["rc"]:
        out["stderr_tail"] = r["stderr"][-2000:]
    say(f"  {system}: {r['seconds']:.1f}s, driver {r['driver_rss_mb']:.0f} MB, rc {r['rc']}, {out['rows']} rows")
    return out


def _set_mode(warehouse: Path, mode: str) -> None:
    from pyiceberg.catalog.sql import SqlCatalog

    cat = SqlCatalog("widen", uri=f"sqlite:///{warehouse}/catalog.db", warehouse=f"file://{warehouse}")
    with cat.load_table("bench.t").transaction() as tx:
        tx.set_properties({"write.merge.mode": mode})


def _or_dash(value, spec: str) -> str:
    return "-" if value is None else format(value, spec)


def _dlt_rows(stderr: str) -> int | None:
    found = re.search(r"^dlt: (\d+) rows$", stderr, re.M)
    return int(found.group(1)) if found else None


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sizes", default="100000:1000000,1000000:5000000")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--out")
    ap.add_argument("--dlt-python", help="a Python with dlt[duckdb]: dlt's merge into DuckDB too")
    ap.add_argument("--systems", default=",".join(SYSTEMS),
                    help=f"which to run, of {', '.join(SYSTEMS)} (default all; dlt with --dlt-python)")
    args = ap.parse_args(argv)
    become_subreaper()
    results, failed = [], 0
    for size in args.sizes.split(","):
        batch, table = (int(x) for x in size.split(":"))
        say(f"{batch:,} into {table:,}: data")
        paths = data(batch, table)
        runs = []
        for n in range(args.repeat):
            chosen = [s for s in args.systems.split(",") if s]
            order = [s for s in (["widen", "pyiceberg"] if n % 2 == 0 else ["pyiceberg", "widen"]) if s in chosen]
            for system in order + [s for s in chosen if s not in ("widen", "pyiceberg")] + (
                    ["dlt"] if args.dlt_python else []):
                runs.append(one(system, paths, size, args.dlt_python))
        inserts, deletes = batch * 9 // 100, batch - batch * 90 // 100 - batch * 9 // 100
        kept = table + inserts - deletes
        want = {"widen": kept, "widen-clustered": kept, "widen-cow": kept, "widen-cow-clustered": kept,
                "pyiceberg": table + inserts, "floor": None, "floor-mor": None, "dlt": kept, "append": batch}
        for r in runs:  # (a run whose table does not hold what the batch makes of it failed, whatever its exit)
            if not r["rc"] and r["rows"] != want[r["system"]]:
                r["rc"] = f"{r['rows']} rows, not {want[r['system']]}"
        failed += sum(1 for r in runs if r["rc"])
        row = {"size": size, "runs": runs}
        for system in SYSTEMS + ("dlt",):
            mine = [r for r in runs if r["system"] == system and not r["rc"]]
            row[system] = {"seconds": statistics.median(r["seconds"] for r in mine) if mine else None,
                           "driver_mb": max((r["driver_mb"] for r in mine), default=None),
                           "line": mine[-1]["line"] if mine else None}
        results.append(row)
    print("| batch into table | widen s (merge-on-read) | pyiceberg s | pyiceberg / widen | widen copy-on-write s "
          "| append s | widen / append | dlt s | floor s | floor-mor s | widen driver MB | pyiceberg MB | dlt MB |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|---|")
    for row in results:
        w, p, f, d, c, a, m = (row[s] for s in ("widen", "pyiceberg", "floor", "dlt", "widen-cow", "append",
                                                "floor-mor"))
        ratio = f"{p['seconds'] / w['seconds']:.2f}x" if w["seconds"] and p["seconds"] else "-"
        over = f"{w['seconds'] / a['seconds']:.2f}x" if w["seconds"] and a["seconds"] else "-"
        print(f"| {row['size'].replace(':', ' into ')} | {_or_dash(w['seconds'], '.1f')} "
              f"| {_or_dash(p['seconds'], '.1f')} | {ratio} | {_or_dash(c['seconds'], '.1f')} "
              f"| {_or_dash(a['seconds'], '.1f')} | {over} | {_or_dash(d['seconds'], '.1f')} "
              f"| {_or_dash(f['seconds'], '.1f')} | {_or_dash(m['seconds'], '.1f')} "
              f"| {_or_dash(w['driver_mb'], '.0f')} "
              f"| {_or_dash(p['driver_mb'], '.0f')} | {_or_dash(d['driver_mb'], '.0f')} |")
    for row in results:
        for system in ("widen", "widen-clustered", "widen-cow", "widen-cow-clustered"):
            if row[system]["line"]:
                print(f"\n{row['size']} {system}: {row[system]['line']}")
    if args.out:
        Path(args.out).write_text(json.dumps(results, indent=1))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
