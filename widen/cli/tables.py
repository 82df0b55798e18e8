"""The commands on a table: ``widen ingest`` (and ``--watch``), ``gc``, ``maintain``, ``stats``, ``view``, ``show``,
``report``."""

from __future__ import annotations

import os
import re
import sys
import time

# the modules that load pyiceberg, pyarrow or PySpark are imported inside the commands: the CLI starts Spark in a
# thread (widen.session.start_early) and loads them beside it
from widen.engine.load import load_rules
from widen.cli.signals import watching
from widen.errors import InputError, WidenError
from widen.rules.words import counted
from widen.session import spark_session, start_early
from widen.sink.contract import history, read_under
from widen.sink.partitioning import parse_partition_by
from widen.sources import batch_files, check_inputs



def _catalog_exists(args) -> None:
    """A read-only command on the embedded catalog reads it where it is: it never creates one."""
    from widen.sink.catalog import existing_catalog

    existing_catalog(args.table, args.catalog, args.warehouse)


def open_table_of(args):
    from widen.inspect.reader import open_table

    return open_table(args.table, args.catalog, args.warehouse)


# --- ingest ---------------------------------------------------------------------------------------------------------


def run_ingest(args) -> int:
    given = [o for o, v in (("--checkpoint", args.checkpoint), ("--once", args.once), ("--max-files", args.max_files))
             if v and not args.watch]
    if given:
        raise InputError(f"{', '.join(given)}: only with --watch DIR (a batch is read once as it is)")
    rules = load_rules(args.rules) if args.rules else None  # (none: the table's own, else the shipped default)
    if args.watch:
        return _watch(args, rules)
    if not args.batches:
        raise InputError("name at least one BATCH (a file or directory), or --watch DIR")
    if args.own_process:
        _start_spark_early(args)
    from widen.ingest import ingest  # (once Spark is starting: it loads pyiceberg, which takes a second)

    reports: list = []
    try:
        ingest(args.batches, args.table, rules=rules, catalog=args.catalog, warehouse=args.warehouse,
               force=args.force, mode=args.mode, input_format=args.input_format, master=args.master,
               reports=reports, partition_by=args.partition_by, key=args.key, order_by=args.order_by,
               delete_when=args.delete_when, cdc=args.cdc)
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
    from widen.keyed.spec import keyed
    from widen.sink.catalog import require_writable

    require_writable(args.table)
    check_inputs(args.batches, args.input_format)
    if args.partition_by is not None:
        parse_partition_by(args.partition_by)
    keyed(args.key, args.order_by, args.delete_when, cdc=args.cdc)
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
        f"{table}: {counted(len(reports), 'batch')} ingested"
        + (f" (mode {', '.join(modes)})" if modes and modes != ["evolve"] else "")
        + f": {counted(records, 'record')}, {counted(values, 'value')} "
        f"written, {counted(added, 'field')} added, {counted(rescued, 'line')} rescued"
        + (f", changed in place: {', '.join(promoted)}" if promoted else "")
        + (f" (in {table}__rescued)" if rescued else "")
        + (f"; {counted(skipped, 'batch')} already ingested, skipped" if skipped else "")
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
                  partition_by=args.partition_by, key=args.key, order_by=args.order_by, delete_when=args.delete_when,
                  cdc=args.cdc)
    print(f"{args.table}: watching {args.watch} (checkpoint {args.checkpoint})"
          + ("; stopping when the files there are done" if args.once else "; Ctrl-C stops"), file=sys.stderr)
    watching.append("watching")
    try:
        while query.isActive and len(watching) == 1:  # (a Ctrl-C lands in the sleep, never inside a py4j call)
            time.sleep(0.5)
        if len(watching) > 1:
            query.stop()
            print("stopped", file=sys.stderr)
        failure = query.exception()
    except KeyboardInterrupt:  # (in-process callers: SIGINT is Python's own)
        query.stop()
        print("stopped", file=sys.stderr)
        failure = None
    finally:
        watching.clear()
    if failure is not None:  # the query failed: Spark's exception carries the micro-batch's error
        print(f"{args.table}: the streaming query failed; rerun the same command to resume from the checkpoint "
              f"(a micro-batch already committed is skipped)\n{str(failure).splitlines()[0]}", file=sys.stderr)
        return 1
    rescued = sum(r.rescued for r in reports)
    print(f"{args.table}: {counted(len(reports), 'micro-batch')} committed: "  # (as ingest's line: _ingested)
          f"{counted(sum(r.records for r in reports), 'record')}, {counted(sum(r.values for r in reports), 'value')} written, "
          f"{counted(sum(len(r.fields_added) for r in reports), 'field')} added, {counted(rescued, 'line')} rescued"
          + (f" (in {args.table}__rescued)" if rescued else ""))
    return 0


# --- the table's files ---------------------------------------------------------------------------------------------


def run_gc(args) -> int:
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
    what = "deleted" if args.delete else f"found (run with --delete to remove {'it' if len(found) == 1 else 'them'})"
    minutes = seconds / 60
    print(f"{counted(len(found), 'unreferenced file')} older than {minutes:g} minute{'' if minutes == 1 else 's'} "
          f"{what}", file=sys.stderr)
    return 0


def run_maintain(args) -> int:
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
                        files_older_than_seconds=files_older_than, dry_run=args.dry_run,
                        compact=args.compact if not name.endswith(RESCUED_SUFFIX) else "none")
        print("\n".join(done.lines(args.dry_run)))
    return 0


# --- reading --------------------------------------------------------------------------------------------------------


def run_inspect(args) -> int:
    from widen.inspect.stats import column_stats, render_rules, render_stats, view_sql

    table = open_table_of(args)
    rules = read_under(table, args.rules)
    if args.command == "stats":
        print(render_stats(column_stats(table, rules)))
        if history(table):  # the rules each batch ran under
            print("\n" + render_rules(history(table)))
    else:
        print(view_sql(args.table, table.schema(), rules))
    return 0


def run_show(args) -> int:
    from widen.inspect.reader import fold_rows, open_table, render, scan_rows

    if args.limit < 0:
        raise WidenError(f"--limit {args.limit}: a number of rows, 0 or more")
    columns = [c.strip() for c in args.columns.split(",") if c.strip()] if args.columns else None
    tbl = open_table(args.table, args.catalog, args.warehouse)
    rules = read_under(tbl, args.rules)
    schema = tbl.schema()
    arrow = scan_rows(args.table, where=args.where, columns=None if args.folded else columns, limit=args.limit or None,
                      tbl=tbl)  # (--limit 0: every row)
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
    if rows or args.format == "csv":  # (csv: its header; json lines: none)
        print(render(rows, names, args.format))
    if not rows:
        print(f"{args.table}: no rows" + (f" where {args.where}" if args.where else ""), file=sys.stderr)
    if args.limit and len(rows) == args.limit:  # (0: every row was asked for)
        print(f"(the first {counted(args.limit, 'row')}: --limit N for more)", file=sys.stderr)
    return 0



def run_report(args) -> int:
    from widen.inspect.html_report import report

    out = args.out or f"{args.table}.html"
    report(args.table, out=out, rules=load_rules(args.rules) if args.rules else None, catalog=args.catalog,
           warehouse=args.warehouse)
    print(out)
    return 0
