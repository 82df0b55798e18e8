"""How a batch runs: the one place that chooses its engine, every fallback after a decline, and the labels a
batch's report gives (``engine``, ``why``).

A JSON batch (files, or a DataFrame of JSON texts) runs on the **native** engine whenever it can: the JVM pass
(``widen/jvm``) observes it in one pass and the native router writes it in a second, the lines the pass rescued
left out and written to the rescued table by the driver. What it does not cover falls to another engine, and the
batch's report (:class:`widen.sink.report.BatchReport` ``engine`` and ``why``, and the batch line) says which and why:

- **native+projection**: the native pass observed the batch, the compiled Spark projection wrote it (a column
  type the router does not build: a float, a zone-less timestamp, binary);
- **spark**: Spark expressions observe the batch (``compiler/spark_observe.py``) and the compiled projection writes
  it: rules the native pass does not cover (:func:`widen.jvm.coverage`; ``widen check`` names the line), a batch
  it declines (a value it does not cover), more rescued lines than it keeps, ``WIDEN_NATIVE=0``, or no jar;
- **driver**: a small batch (files of at most 8 MiB, or a DataFrame's texts as small) that the native engine does
  not take, observed and routed by the reference engine in the driver's Python;
- **typed**: a typed frame (Parquet files, a DataFrame without ``json_column``), observed from its schema and
  written by its compiled projection.

Sources observe and write; they never build another source nor label themselves: they report what the native
passes did (an :class:`~widen.sources.observed.Observed`, a router's "declined, why") to the chooser
(:data:`CHOOSER`) they were made with, which decides what runs next. ``tests/test_engines.py`` holds every engine
to the Python reference, cell for cell.
"""

from __future__ import annotations

import os
from pathlib import Path

from widen import jvm
from widen.engine.observe import RESCUED_ALL_BYTES, RESCUED_ALL_LINES
from widen.sources.driver import DriverLines, driver_rows
from widen.sources.files import SUFFIXES, WATCHED_ROW, WATCHED_SOURCE, driver_batch_bytes
from widen.sources.frames import FrameLines, rereadable
from widen.sources.source import Delegating, JsonLines, Source
from widen.sources.spark_read import FileLines, parquet_parts
from widen.sources.typed import TypedFrame, TypedParts

ENGINES = ("native", "native+projection", "spark", "driver", "typed")


# -- the switches ----------------------------------------------------------------------------------------------

def native_gate(rules) -> str:
    """Why the native pass may not run for ``rules`` (``WIDEN_NATIVE=0``, rules it does not cover), or ''."""
    if not jvm.enabled():
        return "WIDEN_NATIVE=0"
    covered = jvm.coverage(rules)
    return "" if covered.spec is not None else f"the native pass does not cover the rules: {covered.why}"


def one_pass_allowed(source: Source, upsert=None) -> bool:
    """Whether a one pass may be tried for the batch (:mod:`widen.sink.onepass`): ``WIDEN_ONE_PASS`` is not 0, the
    batch is an append (``upsert`` None: a keyed batch is merged, never routed as it is observed) and read by Spark
    (the source then says whether it can: :meth:`Source.observing`)."""
    return os.environ.get("WIDEN_ONE_PASS", "1") != "0" and upsert is None and source.spark is not None


def on_driver(prints) -> bool:
    """Whether a batch of JSON-lines files (their fingerprints) is small enough for :class:`DriverLines`: at most
    :func:`driver_batch_bytes` in all, each a plain file of a JSON-lines suffix (:data:`SUFFIXES`: Spark's text
    reader decompresses ``.gz``, ``.bz2`` and others by their suffix, and a compressed size does not bound the
    lines)."""
    bound = driver_batch_bytes()
    return (bool(bound) and all(Path(fp.path).suffix.lower() in SUFFIXES for fp in prints)
            and sum(fp.size for fp in prints) <= bound)


# -- the sources of a batch ------------------------------------------------------------------------------------

def for_files(spark, prints, batch: str, input_format: str = "json", upsert: bool = False,
              cdc: str | None = None) -> Source:
    """The source of a batch of files (their fingerprints; none, or only empty ones: nothing to read); ``upsert``:
    a keyed write's (:mod:`widen.keyed`); ``cdc``: its lines the envelopes of change events (a keyed write's too:
    :mod:`widen.sources.changes`)."""
    paths = [fp.path for fp in prints]
    if input_format != "json":  # (files whose schemas Spark cannot merge: a part per schema)
        parts = [_typed(TypedFrame(frame, records=rows, upsert=upsert, files=True))
                 for frame, rows in parquet_parts(spark, paths, batch)]
        return parts[0] if len(parts) == 1 else _typed(TypedParts(parts))
    if not prints or all(fp.size == 0 for fp in prints):
        return Source()
    long_lines = {fp.path: fp.long_lines for fp in prints if fp.long_lines}  # (docs/ingest.md#long-lines)
    if upsert:  # (never the driver's: its rows have no line to order a key's records by)
        return _lines(FileLines(spark, paths, long_lines), own=True, cdc=cdc)
    if on_driver(prints):  # a small batch: the native engine when it takes it, else the driver's
        return SmallFiles(spark, paths, long_lines)
    return _lines(FileLines(spark, paths, long_lines), own=True)


