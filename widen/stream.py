"""Structured Streaming: every micro-batch is one batch of the engine, committed to Iceberg exactly once.

:func:`stream` starts a streaming query whose ``foreachBatch`` plans, writes and commits each micro-batch with
:func:`widen.ingest.write`. The query id (from the query's checkpoint, stable across restarts) and the micro-batch
id go into the Iceberg snapshot summary (``widen.stream.query-id``, ``widen.stream.batch-id``) and the table's
ledger (:mod:`widen.sink.ledger`, committed with the data). Spark replays a micro-batch after a failure between the
Iceberg commit and its own checkpoint commit; the replay finds its query's last committed batch in the ledger (which
outlives snapshot expiry) and is skipped, so every record lands once.

``widen ingest --watch DIR --checkpoint DIR`` runs it from the shell over a folder of JSON-lines (or Parquet)
files.
"""

from __future__ import annotations

import json
import re
import shutil
import sys
import tempfile
from pathlib import Path
from typing import Callable
from urllib.parse import unquote

from widen.sink.contract import for_write
from widen.errors import InputError
from widen.ingest import write
from widen.keyed import key_for_ingest
from widen.sink.catalog import load_table, open_table_catalog
from widen.sink.ledger import BATCH_ID, QUERY_ID  # the summary keys naming a micro-batch
from widen.sink.ledger import read
from widen.sink.partitioning import check_asked, parse_partition_by
from widen.sink.rescued import RESCUED_SUFFIX
from widen.sources import WATCHED_ROW, WATCHED_SOURCE  # the columns naming a watched line's file, row
from widen.sources.long_lines import blanked_copy, scan


def query_id(spark, checkpoint: str) -> str:
    """The streaming query's id, as its checkpoint's ``metadata`` file records it (written before the first
    micro-batch runs; the same after a restart from that checkpoint). Read through Spark's own Hadoop file system,
    so any checkpoint location Spark can use (``s3a://``, ``hdfs://``, ``file:/``, a relative path) works."""
    jvm = spark.sparkContext._jvm
    path = jvm.org.apache.hadoop.fs.Path(checkpoint.rstrip("/") + "/metadata")
    stream = path.getFileSystem(spark.sparkContext._jsc.hadoopConfiguration()).open(path)
    reader = jvm.java.io.BufferedReader(jvm.java.io.InputStreamReader(stream, "UTF-8"))
    try:
        return json.loads(reader.readLine())["id"]
    finally:
        reader.close()


def committed(tbl, query: str, batch_id: int):
    """The ledger entry showing micro-batch ``batch_id`` of query ``query`` committed (:mod:`widen.sink.ledger`; it
    survives snapshot expiry), or None."""
    return read(tbl).stream_batch(query, batch_id)


