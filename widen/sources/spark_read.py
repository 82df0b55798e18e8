"""Reading a batch in Spark: JSON lines with their file and line number, Parquet batches (a part per schema
when their schemas conflict), and where files are."""

from __future__ import annotations

import re
import shutil
import tempfile
from pathlib import Path
from typing import Sequence
from urllib.parse import unquote

import pyarrow as pa
import pyarrow.parquet as pq
from pyarrow import fs

from widen.errors import InputError
from widen.jobs import OWN_JOB_SETTINGS, rows_frame, session_settings, unreadable  # noqa: F401 (importable here)
from widen.sources.long_lines import blanked_copy



def read_lines(spark, paths: Sequence[str]):
    """The batch's lines as a DataFrame (``value``, ``source``, ``line``), line numbers counted per file in Spark
    (per split, then offset by the earlier splits of the same file: nothing but counts reach the driver)."""
    return FileLines(spark, paths).numbered()


class FileLines:
    """A batch's files as Spark reads them, line by line, numbered only when asked: counting each split's lines
    is a job of its own, which a batch the native router writes (no rescued line to name) never needs."""

    def __init__(self, spark, paths: Sequence[str], long_lines: dict | None = None):
        self.spark = spark
        from pyspark.sql import functions as F

        #: (file, :class:`widen.sources.long_lines.LongLine`) of each line too long to read: Spark reads a copy of its file
        #: in which the line is empty, named as the file
        self.long_lines = [(path, line) for path, lines in (long_lines or {}).items() for line in lines]
        self._copies, self._names = None, {}
        if self.long_lines:
            paths = self._blanked(paths, long_lines)
        reader, resolved = files_reader(spark, paths)
        # (columns, not SQL text: SQL text would be the first text Spark's parser parses in a fresh session, a cost
        # Spark's own reader never pays; the native path parses none: docs/performance.md)
        self.raw = reader.text(resolved).select(
            "value",
            F.input_file_name().alias("source"),
            F.input_file_block_start().alias("block"),
            F.spark_partition_id().alias("part"),
            F.monotonically_increasing_id().alias("id"),  # (partition << 33) + the row's position in it
        )
        self._splits: dict | None = None

    def _blanked(self, paths: Sequence[str], long_lines: dict) -> list[str]:
        self._copies = tempfile.mkdtemp(prefix="widen-lines-")
        out = []
        for path in paths:
            copy = blanked_copy(path, long_lines[path], self._copies) if long_lines.get(path) else path
            self._names[str(Path(copy).resolve())] = path
            out.append(copy)
        return out

    def release(self) -> None:
        """Delete the copies read in place of files with long lines."""
        if self._copies is not None:
            shutil.rmtree(self._copies, ignore_errors=True)
            self._copies = None

    def by_split(self):
        """The lines as the native pass reads them (``value``, ``source``, ``block``, ``line``), unnumbered: each
        line's file and split (the pass names a line's source ``<file URI>\\0<block, 20 digits>``, which
        :meth:`place` reads) and its id (its partition's number, then its position in it: unique in the batch, and
        in file order within a split), so the pass keeps the first rescued lines of the batch in file order and the
        router can skip the lines the pass rescued."""
        from pyspark.sql import functions as F

        return self.raw.select("value", "source", "block", F.col("id").alias("line"))


    def splits(self) -> dict:
        """(file URI, block) -> (partition, the split's first position, the lines of its file before it, the
        file's path), from one job that counts each split's lines."""
        if self._splits is None:
            from pyspark.sql import functions as F

            with session_settings(self.spark, OWN_JOB_SETTINGS):
                counted = self.raw.groupBy("source", "block", "part").agg(F.min("id").alias("first"),
                                                                          F.count("id").alias("n")).collect()
            self.counted({(r["source"], r["block"]): (r["first"], r["n"]) for r in counted})
        return self._splits

    def counted(self, splits: dict) -> None:
        """The splits' lines as counted (by :meth:`splits`' job, or by the native pass as it read them): (file
        URI, block) -> (the split's first line's id or position, its lines)."""
        self._splits, offsets = {}, {}
        for (source, block), (first, n) in sorted(splits.items()):
            start = offsets.get(source, 0)
            # Spark names a file by its URI, %-escaped: the source is its path, as the ledger has it
            path = unquote(re.sub("^file:(//)?", "", source))
            path = self._names.get(path, path)
            self._splits[(source, block)] = (first >> 33, first & _POSITION, start, path)
            offsets[source] = start + n

    def place(self, source: str, position: int) -> tuple[str, int]:
        """(file path, line number) of a line :meth:`by_split` names by its split and position."""
        uri, _, block = source.rpartition(_SPLIT)
        _, first, start, path = self.splits()[(uri, int(block))]
        return path, start + (position & _POSITION) - first + 1

    def numbered(self):
        """The lines with their file's path and their line number in it (``value``, ``source``, ``line``)."""
        from pyspark.sql import functions as F

        splits = self.splits()
        if not splits:
            return self.raw.select("value", "source", F.lit(0).alias("line")).limit(0)
        rows = [(uri, block, *split) for (uri, block), split in splits.items()]
        table = rows_frame(self.spark, rows, {"source": pa.string(), "block": pa.int64(), "part": pa.int32(),
                                              "first": pa.int64(), "start": pa.int64(), "path": pa.string()})
        joined = self.raw.join(F.broadcast(table), ["source", "block", "part"])
        line = (F.col("start") + F.col("id").bitwiseAND(F.lit(_POSITION)) - F.col("first") + 1).cast("int")
        return joined.select("value", F.col("path").alias("source"), line.alias("line"))


    def placed(self, frame, source: str, line: str, block: str | None = None):
        """``frame``'s lines named by file URI, split (``block``; or within ``source``, as :meth:`by_split` names
        them) and id (``line``), with their file's path and line number instead (``source``, ``line``), by a join
        with the splits."""
        from pyspark.sql import functions as F

        rows = [(uri, b, *split) for (uri, b), split in self.splits().items()]
        table = rows_frame(self.spark, rows, {"__uri": pa.string(), "__b": pa.int64(), "part": pa.int32(),
                                              "first": pa.int64(), "start": pa.int64(), "path": pa.string()})
        if block is None:
            parts = F.split(F.col(source), _SPLIT, 2)
            named = frame.withColumn("__uri", parts[0]).withColumn("__b", parts[1].cast("long"))
        else:
            named = frame.withColumn("__uri", F.col(source)).withColumn("__b", F.col(block))
        joined = named.join(F.broadcast(table), ["__uri", "__b"])
        number = (F.col("start") + F.col(line).bitwiseAND(F.lit(_POSITION)) - F.col("first") + 1).cast("int")
        return joined.select(*[c for c in frame.columns if c not in (source, line, block)],
                             F.col("path").alias("source"), number.alias("line"))


