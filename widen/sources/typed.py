"""Typed sources: a typed DataFrame (Parquet files, a user's frame) observed from its schema (:class:`TypedFrame`),
and Parquet files whose schemas Spark cannot merge (:class:`TypedParts`)."""

from __future__ import annotations

import functools

from widen.engine.observe import Observations
from widen.engine.typed import observe_typed
from widen.sources.files import WATCHED_ROW, WATCHED_SOURCE
from widen.sources.source import LINE, SOURCE, Source


class _TypedSource(Source):
    """A typed batch: its rescued rows are a keyed write's rows without a key (:mod:`widen.keyed`), none else."""

    key_rescued = None

    def rescued_frame(self):
        return self.key_rescued


class TypedFrame(_TypedSource):
    """A typed DataFrame (Parquet files, or a user's frame), observed from its schema. A keyed write's
    (``upsert``: :mod:`widen.keyed`) names each row: Parquet files by their file and row (read again as they are),
    a DataFrame by an id per row in a cache of it (the later row wins a tie; ``origin``: its rows' source)."""

    #: a keyed write's rows, with :data:`SOURCE` and ``LINE``; its keyless rows (``keyed_lines``)
    lined = None

    def __init__(self, frame, records: int | None = None, upsert: bool = False, files: bool = False,
                 origin=None, watched: bool = False):
        from widen.compiler.spark_typed import typed_columns

        whole = frame
        if watched:  # (a watched folder's Parquet files: each row's file and row in two columns of Widen's)
            frame = frame.drop(WATCHED_SOURCE, WATCHED_ROW)
        self.frame = frame
        #: the frame's rows, when known (Parquet files' footers): else counted by a job
        self.known_records = records
        self.spark = frame.sparkSession
        self.columns = typed_columns(frame.schema)
        self.row_order = upsert and not (files or watched)
        if upsert:
            self.lined = self._lined(whole, files, origin, watched)

    @staticmethod
    def _lined(frame, files: bool, origin, watched: bool = False):
        from pyspark import StorageLevel
        from pyspark.sql import functions as F

        if files or watched:  # (a file's URI, %-escaped, as the path the batch names it by; rows numbered from 1)
            # (Spark's hidden column, whatever the files' columns are; a watched folder's, taken by the stream)
            metadata = frame.metadataColumn("_metadata") if files else None
            uri, row = (metadata["file_path"], metadata["row_index"]) if files else (
                F.col(WATCHED_SOURCE), F.col(WATCHED_ROW))
            path = F.regexp_replace(F.regexp_replace(uri, "^file:(//)?", ""), "\\+", "%2B")
            columns = [F.col(f"`{c}`") for c in frame.columns if not watched or c not in (WATCHED_SOURCE, WATCHED_ROW)]
            return frame.select(*columns, F.url_decode(path).alias(SOURCE), (row + 1).alias(LINE))
        return frame.select("*", (origin if origin is not None else F.lit(None)).cast("string").alias(SOURCE),
                            F.monotonically_increasing_id().alias(LINE)).persist(StorageLevel.MEMORY_AND_DISK)

    def observe(self, rules) -> None:
        self.records = self.frame
        counted = self.lined if self.lined is not None else self.frame  # (a keyed DataFrame's cache: made now)
        count = self.known_records if self.known_records is not None else counted.count()
        self.observations = Observations(records=count)

    def observations_for(self, rules):
        return observe_typed(self.columns, rules, self.observations.records)

    def compile(self, p, rules):
        from widen.compiler.spark_typed import compile_typed

        return compile_typed(p, rules, self.frame.schema)

    def projected_keyed(self, compiled):
        """The keyed batch's routed rows with each row's :data:`SOURCE` and ``LINE``."""
        compiled.carry = (SOURCE, LINE)
        return self.lined.transform(compiled)

    def keyed_lines(self, keyless):
        """The rows of a keyed batch's keyless ones (``SOURCE``, ``LINE``, ``reason``) as rescued lines are named:
        ``source``, ``line`` (a file's row, from 1; a DataFrame's rows have none), ``reason``, and the row as JSON
        ``value``."""
        from pyspark.sql import functions as F

        values = self.lined.select(SOURCE, LINE, F.to_json(F.struct(*[F.col(f"`{c}`") for c in self.frame.columns]))
                                   .alias("value"))
        # (a DataFrame's rows by their id alone: its source column may be null)
        named = keyless.join(values.drop(SOURCE), [LINE]) if self.row_order else keyless.join(values, [SOURCE, LINE])
        line = F.lit(None) if self.row_order else F.col(LINE)
        return named.select(F.col(SOURCE).alias("source"), line.cast("int").alias("line"), "reason", "value")

    def release(self) -> None:
        super().release()
        if self.lined is not None and self.row_order:
            self.lined.unpersist()


class TypedParts(_TypedSource):
    """Parquet files whose schemas Spark cannot merge (``v`` a long in some files, a string in others): a
    :class:`TypedFrame` part per schema (:func:`widen.sources.spark_read.parquet_parts`), observed together (one plan for the
    batch) and each routed by it, their rows one frame: a value lands where it would from its part alone, planned
    with the others."""

    row_order = False

    def __init__(self, parts: list):
        self.parts = parts
        self.spark = parts[0].spark
        self.columns = tuple(c for part in parts for c in part.columns)

    def observe(self, rules) -> None:
        for part in self.parts:
            part.observe(rules)
        self.observations = Observations(records=sum(part.observations.records for part in self.parts))

    def observations_for(self, rules):
        return functools.reduce(lambda a, b: a.merge(b), [part.observations_for(rules) for part in self.parts])

    def compile(self, p, rules):
        return _CompiledParts([part.compile(p, rules) for part in self.parts])

    def projected(self, compiled):
        return _union([part.projected(c) for part, c in zip(self.parts, compiled.parts)])

    def projected_keyed(self, compiled):
        return _union([part.projected_keyed(c) for part, c in zip(self.parts, compiled.parts)])

    def keyed_lines(self, keyless):
        return _union([part.keyed_lines(keyless) for part in self.parts])  # (each names its own files' rows)

    def release(self) -> None:
        super().release()
        for part in self.parts:
            part.release()


class _CompiledParts:
    """The compiled projections of a :class:`TypedParts`' parts, one plan's."""

    def __init__(self, parts: list):
        self.parts = parts

    @property
    def key(self) -> tuple:
        return tuple(c.key for c in self.parts)


def _union(frames: list):
    return functools.reduce(lambda a, b: a.unionByName(b, allowMissingColumns=True), frames)


#: :class:`TypedFrame` (its former name)
