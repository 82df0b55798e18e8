"""The source protocol (:class:`Source`: a batch's data as the write sees it) and JSON lines observed by the native
pass or in Spark (:class:`JsonLines`)."""

from __future__ import annotations

import contextlib

from widen.engine.observe import Observations
from widen.jobs import OWN_JOB_SETTINGS, session_settings
from widen.sources.changes import ENVELOPE, unwrapped, with_reasons
from widen.sources.long_lines import and_long_lines, with_long_lines
from widen.sources.spark_read import FileLines


#: the columns a keyed batch's projection carries beside the table's (each record's line, for its order and rescue)
SOURCE, LINE, VALUE = "__widen_source", "__widen_line", "__widen_value"



class Source:
    """One batch's data as the write sees it: observed once (:meth:`observe`), planned under rules
    (:meth:`observations_for`), compiled to the projection that writes it (:meth:`compile`). This base is a batch of
    empty files: no line, nothing for Spark to read."""

    spark = None
    #: the engine that observed and wrote the batch (docs/architecture.md#engines), and why not the native one
    engine = "none"
    why = ""
    #: the typed columns of a typed batch (None for JSON lines)
    columns = None
    #: the parsed lines, with a ``reason`` for those that are rescued (JSON lines only)
    parsed = None
    observations = None
    #: what the projection reads: the records (JSON lines: parsed, not rescued; typed: the frame)
    records = None
    #: a keyed write's rows (:mod:`widen.keyed` sets them), released with the batch
    keyed_rows = None
    #: a keyed write's key as its observers check it (:class:`~widen.engine.keys.KeyTypes`, set before it is
    #: observed): a record without a key is a rescued line, observed for nothing
    key = None

    def observe(self, rules) -> None:
        self.observations = Observations()

    def observations_for(self, rules):
        """The batch's observations under (instantiated) rules."""
        return self.observations

    def compile(self, p, rules):
        raise AssertionError("an empty batch has nothing to compile")  # pragma: no cover

    def projected(self, compiled):
        """The DataFrame the batch's files are written from, by the compiled plan."""
        return self.records.transform(compiled)

    def rescued_frame(self):
        """The batch's rescued lines (``source``, ``line``, ``reason``, ``value``)."""
        from pyspark.sql import functions as F

        return self.parsed.filter(F.col("reason").isNotNull())

    def observing(self, plan, rules):
        """One pass (:mod:`widen.sink.onepass`): the batch's rows routed by ``plan`` (made before the batch is observed)
        as the native pass observes them, to write, or None where the source cannot (then :meth:`observe`)."""
        return None

    def observed_in_pass(self, rules) -> tuple[bool, str]:
        """Once :meth:`observing`'s rows are written: takes what the pass observed as :meth:`observe` would have
        (True), or leaves the batch unobserved (False: the pass declined it, or kept too few of its rescued lines
        for the driver to write them); and the first value the plan had no route for ('' when none)."""
        raise AssertionError("no one pass was made")  # pragma: no cover

    def release(self) -> None:
        """Free what observing cached."""
        self.release_keyed()

    def release_keyed(self) -> None:
        """Free a keyed write's rows (:attr:`keyed_rows`)."""
        if self.keyed_rows is not None:
            self.keyed_rows.release()

    def check_unchanged(self) -> None:
        """Raise :class:`InputError` when what the batch was read from changed while it was read twice (observed,
        then written): by default a source read once, or from files the batch's fingerprints check."""