def for_frame(df, json_column: str | None, source_column: str | None, batch: str, long_lines=(),
              upsert: bool = False, cdc: str | None = None) -> Source:
    """The source of a DataFrame: of JSON texts in ``json_column`` (:class:`~widen.sources.FrameLines`: the native
    engine, else the driver's or Spark's), or typed; ``upsert``: a keyed write's (:mod:`widen.keyed`); ``cdc``: its
    texts the envelopes of change events (a keyed write's too: :mod:`widen.sources.changes`)."""
    if json_column is None:
        from pyspark.sql import functions as F

        if source_column == WATCHED_SOURCE and WATCHED_ROW in df.columns:  # (a watched folder's Parquet files)
            return _typed(TypedFrame(df, upsert=upsert, watched=True))
        return _typed(TypedFrame(df, upsert=upsert, origin=F.col(source_column) if source_column else F.lit(batch)))
    frame = FrameLines(df, json_column, source_column, batch, upsert, chooser=CHOOSER, cdc=cdc)
    frame.long_lines = list(long_lines)  # (a watched folder's lines too long to read: widen.stream)
    return frame


def observe_dataframe(lines, rules, native: bool = False):
    """Observe a batch of lines (a DataFrame of ``value``, ``source``, ``line``) in Spark: (observations, the parsed
    lines: ``record`` and ``reason``, ``reason`` null for records). Rescued lines are counted in Spark; at most
    :data:`~widen.engine.observe.RESCUED_EXAMPLES` of them reach the driver as examples (all are written by the
    caller from the returned frame). The caller unpersists the frame.

    ``native``: lines that read the same each time (files Widen lists and fingerprints) may be observed by the
    native pass (:mod:`widen.jvm`), which caches nothing: the returned frame then parses them again as it is
    read. A caller's DataFrame is parsed and cached once (its plan may be costly, or not give the same rows twice)."""
    source = _lines(lines, native=native)
    source.observe(rules)
    return source.observations, source.parsed


def json_source(df, json_column: str, source_column: str | None, batch: str) -> Source:
    """A DataFrame whose ``json_column`` holds one JSON document per row, as a batch (:class:`FrameLines`); a row's
    source is ``source_column``'s value, or the batch's name."""
    return for_frame(df, json_column, source_column, batch)


def _typed(source: Source) -> Source:
    source.engine = "typed"
    return source


def _lines(lines, own: bool = False, only_plain: bool = False, native: bool | None = None,
           cdc: str | None = None) -> JsonLines:
    return JsonLines(lines, own=own, only_plain=only_plain, native=native, chooser=CHOOSER, cdc=cdc)


def _driver(spark, paths=(), lines=None, why: str = "") -> DriverLines:
    source = DriverLines(spark, paths, lines)
    source.engine, source.why = "driver", why
    return source


class SmallFiles(Delegating):
    """A small batch of JSON-lines files (:func:`on_driver`): observed by the native pass and written by the native
    router when it is plain (a fraction of what the driver's Python costs once warm: docs/performance.md), else
    observed and routed on the driver (:class:`DriverLines`), which names rescued lines without Spark's projection
    to compile."""

    def __init__(self, spark, paths, long_lines: dict | None = None):
        self.spark, self.paths, self.long_lines = spark, list(paths), long_lines
        self.inner: Source | None = None

    def observe(self, rules) -> None:
        inner: Source = _lines(FileLines(self.spark, self.paths, self.long_lines), own=True, only_plain=True)
        inner.observe(rules)
        if not inner.plain:
            inner.release()
            inner = _driver(self.spark, self.paths, why=inner.why)
            inner.observe(rules)
        self.take(inner)


# -- the decisions the sources hand over -----------------------------------------------------------------------

