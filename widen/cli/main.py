"""The ``widen`` command line: the dispatch, the signals, the exit codes.

Errors print as messages (``file:line:col`` for rules) and exit non-zero; ``--debug`` shows tracebacks.
Exit codes: 0 success, 1 a batch was rejected or a property failed, 2 unusable input or rules (a damaged table's
file too), 3 the storage or the catalog failed (a full device, a directory that cannot be written, the catalog
locked past its bound: :class:`~widen.errors.StorageError`), 130 interrupted.
"""

from __future__ import annotations

import os
import sys
from typing import Sequence

from widen.cli.args import parser
from widen.cli.signals import interrupts
from widen.errors import PlanError, StorageError, WidenError
from widen.session import QUIET_OPTION
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
        interrupts(args.command)
    try:
        if getattr(args, "table", None):
            from widen.sink.catalog import require_namespace

            require_namespace(args.table)
        status = _command(args.command)(args)
        sys.stdout.flush()  # (a closed pipe is found here, not at the interpreter's exit)
        return status
    except BrokenPipeError:
        return _reader_gone(args.own_process)
    except Exception as exc:
        known = exc if isinstance(exc, WidenError) else _storage_fault(exc, args)
        if known is None or args.debug:
            raise
        print(str(known), file=sys.stderr)
        return exit_code(known)
    except KeyboardInterrupt:  # pragma: no cover
        print("interrupted", file=sys.stderr)
        return 130


def _reader_gone(own_process: bool) -> int:
    """stdout's reader went away (``widen show | head -1``): the rest of the output is unwanted, a quiet exit 0.
    In the CLI's own process stdout is pointed at the null device, so nothing fails again at the interpreter's
    exit while flushing what is left."""
    if own_process:
        try:
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        except (OSError, ValueError):  # (a stdout without a descriptor)
            pass
    return 0


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


def _command(name: str):
    """The function that runs a command (imported once the arguments parse: ``widen --help`` or a mistaken flag
    loads neither PySpark nor pyarrow nor the rules' graph)."""
    from widen.cli import offline, tables

    return {"plan": offline.run_plan, "check": offline.run_check, "compile": offline.run_compile,
            "ingest": tables.run_ingest, "gc": tables.run_gc, "maintain": tables.run_maintain,
            "stats": tables.run_inspect, "view": tables.run_inspect, "show": tables.run_show,
            "report": tables.run_report, "migrate": offline.run_migrate}[name]