class JsonLines(Source):
    """Lines of JSON (``value``, ``source``, ``line``), parsed as VARIANT and observed in Spark. ``own``: lines Widen
    read itself (``read_lines``), observed with :data:`widen.jobs.OWN_JOB_SETTINGS`; a caller's DataFrame keeps
    the caller's settings (its own joins and aggregations run in the observer's first job)."""

    def __init__(self, lines, own: bool = False, only_plain: bool = False, native: bool | None = None,
                 chooser=None, cdc: str | None = None):
        self.lines = lines  # a DataFrame, or a batch's files (FileLines: numbered only if some line must be named)
        #: the envelope of change events each line is (its record is the one it holds), or None
        self.cdc = cdc
        self.spark = lines.spark if isinstance(lines, FileLines) else lines.sparkSession
        self.own = own
        #: the native pass may read the lines (twice: files Widen lists, or a DataFrame cached): by default own ones
        self.native = own if native is None else native
        self.plain = False
        #: the one pass made over the lines (:meth:`observing`), or None
        self.one_pass = None
        self.key_rescued = None
        #: observe only a batch the native pass finds plain (:class:`SmallFiles`): any other is left unobserved
        self.only_plain = only_plain
        #: what labels the batch's engine and writes a batch the native router declines (:mod:`widen.sources.engines`)
        self.chooser = chooser
        self.observed = None

    def observe(self, rules, given=None) -> None:

        from pyspark.sql import functions as F

        with session_settings(self.spark, OWN_JOB_SETTINGS) if self.own else contextlib.nullcontext():
            observed = self.chooser.observe_lines(self, rules, given)
        if observed.parsed is None:  # (only_plain, and not plain: nothing observed)
            return
        self.observed = observed
        self.observations, self.parsed, self.plain = observed.observations, observed.parsed, observed.plain
        self.records = self.parsed.filter(F.col("reason").isNull())
        if self._long_lines():
            self.observations = with_long_lines(self.observations, self._long_lines())

    def _long_lines(self) -> list:
        return self.lines.long_lines if isinstance(self.lines, FileLines) else []

    def rescued_frame(self):
        frame = self.observed.rescued_frame()
        if self._long_lines():
            frame = and_long_lines(self.spark, frame, self._long_lines())
        if self.key_rescued is not None:  # (a keyed batch's records without a key: widen.keyed)
            from pyspark.sql import functions as F

            frame = (frame if not hasattr(frame, "to_pylist") else self.spark.createDataFrame(frame).select(
                "source", "line", "reason", F.col("value").cast("string").alias("value")))
            frame = frame.select("source", F.col("line").cast("int").alias("line"), "reason",
                                 F.col("value").cast("string").alias("value")).unionByName(self.key_rescued)
        return frame

    def observing(self, plan, rules):
        """One pass where :mod:`widen.sources.engines` chooses one (:attr:`chooser`), else None."""
        return self.chooser.observing_lines(self, plan, rules)

    def observed_in_pass(self, rules) -> tuple[bool, str]:
        result, missed = self.one_pass.result(rules)
        if result is None or result.rescued is None:  # declined, or too many rescued lines kept to skip them
            return False, missed or ""
        self.observe(rules, given=(result, ""))
        return True, missed or ""

    def compile(self, p, rules):
        from widen.compiler.spark import compile_plan

        return compile_plan(p, rules, storage=self.observations.storage)

    def projected(self, compiled):
        """A batch the native pass observed plain is routed by the native router (the reference router's port:
        no projection to analyse or generate code for); any other, or where the router declines
        (:func:`widen.sources.engines.routed`), by the compiled projection."""
        if self.plain:
            routed = self.chooser.routed(self, compiled)
            if routed is not None:
                return routed
        return super().projected(compiled)

    def projected_keyed(self, compiled):
        """The batch's routed rows with each record's line (:data:`SOURCE` and ``LINE``: its file
        and split, and its position there, on the native router; its file's path and line number, and the line
        ``VALUE``, on the compiled projection), which order a key's records and name the keyless ones."""
        from pyspark.sql import functions as F

        if self.plain:
            rows = self.chooser.routed(self, compiled, carry=True)
            if rows is not None:
                return rows
        compiled.carry = (SOURCE, LINE, VALUE)
        line = ENVELOPE if ENVELOPE in self.records.columns else "value"  # (a line as written, not its record)
        records = self.records.select("*", F.col("source").alias(SOURCE), F.col("line").alias(LINE),
                                      F.col(line).cast("string").alias(VALUE))
        return records.transform(compiled)

    def reparsed(self, compiled) -> None:
        """The records parsed again as the compiled projection reads them: with the per-line checks where the
        native pass found a line that needs them, or left some out (``skip``), or the lines are change events
        (the records their envelopes hold)."""
        from pyspark.sql import functions as F

        from widen.compiler.spark_keys import without_keys
        from widen.compiler.spark_observe import parse_records

        if self.observed.skip or self.observed.checks or self.cdc:
            rules = compiled.compiler.rules
            case_merge = rules.policy("case_conflict") == "merge"
            lines = unwrapped(self.parsed.drop("reason"), self.cdc)
            parsed = with_reasons(parse_records(lines, case_merge, checked=self.observed.checks))
            self.records = without_keys(parsed, self.key, rules).filter(F.col("reason").isNull())

    def keyed_lines(self, keyless):
        """The lines of a keyed batch's keyless rows (``SOURCE``, ``LINE``, ``reason``, and ``VALUE`` when the
        projection carried it) as rescued lines are named: ``source`` (the file's path), ``line`` (its number),
        ``reason``, ``value``."""
        from pyspark.sql import functions as F

        columns = self.parsed.columns
        lines = self.parsed.select(F.col("source").alias(SOURCE), F.col("line").alias(LINE),
                                   F.col("value").cast("string").alias(VALUE),
                                   *([F.col("block").alias("__block")] if "block" in columns else []))
        if VALUE not in keyless.columns:  # (the native router's rows: the line's text from the batch's lines)
            keyless = keyless.join(lines, [SOURCE, LINE])
        elif "block" in columns:
            keyless = keyless.join(lines.drop(VALUE), [SOURCE, LINE])
        if isinstance(self.lines, FileLines) and "block" in columns:  # (named by file, split and id)
            named = self.lines.placed(keyless, SOURCE, LINE, "__block")
            return named.select("source", "line", "reason", F.col(VALUE).alias("value"))
        return keyless.select(F.col(SOURCE).alias("source"), F.col(LINE).cast("int").alias("line"), "reason",
                              F.col(VALUE).alias("value"))

    def release(self) -> None:
        if self.parsed is not None:
            self.parsed.unpersist()
        self.release_keyed()
        if isinstance(self.lines, FileLines):
            self.lines.release()


class Delegating(Source):
    """A source whose observing picks another source (:attr:`inner`), which does the rest: the engine that ran."""

    inner: Source | None = None

    def take(self, inner: Source) -> None:
        self.inner = inner
        self.observations, self.parsed, self.records = inner.observations, inner.parsed, inner.records

    def observations_for(self, rules):
        return self.inner.observations_for(rules)

    def compile(self, p, rules):
        return self.inner.compile(p, rules)

    def projected(self, compiled):
        return self.inner.projected(compiled)

    def rescued_frame(self):
        return self.inner.rescued_frame()

    def projected_keyed(self, compiled):
        return self.inner.projected_keyed(compiled)

    def keyed_lines(self, keyless):
        return self.inner.keyed_lines(keyless)

    @property
    def key_rescued(self):
        return self.inner.key_rescued if self.inner is not None else None

    @key_rescued.setter
    def key_rescued(self, frame) -> None:
        self.inner.key_rescued = frame

    @property
    def engine(self) -> str:
        return self.inner.engine if self.inner is not None else "none"

    @property
    def why(self) -> str:
        return self.inner.why if self.inner is not None else ""

    def release(self) -> None:
        self.release_keyed()
        if self.inner is not None:
            self.inner.release()