def stream(
    source,
    table: str,
    *,
    checkpoint: str,
    rules=None,
    mode: str | None = None,
    json_column: str | None = None,
    source_column: str | None = None,
    catalog: str | None = None,
    warehouse: str = "warehouse",
    progress: Callable[[str], None] | None = None,
    trigger: dict | None = None,
    query_name: str | None = None,
    on_batch: Callable[[int, object], None] | None = None,
    partition_by: str | None = None,
    watched: bool = False,
    key: str | None = None,
    order_by: str | None = None,
    delete_when: str | None = None,
    cdc: str | None = None,
):
    """Start a streaming query writing each micro-batch of ``source`` (a streaming DataFrame) to ``table``; returns
    the ``StreamingQuery``. ``json_column`` names a column of JSON text (``spark.readStream.text(dir)`` gives
    ``value``); without it the stream's columns are typed. ``trigger`` is passed to ``DataStreamWriter.trigger``
    (``{"availableNow": True}`` processes what is there and stops); ``on_batch(batch_id, report)`` is called
    after each micro-batch is committed; ``watched``: the stream is :func:`watch`'s lines of a folder's files,
    whose lines too long to read are rescued (:func:`without_long_lines`); ``key`` (``order_by``, ``delete_when``):
    each micro-batch an upsert (docs/keyed.md), its records ordered by their file and line (a watched folder's),
    or the micro-batch's row order; ``cdc="debezium"`` with ``key``: each text a Debezium change event (its row the
    record, ordered by its source position). Other arguments as for :func:`widen.ingest.write`.

    >>> # query = widen.stream(spark.readStream.text("landing/"), "db.events", checkpoint="chk/",
    >>> #                      json_column="value")
    >>> # query.awaitTermination()
    """
    say = progress or (lambda text: print(text, file=sys.stderr))
    cat = open_table_catalog(table, catalog, warehouse)
    if partition_by is not None:  # a mistake in it is said now, not at the first micro-batch
        check_asked(parse_partition_by(partition_by), load_table(cat, table), table)
    key_for_ingest(load_table(cat, table), table, key, order_by, delete_when, mode, cdc, typed=json_column is None)
    each = _MicroBatches(cat, table, checkpoint, say, on_batch, dict(
        rules=for_write(load_table(cat, table), rules, table), mode=mode, json_column=json_column, source_column=source_column, catalog=catalog,
        warehouse=warehouse, progress=say, partition_by=partition_by, watched=watched, key=key, order_by=order_by,
        delete_when=delete_when, cdc=cdc))
    writer = source.writeStream.foreachBatch(each).option("checkpointLocation", checkpoint)
    if query_name:
        writer = writer.queryName(query_name)
    if trigger:
        writer = writer.trigger(**trigger)
    return writer.start()


class _MicroBatches:
    """The ``foreachBatch`` function: each micro-batch written once, by :func:`widen.ingest.write`."""

    def __init__(self, cat, table: str, checkpoint: str, say, on_batch, options: dict):
        self.cat, self.table, self.checkpoint, self.say, self.on_batch = cat, table, checkpoint, say, on_batch
        self.options = options
        #: the stream is a watched folder's lines (``value``, ``_widen_source``: :func:`watch`)
        self.watched = options.pop("watched", False)

    def __call__(self, batch_df, batch_id: int) -> None:
        query = query_id(batch_df.sparkSession, self.checkpoint)
        tbl = load_table(self.cat, self.table)
        done = committed(tbl, query, batch_id) if tbl is not None else None
        if done is not None:
            self.say(f"micro-batch {batch_id}: already committed ({done.where()}); replay skipped")
            return
        # its rescued lines land first, with the same ids: a replay after they did (and the table did not, or had
        # nothing to take) does not rescue them twice
        rescued = load_table(self.cat, self.table + RESCUED_SUFFIX)
        rescued_done = rescued is not None and committed(rescued, query, batch_id) is not None
        if batch_df.isEmpty():
            return
        long_lines, copies = [], None
        if self.watched:  # (a folder's files: a line too long to read is rescued, not read)
            files = batch_files(batch_df.sparkSession, self.checkpoint, batch_id)
            batch_df, long_lines, copies = without_long_lines(batch_df, files)
        try:
            report = write(batch_df, self.table, batch=f"micro-batch {batch_id}", rescued_done=rescued_done,
                           summary={QUERY_ID: query, BATCH_ID: str(batch_id)}, long_lines=long_lines,
                           **self.options)
        finally:
            if copies is not None:
                shutil.rmtree(copies, ignore_errors=True)
        self.say(f"micro-batch {batch_id}: {report.counts()} "  # (the words of the batch line)
                 f"({report.seconds:.1f}s{report.engine_text()})"
                 + (f"; {report.keyed}" if report.keyed else ""))
        if self.on_batch is not None:
            self.on_batch(batch_id, report)


