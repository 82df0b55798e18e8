"""What exactly-once costs as a table ages: the ledger's commit and replay check at 100,000 absorbed
files, and commit time over thousands of batches with and without ``widen maintain``.

    python bench/ledger.py big --files 100000 --commits 5
    python bench/ledger.py batches --batches 2000 [--maintain-every 100]

Each batch is committed the way ``widen ingest`` commits one (``widen.sink.commit.commit_batch``'s transaction, on a
table with Widen's ``TABLE_PROPERTIES``): the ledger read for the replay check, ``add_files`` of the batch's
Parquet file with its summary, and ``widen.sink.ledger.record`` in the same transaction. The Parquet files are tiny and written by pyarrow, not Spark: this
measures the commit, not the write. ``big`` seeds the ledger with synthetic entries (one transaction) first.
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import tempfile
import time
import uuid


def _catalog(work: str):
    from widen.ingest import open_catalog

    return open_catalog(None, f"{work}/wh")


def _table(cat):
    import pyarrow as pa

    from widen.ingest import TABLE_PROPERTIES

    cat.create_namespace_if_not_exists("bench")
    return cat.create_table("bench.ledger", schema=pa.schema([("id", pa.int64())]), properties=TABLE_PROPERTIES)


def _commit(cat, n: int) -> tuple[float, float]:
    """One batch: (seconds for the replay check, seconds for the commit)."""
    import pyarrow as pa
    import pyarrow.parquet as pq

    from widen.sink.ledger import read, record
    from widen.sources import Fingerprint

    tbl = cat.load_table("bench.ledger")
    path = f"{tbl.location().rstrip('/')}/data/widen-{uuid.uuid4().hex}/part-0.parquet"
    out = path.removeprefix("file://").removeprefix("file:")
    import os

    os.makedirs(os.path.dirname(out), exist_ok=True)
    pq.write_table(pa.table({"id": pa.array([n], pa.int64())}), out)
    fp = Fingerprint(f"/landing/batch-{n}.jsonl", 100, hashlib.sha256(f"batch {n}".encode()).hexdigest())
    started = time.perf_counter()
    led = read(tbl)
    assert fp.sha256 not in led.files
    checked = time.perf_counter()
    commit_id = uuid.uuid4().hex
    summary = {"widen.commit-id": commit_id, "widen.batch": fp.path, "widen.files": f'[["{fp.path}",100,"{fp.sha256}"]]'}
    with tbl.transaction() as tx:
        tx.add_files([path], snapshot_properties=summary, check_duplicate_files=False)
        record(tx, tbl, led, [fp], batch=fp.path, commit_id=commit_id, summary=summary)
    return checked - started, time.perf_counter() - checked


def big(a) -> None:
    from widen.sink.ledger import Entry, Ledger, PROPERTY, write

    work = tempfile.mkdtemp(prefix="bench-ledger-")
    cat = _catalog(work)
    tbl = _table(cat)
    files = {}
    for i in range(a.files):
        sha = hashlib.sha256(f"seed {i}".encode()).hexdigest()
        files[sha] = Entry("file", sha, f"/landing/2026/11/23/events-{i:07d}.jsonl.gz", 1 << 20, snapshot_id=i,
                           batch=f"/landing/2026/11/23/events-{i:07d}.jsonl.gz", commit_id=uuid.uuid4().hex,
                           committed_ms=1_700_000_000_000 + i)
    started = time.perf_counter()
    location = write(tbl, Ledger.of(files.values()), None)
    with tbl.transaction() as tx:
        tx.set_properties({PROPERTY: location})
    print(f"seeded a ledger of {a.files:,} files in {time.perf_counter() - started:.2f} s")
    import os

    print(f"ledger file: {os.path.getsize(location.removeprefix('file://').removeprefix('file:')) / 1e6:.1f} MB")
    checks, commits = [], []
    for n in range(a.commits):
        c, t = _commit(cat, n)
        checks.append(c)
        commits.append(t)
        print(f"batch {n + 1}: replay check {c:.3f} s, commit {t:.3f} s", flush=True)
    print(f"median replay check {statistics.median(checks):.3f} s, median commit {statistics.median(commits):.3f} s "
          f"(replay check + commit {statistics.median(c + t for c, t in zip(checks, commits)):.3f} s)")


def batches(a) -> None:
    from widen.maintain import maintain

    work = tempfile.mkdtemp(prefix="bench-ledger-")
    cat = _catalog(work)
    _table(cat)
    totals = []
    for n in range(a.batches):
        c, t = _commit(cat, n)
        totals.append(c + t)
        if a.maintain_every and (n + 1) % a.maintain_every == 0:
            started = time.perf_counter()
            done = maintain(cat, "bench.ledger", keep=1, older_than_seconds=0)
            print(f"after batch {n + 1}: maintain {time.perf_counter() - started:.2f} s "
                  f"({len(done.expired)} snapshots expired, {len(done.ledger_files)} ledger files deleted)", flush=True)
        if (n + 1) % 100 == 0:
            window = totals[-100:]
            print(f"batches {n - 98}-{n + 1}: median commit (replay check + commit) {statistics.median(window):.3f} s",
                  flush=True)
    first, last = statistics.median(totals[:100]), statistics.median(totals[-100:])
    print(f"first 100: {first:.3f} s, last 100: {last:.3f} s, ratio {last / first:.2f}"
          + (f" (widen maintain every {a.maintain_every})" if a.maintain_every else " (no maintenance)"))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="what", required=True)
    b = sub.add_parser("big")
    b.add_argument("--files", type=int, default=100_000)
    b.add_argument("--commits", type=int, default=5)
    s = sub.add_parser("batches")
    s.add_argument("--batches", type=int, default=2000)
    s.add_argument("--maintain-every", type=int, default=0)
    a = ap.parse_args(argv)
    big(a) if a.what == "big" else batches(a)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
