"""The ``widen`` command line.

Errors print as messages (``file:line:col`` for rules) and exit non-zero; ``--debug`` shows tracebacks.
Exit codes: 0 success, 1 a batch was rejected or a property failed, 2 unusable input or rules.
"""

from __future__ import annotations

import argparse
import logging
import os
import re
import signal
import sys
import tempfile
import time
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path
from dataclasses import dataclass, field
from typing import Sequence

# the commands' modules that load pyiceberg, pyarrow or PySpark are imported inside the commands: the CLI starts Spark
# in a thread (widen.session.start_early) and loads them beside it
import widen.session
from widen.compiler.sql import pretty_sql
from widen.engine.load import load_rules
from widen.engine.modes import effective_mode, resolve_mode
from widen.engine.observe import schema_observations
from widen.engine.planner import plan
from widen.engine.schema import TableSchema
from widen.engine.tree import walk
from widen.errors import InputError, PlanError, WidenError
from widen.jvm import coverage
from widen.session import QUIET_OPTION, spark_session, start_early, stop_jvm
from widen.sink.partitioning import parse_partition_by
from widen.sources import batch_files, check_inputs, observe_files


def _version() -> str:
    """The installed package's version."""
    try:
        return version("widen")
    except PackageNotFoundError:  # (run from a checkout that is not installed)
        return "unknown (not installed)"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="widen",
        description="Schema evolution for Spark and Iceberg that keeps every value, exactly.",
    )
    parser.add_argument("--debug", action="store_true", help="show tracebacks on errors")
    parser.add_argument("--version", action="version", version=f"widen {_version()}")
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    _plan_command(sub)
    _ingest_command(sub)
    _gc_command(sub)
    _maintain_command(sub)
    _compile_command(sub)
    _inspect_command(sub)
    _show_command(sub)
    _report_command(sub)
    _check_command(sub)
    return parser


def _plan_command(sub) -> None:
    """`widen plan`'s arguments."""
    p = sub.add_parser(
        "plan",
        help="apply batches of JSON lines to a schema and print the result",
        description="Apply each BATCH (a JSON-lines file, gzipped too, or a directory of them) in order to an "
        "empty table or to --schema, and print the resulting schema.",
    )
    p.add_argument("batches", nargs="+", metavar="BATCH")
    p.add_argument("--rules", help="rules file (default: the shipped types.rules)")
    p.add_argument("--schema", help="an Iceberg schema JSON to start from (default: an empty table)")
    p.add_argument("--format", choices=("fields", "iceberg"), default="fields",
                   help="fields: the page's notation, one leaf per line; iceberg: the schema JSON")
    p.add_argument("--explain", action="store_true",
                   help="say for each column why it exists and which observed shapes route into it")

def _ingest_command(sub) -> None:
    """`widen ingest`'s arguments."""
    i = sub.add_parser(
        "ingest",
        help="ingest batches of JSON lines into an Iceberg table, in Spark",
        description="Ingest each BATCH (a JSON-lines file, gzipped too, or a directory of them) in order into an "
        "Iceberg table: observe in Spark, plan, write Parquet with Spark, commit schema and data in one "
        "transaction per batch.",
    )
    i.add_argument("batches", nargs="*", metavar="BATCH")
    i.add_argument("--table", required=True, help="NAMESPACE.NAME (created on first write)")
    i.add_argument("--rules", help="rules file (default: the shipped types.rules)")
    _catalog_options(i)
    _spark_options(i)
    i.add_argument("--force", action="store_true",
                   help="ingest files the table has already absorbed (by content hash) again")
    i.add_argument("--mode", choices=("evolve", "enforce", "merge", "overwrite"),
                   help="evolve (add suffixed columns), enforce (reject a batch that does not match the table), "
                   "merge (add new columns at the end, upcast in place), overwrite (replace schema and data); "
                   "default: the rules file's 'mode' line. WIDEN_AUTO_MERGE=true turns enforce into merge")
    i.add_argument("--format", dest="input_format", choices=("json", "parquet"), default="json",
                   help="json: JSON lines (default); parquet: typed Parquet files")
    i.add_argument("--partition-by", metavar="SPEC",
                   help="the partition spec a new table is created with, in Iceberg's transforms: "
                   "\"day(ts), bucket(16, user_id)\" (identity, year, month, day, hour, bucket(N, col), "
                   "truncate(W, col)); a table that exists keeps its own spec, and every write honours it")
    i.add_argument("--key", metavar="COLS",
                   help="upsert by these top-level columns (id, or id,region): a record replaces its key's row, "
                   "one record per key per batch (docs/keyed.md); a keyed table stays keyed")
    i.add_argument("--order-by", metavar="COL",
                   help="with --key: the column whose value orders a key's records (the latest wins; an older "
                   "one never overwrites a newer row); default: line order")
    i.add_argument("--delete-when", metavar="CONDITION",
                   help="with --key: a Spark SQL condition on the record's row that makes it a delete of its key "
                   "(\"op = 'd'\")")
    i.add_argument("--watch", metavar="DIR",
                   help="stream DIR instead of ingesting BATCHes: each micro-batch is the files dropped into it "
                   "since the last one, committed exactly once (needs --checkpoint)")
    i.add_argument("--checkpoint", metavar="DIR", help="the streaming query's checkpoint (with --watch)")
    i.add_argument("--once", action="store_true",
                   help="with --watch: process the files there now and stop (Spark's availableNow trigger)")
    i.add_argument("--max-files", type=int, metavar="N", help="with --watch: at most N files per micro-batch")

