"""``widen ingest``: batches of JSON lines into an Iceberg table, observed and routed in Spark.

For each batch: fingerprint its files (size, SHA-256) and skip those the table's ledger says it has absorbed; read
the lines (file and line number kept), parse them as VARIANT, observe the batch in Spark, plan it against the
table's current schema, write the compiled projection as Parquet with Spark (microsecond timestamps), and commit
the schema change and the files to Iceberg in one pyiceberg transaction whose snapshot summary records the batch
and its files (the ledger). Lines that are not JSON objects go, with their text, file, line number and reason, to
a companion table ``<table>__rescued``, committed first with the same ledger.

A commit that conflicts with another writer (Iceberg's optimistic concurrency, or SQLite's "database is locked")
is retried against the reloaded table: re-planned, its files rewritten when the projection changed, its
transaction rebuilt. A commit whose acknowledgement was lost is found by its commit id and not repeated.
Guarantees and the tests that hold them: ``docs/guarantees.md``.
"""

from __future__ import annotations

import contextlib
import json
import os
import random
import sys
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Sequence

from widen.errors import CommitUnknown, InputError, WidenError  # noqa: F401 (CommitUnknown: importable from here too)
from widen.faults import checkpoint
from widen.ledger import plain_path as _normal
from widen.ledger import read as read_ledger
from widen.ledger import record as record_ledger
from widen.modes import SchemaMismatch, check, effective_mode, resolve_mode
from widen.progress import enabled as progress_bars
from widen.progress import spark_progress
from widen.sources import Fingerprint

RESCUED_SUFFIX = "__rescued"
#: commit attempts per batch before giving up (each after reloading the table; backoff doubles, with jitter)
MAX_ATTEMPTS = 10
BACKOFF_SECONDS = 0.2


@dataclass
class BatchReport:
    """What one batch did."""

    batch: str
    records: int = 0
    values: int = 0
    fields_added: list[str] = field(default_factory=list)
    rescued: int = 0
    empty_names: int = 0
    files: int = 0
    snapshot_id: int | None = None
    seconds: float = 0.0
    #: files of the batch the table had already absorbed (skipped unless ``force``)
    already: list[str] = field(default_factory=list)
    #: commit attempts (1 unless another writer committed in between)
    attempts: int = 0
    #: the commit landed although the catalog reported a failure (found by its commit id)
    recovered: bool = False
    #: seconds per phase: observe (read, parse, observe), rescued, plan, write (compile and Parquet), commit
    #: (summed over commit attempts)
    phases: dict[str, float] = field(default_factory=dict)
    #: columns whose type the batch changed in place (merge: ``count: int -> long``)
    promoted: list[str] = field(default_factory=list)
    #: the mode the batch was written in
    mode: str = ""

    @property
    def skipped(self) -> bool:
        return self.files == 0 and bool(self.already)


def open_catalog(catalog: str | None, warehouse: str):
    """The named pyiceberg catalog (its own configuration: ``.pyiceberg.yaml`` or ``PYICEBERG_CATALOG__*``), or
    an embedded SQLite catalog in ``warehouse``."""
    from pyiceberg.catalog import load_catalog
    from pyiceberg.catalog.sql import SqlCatalog

    if catalog:
        return load_catalog(catalog)
    root = Path(warehouse).resolve()
    root.mkdir(parents=True, exist_ok=True)
    return SqlCatalog("widen", uri=f"sqlite:///{root / 'catalog.db'}", warehouse=root.as_uri())


def require_namespace(table: str) -> None:
    """A table is named NAMESPACE.NAME (raises :class:`InputError` naming the mistake)."""
    if "." not in table:
        raise InputError(f"--table {table}: name it NAMESPACE.NAME")


def _open_table_catalog(table: str, catalog: str | None, warehouse: str):
    """The catalog, with the table's namespace created when missing."""
    from pyiceberg.exceptions import NamespaceAlreadyExistsError

    require_namespace(table)
    namespace = table.rsplit(".", 1)[0]
    cat = open_catalog(catalog, warehouse)
    try:
        cat.create_namespace(namespace)
    except NamespaceAlreadyExistsError:
        pass
    except Exception as exc:  # another process created it between our check and our insert
        if not _retryable(exc) and "already exists" not in str(exc).lower():
            raise
    return cat


def read_lines(spark, paths: Sequence[str]):
    """The batch's lines as a DataFrame (``value``, ``source``, ``line``), line numbers counted per file in Spark
    (per split, then offset by the earlier splits of the same file: nothing but counts reach the driver)."""
    from pyspark.sql import functions as F

    df = spark.read.text([str(Path(p).resolve()) for p in paths]).select(
        F.col("value"),
        F.input_file_name().alias("source"),
        F.input_file_block_start().alias("block"),
        F.spark_partition_id().alias("part"),
        F.monotonically_increasing_id().bitwiseAND(F.lit((1 << 33) - 1)).alias("pos"),
    )
    splits = df.groupBy("source", "block", "part").agg(F.min("pos").alias("first"), F.count("pos").alias("n")).collect()
    rows, offsets = [], {}
    for r in sorted(splits, key=lambda r: (r["source"], r["block"])):
        start = offsets.get(r["source"], 0)
        rows.append((r["source"], r["block"], r["part"], r["first"], start))
        offsets[r["source"]] = start + r["n"]
    if not rows:
        return df.select("value", "source", F.lit(0).alias("line")).limit(0)
    # from an Arrow table, which the JVM reads itself: a list of Python tuples would be unpickled by a Python
    # worker on an executor, and executors need no Python otherwise (tests/test_cluster.py)
    import pyarrow as pa

    types = (pa.string(), pa.int64(), pa.int32(), pa.int64(), pa.int64())
    table = spark.createDataFrame(pa.table([pa.array(c, t) for c, t in zip(zip(*rows), types)],
                                           names=["source", "block", "part", "first", "start"]))
    joined = df.join(F.broadcast(table), ["source", "block", "part"])
    line = (F.col("start") + F.col("pos") - F.col("first") + 1).cast("int")
    source = F.regexp_replace(F.col("source"), "^file:(//)?", "")
    return joined.select("value", source.alias("source"), line.alias("line"))


