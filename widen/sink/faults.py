"""Fault points: named moments of an ingest at which a test can kill the process (``WIDEN_FAULT=kill:NAME``) or
hold it until a given time (``WIDEN_FAULT=pause:NAME:EPOCH_SECONDS``), or until N processes are held there
(``WIDEN_FAULT=barrier:NAME:DIRECTORY:N``: each leaves a file in the directory; all are released as the Nth
arrives, to release several writers together), or
raise :class:`FaultInjected` there (``WIDEN_FAULT=raise:NAME``: a streaming micro-batch that fails after its
commit, before Spark records it).

The crash tests (``tests/test_faults.py``) run ``widen ingest`` in a child process with ``WIDEN_FAULT`` set, so the
process dies by SIGKILL exactly there — no cleanup handler runs, as in a real ``kill -9`` or a lost machine — and
then run the same command again. Unset (always, outside those tests), a fault point does nothing.

The points of one batch, in order:

- ``after-write``: the batch's Parquet files are written; nothing is committed.
- ``after-rescued``: the batch's rescued lines are committed to ``<table>__rescued``; the table is not.
- ``after-commit``: the batch's schema change and files are committed; the process dies before reporting.

And of ``widen maintain``:

- ``maintain-after-expire``: the snapshots are expired; no file is deleted yet.
- ``maintain-after-ledger-files``: superseded ledger files are deleted; unreferenced data files are not yet.
"""

from __future__ import annotations

import os
import signal
import time

from widen.errors import FaultInjected  # noqa: F401 (raised here; importable from here too)

POINTS = ("after-write", "after-rescued", "after-commit", "maintain-after-expire", "maintain-after-ledger-files")


def checkpoint(name: str) -> None:
    """Die here (SIGKILL) when ``WIDEN_FAULT`` is ``kill:<name>``; wait here until the given time when it is
    ``pause:<name>:<epoch seconds>``, or until ``N`` processes wait here when it is ``barrier:<name>:<dir>:<N>``
    (for at most 10 minutes)."""
    if name not in POINTS:
        raise ValueError(f"unknown fault point {name!r}")
    fault = os.environ.get("WIDEN_FAULT", "")
    if fault == f"kill:{name}":
        os.kill(os.getpid(), signal.SIGKILL)
    if fault == f"raise:{name}":
        raise FaultInjected(f"fault injected at {name} (WIDEN_FAULT={fault})")
    if fault.startswith(f"pause:{name}:"):
        until = float(fault.rsplit(":", 1)[1])
        time.sleep(max(0.0, until - time.time()))
    if fault.startswith(f"barrier:{name}:"):
        directory, _, count = fault[len(f"barrier:{name}:"):].rpartition(":")
        open(os.path.join(directory, str(os.getpid())), "w").close()
        deadline = time.time() + 600
        while len(os.listdir(directory)) < int(count) and time.time() < deadline:
            time.sleep(0.05)