def _gc_command(sub) -> None:
    """`widen gc`'s arguments."""
    g = sub.add_parser(
        "gc",
        help="list (or delete) Parquet files of commits that never happened",
        description="List the Parquet files Widen wrote under the table's data directory (and its __rescued "
        "table's) that no snapshot references: what a killed ingest leaves behind. Files younger than "
        "--older-than are left alone (they may belong to an ingest still running). Nothing is deleted without "
        "--delete.",
    )
    g.add_argument("--table", required=True, help="NAMESPACE.NAME")
    _catalog_options(g)
    g.add_argument("--older-than", default="60", metavar="DURATION",
                   help="only files at least this old: minutes, or a duration as `widen maintain` takes them "
                        "(30s, 15m, 12h, 7d; default 60 minutes)")
    g.add_argument("--delete", action="store_true", help="delete the files listed")

def _maintain_command(sub) -> None:
    """`widen maintain`'s arguments."""
    m = sub.add_parser(
        "maintain",
        help="expire old snapshots and delete what they alone needed, keeping exactly-once",
        description="Expire the table's snapshots older than --older-than (keeping the --keep-snapshots newest "
        "of its history and every branch or tag head) with pyiceberg's maintenance API, then delete Widen's "
        "superseded ledger files and the Parquet files Widen wrote that no remaining snapshot references "
        "(never one younger than --files-older-than); the same for its __rescued table. The ledger of absorbed files and "
        "micro-batches is kept: a replay after maintenance is still skipped (docs/guarantees.md).",
    )
    m.add_argument("--table", required=True, help="NAMESPACE.NAME")
    _catalog_options(m)
    m.add_argument("--keep-snapshots", type=int, default=1, metavar="N",
                   help="always keep the N newest snapshots of the table's history (default 1)")
    m.add_argument("--older-than", default="5d", metavar="DURATION",
                   help="expire and delete only what is older than this: 30m, 12h, 7d (default 5d)")
    m.add_argument("--files-older-than", default="1h", metavar="DURATION",
                   help="never delete a file younger than this, whatever --older-than says: an ingest still "
                   "running may be about to commit it (default 1h)")
    m.add_argument("--dry-run", action="store_true", help="say what would be done; change nothing")

def _compile_command(sub) -> None:
    """`widen compile`'s arguments."""
    k = sub.add_parser(
        "compile",
        help="print the compiled projection as Spark SQL",
        description="Print, as one Spark SQL query, the projection Widen runs to write batches into a table: "
        "for the table's columns as they are (--table or --schema), or for the plan of the given BATCHes "
        "applied to it. Each column is listed first with the values routed into it.",
    )
    k.add_argument("batches", nargs="*", metavar="BATCH", help="JSON-lines batches to plan first (optional)")
    where = k.add_mutually_exclusive_group()
    where.add_argument("--table", help="NAMESPACE.NAME of an Iceberg table")
    where.add_argument("--schema", help="an Iceberg schema JSON")
    k.add_argument("--rules", help="rules file (default: the shipped types.rules)")
    _catalog_options(k)
    k.add_argument("--source", default="batch",
                   help="the table or view the query reads, with a `value` column of JSON text (default: batch)")