def ingest(
    batches: Sequence[str],
    table: str,
    *,
    rules=None,
    catalog: str | None = None,
    warehouse: str = "warehouse",
    spark=None,
    progress: Callable[[str], None] | None = None,
    force: bool = False,
    mode: str | None = None,
    input_format: str = "json",
    master: str | None = None,
    reports: list[BatchReport] | None = None,
    partition_by: str | None = None,
) -> list[BatchReport]:
    """Ingest each batch (a JSON-lines file, gzipped too, or a directory of them; with ``input_format="parquet"``
    Parquet files, typed), in order, into ``table`` (``namespace.name``), creating the namespace and the table on
    first write.

    ``mode`` (``evolve``, ``enforce``, ``merge``, ``overwrite``; default: the rules file's ``mode`` line) selects the
    rules' policies: :mod:`widen.modes`. A batch the mode refuses raises :class:`widen.modes.SchemaMismatch` and
    writes nothing. A file the table has already absorbed (same SHA-256, whatever its path) is skipped and
    reported; ``force`` ingests it again. With no ``spark``, a session is started (only when a batch has something to
    ingest) on ``master`` (a Spark master URL; default ``$WIDEN_SPARK_MASTER``, else spark-submit's ``--master``
    when run under spark-submit, else ``local[*]``). ``reports``: a list each batch's report is appended to as the
    batch ends, so that a caller still has those of the batches before one that fails (they stay committed).
    ``partition_by`` (``"day(ts), bucket(16, user_id)"``, Iceberg's transforms) is the spec the table is created
    with; a table that exists keeps its own, and every write honours it: :mod:`widen.partitioning`.
    """
    from widen.partitioning import check_asked, parse_partition_by
    from widen.rules.loader import load_rules
    from widen.sources import batch_files

    terms = parse_partition_by(partition_by) if partition_by is not None else None
    say = progress or (lambda text: print(text, file=sys.stderr))
    rules = rules or load_rules()
    if input_format not in ("json", "parquet"):
        raise InputError(f"unknown input format '{input_format}' (json or parquet)")
    for batch in batches:  # every path exists and is readable before any work (not after batch 1 committed)
        for path in batch_files(batch, input_format):
            if not os.access(path, os.R_OK):
                raise InputError(f"{path}: permission denied (not readable)")
    cat = _open_table_catalog(table, catalog, warehouse)
    check_asked(terms, _load(cat, table), table)
    mode_asked = mode
    reports: list[BatchReport] = [] if reports is None else reports
    bars = progress_bars.set(progress is None)  # Widen's own progress on stderr: a bar too, on a terminal
    try:
        _ingest_batches(batches, table, cat, rules, spark, say, force, mode_asked, input_format, master, reports,
                        terms)
    finally:
        progress_bars.reset(bars)
    return reports


def _ingest_batches(batches, table, cat, rules, spark, say, force, mode_asked, input_format, master,
                    reports: list, terms=None) -> None:
    from widen.sources import batch_files, fingerprint

    mode = None
    for number, batch in enumerate(batches, start=1):
        started = time.perf_counter()
        report = BatchReport(batch, mode=mode or "")
        every = _unique([fingerprint(f) for f in batch_files(batch, input_format)], say if not force else None)
        prints = every
        tbl = _load(cat, table)
        if tbl is not None and not force:
            absorbed = read_ledger(tbl).files
            report.already = [fp.path for fp in prints if fp.sha256 in absorbed]
            prints = [fp for fp in prints if fp.sha256 not in absorbed]
            if report.already and not prints:
                where = "; ".join(dict.fromkeys(absorbed[fp.sha256].where() for fp in every))
                say(f"batch {number} ({batch}): already ingested ({where}); "
                    "nothing to do (--force ingests it again)")
                reports.append(report)
                continue
            if report.already:
                say(f"batch {number}: {len(report.already)} file(s) already ingested, skipped: "
                    + ", ".join(report.already[:5]) + (" ..." if len(report.already) > 5 else ""))
        report.files = len(prints)
        # files with no bytes hold no line: recorded in the ledger (a replay is skipped), no Spark job for them
        empty = input_format == "json" and all(fp.size == 0 for fp in prints)
        if spark is None and not empty:
            from widen.session import spark_session

            t0 = time.perf_counter()
            spark = spark_session(master=master)
            say(f"spark: session ready in {time.perf_counter() - t0:.1f}s")
        if mode is None and spark is not None:  # resolved once, at the first batch Spark reads
            mode = resolve_mode(rules, mode_asked, spark, say)
        report.mode = mode or resolve_mode(rules, mode_asked)
        say(f"batch {number} ({batch}): reading {len(prints)} file{'s' if len(prints) != 1 else ''}"
            + (f" (mode {report.mode})" if report.mode != "evolve" else "") + (" (empty)" if empty else ""))
        while prints:
            try:
                with session_settings(spark) if spark is not None else contextlib.nullcontext():
                    if empty:
                        source = _Source.empty()
                    elif input_format == "json":
                        source = _Source.json_lines(read_lines(spark, [fp.path for fp in prints]))
                    else:
                        source = _Source.typed(_read_parquet(spark, [fp.path for fp in prints], batch))
                    _ingest_batch(cat, table, rules, report.mode, batch, prints, report, force,
                                  lambda t: say(f"batch {number}: {t}"), source, partition_by=terms)
                break
            except _Absorbed as absorbed:  # another writer committed some of these files meanwhile
                report.already += [fp.path for fp in absorbed.files]
                prints = [fp for fp in prints if fp not in absorbed.files]
                report.files = len(prints)
                say(f"batch {number}: another writer ingested {len(absorbed.files)} of these files meanwhile; "
                    + (f"again with the other {len(prints)}" if prints else "nothing left to do"))
        report.seconds = time.perf_counter() - started
        say(_batch_line(number, report))
        reports.append(report)


