"""The ``widen`` command's arguments: one builder per command."""

from __future__ import annotations

import argparse
from importlib.metadata import PackageNotFoundError, version


def _version() -> str:
    """The installed package's version."""
    try:
        return version("widen")
    except PackageNotFoundError:  # (run from a checkout that is not installed)
        return "unknown (not installed)"


def parser() -> argparse.ArgumentParser:
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
    _migrate_command(sub)
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
    i.add_argument("--rules", help="rules file (default: the rules the table records; a new table: the shipped "
                   "types.rules); other rules than those the table records are refused: widen migrate")
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
    i.add_argument("--cdc", choices=("debezium",),
                   help="with --key: each line is a change event of Debezium (its JSON converter's envelope, with "
                   "or without the schema wrapper): its row ('after'; a delete's 'before') is the record, ordered by "
                   "its source position (source.lsn, else source.ts_ms), deleting its key on op 'd'; Kafka "
                   "tombstones are skipped (docs/keyed.md)")
    i.add_argument("--watch", metavar="DIR",
                   help="stream DIR instead of ingesting BATCHes: each micro-batch is the files dropped into it "
                   "since the last one, committed exactly once (needs --checkpoint)")
    i.add_argument("--checkpoint", metavar="DIR", help="the streaming query's checkpoint (with --watch)")
    i.add_argument("--once", action="store_true",
                   help="with --watch: process the files there now and stop (Spark's availableNow trigger)")
    i.add_argument("--max-files", type=int, metavar="N", help="with --watch: at most N files per micro-batch")


def _gc_command(sub) -> None:
    """`widen gc`'s arguments."""
    g = _table_command(sub, "gc", "list (or delete) Parquet files of commits that never happened",
                       "List the Parquet files Widen wrote under the table's data directory (and its __rescued "
        "table's) that no snapshot references: what a killed ingest leaves behind. Files younger than "
        "--older-than are left alone (they may belong to an ingest still running). Nothing is deleted without "
        "--delete.", rules=False)
    g.add_argument("--older-than", default="60", metavar="DURATION",
                   help="only files at least this old: minutes, or a duration as `widen maintain` takes them "
                        "(30s, 15m, 12h, 7d; default 60 minutes)")
    g.add_argument("--delete", action="store_true", help="delete the files listed")


def _maintain_command(sub) -> None:
    """`widen maintain`'s arguments."""
    m = _table_command(sub, "maintain", "expire old snapshots and delete what they alone needed, keeping exactly-once",
                       "Expire the table's snapshots older than --older-than (keeping the --keep-snapshots newest "
        "of its history and every branch or tag head) with pyiceberg's maintenance API, then delete Widen's "
        "superseded ledger files and the Parquet files Widen wrote that no remaining snapshot references "
        "(never one younger than --files-older-than); the same for its __rescued table. The ledger of absorbed files and "
        "micro-batches is kept: a replay after maintenance is still skipped (docs/guarantees.md).", rules=False)
    m.add_argument("--keep-snapshots", type=int, default=1, metavar="N",
                   help="always keep the N newest snapshots of the table's history (default 1)")
    m.add_argument("--older-than", default="5d", metavar="DURATION",
                   help="expire and delete only what is older than this: 30m, 12h, 7d (default 5d)")
    m.add_argument("--files-older-than", default="1h", metavar="DURATION",
                   help="never delete a file younger than this, whatever --older-than says: an ingest still "
                   "running may be about to commit it (default 1h)")
    m.add_argument("--compact", choices=("threshold", "all", "none"), default="threshold",
                   help="first rewrite the data files of a table merged on read with their position deletes "
                   "applied: those whose deletes pass the table's threshold (default), all that have deletes, or "
                   "none (docs/keyed.md)")
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


def _table_command(sub, name: str, text: str, description: str, rules: bool = True):
    """A command on one table: ``--table``, ``--rules`` (naming its evolved columns; not for the commands that only
    delete files) and where it lives."""
    v = sub.add_parser(name, help=text, description=description)
    v.add_argument("--table", required=True, help="NAMESPACE.NAME")
    if rules:
        v.add_argument("--rules", help="rules file naming evolved columns (default: the rules the table records)")
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
    v.add_argument("--limit", type=int, default=20, help="rows to print at most, in the order they were committed "
                   "(default 20; 0: every row)")
    v.add_argument("--where", help="a filter in Spark SQL: comparisons of columns (user.id for a record's field) "
                   "with values, dates and timestamps too, BETWEEN, IN, IS NULL, AND, OR, NOT "
                   "(\"price > 10 AND started >= '2024-05-02'\")")
    v.add_argument("--columns", help="comma-separated columns to print, user.id for a record's field "
                   "(default: all)")
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
    c.add_argument("--table", help="NAMESPACE.NAME: also test the change from the rules the table records to --rules "
                   "against it (every column keeps a home, the sample values that route elsewhere, no value the "
                   "table holds lost; docs/customise.md)")
    _catalog_options(c)


def _migrate_command(sub) -> None:
    """`widen migrate`'s arguments."""
    text = "record other rules as a table's rules, saying what changes"
    m = _table_command(sub, "migrate", text, text + ": per field the columns kept, the columns the next batches "
                       "would add and the values that route elsewhere (as `widen check --table` says them), then "
                       "the new rules recorded in one commit; the data is not rewritten.", rules=False)
    m.add_argument("--rules", required=True, help="the rules file the table's next batches are planned under")
    m.add_argument("--dry-run", action="store_true", help="say what changes; record nothing")
    m.add_argument("--allow-loss", action="store_true",
                   help="record the rules even when a value is lost or a column has no home under them")


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