def _table_command(sub, name: str, text: str, description: str):
    """A read-only command on one table: ``--table``, ``--rules`` (naming its evolved columns) and where it lives."""
    v = sub.add_parser(name, help=text, description=description)
    v.add_argument("--table", required=True, help="NAMESPACE.NAME")
    v.add_argument("--rules", help="rules file naming evolved columns (default: the shipped types.rules)")
    _catalog_options(v)
    return v


def _inspect_command(sub) -> None:
    """`widen stats` and `widen view`'s arguments."""
    for name, text in (("stats", "per column: type, evolved_from, first batch, values written, nulls"),
                       ("view", "a Spark SQL view folding each evolved family back into one column")):
        _table_command(sub, name, text, text + " (from Iceberg's own metadata).")


def _show_command(sub) -> None:
    """`widen show`'s arguments."""
    text = "print rows of a table (read by pyiceberg: no Spark)"
    v = _table_command(sub, "show", text, text + "; the scan stops at --limit, and --where prunes data files by the "
                       "partition values and column statistics of the table's manifests.")
    v.add_argument("--limit", type=int, default=20, help="rows to print at most (default 20)")
    v.add_argument("--where", help="a filter: comparisons of columns with values, AND, OR, NOT, IS NULL, IN "
                   "(\"price > 10 AND name = 'x'\")")
    v.add_argument("--columns", help="comma-separated columns to print (default: all)")
    v.add_argument("--folded", action="store_true",
                   help="each evolved family folded into one value, as `widen view` folds it")
    v.add_argument("--format", choices=("table", "json", "csv"), default="table",
                   help="table (default), json (one object per line) or csv")


def _report_command(sub) -> None:
    """`widen report`'s arguments."""
    text = "one self-contained HTML page of a table's evolution (from its metadata; charts inline, offline)"
    r = _table_command(sub, "report", text, text + ": its fields and their evolved columns, a timeline of its "
                       "commits, the rescued lines per batch, its partition spec and ledger.")
    r.add_argument("--out", help="the HTML file to write (default NAMESPACE.NAME.html)")


def _check_command(sub) -> None:
    """`widen check`'s arguments."""
    c = sub.add_parser(
        "check",
        help="validate a rules file and property-test it",
        description="Validate a rules file, check the lattice laws on every pair and triple of types, and run "
        "the planning and routing invariants on generated batches of drifting JSON.",
    )
    c.add_argument("--rules", help="rules file (default: the shipped types.rules)")
    c.add_argument("--examples", type=int, default=200, help="generated batch sequences to try (default 200)")
    c.add_argument("--seed", default="0", help="'random' for a new search each run (default: a fixed search)")


def _catalog_options(parser: argparse.ArgumentParser) -> None:
    """Where a table lives: a pyiceberg catalog by name, or the embedded SQLite catalog in a directory."""
    parser.add_argument("--catalog",
                        help="a pyiceberg catalog name (.pyiceberg.yaml or PYICEBERG_CATALOG__NAME__*)")
    parser.add_argument("--warehouse", default="warehouse",
                        help="with no --catalog: the embedded SQLite catalog's directory (default ./warehouse)")


def _spark_options(parser: argparse.ArgumentParser) -> None:
    """Where Spark runs: the master URL of the session Widen starts."""
    parser.add_argument("--master",
                        help="Spark master URL, e.g. spark://HOST:7077 for a standalone cluster (default: "
                        "$WIDEN_SPARK_MASTER, else local[*])")


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
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
            return _plan(args)
        if args.command == "check":
            return _check(args)
        if args.command == "ingest":
            return _ingest(args)
        if args.command == "compile":
            return _compile(args)
        if args.command == "gc":
            return _gc(args)
        if args.command == "maintain":
            return _maintain(args)
        if args.command in ("stats", "view"):
            return _inspect(args)
        if args.command == "show":
            return _show(args)
        if args.command == "report":
            from widen.inspect.html_report import report

            out = args.out or f"{args.table}.html"
            report(args.table, out=out, rules=_load(args.rules), catalog=args.catalog, warehouse=args.warehouse)
            print(out)
            return 0
    except WidenError as exc:
        if args.debug:
            raise
        print(str(exc), file=sys.stderr)
        return 1 if isinstance(exc, PlanError) else 2  # 1: a batch the rules refuse; 2: unusable input
    except KeyboardInterrupt:  # pragma: no cover
        print("interrupted", file=sys.stderr)
        return 130
    return 2  # pragma: no cover