def _batch_line(number: int, report: BatchReport) -> str:
    """What a batch wrote, on one line."""
    return (
        f"batch {number}: {report.records} records, {report.values} values written, "
        f"{len(report.fields_added)} field{'s' if len(report.fields_added) != 1 else ''} added, "
        f"{report.rescued} line{'s' if report.rescued != 1 else ''} rescued ({report.seconds:.1f}s"
        + (f", {report.attempts} commit attempts" if report.attempts > 1 else "")
        + (", commit found after a lost acknowledgement" if report.recovered else "") + ")"
    )


def write(
    df,
    table: str,
    *,
    rules=None,
    mode: str | None = None,
    json_column: str | None = None,
    catalog: str | None = None,
    warehouse: str = "warehouse",
    progress: Callable[[str], None] | None = None,
    batch: str = "<dataframe>",
    summary: dict[str, str] | None = None,
    source_column: str | None = None,
    rescued_done: bool = False,
    partition_by: str | None = None,
) -> BatchReport:
    """Write one DataFrame to ``table`` through the engine, as one batch and one commit.

    A typed DataFrame (any Parquet-like columns) is observed from its schema; with ``json_column``, each row's
    column holds one JSON document, observed and routed like a JSON line (those that are not JSON objects go to
    ``<table>__rescued``, with ``source_column``'s value as their source when given; ``rescued_done``: they were
    committed already, by an earlier attempt). ``mode`` as for :func:`ingest`; ``summary`` adds entries to the
    snapshot summaries (the table's and the rescued table's); ``partition_by`` as for :func:`ingest`. Returns the
    batch's :class:`BatchReport`.

    >>> import tempfile, widen
    >>> spark = widen.spark_session()
    >>> warehouse = tempfile.mkdtemp()
    >>> quiet = lambda message: None
    >>> df = spark.createDataFrame([('{"price": 10}',), ('{"price": "n/a"}',)], "value string")
    >>> write(df, "db.prices", json_column="value", warehouse=warehouse, progress=quiet).fields_added
    ['price', 'price_long']
    >>> typed = spark.sql("SELECT CAST(7 AS int) AS price")  # an int is a long: price_long, and price as text
    >>> report = write(typed, "db.prices", warehouse=warehouse, progress=quiet)
    >>> report.records, report.fields_added
    (1, [])
    """
    from pyspark.sql import functions as F

    from widen.partitioning import check_asked, parse_partition_by
    from widen.rules.loader import load_rules

    terms = parse_partition_by(partition_by) if partition_by is not None else None
    say = progress or (lambda text: print(text, file=sys.stderr))
    rules = rules or load_rules()
    cat = _open_table_catalog(table, catalog, warehouse)
    check_asked(terms, _load(cat, table), table)
    spark = df.sparkSession
    mode = resolve_mode(rules, mode, spark, say)
    report = BatchReport(batch, mode=mode)
    started = time.perf_counter()
    with session_settings(spark):
        if json_column is not None:
            origin = F.col(source_column).cast("string") if source_column else F.lit(batch)
            lines = df.select(F.col(json_column).cast("string").alias("value"), origin.alias("source"),
                              F.lit(None).cast("int").alias("line"))
            source = _Source.json_lines(lines)
        else:
            source = _Source.typed(df)
        _ingest_batch(cat, table, rules, mode, batch, [], report, True, lambda t: say(f"{batch}: {t}"), source,
                      summary, rescued_done, partition_by=terms)
    report.seconds = time.perf_counter() - started
    return report


class _Absorbed(Exception):
    """Some of the batch's files were committed by another writer while we worked on them."""

    def __init__(self, files: list[Fingerprint]):
        super().__init__(f"{len(files)} file(s) absorbed by another writer")
        self.files = files


def _unique(prints: list[Fingerprint], say) -> list[Fingerprint]:
    """One file per content: a second copy in the same batch would be the same records twice."""
    if say is None:
        return prints
    seen: dict[str, Fingerprint] = {}
    for fp in prints:
        if fp.sha256 in seen:
            say(f"{fp.path} has the same content as {seen[fp.sha256].path}: skipped (--force keeps both)")
            continue
        seen[fp.sha256] = fp
    return list(seen.values())