#: a line's position in its partition, in its id (Spark's ``monotonically_increasing_id``: the partition above bit 33)
_POSITION = (1 << 33) - 1

#: between a file's URI and its split's block in a source the native pass names (:meth:`FileLines.by_split`; no URI
#: holds it: Spark %-escapes it)
_SPLIT = "\u0000"


def files_reader(spark, paths: Sequence[str]):
    """(Spark's reader, the paths as it reads them: resolved, a link by its target's name) for a batch's files,
    which Widen lists itself. The reader is without Spark's hidden-file filter, which
    skips a file whose name starts with ``_`` or ``.`` even when it is named (its lines would be lost while the
    ledger records the file as ingested). Spark before 4.3 has no switch for that filter: such a file is refused
    there, by name; so is, on any Spark, a name ending in ``._COPYING_``, which Spark always skips (a copy under
    way)."""
    paths = [str(Path(p).resolve()) for p in paths]
    copying = [str(p) for p in paths if str(p).endswith("._COPYING_")]
    if copying:
        raise InputError(f"{copying[0]}: Spark never reads a file whose name ends in '._COPYING_' (a copy under "
                         "way); rename it once it is complete")
    hidden = [str(p) for p in paths if Path(p).name.startswith(("_", "."))]
    if hidden and tuple(int(x) for x in re.findall(r"\d+", spark.version)[:2]) < (4, 3):
        raise InputError(f"{hidden[0]}: Spark {spark.version} skips files whose names start with '_' or '.' "
                         "(Spark 4.3 can be told not to); rename the file, or run Widen on Spark 4.3 or later")
    return spark.read.option("ignoredPathSegmentRegex", "(?!)"), paths