#: set while `--watch` runs: a Ctrl-C or SIGTERM is appended, and the watch loop stops the query
_watching: list = []


def _interrupts(command: str) -> None:
    """Ctrl-C and SIGTERM: the driver JVM stopped (no JVM outlives the CLI), one line, exit 130; what was committed
    stays committed (each batch is one Iceberg commit, as after a kill: docs/guarantees.md). Under `--watch` the
    query is stopped and the summary printed instead."""
    def stop(signum, frame):
        if _watching and len(_watching) < 3:  # (a second one while the query stops: stop hard)
            _watching.append(signum)
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


def _load(path: str | None):
    return load_rules(path)


# --- plan -----------------------------------------------------------------------------------------------------------


@dataclass
class _Explained:
    reason: str = ""
    receives: list[str] = field(default_factory=list)


def _schema_file(path: str, rules):
    from widen.compiler.iceberg import load_schema_json

    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as exc:
        raise WidenError(f"{path}: {exc.strerror or exc}") from None
    return load_schema_json(text, rules, path)


def _observe_batch(batch: str, rules):
    """One batch observed by the pure-Python observer (``plan`` and ``compile`` work without Spark)."""
    return observe_files(batch_files(batch), rules)


def _plan(args) -> int:
    from widen.compiler.iceberg import schema_json, to_iceberg
    rules = _load(args.rules)
    base = None
    schema = TableSchema()
    if args.schema:
        base, schema = _schema_file(args.schema, rules)
    explained: dict[tuple[str, ...], _Explained] = {}
    rejected = False
    mode = resolve_mode(rules, None)
    for number, batch in enumerate(args.batches, start=1):
        # planned as `widen ingest` plans it: a table without columns takes its first batch in any mode
        effective = effective_mode(mode, bool(schema.columns))
        r = rules.with_mode(effective)
        observations = _observe_batch(batch, r)
        p = plan(TableSchema() if effective == "overwrite" else schema, observations, r)
        label = f"batch {number} ({batch})"
        _summary(label, p, observations)
        if p.rejections:
            rejected = True
            print(f"{label} rejected by the rules' policies:", file=sys.stderr)
            for r in p.rejections:
                print(f"  {r}", file=sys.stderr)
            continue
        if args.explain:
            _collect(p.root, (), f"batch {number}", explained)
        schema = p.schema
    if args.format == "iceberg":
        print(schema_json(to_iceberg(schema, rules, base)))
        return 1 if rejected else 0
    if args.explain:
        _print_explained(schema.columns, explained)
    else:
        print(schema.notation())
    renamed = _rules_names(schema, rules)
    if renamed:  # the page's notation names the rules' types; `widen stats` and the table say Iceberg's
        print("types are the rules' names: " + ", ".join(f"{n} is Iceberg's {i}" for n, i in renamed)
              + " (as `widen stats` and `--format iceberg` show them)", file=sys.stderr)
    return 1 if rejected else 0


def _rules_names(schema, rules) -> list[tuple[str, str]]:
    """(rules type, its Iceberg type) for each type of the schema's leaves whose two names differ."""
    used = {col.shape.type for _, col, _ in schema.leaves() if col.shape.type and col.foreign is None}
    return [(t.name, t.iceberg) for t in rules.types if t.name in used and t.name != t.iceberg]


def _summary(label: str, p, observations) -> None:
    parts = [f"{observations.records} records", f"{len(p.additions)} column{'s' if len(p.additions) != 1 else ''} added"]
    if observations.rescued_count:
        n = observations.rescued_count
        parts.append(f"{n} line{'s' if n != 1 else ''} rescued")
    empties = _empties(observations.level)
    if empties:
        parts.append(f"{empties} empty value{'s' if empties != 1 else ''} ({{}}, [] or all-null arrays) not written")
    if observations.empty_names:
        parts.append(f"{observations.empty_names} empty-named field{'s' if observations.empty_names != 1 else ''} dropped")
    print(f"{label}: " + ", ".join(parts), file=sys.stderr)
    for r in observations.rescued[:5]:
        print(f"  rescued {r.source}:{r.line}: {r.reason}", file=sys.stderr)
    if observations.rescued_count > 5:
        print(f"  ... and {observations.rescued_count - 5} more", file=sys.stderr)