def _read_parquet(spark, paths: list[str], batch: str):
    """A batch of Parquet files as one typed DataFrame: the files' schemas merged (a column only some files have
    reads as null in the others), never one file's schema for all (Spark's default drops the other columns)."""
    try:
        return spark.read.option("mergeSchema", "true").parquet(*[str(Path(p).resolve()) for p in paths])
    except Exception as exc:
        if type(exc).__name__ not in ("AnalysisException", "SparkException", "Py4JJavaError"):
            raise
        first = str(exc).splitlines()[0][:300]
        raise InputError(f"batch {batch}: its Parquet files have schemas Spark cannot merge ({first}); ingest them "
                         "as separate batches, one schema each") from None


class _Source:
    """One batch's data: JSON lines (``value``, ``source``, ``line``; observed in Spark) or a typed DataFrame
    (observed from its schema)."""

    def __init__(self, lines=None, frame=None):
        self.lines, self.frame = lines, frame
        self.columns = None
        self.parsed = None
        self.observations = None
        self.records = None

    @property
    def spark(self):
        data = self.lines if self.lines is not None else self.frame
        return data.sparkSession if data is not None else None

    @classmethod
    def empty(cls) -> "_Source":
        """A batch of files with no bytes: no line, nothing for Spark to read."""
        return cls()

    @classmethod
    def json_lines(cls, lines) -> "_Source":
        return cls(lines=lines)

    @classmethod
    def typed(cls, frame) -> "_Source":
        from widen.compiler.spark_typed import typed_columns

        source = cls(frame=frame)
        source.columns = typed_columns(frame.schema)
        return source

    def observe(self, rules) -> None:
        if self.lines is None and self.frame is None:
            from widen.engine.observe import Observations

            self.observations = Observations()
        elif self.lines is not None:
            from pyspark.sql import functions as F

            from widen.compiler.spark_observe import observe_dataframe

            self.observations, self.parsed = observe_dataframe(self.lines, rules)
            self.records = self.parsed.filter(F.col("reason").isNull())
        else:
            from widen.engine.observe import Observations

            self.records = self.frame
            self.observations = Observations(records=self.frame.count())

    def observations_for(self, rules):
        """The batch's observations under (instantiated) rules: a typed batch is observed from its schema."""
        if self.columns is None:
            return self.observations
        from widen.engine.typed import observe_typed

        return observe_typed(self.columns, rules, self.observations.records)

    def compile(self, p, rules):
        if self.columns is None:
            from widen.compiler.spark import compile_plan

            return compile_plan(p, rules, storage=self.observations.storage)
        from widen.compiler.spark_typed import compile_typed

        return compile_typed(p, rules, self.frame.schema)

    def release(self) -> None:
        if self.parsed is not None:
            self.parsed.unpersist()


@dataclass
class _Planned:
    rules: object
    plan: object
    target: object
    hints: dict
    replace: bool
    observations: object


def _plan_batch(tbl, rules, mode: str, source: _Source, batch: str) -> _Planned:
    """Plan the batch against the table in the mode; raises :class:`SchemaMismatch` when the mode refuses it."""
    from widen.compiler.iceberg import from_iceberg, iceberg_primitives, read_hints, to_iceberg
    from widen.engine.planner import plan
    from widen.engine.schema import TableSchema
    from widen.engine.typed import rules_for

    from pyiceberg.schema import Schema

    current = tbl.schema() if tbl is not None else Schema()
    properties = tbl.properties if tbl is not None else {}
    format_version = tbl.format_version if tbl is not None else 2
    instance = rules_for(rules, source.columns or (), iceberg_primitives(current))
    effective = effective_mode(mode, bool(current.fields))
    r = instance.with_mode(effective)
    observations = source.observations_for(r)
    replace = mode == "overwrite" and bool(current.fields)
    if effective == "overwrite":
        table_schema = TableSchema()
    else:
        table_schema = from_iceberg(current, r, read_hints(properties))
    p = plan(table_schema, observations, r, format_version=format_version)
    check(p, table_schema, observations, r, batch, format_version, shown_mode=mode)
    hints: dict[str, str] = {}
    target = to_iceberg(p.schema, r, current, hints=hints)
    return _Planned(r, p, target, hints, replace, observations)


def _ingest_batch(cat, table, rules, mode, batch, prints: list[Fingerprint], report: BatchReport, force, say,
                  source: _Source, summary: dict[str, str] | None = None, rescued_done: bool = False,
                  partition_by=None):
    from pyspark.sql import functions as F

    with _timed(report, "observe"), spark_progress(source.spark, f"{Path(str(batch)).name}: observing"):
        source.observe(rules)
    try:
        observations = source.observations
        report.records, report.rescued, report.empty_names = (
            observations.records, observations.rescued_count, observations.empty_names
        )
        say(f"observed {observations.records} records, {observations.rescued_count} rescued")
        # a batch the mode refuses writes nothing — its rescued lines neither, nor a new table
        with _timed(report, "plan"):
            _plan_batch(_load(cat, table), rules, mode, source, batch)
        if observations.rescued_count and not rescued_done:
            with _timed(report, "rescued"):
                _write_rescued(cat, table, source.parsed.filter(F.col("reason").isNotNull()), batch, prints, force,
                               summary)
        checkpoint("after-rescued")
        _commit_batch(cat, table, rules, mode, source, batch, prints, report, force, say, summary, partition_by)
    finally:
        source.release()


