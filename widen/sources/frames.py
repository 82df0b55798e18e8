"""DataFrame sources of JSON texts (:class:`FrameLines`), and whether a DataFrame can be read twice as it is
(:func:`rereadable`)."""

from __future__ import annotations

import dataclasses

from pyarrow import fs

from widen.errors import InputError
from widen.sources.files import CHANGED, WATCHED_SOURCE
from widen.sources.long_lines import and_long_lines, with_long_lines
from widen.sources.source import Delegating, JsonLines, Source
from widen.sources.spark_read import filesystem


class FrameLines(Delegating):
    """A DataFrame of JSON texts. The native pass observes them and the native router writes them, reading the
    DataFrame twice: as it is when its plan reads files and nothing else, deterministically (``spark.read.text``:
    :func:`rereadable`; its files are stat'ed before and after, and how Spark cuts them pinned), else from a cache
    of its texts (with their source and an id per row), made once as Spark reads them (two reads of another plan
    could give other rows: it is computed once). A batch the native pass does not take is observed and routed on
    the driver when its texts are small enough (:func:`driver_rows`), else by Spark expressions
    (:class:`JsonLines`). A keyed write's (``upsert``) is cached with an id per row, which orders a key's records
    (the later row wins a tie) and is never shown as a line number: observed by the native pass, else by Spark
    expressions, never on the driver (whose rows carry no id)."""

    def __init__(self, df, json_column: str, source_column: str | None, batch: str, upsert: bool = False,
                 chooser=None, cdc: str | None = None):
        from pyspark.sql import functions as F

        self.spark = df.sparkSession
        origin = F.col(source_column).cast("string") if source_column else F.lit(batch)
        self.text = F.col(json_column).cast("string")
        self.df, self.origin = df, origin
        self.inner: Source | None = None
        self.cached = None
        self.files: list[tuple[str, int, int]] = []  # (uri, size, mtime) of a plan read twice without a cache
        #: (source, :class:`widen.sources.long_lines.LongLine`) of lines of the frame's files too long to read, which it
        #: holds empty (a watched folder's: :func:`widen.stream.without_long_lines`)
        self.long_lines: list = []
        self.upsert = upsert
        #: the envelope of change events each text is (a keyed write's: :mod:`widen.sources.changes`), or None
        self.cdc = cdc
        #: a keyed write's ties go to the later row (a watched folder's, whose source is each line's file: to the
        #: later file, then line, as a batch of files'; widen.stream.watch)
        self.row_order = source_column != WATCHED_SOURCE
        #: how the frame is observed, and whether in one pass (:mod:`widen.sources.engines`, which makes it)
        self.chooser = chooser
        self.one = None  # the source a one pass observes

    def take(self, inner: Source) -> None:
        super().take(inner)
        if self.long_lines:
            self.observations = with_long_lines(self.observations, self.long_lines)

    def rescued_frame(self):
        frame = self.inner.rescued_frame()
        if self.upsert and not hasattr(frame, "to_pylist"):  # (Spark's rows: a row's id is not a line number)
            from pyspark.sql import functions as F

            frame = frame.withColumn("line", F.lit(None).cast("int"))
        if self.long_lines:
            frame = and_long_lines(self.spark, frame, self.long_lines)
        return frame

    def keyed_lines(self, keyless):
        from pyspark.sql import functions as F

        return self.inner.keyed_lines(keyless).withColumn("line", F.lit(None).cast("int"))

    def observe(self, rules) -> None:
        """Observed as :mod:`widen.sources.engines` chooses (:attr:`chooser`)."""
        self.chooser.observe_frame(self, rules)

    def texts(self):
        from pyspark.sql import functions as F

        return self.df.select(self.text.alias("value"), self.origin.alias("source"),
                              F.monotonically_increasing_id().alias("line"))

    def observing(self, plan, rules):
        """One pass where :mod:`widen.sources.engines` chooses one (:attr:`chooser`), else None."""
        return self.chooser.observing_frame(self, plan, rules)

    def observed_in_pass(self, rules) -> tuple[bool, str]:
        observed, missed = self.one.observed_in_pass(rules)
        if observed:
            self.take(self.nameless(self.one))
        else:
            self.files = []
        return observed, missed

    @staticmethod
    def nameless(inner: "JsonLines") -> "JsonLines":
        """``inner`` with its rescued lines unnumbered: a row has no line number (its id names it in the pass
        only)."""
        obs = inner.observations
        inner.observations = dataclasses.replace(obs, rescued=tuple(dataclasses.replace(r, line=None)
                                                                    for r in obs.rescued))
        return inner

    def check_unchanged(self) -> None:
        moved = [uri for uri, size, mtime in self.files if _stat(uri) != (size, mtime)]
        if moved:
            raise InputError(f"{', '.join(moved)}: {CHANGED}")

    def release(self) -> None:
        super().release()
        if self.cached is not None:
            self.cached.unpersist()
            self.cached = None


def rereadable(df) -> list[tuple[str, int, int]] | None:
    """The files a DataFrame reads, ``(uri, size, modification time)``, when its plan reads nothing else and
    reads them deterministically (``spark.read.text(path)``, and selections and filters of it): reading it twice
    gives the same rows in the same tasks as long as those files are not changed and Spark cuts them the same way.
    None for any other plan (a stream's micro-batch, a join, a ``rand()``, data made on the driver)."""
    plan = df._jdf.queryExecution().analyzed()
    if plan.isStreaming() or not plan.deterministic():
        return None
    leaves = plan.collectLeaves()
    for i in range(leaves.length()):
        leaf = leaves.apply(i)
        if leaf.getClass().getSimpleName() != "LogicalRelation" or \
                leaf.relation().getClass().getSimpleName() != "HadoopFsRelation":
            return None
    files = []
    for uri in df.inputFiles():
        stat = _stat(uri)
        if stat is None:
            return None
        files.append((uri, *stat))
    return files if files else None


def _stat(uri: str) -> tuple[int, int] | None:
    """A file's (size, modification time in ns), or None when it cannot be stat'ed."""

    try:
        system, path = filesystem(uri)
        info = system.get_file_info(path)
    except Exception:
        return None
    if info.type != fs.FileType.File:
        return None
    return info.size, info.mtime_ns or 0