def batch_files(spark, checkpoint: str, batch_id: int) -> list[str]:
    """The files of a file stream's micro-batch, as its checkpoint's source log lists them (``sources/0/N``, or
    the ``N.compact`` file that holds every batch up to N: one JSON entry per file, with its ``batchId``): a
    micro-batch's DataFrame does not name its files (``inputFiles()`` is empty), and reading them to learn their
    names would read every line."""
    jvm = spark.sparkContext._jvm
    conf = spark.sparkContext._jsc.hadoopConfiguration()
    for name in (str(batch_id), f"{batch_id}.compact"):
        path = jvm.org.apache.hadoop.fs.Path(f"{checkpoint.rstrip('/')}/sources/0/{name}")
        fs = path.getFileSystem(conf)
        if not fs.exists(path):
            continue
        reader = jvm.java.io.BufferedReader(jvm.java.io.InputStreamReader(fs.open(path), "UTF-8"))
        try:
            lines = []
            while (line := reader.readLine()) is not None:
                lines.append(line)
        finally:
            reader.close()
        entries = [json.loads(line) for line in lines[1:] if line.strip()]  # (the first line: the log's version)
        return [e["path"] for e in entries if e.get("batchId") == batch_id]
    return []


def without_long_lines(batch_df, files: list[str]):
    """(the micro-batch, its lines too long to read as ``(source, LongLine)``, the directory of the copies read
    instead of their files, or None): a watched folder's ``files`` as an ingest reads them
    (:mod:`widen.sources.long_lines`): a file with such a line is read from a copy in which it is empty, named as the file;
    files no longer than the limit are not read for it."""
    from pyspark.sql import functions as F

    found = {}
    for uri in files:
        if uri.startswith("file:"):
            path = unquote(re.sub("^file:(//)?", "", uri))
            longs = scan(path)
            if longs:
                found[uri] = (path, longs)
    if not found:
        return batch_df, [], None
    spark, copies = batch_df.sparkSession, tempfile.mkdtemp(prefix="widen-lines-")
    named, paths = F.input_file_name(), []
    for uri in files:  # (the log's URIs are %-encoded; Spark reads a path as it is written)
        if uri in found:
            copy = blanked_copy(found[uri][0], found[uri][1], copies)
            named = F.when(F.input_file_name() == Path(copy).as_uri(), F.lit(uri)).otherwise(named)
            paths.append(copy)
        else:
            paths.append(unquote(re.sub("^file:(//)?", "", uri)) if uri.startswith("file:") else uri)
    frame = spark.read.option("ignoredPathSegmentRegex", "(?!)").text(paths).withColumn(WATCHED_SOURCE, named)
    return frame, [(uri, line) for uri, (_, longs) in found.items() for line in longs], copies


def watch(
    directory: str,
    table: str,
    *,
    checkpoint: str,
    spark,
    input_format: str = "json",
    once: bool = False,
    max_files: int | None = None,
    **kwargs,
):
    """Stream a folder: each micro-batch the files dropped into ``directory`` since the last one (JSON lines, or
    Parquet files whose schema is read from those present at start). Returns the started query."""
    from pyspark.sql import functions as F

    reader = spark.readStream
    if max_files:
        reader = reader.option("maxFilesPerTrigger", max_files)
    if input_format == "json":
        frame = reader.text(directory).withColumn(WATCHED_SOURCE, F.input_file_name())
        kwargs.update(json_column="value", source_column=WATCHED_SOURCE, watched=True)
    elif input_format == "parquet":
        try:
            schema = spark.read.parquet(directory).schema
        except Exception as exc:
            raise InputError(f"{directory}: no Parquet files to read a schema from yet ({exc.__class__.__name__}); "
                             "a typed stream needs one file present at start") from None
        frame = reader.schema(schema).parquet(directory)
        metadata = frame.metadataColumn("_metadata")  # (each row's file and row: a keyed write's order and rescue)
        frame = frame.select("*", metadata["file_path"].alias(WATCHED_SOURCE), metadata["row_index"].alias(WATCHED_ROW))
        kwargs.update(source_column=WATCHED_SOURCE)
    else:
        raise InputError(f"unknown input format '{input_format}' (json or parquet)")
    return stream(frame, table, checkpoint=checkpoint, trigger={"availableNow": True} if once else None, **kwargs)