def _commit_batch(cat, table, rules, mode, source: _Source, batch, prints, report: BatchReport, force, say,
                  summary_extra: dict[str, str] | None = None, partition_by=None) -> None:
    """Plan, write and commit one batch; on a conflict, reload, re-plan (rewriting the files only when the
    projection changed) and retry with a new transaction. ``partition_by``: the terms of the spec a table gets with
    its first columns (:mod:`widen.partitioning`)."""
    from widen.compiler.iceberg import TYPES_PROPERTY, hint_ids, read_hints
    from widen.partitioning import add_spec, data_files, layout, replaced_columns, source_paths, spec_layout

    records = source.records
    commit_id = uuid.uuid4().hex
    written: list[str] = []
    written_key = None
    # files are deleted only when the commit is known not to have landed (else `widen gc` finds them later)
    may_have_landed = False
    try:
        for attempt in range(1, MAX_ATTEMPTS + 1):
            report.attempts = attempt
            tbl = _load_or_create(cat, table)
            absorbed = read_ledger(tbl)
            if _snapshot_with(tbl, commit_id) is not None or absorbed.has_commit(commit_id):
                # an earlier attempt landed after all
                report.recovered = True
                written = []
                _finish(cat, table, commit_id, report)
                return
            may_have_landed = False
            if not force:
                taken = [fp for fp in prints if fp.sha256 in absorbed.files]
                if taken:
                    raise _Absorbed(taken)
            current = tbl.schema()
            with _timed(report, "plan"):
                planned = _plan_batch(tbl, rules, mode, source, batch)
            p, target, observations = planned.plan, planned.target, planned.observations
            report.fields_added = [".".join(a.parent + (a.column.name,)) for a in p.additions]
            report.promoted = [str(pr) for pr in p.promotions]
            creating = partition_by if not current.fields and tbl.spec().is_unpartitioned() else None
            fields = (layout(creating, target) if creating
                      else spec_layout(tbl, target, planned.replace) if not tbl.spec().is_unpartitioned()
                      else [])
            if observations.records:
                with _timed(report, "write"), spark_progress(source.spark, f"{Path(str(batch)).name}: writing"):
                    compiled = source.compile(p, planned.rules)
                    key = (compiled.key, tuple((f.name, str(f.transform), f.path) for f in fields))
                    if key != written_key:
                        if written:
                            say("the table changed under us and so did the projection: rewriting the batch's files")
                        _delete(tbl, written)
                        written, written_key = [], None
                        data_dir = f"{tbl.location().rstrip('/')}/data/widen-{uuid.uuid4().hex}"
                        _write_parquet(records.transform(compiled), data_dir, fields)
                        written, written_key = _list_files(data_dir, ".parquet"), key
            checkpoint("after-write")
            summary = {
                "widen.commit-id": commit_id,
                "widen.batch": str(batch),
                "widen.files": json.dumps([fp.entry() for fp in prints], separators=(",", ":")),
                "widen.records": str(observations.records),
                "widen.rescued": str(observations.rescued_count),
                "widen.fields-added": ",".join(report.fields_added),
                "widen.mode": mode,
                **(summary_extra or {}),
            }
            try:
                may_have_landed = True
                with _timed(report, "commit"), tbl.transaction() as tx:
                    partitioned = not tbl.spec().is_unpartitioned()
                    if planned.replace:  # overwrite: the old columns go, the batch's come, the old data goes;
                        # a partition source stays (spec_layout checked the batch has it, of the same type)
                        kept = source_paths(tbl) if partitioned else set()
                        with tx.update_schema(allow_incompatible_changes=True) as update:
                            for path in replaced_columns(current, kept):
                                update.delete_column(path)
                        tx.update_schema().union_by_name(target).commit()
                    elif p.changes_schema or not current.fields:
                        tx.update_schema().union_by_name(target).commit()
                    if creating:  # the spec comes with the columns it partitions by
                        add_spec(tx, creating)
                    # the hints name columns by their full names: their ids are those the schema update gave
                    hints = hint_ids(tx.table_metadata.schema(), planned.hints)
                    if hints != read_hints(tbl.properties):
                        tx.set_properties({TYPES_PROPERTY: json.dumps({str(k): v for k, v in hints.items()},
                                                                      sort_keys=True)})
                    if planned.replace and tbl.current_snapshot() is not None:
                        _overwrite_files(tx, tbl, written, summary, fields)  # one snapshot: old out, new in
                    elif written and fields:
                        _append_files(tx, data_files(tx.table_metadata, tbl.io, written, fields), summary)
                    elif written:
                        # new files in a directory of this attempt's own: the duplicate check (a read of every
                        # manifest of the table) cannot find one
                        tx.add_files(written, snapshot_properties=summary, check_duplicate_files=False)
                    # the ledger commits with the data, in this transaction (also for a batch with no records)
                    record_ledger(tx, tbl, absorbed, prints, batch=str(batch), commit_id=commit_id,
                                  summary=summary, replace=planned.replace)
            except Exception as exc:
                landed = _landed(cat, table, commit_id)  # raises CommitUnknown when the table cannot be read
                if landed is None:
                    may_have_landed = False
                if landed is not None:
                    report.recovered = True
                    say(f"the catalog reported {type(exc).__name__} but the commit landed (snapshot {landed})")
                elif not (_retryable(exc) or _changed(cat, table, tbl)) or attempt == MAX_ATTEMPTS:
                    raise
                else:
                    delay = _backoff(attempt)
                    say(f"commit conflict ({type(exc).__name__}: {str(exc).splitlines()[0][:120]}); "
                        f"reloading the table and retrying in {delay:.1f}s (attempt {attempt + 1}/{MAX_ATTEMPTS})")
                    time.sleep(delay)
                    continue
            written = []  # committed: they belong to the table now
            checkpoint("after-commit")
            _finish(cat, table, commit_id, report)
            return
    finally:
        if written and not may_have_landed:  # never committed: remove them (else `widen gc` lists them)
            _delete(_load(cat, table), written)


