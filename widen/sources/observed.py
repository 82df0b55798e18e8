"""A batch observed: the native pass when it covers the batch, else the Spark observer
(:mod:`widen.compiler.spark_observe`), and what the write needs to know of which observed it (:class:`Observed`)."""

from __future__ import annotations

import dataclasses
import time
from dataclasses import dataclass

import pyarrow as pa
from pyspark.sql import DataFrame
from pyspark.sql import functions as F
from pyspark.sql.types import StringType

from widen.compiler.spark_observe import NeedsChecks, SparkObserver, parse_records
from widen.engine.observe import RESCUED_ALL_BYTES, RESCUED_ALL_LINES, RESCUED_EXAMPLES, Observations, Rescued
from widen.jvm import observed as observe_natively
from widen.rules.model import Rules
from widen.settings import debug
from widen.sources.spark_read import FileLines


def _debug(message: str) -> None:
    debug("observe", message)


def _placed(observations: Observations, files) -> Observations:
    """The native pass's rescued examples of unnumbered lines (:meth:`FileLines.by_split`) with their file's path and
    line number, in that order (as the Spark observer orders them)."""
    rescued = sorted((Rescued(*files.place(r.source, r.line), r.reason, r.raw) for r in observations.rescued),
                     key=lambda r: (r.source, r.line))
    return dataclasses.replace(observations, rescued=tuple(rescued))


def observe_dataframe(lines: DataFrame, rules: Rules, native: bool = False) -> tuple[Observations, DataFrame]:
    """Observe a batch of lines in Spark: (observations, the parsed lines, cached: ``record`` and ``reason``;
    ``reason`` is null for records). Rescued lines are counted in Spark; at most :data:`RESCUED_EXAMPLES` of them
    reach the driver as examples (all are written by the caller from the returned frame). The caller unpersists
    the frame.

    ``native``: lines that read the same each time (files Widen lists and fingerprints) may be observed by the
    native pass (:mod:`widen.jvm`), which caches nothing: the returned frame then parses them again as it is
    read. A caller's DataFrame is parsed and cached once (its plan may be costly, or not give the same rows twice)."""
    observed = observe_frame(lines, rules, native)
    return observed.observations, observed.parsed


@dataclass
class Observed:
    """A batch observed (:func:`observe_frame`): its observations; the lines as the write reads them (``parsed``:
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


def observe_frame(lines, rules: Rules, native: bool = False, only_plain: bool = False, given=None,
                  why: str = "a DataFrame Widen does not read twice"):
    """:func:`observe_dataframe`, and whether the native pass observed the batch *plain*: every line a record, every
    number as VARIANT holds it (no per-line check), so the native router (:func:`widen.jvm.route`) can write it.
    ``lines`` may be a batch's files (:class:`~widen.sources.spark_read.FileLines`): their lines are numbered only when the
    batch is not plain. ``only_plain``: for a batch the native pass does not observe plain, no other job (an :class:`Observed` without
    ``parsed``, saying why). ``given``: the native pass's (result, why), of a pass already made (one pass: the
    router observed the lines as it wrote them). ``why``: the reason the native pass is not to run, when not
    (:func:`widen.sources.engines.native_gate`)."""
    case_merge = rules.policy("case_conflict") == "merge"
    _t = time.perf_counter()
    files = lines if isinstance(lines, FileLines) else None
    if files is not None:  # a batch's files: numbered only if some line must be named (FileLines.by_split)
        lines = files.by_split()
    # (the pass skips blank lines itself)
    result, why = given if given is not None else observe_natively(lines, rules) if native else (None, why)
    if result is not None:
        _debug(f"native observer: {time.perf_counter() - _t:.2f}s")
    if result is not None and result.rescued is not None:
        return _plain(lines, result, files)
    if result is not None:
        why = (f"{result.observations.rescued_count:,} rescued lines, more than the native router skips "
               f"({RESCUED_ALL_LINES:,} lines, {RESCUED_ALL_BYTES >> 20} MiB)")
    if only_plain:  # (nothing else observed: the caller takes another engine, and says why)
        return Observed(Observations(), None, why=why)
    if files is not None:
        lines = files.numbered()
        if result is not None:
            result.observations = _placed(result.observations, files)
    lines = lines.filter(F.trim(F.col("value")) != "")
    if result is not None:  # one pass in the JVM; the write parses the lines as it reads them (nothing cached)
        checks = result.needs_checks
        return Observed(result.observations, parse_records(lines, case_merge, checked=checks, trailing=checks),
                        native=True, why=why)
    return _spark_observed(lines, rules, why, _t)


def _plain(lines, result, files) -> Observed:
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


def _spark_observed(lines, rules: Rules, why: str, _t: float) -> Observed:
    """The Spark observer's observation of the lines (numbered, blank ones left out)."""
    case_merge = rules.policy("case_conflict") == "merge"
    # the first level's job parses and caches the lines, and counts them; most batches need neither per-line check
    # (numbers VARIANT cannot hold, nesting beyond MAX_NESTING), and the first level's signatures say so
    # (with `case_conflict merge` a collision is a reason the checks' nesting reason comes before, and a line rescued
    # for it is never walked: such rules parse with the checks from the start)
    unchecked = not case_merge
    parsed = parse_records(lines, case_merge, checked=not unchecked).cache()
    observer = SparkObserver(rules)
    try:
        level, empty_names = observer.observe(parsed, unchecked=unchecked)
    except NeedsChecks as needs:
        _debug(f"signatures {needs.args[0]} need the per-line checks: parsing again with them")
        parsed.unpersist()
        parsed = parse_records(lines, case_merge).cache()
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
                                 storage=storage), parsed, why=why)
