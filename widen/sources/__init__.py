"""Batches: a JSON-lines file (``.gz`` too) or a directory of them is one batch; its files' fingerprints; and a
batch's data as the write sees it, JSON lines (observed by the native pass or in Spark, or on the driver) or a typed
DataFrame (observed from its schema). :mod:`widen.sources.engines` chooses how a batch runs.

The modules, by job: :mod:`~widen.sources.files` (a batch's files, lines, fingerprints and checks),
:mod:`~widen.sources.kinds` (what a file is, from its first bytes),
:mod:`~widen.sources.source` (the :class:`Source` protocol, :class:`JsonLines`), :mod:`~widen.sources.driver` (the
driver engine), :mod:`~widen.sources.frames` (DataFrames of JSON texts), :mod:`~widen.sources.typed` (typed input),
:mod:`~widen.sources.observed` (a batch observed), :mod:`~widen.sources.spark_read` (reading in Spark),
:mod:`~widen.sources.long_lines`, :mod:`~widen.sources.engines`. The names other rooms import are importable from
here."""

from __future__ import annotations

from widen.errors import InputError
from widen.settings import bytes_setting
from widen.sources.driver import LINES_PER_WORKER, DriverLines, driver_rows, driver_workers, observe_files
from widen.sources.engines import SmallFiles, json_source, on_driver
from widen.sources.files import (
    CHANGED, DRIVER_BATCH_BYTES, SUFFIXES, WATCHED_ROW, WATCHED_SOURCE, Fingerprint, Line, batch_files, check_inputs,
    check_unchanged, driver_batch_bytes, file_lines, fingerprints, unique_contents,
)
from widen.sources.frames import FrameLines, rereadable
from widen.sources.source import LINE, SOURCE, VALUE, Delegating, JsonLines, Source
from widen.sources.typed import TypedFrame, TypedParts

__all__ = [
    "CHANGED", "DRIVER_BATCH_BYTES", "LINE", "LINES_PER_WORKER", "SOURCE", "SUFFIXES", "VALUE", "WATCHED_ROW",
    "WATCHED_SOURCE", "Delegating", "DriverLines", "Fingerprint", "FrameLines", "InputError", "JsonLines", "Line",
    "SmallFiles", "Source", "TypedFrame", "TypedParts", "batch_files", "bytes_setting", "check_inputs",
    "check_unchanged", "driver_batch_bytes", "driver_rows", "driver_workers", "file_lines", "fingerprints",
    "json_source", "observe_files", "on_driver", "rereadable", "unique_contents",
]