def _overwrite_files(tx, tbl, written: list[str], summary: dict[str, str], fields) -> None:
    """One ``overwrite`` snapshot that removes every data file of the table's current snapshot and adds
    ``written`` (readers of the table's history see one change, not a delete and then an append)."""
    from pyiceberg.table import _parquet_files_to_data_files

    from widen.partitioning import data_files

    added = (data_files(tx.table_metadata, tbl.io, written, fields) if fields
             else _parquet_files_to_data_files(tx.table_metadata, written, tbl.io))
    with tx.update_snapshot(snapshot_properties=summary).overwrite() as overwrite:
        for task in tbl.scan().plan_files():
            overwrite.delete_data_file(task.file)
        for data_file in added:
            overwrite.append_data_file(data_file)


def _append_files(tx, files: list, summary: dict[str, str]) -> None:
    """Append data files built here (a partitioned table's: pyiceberg's ``add_files`` infers partition values from
    column bounds, which a bucket or a long string cannot give), as ``add_files`` does: a name mapping for Spark's
    files (they carry no field ids), the table's choice of merged or fast append."""
    metadata = tx.table_metadata
    if metadata.name_mapping() is None:
        tx.set_properties(**{"schema.name-mapping.default": metadata.schema().name_mapping.model_dump_json()})
    merged = metadata.properties.get("commit.manifest-merge.enabled", "false").lower() == "true"
    snapshot = tx.update_snapshot(snapshot_properties=summary)
    with (snapshot.merge_append() if merged else snapshot.fast_append()) as append:
        for data_file in files:
            append.append_data_file(data_file)


def _finish(cat, table: str, commit_id: str, report: BatchReport) -> None:
    tbl = cat.load_table(table)
    snap = _snapshot_with(tbl, commit_id)
    report.snapshot_id = snap.snapshot_id if snap else None
    report.values = _values_written(tbl, report.snapshot_id) if snap is not None and report.snapshot_id else 0


#: Spark settings an ingest needs, set for the batch and restored after it (a user's session may differ):
#: microsecond Parquet timestamps in UTC; Iceberg names are case-sensitive (`Foo` and `foo` are two columns), and the analyzer needs more than its
#: default 100 passes to resolve the nested lambdas of values nested a dozen levels deep
SESSION_SETTINGS = {
    "spark.sql.caseSensitive": "true",
    # Iceberg timestamps are microseconds (Spark's default Parquet output is INT96), read and written in UTC
    "spark.sql.parquet.outputTimestampType": "TIMESTAMP_MICROS",
    "spark.sql.session.timeZone": "UTC",
    "spark.sql.analyzer.maxIterations": "2000",
    "spark.sql.optimizer.maxIterations": "2000",
    # the parsed lines are cached for the observer's jobs: uncompressed, they are built and read back faster
    # (parse + cache of 200k lines 4.9-8.1 s against 5.5-11.3 s compressed, a scan 0.6-0.7 s against 0.8-1.4 s);
    # the cache spills to disk rather than fail when memory is short
    "spark.sql.inMemoryColumnarStorage.compressed": "false",
    # a table's data directories hold only the files Iceberg references: no `_SUCCESS` marker, no `.crc`
    # checksums of the local file system (SQL settings reach the Hadoop configuration of Spark's writes)
    "mapreduce.fileoutputcommitter.marksuccessfuljobs": "false",
    "fs.file.impl": "org.apache.hadoop.fs.RawLocalFileSystem",
    "fs.file.impl.disable.cache": "true",
}


@contextlib.contextmanager
def session_settings(spark):
    conf = spark.conf
    before = {k: conf.get(k, None) for k in SESSION_SETTINGS}
    for k, v in SESSION_SETTINGS.items():
        conf.set(k, v)
    try:
        yield
    finally:
        for k, v in before.items():
            if v is None:
                conf.unset(k)
            else:
                conf.set(k, v)


@contextlib.contextmanager
def _timed(report: BatchReport, phase: str):
    started = time.perf_counter()
    try:
        yield
    finally:
        report.phases[phase] = report.phases.get(phase, 0.0) + time.perf_counter() - started


def _write_parquet(df, data_dir: str, fields=()) -> None:
    """The batch's Parquet files; a partitioned table's one directory per partition (:mod:`widen.partitioning`)."""
    if not fields:
        df.write.mode("error").parquet(data_dir)
        return
    from widen.partitioning import with_partition_columns

    df, names = with_partition_columns(df, fields)
    df.write.mode("error").partitionBy(*names).parquet(data_dir)


def _backoff(attempt: int) -> float:
    """Seconds to wait after failed attempt ``attempt`` (1-based): doubling, with jitter so writers spread out."""
    return BACKOFF_SECONDS * (2 ** (attempt - 1)) * (0.5 + random.random())


def _retryable(exc: Exception) -> bool:
    """A conflict with another writer: Iceberg's optimistic check, or the catalog database being busy."""
    from pyiceberg.exceptions import CommitFailedException, CommitStateUnknownException, TableAlreadyExistsError

    if isinstance(exc, (CommitFailedException, CommitStateUnknownException, TableAlreadyExistsError)):
        return True
    try:
        from sqlalchemy.exc import OperationalError  # the SQL catalog's database (pyiceberg[sql-sqlite])
    except ImportError:
        return False
    text = str(exc).lower()
    return isinstance(exc, OperationalError) and ("locked" in text or "busy" in text)


