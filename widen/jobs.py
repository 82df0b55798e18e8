"""Spark jobs' settings (the session's for an ingest, each job's own, restored after it) and small helpers: rows
built on the driver as a DataFrame, and a job's failure to read a file as the user's error."""

from __future__ import annotations

import contextlib
import re

import pyarrow as pa

from widen.errors import InputError
from widen.session import shuffle_partitions


def rows_frame(spark, rows: list[tuple], columns: dict):
    """Rows built on the driver (tuples; ``columns``: name -> Arrow type) as a DataFrame, from an Arrow table, which
    the JVM reads itself: a list of Python tuples would be unpickled by a Python worker on an executor, and
    executors need no Python otherwise (tests/test_cluster.py)."""
    return spark.createDataFrame(pa.table([pa.array(c, t) for c, t in zip(zip(*rows), columns.values())],
                                          names=list(columns)))


def empty_frame(spark, schema):
    """A DataFrame of no rows of the Spark ``schema``, which no job reads through a Python worker (as
    :func:`rows_frame`)."""
    from pyspark.sql import functions as F

    return spark.range(0).select(*[F.lit(None).cast(f.dataType).alias(f.name) for f in schema.fields])


_UNREADABLE = (
    ("Unexpected end of input stream", "a truncated gzip file (its compressed data ends early)"),
    ("not a gzip file", "not gzip data, although its name ends in .gz"),
    ("Not in GZIP format", "not gzip data, although its name ends in .gz"),
    ("incorrect header check", "corrupt compressed data"),
    ("invalid block type", "corrupt compressed data"),
    ("invalid distance", "corrupt compressed data"),
)


def unreadable(exc: BaseException):
    """A Spark job's failure to read one of the batch's files (a truncated or corrupt .gz, one that is not gzip) as
    the user's error, an :class:`~widen.errors.InputError` naming the file and what is wrong with it; None for any
    other failure."""
    text = str(exc)
    if "FAILED_READ_FILE" not in text:
        return None
    found = re.search(r"while reading file (\S+?)\.?\s+SQLSTATE", text) or re.search(r"while reading file (\S+)", text)
    path = found.group(1) if found else "a file of the batch"
    path = path[len("file://"):] if path.startswith("file://") else path
    what = next((words for cause, words in _UNREADABLE if cause in text), None)
    if what is None:
        caused = re.findall(r"Caused by: ([^\n]+)", text)
        what = f"unreadable ({caused[-1].strip() if caused else 'Spark could not read it'})"
    return InputError(f"{path}: {what}; nothing was written")


#: Spark settings an ingest needs, set for the batch and restored after it (a user's session may differ):
#: microsecond Parquet timestamps in UTC; Iceberg names are case-sensitive (`Foo` and `foo` are two columns), and the
#: analyzer needs more than its default 100 passes to resolve the nested lambdas of values nested a dozen levels deep
SESSION_SETTINGS = {
    "spark.sql.caseSensitive": "true",
    # Iceberg timestamps are microseconds (Spark's default Parquet output is INT96), read and written in UTC
    "spark.sql.parquet.outputTimestampType": "TIMESTAMP_MICROS",
    "spark.sql.session.timeZone": "UTC",
    "spark.sql.analyzer.maxIterations": "2000",
    "spark.sql.optimizer.maxIterations": "2000",
    # the parsed lines are cached for the observer's jobs: uncompressed, they are built and read back faster
    # (docs/performance.md); the cache spills to disk rather than fail when memory is short
    "spark.sql.inMemoryColumnarStorage.compressed": "false",
    # a table's data directories hold only the files Iceberg references: no `_SUCCESS` marker, no `.crc`
    # checksums of the local file system (SQL settings reach the Hadoop configuration of Spark's writes)
    "mapreduce.fileoutputcommitter.marksuccessfuljobs": "false",
    "fs.file.impl": "org.apache.hadoop.fs.RawLocalFileSystem",
    "fs.file.impl.disable.cache": "true",
}


