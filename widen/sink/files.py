"""The batch's Parquet files: a directory of their own under the table's data, one directory per partition of a
partitioned table, and deleting those of a write no commit took."""

from __future__ import annotations

import uuid
from contextlib import contextmanager

from widen.sink.partitioning import with_partition_columns
from widen.sources.spark_read import filesystem, list_files


def data_directory(tbl) -> str:
    """A new directory of the table's data for one write's files (a directory of its own: no other commit's file
    can be among them)."""
    return f"{tbl.location().rstrip('/')}/data/widen-{uuid.uuid4().hex}"


def write_parquet(df, data_dir: str, fields=()) -> list[str]:
    """Write the batch's Parquet files (a partitioned table's one directory per partition:
    :mod:`widen.sink.partitioning`); returns their URIs."""
    with removed_on_failure(data_dir):
        if not fields:
            parquet_writer(df).parquet(data_dir)
        else:
            df, names = with_partition_columns(df, fields)
            parquet_writer(df).partitionBy(*names).parquet(data_dir)
    return list_files(data_dir, ".parquet")


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