class Chooser:
    """What the sources this module makes ask when the native passes decline: they report, it decides and labels."""

    @staticmethod
    def observe_lines(source: JsonLines, rules, given=None):
        """JSON lines observed (an :class:`~widen.sources.observed.Observed`), the source labelled with the engine
        that observed them and why: the native pass when :meth:`native_pass` allows it (``given``: its result of a
        pass already made, the one pass's), plain when it kept every rescued line; its observations and the compiled
        projection when it kept too few of them; else the Spark observer. A source that takes only a plain batch
        (``only_plain``) is left unobserved, and its caller chooses."""
        from widen.sources import observed as how

        lines, files = how.batch_lines(source.lines)
        native, why = Chooser.native_pass(source, rules)
        result, why = (given if given is not None else how.observe_natively(lines, rules, source.key, source.cdc)
                       if native
                       else (None, why))
        if result is not None and result.rescued is not None:
            observed = how.natively_plain(lines, result, files)
        else:
            if result is not None:
                why = (f"{result.observations.rescued_count:,} rescued lines, more than the native router skips "
                       f"({RESCUED_ALL_LINES:,} lines, {RESCUED_ALL_BYTES >> 20} MiB)")
            if source.only_plain:
                source.why = why
                return how.unobserved(why)
            observed = (how.natively_projected(lines, result, files, rules, why, source.key, source.cdc)
                        if result is not None else how.in_spark(lines, files, rules, why, source.key, source.cdc))
        source.why = observed.why
        source.engine = "native" if observed.plain else "native+projection" if observed.native else "spark"
        return observed

    @staticmethod
    def native_pass(source: JsonLines, rules) -> tuple[bool, str]:
        """Whether the native pass may observe JSON lines (lines it can read twice: :attr:`JsonLines.native`, and
        :func:`native_gate`), and why not."""
        if not source.native:
            return False, "a DataFrame Widen does not read twice"
        why = native_gate(rules)
        return not why, why

    @staticmethod
    def routed(source: JsonLines, compiled, carry: bool = False):
        """A plain batch's rows from the native router, or None where it declines: then the compiled projection
        writes the batch (its records parsed again as the projection reads them), and the batch says why."""
        rows, why = jvm.routed(source.parsed, compiled.plan, compiled.compiler.rules, source.observed.skip, carry,
                               source.cdc)
        if rows is not None:
            return rows
        source.reparsed(compiled)
        source.engine, source.why = "native+projection", why
        return None

    @staticmethod
    def observe_frame(frame: FrameLines, rules) -> None:
        """A DataFrame of JSON texts observed: the native pass (reading it twice: as it is when it is
        :func:`rereadable`, else from a cache), else the driver when its texts are small (:func:`driver_rows`), else
        Spark expressions. A keyed write's: the native pass over a cache, else Spark expressions."""
        from pyspark import StorageLevel
        from pyspark.sql import functions as F

        why = native_gate(rules)
        if frame.upsert:
            frame.cached = frame.texts().persist(StorageLevel.MEMORY_AND_DISK)
            inner = _lines(frame.cached, own=False, native=not why, cdc=frame.cdc)
            inner.key = frame.key
            inner.observe(rules)
            frame.take(frame.nameless(inner))
            return
        if not why:
            texts = frame.texts()
            files = rereadable(frame.df)
            if files is not None:  # read twice as it is (its files as they were; cut as :func:`write` pins)
                frame.files = files
            else:
                texts = frame.cached = texts.persist(StorageLevel.MEMORY_AND_DISK)
            inner = _lines(texts, own=False, only_plain=True, native=True)
            inner.observe(rules)
            if inner.plain:
                frame.take(frame.nameless(inner))
                return
            why = inner.why
            frame.files = []
            if frame.cached is not None:
                frame.cached.unpersist()
                frame.cached = None
        lines = driver_rows(frame.df.select(frame.text.cast("binary").alias("raw"), frame.origin.alias("source")))
        if lines is not None:
            inner = _driver(frame.spark, lines=lines)
        else:
            inner = _lines(frame.df.select(frame.text.alias("value"), frame.origin.alias("source"),
                                           F.lit(None).cast("int").alias("line")))
        inner.observe(rules)
        inner.why = why or inner.why
        frame.take(inner)

    @staticmethod
    def observing_lines(source: JsonLines, plan, rules):
        """One pass over JSON lines: the rows the native router routes by ``plan`` as the native pass observes the
        lines, or None where the native pass may not run or the router does not take the plan (then the source is
        observed first)."""
        if not Chooser.native_pass(source, rules)[0]:
            return None
        lines = source.lines.by_split() if isinstance(source.lines, FileLines) else source.lines
        source.one_pass = jvm.observing(lines, plan, rules)[0]
        return source.one_pass.frame if source.one_pass is not None else None

    @staticmethod
    def observing_frame(frame: FrameLines, plan, rules):
        """One pass over a DataFrame read as it is (:func:`rereadable`: a fallback can read it again); any other is
        observed first (its cache is what a second read needs)."""
        files = rereadable(frame.df) if not native_gate(rules) else None
        if files is None:
            return None
        frame.files, frame.one = files, _lines(frame.texts(), own=False, only_plain=True, native=True)
        return frame.one.observing(plan, rules)


#: the chooser the sources made here report to
CHOOSER = Chooser()