def batch_settings(spark, prints, input_format: str = "json") -> dict[str, str]:
    """:data:`SESSION_SETTINGS` for a batch of files (:class:`widen.sources.Fingerprint`), and, for one JSON-lines
    file (not gzipped) of more splits than the session has cores, the split size that cuts it into whole waves of
    those cores. Spark's own (``FilePartition.maxSplitBytes``) cuts a 1.2 GB file, on 2 cores, into 8 splits of 128
    MiB and one of 126 MB: both passes over it end with a fifth wave one core works through alone; 10 splits of 120
    MB are 5 whole waves (docs/performance.md). No split is larger than Spark's own, and the session's
    ``spark.sql.files.maxPartitionBytes`` stays the bound. (Several files: Spark packs their splits, which this does
    not foresee.)

    A JSON batch is read twice (observed, then written), and the router leaves out the lines the pass rescued by
    their ids, which depend on how the files are cut: the number Spark divides a batch's bytes by is pinned for the
    batch (``spark.sql.files.minPartitionNum``), so that an executor that joins or leaves between the two jobs
    (which changes the session's parallelism, Spark's divisor otherwise) cannot cut them otherwise."""
    if input_format != "json":
        return SESSION_SETTINGS
    cores = spark.sparkContext.defaultParallelism
    pinned = frame_settings(spark)
    least = pinned["spark.sql.files.minPartitionNum"]
    if len(prints) != 1 or prints[0].path.endswith(".gz"):
        return pinned
    conf = spark._jsparkSession.sessionState().conf()
    size, cost = prints[0].size, conf.filesOpenCostInBytes()
    split = min(conf.filesMaxPartitionBytes(), max(cost, (size + cost) // int(least)))  # Spark's
    splits = -(-size // split) if split > 0 else 0
    if splits <= cores or splits % cores == 0:
        return pinned
    waves = -(-splits // cores)
    return {**pinned, "spark.sql.files.maxPartitionBytes": str(-(-size // (waves * cores)))}


def frame_settings(spark) -> dict[str, str]:
    """:data:`SESSION_SETTINGS`, and the number Spark divides a scan's bytes by (``spark.sql.files.minPartitionNum``;
    the session's parallelism otherwise) pinned: a batch read twice (observed, then written) is cut into the same
    tasks both times, whatever executors join or leave between the two jobs (:func:`batch_settings`; a DataFrame
    of files read twice: :class:`widen.sources.FrameLines`)."""
    least = spark.conf.get("spark.sql.files.minPartitionNum", None) or spark.conf.get(
        "spark.sql.leafNodeDefaultParallelism", None) or spark.sparkContext.defaultParallelism
    return {**SESSION_SETTINGS, "spark.sql.files.minPartitionNum": str(least)}


#: Spark settings for the jobs Widen runs on lines it read itself (``read_lines``' count and the observer's parse
#: and aggregates in ``widen ingest``; never a caller's DataFrame, whose joins and aggregations keep the caller's
#: settings, nor the write). Adaptive query execution re-plans a query after each of its shuffle stages: these jobs'
#: only shuffles are small aggregates, and re-planning their large expression trees cost more than it saved, on a
#: small wide batch (docs/performance.md). Without it a shuffle has as many partitions as the session
#: says: the aggregates' few thousand rows need no more than Widen's own session has, whatever the caller's says.
OWN_JOB_SETTINGS = {
    "spark.sql.adaptive.enabled": "false",
    "spark.sql.shuffle.partitions": shuffle_partitions(),
}


#: a batch of at most this many records is written without generated code (Spark's interpreted expressions): the
#: projection of a wide schema costs more to compile than its few rows cost to interpret, on first use in a fresh
#: process; larger batches are written as fast or faster (docs/performance.md). ``spark.sql.codegen.factoryMode`` is
#: internal to Spark (documented "for tests"), but every expression factory reads it (Spark's
#: ``CodeGeneratorWithInterpretedFallback``), and the measurements are its effect
INTERPRETED_WRITE_RECORDS = 100_000


def write_settings(records: int) -> dict[str, str]:
    """The Spark settings for writing a batch of ``records`` records (:data:`INTERPRETED_WRITE_RECORDS`)."""
    if records <= INTERPRETED_WRITE_RECORDS:
        return {"spark.sql.codegen.factoryMode": "NO_CODEGEN"}
    return {}


@contextlib.contextmanager
def session_settings(spark, settings: dict[str, str] | None = None):
    """``settings`` (by default :data:`SESSION_SETTINGS`) for the duration of the block, the session's own
    restored after it."""
    settings = SESSION_SETTINGS if settings is None else settings
    conf = spark.conf
    before = {k: conf.get(k, None) for k in settings}
    try:  # a setting the session refuses restores those set before it
        for k, v in settings.items():
            conf.set(k, v)
        yield
    finally:
        for k, v in before.items():
            if v is None:
                conf.unset(k)
            else:
                conf.set(k, v)


#: the causes Spark gives for a file it cannot read, in words (the first that the error's text holds)