def _changed(cat, table: str, tbl) -> bool:
    """Another writer committed since ``tbl`` was loaded: whatever our commit raised (pyiceberg's own retry of a
    stale schema change raises ValueError), it was a conflict."""
    try:
        now = _load(cat, table)
    except Exception:
        return False
    return now is not None and now.metadata_location != tbl.metadata_location


#: pyiceberg's own commit retry off (Widen retries itself, re-planning against the new schema: pyiceberg's would
#: replay a schema change planned against the old schema, and a stale ledger property); manifests
#: merged on append (Iceberg's Java default; pyiceberg's is off): with fast appends alone every batch adds a manifest
#: that every later commit and scan reads, so commit time grew with the table's history
RETRIES = "commit.retry.num-retries"
TABLE_PROPERTIES = {RETRIES: "0", "commit.manifest-merge.enabled": "true"}


def _load(cat, table: str):
    from pyiceberg.exceptions import NoSuchTableError

    try:
        return cat.load_table(table)
    except NoSuchTableError:
        return None


def _load_or_create(cat, table: str):
    """The table, created with no columns if it does not exist (its columns arrive with its first data, in one
    commit); a table another process created first is loaded."""
    from pyiceberg.exceptions import TableAlreadyExistsError
    from pyiceberg.schema import Schema

    tbl = _load(cat, table)
    if tbl is not None:
        return _no_library_retries(tbl)
    try:
        return cat.create_table(table, schema=Schema(), properties=TABLE_PROPERTIES)
    except TableAlreadyExistsError:
        return cat.load_table(table)
    except Exception as exc:
        if _retryable(exc):
            time.sleep(BACKOFF_SECONDS)
            return _load_or_create(cat, table)
        raise


def _no_library_retries(tbl):
    """A table another tool created keeps pyiceberg's own commit retry, which would replay our transaction's ledger
    property, built from the ledger we read, over another writer's: switch it off first, in a commit of its own
    (Widen retries itself, against the reloaded table)."""
    if tbl.properties.get(RETRIES) == "0":
        return tbl
    with tbl.transaction() as tx:
        tx.set_properties({RETRIES: "0"})
    return tbl.refresh()


def ledger(tbl) -> dict[str, int | None]:
    """The files the table has absorbed: SHA-256 -> the snapshot that added them (which may since have expired),
    from the table's ledger (:mod:`widen.ledger`)."""
    return {sha: e.snapshot_id for sha, e in read_ledger(tbl).files.items()}


def snapshot_where(tbl, properties: dict[str, str]):
    """The newest snapshot of the table's current history whose summary has all of ``properties``, or None."""
    from pyiceberg.table.snapshots import ancestors_of

    current = tbl.current_snapshot()
    if current is None:
        return None
    for snap in ancestors_of(current, tbl.metadata):
        summary = snap.summary.additional_properties if snap.summary else {}
        if all(summary.get(k) == v for k, v in properties.items()):
            return snap
    return None


def _snapshot_with(tbl, commit_id: str):
    return snapshot_where(tbl, {"widen.commit-id": commit_id})


def _landed(cat, table: str, commit_id: str) -> int | None:
    """The snapshot our commit created, if it landed after all (a lost acknowledgement); None when it did not.
    Raises :class:`CommitUnknown` when the table cannot be read to tell (its files are then kept)."""
    tbl = None
    for attempt in range(MAX_ATTEMPTS):
        try:
            tbl = _load(cat, table)
            break
        except Exception as exc:
            if not _retryable(exc) or attempt == MAX_ATTEMPTS - 1:
                raise CommitUnknown(
                    f"{table}: the commit failed and the table cannot be read to tell whether it landed "
                    f"({type(exc).__name__}: {exc}); run the same command again (a landed batch is skipped) and "
                    "`widen gc` later for files of a commit that did not land"
                ) from exc
            time.sleep(BACKOFF_SECONDS * (2 ** attempt))
    snap = _snapshot_with(tbl, commit_id) if tbl is not None else None
    if snap is None and tbl is not None and read_ledger(tbl).has_commit(commit_id):
        # it landed, and its snapshot has already expired (the ledger still names the commit)
        return tbl.current_snapshot().snapshot_id if tbl.current_snapshot() else 0
    return snap.snapshot_id if snap is not None else None


def _filesystem(uri: str):
    from pyarrow import fs

    return fs.FileSystem.from_uri(uri)


def _list_files(directory: str, suffix: str = "") -> list[str]:
    """Files under a directory URI (recursively), as URIs; [] when it does not exist."""
    from pyarrow import fs

    filesystem, path = _filesystem(directory)
    infos = filesystem.get_file_info(fs.FileSelector(path, recursive=True, allow_not_found=True))
    prefix = directory[: len(directory) - len(path)] if directory.endswith(path) else ""
    return sorted(prefix + i.path for i in infos if i.type == fs.FileType.File and i.path.endswith(suffix))


def _delete(tbl, files: list[str]) -> None:
    for f in files:
        try:
            tbl.io.delete(f) if tbl is not None else None
        except Exception:  # already gone; `widen gc` lists whatever is left
            pass