def _empties(level) -> int:
    total = 0
    for f in level.fields:
        total += f.empties
        for _, inner in f.children:
            total += _empties(inner)
    return total


def _collect(level, path, batch, explained) -> None:
    for cp in level.columns:
        key = path + (cp.column.name,)
        info = explained.setdefault(key, _Explained())
        if cp.added and not info.reason:
            info.reason = f"{cp.reason} [{batch}]"
        if cp.level is not None:
            _collect(cp.level, key, batch, explained)
    for route in level.routes:
        for t in route.targets:
            info = explained.setdefault(path + (t.column,), _Explained())
            info.receives.append(f"{route.field} as {route.shape}: {t.describe()} [{batch}]")


def _print_explained(columns, explained) -> None:
    for above, col in walk(columns, lambda c: c.children if c.shape.is_record and c.foreign is None else ()):
        line = above + (col,)
        info = explained.get(tuple(c.name for c in line), _Explained())
        doc = f"    -- {col.doc}" if col.doc else ""
        print(one_line(".".join(c.name + "[]" * c.shape.dim for c in line)
                       + f"::{col.foreign or col.shape.type or 'record'}{doc}"))
        print(f"    why: {info.reason or 'in the table before these batches'}")
        for r in info.receives:
            print(f"    receives {r}")


def one_line(text: str) -> str:
    """``text`` as one printable line: a line break or control character a table's column name or ``doc`` holds
    (any client may write them) is shown escaped, so it can neither end a printed SQL comment nor drive the
    terminal."""
    return _CONTROL.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


_CONTROL = re.compile(r"[\x00-\x1f\x7f-\x9f\u2028\u2029]")


# --- compile --------------------------------------------------------------------------------------------------------


def _compile(args) -> int:
    from widen.compiler.iceberg import from_iceberg
    from widen.compiler.spark import projection_sql
    rules = _load(args.rules)
    schema, described = TableSchema(), "an empty table"
    if args.table:
        schema, described = from_iceberg(_open_table(args).schema(), rules), f"table {args.table}"
    elif args.schema:
        schema, described = _schema_file(args.schema, rules)[1], args.schema
    elif not args.batches:
        raise WidenError("widen compile: give --table, --schema or at least one BATCH")
    observations = schema_observations(schema, rules)
    for batch in args.batches:
        observations = observations.merge(_observe_batch(batch, rules))
    p = plan(schema, observations, rules)
    if p.rejections:
        for r in p.rejections:
            print(f"  {r}", file=sys.stderr)
        raise WidenError("the batches are rejected by the rules' policies: there is no projection to compile")
    print(one_line(f"-- widen compile: {described}"
                   + (f" with {len(args.batches)} batch(es) planned" if args.batches else "") + f", rules {rules.path}"))
    print(one_line(f"-- reads `{args.source}` (a `value` column of JSON text, one record per row); writes these columns"))
    existing = {path for path, _, _ in schema.leaves()}
    for path, col, _ in p.schema.leaves():
        new = "" if path in existing else (
            "    (added by the batches)" if args.batches else f"    (not in {described}: values of this shape would add it)")
        print(one_line(f"--   {path}::{col.foreign or col.shape.type or 'record'}{new}"))
    print("-- where each value goes (field as observed shape -> column):")
    for line in _routes(p.root, ()):
        print(one_line(f"--   {line}"))
    if p.additions:
        print(one_line(f"-- columns {'the batches add' if args.batches else 'values of these shapes would add'}: "
                       + ", ".join(".".join(a.parent + (a.column.name,)) for a in p.additions)))
    print(pretty_sql(projection_sql(p, rules, args.source)) + ";")
    return 0


def _routes(level, path):
    for route in level.routes:
        source = ".".join(path + (route.field,))
        for t in route.targets:
            print_path = ".".join(path + (t.column,))
            how = t.describe()
            how = how[len(t.column):].strip() if how.startswith(t.column) else how
            yield f"{source} as {route.shape} -> {print_path} {how}"
    for cp in level.columns:
        if cp.level is not None:
            yield from _routes(cp.level, path + (cp.column.name,))


