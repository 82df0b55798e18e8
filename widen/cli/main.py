"""The ``widen`` command line: the dispatch, the signals, the exit codes.

Errors print as messages (``file:line:col`` for rules) and exit non-zero; ``--debug`` shows tracebacks.
Exit codes: 0 success, 1 a batch was rejected or a property failed, 2 unusable input or rules.
"""

from __future__ import annotations

import os
import sys
from typing import Sequence

from widen.cli.args import parser
from widen.cli.signals import interrupts
from widen.errors import PlanError, WidenError
from widen.session import QUIET_OPTION


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
        return _command(args.command)(args)
    except WidenError as exc:
        if args.debug:
            raise
        print(str(exc), file=sys.stderr)
        return 1 if isinstance(exc, PlanError) else 2  # 1: a batch the rules refuse; 2: unusable input
    except KeyboardInterrupt:  # pragma: no cover
        print("interrupted", file=sys.stderr)
        return 130


def _command(name: str):
    """The function that runs a command (imported once the arguments parse: ``widen --help`` or a mistaken flag
    loads neither PySpark nor pyarrow nor the rules' graph)."""
    from widen.cli import offline, tables

    return {"plan": offline.run_plan, "check": offline.run_check, "compile": offline.run_compile,
            "ingest": tables.run_ingest, "gc": tables.run_gc, "maintain": tables.run_maintain,
            "stats": tables.run_inspect, "view": tables.run_inspect, "show": tables.run_show,
            "report": tables.run_report}[name]
