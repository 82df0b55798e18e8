"""``widen ingest``: batches of JSON lines (or typed frames) into an Iceberg table, observed and routed in Spark.
This module orchestrates the walk of a batch through :mod:`widen.sources`, :mod:`widen.jobs`, :mod:`widen.sink.prepare`,
:mod:`widen.sink.rescued`, :mod:`widen.sink.commit` and :mod:`widen.sink.catalog`, and says what happens: ``docs/architecture.md``.
"""

from __future__ import annotations

import contextlib
import sys
import time
from pathlib import Path
from typing import Callable, Sequence

from widen.session import spark_session
from widen.sink.partitioning import check_asked, parse_partition_by
from widen.sink.prepare import key_types, prepare
from widen.sink.catalog import MAX_ATTEMPTS, TABLE_PROPERTIES, load_table, open_catalog, open_table_catalog  # noqa: F401
from widen.sink.commit import Batch, commit_batch, partition_fields
from widen.sink.contract import for_write
from widen.errors import Absorbed, WidenError
from widen.sink.faults import checkpoint
from widen.gc import orphan_files  # noqa: F401 (part of this module's API)
from widen.sink import ledger  # (part of this module's API: the ledger of the files a table absorbed)
from widen.sink.ledger import read as read_ledger
from widen.keyed import Upsert, keyed_rescues, key_for_ingest
from widen.engine.modes import SchemaMismatch, resolve_mode
from widen.sink.onepass import Ahead, one_pass
from widen.progress import enabled as progress_bars, spark_progress
from widen.rules.words import counted
from widen.sink.report import BatchReport, timed
from widen.sink.rescued import array_hint, write_rescued
from widen.sink.storage import said_in_one_line, translated
from widen.sources import Source, batch_files, check_inputs, fingerprints, unique_contents
from widen.jobs import batch_settings, frame_settings, session_settings, unreadable  # noqa: F401
from widen.sources.engines import for_files, for_frame
from widen.sources.spark_read import read_lines

#: a line on the sys.stderr of the moment (one a caller swapped in after the import is followed)
_stderr = lambda text: print(text, file=sys.stderr)  # noqa: E731
_UNLOADED = object()


def ingest(
    batches: Sequence[str], table: str, *, rules=None, catalog: str | None = None, warehouse: str = "warehouse",
    spark=None, progress: Callable[[str], None] | None = None, force: bool = False, mode: str | None = None,
    input_format: str = "json", master: str | None = None, reports: list[BatchReport] | None = None,
    partition_by: str | None = None, key: str | None = None, order_by: str | None = None,
    delete_when: str | None = None, cdc: str | None = None) -> list[BatchReport]:
    """Ingest each batch (a JSON-lines file, gzipped too, or a directory of them; with ``input_format="parquet"``
    Parquet files, typed), in order, into ``table`` (``namespace.name``), creating the namespace and the table on
    first write.

    ``mode`` (``evolve``, ``enforce``, ``merge``, ``overwrite``; default: the rules file's ``mode`` line) selects the
    rules' policies: :mod:`widen.engine.modes`. A batch the mode refuses raises :class:`widen.engine.modes.SchemaMismatch` and
    writes nothing. A file the table has already absorbed (same SHA-256, whatever its path) is skipped and
    reported; ``force`` ingests it again. With no ``spark``, a session is started (only when a batch has something to
    ingest) on ``master`` (a Spark master URL; default ``$WIDEN_SPARK_MASTER``, else spark-submit's ``--master``
    when run under spark-submit, else ``local[*]``). ``reports``: a list each batch's report is appended to as the
    batch ends, so that a caller still has those of the batches before one that fails (they stay committed).
    ``partition_by`` (``"day(ts), bucket(16, user_id)"``, Iceberg's transforms) is the spec the table is created
    with; a table that exists keeps its own, and every write honours it: :mod:`widen.sink.partitioning`. ``key``
    (``order_by``, ``delete_when``; ``cdc="debezium"``: each line a Debezium change event, docs/keyed.md) makes
    each batch an upsert: :mod:`widen.keyed`.
    """
    terms = parse_partition_by(partition_by) if partition_by is not None else None
    check_inputs(batches, input_format)  # (every file readable, and the settings, before any work)
    with said_in_one_line(table, lambda: load_table(open_catalog(catalog, warehouse), table)):
        cat = open_table_catalog(table, catalog, warehouse)
        tbl = load_table(cat, table)  # (the first batch plans against it)
    check_asked(terms, tbl, table)
    rules = for_write(tbl, rules, table)  # (the table's own rules; others refused before any work)
    run = _Run(table, cat, rules, progress or _stderr, force, mode, input_format, master, terms, spark)
    run.keyed = key_for_ingest(tbl, table, key, order_by, delete_when, mode, cdc, typed=input_format != "json")
    run.loaded = tbl
    reports = [] if reports is None else reports
    bars = progress_bars.set(progress is None)  # Widen's own progress on stderr: a bar too, on a terminal
    try:
        for number, batch in enumerate(batches, start=1):
            reports.append(run.batch(number, batch))
    finally:
        progress_bars.reset(bars)
    return reports