def _catalog_exists(args) -> None:
    """A read-only command on the embedded catalog reads it where it is: it never creates one."""
    from widen.sink.catalog import existing_catalog

    existing_catalog(args.table, args.catalog, args.warehouse)


def _open_table(args):
    from widen.inspect.reader import open_table

    return open_table(args.table, args.catalog, args.warehouse)


# --- ingest ---------------------------------------------------------------------------------------------------------


def _ingest(args) -> int:
    from widen.ingest import ingest

    given = [o for o, v in (("--checkpoint", args.checkpoint), ("--once", args.once), ("--max-files", args.max_files))
             if v and not args.watch]
    if given:
        raise InputError(f"{', '.join(given)}: only with --watch DIR (a batch is read once as it is)")
    rules = _load(args.rules)
    if args.watch:
        return _watch(args, rules)
    if not args.batches:
        raise InputError("name at least one BATCH (a file or directory), or --watch DIR")
    if args.own_process:
        _start_spark_early(args)
    reports: list = []
    try:
        ingest(args.batches, args.table, rules=rules, catalog=args.catalog, warehouse=args.warehouse,
               force=args.force, mode=args.mode, input_format=args.input_format, master=args.master,
               reports=reports, partition_by=args.partition_by, key=args.key, order_by=args.order_by,
               delete_when=args.delete_when)
    except BaseException:  # Ctrl-C too
        if reports:  # what was committed before the run stopped; the exit status (1, 2 or 130) says it stopped
            print(_ingested(args.table, reports) + f"; stopped at batch {len(reports) + 1} of {len(args.batches)}")
        raise
    print(_ingested(args.table, reports))
    return 0


def _start_spark_early(args) -> None:
    """In the CLI's own process, Spark's start begun beside the work that needs none (widen.session.start_early),
    once the checks that need no table pass (a mistake there starts no JVM); not for batches of empty files only,
    which need no Spark."""
    from widen.sink.catalog import require_namespace
    from widen.keyed import keyed
    require_namespace(args.table)
    check_inputs(args.batches, args.input_format)
    if args.partition_by is not None:
        parse_partition_by(args.partition_by)
    keyed(args.key, args.order_by, args.delete_when)
    if any(os.path.getsize(path) for batch in args.batches for path in batch_files(batch, args.input_format)):
        start_early(args.master)


def _ingested(table: str, reports) -> str:
    """The one line on stdout: the batches ingested and what they wrote."""
    skipped = sum(1 for r in reports if r.skipped)
    reports = [r for r in reports if not r.skipped]
    records = sum(r.records for r in reports)
    values = sum(r.values for r in reports)
    added = sum(len(r.fields_added) for r in reports)
    promoted = [p for r in reports for p in r.promoted]
    rescued = sum(r.rescued for r in reports)
    modes = sorted({r.mode for r in reports if r.mode})
    return (
        f"{table}: {_n(len(reports), 'batch')} ingested"
        + (f" (mode {', '.join(modes)})" if modes and modes != ["evolve"] else "")
        + f": {_n(records, 'record')}, {_n(values, 'value')} "
        f"written, {_n(added, 'field')} added, {_n(rescued, 'line')} rescued"
        + (f", changed in place: {', '.join(promoted)}" if promoted else "")
        + (f" (in {table}__rescued)" if rescued else "")
        + (f"; {_n(skipped, 'batch')} already ingested, skipped" if skipped else "")
    )


