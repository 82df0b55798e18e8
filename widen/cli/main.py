"""The ``widen`` command line: the dispatch, the signals, the exit codes.

Errors print as messages (``file:line:col`` for rules) and exit non-zero; ``--debug`` shows tracebacks.
Exit codes: 0 success, 1 a batch was rejected or a property failed, 2 unusable input or rules (a damaged table's
file too), 3 the storage or the catalog failed (a full device, a directory that cannot be written, the catalog
locked past its bound: :class:`~widen.errors.StorageError`), 130 interrupted.
"""

from __future__ import annotations

import logging
import os
import signal
import sys
from typing import Sequence

import widen.session
from widen.cli.args import parser
from widen.cli.offline import run_check, run_compile, run_plan
from widen.cli.tables import (run_gc, run_ingest, run_inspect, run_maintain, run_report, run_show,
                              watching)
from widen.errors import PlanError, StorageError, WidenError
from widen.session import QUIET_OPTION, stop_jvm
from widen.sink.storage import translated


def main(argv: Sequence[str] | None = None) -> int:
    args = parser().parse_args(argv)
    if args.debug:  # Spark's own logging back (widen.session keeps it to errors otherwise)
        os.environ.setdefault("WIDEN_SPARK_LOG_LEVEL", "WARN")
        # also when the quiet option came in with the environment (a parent process that started a session)
        opts = os.environ.get("SPARK_SUBMIT_OPTS", "")
        if QUIET_OPTION in opts:
            os.environ["SPARK_SUBMIT_OPTS"] = " ".join(o for o in opts.split() if o != QUIET_OPTION)
    args.own_process = argv is None
    if argv is None:  # the process is the CLI's: Ctrl-C and SIGTERM stop it cleanly
        _interrupts(args.command)
    try:
        if getattr(args, "table", None):
            from widen.sink.catalog import require_namespace

            require_namespace(args.table)
        if args.command == "plan":
            return run_plan(args)
        if args.command == "check":
            return run_check(args)
        if args.command == "ingest":
            return run_ingest(args)
        if args.command == "compile":
            return run_compile(args)
        if args.command == "gc":
            return run_gc(args)
        if args.command == "maintain":
            return run_maintain(args)
        if args.command in ("stats", "view"):
            return run_inspect(args)
        if args.command == "show":
            return run_show(args)
        if args.command == "report":
            return run_report(args)
    except Exception as exc:
        known = exc if isinstance(exc, WidenError) else _storage_fault(exc, args)
        if known is None or args.debug:
            raise
        print(str(known), file=sys.stderr)
        return exit_code(known)
    except KeyboardInterrupt:  # pragma: no cover
        print("interrupted", file=sys.stderr)
        return 130
    return 2  # pragma: no cover


def exit_code(exc: WidenError) -> int:
    """1: a batch the rules refuse; 3: the storage or the catalog failed; 2: unusable input (a damaged table too)."""
    return 1 if isinstance(exc, PlanError) else 3 if isinstance(exc, StorageError) else 2


#: the commands that write a batch (a storage fault there says that nothing of the batch was committed)
WRITING = ("ingest",)


def _storage_fault(exc: Exception, args):
    """A failure of a command on a table that is a storage fault or a damaged file of it, said in one line
    (:func:`widen.sink.storage.translated`); None for any other."""
    table = getattr(args, "table", None)
    if not table:
        return None
    from widen.sink.catalog import existing_catalog, load_table, open_catalog

    def load():
        existing_catalog(table, args.catalog, args.warehouse)
        return load_table(open_catalog(args.catalog, args.warehouse), table)

    return translated(exc, table, load, writing=args.command in WRITING)


def _interrupts(command: str) -> None:
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
                stop_jvm()
            except Exception:  # (no PySpark, or a JVM already gone)
                pass
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