class SchemasConflict(InputError):
    """A batch's Parquet files have schemas Spark cannot merge (a column of one type in some, another in others)."""


def read_parquet(spark, paths: list[str], batch: str):
    """A batch of Parquet files as (one typed DataFrame, its rows). The files' schemas are merged (a column only
    some files have reads as null in the others), never one file's schema for all (Spark's default drops the other
    columns). Their footers are read here first (pyarrow, on the driver: a batch's files are local): a file that is
    not Parquet is refused by name; when every file has the same schema, Spark reads them without merging (a job of
    its own otherwise), and the rows are counted from the footers (no job). Raises :class:`SchemasConflict` when
    Spark cannot merge them (:func:`parquet_parts` reads such files by schema)."""
    from py4j.protocol import Py4JJavaError
    from pyspark.errors.exceptions.captured import CapturedException  # what the JVM raised, as PySpark gives it

    schemas, rows = parquet_footers(paths)
    try:
        reader, resolved = files_reader(spark, paths)
        merge = "false" if len(set(schemas)) <= 1 else "true"
        return reader.option("mergeSchema", merge).parquet(*resolved), rows
    except (CapturedException, Py4JJavaError) as exc:
        first = str(exc).splitlines()[0][:300]
        raise SchemasConflict(f"batch {batch}: its Parquet files have schemas Spark cannot merge ({first})") from None


def parquet_parts(spark, paths: list[str], batch: str) -> list[tuple]:
    """A batch of Parquet files as (typed DataFrame, its rows) parts: one (:func:`read_parquet`) when Spark can
    merge their schemas, else one per schema (``v`` a long in some files and a string in others: each part is
    routed by the batch's one plan, :class:`widen.sources.TypedParts`, as if its files were a batch of their own
    planned together with the others)."""
    try:
        return [read_parquet(spark, paths, batch)]
    except SchemasConflict:
        by_schema: dict[str, list[str]] = {}
        for path, schema in zip(paths, parquet_footers(paths)[0]):
            by_schema.setdefault(schema, []).append(path)
        return [read_parquet(spark, group, batch) for group in by_schema.values()]


def parquet_footers(paths: list[str]) -> tuple[list[str], int]:
    """(each file's schema, as text; the rows of all of them) from the files' Parquet footers; raises
    :class:`InputError` naming a file that is not Parquet."""
    schemas, rows = [], 0
    for path in paths:
        try:
            meta = pq.read_metadata(path)
        except (OSError, ValueError) as exc:
            raise InputError(f"{path}: not a Parquet file ({str(exc).splitlines()[0][:200]})") from None
        schemas.append(str(meta.schema).split("\n", 1)[-1])  # (its first line names the Python object)
        rows += meta.num_rows
    return schemas, rows


def filesystem(uri: str):
    """pyarrow's file system for a URI, and the path in it. A local file URI's path is taken as it is written, as
    Spark and pyiceberg's file IO take it (pyarrow would decode ``%3A``, and refuse a space)."""
    if uri.startswith("file:"):
        return fs.LocalFileSystem(), re.sub("^file:(//)?", "", uri)
    return fs.FileSystem.from_uri(uri)


def list_files(directory: str, suffix: str = "") -> list[str]:
    """Files under a directory URI (recursively), as URIs; [] when it does not exist."""
    system, path = filesystem(directory)
    infos = system.get_file_info(fs.FileSelector(path, recursive=True, allow_not_found=True))
    prefix = directory[: len(directory) - len(path)] if directory.endswith(path) else ""
    return sorted(prefix + i.path for i in infos if i.type == fs.FileType.File and i.path.endswith(suffix))