def _watch(args, rules) -> int:
    from widen.stream import watch

    if args.batches:
        raise InputError("--watch streams one directory: give no BATCH arguments with it")
    if not args.checkpoint:
        raise InputError("--watch needs --checkpoint DIR (where the streaming query records its progress)")
    spark = spark_session(master=args.master)
    reports = []
    query = watch(args.watch, args.table, checkpoint=args.checkpoint, spark=spark, input_format=args.input_format,
                  once=args.once, max_files=args.max_files, rules=rules, mode=args.mode, catalog=args.catalog,
                  warehouse=args.warehouse, on_batch=lambda _, report: reports.append(report),
                  partition_by=args.partition_by, key=args.key, order_by=args.order_by, delete_when=args.delete_when)
    print(f"{args.table}: watching {args.watch} (checkpoint {args.checkpoint})"
          + ("; stopping when the files there are done" if args.once else "; Ctrl-C stops"), file=sys.stderr)
    _watching.append("watching")
    try:
        while query.isActive and len(_watching) == 1:  # (a Ctrl-C lands in the sleep, never inside a py4j call)
            time.sleep(0.5)
        if len(_watching) > 1:
            query.stop()
            print("stopped", file=sys.stderr)
        failure = query.exception()
    except KeyboardInterrupt:  # (in-process callers: SIGINT is Python's own)
        query.stop()
        print("stopped", file=sys.stderr)
        failure = None
    finally:
        _watching.clear()
    if failure is not None:  # the query failed: Spark's exception carries the micro-batch's error
        print(f"{args.table}: the streaming query failed; rerun the same command to resume from the checkpoint "
              f"(a micro-batch already committed is skipped)\n{str(failure).splitlines()[0]}", file=sys.stderr)
        return 1
    rescued = sum(r.rescued for r in reports)
    print(f"{args.table}: {_n(len(reports), 'micro-batch')} committed: "  # (as ingest's line: _ingested)
          f"{_n(sum(r.records for r in reports), 'record')}, {_n(sum(r.values for r in reports), 'value')} written, "
          f"{_n(sum(len(r.fields_added) for r in reports), 'field')} added, {_n(rescued, 'line')} rescued"
          + (f" (in {args.table}__rescued)" if rescued else ""))
    return 0


def _gc(args) -> int:
    from widen.sink.catalog import load_table, open_catalog
    from widen.gc import orphan_files
    from widen.sink.rescued import RESCUED_SUFFIX

    _catalog_exists(args)
    cat = open_catalog(args.catalog, args.warehouse)
    tables = [t for t in (load_table(cat, args.table), load_table(cat, args.table + RESCUED_SUFFIX)) if t is not None]
    if not tables:
        raise WidenError(f"no table {args.table} in {args.catalog or args.warehouse}")
    from widen.maintain import duration

    text = args.older_than.strip()
    seconds = float(text) * 60 if re.fullmatch(r"\d+(\.\d+)?", text) else duration(text, "--older-than")
    found = [(t, f) for t in tables for f in orphan_files(t, seconds)]
    for t, f in found:
        if args.delete:
            t.io.delete(f)
        print(("deleted " if args.delete else "") + f)
    what = "deleted" if args.delete else "found (run with --delete to remove them)"
    print(f"{_n(len(found), 'unreferenced file')} older than {seconds / 60:g} minutes {what}", file=sys.stderr)
    return 0


def _maintain(args) -> int:
    from widen.sink.catalog import load_table, open_catalog
    from widen.sink.rescued import RESCUED_SUFFIX
    from widen.maintain import duration, maintain

    older_than = duration(args.older_than, "--older-than")
    files_older_than = duration(args.files_older_than, "--files-older-than")
    if args.keep_snapshots < 1:
        raise WidenError(f"--keep-snapshots {args.keep_snapshots}: keep at least 1 (the current snapshot)")
    _catalog_exists(args)
    cat = open_catalog(args.catalog, args.warehouse)
    names = [n for n in (args.table, args.table + RESCUED_SUFFIX) if load_table(cat, n) is not None]
    if not names:
        raise WidenError(f"no table {args.table} in {args.catalog or args.warehouse}")
    for name in names:
        done = maintain(cat, name, keep=args.keep_snapshots, older_than_seconds=older_than,
                        files_older_than_seconds=files_older_than, dry_run=args.dry_run)
        print("\n".join(done.lines(args.dry_run)))
    return 0


def _inspect(args) -> int:
    from widen.inspect.stats import column_stats, render_stats, view_sql

    rules = _load(args.rules)
    table = _open_table(args)
    if args.command == "stats":
        print(render_stats(column_stats(table, rules)))
    else:
        print(view_sql(args.table, table.schema(), rules))
    return 0