class _Run:
    """One ``ingest`` call: its settings, its Spark session (started at the first batch to read) and its mode."""

    def __init__(self, table, cat, rules, say, force, mode_asked, input_format, master, terms, spark):
        self.table, self.cat, self.rules, self.say, self.force = table, cat, rules, say, force
        self.mode_asked, self.input_format, self.master, self.terms = mode_asked, input_format, master, terms
        self.spark, self.mode, self.keyed, self.loaded = spark, None, None, _UNLOADED  # (loaded: the run's load)

    def batch(self, number: int, batch: str) -> BatchReport:
        started = time.perf_counter()
        report = BatchReport(batch, mode=self.mode or "")
        tbl, self.loaded = (load_table(self.cat, self.table) if self.loaded is _UNLOADED else self.loaded), _UNLOADED
        prints = self._new_files(tbl, number, batch, report)
        if prints is None:
            return report
        # files with no bytes hold no line: recorded in the ledger (a replay is skipped), no Spark job for them
        empty = self.input_format == "json" and all(fp.size == 0 for fp in prints)
        self._start(empty, report)
        self.say(f"batch {number} ({batch}): reading {counted(len(prints), 'file')}"
                 + (f" (mode {report.mode})" if report.mode != "evolve" else "") + (" (empty)" if empty else ""))
        while prints:
            try:
                settings = batch_settings(self.spark, prints, self.input_format) if self.spark is not None else None
                with session_settings(self.spark, settings) if self.spark is not None else contextlib.nullcontext():
                    ingest_batch(self.cat, Batch(self.table, batch, prints, self._source(empty, prints, batch),
                                                 self.rules, report.mode, self.force, partition_by=self.terms,
                                                 upsert=Upsert.of(self.keyed)),
                                 report, lambda t: self.say(f"batch {number}: {t}"), tbl=tbl)
                break
            except Absorbed as absorbed:  # another writer committed some of these files meanwhile
                report.already += [fp.path for fp in absorbed.files]
                prints = [fp for fp in prints if fp not in absorbed.files]
                report.files = len(prints)
                tbl = load_table(self.cat, self.table)
                self.say(f"batch {number}: another writer ingested {len(absorbed.files)} of these files meanwhile; "
                         + (f"again with the other {len(prints)}" if prints else "nothing left to do"))
            except Exception as exc:  # (a storage fault, a damaged file of the table: one line; a file Spark
                # cannot read is the user's error: one line too; the batch's own verdict is said as it is)
                known = translated(exc, self.table, lambda: load_table(self.cat, self.table))
                if known is not None:
                    raise known from exc
                if unreadable(exc) is None:
                    raise
                raise unreadable(exc) from None
        report.seconds = time.perf_counter() - started
        self.say(report.line(number))
        return report

    def _new_files(self, tbl, number: int, batch: str, report: BatchReport):
        """The batch's files ``tbl`` has not absorbed (all with ``force``); None when there is none."""
        absorbed = read_ledger(tbl).files if tbl is not None and not self.force else None
        every = unique_contents(fingerprints(batch_files(batch, self.input_format),
                                             absorbed.sizes if absorbed is not None else frozenset()),
                                self.say if not self.force else None)
        prints = every
        if absorbed is not None:
            report.already = [fp.path for fp in prints if absorbed.holds(fp)]
            prints = [fp for fp in prints if not absorbed.holds(fp)]
            if report.already and not prints:
                where = "; ".join(dict.fromkeys(absorbed[fp.sha256].where() for fp in every))
                self.say(f"batch {number} ({batch}): already ingested ({where}); "
                         "nothing to do (--force ingests it again)")
                return None
            if report.already:
                self.say(f"batch {number}: {counted(len(report.already), 'file')} already ingested, skipped: "
                         + ", ".join(report.already[:5]) + (" ..." if len(report.already) > 5 else ""))
        report.files = len(prints)
        return prints

    def _start(self, empty: bool, report: BatchReport) -> None:
        """A Spark session when the batch has something to read; the mode, resolved at the first batch Spark reads
        (the session's auto-merge switch may change it)."""
        if self.spark is None and not empty:
            t0 = time.perf_counter()
            self.spark = spark_session(master=self.master)
            self.say(f"spark: session ready in {time.perf_counter() - t0:.1f}s")
        if self.mode is None and self.spark is not None:
            self.mode = resolve_mode(self.rules, self.mode_asked, self.spark, self.say)
        report.mode = self.mode or resolve_mode(self.rules, self.mode_asked)

    def _source(self, empty: bool, prints: list, batch: str) -> Source:
        return for_files(self.spark, [] if empty else prints, batch, self.input_format, self.keyed is not None,
                         getattr(self.keyed, "cdc", None))


