"""Spark jobs' small helpers: rows built on the driver as a DataFrame, and a job's failure to read a file as the
user's error."""

from __future__ import annotations

import re

import pyarrow as pa

from widen.errors import InputError


def rows_frame(spark, rows: list[tuple], columns: dict):
    """Rows built on the driver (tuples; ``columns``: name -> Arrow type) as a DataFrame, from an Arrow table, which
    the JVM reads itself: a list of Python tuples would be unpickled by a Python worker on an executor, and
    executors need no Python otherwise (tests/test_cluster.py)."""
    return spark.createDataFrame(pa.table([pa.array(c, t) for c, t in zip(zip(*rows), columns.values())],
                                          names=list(columns)))


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