def _show(args) -> int:
    from widen.inspect.reader import fold_rows, open_table, render, scan_rows

    if args.limit < 0:
        raise WidenError(f"--limit {args.limit}: a number of rows, 0 or more")
    columns = [c.strip() for c in args.columns.split(",") if c.strip()] if args.columns else None
    rules = _load(args.rules)
    tbl = open_table(args.table, args.catalog, args.warehouse)
    schema = tbl.schema()
    arrow = scan_rows(args.table, where=args.where, columns=None if args.folded else columns, limit=args.limit,
                      tbl=tbl)
    rows = arrow.to_pylist()
    names = columns or arrow.column_names
    if args.folded:
        rows = fold_rows(rows, schema, rules)
        names = list(rows[0]) if rows else list(dict.fromkeys(rules.naming.evolved_from(f.doc) or f.name
                                                               for f in schema.fields))
        if columns:
            missing = [c for c in columns if c not in names]
            if missing:
                raise WidenError(f"{args.table} has no field {', '.join(missing)} (folded: {', '.join(names)})")
            names = columns
    if rows or args.format != "table":
        print(render(rows, names, args.format))
    else:
        print(f"{args.table}: no rows" + (f" where {args.where}" if args.where else ""), file=sys.stderr)
    if args.limit and len(rows) == args.limit:
        print(f"(the first {args.limit} rows: --limit N for more)", file=sys.stderr)
    return 0


# --- check ----------------------------------------------------------------------------------------------------------


def _n(count: int, word: str) -> str:
    plural = "es" if word.endswith(("ch", "sh")) else "s"
    return f"{count} {word}{'' if count == 1 else plural}"


def _engine_line(rules) -> str:
    """Whether the native engine covers the rules, and if not, the line of the rules file that stops it."""
    covered = coverage(rules)
    if covered.spec is not None:
        return "engine: native (the JVM pass observes and writes every JSON batch under these rules)"
    where = ""
    if covered.line and rules.path and Path(rules.path).is_file():
        for number, text in enumerate(Path(rules.path).read_text().splitlines(), start=1):
            code = text.split("#", 1)[0]
            if re.search(covered.line, code):
                where = f"{rules.path}:{number}: {code.strip()}\n  "
                break
    return (f"engine: spark: the native pass does not cover these rules:\n  {where}{covered.why}\n"
            "  (JSON batches are observed and written by Spark expressions: docs/performance.md gives the cost)")


def _check(args) -> int:
    from hypothesis.configuration import set_hypothesis_home_dir  # slow to load: `widen check` alone needs it
    from widen.engine.laws import check_rules

    # a read-only command: Hypothesis's own files go to a temporary directory, not ./.hypothesis
    set_hypothesis_home_dir(tempfile.mkdtemp(prefix="widen-check-"))

    rules = _load(args.rules)
    widen_edges = len(rules.widen_edges())
    pairs = len(rules.lattice.incompatible)
    print(
        f"{rules.path}: ok: {_n(len(rules.types), 'type')}, {_n(widen_edges, 'widening edge')} (and each type "
        f"to '{rules.top}'), {_n(len(rules.convert_edges()), 'conversion')}, {_n(len(rules.merges), 'merge')}"
        + (f", {_n(pairs, 'incompatible pair')}" if pairs else "")
    )
    print(_engine_line(rules))
    seed = None if args.seed == "random" else int(args.seed)
    report = check_rules(rules, examples=args.examples, seed=seed)
    n = len(rules.types)
    if report.lattice:
        print(f"lattice laws: FAILED ({len(report.lattice)} violations)")
        for problem in report.lattice[:10]:
            print(f"  {problem}")
    else:
        laws = ("join commutative, associative, idempotent, least upper bound" if not pairs else
                "join commutative, idempotent, an upper bound; the top for an incompatible pair, else the least "
                "upper bound; associative on triples without an incompatible pair")
        print(f"lattice laws: ok ({laws}; {n * n} pairs, {n ** 3} triples)")
    if report.edges:
        print(f"widening edges: FAILED ({_n(len(report.edges), 'edge')} losing precision on a boundary value)")
        for problem in report.edges:
            print(f"  {problem}")
    else:
        print("widening edges: ok (every edge without 'where exact' gives back each boundary value of its source)")
    if report.violations:
        print("properties: FAILED; the smallest counterexample found (each line needed):")
        for v in report.violations[:5]:
            print("  " + v.render().replace("\n", "\n  "))
    else:
        print(f"properties: ok ({report.boundary} boundary-value sequences and {report.examples} generated batch "
              f"sequences: schema only grows, plans are "
              f"idempotent and order-independent, all data written, no precision lost)")
    return 0 if report.ok else 1
