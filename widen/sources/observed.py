"""How a batch is observed: by the native pass (plain, or projected), or by the Spark observer
(:mod:`widen.compiler.spark_observe`), and what the write needs to know of which observed it (:class:`Observed`).
Which of them runs is the chooser's (:class:`widen.sources.engines.Chooser`)."""

from __future__ import annotations

import dataclasses
import time
import uuid
from dataclasses import dataclass

import pyarrow as pa
from pyspark.sql import DataFrame, Observation
from pyspark.sql import functions as F
from pyspark.sql.types import StringType

from widen.compiler.spark_keys import without_keys
from widen.compiler.spark_observe import NeedsChecks, SparkObserver, parse_records
from widen.engine.observe import RESCUED_EXAMPLES, Observations, Rescued
from widen.jvm import observed as observe_natively  # noqa: F401 (the chooser calls it from here)
from widen.rules.model import Rules
from widen.settings import debug
from widen.sources.changes import tombstones, unwrapped, with_reasons
from widen.sources.spark_read import FileLines


def _debug(message: str) -> None:
    debug("observe", message)


def _placed(observations: Observations, files) -> Observations:
    """The native pass's rescued examples of unnumbered lines (:meth:`FileLines.by_split`) with their file's path and
    line number, in that order (as the Spark observer orders them)."""
    rescued = sorted((Rescued(*files.place(r.source, r.line), r.reason, r.raw) for r in observations.rescued),
                     key=lambda r: (r.source, r.line))
    return dataclasses.replace(observations, rescued=tuple(rescued))


@dataclass
class Observed:
    """A batch observed (:meth:`widen.sources.engines.Chooser.observe_lines`): its observations; the lines as the write reads them (``parsed``:
    ``reason`` null for a record); whether the native pass observed it (``native``) and the native router may write
    it (``plain``: every line the pass read, and every line it rescued kept: ``skip`` has their ids, which the
    router leaves out, and ``rescued`` the rescued lines as a frame for the rescued table); and why not, when not
    (``why``)."""

    observations: Observations
    parsed: DataFrame
    plain: bool = False
    native: bool = False
    why: str = ""
    skip: tuple = ()
    #: the rescued lines the native pass kept, on the driver (an Arrow table: ``source``, ``line``, ``reason``,
    #: ``value``, the line's bytes), or None
    rescued: object = None
    #: some line needs the parser's per-line checks were the batch written by the compiled projection
    checks: bool = False

    def rescued_frame(self):
        """The rescued lines (``source``, ``line``, ``reason``, ``value``): the Arrow table the native pass kept, else
        the parsed lines' rows with a reason (a DataFrame)."""
        return self.rescued if self.rescued is not None else self.parsed.filter(F.col("reason").isNotNull())


def _rescued_rows(spark, result, files) -> tuple[tuple, "object | None"]:
    """(their ids, an Arrow table of them: ``source``, ``line``, ``reason``, ``value`` (the line's bytes)) for the
    lines the native pass rescued and kept, placed in their files when the batch is a batch's files; the rescued
    table's file is written from it on the driver (:func:`widen.sink.rescued.write_rescued`), with no Spark job."""
    if not result.rescued:
        return (), None
    rows = []
    for source, line, reason, raw in result.rescued:
        number = None
        if files is not None:
            source, number = files.place(source, line)
        rows.append((source, number, reason, raw))
    columns = list(zip(*rows))
    table = pa.table([pa.array(columns[0], pa.string()), pa.array(columns[1], pa.int32()),
                      pa.array(columns[2], pa.string()), pa.array(columns[3], pa.binary())],
                     names=["source", "line", "reason", "value"])
    return tuple(line for _, line, _, _ in result.rescued), table


def batch_lines(lines):
    """The lines a pass reads and the batch's files (None for a DataFrame): a batch's files
    (:class:`~widen.sources.spark_read.FileLines`) are read by split, numbered only when some line must be named."""
    files = lines if isinstance(lines, FileLines) else None
    return (files.by_split() if files is not None else lines), files


def unobserved(why: str) -> Observed:
    """Nothing observed (a batch only a plain native pass may observe, which was not plain), and why."""
    return Observed(Observations(), None, why=why)


