"""The CLI's own process's signals: Ctrl-C and SIGTERM stop a run in one line, exit 130, and leave nothing behind (no
JVM, no files of an uncommitted batch, no table a run created and committed nothing to); under ``--watch`` they stop
the streaming query instead (:data:`watching`)."""

from __future__ import annotations

import logging
import os
import signal
import sys

import widen.session
from widen.session import stop_jvm, undo_interrupted

#: set while `--watch` runs: a Ctrl-C or SIGTERM is appended, and the watch loop stops the query
watching: list = []


def interrupts(command: str) -> None:
    """Ctrl-C and SIGTERM: the driver JVM stopped (no JVM outlives the CLI), one line, exit 130; what was committed
    stays committed (each batch is one Iceberg commit, as after a kill: docs/guarantees.md). Under `--watch` the
    query is stopped and the summary printed instead."""
    def stop(signum, frame):
        if watching and len(watching) < 3:  # (a second one while the query stops: stop hard)
            watching.append(signum)
            return
        try:
            logging.disable(logging.CRITICAL)  # (py4j's logger would report the interrupted call)
            try:
                stop_jvm()  # (first: no task of the batch writes on)
            except Exception:  # (no PySpark, or a JVM already gone)
                pass
            widen.session.interrupting.append(signum)
            undo_interrupted()
            line = "interrupted" + (": the batches reported above are committed, the one in progress is not (the "
                                    "same command again finishes it: committed files are skipped)"
                                    if command == "ingest" else "")
            # (straight to the descriptor: the signal may land while the main thread writes to sys.stderr; a
            # progress bar may have hidden the terminal's cursor)
            os.write(2, (("\x1b[?25h" if os.isatty(2) else "") + line + "\n").encode())
            sys.stdout.flush()
        finally:
            os._exit(130)

    signal.signal(signal.SIGINT, stop)
    signal.signal(signal.SIGTERM, stop)
    widen.session.on_interrupt = stop