def _values_written(tbl, snapshot_id) -> int:
    """Non-null values in the files the snapshot added, from the manifests' column metrics."""
    snapshot = tbl.snapshot_by_id(snapshot_id)
    total = 0
    for manifest in snapshot.manifests(tbl.io):
        if manifest.added_snapshot_id != snapshot_id:
            continue
        for entry in manifest.fetch_manifest_entry(tbl.io):
            df = entry.data_file
            values = df.value_counts or {}
            nulls = df.null_value_counts or {}
            total += sum(values.get(k, 0) - nulls.get(k, 0) for k in values)
    return total


def _write_rescued(cat, table: str, bad, batch: str, prints: list[Fingerprint], force: bool,
                   extra: dict[str, str] | None = None) -> None:
    """Append the batch's rescued lines (the parsed frame's rows with a reason) to ``<table>__rescued``, with the
    batch's files in its own ledger (a re-run after a crash does not rescue them twice)."""
    from pyiceberg.schema import Schema
    from pyiceberg.types import BinaryType, IntegerType, NestedField, StringType
    from pyspark.sql import functions as F

    name = table + RESCUED_SUFFIX
    schema = Schema(
        NestedField(1, "batch", StringType(), required=False),
        NestedField(2, "source", StringType(), required=False),
        NestedField(3, "line", IntegerType(), required=False),
        NestedField(4, "reason", StringType(), required=False),
        NestedField(5, "raw", StringType(), required=False,
                    doc="the line as text (invalid UTF-8 sequences replaced by U+FFFD: raw_bytes has the bytes)"),
        NestedField(6, "raw_bytes", BinaryType(), required=False, doc="the line's bytes, when not valid UTF-8"),
    )
    from pyiceberg.exceptions import TableAlreadyExistsError

    tbl = _load(cat, name)
    if tbl is None:
        try:
            tbl = cat.create_table(name, schema=schema, properties=TABLE_PROPERTIES)
        except TableAlreadyExistsError:
            tbl = cat.load_table(name)
    every_bad = bad
    if not force:
        absorbed = ledger(tbl)
        prints = [fp for fp in prints if fp.sha256 not in absorbed]
        if not prints:
            return
        bad = bad.filter(F.col("source").isin([fp.path for fp in prints]))
    valid = F.is_valid_utf8(F.col("value"))
    out = bad.select(F.lit(str(batch)).alias("batch"), "source", "line", "reason",
                     F.make_valid_utf8(F.col("value")).alias("raw"),
                     F.when(~valid, F.col("value").cast("binary")).alias("raw_bytes"))
    data_dir = f"{tbl.location().rstrip('/')}/data/widen-{uuid.uuid4().hex}"
    out.coalesce(1).write.parquet(data_dir)
    files = _list_files(data_dir, ".parquet")
    commit_id = uuid.uuid4().hex
    summary = {"widen.commit-id": commit_id, "widen.batch": str(batch),
               "widen.files": json.dumps([fp.entry() for fp in prints], separators=(",", ":")), **(extra or {})}
    for attempt in range(1, MAX_ATTEMPTS + 1):
        tbl = _no_library_retries(cat.load_table(name))
        absorbed = read_ledger(tbl)
        if _snapshot_with(tbl, commit_id) is not None:
            return
        if not force and any(fp.sha256 in absorbed.files for fp in prints):
            # another writer rescued some of these files first: ours are dropped, the rest written again
            _delete(tbl, files)
            return _write_rescued(cat, table, every_bad, batch, prints, force, extra)
        try:
            with tbl.transaction() as tx:
                tx.add_files(files, snapshot_properties=summary, check_duplicate_files=False)
                record_ledger(tx, tbl, absorbed, prints, batch=str(batch), commit_id=commit_id, summary=summary)
            return
        except Exception as exc:
            if _landed(cat, name, commit_id) is not None:
                return
            if not (_retryable(exc) or _changed(cat, name, tbl)) or attempt == MAX_ATTEMPTS:
                _delete(tbl, files)
                raise
            time.sleep(_backoff(attempt))


def orphan_files(tbl, older_than_seconds: float = 3600.0, without: frozenset[int] = frozenset()) -> list[str]:
    """Parquet files Widen wrote under the table's ``data/widen-*`` directories that no snapshot references
    (the files of a commit that never happened: a killed ingest), older than the given age (a younger file may
    belong to an ingest still running). ``without``: snapshot ids to leave out, as if expired (what
    ``widen maintain --dry-run`` would delete)."""
    from pyarrow import fs

    referenced = set()
    for snap in tbl.snapshots():
        if snap.snapshot_id in without:
            continue
        for manifest in snap.manifests(tbl.io):
            for entry in manifest.fetch_manifest_entry(tbl.io, discard_deleted=False):
                referenced.add(_normal(entry.data_file.file_path))
    data = f"{tbl.location().rstrip('/')}/data"
    filesystem, path = _filesystem(data)
    infos = filesystem.get_file_info(fs.FileSelector(path, recursive=True, allow_not_found=True))
    prefix = data[: len(data) - len(path)] if data.endswith(path) else ""
    now = time.time()
    out = []
    for info in infos:
        if info.type != fs.FileType.File or not info.path.endswith(".parquet") or "/widen-" not in info.path:
            continue
        uri = prefix + info.path
        age = now - info.mtime.timestamp() if info.mtime is not None else float("inf")
        if _normal(uri) not in referenced and age >= older_than_seconds:
            out.append(uri)
    return sorted(out)




__all__ = ["BatchReport", "MAX_ATTEMPTS", "SchemaMismatch", "ingest", "write", "ledger", "open_catalog", "orphan_files", "read_lines", "WidenError"]