def natively_projected(lines, result, files, rules: Rules, why: str, key=None, cdc: str | None = None) -> Observed:
    """The native pass's observations of a batch it does not find plain: the compiled projection writes it, parsing
    the lines as it reads them (nothing cached; ``key``: a keyed batch's, whose records without one are rescued
    lines there too; ``cdc``: the records their envelopes hold, :mod:`widen.sources.changes`)."""
    case_merge = rules.policy("case_conflict") == "merge"
    lines = unwrapped(_numbered(lines, files), cdc)
    if files is not None:
        result.observations = _placed(result.observations, files)
    checks = result.needs_checks
    parsed = without_keys(with_reasons(parse_records(lines, case_merge, checked=checks, trailing=checks)), key, rules)
    return Observed(result.observations, parsed, native=True, why=why)


def _numbered(lines, files):
    """The batch's lines numbered (a batch's files: :meth:`FileLines.numbered`), blank ones left out."""
    if files is not None:
        lines = files.numbered()
    return lines.filter(F.trim(F.col("value")) != "")


def natively_plain(lines, result, files) -> Observed:
    """A batch the native pass observed, every rescued line kept: the router reads the text, nothing else, and
    leaves out the lines the pass rescued, which the driver writes to the rescued table (columns, not SQL text:
    FileLines)."""
    observations = result.observations
    if files is not None and observations.rescued:
        files.counted(result.splits)  # (the pass counted each split's lines: no job to place them)
        observations = _placed(observations, files)
    skip, rescued = _rescued_rows(lines.sparkSession, result, files)  # (an Arrow table: no Spark job)
    lines = lines.filter(F.trim(F.col("value")) != F.lit(""))
    return Observed(observations, lines.withColumn("reason", F.lit(None).cast(StringType())), plain=True,
                    native=True, skip=skip, rescued=rescued, checks=result.needs_checks)


def in_spark(lines, files, rules: Rules, why: str, key=None, cdc: str | None = None) -> Observed:
    """The Spark observer's observation of the lines (numbered, blank ones left out; ``key``: a keyed batch's,
    whose records without one are rescued lines: :func:`~widen.compiler.spark_keys.without_keys`; ``cdc``: the
    records their envelopes hold, Kafka tombstones counted and left out: :mod:`widen.sources.changes`)."""
    _t = time.perf_counter()
    counting = Observation(f"widen-tombstones-{uuid.uuid4().hex[:8]}") if cdc else None
    lines = unwrapped(_numbered(lines, files), cdc, counting)
    case_merge = rules.policy("case_conflict") == "merge"
    # the first level's job parses and caches the lines, and counts them; most batches need neither per-line check
    # (numbers VARIANT cannot hold, nesting beyond MAX_NESTING), and the first level's signatures say so
    # (with `case_conflict merge` a collision is a reason the checks' nesting reason comes before, and a line rescued
    # for it is never walked: such rules parse with the checks from the start)
    unchecked = not case_merge
    parsed = without_keys(with_reasons(parse_records(lines, case_merge, checked=not unchecked)), key, rules).cache()
    observer = SparkObserver(rules)
    try:
        level, empty_names = observer.observe(parsed, unchecked=unchecked)
    except NeedsChecks as needs:
        _debug(f"signatures {needs.args[0]} need the per-line checks: parsing again with them")
        parsed.unpersist()
        parsed = without_keys(with_reasons(parse_records(lines, case_merge)), key, rules).cache()
        observer = SparkObserver(rules)
        level, empty_names = observer.observe(parsed)
    bad = parsed.filter(F.col("reason").isNotNull())
    _debug(f"parse + counts + observer: {time.perf_counter() - _t:.2f}s")
    rescued: tuple[Rescued, ...] = ()
    if observer.rescued_lines:  # no job (a sort) when nothing is rescued
        _t = time.perf_counter()
        examples = bad.orderBy("source", "line").select("source", "line", "reason", "value").limit(RESCUED_EXAMPLES)
        rescued = tuple(Rescued(r["source"], r["line"], r["reason"], r["value"]) for r in examples.collect())
        _debug(f"rescued examples: {time.perf_counter() - _t:.2f}s")
    total = observer.lines - observer.rescued_lines
    storage = {key: frozenset(kinds) for key, kinds in observer.storage.items()}
    return Observed(Observations(level, total, empty_names, rescued, observer.rescued_lines - len(rescued),
                                 storage=storage, tombstones=tombstones(counting)), parsed, why=why)
