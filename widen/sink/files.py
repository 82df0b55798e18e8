"""The batch's Parquet files: a directory of their own under the table's data, one directory per partition of a
partitioned table, and deleting those of a write no commit took."""

from __future__ import annotations

import uuid
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager

import pyarrow.parquet as pq

from widen.jobs import session_settings
from widen.sink.partition_paths import with_partition_columns
from widen.sources.spark_read import filesystem, list_files


def data_directory(tbl) -> str:
    """A new directory of the table's data for one write's files (a directory of its own: no other commit's file
    can be among them)."""
    return f"{tbl.location().rstrip('/')}/data/widen-{uuid.uuid4().hex}"


def write_parquet(df, data_dir: str, fields=()) -> list[str]:
    """Write the batch's Parquet files (a partitioned table's one directory per partition:
    :mod:`widen.sink.partitioning`); returns the URIs of those that hold rows, the others deleted: no commit adds
    a file without rows (Spark's first task writes one when it has none, so that an empty job leaves a schema)."""
    # (in UTC, whatever the caller's session says: a partition's day and hour are Iceberg's, of the instant in UTC)
    utc = {"spark.sql.session.timeZone": "UTC"} if fields else {}
    with removed_on_failure(data_dir), session_settings(df.sparkSession,
                                                        {**_observed_when_empty(df.sparkSession), **utc}):
        if not fields:
            parquet_writer(df).parquet(data_dir)
        else:
            df, names = with_partition_columns(df, fields)
            parquet_writer(df).partitionBy(*names).parquet(data_dir)
    return with_rows(list_files(data_dir, ".parquet"))


#: the adaptive optimizer's rule that replaces a plan whose input turns out empty by an empty relation, and drops
#: the plan's observations with it (an ``Observation`` of the rows written, as a keyed merge counts them, would
#: never be filled: a partitioned write of no rows)
_EMPTY_RELATION = "org.apache.spark.sql.execution.adaptive.AQEPropagateEmptyRelation"


def _observed_when_empty(spark) -> dict[str, str]:
    """The session's settings for a write whose rows are observed: :data:`_EMPTY_RELATION` left out, besides the
    rules the session leaves out already."""
    key = "spark.sql.adaptive.optimizer.excludedRules"
    excluded = [r for r in (spark.conf.get(key, None) or "").split(",") if r.strip()]
    return {} if _EMPTY_RELATION in excluded else {key: ",".join(excluded + [_EMPTY_RELATION])}


def with_rows(uris: list[str]) -> list[str]:
    """The Parquet files of ``uris`` that hold rows (their footers read a few at a time); the others deleted."""
    def rows(uri: str) -> int:
        system, path = filesystem(uri)
        with system.open_input_file(path) as stream:
            return pq.read_metadata(stream).num_rows

    with ThreadPoolExecutor(max_workers=max(1, min(16, len(uris)))) as pool:
        counts = list(pool.map(rows, uris))
    for uri, n in zip(uris, counts):
        if not n:
            system, path = filesystem(uri)
            system.delete_file(path)
    return [uri for uri, n in zip(uris, counts) if n]


@contextmanager
def removed_on_failure(data_dir: str):
    """A write into ``data_dir``, a directory of its own: when it fails (a full device, a task that failed), what it
    left there is removed (Spark's job removes its tasks' files, not the directory, and not always every file)."""
    try:
        yield
    except Exception:
        system, path = filesystem(data_dir)
        try:
            system.delete_dir(path)
        except OSError:  # (never created, or a file system that cannot be written: `widen gc` lists what stays)
            pass
        raise


#: the bytes of a string's bounds a Parquet file's statistics keep. Parquet drops a column chunk's statistics,
#: its null count with them, when its bounds take more than 4 KiB (a JSON value of 5 KB, or 20 MB): the table's
#: metrics would have no null count for the column, and ``widen stats`` would count its nulls as values. Bounds
#: cut to a prefix (the upper one rounded up) stay bounds; Iceberg's own metrics keep 16 characters.
STATISTICS_TRUNCATE_LENGTH = 64


def parquet_writer(df):
    """``df.write`` as Widen writes a table's files: never into a directory that exists, with Parquet's
    statistics kept for long values (:data:`STATISTICS_TRUNCATE_LENGTH`)."""
    return df.write.mode("error").option("parquet.statistics.truncate.length", str(STATISTICS_TRUNCATE_LENGTH))


def delete_files(tbl, files: list[str]) -> None:
    """Delete files of a write that was not committed (those already gone are skipped: `widen gc` lists whatever is
    left)."""
    for f in files:
        try:
            tbl.io.delete(f) if tbl is not None else None
        except Exception:  # already gone
            pass