def write(df, table: str, *, rules=None, mode: str | None = None, json_column: str | None = None,
          catalog: str | None = None, warehouse: str = "warehouse", progress: Callable[[str], None] | None = None,
          batch: str = "<dataframe>", summary: dict[str, str] | None = None, source_column: str | None = None,
          rescued_done: bool = False, partition_by: str | None = None, long_lines=(), key: str | None = None,
          order_by: str | None = None, delete_when: str | None = None, cdc: str | None = None) -> BatchReport:
    """Write one DataFrame to ``table`` through the engine, as one batch and one commit.

    A typed DataFrame (any Parquet-like columns) is observed from its schema; with ``json_column``, each row's
    column holds one JSON document, observed and routed like a JSON line (those that are not JSON objects go to
    ``<table>__rescued``, with ``source_column``'s value as their source when given; ``rescued_done``: they were
    committed already, by an earlier attempt). ``mode`` as for :func:`ingest`; ``summary`` adds entries to the
    snapshot summaries (the table's and the rescued table's); ``partition_by``, ``key``, ``order_by``, ``delete_when``
    and ``cdc`` as for :func:`ingest` (a later row breaks a tie of a key's records); ``long_lines``: ``(source,
    LongLine)`` of the frame's lines it holds empty (:func:`widen.stream.watch`). Returns the report.

    >>> import tempfile, widen
    >>> spark = widen.spark_session()
    >>> warehouse = tempfile.mkdtemp()
    >>> quiet = lambda message: None
    >>> df = spark.createDataFrame([('{"price": 10}',), ('{"price": "n/a"}',)], "value string")
    >>> write(df, "db.prices", json_column="value", warehouse=warehouse, progress=quiet).fields_added
    ['price', 'price_long']
    >>> typed = spark.sql("SELECT CAST(7 AS int) AS price")  # an int widens to long: price_long, and price as text
    >>> report = write(typed, "db.prices", warehouse=warehouse, progress=quiet)
    >>> report.records, report.fields_added
    (1, [])
    """
    terms = parse_partition_by(partition_by) if partition_by is not None else None
    say = progress or _stderr
    cat = open_table_catalog(table, catalog, warehouse)
    tbl = load_table(cat, table)
    rules = for_write(tbl, rules, table)
    check_asked(terms, tbl, table)
    keyed = key_for_ingest(tbl, table, key, order_by, delete_when, mode, cdc, typed=json_column is None)
    mode = resolve_mode(rules, mode, df.sparkSession, say)
    report, started = BatchReport(batch, mode=mode), time.perf_counter()
    with session_settings(df.sparkSession, frame_settings(df.sparkSession)), \
            said_in_one_line(table, lambda: load_table(cat, table)):
        source = for_frame(df, json_column, source_column, batch, list(long_lines), keyed is not None, getattr(keyed, "cdc", None))
        ingest_batch(cat, Batch(table, batch, [], source, rules, mode, True, summary or {}, terms, Upsert.of(keyed)), report,
                     lambda t: say(f"{batch}: {t}"), rescued_done, tbl)
    report.seconds = time.perf_counter() - started
    return report


def ingest_batch(cat, batch: Batch, report: BatchReport, say, rescued_done: bool = False, tbl=_UNLOADED) -> None:
    """Observe the batch, plan it against ``tbl`` (loaded here when not given; a batch the mode refuses writes
    nothing: its rescued lines neither, nor a new table), commit its rescued lines, then the batch."""
    source = batch.source
    ahead = Ahead()
    try:  # (what observing cached is released whatever happens: a DataFrame's texts; files no commit took deleted)
        tbl = load_table(cat, batch.table) if tbl is _UNLOADED else tbl
        source.key = key_types(tbl, batch)  # (a keyed batch's: its records without a key are rescued)
        ahead = one_pass(tbl, batch, report, say)
        if not ahead.observed:
            with timed(report, "observe"), spark_progress(source.spark, f"{Path(str(batch.name)).name}: observing"):
                source.observe(batch.rules)
        observations = source.observations
        report.records, report.rescued, report.empty_names, report.tombstones = (
            observations.records, observations.rescued_count, observations.empty_names, observations.tombstones)
        if batch.upsert is None:  # (a keyed batch's, once its records without a key are counted: keyed_rescues)
            say(report.observed(array_hint(observations)))
        with timed(report, "plan"):
            first = ahead.planned or ahead.fallback or prepare(tbl, batch.rules, batch.mode, source, batch.name)
            # (a spec it cannot take: said before any write)
            fields = ahead.fields if ahead.planned else partition_fields(tbl, first, batch.partition_by, batch.table)
        keyed_rescues(source, batch, first, report, tbl, say)
        if report.rescued and not rescued_done:
            with timed(report, "rescued"):
                write_rescued(cat, batch.table, source.rescued_frame(), batch.name,
                              batch.prints, batch.force, batch.summary)
        checkpoint("after-rescued")
        commit_batch(cat, batch, report, say, first, ahead.hand_over(), fields)
        report.engine, report.why = source.engine, source.why
    finally:
        ahead.discard()
        source.release()


__all__ = ["BatchReport", "MAX_ATTEMPTS", "SchemaMismatch", "ingest", "write", "ledger", "open_catalog",
           "orphan_files", "read_lines", "WidenError"]
